"""Campaigns: leagues and tournaments of games in one server (docs/play-by-post.md,
"Campaigns"): `models` (a dealt table and what is shown), `pairing` (dealing a round),
`ranking` (points, standings, champions, statistics) and `service` (the `Campaigns` the
application root wires in)."""

from bot.playbypost.campaigns.models import (
    OpenedRound,
    Played,
    PlayerStats,
    RoleStats,
    Schedule,
    ScheduledTable,
    Standings,
)
from bot.playbypost.campaigns.pairing import deal, table_sizes
from bot.playbypost.campaigns.service import Campaigns

__all__ = ["Campaigns", "OpenedRound", "Played", "PlayerStats", "RoleStats", "Schedule",
           "ScheduledTable", "Standings", "deal", "table_sizes"]
