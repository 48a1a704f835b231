#!/usr/bin/env python3
"""Benchmark `todo ready` on a plan with dependency links.

    benches/ready.py [--runs R] [--big N] [--links L]

Generates (benches/gen.py) a 1,000-task plan with 500 links and an
N-task plan (default 100,000) with L links (default 50,000), each link a
task needing an earlier one; then times whole `todo ready` processes on
both, and `todo show` on the 1,000-task plan, R runs each (default 20;
reads only, so nothing is restored between runs), and prints the medians
and the growth from 1,000 to N tasks (README, "Performance": at most 120x
for 100x the tasks).

Environment: TODO_BIN uses this todo binary instead of
`cargo build --release --locked`. Python 3 standard library only.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def todo_bin():
    if os.environ.get("TODO_BIN"):
        return os.path.realpath(os.environ["TODO_BIN"])
    subprocess.run(["cargo", "build", "--release", "--locked", "--quiet"], cwd=ROOT, check=True)
    return os.path.join(ROOT, "target", "release", "todo")


def plan(out, tasks, links):
    subprocess.run(
        [sys.executable, os.path.join(HERE, "gen.py"), "--tasks", str(tasks),
         "--links", str(links), "--no-peers", "--out", out],
        check=True,
    )
    return os.path.join(out, "todo")


def median_ms(todo, cwd, args, runs, env):
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([todo, *args], cwd=cwd, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
        if done.returncode not in (0, 1):
            raise SystemExit(f"todo {' '.join(args)} exited {done.returncode} in {cwd}")
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--big", type=int, default=100_000)
    ap.add_argument("--links", type=int, default=50_000)
    args = ap.parse_args()
    todo = todo_bin()
    with tempfile.TemporaryDirectory() as d:
        env = dict(os.environ, TODO_HISTORY_DIR=os.path.join(d, "history"))
        env.pop("TODO_FILE", None)
        small = plan(os.path.join(d, "small"), 1000, 500)
        big = plan(os.path.join(d, "big"), args.big, args.links)
        ready = subprocess.run([todo, "ready"], cwd=big, env=env, capture_output=True, text=True)
        count = len(ready.stdout.splitlines())
        rows = [
            ("show, 1,000 tasks", median_ms(todo, small, ["show"], args.runs, env)),
            ("ready, 1,000 tasks, 500 links", median_ms(todo, small, ["ready"], args.runs, env)),
            (f"ready, {args.big:,} tasks, {args.links:,} links",
             median_ms(todo, big, ["ready"], args.runs, env)),
        ]
    for name, ms in rows:
        print(f"{name:40} {ms:9.2f} ms")
    print(f"{'tasks ready in the big plan':40} {count:9d}")
    print(f"{'growth, ready 1,000 -> ' + format(args.big, ','):40} {rows[2][1] / rows[1][1]:9.1f}x")
    print(f"{'growth, show 1,000 -> ready ' + format(args.big, ','):40} {rows[2][1] / rows[0][1]:9.1f}x")


if __name__ == "__main__":
    main()
