"""Run every benchmark in bench/ and write docs/PERFORMANCE.md.

    python bench/run_all.py [--quick] [--soak] [--only NAME ...] [--out FILE]

Each benchmark runs as its own process (``python bench/NAME.py``), one after
the other so that they do not compete for the CPU, and its printed output is
kept.  The report has the machine and date at the top, then one section per
benchmark: a Markdown table of drbot beside its baseline from the same run,
the ratio, the target and met/missed, parsed from the benchmark's printed
text, and the whole printed output in a collapsed <details> block.  When the
text cannot be parsed (a benchmark changed its format), the section says so
and shows the raw output instead: nothing is lost.

--quick passes small sizes (a check that everything runs, in about a minute);
its figures are not the ones the targets are about.  bench/soak.py takes about
ten minutes and only runs with --soak.  Whatever the report holds below its
HAND_WRITTEN line (analyses and history written by people) is kept as it is.
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"

# name -> (what it measures, arguments for a full run, arguments for --quick)
BENCHMARKS: dict[str, tuple[str, list[str], list[str]]] = {
    "store": ("plan memory: PlanStore beside the same SQL in plain sqlite3", [],
              ["--users", "500", "--calls", "300", "--write-calls", "300", "--stale-reps", "3"]),
    "tokens": ("model loop: tokens and prompt caching, caching on beside caching off", [], []),
    "bot": ("Telegram bot: `drbot run` beside a minimal python-telegram-bot echo bot", [],
            ["--chats", "20", "--per-chat", "5"]),
    "briefing": ("morning briefing for everyone: select + render, statements per person", [],
                 ["--users", "500"]),
    "understanding": ("understanding: phone-typed messages through the Assistant (offline"
                      " interpreter), their effect on the database judged per intent", [],
                      ["--sample", "40", "--seed", "1"]),
    "scheduler_scale": ("the scheduler at scale: the stale scan, all briefings and one minute's"
                        " briefings at 10,000 people × 40 steps", [],
                        ["--users", "500", "--runs", "3"]),
    "reminders_scale": ("due reminders among 100,000 scheduled, one tick", [],
                        ["--users", "500", "--scheduled", "5000", "--fired", "100", "--runs", "5"]),
    "soak": ("soak: `drbot run` under a long mixed load with model and Telegram faults and"
             " two SIGKILLs", [], ["--quick"]),
}
ORDER = ["store", "tokens", "bot", "briefing", "scheduler_scale", "reminders_scale",
         "understanding", "soak"]
# Everything after this line in the report is written by hand (analyses, history):
# a new run keeps it as it is.
HAND_WRITTEN = "<!-- Written by hand below this line: bench/run_all.py keeps it. -->"


@dataclass
class Run:
    name: str
    argv: list[str]
    returncode: int | None = None
    seconds: float = 0.0
    output: str = ""
    error: str = ""       # why it did not run / did not finish
    table: list[list[str]] = field(default_factory=list)   # parsed rows (with a header row)
    notes: list[str] = field(default_factory=list)
    parse_error: str = ""


# -- running -----------------------------------------------------------------------

def run_benchmark(name: str, quick: bool, timeout: float) -> Run:
    script = BENCH / f"{name}.py"
    _, full_args, quick_args = BENCHMARKS[name]
    argv = [sys.executable, str(script.relative_to(ROOT)), *(quick_args if quick else full_args)]
    run = Run(name, argv)
    if not script.exists():
        run.error = f"bench/{name}.py does not exist (yet)"
        return run
    print(f"run_all: {' '.join(argv[1:])} ...", file=sys.stderr, flush=True)
    started = time.monotonic()
    try:
        done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                              env={**os.environ, "PYTHONUNBUFFERED": "1"})
    except subprocess.TimeoutExpired as expired:
        run.seconds = time.monotonic() - started
        run.error = f"did not finish within {timeout:.0f} s"
        out = expired.stdout or b""
        run.output = out.decode(errors="replace") if isinstance(out, bytes) else out
        return run
    run.seconds = time.monotonic() - started
    run.returncode = done.returncode
    run.output = done.stdout + (("\n[stderr]\n" + done.stderr) if done.stderr.strip() else "")
    if done.returncode != 0:
        run.error = f"exited with code {done.returncode}"
    print(f"run_all: bench/{name}.py done in {run.seconds:.1f} s (exit {done.returncode})",
          file=sys.stderr, flush=True)
    return run


# -- parsing helpers ------------------------------------------------------------------

def pipe_tables(text: str) -> list[list[list[str]]]:
    """Every table printed as 'a | b | c' / '--+--+--' / rows, as lists of cells."""
    lines = text.splitlines()
    tables = []
    i = 0
    while i < len(lines) - 1:
        sep = lines[i + 1].strip()
        if " | " in lines[i] and sep and set(sep) <= {"-", "+"} and "-+-" in sep:
            header = [c.strip() for c in lines[i].split(" | ")]
            rows = [header]
            j = i + 2
            while j < len(lines) and " | " in lines[j]:
                cells = [c.strip() for c in lines[j].split(" | ")]
                rows.append(cells + [""] * (len(header) - len(cells)))
                j += 1
            tables.append(rows)
            i = j
        else:
            i += 1
    return tables


def table_by_first_column(table: list[list[str]]) -> dict[str, dict[str, str]]:
    header = table[0]
    return {row[0]: dict(zip(header, row)) for row in table[1:]}


def number(text: str) -> float:
    m = re.search(r"-?[\d,]*\.?\d+", text)
    if not m:
        raise ValueError(f"no number in {text!r}")
    return float(m[0].replace(",", ""))


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}×" if b else "—"


def must(pattern: str, text: str, flags: int = 0) -> re.Match:
    m = re.search(pattern, text, flags)
    if m is None:
        raise ValueError(f"pattern not found: {pattern}")
    return m


HEAD = ["measure", "drbot", "baseline (same run)", "ratio", "target", "verdict"]


# -- one parser per benchmark -------------------------------------------------------------

def parse_store(run: Run) -> None:
    [table] = [t for t in pipe_tables(run.output) if t[0][0] == "operation"]
    rows = [HEAD]
    for name, r in table_by_first_column(table).items():
        rows.append([
            f"{name} (p50 / p95; statements per call: {r['statements/call']})",
            f"{r['drbot p50']} / {r['drbot p95']}",
            f"plain sqlite3: {r['sqlite3 p50']} / {r['sqlite3 p95']}",
            r["ratio p50"], r["target"], r["verdict"]])
    m = re.search(r"get_plan with a fixed number of statements: 2 steps x \d+ attempts -> (\S+)"
                  r" statement\(s\), p50 ([\d.]+ ms); 40 steps x \d+ attempts -> (\S+)"
                  r" statement\(s\), p50 ([\d.]+ ms)", run.output)
    if m:
        rows.append(["get_plan statements, 40-step plan", f"{m[3]} (p50 {m[4]})",
                     f"2-step plan: {m[1]} (p50 {m[2]})", "—", "same count",
                     "met" if m[1] == m[3] else "MISSED"])
    run.table = rows
    fill = re.search(r"^fill .*\n(?:[ \t]+\S.*\n)*", run.output, re.M)
    if fill:
        run.notes.append("Data: " + " ".join(line.strip() for line in fill[0].splitlines()))


def parse_tokens(run: Run) -> None:
    out = run.output
    tot = {k: must(rf"^\s+{re.escape(k)}\s+calls\s+(\d+)\s+prompt\s+([\d,]+) \(input ([\d,]+),"
                   rf" cache read ([\d,]+), cache write ([\d,]+)\)\s+output ([\d,]+)\s+read from"
                   rf" cache ([\d.]+)%", out, re.M) for k in ("caching on", "caching off")}
    cost = {k: must(rf"^\s+{re.escape(k)}\s+prompt\s+([\d,]+)\s+\+ output x[\d.]+\s+([\d,]+)"
                    rf"\s+=\s+([\d,]+)", out, re.M) for k in ("caching on", "caching off")}
    calls = must(r"model calls per single-action message <= 2: max (\d+)\s+(\S+)", out)
    marks = must(r"model calls for marks-only messages\s+= 0: max (\d+)\s+(\S+)", out)
    share = must(r"input tokens read from cache\s+>= (\d+)%: ([\d.]+)%\s+(\S+)", out)
    on, off = tot["caching on"], tot["caching off"]
    rows = [HEAD,
            ["model calls, whole conversation", on[1], f"caching off: {off[1]}",
             ratio(number(on[1]), number(off[1])), "≤ 2 per single-action message"
             f" (max {calls[1]})", calls[2]],
            ["model calls for marks-only messages", f"max {marks[1]}", "—", "—", "0", marks[2]],
            ["input tokens read from cache", f"{share[2]}%", f"caching off: {off[7]}%", "—",
             f"≥ {share[1]}%", share[3]],
            ["prompt tokens (input + cache read + write)", on[2], f"caching off: {off[2]}",
             ratio(number(on[2]), number(off[2])), "—", "—"],
            ["prompt cost (base-input units; write 1.25×, read 0.1×)", cost["caching on"][1],
             f"caching off: {cost['caching off'][1]}",
             ratio(number(cost["caching on"][1]), number(cost["caching off"][1])), "—", "—"],
            ["cost with output", cost["caching on"][3], f"caching off: {cost['caching off'][3]}",
             ratio(number(cost["caching on"][3]), number(cost["caching off"][3])), "—", "—"]]
    run.table = rows
    check = re.search(r"script check.*\n\s+(.*)", out)
    if check:
        run.notes.append("Script check: " + check[1].strip())
    ann = re.search(r"ANNOUNCE \(never cached\).*", out)
    if ann:
        run.notes.append(ann[0].strip())


def parse_bot(run: Run) -> None:
    [table] = [t for t in pipe_tables(run.output) if t[0][0] == "bot"]
    by = table_by_first_column(table)
    drbot = by.get("drbot run (as shipped)") or next(r for k, r in by.items()
                                                      if k.startswith("drbot run"))
    echo = by.get("echo bot (PTB defaults)") or next(r for k, r in by.items()
                                                      if k.startswith("echo bot"))
    target = re.search(r"target\s+drbot ≥ (\d+)% of the echo bot's throughput: ([\d.]+)% — (\S+)",
                       run.output)
    rows = [HEAD,
            ["throughput (updates/s)", drbot["updates/s"], f"echo bot: {echo['updates/s']}",
             ratio(number(drbot["updates/s"]), number(echo["updates/s"])),
             f"≥ {target[1]}% of the echo bot" if target else "≥ 50% of the echo bot",
             target[3] if target else "?"],
            ["wall time for the timed updates", f"{drbot['seconds']} s ({drbot['updates']})",
             f"echo bot: {echo['seconds']} s ({echo['updates']})",
             ratio(number(drbot["seconds"]), number(echo["seconds"])), "—", "—"],
            ["latency p50 (push → answer, queueing included)", drbot["p50 latency"],
             f"echo bot: {echo['p50 latency']}",
             ratio(number(drbot["p50 latency"]), number(echo["p50 latency"])), "—", "—"],
            ["latency p95", drbot["p95 latency"], f"echo bot: {echo['p95 latency']}",
             ratio(number(drbot["p95 latency"]), number(echo["p95 latency"])), "—", "—"]]
    cpu = "CPU ms/update bot+fake"
    if cpu in drbot:
        rows.append(["CPU ms per update (bot + fake server)", drbot[cpu], f"echo bot: {echo[cpu]}",
                     "—", "—", "—"])
    for name, r in by.items():   # --variants / --patches rows, if any
        if r is drbot or r is echo:
            continue
        rows.append([f"variant: {name}", r["updates/s"] + " updates/s", "—",
                     ratio(number(r["updates/s"]), number(echo["updates/s"])), "—", "—"])
    run.table = rows
    load = re.search(r"^load\s+(.*)", run.output, re.M)
    if load:
        run.notes.append("Load: " + load[1].strip())
    calls = "API calls in the timed part"
    if drbot.get(calls):
        run.notes.append(f"drbot's Bot API calls in the timed part: {drbot[calls]}; the echo"
                         f" bot's: {echo.get(calls, '?')}")


def parse_briefing(run: Run) -> None:
    out = run.output
    [table] = [t for t in pipe_tables(out) if t[0][0] == "measure"]
    by = table_by_first_column(table)
    bulk = by["all briefings at once (build_briefings, the job's path), p50 of 3"]
    statements = by["statements for all of them"]
    total = by["one person after another (build_briefing), total"]
    floor = must(r"choosing \+ wording \+ rendering alone .*?: ([\d.]+) s, p50 ([\d.]+) ms", out)
    reads = must(r"the five reads together: ([\d.]+) s", out)
    scan = by.get("stale scan, everyone (one statement)")
    n = must(r"built\s+([\d,]+) briefing previews", out)[1]
    rows = [HEAD,
            [f"select + render {n} briefings at once (build_briefings, the job's path)",
             bulk["value"], f"one person after another: {total['value']}",
             ratio(number(bulk["value"]), number(total["value"])), bulk["target"],
             bulk["verdict"]],
            ["statements for all of them", statements["value"], "—", "—",
             statements["target"], statements["verdict"]],
            [f"select + render {n} briefings one by one (build_briefing, record=False)",
             total["value"], f"rendering alone, reads held in memory: {floor[1]} s",
             ratio(number(total["value"]), float(floor[1])), "—", "—"],
            ["per person p50 / p95", f"{by['per person p50']['value']} /"
             f" {by['per person p95']['value']}", f"rendering alone p50: {floor[2]} ms",
             ratio(number(by["per person p50"]["value"]), float(floor[2])), "—", "—"],
            ["the five per-person reads, all people", f"{reads[1]} s",
             f"one stale scan for everyone: {scan['value'] if scan else '?'}", "—", "—", "—"],
            ["statements per person", by["statements per person"]["value"], "—", "—",
             by["statements per person"]["target"], by["statements per person"]["verdict"]],
            ["statements total", by["statements total"]["value"], "—", "—", "—", "—"]]
    two = by.get("statements, 5 plans x 2 steps")
    forty = by.get("statements, 5 plans x 40 steps")
    if two and forty:
        rows.append(["statements per person, 5 plans × 40 steps", forty["value"],
                     f"5 plans × 2 steps: {two['value']}", "—", "independent of steps",
                     forty["verdict"]])
    run.table = rows
    where = re.search(r"^\s+where it goes[^:]*: (.*)", out, re.M)
    if where:
        run.notes.append("Where the time goes: " + where[1].strip())
    fixes = re.findall(r"^\s+(\d\. .*)", out, re.M)
    if fixes:
        run.notes.append("Fixes suggested by the benchmark: " + " ".join(fixes))
    est = re.search(r"^\s+(estimate with .*)", out, re.M)
    if est:
        run.notes.append(est[1].strip()[:1].upper() + est[1].strip()[1:])


_TIMED = (r"^\s+{label}\s+([\d.]+) (m?s) median,\s+([\d.]+) m?s worst"
          r"(?:, cpu\s+[\d.]+ s median)? \((.*)\)$")


def _timed(label: str, out: str) -> tuple[float, str, str, str]:
    """(median, unit, worst, note) of a "label  0.123 s median, 0.171 s worst …" line."""
    m = must(_TIMED.format(label=re.escape(label)), out, re.M)
    return float(m[1]), m[2], m[3], m[4]


def _verdict(median: float, note: str) -> tuple[str, str]:
    target = re.search(r"target < ([\d.]+) (m?s)", note)
    if target is None:
        return "—", "—"
    return f"< {target[1]} {target[2]}", "met" if median < float(target[1]) else "MISSED"


def parse_scheduler_scale(run: Run) -> None:
    out = run.output
    rows = [HEAD]
    stale = _timed("stale scan, everyone", out)
    old = _timed("baseline (plans first)", out)
    rows.append([f"stale scan, everyone ({stale[3].split(';')[0]})",
                 f"{stale[0]} {stale[1]} (worst {stale[2]})",
                 f"plans-first query: {old[0]} {old[1]} ({old[3]})", ratio(stale[0], old[0]),
                 *_verdict(stale[0], stale[3])])
    both = _timed("due + stuck + stale", out)
    rows.append([f"due + stuck + stale, everyone ({both[3]})", f"{both[0]} {both[1]}", "—", "—",
                 "—", "—"])
    built = _timed("all briefings built", out)
    rows.append([f"all briefings built ({built[3].split(';')[0]})",
                 f"{built[0]} {built[1]} (worst {built[2]})", "—", "—",
                 *_verdict(built[0], built[3])])
    minute = must(r"^\s+(\d+ people's briefings)", out, re.M)[1]
    some, everyone = _timed(minute, out), _timed("baseline: scan everyone", out)
    rows.append([f"{minute} (one minute of the job)", f"{some[0]} {some[1]}",
                 f"through the everyone-scans: {everyone[0]} {everyone[1]} ({everyone[3]})",
                 ratio(some[0], everyone[0]), "—", "—"])
    run.table = rows
    head = re.search(r"^drbot scheduler scale: (.*)", out, re.M)
    if head:
        run.notes.append("Data: " + head[1].strip())


def parse_reminders_scale(run: Run) -> None:
    out = run.output
    rows = [HEAD]
    first, later = _timed("first tick after downtime", out), _timed("every later tick", out)
    for label, figures in (("first tick after downtime", first), ("every later tick", later)):
        rows.append([f"due reminders, {label} ({figures[3].split(';')[0]})",
                     f"{figures[0]} {figures[1]} (worst {figures[2]})", "—", "—",
                     *_verdict(figures[0], figures[3])])
    for label in ("own reminders, quiet tick", "own reminders, busy tick"):
        figures = _timed(label, out)
        rows.append([f"{label} ({figures[3].split(';')[0]})",
                     f"{figures[0]} {figures[1]} (worst {figures[2]})", "—", "—",
                     *_verdict(figures[0], figures[3])])
    run.table = rows
    for key in (r"drbot reminders scale: (.*)", r"^\s+plan: (.*)", r"^(own reminders: .*)",
                r"^\s+own plan: (.*)"):
        m = re.search(key, out, re.M)
        if m:
            run.notes.append(m[1].strip()[:1].upper() + m[1].strip()[1:])


def parse_soak(run: Run) -> None:
    """The soak's 'figure / value / result' table (fixed-width columns)."""
    lines = run.output.splitlines()
    start = next(i for i, line in enumerate(lines) if re.match(r"figure\s+value\s+result$", line))
    value_at, result_at = lines[start].index("value"), lines[start].index("result")
    rows = [HEAD]
    for line in lines[start + 1:]:
        if not line.strip():
            break
        name, value = line[:value_at].strip(), line[value_at:result_at].strip()
        result = line[result_at:].strip()
        must_be = {"PASS": "met", "FAIL": "MISSED"}.get(result, "—")
        target = ("ok" if "integrity" in name else "0 problems" if "foreign_key" in name
                  else "0") if result else "—"
        rows.append([name, value, "—", "—", target, must_be])
    if len(rows) < 3:
        raise ValueError("the soak's figure table is empty")
    run.table = rows
    for key in ("load", "ran", "mix", "faults"):
        m = re.search(rf"^\s+{key}\s+(.*)", run.output, re.M)
        if m:
            run.notes.append(f"{key.capitalize()}: {m[1].strip()}")


def parse_generic(run: Run) -> None:
    """A benchmark with no parser of its own (soak.py): its printed tables as they are."""
    tables = pipe_tables(run.output)
    if not tables:
        raise ValueError("no table found in the output")
    run.table = tables[0]
    for extra in tables[1:]:
        run.notes.append("Another table:\n\n" + markdown_table(extra))
    for m in re.finditer(r"^target\S*\s+(.*)", run.output, re.M):
        run.notes.append("Target: " + m[1].strip())


def parse_understanding(run: Run) -> None:
    """Per intent: correct of n beside what doing nothing would score; then the
    counts that must be zero (wrong writes, raw tool text, crashes)."""
    out = run.output
    [table] = [t for t in pipe_tables(out) if t[0][0] == "intent"]
    rows = [HEAD]
    for intent, r in table_by_first_column(table).items():
        rows.append([f"{'all intents' if intent == 'all' else intent}: correct"
                     f" (nothing done / wrong)",
                     f"{r['correct']}/{r['n']} = {r['accuracy']} ({r['nothing done']} /"
                     f" {r['wrong']})", f"doing nothing: {r['do-nothing baseline']}", "—", "—",
                     "—"])
    for name, label in (("wrong actions", "wrong actions (writes not asked for)"),
                        ("raw tool text", "replies showing raw tool-call text"),
                        ("crashes", 'crashes (exception or "something went wrong")')):
        m = must(rf"^{name}\s+(\d+)(.*)$", out, re.M)
        rows.append([label, m[1] + m[2], "—", "—", "0", "met" if m[1] == "0" else "MISSED"])
    wall = must(r"^no-model wall\s+(\d+)", out, re.M)
    rows.append(["replies that are the \"without a model\" wall", wall[1], "—", "—", "—", "—"])
    lat = must(r"^latency per message\s+p50 (.+?)\s+p90 (.+?)\s+max (.+)$", out, re.M)
    rows.append(["latency per message p50 / p90 / max", f"{lat[1]} / {lat[2]} / {lat[3]}",
                 "—", "—", "—", "—"])
    run.table = rows
    for key in ("backend", "corpus", "now"):
        m = re.search(rf"^{key}\s+(.*)", out, re.M)
        if m:
            run.notes.append(f"{key.capitalize()}: {m[1].strip()}")


PARSERS: dict[str, Callable[[Run], None]] = {
    "store": parse_store, "tokens": parse_tokens, "bot": parse_bot,
    "briefing": parse_briefing, "scheduler_scale": parse_scheduler_scale,
    "reminders_scale": parse_reminders_scale, "understanding": parse_understanding,
    "soak": parse_soak}


def parse(run: Run) -> None:
    if not run.output.strip():
        return
    try:
        PARSERS.get(run.name, parse_generic)(run)
    except Exception as error:   # a changed format must not lose the figures
        run.table, run.notes = [], []
        run.parse_error = f"{type(error).__name__}: {error}"


# -- writing ----------------------------------------------------------------------------

def cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown_table(rows: list[list[str]]) -> str:
    head, *body = rows
    lines = ["| " + " | ".join(cell(c) for c in head) + " |",
             "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(cell(c) for c in row[:len(head)]) + " |" for row in body]
    return "\n".join(lines)


def machine() -> list[str]:
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                                capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    mem = ""
    try:
        kb = int(re.search(r"MemTotal:\s+(\d+)", Path("/proc/meminfo").read_text())[1])
        mem = f", {kb / 2**20:.1f} GiB RAM"
    except (OSError, TypeError, ValueError):
        pass
    cpu = platform.processor() or platform.machine()
    try:
        model = re.search(r"model name\s*:\s*(.*)", Path("/proc/cpuinfo").read_text())
        cpu = model[1].strip() if model else cpu
    except OSError:
        pass
    return [f"- **Machine:** {platform.platform()}; {cpu}; {os.cpu_count()} CPUs{mem}",
            f"- **Load average at the start:** {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
            f"- **Python:** {platform.python_implementation()} {platform.python_version()};"
            f" SQLite {sqlite3.sqlite_version}"
            + (f"; drbot at commit `{commit}` (plus any uncommitted changes)" if commit else "")]


def report(runs: list[Run], args, started: datetime, seconds: float) -> str:
    mode = ("**quick run** (`--quick`: small sizes, a check that everything runs — not the"
            " figures the targets are about)" if args.quick else "full run")
    out = ["# Performance", "",
           f"Generated by `bench/run_all.py{' --quick' if args.quick else ''}"
           f"{' --soak' if args.soak else ''}` on"
           f" {started.strftime('%Y-%m-%d %H:%M UTC')} — {mode}; {seconds / 60:.1f} minutes in"
           " all. Every benchmark runs as its own process, one after the other; each compares"
           " drbot with a baseline measured in the same run on the same machine. Figures vary"
           " with the machine and with whatever else runs on it.", "",
           *machine(), "", "## Summary", ""]
    summary = [["benchmark", "what", "targets", "time"]]
    for run in runs:
        if run.error and not run.output:
            status = run.error
        elif run.parse_error:
            status = "see the raw output (not parsed)"
        else:
            verdicts = [r[-1] for r in run.table[1:] if r and r[-1] not in ("—", "")]
            missed = [v for v in verdicts if v.lower() != "met"]
            status = ("all met" if verdicts and not missed else
                      f"{len(missed)} of {len(verdicts)} not met" if verdicts else "no targets")
            if run.error:
                status += f" ({run.error})"
        summary.append([f"[bench/{run.name}.py](#{run.name})", BENCHMARKS[run.name][0], status,
                        f"{run.seconds:.0f} s" if run.seconds else "—"])
    out += [markdown_table(summary), ""]
    for run in runs:
        out += [f'<a id="{run.name}"></a>', "", f"## bench/{run.name}.py", "",
                BENCHMARKS[run.name][0][:1].upper() + BENCHMARKS[run.name][0][1:] + ".", "",
                f"Command: `{' '.join(['.venv/bin/python', *run.argv[1:]])}`"
                + (f" ({run.seconds:.0f} s)" if run.seconds else ""), ""]
        if run.error:
            out += [f"**Not complete:** {run.error}.", ""]
        if run.table:
            out += [markdown_table(run.table), ""]
            for note in run.notes:
                out += [note, ""]
        elif run.output.strip():
            why = run.parse_error or "no table in the output"
            out += [f"The printed figures could not be parsed ({cell(why)}); here they are as"
                    " printed:", "", "```text", run.output.rstrip(), "```", ""]
        if run.output.strip() and run.table:
            out += ["<details><summary>Raw output</summary>", "", "```text",
                    run.output.rstrip(), "```", "", "</details>", ""]
    skipped = [n for n in ORDER if n not in {r.name for r in runs}]
    if "soak" in skipped:
        out += ["## bench/soak.py", "",
                "Not run (it takes about ten minutes): `.venv/bin/python bench/run_all.py"
                " --soak` includes it.", ""]
    return "\n".join(out).rstrip() + "\n"


def kept_by_hand(path: Path) -> str:
    """The hand-written part of an earlier report (from HAND_WRITTEN on), kept."""
    try:
        earlier = path.read_text(encoding="utf-8")
    except OSError:
        return ""
    at = earlier.find(HAND_WRITTEN)
    return "" if at < 0 else "\n" + earlier[at:].rstrip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a check, ~1 minute")
    parser.add_argument("--soak", action="store_true", help="also bench/soak.py (~10 minutes)")
    parser.add_argument("--only", action="append", choices=ORDER, metavar="NAME",
                        help="run only these benchmarks (repeatable): " + ", ".join(ORDER))
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "PERFORMANCE.md")
    parser.add_argument("--timeout", type=float, default=1800,
                        help="seconds one benchmark may take (default 1800)")
    args = parser.parse_args()
    names = args.only or [n for n in ORDER if n != "soak" or args.soak]
    started = datetime.now(UTC)
    t0 = time.monotonic()
    runs = []
    for name in names:
        run = run_benchmark(name, args.quick, args.timeout)
        parse(run)
        if run.parse_error:
            print(f"run_all: bench/{name}.py output not parsed ({run.parse_error});"
                  " the report shows it raw", file=sys.stderr)
        runs.append(run)
    text = report(runs, args, started, time.monotonic() - t0) + kept_by_hand(args.out)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"run_all: wrote {args.out}", file=sys.stderr)
    return 0 if all(not r.error for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
