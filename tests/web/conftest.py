"""A web table over a started game of Record with two members and an AI seat, served by
aiohttp's test server (no port of a fixed number), and the links to open it with."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.app import build_app
from bot.service import GameMaster, Player
from bot.web.links import public_id
from bot.web.server import make_web_app
from bot.web.table import TABLE, WebConfig, WebTable
from storage import SqliteRepository

SECRET = b"a test secret of the web table, 32+"
ANN, BO = Player(1, "Ann"), Player(2, "Bo")


@dataclass
class Served:
    gm: GameMaster
    client: TestClient
    table: WebTable
    game_id: int
    public: str  # the game's public id

    def api(self, what: str) -> str:
        return f"/api/g/{self.public}/{what}"

    async def token(self, player: Player, game_id: int | None = None) -> str:
        link = await self.table.private_link(game_id or self.game_id, player)
        return link.partition("?t=")[2]


async def started_record(gm: GameMaster, channel: int = 10) -> int:
    table = await gm.new_game(game="record", guild_id=None, channel_id=channel, creator=ANN,
                              seed=7)
    await gm.join(table.game_id, BO)
    await gm.add_ai(table.game_id, ANN)
    await gm.start(table.game_id, ANN)
    return table.game_id


@asynccontextmanager
async def record_table(tmp_path: Path) -> AsyncIterator[tuple[GameMaster, int]]:
    """A started Record game in a fresh SQLite file, the service over it; closed after."""
    repo = SqliteRepository(tmp_path / "gm.sqlite3")
    await repo.open()
    try:
        gm = build_app(repo, render=False).gm
        yield gm, await started_record(gm)
    finally:
        await repo.close()


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[Served]:
    async with record_table(tmp_path) as (gm, game_id):
        app = make_web_app(gm, WebConfig(SECRET, "https://table.example", burst=1000,
                                         rate=100))
        async with TestClient(TestServer(app)) as client:
            yield Served(gm, client, app[TABLE], game_id, public_id(SECRET, game_id))
