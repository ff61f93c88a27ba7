"""A test named after every rule of the 225 set-up (W28.5), victory (W29), the five tables
(W30), the 天命札 decks (W31) and the engine contract (W33) that had none (issue 15). The
tables and decks are checked against the spec's printed values; the contract through
WargameGame's own methods."""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.chance import force
from games.core.flow import top
from games.wargame import combat, heirs
from games.wargame.board import destroy, value
from games.wargame.game import end_of_turn
from games.wargame.methods import SIDES, band
from tests.games.wargame.scenario import (
    DATA,
    GAME,
    acting,
    ai_game,
    keys,
    legal,
    picked,
    seat_of,
)
from tests.games.wargame.scenario import gone as exit_generals
from tests.games.wargame.test_wargame_combat import as_seat, by, put, rule
from tests.games.wargame.test_wargame_rules_w18_w21 import METHOD_TABLE
from tests.games.wargame.test_wargame_rules_w25_w27 import card, gone

State = dict[str, Any]


# -- W28.5: the 225 set-up -----------------------------------------------------------------------
def test_w28_5_the_225_setup_of_the_three_kingdoms():
    state = GAME.setup(3, {"scenario": "S3"}, 1)
    rulers = {n: spot["ruler"] for n, spot in state["nations"].items()}
    assert rulers == {"cao": "cao_pi", "sun": "sun_quan", "tao": "liu_shan"}
    assert state["areas"]["luoyang"] == {"control": "cao", "troops": {"cao": 10}}
    assert state["areas"]["changan"] == {"control": "cao", "troops": {"cao": 12}}
    assert state["areas"]["beiping"] == {"control": "cao", "troops": {}}  # empty, controlled
    assert state["areas"]["jiangxia"] == {"control": "sun", "troops": {"sun": 8}}
    assert state["areas"]["chengdu"] == {"control": "tao", "troops": {"tao": 10}}
    assert {a: s["troops"]["gozoku"] for a, s in state["areas"].items()
            if s["control"] == "gozoku"} == {"liaodong": 5, "jianning": 8, "wudu": 4}
    assert all(s["control"] for s in state["areas"].values())  # no neutral area
    assert state["generals"]["cao_rui"] == {"state": "nation", "nation": "cao",
                                            "area": "luoyang"}
    assert state["generals"]["ma_liang"]["state"] == "exited"
    assert state["generals"]["cao_cao"]["state"] != "nation"
    assert state["generals"]["liu_bei"]["state"] != "nation"


# -- W29: victory --------------------------------------------------------------------------------
def test_w29_1_a_nations_value_is_power_plus_2_for_a_big_city_1_for_a_small_one():
    assert [DATA.value_of(a) for a in ("xiapi", "pengcheng", "langya")] == [2 + 2, 2 + 1, 3]
    shown = GAME.view(picked(3), None)["nations"]
    assert shown["cao"]["value"] == 3 + 1  # 陳留
    assert shown["tao"]["value"] == 4 + 3 + 3 + 3  # 下邳, 彭城, 琅邪, 広陵


def test_w29_2_a_scoring_turn_banks_value_minus_base_even_below_zero():
    state = picked(4)
    seats = {n: seat_of(state, n) for n in ("cao", "tao", "sun", "yuanshao")}
    state["areas"]["xuchang"] = {"control": "cao", "troops": {}}  # + 4 + 2
    state["areas"]["langya"] = {"control": None, "troops": {}}  # - 3
    state["players"][seats["tao"]]["banked"] = 7
    destroy(state, "yuanshao")
    state["turn"] = 5
    events = end_of_turn(state)
    scores = {n: state["players"][s]["scores"]["5"] for n, s in seats.items()}
    assert scores == {"cao": 6, "tao": -3, "sun": 0, "yuanshao": 0}
    assert state["players"][seats["tao"]]["banked"] == 7 - 3
    assert keys(events).count("wargame.score.banked") == 4
    state["turn"] = 6
    end_of_turn(state)  # not a scoring turn
    assert state["players"][seats["cao"]]["banked"] == 6


def last_two() -> tuple[State, int]:
    """曹操 and a player's 袁術 are the only nations left (陶謙's player runs 袁術, every
    other nation destroyed, no minor nation): 袁胤 rules 宛 with 紀霊, 橋蕤 holds 新野, and
    曹操 invades 宛 from 許昌 in a duel that kills 袁胤, 袁術's last heir (as in WX14)."""
    state = acting("cao")
    seat = seat_of(state, "tao")
    exit_generals(state, "yuan_shu", "zhang_xun", "yang_hong")
    state["nations"]["yuanshu"]["ruler"] = "yuan_yin"
    put(state, "wan", "yuanshu", 1, "yuan_yin", "ji_ling")
    put(state, "xinye", "yuanshu", 3, "qiao_rui")
    put(state, "xuchang", "cao", 10, "xu_chu", "cao_ren")
    state["players"][seat]["nation"] = "yuanshu"
    state["nations"]["yuanshu"]["seat"], state["nations"]["tao"]["seat"] = seat, None
    for nid in [n for n, s in state["nations"].items() if s["alive"]]:
        if nid not in ("cao", "yuanshu"):
            destroy(state, nid)
    state["cup"] = ["yuanshu", "gozoku"]
    force(state, 6, 6, ["xu_chu", "cao_ren"], 5, 1, 2, 4, 4, 2, 3, 5)
    state, _ = by(state, "cao", "orders invade wan from xuchang: xu_chu,cao_ren +10 / end")
    assert state["queue"]["lines"] == ["end"]  # paused by the battle
    state, _ = by(state, "cao", "general xu_chu")
    state, _ = as_seat(state, seat, "general yuan_yin")
    state, _ = by(state, "cao", "general cao_ren")
    return state, seat


def test_w29_4_the_game_ends_at_once_when_one_player_is_left_and_no_minor_remains():
    state, seat = last_two()
    assert not GAME.invariants(state)
    state, events = as_seat(state, seat, "general ji_ling")
    assert not state["nations"]["yuanshu"]["alive"]
    assert state["over"] == {"reason": "last_nation", "winners": [seat_of(state, "cao")]}
    assert GAME.to_act(state) == set() and GAME.result(state) is not None
    told = keys(events)
    assert told[-1] == "wargame.end.over"
    assert "wargame.turn.ended" not in told and "wargame.phase.gozoku" not in told
    assert "wargame.score.banked" not in told and state["cup"] == ["gozoku"]
    assert state["queue"] is None  # the batch's `end` is not played after the end


def test_w29_5_a_nation_lost_in_the_mandate_phase_is_replaced_in_that_same_turn():
    state = acting("cao")
    seat = seat_of(state, "tao")
    gone(state, "liu_bei", "liu_shan")
    deck = state["decks"]["1"]
    deck.remove(card("tao_qian", "exit"))
    deck.insert(0, card("tao_qian", "exit"))
    state, _ = by(state, "cao", "end", "end")  # turn 2: 陶謙退場 is the first card
    assert state["turn"] == 2 and not state["nations"]["tao"]["alive"]
    assert rule(state) == "takeover" and GAME.to_act(state) == {seat}
    now = value(state, DATA, "liuyan")
    state, events = as_seat(state, seat, "takeover liuyan")
    assert state["nations"]["liuyan"]["base"] == now
    assert state["nations"]["liuyan"]["seat"] == seat and "liuyan" in state["cup"] + \
        [state["acting"]]
    # without a minor nation, a homeless player waits, keeping banked VP
    state = picked(3)
    destroy(state, "tao")
    for nid in heirs.minors(state):
        state["nations"][nid]["alive"] = False
    assert heirs.next_takeover_step(state) is None


# -- W30: the five tables ------------------------------------------------------------------------
def test_w30_1_the_battle_method_table_and_its_odds():
    rows = DATA.tables["battle_method"]["rows"]
    assert {r["roll"]: (r["method"], r["generals"]) for r in rows} == METHOD_TABLE
    ways = {t: 6 - abs(t - 7) for t in range(2, 13)}  # 2d6
    odds = {m: sum(ways[t] for t, (found, _) in METHOD_TABLE.items() if found == m)
            for m in ("kassen", "keiryaku", "ikki")}
    assert odds == {"kassen": 24, "keiryaku": 7, "ikki": 5}


def test_w30_2_the_pitched_battle_table():
    rows = DATA.tables["kassen"]["rows"]
    printed = [(0, 1, 1), (1, 1, 3), (3, 1, 4), (5, 0, 5), (7, 0, 6), (9, 0, 7), (11, 0, 8)]
    assert [(r["diff_min"], r["winner_loss"], r["loser_loss"]) for r in rows] == printed
    assert [band(rows, d)["loser_loss"] for d in (0, 2, 4, 6, 8, 10, 30)] == [1, 3, 4, 5, 6, 7, 8]


def test_w30_3_the_stratagem_table():
    rows = DATA.tables["keiryaku"]["rows"]
    assert [band(rows, d)["loser_loss"] for d in range(13)] == \
        [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6]


def test_w30_4_the_pursuit_table():
    table = DATA.tables["pursuit"]
    assert [(c["troops_min"], c["troops_max"]) for c in table["columns"]] == \
        [(1, 5), (6, 10), (11, 20), (21, 30), (31, None)]
    assert [r["loss"] for r in table["rows"]] == [
        [0, 0, 1, 1, 2], [0, 1, 1, 2, 2], [1, 1, 2, 2, 3],
        [1, 1, 2, 3, 3], [1, 2, 3, 3, 4], [2, 2, 3, 4, 5]]


def test_w30_5_the_kill_check_table():
    table = DATA.tables["kill_check"]
    assert table["columns"] == ["duel_3", "duel_4", "duel_5", "duel_6plus", "rout_adjacent",
                                "rout_detached", "fall_battle_area", "fall_other_area"]
    n, d, c, s, e = "none", "death", "capture", "submit", "exile"
    assert [r["results"] for r in table["rows"]] == [
        [n, n, n, c, n, n, e, e],
        [n, n, c, d, n, e, e, e],
        [n, c, d, d, n, e, s, e],
        [n, d, d, d, s, s, s, s],
        [c, d, d, d, c, c, c, s],
        [d, d, d, d, d, d, d, d]]
    falls = [r["results"][i] for r in table["rows"] for i in (6, 7)]
    assert n not in falls  # W27.2: a fallen nation's general always goes somewhere


# -- W31: the decks and the turn track -----------------------------------------------------------
def test_w31_1_the_turn_track_has_45_turns_in_9_periods_from_190():
    track = DATA.raw["turn_track"]
    assert len(track) == 45
    assert all(t["period"] == (t["turn"] + 4) // 5 and t["year"] == 189 + t["turn"]
               for t in track)
    assert (DATA.period_of(45), DATA.year_of(45), DATA.year_of(1)) == (9, 234, 190)
    shown = GAME.view(acting("cao"), None)
    assert (shown["turn"], shown["year"], shown["period"]) == (1, 190, 1)


def test_w31_2_nine_decks_of_25_entry_exit_or_blank_cards():
    assert sorted(DATA.decks) == list(range(1, 10))
    assert all(len(DATA.decks[p]) == 25 for p in DATA.decks)
    kinds = {spot["kind"] for spot in DATA.cards.values()}
    assert kinds == {"enter", "exit", "none"}
    assert all(spot["destinations"] for spot in DATA.cards.values() if spot["kind"] == "enter")


def period_of_card(gid: str, kind: str) -> int:
    return int(card(gid, kind).split("-")[0][1:])


def test_w31_3_an_entered_general_exits_later_and_the_slain_a_period_after_death():
    entered = {spot["general"] for spot in DATA.cards.values() if spot["kind"] == "enter"}
    leaving = {spot["general"] for spot in DATA.cards.values() if spot["kind"] == "exit"}
    for gid in entered & leaving:
        assert period_of_card(gid, "exit") > period_of_card(gid, "enter"), gid
    died = {"yan_liang": 200, "wen_chou": 200, "xiahou_yuan": 219, "guan_yu": 219,
            "pang_tong": 214, "dian_wei": 197, "lu_bu": 198, "gongsun_zan": 199}
    for gid, year in died.items():
        assert period_of_card(gid, "exit") == DATA.period_of(year - 189) + 1, gid


def test_w31_4_the_deck_contents():
    effect = [sum(DATA.cards[c]["kind"] != "none" for c in DATA.decks[p]) for p in range(1, 10)]
    assert effect == [25, 25, 22, 16, 25, 19, 25, 15, 8]

    def listed(p: int, kind: str) -> set[str]:
        return {DATA.cards[c]["general"] for c in DATA.decks[p] if DATA.cards[c]["kind"] == kind}

    assert listed(1, "enter") == {
        "chen_gong", "tian_feng", "ju_shou", "shen_pei", "zhang_he", "gao_lan", "dian_wei",
        "xu_chu", "xun_yu", "cheng_yu", "yu_jin", "sun_ce", "taishi_ci", "gongsun_xu",
        "zhao_yun", "liu_bei", "guan_yu", "zhang_fei", "jian_yong", "ma_chao"}
    assert listed(1, "exit") == {"dong_zhuo", "li_ru", "sun_jian", "tao_qian", "liu_yan"}
    assert listed(9, "enter") == set()
    assert listed(9, "exit") == {"zhang_he", "cao_hong", "zhong_yao", "cao_zhen", "zhuge_liang",
                                 "wei_yan", "guan_xing", "meng_da"}
    zhao = DATA.cards[card("zhao_yun", "enter")]["destinations"]  # 公孫瓚>1-3:劉備/4-6:常山
    assert zhao == [{"key": "A", "general": "gongsun_zan"},
                    {"die": [1, 3], "general": "liu_bei"}, {"die": [4, 6], "area": "changshan"}]


# -- W33: the engine contract and play on Discord ------------------------------------------------
def test_w33_1_the_contract_runs_every_automatic_step_and_someone_always_acts():
    state, events = GAME.begin(2, {"scenario": "S2"}, 7)
    assert GAME.result(state) is None
    told = list(events)
    while GAME.to_act(state):  # empty only when the game is over
        seat = min(GAME.to_act(state))
        offered = GAME.legal_actions(state, seat)
        chosen = next((a for a in offered if a.kind == "end"), offered[0])
        state, events = GAME.apply(state, seat, chosen)
        told += events
        assert not GAME.invariants(state)
        assert bool(GAME.to_act(state)) == (state["over"] is None)
    assert state["turn"] == 10 and GAME.result(state) is not None
    draws = [e for e in told if e.kind == "chance" and e.text.key == "engine.picked"
             and e.text.params["what"].key == "wargame.cup.draw"]
    assert len(draws) >= 10 * 12  # every marker of every turn drawn, as a chance event
    shown = GAME.view(state, None)
    assert {"areas", "generals", "nations", "cup", "turn", "flow", "over"} <= set(shown)


def test_w33_2_one_seat_acts_except_offers_and_the_simultaneous_selection():
    state = acting("cao")
    cao, tao = seat_of(state, "cao"), seat_of(state, "tao")
    assert GAME.to_act(state) == {cao}
    state["step"]["dp"] = 2
    offered, _ = by(state, "cao", "ally tao")
    assert GAME.to_act(offered) == {tao}  # the alliance offer
    put(state, "pengcheng", "cao", 6, "xiahou_dun")
    put(state, "langya", "tao", 6, "cao_bao")
    force(state, 1, 2)  # a duel
    state, _ = by(state, "cao", "invade langya", "general xiahou_dun", "troops pengcheng 6",
                  "confirm")
    assert GAME.to_act(state) == {cao, tao}  # both armies choose at once
    assert state["flow"]["stack"][-1]["kind"] == "simultaneous"


def test_w33_3_orders_come_one_step_at_a_time_each_with_its_text_form():
    state = acting("cao", minor_combat="auto")
    top = GAME.legal_actions(state, seat_of(state, "cao"))
    assert all(Action.parse(a.text) == a for a in top)
    assert {a.kind for a in top} >= {"levy", "invade", "end"}
    state, _ = by(state, "cao", "invade puyang")
    step = GAME.legal_actions(state, seat_of(state, "cao"))
    assert {a.kind for a in step} == {"general", "cancel"}  # no combinations
    state, _ = by(state, "cao", "general xiahou_dun")
    step = GAME.legal_actions(state, seat_of(state, "cao"))
    assert {a.kind for a in step} == {"general", "troops", "cancel"}
    assert all(Action.parse(a.text) == a for a in step) and "troops chenliu 6" in legal(state)


def test_w33_6_the_view_shows_a_seat_its_own_secrets_and_the_result_its_record():
    state = acting("cao")
    put(state, "pengcheng", "cao", 6, "xiahou_dun")
    put(state, "langya", "tao", 6, "cao_bao")
    force(state, 1, 2)
    state, _ = by(state, "cao", "invade langya", "general xiahou_dun", "troops pengcheng 6",
                  "confirm", "general xiahou_dun")
    cao, tao, sun = (seat_of(state, n) for n in ("cao", "tao", "sun"))
    assert GAME.view(state, cao)["flow"]["answers"] == {str(cao): "general xiahou_dun"}
    assert GAME.view(state, tao)["flow"]["answers"] == {}
    assert GAME.view(state, sun)["flow"]["answers"] == {}
    state = picked(3)
    state["players"][seat_of(state, "cao")].update(banked=9, scores={"5": 4, "10": 5})
    state["over"] = {"reason": "last_turn", "winners": None}
    result = GAME.result(state)
    assert result is not None and result.winners == [seat_of(state, "cao")]
    assert result.reason.key == "wargame.end.reason.last_turn"
    best = result.scores[0]
    assert best.total == 9 and set(best.categories) == {"vp", "value", "big_cities", "troops"}
    assert best.tiebreak == (best.categories["value"], best.categories["big_cities"],
                             best.categories["troops"])
    record = result.details["players"][seat_of(state, "cao")]
    assert record == {"nations": ["cao"], "scores": {"5": 4, "10": 5}}


OWN_KEYS = ("selection", "draft", "queue", "plan", "flow", "step", "public")


def acting_seat(state: State) -> int | None:
    ctx = state["step"]
    return None if ctx is None else state["nations"][ctx["nation"]]["seat"]


def offer_pending(state: State) -> bool:
    step = top(state)
    return step is not None and step["rule"] == "consult" \
        and step["data"]["about"] == "alliance"


def public_view_holds_no_secret(state: State) -> dict[str, Any]:
    """The public view: no seat's selection, draft, batch, plan or offer; during a pending
    offer, the acting player's action step it interrupts."""
    public = GAME.view(state, None)
    assert (public["selection"], public["draft"], public["queue"], public["plan"]) == \
        (None, None, None, None)
    assert public["step"] is None or public["step"]["offered"] == []
    if offer_pending(state):
        assert public["flow"] is not None
        assert (public["flow"]["rule"], public["flow"]["waiting"]) == ("act", [acting_seat(state)])
    return public


def seat_view_adds_only_its_own(state: State, seat: int, public: dict[str, Any]) -> None:
    """A seat's view is the public one plus what that seat may know: offers it made or
    received, its own secret picks, its own draft, batch and plan (W33.2, W33.6)."""
    mine = GAME.view(state, seat)
    assert {k: v for k, v in mine.items() if k not in OWN_KEYS} == \
        {k: v for k, v in public.items() if k not in OWN_KEYS}
    if mine["step"] is not None:
        assert {**mine["step"], "offered": []} == public["step"]
        for nid in mine["step"]["offered"]:
            assert seat in {acting_seat(state), state["nations"][nid]["seat"]}
    step = top(state)
    party = offer_pending(state) and seat in GAME.to_act(state) | {acting_seat(state)}
    if party:
        assert mine["flow"]["rule"] == "consult"
    elif mine["flow"] is not None:
        assert set(mine["flow"]["answers"]) - set(public["flow"]["answers"]) <= {str(seat)}
        assert {**mine["flow"], "answers": public["flow"]["answers"]} == public["flow"]
    assert mine["draft"] is None or (step is not None and seat in step["seats"])
    assert mine["selection"] is None or seat in {combat.decider(state, side) for side in SIDES}
    assert mine["queue"] is None or mine["queue"]["seat"] == seat
    assert mine["plan"] == state["plans"].get(str(seat))
    public_block_adds_only_its_own(mine["public"], public["public"], seat, party)


def public_block_adds_only_its_own(mine: dict[str, Any], public: dict[str, Any], seat: int,
                                   party: bool) -> None:
    """The view's public block (games/wargame/public.py) is everyone's, but for the seat's
    own: an offer it is party to, its answer to a simultaneous step, its own order's data,
    a loss split's shares it proposes or votes on."""
    assert {k: v for k, v in mine.items() if k not in ("flow", "battle")} == \
        {k: v for k, v in public.items() if k not in ("flow", "battle")}
    stack = mine["flow"]["stack"][:-1] if party else mine["flow"]["stack"]
    assert len(stack) == len(public["flow"]["stack"])
    for own, shared in zip(stack, public["flow"]["stack"], strict=True):
        assert shared["data"] is None or own["data"] == shared["data"]
        assert own["data"] == shared["data"] or seat in own["seats"]
        for who, given, seen in zip(own["seats"], own["answers"], shared["answers"], strict=True):
            assert given == seen or who == seat
    if mine["battle"] is not None and public["battle"]["split"] is not None:
        assert {**mine["battle"]["split"], "shares": None} == \
            {**public["battle"]["split"], "shares": None}


def test_w33_6_every_view_holds_only_what_its_seat_may_know_through_whole_ai_games():
    """W33.2, W33.6 (source 12.1): through whole AI games (every step kind, offers made,
    declined and accepted), no seat's offer, secret pick, draft or vote reaches a view it
    does not belong to, and a private offer's lines go to its two players only."""
    offers = declined = 0
    for seed in (1, 2, 3):
        for *_, events, after in ai_game(seed, wander=0.25):
            public = public_view_holds_no_secret(after)
            for viewer in range(len(after["players"])):
                seat_view_adds_only_its_own(after, viewer, public)
            for event in events:
                if event.text.key in ("wargame.ally.offered", "wargame.ally.declined"):
                    assert not event.public and len(event.seats) == 2
                    offers += event.text.key == "wargame.ally.offered"
                    declined += event.text.key == "wargame.ally.declined"
    assert offers > 10 and declined > 0


def test_w33_2_an_alliance_offer_is_answered_privately_in_a_window():
    """W33.2: the offer's answer is a response window (the bot names nobody and asks the
    addressee privately); everyone else sees the acting player's step go on, and after a
    decline the table is as if no offer had been made."""
    state = acting("cao")
    cao, tao, sun = (seat_of(state, n) for n in ("cao", "tao", "sun"))
    before = {s: GAME.view(state, s) for s in (None, sun)}
    assert not GAME.window(state)
    offered, events = by(state, "cao", "ally tao")
    assert GAME.window(offered) and GAME.to_act(offered) == {tao}
    assert GAME.awaited(offered) == GAME.awaited(state) == {cao}  # what a board shows
    assert not [e for e in events if e.public]
    assert GAME.only_pass(offered, tao) is None  # a real choice: asked privately
    for viewer in (None, sun):
        shown = GAME.view(offered, viewer)
        assert shown["flow"] == before[viewer]["flow"] and shown["step"]["offered"] == []
    assert GAME.view(offered, tao)["step"]["offered"] == ["tao"]
    assert GAME.view(offered, cao)["flow"]["rule"] == "consult"
    after, events = by(offered, "tao", "decline")
    assert not GAME.window(after) and not [e for e in events if e.public]
    for viewer in (None, sun):
        assert GAME.view(after, viewer) == before[viewer]
    assert GAME.view(after, cao)["step"]["offered"] == ["tao"]
    assert "ally tao" not in legal(after)  # one offer per major per phase


def test_w33_7_only_the_acting_player_is_asked_and_minor_phases_pass_at_once():
    state = acting("cao")
    cao, tao = seat_of(state, "cao"), seat_of(state, "tao")
    assert all(not GAME.legal_actions(state, s) for s in range(3) if s != cao)
    state["cup"] = ["gozoku", "liubiao", "relax", "tao"]
    force(state, "gozoku", "liubiao", "relax", "tao")
    state, events = by(state, "cao", "end", "end")
    told = keys(events)
    assert [k for k in told if k.startswith("wargame.phase.")] == \
        ["wargame.phase.gozoku", "wargame.phase.minor", "wargame.phase.relax",
         "wargame.phase.major"]
    assert GAME.to_act(state) == {tao}
    shown = GAME.view(state, None)
    assert (shown["turn"], shown["period"], shown["acting"], shown["cup"]) == (1, 1, "tao", [])
