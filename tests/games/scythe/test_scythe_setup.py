"""S3 setup: start values (T1), the turn order (T2), random pairs and the optional draft, the
decks and the Factory space, and determinism (the same seed lays out the same table)."""

from __future__ import annotations

import copy

import pytest

from games.core import Action, IllegalAction, NotYourTurn
from games.scythe import cards, rules
from games.scythe.board import board
from games.scythe.game import ScytheGame
from games.scythe.state import left_of, mat_workers

GAME = ScytheGame()


def drafted(*pairs: tuple[str, str], seed: int = 1) -> dict:
    """A game whose seats picked these faction/mat pairs in the draft, seat 0 first."""
    state = GAME.setup(len(pairs), {"assignment": "draft"}, seed)
    for seat, pair in enumerate(pairs):
        if seat in GAME.to_act(state):
            state, _ = GAME.apply(state, seat, Action("pick", pair))
    return state


def test_t1_setup_values() -> None:
    """Nordic + Industrial: power 4, 1 combat card, popularity 2, $4, 2 objectives, the
    character at home, workers on r0c4 and r0c5, 6 on the mat, 11 encounter tokens."""
    state = drafted(("nordic", "industrial"), ("crimea", "patriotic"))
    nordic = state["players"][0]
    assert (nordic["power"], nordic["popularity"], nordic["coins"]) == (4, 2, 4)
    assert len(nordic["cards"]) == 1 and len(nordic["objectives"]) == 2
    assert nordic["units"]["character"] == "home_nordic"
    assert sorted(p for u, p in nordic["units"].items() if p != "mat"
                  and u.startswith("worker")) == ["r0c4", "r0c5"]
    assert len(mat_workers(state, 0)) == 6
    assert all(nordic["units"][f"mech:{a}"] == "mat"
               for a in board().factions["nordic"].mech_abilities)
    assert nordic["cubes"] == list(rules.TOP_BOXES) and nordic["stars"] == {}
    assert len(state["encounters"]) == 11
    crimea = state["players"][1]
    assert (crimea["power"], len(crimea["cards"]), crimea["popularity"], crimea["coins"]) == \
        (5, 0, 2, 6)


def test_t2_turn_order() -> None:
    """Crimea/Patriotic(3), Polania/Engineering(2), Nordic/Agricultural(5): Polania, Nordic,
    Crimea, Polania, ..."""
    state = drafted(("crimea", "patriotic"), ("polania", "engineering"),
                    ("nordic", "agricultural"))
    assert state["order"] == [1, 2, 0]
    assert state["active"] == 1 and state["turn_number"] == 1
    assert [left_of(state, s) for s in (1, 2, 0)] == [2, 0, 1]
    assert state["stack"] == [{"kind": "section", "seat": 1}]


def test_draft_seat_by_seat_then_start_values() -> None:
    state = GAME.setup(3, {"assignment": "draft"}, 5)
    assert GAME.to_act(state) == {0} and GAME.phase(state) == "draft"
    assert len(GAME.legal_actions(state, 0)) == 25
    assert all(p["units"] == {} for p in state["players"])
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 1, Action("pick", ("saxony", "industrial")))
    state, events = GAME.apply(state, 0, Action("pick", ("saxony", "industrial")))
    assert str(events[0].text) == "Seat 1 picks Saxony Empire and the Industrial mat."
    assert GAME.to_act(state) == {1} and len(GAME.legal_actions(state, 1)) == 16
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match="That faction is not free"):
        GAME.apply(state, 1, Action("pick", ("saxony", "patriotic")))
    with pytest.raises(IllegalAction, match="That player mat is not free"):
        GAME.apply(state, 1, Action("pick", ("nordic", "industrial")))
    assert state == before
    state, _ = GAME.apply(state, 1, Action("pick", ("nordic", "patriotic")))
    assert state["players"][1]["units"] == {} and state["active"] is None
    state, events = GAME.apply(state, 2, Action("pick", ("polania", "mechanical")))
    assert state["order"] == [0, 2, 1] and state["active"] == 0  # Saxony, Polania, Nordic
    assert len(state["players"][0]["cards"]) == 4  # Saxony (S3.9)
    assert any("Order of play" in str(e.text) for e in events)
    assert GAME.invariants(state) == []


def test_draft_last_pick_is_automatic_when_forced() -> None:
    """Five seats: the fifth has one faction and one mat left, so it is not asked."""
    pairs = list(zip(rules.FACTIONS, rules.MATS, strict=True))
    state = GAME.setup(5, {"assignment": "draft"}, 3)
    for seat, pair in enumerate(pairs[:4]):
        state, _ = GAME.apply(state, seat, Action("pick", pair))
    last = state["players"][4]
    assert (last["faction"], last["mat"]) == pairs[4]
    assert state["active"] == 0  # Nordic with mat 1


def test_private_deals_and_public_start() -> None:
    state = GAME.setup(2, {"assignment": "draft"}, 2)
    state, _ = GAME.apply(state, 0, Action("pick", ("saxony", "industrial")))
    started, events = GAME.apply(state, 1, Action("pick", ("polania", "patriotic")))
    public = " ".join(str(e.text) for e in events if e.public)
    hands = [p["cards"] + p["objectives"] for p in started["players"]]
    assert not any(secret in public for hand in hands for secret in hand)
    assert {e.seats for e in events if not e.public} == {(0,), (1,)}


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_pairs_decks_and_invariants(seats: int) -> None:
    for seed in range(4):
        state = GAME.setup(seats, {}, seed)
        players = state["players"]
        assert len({p["faction"] for p in players}) == seats
        assert len({p["mat"] for p in players}) == seats
        dealt = sum(len(p["cards"]) for p in players)
        assert len(state["decks"]["combat"]) == 42 - dealt
        assert len(state["decks"]["factory"]) == seats + 1  # S3.4
        assert set(state["decks"]["factory"]) <= set(cards.factory_cards())
        assert len(state["decks"]["objective"]) == 23 - 2 * seats
        assert sorted(state["decks"]["encounter"]) == sorted(cards.encounters())
        assert state["bonus_tile"] in board().bonus_tiles
        assert state["active"] == state["order"][0] and GAME.phase(state) == "turn 1"
        assert GAME.invariants(state) == []


def test_random_assignment_varies_with_the_seed() -> None:
    seen = {tuple(p["faction"] for p in GAME.setup(2, {}, seed)["players"])
            for seed in range(20)}
    tiles = {GAME.setup(2, {}, seed)["bonus_tile"] for seed in range(30)}
    assert len(seen) > 5 and len(tiles) > 3


def test_same_seed_same_table() -> None:
    assert GAME.setup(4, {}, 1234) == GAME.setup(4, {}, 1234)
    assert GAME.setup(4, {}, 1234) != GAME.setup(4, {}, 1235)
    a = drafted(("rusviet", "mechanical"), ("crimea", "engineering"), seed=9)
    b = drafted(("rusviet", "mechanical"), ("crimea", "engineering"), seed=9)
    assert a == b


def test_player_count_and_options_are_checked() -> None:
    for seats in (1, 6):
        with pytest.raises(IllegalAction, match="2 to 5 players"):
            GAME.setup(seats, {}, 1)
    with pytest.raises(IllegalAction, match="assignment"):
        GAME.setup(2, {"assignment": "auction"}, 1)
    with pytest.raises(IllegalAction, match="Unknown option"):
        GAME.setup(2, {"expansion": True}, 1)
    assert GAME.setup(2, {"coins_visible": False}, 1)["options"] == {
        "assignment": "random", "coins_visible": False, "wayfare_unassigned_bases": True,
        "disarm_counts_own_mine": False, "camaraderie_covers_move_in": False,
        "tournament": False}


def test_invariants_name_what_is_broken() -> None:
    """The checks simulations run after every action catch pieces out of place."""
    state = drafted(("crimea", "industrial"), ("polania", "engineering"), ("nordic", "mechanical"))
    units = state["players"][1]["units"]
    units["worker:1"] = "r4c4"  # a lake, no Polania mech there
    units["worker:2"] = "home_crimea"
    units["character"] = "mat"
    state["players"][0]["units"]["mech:wayfare"] = "home_unassigned_se"  # Crimea: allowed
    state["players"][2]["cards"].append(state["decks"]["combat"][0])  # also still in the deck
    state["structures"]["r2c4"] = {"seat": 2, "kind": "mill"}
    state["encounters"].append("r3c3")
    state["players"][0]["power"] = 17
    state["players"][2]["stars"] = {"combat": 3}
    state["decks"]["objective"].pop()
    problems = GAME.invariants(state)
    expected = ["Seat 1's worker:1 is on the lake r4c4 without its mech",
                "Seat 1's worker:2 stands on the home base home_crimea",
                "Seat 1's character is on the mat", "a mill stands on r2c4",
                "Seat 2 built [] but the board holds ['mill']", "combat cards are not each",
                "encounter tokens lie on", "Seat 0's power is 17",
                "Seat 2 placed 3 combat stars", "objective cards are not each in one place"]
    for text in expected:
        assert any(p.startswith(text) for p in problems), text
    assert len(problems) == len(expected)
    secrets = GAME.secrets(state)
    assert set(state["players"][2]["objectives"]) <= secrets[2]


def test_secrets_are_hands_objectives_commitments_and_factory_views() -> None:
    state = drafted(("saxony", "industrial"), ("polania", "engineering"))
    saxony, polania = state["players"]
    committed = saxony["cards"].pop()
    state["stack"] += [{"kind": "factory_pick", "seat": 1},
                       {"kind": "commit", "seats": [0, 1], "territory": "r4c2",
                        "committed": {"0": {"dial": 1, "cards": [committed]}}}]
    secrets = GAME.secrets(state)
    assert secrets[0] == {*saxony["cards"], committed, *saxony["objectives"]}
    assert secrets[1] == {*polania["cards"], *polania["objectives"],
                          *state["decks"]["factory"]}
    assert GAME.invariants(state) == []


def test_a_faction_without_start_cards_does_not_say_the_deck_is_empty() -> None:
    """Crimea starts with no combat card: the setup says nothing of a draw for it, least of
    all that the deck and the discard pile are empty while 41 cards are left."""
    state = GAME.setup(2, {"assignment": "draft"}, 1)
    state, _ = GAME.apply(state, 0, Action("pick", ("nordic", "industrial")))
    state, events = GAME.apply(state, 1, Action("pick", ("crimea", "patriotic")))
    assert len(state["decks"]["combat"]) == 41
    told = [e.text.key for e in events if hasattr(e.text, "key")]
    assert "scythe.draws_none" not in told
    assert told.count("scythe.draws") == 1  # Nordic's one card
