"""Hand-built Three Kingdoms Redux views (docs/redux-engine.md, "The view") for the renderer.

Four moments of a game: round 1 bidding in progress, a resolution with winners, a late game
with occupations and deficits, and a finished game with its result. Each is built as the
view of seat 0 (own fields present), and `public_view` strips the own-only fields exactly as
the engine's `view(state, None)` must. The own fields carry marker strings (SECRETS) so tests
can prove a public image never draws them.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from games.redux.rules import ACTIONS, NATION_NAMES, OFFICES

NAMES = ["Alice", "Bartholomew the Unbelievably Verbose Strategist", "劉玄德"]
NATIONS = ("wei", "wu", "shu")
OWN_FIELDS = ("hand", "drawn", "picking", "hidden")
SECRET_HAND = "Secret Hand Card Zeta"
SECRET_PICK = "Secret Pick Omega"
SECRET_DRAWN = "Secret Drawn Sigma"
SECRETS = {SECRET_HAND, SECRET_PICK, SECRET_DRAWN}

GENERALS = {  # id: (name, admin, combat, leadership, officer, specialties, ruler)
    "wei.cao_cao": ("Cao Cao", 5, 4, 2, "military", ["cavalry"], True),
    "wei.jia_xu": ("Jia Xu", 5, 2, 1, "civil", ["archer"], False),
    "wei.xun_you": ("Xun You", 4, 1, 1, "civil", ["infantry"], False),
    "wei.cao_ren": ("Cao Ren", 2, 4, 2, "military", ["navy", "infantry"], False),
    "wei.xiahou_dun": ("Xiahou Dun", 1, 5, 2, "military", ["cavalry"], False),
    "wei.xu_chu": ("Xu Chu", 1, 5, 2, "military", ["infantry"], False),
    "wei.xu_huang": ("Xu Huang", 2, 4, 1, "military", ["infantry"], False),
    "wu.sun_jian": ("Sun Jian", 3, 5, 2, "military", ["navy"], True),
    "wu.lu_fan": ("Lü Fan", 4, 2, 1, "civil", ["navy"], False),
    "wu.zhou_yu": ("Zhou Yu", 5, 4, 2, "civil", ["navy", "archer"], False),
    "wu.gan_ning": ("Gan Ning", 1, 5, 2, "military", ["cavalry"], False),
    "wu.ling_cao": ("Ling Cao", 1, 3, 1, "military", ["navy"], False),
    "shu.liu_bei": ("Liu Bei", 4, 3, 2, "civil", ["infantry"], True),
    "shu.jiang_wei": ("Jiang Wei", 4, 4, 2, "military", ["archer"], False),
    "shu.jiang_wan": ("Jiang Wan", 5, 1, 1, "civil", ["infantry"], False),
    "shu.zhao_yun": ("Zhao Yun", 2, 5, 2, "military", ["cavalry", "infantry"], False),
    "shu.zhang_fei": ("Zhang Fei", 1, 5, 2, "military", ["cavalry"], False),
    "shu.ma_chao": ("Ma Chao", 1, 5, 2, "military", ["cavalry"], False),
    "shu.zhou_cang": ("Zhou Cang", 1, 3, 1, "military", ["infantry"], False),
}
REGIONS = {  # border: [(id, name, unit)]; the rulebook names 8, the rest are designed
    "shu_wei": [("qishan", "Qishan", "archer"), ("huarongdao", "Huarongdao", "infantry"),
                ("jieting", "Jieting", "infantry"), ("chencang", "Chencang", "cavalry"),
                ("wuzhang", "Wuzhang Plains", "archer")],
    "shu_wu": [("xiaoting", "Xiaoting", "archer"), ("baidicheng", "Baidicheng", "archer"),
               ("yidu", "Yidu", "navy"), ("gongan", "Gong'an", "cavalry"),
               ("jiangling", "Jiangling", "navy")],
    "wei_wu": [("chibi", "Chibi", "navy"), ("guangling", "Guangling", "cavalry"),
               ("hefei", "Hefei", "infantry"), ("ruxu", "Ruxu", "navy"),
               ("xiangyang", "Xiangyang", "archer")],
}
CARDS = {  # id: (name, deck, vp)
    "union.barter_house": ("Barter House", "union", 1),
    "union.watchtower": ("Watchtower", "union", 2),
    "separation.grand_canal": ("Grand Canal", "separation", 3),
    "union.granary_road": ("Granary Road", "union", 1),
}


def general(gid: str, status: str = "available") -> dict:
    name, admin, combat, leadership, officer, specialties, ruler = GENERALS[gid]
    return {"id": gid, "name": name, "admin": admin, "combat": combat, "leadership": leadership,
            "officer": officer, "specialties": specialties, "text": "", "ruler": ruler,
            "status": status}


def card(cid: str) -> dict:
    name, deck, vp = CARDS[cid]
    return {"id": cid, "deck": deck, "name": name, "cost": {"gold": 2},
            "vp": vp, "text": ""}


def bid(seq: int, seat: int, gid: str, value: int, units: dict | None = None, gold: int = 0,
        support: int = 0, emperor: bool = False, bonus: int = 0) -> dict:
    return {"seq": seq, "seat": seat, "general": gid, "general_name": GENERALS[gid][0],
            "value": value, "units": units, "gold": gold, "support": support,
            "emperor": emperor, "bonus": bonus}


def actions(criterion: dict, bids: dict[str, list[dict]], totals: dict[str, dict],
            leading: dict[str, list[int]], winners: dict[str, list[int]],
            flipped: dict | None = None) -> list[dict]:
    """Every action in rules order, each with its bids, side totals, leader and winners."""
    result = []
    for aid, (name, _ko, kind) in ACTIONS.items():
        crit = {"admin": "admin", "combat": "combat", "battle": "combat"}.get(kind)
        if aid == "support":
            crit = criterion["support"]
        elif aid == "emperor":
            crit = criterion["emperor"]
        result.append({"id": aid, "name": name, "kind": kind, "criterion": crit,
                       "bids": bids.get(aid, []), "totals": totals.get(aid, {}),
                       "leading": leading.get(aid, []), "winners": winners.get(aid, []),
                       "flipped": flipped if aid == "emperor" else None})
    return result


def regions(occupants: dict[str, dict]) -> list[dict]:
    return [{"id": rid, "name": name, "border": border, "unit": unit,
             "occupant": occupants.get(rid)}
            for border, rows in REGIONS.items() for rid, name, unit in rows]


def occupant(seat: int, gid: str, unit: str, count: int) -> dict:
    return {"seat": seat, "general": gid, "general_name": GENERALS[gid][0], "unit": unit,
            "count": count}


def player(seat: int, **fields: object) -> dict:
    """A player entry at the R3 starting values, changed by `fields`."""
    nation = NATIONS[seat]
    start = {"wei": (3, 3, 0, 5), "wu": (4, 4, 1, 6), "shu": (5, 5, 2, 7)}[nation]
    entry: dict[str, Any] = {  # a JSON-like view entry: values of many types
        "seat": seat, "nation": nation, "nation_name": NATION_NAMES[nation],
        "gold": start[0], "rice": start[1], "support": start[2],
        "armies": {"untrained": 0, "trained": 0},
        "weapons": {"spear": 0, "horse": 0, "crossbow": 0, "ship": 0},
        "farm": {"level": 0, "developed": 0}, "market": {"level": 0, "developed": 0},
        "granary": {"farms": 0, "frontiers": []}, "treasury": {"markets": 0, "frontiers": []},
        "tribal": start[3], "military": 0, "office": 0, "office_name": OFFICES[0][1],
        "deficits": 0, "hand_count": 4 + seat, "built": [], "generals": [],
        "hidden_count": 0, "deck_count": 17, "passed": False, "emperor_used": False,
        "successes": 0, "occupations": [], "stocks": {},
    }
    entry.update(fields)
    if "office" in fields:
        entry["office_name"] = OFFICES[int(entry["office"])][1]
    return entry


def base(round_no: int, step: str, criterion: dict, bid_order: list[int],
         alliance: str | None, previous: str | None) -> dict:
    return {
        "game": "redux", "round": round_no, "step": step, "to_act": [], "viewer": 0,
        "pack": {"name": "Designed by the game master team", "hash": "3f9a"},
        "options": {"nations": "join"}, "criterion": criterion, "bid_order": bid_order,
        "action_order": [],
        "alliance": {"action": alliance, "previous": previous, "allies": bid_order[1:],
                     "chooser": bid_order[2]},
        "emperor_holder": None, "turn": None, "actor": None,
        "decks": {"union": 12, "separation": 15},
        "supply": {"spear": 12, "horse": 15, "crossbow": 15, "ship": 15, "armies": 40,
                   "support": 12, "farm": 5, "market": 5},
        "draft": None, "doing": None, "result": None,
        "public": {"seq": 0, "winners": {}, "todo": {}, "manipulate_winner": None,
                   "end": None, "players": [
                       {"performed": [], "placed": [], "recruited_round": {},
                        "tribal_done": False, "reward_taken": False, "benefits": None,
                        "drawn_count": 0, "picking": 0} for _ in bid_order]},
    }


def with_secrets(view: dict, seat: int = 0) -> dict:
    """Give the viewer's entry own-only fields holding the marker strings."""
    p = view["players"][seat]
    p["hand"] = [{"id": "union.secret", "deck": "union", "name": SECRET_HAND,
                  "cost": {}, "vp": 9, "text": SECRET_HAND}]
    p["hidden"] = [dict(general("wei.xu_chu"), name=SECRET_PICK)]
    p["drawn"] = [dict(general("wei.xu_huang"), name=SECRET_DRAWN)]
    p["picking"] = 1
    return view


# ---- the four moments ----


def round1_bidding() -> dict:
    """Round 1: Shu chose Trade as the alliance action; Wu is placing its second general."""
    criterion = {"emperor": "combat", "support": "admin"}
    view = base(1, "bid", criterion, [0, 1, 2], "trade", None)
    view.update(turn=1, to_act=[1])
    bids = {"farm": [bid(1, 0, "wei.jia_xu", 5)],
            "trade": [bid(2, 1, "wu.lu_fan", 4), bid(3, 2, "shu.jiang_wan", 5, support=1)],
            "emperor": [bid(4, 0, "wei.cao_cao", 4, emperor=False)],
            "battle_shu_wei": [bid(5, 2, "shu.jiang_wei", 6, {"type": "archer", "count": 2})],
            "xiongnu": [bid(6, 0, "wei.xun_you", 1, gold=1)]}
    totals = {"farm": {"0": 5}, "trade": {"alliance": 10}, "emperor": {"0": 4},
              "battle_shu_wei": {"2": 6}, "xiongnu": {"0": 1}}
    leading = {"farm": [0], "trade": [1, 2], "emperor": [0], "battle_shu_wei": [2],
               "xiongnu": [0]}
    view["actions"] = actions(criterion, bids, totals, leading, {})
    view["regions"] = regions({})
    wei = ["wei.cao_cao", "wei.jia_xu", "wei.xun_you", "wei.cao_ren", "wei.xiahou_dun"]
    placed = {"wei.jia_xu", "wei.cao_cao", "wei.xun_you", "wu.lu_fan", "shu.jiang_wan",
              "shu.jiang_wei"}
    lineups = [wei, ["wu.sun_jian", "wu.lu_fan", "wu.zhou_yu", "wu.gan_ning"],
               ["shu.liu_bei", "shu.jiang_wei", "shu.jiang_wan"]]
    view["players"] = [player(s, generals=[general(g, "placed" if g in placed else "available")
                                           for g in lineup])
                       for s, lineup in enumerate(lineups)]
    view["players"][0]["gold"] = 2  # one gold went onto the Xiongnu action
    view["players"][2].update(support=1, armies={"untrained": 0, "trained": 0})  # on the bids
    return with_secrets(view)


def resolution() -> dict:
    """Round 2 after R8.1: winners known, Shu acts first and is choosing its harvest."""
    criterion = {"emperor": "admin", "support": "combat"}
    view = base(2, "resolve", criterion, [2, 0, 1], "build", "trade")
    view.update(actor=2, to_act=[2], action_order=[2, 0, 1], emperor_holder=None,
                doing={"action": "farm", "stage": "harvest"})
    bids = {"farm": [bid(1, 2, "shu.jiang_wan", 5), bid(4, 0, "wei.xun_you", 4)],
            "market": [bid(2, 0, "wei.jia_xu", 5)],
            "build": [bid(3, 0, "wei.cao_cao", 5), bid(5, 1, "wu.lu_fan", 4),
                      bid(6, 2, "shu.liu_bei", 4, bonus=1)],
            "emperor": [bid(7, 1, "wu.zhou_yu", 6, support=1)],
            "recruit": [bid(8, 1, "wu.gan_ning", 5)],
            "battle_wei_wu": [bid(9, 0, "wei.cao_ren", 6, {"type": "navy", "count": 2}),
                              bid(10, 1, "wu.sun_jian", 7, {"type": "navy", "count": 2})],
            "nanman": [bid(11, 2, "shu.jiang_wei", 2, {"type": "archer", "count": 2})]}
    totals = {"farm": {"2": 5, "0": 4}, "market": {"0": 5}, "build": {"alliance": 9, "2": 5},
              "emperor": {"1": 6}, "recruit": {"1": 5},
              "battle_wei_wu": {"0": 6, "1": 7}, "nanman": {"2": 2}}
    winners = {"farm": [2], "market": [0], "build": [0, 1], "emperor": [1], "recruit": [1],
               "battle_wei_wu": [1], "nanman": [2]}
    view["actions"] = actions(criterion, bids, totals, winners, winners)
    view["regions"] = regions({})
    view["players"] = [
        player(0, gold=5, rice=1, farm={"level": 1, "developed": 1}, successes=1,
               armies={"untrained": 1, "trained": 0},
               generals=[general(g, "placed" if g in ("wei.xun_you", "wei.jia_xu",
                                                      "wei.cao_cao", "wei.cao_ren")
                                 else "available")
                         for g in ("wei.cao_cao", "wei.jia_xu", "wei.xun_you", "wei.cao_ren",
                                   "wei.xiahou_dun")]),
        player(1, successes=3, support=0, market={"level": 1, "developed": 1},
               generals=[general(g, "placed" if g != "wu.ling_cao" else "available")
                         for g in ("wu.sun_jian", "wu.lu_fan", "wu.zhou_yu", "wu.gan_ning")]),
        player(2, successes=3, farm={"level": 2, "developed": 2}, rice=2,
               generals=[general(g, "placed" if g != "shu.zhou_cang" else "available")
                         for g in ("shu.liu_bei", "shu.jiang_wei", "shu.jiang_wan")]),
    ]
    return with_secrets(view)


def late_game() -> dict:
    """Round 10, bidding: seven regions occupied, deficits, harvested farms, built cards, a
    general flipped on Manipulate last round, Wu holding the Han Emperor token."""
    criterion = {"emperor": "combat", "support": "admin"}
    view = base(10, "bid", criterion, [1, 2, 0], "spear_horse", "instructor")
    view.update(turn=2, to_act=[2], emperor_holder=1)
    occupants = {"chibi": occupant(0, "wei.cao_ren", "navy", 2),
                 "huarongdao": occupant(0, "wei.xu_chu", "infantry", 2),
                 "guangling": occupant(0, "wei.xiahou_dun", "cavalry", 1),
                 "xiaoting": occupant(1, "wu.gan_ning", "archer", 2),
                 "ruxu": occupant(1, "wu.ling_cao", "navy", 1),
                 "qishan": occupant(2, "shu.jiang_wei", "archer", 2),
                 "gongan": occupant(2, "shu.zhang_fei", "cavalry", 2)}
    view["regions"] = regions(occupants)
    bids = {"support": [bid(1, 1, "wu.zhou_yu", 5, emperor=True)],
            "spear_horse": [bid(2, 2, "shu.zhao_yun", 5), bid(3, 0, "wei.cao_cao", 4),
                            bid(6, 1, "wu.lu_fan", 2)],
            "battle_shu_wu": [bid(4, 1, "wu.sun_jian", 8, {"type": "navy", "count": 2},
                                  support=1)],
            "tribute": [bid(5, 0, "wei.xu_huang", 4)]}
    totals = {"support": {"1": 6}, "spear_horse": {"alliance": 9, "1": 2},
              "battle_shu_wu": {"1": 8}, "tribute": {"0": 4}}
    leading = {"support": [1], "spear_horse": [2, 0], "battle_shu_wu": [1], "tribute": [0]}
    flipped = {"seat": 2, "general": "shu.jiang_wan", "general_name": "Jiang Wan"}
    view["actions"] = actions(criterion, bids, totals, leading, {}, flipped)
    view["players"] = [
        player(0, gold=1, rice=0, support=0, deficits=2, tribal=3, military=11, office=2,
               farm={"level": 4, "developed": 1}, market={"level": 2, "developed": 0},
               granary={"farms": 2, "frontiers": [{"region": "chibi", "vp": 1}]},
               treasury={"markets": 1, "frontiers": [{"region": "huarongdao", "vp": 1},
                                                     {"region": "guangling", "vp": 1}]},
               armies={"untrained": 3, "trained": 1}, hand_count=2, deck_count=9,
               weapons={"spear": 2, "horse": 1, "crossbow": 0, "ship": 0},
               built=[card("union.barter_house"), card("separation.grand_canal")],
               occupations=[{"general": g, "region": r, "border": b, "unit": u, "count": n}
                            for g, r, b, u, n in (("wei.cao_ren", "chibi", "wei_wu", "navy", 2),
                                                  ("wei.xu_chu", "huarongdao", "shu_wei",
                                                   "infantry", 2),
                                                  ("wei.xiahou_dun", "guangling", "wei_wu",
                                                   "cavalry", 1))],
               generals=[general("wei.cao_cao", "placed"), general("wei.jia_xu"),
                         general("wei.xun_you"), general("wei.cao_ren", "occupying"),
                         general("wei.xiahou_dun", "occupying"),
                         general("wei.xu_chu", "occupying"), general("wei.xu_huang", "placed")]),
        player(1, gold=9, rice=6, support=3, tribal=10, military=8, office=3,
               farm={"level": 2, "developed": 2}, market={"level": 5, "developed": 3},
               treasury={"markets": 2, "frontiers": [{"region": "xiaoting", "vp": 0},
                                                     {"region": "ruxu", "vp": 1}]},
               armies={"untrained": 0, "trained": 2}, emperor_used=True, hand_count=3,
               weapons={"spear": 0, "horse": 0, "crossbow": 1, "ship": 0},
               built=[card("union.watchtower")],
               occupations=[{"general": "wu.gan_ning", "region": "xiaoting", "border": "shu_wu",
                             "unit": "archer", "count": 2},
                            {"general": "wu.ling_cao", "region": "ruxu", "border": "wei_wu",
                             "unit": "navy", "count": 1}],
               generals=[general("wu.sun_jian", "placed"), general("wu.lu_fan", "placed"),
                         general("wu.zhou_yu", "placed"), general("wu.gan_ning", "occupying"),
                         general("wu.ling_cao", "occupying")]),
        player(2, gold=4, rice=11, support=4, tribal=12, military=9, office=1, deficits=1,
               farm={"level": 3, "developed": 0}, market={"level": 3, "developed": 3},
               granary={"farms": 1, "frontiers": [{"region": "qishan", "vp": 1},
                                                  {"region": "gongan", "vp": 1}]},
               armies={"untrained": 2, "trained": 3}, hand_count=5, deck_count=12,
               weapons={"spear": 1, "horse": 4, "crossbow": 2, "ship": 1},
               stocks={"shu.ma_chao": 2}, built=[card("union.granary_road")],
               occupations=[{"general": "shu.jiang_wei", "region": "qishan",
                             "border": "shu_wei", "unit": "archer", "count": 2},
                            {"general": "shu.zhang_fei", "region": "gongan", "border": "shu_wu",
                             "unit": "cavalry", "count": 2}],
               generals=[general("shu.liu_bei"), general("shu.jiang_wei", "occupying"),
                         general("shu.jiang_wan", "flipped"), general("shu.zhao_yun", "placed"),
                         general("shu.zhang_fei", "occupying"), general("shu.ma_chao"),
                         general("shu.zhou_cang")]),
    ]
    return with_secrets(view)


CATEGORY_ROWS = {  # the R12 categories; seat order Wei, Wu, Shu
    "military": (14, 16, 17), "border": (2, 3, 1), "frontier": (3, 1, 2),
    "development": (5, 0, 2), "security": (2, 0, 5), "tribal": (3, 4, 2), "office": (5, 2, 0),
    "office_bonus": (4, 3, 2), "emperor": (0, 0, 2), "cards": (4, 2, 6), "separation": (1, 0, 2),
    "deficits": (-6, 0, -3),
}


def finished() -> dict:
    """Round 12 over: the late game's board carried to the end, with the engine's result."""
    view = late_game()
    view.update(round=12, step="over", to_act=[], turn=None, actor=None, emperor_holder=2)
    for action in view["actions"]:
        action.update(bids=[], totals={}, leading=[], winners=[])
    for p in view["players"]:
        p["generals"] = [dict(g, status="occupying" if g["status"] == "occupying"
                              else "available") for g in p["generals"]]
    scores: list[dict[str, Any]] = [
        {"seat": s, "categories": {k: v[s] for k, v in CATEGORY_ROWS.items()},
         "tiebreak": [view["players"][s]["gold"] + view["players"][s]["rice"],
                      {0: 0, 1: 1, 2: 2}[s]]} for s in range(3)]
    for score in scores:
        score["total"] = sum(score["categories"].values())
    scores.sort(key=lambda s: (s["total"], s["tiebreak"]), reverse=True)
    view["result"] = {"scores": scores, "winners": [scores[0]["seat"]],
                      "reason": "round 12 was played",
                      "details": {"rounds": 12,
                                  "tiebreak": "gold + rice in supply, then Shu > Wu > Wei"}}
    return view


SAMPLES: dict[str, Callable[[], dict]] = {
    "round1_bidding": round1_bidding, "resolution": resolution, "late_game": late_game,
    "finished": finished,
}


def public_view(view: dict) -> dict:
    """What `view(state, None)` gives: no viewer, no own-only fields, no draft."""
    public = copy.deepcopy(view)
    public["viewer"] = None
    public["draft"] = None
    for p in public["players"]:
        for key in OWN_FIELDS:
            p.pop(key, None)
    return public
