#!/usr/bin/env python3
"""The Snakemake workflow against a plain `hilltb gen`, end to end.

    check_workflow.py HILLTB SNAKEFILE WORKDIR VARIANT PIECES [snakemake options...]

Makes the set up to PIECES with one `hilltb gen` (WORKDIR/plain), checks the plan's
JSON graph against it (every child listed earlier, the files and index sizes as `hilltb
info` reports them), runs the workflow (WORKDIR/workflow; `--cores 2` unless options
are given), and requires the same files byte for byte. Then removes a table in the
middle of the graph and every table made from it, as a stopped run leaves the folder,
and runs the workflow again: those alone are made again (the others keep their
modification times), again byte for byte.
"""
import filecmp
import json
import os
import shutil
import subprocess
import sys
import time


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def run(command, **kwargs):
    print("+ " + " ".join(command), flush=True)
    return subprocess.run(command, check=True, **kwargs)


def files_under(folder):
    found = {}
    for root, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(root, name)
            found[os.path.relpath(path, folder)] = path
    return found


def same_files(expected_dir, actual_dir):
    expected, actual = files_under(expected_dir), files_under(actual_dir)
    if sorted(expected) != sorted(actual):
        fail(f"files differ: {sorted(set(expected) ^ set(actual))}")
    for name in expected:
        if not filecmp.cmp(expected[name], actual[name], shallow=False):
            fail(f"{name} differs from the plain gen's")
    print(f"{len(expected)} files identical to the plain gen's", flush=True)


def check_plan(hilltb, variant, pieces, plain):
    plan = json.loads(run([hilltb, "gen", "--plan", "--format", "json", "--variant", variant,
                           "--pieces", str(pieces), "--tables", plain],
                          capture_output=True, text=True).stdout)
    tables = plan["tables"]
    seen = set()
    for t in tables:
        for child in t["children"]:
            if child not in seen:
                fail(f"{t['material']} comes before its child {child}")
        seen.add(t["material"])
        if not t["on_disk"]:
            fail(f"{t['material']} is not reported on disk after gen made it")
        if t["mem_mb"] <= 0 or t["runtime"] <= 0 or t["threads"] <= 0 or t["seconds"] <= 0:
            fail(f"{t['material']} has no resources: {t}")
    on_disk = {os.path.relpath(p, plain) for p in files_under(plain).values()}
    listed = {f for t in tables for f in t["files"]}
    if listed != on_disk:
        fail(f"plan files differ from gen's: {sorted(listed ^ on_disk)}")
    # `hilltb info` columns: material ... index (the 8th).
    info = run([hilltb, "info", "--variant", variant, "--tables", plain], capture_output=True, text=True).stdout
    index = {}
    for line in info.splitlines()[1:]:
        if line.startswith("#"):
            continue
        fields = line.split()
        index[fields[0]] = index.get(fields[0], 0) + int(fields[7])
    for t in tables:
        if index.get(t["material"]) != t["index_positions"]:
            fail(f"{t['material']}: plan {t['index_positions']} index positions, info {index.get(t['material'])}")
    print(f"plan: {len(tables)} tables in dependency order, sizes as info reports them", flush=True)
    return tables


def main():
    hilltb, snakefile, workdir, variant, pieces = sys.argv[1:6]
    options = sys.argv[6:] or ["--cores", "2"]
    hilltb, snakefile, workdir = (os.path.abspath(p) for p in (hilltb, snakefile, workdir))
    shutil.rmtree(workdir, ignore_errors=True)
    os.makedirs(workdir)
    plain, made = os.path.join(workdir, "plain"), os.path.join(workdir, "workflow")

    start = time.monotonic()
    run([hilltb, "gen", "--quiet", "--variant", variant, "--pieces", pieces, "--tables", plain])
    print(f"plain gen: {time.monotonic() - start:.1f} s", flush=True)
    tables = check_plan(hilltb, variant, pieces, plain)

    workflow = ["snakemake", "-s", snakefile, "--quiet", *options, "--config", f"tables={made}",
                f"variant={variant}", f"pieces={pieces}", f"hilltb={hilltb}"]
    start = time.monotonic()
    run(workflow, cwd=workdir)
    print(f"workflow: {time.monotonic() - start:.1f} s", flush=True)
    same_files(plain, made)

    # Resuming, as after a run stopped: a table in the middle of the graph missing, with
    # every table made from it; those alone are made again.
    middle = next(t for t in tables if t["children"] and any(t["material"] in u["children"] for u in tables))
    above = {middle["material"]}
    for t in tables:  # dependency order: a table's children come before it
        if above & set(t["children"]):
            above.add(t["material"])
    removed = [f for t in tables if t["material"] in above for f in t["files"]]
    before = {name: os.stat(path).st_mtime_ns for name, path in files_under(made).items()}
    for f in removed:
        os.remove(os.path.join(made, f))
    run(workflow, cwd=workdir)
    after = {name: os.stat(path).st_mtime_ns for name, path in files_under(made).items()}
    remade = sorted(name for name in after if after[name] != before.get(name))
    if remade != sorted(removed):
        fail(f"resuming made {remade}, not just the removed {sorted(removed)}")
    same_files(plain, made)
    print(f"resumed: made the {len(remade)} removed files again and kept the other {len(after) - len(remade)}",
          flush=True)


if __name__ == "__main__":
    main()
