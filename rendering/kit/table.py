"""`SceneTable`: the scene a game's image is drawn from, with what every game's `Table`
reads the same way (the view, its captions in the reader's language, the seats' names).

A game's `Table` extends it with its own lookups and names its captions' catalog prefix
(`PREFIX`, e.g. "tang.board."), so `say("vs")` finds `tang.board.vs` in the game's
board.toml and no caption of one game is looked up under another's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from games.core.messages import Msg, Param, msg
from rendering.kit.canvas import Canvas
from rendering.kit.scene import Scene
from rendering.kit.views import player_name


@dataclass(frozen=True)
class SceneTable:
    """The scene being drawn, with the wording every image needs."""

    PREFIX: ClassVar[str] = ""  # the game's captions' keys begin so ("wargame.board.")

    scene: Scene

    @property
    def view(self) -> dict[str, Any]:
        return self.scene.view

    def say(self, key: str, /, **params: Param) -> str:
        """A caption of the game's board.toml (`PREFIX` + `key`) in the reader's language."""
        return self.scene.say(msg(f"{self.PREFIX}{key}", **params))

    def said(self, message: Msg) -> str:
        """A message of any catalog (an engine's Term or line) in the reader's language."""
        return self.scene.say(message)

    def players(self) -> list[dict[str, Any]]:
        return list(self.view.get("players") or [])

    def name(self, c: Canvas, seat: int) -> str:
        """The seat's display name, cleaned of what the canvas cannot draw."""
        return player_name(self.scene.names, seat, c)
