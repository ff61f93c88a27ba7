"""Realistic Record of the Three Kingdoms views (docs/record-view.md) built by hand.

The engine is written in parallel, so these fixtures stand in for `games.record.view`.
Each sample is first built omniscient (face-down things known), then turned into the
public view exactly as the engine must: face-down things become {"hidden": true}. The
names behind those markers are returned as secrets so tests can prove they are never drawn.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

LORDS = {  # id: (zh, en, ability_zh, ability_en, once per game)
    "cao_cao": ("曹操", "Cao Cao", "天命", "Mandate of Heaven", False),
    "liu_bei": ("劉備", "Liu Bei", "人和", "Support of the People", True),
    "sun_quan": ("孫權", "Sun Quan", "地利", "Advantage of Terrain", False),
    "yuan_shu": ("袁術", "Yuan Shu", "稱帝", "Proclaim Himself Emperor", True),
    "yuan_shao": ("袁紹", "Yuan Shao", "治政有方", "Able Governance", False),
    "dong_zhuo": ("董卓", "Dong Zhuo", "魔王降世", "The Demon King Descends", False),
    "zhang_jiao": ("張角", "Zhang Jiao", "黃天當立", "The Yellow Heaven Shall Rise", False),
    "ma_teng": ("馬騰", "Ma Teng", "忠誠勇猛", "Loyal and Valiant", False),
}
ADVISORS = {  # id: (zh, en, intelligence, payout)
    "zhang_bao": ("張寶", "Zhang Bao", 3, 4), "han_sui": ("韓遂", "Han Sui", 4, 3),
    "wang_yun": ("王允", "Wang Yun", 5, 3), "li_ru": ("李儒", "Li Ru", 6, 2),
    "tian_feng": ("田豐", "Tian Feng", 7, 2), "zhou_yu": ("周瑜", "Zhou Yu", 8, 1),
    "sima_yi": ("司馬懿", "Sima Yi", 9, 1), "zhuge_liang": ("諸葛亮", "Zhuge Liang", 10, 0),
}
GENERALS = {  # id: (zh, en, force, female)
    "liu_shan": ("劉禪", "Liu Shan", 3, False), "liao_hua": ("廖化", "Liao Hua", 4, False),
    "meng_huo": ("孟獲", "Meng Huo", 5, False), "ma_su": ("馬謖", "Ma Su", 5, False),
    "hua_xiong": ("華雄", "Hua Xiong", 5, False), "xiao_qiao": ("小喬", "Xiao Qiao", 5, True),
    "zhu_rong": ("祝融", "Zhurong", 6, True), "xu_huang": ("徐晃", "Xu Huang", 6, False),
    "gan_ning": ("甘寧", "Gan Ning", 6, False), "huang_gai": ("黃蓋", "Huang Gai", 7, False),
    "yan_liang": ("顏良", "Yan Liang", 7, False), "wei_yan": ("魏延", "Wei Yan", 7, False),
    "sun_shangxiang": ("孫尚香", "Sun Shangxiang", 7, True),
    "wen_chou": ("文醜", "Wen Chou", 8, False), "dian_wei": ("典韋", "Dian Wei", 8, False),
    "huang_zhong": ("黃忠", "Huang Zhong", 8, False),
    "taishi_ci": ("太史慈", "Taishi Ci", 8, False),
    "zhao_yun": ("趙雲", "Zhao Yun", 9, False), "zhang_fei": ("張飛", "Zhang Fei", 9, False),
    "guan_yu": ("關羽", "Guan Yu", 9, False), "lu_bu": ("呂布", "Lu Bu", 10, False),
}
STRATAGEMS = {  # id: (zh, en, type, contest)
    "pao_zhuan_yin_yu": ("拋磚引玉", "Toss a Brick to Attract Jade", "general", False),
    "hun_shui_mo_yu": ("混水摸魚", "Fish in Troubled Waters", "general", False),
    "yi_shi_er_niao": ("一石二鳥", "Two Birds with One Stone", "general", False),
    "shun_shou_qian_yang": ("順手牽羊", "Lead Away a Goat in Passing", "general", True),
    "cao_chuan_jie_jian": ("草船借箭", "Borrowing Arrows with Straw Boats", "general", True),
    "yi_yi_dai_lao": ("以逸待勞", "Await the Weary at Ease", "defence", False),
    "qin_zei_qin_wang": ("擒賊擒王", "To Catch Bandits, Catch the King", "attack", True),
    "fu_di_chou_xin": ("釜底抽薪", "Pull the Firewood from under the Cauldron", "attack", True),
    "kong_cheng_ji": ("空城計", "Empty Fort Ploy", "defence", True),
    "mei_ren_ji": ("美人計", "Beauty Trap", "attack", True),
}
CITIES = {  # id: (zh, en, size, cost, walls, tax, points)
    "tianshui": ("天水", "Tianshui", "small", 4, 1, 0, 4),
    "xiaopei": ("小沛", "Xiaopei", "small", 4, 1, 0, 4),
    "chaisang": ("柴桑", "Chaisang", "small", 4, 1, 0, 4),
    "changsha": ("長沙", "Changsha", "small", 4, 1, 0, 4),
    "xinye": ("新野", "Xinye", "medium", 6, 2, 1, 6),
    "xiangyang": ("襄陽", "Xiangyang", "medium", 6, 2, 1, 6),
    "jiangxia": ("江夏", "Jiangxia", "medium", 6, 2, 1, 6),
    "beihai": ("北海", "Beihai", "medium", 6, 2, 1, 6),
    "xuchang": ("許昌", "Xuchang", "large", 9, 3, 2, 9),
    "chengdu": ("成都", "Chengdu", "large", 9, 3, 2, 9),
    "jianye": ("建業", "Jianye", "large", 9, 3, 2, 9),
    "changan": ("長安", "Chang'an", "large", 9, 3, 2, 9),
    "luoyang": ("洛陽", "Luoyang", "capital", 12, 2, 0, 12),
}
NAMES = ["Alice", "Bartholomew the Unbelievably Verbose Strategist", "劉玄德", "Dmitri", "Eun-ji"]
TARGETS = {2: 6, 3: 6, 4: 4, 5: 3}


def lord(key: str, used: bool = False) -> dict:
    zh, en, ability_zh, ability_en, once = LORDS[key]
    return {"id": f"lord:{key}", "zh": zh, "en": en, "ability_zh": ability_zh,
            "ability_en": ability_en, "once_per_game": once, "used": used and once}


def advisor(key: str) -> dict:
    zh, en, intelligence, payout = ADVISORS[key]
    return {"id": f"advisor:{key}", "zh": zh, "en": en, "intelligence": intelligence,
            "payout": payout}


def general(key: str) -> dict:
    zh, en, force, female = GENERALS[key]
    return {"id": f"general:{key}", "kind": "general", "zh": zh, "en": en, "force": force,
            "female": female}


def stratagem(key: str, copy_no: int = 1) -> dict:
    zh, en, kind, contest = STRATAGEMS[key]
    return {"id": f"stratagem:{key}#{copy_no}", "kind": "stratagem", "zh": zh, "en": en,
            "type": kind, "contest": contest, "text_en": f"{en} (card text)"}


def city(key: str) -> dict:
    zh, en, size, cost, walls, tax, points = CITIES[key]
    return {"id": f"city:{key}", "kind": "city", "zh": zh, "en": en, "size": size,
            "cost": cost, "walls": walls, "tax": tax, "points": points}


def holding(city_key: str, general_key: str, face_up: bool = False) -> dict:
    return {"card": city(city_key), "defender": general(general_key), "face_up": face_up}


LORD_ORDER = ["cao_cao", "liu_bei", "sun_quan", "yuan_shu", "ma_teng"]
ADVISOR_ORDER = ["sima_yi", "zhang_bao", "zhou_yu", "li_ru", "han_sui"]
HANDS = [
    [general("lu_bu"), stratagem("mei_ren_ji", 2), city("xinye")],
    [general("dian_wei"), stratagem("kong_cheng_ji", 1)],
    [stratagem("yi_yi_dai_lao", 3), general("liao_hua"), city("changsha"), city("beihai")],
    [general("huang_gai")],
    [stratagem("hun_shui_mo_yu", 2), stratagem("fu_di_chou_xin", 1)],
]


def player(seat: int, *, cities: list[dict] | None = None, coins: int = 5,
           advisor_up: bool = False, lords_revealed: bool = True, bonus: int = 0,
           lord_used: bool = False) -> dict:
    """An omniscient player: everything known, plus flags saying what is face down."""
    return {
        "seat": seat, "lords": [lord(LORD_ORDER[seat], lord_used)],
        "lords_revealed": lords_revealed, "advisor": advisor(ADVISOR_ORDER[seat]),
        "advisor_up": advisor_up, "coins": coins, "hand": copy.deepcopy(HANDS[seat]),
        "cities": cities or [], "bonus": bonus,
        "used": {"build": False, "general": False, "attack": False},
    }


def base(n: int, *, round_no: int, phase: str, step: str, players: list[dict],
         active: int | None = None, to_act: list[int] | None = None,
         advanced: bool = False) -> dict:
    return {
        "game": "record", "round": round_no, "phase": phase, "step": step,
        "start_player": (round_no + 1) % n, "active": active,
        "to_act": to_act if to_act is not None else ([] if active is None else [active]),
        "target": TARGETS[n], "bonus_value": 8 if advanced and n == 5 else 10,
        "end_triggered": False, "end_reason": None, "first_to_target": None,
        "options": {"advanced": advanced, "two_player_lords": False},
        "decks": {"game": None if advanced else 38, "stratagem": 17 if advanced else None,
                  "city_general": 9 if advanced else None, "discard": 14, "advisor": 8 - n,
                  "battle": 22},
        "discard_top": [stratagem("hun_shui_mo_yu", 1), general("liu_shan"),
                        stratagem("fu_di_chou_xin", 2), city("tianshui"),
                        stratagem("cao_chuan_jie_jian", 1)],
        "players": players, "battle": None, "last_battle": None,
    }


def public_view(full: dict, seat: int | None = None) -> dict:
    """What `view(state, seat)` returns: face-down things hidden from everyone else."""
    view = copy.deepcopy(full)
    for p in view["players"]:
        own = p["seat"] == seat
        if not p.pop("lords_revealed") and not own:
            p["lords"] = [{"hidden": True} for _ in p["lords"]]
        up = p.pop("advisor_up")
        if p["advisor"] is not None:
            if own:
                p["advisor"]["face_up"] = up
            elif not up:
                p["advisor"] = {"hidden": True}
        p["hand_size"] = len(p["hand"])
        p["points"] = points(p)
        if not own:
            del p["hand"]
        for c in p["cities"]:
            if not c["face_up"] and not own:
                c["defender"] = {"hidden": True}
    return view


def points(p: dict) -> int:
    """City points plus bonus, as the engine's view carries them."""
    return sum(c["card"]["points"] for c in p["cities"]) + p["bonus"]


def secrets(full: dict, seat: int | None = None) -> set[str]:
    """English and Chinese names that only face-down cards carry (hidden from `seat`)."""
    hidden: set[str] = set()
    for p in full["players"]:
        if p["seat"] == seat:
            continue
        cards = [c["defender"] for c in p["cities"] if not c["face_up"]] + p["hand"]
        if not p["lords_revealed"]:
            cards += p["lords"]
        if not p["advisor_up"] and p["advisor"] is not None:
            cards.append(p["advisor"])
        for card in cards:
            hidden.update((card["zh"], card["en"]))
    return hidden - visible_names(full, seat)


def visible_names(full: dict, seat: int | None) -> set[str]:
    """Names also shown face up somewhere (a copy in the discard pile is not a secret)."""
    shown = {c["en"] for c in full["discard_top"]} | {c["zh"] for c in full["discard_top"]}
    for p in public_view(full, seat)["players"]:
        for c in p["cities"]:
            shown.update((c["card"]["zh"], c["card"]["en"]))
            if not c["defender"].get("hidden"):
                shown.update((c["defender"]["zh"], c["defender"]["en"]))
    return shown


# ---- table samples (omniscient; each takes the player count) ----

CITY_PLAN = [  # (city, defender, face up) dealt round-robin to the players
    ("xuchang", "zhao_yun", False), ("xinye", "gan_ning", True), ("changan", "wen_chou", False),
    ("chaisang", "xiao_qiao", False), ("luoyang", "guan_yu", True),
    ("jiangxia", "huang_zhong", False), ("tianshui", "ma_su", True),
    ("chengdu", "zhang_fei", False), ("xiangyang", "xu_huang", False),
    ("jianye", "taishi_ci", True), ("xiaopei", "meng_huo", False),
    ("changsha", "wei_yan", False), ("beihai", "yan_liang", True),
]


def deal_cities(n: int, count: int) -> list[list[dict]]:
    """Deal the first `count` cities of CITY_PLAN round-robin, heaviest first."""
    hands: list[list[dict]] = [[] for _ in range(n)]
    for k, (c, g, up) in enumerate(CITY_PLAN[:count]):
        hands[k % n].append(holding(c, g, up))
    return hands


def start_phase(n: int) -> dict:
    """Round 0, the draft: every lord still face down, 2 coins each."""
    players = [player(s, coins=2, lords_revealed=False) for s in range(n)]
    for p in players:  # advisors are only chosen in round 1
        p["advisor"] = None
    view = base(n, round_no=0, phase="draft", step="pick 3 of 5", players=players,
                to_act=list(range(n)))
    view["discard_top"] = []
    view["decks"].update(discard=0, advisor=8)
    return view


def mid_game(n: int) -> dict:
    """Round 4, an action in progress: some defenders face up, one contest revealed."""
    cities = deal_cities(n, 2 * n)
    players = [player(s, cities=cities[s], coins=3 + 2 * s, advisor_up=s in (0, 2),
                      lord_used=s == 1) for s in range(n)]
    players[1]["used"] = {"build": True, "general": True, "attack": False}
    return base(n, round_no=4, phase="actions", step="main", players=players, active=1)


def late_game(n: int) -> dict:
    """Advanced decks, every city in play, end triggered, the first-to-target bonus won."""
    cities = deal_cities(n, len(CITY_PLAN))
    players = [player(s, cities=cities[s], coins=11 - s, advisor_up=True, lord_used=True)
               for s in range(n)]
    view = base(n, round_no=9, phase="actions", step="draw", players=players, active=n - 1,
                advanced=True)
    players[0]["bonus"] = view["bonus_value"]
    view.update(end_triggered=True, end_reason="target", first_to_target=0)
    return view


def attack_in_progress(n: int) -> dict:
    """The defender is choosing a defence stratagem; the attack cards are face down."""
    view = mid_game(n)
    view["step"] = "defence"
    view["to_act"] = [0]
    view["battle"] = battle_before_reveal()
    return view


def battle_finished(n: int) -> dict:
    """After a successful attack: the battle image has its lanes."""
    view = mid_game(n)
    view["step"] = "main"
    view["last_battle"] = battle_with_lanes()
    return view


def game_over(n: int) -> dict:
    view = late_game(n)
    view.update(phase="over", step="final scoring", active=None, to_act=[])
    ranked = sorted(view["players"], key=lambda p: (-points(p), -p["coins"], p["seat"]))
    view["result"] = {"scores": [{"seat": p["seat"], "total": points(p)} for p in ranked],
                      "winners": [ranked[0]["seat"]]}
    return view


TABLE_SAMPLES: dict[str, Callable[[int], dict]] = {
    "start": start_phase, "mid": mid_game, "late": late_game,
    "attack": attack_in_progress, "battle_done": battle_finished, "over": game_over,
}

# ---- battle samples (public form; the attacker is seat 1, the defender seat 0) ----


def _battle(**changes: object) -> dict:
    b = {"attacker": 1, "defender": 0, "city": city("xuchang"), "walls": 3,
         "attacker_general": None, "defender_general": None, "attack_stratagem": None,
         "defence_stratagem": None, "contests": [], "forces": None, "force_steps": None,
         "lanes": None, "outcome": None, "beheaded": None}
    b.update(changes)
    return b


def battle_before_reveal() -> dict:
    """Secrets: the attacker's Lu Bu, the defender's Zhao Yun and both stratagems."""
    return _battle(attacker_general={"hidden": True}, defender_general={"hidden": True},
                   attack_stratagem={"hidden": True})


def battle_arranging() -> dict:
    return _battle(attacker_general=general("lu_bu"), defender_general=general("zhao_yun"),
                   attack_stratagem=stratagem("fu_di_chou_xin", 1),
                   defence_stratagem=stratagem("yi_yi_dai_lao", 2),
                   contests=[{"card": "stratagem:fu_di_chou_xin#1", "user": 1, "opponent": 0,
                              "user_int": 4, "opponent_int": 9, "success": False}],
                   forces={"attacker": 10, "defender": 11},
                   force_steps={"attacker": [10], "defender": [9, 11]})


def battle_with_lanes() -> dict:
    return _battle(attacker_general=general("lu_bu"), defender_general=general("zhao_yun"),
                   attack_stratagem=stratagem("mei_ren_ji", 1), defence_stratagem=None,
                   contests=[{"card": "stratagem:mei_ren_ji#1", "user": 1, "opponent": 0,
                              "user_int": 9, "opponent_int": 3, "success": True}],
                   forces={"attacker": 11, "defender": 5},
                   force_steps={"attacker": [10, 11], "defender": [9, 3, 5]},
                   lanes=[{"position": "front", "attacker": 21, "defender": 15,
                           "defender_value": 18, "winner": "attacker"},
                          {"position": "middle", "attacker": 19, "defender": 16,
                           "defender_value": 19, "winner": None},
                          {"position": "rear", "attacker": 22, "defender": 12,
                           "defender_value": 15, "winner": "attacker"}],
                   outcome="success")


def battle_beheading() -> dict:
    b = battle_with_lanes()
    b["lanes"][1].update(attacker=20, winner="attacker")
    b["beheaded"] = "defender"
    return b


def battle_empty_fort() -> dict:
    return _battle(attacker_general=general("zhang_fei"), defender_general=general("xu_huang"),
                   attack_stratagem=None, defence_stratagem=stratagem("kong_cheng_ji", 3),
                   contests=[{"card": "stratagem:kong_cheng_ji#3", "user": 0, "opponent": 1,
                              "user_int": 10, "opponent_int": 8, "success": True}],
                   outcome="empty_fort")


def battle_killed() -> dict:
    return _battle(city=city("luoyang"), walls=2, attacker_general=general("wei_yan"),
                   defender_general=general("guan_yu"),
                   attack_stratagem=stratagem("qin_zei_qin_wang", 1),
                   contests=[{"card": "stratagem:qin_zei_qin_wang#1", "user": 1,
                              "opponent": 0, "user_int": 7, "opponent_int": 5,
                              "success": True}],
                   outcome="killed")


BATTLE_SAMPLES: dict[str, Callable[[], dict]] = {
    "before_reveal": battle_before_reveal, "arranging": battle_arranging,
    "lanes": battle_with_lanes, "beheading": battle_beheading,
    "empty_fort": battle_empty_fort, "killed": battle_killed,
}
BATTLE_SECRETS = {"before_reveal": {"呂布", "Lu Bu", "趙雲", "Zhao Yun", "美人計", "Beauty Trap"}}


def table(kind: str, n: int, seat: int | None = None) -> dict:
    """The view of sample `kind` for n players as seen by `seat` (None: public)."""
    return public_view(TABLE_SAMPLES[kind](n), seat)
