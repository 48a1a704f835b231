#!/usr/bin/env python3
"""Make the three versions of a plan that `todo merge-file` merges.

    merge_sides.py PLAN OUT_DIR [--changes N] [--seed S]

writes OUT_DIR/base.json (PLAN as is), OUT_DIR/ours.json and
OUT_DIR/theirs.json: each side makes N changes of its own to disjoint tasks,
as two branches would — a quarter each: tasks completed, tasks renamed,
tasks removed, tasks appended to the last phase (under ids of their own, as
two branches mint them). Python 3 standard library only.
"""

import argparse
import copy
import json
import os
import random


def side(base, picks, name, changes):
    plan = copy.deepcopy(base)
    quarter = max(1, changes // 4)
    tasks = {t["id"]: t for p in plan["phases"] for t in p["tasks"]}
    done, renamed, removed = picks[:quarter], picks[quarter:2 * quarter], picks[2 * quarter:3 * quarter]
    for tid in done:
        tasks[tid]["status"] = "completed"
        tasks[tid].pop("blocker", None)
    for tid in renamed:
        tasks[tid]["content"] += f" ({name} edit)"
    gone = set(removed)
    for p in plan["phases"]:
        p["tasks"] = [t for t in p["tasks"] if t["id"] not in gone]
    n = 1 + max((int(t["id"][1:]) for p in plan["phases"] for t in p["tasks"] if t["id"][1:].isdigit()), default=0)
    for i in range(changes - 3 * quarter):
        plan["phases"][-1]["tasks"].append(
            {"id": f"t{n + i}{name[0]}", "content": f"New on {name} {i}", "status": "pending"})
    return plan


def layout(plan):
    """The plan as todo writes it (README, "The file format", version 2):
    what git hands the driver."""
    def unit(t):
        fields = [(k, t[k]) for k in ("content", "status", "blocker", "droppedBy", "notes") if k in t]
        inner = ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in fields)
        return f'      {{ "id": {json.dumps(t["id"])},\n        {inner} }}\n\n'
    phases = []
    for p in plan["phases"]:
        phases.append(f'    {{ "id": {json.dumps(p["id"])}, "tasks": [\n\n'
                      + "      ,\n".join(unit(t) for t in p["tasks"])
                      + f'    ], "name": {json.dumps(p["name"], ensure_ascii=False)} }}\n\n')
    return '{\n  "version": 2,\n  "phases": [\n\n' + "    ,\n".join(phases) + "  ]\n}\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("plan")
    ap.add_argument("out")
    ap.add_argument("--changes", type=int, default=100)
    ap.add_argument("--seed", type=int, default=11)
    a = ap.parse_args()
    base = json.load(open(a.plan, encoding="utf-8"))
    rng = random.Random(a.seed)
    ids = [t["id"] for p in base["phases"] for t in p["tasks"]]
    picks = rng.sample(ids, min(len(ids), 2 * a.changes))
    half = len(picks) // 2
    os.makedirs(a.out, exist_ok=True)
    for name, plan in (("base", base),
                       ("ours", side(base, picks[:half], "ours", a.changes)),
                       ("theirs", side(base, picks[half:], "theirs", a.changes))):
        with open(os.path.join(a.out, f"{name}.json"), "w", encoding="utf-8") as f:
            f.write(layout(plan))


if __name__ == "__main__":
    main()
