"""Set-up (spec T1.1): the deal and the secret pick, camps, the majority swap and abolition
(TX1), 甲, colours with grain and 锦囊, capitals, claiming and its 16 grain (TX2), the first
armies (TX3)."""

from __future__ import annotations

import pytest

from bot.tools.simulate import check_state
from games.core import Action, IllegalAction
from games.core.flow import chance, flow_of, top, turn
from games.tang import GAME
from games.tang.data import load_data
from games.tang.setup import start_pool
from tests.games.tang.scenario import keys, ledger, legal, play
from tests.wording import english


def deal(state, seat, chars):
    """Give `seat` exactly these five dealt cards (the rest go back to the deck)."""
    p = state["players"][seat]
    state["char_deck"] += p["dealt"]
    for other in state["players"]:
        for c in chars:
            if c in other["dealt"]:
                other["dealt"].remove(c)
                state["char_deck"].append(c)
    for c in chars:
        state["char_deck"].remove(c)
    p["dealt"] = list(chars)


GAME_DATA = load_data()


def dealt_table(n, firsts, options=None):
    state, _ = GAME.begin(n, options or {}, 3)
    named = {c for f in firsts for c in ([f] if isinstance(f, str) else f)}
    spare = [c for c in GAME_DATA.character_ids if c not in named and c != "an_lushan"]
    for seat, first in enumerate(firsts):
        extra = [first] if isinstance(first, str) else list(first)
        while len(extra) < 5:
            extra.append(spare.pop())
        deal(state, seat, extra)
    return state


def test_t1_1_1_five_cards_dealt_and_picked_in_secret():
    state, events = GAME.begin(3, {}, 7)
    assert GAME.to_act(state) == {0, 1, 2}
    for seat in range(3):
        assert len(state["players"][seat]["dealt"]) == 5
    assert sum(1 for e in events if e.seats == (1,)) == 1
    check_state(GAME, state, 3)
    first = GAME.legal_actions(state, 0)[0]
    state, told = GAME.apply(state, 0, first)
    assert GAME.to_act(state) == {1, 2}
    assert state["players"][0]["rep"] is None  # revealed only when all have chosen
    assert [e.seats for e in told] == [None, (0,)]
    check_state(GAME, state, 3)


def test_t1_1_1_an_lushan_cannot_be_chosen():
    state = dealt_table(3, [("an_lushan", "guo_ziyi"), "li_mi", "geshu_han"])
    assert "pick an_lushan" not in legal(state, 0)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, Action.parse("pick an_lushan"))


def pick_all(state, choices):
    for seat, char in enumerate(choices):
        state, _ = play(state, seat, f"pick {char}")
    return state


def test_tx1_majority_swap_then_camps_in_effect():
    state = dealt_table(5, [("guo_ziyi", "li_guangbi"), "gao_lishi", "li_mi", "geshu_han",
                            "an_sishun"])
    state = pick_all(state, ["guo_ziyi", "gao_lishi", "li_mi", "geshu_han", "an_sishun"])
    assert GAME.to_act(state) == {0, 1, 2}
    assert top(state)["rule"] == "swap"
    assert "swap an_lushan" not in legal(state, 0)
    state, _ = play(state, 0, "swap li_guangbi")
    state, _ = play(state, 1, "keep")
    state, events = play(state, 2, "keep")
    assert state["players"][0]["rep"] == "li_guangbi"
    assert "guo_ziyi" in state["players"][0]["pile"]
    assert state["camp_rule"] is True
    assert "tang.log.camps_on" in keys(events)


def test_tx1_all_keep_abolishes_the_camps():
    state = dealt_table(5, ["guo_ziyi", "gao_lishi", "li_mi", "geshu_han", "an_sishun"])
    state = pick_all(state, ["guo_ziyi", "gao_lishi", "li_mi", "geshu_han", "an_sishun"])
    for seat in (0, 1, 2):
        state, events = play(state, seat, "keep")
    assert state["camp_rule"] is False
    assert "tang.log.camps_off" in keys(events)


def test_tx1_three_players_two_of_a_nationality_is_over_half():
    state = dealt_table(3, ["guo_ziyi", "gao_lishi", "an_sishun"])
    state = pick_all(state, ["guo_ziyi", "gao_lishi", "an_sishun"])
    assert GAME.to_act(state) == {0, 1}
    state, _ = play(state, 0, "keep")
    state, _ = play(state, 1, "keep")
    assert state["camp_rule"] is False


def test_t1_1_2_distinct_nationalities_keep_camps_of_one():
    state = dealt_table(3, ["guo_ziyi", "geshu_han", "an_sishun"])
    state = pick_all(state, ["guo_ziyi", "geshu_han", "an_sishun"])
    assert state["camp_rule"] is True
    assert top(state)["rule"] == "color"


@pytest.mark.parametrize(("option", "first"), [("host", 0), ("random", None)])
def test_t1_1_5_first_player(option, first):
    state = dealt_table(3, ["guo_ziyi", "geshu_han", "an_sishun"], {"first_player": option})
    state = pick_all(state, ["guo_ziyi", "geshu_han", "an_sishun"])
    assert state["first"] in (0, 1, 2)
    if first is not None:
        assert state["first"] == first
    assert top(state)["seats"] == [state["first"]]


def test_t1_1_6_colour_welfare_grain_and_eight_stratagems():
    state = dealt_table(3, ["guo_ziyi", "geshu_han", "an_sishun"], {"first_player": "host"})
    state = pick_all(state, ["guo_ziyi", "geshu_han", "an_sishun"])
    assert start_pool(state) == 119
    state, events = play(state, 0, "color red")
    p = state["players"][0]
    assert (p["color"], p["minsheng"], p["grain"], len(p["hand"])) == ("red", 10, 119, 8)
    assert "color red" not in legal(state, 1)
    private = [e for e in events if e.seats == (0,)]
    assert private and english(private[0].text).startswith("You drew")


def test_t1_1_7_capitals_in_order_and_never_twice():
    state = dealt_table(3, ["guo_ziyi", "geshu_han", "an_sishun"], {"first_player": "host"})
    state = pick_all(state, ["guo_ziyi", "geshu_han", "an_sishun"])
    for seat, color in enumerate(("red", "blue", "green")):
        state, _ = play(state, seat, f"color {color}")
    state, _ = play(state, 0, "capital changan")
    assert "capital changan" not in legal(state, 1)
    assert state["cities"]["changan"]["controller"] == 0


def test_t1_1_7_capitals_not_adjacent_option():
    state = dealt_table(3, ["guo_ziyi", "geshu_han", "an_sishun"],
                        {"first_player": "host", "capitals_not_adjacent": True})
    state = pick_all(state, ["guo_ziyi", "geshu_han", "an_sishun"])
    for seat, color in enumerate(("red", "blue", "green")):
        state, _ = play(state, seat, f"color {color}")
    state, _ = play(state, 0, "capital changan")
    assert "capital fufeng" not in legal(state, 1)
    assert "capital jincheng" in legal(state, 1)


def claiming(owners):
    """3 players, everything taken as `owners` says, 甲 = P0; the claim loop at `seat`."""
    state = dealt_table(3, ["guo_ziyi", "geshu_han", "an_sishun"], {"first_player": "host"})
    state = pick_all(state, ["guo_ziyi", "geshu_han", "an_sishun"])
    for city, c in state["cities"].items():
        owner = owners.get(city, 2)
        c.update(controller=owner, last=owner)
    for seat in range(3):
        state["players"][seat]["capital"] = next(
            city for city, c in state["cities"].items() if c["controller"] == seat)
        state["players"][seat]["grain"] = 0
    ledger(state)
    return state


def test_tx2_the_last_empty_city_and_the_16_grain():
    owners = {"yuexi": None, "chengdu": 1, "changan": 0}
    state = claiming(owners)
    flow_of(state)["stack"] = [chance("claim_next", seat=0)]
    from games.tang.flow import FLOW
    events = FLOW.settle(state)
    assert state["players"][0]["grain"] == 16  # P0 has no empty neighbour
    assert "tang.log.claim_fail" in keys(events)
    assert top(state) == turn("claim", 1)
    state, events = play(state, 1, "claim yuexi")
    assert state["players"][2]["grain"] == 16  # no empty city left for P2
    assert state["players"][0]["grain"] == 16  # back at 甲: claiming is over
    assert "tang.log.claims_over" in keys(events)
    assert top(state)["rule"] == "armies" and top(state)["seats"] == [0]


def test_tx3_setup_armies_keep_one_for_every_city():
    state = GAME.setup(4, {}, 2)
    owned = [c for c in state["cities"]][:13]
    for city, c in state["cities"].items():
        owner = 2 if city in owned else 0
        c.update(controller=owner, last=owner, armies={}, generals={})
    for p in state["players"]:
        p["dealt"], p["rep"] = [], None
    state["players"][2]["capital"] = owned[0]
    flow_of(state)["phase"] = "setup"
    flow_of(state)["stack"] = [turn("armies", 2, left=start_pool(state), city=None)]
    assert start_pool(state) == 89
    state, _ = play(state, 2, f"place {owned[0]}")
    assert "count 77" in legal(state, 2) and "count 78" not in legal(state, 2)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 2, Action.parse("count 80"))
    assert refused.value.message.key == "tang.refuse.setup_armies"
    assert english(refused.value.message).startswith("Only 9 armies would be left for 12 empty")
    state, _ = play(state, 2, "count 77")
    for city in owned[1:]:
        state, _ = play(state, 2, f"place {city}", "count 1")
    assert sum(int(state["cities"][c]["armies"]["2"]) for c in owned) == 89
    assert top(state) is None or top(state)["seats"] != [2]
