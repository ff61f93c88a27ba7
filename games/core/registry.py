"""The games the bot offers, by name: the one place a game is registered.

Each game package registers its engine on import (`register(...)` in its `__init__.py`); the
engine declares what it brings beyond the contract (`Game.extra_commands`, `Game.packs`,
`Game.private_groups`), and every other layer finds the game's parts by its name:
`rendering/<name>/` draws it, `cogs/<name>.py` holds its extra commands. See
docs/adding-a-game.md."""

from __future__ import annotations

import importlib

from games.core.errors import GameError
from games.core.game import Game
from games.core.messages import msg

_GAMES: dict[str, Game] = {}
# Adding a game: its package here, and nothing else outside its own folders.
GAME_PACKAGES = ("games.record", "games.redux", "games.scythe", "games.tang", "games.wargame")


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def _load_all() -> None:
    for package in GAME_PACKAGES:
        importlib.import_module(package)


def get_game(name: str) -> Game:
    _load_all()
    try:
        return _GAMES[name]
    except KeyError:
        raise GameError(msg("engine.unknown_game", name=name, games=", ".join(sorted(_GAMES)))) \
            from None


def all_games() -> list[Game]:
    _load_all()
    return [_GAMES[n] for n in sorted(_GAMES)]
