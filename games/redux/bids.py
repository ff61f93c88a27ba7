"""R7.8-R7.10 and R8.1-R8.2: what each bid is worth, who wins each action (ties by who
reached the value first, A7, unless Cao Cao's `tie_win` decides, A8), the alliance side
(R7.9), and closing the bidding: losing bids return, successes are counted and the order
tracks are set for this round's actions and next round's bidding."""

from __future__ import annotations

from games.core import Event
from games.core.messages import Param, msg
from games.redux.rules import ACTIONS, NATIONS
from games.redux.state import (
    State,
    action_term,
    general,
    general_term,
    nation_of,
    nation_term,
    pack,
    player,
    release_bid,
    who,
    who_nation,
)

ALLIANCE = "alliance"


# -- values (R7.8.1) ---------------------------------------------------------------------------
def criterion(state: State, action: str) -> str | None:
    """The stat a bid on `action` uses this round; None on tribal actions (no bidding)."""
    kind = ACTIONS[action][2]
    if kind == "alternating":
        return state["criterion"][action]
    if kind == "battle":
        return "combat"
    return None if kind == "tribal" else kind


def bid_value(state: State, placement: dict) -> int:
    """Stat + units on battle actions (+1 each, G10) + support + Han Emperor + abilities."""
    stat = criterion(state, placement["action"])
    if stat is None:
        return 0
    value = general(state, placement["general"])[stat]
    if ACTIONS[placement["action"]][2] == "battle" and placement["units"]:
        value += placement["units"]["count"]
    return value + placement["support"] + int(placement["emperor"]) + placement["bonus"]


def placement_bonus(state: State, seat: int, gid: str, action: str) -> int:
    """R7.10.1: a general's own `bid_bonus` on matching actions, plus each built card's bonus
    once per action, counted with the owner's first general there (when the bid token goes
    down, which keeps the reached-first timeline exact)."""
    if ACTIONS[action][2] == "tribal":
        return 0
    bonus = sum(a["amount"] for a in general(state, gid)["abilities"]
                if a["kind"] == "bid_bonus" and _matches(state, a["actions"], action))
    if not any(b["seat"] == seat and b["action"] == action for b in state["bids"]):
        cards = pack(state).cards
        bonus += sum(e["amount"] for c in player(state, seat)["built"]
                     for e in cards[c]["effects"]
                     if e["kind"] == "bid_bonus" and _matches(state, e["actions"], action))
    return bonus


def _matches(state: State, targets: list[str], action: str) -> bool:
    """Ability targets are action ids or groups: a criterion (`admin`, `combat`: every action
    whose bid uses that stat this round, so `combat` holds the battle actions too, R7.3.5,
    and an alternating action in the rounds its marker shows it, R7.3.4), `alternating`,
    `battle`, or `alliance` (this round's alliance action)."""
    kind = ACTIONS[action][2]
    for target in targets:
        if target in (action, kind):
            return True
        if target in ("admin", "combat") and criterion(state, action) == target:
            return True
        if target == ALLIANCE and state["alliance"]["action"] == action:
            return True
    return False


# -- sides and winners (R7.8.2-R7.9) ------------------------------------------------------------
def allies(state: State) -> list[int]:
    """R7.2.2: positions 2 and 3 of this round's bid order (kept as the action order once
    R8.2 has rearranged the bid order track for next round)."""
    return (state["action_order"] or state["bid_order"])[1:]


def side_of(state: State, action: str, seat: int) -> str:
    """A side is a seat, or on the alliance action the two allies together (R7.9.1)."""
    if action == state["alliance"]["action"] and seat in allies(state):
        return ALLIANCE
    return str(seat)


def placements(state: State, action: str) -> list[dict]:
    return sorted((b for b in state["bids"] if b["action"] == action), key=lambda b: b["seq"])


def totals(state: State, action: str) -> dict[str, tuple[int, int]]:
    """Each side's value and the sequence number at which it reached that value (A7)."""
    out: dict[str, tuple[int, int]] = {}
    for placement in placements(state, action):
        side = side_of(state, action, placement["seat"])
        value, reached = out.get(side, (0, placement["seq"]))
        worth = bid_value(state, placement)
        out[side] = (value + worth, placement["seq"] if worth else reached)
    return out


def _ties_won(state: State, action: str, side: str) -> bool:
    """A8: a `tie_win` general (Cao Cao) among the side's generals on this action."""
    return any(a["kind"] == "tie_win"
               for b in placements(state, action) if side_of(state, action, b["seat"]) == side
               for a in general(state, b["general"])["abilities"])


def winning_side(state: State, action: str) -> tuple[str, str] | None:
    """The winning side and how it won ("" for a clear win), or None without bids."""
    sides = totals(state, action)
    if not sides:
        return None
    best = max(value for value, _ in sides.values())
    tied = [s for s, (value, _) in sides.items() if value == best]
    if len(tied) == 1:
        return tied[0], ""
    favoured = [s for s in tied if _ties_won(state, action, s)]
    if favoured:
        first = min(favoured, key=lambda s: sides[s][1])
        return first, "ability" if len(favoured) == 1 else "first"
    return min(tied, key=lambda s: sides[s][1]), "first"


def side_seats(state: State, action: str, side: str) -> list[int]:
    """The seats of a side that placed on the action (R7.2.6: an ally who placed nothing
    does not perform it), in bid order."""
    seats = {b["seat"] for b in placements(state, action)
             if side_of(state, action, b["seat"]) == side}
    return [s for s in (state["action_order"] or state["bid_order"]) if s in seats]


def leading(state: State, action: str) -> list[int]:
    """Who would win `action` if bidding ended now (the owner on a tribal action)."""
    if ACTIONS[action][2] == "tribal":
        return sorted({b["seat"] for b in placements(state, action)})
    won = winning_side(state, action)
    return side_seats(state, action, won[0]) if won else []


# -- closing the bidding (R8.1, R8.2) ----------------------------------------------------------
def close(state: State, events: list[Event]) -> None:
    """R8.1 winners and returns, R8.1.3 last round's flipped general, R8.2 both tracks."""
    events.append(Event(msg("redux.log.bids_compared", round=state["round"]), kind="phase"))
    state["winners"] = {}
    for action in ACTIONS:
        if placements(state, action):
            _settle(state, action, events)
    _return_flipped(state, events)
    _count_successes(state)
    state["manipulate_winner"] = state["winners"].get("emperor", [None])[0]
    state["action_order"] = list(state["bid_order"])
    state["bid_order"] = next_bid_order(state)
    events.append(Event(msg("redux.log.orders",
                            actions=[who_nation(state, s) for s in state["action_order"]],
                            bids=[who_nation(state, s) for s in state["bid_order"]])))


def _settle(state: State, action: str, events: list[Event]) -> None:
    if ACTIONS[action][2] == "tribal":
        state["winners"][action] = leading(state, action)
        return
    sides = totals(state, action)
    won = winning_side(state, action)
    if won is None:
        raise AssertionError(f"{action} has placements but no bid total")
    side, how = won
    winners = side_seats(state, action, side)
    state["winners"][action] = winners
    scores = tuple(msg("redux.log.side_value", side=_side_label(state, s), value=value)
                   for s, (value, _) in sides.items())
    said: dict[str, Param] = {"action": action_term(action), "scores": scores}
    if len(winners) == 1:
        said["who"] = who(state, winners[0])
        key = "redux.log.wins"
    else:
        said["winners"] = tuple(who(state, s) for s in winners)
        key = "redux.log.win_together"
    if how:
        said["how"] = msg(f"redux.log.tie_{how}")
        key += "_tie"
    events.append(Event(msg(key, **said)))
    for placement in placements(state, action):
        if side_of(state, action, placement["seat"]) != side:
            release_bid(state, placement, refund_gold=True)


def _side_label(state: State, side: str) -> Param:
    if side == ALLIANCE:
        return msg("redux.log.the_alliance")
    return nation_term(nation_of(state, int(side)))


def _return_flipped(state: State, events: list[Event]) -> None:
    flipped = state["flipped"]
    if flipped:
        events.append(Event(msg("redux.log.flipped_returns",
                                general=general_term(state, flipped["general"]),
                                who=who(state, flipped["seat"]))))
        state["flipped"] = None


def _count_successes(state: State) -> None:
    """R8.2.2: one per won action for each seat that performs it (A23, A24); the tribal
    action counts for the seat that placed there (R7.6.7)."""
    counts = [0] * len(state["players"])
    for seats in state["winners"].values():
        for seat in seats:
            counts[seat] += 1
    state["successes"] = counts


def next_bid_order(state: State) -> list[int]:
    """R8.2.3: more successes first, then higher military score (now, A45), then Wei, Wu,
    Shu."""
    return sorted(range(len(state["players"])),
                  key=lambda s: (-state["successes"][s], -player(state, s)["military"],
                                 NATIONS.index(nation_of(state, s))))
