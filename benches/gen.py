#!/usr/bin/env python3
"""Generate one benchmark plan in three formats from the same tasks.

    gen.py --tasks N --out DIR [--seed S] [--phases P] [--no-peers] [--links L]

writes
    DIR/todo/.todo.json      the plan file of docs/contract.md, "The plan file", written directly
    DIR/task/import.json     the same tasks for `task import`
    DIR/todotxt/todo.txt     the same tasks as todo.txt lines
    DIR/meta.json            which tasks the harness targets, per tool

Content is built from a shared vocabulary (so words repeat across tasks, as
they do in real plans) and made unique. Status mix follows a plan in flight:
early phases mostly finished, late phases mostly pending, some blocked and
abandoned work everywhere, exactly one task in progress.

Three kinds of task are planted so the harness has stable targets:
  * the "needle": the only task containing the word NEEDLE_WORD (done by text,
    and, misspelled as TYPO_QUERY, the typo-tolerant fallback);
  * the "by id" task: a pending task about two thirds in (done by id);
  * 20 pending tasks for the concurrency test.
With --links L, L dependency links are added to the todo plan: each a task
needing a task before it in plan order (so they make no cycle), at random
(README, "Dependencies and claims"). The peers' files have no such thing.
Python 3 standard library only.
"""

import argparse
import json
import os
import random
import uuid

NEEDLE_WORD = "zeppelin"
NEEDLE_CONTENT = "Calibrate the zeppelin mooring sensors before the staging demo"
# One letter left out: no task contains it, so the exact and substring steps of
# the matching steps (docs/contract.md, "Matching a query") find nothing and todo falls through to typo tolerance.
TYPO_QUERY = "zepelin"
APPEND_CONTENT = "Write the benchmark follow-up notes for the release review"

AREAS = [
    "Auth", "Billing", "Search", "Onboarding", "Notifications", "Payments",
    "Reporting", "Infra", "Mobile", "Docs", "API", "Dashboard", "Admin",
    "Analytics", "Security", "Performance", "Storage", "Release", "Checkout",
    "Accessibility", "Localization", "Integrations", "Observability", "Support",
]

VERBS = [
    "Add", "Fix", "Refactor", "Migrate", "Document", "Test", "Review", "Remove",
    "Update", "Wire", "Cache", "Rotate", "Validate", "Benchmark", "Deploy",
    "Audit", "Split", "Rename", "Backfill", "Monitor", "Harden", "Simplify",
]

OBJECTS = [
    "the login form", "OAuth providers", "webhook retries", "the invoice PDF export",
    "signing keys", "the search index", "the rate limiter", "session lookups",
    "the users table", "email templates", "feature flags", "the CSV import",
    "the dark mode toggle", "push notification tokens", "the billing cron job",
    "password reset links", "the checkout flow", "API pagination", "audit log entries",
    "the onboarding checklist", "S3 upload URLs", "the GraphQL schema",
    "database connection pooling", "the admin user list", "currency rounding",
    "timezone handling", "the mobile deep links", "error boundaries",
    "the metrics dashboard", "background job queues", "SSO group mapping",
    "the refund endpoint", "translation strings", "image thumbnails",
    "the changelog generator", "flaky end-to-end tests", "the Docker base image",
    "TLS certificates", "the cookie consent banner", "report exports",
]

QUALIFIERS = [
    "for Safari", "on mobile", "behind a feature flag", "in staging",
    "for EU customers", "after the v2 migration", "with retries",
    "for large accounts", "before the launch", "in the worker pool",
    "for the enterprise plan", "on slow networks", "under load",
    "for screen readers", "in the nightly build", "for the public API",
    "without downtime", "for read replicas", "in the self-hosted edition",
    "per tenant", "", "", "", "",
]

BLOCKERS = [
    "vendor sandbox", "waiting on legal review", "needs design sign-off",
    "blocked by the v2 migration", "upstream library bug", "access to prod logs",
]


def phase_count(tasks):
    """10 phases for 100 tasks, 46 for 1,000, 215 for 10,000, 1,000 for
    100,000: phases grow as n^(2/3), so phases get longer as plans grow."""
    return max(1, min(1000, round(10 * (tasks / 100) ** (2 / 3))))


def build(n, seed, n_phases=None):
    rng = random.Random(seed)
    n_phases = n_phases or phase_count(n)
    phases = []
    used_names = {}
    for i in range(n_phases):
        area = AREAS[i % len(AREAS)]
        k = used_names.get(area, 0) + 1
        used_names[area] = k
        name = area if k == 1 else f"{area} {k}"
        phases.append({"name": name, "slug": name.replace(" ", ""), "tasks": []})

    seen = set()
    ticket = 1000
    # Spread n tasks over the phases as evenly as possible, in plan order.
    base, extra = divmod(n, n_phases)
    order = []
    for pi in range(n_phases):
        for _ in range(base + (1 if pi < extra else 0)):
            order.append(pi)
    for pos, pi in enumerate(order):
        while True:
            q = rng.choice(QUALIFIERS)
            text = f"{rng.choice(VERBS)} {rng.choice(OBJECTS)}" + (f" {q}" if q else "")
            if rng.random() < 0.3 or text in seen:
                ticket += rng.randint(1, 7)
                text = f"{text} (#{ticket})"
            if text not in seen and NEEDLE_WORD not in text.lower():
                break
        seen.add(text)
        frac = pos / n
        r = rng.random()
        if frac < 0.45:
            status = "completed" if r < 0.88 else "abandoned" if r < 0.95 else "blocked" if r < 0.97 else "pending"
        elif frac < 0.6:
            status = "completed" if r < 0.4 else "abandoned" if r < 0.45 else "blocked" if r < 0.55 else "pending"
        else:
            status = "pending" if r < 0.88 else "blocked" if r < 0.93 else "abandoned" if r < 0.97 else "completed"
        task = {"content": text, "status": status}
        if status == "blocked" and rng.random() < 0.8:
            task["blocker"] = rng.choice(BLOCKERS)
        if status == "abandoned" and rng.random() < 0.7:
            task["droppedBy"] = "user"
        phases[pi]["tasks"].append(task)

    flat = [(pi, ti) for pi, p in enumerate(phases) for ti in range(len(p["tasks"]))]

    def pending_near(frac, taken):
        start = int(frac * len(flat))
        for k in list(range(start, len(flat))) + list(range(0, start)):
            pi, ti = flat[k]
            t = phases[pi]["tasks"][ti]
            if t["status"] == "pending" and (pi, ti) not in taken:
                return (pi, ti)
        raise SystemExit("no pending task left to target")

    taken = set()
    # Exactly one in progress: the first pending task (what `todo` would pick).
    first = pending_near(0.0, taken)
    phases[first[0]]["tasks"][first[1]]["status"] = "in_progress"
    taken.add(first)
    needle = pending_near(0.8, taken)
    taken.add(needle)
    t = phases[needle[0]]["tasks"][needle[1]]
    t["content"] = NEEDLE_CONTENT
    by_id = pending_near(0.67, taken)
    taken.add(by_id)
    conc = []
    for k in range(20):
        c = pending_near(0.62 + 0.3 * k / 20, taken)
        taken.add(c)
        conc.append(c)
    return phases, flat, needle, by_id, conc


def link(phases, links, seed):
    """Add `links` distinct needs, each from a task to one before it."""
    tasks = [t for p in phases for t in p["tasks"]]
    n = len(tasks)
    most = n * (n - 1) // 2
    if links > most:
        raise SystemExit(f"gen.py: {n} tasks hold at most {most} links")
    rng = random.Random(seed + 2)
    made = 0
    while made < links:
        i = rng.randrange(1, n)
        j = rng.randrange(0, i)
        needs = tasks[i].setdefault("needs", set())
        if j not in needs:
            needs.add(j)
            made += 1


def write_todo(path, phases):
    """The plan file as todo writes it (README, "The file format"): version
    2, each task an id line and a fields line, a blank line after it and a
    comma line before all but the first; a phase opens with its id and
    closes with its name."""
    tid = 0
    body = []
    for pi, p in enumerate(phases):
        units = []
        for t in p["tasks"]:
            tid += 1
            t["todo_id"] = f"t{tid}"
            fields = [("content", t["content"]), ("status", t["status"])]
            if "blocker" in t:
                fields.append(("blocker", t["blocker"]))
            if "droppedBy" in t:
                fields.append(("droppedBy", t["droppedBy"]))
            if t.get("needs"):
                fields.append(("needs", [f"t{k + 1}" for k in sorted(t["needs"])]))
            inner = ", ".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in fields)
            units.append(f'      {{ "id": "{t["todo_id"]}",\n        {inner} }}\n\n')
        body.append(
            f'    {{ "id": "p{pi + 1}", "tasks": [\n\n'
            + "      ,\n".join(units)
            + f'    ], "name": {json.dumps(p["name"], ensure_ascii=False)} }}\n\n'
        )
    text = '{\n  "version": 2,\n  "phases": [\n\n' + "    ,\n".join(body) + "  ]\n}\n"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


ENTRY = "20250101T090000Z"
END = "20250201T170000Z"


def write_task(path, phases, seed):
    rng = random.Random(seed + 1)
    out = []
    pending_id = 0
    for p in phases:
        for t in p["tasks"]:
            u = str(uuid.UUID(int=rng.getrandbits(128), version=4))
            t["uuid"] = u
            rec = {"uuid": u, "description": t["content"], "entry": ENTRY, "project": p["slug"]}
            st = t["status"]
            if st in ("pending", "in_progress", "blocked"):
                rec["status"] = "pending"
                pending_id += 1
                t["task_id"] = pending_id  # working-set id: pending tasks in file order
                if st == "in_progress":
                    rec["start"] = ENTRY
                if st == "blocked":
                    rec["tags"] = ["blocked"]
                    if "blocker" in t:
                        rec["annotations"] = [{"entry": ENTRY, "description": t["blocker"]}]
            elif st == "completed":
                rec.update(status="completed", end=END)
            else:
                rec.update(status="deleted", end=END)
            out.append(rec)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False)
        f.write("\n")


def write_todotxt(path, phases):
    lines = []
    for p in phases:
        for t in p["tasks"]:
            st = t["status"]
            text = f"{t['content']} +{p['slug']}"
            if st == "completed":
                line = f"x 2025-02-01 2025-01-01 {text}"
            elif st == "abandoned":
                # todo.txt has no "dropped": finished, tagged so it can be told apart.
                line = f"x 2025-02-01 2025-01-01 {text} @dropped"
            elif st == "in_progress":
                line = f"(A) 2025-01-01 {text}"
            elif st == "blocked":
                line = f"2025-01-01 {text} @blocked"
            else:
                line = f"2025-01-01 {text}"
            lines.append(line)
            t["line"] = len(lines)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--no-peers", action="store_true", help="write only the todo plan")
    ap.add_argument("--links", type=int, default=0,
                    help="dependency links to add to the todo plan (each to an earlier task)")
    ap.add_argument("--phases", type=int, default=None,
                    help="number of phases (default grows as n^(2/3); 1 puts every task in one phase)")
    args = ap.parse_args()

    phases, flat, needle, by_id, conc = build(args.tasks, args.seed, args.phases)
    if args.links:
        link(phases, args.links, args.seed)
    write_todo(os.path.join(args.out, "todo", ".todo.json"), phases)
    if not args.no_peers:
        write_task(os.path.join(args.out, "task", "import.json"), phases, args.seed)
        write_todotxt(os.path.join(args.out, "todotxt", "todo.txt"), phases)

    def info(pt):
        t = phases[pt[0]]["tasks"][pt[1]]
        return {
            "content": t["content"],
            "todo_id": t["todo_id"],
            "task_id": t.get("task_id"),
            "uuid": t.get("uuid"),
            "line": t.get("line"),
        }

    counts = {}
    for p in phases:
        for t in p["tasks"]:
            counts[t["status"]] = counts.get(t["status"], 0) + 1
    meta = {
        "tasks": args.tasks,
        "phases": len(phases),
        "statuses": counts,
        "needle_word": NEEDLE_WORD,
        "typo_query": TYPO_QUERY,
        "append_content": APPEND_CONTENT,
        "last_slug": phases[-1]["slug"],
        "needle": info(needle),
        "by_id": info(by_id),
        "concurrent": [info(c) for c in conc],
    }
    with open(os.path.join(args.out, "meta.json"), "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
