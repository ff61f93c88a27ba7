"""Dealing a round: table sizes, who sits out, and seeded deals that avoid repeat pairings."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable

from bot.i18n import text
from bot.playbypost.campaigns.models import Played, engine_of, unique
from bot.service.models import ServiceError
from storage.campaigns import CampaignRecord

DEAL_ATTEMPTS = 32  # seeded shuffles tried per round; the one with fewest repeat pairings wins
MIN_PEOPLE = 2  # a round deals at least this many players; AI seats fill a table up to the
# game's minimum (a tournament's last two players of Redux still play their final)


# -- dealing ------------------------------------------------------------------------------------
def deal_round(campaign: CampaignRecord, players: list[int], played: list[Played],
                number: int) -> tuple[list[list[int]], list[int], int]:
    """The round's tables (user ids, the table's creator first), who sits it out, and the
    AI seats that fill the only table when fewer players are left than the game needs."""
    engine = engine_of(campaign.game)
    sizes = table_sizes(len(players), campaign.seats, engine.min_players, engine.max_players)
    ais = 0
    if not sizes and len(players) >= MIN_PEOPLE:
        sizes, ais = [len(players)], engine.min_players - len(players)
    if not sizes:
        raise ServiceError(text("campaigns.too_few", name=campaign.name, low=MIN_PEOPLE,
                                count=len(players)))
    rng = random.Random(campaign.id * 1_000_003 + number)  # seeded by campaign and round
    seated, out = _sit_out(players, sum(sizes), played, rng)
    return deal(seated, sizes, pairings_met(played), rng), out, ais


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
         rng: random.Random) -> list[list[int]]:
    """Players into tables of `sizes`, meeting again as few times as possible: each of a
    few seeded shuffles is dealt greedily (each seat goes to the player who met the table's
    players least often), and the deal with the fewest repeat pairings is kept."""
    best: tuple[int, list[list[int]]] | None = None
    for _ in range(DEAL_ATTEMPTS):
        order = list(players)
        rng.shuffle(order)
        tables = _greedy(order, sizes, met)
        repeats = sum(met[frozenset(pair)] for table in tables
                      for pair in itertools.combinations(table, 2))
        if best is None or repeats < best[0]:
            best = (repeats, tables)
        if repeats == 0:
            break
    return best[1] if best else []


def _greedy(order: list[int], sizes: list[int], met: Counter[frozenset[int]]) -> list[list[int]]:
    left = list(order)
    tables: list[list[int]] = []
    for size in sizes:
        table: list[int] = []
        for _ in range(size):
            pick = min(left, key=lambda u: sum(met[frozenset((u, v))] for v in table))
            left.remove(pick)
            table.append(pick)
        tables.append(table)
    return tables


def pairings_met(played: Iterable[Played]) -> Counter[frozenset[int]]:
    """How often each pair of players already shared a campaign table."""
    return Counter(frozenset(pair) for p in played
                   for pair in itertools.combinations(sorted(set(p.users)), 2))


def _sit_out(players: list[int], seats: int, played: list[Played],
             rng: random.Random) -> tuple[list[int], list[int]]:
    """When the game's table sizes cannot seat everyone, those who played most so far sit
    out (a tournament's sitters go on to the next round); ties by a seeded shuffle."""
    counts = Counter(u for p in played for u in p.users)
    order = list(players)
    rng.shuffle(order)
    order.sort(key=lambda u: counts[u])
    return sorted(order[:seats], key=players.index), sorted(order[seats:], key=players.index)


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
