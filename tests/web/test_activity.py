"""The Activity's handshake, `/api/token`, against a fake of Discord's OAuth2, `/users/@me`
and Activity instances (tests/web/fake_oauth.py): a seated member gets their own seat's
short-lived token, a spectator the public view, a bad code or a stranger to the instance
a refusal in the reader's language, a member of another game's thread nothing of this
game; the exchange has its own rate limit, and the client secret never reaches a page.
The whole way once more against the project's local Discord (bot/tools/fakediscord),
whose LAUNCH_ACTIVITY opens the instance the handshake then reads."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.config import ConfigError, Settings
from bot.i18n import t
from bot.service import GameMaster, Player
from bot.tools.fakediscord.activities import CLIENT_SECRET as LOCAL_SECRET
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.world import APP_ID, CHANNEL_ID, COMMAND, TOKEN
from bot.web import pages
from bot.web.activity import ACTIVITY_CSP, ACTIVITY_SECONDS
from bot.web.identity import DISCORD_API, ActivityConfig
from bot.web.links import public_id, read_token
from bot.web.pages import ACTIVITY_BUNDLE, CSP
from bot.web.serve import web_config
from bot.web.server import make_web_app
from bot.web.table import EXCHANGE_BURST, TABLE, WebConfig, WebTable
from tests.web.conftest import ANN, BO, SECRET, record_table, started_record
from tests.web.fake_oauth import BOT_TOKEN, CLIENT_ID, CLIENT_SECRET, FakeOAuth

THREAD, OTHER_THREAD, LOBBY = 4242, 4343, 10
CY = Player(77, "Cy")  # a member of the server, seated nowhere


@dataclass
class Activity:
    gm: GameMaster
    fake: FakeOAuth
    client: TestClient
    table: WebTable
    game_id: int

    async def handshake(self, user: Player, channel: int = THREAD, *, lang: str = "en",
                        in_instance: bool = True) -> tuple[int, dict[str, Any]]:
        """The page of `user` in an Activity launched in `channel`: its code and instance
        posted to /api/token; the answer's status and JSON."""
        instance = self.fake.launch(f"i-{user.user_id}-{channel}", channel,
                                    *([user.user_id] if in_instance else [BO.user_id]))
        return await self.post({"code": self.fake.code_for(user.user_id),
                                "instance_id": instance}, lang)

    async def post(self, body: object, lang: str = "en") -> tuple[int, dict[str, Any]]:
        answer = await self.client.post(f"/api/token?lang={lang}", json=body)
        return answer.status, await answer.json()


@pytest.fixture
async def activity(tmp_path: Path) -> AsyncIterator[Activity]:
    fake = FakeOAuth()
    fake.server = TestServer(fake.app(), host="127.0.0.1")
    await fake.server.start_server()
    try:
        async with record_table(tmp_path) as (gm, game_id):
            await gm.set_thread(game_id, THREAD)
            app = make_web_app(gm, WebConfig(SECRET, "https://table.example", burst=1000,
                                             rate=100, activity=fake.config()))
            async with TestClient(TestServer(app)) as client:
                yield Activity(gm, fake, client, app[TABLE], game_id)
    finally:
        await fake.server.close()


async def test_a_seated_member_gets_their_own_seats_short_lived_view(activity: Activity):
    status, said = await activity.handshake(ANN)
    assert status == 200
    assert said["game"] == public_id(SECRET, activity.game_id)
    assert activity.fake.tokens[said["access_token"]] == ANN.user_id  # for `authenticate`
    claim = read_token(said["token"])
    assert claim is not None and (claim.game_id, claim.seat, claim.user_id) == (
        activity.game_id, 0, ANN.user_id)
    assert claim.expiry <= activity.table.now() + ACTIVITY_SECONDS
    state = await (await activity.client.get(
        f"/api/g/{said['game']}/state?t={said['token']}")).json()
    assert state["private"]["seat"] == 0
    assert state["private"]["view"] == (await activity.gm.seat_view(activity.game_id,
                                                                   ANN)).view
    _, bo = await activity.handshake(BO)
    assert read_token(bo["token"]).seat == 1  # type: ignore[union-attr]


async def test_a_spectator_gets_the_public_view(activity: Activity):
    status, said = await activity.handshake(CY)
    assert status == 200
    assert said["game"] == public_id(SECRET, activity.game_id) and said["token"] is None
    state = await (await activity.client.get(f"/api/g/{said['game']}/state")).json()
    assert "private" not in state


async def test_a_bad_code_is_refused_in_the_readers_language(activity: Activity):
    instance = activity.fake.launch("i-bad", THREAD, ANN.user_id)
    status, said = await activity.post({"code": "not-a-code", "instance_id": instance}, "ko")
    assert status == 403 and said == {"error": t("web.activity_refused", "ko")}
    code = activity.fake.code_for(ANN.user_id)
    assert (await activity.post({"code": code, "instance_id": instance}))[0] == 200
    again = await activity.post({"code": code, "instance_id": instance}, "ja")
    assert again == (403, {"error": t("web.activity_refused", "ja")})  # a code is used once


@pytest.mark.parametrize("body", [None, [], {"code": "x"}, {"code": "", "instance_id": "i"},
                                  {"code": "x", "instance_id": "../../users/@me"},
                                  {"code": 7, "instance_id": "i"}])
async def test_a_malformed_handshake_never_reaches_discord(activity: Activity, body):
    assert await activity.post(body, "zh-TW") == (
        400, {"error": t("web.activity_bad_request", "zh-TW")})
    assert sum(activity.fake.calls.values()) == 0


async def test_a_user_outside_the_instance_or_a_made_up_instance_is_refused(
        activity: Activity):
    assert (await activity.handshake(ANN, in_instance=False))[0] == 403
    made_up = {"code": activity.fake.code_for(ANN.user_id), "instance_id": "i-never-ran"}
    assert await activity.post(made_up) == (403, {"error": t("web.activity_refused", "en")})


async def test_a_member_of_another_games_thread_gets_nothing_of_this_game(
        activity: Activity):
    other = await started_record(activity.gm, channel=11)
    await activity.gm.set_thread(other, OTHER_THREAD)
    status, said = await activity.handshake(ANN, OTHER_THREAD)
    assert status == 200 and said["game"] == public_id(SECRET, other)
    assert public_id(SECRET, activity.game_id) not in str(said)
    mine = await activity.client.get(
        f"/api/g/{public_id(SECRET, activity.game_id)}/state?t={said['token']}")
    assert mine.status == 403  # the other game's token opens nothing here


async def test_a_channel_without_a_game_in_its_thread_is_told_so(activity: Activity):
    """The game's lobby channel is not its thread: the Activity there shows no game."""
    assert await activity.handshake(ANN, LOBBY, lang="ja") == (
        404, {"error": t("web.activity_no_game", "ja")})


async def test_the_exchange_has_its_own_rate_limit(activity: Activity):
    instance = activity.fake.launch("i-flood", THREAD, ANN.user_id)
    statuses = [(await activity.post({"code": f"guess{n}", "instance_id": instance}))[0]
                for n in range(EXCHANGE_BURST + 1)]
    assert statuses == [403] * EXCHANGE_BURST + [429]
    assert activity.fake.calls["token"] == EXCHANGE_BURST  # the last never reached Discord
    answer = await activity.client.post("/api/token", json={"code": "x", "instance_id": "i"})
    assert answer.status == 429 and int(answer.headers["Retry-After"]) >= 1
    page = await activity.client.get(f"/api/g/{public_id(SECRET, activity.game_id)}/state")
    assert page.status == 200  # reading the game is not limited by the exchanges


async def test_discord_unreachable_is_a_sentence_not_a_traceback(activity: Activity):
    app = make_web_app(activity.gm, WebConfig(SECRET, "", activity=ActivityConfig(
        CLIENT_ID, CLIENT_SECRET, BOT_TOKEN, "http://127.0.0.1:9/api/v10")))
    async with TestClient(TestServer(app)) as client:
        answer = await client.post("/api/token?lang=zh-CN",
                                   json={"code": "x", "instance_id": "i-1"})
        assert answer.status == 502
        assert await answer.json() == {"error": t("web.activity_unreachable", "zh-CN")}


async def test_the_activity_page_frames_in_discord_and_names_only_the_client_id(
        activity: Activity):
    answer = await activity.client.get("/?frame_id=f&instance_id=i&platform=desktop")
    page = await answer.text()
    assert answer.status == 200
    assert answer.headers["Content-Security-Policy"] == ACTIVITY_CSP
    assert "frame-ancestors 'self' https://discord.com " in ACTIVITY_CSP
    assert "script-src 'self';" in ACTIVITY_CSP and "unsafe" not in ACTIVITY_CSP
    assert f'data-client="{CLIENT_ID}"' in page and 'data-game=""' in page
    # relative, so that under Discord's proxy ("/.proxy/") they are fetched through it too
    assert 'src="static/activity.js"' in page and 'href="static/game.css"' in page
    game_page = await activity.client.get(f"/g/{public_id(SECRET, activity.game_id)}")
    assert game_page.headers["Content-Security-Policy"] == CSP
    assert "activity.js" not in await game_page.text()


async def test_the_client_secret_and_bot_token_never_reach_the_browser(activity: Activity):
    _, seated = await activity.handshake(ANN)
    _, refused = await activity.post({"code": "bad", "instance_id": "i-x"})
    answers = [await activity.client.get(path) for path in (
        "/", "/static/game.js", f"/g/{seated['game']}", f"/api/g/{seated['game']}/state")]
    seen = [str(seated), str(refused)] + [
        await a.text() + str(dict(a.headers)) for a in answers]
    bundle = ACTIVITY_BUNDLE
    if bundle.exists():
        seen.append(bundle.read_text(encoding="utf-8"))
    for text in seen:
        assert CLIENT_SECRET not in text and BOT_TOKEN not in text


async def test_without_an_activity_client_there_is_no_activity_route(tmp_path: Path):
    async with record_table(tmp_path) as (gm, _):
        app = make_web_app(gm, WebConfig(SECRET, ""))
        async with TestClient(TestServer(app)) as client:
            assert (await client.get("/")).status == 404
            assert (await client.post("/api/token", json={})).status in (404, 405)


def test_the_activity_client_comes_from_the_environment():
    env = {"DISCORD_TOKEN": "bot", "GM_WEB_SECRET": SECRET.decode(), "GM_WEB_PORT": "8080"}
    assert web_config(Settings.from_env(env)).activity is None
    with pytest.raises(ConfigError, match="GM_DISCORD_CLIENT_SECRET"):
        web_config(Settings.from_env({**env, "GM_ACTIVITY": "1"}))
    on = {**env, "GM_DISCORD_CLIENT_ID": CLIENT_ID, "GM_DISCORD_CLIENT_SECRET": CLIENT_SECRET,
          "GM_DISCORD_API_BASE": "http://127.0.0.1:1/api/v10"}
    assert web_config(Settings.from_env(on)).activity == ActivityConfig(
        CLIENT_ID, CLIENT_SECRET, "bot", "http://127.0.0.1:1/api/v10")
    assert ActivityConfig.from_settings(Settings.from_env(
        {**env, "GM_DISCORD_CLIENT_ID": CLIENT_ID, "GM_DISCORD_CLIENT_SECRET": CLIENT_SECRET}
    )) == ActivityConfig(CLIENT_ID, CLIENT_SECRET, "bot", DISCORD_API)  # Discord itself
    with pytest.raises(ConfigError, match="GM_DISCORD_CLIENT_ID"):
        Settings.from_env({**on, "GM_DISCORD_CLIENT_ID": "my-app"})


def test_launching_the_activity_needs_its_built_script(monkeypatch, tmp_path: Path):
    env = {"DISCORD_TOKEN": "bot", "GM_WEB_SECRET": SECRET.decode(), "GM_ACTIVITY": "1",
           "GM_DISCORD_CLIENT_ID": CLIENT_ID, "GM_DISCORD_CLIENT_SECRET": CLIENT_SECRET}
    monkeypatch.setattr(pages, "ACTIVITY_BUNDLE", tmp_path / "activity.js")
    with pytest.raises(ConfigError, match="make install"):
        web_config(Settings.from_env(env))
    (tmp_path / "activity.js").write_text("built")
    assert web_config(Settings.from_env(env)).activity is not None


async def test_the_handshake_against_the_projects_local_discord(tmp_path: Path):
    """The whole way with the local Discord (bot/tools/fakediscord): a member's command in
    the game's thread answered with LAUNCH_ACTIVITY opens the instance there, the SDK's
    authorize gives the member's code, and the web table exchanges it with the local
    Discord's OAuth2 and reads the instance as it would Discord's."""
    async with FakeDiscord() as discord, record_table(tmp_path) as (gm, _):
        alice, stranger = discord.user("Alice"), discord.user("Stranger")
        game = await gm.new_game(game="record", guild_id=None, channel_id=1,
                                 creator=Player(alice.id, "Alice"), seed=3)
        await gm.add_ai(game.game_id, Player(alice.id, "Alice"))
        await gm.start(game.game_id, Player(alice.id, "Alice"))
        await gm.set_thread(game.game_id, CHANNEL_ID)
        for member in (alice, stranger):
            pressed = await discord.interact(member.member, COMMAND,
                                             {"id": "1", "name": "game", "type": 1},
                                             CHANNEL_ID)
            async with aiohttp.ClientSession() as session, session.post(
                    f"{discord.api_base}/interactions/{pressed.id}/{pressed.token}/callback",
                    json={"type": 12}) as launched:  # the bot's answer: LAUNCH_ACTIVITY
                assert launched.status == 204
        instance = discord.world.activities.in_channel(CHANNEL_ID)
        assert instance is not None and instance.users == {alice.id, stranger.id}
        app = make_web_app(gm, WebConfig(SECRET, "", activity=ActivityConfig(
            str(APP_ID), LOCAL_SECRET, TOKEN, discord.api_base)))
        async with TestClient(TestServer(app)) as client:
            seated = await client.post("/api/token", json={"code": alice.authorize(),
                                                           "instance_id": instance.id})
            said = await seated.json()
            assert seated.status == 200 and said["game"] == public_id(SECRET, game.game_id)
            assert read_token(said["token"]).user_id == alice.id  # type: ignore[union-attr]
            watching = await (await client.post("/api/token", json={
                "code": stranger.authorize(), "instance_id": instance.id})).json()
            assert watching["game"] == said["game"] and watching["token"] is None


def test_gm_run_with_activities_and_no_client_does_not_start(monkeypatch, capsys, tmp_path):
    """Refused before the port is bound or Discord reached: the client comes first."""
    from bot.discord.launch import launch

    for name, value in (("DISCORD_TOKEN", "a-token"), ("GM_WEB_PORT", "8080"),
                        ("GM_WEB_SECRET", SECRET.decode()), ("GM_ACTIVITY", "1"),
                        ("GM_DATABASE", str(tmp_path / "gm.sqlite3"))):
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("GM_DISCORD_CLIENT_SECRET", raising=False)
    assert launch(None, None) == 2
    assert "GM_DISCORD_CLIENT_SECRET" in capsys.readouterr().err
