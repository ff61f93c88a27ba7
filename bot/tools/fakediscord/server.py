"""`FakeDiscord`: the local Discord on 127.0.0.1 (REST under /api/v10, the gateway at
/gateway), its clock, and the waits a test needs ("until this interaction is answered",
"until the bot is idle", "until something visible changed").

    async with FakeDiscord() as fake:
        alice = fake.user("Alice")
        ... start the bot with GM_DISCORD_API_BASE=fake.api_base and
            GM_DISCORD_GATEWAY=fake.gateway_url ...
        reply = await alice.command("game new", channel=CHANNEL_ID, game="record")
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable, Hashable
from typing import Any

from aiohttp import web

from bot.tools.fakediscord.gateway import Gateway
from bot.tools.fakediscord.ratelimits import RateLimiter
from bot.tools.fakediscord.rest import ATTACHMENT_LIMIT, Rest
from bot.tools.fakediscord.world import (
    ACK_DEADLINE,
    APP_ID,
    BOT_PERMISSIONS,
    GUILD_ID,
    MEMBER_PERMISSIONS,
    Interaction,
    Member,
    Message,
    World,
)

Watcher = Callable[[Message], Awaitable[None]]
REQUEST_SIZE_LIMIT = 64 * 1024 * 1024  # above the attachment limit, so that one answers


class FakeDiscord:
    def __init__(self, *, ack_deadline: float = ACK_DEADLINE, keep_files: bool = True) -> None:
        self.world = World()
        self.keep_files = keep_files  # False: attachments keep their size, not their bytes
        self.ack_deadline = ack_deadline
        self.offset = 0.0
        self.gateway = Gateway(self.world, lambda: self.gateway_url)
        self.rest = Rest(self)
        self.ratelimits = RateLimiter(self.clock, time.time)
        self.watchers: list[Watcher] = []
        self.watch_failures: list[str] = []
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._ids = 0

    # -- life --------------------------------------------------------------------------------
    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=REQUEST_SIZE_LIMIT)
        app.router.add_get("/gateway", self.gateway.handle)
        app.router.add_route("*", "/api/v10/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self.world.cdn_base = self.api_base
        return self

    async def close(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *_: object) -> None:
        await self.close()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def env(self) -> dict[str, str]:
        """The environment that points a `gm run` process at this fake."""
        from bot.tools.fakediscord.world import TOKEN

        return {"DISCORD_TOKEN": TOKEN, "GM_DISCORD_API_BASE": self.api_base,
                "GM_DISCORD_GATEWAY": self.gateway_url}

    # -- the clock ---------------------------------------------------------------------------
    def clock(self) -> float:
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        """Move the fake's clock forward (token lifetimes, rate limit windows)."""
        self.offset += seconds

    # -- people ------------------------------------------------------------------------------
    def user(self, name: str, *, roles: tuple[int, ...] = (),
             permissions: int = MEMBER_PERMISSIONS, locale: str = "en-US",
             bot: bool = False) -> Any:
        """A new guild member driven by the test (a `ScriptedUser`), whose Discord client
        speaks `locale` (a Discord locale code: "ko", "zh-CN", "en-US"); `bot` makes it a
        bot account, which a member may name in a user option."""
        from bot.tools.fakediscord.users import ScriptedUser

        self._ids += 1
        member = Member(100 + self._ids, name, roles, permissions, locale, bot)
        return ScriptedUser(self, self.world.add_member(member))

    # -- interactions ------------------------------------------------------------------------
    async def interact(self, member: Member, kind: int, data: dict[str, Any],
                       channel_id: int, message: Message | None = None, *,
                       claimed_guild: int | None = None) -> Interaction:
        """Deliver an INTERACTION_CREATE through the gateway, as a click or a command does.
        An interaction nobody acknowledges within the deadline fails, as on Discord.
        `claimed_guild` forges the server the interaction says it comes from (only a
        modified client gets one past Discord)."""
        interaction_id = self.world.next_id()
        now = self.clock()
        interaction = Interaction(
            interaction_id, f"itoken-{interaction_id}", kind, member, channel_id, data,
            message.id if message else None, now, now + self.ack_deadline,
            last_activity=now)
        self.world.interactions[interaction_id] = interaction
        self.world.tokens[interaction.token] = interaction
        guild_id = self.world.guild_of(channel_id) or GUILD_ID
        payload = self._payload(interaction, message, claimed_guild or guild_id)
        asyncio.get_running_loop().call_later(self.ack_deadline, self._expire, interaction)
        await self.gateway.dispatch("INTERACTION_CREATE", payload, guild_id=guild_id)
        interaction.delivered_at = self.clock()
        return interaction

    def _payload(self, interaction: Interaction, message: Message | None,
                 guild_id: int) -> dict[str, Any]:
        payload: dict[str, Any] = {
            "id": str(interaction.id), "application_id": str(APP_ID),
            "type": interaction.type, "token": interaction.token, "version": 1,
            "guild_id": str(guild_id), "channel_id": str(interaction.channel_id),
            "channel": self.world.channel_payload(interaction.channel_id),
            "member": interaction.user.member_payload(),
            "app_permissions": str(BOT_PERMISSIONS), "locale": interaction.user.locale,
            "guild_locale": "en-US", "entitlements": [],
            "attachment_size_limit": ATTACHMENT_LIMIT, "context": 0,
            "authorizing_integration_owners": {"0": str(guild_id)}, "data": interaction.data,
        }
        if message is not None:
            payload["message"] = self.world.message_payload(message)
        return payload

    def _expire(self, interaction: Interaction) -> None:
        if interaction.acked_at is None:
            interaction.failed = True
            self.world.touch(("interaction", interaction.id))

    async def settle(self, interaction: Interaction, *, timeout: float = 20.0,
                     quiet: float = 0.02) -> Interaction:
        """Until the user sees the bot's whole answer: acknowledged, the deferred answer
        written, and no call on its token for `quiet` seconds (or the interaction failed)."""
        def done() -> bool:
            return interaction.answered and interaction.busy == 0 and (
                interaction.failed or self.clock() - interaction.last_activity >= quiet)

        def until_quiet() -> float:
            """Every change of this interaction wakes the wait; between changes, only the
            end of the quiet time can make it done, so sleep until then (thousands of
            scripted players polling would otherwise flood this loop)."""
            if interaction.answered and interaction.busy == 0:
                return max(0.001, interaction.last_activity + quiet - self.clock())
            return timeout

        what = interaction.data.get("name") or interaction.data.get("custom_id")
        await self.wait_for(done, timeout, f"an answer to interaction {interaction.id} ({what})",
                            poll=until_quiet, key=("interaction", interaction.id))
        return interaction

    async def wait_for(self, condition: Callable[[], bool], timeout: float, what: str, *,
                       poll: float | Callable[[], float] = 0.05, key: Hashable = None) -> None:
        """Until `condition()` holds, checked on every change of `key` (anything when None)
        and every `poll` seconds (or as long as `poll()` says); AssertionError naming `what`
        after `timeout`."""
        deadline = time.monotonic() + timeout
        while not condition():
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
            pause = poll() if callable(poll) else poll
            await self.world.changed(min(left, pause), key)

    async def idle(self, *, quiet: float = 0.15, timeout: float = 20.0) -> None:
        """Until the bot made no request for `quiet` seconds (its posts after an answer)."""
        def calm() -> bool:
            last = self.world.requests[-1].at if self.world.requests else 0.0
            busy = any(i.busy for i in self.world.interactions.values())
            return not busy and self.clock() - last >= quiet

        try:
            await self.wait_for(calm, timeout, "the bot to go quiet", poll=quiet / 2)
        except AssertionError as error:
            raise AssertionError(f"{error}: {self._still_going()}") from None

    def _still_going(self) -> str:
        """What kept the bot from going quiet: the interactions it is still answering and
        its last requests, so a failure says which loop never ended."""
        now = self.clock()
        busy = [f"{i.id} ({i.data.get('name') or i.data.get('custom_id')})"
                for i in self.world.interactions.values() if i.busy]
        recent = [f"{now - r.at:.1f} s ago {r.method} {r.path} → {r.status}"
                  for r in self.world.requests[-8:]]
        return (f"busy interactions: {', '.join(busy) or 'none'}; "
                f"{len(self.world.requests)} requests, the last: {'; '.join(recent)}")

    async def watch(self, message: Message) -> None:
        """Let the test's watchers look at a message the moment it is shown."""
        for watcher in self.watchers:
            try:
                await watcher(message)
            except Exception as error:  # a watcher's finding must not become an HTTP 500
                self.watch_failures.append(f"{type(error).__name__}: {error}")

    # -- what went wrong ---------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Everything the bot did that Discord would hold against it."""
        found = [f"interaction {i.id} ({i.data.get('name') or i.data.get('custom_id')}) "
                 "was not acknowledged in time" for i in self.world.failed_interactions()]
        found += [f"unknown route {r}" for r in self.world.unexpected]
        found += [f"{r.route} refused with {r.code}" for r in self.world.requests
                  if r.code in (40060, 50035, 10062, 10008, 10015, 50027, 40005)]
        found += [f"command sync refused: {e}" for e in self.world.sync_refusals]
        return found + self.watch_failures
