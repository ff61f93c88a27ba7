"""The fixed numbers and names of Three Kingdoms Redux that the rulebook states (spec R1-R12).

Everything a data pack may replace (generals, state development cards, frontier regions,
recruit counts) lives in `data/designed.json` instead; this module holds only what no pack
changes, so every other module imports its ids from here and never spells them itself."""

from __future__ import annotations

NATIONS = ("wei", "wu", "shu")  # seat order under the option nations=join, and R8.2.3 priority
NATION_NAMES = {"wei": "Wei 魏", "wu": "Wu 吳", "shu": "Shu 蜀"}
RULERS = {"wei": "wei.cao_cao", "wu": "wu.sun_jian", "shu": "shu.liu_bei"}
FINAL_TIE_PRIORITY = ("shu", "wu", "wei")  # R12.10.3: Shu beats Wu, Wu beats Wei

# -- actions (R7.3) ------------------------------------------------------------------------
# id -> (English name, Korean name, criterion kind). Criterion kinds: "admin", "combat",
# "alternating" (the criterion marker decides), "battle" (Combat + units), "tribal" (no bid).
ACTIONS: dict[str, tuple[str, str, str]] = {
    "farm": ("Develop Farm or Harvest", "농장 개발 혹은 수확", "admin"),
    "market": ("Develop Market or Collect Tax", "시장 개발 혹은 세금 징수", "admin"),
    "trade": ("Trade Rice and/or Weapons", "쌀 거래 그리고/혹은 무기 거래", "admin"),
    "instructor": ("Hire Instructor and/or Import Technology", "교관 고용 그리고/혹은 기술 수입",
                   "admin"),
    "build": ("Build State Development", "국가 발전 건설", "admin"),
    "spear_horse": ("Produce Spears/Horses", "창/말 생산", "combat"),
    "crossbow_ship": ("Produce Crossbows/Ships", "석궁/배 생산", "combat"),
    "recruit": ("Recruit Armies", "군대 모집", "combat"),
    "train": ("Train Armies", "군대 훈련", "combat"),
    "tribute": ("Demand Tribute", "공물 요구", "combat"),
    "support": ("Gain Support", "지지도 얻기", "alternating"),
    "emperor": ("Manipulate Han Emperor", "한나라 황제 조종", "alternating"),
    "battle_shu_wei": ("Battle (Shu-Wei border)", "전투 (촉-위 국경)", "battle"),
    "battle_shu_wu": ("Battle (Shu-Wu border)", "전투 (촉-오 국경)", "battle"),
    "battle_wei_wu": ("Battle (Wei-Wu border)", "전투 (위-오 국경)", "battle"),
    "xiongnu": ("Xiongnu tribal friendship (Wei)", "흉노 부족 우호도", "tribal"),
    "shanyue": ("Shanyue tribal friendship (Wu)", "산월 부족 우호도", "tribal"),
    "nanman": ("Nanman tribal friendship (Shu)", "남만 부족 우호도", "tribal"),
}
GENERAL_ACTIONS = tuple(a for a in ACTIONS if ACTIONS[a][2] in ("admin", "combat", "alternating"))
ALLIANCE_ELIGIBLE = tuple(a for a in GENERAL_ACTIONS if a not in ("support", "emperor"))  # R7.2.4
BORDERS = {"shu_wei": ("shu", "wei"), "shu_wu": ("shu", "wu"), "wei_wu": ("wei", "wu")}
BATTLE_OF_BORDER = {b: f"battle_{b}" for b in BORDERS}
TRIBAL_OF_NATION = {"wei": "xiongnu", "wu": "shanyue", "shu": "nanman"}
TRIBE_START = {"wei": 5, "wu": 6, "shu": 7}  # R3.G
TRIBE_MIN, TRIBE_MAX = 1, 12
TRIBE_BONUS = {9: 1, 10: 2, 11: 3, 12: 4}  # R12.5.3 (8 or less: 0)
TRIBE_REWARD_RICE = 2  # R8.4.14.3: pay 2 rice for 1 support token at 12

# -- units and weapons (R5.5) --------------------------------------------------------------
UNIT_WEAPON = {"archer": "crossbow", "cavalry": "horse", "infantry": "spear", "navy": "ship"}
WEAPONS = ("spear", "horse", "crossbow", "ship")

# -- setup (R3) ----------------------------------------------------------------------------
START = {  # R3.J, R3.K, R3.L
    "wei": {"gold": 3, "rice": 3, "support": 0, "separation": 1, "union": 3, "draw": 6, "pick": 4},
    "wu": {"gold": 4, "rice": 4, "support": 1, "separation": 2, "union": 3, "draw": 6, "pick": 3},
    "shu": {"gold": 5, "rice": 5, "support": 2, "separation": 3, "union": 3, "draw": 6, "pick": 2},
}
RECRUIT_ROUNDS = (3, 5, 9)  # R7.1.1; how many each nation picks comes from the data pack (G7)
RECRUIT_EXTRA_DRAW = 2  # R7.1.2: cards drawn = cards chosen + 2
LAST_ROUND = 12
DEVELOPMENT_MAX = 5  # farm and market levels, 5 tokens each (R3.F)

# -- limited components (A17): the general supply at the start ------------------------------
SUPPLY = {"spear": 12, "horse": 15, "crossbow": 15, "ship": 15, "armies": 40, "support": 15,
          "farm": 5, "market": 5, "frontier": 15}

# -- resolution yields (R8.4) --------------------------------------------------------------
HARVEST_RICE = 5  # per developed farm token removed (R8.4.1.2)
TAX_GOLD = 4  # per developed market token removed (R8.4.2.2)
RICE_LOT, RICE_LOTS_MAX = 4, 3  # A3: 4 rice per lot, at most 12 rice
WEAPON_LOT, WEAPON_LOTS_MAX = 3, 2  # A3: 3 weapons per lot, at most 6
TRADE_RATES = {  # gold per lot; option trade_rates (A2): "spread" (default) or "literal"
    "spread": {"rice_buy": 5, "rice_sell": 3, "weapon_buy": 7, "weapon_sell": 5},
    "literal": {"rice_buy": 3, "rice_sell": 5, "weapon_buy": 5, "weapon_sell": 7},
}
HIRE_COST_RICE = 1  # R8.4.4.2
TRAIN_MAX = 2  # R8.4.4.2 and R8.4.9: flip up to 2 untrained armies
RECRUIT_ARMIES = 2  # R8.4.8
TRIBUTE_CHOICES = {  # R8.4.10
    "gold_gold": {"gold": 2}, "rice_rice": {"rice": 2}, "gold_rice": {"gold": 1, "rice": 1},
    "army": {"untrained": 1},
}
MANIPULATE_GOLD = 1  # R8.4.12.1

# -- offices (R12.6.4, G3): index = VP bonus; reaching the last ends the game ---------------
OFFICES = (("governor", "태수 Governor"), ("grand_general", "대장군 Grand General"),
           ("grand_commandant", "태위 Grand Commandant"), ("chancellor", "승상 Chancellor"),
           ("king", "왕 King"), ("emperor", "황제 Emperor"))
EMPEROR_OFFICE = len(OFFICES) - 1

# -- scoring (R12) -------------------------------------------------------------------------
BORDER_POINTS = {"win": 2, "tie": 1, "lose": 0}  # G1
DEFICIT_VP = -3  # R10.2
EMPEROR_TOKEN_VP = 2  # R12.7.1
OCCUPYING_GENERALS_END = 5  # R11.1.4
