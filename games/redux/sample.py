"""Redux's determiniser (`Game.sample`): a full state consistent with one seat's view
(games/redux/view.py, docs/redux-engine.md), built from the view's fields alone.

What the view hides is dealt from what the seat has not seen (docs/engine-core.md,
"Sampling"): the other players' hands (whose sizes the view shows, while the two decks'
sizes tell how many of them are Union cards), the order of both decks, each nation's general
deck, the generals another seat drew for a pick or picked and has not revealed (the draw's
size and the pick's count are public, R7.1.2), and a placement another seat is still
building (`draft`, shown only to its owner).

What the view does not carry, and the sample therefore draws or assumes, with why:
- the generator and the seed: fresh from the given rng (they decide every future draw);
- another seat's unfinished placement: none, or one of its available generals just placed
  (stage `on`), drawn from the rng: the placement's later stages leave no public trace
  either, and the seat may still cancel it (R7.7.2)."""

from __future__ import annotations

from typing import Any

from games.core.rng import Rng
from games.core.sampling import Dealer, fresh_rng, unseen
from games.redux import data
from games.redux.state import State, available
from games.redux.view import copied

DECKS = ("union", "separation")


def sample(view: dict[str, Any], seat: int, rng: Rng) -> State:
    """The seat's view with its hidden parts dealt from the unseen pools (see the module)."""
    generator = fresh_rng(rng)
    public = view["public"]
    state: State = {
        "game": "redux", "seed": generator, "rng": generator,
        "options": dict(view["options"]), "data": data.frozen_text(view["pack"]["hash"]),
        "pack": dict(view["pack"]), "round": view["round"], "step": view["step"],
        "criterion": dict(view["criterion"]), "bid_order": list(view["bid_order"]),
        "action_order": list(view["action_order"]),
        "alliance": {"action": view["alliance"]["action"],
                     "previous": view["alliance"]["previous"]},
        "emperor_holder": view["emperor_holder"], "flipped": _flipped(view),
        "bids": _bids(view), "seq": public["seq"], "turn": view["turn"],
        "draft": copied(view["draft"]), "winners": copied(public["winners"]),
        "successes": [p["successes"] for p in view["players"]],
        "manipulate_winner": public["manipulate_winner"], "actor": view["actor"],
        "todo": copied(public["todo"]), "doing": copied(view["doing"]),
        "end": copied(public["end"]), "supply": dict(view["supply"]),
        "decks": {deck: [] for deck in DECKS},
        "players": [_player(p, public["players"][p["seat"]]) for p in view["players"]],
    }
    _generals(state, view, seat, rng)
    _cards(state, view, seat, rng)
    _draft(state, seat, rng)
    return state


def _flipped(view: dict[str, Any]) -> dict | None:
    """The general flipped on Manipulate Han Emperor, which the view shows on that action."""
    shown = next(a["flipped"] for a in view["actions"] if a["id"] == "emperor")
    return None if shown is None else {"seat": shown["seat"], "general": shown["general"]}


def _bids(view: dict[str, Any]) -> list[dict]:
    """The round's placements, which the view lists by action, back in their sequence."""
    placed = [{"seq": b["seq"], "seat": b["seat"], "general": b["general"],
               "action": action["id"], "units": copied(b["units"]), "gold": b["gold"],
               "support": b["support"], "emperor": b["emperor"], "bonus": b["bonus"]}
              for action in view["actions"] for b in action["bids"]]
    return sorted(placed, key=lambda b: b["seq"])


def _player(shown: dict[str, Any], public: dict[str, Any]) -> dict:
    """A player of the view in the state's shape; its hidden generals and cards are dealt
    later (`_generals`, `_cards`)."""
    return {
        "seat": shown["seat"], "nation": shown["nation"], "gold": shown["gold"],
        "rice": shown["rice"], "support": shown["support"], "armies": dict(shown["armies"]),
        "weapons": dict(shown["weapons"]), "farm": dict(shown["farm"]),
        "market": dict(shown["market"]), "granary": copied(shown["granary"]),
        "treasury": copied(shown["treasury"]), "tribal": shown["tribal"],
        "military": shown["military"], "office": shown["office"],
        "deficits": shown["deficits"], "hand": [c["id"] for c in shown.get("hand", [])],
        "built": [c["id"] for c in shown["built"]], "general_deck": [],
        "drawn": [g["id"] for g in shown.get("drawn", [])], "picking": public["picking"],
        "hidden": [g["id"] for g in shown.get("hidden", [])],
        "generals": [g["id"] for g in shown["generals"]],
        "occupations": copied(shown["occupations"]), "passed": shown["passed"],
        "emperor_used": shown["emperor_used"], "tribal_done": public["tribal_done"],
        "performed": list(public["performed"]), "placed": list(public["placed"]),
        "recruited_round": dict(public["recruited_round"]), "stocks": dict(shown["stocks"]),
        "reward_taken": public["reward_taken"], "benefits": copied(public["benefits"]),
    }


def _generals(state: State, view: dict[str, Any], seat: int, rng: Rng) -> None:
    """Each nation's unseen generals: another seat's drawn and hidden ones in the sizes the
    view gives, then the general deck (the seat's own deck too: its order is hidden)."""
    generals = data.frozen(state).generals
    for p, shown in zip(state["players"], view["players"], strict=True):
        nation = sorted(g for g, entry in generals.items() if entry["nation"] == p["nation"])
        dealer = Dealer(unseen(nation, view), rng)
        if p["seat"] != seat:
            p["hidden"] = sorted(dealer.deal(shown["hidden_count"]))
            p["drawn"] = dealer.deal(view["public"]["players"][p["seat"]]["drawn_count"])
        p["general_deck"] = dealer.deal(shown["deck_count"])
        if dealer.pool:
            raise ValueError(f"{len(dealer.pool)} {p['nation']} generals have no place")


def _cards(state: State, view: dict[str, Any], seat: int, rng: Rng) -> None:
    """The unseen cards: each deck takes its own kind in the size the view shows, so what is
    left are the other hands' cards, dealt in their sizes."""
    cards = data.frozen(state).cards
    dealer = Dealer(unseen(sorted(cards), view), rng)
    for deck in DECKS:
        kind = {c for c, card in cards.items() if card["deck"] == deck}
        state["decks"][deck] = dealer.deal_where(view["decks"][deck], kind.__contains__)
    for p, shown in zip(state["players"], view["players"], strict=True):
        if p["seat"] != seat:
            p["hand"] = dealer.deal(shown["hand_count"])
    if dealer.pool:
        raise ValueError(f"{len(dealer.pool)} cards have no place in the view")


def _draft(state: State, seat: int, rng: Rng) -> None:
    """Another seat's turn to bid: it has placed none yet, or one of its available generals
    (the module says why no later stage is drawn)."""
    turn = state["turn"]
    if state["step"] != "bid" or turn is None or turn == seat:
        return
    choices = [None, *available(state, turn)]
    general = choices[rng.below(len(choices))]
    if general is not None:
        state["draft"] = {"seat": turn, "general": general, "action": None, "units": None,
                          "gold": 0, "support": None, "emperor": None, "stage": "on"}

