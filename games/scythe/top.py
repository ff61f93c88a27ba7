"""Top-row actions (spec S6): Move or Gain, Bolster, Trade, Produce, with the structure
bonuses tied to them (S12.3-S12.6).

The `top` frame offers the options of the chosen section's action that the player can pay for
(S5.2) and that can do something; `skip` declines it (S4.2). Trade's resources and Produce are
taken one territory at a time (`trade` and `produce` frames) so the player may stop early
(S5.3). The values in force depend on which technology cubes are still on the top row (S6.5):
a box whose cube has been moved away by Upgrade shows its upgraded value."""

from __future__ import annotations

from functools import cache

from games.core import Action, Event
from games.core.messages import Msg, msg
from games.scythe import gains, rules
from games.scythe import words as w
from games.scythe.board import board
from games.scythe.control import controlled, controller
from games.scythe.frames import Decision, offered
from games.scythe.payment import begin_payment, can_pay
from games.scythe.starts import begin_move
from games.scythe.state import (
    Frame,
    State,
    add_resource,
    is_worker,
    mat_workers,
    player,
    pop,
    push,
    set_unit_place,
    units_of,
    workers_off_mat,
)

ACTION_COST = {"bolster": {"coins": 1}, "trade": {"coins": 1}}  # S6.2, S6.3; Move is free
OPTIONS = {"move": ("move", "gain"), "bolster": ("power", "cards"),
           "trade": ("resources", "popularity"), "produce": ("produce",)}  # each action's verbs
VILLAGE_YIELD = "worker"  # what a village produces (board data `produces`)


def top_value(state: State, seat: int, box: str) -> int:
    """A top-row box's value: upgraded once its cube has left it (S6.5)."""
    base, upgraded = rules.TOP_BOX_VALUES[box]
    return base if box in player(state, seat)["cubes"] else upgraded


def produce_cost(state: State, seat: int) -> dict[str, int]:
    """S6.4: the cost uncovered by the workers already off the mat, counted before producing."""
    off = workers_off_mat(state, seat)
    return next(dict(cost) for least, cost in reversed(rules.PRODUCE_COST) if off >= least)


def has_structure(state: State, seat: int, kind: str) -> bool:
    """Structure bonuses belong to the owner wherever the structure stands (S12.2)."""
    return kind in player(state, seat)["structures_built"]


def worker_territories(state: State, seat: int) -> list[str]:
    """Territories the seat controls with at least one of its workers (S6.3, S6.4)."""
    return [t for t in controlled(state, seat)
            if any(is_worker(u) for u in units_of(state, seat, t))]


# -- the top frame ----------------------------------------------------------------------------
def _top_action(state: State, frame: Frame) -> str:
    return board().mats[player(state, frame["seat"])["mat"]].sections[frame["section"]].top


def _top_legal(state: State, frame: Frame) -> list[Action]:
    seat = frame["seat"]
    action = _top_action(state, frame)
    options: list[Action]
    if action == "move":
        options = list(_move_options(top_value(state, seat, "move_units"),
                                     top_value(state, seat, "move_coins")))
    elif action == "bolster":
        options = _bolster_options(state, seat)
    elif action == "trade":
        options = _trade_options(state, seat)
    else:
        options = _produce_options(state, seat)
    return [*options, _skip(action)]


# The options' actions are made once per value (their labels are immutable messages): every
# decision lists its actions several times (the choice, the validation, `settle`'s check
# for a forced answer), and building the labels was a visible part of a playout.
@cache
def _move_options(units: int, coins: int) -> tuple[Action, ...]:
    return (Action("move", (), msg("scythe.label.move",
                                   units=msg("scythe.amount.units", count=units))),
            Action("gain", (), msg("scythe.label.gain", what=w.amount("coins", coins))))


@cache
def _skip(action: str) -> Action:
    return Action("skip", (), msg("scythe.label.skip", action=w.action(action)))


@cache
def _paid_option(verb: str, action: str, label: str, what: str, count: int) -> Action:
    """`power`, `cards`, `resources`, `popularity`: pay the action's cost, gain `count`."""
    return Action(verb, (), msg(label, cost=w.amounts(ACTION_COST[action]),
                                what=w.amount(what, count)))


def _bolster_options(state: State, seat: int) -> list[Action]:
    if not can_pay(state, seat, ACTION_COST["bolster"]):
        return []
    power, cards = top_value(state, seat, "bolster_power"), top_value(state, seat, "bolster_cards")
    return [_paid_option("power", "bolster", "scythe.label.pay_gain", "power", power),
            _paid_option("cards", "bolster", "scythe.label.pay_draw", "combat_cards", cards)]


def _trade_options(state: State, seat: int) -> list[Action]:
    """A12, T51: the resource option needs a territory to place them on; popularity never."""
    if not can_pay(state, seat, ACTION_COST["trade"]):
        return []
    options = []
    if worker_territories(state, seat):
        options.append(_paid_option("resources", "trade", "scythe.label.pay_gain", "resources",
                                    rules.TRADE_RESOURCES))
    popularity = top_value(state, seat, "trade_popularity")
    options.append(_paid_option("popularity", "trade", "scythe.label.pay_gain", "popularity",
                                popularity))
    return options


def _produce_options(state: State, seat: int) -> list[Action]:
    cost, limit = produce_cost(state, seat), top_value(state, seat, "produce_territories")
    if not can_pay(state, seat, cost) or not _candidates(state, _produce_frame(
            seat, limit, "top", None)):
        return []
    return [_produce_option(limit, tuple(cost.items()))]


@cache
def _produce_option(limit: int, cost: tuple[tuple[str, int], ...]) -> Action:
    if cost:
        return Action("produce", (), msg("scythe.label.produce_paying", count=limit,
                                         cost=w.amounts(dict(cost))))
    return Action("produce", (), msg("scythe.label.produce", count=limit))


def _top_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    seat = frame["seat"]
    pop(state)
    if action.kind == "skip":
        return [Event(msg("scythe.skips", who=w.who(seat),
                          action=w.action(_top_action(state, frame))))]
    if action.kind == "move":
        return begin_move(state, seat, units=top_value(state, seat, "move_units"),
                               steps=1, via="top")
    if action.kind == "gain":
        return gains.gain(state, seat, {"coins": top_value(state, seat, "move_coins")})
    if action.kind in ("power", "cards"):
        return _bolster(state, seat, action.kind)
    if action.kind in ("resources", "popularity"):
        return _trade(state, seat, action.kind)
    cost = produce_cost(state, seat)
    push_produce(state, seat, top_value(state, seat, "produce_territories"), "top")
    return begin_payment(state, seat, cost, "produce")


def _top_refuse(state: State, frame: Frame, action: Action) -> Msg:
    """Why an option of this section is not offered, or which options there are."""
    seat, top_action = frame["seat"], _top_action(state, frame)
    choices = offered(_top_legal(state, frame))
    if action.kind not in OPTIONS[top_action]:
        return msg("scythe.refuse.top_action", action=w.action(top_action), choices=choices)
    cost = produce_cost(state, seat) if top_action == "produce" else \
        ACTION_COST.get(top_action, {})
    if not can_pay(state, seat, cost):
        return msg("scythe.refuse.cannot_pay_skip", action=w.action(top_action),
                   cost=w.cost(cost))
    if action.kind == "resources":
        return msg("scythe.refuse.trade_no_territory", choices=choices)
    return msg("scythe.refuse.produce_nothing")


def _bolster(state: State, seat: int, option: str) -> list[Event]:
    """S6.2, S12.6: the Monument adds 1 popularity whichever option is taken."""
    events = begin_payment(state, seat, ACTION_COST["bolster"], "bolster")
    if option == "power":
        events += gains.gain(state, seat, {"power": top_value(state, seat, "bolster_power")})
    else:
        events += gains.gain(state, seat,
                             {"combat_cards": top_value(state, seat, "bolster_cards")})
    if has_structure(state, seat, "monument"):
        events += gains.gain(state, seat, {"popularity": 1})
    return events


def _trade(state: State, seat: int, option: str) -> list[Event]:
    """S6.3, S12.6: the Armory adds 1 power whichever option is taken (T51)."""
    if option == "resources":
        push(state, {"kind": "trade", "seat": seat, "left": rules.TRADE_RESOURCES})
    events = begin_payment(state, seat, ACTION_COST["trade"], "trade")
    if option == "popularity":
        events += gains.gain(state, seat,
                             {"popularity": top_value(state, seat, "trade_popularity")})
    if has_structure(state, seat, "armory"):
        events += gains.gain(state, seat, {"power": 1})
    return events


# -- the trade frame --------------------------------------------------------------------------
def _trade_legal(state: State, frame: Frame) -> list[Action]:
    places = worker_territories(state, frame["seat"])
    return [*(_gain_on(kind, t) for t in places for kind in rules.RESOURCES),
            Action("done", (), w.label("scythe.label.stop_trade"))]


@cache
def _gain_on(kind: str, territory: str) -> Action:
    return Action("gain", (kind, territory), msg("scythe.label.gain_on", what=w.amount(kind, 1),
                                                 place=w.place(territory)))


def _trade_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    if action.kind == "done":
        pop(state)
        return []
    kind, territory = str(action.args[0]), str(action.args[1])
    add_resource(state, territory, kind)
    frame["left"] -= 1
    if not frame["left"]:
        pop(state)
    return [Event(msg("scythe.trades", who=w.who(frame["seat"]), what=w.amount(kind, 1),
                      place=w.place(territory)))]


def _trade_refuse(state: State, frame: Frame, action: Action) -> Msg:
    return msg("scythe.refuse.trade", choices=offered(_trade_legal(state, frame)))


# -- produce ----------------------------------------------------------------------------------
def push_produce(state: State, seat: int, limit: int, via: str,
                 territories: list[str] | None = None) -> None:
    """Start a Produce on up to `limit` territories (S6.4) for the top row (`via="top"`, cost
    already started by the caller) or an encounter/Factory card (`territories` restricts the
    choice, e.g. the character's territory). Only the top-row action gets the Mill (S12.7)."""
    push(state, _produce_frame(seat, limit, via, territories))


def _produce_frame(seat: int, limit: int, via: str, territories: list[str] | None) -> Frame:
    return {"kind": "produce", "seat": seat, "limit": limit, "via": via,
            "territories": territories, "done": []}


def _mill(state: State, frame: Frame) -> str | None:
    """The territory of the seat's Mill when it counts for this Produce: a top-row action
    and the seat controls it (S12.5, A3, T8)."""
    if frame["via"] != "top":
        return None
    seat = frame["seat"]
    where = next((t for t, s in state["structures"].items()
                  if s["seat"] == seat and s["kind"] == "mill"), None)
    return where if where is not None and controller(state, where) == seat else None


def _yield(state: State, frame: Frame, territory: str) -> int:
    """What producing `territory` gives now: one per own worker there (the Mill counts as one
    more); a village gives workers only while the mat has some; lakes and the Factory none."""
    seat = frame["seat"]
    producers = sum(is_worker(u) for u in units_of(state, seat, territory))
    producers += territory == _mill(state, frame)
    produces = board().territories[territory].produces
    if produces is None:
        return 0
    if produces == VILLAGE_YIELD:
        return min(producers, len(mat_workers(state, seat)))
    return producers


def _candidates(state: State, frame: Frame) -> list[str]:
    """Territories that may still produce: each once per action, the Mill's beyond the limit
    (A3), the others while fewer than `limit` have produced."""
    mill = _mill(state, frame)
    places = worker_territories(state, frame["seat"])
    if mill is not None and mill not in places:
        places.append(mill)
    if frame["territories"] is not None:
        places = [t for t in places if t in frame["territories"]]
    regular = sum(t != mill for t in frame["done"])
    return [t for t in places if t not in frame["done"] and _yield(state, frame, t) > 0
            and (t == mill or regular < frame["limit"])]


def _produce_legal(state: State, frame: Frame) -> list[Action]:
    mill = _mill(state, frame)
    return [*(Action("produce", (t,), _produce_label(state, frame, t, mill))
              for t in _candidates(state, frame)),
            Action("done", (), msg("scythe.label.stop_produce"))]


def _produce_label(state: State, frame: Frame, territory: str, mill: str | None) -> Msg:
    amount = _yield(state, frame, territory)
    key = "scythe.label.produce_on_mill" if territory == mill else "scythe.label.produce_on"
    return msg(key, what=w.amount(board().production(territory), amount),
               place=w.place(territory))


def _produce_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    if action.kind == "done":
        return _finish_produce(state, frame)
    territory = str(action.args[0])
    events = _produce_on(state, frame, territory)
    frame["done"].append(territory)
    if not _candidates(state, frame):
        events += _finish_produce(state, frame)
    return events


def _produce_on(state: State, frame: Frame, territory: str) -> list[Event]:
    """S6.4 step 4: resources onto the territory; a village takes the leftmost mat workers."""
    seat, amount = frame["seat"], _yield(state, frame, territory)
    produces = board().production(territory)
    if produces != VILLAGE_YIELD:
        add_resource(state, territory, produces, amount)
        return [Event(msg("scythe.produces", who=w.who(seat), what=w.amount(produces, amount),
                          place=w.place(territory)))]
    for worker in mat_workers(state, seat)[:amount]:
        set_unit_place(state, seat, worker, territory)
    return [Event(msg("scythe.produces_workers", who=w.who(seat),
                      what=w.amount(produces, amount), place=w.place(territory),
                      left=len(mat_workers(state, seat))))]


def _finish_produce(state: State, frame: Frame) -> list[Event]:
    """S6.4 step 6: the star once all eight workers have left the mat (A7)."""
    pop(state)
    seat = frame["seat"]
    if mat_workers(state, seat) or player(state, seat)["stars"].get("workers"):
        return []
    return gains.award_star(state, seat, "workers")


def _produce_refuse(state: State, frame: Frame, action: Action) -> Msg:
    return msg("scythe.refuse.produce", count=frame["limit"],
               choices=offered(_produce_legal(state, frame)))


DECISIONS = {
    "top": Decision(_top_legal, _top_apply, _top_refuse),
    "trade": Decision(_trade_legal, _trade_apply, _trade_refuse),
    "produce": Decision(_produce_legal, _produce_apply, _produce_refuse),
}
