"""Redux through the command tree: its data packs by the house's `/game pack` (upload, refusals,
autocomplete of `/redux new`, frozen into a game), the private `/redux hand`, the allies'
council thread opened by `/game council` with `/redux share`, and whole games of three scripted
users clicking through their turn prompts to the final scores."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from bot.service.models import TurnPrompt
from cogs import packs as packs_cog
from games.core import get_game, make_agent
from games.redux import data
from tests.cogs.fake_discord import CHANNEL_ID, GUILD_ID, Message
from tests.cogs.harness import (
    ALICE,
    BOB,
    CARA,
    MOD,
    MOD_ROLE,
    OWNER,
    STRANGER,
    Harness,
    Upload,
    User,
    served,
)

DESIGNED = Path(__file__).parents[2] / "games" / "redux" / "data" / "designed.json"
REDUX = get_game("redux")
USERS = (ALICE, BOB, CARA)
MAX_DECISIONS = 3000
BIDDING_STEPS = {"place", "pass", "on", "units", "support", "emperor", "cancel"}
RESOLUTION_VERBS = {"farm", "market", "rice", "weapons", "take", "give", "hire", "import",
                    "build", "produce", "train", "tribute", "perform", "manipulate", "occupy",
                    "reward", "benefit", "exchange"}



def designed_text() -> str:
    return DESIGNED.read_text(encoding="utf-8")


def printed_text(jia_xu_admin: int = 4, title: str = "Our printed cards") -> str:
    pack = json.loads(designed_text())
    next(g for g in pack["generals"] if g["id"] == "wei.jia_xu")["admin"] = jia_xu_admin
    pack["name"] = title
    return json.dumps(pack, ensure_ascii=False, indent=2)


async def upload(harness: Harness, cdn: dict[str, bytes], text: str, *, by: User = OWNER,
                 name: str | None = None, filename: str = "printed.json"):
    options: dict[str, Any] = {"game": "redux", "file": served(cdn, filename, text)}
    if name is not None:
        options["name"] = name
    return await harness.invoke(by, "game pack upload", **options)


# -- data packs ------------------------------------------------------------------------------
async def test_a_moderator_uploads_a_pack_and_sees_its_summary(harness, cdn):
    reply = await upload(harness, cdn, printed_text())
    assert reply.ephemeral
    pack_hash = (await harness.gm.pack(GUILD_ID, "redux", "printed")).hash
    for words in ("`printed`", "Our printed cards", pack_hash,
                  "generals: 69, cards: 42, regions: 15", "generals: 1, cards: 0, regions: 0"):
        assert words in reply.text
    assert not harness.public()


async def test_a_bad_pack_is_answered_with_the_line_at_fault(harness, cdn):
    pack = json.loads(designed_text())
    pack["generals"][5]["abilities"][0]["kind"] = "charge"
    text = json.dumps(pack, ensure_ascii=False, indent=2)
    line = next(n for n, row in enumerate(text.splitlines(), 1) if '"charge"' in row)
    reply = await upload(harness, cdn, text, filename="ours.json")
    assert reply.ephemeral and f"ours.json line {line}" in reply.text
    assert await harness.gm.pack_names(GUILD_ID, "redux") == []


async def test_a_player_may_not_upload_but_the_moderator_role_may(harness, cdn):
    for user in (ALICE, MOD):
        refused = await upload(harness, cdn, printed_text(), by=user)
        assert refused.ephemeral and "Only a moderator" in refused.text
    assert await harness.gm.pack_names(GUILD_ID, "redux") == []
    await harness.invoke(OWNER, "gm role", role=MOD_ROLE)
    assert "is ready" in (await upload(harness, cdn, printed_text(), by=MOD)).text


async def test_a_file_too_large_or_not_text_is_refused(harness, cdn):
    big = served(cdn, "big.json", printed_text(), size=packs_cog.MAX_PACK_BYTES + 1)
    reply = await harness.invoke(OWNER, "game pack upload", game="redux", file=big)
    assert "at most" in reply.text
    binary = Upload("cards.json", b"\xff\xfe\x00")
    cdn[binary.url] = binary.data
    assert "not UTF-8" in (await harness.invoke(OWNER, "game pack upload", game="redux",
                                                file=binary)).text
    assert await harness.gm.pack_names(GUILD_ID, "redux") == []


async def test_packs_are_listed_shown_offered_and_removed(harness, cdn):
    await upload(harness, cdn, printed_text(), name="printed")
    await upload(harness, cdn, designed_text(), name="copy", filename="designed.json")
    listed = await harness.invoke(ALICE, "game pack list", game="redux")
    assert listed.ephemeral
    assert all(f"`{n}`" in listed.text for n in ("designed", "printed", "copy"))
    shown = await harness.invoke(ALICE, "game pack show", game="redux", name="printed")
    assert "Provenance:" in shown.text and "generals: 1, cards: 0, regions: 0" in shown.text
    offered = await harness.autocomplete(ALICE, "redux new", "pack", "")
    assert [c["value"] for c in offered.choices] == ["designed", "copy", "printed"]
    typed = await harness.autocomplete(ALICE, "redux new", "pack", "PRI")
    assert [c["value"] for c in typed.choices] == ["printed"]
    assert "Only a moderator" in (await harness.invoke(ALICE, "game pack remove", game="redux",
                                                       name="printed")).text
    removed = await harness.invoke(OWNER, "game pack remove", game="redux", name="printed")
    assert "no longer offered" in removed.text
    assert await harness.gm.pack_names(GUILD_ID, "redux") == ["copy"]


# -- tables ----------------------------------------------------------------------------------
async def open_redux(harness: Harness, **options: Any) -> tuple[int, int]:
    """`/redux new` by Alice, Bob and Cara join: (game id, thread)."""
    reply = await harness.invoke(ALICE, "redux new", **options)
    assert "table is ready" in reply.text, reply.text
    thread = harness.threads()[-1]
    for user in (BOB, CARA):
        await harness.invoke(user, "game join", where=thread)
    return await harness.gm.game_id_for_channel(thread), thread


async def test_a_pack_is_frozen_into_the_game_at_creation(harness, cdn):
    await upload(harness, cdn, printed_text(4), name="printed")
    original = (await harness.gm.pack(GUILD_ID, "redux", "printed")).hash
    game_id, thread = await open_redux(harness, pack="printed", trade_rates="literal",
                                       nations="random")
    assert f"pack=Our printed cards ({original})" in harness.public_history()
    await upload(harness, cdn, printed_text(3, "Corrected"), name="printed")
    await harness.invoke(OWNER, "game pack remove", game="redux", name="printed")
    await harness.invoke(ALICE, "game start", where=thread)
    record = await harness.gm.repo.get_game(game_id)
    assert record.options["trade_rates"] == "literal" and record.options["nations"] == "random"
    view = REDUX.view(record.state, None)
    assert view["pack"]["hash"] == original and view["pack"]["name"] == "Our printed cards"
    status = await harness.invoke(BOB, "game status", where=thread)
    assert original in status.text


@pytest.mark.parametrize("name", ["nope", "two words", "a,b"])
async def test_an_unknown_pack_opens_no_table(harness, name):
    reply = await harness.invoke(ALICE, "redux new", pack=name)
    assert f"no data pack named `{name}`" in reply.text and not harness.threads()


# -- secrets ---------------------------------------------------------------------------------
async def started(harness: Harness) -> tuple[int, int]:
    game_id, thread = await open_redux(harness)
    await harness.invoke(ALICE, "game start", where=thread)
    return game_id, thread


async def test_redux_hand_is_only_for_its_player(harness):
    game_id, thread = await started(harness)
    state = await harness.state(game_id)
    reply = await harness.invoke(BOB, "redux hand", where=thread)
    assert reply.ephemeral and "**Hand**" in reply.text
    bob = REDUX.view(state, 1)["players"][1]
    names = [c["name"] for c in bob["hand"]] + [g["name"] for g in bob.get("drawn", [])]
    assert names and all(n in reply.text for n in names)
    pack = data.frozen(state)
    needs = [t("redux.needs", what=t(f"redux.requirement.{r['kind']}"), least=r["min"])
             for card in bob["hand"] for r in pack.cards[card["id"]]["requires"]]
    assert needs and all(n in reply.text for n in needs)
    assert not any(n in harness.public_history() for n in names if n not in public_names(state))
    stranger = await harness.invoke(STRANGER, "redux hand", where=thread)
    assert "no seat" in stranger.text


def public_names(state: dict[str, Any]) -> set[str]:
    """Names anyone may read: revealed generals and built cards."""
    view = REDUX.view(state, None)
    return {g["name"] for p in view["players"] for g in p["generals"]} | {
        c["name"] for p in view["players"] for c in p["built"]}


async def test_redux_generals_lists_the_revealed_generals(harness):
    game_id, thread = await started(harness)
    reply = await harness.invoke(STRANGER, "redux generals", where=thread)
    view = REDUX.view(await harness.state(game_id), None)
    assert reply.ephemeral
    for player in view["players"]:
        assert player["nation"].capitalize() in reply.text  # the nation in the reader's words
        assert all(g["name"] in reply.text and g["text"] in reply.text
                   for g in player["generals"])


async def test_redux_commands_need_a_redux_game(harness):
    assert "No game runs" in (await harness.invoke(ALICE, "redux hand")).text
    game_id, thread = await harness.open_table(ALICE)
    reply = await harness.invoke(ALICE, "redux hand", where=thread)
    assert "not Three Kingdoms Redux" in reply.text


# -- the allies' council ---------------------------------------------------------------------
async def to_alliance_step(harness: Harness, game_id: int, thread: int) -> dict[str, Any]:
    """Everyone makes the initial secret pick by typing it; returns the public view at the
    alliance choice."""
    for _ in range(10):
        state = await harness.state(game_id)
        if state["step"] == "alliance":
            return REDUX.view(state, None)
        seat = min(REDUX.to_act(state))
        action = REDUX.legal_actions(state, seat)[0].text
        await harness.invoke(USERS[seat], "move", where=thread, action=action)
    raise AssertionError("the game did not reach the alliance choice")


async def test_the_council_thread_is_private_to_the_two_allies(harness, members):
    game_id, thread = await started(harness)
    view = await to_alliance_step(harness, game_id, thread)
    allies = [USERS[s] for s in view["alliance"]["allies"]]
    outsider = next(u for u in USERS if u not in allies)
    refused = await harness.invoke(outsider, "game council", where=thread)
    assert "Only this round's allies" in refused.text and not members

    opened = await harness.invoke(allies[0], "game council", where=thread)
    [council] = private_threads(harness)
    assert opened.ephemeral and f"<#{council}>" in opened.text
    created = harness.calls("POST /channels/{channel_id}/threads")[-1].json
    assert created["type"] == 12 and created["invitable"] is False  # private, not invitable
    assert harness.fake.channels[council]["parent_id"] == str(CHANNEL_ID)
    assert members == {council: {a.id for a in allies}}
    again = await harness.invoke(allies[1], "game council", where=thread)
    assert f"<#{council}>" in again.text and private_threads(harness) == [council]

    for ally in allies:
        shared = await harness.invoke(ally, "redux share", where=council)
        assert shared.ephemeral and "council thread only" in shared.text
    state = await harness.state(game_id)
    secrets = {n for a in allies for n in own_names(state, USERS.index(a))} - \
        public_names(state)
    assert secrets
    for message in harness.public():
        for name in secrets:
            assert name not in message.content or message.channel_id == council, (
                f"{name} is visible outside the council: {message.content!r}")
    council_text = "\n".join(m.content for m in harness.in_channel(council))
    assert all(name in council_text for name in secrets)

    assert "only in your allies' council" in (await harness.invoke(
        allies[0], "redux share", where=thread)).text
    assert "Only the two allies" in (await harness.invoke(
        outsider, "redux share", where=council)).text


async def test_a_council_with_an_ally_seat_left_vacant_adds_the_one_present(harness,
                                                                              members):
    game_id, thread = await started(harness)
    view = await to_alliance_step(harness, game_id, thread)
    present, gone = [USERS[s] for s in view["alliance"]["allies"]]
    await harness.invoke(gone, "game leave", where=thread)
    assert (await harness.gm.table(game_id)).seats[USERS.index(gone)].user_id is None

    opened = await harness.invoke(present, "game council", where=thread)

    [council] = private_threads(harness)
    assert opened.ephemeral and f"<#{council}>" in opened.text
    assert members == {council: {present.id}}


def private_threads(harness: Harness) -> list[int]:
    return [cid for cid, c in harness.fake.channels.items() if c["type"] == 12]


def own_names(state: dict[str, Any], seat: int) -> list[str]:
    me = REDUX.view(state, seat)["players"][seat]
    return [c["name"] for c in me["hand"]] + [g["name"] for g in me.get("hidden", [])]


async def test_no_council_outside_the_alliance_choice(harness):
    game_id, thread = await started(harness)
    reply = await harness.invoke(ALICE, "game council", where=thread)
    assert "not now" in reply.text


# -- turn prompts ----------------------------------------------------------------------------
def offered(message: Message) -> list[str]:
    """The actions an ephemeral prompt offers, by button or menu option, in order."""
    found = []
    for row in message.components:
        for item in row["components"]:
            if item.get("custom_id", "").startswith("gm:act:"):
                found.append(item["custom_id"].split(":", 4)[4])
            found += [option["value"] for option in item.get("options", [])]
    return found


async def legal(harness: Harness, user: User, game_id: int) -> list[str]:
    prompt = await harness.prompt(user, game_id)
    assert prompt is not None, f"{user.name} is not awaited"
    return [a.text for a in prompt.actions]


async def test_the_secret_pick_is_an_ephemeral_choice_and_stays_secret(harness):
    game_id, thread = await open_redux(harness)
    start = await harness.invoke(ALICE, "game start", where=thread)
    [message] = [m for m in start.messages if m.custom_ids()]
    choices = await legal(harness, ALICE, game_id)
    assert message.audience == ALICE.id and offered(message) == choices
    assert all(c.startswith("recruit ") for c in choices)
    await harness.choose(ALICE, message, choices[-1], choices)
    assert "waiting for others" in message.content and not message.custom_ids()
    state = await harness.state(game_id)
    pack = data.frozen(state)
    picked = [pack.generals[g]["name"]["en"] for g in state["players"][0]["hidden"]]
    assert picked and not any(name in harness.public_history() for name in picked)
    for user in (BOB, CARA):
        reply = await harness.take_turn(user, game_id)
        assert reply.ephemeral and offered(reply.messages[0]) == await legal(harness, user,
                                                                              game_id)


async def to_bidding(harness: Harness) -> tuple[int, int]:
    """Picks and the alliance choice typed with /move: Alice (Wei) bids first."""
    game_id, thread = await started(harness)
    for _ in range(10):
        state = await harness.state(game_id)
        if state["step"] == "bid":
            assert state["turn"] == 0
            return game_id, thread
        seat = min(REDUX.to_act(state))
        action = REDUX.legal_actions(state, seat)[0].text
        await harness.invoke(USERS[seat], "move", where=thread, action=action)
    raise AssertionError("the game did not reach the bidding")


async def test_a_bidding_turn_asks_general_then_action_then_support(harness):
    """Each step offers exactly the engine's legal choices in the same ephemeral message;
    a step without a choice (support for Wei, who holds none) is not asked."""
    game_id, _ = await to_bidding(harness)
    alice = (await harness.take_turn(ALICE, game_id)).messages[0]
    generals = await legal(harness, ALICE, game_id)
    assert offered(alice) == generals and generals[-1] == "pass"
    assert all(g.startswith("place ") for g in generals[:-1])
    await harness.choose(ALICE, alice, "place wei.cao_cao", generals)
    actions = await legal(harness, ALICE, game_id)
    assert offered(alice) == actions and "on farm" in actions and actions[-1] == "cancel"
    assert "Cao Cao" in alice.content
    await harness.choose(ALICE, alice, "on farm", actions)
    assert "waiting for others" in alice.content

    bob = (await harness.take_turn(BOB, game_id)).messages[0]
    generals = await legal(harness, BOB, game_id)
    await harness.choose(BOB, bob, "place wu.sun_jian", generals)
    await harness.choose(BOB, bob, "on market", await legal(harness, BOB, game_id))
    support = await legal(harness, BOB, game_id)
    assert offered(bob) == support == ["support 0", "support 1", "cancel"]
    await harness.choose(BOB, bob, "support 1", support)
    bids = (await harness.state(game_id))["bids"]
    assert [(b["seat"], b["general"], b["action"], b["support"]) for b in bids] == [
        (0, "wei.cao_cao", "farm", 0), (1, "wu.sun_jian", "market", 1)]


# -- whole games -----------------------------------------------------------------------------
def policy(state: dict[str, Any], seat: int, decision: int) -> str:
    """A simple deterministic choice: the heuristic agent seeded by the decision number."""
    return make_agent("heuristic", seed=decision).choose(REDUX, state, seat).text


async def awaited(harness: Harness, game_id: int) -> tuple[User, TurnPrompt]:
    """The first awaited player and their prompt. Only the secret pick asks several players
    at once; every other decision (a bidding turn, the alliance choice, a resolution choice)
    is asked of the acting player alone, and never when the rules leave no choice."""
    asked = [(u, p) for u in USERS if (p := await harness.prompt(u, game_id)) is not None]
    assert asked, "a running game with only humans awaits one of them"
    state = await harness.state(game_id)
    assert len(asked) == 1 or state["step"] == "pick", f"{len(asked)} asked at {state['step']}"
    assert all(len(p.actions) > 1 for _, p in asked), "a decision the rules make was asked"
    return asked[0]


class SecretWatch:
    """No public message carries a secret: no private line of any player, and no name of a
    piece hidden when it was posted (hands, drawn and picked-but-unrevealed generals)."""

    def __init__(self, harness: Harness, game_id: int) -> None:
        self.harness, self.game_id = harness, game_id
        self.seen: dict[int, int] = {}
        self.checked = 0

    async def check(self) -> None:
        state = await self.harness.state(self.game_id)
        pack = data.frozen(state)
        hidden = set().union(*REDUX.secrets(state).values())
        names = {(pack.generals if i in pack.generals else pack.cards)[i]["name"]["en"]
                 for i in hidden}
        private = set(self.harness.fake.private_lines)
        for message in self.harness.public():
            for text in message.history[self.seen.get(message.id, 0):]:
                for line in text.splitlines():
                    assert line not in private, f"a private line in public: {line!r}"
                    leaked = sorted(n for n in names if n in line)
                    assert not leaked, f"hidden {leaked} named in public: {line!r}"
                self.checked += 1
            self.seen[message.id] = len(message.history)


@pytest.mark.slow
async def test_three_players_click_through_a_whole_game_to_the_final_scores(harness):
    """Whoever is awaited presses Take my turn (or types /move while no button is up yet)
    and picks by button or menu in their ephemeral prompt. Boards are not drawn here (the
    rendering tests draw them), so the game of some 800 decisions stays fast."""
    harness.gm.announcer.render = False
    game_id, thread = await started(harness)
    watch = SecretWatch(harness, game_id)
    prompts: dict[int, Message] = {}
    offered: set[str] = set()
    clicks = 0
    for decision in range(MAX_DECISIONS):
        await watch.check()
        if (await harness.gm.table(game_id)).status != "running":
            break
        user, prompt = await awaited(harness, game_id)
        offered |= {a.kind for a in prompt.actions}
        state = await harness.state(game_id)
        action = policy(state, prompt.seat, decision)
        message = prompts.get(user.id)
        current = (f"gm:act:{game_id}:{prompt.version}:", f"gm:pick:{game_id}:{prompt.version}:")
        if message is None or not any(c.startswith(current) for c in message.custom_ids()):
            if not harness.find_or_none(user, f"gm:turn:{game_id}"):
                await harness.invoke(user, "move", where=thread, action=action)
                continue
            message = (await harness.take_turn(user, game_id)).messages[0]
            prompts[user.id] = message
        assert message.audience == user.id
        await harness.choose(user, message, action, [a.text for a in prompt.actions])
        clicks += 1
    else:
        raise AssertionError("the game did not end")
    assert BIDDING_STEPS | {"recruit", "alliance", "decline"} <= offered
    assert len(offered & RESOLUTION_VERBS) >= 8, offered
    assert (await harness.gm.table(game_id)).status == "finished"
    assert "Final scores" in harness.public_history()
    assert clicks > 50 and watch.checked > 100
    assert await harness.gm.verify(game_id)
