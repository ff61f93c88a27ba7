"""A test named after every rule of the redeploy step (W25), the death of a ruler (W26) and
the destruction of a nation (W27) that had none (issue 15). Exits and entries come from the
real 天命札 cards (tenmei.apply_card); battles force their rolls by name order."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.i18n.catalog import LOCALES
from bot.i18n.words import Reader, words
from games.core.chance import ForcedOutcomeError, force
from games.wargame import combat, fates, heirs
from games.wargame.board import powers_in
from games.wargame.orders import movable, reach
from games.wargame.tenmei import apply_card
from tests.games.wargame import scenario
from tests.games.wargame.scenario import DATA, GAME, acting, gone, keys, legal, picked, seat_of
from tests.games.wargame.test_wargame_combat import army, by, move_out, put, rule
from tests.games.wargame.test_wargame_rules_w18_w21 import rolls

State = dict[str, Any]


def card(gid: str, kind: str) -> str:
    """The id of the card that brings `gid` in (`enter`) or takes him out (`exit`)."""
    return next(c for c, spot in DATA.cards.items()
                if spot["kind"] == kind and spot.get("general") == gid)


def redeploying(*areas: str) -> State:
    """曹操's redeploy step, with these areas his (emptied of anyone else's units)."""
    state = acting("cao")
    for aid in areas:
        move_out(state, aid, "changan")
        put(state, aid, "cao", 0)
    state, _ = by(state, "cao", "end")
    return state


# -- W25: the redeploy step ----------------------------------------------------------------------
def test_w25_1_in_the_redeploy_step_the_nation_moves_its_units():
    state = redeploying("xuchang")
    assert rule(state) == "redeploy" and "move chenliu" in legal(state)
    state, events = by(state, "cao", "move chenliu", "general cao_hong", "troops 2",
                       "to xuchang")
    assert "wargame.move.done" in keys(events)
    assert state["generals"]["cao_hong"]["area"] == "xuchang"
    assert state["areas"]["xuchang"]["troops"] == {"cao": 2}


UNIT_LINES = ("wargame.move.done", "wargame.battle.withdrawn", "wargame.invade.done")
NO_UNITS = re.compile(r"(?<!\d)0 troops|兵力 ?0(?!\d)|병력 0(?!\d)|(?<!\d)0 兵力|  |: with|"
                      r"moves and|withdraws and|: and|：及|：率|：と|将及|將及|はと|から兵力0")


def worded(event: Any) -> list[str]:
    return [words(event.text, Reader(locale)) for locale in LOCALES]


def test_w25a_a_move_line_names_only_what_moves_generals_troops_or_both():
    """A redeploy (and a retreat, and an invasion's contingent) says what moved: generals
    only, troops only, or both, in every language; never "0 troops", never a double space.
    Checked on three moves and on every such line of three whole AI games."""
    state = redeploying("xuchang")
    moves = {"troops": ("troops 2",), "generals": ("general cao_hong",),
             "both": ("general cao_hong", "troops 2")}
    for kind, chosen in moves.items():
        _, events = by(state, "cao", "move chenliu", *chosen, "to xuchang")
        (line,) = [e for e in events if e.text.key == "wargame.move.done"]
        english, *others = worded(line)
        assert ("Cao Hong" in english) == (kind != "troops")
        assert ("2 troops" in english) == (kind != "generals")
        for text in (english, *others):
            assert not NO_UNITS.search(text), text
    seen = 0
    for seed in (1, 2, 3):
        for *_, events, _ in scenario.ai_game(seed, wander=0.25):
            for event in events:
                if event.text.key in UNIT_LINES:
                    seen += 1
                    for text in worded(event):
                        assert not NO_UNITS.search(text), text
    assert seen > 50


def test_w25_3_a_general_has_3_movement_points_and_troops_2():
    # 陳留 -> 河内 is a river side (2), 河内 -> 鄴 a plain one (1): 鄴 costs 3
    state = redeploying("henei", "ye")
    troops_only, _ = by(state, "cao", "move chenliu", "troops 2")
    assert "to henei" in legal(troops_only) and "to ye" not in legal(troops_only)
    general_only, _ = by(state, "cao", "move chenliu", "general cao_hong")
    assert "to henei" in legal(general_only) and "to ye" in legal(general_only)


def test_w25_4_a_plain_side_costs_1_a_river_or_mountain_side_2():
    state = redeploying("xuchang", "henei", "luoyang", "ye")
    assert DATA.side("chenliu", "xuchang") == "plain"
    assert DATA.side("chenliu", "henei") == "river"
    assert DATA.side("chenliu", "luoyang") == "mountain"
    assert reach(state, "chenliu", 3) == {"xuchang": 1, "henei": 2, "luoyang": 2, "ye": 3}


def test_w25_5_no_invasion_markers_never_hinder_a_redeployment():
    state = acting("cao")
    put(state, "xuchang", "cao", 0)
    state["markers"]["chenliu|xuchang"] = 2
    state, _ = by(state, "cao", "end", "move chenliu", "troops 2")
    assert "to xuchang" in legal(state)
    state, _ = by(state, "cao", "to xuchang")
    assert state["areas"]["xuchang"]["troops"] == {"cao": 2}


def test_w25a_acted_units_move_once_without_combat_and_allied_minors_move_at_home():
    state = acting("cao")
    state["step"]["dp"] = 4
    state["ledger"]["removed"] += 3
    state["areas"]["shanyang"] = {"control": None, "troops": {}}
    state, _ = by(state, "cao", "invade shanyang", "general xiahou_yuan", "troops chenliu 3",
                  "confirm", "ally yuanshu", "end")
    assert "xiahou_yuan" in state["step"]["acted"]
    state, _ = by(state, "cao", "move shanyang", "general xiahou_yuan", "to chenliu")
    assert state["generals"]["xiahou_yuan"]["area"] == "chenliu"
    assert "xiahou_yuan" not in movable(state, "chenliu")[0]  # he moved once
    # 袁術's minor nation, allied this phase, redeploys within its own areas
    assert "move wan" in legal(state)
    state, _ = by(state, "cao", "move wan", "general ji_ling")
    assert [a for a in legal(state) if a.startswith("to ")] == ["to xinye"]
    state, _ = by(state, "cao", "to xinye")
    assert state["generals"]["ji_ling"]["area"] == "xinye"
    assert all(len(powers_in(state, a)) <= 1 for a in state["areas"])  # never a battle


# -- W26: the death of a ruler -------------------------------------------------------------------
def test_w26_1_a_ruler_gone_is_replaced_at_once():
    state = picked(3)
    events = apply_card(state, DATA, card("liu_yan", "exit"))
    assert state["nations"]["liuyan"]["ruler"] == "liu_zhang"
    assert keys(events)[-1] == "wargame.ruler.new" and not GAME.invariants(state)


def test_w26_2_only_the_designated_heirs_may_rule():
    state = picked(3)
    state["generals"]["liu_zhang"].update(state="dead", nation=None, area=None)
    apply_card(state, DATA, card("liu_yan", "exit"))
    # 張任 and 呉懿 serve in 成都; the next heir, 劉循, enters to rule instead
    assert state["nations"]["liuyan"]["ruler"] == "liu_xun"
    assert state["generals"]["liu_xun"] == {"state": "nation", "nation": "liuyan",
                                            "area": "chengdu"}
    assert state["generals"]["zhang_ren"]["nation"] == "liuyan"


def test_w26_5_with_no_heir_among_its_own_units_the_nation_is_destroyed():
    state = picked(3)
    state["generals"]["zhang_wei"].update(area="changan", nation="dong")  # serves 董卓 now
    events = apply_card(state, DATA, card("zhang_lu", "exit"))
    assert "wargame.nation.destroyed" in keys(events)
    assert not state["nations"]["zhanglu"]["alive"]
    assert state["generals"]["yan_pu"] == {"state": "zaiya", "nation": None, "area": "hanzhong"}
    assert state["generals"]["zhang_wei"]["nation"] == "dong"


def test_w26_6_the_heirs_of_the_source_are_the_datas_succession_lines():
    lines = {n: spot["succession"] for n, spot in DATA.nations.items()}
    assert lines["zhanglu"] == ["zhang_lu", "zhang_wei"]
    assert lines["tao"] == ["tao_qian", "liu_bei", "liu_shan"]
    assert lines["ma"] == ["ma_teng", "ma_chao", "ma_dai"]
    assert lines["yuanshu"] == ["yuan_shu", "yuan_yin"]
    assert lines["liuyan"] == ["liu_yan", "liu_zhang", "liu_xun"]
    assert lines["liubiao"][:2] == ["liu_biao", "liu_cong"]  # 「劉箱フ」: W26c


def test_w26a_free_heirs_are_skipped_and_a_ruling_heir_is_followed_only_by_later_ones():
    state = picked(3)
    state["generals"]["ma_chao"].update(state="zaiya", nation=None, area="tianshui")
    apply_card(state, DATA, card("ma_teng", "exit"))
    assert state["nations"]["ma"]["ruler"] == "ma_dai"  # 馬超 is 在野: skipped
    assert state["generals"]["ma_dai"]["nation"] == "ma"
    # 劉璋 rules although 劉焉 still serves: when 劉璋 goes, 劉循 follows, never 劉焉
    state["nations"]["liuyan"]["ruler"] = "liu_zhang"
    force(state, "cao")
    fates.fate(state, DATA, "liu_zhang", "exile", "cao")  # any way of leaving counts
    assert state["nations"]["liuyan"]["ruler"] == "liu_xun"
    assert state["generals"]["liu_yan"]["nation"] == "liuyan"


# -- W27: the destruction of a nation ------------------------------------------------------------
def test_w27_1_a_destroyed_nation_is_gone_for_the_rest_of_the_game():
    state = acting("cao")
    gone(state, "zhang_wei")
    apply_card(state, DATA, card("zhang_lu", "exit"))
    assert state["nations"]["zhanglu"]["alive"] is False
    assert state["nations"]["zhanglu"]["fell"] == state["turn"]
    force(state, "zhanglu")
    with pytest.raises(ForcedOutcomeError):  # no exile's draw finds it
        fates.fate(state, DATA, "cao_hong", "exile", "sun")
    state = acting("cao")
    gone(state, "zhang_wei")
    apply_card(state, DATA, card("zhang_lu", "exit"))
    state, events = by(state, "cao", "end", "end")  # the turn ends; the next begins
    filled = next(e.text for e in events if e.text.key == "wargame.cup.filled")
    cup = [m.key.rsplit(".", 1)[1] for m in filled.params["markers"]]
    assert state["turn"] == 2 and "zhanglu" not in cup and "liuyan" in cup


def test_w27_2_the_victor_checks_the_fallen_nations_generals_by_where_they_stand():
    # WX14's battle: 袁胤 dies in the duel; then 紀霊 (battle area) 3, 橋蕤 (新野) 5
    state, events = scenario.wx14_fall()
    falls = [(r["general"], r["column"], r["by"]) for r in rolls(events, "kill_check")
             if r["column"].startswith("fall")]
    assert falls == [("ji_ling", "fall_battle_area", "cao"), ("qiao_rui", "fall_other_area", "cao")]
    assert state["generals"]["ji_ling"] == {"state": "nation", "nation": "cao", "area": "wan"}
    # fall_other_area 5 = 帰順 (in the battle area it would be 生捕り): he stays in 新野
    assert state["generals"]["qiao_rui"] == {"state": "nation", "nation": "cao", "area": "xinye"}
    assert state["areas"]["xinye"] == {"control": None, "troops": {}}
    state, _ = by(state, "cao", "end")
    assert state["areas"]["xinye"]["control"] == "cao" and not GAME.invariants(state)


def test_w27_3_destroyed_outside_combat_its_generals_go_free_without_a_check():
    state = picked(3)
    gone(state, "zhang_wei")
    events = apply_card(state, DATA, card("zhang_lu", "exit"))
    assert not [e for e in events if e.kind == "chance"]  # no kill check
    assert state["generals"]["yan_pu"] == {"state": "zaiya", "nation": None, "area": "hanzhong"}
    assert state["areas"]["hanzhong"] == {"control": None, "troops": {}}
    assert "zhanglu" not in state["cup"] and not GAME.invariants(state)


def test_w27_5_the_player_of_a_destroyed_nation_is_left_without_one():
    state = picked(3)
    seat = seat_of(state, "tao")
    gone(state, "liu_bei", "liu_shan")
    apply_card(state, DATA, card("tao_qian", "exit"))
    assert not state["nations"]["tao"]["alive"]
    assert heirs.homeless(state) == [seat]
    asked = heirs.next_takeover_step(state)
    assert asked is not None and asked["seats"] == [seat] and asked["rule"] == "takeover"


def test_w27_6_a_destroyed_contingent_leaves_the_rest_of_the_coalition_fighting():
    state = acting("cao", minor_combat="auto")
    state["step"]["dp"] = 4
    gone(state, "yuan_yin", "zhang_xun", "yang_hong", "qiao_rui")
    put(state, "xuchang", "cao", 6, "cao_ren")
    # a duel, N = 1: 袁術 1 + 1 against a 豪族 duellist's 6 (duel_4: 4 = 死亡), two unopposed
    # 豪族 duellists; the loss of 5 splits 3 (曹操, most troops) and 2 (袁術); then 紀霊, in
    # 宛, is checked on fall_other_area: 6 = 死亡
    force(state, 1, 2, 1, 6, 4, 6)
    state, _ = by(state, "cao", "ally yuanshu", "invade runan", "general cao_ren",
                  "general yuan_shu", "troops xuchang 6", "troops wan 4", "confirm")
    state, events = by(state, "cao", "general yuan_shu")
    assert not state["nations"]["yuanshu"]["alive"]
    assert state["generals"]["yuan_shu"]["state"] == "dead"
    assert combat.members(state, "attacker") == ["cao"]
    assert army(state, "runan", "cao") == 3 and army(state, "runan", "yuanshu") == 0
    assert state["battle"] is not None and rule(state) == "declare"  # the combat goes on
    assert not GAME.invariants(state)
