"""Run every benchmark in bench/ (and the understanding evaluation in eval/) and write docs/PERFORMANCE.md.

    python -m bench.run_all [--quick] [--soak] [--only NAME ...] [--out FILE]

Each benchmark runs as its own process (``python -m bench.NAME``), one after
the other so that they do not compete for the CPU, and its printed output is
kept.  The report has the machine and date at the top, then one section per
benchmark: a Markdown table of drbot beside its baseline from the same run,
the ratio, the target and met/missed, which the benchmark writes as JSON
(``--json FILE``, bench/common.py's Figures), and the whole printed output in a
collapsed <details> block.  When the figures are missing or malformed (a
benchmark failed half way), the section says so and shows the raw output
instead: nothing is lost.

--quick passes small sizes (a check that everything runs, in about a minute);
its figures are not the ones the targets are about.  bench/soak.py takes about
ten minutes and only runs with --soak.  Whatever the report holds below its
HAND_WRITTEN line (analyses and history written by people) is kept as it is.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench.common import HEAD

ROOT = Path(__file__).resolve().parent.parent

# name -> (what it measures, arguments for a full run, arguments for --quick)
BENCHMARKS: dict[str, tuple[str, list[str], list[str]]] = {
    "store": (
        "plan memory: PlanStore beside the same SQL in plain sqlite3",
        [],
        ["--users", "500", "--calls", "300", "--write-calls", "300", "--stale-reps", "3"],
    ),
    "tokens": ("model loop: tokens and prompt caching, caching on beside caching off", [], []),
    "bot": (
        "Telegram bot: `drbot run` beside a minimal python-telegram-bot echo bot",
        [],
        ["--chats", "20", "--per-chat", "5"],
    ),
    "briefing": (
        "morning briefing for everyone: select + render, statements per person",
        [],
        ["--users", "500"],
    ),
    "understanding": (
        "understanding: phone-typed messages through the Assistant (offline"
        " interpreter), their effect on the database judged per intent",
        [],
        ["--sample", "40", "--seed", "1"],
    ),
    "scheduler_scale": (
        "the scheduler at scale: the stale scan, all briefings and one minute's"
        " briefings at 10,000 people × 40 steps",
        [],
        ["--users", "500", "--runs", "3"],
    ),
    "reminders_scale": (
        "due reminders among 100,000 scheduled, one tick",
        [],
        ["--users", "500", "--scheduled", "5000", "--fired", "100", "--runs", "5"],
    ),
    "soak": (
        "soak: `drbot run` under a long mixed load with model and Telegram faults and two SIGKILLs",
        [],
        ["--quick"],
    ),
}
ORDER = [
    "store",
    "tokens",
    "bot",
    "briefing",
    "scheduler_scale",
    "reminders_scale",
    "understanding",
    "soak",
]
# The understanding evaluation lives in eval/ (it judges answers, not speed), but its
# figures belong in the same report.
PACKAGE = {"understanding": "eval"}
# Each writes its table and notes with --json FILE (bench/common.py's Figures) and the
# report is rendered from that file; the understanding evaluation's --json is its
# per-case results, so its figures go to --figures FILE.
FIGURES_OPTION = {"understanding": "--figures"}
# Everything after this line in the report is written by hand (analyses, history):
# a new run keeps it as it is.
HAND_WRITTEN = "<!-- Written by hand below this line: bench/run_all.py keeps it. -->"


def module(name: str) -> str:
    """What ``python -m`` runs for a benchmark."""
    return f"{PACKAGE.get(name, 'bench')}.{name}"


def source(name: str) -> str:
    """A benchmark's file, from the repository root."""
    return f"{PACKAGE.get(name, 'bench')}/{name}.py"


@dataclass
class Run:
    name: str
    argv: list[str]
    returncode: int | None = None
    seconds: float = 0.0
    output: str = ""
    error: str = ""  # why it did not run / did not finish
    table: list[list[str]] = field(default_factory=list)  # the figures (with a header row)
    notes: list[str] = field(default_factory=list)
    figures_error: str = ""
    figures: Path | None = None  # the file its figures are written to


# -- running -----------------------------------------------------------------------


def run_benchmark(name: str, quick: bool, timeout: float) -> Run:
    script = ROOT / source(name)
    _, full_args, quick_args = BENCHMARKS[name]
    argv = [sys.executable, "-m", module(name), *(quick_args if quick else full_args)]
    run = Run(name, argv)
    if not script.exists():
        run.error = f"{source(name)} does not exist (yet)"
        return run
    print(f"run_all: {' '.join(argv[1:])} ...", file=sys.stderr, flush=True)
    run.figures = Path(tempfile.mkdtemp(prefix="drbot-run-all-")) / f"{name}.json"
    argv = [*argv, FIGURES_OPTION.get(name, "--json"), str(run.figures)]
    started = time.monotonic()
    try:
        done = subprocess.run(
            argv,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
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
    print(
        f"run_all: {source(name)} done in {run.seconds:.1f} s (exit {done.returncode})",
        file=sys.stderr,
        flush=True,
    )
    return run


# -- reading the figures -------------------------------------------------------------


def read_figures(run: Run, path: Path) -> None:
    """The table and notes a benchmark wrote with --json."""
    data = json.loads(path.read_text(encoding="utf-8"))
    table, notes = data["table"], data.get("notes", [])
    if not table or table[0] != HEAD or any(len(row) != len(HEAD) for row in table):
        raise ValueError(f"the table's columns are not {', '.join(HEAD)}")
    run.table = [[str(c) for c in row] for row in table]
    run.notes = [str(n) for n in notes]


def collect(run: Run) -> None:
    """The figures of a run, from the JSON file it wrote. Missing or malformed
    figures (a benchmark that failed half way) leave the table empty and say why:
    the report then shows the printed output instead."""
    if run.figures is None:
        return
    try:
        read_figures(run, run.figures)
    except (OSError, ValueError, KeyError, TypeError) as error:
        run.table, run.notes = [], []
        run.figures_error = f"no figures in its JSON ({type(error).__name__}: {error})"
    finally:
        shutil.rmtree(run.figures.parent, ignore_errors=True)


# -- writing ----------------------------------------------------------------------------


def cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown_table(rows: list[list[str]]) -> str:
    head, *body = rows
    lines = [
        "| " + " | ".join(cell(c) for c in head) + " |",
        "|" + "|".join("---" for _ in head) + "|",
    ]
    lines += ["| " + " | ".join(cell(c) for c in row[: len(head)]) + " |" for row in body]
    return "\n".join(lines)


def machine() -> list[str]:
    try:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
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
    return [
        f"- **Machine:** {platform.platform()}; {cpu}; {os.cpu_count()} CPUs{mem}",
        f"- **Load average at the start:** {' '.join(f'{x:.2f}' for x in os.getloadavg())}",
        f"- **Python:** {platform.python_implementation()} {platform.python_version()};"
        f" SQLite {sqlite3.sqlite_version}"
        + (f"; drbot at commit `{commit}` (plus any uncommitted changes)" if commit else ""),
    ]


def report(runs: list[Run], args, started: datetime, seconds: float) -> str:
    mode = (
        "**quick run** (`--quick`: small sizes, a check that everything runs — not the"
        " figures the targets are about)"
        if args.quick
        else "full run"
    )
    out = [
        "# Performance",
        "",
        f"Generated by `python -m bench.run_all{' --quick' if args.quick else ''}"
        f"{' --soak' if args.soak else ''}` on"
        f" {started.strftime('%Y-%m-%d %H:%M UTC')} — {mode}; {seconds / 60:.1f} minutes in"
        " all. Every benchmark runs as its own process, one after the other; each compares"
        " drbot with a baseline measured in the same run on the same machine. Figures vary"
        " with the machine and with whatever else runs on it.",
        "",
        *machine(),
        "",
        "## Summary",
        "",
    ]
    summary = [["benchmark", "what", "targets", "time"]]
    for run in runs:
        if run.error and not run.output:
            status = run.error
        elif run.figures_error:
            status = "see the raw output (no figures)"
        else:
            verdicts = [r[-1] for r in run.table[1:] if r and r[-1] not in ("—", "")]
            missed = [v for v in verdicts if v.lower() != "met"]
            status = (
                "all met"
                if verdicts and not missed
                else f"{len(missed)} of {len(verdicts)} not met"
                if verdicts
                else "no targets"
            )
            if run.error:
                status += f" ({run.error})"
        summary.append(
            [
                f"[{source(run.name)}](#{run.name})",
                BENCHMARKS[run.name][0],
                status,
                f"{run.seconds:.0f} s" if run.seconds else "—",
            ]
        )
    out += [markdown_table(summary), ""]
    for run in runs:
        out += [
            f'<a id="{run.name}"></a>',
            "",
            f"## {source(run.name)}",
            "",
            BENCHMARKS[run.name][0][:1].upper() + BENCHMARKS[run.name][0][1:] + ".",
            "",
            f"Command: `{' '.join(['.venv/bin/python', *run.argv[1:]])}`"
            + (f" ({run.seconds:.0f} s)" if run.seconds else ""),
            "",
        ]
        if run.error:
            out += [f"**Not complete:** {run.error}.", ""]
        if run.table:
            out += [markdown_table(run.table), ""]
            for note in run.notes:
                out += [note, ""]
        elif run.output.strip():
            why = run.figures_error or "it wrote an empty table"
            out += [
                f"The figures could not be read ({cell(why)}); here they are as printed:",
                "",
                "```text",
                run.output.rstrip(),
                "```",
                "",
            ]
        if run.output.strip() and run.table:
            out += [
                "<details><summary>Raw output</summary>",
                "",
                "```text",
                run.output.rstrip(),
                "```",
                "",
                "</details>",
                "",
            ]
    skipped = [n for n in ORDER if n not in {r.name for r in runs}]
    if "soak" in skipped:
        out += [
            "## bench/soak.py",
            "",
            "Not run (it takes about ten minutes): `.venv/bin/python -m bench.run_all"
            " --soak` includes it.",
            "",
        ]
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
    parser.add_argument(
        "--only",
        action="append",
        choices=ORDER,
        metavar="NAME",
        help="run only these benchmarks (repeatable): " + ", ".join(ORDER),
    )
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "PERFORMANCE.md")
    parser.add_argument(
        "--timeout", type=float, default=1800, help="seconds one benchmark may take (default 1800)"
    )
    args = parser.parse_args()
    names = args.only or [n for n in ORDER if n != "soak" or args.soak]
    started = datetime.now(UTC)
    t0 = time.monotonic()
    runs = []
    for name in names:
        run = run_benchmark(name, args.quick, args.timeout)
        collect(run)
        if run.figures_error:
            print(
                f"run_all: {source(name)} figures not read ({run.figures_error});"
                " the report shows it raw",
                file=sys.stderr,
            )
        runs.append(run)
    text = report(runs, args, started, time.monotonic() - t0) + kept_by_hand(args.out)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(text, encoding="utf-8")
    print(f"run_all: wrote {args.out}", file=sys.stderr)
    return 0 if all(not r.error for r in runs) else 1


if __name__ == "__main__":
    sys.exit(main())
