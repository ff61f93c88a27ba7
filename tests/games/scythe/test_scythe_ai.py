"""The heuristic AI seat (games/scythe/ai.py): whole games of AI seats end with no invariant
broken, and on built tables the AI prefers the obviously better choice. Every score is asked
from the seat's own view, as the agent does."""

from __future__ import annotations

import pytest

from games.core import Action, make_agent
from games.scythe import ai, flow
from games.scythe import view as views
from games.scythe.game import ScytheGame
from games.scythe.state import card_value, pending, push
from tests.games.scythe.scenario import deal, place, put, table

GAME = ScytheGame()
TURNS_PER_PLAYER = 40  # a human game takes 15-30; more means the AI dithers


def scores(state: dict, seat: int | None = None) -> dict[str, float]:
    """Every legal action of `seat` (the top frame's) with its score, from its view."""
    seat = pending(state)["seat"] if seat is None else seat
    view = views.view(state, seat)
    return {a.text: ai.action_score(view, seat, a) for a in flow.legal_actions(state, seat)}


def best(state: dict, seat: int | None = None) -> str:
    found = scores(state, seat)
    return max(found, key=found.__getitem__)


# -- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {}), (2, 2, {}), (3, 3, {}), (4, 4, {}), (5, 5, {}),
    (3, 6, {"assignment": "draft", "coins_visible": False}),
])
def test_ai_seats_finish_a_game_with_every_invariant_kept(players: int, seed: int,
                                                         options: dict):
    state = GAME.setup(players, options, seed)
    agents = [make_agent("heuristic", seed=seed * 10 + seat) for seat in range(players)]
    while GAME.result(state) is None:
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))
        assert GAME.invariants(state) == []
        assert state["turn_number"] <= TURNS_PER_PLAYER * players, "the AI seats dither"
    result = GAME.result(state)
    assert result is not None
    assert state["end"]["reason"] and result.winners
    assert max(sum(p["stars"].values()) for p in state["players"]) == 6


# -- built tables ------------------------------------------------------------------------------
def nordic_and_crimea() -> dict:
    """Nordic/Industrial (seat 0, first to play) against Crimea/Patriotic (seat 1)."""
    return table(("nordic", "industrial"), ("crimea", "patriotic"))


def test_takes_an_affordable_bottom_action_over_skipping_it():
    state = nordic_and_crimea()
    put(state, "r0c5", "oil", 3)  # Industrial's Upgrade costs 3 oil
    push(state, {"kind": "bottom", "seat": 0, "section": 0})
    found = scores(state)
    assert found["upgrade"] > found["skip"]


def test_reveals_a_met_objective():
    state = nordic_and_crimea()
    state["players"][0]["objectives"] = ["obj_12"]  # Get Rich or Cry Trying: $20
    state["players"][0]["coins"] = 25
    push(state, {"kind": "section", "seat": 0})
    assert best(state) == "objective obj_12"


def test_does_not_reveal_the_sixth_star_when_it_would_lose():
    """The sixth star ends the game (S18.1): a seat far behind on coins waits."""
    state = nordic_and_crimea()
    state["players"][0]["objectives"] = ["obj_12"]
    state["players"][0].update(coins=20, stars={"workers": 1, "mechs": 1, "upgrades": 1,
                                                "recruits": 1, "power": 1})
    state["players"][1]["coins"] = 90
    push(state, {"kind": "section", "seat": 0})
    assert not best(state).startswith("objective")


def mech_facing(defender_power: int, attacker_power: int, attacker_cards: tuple = ()) -> dict:
    """A Nordic mech on the tunnel r1c3 about to step; a Crimea mech on the tunnel r2c2."""
    state = nordic_and_crimea()
    place(state, 0, "mech:riverwalk", "r1c3")
    place(state, 1, "mech:riverwalk", "r2c2")
    state["players"][0]["power"] = attacker_power
    state["players"][1]["power"] = defender_power
    deal(state, 0, *attacker_cards)
    deal(state, 1, 4, 3)
    push(state, {"kind": "step", "seat": 0, "unit": "mech:riverwalk", "left": 1, "cargo": {},
                 "workers": []},
         {"kind": "move", "seat": 0, "units": 2, "steps": 1, "moved": ["mech:riverwalk"]})
    return state


def test_does_not_attack_with_power_0_into_a_stronger_defender():
    found = scores(mech_facing(defender_power=5, attacker_power=0))
    assert found["step r2c2"] < found["stop"]
    assert found["step r2c2"] < max(found.values())


def test_attacks_a_defender_it_can_beat():
    state = mech_facing(defender_power=0, attacker_power=7, attacker_cards=(5,))
    state["players"][1]["cards"] = []
    assert best(state) == "step r2c2"


def commit_table(attacker_power: int, defender_power: int, defender_cards: tuple) -> dict:
    state = nordic_and_crimea()
    place(state, 0, "mech:riverwalk", "r2c2")
    place(state, 1, "mech:riverwalk", "r2c2")
    state["players"][0]["power"] = attacker_power
    state["players"][1]["power"] = defender_power
    deal(state, 0, 3)
    deal(state, 1, *defender_cards)
    push(state, {"kind": "commit", "seat": 0, "seats": [0, 1], "territory": "r2c2",
                 "committed": {}})
    return state


def committed(state: dict, seat: int) -> tuple[int, list[int]]:
    """The AI's commitment, made step by step (dial, cards, commit): (dial, card values)."""
    for _ in range(6):
        action = Action.parse(best(state, seat))
        flow.dispatch(state, seat, action)
        if action.kind == "commit":
            done = pending(state)["committed"][str(seat)]
            return done["dial"], [card_value(c) for c in done["cards"]]
    raise AssertionError("the AI never committed")


def test_commits_a_dial_it_can_afford_that_beats_a_weak_defender():
    state = commit_table(attacker_power=4, defender_power=1, defender_cards=())
    dial, cards = committed(state, 0)
    assert dial <= 4
    assert dial + sum(cards) > 1  # more than the defender can show
    assert dial < 4  # and without spending all of its power


def test_spends_no_power_in_a_combat_it_cannot_win():
    state = commit_table(attacker_power=3, defender_power=7, defender_cards=(5,))
    assert committed(state, 0)[0] <= 1  # a card of consolation at most


def test_produces_where_its_next_bottom_action_resource_is_made():
    """Industrial's section 2 is Produce / Deploy: with 2 metal of the 3 Deploy needs, the
    one territory left to produce is the mountain, not the tundra."""
    state = nordic_and_crimea()
    place(state, 0, "worker:1", "r0c5")  # a tundra (oil)
    place(state, 0, "worker:2", "r1c4")  # a mountain (metal)
    put(state, "r1c4", "metal", 2)
    push(state, {"kind": "produce", "seat": 0, "limit": 1, "via": "top", "territories": None,
                 "done": []}, {"kind": "bottom", "seat": 0, "section": 1})
    assert best(state) == "produce r1c4"


def test_moves_workers_toward_villages_early():
    """Early on a worker is worth most where it makes more workers: Nordic's worker on the
    forest r0c4 swims to the village r0c3."""
    state = nordic_and_crimea()
    push(state, {"kind": "step", "seat": 0, "unit": "worker:1", "left": 1, "cargo": {},
                 "workers": []},
         {"kind": "move", "seat": 0, "units": 2, "steps": 1, "moved": ["worker:1"]})
    assert best(state) == "step r0c3"


def test_chooses_a_section_whose_bottom_action_it_can_pay():
    state = nordic_and_crimea()
    put(state, "r0c4", "metal", 3)  # Deploy (section 2) costs 3 metal
    push(state, {"kind": "section", "seat": 0})
    assert best(state) == "section 2"


def polania_in_its_pocket() -> dict:
    """Polania/Patriotic (seat 1) shut in its river pocket r2c1, r3c0, r3c1 (S2.10), all eight
    workers out on its village r3c1, so the village makes no more workers."""
    state = table(("nordic", "industrial"), ("polania", "patriotic"))
    for n in range(1, 9):
        place(state, 1, f"worker:{n}", "r3c1")
    state["active"] = 1
    return state


def test_a_seat_shut_in_its_pocket_deploys_its_first_mech_first():
    """Riverwalk is the way out for Polania's workers: with 2 oil for Upgrade and 4 metal for
    Deploy, it takes the Deploy section."""
    state = polania_in_its_pocket()
    put(state, "r3c1", "oil", 2)
    put(state, "r3c1", "metal", 4)
    push(state, {"kind": "section", "seat": 1})
    assert best(state) == "section 2"


def test_a_mech_carries_workers_out_of_their_river_pocket():
    """Polania's Riverwalk mech on the village takes workers along across the river (S8.2)
    before it steps to the mountain r2c2."""
    state = polania_in_its_pocket()
    place(state, 1, "mech:riverwalk", "r3c1")
    push(state, {"kind": "step", "seat": 1, "unit": "mech:riverwalk", "left": 1, "cargo": {},
                 "workers": []},
         {"kind": "move", "seat": 1, "units": 2, "steps": 1, "moved": ["mech:riverwalk"]})
    assert best(state).startswith("load worker")
    state["stack"][-1]["workers"] = ["worker:1", "worker:2"]
    assert best(state).split()[0] in ("load", "step")
    assert scores(state)["stop"] < max(scores(state).values())


def test_trades_for_the_resource_its_bottom_action_lacks():
    """Industrial's section 4 is Trade / Enlist (4 food): with 3 food, the trade takes food."""
    state = nordic_and_crimea()
    put(state, "r0c4", "food", 3)
    push(state, {"kind": "trade", "seat": 0, "left": 2},
         {"kind": "bottom", "seat": 0, "section": 3})
    assert best(state).startswith("gain food")


def bolster_scores(threatened: bool) -> dict[str, float]:
    """Industrial's section 1 top action is Bolster; a Crimea mech with power 7 stands next to
    Nordic's forest r0c4, or far away."""
    state = nordic_and_crimea()
    place(state, 1, "mech:riverwalk", "r1c4" if threatened else "r6c3")
    state["players"][1]["power"] = 7
    push(state, {"kind": "top", "seat": 0, "section": 0})
    return scores(state)


def test_bolsters_power_more_when_an_enemy_threatens():
    assert bolster_scores(threatened=True)["power"] > bolster_scores(threatened=False)["power"]
