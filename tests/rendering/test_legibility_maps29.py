"""Issue 29 on the two map games, Tang and the wargame: their overviews, over a whole seeded AI
game (start, middle, end) in English, Korean, Japanese and Simplified Chinese, read the way a
phone reader reads them.

Every text these overviews draw is must-read, so none is exempt from the phone floor: the
headline (round, who is awaited, standings), the tracks (round, 民生 and its markers: a seat's
own resource), the map's names, counts, seat numbers, diamonds and besiegers' chips, and the
key that says which colour and number is whom.

A map name the overview has no free place for (the crowded middle of both maps has less room
than its English names take at 29 px) is left off the overview, never drawn over something,
and named on the map part instead; the test checks that it is.
"""

from __future__ import annotations

import copy

import pytest

from games.core import get_game, make_agent
from rendering.kit.canvas import Drawn
from rendering.kit.theme import PHONE_FLOOR
from tests.rendering.legibility import (
    LOCALES,
    NAMES,
    Board,
    boards,
    collisions,
    moments,
    outside,
    smaller_than,
)
from tests.rendering.scenes import scene

GAMES = ("tang", "wargame")
# The tables drawn: the usual 4 seats, the fewest, many, and the wargame's most (11: its
# headline and key are the tallest, so its map the smallest and most crowded).
SEATS = (4, 2, 8, 11)


@pytest.fixture(scope="module", params=[(game, seats) for game in GAMES for seats in SEATS
                                        if seats <= get_game(game).max_players],
                ids=lambda param: f"{param[0]}-{param[1]}")
def drawn(request: pytest.FixtureRequest) -> list[Board]:
    game, seats = request.param
    return list(boards(game, seats=seats))


def test_no_two_texts_collide(drawn: list[Board]) -> None:
    """At every table size: the 11-seat wargame's neighbouring areas once covered each
    other's counts and plates (its map is nudged apart and takes the picks' room)."""
    for board in drawn:
        assert not [(str(a), a.box, str(b), b.box) for a, b in collisions(board.texts)], board


def test_nothing_leaves_the_page_and_the_page_is_at_most_2_megapixels(
        drawn: list[Board]) -> None:
    for board in drawn:
        assert board.width == 1280 and board.width * board.height <= 2_000_000, board
        assert not outside(board.texts, board.width, board.height), board


def test_every_text_is_at_the_phone_floor(drawn: list[Board]) -> None:
    """No exemption: every text of these overviews is must-read (see the module's doc)."""
    for board in drawn:
        assert not [(str(t), t.size) for t in smaller_than(board.texts, PHONE_FLOOR)], board


def _map_names(game: str, view: dict, locale: str) -> dict[str, str]:
    """Each place's name as its map draws it, in `locale`."""
    if game == "tang":
        from rendering.tang.style import Table as TangTable
        tang = TangTable(scene(view, NAMES[:4], locale))
        return {cid: tang.city_short(cid) for cid in view["cities"]}
    from rendering.wargame.style import Table as WargameTable
    from rendering.wargame.style import short
    war = WargameTable(scene(view, NAMES[:4], locale))
    return {aid: short(war.area(aid)) for aid in view["areas"]}


def _overview(game: str, view: dict, locale: str) -> list[Drawn]:
    from rendering.tang.front import draw_overview as tang
    from rendering.wargame.front import draw_overview as wargame
    draw = tang if game == "tang" else wargame
    return draw(scene(view, NAMES[:4], locale), True)[1]


def _map_part(game: str, view: dict, locale: str) -> list[Drawn]:
    from rendering.tang.parts import draw_part as tang
    from rendering.wargame.parts import draw_part as wargame
    draw = tang if game == "tang" else wargame
    return draw(scene(view, NAMES[:4], locale), "map", True)[1]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", LOCALES)
def test_a_name_the_overview_leaves_off_is_on_the_map_part_at_the_floor(game: str,
                                                                         locale: str) -> None:
    rules = get_game(game)
    view = rules.view(rules.setup(4, {}, 3), None)
    names = _map_names(game, view, locale)
    on_overview = {str(t) for t in _overview(game, view, locale)}
    part = _map_part(game, view, locale)
    left_off = [pid for pid, name in names.items() if name not in on_overview]
    assert len(left_off) <= len(names) // 2, left_off  # most names stay on the overview
    sizes = {str(t): t.size for t in part}
    assert all(sizes.get(names[pid], 0) >= PHONE_FLOOR for pid in left_off), left_off
    assert not collisions(part)


def _one_action_later(game: str, moment: str) -> tuple[dict, dict]:
    """The views at a moment of a seeded AI game (legibility.moments) and one action later."""
    rules = get_game(game)
    state = copy.deepcopy(dict(moments(game))[moment])
    before = copy.deepcopy(state)
    seat = min(rules.to_act(state))
    state, _ = rules.apply(state, seat, make_agent("heuristic", 93 + seat).choose(
        rules, state, seat))
    return rules.view(before, None), rules.view(state, None)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ("en", "zh-CN"))
@pytest.mark.parametrize("moment", ("start", "middle"))
def test_a_name_keeps_its_box_from_one_board_to_the_next(game: str, locale: str,
                                                         moment: str) -> None:
    """The names are placed off the boxes a place's signs may take, not off a board's
    pieces, and the map's size and place are worked out for the headline in play: one
    action later every name shown on both boards stands where it stood."""
    first, second = _one_action_later(game, moment)
    names = set(_map_names(game, first, locale).values())
    boxes = [{str(t): t.box for t in _overview(game, view, locale) if str(t) in names}
             for view in (first, second)]
    common = set(boxes[0]) & set(boxes[1])
    assert len(common) >= len(names) // 2
    assert {n: boxes[0][n] for n in common} == {n: boxes[1][n] for n in common}
