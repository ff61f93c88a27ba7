"""Turns: the private turn prompt and the components that answer a turn's presses.

Posting what a change tells the table (the thread, the DMs, the outbox's marks) is
cogs/posting.py's; `announce` here hands it this cog's components.

Every component is a `DynamicItem` whose custom_id carries what it needs (game, version,
action), so the bot keeps no per-message state and buttons keep working after a restart.

A turn, as a player sees it:
1. The thread gets "@you: your turn" with a public **Take my turn** button (and the board
   when one is due) in a message that is the turn's: its lines, the AI moves after it and
   its images are edited into it (cogs/thread_posts.py).
2. Pressing it opens an ephemeral prompt: the question and the legal actions as buttons (few)
   or select menus (many, 25 per menu, in pages of four menus).
3. Choosing applies the action (at the version the prompt was built for) and edits the same
   ephemeral message into the player's private lines and their next prompt, or "Done".

Secret lines never go to the thread: the acting player reads theirs in the ephemeral answer;
other players get theirs by DM when they asked for DMs (`/me dm`, best effort), and every
player reads them with `/game hand` and `/game log`, which show their private view.

Languages: what the thread shows (lines, the button's label) speaks the server's language,
since everyone reads it; a prompt, a DM and every ephemeral answer speak their reader's.
"""

from __future__ import annotations

import asyncio
import functools
import io
import logging
import re
from typing import Any

import discord
from discord import ui

from bot.i18n import t
from bot.service import GameMaster, Player, ServiceError, TurnPrompt, Update
from cogs import ids, open_prompts, posting
from cogs.common import (
    Refusal,
    fit,
    guarded,
    master,
    player_for,
    reader_locale,
    refusal_text,
)
from cogs.thread_posts import Outgoing
from cogs.web_links import BoardButton, add_my_view, my_link, web_table
from games.core import Action, GameError
from games.core.messages import Msg

log = logging.getLogger(__name__)

MAX_BUTTONS = 10  # more choices than this read better as a menu
PER_ROW = 5
ROWS = 5
PER_SELECT = 25
SELECTS_PER_PAGE = ROWS - 1  # the last row holds the page buttons
CUSTOM_ID_LIMIT = 100
# refusals of a press that leave the presser no prompt of theirs to show under them
NO_PROMPT = frozenset({"tables.no_such_game", "tables.no_seat_to_act"})


# -- announcing an Update in public (cogs/posting.py) --------------------------------------
async def announce(bot: discord.Client, update: Update, *, actor: int | None,
                   sent: int = 0, recovered: bool = False,
                   prompted: int | None = None) -> None:
    """Post the update (cogs/posting.py `announce`) with this cog's components: **Take my
    turn**, the board's menu and, with the web table on, **Board** under the thread's
    messages, and the called players' held prompts brought back to their new decision (but
    for `prompted`'s)."""
    live = web_table(bot) is not None
    components = posting.Components(functools.partial(_view_of, live=live), _show_again)
    await posting.announce(bot, update, components, actor=actor, sent=sent,
                           recovered=recovered, prompted=prompted)


def _view_of(message: Outgoing, locale: str, *, live: bool = False) -> ui.View | None:
    """The components under a thread message: the menu of the board's parts and, with the
    web table on (`live`), **Board** under a board; **Take my turn** under a call."""
    view = ui.View(timeout=None)
    if message.details is not None:
        view.add_item(PartSelect.offering(*message.details, locale))
    if live and message.board is not None:
        view.add_item(BoardButton(message.board, t("web.board_button", locale)))
    if message.take_turn is not None:
        view.add_item(TakeTurnButton(message.take_turn, t("turns.take_turn", locale)))
    return view if view.children else None


def private_lines(update: Update, user_id: int) -> list[str]:
    return [line for p in update.private if p.user_id == user_id for line in p.lines]


# -- the ephemeral prompt -----------------------------------------------------------------
def _refs(prompt: TurnPrompt) -> list[str]:
    """What a component carries for each action: its canonical text, or `#index` in the
    legal list of this version when the text does not fit in a custom_id (or repeats)."""
    seen: set[str] = set()
    refs = []
    for index, action in enumerate(prompt.actions):
        text = action.text
        custom_id = ActionButton.custom_id_for(prompt.game_id, prompt.version, text)
        too_long = len(custom_id) > CUSTOM_ID_LIMIT
        refs.append(f"#{index}" if too_long or text in seen or text.startswith("#") else text)
        seen.add(text)
    return refs


def pages_of(prompt: TurnPrompt) -> int:
    if len(prompt.actions) <= MAX_BUTTONS:
        return 1
    per_page = PER_SELECT * SELECTS_PER_PAGE
    return -(-len(prompt.actions) // per_page)


def prompt_view(prompt: TurnPrompt, locale: str, page: int = 0,
                link: str | None = None) -> ui.View | None:
    """Buttons for a few actions (a row per kind when that fits), select menus for many;
    **Write orders** where the game takes a whole step as typed orders; and **Open my
    view**, the player's private page of the web table (`link`), when it is on. Every
    layout leaves room for these last three: ten buttons at most, or four rows of menus
    and a last row of two page buttons."""
    if not prompt.actions:
        return None
    view = ui.View(timeout=None)
    refs = _refs(prompt)
    if len(prompt.actions) <= MAX_BUTTONS:
        for (action, ref), row in zip(zip(prompt.actions, refs, strict=True),
                                      _button_rows(prompt.actions), strict=True):
            view.add_item(ActionButton(prompt.game_id, prompt.version, ref,
                                       _label(action, 80), row=row))
        _add_orders_button(view, prompt, locale)
        add_my_view(view, link, locale)
        return view
    per_page = PER_SELECT * SELECTS_PER_PAGE
    first = page * per_page
    shown = list(enumerate(prompt.actions))[first:first + per_page]
    for number, start in enumerate(range(0, len(shown), PER_SELECT)):
        group = shown[start:start + PER_SELECT]
        options = [discord.SelectOption(label=_label(a, 100), value=refs[i],
                                        description=_description(a, prompt)) for i, a in group]
        view.add_item(ActionSelect(prompt.game_id, prompt.version, number, options,
                                   t("turns.choose", locale), row=number))
    _add_page_buttons(view, prompt, page, locale)
    _add_orders_button(view, prompt, locale)
    add_my_view(view, link, locale)
    return view


def _add_orders_button(view: ui.View, prompt: TurnPrompt, locale: str) -> None:
    """In the first row with room (the buttons leave some, and so do the page buttons)."""
    if prompt.orders is not None:
        view.add_item(ui.Button(label=t("turns.orders_button", locale),
                                style=discord.ButtonStyle.primary,
                                custom_id=ids.orders_id(prompt.game_id, prompt.version)))


def _add_page_buttons(view: ui.View, prompt: TurnPrompt, page: int, locale: str) -> None:
    count = pages_of(prompt)
    if count <= 1:
        return
    if page > 0:
        view.add_item(PageButton(prompt.game_id, prompt.version, page - 1,
                                 t("turns.previous", locale)))
    if page + 1 < count:
        view.add_item(PageButton(prompt.game_id, prompt.version, page + 1,
                                 t("turns.next", locale)))


def _button_rows(actions: list[Action]) -> list[int]:
    """A row per kind of action (all `play` together, then `pass`) when that fits in the
    five rows; otherwise simply five buttons a row."""
    rows, row, used, last_kind = [], -1, PER_ROW, None
    for action in actions:
        if action.kind != last_kind or used == PER_ROW:
            row, used, last_kind = row + 1, 0, action.kind
        rows.append(row)
        used += 1
    if rows and rows[-1] < ROWS:
        return rows
    return [i // PER_ROW for i in range(len(actions))]


def _label(action: Action, limit: int) -> str:
    return fit(str(action.label or action.text), limit)  # the service worded the label


def _description(action: Action, prompt: TurnPrompt) -> str | None:
    """A menu option's help: what its kind of action does, in the reader's words, where the
    game's catalog says; none otherwise (the typed form is `/move`'s, not a help)."""
    found = prompt.helps.get(action.kind)
    return fit(found, 100) if found else None


def prompt_content(prompt: TurnPrompt | None, notices: list[str], locale: str,
                   page: int = 0) -> str:
    """Notices (private lines, warnings) first, then the question; the question is kept
    whole when the two do not fit together."""
    if prompt is None:
        body = t("turns.done", locale)
    else:
        body = f"{t('turns.prompt_head', locale, game=prompt.game_id)}\n{prompt.text}".rstrip()
        count = pages_of(prompt)
        if count > 1:
            body += "\n" + t("turns.page", locale, page=page + 1, count=count)
    body = fit(body, 1500)
    room = 2000 - len(body) - 1
    head = fit("\n".join(notices), room) if notices else ""
    return f"{head}\n{body}" if head else body


async def show_prompt(interaction: discord.Interaction, game_id: int, player: Player, *,
                      notices: list[str], page: int = 0, version: int | None = None) -> None:
    """Edit the interaction's message into the player's current prompt. With `version`,
    a prompt of another version means the clicked component was stale."""
    locale = await reader_locale(interaction)
    try:
        prompt = await master(interaction).turn_prompt(game_id, player)
    except Refusal as error:  # no prompt to show (no such game, it is over): say only why
        said = [*notices, f"⚠️ {refusal_text(error, locale)}"]
        await interaction.edit_original_response(
            content=fit("\n".join(dict.fromkeys(said))), view=None,
            allowed_mentions=discord.AllowedMentions.none())
        return
    await _edit_into(interaction, player, prompt, notices, locale, page, version)


async def _edit_into(interaction: discord.Interaction, player: Player,
                     prompt: TurnPrompt | None, notices: list[str], locale: str,
                     page: int = 0, version: int | None = None,
                     brought_back: bool = False) -> None:
    """The interaction's message becomes this prompt (its page), under the notices, with
    the player's **Open my view** where the web table is on. A prompt `brought_back` is
    not drawn when the player already got a newer one (cogs/open_prompts.py)."""
    if prompt is not None and version is not None and prompt.version != version:
        notices, page = [*notices, t("tables.stale_button", locale)], 0
    if prompt is not None and page >= pages_of(prompt):
        page = 0
    link = await my_link(interaction.client, prompt.game_id, player) if prompt else None
    if prompt is not None:
        client, game_id, user_id = interaction.client, prompt.game_id, player.user_id
        if brought_back and open_prompts.outdated(client, game_id, user_id, prompt.version):
            return
        open_prompts.drawing(client, game_id, user_id, prompt.version)
    await interaction.edit_original_response(
        content=prompt_content(prompt, notices, locale, page),
        view=prompt_view(prompt, locale, page, link) if prompt else None,
        allowed_mentions=discord.AllowedMentions.none())


async def after_update(interaction: discord.Interaction, update: Update, player: Player,
                       notices: list[str], *, mention_me: bool = False) -> None:
    """The acting player's private answer to an accepted change (their secret lines and
    their next decision, if any), then the public news. The change is already saved, so a
    failure here is logged and must not be reported as "nothing changed". `mention_me`:
    the thread mentions this player too when awaited (the start of a game, whose "begins"
    message hands everyone their first turn)."""
    notices = [*notices, *private_lines(update, player.user_id)]
    # the board is drawn in a renderer while the prompt goes out (announce then posts it)
    drawing = (asyncio.create_task(master(interaction).drawn(update)) if update.images
               else None)
    try:
        await _answer_actor(interaction, update, player, notices)
    except BaseException:
        if drawing is not None:
            drawing.cancel()
        raise
    if drawing is not None:
        update = await drawing
    await announce(interaction.client, update, actor=None if mention_me else player.user_id,
                   prompted=player.user_id)  # their answer above already shows their prompt


async def _show_again(interaction: discord.Interaction, game_id: int, player: Player) -> None:
    """A held prompt message becomes the player's new decision, under what changed since
    they acted (cogs/open_prompts.py). When they owe none by now (they already answered
    it from another prompt of theirs, or the game stopped meanwhile) the message keeps
    their last answer: the call is no longer theirs to answer."""
    gm = master(interaction)
    try:
        prompt = await gm.turn_prompt(game_id, player)
    except Refusal:  # the game ended or paused meanwhile: its own announcement says so
        return
    if prompt is None:
        return
    locale = await reader_locale(interaction)
    await _edit_into(interaction, player, prompt, await gm.catch_up(game_id, player, locale),
                     locale, brought_back=True)


async def _answer_actor(interaction: discord.Interaction, update: Update, player: Player,
                        notices: list[str]) -> None:
    """The acting player's prompt message becomes their next decision, or the game's end;
    kept open for their next turn (cogs/open_prompts.py)."""
    if not update.result:
        open_prompts.hold(interaction, update.table.game_id, player)
    locale = await reader_locale(interaction)
    try:
        if update.result:
            await interaction.edit_original_response(
                content=fit("\n".join([*notices, t("turns.game_over", locale)])), view=None)
        elif update.prompted == player.user_id:  # the change worded it: no second read
            await _edit_into(interaction, player, update.next_prompt, notices, locale)
        else:
            await show_prompt(interaction, update.table.game_id, player, notices=notices)
    except Exception:  # the move stands; say so rather than "something went wrong"
        log.exception("Could not show the next prompt of game %s", update.table.game_id)
        applied = t("turns.applied", locale, button=t("turns.take_turn", locale))
        await interaction.edit_original_response(content=fit("\n".join([*notices, applied])),
                                                 view=None)


async def play(interaction: discord.Interaction, game_id: int, version: int, ref: str,
               label: str) -> None:
    """Apply the chosen action. The interaction is acknowledged first (acting may run AI
    seats and render boards), then the prompt message is edited."""
    await interaction.response.defer()
    player = await player_for(interaction)
    again = open_prompts.pressing(interaction, game_id, player.user_id, version)
    action = await _listed(interaction, player, game_id, version, ref, again)
    if action is None:
        return
    try:
        update = await master(interaction).act(game_id, player, action, version=version,
                                               interaction_id=str(interaction.id))
    except Refusal as error:
        await _refused(interaction, player, game_id, version, error, again)
        return
    chose = t("turns.you_chose", await reader_locale(interaction), label=label)
    await after_update(interaction, update, player, [chose])


async def _listed(interaction: discord.Interaction, player: Player, game_id: int,
                  version: int, ref: str, again: bool) -> str | None:
    """The action a component carries: its text, or for `#index` the action at that place
    in the prompt of `version` (None, answered as stale, when that prompt is gone)."""
    if not ref.startswith("#"):
        return ref
    prompt = await master(interaction).turn_prompt(game_id, player)
    index = int(ref[1:])  # digits only: cogs/ids.py read the id and the menu value
    if prompt is None or prompt.version != version or index >= len(prompt.actions):
        stale = t("tables.stale_button", await reader_locale(interaction))
        await _stale(interaction, player, game_id, version, stale, again)
        return None
    return prompt.actions[index].text


async def _refused(interaction: discord.Interaction, player: Player, game_id: int,
                   version: int, error: ServiceError | GameError, again: bool) -> None:
    """A press the service refused: why, over the player's current prompt (a stale press
    answered as such; none when they have no prompt to show)."""
    notice = f"⚠️ {refusal_text(error, await reader_locale(interaction))}"
    key = (error.message.key if isinstance(error, ServiceError)
           and isinstance(error.message, Msg) else None)
    if key == "tables.stale_button":
        await _stale(interaction, player, game_id, version, notice, again)
    elif key in NO_PROMPT:  # nothing of theirs to show again: the sentence alone
        await interaction.edit_original_response(content=notice, view=None)
    else:
        await show_prompt(interaction, game_id, player, notices=[notice])


async def _stale(interaction: discord.Interaction, player: Player, game_id: int, version: int,
                 notice: str, again: bool) -> None:
    """A click on an older step. A second press of one step (`again`: a double click) whose
    first press the player's move came from leaves the first press's answer on the message
    and gets a short note of its own. Any other stale prompt (one left open beside the one
    they answered) becomes their current turn under the notice, so no message keeps
    buttons that can only say "already taken"."""
    if again and await master(interaction).acted_since(game_id, player, version):
        locale = await reader_locale(interaction)
        await interaction.followup.send(t("turns.already_taken", locale,
                                          stale=t("tables.stale_button", locale)),
                                        ephemeral=True)
        return
    await show_prompt(interaction, game_id, player, notices=[notice])


async def open_turn(interaction: discord.Interaction, game_id: int) -> None:
    """The public button: a private prompt for the awaited player, opening with what
    changed since they last acted; a clear no for others."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    player = await player_for(interaction)
    locale = await reader_locale(interaction)
    gm = master(interaction)
    prompt = await gm.turn_prompt(game_id, player)
    if prompt is None:
        table = await gm.table(game_id)
        seated = any(s.user_id == player.user_id and not s.ai for s in table.seats)
        answer = (t("turns.not_your_turn", locale) if seated
                  else t("turns.no_seat", locale, game=game_id))
        await interaction.edit_original_response(content=answer)
        return
    caught_up = await gm.catch_up(game_id, player, locale)  # what moved while they were away
    link = await my_link(interaction.client, game_id, player)
    await interaction.edit_original_response(content=prompt_content(prompt, caught_up, locale),
                                             view=prompt_view(prompt, locale, link=link))


# -- the components -----------------------------------------------------------------------
class TakeTurnButton(ui.DynamicItem[ui.Button], template=ids.TURN):
    def __init__(self, game_id: int, label: str | None = None) -> None:
        """`label` is the thread's language; a button rebuilt from a click needs none."""
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.primary,
                                   custom_id=f"gm:turn:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> TakeTurnButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: open_turn(interaction, self.game_id))


class ActionButton(ui.DynamicItem[ui.Button], template=ids.ACT):
    def __init__(self, game_id: int, version: int, ref: str, label: str,
                 row: int | None = None) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                   custom_id=self.custom_id_for(game_id, version, ref)),
                         row=row)
        self.game_id, self.version, self.ref, self.label = game_id, version, ref, label

    @staticmethod
    def custom_id_for(game_id: int, version: int, ref: str) -> str:
        return f"gm:act:{game_id}:{version}:{ref}"

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> ActionButton:
        label = getattr(item, "label", None) or match["ref"]
        return cls(int(match["game"]), int(match["version"]), match["ref"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, lambda: play(interaction, self.game_id, self.version,
                                                self.ref, self.label))


class ActionSelect(ui.DynamicItem[ui.Select], template=ids.PICK):
    def __init__(self, game_id: int, version: int, number: int,
                 options: list[discord.SelectOption], placeholder: str | None = None,
                 row: int | None = None) -> None:
        super().__init__(ui.Select(custom_id=f"gm:pick:{game_id}:{version}:{number}",
                                   placeholder=placeholder, options=options),
                         row=row)
        self.game_id, self.version = game_id, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> ActionSelect:
        options = list(getattr(item, "options", []))
        return cls(int(match["game"]), int(match["version"]), int(match["number"]), options)

    async def callback(self, interaction: discord.Interaction) -> None:
        if not ids.valid_values(self.item.values):
            return  # not a choice the bot offered: cogs/components.py answers it

        async def pick() -> None:
            value = self.item.values[0]
            label = next((o.label for o in self.item.options if o.value == value), value)
            await play(interaction, self.game_id, self.version, value, label)

        await guarded(interaction, pick)


class PageButton(ui.DynamicItem[ui.Button], template=ids.PAGE):
    def __init__(self, game_id: int, version: int, page: int,
                 label: str | None = None) -> None:
        super().__init__(ui.Button(label=label, style=discord.ButtonStyle.secondary,
                                   custom_id=f"gm:page:{game_id}:{version}:{page}"),
                         row=ROWS - 1)
        self.game_id, self.version, self.page = game_id, version, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> PageButton:
        return cls(int(match["game"]), int(match["version"]), int(match["page"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        async def turn_page() -> None:
            await interaction.response.defer()
            player = await player_for(interaction)
            await show_prompt(interaction, self.game_id, player, notices=[], page=self.page,
                              version=self.version)

        await guarded(interaction, turn_page)


class PartSelect(ui.DynamicItem[ui.Select], template=ids.PART):
    """The menu under a board: a detail of the table now (a mat, a panel, a track), sent
    only to whoever picks it, drawn from their own view when they are seated (so their
    private panel shows their hand), from the public view otherwise."""

    def __init__(self, game_id: int, options: list[discord.SelectOption],
                 placeholder: str | None = None) -> None:
        super().__init__(ui.Select(custom_id=f"gm:part:{game_id}", placeholder=placeholder,
                                   options=options))
        self.game_id = game_id

    @classmethod
    def offering(cls, game_id: int, game: str, locale: str) -> PartSelect:
        options = [discord.SelectOption(label=t(f"{game}.part.{name}", locale), value=name)
                   for name in GameMaster.board_parts(game)][:PER_SELECT]
        return cls(game_id, options, t("turns.board_details", locale))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: ui.Item[Any],
                             match: re.Match[str], /) -> PartSelect:
        return cls(int(match["game"]), list(getattr(item, "options", [])))

    async def callback(self, interaction: discord.Interaction) -> None:
        if not ids.valid_values(self.item.values):
            return  # not a choice the bot offered: cogs/components.py answers it

        async def show() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            part = self.item.values[0]
            png = await master(interaction).board_png(self.game_id,
                                                      await reader_locale(interaction), part,
                                                      await player_for(interaction))
            await interaction.followup.send(file=discord.File(io.BytesIO(png), f"{part}.png"),
                                            ephemeral=True)

        await guarded(interaction, show)


DYNAMIC_ITEMS: tuple[type[ui.DynamicItem[Any]], ...] = (
    TakeTurnButton, ActionButton, ActionSelect, PageButton, PartSelect, BoardButton)
