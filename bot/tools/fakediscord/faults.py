"""`python -m bot.tools.fakediscord.faults POINT N [gm run's options]`: `gm run` that kills
itself with SIGKILL at a chosen point of its Nth announcement, for the tests that nothing
said is lost (cogs/outbox.py):

- `announce`: the change is stored with its announcement, nothing of it is posted yet;
- `progress`: a message of it went out to Discord and was not counted yet.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

POINTS = ("announce", "progress")


def arm(point: str, nth: int) -> None:
    """Patch the service before the bot starts: a tool of the service reaches no cog."""
    calls = 0

    def due() -> bool:
        nonlocal calls
        calls += 1
        return calls == nth

    if point == "announce":  # the service's last step before the cogs post: its hooks
        from bot.service.base import GameBase

        GameBase._outgoing = _killing(  # type: ignore[method-assign]
            GameBase._outgoing, lambda update: update.post is not None and due(), at=1)
    else:
        from bot.service.outbox import OutboxMixin

        OutboxMixin.post_progress = _killing(  # type: ignore[method-assign]
            OutboxMixin.post_progress, lambda _: due(), at=1)


def _killing(original: Callable[..., Any], when: Callable[[Any], bool],
             at: int) -> Callable[..., Any]:
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        if when(args[at]):
            os.kill(os.getpid(), signal.SIGKILL)
        return await original(*args, **kwargs)

    return wrapper


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="faults")
    parser.add_argument("point", choices=POINTS)
    parser.add_argument("nth", type=int)
    parser.add_argument("--shards", default=None)
    parser.add_argument("--shard-count", default=None)
    args = parser.parse_args(argv)
    arm(args.point, args.nth)
    from bot.discord.launch import launch

    return launch(args.shards, args.shard_count)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
