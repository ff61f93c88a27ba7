"""How the Tang engine speaks: `say(key, **params)` is `games.core.messages.msg`.

The game is not registered yet, and the house's catalog check reads only registered games'
catalogs, so the engine names its keys through this alias; `tests/games/tang/
test_tang_catalog.py` checks every key it names against `games/tang/locales/*.toml` (five
locales, the same variables). At registration, `say` becomes `msg` (docs/progress/tang.md).
"""

from __future__ import annotations

from games.core.messages import Msg, Param, msg


def say(key: str, /, **params: Param) -> Msg:
    return msg(key, **params)
