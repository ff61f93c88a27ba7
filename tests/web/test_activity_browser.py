"""The web table as a Discord Activity in headless Chromium: the page is loaded in an
iframe under the `/.proxy/` prefix of Discord's proxy, inside a frame that answers the
Embedded App SDK as Discord's client does (tests/web/fake_client.py); the server's
/api/token asks a fake of Discord's OAuth2 (tests/web/fake_oauth.py). The bundled SDK
(bot/web/static/activity.js, built by `make install`) shakes hands, authorizes, has its
code exchanged and authenticates; the page ends showing the member's own seat."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, ConsoleMessage, FrameLocator, Page, expect

from bot.i18n import t
from bot.service import GameMaster, Player
from bot.web.activity import ACTIVITY_SECONDS
from bot.web.pages import ACTIVITY_BUNDLE
from bot.web.server import make_web_app
from bot.web.table import TABLE, WebConfig, WebTable
from tests.web.browser import CHROMIUM, chromium
from tests.web.conftest import ANN, SECRET, record_table
from tests.web.fake_client import DiscordFrame
from tests.web.fake_oauth import CLIENT_ID, GUILD, FakeOAuth

BUNDLE = ACTIVITY_BUNDLE
THREAD = 4242
WAIT_MS = 20_000
pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no browser: {CHROMIUM} is absent "
                       "(`make install` installs Debian's chromium package)"),
]


@pytest.fixture(autouse=True)
def bundle() -> None:
    """The SDK's bundle is built by `make install` (npm): CI must have it."""
    if not BUNDLE.exists():
        why = f"{BUNDLE} is not built (`make install` builds it with npm)"
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail(why)
        pytest.skip(why)


@dataclass
class Launch:
    gm: GameMaster
    fake: FakeOAuth
    discord: DiscordFrame
    browser: Browser
    base: str  # the origin of the fake Discord: its client's frame and its proxy
    game_id: int
    table: WebTable

    async def open(self, player: Player, codes: list[str] | None = None,
                   locale: str = "en-US") -> tuple[Page, FrameLocator, list[str]]:
        """The player's Discord client launching the Activity in the game's thread (its
        authorize answering with `codes` in turn, else with two codes of the player's);
        the page, its Activity's frame and the console's complaints."""
        instance = self.fake.launch(f"i-{player.user_id}", THREAD, player.user_id)
        page = await self.browser.new_page(viewport={"width": 1300, "height": 800},
                                           locale=locale)
        complaints: list[str] = []

        def heard(message: ConsoleMessage) -> None:
            if message.type in ("error", "warning"):
                complaints.append(message.text)

        page.on("console", heard)
        await page.goto(self.base + DiscordFrame.launch(
            codes or [self.fake.code_for(player.user_id) for _ in range(2)],
            player.user_id, CLIENT_ID, instance,
            THREAD, GUILD))
        return page, page.frame_locator("#activity"), complaints


@pytest.fixture
async def launch(tmp_path: Path) -> AsyncIterator[Launch]:
    fake = FakeOAuth()
    fake.server = TestServer(fake.app(), host="127.0.0.1")
    await fake.server.start_server()
    async with record_table(tmp_path) as (gm, game_id):
        await gm.set_thread(game_id, THREAD)
        app = make_web_app(gm, WebConfig(SECRET, "", burst=1000, rate=100, poll_seconds=0.5,
                                         activity=fake.config()))
        web = TestServer(app, host="127.0.0.1")
        await web.start_server()
        discord = DiscordFrame(str(web.make_url("")))
        front = TestServer(discord.app(), host="127.0.0.1")
        await front.start_server()
        try:
            async with chromium() as browser:
                yield Launch(gm, fake, discord, browser, str(front.make_url("")).rstrip("/"),
                             game_id, app[TABLE])
        finally:
            await front.close()
            await web.close()
            await fake.server.close()


async def test_the_activity_shows_the_members_own_seat(launch: Launch):
    page, activity, complaints = await launch.open(ANN)
    mine = activity.locator("#private")
    await mine.wait_for(state="visible", timeout=WAIT_MS)
    assert await mine.text_content() == (
        await launch.gm.private_text(launch.game_id, ANN, "en")).replace("**", "")
    await expect(activity.locator("#note")).to_have_text(
        t("web.private_view", "en", name="Ann"), timeout=WAIT_MS)
    step = await launch.gm.step_count(launch.game_id)
    await expect(activity.locator("body")).to_have_attribute("data-shown", f"{step}:",
                                                             timeout=WAIT_MS)
    sent = json.loads(await page.locator("body").get_attribute("data-sent") or "[]")
    handshake = sent[0]["payload"]
    assert sent[0]["opcode"] == 0 and handshake["client_id"] == CLIENT_ID
    commands = {s["cmd"]: s["args"] for s in sent if s["opcode"] == 1}
    assert commands["AUTHORIZE"] == {"client_id": CLIENT_ID, "response_type": "code",
                                     "state": "", "prompt": "none", "scope": ["identify"]}
    assert launch.fake.tokens[commands["AUTHENTICATE"]["access_token"]] == ANN.user_id
    # everything the Activity fetched went through Discord's proxy, and nothing was refused
    assert {"/", "/static/game.js", "/static/activity.js", "/api/token"} <= set(
        launch.discord.forwarded)
    assert any(p.startswith("/api/g/") and p.endswith("/events")
               for p in launch.discord.forwarded)
    assert not [c for c in complaints if "Content Security Policy" in c], complaints


async def test_a_refused_code_is_told_in_the_readers_language(launch: Launch):
    _, activity, _ = await launch.open(ANN, ["a-code-discord-never-gave"], locale="ko")
    await expect(activity.locator("#note")).to_have_text(t("web.activity_refused", "ko"),
                                                         timeout=WAIT_MS)
    assert await activity.locator("body").get_attribute("data-refused") == "true"
    assert await activity.locator("#private").is_hidden()
    assert not any(p.startswith("/api/g/") for p in launch.discord.forwarded)


async def test_a_seat_token_that_ran_out_is_renewed_by_asking_discord_again(launch: Launch):
    """Hours later: the next move finds the Activity's token expired, and the page asks
    Discord's client for a new code (no prompt), has it exchanged, and goes on showing
    the member's seat, live."""
    page, activity, _ = await launch.open(ANN)
    await activity.locator("#private").wait_for(state="visible", timeout=WAIT_MS)
    started = launch.table.now
    launch.table.now = lambda: started() + ACTIVITY_SECONDS + 60
    actions = await launch.gm.legal_actions(launch.game_id, ANN)
    await launch.gm.act(launch.game_id, ANN, actions[0].text)
    step = await launch.gm.step_count(launch.game_id)
    await expect(activity.locator("body")).to_have_attribute("data-shown", f"{step}:",
                                                             timeout=WAIT_MS)
    await expect(activity.locator("#private")).to_have_text(
        (await launch.gm.private_text(launch.game_id, ANN, "en")).replace("**", ""),
        timeout=WAIT_MS)
    sent = json.loads(await page.locator("body").get_attribute("data-sent") or "[]")
    assert [s["cmd"] for s in sent if s["opcode"] == 1].count("AUTHORIZE") == 2
    assert launch.fake.calls["token"] == 2
