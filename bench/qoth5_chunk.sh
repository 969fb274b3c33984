#!/usr/bin/env bash
# Measures the qoth 5-piece set (layout ring) a chunk at a time, since it takes about
# half a day: makes the set up to 4 pieces in DIR (kept if there), then each 5-piece
# table in `gen --plan` order that bench/qoth5_times.tsv does not list yet, one `gen`
# each under /usr/bin/time (the children's loading counted), a line appended per table.
# Stop it with Ctrl-C or give SECONDS: the next run goes on from the first table not
# listed, on any machine. The set's time is the sum of wall_s (plus the set up to 4).
# perft_mnps is this host's speed at the chunk's start (`hilltb perft`, koth kiwipete,
# depth 5), to compare days.
# Usage: bench/qoth5_chunk.sh [build-pgo/hilltb] DIR [SECONDS]
set -euo pipefail
hilltb=${1:-build-pgo/hilltb}
dir=$2
budget=${3:-0}
here=$(cd "$(dirname "$0")" && pwd)
log=$here/qoth5_times.tsv
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

[ -f "$log" ] || printf 'material\tindex_positions\twall_s\tpeak_kib\tfile_bytes\tday\tperft_mnps\tcommit\n' >"$log"
commit=$(git -C "$here" rev-parse --short HEAD)
day=$(date -u +%F)
"$hilltb" gen --quiet --variant qoth --pieces 4 --tables "$dir" >/dev/null
mnps=$("$hilltb" perft --variant koth --depth 5 "$kiwipete" 2>&1 >/dev/null | sed -E 's/.*\(([0-9.]+) Mnodes.*/\1/')
printf 'host: %s Mnodes/s (hilltb perft, koth kiwipete 5)\n' "$mnps"

start=$SECONDS
# Plan lines read "NAME: N index positions, M MiB[, on disk]"; 5-piece names have five
# piece letters besides the 'v' and a '-' for an empty side.
"$hilltb" gen --plan --variant qoth --pieces 5 --tables "$dir" |
  awk '/index positions/ { name = $1; sub(/:$/, "", name); letters = name; gsub(/[v-]/, "", letters)
                           if (length(letters) == 5) print name, $2 }' |
  while read -r material positions; do
    grep -q "^$material	" "$log" && continue
    if ((budget > 0 && SECONDS - start >= budget)); then break; fi
    file=$dir/qoth/ring/$material.htb
    rm -f "$file"  # one left by a run this log did not time is made again
    /usr/bin/time -f "%e %M" -o "$dir/time" "$hilltb" gen --quiet --variant qoth --tables "$dir" "$material" >/dev/null
    read -r wall kib <"$dir/time"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$material" "$positions" "$wall" "$kib" "$(stat -c %s "$file")" \
      "$day" "$mnps" "$commit" | tee -a "$log"
  done
awk -F'\t' 'NR > 1 { n++; s += $3; p += $2 } END { printf "%d of 802 tables timed: %.1f s, %.2f G index positions\n", n, s, p / 1e9 }' "$log"
