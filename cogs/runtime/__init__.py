"""The bot process: the ``GameBot`` that wires the service, the tables and the command groups
together, starting and stopping like a service, the HTTP status server, and the games the bot
hosts."""
