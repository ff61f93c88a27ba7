"""Discord cogs: thin adapters between interactions and the GameMaster (see DESIGN.md).
The bot loads one extension, `cogs.loader`, which loads every other cog."""
