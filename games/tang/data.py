"""The Tang game's data (spec T0, T6, T7): map, regions, links, 人物牌, 锦囊, constants.

`data/tang-strategy.data.json` holds the designed values (its `provenance` block says which
come from the summary; every other record is designed). A group that owns the original
prototype may give its own values in the same schema (a data pack): `load_data(text)` reads
either, and validates it with the checks of `shared/rules/check_tang_data.py`, raising one
`DataError` that lists every problem with the entry it concerns.
"""

from __future__ import annotations

import collections
import functools
import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from games.tang.lines import with_lines

DATA_FILE = Path(__file__).parent / "data" / "tang-strategy.data.json"
REQUIRED = ("provenance", "schema", "meta", "constants", "tracks", "crossing_types", "regions",
            "cities", "links", "nationalities", "characters", "jinnang", "jinnang_total",
            "characters_total", "grain", "armies", "windows", "setup_by_player_count")
LIMITS = {None, "once_per_battle", "once_per_supply_phase", "once_per_action_phase",
          "once_per_game", "twice_per_game"}
TARGETS = ("none", "player", "general", "battle")
# The fields every entry of a listed section needs (section: how a problem names an entry)
ENTRY_FIELDS = {
    "regions": ("region", ("id", "bonus", "cities")),
    "cities": ("city", ("id", "name_zh", "name_en", "commandery_zh", "label_zh", "region",
                        "special", "luoyang", "x", "y", "neighbors")),
    "links": ("link", ("a", "b", "crossing")),
    "nationalities": ("nationality", ("id",)),
    "characters": ("character", ("id", "name_zh", "nationality", "value", "skill")),
    "jinnang": ("锦囊", ("id", "window", "count", "target", "respondable")),
}
SKILL_FIELDS = ("id", "window", "kind", "limit", "text_en", "text_zh", "ops")
AN_LUSHAN = "an_lushan"


class DataError(ValueError):
    """The data cannot be used; the message lists every problem, each naming its entry."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source, self.problems = source, problems
        super().__init__(f"{source}: {len(problems)} problem(s)\n  - " + "\n  - ".join(problems))


@dataclass(frozen=True)
class TangData:
    """The validated data, indexed for the rules."""

    raw: dict[str, Any]
    digest: str

    @functools.cached_property
    def constants(self) -> dict[str, Any]:
        return dict(self.raw["constants"])

    @functools.cached_property
    def cities(self) -> dict[str, dict[str, Any]]:
        return {c["id"]: c for c in self.raw["cities"]}

    @functools.cached_property
    def city_ids(self) -> list[str]:
        return [c["id"] for c in self.raw["cities"]]

    @functools.cached_property
    def regions(self) -> dict[str, dict[str, Any]]:
        return {r["id"]: r for r in self.raw["regions"]}

    @functools.cached_property
    def links(self) -> dict[frozenset[str], str]:
        """The crossing type of each link, by its two cities."""
        return {frozenset((k["a"], k["b"])): k["crossing"] for k in self.raw["links"]}

    @functools.cached_property
    def neighbors(self) -> dict[str, list[str]]:
        return {c["id"]: sorted(c["neighbors"]) for c in self.raw["cities"]}

    def crossing(self, a: str, b: str) -> str:
        return self.links[frozenset((a, b))]

    @functools.cached_property
    def crossing_types(self) -> dict[str, dict[str, Any]]:
        return dict(self.raw["crossing_types"])

    @functools.cached_property
    def characters(self) -> dict[str, dict[str, Any]]:
        return {c["id"]: c for c in self.raw["characters"]}

    @functools.cached_property
    def character_ids(self) -> list[str]:
        return [c["id"] for c in self.raw["characters"]]

    @functools.cached_property
    def jinnang(self) -> dict[str, dict[str, Any]]:
        return {j["id"]: j for j in self.raw["jinnang"]}

    @functools.cached_property
    def minsheng(self) -> dict[str, int]:
        return dict(self.raw["tracks"]["minsheng"])

    @functools.cached_property
    def players(self) -> tuple[int, int]:
        players = self.raw["meta"]["players"]
        return int(players["min"]), int(players["max"])

    def skill(self, character: str) -> dict[str, Any] | None:
        return self.characters[character]["skill"]

    def value(self, character: str) -> int:
        return int(self.characters[character]["value"])

    def deck(self) -> list[str]:
        """One id per physical 锦囊 card: `<kind>.<n>`, n from 1 (T7.1, T10.6)."""
        return [f"{j['id']}.{n}" for j in self.raw["jinnang"] for n in range(1, j["count"] + 1)]


def kind_of(card: str) -> str:
    """The kind of a physical 锦囊 card (`jianbi.3` -> `jianbi`)."""
    return card.split(".", 1)[0]


def load_data(text: str | None = None, source: str | None = None) -> TangData:
    """The designed data (no text), or a pack's text; validated (DataError lists problems)."""
    if text is None:
        return _designed()
    return _parsed(text, source or "pack.json")


@functools.cache
def _designed() -> TangData:
    return _parsed(DATA_FILE.read_text(encoding="utf-8"), DATA_FILE.name)


@functools.lru_cache(maxsize=8)
def _parsed(text: str, source: str) -> TangData:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise DataError(source, [f"line {error.lineno}: not JSON ({error.msg})"]) from None
    if not isinstance(raw, dict):
        raise DataError(source, ["the data must be a JSON object"])
    problems = validate(raw)
    if problems:
        raise DataError(source, with_lines(text, problems))
    return TangData(raw, hashlib.sha256(text.encode()).hexdigest()[:12])


# -- the checks of check_tang_data.py ---------------------------------------------------------
def validate(d: dict[str, Any]) -> list[str]:
    """Every problem of the data, each naming its entry; empty when the data is usable."""
    problems: list[str] = []

    def check(cond: bool, text: str) -> bool:
        if not cond:
            problems.append(text)
        return cond

    for key in REQUIRED:
        check(key in d, f"missing top-level section '{key}'")
    if problems:
        return problems
    problems += _entry_problems(d)
    if problems:
        return problems
    try:
        _check_all(d, check)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        problems.append(f"malformed entry: {type(error).__name__} {error}")
    return problems


def _entry_problems(d: dict[str, Any]) -> list[str]:
    """Every entry of a listed section is an object with its fields (a character's skill
    too), so that the checks below name what is wrong instead of failing on a missing key."""
    problems: list[str] = []
    for section, (label, fields) in ENTRY_FIELDS.items():
        entries = d[section]
        if not isinstance(entries, list):
            problems.append(f"{section}: must be a list")
            continue
        for number, entry in enumerate(entries, 1):
            name = _entry_name(entry, number)
            if not isinstance(entry, dict):
                problems.append(f"{label} {name}: must be an object")
                continue
            missing = [f for f in fields if f not in entry]
            skill = entry.get("skill") if section == "characters" else None
            if isinstance(skill, dict):
                missing += [f"skill.{f}" for f in SKILL_FIELDS if f not in skill]
            if missing:
                problems.append(f"{label} {name}: missing field(s) {', '.join(missing)}")
    return problems


def _entry_name(entry: Any, number: int) -> str:
    """An entry as a problem names it: its id, a link's "a-b", or "#n" (the n-th)."""
    if isinstance(entry, dict) and isinstance(entry.get("id"), str):
        return str(entry["id"])
    if isinstance(entry, dict) and isinstance(entry.get("a"), str):
        return f"{entry['a']}-{entry.get('b')}"
    return f"#{number}"


def _check_all(d: dict[str, Any], check: Any) -> None:
    prov = d["provenance"]
    check(bool(prov.get("from_summary")) and bool(prov.get("designed_by_game_master_team")),
          "provenance must say what comes from the summary and what is designed")
    canvas = d["meta"]["canvas"]
    width, height = canvas["width"], canvas["height"]
    check((width, height) == (1000, 700), f"meta.canvas should be 1000x700, is {width}x{height}")
    cities = _check_map(d, check, width, height)
    _check_characters(d, check, cities)
    _check_jinnang(d, check)
    _check_constants(d, check)


def _check_map(d: dict[str, Any], check: Any, width: int, height: int) -> dict[str, Any]:
    ctypes = d["crossing_types"]
    for k, v in ctypes.items():
        check(v["half_grain_per_army"] in (0, 1) and v["grain_per_army"] in (0, 1),
              f"crossing type {k}: costs must be 0/1")
    if check("qinling" in ctypes and "changjiang" in ctypes, "crossing types need qinling and "
             "changjiang"):
        check(ctypes["qinling"]["grain_per_army"] == 1
              and ctypes["changjiang"]["grain_per_army"] == 1,
              "crossing types qinling, changjiang: 秦岭 and 长江 cost 1 grain per army "
              "(summary 三.4.6)")
    if check("river" in ctypes and "mountain" in ctypes, "crossing types need river and mountain"):
        check(ctypes["river"]["half_grain_per_army"] == 1
              and ctypes["mountain"]["half_grain_per_army"] == 1,
              "crossing types river, mountain: cost 1/2 grain per army (summary 三.4.6)")
    regions = {r["id"]: r for r in d["regions"]}
    check(len(regions) == len(d["regions"]), "regions: duplicate region id")
    cities = {c["id"]: c for c in d["cities"]}
    check(len(cities) == len(d["cities"]), "cities: duplicate city id")
    names = [c["name_zh"] for c in d["cities"]]
    check(len(set(names)) == len(names), "cities: duplicate city name_zh")
    for c in d["cities"]:
        cid = c["id"]
        check(isinstance(cid, str) and cid.isascii() and cid.replace("_", "").isalnum(),
              f"city {cid}: id must be ascii letters, digits and _")
        check(c["region"] in regions, f"city {cid}: unknown region {c['region']}")
        check(isinstance(c["x"], int) and isinstance(c["y"], int),
              f"city {cid}: x, y must be integers")
        check(20 <= c["x"] <= width - 20 and 20 <= c["y"] <= height - 20,
              f"city {cid}: outside the canvas")
        check(not (c["special"] and c["luoyang"]),
              f"city {cid}: 洛阳 is scored by its own +3, not as special")
    luo = [c for c in d["cities"] if c.get("luoyang")]
    if check(len(luo) == 1, f"cities: exactly one city must carry the 洛阳 flag, found {len(luo)}"):
        check(luo[0]["name_zh"] == "洛阳" and luo[0]["commandery_zh"] == "河南郡",
              f"city {luo[0]['id']}: the 洛阳 city must be 洛阳 (河南郡), as the summary names it")
    placed = [c for c in d["cities"] if isinstance(c.get("x"), int) and isinstance(c.get("y"), int)]
    for i, a in enumerate(placed):
        for b in placed[i + 1:]:
            check(math.hypot(a["x"] - b["x"], a["y"] - b["y"]) >= 40,
                  f"cities {a['id']}, {b['id']}: closer than 40 px on the canvas")
    in_region: collections.Counter[str] = collections.Counter()
    for r in d["regions"]:
        check(r["bonus"] == len(r["cities"]),
              f"region {r['id']}: bonus must equal its number of cities")
        for cid in r["cities"]:
            in_region[cid] += 1
            if check(cid in cities, f"region {r['id']}: unknown city {cid}"):
                check(cities[cid]["region"] == r["id"],
                      f"city {cid}: listed in region {r['id']} but says {cities[cid]['region']}")
    for cid in cities:
        check(in_region[cid] == 1,
              f"city {cid}: must be in exactly one region (is in {in_region[cid]})")
    adj: dict[str, set[str]] = collections.defaultdict(set)
    seen: set[frozenset[str]] = set()
    for link in d["links"]:
        a, b, k = link["a"], link["b"], link["crossing"]
        check(a in cities and b in cities, f"link {a}-{b}: unknown city")
        check(a != b, f"link {a}-{b}: self-loop")
        key = frozenset((a, b))
        check(key not in seen, f"link {a}-{b}: duplicate")
        seen.add(key)
        check(k in ctypes, f"link {a}-{b}: unknown crossing {k}")
        adj[a].add(b)
        adj[b].add(a)
    for cid, c in cities.items():
        if not isinstance(c.get("neighbors"), list):
            continue
        check(set(c["neighbors"]) == adj[cid], f"city {cid}: neighbors differ from links")
        for n in c["neighbors"]:
            check(n in cities and cid in cities[n].get("neighbors", []),
                  f"city {cid}: asymmetric neighbour {n}")
        check(len(adj[cid]) >= 1, f"city {cid}: has no link")
    if cities:
        reach = _reach(next(iter(cities)), set(cities), adj)
        check(reach == set(cities),
              f"links: map not connected; unreachable: {sorted(set(cities) - reach)}")
    for r in d["regions"]:
        members = {c for c in r["cities"] if c in cities}
        if members:
            check(_reach(r["cities"][0], members, adj) == members,
                  f"region {r['id']}: not internally connected")
    return cities


def _reach(start: str, allowed: set[str], adj: dict[str, set[str]]) -> set[str]:
    reach, stack = {start}, [start]
    while stack:
        for n in adj[stack.pop()]:
            if n in allowed and n not in reach:
                reach.add(n)
                stack.append(n)
    return reach


def _check_characters(d: dict[str, Any], check: Any, cities: dict[str, Any]) -> None:
    nats = {n["id"] for n in d["nationalities"]}
    windows = d["windows"]
    regions = {r["id"] for r in d["regions"]}
    chars = d["characters"]
    check(len({c["id"] for c in chars}) == len(chars), "characters: duplicate character id")
    check(len({c["name_zh"] for c in chars}) == len(chars), "characters: duplicate name_zh")
    check(d["characters_total"] == len(chars),
          f"characters_total says {d['characters_total']}, the list has {len(chars)}")
    skill_ids: set[str] = set()
    for c in chars:
        cid = c["id"]
        check(c["nationality"] in nats, f"character {cid}: unknown nationality {c['nationality']}")
        check(isinstance(c["value"], int) and 1 <= c["value"] <= 5,
              f"character {cid}: value must be 1-5")
        s = c["skill"]
        if cid == AN_LUSHAN:
            special = c.get("anlushan", {})
            check(s is None and special.get("cannot_be_representative") is True,
                  f"character {cid}: 安禄山 has no representative skill and cannot be a "
                  "representative")
            check(special.get("general_effect", {}).get("window") in windows,
                  f"character {cid}: 安禄山 general effect: unknown window")
            continue
        if not check(isinstance(s, dict), f"character {cid}: missing skill"):
            continue
        check(s["window"] in windows, f"character {cid}: unknown window {s['window']}")
        check(s["kind"] in ("locked", "active"), f"character {cid}: kind must be locked|active")
        check(s["limit"] in LIMITS, f"character {cid}: unknown limit {s['limit']}")
        check(bool(s["text_en"]) and bool(s["text_zh"]) and bool(s["ops"]),
              f"character {cid}: empty skill text/ops")
        check(s["id"] not in skill_ids, f"character {cid}: duplicate skill id {s['id']}")
        skill_ids.add(s["id"])
        for city in s.get("when", {}).get("city_in", []):
            check(city in cities, f"character {cid}: unknown city {city} in condition")
        for rid in s.get("when", {}).get("city_region_in", []):
            check(rid in regions, f"character {cid}: unknown region {rid} in condition")
    check(sum(1 for c in chars if c["id"] == AN_LUSHAN) == 1, "characters: exactly one 安禄山")


def _check_jinnang(d: dict[str, Any], check: Any) -> None:
    jn = d["jinnang"]
    windows = d["windows"]
    check(len({j["id"] for j in jn}) == len(jn), "jinnang: duplicate 锦囊 id")
    total = 0
    for j in jn:
        jid = j["id"]
        check(isinstance(jid, str) and "." not in jid, f"锦囊 {jid}: id must not contain '.'")
        check(j["window"] in windows, f"锦囊 {jid}: unknown window {j['window']}")
        count_ok = check(isinstance(j["count"], int) and j["count"] >= 1, f"锦囊 {jid}: bad count")
        check(j["target"] in TARGETS, f"锦囊 {jid}: bad target {j['target']}")
        check(isinstance(j["respondable"], bool), f"锦囊 {jid}: respondable must be bool")
        check(not j["respondable"] or j["target"] != "none",
              f"锦囊 {jid}: only targeted cards are respondable")
        total += j["count"] if count_ok else 0
    check(total == d["jinnang_total"],
          f"jinnang: counts sum to {total}, jinnang_total says {d['jinnang_total']}")
    check(any(j["window"] == "RESPONSE" for j in jn),
          "jinnang: a RESPONSE card (识破) is needed by respondable cards")


def _check_constants(d: dict[str, Any], check: Any) -> None:
    k = d["constants"]
    pmin, pmax = d["meta"]["players"]["min"], d["meta"]["players"]["max"]
    check(d["characters_total"] >= k["characters_per_player"] * pmax,
          f"characters: deck too small for {pmax} players")
    check(d["jinnang_total"] >= k["jinnang_per_player"] * pmax,
          f"jinnang: deck too small for {pmax} players")
    ms = d["tracks"]["minsheng"]
    check(ms["min"] <= ms["start"] <= ms["max"] and ms["start"] == k["start_minsheng"] == 10,
          "tracks.minsheng: 民生 starts at 10 inside its range")
    check(d["tracks"]["round"]["last"] == k["rounds"] == 8, "tracks.round: 8 rounds")
    table = d["setup_by_player_count"]
    for n in range(pmin, pmax + 1):
        row = table.get(str(n))
        if not check(row is not None, f"setup_by_player_count: lacks N={n}"):
            continue
        x = -(-k["start_pool"] // n)
        check(row["armies"] == x and row["grain"] == x,
              f"setup_by_player_count N={n}: armies and grain must be ceil(355/{n}) = {x}")
        check(row["more_than_half_means_at_least"] == n // 2 + 1,
              f"setup_by_player_count N={n}: majority threshold must be {n // 2 + 1}")
        check(row["characters_dealt"] == 5 * n and row["jinnang_dealt"] == 8 * n,
              f"setup_by_player_count N={n}: dealt counts")
