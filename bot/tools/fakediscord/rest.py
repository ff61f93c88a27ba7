"""The REST routes the bot uses, answered as Discord answers them (status, JSON error code).

Every call is logged as a `Request`. Bot routes need `Authorization: Bot <token>`;
interaction routes are authorised by their token, which must be acknowledged within the
deadline (else 10062 Unknown interaction), acknowledged once (else 40060), and is valid for
15 minutes (else 50027 Invalid Webhook Token). Attachments over the size limit get 40005.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from aiohttp import web

from bot.tools.fakediscord import limits
from bot.tools.fakediscord.activities import OAuthRefused
from bot.tools.fakediscord.gateway import DIRECT_MESSAGES, GUILD_MESSAGES, GUILDS, Gateway
from bot.tools.fakediscord.ratelimits import RateLimiter
from bot.tools.fakediscord.world import (
    APP_ID,
    CALLBACKS_ALLOWED,
    EPHEMERAL,
    LOADING,
    TOKEN,
    TOKEN_LIFETIME,
    Attachment,
    Interaction,
    Message,
    Request,
    World,
    bot_user,
    pinged,
)


class Host(Protocol):
    """What the REST API needs of the local Discord that serves it (server.FakeDiscord)."""

    world: World
    keep_files: bool
    gateway: Gateway
    ratelimits: RateLimiter

    @property
    def gateway_url(self) -> str: ...

    def clock(self) -> float: ...

    async def watch(self, message: Message) -> None: ...

ATTACHMENT_LIMIT = 10 * 1024 * 1024  # 10 MiB per file, Discord's default upload limit
BEARER_ROUTES = ("GET /users/@me",)  # the routes an OAuth2 access token may call


class Refused(Exception):
    """Answer with a Discord error: HTTP status, JSON code, message, field errors."""

    def __init__(self, status: int, code: int, message: str,
                 errors: list[tuple[str, str]] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = {path or "_root": {"_errors": [{"code": "INVALID",
                                                             "message": text}]}
                              for path, text in self.errors}
        return body


def invalid(errors: list[tuple[str, str]]) -> Refused:
    return Refused(400, 50035, "Invalid Form Body", errors)


@dataclass
class Call:
    """A parsed request: route, path parameters, JSON body and uploaded files."""

    method: str
    route: str
    params: dict[str, str]
    query: dict[str, str]
    body: Any
    files: list[Attachment]
    interaction: Interaction | None = None
    authorization: str = ""  # the Authorization header: a Bearer route reads its user

    def major(self) -> str:
        for key in ("channel_id", "guild_id", "webhook_token", "interaction_token"):
            if key in self.params:
                return self.params[key]
        return ""


Handler = Callable[["Rest", Call], Awaitable[Any]]
ROUTES: list[tuple[str, re.Pattern[str], str]] = []  # (method, pattern, template)
HANDLERS: dict[str, Handler] = {}


def route(*templates: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        for template in templates:
            method, path = template.split(" ", 1)
            pattern = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", re.escape(path).replace(
                r"\{", "{").replace(r"\}", "}"))
            ROUTES.append((method, re.compile(f"^{pattern}$"), template))
            HANDLERS[template] = handler
        return handler
    return register


class Rest:
    def __init__(self, fake: Host) -> None:
        self.fake = fake
        self.world = fake.world
        self.attachment_limit = ATTACHMENT_LIMIT

    # -- the one entry point -----------------------------------------------------------------
    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = "/" + request.match_info["tail"]
        found = self._match(request.method, path)
        if found is None:
            self.world.unexpected.append(f"{request.method} {path}")
            return self._log_and_answer(request.method, path, path, None, None,
                                        Refused(404, 0, "404: Not Found"), {})
        template, params = found
        interaction = self._interaction_of(params)
        if interaction is not None:
            interaction.busy += 1
        try:
            return await self._serve(request, template, params, interaction, path)
        finally:
            if interaction is not None:
                interaction.busy -= 1
                interaction.last_activity = self.fake.clock()
                self.world.touch(("interaction", interaction.id))

    async def _serve(self, request: web.Request, template: str, params: dict[str, str],
                     interaction: Interaction | None, path: str) -> web.StreamResponse:
        call: Call | None = None
        headers: dict[str, str] = {}
        try:
            self._authorise(request, template)
            call = Call(request.method, template, params, dict(request.query), None, [],
                        interaction, request.headers.get("Authorization", ""))
            call.body, call.files = await self._read_body(request)
            verdict = self.fake.ratelimits.check(template, call.major())
            headers = verdict.headers
            if verdict.retry_after is not None:
                return self._log_and_answer(request.method, template, path, call, None,
                                            None, headers, status=429,
                                            data=verdict.body())
            if template in self.world.forbidden:
                raise Refused(403, 50013, "Missing Permissions")
            data = await HANDLERS[template](self, call)
        except Refused as refusal:
            if interaction is not None:
                interaction.refusals.append(refusal.code)
            return self._log_and_answer(request.method, template, path, call, interaction,
                                        refusal, headers)
        except OAuthRefused as refusal:
            return self._log_and_answer(request.method, template, path, call, None, None,
                                        headers, status=refusal.status, data=refusal.body())
        status = 204 if data is None else 200
        return self._log_and_answer(request.method, template, path, call, interaction,
                                    None, headers, status=status, data=data)

    def _match(self, method: str, path: str) -> tuple[str, dict[str, str]] | None:
        for route_method, pattern, template in ROUTES:
            if route_method == method and (found := pattern.match(path)):
                return template, found.groupdict()
        return None

    def _interaction_of(self, params: dict[str, str]) -> Interaction | None:
        token = params.get("interaction_token") or params.get("webhook_token")
        return self.world.tokens.get(token) if token else None

    def _authorise(self, request: web.Request, template: str) -> None:
        if "/interactions/" in template or template.split(" ", 1)[1].startswith("/webhooks/"):
            return  # authorised by the interaction token
        if template.endswith("/attachments/{attachment_id}/{filename}"):
            return  # the CDN is public
        if template == "POST /oauth2/token":
            return  # authorised by the client's id and secret in the form
        if template in BEARER_ROUTES and self.world.activities.bearer(
                request.headers.get("Authorization", "")) is not None:
            return  # a user's OAuth2 access token
        if request.headers.get("Authorization") != f"Bot {TOKEN}":
            raise Refused(401, 0, "401: Unauthorized")

    async def _read_body(self, request: web.Request) -> tuple[Any, list[Attachment]]:
        if not request.body_exists:
            return None, []
        if request.content_type == "application/x-www-form-urlencoded":
            return dict(await request.post()), []
        if not request.content_type.startswith("multipart/"):
            return await request.json(), []
        body: Any = None
        files: list[Attachment] = []
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            data = await part.read()  # type: ignore[union-attr]
            if part.name == "payload_json":  # type: ignore[union-attr]
                body = json.loads(data)
            elif len(data) > self.attachment_limit:
                raise Refused(413, 40005, "Request entity too large")
            else:
                files.append(Attachment(
                    self.world.next_id(), part.filename or "file",  # type: ignore[union-attr]
                    bytes(data) if self.fake.keep_files else b"",
                    part.headers.get("Content-Type", "application/octet-stream"),  # type: ignore[union-attr]
                    len(data)))
        self.world.attachments.update((a.id, a) for a in files)  # every upload is on the CDN
        return body, files

    def _log_and_answer(self, method: str, template: str, path: str, call: Call | None,
                        interaction: Interaction | None, refusal: Refused | None,
                        headers: dict[str, str], *,
                        status: int = 200, data: Any = None) -> web.StreamResponse:
        if refusal is not None:
            status, data = refusal.status, refusal.body()
        code = data.get("code") if status >= 400 and isinstance(data, dict) else None
        self.world.requests.append(Request(
            self.fake.clock(), method, template, path, status, code,
            interaction.id if interaction else None, call.body if call else None,
            tuple((f.filename, len(f.data)) for f in call.files) if call else ()))
        if status == 204:
            return web.Response(status=204, headers=headers)
        if isinstance(data, bytes):
            return web.Response(body=data, status=status, headers=headers)
        # exactly `application/json`, without a charset: discord.py compares the header
        return web.Response(body=json.dumps(data).encode(), status=status,
                            headers={**headers, "Content-Type": "application/json"})

    # -- messages shared by channels and interactions ---------------------------------------
    def new_message(self, channel_id: int, body: dict[str, Any], files: list[Attachment],
                    audience: int | None, *, interaction: int | None = None,
                    loading: bool = False) -> Message:
        message = Message(self.world.next_id(), channel_id, audience,
                          flags=(body.get("flags") or 0) | (LOADING if loading else 0),
                          interaction_id=interaction, created_at=self.fake.clock(),
                          nonce=None if body.get("nonce") is None else str(body["nonce"]))
        self.edit(message, body, files, new=True)
        message.pinged = pinged(message.content, body.get("allowed_mentions"))
        if loading:  # "thinking…" until the first followup or edit
            message.flags |= LOADING
        self.world.add_message(message)
        return message

    def edit(self, message: Message, body: dict[str, Any], files: list[Attachment], *,
             new: bool = False) -> None:
        errors = limits.message_errors(body, len(files) + len(message.attachments),
                                       edit=not new or message.loading)
        if errors:
            raise invalid(errors)
        if "content" in body:
            message.content = body["content"] or ""
        if "components" in body:
            message.components = body["components"] or []
        if "attachments" in body:  # the ones to keep, by id, then the new uploads
            keep = {str(a.get("id")) for a in body["attachments"] or []}
            message.attachments = [a for a in message.attachments if str(a.id) in keep]
        message.attachments += files
        message.flags &= ~LOADING
        message.record()
        self.world.touch(("channel", message.channel_id))

    async def announce(self, message: Message, event: str) -> None:
        """MESSAGE_CREATE/UPDATE to the bot, as its intents ask, and to the test's watchers."""
        if message.audience is None or message.channel_id in self.world.dm_channels:
            intent = (DIRECT_MESSAGES if message.channel_id in self.world.dm_channels
                      else GUILD_MESSAGES)
            await self.fake.gateway.dispatch(event, self.world.message_payload(message),
                                             intent, guild_id=self.world.guild_of(
                                                 message.channel_id))
        await self.fake.watch(message)

    def channel(self, call: Call) -> int:
        channel_id = int(call.params["channel_id"])
        if channel_id not in self.world.channels and channel_id not in self.world.dm_channels:
            raise Refused(404, 10003, "Unknown Channel")
        return channel_id

    def message(self, call: Call, channel_id: int | None = None) -> Message:
        message = self.world.messages.get(int(call.params["message_id"]))
        if message is None or message.deleted or (channel_id is not None
                                                  and message.channel_id != channel_id):
            raise Refused(404, 10008, "Unknown Message")
        return message


# -- bot and application ----------------------------------------------------------------------
@route("GET /gateway", "GET /gateway/bot")
async def _gateway(rest: Rest, call: Call) -> Any:
    gateway = rest.fake.gateway
    return {"url": rest.fake.gateway_url, "shards": gateway.recommended_shards,
            "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0,
                                    "max_concurrency": gateway.max_concurrency}}


@route("GET /users/@me")
async def _me(rest: Rest, call: Call) -> Any:
    """The bot's own user, or with a Bearer token (an Activity's) that token's user."""
    user = rest.world.activities.bearer(call.authorization)
    if user is None:
        return bot_user()
    member = rest.world.members.get(user)
    if member is None:
        raise Refused(404, 10013, "Unknown User")
    return {**member.user_payload(), "public_flags": 0, "flags": 0}


@route("POST /oauth2/token")
async def _oauth_token(rest: Rest, call: Call) -> Any:
    return rest.world.activities.exchange(call.body if isinstance(call.body, dict) else {})


@route("GET /applications/{application_id}/activity-instances/{instance_id}")
async def _activity_instance(rest: Rest, call: Call) -> Any:
    _own_application(call)
    instance = rest.world.activities.instances.get(call.params["instance_id"])
    if instance is None:
        raise Refused(404, 0, "404: Not Found")
    return instance.payload(APP_ID)


@route("GET /oauth2/applications/@me", "GET /applications/@me")
async def _application(rest: Rest, call: Call) -> Any:
    return {"id": str(APP_ID), "name": "GameMaster", "description": "", "icon": None,
            "bot_public": True, "bot_require_code_grant": False, "owner": bot_user(),
            "verify_key": "0" * 64, "flags": 0, "summary": "", "team": None}


@route("PUT /applications/{application_id}/commands",
       "PUT /applications/{application_id}/guilds/{guild_id}/commands")
async def _sync(rest: Rest, call: Call) -> Any:
    _own_application(call)
    commands = call.body or []
    errors = limits.command_errors(commands)
    if errors:
        rest.world.sync_refusals.append(errors)
        raise invalid(errors)
    guild = int(call.params["guild_id"]) if "guild_id" in call.params else None
    registered = [{**c, "id": str(rest.world.next_id()), "application_id": str(APP_ID),
                   "version": str(rest.world.next_id()), "type": c.get("type", 1),
                   **({"guild_id": str(guild)} if guild else {})} for c in commands]
    rest.world.commands[guild] = registered
    return registered


@route("GET /applications/{application_id}/commands",
       "GET /applications/{application_id}/guilds/{guild_id}/commands")
async def _commands(rest: Rest, call: Call) -> Any:
    _own_application(call)
    guild = int(call.params["guild_id"]) if "guild_id" in call.params else None
    return rest.world.commands.get(guild, [])


def _own_application(call: Call) -> None:
    if call.params["application_id"] != str(APP_ID):
        raise Refused(403, 50001, "Missing Access")


# -- channels, threads, DMs -------------------------------------------------------------------
@route("GET /channels/{channel_id}")
async def _get_channel(rest: Rest, call: Call) -> Any:
    return rest.world.channel_payload(rest.channel(call))


@route("POST /channels/{channel_id}/messages")
async def _post_message(rest: Rest, call: Call) -> Any:
    channel_id = rest.channel(call)
    user = rest.world.dm_channels.get(channel_id)
    if user is not None and user in rest.world.refusing_dms:
        raise Refused(403, 50007, "Cannot send messages to this user")
    same = rest.world.same_nonce(channel_id, call.body or {}, rest.fake.clock())
    if same is not None:
        return rest.world.message_payload(same)
    message = rest.new_message(channel_id, call.body or {}, call.files, user)
    await rest.announce(message, "MESSAGE_CREATE")
    return rest.world.message_payload(message)


@route("GET /channels/{channel_id}/messages/{message_id}")
async def _get_message(rest: Rest, call: Call) -> Any:
    return rest.world.message_payload(rest.message(call, rest.channel(call)))


@route("PATCH /channels/{channel_id}/messages/{message_id}")
async def _edit_message(rest: Rest, call: Call) -> Any:
    message = rest.message(call, rest.channel(call))
    if message.author_id != APP_ID:
        raise Refused(403, 50005, "Cannot edit a message authored by another user")
    rest.edit(message, call.body or {}, call.files)
    await rest.announce(message, "MESSAGE_UPDATE")
    return rest.world.message_payload(message)


@route("DELETE /channels/{channel_id}/messages/{message_id}")
async def _delete_message(rest: Rest, call: Call) -> Any:
    message = rest.message(call, rest.channel(call))
    message.deleted = True
    rest.world.touch(("channel", message.channel_id))
    return None


@route("PUT /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
       "DELETE /channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me")
async def _react(rest: Rest, call: Call) -> Any:
    rest.message(call, rest.channel(call))
    return None


@route("POST /channels/{channel_id}/threads",
       "POST /channels/{channel_id}/messages/{message_id}/threads")
async def _new_thread(rest: Rest, call: Call) -> Any:
    parent = rest.channel(call)
    if rest.world.channels.get(parent, {}).get("type") != 0:
        raise Refused(400, 50024, "Cannot execute action on this channel type")
    body = call.body or {}
    name = body.get("name") or ""
    if not 1 <= len(name) <= 100:
        raise invalid([("name", "Thread names are 1-100 characters")])
    kind = body.get("type", 11) if "message_id" not in call.params else 11
    thread = rest.world.new_thread(parent, name, kind)
    await rest.fake.gateway.dispatch("THREAD_CREATE", {**thread, "newly_created": True},
                                     GUILDS, guild_id=int(thread["guild_id"]))
    rest.world.touch()
    return thread


@route("PUT /channels/{channel_id}/thread-members/@me")
async def _join_thread(rest: Rest, call: Call) -> Any:
    rest.channel(call)
    return None


@route("PUT /channels/{channel_id}/thread-members/{user_id}")
async def _add_thread_member(rest: Rest, call: Call) -> Any:
    """Adding someone to a thread: recorded, so a test can tell who is in a private one."""
    thread = rest.channel(call)
    user_id = int(call.params["user_id"])
    if user_id not in rest.world.members:
        raise Refused(404, 10013, "Unknown User")
    rest.world.thread_members.setdefault(thread, set()).add(user_id)
    return None


@route("POST /users/@me/channels")
async def _open_dm(rest: Rest, call: Call) -> Any:
    user_id = int((call.body or {}).get("recipient_id", 0))
    if user_id not in rest.world.members:
        raise Refused(400, 50033, "Invalid Recipient(s)")
    return rest.world.channel_payload(rest.world.dm_channel(user_id))


@route("GET /users/{user_id}")
async def _user(rest: Rest, call: Call) -> Any:
    member = rest.world.members.get(int(call.params["user_id"]))
    if member is None:
        raise Refused(404, 10013, "Unknown User")
    return member.user_payload()


@route("GET /guilds/{guild_id}/members/{user_id}")
async def _member(rest: Rest, call: Call) -> Any:
    member = rest.world.members.get(int(call.params["user_id"]))
    if member is None or call.params["guild_id"] not in map(str, rest.world.guilds):
        raise Refused(404, 10007, "Unknown Member")
    return member.member_payload()


@route("GET /attachments/{attachment_id}/{filename}")
async def _cdn(rest: Rest, call: Call) -> Any:
    attachment = rest.world.attachments.get(int(call.params["attachment_id"]))
    if attachment is None:
        raise Refused(404, 0, "404: Not Found")
    return attachment.data


# -- interactions -----------------------------------------------------------------------------
@route("POST /interactions/{interaction_id}/{interaction_token}/callback")
async def _callback(rest: Rest, call: Call) -> Any:
    interaction = call.interaction
    if interaction is None or str(interaction.id) != call.params["interaction_id"]:
        raise Refused(404, 10062, "Unknown interaction")
    if interaction.callback_at is None:
        interaction.callback_at = rest.fake.clock()
    if interaction.acked_at is not None:
        raise Refused(400, 40060, "Interaction has already been acknowledged.")
    if rest.fake.clock() > interaction.deadline or interaction.failed:
        interaction.failed = True
        raise Refused(404, 10062, "Unknown interaction")
    body = call.body or {}
    kind = body.get("type")
    if kind not in CALLBACKS_ALLOWED.get(interaction.type, set()):
        raise invalid([("type", f"Callback type {kind} is not valid for interaction type "
                                f"{interaction.type}")])
    message = _callback_effect(rest, interaction, kind, body.get("data") or {}, call.files)
    interaction.acked_at, interaction.ack_type = rest.fake.clock(), kind
    if message is not None:
        await rest.fake.watch(message)
    if call.query.get("with_response") not in ("1", "true", "True"):
        return None
    answer: dict[str, Any] = {"interaction": {
        "id": str(interaction.id), "type": interaction.type,
        "response_message_loading": kind == 5,
        "response_message_ephemeral": bool(message and message.audience is not None)}}
    if message is not None:
        answer["interaction"]["response_message_id"] = str(message.id)
        if kind in (4, 7):
            answer["resource"] = {"type": kind, "message": rest.world.message_payload(message)}
    return answer


def _callback_effect(rest: Rest, interaction: Interaction, kind: int, data: dict[str, Any],
                     files: list[Attachment]) -> Message | None:
    """Validate the callback's data and do what it asks; the message it shows, if any."""
    audience = interaction.user.id if (data.get("flags") or 0) & EPHEMERAL else None
    if kind == 8:
        errors = limits.autocomplete_errors(data.get("choices") or [])
        if errors:
            raise invalid(errors)
        interaction.choices = data.get("choices") or []
        return None
    if kind == 9:
        errors = limits.modal_errors(data)
        if errors:
            raise invalid(errors)
        interaction.modal = data
        return None
    if kind == 12:  # LAUNCH_ACTIVITY: Discord opens the app's Activity; it carries no data
        rest.world.activities.launch(interaction.channel_id,
                                     rest.world.guild_of(interaction.channel_id),
                                     interaction.user.id)
        return None
    if kind in (4, 5):
        message = rest.new_message(interaction.channel_id, data, files if kind == 4 else [],
                                   audience, interaction=interaction.id, loading=kind == 5)
        interaction.original_id = message.id
        return message
    interaction.original_id = interaction.message_id  # 6 and 7: the clicked message
    if kind == 7 and interaction.message_id is not None:
        message = rest.world.messages[interaction.message_id]
        rest.edit(message, data, files)
        return message
    return None


def _token(rest: Rest, call: Call) -> Interaction:
    """The interaction behind a webhook token, refusing unknown and expired tokens."""
    interaction = call.interaction
    if call.params["application_id"] != str(APP_ID) or interaction is None:
        raise Refused(404, 10015, "Unknown Webhook")
    if rest.fake.clock() > interaction.sent_at + TOKEN_LIFETIME:
        raise Refused(401, 50027, "Invalid Webhook Token")
    if interaction.acked_at is None:
        raise Refused(404, 10015, "Unknown Webhook")
    return interaction


def _original(rest: Rest, interaction: Interaction) -> Message:
    message = rest.world.messages.get(interaction.original_id or 0)
    if message is None or message.deleted:
        raise Refused(404, 10008, "Unknown Message")
    return message


@route("GET /webhooks/{application_id}/{webhook_token}/messages/@original")
async def _get_original(rest: Rest, call: Call) -> Any:
    return rest.world.message_payload(_original(rest, _token(rest, call)))


@route("PATCH /webhooks/{application_id}/{webhook_token}/messages/@original")
async def _edit_original(rest: Rest, call: Call) -> Any:
    interaction = _token(rest, call)
    message = _original(rest, interaction)
    rest.edit(message, call.body or {}, call.files)
    interaction.answers += 1
    await rest.announce(message, "MESSAGE_UPDATE")
    return rest.world.message_payload(message)


@route("DELETE /webhooks/{application_id}/{webhook_token}/messages/@original")
async def _delete_original(rest: Rest, call: Call) -> Any:
    interaction = _token(rest, call)
    _original(rest, interaction).deleted = True
    interaction.answers += 1
    return None


@route("POST /webhooks/{application_id}/{webhook_token}")
async def _followup(rest: Rest, call: Call) -> Any:
    interaction = _token(rest, call)
    body = call.body or {}
    original = rest.world.messages.get(interaction.original_id or 0)
    interaction.answers += 1
    if original is not None and original.loading:  # the first followup fills "thinking…"
        rest.edit(original, body, call.files)
        message = original
    else:
        audience = interaction.user.id if (body.get("flags") or 0) & EPHEMERAL else None
        message = rest.new_message(interaction.channel_id, body, call.files, audience,
                                   interaction=interaction.id)
        interaction.followups.append(message.id)
    await rest.announce(message, "MESSAGE_CREATE")
    return rest.world.message_payload(message)


@route("GET /webhooks/{application_id}/{webhook_token}/messages/{message_id}",
       "PATCH /webhooks/{application_id}/{webhook_token}/messages/{message_id}",
       "DELETE /webhooks/{application_id}/{webhook_token}/messages/{message_id}")
async def _followup_message(rest: Rest, call: Call) -> Any:
    interaction = _token(rest, call)
    message = rest.message(call)
    if message.id not in (*interaction.followups, interaction.original_id):
        raise Refused(404, 10008, "Unknown Message")
    if call.method == "DELETE":
        message.deleted = True
        return None
    if call.method == "PATCH":
        rest.edit(message, call.body or {}, call.files)
        interaction.answers += 1
        await rest.announce(message, "MESSAGE_UPDATE")
    return rest.world.message_payload(message)
