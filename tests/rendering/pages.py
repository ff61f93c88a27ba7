"""What the rendering tests of the board games do the same way on every game's pages: draw
a game's overview and parts from its engine's states (`Drawing`), check an overview fits a
phone's page (issue 18), and that no text is drawn, nor may shrink, below the headline's
36 px or the body's 24 px."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pytest
from PIL import Image

import rendering
from games.core import Game
from rendering.kit.canvas import Canvas, Page
from rendering.kit.headline import HEAD_TEXT
from rendering.kit.ink import ReusingCanvas
from tests.rendering.scenes import scene

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_W, MAX_H = rendering.OVERVIEW_MAX
BODY_FLOOR = 24


@dataclass(frozen=True)
class Drawing:
    """A game's overview and parts drawn for its tests from the engine's states, with the
    CJK fonts, the seats named by `names(count)` unless readers are given."""

    game: Game
    names: Callable[[int], list[str]]
    overview: Callable[..., Page]  # the game's draw_overview(scene, cjk=...)
    part: Callable[..., Page]  # the game's draw_part(scene, name, cjk=...)

    def view(self, state: dict, seat: int | None = None) -> dict[str, Any]:
        return self.game.view(state, seat)

    def over(self, state: dict, locale: str = "en", before: dict | None = None,
             readers: list[str] | None = None) -> Page:
        """The overview awaiting whoever is to act, with what changed since `before`."""
        who = readers or self.names(len(state["players"]))
        return self.overview(scene(self.view(state), who, locale,
                                   before=None if before is None else self.view(before),
                                   awaiting=tuple(sorted(self.game.to_act(state)))), cjk=True)

    def part_texts(self, state: dict, name: str, seat: int | None = None,
                   locale: str = "en") -> list[str]:
        """The strings drawn on the part `name`, from `seat`'s own view (public when None)."""
        return [*self.part(scene(self.view(state, seat), self.names(len(state["players"])),
                                 locale, seat=seat), name, cjk=True)[1]]


def assert_fits_a_phone_page(data: bytes, moment: str) -> None:
    """A PNG at most OVERVIEW_MAX, portrait at most 4:5 (`moment` names it on a failure)."""
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        assert image.width <= MAX_W and image.height <= MAX_H, moment
        assert image.height * 4 <= image.width * 5  # portrait at most 4:5


@dataclass
class Floors:
    """The smallest size each text drawn may be shrunk to, inside the headline or in the
    body, as `spy_floors` saw them."""

    seen: list[tuple[bool, int]] = field(default_factory=list)
    in_headline: bool = False

    @property
    def head(self) -> list[int]:
        return [size for inside, size in self.seen if inside]

    @property
    def body(self) -> list[int]:
        return [size for inside, size in self.seen if not inside]

    def assert_readable(self) -> None:
        """Both were drawn, the headline's at 36 px or more and the body's at 24 px or more."""
        assert self.head and min(self.head) >= HEAD_TEXT
        assert self.body and min(self.body) >= BODY_FLOOR


def spy_floors(monkeypatch: pytest.MonkeyPatch, front: ModuleType,
               canvases: Iterable[type[Canvas]] = (Canvas, ReusingCanvas)) -> Floors:
    """Spies on the canvases' `text` (a reusing canvas draws its own) and on the game's
    `front.draw_headline`, and returns what they record: a text that may shrink
    (`max_width`) counts the size it may shrink to, any other its size; dry runs, which
    only measure, are not counted."""
    floors = Floors()

    def spy(original: Callable[..., Any]) -> Callable[..., Any]:
        def text(self: Canvas, x: float, y: float, value: str, size: int = 20, *args: Any,
                 **kwargs: Any) -> Any:
            if not self.dry:
                shrinkable = kwargs.get("max_width") is not None
                floor = min(size, kwargs.get("min_size", 18)) if shrinkable else size
                floors.seen.append((floors.in_headline, floor))
            return original(self, x, y, value, size, *args, **kwargs)
        return text

    original_headline = front.draw_headline

    def headline(*args: Any, **kwargs: Any) -> Any:
        floors.in_headline = True
        try:
            return original_headline(*args, **kwargs)
        finally:
            floors.in_headline = False

    for kind in canvases:
        monkeypatch.setattr(kind, "text", spy(kind.text))
    monkeypatch.setattr(front, "draw_headline", headline)
    return floors
