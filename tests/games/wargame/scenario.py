"""Forged mid-game states for the wargame's rule tests: a real set-up, the nations picked,
then a chosen nation's action step begun with the flow's stack set by hand."""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.chance import force
from games.core.flow import chance, push
from games.wargame import orders
from games.wargame.data import designed
from games.wargame.game import WargameGame

GAME = WargameGame()
DATA = designed()
State = dict[str, Any]


def picked(seats: int = 3, seed: int = 1, **options: Any) -> State:
    """A state whose seats have picked their nations (in the seat order drawn), with the
    first turn begun."""
    state = GAME.setup(seats, {"scenario": "S1", **options}, seed)
    while any(step["rule"] == "pick" for step in state["flow"]["stack"]):
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def acting(nation: str = "cao", seats: int = 3, **options: Any) -> State:
    """The start of `nation`'s action step in turn 1, with an empty cup after it."""
    state = picked(seats, **options)
    state["flow"]["stack"] = []
    state["cup"] = []
    push(state, chance("draw"))
    state["acting"] = nation
    orders.begin_action(state, nation)
    return state


def seat_of(state: State, nation: str) -> int:
    return int(state["nations"][nation]["seat"])


def play(state: State, *texts: str) -> tuple[State, list]:
    """Apply the actions (canonical text forms) for whoever is due; the events of all."""
    told: list = []
    for text in texts:
        seat = min(GAME.to_act(state))
        state, events = GAME.apply(state, seat, Action.parse(text))
        told += events
    return state, told


def legal(state: State) -> list[str]:
    seat = min(GAME.to_act(state))
    return [a.text for a in GAME.legal_actions(state, seat)]


def keys(events: list) -> list[str]:
    return [e.text.key for e in events]


def put(state: State, aid: str, pid: str, count: int, *gens: str) -> None:
    """Give `aid` to `pid` with `count` troops and these generals (the ledger follows); an
    area of the acting nation may act this step."""
    spot = state["areas"][aid]
    state["ledger"]["added"] += count - sum(spot["troops"].values())
    spot.update(control=pid, troops={pid: count} if count else {})
    for g in gens:
        state["generals"][g].update(state="nation", nation=pid, area=aid)
    ctx = state["step"]
    if pid == ctx["nation"] and aid not in ctx["start"]:
        ctx["start"].append(aid)
        ctx["status"][aid] = "idle"


def by(state: State, nation: str, *texts: str) -> tuple[State, list]:
    """Apply the actions as the seat running `nation`."""
    told: list = []
    for text in texts:
        state, events = GAME.apply(state, seat_of(state, nation), Action.parse(text))
        told += events
    return state, told


def as_seat(state: State, seat: int, *texts: str) -> tuple[State, list]:
    told: list = []
    for text in texts:
        state, events = GAME.apply(state, seat, Action.parse(text))
        told += events
    return state, told


def gone(state: State, *gids: str) -> None:
    """Take these generals out of the game (exited) before a test begins."""
    for gid in gids:
        state["generals"][gid].update(state="exited", nation=None, area=None)


def wx14_fall() -> tuple[State, list]:
    """W27.2 (WX14) fought to its end: 袁術 and his heirs but 袁胤 gone, 袁胤 ruling 宛 with
    紀霊, 橋蕤 in 新野, and 曹操 invading 宛 from 許昌 with 許褚 and 曹仁 in a duel. 曹仁
    (checked first, data order) is unharmed; 袁胤, 袁術's last heir, dies in his duel (許褚
    5 + 5 against 1 + 1: duel_6plus, face 2); the nation falls and 曹操 checks 紀霊 (battle
    area, 3) and 橋蕤 (新野, 5) at once. Returns the state and the last action's events."""
    state = acting("cao")
    gone(state, "yuan_shu", "zhang_xun", "yang_hong")
    state["nations"]["yuanshu"]["ruler"] = "yuan_yin"
    put(state, "wan", "yuanshu", 1, "yuan_yin", "ji_ling")
    put(state, "xinye", "yuanshu", 3, "qiao_rui")
    put(state, "xuchang", "cao", 10, "xu_chu", "cao_ren")
    handler = seat_of(state, "tao")
    force(state, 6, 6, ["xu_chu", "cao_ren"], 5, 1, 2, 4, 4, 2, 3, 5)
    state, _ = by(state, "cao", "invade wan", "general xu_chu", "general cao_ren",
                  "troops xuchang 10", "confirm", f"handler {handler}")
    state, _ = by(state, "cao", "general xu_chu")
    state, _ = as_seat(state, handler, "general yuan_yin")
    state, _ = by(state, "cao", "general cao_ren")
    return as_seat(state, handler, "general ji_ling")


def ai_game(seed: int, seats: int = 3, scenario: str = "S2", wander: float = 0.0,
            **options: Any):
    """A whole game of heuristic AI seats (games/core/agents.py), each seeded by the game's
    seed and its seat, who take a random legal action instead one time in `1 / wander` (so
    the game also walks the steps the heuristic avoids: offers, redeploys). Yields (state
    before, seat, action, events, state after) for every action, so a test may check what
    each step showed and told."""
    import random

    from games.core.agents import make_agent

    state, _ = GAME.begin(seats, {"scenario": scenario, **options}, seed)
    agents = [make_agent("heuristic", seed=seed * 100 + s) for s in range(seats)]
    dice = random.Random(seed)
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        if dice.random() < wander:
            action = dice.choice(GAME.legal_actions(state, seat))
        else:
            action = agents[seat].choose(GAME, state, seat)
        after, events = GAME.apply(state, seat, action)
        yield state, seat, action, events, after
        state = after
