"""Duplicate matches: the same tiles reach the same seats in every play of a deal, the line-up moves round,
and the totals set the person's side against the CPUs' on the same cards."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import (
    Cut,
    DealAgain,
    HandScored,
    NextHand,
    RedealOffer,
    Seal,
)
from dominoes_desktop.engine.duplicate import (
    DuplicateError,
    DuplicateMatch,
    duplicate_rules,
    entry_at,
    seat_of,
)
from dominoes_desktop.engine.fairness import verify
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import Rules
from dominoes_desktop.session.cpu_table import CpuTable
from dominoes_desktop.session.seats import DuplicateDeals


def play_through(dup: DuplicateMatch, level: str = "random", seed: int = 0, person: str | None = None) -> list[int]:
    """Play every play with CPUs (the line-up's person played by a `person`-level CPU, when given), each
    decision through the match's pending() / apply(); the hands' scored events, counted per play."""
    scored = []
    while True:
        line_up = dup.line_up_at()
        players = [
            make_player(person if person and line_up[s] == dup.person else level, seed + line_up[s])
            for s in range(dup.rules.players)
        ]
        table = CpuTable(dup.rules, players, seed, match=dup.match, table=DuplicateDeals(dup))  # the play's own match
        events = 0
        while not dup.play_over:
            events += sum(isinstance(e, HandScored) for e in table.step())
        scored.append(events)
        if dup.is_over:
            return scored
        dup.next_play()


RULES = {
    "jamaican": build_rules("jamaican"),
    "cutthroat": build_rules("cutthroat"),
    "two": build_rules("classic_block", {"players": 2}),
    "all_fives": build_rules("all_fives"),
    "cuban": build_rules("cuban"),
}


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(RULES)), st.integers(1, 3), st.integers(0, 2**32 - 1), st.integers(0, 2**20))
def test_every_play_of_a_deal_deals_the_same_tiles_to_the_same_seats(
    name: str, deals: int, seed: int, sealed_by: int
) -> None:
    rules = RULES[name]
    dup = DuplicateMatch.create(rules, deals, seed, sealed_by=sealed_by)
    play_through(dup, seed=seed % 1000)
    records = dup.records()
    assert len(records) == deals * rules.sides == dup.total_plays
    by_deal: dict[int, list[tuple[object, object]]] = {}
    for record in records:
        by_deal.setdefault(record.play.deal, []).append((record.dealt.hands, tuple(record.dealt.stock)))
        proof = dup.proofs[record.play.deal]
        assert proof.cut_taken and verify(dup.rules, proof, record.dealt).ok, "every deal is sealed and fair"
        assert record.match is not None
        # The first play is chance's deal; the later ones deal it again from its proof (left out of deal luck).
        assert record.match.chosen_deals == ({0} if record.play.rotation else set())
    for plays in by_deal.values():
        assert len(plays) == rules.sides and len(set(plays)) == 1, "same tiles, same seats, same stock order"
    assert len({hands for hands, _ in (p[0] for p in by_deal.values())}) == deals, "the deals differ"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(RULES)), st.integers(0, 2**32 - 1))
def test_the_same_leader_rule_picks_the_same_seat_in_every_play(name: str, seed: int) -> None:
    rules = RULES[name]
    dup = DuplicateMatch.create(rules, 2, seed, sealed_by=seed)
    play_through(dup, seed=1)
    leaders: dict[int, set[int]] = {}
    for record in dup.records():
        leaders.setdefault(record.play.deal, set()).add(record.result.leader)
    for seats in leaders.values():
        # Partners drawn at random (Cuban) choose which of them leads: the side is the same every play.
        assert len({rules.side_of(s) for s in seats}) == 1


def test_plays_are_independent_first_hands() -> None:
    dup = DuplicateMatch.create(RULES["jamaican"], 3, 5, sealed_by=9)
    play_through(dup)
    for record in dup.records():
        assert record.result.hand_index == 0 and record.result.leader is not None
        # The first-hand rule: the highest double dealt leads it.
        top = max((t for h in record.dealt.hands for t in h if t.is_double), key=lambda t: t.high)
        assert top in record.dealt.hands[record.result.leader]


@pytest.mark.parametrize(("players", "partners", "sides"), [(2, False, 2), (3, False, 3), (4, True, 2), (4, False, 4)])
def test_the_line_up_moves_round_so_everyone_holds_every_sides_cards(players: int, partners: bool, sides: int) -> None:
    rules = build_rules("room", {"players": players, "partners": partners})
    dup = DuplicateMatch.create(rules, 2, 1, sealed_by=1)
    assert dup.rotations == sides
    order = [dup.play_at(i) for i in range(dup.total_plays)]
    assert order[:2] == [(0, 0), (1, 0)], "every deal once, then every deal again"
    assert sorted(order) == sorted((d, r) for d in range(2) for r in range(sides))
    for rotation in range(sides):
        for entry in range(players):
            assert entry_at(seat_of(entry, rotation, players), rotation, players) == entry
        # The person's side takes another side's seats each play.
        person_side = rules.side_of(seat_of(0, rotation, players))
        assert person_side == rotation % sides
    if partners:  # the person's side takes the other side's seats; the partner goes along
        assert seat_of(0, 1, 4) == 1 and seat_of(2, 1, 4) == 3


def test_two_players_swap_seats() -> None:
    dup = DuplicateMatch.create(RULES["two"], 1, 1, sealed_by=1)
    assert dup.seat_of_person() == 0 and dup.line_up_at() == (0, 1)
    play_through_one(dup)
    dup.next_play()
    assert dup.seat_of_person() == 1 and dup.line_up_at() == (1, 0)


def play_through_one(dup: DuplicateMatch) -> None:
    table = CpuTable(
        dup.rules,
        [make_player("random", s) for s in range(dup.rules.players)],
        0,
        match=dup.match,
        table=DuplicateDeals(dup),
    )
    while not dup.play_over:
        table.step()


def test_totals_set_your_side_against_the_cpus_on_the_same_cards() -> None:
    rules = build_rules("all_fives", {"partners": True})
    dup = DuplicateMatch.create(rules, 3, 2, sealed_by=4)
    play_through(dup, "random", person="medium")
    summary = dup.summary()
    you, cpu = 0, 0
    for record in dup.records():
        gains = record.result.side_points()
        for side in range(rules.sides):
            holder = rules.side_of(entry_at(rules.seats_of(side)[0], record.play.rotation, rules.players))
            if holder == 0:
                you += gains[side]
            else:
                cpu += gains[side]
    assert summary.your_total == you and summary.cpu_total == cpu
    assert summary.margin == you - cpu
    assert summary.listed_totals == (you, cpu)
    assert all(d.complete for d in summary.deals)
    assert sum(d.margin for d in summary.deals) == summary.margin
    winner = dup.winner()
    assert winner == (None if you == cpu else (0 if you > cpu else 1))


def test_with_three_sides_the_cpus_figure_is_their_mean() -> None:
    rules = RULES["cutthroat"]
    dup = DuplicateMatch.create(rules, 2, 3, sealed_by=3)
    play_through(dup, "random", person="easy")
    summary = dup.summary()
    totals = summary.listed_totals
    assert summary.your_total == totals[0]
    assert summary.cpu_total == Fraction(totals[1] + totals[2], 2)


def test_a_half_played_deal_shows_only_what_was_played() -> None:
    dup = DuplicateMatch.create(RULES["jamaican"], 2, 1, sealed_by=2)
    # A fixed cut: the table's own cut is fresh each run, and one deal in many ends level (no side's figure).
    dup.next_cut = b"a deal one side wins"
    play_through_one(dup)
    assert dup.proof(0).cuts == (b"a deal one side wins",)
    row = dup.summary().deals[0]
    # The first play: the person's side held side 0's cards, the CPUs side 1's; the swapped play is to come.
    assert row.yours[0] is not None and row.yours[1] is None
    assert row.cpus[0] is None and row.cpus[1] is not None and not row.complete
    assert dup.summary().deals[1].yours == (None, None)
    # The difference waits for the swapped play: one side's cards against the other's says nothing yet.
    summary = dup.summary()
    assert row.margin != 0, "this deal's first play was won by a side: its two figures differ"
    assert summary.complete_deals == 0 and summary.margin == 0


def test_no_redeal_is_offered_in_a_duplicate_match() -> None:
    rules = RULES["cuban"]
    assert duplicate_rules(rules).redeal_doubles == 0 and rules.redeal_doubles == 5
    # Search for a deal that would have offered a Cuban redeal.
    for sealed_by in range(400):
        dup = DuplicateMatch.create(rules, 1, 1, sealed_by=sealed_by)
        proof = dup.proofs[0].with_cut(b"cut")
        hands = proof.deal(rules).hands
        if any(sum(t.is_double for t in h) >= 5 for h in hands):
            dup.proofs[0] = proof
            assert isinstance(dup.match.pending(), NextHand)
            dup.match.apply(None, dup.deal_action())
            assert not isinstance(dup.match.pending(), RedealOffer)
            return
    pytest.fail("no five-double deal found")


def test_a_play_is_over_at_its_first_hand_even_when_it_wins_the_match() -> None:
    rules: Rules = build_rules("jamaican", {"single_round": True})
    dup = DuplicateMatch.create(rules, 2, 1, sealed_by=1)
    scored = play_through(dup)
    assert scored == [1, 1, 1, 1] and dup.is_over


def test_restoring_plays_from_their_moves_gives_the_same_match() -> None:
    rules = RULES["all_fives"]
    dup = DuplicateMatch.create(rules, 2, 8, sealed_by=8)
    play_through(dup, "easy")
    again = DuplicateMatch(rules, dup.proofs, dup.seed)
    for record in dup.finished:
        again.restore_play(record.hand.leader, [t.move.notation() for t in record.hand.history], record.practice)
    again.resume_current(dup.match)
    assert again.is_over and again.summary() == dup.summary()
    wrong = DuplicateMatch(rules, dup.proofs, dup.seed)
    record = dup.finished[0]
    with pytest.raises(DuplicateError):
        wrong.restore_play(record.hand.leader, [t.move.notation() for t in record.hand.history][:-2])
    stranger = DuplicateMatch(rules, list(reversed(dup.proofs)), dup.seed)
    with pytest.raises(DuplicateError):
        stranger.restore_play(record.hand.leader, [t.move.notation() for t in record.hand.history])


def test_the_cut_taken_at_a_deals_first_play_stands_for_every_play_of_the_deal() -> None:
    dup = DuplicateMatch.create(RULES["two"], 2, 1, sealed_by=5)
    play_through_one(dup)
    assert dup.next_sealed() == dup.proofs[1], "deal 1 comes next, sealed, waiting for its cut"
    match = dup.next_play()  # deal 1's first play: sealed, waiting for its cut
    action = dup.deal_action()
    assert isinstance(action, Seal) and action.commitment == dup.proofs[1] and not action.commitment.cut_taken
    match.apply(None, action)
    match.apply(None, Cut(b"person"))
    assert not match.chosen_deals
    play_through_one(dup)
    assert dup.proof(1).cuts == (b"person",)  # kept in `proofs` once the next play is set
    assert dup.next_sealed() is None, "deal 0 comes back: nothing to cut"
    first_cut = dup.proofs[0].cuts
    again = dup.next_play()  # deal 0 comes back: dealt again from its proof, no new cut
    assert dup.deal_action() == DealAgain(dup.proofs[0])
    again.apply(None, dup.deal_action())
    assert again.chosen_deals == {0}
    play_through_one(dup)
    assert dup.proofs[0].cuts == first_cut and dup.finished[0].dealt.hands == dup.records()[-1].dealt.hands


def test_a_play_put_back_must_hold_its_deals_tiles() -> None:
    rules = RULES["jamaican"]
    dup = DuplicateMatch.create(rules, 2, 4, sealed_by=4)
    play_through_one(dup)
    other = DuplicateMatch.create(rules, 2, 4, sealed_by=5)
    play_through_one(other)
    with pytest.raises(DuplicateError, match="its cut is missing"):  # another match's seal is not this one's
        DuplicateMatch(rules, dup.proofs, dup.seed).resume_current(other.match)
    fresh = DuplicateMatch(rules, [dup.proof(d) for d in range(2)], dup.seed)
    with pytest.raises(DuplicateError, match="does not hold the tiles of deal 1"):
        fresh.resume_current(other.match)
    with pytest.raises(DuplicateError, match="single hand under these rules"):
        DuplicateMatch(build_rules("jamaican", {"target": 3}), dup.proofs, dup.seed).resume_current(dup.match)
    fresh.resume_current(dup.match)
    assert fresh.summary() == dup.summary()


@given(st.integers(2, 5), st.integers(0, 4), st.data())
def test_seat_mapping_is_a_rotation(players: int, rotation: int, data: st.DataObject) -> None:
    """Every seat is held by exactly one entry, entries keep their turn order, and the rotation moves everyone
    by the same number of seats."""
    seats = [seat_of(e, rotation, players) for e in range(players)]
    assert sorted(seats) == list(range(players))
    entry = data.draw(st.integers(0, players - 1))
    assert seat_of((entry + 1) % players, rotation, players) == (seat_of(entry, rotation, players) + 1) % players
    assert entry_at(seat_of(entry, rotation, players), rotation, players) == entry
