"""Record's determiniser (`Game.sample`): a full state consistent with one seat's view
(games/record/view.py, docs/record-view.md), built from the view's fields alone.

What the view hides is dealt from what the seat has not seen: the other hands, face-down
defenders and advisors, lords before the reveal, the other draft packets, the decks, the
discard under its shown top, the advisor deck and reserve, the lords set aside, a draw or an
advisor draw another seat is choosing from, face-down cards in the attack area, the battle
deck and the battle cards another seat drew. A card shown only in a battle record (the
attack's cards, once revealed) is history, not a place: a general that went back to a hand
may have moved since, so it stays in the pool; what went to the discard is still there
unless the advanced rules rebuilt a deck from it (`_discarded`).

What the view does not carry, and the sample therefore assumes, with why:
- the generator and the seed: fresh from the given rng (they decide every future draw);
- `action_no`: 0, so a city the view shows as gained this turn has `gained` 0 and any other
  None (only 洛陽's "not the turn it was built", R16.1, compares them);
- the A4 `rebuilt` flags: False;
- `bank_flow`: the coins the players hold, which is what the ledger must balance;
- a pending `station`'s source: capture during an attack, else build or 暗殺計 by whether the
  turn has built; a pending `take`'s deck: the one its revealed cards came from."""

from __future__ import annotations

import copy
from collections.abc import Callable
from itertools import permutations
from typing import Any

from games.core.rng import Rng
from games.core.sampling import Dealer, fresh_rng, seen
from games.record.battle import QIN_ZEI
from games.record.data import DATA, RULES, key_of, kind_of
from games.record.state import State, origin_deck
from games.record.stratagems import is_type, params

HIDDEN = ""  # a place the view shows face down, until `_lords`, `_advisors`, `_face_down` deal it
PRE_REVEAL = ("attack_general", "attack_stratagem", "defence")
SIDES = ("attacker", "defender")
ROLES: dict[str, Callable[[str], bool]] = {"attacker_general": lambda c: kind_of(c) == "general",
         "attack_stratagem": lambda c: is_type(c, "attack"),
         "defence_stratagem": lambda c: is_type(c, "defence")}


def sample(view: dict[str, Any], seat: int, rng: Rng) -> State:
    """The seat's view with its hidden parts dealt from the unseen pools (see the module)."""
    generator = fresh_rng(rng)
    state: State = {
        "game": "record", "seed": generator, "rng": generator, "options": dict(view["options"]),
        "round": view["round"], "phase": view["phase"], "step": view["step"],
        "start_player": view["start_player"], "active": view["active"], "action_no": 0,
        "bank_flow": sum(p["coins"] for p in view["players"]),
        "players": [_player(p) for p in view["players"]], "decks": {},
        "rebuilt": {"stratagem": False, "city_general": False}, "discard": [],
        "lord_deck": [], "lords_removed": [], "advisor_deck": [], "advisor_reserve": [],
        "battle_deck": [], "end_triggered": view["end_triggered"],
        "end_reason": view["end_reason"], "first_to_target": view["first_to_target"],
        "lord_pick": {"pos": 0}, "draft": None, "selection": None, "turn": _turn(view),
        "pending": _pending(view), "battle": _battle(view["battle"], view),
        "last_battle": _battle(view["last_battle"], view),
        "start_draws": [dict(d) for d in view["start_draws"]],
    }
    _lords(state, view, rng)
    _advisors(state, view, seat, rng)
    _game_cards(state, view, seat, rng)
    _battle_cards(state, view, seat, rng)
    _sources(state)
    return state


# -- the public skeleton -------------------------------------------------------------------------
def _player(shown: dict[str, Any]) -> dict[str, Any]:
    """A player of the view in the state's shape; a hidden card is HIDDEN until dealt."""
    advisor = shown["advisor"]
    return {
        "seat": shown["seat"], "coins": shown["coins"],
        "hand": [c["id"] for c in shown.get("hand", [])],
        "lords": [lord.get("id", HIDDEN) for lord in shown["lords"]],
        "lord_used": {lord["id"]: lord["used"] for lord in shown["lords"] if "id" in lord},
        "advisor": None if advisor is None else advisor.get("id", HIDDEN),
        "advisor_up": bool(advisor and advisor.get("face_up")),
        "cities": [{"city": e["card"]["id"], "defender": e["defender"].get("id", HIDDEN),
                    "face_up": e["face_up"], "gained": 0 if e["gained_this_turn"] else None,
                    "built_round": e["built_round"]}
                   for e in shown["cities"]],
        "bonus": shown["bonus"],
    }


def _turn(view: dict[str, Any]) -> dict | None:
    active = view["active"]
    if view["phase"] != "actions" or active is None:
        return None
    shown = view["players"][active]
    return {"used": dict(shown["used"]), "luoyang": shown["luoyang_used"]}


def _pending(view: dict[str, Any]) -> dict | None:
    shown = view["pending"]
    if shown is None:
        return None
    kind = shown["kind"]
    if kind == "arrange":
        battle = view["battle"]
        return {"kind": kind, "seats": [battle[side] for side in SIDES
                                        if not battle["committed"][side]]}
    out: dict[str, Any] = {"kind": kind, "seat": shown["seat"]}
    for key in ("card", "city"):
        if key in shown:
            out[key] = shown[key]["id"]
    if "revealed" in shown:
        out["revealed"] = [c["id"] for c in shown["revealed"]]
    if kind == "keep":
        out["cards"] = [c["id"] for c in shown.get("drawn", [])]
    return out


def _battle(shown: dict[str, Any] | None, view: dict[str, Any]) -> dict | None:
    """An attack of the view; a face-down card is HIDDEN here until dealt (`_face_down`)."""
    if shown is None:
        return None
    pending = view["pending"] or {}
    current = shown is view["battle"]
    revealed = not current or pending.get("kind") not in PRE_REVEAL
    out = {"attacker": shown["attacker"], "defender": shown["defender"],
           "city": shown["city"]["id"], "walls": shown["walls"], "expense": shown["expense"]}
    for role in ("defender_general", *ROLES):
        card = shown[role]
        out[role] = None if card is None else card.get("id", HIDDEN)
    lanes = copy.deepcopy(shown["lanes"])
    out.update(area=[], revealed=revealed, contests=copy.deepcopy(shown["contests"]),
               forces=copy.deepcopy(shown["forces"]),
               force_steps=copy.deepcopy(shown["force_steps"]),
               drawn={"attacker": [], "defender": []},
               top=None if lanes is None else {
                   side: sorted((lane[side] for lane in lanes), reverse=True)
                   for side in SIDES},
               arranged={side: None if lanes is None else [lane[side] for lane in lanes]
                         for side in SIDES},
               lanes=lanes, outcome=shown["outcome"], beheaded=shown["beheaded"])
    return out


# -- lords and advisors --------------------------------------------------------------------------
def _lords(state: State, view: dict[str, Any], rng: Rng) -> None:
    """Hidden lords (before the reveal, R4.4) from the lords the seat has not seen; the deck
    is the picker's choices when the seat is picking, and the rest were set aside."""
    players = state["players"]
    shown = {lord for p in players for lord in p["lords"] if lord != HIDDEN}
    choices = [c["id"] for c in view.get("lord_choices", [])]
    dealer = Dealer([lord for lord in sorted(DATA.lords) if lord not in shown | set(choices)],
                    rng)
    for p in players:
        for i, lord in enumerate(p["lords"]):
            if lord == HIDDEN:
                p["lords"][i] = dealer.deal(1)[0]
                p["lord_used"][p["lords"][i]] = False
    each = RULES["two_player_lords_each"] if state["options"].get("two_player_lords") else 1
    state["lord_pick"]["pos"] = sum(len(p["lords"]) == each for p in players)
    state["lord_deck"] = choices or dealer.deal(view["decks"]["lords"])
    state["lords_removed"] = dealer.rest()


def _advisors(state: State, view: dict[str, Any], seat: int, rng: Rng) -> None:
    """Face-down advisors, the deck, the reserve and another chooser's draw (its size is what
    the other places leave of the advisors) from the advisors the seat has not seen."""
    players = state["players"]
    choices = [c["id"] for c in view.get("advisor_choices", [])]
    shown = {p["advisor"] for p in players if p["advisor"] not in (None, HIDDEN)} | set(choices)
    dealer = Dealer([a for a in sorted(DATA.advisors) if a not in shown], rng)
    for p in players:
        if p["advisor"] == HIDDEN:
            p["advisor"] = dealer.deal(1)[0]
    decks = view["decks"]
    state["advisor_deck"] = dealer.deal(decks["advisor"])
    state["advisor_reserve"] = dealer.deal(decks["advisor_reserve"])
    if state["phase"] == "advisors" and view["to_act"]:
        chooser = view["to_act"][0]
        drawn = choices if chooser == seat else dealer.rest()
        state["selection"] = {"pos": (chooser - state["start_player"]) % len(players),
                              "drawn": drawn if view["step"] == "advisor" else []}


# -- game cards ----------------------------------------------------------------------------------
def _live(view: dict[str, Any]) -> set[str]:
    """Game cards the view shows where they are now: everything but the battle records,
    plus the attack area's cards while the attack is on."""
    places = {k: v for k, v in view.items() if k not in ("battle", "last_battle")}
    live = seen(places)
    battle = view["battle"]
    if battle and battle["outcome"] is None:
        live |= {battle[role]["id"] for role in ROLES if battle[role] and "id" in battle[role]}
    return live & set(DATA.game_cards)


def _game_cards(state: State, view: dict[str, Any], seat: int, rng: Rng) -> None:
    """Every hidden game-card place, the ones that need a kind of card first."""
    live = _live(view)
    dealer = Dealer([c for c in sorted(DATA.game_cards) if c not in live], rng)
    buried = [] if state["options"].get("advanced") else dealer.take(_discarded(view))
    _face_down(state, dealer)
    _decks(state, view, dealer)
    for p, shown in zip(state["players"], view["players"], strict=True):
        if p["seat"] != seat:
            p["hand"] = dealer.deal(shown["hand_size"])
    _draft(state, view, seat, dealer)
    top = [c["id"] for c in view["discard_top"]]
    hidden = view["decks"]["discard"] - len(top) - len(buried)
    state["discard"] = buried + dealer.deal(hidden) + top
    pending = state["pending"]
    if pending and pending["kind"] == "keep" and pending["seat"] != seat:
        pending["cards"] = dealer.rest()
    if dealer.pool:
        raise ValueError(f"{len(dealer.pool)} game cards have no place in the view")


def _discarded(view: dict[str, Any]) -> list[str]:
    """Cards a finished attack put in the discard (R11.8, R14, AMB-4): its stratagems, a
    beheaded or killed general, a killed city. Without the advanced rules nothing leaves the
    discard, so the seat knows they are there; with them a rebuild (A4) may have moved them,
    and they stay in the pool."""
    out: list[str] = []
    for battle in (view["battle"], view["last_battle"]):
        if battle is None or battle["outcome"] is None:
            continue
        outcome, beheaded = battle["outcome"], battle["beheaded"]
        cards = [battle["attack_stratagem"], battle["defence_stratagem"]]
        if outcome == "killed" or (outcome == "success" and beheaded == "defender"):
            cards.append(battle["defender_general"])
        if outcome == "failure" and beheaded == "attacker":
            cards.append(battle["attacker_general"])
        if outcome == "killed" and not view["options"].get("qin_zei_captures"):
            cards.append(battle["city"])
        out += [card["id"] for card in cards if card and "id" in card]
    return out


def _face_down(state: State, dealer: Dealer[str]) -> None:
    """Face-down defenders are generals; the attack area's face-down cards are of their
    role, and a 擒賊擒王 only if the attacker can still pay for it at the reveal (R11.4).
    The attack's defender is the city's own defender."""
    for p in state["players"]:
        for entry in p["cities"]:
            if entry["defender"] == HIDDEN:
                entry["defender"] = dealer.deal_where(1, ROLES["attacker_general"])[0]
    battle = state["battle"]
    if battle is None:
        return
    entry = next((e for p in state["players"] for e in p["cities"]
                  if e["city"] == battle["city"]), None)
    if battle["defender_general"] == HIDDEN and entry is not None:
        battle["defender_general"] = entry["defender"]
    coins = state["players"][battle["attacker"]]["coins"]
    for role, fits in ROLES.items():
        if battle[role] == HIDDEN:
            battle[role] = dealer.deal_where(1, _playable(fits, coins))[0]
    if battle["outcome"] is None:
        battle["area"] = [battle[role] for role in ROLES if battle[role]]


def _playable(fits: Callable[[str], bool], coins: int) -> Callable[[str], bool]:
    return lambda card: fits(card) and (key_of(card) != QIN_ZEI
                                        or coins >= params(card)["cost"])


def _below(low: int) -> Callable[[int], bool]:
    return lambda card: card < low


def _decks(state: State, view: dict[str, Any], dealer: Dealer[str]) -> None:
    decks = view["decks"]
    if decks["game"] is not None:
        state["decks"]["game"] = dealer.deal(decks["game"])
        return
    state["decks"]["stratagem"] = dealer.deal_where(decks["stratagem"],
                                                    lambda c: kind_of(c) == "stratagem")
    state["decks"]["city_general"] = dealer.deal_where(decks["city_general"],
                                                       lambda c: kind_of(c) != "stratagem")


def _draft(state: State, view: dict[str, Any], seat: int, dealer: Dealer[str]) -> None:
    """The packets in play (R4.3): all of one size, less one for a seat that has kept a
    card this pass; the seat's own is in its view."""
    if "draft_packet" not in view:
        return
    own = [c["id"] for c in view["draft_packet"]]
    picked = [s not in view["to_act"] for s in range(len(state["players"]))]
    size = len(own) + picked[seat]
    packets = [own if s == seat else dealer.deal(size - picked[s])
               for s in range(len(state["players"]))]
    state["draft"] = {"packets": packets, "picked": picked}


# -- battle cards --------------------------------------------------------------------------------
def _battle_cards(state: State, view: dict[str, Any], seat: int, rng: Rng) -> None:
    """The battle deck, and while lanes are arranged each side's draw (as many cards as its
    force, R13.1): the seat's own draw keeps its shown top three above the rest."""
    battle, shown = state["battle"], view["battle"]
    mine = list(shown.get("my_cards", [])) if shown else []
    dealer = Dealer([c for c in DATA.battle_cards if c not in mine], rng)
    if battle and battle["forces"] and battle["lanes"] is None:
        used = RULES["battle_cards_used"]
        for side in sorted(SIDES, key=lambda side: battle[side] != seat):  # own draw first
            force = battle["forces"][side]
            if battle[side] == seat:
                low = min(mine) if len(mine) == used else 0
                drawn = mine + dealer.deal_where(force - len(mine), _below(low))
            else:
                drawn = dealer.deal(force)
            battle["drawn"][side] = drawn
        battle["top"] = {side: sorted(battle["drawn"][side], reverse=True)[:used]
                         for side in SIDES}
        _arranged(battle, shown, seat, rng)
    state["battle_deck"] = dealer.rest()


def _arranged(battle: dict, shown: dict, seat: int, rng: Rng) -> None:
    """A side that has arranged its three: the seat's own as shown, another's at random."""
    for side in SIDES:
        if not shown["committed"][side]:
            continue
        if battle[side] == seat:
            battle["arranged"][side] = list(shown["my_arrangement"])
        else:
            orders = list(permutations(battle["top"][side]))
            battle["arranged"][side] = list(orders[rng.below(len(orders))])


def _sources(state: State) -> None:
    pending = state["pending"]
    if pending is None:
        return
    if pending["kind"] == "station":
        turn = state["turn"] or {"used": {}}
        pending["source"] = ("capture" if state["battle"] else
                             "build" if turn["used"].get("build") else "assassinate")
    if pending["kind"] == "take":
        revealed = pending["revealed"]
        pending["deck"] = (origin_deck(state, revealed[0]) if revealed
                           else next(iter(state["decks"])))
