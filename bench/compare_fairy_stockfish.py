#!/usr/bin/env python3
"""Perft speed of hilltb against fairy-stockfish, on the same positions, in one run.

Usage: python3 bench/compare_fairy_stockfish.py [build/hilltb] [--variant koth|chess] [--repeat N]
Reads the positions of bench/perft_positions.h. fairy-stockfish is timed from the
'go perft' command to its 'Nodes searched' line (start-up excluded); hilltb reports
its own perft time on stderr (start-up excluded too). Best of N runs for each.
"""
import argparse, pathlib, re, subprocess, time

HERE = pathlib.Path(__file__).resolve().parent
FSF = "/usr/games/fairy-stockfish"


def positions():
    text = (HERE / "perft_positions.h").read_text()
    return re.findall(r'\{"([^"]+)", "([^"]+)", (\d+)\}', text)


def fairy(fen, depth, variant):
    p = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    name = "kingofthehill" if variant == "koth" else "chess"
    p.stdin.write(f"uci\nsetoption name UCI_Variant value {name}\nposition fen {fen}\nisready\n")
    p.stdin.flush()
    for line in p.stdout:
        if line.startswith("readyok"):
            break
    start = time.perf_counter()
    p.stdin.write(f"go perft {depth}\n")
    p.stdin.flush()
    for line in p.stdout:
        if line.startswith("Nodes searched"):
            seconds = time.perf_counter() - start
            nodes = int(line.split(":")[1])
            break
    p.stdin.write("quit\n")
    p.stdin.flush()
    p.wait()
    return nodes, seconds


def hilltb(binary, fen, depth, variant):
    r = subprocess.run([binary, "perft", "--variant", variant, "--depth", str(depth), fen],
                       capture_output=True, text=True, check=True)
    nodes = int(r.stdout.split()[-1])
    seconds = float(re.search(r"in ([0-9.e+-]+) s", r.stderr).group(1))
    return nodes, seconds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary", nargs="?", default="build/hilltb")
    ap.add_argument("--variant", default="koth")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"| position | depth | nodes | hilltb Mnodes/s | fairy-stockfish Mnodes/s | ratio |")
    print(f"|---|---:|---:|---:|---:|---:|")
    for name, fen, depth in positions():
        runs = []
        for _ in range(args.repeat):  # interleaved, so that machine noise hits both
            runs.append((hilltb(args.binary, fen, int(depth), args.variant),
                         fairy(fen, int(depth), args.variant)))
        (hn, _), (fn, _) = runs[0]
        if hn != fn:
            raise SystemExit(f"{name}: node counts differ: hilltb {hn}, fairy-stockfish {fn}")
        h = hn / min(r[0][1] for r in runs) / 1e6
        f = fn / min(r[1][1] for r in runs) / 1e6
        print(f"| {name} | {depth} | {hn} | {h:.1f} | {f:.1f} | {h / f:.2f}x |")


if __name__ == "__main__":
    main()
