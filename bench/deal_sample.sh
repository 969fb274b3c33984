#!/usr/bin/env bash
# Measures the deal solver on a random sample of canonical set-ups: N set-ups drawn with
# SEED from the 13,704 (every deal of `hilltb deal list`, hands 1-4), solved by
# `deal solve` with S seconds each, two at a time (one per core), their certificates then
# checked by `deal verify`. Prints the share solved exactly, the mean bound width, nodes
# a second, the certificates' bytes and verify time (summed over the chunks) and the
# wall time; the JSON lines are kept in OUT.
# The set-ups go in chunks of 10, each kept whole in OUT once solved and verified: a run
# stopped (or one longer than a sitting, as at 60 s) resumes at the first chunk missing.
# Usage: bench/deal_sample.sh HILLTB TABLES SECONDS METHOD OUT [N] [SEED]
set -euo pipefail
hilltb=$1 tables=$2 seconds=$3 method=$4 out=$5
n=${6:-200} seed=${7:-36}
chunk=10
mkdir -p "$out"
# Every canonical set-up "H:P1:P2", drawn reproducibly.
mapfile -t setups < <("$hilltb" deal list | awk '{ split($0, s, "v"); for (h = 1; h <= 4; h++) print h ":" s[1] ":" s[2] }' |
  shuf -n "$n" --random-source=<(openssl enc -aes-256-ctr -pass pass:"$seed" -nosalt </dev/zero 2>/dev/null))
name=$out/$method-${seconds}s-seed$seed
for ((first = 0; first < n; first += chunk)); do
  part=$name.$(printf %04d "$first")
  [ -f "$part.done" ] && continue
  start=$(date +%s.%N)
  "$hilltb" deal solve --quiet --json --threads 2 --seconds "$seconds" --method "$method" --tables "$tables" \
    --certificate "$part.cert" "${setups[@]:first:chunk}" >"$part.jsonl"
  wall=$(echo "$(date +%s.%N) - $start" | bc)
  start=$(date +%s.%N)
  "$hilltb" deal verify --tables "$tables" "$part.cert" >"$part.verify" || { echo "verify FAILED: $part.verify"; exit 1; }
  verify=$(echo "$(date +%s.%N) - $start" | bc)
  echo "$wall $verify" >"$part.done"
  echo "set-ups $((first + 1))-$((first + chunk < n ? first + chunk : n)) of $n: ${wall%.*} s" >&2
done
python3 - "$name" "$method" "$seconds" <<'EOF_PY'
import glob, json, os, sys
name, method, seconds = sys.argv[1:]
parts = sorted(glob.glob(name + ".[0-9][0-9][0-9][0-9].done"))
rows, cert_bytes, wall, verify = [], 0, 0.0, 0.0
for done in parts:
    part = done[:-len(".done")]
    rows += [json.loads(l) for l in open(part + ".jsonl")]
    cert_bytes += os.path.getsize(part + ".cert")
    w, v = map(float, open(done).read().split())
    wall, verify = wall + w, verify + v
exact = sum(r["exact"] for r in rows)
width = sum(r["upper"] - r["lower"] for r in rows) / len(rows)
nodes = sum(r["nodes"] for r in rows)
busy = sum(r["seconds"] for r in rows)
print(f"| {method} | {seconds} s | {len(rows)} | {exact} ({100 * exact / len(rows):.1f}%) | {width:.2f} | "
      f"{nodes / busy / 1e6:.2f} M | {cert_bytes:,} bytes | {verify:.2f} s | {wall:.0f} s |")
EOF_PY
