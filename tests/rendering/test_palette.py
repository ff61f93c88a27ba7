"""Owners are never told by colour alone, and their colours stay apart for every eye: any two
of the first five seats' colours differ by CIEDE2000 >= 15 in normal vision and under the
Machado (2009) protanopia, deuteranopia and tritanopia simulations, in the kit's palette, in
the colours each game draws its seats in, and in the pixels of the headline as drawn."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from rendering.kit import theme
from rendering.kit.theme import (
    BG,
    DARK_TEXT,
    PANEL,
    SEAT_COLORS,
    TILE,
    contrast,
    ink_on,
    seat_sign,
)
from tests.rendering.colorsight import RGB, VISIONS, ciede2000, closest, difference, rgb
from tests.rendering.scenes import scene

APART = 15.0  # CIEDE2000, the goal of the issue
FIVE = 5


def _assert_apart(colours: list[RGB], what: str) -> None:
    """Every pair apart in every vision; the message names the closest pair."""
    for vision, (d, i, j) in closest(colours).items():
        assert d >= APART, f"{what}: colours {i} and {j} are {d:.1f} apart in {vision}"


def test_the_simulation_and_the_difference_match_their_references() -> None:
    # Sharma, Wu and Dalal (2005), pairs 1 and 17; Machado's deuteranopia sees pure red and
    # pure green alike (the complaint about the old palette), and leaves grey grey
    assert ciede2000((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert ciede2000((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert difference(rgb("#ff0000"), rgb("#00ff00")) > 80
    assert difference(rgb("#e8665d"), rgb("#4fc07a"), "deuteranopia") < APART
    for vision in VISIONS:
        assert difference(rgb("#808080"), rgb("#808080"), vision) == pytest.approx(0, abs=1e-6)


def test_the_seats_palette_stays_apart_for_every_eye() -> None:
    _assert_apart([rgb(c) for c in SEAT_COLORS[:FIVE]], "kit seat colours")


def test_every_seat_colour_carries_dark_text_and_reads_on_the_panels() -> None:
    for colour in SEAT_COLORS:
        assert ink_on(colour) == DARK_TEXT
        assert contrast(colour, DARK_TEXT) >= 6  # a name on the awaited chip
        assert contrast(colour, PANEL) >= 4.5  # a chip's outline, a name on a panel


def test_seats_beyond_five_are_told_apart_by_their_number() -> None:
    assert theme.seat_color(0) == theme.seat_color(FIVE)
    assert seat_sign(0) == "1" != seat_sign(FIVE) == "6"


def test_ink_picks_the_text_that_contrasts_more() -> None:
    assert ink_on("#ee7733") == DARK_TEXT  # the brightness rule put white on it, at 2.8:1
    assert ink_on("#2b2d33") == theme.TEXT and ink_on("#f5f5f0") == DARK_TEXT


def test_tang_colours_first_five_stay_apart() -> None:
    from rendering.tang.style import PIECES

    chosen = list(PIECES.values())[:FIVE]
    _assert_apart([rgb(fill) for fill, _, _ in chosen], "Tang pieces")
    _assert_apart([rgb(accent) for _, _, accent in chosen], "Tang accents")
    for fill, ink, _ in PIECES.values():
        assert contrast(fill, ink) >= 4.5, fill


def test_scythe_factions_stay_apart() -> None:
    from rendering.scythe.style import ACCENTS, PIECE_COLORS

    _assert_apart([rgb(fill) for fill, _, _ in PIECE_COLORS.values()], "Scythe pieces")
    _assert_apart([rgb(c) for c in ACCENTS.values()], "Scythe accents")


def test_a_wargame_players_nation_is_drawn_in_its_seats_colour_with_its_number() -> None:
    from rendering.wargame.style import Table
    from tests.rendering.wargame.samples import GAME, moments, names

    view = GAME.view(moments(FIVE)["middle"], None)
    t = Table(scene(view, names(FIVE)))
    nations = [t.nation_of(seat) for seat in range(FIVE)]
    assert all(nations) and len(set(nations)) == FIVE
    assert [t.colour(n) for n in nations] == list(SEAT_COLORS)
    assert [t.sign(n) for n in nations] == ["1", "2", "3", "4", "5"]
    minors = [n for n in t.nations() if n not in nations]
    assert minors and all(t.sign(n) is None for n in minors)
    _assert_apart([rgb(c) for c in t.colors()], "wargame seats")


# -- the pixels -------------------------------------------------------------------------------
def _runs(image: Image.Image, top: int, bottom: int, least: int = 40) -> set[tuple[int, ...]]:
    """The colours of every run of at least `least` equal pixels along the rows from `top` to
    `bottom`: the fills and outlines of the chips (text makes no long runs)."""
    rgb_image = image.convert("RGB")
    found: set[tuple[int, ...]] = set()
    for y in range(top, bottom):
        row = [rgb_image.getpixel((x, y)) for x in range(rgb_image.width)]
        start = 0
        for x in range(1, len(row) + 1):
            if x == len(row) or row[x] != row[start]:
                if x - start >= least:
                    found.add(tuple(row[start]))  # type: ignore[arg-type]
                start = x
    ground = {tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in (BG, PANEL, TILE)}
    return found - ground


def _headline_span(module: Any, monkeypatch: pytest.MonkeyPatch) -> Callable[[], tuple[int,
                                                                                      int]]:
    """Spies on a front's `draw_headline`: where the last drawn headline began and ended."""
    spans: list[tuple[int, int]] = []
    original = module.draw_headline

    def spy(c: Any, s: Any, head: Any, x: float, y: float, width: float) -> float:
        bottom = original(c, s, head, x, y, width)
        if not c.dry:
            spans.append((round(y), round(bottom)))
        return bottom

    monkeypatch.setattr(module, "draw_headline", spy)
    return lambda: spans[-1]


def _tang_board() -> tuple[Any, dict[str, Any], list[str]]:
    import rendering.tang.front as front
    from games.core import get_game
    from rendering.tang.style import PIECES
    from tests.rendering.tang.samples import moments, names

    view = copy.deepcopy(get_game("tang").view(moments(FIVE)["middle"], None))
    for player, colour in zip(view["players"], list(PIECES)[:FIVE], strict=True):
        player["color"] = colour  # the first five colours, whatever the sample chose
    return front, view, names(FIVE)


def _wargame_board() -> tuple[Any, dict[str, Any], list[str]]:
    import rendering.wargame.front as front
    from tests.rendering.wargame.samples import GAME, moments, names

    return front, GAME.view(moments(FIVE)["middle"], None), names(FIVE)


@pytest.mark.parametrize("board", [_tang_board, _wargame_board], ids=["tang", "wargame"])
def test_the_headline_seat_chips_as_drawn_stay_apart(board: Callable[[], Any],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    front, view, names = board()
    span = _headline_span(front, monkeypatch)
    image, _ = front.draw_overview(scene(view, names, awaiting=tuple(range(FIVE))))
    colours = _runs(image, *span())
    assert len(colours) == FIVE, colours  # each seat's fill (awaited) and outline (standing)
    _assert_apart([rgb(c) for c in colours], "headline chips as drawn")


# -- the second sign ---------------------------------------------------------------------------
def _marked(seat: int) -> str:
    """A seat's sign no other text on a board can be: counting it counts the signs drawn."""
    return f"<{seat + 1}>"


def test_every_tang_city_a_seat_holds_carries_its_number(monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    import rendering.tang.map as tang_map

    monkeypatch.setattr(tang_map, "seat_sign", _marked)
    front, view, names = _tang_board()
    _, texts = front.draw_overview(scene(view, names))
    held = [int(c["controller"]) for c in view["cities"].values()
            if c.get("controller") is not None]
    capitals = [int(p["seat"]) for p in view["players"] if p.get("capital")]
    assert held
    for seat in range(FIVE):
        pills_and_flags = held.count(seat) + capitals.count(seat)
        assert texts.count(_marked(seat)) == pills_and_flags, seat
    besieging = [(int(s), n) for c in view["cities"].values()
                 for s, n in (c.get("armies") or {}).items()
                 if n and c.get("controller") is not None and int(s) != c["controller"]]
    for seat, n in besieging:
        assert f"{_marked(seat)}·{n}" in texts


def test_every_wargame_area_a_player_runs_carries_its_seats_number(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import rendering.wargame.style as style

    monkeypatch.setattr(style, "seat_sign", _marked)
    front, view, names = _wargame_board()
    t = style.Table(scene(view, names))
    _, texts = front.draw_overview(scene(view, names))
    for seat in range(FIVE):
        nation = t.nation_of(seat)
        ruled = [a for a, spot in view["areas"].items() if spot.get("control") == nation]
        assert ruled and texts.count(_marked(seat)) == len(ruled), seat
    minors = {n for n in view["nations"] if t.seat_of(n) is None}
    assert any(spot.get("control") in minors for spot in view["areas"].values())


# -- the key -----------------------------------------------------------------------------------
@pytest.mark.parametrize("locale", ["en", "ko", "zh-CN", "zh-TW", "ja"])
def test_the_wargame_overview_keys_every_seat_minor_nation_and_sign(locale: str) -> None:
    from bot.i18n import t as say
    from rendering.wargame.key import key_chips
    from rendering.wargame.style import Table, short

    front, view, names = _wargame_board()
    drawn = scene(view, names, locale)
    table = Table(drawn)
    _, texts = front.draw_overview(drawn)
    key = key_chips(front.ReusingCanvas(1280, 1, True, dry=True), table)
    assert all(text in texts for text, _, _ in key)
    for seat in range(FIVE):
        nation = short(table.power(str(table.nation_of(seat))))
        chip = next(c for c in key if c[0].startswith(f"{seat + 1} = {names[seat]}"))
        assert nation in chip[0] and chip[1] == SEAT_COLORS[seat]
    minors = [n for n in view["nations"] if view["nations"][n].get("alive")
              and table.seat_of(n) is None]
    assert minors and all(any(short(table.power(n)) in c[0] and c[1] == table.colour(n)
                              for c in key) for n in minors)
    if locale != "en":
        english = {say("wargame.board.key.nobody", "en"),
                   say("wargame.board.key.signs", "en")}
        assert not english & set(texts)
