#!/usr/bin/env bash
# Work per random 4-player hand, ours against `dominoes` 6.1.0, counted by cachegrind: unlike wall-clock
# figures on a shared machine, the same every run. Two counts: instructions, and the branches cachegrind's
# simple predictor model gets wrong. Python's time goes largely to mispredicted branches (the interpreter's
# dispatch between bytecodes), so the second ratio tracks the wall-clock ratio much more closely.
# Each figure is (N+1 hands - 1 hand) / N, so start-up cancels.
#     bash benchmarks/engine_instructions.sh [N=2000]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-2000}"
py="$(python3 -c 'import sys; print(sys.executable)')"
# Prints "instructions mispredicts" for one run.
count() {
    valgrind --tool=cachegrind --cache-sim=no --branch-sim=yes --cachegrind-out-file=/dev/null "$py" "$@" 2>&1 \
        >/dev/null | awk '/I +refs/ {gsub(",", "", $4); i = $4} /Mispredicts/ {gsub(",", "", $3); m = $3} END {print i, m}'
}
ours() { count -m dominoes_desktop.cli.simulate --preset puerto_rican --players random,random,random,random \
             --hands "$1" --seed 1 --jobs 1; }
theirs() { count -c 'import random, sys, dominoes
random.seed(1)
for _ in range(int(sys.argv[1])):
    game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
    while game.result is None:
        game.make_move(*random.choice(game.valid_moves))' "$1"; }
read -r our_i1 our_m1 < <(ours 1)
read -r our_i2 our_m2 < <(ours $((n + 1)))
read -r their_i1 their_m1 < <(theirs 1)
read -r their_i2 their_m2 < <(theirs $((n + 1)))
python3 -c "
import json
oi, om = ($our_i2 - $our_i1) / $n, ($our_m2 - $our_m1) / $n
ti, tm = ($their_i2 - $their_i1) / $n, ($their_m2 - $their_m1) / $n
print(json.dumps({'hands': $n,
    'instructions_per_hand': {'ours': round(oi), 'dominoes_6_1_0': round(ti), 'ratio': round(ti / oi, 2)},
    'mispredicted_branches_per_hand': {'ours': round(om), 'dominoes_6_1_0': round(tm), 'ratio': round(tm / om, 2)}}))"
