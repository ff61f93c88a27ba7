"""R8.4.13: performing a won battle action by occupying one frontier region.

One decision, `occupy <general> <region> <n> granary|treasury`: the general must have bid on
this battle with units (R8.4.13.2), the region must be empty, on this border and of the
units' type (R8.4.13.4, R8.4.13.8), n is at most the units assigned and the general's
Leadership (R8.4.13.3), and a player's 2nd occupying general must go to the other border than
the 1st (R8.4.13.9, A9; counted in execution order, so EX14b's order matters). When no such
occupation exists the action can only be declined (A24): it still counted as a success."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction, MalformedAction
from games.core.messages import Msg, Param, Term, msg
from games.redux import abilities
from games.redux.citations import cite
from games.redux.economy import arg, ask_take, int_arg
from games.redux.rules import ACTIONS, BATTLE_OF_BORDER, UNIT_WEAPON
from games.redux.say import choices_hint, units
from games.redux.state import (
    State,
    general,
    general_term,
    pack,
    player,
    region_term,
    source_term,
    who,
)

STORES = ("granary", "treasury")
FORM = "occupy <general> <region> <n> granary|treasury"


def border_of(action: str) -> str:
    return next(b for b, a in BATTLE_OF_BORDER.items() if a == action)


def occupant(state: State, region: str) -> int | None:
    for p in state["players"]:
        if any(o["region"] == region for o in p["occupations"]):
            return p["seat"]
    return None


def required_border(state: State, seat: int) -> str | None:
    """The border the next occupying general is bound to avoid: that of the 1st occupying
    general while it is the only one (R8.4.13.9); None when there is no constraint."""
    occupations = player(state, seat)["occupations"]
    return occupations[0]["border"] if len(occupations) == 1 else None


def battle_bids(state: State, seat: int, action: str) -> list[dict]:
    return [b for b in state["bids"] if b["seat"] == seat and b["action"] == action]


def occupy_choices(state: State, seat: int, action: str) -> list[Action]:
    border = border_of(action)
    if required_border(state, seat) == border:
        return []
    regions = [r for r in pack(state).regions.values()
               if r["border"] == border and occupant(state, r["id"]) is None]
    choices = []
    for bid in battle_bids(state, seat, action):
        attached = bid["units"]
        if not attached:
            continue
        top = min(attached["count"], general(state, bid["general"])["leadership"])
        for region in regions:
            if region["unit"] != attached["type"]:
                continue
            choices += [Action("occupy", (bid["general"], region["id"], n, store), label=msg(
                "redux.label.occupy", general=general_term(state, bid["general"]),
                units=units(attached["type"], n), region=region_term(state, region["id"]),
                store=Term(f"redux.store.{store}")))
                        for n in range(1, top + 1) for store in STORES]
    return choices


def why_no_occupation(state: State, seat: int, action: str) -> Msg:
    """Why a won battle offers no occupation (A24): the 2nd occupying general's border rule
    (R8.4.13.9), generals without units, or no empty region of their units' type."""
    border = border_of(action)
    if required_border(state, seat) == border:
        first = player(state, seat)["occupations"][0]
        return msg("redux.why.second_border", who=who(state, seat),
                   general=general_term(state, first["general"]),
                   border=Term(f"redux.border.{border}"))
    mine = battle_bids(state, seat, action)
    if not any(b["units"] for b in mine):
        return msg("redux.why.no_units", generals=tuple(general_term(state, b["general"])
                                                       for b in mine))
    kinds = tuple(Term(f"redux.unit.{u}") for u in dict.fromkeys(
        b["units"]["type"] for b in mine if b["units"]))
    return msg("redux.why.no_region", units=kinds, border=Term(f"redux.border.{border}"))


def battle_of_general(state: State, seat: int, gid: str, todo: list[str]) -> str:
    """Which won battle action an `occupy` move performs: the one its general bid on."""
    for bid in state["bids"]:
        if bid["seat"] == seat and bid["general"] == gid and bid["action"] in todo \
                and ACTIONS[bid["action"]][2] == "battle":
            return bid["action"]
    meant = [b["general"] for b in state["bids"] if b["seat"] == seat and b["action"] in todo
             and ACTIONS[b["action"]][2] == "battle"]
    raise IllegalAction(msg("redux.refuse.not_on_battle", general=_name(state, gid),
                            generals=tuple(general_term(state, g) for g in meant)),
                        rule=cite("R8.4.13.1"))


def occupy(state: State, seat: int, action: str, move: Action) -> list[Event]:
    rule = cite("R8.4.13.0")
    gid, region_id = arg(move, 0, FORM, rule=rule), arg(move, 1, FORM, rule=rule)
    n, store = int_arg(move, 2, FORM, rule=rule), arg(move, 3, FORM, rule=rule)
    if store not in STORES:
        raise MalformedAction(msg("redux.refuse.store_where", typed=move.text, form=FORM),
                              rule=cite("R8.4.13.5"))
    bid = next(b for b in battle_bids(state, seat, action) if b["general"] == gid)
    region = _check_region(state, seat, action, region_id)
    _check_units(state, bid, region, n)
    return _occupy(state, seat, action, bid, region, n, store)


def _name(state: State, gid: str) -> Param:
    return general_term(state, gid) if gid in pack(state).generals else f"`{gid}`"


def _check_region(state: State, seat: int, action: str, region_id: str) -> dict:
    regions = pack(state).regions
    if region_id not in regions:
        raise IllegalAction(msg("redux.refuse.no_region", typed=region_id, hint=choices_hint(
            occupy_choices(state, seat, action))), rule=cite("R8.4.13.0"))
    region, border = regions[region_id], border_of(action)
    name = region_term(state, region_id)
    if region["border"] != border:
        raise IllegalAction(msg("redux.refuse.wrong_border", region=name,
                                border=Term(f"redux.border.{border}")), rule=cite("R8.4.13.1"))
    holder = occupant(state, region_id)
    if holder is not None:
        raise IllegalAction(msg("redux.refuse.occupied", region=name, who=who(state, holder)),
                            rule=cite("R8.4.13.8"))
    if required_border(state, seat) == border:
        raise IllegalAction(msg("redux.refuse.second_border",
                                why=why_no_occupation(state, seat, action)), rule=cite("R8.4.13.9"))
    return region


def _check_units(state: State, bid: dict, region: dict, n: int) -> None:
    name, attached = general_term(state, bid["general"]), bid["units"]
    if not attached:
        raise IllegalAction(msg("redux.refuse.no_units", general=name), rule=cite("R8.4.13.2"))
    if attached["type"] != region["unit"]:
        raise IllegalAction(msg("redux.refuse.unit_mismatch",
                                region=region_term(state, region["id"]),
                                needed=Term(f"redux.unit.{region['unit']}"), general=name,
                                has=Term(f"redux.unit.{attached['type']}")), rule=cite("R8.4.13.4"))
    leadership = general(state, bid["general"])["leadership"]
    if n > leadership:
        raise IllegalAction(msg("redux.refuse.leadership_unit", general=name, count=leadership),
                            rule=cite("R8.4.13.3"))
    if not 1 <= n <= attached["count"]:
        raise IllegalAction(msg("redux.refuse.occupy_count", general=name,
                                units=units(attached["type"], attached["count"]),
                                most=attached["count"]), rule=cite("R8.4.13.3"))


def _occupy(state: State, seat: int, action: str, bid: dict, region: dict, n: int, store: str
            ) -> list[Event]:
    """Move the general and n units onto the region (they leave play, weapons included, A33),
    and the frontier token to storage, on its 1 VP side for a specialty (R8.4.13.5) or an
    `occupy_bonus` with `vp_token`."""
    gid, p, unit = bid["general"], player(state, seat), bid["units"]["type"]
    bonuses = abilities.occupy_bonuses(state, seat, gid)
    specialty = unit in general(state, gid)["specialties"]
    vp = 1 if specialty or any(a["vp_token"] for _, a in bonuses) else 0
    p["occupations"].append({"general": gid, "region": region["id"],
                             "border": region["border"], "unit": unit, "count": n})
    p[store]["frontiers"].append({"region": region["id"], "vp": vp})
    left = bid["units"]["count"] - n
    bid["units"] = {"type": unit, "count": left} if left else None
    events = [Event(msg("redux.log.occupies", who=who(state, seat),
                        region=region_term(state, region["id"]),
                        general=general_term(state, gid), units=units(unit, n),
                        weapon=Term(f"redux.weapon.{UNIT_WEAPON[unit]}"),
                        store=Term(f"redux.store.{store}"), vp=vp))]
    owed = 0
    for source, ability in bonuses:
        words, weapons = abilities.apply_gain(state, seat, ability["gain"])
        owed += weapons
        if words:
            events.append(Event(msg("redux.log.source_gains", source=source_term(state, source),
                                    who=who(state, seat), gains=words)))
    return events + (ask_take(state, seat, action, owed, "complete") if owed else [])
