"""Campaigns: leagues and tournaments of games in one server (docs/play-by-post.md,
"Campaigns")."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.service import GameMaster


class Campaigns:
    def __init__(self, gm: GameMaster) -> None:
        self.gm = gm
