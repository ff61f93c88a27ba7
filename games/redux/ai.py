"""How the heuristic AI seat values a Redux action, judged only from its own view.

The aim is a sensible table partner, not a strong one: it develops farms and markets early,
bids where its general can still take the lead, keeps enough gold and rice for the coming
upkeep (R9.3) so it avoids deficit tokens (trading for what it lacks, and fighting for no new
region while it cannot pay the units it has), occupies frontier regions with matching units and
spends support tokens only when they turn a bid. Each verb has one small scorer."""

from __future__ import annotations

from collections.abc import Callable

from games.core import Action
from games.redux.rules import (
    BORDERS,
    DEFICIT_VP,
    DEVELOPMENT_MAX,
    EMPEROR_OFFICE,
    OCCUPYING_GENERALS_END,
    TRIBAL_OF_NATION,
    TRIBE_BONUS,
    UNIT_WEAPON,
)
from games.redux.scoring import rank_points

View = dict
Scorer = Callable[[View, dict, Action], float]
NEVER = -100.0
BLOCK = 14.0  # outbidding a leader on the action that would end the game: even when only the
#               seat's support tokens turn the bid (chance 0.5 in `_on`), as urgent as any need
DENY = 4.5  # outbidding the leader on a battle it leads: as much as a good battle of one's own


def action_score(view: View, seat: int, action: Action) -> float:
    """A move that ends the game is played only by a seat that would win by it."""
    me = view["players"][seat]
    if _ends_game(me, action):
        return 20.0 if _leading(view, me) else -20.0
    scorer = SCORERS.get(action.kind)
    return scorer(view, me, action) if scorer else 0.0


# -- what the seat needs ---------------------------------------------------------------------
def upkeep_due(me: dict) -> tuple[int, int]:
    """Gold and rice the next upkeep will ask (R9.3), so the AI can keep them in hand."""
    units = sum(o["count"] for o in me["occupations"])
    gold_relief = me["treasury"]["markets"] + len(me["treasury"]["frontiers"])
    rice_relief = me["granary"]["farms"] + len(me["granary"]["frontiers"])
    return max(0, units - gold_relief), me["support"] // 2 + max(0, units - rice_relief)


def _short(me: dict) -> tuple[int, int]:
    gold_due, rice_due = upkeep_due(me)
    return max(0, gold_due + 1 - me["gold"]), max(0, rice_due + 1 - me["rice"])


def _units_ready(me: dict) -> int:
    return min(me["armies"]["trained"], sum(me["weapons"].values()))


def _open_regions(view: View, me: dict) -> list[dict]:
    borders = {b for b, nations in BORDERS.items() if me["nation"] in nations}
    return [r for r in view["regions"] if r["occupant"] is None and r["border"] in borders]


def _affordable(me: dict, card: dict) -> bool:
    cost = card["cost"]
    armies = me["armies"]
    return (me["gold"] >= cost.get("gold", 0) and me["rice"] >= cost.get("rice", 0)
            and me["support"] >= cost.get("support", 0)
            and sum(me["weapons"].values()) >= cost.get("weapons", 0)
            and armies["untrained"] >= cost.get("untrained", 0)
            and armies["trained"] >= cost.get("trained", 0)
            and armies["untrained"] + armies["trained"]
            >= cost.get("armies", 0) + cost.get("untrained", 0) + cost.get("trained", 0))


def need(view: View, me: dict, action: str) -> float:
    """How much this seat wants to perform `action` this round, about 0-6."""
    gold_short, rice_short = _short(me)
    if action in ("farm", "market"):
        track = me[action]
        if track["level"] < DEVELOPMENT_MAX:
            return 6.0 - track["level"] * 0.5
        return 3.0 + rice_short if track["developed"] else 0.0
    if action == "build":
        return 5.0 if any(_affordable(me, c) for c in me.get("hand", [])) else 0.5
    if action == "emperor":
        return 4.0 if me["gold"] > gold_short else 0.0
    if action.startswith("battle_"):
        border = action.removeprefix("battle_")
        if me["nation"] not in BORDERS[border] or not _units_ready(me):
            return 0.0
        if gold_short or rice_short:  # an occupation's units are upkeep it cannot pay
            return 0.5
        return 5.0 if any(r["border"] == border for r in _open_regions(view, me)) else 0.0
    if action == TRIBAL_OF_NATION[me["nation"]]:  # a rebellion costs 3 VP (R8.5.2)
        return 7.0 if me["tribal"] <= 2 else 5.0 if me["tribal"] <= 4 else 2.5
    return _supply_need(me, action, gold_short, rice_short)


def _supply_need(me: dict, action: str, gold_short: int, rice_short: int) -> float:
    armies, weapons = me["armies"], sum(me["weapons"].values())
    table = {
        "trade": 1.0 + 2 * min(3, rice_short + gold_short),
        "instructor": 3.0 if armies["untrained"] and me["rice"] > rice_short else 2.0,
        "spear_horse": 3.0 if armies["trained"] > weapons else 1.5,
        "crossbow_ship": 3.0 if armies["trained"] > weapons else 1.5,
        "recruit": 3.0 if armies["untrained"] + armies["trained"] < 4 else 1.0,
        "train": 3.5 if armies["untrained"] else 0.0,
        "tribute": 2.5 + rice_short + gold_short,
        "support": 2.5 if me["rice"] > rice_short + 1 else 1.0,
    }
    return table.get(action, 0.0)


# -- ending the game (R11) -----------------------------------------------------------------------
def estimate(view: View) -> list[float]:
    """A rough score per seat from public facts (R12 without borders and card goals), enough
    to tell whether ending the game now would make this seat win."""
    players = view["players"]
    development = rank_points([p["farm"]["level"] + p["market"]["level"] for p in players])
    security = rank_points([p["tribal"] + p["support"] for p in players])
    office = rank_points([p["office"] for p in players])
    return [p["military"] + development[i] + security[i] + office[i] + p["office"]
            + TRIBE_BONUS.get(p["tribal"], 0) + DEFICIT_VP * p["deficits"]
            + sum(c["vp"] for c in p["built"])
            + sum(t["vp"] for store in ("granary", "treasury") for t in p[store]["frontiers"])
            for i, p in enumerate(players)]


def _leading(view: View, me: dict) -> bool:
    scores = estimate(view)
    return scores[me["seat"]] >= max(scores)


def _ends_game(me: dict, action: Action) -> bool:
    """Whether this move meets an end condition of R11.1 for this seat."""
    if action.kind in ("farm", "market") and action.args[0] == "develop":
        other = me["market" if action.kind == "farm" else "farm"]["level"]
        return other == DEVELOPMENT_MAX and me[action.kind]["level"] == DEVELOPMENT_MAX - 1
    if action.kind == "manipulate":
        return me["office"] == EMPEROR_OFFICE - 1
    if action.kind == "occupy":
        return len(me["occupations"]) == OCCUPYING_GENERALS_END - 1
    return False


# -- bidding ---------------------------------------------------------------------------------
def _general(me: dict, gid: str) -> dict | None:
    return next((g for g in me["generals"] if g["id"] == gid), None)


def _side(view: View, me: dict, action: dict) -> str:
    allied = view["alliance"]["action"] == action["id"] and me["seat"] in view["alliance"]["allies"]
    return "alliance" if allied else str(me["seat"])


def _gap(view: View, me: dict, action: dict, added: int) -> int:
    """How far ahead (> 0) or behind this seat's side would be after adding `added`."""
    mine = _side(view, me, action)
    ours = action["totals"].get(mine, 0) + added
    best = max((v for side, v in action["totals"].items() if side != mine), default=0)
    return ours - best


def _stat(general: dict, action: dict, me: dict) -> int:
    if action["kind"] == "battle":
        return general["combat"] + min(general["leadership"], _units_ready(me))
    if action["kind"] == "tribal":
        return 0
    return general[action["criterion"]] if action["criterion"] else 0


def _place(view: View, me: dict, act: Action) -> float:
    general = _general(me, str(act.args[0]))
    return 0.0 if general is None else max(general["admin"], general["combat"]) + 0.1


def _on(view: View, me: dict, act: Action) -> float:
    action = _find(view, str(act.args[0]))
    general = _general(me, (view.get("draft") or {}).get("general", ""))
    if action is None or general is None:
        return 0.0
    wanted = need(view, me, action["id"])
    if action["kind"] == "tribal":
        return wanted
    if _would_end_for_leader(view, me, action["id"]):
        wanted = max(wanted, BLOCK)
    elif action["kind"] == "battle" and _leader_leads(view, me, action):
        wanted = max(wanted, DENY)
    if _gap(view, me, action, 0) > 0:  # already leading: another general is only insurance,
        # unless the partner leads the alliance action alone: only an ally with a general
        # there performs it (R7.2.6), so joining doubles what the alliance wins
        return wanted if _joins_alliance_lead(view, me, action) else wanted * 0.2
    gap = _gap(view, me, action, _stat(general, action, me))
    chance = 1.0 if gap > 0 else 0.5 if gap + me["support"] > 0 else 0.1
    return wanted * chance


def _would_end_for_leader(view: View, me: dict, action: str) -> bool:
    """Whether another seat, ahead of everyone by the public estimate, could end the game
    (R11.1) by performing `action`: it would then win, so outbidding it there is worth more
    to this seat than most actions (the allies of R1.2 holding the strong nation back)."""
    scores = estimate(view)
    return any(p["seat"] != me["seat"] and scores[p["seat"]] >= max(scores)
               and scores[p["seat"]] > scores[me["seat"]] and _could_end(view, p, action)
               for p in view["players"])


def _leader_leads(view: View, me: dict, action: dict) -> bool:
    """Whether the seat ahead of everyone (and of this one) by the public estimate leads
    `action` now: on a battle, winning it instead denies the leader the occupation and the
    military points that follow every upkeep (R9.4), Wei's largest lead in self-play."""
    scores = estimate(view)
    return any(s != me["seat"] and scores[s] >= max(scores) and scores[s] > scores[me["seat"]]
               for s in action["leading"])


def _could_end(view: View, p: dict, action: str) -> bool:
    """Whether performing `action` this round can meet an end condition of R11.1 for player
    `p`: on Farm or Market also when the other track is one level short, since a seat with
    generals enough wins both in one round."""
    if action in ("farm", "market"):
        other = p["market" if action == "farm" else "farm"]["level"]
        return other >= DEVELOPMENT_MAX - 1 and p[action]["level"] == DEVELOPMENT_MAX - 1
    if action == "emperor":
        return p["office"] == EMPEROR_OFFICE - 1
    if action.startswith("battle_"):
        border = action.removeprefix("battle_")
        return (len(p["occupations"]) == OCCUPYING_GENERALS_END - 1
                and p["nation"] in BORDERS[border]
                and any(r["border"] == border and r["occupant"] is None
                        for r in view["regions"]))
    return False


def _joins_alliance_lead(view: View, me: dict, action: dict) -> bool:
    """Whether this ally has no general yet on the alliance action its side leads."""
    return (_side(view, me, action) == "alliance"
            and all(bid["seat"] != me["seat"] for bid in action["bids"]))


def _find(view: View, action_id: str) -> dict | None:
    return next((a for a in view["actions"] if a["id"] == action_id), None)


def _draft_action(view: View) -> dict | None:
    draft = view.get("draft") or {}
    return _find(view, draft.get("action") or "")


def _units(view: View, me: dict, act: Action) -> float:
    if act.args[0] == "none":
        return 0.0
    unit, count = str(act.args[0]), int(act.args[1])
    action = _draft_action(view)
    score = float(count)
    if action and action["kind"] == "battle":
        border = action["id"].removeprefix("battle_")
        if any(r["border"] == border and r["unit"] == unit for r in _open_regions(view, me)):
            score += 3.0
        general = _general(me, view["draft"]["general"])
        if general and unit in general["specialties"]:
            score += 1.0
    return score


def _gold(view: View, me: dict, act: Action) -> float:
    spare = me["gold"] - _short(me)[0] - int(act.args[0])
    return int(act.args[0]) * 0.5 if spare >= 2 else -1.0


def _support(view: View, me: dict, act: Action) -> float:
    """Spend the fewest support tokens that put the side in the lead; otherwise none."""
    n = int(act.args[0])
    action = _draft_action(view)
    general = _general(me, (view.get("draft") or {}).get("general", ""))
    if action is None or general is None or action["kind"] == "tribal":
        return -n
    gap = _gap(view, me, action, _stat(general, action, me))
    if gap > 0:
        return -n
    return 3.0 - n * 0.3 if gap + n > 0 else -n


def _emperor(view: View, me: dict, act: Action) -> float:
    action = _draft_action(view)
    general = _general(me, (view.get("draft") or {}).get("general", ""))
    if act.args[0] == "no" or action is None or general is None:
        return 0.0
    draft = view["draft"]
    gap = _gap(view, me, action, _stat(general, action, me) + int(draft.get("support") or 0))
    return 1.0 if gap == 0 else -0.5


def _alliance(view: View, me: dict, act: Action) -> float:
    """What the two allies want of the action, and above all the action that would end the
    game for a leading third seat: there the allies' bids add up against it (R7.9.1)."""
    allies = [view["players"][s] for s in view["alliance"]["allies"]]
    action = str(act.args[0])
    wanted = sum(need(view, ally, action) for ally in allies)
    return wanted + BLOCK if _would_end_for_leader(view, me, action) else wanted


def _recruit(view: View, me: dict, act: Action) -> float:
    drawn = {g["id"]: g for g in me.get("drawn", [])}
    return sum(_strength(drawn[g]) for g in act.args if g in drawn)


def _strength(general: dict) -> float:
    return general["admin"] + general["combat"] + general["leadership"] * 1.5


# -- resolution ------------------------------------------------------------------------------
def _develop_or_sell(view: View, me: dict, act: Action) -> float:
    track = me[act.kind]
    if act.args[0] == "develop":
        return 6.0 - track["level"] * 0.3
    kept = int(act.args[1])
    units = sum(o["count"] for o in me["occupations"])
    store = me["granary"] if act.kind == "farm" else me["treasury"]
    relief = store["farms" if act.kind == "farm" else "markets"] + len(store["frontiers"])
    wanted = max(0, units + 2 - relief)
    return 3.0 - abs(kept - min(wanted, track["developed"]))


def _rice(view: View, me: dict, act: Action) -> float:
    gold_short, rice_short = _short(me)
    if act.args[0] == "buy":
        return 2.0 if rice_short and me["gold"] > 8 else -1.0
    if act.args[0] == "sell":
        return 2.0 if gold_short and me["rice"] > 10 else -1.0
    return 0.0


def _weapons(view: View, me: dict, act: Action) -> float:
    lacking = me["armies"]["trained"] - sum(me["weapons"].values())
    if act.args[0] == "buy":
        return 1.5 if lacking >= 3 and me["gold"] > 10 else -1.0
    return -1.0 if act.args[0] == "sell" else 0.0


def _wanted_weapons(view: View, me: dict) -> set[str]:
    return {UNIT_WEAPON[r["unit"]] for r in _open_regions(view, me)}


def _take(view: View, me: dict, act: Action) -> float:
    return 1.0 + (str(act.args[0]) in _wanted_weapons(view, me))


def _produce(view: View, me: dict, act: Action) -> float:
    wanted = _wanted_weapons(view, me)
    return 1.0 + sum(str(w) in wanted for w in act.args)


def _build(view: View, me: dict, act: Action) -> float:
    card = next((c for c in me.get("hand", []) if c["id"] == act.args[0]), None)
    return 3.0 + card["vp"] if card else 0.0


def _tribute(view: View, me: dict, act: Action) -> float:
    gold_short, rice_short = _short(me)
    gains = {"gold_gold": (2, 0), "rice_rice": (0, 2), "gold_rice": (1, 1), "army": (0, 0)}
    gold, rice = gains.get(str(act.args[0]), (0, 0))
    return 1.0 + gold * (1 + gold_short) * 0.5 + rice * (1 + rice_short) * 0.5


def _occupy(view: View, me: dict, act: Action) -> float:
    general_id, region_id, count, store = act.args
    region = next(r for r in view["regions"] if r["id"] == region_id)
    general = _general(me, str(general_id))
    specialty = bool(general and region["unit"] in general["specialties"])
    fewer = "granary" if len(me["granary"]["frontiers"]) <= len(me["treasury"]["frontiers"]) \
        else "treasury"
    return 6.0 + int(count) + 2.0 * specialty + 0.5 * (store == fewer)


def _manipulate(view: View, me: dict, act: Action) -> float:
    general = _general(me, str(act.args[0]))
    return 4.0 - (_strength(general) * 0.1 if general else 0.0)


def _reward(view: View, me: dict, act: Action) -> float:
    if act.args[0] == "no":
        return 0.0
    return 2.0 if me["rice"] - _short(me)[1] >= 4 else -1.0


def _exchange(view: View, me: dict, act: Action) -> float:
    if act.args[0] == "none":
        return 0.0
    _, rice_short = _short(me)
    return 1.0 if (act.args[0] == "weapon") == bool(rice_short) else -0.5


def _constant(value: float) -> Scorer:
    return lambda view, me, act: value


def _count(view: View, me: dict, act: Action) -> float:
    return float(act.args[0]) if isinstance(act.args[0], int) else 0.0


def _import(view: View, me: dict, act: Action) -> float:
    return {"separation": 1.2, "union": 1.0}.get(str(act.args[0]), 0.0)


SCORERS: dict[str, Scorer] = {
    "recruit": _recruit, "alliance": _alliance, "place": _place, "pass": _constant(NEVER / 2),
    "cancel": _constant(NEVER), "on": _on, "units": _units, "gold": _gold,
    "support": _support, "emperor": _emperor,
    "farm": _develop_or_sell, "market": _develop_or_sell, "rice": _rice, "weapons": _weapons,
    "take": _take, "give": _constant(0.0), "hire": _count, "import": _import, "build": _build,
    "produce": _produce, "train": _count, "tribute": _tribute, "perform": _constant(2.0),
    "manipulate": _manipulate, "occupy": _occupy, "decline": _constant(-10.0),
    "reward": _reward, "benefit": _constant(1.0), "exchange": _exchange,
}
