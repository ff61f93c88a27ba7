"""Written orders through the local Discord: a wargame player's own step offers **Write
orders**, which opens a form (a modal) whose lines are played as one batch (W33.4). A bad
line is refused naming it and changes nothing, and its answer keeps the lines under a button
that opens the form again holding them; a good batch is played and the next prompt
follows; a form sent after the game moved on is refused, and changes nothing either."""

from __future__ import annotations

import random

from bot.tools.fakediscord.autoplay import TURN, Table, open_table
from bot.tools.fakediscord.users import ScriptedUser
from bot.tools.fakediscord.world import Message
from tests.e2e.test_e2e_clicks import called, human_actions

ORDERS = "gm:orders:"
FORM = "gm:form:"
REORDER = "gm:reorder:"
MOST_CLICKS = 300


async def orders_prompt(fake, table: Table, alice: ScriptedUser) -> Message:  # noqa: ANN001
    """Alice plays her seat at random until her prompt offers Write orders (her nation's own
    action step)."""
    rng = random.Random(1)
    prompt = table.opening
    for _ in range(MOST_CLICKS):
        if prompt is None:
            call = await called(fake, table, alice)
            prompt = (await alice.click(call, f"{TURN}{table.game_id}")).message
            assert prompt is not None
        if any(c.startswith(ORDERS) for c in prompt.custom_ids()):
            return prompt
        prompt = await _pick(alice, prompt, rng)
    raise AssertionError("Alice's action step never came")


async def _pick(user: ScriptedUser, prompt: Message, rng: random.Random) -> Message | None:
    """One random choice of the prompt (a button, or an option of its first menu)."""
    items = [c for row in prompt.components for c in row.get("components", [])
             if "custom_id" in c and not c["custom_id"].startswith(("gm:page:", ORDERS))]
    if not items:
        return None
    item = rng.choice(items)
    if item["type"] == 3:
        value = rng.choice(item["options"])["value"]
        reply = await user.select(prompt, item["custom_id"], [value])
    else:
        reply = await user.click(prompt, item["custom_id"])
    return reply.message


def form_field(modal: dict) -> dict:
    """The form's one text input, inside its label."""
    [label] = modal["components"]
    assert label["type"] == 18 and label["label"]
    assert label["component"]["type"] == 4
    return label["component"]


async def test_written_orders_are_played_as_one_batch(fake, bot, people) -> None:  # noqa: ANN001
    table = await open_table(people.alice, "wargame", ais=1)
    prompt = await orders_prompt(fake, table, people.alice)
    button = next(c for c in prompt.custom_ids() if c.startswith(ORDERS))
    opened = await people.alice.click(prompt, button)
    assert not opened.failed
    form = opened.modal
    assert form["custom_id"].startswith(f"{FORM}{table.game_id}:")
    assert form["title"] == f"Orders · game {table.game_id}"
    field = form_field(form)
    assert field["custom_id"] == "orders" and field["style"] == 2 and not field.get("value")

    before = await human_actions(bot, table)
    refused = await people.alice.submit(opened, {"orders": "levy nowhere\nend"})
    assert refused.ephemeral and "Line 1 (levy nowhere)" in refused.text
    assert await human_actions(bot, table) == before, "a refused batch changes nothing"

    played = await people.alice.submit(opened, {"orders": "end"})
    assert played.ephemeral and not played.failed
    assert await human_actions(bot, table) == before + 1
    assert "Line" not in played.text

    late = await people.alice.submit(opened, {"orders": "end"})
    assert late.ephemeral and "older step" in late.text
    assert await human_actions(bot, table) == before + 1, "a late form changes nothing"

    again = await people.alice.click(prompt, button)  # the old button: the step as it is now
    if again.interaction.modal is not None:
        assert again.modal["custom_id"] != form["custom_id"]  # a form of the newer step
    else:
        assert "cannot give written orders now" in again.text


async def refused_form(fake, bot, people, typed: str):  # noqa: ANN001, ANN201
    """Alice's form sent with `typed`, whose first line is refused: the table, the count of
    her actions before, and the refusal's one message."""
    table = await open_table(people.alice, "wargame", ais=1)
    prompt = await orders_prompt(fake, table, people.alice)
    opened = await people.alice.click(prompt, next(c for c in prompt.custom_ids()
                                                   if c.startswith(ORDERS)))
    before = await human_actions(bot, table)
    refused = await people.alice.submit(opened, {"orders": typed})
    assert refused.ephemeral and "Line 1 (levy nowhere)" in refused.text
    assert await human_actions(bot, table) == before, "a refused batch changes nothing"
    [answer] = refused.messages
    return table, before, answer


async def test_a_refused_form_keeps_the_lines_and_gives_the_form_back(fake, bot,  # noqa: ANN001
                                                                      people) -> None:
    typed = "levy nowhere\nend"
    table, before, answer = await refused_form(fake, bot, people, typed)
    assert f"```\n{typed}\n```" in answer.content and "Edit my orders" in answer.content
    reopened = await people.alice.click(answer, next(c for c in answer.custom_ids()
                                                     if c.startswith(REORDER)))
    assert not reopened.failed
    assert reopened.modal["custom_id"].startswith(f"{FORM}{table.game_id}:")
    assert form_field(reopened.modal)["value"] == typed  # the form holds her lines again
    played = await people.alice.submit(reopened, {"orders": "end"})  # corrected: it plays
    assert played.ephemeral and not played.failed and "Line" not in played.text
    assert await human_actions(bot, table) == before + 1


async def test_lines_too_long_for_a_message_are_kept_in_a_file_the_form_reads(  # noqa: ANN001
        fake, bot, people) -> None:
    typed = "levy nowhere\n" + "\n".join(["end"] * 600)  # over a message, within the form
    _, before, answer = await refused_form(fake, bot, people, typed)
    assert [a.filename for a in answer.attachments] == ["orders.txt"]
    assert "attached file" in answer.content and typed not in answer.content
    reopened = await people.alice.click(answer, next(c for c in answer.custom_ids()
                                                     if c.startswith(REORDER)))
    assert form_field(reopened.modal)["value"] == typed
