"""Setup, the start phase, the view schema, hidden information, phases, prompts, the summary,
the advanced decks and the data loader."""

from __future__ import annotations

import copy
import json
import re

import pytest

from games.core import get_game
from games.core.messages import Msg
from games.record import GAME
from games.record.data import DATA_FILE, DataError, load, parse
from games.record.state import check_decks
from tests.games.record.scenario import act, mentions, one, play, table
from tests.wording import english

A, B, C, D = 0, 1, 2, 3
NAMES = ("Ann", "Ben", "Cy", "Dee")


def first(state: dict) -> tuple[dict, list]:
    seat = min(GAME.to_act(state))
    return act(state, seat, GAME.legal_actions(state, seat)[0].text)


def test_registered_with_title_and_options():
    game = get_game("record")
    assert game.title == "Record of the Three Kingdoms (三國志)"
    assert (game.min_players, game.max_players) == (2, 5)
    assert {o.name for o in game.options} == {"advanced", "two_player_lords",
                                              "qin_zei_captures", "luoyang_literal"}


def test_start_player_is_the_highest_battle_card_and_everyone_has_two_coins():
    state = GAME.setup(4, {}, 11)
    draws = state["start_draws"]
    assert state["start_player"] == max(draws, key=lambda d: d["card"])["seat"]
    assert len({d["card"] for d in draws}) == 4
    assert sorted(state["battle_deck"]) == list(range(1, 23))
    assert [p["coins"] for p in state["players"]] == [2, 2, 2, 2]
    assert GAME.to_act(state) == {state["start_player"]}


def test_lord_choice_is_secret_and_in_turn():
    state = GAME.setup(3, {}, 5)
    start = state["start_player"]
    state, events = first(state)
    lord = state["players"][start]["lords"][0]
    assert GAME.to_act(state) == {(start + 1) % 3}
    assert not any(mentions(e.text, lord) for e in events if e.public)
    assert any(mentions(e.text, lord) for e in events if e.seats == (start,))
    for seat in (None, (start + 1) % 3):
        assert lord not in json.dumps(GAME.view(state, seat))
    assert GAME.view(state, start)["players"][start]["lords"][0]["id"] == lord


def test_two_player_lords_each_take_two_in_turn():
    state = GAME.setup(2, {"two_player_lords": True}, 5)
    start = state["start_player"]
    for expected in (start, start, 1 - start, 1 - start):
        assert GAME.to_act(state) == {expected}
        state, _ = first(state)
    assert [len(p["lords"]) for p in state["players"]] == [2, 2]
    assert len(state["lords_removed"]) == 4 and state["phase"] == "draft"


def test_draft_is_simultaneous_and_passes_left():
    state = GAME.setup(3, {}, 9)
    for _ in range(3):
        state, _ = first(state)
    assert GAME.to_act(state) == {0, 1, 2}
    packet0 = list(state["draft"]["packets"][0])
    state, _ = act(state, 0, f"draft {packet0[0]}")
    assert GAME.to_act(state) == {1, 2}
    state, _ = act(state, 1, GAME.legal_actions(state, 1)[0].text)
    state, _ = act(state, 2, GAME.legal_actions(state, 2)[0].text)
    assert state["draft"]["packets"][1] == packet0[1:]


def test_start_phase_reaches_round_one_advisors():
    state = GAME.setup(2, {}, 2)
    while state["phase"] in ("lords", "draft"):
        state, _ = first(state)
    assert state["round"] == 1 and state["phase"] == "advisors"
    assert GAME.phase(state) == "r1:advisors"


VIEW_KEYS = {"game", "round", "phase", "step", "start_player", "active", "to_act", "target",
             "bonus_value", "end_triggered", "end_reason", "first_to_target", "options",
             "decks", "discard_top", "players", "battle", "last_battle"}
PLAYER_KEYS = {"seat", "lords", "advisor", "coins", "hand_size", "cities", "bonus", "used"}
BATTLE_KEYS = {"attacker", "defender", "city", "walls", "attacker_general",
               "defender_general", "attack_stratagem", "defence_stratagem", "contests",
               "forces", "force_steps", "lanes", "outcome", "beheaded"}


def test_view_schema():
    state = table(coins={A: 20}, hands={A: ["zhao_yun", "liu_shan", "fu_di_chou_xin"],
                                         B: ["kong_cheng_ji"]},
                  cities={B: [("xinye", "lu_bu")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"))
    public = GAME.view(state, None)
    assert set(public) >= VIEW_KEYS and public["game"] == "record"
    assert set(public["decks"]) >= {"game", "stratagem", "city_general", "discard", "advisor",
                                    "battle"}
    for p in public["players"]:
        assert set(p) >= PLAYER_KEYS and "hand" not in p
    assert set(public["battle"]) >= BATTLE_KEYS
    own = GAME.view(state, A)["players"][A]
    assert {c["kind"] for c in own["hand"]} == {"general", "stratagem"}
    assert own["used"] == {"build": False, "general": False, "attack": True}
    assert set(own["advisor"]) == {"id", "zh", "en", "intelligence", "payout", "face_up"}
    json.dumps(public)


def test_defender_only_learns_that_an_attack_stratagem_was_placed():
    state = table(coins={A: 20}, hands={A: ["zhao_yun", "liu_shan", "fu_di_chou_xin"],
                                         B: ["kong_cheng_ji"]},
                  cities={B: [("xinye", "lu_bu")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"),
                    (A, "stratagem fu_di_chou_xin"))
    assert GAME.to_act(state) == {B}
    seen = GAME.view(state, B)["battle"]
    assert seen["attack_stratagem"] == {"hidden": True}
    assert seen["attacker_general"] == {"hidden": True}
    assert seen["defender_general"]["id"] == one("lu_bu")
    assert GAME.view(state, C)["battle"]["defender_general"] == {"hidden": True}
    assert "added a face-down attack stratagem" in str(GAME.prompt(state, B))
    state, _ = act(state, B, "defend none")
    assert GAME.view(state, C)["battle"]["attack_stratagem"]["id"] == one("fu_di_chou_xin")


def test_both_sides_arrange_in_secret_at_once():
    state = table(coins={A: 20}, hands={A: ["zhao_yun", "liu_shan"]},
                  cities={B: [("xinye", "lu_bu")]})
    state, _ = play(state, (A, "attack xinye"), (A, "general zhao_yun"))
    assert GAME.to_act(state) == {A, B}
    assert len(GAME.legal_actions(state, A)) == 6
    mine = GAME.view(state, A)["battle"]["my_cards"]
    assert mine == state["battle"]["top"]["attacker"]
    assert "my_cards" not in GAME.view(state, C)["battle"]
    state, _ = act(state, A, "arrange " + " ".join(map(str, mine)))
    assert GAME.to_act(state) == {B}
    assert GAME.view(state, B)["battle"]["lanes"] is None
    assert "my_arrangement" not in GAME.view(state, B)["battle"]


def test_private_events_carry_hidden_cards():
    state = table(deck_top=["zhao_yun", "xinye"], begin=True)
    state, events = act(state, A, "keep zhao_yun")
    public = [e.text for e in events if e.public]
    assert not any(mentions(t, one("zhao_yun")) or mentions(t, one("xinye")) for t in public)
    assert any(mentions(e.text, one("zhao_yun")) for e in events if e.seats == (A,))


def test_phase_labels_change_at_each_boundary():
    state = table(2, active=A, coins={A: 1, B: 1})
    labels = [GAME.phase(state)]
    state, _ = act(state, A, "end")
    labels.append(GAME.phase(state))
    state, _ = play(state, (B, GAME.legal_actions(state, B)[0].text), (B, "end"))
    labels.append(GAME.phase(state))
    assert labels == ["r3:actions:0", "r3:actions:1", "r4:advisors"]


def test_prompt_and_summary():
    state = table(coins={A: 9}, hands={A: ["xinye", "zhao_yun"]},
                  cities={B: [("beihai", "lu_bu", True)]})
    assert "Build a city" in str(GAME.prompt(state, A)) and GAME.prompt(state, B) == ""
    lines = GAME.summary(GAME.view(state, A))
    assert all(isinstance(line, Msg) for line in lines)
    text = "\n".join(english(line, NAMES) for line in lines)
    assert "Xinye (新野)" in text and "Lu Bu (呂布) (force 10)" in text
    assert "Ann (start player, acting, and to decide): 9元, 2 cards in hand, 0 points" in text
    assert "新野" not in "\n".join(map(str, GAME.summary(GAME.view(state, B))))
    assert "step" not in text and "main" not in text  # internal step names stay inside


def test_labels_name_cards_in_the_readers_language():
    state = table(coins={A: 9}, hands={A: ["xinye", "zhao_yun", "hun_shui_mo_yu"]},
                  cities={B: [("tianshui", "liu_shan")]})
    labels = {a.text: a.label for a in GAME.legal_actions(state, A)}
    assert english(labels["build city:xinye"]) == (
        "Build Xinye (新野) (medium city, cost 6元, 2 walls, 6 points)")
    assert english(labels["play stratagem:hun_shui_mo_yu#1"]) == (
        "Play Fish in Troubled Waters (混水摸魚)")
    assert english(labels["attack city:tianshui"], NAMES) == (
        "Attack Ben's Tianshui (天水) (war expense 4元)")
    assert english(labels["attack city:tianshui"], locale="zh-TW") == "攻打2號座位的天水(軍費 4元)"
    assert english(labels["attack city:tianshui"], locale="ko") == (
        "2번 자리의 천수(天水) 공격(군비 4원)")
    assert english(labels["attack city:tianshui"], locale="ja") == (
        "2番席の天水（てんすい）を攻める（軍費 4元）")
    assert not any(re.search(r"\b(city|general|stratagem|lord|advisor):", english(a.label))
                   for a in GAME.legal_actions(state, A))  # no internal ids


def test_short_names_are_accepted():
    state = table(coins={A: 9}, hands={A: ["xinye", "zhao_yun", "hun_shui_mo_yu"]})
    state, _ = act(state, A, "play hun_shui_mo_yu")
    assert state["players"][A]["coins"] == 13


def test_advanced_deck_rebuilds_once_then_ends_the_game() -> None:
    state = table(options={"advanced": True}, hands={A: ["yi_shi_er_niao"]}, deck_size=1)
    waiting = [c for c in state["discard"] if not c.startswith("stratagem:")]
    assert len(waiting) == 37 - 1
    state, _ = play(state, (A, "play yi_shi_er_niao"), (A, "deck city_general"))
    assert state["rebuilt"]["city_general"] and not state["end_triggered"]
    assert len(state["decks"]["city_general"]) == len(waiting) - 1
    assert not any(c in state["discard"] for c in waiting)
    empty = copy.deepcopy(state)
    empty["discard"] += empty["decks"]["city_general"]
    empty["decks"]["city_general"] = []
    events: list = []
    check_decks(empty, events)
    assert empty["end_triggered"] and empty["end_reason"] == "deck"
    assert empty["decks"]["city_general"] == []


def test_data_loader_names_the_bad_entry():
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    broken = copy.deepcopy(raw)
    broken["generals"][3]["force"] = "four"
    with pytest.raises(DataError, match=r"generals\[3\] general:zhang_ji: field `force`"):
        parse(broken)
    broken = copy.deepcopy(raw)
    broken["stratagems"][1]["type"] = "magic"
    with pytest.raises(DataError, match="hun_shui_mo_yu: type"):
        parse(broken)
    broken = copy.deepcopy(raw)
    broken["coins"]["total"] = 70
    with pytest.raises(DataError, match="coins"):
        parse(broken)
    assert len(load().stratagems) == 33


def test_short_names_pick_the_copy_in_reach():
    state = GAME.setup(2, {}, 4)
    while state["phase"] == "lords":
        state, _ = first(state)
    third = "stratagem:an_sha_ji#3"
    zones = [state["decks"]["game"], *state["draft"]["packets"]]
    holder = next(z for z in zones if third in z)
    packet = state["draft"]["packets"][0]
    if holder is not packet:
        holder[holder.index(third)], packet[0] = packet[0], third
    in_packet = [c for c in packet if c.startswith("stratagem:an_sha_ji#")]
    state, _ = act(state, 0, "draft an_sha_ji")
    assert in_packet[0] in state["players"][0]["hand"]


def test_standings_score_the_table_as_it_stands_for_a_moderators_scored_end():
    state = table(round_=3, coins={A: 9, B: 9},
                  cities={A: [("xinye", "liu_shan")], B: [("tianshui", "hu_zhen")],
                          C: [("xuchang", "liao_hua")]})
    assert GAME.result(state) is None and GAME.view(state, None)["result"] is None
    standings = GAME.standings(state)
    totals = {s.seat: s.total for s in standings.scores}
    assert totals == {A: 6, B: 4, C: 9, D: 0}
    assert standings.winners == [C] and "moderator" in str(standings.reason)
