"""The Scythe images (rendering/scythe): the overview fits a phone's page with its headline
at 36 px and its body at 24 px, marks what changed since the previous overview, speaks the
reader's language, and no public image draws what a seat keeps hidden (S21.1); the parts
show the rest, a seat's own part its hand."""

from __future__ import annotations

import copy
import math
import re
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

import rendering
from bot.i18n import listed, t
from games.core import Action, get_game, make_agent
from games.scythe import cards
from rendering.kit import fonts
from rendering.kit.canvas import Canvas, Page
from rendering.kit.views import score_categories as categories
from rendering.scythe import PARTS, front
from rendering.scythe.changes import compare
from rendering.scythe.front import draw_overview
from rendering.scythe.map import Arrow, Grid, Marks, by_id, draw_map, spots
from rendering.scythe.parts import draw_part
from rendering.scythe.style import ACCENTS, Table, board_data
from tests.rendering.pages import MAX_H, assert_fits_a_phone_page, spy_floors
from tests.rendering.scenes import scene
from tests.rendering.scythe import samples

NAMES = samples.NAMES


def over(view: dict, locale: str = "en", **kwargs: Any) -> Page:
    return draw_overview(scene(view, NAMES, locale, **kwargs), cjk=True)


def texts_of(view: dict, locale: str = "en", **kwargs: Any) -> list[str]:
    return [*over(view, locale, **kwargs)[1]]


def part_texts(view: dict, name: str, locale: str = "en", names: list[str] = NAMES) -> list[str]:
    return [*draw_part(scene(view, names, locale, seat=view.get("viewer")), name, cjk=True)[1]]


def joined(texts: Sequence[str]) -> str:
    return " | ".join(texts)


def leaks(texts: Sequence[str], secrets: set[str]) -> list[str]:
    return [text for text in texts for s in secrets if s in text]


def public(kind: str) -> dict:
    return samples.public_view(samples.SAMPLES[kind]())


def moved_mid_game() -> tuple[dict, dict]:
    """The mid game and the view before its last turn: Nordic's character came from r1c2
    and its Speed mech from r1c4, its Mill on r1c5 and its mechs star are new, its power
    rose 7 -> 9, and Saxony gained a worker on r5c0."""
    now = public("mid_game")
    before = copy.deepcopy(now)
    nordic = before["players"][0]
    nordic["units"].update({"character": "r1c2", "mech:speed": "r1c4"})
    nordic.update(stars={}, power=7)
    del before["structures"]["r1c5"]
    before["players"][2]["units"]["worker:6"] = "mat"
    return before, now


# -- the overview's page ------------------------------------------------------------------------
SEEDS = {2: 2, 3: 3, 5: 5}  # seats -> a seed whose random game meets a commit and a pickup


@pytest.fixture(scope="module")
def games() -> dict[int, dict[str, dict]]:
    """Real seeded games of the fewest, three and the most players: the start, the middle
    (before and after one turn there) and the end, with the states of the first decisions
    that hide something (a commit, a Factory pickup) or ask (a retreat, an encounter)."""
    game = get_game("scythe")
    out: dict[int, dict[str, dict]] = {}
    for seats, seed in SEEDS.items():
        state = game.setup(seats, {"coins_visible": seats < game.max_players}, seed)
        agents = [make_agent("random", s) for s in range(seats)]
        kept = {"start": copy.deepcopy(state)}
        while game.result(state) is None:
            kind = state["stack"][-1]["kind"]
            if kind in ("commit", "factory_pick", "retreat", "encounter") and kind not in kept:
                kept[kind] = copy.deepcopy(state)
            if state["turn_number"] >= 30 and "middle" not in kept:
                kept["middle"] = copy.deepcopy(state)
            if "middle" in kept and "after" not in kept and \
                    state["turn_number"] == kept["middle"]["turn_number"] + 1:
                kept["after"] = copy.deepcopy(state)
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))
        kept["end"] = state
        out[seats] = kept
    return out


@pytest.mark.parametrize("seats", [2, 5])
def test_the_overview_fits_a_phone_page_at_start_middle_and_end(games, seats: int) -> None:
    game = get_game("scythe")
    kept = games[seats]
    names = [f"Player {n + 1}" for n in range(seats)]
    for moment, before in (("start", None), ("after", kept["middle"]), ("end", kept["after"])):
        state = kept[moment]
        view = game.view(state, None)
        awaiting = tuple(sorted(game.to_act(state)))
        data = rendering.render_overview("scythe", scene(
            view, names, before=None if before is None else game.view(before, None),
            awaiting=awaiting))
        assert_fits_a_phone_page(data, moment)


def test_no_headline_text_below_36_px_nor_body_text_below_24_px(monkeypatch) -> None:
    """Spied on Canvas.text: the smallest size a text may be shrunk to, inside the headline
    and in the body (the band and the map)."""
    floors = spy_floors(monkeypatch, front)
    before, now = moved_mid_game()
    over(now, before=before, awaiting=(0, 2))
    over(public("finished"))
    floors.assert_readable()


def test_the_map_takes_what_the_headline_leaves() -> None:
    """A short headline leaves the map its full width; a tall one shrinks the hexes, and
    the page still ends within 1600 px."""
    short, _ = over(public("turn_one"))
    before, now = moved_mid_game()
    tall, _ = over(now, before=before, awaiting=(0, 1, 2))
    assert short.height <= MAX_H and tall.height <= MAX_H
    wide, low = Grid.fit(0, 0, 1232, 10_000), Grid.fit(0, 0, 1232, 900)
    assert wide.w == 152 and wide.width <= 1232  # 1232 / 8 columns, in steps of 4 px
    assert low.w < wide.w and low.height <= 900 and low.w % 4 == 0


# -- what changed -------------------------------------------------------------------------------
def test_changes_are_found_by_comparing_the_two_views() -> None:
    before, now = moved_mid_game()
    diff = compare(before, now)
    assert set(diff.arrows) == {Arrow(0, "r1c4", "r2c5"), Arrow(0, "r1c2", "r2c3")}
    assert diff.stars == [(0, "mechs")] and diff.moved == {0: 2}
    assert diff.built == [(0, "mill", "r1c5")] and diff.workers == {2: 1}
    assert diff.tracks == [(0, "power", 7, 9)]
    assert diff.fresh == {("r1c5", 0, "structure"), ("r5c0", 2, "worker")}
    assert compare(None, now).lines() == [] and compare(now, now).lines() == []


def test_the_overview_marks_changes_with_signs_lines_and_arrows() -> None:
    before, now = moved_mid_game()
    image, texts = over(now, before=before, awaiting=(0,))
    assert "+1" in texts  # Alice's star
    lines = [text for text in texts if text.startswith("• ")]
    # the room the map leaves holds two lines under a one-line decision: the first of the
    # five changes, then the count of the others (the log has them all)
    assert lines == ["• Alice placed a star: all 4 mechs deployed",
                     "• and 4 more changes: see the log"]
    plain, _ = over(now, awaiting=(0,))
    assert image.tobytes() != plain.resize(image.size).tobytes()


def test_a_move_is_an_arrow_in_the_movers_colour_signed_with_its_initial() -> None:
    """Drawn on the map: Nordic's accent along the way from r1c2 to r2c3 (half of it: the
    sign's letter takes the rest), nowhere on that way without the arrow, and Nordic's
    initial on the arrow so the move is not told by colour alone."""
    view = public("mid_game")
    grid = Grid.fit(24, 0, 1232, 1300)
    (x0, y0), (x1, y1) = grid.centre(by_id()["r1c2"]), grid.centre(by_id()["r2c3"])

    def drawn(marks: Marks) -> Canvas:
        c = Canvas(1280, 1300, False)
        draw_map(c, Table(scene(view, NAMES)), grid, marks)
        return c

    def accent_pixels(c: Canvas) -> int:
        assert c.image is not None
        points = [(round(x0 + (x1 - x0) * k / 100), round(y0 + (y1 - y0) * k / 100))
                  for k in range(30, 60)]
        return sum(c.image.getpixel(p) == (0x5C, 0x9F, 0xF2) for p in points)

    moved = drawn(Marks((Arrow(0, "r1c2", "r2c3"),)))
    assert accent_pixels(moved) >= 12
    assert accent_pixels(drawn(Marks())) == 0
    signs = [d for d in moved.texts if d == "N" and min(x0, x1) <= d.box[0] <= max(x0, x1)
             and min(y0, y1) <= d.box[1] <= max(y0, y1)]
    assert signs, "the arrow carries its mover's initial"


def test_the_first_overview_marks_nothing() -> None:
    texts = texts_of(public("mid_game"))
    assert not [text for text in texts if text.startswith("• ")]
    assert not [text for text in texts if re.fullmatch(r"[+−]\d+", text)]


# -- language ------------------------------------------------------------------------------------
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def english_captions(en: Sequence[str], other: Sequence[str]) -> list[str]:
    """Texts drawn alike in both languages that carry an English word: a hex id, a player's
    name or a faction's name in its rulebook form are the language-neutral exceptions."""
    neutral = set(NAMES) | {s.id for s in by_id().values()}
    return [text for text in set(en) & set(other)
            if LATIN_WORD.search(text) and text not in neutral
            and not any(name.startswith(text.rstrip(fonts.ELLIPSIS)) for name in NAMES)]


@pytest.mark.parametrize("locale", ["ko", "zh-TW", "ja"])
def test_a_korean_overview_draws_none_of_the_english_captions(locale: str) -> None:
    before, now = moved_mid_game()
    en = texts_of(now, "en", before=before, awaiting=(0,))
    other = texts_of(now, locale, before=before, awaiting=(0,))
    assert english_captions(en, other) == []
    assert "Waiting for" not in joined(other) and "moved" not in joined(other)


@pytest.mark.parametrize("name", PARTS)
def test_every_part_in_korean_draws_none_of_the_english_captions(name: str) -> None:
    for kind in ("late_game", "finished"):
        view = samples.SAMPLES[kind]()
        en, ko = part_texts(view, name, "en"), part_texts(view, name, "ko")
        assert english_captions(en, ko) == [], (kind, name)


def test_korean_uses_the_rulebooks_words() -> None:
    ko = joined(part_texts(samples.late_game(), "players", "ko"))
    for word in ("전투력", "평판", "코인", "별", "매카닉", "일꾼", "건축물", "신병", "업그레이드"):
        assert word in ko, word


# -- what is hidden (S21.1) ----------------------------------------------------------------------
@pytest.mark.parametrize("kind", sorted(samples.SAMPLES))
def test_s21_1_public_images_draw_no_own_field(kind: str) -> None:
    view = public(kind)
    assert not [p for p in view["players"] if "cards" in p or "objectives" in p]
    assert leaks(texts_of(view), samples.SECRETS) == []
    for name in PARTS:
        assert leaks(part_texts(view, name), samples.SECRETS) == [], name


def test_the_samples_really_carry_the_secrets() -> None:
    """The own views draw the secrets, so the public checks above prove something."""
    texts = part_texts(samples.turn_one(), "players") + \
        part_texts(samples.factory_pick(), "players")
    assert {s for s in samples.SECRETS if leaks(texts, {s})} == samples.SECRETS


def test_a_seats_part_shows_that_seats_hand_and_no_other() -> None:
    view = samples.turn_one()
    texts = joined(part_texts(view, "players"))
    assert "Your combat cards: 2" in texts
    assert f"Your objective: {samples.SECRET_OBJECTIVE}" in texts
    stray = copy.deepcopy(view)
    stray["players"][1].update(cards=stray["players"][0].pop("cards"),
                               objectives=stray["players"][0].pop("objectives"))
    assert leaks(part_texts(stray, "players"), samples.SECRETS) == []
    no_viewer = dict(copy.deepcopy(view), viewer=None)
    assert leaks(part_texts(no_viewer, "players"), samples.SECRETS) == []


def test_s15_2_the_factory_offer_is_shown_to_the_picker_only() -> None:
    offer = (f"Factory cards you see: {samples.SECRET_OFFER} and "
             f"{samples.FACTORY['factory_09']}")
    assert offer in part_texts(samples.factory_pick(), "players")
    assert "Factory cards you see" not in joined(part_texts(public("factory_pick"), "players"))


def test_s21_1_hidden_coins_are_a_question_mark() -> None:
    assert joined(part_texts(public("late_game"), "players")).count("Coins ?") == 4
    own = joined(part_texts(samples.late_game(), "players"))
    assert own.count("Coins ?") == 3 and "Coins 24" in own
    standings = [text for text in texts_of(public("late_game")) if "★" in text]
    assert standings and not [text for text in standings if "$" in text]


def test_s13_pending_combat_shows_who_committed_never_what() -> None:
    view = public("combat")
    assert "Committed in secret: 劉玄德 (Saxony)" in part_texts(view, "players")
    assert "dial" not in str(view["stack"][-1])


def test_real_views_hide_every_secret(games) -> None:
    game = get_game("scythe")
    for seats, kept in games.items():
        names = [f"Player {n + 1}" for n in range(seats)]
        for moment, state in kept.items():
            secrets = secret_texts(state) | samples.OWN_LABELS
            view = game.view(state, None)
            assert leaks(texts_of(view), secrets) == [], (seats, moment)
            for name in PARTS:
                assert leaks(part_texts(view, name, names=names), secrets) == [], name
            for seat in game.to_act(state):
                own = part_texts(game.view(state, seat), "players", names=names)
                assert any(text.startswith("Your combat cards") for text in own), moment


def secret_texts(state: dict) -> set[str]:
    """What only its owner may read: held objectives' names and the Factory cards on offer."""
    held = {o for p in state["players"] for o in p["objectives"]}
    held -= {o for p in state["players"] for o in p["objectives_done"]}
    names = {t(f"scythe.objective.{o}") for o in held}
    if state["stack"] and state["stack"][-1]["kind"] == "factory_pick":
        names |= {t(f"scythe.factory.{f}") for f in state["decks"]["factory"]}
    return names


def test_s15_2_a_real_picker_sees_the_factory_offer(games) -> None:
    state = next(kept["factory_pick"] for kept in games.values() if "factory_pick" in kept)
    seat = state["stack"][-1]["seat"]
    offer = [cards.factory_card(f).title for f in state["decks"]["factory"]]
    names = [f"Player {n + 1}" for n in range(len(state["players"]))]
    texts = part_texts(get_game("scythe").view(state, seat), "players", names=names)
    assert f"Factory cards you see: {listed(offer, 'en')}" in texts


# -- the map ---------------------------------------------------------------------------------------
def test_every_hex_is_labelled_and_home_bases_in_play_named() -> None:
    texts = texts_of(public("mid_game"))
    ids = [territory["id"] for territory in board_data()["territories"]]
    assert len(ids) == 47 and all(i in texts for i in ids)
    assert {"Nordic", "Crimea", "Saxony"} <= set(texts)


def hex_texts(view: dict, locale: str = "en", whole: bool = False) -> dict[str, list[str]]:
    """The texts the map draws for `view`, by the hex whose centre is nearest each."""
    c = Canvas(1280, 1600, True)
    g = Grid.fit(24, 0, 1232, 1100)
    draw_map(c, Table(scene(view, NAMES, locale)), g, whole=whole)
    out: dict[str, list[str]] = {}
    for text in c.texts:
        middle = ((text.box[0] + text.box[2]) / 2, (text.box[1] + text.box[3]) / 2)
        spot = min(spots(), key=lambda s: math.dist(g.centre(s), middle))
        out.setdefault(spot.id, []).append(str(text))
    return out


def test_units_structures_and_resources_are_drawn_with_counts() -> None:
    """One chip per owner and hex, its initial first: a structure's mark after it under a
    roof, then ◆ ■ ● with a count from two; a hex's tokens on one chip. The map part draws
    every piece; on the overview the hex of Saxony's armory (mechs, a worker and four
    kinds of tokens) is too crowded for 29 px and ends in '+'."""
    whole = hex_texts(public("mid_game"), whole=True)
    assert whole["r5c0"] == ["r5c0", "SMi", "4", "3m"]  # Saxony's Mine, 4 workers, 3 metal
    assert whole["r4c2"] == ["r4c2", "SA", "2", "1w", "1o", "2f", "2m"]  # the Armory, 2 mechs
    assert whole["r1c4"] == ["r1c4", "N", "1o", "4m"]  # a Nordic mech and worker: no counts
    assert whole["r1c5"] == ["r1c5", "NM", "2"]  # Nordic's Mill and 2 workers
    assert whole["r6c3"] == ["r6c3", "CMo", "5f"]  # Crimea's Monument, a worker, 5 food
    assert whole["r2c3"] == ["r2c3", "N"]  # Nordic's character
    overview = hex_texts(public("mid_game"))["r4c2"]
    assert "+" in overview and "2m" not in overview
    ko = hex_texts(public("mid_game"), "ko")
    assert ko["r0c4"][-1] == "3목" and ko["r1c5"][1] == "노제"  # wood, Nordic's Mill


def test_encounter_tokens_taken_are_not_drawn() -> None:
    view = public("encounters_taken")
    assert texts_of(view).count("!") == len(view["encounters"]) == 5
    assert texts_of(public("turn_one")).count("!") == 11


def test_the_map_part_has_the_full_size_map_and_its_legend() -> None:
    image, texts = draw_part(scene(public("mid_game"), NAMES), "map", cjk=True)
    assert image.size[0] == 1280 and image.size[1] <= MAX_H
    assert "Mountain" in texts and "w = wood" in texts
    assert "Structures: M = Mill · Mi = Mine · Mo = Monument · A = Armory" in texts


# -- the players and mats parts ---------------------------------------------------------------
def test_the_players_part_shows_tracks_stars_pieces_and_cards() -> None:
    texts = joined(part_texts(public("late_game"), "players"))
    assert "Power 16/16" in texts and "Popularity 18/18" in texts
    assert "★ 18 popularity" in texts and "★ a combat victory" in texts
    assert "Upgrades 6/6" in texts and "Workers on the board 8, on the mat 0" in texts
    assert "Mechs 4/4" in texts and "Recruits 4/4" in texts and "Stars 5/6" in texts
    assert f"Revealed: {samples.OBJECTIVES['obj_12']}" in texts
    assert f"Factory card: {samples.FACTORY['factory_03']}" in texts
    assert "Scoring: $5/star · $4/territory · $3/2 resources" in texts
    assert "Turn order: Rusviet → Saxony → Polania → Nordic" in texts
    assert "Structure bonus: tunnels next to your structures" in texts


def test_the_mats_part_shows_sections_costs_and_upgrades() -> None:
    texts = part_texts(public("mid_game"), "mats")
    # Nordic, Industrial: Upgrade (oil 3, one slot covered) and Deploy (metal 3, one covered)
    assert "Upgrade: 2 oil → $3" in texts and "Deploy: 2 metal → $2" in texts
    assert "3 units or $1" in texts and "Last section: Produce | Deploy" in texts
    assert "Enlisted: +1 popularity" in texts and "+3 power or +1 card" in texts
    assert "2 resources or +1" in texts and "popularity" in texts  # a long line wraps
    joined_texts = joined(texts)
    assert "Mechs deployed: Riverwalk and Speed" in joined_texts
    assert "Faction ability: Swim" in joined_texts


def test_the_draft_shows_who_picked() -> None:
    game = get_game("scythe")
    state = game.setup(3, {"assignment": "draft"}, 4)
    state, _ = game.apply(state, 0, Action("pick", ("crimea", "patriotic")))
    view = game.view(state, None)
    texts = texts_of(view, awaiting=tuple(game.to_act(state)))
    assert "Draft: factions and player mats" in texts
    players = part_texts(view, "players")
    assert "Picked; the pieces go on the board after the last pick." in players
    assert players.count("Picks a faction and a player mat in the draft.") == 2


def test_long_names_are_ellipsized_not_clipped() -> None:
    names = ["X" * 200, "🐉🐉", "", "Dana", "Eve"]
    texts = part_texts(public("late_game"), "players", names=names)
    assert any(text.startswith("XXX") and text.endswith(fonts.ELLIPSIS) for text in texts)
    assert "Seat 2" in texts and "Seat 3" in texts


# -- the score -----------------------------------------------------------------------------------
def test_s19_the_score_part_shows_every_category_total_and_tiebreak() -> None:
    view = public("finished")
    texts = part_texts(view, "score")
    for key in categories(view["score"]):
        assert t(f"scythe.score.{key}").capitalize() in texts, key
    for entry in view["score"]["scores"]:
        assert str(entry["total"]) in texts
    assert "Winner: Polania" in texts and "Total" in texts
    assert "30 (6 × $5)" in texts and "18 (6 × $3)" in texts
    assert "Tie-break: units + structures" in texts and "Tie-break: stars" in texts
    assert "Game over: Dana (Polania) placed the sixth star" in texts


def test_the_end_overview_names_the_winner_and_the_final_coins() -> None:
    texts = texts_of(public("finished"))
    assert "Game over · winner: Dana" in texts
    assert re.search(r"Dana( \| )? ?\$116", joined(texts))  # one chip: name and coins


def test_s19_an_unknown_category_is_shown_by_its_id() -> None:
    view = public("finished")
    for entry in view["score"]["scores"]:
        entry["categories"]["river_ports"] = 1
    assert "River ports" in part_texts(view, "score")


def test_the_score_part_before_the_end_says_when_it_comes() -> None:
    texts = part_texts(public("late_game"), "score")
    assert "The final score is drawn here when the game is over." in texts
    assert "Total" not in texts


# -- drawing -------------------------------------------------------------------------------------
def test_concurrent_rendering_matches_serial() -> None:
    views = [samples.public_view(build()) for build in samples.SAMPLES.values()]
    serial = [rendering.render_overview("scythe", scene(v, NAMES)) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(
            lambda v: rendering.render_overview("scythe", scene(v, NAMES)), views))
    assert parallel == serial


def cold_caches() -> None:
    """Empties every cache a Scythe overview draws from: the map's static layer and
    ground, the tokens' sprites and widths, the reusing canvas's text masks."""
    from rendering.kit import ink
    from rendering.scythe import key, tokens
    from rendering.scythe import map as hexes

    for cached in (hexes.base_layer, key._ground, key.words_width, tokens._sprite,
                   tokens._spans, tokens._width, ink._text_mask, ink._shape_mask,
                   ink._width):
        cached.cache_clear()


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_a_warm_cache_draws_the_same_png_as_a_cold_one(locale: str) -> None:
    """The cached static map, sprites and text masks change nothing: an overview drawn
    with every cache empty, then again after other boards filled them, is the same PNG."""
    before, now = moved_mid_game()
    board = scene(now, NAMES, locale, before=before, awaiting=(0,))
    cold_caches()
    cold = rendering.render_overview("scythe", board)
    for view in (public("turn_one"), public("late_game"), public("finished")):
        rendering.render_overview("scythe", scene(view, NAMES, locale))
    assert rendering.render_overview("scythe", board) == cold


@pytest.mark.parametrize("cjk", [True, False], ids=["cjk", "no-cjk"])
def test_without_a_cjk_font_nothing_cjk_is_drawn(cjk: bool) -> None:
    """A machine without a CJK font draws English words and no tofu (the names it cannot
    draw fall back to 'Seat n')."""
    _, texts = draw_overview(scene(public("mid_game"), NAMES), cjk=cjk)
    if not cjk:
        assert not [text for text in texts if any(map(fonts.is_cjk_char, text))]


def test_samples_have_the_real_view_keys(games) -> None:
    """The hand-built samples keep the shape the engine really gives (the real view wins)."""
    game = get_game("scythe")
    state = next(kept["commit"] for kept in games.values() if "commit" in kept)
    seat = state["stack"][-1]["seat"]
    real, sample = game.view(state, seat), samples.combat()
    assert set(sample) == set(real)
    assert set(sample["players"][0]) == set(real["players"][seat])
    assert set(sample["stack"][-1]) == set(real["stack"][-1])
    assert set(sample["prompt"]) == set(real["prompt"])
    score = game.view(games[5]["end"], None)["score"]
    assert categories(samples.finished()["score"]) == categories(score)
    assert set(samples.finished()["score"]["details"]["players"][0]) <= set(
        score["details"]["players"][0])


def test_the_headline_chips_are_in_the_factions_colours() -> None:
    """Alice plays Nordic (blue), so her chip is the blue of her pieces on the map."""
    t = Table(scene(public("mid_game"), NAMES))
    assert front.colors(t) == (ACCENTS["blue"], ACCENTS["yellow"], ACCENTS["black"])
