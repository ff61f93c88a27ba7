"""A greedy heuristic for AI seats, judged from the seat's own view only (printed card data is
public knowledge): build whenever possible, attack when the odds look good, play cheap sure
stratagems, keep generals and cities, and prefer advisors that pay."""

from __future__ import annotations

from typing import Any

from games.core import Action
from games.record.data import DATA, RULES, key_of, kind_of

LORD_VALUE = {"lord:liu_bei": 6, "lord:cao_cao": 5, "lord:yuan_shu": 5, "lord:zhang_jiao": 5,
              "lord:ma_teng": 5, "lord:yuan_shao": 4, "lord:sun_quan": 4, "lord:dong_zhuo": 4}
STRATAGEM_VALUE = {"hun_shui_mo_yu": 6, "yi_shi_er_niao": 6, "pao_zhuan_yin_yu": 4,
                   "tao_yuan_jie_yi": 4, "shun_shou_qian_yang": 4, "cao_chuan_jie_jian": 4,
                   "long_luo_zhi_ji": 3, "an_sha_ji": 3, "yi_yi_dai_lao": 5,
                   "kong_cheng_ji": 4, "fu_di_chou_xin": 4, "mei_ren_ji": 5,
                   "qin_zei_qin_wang": 2}
UNKNOWN_INT = 6.5
UNKNOWN_FORCE = 6.5


def _me(view: dict, seat: int) -> dict:
    return view["players"][seat]


def _hand(view: dict, seat: int) -> list[str]:
    return [c["id"] for c in _me(view, seat).get("hand", [])]


def _my_int(view: dict, seat: int) -> float:
    advisor = _me(view, seat)["advisor"]
    return advisor["intelligence"] if advisor and "intelligence" in advisor else UNKNOWN_INT


def _their_int(view: dict, seat: int) -> float:
    advisor = view["players"][seat]["advisor"]
    return advisor["intelligence"] if advisor and "intelligence" in advisor else UNKNOWN_INT


def _lords(view: dict, seat: int) -> set[str]:
    return {lord.get("id", "") for lord in view["players"][seat]["lords"]}


def card_value(view: dict, seat: int, card: str) -> float:
    """How much a game card is worth keeping, given the seat's hand and coins."""
    hand = _hand(view, seat)
    kind = kind_of(card)
    if kind == "city":
        city = DATA.cities[card]
        affordable = _me(view, seat)["coins"] + 3 >= city["cost"]
        return city["points"] / 2 + (2 if affordable else 0)
    if kind == "general":
        generals = sum(kind_of(c) == "general" for c in hand)
        return DATA.generals[card]["force"] / 2 + (4 if generals == 0 else 0)
    return STRATAGEM_VALUE[key_of(card)]


def _attack_odds(view: dict, seat: int, city: str) -> float:
    """A rough margin: my best attacking force against the defender plus the walls."""
    generals = [c for c in _hand(view, seat) if kind_of(c) == "general"]
    if not generals:
        return -10
    mine = max(DATA.generals[g]["force"] for g in generals)
    if "lord:zhang_jiao" in _lords(view, seat):
        mine += 2
    for p in view["players"]:
        for entry in p["cities"]:
            if entry["card"]["id"] != city:
                continue
            defender = entry["defender"]
            theirs = defender.get("force", UNKNOWN_FORCE)
            if "lord:ma_teng" in _lords(view, p["seat"]):
                theirs += 2
            walls = entry["card"]["walls"] + ("lord:sun_quan" in _lords(view, p["seat"]))
            return min(mine, RULES["force_max"]) - min(theirs, RULES["force_max"]) - walls
    return -10


def _play_score(view: dict, seat: int, card: str) -> float:
    key = key_of(card)
    smart = _my_int(view, seat) >= 8
    contest_keys = {"shun_shou_qian_yang": 12, "cao_chuan_jie_jian": 10,
                    "long_luo_zhi_ji": 6, "an_sha_ji": 4}
    if key in contest_keys:
        return contest_keys[key] if smart else -3
    return {"hun_shui_mo_yu": 30, "yi_shi_er_niao": 25, "pao_zhuan_yin_yu": 12,
            "tao_yuan_jie_yi": 10}[key]


def _main_score(view: dict, seat: int, action: Action) -> float:
    kind = action.kind
    if kind == "build":
        return 100 + DATA.cities[action.word()]["points"]
    if kind == "play":
        return _play_score(view, seat, action.word())
    if kind == "attack":
        margin = _attack_odds(view, seat, action.word())
        return 50 + DATA.cities[action.word()]["points"] + margin if margin >= 3 else -10
    if kind == "liubei":
        return 20
    if kind in ("yuanshu", "luoyang"):
        rich = sum(min(p["coins"], 2 if kind == "yuanshu" else 1)
                   for p in view["players"] if p["seat"] != seat)
        return rich - (2 if kind == "luoyang" else 4)
    return 0.0


def _choice_score(view: dict, seat: int, action: Action) -> float:
    kind = action.kind
    if kind == "paydraw":
        return 1 if _me(view, seat)["coins"] >= 14 else -5
    if not action.args:
        return 0.0
    if kind == "extra":
        return -action.number()
    if kind in ("target", "guess", "amount", "stratagem", "defend"):
        return _target_score(view, seat, action)
    return _card_choice_score(view, seat, kind, action.word())


def _card_choice_score(view: dict, seat: int, kind: str, arg: str) -> float:
    """A choice naming one card (or `none`, or a deck)."""
    if kind in ("draft", "keep"):
        return card_value(view, seat, arg)
    if kind == "lord":
        return LORD_VALUE.get(arg, 0)
    if kind == "advisor":
        card = DATA.advisors[arg]
        contests = sum(DATA.stratagems[c]["contest"] for c in _hand(view, seat)
                       if kind_of(c) == "stratagem")
        return card["payout"] + card["intelligence"] * (0.2 + 0.3 * contests)
    if kind in ("station", "general"):
        return DATA.generals[arg]["force"]
    if kind == "discard":
        return -card_value(view, seat, arg)
    if kind == "take":
        return 0 if arg == "none" else DATA.generals[arg]["force"]
    if kind == "deck":
        needs = not any(kind_of(c) == "city" for c in _hand(view, seat))
        return 1 if (arg == "city_general") == needs else 0
    return 0.0


def _target_score(view: dict, seat: int, action: Action) -> float:
    kind, arg = action.kind, action.args[0]
    if kind == "target" and isinstance(arg, int):  # a seat, typed 1-based
        other = view["players"][arg - 1]
        return (_my_int(view, seat) - _their_int(view, arg - 1)) + other["coins"] / 3
    if kind == "target":
        return DATA.cities[action.word()]["points"]
    if kind == "guess":
        return -abs(action.number() - 7)
    if kind == "amount":
        return -abs(action.number() - min(12, _me(view, seat)["coins"]))
    return 0 if arg == "none" else STRATAGEM_VALUE[key_of(action.word())]


def action_score(view: dict[str, Any], seat: int, action: Action) -> float:
    if action.kind in ("build", "play", "attack", "liubei", "yuanshu", "luoyang", "end"):
        return _main_score(view, seat, action)
    return _choice_score(view, seat, action)
