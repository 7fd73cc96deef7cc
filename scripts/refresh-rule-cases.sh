#!/usr/bin/env bash
# Refresh tests/data/rule-cases from the rule book's shared example cases (../shared/rule-cases by default,
# or the folder given as the first argument). For developers: the tests read only the copy in the repository.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
source_dir="${1:-$repo/../shared/rule-cases}"
if [ "$#" -eq 0 ] && [ ! -d "$source_dir" ]; then
    # In a linked git worktree, ../shared sits beside the main checkout instead.
    main_checkout="$(git -C "$repo" worktree list --porcelain 2>/dev/null | sed -n '1s/^worktree //p')"
    if [ -n "$main_checkout" ]; then
        source_dir="$main_checkout/../shared/rule-cases"
    fi
fi
target="$repo/tests/data/rule-cases"
if [ ! -d "$source_dir" ]; then
    echo "error: no rule cases at $source_dir" >&2
    exit 2
fi
shopt -s nullglob
cases=("$source_dir"/*.json)
if [ "${#cases[@]}" -eq 0 ]; then
    echo "error: $source_dir holds no .json cases" >&2
    exit 2
fi
mkdir -p "$target"
# Start from an empty copy so that cases removed from the shared folder go too.
rm -f "$target"/*.json
cp -- "${cases[@]}" "$target"/
echo "copied ${#cases[@]} rule cases from $source_dir to $target"
