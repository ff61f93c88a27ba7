"""R11 the end check, then R9 upkeep and refresh, after a round's resolution phase.

The end conditions are checked once, after R8.6 (A28); when one holds the game is over with
no upkeep at all (R11.2: no payment, no military points, no criterion flip, no Han Emperor
token transfer). Otherwise R9.1-R9.5 run in order and the per-round fields are reset for
conflict.start_round."""

from __future__ import annotations

from games.core import Event
from games.redux import abilities
from games.redux.economy import count_of
from games.redux.rules import DEVELOPMENT_MAX, EMPEROR_OFFICE, LAST_ROUND, OCCUPYING_GENERALS_END
from games.redux.state import State, nation_of, player, who


def end_reasons(state: State) -> list[str]:
    """R11.1: the 12th round, or any one player with farm and market 5, the Emperor office,
    or a 5th occupying general."""
    reasons = [f"round {LAST_ROUND} was played"] if state["round"] >= LAST_ROUND else []
    for p in state["players"]:
        nation = nation_of(state, p["seat"]).capitalize()
        if p["farm"]["level"] == DEVELOPMENT_MAX and p["market"]["level"] == DEVELOPMENT_MAX:
            reasons.append(f"{nation} reached farm {DEVELOPMENT_MAX} and market "
                           f"{DEVELOPMENT_MAX}")
        if p["office"] >= EMPEROR_OFFICE:
            reasons.append(f"{nation} deposed the Han emperor")
        if len(p["occupations"]) >= OCCUPYING_GENERALS_END:
            reasons.append(f"{nation} placed a {OCCUPYING_GENERALS_END}th general on a "
                           "frontier region")
    return reasons


def end_round(state: State, events: list[Event]) -> None:
    reasons = end_reasons(state)
    if reasons:
        state["step"] = "over"
        state["end"] = {"reason": "; ".join(reasons), "round": state["round"]}
        events.append(Event(f"The game ends after round {state['round']}: "
                            f"{'; '.join(reasons)}.", kind="end"))
        return
    events.append(Event(f"Upkeep of round {state['round']}.", kind="phase"))
    events.append(flip_criteria(state))
    events.append(pass_emperor_token(state))
    for seat in state["action_order"]:
        events += pay_upkeep(state, seat)
    for seat in state["action_order"]:
        events += military_points(state, seat)
    state["round"] += 1
    state["step"] = "round_start"  # conflict.start_round clears the per-round fields


def flip_criteria(state: State) -> Event:
    """R9.1: both markers flip, so they still show different sides."""
    criterion = state["criterion"]
    criterion["emperor"], criterion["support"] = criterion["support"], criterion["emperor"]
    return Event(f"Criterion markers flip: Manipulate Han Emperor uses "
                 f"{criterion['emperor'].capitalize()}, Gain Support uses "
                 f"{criterion['support'].capitalize()} next round.")


def pass_emperor_token(state: State) -> Event:
    """R9.2 (A4, EX11, EX12): the round's Manipulate bid winner takes the token, even one who
    declined; with no bid on it the token goes to the general supply."""
    winner = state["manipulate_winner"]
    state["emperor_holder"] = winner
    if winner is None:
        return Event("Nobody bid on Manipulate Han Emperor: the Han Emperor token goes to the "
                     "general supply; nobody may use it next round.")
    return Event(f"{who(state, winner)} takes the Han Emperor token.")


def occupying_units(state: State, seat: int) -> int:
    return sum(o["count"] for o in player(state, seat)["occupations"])


def dues(state: State, seat: int) -> dict[str, int]:
    """R9.3 with EX18: floor(S/2) rice for support tokens, and per occupying unit 1 gold and
    1 rice, less the treasury's and granary's tokens (never below 0), less `upkeep_relief`."""
    p, units = player(state, seat), occupying_units(state, seat)
    treasury = p["treasury"]["markets"] + len(p["treasury"]["frontiers"])
    granary = p["granary"]["farms"] + len(p["granary"]["frontiers"])
    relief = abilities.upkeep_relief(state, seat)
    gold = max(0, units - treasury)
    rice = p["support"] // 2 + max(0, units - granary)
    return {"gold": max(0, gold - relief["gold"]), "rice": max(0, rice - relief["rice"])}


def pay_upkeep(state: State, seat: int) -> list[Event]:
    """Pay what can be paid; 1 deficit token per missing gold or rice, each paid separately
    (A1)."""
    p = player(state, seat)
    due = dues(state, seat)
    if not any(due.values()):
        return []
    missing = 0
    for resource in ("gold", "rice"):
        paid = min(due[resource], p[resource])
        p[resource] -= paid
        missing += due[resource] - paid
    p["deficits"] += missing
    text = f"{who(state, seat)} pays upkeep: {due['gold']} gold, {due['rice']} rice"
    if missing:
        text += (f"; short by {missing}, takes {count_of(missing, 'deficit token')} "
                 f"({p['deficits']} in all)")
    return [Event(text + ".")]


def military_points(state: State, seat: int) -> list[Event]:
    """R9.4: 1 point per occupying unit, old and new; generals do not count."""
    units = occupying_units(state, seat)
    if not units:
        return []
    p = player(state, seat)
    p["military"] += units
    return [Event(f"{who(state, seat)} gains {units} military points for its occupying units "
                  f"(now {p['military']}).")]

