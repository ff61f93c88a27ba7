"""What a renderer draws from: a `Scene`, the same for every game and every image.

The view in a scene is already worded: every message the engine put in it is a string in
the reader's language (the service words it). `say` words the renderer's own captions (a
`Msg` of the game's catalog, `<game>.board.…`), so a board speaks the thread's language
while the drawing kit never reads a catalog itself: the service hands in its reader, which
is plain data and so crosses into a rendering process.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from games.core.messages import Said


class Speech(Protocol):
    """Words a message in the reader's language (the service's i18n Reader)."""

    def __call__(self, said: Said, /) -> str: ...


@dataclass(frozen=True)
class Scene:
    """`view`: the public view (or, for a seat's own part, that seat's view: then `seat` is
    that seat). `before`: the public view when the table's previous overview was posted
    (None for the first), so an overview can mark what changed since. `awaiting`: the
    seats that owe a decision now."""

    view: dict[str, Any]
    names: list[str]
    say: Speech
    before: dict[str, Any] | None = None
    awaiting: tuple[int, ...] = ()
    seat: int | None = None
