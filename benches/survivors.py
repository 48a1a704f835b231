#!/usr/bin/env python3
"""After the concurrency test: how many of the 20 targeted tasks are completed?

    survivors.py TOOL SIZE_DIR

Prints "<kept><TAB><note>", where the note flags damage beyond lost updates
(tasks missing or duplicated, a file that no longer parses). Reads the data
files directly so that no tool gets a chance to repair them first.
"""

import json
import os
import re
import sys


def main():
    tool, d = sys.argv[1], sys.argv[2]
    meta = json.load(open(os.path.join(d, "gen", "meta.json")))
    targets = meta["concurrent"]
    n = meta["tasks"]
    work = os.path.join(d, "work")
    notes = []
    kept = 0
    if tool == "todo":
        try:
            plan = json.load(open(os.path.join(work, "todo", ".todo.json")))
        except ValueError as e:
            print(f"0\tplan file unreadable: {e}")
            return
        status = {t["id"]: t["status"] for p in plan["phases"] for t in p["tasks"]}
        kept = sum(status.get(t["todo_id"]) == "completed" for t in targets)
        if len(status) != n:
            notes.append(f"{len(status)} tasks in the file, expected {n}")
        if plan.get("rev") != 1 + kept:
            notes.append(f"rev {plan.get('rev')}")
    elif tool == "task":
        status = {}
        count = 0
        for name in ("pending.data", "completed.data"):
            path = os.path.join(work, "task", name)
            if not os.path.exists(path):
                continue
            for line in open(path, encoding="utf-8", errors="replace"):
                u = re.search(r'uuid:"([^"]+)"', line)
                s = re.search(r'status:"([^"]+)"', line)
                if u and s:
                    count += 1
                    status[u.group(1)] = s.group(1)
        kept = sum(status.get(t["uuid"]) == "completed" for t in targets)
        if count != n:
            notes.append(f"{count} task records, expected {n}")
    elif tool == "todo.txt":
        lines = open(os.path.join(work, "todotxt", "todo.txt"), encoding="utf-8", errors="replace").read().splitlines()
        for t in targets:
            hit = [l for l in lines if t["content"] + " +" in l]
            if any(l.startswith("x ") for l in hit):
                kept += 1
        if len(lines) != n:
            notes.append(f"{len(lines)} lines, expected {n}")
    else:
        raise SystemExit(f"unknown tool {tool}")
    print(f"{kept}\t{'; '.join(notes)}")


if __name__ == "__main__":
    main()
