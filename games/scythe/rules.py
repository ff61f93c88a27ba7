"""The fixed ids and numbers of Scythe that the rulebook states (spec S0-S21).

Board geometry, faction and player-mat values live in `data/board.json` (the spec's
`scythe-board.json`, loaded and validated by `board.py`); card texts live in the other data
files. This module holds only the small vocabulary every other module shares, so no module
spells an id of its own."""

from __future__ import annotations

FACTIONS = ("nordic", "rusviet", "crimea", "saxony", "polania")  # clockwise seating, S3.8
MATS = ("industrial", "engineering", "patriotic", "mechanical", "agricultural")  # numbers 1-5
RESOURCES = ("wood", "oil", "food", "metal")
TOP_ACTIONS = ("move", "bolster", "trade", "produce")
BOTTOM_ACTIONS = ("upgrade", "deploy", "build", "enlist")
BOTTOM_RESOURCE = {"upgrade": "oil", "deploy": "metal", "build": "wood", "enlist": "food"}
STRUCTURES = ("mine", "mill", "monument", "armory")
STRUCTURE_TOP_ACTION = {"mine": "move", "mill": "produce", "monument": "bolster",
                        "armory": "trade"}  # S12.3

# The six technology cubes start on these top-row boxes (S3.10, S6.5). Each box upgrades once.
TOP_BOXES = ("move_units", "move_coins", "bolster_power", "bolster_cards", "trade_popularity",
             "produce_territories")
TOP_BOX_VALUES = {  # box -> (base value, upgraded value)
    "move_units": (2, 3), "move_coins": (1, 2), "bolster_power": (2, 3),
    "bolster_cards": (1, 2), "trade_popularity": (1, 2), "produce_territories": (2, 3),
}
TRADE_RESOURCES = 2  # S6.3: not upgradable

# One-time recruit bonus spaces of the faction mat (S11.1) and ongoing bonuses (S11.2).
RECRUIT_SPACES = ("power", "coins", "popularity", "combat_cards")
RECRUIT_SPACE_GAIN = {"power": 2, "coins": 2, "popularity": 2, "combat_cards": 2}
ONGOING_BONUS = {"upgrade": ("power", 1), "deploy": ("coins", 1), "build": ("popularity", 1),
                 "enlist": ("combat_cards", 1)}

# Unit ids inside a player's "units" map (docs/scythe-engine.md).
CHARACTER = "character"
WORKERS = 8
MECHS = 4

# Tracks (S1.5, A11) and combat (S13.5).
POWER_MAX = 16
POPULARITY_MAX = 18
DIAL_MAX = 7
COMBAT_DECK = {2: 16, 3: 12, 4: 8, 5: 6}  # value -> copies (S1.2)

# Stars (S17.1). Combat victories give up to 2 stars, an objective 1; Saxony has no limit on
# either (S9.4, objective stars are at most 2 because it holds 2 objectives).
STARS = ("upgrades", "mechs", "structures", "recruits", "workers", "objective", "combat",
         "popularity", "power")
STAR_LIMIT = {"combat": 2, "objective": 1}
STARS_TO_END = 6
UNLIMITED_STARS_FACTION = "saxony"

# Produce cost by workers off the mat, counted before producing (S6.4).
PRODUCE_COST: tuple[tuple[int, dict[str, int]], ...] = (
    (2, {}), (4, {"power": 1}), (6, {"power": 1, "popularity": 1}),
    (8, {"power": 1, "popularity": 1, "coins": 1}))

FACTORY_SECTION = 4  # the Factory card is a fifth section (S15.3); mat sections are 0-3
FACTORY_TERRITORY_VALUE = 3  # S19.4
