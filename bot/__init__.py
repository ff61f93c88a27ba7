"""The GameMaster service, the Discord client and the terminal (`python -m bot`)."""
