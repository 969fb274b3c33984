#!/usr/bin/env bash
# What `make run` shows: the rules core at work on a few example positions.
set -euo pipefail
hilltb=${1:-build/hilltb}
echo "== King of the Hill perft from the start position, depth 5"
"$hilltb" perft --depth 5
echo "== A king one step from the hill (koth)"
"$hilltb" moves --variant koth "8/8/8/8/2K5/8/8/k7 w - - 0 1"
echo "== Queen of the Hill, RULES.md's example on the ring layout"
"$hilltb" moves --variant qoth "8/8/2x2x2/4*3/8/2x2x2/6n1/R3R3 b"
