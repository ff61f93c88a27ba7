"""The frame machine and the turn (S4): the section rule with Rusviet's exception (T3), the
Factory card as a fifth section (S15.3), objective reveals (S16.2, T40), the `end` frame,
passing the turn, and refusals that change nothing and say why."""

from __future__ import annotations

import copy

import pytest

from games.core import Action, IllegalAction, NotYourTurn
from games.scythe import flow, frames
from games.scythe.game import ScytheGame
from games.scythe.state import pending, top

GAME = ScytheGame()
FINISH = ("skip", "none", "done", "end")  # how a test declines whatever it is asked


def drafted(*pairs: tuple[str, str], seed: int = 1) -> dict:
    state = GAME.setup(len(pairs), {"assignment": "draft"}, seed)
    for seat, pair in enumerate(pairs):
        if seat in GAME.to_act(state):
            state, _ = GAME.apply(state, seat, Action("pick", pair))
    return state


def act(state: dict, text: str) -> tuple[dict, list]:
    return GAME.apply(state, state["active"], Action.parse(text))


def play_turn(state: dict, section: str) -> dict:
    """Take `section`, decline every action, end the turn."""
    seat = state["active"]
    state, _ = act(state, f"section {section}")
    while state["active"] == seat:
        legal = GAME.legal_actions(state, seat)
        state, _ = GAME.apply(state, seat, next(a for a in legal if a.kind in FINISH))
    return state


def hold(state: dict, seat: int, *objective_ids: str) -> None:
    """Give a seat exactly these objectives; every hand goes back to the deck first."""
    deck = state["decks"]["objective"]
    for p in state["players"]:
        deck.extend(p["objectives"])
        p["objectives"] = []
    for oid in objective_ids:
        deck.remove(oid)
    state["players"][seat]["objectives"] = list(objective_ids)


def refused(state: dict, seat: int, text: str, match: str) -> None:
    """The action is refused with a message matching `match`, and nothing changes."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction, match=match):
        GAME.apply(state, seat, Action.parse(text))
    assert state == before


# -- the section rule (S4.1, S9.2) -------------------------------------------------------------
def test_t3_section_change() -> None:
    """Saxony used section 2 last turn: `section 2` is rejected. Rusviet: accepted."""
    state = drafted(("saxony", "industrial"), ("nordic", "engineering"))
    state["players"][0]["last_section"] = 1
    refused(state, 0, "section 2", r"You used section 2 \(Produce / Deploy\) on your previous "
            "turn: choose another one")
    assert Action("section", (2,)) not in GAME.legal_actions(state, 0)
    state = drafted(("rusviet", "industrial"), ("nordic", "engineering"))
    state["players"][0]["last_section"] = 1
    state, events = act(state, "section 2")
    assert str(events[0].text) == ("Seat 1 places their action token on section 2 "
                              "(Produce / Deploy).")
    assert state["players"][0]["last_section"] == 1 and state["turn"]["section"] == 1


def test_first_turn_any_section_then_not_the_same() -> None:
    state = drafted(("polania", "industrial"), ("crimea", "engineering"))
    assert [a.text for a in GAME.legal_actions(state, 0)] == [
        "section 1", "section 2", "section 3", "section 4", "offer"]
    state = play_turn(state, "3")
    state = play_turn(state, "1")
    assert state["active"] == 0
    assert [a.args[0] for a in GAME.legal_actions(state, 0) if a.kind == "section"] == [1, 2, 4]


def test_section_pushes_top_bottom_and_the_end_of_turn() -> None:
    state = drafted(("polania", "industrial"), ("crimea", "engineering"))
    frame = top(state)
    flow.DECISIONS["section"].apply(state, frame, Action("section", (4,)))
    assert [f["kind"] for f in reversed(state["stack"])] == ["top", "bottom", "end_turn"]
    assert state["stack"][-1] == {"kind": "top", "seat": 0, "section": 3}


def test_factory_card_is_a_fifth_section() -> None:
    """S15.3: the Factory card is offered as `section factory` when held; it pushes the card's
    top and bottom; the section rule then applies to it too."""
    state = drafted(("polania", "industrial"), ("crimea", "engineering"))
    refused(state, 0, "section factory", "You hold no Factory card")
    card = state["decks"]["factory"].pop()
    state["players"][0]["factory_card"] = card
    assert Action("section", ("factory",)) in GAME.legal_actions(state, 0)
    events = flow.DECISIONS["section"].apply(state, top(state), Action("section", ("factory",)))
    assert str(events[0].text) == "Seat 1 places their action token on the Factory card."
    assert [f["kind"] for f in reversed(state["stack"])] == [
        "factory_top", "factory_bottom", "end_turn"]
    assert state["players"][0]["last_section"] == 4
    state["stack"] = [{"kind": "section", "seat": 0}]
    assert Action("section", ("factory",)) not in GAME.legal_actions(state, 0)
    refused(state, 0, "section factory", "You used the Factory card on your previous turn")


def test_rusviet_may_repeat_the_factory_card() -> None:
    state = drafted(("rusviet", "industrial"), ("crimea", "engineering"))
    state["players"][0]["factory_card"] = state["decks"]["factory"].pop()
    state["players"][0]["last_section"] = 4
    assert Action("section", ("factory",)) in GAME.legal_actions(state, 0)


# -- the turn --------------------------------------------------------------------------------
def test_turn_passes_clockwise_and_resets() -> None:
    state = drafted(("crimea", "patriotic"), ("polania", "engineering"),
                    ("nordic", "agricultural"))
    assert GAME.phase(state) == "turn 1"
    state["turn"]["events"].append("forced_retreat")
    state = play_turn(state, "2")
    assert state["active"] == 2 and state["turn_number"] == 2 and GAME.phase(state) == "turn 2"
    assert state["turn"] == frames.new_turn()
    assert state["stack"] == [{"kind": "section", "seat": 2}]
    state = play_turn(state, "2")
    state = play_turn(state, "2")
    assert state["active"] == 1 and state["turn_number"] == 4
    assert state["players"][1]["last_section"] == 1


def test_refusals_change_nothing_and_say_why() -> None:
    state = drafted(("crimea", "patriotic"), ("polania", "engineering"))
    before = copy.deepcopy(state)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, Action.parse("section 1"))
    refused(state, 1, "fly r3c3", r"`fly r3c3` is not possible now\. You can: section 1 "
            r"\(Produce / Upgrade\) \(`section 1`\)")
    refused(state, 1, "section 7",
            r"Choose a section of your player mat \(`section 1` to `section 4`\)")
    assert state == before


def test_prompts_name_the_decision() -> None:
    state = drafted(("crimea", "patriotic"), ("polania", "engineering"))
    assert str(GAME.prompt(state, 1)) == ("Place your action token on a section (`section 1`, "
                                          "`section 2`, `section 3`, and `section 4`).")
    state["players"][1]["last_section"] = 2
    hold(state, 1, "obj_12", "obj_11")
    state["players"][1]["coins"] = 20
    assert str(GAME.prompt(state, 1)) == ("Place your action token on a section (`section 1`, "
                                          "`section 2`, and `section 4`), or reveal an "
                                          "objective.")
    assert GAME.prompt(state, 0).key == "scythe.prompt.none"
    draft = GAME.setup(2, {"assignment": "draft"}, 1)
    assert str(GAME.prompt(draft, 0)) == "Choose your faction and player mat."


def test_over_game_takes_no_action() -> None:
    state = drafted(("crimea", "patriotic"), ("polania", "engineering"))
    state["end"] = {"reason": "sixth_star", "seat": 1}
    state["active"], state["stack"] = None, []
    assert GAME.to_act(state) == set() and GAME.phase(state) == "over"
    with pytest.raises(NotYourTurn, match="over"):
        GAME.apply(state, 1, Action.parse("section 1"))
    result = GAME.result(state)
    assert result is not None
    assert str(result.reason) == "Seat 2 (Republic of Polania) placed a sixth star"


# -- objectives (S16) ------------------------------------------------------------------------
def test_t40_objective() -> None:
    """A met objective revealed: 1 star, both cards to the bottom of the deck; a second
    objective star is then impossible."""
    state = drafted(("nordic", "industrial"), ("crimea", "engineering"))
    hold(state, 0, "obj_12", "obj_11")  # Get Rich or Cry Trying: $20
    assert not any(a.kind == "objective" for a in GAME.legal_actions(state, 0))
    refused(state, 0, "objective obj_12", "“Get Rich or Cry Trying” is not met now")
    refused(state, 0, "objective obj_03",
            "You do not hold that objective. Yours: Get Rich or Cry Trying")
    state["players"][0]["coins"] = 20
    assert Action("objective", ("obj_12",)) in GAME.legal_actions(state, 0)
    state, events = act(state, "objective obj_12")
    nordic = state["players"][0]
    assert nordic["stars"] == {"objective": 1} and nordic["objectives"] == []
    assert nordic["objectives_done"] == ["obj_12"]
    assert state["decks"]["objective"][:2] == ["obj_12", "obj_11"]
    assert all("obj_11" not in str(e.text) for e in events)
    assert str(events[0].text) == ("Seat 1 reveals the objective “Get Rich or Cry Trying” "
                              "and returns their other objective face down.")
    assert pending(state)["kind"] == "section"  # the turn goes on
    assert GAME.invariants(state) == []


def test_saxony_keeps_its_other_objective_and_may_complete_it() -> None:
    state = drafted(("saxony", "industrial"), ("crimea", "engineering"))
    hold(state, 0, "obj_12", "obj_23")  # $20; 8 combat cards and a combat star
    state["players"][0]["coins"] = 20
    state, _ = act(state, "objective obj_12")
    saxony = state["players"][0]
    assert saxony["objectives"] == ["obj_23"] and saxony["stars"] == {"objective": 1}
    assert state["decks"]["objective"][0] == "obj_12"
    saxony["stars"]["combat"] = 1
    while len(saxony["cards"]) < 8:
        saxony["cards"].append(state["decks"]["combat"].pop())
    state, _ = act(state, "objective obj_23")
    assert state["players"][0]["stars"] == {"objective": 2, "combat": 1}


def test_end_frame_only_when_an_objective_could_be_revealed() -> None:
    """S4.4: after the actions the player is asked to end the turn only when an objective is
    revealable; revealing it leaves nothing to choose, so the turn then passes."""
    state = drafted(("nordic", "industrial"), ("crimea", "engineering"))
    hold(state, 0, "obj_12", "obj_11")
    state, _ = act(state, "section 1")
    state["players"][0]["coins"] = 20
    while pending(state)["kind"] != "end":
        legal = GAME.legal_actions(state, 0)
        state, _ = act(state, next(a for a in legal if a.kind in FINISH).text)
    assert [a.text for a in GAME.legal_actions(state, 0)] == ["end", "objective obj_12"]
    assert "end your turn" in str(GAME.prompt(state, 0))
    after_end, _ = act(state, "end")
    assert after_end["active"] == 1 and after_end["players"][0]["stars"] == {}
    state, events = act(state, "objective obj_12")
    assert state["active"] == 1 and state["players"][0]["stars"] == {"objective": 1}
    assert str(events[-1].text) == "Turn 2: Seat 2 plays."


def test_objective_at_the_sixth_star_ends_the_game() -> None:
    state = drafted(("nordic", "industrial"), ("crimea", "engineering"))
    hold(state, 0, "obj_12", "obj_11")
    state["players"][0].update(coins=20, stars={"upgrades": 1, "mechs": 1, "structures": 1,
                                                "recruits": 1, "workers": 1})
    state, _ = act(state, "objective obj_12")
    assert state["end"]["seat"] == 0 and GAME.phase(state) == "over"
    result = GAME.result(state)
    assert result is not None and result.winners
