"""What the benchmarks share: percentiles, timing, the header lines that say
where the figures come from, and temporary databases and the options that go
with them."""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import shutil
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

# -- percentiles and timing ------------------------------------------------------------


def pct(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of ``values``."""
    s = sorted(values)
    return s[max(0, min(len(s) - 1, math.ceil(p / 100 * len(s)) - 1))]


def pct_ms(values: list[int], p: float) -> float:
    """The p-th percentile (nearest rank) of nanosecond values, in ms."""
    return pct(values, p) / 1e6


async def timed_runs(
    runs: int,
    make: Callable[[], Awaitable[Any]],
    before: Callable[[], None] | None = None,
) -> tuple[list[float], list[float], Any]:
    """Wall and CPU seconds of ``runs`` awaited calls of ``make()``, and the last
    result. ``before`` runs ahead of each call, outside the timing. The previous
    result is let go before the next call: holding it would time fresh memory
    being mapped."""
    times: list[float] = []
    cpu: list[float] = []
    result = None
    for _ in range(runs):
        if before is not None:
            before()
        result = None
        start, start_cpu = time.perf_counter(), time.process_time()
        result = await make()
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return times, cpu, result


# -- where the figures come from ----------------------------------------------------------


def machine_line() -> str:
    return (
        f"machine   {platform.platform()}, {platform.machine()}, {os.cpu_count()} CPUs,"
        f" load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )


def python_line() -> str:
    return f"python    {platform.python_implementation()} {platform.python_version()}"


# -- databases and their options -----------------------------------------------------------


def new_database_options(parser: argparse.ArgumentParser, seed: int = 20261122) -> None:
    """--users, --db (a new file, kept), --keep (the temporary one) and --seed."""
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument(
        "--db",
        type=Path,
        help="database file to create (kept afterwards);"
        " default: a temporary directory, deleted unless --keep",
    )
    parser.add_argument("--keep", action="store_true", help="keep the temporary database")
    parser.add_argument("--seed", type=int, default=seed)


def reused_database_options(parser: argparse.ArgumentParser, runs: int, seed: int) -> None:
    """--users, --db (reuse or create a filled file), --runs and --seed."""
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--db", help="reuse (or create) this database file")
    parser.add_argument("--runs", type=int, default=runs)
    parser.add_argument("--seed", type=int, default=seed)


@contextmanager
def new_database(
    parser: argparse.ArgumentParser, args: argparse.Namespace, prefix: str
) -> Iterator[Path]:
    """``args.db``, or a new file in a temporary directory that is removed
    afterwards unless --keep. An existing --db file is refused: the benchmark
    fills a new one."""
    if args.users < 1:
        parser.error("--users must be at least 1")
    tmp = None
    if args.db is None:
        tmp = Path(tempfile.mkdtemp(prefix=prefix))
        args.db = tmp / "bench.sqlite3"
    elif args.db.exists():
        parser.error(f"{args.db} already exists; the benchmark only fills a new file")
    try:
        yield args.db
    finally:
        if tmp is not None:
            if args.keep:
                print(f"\nkept {args.db}")
            else:
                shutil.rmtree(tmp, ignore_errors=True)


def reused_database(args: argparse.Namespace, name: str) -> Path:
    """``--db`` if given, else a new file in a temporary directory left in place,
    so that a second run can pass it back with --db."""
    return Path(args.db) if args.db else Path(tempfile.mkdtemp()) / name


@contextmanager
def scratch_directory(prefix: str) -> Iterator[Path]:
    """A temporary directory, removed afterwards."""
    where = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        yield where
    finally:
        shutil.rmtree(where, ignore_errors=True)


# -- figures for the report -----------------------------------------------------------------

# The columns of every benchmark's table in docs/PERFORMANCE.md.
HEAD = ["measure", "drbot", "baseline (same run)", "ratio", "target", "verdict"]


def ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}×" if b else "—"


def verdict(value: float, below: float) -> str:
    return "met" if value < below else "MISSED"


def json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json",
        type=Path,
        metavar="FILE",
        help="also write the figures as JSON (bench/run_all.py reads it)",
    )


class Figures:
    """A benchmark's table (HEAD's columns) and notes, as bench/run_all.py puts
    them in docs/PERFORMANCE.md."""

    def __init__(self) -> None:
        self.table: list[list[str]] = [list(HEAD)]
        self.notes: list[str] = []

    def row(
        self,
        measure: str,
        drbot: str,
        baseline: str = "—",
        ratio: str = "—",
        target: str = "—",
        verdict: str = "—",
    ) -> None:
        self.table.append([measure, drbot, baseline, ratio, target, verdict])

    def note(self, text: str) -> None:
        self.notes.append(text)

    def write(self, path: Path | None) -> None:
        if path is not None:
            path.write_text(
                json.dumps({"table": self.table, "notes": self.notes}, ensure_ascii=False, indent=1)
                + "\n",
                encoding="utf-8",
            )
