"""The 三国志演義 area wargame engine (2-11 players) on the shared flow (games/core/flow.py).

A game is a `pick` phase (the seat order is drawn, then each seat picks its nation, W28.2)
followed by one `turn` phase per turn (W3.1a): the 天命札 phase, the cup filled with the
nations' markers, one marker drawn at a time (a chance step, `marker_draw`), each phase
resolved: minor nations and the 豪族 grow (W8), the relaxation marker removes no-invasion
markers (W7), a major nation's player takes the action step and the redeploy step
(games/wargame/orders.py). The end of a turn checks sudden death, scores a scoring turn and
ends the game after the last turn (W29). docs/progress/wargame.md says what is built.
"""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.chance import pick, shuffle
from games.core.errors import IllegalAction
from games.core.events import Event
from games.core.flow import (
    Flow,
    Phase,
    Rule,
    Step,
    StepView,
    chance,
    phase,
    push,
    step_view,
    top,
    turn,
)
from games.core.flowgame import FlowGame
from games.core.game import Option, Result, Score
from games.core.messages import Msg, Said, Seat, msg
from games.core.modular import ModularGame
from games.core.rng import Rng
from games.wargame import ai, alliance, batch, citations, combat, heirs, orders, references
from games.wargame.board import (
    GOZOKU,
    add_troops,
    alive,
    big_cities,
    controlled,
    is_major,
    nation_counts,
    nation_troops,
    powers_everywhere,
    troops,
    value,
)
from games.wargame.citations import rule
from games.wargame.copies import copied
from games.wargame.data import DataError, WargameData, data_for, pack_digest
from games.wargame.packs import WargamePacks
from games.wargame.public import public
from games.wargame.sample import sample as sampled
from games.wargame.tenmei import reveal
from games.wargame.texts import area, general, marker, nation

State = dict[str, Any]
SCENARIOS = ("S2", "S1", "S3")


# -- set-up (W28) --------------------------------------------------------------------------------
def new_state(data: WargameData, seats: int, options: dict[str, Any], seed: int) -> State:
    scenario = data.scenarios[options["scenario"]]
    setup = scenario["setup"]
    areas: dict[str, dict[str, Any]] = {a: {"control": None, "troops": {}} for a in data.areas}
    nations: dict[str, dict[str, Any]] = {}
    gens: dict[str, dict[str, Any]] = {g: {"state": "waiting", "nation": None, "area": None}
                                       for g in data.generals}
    for nid, n in data.nations.items():
        if setup not in n["setups"]:
            continue  # W28.3.1: a nation absent from the set-up does not exist in this game
        st = n["setups"][setup]
        nations[nid] = {"alive": True, "ruler": st["ruler"], "seat": None, "base": 0,
                        "fell": None}
        for aid, count in st["areas"].items():
            areas[aid]["control"] = nid
            if count:
                areas[aid]["troops"][nid] = count
        for gid, aid in st["generals"].items():
            gens[gid] = {"state": "nation", "nation": nid, "area": aid}
    for aid, spot in scenario["gozoku"].items():
        areas[aid] = {"control": GOZOKU, "troops": {GOZOKU: spot["troops"]}}
    for gid, aid in scenario["zaiya"].items():
        gens[gid] = {"state": "zaiya", "nation": None, "area": aid}
    for gid, g in data.generals.items():
        if g["setup"].get(setup, {}).get("status") == "removed" or gid in scenario["removed"]:
            gens[gid] = {"state": "exited", "nation": None, "area": None}
    initial = sum(sum(a["troops"].values()) for a in areas.values())
    return {
        "seed": seed, "rng": Rng.from_seed(seed).state, "options": options,
        "scenario": scenario["id"], "turn": scenario["first_turn"] - 1,
        "players": [{"nation": None, "banked": 0, "scores": {}} for _ in range(seats)],
        "areas": areas, "generals": gens, "nations": nations,
        "decks": {str(p): list(ids) for p, ids in data.decks.items()}, "revealed": [],
        "cup": [], "acting": None, "markers": {}, "step": None, "redeploy": None,
        "pick_order": [], "ledger": {"initial": initial, "added": 0, "removed": 0},
        "battle": None, "last_battle": None, "over": None, "heirs": [], "falls": [],
        "queue": None, "plans": {},
    }


def _begin_pick(state: State) -> list[Event]:
    data = _data(state)
    events = [shuffle(state, state["decks"][str(p)], msg("wargame.tenmei.shuffled", period=p))
              for p in sorted(data.decks)]
    order = list(range(len(state["players"])))
    events.append(shuffle(state, order, msg("wargame.setup.seat_order")))
    state["pick_order"] = order
    events.append(Event(msg("wargame.setup.order", seats=tuple(Seat(s) for s in order))))
    choice = state["options"]["nation_choice"]
    if choice == "random":
        listed = list(_pickable(state))
        events.append(shuffle(state, listed, msg("wargame.setup.deal")))
        for seat, nid in zip(order, listed, strict=False):
            events += _take(state, seat, nid)
        return events
    push(state, *(turn("pick", seat) for seat in order))
    return events


def _pickable(state: State) -> list[str]:
    data = _data(state)
    scenario = data.scenarios[state["scenario"]]
    if state["options"]["nation_choice"] == "free":
        listed = list(state["nations"])
    else:
        listed = list(scenario["player_nations"][str(len(state["players"]))])
    return [n for n in listed if state["nations"][n]["seat"] is None]


def _pick_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("pick", (n,), label=msg("wargame.pick.label", nation=nation(n)))
            for n in _pickable(state)]


def _pick_resolve(state: State, step: Step) -> list[Event]:
    answer = step["answers"][0]
    assert answer is not None
    return _take(state, step["seats"][0], Action.from_json(answer).word(0))


def _take(state: State, seat: int, nid: str) -> list[Event]:
    state["players"][seat]["nation"] = nid
    state["nations"][nid]["seat"] = seat
    state["nations"][nid]["base"] = value(state, _data(state), nid)  # W28.3.7
    return [Event(msg("wargame.pick.done", who=Seat(seat), nation=nation(nid),
                      base=state["nations"][nid]["base"]))]


# -- a turn (W3.1a) ------------------------------------------------------------------------------
def _begin_turn(state: State) -> list[Event]:
    data = _data(state)
    state["turn"] += 1
    events = reveal(state, data)
    # W6.1-W6.3, W6.2a: a marker per surviving nation, one for all 豪族, the relaxation marker
    cup = list(alive(state))
    if any(a["control"] == GOZOKU for a in state["areas"].values()):
        cup.append(GOZOKU)
    if state["options"]["diplomacy"]:
        cup.append("relax")
    state["cup"] = cup
    events.append(Event(msg("wargame.cup.filled", markers=tuple(marker(m) for m in cup))))
    push(state, chance("takeovers"), chance("draw"))
    return events


def _takeovers(state: State, step: Step) -> list[Event]:
    """W3.1a step 2, W29.5: each player without a nation, in turn, takes a minor one."""
    asked = heirs.next_takeover_step(state)
    if asked is not None:
        push(state, asked, chance("takeovers"))
    return []


def _after_turn(state: State) -> str | None:
    return None if state["over"] else "turn"


def _draw(state: State, step: Step) -> list[Event]:
    """W6.4-W6.6: draw a marker (`marker_draw`) and resolve its phase; an empty cup ends the
    turn."""
    asked = heirs.next_heir_step(state)
    if asked is not None:  # W26b: an heir who entered in the 天命札 phase is placed first
        push(state, asked, chance("draw"))
        return []
    if not state["cup"]:
        return end_of_turn(state)
    drawn = pick(state, state["cup"], msg("wargame.cup.draw"), show=marker)
    mid = drawn.item
    state["cup"].remove(mid)
    state["acting"] = mid
    events = list(drawn.events)
    push(state, chance("draw"))
    if mid == "relax":
        events += relax(state)
    elif mid == GOZOKU:
        events += grow(state, GOZOKU)
    elif not is_major(state, mid):
        events += grow(state, mid)
    else:
        events += orders.begin_action(state, mid)
    return events


def relax(state: State) -> list[Event]:
    """W7.2: one marker leaves every side that holds any."""
    touched = sorted(state["markers"])
    for key in touched:
        state["markers"][key] -= 1
        if not state["markers"][key]:
            del state["markers"][key]
    return [Event(msg("wargame.phase.relax", count=len(touched)))]


def grow(state: State, pid: str) -> list[Event]:
    """W8.2-W8.3: +1 troop in every area the power controls, generals or not."""
    per = int(_data(state).constants["minor_phase_growth_per_area"])
    owned = [a for a, s in state["areas"].items() if s["control"] == pid]
    for aid in owned:
        add_troops(state, aid, pid, per)
    if pid == GOZOKU:
        return [Event(msg("wargame.phase.gozoku", count=len(owned)))]
    return [Event(msg("wargame.phase.minor", nation=nation(pid), count=len(owned)))]


def end_of_turn(state: State) -> list[Event]:
    """W3.1a step 5: sudden death (W29.3), scoring (W29.2), the last turn (W29.4)."""
    data = _data(state)
    scenario = data.scenarios[state["scenario"]]
    state["acting"] = None
    events = [Event(msg("wargame.turn.ended", turn=state["turn"]))]
    sudden = scenario["sudden_death"]
    if sudden:
        qualified = [s for s, p in enumerate(state["players"]) if p["nation"]
                     and state["nations"][p["nation"]]["alive"]
                     and big_cities(state, data, p["nation"]) >= sudden["big_cities"]]
        if qualified:
            best = max(qualified, key=lambda s: _ranking(state, data, s)[1:])
            state["over"] = {"reason": "sudden_death", "winners": [best]}
            return [*events, Event(msg("wargame.end.sudden_death", who=Seat(best),
                                       count=big_cities(state, data,
                                                        state["players"][best]["nation"])))]
    if state["turn"] in scenario["scoring"]["score_turns"]:
        for seat, player in enumerate(state["players"]):
            nid = player["nation"]
            vp = value(state, data, nid) - state["nations"][nid]["base"] if nid and \
                state["nations"][nid]["alive"] else 0
            player["banked"] += vp
            player["scores"][str(state["turn"])] = vp
            events.append(Event(msg("wargame.score.banked", who=Seat(seat), vp=vp,
                                    total=player["banked"])))
    if state["turn"] >= scenario["last_turn"]:
        state["over"] = {"reason": "last_turn", "winners": None}
        events.append(Event(msg("wargame.end.over")))
    return events


def last_nation(state: State) -> list[Event]:
    """W29.4: once the turns have begun, the game ends at once when one player at most
    still runs a nation and no minor nation remains (the one left wins; with nobody left,
    the ranking decides)."""
    if state["over"] or phase(state) != "turn":
        return []
    running = [s for s, p in enumerate(state["players"])
               if p["nation"] and state["nations"][p["nation"]]["alive"]]
    if len(running) > 1 or any(not is_major(state, n) for n in alive(state)):
        return []
    state["over"] = {"reason": "last_nation" if running else "no_nation",
                     "winners": running or None}
    state["queue"] = None  # a batch paused by the battle has nothing left to do
    return [Event(msg("wargame.end.over"))]


def _ranking(state: State, data: WargameData, seat: int) -> tuple[int, int, int, int]:
    """W29.4: banked VP, then value, big cities, total troops (a player without a nation
    has 0 of each)."""
    player = state["players"][seat]
    nid = player["nation"]
    if not nid or not state["nations"][nid]["alive"]:
        return player["banked"], 0, 0, 0
    return (player["banked"], value(state, data, nid), big_cities(state, data, nid),
            nation_troops(state, nid))


def _data(state: State) -> WargameData:
    return data_for(state["options"])


SCENARIO_RULE = rule(citations.SCENARIOS)  # a table's scenario, seats and data pack
RULES = {
    "pick": Rule(_pick_resolve, _pick_legal, cites=rule("W28.2")),
    "draw": Rule(_draw, cites=rule("W6.4")),
    "act": Rule(orders.act_resolve, orders.act_legal, cites=rule("W9a")),
    "levy": Rule(orders.levy_resolve, orders.levy_legal, cites=rule("W10a")),
    "diplo": Rule(orders.diplo_resolve, orders.diplo_legal, cites=rule("W11a")),
    "block": Rule(orders.block_resolve, orders.block_legal, cites=rule("W15.3")),
    "invade": Rule(orders.invade_resolve, orders.invade_legal, cites=rule("W16a")),
    "redeploy": Rule(orders.redeploy_resolve, orders.redeploy_legal, cites=rule("W25.1")),
    "move": Rule(orders.move_resolve, orders.move_legal, cites=rule("W25a")),
    "fight": Rule(combat.fight, cites=rule("W18a")),
    "handler": Rule(combat.handler_resolve, combat.handler_legal, cites=rule("W18.2")),
    "select": Rule(combat.select_resolve, combat.select_legal, combat.select_keep,
                   cites=rule("W18b")),
    "declare": Rule(combat.declare_resolve, combat.declare_legal, cites=rule("W22.2")),
    "pursue": Rule(combat.pursue_resolve, combat.pursue_legal, cites=rule("W22d")),
    "retreat": Rule(combat.retreat_resolve, combat.retreat_legal, cites=rule("W22a")),
    "joint": Rule(combat.joint_resolve, combat.joint_legal, cites=rule("W17b")),
    "split": Rule(alliance.split_resolve, alliance.split_legal, cites=rule("W17a")),
    "split_vote": Rule(alliance.vote_resolve, alliance.vote_legal, cites=rule("W17a")),
    "heir": Rule(heirs.heir_resolve, heirs.heir_legal, cites=rule("W26b")),
    "takeover": Rule(heirs.takeover_resolve, heirs.takeover_legal, cites=rule("W29.5")),
    "takeovers": Rule(_takeovers, cites=rule("W29.5")),
    "consult": Rule(orders.consult_resolve, orders.consult_legal, cites=rule("W12.1")),
}
# Once the game is over nothing more resolves, and W29.4 is checked after every step: a
# nation may fall in any step (a battle, the 天命札), and the game then ends there, not at
# the end of the turn; the steps left on the stack are settled as no-ops.
FLOW = Flow(
    rules=RULES,
    phases={"pick": Phase(_begin_pick, lambda state: "turn"),
            "turn": Phase(_begin_turn, _after_turn)},
    over=lambda state: bool(state["over"]),
    after_step=last_nation,
)

# What each decision asks: `wargame.prompt.<step>` (the automatic steps ask nothing).
PROMPTS = {name: f"wargame.prompt.{name}" for name in (
    "pick", "act", "levy", "diplo", "block", "invade", "redeploy", "move", "handler", "select",
    "declare", "pursue", "retreat", "joint", "split", "split_vote", "consult", "heir",
    "takeover")}
BATTLE_RULES = ("handler", "select", "declare", "pursue", "retreat", "joint", "split",
                "split_vote")
SCORES = {"levy": 3.0, "extra": 4.0, "join": 1.0, "confirm": 6.0, "cancel": -10.0,
          "diplo": 0.5, "group": 2.0, "block": -2.0, "unblock": -2.0, "from": 0.0, "to": 1.0,
          "end": 0.0, "move": -1.0, "pick": 0.0, "stay": 1.0, "retreat": 0.0, "pursue": 2.0,
          "no_pursue": 0.0, "handler": 0.0, "done": 0.0, "ally": 0.2, "allow": 0.1,
          "accept": 1.0, "decline": 0.5, "keep": 1.0, "give_control": 0.0,
          "default_split": 1.0, "share": 0.0}


class WargameGame(FlowGame, ModularGame):
    name = "wargame"
    title = "Romance of the Three Kingdoms area wargame (三国志演義)"
    min_players = 2
    max_players = 11
    packs = WargamePacks()
    flow, first_phase, prompts = FLOW, "pick", PROMPTS
    lookups = references
    options = (
        Option("pack", "the data: empty for the designed data, or the text of an uploaded "
               "pack (map, nations, generals, cards, tables, scenarios)", None),
        Option("scenario", "S2 (190-199, the play-by-post game), S1 (190-234), S3 (225-234, "
               "2-3 players)", "S2", SCENARIOS),
        Option("diplomacy", "the diplomacy rules (W1.4)", True),
        Option("nation_choice", "nations by the recommended list, free, or dealt (W28.2)",
               "recommended", ("recommended", "free", "random")),
        Option("minor_combat", "who runs a minor army in combat: a player the acting player "
               "names, or the auto policy (W18.2)", "nominate", ("nominate", "auto")),
        Option("secret_selection", "both armies choose their generals in secret at once; "
               "off: the attacker first, openly (W18b)", True),
        Option("gozoku_duel", "the gentry duel with 3 generals, or with N (W19b)", "3",
               ("3", "min_n")),
        Option("retreat_into_won_areas", "a retreat may go into areas won this step (W22a)",
               True),
        Option("pursue_routed", "a routed army may be pursued (W22d)", False),
        Option("trapped", "the generals of a trapped army die, or become free generals "
               "(W23a)", "die", ("die", "zaiya")),
        Option("minor_ratio_scope", "an allied minor's ratio test counts its own contingent, "
               "or the whole joint invasion (W13.6.2)", "own", ("own", "joint")),
        Option("ally_controls_own", "a major ally's player decides for its own units in "
               "combat; off: the acting player decides for the coalition (W17c)", False),
        Option("hide_zaiya", "free generals are shown as 在野武将, not by name (W5.5b)", False),
        Option("liubiao_heirs", "劉表's heirs: 劉琮 then 劉琦, or 劉琦 first (W26c)",
               "cong_first", ("cong_first", "qi_first")),
    )

    # -- the contract --------------------------------------------------------------------------
    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """The `pack` option takes any text, so it is checked by loading it (the table froze
        it); the others as usual. A pack must hold the scenario chosen."""
        resolved = super().resolve_options({k: v for k, v in given.items() if k != "pack"})
        text = given.get("pack") or None  # empty text means the designed data
        if text is not None:
            if not isinstance(text, str):
                raise IllegalAction(msg("wargame.refuse.pack_option"), rule=SCENARIO_RULE)
            try:
                data = data_for({"pack": text})
            except DataError as error:
                raise IllegalAction(msg("wargame.refuse.pack_unusable", error=str(error)),
                                    rule=SCENARIO_RULE) from None
            if resolved["scenario"] not in data.scenarios:
                raise IllegalAction(msg("wargame.refuse.pack_scenario",
                                        scenario=resolved["scenario"]), rule=SCENARIO_RULE)
        return {**resolved, "pack": text}

    def begin(self, seats: int, options: dict[str, Any], seed: int) -> tuple[State, list[Event]]:
        options = self.resolve_options(options)
        data = data_for(options)
        players = data.scenarios[options["scenario"]]["players"]
        if not players["min"] <= seats <= players["max"]:
            raise IllegalAction(msg("wargame.refuse.seats", scenario=options["scenario"],
                                    low=players["min"], high=players["max"]), rule=SCENARIO_RULE)
        state = new_state(data, seats, options, seed)
        return state, self.start(state)

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """The contract's `apply` (games/core/game.py: the input is never changed), on a copy
        made by the state's shape (games/wargame/copies.py) rather than by pickle alone."""
        if self.result(state) is not None or seat not in self.to_act(state):
            return super().apply(state, seat, action)  # refused, as the contract refuses
        new_state = copied(state)
        return new_state, self._apply(new_state, seat, action)

    def _apply(self, state: State, seat: int, action: Action) -> list[Event]:
        """An answer to the step on top, a whole selection of generals (W33.3), or (W33.4) a
        batch of orders or a battle plan; then whatever the plans answer
        (`auto_answers`)."""
        if action.kind == "orders":
            events = batch.submit(FLOW, state, seat, action)
        elif action.kind == "plan":
            events = batch.set_plan(state, seat, action)
        elif action.kind == "select":
            events = combat.select_all(FLOW, state, seat, action)
        else:
            events = self.answer(state, seat, alliance.named_gozoku(state, action))
        return events + self.auto_answers(state)

    def auto_answer(self, state: State, step: Step, seat: int) -> Action | None:
        """W33.4: a seat's battle plan answers the battle steps it covers."""
        return batch.planned(state, seat, step)

    def carry_on(self, state: State) -> list[Event]:
        """W33.4: a batch paused by a battle resumes once its step is its player's again."""
        return batch.resume(FLOW, state)

    def round(self, state: State) -> int | None:
        """A game turn (one year of the turn track), in which every nation acts."""
        return state["turn"] or None

    def phase(self, state: State) -> str:
        if state["over"]:
            return "over"
        step = top(state)
        rule = step["rule"] if step else "-"
        if rule in ("act", "levy", "diplo", "block", "invade", "consult"):
            rule = "action"
        elif rule == "fight" or rule in BATTLE_RULES:
            rule = "battle"
        elif rule in ("redeploy", "move"):
            rule = "redeploy"
        return f"turn {state['turn']} {state['acting'] or ''} {rule}".strip()

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        data = _data(state)
        hidden = bool(state["options"]["hide_zaiya"])  # W5.5b: 在野武将, not the name
        counted = nation_counts(state, data)
        return {
            "game": self.name, "scenario": state["scenario"],
            "pack": pack_digest(state["options"]),
            "turn": max(state["turn"], data.scenarios[state["scenario"]]["first_turn"]),
            "year": data.year_of(max(state["turn"], 1)),
            "period": data.period_of(max(state["turn"], 1)),
            "last_turn": data.scenarios[state["scenario"]]["last_turn"],
            "areas": {a: {"control": s["control"], "troops": dict(s["troops"])}
                      for a, s in state["areas"].items()},
            "generals": {g: dict(s) for g, s in state["generals"].items()
                         if s["state"] == "nation" or (s["state"] == "zaiya" and not hidden)},
            "zaiya": _zaiya_counts(state) if hidden else None,
            "gone": sorted(g for g, s in state["generals"].items()
                           if s["state"] in ("dead", "exited")),
            "nations": {n: {**s, **counted[n]} for n, s in state["nations"].items()},
            "players": [dict(p) for p in state["players"]],
            "cup": sorted(state["cup"]), "acting": state["acting"],
            "revealed": list(state["revealed"]),
            "deck_left": {p: len(d) for p, d in state["decks"].items()},
            "markers": dict(state["markers"]),
            "step": _step_seen(state, seat), "redeploy": state["redeploy"],
            "battle": combat.public(state), "last_battle": state["last_battle"],
            "selection": combat.selection(state, seat),
            "flow": _flow_seen(state, seat), "draft": _draft(state, seat),
            "queue": state["queue"] if seat is not None and state["queue"]
            and state["queue"]["seat"] == seat else None,
            "plan": state["plans"].get(str(seat)) if seat is not None else None,
            "over": state["over"], "public": public(state, data, seat),
        }

    def result(self, state: State) -> Result | None:
        if not state["over"]:
            return None
        return self.standings(state)

    def standings(self, state: State) -> Result:
        data = _data(state)
        scores = []
        for seat in range(len(state["players"])):
            banked, val, big, count = _ranking(state, data, seat)
            scores.append(Score(seat, banked, {"vp": banked, "value": val, "big_cities": big,
                                               "troops": count}, (val, big, count)))
        scores.sort(key=lambda s: (s.total, s.tiebreak), reverse=True)
        over = state["over"] or {"reason": "standings", "winners": None}
        winners = over["winners"]
        if not winners:
            best = (scores[0].total, scores[0].tiebreak)
            winners = [s.seat for s in scores if (s.total, s.tiebreak) == best]
        return Result(scores, sorted(winners), msg(f"wargame.end.reason.{over['reason']}"),
                      details={"reason": over["reason"], "players": _records(state)})

    def summary(self, view: dict[str, Any]) -> Said | list[Said]:
        lines: list[Said] = [msg("wargame.summary.turn", turn=view["turn"], year=view["year"],
                                 period=view["period"], last=view["last_turn"])]
        for nid, n in view["nations"].items():
            if not n["alive"]:
                lines.append(msg("wargame.summary.fallen", nation=nation(nid)))
                continue
            ruler = n["ruler"]
            owner: Any = Seat(n["seat"]) if n["seat"] is not None else msg("wargame.summary.minor")
            lines.append(msg("wargame.summary.nation", nation=nation(nid), owner=owner,
                             ruler=general(ruler) if ruler else "-",
                             areas=sum(a["control"] == nid for a in view["areas"].values()),
                             troops=n["troops"], value=n["value"]))
        if view["cup"]:
            lines.append(msg("wargame.summary.cup", markers=tuple(marker(m) for m in view["cup"])))
        if view["step"]:
            lines.append(msg("wargame.summary.dp", nation=nation(view["step"]["nation"]),
                             dp=view["step"]["dp"]))
        return lines

    def prompt_params(self, state: State, step: Step) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        if step["rule"] == "act":
            extra["dp"] = state["step"]["dp"]
        if step["rule"] in ("levy",):
            extra["area"] = area(step["data"]["area"])
        if step["rule"] == "invade":
            extra["area"] = area(step["data"]["target"])
        if step["rule"] == "move":
            extra["area"] = area(step["data"]["source"])
        if step["rule"] in BATTLE_RULES:
            extra["area"] = area(state["battle"]["area"])
        if step["rule"] == "select":
            extra.update(method=combat.METHOD_NAMES[state["battle"]["method"]],
                         count=state["battle"]["n"])
        return extra

    def finished_battle(self, state: State) -> dict[str, Any] | None:
        """The public record of the last battle fought (numbered): the armies; each round's
        battle-method roll, method, generals, each army's roll with its named modifiers (or
        each duel pair's rolls), totals, losses and kill checks; the pursuit's roll, the
        retreat's kill checks and the outcome. Every roll is public (W32)."""
        record = state["last_battle"]
        return dict(record) if record else None

    def factions(self, state: State) -> list[str]:
        return [p["nation"] or "-" for p in state["players"]]

    def length(self, state: State) -> tuple[str, int]:
        return "turns", state["turn"]

    def orders_draft(self, state: State, seat: int) -> str | None:
        """W33.4: a seat whose own action or redeploy step is open may give it as orders, one
        per line; its form starts from what is left of its batch (a stopped or paused one)."""
        if not batch.owns_step(state, seat):
            return None
        queue = state["queue"]
        return "\n".join(queue["lines"]) if queue and queue["seat"] == seat else ""

    def orders_action(self, text: str) -> Action:
        return batch.batch_action(text)

    def skip_action(self, state: State, seat: int) -> Action | None:
        """W33.5: a player past a deadline ends the step and redeploys nothing; in a battle
        the auto policy answers for him; an heir stays where the auto rule put him; a
        takeover takes the minor nation of highest value; offers are declined."""
        fought = combat.auto_action(state, seat)
        if fought is not None:
            return fought
        step = top(state)
        if step is not None and step["rule"] == "heir":
            return Action("heir_area", (state["generals"][step["data"]["heir"]]["area"],))
        if step is not None and step["rule"] == "takeover":
            return Action("takeover", (heirs.best_minor(state),))
        legal = self.legal_actions(state, seat)
        for kind in ("end", "cancel", "decline"):
            found = next((a for a in legal if a.kind == kind), None)
            if found:
                return found
        return None

    # -- the heuristic AI ------------------------------------------------------------------------
    def action_score(self, view: dict[str, Any], seat: int, action: Action) -> float:
        """games/wargame/ai.py judges the choices that weigh the board (invasions,
        alliances, levies, retreats, splits); the rest take the flat SCORES."""
        judged = ai.action_score(view, seat, action)
        if judged is not None:
            return judged
        if action.kind == "takeover":
            return 1.0 + view["nations"][action.word(0)]["value"] / 10
        if action.kind == "general":
            draft = view.get("draft") or {}
            return 1.0 if draft.get("rule") == "move" else 2.0
        if action.kind == "troops":
            sent = (view.get("draft") or {}).get("troops")
            if isinstance(sent, dict) and action.word(0) in sent:
                return 0.5  # that source's troops are already set: complete the others
            amount = action.number(len(action.args) - 1)
            return 1.0 + min(amount, 10) / 20
        return SCORES.get(action.kind, 0.0)

    # -- checks ----------------------------------------------------------------------------------
    def invariants(self, state: State) -> list[str]:
        return check(state, _data(state))

    def window(self, state: State) -> bool:
        """W33.2: a major's answer to an alliance offer is private to the two players, so the
        bot asks it as a response window: it names nobody in public and asks the addressee
        privately; the thread reads the same whether an offer was made or not."""
        return alliance.pending_offer(top(state))

    def awaited(self, state: State) -> set[int]:
        """W33.2: while a major's player answers an alliance offer in private, the table
        sees the acting player's action step go on (his seat), as if no offer was made."""
        step = top(state)
        if step is not None and alliance.pending_offer(step) and not state["over"]:
            return {int(state["nations"][state["step"]["nation"]]["seat"])}
        return self.to_act(state)

    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> State:
        return sampled(view, seat, rng)

    def secrets(self, state: State) -> dict[int, set[str]]:
        """No seat holds a secret yet: the decks' order is hidden from everyone (the views show
        only how many cards are left)."""
        return {}


def _step_seen(state: State, seat: int | None) -> dict[str, Any] | None:
    """The action step's context as `seat` may see it: the offers made this phase only to
    the two players of each (W33.2, W33.6)."""
    ctx = state["step"]
    if ctx is None:
        return None
    return {**ctx, "offered": alliance.offers_seen(state, seat)}


def _flow_seen(state: State, seat: int | None) -> StepView | None:
    """The step on top as `seat` may see it. A pending alliance offer (W33.2) is the two
    players' secret: anyone else sees the acting player's action step it interrupts, as if
    no offer had been made."""
    step = top(state)
    if step is not None and alliance.pending_offer(step) \
            and seat not in alliance.offer_seats(state, str(step["data"]["ally"])):
        below = {**state, "flow": {**state["flow"], "stack": state["flow"]["stack"][:-1]}}
        return step_view(below, seat)
    return step_view(state, seat)


def _records(state: State) -> list[dict[str, Any]]:
    """W33.6: each player's record for the result: the nations run (a destroyed one, then
    the minor nation taken over, W29.5) and the VP banked at each scoring turn."""
    return [{"nations": [*p.get("ran", []), *([p["nation"]] if p["nation"] else [])],
             "scores": dict(p["scores"])} for p in state["players"]]


def _zaiya_counts(state: State) -> dict[str, int]:
    """How many free generals stand in each area (W5.5b with `opt.hide_zaiya`)."""
    counts: dict[str, int] = {}
    for g in state["generals"].values():
        if g["state"] == "zaiya":
            counts[g["area"]] = counts.get(g["area"], 0) + 1
    return counts


def _draft(state: State, seat: int | None) -> dict[str, Any] | None:
    """The order being built, for the seat building it (its buttons read it)."""
    step = top(state)
    if step is None or step["kind"] != "turn" or seat not in step["seats"]:
        return None
    return {"rule": step["rule"], **step["data"]}


def check(state: State, data: WargameData) -> list[str]:
    """Troops and generals accounted for, control consistent with the units (W4.2, W4.5)."""
    broken: list[str] = []
    ledger = state["ledger"]
    total = sum(sum(a["troops"].values()) for a in state["areas"].values())
    if total != ledger["initial"] + ledger["added"] - ledger["removed"]:
        broken.append(f"troops: {total} on the map, ledger says "
                      f"{ledger['initial'] + ledger['added'] - ledger['removed']}")
    acting = state["step"] and state["redeploy"] is None
    inside = alliance.coalition_powers(state) if acting else set()
    entered = state["step"]["entered"] if state["step"] else []
    battle = state["battle"]["area"] if state["battle"] else None
    everywhere = powers_everywhere(state)
    for aid, spot in state["areas"].items():
        if any(n <= 0 for n in spot["troops"].values()):
            broken.append(f"{aid}: a zero or negative troop count {spot['troops']}")
        found = everywhere[aid]
        if len(found) > 1 and aid != battle:
            broken.append(f"{aid}: units of {sorted(found)} outside combat (W4.2)")
        for pid in found:
            if pid != GOZOKU and not state["nations"][pid]["alive"]:
                broken.append(f"{aid}: units of the destroyed nation {pid}")
            stray = pid in inside or aid in (battle, *entered)
            if pid != spot["control"] and not stray:
                broken.append(f"{aid}: units of {pid} in an area controlled by "
                              f"{spot['control']}")
        here = troops(state, aid, GOZOKU) > 0
        passing = GOZOKU in inside or aid in (battle, *entered)  # an allied 豪族 army (W14a)
        if (spot["control"] == GOZOKU and not here) or (here and spot["control"] != GOZOKU
                                                        and not passing):
            broken.append(f"{aid}: 豪族 control without 豪族 troops, or the reverse (W4.5)")
        if spot["control"] not in (None, GOZOKU) and not state["nations"][spot["control"]]["alive"]:
            broken.append(f"{aid}: controlled by the destroyed nation {spot['control']}")
    for gid, g in state["generals"].items():
        if g["state"] == "nation":
            if g["nation"] not in state["nations"] or not state["nations"][g["nation"]]["alive"]:
                broken.append(f"{gid}: serves {g['nation']}, which does not exist")
            if g["area"] not in data.areas:
                broken.append(f"{gid}: stands nowhere")
        elif g["state"] == "zaiya":
            if g["area"] not in data.areas or g["nation"]:
                broken.append(f"{gid}: a free general must stand in an area and serve nobody")
        elif g["area"] is not None or g["nation"] is not None:
            broken.append(f"{gid}: {g['state']} but still placed")
    for nid, n in state["nations"].items():
        if n["alive"]:
            ruler = state["generals"].get(n["ruler"] or "", {})
            if ruler.get("state") != "nation" or ruler.get("nation") != nid:
                broken.append(f"{nid}: its ruler {n['ruler']} does not serve it")
        elif controlled(state, nid) or nid in state["cup"]:
            broken.append(f"{nid}: destroyed but still on the map or in the cup")
        if n["seat"] is not None and state["players"][n["seat"]]["nation"] != nid:
            broken.append(f"{nid}: seat {n['seat']} does not run it")
    if len(set(state["cup"])) != len(state["cup"]):
        broken.append(f"cup: a marker twice {state['cup']}")
    for m in state["cup"]:
        if m not in ("relax", GOZOKU) and not state["nations"][m]["alive"]:
            broken.append(f"cup: the marker of a destroyed nation {m}")
    return broken


__all__ = ["FLOW", "Msg", "WargameGame", "check"]
