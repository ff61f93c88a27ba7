"""Dealing a round: table sizes, who sits out, and seeded deals that avoid repeat pairings and
never seat together two players when one of them blocked the other (`/me block`)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Iterator

from bot.i18n import text
from bot.playbypost.campaigns.models import Played, engine_of, unique
from bot.service.models import ServiceError
from storage.campaigns import CampaignRecord

DEAL_ATTEMPTS = 32  # seeded shuffles tried per round; the one with fewest repeat pairings wins
SEARCH_LIMIT = 200_000  # placements tried by the exact search for a deal that honours blocks
SIT_OUT_TRIES = 200  # other choices of who sits out, when blocks leave the first one no deal
Blocked = frozenset[frozenset[int]]  # pairs of players who must not share a table


class NoDeal(Exception):
    """No deal of the round's players into tables of `sizes` keeps apart the blocked
    `pairs` among them (each pair a tuple of user ids)."""

    def __init__(self, sizes: list[int], pairs: list[tuple[int, int]]) -> None:
        super().__init__(f"no deal into tables of {sizes} separates {pairs}")
        self.sizes, self.pairs = sizes, pairs
MIN_PEOPLE = 2  # a round deals at least this many players; AI seats fill a table up to the
# game's minimum (a tournament's last two players of Redux still play their final)


# -- dealing ------------------------------------------------------------------------------------
def deal_round(campaign: CampaignRecord, players: list[int], played: list[Played],
               number: int, blocked: Blocked = frozenset(),
               ) -> tuple[list[list[int]], list[int], int]:
    """The round's tables (user ids, the table's creator first), who sits it out, and the
    AI seats that fill the only table when fewer players are left than the game needs.
    Raises `NoDeal` when the blocks leave no way to deal the round."""
    engine = engine_of(campaign.game)
    sizes = table_sizes(len(players), campaign.seats, engine.min_players, engine.max_players)
    ais = 0
    if not sizes and len(players) >= MIN_PEOPLE:
        sizes, ais = [len(players)], engine.min_players - len(players)
    if not sizes:
        raise ServiceError(text("campaigns.too_few", name=campaign.name, low=MIN_PEOPLE,
                                count=len(players)))
    rng = random.Random(campaign.id * 1_000_003 + number)  # seeded by campaign and round
    met = pairings_met(played)
    for seated, out in _sittings(players, sum(sizes), played, rng):
        tables = deal(seated, sizes, met, rng, blocked)
        if tables:
            return tables, out, ais
    pairs = sorted(tuple(sorted(pair)) for pair in blocked if pair <= set(players))
    raise NoDeal(sizes, [(a, b) for a, b in pairs])


def table_sizes(count: int, wanted: int, low: int, high: int) -> list[int]:
    """Table sizes for as many of `count` players as can be seated (all when the game's
    limits allow), as even as possible and as close to `wanted` as they can be; fewer tables
    when two splits are equally close. Empty when not even one table can be filled."""
    for seated in range(count, low - 1, -1):
        splits = [_split(seated, tables) for tables in range(1, seated // low + 1)]
        fitting = [s for s in splits if low <= min(s) and max(s) <= high]
        if fitting:
            return min(fitting, key=lambda s: max(abs(size - wanted) for size in s))
    return []


def _split(count: int, tables: int) -> list[int]:
    small, extra = divmod(count, tables)
    return [small + 1] * extra + [small] * (tables - extra)


def deal(players: list[int], sizes: list[int], met: Counter[frozenset[int]],
         rng: random.Random, blocked: Blocked = frozenset()) -> list[list[int]]:
    """Players into tables of `sizes`, never two who blocked one another at one table and
    meeting again as few times as possible: each of a few seeded shuffles is dealt greedily
    (each seat goes to the player who met the table's players least often), and the deal
    with the fewest repeat pairings is kept. When no greedy deal honours the blocks, an
    exact search looks for one; empty when there is none."""
    best: tuple[int, list[list[int]]] | None = None
    for _ in range(DEAL_ATTEMPTS):
        order = list(players)
        rng.shuffle(order)
        tables = _greedy(order, sizes, met, blocked)
        if tables is None:
            continue
        repeats = sum(met[frozenset(pair)] for table in tables
                      for pair in itertools.combinations(table, 2))
        if best is None or repeats < best[0]:
            best = (repeats, tables)
        if repeats == 0:
            break
    if best is None and blocked:
        return _separated(players, sizes, blocked) or []
    return best[1] if best else []


def _greedy(order: list[int], sizes: list[int], met: Counter[frozenset[int]],
            blocked: Blocked = frozenset()) -> list[list[int]] | None:
    """None when a seat finds nobody left who may sit at its table."""
    left = list(order)
    tables: list[list[int]] = []
    for size in sizes:
        table: list[int] = []
        for _ in range(size):
            allowed = [u for u in left
                       if not any(frozenset((u, v)) in blocked for v in table)]
            if not allowed:
                return None
            pick = min(allowed, key=lambda u: sum(met[frozenset((u, v))] for v in table))
            left.remove(pick)
            table.append(pick)
        tables.append(table)
    return tables


def _separated(players: list[int], sizes: list[int], blocked: Blocked) -> list[list[int]] | None:
    """Any deal that honours the blocks, by an exact search (players with the most blocks
    placed first; an empty table is tried once per size, tables of one size being alike);
    None when there is none, or when the search gives up after `SEARCH_LIMIT` placements."""
    order = sorted(players, key=lambda u: -sum(1 for pair in blocked if u in pair))
    tables: list[list[int]] = [[] for _ in sizes]
    tried = 0

    def place(index: int) -> bool:
        nonlocal tried
        if index == len(order):
            return True
        user, empty_sizes = order[index], set[int]()
        for table, size in zip(tables, sizes, strict=True):
            if len(table) >= size:
                continue
            if not table:
                if size in empty_sizes:
                    continue
                empty_sizes.add(size)
            if any(frozenset((user, v)) in blocked for v in table):
                continue
            tried += 1
            if tried > SEARCH_LIMIT:
                return False
            table.append(user)
            if place(index + 1):
                return True
            table.pop()
        return False

    return [list(t) for t in tables] if place(0) else None


def pairings_met(played: Iterable[Played]) -> Counter[frozenset[int]]:
    """How often each pair of players already shared a campaign table."""
    return Counter(frozenset(pair) for p in played
                   for pair in itertools.combinations(sorted(set(p.users)), 2))


def _sittings(players: list[int], seats: int, played: list[Played],
              rng: random.Random) -> Iterator[tuple[list[int], list[int]]]:
    """Who plays and who sits out. When the game's table sizes cannot seat everyone, those
    who played most so far sit out (a tournament's sitters go on to the next round); ties by
    a seeded shuffle. Then, for a round that blocks leave without a deal, other choices of
    sitters, the fewest played first."""
    counts = Counter(u for p in played for u in p.users)
    order = list(players)
    rng.shuffle(order)
    order.sort(key=lambda u: counts[u])
    out_count = len(players) - seats
    choices = itertools.islice(itertools.combinations(reversed(order), out_count),
                               SIT_OUT_TRIES)
    for sitters in choices:
        out = set(sitters)
        yield ([u for u in players if u not in out],
               sorted(out, key=players.index))


# -- tournaments --------------------------------------------------------------------------------
def entrants(members: list[int], played: list[Played]) -> tuple[list[int], bool]:
    """Who plays the next tournament round, and whether the last round was a final (one
    table, nobody sitting out): everyone in round 1, then those who go on from each round's
    tables (`Played.advancing`) and whoever sat that round out, as long as they are still
    members."""
    current, final = list(members), False
    for _, same_round in itertools.groupby(played, key=lambda p: p.round):
        tables = list(same_round)
        seated = {u for p in tables for u in p.users}
        byes = [u for u in current if u not in seated]
        current = unique(byes + [u for p in tables for u in p.advancing])
        final = len(tables) == 1 and not byes
    return [u for u in current if u in members], final
