#!/usr/bin/env bash
# What `make run` does after the build: generate the King of the Hill tables up to 4
# pieces into ./tables (kept if already there) and probe a few example positions.
set -euo pipefail
hilltb=${1:-build/hilltb}
tables=${2:-tables}
"$hilltb" gen --variant koth --pieces 4 --tables "$tables"
"$hilltb" info --variant koth --tables "$tables" KQvK KRvK KQvKR KPvK
for fen in "8/8/8/8/8/2k5/8/KQ6 w - - 0 1" "8/8/3k4/8/8/8/1P6/K7 w - - 0 1" "7k/8/8/8/8/8/8/K6R b - - 0 1"; do
  echo
  "$hilltb" probe --variant koth --tables "$tables" "$fen" | head -6
done
echo
"$hilltb" line --variant koth --tables "$tables" "8/8/8/8/8/2k5/8/KQ6 w - - 0 1"
echo
echo "To explore these tables in a browser (docs/server.md):"
echo "  $hilltb serve --tables $tables --port 9000"
echo "  then open http://127.0.0.1:9000/?variant=koth&fen=8/8/8/8/8/2k5/8/KQ6_w_-_-_0_1"
echo "  or ask it: curl 'http://127.0.0.1:9000/koth?fen=8/8/8/8/8/2k5/8/KQ6_w_-_-_0_1'"
