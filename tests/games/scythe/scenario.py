"""Builders for Scythe tests: a table at setup positions without any shuffle, so a test can
say "given a Saxony mech on r1c3" by moving pieces, not by playing turns.

`table(("nordic", "industrial"), ("crimea", "patriotic"))` gives seat 0 Nordic/Industrial,
seat 1 Crimea/Patriotic: start values from the board data (S3.9-S3.11), decks in id order,
no combat cards or objectives dealt (tests deal what they need), an empty frame stack and the
first player (lowest mat number, S3.12) active. It reads `data/board.json` directly, so
modules can be tested before `setup.py` exists; the setup tests (T1, T2) test the real one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.scythe import rules
from games.scythe.state import MAT, add_resource, card_value, combat_card_ids, worker_ids

BOARD = json.loads((Path(__file__).parents[3] / "games/scythe/data/board.json").read_text())


def table(*pairs: tuple[str, str], options: dict[str, Any] | None = None) -> dict[str, Any]:
    players = [_player(seat, faction, mat) for seat, (faction, mat) in enumerate(pairs)]
    clockwise = sorted(range(len(pairs)), key=lambda s: rules.FACTIONS.index(pairs[s][0]))
    first = min(clockwise, key=lambda s: rules.MATS.index(pairs[s][1]))
    start = clockwise.index(first)
    order = clockwise[start:] + clockwise[:start]
    return {
        "game": "scythe", "seed": 1, "rng": 1, "options": dict(options or {}),
        "bonus_tile": "adjacent_tunnels", "order": order, "active": first, "turn_number": 1,
        "encounters": list(BOARD["encounter_spots"]["members"]),
        "resources": {}, "structures": {},
        "decks": {"combat": combat_card_ids(), "combat_discard": [], "encounter": [],
                  "objective": [], "factory": []},
        "players": players,
        "turn": {"section": None, "coerced": False, "events": [], "moved": {}, "deferred": []},
        "stack": [], "end": None,
    }


def _player(seat: int, faction: str, mat: str) -> dict[str, Any]:
    fdata, mdata = BOARD["factions"][faction], BOARD["player_mats"][mat]
    units = {rules.CHARACTER: fdata["home_base"]}
    units |= {f"mech:{a['id']}": MAT for a in fdata["mech_abilities"]}
    workers = worker_ids()
    units |= {w: MAT for w in workers}
    for worker, territory in zip(workers, fdata["starting_workers"], strict=False):
        units[worker] = territory
    return {
        "seat": seat, "faction": faction, "mat": mat,
        "power": fdata["starting_power"], "popularity": mdata["starting_popularity"],
        "coins": mdata["starting_coins"], "cards": [], "objectives": [],
        "objectives_done": [], "stars": {}, "last_section": None,
        "cubes": list(rules.TOP_BOXES), "upgrades": {}, "recruits": {},
        "structures_built": [], "factory_card": None, "units": units,
    }


def put(state: dict[str, Any], territory: str, resource: str, amount: int = 1) -> None:
    """Lay resource tokens on a territory."""
    add_resource(state, territory, resource, amount)


def place(state: dict[str, Any], seat: int, unit: str, where: str) -> None:
    """Move a unit anywhere (a mech placed on the board counts as deployed)."""
    state["players"][seat]["units"][unit] = where


def build(state: dict[str, Any], seat: int, kind: str, territory: str) -> None:
    """A structure already built by `seat` on `territory`."""
    state["structures"][territory] = {"seat": seat, "kind": kind}
    state["players"][seat]["structures_built"].append(kind)


def deal(state: dict[str, Any], seat: int, *values: int) -> None:
    """Give a seat combat cards of these values, taken from the deck."""
    for value in values:
        card = next(c for c in state["decks"]["combat"] if card_value(c) == value)
        state["decks"]["combat"].remove(card)
        state["players"][seat]["cards"].append(card)

