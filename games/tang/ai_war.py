"""The heuristic's judgement of war (used by games/tang/ai.py), from one seat's view only.

Everything is valued in final points (T4.3): a city is worth its own score plus the supply
points it will still give (2 a round, a point buying about one army) and any region it
completes; an army or a grain is worth about 1/8 of a point early (the rules' own rate: a tax
raise trades 1 民生 for 8 armies, a tax cut 8 points for 1 民生), less as the game runs out,
and a grain less still to a seat holding more than its battles can use (it scores nothing).
A battle is judged by its exact odds over the two 2d6 rolls (T3.4.3a with 张巡's loss rule),
the locked skills computed by the engine's own `battle.locked_modifiers` on the view, so the
heuristic never expects to take a city it cannot (a 张巡 garrison is never wiped out).
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.tang.attack import attack_cost
from games.tang.battle import locked_modifiers, losses, side_total
from games.tang.data import TangData, load_data

View = dict[str, Any]
TWO_D6 = tuple(sorted(Counter(a + b for a in range(1, 7) for b in range(1, 7)).items()))
DEFENDER_CARD = 1  # the total a defender holding 锦囊 is expected to add
CARD_WORTH = 0.25  # a 锦囊 kept for a later battle, in points
GRAIN_USE_PER_ROUND = 3  # grain a round of musters and rallies uses, about (the rest heaps up)


def data() -> TangData:
    return load_data()


def rounds_left(view: View) -> int:
    """Supply phases still to come (T2: one a round, 8 rounds)."""
    return max(0, int(data().constants["rounds"]) - int(view["round"]))


def army_worth(view: View) -> float:
    return 0.04 + 0.011 * rounds_left(view)


def grain_worth(view: View, seat: int) -> float:
    """A grain's worth to `seat`: that of most of an army while it has no more than its
    battles can use, less the more it holds beyond that. Grain scores nothing (T4.3): a
    heap of it unspent at the end was worth nothing all along."""
    held = int(view["players"][seat].get("grain", 0))
    usable = GRAIN_USE_PER_ROUND * (rounds_left(view) + 1)
    return 0.8 * army_worth(view) * min(1.0, usable / max(held, 1))


def armies(view: View, city: str, seat: int) -> int:
    return int(view["cities"][city]["armies"].get(str(seat), 0))


def mine(view: View, seat: int) -> list[str]:
    return [c for c, v in view["cities"].items() if v["controller"] == seat]


def enemy_near(view: View, city: str, seat: int) -> int:
    """Other players' armies in the cities next to `city`."""
    return sum(n for near in data().neighbors[city]
               for s, n in view["cities"][near]["armies"].items() if int(s) != seat)


def worth(view: View, city: str, seat: int) -> float:
    """What holding `city` is worth to `seat` for the rest of the game."""
    info = data().cities[city]
    left = rounds_left(view)
    value = 1 + int(info["special"]) + 3 * int(info["luoyang"]) + 2 * left * army_worth(view)
    region = data().regions[info["region"]]
    others = [c for c in region["cities"] if c != city]
    if all(view["cities"][c]["controller"] == seat for c in others):
        value += int(region["bonus"]) * left * army_worth(view)
    if view["players"][seat]["capital"] == city:
        value += 6  # only a player holding their capital can win (T4.5)
    return value


@dataclass(frozen=True)
class Odds:
    capture: float  # the defender wiped out and the attacker left in the city
    siege: float  # both sides left
    loss_a: float  # expected armies lost
    loss_d: float


@functools.lru_cache(maxsize=100_000)
def odds(big_a: int, big_d: int, mod_a: int, mod_d: int, sishou: bool) -> Odds:
    """T3.4.3a over every pair of 2d6 rolls, with the totals' fixed parts `mod_a`, `mod_d`."""
    capture = siege = loss_a = loss_d = 0.0
    for raw_a, ways_a in TWO_D6:
        for raw_d, ways_d in TWO_D6:
            p = ways_a * ways_d / 1296
            _, la, ld = losses(max(0, raw_a + mod_a), max(0, raw_d + mod_d), big_a, big_d)
            if sishou:
                ld = max(0, ld - 2)
            la, ld = min(la, big_a), min(ld, big_d)
            loss_a += p * la
            loss_d += p * ld
            if ld >= big_d and la < big_a:
                capture += p
            elif ld < big_d and la < big_a:
                siege += p
    return Odds(capture, siege, loss_a, loss_d)


def shim(view: View, battle: dict[str, Any] | None) -> dict[str, Any]:
    """The view dressed as a state for the engine's battle arithmetic (its fields have the
    state's shape: cities, players' representatives and capitals, the battle)."""
    return {"battle": battle, "players": view["players"], "cities": view["cities"],
            "options": {}}


def best_general(generals: list[str]) -> int:
    return max((data().value(g) for g in generals), default=0)


def has_rep_skill(view: View, seat: int, skill: str) -> bool:
    rep = view["players"][seat]["rep"]
    found = data().skill(rep) if rep else None
    return found is not None and found["id"] == skill


def stake(view: View, seat: int, target: str, defender: int) -> tuple[float, float]:
    """What the attacker gains by taking the city, and by besieging it."""
    theirs = worth(view, target, defender) if view["cities"][target]["controller"] is not None \
        else 0.0
    gain = worth(view, target, seat) + 0.5 * theirs
    if view["players"][defender]["capital"] == target:
        gain += 1.5  # T3.5: their 民生, and a city designated
    return gain, 0.3 * theirs


# -- planning an attack (T3.4.1, T3.4.2, T3.4.6) -------------------------------------------------
@dataclass(frozen=True)
class Plan:
    target: str
    defender: int
    counts: dict[str, int]  # source city -> armies to muster
    general: str | None  # the one general worth taking (only the highest counts)
    cost: int
    value: float


def keep(view: View, city: str, seat: int, target: str) -> int:
    """Armies a source keeps at home: none where no other enemy is near, else a guard."""
    near = [n for n in data().neighbors[city] if n != target]
    threat = sum(n for c in near for s, n in view["cities"][c]["armies"].items()
                 if int(s) != seat)
    return 0 if threat == 0 else max(1, threat // 4)


def muster_cost(view: View, seat: int, target: str, counts: dict[str, int], andu: bool) -> int:
    """The engine's own price (attack.attack_cost) of mustering from near sources."""
    return attack_cost(shim(view, None), seat, target,
                       [[c, n, [], None] for c, n in counts.items()], andu)


def _affordable(view: View, seat: int, target: str, wanted: dict[str, int],
                budget: int) -> dict[str, int]:
    """The most of `wanted` the budget pays for, cheapest crossings first."""
    chosen: dict[str, int] = {}
    order = sorted(wanted, key=lambda c: (muster_cost(view, seat, target, {c: 2}, False), c))
    for source in order:
        n = wanted[source]
        while n > 0 and muster_cost(view, seat, target, {**chosen, source: n}, False) > budget:
            n -= 1
        if n > 0:
            chosen[source] = n
    return chosen


def plan_attack(view: View, seat: int, target: str, defender: int) -> Plan:
    """All the armies the seat can spare and pay for, against one defending side."""
    me = view["players"][seat]
    grain = int(me.get("grain", 0))
    sources = [c for c in data().neighbors[target] if view["cities"][c]["controller"] == seat]
    wanted = {c: armies(view, c, seat) - min(armies(view, c, seat), keep(view, c, seat, target))
              for c in sources}
    inside = armies(view, target, seat) if view["cities"][target]["controller"] is None else 0
    big_d = armies(view, target, defender)
    # more armies than a total can remove only cost grain; an empty city needs a garrison
    cap = max(big_d, 14) + 12 if big_d else 3 + enemy_near(view, target, seat) // 3
    wanted = {c: n for c, n in wanted.items() if n > 0}
    counts = _affordable(view, seat, target, _capped(wanted, cap - inside),
                         grain - min(6, grain // 5))
    generals = [g for c in counts for g, o in view["cities"][c]["generals"].items() if o == seat]
    general = max(generals, key=lambda g: (data().value(g), g), default=None)
    mustered = sum(counts.values())
    if mustered + inside == 0:
        return Plan(target, defender, {}, None, 0, -10.0)
    cost = muster_cost(view, seat, target, counts, False)
    crossed = sorted({data().crossing(c, target) for c in counts})
    battle = {"attacker": seat, "defender": defender, "city": target, "crossed": crossed,
              "siege": view["cities"][target]["controller"] is None, "a_armies": mustered,
              "a_generals": [general] if general else []}
    value = judge(view, seat, battle, cost)
    return Plan(target, defender, counts, general, cost, value)


def _capped(wanted: dict[str, int], most: int) -> dict[str, int]:
    """Take from the largest sources first, `most` armies in all."""
    out: dict[str, int] = {}
    for source in sorted(wanted, key=lambda c: (-wanted[c], c)):
        n = min(wanted[source], max(0, most - sum(out.values())))
        if n:
            out[source] = n
    return out


def fixed_parts(view: View, battle: dict[str, Any]) -> tuple[int, int]:
    """Each side's total without its dice, before any card or rally (T3.4.3 step 7)."""
    state = shim(view, battle)
    att, dfd, city = battle["attacker"], battle["defender"], battle["city"]
    a_gen = [*battle["a_generals"],
             *[g for g, o in view["cities"][city]["generals"].items() if o == att]]
    d_gen = [g for g, o in view["cities"][city]["generals"].items() if o == dfd]
    mod_a = best_general(a_gen) + sum(v for _, v in locked_modifiers(state, "att"))
    mod_d = best_general(d_gen) + sum(v for _, v in locked_modifiers(state, "def"))
    if view["players"][dfd]["hand_count"]:
        mod_d += DEFENDER_CARD
    if any(c.startswith("huogong") for c in view["players"][att].get("hand", [])):
        mod_a += 3
    return mod_a, mod_d


def judge(view: View, seat: int, battle: dict[str, Any], cost: int) -> float:
    """The expected worth of a declared attack to its attacker, in points."""
    att, dfd, city = battle["attacker"], battle["defender"], battle["city"]
    big_a = int(battle["a_armies"]) + armies(view, city, att)
    big_d = armies(view, city, dfd)
    gain, siege = stake(view, att, city, dfd)
    army = army_worth(view)
    if big_d == 0:
        return gain - grain_worth(view, seat) * cost
    mod_a, mod_d = fixed_parts(view, battle)
    chance = odds(big_a, big_d, mod_a, mod_d, has_rep_skill(view, dfd, "sishou"))
    return (chance.capture * gain + chance.siege * siege
            + army * (0.7 * chance.loss_d - chance.loss_a) - grain_worth(view, seat) * cost)


# -- inside a battle (T3.4.3 steps 5-6, T8.4) ----------------------------------------------------
def battle_value(view: View, seat: int, battle: dict[str, Any], a_total: int,
                 d_total: int) -> float:
    """The outcome of these totals, valued from `seat`'s side."""
    att, dfd, city = battle["attacker"], battle["defender"], battle["city"]
    big_a = int(battle["a_armies"]) + armies(view, city, att)
    big_d = armies(view, city, dfd)
    _, la, ld = losses(a_total, d_total, big_a, big_d)
    if has_rep_skill(view, dfd, "sishou"):
        ld = max(0, ld - 2)
    gain, siege = stake(view, att, city, dfd)
    value = army_worth(view) * (min(ld, big_d) - min(la, big_a))
    if ld >= big_d and la < big_a:
        value += gain
    elif ld < big_d and la < big_a:
        value += siege
    return value if seat == att else -value


def totals(view: View) -> tuple[int, int]:
    state = shim(view, view["battle"])
    return int(side_total(state, "att")["total"]), int(side_total(state, "def")["total"])


def shift(view: View, seat: int, d_a: int = 0, d_d: int = 0) -> float:
    """What changing the totals by (d_a, d_d) is worth to `seat` now."""
    a, d = totals(view)
    battle = view["battle"]
    before = battle_value(view, seat, battle, a, d)
    return battle_value(view, seat, battle, max(0, a + d_a), max(0, d + d_d)) - before


def reroll_gain(view: View, seat: int, die: str) -> float:
    """The expected worth of rerolling one die (疑兵, 李怀光), from `seat`'s side."""
    face = int(view["battle"]["dice"][die[0]][int(die[1]) - 1])
    gains = [shift(view, seat, new - face, 0) if die[0] == "a" else shift(view, seat, 0, new - face)
             for new in range(1, 7)]
    return sum(gains) / 6


def general_value(view: View, side: str) -> int:
    battle = view["battle"]
    seat = battle["attacker"] if side == "att" else battle["defender"]
    generals = [g for g, o in view["cities"][battle["city"]]["generals"].items() if o == seat]
    if side == "att":
        generals += battle.get("a_generals", [])
    return 0 if side in battle.get("no_general", []) else best_general(generals)


def rally_best(view: View, seat: int, side: str, rate: int, most: int) -> tuple[int, float]:
    """The rally (k, worth) that pays best after its grain; (0, 0) when none does."""
    best = (0, 0.0)
    for k in range(1, most + 1):
        gain = shift(view, seat, k if side == "att" else 0, k if side == "def" else 0)
        net = gain - grain_worth(view, seat) * k * rate
        if net > best[1] + 1e-9:
            best = (k, net)
    return best
