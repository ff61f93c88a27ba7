"""Hand-built Scythe views (docs/scythe-engine.md, "The view") for the renderer.

Six moments of a game: turn 1 with five factions, a mid game with mechs, structures and
resources, a pending combat, encounters taken, a late game with hidden coins, and a finished
game with its score. Each is a table from `tests/games/scythe/scenario.py` with pieces moved, turned
into a view by `as_view` the way the contract describes (hands and objectives to counts,
decks to counts, a commit frame to who has committed). The names of own-only cards (SECRETS)
let tests prove a public image never draws them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from bot.i18n import t
from games.scythe.state import card_value, frame_seats, seat_name
from games.scythe.view import mat_values
from tests.games.scythe.scenario import build, deal, place, put, table

NAMES = ["Alice", "Bartholomew the Unbelievably Verbose Strategist", "劉玄德", "Dana", "Eve"]
OBJECTIVES = {o: t(f"scythe.objective.{o}") for o in ("obj_02", "obj_12", "obj_05", "obj_09")}
FACTORY = {f: t(f"scythe.factory.{f}") for f in ("factory_03", "factory_07", "factory_09")}
SECRET_OBJECTIVE = OBJECTIVES["obj_09"]  # held by the viewer, never revealed
SECRET_OFFER = FACTORY["factory_07"]  # on the Factory space, seen by its picker only
OWN_ONLY = "Your combat cards"
SECRETS = {SECRET_OBJECTIVE, SECRET_OFFER, OWN_ONLY}
OWN_LABELS = {"Your combat cards", "Your objective", "Factory cards you see"}
TIERS = ((3, 2, 1), (4, 3, 2), (5, 4, 3))  # S19.1: per star, territory, 2 resources
PROMPTS = {
    "section": "{who} chooses a section of the player mat, or reveals an objective.",
    "step": "{who} moves mech:speed: step on, load, unload, or stop.",
    "commit": "{who} must secretly set the power dial and combat cards for the combat on r3c4.",
    "encounter": "{who} chooses an option of the encounter card “Smoke on the Ridge” on r5c5.",
    "factory_pick": "{who} keeps one Factory card.",
    "bottom": "{who} takes the bottom-row action, or skips it.",
}


# -- a state turned into a view --------------------------------------------------------------
def as_view(state: dict, viewer: int | None, score: dict | None = None) -> dict:
    """The view of `state` for `viewer` (None: public), as docs/scythe-engine.md says."""
    view = {k: copy.deepcopy(v) for k, v in state.items()
            if k not in ("seed", "rng", "decks", "players", "stack")}
    view["viewer"] = viewer
    view["decks"] = {name: len(deck) for name, deck in state["decks"].items()}
    view["players"] = [_player(state, p, viewer) for p in state["players"]]
    view["stack"] = [_frame(state, f, viewer) for f in state["stack"]]
    view["control"] = _control(state)
    view["prompt"] = _prompt(state)
    view["faction_names"] = {p["faction"]: p["faction"].capitalize() for p in state["players"]}
    view["mat_names"] = {p["mat"]: p["mat"].capitalize() for p in state["players"]}
    view["card_names"] = _card_names(state, viewer)
    view["score"] = score
    return view


def _player(state: dict, p: dict, viewer: int | None) -> dict:
    out = {k: copy.deepcopy(v) for k, v in p.items() if k not in ("cards", "objectives")}
    out["card_count"], out["objective_count"] = len(p["cards"]), len(p["objectives"])
    out |= mat_values(state, p["seat"])  # rule arithmetic stays the engine's
    if viewer == p["seat"]:
        out["cards"] = [{"id": c, "value": card_value(c)} for c in p["cards"]]
        out["objectives"] = [{"id": o, "name": OBJECTIVES[o]} for o in p["objectives"]]
    elif not state["options"].get("coins_visible", True):
        out["coins"] = None
    return out


def _frame(state: dict, frame: dict, viewer: int | None) -> dict:
    if frame["kind"] == "commit":
        return {"kind": "commit", "seat": frame["seat"], "seats": frame["seats"],
                "territory": frame["territory"],
                "committed": sorted(int(s) for s in frame["commits"])}
    if frame["kind"] == "factory_pick" and frame["seat"] == viewer:
        return {**frame, "cards": list(state["decks"]["factory"])}
    return copy.deepcopy(frame)


def _control(state: dict) -> dict[str, int]:
    """S2.7 on these tables: units control; a structure controls when no opponent is there;
    in a pending combat the defender (the non-active seat) keeps control."""
    control: dict[str, int] = {}
    for p in state["players"]:
        for where in p["units"].values():
            if where[0] == "r" and (where not in control or p["seat"] != state["active"]):
                control[where] = p["seat"]
    for territory, built in state["structures"].items():
        control.setdefault(territory, built["seat"])
    return control


def _prompt(state: dict) -> dict | None:
    if not state["stack"] or state["end"] is not None:
        return None
    frame = state["stack"][-1]
    committed = {int(s) for s in frame.get("commits", {})}
    seats = [s for s in frame_seats(frame) if s not in committed]
    who = " and ".join(seat_name(state, s) for s in seats)
    return {"kind": frame["kind"], "seats": seats,
            "text": PROMPTS[frame["kind"]].format(who=who)}


def _card_names(state: dict, viewer: int | None) -> dict[str, str]:
    names: dict[str, str] = {}
    for p in state["players"]:
        shown = p["objectives_done"] + (p["objectives"] if p["seat"] == viewer else [])
        names |= {o: OBJECTIVES[o] for o in shown}
        if p["factory_card"]:
            names[p["factory_card"]] = FACTORY[p["factory_card"]]
    for frame in state["stack"]:
        if frame["kind"] == "factory_pick" and frame["seat"] == viewer:
            names |= {c: FACTORY[c] for c in state["decks"]["factory"]}
    return names


# -- building blocks -----------------------------------------------------------------------------
def _section_frame(state: dict) -> None:
    state["stack"] = [{"kind": "section", "seat": state["active"]}]


def _progress(state: dict, seat: int, **fields: Any) -> None:
    state["players"][seat].update(fields)


def _deal_objectives(state: dict, seat: int, *ids: str) -> None:
    state["players"][seat]["objectives"] = list(ids)


# -- the six moments ----------------------------------------------------------------------------
def turn_one() -> dict:
    """Five factions at their setup positions; Polania (Industrial, mat 1) opens."""
    state = table(("nordic", "engineering"), ("rusviet", "patriotic"), ("crimea", "mechanical"),
                  ("saxony", "agricultural"), ("polania", "industrial"))
    for seat, values in enumerate(((2,), (2, 3), (3, 4, 5), (2,), (2, 2, 3))):
        deal(state, seat, *values)
    _deal_objectives(state, 0, "obj_09", "obj_05")
    _section_frame(state)
    state["decks"].update(encounter=[f"enc_{n:02d}" for n in range(1, 29)],
                          objective=[f"obj_{n:02d}" for n in range(13, 24)],
                          factory=[f"factory_{n:02d}" for n in (1, 2, 4, 5, 6, 8)])
    return as_view(state, 0)


def _mid_state() -> dict:
    """Turn 14: Nordic, Crimea and Saxony spread out, with mechs, structures and resources."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"), ("saxony", "mechanical"))
    state["turn_number"] = 14
    for unit, where in (("mech:riverwalk", "r1c4"), ("mech:speed", "r2c5"), ("worker:3", "r1c4"),
                        ("worker:4", "r1c5"), ("worker:5", "r1c5"), ("character", "r2c3")):
        place(state, 0, unit, where)
    for unit, where in (("mech:riverwalk", "r5c4"), ("worker:3", "r6c5"), ("worker:4", "r5c4"),
                        ("character", "r4c3")):
        place(state, 1, unit, where)
    for unit, where in (("mech:riverwalk", "r5c1"), ("mech:underpass", "r4c2"),
                        ("mech:disarm", "r4c2"), ("worker:3", "r4c2"), ("worker:4", "r5c0"),
                        ("worker:5", "r5c0"), ("worker:6", "r5c0"), ("character", "r3c3")):
        place(state, 2, unit, where)
    for where, kind, n in (("r0c4", "wood", 3), ("r0c5", "oil", 2), ("r1c4", "metal", 4),
                           ("r1c4", "oil", 1), ("r6c3", "food", 5), ("r6c5", "wood", 1),
                           ("r5c0", "metal", 3), ("r4c2", "food", 2), ("r4c2", "metal", 2),
                           ("r4c2", "oil", 1), ("r4c2", "wood", 1)):
        put(state, where, kind, n)
    build(state, 0, "mill", "r1c5")
    build(state, 1, "monument", "r6c3")
    build(state, 2, "mine", "r5c0")
    build(state, 2, "armory", "r4c2")
    state["encounters"] = [e for e in state["encounters"] if e not in ("r1c4", "r5c1")]
    _progress(state, 0, power=9, popularity=6, coins=11, stars={"mechs": 1},
              cubes=["move_coins", "bolster_cards", "trade_popularity", "produce_territories"],
              upgrades={"0": 1, "1": 1}, recruits={"2": "coins"}, last_section=1)
    _progress(state, 1, power=5, popularity=10, coins=7, factory_card="factory_03",
              last_section=4, recruits={"0": "power", "3": "combat_cards"})
    _progress(state, 2, power=12, popularity=3, coins=15, stars={"structures": 1},
              cubes=["move_units", "bolster_power", "produce_territories"],
              upgrades={"1": 2, "3": 1}, last_section=2)
    for seat, values in enumerate(((2, 4), (3,), (5, 5, 2, 3))):
        deal(state, seat, *values)
    _deal_objectives(state, 0, "obj_09")
    return state


def mid_game() -> dict:
    state = _mid_state()
    state["active"] = 0
    state["stack"] = [{"kind": "bottom", "seat": 0}]
    return as_view(state, 0)


def combat() -> dict:
    """Nordic's speedy mech and character moved onto Saxony's mechs on r3c4; Saxony has
    committed, Nordic has not."""
    state = _mid_state()
    state["active"] = 0
    place(state, 0, "mech:speed", "r3c4")
    place(state, 0, "character", "r3c4")
    place(state, 2, "mech:disarm", "r3c4")
    state["turn"].update(section=2, moved={"0/mech:speed": "r2c5", "0/character": "r2c3"})
    state["stack"] = [{"kind": "after_move", "seat": 0},
                      {"kind": "commit", "seat": 0, "seats": [0, 2], "territory": "r3c4",
                       "commits": {"2": {"dial": 5, "cards": [state["players"][2]["cards"][0]]}}}]
    return as_view(state, 0)


def encounters_taken() -> dict:
    """Six encounter tokens are gone; Crimea's character stands on r5c5 and chooses."""
    state = _mid_state()
    state["active"] = 1
    state["encounters"] = ["r0c3", "r1c1", "r3c1", "r5c2", "r6c4"]
    place(state, 1, "character", "r5c5")
    state["stack"] = [{"kind": "encounter", "seat": 1, "card": "enc_07"}]
    return as_view(state, 1)


def factory_pick() -> dict:
    """Saxony's character reached the Factory and picks from the cards left there."""
    state = _mid_state()
    state["active"] = 2
    state["decks"]["factory"] = ["factory_07", "factory_09"]
    state["stack"] = [{"kind": "factory_pick", "seat": 2}]
    return as_view(state, 2)


def _late_state() -> dict:
    """Turn 31 of four players, coins hidden: everyone close to the sixth star."""
    state = table(("nordic", "agricultural"), ("rusviet", "industrial"),
                  ("saxony", "engineering"), ("polania", "patriotic"),
                  options={"coins_visible": False})
    state["turn_number"] = 31
    spots = {0: ["r0c3", "r1c3", "r1c4", "r1c5", "r0c6", "r2c3"],
             1: ["r2c6", "r3c5", "r3c6", "r4c5", "r2c5", "r1c6"],
             2: ["r4c2", "r5c3", "r6c3", "r6c4", "r4c3", "r3c4"],
             3: ["r2c1", "r3c1", "r2c2", "r3c0", "r4c0", "r4c1"]}
    for seat, where in spots.items():
        p = state["players"][seat]
        mechs = [u for u in p["units"] if u.startswith("mech:")]
        for n, unit in enumerate(mechs):
            place(state, seat, unit, where[n])
        for n in range(3, 9):
            place(state, seat, f"worker:{n}", where[(n + 1) % 6])
        place(state, seat, "character", where[5])
        for kind, territory in zip(("mine", "mill", "monument", "armory"), where, strict=False):
            build(state, seat, kind, territory)
    place(state, 0, "character", "r2c4")  # Seaworthy: Nordic's character waits on a lake
    for spot, kind, n in (("r1c4", "metal", 6), ("r3c6", "metal", 3), ("r5c3", "oil", 4),
                          ("r6c3", "food", 7), ("r2c1", "wood", 5), ("r4c1", "wood", 2),
                          ("r4c1", "food", 1), ("r4c1", "oil", 1), ("r4c1", "metal", 3)):
        put(state, spot, kind, n)
    stars = [{"upgrades": 1, "mechs": 1, "structures": 1, "workers": 1, "objective": 1},
             {"mechs": 1, "structures": 1, "combat": 2, "power": 1},
             {"mechs": 1, "structures": 1, "combat": 2, "objective": 1},
             {"mechs": 1, "structures": 1, "workers": 1, "recruits": 1, "popularity": 1}]
    for seat, s in enumerate(stars):
        _progress(state, seat, stars=s, power=(7, 16, 4, 9)[seat],
                  popularity=(12, 5, 8, 18)[seat], coins=(31, 24, 19, 40)[seat],
                  last_section=(0, 3, 1, 2)[seat], cubes=[] if seat == 0 else ["move_units"],
                  upgrades={"0": 1, "1": 2, "2": 1, "3": 2} if seat == 0 else {"1": 1},
                  recruits={"0": "power", "1": "coins", "2": "popularity",
                            "3": "combat_cards"} if seat == 3 else {"2": "power"})
    _progress(state, 0, objectives_done=["obj_02"])
    _progress(state, 2, objectives_done=["obj_12"], factory_card="factory_03")
    state["encounters"] = ["r5c1"]
    deal(state, 1, 5, 5, 4)
    deal(state, 3, 2)
    _deal_objectives(state, 1, "obj_09")
    return state


def late_game() -> dict:
    state = _late_state()
    state["active"] = 1
    state["stack"] = [{"kind": "section", "seat": 1}]
    return as_view(state, 1)


def finished() -> dict:
    """The late game ended by Polania's sixth star; the engine's score, best first."""
    state = _late_state()
    state["active"] = None
    state["end"] = {"reason": "sixth star", "seat": 3}
    _progress(state, 3, power=16)
    state["players"][3]["stars"]["power"] = 1
    rows = {  # seat: coins, stars, territories, resources, bonus-tile count
        3: (40, 6, 6, 12, 2), 0: (31, 5, 7, 6, 3), 1: (24, 5, 7, 3, 1), 2: (19, 5, 6, 4, 3),
    }
    scores: list[dict[str, Any]] = []
    details: list[dict[str, Any]] = []
    for seat, (coins, stars, territories, resources, counted) in rows.items():
        p = state["players"][seat]
        tiebreak = (18, p["power"], p["popularity"], resources, territories, stars)
        tier = TIERS[0 if p["popularity"] <= 6 else 1 if p["popularity"] <= 12 else 2]
        categories = {"coins": coins, "stars": stars * tier[0],
                      "territories": territories * tier[1],
                      "resources": resources // 2 * tier[2],
                      "structure_bonus": {1: 2, 2: 4, 3: 4}[counted]}
        scores.append({"seat": seat, "total": sum(categories.values()),
                       "categories": categories, "tiebreak": list(tiebreak)})
        details.append({"seat": seat, "stars": stars, "per_star": tier[0],
                        "territories": territories, "per_territory": tier[1],
                        "resources": resources, "per_two_resources": tier[2],
                        "structures_counted": counted})
    scores.sort(key=lambda s: s["total"], reverse=True)
    score = {"scores": scores, "winners": [scores[0]["seat"]],
             "reason": "Dana (Polania) placed the sixth star",  # worded by the service
             "details": {"bonus_tile": state["bonus_tile"], "players": details,
                         "tiebreak": "workers, mechs and structures on the board; power; ..."}}
    return as_view(state, 1, score)


SAMPLES: dict[str, Callable[[], dict]] = {
    "turn_one": turn_one, "mid_game": mid_game, "combat": combat,
    "encounters_taken": encounters_taken, "factory_pick": factory_pick,
    "late_game": late_game, "finished": finished,
}


def public_view(view: dict) -> dict:
    """What `view(state, None)` gives for the same table: no own-only field anywhere."""
    public = copy.deepcopy(view)
    public["viewer"] = None
    for p in public["players"]:
        p.pop("cards", None)
        p.pop("objectives", None)
        if not public["options"].get("coins_visible", True):
            p["coins"] = None
    for frame in public["stack"]:
        if frame["kind"] == "factory_pick":
            frame.pop("cards", None)
    shown = {o for p in public["players"] for o in p["objectives_done"]}
    shown |= {p["factory_card"] for p in public["players"] if p["factory_card"]}
    public["card_names"] = {k: v for k, v in public["card_names"].items() if k in shown}
    return public
