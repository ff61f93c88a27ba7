"""The web table: a game's live, zoomable board with its history, standings and events in
the reader's language, for everyone (public) and for each player by a signed link (their
own view). It reads games through the service only, beside the cogs (docs/deploying.md,
"The web table")."""
