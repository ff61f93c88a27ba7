"""Issue 28: what an adversarial member reaches with an ordinary (or a forged) Discord
client. Each test is one defect of the issue, driven through the local Discord."""

from __future__ import annotations

import asyncio
import json

from bot.service.export import NAME_LIMIT, export_data
from bot.tools.fakediscord.autoplay import SeatPlayer, Table, open_table
from bot.tools.fakediscord.users import Reply, ScriptedUser
from bot.tools.fakediscord.world import (
    BOT,
    CHANNEL_ID,
    COMMAND,
    COMPONENT,
    GUILD_ID,
    MOD_ROLE,
    MODAL_SUBMIT,
)
from games.core import get_game

UNEXPECTED = "Something went wrong"


async def human_moves(bot, table: Table) -> int:  # noqa: ANN001 - the conftest's bot
    return sum(a.user_id is not None for a in await bot.gm.repo.actions(table.game_id)
               if not a.undone)


async def two_moves(fake, bot, people) -> Table:  # noqa: ANN001
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    await SeatPlayer(people.alice, table, seed=1, max_choices=1).decide(table.opening)
    await SeatPlayer(people.bob, table, seed=2, max_choices=1).play()
    await fake.idle()
    return table


async def test_two_moderators_undoing_at_once_take_back_one_move(fake, bot, people) -> None:
    table = await two_moves(fake, bot, people)
    before = await human_moves(bot, table)
    assert before >= 2
    sent = [await user.command("gm undo", channel=table.thread, settle=False)
            for user in (people.owner, people.owner, people.owner)]
    replies = await asyncio.gather(*(fake.settle(r.interaction) for r in sent))
    await fake.idle()
    assert await human_moves(bot, table) == before - 1
    texts = sorted(r.text for r in sent)
    assert replies and sum(t.startswith("Done.") for t in texts) == 1, texts
    assert sum("already taken back" in t for t in texts) == 2, texts


# -- 2. /game import with long seat names ----------------------------------------------------
def export_file(names: list[str], game: str = "record") -> bytes:
    """A valid export of a game that has just begun, seated by `names`."""
    engine = get_game(game)
    options = engine.resolve_options({})
    state, _ = engine.begin(len(names), options, 7)
    return json.dumps(export_data(game, options, 7, names, [], state, None)).encode()


async def tables_of(bot) -> int:  # noqa: ANN001
    return len(await bot.gm.repo.list_games())


async def test_import_refuses_overlong_seat_names_before_storing(fake, bot, people) -> None:
    before = await tables_of(bot)
    for names in (["x" * 1001] * 3, ["y" * 10_000] * 2):
        reply = await people.alice.command("game import", channel=CHANNEL_ID,
                                           file=("long.json", export_file(names)))
        assert not reply.failed and UNEXPECTED not in reply.text
        assert f"longer than {NAME_LIMIT} characters" in reply.text, reply.text
    assert await tables_of(bot) == before
    threads = [c for c in fake.world.channels.values() if c.get("type") == 11]
    assert threads == []


async def test_import_with_names_at_the_limit_opens_the_table(fake, bot, people) -> None:
    names = ["n" * NAME_LIMIT, "m" * NAME_LIMIT]
    reply = await people.alice.command("game import", channel=CHANNEL_ID,
                                       file=("ok.json", export_file(names)))
    assert "<#" in reply.text and UNEXPECTED not in reply.text, reply.text


# -- 3. the bot is no player -----------------------------------------------------------------
async def test_no_bot_account_is_handed_or_given_a_seat(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    the_bot, other_bot = ScriptedUser(fake, BOT), fake.user("OtherBot", bot=True)
    for target in (the_bot, other_bot):
        handed = await people.alice.command("game handover", channel=table.thread, user=target)
        replaced = await people.owner.command("gm replace", channel=table.thread, seat=2,
                                              user=target)
        for reply in (handed, replaced):
            assert "bot account cannot hold a seat" in reply.text, reply.text
    seats = (await bot.gm.table(table.game_id)).seats
    assert [s.user_id for s in seats] == [people.alice.id, people.bob.id]


# -- 4. JSON nested too deep, numbers too long -----------------------------------------------
async def test_deep_json_and_long_numbers_are_refused_with_a_sentence(fake, bot, people) -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    number = b'{"format": "gamemaster-export/1", "seed": ' + b"7" * 5001 + b"}"
    for raw in (deep, number):
        reply = await people.alice.command("game import", channel=CHANNEL_ID,
                                           file=("deep.json", raw))
        assert UNEXPECTED not in reply.text and ("levels" in reply.text
                                                 or "digits" in reply.text), reply.text
        pack = await people.owner.command("game pack upload", channel=CHANNEL_ID, game="redux",
                                          file=("deep.json", raw), name="deep")
        assert UNEXPECTED not in pack.text and ("levels" in pack.text
                                                or "digits" in pack.text), pack.text
    assert await tables_of(bot) == 0


# -- 5. 6000 characters quoted back ----------------------------------------------------------
LONG = "z" * 6000


async def test_quoted_6000_character_options_fit_discord(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    thread = table.thread
    calls = [
        ("move", thread, {"action": LONG}),
        ("game new", CHANNEL_ID, {"game": "record", "options": LONG}),
        ("game rules", thread, {"name": LONG}),
        ("game board", thread, {"part": LONG}),
        ("me quiet", thread, {"start": "23", "end": "8", "zone": LONG}),
        ("campaign join", CHANNEL_ID, {"name": LONG}),
        ("campaign standings", CHANNEL_ID, {"name": LONG}),
        ("redux new", CHANNEL_ID, {"pack": LONG}),
        ("game pack show", CHANNEL_ID, {"game": "redux", "name": LONG}),
        ("game new", CHANNEL_ID, {"game": "tang", "pack": LONG}),
    ]
    for name, channel, options in calls:
        reply = await people.alice.command(name, channel=channel, **options)
        assert not reply.failed and reply.text, name
        assert UNEXPECTED not in reply.text, f"/{name}: {reply.text[:200]}"
        assert len(reply.text) < 2000 and LONG[:1000] not in reply.text, name


# -- 8. /gm role @everyone, a role that does not resolve -------------------------------------
async def test_everyone_and_unresolved_roles_are_refused(fake, bot, people) -> None:
    everyone = await people.owner.command("gm role", channel=CHANNEL_ID, role=GUILD_ID)
    data = people.owner._command_data("gm role", {"role": MOD_ROLE})
    del data["resolved"]
    forged = Reply(fake, await fake.interact(people.owner.member, COMMAND, data, CHANNEL_ID))
    await fake.settle(forged.interaction)
    assert "@everyone" in everyone.text and "Choose a role" in everyone.text, everyone.text
    assert "does not exist" in forged.text and UNEXPECTED not in forged.text, forged.text
    assert await bot.gm.moderator_role(GUILD_ID) is None


# -- 10. forged form and component ids -------------------------------------------------------
async def test_forged_form_ids_are_answered(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    for custom_id in (f"gm:form:{table.game_id}:{'9' * 30}", f"gm:form:{'9' * 30}:1"):
        data = {"custom_id": custom_id, "components": []}
        sent = await fake.interact(people.alice.member, MODAL_SUBMIT, data, table.thread)
        await fake.settle(sent)
        reply = Reply(fake, sent)
        assert not reply.failed and reply.text, custom_id


async def test_a_forged_move_button_gets_the_one_sentence_that_applies(fake, bot,
                                                                      people) -> None:
    """A button of a game that does not exist, or pressed by a member without a seat,
    is answered once with why, not also with a prompt's "Done — waiting for others"."""
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    version = (await bot.gm.repo.get_game(table.game_id)).version
    thread_message = fake.world.public(table.thread)[-1]
    for user, custom_id in ((people.alice, "gm:act:999:1:end"),
                            (people.cara, f"gm:act:{table.game_id}:{version}:end")):
        data = {"custom_id": custom_id, "component_type": 2}
        sent = await fake.interact(user.member, COMPONENT, data, table.thread, thread_message)
        await fake.settle(sent)
        reply = Reply(fake, sent)
        assert not reply.failed and len(reply.messages) == 1, reply.text
        assert "\n" not in reply.text and "Done" not in reply.text, reply.text
    assert await human_moves(bot, table) == 0


# -- 9. a game is tied to its server ---------------------------------------------------------
async def test_an_interaction_claiming_another_server_reaches_no_game(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    other_guild, _ = fake.world.add_guild()
    for name in ("gm pause", "gm end"):
        data = people.owner._command_data(name, {})
        sent = await fake.interact(people.owner.member, COMMAND, data, table.thread,
                                   claimed_guild=other_guild)
        await fake.settle(sent)
        reply = Reply(fake, sent)
        assert not reply.failed and "no game" in reply.text.lower(), reply.text
    assert (await bot.gm.table(table.game_id)).status == "running"


async def test_a_forged_press_on_another_players_prompt_leaves_it_alone(fake, bot,
                                                                       people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    prompt = table.opening
    assert prompt is not None and prompt.audience == people.alice.id
    before = (prompt.content, prompt.components)
    data = {"custom_id": prompt.custom_ids()[0], "component_type": 2}
    sent = await fake.interact(people.bob.member, COMPONENT, data, prompt.channel_id, prompt)
    await fake.settle(sent)
    reply = Reply(fake, sent)
    assert "belongs to another player" in reply.text, reply.text
    assert (prompt.content, prompt.components) == before
    assert await human_moves(bot, table) == 0


# -- house rules -----------------------------------------------------------------------------
async def test_replace_does_not_seat_a_member_banned_from_every_game(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", joiners=(people.bob,))
    await people.owner.command("gm ban", channel=table.thread, user=people.cara,
                               everywhere=True)
    refused = await people.owner.command("gm replace", channel=table.thread, seat=2,
                                         user=people.cara)
    await people.owner.command("gm unban", channel=table.thread, user=people.cara,
                               everywhere=True)
    replaced = await people.owner.command("gm replace", channel=table.thread, seat=2,
                                          user=people.cara)
    assert "banned" in refused.text and not refused.text.startswith("Done."), refused.text
    assert "gave seat 2 to Cara" in replaced.text, replaced.text


async def test_any_member_may_take_over_an_ai_seat(fake, bot, people) -> None:
    table = await open_table(people.alice, "record", ais=1)
    taken = await people.stranger.command("game takeover", channel=table.thread, seat=2)
    seats = (await bot.gm.table(table.game_id)).seats
    assert seats[1].user_id == people.stranger.id and not seats[1].ai, taken.text
