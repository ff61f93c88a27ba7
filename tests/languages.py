"""Whole games read in one language, for the tests that no English reaches a player.

`whole_game_texts` plays a game to its end through the service, as the bot does, with every
seat a human whose language is `locale` in a server that speaks it, each seat choosing the
heuristic AI's move. It gathers everything those players read: the table's options with what
each does (as the table's post lists them), the public lines, each player's private lines,
their prompts and the labels of their choices, their hand (the private view, with what their
own generals and cards do) from time to time, the status, and the final scores.
`english_runs` finds runs of English words in a text, which a Korean or Japanese reader
should never meet; `reads_without_english` and `catalog_runs` are the two checks every game's
language tests make with them (a whole game, and every text of the game's catalogs).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from bot.i18n import catalog, t
from bot.service import GameMaster
from bot.service.models import Player, Update
from bot.service.options import option_lines
from games.core import Action, get_game, make_agent

GUILD = 77
# Players' names in each language: none is ASCII, so none reads as an English run.
NAMES = {
    "ko": ("유비", "조조", "손권", "원소", "동탁"),
    "ja": ("劉備", "曹操", "孫権", "袁紹", "董卓"),
    "zh-CN": ("刘备", "曹操", "孙权", "袁绍", "董卓"),
    "zh-TW": ("劉備", "曹操", "孫權", "袁紹", "董卓"),
    "en": ("Liu Bei", "Cao Cao", "Sun Quan", "Yuan Shao", "Dong Zhuo"),
}
HAND_EVERY = 25  # read each hand every so many actions, and at the end
MAX_ACTIONS = 20_000

_ENGLISH_RUN = re.compile(r"[A-Za-z][a-z]+(?:[ '’-]+[A-Za-z][a-z]+)+")
_CODE = re.compile(r"`[^`]*`|https?://\S+|<[@#&!:][^>]*>|\[[a-z0-9_ .:-]+\]")
# Placeables, selectors and variants of a catalog's text: what it fills in, not what it says.
PLACEABLE = re.compile(r"\{ *\$\w+ *\}|\{ *(?:PERSON\()?\$\w+\)? *->|\*?\[\w+\]|[{}]")


def english_runs(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """Runs of two or more English words ("draws a card"); code spans, links, mentions and
    the `allowed` strings (proper names of the game written in Latin letters) are skipped.
    A single Latin word (a name, "AI", "d6") is not a sentence and passes."""
    cleaned = _CODE.sub(" ", text)
    for name in sorted(allowed, key=len, reverse=True):
        cleaned = cleaned.replace(name, " ")
    return _ENGLISH_RUN.findall(cleaned)


def catalog_runs(game: str, locale: str, allowed: Iterable[str] = ()) -> dict[str, list[str]]:
    """The English runs of the game's texts in `locale` (every key of the game, and its name
    on the game menu), placeables left out: only the texts that have one, so {} passes."""
    allowed = tuple(allowed)
    found = {key: english_runs(PLACEABLE.sub(" ", texts[locale]), allowed)
             for key, texts in catalog().items()
             if key.startswith(f"{game}.") or key == f"choice.game.{game}"}
    return {key: runs for key, runs in found.items() if runs}


async def reads_without_english(gm: GameMaster, game: str, players: int, locale: str,
                                seed: int) -> None:
    """A whole game read in `locale` (`whole_game_texts`) holds no English run, and what
    each table option does is among what the players read (issue 14)."""
    texts = await whole_game_texts(gm, game, players, locale, seed=seed)
    runs = sorted({run for text in texts for run in english_runs(text)})
    assert texts and runs == []
    read = "\n".join(texts)
    assert all(t(f"{game}.option.{o.name}", locale) in read for o in get_game(game).options)


async def whole_game_texts(gm: GameMaster, game: str, players: int, locale: str, seed: int,
                           options: dict[str, Any] | None = None) -> list[str]:
    """Every text the players of a whole game read, in `locale` (see the module's doc)."""
    humans = [Player(1000 + n, NAMES[locale][n], is_moderator=(n == 0))
              for n in range(players)]
    await gm.settings.set_server(GUILD, humans[0], language=locale)
    for human in humans:
        await gm.settings.set_user(human.user_id, language=locale)
    table = await gm.new_game(game=game, guild_id=GUILD, channel_id=1, creator=humans[0],
                              options=options, seed=seed)
    for human in humans[1:]:
        await gm.join(table.game_id, human)
    texts: list[str] = option_lines(game, table.options, locale)  # the table's post
    update = await gm.start(table.game_id, humans[0])
    for count in range(MAX_ACTIONS):
        texts += _read(update)
        if update.result:
            break
        if count % HAND_EVERY == 0:
            texts += [await gm.private_text(table.game_id, h) for h in humans]
        update = await _next_move(gm, table.game_id, humans, seed + count, texts)
    else:
        raise AssertionError(f"{game} did not end within {MAX_ACTIONS} actions")
    texts += [await gm.private_text(table.game_id, h) for h in humans]
    texts.append(await gm.status_text(table.game_id, locale))
    return texts


def _read(update: Update) -> list[str]:
    return [*update.public, *(line for p in update.private for line in p.lines),
            *([update.result] if update.result else [])]


async def _next_move(gm: GameMaster, game_id: int, humans: list[Player], seed: int,
                     texts: list[str]) -> Update:
    """The first awaited player reads their prompt and plays the heuristic AI's choice."""
    for human in humans:
        prompt = await gm.turn_prompt(game_id, human)
        if prompt is None:
            continue
        texts += [prompt.text, *(str(a.label) for a in prompt.actions if a.label)]
        record = await gm.repo.get_game(game_id)
        engine = get_game(record.game)
        assert record.state is not None
        chosen: Action = make_agent("heuristic", seed=seed).choose(engine, record.state,
                                                                  prompt.seat)
        return await gm.act(game_id, human, chosen.text)
    raise AssertionError("nobody is awaited before the end of the game")
