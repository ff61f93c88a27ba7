"""Turn clocks: when each awaited seat's wait began, its deadline, the reminders already sent
and whether its mention was posted, so deadlines survive a restart of the bot.

The interface and its records; `storage/sqlite_clock.py` holds the SQLite rows.
"""

from __future__ import annotations

from typing import Protocol


class ClockStore(Protocol):
    """Part of `Repository`."""
