#!/usr/bin/env bash
# The chess tables of 3 and 4 pieces made by hilltb (DTM alone, DTZ alone, both in one
# run; both sides to move a file, and one side) and by Syzygy's rtbgen/rtbgenp (WDL and
# DTZ files; built apart from https://github.com/syzygy1/tb with its Makefile), each with two threads on
# this machine: wall time and disk of each set, one line per maker.
# Usage: bench/rtbgen_compare.sh HILLTB RTBGEN_DIR
set -euo pipefail
hilltb=$(realpath "$1") rtb=$(realpath "$2")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
seconds() { /usr/bin/time -f %e -o "$dir/time" "$@" >/dev/null 2>&1; cat "$dir/time"; }
bytes() { find "$1" -type f \( -name '*.ht?' -o -name '*.rtb?' \) -size +0 -printf '%s\n' | awk '{s += $1} END {print s}'; }
# hilltb's 2-piece table (KvK) is made too; Syzygy has none.
for measure in dtm dtz both; do
  for sides in both one; do
    flag=; [ "$sides" = one ] && flag=--one-side
    t=$(seconds "$hilltb" gen --quiet --variant chess --pieces 4 --measure "$measure" $flag --tables "$dir/$measure-$sides")
    echo "hilltb $measure, $sides side(s) a file: $t s, $(bytes "$dir/$measure-$sides") bytes"
  done
done
# Syzygy: the 3-piece tables first, each with its children's files in RTBPATH.
mkdir "$dir/rtb"
materials=$("$hilltb" gen --plan --format json --variant chess --pieces 4 --tables "$dir/none" |
  python3 -c 'import json, sys; print(" ".join(t["material"] for t in json.load(sys.stdin)["tables"] if t["pieces"] > 2))')
start=$(date +%s.%N)
for m in $materials; do
  maker=rtbgen; [[ $m == *P* ]] && maker=rtbgenp
  (cd "$dir/rtb" && RTBPATH="$dir/rtb" "$rtb/$maker" -t 2 "$m" >/dev/null)
done
t=$(echo "$(date +%s.%N) - $start" | bc)
echo "rtbgen WDL and DTZ: $(printf %.1f "$t") s, $(bytes "$dir/rtb") bytes, $(ls "$dir/rtb"/*.rtbw | wc -l) tables"
