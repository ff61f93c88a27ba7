"""The wargame's determiniser (`Game.sample`): a full state consistent with one seat's view,
built from the view alone (its board and its `public` block, games/wargame/public.py).

What the view hides is drawn from the rng:
- the order of each period's 天命札 deck: the cards not drawn yet, shuffled (nobody knows
  it, W5.3);
- with `opt.hide_zaiya`, which unplaced general is free in which area (the view shows how
  many stand in each, W5.5b); the others wait to enter;
- another side's secret selection (W18b) once its seat has answered: as many generals of
  that army as it must field (any number up to N in a duel).

What the view does not carry, and the sample therefore assumes, with why:
- the generator and the seed: fresh from the given rng (they decide every future draw);
- another side's selection its seat is still making: nothing chosen yet;
- another seat's battle plan and paused batch of orders (W33.4): none, so that seat is
  asked in the sample where its plan would have answered;
- an alliance offer the seat is no party to (W33.2): none, as the view shows the action
  step it interrupts, and the offers of the phase are the ones the seat knows of;
- a loss split still being proposed that the seat is no party to (W17.4.2): no share
  named yet while the proposer names them, the default split while the majors vote;
- an order another seat is building (its draft, W33.6): one just begun, nothing chosen,
  on an area its order could name, drawn."""

from __future__ import annotations

import copy
from typing import Any

from games.core.actions import Action
from games.core.rng import Rng
from games.core.sampling import Dealer, fresh_rng
from games.wargame import orders
from games.wargame.combat import SIDES, army_generals, auto_picks, chooses, decider, most_picks
from games.wargame.data import data_for

State = dict[str, Any]
COUNTED = ("value", "big_cities", "troops")  # what the view adds to each nation
ANSWERED = Action("done").to_json()  # another seat's hidden answer to a simultaneous step


def sample(view: dict[str, Any], seat: int, rng: Rng) -> State:
    """The seat's view with its hidden parts drawn (see the module)."""
    shown = view["public"]
    options = dict(shown["options"])
    generator = fresh_rng(rng)
    state: State = {
        "seed": generator, "rng": generator, "options": options,
        "scenario": view["scenario"], "turn": shown["turn"],
        "players": copy.deepcopy(view["players"]),
        "areas": copy.deepcopy(view["areas"]),
        "generals": _generals(view, rng),
        "nations": {n: {k: v for k, v in s.items() if k not in COUNTED}
                    for n, s in view["nations"].items()},
        "decks": _decks(view, rng), "revealed": list(view["revealed"]),
        "cup": list(view["cup"]), "acting": view["acting"],
        "markers": dict(view["markers"]), "step": copy.deepcopy(view["step"]),
        "redeploy": copy.deepcopy(view["redeploy"]),
        "pick_order": list(shown["pick_order"]), "ledger": dict(shown["ledger"]),
        "battle": None, "last_battle": copy.deepcopy(view["last_battle"]),
        "over": copy.deepcopy(view["over"]), "heirs": list(shown["heirs"]),
        "falls": list(shown["falls"]), "queue": copy.deepcopy(view["queue"]),
        "plans": {str(seat): copy.deepcopy(view["plan"])} if view["plan"] else {},
        "flow": {"phase": shown["flow"]["phase"],
                 "stack": [_step(s) for s in shown["flow"]["stack"]]},
    }
    state["battle"] = _battle(state, view, seat, rng)
    _draft(state, rng)
    return state


def _generals(view: dict[str, Any], rng: Rng) -> dict[str, dict[str, Any]]:
    """Every general in data order (the rules read them in that order): the board's, the
    public block's, and with `opt.hide_zaiya` the unplaced dealt to the free places."""
    shown = view["public"]
    found = {**copy.deepcopy(view["generals"]), **copy.deepcopy(shown["generals"])}
    if shown["unplaced"] is not None:
        dealer = Dealer(shown["unplaced"], rng)
        for aid, count in sorted(view["zaiya"].items()):
            for gid in dealer.deal(count):
                found[gid] = {"state": "zaiya", "nation": None, "area": aid}
        for gid in dealer.rest():
            found[gid] = {"state": "waiting", "nation": None, "area": None}
    data = data_for(shown["options"])
    return {g: found[g] for g in data.generals}


def _decks(view: dict[str, Any], rng: Rng) -> dict[str, list[str]]:
    """Each period's cards not drawn yet, in an order drawn from the rng."""
    data = data_for(view["public"]["options"])
    drawn = view["public"]["drawn"]
    decks = {}
    for period, ids in data.decks.items():
        key = str(period)
        left = [c for c in ids if c not in drawn[key]]
        if len(left) != view["deck_left"][key]:
            raise ValueError(f"deck {key}: the view counts {view['deck_left'][key]} cards, "
                             f"{len(left)} were not drawn")
        decks[key] = Dealer(left, rng).rest()
    return decks


def _step(step: dict[str, Any]) -> dict[str, Any]:
    """A step of the public stack; another seat's hidden answer stands as `done`."""
    shown = copy.deepcopy(step)
    shown["answers"] = [ANSWERED if a is True else a for a in shown["answers"]]
    return shown


def _draft(state: State, rng: Rng) -> None:
    """Another seat's order being built, whose data the view leaves out: one just begun,
    on an area drawn from those its order could name (the step it came from offers them)."""
    stack = state["flow"]["stack"]
    if not stack or stack[-1]["data"] is not None:
        return
    step = stack[-1]
    nid = state["step"]["nation"] if state["step"] else None
    if state["redeploy"] is not None:
        nid = state["redeploy"]["nation"]
    begun: dict[str, Any] = {"nation": nid}
    if step["rule"] == "move":
        offered = orders.redeploy_legal(state, step, step["seats"][0])
        begun.update(source=_one(offered, "move", rng), chosen=[], troops=0)
    elif step["rule"] == "levy":
        offered = orders.act_legal(state, step, step["seats"][0])
        begun.update(area=_one(offered, "levy", rng), chosen=[], groups=[])
    elif step["rule"] == "invade":
        offered = orders.act_legal(state, step, step["seats"][0])
        begun.update(target=_one(offered, "invade", rng), chosen=[], troops={})
    elif step["rule"] == "diplo":
        begun.update(groups=[])
    else:
        begun.update(a=None)
    step["data"] = begun


def _one(offered: list[Action], kind: str, rng: Rng) -> str:
    """The area of one of the offered orders of `kind`, drawn."""
    areas = [a.word(0) for a in offered if a.kind == kind]
    if not areas:
        raise ValueError(f"a {kind} order is being built, but none could be begun")
    return areas[rng.below(len(areas))]


def _battle(state: State, view: dict[str, Any], seat: int,
            rng: Rng) -> dict[str, Any] | None:
    """The battle of the view with its stage and split (the public block) and, under a
    secret selection, the drafts rebuilt (`_drafts`)."""
    if view["battle"] is None:
        return None
    shown = view["public"]["battle"]
    b = copy.deepcopy(view["battle"])
    b["stage"] = shown["stage"]
    b["split"] = copy.deepcopy(shown["split"])
    if b["split"] is not None and b["split"]["shares"] is None:
        voting = state["flow"]["stack"][-1]["rule"] == "split_vote"
        b["split"]["shares"] = dict(b["split"]["default"]) if voting else {}
    state["battle"] = b
    if state["options"]["secret_selection"]:
        b["drafts"], b["done"] = _drafts(state, view, seat, rng)
    return b


def _drafts(state: State, view: dict[str, Any], seat: int,
            rng: Rng) -> tuple[dict[str, list[str]], list[str]]:
    """A secret selection's drafts and the sides done: while the armies choose (W18b), a
    side the rules field has its generals at once (`chooses`), the seat's own is its view's
    `selection`, another seat's is drawn once that seat has answered, else empty; outside
    the selection, the generals revealed (`picks`)."""
    b = state["battle"]
    if b["stage"] != "select":
        picks = b["picks"]
        return ({s: list(picks[s]) for s in SIDES}, list(SIDES)) if picks else \
            ({s: [] for s in SIDES}, [])
    step = state["flow"]["stack"][-1]
    answered = {s for s, a in zip(step["seats"], step["answers"], strict=True) if a}
    drafts: dict[str, list[str]] = {}
    done = [s for s in SIDES if not chooses(state, s)]
    for side in SIDES:
        who = decider(state, side)
        if side in done:
            drafts[side] = auto_picks(state, side)
        elif who == seat:
            drafts[side] = list(view["selection"] or [])
        elif who in answered:
            drafts[side] = _drawn(state, side, rng)
        else:
            drafts[side] = []
    return drafts, done


def _drawn(state: State, side: str, rng: Rng) -> list[str]:
    """A complete selection of the army's generals (in data order): exactly as many as it
    must field, or up to N in a duel."""
    army = army_generals(state, side)
    most = most_picks(state, side)
    count = rng.below(most + 1) if state["battle"]["method"] == "ikki" else most
    chosen = set(Dealer(army, rng).deal(count))
    return [g for g in army if g in chosen]
