"""/campaign through the command tree: creation for moderators only, joining, opening a round
into threads with the right seats, standings as text and image, statistics, the news of a
round's end in the channel, and closing a campaign."""

from __future__ import annotations

from tests.bot.playbypost.test_campaigns import finish
from tests.cogs.fake_discord import CHANNEL_ID, GUILD_ID
from tests.cogs.harness import ALICE, BOB, CARA, OWNER, STRANGER, Harness

PNG = b"\x89PNG\r\n\x1a\n"
PLAYERS = (ALICE, BOB, CARA, STRANGER)


async def spring(harness: Harness, seats: int = 2) -> None:
    """A record league, Spring, that the four players joined."""
    await harness.invoke(OWNER, "campaign new", name="Spring", game="record", kind="league",
                         seats=seats)
    for user in PLAYERS:
        await harness.invoke(user, "campaign join", name="Spring")


async def test_only_a_moderator_creates_a_campaign(harness):
    refused = await harness.invoke(ALICE, "campaign new", name="Spring", game="record",
                                   kind="league", seats=3)
    assert refused.ephemeral and "Only a moderator" in refused.text
    assert harness.in_channel(CHANNEL_ID) == []
    created = await harness.invoke(OWNER, "campaign new", name="Spring", game="record",
                                   kind="tournament", seats=3)
    assert created.ephemeral and created.text == "Done."
    [news] = harness.in_channel(CHANNEL_ID)
    assert "**Spring**" in news.content and "tournament" in news.content
    assert "/campaign join" in news.content
    assert await harness.bot.app.campaigns.names(GUILD_ID) == ["Spring"]


async def test_join_is_announced_and_a_second_join_refused(harness):
    await harness.invoke(OWNER, "campaign new", name="Spring", game="record", kind="league",
                         seats=3)
    joined = await harness.invoke(ALICE, "campaign join", name="spring")
    assert joined.ephemeral and "You joined **Spring**" in joined.text
    assert harness.in_channel(CHANNEL_ID)[-1].content == "Alice joined **Spring**."
    again = await harness.invoke(ALICE, "campaign join", name="Spring")
    assert again.ephemeral and "already a member" in again.text
    unknown = await harness.invoke(BOB, "campaign join", name="Autumn")
    assert "no campaign named Autumn" in unknown.text


async def test_open_round_opens_a_thread_per_table_with_its_seats(harness):
    await spring(harness)
    refused = await harness.invoke(ALICE, "campaign schedule", name="Spring", open_round=True)
    assert "Only a moderator" in refused.text and harness.threads() == []

    reply = await harness.invoke(OWNER, "campaign schedule", name="Spring", open_round=True)

    threads = harness.threads()
    assert len(threads) == 2
    seated = []
    for number, thread in enumerate(threads, start=1):
        table = await harness.gm.table(await harness.gm.game_id_for_channel(thread))
        users = [s.user_id for s in table.seats]
        seated += users
        assert len(users) == 2 and table.status == "open" and table.thread_id == thread
        [intro] = harness.in_channel(thread)
        assert all(s.name in intro.content for s in table.seats)
        call = next(m for m in harness.in_channel(CHANNEL_ID)
                    if m.content.startswith(f"Table {number} "))
        assert f"<#{thread}>" in call.content and "/game start" in call.content
        assert all(f"<@{u}>" in call.content for u in users)
    assert sorted(seated) == sorted(u.id for u in PLAYERS)
    assert any("round 1 is dealt. Tables: 2." in m.content
               for m in harness.in_channel(CHANNEL_ID))
    assert reply.ephemeral and "**Round 1**" in reply.text and "Table 2" in reply.text
    mentions = [c.json["allowed_mentions"] for c in harness.calls(
        "POST /channels/{channel_id}/messages") if c.json and "<@" in c.json["content"]]
    assert [sorted(m["users"]) for m in mentions] == [
        sorted(s.user_id for s in (await harness.gm.table(g)).seats)
        for g in [await harness.gm.game_id_for_channel(t) for t in threads]]


async def test_standings_after_several_games_answer_text_and_a_png(harness):
    await spring(harness)
    await harness.invoke(OWNER, "campaign schedule", name="Spring", open_round=True)
    games = [await harness.gm.game_id_for_channel(t) for t in harness.threads()]
    for game_id, thread in zip(games, harness.threads(), strict=True):
        creator = (await harness.gm.table(game_id)).seats[0].user_id
        first = next(u for u in PLAYERS if u.id == creator)
        await harness.invoke(first, "game start", where=thread)
    await finish(harness.bot.app, games[0], [12, 7])
    await finish(harness.bot.app, games[1], [5, 5])

    reply = await harness.invoke(ALICE, "campaign standings", name="Spring")

    assert reply.ephemeral
    assert "standings (finished games: 2)" in reply.text
    lines = [line for line in reply.text.splitlines() if line[:2] in ("1.", "2.", "3.", "4.")]
    assert len(lines) == 4 and "points 1 ·" in lines[0] and "points 0.5 ·" in lines[1]
    [image] = [data for m in reply.messages for name, data in m.files
               if name == "standings.png"]
    assert image.startswith(PNG)


async def test_a_command_whose_channel_discord_py_cannot_make_out(harness):
    """An interaction without its channel (or of a type discord.py does not know) leaves
    `interaction.channel` None: the change is made and confirmed without public news, and a
    round, whose tables need threads of a text channel, is refused with what to do."""
    await harness.invoke(OWNER, "campaign new", name="Spring", game="record", kind="league",
                         seats=2)
    before = harness.in_channel(CHANNEL_ID)
    joins = []
    for user in PLAYERS:
        payload = harness.command_payload(user, "campaign join", name="Spring")
        del payload["channel"]
        joins += await harness.dispatch(payload)
    assert all(j.ephemeral and "You joined **Spring**" in j.text for j in joins)
    assert harness.in_channel(CHANNEL_ID) == before

    payload = harness.command_payload(OWNER, "campaign schedule", name="Spring",
                                      open_round=True)
    del payload["channel"]
    [refused] = await harness.dispatch(payload)
    assert refused.ephemeral and "Open a round from a text channel" in refused.text
    assert harness.threads() == []
    schedule = await harness.bot.app.campaigns.schedule(GUILD_ID, "Spring")
    assert schedule.tables == [] and len(schedule.waiting) == len(PLAYERS)


async def test_schedule_and_stats_answer_privately(harness):
    await spring(harness)
    schedule = await harness.invoke(BOB, "campaign schedule", name="Spring")
    assert schedule.ephemeral and "No round has been dealt yet" in schedule.text
    assert "Waiting for a table: Alice, Bob, Cara, and Stranger" in schedule.text
    stats = await harness.invoke(BOB, "campaign stats", name="Spring", user=ALICE)
    assert stats.ephemeral and "**Alice** in **Spring** · finished games 0" in stats.text
    assert "No finished game yet." in stats.text


async def test_the_campaign_name_is_offered_as_you_type(harness):
    await harness.invoke(OWNER, "campaign new", name="Spring", game="record", kind="league",
                         seats=3)
    await harness.invoke(OWNER, "campaign new", name="Autumn cup", game="scythe",
                         kind="tournament", seats=4)
    reply = await harness.autocomplete(ALICE, "campaign join", "name", "CUP")
    assert [c["value"] for c in reply.choices] == ["Autumn cup"]


async def open_and_start_round(harness: Harness) -> list[int]:
    """Round 1 of Spring dealt and every table started; the tables' game ids."""
    await harness.invoke(OWNER, "campaign schedule", name="Spring", open_round=True)
    games = [await harness.gm.game_id_for_channel(t) for t in harness.threads()]
    for game_id, thread in zip(games, harness.threads(), strict=True):
        creator = (await harness.gm.table(game_id)).seats[0].user_id
        await harness.invoke(next(u for u in PLAYERS if u.id == creator), "game start",
                             where=thread)
    return games


async def test_the_end_of_a_rounds_last_table_is_told_in_the_channel(harness):
    await spring(harness)
    await open_and_start_round(harness)
    first, last = harness.threads()

    await harness.invoke(OWNER, "gm end", where=first, scored=False)
    assert not any("round 1 has ended" in m.content for m in harness.in_channel(CHANNEL_ID))
    await harness.invoke(OWNER, "gm end", where=last, scored=True)

    [news] = [m for m in harness.in_channel(CHANNEL_ID) if "round 1 has ended" in m.content]
    assert news.content.startswith("Spring: every table of round 1 has ended.")
    assert "Leading with " in news.content and "open_round:True" in news.content
    assert not any("round 1 has ended" in m.content for t in (first, last)
                   for m in harness.in_channel(t))


async def test_a_moderator_closes_a_campaign_with_its_final_standings(harness):
    await spring(harness)
    games = await open_and_start_round(harness)
    live = await harness.invoke(OWNER, "campaign close", name="Spring")
    assert live.ephemeral and "still has tables in play" in live.text
    for game_id, totals in zip(games, ([12, 7], [5, 5]), strict=True):
        await finish(harness.bot.app, game_id, totals)
    refused = await harness.invoke(ALICE, "campaign close", name="Spring")
    assert refused.ephemeral and "Only a moderator" in refused.text

    closed = await harness.invoke(OWNER, "campaign close", name="Spring")

    assert closed.ephemeral and closed.text == "Done."
    final = harness.in_channel(CHANNEL_ID)[-1]
    assert final.content.startswith("**Spring** is closed; its standings are final (2 games")
    assert "1." in final.content and "4." in final.content
    [(name, image)] = final.files
    assert name == "standings.png" and image.startswith(PNG)
    again = await harness.invoke(BOB, "campaign join", name="Spring")
    assert "has finished" in again.text


async def test_blocked_players_are_never_dealt_together_and_an_impossible_round_is_said(harness):
    await spring(harness)  # four players, tables of two
    await harness.invoke(ALICE, "me block", user=BOB)
    await harness.invoke(CARA, "me block", user=ALICE)
    await harness.invoke(OWNER, "campaign schedule", name="Spring", open_round=True)
    for thread in harness.threads():
        table = await harness.gm.table(await harness.gm.game_id_for_channel(thread))
        users = {s.user_id for s in table.seats}
        assert users in ({ALICE.id, STRANGER.id}, {BOB.id, CARA.id})

    await harness.invoke(OWNER, "campaign new", name="Autumn", game="record", kind="league",
                         seats=3)
    for user in (ALICE, BOB, CARA):
        await harness.invoke(user, "campaign join", name="Autumn")
    threads = len(harness.threads())
    refused = await harness.invoke(OWNER, "campaign schedule", name="Autumn", open_round=True)
    assert refused.ephemeral and refused.text.startswith(
        "Round 1 of Autumn cannot be dealt: with tables of 3 players, no deal keeps apart the "
        "players who asked not to meet (Alice with Bob and Alice with Cara). Nothing was "
        "opened.")
    assert len(harness.threads()) == threads
