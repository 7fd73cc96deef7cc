"""One seat view: what the match says a seat may do is what its view, its bot-protocol request and the
request read back say, after hands with no winner too (where the first-hand pose rule may apply again)."""

from __future__ import annotations

import json

import pytest

from dominoes_desktop.cli.bot import answer
from dominoes_desktop.engine.cpu import make_player
from dominoes_desktop.engine.decisions import Action, PlayTurn
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.view import PlayerView, view_from_request
from dominoes_desktop.session.cpu_table import CpuTable


@pytest.mark.parametrize("preset", ["jamaican", "cutthroat"])
def test_after_a_tied_blocked_hand_the_views_leads_are_the_matchs(preset: str) -> None:
    rules = build_rules(preset)
    checked = forced = 0
    for seed in range(400):
        table = CpuTable(rules, [make_player("random", seed + s) for s in range(rules.players)], seed)
        match = table.match
        while not match.is_over and match.hand_index < 30 and checked < 12:
            tied = bool(match.results) and match.results[-1].winner_seat is None
            table.start_hand()
            pending = match.pending()
            if tied and isinstance(pending, PlayTurn):
                seat = pending.seat
                view = PlayerView.of(match, seat)
                assert set(view.legal_moves()) == set(pending.moves)
                request = json.loads(json.dumps(view.to_request(preset, {})))
                again = view_from_request(request)
                assert set(again.legal_moves()) == set(pending.moves), "the request's legal leads are the match's"
                assert match.hand is not None and again.forced_pose == match.hand.forced_pose
                reply = answer(make_player("medium", seed), request)
                assert reply["move"] in {m.notation() for m in pending.moves}
                checked += 1
                forced += match.hand.forced_pose is not None
            table.play_hand()
        if checked >= 12:
            break
    assert checked >= 12, f"only {checked} hands after a tie were found"
    print(f"{preset}: {checked} leads after a tie checked, {forced} of them a forced pose")


def test_a_forced_pose_is_read_from_the_legal_leads() -> None:
    rules = build_rules("jamaican")
    request = {
        "preset": "jamaican",
        "options": {},
        "hand_index": 5,
        "seat": 0,
        "hand": ["6-6", "6-5", "4-4", "3-1", "2-0", "1-1", "5-3"],
        "leader": 0,
        "moves": [],
        "scores": [0, 0],
        "legal": ["6-6"],
    }
    view = view_from_request(request)
    assert view.legal_moves() == [m for m in view.legal_moves() if m.tile is not None and m.tile.is_double]
    assert str(view.forced_pose) == "6-6" and rules.after_win.name
    free = view_from_request(request | {"legal": ["6-6", "6-5", "4-4", "3-1", "2-0", "1-1", "5-3"]})
    assert free.forced_pose is None and len(free.legal_moves()) == 7


def test_each_public_move_carries_the_points_it_made() -> None:
    rules = build_rules("all_fives")
    table = CpuTable(rules, [make_player("medium", s) for s in range(rules.players)], 3)
    table.play_hand()
    table.start_hand()
    match = table.match
    hand = match.hand
    assert hand is not None
    while not hand.is_over and len(hand.history) < 12:
        table.step()
    view = PlayerView.of(match, 0)
    assert len(view.move_points) == len(view.moves)
    totals = [sum(p[side] for p in view.move_points) for side in range(rules.sides)]
    assert totals == list(hand.end_points)
    assert any(any(p) for p in view.move_points), "some move scored in twelve All Fives moves"


@pytest.mark.parametrize(("preset", "options"), [("all_fives", {"target": 61}), ("draw", {}), ("cuban", {})])
def test_a_seat_view_followed_by_the_public_events_stays_the_match_s_view(preset: str, options: dict[str, int]) -> None:
    """PublicView.apply follows each public event with the engine's rules: after every move its layout, counts
    and record are the match's view of the seat (a drawn tile's face apart, until the seat's next view)."""
    from dominoes_desktop.engine.decisions import Moved
    from dominoes_desktop.engine.view import PublicView

    rules = build_rules(preset, options)
    compared = 0
    for seed in range(3):
        table = CpuTable(rules, [make_player("random", seed + s) for s in range(rules.players)], seed)
        match = table.match
        seats = [PublicView(s) for s in range(rules.players)]
        while not match.is_over and match.hand_index < 4:
            table.start_hand()
            seats = [state.sync(PlayerView.of(match, state.seat)) for state in seats]  # each seat's first view
            while match.hand is not None:
                pending = match.pending()
                seat = pending.seats[0]
                if isinstance(pending, PlayTurn):
                    action = table.players[seat].decide(PlayerView.of(match, seat)).move
                else:
                    action = pending_answer(pending)
                playing = match.hand_index
                for event in match.apply(seat, action):
                    seats = [state.apply(event, playing) for state in seats]
                    if isinstance(event, Moved) and match.hand is not None:
                        for state in seats:
                            truth, followed = PlayerView.of(match, state.seat), state.view
                            assert followed is not None
                            assert followed.public.layout.open_ends() == truth.public.layout.open_ends()
                            assert [t.move for t in followed.moves] == [t.move for t in truth.moves]
                            assert followed.stock == truth.stock and followed.public.turn == truth.public.turn
                            sizes = list(followed.hand_sizes)
                            sizes[state.seat] += state.owed
                            assert sizes == list(truth.hand_sizes)
                            compared += 1
                if match.hand is not None:  # a seat that drew sees its tile in its next view
                    seats = [s.sync(PlayerView.of(match, s.seat)) if s.owed else s for s in seats]
    assert compared > 100


def pending_answer(pending: object) -> Action:
    """A claim is taken; an opponent's Muggins window is let go."""
    from dominoes_desktop.engine.decisions import ClaimWindow, LetGo
    from dominoes_desktop.engine.moves import CLAIM

    return CLAIM if isinstance(pending, ClaimWindow) else LetGo()
