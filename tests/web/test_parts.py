"""The web table's small parts: the reader's language, the rate limit's bucket, live updates
of a move another process stored, a link for a member without a seat, and `gm run`'s web
table, on only when GM_WEB_PORT is set."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path

import pytest

from bot.app import build_app
from bot.config import Settings
from bot.discord.client import _web_table
from bot.service import Player, ServiceError
from bot.web.limits import RateLimit, client_address
from bot.web.locale import reader_locale
from storage import SqliteRepository
from tests.web.conftest import ANN, BO, SECRET, Served


@pytest.mark.parametrize(("asked", "header", "locale"), [
    ("ja", "ko", "ja"),
    ("xx", "ko-KR,ko;q=0.9,en;q=0.5", "ko"),
    (None, "fr-FR, de;q=0.9, zh-HK;q=0.8", "zh-TW"),
    (None, "zh-Hant-TW", "zh-TW"),
    (None, "zh, en;q=0.9", "zh-CN"),
    (None, "en;q=0.2, ja;q=0.8", "ja"),
    (None, "fr, de", "en"),
    (None, None, "en"),
    (None, "ja;q=0", "en"),
])
def test_the_readers_language(asked, header, locale):
    assert reader_locale(asked, header) == locale


def test_a_bucket_refills_at_its_rate():
    clock = [0.0]
    limit = RateLimit(burst=2, rate=1, now=lambda: clock[0])
    assert [limit.take("a"), limit.take("a")] == [0, 0]
    assert limit.take("a") == pytest.approx(1.0)
    assert limit.take("b") == 0  # another address has its own bucket
    clock[0] = 1.0
    assert limit.take("a") == 0


def test_only_a_local_proxy_names_the_client():
    assert client_address("127.0.0.1", "198.51.100.1, 203.0.113.9") == "203.0.113.9"
    assert client_address("203.0.113.9", "127.0.0.1") == "203.0.113.9"  # a client's own
    assert client_address(None, None) == "unknown"


async def test_a_move_stored_by_another_process_reaches_the_stream(served: Served,
                                                                   tmp_path: Path):
    """Another process on the same database: seen by the poller, not by an update hook."""
    served.table.live.poll_seconds = 0.2
    other = SqliteRepository(tmp_path / "gm.sqlite3")
    await other.open()
    try:
        answer = await served.client.get(served.api("events"))
        await answer.content.readuntil(b"\n\n")
        elsewhere = build_app(other, render=False).gm
        actions = await elsewhere.legal_actions(served.game_id, ANN)
        update = await elsewhere.act(served.game_id, ANN, actions[0].text)
        event = await asyncio.wait_for(answer.content.readuntil(b"\n\n"), 30)
        assert event == f"event: step\ndata: {update.table.version}\n\n".encode()
        answer.close()
    finally:
        await other.close()


async def test_a_member_without_a_seat_gets_no_private_link(served: Served):
    with pytest.raises(ServiceError):
        await served.table.private_link(served.game_id, Player(77, "Cy"))
    assert "?t=" in await served.table.private_link(served.game_id, BO)


async def test_gm_run_serves_the_web_table_only_with_a_port(served: Served):
    app = type("App", (), {"gm": served.gm})()
    settings = Settings(token="x")
    async with _web_table(app, settings) as table:  # type: ignore[arg-type]
        assert table is None
    on = replace(settings, web_port=0, web_url="https://games.example",
                 web_secret=SECRET.decode())
    async with _web_table(app, on) as table:  # type: ignore[arg-type]
        assert table is not None
        assert table.public_link(served.game_id) == f"https://games.example/g/{served.public}"
