"""R8.4.13: performing a won battle action by occupying one frontier region.

One decision, `occupy <general> <region> <n> granary|treasury`: the general must have bid on
this battle with units (R8.4.13.2), the region must be empty, on this border and of the
units' type (R8.4.13.4, R8.4.13.8), n is at most the units assigned and the general's
Leadership (R8.4.13.3), and a player's 2nd occupying general must go to the other border than
the 1st (R8.4.13.9, A9; counted in execution order, so EX14b's order matters). When no such
occupation exists the action can only be declined (A24): it still counted as a success."""

from __future__ import annotations

from games.core import Action, Event, IllegalAction, MalformedAction
from games.redux import abilities
from games.redux.economy import arg, ask_take, count_of, int_arg
from games.redux.rules import ACTIONS, BATTLE_OF_BORDER, UNIT_WEAPON
from games.redux.state import State, general, general_name, pack, player, who

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
        units = bid["units"]
        if not units:
            continue
        top = min(units["count"], general(state, bid["general"])["leadership"])
        for region in regions:
            if region["unit"] != units["type"]:
                continue
            choices += [Action("occupy", (bid["general"], region["id"], n, store),
                               label=f"{general_name(state, bid['general'])} + "
                                     f"{count_of(n, units['type'] + ' unit')} to "
                                     f"{region['name']['en']} ({store})")
                        for n in range(1, top + 1) for store in STORES]
    return choices


def battle_of_general(state: State, seat: int, gid: str, todo: list[str]) -> str:
    """Which won battle action an `occupy` move performs: the one its general bid on."""
    for bid in state["bids"]:
        if bid["seat"] == seat and bid["general"] == gid and bid["action"] in todo \
                and ACTIONS[bid["action"]][2] == "battle":
            return bid["action"]
    raise IllegalAction(f"{_name(state, gid)} is not on a battle action you still have to "
                        "perform; occupy with a general that bid on it.")


def occupy(state: State, seat: int, action: str, move: Action) -> list[Event]:
    gid, region_id = arg(move, 0, FORM), arg(move, 1, FORM)
    n, store = int_arg(move, 2, FORM), arg(move, 3, FORM)
    if store not in STORES:
        raise MalformedAction(f"`{move.text}`: put the frontier token in your granary or "
                              f"treasury: `{FORM}`.")
    bid = next(b for b in battle_bids(state, seat, action) if b["general"] == gid)
    region = _check_region(state, seat, action, region_id)
    _check_units(state, bid, region, n)
    return _occupy(state, seat, action, bid, region, n, store)


def _name(state: State, gid: str) -> str:
    return general_name(state, gid) if gid in pack(state).generals else f"`{gid}`"


def _check_region(state: State, seat: int, action: str, region_id: str) -> dict:
    regions = pack(state).regions
    if region_id not in regions:
        raise IllegalAction(f"There is no frontier region `{region_id}`.")
    region, border = regions[region_id], border_of(action)
    name = region["name"]["en"]
    if region["border"] != border:
        raise IllegalAction(f"{name} is not on the {_border_text(border)} border; this battle "
                            "occupies a region of that border.")
    holder = occupant(state, region_id)
    if holder is not None:
        raise IllegalAction(f"{name} is already occupied by {who(state, holder)}; only an "
                            "empty region can be occupied.")
    if required_border(state, seat) == border:
        first = player(state, seat)["occupations"][0]
        raise IllegalAction(f"Your 2nd occupying general must go to the other border than "
                            f"your 1st, {general_name(state, first['general'])} "
                            f"({_border_text(border)}); perform your other battle first if "
                            "you won it.")
    return region


def _check_units(state: State, bid: dict, region: dict, n: int) -> None:
    name, units = general_name(state, bid["general"]), bid["units"]
    if not units:
        raise IllegalAction(f"{name} has no units assigned and cannot occupy; a general "
                            "occupies with at least 1 of its own units.")
    if units["type"] != region["unit"]:
        raise IllegalAction(f"{region['name']['en']} can only be occupied by "
                            f"{region['unit']} units; {name} has {units['type']} units.")
    leadership = general(state, bid["general"])["leadership"]
    if n > leadership:
        raise IllegalAction(f"{name} can lead at most {count_of(leadership, 'unit')}.")
    if not 1 <= n <= units["count"]:
        raise IllegalAction(f"{name} has {count_of(units['count'], units['type'] + ' unit')}: "
                            f"occupy with 1 to {units['count']}.")


def _border_text(border: str) -> str:
    return "-".join(n.capitalize() for n in border.split("_"))


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
    events = [Event(f"{who(state, seat)} occupies {region['name']['en']} with "
                    f"{general_name(state, gid)} and {count_of(n, unit + ' unit')} "
                    f"({UNIT_WEAPON[unit]}s stay with them); the frontier token goes to the "
                    f"{store} on its {vp} VP side.")]
    owed = 0
    for source, ability in bonuses:
        words, weapons = abilities.apply_gain(state, seat, ability["gain"])
        owed += weapons
        if words:
            events.append(Event(f"{abilities.source_name(state, source)}: "
                                f"{who(state, seat)} {', '.join(words)}."))
    return events + (ask_take(state, seat, action, owed, "complete") if owed else [])
