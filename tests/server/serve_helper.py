"""Starts `hilltb serve` on a free loopback port for a test, and asks it things."""
import http.client
import json
import os
import re
import subprocess
import sys
import time


class Server:
    """`hilltb serve --port 0` on 127.0.0.1, stopped (SIGTERM) when the block ends."""

    def __init__(self, hilltb, tables, *args):
        self.cmd = [hilltb, "serve", "--tables", tables, "--port", "0", *args]

    def __enter__(self):
        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            self.proc.kill()
            sys.exit(f"the server did not say where it listens: {line!r}")
        self.port = int(match.group(1))
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        try:
            code = self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            sys.exit("the server did not stop on SIGTERM within 20 s")
        if exc[0] is None and code != 0:
            sys.exit(f"the server exited with status {code} on SIGTERM")

    def get(self, target, method="GET"):
        """(status, headers, body text) of one request on a fresh connection."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:
            conn.request(method, target)
            res = conn.getresponse()
            return res.status, dict(res.getheaders()), res.read().decode()
        finally:
            conn.close()

    def get_json(self, target):
        status, headers, body = self.get(target)
        return status, json.loads(body)

    def rss_kib(self):
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        raise RuntimeError("no VmRSS")


def cli_json(hilltb, tables, command, variant, fen):
    """The one JSON line `hilltb probe|line --json` prints for a FEN."""
    out = subprocess.run([hilltb, command, "--json", "--variant", variant, "--tables", tables, fen],
                         capture_output=True, text=True, timeout=60)
    return json.loads(out.stdout.splitlines()[0])


def query_fen(fen):
    """A FEN in a query, spaces written '_' as lichess takes them."""
    return fen.replace(" ", "_")


class Checks:
    """Counts failed checks and says what each was; the exit status follows them."""

    def __init__(self):
        self.failed = 0

    def check(self, ok, what):
        print(("ok    " if ok else "FAIL  ") + what)
        if not ok:
            self.failed += 1

    def finish(self):
        print(f"{self.failed} check(s) failed" if self.failed else "all checks passed")
        sys.exit(1 if self.failed else 0)


def deadline(seconds):
    end = time.monotonic() + seconds
    return lambda: time.monotonic() < end
