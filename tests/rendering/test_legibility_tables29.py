"""Record of the Three Kingdoms and Three Kingdoms Redux overviews read on a phone (issue 29):
over whole seeded AI games (start, middle and end, in en, ko, ja and zh-CN; Record with 4
and 5 seats, Redux with its 3), no two texts collide, none leaves the page, and every text
is drawn at the phone floor or more.

Both overviews are tables of chips, not maps, so there are no place names to keep still
from one board to the next: the map-label stability check does not apply. Every text on
them is must-read (the headline's awaited seat and standings; each player's name, coins or
gold, hand, troops, cities and their points; Redux's bids, orders and nations' table), so
there is no exemption list: the floor holds for all of them. What does not fit at that
size is in a part, and the overview names the part (Record's compact form, Redux's count of
the actions left out).
"""

from __future__ import annotations

import pytest

from games.core.messages import msg
from rendering.kit.layout import OVERVIEW_HEIGHT
from rendering.kit.theme import PHONE_FLOOR
from rendering.record.overview import draw_overview
from rendering.record.words import Words
from tests.rendering.legibility import NAMES, Board, boards, collisions, outside, smaller_than
from tests.rendering.record import samples
from tests.rendering.scenes import scene

BOARDS = [*boards("record"), *boards("record", seats=5), *boards("redux")]
IDS = [f"{b.game}-{b.moment}-{b.locale}-{i}" for i, b in enumerate(BOARDS)]


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_no_two_texts_collide(board: Board) -> None:
    assert collisions(board.texts) == []


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_nothing_leaves_the_page_and_the_page_fits_two_megapixels(board: Board) -> None:
    assert outside(board.texts, board.width, board.height) == []
    assert board.width == 1280 and board.height <= OVERVIEW_HEIGHT


@pytest.mark.parametrize("board", BOARDS, ids=IDS)
def test_every_text_reads_at_the_phone_floor(board: Board) -> None:
    assert smaller_than(board.texts, PHONE_FLOOR) == []


def test_the_largest_tables_are_among_the_boards_read() -> None:
    """Record with 4 and 5 seats and Redux with 3, three moments, four languages each."""
    assert [b.game for b in BOARDS].count("record") == 2 * 3 * 4
    assert [b.game for b in BOARDS].count("redux") == 3 * 4


@pytest.mark.parametrize("locale", ["en", "ko", "ja", "zh-CN", "zh-TW"])
def test_the_record_overview_shows_each_lords_ability_or_names_the_part_that_does(
        locale: str) -> None:
    """A five-seat late table is too tall for the full form in some languages: the compact
    one leaves out the lords' abilities and the defenders' names, and says they are in the
    Player panels; where the full form fits, every ability is on it."""
    s = scene(samples.table("late", 5), NAMES, locale)
    _, texts = draw_overview(s, True)
    part = s.say(msg("record.part.players"))
    if [t for t in texts if part in t and t.size >= PHONE_FLOOR]:
        return
    words = Words(s, True)
    abilities = [words.ability(lord) for p in s.view["players"] for lord in p["lords"]
                 if "ability_en" in lord]
    assert abilities and all(any(a in t for t in texts) for a in abilities)
