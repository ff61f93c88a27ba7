"""The web table in headless Chromium, as a reader uses it: zoom the board, move the history
slider, watch a move arrive, open a private link, be refused a forged one."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestServer
from playwright.async_api import Browser, Page, expect

from bot.i18n import t
from bot.service import GameMaster
from bot.web.links import public_id
from bot.web.server import make_web_app
from bot.web.table import TABLE, WebConfig, WebTable
from tests.web.browser import CHROMIUM, chromium
from tests.web.conftest import ANN, BO, SECRET, record_table, started_record

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no browser: {CHROMIUM} is absent "
                       "(`make install` installs Debian's chromium package)"),
]
WAIT_MS = 15_000  # how long a page may take to show what it was sent


@dataclass
class Site:
    gm: GameMaster
    table: WebTable
    browser: Browser
    base: str
    game_id: int

    @property
    def page_url(self) -> str:
        return f"{self.base}/g/{public_id(SECRET, self.game_id)}"

    async def open(self, query: str = "") -> Page:
        page = await self.browser.new_page(viewport={"width": 1280, "height": 800})
        await page.goto(self.page_url + query)
        return page


@pytest.fixture
async def site(tmp_path: Path) -> AsyncIterator[Site]:
    async with record_table(tmp_path) as (gm, game_id):
        app = make_web_app(gm, WebConfig(SECRET, "", burst=1000, rate=100, poll_seconds=0.5))
        server = TestServer(app, host="127.0.0.1")
        await server.start_server()
        try:
            async with chromium() as browser:
                yield Site(gm, app[TABLE], browser, str(server.make_url("")).rstrip("/"),
                           game_id)
        finally:
            await server.close()


async def shown_step(page: Page, step: int) -> None:
    """Waits until the page shows the board of `step` (the CSP forbids the string
    evaluation of `wait_for_function`, so the attribute is awaited through `expect`)."""
    await expect(page.locator("body")).to_have_attribute("data-shown", f"{step}:",
                                                         timeout=WAIT_MS)


async def moves(site: Site, count: int) -> None:
    for _ in range(count):
        for player in (ANN, BO):
            actions = await site.gm.legal_actions(site.game_id, player)
            if actions:
                await site.gm.act(site.game_id, player, actions[0].text)


async def test_the_wheel_zooms_the_full_resolution_board(site: Site):
    page = await site.open()
    await shown_step(page, await site.gm.step_count(site.game_id))
    board = page.locator("#board")
    natural = await board.evaluate("image => image.naturalWidth")
    expected = await site.gm.board_png(site.game_id, "en")
    assert natural > 1000 and expected[16:20] == natural.to_bytes(4, "big")  # the PNG's width
    before = float(await board.get_attribute("data-scale") or 0)
    box = await page.locator("#viewport").bounding_box()
    assert box is not None
    await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    await page.mouse.wheel(0, -400)
    await expect(board).not_to_have_attribute("data-scale", f"{before:.4f}", timeout=WAIT_MS)
    assert float(await board.get_attribute("data-scale") or 0) > before * 1.5
    transform = await board.evaluate("image => getComputedStyle(image).transform")
    assert transform.startswith("matrix(")


async def test_the_slider_shows_the_services_board_at_that_step(site: Site):
    await moves(site, 2)
    last = await site.gm.step_count(site.game_id)
    assert last >= 2
    page = await site.open()
    await shown_step(page, last)
    step = last - 1
    async with page.expect_response(lambda r: f"step={step}" in r.url
                                    and "board.png" in r.url, timeout=WAIT_MS) as answer:
        await page.locator("#slider").fill(str(step))
    body = await (await answer.value).body()
    assert body == (await site.gm.history(site.game_id, step, "en")).board
    await shown_step(page, step)
    label = await page.locator("#step-label").text_content()
    assert label == t("web.step_of", "en", step=step, last=last)


async def test_a_move_arrives_live(site: Site):
    page = await site.open()
    first = await site.gm.step_count(site.game_id)
    await shown_step(page, first)
    await moves(site, 1)
    now = await site.gm.step_count(site.game_id)
    assert now > first
    await shown_step(page, now)
    assert await page.locator("#slider").get_attribute("max") == str(now)


async def test_a_private_link_shows_the_hand_and_a_forged_one_is_refused(site: Site):
    await moves(site, 2)
    link = await site.table.private_link(site.game_id, ANN)
    token = link.partition("?t=")[2]
    page = await site.open(f"?t={token}")
    mine = page.locator("#private")
    await mine.wait_for(state="visible", timeout=WAIT_MS)
    assert await mine.text_content() == (
        await site.gm.private_text(site.game_id, ANN, "en")).replace("**", "")
    fields = token.split(".")
    others = [".".join([fields[0], "1", *fields[2:]]),  # Bo's seat under Ann's signature
              token[:-4] + "AAAA",  # a forged signature
              (await site.table.private_link(await started_record(site.gm, 12), BO)
               ).partition("?t=")[2]]  # Bo's own token, of another game
    for bad in others:
        refused = await site.browser.new_page()
        answer = await refused.goto(f"{site.page_url}?t={bad}")
        assert answer is not None and answer.status == 403
        assert await refused.locator("h1").text_content() == t("web.refused_title", "en")
        assert await refused.locator("#private").count() == 0


async def test_the_slider_of_a_private_link_shows_the_seat_as_it_was(site: Site):
    await moves(site, 1)
    then = await site.gm.step_count(site.game_id)
    ann_then = (await site.gm.private_text(site.game_id, ANN, "en")).replace("**", "")
    await moves(site, 2)
    ann_now = (await site.gm.private_text(site.game_id, ANN, "en")).replace("**", "")
    assert ann_now != ann_then
    link = await site.table.private_link(site.game_id, ANN)
    page = await site.open("?t=" + link.partition("?t=")[2])
    mine = page.locator("#private")
    await expect(mine).to_have_text(ann_now, timeout=WAIT_MS)
    await page.locator("#slider").fill(str(then))
    await shown_step(page, then)
    await expect(mine).to_have_text(ann_then, timeout=WAIT_MS)
