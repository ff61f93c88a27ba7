"""Posting an Update: the game's thread, the campaign's news, the DMs, and the outbox's marks.

A change is stored with its announcement in the outbox (bot/service/outbox.py); this module
posts it and marks it there: each message sent is counted, the entry is marked done at
the end. The interaction that made the change posts at once (cogs/turns.py), a retry after
a crash (cogs/outbox.py) posts what is left, and the clock (cogs/clock.py) and the
moderators (cogs/moderation.py, cogs/game.py) post what they changed, all through
`announce`. How the thread's messages are shaped is cogs/thread_posts.py's; the components
under them and the prompt a called player gets back are the turn cog's (`Components`), so
this module knows no button.
"""

from __future__ import annotations

import functools
import logging
from dataclasses import dataclass
from typing import Any

import discord

from bot.i18n import t
from bot.service import Update
from cogs.common import chunks, master_of, table_place
from cogs.open_prompts import Show, bring_back
from cogs.thread_posts import Outgoing, Send, ViewOf, called, send_kwargs, thread_sends

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Components:
    """What the turn cog (cogs/turns.py) gives an announcement: the components under a
    thread message, and how a called player's open prompt shows their new decision."""

    view_of: ViewOf
    show_again: Show


async def announce(bot: discord.Client, update: Update, components: Components, *,
                   actor: int | None, sent: int = 0, recovered: bool = False,
                   prompted: int | None = None) -> None:
    """Post the update in the game's thread and send other players their secret lines.

    The change is saved already, with this announcement in the outbox (`update.post`): each
    message sent is counted there, the entry is marked done at the end, and a retry after a
    crash (cogs/outbox.py) builds the same messages, skips the `sent` ones already out, and
    ends with a hand-off to the actor, whose answer to their click died with the bot. A
    thread message carries a nonce Discord enforces, so the one message in flight at a crash
    is not posted twice.
    Discord refusing a message (a deleted thread, a missing permission) is logged and the
    announcement goes on; Discord failing (5xx, no network) leaves the rest for the retry.
    Before the mentions, the called players' open prompts come back (cogs/open_prompts.py),
    but for `prompted`, whose own answer already shows theirs."""
    gm = master_of(bot)
    if update.images:
        update = await gm.drawn(update)
    if not recovered:  # before the mention: the prompt is there when the phone rings
        await bring_back(bot, update.table.game_id,
                         [u for u in called(update, actor) if u != prompted],
                         components.show_again)
    for number, send in enumerate(await _sends(bot, update, components.view_of, actor,
                                               recovered)):
        if number < sent:
            continue
        try:
            await send()
        except discord.HTTPException as error:
            if error.status >= 500:
                log.warning("Discord failed an update of game %s; it stays in the outbox",
                            update.table.game_id)
                return
            log.exception("Could not announce an update of game %s", update.table.game_id)
        if update.post is not None:
            await gm.post_progress(update.table.game_id, update.post, number + 1)
    if update.post is not None:
        await gm.post_done(update.table.game_id, update.post)


async def _sends(bot: discord.Client, update: Update, view_of: ViewOf, actor: int | None,
                 recovered: bool) -> list[Send]:
    """Every message of an announcement, in order: the thread's, the news, the DMs, and
    after a crash the hand-off to the actor (last, so the messages a live poster counted
    keep their places)."""
    place = table_place(bot, update.table)
    locale = await master_of(bot).settings.thread_locale(update.table.guild_id)
    sends = thread_sends(bot, place, update, locale, actor, recovered, view_of,
                         functools.partial(_nonce, update))
    news = _news_place(bot, update)
    sends += [functools.partial(news.send, content, nonce=_nonce(update, f"n{number}"),
                                allowed_mentions=discord.AllowedMentions.none())
              for number, content in enumerate(chunks(update.news)) if news is not None]
    settings = master_of(bot).settings
    sends += [functools.partial(_direct_message, bot, private.user_id, update, private.lines)
              for private in update.private if private.user_id != actor and private.lines
              and (await settings.user(private.user_id)).dm]
    sends += [functools.partial(_turn_message, bot, user_id, dm_locale, update)
              for user_id, dm_locale in update.notify_dm if user_id != actor]
    if recovered and actor is not None and actor in {s.user_id for s in update.awaiting}:
        sends.append(functools.partial(place.send, nonce=_nonce(update, "h"),
                                       **send_kwargs(_hand_off(update, actor, locale),
                                                     locale, view_of)))
    return sends


def _nonce(update: Update, part: str) -> str | None:
    """A message's nonce: its announcement (game and version, in base 36 to stay within
    Discord's 25 characters) and its place in it; None outside the outbox (Discord then
    gets a random one)."""
    if update.post is None:
        return None
    return f"gm{_base36(update.table.game_id)}.{_base36(update.post)}.{part}"


def _nonced(update: Update, part: str) -> dict[str, Any]:
    """`nonce=` for a send, or nothing outside the outbox (Discord then picks one)."""
    return _nonce_of(_nonce(update, part))


def _nonce_of(nonce: str | None) -> dict[str, Any]:
    return {} if nonce is None else {"nonce": nonce}


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    shown = ""
    while True:
        number, digit = divmod(number, 36)
        shown = digits[digit] + shown
        if number == 0:
            return shown


def _hand_off(update: Update, actor: int, locale: str) -> Outgoing:
    """The actor's turn, mentioned with the button: the answer to their click was lost."""
    text = t("turns.your_turn", locale, mentions=f"<@{actor}>",
             button=t("turns.take_turn", locale))
    return Outgoing(text, mention=[actor], take_turn=update.table.game_id)


def _news_place(bot: discord.Client, update: Update) -> discord.PartialMessageable | None:
    """A campaign round's news goes to the channel the round was dealt in, where everyone
    in the campaign reads, not only this table's thread."""
    table = update.table
    if table.channel_id is None:
        return None
    return bot.get_partial_messageable(table.channel_id, guild_id=table.guild_id)


async def _direct_message(bot: discord.Client, user_id: int, update: Update,
                          lines: list[str]) -> None:
    """Best effort: a user may refuse DMs; /game hand and /game log still show the lines.
    A DM carries no Discord locale: the reader's own choice applies, else the language of
    the client they were last seen with, else the server's. Its
    nonces are unique within the user's DM channel, so a retry does not send it twice."""
    table = update.table
    locale = await master_of(bot).settings.reader_locale(user_id, None, table.guild_id)
    head = t("turns.dm_head", locale, title=table.title, game=table.game_id)
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        for number, text in enumerate(chunks([head, *lines])):
            await channel.send(text, **_nonced(update, f"d{_base36(number)}"))
    except discord.HTTPException:
        log.info("Could not DM user %s their private lines of game %s", user_id,
                 table.game_id)


async def _turn_message(bot: discord.Client, user_id: int, locale: str,
                        update: Update) -> None:
    """The DM a player asked for (`/me dm`) besides the mention: best effort, like every DM."""
    table = update.table
    place = table.thread_id or table.channel_id
    link = f"https://discord.com/channels/{table.guild_id or '@me'}/{place}"
    try:
        channel = await bot.create_dm(discord.Object(user_id))
        await channel.send(t("turns.dm_your_turn", locale, title=table.title,
                             game=table.game_id, link=link), **_nonced(update, "t"))
    except discord.HTTPException:
        log.info("Could not DM user %s that game %s awaits them", user_id, table.game_id)
