"""The GameMaster service: tables, play, seats, undo, history, export and moderation over one
repository. It knows no game by name; play-by-post features hook into its changes (the
clock plans its rows for each change's transaction through `GameMaster.set_commit_hook`,
others see the stored change's Update through `GameMaster.add_update_hook`), wired by the
application root (bot/app.py)."""

from bot.service.announce import BOARD_FILE
from bot.service.master import GameMaster
from bot.service.models import (
    Council,
    PackInfo,
    Player,
    Private,
    Seat,
    SeatView,
    ServiceError,
    Table,
    TurnPrompt,
    Update,
)
from storage import StorageUnavailable

__all__ = ["BOARD_FILE", "Council", "GameMaster", "PackInfo", "Player", "Private", "Seat",
           "SeatView", "ServiceError", "StorageUnavailable", "Table", "TurnPrompt", "Update"]
