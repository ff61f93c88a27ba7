"""A test named after every rule of combat's round (W18), the duel (W19), the pitched battle
(W20) and the stratagem (W21) that had none (issue 15). Each forces its rolls by name order
(games.core.chance.force) and reads the outcome from the engine: the state, the battle's
public record and the roll events with their modifiers.

The helpers here (the roll events read back, two stock battles) serve the other
test_wargame_rules_* files too."""

from __future__ import annotations

from typing import Any

from games.core.chance import force
from games.core.messages import Msg
from games.wargame.methods import METHODS
from tests.games.wargame.scenario import DATA, GAME, acting, keys, legal, seat_of
from tests.games.wargame.test_wargame_combat import army, by, put, rule

State = dict[str, Any]
# W30.1 as the spec prints it: 2d6 -> (method, N)
METHOD_TABLE = {2: ("keiryaku", 3), 3: ("ikki", 1), 4: ("keiryaku", 1), 5: ("kassen", 1),
                6: ("kassen", 2), 7: ("kassen", 3), 8: ("kassen", 2), 9: ("kassen", 1),
                10: ("keiryaku", 2), 11: ("ikki", 2), 12: ("ikki", 3)}


def _tail(term: Any) -> str:
    """The id at the end of a term's key (`wargame.nation.cao` -> `cao`)."""
    return str(term.key).rsplit(".", 1)[1]


def rolls(events: list, name: str) -> list[dict[str, Any]]:
    """The roll events of `wargame.roll.<name>`, read back: who rolled, how many dice, the
    faces, the total, the named modifiers, and the general the roll is for (if any)."""
    found = []
    for e in events:
        told = e.text
        if e.kind != "chance" or not isinstance(told, Msg) or told.key != "engine.roll_for":
            continue
        why = told.params["why"]
        if not isinstance(why, Msg) or why.key != f"wargame.roll.{name}":
            continue
        result = told.params["result"]
        assert isinstance(result, Msg)
        named: Any = result.params.get("modifiers", ())
        mods = {_tail(m.params["name"]): int(str(m.params["value"])) for m in named}
        gid = why.params.get("general")
        found.append({"by": _tail(told.params["who"]), "dice": told.params["dice"],
                      "faces": result.params["faces"], "total": result.params["total"],
                      "mods": mods, "general": _tail(gid) if gid else None,
                      "column": _tail(why.params["column"]) if "column" in why.params else None})
    return found


def record(state: State) -> dict[str, Any]:
    """The battle under way, else the last one fought (its public record)."""
    return state["battle"] or state["last_battle"]


def gentry_battle(gens: tuple[str, ...], faces: tuple[Any, ...], count: int = 6,
                  where: str = "chen", gozoku: int = 8, **options: Any) -> tuple[State, list]:
    """曹操 invades the 豪族 area `where` (陳: no city; 許昌: a big city) from 陳留 with these
    generals and `count` troops; the 豪族 (`gozoku` troops) answer by the auto policy."""
    state = acting("cao", minor_combat="auto", **options)
    put(state, "chenliu", "cao", count, *gens)
    put(state, where, "gozoku", gozoku)
    force(state, *faces)
    return by(state, "cao", f"invade {where}", *(f"general {g}" for g in gens),
              f"troops chenliu {count}", "confirm")


def tao_battle(attackers: tuple[str, ...], count: int, defenders: tuple[str, ...], held: int,
               faces: tuple[Any, ...], **options: Any) -> tuple[State, list]:
    """曹操 invades 陶謙's 琅邪 (no city, a plain side) from 彭城 with these generals and
    troops; 陶謙's player runs the defence. 琅邪's own neighbours are 下邳 (陶謙's) and
    彭城 (曹操's now)."""
    state = acting("cao", **options)
    put(state, "pengcheng", "cao", count, *attackers)
    put(state, "langya", "tao", held, *defenders)
    force(state, *faces)
    return by(state, "cao", "invade langya", *(f"general {g}" for g in attackers),
              f"troops pengcheng {count}", "confirm")


# -- W18: combat ---------------------------------------------------------------------------------
def test_w18_1_combat_runs_the_procedure_method_then_generals_then_losses_then_retreat():
    # battle_method 5 (合戦, N = 1); kassen 1 + 4 (夏侯惇) against 5 + 0 (no city at 陳): a tie
    state, events = gentry_battle(("xiahou_dun",), (2, 3, 1, 5))
    told = [k for k in keys(events) if k in ("wargame.battle.begins", "engine.roll_for",
                                            "wargame.battle.method", "wargame.battle.picks",
                                            "wargame.battle.loss")]
    assert told == ["wargame.battle.begins", "engine.roll_for", "wargame.battle.method",
                    "wargame.battle.picks", "engine.roll_for", "engine.roll_for",
                    "wargame.battle.loss", "wargame.battle.loss"]
    assert rule(state) == "declare"  # 18.6: then the retreat is decided


def test_w18_3_the_attacker_rolls_two_dice_without_modifier_for_the_method():
    state, events = gentry_battle(("xiahou_dun",), (2, 3, 1, 5))
    (method,) = rolls(events, "battle_method")
    assert method == {"by": "cao", "dice": 2, "faces": "2+3", "total": 5, "mods": {},
                      "general": None, "column": None}


def test_w18_4_the_method_table_gives_the_method_and_the_number_of_generals():
    for total, (method, n) in METHOD_TABLE.items():
        faces = (1, total - 1) if total <= 7 else (total - 6, 6)
        state, events = gentry_battle(("xiahou_dun",), faces)
        told = next(e.text for e in events if e.text.key == "wargame.battle.method")
        assert (_tail(told.params["method"]), told.params["count"]) == (method, n), total
        assert (record(state)["method"] if state["battle"] else
                record(state)["rounds"][0]["method"]) == method


def test_w18_5_three_methods_duel_pitched_battle_and_stratagem():
    table = {row["method"] for row in DATA.tables["battle_method"]["rows"]}
    assert table == set(METHODS) == {"ikki", "kassen", "keiryaku"}
    seen = set()
    for faces in ((1, 2), (2, 3, 3, 3), (1, 3, 3, 3)):  # a duel, a pitched battle, a stratagem
        state, _ = gentry_battle(("xiahou_dun",), faces)
        seen.add(record(state)["method"])
    assert seen == {"ikki", "kassen", "keiryaku"}


def test_w18_6_losses_are_applied_before_the_retreat_is_decided():
    state, _ = gentry_battle(("xiahou_dun",), (2, 3, 1, 5))  # a tie: both lose 1
    assert army(state, "chen", "cao") == 5 and army(state, "chen", "gozoku") == 7
    assert rule(state) == "declare" and legal(state) == ["stay", "retreat"]


def test_w18_7_if_neither_army_retreats_another_round_begins():
    state, _ = gentry_battle(("xiahou_dun",), (2, 3, 1, 5))
    force(state, 1, 2)  # round 2: battle_method 3, a duel
    state, events = by(state, "cao", "stay")  # the 豪族 (7 against 5) stay too (W33.5)
    assert state["battle"]["round"] == 2 and state["battle"]["method"] == "ikki"
    assert len(rolls(events, "battle_method")) == 1 and rule(state) == "select"


def test_w18_8_the_combat_ends_as_soon_as_an_army_retreats():
    # 合戦, N = 1: 夏侯惇 1 + 4 against 曹豹 1 + 2: d = 2, 陶謙 loses 3, 曹操 1
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 6, (2, 3, 1, 1))
    state, _ = by(state, "cao", "stay")
    state, _ = by(state, "tao", "retreat")
    state, events = by(state, "cao", "no_pursue")  # 下邳 is the one destination
    assert state["battle"] is None and "wargame.battle.won" in keys(events)
    assert not rolls(events, "battle_method")  # no further round
    assert army(state, "langya", "cao") == 5 and army(state, "xiapi", "tao") == 6 + 3
    assert rule(state) == "act"


def test_w18a_losses_apply_together_and_never_below_zero_then_the_rout_check():
    # 合戦, N = 1: 夏侯惇 6 + 4 + 1 (12 troops) against 曹豹 1 + 2: d = 8, the loser loses 6
    state, events = tao_battle(("xiahou_dun",), 12, ("cao_bao",), 2, (2, 3, 6, 1))
    first = record(state)["rounds"][0]
    assert first["losses"] == {"attacker": 0, "defender": 6}
    assert army(state, "langya", "tao") == 0 and state["areas"]["langya"]["troops"] == \
        {"cao": 12}
    told = keys(events)
    assert told.index("wargame.battle.loss") < told.index("wargame.battle.routed")
    assert state["battle"]["forced"]  # step 6: routed, so no declaration


def test_w18b_open_selection_shows_the_attackers_picks_to_everyone_as_they_are_made():
    """W18b, `opt.secret_selection = false`: the attacker chooses first, openly; its picks
    are in every view as made, and its complete choice is told to all before the defender
    chooses. The secret default shows none of it."""
    def opened(**options: Any) -> State:
        state = acting("dong", seats=6, **options)
        put(state, "luoyang", "dong", 10, "lu_bu", "hua_xiong")
        put(state, "chenliu", "cao", 10, "dian_wei")
        force(state, 6, 6)  # a duel, N = 3
        state, _ = by(state, "dong", "invade chenliu", "general lu_bu", "general hua_xiong",
                      "troops luoyang 10", "confirm", "general lu_bu")
        return state

    state = opened(secret_selection=False)
    cao = seat_of(state, "cao")
    for seat in (None, cao):
        assert GAME.view(state, seat)["battle"]["drafts"]["attacker"] == ["lu_bu"]
    state, events = by(state, "dong", "done")
    told = [e for e in events if e.public and e.text.key == "wargame.battle.fields"]
    assert len(told) == 1 and told[0].seats is None
    assert [g.key for g in told[0].text.params["chosen"]] == ["wargame.general.lu_bu"]
    assert GAME.to_act(state) == {cao}
    assert GAME.view(state, cao)["battle"]["drafts"]["attacker"] == ["lu_bu"]
    secret = opened()
    for seat in (None, cao):
        assert "drafts" not in GAME.view(secret, seat)["battle"]


# -- W19: the duel -------------------------------------------------------------------------------
def duel_names(events: list) -> list[str | None]:
    """The generals of the duel rolls, in the order rolled (None: a 豪族 duellist)."""
    return [r["general"] for e in events for r in rolls([e], "duel") + rolls([e], "duel_gozoku")]


def test_w19_1_for_a_duel_each_army_chooses_from_its_generals():
    state, _ = tao_battle(("xiahou_dun", "cao_ren"), 6, ("cao_bao",), 6, (1, 2))
    assert rule(state) == "select"
    assert set(legal(state)) == {"general xiahou_dun", "general cao_ren", "done"}
    tao = [a.text for a in GAME.legal_actions(state, seat_of(state, "tao"))]
    assert tao == ["general cao_bao", "done"]


def two_pairs(order: list[str], *dice: int) -> tuple[State, list]:
    """A duel with N = 2: 夏侯惇 (valour 4) and 曹仁 (3) against 曹豹 (2) and 陳登 (1),
    the attacker's list put in `order` by the pairing's shuffle."""
    state, _ = tao_battle(("xiahou_dun", "cao_ren"), 6, ("cao_bao", "chen_deng"), 6,
                          (5, 6, order, *dice))
    state, _ = by(state, "cao", "general xiahou_dun")
    state, _ = by(state, "tao", "general cao_bao")
    state, _ = by(state, "cao", "general cao_ren")
    return by(state, "tao", "general chen_deng")


def test_w19_2_a_duel_is_fought_pair_by_pair():
    # 夏侯惇 1 + 4 beats 曹豹 1 + 2 by 2; 曹仁 1 + 3 loses to 陳登 4 + 1 by 1
    state, _ = two_pairs(["xiahou_dun", "cao_ren"], 1, 1, 1, 4)
    assert army(state, "langya", "tao") == 6 - 2 and army(state, "langya", "cao") == 6 - 1


def test_w19_3_pairs_are_formed_at_random():
    _, events = two_pairs(["xiahou_dun", "cao_ren"], 1, 1, 1, 4)
    assert "wargame.roll.duel_pairing" in [e.text.key for e in events if e.kind == "chance"]
    assert duel_names(events) == ["xiahou_dun", "cao_bao", "cao_ren", "chen_deng"]
    _, events = two_pairs(["cao_ren", "xiahou_dun"], 1, 1, 1, 4)
    assert duel_names(events) == ["cao_ren", "cao_bao", "xiahou_dun", "chen_deng"]


def test_w19_4_an_army_may_field_fewer_generals_than_n_even_none():
    state, _ = tao_battle(("xiahou_dun", "cao_ren"), 6, ("cao_bao",), 6, (6, 6))  # N = 3
    state, _ = by(state, "cao", "general xiahou_dun")
    state, _ = by(state, "tao", "done")
    state, events = by(state, "cao", "done")
    assert record(state)["rounds"][0]["picks"] == {"attacker": ["xiahou_dun"], "defender": []}
    assert army(state, "langya", "tao") == 6 - 4  # 夏侯惇 unopposed: his valour
    assert not rolls(events, "duel")


def one_duel(*dice: int) -> tuple[State, list]:
    """夏侯惇 (valour 4) against 曹豹 (2): battle_method 3 (一騎討ち, N = 1)."""
    state, _ = tao_battle(("xiahou_dun",), 6, ("cao_bao",), 6, (1, 2, *dice))
    state, _ = by(state, "cao", "general xiahou_dun")
    return by(state, "tao", "general cao_bao")


def test_w19_5_die_plus_valour_the_lower_loses_the_difference_at_most_3():
    state, events = one_duel(3, 1, 1)  # 7 against 3: 4, capped at 3; duel_4 face 1: nothing
    assert [(r["general"], r["total"]) for r in rolls(events, "duel")] == \
        [("xiahou_dun", 7), ("cao_bao", 3)]
    assert army(state, "langya", "tao") == 6 - 3 and army(state, "langya", "cao") == 6
    state, _ = one_duel(1, 2)  # 5 against 4: the difference, 1
    assert army(state, "langya", "tao") == 5


def test_w19_6_a_difference_of_3_or_more_checks_the_loser():
    _, events = one_duel(1, 1)  # 5 against 3: 2, no check
    assert not rolls(events, "kill_check")
    state, events = one_duel(2, 1, 6)  # 6 against 3: 3, duel_3 rolled by 曹操: 6 = 死亡
    (check,) = rolls(events, "kill_check")
    assert (check["general"], check["column"], check["by"]) == ("cao_bao", "duel_3", "cao")
    assert state["generals"]["cao_bao"]["state"] == "dead"


def tie_and_unopposed() -> tuple[State, list]:
    """A duel of N = 2: 夏侯惇 paired with 曹豹 (1 + 4 against 3 + 2: a tie), 曹仁 (valour 3)
    unopposed; the events of the last pick."""
    state, _ = tao_battle(("xiahou_dun", "cao_ren"), 6, ("cao_bao",), 6,
                          (5, 6, ["xiahou_dun", "cao_ren"], 1, 3))
    state, _ = by(state, "cao", "general xiahou_dun")
    state, _ = by(state, "tao", "general cao_bao")
    return by(state, "cao", "general cao_ren")


def test_w19_7_an_unopposed_general_inflicts_his_valour():
    state, events = tie_and_unopposed()
    told = next(e.text for e in events if e.text.key == "wargame.battle.unopposed")
    assert _tail(told.params["general"]) == "cao_ren" and told.params["count"] == 3
    assert army(state, "langya", "tao") == 3 and army(state, "langya", "cao") == 6


def test_w19_8_the_gentry_duel_as_three_generals_of_valour_0():
    # N = 2: 夏侯惇 6 + 4 against 1 (the 豪族 lose 3, no check: not a real general);
    # 曹仁 1 + 3 against 3 (they lose 1); the third 豪族 duellist is unopposed: 1
    state, _ = gentry_battle(("xiahou_dun", "cao_ren"), (5, 6, 6, 1, 1, 3))
    state, events = by(state, "cao", "general xiahou_dun", "general cao_ren")
    assert duel_names(events) == ["xiahou_dun", None, "cao_ren", None]
    assert all(r["mods"] == {} for r in rolls(events, "duel_gozoku"))  # valour 0
    assert army(state, "chen", "gozoku") == 8 - 4 and army(state, "chen", "cao") == 6 - 1
    assert not rolls(events, "kill_check")


def test_w19a_a_tie_does_nothing_the_winner_rolls_the_check_losses_come_after_all_pairs():
    # 夏侯惇 1 + 4 against 曹豹 3 + 2: a tie; 曹仁 4 + 3 against 陳登 3 + 1: 3, duel_3 face 1
    state, events = two_pairs(["xiahou_dun", "cao_ren"], 1, 3, 4, 3, 1)
    assert army(state, "langya", "tao") == 6 - 3 and army(state, "langya", "cao") == 6
    (check,) = rolls(events, "kill_check")
    assert (check["general"], check["by"]) == ("chen_deng", "cao")
    told = keys(events)
    last_duel = max(i for i, e in enumerate(events) if rolls([e], "duel"))
    assert told.index("wargame.battle.loss") > last_duel


def test_w19b_gozoku_duel_min_n_fields_n_virtual_generals():
    state, _ = gentry_battle(("xiahou_dun",), (5, 6))  # N = 2; 曹操 fields nobody
    state, _ = by(state, "cao", "done")
    assert army(state, "chen", "cao") == 6 - 3  # three unopposed 豪族 duellists
    state, _ = gentry_battle(("xiahou_dun",), (5, 6), gozoku_duel="min_n")
    state, _ = by(state, "cao", "done")
    assert army(state, "chen", "cao") == 6 - 2  # min(3, N) = 2


# -- W20: the pitched battle ---------------------------------------------------------------------
def test_w20_1_the_army_chooses_exactly_n_of_its_generals():
    state, _ = gentry_battle(("xiahou_dun", "cao_ren"), (2, 3))  # 合戦, N = 1
    assert rule(state) == "select"
    assert legal(state) == ["general xiahou_dun", "general cao_ren"]  # no "done": exactly 1
    force(state, 3, 3)
    state, events = by(state, "cao", "general cao_ren")
    assert rolls(events, "kassen")[0]["mods"]["command"] == 5  # 曹仁's


def test_w20_2_each_army_rolls_one_die_plus_command():
    state, events = gentry_battle(("xiahou_dun",), (2, 3, 2, 5))
    attacker, defender = rolls(events, "kassen")
    assert (attacker["by"], attacker["dice"], attacker["total"]) == ("cao", 1, 2 + 4)
    assert attacker["mods"] == {"command": 4}
    assert (defender["by"], defender["total"]) == ("gozoku", 5)


def test_w20_3_no_command_rating_counts_as_0():
    # 糜竺 has no command: 陶謙's total is the die alone (琅邪 has no city)
    state, events = tao_battle(("xiahou_dun",), 6, ("mi_zhu",), 6, (2, 3, 1, 4))
    defender = rolls(events, "kassen")[1]
    assert defender["mods"] == {"command": 0} and defender["total"] == 4


def test_w20_4_several_generals_add_their_command():
    state, events = gentry_battle(("xiahou_dun", "cao_ren"), (3, 3, 1, 6))  # N = 2
    attacker = rolls(events, "kassen")[0]
    assert attacker["mods"] == {"command": 4 + 5} and attacker["total"] == 10


def test_w20_5_the_higher_total_wins_and_the_table_gives_both_losses():
    state, _ = gentry_battle(("xiahou_dun",), (2, 3, 2, 3))  # 6 against 3: d = 3
    assert record(state)["rounds"][0]["losses"] == {"attacker": 1, "defender": 4}
    assert army(state, "chen", "gozoku") == 8 - 4 and army(state, "chen", "cao") == 6 - 1


def test_w20_6_city_and_troop_modifiers_add_up():
    # 許昌 is a big city; 25 troops give +2, 12 give +1 (the fraction is dropped)
    state, events = gentry_battle(("xiahou_dun",), (2, 3, 1, 1), count=25, where="xuchang",
                                  gozoku=12)
    attacker, defender = rolls(events, "kassen")
    assert attacker["mods"] == {"command": 4, "troops": 2} and attacker["total"] == 7
    assert defender["mods"] == {"command": 0, "big_city": 2, "troops": 1}
    assert defender["total"] == 1 + 2 + 1


def test_w20a_equal_totals_both_lose_and_the_modifiers_are_for_pitched_battles_only():
    state, _ = gentry_battle(("xiahou_dun",), (2, 3, 1, 5))  # 5 against 5
    assert record(state)["rounds"][0]["losses"] == {"attacker": 1, "defender": 1}
    # a stratagem in the big city of 許昌: no city modifier for the 豪族
    state, events = gentry_battle(("xiahou_dun",), (1, 3, 2, 4), count=25, where="xuchang",
                                  gozoku=12)
    assert [r["mods"] for r in rolls(events, "keiryaku")] == \
        [{"intellect": 2}, {"gozoku_intellect": -1}]


# -- W21: the stratagem --------------------------------------------------------------------------
def test_w21_1_the_army_chooses_its_generals_for_a_stratagem():
    state, _ = gentry_battle(("xiahou_dun", "cao_ren", "li_dian"), (1, 3))  # 計略, N = 1
    assert legal(state) == ["general xiahou_dun", "general cao_ren", "general li_dian"]
    force(state, 2, 2)
    state, events = by(state, "cao", "general li_dian")
    assert rolls(events, "keiryaku")[0]["mods"] == {"intellect": 3}
    assert record(state)["rounds"][0]["picks"]["attacker"] == ["li_dian"]


def test_w21_2_each_army_rolls_one_die_plus_intellect_and_compares():
    state, events = gentry_battle(("li_dian",), (1, 3, 4, 2))  # 4 + 3 against 2 - 1
    assert [(r["by"], r["total"]) for r in rolls(events, "keiryaku")] == \
        [("cao", 7), ("gozoku", 1)]
    assert record(state)["rounds"][0]["totals"] == {"attacker": 7, "defender": 1}


def test_w21_3_several_generals_add_their_intellect():
    state, events = gentry_battle(("xiahou_dun", "li_dian"), (4, 6, 1, 6))  # 計略, N = 2
    assert rolls(events, "keiryaku")[0]["mods"] == {"intellect": 2 + 3}
    assert record(state)["rounds"][0]["totals"]["attacker"] == 6


def test_w21_4_no_intellect_rating_rolls_nothing_and_intellect_0_rolls():
    # 許褚 has no intellect; 曹豹 has 0: 曹操 totals 0, 陶謙 rolls 3 + 0: d = 3
    state, events = tao_battle(("xu_chu",), 6, ("cao_bao",), 6, (1, 3, 3))
    (only,) = rolls(events, "keiryaku")
    assert only["by"] == "tao" and only["mods"] == {"intellect": 0} and only["total"] == 3
    assert record(state)["rounds"][0]["totals"] == {"attacker": None, "defender": 3}
    assert "wargame.battle.no_scheme" in keys(events)
    assert army(state, "langya", "cao") == 6 - 2


def test_w21_5_the_lower_army_loses_the_stratagem_table_amount():
    state, _ = gentry_battle(("li_dian",), (1, 3, 6, 5))  # 9 against 4: d = 5
    assert record(state)["rounds"][0]["losses"] == {"attacker": 0, "defender": 3}
    assert army(state, "chen", "gozoku") == 8 - 3 and army(state, "chen", "cao") == 6


def test_w21_6_the_gentry_count_as_one_general_of_intellect_minus_1():
    _, events = gentry_battle(("li_dian",), (1, 3, 6, 1))
    gentry = rolls(events, "keiryaku")[1]
    assert gentry["mods"] == {"gozoku_intellect": -1} and gentry["total"] == 0


def test_w21a_only_rated_intellect_counts_and_equal_totals_do_nothing():
    # 許褚 (blank) and 李典 (3), N = 2: 1 + 3 against 5 - 1
    state, events = gentry_battle(("xu_chu", "li_dian"), (4, 6, 1, 5))
    assert rolls(events, "keiryaku")[0]["mods"] == {"intellect": 3}
    assert record(state)["rounds"][0]["totals"] == {"attacker": 4, "defender": 4}
    assert record(state)["rounds"][0]["losses"] == {"attacker": 0, "defender": 0}
    assert army(state, "chen", "cao") == 6 and army(state, "chen", "gozoku") == 8
