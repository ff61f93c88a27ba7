"""The export format (gamemaster-export/1) and its verification, shared by `gm replay` and
`/game import`: a file is trusted only when its log replays, from its setup, to the very
state it claims. The JSON holds every secret (hands, deck order), so who may read one is the
service's business, not this module's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.i18n import Text, text
from bot.service.jsontext import JsonRefused, bounded_loads
from games.core import Action, Event, Game, GameError, State, get_game

FORMAT = "gamemaster-export/1"
MAX_BYTES = 8 * 1024 * 1024  # far above a long game's export, far below a memory problem
NAME_LIMIT = 100  # characters of a seat's name: Discord's display names have at most 32


class ExportError(Exception):
    """Why a file is not a valid export, worded for its reader."""

    def __init__(self, reason: Text) -> None:
        super().__init__(str(reason))
        self.reason = reason


@dataclass(frozen=True)
class Verified:
    """An export whose log replayed to its state, with what its setup told and each
    action's events."""

    engine: Game
    options: dict[str, Any]
    seed: int
    names: list[str]
    actions: list[tuple[int, Action]]
    events: list[list[Event]]  # per action, in log order
    state: State
    opening: list[Event]  # what the setup told


def export_data(game: str, options: dict[str, Any], seed: int, names: list[str],
                actions: list[tuple[int, dict[str, Any]]], state: State,
                result: dict[str, Any] | None) -> dict[str, Any]:
    return {"format": FORMAT, "game": game, "options": options, "seed": seed, "seats": names,
            "actions": [{"seat": seat, "action": action} for seat, action in actions],
            "state": state, "result": result}


def read_export(raw: bytes) -> Verified:
    """Parse and verify an uploaded file."""
    if len(raw) > MAX_BYTES:
        raise ExportError(text("tables.export_too_big", most=MAX_BYTES // 1024 // 1024))
    try:
        data = bounded_loads(raw.decode("utf-8"))
    except JsonRefused as refused:
        raise ExportError(refused.reason) from None
    except (UnicodeDecodeError, ValueError):  # JSONDecodeError is a ValueError
        raise ExportError(text("tables.export_not_json")) from None
    return verify(data)


def verify(data: Any) -> Verified:
    """Check the file's shape, then replay its log from its setup and compare the state."""
    try:
        engine, options, seed, names, actions = _fields(data)
    except (KeyError, TypeError, ValueError, AttributeError):
        raise ExportError(text("tables.export_malformed", format=FORMAT)) from None
    try:
        options = engine.resolve_options(options)
    except GameError as error:
        raise ExportError(text("tables.export_setup", error=str(error))) from None
    state, opening, events = _replayed(engine, names, options, seed, actions)
    if state != data["state"]:
        raise ExportError(text("tables.export_differs", count=len(actions)))
    return Verified(engine, options, seed, names, actions, events, state, opening)


def _fields(data: Any) -> tuple[Game, dict[str, Any], int, list[str], list[tuple[int, Action]]]:
    if data.get("format") != FORMAT:
        raise ExportError(text("tables.export_format", format=FORMAT))
    try:
        engine = get_game(str(data["game"]))
    except GameError:
        raise ExportError(text("tables.export_game", game=str(data["game"]))) from None
    seed, names = data["seed"], _names(data["seats"])
    if not isinstance(seed, int) or not isinstance(data["options"], dict):
        raise ValueError("seed or options")
    if not engine.min_players <= len(names) <= engine.max_players:
        raise ExportError(text("tables.export_seats", count=len(names),
                               least=engine.min_players, most=engine.max_players))
    actions = [(int(a["seat"]), Action.from_json(a["action"])) for a in data["actions"]]
    return engine, data["options"], seed, names, actions


def _names(seats: Any) -> list[str]:
    """The seats' names, bounded on the way in: each is shown in the thread, the seat list
    and every message that names a player, so none may be empty or longer than a name."""
    names = [str(n).strip() for n in seats]
    if any(not 1 <= len(name) <= NAME_LIMIT for name in names):
        raise ExportError(text("tables.export_seat_name", most=NAME_LIMIT))
    return names


def _replayed(engine: Game, names: list[str], options: dict[str, Any], seed: int,
              actions: list[tuple[int, Action]]
              ) -> tuple[State, list[Event], list[list[Event]]]:
    """The state the log reaches, what the setup told, and each action's events."""
    try:
        state, opening = engine.begin(len(names), options, seed)
    except GameError as error:
        raise ExportError(text("tables.export_setup", error=str(error))) from None
    events = []
    for step, (seat, action) in enumerate(actions, start=1):
        try:
            state, new = engine.apply(state, seat, action)
        except (GameError, KeyError, TypeError, ValueError) as error:
            raise ExportError(text("tables.export_refused", step=step, error=str(error))) \
                from None
        events.append(new)
    return state, opening, events
