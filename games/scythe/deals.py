"""Coin deals between players (spec S20.4; rulebook KO 8 "동맹과 매수"): informal agreements are
allowed and never enforced, and coins are the only thing that may change hands. The table
option `tournament` turns deals off (KO 8: no coins are exchanged in a tournament game).

The engine contract lets only an awaited seat act, so a deal is made on the giver's own turn:
at its start (the `section` frame, before the action token is placed) the active player may
`offer`, then chooses the player (`to <seat>`, each other player once a turn) and how many
coins (`coins <n>`), either step `cancel`-able; the other player alone is then asked to
`accept` or `refuse`. What was agreed in
return is talked over at the table, not enforced. Coins go over only on acceptance. When coins
are hidden (S21.1) the amounts are told to the two parties only; everyone reads that a deal
was offered and how it was answered."""

from __future__ import annotations

from games.core import Action, Event
from games.core.messages import Msg, Param, msg
from games.scythe import words as w
from games.scythe.frames import Decision, offered
from games.scythe.state import Frame, State, player, pop, push

OFFER = "offer"  # the giver's verb on the section frame, and the frame choosing whom and how much
ANSWER = "answer"  # the receiver's frame
OPTION = "tournament"


def allowed(state: State) -> bool:
    """S20.4: deals are off under tournament rules."""
    return not state["options"].get(OPTION, False)


def _offered(state: State) -> list[int]:
    """The players offered to this turn (read only: a state saved before deals has none)."""
    return list(state["turn"].get("offered", []))


def _open_to(state: State, seat: int) -> list[int]:
    """The players `seat` may still make an offer to this turn (once each, so a turn ends)."""
    if not allowed(state) or player(state, seat)["coins"] < 1:
        return []
    return [s for s in state["order"] if s != seat and s not in _offered(state)]


def offers(state: State, seat: int) -> list[Action]:
    """One `offer` for the section frame, listed after the sections, while someone is left
    to offer to: whom and how much are the next steps, not a list of every pair."""
    if not _open_to(state, seat):
        return []
    return [Action(OFFER, (), w.label("scythe.label.offer"))]


def begin_offer(state: State, seat: int, action: Action) -> list[Event]:
    """The offer is not told yet: first the giver says to whom and how many coins."""
    push(state, {"kind": OFFER, "seat": seat, "to": None})
    return []


def refusal(state: State, frame: Frame, action: Action) -> Msg | None:
    """Why `offer` is not possible now, when it is the offer verb."""
    if action.kind != OFFER:
        return None
    if not allowed(state):
        return msg("scythe.refuse.deals_off")
    if frame["kind"] != "section":
        return msg("scythe.refuse.offer_when")
    if player(state, frame["seat"])["coins"] < 1:
        return msg("scythe.refuse.offer_no_coins")
    if not _open_to(state, frame["seat"]):
        return msg("scythe.refuse.offered_all")
    return msg("scythe.refuse.offer_form")


# -- the giver: to whom, then how many coins --------------------------------------------------
def _offer_legal(state: State, frame: Frame) -> list[Action]:
    """First each player not offered to yet this turn, then every amount the giver holds
    from one coin up; `cancel` last at both steps."""
    cancel = Action("cancel", (), msg("scythe.label.offer_cancel"))
    if frame["to"] is None:
        return [*(Action("to", (s,), msg("scythe.label.offer_to", who=w.who(s)))
                  for s in _open_to(state, frame["seat"])), cancel]
    who = w.who(frame["to"])
    coins = player(state, frame["seat"])["coins"]
    return [*(Action("coins", (n,), msg("scythe.label.offer_coins", what=w.amount("coins", n),
                                        who=who)) for n in range(1, coins + 1)), cancel]


def _offer_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    """Choosing the player spends this turn's offer to them, even if it is then cancelled
    (so a turn always ends); the offer is told once its amount is set."""
    if action.kind == "to":
        frame["to"] = int(action.args[0])
        state["turn"]["offered"] = [*_offered(state), frame["to"]]
        return []
    pop(state)
    if action.kind == "cancel":
        return []
    seat, other, coins = frame["seat"], frame["to"], int(action.args[0])
    push(state, {"kind": ANSWER, "seat": other, "giver": seat, "coins": coins})
    return _told(state, (seat, other), "scythe.deal.offers", coins, who=w.who(seat),
                 to=w.who(other))


def _offer_refuse(state: State, frame: Frame, action: Action) -> Msg | None:
    choices = offered(_offer_legal(state, frame))
    if action.kind == "to" and frame["to"] is None and action.args and \
            action.args[0] in _offered(state):
        return msg("scythe.refuse.offer_again", who=w.who(int(action.args[0])),
                   choices=choices)
    if action.kind == "coins" and frame["to"] is not None:
        return msg("scythe.refuse.offer_coins", most=player(state, frame["seat"])["coins"],
                   choices=choices)
    return None


# -- the receiver: accept or refuse ------------------------------------------------------------
def _answer_legal(state: State, frame: Frame) -> list[Action]:
    what, who = w.amount("coins", frame["coins"]), w.who(frame["giver"])
    return [Action("accept", (), msg("scythe.label.deal_accept", what=what, who=who)),
            Action("refuse", (), msg("scythe.label.deal_refuse", what=what, who=who))]


def _answer_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    """Coins change hands only now; then the giver's turn goes on where it was."""
    pop(state)
    seat, giver, coins = frame["seat"], frame["giver"], frame["coins"]
    key = "scythe.deal.refused"
    if action.kind == "accept":
        player(state, giver)["coins"] -= coins
        player(state, seat)["coins"] += coins
        key = "scythe.deal.accepted"
    return _told(state, (giver, seat), key, coins, who=w.who(seat), giver=w.who(giver))


def _told(state: State, parties: tuple[int, int], key: str, coins: int,
          **params: Param) -> list[Event]:
    """A deal's line: whole when coins are visible; else without the amount for everyone and
    with it for the two parties only (S21.1)."""
    def line(hide: bool) -> Msg:
        return msg(key, what=w.amount("coins", coins, hide_coins=hide), **params)
    if not w.coins_hidden(state):
        return [Event(line(False))]
    return [Event(line(True)), Event(line(False), seats=parties)]


def skip(state: State, frame: Frame) -> Action | None:
    """S21.3: an answer not given before the deadline is a refusal."""
    return Action("refuse") if frame["kind"] == ANSWER else None


DECISIONS = {
    OFFER: Decision(_offer_legal, _offer_apply, _offer_refuse),
    ANSWER: Decision(_answer_legal, _answer_apply),
}
