"""CPU players: legal, fair (they decide from their view alone), and reachable through the bot protocol."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from dominoes_desktop.cli.simulate import main as simulate_main
from dominoes_desktop.engine.cpu import DEFAULT_LEVEL, LEVELS, TABLE_LEVELS, make_player, search
from dominoes_desktop.engine.cpu.players import CpuPlayer, ExpertPlayer, HardPlayer
from dominoes_desktop.engine.hand import HandEnd
from dominoes_desktop.engine.knowledge import infer, sample_world
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.tiles import full_set
from dominoes_desktop.engine.view import HIDDEN, PlayerView
from dominoes_desktop.session.cpu_table import CpuTable

from .helpers import start_hand


def fresh(level: str, seed: int) -> CpuPlayer:
    return HardPlayer(seed, worlds=12) if level == "hard" else make_player(level, seed)


def positions(preset: str, count: int, seed: int) -> list[tuple[Match, int]]:
    """Matches stopped part-way through a hand, with the seat to move."""
    found = []
    rng = random.Random(seed)
    while len(found) < count:
        match = Match(build_rules(preset), rng.getrandbits(32))
        hand = start_hand(match)
        for _ in range(rng.randrange(1, 16)):
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_moves()))
        if not hand.is_over and hand.legal_moves()[0].kind is MoveKind.PLAY and len(hand.legal_moves()) > 1:
            found.append((match, hand.turn))
    return found


def reshuffled(match: Match, seat: int, rng: random.Random) -> Match:
    """The same match with the tiles `seat` cannot see dealt differently among the others and the stock,
    keeping every hand's size and every seat's shown voids."""
    hand = match.hand
    assert hand is not None
    view = PlayerView.of(match, seat)
    twin = Match(match.rules, match.seed)
    twin.results = list(match.results)
    twin.scores = list(match.scores)
    world = sample_world(view, infer(view), rng)
    twin.hand = hand.copy()
    twin.hand.hands = [list(h) for h in world.hands]
    twin.hand.stock = list(world.stock) if hand.stock else []
    return twin


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
@pytest.mark.parametrize("preset", ["jamaican", "puerto_rican", "all_fives", "draw"])
def test_a_cpu_never_sees_hidden_tiles(level: str, preset: str) -> None:
    rng = random.Random(11)
    for match, seat in positions(preset, 6, seed=len(preset)):
        original = fresh(level, 5).decide(PlayerView.of(match, seat)).move
        for _ in range(3):
            other = reshuffled(match, seat, rng)
            assert other.hand is not None and other.hand.hands != match.hand.hands  # type: ignore[union-attr]
            assert fresh(level, 5).decide(PlayerView.of(other, seat)).move == original


class Ticking:
    """A clock that moves on a fixed step each time it is read: a clocked CPU's decision then depends on its
    view and seed alone, not on how busy the machine is."""

    def __init__(self, step: float) -> None:
        self.step = step
        self.time = 0.0

    def __call__(self) -> float:
        self.time += self.step
        return self.time


@pytest.mark.parametrize("preset", ["jamaican", "puerto_rican"])
def test_the_expert_never_sees_hidden_tiles(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Its worlds, their weights, the exact search, the tie break's playouts: all from the seat's view, so
    dealing the tiles it cannot see otherwise leaves its move the same (on a clock that ticks per reading)."""
    monkeypatch.setattr(search, "_clock", Ticking(0.0005))
    rng = random.Random(3)
    for match, seat in positions(preset, 4, seed=len(preset) + 1):
        original = ExpertPlayer(5, movetime_ms=30.0).decide(PlayerView.of(match, seat)).move
        for _ in range(2):
            other = reshuffled(match, seat, rng)
            assert other.hand is not None and other.hand.hands != match.hand.hands  # type: ignore[union-attr]
            assert ExpertPlayer(5, movetime_ms=30.0).decide(PlayerView.of(other, seat)).move == original


def test_the_view_holds_no_other_hand() -> None:
    match, seat = positions("jamaican", 1, seed=3)[0]
    view = PlayerView.of(match, seat)
    assert view.tiles == tuple(match.hand.hands[seat])  # type: ignore[union-attr]
    for other in range(4):
        if other != seat:
            assert all(t not in view.tiles for t in match.hand.hands[other])  # type: ignore[union-attr]
    assert HIDDEN not in view.tiles and set(view.tiles) <= set(full_set(6)), "only real tiles of the set"


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
@pytest.mark.parametrize("preset", ["jamaican", "six_love", "dominican", "cuban", "cross_9", "fives_threes"])
def test_every_level_plays_legal_matches(level: str, preset: str) -> None:
    rules = build_rules(preset)
    players = [fresh(level, s) for s in range(rules.players)]
    table = CpuTable(rules, players, seed=4)
    for _ in range(2):
        if table.match.is_over:
            break
        result = table.play_hand()  # the match raises on any illegal move
        if result.end is HandEnd.DOMINO:
            assert result.winner_seat is not None and result.remaining[result.winner_seat] == ()
        else:
            assert all(result.remaining), "a blocked hand ends with every seat still holding tiles"


def test_one_list_of_levels_names_every_cpu() -> None:
    assert [make_player(level).level for level in LEVELS] == list(LEVELS)
    assert TABLE_LEVELS == ("easy", "medium", "hard", "expert") and DEFAULT_LEVEL in TABLE_LEVELS
    hard = make_player("hard", 1, movetime_ms=7.0)
    assert isinstance(hard, HardPlayer) and hard.movetime_ms == 7.0
    assert make_player("expert", 1, movetime_ms=9.0).movetime_ms == 9.0  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="choose random, easy, medium, hard, expert"):
        make_player("grandmaster")


def test_sampled_worlds_respect_passes() -> None:
    for match, seat in positions("jamaican", 20, seed=9):
        view = PlayerView.of(match, seat)
        knowledge = infer(view)
        world = sample_world(view, knowledge, random.Random(1))
        for other, void in enumerate(knowledge.voids):
            assert len(world.hands[other]) == view.hand_sizes[other]
            if other != seat:
                assert not any(t.high in void or t.low in void for t in world.hands[other])


def test_medium_decisions_are_timed() -> None:
    rules = build_rules("puerto_rican")
    report_medium = CpuTable(rules, [make_player("medium", s) for s in range(4)], 1)
    report_medium.play_hand()
    assert report_medium.decision_ms["medium"], "medium was asked to decide"


def test_claims_and_muggins() -> None:
    rules = build_rules("all_fives", {"players": 2})
    hard = make_player("hard", 1)
    for match, _seat in positions("all_fives", 40, seed=2):
        hand = match.hand
        assert hand is not None
        if hand.pending is None:
            continue
        owner = hand.pending.seat
        assert hard.claim(PlayerView.of(match, owner)) is not None
        opponent = (owner + 1) % rules.players
        call = hard.claim(PlayerView.of(match, opponent))
        assert call is not None and call.kind is MoveKind.MUGGINS


def bot(*requests: object, level: str = "medium") -> list[dict[str, object]]:
    lines = "\n".join(r if isinstance(r, str) else json.dumps(r) for r in requests) + "\n"
    run = subprocess.run(
        [sys.executable, "-m", "dominoes_desktop.engine.bot", "--level", level, "--seed", "1", "--movetime-ms", "30"],
        input=lines,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


REQUEST = {
    "preset": "puerto_rican",
    "options": {},
    "hand_index": 3,
    "seat": 0,
    "hand": ["6-6", "5-4", "3-1", "2-2", "4-0", "1-0", "3-3"],
    "leader": 2,
    "moves": [{"seat": 2, "move": "6-5"}, {"seat": 3, "move": "pass"}],
    "scores": [12, 30],
    "hand_sizes": [7, 7, 6, 7],
    "stock": 0,
}


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_the_bot_answers_a_legal_move_with_a_reason(level: str) -> None:
    (reply,) = bot(REQUEST, level=level)
    assert reply["move"] in ("6-6@6", "5-4@5")
    assert isinstance(reply["why"], str) and reply["why"]
    assert isinstance(reply["ms"], (int, float))


def test_the_bot_reports_bad_requests_and_keeps_reading() -> None:
    impossible = dict(REQUEST, moves=[*REQUEST["moves"], {"seat": 0, "move": "5-4@5"}])  # type: ignore[list-item]
    replies = bot("not json", {"preset": "martian"}, impossible, dict(REQUEST, seat=9), REQUEST)
    assert [("error" in r) for r in replies] == [True, True, True, True, False]
    assert "both played and in the hand" in str(replies[2]["error"])
    assert replies[4]["move"] in ("6-6@6", "5-4@5")


def test_the_bot_passes_or_draws_when_that_is_all_there_is() -> None:
    stuck = dict(REQUEST, hand=["3-1", "2-2", "1-0", "4-0", "3-3", "2-1", "0-0"])
    assert bot(stuck)[0]["move"] == "pass"


def test_simulate_reports_results_and_decision_times(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        simulate_main(
            [
                "--preset",
                "jamaican",
                "--players",
                "medium,easy,medium,easy",
                "--matches",
                "1",
                "--seed",
                "2",
                "--duplicate",
            ]
        )
        == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["matches"] == 2 and sum(report["matches_won"]) == 2
    assert set(report["decision_ms"]) == {"easy", "medium"}
    assert "mean_margin_per_hand" in report
