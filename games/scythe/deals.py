"""Coin deals between players (spec S20.4; rulebook KO 8 "동맹과 매수"): informal agreements are
allowed and never enforced, and coins are the only thing that may change hands. The table
option `tournament` turns deals off (KO 8: no coins are exchanged in a tournament game).

The engine contract lets only an awaited seat act, so a deal is made on the giver's own turn:
at its start (the `section` frame, before the action token is placed) the active player may
`offer <seat>` to each other player once a turn, then says how many coins (`coins <n>`, or
`cancel`), and the other player alone is asked to `accept` or `refuse`. What was agreed in
return is talked over at the table, not enforced. Coins go over only on acceptance. When coins
are hidden (S21.1) the amounts are told to the two parties only; everyone reads that a deal
was offered and how it was answered."""

from __future__ import annotations

from games.core import Action, Event
from games.core.messages import Msg, Param, msg
from games.scythe import words as w
from games.scythe.flow import Decision, offered
from games.scythe.state import Frame, State, player, pop, push

OFFER = "offer"  # the giver's verb on the section frame, and the frame choosing the amount
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
    """`offer <seat>` for the section frame: listed after the sections."""
    return [Action(OFFER, (other,), msg("scythe.label.offer", who=w.who(other)))
            for other in _open_to(state, seat)]


def begin_offer(state: State, seat: int, action: Action) -> list[Event]:
    """The offer is not told yet: first the giver says how many coins (or cancels)."""
    other = int(action.args[0])
    state["turn"]["offered"] = [*_offered(state), other]
    push(state, {"kind": OFFER, "seat": seat, "to": other})
    return []


def refusal(state: State, frame: Frame, action: Action) -> Msg | None:
    """Why `offer <seat>` is not possible now, when it is the offer verb."""
    if action.kind != OFFER:
        return None
    if not allowed(state):
        return msg("scythe.refuse.deals_off")
    if frame["kind"] != "section":
        return msg("scythe.refuse.offer_when")
    seat = frame["seat"]
    other = action.args[0] if len(action.args) == 1 else None
    if player(state, seat)["coins"] < 1:
        return msg("scythe.refuse.offer_no_coins")
    if other in _offered(state):
        return msg("scythe.refuse.offer_again", who=w.who(int(other)))
    return msg("scythe.refuse.offer_form", choices=offered(offers(state, seat)))


# -- the giver: how many coins ----------------------------------------------------------------
def _offer_legal(state: State, frame: Frame) -> list[Action]:
    """Every amount the giver holds, from one coin up, then `cancel`: one choice."""
    who = w.who(frame["to"])
    coins = player(state, frame["seat"])["coins"]
    return [*(Action("coins", (n,), msg("scythe.label.offer_coins", what=w.amount("coins", n),
                                        who=who)) for n in range(1, coins + 1)),
            Action("cancel", (), msg("scythe.label.offer_cancel"))]


def _offer_apply(state: State, frame: Frame, action: Action) -> list[Event]:
    pop(state)
    if action.kind == "cancel":
        return []
    seat, other, coins = frame["seat"], frame["to"], int(action.args[0])
    push(state, {"kind": ANSWER, "seat": other, "giver": seat, "coins": coins})
    return _told(state, (seat, other), "scythe.deal.offers", coins, who=w.who(seat),
                 to=w.who(other))


def _offer_refuse(state: State, frame: Frame, action: Action) -> Msg | None:
    if action.kind != "coins":
        return None
    return msg("scythe.refuse.offer_coins", most=player(state, frame["seat"])["coins"],
               choices=offered(_offer_legal(state, frame)))


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
