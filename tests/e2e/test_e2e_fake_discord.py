"""The local Discord behaves like Discord where a bot can go wrong: the acknowledgement
window, double acknowledgements, token lifetime, rate limits, upload size, command limits,
the gateway handshake (zlib-stream, heartbeats, intents) and RESUME. These tests talk to the
fake directly, as a minimal bot would, without discord.py."""

from __future__ import annotations

import asyncio
import json
import zlib
from typing import Any

import aiohttp
import pytest

from bot.tools.fakediscord.activities import CLIENT_SECRET
from bot.tools.fakediscord.server import FakeDiscord
from bot.tools.fakediscord.world import APP_ID, CHANNEL_ID, COMMAND, TOKEN

AUTH = {"Authorization": f"Bot {TOKEN}"}
GUILDS, GUILD_MESSAGES = 1 << 0, 1 << 9
MIB = 1024 * 1024


async def call(fake: FakeDiscord, method: str, path: str, *, body: Any = None,
               form: aiohttp.FormData | None = None, auth: bool = True
               ) -> tuple[int, Any, dict[str, str]]:
    async with aiohttp.ClientSession() as session, session.request(
            method, fake.api_base + path, json=body, data=form,
            headers=AUTH if auth else {}) as response:
        text = await response.text()
        return response.status, json.loads(text) if text else None, dict(response.headers)


async def slash(fake: FakeDiscord, user: Any) -> Any:
    """An interaction as Discord delivers it (the test reads its token from the fake)."""
    return await fake.interact(user.member, COMMAND, {"id": "1", "name": "ping", "type": 1},
                               CHANNEL_ID)


def callback_path(interaction: Any) -> str:
    return f"/interactions/{interaction.id}/{interaction.token}/callback"


async def test_launch_activity_is_an_answer_of_its_own_with_no_message() -> None:
    """Type 12 (LAUNCH_ACTIVITY) answers a command: it shows no message, and a second
    answer after it is refused like any other."""
    async with FakeDiscord() as fake:
        interaction = await slash(fake, fake.user("Alice"))
        status, _, _ = await call(fake, "POST", callback_path(interaction), body={"type": 12})
        assert status == 204 and interaction.ack_type == 12 and interaction.answered
        status, body, _ = await call(fake, "POST", callback_path(interaction), body={"type": 4,
                                     "data": {"content": "late"}})
        assert (status, body["code"]) == (400, 40060)


async def test_an_interaction_not_acknowledged_in_time_fails() -> None:
    async with FakeDiscord(ack_deadline=0.1) as fake:
        interaction = await slash(fake, fake.user("Alice"))
        await asyncio.sleep(0.15)
        status, body, _ = await call(fake, "POST", callback_path(interaction),
                                     body={"type": 5})
        assert (status, body["code"]) == (404, 10062)
        assert interaction.failed
        assert "was not acknowledged in time" in fake.problems()[0]


async def test_a_second_acknowledgement_is_refused_with_40060() -> None:
    async with FakeDiscord() as fake:
        interaction = await slash(fake, fake.user("Alice"))
        first, _, _ = await call(fake, "POST", callback_path(interaction), body={"type": 5})
        second, body, _ = await call(fake, "POST", callback_path(interaction),
                                     body={"type": 4, "data": {"content": "again"}})
        assert (first, second, body["code"]) == (204, 400, 40060)


async def test_a_token_answers_followups_for_15_minutes_only() -> None:
    async with FakeDiscord() as fake:
        interaction = await slash(fake, fake.user("Alice"))
        await call(fake, "POST", callback_path(interaction), body={"type": 5,
                                                                   "data": {"flags": 64}})
        webhook = f"/webhooks/{APP_ID}/{interaction.token}"
        ok, message, _ = await call(fake, "POST", webhook, body={"content": "in time"})
        fake.advance(15 * 60 + 1)
        late, body, _ = await call(fake, "POST", webhook, body={"content": "too late"})
        assert ok == 200 and message["content"] == "in time" and message["flags"] & 64
        assert (late, body["code"]) == (401, 50027)


async def test_an_exhausted_bucket_answers_429_with_retry_after() -> None:
    async with FakeDiscord() as fake:
        fake.ratelimits.limit("POST /channels/{channel_id}/messages", 2, 60)
        path = f"/channels/{CHANNEL_ID}/messages"
        answers = [await call(fake, "POST", path, body={"content": f"m{i}"}) for i in range(3)]
        assert [a[0] for a in answers] == [200, 200, 429]
        assert [a[2]["X-RateLimit-Remaining"] for a in answers[:2]] == ["1", "0"]
        status, body, headers = answers[2]
        assert body["retry_after"] > 0 and body["global"] is False
        assert headers["Via"] and int(headers["Retry-After"]) >= 1
        assert len(fake.world.public(CHANNEL_ID)) == 2


async def test_attachments_over_10_mib_are_refused() -> None:
    async with FakeDiscord() as fake:
        def upload(size: int) -> aiohttp.FormData:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps({"content": "board"}))
            form.add_field("files[0]", b"\0" * size, filename="board.png")
            return form

        path = f"/channels/{CHANNEL_ID}/messages"
        fits, message, _ = await call(fake, "POST", path, form=upload(10 * MIB))
        too_big, body, _ = await call(fake, "POST", path, form=upload(10 * MIB + 1))
        assert fits == 200 and message["attachments"][0]["size"] == 10 * MIB
        assert (too_big, body["code"]) == (413, 40005)


@pytest.mark.parametrize(("commands", "fault"), [
    ([{"name": "Game", "description": "x"}], "Invalid name"),
    ([{"name": "game", "description": "x" * 101}], "Description must be 1-100"),
    ([{"name": "game", "description": "x", "options": [
        {"type": 3, "name": f"o{i}", "description": "x"} for i in range(26)]}],
     "At most 25 options"),
    ([{"name": "game", "description": "x", "options": [
        {"type": 3, "name": "o", "description": "x",
         "choices": [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)]}]}],
     "At most 25 choices"),
    ([{"name": "game", "description": "x", "options": [
        {"type": 3, "name": "a", "description": "x"},
        {"type": 3, "name": "b", "description": "x", "required": True}]}],
     "Required options must come before"),
    ([{"name": f"c{i}", "description": "x"} for i in range(101)], "At most 100"),
    ([{"name": "game", "description": "d" * 100, "options": [
        {"type": 3, "name": f"o{i}", "description": "d" * 100,
         "choices": [{"name": "n" * 90, "value": f"v{j}"} for j in range(2)]}
        for i in range(20)]}], "characters; at most 4000"),
])
async def test_command_sync_is_checked_against_discords_limits(
        commands: list[dict[str, Any]], fault: str) -> None:
    async with FakeDiscord() as fake:
        status, body, _ = await call(fake, "PUT", f"/applications/{APP_ID}/commands",
                                     body=commands)
        assert (status, body["code"]) == (400, 50035)
        assert fault in json.dumps(body["errors"])
        assert fake.world.commands == {}


async def test_bot_routes_need_the_bot_token() -> None:
    async with FakeDiscord() as fake:
        status, _, _ = await call(fake, "GET", "/users/@me", auth=False)
        assert status == 401


class RawGateway:
    """A minimal gateway client: decodes zlib-stream, answers nothing by itself."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, compressed: bool) -> None:
        self.ws = ws
        self.inflate = zlib.decompressobj() if compressed else None
        self.buffer = bytearray()

    async def receive(self, timeout: float = 2.0) -> dict[str, Any]:
        while True:
            message = await self.ws.receive(timeout)
            if message.type is aiohttp.WSMsgType.TEXT:
                return json.loads(message.data)
            assert message.type is aiohttp.WSMsgType.BINARY and self.inflate is not None
            self.buffer += message.data
            if self.buffer[-4:] == b"\x00\x00\xff\xff":
                text = self.inflate.decompress(bytes(self.buffer))
                self.buffer.clear()
                return json.loads(text)

    async def until(self, event: str, timeout: float = 2.0) -> dict[str, Any]:
        while (payload := await self.receive(timeout)).get("t") != event:
            pass
        return payload


async def test_gateway_handshake_with_zlib_stream_heartbeats_and_intents() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as session:
        url = f"{fake.gateway_url}?v=10&encoding=json&compress=zlib-stream"
        async with session.ws_connect(url) as ws:
            gateway = RawGateway(ws, compressed=True)
            hello = await gateway.receive()
            await ws.send_json({"op": 1, "d": None})
            ack = await gateway.receive()
            await ws.send_json({"op": 2, "d": {"token": TOKEN, "intents": GUILDS,
                                               "properties": {}}})
            ready = await gateway.until("READY")
            guild = await gateway.until("GUILD_CREATE")
            await call(fake, "POST", f"/channels/{CHANNEL_ID}/messages", body={"content": "hi"})
            await call(fake, "POST", f"/channels/{CHANNEL_ID}/threads", body={"name": "t"})
            after_post = await gateway.receive()
        assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
        assert ack["op"] == 11 and fake.gateway.heartbeats == 1
        assert ready["d"]["guilds"][0]["unavailable"] is True and ready["d"]["session_id"]
        assert guild["d"]["channels"] and guild["d"]["roles"] and guild["d"]["members"]
        assert after_post["t"] == "THREAD_CREATE", "no MESSAGE_CREATE without GUILD_MESSAGES"


async def test_message_create_reaches_a_bot_with_the_messages_intent() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as session, \
            session.ws_connect(fake.gateway_url) as ws:
        gateway = RawGateway(ws, compressed=False)
        await gateway.receive()
        await ws.send_json({"op": 2, "d": {"token": TOKEN, "intents": GUILDS | GUILD_MESSAGES,
                                           "properties": {}}})
        await gateway.until("GUILD_CREATE")
        await call(fake, "POST", f"/channels/{CHANNEL_ID}/messages", body={"content": "hi"})
        created = await gateway.until("MESSAGE_CREATE")
        assert created["d"]["content"] == "hi" and created["d"]["author"]["bot"] is True


async def test_resume_replays_what_was_missed_and_unknown_sessions_are_invalid() -> None:
    async with FakeDiscord() as fake, aiohttp.ClientSession() as session:
        async with session.ws_connect(fake.gateway_url) as ws:
            gateway = RawGateway(ws, compressed=False)
            await gateway.receive()
            await ws.send_json({"op": 2, "d": {"token": TOKEN, "intents": GUILDS,
                                               "properties": {}}})
            ready = await gateway.until("READY")
            created = await gateway.until("GUILD_CREATE")
        await call(fake, "POST", f"/channels/{CHANNEL_ID}/threads", body={"name": "missed"})
        async with session.ws_connect(ready["d"]["resume_gateway_url"]) as ws:
            gateway = RawGateway(ws, compressed=False)
            await gateway.receive()
            await ws.send_json({"op": 6, "d": {"token": TOKEN, "seq": created["s"],
                                               "session_id": ready["d"]["session_id"]}})
            replayed = await gateway.receive()
            resumed = await gateway.receive()
        async with session.ws_connect(fake.gateway_url) as ws:
            gateway = RawGateway(ws, compressed=False)
            await gateway.receive()
            await ws.send_json({"op": 6, "d": {"token": TOKEN, "seq": 1, "session_id": "gone"}})
            invalid = await gateway.receive()
        assert replayed["t"] == "THREAD_CREATE" and replayed["d"]["name"] == "missed"
        assert resumed["t"] == "RESUMED" and fake.gateway.resumes == 1
        assert invalid == {"op": 9, "d": False}


async def test_a_modal_opens_and_its_submission_is_a_new_interaction() -> None:
    async with FakeDiscord() as fake:
        alice = fake.user("Alice")
        opened = await slash(fake, alice)
        modal = {"custom_id": "note", "title": "A note", "components": [{"type": 1, "components": [
            {"type": 4, "custom_id": "text", "label": "Text", "style": 1}]}]}
        status, _, _ = await call(fake, "POST", callback_path(opened),
                                  body={"type": 9, "data": modal})
        from bot.tools.fakediscord.users import Reply

        reply = Reply(fake, opened)
        submitted = asyncio.create_task(alice.submit(reply, {"text": "hello"}))
        await fake.wait_for(lambda: len(fake.world.interactions) == 2, 2, "the submission")
        submission = list(fake.world.interactions.values())[-1]
        await call(fake, "POST", callback_path(submission),
                   body={"type": 4, "data": {"content": "noted", "flags": 64}})
        answer = await submitted
        assert status == 204 and reply.modal["title"] == "A note"
        assert submission.type == 5
        assert submission.data["components"][0]["components"][0]["value"] == "hello"
        assert answer.text == "noted" and answer.ephemeral


async def launched(fake: FakeDiscord, user: Any) -> str:
    """`user` runs a command answered with LAUNCH_ACTIVITY: the instance id it opened."""
    interaction = await slash(fake, user)
    await call(fake, "POST", callback_path(interaction), body={"type": 12})
    instance = fake.world.activities.in_channel(CHANNEL_ID)
    assert instance is not None and user.id in instance.users
    return instance.id


async def test_an_activity_is_opened_by_launch_activity_and_joined_by_the_next() -> None:
    async with FakeDiscord() as fake:
        alice, bob = fake.user("Alice"), fake.user("Bob")
        first = await launched(fake, alice)
        assert await launched(fake, bob) == first  # Bob joins the instance in the channel
        status, body, _ = await call(fake, "GET",
                                     f"/applications/{APP_ID}/activity-instances/{first}")
        assert status == 200 and body["instance_id"] == first
        assert body["location"]["channel_id"] == str(CHANNEL_ID)
        assert body["users"] == sorted([str(alice.id), str(bob.id)])
        assert (await call(fake, "GET", f"/applications/{APP_ID}/activity-instances/i-0"))[0] == 404
        assert (await call(fake, "GET", f"/applications/1/activity-instances/{first}"))[0] == 403
        assert (await call(fake, "GET", f"/applications/{APP_ID}/activity-instances/{first}",
                           auth=False))[0] == 401


async def exchange(fake: FakeDiscord, code: str, secret: str = CLIENT_SECRET
                   ) -> tuple[int, Any]:
    form = aiohttp.FormData({"client_id": str(APP_ID), "client_secret": secret,
                             "grant_type": "authorization_code", "code": code})
    status, body, _ = await call(fake, "POST", "/oauth2/token", form=form, auth=False)
    return status, body


async def test_an_activitys_code_is_exchanged_once_for_its_users_token() -> None:
    """The OAuth2 token endpoint as Discord documents it: a form with the client's id and
    secret; the access token then names its user at /users/@me (Bearer)."""
    async with FakeDiscord() as fake:
        alice = fake.user("Alice")
        code = alice.authorize()
        assert await exchange(fake, code, "a-wrong-secret") == (401, {
            "error": "invalid_client", "error_description": "Unknown client or wrong secret."})
        status, body = await exchange(fake, code)
        assert status == 200 and body["token_type"] == "Bearer" and body["scope"] == "identify"
        assert (await exchange(fake, code))[1]["error"] == "invalid_grant"  # used once
        async with aiohttp.ClientSession() as session, session.get(
                fake.api_base + "/users/@me",
                headers={"Authorization": f"Bearer {body['access_token']}"}) as me:
            assert me.status == 200 and (await me.json())["id"] == str(alice.id)
        async with aiohttp.ClientSession() as session, session.get(
                fake.api_base + "/users/@me", headers={"Authorization": "Bearer made-up"}) as me:
            assert me.status == 401
        assert (await call(fake, "GET", "/users/@me"))[1]["id"] == str(APP_ID)  # the bot
