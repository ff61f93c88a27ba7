"""The board renderers end with the bot: a bot killed with SIGKILL leaves no renderer behind
and no warning on its way out (bot/discord/renderers.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
KILLED_BOT = """
import os, signal, sys
from bot.discord.renderers import render_pool
pool = render_pool()
pids = {pool.submit(os.getpid).result() for _ in range(20)}
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


def test_a_killed_bot_leaves_no_renderer_and_no_warning():
    done = subprocess.run([sys.executable, "-c", KILLED_BOT], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == -9
    pids = [int(pid) for pid in done.stdout.split()]
    assert pids
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in pids if alive(pid)]
    assert "leaked" not in done.stderr and "Traceback" not in done.stderr, done.stderr
