"""The web table over each storage the bot runs on (SQLite, PostgreSQL), as `gm web` opens it
(`bot.app.opened_app`), and as several processes serve one database: a move stored by one
process's service reaches the page another process serves, through its poller alone (no
wake-up from within its own process)."""

from __future__ import annotations

import asyncio

from aiohttp.test_utils import TestClient, TestServer

from bot.app import opened_app
from bot.web.links import public_id
from bot.web.server import make_web_app
from bot.web.table import WebConfig
from tests.web.conftest import ANN, SECRET, started_record

POLL = 0.2  # seconds between two reads of a watched game's version (the default is 1)


def config() -> WebConfig:
    return WebConfig(SECRET, "https://table.example", burst=1000, rate=100,
                     poll_seconds=POLL)


async def test_a_move_stored_by_one_process_reaches_the_page_another_serves(database: str):
    async with opened_app(database, render=False) as mover, \
            opened_app(database, render=False) as watcher:
        game_id = await started_record(mover.gm)
        public = public_id(SECRET, game_id)
        async with TestClient(TestServer(make_web_app(watcher.gm, config()))) as client:
            before = await (await client.get(f"/api/g/{public}/state")).json()
            stream = await client.get(f"/api/g/{public}/events")
            assert await stream.content.readuntil(b"\n\n") == b"retry: 5000\n\n"
            actions = await mover.gm.legal_actions(game_id, ANN)
            update = await mover.gm.act(game_id, ANN, actions[0].text)
            event = await asyncio.wait_for(stream.content.readuntil(b"\n\n"), 30)
            stream.close()
            assert event == f"event: step\ndata: {update.table.version}\n\n".encode()
            after = await (await client.get(f"/api/g/{public}/state")).json()
            assert after["last"] == await mover.gm.step_count(game_id) > before["last"]
            page = await client.get(f"/g/{public}")
            assert page.status == 200

