"""The action phase (spec T3.2, T3.3, T3.6, T3.7): transfers and connection (TX6), own-turn
cards that do not use the action, extra turns and the end of the phase (TX17), and the 民生
bounds (TX18)."""

from __future__ import annotations

import pytest

from games.core import Action, IllegalAction
from games.core.flow import top, turn
from games.tang import GAME
from games.tang.model import change_minsheng
from games.tang.turns import transfer_sources
from tests.games.tang.scenario import armies, keys, legal, play, table
from tests.wording import english

TX6 = {"changan": (0, 12), "fufeng": (0, 1), "anding": (0, 1), "hanzhong": (0, 1),
       "huayin": (0, 1), "shanzhou": (0, 3)}


def test_tx6_transfer_between_connected_cities():
    state = table(4, TX6, capitals={0: "changan"}, generals={"changan": {"li_siye": 0}})
    state, _ = play(state, 0, "transfer changan", "to hanzhong")
    assert "count 8" in legal(state, 0) and "count 9" not in legal(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Action.parse("count 9"))
    assert english(refused.value.message) == "A transfer carries at most 8 armies."
    state, events = play(state, 0, "count 8", "take li_siye")
    assert armies(state, "hanzhong", 0) == 9 and armies(state, "changan", 0) == 4
    assert state["cities"]["hanzhong"]["generals"] == {"li_siye": 0}
    assert "tang.log.transfer" in keys(events)
    assert state["turn"]["acted"] and not [a for a in legal(state, 0)
                                           if a.startswith(("attack", "transfer"))]


def test_t3_6_ashina_congli_moves_twelve():
    state = table(4, TX6, capitals={0: "changan"}, reps=["ashina_congli", "li_mi", "gao_lishi",
                                                         "lu_jiong"])
    state, _ = play(state, 0, "transfer changan", "to hanzhong")
    assert "count 12" in legal(state, 0) and "count 13" not in legal(state, 0)


def test_tx6_a_siege_cuts_a_city_off_from_the_capital():
    state = table(4, TX6, capitals={0: "changan"})
    c = state["cities"]["huayin"]
    c.update(controller=None, armies={"0": 1, "3": 2})
    state["players"][3]["ledger"]["armies"] += 2
    assert "shanzhou" not in transfer_sources(state, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Action.parse("transfer shanzhou"))
    assert english(refused.value.message) == "Shanzhou is not connected to your capital."
    state2, _ = play(state, 0, "transfer changan")
    assert "to shanzhou" not in legal(state2, 0)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state2, 0, Action.parse("to shanzhou"))
    assert refused.value.message.key == "tang.refuse.not_connected"
    assert "attack luoyang" in legal(state, 0)  # attacking from it is still legal


def test_t3_6_option_transfer_range_adjacent():
    state = table(4, TX6, capitals={0: "changan"}, options={"transfer_range": "adjacent"})
    state, _ = play(state, 0, "transfer changan")
    assert "to hanzhong" in legal(state, 0) and "to shanzhou" not in legal(state, 0)


def test_t3_2_3_own_turn_cards_do_not_use_the_action():
    state = table(3, TX6, capitals={0: "changan"}, hands={0: ["wuzhong"]})
    state, events = play(state, 0, "play wuzhong")
    assert len(state["players"][0]["hand"]) == 2
    assert not state["turn"]["acted"]
    assert any(a.startswith("attack") for a in legal(state, 0))
    used = table(3, TX6, capitals={0: "changan"}, hands={0: ["wuzhong"]},
                 options={"own_turn_cards_use_action": True})
    used, _ = play(used, 0, "play wuzhong")
    assert used["turn"]["acted"]


def third_turns(n=3, hands=None, minsheng=10):
    state = table(n, {"changan": (0, 5), "fufeng": (0, 1), "jiaozhi": (1, 3),
                      "guangzhou": (1, 1)}, capitals={0: "changan", 1: "jiaozhi"},
                  hands=hands or {})
    state["act"]["pass"] = 3
    state["turn"]["basic"] = 3
    for p in state["players"]:
        p["minsheng"] = minsheng
    return state


def test_tx17_extra_turns_and_the_end_of_the_action_phase():
    state = third_turns(hands={2: ["jixing"]})
    state, _ = play(state, 0, "end")
    assert top(state) == turn("extra", 0)
    state, events = play(state, 0, "extra yes")
    assert state["players"][0]["minsheng"] == 9 and state["players"][0]["grain"] == 54
    assert "tang.log.extra_turn" in keys(events)
    state, _ = play(state, 0, "end", "extra yes", "end", "extra no")
    assert state["players"][0]["minsheng"] == 8
    assert GAME.to_act(state) == {1}
    state, _ = play(state, 1, "end", "extra no")
    assert GAME.to_act(state) == {2}
    transfer = next(a for a in legal(state, 2) if a.startswith("transfer"))
    state, _ = play(state, 2, transfer)
    state, _ = play(state, 2, legal(state, 2)[1], "count 1")
    state, _ = play(state, 2, "play jixing", "end")
    assert state["turn"]["extra"] == "free" and state["players"][2]["minsheng"] == 10
    grain = state["players"][2]["grain"]
    state, _ = play(state, 2, "end", "extra no")
    assert state["players"][2]["grain"] == grain
    assert top(state)["rule"] == "wstep" and top(state)["data"]["window"] == "ACTION_END"
    assert top(state)["seats"] == [0]


def test_tx17_no_extra_turn_at_welfare_zero():
    state = third_turns(minsheng=0)
    state, _ = play(state, 0, "end")
    assert legal(state, 0) == ["extra no"]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, Action.parse("extra yes"))
    assert refused.value.message.key == "tang.refuse.minsheng_zero"


def test_t3_3_option_extra_turn_literal_gains_welfare_once():
    state = third_turns()
    state["options"]["extra_turn"] = "literal"
    state, _ = play(state, 0, "end", "extra yes")
    assert state["players"][0]["minsheng"] == 11
    state, _ = play(state, 0, "end")
    assert GAME.to_act(state) == {1}  # only one a phase


def test_tx18_welfare_bounds():
    state = table(3, {"changan": (0, 5)}, phase="supply", seat=0, capitals={0: "changan"},
                  reps=["pugu_huaien", "li_mi", "gao_lishi"])
    state["players"][0]["minsheng"] = 0
    assert "tax raise" not in legal(state, 0)
    assert change_minsheng(state, 0, -1) == (0, 0)
    assert change_minsheng(state, 0, 1) == (0, 1)
    state["players"][0]["minsheng"] = 20
    assert change_minsheng(state, 0, 1) == (20, 20)
    assert "tax cut" not in legal(state, 0)


def test_t3_3_turns_go_round_from_the_first_player():
    state = table(3, {"changan": (0, 5), "jiaozhi": (1, 3)},
                  capitals={0: "changan", 1: "jiaozhi"})
    order = []
    for _ in range(9):
        seat = next(iter(GAME.to_act(state)))
        order.append(seat)
        state, _ = play(state, seat, "end", "extra no")
    assert order == [0, 1, 2] * 3
    assert top(state)["rule"] == "wstep"


def test_t10_2_a_deadline_skip_does_nothing_or_passes():
    state = third_turns()
    assert GAME.skip_action(state, 0).text == "end"
    state, _ = play(state, 0, "end")
    assert GAME.skip_action(state, 0).text == "extra no"
