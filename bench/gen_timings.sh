#!/usr/bin/env bash
# Times `hilltb gen` on single tables (their children generated first, not timed) with
# 1 and 2 threads, and prints a markdown table: wall time, peak memory (/usr/bin/time),
# file size, positions solved per second (both sides to move, index positions).
# Usage: bench/gen_timings.sh [build/hilltb] VARIANT MATERIAL...
set -euo pipefail
hilltb=${1:-build/hilltb}
variant=$2
shift 2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "| table | threads | wall s | peak MiB | file bytes | index positions/s |"
echo "|---|---:|---:|---:|---:|---:|"
for m in "$@"; do
  "$hilltb" gen --quiet --variant "$variant" --tables "$dir" "$m" >/dev/null  # children too
  for threads in 1 2; do
    rm -f "$dir/$variant/$m.htb"
    /usr/bin/time -f "%e %M" -o "$dir/time" "$hilltb" gen --quiet --threads "$threads" --variant "$variant" \
      --tables "$dir" "$m" >/dev/null
    read -r wall kb < "$dir/time"
    index=$("$hilltb" info --variant "$variant" --tables "$dir" "$m" | awk 'NR == 2 {print $8}')
    bytes=$(stat -c %s "$dir/$variant/$m.htb")
    awk -v m="$m" -v t="$threads" -v w="$wall" -v kb="$kb" -v b="$bytes" -v n="$index" \
      'BEGIN { printf "| %s | %d | %.2f | %.0f | %d | %.2f M |\n", m, t, w, kb / 1024, b, n / w / 1e6 }'
  done
done
