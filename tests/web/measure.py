"""The web table's figures for docs/deploying.md, measured in headless Chromium: the time
from a stored move to the open page showing its board (p50/p99 over a whole game), the
time from launching the Activity to its page showing the member's seat (against the fake
OAuth2 and Discord frame of tests/web), the page's weight, and a screenshot of each game's
page on a phone and on a desktop.

    PYTHONPATH=. python -m tests.web.measure [--game record] [--images docs/images]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import statistics
import tempfile
import time
from pathlib import Path

from aiohttp.test_utils import TestServer
from playwright.async_api import Page

from bot.app import build_app
from bot.service import GameMaster, Player
from bot.web.links import public_id
from bot.web.pages import ACTIVITY_BUNDLE, STATIC
from bot.web.server import make_web_app
from bot.web.table import EXCHANGE_BURST, WebConfig
from games.core import all_games, get_game, make_agent
from storage import SqliteRepository
from tests.web.browser import chromium
from tests.web.fake_client import DiscordFrame
from tests.web.fake_oauth import CLIENT_ID, GUILD, FakeOAuth

SECRET = b"the measuring secret of the web table"
HOST = Player(1, "Ann")
SIZES = ((400, 800), (1280, 800))
SHOT_DECISIONS = 25  # the host's decisions before a screenshot: a game under way
HANDSHAKES = EXCHANGE_BURST  # Activity launches timed: one address's burst of exchanges
ACTIVITY_THREAD = 4242


async def seated(gm: GameMaster, name: str, seed: int) -> int:
    engine = get_game(name)
    table = await gm.new_game(game=name, guild_id=None, channel_id=1, creator=HOST, seed=seed)
    for _ in range(min(max(3, engine.min_players), engine.max_players) - 1):
        await gm.add_ai(table.game_id, HOST)
    await gm.start(table.game_id, HOST)
    return table.game_id


async def decide(gm: GameMaster, game_id: int, name: str, seed: int) -> int | None:
    """The host's next decision by the heuristic AI; the version after it, None at the end."""
    if (await gm.table(game_id)).status != "running":
        return None
    prompt = await gm.turn_prompt(game_id, HOST)
    if prompt is None:
        return None
    if not prompt.actions:
        update = await gm.close_window(game_id, prompt.seat, expected_version=prompt.version)
        return update.table.version
    state = (await gm.repo.get_game(game_id)).state
    assert state is not None
    action = make_agent("heuristic", seed=seed).choose(get_game(name), state, prompt.seat)
    return (await gm.act(game_id, HOST, action.text)).table.version


async def shown(page: Page, version: int) -> None:
    await page.wait_for_selector(f'#board[data-version="{version}"]', state="attached",
                                 timeout=30_000)


async def measure(game: str, images: Path) -> list[str]:
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        repo = SqliteRepository(Path(folder) / "gm.sqlite3")
        await repo.open()
        gm = build_app(repo).gm
        server = TestServer(make_web_app(gm, WebConfig(SECRET, "", burst=10**6, rate=10**6)),
                            host="127.0.0.1")
        await server.start_server()
        base = str(server.make_url("")).rstrip("/")
        try:
            async with chromium() as browser:
                lines += await _latency(gm, browser, base, game)
                if ACTIVITY_BUNDLE.exists():
                    lines += await _handshakes(gm, browser)
                for engine in all_games():
                    lines += await _screenshots(gm, browser, base, engine.name, images)
        finally:
            await server.close()
            await repo.close()
    weight = sum(len((STATIC / name).read_bytes()) for name in
                 ("game.html", "game.js", "game.css"))
    lines.append(f"page weight: HTML+JS+CSS {weight} bytes (before compression)")
    if ACTIVITY_BUNDLE.exists():
        bundle = ACTIVITY_BUNDLE.read_bytes()
        lines.append(f"the Activity adds activity.js: {len(bundle)} bytes, "
                     f"{len(gzip.compress(bundle, 9))} gzipped")
    return lines


async def _handshakes(gm: GameMaster, browser, launches: int = HANDSHAKES) -> list[str]:
    """Launch to the member's own seat shown: the SDK's handshake, authorize, the code's
    exchange (three calls to the fake Discord) and the page's first load."""
    fake = FakeOAuth()
    fake.server = TestServer(fake.app(), host="127.0.0.1")
    await fake.server.start_server()
    game_id = await seated(gm, "record", 7)
    await gm.set_thread(game_id, ACTIVITY_THREAD)
    web = TestServer(make_web_app(gm, WebConfig(SECRET, "", burst=10**6, rate=10**6,
                                                activity=fake.config())), host="127.0.0.1")
    await web.start_server()
    discord = DiscordFrame(str(web.make_url("")))
    front = TestServer(discord.app(), host="127.0.0.1")
    await front.start_server()
    delays: list[float] = []
    try:
        for launch in range(launches):
            instance = fake.launch(f"i-{launch}", ACTIVITY_THREAD, HOST.user_id)
            page = await browser.new_page(viewport={"width": 1280, "height": 800})
            began = time.perf_counter()
            await page.goto(str(front.make_url("")).rstrip("/") + DiscordFrame.launch(
                [fake.code_for(HOST.user_id)], HOST.user_id, CLIENT_ID, instance,
                ACTIVITY_THREAD, GUILD))
            await page.frame_locator("#activity").locator("#private").wait_for(
                state="visible", timeout=30_000)
            delays.append(time.perf_counter() - began)
            await page.close()
    finally:
        await front.close()
        await web.close()
        await fake.server.close()
    delays.sort()
    return [f"Activity: launch -> the member's seat shown, over {len(delays)} launches: "
            f"p50 {statistics.median(delays) * 1000:.0f} ms, max {delays[-1] * 1000:.0f} ms"]


async def _latency(gm: GameMaster, browser, base: str, game: str) -> list[str]:
    game_id = await seated(gm, game, 3)
    page = await browser.new_page(viewport={"width": 1280, "height": 800})
    await page.goto(f"{base}/g/{public_id(SECRET, game_id)}")
    await shown(page, (await gm.table(game_id)).version)
    delays: list[float] = []
    for decision in range(20_000):
        version = await decide(gm, game_id, game, decision)
        if version is None:
            break
        stored = time.perf_counter()
        await shown(page, version)
        delays.append(time.perf_counter() - stored)
    await page.close()
    delays.sort()
    p99 = delays[min(len(delays) - 1, round(0.99 * (len(delays) - 1)))]
    return [f"{game}: move stored -> page shows its board, over {len(delays)} moves of a "
            f"whole game: p50 {statistics.median(delays) * 1000:.0f} ms, "
            f"p99 {p99 * 1000:.0f} ms, max {delays[-1] * 1000:.0f} ms"]


async def _screenshots(gm: GameMaster, browser, base: str, game: str,
                       images: Path) -> list[str]:
    game_id = await seated(gm, game, 5)
    for decision in range(SHOT_DECISIONS):
        if await decide(gm, game_id, game, decision) is None:
            break
    version = (await gm.table(game_id)).version
    board = await gm.board_png(game_id, "en")
    lines = [f"{game}: board PNG {len(board)} bytes"]
    for width, height in SIZES:
        page = await browser.new_page(viewport={"width": width, "height": height})
        await page.goto(f"{base}/g/{public_id(SECRET, game_id)}")
        await shown(page, version)
        path = images / f"web-{game}-{width}.png"
        await page.screenshot(path=str(path))
        await page.close()
        lines.append(f"{game}: {path}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="record", help="the game timed from move to page")
    parser.add_argument("--images", type=Path, default=Path("docs/images"))
    args = parser.parse_args()
    args.images.mkdir(parents=True, exist_ok=True)
    print("\n".join(asyncio.run(measure(args.game, args.images))))


if __name__ == "__main__":
    main()
