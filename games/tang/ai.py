"""A heuristic for AI seats (`Game.action_score`), from the seat's own view only.

Each decision is scored by the step it answers (the view's `step.rule`, and the seat's own
choices so far in `building`). The judgement of war is in games/tang/ai_war.py: an attack is
declared only when its expected worth is positive (odds over the dice, the locked skills, the
grain it costs), the builder then musters exactly that plan; a defender retreats from a
hopeless battle unless it holds its capital; in battle windows a 锦囊, a reroll or a rally is
used only when it changes the outcome by more than it costs; 识破 answers only what hurts.
The supply keeps a grain reserve for the musters to come, raises taxes while armies still
have rounds to serve and cuts them at the end, when 民生 is worth more than grain. A seat
holding 安禄山 in its pile tries to pass him on (反间计, 李林甫, 史思明).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.core.actions import Action
from games.tang import ai_war as war
from games.tang.ai_war import View, armies, data, enemy_near, mine
from games.tang.battle import rally_rate
from games.tang.data import AN_LUSHAN, kind_of

Scorer = Callable[[View, int, Action], float]
GRAIN_RESERVE = 24  # grain kept after the supply for the round's musters
SKILL_RANK = {  # how much a representative's skill is worth to the heuristic (T6.5)
    "sishou": 4, "taiyuan": 3, "neishi": 3, "mujian": 3, "shibao": 2.5, "julian": 2.5,
    "mushi": 2.5, "jiebing": 2.5, "hushi": 2.5, "yunchou": 2, "yiqi": 2, "modao": 2,
    "sizhen": 2, "qianfeng": 2, "chengde": 2, "fengtian": 2,
}
_memo: dict[str, Any] = {"view": None, "plans": {}}


def action_score(view: View, seat: int, action: Action) -> float:
    rule = (view.get("step") or {}).get("rule", "")
    return SCORERS.get(rule, _plain)(view, seat, action)


def _plain(view: View, seat: int, action: Action) -> float:
    return 0.1 if action.kind in ("pass", "done", "keep") else 0.0


def _building(view: View) -> dict[str, Any]:
    return view.get("building") or {}


def _me(view: View, seat: int) -> dict[str, Any]:
    return dict(view["players"][seat])


# -- plans, memoised for one view (the agent scores every legal action on the same view) --------
def plan(view: View, seat: int, target: str, defender: int) -> war.Plan:
    if _memo["view"] is not view:
        _memo.update(view=view, plans={})
    key = (seat, target, defender)
    if key not in _memo["plans"]:
        _memo["plans"][key] = war.plan_attack(view, seat, target, defender)
    found: war.Plan = _memo["plans"][key]
    return found


def defenders(view: View, seat: int, target: str) -> list[int]:
    city = view["cities"][target]
    if city["controller"] is not None:
        return [city["controller"]] if city["controller"] != seat else []
    truces = [sorted(t) for t in view["truces"]]
    return [int(s) for s in sorted(city["armies"]) if int(s) != seat
            and sorted((seat, int(s))) not in truces]


def attack_worth(view: View, seat: int, target: str) -> float:
    return max((plan(view, seat, target, d).value for d in defenders(view, seat, target)),
               default=-10.0)


def best_attack(view: View, seat: int) -> float:
    near = {n for c in mine(view, seat) for n in data().neighbors[c]}
    near |= {c for c, v in view["cities"].items() if v["controller"] is None
             and str(seat) in v["armies"]}
    return max((attack_worth(view, seat, c) for c in sorted(near)
                if view["cities"][c]["controller"] != seat), default=-10.0)


# -- set-up (T1.1) -------------------------------------------------------------------------------
def _setup(view: View, seat: int, action: Action) -> float:
    kind = action.kind
    if kind in ("pick", "swap"):
        return _rep_worth(view, seat, action.word())
    if kind == "keep":
        return 1.0
    if kind == "capital":
        return _capital_worth(view, action.word())
    if kind == "claim":
        return _claim_worth(view, seat, action.word())
    return 0.0


def _rep_worth(view: View, seat: int, character: str) -> float:
    """A skill worth having, on a card not worth much as a general (it cannot be deployed)."""
    skill = data().skill(character)
    worth = SKILL_RANK.get(skill["id"] if skill else "", 1.5) - 0.3 * data().value(character)
    if AN_LUSHAN in view["players"][seat].get("dealt", []) and skill:
        worth += {"shifu": 5, "koumi": 3, "fanfu": 3}.get(skill["id"], 0)
    return worth


def _capital_worth(view: View, city: str) -> float:
    info = data().cities[city]
    capitals = {p["capital"] for p in view["players"]} - {None}
    near = data().neighbors[city]
    return (int(info["special"]) + 0.3 * len(near) - 2.0 * len(capitals & set(near))
            - 0.1 * int(info["luoyang"]))


def _claim_worth(view: View, seat: int, city: str) -> float:
    info = data().cities[city]
    region = data().regions[info["region"]]["cities"]
    owned = sum(1 for c in region if view["cities"][c]["controller"] == seat)
    empty = sum(1 for n in data().neighbors[city] if view["cities"][n]["controller"] is None)
    return owned / len(region) + 0.5 * int(info["special"]) + int(info["luoyang"]) + 0.1 * empty


def _first_armies(view: View, seat: int, action: Action) -> float:
    """T1.1.9: spread the armies by threat, the capital and the border first."""
    left = int(_building(view).get("left", 0))
    cities = mine(view, seat)
    weights = {c: _guard_weight(view, seat, c) for c in cities}
    total = left + sum(armies(view, c, seat) for c in cities)
    wanted = {c: total * w / sum(weights.values()) - armies(view, c, seat)
              for c, w in weights.items()}
    if action.kind == "place":
        return wanted[action.word()]
    if action.kind == "count":
        city = str(_building(view).get("city"))
        return -abs(action.number() - max(1, round(wanted.get(city, 1))))
    return -1000.0  # back: the city was chosen for these armies


def _guard_weight(view: View, seat: int, city: str) -> float:
    foes = sum(1 for n in data().neighbors[city]
               if view["cities"][n]["controller"] not in (None, seat))
    return 1 + 2 * foes + 3 * (view["players"][seat]["capital"] == city)


# -- the supply (T2) ------------------------------------------------------------------------------
def _supply(view: View, seat: int, action: Action) -> float:
    data_ = _building(view)
    me = _me(view, seat)
    kind = action.kind
    if kind == "tax":
        return _tax(view, me, action.word())
    if kind == "deploy":
        return _deploy(view, seat, data_, action)
    if kind == "buy":
        return 1.0
    if kind == "place":
        return _need(view, seat, action.word())
    if kind == "count" and data_.get("stage") == "buy":
        return -abs(action.number() - _armies_to_buy(view, me, data_))
    if kind == "count":
        left = int(data_.get("left", 1))
        borders = sum(1 for c in mine(view, seat) if enemy_near(view, c, seat))
        wanted = left if borders <= 1 else max(1, -(-left // 2))
        return -abs(action.number() - wanted)
    return -1.0


def _tax(view: View, me: dict[str, Any], choice: str) -> float:
    left = war.rounds_left(view)
    if choice == "raise":
        return 2.0 if left >= 3 and me["minsheng"] >= 3 else -1.0
    if choice == "cut":
        return 3.0 if left == 0 else -0.5
    return 1.0


def _deploy(view: View, seat: int, data_: dict[str, Any], action: Action) -> float:
    general, city = action.word(0), action.word(1)
    if general == AN_LUSHAN or int(data_.get("deployed", 0)) or war.rounds_left(view) < 2:
        return -1.0
    return 1.2 + data().value(general) / 10 + min(_need(view, seat, city), 20) / 100


def _armies_to_buy(view: View, me: dict[str, Any], data_: dict[str, Any]) -> int:
    """As many armies as the half limit allows while the grain reserve holds (A20: the rest
    of the points become grain)."""
    spendable = int(data_["P"]) - int(data_["deployed"])
    most = int(data_["P"]) // 2 - int(data_["deployed"])
    if war.rounds_left(view) == 0:
        return most // 2
    spare = int(me.get("grain", 0)) + spendable - GRAIN_RESERVE
    return max(0, min(most, spare))


def _need(view: View, seat: int, city: str) -> float:
    """How much a city wants new armies: enemies near, foes' cities to strike, the capital."""
    foes = sum(1 for n in data().neighbors[city]
               if view["cities"][n]["controller"] not in (None, seat))
    capital = view["players"][seat]["capital"] == city
    return (0.6 * enemy_near(view, city, seat) + 3 * foes + (4 if capital and foes else 0)
            - 0.5 * armies(view, city, seat))


# -- phase windows (T8.2) -------------------------------------------------------------------------
def _window(view: View, seat: int, action: Action) -> float:
    if action.kind == "pass":
        return 0.0
    me = _me(view, seat)
    what = action.word()
    left = war.rounds_left(view)
    if what == "kaicang":
        return 1.0 if me.get("grain", 0) >= GRAIN_RESERVE + 6 or left <= 1 else -1.0
    if what in ("tuntian", "yiqi", "xiying"):
        return 2.0
    if what in ("mubing", "mushi"):
        return 1.5 + min(_need(view, seat, action.word(1)), 40) / 100
    if what == "jiebing":
        return 1.0 + min(_need(view, seat, action.word(1)), 40) / 100 \
            if left >= 3 and me["minsheng"] >= 3 else -1.0
    if what == "heqin":
        return _truce_worth(view, seat, int(action.args[1]) - 1)
    return -1.0


def _truce_worth(view: View, seat: int, other: int) -> float:
    """和亲 with the neighbour whose armies stand nearest in force."""
    near = sum(armies(view, n, other) for c in mine(view, seat) for n in data().neighbors[c])
    return 0.5 + near / 1000 if near else -1.0


# -- the own turn (T3.2, T3.6, own-turn cards) ----------------------------------------------------
def _turn(view: View, seat: int, action: Action) -> float:
    kind = action.kind
    if kind == "attack":
        worth = attack_worth(view, seat, action.word())
        return 1 + worth if worth > 0.15 else -1.0
    if kind == "transfer":
        city = action.word()
        spare = armies(view, city, seat)
        return 0.5 + min(spare, 8) / 100 if not enemy_near(view, city, seat) and spare >= 2 \
            else -1.0
    if kind == "end":
        return 0.3
    return _own_card(view, seat, action)


def _own_card(view: View, seat: int, action: Action) -> float:
    what = action.word()
    me = _me(view, seat)
    shed = AN_LUSHAN in me.get("pile", [])
    if what in ("fanjian", "koumi", "fanfu"):
        return 10.0 if shed else -1.0  # 安禄山 loses the game (T4.2)
    if what == "jixing":
        return 1.5
    if what == "wuzhong":
        return 1.2
    if what == "caochuan":
        return 1.0 + view["players"][int(action.args[1]) - 1].get("grain", 4) / 1000
    if what == "diaohu":
        return _lure_worth(view, seat, action.word(1))
    return -1.0


def _lure_worth(view: View, seat: int, general: str) -> float:
    """调虎离山 on a strong general next to a city the seat could strike."""
    value = data().value(general)
    return 0.6 + value / 10 if value >= 3 else -1.0


def _extra(view: View, seat: int, action: Action) -> float:
    if action.word() == "no":
        return 0.0
    return 1.0 if best_attack(view, seat) > 0.8 and _me(view, seat)["minsheng"] >= 2 else -1.0


def _transfer(view: View, seat: int, action: Action) -> float:
    if action.kind == "to":
        city = action.word()
        return _need(view, seat, city)
    if action.kind == "count":
        return float(action.number())
    if action.kind == "take":
        return 1.0
    if action.kind == "done":
        return 0.0
    return -1000.0  # cancel: a transfer begun is carried out


# -- the attack builder (T3.4.1, T3.4.2) ----------------------------------------------------------
def _attack(view: View, seat: int, action: Action) -> float:
    data_ = _building(view)
    target = data_["target"]
    kind = action.kind
    if kind == "side":
        return plan(view, seat, target, int(action.number()) - 1).value
    if kind == "cancel":
        return -1000.0  # the plan was made with the declaration; it is carried out
    chosen = plan(view, seat, target, data_["defender"])
    used = {m[0] for m in data_["musters"]}
    if kind == "muster":
        source = action.word()
        return 5 + chosen.counts[source] / 100 if source in chosen.counts else -1.0
    if kind == "count":
        return -abs(action.number() - chosen.counts.get(data_["source"], 0))
    if kind == "take":
        return 3.0 if action.word() == chosen.general else -1.0
    if kind == "play":  # 暗度陈仓
        return 4.0 if chosen.cost - sum(chosen.counts.values()) >= 3 else -1.0
    if kind == "confirm":
        return 4.0 if set(chosen.counts) <= used else 1.0
    return 0.0  # done with a source's generals, via


# -- defending (T3.4.4) ---------------------------------------------------------------------------
def _retreat(view: View, seat: int, action: Action) -> float:
    battle = view["battle"]
    city = battle["city"]
    flee = _hopeless(view, seat) and view["players"][seat]["capital"] != city
    kind = action.kind
    if kind == "retreat":
        return 2 + armies(view, action.word(), seat) / 1000 if flee else -1.0
    if kind == "count":
        return float(action.number()) if flee else -float(action.number())
    if kind == "done":
        return 0.0
    return -3.0  # disband, back


def _hopeless(view: View, seat: int) -> bool:
    battle = view["battle"]
    mod_a, mod_d = war.fixed_parts(view, battle)
    big_a = int(battle["a_armies"]) + armies(view, battle["city"], battle["attacker"])
    big_d = armies(view, battle["city"], seat)
    if big_d == 0:
        return False
    chance = war.odds(big_a, big_d, mod_a, mod_d, war.has_rep_skill(view, seat, "sishou"))
    return chance.capture >= 0.75


# -- battle windows (T3.4.3 steps 5-6, T8.4) ------------------------------------------------------
def _bwin(view: View, seat: int, action: Action) -> float:
    battle = view["battle"]
    side = "att" if seat == battle["attacker"] else "def"
    kind = action.kind
    if kind == "pass":
        return 0.0
    if kind in ("rally", "count"):
        k, net = _rally(view, seat, side)
        if kind == "rally":
            return net if k else -1.0
        return -abs(action.number() - k)
    if kind == "back":
        return -0.5
    return _battle_card(view, seat, side, action) - (0 if kind == "skill" else war.CARD_WORTH)


def _rally(view: View, seat: int, side: str) -> tuple[int, float]:
    rate = rally_rate(war.shim(view, view["battle"]), seat, side)
    most = int(view["players"][seat].get("grain", 0)) // rate
    return war.rally_best(view, seat, side, rate, min(most, 12))


def _battle_card(view: View, seat: int, side: str, action: Action) -> float:
    what = action.word()
    mine_ = side == "att"
    if what in ("jianbi", "huogong"):
        return war.shift(view, seat, 3 if mine_ else 0, 0 if mine_ else 3)
    if what == "yiyi":
        bonus = 4 if any(k != "none" for k in view["battle"]["crossed"]) else 2
        return war.shift(view, seat, 0, bonus)
    if what == "kongcheng":
        return war.shift(view, seat, -4, 0)
    if what == "fudi":
        other = "def" if mine_ else "att"
        value = war.general_value(view, other)
        return war.shift(view, seat, 0 if mine_ else -value, -value if mine_ else 0)
    if what in ("yibing", "shuofang"):
        return war.reroll_gain(view, seat, action.word(1))
    return -1.0


# -- answering a 锦囊 (T8.3) ----------------------------------------------------------------------
def _respond(view: View, seat: int, action: Action) -> float:
    if action.kind == "pass":
        return 0.0
    card = kind_of(_building(view).get("card", ""))
    me = _me(view, seat)
    if card == "fanjian":
        return -1.0 if AN_LUSHAN in me.get("pile", []) else 1.0
    if card in ("heqin", "dacao"):
        return -1.0
    if card == "caochuan":
        shipo = sum(1 for c in me.get("hand", []) if kind_of(c) == "shipo")
        return 1.0 if shipo >= 2 else -1.0
    if view.get("battle"):
        return 1.0 if _battle_stakes(view, seat) else -1.0
    return 1.0  # 调虎离山 on a general of the seat's


def _battle_stakes(view: View, seat: int) -> bool:
    """A battle worth a 识破: the seat's capital, or a city worth more than a few points."""
    city = view["battle"]["city"]
    return view["players"][seat]["capital"] == city or war.worth(view, city, seat) >= 3


# -- after a battle and the fall of a capital (T3.4.5, T3.5) -------------------------------------
def _relocate(view: View, seat: int, action: Action) -> float:
    return float(armies(view, action.word(), seat))


def _fall(view: View, seat: int, action: Action) -> float:
    kind = action.kind
    data_ = _building(view)
    if kind == "designate":
        return war.worth(view, action.word(), seat)
    sending = str(data_.get("stage", "")).startswith("send")
    if kind == "send":
        return _need(view, seat, action.word())
    if kind == "move_in":  # from the largest stack that is not a capital
        city = action.word()
        return 1 + armies(view, city, seat) / 1000 - (view["players"][seat]["capital"] == city)
    if kind == "count":
        if sending:
            return float(action.number())
        spare = armies(view, data_["from"], seat) // 2
        return -abs(action.number() - max(1, min(spare, 8)))
    if kind == "take":
        return 1.0 if sending else -1.0
    return 2.0 if data_.get("stage") == "move" else 0.5  # done: moved in, or no more generals


def _give(view: View, seat: int, action: Action) -> float:
    card = action.word()
    return 10.0 if card == AN_LUSHAN else -float(data().value(card))


def _lure(view: View, seat: int, action: Action) -> float:
    city = action.word()
    if city not in view["cities"]:
        return 0.0
    return -sum(1 for n in data().neighbors[city] if view["cities"][n]["controller"] == seat)


SCORERS: dict[str, Scorer] = {
    "pick": _setup, "swap": _setup, "capital": _setup, "claim": _setup,
    "armies": _first_armies, "supply": _supply, "wstep": _window, "turn": _turn,
    "extra": _extra, "transfer": _transfer, "attack": _attack, "retreat": _retreat,
    "bwin": _bwin, "respond": _respond, "relocate": _relocate, "fall": _fall, "give": _give,
    "lure": _lure,
}
