"""The Record of the Three Kingdoms images: the overview fits a phone's rules (size, headline
at 36 px, body above the phone floor of 29 px), marks what changed, speaks the reader's
language; the parts show what the overview leaves out; nothing hidden is ever drawn."""

from __future__ import annotations

import copy
import io
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image, ImageChops, ImageStat

import rendering
from rendering import OVERVIEW_MAX, record
from rendering.kit import fonts
from rendering.kit.canvas import Canvas, Drawn, Page
from rendering.kit.headline import HEAD_TEXT, draw_headline
from rendering.kit.ink import ReusingCanvas
from rendering.record import ink
from rendering.record.battle import draw_battle
from rendering.record.changes import headline
from rendering.record.ink import TEXT_SIZE
from rendering.record.overview import draw_overview
from rendering.record.parts import PARTS, draw_part
from rendering.record.words import Words
from tests.languages import NAMES as LOCAL_NAMES
from tests.languages import english_runs
from tests.rendering.record import boards, samples
from tests.rendering.scenes import scene

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = samples.NAMES
CJK = fonts.resolve_cjk(True)


def overview(view: dict, locale: str = "en", *, before: dict | None = None,
             awaiting: tuple[int, ...] = (), cjk: bool = CJK,
             names: list[str] = NAMES) -> Page:
    return draw_overview(scene(view, names, locale, before=before,
                                          awaiting=awaiting), cjk)


def part(view: dict, name: str, locale: str = "en", seat: int | None = None,
         cjk: bool = CJK, names: list[str] = NAMES) -> Page:
    return draw_part(scene(view, names, locale, seat=seat), name, cjk)


def battle(record_: dict, locale: str = "en", cjk: bool = CJK,
           names: list[str] = NAMES) -> list[Drawn]:
    return draw_battle(scene(record_, names, locale), cjk)[1]


def leaks(texts: Sequence[str], secret_names: set[str]) -> list[str]:
    return [t for t in texts for s in secret_names if s in t]


def fits(image: Image.Image) -> bool:
    return image.width <= OVERVIEW_MAX[0] and image.height <= OVERVIEW_MAX[1]


# ---- the overview's size and type ----


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("moment", ["start", "middle", "end"])
def test_the_overview_of_a_real_game_fits_a_phone(players: int, moment: str) -> None:
    view, before, awaiting = boards.moments(players)[moment]
    image, texts = overview(view, before=before, awaiting=awaiting)
    assert fits(image) and texts
    assert image.size[0] == OVERVIEW_MAX[0]


@pytest.mark.parametrize("cjk", [True, False], ids=["cjk", "no-cjk"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("kind", sorted(samples.TABLE_SAMPLES))
def test_every_table_sample_fits_and_draws_no_tofu(kind: str, players: int, cjk: bool) -> None:
    view = samples.table(kind, players)
    image, texts = overview(view, before=samples.table("mid", players), cjk=fonts.resolve_cjk(cjk))
    assert fits(image) and texts
    if not cjk:
        assert not [t for t in texts if any(map(fonts.is_cjk_char, t))]


def sizes_drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, int, str]]:
    """(y, smallest size the text may be drawn at, text) of every text drawn for real."""
    drawn: list[tuple[float, int, str]] = []
    original = ReusingCanvas.text

    def spy(self, x, y, text, size=20, color="", bold=False, max_width=None, anchor="la",
            min_size=18):
        if not self.dry:
            drawn.append((y, size if max_width is None else min(size, min_size), text))
        return original(self, x, y, text, size, color, bold, max_width, anchor, min_size)

    monkeypatch.setattr(ReusingCanvas, "text", spy)
    return drawn


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("moment", ["start", "middle", "end"])
def test_no_headline_text_below_36_px_and_no_body_text_below_the_phone_floor(
        players: int, moment: str, monkeypatch: pytest.MonkeyPatch) -> None:
    view, before, awaiting = boards.moments(players)[moment]
    s = scene(view, NAMES, "en", before=before, awaiting=awaiting)
    bottom = draw_headline(Canvas(1280, 1, CJK, dry=True), s, headline(view, before,
                                                                      Words(s, CJK)),
                           24, 24, 1232)
    drawn = sizes_drawn(monkeypatch)
    draw_overview(s, CJK)
    head = [size for y, size, _ in drawn if y < bottom]
    body = [size for y, size, _ in drawn if y >= bottom]
    assert head and body
    assert min(head) >= HEAD_TEXT
    assert min(body) >= TEXT_SIZE


def test_a_table_too_tall_for_the_full_form_is_drawn_compact() -> None:
    view = samples.table("late", 5)
    full = draw_overview(scene(view, NAMES), CJK)
    assert full[0].height <= OVERVIEW_MAX[1]
    assert not any("Mandate of Heaven" in t for t in full[1])  # the ability: compact
    few = overview(samples.table("late", 2))[1]
    assert any("Mandate of Heaven" in t for t in few)  # two players: the full form


# ---- what changed ----


def changed_views() -> tuple[dict, dict]:
    """Alice takes Xinye from Bartholomew, 劉玄德 builds Xiaopei, a defender is turned
    face up, Alice is first to the target and the end is triggered."""
    before = samples.table("mid", 3)
    after = copy.deepcopy(before)
    alice, bart, third = after["players"]
    xinye = next(h for h in bart["cities"] if h["card"]["id"] == "city:xinye")
    bart["cities"].remove(xinye)
    alice["cities"].append({**xinye, "defender": {"hidden": True}, "face_up": False})
    third["cities"].append(samples.holding("xiaopei", "meng_huo", False))
    third["cities"][0] = {**third["cities"][0], "face_up": True,
                          "defender": samples.general("wen_chou")}
    third["cities"][-1]["defender"] = {"hidden": True}
    for p in after["players"]:
        p["points"] = sum(h["card"]["points"] for h in p["cities"])
    after.update(first_to_target=0, end_triggered=True, end_reason="target")
    return before, after


def test_wx_changes_are_marked_with_signs_and_lines() -> None:
    before, after = changed_views()
    texts = overview(after, before=before, awaiting=(1,))[1]
    assert "+6" in texts and "−6" in texts and "+4" in texts
    lines = [t for t in texts if t.startswith("• ")]
    assert any("Alice took Xinye" in t and "Bartholomew" in t for t in lines)
    assert any("built Xiaopei" in t for t in lines)
    assert any("defender is face up: Wen Chou" in t for t in lines)
    assert "• and 1 more change: see the log" in lines  # five changes, four lines shown


def test_every_kind_of_change_is_worded() -> None:
    before, after = changed_views()
    s = scene(after, NAMES)
    said = headline(after, before, Words(s, CJK)).changes
    assert said[0].startswith("Alice took Xinye") and "built Xiaopei" in said[1]
    assert any("is first to 6 cities: +10" in line for line in said)
    assert any("this round is the last" in line for line in said)
    assert headline(after, None, Words(s, CJK)).changes == ()
    assert all(st.delta is None for st in headline(after, None, Words(s, CJK)).standings)


def test_a_city_discarded_a_general_replaced_and_the_winner_are_worded() -> None:
    before = samples.table("mid", 3)
    after = copy.deepcopy(before)
    lost = after["players"][2]["cities"].pop(0)
    bart = after["players"][1]
    bart["cities"][0] = {**bart["cities"][0], "face_up": False, "defender": {"hidden": True}}
    after.update(phase="over", result={"scores": [{"seat": 1, "total": 18}],
                                       "winners": [1]}, end_triggered=True, end_reason="deck")
    said = headline(after, before, Words(scene(after, NAMES), False)).changes
    assert said[0] == "Winner: Bartholomew the Unbelievably Verbose Strategist (18 pts)"
    assert f"Seat 3 lost {lost['card']['en']} (discarded)" in said  # 劉玄德 without CJK
    assert any("stationed a new general at Xinye" in line for line in said)
    assert not any("this round is the last" in line for line in said)  # over: the winner says it


def test_the_lords_turned_face_up_are_a_change() -> None:
    before = samples.table("start", 3)
    after = samples.table("start", 3)
    for p in after["players"]:
        p["lords"] = [samples.lord(samples.LORD_ORDER[p["seat"]])]
    said = headline(after, before, Words(scene(after, NAMES), CJK)).changes
    assert said == ("The lords are turned face up",)


# ---- the reader's language ----


def english_captions() -> set[str]:
    """Every caption the English boards draw, less what is no caption (names, numbers)."""
    before, after = changed_views()
    drawn = overview(after, before=before)[1]
    for name in PARTS:
        drawn += part(after, name, seat=0)[1]
    for build in samples.BATTLE_SAMPLES.values():
        drawn += battle(build())
    return {t for t in drawn if any(c.isalpha() and c.isascii() for c in t)
            and not any(n and n in t for n in NAMES[:2])}


@pytest.mark.parametrize("locale", ["ko", "zh-TW", "zh-CN", "ja"])
def test_boards_in_other_languages_draw_no_english_caption(locale: str) -> None:
    before, after = changed_views()
    names = list(LOCAL_NAMES[locale])
    drawn = overview(after, locale, before=before, names=names)[1]
    for name in PARTS:
        drawn += part(after, name, locale, seat=0, names=names)[1]
    for build in samples.BATTLE_SAMPLES.values():
        drawn += battle(build(), locale, names=names)
    english = english_captions()
    assert english and not set(drawn) & english
    assert {t: runs for t in drawn if (runs := english_runs(t))} == {}


def test_the_traditional_chinese_board_uses_the_rulebooks_words() -> None:
    before, after = changed_views()
    texts = " | ".join(overview(after, "zh-TW", before=before)[1])
    for word in ("第 4 回合", "執行行動", "起始玩家", "城池目標數量", "遊戲卡牌堆", "棄牌堆",
                 "軍師", "新野", "建造城池"):
        assert word in texts, word


# ---- hidden things ----


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("kind", ["start", "mid", "late", "attack"])
def test_public_overview_and_parts_draw_no_hidden_name(kind: str, players: int) -> None:
    full = samples.TABLE_SAMPLES[kind](players)
    secret = samples.secrets(full)
    assert secret  # the sample really hides something
    view = samples.public_view(full)
    texts = overview(view)[1]
    for name in PARTS:
        texts += part(view, name)[1]
    assert leaks(texts, secret) == []


def test_a_seats_parts_show_its_own_secrets_only() -> None:
    full = samples.mid_game(3)
    view = samples.public_view(full, seat=0)
    players = part(view, "players", seat=0)[1]
    assert any("Zhao Yun" in t for t in players)  # seat 0's own face-down defender
    hand = part(view, "hand", seat=0)[1]
    assert any("Lu Bu" in t and "force 10" in t for t in hand)  # its hand
    assert any("Beauty Trap" in t for t in hand) and "Your hand" in hand
    assert leaks(players + hand, samples.secrets(full, seat=0)) == []


def test_the_public_hand_part_counts_cards_and_names_none() -> None:
    full = samples.mid_game(3)
    texts = part(samples.public_view(full), "hand")[1]
    assert "Alice: 3 cards" in texts and "Your hand" not in texts
    assert leaks(texts, {c["en"] for p in full["players"] for c in p["hand"]}) == []


def test_hidden_marker_wins_over_leaked_fields() -> None:
    view = samples.table("mid", 3)
    leaked = {"hidden": True, "id": "general:lu_bu", "zh": "呂布", "en": "Lu Bu", "force": 10,
              "intelligence": 10}
    view["players"][2]["cities"][0]["defender"] = dict(leaked)
    view["players"][2]["advisor"] = dict(leaked)
    view["players"][2]["lords"] = [dict(leaked)]
    texts = overview(view)[1] + part(view, "players")[1]
    assert leaks(texts, {"Lu Bu", "呂布"}) == []


def test_battle_before_reveal_draws_no_hidden_card() -> None:
    texts = battle(samples.battle_before_reveal())
    assert leaks(texts, samples.BATTLE_SECRETS["before_reveal"]) == []
    assert any("face down" in t for t in texts)


# ---- parts ----


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("kind", ["start", "late", "over"])
def test_every_part_fits_the_overviews_bounds(kind: str, players: int) -> None:
    for seat in (None, 0):
        for name in PARTS:
            image, texts = part(samples.table(kind, players, seat), name, seat=seat)
            assert fits(image) and texts, name


def test_the_score_sheet_ranks_with_points_bonus_and_coins() -> None:
    texts = part(samples.table("over", 3), "scores")[1]
    assert "Final scores" in texts and "1. Alice" in texts
    assert "4 + 4 + 6 + 9 + 9 = 32" in texts and "42" in texts  # cities, then with the bonus


def test_the_decks_part_shows_the_discard_pile_newest_first() -> None:
    texts = part(samples.table("mid", 3), "decks")[1]
    assert "game deck: 38" in texts and "discard pile: 14" in texts
    tops = [t for t in texts if "Borrowing Arrows" in t or "Fish in Troubled" in t]
    assert "Borrowing Arrows" in tops[0]


def test_part_dispatch_round_trips_and_names_its_parts() -> None:
    assert rendering.parts("record") == PARTS
    data = rendering.render_part("record", "players", scene(samples.table("mid", 3), NAMES))
    assert data.startswith(PNG_SIGNATURE)
    with pytest.raises(ValueError, match="no part 'map'"):
        rendering.render_part("record", "map", scene(samples.table("mid", 3), NAMES))


def test_two_lords_each_drawn() -> None:
    view = samples.table("mid", 2)
    view["players"][0]["lords"].append(samples.lord("liu_bei", used=True))
    texts = " | ".join(part(view, "players", cjk=False)[1])
    assert "Cao Cao" in texts and "Liu Bei" in texts and "once per game: used" in texts


def test_a_spent_once_per_game_ability_shows_before_the_ability_name() -> None:
    """The tag must survive the chip's cut of a long ability name."""
    view = samples.table("mid", 2)
    view["players"][0]["lords"] = [samples.lord("liu_bei", used=True)]
    texts = part(view, "players")[1]
    lord = next(t for t in texts if "Liu Bei" in t)
    assert lord.index("once per game: used") < lord.index("Support")


# ---- battles ----


@pytest.mark.parametrize("cjk", [True, False], ids=["cjk", "no-cjk"])
@pytest.mark.parametrize("kind", sorted(samples.BATTLE_SAMPLES))
def test_every_battle_sample_renders(kind: str, cjk: bool) -> None:
    image, texts = draw_battle(scene(samples.BATTLE_SAMPLES[kind](), NAMES),
                               fonts.resolve_cjk(cjk))
    assert image.width == 1280 and 400 <= image.height <= 1500
    if not cjk:
        assert not [t for t in texts if any(map(fonts.is_cjk_char, t))]


def test_battle_states_say_what_happened() -> None:
    def text_of(record_: dict) -> str:
        return " | ".join(battle(record_, cjk=False))

    assert "10 → 11" in text_of(samples.battle_with_lanes())
    assert "9 → 3 → 5" in text_of(samples.battle_with_lanes())
    assert "beheaded" in text_of(samples.battle_beheading())
    assert "Empty Fort" in text_of(samples.battle_empty_fort())
    assert "discarded" in text_of(samples.battle_killed())
    assert "front" not in text_of(samples.battle_killed())
    assert "arrang" in text_of(samples.battle_arranging())


def test_battle_in_traditional_chinese_uses_the_rulebooks_words() -> None:
    texts = " | ".join(battle(samples.battle_beheading(), "zh-TW"))
    for word in ("前軍", "中軍", "後軍", "攻方", "守方", "攻城成功", "斬首", "鬥智", "武力"):
        assert word in texts, word


# ---- dispatch, names, concurrency ----


def test_dispatch_round_trips() -> None:
    for data in (rendering.render_overview("record", scene(samples.table("mid", 3), NAMES)),
                 rendering.render_battle_png("record", scene(samples.battle_with_lanes(),
                                                             NAMES))):
        assert data.startswith(PNG_SIGNATURE)
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            assert image.width == 1280


@pytest.mark.parametrize("call", [rendering.render_overview, rendering.render_battle_png])
def test_unknown_game_is_a_clear_value_error(call) -> None:
    with pytest.raises(ValueError, match="sangokushi.*record"):
        call("sangokushi", scene({}, NAMES))


def test_long_names_are_ellipsized_not_clipped() -> None:
    names = ["X" * 200, "Ｗ" * 80, "🐉🐉", ""]
    texts = overview(samples.table("mid", 4), names=names, cjk=False)[1]
    assert any(t.startswith("XXX") and t.endswith(fonts.ELLIPSIS) for t in texts)
    assert "Seat 3" in texts and "Seat 4" in texts  # undrawable or empty: a seat number


def test_concurrent_rendering_matches_serial() -> None:
    scenes = [scene(samples.table(kind, 3), NAMES) for kind in ("mid", "late", "attack", "over")]
    serial = [rendering.render_overview("record", s) for s in scenes]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda s: rendering.render_overview("record", s), scenes))
    assert parallel == serial


def test_the_package_offers_the_contract() -> None:
    assert callable(record.overview) and callable(record.part) and callable(record.battle)
    assert record.PARTS == ("players", "hand", "decks", "scores")


def test_the_reusing_canvas_draws_what_the_plain_canvas_draws(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Cached text and shape masks (ink.ReusingCanvas) change the cost, not the board: the
    same strings, and pixels that differ at most by sub-pixel placement."""
    view = samples.table("late", 3)
    reused, reused_texts = overview(view)
    again, _ = overview(view)  # now from the caches
    monkeypatch.setattr(ink, "ReusingCanvas", Canvas)
    plain, plain_texts = overview(view)
    assert reused_texts == plain_texts and reused.size == plain.size
    assert again.tobytes() == reused.tobytes()
    difference = ImageStat.Stat(ImageChops.difference(reused, plain)).mean
    assert max(difference) < 0.5, difference
