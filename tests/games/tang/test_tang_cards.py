"""锦囊 and skills (spec T6, T7, T8.3): the response window of 识破 for the one affected
player whether or not they hold it (no leak), cards passing 安禄山 (TX20), 安禄山 deployed and
removed (TX19), and the own-turn, phase-window and battle cards and skills."""

from __future__ import annotations

from games.core import force
from games.core.flow import top, turn
from games.tang import GAME
from games.tang.cards import locked_at
from games.tang.model import holds_anlushan
from tests.games.tang.scenario import armies, keys, legal, play, table
from tests.wording import english

BOARD = {"changan": (0, 5), "fufeng": (0, 2), "hanzhong": (1, 3), "jiaozhi": (1, 1),
         "tianshui": (2, 2)}


def test_t8_3_the_window_opens_without_shipo_and_offers_pass():
    state = table(3, BOARD, hands={0: ["caochuan"]}, grain={0: 0, 1: 3, 2: 9},
                  capitals={0: "changan", 1: "jiaozhi"})
    state, events = play(state, 0, "play caochuan 2")
    assert GAME.to_act(state) == {1} and legal(state, 1) == ["pass"]
    assert top(state)["kind"] == "window"
    state, events = play(state, 1, "pass")
    assert state["players"][0]["grain"] == 3 and state["players"][1]["grain"] == 0  # min(4, 3)
    assert top(state) == turn("turn", 0)


def test_t8_3_shipo_cancels_and_both_are_discarded():
    state = table(3, BOARD, hands={0: ["caochuan"], 1: ["shipo"]},
                  capitals={0: "changan", 1: "jiaozhi"})
    state, _ = play(state, 0, "play caochuan 2")
    assert legal(state, 1) == ["respond shipo", "pass"]
    state, events = play(state, 1, "respond shipo")
    assert state["players"][0]["grain"] == 50
    assert sorted(c.split(".")[0] for c in state["discard"]) == ["caochuan", "shipo"]
    assert "tang.log.seen_through" in keys(events)


def test_tx20_passing_an_lushan_with_fanjian():
    state = table(5, BOARD, hands={1: ["fanjian", "fanjian"], 4: ["shipo"]},
                  piles={1: ["an_lushan", "li_siye"], 3: ["xu_yuan", "hun_zhen"],
                         4: ["abusi"]}, seat=1, capitals={0: "changan", 1: "jiaozhi"})
    state, events = play(state, 1, "play fanjian 5")
    state, events2 = play(state, 4, "respond shipo")
    assert state["players"][1]["pile"] == ["an_lushan", "li_siye"]
    assert [english(e.text, names=list("ABCDE")) for e in events + events2 if e.seats is None] == [
        "B played Sow Discord on E.", "E passes.", "E answered B's Sow Discord with See Through: "
        "it has no effect."] or all(e.seats is None for e in events + events2)
    state, _ = play(state, 1, "play fanjian 4")
    state, _ = play(state, 3, "pass")
    assert GAME.to_act(state) == {1} and "give an_lushan" in legal(state, 1)
    force(state, "xu_yuan")
    state, events = play(state, 1, "give an_lushan")
    assert "an_lushan" in state["players"][3]["pile"] and holds_anlushan(state, 3)
    assert "xu_yuan" in state["players"][1]["pile"]
    public = [e for e in events if e.seats is None]
    assert all("an_lushan" not in repr(e.text) and "xu_yuan" not in repr(e.text) for e in public)
    assert any(e.seats == (3,) and "an_lushan" in repr(e.text) for e in events)
    assert any(e.seats == (1, 3) and "xu_yuan" in repr(e.text) for e in events)


def test_tx19_an_lushan_deployed_rises_and_is_removed_with_his_side():
    yong = {c: (2, 1) for c in ("changan", "fufeng", "huayin", "anding", "lingwu")}
    state = table(4, {**yong, "fanyang": (2, 1), "boling": (3, 9)},
                  piles={2: ["an_lushan", "abusi"]}, phase="supply", seat=2, rest=0,
                  capitals={2: "changan", 3: "boling"})
    state, events = play(state, 2, "tax none", "deploy an_lushan fanyang")
    assert "tang.log.anlushan_shown" in keys(events)
    assert holds_anlushan(state, 2)  # AL3: a deployed general is still held
    events = locked_at(state, 2, "ACTION_START")
    assert armies(state, "fanyang", 2) == 4 and "tang.log.anlushan_rises" in keys(events)
    state = table(4, {"fanyang": (2, 2), "boling": (3, 9), "changan": (2, 1)}, seat=3, rest=0,
                  generals={"fanyang": {"an_lushan": 2}}, capitals={2: "changan", 3: "boling"})
    state, _ = play(state, 3, "attack fanyang", "muster boling", "count 9", "confirm")
    force(state, 6, 6, 1, 1)
    state, _ = play(state, 2, "done", "pass")
    state, _ = play(state, 3, "pass")
    assert "an_lushan" in state["removed"] and not holds_anlushan(state, 2)


def test_t6_6_an_attacking_an_lushan_is_relocated_not_removed():
    state = table(3, {"fanyang": (0, 3), "boling": (1, 20), "pingyuan": (0, 1),
                      "jiaozhi": (1, 1)}, generals={"fanyang": {"an_lushan": 0}},
                  capitals={0: "pingyuan", 1: "jiaozhi"})
    state, _ = play(state, 0, "attack boling", "muster fanyang", "count 3", "take an_lushan",
                    "confirm")
    force(state, 1, 1, 6, 6)
    state, _ = play(state, 1, "done", "pass")
    state, _ = play(state, 0, "pass")
    # the only city of P0 next to 博陵 takes him (T3.4.5 step 2)
    assert state["cities"]["fanyang"]["generals"] == {"an_lushan": 0}
    assert holds_anlushan(state, 0)


def test_t7_4_dacao_and_jinjian_are_private():
    state = table(3, BOARD, hands={0: ["dacao"]}, piles={1: ["li_siye", "abusi"]},
                  reps=["zhang_jiuling", "li_mi", "gao_lishi"],
                  capitals={0: "changan", 1: "jiaozhi"})
    state, _ = play(state, 0, "play dacao 2")
    state, events = play(state, 1, "pass")
    peek = [e for e in events if e.seats == (0,)]
    assert peek and peek[0].text.key == "tang.log.peek_all"
    assert state["players"][0]["knowledge"][0]["cards"] == ["abusi", "li_siye"]
    state, events = play(state, 0, "skill jinjian 2")
    assert [e.seats for e in events if "li_siye" in repr(e.text) or "abusi" in repr(e.text)] \
        == [(0,)]
    assert "skill jinjian 2" not in legal(state, 0)  # once an action phase


def test_t7_4_diaohu_moves_a_general_after_its_owner_passes():
    state = table(3, {**BOARD, "xiangyang": (1, 1)}, hands={0: ["diaohu"]},
                  generals={"hanzhong": {"wang_sili": 1}}, capitals={0: "changan", 1: "jiaozhi"})
    state, _ = play(state, 0, "play diaohu wang_sili")
    assert GAME.to_act(state) == {1}
    state, _ = play(state, 1, "pass")
    assert "to jiaozhi" in legal(state, 0) and "to hanzhong" not in legal(state, 0)
    state, _ = play(state, 0, "to xiangyang")
    assert state["cities"]["xiangyang"]["generals"] == {"wang_sili": 1}


def test_t6_5_xianjian_tells_only_its_user():
    state = table(3, BOARD, reps=["an_sishun", "li_mi", "gao_lishi"], piles={2: ["an_lushan"]},
                  capitals={0: "changan", 1: "jiaozhi"})
    state, events = play(state, 0, "skill xianjian")
    told = [e for e in events if e.text.key == "tang.log.foresight"]
    assert told[0].seats == (0,) and english(told[0].text, names=list("ABC")) == \
        "An Lushan is held by: C."
    assert "skill xianjian" not in legal(state, 0)


def test_t6_5_koumi_and_fanfu_swap_pile_cards():
    state = table(3, BOARD, reps=["li_linfu", "shi_siming", "gao_lishi"],
                  piles={0: ["abusi"], 1: ["li_siye", "hun_zhen"]},
                  capitals={0: "changan", 1: "jiaozhi"})
    force(state, "hun_zhen")
    state, _ = play(state, 0, "skill koumi 2", "give abusi")
    assert state["players"][0]["pile"] == ["hun_zhen"]
    assert sorted(state["players"][1]["pile"]) == ["abusi", "li_siye"]
    assert "skill koumi 2" not in legal(state, 0)


def test_t6_5_supply_end_skills():
    state = table(3, BOARD, reps=["pugu_huaien", "yan_zhenqing", "feng_changqing"],
                  capitals={0: "changan", 1: "jiaozhi"})
    state["flow"]["stack"] = [turn("wstep", 2, window="SUPPLY_END"),
                              turn("wstep", 1, window="SUPPLY_END"),
                              turn("wstep", 0, window="SUPPLY_END")]
    state["flow"]["phase"] = "supply"
    state, _ = play(state, 0, "skill jiebing changan", "pass")
    assert state["players"][0]["minsheng"] == 9 and armies(state, "changan", 0) == 15
    state, _ = play(state, 1, "skill yiqi", "pass")
    assert state["players"][1]["minsheng"] == 11
    state, _ = play(state, 2, "skill mushi tianshui")
    assert armies(state, "tianshui", 2) == 5 and "skill mushi tianshui" not in legal(state, 2)


def test_t6_5_xu_yuan_rallies_once_as_defender_and_li_huaiguang_rerolls():
    state = table(3, {"chenliu": (0, 10), "xingyang": (1, 6), "jiaozhi": (0, 1)},
                  reps=["li_huaiguang", "xu_yuan", "gao_lishi"], capitals={0: "jiaozhi"})
    state, _ = play(state, 0, "attack xingyang", "muster chenliu", "count 10", "confirm")
    force(state, 1, 1, 2, 2)
    state, _ = play(state, 1, "done", "rally", "count 2")
    assert state["battle"]["rally"]["def"] == 2 and "rally" not in legal(state, 1)
    state, _ = play(state, 1, "pass")
    force(state, 6)
    state, _ = play(state, 0, "skill shuofang a1")
    assert state["battle"]["dice"]["a"] == [6, 1]
    assert not [a for a in legal(state, 0) if a.startswith("skill")]


def test_t7_1_the_discard_pile_is_reshuffled_when_the_deck_runs_out():
    state = table(3, BOARD, hands={0: ["wuzhong"]}, capitals={0: "changan", 1: "jiaozhi"})
    state["discard"], state["jn_deck"] = state["jn_deck"], []
    state, events = play(state, 0, "play wuzhong")
    assert len(state["players"][0]["hand"]) == 2
    assert "tang.log.reshuffle" in keys(events)
