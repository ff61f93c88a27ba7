"""R8.4.14 the tribal friendship action, R8.5 decay and rebellion, and the 12-reward (A13).

The action moves the marker by the gold or units placed with the general (A11: a general
alone moves 0 but still performs it), plus `tribal_bonus` abilities, up to 12; gold is paid in
full even past 12 (A14). The reward (2 rice for 1 support token, once a round) is offered right
after the action, or after decay to a player who did not perform it but is at 12 (A13)."""

from __future__ import annotations

from games.core import Action, Event, MalformedAction
from games.core.messages import Term, msg
from games.redux import abilities
from games.redux.citations import cite
from games.redux.economy import refuse_unless_listed, supply_left
from games.redux.rules import TRIBAL_OF_NATION, TRIBE_MAX, TRIBE_MIN, TRIBE_REWARD_RICE
from games.redux.say import amount
from games.redux.state import State, gain, general_term, pay, player, source_term, who


def tribal_choices(state: State, seat: int, action: str) -> list[Action]:
    return [Action("perform", (action,), label=msg("redux.label.perform_tribal"))]


def perform(state: State, seat: int, action: str, move: Action) -> list[Event]:
    refuse_unless_listed(move, tribal_choices(state, seat, action), msg("redux.why.own_tribal"),
                         rule=cite("R8.4.14.1"))
    bid = next(b for b in state["bids"] if b["seat"] == seat and b["action"] == action)
    attached = bid["units"]["count"] if bid["units"] else bid["gold"]
    bonus = abilities.tribal_bonus(state, seat, bid["general"])
    p = player(state, seat)
    before = p["tribal"]
    p["tribal"] = min(TRIBE_MAX, before + attached + bonus)
    p["tribal_done"] = True
    events = [Event(msg("redux.log.tribal_performed", who=who(state, seat),
                        general=general_term(state, bid["general"]), gold=bid["gold"],
                        before=before, after=p["tribal"], bonus=bonus))]
    if reward_open(state, seat):
        state["doing"] = {"action": action, "stage": "reward"}
    return events


def reward_open(state: State, seat: int) -> bool:
    """A13: at 12, not yet taken this round, payable in rice (never into deficit), and a
    support token left to take."""
    p = player(state, seat)
    return (p["tribal"] == TRIBE_MAX and not p["reward_taken"]
            and p["rice"] >= TRIBE_REWARD_RICE and supply_left(state, "support") != 0)


def reward_choices(state: State, seat: int, doing: dict | None) -> list[Action]:
    return [Action("reward", ("yes",), label=msg("redux.label.reward", rice=amount(
        "rice", TRIBE_REWARD_RICE), support=amount("support", 1))),
            Action("reward", ("no",), label=msg("redux.label.no_reward"))]


def reward(state: State, seat: int, doing: dict | None, move: Action) -> list[Event]:
    if move.args not in (("yes",), ("no",)):
        raise MalformedAction(msg("redux.refuse.typed_form", typed=move.text,
                                  form="reward yes|no"), rule=cite("R8.4.14.3"))
    state["doing"] = None
    if move.args == ("no",):
        return [Event(msg("redux.log.no_reward", who=who(state, seat)))]
    pay(state, seat, "rice", TRIBE_REWARD_RICE)
    gain(state, seat, "support", 1)
    player(state, seat)["reward_taken"] = True
    return [Event(msg("redux.log.reward", who=who(state, seat), top=TRIBE_MAX,
                      rice=amount("rice", TRIBE_REWARD_RICE), support=amount("support", 1)))]


def reward_due(state: State) -> list[int]:
    """Players offered the reward at R8.5, in action order: those who did not perform the
    tribal action (the others were offered it right after it) and stand at 12."""
    return [s for s in state["action_order"]
            if not player(state, s)["tribal_done"] and reward_open(state, s)]


def decay(state: State) -> list[Event]:
    """R8.5 for all players together (A16), in action order for the log."""
    events = []
    everyone = state["options"]["rebellion_check"] == "all_players"
    for seat in state["action_order"]:
        p = player(state, seat)
        if not p["tribal_done"]:
            events.append(_decay_one(state, seat))
        if p["tribal"] == TRIBE_MIN and (everyone or not p["tribal_done"]):
            p["deficits"] += 1
            events.append(Event(msg("redux.log.rebellion", who=who(state, seat),
                                    tribe=_tribe(p), low=TRIBE_MIN, total=p["deficits"])))
    return events


def _decay_one(state: State, seat: int) -> Event:
    p = player(state, seat)
    hold = abilities.tribal_hold(state, seat)
    if hold:
        return Event(msg("redux.log.tribe_holds", source=source_term(state, hold),
                         who=who(state, seat), tribe=_tribe(p), level=p["tribal"]))
    before = p["tribal"]
    p["tribal"] = max(TRIBE_MIN, before - 1)
    return Event(msg("redux.log.tribe_decays", who=who(state, seat), tribe=_tribe(p),
                     before=before, after=p["tribal"]))


def _tribe(p: dict) -> Term:
    return Term(f"redux.tribe.{TRIBAL_OF_NATION[p['nation']]}")
