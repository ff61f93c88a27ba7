"""A greedy heuristic for AI seats, judged from the seat's own view only (printed card data is
public knowledge): build whenever possible, attack when the odds look good, play cheap sure
stratagems, keep generals and cities, and prefer advisors that pay.

Coins only break ties (R20) and a card left in hand scores nothing, so the agent spends what
it does not need for its next build (its `surplus`): a rich seat attacks at worse odds, pays
more for 暗殺計 and the 7元 double draw, keeps a drawn city over a spare general, and plays a
鬥智 stratagem whose contest is likely won, or any once its hand is full of them. Without
this an agent with no city card ended games with 50+ coins and a dozen cards in hand."""

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
SURE_MARGIN = 3  # force margin (walls counted) wanted when coins are short: about 64% to win
RICH_MARGIN = -1  # with coins to spare an attack at about 40% is still worth its city
VERY_RICH_MARGIN = -3  # spare coins for two such attacks: about 30% is worth it too
CROWDED_HAND = 5  # cards in hand from which a doubtful 鬥智 stratagem is played anyway
SPARE_GENERALS = 2  # generals kept for building and attacking; more add little


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


def _cities_in_hand(view: dict, seat: int) -> list[str]:
    return [c for c in _hand(view, seat) if kind_of(c) == "city"]


def surplus(view: dict, seat: int) -> int:
    """Coins beyond the cheapest city in hand (the next build): what the seat can spend on
    anything else without delaying a build."""
    costs = [DATA.cities[c]["cost"] for c in _cities_in_hand(view, seat)]
    return _me(view, seat)["coins"] - min(costs, default=0)


def card_value(view: dict, seat: int, card: str) -> float:
    """How much a game card is worth keeping, given the seat's hand and coins: a city the seat
    can pay for is worth more when it holds none (coins turn into points only by cities);
    a general less when the hand already holds enough of them."""
    hand = _hand(view, seat)
    kind = kind_of(card)
    if kind == "city":
        city = DATA.cities[card]
        affordable = _me(view, seat)["coins"] + 3 >= city["cost"]
        first = affordable and not _cities_in_hand(view, seat)
        return city["points"] / 2 + (2 if affordable else 0) + (3 if first else 0)
    if kind == "general":
        generals = sum(kind_of(c) == "general" for c in hand)
        spare = max(0, generals - SPARE_GENERALS)
        return DATA.generals[card]["force"] / 2 + (4 if generals == 0 else 0) - spare
    return STRATAGEM_VALUE[key_of(card)]


def contest_odds(view: dict, seat: int, other: int | None = None) -> float:
    """The chance of winning a contest (R9.5.2: strictly greater intelligence): certain
    either way against a face-up advisor, else the share of the other advisors this seat's
    advisor beats."""
    mine = _my_int(view, seat)
    known = view["players"][other]["advisor"] if other is not None else None
    if known and "intelligence" in known:
        return 1.0 if mine > known["intelligence"] else 0.0
    others = [a["intelligence"] for a in DATA.advisors.values() if a["intelligence"] != mine]
    return sum(i < mine for i in others) / len(others)


def _stratagem_edge(view: dict, seat: int, defender: int, theirs: float) -> float:
    """What the best Attack stratagem in hand is expected to take off the defender's force
    (R12.3: 釜底抽薪 -3, 美人計 down to 3), weighed by the contest's odds."""
    keys = {key_of(c) for c in _hand(view, seat) if kind_of(c) == "stratagem"}
    cut = max([3.0] * ("fu_di_chou_xin" in keys) + [theirs - 3] * ("mei_ren_ji" in keys),
              default=0.0)
    return max(0.0, cut) * contest_odds(view, seat, defender)


def _attack_need(view: dict, seat: int, city: str) -> int:
    """The force margin an attack needs: less the more coins are left after its war expense
    (R11.2) beyond the next build."""
    spare = surplus(view, seat) - DATA.cities[city]["cost"]
    if spare >= DATA.cities[city]["cost"]:
        return VERY_RICH_MARGIN
    return RICH_MARGIN if spare >= 0 else SURE_MARGIN


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
            theirs -= _stratagem_edge(view, seat, p["seat"], theirs)
            return min(mine, RULES["force_max"]) - min(theirs, RULES["force_max"]) - walls
    return -10


def _play_score(view: dict, seat: int, card: str) -> float:
    """A 鬥智 stratagem is played when its contest is likely won, or when the hand is crowded
    (a card kept to the end scores nothing; a failed one costs only itself, R9.3)."""
    key = key_of(card)
    contest_keys = {"shun_shou_qian_yang": 12, "cao_chuan_jie_jian": 10,
                    "long_luo_zhi_ji": 6, "an_sha_ji": 4}
    if key in contest_keys:
        odds = contest_odds(view, seat)
        crowded = len(_hand(view, seat)) >= CROWDED_HAND
        return contest_keys[key] * odds if odds >= 0.5 or crowded else -3
    return {"hun_shui_mo_yu": 30, "yi_shi_er_niao": 25, "pao_zhuan_yin_yu": 12,
            "tao_yuan_jie_yi": 10}[key]


def _main_score(view: dict, seat: int, action: Action) -> float:
    kind = action.kind
    if kind == "build":
        return 100 + DATA.cities[action.word()]["points"]
    if kind == "play":
        return _play_score(view, seat, action.word())
    if kind == "attack":
        city = action.word()
        margin = _attack_odds(view, seat, city)
        if margin < _attack_need(view, seat, city):
            return -10
        return 50 + DATA.cities[city]["points"] + margin
    if kind == "liubei":
        return 20
    if kind in ("yuanshu", "luoyang"):
        rich = sum(min(p["coins"], 2 if kind == "yuanshu" else 1)
                   for p in view["players"] if p["seat"] != seat)
        return rich - (2 if kind == "luoyang" else 4)
    return 0.0


def _choice_score(view: dict, seat: int, action: Action) -> float:
    kind = action.kind
    if kind == "paydraw":  # A3: 7元 for two cards, worth it when the coins are spare
        return 1 if surplus(view, seat) >= 7 else -5
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
    if kind == "amount":  # 暗殺計: X ≥ the drawn battle card (1-22); spare coins raise it
        spend = max(min(12, _me(view, seat)["coins"]), min(22, surplus(view, seat)))
        return -abs(action.number() - spend)
    return 0 if arg == "none" else STRATAGEM_VALUE[key_of(action.word())]


def action_score(view: dict[str, Any], seat: int, action: Action) -> float:
    if action.kind in ("build", "play", "attack", "liubei", "yuanshu", "luoyang", "end"):
        return _main_score(view, seat, action)
    return _choice_score(view, seat, action)
