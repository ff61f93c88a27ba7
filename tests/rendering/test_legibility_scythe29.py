"""Scythe's boards for a phone (issue 29), read from the texts they draw: on the overview,
over a whole seeded AI game (start, middle, end) in en, ko, ja and zh-CN, no two texts
collide, none leaves the page, every one is at the phone floor, a hex's contents stay in
their hex, every controlled hex names its controller, the key names every seat, and a hex
id keeps its place from one board to the next; on the mats part every text lies inside
its tile.

Must-read here is every text of the overview: the headline, the hex ids, the unit,
structure and token signs, home base names and the key. None is exempt from the floor.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from typing import Any

import pytest

from games.core import get_game, make_agent
from rendering.kit import layout
from rendering.kit.canvas import Drawn
from rendering.kit.fonts import ELLIPSIS
from rendering.kit.scene import Scene
from rendering.kit.theme import PHONE_FLOOR
from rendering.scythe import front, mats
from rendering.scythe.map import Grid, spots
from rendering.scythe.parts import draw_part
from rendering.scythe.style import Table
from tests.rendering.legibility import (
    LOCALES,
    NAMES,
    boards,
    collisions,
    moments,
    outside,
    smaller_than,
)
from tests.rendering.scenes import scene

SEATS = 4
Box = tuple[float, float, float, float]


@pytest.fixture(scope="module")
def scythe_boards() -> list[Any]:
    return list(boards("scythe"))


def test_no_collisions_nothing_off_the_page_nothing_below_the_floor(scythe_boards) -> None:
    for board in scythe_boards:
        assert not collisions(board.texts), (str(board), collisions(board.texts)[:3])
        assert not outside(board.texts, board.width, board.height), str(board)
        assert not smaller_than(board.texts, PHONE_FLOOR), (str(board),
                                                            smaller_than(board.texts)[:3])
        assert board.width * board.height <= 2_000_000, str(board)


# -- the map, read with the grid it was drawn in ------------------------------------------
def drawn_with_grid(state: dict, locale: str,
                    monkeypatch: pytest.MonkeyPatch) -> tuple[list[Drawn], Grid, Table]:
    """The overview's texts, the map's grid and the table, for the public view of `state`."""
    game = get_game("scythe")
    seen: list[tuple[Grid, Table]] = []
    draw_map = front.draw_map

    def spy(c: Any, t: Table, g: Grid, *args: Any, **kwargs: Any) -> float:
        seen.append((g, t))
        return draw_map(c, t, g, *args, **kwargs)

    monkeypatch.setattr(front, "draw_map", spy)
    _, texts = front.draw_overview(scene(game.view(state, None), NAMES[:SEATS], locale,
                                         awaiting=tuple(sorted(game.to_act(state)))), True)
    monkeypatch.undo()
    return texts, *seen[-1]


def inside_hex(g: Grid, centre: tuple[float, float], box: Box) -> bool:
    """Whether the box's four corners lie inside the hex at `centre` (a 1 px allowance for
    anti-aliased ink)."""
    cx, cy = centre
    for x, y in ((box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])):
        dx, dy = abs(x - cx), abs(y - cy)
        if dx > g.w / 2 + 1 or dx / g.w + dy / g.s > 1 + 1 / g.s:
            return False
    return True


def hex_of(g: Grid, text: Drawn) -> tuple[str, tuple[float, float]] | None:
    """The hex whose centre is nearest the text's middle, when the middle is in a hex."""
    mx, my = (text.box[0] + text.box[2]) / 2, (text.box[1] + text.box[3]) / 2
    spot = min(spots(), key=lambda s: math.dist(g.centre(s), (mx, my)))
    centre = g.centre(spot)
    return (spot.id, centre) if inside_hex(g, centre, (mx, my, mx, my)) else None


def map_boards(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, list[Drawn], Grid,
                                                                   Table]]:
    for moment, state in moments("scythe", SEATS):
        for locale in LOCALES:
            yield (f"{moment} {locale}", *drawn_with_grid(state, locale, monkeypatch))


def test_a_hexs_contents_stay_in_their_hex(monkeypatch) -> None:
    """Every text whose middle is in a hex (its id, units, structure, tokens, a home base's
    name) lies wholly inside that hex."""
    for name, texts, g, _ in map_boards(monkeypatch):
        for text in texts:
            found = hex_of(g, text)
            if found is not None:
                assert inside_hex(g, found[1], text.box), (name, found[0], str(text), text.box)


def test_every_controlled_hex_names_its_controller(monkeypatch) -> None:
    """A control border is in its controller's colour; the hex also reads the controller's
    initial on its pieces or structure, so control is never told by colour alone."""
    for name, texts, g, t in map_boards(monkeypatch):
        inside: dict[str, list[str]] = {}
        for text in texts:
            found = hex_of(g, text)
            if found is not None:
                inside.setdefault(found[0], []).append(str(text))
        for place, owner in (t.view.get("control") or {}).items():
            initial = t.initial(int(owner))
            assert any(text.startswith(initial) for text in inside.get(place, [])), \
                (name, place, initial)


def test_the_key_names_every_seat_with_its_faction_and_the_marks(monkeypatch) -> None:
    for name, texts, _, t in map_boards(monkeypatch):
        for seat in range(SEATS):
            if t.faction(seat):
                assert any(t.faction_name(seat) in text and text != t.faction_name(seat)
                           for text in texts), (name, seat)
        for key in ("character", "mechs", "workers", "moved", "new"):
            assert t.say(f"key.{key}") in texts, (name, key)


def test_hex_ids_keep_their_place_from_one_board_to_the_next(monkeypatch) -> None:
    """The start and the board one action later: every hex id at the same place on the
    page (the map keeps its place whatever the headline says)."""
    game = get_game("scythe")
    state = game.setup(SEATS, {}, 3)
    seat = min(game.to_act(state))
    later, _ = game.apply(state, seat, make_agent("heuristic", 1).choose(game, state, seat))
    ids = {spot.id for spot in spots()}

    def boxes(s: dict) -> dict[str, Box]:
        texts, _, _ = drawn_with_grid(s, "en", monkeypatch)
        return {str(text): text.box for text in texts if text in ids}

    before, after = boxes(state), boxes(later)
    assert len(before) == 47 and before == after  # the 47 territories


# -- the mats part: every text inside its tile --------------------------------------------
def texts_by_tile(draw: Callable[[], list[Drawn]],
                  monkeypatch: pytest.MonkeyPatch) -> list[tuple[Drawn, Box]]:
    """Each text the mats part draws with the innermost tile (`layout.boxed`) around it."""
    tiles: list[tuple[Box, int, int]] = []
    boxed = layout.boxed

    def spy(c: Any, box: tuple[float, float, float], body: Any, *args: Any,
            **kwargs: Any) -> float:
        start = len(c.texts)
        bottom = boxed(c, box, body, *args, **kwargs)
        if not c.dry:
            tiles.append(((box[0], box[2], box[1], bottom), start, len(c.texts)))
        return bottom

    monkeypatch.setattr(mats, "boxed", spy)
    texts = draw()
    monkeypatch.undo()
    owner: dict[int, Box] = {}
    for tile, start, end in tiles:  # a tile's body returns before the tile around it
        for i in range(start, end):
            owner.setdefault(i, tile)
    return [(text, owner[i]) for i, text in enumerate(texts) if i in owner]


def mats_texts(page: Scene) -> list[Drawn]:
    return draw_part(page, "mats", True)[1]


@pytest.mark.parametrize("locale", LOCALES)
def test_every_text_of_the_mats_part_lies_inside_its_tile(locale: str, monkeypatch) -> None:
    game = get_game("scythe")
    for moment, state in moments("scythe", SEATS):
        for viewer in (None, 0):
            page = scene(game.view(state, viewer), NAMES[:SEATS], locale, seat=viewer)
            placed = texts_by_tile(partial(mats_texts, page), monkeypatch)
            assert placed, moment
            spills = [(str(text), text.box, tile) for text, tile in placed
                      if text.box[0] < tile[0] or text.box[1] < tile[1]
                      or text.box[2] > tile[2] or text.box[3] > tile[3]]
            assert not spills, (moment, viewer, spills[:3])


@dataclass(frozen=True)
class Posted:
    """One overview as posted during a game: its texts, its image's size and its map's grid."""

    turn: int
    texts: list[Drawn]
    size: tuple[int, int]
    grid: Grid


@functools.cache
def posted(locale: str, seed: int = 7) -> tuple[Posted, ...]:
    """Every overview of a seeded game as posted (after each turn, against the previous one,
    so moves are arrows signed with their mover's initial)."""
    game = get_game("scythe")
    state = game.setup(SEATS, {}, seed)
    agents = [make_agent("heuristic", seed + s) for s in range(SEATS)]
    previous, turn = game.view(state, None), state["turn_number"]
    out = []
    while game.result(state) is None:
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
        if state["turn_number"] == turn:
            continue
        turn, view = state["turn_number"], game.view(state, None)
        with pytest.MonkeyPatch.context() as patch:
            grids = spy_grids(patch)
            image, texts = front.draw_overview(
                scene(view, NAMES[:SEATS], locale, before=previous,
                      awaiting=tuple(sorted(game.to_act(state)))), True)
        out.append(Posted(turn, texts, image.size, grids[-1]))
        previous = view
    return tuple(out)


def spy_grids(patch: pytest.MonkeyPatch) -> list[Grid]:
    """The grids the overview draws its map in, from now on."""
    grids: list[Grid] = []
    draw_map = front.draw_map

    def spy(c: Any, t: Table, g: Grid, *args: Any, **kwargs: Any) -> float:
        grids.append(g)
        return draw_map(c, t, g, *args, **kwargs)

    patch.setattr(front, "draw_map", spy)
    return grids


def test_overviews_with_moves_keep_clear_of_collisions_over_a_whole_game() -> None:
    """Every overview of a seeded game as posted: no collision, nothing off the page,
    nothing below the floor, nothing cut short."""
    for board in posted("en"):
        texts = board.texts
        assert not collisions(texts), (board.turn, collisions(texts)[:2])
        assert not outside(texts, *board.size), board.turn
        assert not smaller_than(texts, PHONE_FLOOR), board.turn
        assert not [text for text in texts if ELLIPSIS in text], board.turn


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_at_most_a_rare_hex_of_a_whole_game_ends_in_a_plus(locale: str) -> None:
    """One chip per owner and hex ('N ◆ ■2 ●3') and one for its tokens leave all of a hex's
    signs at 29 px but on a rare few hexes (Rusviet's home base under its two-line name,
    holding the character, two mechs and seven workers, twice in Japanese): of the 81
    overviews of the seeded game, at most 3 have a hex that ends in '+' (86 of 162 in
    English and Japanese did with a token per kind of unit)."""
    crowded = [board.turn for board in posted(locale) if "+" in board.texts]
    assert len(crowded) <= 3, crowded


@pytest.mark.parametrize("locale", LOCALES)
def test_nothing_is_cut_short(locale: str, scythe_boards) -> None:
    """No text of an overview ends in an ellipsis: a home base's name too wide for its hex
    ('ルスヴィエト') takes two lines, the decision wraps between any two characters."""
    for board in scythe_boards:
        if board.locale == locale:
            assert not [text for text in board.texts if ELLIPSIS in text], str(board)


def test_the_map_keeps_its_place_from_the_start_to_the_end(monkeypatch) -> None:
    """The map is drawn in the same box at the start, middle and end of a game in every
    language, and on every overview posted during the game, so two consecutive boards
    line up hex for hex whatever the headline above says."""
    for locale in LOCALES:
        grids = {drawn_with_grid(state, locale, monkeypatch)[1] for _, state in
                 moments("scythe", SEATS)}
        assert len(grids) == 1, (locale, grids)
    assert len({board.grid for board in posted("en")}) == 1
