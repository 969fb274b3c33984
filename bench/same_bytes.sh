#!/usr/bin/env bash
# Checks that two builds of hilltb write the same tables: the koth set up to 4 pieces
# (DTM and DTZ) and the qoth set up to 3, made by each, compared file by file (sha256),
# then each build timed on the koth set up to 4 in turn, three times (A B A B A B).
# Usage: bench/same_bytes.sh OLD_HILLTB NEW_HILLTB
set -euo pipefail
old=$1 new=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for build in old new; do
  bin=${!build}
  "$bin" gen --quiet --variant koth --pieces 4 --measure both --tables "$dir/$build"
  "$bin" gen --quiet --variant qoth --pieces 3 --tables "$dir/$build"
  (cd "$dir/$build" && find . -type f -name '*.ht?' | sort | xargs sha256sum) >"$dir/$build.sums"
done
if diff -q "$dir/old.sums" "$dir/new.sums" >/dev/null; then
  echo "same bytes: $(wc -l <"$dir/new.sums") files"
else
  echo "DIFFERENT:"; diff "$dir/old.sums" "$dir/new.sums" | head; exit 1
fi
for run in 1 2 3; do
  for build in old new; do
    rm -rf "$dir/t"
    /usr/bin/time -f "$build %e s" "${!build}" gen --quiet --variant koth --pieces 4 --tables "$dir/t"
  done
done
