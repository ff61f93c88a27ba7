"""The invariants of T10.6 (games/tang/checks.py) each catch the break they name, and the
secrets of T9 name every hidden card: hands, piles, the cards dealt to pick from, both decks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from games.tang import GAME
from games.tang.model import State
from tests.games.tang.scenario import table

Break = Callable[[State], Any]


def _general_alone(state: State) -> None:
    state["cities"]["changan"]["generals"]["li_siye"] = 1
    state["char_deck"].remove("li_siye")


def _battle_out_of_turn(state: State) -> None:
    state["battle"] = {"attacker": 1, "defender": 0, "a_armies": 0, "a_generals": []}


BREAKS: list[tuple[str, Break, str]] = [
    ("grain", lambda s: s["players"][0].update(grain=7), "grain 7 against a ledger"),
    ("armies", lambda s: s["cities"]["changan"]["armies"].update({"0": 9}),
     "9 armies against a ledger"),
    ("minsheng", lambda s: s["players"][1].update(minsheng=21), "民生 21 outside"),
    ("round", lambda s: s.update(round=9), "round 9 outside"),
    ("zero", lambda s: s["cities"]["changan"]["armies"].update({"0": 0}), "0 or less"),
    ("foreign", lambda s: s["cities"]["changan"]["armies"].update({"1": 1}), "other armies"),
    ("last", lambda s: s["cities"]["changan"].update(last=1), "last controller"),
    ("nobody", lambda s: s["cities"]["changan"].update(controller=None), "not besieged"),
    ("alone", _general_alone, "stands alone"),
    ("character", lambda s: s["players"][0]["pile"].append(s["players"][1]["rep"]),
     "character cards out of place"),
    ("anlushan", lambda s: s["players"][0].update(rep="an_lushan"), "AL2"),
    ("jinnang", lambda s: s["players"][0]["hand"].append(s["discard"][0]),
     "锦囊 cards are not"),
    ("in_play", lambda s: s["in_play"].append(s["jn_deck"].pop()), "no response window"),
    ("capitals", lambda s: s["players"][1].update(capital=s["players"][0]["capital"]),
     "two capitals"),
    ("battle", _battle_out_of_turn, "outside its attacker's turn"),
]


def forged() -> State:
    state = table(3, {"changan": (0, 5), "fufeng": (1, 2)}, hands={0: ["shipo"]},
                  piles={0: ["abusi"]}, capitals={0: "changan", 1: "fufeng"})
    state["discard"].append(state["jn_deck"].pop())
    return state


def test_t10_6_a_forged_table_keeps_every_invariant():
    assert GAME.invariants(forged()) == []


@pytest.mark.parametrize(("name", "damage", "said"), BREAKS, ids=[b[0] for b in BREAKS])
def test_t10_6_each_invariant_catches_its_break(name, damage, said):
    state = forged()
    damage(state)
    broken = GAME.invariants(state)
    assert any(said in line for line in broken), broken


def test_t9_secrets_name_hands_piles_and_both_decks():
    state = forged()
    secrets = GAME.secrets(state)
    assert secrets[0] == set(state["players"][0]["hand"]) | {"abusi"}
    assert set(state["jn_deck"]) | set(state["char_deck"]) == secrets[-1]
    assert not secrets[-1] & set(state["discard"])
