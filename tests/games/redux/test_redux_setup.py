"""R3 setup and the initial secret pick (R3.L, A26), and the game's options."""

from __future__ import annotations

import json

import pytest

from games.core import IllegalAction
from games.redux import GAME
from games.redux.data import DATA_FILE
from games.redux.rules import RULERS, SUPPLY
from games.redux.state import gain, pay, seat_of
from tests.games.redux.scenario import SHU, WEI, WU, act, rig, started

DESIGNED = DATA_FILE.read_text(encoding="utf-8")


def test_ex01_placing_criterion_markers() -> None:
    """EX1: the marker on Manipulate shows a random side; Gain Support shows the other."""
    seen = set()
    for seed in range(30):
        criterion = GAME.setup(3, {}, seed)["criterion"]
        assert {criterion["emperor"], criterion["support"]} == {"admin", "combat"}
        seen.add(criterion["emperor"])
        if criterion["emperor"] == "combat":
            assert criterion["support"] == "admin"
    assert seen == {"admin", "combat"}


def test_setup_tracks_tokens_and_resources() -> None:
    """R3.B-R3.J: bid order Wei, Wu, Shu; tribes 5/6/7; Governor; 0 military; empty stores;
    gold/rice/support 3/4/5, 3/4/5 and 0/1/2, taken from a supply of 15 support tokens."""
    state = GAME.setup(3, {}, 1)
    assert [p["nation"] for p in state["players"]] == ["wei", "wu", "shu"]
    assert state["bid_order"] == [WEI, WU, SHU]
    assert state["round"] == 1 and state["step"] == "pick"
    assert state["emperor_holder"] is None and state["alliance"] == {"action": None,
                                                                     "previous": None}
    assert [p["tribal"] for p in state["players"]] == [5, 6, 7]
    assert [(p["gold"], p["rice"], p["support"]) for p in state["players"]] == [
        (3, 3, 0), (4, 4, 1), (5, 5, 2)]
    for p in state["players"]:
        assert p["office"] == 0 and p["military"] == 0 and p["deficits"] == 0
        assert p["farm"] == {"level": 0, "developed": 0} == p["market"]
        assert p["granary"] == {"farms": 0, "frontiers": []}
        assert p["generals"] == [RULERS[p["nation"]]]
    assert state["supply"]["support"] == SUPPLY["support"] - 3
    assert state["supply"]["farm"] == 5 and state["supply"]["market"] == 5
    assert GAME.invariants(state) == []


def test_setup_deals_hands_from_both_decks() -> None:
    """R3.K: Separation 1/2/3 and Union 3/3/3 from separately shuffled decks."""
    state = GAME.setup(3, {}, 2)
    for p, separation in zip(state["players"], (1, 2, 3), strict=True):
        assert sum(c.startswith("separation.") for c in p["hand"]) == separation
        assert sum(c.startswith("union.") for c in p["hand"]) == 3
    assert len(state["decks"]["union"]) == 21 - 9
    assert len(state["decks"]["separation"]) == 21 - 6
    assert GAME.setup(3, {}, 3)["decks"] != state["decks"]


def test_setup_draws_six_generals_for_the_secret_pick() -> None:
    """R3.L: the ruler aside, 6 of the other 22 drawn; Wei picks 4, Wu 3, Shu 2."""
    state = GAME.setup(3, {}, 4)
    assert GAME.to_act(state) == {WEI, WU, SHU}
    for p, pick in zip(state["players"], (4, 3, 2), strict=True):
        assert len(p["drawn"]) == 6 and p["picking"] == pick
        assert len(p["general_deck"]) == 16
        assert RULERS[p["nation"]] not in p["drawn"] + p["general_deck"]
        assert len(GAME.legal_actions(state, p["seat"])) == {4: 15, 3: 20, 2: 15}[pick]


def test_initial_pick_is_secret_until_everyone_has_chosen() -> None:
    """R3.L with A26: picks stay hidden, then are revealed together."""
    state = GAME.setup(3, {}, 5)
    wei_pick = GAME.legal_actions(state, WEI)[0]
    state, events = GAME.apply(state, WEI, wei_pick)
    chosen = [g for g in wei_pick.args if isinstance(g, str)]
    assert chosen == list(wei_pick.args)  # general ids, every one
    assert state["players"][WEI]["hidden"] == chosen
    public = json.dumps(GAME.view(state, None)) + json.dumps(GAME.view(state, WU))
    assert not any(g in public for g in chosen)
    assert all(g not in str(e.text) for e in events if e.public for g in chosen)
    assert GAME.to_act(state) == {WU, SHU}
    state, _ = GAME.apply(state, SHU, GAME.legal_actions(state, SHU)[0])
    state, events = GAME.apply(state, WU, GAME.legal_actions(state, WU)[0])
    wei = state["players"][WEI]
    assert wei["generals"] == [RULERS["wei"], *chosen] and wei["hidden"] == []
    assert len(wei["general_deck"]) == 18
    assert [len(p["generals"]) for p in state["players"]] == [5, 4, 3]
    assert any("recruits" in str(e.text) and e.public for e in events)
    assert state["step"] == "alliance" and GAME.to_act(state) == {SHU}


@pytest.mark.parametrize("text, message", [
    ("recruit wei.cao_cao", "exactly 4"),
    ("recruit a b c c", "exactly 4 different"),
    ("recruit wu.lu_fan wei.a wei.b wei.c", "not among the generals you drew"),
])
def test_initial_pick_refusals(text: str, message: str) -> None:
    state = GAME.setup(3, {}, 5)
    before = json.dumps(state)
    with pytest.raises(IllegalAction, match=message):
        act(state, WEI, text)
    assert json.dumps(state) == before


def test_started_scenario_is_at_the_alliance_choice() -> None:
    state = started()
    assert state["step"] == "alliance" and GAME.to_act(state) == {SHU}
    assert GAME.phase(state) == "r1:alliance"


def test_option_nations_random_is_a_seeded_permutation() -> None:
    layouts = {tuple(p["nation"] for p in GAME.setup(3, {"nations": "random"}, s)["players"])
               for s in range(12)}
    assert len(layouts) > 1
    state = GAME.setup(3, {"nations": "random"}, 3)
    nations = [p["nation"] for p in state["players"]]
    assert [nations[s] for s in state["bid_order"]] == ["wei", "wu", "shu"]
    assert GAME.setup(3, {"nations": "random"}, 3) == state


def test_option_pack_takes_an_uploaded_pack_and_freezes_it() -> None:
    """An uploaded pack runs the game; editing it afterwards changes nothing running."""
    pack = json.loads(DESIGNED)
    pack["name"] = "Our printed cards"
    pack["generals"][1]["admin"] = 1
    text = json.dumps(pack)
    options = GAME.resolve_options({"pack": text})
    state = GAME.setup(3, options, 1)
    assert state["pack"]["name"] == "Our printed cards"
    assert state["options"]["pack"] == state["pack"]["hash"]
    frozen = json.loads(state["data"])
    assert frozen["generals"][1]["admin"] == 1
    designed = GAME.setup(3, {}, 1)
    assert designed["pack"]["name"] != "Our printed cards"
    assert designed["options"]["pack"] is None


@pytest.mark.parametrize("options, message", [
    ({"pack": "{not json"}, "data pack cannot be used"),
    ({"pack": 12}, "text of a data pack"),
    ({"nations": "alphabetical"}, "must be one of"),
    ({"trade_rates": "cheap"}, "must be one of"),
    ({"rebellion_check": "never"}, "must be one of"),
    ({"component_limits": "some"}, "must be one of"),
    ({"dice": True}, "Unknown option"),
])
def test_option_refusals(options: dict, message: str) -> None:
    with pytest.raises(IllegalAction, match=message):
        GAME.resolve_options(options)


def test_options_resolve_with_defaults() -> None:
    assert GAME.resolve_options({"pack": ""})["pack"] is None
    assert GAME.resolve_options({}) == {
        "pack": None, "nations": "join", "trade_rates": "spread",
        "rebellion_check": "decay_only", "component_limits": True}


def test_exactly_three_players() -> None:
    with pytest.raises(IllegalAction, match="exactly 3 players"):
        GAME.setup(4, {}, 1)


def test_same_seed_same_game() -> None:
    assert GAME.setup(3, {}, 11) == GAME.setup(3, {}, 11)
    assert GAME.setup(3, {}, 11) != GAME.setup(3, {}, 12)


def test_seat_of_follows_the_nation_draw() -> None:
    state = GAME.setup(3, {"nations": "random"}, 3)
    for p in state["players"]:
        assert seat_of(state, p["nation"]) == p["seat"]


def test_a17_gains_stop_at_the_general_supply() -> None:
    """A17: with limits on, a gain is cut to what the supply holds (Ma Chao's horses)."""
    state = rig(GAME.setup(3, {}, 1), WEI, weapons={"horse": 12})
    assert state["supply"]["horse"] == 3
    assert gain(state, SHU, "horse", 4) == 3
    assert state["supply"]["horse"] == 0 and state["players"][SHU]["weapons"]["horse"] == 3
    assert gain(state, SHU, "horse", 1) == 0
    pay(state, SHU, "horse", 2)
    assert state["supply"]["horse"] == 2
    assert gain(state, WEI, "gold", 40) == 40  # gold and rice are unlimited
    assert GAME.invariants(state) == []


def test_a17_without_limits_the_supply_may_run_below_zero() -> None:
    state = rig(GAME.setup(3, {"component_limits": False}, 1), WEI, support=12)
    assert state["supply"]["support"] == 0
    assert gain(state, WU, "support", 2) == 2
    assert state["supply"]["support"] == -2 and GAME.invariants(state) == []
