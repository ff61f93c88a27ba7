"""Watching for leaks: every message shown to more than one person (a thread, a channel)
must hold no seat's secret, and a message shown to one person (ephemeral, DM) no other
seat's secret, at the moment it is shown.

A secret is what `engine.secrets(state)` lists for a seat (ids of hidden cards), plus the
names of those cards where a game's data gives each card a name no other card shares (a
player reads names, not ids). A public line that is itself one of the engine's public
events is the engine's statement and is not second-guessed here (the engine's own property
tests check its events); for a message shown to one person, that includes the private
events addressed to them ("Bob took Huang Zhong from you" names a card Bob now hides).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from bot.service import GameMaster, Player
from bot.tools.fakediscord.world import Message, World
from games.core import get_game

GAME_IN_TEXT = re.compile(r"game (\d+)")


def _record_names() -> dict[str, tuple[str, ...]]:
    """Record's generals and cities by unique English and Chinese names (copies of a
    stratagem share a name, so those are watched by id only)."""
    from games.record.data import CARDS

    count: dict[str, int] = {}
    for card in CARDS.values():
        for name in (card["en"], card["zh"]):
            count[name] = count.get(name, 0) + 1
    return {card_id: tuple(n for n in (card["en"], card["zh"]) if count[n] == 1 and len(n) > 1)
            for card_id, card in CARDS.items() if card_id.startswith(("general:", "city:"))}


def _tang_names() -> dict[str, tuple[str, ...]]:
    """Tang's characters by their names in every language (each card is one person; the
    copies of a 锦囊 share a name, so those are watched by id only), but a name the game's
    own title holds ("the An Lushan Rebellion"), which every table's first post shows."""
    from bot.i18n import LOCALES, t
    from games.tang.data import load_data

    titles = " ".join(t("choice.game.tang", locale) for locale in LOCALES)
    return {c: tuple(sorted({name for locale in LOCALES
                             if (name := t(f"tang.character.{c}", locale)) not in titles}))
            for c in load_data().character_ids}


NAMERS: dict[str, Callable[[], dict[str, tuple[str, ...]]]] = {"record": _record_names,
                                                              "tang": _tang_names}


class SecretWatch:
    """A FakeDiscord watcher (`fake.watchers.append(watch)`); findings go to `leaks`."""

    def __init__(self, world: World, gm: GameMaster) -> None:
        self.world, self.gm = world, gm
        self.leaks: list[str] = []
        self.checked = 0
        self._names: dict[str, dict[str, tuple[str, ...]]] = {}

    async def __call__(self, message: Message) -> None:
        game_id = await self._game_of(message)
        if game_id is None:
            return
        record = await self.gm.repo.get_game(game_id)
        if record.state is None:
            return
        seats = await self.gm.repo.get_seats(game_id)
        engine = get_game(record.game)
        words = {seat: self._words(record.game, ids)
                 for seat, ids in engine.secrets(record.state).items()}
        if message.audience is None:
            forbidden = set().union(*words.values()) if words else set()
        else:
            own = {s.seat for s in seats if s.user_id == message.audience and not s.ai}
            allowed = set().union(*(words.get(s, set()) for s in own)) if own else set()
            forbidden = set().union(*(w for s, w in words.items() if s not in own)) - allowed
        self.checked += 1
        suspects = {line: sorted(w for w in forbidden if w in line) for line in _texts(message)}
        suspects = {line: words for line, words in suspects.items() if words}
        if not suspects:
            return
        viewer = None if message.audience is None else Player(message.audience, "")
        events = set(await self.gm.log_lines(game_id, viewer, limit=100_000))
        who = "everyone" if message.audience is None else f"user {message.audience}"
        self.leaks += [f"{who} saw {words} in {line!r}" for line, words in suspects.items()
                       if line not in events]

    async def _game_of(self, message: Message) -> int | None:
        if message.channel_id in self.world.dm_channels:
            found = GAME_IN_TEXT.search(message.content)
            return int(found.group(1)) if found else None
        records = await self.gm.repo.games_in_channel(message.channel_id)
        return records[0].id if records else None

    def _words(self, game: str, ids: set[str]) -> set[str]:
        if game not in self._names:
            self._names[game] = NAMERS[game]() if game in NAMERS else {}
        names = self._names[game]
        return set(ids) | {n for card in ids for n in names.get(card, ())}


def _texts(message: Message) -> list[str]:
    """Every line a viewer reads: content, button labels, select options."""
    lines = message.content.splitlines()
    for row in message.components:
        for item in row.get("components", []):
            lines += [item[k] for k in ("label", "placeholder") if item.get(k)]
            for option in item.get("options", []):
                lines += [option[k] for k in ("label", "description") if option.get(k)]
    return lines

