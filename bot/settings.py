"""Server settings a moderator configures, with their defaults (docs/play-by-post.md,
"Moderation")."""

from __future__ import annotations

from storage import Repository


class ServerSettings:
    def __init__(self, repo: Repository) -> None:
        self.repo = repo
