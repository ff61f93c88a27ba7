"""Scythe's determiniser (`Game.sample`): a full state consistent with one seat's view.

The view passes the table through as it is (games/scythe/view.py), so the public state is
copied back from it; what it hides is drawn here from what the seat has not seen (S13.15,
S21.1): the other hands and objectives, the order and contents of the combat, objective,
encounter and Factory decks, the combat discard (the view gives its size only), a rival's
commitment to a combat not yet revealed, and, with `coins_visible` off, the others' coins."""

from __future__ import annotations

import copy
from typing import Any

from games.core.rng import Rng
from games.core.sampling import Dealer, fresh_rng, unseen
from games.scythe import cards, rules
from games.scythe.state import State, combat_card_ids

# Keys the view adds to a player, derived from the state (view._player, view.mat_values).
DERIVED = ("card_count", "objective_count", "top_values", "bottom_costs")
COPIED = ("game", "options", "bonus_tile", "order", "active", "turn_number", "encounters",
          "resources", "structures", "turn", "end")


def sample(view: dict[str, Any], seat: int, rng: Rng) -> State:
    """The seat's view with its hidden parts dealt from the unseen pools (see the module).

    The seed and the generator are not in the view: the sample's generator is fresh from
    `rng` (the true one decides every future draw, which nobody may know), and `seed`, read
    by setup only, is the same fresh number."""
    generator = fresh_rng(rng)
    state: State = {"game": view["game"], "seed": generator, "rng": generator}
    state.update({key: copy.deepcopy(view[key]) for key in COPIED[1:]})
    state["players"] = [_player(p) for p in view["players"]]
    state["stack"] = [_frame(f, seat) for f in view["stack"]]
    state["decks"] = _decks(view, seat, state, rng)
    _hidden_coins(state, rng)
    return state


def _player(shown: dict[str, Any]) -> dict[str, Any]:
    """A player of the view back in the state's shape; the others' cards are dealt later."""
    out = {k: copy.deepcopy(v) for k, v in shown.items() if k not in DERIVED}
    out["cards"] = [c["id"] for c in shown.get("cards", [])]
    out["objectives"] = [o["id"] for o in shown.get("objectives", [])]
    return out


def _frame(shown: dict[str, Any], seat: int) -> dict[str, Any]:
    """A frame of the view back in the state's shape: a commit's seats that are in get their
    commitment when the cards are dealt, and the seat's own draft goes back to its place."""
    out = copy.deepcopy(shown)
    if out["kind"] == "commit":
        out["committed"] = {str(s): {} for s in out["committed"]}
        if "draft" in out:
            out["drafts"] = {str(seat): out.pop("draft")}
    return out


def _decks(view: dict[str, Any], seat: int, state: State, rng: Rng) -> dict[str, list[str]]:
    """Every deck and hidden hand, dealt from its unseen pool in the sizes the view shows.
    A revealed objective is the exception: it is shown and back in the deck, at its bottom
    (the deck's start, S16.2), and never drawn again."""
    counts = view["decks"]
    others = [(p, shown) for p, shown in zip(state["players"], view["players"], strict=True)
              if p["seat"] != seat]
    combat = Dealer(unseen(combat_card_ids(), view), rng)
    for p, shown in others:
        p["cards"] = combat.deal(shown["card_count"])
    decks = {"combat": combat.deal(counts["combat"]),
             "combat_discard": combat.deal(counts["combat_discard"])}
    _commitments(state, combat, rng)
    done = [o for p in state["players"] for o in p["objectives_done"]]
    held = set(done) | set(state["players"][seat]["objectives"])
    objective = Dealer([o for o in sorted(cards.objectives()) if o not in held], rng)
    for p, shown in others:
        p["objectives"] = objective.deal(shown["objective_count"])
    decks["encounter"] = Dealer(unseen(sorted(cards.encounters()), view), rng).deal(
        counts["encounter"])
    decks["objective"] = done + objective.deal(counts["objective"] - len(done))
    decks["factory"] = _factory(view, state["stack"], rng)
    return decks


def _commitments(state: State, combat: Dealer[str], rng: Rng) -> None:
    """A commitment not yet revealed (at most one: the combat is revealed once both are in):
    its dial from 0 to what the seat could set (T31), and the combat cards left over once
    every hand and pile holds what the view counts, as the cards are conserved."""
    for frame in state["stack"]:
        if frame["kind"] != "commit":
            continue
        for key in frame["committed"]:
            power = state["players"][int(key)]["power"]
            frame["committed"][key] = {"dial": rng.below(min(rules.DIAL_MAX, power) + 1),
                                       "cards": sorted(combat.rest())}


def _factory(view: dict[str, Any], stack: list[dict], rng: Rng) -> list[str]:
    """The cards on the Factory space: in the picker's own view, the ones it looks at."""
    for frame in stack:
        if frame["kind"] == "factory_pick" and "cards" in frame:
            return list(frame.pop("cards"))
    pool = unseen(sorted(cards.factory_cards()), view)
    return Dealer(pool, rng).deal(view["decks"]["factory"])


def _hidden_coins(state: State, rng: Rng) -> None:
    """With `coins_visible` off (S21.1) the view hides the others' coins and the amount of an
    offer between two others. A giver holds at least what it offers (S20.4); beyond that
    nothing in the view bounds them, so each is drawn up to the most coins the seat sees
    (at least 1), and an unseen offer up to what its giver holds."""
    players = state["players"]
    answers = [f for f in state["stack"] if f["kind"] == "answer"]
    floors = {f["giver"]: f.get("coins", 1) for f in answers}
    ceiling = max([p["coins"] for p in players if p["coins"] is not None] + [1])
    for p in players:
        if p["coins"] is None:
            floor = floors.get(p["seat"], 0)
            p["coins"] = floor + rng.below(max(ceiling, floor) - floor + 1)
    for frame in answers:
        if "coins" not in frame:
            frame["coins"] = 1 + rng.below(players[frame["giver"]]["coins"])
