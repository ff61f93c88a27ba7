"""The web table's shared state over one GameMaster (`WebTable`, reached by the routes as
`request.app[TABLE]`): its signing secret and address, the seat tokens it signs and
checks, the rate limits, the live streams, the Activity's identity and the cache of
replayed history steps."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from bot.i18n import text
from bot.service import GameMaster, Player, ServiceError
from bot.service.history import HistoryStep, SeatStep
from bot.web.identity import ActivityConfig, Identity
from bot.web.limits import RateLimit
from bot.web.links import LINK_SECONDS, public_id, read_token, seat_token
from bot.web.live import POLL_SECONDS, Live

CACHED_STEPS = 32  # history steps kept (each replays the game and draws a board)
EXCHANGE_BURST, EXCHANGE_RATE = 6, 0.1  # /api/token asks Discord three times a call


@dataclass(frozen=True)
class WebConfig:
    """`secret` signs public ids and tokens (GM_WEB_SECRET); `url` is the public address
    links start with (GM_WEB_URL)."""

    secret: bytes
    url: str
    burst: float = 60
    rate: float = 5
    poll_seconds: float = POLL_SECONDS
    activity: ActivityConfig | None = None  # the Activity's OAuth2 client; None: no Activity


def public_link(config: WebConfig, game_id: int) -> str:
    """The game's public page: what a thread's link opens, for everyone."""
    return f"{config.url.rstrip('/')}/g/{public_id(config.secret, game_id)}"


class Refused(Exception):
    """A token that opens nothing here: expired, revoked, forged, or another seat's."""


class WebTable:
    """The routes' shared state: the service, the signing secret, the limits, the caches."""

    def __init__(self, gm: GameMaster, config: WebConfig,
                 now: Callable[[], float] = time.time) -> None:
        self.gm, self.config, self.now = gm, config, now
        self.limit = RateLimit(config.burst, config.rate)
        self.live = Live(gm, config.poll_seconds)
        self.exchanges = RateLimit(EXCHANGE_BURST, EXCHANGE_RATE)
        self.identity = Identity(config.activity) if config.activity else None
        # replayed steps by (game, version, step, locale, the seat holder or None: public)
        self._steps: OrderedDict[tuple[int, int, int, str, int | None], Any] = OrderedDict()

    def public_link(self, game_id: int) -> str:
        return public_link(self.config, game_id)

    async def private_link(self, game_id: int, player: Player) -> str:
        """The player's own page of the game, valid for LINK_SECONDS unless revoked; refused
        (ServiceError) to a member without a seat there."""
        token = await self.seat_token(game_id, player.user_id, LINK_SECONDS)
        if token is None:
            raise ServiceError(text("tables.no_seat_to_view"))
        return f"{self.public_link(game_id)}?t={token}"

    async def seat_token(self, game_id: int, user_id: int, seconds: int) -> str | None:
        """A token of the member's own seat for `seconds`, None when they hold none."""
        seat = next((s.seat for s in (await self.gm.table(game_id)).seats
                     if s.user_id == user_id and not s.ai), None)
        if seat is None:
            return None
        return seat_token(self.config.secret, game_id, seat, user_id,
                          int(self.now()) + seconds, await self.gm.link_generation(user_id))

    async def viewer(self, game_id: int, token: str | None) -> Player | None:
        """The seat holder a token opens, None without a token; Refused for a bad one."""
        if not token:
            return None
        claim = read_token(token)
        if claim is None or claim.game_id != game_id:
            raise Refused
        generation = await self.gm.link_generation(claim.user_id)
        if not claim.signed_by(self.config.secret, generation, self.now()):
            raise Refused
        try:
            holder = await self.gm.seat_holder(game_id, claim.seat)
        except ServiceError:
            raise Refused from None
        if holder.user_id != claim.user_id:
            raise Refused
        return holder

    async def step(self, game_id: int, step: int, locale: str) -> HistoryStep:
        """The public board and events after `step`, cached by the game's version."""
        return await self._remembered(
            (game_id, await self.gm.game_version(game_id), step, locale, None),
            lambda: self.gm.history(game_id, step, locale))

    async def seat_step(self, game_id: int, step: int, viewer: Player,
                        locale: str) -> SeatStep:
        """The viewer's own seat after `step` (their view and events then), cached by the
        game's version and the viewer: never served to anyone else."""
        return await self._remembered(
            (game_id, await self.gm.game_version(game_id), step, locale, viewer.user_id),
            lambda: self.gm.seat_history(game_id, step, viewer, locale))

    async def _remembered(self, key: tuple[int, int, int, str, int | None],
                          make: Callable[[], Awaitable[Any]]) -> Any:
        """A replayed step from the cache, else made and kept (the oldest forgotten)."""
        if key in self._steps:
            self._steps.move_to_end(key)
            return self._steps[key]
        found = self._steps[key] = await make()
        while len(self._steps) > CACHED_STEPS:
            self._steps.popitem(last=False)
        return found


TABLE = web.AppKey("table", WebTable)
