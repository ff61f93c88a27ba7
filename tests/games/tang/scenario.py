"""Tang tables forged for rule tests: a board where each city has its owner and armies, the
representatives, piles, hands and grain a test names, and the step the test starts from."""

from __future__ import annotations

from typing import Any

from games.core import Action, Event
from games.core.flow import flow_of, turn
from games.core.messages import Msg
from games.tang import GAME
from games.tang.data import load_data
from games.tang.model import State

DATA = load_data()


def table(n: int = 3, board: dict[str, tuple[int, int]] | None = None, rest: int | None = None,
          reps: list[str] | None = None, piles: dict[int, list[str]] | None = None,
          hands: dict[int, list[str]] | None = None, grain: int | dict[int, int] = 50,
          capitals: dict[int, str] | None = None, generals: dict[str, dict[str, int]] | None = None,
          options: dict[str, Any] | None = None, camp_rule: bool = False, phase: str = "action",
          seat: int = 0, round_: int = 1) -> State:
    """`board`: city -> (owner, armies); every other city is `rest`'s (the last seat) with 1
    army. `hands`: seat -> 锦囊 kinds. The state waits for `seat`'s own turn (phase "action")
    or its supply step (phase "supply")."""
    state = GAME.setup(n, options or {}, 1)
    rest = n - 1 if rest is None else rest
    board = board or {}
    reps = reps or ["gao_lishi", "li_mi", "zhang_jiuling", "lu_jiong", "feng_changqing",
                    "yan_zhenqing", "li_siye", "yang_guozhong"][:n]
    piles = piles or {}
    used = set(reps) | {c for p in piles.values() for c in p} | {
        g for gs in (generals or {}).values() for g in gs}
    state["char_deck"] = [c for c in DATA.character_ids if c not in used]
    deck = DATA.deck()
    for s, p in enumerate(state["players"]):
        p.update(rep=reps[s], dealt=[], pile=list(piles.get(s, [])), hand=[], uses={},
                 knowledge=[], minsheng=10, color=None, captured=False, attacked=False,
                 raised=False, extra_bought=0)
        for kind in (hands or {}).get(s, []):
            card = next(c for c in deck if c.split(".")[0] == kind)
            deck.remove(card)
            p["hand"].append(card)
        p["grain"] = grain if isinstance(grain, int) else grain.get(s, 0)
        p["capital"] = (capitals or {}).get(s)
    state["jn_deck"], state["discard"], state["in_play"], state["removed"] = deck, [], [], []
    for cid, c in state["cities"].items():
        owner, count = board.get(cid, (rest, 1))
        c.update(controller=owner, last=owner, armies={str(owner): count} if count else {},
                 generals={})
    for cid, gs in (generals or {}).items():
        state["cities"][cid]["generals"] = dict(gs)
    for s, p in enumerate(state["players"]):
        if p["capital"] is None:
            p["capital"] = next((c for c, v in state["cities"].items() if v["controller"] == s),
                                None)
    state.update(first=0, camp_rule=camp_rule, round=round_, truces=[], battle=None,
                 last_battle=None, fought=None, over=None)
    flow = flow_of(state)
    flow["phase"] = phase
    if phase == "action":
        state["act"] = {"pass": 1, "idx": seat}
        state["turn"] = {"seat": seat, "acted": False, "free": 0, "extra": None, "basic": 1}
        flow["stack"] = [turn("turn", seat)]
    else:
        state["turn"] = None
        flow["stack"] = [turn("supply", seat, stage="tax")]
    ledger(state)
    return state


def ledger(state: State) -> None:
    """Make the ledgers agree with a forged state."""
    for s, p in enumerate(state["players"]):
        p["ledger"] = {"grain": p["grain"], "armies": sum(
            int(c["armies"].get(str(s), 0)) for c in state["cities"].values())}


def play(state: State, seat: int, *texts: str) -> tuple[State, list[Event]]:
    """Apply actions in their text form; returns the state and every event."""
    events: list[Event] = []
    for text in texts:
        state, told = GAME.apply(state, seat, Action.parse(text))
        events += told
    return state, events


def keys(events: list[Event]) -> list[str]:
    return [e.text.key if isinstance(e.text, Msg) else e.text for e in events]


def find(events: list[Event], key: str) -> Any:
    return next(e.text for e in events if isinstance(e.text, Msg) and e.text.key == key)


def armies(state: State, city: str, seat: int) -> int:
    return int(state["cities"][city]["armies"].get(str(seat), 0))


def legal(state: State, seat: int) -> list[str]:
    return [a.text for a in GAME.legal_actions(state, seat)]
