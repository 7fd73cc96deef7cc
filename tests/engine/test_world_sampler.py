"""The worlds' sampler (knowledge.sample_world): every deal of the unseen tiles that fits the view equally likely.

Hand-made views (few unseen tiles, voids given) are checked against a brute force written here; views of
recorded hands against the coach's list of every world (`worlds.every_world`). Draws are seeded, so a check of
the frequencies gives the same answer every run: the bound is about five standard deviations of a uniform
sampler's chi-square, which the greedy sampler before session 27 (benchmarks/world_sampler.greedy_world) fails by
far on the views whose voids overlap."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dominoes_desktop.engine import knowledge as knowledge_module
from dominoes_desktop.engine.analysis.coach import decisions_to_judge
from dominoes_desktop.engine.analysis.worlds import consistent, count_worlds, every_world, view_at
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.knowledge import Knowledge, infer, sample_world
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import Tile, full_set
from dominoes_desktop.engine.view import PlayerView

from .helpers import tiles
from .test_fair_coach import _recorded

RULES = build_rules("block")
UNSEEN = "0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2 3-3"  # ten tiles for the three other seats
OWN = "6-6 6-5 6-4 6-3 6-2 6-1 6-0"

Deal = tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]  # the other seats' tiles (sorted), the stock's


def handmade(
    voids: Sequence[str], sizes: Sequence[int], stock: int = 0, unseen: str = UNSEEN
) -> tuple[PlayerView, Knowledge]:
    """Seat 0's view holding OWN, the other seats holding `sizes` and having shown `voids` (numbers, as "12"),
    the knowledge given rather than read from passes (the sampler takes it as given)."""
    view = PlayerView(
        rules=RULES,
        seat=0,
        hand_index=0,
        tiles=tuple(tiles(OWN)),
        leader=0,
        moves=(),
        hand_sizes=(7, *sizes),
        stock=stock,
        scores=(0, 0),
    )
    known = Knowledge((frozenset(), *(frozenset(int(n) for n in v) for v in voids)), tuple(tiles(unseen)))
    return view, known


def fits(tile: Tile, void: frozenset[int]) -> bool:
    return tile.high not in void and tile.low not in void


def brute_force(view: PlayerView, known: Knowledge) -> set[Deal]:
    """Every deal of the unseen tiles to the other seats (their sizes, their voids) and the stock; the rest asleep."""
    seats = [s for s in range(view.rules.players) if s != view.seat]
    found: set[Deal] = set()

    def deal(rest: tuple[Tile, ...], place: int, lots: tuple[tuple[Tile, ...], ...]) -> None:
        if place == len(seats):
            for stock in itertools.combinations(rest, view.stock):
                found.add((lots, tuple(sorted(stock))))
            return
        seat = seats[place]
        for lot in itertools.combinations([t for t in rest if fits(t, known.voids[seat])], view.hand_sizes[seat]):
            deal(tuple(t for t in rest if t not in lot), place + 1, (*lots, tuple(sorted(lot))))

    deal(known.unseen, 0, ())
    return found


def drawn(view: PlayerView, world: Hand) -> Deal:
    hands = tuple(tuple(sorted(world.hands[s])) for s in range(view.rules.players) if s != view.seat)
    return hands, tuple(sorted(world.stock)) if view.stock else ()


def looks_uniform(counts: Counter[Deal], deals: set[Deal], samples: int) -> bool:
    """Every deal drawn, none outside, and Pearson's chi-square against equal chances within about five standard
    deviations of its mean (k - 1, variance 2(k - 1)), and 12 more: a uniform sampler passes a few deals' check
    too but for a chance under 1 in 10,000."""
    if set(counts) != deals:
        return False
    expected = samples / len(deals)
    chi2 = sum((counts[d] - expected) ** 2 / expected for d in deals)
    freedom = len(deals) - 1
    return chi2 <= freedom + 5 * math.sqrt(2 * freedom) + 12


def draws(view: PlayerView, known: Knowledge, samples: int, seed: int = 1) -> Counter[Deal]:
    rng = random.Random(seed)
    return Counter(drawn(view, sample_world(view, known, rng)) for _ in range(samples))


# Seat 1 lacks 3s, seat 2 lacks 2s, seat 3 lacks 0s: no seat's choice is a subset of another's, so filling one
# seat first with the first tiles that fit makes some deals likelier (the greedy sampler's bias).
OVERLAPPING = (("3", "2", "0"), (3, 3, 3))


@pytest.mark.parametrize(
    ("voids", "sizes", "stock", "unseen"),
    [
        (*OVERLAPPING, 0, UNSEEN),
        (("3", "", ""), (3, 3, 3), 0, UNSEEN),
        (("32", "3", "1"), (3, 3, 2), 0, UNSEEN),  # two tiles asleep
        (("2", "0", ""), (2, 2, 1), 2, "0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1"),  # a stock of 2, a tile asleep
    ],
)
def test_every_fitting_deal_is_drawn_about_equally_often(
    voids: tuple[str, ...], sizes: tuple[int, ...], stock: int, unseen: str
) -> None:
    view, known = handmade(voids, sizes, stock, unseen)
    deals = brute_force(view, known)
    samples = 40 * len(deals)
    counts = draws(view, known, samples)
    assert looks_uniform(counts, deals, samples), (len(deals), counts.most_common(3), counts.most_common()[-3:])


def test_the_drawn_worlds_never_break_a_void_and_keep_the_sizes() -> None:
    view, known = handmade(*OVERLAPPING)
    rng = random.Random(3)
    for _ in range(500):
        world = sample_world(view, known, rng)
        assert world.hands[0] == list(view.tiles)
        for seat in (1, 2, 3):
            assert len(world.hands[seat]) == view.hand_sizes[seat]
            assert all(fits(t, known.voids[seat]) for t in world.hands[seat])
        hidden = [t for s in (1, 2, 3) for t in world.hands[s]]
        assert len(set(hidden)) == len(hidden) and set(hidden) <= set(known.unseen)


def test_the_stocks_order_is_shuffled() -> None:
    """The stock is dealt as a set, then put in a random order: each of the 6 orders of its 3 tiles (by rank)
    comes about as often."""
    view, known = handmade(("", "", ""), (2, 2, 2), stock=3, unseen="0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1 3-2")
    rng = random.Random(4)
    orders: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        stock = sample_world(view, known, rng).stock
        orders[tuple(sorted(stock).index(t) for t in stock)] += 1
    assert len(orders) == 6
    assert all(abs(n - 1000) < 5 * math.sqrt(1000 * 5 / 6) for n in orders.values()), orders


def test_which_tiles_sleep_is_drawn_alike() -> None:
    """Ten unseen tiles, nine in the hands: each tile is the one asleep about one time in ten."""
    view, known = handmade(("", "", ""), (3, 3, 3))
    rng = random.Random(5)
    asleep: Counter[Tile] = Counter()
    for _ in range(5000):
        world = sample_world(view, known, rng)
        held = {t for s in (1, 2, 3) for t in world.hands[s]}
        (tile,) = set(known.unseen) - held
        asleep[tile] += 1
    assert set(asleep) == set(known.unseen)
    assert all(abs(n - 500) < 5 * math.sqrt(500 * 0.9) for n in asleep.values())


def test_the_same_seed_draws_the_same_world() -> None:
    view, known = handmade(*OVERLAPPING)
    first = sample_world(view, known, random.Random(7))
    knowledge_module._dealer.cache_clear()  # the tables built again give the same draw
    again = sample_world(view, known, random.Random(7))
    assert (first.hands, first.stock) == (again.hands, again.stock)
    other = [sample_world(view, known, random.Random(seed)).hands for seed in range(8, 20)]
    assert any(hands != first.hands for hands in other)


def test_a_view_that_contradicts_itself_is_dealt_as_if_nobody_had_passed() -> None:
    """No deal fits (seat 1 lacks every number of the unseen tiles): the sampler still deals the tiles, every deal
    with the voids left out alike."""
    view, known = handmade(("0123", "", ""), (2, 2, 2), unseen="0-0 1-0 1-1 2-0 2-1 2-2 3-0")
    assert not brute_force(view, known)
    opened = Knowledge(tuple(frozenset() for _ in known.voids), known.unseen)
    deals = brute_force(view, opened)
    samples = 20 * len(deals)
    assert looks_uniform(draws(view, known, samples), deals, samples)


def test_more_places_than_unseen_tiles_is_the_same_error_as_before() -> None:
    view, known = handmade(("", "", ""), (4, 4, 3))
    with pytest.raises(RuntimeError, match="no deal of the unseen tiles fits what the table has shown"):
        sample_world(view, known, random.Random(0))


def _small_views(preset: str, seed: int, most: int) -> list[PlayerView]:
    """The views of a recorded hand's decisions with at most `most` worlds and a seat showing a void."""
    recorded = _recorded(preset, seed)
    views = []
    for _, position, _, _ in decisions_to_judge(recorded, None):
        view = view_at(position, position.turn, recorded.index)
        count = count_worlds(view)
        if count is not None and 1 < count <= most and any(infer(view).voids):
            views.append(view)
    return views


@pytest.mark.parametrize(
    ("preset", "seed", "most"),
    [("block", 3, 120), ("jamaican", 11, 120), ("cutthroat", 4, 120), ("classic_block", 0, 300)],
)
def test_the_draws_of_recorded_views_match_the_list_of_every_world(preset: str, seed: int, most: int) -> None:
    """Late in recorded hands (classic_block's with tiles asleep), the sampler draws each of the coach's listed
    worlds about equally often, and nothing else."""
    views = _small_views(preset, seed, most)
    assert views
    for view in views:
        listed = {drawn(view, w.hand) for w in every_world(view)}
        samples = 40 * len(listed)
        counts = draws(view, infer(view), samples, seed=seed)
        assert looks_uniform(counts, listed, samples), (preset, len(listed))
        assert all(
            consistent(view, w.hands, w.stock)
            for w in (sample_world(view, infer(view), random.Random(s)) for s in range(20))
        )


@settings(max_examples=25, deadline=None, derandomize=True)  # the same examples every run: never flaky
@given(
    voids=st.lists(st.sets(st.integers(0, 3), max_size=2), min_size=3, max_size=3),
    sizes=st.lists(st.integers(1, 3), min_size=3, max_size=3),
    stock=st.integers(0, 1),
    seed=st.integers(0, 2**16),
)
def test_any_small_view_is_dealt_uniformly(voids: list[set[int]], sizes: list[int], stock: int, seed: int) -> None:
    """Random voids and sizes over the ten unseen tiles: where a deal fits, the draws are uniform over the deals."""
    view, known = handmade(tuple("".join(map(str, v)) for v in voids), tuple(sizes), stock)
    deals = brute_force(view, known)
    assume(0 < len(deals) <= 400)
    samples = 30 * len(deals)
    assert looks_uniform(draws(view, known, samples, seed), deals, samples)


def _hostile() -> tuple[PlayerView, Knowledge]:
    """Five seats of 15 tiles of a double-12 set, the four others lacking numbers that cut the unseen tiles into
    ten groups: counting their deals took 39 CPU seconds before session 28 and 7 with its tables (1.3 million
    entries), which the bound cuts to about half a second."""
    rules = build_rules("classic_block", {"set": 12, "players": 5, "deal_size": 15})
    every = sorted(full_set(12, ()), key=lambda t: (t.pips * 7 + t.high) % 91)
    view = PlayerView(
        rules=rules,
        seat=0,
        hand_index=0,
        tiles=tuple(every[:15]),
        leader=0,
        moves=(),
        hand_sizes=(15,) * 5,
        stock=0,
        scores=(0,) * 5,
    )
    voids = (frozenset(), frozenset({0}), frozenset({4, 5, 7}), frozenset({12}), frozenset({3, 8, 10}))
    return view, Knowledge(voids, tuple(every[15:]))


def test_a_view_with_too_many_deals_to_count_is_dealt_within_the_bound_and_every_deal_fits() -> None:
    view, known = _hostile()
    dealer = knowledge_module.Dealer(known, 0, view.hand_sizes, 0)
    assert dealer.count is None and dealer.filled == knowledge_module.DEALER_TABLES + 1
    assert len(dealer.groups) == 10
    with pytest.raises(ValueError, match="too many deals"):
        next(dealer.every())
    rng = random.Random(2)
    for _ in range(30):
        world = sample_world(view, known, rng)
        assert world.hands[0] == list(view.tiles)
        for seat in (1, 2, 3, 4):
            assert len(world.hands[seat]) == 15 and all(fits(t, known.voids[seat]) for t in world.hands[seat])
        hidden = [t for s in (1, 2, 3, 4) for t in world.hands[s]]
        assert len(set(hidden)) == 60 and set(hidden) <= set(known.unseen)
    first = sample_world(view, known, random.Random(9))
    again = sample_world(view, known, random.Random(9))
    assert first.hands == again.hands


def test_a_view_whose_voids_no_deal_fits_is_told_within_the_bound() -> None:
    """Seat 1 lacks every number of the tiles left: no deal fits, which the flow tells without the count."""
    view, known = _hostile()
    tight = Knowledge((*known.voids[:1], frozenset(range(13)), *known.voids[2:]), known.unseen)
    assert knowledge_module.Dealer(tight, 0, view.hand_sizes, 0).count == 0


@pytest.mark.parametrize(
    ("voids", "sizes", "stock", "unseen"),
    [
        (*OVERLAPPING, 0, UNSEEN),
        (("32", "3", "1"), (3, 3, 2), 0, UNSEEN),
        (("2", "0", ""), (2, 2, 1), 2, "0-0 1-0 1-1 2-0 2-1 2-2 3-0 3-1"),
    ],
)
def test_the_walk_that_stands_for_the_count_draws_the_deals_that_fit_about_alike(
    voids: tuple[str, ...], sizes: tuple[int, ...], stock: int, unseen: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no table entry allowed, small views are dealt by the walk: only deals that fit, each about as often."""
    monkeypatch.setattr(knowledge_module, "DEALER_TABLES", 0)
    knowledge_module._dealer.cache_clear()
    view, known = handmade(voids, sizes, stock, unseen)
    deals = brute_force(view, known)
    samples = 40 * len(deals)
    try:
        assert knowledge_module.Dealer(known, 0, view.hand_sizes, stock).count is None
        counts = draws(view, known, samples)
    finally:
        knowledge_module._dealer.cache_clear()
    assert looks_uniform(counts, deals, samples), (len(deals), counts.most_common(3), counts.most_common()[-3:])


def test_the_walk_reaches_deals_that_only_a_rotation_of_three_tiles_tells_apart(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three seats of one tile each, each lacking the number of one of the three doubles (review28): the two deals
    that fit pass every tile round, which no swap of two tiles can do; the walk must draw both."""
    x, y, z = Tile(1, 1), Tile(2, 2), Tile(3, 3)
    known = knowledge_module.Knowledge((frozenset(), frozenset({2}), frozenset({3}), frozenset({1})), (x, y, z))
    assert knowledge_module.Dealer(known, 0, (7, 1, 1, 1), 0).count == 2
    monkeypatch.setattr(knowledge_module, "DEALER_TABLES", 0)
    walk = knowledge_module.Dealer(known, 0, (7, 1, 1, 1), 0)
    assert walk.count is None
    drawn = Counter(tuple(lot[0] for lot in walk.deal(random.Random(seed))[:3]) for seed in range(400))
    assert set(drawn) == {(x, y, z), (y, z, x)} or set(drawn) == {(x, y, z), (z, x, y)}
    assert min(drawn.values()) > 120  # about half each


def test_the_dealers_kept_hold_a_bounded_share_of_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last views' dealers are kept by number and by their tables' entries in all, the newest always: sixteen
    dealers near their bound held some 700 MB (review28)."""
    views = [handmade(voids, (3, 3, 3)) for voids in (("3", "2", "0"), ("1", "2", "0"), ("3", "1", "0"), ("", "", ""))]
    dealers = knowledge_module._dealer
    dealers.cache_clear()
    try:
        built = [dealers(known, 0, view.hand_sizes, view.stock) for view, known in views]
        each = [dealer.tables() for dealer in built]
        assert all(each) and dealers.kept() == len(views), each
        dealers.cache_clear()
        monkeypatch.setattr(knowledge_module, "DEALERS_KEPT_TABLES", each[-1] + each[-2])
        for view, known in views:
            newest = dealers(known, 0, view.hand_sizes, view.stock)
            assert dealers(known, 0, view.hand_sizes, view.stock) is newest  # kept, whatever its size
            assert dealers.tables() <= max(each[-1] + each[-2], newest.tables())
        assert dealers.kept() == 2, "the two newest fit the bound; the older ones went first"
        monkeypatch.setattr(knowledge_module, "DEALERS_KEPT_TABLES", 0)
        view, known = views[0]
        assert dealers(known, 0, view.hand_sizes, view.stock).count == built[0].count and dealers.kept() == 1
        monkeypatch.setattr(knowledge_module, "DEALERS_KEPT_TABLES", 10**9)
        monkeypatch.setattr(knowledge_module, "DEALERS_KEPT", 3)
        for view, known in views:
            dealers(known, 0, view.hand_sizes, view.stock)
        assert dealers.kept() == 3
    finally:
        dealers.cache_clear()
