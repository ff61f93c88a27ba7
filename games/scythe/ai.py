"""How the heuristic AI seat values a Scythe action, judged only from its own view.

The aim is a decent table partner, not a strong one. Every value is in coins, the currency of
the final score (S19), so a star, a worker, a resource and a point of popularity can be
compared: a resource is worth much while it is missing for a bottom-row action still to take
and little once it is only end-game change; popularity is worth most just below the scoring
tiers 7 and 13; a star is worth its tier rate plus the tempo it gives, and the sixth one only
to a seat that would win by it. The section choice adds up its top and bottom actions as the
later frames will value them, so the seat plans a whole turn at its first step.

Movement works on potentials: each place is worth what a unit would do there (produce, take
an encounter or the Factory, hold a territory, win a combat, ferry workers) and a place near
a valuable one is worth a discounted share of it, so units walk towards goals one step at a
time; a mech takes along the workers that gain by the ride, which is how workers leave a
river pocket. Near the end, each point towards a star a leading seat still lacks carries a
share of it, so the game ends instead of stalling. All of it is computed once per view
(`_seen`), as the agent scores every legal action of one view; the step graphs are kept
across views, keyed by what `legal_steps` depends on."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from functools import cached_property
from typing import Any

from games.core import Action
from games.scythe import cards, rules, scoring
from games.scythe.board import LAKE, board
from games.scythe.state import MAT, is_mech, is_worker
from games.scythe.steps import legal_steps

View = dict[str, Any]
_PAIRS = [(a, b) for i, a in enumerate(rules.RESOURCES) for b in rules.RESOURCES[i:]]
GAMMA = 0.75  # a goal one step further is worth this share
STAY_GAMMA = 0.5  # staying put only to move later loses a turn's worth
FUTURE_PRODUCES = 2.5  # how often a worker's territory will still produce
WORKER_SUPPLY = 3  # tokens a worker is expected to produce in the rest of a game
STACKING = 0.35  # a worker joining others: produced in the same territory slot
TIER_DOUBT = 1  # points of popularity can be lost again before the end
FOCUS = 0.5
ESCAPE = 5.0  # the first mech of a seat whose workers are shut in a river pocket
POCKET = 4  # territories: a starting pocket is 3 (S2.10)
FERRY = 0.5  # a mech's share of what the workers it can carry on will gain
LIQUID, LIQUID_EXTRA = 3, 0.5  # the last coins pay for Trade and Bolster
PRODUCE_POWER = 2.0  # the power point a Produce costs once 4 workers are out
NEXT_TURN = 0.5  # a bottom action made payable for next turn, as a share of its worth
COMPLETES = 2.5  # a token that lets this turn's bottom action be paid is worth this more
EXPOSED = 0.6  # a worker's place within an opponent's reach is worth this share
WORKER_LATE = 1.5  # a new worker still produces and counts towards the workers star
NEVER = -100.0
BOTTOM_BASE = {"upgrade": 4.0, "deploy": 5.5, "build": 3.5, "enlist": 4.0}  # one use, in coins
ABILITY_VALUE = {"riverwalk": 3.0, "speed": 2.5, "township": 1.8, "underpass": 1.8,
                 "wayfare": 1.2, "submerge": 1.2, "seaworthy": 1.0}
OTHER_ABILITY = 0.8  # combat abilities
BOX_VALUE = {"produce_territories": 1.6, "move_units": 1.2, "bolster_power": 0.8,
             "trade_popularity": 0.8, "move_coins": 0.7, "bolster_cards": 0.4}
STRUCTURE_VALUE = {"mill": 1.5, "monument": 1.5, "armory": 1.0, "mine": 0.8}
ENCOUNTER_VALUE = 7.0
FACTORY_CARD_VALUE = 6.0
STAR_TEMPO = 4.0  # a star brings the end nearer, on top of its scoring rate
COMBAT_WIN_EXTRA = 2.0  # holding the territory and staying on the board
CARD_GUESS = 3.5  # what an unseen combat card is feared to be worth
LATE_TURN = 28  # own turns after which a seat ends the game even when behind
OBJECTIVE_BONUS = 30.0
OBJECTIVE_PLACE = 1.5  # a territory a held objective asks for
THREATENED = 1.6  # power below what a neighbouring enemy could show
UPGRADE_EARLY = 1.5


def action_score(view: View, seat: int, action: Action) -> float:
    """The value of `action` for `seat` in coins, from the frame the view is waiting on. The
    draft is left to chance: no faction or mat is better for every table."""
    if view["players"][seat]["mat"] is None:
        return 0.0
    seen = _seen(view, seat)
    if action.kind == "objective":  # at once: a met condition may not hold later
        star = seen.star_value()
        return star + OBJECTIVE_BONUS if star > 0 else star
    frame = view["stack"][-1] if view["stack"] else {"kind": ""}
    scorer = SCORERS.get(frame["kind"])
    return scorer(seen, frame, action) if scorer else 0.0


# -- what the seat sees, computed once per view ------------------------------------------------
class _Lazy(dict):
    """A dict that computes a missing key's value on first use."""

    def __init__(self, compute: Callable[[str], Any]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, key: str) -> Any:
        self[key] = value = self.compute(key)
        return value


_GRAPHS: dict[tuple, dict[str, list[str]]] = {}
GRAPH_CACHE = 512


def _step_graph(view: View, seat: int, unit: str) -> dict[str, list[str]]:
    """`legal_steps` from every place, kept across views: it changes only with what the steps
    depend on (the seat's abilities, Mines, and for Township and Underpass its territories)."""
    me = view["players"][seat]
    powers = {u.split(":", 1)[1] for u, p in me["units"].items() if is_mech(u) and p != MAT}
    if is_worker(unit):
        powers = set()
    mines = sorted(t for t, s in view["structures"].items()
                   if s["seat"] == seat and s["kind"] == "mine")
    held = sorted(t for t, s in view["control"].items() if s == seat) \
        if powers & {"township", "underpass"} else []
    key = (me["faction"], unit, tuple(sorted(powers)), tuple(mines), tuple(held),
           tuple(p["faction"] for p in view["players"]),
           view["options"].get("wayfare_unassigned_bases"))
    if key not in _GRAPHS:
        if len(_GRAPHS) >= GRAPH_CACHE:
            _GRAPHS.clear()
        b = board()
        _GRAPHS[key] = {x: legal_steps(view, seat, unit, x)
                        for x in [*b.territories, *b.home_bases]}
    return _GRAPHS[key]


_LAST: list[Any] = [None, None, None]  # view, seat, Seen


def _seen(view: View, seat: int) -> Seen:
    """The agent scores every legal action of one view in a row: compute its facts once."""
    if _LAST[0] is not view or _LAST[1] != seat:
        _LAST[:] = [view, seat, Seen(view, seat)]
    return _LAST[2]


class Seen:
    """Facts about the table from one seat's view, each computed on first use."""

    def __init__(self, view: View, seat: int) -> None:
        self.view, self.seat, self.b = view, seat, board()
        self.me = view["players"][seat]
        self.tier = self.b.tier(self.me["popularity"])
        self.mat = self.b.mats[self.me["mat"]].sections
        self.memo: dict[tuple, float] = {}
        self.step_memo: dict[tuple, dict[str, float]] = {}

    # -- the table --------------------------------------------------------------------------
    @cached_property
    def at(self) -> dict[str, list[tuple[int, str]]]:
        """Every place with units: (seat, unit) pairs."""
        out: dict[str, list[tuple[int, str]]] = {}
        for p in self.view["players"]:
            for unit, place in p["units"].items():
                if place != MAT:
                    out.setdefault(place, []).append((p["seat"], unit))
        return out

    def mine_at(self, place: str) -> list[str]:
        return [u for s, u in self.at.get(place, []) if s == self.seat]

    @cached_property
    def others(self) -> dict[str, list[tuple[int, str]]]:
        """Places holding opponents' units, with those units."""
        out: dict[str, list[tuple[int, str]]] = {}
        for place, units in self.at.items():
            theirs = [(s, u) for s, u in units if s != self.seat]
            if theirs:
                out[place] = theirs
        return out

    def others_at(self, place: str) -> list[tuple[int, str]]:
        return self.others.get(place, [])

    @cached_property
    def have(self) -> dict[str, int]:
        """Resource tokens on territories this seat controls (S2.8)."""
        totals = dict.fromkeys(rules.RESOURCES, 0)
        for territory, owner in self.view["control"].items():
            if owner == self.seat:
                for kind, n in self.view["resources"].get(territory, {}).items():
                    totals[kind] += n
        return totals

    @cached_property
    def mat_workers(self) -> int:
        return sum(1 for u, p in self.me["units"].items() if is_worker(u) and p == MAT)

    @cached_property
    def my_turns(self) -> float:
        return self.view["turn_number"] / max(1, len(self.view["order"]))

    @cached_property
    def progress(self) -> float:
        """0 at the start, 1 when the end is near: the most stars anyone has, or the turns."""
        stars = max(sum(p["stars"].values()) for p in self.view["players"])
        return min(1.0, max(stars / 6, self.my_turns / 25))

    def top_value(self, box: str) -> int:
        base, upgraded = rules.TOP_BOX_VALUES[box]
        return base if box in self.me["cubes"] else upgraded

    # -- the mat ------------------------------------------------------------------------------
    def bottom_cost(self, index: int) -> int:
        section = self.mat[index]
        return section.cost_start - self.me["upgrades"].get(str(index), 0)

    @cached_property
    def bottom_index(self) -> dict[str, int]:
        return {s.bottom: i for i, s in enumerate(self.mat)}

    @cached_property
    def remaining(self) -> dict[str, int]:
        """How many more times each bottom-row action can do something."""
        me = self.me
        slots = sum(s.upgrade_slots - me["upgrades"].get(str(i), 0) for i, s in enumerate(self.mat))
        return {"upgrade": min(len(me["cubes"]), slots),
                "deploy": sum(1 for u, p in me["units"].items() if is_mech(u) and p == MAT),
                "build": len(rules.STRUCTURES) - len(me["structures_built"]),
                "enlist": len(rules.RECRUIT_SPACES) - len(me["recruits"])}

    @cached_property
    def coercion(self) -> int:
        """Crimea may pay one resource with a combat card once per turn (S9.3)."""
        fresh = self.view["active"] == self.seat and not self.view["turn"]["coerced"]
        return int(self.me["faction"] == "crimea" and fresh and self.me["card_count"] > 0)

    def affordable(self, kind: str, n: int, extra: int = 0) -> bool:
        return self.have[kind] + extra + self.coercion >= n

    # -- values of gains ----------------------------------------------------------------------
    @cached_property
    def end_resource(self) -> float:
        """A resource that pays for nothing more is worth its share of S19.5."""
        return self.tier.per_two_resources / 2

    def resource_value(self, kind: str, held: int | None = None) -> float:
        """One more token of `kind` when `held` are already on hand."""
        held = self.have[kind] if held is None else held
        action = next(a for a, r in rules.BOTTOM_RESOURCE.items() if r == kind)
        left = self.remaining[action]
        if not left:
            return self.end_resource
        cost = max(1, self.bottom_cost(self.bottom_index[action]))
        per = (BOTTOM_BASE[action] + self.set_progress(action) + self.urgency(action)) / cost
        if held < cost:
            return per * (1 + FOCUS * max(0, held) / cost)  # finish a stock before another
        if held < 2 * cost and left >= 2:
            return 0.5 * per
        return self.end_resource

    def urgency(self, action: str) -> float:
        """The first mech of a seat whose workers cannot leave their river pocket is what
        lets them out (S2.10): a mech carries them across (S8.2)."""
        if action == "deploy" and self.confined and not self.abilities_of(self.seat):
            return ESCAPE
        return 0.0

    @cached_property
    def confined(self) -> bool:
        """Can this seat's workers reach no more than a few territories on their own?"""
        seen, todo = set(), [p for u, p in self.me["units"].items() if is_worker(u) and p != MAT]
        while todo:
            place = todo.pop()
            if place not in seen:
                seen.add(place)
                todo += self.worker_steps.get(place, [])
        return sum(self.b.is_territory(t) for t in seen) <= POCKET

    def set_progress(self, action: str) -> float:
        """A bottom action's share of the star its full set gives (S17.1): the nearer the
        set is to complete, the more each use is worth, so the seat finishes sets."""
        left = self.remaining[action]
        return self.star_value() / left if left else 0.0

    def resources_gain(self, kind: str, n: int, held: int | None = None) -> float:
        held = self.have[kind] if held is None else held
        return sum(self.resource_value(kind, held + i) for i in range(n))

    def resources_loss(self, kind: str, n: int) -> float:
        held = self.have[kind]
        return sum(self.resource_value(kind, held - i - 1) for i in range(n))

    def best_resources(self, n: int, kinds: tuple[str, ...] = rules.RESOURCES) -> float:
        """The value of `n` tokens of the kinds chosen one by one."""
        held, total = dict(self.have), 0.0
        for _ in range(n):
            kind = max(kinds, key=lambda k: self.resource_value(k, held[k]))
            total += self.resource_value(kind, held[kind])
            held[kind] += 1
        return total

    @cached_property
    def tier_jump(self) -> float:
        """What one scoring tier more would add at the end (S19.1): a coin per star, per
        territory and per two resources, as they may stand by then."""
        owned = [t for t, s in self.view["control"].items() if s == self.seat]
        tokens = sum(sum(self.view["resources"].get(t, {}).values()) for t in owned)
        stars = self.stars + 2 * (1 - self.progress) + 1
        return stars + len(owned) + 2 + (tokens + 4) // 2

    def popularity_step(self, level: int) -> float:
        """Going from `level` to `level + 1`: the next tier's worth spread over the points
        still missing to reach it (7, 13), a little above 13, the star at 18."""
        if level >= rules.POPULARITY_MAX:
            return 0.0
        if level == rules.POPULARITY_MAX - 1:
            return self.star_value()
        tier = self.b.tier(level)
        if tier.high + 1 > rules.POPULARITY_MAX:
            return 0.3 + self.track_pull(rules.POPULARITY_MAX - level)
        now = min(max(self.me["popularity"], tier.low), tier.high)
        return self.tier_jump * (0.4 + 0.6 * self.progress) / (tier.high + 1 - now + TIER_DOUBT)

    def popularity_change(self, delta: int) -> float:
        level = self.me["popularity"]
        if delta >= 0:
            return sum(self.popularity_step(level + i) for i in range(delta))
        return -sum(self.popularity_step(level - i - 1) for i in range(min(-delta, level)))

    def power_step(self, level: int) -> float:
        if level >= rules.POWER_MAX:
            return 0.0
        if level == rules.POWER_MAX - 1:
            return self.star_value()
        base = 1.0 if level < 3 else 0.7 if level < 7 else 0.45 if level < 12 else 0.35
        if level < self.produce_cost().get("power", 0):
            base += PRODUCE_POWER  # no Produce without it (S6.4)
        base += self.track_pull(rules.POWER_MAX - level)
        return base * THREATENED if level < self.threat else base

    def track_pull(self, missing: int) -> float:
        """Near the end, each point towards a track's star (16 power, 18 popularity, the
        last worker) carries a share of it, so the seat walks up to the star it lacks."""
        pull = {4: 0.5}.get(self.stars, 1.0 if self.stars >= 5 else 0.0)
        return pull * max(0.0, self.star_value()) / missing if pull else 0.0

    @cached_property
    def threat(self) -> float:
        """The most an opponent next to this seat's territories could show in a combat: power
        below it is worth more (bolster when an enemy threatens)."""
        mine = {t for t, s in self.view["control"].items() if s == self.seat}
        worst = 0.0
        for place, units in self.others.items():
            seats = {s for s, u in units if not is_worker(u)}
            if not seats or not self.b.is_territory(place):
                continue
            near = set(self.b.neighbours[place]) | {place}
            if place in self.b.tunnels:
                near |= set(self.b.tunnels)
            if near & mine:
                worst = max(worst, *(self.strength(s, 1, False) for s in seats))
        return worst

    def coins_change(self, delta: int) -> float:
        """Coins are the score, and the last few also pay for Trade and Bolster (S6.2, S6.3)."""
        level = self.me["coins"]
        steps = range(level, level + delta) if delta >= 0 else range(level + delta, level)
        value = sum(1.0 + LIQUID_EXTRA * (0 <= c < LIQUID) for c in steps)
        return value if delta >= 0 else -value

    def power_change(self, delta: int) -> float:
        level = self.me["power"]
        if delta >= 0:
            return sum(self.power_step(level + i) for i in range(delta))
        return -sum(self.power_step(level - i - 1) for i in range(min(-delta, level)))

    def cards_gain(self, n: int) -> float:
        """Combat cards: the first few count most, more when an enemy is near (a hand that
        looks thin invites attacks) and for Crimea, who can spend one as a resource (S9.3)."""
        held = self.me["card_count"]
        scale = 1.3 if self.me["faction"] == "crimea" else 1.0
        if self.threat > self.strength(self.seat, 1, False):
            scale *= THREATENED
        return scale * sum(1.0 if held + i < 2 else 0.6 if held + i < 4 else 0.3
                           for i in range(n))

    def workers_gain(self, n: int) -> float:
        """New workers from the mat: production and the workers star (S17.1)."""
        n = min(n, self.mat_workers)
        each = max(WORKER_LATE, 3.0 - 0.1 * self.my_turns)  # it produces for the rest of the game
        star = self.star_value() if n and n == self.mat_workers else 0.0
        pull = sum(self.track_pull(self.mat_workers - i) for i in range(n))
        return n * each + star + pull

    def gains_value(self, gains: dict[str, int]) -> float:
        return (self.coins_change(gains.get("coins", 0)) + self.power_change(gains.get("power", 0))
                + self.popularity_change(gains.get("popularity", 0))
                + self.cards_gain(gains.get("combat_cards", 0)))

    def cost_value(self, cost: dict[str, int]) -> float:
        """What paying `cost` loses, in coins."""
        value = -self.coins_change(-cost.get("coins", 0)) - self.power_change(-cost.get("power", 0))
        value -= self.popularity_change(-cost.get("popularity", 0))
        value += 0.5 * cost.get("combat_cards", 0)
        for kind in rules.RESOURCES:
            value += self.resources_loss(kind, cost.get(kind, 0))
        value += cost.get("any", 0) * self.end_resource
        return value

    def can_pay(self, cost: dict[str, int]) -> bool:
        me = self.me
        if any(me[k] < cost.get(k, 0) for k in ("coins", "power", "popularity")):
            return False
        if me["card_count"] < cost.get("combat_cards", 0):
            return False
        short = sum(max(0, cost.get(k, 0) - self.have[k]) for k in rules.RESOURCES)
        spare = sum(max(0, self.have[k] - cost.get(k, 0)) for k in rules.RESOURCES)
        return short + max(0, cost.get("any", 0) - spare) <= self.coercion

    # -- stars and the end -------------------------------------------------------------------
    @cached_property
    def stars(self) -> int:
        return sum(self.me["stars"].values())

    def star_value(self) -> float:
        """A star's scoring rate and tempo; the sixth ends the game (S18.1), good only for a
        seat that would then win, or once the game has gone on long enough."""
        if self.stars + 1 < rules.STARS_TO_END:
            return self.tier.per_star + STAR_TEMPO
        if self.leading or self.my_turns >= LATE_TURN:
            return 40.0
        return -15.0

    @cached_property
    def leading(self) -> bool:
        """Would this seat win if the game ended now with one more star of its own?"""
        scores = [self.estimate(p) for p in self.view["players"]]
        mine = scores[self.seat] + self.tier.per_star
        return all(mine >= s for i, s in enumerate(scores) if i != self.seat)

    def estimate(self, p: dict) -> float:
        """A public estimate of S19 for one player (unseen coins: this seat's own)."""
        tier = self.b.tier(p["popularity"])
        owned = [t for t, s in self.view["control"].items() if s == p["seat"]]
        territories = sum(rules.FACTORY_TERRITORY_VALUE if t == self.b.factory else 1
                          for t in owned)
        tokens = sum(sum(self.view["resources"].get(t, {}).values()) for t in owned)
        coins = p["coins"] if p["coins"] is not None else self.me["coins"]
        return (coins + sum(p["stars"].values()) * tier.per_star
                + territories * tier.per_territory + tokens // 2 * tier.per_two_resources)

    # -- territory ------------------------------------------------------------------------------
    def territory_value(self, territory: str) -> float:
        """Holding one more territory at the end (the Factory counts 3, S19.4), weighed by
        how near the end is."""
        count = rules.FACTORY_TERRITORY_VALUE if territory == self.b.factory else 1
        held = count * self.tier.per_territory * (0.2 + 0.8 * self.progress)
        return held + self.objective_bonus(territory)

    @cached_property
    def objective_places(self) -> set[str]:
        """Territories that would help meet a held objective not met yet: the terrains,
        tunnels or the Factory it asks this seat to control (S16.5)."""
        owned = {t for t, s in self.view["control"].items() if s == self.seat}
        wanted: set[str] = set()
        for card in self.me.get("objectives", []):
            for p in cards.objective(card["id"]).all_of:
                if p["type"] == "controls_terrain":
                    places = {t for t in self.b.territories if self.b.terrain(t) == p["terrain"]}
                elif p["type"] == "controls_tunnels":
                    places = set(self.b.tunnels)
                elif p["type"] == "controls_factory":
                    places = {self.b.factory}
                else:
                    continue
                if len(places & owned) < p.get("min", 1):
                    wanted |= places - owned
        return wanted

    def objective_bonus(self, territory: str) -> float:
        return OBJECTIVE_PLACE if territory in self.objective_places else 0.0

    def loot_value(self, territory: str) -> float:
        """Resources lying on a territory this seat does not control yet."""
        if self.view["control"].get(territory) == self.seat:
            return 0.0
        pile = self.view["resources"].get(territory, {})
        return 0.6 * sum(self.resources_gain(k, n) for k, n in pile.items())

    def production(self, territory: str, extra: int = 0) -> float:
        """What one more worker of this seat on `territory` is worth: what it will produce
        while the bottom actions still ask for that kind (a village: workers while the mat
        has some), more where other workers already produce, as a Produce reaches only 2-3
        territories (S6.4)."""
        produces = self.b.territories[territory].produces
        if produces is None:
            return 0.0
        here = sum(is_worker(u) for u in self.mine_at(territory)) - extra
        if produces == "worker":
            return self.workers_gain(1) if self.mat_workers > here else 0.0
        stack = 1 + STACKING * min(here, 3)
        if self.demand[produces] > WORKER_SUPPLY * (self.producers[produces] - extra):
            return self.resource_value(produces, 0) * stack
        return self.end_resource * stack

    @cached_property
    def demand(self) -> dict[str, int]:
        """Tokens of each kind the bottom actions still to take will ask for, less those held."""
        return {kind: self.remaining[action] * self.bottom_cost(self.bottom_index[action])
                - self.have[kind] for action, kind in rules.BOTTOM_RESOURCE.items()}

    @cached_property
    def producers(self) -> dict[str, int]:
        """This seat's workers on territories producing each kind."""
        out = dict.fromkeys(rules.RESOURCES, 0)
        for unit, place in self.me["units"].items():
            if is_worker(unit) and self.b.is_territory(place):
                produces = self.b.territories[place].produces
                if produces in out:
                    out[produces] += 1
        return out

    # -- combat ---------------------------------------------------------------------------------
    def strength(self, seat: int, fighters: int, worker_there: bool) -> float:
        """What a seat can show in a combat: dial and cards; unseen cards are feared."""
        p = self.view["players"][seat]
        dial = min(rules.DIAL_MAX, p["power"])
        limit = fighters + (worker_there and "peoples_army" in self.abilities_of(seat))
        if seat == self.seat:
            values = sorted((c["value"] for c in p["cards"]), reverse=True)
            return dial + sum(values[:limit])
        return dial + CARD_GUESS * min(limit, p["card_count"])

    def abilities_of(self, seat: int) -> set[str]:
        units = self.view["players"][seat]["units"]
        return {u.split(":", 1)[1] for u, p in units.items() if is_mech(u) and p != MAT}

    def combat_star_value(self) -> float:
        limit = None if self.me["faction"] == rules.UNLIMITED_STARS_FACTION else \
            rules.STAR_LIMIT["combat"]
        if limit is not None and self.me["stars"].get("combat", 0) >= limit:
            return 0.0
        return self.star_value()

    def win_chance(self, mine: float, theirs: float, attacker: bool) -> float:
        edge = mine - theirs + (0.5 if attacker else -0.5)
        return 1 / (1 + math.exp(-edge / 1.2))

    def attack_value(self, territory: str, joining: int = 1) -> float:
        """Entering a territory held by opponents: a combat against their character and mechs,
        or sending their workers home at 1 popularity each (S8.9, A1)."""
        others = self.others_at(territory)
        fighters = [(s, u) for s, u in others if not is_worker(u)]
        gain = self.territory_value(territory) + self.loot_value(territory)
        workers = sum(is_worker(u) for _, u in others)
        spared = "camaraderie" in self.abilities_of(self.seat) and bool(fighters)
        pop_loss = 0.0 if spared else -self.popularity_change(-workers)
        if not fighters:
            return gain + 0.5 - pop_loss
        enemy = fighters[0][0]
        own = sum(not is_worker(u) for u in self.mine_at(territory)) + joining
        mine = self.strength(self.seat, own, any(is_worker(u) for u in self.mine_at(territory)))
        theirs = self.strength(enemy, len(fighters), workers > 0)
        chance = self.win_chance(mine, theirs, attacker=True)
        if chance < 0.5:
            return NEVER / 4
        won = gain + self.combat_star_value() + COMBAT_WIN_EXTRA - pop_loss
        spent = 0.4 * min(theirs + 1, min(rules.DIAL_MAX, self.me["power"]))
        return chance * won - (1 - chance) * 4.0 - spent

    # -- movement -------------------------------------------------------------------------------
    @cached_property
    def places(self) -> list[str]:
        return [*self.b.territories, *self.b.home_bases]

    @cached_property
    def worker_steps(self) -> dict[str, list[str]]:
        """Where a worker of this seat may step from each place (S8.9 a: never into a place
        holding an opponent unit, nor out of one holding an opponent character or mech)."""
        graph = _step_graph(self.view, self.seat, "worker:1")
        return {x: [] if any(not is_worker(u) for _, u in self.others_at(x))
                else [y for y in ys if y not in self.others] for x, ys in graph.items()}

    @cached_property
    def big_steps(self) -> dict[str, list[str]]:
        """Where this seat's character and mechs may step from each place."""
        return _step_graph(self.view, self.seat, rules.CHARACTER)

    def _base_value(self, territory: str, role: str) -> float:
        """Being on `territory` as a worker, mech or character, with no unit of its own there
        yet: what it would produce, hold, meet, fight or ferry."""
        if not self.b.is_territory(territory):
            return self.ferry_value(territory) if role == "mech" else 0.0
        if self.others_at(territory):
            return NEVER if role == "worker" else self.attack_value(territory)
        alone = not self.mine_at(territory)
        value = (self.territory_value(territory) if alone else 0.0) + self.loot_value(territory)
        if role == "worker":
            value += FUTURE_PRODUCES * self.production(territory)
            return value * EXPOSED if territory in self.exposed else value
        if role == "mech":
            value += self.ferry_value(territory)
        if role == "character":
            value += ENCOUNTER_VALUE if territory in self.view["encounters"] else 0.0
            if territory == self.b.factory and self.me["factory_card"] is None \
                    and self.view["decks"]["factory"]:
                value += FACTORY_CARD_VALUE
        return value

    @cached_property
    def exposed(self) -> set[str]:
        """Territories an opponent's character or mech could reach next turn (one step, or
        along the tunnels) where this seat has no character or mech of its own: its workers
        there may be sent home (S8.9 b)."""
        reach: set[str] = set()
        for place, units in self.others.items():
            if self.b.is_territory(place) and any(not is_worker(u) for _, u in units):
                reach |= {place, *self.b.neighbours[place]}
                if place in self.b.tunnels:
                    reach |= set(self.b.tunnels)
        return {t for t in reach if all(is_worker(u) for u in self.mine_at(t))}

    def ferry_value(self, place: str) -> float:
        """A mech on `place` could carry this seat's workers there one step on to where they
        produce more next turn (S8.2): how workers leave a river pocket or a home base."""
        workers = self.workers_at(place)
        if not workers:
            return 0.0
        here = self.remain_value(place, workers)
        best = max((self.riders_value(y, workers) for y in self.big_steps.get(place, [])),
                   default=0.0)
        return FERRY * max(0.0, best - here)

    def _potential(self, role: str) -> dict[str, float]:
        """Each place's value for a unit of `role`, counting what it could reach later."""
        steps = self.worker_steps if role == "worker" else self.big_steps
        pot = {x: self._base_value(x, role) for x in self.places}
        fixed = {x for x in self.places if self.others_at(x)}
        for _ in range(10):
            changed = False
            for x in self.places:
                if x in fixed:
                    continue
                best = GAMMA * max((pot[y] for y in steps[x]), default=0.0)
                if best > pot[x] + 1e-9:
                    pot[x], changed = best, True
            if not changed:
                break
        return pot

    @cached_property
    def potentials(self) -> _Lazy:
        return _Lazy(self._potential)

    def role(self, unit: str) -> str:
        return "worker" if is_worker(unit) else "mech" if is_mech(unit) else "character"

    def stay_value(self, unit: str, place: str) -> float:
        """Staying put: this unit's own place, where it may be the one holding it."""
        key = ("stay", unit, place)
        if key not in self.memo:
            self.memo[key] = self._stay_value(unit, place)
        return self.memo[key]

    def _stay_value(self, unit: str, place: str) -> float:
        """A mech's own place is not worth its ferrying: that is done by moving on with the
        workers, which the step options count."""
        role = self.role(unit)
        steps = self.worker_steps if role == "worker" else self.big_steps
        here = self._base_value(place, role) if self.b.is_territory(place) else 0.0
        if role == "mech" and self.b.is_territory(place):
            here -= self.ferry_value(place)
        if self.b.is_territory(place) and self.mine_at(place) == [unit]:
            here += self.territory_value(place)
        if role == "worker" and self.b.is_territory(place):
            here += FUTURE_PRODUCES * (self.production(place, extra=1) - self.production(place))
        pot = self.potentials[role]
        return max(here, STAY_GAMMA * max((pot[y] for y in steps.get(place, [])), default=0.0))

    def graph(self, role: str) -> dict[str, list[str]]:
        return self.worker_steps if role == "worker" else self.big_steps

    def step_value(self, unit: str, place: str, left: int, avoid: str | None) -> float:
        """Arriving on `place` with `left` steps still to take, never back onto `avoid`:
        an opponent or (for the character) an encounter ends the movement (S8.9, S8.10)."""
        role = self.role(unit)
        pot = self.potentials[role]
        stops = bool(self.others_at(place)) or (unit == rules.CHARACTER
                                                 and place in self.view["encounters"])
        if stops or left <= 0:
            return pot[place]
        return max([pot[place], *(self.step_value(unit, y, left - 1, place)
                                  for y in self.graph(role).get(place, []) if y != avoid)])

    def riders_value(self, place: str, riders: int) -> float:
        """What `riders` workers dropped on `place` by a mech will produce there (S8.2); on a
        lake they stay on the mech and produce nothing (S8.5)."""
        if riders <= 0 or not self.b.is_territory(place) or place in self.b.lakes:
            return 0.0
        return FUTURE_PRODUCES * sum(self.production(place, extra=-i) for i in range(riders))

    def remain_value(self, place: str, remain: int) -> float:
        """What the first `remain` of this seat's workers on `place` produce staying there."""
        if not self.b.is_territory(place):
            return 0.0
        total = sum(is_worker(u) for u in self.mine_at(place))
        return FUTURE_PRODUCES * sum(self.production(place, extra=total - i)
                                     for i in range(remain))

    def workers_at(self, place: str) -> int:
        return sum(is_worker(u) for u in self.mine_at(place))

    def step_options(self, unit: str, place: str, left: int, riders: int,
                     avoid: str | None) -> dict[str, float]:
        """The value of each step `unit` may take now, with `riders` of the workers on its
        place on board and the others staying."""
        key = (unit, place, left, riders, avoid)
        if key not in self.step_memo:
            stay = self.remain_value(place, self.workers_at(place) - riders)
            self.step_memo[key] = {
                y: self.step_value(unit, y, left - 1, place) + stay
                + self.riders_value(y, riders)
                for y in self.graph(self.role(unit)).get(place, []) if y != avoid}
        return self.step_memo[key]

    def stop_value(self, unit: str, place: str) -> float:
        return self.stay_value(unit, place) + self.remain_value(place, self.workers_at(place))

    def best_move(self, unit: str, place: str, left: int, riders: int,
                  avoid: str | None) -> float:
        return max([self.stop_value(unit, place),
                    *self.step_options(unit, place, left, riders, avoid).values()])

    def move_gain(self, unit: str, steps: int) -> float:
        """How much moving `unit` now improves on leaving it; a mech takes along as many of
        the workers on its place as is best (S8.2)."""
        place = self.me["units"][unit]
        if place == MAT:
            return 0.0
        steps += not is_worker(unit) and "speed" in self.abilities_of(self.seat)
        if not is_mech(unit):
            best = max([self.stay_value(unit, place),
                        *(self.step_value(unit, y, steps - 1, place)
                          for y in self.graph(self.role(unit)).get(place, []))])
            return best - self.stay_value(unit, place)
        best = max(self.best_move(unit, place, steps, riders, None)
                   for riders in range(self.workers_at(place) + 1))
        return best - self.stop_value(unit, place)

    def move_value(self, units: int, steps: int) -> float:
        gains = sorted((self.move_gain(u, steps) for u in self.me["units"]), reverse=True)
        return sum(gains[:units])

    # -- the actions of the mat ---------------------------------------------------------------
    @cached_property
    def worker_territories(self) -> list[str]:
        return [t for t, s in self.view["control"].items()
                if s == self.seat and any(is_worker(u) for u in self.mine_at(t))]

    def produce_plan(self, limit: int, only: list[str] | None = None,
                     mill: bool = True) -> tuple[float, dict[str, int]]:
        """The best Produce on up to `limit` territories: its value and what it yields."""
        options = []
        mill_at = self.structure_at("mill") if mill else None
        places = list(only if only is not None else self.worker_territories)
        if mill_at is not None and mill_at not in places and only is None:
            places.append(mill_at)  # the Mill produces beyond the limit (S12.5)
        for t in places:
            produces = self.b.territories[t].produces
            if produces is None or self.view["control"].get(t) != self.seat:
                continue
            count = sum(is_worker(u) for u in self.mine_at(t)) + (t == mill_at)
            options.append((t, produces, count))
        value, yields, held = 0.0, dict.fromkeys(rules.RESOURCES, 0), dict(self.have)
        chosen = sorted(options, key=lambda o: -self.yield_value(o[1], o[2], held))
        regular = [o for o in chosen if o[0] != mill_at][:limit]
        for _, produces, count in regular + [o for o in chosen if o[0] == mill_at]:
            value += self.yield_value(produces, count, held)
            if produces in held:
                held[produces] += count
                yields[produces] += count
        return value, yields

    def yield_value(self, produces: str, count: int, held: dict[str, int]) -> float:
        """`count` units of a territory's production, with `held` tokens already on hand."""
        if produces == "worker":
            return self.workers_gain(count)
        return self.resources_gain(produces, count, held[produces])

    def structure_here(self, territory: str) -> str | None:
        """This seat's structure on `territory`, if any."""
        structure = self.view["structures"].get(territory)
        return structure["kind"] if structure and structure["seat"] == self.seat else None

    def structure_at(self, kind: str) -> str | None:
        return next((t for t, s in self.view["structures"].items()
                     if s["seat"] == self.seat and s["kind"] == kind), None)

    def produce_cost(self) -> dict[str, int]:
        off = rules.WORKERS - self.mat_workers
        return next(dict(c) for least, c in reversed(rules.PRODUCE_COST) if off >= least)

    def top_options(self, action: str) -> dict[str, float]:
        """The value of each option of a top-row action (`skip` is 0)."""
        if action == "move":
            return {"move": self.move_value(self.top_value("move_units"), 1),
                    "gain": self.coins_change(self.top_value("move_coins"))}
        if action == "bolster":
            if self.me["coins"] < 1:
                return {}
            monument = self.popularity_change(1) if self.structure_at("monument") else 0.0
            return {"power": self.power_change(self.top_value("bolster_power")) + monument - 1,
                    "cards": self.cards_gain(self.top_value("bolster_cards")) + monument - 1}
        if action == "trade":
            if self.me["coins"] < 1:
                return {}
            armory = self.power_change(1) if self.structure_at("armory") else 0.0
            out = {"popularity": self.popularity_change(self.top_value("trade_popularity"))
                   + armory - 1}
            if self.worker_territories:
                out["resources"] = self.best_resources(rules.TRADE_RESOURCES) + armory - 1
            return out
        cost = self.produce_cost()
        if not self.can_pay(cost):
            return {}
        value, _ = self.produce_plan(self.top_value("produce_territories"))
        return {"produce": value - self.cost_value(cost)} if value > 0 else {}

    def top_gains(self, action: str, option: str) -> dict[str, int]:
        """Resources a top-row option brings that the bottom action may spend (S4.3)."""
        if option == "produce":
            return self.produce_plan(self.top_value("produce_territories"))[1]
        if option == "resources":
            return self.trade_plan(None)
        return {}

    def trade_plan(self, index: int | None) -> dict[str, int]:
        """The two tokens to trade for: those that let this section's bottom action be paid
        (S4.3), else the most wanted ones."""
        best, plan = -1.0, {}
        for pair in _PAIRS:
            got = {k: pair.count(k) for k in rules.RESOURCES}
            value = sum(self.resources_gain(k, n) for k, n in got.items())
            if index is not None:
                value += self.bottom_value(index, got)
            if value > best:
                best, plan = value, got
        return plan

    def missing(self) -> dict[str, int]:
        """Tokens the bottom action still waiting this turn lacks (S4.3)."""
        frame = next((f for f in self.view["stack"] if f["kind"] == "bottom"), None)
        if frame is None or frame["seat"] != self.seat:
            return {}
        section = self.mat[frame["section"]]
        short = self.bottom_cost(frame["section"]) - self.have[section.cost_resource] \
            - self.coercion
        if short <= 0 or (self.bottom_worth(frame["section"], {section.cost_resource: short})
                          or 0.0) <= 0:
            return {}
        return {section.cost_resource: short}

    def bottom_value(self, index: int, extra: dict[str, int] | None = None) -> float:
        """Paying for this section's bottom action, 0 when it cannot be paid or is not worth
        it."""
        return max(0.0, self.bottom_worth(index, extra) or 0.0)

    def bottom_worth(self, index: int, extra: dict[str, int] | None = None) -> float | None:
        """The bottom action's effect, coins and own recruit bonus, less the tokens spent;
        None when it cannot be paid, even with `extra` tokens from the top action."""
        section = self.mat[index]
        action, kind, cost = section.bottom, section.cost_resource, self.bottom_cost(index)
        if not self.affordable(kind, cost, (extra or {}).get(kind, 0)):
            return None
        value = self.effect_value(action) + section.coins
        if self.has_recruit(action):
            key, n = section.recruit_bonus
            value += self.gains_value({key: n})
        return value - cost * self.end_resource

    def has_recruit(self, action: str) -> bool:
        return any(self.mat[int(i)].bottom == action for i in self.me["recruits"])

    def effect_value(self, action: str, territory: str | None = None) -> float:
        """The best use of one Upgrade/Deploy/Build/Enlist, 0 when nothing can be done."""
        return max([0.0, *EFFECTS[action](self, territory).values()])

    def section_value(self, index: int) -> float:
        """A whole turn on a section: the best top option, then the bottom action it can pay."""
        if index == rules.FACTORY_SECTION:
            return self.factory_turn_value()
        section = self.mat[index]
        best = self.bottom_value(index)
        for option, value in self.top_options(section.top).items():
            gains = self.trade_plan(index) if option == "resources" else \
                self.top_gains(section.top, option)
            total = value + self.bottom_value(index, gains) + self.next_turn(index, gains)
            best = max(best, total)
        return best

    def next_turn(self, index: int, gains: dict[str, int]) -> float:
        """Tokens gained now that let another section's bottom action be paid next turn."""
        if not any(gains.values()):
            return 0.0
        return NEXT_TURN * max(self.bottom_value(j, gains) - self.bottom_value(j)
                               for j in range(len(self.mat)) if j != index)

    # -- cards -------------------------------------------------------------------------------------
    def effects_value(self, effects: tuple | list, territory: str | None) -> float:
        value = 0.0
        for effect in effects:
            kind = effect["type"]
            if kind == "gain":
                value += self.gains_value({k: effect.get(k, 0) for k in cards.GAINS})
            elif kind == "gain_resources":
                kinds = rules.RESOURCES if effect["kinds"] == ["any"] else tuple(effect["kinds"])
                value += 0.9 * self.best_resources(effect["amount"], kinds)
            elif kind == "gain_workers":
                value += 0.9 * self.workers_gain(effect["amount"])
            elif kind == "free_action" and effect["action"] == "produce":
                value += self.produce_plan(effect["params"]["territories"], mill=False)[0]
            elif kind == "free_action":
                value += self.effect_value(effect["action"], territory)
            elif kind == "produce_here" and territory is not None:
                value += self.produce_plan(1, [territory], mill=False)[0]
        return value

    def option_value(self, option: cards.Option, territory: str | None) -> float:
        return self.effects_value(option.effects, territory) - self.cost_value(option.cost)

    def factory_turn_value(self) -> float:
        card = cards.factory_card(self.me["factory_card"])
        top = 0.0
        if self.can_pay(card.cost):
            top = max(0.0, *(self.option_value(o, None) for o in card.options)) \
                - self.cost_value(card.cost)
        return max(0.0, top) + self.move_value(1, card.move_steps)


# -- effects of the bottom row, each option valued ---------------------------------------------
def _upgrade_options(seen: Seen, territory: str | None) -> dict[tuple, float]:
    me = seen.me
    open_sections = [i for i, s in enumerate(seen.mat)
                     if me["upgrades"].get(str(i), 0) < s.upgrade_slots]
    star = seen.set_progress("upgrade")
    early = UPGRADE_EARLY * (1 - seen.progress)  # cheaper actions pay off over the game
    return {(box, i + 1): 2.0 + early + BOX_VALUE[box] + _cheaper_value(seen, i) + star
            for box in me["cubes"] for i in open_sections}


def _cheaper_value(seen: Seen, index: int) -> float:
    """A cheaper bottom action saves a token on each use still to come."""
    action = seen.mat[index].bottom
    return 0.8 * min(seen.remaining[action], 3)


def _deploy_options(seen: Seen, territory: str | None) -> dict[tuple, float]:
    mechs = [u.split(":", 1)[1] for u, p in seen.me["units"].items() if is_mech(u) and p == MAT]
    places = _placements(seen, territory)
    star = seen.set_progress("deploy")
    pot = seen.potentials["mech"]
    escape = seen.urgency("deploy")  # the way out of a pocket
    return {(ability, t): 2.5 + ABILITY_VALUE.get(ability, OTHER_ABILITY) + star + escape
            + 0.2 * pot.get(t, 0.0)
            + 0.3 * max(0.0, seen.riders_value(_best_exit(seen, t), 1)
                        - seen.remain_value(t, 1))
            for ability in mechs for t in places}


def _best_exit(seen: Seen, place: str) -> str:
    """Where a mech deployed on `place` would best take a worker."""
    return max(seen.big_steps.get(place, []) or [place], key=lambda y: seen.riders_value(y, 1))


def _placements(seen: Seen, territory: str | None) -> list[str]:
    """Where a mech or structure may go: the encounter's territory, or a worker's (S7.2)."""
    places = [territory] if territory is not None else seen.worker_territories
    return [t for t in places if seen.b.is_territory(t) and seen.b.terrain(t) != LAKE]


def _build_options(seen: Seen, territory: str | None) -> dict[tuple, float]:
    left = [k for k in rules.STRUCTURES if k not in seen.me["structures_built"]]
    places = [t for t in _placements(seen, territory) if t not in seen.view["structures"]]
    star = seen.set_progress("build")
    now = _tile_score(seen, {})
    return {(kind, t): 2.0 + _structure_value(seen, kind, t) + star
            + 0.5 * (_tile_score(seen, {t: kind}) - now)
            for kind in left for t in places}


def _structure_value(seen: Seen, kind: str, territory: str) -> float:
    if kind == "mill":
        return STRUCTURE_VALUE["mill"] + 1.5 * seen.production(territory)
    if kind == "mine":
        near = sum(1 for n in seen.b.neighbours[territory] if n in seen.b.tunnels)
        return STRUCTURE_VALUE["mine"] + 0.3 * near
    return STRUCTURE_VALUE[kind]


def _tile_score(seen: Seen, added: dict[str, str]) -> int:
    """The structure bonus tile's payout (S19.6) with `added` structures."""
    structures = dict(seen.view["structures"])
    structures.update({t: {"seat": seen.seat, "kind": k} for t, k in added.items()})
    return scoring.bonus_tile_score({"structures": structures,
                                     "bonus_tile": seen.view["bonus_tile"]}, seen.seat)


def _enlist_options(seen: Seen, territory: str | None) -> dict[tuple, float]:
    recruits = seen.me["recruits"]
    star = seen.set_progress("enlist")
    out = {}
    for i, section in enumerate(seen.mat):
        if str(i) in recruits:
            continue
        key, n = section.recruit_bonus
        uses = seen.remaining[section.bottom] + 1.5 * (1 - seen.progress)
        ongoing = 0.6 * uses * seen.gains_value({key: n})
        for space in rules.RECRUIT_SPACES:
            if space not in recruits.values():
                once = seen.gains_value({space: rules.RECRUIT_SPACE_GAIN[space]})
                out[(i + 1, space)] = 1.0 + ongoing + once + star
    return out


EFFECTS: dict[str, Callable[[Seen, str | None], dict[tuple, float]]] = {
    "upgrade": _upgrade_options, "deploy": _deploy_options, "build": _build_options,
    "enlist": _enlist_options,
}


# -- one scorer per decision frame ----------------------------------------------------------------
def _section(seen: Seen, frame: dict, action: Action) -> float:
    if action.kind == "offer":
        return NEVER
    arg = action.args[0]
    index = rules.FACTORY_SECTION if arg == "factory" else int(arg) - 1
    return seen.section_value(index)


def _top(seen: Seen, frame: dict, action: Action) -> float:
    if action.kind == "skip":
        return 0.0
    section = seen.mat[frame["section"]]
    value = seen.top_options(section.top).get(action.kind, 0.0)
    gains = seen.trade_plan(frame["section"]) if action.kind == "resources" else \
        seen.top_gains(section.top, action.kind)
    return value + seen.bottom_value(frame["section"], gains) - seen.bottom_value(frame["section"])


def _bottom(seen: Seen, frame: dict, action: Action) -> float:
    if action.kind == "skip":
        return 0.0
    return seen.bottom_worth(frame["section"]) or 0.0


def _effect(seen: Seen, frame: dict, action: Action) -> float:
    if action.kind == "none":
        return 0.0
    options = EFFECTS[frame["kind"]](seen, frame.get("territory"))
    return options.get(tuple(action.args), 0.0)


def _pay(seen: Seen, frame: dict, action: Action) -> float:
    """Pay with what is worth least; a combat card (Coercion) costs its use in combat."""
    if action.args[0] == "card":
        return -0.4 * int(action.args[1]) - 0.5
    territory, kind = str(action.args[0]), str(action.args[1])
    pile = seen.view["resources"].get(territory, {})
    return -seen.resource_value(kind, seen.have[kind] - 1) + 0.01 * sum(pile.values())


def _move(seen: Seen, frame: dict, action: Action) -> float:
    if action.kind == "done":
        return 0.05
    return seen.move_gain(str(action.args[0]), frame["steps"])


def _step(seen: Seen, frame: dict, action: Action) -> float:
    """Where the unit ends, with its riders: every option valued as the whole outcome, so a
    load or unload is taken only when it makes the best outcome better."""
    unit = frame["unit"]
    place, left = seen.me["units"][unit], frame["left"]
    riders = len(frame.get("workers", []))
    avoid = seen.view["turn"]["moved"].get(f"{seen.seat}/{unit}")
    options = seen.step_options(unit, place, left, riders, avoid)
    stop = seen.stop_value(unit, place)
    best = max([stop, *options.values()])
    what = str(action.args[0]) if action.args else ""
    if action.kind == "stop":
        return stop
    if action.kind == "step":
        return options.get(what, NEVER)
    if what.startswith("worker:"):
        change = 1 if action.kind == "load" else -1
        return seen.best_move(unit, place, left, riders + change, avoid) - 0.2
    if action.kind == "load" and best > stop + 0.05 and _left_alone(seen, place, unit, riders):
        return best + 0.8 * seen.resource_value(what)
    return stop - 1.0  # a carried token stays where the unit stops anyway


def _left_alone(seen: Seen, place: str, unit: str, riders: int) -> bool:
    """Would `place` be left without a unit or structure of this seat (its tokens lost)?"""
    return len(seen.mine_at(place)) - riders <= 1 and seen.structure_here(place) is None


def _produce(seen: Seen, frame: dict, action: Action) -> float:
    if action.kind == "done":
        return 0.0
    territory = str(action.args[0])
    mill = seen.structure_at("mill") if frame["via"] == "top" else None
    count = sum(is_worker(u) for u in seen.mine_at(territory)) + (territory == mill)
    produces = seen.b.production(territory)
    completes = COMPLETES * min(count, seen.missing().get(produces, 0))
    return 0.1 + seen.yield_value(produces, count, seen.have) + completes


def _gain_resource(seen: Seen, frame: dict, action: Action) -> float:
    """Trade and encounter gains, one token at a time."""
    if action.kind == "done":
        return 0.0
    kind = str(action.args[0])
    value = 0.1 + seen.resource_value(kind) + COMPLETES * (kind in seen.missing())
    if len(action.args) > 1:  # trade: keep tokens where this seat's workers are most
        value += 0.01 * len(seen.mine_at(str(action.args[1])))
    return value


def _offer(seen: Seen, frame: dict, action: Action) -> float:
    """Coins are score (S19.2) and a deal is not enforced (S20.4): this agent gives none."""
    return 0.0 if action.kind == "cancel" else NEVER


def _answer(seen: Seen, frame: dict, action: Action) -> float:
    """Coins offered are coins scored: always accepted."""
    return float(frame.get("coins") or 1) if action.kind == "accept" else 0.0


def _count(seen: Seen, frame: dict, action: Action) -> float:
    """All of an encounter's workers or tokens: more is never worth less to this agent."""
    return 0.1 * int(action.args[0])


def _encounter(seen: Seen, frame: dict, action: Action) -> float:
    if action.kind == "done":
        return 0.0
    card = cards.encounter(frame["card"])
    option = next(o for o in card.options if o.key == action.args[0])
    return 0.1 + seen.option_value(option, frame["territory"])


def _factory_pick(seen: Seen, frame: dict, action: Action) -> float:
    card = cards.factory_card(str(action.args[0]))
    best = max(seen.option_value(o, None) for o in card.options)
    return best - seen.cost_value(card.cost)


def _factory_top(seen: Seen, frame: dict, action: Action) -> float:
    if action.kind == "skip":
        return 0.0
    card = cards.factory_card(seen.me["factory_card"])
    option = card.options[int(action.args[0]) - 1]
    return seen.option_value(option, None) - seen.cost_value(card.cost)


def _factory_bottom(seen: Seen, frame: dict, action: Action) -> float:
    if action.kind == "skip":
        return 0.05
    card = cards.factory_card(seen.me["factory_card"])
    return seen.move_value(1, card.move_steps)


def _commit(seen: Seen, frame: dict, action: Action) -> float:
    """The commitment step by step: a dial is worth its best card additions; a card is worth
    what it adds over committing now; starting again is never needed by the AI."""
    if action.kind == "redo":
        return NEVER
    if action.kind == "dial":
        dial = action.number()
        return max(_commitment(seen, frame, dial, list(values))
                   for values in _card_sets(seen, frame, []))
    draft = frame["draft"]  # a card or the commit comes after the dial
    values = list(draft["cards"]) + ([int(action.args[0])] if action.kind == "card" else [])
    if action.kind == "commit":
        return _commitment(seen, frame, draft["dial"], values)
    return max(_commitment(seen, frame, draft["dial"], values + list(more))
               for more in _card_sets(seen, frame, values))


def _card_sets(seen: Seen, frame: dict, chosen: list[int]) -> list[tuple[int, ...]]:
    """Card values the seat could still add (highest first, within its card limit)."""
    held = Counter(int(c["value"]) for c in seen.me.get("cards", []))
    held.subtract(chosen)
    spare = sorted((v for v, n in held.items() for _ in range(n) if n > 0), reverse=True)
    room = max(0, _card_limit(seen, frame["territory"]) - len(chosen))
    return [tuple(spare[:k]) for k in range(min(room, len(spare)) + 1)]


def _card_limit(seen: Seen, territory: str) -> int:
    """One card per own character or mech there, one more with People's Army and a worker."""
    mine = seen.mine_at(territory)
    army = "peoples_army" in seen.abilities_of(seen.seat)
    return sum(not is_worker(u) for u in mine) + (army and any(is_worker(u) for u in mine))


def _commitment(seen: Seen, frame: dict, dial: int, values: list[int]) -> float:
    """Win with the least power and cards; show nothing when the combat is lost anyway."""
    attacker = frame["seats"][0] == seen.seat
    enemy = next(s for s in frame["seats"] if s != seen.seat)
    territory = frame["territory"]
    theirs = [u for s, u in seen.at.get(territory, []) if s == enemy]
    fighters = sum(not is_worker(u) for u in theirs)
    threat = seen.strength(enemy, fighters, any(is_worker(u) for u in theirs))
    chance = seen.win_chance(dial + sum(values), threat, attacker)
    prize = seen.combat_star_value() + COMBAT_WIN_EXTRA + seen.territory_value(territory) + 3.0
    consolation = seen.cards_gain(1) if dial or values else 0.0
    spent = -seen.power_change(-dial) + sum(0.3 + 0.1 * v for v in values)
    return chance * prize + (1 - chance) * consolation - spent


def _artillery(seen: Seen, frame: dict, action: Action) -> float:
    if action.args[0] == "no":
        return 0.0
    enemy = seen.view["players"][frame["opponent"]]
    return min(2, enemy["power"]) * 0.8 - 1.0


def _retreat(seen: Seen, frame: dict, action: Action) -> float:
    """A lake keeps the units on the board (Seaworthy, S10.6)."""
    return 0.0 if action.args[0] == "home" else 1.0


def _combat_order(seen: Seen, frame: dict, action: Action) -> float:
    return seen.attack_value(str(action.args[0]), joining=0)


SCORERS: dict[str, Callable[[Seen, dict, Action], float]] = {
    "section": _section, "top": _top, "bottom": _bottom, "upgrade": _effect,
    "deploy": _effect, "build": _effect, "enlist": _effect, "pay": _pay, "move": _move,
    "step": _step, "produce": _produce, "trade": _gain_resource, "take": _gain_resource,
    "encounter": _encounter, "count": _count, "factory_pick": _factory_pick,
    "factory_top": _factory_top, "factory_bottom": _factory_bottom, "commit": _commit,
    "artillery": _artillery, "retreat": _retreat, "combat_order": _combat_order,
    "offer": _offer, "answer": _answer,
}
