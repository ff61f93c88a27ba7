"""The board renderers and the AI thinkers end with the bot: a bot killed with SIGKILL leaves
no renderer or thinker behind and no warning on its way out (bot/discord/renderers.py,
bot/discord/thinkers.py); a thinker yields the CPU to the bot."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.discord.thinkers import THINKER_NICENESS, think_pool

ROOT = Path(__file__).resolve().parents[3]
KILLED_BOT = """
import os, signal, sys
from bot.discord.{module} import {pool}
pool = {pool}()
pids = {{pool.submit(os.getpid).result() for _ in range(20)}}
print(" ".join(map(str, sorted(pids))), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie is gone, only not yet reaped
        return stat.read().split()[2] != "Z"


@pytest.mark.parametrize(("module", "pool"), [("renderers", "render_pool"),
                                            ("thinkers", "think_pool")])
def test_a_killed_bot_leaves_no_process_of_its_pools_and_no_warning(module, pool):
    done = subprocess.run([sys.executable, "-c", KILLED_BOT.format(module=module, pool=pool)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == -9
    pids = [int(pid) for pid in done.stdout.split()]
    assert pids
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in pids if alive(pid)]
    assert "leaked" not in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_thinker_runs_below_the_bots_priority():
    with think_pool() as pool:
        assert pool.submit(os.nice, 0).result() == os.nice(0) + THINKER_NICENESS
