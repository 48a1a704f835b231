#!/usr/bin/env python3
"""Turn the raw results of compare.sh into the Markdown of RESULTS.md.

    report.py RESULTS_DIR --base 1000 --max 100000 --conc 1000

Reads hyperfine's JSON exports (RESULTS_DIR/<size>-<op>.json, startup.json),
status.tsv (what was run and why something was not), memory.tsv,
concurrency.tsv, versions.tsv and machine.tsv. Standard library only.
"""

import argparse
import glob
import json
import os
import re
import statistics

TOOLS = ["todo", "task", "todo.txt"]
TOOL_NAMES = {"todo": "todo", "task": "taskwarrior", "todo.txt": "todo.txt"}
OPS = [
    ("show", "show all"),
    ("append", "append one"),
    ("done_text", "done by text"),
    ("done_typo", "done by text, typo guess (exit 3, nothing written)"),
    ("done_id", "done by id"),
    ("export", "export to Markdown"),
    ("import", "import it back"),
]
MUTATING = {"append", "done_text", "done_typo", "done_id", "import"}
# Issue 11's scale cases (todo only; benches/compare.sh `scale`).
SCALE_OPS = [
    ("done_all_1p", "`todo done` (no argument)"),
    ("done_phase_1p", "`todo done <phase>`"),
    ("done_one_1p", "`todo done <one task>`"),
    ("merge_file", "`todo merge-file`"),
]
# The ops the per-call targets (≤ 0.3 × taskwarrior, ≤ 1.5 × floor) apply to.
TARGET_OPS = ["show", "append", "done_text", "done_id"]
PEER_NOTES = {
    ("task", "show"): "`task all`",
    ("task", "append"): "`task add … project:…`",
    ("task", "done_text"): "`task <word> done`",
    ("task", "done_id"): "`task <id> done`",
    ("task", "export"): "`task export` (JSON: no Markdown export)",
    ("task", "import"): "`task import <json>`",
    ("todo.txt", "show"): "`todo-txt ls`",
    ("todo.txt", "append"): "`todo-txt add … +project`",
    ("todo.txt", "done_id"): "`todo-txt do <line>`",
}


def load(res):
    """Pool the runs of every round: (size, op, tool) -> median wall time, and
    the mean CPU time (user + system) over the same runs."""
    times, cpu, bad = {}, {}, {}
    for path in glob.glob(os.path.join(res, "raw", "*.json")):
        name = os.path.basename(path)
        m = re.fullmatch(r"(\w+)-(\w+)(?:\+\w+)?\.r\d+-\d+\.json", name)
        if not m:
            continue
        for r in json.load(open(path))["results"]:
            if m.group(1) == "startup":
                key = ("startup", r["command"])
            else:
                key = (int(m.group(1)), m.group(2), r["command"])
            t = r.get("times") or [r["median"]]
            times.setdefault(key, []).extend(t)
            cpu.setdefault(key, []).append(((r["user"] + r["system"]), len(t)))
            codes = [c for c in r.get("exit_codes", []) if c not in (0, None)]
            if codes and key != ("startup", "todo.txt"):
                bad[key] = bad.get(key, 0) + len(codes)
    med = {k: statistics.median(v) for k, v in times.items()}
    runs = {k: len(v) for k, v in times.items()}
    cpu_mean = {k: sum(c * n for c, n in v) / sum(n for _, n in v) for k, v in cpu.items()}
    status = {}
    for line in open(os.path.join(res, "status.tsv"), encoding="utf-8"):
        size, op, tool, state, _cmd = line.rstrip("\n").split("\t", 4)
        status[(int(size), op.split("+")[0], tool)] = state
    return med, runs, cpu_mean, bad, status


def tsv(path):
    if not os.path.exists(path):
        return []
    return [line.rstrip("\n").split("\t") for line in open(path, encoding="utf-8") if line.strip()]


def ms(seconds):
    if seconds is None:
        return None
    v = seconds * 1000
    if v >= 100:
        return f"{v:.0f} ms"
    if v >= 10:
        return f"{v:.1f} ms"
    return f"{v:.2f} ms"


def ratio(a, b, digits=2):
    if a is None or b is None or b == 0:
        return "–"
    return f"{a / b:.{digits}f}×"


def k(n):
    return f"{n:,}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("res")
    ap.add_argument("--base", type=int, default=1000)
    ap.add_argument("--max", type=int, default=100000)
    ap.add_argument("--conc", type=int, default=1000)
    a = ap.parse_args()
    res = a.res
    med, runs, cpu, bad, status = load(res)
    sizes = sorted({s for (s, *_rest) in status})
    machine = dict(r[:2] for r in tsv(os.path.join(res, "machine.tsv")))
    versions = tsv(os.path.join(res, "versions.tsv"))
    filesize = {}
    for s in sizes:
        p = os.path.join(res, f"{s}-filesize")
        if os.path.exists(p):
            filesize[s] = int(open(p).read().strip())

    def get(s, op, tool):
        return med.get((s, op, tool))

    def cell(s, op, tool):
        v = get(s, op, tool)
        if v is not None:
            return ms(v)
        st = status.get((s, op, tool))
        return st if st else "–"

    def floor_rw(s):
        cp, mv = get(s, "floor_cp", "floor"), get(s, "floor_mv", "floor")
        return None if cp is None or mv is None else cp + mv

    def floor_for(s, op):
        return floor_rw(s) if op in MUTATING else get(s, "floor_cat", "floor")

    out = []
    w = out.append
    w("# Benchmark: todo vs taskwarrior vs todo.txt")
    w("")
    w("Produced by `benches/compare.sh` (issue 5). Whole processes timed with "
      "hyperfine (`-N`, no shell), medians; every mutating run starts from restored "
      "data (`--prepare`). Same generated tasks for every tool. Times in milliseconds.")
    w("")
    w(f"- Mode: {machine.get('mode', '?')}; the whole run took "
      f"{int(machine.get('elapsed', 0)) // 60} min {int(machine.get('elapsed', 0)) % 60} s.")
    w(f"- Machine: {machine.get('nproc', '?')} CPUs ({machine.get('cpu', '?')}), "
      f"{machine.get('kernel', '?')}, {machine.get('os', '?')}, scratch on "
      f"{machine.get('filesystem', '?').split(' ')[0]}; {machine.get('date', '?')}.")
    loads = [float(r[2]) for r in tsv(os.path.join(res, "load.tsv")) if len(r) > 2]
    if loads:
        w(f"- Load (1-minute average) over the rounds: {min(loads):.1f} to {max(loads):.1f} "
          f"on {machine.get('nproc', '?')} CPUs — the machine is shared; rounds are interleaved "
          "so that load falls on every tool alike.")
    w("- Versions: " + "; ".join(f"{v[1]}" for v in versions if len(v) > 1) + ".")
    w("- \"n/a (not built)\": the todo verb is a usage error in this build (it does not "
      "exist yet); other \"n/a\" cells say why a peer has no such operation.")
    w("- Every timed mutating run starts from the same data, restored and flushed "
      "(`cp` + `sync`) by hyperfine's `--prepare`, so no run competes with the "
      "writeback of the restore. todo's mutating verbs hold the lock and fsync the "
      "new plan before renaming it into place; the floors do neither.")
    w("")

    # ---- targets -------------------------------------------------------
    base, top = a.base, a.max
    checks = []  # (target, measured, ok or None, cross-check)

    def check(name, value, limit, fmt, unit="", cross="", nosync=""):
        if value is None:
            checks.append((name, "not measured", None, "", ""))
        else:
            checks.append((name, f"{fmt(value)}{unit} (limit {fmt(limit)}{unit})", value <= limit, cross, nosync))

    def nosync_ratio(s, op, denom):
        v = get(s, op, "todo-nosync")
        return "" if v is None or denom is None or denom == 0 else f"{v / denom:.2f}×"

    def cpu_ratio(a_key, b_keys):
        a_cpu = cpu.get(a_key)
        b_cpu = [cpu.get(b) for b in b_keys]
        if a_cpu is None or any(b is None for b in b_cpu) or sum(b_cpu) == 0:
            return ""
        return f"{a_cpu / sum(b_cpu):.2f}×"

    x2 = lambda v: f"{v:.2f}×"
    for op in TARGET_OPS:
        label = dict(OPS)[op]
        t, p = get(base, op, "todo"), get(base, op, "task")
        check(f"{label} ≤ 0.3 × taskwarrior ({k(base)} tasks)",
              None if t is None or p is None else t / p, 0.3, x2,
              cross=cpu_ratio((base, op, "todo"), [(base, op, "task")]),
              nosync=nosync_ratio(base, op, p))
        if op in MUTATING:
            f = floor_rw(base)
            check(f"{label} ≤ 1.5 × cp+mv floor ({k(base)} tasks)",
                  None if t is None or f is None else t / f, 1.5, x2,
                  cross=cpu_ratio((base, op, "todo"), [(base, "floor_cp", "floor"), (base, "floor_mv", "floor")]),
                  nosync=nosync_ratio(base, op, f))
    tv, tr = med.get(("startup", "todo")), med.get(("startup", "true"))
    check("`todo --version` ≤ 2 × `true`", None if tv is None or tr is None else tv / tr, 2, x2,
          cross=cpu_ratio(("startup", "todo"), [("startup", "true")]))
    growth_limit = 1.2 * top / base
    for op, label in OPS:
        lo, hi = get(base, op, "todo"), get(top, op, "todo")
        if lo is None and hi is None:
            checks.append((f"growth {k(base)} → {k(top)}: {label}",
                           status.get((top, op, "todo"), "not measured"), None, "", ""))
            continue
        check(f"growth {k(base)} → {k(top)}: {label} ≤ {growth_limit:.0f}",
              None if lo is None or hi is None else hi / lo, growth_limit, lambda v: f"{v:.0f}")
    for op in ("done_text", "done_typo"):
        ns = get(top, op, "todo-nosync")
        check(f"{dict(OPS)[op]} on {k(top)} tasks ≤ 150 ms",
              None if get(top, op, "todo") is None else get(top, op, "todo") * 1000, 150,
              lambda v: f"{v:.0f}", " ms",
              cross=ms(cpu.get((top, op, "todo"))) or "",
              nosync=ms(ns) or "")
    mem = [r for r in tsv(os.path.join(res, "memory.tsv")) if int(r[0]) == top]
    size_top = filesize.get(top)
    peak = None
    peak_op = None
    for r in mem:
        if r[2].isdigit() and (peak is None or int(r[2]) > peak):
            peak, peak_op = int(r[2]), r[1]
    check(f"peak memory ≤ 10 × plan file ({k(top)} tasks; worst: {dict(OPS).get(peak_op, peak_op)})",
          None if peak is None or not size_top else peak * 1024 / size_top, 10, lambda v: f"{v:.1f}", "×")
    conc = tsv(os.path.join(res, "concurrency.tsv"))
    todo_conc = [int(r[1]) for r in conc if r[0] == "todo" and r[1].isdigit()]
    checks.append(("concurrency: 20 of 20 `todo done` survive",
                   ", ".join(map(str, todo_conc)) + " of 20" if todo_conc else "not measured",
                   (min(todo_conc) == 20) if todo_conc else None, "", ""))

    # Issue 11: phase-wide verbs on one huge phase, and the merge driver.
    d1 = get(top, "done_one_1p", "todo")
    for op, label in SCALE_OPS[:2]:
        v = get(top, op, "todo")
        check(f"{label}, {k(top)} tasks in one phase ≤ 2 × `todo done <one task>` on the same plan",
              None if v is None or d1 is None else v / d1, 2, x2,
              cross=cpu_ratio((top, op, "todo"), [(top, "done_one_1p", "todo")]))
    for op, label in SCALE_OPS:
        lo, hi = get(base, op, "todo"), get(top, op, "todo")
        if lo is None and hi is None:
            continue
        check(f"growth {k(base)} → {k(top)}: {label} ≤ {growth_limit:.0f}",
              None if lo is None or hi is None else hi / lo, growth_limit, lambda v: f"{v:.0f}")
    # Issue 12: an agent's 50-op batch against one person's `done`.
    a50, d1b = get(base, "agent", "apply50"), get(base, "agent", "done")
    check(f"`todo apply` of 50 ops ≤ 1.5 × one `todo done` ({k(base)} tasks)",
          None if a50 is None or d1b is None else a50 / d1b, 1.5, x2,
          cross=cpu_ratio((base, "agent", "apply50"), [(base, "agent", "done")]))
    mf = get(top, "merge_file", "todo")
    check(f"`todo merge-file` of two {k(top)}-task plans, 100 changes per side ≤ 1 s",
          None if mf is None else mf * 1000, 1000, lambda v: f"{v:.0f}", " ms",
          cross=ms(cpu.get((top, "merge_file", "todo"))) or "")

    w("## Targets")
    w("")
    w(f"Ratios measured in this run, on the {k(base)}-task plan unless said.")
    w("")
    w("Wall-clock medians decide. For reading them: \"CPU\" is the same ratio in CPU "
      "time (user + system; for the 150 ms targets, todo's CPU time), which load from "
      "other work on the machine barely moves; \"no fsync\" is the ratio with todo's "
      "fsyncs made no-ops (diagnostic only — durability stays).")
    w("")
    w("| target | measured | | CPU | no fsync |")
    w("|---|---|---|---:|---:|")
    for name, value, ok, cross, nosync in checks:
        w(f"| {name} | {value} | {'met' if ok else '**missed**' if ok is False else 'n/a'} | {cross} | {nosync} |")
    w("")
    met = sum(1 for c in checks if c[2])
    missed = sum(1 for c in checks if c[2] is False)
    w(f"{met} met, {missed} missed, {len(checks) - met - missed} not measurable in this build.")
    w("")

    # ---- medians per size ------------------------------------------------
    w("## Medians")
    w("")
    w("`todo ÷ floor`: read-only operations against `cat` of the plan file, mutating "
      "ones against `cp` of it plus `mv` back (the two medians added: two processes "
      "that read and write the file, without todo's lock or fsync).")
    w("")
    for s in sizes:
        fs = filesize.get(s)
        w(f"### {k(s)} tasks" + (f" (plan file {fs / 1024:,.0f} KiB)" if fs else ""))
        w("")
        w("| operation | todo | todo CPU | todo, no fsync | taskwarrior | todo.txt | todo ÷ taskwarrior | todo ÷ todo.txt | todo ÷ floor |")
        w("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
        for op, label in OPS:
            t = get(s, op, "todo")
            c = cpu.get((s, op, "todo"))
            ns = ms(get(s, op, "todo-nosync")) or ""
            w(f"| {label} | {cell(s, op, 'todo')} | {ms(c) or '–'} | {ns} | {cell(s, op, 'task')} | {cell(s, op, 'todo.txt')} | "
              f"{ratio(t, get(s, op, 'task'))} | {ratio(t, get(s, op, 'todo.txt'))} | {ratio(t, floor_for(s, op))} |")
        w(f"| floor: `cat` plan file | {ms(get(s, 'floor_cat', 'floor')) or '–'} | | | | | | | |")
        f = floor_rw(s)
        w(f"| floor: `cp` + `mv` back | {ms(f) or '–'} | | | | | | | |")
        dd = get(s, "floor_dd", "floor")
        if dd is not None and get(s, "floor_mv", "floor") is not None:
            w(f"| (not a target) `cp` with fsync + `mv` | {ms(dd + get(s, 'floor_mv', 'floor'))} | | | | | | | |")
        one = get(s, "floor_one", "floor")
        if one is not None:
            w(f"| (not a target) one process: read, write a temporary file, fdatasync, rename (`benches/floor/replace.rs`) | {ms(one)} | | | | | | | |")
        w("")
    n_runs = [v for key, v in runs.items()]
    if n_runs:
        w(f"Each median pools {min(n_runs)}–{max(n_runs)} timed runs. \"todo CPU\" is todo's "
          "user + system time (mean of the same runs): what remains of the wall time is "
          "waiting — for the disk (fsync), the lock, or a CPU shared with other work. "
          "\"todo, no fsync\" (a diagnostic, at two sizes) is the same command with "
          "libeatmydata preloaded, so fsync returns at once: the difference is what "
          "durability costs on this disk at the time of the run.")
        w("")
    if bad:
        w("**Timed runs that exited non-zero:** " + ", ".join(
            f"{key} ×{v}" for key, v in sorted(bad.items(), key=str)) + ".")
        w("")
    w("Peer commands: " + "; ".join(f"{TOOL_NAMES[t]} {op.replace('_', ' ')}: {c}"
                                   for (t, op), c in PEER_NOTES.items()) + ".")
    w("")

    # ---- start-up --------------------------------------------------------
    w("## Start-up (`--version`)")
    w("")
    w("| command | median | ÷ `true` |")
    w("|---|---:|---:|")
    names = {"true": "`true`", "todo": "`todo --version`", "task": "`task --version`", "todo.txt": "`todo-txt -V`"}
    for key in ["true", "todo", "task", "todo.txt"]:
        v = med.get(("startup", key))
        if v is not None:
            w(f"| {names[key]} | {ms(v)} | {ratio(v, tr)} |")
    w("")

    # ---- scale (issue 11) ------------------------------------------------
    if any(get(sz, op, "todo") is not None for sz in sizes for op, _ in SCALE_OPS):
        w("## Scale: phase-wide verbs and the merge driver (issue 11)")
        w("")
        w("todo only. The `done` columns run on a plan with every task in one phase "
          "(`gen.py --phases 1`), each run from a fresh copy and an empty undo history; "
          "`merge-file` merges two versions of the generated plan with 100 changes per "
          "side (`merge_sides.py`: completed, renamed, removed, appended — both sides "
          "append under the same new ids).")
        w("")
        w("| tasks | " + " | ".join(label for _, label in SCALE_OPS) + " | no argument ÷ one task |")
        w("|---:|" + "---:|" * (len(SCALE_OPS) + 1))
        for sz in sizes:
            cells = [cell(sz, op, "todo") for op, _ in SCALE_OPS]
            w(f"| {k(sz)} | " + " | ".join(cells) + " | "
              + ratio(get(sz, "done_all_1p", "todo"), get(sz, "done_one_1p", "todo")) + " |")
        w("")

    # ---- growth ----------------------------------------------------------
    w("## Growth")
    w("")
    peer_sizes = sorted({sz for (sz, op, tool) in status if tool == "task" and status[(sz, op, tool)] == "ok"})
    peer_top = peer_sizes[-1] if peer_sizes else None
    head = f"| operation | todo {k(base)} → {k(top)} ({top // base}× tasks; ≤ {growth_limit:.0f}) |"
    sep = "|---|---:|"
    if peer_top and peer_top > base:
        head += f" todo {k(base)} → {k(peer_top)} | taskwarrior {k(base)} → {k(peer_top)} | todo.txt {k(base)} → {k(peer_top)} |"
        sep += "---:|---:|---:|"
    w(head)
    w(sep)
    for op, label in OPS:
        row = f"| {label} | {ratio(get(top, op, 'todo'), get(base, op, 'todo'), 1)} |"
        if peer_top and peer_top > base:
            for tool in TOOLS:
                row += f" {ratio(get(peer_top, op, tool), get(base, op, tool), 1)} |"
        w(row)
    w(f"| floor: `cat` | {ratio(get(top, 'floor_cat', 'floor'), get(base, 'floor_cat', 'floor'), 1)} |"
      + (f" {ratio(get(peer_top, 'floor_cat', 'floor'), get(base, 'floor_cat', 'floor'), 1)} | | |" if peer_top and peer_top > base else ""))
    w(f"| floor: `cp` + `mv` | {ratio(floor_rw(top), floor_rw(base), 1)} |"
      + (f" {ratio(floor_rw(peer_top), floor_rw(base), 1)} | | |" if peer_top and peer_top > base else ""))
    w("")

    # ---- memory ----------------------------------------------------------
    if mem:
        w(f"## Peak memory of todo on {k(top)} tasks")
        w("")
        w(f"Maximum resident set size (`/usr/bin/time -v`), against the plan file's "
          f"size ({size_top / 1024 / 1024:.1f} MiB)." if size_top else "Maximum resident set size.")
        w("")
        w("| operation | max RSS | ÷ file size |")
        w("|---|---:|---:|")
        for r in mem:
            if r[2].isdigit():
                kb = int(r[2])
                w(f"| {dict(OPS).get(r[1], r[1])} | {kb / 1024:.1f} MiB | "
                  f"{(kb * 1024 / size_top) if size_top else 0:.1f}× |")
            else:
                w(f"| {dict(OPS).get(r[1], r[1])} | {r[2]} | |")
        w("")

    # ---- concurrency -----------------------------------------------------
    if conc:
        w(f"## Concurrency: 20 parallel `done` on 20 different tasks ({k(a.conc)} tasks)")
        w("")
        w("Released together by a barrier; counted afterwards from the data files. "
          "One column per trial.")
        w("")
        w("| tool | updates that survived | invocations that failed | notes |")
        w("|---|---|---|---|")
        by_tool = {}
        for r in conc:
            r += [""] * (4 - len(r))
            by_tool.setdefault(r[0], []).append(r)
        for tool in TOOLS:
            rows = by_tool.get(tool, [])
            if not rows:
                continue
            if not rows[0][1].isdigit():
                w(f"| {TOOL_NAMES[tool]} | {rows[0][1]} | | |")
                continue
            kept = " / ".join(f"{r[1]} of 20" for r in rows)
            errs = " / ".join(r[3] for r in rows)
            notes = "; ".join(f"trial {i + 1}: {r[2]}" for i, r in enumerate(rows) if r[2])
            w(f"| {TOOL_NAMES[tool]} | {kept} | {errs} | {notes} |")
        w("")

    # ---- setup ----------------------------------------------------------
    imp = tsv(os.path.join(res, "task-import-setup.tsv"))
    if imp:
        w("Setup: `task import` of the generated tasks took "
          + ", ".join(f"{float(r[1]):.1f} s ({k(int(r[0]))} tasks)" for r in imp) + ".")
        w("")
    print("\n".join(out).rstrip("\n"))


if __name__ == "__main__":
    main()
