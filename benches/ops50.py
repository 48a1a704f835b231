#!/usr/bin/env python3
"""The 50-op batch an agent sends (`todo apply --ops FILE`), for the last 50
pending tasks of PLAN: 25 done, 15 notes, 5 blocks, 5 drops, by id; no adds
(an agent may not grow a plan past 300 tasks). Used by compare.sh and
versus.sh.

    benches/ops50.py PLAN OUT
"""
import json
import sys

plan = json.load(open(sys.argv[1]))
ids = [t["id"] for p in plan["phases"] for t in p["tasks"] if t["status"] == "pending"][-50:]
ops = [{"op": "done", "task": i} for i in ids[:25]]
ops += [{"op": "note", "id": i, "text": "checked by the agent"} for i in ids[25:40]]
ops += [{"op": "block", "task": i, "reason": "waits for review"} for i in ids[40:45]]
ops += [{"op": "drop", "task": i} for i in ids[45:50]]
json.dump(ops, open(sys.argv[2], "w"))
