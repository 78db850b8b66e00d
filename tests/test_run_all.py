"""bench/run_all.py reads the scheduler's scale benchmarks into the
report's tables, and keeps what people wrote below its hand-written line.
The benchmarks run for real here, at a few hundred people (their figures are
not checked: timed assertions do not belong in tests)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bench import run_all

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("name, args, measures", [
    ("scheduler_scale", ["--users", "150", "--runs", "1"],
     ["stale scan, everyone", "due + stuck + stale, everyone", "all briefings built",
      "30 people's briefings (one minute of the job)"]),
    ("reminders_scale", ["--users", "150", "--scheduled", "800", "--fired", "20", "--runs", "2",
                         "--own", "900", "--own-due", "12"],
     ["due reminders, first tick after downtime", "due reminders, every later tick",
      "own reminders, quiet tick", "own reminders, busy tick"]),
])
def test_the_scale_benchmarks_print_what_run_all_reads(tmp_path, name, args, measures):
    done = subprocess.run([sys.executable, f"bench/{name}.py", "--db", str(tmp_path / "b.db"),
                           *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    run = run_all.Run(name, [], output=done.stdout)
    run_all.parse(run)
    assert run.parse_error == ""
    assert len(run.table) - 1 == len(measures)
    assert all(row[0].startswith(m) for row, m in zip(run.table[1:], measures))
    verdicts = [row[-1] for row in run.table[1:]]
    assert set(verdicts) <= {"met", "MISSED", "—"} and {"met", "MISSED"} & set(verdicts)


def test_a_new_report_keeps_the_hand_written_part(tmp_path):
    out = tmp_path / "PERFORMANCE.md"
    assert run_all.kept_by_hand(out) == ""            # no earlier report
    out.write_text("# Performance\n\nold figures\n\n" + run_all.HAND_WRITTEN
                   + "\n\n## Why\n\nwritten by people\n", encoding="utf-8")
    kept = run_all.kept_by_hand(out)
    assert kept.startswith("\n" + run_all.HAND_WRITTEN) and "written by people" in kept
    assert "old figures" not in kept
    out.write_text("# Performance\n\nno line\n", encoding="utf-8")
    assert run_all.kept_by_hand(out) == ""
