"""What a phone reader needs of a board, read from the texts a renderer drew (issue 29): no
two texts collide, none leaves the page, and what must be read is drawn at the phone floor.

Every text a canvas draws is a `rendering.kit.canvas.Drawn` (the string, the box its ink
covers, its font size), so these checks read the boards exactly as they were drawn. The
boards come from whole seeded AI games of every game, at their start, middle and end
(`boards`), drawn in the languages players read.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from games.core import get_game, make_agent
from rendering.kit.canvas import Drawn, Page
from rendering.kit.scene import Scene
from rendering.kit.theme import PHONE_FLOOR
from tests.rendering.scenes import scene

SLACK = 1  # px two ink boxes may share (anti-aliased edges touch)
LOCALES = ("en", "ko", "ja", "zh-CN")
NAMES = ["Alice", "Bartholomew", "劉玄德", "Dana", "Eve"]
MOST_ACTIONS = 6000


def overlap(a: Drawn, b: Drawn) -> int:
    """How many px the two ink boxes share along the shorter of the two axes (0: apart)."""
    across = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
    down = min(a.box[3], b.box[3]) - max(a.box[1], b.box[1])
    return max(0, min(across, down))


def collisions(texts: Sequence[Drawn]) -> list[tuple[Drawn, Drawn]]:
    """Every pair of texts whose ink overlaps by more than `SLACK` px (a sweep over x)."""
    order = sorted((t for t in texts if t.strip()), key=lambda t: t.box[0])
    found = []
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if b.box[0] >= a.box[2]:
                break
            if overlap(a, b) > SLACK:
                found.append((a, b))
    return found


def outside(texts: Sequence[Drawn], width: int, height: int) -> list[Drawn]:
    """The texts whose ink leaves the page."""
    return [t for t in texts if t.box[0] < 0 or t.box[1] < 0 or t.box[2] > width
            or t.box[3] > height]


def smaller_than(texts: Sequence[Drawn], floor: int = PHONE_FLOOR) -> list[Drawn]:
    return [t for t in texts if t.strip() and t.size < floor]


@dataclass(frozen=True)
class Board:
    """One overview as drawn: which game, moment and language, its image's size and texts."""

    game: str
    moment: str
    locale: str
    width: int
    height: int
    texts: tuple[Drawn, ...]

    def __str__(self) -> str:
        return f"{self.game} {self.moment} {self.locale}"


def _overviews() -> dict[str, Callable[[Scene], Page]]:
    """Each game's overview drawer that returns the texts it drew."""
    from rendering.record.overview import draw_overview as record
    from rendering.redux import drawn_overview as redux
    from rendering.scythe.front import draw_overview as scythe
    from rendering.tang.front import draw_overview as tang
    from rendering.wargame.front import draw_overview as wargame

    return {"record": lambda s: record(s, True), "redux": lambda s: redux(s, True),
            "scythe": lambda s: scythe(s, True), "tang": lambda s: tang(s, True),
            "wargame": lambda s: wargame(s, True)}


@functools.cache
def moments(game_name: str, seats: int = 4, seed: int = 3) -> tuple[tuple[str, dict], ...]:
    """A whole heuristic game's start, middle (half its actions in) and end states."""
    game = get_game(game_name)
    state = game.setup(seats, {}, seed)
    agents = [make_agent("heuristic", seed * 31 + s) for s in range(seats)]
    played = [copy.deepcopy(state)]
    while game.result(state) is None and len(played) < MOST_ACTIONS:
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
        played.append(state)
    return (("start", played[0]), ("middle", played[len(played) // 2]), ("end", state))


def boards(game_name: str, locales: Sequence[str] = LOCALES, seats: int = 4) -> Iterator[Board]:
    """The game's overview at the start, middle and end of a whole AI game, per locale."""
    game = get_game(game_name)
    seats = max(game.min_players, min(seats, game.max_players))
    draw = _overviews()[game_name]
    for moment, state in moments(game_name, seats):
        view = game.view(state, None)
        for locale in locales:
            image, texts = draw(scene(view, NAMES[:seats], locale,
                                      awaiting=tuple(sorted(game.to_act(state)))))
            yield Board(game_name, moment, locale, image.width, image.height, tuple(texts))
