"""Campaigns: a league or tournament of games in one server, its members and its games.

The interface and its records; `storage/sqlite_campaigns.py` holds the SQLite rows.
"""

from __future__ import annotations

from typing import Protocol


class CampaignStore(Protocol):
    """Part of `Repository`."""
