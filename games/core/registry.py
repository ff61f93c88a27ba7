"""The games the bot offers, by name. Each game package registers itself on import."""

from __future__ import annotations

import importlib

from games.core.errors import GameError
from games.core.game import Game

_GAMES: dict[str, Game] = {}
_PACKAGES = ("games.record", "games.redux", "games.scythe")  # each calls register() when imported


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def _load_all() -> None:
    for package in _PACKAGES:
        importlib.import_module(package)


def get_game(name: str) -> Game:
    _load_all()
    try:
        return _GAMES[name]
    except KeyError:
        raise GameError(f"Unknown game `{name}`. Games: {', '.join(sorted(_GAMES))}.") from None


def all_games() -> list[Game]:
    _load_all()
    return [_GAMES[n] for n in sorted(_GAMES)]
