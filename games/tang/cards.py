"""锦囊 cards and representative skills (spec T6.3, T6.5, T7, T8): which ones a seat may use
in a window, what they do, and the response window of 识破 (T8.3).

A card or an active skill is an action `play <kind> [args]` or `skill <id> [args]` inside a
step (a phase-window step, the own turn, a battle window); the step is pushed again after it,
so the seat may go on until it passes. A respondable card opens a `respond` window for the one
player it affects, whether or not they hold 识破 (no leak: `pass` is always offered).
"""

from __future__ import annotations

from typing import Any

from games.core.actions import Action
from games.core.chance import pick, roll
from games.core.events import Event
from games.core.flow import Step, answers, push, turn, window
from games.core.messages import Param, Seat, msg
from games.tang import choices
from games.tang.data import AN_LUSHAN, kind_of
from games.tang.model import (
    State,
    add_armies,
    card_term,
    change_minsheng,
    char_term,
    city_term,
    controlled,
    data_of,
    discard,
    draw_jinnang,
    gain_grain,
    grain_told,
    has_skill,
    holding,
    holds_anlushan,
    log,
    minsheng_event,
    move_grain,
    neighbors,
    player,
    seat_arg,
    seat_of_arg,
    seats,
    skill_term,
    spend_grain,
)

PHASE_WINDOWS = ("SUPPLY_START", "SUPPLY_END", "ACTION_START", "ACTION_END")
DICE = ("a1", "a2", "d1", "d2")  # the attacker's and the defender's two dice


def _card(kind: str, *args: Any, **label: Any) -> Action:
    return Action("play", (kind, *args), label=msg(f"tang.play.{kind}", card=card_term(kind),
                                                    **label))


def _skill(skill: str, *args: Any, **label: Any) -> Action:
    return Action("skill", (skill, *args), label=msg(f"tang.use.{skill}",
                                                      skill=skill_term(skill), **label))


def uses(state: State, seat: int, skill: str) -> int:
    return int(player(state, seat)["uses"].get(skill, 0))


def used(state: State, seat: int, skill: str) -> None:
    p = player(state, seat)
    p["uses"][skill] = uses(state, seat, skill) + 1


def others(state: State, seat: int) -> list[int]:
    return [s for s in range(seats(state)) if s != seat]


def _has(state: State, seat: int, kind: str) -> bool:
    return holding(state, seat, kind) is not None


# -- what a seat may use --------------------------------------------------------------------------
def window_actions(state: State, seat: int, name: str) -> list[Action]:
    """Cards and active skills of a phase window (T8.2)."""
    p = player(state, seat)
    mine = controlled(state, seat)
    found: list[Action] = []
    if name == "SUPPLY_START" and _has(state, seat, "kaicang") and p["grain"] >= 6:
        found.append(_card("kaicang"))
    if name == "SUPPLY_END":
        if _has(state, seat, "tuntian"):
            found.append(_card("tuntian"))
        if _has(state, seat, "mubing"):
            found += [_card("mubing", c, city=city_term(c)) for c in mine]
        if has_skill(state, seat, "mushi") and uses(state, seat, "mushi") < 1:
            found += [_skill("mushi", c, city=city_term(c)) for c in mine]
        if has_skill(state, seat, "yiqi") and uses(state, seat, "yiqi") < 2 and not p["raised"]:
            found.append(_skill("yiqi"))
        if has_skill(state, seat, "jiebing") and uses(state, seat, "jiebing") < 1 \
                and p["minsheng"] >= 1:
            found += [_skill("jiebing", c, city=city_term(c)) for c in mine]
    if name == "ACTION_START" and _has(state, seat, "heqin"):
        found += [_card("heqin", seat_arg(t), who=Seat(t)) for t in others(state, seat)]
    if name == "ACTION_END" and has_skill(state, seat, "xiying") \
            and uses(state, seat, "xiying") < 1 and p["captured"]:
        found.append(_skill("xiying"))
    return found


def own_turn_actions(state: State, seat: int, acted: bool) -> list[Action]:
    """OWN_TURN cards and skills (T3.2.3): they never use the turn's action."""
    p = player(state, seat)
    held = {kind_of(card) for card in p["hand"]}
    # the cities next to the seat's, for the two cards that reach them (asked at every
    # action of a turn, so read only for a hand that holds one)
    near = {n for c in controlled(state, seat) for n in neighbors(state, c)} \
        if held & {"caochuan", "diaohu"} else set()
    found: list[Action] = []
    if acted and _has(state, seat, "jixing"):
        found.append(_card("jixing"))
    if _has(state, seat, "wuzhong"):
        found.append(_card("wuzhong"))
    if _has(state, seat, "caochuan"):
        found += [_card("caochuan", seat_arg(t), who=Seat(t)) for t in others(state, seat)
                  if set(controlled(state, t)) & near]
    if _has(state, seat, "dacao"):
        found += [_card("dacao", seat_arg(t), who=Seat(t)) for t in others(state, seat)]
    if _has(state, seat, "fanjian") and p["pile"]:
        found += [_card("fanjian", seat_arg(t), who=Seat(t)) for t in others(state, seat)]
    if _has(state, seat, "diaohu"):
        for cid in sorted(near):
            for general, owner in sorted(state["cities"][cid]["generals"].items()):
                if owner != seat and [c for c in controlled(state, owner) if c != cid]:
                    found.append(_card("diaohu", general, general=char_term(general),
                                       city=city_term(cid)))
    if has_skill(state, seat, "jinjian") and uses(state, seat, "jinjian") < 1:
        found += [_skill("jinjian", seat_arg(t), who=Seat(t)) for t in others(state, seat)
                  if player(state, t)["pile"]]
    if has_skill(state, seat, "koumi") and uses(state, seat, "koumi") < 1 and p["pile"]:
        found += [_skill("koumi", seat_arg(t), who=Seat(t)) for t in others(state, seat)]
    if has_skill(state, seat, "fanfu") and uses(state, seat, "fanfu") < 1 and p["pile"]:
        # T7.5: a card of his own pile, or 反复 would be a free look at a card handed back
        found += [_skill("fanfu", seat_arg(t), who=Seat(t)) for t in others(state, seat)
                  if player(state, t)["pile"]]
    if has_skill(state, seat, "xianjian") and uses(state, seat, "xianjian") < 1:
        found.append(_skill("xianjian"))
    return found


def battle_actions(state: State, seat: int, side: str) -> list[Action]:
    """Battle 锦囊 and 李怀光's reroll in the seat's battle window (T8.4)."""
    battle = state["battle"]
    found: list[Action] = []
    if side == "def":
        if _has(state, seat, "jianbi"):
            found.append(_card("jianbi"))
        if _has(state, seat, "kongcheng") and battle["d_armies"] <= 3:
            found.append(_card("kongcheng"))
        if _has(state, seat, "yiyi"):
            found.append(_card("yiyi"))
    if side == "att" and _has(state, seat, "huogong"):
        found.append(_card("huogong"))
    if _has(state, seat, "yibing"):
        found += [_card("yibing", d, die=msg(f"tang.die.{d}")) for d in DICE]
    if _has(state, seat, "fudi"):
        found.append(_card("fudi"))
    if has_skill(state, seat, "shuofang") and "shuofang" not in battle["uses"]:
        own = ("a1", "a2") if side == "att" else ("d1", "d2")
        found += [_skill("shuofang", d, die=msg(f"tang.die.{d}")) for d in own]
    return found


# -- using one ------------------------------------------------------------------------------------
def use(state: State, seat: int, action: Action, resume: Step) -> list[Event]:
    """Play the card or use the skill of `action`, then come back to `resume`."""
    if action.kind == "skill":
        return _use_skill(state, seat, action, resume)
    kind = action.word()
    card = holding(state, seat, kind)
    assert card is not None
    player(state, seat)["hand"].remove(card)
    info = data_of(state).jinnang[kind]
    args = list(action.args[1:])
    target = _affected(state, seat, kind, info["target"], args)
    events = [log("tang.log.played", None, who=Seat(seat), card=card_term(card),
                  on=_on(state, kind, args, target))]
    if info["respondable"] and target is not None:
        state["in_play"].append(card)
        push(state, window("respond", [target], card=card, user=seat, args=args), resume)
        return events
    discard(state, card)
    push(state, resume)
    return events + _effect(state, seat, kind, args)


def _affected(state: State, seat: int, kind: str, target: str, args: list[Any]) -> int | None:
    """The one player a respondable card affects (T8.3)."""
    if target == "player":
        return seat_of_arg(int(args[0]))
    if target == "general":
        for c in state["cities"].values():
            if args[0] in c["generals"]:
                return int(c["generals"][args[0]])
    if target == "battle":
        battle = state["battle"]
        return int(battle["defender"] if seat == battle["attacker"] else battle["attacker"])
    return None


def _on(state: State, kind: str, args: list[Any], target: int | None) -> Any:
    if kind == "diaohu":
        return msg("tang.log.on_general", general=char_term(args[0]), who=Seat(target or 0))
    if kind == "mubing":
        return msg("tang.log.on_city", city=city_term(args[0]))
    if kind == "yibing":
        return msg("tang.log.on_die", die=msg(f"tang.die.{args[0]}"))
    if target is not None:
        return msg("tang.log.on_player", who=Seat(target))
    return ""


def respond_legal(state: State, step: Step, seat: int) -> list[Action]:
    if _has(state, seat, "shipo"):
        return [Action("respond", ("shipo",), label=msg("tang.action.respond"))]
    return []


def respond_done(state: State, step: Step) -> list[Event]:
    data = step["data"]
    card, user = data["card"], data["user"]
    state["in_play"].remove(card)
    discard(state, card)
    for seat, action in answers(step).items():
        if action.kind == "respond":
            answer = holding(state, seat, "shipo")
            assert answer is not None
            player(state, seat)["hand"].remove(answer)
            discard(state, answer)
            return [log("tang.log.seen_through", None, who=Seat(seat), card=card_term(card),
                        user=Seat(user))]
    return _effect(state, user, kind_of(card), data["args"])


def _effect(state: State, seat: int, kind: str, args: list[Any]) -> list[Event]:
    battle = state["battle"]
    side = None if battle is None else ("att" if seat == battle["attacker"] else "def")
    if kind in ("jianbi", "huogong"):
        return _modify(state, side, kind, 3)
    if kind == "yiyi":
        crossed = any(k != "none" for k in battle["crossed"])
        return _modify(state, side, kind, 4 if crossed else 2)
    if kind == "kongcheng":
        return _modify(state, "att", kind, -4)
    if kind == "fudi":
        battle["no_general"].append("def" if side == "att" else "att")
        return [log("tang.log.fudi", None, who=Seat(seat))]
    if kind == "yibing":
        return reroll(state, seat, args[0])
    if kind == "kaicang":
        spend_grain(state, seat, 6)
        before, after = change_minsheng(state, seat, 1)
        return [minsheng_event(seat, before, after)]
    if kind == "tuntian":
        n = len(controlled(state, seat))
        gain_grain(state, seat, n)
        return grain_told(state, [seat], msg("tang.log.grain", who=Seat(seat), grain=n),
                          msg("tang.log.grain_hidden", who=Seat(seat)))
    if kind == "mubing":
        add_armies(state, args[0], seat, 4)
        return [log("tang.log.placed", None, who=Seat(seat), count=4, city=city_term(args[0]))]
    if kind == "heqin":
        target = seat_of_arg(int(args[0]))
        state["truces"].append(sorted((seat, target)))
        return [log("tang.log.truce", None, who=Seat(seat), other=Seat(target))]
    if kind == "jixing":
        state["turn"]["free"] += 1
        return [log("tang.log.forced_march", None, who=Seat(seat))]
    if kind == "wuzhong":
        return draw_jinnang(state, seat, 2)
    if kind == "caochuan":
        target = seat_of_arg(int(args[0]))
        n = min(4, player(state, target)["grain"])
        move_grain(state, target, seat, n)
        shown: dict[str, Param] = {"who": Seat(seat), "other": Seat(target)}
        return grain_told(state, [seat, target], msg("tang.log.took_grain", **shown, grain=n),
                          msg("tang.log.took_grain_hidden", **shown))
    if kind == "dacao":
        return peek(state, seat, seat_of_arg(int(args[0])), everything=True)
    if kind == "fanjian":
        push(state, turn("give", seat, target=seat_of_arg(int(args[0])), then_take=True))
        return []
    if kind == "diaohu":
        push(state, turn("lure", seat, general=args[0]))
        return []
    raise AssertionError(f"no effect for {kind}")


def _modify(state: State, side: str | None, kind: str, value: int) -> list[Event]:
    battle = state["battle"]
    assert side is not None
    battle["mods"][side].append([f"tang.card.{kind}", value])
    return [log("tang.log.modifier", None, who=Seat(battle["attacker" if side == "att"
                                                           else "defender"]),
                value=f"{value:+d}", source=msg(f"tang.card.{kind}"))]


def reroll(state: State, seat: int, die: str) -> list[Event]:
    """疑兵 and 李怀光 (T7.5): the die takes its new value."""
    battle = state["battle"]
    why = msg("tang.why.reroll", die=msg(f"tang.die.{die}"))
    rolled = roll(state, 1, 6, who=Seat(seat), why=why)
    side, index = die[0], int(die[1]) - 1
    battle["dice"][side][index] = rolled.faces[0]
    return [rolled.event]


def _use_skill(state: State, seat: int, action: Action, resume: Step) -> list[Event]:
    skill = action.word()
    args = [str(a) for a in action.args[1:]]
    events = [log("tang.log.skill", None, who=Seat(seat), skill=skill_term(skill))]
    if skill == "shuofang":
        state["battle"]["uses"].append(skill)
    else:
        used(state, seat, skill)
    push(state, resume)
    if skill in ("mushi", "jiebing"):
        if skill == "jiebing":
            before, after = change_minsheng(state, seat, -1)
            events.append(minsheng_event(seat, before, after))
        n = 3 if skill == "mushi" else 10
        add_armies(state, args[0], seat, n)
        events.append(log("tang.log.placed", None, who=Seat(seat), count=n,
                          city=city_term(args[0])))
    elif skill == "yiqi":
        before, after = change_minsheng(state, seat, 1)
        events.append(minsheng_event(seat, before, after))
    elif skill == "xiying":
        events += draw_jinnang(state, seat, 1)
    elif skill == "shuofang":
        events += reroll(state, seat, args[0])
    elif skill == "jinjian":
        events += peek(state, seat, seat_of_arg(int(args[0])), everything=False)
    elif skill == "koumi":
        push(state, turn("give", seat, target=seat_of_arg(int(args[0])), then_take=True))
    elif skill == "fanfu":
        target = seat_of_arg(int(args[0]))
        events += _take_random(state, seat, target, exclude=None)
        push(state, turn("give", seat, target=target, then_take=False))
    elif skill == "xianjian":
        holder = next((s for s in range(seats(state)) if holds_anlushan(state, s)), None)
        found = msg("tang.log.nobody") if holder is None else Seat(holder)
        player(state, seat)["knowledge"].append({"kind": "anlushan", "holder": holder,
                                                 "round": state["round"]})
        events.append(log("tang.log.foresight", (seat,), holder=found))
    return events


# -- character cards moving between piles (T7.5) --------------------------------------------------
def peek(state: State, seat: int, target: int, everything: bool) -> list[Event]:
    pile = player(state, target)["pile"]
    if not pile:
        return [log("tang.log.peek_empty", (seat,), other=Seat(target))]
    if everything:
        seen = sorted(pile)
        events = [log("tang.log.peek_all", (seat,), other=Seat(target),
                      characters=tuple(char_term(c) for c in seen))]
    else:
        drawn = pick(state, sorted(pile), msg("tang.log.peek_one", who=Seat(seat),
                                              other=Seat(target)),
                     show=char_term, seen_by=(seat,))
        seen = [drawn.item]
        events = list(drawn.events)
    player(state, seat)["knowledge"].append({"kind": "peek", "about": target, "cards": seen,
                                             "round": state["round"]})
    return events


def give_legal(state: State, step: Step, seat: int) -> list[Action]:
    return [Action("give", (c,), label=msg("tang.action.give", character=char_term(c)))
            for c in sorted(player(state, seat)["pile"])]


def give_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    card = answers(step)[seat].word()
    target = step["data"]["target"]
    player(state, seat)["pile"].remove(card)
    player(state, target)["pile"].append(card)
    player(state, seat)["knowledge"].append({"kind": "gave", "card": card, "to": target,
                                             "round": state["round"]})
    events = [log("tang.log.gave", None, who=Seat(seat), other=Seat(target)),
              log("tang.log.received", (target,), who=Seat(seat), character=char_term(card))]
    if step["data"]["then_take"]:
        events += _take_random(state, seat, target, exclude=card)
    return events


def _take_random(state: State, seat: int, target: int, exclude: str | None) -> list[Event]:
    pool = sorted(c for c in player(state, target)["pile"] if c != exclude)
    if not pool:
        return [log("tang.log.nothing_taken", None, who=Seat(seat), other=Seat(target))]
    drawn = pick(state, pool, msg("tang.log.took_card", who=Seat(seat), other=Seat(target)),
                 show=char_term, seen_by=(seat, target))
    player(state, target)["pile"].remove(drawn.item)
    player(state, seat)["pile"].append(drawn.item)
    return list(drawn.events)


def lure_legal(state: State, step: Step, seat: int) -> list[Action]:
    general = step["data"]["general"]
    where, owner = _general_at(state, general)
    if where is None:
        return [Action("to", ("none",), label=msg("tang.action.back"))]
    return [choices.to(c) for c in controlled(state, owner) if c != where]


def lure_done(state: State, step: Step) -> list[Event]:
    (seat,) = step["seats"]
    target = answers(step)[seat].word()
    general = step["data"]["general"]
    where, owner = _general_at(state, general)
    if where is None or target == "none":
        return []
    del state["cities"][where]["generals"][general]
    state["cities"][target]["generals"][general] = owner
    return [log("tang.log.lured", None, general=char_term(general), source=city_term(where),
                city=city_term(target))]


def _general_at(state: State, general: str) -> tuple[str | None, int]:
    for cid, c in state["cities"].items():
        if general in c["generals"]:
            return cid, int(c["generals"][general])
    return None, -1


# -- locked effects at a player's step of a phase window (T8.2 step 1) ----------------------------
def locked_at(state: State, seat: int, name: str) -> list[Event]:
    events: list[Event] = []
    if name == "SUPPLY_START":
        if has_skill(state, seat, "yunchou"):
            events.append(log("tang.log.skill", None, who=Seat(seat), skill=skill_term("yunchou")))
            events += draw_jinnang(state, seat, 1)
        if has_skill(state, seat, "hushi"):
            events += _skill_grain(state, seat, "hushi", 3)
        if has_skill(state, seat, "mujian"):
            data = data_of(state)
            n = len({data.cities[c]["region"] for c in controlled(state, seat)})
            events += _skill_grain(state, seat, "mujian", n)
    if name == "ACTION_START":
        for cid, c in state["cities"].items():
            if c["generals"].get(AN_LUSHAN) == seat and c["controller"] == seat:
                add_armies(state, cid, seat, 3)
                events.append(log("tang.log.anlushan_rises", None, who=Seat(seat),
                                  city=city_term(cid)))
    return events


def _skill_grain(state: State, seat: int, skill: str, n: int) -> list[Event]:
    """A locked skill's grain (葛勒可汗, 王毛仲), its amount told as grain lines are (T9)."""
    gain_grain(state, seat, n)
    shown: dict[str, Param] = {"who": Seat(seat), "skill": skill_term(skill)}
    return grain_told(state, [seat], msg("tang.log.skill_grain", **shown, grain=n),
                      msg("tang.log.skill_grain_hidden", **shown))
