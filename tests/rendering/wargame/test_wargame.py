"""The wargame images (rendering/wargame): the overview fits a phone's page with its headline at
36 px and its body at 24 px, marks what changed since the previous overview, speaks the
reader's language; every part and the battle draw within their pages; a part drawn without a
seat shows nothing private, and a seat's own part shows its draft and battle plan."""

from __future__ import annotations

import copy
import importlib
import re
from typing import Any

import pytest

from bot.i18n import t
from games.core.actions import Action
from rendering.kit.png import to_png
from rendering.wargame import PARTS, front
from rendering.wargame.battle import draw_battle
from rendering.wargame.changes import compare
from rendering.wargame.front import draw_overview
from rendering.wargame.parts import MAP_WIDTH, draw_part
from rendering.wargame.style import short
from rendering.wargame.views import focus_areas
from tests.languages import NAMES as READER_NAMES
from tests.rendering.pages import MAX_W, Drawing, assert_fits_a_phone_page, spy_floors
from tests.rendering.scenes import scene
from tests.rendering.wargame.samples import GAME, forced_battles, moments, names

BATTLE = importlib.import_module("rendering.wargame.battle")  # the package's `battle` is a function
MOMENTS = (("start", None), ("middle", "before"), ("end", "middle"))
DRAWING = Drawing(GAME, names, draw_overview, draw_part)
view, over, part_texts = DRAWING.view, DRAWING.over, DRAWING.part_texts


def fought(seats: int = 2) -> dict[str, Any]:
    battle = GAME.finished_battle(moments(seats)["middle"])
    assert battle is not None and battle["rounds"]
    return battle


# -- the pages ---------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 11])
def test_the_overview_fits_a_phone_page_at_start_middle_and_end(seats: int) -> None:
    kept = moments(seats)
    for moment, before in MOMENTS:
        image = over(kept[moment], before=kept[before] if before else None)[0]
        assert_fits_a_phone_page(to_png(image), moment)


@pytest.mark.parametrize("seats", [2, 11])
def test_every_part_and_the_battle_draw_within_their_pages(seats: int) -> None:
    kept = moments(seats)
    for moment in ("start", "middle", "end"):
        for name in PARTS:
            for seat in (None, 0):
                image = draw_part(scene(view(kept[moment], seat), names(seats), seat=seat),
                                  name, cjk=True)[0]
                assert image.width == (MAP_WIDTH if name == "map" else MAX_W), name
                assert 200 < image.height < 4000, (moment, name)
    image = draw_battle(scene(fought(seats), names(seats)), cjk=True)[0]
    assert image.width == MAX_W and image.height < 4000


def test_no_headline_text_below_36_px_nor_body_text_below_24_px(monkeypatch) -> None:
    """Spied on Canvas.text (and the reusing canvas's own): the smallest size a text may be
    shrunk to, inside the headline and in the body (map, parts, battle)."""
    floors = spy_floors(monkeypatch, front)
    kept = moments(11)
    over(kept["middle"], before=kept["before"])
    over(kept["end"])
    for name in PARTS:
        part_texts(kept["middle"], name, seat=0)
    for battle in (fought(11), *forced_battles().values()):
        draw_battle(scene(battle, names(11)), cjk=True)
    floors.assert_readable()


# -- what the overview shows --------------------------------------------------------------------
def test_the_overview_or_the_map_part_names_every_area_and_each_players_vp_and_value() -> None:
    """At the phone floor the crowded middle has no room for every name (issue 29): a name
    the overview cannot place is named on the map part, whose map is drawn taller."""
    state = moments(2)["middle"]
    texts = over(state)[1]
    on_part = part_texts(state, "map")
    named = [a for a in state["areas"] if t(f"wargame.area.{a}") in texts]
    assert len(named) >= len(state["areas"]) // 2
    assert all(t(f"wargame.area.{a}") in on_part for a in state["areas"] if a not in named)
    assert texts[0].startswith(f"Turn {state['turn']}/10 · {189 + state['turn']} · period ")
    shown = view(state)
    for seat, player in enumerate(shown["players"]):
        value = shown["nations"][player["nation"]]["value"]
        pair = (names(2)[seat], f"{player['banked']} VP · value {value}")
        strings = [str(text) for text in texts]
        assert pair in zip(strings, strings[1:], strict=False)  # the name, then its figure's box


def test_the_end_names_the_winner_and_ranks_the_players() -> None:
    state = moments(2)["end"]
    texts = over(state)[1]
    assert texts[0].startswith("Game over · winner: ")
    result = GAME.result(state)
    assert result is not None
    assert texts[0] == "Game over · winner: " + " and ".join(names(2)[s]
                                                             for s in result.winners)


def test_a_japanese_or_korean_area_is_named_on_the_map_without_its_reading() -> None:
    ja = over(moments(2)["middle"], "ja")[1]
    assert "洛陽" in ja and "洛陽（らくよう）" not in ja
    ko = over(moments(2)["middle"], "ko")[1]
    assert "낙양" in ko and "낙양(洛陽)" not in ko


# -- what changed -------------------------------------------------------------------------------
def changed_views() -> tuple[dict, dict, str]:
    """A mid-game view and a copy a phase earlier where a player's nation did not yet hold one
    of its areas, had 4 troops more there, and a minor nation still stood."""
    now = view(moments(2)["middle"])
    before = copy.deepcopy(now)
    nid = now["players"][0]["nation"]
    aid = next(a for a, s in now["areas"].items() if s["control"] == nid)
    before["areas"][aid]["control"] = None
    before["areas"][aid]["troops"][nid] = now["areas"][aid]["troops"].get(nid, 0) + 4
    before["nations"][nid]["value"] = now["nations"][nid]["value"] - 2
    fallen = next(n for n, s in now["nations"].items() if s["seat"] is None)
    now = copy.deepcopy(now)
    now["nations"][fallen]["alive"] = False
    return before, now, aid


def test_changes_are_found_by_comparing_the_two_views() -> None:
    before, now, aid = changed_views()
    diff = compare(before, now)
    nid = now["players"][0]["nation"]
    assert diff.taken == {nid: [aid]} and diff.marks().taken == frozenset([aid])
    total = sum(s["troops"].get(nid, 0) for s in now["areas"].values())
    assert (nid, total + 4, total) in diff.troops
    assert diff.destroyed and compare(None, now).destroyed == []
    assert compare(now, now).taken == {} and compare(now, now).troops == []


def test_the_overview_marks_changes_with_lines_a_delta_and_a_halo() -> None:
    before, now, aid = changed_views()
    made = scene(now, names(2), before=before, awaiting=(0,))
    image, texts = draw_overview(made, cjk=True)
    lines = [text for text in texts if text.startswith("• ")]
    assert any(line.endswith("was destroyed") for line in lines)
    assert any(line.endswith(f"took {short(t(f'wargame.area.{aid}'))}") for line in lines)
    assert "+2" in texts  # the value's change
    plain, _ = draw_overview(scene(now, names(2), awaiting=(0,)), cjk=True)
    assert image.size != plain.size or image.tobytes() != plain.tobytes()


def test_the_first_overview_marks_nothing() -> None:
    texts = over(moments(2)["middle"])[1]
    assert not [text for text in texts if text.startswith("• ")]
    assert not [text for text in texts if re.fullmatch(r"[+−]\d+", text)]


# -- language -----------------------------------------------------------------------------------
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize("locale", ["ko", "ja", "zh-TW"])
def test_a_korean_japanese_or_chinese_image_draws_no_english_caption(locale: str) -> None:
    """Players named in the reader's script, so any Latin word drawn is a caption."""
    kept = moments(2)
    readers = list(READER_NAMES[locale][:2])
    texts = over(kept["middle"], locale, kept["before"], readers)[1]
    texts += over(kept["end"], locale, kept["middle"], readers)[1]
    for state, seat in ((kept["middle"], 0), (kept["end"], None), (kept["battle"], None)):
        for name in PARTS:
            texts += draw_part(scene(view(state, seat), readers, locale, seat=seat), name,
                               cjk=True)[1]
    for battle in (fought(), *forced_battles().values()):
        texts += draw_battle(scene(battle, readers, locale), cjk=True)[1]
    assert [text for text in texts if LATIN_WORD.search(text)] == []


# -- what is private ----------------------------------------------------------------------------
def own_state() -> tuple[dict, int]:
    """The start with the acting seat building an order and holding a battle plan."""
    state = copy.deepcopy(moments(2)["start"])
    seat = min(GAME.to_act(state))
    state, _ = GAME.apply(state, seat, Action("plan", ("select=best", "pursue=yes")))
    building = next(a for a in GAME.legal_actions(state, seat) if a.kind in ("levy", "invade"))
    state, _ = GAME.apply(state, seat, building)
    assert view(state, seat)["draft"] and view(state, seat)["plan"]
    return state, seat


def test_a_seats_own_part_shows_its_draft_and_battle_plan() -> None:
    state, seat = own_state()
    texts = " | ".join(part_texts(state, "nations", seat))
    assert "Your battle plan: the best generals and pursue" in texts
    assert re.search(r"Your (levy in|invasion of) ", texts)


def test_a_part_drawn_without_a_seat_shows_nothing_private() -> None:
    state, seat = own_state()
    stray = view(state, seat)  # a seat's view passed as if public
    for name in PARTS:
        texts = draw_part(scene(stray, names(2)), name, cjk=True)[1]
        assert not [text for text in texts if text.startswith("Your ")], name
        public = part_texts(state, name)
        assert not [text for text in public if text.startswith("Your ")], name


# -- the parts ----------------------------------------------------------------------------------
def test_the_nations_part_names_each_nation_its_ruler_and_the_acting_nations_dp() -> None:
    state = moments(11)["middle"]
    texts = part_texts(state, "nations")
    shown = view(state)
    for nid, nation in shown["nations"].items():
        if nation["alive"]:
            assert t(f"wargame.nation.{nid}") in texts
            assert f"Ruler {t('wargame.general.' + nation['ruler'])}" in texts
    if shown["step"]:
        assert f"DP {shown['step']['dp']}" in texts


def test_the_map_part_is_zoomed_with_legend_and_every_general() -> None:
    state = moments(11)["middle"]
    texts = " | ".join(part_texts(state, "map"))
    for kind in ("Plain side", "River side (bar)", "Mountain side (peak, dashed)",
                 "Impassable side (X, dotted)", "Gold-framed square: big city"):
        assert kind in texts
    serving = [g for g, s in view(state)["generals"].items() if s["state"] == "nation"]
    assert serving and all(short(t(f"wargame.general.{g}")) in texts for g in serving)


def test_the_zoom_shows_the_battle_area_and_its_neighbours_with_ratings() -> None:
    state = moments(2)["battle"]
    battle_area = state["battle"]["area"]
    made = scene(view(state), names(2))
    from rendering.wargame.style import Table
    assert battle_area in focus_areas(Table(made))
    texts = part_texts(state, "zoom")
    assert t(f"wargame.area.{battle_area}") in texts
    assert any(re.search(r"\(V\d I[\d-] C\d\)", text) for text in texts)


def test_the_turns_part_shows_the_track_cup_cards_and_banked_vp() -> None:
    state = moments(2)["end"]
    texts = part_texts(state, "turns")
    assert all(str(year) in texts for year in range(190, 200))
    assert "Turn 5" in texts and "Turn 10" in texts and "Total" in texts
    for seat, player in enumerate(view(state)["players"]):
        assert str(player["banked"]) in texts
        assert any(text.startswith(names(2)[seat]) for text in texts)
    middle = part_texts(moments(2)["middle"], "turns")
    assert any(re.fullmatch(r"P\d-\d\d: .+", text) for text in middle)


# -- the battle ---------------------------------------------------------------------------------
def all_battles() -> list[dict[str, Any]]:
    """The seeded games' battles and the forced ones (duels, kill checks, a double rout)."""
    return [fought(2), fought(11), *forced_battles().values()]


def test_the_battle_shows_each_rounds_method_generals_totals_and_losses() -> None:
    methods = {"ikki": "Duel", "kassen": "Pitched battle", "keiryaku": "Stratagem"}
    for battle in all_battles():
        texts = draw_battle(scene(battle, names(2)), cjk=True)[1]
        for record in battle["rounds"]:
            assert f"Round {record['round']} ·" in texts
            assert f"= {record['roll']['total']} →" in texts
            assert any(text.startswith(f"{methods[record['method']]} · ") for text in texts)
            for side in ("attacker", "defender"):
                for gid in record["picks"][side]:
                    assert any(text.startswith(short(t(f"wargame.general.{gid}")))
                               for text in texts)
            if record["method"] == "ikki":
                losses = record["losses"]
                assert (f"Duel losses: attacker {losses['attacker']} · defender "
                        f"{losses['defender']}") in texts
                continue
            for side in ("attacker", "defender"):
                assert str(record["totals"][side]) in texts
                assert f"Loss: {record['losses'][side]}" in texts
        assert f"Troops at the start: {battle['start']['attacker']}" in texts
        assert texts[-1].endswith(short(t(f"wargame.area.{battle['area']}"))) \
            or battle["keeper"]


def drawn_faces(monkeypatch, battle: dict[str, Any]) -> list[int]:
    """The die faces the battle image paints, in order (the dry layout runs not counted)."""
    faces: list[int] = []
    original = BATTLE._die

    def die(c, x, y, face):
        if not c.dry:
            faces.append(face)
        return original(c, x, y, face)

    monkeypatch.setattr(BATTLE, "_die", die)
    draw_battle(scene(battle, names(2)), cjk=True)
    return faces


def record_faces(battle: dict[str, Any]) -> list[int]:
    """Every face the record keeps, in the order the image reads: per round the method roll,
    each army's die (each pair's two in a duel) and the round's kill checks; then the pursuit
    and the retreat's kill checks."""
    faces: list[int] = []
    for record in battle["rounds"]:
        faces += record["roll"]["faces"]
        rolls = [r for pair in record.get("pairs", []) for r in (pair["attacker"],
                                                                 pair["defender"])]
        rolls += [r for r in record.get("dice", {}).values() if r is not None]
        faces += [f for r in rolls for f in r["faces"]]
        faces += [check["face"] for check in record["checks"]]
    if battle["pursuit"]:
        faces.append(battle["pursuit"]["face"])
    return faces + [check["face"] for check in battle["checks"]]


def test_the_battle_shows_the_faces_of_every_roll(monkeypatch) -> None:
    for battle in all_battles():
        assert drawn_faces(monkeypatch, battle) == record_faces(battle)


def test_the_battle_names_each_modifier_and_each_kill_checks_result() -> None:
    fall: list[str] = [*draw_battle(scene(forced_battles()["fall"], names(2)), cjk=True)[1]]
    at = fall.index("Xu Chu")
    assert fall[at + 1:at + 3] == ["+5 valour", "= 10"]
    assert "Kill checks" in fall
    assert "Yuan Yin · duel 6+ → killed" in fall
    assert "Ji Ling · fall, battle area → submits" in fall
    gentry = draw_battle(scene(forced_battles()["gentry"], names(2)), cjk=True)[1]
    assert "A gentry duellist unopposed → 1 lost by the other army" in gentry
    assert "with 4 troops → 2 lost" in gentry  # the pursuit, face 6
    rout = draw_battle(scene(forced_battles()["rout"], names(2)), cjk=True)[1]
    assert "+4 command" in rout and "Pitched battle table: difference 0" in rout
    assert "Xiahou Dun · rout, adjacent → capture void" in rout
    stratagem = draw_battle(scene(fought(2), names(2)), cjk=True)[1]
    assert "−1 gentry" in stratagem  # the 豪族' stratagem, signed with a minus


def test_a_battle_recorded_before_the_dice_draws_without_them() -> None:
    battle = copy.deepcopy(fought(2))
    for record in battle["rounds"]:
        for key in ("roll", "dice", "checks"):
            record.pop(key, None)
    battle.pop("checks")
    texts = draw_battle(scene(battle, names(2)), cjk=True)[1]
    assert "Round 1 ·" in texts and "2d6" not in texts
    assert any(text.startswith("Stratagem · ") for text in texts)
