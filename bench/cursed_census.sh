#!/usr/bin/env bash
# Which koth tables up to PIECES pieces have cursed wins or blessed losses, found from
# the DTM tables: a position's DTZ is never longer than its DTM (the winner's fastest
# win ends the game within its DTM, zeroing or not on the way, into positions that are
# wins of no longer DTM), so only a table whose longest win is 100 plies or more can
# hold a DTZ above 100 (a loss is at most one ply longer than the win it answers).
# Makes the DTM tables (resumable), then the DTZ tables of those candidates with their
# children's (each with pawns starting from its DTM table), prints their counts and
# proves each cursed win and blessed loss by the separate search (verify --cursed).
# Usage: bench/cursed_census.sh HILLTB DIR [PIECES]   (PIECES: 5 by default)
set -euo pipefail
hilltb=$1 dir=$2 pieces=${3:-5}
"$hilltb" gen --quiet --variant koth --pieces "$pieces" --tables "$dir"
# info: material, positions, wins, draws, losses, longest win, ... (DTM tables first).
candidates=$("$hilltb" info --variant koth --tables "$dir" |
  awk '/^#/ {dtz = 1} NR > 1 && !dtz && $6 >= 100 {print $1}')
echo "DTM tables up to $pieces pieces with a win of 100 plies or more:" ${candidates:-none}
[ -z "$candidates" ] && exit 0
"$hilltb" gen --quiet --variant koth --measure dtz --tables "$dir" $candidates
"$hilltb" info --variant koth --tables "$dir" $candidates
"$hilltb" verify --cursed --quiet --variant koth --tables "$dir" $candidates
