"""The local table's reads without Qt (session/local_table.py): whose turn it is at this screen, what the
person may play, what is shown between hands, the sealed deal, and when a move may be taken back."""

from __future__ import annotations

import random

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import ClaimWindow, Cut, CutDeck, NextHand, PlayTurn, Seal
from dominoes_desktop.engine.duplicate import DuplicateMatch
from dominoes_desktop.engine.fairness import FairDeal, cut_from_gesture
from dominoes_desktop.engine.match import HandResult, Match
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.local_table import LocalTable
from dominoes_desktop.session.seats import Cpu, SeededTable, Waiting
from dominoes_desktop.session.table import Answerer, Session
from dominoes_desktop.session.table_model import SeatConfig

from .test_loop import Asked, play_to_your_turn


class Table(LocalTable):
    def __init__(self, session: Session, seats: list[SeatConfig]) -> None:
        self.session = session
        self.match: Match | None = session.match
        self.seats = seats
        self.thinking: int | None = None
        self.duplicate: DuplicateMatch | None = None
        self.last_result: HandResult | None = None
        self.auto_cut = False


def seats_of(people: set[int], players: int = 4) -> list[SeatConfig]:
    return [SeatConfig(f"P{s}", s in people) for s in range(players)]


def random_cpu(seat: int) -> Cpu:
    return Cpu(make_player("random", seat), rng=random.Random(seat))


def person_at_table(preset: str = "jamaican", seed: int = 5) -> tuple[Table, Asked]:
    rules = build_rules(preset)
    you = Asked()
    answerers: list[Answerer] = [you.seat] + [random_cpu(s) for s in range(1, rules.players)]
    session = Session(Match(rules, seed), answerers, SeededTable())
    return Table(session, seats_of({0}, rules.players)), you


def test_the_person_s_turn_their_moves_and_rack() -> None:
    table, you = person_at_table()
    assert table.session is not None
    play_to_your_turn(table.session, you)
    pending = table.pending
    assert isinstance(pending, PlayTurn) and pending.seat == 0
    assert table.human_turn() == 0 and table.turn_seat() == 0 and table.waiting is None
    assert table.legal_moves() == list(pending.moves)
    assert table.match is not None and table.match.hand is not None
    assert table.rack(0) == tuple(table.match.hand.hands[0]) and table.rack_size(1) == len(table.match.hand.hands[1])
    assert table.can_undo() is (table.match.undo_point(0) is not None)
    table.thinking = 0  # a timed-out person's best move is being thought of: nothing to click meanwhile
    assert table.human_turn() is None and table.legal_moves() == []


def test_between_hands_the_finished_hand_stays_shown_and_the_next_deal_waits() -> None:
    rules = build_rules("jamaican")
    cpus: list[Answerer] = [random_cpu(s) for s in range(4)]
    session = Session(Match(rules, 3), cpus, Waiting(lambda ask: None))  # nobody deals: the table waits
    table = Table(session, seats_of(set()))
    session.answer(None, Seal(FairDeal.commit()))
    assert isinstance(table.pending, CutDeck)
    assert table.sealed_fingerprint() == session.match.sealed.fingerprint  # type: ignore[union-attr]
    assert table.next_deal_waits() and table.shown_hand() is None and table.hand_number == 1
    session.answer(None, Cut(cut_from_gesture("table")))  # dealt; the CPUs play the hand through
    assert session.match.results and isinstance(table.pending, NextHand)
    assert table.shown_hand() is session.match.archive[-1][1]  # its tiles stay on the table
    assert table.hand is None and table.rack(0) == () and table.turn_seat() == -1
    assert table.next_deal_waits() and table.sealed_fingerprint() is None
    assert table.archive == list(session.match.archive) and table.scores == list(session.match.scores)
    assert table.can_undo() is False  # nobody at the screen


def test_a_claim_waits_on_the_person_only() -> None:
    rules = build_rules("all_fives", {"players": 2})
    for seed in range(1, 80):
        you = Asked()
        session = Session(Match(rules, seed), [you.seat, random_cpu(1)], SeededTable())
        table = Table(session, seats_of({0}, 2))
        session.advance()
        for _ in range(60):
            pending = table.pending
            if isinstance(pending, ClaimWindow) and pending.seat == 0:
                assert table.waiting == pending and table.human_turn() is None
                table.seats = seats_of(set(), 2)  # were the seat a CPU's, nothing would wait on a person
                assert table.waiting is None
                return
            if not isinstance(pending, PlayTurn) or pending.seat != 0:
                break
            session.answer(0, pending.moves[0])
    raise AssertionError("no claim of the person's came")
