"""The Scythe board image: every sample draws, nothing own-only leaks into a public image, the
map shows every hex and what stands on it, and the final score shows every category."""

from __future__ import annotations

import copy
import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

import rendering
from games.core import Action, get_game, make_agent
from games.scythe import cards
from rendering.kit import fonts
from rendering.kit.views import score_categories as categories
from rendering.scythe import table
from rendering.scythe.score import category_name
from rendering.scythe.style import board_data
from tests.rendering.scythe import samples

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = samples.NAMES
MIN_H, MAX_H = 2500, 6000


def drawn(view: dict, cjk: bool = False, names: list[str] = NAMES) -> list[str]:
    return table.draw_table(view, names, fonts.resolve_cjk(cjk))[1]


def joined(view: dict, cjk: bool = False) -> str:
    return " | ".join(drawn(view, cjk))


def leaks(texts: list[str], secrets: set[str]) -> list[str]:
    return [t for t in texts for s in secrets if s in t]


def public(kind: str) -> dict:
    return samples.public_view(samples.SAMPLES[kind]())


@pytest.mark.parametrize("cjk", [True, False], ids=["cjk", "no-cjk"])
@pytest.mark.parametrize("is_public", [True, False], ids=["public", "own"])
@pytest.mark.parametrize("kind", sorted(samples.SAMPLES))
def test_every_sample_renders(kind: str, is_public: bool, cjk: bool) -> None:
    view = samples.SAMPLES[kind]()
    image, texts = table.draw_table(samples.public_view(view) if is_public else view, NAMES,
                                     fonts.resolve_cjk(cjk))
    assert image.width == table.WIDTH
    assert MIN_H <= image.height <= MAX_H
    if not cjk:
        assert not [t for t in texts if any(map(fonts.is_cjk_char, t))]


def test_board_png_dispatch_round_trips() -> None:
    data = rendering.render_board("scythe", public("late_game"), NAMES)
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        assert image.width == table.WIDTH


@pytest.mark.parametrize("kind", sorted(samples.SAMPLES))
def test_public_view_draws_no_own_field(kind: str) -> None:
    own = samples.SAMPLES[kind]()
    public_view = samples.public_view(own)
    assert not [p for p in public_view["players"] if "cards" in p or "objectives" in p]
    assert leaks(drawn(public_view), samples.SECRETS) == []
    assert leaks(drawn(public_view, cjk=True), samples.SECRETS) == []


def test_the_samples_really_carry_the_secrets() -> None:
    """The own views draw the markers, so the public checks above prove something."""
    texts = drawn(samples.turn_one()) + drawn(samples.factory_pick())
    assert {s for s in samples.SECRETS if leaks(texts, {s})} == samples.SECRETS


def test_own_fields_are_drawn_for_the_viewer_only() -> None:
    """A stray hand in another entry, or in a view without a viewer, never reaches pixels."""
    view = samples.turn_one()
    stray = copy.deepcopy(view)
    stray["players"][1].update(cards=stray["players"][0].pop("cards"),
                               objectives=stray["players"][0].pop("objectives"))
    assert leaks(drawn(stray), samples.SECRETS) == []
    no_viewer = dict(copy.deepcopy(view), viewer=None)
    assert leaks(drawn(no_viewer), samples.SECRETS) == []
    texts = joined(view)
    assert "Your combat cards: 2" in texts
    assert f"Your objective: {samples.SECRET_OBJECTIVE}" in texts


def test_factory_offer_is_shown_to_the_picker_only() -> None:
    texts = joined(samples.factory_pick())
    assert f"Factory cards you see: {samples.SECRET_OFFER}, Night Shift" in texts
    assert "Factory cards you see" not in joined(public("factory_pick"))


def test_hidden_coins_are_a_question_mark() -> None:
    assert joined(public("late_game")).count("Coins ?") == 4
    own = joined(samples.late_game())
    assert own.count("Coins ?") == 3 and "Coins 24" in own


def test_turn_header_names_the_player_and_the_decision() -> None:
    texts = joined(public("turn_one"))
    assert "Turn 1" in texts and "To play: Eve (Polania)" in texts
    assert "Eve (Polania) chooses a section of the player mat, or reveals an objective." in texts
    assert "Order: Polania → Nordic → Rusviet → Crimea → Saxony" in texts


def test_pending_combat_shows_who_committed_never_what() -> None:
    view = public("combat")
    texts = joined(view)
    assert "must secretly set the power dial and combat cards for the combat on r3c4" in texts
    assert "Committed in secret: Seat 3 (Saxony)" in texts  # 劉玄德 without a CJK font
    assert "dial" not in str(view["stack"][-1])


def test_every_hex_and_home_base_is_labelled() -> None:
    texts = drawn(public("mid_game"))
    ids = [t["id"] for t in board_data()["territories"]]
    assert len(ids) == 47 and all(i in texts for i in ids)
    assert texts.count("FACTORY") == 1
    assert {"Nordic", "Crimea", "Saxony"} <= set(texts) and texts.count("Inactive") == 4


def test_units_structures_and_resources_are_drawn_with_counts() -> None:
    texts = drawn(public("mid_game"))
    for chip in ("3w", "2o", "4m", "1o", "5f", "1w", "3m", "2f", "2m"):
        assert chip in texts, chip
    for letter in ("M", "Mo", "Mi", "A"):  # Mill, Monument, Mine, Armory
        assert letter in texts, letter
    for initial in ("N", "C", "S"):  # the three characters
        assert initial in texts, initial
    assert "4" in texts  # Saxony's four workers on r5c0


def test_encounter_tokens_taken_are_not_drawn() -> None:
    view = public("encounters_taken")
    assert drawn(view).count("!") == len(view["encounters"]) == 5
    assert drawn(public("turn_one")).count("!") == 11


def test_mats_show_progress() -> None:
    texts = joined(public("late_game"))
    assert "Power 16/16" in texts and "Popularity 18/18" in texts
    assert "★ Popularity" in texts and "★ Combat" in texts
    assert "Upgrades 6/6" in texts and "Workers on board 8, on mat 0" in texts
    assert "Mechs 4/4: Riverwalk, Township, People's Army, Speed" in texts
    assert "Recruits 4/4 (one-time: power, coin, popularity, card)" in texts
    assert "Revealed: Get Rich or Cry Trying" in texts and "Factory card: Armoured Convoy" in texts
    assert "Scoring: $5/star · $4/territory · $3/2 resources" in texts


def test_mat_sections_show_costs_and_upgrades() -> None:
    texts = drawn(public("mid_game"))
    # Nordic, Industrial: Upgrade (oil 3, one slot covered) and Deploy (metal 3, one covered)
    assert "Upgrade: 2 oil → $3" in texts and "Deploy: 2 metal → $2" in texts
    assert "3 units 1 step, or $1" in texts and "Last: Produce / Deploy" in texts
    assert "Enlisted: +1 popularity" in texts and "Recruit: +1 card" in texts


def test_score_image_contains_every_category() -> None:
    view = public("finished")
    texts = drawn(view)
    score = view["score"]
    for key in categories(score):
        assert category_name(key) in texts, key
    for entry in score["scores"]:
        assert str(entry["total"]) in texts
    assert "Winner Polania" in texts and "Total" in texts
    assert "30 (6 x $5)" in texts and "18 (6 x $3)" in texts
    assert "Resources (pairs x rate)" in texts
    assert "Tie-break: units + structures" in texts and "Tie-break: stars" in texts
    assert "Game over: Dana (Polania) placed the sixth star" in texts


def test_score_shows_an_unknown_category_by_its_key() -> None:
    view = public("finished")
    for entry in view["score"]["scores"]:
        entry["categories"]["river_ports"] = 1
    assert "River ports" in drawn(view)


def test_no_score_table_before_the_end() -> None:
    assert "Final score (coins)" not in drawn(public("late_game"))


def test_long_names_are_ellipsized_not_clipped() -> None:
    names = ["X" * 200, "🐉🐉", "", "Dana", "Eve"]
    texts = drawn(public("late_game"), names=names)
    assert any(t.startswith("XXX") and t.endswith(fonts.ELLIPSIS) for t in texts)
    assert "Seat 2" in texts and "Seat 3" in texts


def test_concurrent_rendering_matches_serial() -> None:
    views = [samples.public_view(build()) for build in samples.SAMPLES.values()]
    serial = [rendering.render_board("scythe", v, NAMES) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda v: rendering.render_board("scythe", v, NAMES), views))
    assert parallel == serial


# ---- real views from seeded games ----

WANTED = ("section", "encounter", "commit", "retreat", "factory_pick", "mid", "over")


@pytest.fixture(scope="module")
def played() -> dict[str, dict]:
    """States of seeded random games: the first decision of each kind in WANTED (a mid game
    is the first section choice from turn 100 on), and the end."""
    game = get_game("scythe")
    kept: dict[str, dict] = {}
    for seats, seed in ((3, 3), (5, 5)):
        state = game.setup(seats, {"coins_visible": seats == 3}, seed)
        agents = [make_agent("random", s) for s in range(seats)]
        while game.result(state) is None:
            kind = state["stack"][-1]["kind"]
            if kind == "section" and state["turn_number"] >= 100:
                kind = "mid"
            if kind in WANTED and kind not in kept:
                kept[kind] = copy.deepcopy(state)
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
        kept["over"] = state  # the last game's end: five players, coins hidden
    return kept


def secret_texts(state: dict) -> set[str]:
    """What only its owner may read: held objectives' names and the Factory cards on offer."""
    names = {cards.objective(o).name for p in state["players"] for o in p["objectives"]}
    shown = {cards.objective(o).name for p in state["players"] for o in p["objectives_done"]}
    if state["stack"] and state["stack"][-1]["kind"] == "factory_pick":
        names |= {cards.factory_card(f).title for f in state["decks"]["factory"]}
    return names - shown


def test_real_views_render_and_hide_secrets(played: dict) -> None:
    game = get_game("scythe")
    assert set(played) == set(WANTED)
    for key, state in played.items():
        public_view = game.view(state, None)
        image, texts = table.draw_table(public_view, NAMES, fonts.resolve_cjk(True))
        assert image.width == table.WIDTH and MIN_H <= image.height <= MAX_H, key
        assert leaks(texts, secret_texts(state) | samples.OWN_LABELS) == [], key
        deciding = game.to_act(state)
        for seat in deciding:
            own = drawn(game.view(state, seat))
            assert any(t.startswith("Your combat cards") for t in own), key
    assert any(t.startswith("Winner") for t in drawn(game.view(played["over"], None)))


def test_real_draft_renders() -> None:
    """During the draft a seat has no faction, then a faction but no pieces yet."""
    game = get_game("scythe")
    state = game.setup(3, {"assignment": "draft"}, 4)
    state, _ = game.apply(state, 0, Action("pick", ("crimea", "patriotic")))
    image, texts = table.draw_table(game.view(state, None), NAMES, False)
    assert image.width == table.WIDTH
    assert "Draft" in texts and "Bartholomew the Unbelievably Verbose Strategist picks a " \
        "faction and a player mat." in texts
    assert "Picked; the pieces go on the board after the last pick." in texts
    assert texts.count("Picks a faction and a player mat in the draft.") == 2


def test_real_picker_sees_the_factory_offer(played: dict) -> None:
    state = played["factory_pick"]
    seat = state["stack"][-1]["seat"]
    offer = [cards.factory_card(f).title for f in state["decks"]["factory"]]
    texts = joined(get_game("scythe").view(state, seat))
    assert f"Factory cards you see: {', '.join(offer)}" in texts


def test_samples_have_the_real_view_keys(played: dict) -> None:
    """The hand-built samples keep the shape the engine really gives (the real view wins)."""
    game = get_game("scythe")
    state = played["commit"]
    seat = state["stack"][-1]["seat"]
    real, sample = game.view(state, seat), samples.combat()
    assert set(sample) == set(real)
    assert set(sample["players"][0]) == set(real["players"][seat])
    assert set(samples.public_view(sample)["players"][1]) == set(
        game.view(state, None)["players"][0])
    assert set(sample["stack"][-1]) == set(real["stack"][-1])
    assert set(sample["prompt"]) == set(real["prompt"])
    score = game.view(played["over"], None)["score"]
    assert categories(samples.finished()["score"]) == categories(score)
    assert set(samples.finished()["score"]["details"]["players"][0]) <= set(
        score["details"]["players"][0])
