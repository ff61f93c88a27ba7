"""The turn prompt through the real components: Take my turn, ephemeral choices, refusals,
stale and double clicks, menus and pages, and where secret lines go."""

from __future__ import annotations

import logging
from dataclasses import replace

import pytest

from bot.i18n import game_title, t
from bot.service.models import Private, Seat, Table, TurnPrompt, Update
from cogs import thread_posts, turns
from games.core import Action
from tests.cogs.fake_discord import Message
from tests.cogs.harness import ALICE, BOB, CARA, OWNER, RECORD, STRANGER, Harness, SecretWatch


async def started(harness: Harness) -> tuple[int, int]:
    """Alice, Bob and an AI; Alice starts and owes the first decision."""
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,), ais=1)
    await harness.invoke(ALICE, "game start", where=thread)
    return game_id, thread


async def first_prompt(harness: Harness, game_id: int) -> tuple[TurnPrompt, Message]:
    """Alice's decision and the ephemeral message offering it (her answer to /game start)."""
    prompt = await harness.prompt(ALICE, game_id)
    assert prompt is not None
    custom_id = f"gm:act:{game_id}:{prompt.version}:{prompt.actions[0].text}"
    return prompt, harness.find(ALICE, custom_id)


async def human_actions(harness: Harness, game_id: int, user_id: int) -> int:
    return sum(a.user_id == user_id for a in await harness.gm.repo.actions(game_id))


async def test_start_answers_the_starter_with_their_prompt(harness):
    game_id, _ = await started(harness)
    prompt, message = await first_prompt(harness, game_id)
    assert message.audience == ALICE.id and prompt.text in message.content
    assert [f"gm:act:{game_id}:{prompt.version}:{a.text}" for a in prompt.actions] == \
        message.custom_ids()


async def test_a_player_takes_a_turn_through_the_ephemeral_prompt(harness):
    game_id, thread = await started(harness)
    prompt, message = await first_prompt(harness, game_id)
    chosen = prompt.actions[1]
    reply = await harness.choose(ALICE, message, chosen.text, [a.text for a in prompt.actions])
    assert reply.callback_types == [6]  # acknowledged, then the same message was edited
    assert reply.messages == [message] and message.audience == ALICE.id
    assert f"You chose **{chosen.label}**" in message.content
    assert t("turns.done") in message.content and not message.custom_ids()
    assert await human_actions(harness, game_id, ALICE.id) == 1
    last = harness.in_channel(thread)[-1]
    assert "<@12>" in last.content and f"gm:turn:{game_id}" in last.custom_ids()
    bob = await harness.take_turn(BOB, game_id)
    assert bob.ephemeral and bob.callback_types == [5]
    bob_prompt = await harness.prompt(BOB, game_id)
    assert bob.messages[0].custom_ids() and bob_prompt.text in bob.text
    again = await harness.choose(BOB, bob.messages[0], bob_prompt.actions[0].text,
                                 [a.text for a in bob_prompt.actions])
    assert again.messages == bob.messages and "You chose" in again.text
    assert await human_actions(harness, game_id, BOB.id) == 1


async def test_the_players_secret_lines_reach_only_them(harness):
    game_id, thread = await started(harness)
    prompt, message = await first_prompt(harness, game_id)
    await harness.click(ALICE, message.custom_ids()[0], message=message)
    secret = next(line for line in message.content.splitlines() if line.startswith("You chose ")
                  and "**" not in line)
    assert secret not in harness.public_history()


async def test_someone_without_a_seat_or_not_awaited_is_told_so_and_nothing_changes(harness):
    game_id, thread = await started(harness)
    prompt = await harness.prompt(ALICE, game_id)
    await harness.invoke(ALICE, "move", where=thread, action=prompt.actions[0].text)
    version = await harness.version(game_id)
    stranger = await harness.take_turn(STRANGER, game_id)
    assert stranger.ephemeral and "no seat" in stranger.text
    alice = await harness.take_turn(ALICE, game_id)
    assert alice.ephemeral and "not your turn" in alice.text
    assert not alice.custom_ids
    assert await harness.version(game_id) == version


async def test_a_forged_click_for_another_seat_is_refused(harness):
    game_id, thread = await started(harness)
    _, message = await first_prompt(harness, game_id)
    version = await harness.version(game_id)
    reply = await harness.click(BOB, message.custom_ids()[0], message=message)
    assert "not your turn" in reply.text.lower()
    assert await harness.version(game_id) == version


async def test_a_stale_button_says_so_and_shows_the_current_turn(harness):
    game_id, thread = await started(harness)
    prompt = await harness.prompt(ALICE, game_id)
    legal = [a.text for a in prompt.actions]
    old = harness.find(ALICE, f"gm:act:{game_id}:{prompt.version}:{legal[0]}")
    await harness.invoke(ALICE, "move", where=thread, action=legal[0])
    version = await harness.version(game_id)
    reply = await harness.click(ALICE, f"gm:act:{game_id}:{prompt.version}:{legal[1]}",
                                message=old)
    assert "older step" in reply.text and reply.ephemeral
    assert await harness.version(game_id) == version
    assert await human_actions(harness, game_id, ALICE.id) == 1


async def test_a_stale_menu_choice_by_index_is_not_applied(harness, monkeypatch):
    monkeypatch.setattr(turns, "CUSTOM_ID_LIMIT", 10)  # every action travels as its index
    game_id, thread = await started(harness)
    prompt = await harness.prompt(ALICE, game_id)
    old = harness.find(ALICE, f"gm:act:{game_id}:{prompt.version}:#0")
    await harness.invoke(ALICE, "move", where=thread, action=prompt.actions[0].text)
    version = await harness.version(game_id)
    reply = await harness.click(ALICE, f"gm:act:{game_id}:{prompt.version}:#1", message=old)
    assert t("tables.stale_button") in reply.text
    assert await harness.version(game_id) == version


@pytest.mark.parametrize("forged", ["#-1", "#-2", "#x", "#", "#١"])
async def test_a_forged_action_index_changes_nothing(harness, monkeypatch, forged):
    """A client can send any custom id: an index that is not a plain number names no
    action, even one Python would read from the end of the list; it is answered as a
    component the bot never made (cogs/ids.py, cogs/components.py)."""
    monkeypatch.setattr(turns, "CUSTOM_ID_LIMIT", 10)
    game_id, _ = await started(harness)
    prompt = await harness.prompt(ALICE, game_id)
    message = harness.find(ALICE, f"gm:act:{game_id}:{prompt.version}:#0")
    version = await harness.version(game_id)
    forged_id = f"gm:act:{game_id}:{prompt.version}:{forged}"
    message.component(f"gm:act:{game_id}:{prompt.version}:#0")["custom_id"] = forged_id
    reply = await harness.click(ALICE, forged_id, message=message)
    assert reply.ephemeral and t("turns.unknown_component") in reply.text
    assert await harness.version(game_id) == version


async def test_two_clicks_of_one_button_at_once_apply_once(harness):
    game_id, thread = await started(harness)
    prompt = await harness.prompt(ALICE, game_id)
    custom_id = f"gm:act:{game_id}:{prompt.version}:{prompt.actions[0].text}"
    message = harness.find(ALICE, custom_id)
    first, second = await harness.dispatch(
        harness.click_payload(ALICE, custom_id, message=message),
        harness.click_payload(ALICE, custom_id, message=message))
    assert await human_actions(harness, game_id, ALICE.id) == 1
    assert first.callback_types == second.callback_types == [6]
    acts = harness.calls("act")
    assert len(acts) == 2
    # the first press's answer stays on the message; the second is told apart, briefly
    assert f"You chose **{prompt.actions[0].label}**" in message.content
    assert t("tables.stale_button") not in message.content
    assert any(t("tables.stale_button") in m.content and "You have acted since" in m.content
               for m in second.messages if m is not message)


async def test_actions_by_index_apply_the_right_action(harness, monkeypatch):
    monkeypatch.setattr(turns, "CUSTOM_ID_LIMIT", 10)
    game_id, thread = await started(harness)
    prompt = await harness.prompt(ALICE, game_id)
    message = harness.find(ALICE, f"gm:act:{game_id}:{prompt.version}:#2")
    await harness.click(ALICE, f"gm:act:{game_id}:{prompt.version}:#2", message=message)
    [action] = [a for a in await harness.gm.repo.actions(game_id) if a.user_id == ALICE.id]
    assert action.action == prompt.actions[2].to_json()


async def test_many_actions_come_as_menus_in_pages(harness, monkeypatch):
    monkeypatch.setattr(turns, "MAX_BUTTONS", 2)
    monkeypatch.setattr(turns, "PER_SELECT", 2)
    monkeypatch.setattr(turns, "SELECTS_PER_PAGE", 1)
    game_id, thread = await started(harness)
    prompt = await harness.prompt(ALICE, game_id)
    legal = [a.text for a in prompt.actions]
    message = harness.find(ALICE, f"gm:pick:{game_id}:{prompt.version}:0")
    assert "page 1 of" in message.content
    reply = await harness.choose(ALICE, message, legal[-1], legal)  # on the last page
    assert reply.callback_types == [6]
    [action] = [a for a in await harness.gm.repo.actions(game_id) if a.user_id == ALICE.id]
    assert action.action == prompt.actions[-1].to_json()


async def test_no_public_message_ever_names_a_hidden_card(harness):
    game_id, thread = await started(harness)
    watch = SecretWatch(harness, game_id)
    await watch.check()
    prompt, message = await first_prompt(harness, game_id)
    await harness.click(ALICE, message.custom_ids()[-1], message=message)
    await watch.check()
    for _ in range(12):
        moved = False
        for user in (ALICE, BOB):
            prompt = await harness.prompt(user, game_id)
            if prompt is None:
                continue
            reply = await harness.take_turn(user, game_id)
            await harness.choose(user, reply.messages[0], prompt.actions[-1].text,
                                 [a.text for a in prompt.actions])
            await watch.check()
            moved = True
        if not moved:
            break
    await harness.invoke(BOB, "game hand", where=thread)
    await watch.check()
    assert watch.checked > 10


async def test_other_players_secret_lines_go_by_direct_message_to_who_asked(harness):
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB, CARA))
    await harness.gm.settings.set_user(BOB.id, dm=True)
    table = await harness.gm.table(game_id)
    update = Update(table, public=["Something public."],
                    private=[Private(ALICE.id, ["Alice's secret"]),
                             Private(BOB.id, ["Bob's secret"]),
                             Private(CARA.id, ["Cara's secret"])])
    await turns.announce(harness.bot, update, actor=ALICE.id)
    assert "Something public." in harness.in_channel(thread)[-1].content
    [dm] = harness.dms(BOB)
    assert "Bob's secret" in dm.content and not harness.dms(ALICE)
    assert not harness.dms(CARA)  # she did not ask for DMs: /game hand and /game log tell her
    assert "secret" not in harness.public_history()


# -- pure formatting ----------------------------------------------------------------------
def _table(status: str = "running") -> Table:
    return Table(7, "record", game_title("record"), status, [Seat(0, 11, "Alice", None)], 3, 1,
                 2, 3, {}, 2, 5)


def test_public_lines_are_packed_within_discords_limit_and_the_mention_comes_last():
    lines = [f"line {i} " + "x" * 300 for i in range(20)]
    boards = [(f"b{i}.png", b"png") for i in range(12)]
    update = Update(_table(), public=lines, boards=boards, awaiting=[Seat(0, 11, "Alice", None)])
    messages = thread_posts.public_messages(update, "en")
    assert all(len(m.content or "") <= 2000 for m in messages)
    assert len(messages) == 5 and all(len(m.files) <= 10 for m in messages)
    assert sum(len(m.files) for m in messages) == 12
    assert [m.take_turn for m in messages] == [None] * 4 + [7]
    assert messages[-1].mention == [11] and "<@11>" in (messages[-1].content or "")
    assert "".join(m.content or "" for m in messages).count("<@11>") == 1


def test_no_mention_when_nobody_is_awaited_or_the_game_is_paused():
    paused = Update(_table("paused"), public=["Paused."], awaiting=[Seat(0, 11, "Alice", None)])
    [message] = thread_posts.public_messages(paused, "en")
    assert message.take_turn is None and "<@" not in (message.content or "")
    assert thread_posts.public_messages(Update(_table()), "en") == []


def _prompt(count: int, kinds: tuple[str, ...] = ("play",), arg: str = "card") -> TurnPrompt:
    actions = [Action(kinds[i % len(kinds)], (f"{arg}{i}",), label=f"Label {i}")
               for i in range(count)]
    return TurnPrompt(7, 12, 0, "Choose.", actions)


@pytest.mark.parametrize("count", [1, 5, 10])
def test_few_actions_are_buttons_with_the_action_in_the_custom_id(count):
    view = turns.prompt_view(_prompt(count), "en")
    ids = [item.custom_id for item in view.children]
    assert ids == [f"gm:act:7:12:play card{i}" for i in range(count)]
    assert all(len(i) <= 100 for i in ids)


def test_buttons_of_each_kind_share_a_row_when_that_fits():
    actions = [Action("play", ("a",)), Action("play", ("b",)), Action("pass")]
    rows = turns._button_rows(actions)
    assert rows == [0, 0, 1]


def test_many_actions_are_menus_of_25_and_pages_beyond_four_menus():
    view = turns.prompt_view(_prompt(230), "en")
    selects = [i for i in view.children if isinstance(i, turns.ActionSelect)]
    assert [len(s.item.options) for s in selects] == [25, 25, 25, 25]
    pages = [i for i in view.children if isinstance(i, turns.PageButton)]
    assert [p.custom_id for p in pages] == ["gm:page:7:12:1"]
    last = turns.prompt_view(_prompt(230), "en", page=2)
    assert sum(len(s.item.options) for s in last.children
               if isinstance(s, turns.ActionSelect)) == 30
    assert turns.pages_of(_prompt(230)) == 3


def test_a_menu_option_describes_its_kind_of_action_never_its_typed_form():
    prompt = replace(_prompt(30, kinds=("play", "pass")), helps={"play": "이 카드를 냅니다."})
    view = turns.prompt_view(prompt, "ko")
    options = [o for s in view.children if isinstance(s, turns.ActionSelect)
               for o in s.item.options]
    described = {o.value.split()[0]: o.description for o in options}
    assert described == {"play": "이 카드를 냅니다.", "pass": None}
    assert not any(o.description and o.value in o.description for o in options)


def test_actions_too_long_for_a_custom_id_travel_as_their_index():
    view = turns.prompt_view(_prompt(3, arg="x" * 120), "en")
    ids = [item.custom_id for item in view.children]
    assert ids == ["gm:act:7:12:#0", "gm:act:7:12:#1", "gm:act:7:12:#2"]


def test_the_prompt_text_survives_long_private_lines():
    content = turns.prompt_content(_prompt(2), ["secret " * 400], "en")
    assert len(content) <= 2000 and content.endswith("Choose.")


async def test_the_secret_watch_catches_a_leak(harness):
    game_id, thread = await started(harness)
    state = (await harness.gm.repo.get_game(game_id)).state
    hidden = sorted(next(iter(turns_secrets(state).values())))[0]
    watch = SecretWatch(harness, game_id)
    update = Update(await harness.gm.table(game_id), public=[f"Oops: {hidden}"])
    await turns.announce(harness.bot, update, actor=None)
    with pytest.raises(AssertionError, match="hidden cards"):
        await watch.check()


def turns_secrets(state: dict) -> dict[int, set[str]]:
    return {seat: ids for seat, ids in RECORD.secrets(state).items() if ids}


async def test_a_failure_after_the_move_says_the_move_stands(harness, monkeypatch):
    game_id, thread = await started(harness)
    prompt, message = await first_prompt(harness, game_id)

    def broken(*_args, **_kwargs):
        raise RuntimeError("lost the prompt")

    monkeypatch.setattr(turns, "prompt_content", broken)  # the next prompt cannot be shown
    harness.fake.forbidden.add("POST /channels/{channel_id}/messages")
    reply = await harness.click(ALICE, message.custom_ids()[0], message=message)
    applied = t("turns.applied", button=t("turns.take_turn"))
    assert applied in reply.text and "You chose" in reply.text
    assert await human_actions(harness, game_id, ALICE.id) == 1


async def test_a_failing_component_is_logged_and_answered_generically(harness, monkeypatch,
                                                                      caplog):
    game_id, thread = await started(harness)
    prompt, _ = await first_prompt(harness, game_id)
    await harness.invoke(ALICE, "move", where=thread, action=prompt.actions[0].text)

    async def broken(*_args, **_kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(harness.gm, "turn_prompt", broken)
    reply = await harness.take_turn(BOB, game_id)
    assert reply.ephemeral and reply.text == t("core.unexpected")
    assert "database on fire" in caplog.text


def test_the_actor_is_not_mentioned_but_the_others_are():
    awaiting = [Seat(0, 11, "Alice", None), Seat(1, 12, "Bob", None)]
    [message] = thread_posts.public_messages(Update(_table(), awaiting=awaiting), "en", actor=11)
    assert message.mention == [12] and "<@11>" not in (message.content or "")
    assert thread_posts.public_messages(Update(_table(), awaiting=awaiting[:1]), "en",
                                  actor=11) == []


async def test_a_user_who_refuses_direct_messages_does_not_break_the_update(harness, caplog):
    caplog.set_level(logging.INFO, logger="cogs.posting")
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,))
    harness.fake.forbidden.add("POST /users/@me/channels")
    await harness.gm.settings.set_user(BOB.id, dm=True)
    update = Update(await harness.gm.table(game_id), public=["Public news."],
                    private=[Private(BOB.id, ["Bob's secret"])])
    await turns.announce(harness.bot, update, actor=ALICE.id)
    assert "Public news." in harness.in_channel(thread)[-1].content
    assert not harness.dms(BOB) and "Could not DM" in caplog.text


async def test_the_starter_who_plays_first_is_mentioned_with_the_button(harness):
    """The one who starts the table gets their first prompt privately and, should they
    close it, the thread's hand-off too."""
    game_id, thread = await started(harness)
    assert await harness.prompt(ALICE, game_id) is not None
    handoff = [m for m in harness.in_channel(thread) if f"gm:turn:{game_id}" in m.custom_ids()]
    assert handoff and f"<@{ALICE.id}>" in handoff[-1].content



async def test_a_press_in_a_game_that_ended_says_why_once_with_no_done(harness):
    """A refusal that leaves the presser no prompt to show (the game is over) is the whole
    answer: one sentence, not repeated, and no "Done — waiting for others" under it."""
    game_id, thread = await harness.open_table(ALICE, joiners=(BOB,))
    await harness.invoke(ALICE, "game start", where=thread)
    state = await harness.state(game_id)
    player = ALICE if 0 in RECORD.to_act(state) else BOB
    prompt = await harness.take_turn(player, game_id)
    message = prompt.messages[0]
    await harness.invoke(OWNER, "gm end", where=thread, scored=False)
    ids = message.custom_ids()
    button = next((c for c in ids if c.startswith("gm:act:")), None)
    if button is not None:
        reply = await harness.click(player, button, message=message)
    else:
        menu = next(c for c in ids if c.startswith("gm:pick:"))
        value = message.component(menu)["options"][0]["value"]
        reply = await harness.select(player, menu, [value], message=message)
    over = t("tables.over")
    assert reply.text == f"⚠️ {over}", reply.text


async def test_a_held_answer_stays_when_its_player_owes_nothing_by_the_time_it_comes_back(
        harness):
    """An announcement calls a player who answered meanwhile from another prompt of theirs:
    the message their answer left keeps that answer rather than a catch-up over "Done"."""
    game_id, thread = await started(harness)
    prompt, message = await first_prompt(harness, game_id)
    await harness.choose(ALICE, message, prompt.actions[0].text,
                         [a.text for a in prompt.actions])
    bob_prompt = await harness.prompt(BOB, game_id)
    assert bob_prompt is not None
    [held] = (await harness.take_turn(BOB, game_id)).messages
    while bob_prompt is not None:  # Bob answers from his prompt until he owes nothing
        await harness.choose(BOB, held, bob_prompt.actions[0].text,
                             [a.text for a in bob_prompt.actions])
        bob_prompt = await harness.prompt(BOB, game_id)
    assert "You chose" in held.content
    table = await harness.gm.table(game_id)
    calling = Update(table, public=["Something public."],
                     awaiting=[s for s in table.seats if s.user_id == BOB.id])
    before = held.content
    await turns.announce(harness.bot, calling, actor=ALICE.id)
    assert held.content == before and t("turns.catch_up") not in held.content
