"""Batch entry and battle plans (W33.4), for play by post.

A player may enter a whole action step (and redeploy step) as one action, `orders`, whose
words are the lines of W33.3's text forms separated by the word `/` (`batch_action` builds it
from a text of one order per line):

    levy chenliu by cao_cao,xiahou_dun extra cao_cao xiahou_dun
    invade puyang from chenliu: xiahou_yuan,yue_jin +6
    end

The lines are applied in order, each exactly as if entered alone. A line that is illegal
before any die was rolled refuses the whole batch, naming the line and why (nothing applied:
the lines are validated together). Once a roll was made the lines before stay applied (a
refusal must never let a player roll again): the engine stops at the bad line, tells its
player why, and keeps it and the rest as a draft (`state["queue"]`, shown to that player only).
A decision owed by someone else (a battle) pauses the batch; it resumes, re-validating each
line, as soon as the step is the player's again.

A battle plan, `plan select=best|<g,…> retreat_below=<troops> retreat_to=<area>
pursue=yes|no` (or `plan off`), answers the prompts of the battles its player decides for,
round after round, until changed or until its answer is illegal; then the player is asked.
"""

from __future__ import annotations

import re
from typing import Any

from games.core.actions import Action
from games.core.errors import GameError, IllegalAction
from games.core.events import Event
from games.core.flow import Flow, Step, push, top, turn
from games.core.messages import msg
from games.wargame import alliance, citations, combat, orders
from games.wargame.data import data_for
from games.wargame.texts import area, general

State = dict[str, Any]
SEPARATOR = "/"
OWN_RULES = ("act", "redeploy")
PLAN = citations.rule(citations.BATCH)  # a battle plan's form


def batch_action(text: str) -> Action:
    """The `orders` action of a text with one order per line (blank lines skipped)."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return Action.parse("orders " + " / ".join(lines))


def lines_of(action: Action) -> list[str]:
    """The order lines of an `orders` action."""
    found: list[list[str]] = [[]]
    for word in action.args:
        if str(word) == SEPARATOR:
            found.append([])
        else:
            found[-1].append(str(word))
    return [" ".join(words) for words in found if words]


# -- running lines -------------------------------------------------------------------------------
def owns_step(state: State, seat: int) -> bool:
    step = top(state)
    return step is not None and step["rule"] in OWN_RULES and step["seats"] == [seat]


def submit(flow: Flow, state: State, seat: int, action: Action) -> list[Event]:
    """A new batch replaces any draft of the seat, and runs from its first line."""
    lines = lines_of(action)
    if not lines:
        raise IllegalAction(msg("wargame.batch.empty"), rule=citations.rule(citations.BATCH))
    if not owns_step(state, seat):
        raise IllegalAction(msg("wargame.batch.not_now"), rule=citations.rule(citations.BATCH))
    state["queue"] = None
    return run(flow, state, seat, lines, first=True)


def run(flow: Flow, state: State, seat: int, lines: list[str], *, first: bool) -> list[Event]:
    """Apply the lines in order until one fails, another seat owes a decision, or all ran."""
    events: list[Event] = []
    rolled = False
    for index, line in enumerate(lines):
        if not owns_step(state, seat):
            if state["step"] is not None:  # paused by a battle: resumes later
                state["queue"] = {"seat": seat, "lines": lines[index:], "error": None}
                events.append(Event(msg("wargame.batch.paused", count=len(lines) - index),
                                    seats=(seat,)))
            return events
        try:
            told = run_line(flow, state, seat, line)
        except GameError as error:
            refused = IllegalAction(msg("wargame.batch.bad_line", number=index + 1, line=line,
                                        why=error.message), rule=error.rule)
            if first and not rolled:
                raise refused from None
            state["queue"] = {"seat": seat, "lines": lines[index:], "error": line}
            return [*events, Event(refused.cited, seats=(seat,))]
        rolled = rolled or any(e.kind == "chance" for e in told)
        events += told
    state["queue"] = None
    return events


def resume(flow: Flow, state: State) -> list[Event]:
    """A paused batch goes on once its player's step is back on top (a draft left by an
    error waits for the player)."""
    queue = state["queue"]
    if queue is None or queue["error"] is not None or not owns_step(state, queue["seat"]):
        if queue is not None and state["step"] is None:
            state["queue"] = None  # the phase is over
        return []
    return run(flow, state, int(queue["seat"]), list(queue["lines"]), first=False)


def run_line(flow: Flow, state: State, seat: int, line: str) -> list[Event]:
    """One order line, as if entered alone (W33.3's text forms)."""
    words = line.replace(";", " ; ").split()
    verb = words[0].lower()
    if verb in ("end", "ally", "allow"):
        return _allow_lines(flow, state, seat, words) if verb == "allow" else \
            flow.act(state, seat, alliance.named_gozoku(state, Action.parse(line)))
    if verb == "levy":
        return _levy(flow, state, seat, words)
    if verb == "diplo":
        return _diplo(flow, state, seat, words)
    if verb in ("block", "unblock"):
        return _markers(flow, state, seat, verb, words)
    if verb == "invade":
        return _invade(flow, state, seat, words)
    if verb == "move":
        return _move(flow, state, seat, words)
    raise IllegalAction(msg("wargame.batch.unknown", verb=verb),
                        rule=citations.rule(citations.TEXT_FORMS))


def _steps(flow: Flow, state: State, seat: int, actions: list[Action]) -> list[Event]:
    events: list[Event] = []
    for action in actions:
        events += flow.act(state, seat, action)
    return events


def _names(word: str) -> list[str]:
    return [w for w in re.split(r"[,+]", word) if w]


def _levy(flow: Flow, state: State, seat: int, words: list[str]) -> list[Event]:
    """`levy <area> [by <g,…>] [extra <g+g> <g> …]` (W10a)."""
    aid = words[1]
    rest = words[2:]
    chosen = _names(rest[1]) if rest[:1] == ["by"] else []
    groups = [_names(w) for w in rest[rest.index("extra") + 1:]] if "extra" in rest else []
    actions = [Action("levy", (aid,)), *(Action("general", (g,)) for g in chosen)]
    for group in groups:
        actions += [Action("extra", (group[0],)), *(Action("join", (g,)) for g in group[1:])]
    return _steps(flow, state, seat, [*actions, Action("confirm")])


def _diplo(flow: Flow, state: State, seat: int, words: list[str]) -> list[Event]:
    """`diplo by <g+g> <g> …` (W11a)."""
    actions = [Action("diplo")]
    for word in words[2:]:
        group = _names(word)
        actions += [Action("group", (group[0],)), *(Action("join", (g,)) for g in group[1:])]
    return _steps(flow, state, seat, [*actions, Action("confirm")])


def _markers(flow: Flow, state: State, seat: int, verb: str, words: list[str]) -> list[Event]:
    """`block <a>-<b> [xN]` / `unblock <a>-<b> [xN]` (W15)."""
    a, _, b = words[1].partition("-")
    times = int(words[2][1:]) if len(words) > 2 and words[2][:1] == "x" else 1
    one = [Action("block"), Action("from", (a,)), Action("to", (b,))] if verb == "block" \
        else [Action("unblock", tuple(sorted((a, b))))]
    return _steps(flow, state, seat, one * times)


def _allow_lines(flow: Flow, state: State, seat: int, words: list[str]) -> list[Event]:
    """`allow <nation> troops <k>dp generals <m>dp` (W12.4): 1 DP at a time."""
    nid = words[1]
    actions: list[Action] = []
    for kind, amount in zip(words[2::2], words[3::2], strict=False):
        actions += [Action("allow", (nid, kind))] * int(amount.lower().removesuffix("dp"))
    return _steps(flow, state, seat, actions)


def _parts(words: list[str]) -> tuple[list[str], dict[str, int]]:
    """The contingents `from <area>: <g,…> +<n>` (`;` between them, `with <nation>` before an
    ally's) as chosen generals and troops by source."""
    chosen: list[str] = []
    sent: dict[str, int] = {}
    source: str | None = None
    before = ""
    for word in words:
        if word == ";" or word in ("with", "from") or before == "with":
            pass  # separators, and the nation named after `with`
        elif before == "from":
            source = word.rstrip(":")
        elif source is None:
            raise IllegalAction(msg("wargame.batch.no_source", word=word),
                                rule=citations.rule(citations.TEXT_FORMS))
        elif word.lstrip("+").isdigit():
            sent[source] = sent.get(source, 0) + int(word.lstrip("+"))
        else:
            chosen += _names(word)
        before = word
    return chosen, sent


def _invade(flow: Flow, state: State, seat: int, words: list[str]) -> list[Event]:
    """`invade <target> from <area>: <g,…> +<n> [; from …] [with <nation> from …]` (W16a)."""
    target = words[1]
    chosen, sent = _parts(words[2:])
    if Action("invade", (target,)) not in flow.legal_actions(state, seat):
        raise IllegalAction(msg("wargame.refuse.invade_target", area=area(target)),
                            rule=citations.rule(citations.INVASION_ORDER))
    problem = orders.invasion_problem(state, target, chosen, sent)
    if problem is not None:
        raise IllegalAction(problem, rule=citations.invasion_rule(problem))
    state["flow"]["stack"].pop()  # the act step, answered by this line
    return orders.declare_invasion(state, seat, target, chosen, sent) + flow.settle(state)


def _move(flow: Flow, state: State, seat: int, words: list[str]) -> list[Event]:
    """`move <g,…> +<n> <from> > <to>` (W25a: the engine finds the cheapest legal path)."""
    step = top(state)
    if step is None or step["rule"] != "redeploy":
        raise IllegalAction(msg("wargame.batch.not_now"), rule=citations.rule(citations.BATCH))
    head, _, to = " ".join(words[1:]).partition(">")
    parts = head.split()
    count = sum(int(w.lstrip("+")) for w in parts if w.lstrip("+").isdigit())
    names = [n for w in parts[:-1] if not w.lstrip("+").isdigit() for n in _names(w)]
    source, target = parts[-1], to.strip()
    gens, free = orders.movable(state, source)
    for g in names:
        if g not in gens:
            raise IllegalAction(msg("wargame.refuse.general_busy", general=general(g)),
                                rule=citations.rule(citations.REDEPLOY))
    if count > free or not (names or count):
        raise IllegalAction(msg("wargame.refuse.troops_busy", area=area(source), count=free),
                            rule=citations.rule(citations.REDEPLOY))
    points = data_for(state["options"]).constants["move_points"]
    if target not in orders.reach(state, source, int(points["troops" if count else "general"])):
        raise IllegalAction(msg("wargame.refuse.no_path", source=area(source),
                                target=area(target)), rule=citations.rule("W25.2"))
    state["flow"]["stack"].pop()  # the redeploy step, answered by this line
    push(state, turn("redeploy", seat, nation=state["redeploy"]["nation"]))
    return orders.redeploy(state, source, target, names, count)


# -- battle plans --------------------------------------------------------------------------------
PLAN_KEYS = ("select", "retreat_below", "retreat_to", "pursue")


def set_plan(state: State, seat: int, action: Action) -> list[Event]:
    """`plan key=value …` or `plan off`: the seat's standing answers in battle (W33.4)."""
    words = [str(w) for w in action.args]
    if words == ["off"]:
        state["plans"].pop(str(seat), None)
        return [Event(msg("wargame.plan.off"), seats=(seat,))]
    plan: dict[str, Any] = {}
    for word in words:
        key, _, value = word.partition("=")
        if key not in PLAN_KEYS or not value:
            raise IllegalAction(msg("wargame.plan.bad", word=word), rule=PLAN)
        if key == "retreat_below":
            if not value.isdigit():
                raise IllegalAction(msg("wargame.plan.bad", word=word), rule=PLAN)
            plan[key] = int(value)
        elif key == "pursue":
            if value not in ("yes", "no"):
                raise IllegalAction(msg("wargame.plan.bad", word=word), rule=PLAN)
            plan[key] = value == "yes"
        else:
            plan[key] = value if key == "retreat_to" or value == "best" else _names(value)
    if not plan:
        raise IllegalAction(msg("wargame.plan.bad", word="-"), rule=PLAN)
    state["plans"][str(seat)] = plan
    return [Event(msg("wargame.plan.set", plan=" ".join(words)), seats=(seat,))]


def planned(state: State, seat: int, step: Step) -> Action | None:
    """What the seat's plan answers to the battle step on top, if it says anything."""
    plan = state["plans"].get(str(seat))
    if plan is None or state["battle"] is None:
        return None
    rule = step["rule"]
    if rule == "select" and "select" in plan:
        return _select(state, seat, plan["select"])
    if rule == "declare" and "retreat_below" in plan:
        own = combat.army_troops(state, step["data"]["side"])
        return Action("retreat" if own < int(plan["retreat_below"]) else "stay")
    if rule == "pursue" and "pursue" in plan:
        return Action("pursue" if plan["pursue"] else "no_pursue")
    if rule == "retreat" and "retreat_to" in plan:
        return Action("to", (plan["retreat_to"],))
    return None


def _select(state: State, seat: int, wanted: str | list[str]) -> Action:
    """The next general of the plan's list still in the army (else the best, W33.5); in a
    duel `done` once the list is fielded."""
    b = state["battle"]
    side = combat.choosing_side(state, seat)
    drafted = b["drafts"][side]
    army = combat.army_generals(state, side)
    listed = combat.auto_picks(state, side) if wanted == "best" else list(wanted)
    found = [g for g in listed if g in army and g not in drafted]
    if found:
        return Action("general", (found[0],))
    if b["method"] == "ikki":
        return Action("done")
    best = [g for g in combat.auto_picks(state, side) if g not in drafted]
    return Action("general", (best[0],)) if best else Action("done")
