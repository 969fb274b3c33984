#!/usr/bin/env bash
# `hilltb probe --json --tables DIR -` answers each FEN as it arrives: the answer to
# the first line comes back while standard input is still open. Then a bad line gets
# an error object, the next is still answered, and the exit status is 1.
# Usage: probe_stdin.sh HILLTB TABLE_DIR
set -uo pipefail
hilltb=$1 tables=$2
# Its standard error goes to a file, printed at the end: interleaved with the answers
# as they are echoed, it would land anywhere among them.
err=$(mktemp)
trap 'rm -f "$err"' EXIT
coproc PROBE { "$hilltb" probe --json --rule none --tables "$tables" - 2>"$err"; }
pid=$PROBE_PID
exec {to}>&"${PROBE[1]}" {from}<&"${PROBE[0]}"  # bash forgets PROBE when it ends
exec {PROBE[1]}>&- {PROBE[0]}<&-
echo "8/8/8/8/8/2k5/8/KQ6 w - - 0 1" >&"$to"
if ! read -r -t 20 first <&"$from"; then
  echo "no answer while standard input stays open"
  exit 1
fi
echo "first: $first"
printf '%s\n' "8/8/8/8/8/2k5/8/KQ7 w - - 0 1" "" "8/8/8/8/8/2k5/8/KR6 b - - 0 1" >&"$to"
exec {to}>&-
while read -r -t 20 line <&"$from"; do echo "next: $line"; done
wait "$pid"
echo "exit $?"
sed 's/^/stderr: /' "$err"
