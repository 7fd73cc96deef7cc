#!/usr/bin/env bash
# Instructions per random 4-player hand, ours against `dominoes` 6.1.0, counted by callgrind: unlike wall-clock
# figures on a shared machine, the same every run. Each figure is (N+1 hands - 1 hand) / N, so start-up cancels.
#     bash benchmarks/engine_instructions.sh [N=2000]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-2000}"
py="$(python3 -c 'import sys; print(sys.executable)')"
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" "$@" 2>&1 >/dev/null | awk '/Collected/ {print $4}'; }
ours() { count -m dominoes_desktop.engine.simulate --preset puerto_rican --players random,random,random,random \
             --hands "$1" --seed 1 --jobs 1; }
theirs() { count -c 'import random, sys, dominoes
random.seed(1)
for _ in range(int(sys.argv[1])):
    game = dominoes.Game.new(starting_domino=dominoes.Domino(6, 6))
    while game.result is None:
        game.make_move(*random.choice(game.valid_moves))' "$1"; }
our_per_hand=$(( ($(ours $((n + 1))) - $(ours 1)) / n ))
their_per_hand=$(( ($(theirs $((n + 1))) - $(theirs 1)) / n ))
python3 -c "import json; print(json.dumps({'hands': $n, 'ours_instructions_per_hand': $our_per_hand,
    'dominoes_6_1_0_instructions_per_hand': $their_per_hand, 'ratio': round($their_per_hand / $our_per_hand, 2)}))"
