"""The Factory and Factory cards (spec S15): the pickup at the end of a Move (T39, A13), the
card's top action paid through the usual payment, its bottom Move of one unit (S15.4, with the
Mine, S12.7), and no section coins nor recruit bonuses for its actions (T18, S15.5)."""

from __future__ import annotations

from games.core import Action
from games.scythe import flow
from games.scythe.game import ScytheGame
from games.scythe.starts import begin_move
from games.scythe.state import pending, push, resources_at, top, unit_place
from games.scythe.view import view
from tests.games.scythe.scenario import build, place, put, table

FACTORY = "r3c3"


def act(state: dict, text: str) -> list:
    return flow.dispatch(state, pending(state)["seat"], Action.parse(text)) + flow.settle(state)


def legal(state: dict) -> set[str]:
    return {a.text for a in flow.legal_actions(state, pending(state)["seat"])}


def three_players() -> dict:
    """Nordic (seat 0, first), Crimea, Saxony; 4 Factory cards on the Factory (S3.4)."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"), ("saxony", "mechanical"))
    state["decks"]["factory"] = ["factory_01", "factory_02", "factory_03", "factory_04"]
    return state


def move_character(state: dict, *steps: str) -> list:
    begin_move(state, 0, 2, 1, "top")
    events = flow.settle(state)
    events += act(state, "unit character")
    for place_ in steps:
        events += act(state, f"step {place_}")
    if pending(state)["kind"] == "step":
        events += act(state, "stop")
    return events + act(state, "done")


def test_t39_factory_pickup():
    state = three_players()
    place(state, 0, "character", "r2c3")
    events = move_character(state, FACTORY)
    assert top(state) == {"kind": "factory_pick", "seat": 0}
    assert "Seat 1 looks at the 4 Factory cards to keep one." in [str(e.text) for e in events]
    assert view(state, 0)["stack"][-1]["cards"] == state["decks"]["factory"]
    assert "cards" not in view(state, 1)["stack"][-1]
    assert legal(state) == {f"keep factory_0{n}" for n in range(1, 5)}
    events = act(state, "keep factory_03")
    assert state["players"][0]["factory_card"] == "factory_03"
    assert state["decks"]["factory"] == ["factory_01", "factory_02", "factory_04"]
    assert "“The Munitions Hall”" in str(events[0].text) and events[0].public
    assert state["stack"] == []
    place(state, 0, "character", "r2c3")  # next time there: nothing happens
    state["turn"]["moved"] = {}
    move_character(state, FACTORY)
    assert state["stack"] == [] and len(state["decks"]["factory"]) == 3


def test_the_pickup_is_asked_even_with_one_card_left():
    state = three_players()
    state["decks"]["factory"] = ["factory_05"]
    place(state, 0, "character", "r2c3")
    move_character(state, FACTORY)
    assert top(state)["kind"] == "factory_pick"


def test_passing_through_with_speed_does_not_count():
    """A13: only the end of a Move on the Factory gives a card."""
    state = three_players()
    place(state, 0, "character", "r2c3")
    place(state, 0, "mech:speed", "r0c5")
    move_character(state, FACTORY, "r4c3")
    assert state["stack"] == [] and state["players"][0]["factory_card"] is None


def holding(card: str, oil: int = 0, **stats: int) -> dict:
    """Nordic uses its Factory card this turn (oil on r0c5, where its worker stands)."""
    state = three_players()
    if oil:
        put(state, "r0c5", "oil", oil)
    state["decks"]["factory"].remove("factory_04")
    state["players"][0]["factory_card"] = card
    state["players"][0].update(stats)
    push(state, {"kind": "factory_top", "seat": 0}, {"kind": "factory_bottom", "seat": 0})
    flow.settle(state)
    return state


def test_t18_factory_deploy_gives_no_coins_and_no_recruit_bonus():
    """Crimea (left and right neighbour) enlisted Deploy; Nordic deploys through its card."""
    state = holding("factory_01")
    state["players"][1]["recruits"] = {"1": "coins"}  # Patriotic section 2: Bolster / Deploy
    coins = [p["coins"] for p in state["players"]]
    assert legal(state) == {"option 1", "option 2", "skip"}
    act(state, "option 1")
    assert state["players"][0]["power"] == 2  # the card's cost
    assert top(state)["kind"] == "deploy" and top(state)["via"] == "factory"
    act(state, "deploy speed r0c4")
    assert unit_place(state, 0, "mech:speed") == "r0c4"
    assert [p["coins"] for p in state["players"]] == coins
    assert top(state)["kind"] == "factory_bottom"


def test_an_unpayable_top_can_only_be_skipped():
    state = holding("factory_01", power=1)
    assert top(state)["kind"] == "factory_bottom"  # `skip` was the only answer
    assert state["players"][0]["power"] == 1


def test_top_paid_with_resources_then_its_effects():
    state = holding("factory_04", oil=2)
    act(state, "option 2")
    assert resources_at(state, "r0c5")["oil"] == 0
    assert state["players"][0]["coins"] == 8


def test_top_gains_without_any_structure_bonus():
    """S15.5: a Monument would add popularity to Bolster; the card's power gain is not one."""
    state = holding("factory_03")
    build(state, 0, "monument", "r0c4")
    act(state, "option 1")
    p = state["players"][0]
    assert (p["coins"], p["power"], p["popularity"], len(p["cards"])) == (3, 7, 2, 1)


def test_bottom_moves_one_unit_two_steps_with_the_mine():
    """S15.4, S12.7: one unit, up to 2 steps; the owner's Mine is a tunnel for it."""
    state = holding("factory_05")
    act(state, "skip")
    build(state, 0, "mine", "r0c5")
    act(state, "move")
    assert top(state)["units"] == 1
    act(state, "unit worker:2")
    assert top(state)["left"] == 2 and "step r5c3" in legal(state)
    act(state, "step r5c3")
    act(state, "step r4c3")
    assert unit_place(state, 0, "worker:2") == "r4c3"
    assert state["stack"] == []


def test_a_whole_factory_turn_through_the_game():
    game = ScytheGame()
    state = three_players()
    state["decks"]["factory"].remove("factory_03")
    state["players"][0]["factory_card"] = "factory_03"
    push(state, {"kind": "section", "seat": 0})
    for text in ("section factory", "option 2", "move", "unit worker:1", "step r1c4"):
        state, _ = game.apply(state, 0, Action.parse(text))
    assert len(state["players"][0]["cards"]) == 3
    assert state["players"][0]["last_section"] == 4
    state, _ = game.apply(state, 0, Action.parse("stop"))
    assert unit_place(state, 0, "worker:1") == "r1c4"
    assert state["active"] == 1  # the turn passed
