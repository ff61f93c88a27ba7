"""The Redux overview (issue 18): within OVERVIEW_MAX at the start, the middle and the end of a
real game; its headline at 36 px or more and its body at 24 px or more; the standings are the
engine's R12 score of the table as it stands, with their change; what changed since the
previous overview is worded; and it speaks the reader's language."""

from __future__ import annotations

import copy

import pytest

from bot.i18n import Reader
from bot.service.announce import worded
from games.core import get_game
from games.redux import scoring
from rendering import OVERVIEW_MAX
from rendering.kit import headline as kit_headline
from rendering.kit.fonts import is_cjk_char
from rendering.kit.ink import ReusingCanvas
from rendering.redux import body, drawn_overview, overview
from rendering.redux.changes import changes
from rendering.redux.standing import vp_now
from rendering.redux.style import Table
from tests.languages import english_runs
from tests.rendering.redux import samples
from tests.rendering.redux.save_overviews import NAMES, moments
from tests.rendering.scenes import scene
from tests.wording import english


@pytest.fixture(scope="module")
def played() -> dict:
    """Start, middle and end of one seeded game, each with the previous phase's view."""
    return moments()


def words(view: dict, locale: str) -> dict:
    """The view as the service hands it over: every message in it worded."""
    return worded(view, Reader(locale, tuple(NAMES)))


def earlier(view: dict | None, locale: str) -> dict | None:
    """The previous overview's view, worded alike (None before the first)."""
    return None if view is None else words(view, locale)


def test_overview_fits_overview_max_at_start_middle_and_end(played) -> None:
    """Redux seats exactly three, so its smallest and largest tables are the same."""
    assert set(played) == {"start", "middle", "end"}
    for name, (public, before, _own, awaiting) in played.items():
        for locale in ("en", "ko"):
            image = overview(scene(words(public, locale), NAMES, locale,
                                   before=earlier(before, locale), awaiting=awaiting))
            assert image.width <= OVERVIEW_MAX[0] and image.height <= OVERVIEW_MAX[1], name
            assert image.height * 4 <= image.width * 5, name  # portrait at most 4:5


@pytest.mark.parametrize("kind", sorted(samples.SAMPLES))
def test_every_sample_overview_fits_with_the_longest_names(kind: str) -> None:
    names = ["W" * 80, "Bartholomew the Unbelievably Verbose Strategist " * 3, "劉玄德" * 20]
    view = samples.public_view(samples.SAMPLES[kind]())
    image = overview(scene(view, names, before=samples.public_view(samples.late_game()),
                           awaiting=(0, 1, 2)))
    assert image.size[0] <= OVERVIEW_MAX[0] and image.size[1] <= OVERVIEW_MAX[1]


def test_a_crowded_bidding_counts_the_actions_that_do_not_fit() -> None:
    """Every action bid on by all three: the rows stop above the nations' table and a line
    says how many more there are."""
    view = samples.public_view(samples.round1_bidding())
    for n, action in enumerate(view["actions"]):
        action["bids"] = [samples.bid(10 * n + s, s, gid, 3) for s, gid in
                          enumerate(("wei.jia_xu", "wu.lu_fan", "shu.jiang_wan"))]
        action["leading"] = [0]
    image, texts = drawn_overview(scene(view, samples.NAMES), True)
    assert image.height <= OVERVIEW_MAX[1]
    assert any(t.startswith("and ") and t.endswith("more actions: open Actions") for t in texts)


def sizes(monkeypatch, draw) -> tuple[list[int], list[int]]:
    """(headline sizes, body sizes) of every string an overview draws (the Redux boards draw
    on a ReusingCanvas, whose `text` is spied on)."""
    head: list[int] = []
    rest: list[int] = []
    inside = [False]
    text, headline = ReusingCanvas.text, kit_headline.draw_headline

    def spy(self, x, y, string, size=20, *args, **kwargs):
        if not self.dry:
            (head if inside[0] else rest).append(size)
        return text(self, x, y, string, size, *args, **kwargs)

    def in_headline(*args, **kwargs):
        inside[0] = True
        try:
            return headline(*args, **kwargs)
        finally:
            inside[0] = False

    monkeypatch.setattr(ReusingCanvas, "text", spy)
    monkeypatch.setattr(body, "draw_headline", in_headline)
    draw()
    return head, rest


def test_no_headline_text_below_36_px_and_no_body_text_below_24_px(monkeypatch, played) -> None:
    """Min sizes as drawn: a text that must shrink to fit stops at its floor (min_size)."""
    for public, before, _own, awaiting in played.values():
        seen = scene(words(public, "en"), NAMES, before=earlier(before, "en"),
                     awaiting=awaiting)
        head, rest = sizes(monkeypatch, lambda seen=seen: overview(seen))
        assert head and min(head) >= kit_headline.HEAD_TEXT
        assert rest and min(rest) >= body.TEXT_PX
    finished = samples.public_view(samples.finished())
    head, rest = sizes(monkeypatch, lambda: overview(scene(finished, samples.NAMES)))
    assert min(head) >= kit_headline.HEAD_TEXT and min(rest) >= body.TEXT_PX


def test_standings_are_the_engines_score_of_the_table_as_it_stands() -> None:
    """R12 applied to the public view gives what the engine's `standings` gives, at every
    step of a whole game (Separation goals included, the designed data)."""
    game = get_game("redux")
    state = game.setup(3, {}, 7)
    from games.core.agents import make_agent
    agents = [make_agent("heuristic", seat) for seat in range(3)]
    checked = 0
    while game.result(state) is None:
        if checked % 25 == 0:
            want = {s.seat: s.total for s in scoring.standings(state).scores}
            assert vp_now(game.view(state, None)) == want
        checked += 1
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
    final = game.view(state, None)
    assert vp_now(final) == {s["seat"]: s["total"] for s in final["result"]["scores"]}


def changed_pair() -> tuple[dict, dict]:
    """A late-game table and the same table a phase later with known changes."""
    before = samples.public_view(samples.late_game())
    after = copy.deepcopy(before)
    wei, wu = after["players"][0], after["players"][1]
    wei["military"] += 3
    wei["armies"]["trained"] += 2
    wu["deficits"] += 1
    wu["built"].append(samples.card("union.barter_house"))
    hefei = next(r for r in after["regions"] if r["id"] == "hefei")
    hefei["occupant"] = samples.occupant(0, "wei.xu_huang", "infantry", 1)
    wei["occupations"].append({"general": "wei.xu_huang", "region": "hefei",
                               "border": "wei_wu", "unit": "infantry", "count": 1})
    next(a for a in before["actions"] if a["id"] == "build")["winners"] = []
    next(a for a in after["actions"] if a["id"] == "build")["winners"] = [0]
    return before, after


def test_changes_since_the_previous_overview_are_marked() -> None:
    """The most telling first (bids won, regions, cards), the rest counted on the image."""
    before, after = changed_pair()
    table = Table(after, samples.NAMES, Reader("en", tuple(samples.NAMES)))
    assert [english(line, samples.NAMES) for line in changes(table, before)] == [
        "Alice (Wei) won Build State Development",
        "Alice (Wei) occupied Hefei",
        "Bartholomew the Unbelievably Verbose Strategist (Wu) built Barter House",
        "Alice (Wei): military score 11 → 14",
        "Alice (Wei): +3 armies",
        "Bartholomew the Unbelievably Verbose Strategist (Wu) took a deficit token"]
    _, texts = drawn_overview(scene(after, samples.NAMES, before=before), True)
    assert "• Alice (Wei) won Build State Development" in texts
    assert "• Alice (Wei) occupied Hefei" in texts
    assert "• and 2 more changes: see the log" in texts
    now, then = vp_now(after), vp_now(before)
    assert now[0] > then[0] and now[1] < then[1]
    assert f"+{now[0] - then[0]}" in texts and f"−{then[1] - now[1]}" in texts


def test_troops_placed_in_a_bid_are_not_lost() -> None:
    """Units go with a placement (A32): an army moved from the supply into a bid is no
    change of troops."""
    before = samples.public_view(samples.round1_bidding())
    after = copy.deepcopy(before)
    after["players"][2]["armies"]["trained"] = 0
    before["players"][2]["armies"]["trained"] = 2
    battle = next(a for a in after["actions"] if a["kind"] == "battle" and not a["bids"])
    battle["bids"] = [samples.bid(9, 2, "shu.zhao_yun", 7, {"type": "cavalry", "count": 2})]
    _, texts = drawn_overview(scene(after, samples.NAMES, before=before), True)
    assert not [t for t in texts if "arm" in t and t.startswith("•")]


def test_the_first_overview_has_nothing_to_compare() -> None:
    _, texts = drawn_overview(scene(samples.public_view(samples.late_game()), samples.NAMES),
                              True)
    assert not [t for t in texts if t.startswith("•")]
    assert not [t for t in texts if t.startswith(("+", "−"))]


# A long name is ellipsized in the headline and wraps at the head of its nation's column.
NAME_PIECES = [NAMES[1][:15], *(" ".join(NAMES[1].split()[k:]) for k in range(1, 3)),
               *(" ".join(NAMES[1].split()[:k]) for k in range(1, 3))]


@pytest.mark.parametrize("locale", ["ko", "ja", "zh-TW"])
def test_an_overview_in_the_readers_language_draws_no_english_caption(played,
                                                                     locale: str) -> None:
    for public, before, _own, awaiting in played.values():
        _, texts = drawn_overview(scene(words(public, locale), NAMES, locale,
                                        before=earlier(before, locale), awaiting=awaiting), True)
        runs = [run for text in texts
                for run in english_runs(text, [*NAMES, *NAME_PIECES])]
        assert runs == [], runs
        assert "Round" not in " ".join(texts) and "VP" not in " ".join(texts)


def test_the_korean_overview_uses_the_rulebooks_words(played) -> None:
    public, before, _own, awaiting = played["middle"]
    _, texts = drawn_overview(scene(words(public, "ko"), NAMES, "ko",
                                    before=earlier(before, "ko"), awaiting=awaiting), True)
    joined = " ".join(texts)
    for word in ("라운드", "승점", "액션 순서", "부족 우호도", "군사 점수", "관직", "적자 토큰"):
        assert word in joined, word


def test_without_a_cjk_font_a_korean_overview_draws_no_tofu(played) -> None:
    public, before, _own, awaiting = played["middle"]
    _, texts = drawn_overview(scene(words(public, "ko"), NAMES, "ko",
                                    before=earlier(before, "ko"), awaiting=awaiting), False)
    assert [t for t in texts if any(map(is_cjk_char, t))] == []


def test_the_final_overview_is_the_score_sheet(played) -> None:
    public, before, _own, _awaiting = played["end"]
    _, texts = drawn_overview(scene(words(public, "en"), NAMES, before=earlier(before, "en")),
                              True)
    result = public["result"]
    assert "Military score" in texts and "Total" in texts
    assert any(t.startswith("Winner") for t in texts)
    assert [str(s["total"]) for s in result["scores"]] == \
        [t for t in texts if t.isdigit()][-len(result["scores"]):]
    assert any(t.startswith("Game over:") for t in texts)
