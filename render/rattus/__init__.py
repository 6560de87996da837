"""The Rattus board picture: the map of regions, the pieces on it and the players' panel."""
