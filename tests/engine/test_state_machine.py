"""The match as a state machine, without Qt: what it waits for, from whom, and what answering it does."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.deal import Deal
from dominoes_desktop.engine.decisions import (
    AnswerRedeal,
    ChooseLeader,
    ClaimWindow,
    DealHand,
    Dealt,
    HandScored,
    HandStarted,
    Lead,
    LetGo,
    LetGoBy,
    MatchOver,
    MatchWon,
    Moved,
    MugginsWindow,
    NextHand,
    PlayTurn,
    RedealAnswered,
    RedealOffer,
)
from dominoes_desktop.engine.errors import IllegalMove
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import CLAIM, PASS, Move, MoveKind, parse_move
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.session.cpu_table import CpuTable

from .helpers import tiles

ENGINE = Path(__file__).resolve().parents[2] / "dominoes_desktop" / "engine"


def fixed(*hands: str) -> Deal:
    return Deal(tuple(tuple(tiles(h)) for h in hands), (), (), None)


def test_a_new_match_waits_for_the_first_deal_then_for_the_leader_to_play() -> None:
    match = Match(build_rules("jamaican"), 5)
    assert match.pending() == NextHand(0) and match.pending().seats == ()
    events = match.apply(None, DealHand())
    assert events[0] == Dealt(0) and isinstance(events[1], HandStarted), "one seat may lead: play begins"
    pending = match.pending()
    assert isinstance(pending, PlayTurn) and pending.seats == (events[1].leader,)
    assert list(pending.moves) == match.hand.legal_moves()  # type: ignore[union-attr]


def test_the_same_seed_gives_the_same_match_move_for_move() -> None:
    def played(seed: int) -> list[object]:
        table = CpuTable(build_rules("dominican"), [make_player("medium", s) for s in range(4)], seed)
        log: list[object] = []
        table.play_match(observer=lambda _m, seat, move: log.append((seat, move)))
        return [*log, table.match.scores]

    assert played(3) == played(3)


def test_a_side_that_won_chooses_its_leader_and_only_a_seat_of_it_may_answer() -> None:
    match = Match(build_rules("jamaican", {"deal_size": 2}))
    match.apply(None, DealHand(deal=fixed("6-6 0-0", "6-5 5-4", "1-1 2-2", "3-3 3-0")))
    for text in ["6-6", "6-5", "pass", "pass", "pass", "5-4"]:
        match.apply(None, parse_move(text))
    assert match.results[0].winner_side == 1
    match.apply(None, DealHand())
    pending = match.pending()
    assert pending == ChooseLeader((1, 3), None)
    with pytest.raises(IllegalMove) as refused:
        match.apply(0, Lead(1))
    assert refused.value.code == "not_your_decision" and refused.value.params["seat"] == 0
    with pytest.raises(IllegalMove) as refused:
        match.apply(1, Lead(0))
    assert refused.value.code == "may_not_lead"
    assert match.apply(3, Lead(3)) == [HandStarted(1, 3)]


def test_an_action_that_answers_something_else_is_refused_with_a_code() -> None:
    match = Match(build_rules("jamaican"), 1)
    with pytest.raises(IllegalMove) as refused:
        match.apply(0, PASS)
    assert refused.value.code == "wrong_action" and refused.value.params["waiting"] == "NextHand"
    match.apply(None, DealHand())
    pending = match.pending()
    assert isinstance(pending, PlayTurn)
    with pytest.raises(IllegalMove) as refused:
        match.apply((pending.seat + 1) % 4, pending.moves[0])
    assert refused.value.code == "not_your_decision"
    with pytest.raises(IllegalMove) as refused:
        match.apply(pending.seat, DealHand())
    assert refused.value.code == "wrong_action"


def all_fives_after_a_scoring_pose() -> Match:
    match = Match(build_rules("all_fives", {"players": 2, "deal_size": 3}))
    match.apply(None, DealHand(deal=fixed("5-5 6-1 2-1", "4-4 3-3 2-0"), leader=0))
    events = match.apply(None, parse_move("5-5"))
    assert events == [Moved(0, parse_move("5-5"), (0, 0))], "points wait to be claimed"
    return match


def test_scored_points_open_a_claim_window_then_a_muggins_window() -> None:
    match = all_fives_after_a_scoring_pose()
    assert match.pending() == ClaimWindow(0, 10)
    with pytest.raises(IllegalMove):
        match.apply(1, PASS)  # the next turn waits for the window
    assert match.apply(0, LetGo()) == [LetGoBy(0)]
    assert match.pending() == MugginsWindow((1,), 0, 10)
    muggins = Move(MoveKind.MUGGINS, caller=1)
    assert match.apply(1, muggins) == [Moved(1, muggins, (0, 10))]
    assert isinstance(match.pending(), PlayTurn)


def test_a_claim_takes_the_points_and_letting_them_go_loses_them() -> None:
    claimed = all_fives_after_a_scoring_pose()
    assert claimed.apply(0, CLAIM) == [Moved(0, CLAIM, (10, 0))]
    let_go = all_fives_after_a_scoring_pose()
    let_go.apply(0, LetGo())
    let_go.apply(1, LetGo())
    assert let_go.hand is not None and let_go.hand.end_points == [0, 0] and let_go.pending() == PlayTurn(1, (PASS,))


def test_the_hand_is_scored_by_itself_and_the_match_ends_when_won() -> None:
    match = Match(build_rules("jamaican", {"deal_size": 2, "single_round": True}))
    match.apply(None, DealHand(deal=fixed("6-6 0-0", "6-5 5-4", "1-1 2-2", "3-3 3-0")))
    for text in ["6-6", "6-5", "pass", "pass", "pass"]:
        match.apply(None, parse_move(text))
    events = match.apply(None, parse_move("5-4"))
    assert isinstance(events[1], HandScored) and events[2] == MatchWon(1)
    assert match.pending() == MatchOver(1)
    with pytest.raises(IllegalMove) as refused:
        match.apply(None, DealHand())
    assert refused.value.code == "match_over"


def test_a_redeal_offer_goes_to_each_seat_that_may_ask_in_turn() -> None:
    rules = build_rules("cuban")
    # Two seats dealt five doubles each (all ten of the double-nine set's): about one deal in 50,000.
    for seed in range(300_000):
        match = Match(rules, seed)
        match.apply(None, DealHand())
        if len(match.redeal_seats()) == 2:
            break
    else:
        raise AssertionError("no seed up to 300,000 deals two seats five doubles each")
    first, second = match.redeal_seats()
    assert match.deal is not None
    for seat in (first, second):
        assert sum(t.is_double for t in match.deal.hands[seat]) >= 5
    assert match.pending() == RedealOffer(first, 5), "the first seat that may ask is asked first"
    with pytest.raises(IllegalMove) as refused:
        match.apply(second, AnswerRedeal(True))
    assert refused.value.code == "not_your_decision", "the second seat waits for the first one's answer"
    assert match.apply(first, AnswerRedeal(False)) == [RedealAnswered(first, False)]
    assert match.pending() == RedealOffer(second, 5), "declined by one, the offer goes to the other"
    kept = match.deal
    declined = Match(rules, seed)  # the same deal, answered "no" by both: the hand goes on as dealt
    declined.apply(None, DealHand())
    declined.apply(first, AnswerRedeal(False))
    declined.apply(second, AnswerRedeal(False))
    assert declined.deal == kept and isinstance(declined.pending(), ChooseLeader | PlayTurn)
    assert match.apply(second, AnswerRedeal(True)) == [RedealAnswered(second, True)], "the second seat asks"
    assert match.pending() == NextHand(0, redeal_by=second), "the table is dealt again, like any deal"
    assert match.apply(None, DealHand()) == [Dealt(0, second)]
    assert match.deal != kept and match.redeal_seats() == (), "one redeal a hand, whatever the new deal holds"
    assert not isinstance(match.pending(), RedealOffer)


def test_taking_back_a_move_replays_the_hand_to_just_before_it() -> None:
    match = Match(build_rules("jamaican"), 12)
    match.apply(None, DealHand())
    rng = random.Random(1)
    seat = 0
    snapshots: dict[int, tuple[object, ...]] = {}
    for _ in range(14):
        pending = match.pending()
        if not isinstance(pending, PlayTurn):
            break
        hand = match.hand
        assert hand is not None
        if pending.seat == seat:
            snapshots[len(hand.history)] = (
                [list(h) for h in hand.hands],
                hand.layout.tiles_on_table(),
                hand.turn,
                pending,
            )
        match.apply(pending.seat, rng.choice(pending.moves))
    hand = match.hand
    assert hand is not None and match.undo_point(seat) is not None
    at = match.undo_point(seat)
    match = match.taken_back(seat)
    rebuilt = match.hand
    assert rebuilt is not None and len(rebuilt.history) == at
    assert ([list(h) for h in rebuilt.hands], rebuilt.layout.tiles_on_table(), rebuilt.turn, match.pending()) == (
        snapshots[at]  # type: ignore[index]
    )
    assert match.practice


def test_taking_back_the_move_that_ended_a_hand_unscores_it() -> None:
    match = Match(build_rules("jamaican", {"deal_size": 2}))
    match.apply(None, DealHand(deal=fixed("6-6 0-0", "6-5 5-4", "1-1 2-2", "3-3 3-0")))
    for text in ["6-6", "6-5", "pass", "pass", "pass", "5-4"]:
        match.apply(None, parse_move(text))
    assert match.hand_index == 1 and match.scores != [0, 0]
    match = match.taken_back(1)
    assert match.hand_index == 0 and match.scores == [0, 0] and match.archive == []
    assert match.pending() == PlayTurn(1, (parse_move("5-4@5"),))


def test_nothing_to_take_back_is_a_coded_error() -> None:
    match = Match(build_rules("jamaican"), 2)
    match.apply(None, DealHand())
    with pytest.raises(IllegalMove) as refused:
        match.taken_back(3 if match.pending().seats != (3,) else 2)
    assert refused.value.code == "nothing_to_undo"


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add("." * node.level + node.module)
    return found


def test_the_rules_import_no_player() -> None:
    """Only the harnesses (simulate, bot) and the players themselves reach for the CPU players."""
    harnesses = {"simulate.py", "bot.py"}
    for path in sorted(ENGINE.glob("*.py")):
        if path.name in harnesses:
            continue
        assert not any(".cpu" in name for name in _imports(path)), f"{path.name} imports a CPU player"


def test_one_place_decides_what_comes_next() -> None:
    """Nobody outside the match rebuilds the order of play from its pieces."""
    root = ENGINE.parent
    pieces = ("match.redeal_seats(", "match.plan", "match.default_leader(", "match._start_hand(", "match._finish_hand(")
    for path in sorted(root.rglob("*.py")):
        if path.name == "match.py":
            continue
        text = path.read_text()
        used = [piece for piece in pieces if piece in text]
        # A random CPU leads as the rules would.
        allowed = {"seats.py": {"match.default_leader("}}
        assert set(used) <= allowed.get(path.name, set()), f"{path.relative_to(root)} uses {used}"


@pytest.mark.parametrize("preset", ["all_fives", "cross_9", "classic_draw", "dominican"])
def test_taking_back_is_exact_under_every_kind_of_rule(preset: str) -> None:
    """Random play with claims, draws and crosses; whenever a seat's last move is taken back, the hand is
    exactly as it was just before that move."""
    rules = build_rules(preset)
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        match = Match(rules, seed)
        match.apply(None, DealHand())
        seen: dict[int, tuple[object, ...]] = {}
        for _ in range(rng.randrange(5, 40)):
            pending = match.pending()
            hand = match.hand
            if hand is None or not isinstance(pending, PlayTurn | ClaimWindow | MugginsWindow):
                break
            seen[len(hand.history)] = (
                [list(h) for h in hand.hands],
                list(hand.stock),
                hand.layout.tiles_on_table(),
                list(hand.end_points),
                hand.turn,
                hand.pending,
            )
            if isinstance(pending, PlayTurn):
                match.apply(pending.seat, rng.choice(pending.moves))
            else:
                match.apply(pending.seats[0], CLAIM if isinstance(pending, ClaimWindow) else LetGo())
        seat = rng.randrange(rules.players)
        at = match.undo_point(seat)
        if at is None:
            continue
        match = match.taken_back(seat)
        hand = match.hand
        assert hand is not None
        now = (
            [list(h) for h in hand.hands],
            list(hand.stock),
            hand.layout.tiles_on_table(),
            list(hand.end_points),
            hand.turn,
            hand.pending,
        )
        assert now == seen[at], f"{preset} seed {seed}: taking back seat {seat}'s move at {at}"
        checked += 1
    assert checked >= 3
