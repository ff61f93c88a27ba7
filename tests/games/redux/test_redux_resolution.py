"""R8.3: whose turn, the order of a player's own actions, declining (A27), clean-up, the
alliance action performed by both allies (A22, A23), and refusals of the wrong move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.core import Action, MalformedAction, NotYourTurn
from games.redux import data, resolution
from games.redux.state import player, status
from tests.games.redux.resolution_scenario import (
    SHU,
    WEI,
    WU,
    do,
    events_text,
    legal_texts,
    placement,
    refused,
    resolving,
    table,
)


def three_winners(order: tuple[int, int, int]) -> tuple[dict, str]:
    state = table(wei=["wei.cao_cao", "wei.jia_xu"], wu=["wu.sun_jian"], shu=["shu.liu_bei"])
    state, events = resolving(state, placement(WEI, "wei.cao_cao", "farm"),
                              placement(WEI, "wei.jia_xu", "recruit"),
                              placement(WU, "wu.sun_jian", "market"),
                              placement(SHU, "shu.liu_bei", "support"), order=order)
    return state, events_text(events)


def test_r8_3_1_action_order_and_all_of_a_players_actions_first() -> None:
    state, text = three_winners(order=(SHU, WEI, WU))
    assert state["actor"] == SHU and "Seat 3 resolves: Gain Support" in text
    do(state, SHU, "perform support")
    assert state["actor"] == WEI
    do(state, WEI, "farm develop")
    assert state["actor"] == WEI  # Wei performs both of its actions before Wu
    do(state, WEI, "perform recruit")
    assert state["actor"] == WU


def test_r8_3_1_the_player_chooses_the_order_of_its_actions() -> None:
    state, _ = three_winners(order=(WEI, WU, SHU))
    assert legal_texts(state, WEI) == ["farm develop", "perform recruit", "decline farm",
                                       "decline recruit"]
    do(state, WEI, "perform recruit")
    assert resolution.todo(state, WEI) == ["farm"]


def test_only_the_actor_acts() -> None:
    state, _ = three_winners(order=(WEI, WU, SHU))
    with pytest.raises(NotYourTurn):
        resolution.apply(state, WU, Action.parse("market develop"))
    assert resolution.legal(state, WU) == []
    assert resolution.to_act(state) == {WEI}


def test_refusals_of_moves_that_are_not_a_won_action() -> None:
    state, _ = three_winners(order=(WEI, WU, SHU))
    refused(state, WEI, "market develop", "no Develop Market or Collect Tax to resolve")
    refused(state, WEI, "perform farm", "That action has its own choices")
    refused(state, WEI, "decline emperor", "no Manipulate Han Emperor to resolve")
    refused(state, WEI, "decline nothing", "no action `nothing`")
    refused(state, WEI, "produce gold gold", "produce spears, horses")
    with pytest.raises(MalformedAction, match="You can: Develop a farm \\(level 0 → 1\\)"):
        resolution.apply(state, WEI, Action.parse("dance"))


def test_a27_declining_cleans_up_like_performing() -> None:
    """Generals and units return, support tokens go to the general supply, the Han Emperor
    token stays with its holder."""
    state = table(wei=["wei.xu_chu"])
    state["emperor_holder"] = WEI
    state, _ = resolving(state, placement(WEI, "wei.xu_chu", "battle_shu_wei", ("infantry", 2),
                                          support=2, emperor=True),
                         placement(WU, "wu.sun_jian", "farm"))
    supply = state["supply"]["support"]
    events = do(state, WEI, "decline battle_shu_wei")
    p = player(state, WEI)
    assert "declines Battle (Shu-Wei border)." in events_text(events)
    assert p["armies"]["trained"] == 2 and p["weapons"]["spear"] == 2 and p["support"] == 0
    assert state["supply"]["support"] == supply + 2
    assert status(state, WEI, "wei.xu_chu") == "available"
    assert state["emperor_holder"] == WEI and "battle_shu_wei" not in p["performed"]


def test_a22_both_allies_perform_the_alliance_action_fully() -> None:
    state = table(wu=["wu.sun_jian"], shu=["shu.liu_bei"])
    state, _ = resolving(state, placement(WU, "wu.sun_jian", "instructor"),
                         placement(SHU, "shu.liu_bei", "instructor"))
    assert state["actor"] == WU
    do(state, WU, "hire 0", "import union")
    assert state["actor"] == SHU
    do(state, SHU, "hire 0", "import separation")
    assert len(player(state, WU)["hand"]) == 6 and len(player(state, SHU)["hand"]) == 7
    assert player(state, WU)["performed"] == ["instructor"] == player(state, SHU)["performed"]


def test_a23_only_the_ally_who_bid_performs() -> None:
    state = table(wu=["wu.sun_jian"], shu=["shu.liu_bei"])
    state, _ = resolving(state, placement(SHU, "shu.liu_bei", "recruit"))
    assert resolution.todo(state, WU) == [] and state["actor"] == SHU
    assert state["successes"] == [0, 0, 1]


def test_nothing_won_goes_straight_to_decay_and_benefits() -> None:
    state, events = resolving(table())
    assert state["step"] == "round_done" and state["actor"] is None
    assert "Xiongnu friendship 5 → 4" in events_text(events)


def test_a_seat_with_nothing_to_do_is_skipped() -> None:
    state = table()
    state, _ = resolving(state, placement(SHU, "shu.liu_bei", "recruit"), order=(WEI, WU, SHU))
    assert state["actor"] == SHU


def test_action_yield_with_a_weapon_of_choice_is_asked_after_the_action() -> None:
    """A yield of `weapon` (none in the designed pack: a pack giving Cao Cao one)."""
    pack = json.loads((Path(data.__file__).parent / "data" / "designed.json").read_text())
    cao_cao = next(g for g in pack["generals"] if g["id"] == "wei.cao_cao")
    cao_cao["abilities"] = [{"kind": "action_yield", "action": "recruit",
                             "gain": {"weapon": 1}}]
    state = table(options={"pack": json.dumps(pack)})
    state, _ = resolving(state, placement(WEI, "wei.cao_cao", "recruit"))
    do(state, WEI, "perform recruit")
    assert state["doing"]["stage"] == "take" and player(state, WEI)["armies"]["untrained"] == 2
    do(state, WEI, "take horse 1")
    assert player(state, WEI)["weapons"]["horse"] == 1 and state["step"] == "round_done"
