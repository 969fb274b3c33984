#!/usr/bin/env python3
"""Plays `hilltb uci` against Fairy-Stockfish (UCI_Variant kingofthehill) from table
positions. Every position the tables call won for hilltb must be won within the
claimed plies whatever Fairy-Stockfish answers; no drawn position may be lost.
`hilltb probe --json -` referees: it tells the value and the moves of each position.

Usage: match.py HILLTB TABLE_DIR FAIRY_STOCKFISH
"""
import json
import subprocess
import sys

# Candidates: the referee says which are won and which drawn.
FENS = [
    "8/8/8/8/8/2k5/8/KQ6 w - - 0 1",
    "7k/8/8/8/8/8/8/K5R1 w - - 0 1",
    "8/8/8/8/8/2k5/8/KR6 w - - 0 1",
    "k7/8/8/8/8/8/8/KNB5 w - - 0 1",
    "8/8/8/8/8/1k6/2p5/K7 b - - 0 1",
    "8/1k6/8/8/8/8/6P1/K7 w - - 0 1",
    "k7/7r/8/8/8/8/8/K6R b - - 0 1",
    "k7/8/8/8/8/8/8/K6N b - - 0 1",
    "7k/6r1/8/8/8/8/1R6/K7 b - - 0 1",
    "7k/6r1/8/8/8/8/1R6/K7 w - - 0 1",
]


class Engine:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, prefix):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine closed its output")
            if line.startswith(prefix):
                return line.strip()

    def best(self, fen, go):
        self.send("position fen " + fen)
        self.send(go)
        return self.until("bestmove").split()[1]

    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)


class Referee:
    def __init__(self, hilltb, tables):
        self.p = subprocess.Popen([hilltb, "probe", "--json", "--tables", tables, "-"],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, fen):
        self.p.stdin.write(fen + "\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())


def main():
    hilltb, tables, fairy = sys.argv[1:4]
    ref = Referee(hilltb, tables)
    ours = Engine([hilltb, "uci", "--variant", "koth", "--tables", tables])
    theirs = Engine([fairy])
    theirs.send("uci")
    theirs.until("uciok")
    theirs.send("setoption name UCI_Variant value kingofthehill")
    ours.send("uci")
    ours.until("uciok")
    for e in (ours, theirs):
        e.send("isready")
        e.until("readyok")
    wins = draws = failures = 0
    for start in FENS:
        a = ref.ask(start)
        if "category" not in a:
            print(f"skipped {start}: {a['error']}")
            continue
        if a["category"] not in ("win", "draw"):
            continue
        won = a["category"] == "win"
        limit = a["dtm"] if won else 40
        fen, plies, ours_to_move = start, 0, True
        while True:
            now = ref.ask(fen)
            if not now["moves"]:  # the game is over
                lost_by_mover = now["category"] == "loss"
                if won and not (lost_by_mover and not ours_to_move):
                    print(f"FAIL {start}: the game ended in {fen} without hilltb's win")
                    failures += 1
                if not won and lost_by_mover and ours_to_move:
                    print(f"FAIL {start}: a drawn position lost ({fen})")
                    failures += 1
                break
            if won and plies >= limit:
                print(f"FAIL {start}: not won within the claimed {limit} plies ({fen})")
                failures += 1
                break
            if not won and plies >= limit:
                break
            if ours_to_move and not won and now["category"] == "loss":
                print(f"FAIL {start}: a drawn position turned lost ({fen})")
                failures += 1
                break
            move = ours.best(fen, "go") if ours_to_move else theirs.best(fen, "go movetime 50")
            nxt = [m for m in now["moves"] if m["uci"] == move]
            if not nxt:
                print(f"FAIL {start}: illegal move {move} in {fen}")
                failures += 1
                break
            fen, plies, ours_to_move = nxt[0]["fen"], plies + 1, not ours_to_move
        verdict = "won" if won else "held"
        print(f"{start}: {a['category']} (dtm {a['dtm']}), {verdict} check over {plies} plies")
        wins += won
        draws += not won
    ours.close()
    theirs.close()
    print(f"{wins} won positions, {draws} drawn positions, {failures} failures")
    return 1 if failures or wins < 4 or draws < 1 else 0


if __name__ == "__main__":
    sys.exit(main())
