#!/usr/bin/env bash
# Measures the deal solver on a random sample of canonical set-ups: N set-ups drawn with
# SEED from the 13,704 (every deal of `hilltb deal list`, hands 1-4), solved by
# `deal solve` with S seconds each, two at a time (one per core), their certificate then
# checked by `deal verify`. Prints the share solved exactly, the mean bound width, nodes
# a second, the certificate's size and its verify time; the JSON lines are kept in OUT.
# Usage: bench/deal_sample.sh HILLTB TABLES SECONDS METHOD OUT [N] [SEED]
set -euo pipefail
hilltb=$1 tables=$2 seconds=$3 method=$4 out=$5
n=${6:-200} seed=${7:-36}
mkdir -p "$out"
# Every canonical set-up "H:P1:P2", drawn reproducibly.
mapfile -t setups < <("$hilltb" deal list | awk '{ split($0, s, "v"); for (h = 1; h <= 4; h++) print h ":" s[1] ":" s[2] }' |
  shuf -n "$n" --random-source=<(openssl enc -aes-256-ctr -pass pass:"$seed" -nosalt </dev/zero 2>/dev/null))
name=$out/$method-${seconds}s
start=$(date +%s.%N)
"$hilltb" deal solve --quiet --json --threads 2 --seconds "$seconds" --method "$method" --tables "$tables" \
  --certificate "$name.cert" "${setups[@]}" >"$name.jsonl"
wall=$(echo "$(date +%s.%N) - $start" | bc)
verify_start=$(date +%s.%N)
"$hilltb" deal verify --tables "$tables" "$name.cert" >"$name.verify" || { echo "verify FAILED: $name.verify"; exit 1; }
verify=$(echo "$(date +%s.%N) - $verify_start" | bc)
python3 - "$name.jsonl" "$name.cert" "$wall" "$verify" "$method" "$seconds" <<'EOF'
import json, os, sys
path, cert, wall, verify, method, seconds = sys.argv[1:]
rows = [json.loads(l) for l in open(path)]
exact = sum(r["exact"] for r in rows)
width = sum(r["upper"] - r["lower"] for r in rows) / len(rows)
nodes = sum(r["nodes"] for r in rows)
busy = sum(r["seconds"] for r in rows)
print(f"| {method} | {seconds} s | {len(rows)} | {exact} ({100 * exact / len(rows):.1f}%) | {width:.2f} | "
      f"{nodes / busy / 1e6:.2f} M | {os.path.getsize(cert):,} bytes | {float(verify):.2f} s | {float(wall):.0f} s |")
EOF
