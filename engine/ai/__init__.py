"""The games' own computer players: rules of thumb ("easy") and the search ("strong").

Each game's spec (``engine.spec``) names its players here; ``engine.computers`` picks the one a
seat's level asks for (``computers.computer("rattus", level="strong", seed=1)``). The search
(``engine.ai.search``) draws whole games a seat's view could come from and plays each
candidate out.
"""
