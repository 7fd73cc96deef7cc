"""CPU strength ladder with duplicate hands: every deal is played twice with the sides swapped.

For each preset and each pair of levels (stronger first), prints JSON per pair: hands, hands won by
each level, the stronger level's share of decided hands with its 95% confidence interval and its
z-score against the fair share (1/2 with partners, 1/players alone), and the mean points margin per
hand (the stronger seat's points minus the others' mean) with its 95% interval. Decision times too.

`greedy` may stand for a level: the heaviest tile that fits, a double counted half a pip lighter (the
benchmark's plain opponent, not a table level). `--matches N` plays whole matches instead of hands, N in
all, each match seed played once per side, and prints the stronger level's share of matches won with its
95% interval. `--consistency N` plays N hands of Experts and prints the share of their decisions the fair
coach grades Best or Fine, with its 95% interval. `--inference N` plays N hands of a Hard team against each
weaker level of `--pairs` and prints how much better the Expert's weighted worlds place the hidden tiles than
worlds counted alike (partner's and opponents'). `expert_pimc` is the Expert without its tie break (plain
PIMC), for side-by-side runs; `expert_fitted` and `expert_habits` are the Expert with its worlds weighed by the
fitted model of play (engine/play_model.py) or by the habit player (knowledge.evidence_weight), `expert_win` the
Expert valuing each world's options by the hand won, drawn or lost rather than by points, `expert_amu` that
Expert searching the worlds together by alpha-mu from 5 tiles in hand down (engine/cpu/alphamu.py, session 21) and
`expert_amu1` the same search one move deep (its control: PIMC on alpha-mu's worlds and clock), `expert_lex` and
`expert_blend30` the Expert counting a hand won 1000 or 30 points beyond its margin (expert.WIN_BONUS, session 22), and
`--world-model fitted|habits` sets that model for the process (the Expert's and --inference's); `--session` keeps each side's players for every deal, as the hands of one long
match, so whatever a player learns of the others' play carries over from hand to hand. `seer` may stand for the stronger level: a player that sees
every tile (not fair: the ceiling the deals' luck leaves); `expert_fast` is the Expert on a 50 ms clock.
`expert_is` is the Expert by information-set tree search (engine/cpu/ismcts.py, session 20), `expert_ism` the
same with the other seats in the tree playing by the fitted model of play, `expert_ish` the tree while the seat
holds 5 tiles or more and the PIMC Expert after (docs/STRENGTH.md, session 20). Session 26's seats: `expert_flat`,
`expert_temper` and `expert_sharp`, the worlds' weights raised to the power 0, 0.5 or 2 (expert.WEIGHT_POWER), and
`expert_worlds1200`, up to 1,200 exact worlds a decision instead of 400 (expert.MAX_WORLDS).
`--max-minutes` starts no new deal or match after that long: the figures are over what was played. The CPUs
think on their process's CPU time and the decision times are CPU time (`--clock cpu`, the default: this machine
is shared, and a loaded wall clock would weaken every level by a different share); `--clock wall` as at a table.

    python benchmarks/strength.py [--presets jamaican,puerto_rican,all_fives] [--deals 500]
        [--pairs hard:medium,medium:easy,easy:random] [--movetime-ms 150] [--weak-movetime-ms 150]
        [--matches 0] [--jobs 1] [--consistency 0] [--inference 0] [--session] [--hands-log PATH] [--max-minutes 0]
        [--clock cpu|wall] [--first-deal 0]
    python benchmarks/strength.py --presets puerto_rican --pairs expert:greedy --matches 200
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.confidence import wilson
from dominoes_desktop.cli.simulate import percentile
from dominoes_desktop.engine.cpu import ANALYSIS_LEVELS, LEVELS, CpuPlayer, Decision, make_player, search
from dominoes_desktop.engine.cpu.ismcts import TreeExpertPlayer
from dominoes_desktop.engine.cpu.players import ExpertPlayer
from dominoes_desktop.engine.knowledge import sample_world
from dominoes_desktop.engine.match import Match
from dominoes_desktop.engine.moves import Move, MoveKind
from dominoes_desktop.engine.presets import build_rules
from dominoes_desktop.engine.rules import Rules
from dominoes_desktop.engine.view import PlayerView
from dominoes_desktop.session.cpu_table import CpuTable


class GreedyPlayer:
    """The benchmarks' greedy team: the heaviest tile that fits, a double counted half a pip lighter (the
    first of equals in the legal moves' order); it claims whatever it may."""

    level = "greedy"

    def decide(self, view: PlayerView) -> Decision:
        moves = [m for m in view.legal_moves() if m.kind not in (MoveKind.CLAIM, MoveKind.MUGGINS)]
        return Decision(max(moves, key=greedy_weight), "greedy")

    def claim(self, view: PlayerView) -> Move | None:
        return next(iter(view.public.claim_moves(view.seat)), None)


def greedy_weight(move: Move) -> float:
    """What the greedy team maximises: a tile's pips, half a pip less for a double."""
    tile = move.tile
    if tile is None:
        return -1.0
    return tile.pips - (0.5 if tile.is_double else 0.0)


class SeerPlayer:
    """Not a fair player: it sees every tile (the match's own hand), to measure the ceiling that the deals'
    luck leaves. Each option gets its exact value in the true deal (both sides playing perfectly from there)
    when the solver can search it within the clock's nodes; before that, the mean of playouts of the true
    deal. Only this benchmark seats it; `bind` hands it the match once the table is made."""

    level = "seer"

    def __init__(self, seed: int, movetime: float | None) -> None:
        self.rng = random.Random(seed)
        self.movetime = 700.0 if movetime is None else movetime
        self.match: Match | None = None

    def bind(self, match: Match) -> None:
        self.match = match

    def decide(self, view: PlayerView) -> Decision:
        from dominoes_desktop.engine.analysis.coach import Judge
        from dominoes_desktop.engine.analysis.solver import OutOfBudget
        from dominoes_desktop.engine.cpu.expert import node_rate
        from dominoes_desktop.engine.cpu.search import playout

        moves = [m for m in view.legal_moves() if m.kind not in (MoveKind.CLAIM, MoveKind.MUGGINS)]
        if len(moves) == 1:
            return Decision(moves[0], "only")
        assert self.match is not None and self.match.hand is not None, "a seer must be bound to its match"
        truth = self.match.hand.copy()
        side = view.rules.side_of(view.seat)
        deadline = search.now() + self.movetime / 1000.0
        judge = Judge(view.rules, truth, int(node_rate(view.rules) * self.movetime))
        try:
            values = {m: judge.option_value(truth, m, side, True, 0) for m in moves}
        except OutOfBudget:
            values = dict.fromkeys(moves, 0.0)
            rounds = 0
            while rounds == 0 or search.now() < deadline:
                for move in moves:
                    trial = truth.copy()
                    trial.apply_legal(move)
                    values[move] += playout(trial, side, self.rng)
                rounds += 1
        return Decision(max(moves, key=lambda m: (values[m], greedy_weight(m))), "seer")

    def claim(self, view: PlayerView) -> Move | None:
        return next(iter(view.public.claim_moves(view.seat)), None)


class SwitchedExpert:
    """The Expert with some of expert.py's switches (module settings) set around each of its decisions: the
    shipped Expert and a variant side by side from one tree."""

    def __init__(self, player: CpuPlayer, level: str, switches: dict[str, object]) -> None:
        self.player = player
        self.level = level
        self.switches = switches

    def decide(self, view: PlayerView) -> Decision:
        from dominoes_desktop.engine.cpu import expert

        shipped = {name: getattr(expert, name) for name in self.switches}
        for name, value in self.switches.items():
            setattr(expert, name, value)
        try:
            return self.player.decide(view)
        finally:
            for name, value in shipped.items():
                setattr(expert, name, value)

    def claim(self, view: PlayerView) -> Move | None:
        return self.player.claim(view)


# The Expert's worlds weighed by the fitted model of play (engine/play_model.py) or by the habit player; the
# Expert valuing each world's options by hands won and lost instead of points, and that Expert searching the
# worlds together by alpha-mu once the seat holds 5 tiles or fewer (session 21); `expert_amu1` the same search with
# the seat's next moves made world by world (depth 1: PIMC on alpha-mu's worlds and clock, its control). Session 22:
# the points margin with a bonus for a hand won (expert.WIN_BONUS): 1000 points, about wins first and points second;
# 30, about a hand's points, a blend. Session 23: the next seat's reply in each world valued as its own view would
# choose it (expert.EXPERT_REPLY, reply.py): by the fitted model of play, or by a softmin on the replies' values.
# Session 24: the two gains together, the modelled reply weighing each (option, reply)'s sign (won, level, lost).
# Session 25: the next seat's reply weighed by its chance of careless play read from the hand's plays (careless.py):
# any reply alike with that chance, else the perfect one; `expert_read_worlds` also weighs the worlds by that reading.
# Session 26: the worlds' weights raised to a power (expert.WEIGHT_POWER): 0 counts them alike, 0.5 tempers, 2 sharpens;
# and up to 1,200 worlds a decision instead of 400 (expert.MAX_WORLDS), on the same clock. Session 27: the worlds
# drawn with every deal the passes allow equally likely (then knowledge.uniform_world) where the sampler favoured
# some; since the commit that made that dealer knowledge.sample_world, `expert_uniform` equals `expert`.
# Session 28: a convention between partners (expert.SIGNAL_POINTS): near-best options within 1 or 3 points (0.03 or
# 0.1 of a hand) go to the play the fitted model of play expects of the hand; `_read` also reads the partner's plays
# with the model's weights 1.5 times as sharp, 95% of them taken for the model's (expert.PARTNER_SHARPNESS).
def told_careless(view: PlayerView, seats: Sequence[int], rng: random.Random) -> dict[int, float]:
    """The careless reading of a seat told its opponents' kind (session 25's ceiling against the random team):
    every seat read careless for sure, whatever it played."""
    return dict.fromkeys(seats, 1.0)


SWITCHED_EXPERTS: dict[str, dict[str, object]] = {
    "expert_fitted": {"FITTED_WORLDS": True},
    "expert_habits": {"FITTED_WORLDS": False},
    "expert_win": {"WIN_OBJECTIVE": True},
    "expert_amu": {"WIN_OBJECTIVE": True, "ALPHA_MU_TILES": 5},
    "expert_amu1": {"WIN_OBJECTIVE": True, "ALPHA_MU_TILES": 5, "ALPHA_MU_DEPTH": 1},
    "expert_lex": {"WIN_BONUS": 1000.0},
    "expert_blend30": {"WIN_BONUS": 30.0},
    "expert_reply": {"EXPERT_REPLY": "model"},
    "expert_qre": {"EXPERT_REPLY": "softmin"},
    "expert_reply_win": {"EXPERT_REPLY": "model", "WIN_OBJECTIVE": True},
    "expert_read_reply": {"EXPERT_REPLY": "careless"},
    "expert_read_worlds": {"EXPERT_REPLY": "careless", "CARELESS_WORLDS": True},
    "expert_told_careless": {"EXPERT_REPLY": "careless", "CARELESS_WORLDS": True, "careless_chances": told_careless},
    "expert_flat": {"WEIGHT_POWER": 0.0},
    "expert_temper": {"WEIGHT_POWER": 0.5},
    "expert_sharp": {"WEIGHT_POWER": 2.0},
    "expert_worlds1200": {"MAX_WORLDS": 1200},
    "expert_uniform": {"sample_world": sample_world},
    "expert_signal": {"SIGNAL_POINTS": 1.0, "SIGNAL_HANDS": 0.03},
    "expert_signal_read": {"SIGNAL_POINTS": 1.0, "SIGNAL_HANDS": 0.03, "PARTNER_SHARPNESS": 1.5, "PARTNER_SHARE": 0.95},
    "expert_signal3": {"SIGNAL_POINTS": 3.0, "SIGNAL_HANDS": 0.1},
    "expert_signal3_read": {"SIGNAL_POINTS": 3.0, "SIGNAL_HANDS": 0.1, "PARTNER_SHARPNESS": 1.5, "PARTNER_SHARE": 0.95},
}
# The Expert by information-set tree search: every seat's choices in the tree by UCB, or the other seats' drawn
# by the fitted model of play (ismcts.modelled_play); and the PIMC Expert once the seat holds fewer tiles than
# the second figure.
TREE_EXPERTS = {"expert_is": (False, 0), "expert_ism": (True, 0), "expert_ish": (False, 5)}
OPPONENTS = (*LEVELS, *ANALYSIS_LEVELS, "greedy", "seer", "expert_pimc", *TREE_EXPERTS, *SWITCHED_EXPERTS)


class Timed:
    """A player whose decisions' CPU time is kept (ms): on a machine shared with other work, the wall's time
    says more about the others than about the player."""

    def __init__(self, player: CpuPlayer) -> None:
        self.player = player
        self.level = player.level
        self.cpu_ms: list[float] = []

    def decide(self, view: PlayerView) -> Decision:
        started = time.process_time()
        chosen = self.player.decide(view)
        self.cpu_ms.append((time.process_time() - started) * 1000.0)
        return chosen

    def claim(self, view: PlayerView) -> Move | None:
        return self.player.claim(view)


def make(level: str, seed: int, movetime: float | None) -> Timed:
    if level == "greedy":
        return Timed(GreedyPlayer())
    if level == "seer":
        return Timed(SeerPlayer(seed, movetime))
    if level == "expert_pimc":  # the Expert before its tie break (issue 32): plain PIMC, for side-by-side runs
        plain = make_player("expert", seed, movetime)
        assert isinstance(plain, ExpertPlayer)
        plain.tie_break = False
        plain.level = level
        return Timed(plain)
    if level in TREE_EXPERTS:  # the Expert by information-set tree search (engine/cpu/ismcts.py), session 20
        modelled, pimc_below = TREE_EXPERTS[level]
        clock = {} if movetime is None else {"movetime_ms": movetime}
        tree = TreeExpertPlayer(seed, modelled=modelled, pimc_below=pimc_below, **clock)
        tree.level = level
        return Timed(tree)
    if level in SWITCHED_EXPERTS:
        return Timed(SwitchedExpert(make_player("expert", seed, movetime), level, SWITCHED_EXPERTS[level]))
    return Timed(make_player(level, seed, movetime))


def use_clock(name: str) -> None:
    """The CPUs think on the process's CPU time ("cpu") or the wall's ("wall") in this process."""
    search.use_clock(time.process_time if name == "cpu" else time.perf_counter)


def seat_players(rules: Rules, players: list[Timed], seed: int) -> CpuTable:
    """A CPU table with `players`, the seers among them shown the match."""
    table = CpuTable(rules, players, seed)
    for timed in players:
        if isinstance(timed.player, SeerPlayer):
            timed.player.bind(table.match)
    return table


def think_ms(table: CpuTable, players: list[Timed], clock: str) -> dict[str, list[float]]:
    """The decision times by level: CPU time on the CPU clock, the wall's otherwise."""
    if clock != "cpu":
        return dict(table.decision_ms)
    found: dict[str, list[float]] = {}
    for timed in players:
        found.setdefault(timed.level, []).extend(timed.cpu_ms)
    return found


def _timings(timings: dict[str, list[float]]) -> dict[str, dict[str, float]]:
    return {
        level: {"n": len(v), "p50": round(statistics.median(v), 2), "p95": round(percentile(v, 0.95), 2)}
        for level, v in sorted(timings.items())
        if v
    }


Tally = tuple[dict[str, int], list[float], dict[str, list[float]]]


STOP_AT = 0.0  # time.time() after which no new deal or match pair starts (0: none); --max-minutes sets it
CLOCK = "cpu"  # what the CPUs think on and the decision times are in: "cpu" (the process's) or "wall"; --clock


def _out_of_time(stop_at: float) -> bool:
    return stop_at > 0 and time.time() > stop_at


def _duel_deals(
    preset: str,
    strong: str,
    weak: str,
    deals: range,
    movetime: float | None,
    seed: int,
    weak_movetime: float | None,
    stop_at: float = 0.0,
    clock: str = "cpu",
    session: bool = False,
    hands_log: str = "",
) -> Tally:
    """The hands of `deals`: hands won by each level, the stronger side's margins, decision times. With
    `session` the same players sit at each side's seats for every deal, as the hands of one long match (what
    a player reads of the others' play carries over); otherwise new players each hand. `hands_log`: a file to
    which each hand's deal, side and result is added as a JSON line (two runs on the same deals then compare
    hand by hand)."""
    use_clock(clock)
    rules = build_rules(preset)
    won = {strong: 0, weak: 0}
    margins: list[float] = []
    timings: dict[str, list[float]] = {}
    kept: dict[int, list[Timed]] = {}
    for d in deals:
        if _out_of_time(stop_at):
            break
        deal_seed = seed * 1_000_003 + d
        for strong_side in range(rules.sides):
            levels = [strong if rules.teams[s] == strong_side else weak for s in range(rules.players)]
            players = kept.get(strong_side) or [
                make(level, deal_seed + s, movetime if level == strong else weak_movetime)
                for s, level in enumerate(levels)
            ]
            if session:
                kept[strong_side] = players
                for timed in players:
                    timed.cpu_ms = []  # this hand's decisions only
            table = seat_players(rules, players, deal_seed)
            result = table.play_hand(deal_seed=deal_seed)
            if result.winner_side is not None:
                won[strong if result.winner_side == strong_side else weak] += 1
            gains = result.side_points()
            others = [g for s, g in enumerate(gains) if s != strong_side]
            margins.append(gains[strong_side] - statistics.fmean(others))
            if hands_log:
                winner = None if result.winner_side is None else result.winner_side == strong_side
                with open(hands_log, "a", encoding="utf-8") as log:
                    line = {"deal": d, "strong_side": strong_side, "strong_won": winner, "margin": margins[-1]}
                    print(json.dumps(line), file=log)
            for level, values in think_ms(table, players, clock).items():
                timings.setdefault(level, []).extend(values)
    return won, margins, timings


def _in_parts(jobs: int, count: int, first: int = 0) -> list[range]:
    """`count` indexes from `first` in `jobs` interleaved parts (each part's deals spread over the run, so a
    run cut short or a slow stretch of deals weighs on every part alike)."""
    return [range(first + j, first + count, jobs) for j in range(max(1, jobs))]


def _gather(parts: list[Tally]) -> Tally:
    won: dict[str, int] = {}
    margins: list[float] = []
    timings: dict[str, list[float]] = {}
    for part_won, part_margins, part_timings in parts:
        for level, n in part_won.items():
            won[level] = won.get(level, 0) + n
        margins.extend(part_margins)
        for level, values in part_timings.items():
            timings.setdefault(level, []).extend(values)
    return won, margins, timings


def _run(jobs: int, task: Callable[..., Tally], count: int, *args: object, first: int = 0) -> Tally:
    """`task(*args[:3], part, *args[3:])` over `count` indexes from `first`, in `jobs` processes when more
    than one."""
    parts = _in_parts(jobs, count, first)
    if jobs <= 1:
        return task(*args[:3], parts[0], *args[3:])
    with ProcessPoolExecutor(jobs) as pool:
        futures = [pool.submit(task, *args[:3], part, *args[3:]) for part in parts]
        return _gather([f.result() for f in futures])


def duel(
    preset: str,
    strong: str,
    weak: str,
    deals: int,
    movetime: float | None,
    seed: int,
    weak_movetime: float | None,
    jobs: int = 1,
    session: bool = False,
    hands_log: str = "",
    first_deal: int = 0,
) -> dict[str, object]:
    """Every deal is played once per side (partners) or once per seat (every player for themselves) with
    the stronger level there, so each seat's luck is shared out evenly."""
    rules = build_rules(preset)
    started = time.perf_counter()
    won, margins, timings = _run(
        jobs,
        _duel_deals,
        deals,
        preset,
        strong,
        weak,
        movetime,
        seed,
        weak_movetime,
        STOP_AT,
        CLOCK,
        session,
        hands_log,
        first=first_deal,
    )
    decided = won[strong] + won[weak]
    # Against the share a level would get if it were no better: 1/2 with partners, 1/players alone.
    fair = 1 / rules.sides
    low, high = wilson(won[strong], decided)
    mean = statistics.fmean(margins)
    spread = statistics.stdev(margins) if len(margins) > 1 else 0.0
    half = 1.96 * spread / math.sqrt(len(margins))
    return {
        "preset": preset,
        "pair": f"{strong} vs {weak}",
        "hands": len(margins),
        "hands_won": won,
        "strong_share_of_decided": round(won[strong] / max(1, decided), 4),
        "fair_share": round(fair, 4),
        "share_95ci": [round(low, 4), round(high, 4)],
        "z": round((won[strong] - decided * fair) / math.sqrt(max(1e-9, decided * fair * (1 - fair))), 2),
        "mean_margin_per_hand": round(mean, 3),
        "margin_95ci": [round(mean - half, 3), round(mean + half, 3)],
        "decision_ms": _timings(timings),
        "clock": CLOCK,
        "session": session,
        "seconds": round(time.perf_counter() - started, 1),
    }


def _match_pairs(
    preset: str,
    strong: str,
    weak: str,
    pairs: range,
    movetime: float | None,
    seed: int,
    weak_movetime: float | None,
    stop_at: float = 0.0,
    clock: str = "cpu",
) -> Tally:
    """The matches of `pairs` (each match seed once per side): matches won and played (as "won" and
    "played"), the hands of each match, decision times."""
    use_clock(clock)
    rules = build_rules(preset)
    won = {"won": 0, "played": 0}
    hands: list[float] = []
    timings: dict[str, list[float]] = {}
    for m in pairs:
        if _out_of_time(stop_at):
            break
        match_seed = seed * 1_000_003 + m
        for our_side in range(rules.sides):
            players = [
                make(strong, match_seed + s, movetime)
                if rules.teams[s] == our_side
                else make(weak, match_seed + s, weak_movetime)
                for s in range(rules.players)
            ]
            table = seat_players(rules, players, match_seed)
            table.play_match()
            won["played"] += 1
            hands.append(len(table.match.results))
            won["won"] += table.match.winner == our_side
            for name, values in think_ms(table, players, clock).items():
                timings.setdefault(name, []).extend(values)
    return won, hands, timings


def match_duel(
    preset: str,
    strong: str,
    weak: str,
    matches: int,
    movetime: float | None,
    seed: int,
    weak_movetime: float | None,
    jobs: int = 1,
) -> dict[str, object]:
    """Whole matches: each match seed is played once with `strong` on each side, so the deals' luck is
    shared out evenly."""
    rules = build_rules(preset)
    started = time.perf_counter()
    tally, hands, timings = _run(
        jobs, _match_pairs, matches // rules.sides, preset, strong, weak, movetime, seed, weak_movetime, STOP_AT, CLOCK
    )
    won, played = tally["won"], tally["played"]
    low, high = wilson(won, played)
    return {
        "preset": preset,
        "pair": f"{strong} vs {weak} (matches to {rules.target})",
        "matches": played,
        "hands": int(sum(hands)),
        "matches_won": won,
        "share": round(won / max(1, played), 4),
        "share_95ci": [round(low, 4), round(high, 4)],
        "decision_ms": _timings(timings),
        "clock": CLOCK,
        "seconds": round(time.perf_counter() - started, 1),
    }


def consistency(preset: str, hands: int, movetime: float | None, seed: int) -> dict[str, object]:
    """Hands of Experts in every seat, each judged by the fair coach (what the seat could know): the share
    of the Experts' decisions graded Best or Fine, with its 95% interval."""
    from dominoes_desktop.engine.analysis.coach import Grade, recorded_from_archive
    from dominoes_desktop.engine.analysis.fair import judge_hand_view

    rules = build_rules(preset)
    grades: dict[str, int] = {g.value: 0 for g in Grade}
    timings: dict[str, list[float]] = {}
    started = time.perf_counter()
    for h in range(hands):
        deal_seed = seed * 1_000_003 + h
        table = CpuTable(rules, [make("expert", deal_seed + s, movetime) for s in range(rules.players)], deal_seed)
        table.start_hand(deal_seed=deal_seed)
        table.play_hand()
        recorded = recorded_from_archive(rules, h, *table.match.archive[-1])
        for found in judge_hand_view(recorded, seed=seed):
            grades[found.judged.grade.value] += 1
        for level, values in table.decision_ms.items():
            timings.setdefault(level, []).extend(values)
    judged = sum(grades.values())
    good = grades[Grade.BEST.value] + grades[Grade.FINE.value]
    low, high = wilson(good, judged)
    return {
        "preset": preset,
        "consistency": "expert graded by the fair coach",
        "hands": hands,
        "decisions": judged,
        "grades": grades,
        "best_or_fine": round(good / max(1, judged), 4),
        "share_95ci": [round(low, 4), round(high, 4)],
        "decision_ms": _timings(timings),
        "seconds": round(time.perf_counter() - started, 1),
    }


def inference(preset: str, hands: int, weak: str, seed: int, worlds: int = 150) -> dict[str, object]:
    """Whether the Expert's weighing of the worlds by the plays seen (expert.world_weigher) reads a team
    of `weak` players right: at each decision of the Hard team with a choice (Hard on 30 ms, plays seen), the
    share of the hidden tiles its sampled worlds put in the right seat, weighted as the Expert weighs them,
    minus the same share with every world counted alike; for the partner's tiles and the opponents'."""
    from dominoes_desktop.engine.cpu.expert import world_weigher
    from dominoes_desktop.engine.knowledge import infer, play_evidence, sample_world

    rules = build_rules(preset)
    gains: dict[str, list[float]] = {"partner": [], "opponents": []}
    uniform: dict[str, list[float]] = {"partner": [], "opponents": []}
    started = time.perf_counter()
    for h in range(hands):
        deal_seed = seed * 1_000_003 + h
        players = [make("hard" if rules.teams[s] == 0 else weak, deal_seed + s, 30.0) for s in range(rules.players)]
        table = seat_players(rules, players, deal_seed)
        hand = table.start_hand(deal_seed=deal_seed)
        while hand.outcome is None:
            seat = hand.turn
            view = PlayerView.of(table.match, seat)
            evidence = play_evidence(view)
            plays = [m for m in view.legal_moves() if m.kind is MoveKind.PLAY]
            if rules.teams[seat] == 0 and len(plays) > 1 and evidence and hand.pending is None:
                knowledge = infer(view)
                weigh = world_weigher(view)
                rng = random.Random(deal_seed)
                totals = {group: [0.0, 0.0, 0.0] for group in gains}  # weighted hits, weights, plain hits
                for _ in range(worlds):
                    world = sample_world(view, knowledge, rng)
                    weight = weigh(world.hands)
                    for group in gains:
                        seats = [
                            o
                            for o in range(rules.players)
                            if o != seat and (rules.teams[o] == rules.teams[seat]) == (group == "partner")
                        ]
                        placed = sum(len(world.hands[o]) for o in seats)
                        right = sum(t in hand.hands[o] for o in seats for t in world.hands[o]) / max(1, placed)
                        totals[group][0] += weight * right
                        totals[group][1] += weight
                        totals[group][2] += right
                for group, (hits, weights, plain) in totals.items():
                    uniform[group].append(plain / worlds)
                    gains[group].append(hits / weights - plain / worlds)
            table.step()
    report: dict[str, object] = {"preset": preset, "inference": f"hard team against {weak}", "hands": hands}
    for group, found in gains.items():
        mean = statistics.fmean(found)
        half = 1.96 * statistics.stdev(found) / math.sqrt(len(found))
        report[group] = {
            "decisions": len(found),
            "uniform_right": round(statistics.fmean(uniform[group]), 4),
            "weighted_gain": round(mean, 4),
            "gain_95ci": [round(mean - half, 4), round(mean + half, 4)],
        }
    report["seconds"] = round(time.perf_counter() - started, 1)
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--presets", default="jamaican,puerto_rican,all_fives")
    parser.add_argument(
        "--pairs", default="hard:medium,medium:easy,easy:random", help=f"STRONG:WEAK,... of {', '.join(OPPONENTS)}"
    )
    parser.add_argument("--deals", type=int, default=500, help="deals per pair; each is played twice")
    parser.add_argument(
        "--first-deal", type=int, default=0, help="the first deal's index: a run that goes on where another stopped"
    )
    parser.add_argument("--movetime-ms", type=float, default=None, help="the stronger level's thinking time")
    parser.add_argument("--weak-movetime-ms", type=float, default=None, help="the weaker level's thinking time")
    parser.add_argument("--matches", type=int, default=0, help="whole matches against the greedy team instead")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes sharing the deals (or matches)")
    parser.add_argument("--consistency", type=int, default=0, help="N hands of Experts graded by the fair coach")
    parser.add_argument(
        "--inference", type=int, default=0, help="N hands: how well the weighted worlds read each WEAK team of --pairs"
    )
    parser.add_argument(
        "--world-model",
        choices=("fitted", "habits"),
        default=None,
        help="the model of play the Expert weighs its worlds by (and --inference scores): as shipped unless given",
    )
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="the CPUs' thinking time and the decision times reported: the process's CPU time or the wall's",
    )
    parser.add_argument(
        "--hands-log", default="", help="add each hand's deal, side and result to this file (JSON lines)"
    )
    parser.add_argument(
        "--session",
        action="store_true",
        help="the same players for every deal of a side, as the hands of one long match",
    )
    parser.add_argument(
        "--max-minutes", type=float, default=0.0, help="start no new deal or match after this (0: no limit)"
    )
    args = parser.parse_args()
    global STOP_AT, CLOCK
    STOP_AT = time.time() + 60 * args.max_minutes if args.max_minutes > 0 else 0.0
    CLOCK = args.clock
    use_clock(CLOCK)
    if args.world_model is not None:
        from dominoes_desktop.engine.cpu import expert

        expert.FITTED_WORLDS = args.world_model == "fitted"
    pairs = [tuple(pair.split(":")) for pair in args.pairs.split(",")]
    for pair in pairs:
        if len(pair) != 2 or not set(pair) <= set(OPPONENTS):
            parser.error(f"--pairs: '{':'.join(pair)}' is not STRONG:WEAK of {', '.join(OPPONENTS)}")
    for preset in args.presets.split(","):
        if args.consistency:
            print(json.dumps(consistency(preset, args.consistency, args.movetime_ms, args.seed)), flush=True)
            continue
        if args.inference:
            for _, weak in pairs:
                print(json.dumps(inference(preset, args.inference, weak, args.seed)), flush=True)
            continue
        for strong, weak in pairs:
            if args.matches:
                result = match_duel(
                    preset, strong, weak, args.matches, args.movetime_ms, args.seed, args.weak_movetime_ms, args.jobs
                )
            else:
                result = duel(
                    preset,
                    strong,
                    weak,
                    args.deals,
                    args.movetime_ms,
                    args.seed,
                    args.weak_movetime_ms,
                    args.jobs,
                    args.session,
                    args.hands_log,
                    args.first_deal,
                )
            print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
