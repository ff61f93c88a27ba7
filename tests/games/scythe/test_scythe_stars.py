"""Gains with the track limits (S1.5, A11), card draws (S3.3), stars (S17) and the end of the
game (S18): T34, the end parts of T41 and T42 (S18.3), T43 (deferred neighbour stars)."""

from __future__ import annotations

from games.scythe import gains
from games.scythe.state import card_value
from tests.games.scythe.scenario import deal, place, table

NORDIC, CRIMEA, SAXONY = 0, 1, 2


def three_players() -> dict:
    """Nordic (industrial, 1: first), Crimea, Saxony: clockwise Nordic, Crimea, Saxony."""
    state = table(("nordic", "industrial"), ("crimea", "patriotic"), ("saxony", "mechanical"))
    assert state["order"] == [NORDIC, CRIMEA, SAXONY] and state["active"] == NORDIC
    return state


def five_stars(state: dict, seat: int) -> None:
    state["players"][seat]["stars"] = {"upgrades": 1, "structures": 1, "recruits": 1,
                                       "workers": 1, "objective": 1}


# -- tracks (A11) ----------------------------------------------------------------------------
def test_power_stops_at_16_and_gives_its_star_once() -> None:
    state = three_players()
    nordic = state["players"][NORDIC]
    nordic["power"] = 14
    events = gains.gain(state, NORDIC, {"power": 3})
    assert nordic["power"] == 16 and nordic["stars"] == {"power": 1}
    assert any("16 power" in str(e.text) for e in events)
    gains.lose(state, NORDIC, {"power": 5})
    gains.gain(state, NORDIC, {"power": 9})
    assert nordic["power"] == 16 and nordic["stars"] == {"power": 1}


def test_popularity_stops_at_18_and_losses_stop_at_0() -> None:
    state = three_players()
    nordic = state["players"][NORDIC]
    gains.gain(state, NORDIC, {"popularity": 30, "coins": 5})
    assert nordic["popularity"] == 18 and nordic["coins"] == 9
    assert nordic["stars"] == {"popularity": 1}
    events = gains.lose(state, NORDIC, {"popularity": 25, "coins": 20, "power": 1})
    assert (nordic["popularity"], nordic["coins"], nordic["power"]) == (0, 0, 3)
    assert str(events[0].text) == "Seat 1 loses $9, 1 power (3), and 18 popularity (0)."
    assert gains.lose(state, NORDIC, {"popularity": 1}) == []


def test_gain_coins_does_not_show_the_total() -> None:
    """S21.1: coins may be hidden, so a public event gives the amount, not the purse."""
    state = three_players()
    events = gains.gain(state, CRIMEA, {"coins": 2, "power": 1})
    assert [str(e.text) for e in events] == ["Seat 2 gains $2 and 1 power (6)."]


# -- combat cards (S3.3) ---------------------------------------------------------------------
def test_draws_are_private_and_reshuffle_the_discard() -> None:
    state = three_players()
    state["decks"]["combat_discard"] = state["decks"]["combat"][:3]
    state["decks"]["combat"] = state["decks"]["combat"][3:4]
    rng = state["rng"]
    events = gains.gain(state, CRIMEA, {"combat_cards": 3})
    hand = state["players"][CRIMEA]["cards"]
    assert len(hand) == 3 and state["decks"]["combat_discard"] == []
    assert len(state["decks"]["combat"]) == 1 and state["rng"] != rng
    public = " ".join(str(e.text) for e in events if e.public)
    assert "shuffled" in public and "draws 3 combat cards" in public
    assert not any(card in public for card in hand)
    private = [e for e in events if not e.public]
    assert private[0].seats == (CRIMEA,) and all(card not in str(private[0].text) for card in hand)
    assert f"You draw combat cards {english_values(hand)}." == str(private[0].text)


def english_values(hand: list[str]) -> str:
    first, second, third = (card_value(card) for card in hand)
    return f"{first}, {second}, and {third}"


def test_no_card_when_deck_and_discard_are_empty() -> None:
    state = three_players()
    state["decks"]["combat"] = ["cc01"]
    gains.draw_cards(state, SAXONY, 2)
    assert state["players"][SAXONY]["cards"] == ["cc01"]
    events = gains.draw_cards(state, SAXONY, 1)
    assert state["players"][SAXONY]["cards"] == ["cc01"]
    assert [str(e.text) for e in events] == [
        "Seat 3 draws no combat card: the deck and the discard pile are empty."]


def test_discarded_cards_show_values_not_ids() -> None:
    state = three_players()
    deal(state, SAXONY, 4, 2, 5)
    hand = list(state["players"][SAXONY]["cards"])
    events = gains.discard_cards(state, SAXONY, hand[:2])
    assert state["players"][SAXONY]["cards"] == hand[2:]
    assert state["decks"]["combat_discard"] == hand[:2]
    assert str(events[0].text) == "Seat 3 discards combat cards 4 and 2."
    assert [card_value(c) for c in hand] == [4, 2, 5]


# -- stars (S17) -----------------------------------------------------------------------------
def test_t34_combat_star_cap() -> None:
    """Nordic with 2 combat stars wins again: no star. Saxony with 2: a 3rd star."""
    state = three_players()
    state["players"][NORDIC]["stars"] = {"combat": 2}
    state["players"][SAXONY]["stars"] = {"combat": 2}
    events = gains.award_star(state, NORDIC, "combat")
    assert state["players"][NORDIC]["stars"] == {"combat": 2}
    assert "already placed" in str(events[0].text)
    gains.award_star(state, SAXONY, "combat")
    assert state["players"][SAXONY]["stars"] == {"combat": 3}


def test_other_achievements_give_one_star_each() -> None:
    state = three_players()
    gains.award_star(state, SAXONY, "mechs")
    gains.award_star(state, SAXONY, "mechs")
    gains.award_star(state, SAXONY, "objective")
    gains.award_star(state, SAXONY, "objective")  # Saxony: its second objective (S9.4)
    gains.award_star(state, NORDIC, "objective")
    gains.award_star(state, NORDIC, "objective")
    assert state["players"][SAXONY]["stars"] == {"mechs": 1, "objective": 2}
    assert state["players"][NORDIC]["stars"] == {"objective": 1}


def test_t41_sixth_star_ends_the_game_at_once() -> None:
    """T41, the end: the sixth star (here the 4th mech) clears what was pending and ends the
    game; a popularity star waiting behind it is never placed."""
    state = three_players()
    five_stars(state, NORDIC)
    state["players"][CRIMEA]["popularity"] = 17
    state["stack"] = [{"kind": "end_turn", "seat": NORDIC}]
    gains.gain(state, CRIMEA, {"popularity": 1})  # a recruit bonus on Nordic's turn
    events = gains.award_star(state, NORDIC, "mechs")
    assert state["end"] == {"reason": "sixth_star", "seat": NORDIC}
    assert state["active"] is None and state["stack"] == []
    assert str(events[-1].text) == "Seat 1 has placed their sixth star: the game ends."
    assert gains.place_deferred(state) == []
    assert state["players"][CRIMEA]["stars"] == {}
    assert gains.award_star(state, CRIMEA, "combat") == []


def test_active_seat_defers_its_own_track_star_when_asked() -> None:
    """S7.5, S18.2: a bottom-row action places the active player's stars after its recruit
    bonuses: the star waits, then comes first, before the neighbours'."""
    state = three_players()
    state["players"][NORDIC]["power"] = 15
    state["players"][SAXONY]["power"] = 15
    gains.gain(state, SAXONY, {"power": 1})
    gains.gain(state, NORDIC, {"power": 1}, defer_stars=True)
    assert state["players"][NORDIC]["stars"] == {}
    events = gains.place_deferred(state)
    assert [str(e.text).split(" places")[0] for e in events] == ["Seat 1",
                                                                 "Seat 3"]
    assert state["turn"]["deferred"] == []


def test_t42_sixth_star_in_a_combat_undoes_moves_into_unfought_combats() -> None:
    """The first combat gives Nordic (attacking) its sixth star; the units that moved into the
    second combat's territory return where they began (S18.3, S13.14); the winner of the
    first stays."""
    state = three_players()
    five_stars(state, NORDIC)
    place(state, NORDIC, "character", "r1c4")  # won there; the loser already retreated
    place(state, NORDIC, "mech:speed", "r2c5")  # still facing a Crimea mech
    place(state, CRIMEA, "mech:speed", "r2c5")
    place(state, NORDIC, "worker:3", "r0c4")  # moved, no opponent there
    state["turn"]["moved"] = {"0/character": "home_nordic", "0/mech:speed": "r0c4",
                              "0/worker:3": "r0c5"}
    state["stack"] = [{"kind": "end_turn", "seat": NORDIC},
                      {"kind": "combat_order", "seat": NORDIC}]
    events = gains.award_star(state, NORDIC, "combat")
    units = state["players"][NORDIC]["units"]
    assert units["mech:speed"] == "r0c4"
    assert units["character"] == "r1c4" and units["worker:3"] == "r0c4"
    assert state["players"][CRIMEA]["units"]["mech:speed"] == "r2c5"
    assert state["end"]["seat"] == NORDIC and state["stack"] == []
    assert any("Speed mech returns to Forest r0c4" in str(e.text) for e in events)


def test_t43_deferred_neighbour_star() -> None:
    """B at 17 popularity gains 1 by its Build recruit on A's turn: the star waits until A's
    action is over, then B places it."""
    state = three_players()
    state["players"][CRIMEA]["popularity"] = 17
    assert str(gains.gain(state, CRIMEA, {"popularity": 1})[0].text).endswith("(18).")
    assert state["players"][CRIMEA]["stars"] == {}
    assert state["turn"]["deferred"] == [[CRIMEA, "popularity"]]
    events = gains.place_deferred(state)
    assert state["players"][CRIMEA]["stars"] == {"popularity": 1}
    assert "Seat 2 places a star for 18 popularity" in str(events[0].text)


def test_deferred_stars_go_clockwise_from_the_left_and_stop_at_the_end() -> None:
    """S17.6, A8: Saxony (right of Nordic) and Crimea (left) both reach the top of a track on
    Nordic's turn; Crimea places first, its sixth star ends the game, Saxony places none."""
    state = three_players()
    for seat in (SAXONY, CRIMEA):
        five_stars(state, seat)
        state["players"][seat]["power"] = 16 - 1
    gains.gain(state, SAXONY, {"power": 1})
    gains.gain(state, CRIMEA, {"power": 1})
    gains.place_deferred(state)
    assert state["end"]["seat"] == CRIMEA
    assert "power" not in state["players"][SAXONY]["stars"]
