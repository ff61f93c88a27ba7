"""Discord cogs: thin adapters between interactions and the GameMaster (see DESIGN.md)."""

EXTENSIONS: tuple[str, ...] = ("cogs.game", "cogs.moderation", "cogs.redux", "cogs.scythe",
                               "cogs.clock", "cogs.campaign")
