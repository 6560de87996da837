"""The slash commands every game's command group shares (``GameCommands`` and the seat, clock,
history, stats and server-settings classes it is made of), and the Rematch button."""
