"""The Scythe board, factions and player mats, loaded from `data/board.json` (spec S1-S3, S19).

The JSON is typed in from the board pictures and cross-checked sources, so it is validated in
full when loaded (`validate`, the checks of the spec's Appendix A): a wrong river flag or a
mistyped cost fails at start-up with the fault named, instead of as a strange move in a game.
Code never spells a territory id (S21.4); everything here is derived from the data."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from games.scythe import rules

DATA_FILE = Path(__file__).parent / "data" / "board.json"

# What the rulebook says the board holds (S1, S2, Appendix A); the data must agree.
TERRITORY_COUNT = 47
TERRAIN_COUNTS = {"mountain": 8, "forest": 7, "village": 9, "farm": 7, "tundra": 8, "lake": 7,
                  "factory": 1}
TUNNEL_COUNT = 6
ENCOUNTER_SPOT_COUNT = 11
ENCOUNTER_TOKENS = 12
ADJACENT_PAIRS = 115
RIVER_EDGES = 31
HOME_RIVER_EDGES = 1
HOME_BASE_COUNT = 7
CENTRAL_REGION = 25  # S2.10: land hexes reachable from the centre without crossing a river
POCKET_SIZE = 3
STARTING_WORKERS = 2
MAT_UPGRADE_SLOTS = 6
MAT_BOTTOM_COINS = 6
MAT_COST_START = 13
MAT_COST_MIN = 7
BONUS_TILE_COUNT = 6
LAKE = "lake"
FACTORY = "factory"
VILLAGE = "village"
MOUNTAIN = "mountain"
RIVERWALK = "riverwalk"


@dataclass(frozen=True)
class Territory:
    id: str
    index: int
    row: int
    col: int
    q: int  # axial coordinates (q, r); s = -q - r
    r: int
    terrain: str
    produces: str | None  # a resource, "worker" (village) or None (lake, Factory)
    tunnel: bool
    encounter: bool


@dataclass(frozen=True)
class HomeBase:
    id: str
    faction: str | None  # None: the two unassigned home bases of the base board
    touches: tuple[str, ...]  # every territory sharing an edge with the home base
    across_river: tuple[str, ...]  # touched across a river (S8.7)
    starting_workers: tuple[str, ...]


@dataclass(frozen=True)
class Faction:
    id: str
    colour: str
    character: str
    start_power: int
    start_cards: int
    ability: str  # the faction ability, active from setup (S9)
    mech_abilities: tuple[str, ...]  # the four slots (S10.1)
    riverwalk: frozenset[str]  # Riverwalk destination terrains (S10.2)
    home_base: str
    starting_workers: tuple[str, ...]


@dataclass(frozen=True)
class Section:
    """One of the four columns of a player mat (S6, S7)."""

    top: str
    bottom: str
    cost_resource: str
    cost_start: int
    upgrade_slots: int
    coins: int
    structure: str  # the structure whose slot sits under this top action (S12.3)
    recruit_bonus: tuple[str, int]  # the ongoing bonus of this section's recruit (S11.2)


@dataclass(frozen=True)
class Mat:
    id: str
    number: int  # the lowest number plays first (S3.12)
    start_popularity: int
    start_coins: int
    sections: tuple[Section, ...]


@dataclass(frozen=True)
class Tier:
    """A popularity band of end scoring (S19.1)."""

    low: int
    high: int
    per_star: int
    per_territory: int
    per_two_resources: int


@dataclass(frozen=True)
class BonusTile:
    """A structure bonus tile (S19.6); payout bands are (min, max, coins)."""

    id: str
    counts: str
    payout: tuple[tuple[int, int, int], ...]

    def pay(self, count: int) -> int:
        return next((coins for low, high, coins in self.payout if low <= count <= high), 0)


@dataclass(frozen=True)
class Board:
    """Everything fixed about the table. Shared by every game: never mutate."""

    territories: dict[str, Territory]  # in board order (index)
    neighbours: dict[str, tuple[str, ...]]  # geometric adjacency, rivers included (S2.9)
    rivers: frozenset[frozenset[str]]  # territory pairs with a river on their shared edge
    tunnels: tuple[str, ...]  # the printed tunnels (S2.3)
    encounter_spots: tuple[str, ...]
    factory: str
    lakes: tuple[str, ...]
    home_bases: dict[str, HomeBase]
    factions: dict[str, Faction]
    mats: dict[str, Mat]
    tiers: tuple[Tier, ...]
    bonus_tiles: dict[str, BonusTile]
    straight_lines: tuple[tuple[str, ...], ...]  # maximal runs of hexes along one axis (S19.6)

    def is_territory(self, place: str) -> bool:
        return place in self.territories

    def river(self, a: str, b: str) -> bool:
        return frozenset((a, b)) in self.rivers

    def terrain(self, territory: str) -> str:
        return self.territories[territory].terrain

    def production(self, territory: str) -> str:
        """What a territory that produces gives; a lake or the Factory is a caller's mistake."""
        produces = self.territories[territory].produces
        if produces is None:
            raise ValueError(f"{territory} produces nothing")
        return produces

    def tier(self, popularity: int) -> Tier:
        return next(t for t in self.tiers if t.low <= popularity <= t.high)

    def home_of(self, faction: str) -> str:
        return self.factions[faction].home_base


@cache
def board() -> Board:
    """The board of `data/board.json`; raises ValueError listing every failed check."""
    raw = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    faults = validate(raw)
    if faults:
        raise ValueError(f"{DATA_FILE.name} is wrong:\n" + "\n".join(faults))
    return _build(raw)


# -- building ---------------------------------------------------------------------------------

def _build(raw: dict[str, Any]) -> Board:
    territories = {t["id"]: _territory(t) for t in sorted(raw["territories"],
                                                          key=lambda t: t["index"])}
    neighbours: dict[str, list[str]] = {tid: [] for tid in territories}
    for pair in raw["adjacency"]["pairs"]:
        neighbours[pair["a"]].append(pair["b"])
        neighbours[pair["b"]].append(pair["a"])
    order = list(territories)
    return Board(
        territories=territories,
        neighbours={t: tuple(sorted(ns, key=order.index)) for t, ns in neighbours.items()},
        rivers=frozenset(frozenset((p["a"], p["b"])) for p in raw["adjacency"]["pairs"]
                         if p["river"]),
        tunnels=tuple(t for t in order if territories[t].tunnel),
        encounter_spots=tuple(t for t in order if territories[t].encounter),
        factory=next(t for t in order if territories[t].terrain == FACTORY),
        lakes=tuple(t for t in order if territories[t].terrain == LAKE),
        home_bases={h["id"]: _home_base(h) for h in raw["home_bases"]},
        factions={f: _faction(f, raw["factions"][f]) for f in rules.FACTIONS},
        mats={m: _mat(m, raw["player_mats"][m]) for m in rules.MATS},
        tiers=tuple(Tier(t["popularity_min"], t["popularity_max"], t["coins_per_star"],
                         t["coins_per_territory"], t["coins_per_2_resources"])
                    for t in raw["popularity_scoring_tiers"]),
        bonus_tiles={t["id"]: BonusTile(t["id"], t["counts"],
                                        tuple((b["min"], b["max"], b["coins"])
                                              for b in t["payout"]))
                     for t in raw["structure_bonus_tiles"]["tiles"]},
        straight_lines=_straight_lines(territories),
    )


def _territory(t: dict[str, Any]) -> Territory:
    return Territory(t["id"], t["index"], t["offset"]["row"], t["offset"]["col"],
                     t["axial"]["q"], t["axial"]["r"], t["terrain"], t["produces"],
                     t["tunnel"], t["encounter"])


def _home_base(h: dict[str, Any]) -> HomeBase:
    return HomeBase(h["id"], h["faction"], tuple(h["touches"]), tuple(h["across_river"]),
                    tuple(h["starting_workers"]))


def _faction(fid: str, f: dict[str, Any]) -> Faction:
    mechs = f["mech_abilities"]
    riverwalk = next(m for m in mechs if m["id"] == RIVERWALK)
    return Faction(fid, f["colour"], f["character"], f["starting_power"],
                   f["starting_combat_cards"], f["faction_ability"]["id"],
                   tuple(m["id"] for m in mechs),
                   frozenset(riverwalk["terrains"]), f["home_base"],
                   tuple(f["starting_workers"]))


def _mat(mid: str, m: dict[str, Any]) -> Mat:
    sections = tuple(
        Section(s["top"], s["bottom"], s["bottom_cost_resource"], s["bottom_cost_start"],
                s["bottom_upgrade_slots"], s["bottom_coins"],
                s["structure_slot"], next(iter(s["recruit_ongoing_bonus"].items())))
        for s in m["sections"])
    return Mat(mid, m["number"], m["starting_popularity"], m["starting_coins"], sections)


AXES = ((1, 0), (0, 1), (1, -1))  # constant r, constant q, constant s


def _straight_lines(territories: dict[str, Territory]) -> tuple[tuple[str, ...], ...]:
    """Every maximal run of consecutive hexes along one of the three axes, rivers ignored
    (S19.6, A10); a hex alone on an axis is a run of one."""
    at = {(t.q, t.r): t.id for t in territories.values()}
    lines = []
    for dq, dr in AXES:
        for (q, r), tid in at.items():
            if (q - dq, r - dr) in at:
                continue  # not the start of a run
            run = [tid]
            while (q + dq * len(run), r + dr * len(run)) in at:
                run.append(at[(q + dq * len(run), r + dr * len(run))])
            lines.append(tuple(run))
    return tuple(lines)


# -- validation (spec Appendix A) -----------------------------------------------------------

Check = Callable[[dict[str, Any]], list[str]]


def validate(raw: dict[str, Any]) -> list[str]:
    """Every check of Appendix A; each failing check gives messages naming what is wrong.
    A check that cannot even read its part of the data says which key it missed."""
    faults: list[str] = []
    for name, check in CHECKS:
        try:
            faults += [f"{name}: {message}" for message in check(raw)]
        except (KeyError, TypeError, ValueError, AttributeError, StopIteration) as err:
            faults.append(f"{name}: the data cannot be read ({type(err).__name__}: {err})")
    return faults


def _axial(row: int, col: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def _around(q: int, r: int, raw: dict[str, Any]) -> set[tuple[int, int]]:
    return {(q + dq, r + dr) for dq, dr in raw["coordinates"]["axial_neighbours"]}


def _by_id(raw: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {t["id"]: t for t in raw["territories"]}


def _check_territories(raw: dict[str, Any]) -> list[str]:
    out = []
    ids = [t["id"] for t in raw["territories"]]
    if len(ids) != TERRITORY_COUNT:
        out.append(f"{len(ids)} territories, expected {TERRITORY_COUNT}")
    out += [f"territory id {i} appears {n} times" for i, n in Counter(ids).items() if n > 1]
    offsets = Counter((t["offset"]["row"], t["offset"]["col"]) for t in raw["territories"])
    out += [f"offset row {r} col {c} is used {n} times" for (r, c), n in offsets.items() if n > 1]
    indexes = sorted(t["index"] for t in raw["territories"])
    if indexes != list(range(len(ids))):
        out.append("territory indexes are not 0..46 without gaps")
    production = raw["terrain_production"]
    for t in raw["territories"]:
        row, col = t["offset"]["row"], t["offset"]["col"]
        if t["id"] != f"r{row}c{col}":
            out.append(f"territory {t['id']} has offset row {row} col {col}")
        if (t["axial"]["q"], t["axial"]["r"]) != _axial(row, col):
            out.append(f"territory {t['id']}: axial coordinates do not follow its offset")
        if t["terrain"] not in TERRAIN_COUNTS:
            out.append(f"territory {t['id']}: unknown terrain {t['terrain']!r}")
        elif t["produces"] != production[t["terrain"]]:
            out.append(f"territory {t['id']}: a {t['terrain']} produces "
                       f"{production[t['terrain']]}, not {t['produces']}")
    return out


def _check_terrains(raw: dict[str, Any]) -> list[str]:
    found = Counter(t["terrain"] for t in raw["territories"])
    return [f"{found.get(terrain, 0)} {terrain} territories, expected {n}"
            for terrain, n in TERRAIN_COUNTS.items() if found.get(terrain, 0) != n]


def _check_features(raw: dict[str, Any]) -> list[str]:
    out = []
    territories = raw["territories"]
    tunnels = {t["id"] for t in territories if t["tunnel"]}
    spots = {t["id"] for t in territories if t["encounter"]}
    if len(tunnels) != TUNNEL_COUNT:
        out.append(f"{len(tunnels)} tunnel territories, expected {TUNNEL_COUNT}")
    if set(raw["tunnel_network"]["members"]) != tunnels:
        out.append("tunnel_network.members differ from the territories marked tunnel: "
                   f"{sorted(set(raw['tunnel_network']['members']) ^ tunnels)}")
    if len(spots) != ENCOUNTER_SPOT_COUNT:
        out.append(f"{len(spots)} encounter spots, expected {ENCOUNTER_SPOT_COUNT}")
    if set(raw["encounter_spots"]["members"]) != spots:
        out.append("encounter_spots.members differ from the territories marked encounter: "
                   f"{sorted(set(raw['encounter_spots']['members']) ^ spots)}")
    if raw["encounter_spots"]["tokens_in_box"] != ENCOUNTER_TOKENS:
        out.append(f"{raw['encounter_spots']['tokens_in_box']} encounter tokens, expected "
                   f"{ENCOUNTER_TOKENS}")
    out += [f"territory {t} has both a tunnel and an encounter" for t in sorted(tunnels & spots)]
    out += [f"territory {t['id']} is a {t['terrain']} with a tunnel or an encounter"
            for t in territories
            if t["terrain"] in (LAKE, FACTORY) and (t["tunnel"] or t["encounter"])]
    return out


def _check_adjacency(raw: dict[str, Any]) -> list[str]:
    out = []
    by_axial = {(t["axial"]["q"], t["axial"]["r"]): t["id"] for t in raw["territories"]}
    expected = {frozenset((tid, by_axial[n])) for (q, r), tid in by_axial.items()
                for n in _around(q, r, raw) if n in by_axial}
    pairs = [(p["a"], p["b"]) for p in raw["adjacency"]["pairs"]]
    listed = Counter(frozenset(p) for p in pairs)
    out += [f"adjacency pair {a}-{b} is a self-loop" for a, b in pairs if a == b]
    out += [f"adjacency pair {'-'.join(sorted(p))} is listed {n} times"
            for p, n in listed.items() if n > 1]
    out += [f"adjacency lists {'-'.join(sorted(p))}, which do not share an edge"
            for p in sorted(set(listed) - expected, key=sorted) if len(p) == 2]
    out += [f"adjacency misses {'-'.join(sorted(p))}, which share an edge"
            for p in sorted(expected - set(listed), key=sorted)]
    if len(pairs) != ADJACENT_PAIRS:
        out.append(f"{len(pairs)} adjacency pairs, expected {ADJACENT_PAIRS}")
    degree = Counter(x for p in pairs for x in p)
    out += [f"territory {t} has {n} neighbours (at most 6)" for t, n in degree.items() if n > 6]
    return out


def _check_rivers(raw: dict[str, Any]) -> list[str]:
    out = []
    territories = _by_id(raw)
    rivers = [(p["a"], p["b"]) for p in raw["adjacency"]["pairs"] if p["river"]]
    if len(rivers) != RIVER_EDGES:
        out.append(f"{len(rivers)} river edges between hexes, expected {RIVER_EDGES}")
    home_rivers = sum(len(h["across_river"]) for h in raw["home_bases"])
    if home_rivers != HOME_RIVER_EDGES:
        out.append(f"{home_rivers} river edges at home bases, expected {HOME_RIVER_EDGES}")
    for a, b in rivers:
        if LAKE in (territories[a]["terrain"], territories[b]["terrain"]):
            out.append(f"the river between {a} and {b} touches a lake")
        if territories[a]["tunnel"] and territories[b]["tunnel"]:
            out.append(f"the river between {a} and {b} separates two tunnels")
    return out


def _components(nodes: Iterable[str], edges: Iterable[tuple[str, str]]) -> list[set[str]]:
    links: dict[str, set[str]] = {n: set() for n in nodes}
    for a, b in edges:
        if a in links and b in links:
            links[a].add(b)
            links[b].add(a)
    seen: set[str] = set()
    parts = []
    for start in links:
        if start in seen:
            continue
        part, todo = set(), [start]
        while todo:
            node = todo.pop()
            if node not in part:
                part.add(node)
                todo += links[node] - part
        seen |= part
        parts.append(part)
    return parts


def _land(raw: dict[str, Any]) -> list[str]:
    return [t["id"] for t in raw["territories"] if t["terrain"] != LAKE]


def _dry_edges(raw: dict[str, Any]) -> list[tuple[str, str]]:
    return [(p["a"], p["b"]) for p in raw["adjacency"]["pairs"] if not p["river"]]


def _check_connected(raw: dict[str, Any]) -> list[str]:
    out = []
    every = [(p["a"], p["b"]) for p in raw["adjacency"]["pairs"]]
    if len(_components([t["id"] for t in raw["territories"]], every)) != 1:
        out.append("the board is not connected")
    if len(_components(_land(raw), every)) != 1:
        out.append("the land hexes are not connected even with rivers crossable")
    return out


def _check_regions(raw: dict[str, Any]) -> list[str]:
    sizes = sorted(len(p) for p in _components(_land(raw), _dry_edges(raw)))
    faction_count = sum(1 for h in raw["home_bases"] if h["faction"])
    expected = sorted([CENTRAL_REGION] + [POCKET_SIZE] * faction_count)
    if sizes != expected:
        return [f"the land without river crossings falls into regions of {sizes} hexes, "
                f"expected {expected} (S2.10)"]
    return []


def _check_pockets(raw: dict[str, Any]) -> list[str]:
    out = []
    territories = _by_id(raw)
    regions = _components(_land(raw), _dry_edges(raw))
    rivers = [(p["a"], p["b"]) for p in raw["adjacency"]["pairs"] if p["river"]]
    for home in (h for h in raw["home_bases"] if h["faction"]):
        faction = home["faction"]
        pocket = next((r for r in regions if set(home["starting_workers"]) <= r), None)
        if pocket is None:
            out.append(f"{faction}: the starting hexes are not in one region")
            continue
        if set(home["river_pocket"]) != pocket:
            out.append(f"{home['id']}.river_pocket is {sorted(home['river_pocket'])}, "
                       f"the hexes say {sorted(pocket)}")
        spots = [t for t in pocket if territories[t]["encounter"]]
        tunnels = [t for t in pocket if territories[t]["tunnel"]]
        if len(pocket) != POCKET_SIZE or len(spots) != 1 or tunnels:
            out.append(f"{faction}: the starting pocket {sorted(pocket)} is not 2 starting "
                       "hexes and 1 encounter spot without a tunnel")
        terrains = set(_faction_riverwalk(raw, faction))
        exits = [b if a in pocket else a for a, b in rivers if (a in pocket) != (b in pocket)]
        if not any(territories[x]["terrain"] in terrains for x in exits):
            out.append(f"{faction}: Riverwalk onto {sorted(terrains)} opens no exit from the "
                       "starting pocket")
    return out


def _faction_riverwalk(raw: dict[str, Any], faction: str) -> list[str]:
    mechs = raw["factions"][faction]["mech_abilities"]
    return next(m for m in mechs if m["id"] == RIVERWALK)["terrains"]


def _check_starting_workers(raw: dict[str, Any]) -> list[str]:
    out = []
    territories = _by_id(raw)
    homes = {h["id"]: h for h in raw["home_bases"]}
    for fid in rules.FACTIONS:
        faction = raw["factions"][fid]
        home = homes[faction["home_base"]]
        workers = faction["starting_workers"]
        if len(workers) != STARTING_WORKERS:
            out.append(f"{fid} starts with {len(workers)} workers, expected "
                       f"{STARTING_WORKERS}")
        if set(workers) != set(home["land_connected"]) or \
                set(workers) != set(home["starting_workers"]):
            out.append(f"{fid}: starting workers {workers} are not the hexes joined to "
                       f"{home['id']} by land {home['land_connected']}")
        terrains = [territories[t]["terrain"] for t in workers]
        if terrains != faction["starting_worker_terrains"]:
            out.append(f"{fid}: starting worker terrains are {terrains}, the data says "
                       f"{faction['starting_worker_terrains']}")
    return out


def _check_home_bases(raw: dict[str, Any]) -> list[str]:
    out = []
    territories = _by_id(raw)
    by_axial = {(t["axial"]["q"], t["axial"]["r"]): t["id"] for t in raw["territories"]}
    if len(raw["home_bases"]) != HOME_BASE_COUNT:
        out.append(f"{len(raw['home_bases'])} home bases, expected {HOME_BASE_COUNT}")
    for home in raw["home_bases"]:
        hid = home["id"]
        spot = home["virtual_offset"]
        q, r = _axial(spot["row"], spot["col"])
        if (q, r) != (home["virtual_axial"]["q"], home["virtual_axial"]["r"]):
            out.append(f"{hid}: virtual axial coordinates do not follow its offset")
        if (q, r) in by_axial:
            out.append(f"{hid} lies on territory {by_axial[(q, r)]}")
        touches = {by_axial[n] for n in _around(q, r, raw) if n in by_axial}
        if set(home["touches"]) != touches:
            out.append(f"{hid} touches {sorted(home['touches'])}, its position gives "
                       f"{sorted(touches)}")
        lakes = {t for t in touches if territories[t]["terrain"] == LAKE}
        if set(home["lakes_touching"]) != lakes:
            out.append(f"{hid}: lakes_touching {home['lakes_touching']}, its position gives "
                       f"{sorted(lakes)}")
        if not set(home["across_river"]) <= touches:
            out.append(f"{hid}: across_river {home['across_river']} is not among its touches")
        land = touches - lakes - set(home["across_river"])
        if set(home["land_connected"]) != land:
            out.append(f"{hid}: land_connected {home['land_connected']}, expected "
                       f"{sorted(land)}")
    return out


def _check_factions(raw: dict[str, Any]) -> list[str]:
    out = []
    factions = {k: v for k, v in raw["factions"].items() if not k.startswith("_")}
    if set(factions) != set(rules.FACTIONS):
        out.append(f"factions are {sorted(factions)}, expected {sorted(rules.FACTIONS)}")
    if raw["seat_order_clockwise"] != list(rules.FACTIONS):
        out.append(f"seat_order_clockwise is {raw['seat_order_clockwise']}, expected "
                   f"{list(rules.FACTIONS)} (S3.8)")
    homes = {h["id"]: h["faction"] for h in raw["home_bases"]}
    terrains = set(TERRAIN_COUNTS) - {LAKE, FACTORY}
    for fid, faction in factions.items():
        if homes.get(faction["home_base"]) != fid:
            out.append(f"{fid}: home base {faction['home_base']} is not {fid}'s")
        mechs = [m["id"] for m in faction["mech_abilities"]]
        if len(set(mechs)) != rules.MECHS or RIVERWALK not in mechs or "speed" not in mechs:
            out.append(f"{fid}: mech abilities {mechs} are not 4 distinct ones with "
                       "riverwalk and speed")
        elif len(set(_faction_riverwalk(raw, fid)) & terrains) != 2:
            out.append(f"{fid}: Riverwalk needs 2 land terrains, has "
                       f"{_faction_riverwalk(raw, fid)}")
    return out


def _check_mats(raw: dict[str, Any]) -> list[str]:
    out = []
    mats = {k: v for k, v in raw["player_mats"].items() if not k.startswith("_")}
    if set(mats) != set(rules.MATS):
        out.append(f"player mats are {sorted(mats)}, expected {sorted(rules.MATS)}")
    structure_of = {top: s for s, top in rules.STRUCTURE_TOP_ACTION.items()}
    for mid, mat in mats.items():
        if mid in rules.MATS and mat["number"] != rules.MATS.index(mid) + 1:
            out.append(f"{mid} has number {mat['number']}, expected "
                       f"{rules.MATS.index(mid) + 1}")
        sections = mat["sections"]
        if sorted(s["top"] for s in sections) != sorted(rules.TOP_ACTIONS):
            out.append(f"{mid}: top actions are not the 4 distinct ones")
        if sorted(s["bottom"] for s in sections) != sorted(rules.BOTTOM_ACTIONS):
            out.append(f"{mid}: bottom actions are not the 4 distinct ones")
        totals = {"upgrade slots": (sum(s["bottom_upgrade_slots"] for s in sections),
                                    MAT_UPGRADE_SLOTS),
                  "bottom coins": (sum(s["bottom_coins"] for s in sections), MAT_BOTTOM_COINS),
                  "starting costs": (sum(s["bottom_cost_start"] for s in sections),
                                     MAT_COST_START),
                  "minimum costs": (sum(s["bottom_cost_min"] for s in sections), MAT_COST_MIN)}
        out += [f"{mid}: {what} total {found}, expected {want}"
                for what, (found, want) in totals.items() if found != want]
        for n, s in enumerate(sections, 1):
            out += [f"{mid} section {n}: {fault}" for fault in _section_faults(s, structure_of)]
    return out


def _section_faults(s: dict[str, Any], structure_of: dict[str, str]) -> list[str]:
    out = []
    if s["bottom_upgrade_slots"] != s["bottom_cost_start"] - s["bottom_cost_min"]:
        out.append(f"{s['bottom_upgrade_slots']} upgrade slots for a cost "
                   f"{s['bottom_cost_start']} -> {s['bottom_cost_min']}")
    if s["bottom_cost_resource"] != rules.BOTTOM_RESOURCE.get(s["bottom"]):
        out.append(f"{s['bottom']} costs {s['bottom_cost_resource']}")
    if s["structure_slot"] != structure_of.get(s["top"]):
        out.append(f"the {s['structure_slot']} sits under {s['top']}")
    bonus = rules.ONGOING_BONUS.get(s["bottom"])
    if bonus is None or s["recruit_ongoing_bonus"] != {bonus[0]: bonus[1]}:
        out.append(f"the {s['bottom']} recruit gives {s['recruit_ongoing_bonus']}")
    return out


def _check_tiers_tiles_deck(raw: dict[str, Any]) -> list[str]:
    out = []
    tiers = raw["popularity_scoring_tiers"]
    bounds = [(t["popularity_min"], t["popularity_max"]) for t in tiers]
    if not _contiguous(bounds, 0, rules.POPULARITY_MAX):
        out.append(f"popularity tiers {bounds} do not cover 0-{rules.POPULARITY_MAX} in order")
    tiles = raw["structure_bonus_tiles"]["tiles"]
    if len({t["id"] for t in tiles}) != BONUS_TILE_COUNT or len(tiles) != BONUS_TILE_COUNT:
        out.append(f"{len(tiles)} structure bonus tiles, expected {BONUS_TILE_COUNT} distinct")
    for tile in tiles:
        bands = [(b["min"], b["max"]) for b in tile["payout"]]
        if not _contiguous(bands, 1, bands[-1][1] if bands else 0):
            out.append(f"bonus tile {tile['id']}: payout bands {bands} are not contiguous "
                       "from 1")
    deck = {int(value): n for value, n in raw["combat"]["combat_cards"].items()}
    if deck != rules.COMBAT_DECK or sum(deck.values()) != raw["combat"]["combat_cards_total"]:
        out.append(f"combat deck {deck} differs from {rules.COMBAT_DECK} "
                   f"(total {raw['combat']['combat_cards_total']})")
    return out


def _contiguous(bands: list[tuple[int, int]], low: int, high: int) -> bool:
    expected = low
    for a, b in bands:
        if a != expected or b < a:
            return False
        expected = b + 1
    return bool(bands) and expected == high + 1


CHECKS: tuple[tuple[str, Check], ...] = (
    ("territories", _check_territories),
    ("terrain counts", _check_terrains),
    ("tunnels and encounters", _check_features),
    ("adjacency", _check_adjacency),
    ("rivers", _check_rivers),
    ("connectivity", _check_connected),
    ("river regions", _check_regions),
    ("starting pockets", _check_pockets),
    ("starting workers", _check_starting_workers),
    ("home bases", _check_home_bases),
    ("factions", _check_factions),
    ("player mats", _check_mats),
    ("tiers, tiles and deck", _check_tiers_tiles_deck),
)
