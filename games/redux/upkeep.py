"""R11 the end check, then R9 upkeep and refresh, after a round's resolution phase.

The end conditions are checked once, after R8.6 (A28); when one holds the game is over with
no upkeep at all (R11.2: no payment, no military points, no criterion flip, no Han Emperor
token transfer). Otherwise R9.1-R9.5 run in order and the per-round fields are reset for
conflict.start_round."""

from __future__ import annotations

from games.core import Event
from games.core.messages import Msg, Param, Term, msg, said_json
from games.redux import abilities, scoring
from games.redux.rules import DEVELOPMENT_MAX, EMPEROR_OFFICE, LAST_ROUND, OCCUPYING_GENERALS_END
from games.redux.say import amount, amounts
from games.redux.state import State, nation_term, player, who, who_nation


def end_reasons(state: State) -> list[Msg]:
    """R11.1: the 12th round, or any one player with farm and market 5, the Emperor office,
    or a 5th occupying general."""
    reasons = [msg("redux.end.last_round", round=LAST_ROUND)] \
        if state["round"] >= LAST_ROUND else []
    for p in state["players"]:
        nation = nation_term(p["nation"])
        if p["farm"]["level"] == DEVELOPMENT_MAX and p["market"]["level"] == DEVELOPMENT_MAX:
            reasons.append(msg("redux.end.developed", nation=nation, level=DEVELOPMENT_MAX))
        if p["office"] >= EMPEROR_OFFICE:
            reasons.append(msg("redux.end.deposed", nation=nation))
        if len(p["occupations"]) >= OCCUPYING_GENERALS_END:
            reasons.append(msg("redux.end.occupied", nation=nation,
                               count=OCCUPYING_GENERALS_END))
    return reasons


def end_round(state: State, events: list[Event]) -> None:
    reasons = end_reasons(state)
    if reasons:
        state["step"] = "over"
        state["end"] = {"reason": said_json(msg("redux.end.why", reasons=tuple(reasons))),
                        "round": state["round"]}
        events.append(Event(msg("redux.end.reasons", round=state["round"],
                                reasons=tuple(reasons)), kind="end"))
        events.append(final_scores(state))
        return
    events.append(Event(msg("redux.log.upkeep", round=state["round"]), kind="phase"))
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
    return Event(msg("redux.log.criteria_flip",
                     emperor=Term(f"redux.criterion.{criterion['emperor']}"),
                     support=Term(f"redux.criterion.{criterion['support']}")))


def pass_emperor_token(state: State) -> Event:
    """R9.2 (A4, EX11, EX12): the round's Manipulate bid winner takes the token, even one who
    declined; with no bid on it the token goes to the general supply."""
    winner = state["manipulate_winner"]
    state["emperor_holder"] = winner
    if winner is None:
        return Event(msg("redux.log.emperor_to_supply"))
    return Event(msg("redux.log.takes_emperor", who=who(state, winner)))


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
    paid, short = {}, {}
    for resource in ("gold", "rice"):
        paid[resource] = min(due[resource], p[resource])
        p[resource] -= paid[resource]
        short[resource] = due[resource] - paid[resource]
    missing = sum(short.values())
    p["deficits"] += missing
    said: dict[str, Param] = {"who": who(state, seat), "due": amounts(due.items())}
    if not missing:
        return [Event(msg("redux.log.upkeep_paid", **said))]
    said.update(deficits=amount("deficit", missing), total=p["deficits"])
    paid_words = amounts(paid.items())
    if not paid_words:
        return [Event(msg("redux.log.upkeep_unpaid", **said))]
    return [Event(msg("redux.log.upkeep_short", **said, paid=msg("redux.log.paid_list",
                                                                  paid=paid_words),
                      short=amounts(short.items())))]


def military_points(state: State, seat: int) -> list[Event]:
    """R9.4: 1 point per occupying unit, old and new; generals do not count."""
    units = occupying_units(state, seat)
    if not units:
        return []
    p = player(state, seat)
    p["military"] += units
    return [Event(msg("redux.log.military", who=who(state, seat),
                      points=amount("military", units), now=p["military"]))]


def final_scores(state: State) -> Event:
    """The final scores, best first, as the game's last line (R12)."""
    ranked = scoring.result(state)
    assert ranked is not None  # the game is over
    return Event(msg("redux.log.final_scores", scores=tuple(
        msg("redux.log.final_score", who=who_nation(state, s.seat), total=s.total)
        for s in ranked.scores), winner=who(state, ranked.winners[0])), kind="end")

