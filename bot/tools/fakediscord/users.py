"""Scripted players: a guild member the test drives the way a person uses Discord's client.

A user can only do what the client lets them: invoke a registered command with options of
the registered types (a choice among the registered choices), click a component of a
message they can see, pick values offered by a select, submit a modal the bot opened. Each
action returns a `Reply`: what that user saw in answer, once the bot finished answering.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from bot.tools.fakediscord.world import (
    AUTOCOMPLETE,
    COMMAND,
    COMPONENT,
    MODAL_SUBMIT,
    Attachment,
    Interaction,
    Member,
    Message,
    World,
)


class Server(Protocol):
    """What a scripted user, and a seat player (autoplay.py), needs of the local Discord
    (server.FakeDiscord)."""

    world: World

    async def interact(self, member: Member, kind: int, data: dict[str, Any],
                       channel_id: int, message: Message | None = None) -> Interaction: ...

    async def settle(self, interaction: Interaction, *, timeout: float = 20.0,
                     quiet: float = 0.02) -> Interaction: ...

    async def wait_for(self, condition: Callable[[], bool], timeout: float, what: str, *,
                       poll: float | Callable[[], float] = 0.05, key: Hashable = None
                       ) -> None: ...


SUBCOMMAND, GROUP = 1, 2
USER, CHANNEL, ROLE, MENTIONABLE, ATTACHMENT = 6, 7, 8, 9, 11
COMMAND_QUIET = 0.02  # seconds without a call on the token that end a command's answer


@dataclass
class Reply:
    """What one interaction showed its user."""

    fake: Server
    interaction: Interaction

    @property
    def failed(self) -> bool:
        """Discord's "This interaction failed": no acknowledgement in time."""
        return self.interaction.failed

    @property
    def message(self) -> Message | None:
        """The interaction's own message: its response, or the clicked message it edited."""
        found = self.fake.world.messages.get(self.interaction.original_id or 0)
        return found if found is not None and not found.deleted else None

    @property
    def messages(self) -> list[Message]:
        found = [self.message] if self.message else []
        return found + [self.fake.world.messages[i] for i in self.interaction.followups
                        if not self.fake.world.messages[i].deleted]

    @property
    def text(self) -> str:
        return "\n".join(m.content for m in self.messages)

    @property
    def ephemeral(self) -> bool:
        return bool(self.messages) and all(m.audience is not None for m in self.messages)

    @property
    def choices(self) -> list[dict[str, Any]]:
        assert self.interaction.choices is not None, "no autocomplete answer"
        return self.interaction.choices

    @property
    def modal(self) -> dict[str, Any]:
        assert self.interaction.modal is not None, "the bot opened no modal"
        return self.interaction.modal


class ScriptedUser:
    def __init__(self, fake: Server, member: Member) -> None:
        self.fake = fake
        self.member = member

    @property
    def id(self) -> int:
        return self.member.id

    @property
    def name(self) -> str:
        return self.member.name

    def __repr__(self) -> str:
        return f"<{self.name}>"

    # -- acting ------------------------------------------------------------------------------
    async def command(self, name: str, /, *, channel: int, settle: bool = True,
                      **options: Any) -> Reply:
        """Run `/name` (e.g. "game new") in `channel` with the given options."""
        data = self._command_data(name, options)
        return await self._send(COMMAND, data, channel, None, settle)

    async def autocomplete(self, name: str, option: str, typed: str, /, *, channel: int,
                           **others: Any) -> list[dict[str, Any]]:
        """What the client shows while the user types `typed` into `option`."""
        data = self._command_data(name, others, focused=(option, typed))
        return (await self._send(AUTOCOMPLETE, data, channel, None, True)).choices

    def authorize(self) -> str:
        """The OAuth2 code the Embedded App SDK's `authorize` hands this member's Activity
        (scope `identify`, no prompt: they allowed the application before)."""
        return self.fake.world.activities.authorize(self.id)

    async def click(self, message: Message, custom_id: str, *, settle: bool = True) -> Reply:
        self._check_visible(message)
        item = message.component(custom_id)
        assert not item.get("disabled"), f"{custom_id} is disabled"
        data = {"custom_id": custom_id, "component_type": item["type"]}
        return await self._send(COMPONENT, data, message.channel_id, message, settle)

    async def press(self, message: Message, label: str) -> Reply:
        return await self.click(message, message.labelled(label))

    async def select(self, message: Message, custom_id: str, values: list[str], *,
                     settle: bool = True) -> Reply:
        self._check_visible(message)
        item = message.component(custom_id)
        offered = {o["value"] for o in item.get("options", [])}
        assert set(values) <= offered, f"{values} are not all offered by {custom_id}"
        low, high = item.get("min_values", 1), item.get("max_values", 1)
        assert low <= len(values) <= high, f"{custom_id} takes {low}-{high} values"
        data = {"custom_id": custom_id, "component_type": item["type"], "values": values}
        return await self._send(COMPONENT, data, message.channel_id, message, settle)

    async def submit(self, opened: Reply, values: dict[str, str]) -> Reply:
        """Fill the modal `opened` showed (text inputs by custom id) and submit it."""
        modal = opened.modal
        data = {"custom_id": modal["custom_id"], "components": _answers(modal, values)}
        source = opened.interaction
        message = self.fake.world.messages.get(source.message_id or 0)
        return await self._send(MODAL_SUBMIT, data, source.channel_id, message, True)

    async def _send(self, kind: int, data: dict[str, Any], channel: int,
                    message: Message | None, settle: bool) -> Reply:
        """Send, then (with `settle`) wait for the whole answer. A command may answer in
        several followups, so a short silence ends it; a component's answer is complete
        with its first edit or message."""
        interaction = await self.fake.interact(self.member, kind, data, channel, message)
        if settle:
            await self.fake.settle(interaction, quiet=COMMAND_QUIET if kind == COMMAND else 0)
        return Reply(self.fake, interaction)

    def _check_visible(self, message: Message) -> None:
        assert self.fake.world.visible_to(self.id, message), (
            f"{self.name} cannot see message {message.id}")

    # -- building a command the way the client does -------------------------------------------
    def _command_data(self, name: str, options: dict[str, Any],
                      focused: tuple[str, str] | None = None) -> dict[str, Any]:
        names = name.split()
        registered = [c for scope in self.fake.world.commands.values() for c in scope
                      if c["name"] == names[0] and c.get("type", 1) == 1]
        assert registered, f"/{names[0]} is not registered"
        command = registered[-1]
        schema: dict[str, Any] = command
        for part in names[1:]:
            found = [o for o in schema.get("options") or [] if o["name"] == part
                     and o["type"] in (SUBCOMMAND, GROUP)]
            assert found, f"/{name}: no subcommand {part}"
            schema = found[0]
        resolved: dict[str, dict[str, Any]] = {}
        typing = {focused[0]} if focused else set()
        given = self._options(name, schema.get("options") or [], options, resolved, typing)
        if focused is not None:
            option = self._option_schema(name, schema, focused[0])
            assert option.get("autocomplete"), f"/{name} {focused[0]} does not autocomplete"
            given.append({"type": option["type"], "name": focused[0], "value": focused[1],
                          "focused": True})
        for part in reversed(names[1:]):
            kind = SUBCOMMAND if part == names[-1] else GROUP
            given = [{"type": kind, "name": part, "options": given}]
        data = {"id": command["id"], "name": names[0], "type": 1, "options": given}
        if resolved:
            data["resolved"] = resolved
        if "guild_id" in command:
            data["guild_id"] = command["guild_id"]
        return data

    @staticmethod
    def _option_schema(name: str, schema: dict[str, Any], option: str) -> dict[str, Any]:
        found = [o for o in schema.get("options") or [] if o["name"] == option]
        assert found, f"/{name} has no option {option}"
        return found[0]

    def _options(self, name: str, schemas: list[dict[str, Any]], given: dict[str, Any],
                 resolved: dict[str, dict[str, Any]], typing: set[str]
                 ) -> list[dict[str, Any]]:
        by_name = {o["name"]: o for o in schemas}
        unknown = set(given) - set(by_name)
        assert not unknown, f"/{name} has no option {sorted(unknown)}"
        missing = [o["name"] for o in schemas if o.get("required")
                   and o["name"] not in given and o["name"] not in typing]
        assert not missing, f"/{name} needs {missing}"
        return [self._option(by_name[key], value, resolved) for key, value in given.items()]

    def _option(self, schema: dict[str, Any], value: Any,
                resolved: dict[str, dict[str, Any]]) -> dict[str, Any]:
        kind = schema["type"]
        if schema.get("choices"):
            allowed = [c["value"] for c in schema["choices"]]
            assert value in allowed, f"{schema['name']} must be one of {allowed}"
        if "min_value" in schema:
            assert value >= schema["min_value"], f"{schema['name']} below its minimum"
        if "max_value" in schema:
            assert value <= schema["max_value"], f"{schema['name']} above its maximum"
        if kind in (USER, MENTIONABLE) and isinstance(value, ScriptedUser):
            resolved.setdefault("users", {})[str(value.id)] = value.member.user_payload()
            resolved.setdefault("members", {})[str(value.id)] = value.member.member_payload(
                with_user=False)
            value = str(value.id)
        elif kind == ROLE:
            resolved.setdefault("roles", {})[str(value)] = self.fake.world.roles[value]
            value = str(value)
        elif kind == CHANNEL:
            resolved.setdefault("channels", {})[str(value)] = {
                **self.fake.world.channel_payload(value), "permissions": "0"}
            value = str(value)
        elif kind == ATTACHMENT:
            filename, data = value
            attachment = Attachment(self.fake.world.next_id(), filename, data, "text/plain",
                                    len(data))
            self.fake.world.attachments[attachment.id] = attachment
            resolved.setdefault("attachments", {})[str(attachment.id)] = (
                self.fake.world.attachment_payload(attachment))
            value = str(attachment.id)
        return {"type": kind, "name": schema["name"], "value": value}

    # -- reading what this user sees ----------------------------------------------------------
    def sees(self, message: Message) -> bool:
        return self.fake.world.visible_to(self.id, message)

    def visible(self, channel: int | None = None) -> list[Message]:
        return [m for m in self.fake.world.messages.values() if self.sees(m)
                and (channel is None or m.channel_id == channel)]

    def dms(self) -> list[Message]:
        return [m for m in self.visible() if m.channel_id in self.fake.world.dm_channels]


LABEL, ROW, TEXT_INPUT = 18, 1, 4


def _answers(modal: dict[str, Any], values: dict[str, str]) -> list[dict[str, Any]]:
    """A submission shaped as Discord sends it: each text input the modal shows answered in
    its place, inside its label (or, in an older modal, its action row)."""
    answers: list[dict[str, Any]] = []
    answered: set[str] = set()
    for top in modal.get("components") or []:
        inputs = [top["component"]] if top.get("type") == LABEL else top.get("components", [])
        given = [{"type": TEXT_INPUT, "custom_id": i["custom_id"], "value": values[i["custom_id"]]}
                 for i in inputs if i.get("custom_id") in values]
        answered |= {i["custom_id"] for i in given}
        if given:
            answers.append({"type": LABEL, "component": given[0]} if top.get("type") == LABEL
                           else {"type": ROW, "components": given})
    missing = set(values) - answered
    assert not missing, f"the modal has no text input {sorted(missing)}"
    return answers
