"""Every route of the web table through aiohttp's test client: the page, its JSON, its
images, its event stream and static files; the 404s of names it did not sign; the security
headers; the reader's language; the rate limit."""

from __future__ import annotations

import asyncio

from aiohttp.test_utils import TestClient, TestServer

from bot.i18n import t
from bot.web.pages import CSP
from bot.web.server import make_web_app
from bot.web.table import WebConfig
from tests.web.conftest import ANN, SECRET, Served

PNG = b"\x89PNG\r\n\x1a\n"


async def test_the_public_page_names_the_game_in_the_readers_language(served: Served):
    answer = await served.client.get(f"/g/{served.public}")
    page = await answer.text()
    assert answer.status == 200
    assert f'data-game="{served.public}"' in page and 'src="/static/game.js"' in page
    assert t("web.history", "en") in page and "<script>" not in page
    korean = await (await served.client.get(f"/g/{served.public}?lang=ko")).text()
    assert t("web.history", "ko") in korean and 'lang="ko"' in korean
    browser = await served.client.get(f"/g/{served.public}",
                                      headers={"Accept-Language": "fr, zh-TW;q=0.8, ja;q=0.5"})
    assert 'lang="zh-TW"' in await browser.text()


async def test_every_answer_carries_the_csp_and_no_referrer(served: Served):
    for path in (f"/g/{served.public}", served.api("state"), served.api("board.png"),
                 "/static/game.js", "/g/1-wrong", "/nothing/here"):
        answer = await served.client.get(path)
        assert answer.headers["Content-Security-Policy"] == CSP, path
        assert answer.headers["Referrer-Policy"] == "no-referrer", path
    assert "script-src 'self'" in CSP and "unsafe-inline" not in CSP


async def test_the_state_is_the_public_view_with_standings_log_and_parts(served: Served):
    state = await (await served.client.get(served.api("state"))).json()
    assert state["step"] == state["last"] == await served.gm.step_count(served.game_id)
    assert state["summary"] == (await served.gm.status_text(served.game_id, "en")).replace(
        "**", "")
    assert [p["name"] for p in state["parts"]] == list(served.gm.board_parts("record"))
    assert state["parts"][0]["label"] == t("record.part.players", "en")
    assert "private" not in state
    assert state["view_note"] == t("web.public_view", "en")


async def test_the_board_is_the_services_board_and_its_parts_too(served: Served):
    board = await (await served.client.get(served.api("board.png"))).read()
    assert board == await served.gm.board_png(served.game_id, "en")
    part = await (await served.client.get(served.api("board.png?part=decks&lang=ja"))).read()
    assert part.startswith(PNG)
    assert part == await served.gm.board_png(served.game_id, "ja", "decks")
    missing = await served.client.get(served.api("board.png?part=nothing"))
    assert missing.status == 404


async def test_a_history_step_shows_the_board_and_events_of_history(served: Served):
    await play_one(served)
    last = await served.gm.step_count(served.game_id)
    assert last >= 1
    state = await (await served.client.get(served.api("state?step=1"))).json()
    step = await served.gm.history(served.game_id, 1, "en")
    assert state["step"] == 1 and state["last"] == last
    assert state["log"] == [line.replace("**", "") for line in step.lines]
    board = await (await served.client.get(served.api("board.png?step=1"))).read()
    assert board == step.board
    beyond = await served.client.get(served.api(f"state?step={last + 1}"))
    assert beyond.status == 404
    assert t("web.bad_step", "en", step=last + 1, last=last) in await beyond.text()
    assert (await served.client.get(served.api("state?step=-1"))).status == 404


async def test_names_it_did_not_sign_are_404_with_a_short_page(served: Served):
    number = served.public.split("-")[0]
    for path in (f"/g/{number}", f"/g/{number}-AAAAAAAAAAAAAAAA", f"/g/{served.game_id + 1}",
                 f"/api/g/{number}-x/state", f"/api/g/{number}/board.png",
                 f"/api/g/{number}-AAAAAAAAAAAAAAAA/events", "/", "/static/../app.py"):
        answer = await served.client.get(path)
        assert answer.status == 404, path
        assert t("web.not_found_title", "en") in await answer.text()
        assert len(await answer.read()) < 1500


async def test_a_game_that_has_not_started_has_no_page(served: Served):
    from bot.web.links import public_id

    table = await served.gm.new_game(game="record", guild_id=None, channel_id=99,
                                     creator=ANN)
    answer = await served.client.get(f"/g/{public_id(SECRET, table.game_id)}")
    assert answer.status == 404


async def test_the_event_stream_tells_each_new_version(served: Served):
    answer = await served.client.get(served.api("events"))
    assert answer.headers["Content-Type"] == "text/event-stream"
    assert await answer.content.readuntil(b"\n\n") == b"retry: 5000\n\n"
    update = await play_one(served)
    event = await asyncio.wait_for(answer.content.readuntil(b"\n\n"), 30)
    assert event == f"event: step\ndata: {update}\n\n".encode()
    answer.close()


async def test_static_files_are_served_and_nothing_else(served: Served):
    for name, kind in (("game.js", "javascript"), ("game.css", "text/css")):
        answer = await served.client.get(f"/static/{name}")
        assert answer.status == 200 and kind in answer.headers["Content-Type"]
    assert (await served.client.get("/static/")).status in (403, 404)


async def test_one_address_past_its_burst_is_told_to_wait(served: Served):
    app = make_web_app(served.gm, WebConfig(SECRET, "https://table.example", burst=3,
                                            rate=0.5))
    async with TestClient(TestServer(app)) as client:
        answers = [await client.get(f"/g/{served.public}") for _ in range(4)]
        assert [a.status for a in answers] == [200, 200, 200, 429]
        assert answers[-1].headers["Retry-After"] == "2"
        assert t("web.too_many", "en", seconds="2") in await answers[-1].text()
        # a proxy on this machine names the client: another client has a bucket of its own
        other = await client.get("/static/game.css", headers={"X-Forwarded-For": "203.0.113.9"})
        assert other.status == 200


async def play_one(served: Served) -> int:
    """Ann plays her first legal move; returns the game's version after it."""
    actions = await served.gm.legal_actions(served.game_id, ANN)
    update = await served.gm.act(served.game_id, ANN, actions[0].text)
    return update.table.version
