"""The Rattus Cartus table picture."""
