"""R8.4.14 the tribal friendship action, R8.5 decay and rebellion, the 12-reward (EX15,
EX16, A11-A14)."""

from __future__ import annotations

from games.redux.state import player
from tests.games.redux.resolution_scenario import (
    SHU,
    WEI,
    do,
    events_text,
    given,
    legal_texts,
    placement,
    refused,
    resolving,
    table,
)


def shu_on_nanman(tribal: int = 2, **attached) -> tuple[dict, list]:
    """Shu placed Jiang Wei on the Nanman action with `attached` (unit=..., gold=...)."""
    state = table(shu=["shu.jiang_wei", "shu.liu_bei"])
    given(state, SHU, tribal=tribal)
    return resolving(state, placement(SHU, "shu.jiang_wei", "nanman", **attached))


def test_ex15a_tribal_with_two_gold() -> None:
    state, _ = shu_on_nanman(gold=2)
    assert legal_texts(state, SHU) == ["perform nanman", "decline nanman"]
    events = do(state, SHU, "perform nanman")
    p = player(state, SHU)
    assert p["tribal"] == 4 and p["gold"] == 0  # paid to the general supply, no decay
    assert state["successes"][SHU] == 1
    assert "paying 2 gold: tribal friendship 2 → 4" in events_text(events)
    assert "Seat 3 did not perform" not in events_text(events)


def test_ex15b_tribal_with_two_units_that_return() -> None:
    state, _ = shu_on_nanman(unit=("infantry", 2))
    do(state, SHU, "perform nanman")
    p = player(state, SHU)
    assert p["tribal"] == 4
    assert p["armies"]["trained"] == 2 and p["weapons"]["spear"] == 2


def test_a11_general_alone_moves_0_and_avoids_decay() -> None:
    state, _ = shu_on_nanman(tribal=5)
    do(state, SHU, "perform nanman")
    assert player(state, SHU)["tribal"] == 5
    assert player(state, SHU)["tribal_done"]


def test_declined_tribal_refunds_gold_and_decays() -> None:
    state, _ = shu_on_nanman(tribal=5, gold=2)
    do(state, SHU, "decline nanman")
    p = player(state, SHU)
    assert (p["gold"], p["tribal"]) == (2, 4)


def test_a14_gold_paid_in_full_at_the_cap() -> None:
    state, _ = shu_on_nanman(tribal=11, gold=2)
    do(state, SHU, "perform nanman")
    assert (player(state, SHU)["tribal"], player(state, SHU)["gold"]) == (12, 0)


def test_tribal_bonus_of_a_card() -> None:
    state = table(shu=["shu.jiang_wei"])
    given(state, SHU, tribal=3, built=["union.frontier_market"])
    state, _ = resolving(state, placement(SHU, "shu.jiang_wei", "nanman"))
    events = do(state, SHU, "perform nanman")
    assert player(state, SHU)["tribal"] == 4
    assert "+1 from abilities" in events_text(events)


# -- R8.5 decay and rebellion (A12, A16) ----------------------------------------------------------
def test_decay_to_1_rebels() -> None:
    state = table()
    given(state, WEI, tribal=2)
    given(state, SHU, tribal=1)
    state, events = resolving(state)
    assert player(state, WEI)["tribal"] == 1 and player(state, WEI)["deficits"] == 1
    assert player(state, SHU)["tribal"] == 1 and player(state, SHU)["deficits"] == 1
    assert "Rebellion" in events_text(events)


def test_a12_performing_at_1_does_not_rebel_unless_all_players() -> None:
    state, _ = shu_on_nanman(tribal=1)
    do(state, SHU, "perform nanman")
    assert player(state, SHU)["deficits"] == 0
    state = table(shu=["shu.jiang_wei"])
    state["options"]["rebellion_check"] = "all_players"
    given(state, SHU, tribal=1)
    state, _ = resolving(state, placement(SHU, "shu.jiang_wei", "nanman"))
    do(state, SHU, "perform nanman")
    assert player(state, SHU)["deficits"] == 1


def test_a12_held_at_1_by_jia_xu_rebels() -> None:
    state = table(round_=4, wei=["wei.jia_xu"])
    given(state, WEI, tribal=1)
    state, events = resolving(state)
    assert player(state, WEI)["tribal"] == 1 and player(state, WEI)["deficits"] == 1
    assert "Jia Xu: Seat 1's Xiongnu friendship stays at 1" in events_text(events)


# -- EX16 and the 12-reward (A13) -----------------------------------------------------------------
def test_ex16_round_7_reward_after_the_action() -> None:
    state = table(round_=7, wei=["wei.jia_xu", "wei.cao_cao"])
    given(state, WEI, tribal=10, rice=2)
    state, _ = resolving(state, placement(WEI, "wei.cao_cao", "xiongnu", gold=2))
    do(state, WEI, "perform xiongnu")
    assert legal_texts(state, WEI) == ["reward yes", "reward no"]
    do(state, WEI, "reward yes")
    p = player(state, WEI)
    assert (p["tribal"], p["rice"], p["support"], p["reward_taken"]) == (12, 0, 1, True)
    assert state["step"] == "round_done"  # A13: not offered again at R8.5


def test_ex16_round_8_jia_xu_holds_12_and_reward_at_decay() -> None:
    state = table(round_=8, wei=["wei.jia_xu", "wei.cao_cao"])
    given(state, WEI, tribal=12, rice=3)
    state, events = resolving(state, placement(WEI, "wei.cao_cao", "farm"))
    do(state, WEI, "farm develop")
    assert state["step"] == "reward" and legal_texts(state, WEI) == ["reward yes", "reward no"]
    do(state, WEI, "reward yes")
    p = player(state, WEI)
    assert (p["tribal"], p["rice"], p["support"]) == (12, 1, 1)
    assert state["step"] == "round_done"


def test_ex16_round_9_decays_and_no_reward() -> None:
    state = table(round_=9, wei=["wei.jia_xu"])
    given(state, WEI, tribal=12, rice=3)
    state, _ = resolving(state)
    assert player(state, WEI)["tribal"] == 11 and state["step"] == "round_done"


def test_a13_reward_needs_2_rice() -> None:
    state = table(round_=8, wei=["wei.jia_xu"])
    given(state, WEI, tribal=12, rice=1)
    state, _ = resolving(state)
    assert state["step"] == "round_done" and player(state, WEI)["support"] == 0


def test_reward_declined() -> None:
    state = table(round_=8, wei=["wei.jia_xu"])
    given(state, WEI, tribal=12, rice=2)
    state, _ = resolving(state)
    events = do(state, WEI, "reward no")
    assert player(state, WEI)["rice"] == 2 and "does not take" in events_text(events)


def test_tribal_refusals() -> None:
    state, _ = shu_on_nanman(gold=2)
    refused(state, SHU, "perform xiongnu", "no Xiongnu tribal friendship \\(Wei\\) to resolve")
    state, _ = shu_on_nanman(tribal=11, gold=1)
    given(state, SHU, rice=2)
    do(state, SHU, "perform nanman")
    refused(state, SHU, "reward maybe", "the form is `reward yes\\|no`")


def test_tribal_bonus_only_of_the_placed_general() -> None:
    """Pang De's bonus counts when he is the general on the tribal action, not otherwise."""
    state = table(wei=["wei.pang_de", "wei.cao_cao"])
    given(state, WEI, tribal=5)
    state, _ = resolving(state, placement(WEI, "wei.pang_de", "xiongnu", gold=1))
    do(state, WEI, "perform xiongnu")
    assert player(state, WEI)["tribal"] == 7
    state = table(wei=["wei.pang_de", "wei.cao_cao"])
    given(state, WEI, tribal=5)
    state, _ = resolving(state, placement(WEI, "wei.cao_cao", "xiongnu", gold=1))
    do(state, WEI, "perform xiongnu")
    assert player(state, WEI)["tribal"] == 6
