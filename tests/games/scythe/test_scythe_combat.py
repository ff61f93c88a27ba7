"""Combat (spec S13): the order of combats, pre-combat abilities (Artillery, Disarm, Scout),
the secret commitment, the outcome, retreats (Seaworthy lakes, lake combat), the star and the
end on a sixth star during combats. Tests T28-T38 and T42."""

from __future__ import annotations

import copy

import pytest

from games.core import Action, IllegalAction
from games.scythe import flow
from games.scythe.control import controller
from games.scythe.starts import begin_move
from games.scythe.state import card_value, pending, push, resources_at, top, unit_place
from tests.games.scythe.scenario import build, deal, place, put, table


def arrive(state: dict, seat: int, territory: str, *units: str, origin: str = "r0c0") -> None:
    """`seat`'s units moved onto `territory` in the current Move (recorded for S2.7, S18.3)."""
    for unit in units:
        place(state, seat, unit, territory)
        state["turn"]["moved"][f"{seat}/{unit}"] = origin


def after_move(state: dict, seat: int) -> list:
    state["active"] = seat
    push(state, {"kind": "after_move", "seat": seat})
    return flow.settle(state)


def act(state: dict, seat: int, text: str) -> list:
    return flow.dispatch(state, seat, Action.parse(text)) + flow.settle(state)


def commit(state: dict, seat: int, dial: int, *cards: int) -> list:
    """The secret commitment step by step, as a player makes it: dial, cards, commit."""
    events = act(state, seat, f"dial {dial}")
    for value in cards:
        events += act(state, seat, f"card {value}")
    return events + act(state, seat, "commit")


def legal(state: dict, seat: int) -> set[str]:
    return {a.text for a in flow.legal_actions(state, seat)}


def texts(events: list) -> str:
    return " | ".join(str(e.text) for e in events if e.public)


def hand_values(state: dict, seat: int) -> list[int]:
    return sorted(card_value(c) for c in state["players"][seat]["cards"])


# -- T29: a combat with cards ---------------------------------------------------------------------
def t29() -> dict:
    """A Rusviet character and mech moved into r3c4 holding a Polania mech."""
    state = table(("rusviet", "industrial"), ("polania", "engineering"))
    state["players"][0]["power"], state["players"][1]["power"] = 6, 5
    deal(state, 0, 4, 2)
    deal(state, 1, 3)
    place(state, 1, "mech:speed", "r3c4")
    put(state, "r3c4", "metal", 2)
    arrive(state, 0, "r3c4", "character", "mech:speed", origin="r2c5")
    events = after_move(state, 0)
    assert "Combat on Mountain r3c4: Seat 1 attacks Seat 2." in texts(events)
    return state


def test_t29_combat_with_cards():
    state = t29()
    assert top(state)["kind"] == "commit" and flow.to_act(state) == {0, 1}
    assert controller(state, "r3c4") == 1  # the defender holds it while the combat is pending
    events = commit(state, 0, 3, 4, 2)
    assert flow.to_act(state) == {1}
    assert "3" not in texts(events)  # nothing of the dial or cards is public before the reveal
    assert [str(e.text) for e in events if e.seats == (0,)] == [
        "You set your power dial to 3.", "You add a combat card of 4.",
        "You add a combat card of 2.", "You commit dial 3 + combat cards 4 and 2 (total 9)."]
    assert top(state)["committed"]["0"]["dial"] == 3 and state["players"][0]["cards"] == []
    events = commit(state, 1, 5, 3)
    assert ("Combat on Mountain r3c4: Seat 1: dial 3 + combat cards 4 and 2 (total 9) against "
            "Seat 2: dial 5 + combat card 3 (total 8). Seat 1 wins.") in texts(events)
    rusviet, polania = state["players"]
    assert (rusviet["power"], polania["power"]) == (3, 0)
    assert sorted(card_value(c) for c in state["decks"]["combat_discard"]) == [2, 3, 4]
    assert unit_place(state, 1, "mech:speed") == "home_polania"
    assert len(polania["cards"]) == 1  # the consolation card (S13.11)
    assert rusviet["stars"] == {"combat": 1}
    assert controller(state, "r3c4") == 0 and resources_at(state, "r3c4")["metal"] == 2
    assert state["stack"] == []


def test_t31_dial_limits():
    state = t29()
    state["players"][0]["power"] = 3
    dials = {a.args[0] for a in flow.legal_actions(state, 0)}
    assert dials == {0, 1, 2, 3}
    state["players"][0]["power"] = 12
    assert {a.args[0] for a in flow.legal_actions(state, 0)} == set(range(8))


def card_steps(state: dict, seat: int, *values: int) -> int:
    """How many cards `seat` may still add after choosing dial 0 and these cards."""
    act(state, seat, "dial 0")
    for value in values:
        act(state, seat, f"card {value}")
    return len([a for a in flow.legal_actions(state, seat) if a.kind == "card"])


def test_t32_card_limits():
    state = t29()
    assert card_steps(state, 1, 3) == 0  # 1 mech: 1 card
    assert card_steps(state, 0, 4) == 1 and legal(state, 0) >= {"card 2", "commit", "redo"}
    act(state, 0, "card 2")
    assert "card 2" not in legal(state, 0) and "commit" in legal(state, 0)  # character + mech


def test_t32_peoples_army_adds_a_card_with_a_worker_there():
    state = table(("rusviet", "industrial"), ("polania", "engineering"))
    deal(state, 0, 2, 2, 3)
    place(state, 1, "character", "r3c4")
    place(state, 0, "worker:3", "r3c4")
    arrive(state, 0, "r3c4", "mech:peoples_army")
    after_move(state, 0)
    assert card_steps(state, 0, 2) == 2  # one mech, one more for People's Army
    act(state, 0, "card 2")
    assert legal(state, 0) == {"commit", "redo"}


def test_the_commitment_is_built_step_by_step_and_can_start_again():
    state = t29()
    assert legal(state, 0) == {f"dial {d}" for d in range(7)}  # power 6
    act(state, 0, "dial 5")
    assert legal(state, 0) == {"card 4", "card 2", "commit", "redo"}
    act(state, 0, "card 4")
    assert legal(state, 0) == {"card 2", "commit", "redo"}  # a 4 is no longer in hand
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="then add combat cards one at a time"):
        flow.dispatch(state, 0, Action.parse("card 5"))
    assert state == before
    act(state, 0, "redo")
    assert legal(state, 0) == {f"dial {d}" for d in range(7)}
    assert flow.to_act(state) == {0, 1} and state["players"][0]["cards"] != []


def test_a_draft_is_seen_only_by_its_seat():
    from games.scythe.view import view
    state = t29()
    act(state, 0, "dial 5")
    act(state, 0, "card 4")
    mine = view(state, 0)["stack"][-1]
    assert mine["draft"] == {"dial": 5, "cards": [4]}
    assert "draft" not in view(state, 1)["stack"][-1]
    assert "draft" not in view(state, None)["stack"][-1]


def duel(attacker_power: int = 7, defender_power: int = 7) -> dict:
    """Nordic's mech moved onto r2c3 where a Crimea mech stands."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    state["players"][0]["power"], state["players"][1]["power"] = attacker_power, defender_power
    place(state, 1, "mech:speed", "r2c3")
    arrive(state, 0, "r2c3", "mech:speed")
    after_move(state, 0)
    return state


def test_t30_tie_goes_to_the_attacker():
    state = duel()
    commit(state, 0, 7)
    commit(state, 1, 7)
    assert unit_place(state, 1, "mech:speed") == "home_crimea"
    assert state["players"][0]["stars"] == {"combat": 1}


def test_t33_no_consolation_without_power_shown():
    state = duel()
    deal(state, 1, 2)
    commit(state, 0, 1)
    commit(state, 1, 0)
    assert hand_values(state, 1) == [2]
    state = duel()
    commit(state, 0, 2)
    commit(state, 1, 1)
    assert len(state["players"][1]["cards"]) == 1


def test_t34_combat_star_cap():
    state = duel()
    state["players"][0]["stars"] = {"combat": 2}
    commit(state, 0, 1)
    commit(state, 1, 0)
    assert state["players"][0]["stars"] == {"combat": 2}
    state = table(("saxony", "industrial"), ("crimea", "patriotic"))
    state["players"][0]["stars"] = {"combat": 2}
    place(state, 1, "mech:speed", "r2c3")
    arrive(state, 0, "r2c3", "mech:speed")
    after_move(state, 0)
    commit(state, 0, 0)
    commit(state, 1, 0)
    assert state["players"][0]["stars"] == {"combat": 3}


# -- T35, T36: who retreats, who pays popularity --------------------------------------------------
@pytest.mark.parametrize(("attacker", "loss"), [("crimea", 2), ("polania", 0)])
def test_t35_attacker_pushes_defender_workers(attacker: str, loss: int):
    state = table(("rusviet", "industrial"), (attacker, "patriotic"))
    place(state, 0, "mech:speed", "r2c6")  # worker:1 starts on r2c6
    place(state, 0, "worker:3", "r2c6")
    mech = "mech:camaraderie" if attacker == "polania" else "mech:speed"
    arrive(state, 1, "r2c6", mech)
    popularity = state["players"][1]["popularity"]
    after_move(state, 1)
    commit(state, 1, 1)
    commit(state, 0, 0)
    assert {unit_place(state, 0, u) for u in ("mech:speed", "worker:1", "worker:3")} == \
        {"home_rusviet"}
    assert state["players"][1]["popularity"] == popularity - loss
    assert state["turn"]["events"] == ["forced_retreat"]


def test_t36_defender_wins():
    """The attacking mech and the worker it carried go home; nobody loses popularity."""
    state = table(("crimea", "industrial"), ("polania", "engineering"))
    place(state, 0, "mech:riverwalk", "r6c3")
    place(state, 1, "mech:speed", "r5c3")
    popularity = [p["popularity"] for p in state["players"]]
    begin_move(state, 0, 2, 1, "top")
    flow.settle(state)
    for text in ("unit mech:riverwalk", "load worker:1", "step r5c3", "done"):
        act(state, 0, text)
    assert top(state)["kind"] == "commit"
    commit(state, 0, 0)
    commit(state, 1, 1)
    assert unit_place(state, 0, "mech:riverwalk") == unit_place(state, 0, "worker:1") == \
        "home_crimea"
    assert [p["popularity"] for p in state["players"]] == popularity
    assert state["players"][1]["stars"] == {"combat": 1}
    assert state["turn"]["events"] == []


# -- T37, T38: pre-combat abilities ---------------------------------------------------------------
def test_t37_pre_combat_order():
    state = table(("nordic", "industrial"), ("saxony", "patriotic"))
    state["players"][0]["power"], state["players"][1]["power"] = 5, 6
    place(state, 1, "mech:disarm", "r4c2")
    arrive(state, 0, "r4c2", "mech:artillery")
    after_move(state, 0)
    assert top(state)["kind"] == "artillery"
    assert legal(state, 0) == {"artillery yes", "artillery no"}
    events = act(state, 0, "artillery yes")
    assert [p["power"] for p in state["players"]] == [2, 4]
    public = texts(events)
    assert public.index("fires their Artillery") < public.index(
        "uses Disarm on the tunnel Farm r4c2")
    assert {a.args[0] for a in flow.legal_actions(state, 0)} == {0, 1, 2}
    assert {a.args[0] for a in flow.legal_actions(state, 1)} == {0, 1, 2, 3, 4}


def test_artillery_may_be_declined_and_needs_power():
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 1, "mech:speed", "r2c3")
    arrive(state, 0, "r2c3", "mech:artillery")
    after_move(state, 0)
    act(state, 0, "artillery no")
    assert [p["power"] for p in state["players"]] == [4, 5]
    assert top(state)["kind"] == "commit"
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    state["players"][0]["power"] = 0
    place(state, 1, "mech:speed", "r2c3")
    arrive(state, 0, "r2c3", "mech:artillery")
    after_move(state, 0)
    assert top(state)["kind"] == "commit"


@pytest.mark.parametrize(("option", "power"), [(False, 4), (True, 2)])
def test_disarm_on_the_own_mine_only_with_the_option(option: bool, power: int):
    """A5: Disarm needs a printed tunnel; the Mine counts with `disarm_counts_own_mine`."""
    state = table(("nordic", "industrial"), ("saxony", "patriotic"),
                  options={"disarm_counts_own_mine": option})
    build(state, 1, "mine", "r2c3")
    place(state, 1, "mech:disarm", "r2c3")
    arrive(state, 0, "r2c3", "mech:speed")
    after_move(state, 0)
    assert state["players"][0]["power"] == power


def test_t38_scout_steals_a_random_card_before_the_dials():
    state = table(("crimea", "industrial"), ("saxony", "patriotic"))
    deal(state, 1, 2, 3, 5)
    place(state, 1, "mech:speed", "r2c3")
    arrive(state, 0, "r2c3", "mech:scout")
    events = after_move(state, 0)
    assert top(state)["kind"] == "commit"
    stolen = state["players"][0]["cards"]
    assert len(stolen) == 1 and len(state["players"][1]["cards"]) == 2
    assert "takes 1 random combat card" in texts(events)
    assert stolen[0] not in texts(events)
    private = [e for e in events if not e.public]
    assert [e.seats for e in private] == [(0, 1)]  # only the two hands' owners see the card
    assert all(f"a combat card of {card_value(stolen[0])}" in str(e.text)
               and stolen[0] not in str(e.text) and e.kind == "chance" for e in private)
    assert state["rng"] != 1  # drawn from the seeded generator (S21.2)


# -- T28: an encounter behind a combat -------------------------------------------------------------
@pytest.mark.parametrize("wins", [False, True])
def test_t28_encounter_behind_a_combat(wins: bool):
    state = table(("crimea", "industrial"), ("saxony", "patriotic"))
    state["decks"]["encounter"] = ["enc_01"]
    place(state, 1, "mech:speed", "r5c5")
    place(state, 0, "character", "r6c5")
    begin_move(state, 0, 2, 1, "top")
    flow.settle(state)
    for text in ("unit character", "step r5c5", "done"):
        act(state, 0, text)
    commit(state, 0, 1 if wins else 0)
    commit(state, 1, 0 if wins else 1)
    if wins:
        assert pending(state)["kind"] == "encounter" and "r5c5" not in state["encounters"]
    else:
        assert unit_place(state, 0, "character") == "home_crimea"
        assert "r5c5" in state["encounters"] and state["stack"] == []


# -- several combats, T42 --------------------------------------------------------------------------
def two_combats() -> dict:
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 1, "mech:speed", "r2c3")
    place(state, 1, "character", "r1c4")
    arrive(state, 0, "r2c3", "mech:speed", origin="r1c3")
    arrive(state, 0, "r1c4", "mech:riverwalk", origin="r0c4")
    after_move(state, 0)
    return state


def test_the_attacker_chooses_the_order_of_combats():
    state = two_combats()
    assert top(state)["kind"] == "combat_order"
    assert legal(state, 0) == {"fight r1c4", "fight r2c3"}
    act(state, 0, "fight r2c3")
    commit(state, 0, 0)
    commit(state, 1, 0)
    assert top(state)["kind"] == "commit" and top(state)["territory"] == "r1c4"


def test_t42_sixth_star_during_combats():
    state = two_combats()
    state["players"][0]["stars"] = {"upgrades": 1, "structures": 1, "recruits": 1,
                                    "workers": 1, "objective": 1}
    act(state, 0, "fight r2c3")
    commit(state, 0, 1)
    commit(state, 1, 0)
    assert state["end"] == {"reason": "sixth_star", "seat": 0}
    assert state["stack"] == []
    assert unit_place(state, 0, "mech:riverwalk") == "r0c4"  # its combat is never fought
    assert unit_place(state, 1, "character") == "r1c4"
    assert unit_place(state, 1, "mech:speed") == "home_crimea"


# -- retreats onto lakes ------------------------------------------------------------------------
def test_seaworthy_loser_may_retreat_onto_an_adjacent_lake():
    state = table(("crimea", "industrial"), ("nordic", "patriotic"))
    place(state, 1, "mech:seaworthy", "r3c3")
    place(state, 1, "worker:3", "r3c3")
    arrive(state, 0, "r3c3", "mech:speed")
    after_move(state, 0)
    commit(state, 0, 1)
    commit(state, 1, 0)
    assert top(state)["kind"] == "retreat" and top(state)["seat"] == 1
    assert legal(state, 1) == {"retreat home", "retreat r2c4", "retreat r3c2", "retreat r4c4"}
    act(state, 1, "retreat r2c4")
    assert unit_place(state, 1, "mech:seaworthy") == "r2c4"
    assert unit_place(state, 1, "worker:3") == "home_nordic"  # it was not carried there
    assert state["players"][0]["stars"] == {"combat": 1}


def test_seaworthy_attacker_takes_its_carried_workers_to_the_lake():
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 0, "mech:seaworthy", "r2c3")
    place(state, 0, "worker:3", "r2c3")
    place(state, 1, "mech:speed", "r1c3")
    begin_move(state, 0, 2, 1, "top")
    flow.settle(state)
    for text in ("unit mech:seaworthy", "load worker:3", "step r1c3", "done"):
        act(state, 0, text)
    commit(state, 0, 0)
    commit(state, 1, 1)
    act(state, 0, "retreat r2c4")
    assert unit_place(state, 0, "mech:seaworthy") == unit_place(state, 0, "worker:3") == "r2c4"


def test_lake_combat_workers_retreat_with_their_mech():
    """S13.13: a defending mech carrying workers on a lake loses; the attacker pays for them."""
    state = table(("polania", "industrial"), ("nordic", "patriotic"))
    place(state, 1, "mech:seaworthy", "r2c4")
    place(state, 1, "worker:3", "r2c4")
    arrive(state, 0, "r2c4", "mech:submerge")
    popularity = state["players"][0]["popularity"]
    after_move(state, 0)
    commit(state, 0, 1)
    commit(state, 1, 0)
    assert unit_place(state, 1, "mech:seaworthy") == unit_place(state, 1, "worker:3") == \
        "home_nordic"
    assert state["players"][0]["popularity"] == popularity - 1
