"""The view schema of docs/redux-engine.md, hidden information, and the text summary."""

from __future__ import annotations

import json

from games.redux import GAME
from games.redux import view as views
from tests.games.redux.scenario import SHU, WEI, WU, act, bidding, place, recruited, rig, started

TOP = {"game", "round", "step", "to_act", "viewer", "pack", "options", "criterion",
       "bid_order", "action_order", "alliance", "emperor_holder", "turn", "actor", "actions",
       "regions", "decks", "supply", "players", "draft", "doing", "public", "result"}
PLAYER = {"seat", "nation", "nation_name", "gold", "rice", "support", "armies", "weapons",
          "farm", "market", "granary", "treasury", "tribal", "military", "office",
          "office_name", "deficits", "hand_count", "built", "generals", "hidden_count",
          "deck_count", "passed", "emperor_used", "successes", "occupations", "stocks"}
OWN = {"hand", "drawn", "picking", "hidden"}
GENERAL = {"id", "name", "admin", "combat", "leadership", "officer", "specialties", "text",
           "ruler", "status"}
ACTION = {"id", "name", "kind", "criterion", "bids", "totals", "leading", "winners",
          "flipped"}
BID = {"seq", "seat", "general", "general_name", "value", "units", "gold", "support",
       "emperor", "bonus"}


def test_view_schema_public_and_own() -> None:
    state = GAME.setup(3, {}, 1)
    public, own = GAME.view(state, None), GAME.view(state, WU)
    assert set(public) == TOP == set(own)
    assert all(set(p) == PLAYER for p in public["players"])
    assert [set(p) for p in own["players"]] == [PLAYER, PLAYER | OWN, PLAYER]
    assert set(public["players"][WEI]["generals"][0]) == GENERAL
    assert all(set(a) == ACTION for a in public["actions"]) and len(public["actions"]) == 18
    assert len(public["regions"]) == 15
    assert set(public["regions"][0]) == {"id", "name", "border", "unit", "occupant"}
    assert public["decks"] == {"union": 12, "separation": 15}
    assert public["viewer"] is None and own["viewer"] == WU
    assert public["to_act"] == [WEI, WU, SHU]
    json.dumps(public)


def test_public_view_hides_hands_and_picks() -> None:
    state = GAME.setup(3, {}, 1)
    wei = state["players"][WEI]
    public = json.dumps(GAME.view(state, None))
    other = json.dumps(GAME.view(state, WU))
    for secret in wei["hand"] + wei["drawn"]:
        assert f'"{secret}"' not in public and f'"{secret}"' not in other
    own = GAME.view(state, WEI)["players"][WEI]
    assert [c["id"] for c in own["hand"]] == wei["hand"]
    assert [g["id"] for g in own["drawn"]] == wei["drawn"] and own["picking"] == 4
    assert GAME.view(state, None)["players"][WEI]["hand_count"] == 4


def test_hidden_picks_show_as_a_count() -> None:
    state = GAME.setup(3, {}, 1)
    pick = GAME.legal_actions(state, WEI)[0]
    state, _ = GAME.apply(state, WEI, pick)
    assert GAME.view(state, None)["players"][WEI]["hidden_count"] == 4
    assert [g["id"] for g in GAME.view(state, WEI)["players"][WEI]["hidden"]] == list(pick.args)


def bid_state() -> dict:
    state = started()
    recruited(state, WEI, "wei.jia_xu", "wei.cao_hong")
    recruited(state, WU, "wu.lu_fan", "wu.zhou_yu")
    recruited(state, SHU, "shu.jiang_wan", "shu.jiang_wei")
    for seat in (WEI, WU, SHU):
        rig(state, seat, support=0)
    state = bidding(state, alliance="market")
    state, _ = place(state, WEI, "wei.jia_xu", "market")
    state, _ = place(state, WU, "wu.lu_fan", "market")
    return state


def test_actions_show_bids_totals_and_leader() -> None:
    view = GAME.view(bid_state(), None)
    market = next(a for a in view["actions"] if a["id"] == "market")
    assert market["criterion"] == "admin" and market["kind"] == "admin"
    assert [b["general_name"] for b in market["bids"]] == ["Jia Xu", "Lü Fan"]
    assert set(market["bids"][0]) == BID and market["bids"][0]["value"] == 5
    assert market["totals"] == {"0": 5, "alliance": 4}
    assert market["leading"] == [WEI] and market["winners"] == []
    assert view["alliance"] == {"action": "market", "previous": None, "allies": [WU, SHU],
                                "chooser": SHU}
    statuses = {g["id"]: g["status"] for g in view["players"][WEI]["generals"]}
    assert statuses == {"wei.jia_xu": "placed", "wei.cao_hong": "available"}


def test_public_block_carries_the_rounds_bookkeeping_to_every_seat() -> None:
    state = bid_state()
    public = GAME.view(state, None)["public"]
    assert public == GAME.view(state, SHU)["public"]
    assert public["seq"] == 2 and public["winners"] == {} and public["todo"] == {}
    assert public["players"][WEI]["placed"] == ["wei.jia_xu"]
    assert public["players"][SHU]["placed"] == []
    assert public["players"][WEI]["recruited_round"] == state["players"][WEI]["recruited_round"]


def test_public_block_counts_a_pick_without_naming_it() -> None:
    state = GAME.setup(3, {}, 1)
    wei = state["players"][WEI]
    shown = GAME.view(state, WU)["public"]["players"][WEI]
    assert shown["drawn_count"] == len(wei["drawn"]) == 6 and shown["picking"] == 4
    assert not set(wei["drawn"]) & set(json.dumps(shown).split('"'))


def test_flipped_general_shows_on_manipulate() -> None:
    state = bid_state()
    state["flipped"] = {"seat": WEI, "general": "wei.cao_hong"}
    emperor = next(a for a in GAME.view(state, None)["actions"] if a["id"] == "emperor")
    assert emperor["flipped"] == {"seat": WEI, "general": "wei.cao_hong",
                                  "general_name": "Cao Hong"}


def summary_text(view: dict) -> str:
    """The summary's lines in English."""
    return "\n".join(str(line) for line in views.summary(view))


def test_draft_only_in_its_owners_view() -> None:
    state, _ = act(bid_state(), SHU, "place shu.jiang_wan")
    assert GAME.view(state, SHU)["draft"]["stage"] == "on"
    assert "You are placing Jiang Wan." in summary_text(GAME.view(state, SHU))
    assert GAME.view(state, None)["draft"] is None and GAME.view(state, WEI)["draft"] is None


def test_summary_reads_the_view() -> None:
    state = bid_state()
    text = summary_text(GAME.view(state, SHU))
    assert "round 1, bidding, Seat 3 (Shu) to place" in text
    assert "Alliance: Seat 2 (Wu) and Seat 3 (Shu) on Develop Market or Collect Tax" in text
    assert "Develop Market or Collect Tax: Seat 1 Jia Xu 5 and Seat 2 Lü Fan 4" in text
    assert "your hand:" in text
    assert "your hand:" not in summary_text(GAME.view(state, None))
    assert "Jia Xu (5/2/1, placed)" in text


def test_summary_of_a_pick_lists_only_the_viewers_draw() -> None:
    state = GAME.setup(3, {}, 1)
    own = summary_text(GAME.view(state, WEI))
    public = summary_text(GAME.view(state, None))
    assert own.count("pick 4 of:") == 1 and "pick 4 of:" not in public
    drawn = GAME.view(state, WEI)["players"][WEI]["drawn"]
    assert all(g["name"] in own and g["name"] not in public for g in drawn)
