"""Intelligence contests (R9.5) and the battle deck (AMB-1), shared by general stratagems and
attacks. The battle deck is always complete and reshuffled before use; tests fix its top with
`games.core.chance.force` so the rulebook's worked examples come out exactly."""

from __future__ import annotations

from games.core import Event
from games.core.chance import shuffle
from games.core.messages import Msg, Seat, Term, msg
from games.record.data import DATA, deck_term, term
from games.record.state import State, intelligence, player


def contest(state: State, card: str, user: int, opponent: int) -> dict:
    """Strictly greater intelligence wins (R9.5.2); both advisors turn face up (R9.5.3)."""
    mine, theirs = intelligence(state, user), intelligence(state, opponent)
    player(state, user)["advisor_up"] = True
    player(state, opponent)["advisor_up"] = True
    return {"card": card, "user": user, "opponent": opponent, "user_int": mine,
            "opponent_int": theirs, "success": mine > theirs}


def contest_text(state: State, result: dict) -> Msg:
    user, opp = result["user"], result["opponent"]
    a = player(state, user)["advisor"]
    b = player(state, opp)["advisor"]
    return msg("record.contest", card=term(result["card"]), user=Seat(user),
               user_advisor=term(a), user_int=DATA.advisors[a]["intelligence"],
               opponent=Seat(opp), opponent_advisor=term(b),
               opponent_int=DATA.advisors[b]["intelligence"],
               verdict=Term("record.contest.success" if result["success"]
                            else "record.contest.failure"))


def shuffle_battle_deck(state: State) -> Event:
    """Shuffle the full battle deck before cards are drawn from it (AMB-1)."""
    return shuffle(state, state["battle_deck"], msg("record.shuffled", deck=deck_term("battle")))


def draw_battle_cards(state: State, count: int) -> list[int]:
    """Take `count` cards off the top of the (already shuffled) battle deck."""
    deck = state["battle_deck"]
    if count > len(deck):
        raise AssertionError("The battle deck ran short (AMB-1 says it never can).")
    drawn, deck[:] = deck[:count], deck[count:]
    return drawn


def return_battle_cards(state: State, cards: list[int]) -> Event:
    """R13.10: every battle card goes back and the deck is reshuffled."""
    state["battle_deck"].extend(cards)
    return shuffle(state, state["battle_deck"], msg("record.battle_cards_back"))
