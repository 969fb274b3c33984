#!/usr/bin/env python3
"""Make tests/data/perft_expected.txt: expected perft counts for chess and koth.

Usage (from the repository root):

    python3 tests/data/make_perft_expected.py > tests/data/perft_expected.txt

The counts come from Fairy-Stockfish (Debian's /usr/games/fairy-stockfish, or
the program named by $FAIRY_STOCKFISH), driven over UCI: one engine process,
reused for every position; `setoption name UCI_Variant value chess` or
`value kingofthehill`, `position fen <FEN>`, `go perft <depth>`, and the
count is read from the `Nodes searched: N` line.  Python 3 standard library
only.

Every position is run in both variants at the same depth, chosen as the
largest depth in 3..5 whose chess count stays under 4,000,000 (the koth count
is never larger: koth has the same moves, and a node where a king has reached
the hill is a leaf).

Before counting, each FEN is checked with the engine's `d` command: the
engine must echo the FEN back unchanged, and with the side to move swapped
(and the en-passant square dropped) it must report no checkers, so the side
not to move is not in check.

Fairy-Stockfish ends a koth game only when the king of the side NOT to move
stands on the hill (the mover who just got there has won); a position whose
side to move already has its own king on the hill can't arise in a game, and
Fairy-Stockfish would still generate moves for it, so the list below only has
"king already on the hill" positions where that king belongs to the side not
to move.  For those the koth count is 0 at every depth.

Output format: lines starting with '#' are comments; every other line is
    variant|depth|nodes|fen|label
with variant 'chess' or 'koth'.
"""

import os
import subprocess
import sys

ENGINE = os.environ.get("FAIRY_STOCKFISH", "/usr/games/fairy-stockfish")

UCI_VARIANT = {"chess": "chess", "koth": "kingofthehill"}
VARIANTS = ("chess", "koth")

# (depth, FEN, label).  Each is run in every variant of VARIANTS.
POSITIONS = [
    # --- Well-known perft suites (chessprogramming wiki "Perft Results") ---
    (4, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     "start position"),
    (3, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     "Kiwipete (position 2)"),
    (5, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     "wiki position 3"),
    (4, "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     "wiki position 4 white"),
    (4, "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
     "wiki position 4 mirrored black"),
    (4, "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     "wiki position 5"),
    (4, "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     "wiki position 6"),

    # --- En passant ---
    (5, "8/8/3p4/KPp4r/1R2Pp1k/8/6P1/8 w - c6 0 2",
     "ep exposes king on rank white"),
    (5, "8/6p1/8/1r2pP1K/kpP4R/3P4/8/8 b - c3 0 2",
     "ep exposes king on rank black"),
    (5, "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1",
     "avoid illegal ep after double push"),
    (5, "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1",
     "avoid illegal ep diagonal pin"),
    (5, "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1",
     "ep capture discovers check"),
    (5, "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
     "ep capture removes checking pawn"),
    (5, "8/1k6/8/8/3Pp3/8/6B1/4K3 b - d3 0 1",
     "ep off diagonal pin illegal"),
    (5, "8/1k6/8/8/4pP2/8/8/4K2B b - f3 0 1",
     "ep along diagonal pin legal"),

    # --- Castling ---
    (4, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
     "castling both sides"),
    (5, "4kr2/8/8/8/b7/8/8/R3K2R w KQ - 0 1",
     "castling through attacked f1 d1"),
    (4, "r3k2r/8/8/8/4b3/8/8/R3K2R w KQkq - 0 1",
     "castling b1 and rook attacked"),
    (5, "r3k2r/8/8/8/4R3/8/8/R3K2R b KQkq - 0 1",
     "castling out of check"),
    (4, "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
     "castling prevented by queens"),
    (4, "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
     "castling rights lost by captures"),
    (5, "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
     "short castling gives check"),
    (5, "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
     "long castling gives check"),

    # --- Promotions ---
    (5, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
     "promotions both sides"),
    (5, "r1n1k3/1P6/8/8/8/8/6p1/4K2R w Kq - 0 1",
     "capture promotions and castling"),
    (5, "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1",
     "promote out of check"),
    (5, "4k3/1P6/8/8/8/8/K7/8 w - - 0 1",
     "promotion gives check"),
    (5, "8/P1k5/K7/8/8/8/8/8 w - - 0 1",
     "underpromotion to rook"),
    (5, "8/5P1k/8/8/8/8/8/K7 w - - 0 1",
     "knight promotion gives check"),

    # --- Checks, mates, stalemates ---
    (5, "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1",
     "discovered check"),
    (5, "r3k2r/8/3N4/8/8/8/8/4RK2 b kq - 0 1",
     "double check rook and knight"),
    (5, "K1k5/8/P7/8/8/8/8/8 w - - 0 1",
     "self stalemate"),
    (5, "8/k1P5/8/1K6/8/8/8/8 w - - 0 1",
     "stalemate and checkmate 1"),
    (5, "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1",
     "stalemate and checkmate 2"),
    (5, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
     "stalemate black to move"),
    (5, "7k/8/8/8/8/1q6/8/K7 w - - 0 1",
     "stalemate white to move"),
    (5, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
     "back rank checkmate"),
    (5, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
     "fools mate"),

    # --- Few-piece endgames ---
    (5, "7k/8/8/8/8/8/8/K7 w - - 0 1",
     "KvK corners"),
    (5, "8/8/8/8/8/2k5/8/3QK3 w - - 0 1",
     "KQvK"),
    (5, "8/4k3/8/8/8/8/4P3/4K3 w - - 0 1",
     "KPvK"),
    (5, "k7/8/8/8/8/8/8/4KBN1 w - - 0 1",
     "KBNvK"),
    (5, "8/8/2k5/8/8/8/1r5Q/4K3 w - - 0 1",
     "KQvKR"),
    (5, "8/8/8/3pP3/8/8/8/K6k w - d6 0 1",
     "KPvKP ep white"),
    (5, "8/8/8/8/3pP3/8/8/4K2k b - e3 0 1",
     "KPvKP ep black"),

    # --- King of the Hill: kings near the hill ---
    (5, "4k3/8/8/8/8/2K5/8/8 w - - 0 1",
     "king c3 hill free"),
    (5, "4k3/8/8/2p5/8/2K5/8/8 w - - 0 1",
     "king c3 d4 attacked by pawn"),
    (5, "3rk3/8/5n2/8/8/4K3/8/8 w - - 0 1",
     "king e3 hill attacked rook knight"),
    (5, "8/8/5k2/8/2N5/8/8/R3K3 b Q - 0 1",
     "king f6 e5 attacked by knight"),
    (5, "8/8/8/2k5/8/5K2/8/8 w - - 0 1",
     "both kings next to hill"),
    (5, "8/8/8/3p4/2K5/8/8/7k w - - 0 1",
     "king in check captures onto hill"),
    (4, "r1bq1b1r/ppp3pp/2n1k3/3np3/2B5/5Q2/PPPP1PPP/RNB1K2R w KQ - 2 8",
     "Fried Liver king e6"),

    # --- King already on the hill (koth: game over, 0) ---
    (4, "rnbq1bnr/ppppkppp/8/4p3/4K3/8/PPPP1PPP/RNBQ1BNR b - - 2 3",
     "white king on e4 black to move"),
    (4, "rnbq1bnr/pppp1ppp/4p3/4k3/4P3/8/PPPP1PPP/RNBQKBNR w KQ - 2 4",
     "black king on e5 white to move"),
    (5, "8/8/8/8/3k4/8/8/R3K3 w Q - 0 1",
     "KRvK black king on d4"),
    (5, "8/8/8/8/4K3/8/8/q3k3 b - - 0 1",
     "KvKQ white king on e4"),
]


class Engine:
    """One Fairy-Stockfish process spoken to over UCI."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, universal_newlines=True, bufsize=1)
        self.send("uci")
        self.name = None
        for line in self.read_until(lambda l: l == "uciok"):
            if line.startswith("id name "):
                self.name = line[len("id name "):]
        if self.name is None:
            raise RuntimeError("engine sent no 'id name' line")

    def send(self, cmd):
        self.proc.stdin.write(cmd + "\n")
        self.proc.stdin.flush()

    def read_until(self, done):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("engine exited unexpectedly")
            line = line.rstrip("\n")
            lines.append(line)
            if done(line):
                return lines

    def sync(self):
        self.send("isready")
        return self.read_until(lambda l: l == "readyok")

    def set_variant(self, variant):
        self.send("setoption name UCI_Variant value " + UCI_VARIANT[variant])
        self.sync()

    def display(self, fen):
        """The engine's echoed FEN and checkers list for `fen`."""
        self.send("position fen " + fen)
        self.send("d")
        lines = self.read_until(lambda l: l.startswith("Checkers:"))
        self.sync()
        echoed = None
        for line in lines:
            if line.startswith("Fen: "):
                echoed = line[len("Fen: "):].strip()
        checkers = lines[-1][len("Checkers:"):].split()
        return echoed, checkers

    def perft(self, fen, depth):
        self.send("position fen " + fen)
        self.send("go perft %d" % depth)
        lines = self.read_until(lambda l: l.startswith("Nodes searched:"))
        self.sync()
        return int(lines[-1].split(":")[1])

    def close(self):
        try:
            self.send("quit")
            self.proc.stdin.close()
        except (BrokenPipeError, OSError):
            pass
        self.proc.wait()


def board_of(placement):
    """{(file 0-7, rank 0-7): piece letter} from a FEN placement field."""
    rows = placement.split("/")
    if len(rows) != 8:
        raise ValueError("placement needs 8 ranks: " + placement)
    board = {}
    for i, row in enumerate(rows):
        rank, f = 7 - i, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            elif ch in "KQRBNPkqrbnp":
                board[(f, rank)] = ch
                f += 1
            else:
                raise ValueError("bad placement character %r" % ch)
        if f != 8:
            raise ValueError("rank without 8 files: " + row)
    return board


def check_fields(fen):
    """Raise on the FEN rules the engine may not enforce: six fields, one king
    a side, kings apart, no pawn on rank 1 or 8, castling rights with king and
    rook at home, an en-passant square only just behind a double-pushed pawn."""
    fields = fen.split()
    if len(fields) != 6:
        raise ValueError("FEN needs six fields: " + fen)
    placement, stm, castling, ep, half, full = fields
    board = board_of(placement)
    kings = {c: [sq for sq, p in board.items() if p == c] for c in "Kk"}
    if len(kings["K"]) != 1 or len(kings["k"]) != 1:
        raise ValueError("need one king a side: " + fen)
    (wf, wr), (bf, br) = kings["K"][0], kings["k"][0]
    if max(abs(wf - bf), abs(wr - br)) <= 1:
        raise ValueError("kings adjacent: " + fen)
    if any(p in "Pp" and r in (0, 7) for (f, r), p in board.items()):
        raise ValueError("pawn on rank 1 or 8: " + fen)
    if stm not in ("w", "b") or not (half.isdigit() and full.isdigit()):
        raise ValueError("bad side or move counters: " + fen)
    home = {"K": ((4, 0), "K", (7, 0), "R"), "Q": ((4, 0), "K", (0, 0), "R"),
            "k": ((4, 7), "k", (7, 7), "r"), "q": ((4, 7), "k", (0, 7), "r")}
    if castling != "-":
        for ch in castling:
            if ch not in home or castling.count(ch) != 1:
                raise ValueError("bad castling field: " + fen)
            ksq, king, rsq, rook = home[ch]
            if board.get(ksq) != king or board.get(rsq) != rook:
                raise ValueError("castling right %s without king and rook at"
                                 " home: %s" % (ch, fen))
    if ep != "-":
        f, r = ord(ep[0]) - ord("a"), int(ep[1:]) - 1
        # White to move: black just pushed to rank 5 over rank 6 (ep square).
        if stm == "w":
            need_r, pawn, behind = 5, "p", [(f, 5), (f, 6)]
            pawn_sq = (f, 4)
        else:
            need_r, pawn, behind = 2, "P", [(f, 2), (f, 1)]
            pawn_sq = (f, 3)
        if (not 0 <= f < 8 or r != need_r or board.get(pawn_sq) != pawn
                or any(sq in board for sq in behind)):
            raise ValueError("en-passant square without a double push: " + fen)


def check_position(engine, fen):
    """Raise if `fen` breaks check_fields, the engine does not take it as
    given, or the side not to move is in check."""
    check_fields(fen)
    fields = fen.split()
    echoed, _ = engine.display(fen)
    if echoed != fen:
        raise ValueError("engine changed FEN %r to %r" % (fen, echoed))
    swapped = fields[:]
    swapped[1] = "b" if fields[1] == "w" else "w"
    swapped[3] = "-"
    _, checkers = engine.display(" ".join(swapped))
    if checkers:
        raise ValueError("side not to move is in check (%s): %s"
                         % (" ".join(checkers), fen))


def main():
    seen = set()
    for depth, fen, label in POSITIONS:
        if fen in seen:
            raise ValueError("duplicate FEN: " + fen)
        seen.add(fen)
        if not 3 <= depth <= 5 or "|" in label or "|" in fen:
            raise ValueError("bad entry: %r" % ((depth, fen, label),))

    engine = Engine(ENGINE)
    try:
        engine.set_variant("chess")
        for _, fen, _ in POSITIONS:
            check_position(engine, fen)

        rows = []
        for variant in VARIANTS:
            engine.set_variant(variant)
            for depth, fen, label in POSITIONS:
                nodes = engine.perft(fen, depth)
                rows.append((variant, depth, nodes, fen, label))
    finally:
        engine.close()

    out = sys.stdout
    out.write("# Expected perft counts for chess and King of the Hill (koth).\n")
    out.write("# Made by: python3 tests/data/make_perft_expected.py"
              " > tests/data/perft_expected.txt\n")
    out.write("# Counts from %s (%s), UCI 'go perft', UCI_Variant chess /"
              " kingofthehill.\n" % (engine.name, ENGINE))
    out.write("# koth: no moves once a king stands on d4, e4, d5 or e5.\n")
    out.write("# Format: variant|depth|nodes|fen|label\n")
    for variant, depth, nodes, fen, label in rows:
        out.write("%s|%d|%d|%s|%s\n" % (variant, depth, nodes, fen, label))


if __name__ == "__main__":
    main()
