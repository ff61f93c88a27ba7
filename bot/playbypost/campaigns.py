"""Campaigns: leagues and tournaments of games in one server (docs/play-by-post.md,
"Campaigns").

A campaign stores only who joined, which games it dealt (round, table) and whether it is
over; everything else (who won, the standings, who goes on in a tournament) is derived from
those games as they are stored now, so a moderator's undo, replacement or scored end is
reflected without any bookkeeping of ours.

Rounds follow one another: the next is dealt once every table of the last one has ended.
The Update that ends a round's last table carries the round's news for the channel it was
dealt in (`on_update`); a tournament is decided there, and a moderator closes a league with
`close`.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.i18n import DEFAULT_LOCALE, t, text
from bot.service import GameMaster
from bot.service.base import Step
from bot.service.models import Player, ServiceError, Table, Update
from games.core import Game, GameError, get_game
from rendering.standings import Standing, StandingsLabels, standings_png
from storage import GameRecord, SeatRecord, StorageError
from storage.campaigns import CAMPAIGN_KINDS, CampaignRecord, MemberRecord

ANY_GAME = 0  # check_allowed's game id for "any game of the server"
NAME_LIMIT = 40
DEAL_ATTEMPTS = 32  # seeded shuffles tried per round; the one with fewest repeat pairings wins
MIN_PEOPLE = 2  # a round deals at least this many players; AI seats fill a table up to the
# game's minimum (a tournament's last two players of Redux still play their final)
LIVE = ("open", "running", "paused")
DONE = ("finished", "abandoned")


@dataclass(frozen=True)
class Played:
    """A table the campaign dealt, with its game as stored now."""

    round: int
    table: int
    record: GameRecord
    seats: list[SeatRecord]

    @property
    def users(self) -> list[int]:
        return [s.user_id for s in self.seats if s.user_id is not None and not s.ai]

    @property
    def live(self) -> bool:
        return self.record.status in LIVE

    @property
    def result(self) -> dict[str, Any]:
        """The stored result of a counted game."""
        if self.record.result is None:
            raise ValueError(f"game {self.record.id} has no result")
        return self.record.result

    @property
    def state(self) -> dict[str, Any]:
        """The engine state of a game that started (every counted game did)."""
        if self.record.state is None:
            raise ValueError(f"game {self.record.id} has not started")
        return self.record.state

    @property
    def counted(self) -> bool:
        """Finished games count, ended "with scores" included; abandoned ones never do."""
        return self.record.status == "finished" and self.record.result is not None

    @property
    def winners(self) -> list[int]:
        """The members who won it (an AI that took a seat over wins for nobody)."""
        if not self.counted:
            return []
        won = set(self.result["winners"])
        return [s.user_id for s in self.seats
                if s.seat in won and s.user_id is not None and not s.ai]

    @property
    def advancing(self) -> list[int]:
        """Who goes on from this table in a tournament: the members placed best among its
        members. These are the winners, unless an AI seat won (one that filled the table,
        or took a seat over): an AI goes nowhere, so the best-placed person does."""
        if not self.counted:
            return []
        places = _places(self.result)
        people = {s.seat: s.user_id for s in self.seats
                  if s.user_id is not None and not s.ai and s.seat in places}
        best = min((places[seat] for seat in people), default=None)
        return [user for seat, user in people.items() if places[seat] == best]


@dataclass(frozen=True)
class ScheduledTable:
    round: int
    table: int
    game_id: int
    thread_id: int | None
    status: str
    players: list[str]
    winners: list[str]


@dataclass(frozen=True)
class Schedule:
    """The rounds so far and who is free for the next one (`champions` once a tournament
    is decided)."""

    campaign: CampaignRecord
    title: str
    members: int
    tables: list[ScheduledTable]
    waiting: list[str]
    champions: list[str]


@dataclass(frozen=True)
class OpenedRound:
    campaign: CampaignRecord
    round: int
    tables: list[Table]
    sitting_out: list[str]
    ai_seats: int  # AI seats that fill the only table when too few players are left


@dataclass(frozen=True)
class Standings:
    campaign: CampaignRecord
    title: str
    rows: list[Standing]
    games: int  # the finished games counted


@dataclass(frozen=True)
class RoleStats:
    kind: str  # the engine's kind of role: "faction", "mat"
    role: str
    games: int
    wins: int
    average: float | None


@dataclass(frozen=True)
class PlayerStats:
    campaign: CampaignRecord
    name: str
    games: int
    wins: int
    average: float | None
    roles: list[RoleStats]


class Campaigns:
    def __init__(self, gm: GameMaster) -> None:
        self.gm = gm
        self.repo = gm.repo
        # One change at a time per campaign: two moderators opening a round at once must
        # not deal two rounds.
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)
        # (campaign, round) whose end was announced since the bot started: when two last
        # tables end at once, both Updates see the round over, and only one tells it.
        self._announced: set[tuple[int, int]] = set()

    # -- membership -------------------------------------------------------------------------
    async def create(self, guild_id: int, by: Player, *, name: str, game: str, kind: str,
                     seats: int) -> CampaignRecord:
        _require_moderator(by)
        name = _campaign_name(name)
        engine = _engine(game)
        if kind not in CAMPAIGN_KINDS:
            raise ServiceError(text("campaigns.unknown_kind", kinds=", ".join(CAMPAIGN_KINDS)))
        if not engine.min_players <= seats <= engine.max_players:
            raise ServiceError(text("campaigns.bad_seats", title=engine.title,
                                    low=engine.min_players, high=engine.max_players))
        if await self.repo.get_campaign(guild_id, name) is not None:
            raise ServiceError(text("campaigns.name_taken", name=name))
        try:
            campaign = await self.repo.create_campaign(
                guild_id=guild_id, name=name, game=game, kind=kind, seats=seats,
                created_by=by.user_id)
        except StorageError:  # created by someone else between the check and the insert
            raise ServiceError(text("campaigns.name_taken", name=name)) from None
        await self._audit(campaign, by, "campaign_new",
                          {"game": game, "kind": kind, "seats": seats})
        return campaign

    async def join(self, guild_id: int, name: str, player: Player) -> CampaignRecord:
        campaign = await self._settled(guild_id, name)
        _check_not_finished(campaign)
        if campaign.kind == "tournament" and campaign.status != "open":
            raise ServiceError(text("campaigns.tournament_started", name=campaign.name))
        await self.gm.settings.check_allowed(guild_id, ANY_GAME, player.user_id)
        if not await self.repo.add_member(campaign.id, player.user_id, player.name):
            raise ServiceError(text("campaigns.already_member", name=campaign.name))
        return campaign

    async def leave(self, guild_id: int, name: str, by: Player,
                    member: Player | None = None) -> CampaignRecord:
        """A member leaves, or a moderator removes one; a member still seated at a live
        table of the campaign needs a moderator (their game goes on: `/gm replace`)."""
        member = member or by
        if member.user_id != by.user_id:
            _require_moderator(by)
        campaign = await self._settled(guild_id, name)
        _check_not_finished(campaign)
        async with self._locks[campaign.id]:
            live = [p.record.id for p in await self._played(campaign)
                    if p.live and member.user_id in p.users]
            if live and not by.is_moderator:
                raise ServiceError(text("campaigns.live_game", name=campaign.name,
                                        games=_numbers(live)))
            if not await self.repo.remove_member(campaign.id, member.user_id):
                raise ServiceError(text("campaigns.not_member", user=member.name,
                                        name=campaign.name))
        if by.is_moderator and (live or member.user_id != by.user_id):
            await self._audit(campaign, by, "campaign_remove",
                              {"user_id": member.user_id, "live_games": live})
        return campaign

    async def names(self, guild_id: int) -> list[str]:
        """The server's campaign names, newest first (autocomplete)."""
        return [c.name for c in await self.repo.campaigns(guild_id)]

    # -- rounds -----------------------------------------------------------------------------
    async def schedule(self, guild_id: int, name: str) -> Schedule:
        campaign = await self._settled(guild_id, name)
        members = await self.repo.members(campaign.id)
        played = await self._played(campaign)
        names = _names(members, played)
        busy = {u for p in played if p.live for u in p.users}
        tables = [ScheduledTable(p.round, p.table, p.record.id, p.record.thread_id,
                                 p.record.status, [s.name for s in p.seats],
                                 [names[u] for u in p.winners]) for p in played]
        champions = _champions(campaign, members, played) or []
        return Schedule(campaign, _engine(campaign.game).title, len(members), tables,
                        [m.name for m in members if m.user_id not in busy],
                        [names[u] for u in champions])

    async def open_round(self, guild_id: int, name: str, by: Player,
                         channel_id: int) -> OpenedRound:
        """Deals the next round into new tables (the cog gives each its thread): a league
        deals every member, a tournament the players still in, once every table of the last
        round has ended. Players start each table with `/game start`."""
        _require_moderator(by)
        campaign = await self._settled(guild_id, name)
        _check_not_finished(campaign)
        await self.gm.settings.check_new_game(guild_id, channel_id, by.user_id)
        async with self._locks[campaign.id]:
            members = await self.repo.members(campaign.id)
            played = await self._played(campaign)
            names = _names(members, played)
            players = self._round_players(campaign, members, played)
            await self._check_allowed(guild_id, players, names)
            number = max((p.round for p in played), default=0) + 1
            dealt, out, ais = _deal_round(campaign, players, played, number)
            tables = [await self._open_table(campaign, number, table, users, names,
                                             channel_id, ais)
                      for table, users in enumerate(dealt, start=1)]
            if campaign.status == "open":
                await self.repo.set_campaign_status(campaign.id, "running")
        await self._audit(campaign, by, "campaign_round",
                          {"round": number, "games": [t.game_id for t in tables]})
        return OpenedRound(campaign, number, tables, [names[u] for u in out], ais)

    def _round_players(self, campaign: CampaignRecord, members: list[MemberRecord],
                       played: list[Played]) -> list[int]:
        """Who the next round deals. Rounds never overlap, in a league either: a player
        would otherwise sit at two tables of one campaign, and a straggling table would
        count towards a later round's standings."""
        unfinished = [p.record.id for p in _last_round(played) if not _done(p)]
        if unfinished:
            raise ServiceError(text("campaigns.round_unfinished", name=campaign.name,
                                    round=played[-1].round, games=_numbers(unfinished)))
        member_ids = [m.user_id for m in members]
        if campaign.kind == "league":
            return member_ids
        return entrants(member_ids, played)[0]

    async def _check_allowed(self, guild_id: int, players: list[int],
                             names: dict[int, str]) -> None:
        """Before any table is opened, so a banned member never leaves a round half dealt."""
        for user_id in players:
            try:
                await self.gm.settings.check_allowed(guild_id, ANY_GAME, user_id)
            except ServiceError:
                raise ServiceError(text("campaigns.banned_member",
                                        user=names[user_id])) from None

    async def _open_table(self, campaign: CampaignRecord, number: int, table: int,
                          users: list[int], names: dict[int, str], channel_id: int,
                          ais: int) -> Table:
        first, *others = [Player(u, names[u]) for u in users]
        opened = await self.gm.new_game(game=campaign.game, guild_id=campaign.guild_id,
                                        channel_id=channel_id, creator=first)
        for player in others:
            await self.gm.join(opened.game_id, player)
        for _ in range(ais):
            await self.gm.add_ai(opened.game_id, first)
        await self.repo.add_campaign_game(campaign.id, opened.game_id, round=number,
                                          table=table)
        return await self.gm.table(opened.game_id)

    # -- the end of a round, of a campaign ------------------------------------------------------
    async def on_update(self, update: Update, steps: Sequence[Step] = ()) -> Update:
        """Every Update passes here before it is posted (`steps` are not needed: a round
        ends by its tables' status). The one that ends the last live
        table of a campaign's round carries the round's news for the channel the round was
        dealt in: who goes on (a tournament) or who leads (a league), and a tournament's
        champions once decided (it is marked finished then and there)."""
        table = update.table
        if table.status not in DONE:
            return update
        campaign = await self.repo.campaign_of_game(table.game_id)
        if campaign is None or campaign.status == "finished":
            return update
        async with self._locks[campaign.id]:
            played = await self._played(campaign)
            last = _last_round(played)
            number = last[0].round
            if (table.game_id not in {p.record.id for p in last}
                    or not all(_done(p) for p in last)
                    or (campaign.id, number) in self._announced):
                return update
            self._announced.add((campaign.id, number))
            news = await self._round_news(campaign, played, number)
        return replace(update, news=[*update.news, news])

    async def _round_news(self, campaign: CampaignRecord, played: list[Played],
                          number: int) -> str:
        locale = await self.gm.settings.thread_locale(campaign.guild_id)
        members = await self.repo.members(campaign.id)
        names = _names(members, played)
        champions = await self._decide(campaign)
        if champions is not None:
            key = "campaigns.news.champions" if champions else "campaigns.news.no_champion"
            return t(key, locale, name=campaign.name,
                     names=", ".join(names[u] for u in champions))
        lines = [t("campaigns.news.round_over", locale, name=campaign.name, round=number)]
        if campaign.kind == "tournament":
            going_on = entrants([m.user_id for m in members], played)[0]
            lines.append(t("campaigns.news.going_on", locale,
                           names=", ".join(names[u] for u in going_on)))
        else:
            rows = [r for r in rank(members, played) if r.games]
            if rows:  # no counted game yet: every table was abandoned
                lines.append(t("campaigns.news.leading", locale, points=rows[0].points_text,
                               leaders=", ".join(r.name for r in rows
                                                 if r.points == rows[0].points)))
        lines.append(t("campaigns.news.next_round", locale))
        return "\n".join(lines)

    async def close(self, guild_id: int, name: str, by: Player) -> Standings:
        """A moderator ends a campaign for good, with its standings as they are (a league
        has no last round of its own; a tournament closed early has no champion). Refused
        while a table of it is live: its result would land in a closed campaign."""
        _require_moderator(by)
        campaign = await self._settled(guild_id, name)
        _check_not_finished(campaign)
        async with self._locks[campaign.id]:
            played = await self._played(campaign)
            live = [p.record.id for p in played if p.live]
            if live:
                raise ServiceError(text("campaigns.close_live", name=campaign.name,
                                        games=_numbers(live)))
            await self.repo.set_campaign_status(campaign.id, "finished")
        await self._audit(campaign, by, "campaign_closed",
                          {"rounds": max((p.round for p in played), default=0)})
        return await self.standings(guild_id, name)

    # -- results ----------------------------------------------------------------------------
    async def standings(self, guild_id: int, name: str) -> Standings:
        campaign = await self._settled(guild_id, name)
        members = await self.repo.members(campaign.id)
        played = await self._played(campaign)
        return Standings(campaign, _engine(campaign.game).title, rank(members, played),
                         sum(1 for p in played if p.counted))

    async def standings_image(self, standings: Standings, locale: str) -> bytes:
        """Drawn off the event loop, like the boards (the bot's renderer processes)."""
        loop = asyncio.get_running_loop()
        subtitle = text(f"campaigns.kind.{standings.campaign.kind}")

        def labels(lang: str) -> StandingsLabels:
            return StandingsLabels.translated(lambda key: t(f"campaigns.image.{key}", lang))

        return await loop.run_in_executor(
            self.gm.announcer.executor, standings_png, standings.campaign.name,
            f"{subtitle.render(locale)} · {standings.title}", standings.rows, labels(locale),
            labels(DEFAULT_LOCALE))

    async def stats(self, guild_id: int, name: str, player: Player) -> PlayerStats:
        campaign = await self._settled(guild_id, name)
        members = await self.repo.members(campaign.id)
        played = await self._played(campaign)
        mine = [p for p in played if p.counted and player.user_id in p.users]
        if not mine and all(m.user_id != player.user_id for m in members):
            raise ServiceError(text("campaigns.not_member", user=player.name,
                                    name=campaign.name))
        engine = _engine(campaign.game)
        totals = [_total(p, player.user_id) for p in mine]
        wins = sum(1 for p in mine if player.user_id in p.winners)
        return PlayerStats(campaign, _names(members, played).get(player.user_id, player.name),
                           len(mine), wins, _mean(totals), _role_stats(engine, mine,
                                                                        player.user_id))

    # -- internals --------------------------------------------------------------------------
    async def _campaign(self, guild_id: int, name: str) -> CampaignRecord:
        campaign = await self.repo.get_campaign(guild_id, name.strip())
        if campaign is None:
            raise ServiceError(text("campaigns.not_found", name=name.strip()))
        return campaign

    async def _settled(self, guild_id: int, name: str) -> CampaignRecord:
        """The campaign, marked finished first when its tournament is decided. The end of
        a final does that (`on_update`); looking again covers a bot stopped in between."""
        campaign = await self._campaign(guild_id, name)
        if await self._decide(campaign) is None:
            return campaign
        return await self._campaign(guild_id, name)

    async def _decide(self, campaign: CampaignRecord) -> list[int] | None:
        """A running tournament's champions once it is decided, marking it finished (and
        audited); None while it goes on, and for a league."""
        if campaign.kind != "tournament" or campaign.status != "running":
            return None
        members = await self.repo.members(campaign.id)
        champions = _champions(campaign, members, await self._played(campaign))
        if champions is None:
            return None
        await self.repo.set_campaign_status(campaign.id, "finished")
        await self.repo.audit(guild_id=campaign.guild_id, game_id=None, user_id=None,
                              what="campaign_finished",
                              detail={"campaign": campaign.name, "champions": champions})
        return champions

    async def _played(self, campaign: CampaignRecord) -> list[Played]:
        return [Played(g.round, g.table, await self.repo.get_game(g.game_id),
                       await self.repo.get_seats(g.game_id))
                for g in await self.repo.campaign_games(campaign.id)]

    async def _audit(self, campaign: CampaignRecord, by: Player, what: str,
                     detail: dict[str, Any]) -> None:
        await self.repo.audit(guild_id=campaign.guild_id, game_id=None, user_id=by.user_id,
                              what=what, detail={"campaign": campaign.name, **detail})


# -- dealing ------------------------------------------------------------------------------------
def _deal_round(campaign: CampaignRecord, players: list[int], played: list[Played],
                number: int) -> tuple[list[list[int]], list[int], int]:
    """The round's tables (user ids, the table's creator first), who sits it out, and the
    AI seats that fill the only table when fewer players are left than the game needs."""
    engine = _engine(campaign.game)
    sizes = table_sizes(len(players), campaign.seats, engine.min_players, engine.max_players)
    ais = 0
    if not sizes and len(players) >= MIN_PEOPLE:
        sizes, ais = [len(players)], engine.min_players - len(players)
    if not sizes:
        raise ServiceError(text("campaigns.too_few", name=campaign.name, low=MIN_PEOPLE,
                                count=len(players)))
    rng = random.Random(campaign.id * 1_000_003 + number)  # seeded by campaign and round
    seated, out = _sit_out(players, sum(sizes), played, rng)
    return deal(seated, sizes, _met(played), rng), out, ais


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


def _met(played: Iterable[Played]) -> Counter[frozenset[int]]:
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
        current = _unique(byes + [u for p in tables for u in p.advancing])
        final = len(tables) == 1 and not byes
    return [u for u in current if u in members], final


def _champions(campaign: CampaignRecord, members: list[MemberRecord],
               played: list[Played]) -> list[int] | None:
    """A tournament's winners once decided (empty when its final was abandoned), else None:
    decided when the last round is over and was the final, or left one player or none."""
    if campaign.kind != "tournament" or not played:
        return None
    if not all(_done(p) for p in _last_round(played)):
        return None
    going_on, final = entrants([m.user_id for m in members], played)
    return going_on if final or len(going_on) <= 1 else None


def _last_round(played: list[Played]) -> list[Played]:
    last = max((p.round for p in played), default=0)
    return [p for p in played if p.round == last]


def _done(p: Played) -> bool:
    return p.record.status in DONE


# -- standings ----------------------------------------------------------------------------------
def rank(members: list[MemberRecord], played: list[Played]) -> list[Standing]:
    """Every member and everyone who played a counted game, by points, then wins, then
    average score, then name. Per finished game a player gets one point per opponent placed
    below them and half a point per opponent tied with them."""
    names = _names(members, played)
    points: defaultdict[int, float] = defaultdict(float)  # half points for a tie
    wins: Counter[int] = Counter()
    totals: defaultdict[int, list[int]] = defaultdict(list)
    for p in (p for p in played if p.counted):
        for user, gained in _game_points(p).items():
            points[user] += gained
            totals[user].append(_total(p, user))
        wins.update(p.winners)
    players = _unique([m.user_id for m in members] + list(totals))
    rows = sorted(players, key=lambda u: (-points[u], -wins[u], -_sortable(_mean(totals[u])),
                                          names[u].casefold()))
    return [Standing(i + 1, u, names[u], len(totals[u]), wins[u], points[u],
                     _mean(totals[u])) for i, u in enumerate(rows)]


def _game_points(p: Played) -> dict[int, float]:
    places = _places(p.result)
    seat_of = {s.user_id: s.seat for s in p.seats if s.user_id is not None and not s.ai}
    return {user: sum(1.0 if places[seat] < places[other] else 0.5
                      for other in places if other != seat and places[seat] <= places[other])
            for user, seat in seat_of.items() if seat in places}


def _places(result: dict[str, Any]) -> dict[int, int]:
    """Seat -> place (0 is first) from a stored Result: the winners share first place; the
    others follow in the engine's order, tied when their total and tie-breaks are equal."""
    winners = set(result["winners"])
    places = {int(s): 0 for s in winners}
    keys: list[tuple[Any, ...]] = []
    for score in (s for s in result["scores"] if s["seat"] not in winners):
        key = (score["total"], tuple(score.get("tiebreak") or ()))
        places[int(score["seat"])] = 1 + (keys.index(key) if key in keys else len(keys))
        keys.append(key)
    return places


def _total(p: Played, user: int) -> int:
    seat = next(s.seat for s in p.seats if s.user_id == user and not s.ai)
    return next(int(s["total"]) for s in p.result["scores"] if s["seat"] == seat)


def _role_stats(engine: Game, games: list[Played], user: int) -> list[RoleStats]:
    """Games, wins and average score by each role the player held (engine.roles)."""
    held: defaultdict[tuple[str, str], list[Played]] = defaultdict(list)
    for p in games:
        seat = next(s.seat for s in p.seats if s.user_id == user and not s.ai)
        for kind, roles in engine.roles(p.state).items():
            if seat < len(roles) and roles[seat]:
                held[(kind, roles[seat])].append(p)
    stats = [RoleStats(kind, role, len(ps), sum(1 for p in ps if user in p.winners),
                       _mean([_total(p, user) for p in ps]))
             for (kind, role), ps in held.items()]
    return sorted(stats, key=lambda s: (s.kind, -s.games, s.role))


# -- helpers ------------------------------------------------------------------------------------
def _names(members: list[MemberRecord], played: list[Played]) -> dict[int, str]:
    """Members by the name they joined with; former members by their seat's name."""
    names = {s.user_id: s.name for p in played for s in p.seats if s.user_id is not None}
    return {**names, **{m.user_id: m.name for m in members}}


def _mean(values: list[int]) -> float | None:
    return sum(values) / len(values) if values else None


def _sortable(average: float | None) -> float:
    """No games yet ranks below any average score."""
    return float("-inf") if average is None else average


def _unique(values: Iterable[int]) -> list[int]:
    return list(dict.fromkeys(values))


def _numbers(game_ids: list[int]) -> str:
    return ", ".join(str(g) for g in game_ids)


def _campaign_name(name: str) -> str:
    name = name.strip()
    if not 1 <= len(name) <= NAME_LIMIT or not name.isprintable():
        raise ServiceError(text("campaigns.bad_name", limit=NAME_LIMIT))
    return name


def _engine(game: str) -> Game:
    try:
        return get_game(game)
    except GameError:
        raise ServiceError(text("campaigns.unknown_game", game=game)) from None


def _check_not_finished(campaign: CampaignRecord) -> None:
    if campaign.status == "finished":
        raise ServiceError(text("campaigns.finished", name=campaign.name))


def _require_moderator(by: Player) -> None:
    if not by.is_moderator:
        raise ServiceError(text("campaigns.not_moderator"))
