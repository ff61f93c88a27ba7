"""AI seats: the levels a table may choose, and the decisions nobody is asked for.

A level is an agent kind of the registry (`games.core.agents.AGENTS`: random, heuristic, and
whatever kind is registered there later); a seat's level is the kind stored with it
(`SeatRecord.ai`). Nothing here names a kind but the default.

The decisions are pure functions of what they are given (the game's name, the AI seats'
levels, a state, the seed and the version it follows), with nothing of the service in them,
so the GameMaster can run them in a process of its AI pool (`GameBase._decided`) and get the
very steps it would get inline: the same seed and actions give the same game wherever they
are computed. The arguments and the steps travel pickled, a few kilobytes a step.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.i18n import game_title, text
from bot.service.models import ServiceError
from games.core import Action, Event, Game, State, get_game, make_agent
from games.core.agents import AGENTS, table_levels
from games.core.messages import Term

DEFAULT_LEVEL = "heuristic"  # a seat's level when nobody chose one: quick and sound
MAX_AI_STEPS = 10_000  # a safety net: an engine bug must not spin an AI process forever
SEED_STRIDE = 1_000_003  # an AI's seed is the game's seed times this plus the version


@dataclass(frozen=True)
class Decision:
    """One action nobody was asked for (an AI seat's choice, or a human seat's only pass),
    applied: its events and the state after it."""

    seat: int
    action: Action
    events: list[Event]
    after: State


def levels(engine: Game) -> list[str]:
    """The levels a table of `engine` may choose, in the registry's order. Which kinds a
    table is offered (a search needs the game's determiniser, and is offered only once it
    plays better than the heuristic) is the registry's to say; this is the one place of the
    bot that asks."""
    return table_levels(engine)


def check_level(engine: Game, level: str) -> None:
    """Refuse a level the game does not offer, naming the ones it does."""
    offered = levels(engine)
    if level not in offered:
        shown = level_name(level) if level in AGENTS else level
        raise ServiceError(text("tables.ai_level_unknown", level=shown,
                                title=game_title(engine.name),
                                levels=tuple(level_name(kind) for kind in offered)))


def level_name(level: str) -> Term:
    """A level's name in the reader's language: its `/game ai level:` choice."""
    return Term(f"choice.level.{level}")


def agent_seed(game_seed: int, version: int) -> int:
    """An AI's seed for the decision that follows `version`: repeatable, different each
    step."""
    return game_seed * SEED_STRIDE + version


def autopilot(game: str, state: State, seat: int, seed: int) -> Action:
    """The default level's choice for a human seat whose deadline passed."""
    return make_agent(DEFAULT_LEVEL, seed=seed).choose(get_game(game), state, seat)


def unasked(game: str, ai_seats: Mapping[int, str], state: State, game_seed: int,
            version: int, *, through_ai: bool) -> tuple[list[Decision], bool]:
    """The decisions nobody needs to be asked for from `state`, the game's state at
    `version`, applied one after another: the AI seats' (each agent seeded with the version
    its action follows), and a human seat's only pass outside a response window. A window's
    passes wait for its time (`close_window`), so its length tells nothing of a hand.

    Without `through_ai` it stops before the first AI decision; the flag returned says
    whether one is due there (the caller then thinks it over in the AI pool)."""
    engine = get_game(game)
    decided: list[Decision] = []
    for _ in range(MAX_AI_STEPS):
        # Who is due first: it is cheap, and result() is not (it scores the game).
        due = sorted(engine.to_act(state))
        if not due or engine.result(state) is not None:
            break
        ai_due = next((seat for seat in due if seat in ai_seats), None)
        if ai_due is not None and not through_ai:
            return decided, True
        seat, action = _next_unasked(engine, state, due, ai_due, ai_seats,
                                     agent_seed(game_seed, version))
        if action is None:
            break
        after, events = engine.apply(state, seat, action)
        decided.append(Decision(seat, action, events, after))
        state, version = after, version + 1
    return decided, False


def _next_unasked(engine: Game, state: State, due: list[int], ai_due: int | None,
                  ai_seats: Mapping[int, str], seed: int) -> tuple[int, Action | None]:
    """The first decision nobody needs to be asked for: an AI seat's (its agent's choice),
    else a human seat's only pass outside a response window; (seat, None) when none is."""
    if ai_due is not None:
        return ai_due, make_agent(ai_seats[ai_due], seed=seed).choose(engine, state, ai_due)
    if engine.window(state):
        return due[0], None
    for seat in due:
        if (passing := engine.only_pass(state, seat)) is not None:
            return seat, passing
    return due[0], None
