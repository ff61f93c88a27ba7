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

Several bot processes may share the database, so what must happen once per round is claimed
there, never remembered in a process: a round is dealt by the one moderator whose claim of
it lands (a close claims the next round too, so no round is dealt into a closed campaign),
and its news is told by the one Update whose claim lands (`storage.campaigns.claim_round`).
The per-campaign locks only queue this process's changes of a campaign (a courtesy).
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.i18n import DEFAULT_LOCALE, game_title, t, text
from bot.playbypost.campaigns.models import (
    DONE,
    OpenedRound,
    Played,
    PlayerStats,
    Schedule,
    ScheduledTable,
    Standings,
    engine_of,
)
from bot.playbypost.campaigns.pairing import Blocked, NoDeal, deal_round, entrants
from bot.playbypost.campaigns.ranking import (
    champions_of,
    is_over,
    last_round,
    mean_of,
    member_names,
    rank,
    role_stats,
    total_of,
)
from bot.service import GameMaster
from bot.service.base import Step
from bot.service.models import Player, ServiceError, Table, Update
from rendering.standings import StandingsLabels, standings_png
from storage import StorageError
from storage.campaigns import CAMPAIGN_KINDS, CampaignRecord, MemberRecord

ANY_GAME = 0  # check_allowed's game id for "any game of the server"
NAME_LIMIT = 40
# A claim to deal a round that recorded no table this long after it was made is taken over:
# its dealer died (dealing a round takes milliseconds per table).
DEAL_SECONDS = 120.0


class Campaigns:
    def __init__(self, gm: GameMaster) -> None:
        self.gm = gm
        self.repo = gm.repo
        # Queues this process's changes of a campaign behind each other (a courtesy: what
        # keeps processes apart is the round's claim in the database).
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    # -- membership -------------------------------------------------------------------------
    async def create(self, guild_id: int, by: Player, *, name: str, game: str, kind: str,
                     seats: int) -> CampaignRecord:
        _require_moderator(by)
        name = _campaign_name(name)
        engine = engine_of(game)
        if kind not in CAMPAIGN_KINDS:
            raise ServiceError(text("campaigns.unknown_kind", kinds=", ".join(CAMPAIGN_KINDS)))
        if not engine.min_players <= seats <= engine.max_players:
            raise ServiceError(text("campaigns.bad_seats", title=game_title(engine.name),
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
        names = member_names(members, played)
        busy = {u for p in played if p.live for u in p.users}
        tables = [ScheduledTable(p.round, p.table, p.record.id, p.record.thread_id,
                                 p.record.status, [s.name for s in p.seats],
                                 [names[u] for u in p.winners]) for p in played]
        champions = champions_of(campaign, members, played) or []
        return Schedule(campaign, game_title(campaign.game), len(members), tables,
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
            names = member_names(members, played)
            players = self._round_players(campaign, members, played)
            await self._check_allowed(guild_id, players, names)
            number = max((p.round for p in played), default=0) + 1
            blocked = await self._blocked(players)
            try:
                dealt, out, ais = deal_round(campaign, players, played, number, blocked)
            except NoDeal as none:
                raise ServiceError(text(
                    "campaigns.blocked_round", name=campaign.name, round=number,
                    sizes=tuple(str(size) for size in none.sizes),
                    pairs=tuple(text("campaigns.blocked_pair", first=names[a],
                                     second=names[b]) for a, b in none.pairs))) from None
            await self._claim_deal(campaign, number)
            tables = await self._deal(campaign, number, dealt, names, channel_id, ais)
            if campaign.status == "open":
                await self.repo.set_campaign_status(campaign.id, "running")
        await self._audit(campaign, by, "campaign_round",
                          {"round": number, "games": [t.game_id for t in tables]})
        return OpenedRound(campaign, number, tables, [names[u] for u in out], ais)

    async def _claim_deal(self, campaign: CampaignRecord, number: int) -> None:
        """The round is this caller's to deal (or to keep undealt, for a close): in the
        database, whichever process the other moderator's command reached."""
        now = time.time()
        if not await self.repo.claim_round(campaign.id, number, "dealt", now,
                                           stale_before=now - DEAL_SECONDS):
            raise ServiceError(text("campaigns.round_being_dealt", name=campaign.name,
                                    round=number))

    async def _deal(self, campaign: CampaignRecord, number: int, dealt: list[list[int]],
                    names: dict[int, str], channel_id: int, ais: int) -> list[Table]:
        """Opens the round's tables; a deal that fails before recording any gives its
        claim back, so the round can be dealt again at once."""
        tables: list[Table] = []
        try:
            for table, users in enumerate(dealt, start=1):
                tables.append(await self._open_table(campaign, number, table, users, names,
                                                     channel_id, ais))
        except BaseException:
            if not tables:
                await self.repo.release_round(campaign.id, number, "dealt")
            raise
        return tables

    def _round_players(self, campaign: CampaignRecord, members: list[MemberRecord],
                       played: list[Played]) -> list[int]:
        """Who the next round deals. Rounds never overlap, in a league either: a player
        would otherwise sit at two tables of one campaign, and a straggling table would
        count towards a later round's standings."""
        unfinished = [p.record.id for p in last_round(played) if not is_over(p)]
        if unfinished:
            raise ServiceError(text("campaigns.round_unfinished", name=campaign.name,
                                    round=played[-1].round, games=_numbers(unfinished)))
        member_ids = [m.user_id for m in members]
        if campaign.kind == "league":
            return member_ids
        return entrants(member_ids, played)[0]

    async def _blocked(self, players: list[int]) -> Blocked:
        """The pairs of the round's players who must not share a table: one of the two
        blocked the other (`/me block`); nobody learns who blocked whom."""
        pairs: set[frozenset[int]] = set()
        for user_id in players:
            for other in (await self.gm.settings.user(user_id)).blocked:
                if other in players and other != user_id:
                    pairs.add(frozenset((user_id, other)))
        return frozenset(pairs)

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
            last = last_round(played)
            number = last[0].round
            if (table.game_id not in {p.record.id for p in last}
                    or not all(is_over(p) for p in last)
                    or not await self.repo.claim_round(campaign.id, number, "told",
                                                       time.time())):
                return update
            try:
                news = await self._round_news(campaign, played, number)
            except BaseException:  # untold: the next Update of the round may tell it
                await self.repo.release_round(campaign.id, number, "told")
                raise
        return replace(update, news=[*update.news, news])

    async def _round_news(self, campaign: CampaignRecord, played: list[Played],
                          number: int) -> str:
        locale = await self.gm.settings.thread_locale(campaign.guild_id)
        members = await self.repo.members(campaign.id)
        names = member_names(members, played)
        champions = await self._decide(campaign)
        if champions is not None:
            key = "campaigns.news.champions" if champions else "campaigns.news.no_champion"
            return t(key, locale, name=campaign.name,
                     names=tuple(names[u] for u in champions))
        lines = [t("campaigns.news.round_over", locale, name=campaign.name, round=number)]
        if campaign.kind == "tournament":
            going_on = entrants([m.user_id for m in members], played)[0]
            lines.append(t("campaigns.news.going_on", locale,
                           names=tuple(names[u] for u in going_on)))
        else:
            rows = [r for r in rank(members, played) if r.games]
            if rows:  # no counted game yet: every table was abandoned
                lines.append(t("campaigns.news.leading", locale, points=rows[0].points_text,
                               leaders=tuple(r.name for r in rows
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
            following = max((p.round for p in played), default=0) + 1
            await self._claim_deal(campaign, following)  # no round is dealt meanwhile
            played = await self._played(campaign)  # as they are now it is claimed
            live = [p.record.id for p in played if p.live]
            if live:
                await self.repo.release_round(campaign.id, following, "dealt")
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
        return Standings(campaign, game_title(campaign.game), rank(members, played),
                         sum(1 for p in played if p.counted))

    async def standings_image(self, standings: Standings, locale: str) -> bytes:
        """Drawn off the event loop, like the boards (the bot's renderer processes)."""
        loop = asyncio.get_running_loop()
        subtitle = text(f"campaigns.kind.{standings.campaign.kind}")

        def labels(lang: str) -> StandingsLabels:
            return StandingsLabels.translated(lambda key: t(f"campaigns.image.{key}", lang))

        return await loop.run_in_executor(
            self.gm.announcer.executor, standings_png, standings.campaign.name,
            f"{subtitle.render(locale)} · {t(standings.title.key, locale)}", standings.rows,
            labels(locale), labels(DEFAULT_LOCALE))

    async def stats(self, guild_id: int, name: str, player: Player) -> PlayerStats:
        campaign = await self._settled(guild_id, name)
        members = await self.repo.members(campaign.id)
        played = await self._played(campaign)
        mine = [p for p in played if p.counted and player.user_id in p.users]
        if not mine and all(m.user_id != player.user_id for m in members):
            raise ServiceError(text("campaigns.not_member", user=player.name,
                                    name=campaign.name))
        engine = engine_of(campaign.game)
        totals = [total_of(p, player.user_id) for p in mine]
        wins = sum(1 for p in mine if player.user_id in p.winners)
        return PlayerStats(campaign, member_names(members, played).get(player.user_id, player.name),
                           len(mine), wins, mean_of(totals), role_stats(engine, mine,
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
        champions = champions_of(campaign, members, await self._played(campaign))
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



def _numbers(game_ids: list[int]) -> str:
    return ", ".join(str(g) for g in game_ids)


def _campaign_name(name: str) -> str:
    name = name.strip()
    if not 1 <= len(name) <= NAME_LIMIT or not name.isprintable():
        raise ServiceError(text("campaigns.bad_name", limit=NAME_LIMIT))
    return name


def _check_not_finished(campaign: CampaignRecord) -> None:
    if campaign.status == "finished":
        raise ServiceError(text("campaigns.finished", name=campaign.name))


def _require_moderator(by: Player) -> None:
    if not by.is_moderator:
        raise ServiceError(text("campaigns.not_moderator"))
