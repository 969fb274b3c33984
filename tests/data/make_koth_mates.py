#!/usr/bin/env python3
"""Make tests/data/koth_mates.txt: short forced King-of-the-Hill results.

Usage (from the repository root; about 9 minutes):

    python3 tests/data/make_koth_mates.py > tests/data/koth_mates.txt

The results come from Fairy-Stockfish (Debian's /usr/games/fairy-stockfish,
or the program named by $FAIRY_STOCKFISH), driven over UCI: one engine
process, Threads 1, Hash 16, `setoption name UCI_Variant value
kingofthehill`, and `ucinewgame` + `position fen <FEN>` before every search.
Python 3 standard library only.  The random positions come from a fixed seed,
but the searches are timed, so which positions end up in the file can vary a
little with machine speed and load (the results themselves should not).

Positions: random 3- and 4-man koth positions (both kings plus one or two of
Q R B N P for either side), no castling rights, no en-passant square, side to
move random, no pawn on rank 1 or 8, kings not adjacent, the side not to move
not in check (checked here in Python and again with the engine's `d`
command, which must also echo the FEN unchanged), no king on d4/e4/d5/e5,
and at least one legal move for the side to move (engine `go perft 1`), so
the game is not already over.  Half of the samples have one piece for each
side, where longer wins are most common.

Each sampled position first gets a quick `go depth 14`; its score only
serves to skip positions of a kind already collected in full.  Then:

  * `go mate 8`.  If it ends with `score mate M`, 0 < M <= 8, the go-mate
    ladder settles the length: `go mate N` for N = 1, 2, ... in turn; the
    first N whose search ends with `score mate M'`, 0 < M' <= N, gives the
    result N (the side to move wins in N moves, 2N-1 plies), and M' must
    equal N (else the position is dropped).  A `go mate N` with no win in N
    moves runs on towards the engine's maximum depth (245) without stopping;
    it is stopped after T_FAIL seconds and counts as "no win in N" if it got
    to depth MIN_DEPTH (30, twice the 15 plies of a win in 8) or more;
    otherwise the position is dropped.
  * Else, if the `go mate 8` search (stopped after T_MAIN seconds, having
    reached depth NONE_MIN_DEPTH or more, or finished at depth 245) ends
    with `score mate -M`, M <= 7, the result is -M: the side to move loses in
    M moves (2M plies).  This is checked move by move: after every legal
    move, `go mate M` must find the opponent a win in at most M moves, and
    after at least one of them `go mate M-1` must find none.
  * Else the result is `none`: no forced win for the side to move within 8
    moves (15 plies).  Half of these are positions where the engine still
    sees a win (`score mate M` with M > 8, or +2 pawns or more), to test the
    15-ply boundary; the other half are not.

Fairy-Stockfish scores a king's legal move onto d4/e4/d5/e5 as a win (mate)
just like a checkmate: `score mate 1` for 8/8/8/8/2K5/8/8/k7 w (c4-d4).

Output format: lines starting with '#' are comments; every other line is
    fen|result
with result a positive integer M (win in M moves = 2M-1 plies), a negative
integer -M (loss in M moves = 2M plies) or `none`.
"""

import os
import queue
import random
import re
import subprocess
import sys
import threading
import time

ENGINE = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")
SEED = 20240601
MAX_N = 8              # longest win searched for, in moves
MAX_LOSS = 7           # longest loss recorded, in moves

# Search time limits, in seconds.  A `go mate N` for a position with no win
# in N moves runs on towards depth 245; stopped early, it still counts as
# "no win in N" when it got to MIN_DEPTH (far beyond the 2N-1 plies needed).
T_FOUND = 2.0          # a search expected to find its mate (usually < 0.1 s)
T_FAIL = 0.3           # a `go mate N` expected to find nothing
T_MAIN = 0.6           # the first `go mate 8` of a position
MIN_DEPTH = 30
NONE_MIN_DEPTH = 30    # depth the first `go mate 8` must reach for `none`
TRIAGE_DEPTH = 14
TIME_BUDGET = 540.0    # seconds in all

# Wanted counts.
WANT_WIN_PER_M = {1: 12, 2: 14, 3: 18, 4: 20, 5: 22, 6: 22, 7: 22, 8: 20}
WANT_LOSS_PER_M = 6    # losses in 1..MAX_LOSS moves, each
WANT_NONE = 40         # half with the engine seeing a (longer) win

HILL = {27, 28, 35, 36}          # d4 e4 d5 e5 (square = rank * 8 + file)


# --------------------------------------------------------------------------
# Board helpers (square 0 = a1, 7 = h1, 63 = h8).

def king_dist(a, b):
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def attacks(board, frm, piece, target):
    """Does `piece` standing on `frm` attack square `target`?"""
    p = piece.upper()
    fx, fy = frm % 8, frm // 8
    tx, ty = target % 8, target // 8
    dx, dy = tx - fx, ty - fy
    if frm == target:
        return False
    if p == "K":
        return max(abs(dx), abs(dy)) == 1
    if p == "N":
        return sorted((abs(dx), abs(dy))) == [1, 2]
    if p == "P":
        fwd = 1 if piece.isupper() else -1
        return dy == fwd and abs(dx) == 1
    straight = dx == 0 or dy == 0
    diagonal = abs(dx) == abs(dy)
    if p == "R" and not straight:
        return False
    if p == "B" and not diagonal:
        return False
    if p == "Q" and not (straight or diagonal):
        return False
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    x, y = fx + sx, fy + sy
    while (x, y) != (tx, ty):
        if (y * 8 + x) in board:
            return False
        x += sx
        y += sy
    return True


def in_check(board, white):
    """Is the king of the given colour attacked?"""
    king = "K" if white else "k"
    ksq = next(s for s, p in board.items() if p == king)
    return any(attacks(board, s, p, ksq) for s, p in board.items()
               if p.isupper() != white)


def to_fen(board, white_to_move):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            p = board.get(r * 8 + f)
            if p is None:
                empty += 1
            else:
                if empty:
                    row += str(empty)
                    empty = 0
                row += p
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows) + (" w" if white_to_move else " b") + " - - 0 1"


def random_position(rng):
    """A random position meeting the static rules above, or None."""
    # Long koth wins come mostly from one piece each (KR v KR, KQ v KR,
    # KR v KB, ...), so those get half of the samples.
    if rng.random() < 0.5:
        extras = [rng.choice("QQRRRBBNNP") for _ in range(2)]
        white = rng.random() < 0.5
        colours = [white, not white]
    else:
        n_extra = rng.choice((1, 2))
        extras = [rng.choice("QQRRRBBNNP") for _ in range(n_extra)]
        colours = [rng.random() < 0.5 for _ in range(n_extra)]
    squares = [s for s in range(64) if s not in HILL]
    wk = rng.choice(squares)
    bk = rng.choice(squares)
    if king_dist(wk, bk) <= 1:
        return None
    board = {wk: "K", bk: "k"}
    for p, white in zip(extras, colours):
        free = [s for s in range(64) if s not in board]
        if p == "P":
            free = [s for s in free if 8 <= s < 56]
        board[rng.choice(free)] = p if white else p.lower()
    white_to_move = rng.random() < 0.5
    if in_check(board, not white_to_move):
        return None
    return to_fen(board, white_to_move)


# --------------------------------------------------------------------------
# Engine driver.

class Engine:
    def __init__(self, path):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE,
                                     universal_newlines=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._reader, daemon=True).start()
        self.send("uci")
        out, ok = self.read_until(lambda l: l == "uciok", 10)
        if not ok:
            raise RuntimeError("engine did not answer uci")
        self.id_name = next((l[8:] for l in out if l.startswith("id name ")),
                            "?")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.send("setoption name UCI_Variant value kingofthehill")
        self.sync()

    def _reader(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def send(self, s):
        self.proc.stdin.write(s + "\n")
        self.proc.stdin.flush()

    def read_until(self, pred, timeout):
        out = []
        end = time.time() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.0, end - time.time()))
            except queue.Empty:
                return out, False
            if line is None:
                raise RuntimeError("engine exited")
            out.append(line)
            if pred(line):
                return out, True

    def sync(self):
        self.send("isready")
        _, ok = self.read_until(lambda l: l == "readyok", 30)
        if not ok:
            raise RuntimeError("engine did not answer isready")

    def set_position(self, fen, moves=()):
        cmd = "position fen " + fen
        if moves:
            cmd += " moves " + " ".join(moves)
        self.send(cmd)

    def display(self, fen, moves=()):
        """Engine's `d`: (echoed FEN, checkers string)."""
        self.set_position(fen, moves)
        self.send("d")
        out, ok = self.read_until(lambda l: l.startswith("Checkers:"), 10)
        if not ok:
            raise RuntimeError("no answer to d")
        echoed = next(l[5:] for l in out if l.startswith("Fen: "))
        return echoed, out[-1][len("Checkers:"):].strip()

    def legal_moves(self, fen):
        self.set_position(fen)
        self.send("go perft 1")
        out, ok = self.read_until(lambda l: l.startswith("Nodes searched"), 10)
        if not ok:
            raise RuntimeError("no answer to perft")
        return [l.split(":")[0] for l in out
                if re.match(r"^[a-h][1-8][a-h][1-8][qrbn]?: 1$", l)]

    def go(self, fen, cmd, timeout):
        """Run a search with a fresh hash, stopping it after `timeout`
        seconds; return (finished by itself, last exact score, its depth).
        The score is ('mate', M) or ('cp', X); bound scores are ignored."""
        self.send("ucinewgame")
        self.set_position(fen)
        self.sync()
        self.send(cmd)
        out, ok = self.read_until(lambda l: l.startswith("bestmove"),
                                  timeout)
        if not ok:
            self.send("stop")
            more, ok2 = self.read_until(lambda l: l.startswith("bestmove"),
                                        30)
            if not ok2:
                raise RuntimeError("engine ignored stop")
            out += more
        score, depth = None, 0
        for line in out:
            m = re.match(r"info depth (\d+) .*\bscore (cp|mate) (-?\d+)"
                         r"( (upper|lower)bound)?", line)
            if m and not m.group(4):
                score = (m.group(2), int(m.group(3)))
                depth = int(m.group(1))
        return ok, score, depth


class Unreliable(Exception):
    pass


def mate_in(score):
    """M if the score is a win in M moves for the side to move, else None."""
    if score and score[0] == "mate" and score[1] > 0:
        return score[1]
    return None


def no_win_within(eng, fen, n, timeout=T_FAIL):
    """`go mate n` that is expected to fail.  Returns None when it finds no
    win within n moves (it ran to the maximum depth, or was stopped after
    reaching at least MIN_DEPTH), else the M it reported."""
    ok, score, depth = eng.go(fen, "go mate %d" % n, timeout)
    m = mate_in(score)
    if m is not None and m <= n:
        return m
    if not ok and depth < MIN_DEPTH:
        raise Unreliable("go mate %d stopped at depth %d" % (n, depth))
    return None


def ladder(eng, fen, top):
    """The go-mate ladder: first N in 1..top whose `go mate N` reports
    `score mate M` with 0 < M <= N; returns N, checking M == N."""
    for n in range(1, top + 1):
        m = no_win_within(eng, fen, n,
                          timeout=T_FOUND if n == top else T_FAIL)
        if m is not None:
            if m != n:
                raise Unreliable("go mate %d reported mate %d" % (n, m))
            return n
    raise Unreliable("ladder found no win within %d" % top)


def check_loss(eng, fen, loss):
    """Every move must leave the opponent a win within `loss` moves, and at
    least one move a shortest win of exactly `loss` moves."""
    moves = eng.legal_moves(fen)
    longest = []
    for mv in moves:
        child, _ = eng.display(fen, [mv])
        ok, score, _ = eng.go(child, "go mate %d" % loss, T_FOUND)
        m = mate_in(score)
        if not ok or m is None or m > loss:
            raise Unreliable("loss check: a move holds")
        if m == loss:
            longest.append(child)
    if loss == 1 and longest:
        return
    for child in longest:
        if no_win_within(eng, child, loss - 1) is None:
            return
    raise Unreliable("loss check: no move lasts %d" % loss)


def evaluate(eng, fen, want=lambda r: True):
    """Result M, -M or ('none', last score) for a position, or raise
    Unreliable.  Results for which want() is false are returned unchecked
    (the ladder or the loss check is skipped to save time; the caller
    drops them)."""
    ok, score, depth = eng.go(fen, "go mate %d" % MAX_N, T_MAIN)
    m = mate_in(score)
    if m is not None and m <= MAX_N:
        if not want(m):
            return m
        return ladder(eng, fen, m)
    if not ok and depth < NONE_MIN_DEPTH:
        raise Unreliable("go mate %d stopped at depth %d" % (MAX_N, depth))
    if score and score[0] == "mate" and -MAX_LOSS <= score[1] < 0:
        if want(score[1]):
            check_loss(eng, fen, -score[1])
        return score[1]
    return ("none", score)


def engine_checks(eng, fen):
    """Engine-side legality: the engine echoes the FEN, the side not to move
    is not in check, the side to move has a legal move."""
    echoed, _ = eng.display(fen)
    if echoed != fen:
        return False
    parts = fen.split()
    parts[1] = "b" if parts[1] == "w" else "w"
    _, checkers = eng.display(" ".join(parts))
    if checkers:
        return False
    return len(eng.legal_moves(fen)) > 0


def triage_class(score):
    """What a quick fixed-depth score hints at: 'short' (a win in 1-4),
    'long' (a longer win, or a big plus without a mate score: the usual
    look of a win in 7 or 8 at this depth), 'loss', or 'other'."""
    if score[0] == "mate":
        if 1 <= score[1] <= 4:
            return "short"
        if score[1] >= 5:
            return "long"
        if score[1] >= -MAX_LOSS - 2:
            return "loss"
        return "other"
    return "long" if score[1] >= 200 else "other"


def main():
    rng = random.Random(SEED)
    eng = Engine(ENGINE)
    start = time.time()

    wins = {m: [] for m in range(1, MAX_N + 1)}
    losses = {l: [] for l in range(1, MAX_LOSS + 1)}
    # `none` in two kinds: the engine still thinks the side to move is
    # winning (a win longer than MAX_N moves, mostly), or it does not.
    nones = {"plus": [], "rest": []}
    sampled = evaluated = 0
    drops = {}
    seen = set()

    def none_kind(score):
        plus = score and (mate_in(score) or score[0] == "cp"
                          and score[1] >= 200)
        return "plus" if plus else "rest"

    def want(r):
        if isinstance(r, tuple):
            return len(nones[none_kind(r[1])]) < WANT_NONE // 2
        if r < 0:
            return len(losses[-r]) < WANT_LOSS_PER_M
        return len(wins[r]) < WANT_WIN_PER_M[r]

    def short_full():
        return all(len(wins[m]) >= WANT_WIN_PER_M[m] for m in (1, 2, 3, 4))

    def loss_full():
        return all(len(v) >= WANT_LOSS_PER_M for v in losses.values())

    def none_full():
        return all(len(v) >= WANT_NONE // 2 for v in nones.values())

    def done():
        return (all(len(wins[m]) >= WANT_WIN_PER_M[m] for m in wins)
                and loss_full() and none_full())

    while not done() and time.time() - start < TIME_BUDGET:
        fen = random_position(rng)
        if fen is None or fen in seen:
            continue
        seen.add(fen)
        if not engine_checks(eng, fen):
            continue
        # A quick fixed-depth search first, only to skip positions of a
        # kind that is no longer needed; its score decides nothing.
        sampled += 1
        ok, score, _ = eng.go(fen, "go depth %d" % TRIAGE_DEPTH, T_FAIL)
        if not ok or score is None:
            continue
        k = triage_class(score)
        if (k == "short" and short_full() or k == "loss" and loss_full()
                or k == "other" and loss_full() and none_full()):
            continue
        evaluated += 1
        try:
            r = evaluate(eng, fen, want)
        except Unreliable as e:
            key = re.sub(r"\d+", "N", str(e))
            drops[key] = drops.get(key, 0) + 1
            continue
        if not want(r):
            continue
        if isinstance(r, tuple):
            nones[none_kind(r[1])].append(fen)
        elif r < 0:
            losses[-r].append(fen)
        else:
            wins[r].append(fen)
    elapsed = time.time() - start
    eng.send("quit")

    n_loss = sum(len(v) for v in losses.values())
    n_none = sum(len(v) for v in nones.values())
    print("# King of the Hill: short forced results from Fairy-Stockfish.")
    print("# Made by: python3 tests/data/make_koth_mates.py"
          " > tests/data/koth_mates.txt")
    print("# Engine: %s (UCI_Variant kingofthehill, Threads 1, Hash 16)."
          % eng.id_name)
    print("# Random seed %d; %d random positions sampled, %d searched, %.0f s."
          % (SEED, sampled, evaluated, elapsed))
    print("# Dropped as unreliable: %s."
          % ("; ".join("%s: %d" % kv for kv in sorted(drops.items()))
             or "none"))
    print("# Line format: fen|result, where result is")
    print("#   M > 0  the side to move wins in M moves = 2M-1 plies, and not")
    print("#          sooner: `go mate N` for N = 1..M first succeeds at N = M;")
    print("#   -M     the side to move loses in M moves = 2M plies: `go mate"
          " %d`" % MAX_N)
    print("#          ends with score mate -M, and every move was checked;")
    print("#   none   no forced win for the side to move within %d moves"
          " (%d plies)." % (MAX_N, 2 * MAX_N - 1))
    print("# A king's legal move onto d4/e4/d5/e5 wins like a checkmate.")
    print("# Counts: " + ", ".join("%d: %d" % (m, len(wins[m])) for m in wins)
          + "; " + ", ".join("%d: %d" % (-l, len(losses[l])) for l in losses)
          + "; none: %d (%d with the engine still seeing a win)."
          % (n_none, len(nones["plus"])))
    for m in sorted(wins):
        for fen in wins[m]:
            print("%s|%d" % (fen, m))
    for l in sorted(losses):
        for fen in losses[l]:
            print("%s|%d" % (fen, -l))
    for kind in ("plus", "rest"):
        for fen in nones[kind]:
            print("%s|none" % fen)


if __name__ == "__main__":
    main()
