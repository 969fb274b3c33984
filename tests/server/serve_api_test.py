"""hilltb serve answers what the command line answers, and errors with their status.

Usage: serve_api_test.py HILLTB TABLES WORKDIR

Each position's JSON from /<variant>?fen= equals `hilltb probe --json`'s, each main line
`hilltb line --json`'s; bad requests get a JSON error with 400, 404, 405 or 414; every
answer carries the CORS header; /qoth/deal answers the set-up's FEN (as `hilltb deal
fen`) and the value a results file gives, or else the deal solver's within a budget (as
`hilltb deal solve` with that budget); /metrics counts what was asked.
"""
import json
import os
import re
import subprocess
import sys
import urllib.parse

from serve_helper import Checks, Server, cli_json, query_fen

hilltb, tables, workdir = sys.argv[1:4]
os.makedirs(workdir, exist_ok=True)

POSITIONS = {
    "koth": ["8/8/8/8/8/2k5/8/KQ6 w - - 0 1", "8/8/3k4/8/8/8/1P6/K7 w - - 0 1", "7k/8/8/8/8/8/8/K6R b - - 0 1",
             "8/8/8/3k4/8/8/8/K7 b - - 0 1"],
    "chess": ["8/8/8/8/8/2k5/8/KR6 w - - 0 1", "8/8/8/8/4k3/8/4P3/4K3 w - - 0 1", "k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"],
    "qoth": ["8/8/2x2x2/4*3/8/2x2x2/8/KQ4r1 w", "8/8/2x2x2/4*3/8/2x2x2/1q6/R3N3 w", "8/8/2x2x2/4*3/8/2x2x2/1B6/8 w"],
}
UNCOVERED = ("koth", "k7/8/8/8/8/8/8/KQRRB3 w - - 0 1")  # six pieces: more than any table
BAD_FEN = "8/8/8/8/8/2k5/8/KQ7 w - - 0 1"  # nine squares on a rank

# A results file of `deal solve --json` (docs/certificates.md): one line found by its
# set-up, one by its FEN only.
deal_fens = subprocess.run([hilltb, "deal", "fen", "1:QRBNK:RRNBB", "3:qRbNK:rRNBB"], capture_output=True,
                           text=True, check=True).stdout.split("\n")
results = os.path.join(workdir, "deals.jsonl")
with open(results, "w") as f:
    f.write(json.dumps({"setup": "1:QRBNK:RRNBB", "fen": "2n1r1r1/3b1b2/2x2x2/4*3/8/2x2x2/2N1K3/1Q1R1B2 w",
                        "exact": False, "score": None, "lower": -1, "upper": 3, "category": "unknown", "pv": [],
                        "nodes": 12, "seconds": 0.5}) + "\n")
    f.write(json.dumps({"fen": deal_fens[1], "exact": True, "score": 2, "lower": 2, "upper": 2, "category": "win",
                        "pv": [], "nodes": 7, "seconds": 0.1}) + "\n")

t = Checks()
DEAL_NODES = 20000
with Server(hilltb, tables, "--deals", results, "--threads", "4", "--deal-nodes", str(DEAL_NODES), "--deal-seconds",
            "0") as server:
    asked = {}  # (endpoint, status) -> requests made

    def get(target, method="GET"):
        status, headers, body = server.get(target, method)
        endpoint = urllib.parse.urlsplit(target).path
        asked[(endpoint, status)] = asked.get((endpoint, status), 0) + 1
        t.check(headers.get("Access-Control-Allow-Origin") == "*", f"CORS header on {method} {target[:60]}")
        return status, headers, body

    def get_json(target, method="GET"):
        status, headers, body = get(target, method)
        try:
            return status, json.loads(body)
        except ValueError:
            return status, {"not JSON": body}

    for variant, fens in POSITIONS.items():
        for fen in fens:
            want = cli_json(hilltb, tables, "probe", variant, fen)
            t.check(want["category"] != "unknown", f"{variant} {fen}: the tables cover it")
            status, got = get_json(f"/{variant}?fen={query_fen(fen)}")
            t.check(status == 200 and got == want, f"/{variant}?fen={fen} equals probe --json")
            status, got = get_json(f"/{variant}?fen={urllib.parse.quote(fen)}")
            t.check(status == 200 and got == want, f"/{variant}?fen= with %20 for spaces")
            status, got = get_json(f"/{variant}/mainline?fen={query_fen(fen)}")
            want = cli_json(hilltb, tables, "line", variant, fen)
            t.check(status == 200 and got == want, f"/{variant}/mainline?fen={fen} equals line --json")
    status, got = get_json(f"/qoth?fen={query_fen(POSITIONS['qoth'][0])}&layout=ring")
    t.check(status == 200 and got["category"] == "win", "/qoth with layout=ring")

    variant, fen = UNCOVERED
    status, got = get_json(f"/{variant}?fen={query_fen(fen)}")
    t.check(status == 200 and got["category"] == "unknown" and got["dtm"] is None, "a position beyond the tables: 200, unknown")

    status, got = get_json(f"/koth?fen={query_fen(BAD_FEN)}")
    want = subprocess.run([hilltb, "probe", "--json", "--tables", tables, BAD_FEN], capture_output=True, text=True)
    t.check(status == 400 and got == json.loads(want.stdout), f"a malformed FEN: 400 and the fault named: {got}")
    t.check("rank" in got.get("error", ""), "the fault names the rank")
    for target, why in [("/koth", "no fen"), ("/koth?fen=", "empty fen"), ("/qoth?fen=8/8/8/8/8/8/8/8_w&layout=nowhere", "layout"),
                        ("/qoth/deal", "no set-up"), ("/qoth/deal?setup=5:QRBNK:RRNBB", "hand 5"),
                        ("/qoth/deal?setup=1:QQRRB:QRNBB", "three queens")]:
        status, got = get_json(target)
        t.check(status == 400 and got.get("error"), f"{why}: 400 {got}")
    for target in ["/atomic?fen=x", "/koth/nothing?fen=x", "/a/b/c", "/chess/deal?setup=1:QRBNK:RRNBB", "/nothing"]:
        status, got = get_json(target)
        t.check(status == 404 and got.get("error"), f"{target}: 404 {got}")
    for method in ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]:
        status, headers, body = get(f"/koth?fen={query_fen(POSITIONS['koth'][0])}", method)
        t.check(status == 405 and "error" in json.loads(body) and "GET" in headers.get("Allow", ""), f"{method}: 405 {body}")
    status, got = get_json("/koth?fen=" + "8" * 2000)
    t.check(status == 414 and got.get("error"), f"a 2,000-byte query: 414 {got}")
    # Refused before its path is read: counted under "other", not /koth.
    status, headers, body = server.get("/koth?fen=" + "8" * 20000)
    t.check(status == 414 and json.loads(body).get("error") and headers.get("Access-Control-Allow-Origin") == "*",
            f"a 20,000-byte request line: 414 {body}")

    status, got = get_json("/qoth/deal?setup=1:QRBNK:RRNBB")
    t.check(status == 200 and got["fen"] == deal_fens[0] and got["lower"] == -1 and got["upper"] == 3
            and got["exact"] is False and got["source"] == "results", f"a deal in the results file, by set-up: {got}")
    status, got = get_json("/qoth/deal?setup=3:qRbNK:rRNBB")
    t.check(status == 200 and got["fen"] == deal_fens[1] and got["score"] == 2 and got["category"] == "win",
            f"a deal in the results file, by FEN: {got}")
    # A set-up the results file lacks is solved within the server's node budget, in the
    # largest tables complete for its captures (the fixture's: up to 3 pieces), and
    # answers what `deal solve` answers with that budget.
    status, got = get_json("/qoth/deal?setup=2:KQRBN:RRBBN")
    want = json.loads(subprocess.run([hilltb, "deal", "solve", "--json", "--tables", tables, "--pieces", "3", "--nodes",
                                      str(DEAL_NODES), "--seconds", "0", "--threads", "1", "2:KQRBN:RRBBN"],
                                     capture_output=True, text=True, check=True).stdout)
    t.check(status == 200 and got["source"] == "solver" and got["setup"] == "2:KQRBN:RRBBN" and got["table_pieces"] == 3
            and all(got[k] == want[k] for k in ["lower", "upper", "exact", "category", "pv", "nodes"]),
            f"a deal not in the results file, from the solver: {got} (deal solve: {want})")
    status, again = get_json("/qoth/deal?setup=2:KQRBN:RRBBN")
    t.check(status == 200 and again == got, "the solver's answer is kept")

    status, got = get_json("/health")
    t.check(status == 200 and got["status"] == "ok" and got["deal_results"] == 2, f"/health {got}")
    status, headers, body = get("/")
    t.check(status == 200 and "text/html" in headers.get("Content-Type", "") and "hilltb explorer" in body, "/ is the page")
    status, headers, body = get("/static/explorer.js")
    t.check(status == 200 and "javascript" in headers.get("Content-Type", ""), "/static/explorer.js")

    status, headers, text = server.get("/metrics")
    t.check(status == 200 and text.startswith("# HELP"), "/metrics in the Prometheus text format")
    samples = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, value = line.rsplit(" ", 1)
            samples[name] = float(value)
    t.check(all(re.fullmatch(r'[a-z_]+(\{[a-z_]+="[^"]*"(,[a-z_]+="[^"]*")*\})?', n) for n in samples),
            "every sample name and label set is well formed")
    for (endpoint, status), n in asked.items():
        known = ["/", "/health", "/qoth/deal"] + [f"/{v}" for v in POSITIONS] + [f"/{v}/mainline" for v in POSITIONS]
        label = endpoint if endpoint in known else "other"
        if label == "other":
            continue  # several paths count under it
        got = samples.get(f'hilltb_http_requests_total{{endpoint="{label}",status="{status}"}}')
        t.check(got == n, f"requests_total for {label} {status}: {got}, asked {n}")
    koth_ok = asked[("/koth", 200)]
    t.check(samples.get('hilltb_http_request_duration_seconds_count{endpoint="/koth"}', 0) >= koth_ok,
            "the latency histogram counts the /koth requests")
    t.check(samples.get('hilltb_tables_open{tables="koth"}', 0) > 0, "tables open for koth")
    t.check(samples.get('hilltb_block_cache_misses_total{tables="koth"}', 0) > 0, "block cache misses counted")
    t.check(samples.get('hilltb_block_cache_hits_total{tables="koth"}', 0) > 0, "block cache hits counted")
t.finish()
