"""The data of the 三国志演義 area wargame: map, nations, generals, 天命札 decks, tables and
scenarios, loaded from a data text and validated in full.

The shipped file `data/designed.json` is the GM team's design (its `provenance` names the few
values that come from the rulebook; everything else is designed, and a group that owns the
printed game may replace it). `load_data(text, source)` reads any text of the same format, so a
data pack of printed values (games/core/packs.py) is validated by the same checks; they are
the checks of the spec's `check_wargame_data.py`, each failure a line naming the entry.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
from collections import Counter, defaultdict, deque
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).parent / "data" / "designed.json"
FORMAT = "sangokushi-engi-wargame data"
SIDE_TYPES = ("plain", "river", "mountain", "impassable")
RATINGS = ("valour", "intellect", "command", "admin", "diplomacy")
METHODS = ("ikki", "kassen", "keiryaku")
KILL_COLUMNS = ("duel_3", "duel_4", "duel_5", "duel_6plus", "rout_adjacent", "rout_detached",
                "fall_battle_area", "fall_other_area")
KILL_RESULTS = ("none", "death", "capture", "submit", "exile")
TOP_KEYS = ("provenance", "schema", "constants", "turn_track", "areas", "sides", "nations",
            "generals", "tenmei_decks", "tables", "scenarios")


class DataError(ValueError):
    """The data text cannot be used; the message names the source and every entry at fault."""


@dataclass(frozen=True)
class WargameData:
    """The validated data, indexed by id (dicts keep the data order, which rules read:
    kill checks go in the order of `generals`, W24a)."""

    raw: dict[str, Any]
    constants: dict[str, Any]
    areas: dict[str, dict[str, Any]]
    sides: dict[frozenset[str], str]  # {a, b} -> side type
    neighbours: dict[str, dict[str, str]]  # area -> passable neighbour -> side type
    nations: dict[str, dict[str, Any]]
    generals: dict[str, dict[str, Any]]
    cards: dict[str, dict[str, Any]]
    decks: dict[int, list[str]]  # period -> card ids in data order
    tables: dict[str, Any]
    scenarios: dict[str, dict[str, Any]]

    @property
    def designed(self) -> bool:
        """True for the GM team's design (the shipped file), False for a group's pack."""
        return bool(self.raw.get("provenance", {}).get("designed"))

    def side(self, a: str, b: str) -> str | None:
        return self.sides.get(frozenset((a, b)))

    def adjacent(self, a: str, b: str) -> bool:
        """W2.3a: joined by a side that is not impassable."""
        return b in self.neighbours.get(a, {})

    @functools.cached_property
    def around(self) -> dict[str, list[str]]:
        """Each area's passable neighbours in data order (sides are symmetric, so these are
        the areas `a` with `adjacent(a, area)`): rules that walk the areas next to a target
        in data order read this instead of testing every area."""
        return {t: [a for a in self.areas if a in self.neighbours[t]] for t in self.areas}

    def period_of(self, turn: int) -> int:
        return (turn - 1) // self.constants["turns_per_period"] + 1

    def year_of(self, turn: int) -> int:
        return int(self.constants["first_year"]) - 1 + turn

    def value_of(self, area: str) -> int:
        """W29.1: power + 2 for a big city, + 1 for a small one."""
        return self.area_values[area]

    @functools.cached_property
    def area_values(self) -> dict[str, int]:
        """Every area's W29.1 value, worked out once: values are summed per nation for
        every view and every score."""
        score = self.constants["score_value"]
        bonus = {"big": score["big_city_bonus"], "small": score["small_city_bonus"]}
        return {aid: int(a["power"]) * int(score["per_power"]) + int(bonus.get(a["city"], 0))
                for aid, a in self.areas.items()}


class _Checks:
    """Collects every failure, as check_wargame_data.py does, then raises them together."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.errors: list[str] = []

    def check(self, cond: bool, text: str) -> bool:
        if not cond:
            self.errors.append(text)
        return cond

    def fail(self) -> None:
        if self.errors:
            shown = "\n  ".join(self.errors[:40])
            more = f"\n  … and {len(self.errors) - 40} more" if len(self.errors) > 40 else ""
            raise DataError(f"{self.source}: {len(self.errors)} error(s):\n  {shown}{more}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def load_data(text: str, source: str = "designed.json") -> WargameData:
    """Parse and validate a data text; DataError names the source and each entry at fault."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise DataError(f"{source}: line {error.lineno}: not JSON ({error.msg})") from None
    if not isinstance(raw, dict):
        raise DataError(f"{source}: the data must be a JSON object")
    c = _Checks(source)
    c.check(raw.get("format") == FORMAT, f"format must be {FORMAT!r}")
    for key in TOP_KEYS:
        c.check(key in raw, f"missing top-level key {key!r}")
    c.fail()
    try:
        data = _validate(raw, c)
    except (KeyError, TypeError, ValueError, IndexError) as error:
        if isinstance(error, DataError):
            raise
        c.errors.append(f"malformed entry ({type(error).__name__}: {error})")
        c.fail()
        raise
    c.fail()
    return data


def _validate(raw: dict[str, Any], c: _Checks) -> WargameData:
    const = raw["constants"]
    areas = {a["id"]: a for a in raw["areas"]}
    gens = {g["id"]: g for g in raw["generals"]}
    nats = {n["id"]: n for n in raw["nations"]}
    c.check(len(areas) == len(raw["areas"]), "duplicate area ids")
    c.check(len(gens) == len(raw["generals"]), "duplicate general ids")
    c.check(len(nats) == len(raw["nations"]), "duplicate nation ids")
    overlap = (set(areas) & set(gens)) | (set(areas) & set(nats)) | (set(gens) & set(nats))
    c.check(not overlap, f"ids shared between areas/generals/nations: {sorted(overlap)}")
    for word in ("gozoku", "relax"):
        c.check(word not in nats, f"nation id {word!r} is reserved (the cup's other markers)")

    # turn track
    track = raw["turn_track"]
    c.check(len(track) == const["periods"] * const["turns_per_period"], "turn track length")
    for row in track:
        t = row["turn"]
        c.check(row["period"] == (t - 1) // const["turns_per_period"] + 1,
                f"turn {t}: wrong period")
        c.check(row["year"] == const["first_year"] - 1 + t, f"turn {t}: wrong year")

    # areas
    for a in raw["areas"]:
        i = a["id"]
        c.check(re.fullmatch(r"[a-z][a-z0-9_]*", i) is not None, f"area id {i!r} not snake_case")
        c.check(a["city"] in ("big", "small", "none"), f"area {i}: bad city {a['city']!r}")
        c.check(_is_int(a["power"]) and 1 <= a["power"] <= 4, f"area {i}: power out of 1..4")
        c.check(0 <= a["x"] <= 1000 and 0 <= a["y"] <= 700,
                f"area {i}: x,y outside the 1000x700 canvas")
        for k in ("name_ja", "reading", "name_en", "province"):
            c.check(bool(a.get(k)), f"area {i}: missing {k}")
    pts = [(a["x"], a["y"]) for a in raw["areas"]]
    closest = min((((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
                   for n, p in enumerate(pts) for q in pts[n + 1:]), default=100.0)
    c.check(closest >= 40, f"two area label points closer than 40 px ({closest:.1f})")

    # sides
    sides: dict[frozenset[str], str] = {}
    neighbours: dict[str, dict[str, str]] = {a: {} for a in areas}
    every: dict[str, dict[str, str]] = defaultdict(dict)
    for s in raw["sides"]:
        a, b, kind = s["a"], s["b"], s["type"]
        if not (c.check(a in areas and b in areas, f"side {a}-{b}: unknown area")
                and c.check(a != b, f"side {a}-{b}: self loop")):
            continue
        c.check(kind in SIDE_TYPES, f"side {a}-{b}: bad type {kind!r}")
        key = frozenset((a, b))
        c.check(key not in sides, f"side {a}-{b} listed twice")
        sides[key] = kind
        every[a][b] = every[b][a] = kind
        if kind != "impassable":
            neighbours[a][b] = neighbours[b][a] = kind
    for a in areas:
        c.check(bool(neighbours[a]), f"area {a} has no passable side")
    if areas:
        start = next(iter(areas))
        reach, queue = {start}, deque([start])
        while queue:
            x = queue.popleft()
            for y in neighbours[x]:
                if y not in reach:
                    reach.add(y)
                    queue.append(y)
        c.check(reach == set(areas), "map not connected through passable sides; unreachable: "
                f"{sorted(set(areas) - reach)}")

    # generals
    for g in raw["generals"]:
        i = g["id"]
        for k in RATINGS:
            v = g[k]
            c.check(v is None or (_is_int(v) and 0 <= v <= 6), f"general {i}: {k} out of range")
        c.check(g["valour"] is not None, f"general {i}: 武勇 may not be blank")
        for k in ("admin", "diplomacy"):
            c.check(g[k] is None or g[k] <= 5, f"general {i}: {k} above 5")
        c.check(bool(g.get("name_ja")) and bool(g.get("name_en")), f"general {i}: missing name")
        e, x = g["entry_period"], g["exit_period"]
        c.check(_is_int(e) and 1 <= e <= const["periods"], f"general {i}: bad entry period")
        if g.get("entry_card") is not None:
            c.check(x is None or (_is_int(x) and e < x <= const["periods"]),
                    f"general {i}: exit period {x!r} must come after entry period {e!r}")
        else:
            c.check(x is None or (_is_int(x) and e <= x <= const["periods"]),
                    f"general {i}: exit period {x!r} before entry period {e!r}")

    # nations
    for n in raw["nations"]:
        i = n["id"]
        c.check(bool(n["succession"]) and n["succession"][0] == n["founder"],
                f"nation {i}: founder must head the succession")
        for h in n["succession"]:
            c.check(h in gens, f"nation {i}: unknown heir {h}")
        c.check(len(set(n["succession"])) == len(n["succession"]), f"nation {i}: repeated heir")
        c.check(re.fullmatch(r"#[0-9a-fA-F]{6}", n["colour"]) is not None,
                f"nation {i}: colour not #rrggbb")
    colours = [n["colour"].lower() for n in raw["nations"]]
    c.check(len(set(colours)) == len(colours), "nation colours not distinct")
    heirs = Counter(h for n in raw["nations"] for h in n["succession"])
    c.check(all(v == 1 for v in heirs.values()), "a general is in two succession lines")

    # 天命札
    cards: dict[str, dict[str, Any]] = {}
    decks: dict[int, list[str]] = {}
    entry_cards: dict[str, list[str]] = defaultdict(list)
    exit_cards: dict[str, list[str]] = defaultdict(list)
    c.check([d["period"] for d in raw["tenmei_decks"]] == list(range(1, const["periods"] + 1)),
            "one deck per period 1..9 required")
    for d in raw["tenmei_decks"]:
        p = d["period"]
        decks[p] = [card["id"] for card in d["cards"]]
        c.check(len(d["cards"]) == const["deck_size"],
                f"period {p} deck has {len(d['cards'])} cards, not {const['deck_size']}")
        c.check(d["effect_cards"] == sum(k["kind"] != "none" for k in d["cards"]),
                f"period {p}: effect_cards count")
        for card in d["cards"]:
            _card(card, p, cards, gens, areas, entry_cards, exit_cards, c)
    for gid, g in gens.items():
        c.check(len(entry_cards[gid]) <= 1, f"{gid} has more than one entry card")
        c.check(len(exit_cards[gid]) == (0 if g["exit_period"] is None else 1),
                f"{gid}: exit card count does not match exit_period")
        c.check(g.get("entry_card") == (entry_cards[gid][0] if entry_cards[gid] else None),
                f"{gid}: entry_card field mismatch")
        c.check(g.get("exit_card") == (exit_cards[gid][0] if exit_cards[gid] else None),
                f"{gid}: exit_card field mismatch")

    _tables(raw["tables"], c)
    scenarios = {s["id"]: s for s in raw["scenarios"]}
    for s in raw["scenarios"]:
        _scenario(s, raw, areas, gens, c)
    return WargameData(raw=raw, constants=const, areas=areas, sides=sides,
                       neighbours=neighbours, nations=nats, generals=gens, cards=cards,
                       decks=decks, tables=raw["tables"], scenarios=scenarios)


def _card(card: dict[str, Any], p: int, cards: dict[str, dict[str, Any]],
          gens: dict[str, dict[str, Any]], areas: dict[str, dict[str, Any]],
          entry_cards: dict[str, list[str]], exit_cards: dict[str, list[str]],
          c: _Checks) -> None:
    cid = card["id"]
    c.check(cid not in cards, f"duplicate card id {cid}")
    cards[cid] = {**card, "period": p}
    c.check(card["kind"] in ("enter", "exit", "none"), f"card {cid}: bad kind")
    if card["kind"] not in ("enter", "exit"):
        return
    gid = card["general"]
    if not c.check(gid in gens, f"card {cid}: unknown general {gid}"):
        return
    if card["kind"] == "exit":
        exit_cards[gid].append(cid)
        c.check(gens[gid]["exit_period"] == p, f"card {cid}: {gid} exits in period {p} but "
                f"exit_period is {gens[gid]['exit_period']!r}")
        return
    entry_cards[gid].append(cid)
    c.check(gens[gid]["entry_period"] == p, f"card {cid}: {gid} enters in period {p} but "
            f"entry_period is {gens[gid]['entry_period']!r}")
    ds = card["destinations"]
    c.check(len(ds) >= 1, f"card {cid}: no destination")
    letters = [x["key"] for x in ds if "key" in x]
    c.check(letters == [chr(65 + k) for k in range(len(letters))],
            f"card {cid}: letter keys must be A, B, C... in order")
    c.check(all("key" not in x for x in ds[len(letters):]),
            f"card {cid}: letter destinations must precede die destinations (5.5.2)")
    faces: list[int] = []
    for x in ds:
        if "die" in x:
            lo, hi = x["die"]
            c.check(1 <= lo <= hi <= 6, f"card {cid}: bad die range")
            faces += list(range(lo, hi + 1))
        if "general" in x:
            t = x["general"]
            if c.check(t in gens, f"card {cid}: unknown destination general {t}"):
                c.check(t != gid, f"card {cid}: a general cannot be his own destination")
        else:
            c.check(x.get("area") in areas, f"card {cid}: unknown destination area "
                    f"{x.get('area')!r}")
    if faces:
        c.check(sorted(faces) == [1, 2, 3, 4, 5, 6],
                f"card {cid}: die ranges must cover 1-6 exactly once")


def _contiguous(rows: list[dict[str, Any]], lo: str, hi: str, first: int) -> bool:
    nxt = first
    for r in rows:
        if r[lo] != nxt:
            return False
        if r[hi] is None:
            return r is rows[-1]
        if r[hi] < r[lo]:
            return False
        nxt = r[hi] + 1
    return False


def _tables(t: dict[str, Any], c: _Checks) -> None:
    bm = t["battle_method"]["rows"]
    c.check([r["roll"] for r in bm] == list(range(2, 13)), "battle method table must list 2..12")
    c.check(all(r["method"] in METHODS and r["generals"] in (1, 2, 3) for r in bm),
            "battle method entries")
    c.check(_contiguous(t["kassen"]["rows"], "diff_min", "diff_max", 0),
            "合戦表 difference bands must run 0.. open")
    c.check(_contiguous(t["keiryaku"]["rows"], "diff_min", "diff_max", 0),
            "計略表 difference bands must run 0.. open")
    kr = t["kassen"]["rows"]
    c.check(all(kr[k]["loser_loss"] <= kr[k + 1]["loser_loss"]
                and kr[k]["winner_loss"] >= kr[k + 1]["winner_loss"]
                for k in range(len(kr) - 1)), "合戦表 not monotone")
    c.check(_contiguous(t["pursuit"]["columns"], "troops_min", "troops_max", 1),
            "追撃表 troop columns must run 1.. open")
    c.check([r["roll"] for r in t["pursuit"]["rows"]] == [1, 2, 3, 4, 5, 6], "追撃表 rows 1..6")
    c.check(all(len(r["loss"]) == len(t["pursuit"]["columns"]) for r in t["pursuit"]["rows"]),
            "追撃表 row widths")
    kc = t["kill_check"]
    c.check(tuple(kc["columns"]) == KILL_COLUMNS, "討ち取り表 needs the 8 columns of 24.2")
    c.check([r["roll"] for r in kc["rows"]] == [1, 2, 3, 4, 5, 6], "討ち取り表 rows 1..6")
    for r in kc["rows"]:
        c.check(len(r["results"]) == 8 and all(x in KILL_RESULTS for x in r["results"]),
                f"討ち取り表 row {r['roll']}")
    for col in ("fall_battle_area", "fall_other_area"):
        if col in kc["columns"]:
            k = kc["columns"].index(col)
            c.check(all(r["results"][k] != "none" for r in kc["rows"]),
                    f"column {col} must not contain 'none' (W27.2)")


def _scenario(s: dict[str, Any], raw: dict[str, Any], areas: dict[str, Any],
              gens: dict[str, dict[str, Any]], c: _Checks) -> None:
    const = raw["constants"]
    sid, setup = s["id"], s["setup"]
    c.check(any(setup in n["setups"] for n in raw["nations"]),
            f"scenario {sid}: unknown setup {setup}")
    sp = (s["first_turn"] - 1) // const["turns_per_period"] + 1
    c.check((s["first_turn"] - 1) % const["turns_per_period"] == 0,
            f"scenario {sid} must start on the first turn of a period")
    c.check(1 <= s["first_turn"] <= s["last_turn"] <= len(raw["turn_track"]),
            f"scenario {sid}: turn range")
    owner: dict[str, str] = {}
    placed: dict[str, str] = {}
    inside = [n for n in raw["nations"] if setup in n["setups"]]
    for n in inside:
        st = n["setups"][setup]
        for a, troops in st["areas"].items():
            c.check(a in areas, f"scenario {sid}: {n['id']} holds unknown area {a}")
            c.check(_is_int(troops) and troops >= 0, f"scenario {sid}: bad troops in {a}")
            c.check(a not in owner, f"scenario {sid}: area {a} controlled twice")
            owner[a] = n["id"]
        for gid, a in st["generals"].items():
            c.check(gid in gens, f"scenario {sid}: unknown general {gid}")
            c.check(gid not in placed, f"scenario {sid}: general {gid} placed twice")
            placed[gid] = a
            c.check(st["areas"].get(a) is not None,
                    f"scenario {sid}: {gid} placed in {a}, which {n['id']} does not control")
        r = st["ruler"]
        c.check(r in n["succession"], f"scenario {sid}: ruler {r} not in {n['id']}'s succession")
        c.check(st["generals"].get(r) is not None, f"scenario {sid}: ruler {r} not on the map")
        holds = [a for a, t in st["areas"].items()
                 if t > 0 or any(v == a for v in st["generals"].values())]
        c.check(len(holds) >= 1, f"scenario {sid}: nation {n['id']} has no units")
    for a, v in s["gozoku"].items():
        c.check(a in areas and a not in owner,
                f"scenario {sid}: 豪族 area {a} unknown or already controlled")
        c.check(v["troops"] >= 1, f"scenario {sid}: 豪族 area {a} needs troops (W4.5)")
        owner[a] = "gozoku"
    for gid, a in s["zaiya"].items():
        c.check(gid in gens and a in areas, f"scenario {sid}: bad 在野 {gid}@{a}")
        c.check(owner.get(a) in (None, "gozoku"), f"scenario {sid}: 在野 {gid} in a nation's area")
        c.check(gid not in placed, f"scenario {sid}: {gid} both placed and 在野")
        placed[gid] = a
    for gid in s["removed"]:
        c.check(gid in gens and gid not in placed, f"scenario {sid}: bad removed general {gid}")
    for gid, g in gens.items():
        e, x = g["entry_period"], g["exit_period"]
        st = g["setup"].get(setup, {}).get("status")
        alive = x is None or x >= sp
        if gid in placed:
            c.check(alive, f"scenario {sid}: {gid} placed but exits in period {x} before the "
                    "start")
            c.check(e <= sp, f"scenario {sid}: {gid} placed before his entry period")
            c.check(e < sp or g["entry_card"] is None,
                    f"scenario {sid}: {gid} placed although his entry card is still to come")
            c.check(st in ("nation", "zaiya"), f"scenario {sid}: {gid} setup status {st!r}")
        elif gid in s["removed"] or not alive:
            c.check(st == "removed", f"scenario {sid}: {gid} should have status removed")
        elif g["entry_card"] is not None and e >= sp:
            c.check(st == "card", f"scenario {sid}: {gid} should enter by card")
        else:
            heir = any(gid in n["succession"] for n in inside)
            c.check(heir and st == "heir_only", f"scenario {sid}: general {gid} (periods "
                    f"{e}-{x}) is alive at the start but not placed")
    low, high = s["players"]["min"], s["players"]["max"]
    ids = [n["id"] for n in inside]
    for k in range(low, high + 1):
        lst = s["player_nations"].get(str(k))
        if c.check(lst is not None, f"scenario {sid}: no nation list for {k} players"):
            c.check(len(lst) == k and len(set(lst)) == k,
                    f"scenario {sid}: {k} players need {k} distinct nations")
            c.check(all(x in ids for x in lst), f"scenario {sid}: player nation not in set-up")
    sc = s["scoring"]
    c.check(all(s["first_turn"] <= t <= s["last_turn"] for t in sc["score_turns"])
            and s["last_turn"] in sc["score_turns"], f"scenario {sid}: scoring turns")


@functools.cache
def designed() -> WargameData:
    """The shipped data (the GM team's design), loaded and checked once."""
    return load_data(DATA_FILE.read_text(encoding="utf-8"), DATA_FILE.name)


_PACKS: dict[str, str] = {}  # digest -> the text of every pack loaded in this process


@functools.cache
def _pack(text: str) -> WargameData:
    data = load_data(text, "pack")
    _PACKS[digest(text)] = text
    return data


@functools.cache
def digest(text: str) -> str:
    """A pack's identity: 12 hex digits of the sha256 of its text (what the server's pack
    list shows, and what a view names instead of carrying the whole text)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def data_for(options: dict[str, Any]) -> WargameData:
    """The data a table plays with: its frozen pack text (`options["pack"]`), else the
    designed data."""
    text = options.get("pack")
    return _pack(text) if text else designed()


def pack_digest(options: dict[str, Any]) -> str | None:
    """The digest of a table's pack (None for the designed data)."""
    text = options.get("pack")
    return digest(text) if text else None


def data_named(found: str | None) -> WargameData:
    """The data a view names (`view["pack"]`): a pack this process has loaded (the engine
    loads it before any view is drawn), else the designed data."""
    return _pack(_PACKS[found]) if found else designed()
