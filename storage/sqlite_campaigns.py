"""CampaignStore on SQLite (mixed into `SqliteRepository`; schema in storage/schema/)."""

from __future__ import annotations

from storage.sqlbase import SqliteBase


class CampaignRows(SqliteBase):
    """Rows of storage/campaigns.py's `CampaignStore`."""
