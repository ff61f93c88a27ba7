"""Tang's determiniser (`Game.sample`): a full state consistent with one seat's view.

The view carries the table and its public facts (games/tang/public.py), so those are copied
back; what it hides is drawn here from what the seat has not seen (T9): the other hands of
锦囊, the order of the 锦囊 deck, the other piles of characters, the characters still dealt
to pick from and the undealt ones, a secret pick (T1.1.1, T1.1.3) another seat has made, the
choices another seat is still building (an attack, a transfer), and under `hidden_grain` the
others' grain.

Characters the seat learnt of (a pile it looked at, a card it gave, 安禄山's holder) go back to
the pile it last knew them in while that pile has room, else to another pile: they never
reach the character deck, which nobody touches after the deal. The view keeps no log, so the
sample assumes no more than that: a card seen in a pile may have moved on since."""

from __future__ import annotations

import copy
from typing import Any

from games.core.flow import Step
from games.core.rng import Rng
from games.core.sampling import Dealer, fresh_rng
from games.tang.attack import attack_targets, sides
from games.tang.data import AN_LUSHAN, load_data
from games.tang.flow import RULES
from games.tang.model import State
from games.tang.public import ANSWERED, PRIVATE
from games.tang.turns import transfer_sources

COPIED = ("round", "first", "camp_rule", "over", "discard", "in_play", "removed", "truces",
          "turn", "act", "last_battle")
FLAGS = ("rep", "color", "capital", "minsheng", "uses", "captured", "raised", "attacked",
         "extra_bought")


def sample(view: dict[str, Any], seat: int, rng: Rng) -> State:
    """The seat's view with its hidden parts dealt from the unseen pools (see the module).
    `seed` is read by setup only: it is the fresh generator's number, as in every sample."""
    public = view["public"]
    generator = fresh_rng(rng)
    state: State = {"seed": generator, "rng": generator,
                    "options": copy.deepcopy(public["options"])}
    state.update({key: copy.deepcopy(view[key]) for key in COPIED})
    state["battle"] = copy.deepcopy(public["battle"])
    state["fought"] = copy.deepcopy(public["fought"])
    state["cities"] = {cid: {"controller": c["controller"], "last": c["last"],
                             "armies": dict(c["armies"]), "generals": dict(c["generals"])}
                       for cid, c in view["cities"].items()}
    state["players"] = [_player(shown) for shown in view["players"]]
    _characters(view, seat, state, rng)
    _jinnang(view, seat, state, rng)
    _grain(view, state, rng)
    state["flow"] = {"phase": public["flow"]["phase"],
                     "stack": [copy.deepcopy(step) for step in public["flow"]["stack"]]}
    for step in state["flow"]["stack"]:
        _choices(state, step, seat, rng)
    return state


def _player(shown: dict[str, Any]) -> dict[str, Any]:
    """A player of the view in the state's shape; what it hides is filled in later."""
    out: dict[str, Any] = {key: copy.deepcopy(shown[key]) for key in FLAGS}
    out.update(grain=shown.get("grain"), hand=list(shown.get("hand", [])),
               pile=list(shown.get("pile", [])), dealt=list(shown.get("dealt", [])),
               knowledge=copy.deepcopy(shown.get("knowledge", [])),
               ledger={"grain": 0, "armies": 0})
    return out


def _characters(view: dict[str, Any], seat: int, state: State, rng: Rng) -> None:
    """The hidden piles, the characters dealt to pick from and the character deck (T1.1.1),
    dealt from the characters in no place the view shows, the known ones first (see the
    module); during the pick every seat holds as many dealt as the seat itself."""
    data = load_data(state["options"].get("pack"))
    players = state["players"]
    placed = {p["rep"] for p in players} | set(state["removed"])
    placed |= {g for c in state["cities"].values() for g in c["generals"]}
    placed |= set(state["battle"]["a_generals"] if state["battle"] else [])
    placed |= {c for p in players for c in p["pile"] + p["dealt"]}
    hidden = [s for s, shown in enumerate(view["players"]) if "pile" not in shown]
    room = {s: view["players"][s]["pile_count"] for s in hidden}
    floating = []
    for card, holder in _last_known(players[seat]["knowledge"]).items():
        if card in placed:
            continue
        if holder in room and room[holder] > 0:
            players[holder]["pile"].append(card)
            room[holder] -= 1
        else:
            floating.append(card)
        placed.add(card)
    for card in floating:
        open_piles = [s for s in hidden if room[s] > 0]
        holder = rng.choice(open_piles)
        players[holder]["pile"].append(card)
        room[holder] -= 1
    dealer = Dealer([c for c in data.character_ids if c not in placed], rng)
    per = len(players[seat]["dealt"])
    for s in hidden:
        players[s]["dealt"] = dealer.deal(per)
        players[s]["pile"] += dealer.deal(room[s])
    state["char_deck"] = dealer.deal(view["decks"]["characters"])


def _last_known(knowledge: list[dict[str, Any]]) -> dict[str, int]:
    """Each character the seat learnt the pile of, with the seat it was last seen with."""
    known: dict[str, int] = {}
    for k in knowledge:
        if k["kind"] == "gave":
            known[k["card"]] = k["to"]
        elif k["kind"] == "peek":
            known.update({card: k["about"] for card in k["cards"]})
        elif k["kind"] == "anlushan" and k["holder"] is not None:
            known[AN_LUSHAN] = k["holder"]
    return known


def _jinnang(view: dict[str, Any], seat: int, state: State, rng: Rng) -> None:
    """The other hands and the deck, from the 锦囊 in no hand, discard or play the seat sees."""
    players = state["players"]
    shown = set(state["discard"]) | set(state["in_play"]) | set(players[seat]["hand"])
    deck = load_data(state["options"].get("pack")).deck()
    dealer = Dealer([c for c in deck if c not in shown], rng)
    for s, p in enumerate(view["players"]):
        if s != seat:
            players[s]["hand"] = dealer.deal(p["hand_count"])
    state["jn_deck"] = dealer.deal(view["decks"]["jinnang"])


def _grain(view: dict[str, Any], state: State, rng: Rng) -> None:
    """Under `hidden_grain` (T9) nothing in the view bounds another seat's grain but zero,
    so it is drawn up to the most grain the seat sees (at least 1); then every ledger holds
    what the seat has (grain, and its armies on the board and on the march)."""
    players = state["players"]
    ceiling = max([p["grain"] for p in players if p["grain"] is not None] + [1])
    marching = state["battle"] or {"attacker": None, "a_armies": 0}
    for s, p in enumerate(players):
        if p["grain"] is None:
            p["grain"] = rng.below(ceiling + 1)
        on_board = sum(c["armies"].get(str(s), 0) for c in state["cities"].values())
        p["ledger"] = {"grain": p["grain"], "armies": on_board + (
            marching["a_armies"] if marching["attacker"] == s else 0)}


def _choices(state: State, step: Step, seat: int, rng: Rng) -> None:
    """Another seat's step: a secret answer it gave is one it could give, and the choices it
    is building are drawn back to where the view leaves them (a fresh attack on a target it
    could choose, a transfer from a city it could move from, a stage the public part fits)."""
    rule = step["rule"]
    for index, answer in enumerate(step["answers"]):
        if answer == ANSWERED:
            legal = RULES[rule].legal(state, step, step["seats"][index])
            step["answers"][index] = rng.choice(legal).to_json()
    if rule not in PRIVATE or seat in step["seats"]:
        return
    (owner,) = step["seats"]
    step["data"].update(_rebuilt(state, step, owner, rng))


def _rebuilt(state: State, step: Step, owner: int, rng: Rng) -> dict[str, Any]:
    """The private keys of `owner`'s step (public.PRIVATE), drawn as the step starts."""
    rule, data = step["rule"], step["data"]
    if rule == "attack":
        targets = attack_targets(state, owner) or [
            c for c in sorted(state["cities"]) if sides(state, owner, c)]
        target = rng.choice(targets)
        defenders = sides(state, owner, target)
        fresh: dict[str, Any] = {"target": target, "musters": [], "andu": False, "source": None}
        if len(defenders) == 1:
            return {**fresh, "stage": "muster", "defender": defenders[0]}
        return {**fresh, "stage": "side", "defender": None}
    if rule == "transfer":
        return {"source": rng.choice(transfer_sources(state, owner)), "stage": "to"}
    if rule == "retreat":
        return {"stage": "main"}
    if rule == "fall":
        if "city" not in data:
            return {"stage": "designate"}
        return {"stage": "send" if owner == data["loser"] else "move"}
    if rule == "supply":
        if "P" not in data:
            return {"stage": "tax"}
        return {"stage": "deploy" if "left" not in data else "place"}
    return {"city": None}  # armies (T1.1.9): no city chosen yet
