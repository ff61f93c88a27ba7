"""The Move action (spec S8): units one at a time, steps with Speed, carrying resources and
workers, workers displaced by a character or mech (S8.9, A1, A6, A22), encounters stopping a
character (S8.10), S8.11, lakes (S8.5), and a whole Move through `ScytheGame.apply`.
Tests T19, T20, T25, T27 (the stop), T54, T55."""

from __future__ import annotations

import copy

import pytest

from games.core import Action, IllegalAction
from games.scythe import flow
from games.scythe.control import controller
from games.scythe.game import ScytheGame
from games.scythe.starts import begin_move
from games.scythe.state import pending, push, resources_at, top, unit_place
from tests.games.scythe.scenario import build, place, put, table


def act(state: dict, text: str) -> list:
    events = flow.dispatch(state, pending(state)["seat"], Action.parse(text))
    return events + flow.settle(state)


def legal(state: dict) -> set[str]:
    return {a.text for a in flow.legal_actions(state, pending(state)["seat"])}


def moving(state: dict, seat: int, units: int = 2, steps: int = 1, via: str = "top") -> dict:
    state["active"] = seat
    begin_move(state, seat, units, steps, via)
    flow.settle(state)
    return state


def refused(state: dict, text: str, words: str) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=words):
        flow.dispatch(state, pending(state)["seat"], Action.parse(text))
    assert state == before


def saxony_vs_polania(popularity: int = 5) -> dict:
    """T19: 2 Polania workers and 1 metal on the tunnel r2c2, Saxony's Speed mech on r1c3."""
    state = table(("saxony", "industrial"), ("polania", "engineering"))
    place(state, 0, "mech:speed", "r1c3")
    place(state, 1, "worker:1", "r2c2")
    place(state, 1, "worker:2", "r2c2")
    put(state, "r2c2", "metal")
    state["players"][0]["popularity"] = popularity
    return moving(state, 0)


def test_t19_worker_retreat_loses_popularity():
    state = saxony_vs_polania()
    act(state, "unit mech:speed")
    assert top(state)["left"] == 2
    assert "step r2c2" in legal(state)
    events = act(state, "step r2c2")
    assert top(state)["kind"] == "move"  # its movement ended despite the Speed step left
    assert unit_place(state, 1, "worker:1") == unit_place(state, 1, "worker:2") == "home_polania"
    assert resources_at(state, "r2c2")["metal"] == 1
    assert state["players"][0]["popularity"] == 3
    assert controller(state, "r2c2") == 0
    assert state["turn"]["events"] == ["forced_retreat"]  # A19
    assert state["turn"]["moved"] == {"0/mech:speed": "r1c3"}
    assert any("retreats 2 units from Mountain r2c2 to Polanian home base" in str(e.text)
               for e in events)


def test_t55_popularity_floor():
    state = saxony_vs_polania(popularity=1)
    act(state, "unit mech:speed")
    act(state, "step r2c2")
    assert state["players"][0]["popularity"] == 0


def test_t20_workers_cannot_enter_enemy_territory():
    state = table(("crimea", "industrial"), ("polania", "engineering"))
    place(state, 0, "worker:1", "r5c3")
    place(state, 1, "worker:1", "r4c3")
    moving(state, 0)
    act(state, "unit worker:1")
    assert "step r4c3" not in legal(state)
    refused(state, "step r4c3", "A worker cannot enter a place where an opponent's unit stands")


def test_t25_tunnels_one_step():
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 0, "worker:1", "r1c3")
    moving(state, 0)
    act(state, "unit worker:1")
    act(state, "step r5c3")
    assert unit_place(state, 0, "worker:1") == "r5c3"


def test_t27_encounter_stops_the_character():
    state = table(("polania", "industrial"), ("nordic", "engineering"))
    place(state, 0, "character", "r2c1")
    place(state, 0, "mech:speed", "r2c1")
    state["decks"]["encounter"] = ["enc_01"]
    moving(state, 0)
    act(state, "unit character")
    assert top(state)["left"] == 2
    act(state, "step r3c1")
    assert top(state)["kind"] == "move"
    assert "unit character" not in legal(state)
    refused(state, "unit character", "already moved in this Move")
    assert "r3c1" in state["encounters"]  # resolved only after the movement (S8.12)
    act(state, "done")
    assert "r3c1" not in state["encounters"]
    assert top(state)["kind"] == "encounter"


def test_mechs_and_workers_ignore_encounters():
    state = table(("polania", "industrial"), ("nordic", "engineering"))
    place(state, 0, "mech:speed", "r2c1")
    moving(state, 0)
    act(state, "unit mech:speed")
    act(state, "step r3c1")
    assert top(state)["kind"] == "step" and top(state)["left"] == 1


def test_t54_mech_carries_a_worker_who_then_moves_itself():
    state = table(("crimea", "industrial"), ("nordic", "engineering"))
    place(state, 0, "mech:riverwalk", "r6c3")  # worker:1 starts on r6c3
    moving(state, 0)
    act(state, "unit mech:riverwalk")
    act(state, "load worker:1")
    act(state, "step r5c3")
    assert unit_place(state, 0, "worker:1") == "r5c3"
    assert "unit worker:1" in legal(state)  # being carried is not a move (S8.2)
    act(state, "unit worker:1")
    act(state, "step r1c3")
    assert unit_place(state, 0, "worker:1") == "r1c3"
    assert state["turn"]["moved"] == {"0/mech:riverwalk": "r6c3", "0/worker:1": "r6c3"}
    assert top(state) is None  # 2 units moved: the Move is over


def test_without_riverwalk_the_worker_stays_in_its_pocket():
    state = table(("crimea", "industrial"), ("nordic", "engineering"))
    place(state, 0, "mech:speed", "r6c3")
    moving(state, 0)
    act(state, "unit mech:speed")
    assert "step r5c3" not in legal(state)


def test_a_unit_moves_once_per_move_and_the_move_ends_at_its_limit():
    """S8.1, S8.11: up to N different units; each finished unit is out."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    moving(state, 0, units=2)
    assert legal(state) == {"unit character", "unit worker:1", "unit worker:2", "done"}
    act(state, "unit worker:1")
    act(state, "stop")
    assert "unit worker:1" not in legal(state)
    refused(state, "unit worker:1", "already moved")
    act(state, "unit character")
    act(state, "step r0c4")
    assert top(state) is None


def test_equal_workers_are_offered_once():
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 0, "worker:3", "r0c4")
    moving(state, 0)
    assert {t for t in legal(state) if "worker" in t} == {"unit worker:1", "unit worker:2"}
    act(state, "unit worker:1")
    act(state, "stop")
    assert "unit worker:3" in legal(state)


def test_speed_gives_characters_and_mechs_a_second_step():
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 0, "mech:speed", "r0c5")
    moving(state, 0, units=3)
    act(state, "unit worker:1")
    assert top(state)["left"] == 1
    act(state, "stop")
    act(state, "unit character")
    assert top(state)["left"] == 2
    act(state, "step r0c4")
    act(state, "step r1c4")
    assert unit_place(state, 0, "character") == "r1c4"
    act(state, "unit mech:speed")
    assert top(state)["left"] == 2


def test_factory_card_move_two_steps_three_with_speed():
    """S8.14: one unit, 2 steps; a character or mech with Speed 3."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    moving(state, 0, units=1, steps=2, via="factory")
    act(state, "unit worker:1")
    assert top(state)["left"] == 2
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 0, "mech:speed", "r0c5")
    moving(state, 0, units=1, steps=2, via="factory")
    act(state, "unit mech:speed")
    assert top(state)["left"] == 3


def test_carried_resources_travel_and_may_be_dropped_on_the_way():
    """S8.2: any unit picks up and drops tokens where it is, also between Speed steps."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 0, "mech:speed", "r0c5")
    put(state, "r0c4", "wood", 3)
    moving(state, 0)
    act(state, "unit worker:1")
    act(state, "load wood")
    act(state, "load wood")
    assert "unload wood" in legal(state)
    act(state, "step r1c4")
    assert resources_at(state, "r0c4")["wood"] == 1 and resources_at(state, "r1c4")["wood"] == 2
    act(state, "unit character")
    act(state, "step r0c4")
    act(state, "load wood")
    act(state, "step r0c5")
    assert resources_at(state, "r0c4")["wood"] == 0 and resources_at(state, "r0c5")["wood"] == 1


def test_speed_unit_unloads_at_its_intermediate_territory():
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 0, "mech:speed", "r0c5")
    put(state, "r0c5", "oil", 2)
    moving(state, 0)
    act(state, "unit mech:speed")
    act(state, "load oil")
    act(state, "load oil")
    act(state, "step r0c4")
    act(state, "unload oil")
    act(state, "step r1c4")
    assert resources_at(state, "r0c4")["oil"] == 1 and resources_at(state, "r1c4")["oil"] == 1
    assert resources_at(state, "r0c5")["oil"] == 0


def test_a_character_cannot_carry_workers():
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 0, "character", "r0c4")
    moving(state, 0)
    act(state, "unit character")
    assert not any(t.startswith("load worker") for t in legal(state))


def test_entering_an_opponent_mech_stops_for_combat():
    """S8.9 c: the movement ends; the combat comes after all movement."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 0, "mech:speed", "r1c4")
    place(state, 1, "mech:speed", "r1c3")
    place(state, 0, "mech:riverwalk", "r2c3")
    moving(state, 0)
    act(state, "unit mech:riverwalk")
    assert any(str(a.label) == "Step to Tundra r1c3 (combat)" for a in flow.legal_actions(state, 0))
    act(state, "step r1c3")
    assert top(state)["kind"] == "move"
    assert controller(state, "r1c3") == 1  # the defender holds it until the combat (S2.7)


def test_a_worker_may_not_leave_a_contested_territory():
    """A22: carried into a combat, a worker cannot walk out before it is fought."""
    state = table(("crimea", "industrial"), ("polania", "engineering"))
    place(state, 0, "mech:riverwalk", "r6c3")
    place(state, 1, "mech:speed", "r5c3")
    moving(state, 0)
    act(state, "unit mech:riverwalk")
    act(state, "load worker:1")
    act(state, "step r5c3")
    assert "unit worker:1" not in legal(state)
    refused(state, "unit worker:1",
            "cannot leave Tundra r5c3 while an opponent's character or mech")


def test_structure_only_territory_is_taken_and_the_move_goes_on():
    """S8.9 d: an opponent's structure alone does not stop a unit."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    build(state, 1, "mill", "r0c4")
    place(state, 0, "worker:1", "r1c4")
    place(state, 0, "mech:speed", "r0c5")
    moving(state, 0)
    assert controller(state, "r0c4") == 1
    act(state, "unit mech:speed")
    act(state, "step r0c4")
    assert top(state)["kind"] == "step" and controller(state, "r0c4") == 0


@pytest.mark.parametrize(("option", "loss"), [(False, 1), (True, 0)])
def test_camaraderie_and_moving_in(option: bool, loss: int):
    """A6: Camaraderie spares the popularity of a move-in only with the table option."""
    state = table(("polania", "industrial"), ("nordic", "engineering"),
                  options={"camaraderie_covers_move_in": option})
    place(state, 0, "mech:camaraderie", "r2c2")
    place(state, 0, "mech:riverwalk", "r5c0")
    place(state, 1, "worker:1", "r2c3")
    popularity = state["players"][0]["popularity"]
    moving(state, 0)
    act(state, "unit mech:camaraderie")
    act(state, "step r2c3")
    assert state["players"][0]["popularity"] == popularity - loss


def test_workers_carried_onto_a_lake_stay_with_the_mech():
    """S8.5: no unloading on the lake; leaving it, the mech takes them along."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    place(state, 0, "mech:seaworthy", "r1c4")
    place(state, 0, "worker:3", "r1c4")
    moving(state, 0)
    act(state, "unit mech:seaworthy")
    act(state, "load worker:3")
    act(state, "step r2c4")
    assert unit_place(state, 0, "worker:3") == "r2c4"
    state["stack"].clear()
    state["turn"]["moved"] = {}
    moving(state, 0)
    assert "unit worker:3" not in legal(state)  # a worker never leaves a lake by itself
    act(state, "unit mech:seaworthy")
    assert "unload worker:3" not in legal(state)
    act(state, "step r3c3")
    assert unit_place(state, 0, "worker:3") == "r3c3"


def test_wayfare_to_a_home_base_leaves_carried_resources():
    """Resources lie only on territories (S2.8, S2.5)."""
    state = table(("crimea", "industrial"), ("nordic", "engineering"))
    place(state, 0, "mech:wayfare", "r3c3")
    put(state, "r3c3", "food")
    moving(state, 0)
    act(state, "unit mech:wayfare")
    act(state, "load food")
    act(state, "step home_crimea")
    assert resources_at(state, "r3c3")["food"] == 1
    assert "home_crimea" not in state["resources"]


def test_a_whole_move_through_the_game():
    """Section 3 of Industrial is Move/Build: Move, then the bottom-row action follows."""
    game = ScytheGame()
    state = table(("nordic", "industrial"), ("crimea", "patriotic"))
    put(state, "r0c5", "wood", 3)  # Build can be paid, so the bottom row is asked
    push(state, {"kind": "section", "seat": 0})
    for text in ("section 3", "move", "unit worker:1", "step r1c4"):
        state, _ = game.apply(state, 0, Action.parse(text))
    assert top(state)["kind"] == "move"
    state, _ = game.apply(state, 0, Action.parse("done"))
    assert top(state)["kind"] == "bottom"
    assert unit_place(state, 0, "worker:1") == "r1c4"
    assert state["turn"]["moved"] == {"0/worker:1": "r0c4"}
