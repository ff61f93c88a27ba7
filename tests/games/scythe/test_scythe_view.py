"""The view (docs/scythe-engine.md, "The view"; S13.15, S21.1): hidden parts never reach the
public view or another seat's view, the viewer's own parts do, and the derived control,
prompt, names and score are there; the summary is the same view in words."""

from __future__ import annotations

import json

from games.core import Action, make_agent
from games.scythe import checks, control, scoring
from games.scythe.board import board
from games.scythe.game import ScytheGame
from games.scythe.state import combat_card_ids
from games.scythe.view import summary, view
from tests.games.scythe.scenario import build, deal, place, put, table

GAME = ScytheGame()


def dealt(options: dict | None = None) -> dict:
    """Nordic (seat 0) and Crimea (seat 1) with hands, objectives, decks and a Factory space."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"), options=options)
    deal(state, 0, 2, 5)
    deal(state, 1, 3, 4, 4)
    state["players"][0]["objectives"] = ["obj_04", "obj_10"]
    state["players"][1]["objectives"] = ["obj_12", "obj_21"]
    state["decks"]["objective"] = ["obj_01", "obj_02"]
    state["decks"]["factory"] = ["factory_01", "factory_02", "factory_03"]
    return state


def secret_ids(state: dict, seat: int) -> set[str]:
    p = state["players"][seat]
    return set(p["cards"]) | set(p["objectives"])


def text_of(v: dict) -> str:
    return json.dumps(v)


def test_public_view_hides_hands_objectives_and_decks() -> None:
    state = dealt()
    public = view(state, None)
    shown = text_of(public)
    for seat in (0, 1):
        assert all(card not in shown for card in secret_ids(state, seat))
    assert all(card not in shown for card in combat_card_ids())
    assert "factory_0" not in shown and "obj_01" not in shown
    assert [(p["card_count"], p["objective_count"]) for p in public["players"]] == [(2, 2),
                                                                                   (3, 2)]
    assert not [p for p in public["players"] if "cards" in p or "objectives" in p]
    assert public["decks"] == {"combat": 37, "combat_discard": 0, "encounter": 0,
                               "objective": 2, "factory": 3}
    assert "rng" not in public and "seed" not in public and public["viewer"] is None


def test_another_seat_sees_counts_of_my_hand_only() -> None:
    state = dealt()
    theirs = view(state, 1)
    assert all(card not in text_of(theirs) for card in secret_ids(state, 0))
    assert theirs["players"][0]["card_count"] == 2 and "cards" not in theirs["players"][0]


def test_own_view_shows_card_values_and_objective_names() -> None:
    state = dealt()
    mine = view(state, 0)["players"][0]
    assert [c["value"] for c in mine["cards"]] == [2, 5]
    assert {c["id"] for c in mine["cards"]} == set(state["players"][0]["cards"])
    assert mine["objectives"] == [{"id": "obj_04", "name": "Northern Advantage"},
                                  {"id": "obj_10", "name": "Woodland Advantage"}]
    assert view(state, 0)["card_names"] == {"obj_04": "Northern Advantage",
                                            "obj_10": "Woodland Advantage"}


def test_revealed_objectives_and_factory_cards_are_named_for_everyone() -> None:
    state = dealt()
    state["players"][1]["objectives_done"] = ["obj_05"]
    state["players"][1]["factory_card"] = "factory_07"
    names = view(state, None)["card_names"]
    assert names == {"obj_05": "King of the Hill", "factory_07": names["factory_07"]}
    assert names["factory_07"]  # the card's title


def test_coins_of_others_are_hidden_when_coins_visible_is_off() -> None:
    state = dealt({"coins_visible": False})
    assert [p["coins"] for p in view(state, None)["players"]] == [None, None]
    assert [p["coins"] for p in view(state, 1)["players"]] == [None, 6]
    shown = dealt({"coins_visible": True})
    assert [p["coins"] for p in view(shown, None)["players"]] == [4, 6]


def test_control_is_derived_per_s2_7() -> None:
    state = dealt()
    place(state, 1, "mech:riverwalk", "r3c4")
    build(state, 0, "mill", "r2c3")
    put(state, "r3c4", "metal", 2)
    v = view(state, None)
    assert v["control"]["r3c4"] == 1 and v["control"]["r2c3"] == 0
    owners = {t: control.controller(state, t) for t in board().territories}
    assert v["control"] == {t: seat for t, seat in owners.items() if seat is not None}
    assert "home_nordic" not in v["control"]
    assert v["resources"] == {"r3c4": {"metal": 2}}


def test_names_and_no_prompt_without_a_decision() -> None:
    v = view(dealt(), None)
    assert v["faction_names"] == {"nordic": "Nordic", "crimea": "Crimea"}
    assert v["mat_names"] == {"industrial": "Industrial", "patriotic": "Patriotic"}
    assert v["prompt"] is None and v["score"] is None


def test_score_once_the_game_is_over() -> None:
    state = dealt()
    state.update(end={"reason": "Seat 2 placed the sixth star", "seat": 1},
                 active=None)
    v = view(state, None)
    result = scoring.result(state)
    assert result is not None and v["score"] == result.to_json()
    assert set(v["score"]["scores"][0]["categories"]) == {"coins", "stars", "territories",
                                                          "resources", "structure_bonus"}
    text = words(summary(v))
    assert "game over" in text and "Final score" in text and "winner" in text


def test_summary_names_players_tracks_and_own_secrets_only() -> None:
    state = dealt({"coins_visible": False})
    own, public = words(summary(view(state, 0))), words(summary(view(state, None)))
    assert "Seat 1 (Nordic Kingdoms), Industrial mat: power 4, popularity 2, coins 4" in own
    assert "Seat 2 (Crimean Khanate), Patriotic mat: power 5, popularity 2, coins ?" in own
    assert "your combat cards: 2 and 5" in own and "Northern Advantage" in own
    assert "your combat cards" not in public and "Northern Advantage" not in public
    assert "coins ?" in public and "combat cards 3" in public


def words(lines: list) -> str:
    return "\n".join(str(line) for line in lines)


# -- frames: these need the whole frame machine ------------------------------------------------
def test_prompt_of_the_section_frame() -> None:
    state = dealt()
    state["stack"] = [{"kind": "section", "seat": 0}]
    prompt = view(state, None)["prompt"]
    assert prompt == {"kind": "section", "seats": [0], "text": "Seat 0 (Nordic) chooses a "
                      "section of the player mat, or reveals an objective."}


def test_factory_space_is_seen_by_the_picker_only() -> None:
    state = dealt()
    state["active"] = 1
    place(state, 1, "character", "r3c3")
    state["stack"] = [{"kind": "factory_pick", "seat": 1}]
    mine, theirs = view(state, 1), view(state, 0)
    assert mine["stack"][-1]["cards"] == ["factory_01", "factory_02", "factory_03"]
    assert set(mine["card_names"]) >= {"factory_01", "factory_02", "factory_03"}
    assert "factory_0" not in text_of(theirs) and "factory_0" not in text_of(view(state, None))
    assert theirs["decks"]["factory"] == 3


def test_draft_view_and_summary() -> None:
    state = GAME.setup(3, {"assignment": "draft"}, 4)
    state, _ = GAME.apply(state, 0, Action("pick", ("crimea", "patriotic")))
    v = view(state, None)
    assert v["prompt"] == {"kind": "draft", "seats": [1],
                           "text": "Seat 1 picks a faction and a player mat."}
    assert v["faction_names"] == {"crimea": "Crimea"} and v["control"] == {}
    text = words(summary(v))
    assert "Scythe — the draft" in text and "Patriotic mat: picked" in text
    assert "Seat 2: still to pick a faction and a player mat" in text


# -- real games ------------------------------------------------------------------------------
def test_seeded_games_never_show_a_secret_to_another_seat() -> None:
    """Random legal play: after every action no seat's secrets appear in the public view or
    in any other seat's view, and each seat's own view holds its own cards."""
    for seed, seats in ((3, 2), (8, 4), (13, 5)):
        state = GAME.setup(seats, {"coins_visible": seed % 2 == 0}, seed)
        agents = [make_agent("random", s) for s in range(seats)]
        for _ in range(250):
            _check_secrets(state, seats)
            if GAME.result(state) is not None:
                break
            seat = min(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, agents[seat].choose(GAME, state, seat))


def _check_secrets(state: dict, seats: int) -> None:
    secrets = checks.secrets(state)
    views = {s: text_of(GAME.view(state, s)) for s in [None, *range(seats)]}
    for owner, ids in secrets.items():
        for viewer, shown in views.items():
            if viewer != owner:
                assert not [i for i in ids if f'"{i}"' in shown], (owner, viewer)
    for seat in range(seats):
        own = GAME.view(state, seat)["players"][seat]
        assert [c["id"] for c in own["cards"]] == state["players"][seat]["cards"]
