"""hilltb serve keeps serving through abuse, and its memory stays flat.

Usage: serve_abuse_test.py HILLTB TABLES

Loopback only, bounded in count and time: rounds of random-byte requests, malformed
and random FENs, oversized request lines, headers and bodies, and idle or half-sent
connections. After each round valid requests must still get their right answers (those
of `hilltb probe --json`), and the server's resident memory may not grow from the first
round's end to the last's by more than a few MiB.
"""
import json
import random
import socket
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from serve_helper import Checks, Server, cli_json, deadline, query_fen

hilltb, tables = sys.argv[1:3]
ROUNDS = 4
GROWTH_LIMIT_KIB = 8 * 1024
VALID = [("koth", "8/8/8/8/8/2k5/8/KQ6 w - - 0 1"), ("koth", "8/8/3k4/8/8/8/1P6/K7 w - - 0 1"),
         ("chess", "8/8/8/8/8/2k5/8/KR6 w - - 0 1"), ("qoth", "8/8/2x2x2/4*3/8/2x2x2/8/KQ4r1 w")]
rng = random.Random(38)
in_time = deadline(240)


def exchange(port, data, shut=True, timeout=5.0):
    """Sends raw bytes and reads until the server closes or goes quiet; returns the reply."""
    s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    reply = b""
    try:
        s.sendall(data)
        if shut:
            s.shutdown(socket.SHUT_WR)
        while True:
            chunk = s.recv(65536)
            if not chunk:
                break
            reply += chunk
    except OSError:  # a timeout, or the server closing first (as it may on garbage)
        pass
    finally:
        s.close()
    return reply


def status_of(reply):
    try:
        return int(reply.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return None


def random_fen():
    alphabet = "pnbrqkPNBRQKx*12345678/ wb-_0123456789abcdefgh"
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 90)))


def request(target, extra=b""):
    return b"GET " + target.encode() + b" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n" + extra + b"\r\n"


t = Checks()
with Server(hilltb, tables, "--threads", "8") as server:
    port = server.port
    want = {(v, f): cli_json(hilltb, tables, "probe", v, f) for v, f in VALID}

    def valid_still_answered(when):
        ok = True
        for (variant, fen), answer in want.items():
            status, got = server.get_json(f"/{variant}?fen={query_fen(fen)}")
            ok &= status == 200 and got == answer
        t.check(ok, f"valid requests answered correctly {when}")

    # Answered with a JSON error: malformed and random FENs, unknown paths, long queries.
    def bad_http(i):
        kind = i % 4
        if kind == 0:
            target = f"/{rng.choice(['koth', 'chess', 'qoth'])}?fen={query_fen(random_fen()).replace('#', '')}"
        elif kind == 1:
            target = "/" + "".join(rng.choice("abcdefghijklmnopqrstuvwxyz/._-%") for _ in range(rng.randint(1, 60)))
        elif kind == 2:
            target = "/koth?fen=" + "8" * rng.randint(1100, 6000)
        else:
            target = "/qoth/deal?setup=" + "".join(rng.choice("0123456789:KQRBNkqrbnx") for _ in range(rng.randint(0, 20)))
        target = target.replace(" ", "_").replace("#", "").replace("%", "%25")
        reply = exchange(port, request(target), shut=False)
        status = status_of(reply)
        body = reply.split(b"\r\n\r\n", 1)[-1]
        try:
            parsed = json.loads(body)
        except ValueError:
            return f"not JSON for {target[:80]}: {reply[:200]!r}"
        if status == 200:
            # A random text can be a position (or a deal), whose answer is 200.
            return None if "category" in parsed else f"200 without a category for {target[:80]}"
        if status not in (400, 404, 414) or "error" not in parsed:
            return f"status {status} for {target[:80]}: {reply[:200]!r}"
        return None

    # Anything at all: random bytes, oversized headers and bodies, unknown methods.
    def garbage(i):
        kind = i % 5
        if kind == 0:
            data = bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 2048)))
        elif kind == 1:
            data = request("/koth?fen=8/8/8/8/8/2k5/8/KQ6_w_-_-_0_1", b"X-Big: " + b"a" * rng.randint(9000, 70000) + b"\r\n")
        elif kind == 2:
            data = b"GET /koth HTTP/1.1\r\nContent-Length: 100000000\r\n\r\n" + b"x" * 4096
        elif kind == 3:
            data = rng.choice([b"FOO / HTTP/1.1\r\n\r\n", b"GET\r\n\r\n", b"\r\n\r\n", b"GET / HTTP/9.9\r\n\r\n",
                               b"GET /koth?fen=%zz HTTP/1.1\r\n\r\n", b"GET " + b"/x" * 5000 + b" HTTP/1.1\r\n\r\n"])
        else:
            data = request("/health", b"".join(b"H%d: v\r\n" % n for n in range(rng.randint(50, 400))))
        exchange(port, data)
        return None

    # Connections that send nothing or half a request, then wait.
    def idle(i):
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        try:
            if i % 2:
                s.sendall(b"GET /koth?fen=8/8/8/8")
            time.sleep(rng.uniform(0.1, 1.0))
        finally:
            s.close()
        return None

    valid_still_answered("at the start")
    with ThreadPoolExecutor(16) as pool:
        for _ in range(100):  # warm-up: every table and thread in use once
            list(pool.map(lambda vf: server.get(f"/{vf[0]}?fen={query_fen(vf[1])}"), VALID))
        rss = []
        for r in range(ROUNDS):
            if not in_time():
                t.check(False, "the rounds fit in their time")
                break
            faults = [f for f in pool.map(bad_http, range(1500)) if f]
            t.check(not faults, f"round {r + 1}: 1,500 bad requests each answered by a JSON error"
                    + (f" ({len(faults)} not: {faults[:3]})" if faults else ""))
            list(pool.map(garbage, range(1000)))
            t.check(server.proc.poll() is None, f"round {r + 1}: alive after 1,000 garbage requests")
            list(pool.map(idle, range(64)))
            valid_still_answered(f"after round {r + 1}")
            rss.append(server.rss_kib())
            print(f"round {r + 1}: resident memory {rss[-1]} KiB")
    # Connections left open: the server's read timeout frees their workers.
    held = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(32)]
    started = time.monotonic()
    valid_still_answered("while 32 connections sit idle")
    waited = time.monotonic() - started
    t.check(waited < 20, f"answered in {waited:.1f} s beside 32 idle connections (each holds a worker up to 2 s)")
    for s in held:
        s.close()
    if len(rss) == ROUNDS:
        t.check(rss[-1] - rss[0] <= GROWTH_LIMIT_KIB,
                f"memory flat: {rss[0]} KiB after round 1, {rss[-1]} KiB after round {ROUNDS} (limit +{GROWTH_LIMIT_KIB} KiB)")
t.finish()
