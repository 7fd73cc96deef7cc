"""The modelled reply and the win objective together (expert.EXPERT_REPLY with expert.WIN_OBJECTIVE, session 24):
each option's value in a world is the mean, over the next seat's replies by the model's chances, of the sign of
the exact outcome after the option and the reply (ahead +1, level 0, behind -1)."""

from __future__ import annotations

import random

import pytest

from dominoes_desktop.engine.analysis.coach import Judge
from dominoes_desktop.engine.analysis.solver import after_play
from dominoes_desktop.engine.cpu import expert, reply
from dominoes_desktop.engine.cpu.alphamu import WinTest, sign
from dominoes_desktop.engine.hand import Hand
from dominoes_desktop.engine.knowledge import weighted_worlds
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.view import PlayerView

from .test_expert import late_positions
from .test_expert_reply import POSE, each_reply, pose_world

RULES = build_rules("puerto_rican")
BUDGET = 10**8
WORLDS = 16  # fewer than expert.SETTLED_AFTER: exact_pimc searches all of them, the same as drawn here


def plays_of(view: PlayerView) -> list[Move]:
    return [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]


def win_leaves(world: Hand, side: int) -> reply.Wins:
    return reply.Wins(WinTest(world, side, BUDGET), world)


def test_a_forced_reply_gives_the_win_objectives_value() -> None:
    """One reply that fits, or a pass: the combined value is expert_win's (WinTest.outcome after the option)."""
    for theirs in ("5-2 4-4", "5-5 4-4"):
        world = pose_world("2-2 6-5", theirs)
        assert len(after_play(world, POSE)[0].legal_moves()) == 1
        outcome = WinTest(world, 0, BUDGET).outcome(world, POSE)
        sighting = reply.reply_sighting(world, POSE)
        for mode in (reply.MODEL, reply.SOFTMIN):
            assert reply.replied_value(win_leaves(world, 0), world, POSE, mode, sighting) == outcome


def test_on_late_positions_the_value_is_the_chances_mean_of_the_signs_after_each_reply() -> None:
    """Every option of every world of a few Puerto Rican positions: forced replies give expert_win's value; a
    choice the model's chances' mean of the signs of the exact values after each reply (the null-window tests
    agree with the exact values), at or above expert_win's (the perfect reply's sign, the least of them)."""
    forced = chosen = 0
    for view in late_positions("puerto_rican", 3, seed=2, tiles_left=4):
        plays = plays_of(view)
        side = RULES.side_of(view.seat)
        sightings = {m: reply.reply_sighting(view.public, m) for m in plays}
        for world, _ in weighted_worlds(view, random.Random(5), 4):
            leaves = win_leaves(world, side)
            for move in plays:
                combined = reply.replied_value(leaves, world, move, reply.MODEL, sightings[move])
                win = WinTest(world, side, BUDGET).outcome(world, move)
                child = after_play(world, move)[0]
                if child.is_over or len(child.legal_moves()) == 1:
                    forced += 1
                    assert combined == win
                    continue
                chosen += 1
                values = each_reply(world, move) if side == 0 else {m: -v for m, v in each_reply(world, move).items()}
                assert min(sign(v) for v in values.values()) == win
                sighting = sightings[move]
                assert sighting is not None
                chances = reply.model_chances(sighting, child.hands[child.turn], list(values))
                assert chances is not None
                expected = sum(p * sign(v) for p, v in zip(chances, values.values(), strict=True))
                assert combined == pytest.approx(expected)
                assert combined >= win - 1e-9
    assert forced > 0 and chosen > 0


def test_the_reply_that_only_knowing_the_posers_hand_finds_turns_a_lost_world_into_a_share_won() -> None:
    """The hand-made pose of test_expert_reply: where seat 0 holds 6-3 4-4, seat 1's perfect reply 5-2 leaves
    seat 0's side behind (-36) and 1-0 ahead (+28); expert_win counts the world lost (-1), the combined value
    counts 1-0's chance as won: -1 + 2 * P(1-0). Where seat 0 holds 2-2 5-5 both replies lose (-41, -52): -1."""
    first, second = pose_world("2-2 5-5", "5-2 1-0"), pose_world("6-3 4-4", "5-2 1-0")
    sighting = reply.reply_sighting(first, POSE)
    assert sighting is not None
    five_two, one_nought = Move.play(first.hands[1][0], 2), Move.play(first.hands[1][1], 1)
    chances = reply.model_chances(sighting, first.hands[1], [five_two, one_nought])
    assert chances is not None and 0.0 < chances[1] < 0.5
    assert [WinTest(w, 0, BUDGET).outcome(w, POSE) for w in (first, second)] == [-1, -1]
    combined = [reply.replied_value(win_leaves(w, 0), w, POSE, reply.MODEL, sighting) for w in (first, second)]
    assert combined[0] == -1.0
    assert combined[1] == pytest.approx(-1.0 + 2.0 * chances[1])
    # The points model weighs the same chances on the margins: -36 + P(1-0) * 64, below 0 where the share is too.
    points = reply.replied_value(reply.Points(Judge(RULES, second, BUDGET), 0), second, POSE, reply.MODEL, sighting)
    assert points == pytest.approx(-36.0 + chances[1] * 64.0)


def test_exact_pimc_with_both_switches_weighs_the_combined_values_and_off_keeps_the_shipped_means(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Off as shipped: exact_pimc's means are PIMC's points; with the win objective alone the signs' means; with
    both the combined values' means, over the same worlds drawn in the same order."""
    assert expert.EXPERT_REPLY == "" and expert.WIN_OBJECTIVE is False
    view = late_positions("puerto_rican", 2, seed=1, tiles_left=4)[1]
    plays = plays_of(view)
    side = RULES.side_of(view.seat)
    weigh = expert.world_weigher(view)
    sightings = [reply.reply_sighting(view.public, m) for m in plays]
    pimc, won, both, weights = dict.fromkeys(plays, 0.0), dict.fromkeys(plays, 0.0), dict.fromkeys(plays, 0.0), 0.0
    for world, _ in weighted_worlds(view, random.Random(3), WORLDS):
        weight = weigh(world.hands)
        for move, sighting in zip(plays, sightings, strict=True):
            value = Judge(RULES, world, BUDGET).option_value(world, move, side, True, 0)
            pimc[move] += weight * value
            won[move] += weight * sign(value)
            both[move] += weight * reply.replied_value(win_leaves(world, side), world, move, reply.MODEL, sighting)
        weights += weight

    def means() -> dict[Move, float] | None:
        return expert.exact_pimc(view, plays, 3, expert.now() + 60.0, max_worlds=WORLDS)

    assert means() == pytest.approx({m: t / weights for m, t in pimc.items()})
    monkeypatch.setattr(expert, "WIN_OBJECTIVE", True)
    win_means = means()
    assert win_means == pytest.approx({m: t / weights for m, t in won.items()})
    monkeypatch.setattr(expert, "EXPERT_REPLY", reply.MODEL)
    combined = means()
    assert combined == pytest.approx({m: t / weights for m, t in both.items()})
    assert combined != win_means, "the modelled replies change some option's share here"


def test_in_jamaican_the_combined_means_are_the_modelled_replys(monkeypatch: pytest.MonkeyPatch) -> None:
    """Jamaican counts hands: a world's value is already won (+1), level (0) or lost (-1), so the sign changes
    nothing and the combined Expert's means are expert_reply's."""
    monkeypatch.setattr(expert, "EXPERT_REPLY", reply.MODEL)
    differs = 0
    for view in late_positions("jamaican", 3, seed=4, tiles_left=5):
        plays = plays_of(view)
        monkeypatch.setattr(expert, "WIN_OBJECTIVE", False)
        modelled = expert.exact_pimc(view, plays, 7, expert.now() + 60.0, max_worlds=WORLDS)
        monkeypatch.setattr(expert, "WIN_OBJECTIVE", True)
        combined = expert.exact_pimc(view, plays, 7, expert.now() + 60.0, max_worlds=WORLDS)
        assert modelled is not None and combined == pytest.approx(modelled)
        differs += any(abs(v) < 1.0 - 1e-9 for v in modelled.values())
    assert differs > 0, "some option wins some worlds and not others"
