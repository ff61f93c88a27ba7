"""The Three Kingdoms Redux parts and what every Redux image keeps secret: every sample draws
in every part, nothing own-only leaks into a public image, a seat's own part shows its hand,
and the bids, regions, tracks, panels and score sheet say what the view says."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

import rendering
from games.core import get_game
from games.core.agents import make_agent
from games.redux.data import frozen
from rendering.kit import fonts
from rendering.kit.canvas import Drawn
from rendering.kit.views import score_categories as categories
from rendering.redux import PARTS, drawn_overview, drawn_part
from rendering.redux.score import CATEGORIES
from tests.rendering.redux import samples
from tests.rendering.scenes import scene

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
NAMES = samples.NAMES
MAX_PART_H = 1600


def drawn(view: dict, part: str | None = None, cjk: bool = False, names: list[str] = NAMES,
          locale: str = "en") -> list[Drawn]:
    """The strings an overview (`part` None) or a part draws."""
    seen = scene(view, names, locale, seat=view.get("viewer"))
    if part is None:
        return drawn_overview(seen, fonts.resolve_cjk(cjk))[1]
    return drawn_part(seen, part, fonts.resolve_cjk(cjk))[1]


def everything(view: dict, cjk: bool = False) -> list[str]:
    """Every string of the overview and of every part."""
    return [t for part in (None, *PARTS) for t in drawn(view, part, cjk)]


def joined(view: dict, part: str | None = None) -> str:
    return " | ".join(drawn(view, part))


def leaks(texts: Sequence[str], secrets: set[str]) -> list[str]:
    return [t for t in texts for s in secrets if s in t]


@pytest.mark.parametrize("cjk", [True, False], ids=["cjk", "no-cjk"])
@pytest.mark.parametrize("public", [True, False], ids=["public", "own"])
@pytest.mark.parametrize("kind", sorted(samples.SAMPLES))
def test_every_sample_draws_every_part_within_a_phone_page(kind: str, public: bool,
                                                            cjk: bool) -> None:
    view = samples.SAMPLES[kind]()
    view = samples.public_view(view) if public else view
    for name in PARTS:
        image, texts = drawn_part(scene(view, NAMES, seat=view["viewer"]), name,
                                  fonts.resolve_cjk(cjk))
        assert image.width == 1280 and image.height <= MAX_PART_H, name
        if not cjk:
            assert not [t for t in texts if any(map(fonts.is_cjk_char, t))], name


def test_parts_are_offered_by_name_and_a_wrong_name_is_refused() -> None:
    assert rendering.parts("redux") == PARTS == ("actions", "borders", "nations", "tracks",
                                                 "score")
    data = rendering.render_part("redux", "nations",
                                 scene(samples.public_view(samples.late_game()), NAMES))
    assert data.startswith(PNG_SIGNATURE)
    with pytest.raises(ValueError, match="no part 'map'"):
        rendering.render_part("redux", "map", scene({}, NAMES))


def test_overview_png_dispatch_round_trips() -> None:
    data = rendering.render_overview("redux",
                                     scene(samples.public_view(samples.late_game()), NAMES))
    assert data.startswith(PNG_SIGNATURE)
    with Image.open(io.BytesIO(data)) as image:
        image.load()
        assert image.width == 1280


def test_redux_has_no_battle_image() -> None:
    with pytest.raises(ValueError, match="battle for game 'redux'"):
        rendering.render_battle_png("redux", scene({}, NAMES))


# ---- hidden information ----


@pytest.mark.parametrize("kind", sorted(samples.SAMPLES))
def test_public_images_draw_no_own_field(kind: str) -> None:
    own = samples.SAMPLES[kind]()
    assert leaks(drawn(own, "nations"), samples.SECRETS)  # the sample really carries them
    public = samples.public_view(own)
    assert not [k for p in public["players"] for k in samples.OWN_FIELDS if k in p]
    assert leaks(everything(public), samples.SECRETS) == []
    assert leaks(everything(public, cjk=True), samples.SECRETS) == []


def test_own_fields_are_drawn_for_the_viewer_only() -> None:
    """A stray hand in another entry, or in a view without a viewer, never reaches pixels."""
    view = samples.round1_bidding()
    stray = copy.deepcopy(view)
    stray["players"][1].update({k: stray["players"][0].pop(k) for k in samples.OWN_FIELDS})
    assert leaks(everything(stray), samples.SECRETS) == []
    no_viewer = dict(copy.deepcopy(view), viewer=None)
    assert leaks(everything(no_viewer), samples.SECRETS) == []


def test_a_seats_own_part_shows_its_hand_and_picks() -> None:
    texts = joined(samples.round1_bidding(), "nations")
    assert samples.SECRET_HAND in texts and "Drawn, pick 1" in texts
    assert samples.SECRET_PICK in texts and samples.SECRET_DRAWN in texts
    assert "Your hand" in texts


def test_hand_size_is_shown_without_faces() -> None:
    texts = joined(samples.public_view(samples.late_game()), "nations")
    assert "Hand 2" in texts and "Hand 3" in texts and "Hand 5" in texts
    assert "Your hand" not in texts


# ---- what the parts say ----


def test_score_sheet_contains_every_category() -> None:
    view = samples.public_view(samples.finished())
    texts = drawn(view, "score")
    result = view["result"]
    assert set(categories(result)) <= set(CATEGORIES)
    for score in result["scores"]:
        assert str(score["total"]) in texts
    assert any(t.startswith("Winner Shu") for t in texts)
    assert "Total" in texts and "Tie-break" in texts and "Military score" in texts
    assert "Tie-break: gold + rice in supply, then Shu > Wu > Wei" in texts


def test_score_shows_an_unknown_category_by_its_key() -> None:
    view = samples.public_view(samples.finished())
    for score in view["result"]["scores"]:
        score["categories"]["river_ports"] = 1
    assert "River ports" in drawn(view, "score")


def test_before_the_end_the_score_sheet_is_the_score_as_it_stands() -> None:
    texts = drawn(samples.public_view(samples.late_game()), "score")
    assert "Score if the game ended now" in texts and "Final score" not in texts
    assert not [t for t in texts if t.startswith("Winner")]


def test_bids_totals_and_winners_are_written() -> None:
    view = samples.public_view(samples.resolution())
    texts = joined(view, "actions")
    assert "Liu Bei 4 (+1 bonus)" in texts
    assert "Alliance Wei+Wu 9 · won" in texts
    assert "Shu 5 · won" in texts and "Wei 4" in texts
    assert "Sun Jian 7 (2 navy units)" in joined(view, "borders")
    overview = joined(view)
    assert "Shu 5 · won" in overview and "Liu Bei 4" in overview


def test_leading_side_before_resolution() -> None:
    texts = joined(samples.public_view(samples.round1_bidding()), "actions")
    assert "Alliance Wu+Shu 10 · leads" in texts
    assert "Marker: Admin" in texts and "Marker: Combat" in texts
    assert "Alliance Wu+Shu 10 · leads" in joined(samples.public_view(samples.round1_bidding()))


def test_regions_show_their_occupants_and_tokens() -> None:
    view = samples.public_view(samples.late_game())
    texts = joined(view, "borders")
    assert "Cao Ren" in texts and "2 navy units · Wei" in texts
    assert "needs archer" in texts and texts.count("empty") == 8
    assert "Flipped last round: Jiang Wan (Shu)" in joined(view, "actions")
    nations = joined(view, "nations")
    assert "Chibi 1 VP" in nations and "Xiaoting 0 VP" in nations


def test_allies_are_marked_on_this_rounds_order() -> None:
    """Before R8.2 the bid order is this round's; after it, the action order is, and the
    bid order track already shows next round's."""
    bidding = drawn(samples.public_view(samples.round1_bidding()), "tracks", cjk=True)
    assert "3. 劉玄德 (Shu) · ally, chose" in bidding and "Bid order" in bidding
    resolving = drawn(samples.public_view(samples.resolution()), "tracks", cjk=True)
    assert "Next bid order" in resolving
    assert "1. 劉玄德 (Shu)" in resolving and "2. Alice (Wei) · ally" in resolving
    assert "Bid order" not in drawn(samples.public_view(samples.finished()), "tracks")


def test_one_ally_alone_wins_for_the_alliance() -> None:
    view = samples.public_view(samples.resolution())
    build = next(a for a in view["actions"] if a["id"] == "build")
    build["bids"] = [b for b in build["bids"] if b["seat"] != 1]
    build.update(totals={"alliance": 5, "2": 5}, leading=[0], winners=[0])
    assert "Alliance Wei+Wu 5 · won" in joined(view, "actions")
    assert "Alliance Wei+Wu 5 · won" in joined(view)


def test_a_tribal_placement_shows_what_came_with_it() -> None:
    texts = drawn(samples.public_view(samples.resolution()), "nations")
    assert "Jiang Wei (2 archer units)" in texts and "On the tribal action:" in texts


def test_development_tokens_and_deficits() -> None:
    view = samples.public_view(samples.late_game())
    texts = joined(view, "nations")
    assert "Farm level 4" in texts and "1 developed, 3 harvested" in texts
    assert "Market level 5" in texts and "3 developed, 2 taxed" in texts
    assert "Treasury: 1 market token" in texts and "Granary: 2 farm tokens" in texts
    assert "Deficits 2" in texts and "Ma Chao: 2 on card" in texts
    assert "Han Emperor token: Bartholomew" in joined(view, "actions")


def test_the_designed_data_names_things_in_the_readers_language(played: dict) -> None:
    public = get_game("redux").view(played[9, "resolve"], None)
    texts = " | ".join(t for part in PARTS for t in drawn(public, part, True, locale="ko"))
    assert "농장 개발 혹은 수확" in texts and "승점" in texts and "관직" in texts
    assert "Develop Farm" not in texts and "Office" not in texts


def test_cjk_names_are_drawn_with_a_cjk_font_and_dropped_without() -> None:
    view = samples.public_view(samples.late_game())
    texts = drawn(view, cjk=True)
    assert "劉玄德" in texts and "Shu" in texts  # the table's column: the nation, its player
    assert "劉玄德" in " ".join(texts) and "22 VP" in " ".join(texts)  # R12 as it stands
    assert not [t for t in drawn(view, "tracks", cjk=False) if "劉" in t]


def test_long_names_are_ellipsized_not_clipped() -> None:
    names = ["X" * 200, "🐉🐉", ""]
    texts = [t for part in PARTS for t in
             drawn(samples.public_view(samples.late_game()), part, names=names)]
    assert any(t.startswith("XXX") and t.endswith(fonts.ELLIPSIS) for t in texts)
    assert any(t.startswith("Seat 2") for t in texts) and any(t.startswith("Seat 3")
                                                               for t in texts)


def test_concurrent_rendering_matches_serial() -> None:
    views = [samples.public_view(build()) for build in samples.SAMPLES.values()]
    serial = [rendering.render_overview("redux", scene(v, NAMES)) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda v: rendering.render_overview("redux", scene(v, NAMES)),
                                 views))
    assert parallel == serial


# ---- real views from a seeded game ----

WANTED = {(1, "pick"), (1, "alliance"), (1, "resolve"), (3, "pick"), (6, "bid"),
          (9, "resolve"), "over"}


@pytest.fixture(scope="module")
def played() -> dict[tuple[int, str] | str, dict]:
    """States of one seeded heuristic game at the moments in WANTED (a bid moment once four
    placements stand, so bids are on the board), and at its end."""
    game = get_game("redux")
    state = game.setup(3, {}, 5)
    agents = [make_agent("heuristic", seat) for seat in range(3)]
    kept: dict[tuple[int, str] | str, dict] = {}
    while True:
        key = (state["round"], state["step"])
        ready = key[1] != "bid" or len(state["bids"]) >= 4
        if key in WANTED and key not in kept and ready:
            kept[key] = copy.deepcopy(state)
        if game.result(state) is not None:
            return {**kept, "over": state}
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, agents[seat].choose(game, state, seat))


def secret_names(state: dict, public: dict) -> set[str]:
    """Names of the pieces only their owners may see, less any name a public piece shares."""
    pack = frozen(state)
    names = {pack.generals[i]["name"]["en"] if i in pack.generals else
             pack.cards[i]["name"]["en"] for ids in get_game("redux").secrets(state).values()
             for i in ids}
    shown = json.dumps(public, ensure_ascii=False)
    return {n for n in names if n not in shown}


def test_real_views_render_and_hide_secrets(played: dict) -> None:
    game = get_game("redux")
    assert set(played) == WANTED
    for key, state in played.items():
        public = game.view(state, None)
        texts = everything(public, cjk=True)
        assert leaks(texts, secret_names(state, public)) == [], key
    assert any(t.startswith("Winner") for t in drawn(game.view(played["over"], None)))


def test_real_own_view_draws_own_picks(played: dict) -> None:
    state = played[1, "pick"]
    own = get_game("redux").view(state, 0)
    texts = joined(own, "nations")
    assert own["players"][0]["drawn"]
    assert all(g["name"] in texts for g in own["players"][0]["drawn"])


def test_samples_have_the_real_view_keys(played: dict) -> None:
    """The hand-built samples stay the shape the engine really gives (the real view wins)."""
    real = get_game("redux").view(played[9, "resolve"], 0)
    sample = samples.late_game()
    assert set(sample) == set(real)
    assert set(sample["players"][0]) == set(real["players"][0])
    assert set(samples.public_view(sample)["players"][1]) == set(real["players"][1])
    assert set(sample["actions"][0]) == set(real["actions"][0])
    assert [a["id"] for a in sample["actions"]] == [a["id"] for a in real["actions"]]
    assert set(sample["regions"][0]) == set(real["regions"][0])
    assert set(sample["alliance"]) == set(real["alliance"])

    def first_bid(view: dict) -> dict:
        return next(b for a in view["actions"] for b in a["bids"])

    assert set(first_bid(sample)) == set(first_bid(real))
    assert set(sample["players"][0]["generals"][0]) == set(real["players"][0]["generals"][0])
    result = get_game("redux").view(played["over"], None)["result"]
    assert categories(samples.finished()["result"]) == categories(result)
