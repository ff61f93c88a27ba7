"""The Tang images (rendering/tang): the overview fits a phone's page with its headline at
36 px and its body at 24 px, marks what changed since the previous overview, speaks the
reader's language, and no public image draws what a seat keeps hidden (T9: hands, piles,
hidden grain); a seat's own part shows its hand; the battle image shows the arithmetic of
T3.4.3-T3.4.3a."""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence

import pytest

import rendering
from bot.i18n import t
from games.core import get_game
from rendering.tang import PARTS, front
from rendering.tang.battle import draw_battle
from rendering.tang.changes import compare
from rendering.tang.front import draw_overview
from rendering.tang.map import Geometry
from rendering.tang.parts import draw_part
from tests.games.tang.test_tang_scoring import finished, tx21
from tests.languages import NAMES as READER_NAMES
from tests.rendering.pages import (
    MAX_W,
    PNG_SIGNATURE,
    Drawing,
    assert_fits_a_phone_page,
    spy_floors,
)
from tests.rendering.scenes import scene
from tests.rendering.tang.samples import moments, names

GAME = get_game("tang")
DRAWING = Drawing(GAME, names, draw_overview, draw_part)
view, over, part_texts = DRAWING.view, DRAWING.over, DRAWING.part_texts


def joined(texts: Sequence[str]) -> str:
    return " | ".join(texts)


def tx21_finished() -> dict:
    """The worked example TX21 (T4: camps, 安禄山, capitals) played to its end."""
    return finished(tx21())


# -- the overview's page ------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 8])
def test_the_overview_fits_a_phone_page_at_start_middle_and_end(seats: int) -> None:
    kept = moments(seats)
    for moment, before in (("start", None), ("middle", kept["before"]), ("end", kept["middle"])):
        state = kept[moment]
        data = rendering.render_overview("tang", scene(
            view(state), names(seats), before=None if before is None else view(before),
            awaiting=tuple(sorted(GAME.to_act(state)))))
        assert_fits_a_phone_page(data, moment)


def test_no_headline_text_below_36_px_nor_body_text_below_24_px(monkeypatch) -> None:
    """Spied on Canvas.text (and the reusing canvas's own): the smallest size a text may be
    shrunk to, inside the headline and in the body (tracks, map, parts, battle)."""
    floors = spy_floors(monkeypatch, front)
    kept = moments(8)
    over(kept["middle"], before=kept["before"])
    over(kept["end"])
    for name in PARTS:
        part_texts(kept["middle"], name, seat=0)
    draw_battle(scene(GAME.finished_battle(kept["middle"]) or {}, names(8)), cjk=True)
    floors.assert_readable()


def test_the_map_takes_what_the_top_leaves() -> None:
    wide, low = Geometry.fit(0, 0, 1232, 10_000), Geometry.fit(0, 0, 1232, 700)
    assert wide.width <= 1232 and low.height <= 700 and low.scale < wide.scale
    assert round(wide.scale / 0.05, 6) == round(wide.scale / 0.05)  # whole steps: few layers


# -- what changed -------------------------------------------------------------------------------
def changed_views() -> tuple[dict, dict]:
    """A mid-game view and a copy a phase earlier where Alice did not yet hold one city of
    Bartholomew's, had 1 welfare more and 5 armies more in that city."""
    now = view(moments(2)["middle"])
    before = copy.deepcopy(now)
    city = next(cid for cid, c in now["cities"].items() if c["controller"] == 0
                and int(c["armies"].get("0", 0)) > 0)
    before["cities"][city]["controller"] = 1
    before["cities"][city]["armies"]["0"] = int(now["cities"][city]["armies"]["0"]) + 5
    before["players"][0]["minsheng"] = now["players"][0]["minsheng"] + 1
    before["players"][0]["score"] = dict(now["players"][0]["score"],
                                         own=now["players"][0]["score"]["own"] - 1)
    return before, now


def test_changes_are_found_by_comparing_the_two_views() -> None:
    before, now = changed_views()
    diff = compare(before, now)
    taken = diff.taken[0]
    assert len(taken) == 1 and diff.marks().taken == frozenset(taken)
    total = sum(int(c["armies"].get("0", 0)) for c in now["cities"].values())
    assert diff.armies == [(0, total + 5, total)]
    assert diff.minsheng == [(0, now["players"][0]["minsheng"] + 1,
                              now["players"][0]["minsheng"])]
    assert compare(None, now).lines() == [] and compare(now, now).lines() == []


def test_the_overview_marks_changes_with_lines_signs_and_a_halo() -> None:
    before, now = changed_views()
    city = compare(before, now).taken[0][0]
    made = scene(now, names(2), before=before, awaiting=(0,))
    image, texts = draw_overview(made, cjk=True)
    lines = [text for text in texts if text.startswith("• ")]
    assert lines[0] == f"• Alice took {t(f'tang.city.{city}')}"
    assert any(line.startswith("• Alice: armies ") for line in lines)
    assert "+1" in texts  # Alice's score
    plain, _ = draw_overview(scene(now, names(2), awaiting=(0,)), cjk=True)
    assert image.tobytes() != plain.resize(image.size).tobytes()


def test_the_first_overview_marks_nothing() -> None:
    texts = over(moments(2)["middle"])[1]
    assert not [text for text in texts if text.startswith("• ")]
    assert not [text for text in texts if re.fullmatch(r"[+−]\d+", text)]


# -- what the overview shows -----------------------------------------------------------------------
def test_t0_every_city_is_named_on_the_overview_or_the_map_part_and_the_tracks_drawn() -> None:
    """At the phone floor the crowded middle has no room for every name (issue 29): a name
    the overview cannot place is named on the map part, whose map is drawn taller."""
    state = moments(2)["middle"]
    texts = over(state)[1]
    on_part = part_texts(state, "map")
    named = [cid for cid in state["cities"] if t(f"tang.city.{cid}") in texts]
    assert len(named) >= len(state["cities"]) * 2 // 3
    assert all(t(f"tang.city.{cid}") in on_part for cid in state["cities"] if cid not in named)
    assert f"Round {state['round']} of 8 · action phase" in texts
    assert "Welfare (民生)" in texts and "Round" in texts
    assert all(str(n) in texts for n in range(21))  # the 民生 track's cells


def test_t4_3_the_standings_are_each_seats_score_now() -> None:
    state = moments(2)["middle"]
    texts = joined(over(state)[1])
    for p in view(state)["players"]:
        assert f"{p['score']['own']} pts" in texts


def test_t4_the_end_names_the_final_scores() -> None:
    state = moments(2)["end"]
    texts = over(state)[1]
    result = GAME.result(state)
    assert result is not None
    assert texts[0].startswith("Game over")
    for row in result.details["rows"]:
        assert f"final {row['final_shown']}" in joined(texts)


def test_t4_5_the_final_standings_are_the_results_order_values_and_rule() -> None:
    """TX21 at its end: the winner P0 (21.5) and P3 (21.0), who may win, come before P2
    (22.0) and P1 (21.5), who may not. The board's chips list exactly the engine's order
    and one-decimal values, mark who cannot win, and the rule of the order is written."""
    state = tx21_finished()
    result = GAME.result(state)
    assert result is not None
    who = names(4)
    texts = over(state)[1]
    rows = {r["seat"]: r for r in result.details["rows"]}
    expected = [f"{who[s.seat]} final {s.shown}"
                + ("" if rows[s.seat]["eligible"] else " · cannot win") for s in result.scores]
    chips = [f"{name} {figure}" for name, figure in zip(texts, texts[1:], strict=False)
             if name in who and figure.startswith("final ")]  # a name, then its own box
    assert chips == expected
    assert [s.seat for s in result.scores] == [0, 3, 2, 1]
    assert chips[2] == "劉玄德 final 22.0 · cannot win"
    rule = t("tang.result.order_camps")
    assert rule.startswith("Ranked: the winners") and rule in " ".join(texts)
    sheet = part_texts(state, "score")
    assert [x for x in sheet if x.startswith("No. ")] == ["No. 2", "No. 3", "No. 4"]
    assert rule in " ".join(sheet)
    assert "Camp's average welfare" in sheet and "9.5" in sheet  # (8 + 11) / 2, a tie-break


def test_a_korean_city_is_named_on_the_map_without_its_hanja() -> None:
    """On the overview or, where the overview has no room for it, on the map part."""
    state = moments(2)["middle"]
    texts = over(state, "ko")[1] + part_texts(state, "map", locale="ko")
    assert "낙양" in texts and "낙양(洛陽)" not in texts


# -- language ------------------------------------------------------------------------------------
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
FORMULA = "max("  # the overflow rule as the spec writes it (T3.4.3a), in every language


@pytest.mark.parametrize("locale", ["zh-CN", "ko"])
def test_a_chinese_or_korean_image_draws_no_english_caption(locale: str) -> None:
    """Players named in the reader's script, so any Latin word drawn is a caption."""
    kept = moments(2)
    readers = list(READER_NAMES[locale][:2])

    def drawn(state: dict, seat: int | None = None) -> list[str]:
        texts: list[str] = []
        for name in PARTS:
            texts += draw_part(scene(view(state, seat), readers, locale, seat=seat), name,
                               cjk=True)[1]
        return texts

    texts: list[str] = [*draw_overview(scene(view(kept["middle"]), readers, locale,
                                              before=view(kept["before"]), awaiting=(0,)),
                                        cjk=True)[1]]
    texts += drawn(kept["middle"], 0) + drawn(kept["end"])
    battle = GAME.finished_battle(kept["middle"]) or {}
    texts += draw_battle(scene(battle, readers, locale), cjk=True)[1]
    assert [text for text in texts if LATIN_WORD.search(text.replace(FORMULA, ""))] == []


# -- what is hidden (T9) ---------------------------------------------------------------------------
def hand_names(state: dict) -> set[str]:
    """The names of the cards in hands and the characters in piles: never public."""
    held = {t(f"tang.card.{card.split('.')[0]}") for p in state["players"] for card in p["hand"]}
    held |= {t(f"tang.character.{ch}") for p in state["players"] for ch in p["pile"]}
    return held


def public_texts(state: dict) -> list[str]:
    texts: list[str] = [*over(state)[1]]
    for name in PARTS:
        texts += part_texts(state, name)
    return texts


@pytest.mark.parametrize("seats", [2, 8])
def test_t9_no_public_image_draws_a_hand_or_a_pile(seats: int) -> None:
    for moment in ("start", "middle"):
        state = moments(seats)[moment]
        secrets = hand_names(state)
        drawn = public_texts(state)
        assert not [text for text in drawn for s in secrets if s in text
                    and not text.startswith(("Generals", "Removed"))], moment
        assert not [text for text in drawn if text.startswith("Your ")]


def test_t9_a_stray_hand_in_a_public_view_is_never_drawn() -> None:
    state = moments(2)["middle"]
    stray = view(state, 0)  # a seat's view passed as if public
    texts = draw_part(scene(stray, names(2)), "players", cjk=True)[1]
    assert not [text for text in texts if text.startswith(("Your ", "Character pile:"))]


def test_t9_hidden_grain_is_a_question_mark() -> None:
    state = moments(2, options=(("hidden_grain", True),))["middle"]
    texts = part_texts(state, "players")
    assert texts.count("Grain ?") == 2
    own = part_texts(state, "players", seat=0)
    assert own.count("Grain ?") == 1 and f"Grain {state['players'][0]['grain']}" in own


def test_a_seats_part_shows_its_hand_and_pile() -> None:
    state = moments(2)["middle"]
    hand = state["players"][0]["hand"]
    texts = joined(part_texts(state, "players", seat=0))
    assert "Your stratagems: " in texts
    for card in hand:
        assert t(f"tang.card.{card.split('.')[0]}") in texts
    for character in state["players"][0]["pile"]:
        assert t(f"tang.character.{character}") in texts
    other = joined(part_texts(state, "players", seat=1))
    assert all(t(f"tang.character.{ch}") not in other for ch in state["players"][0]["pile"]
               if ch not in state["players"][1]["pile"])


def test_t4_1_every_pile_is_shown_at_the_end() -> None:
    state = moments(2)["end"]
    texts = joined(part_texts(state, "players"))
    assert texts.count("Character pile: ") == 2


# -- the parts ------------------------------------------------------------------------------
def test_the_map_part_is_zoomed_with_legend_and_generals() -> None:
    state = moments(8)["middle"]
    image, texts = draw_part(scene(view(state), names(8)), "map", cjk=True)
    assert image.width == MAX_W  # a crop never wider than the overview (issue 29)
    assert "Qinling (秦岭): +1 grain an army" in texts and "River: +½ grain an army" in texts
    generals = [g for c in state["cities"].values() for g in c["generals"]]
    assert ("Generals on the map" in texts) == bool(generals)
    assert all(any(text.startswith(t(f"tang.character.{g}")) for text in texts)
               for g in generals)


def test_t4_the_score_part_shows_every_row_and_the_winners() -> None:
    state = moments(2)["end"]
    texts = part_texts(state, "score")
    result = GAME.result(state)
    assert result is not None
    for label in ("Cities", "Special cities", "Luoyang (+3)", "Welfare", "Own score", "Camp",
                  "Final score", "Holds own capital", "Holds An Lushan", "May win"):
        assert label in texts, label
    if result.winners:
        assert "Winner" in texts
    before_end = part_texts(moments(2)["middle"], "score")
    assert "The final score is drawn here when the game is over." in before_end


def test_the_tracks_part_shows_the_decks() -> None:
    state = moments(2)["middle"]
    texts = part_texts(state, "tracks")
    assert f"Character deck {len(state['char_deck'])}" in texts
    assert f"Stratagem deck {len(state['jn_deck'])}" in texts


# -- the battle ----------------------------------------------------------------------------------
def test_t3_4_3a_the_battle_shows_its_arithmetic() -> None:
    battle = GAME.finished_battle(moments(2)["middle"])
    assert battle is not None and battle["record"]
    r = battle["record"]
    texts = draw_battle(scene(battle, names(2)), cjk=True)[1]
    a, d = r["a"]["total"], r["d"]["total"]
    assert f"m = max(0, d − A, a − D) = max(0, {d} − {r['A']}, {a} − {r['D']}) = {r['m']}" \
        in texts
    assert any(text.startswith(f"Attacker removes d − m = {d} − {r['m']} = ") for text in texts)
    assert any(text.startswith(f"Defender removes a − m = {a} − {r['m']} = ") for text in texts)
    dice = battle["dice"]["a"]
    assert f"{' + '.join(map(str, dice))} = {r['a']['raw']}" in texts
    assert str(a) in texts and str(d) in texts


def test_t6_5_zhang_xun_removes_two_fewer_in_the_image() -> None:
    battle = copy.deepcopy(GAME.finished_battle(moments(2)["middle"]))
    assert battle is not None
    record = battle["record"]
    record.update(m=0, loss_d=max(0, record["a"]["total"] - 2))
    texts = draw_battle(scene(battle, names(2)), cjk=True)[1]
    assert any(text.startswith("死守 (张巡): the defender removes 2 fewer") for text in texts)


@pytest.mark.parametrize("outcome", ["captured", "besieged", "repelled", "both_wiped"])
def test_t3_4_5_every_outcome_has_its_banner(outcome: str) -> None:
    battle = dict(GAME.finished_battle(moments(2)["middle"]) or {}, outcome=outcome)
    texts = draw_battle(scene(battle, names(2)), cjk=True)[1]
    city = t(f"tang.city.{battle['city']}")
    assert any(city in text for text in texts[-1:])


def test_the_battle_is_drawn_by_the_house() -> None:
    battle = GAME.finished_battle(moments(2)["middle"])
    assert battle is not None
    assert rendering.render_battle_png("tang", scene(battle, names(2))).startswith(
        PNG_SIGNATURE)
