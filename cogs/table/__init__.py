"""The table in the channels, shared by every game: lobby and table messages, their buttons and
selects, a player's controls and secrets, computer turns, clock notices and start-up repair.
What differs per game comes from its ``Presenter`` (``cogs.table.presenters``)."""
