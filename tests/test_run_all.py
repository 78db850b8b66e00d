"""bench/run_all.py renders the report's tables from the figures the benchmarks
write as JSON (--json FILE), and keeps what people wrote below its hand-written line.
The benchmarks run for real here, at a few hundred people (their figures are
not checked: timed assertions do not belong in tests)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from bench import run_all
from bench.common import Figures, ratio, verdict

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    "name, args, measures",
    [
        (
            "scheduler_scale",
            ["--users", "150", "--runs", "1"],
            [
                "stale scan, everyone",
                "due + stuck + stale, everyone",
                "all briefings built",
                "30 people's briefings (one minute of the job)",
            ],
        ),
        (
            "reminders_scale",
            [
                "--users",
                "150",
                "--scheduled",
                "800",
                "--fired",
                "20",
                "--runs",
                "2",
                "--own",
                "900",
                "--own-due",
                "12",
            ],
            [
                "due reminders, first tick after downtime",
                "due reminders, every later tick",
                "own reminders, quiet tick",
                "own reminders, busy tick",
            ],
        ),
    ],
)
def test_the_scale_benchmarks_write_the_figures_run_all_renders(tmp_path, name, args, measures):
    figures = tmp_path / "figures.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            f"bench.{name}",
            "--db",
            str(tmp_path / "b.db"),
            "--json",
            str(figures),
            *args,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    run = run_all.Run(name, [], output=done.stdout, figures=figures)
    run_all.collect(run)
    assert run.figures_error == ""
    assert run.table[0] == run_all.HEAD
    assert len(run.table) - 1 == len(measures)
    assert all(row[0].startswith(m) for row, m in zip(run.table[1:], measures))
    verdicts = [row[-1] for row in run.table[1:]]
    assert set(verdicts) <= {"met", "MISSED", "—"} and {"met", "MISSED"} & set(verdicts)
    assert run.notes


def _figures(tmp_path: Path, data) -> Path:
    path = tmp_path / "d" / "figures.json"
    path.parent.mkdir()
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_report_is_rendered_from_the_json(tmp_path):
    figures = Figures()
    figures.row(
        "stale scan, everyone (3 stale steps)",
        "0.012 s (worst 0.020)",
        "the earlier query: 0.050 s",
        ratio(0.012, 0.05),
        "< 0.2 s",
        verdict(0.012, 0.2),
    )
    figures.row("all briefings built", "1.500 s", target="< 1.0 s", verdict=verdict(1.5, 1.0))
    figures.note("Data: 10 people")
    path = tmp_path / "d" / "figures.json"
    path.parent.mkdir()
    figures.write(path)
    run = run_all.Run(
        "scheduler_scale",
        ["python", "-m", "bench.scheduler_scale"],
        output="printed text that is not read",
        figures=path,
        seconds=3,
    )
    run_all.collect(run)
    assert run.figures_error == "" and not path.exists()  # read, then cleaned up
    text = run_all.report(
        [run],
        argparse.Namespace(quick=False, soak=False),
        datetime(2026, 11, 26, 11, 0, tzinfo=UTC),
        60,
    )
    assert (
        "| stale scan, everyone (3 stale steps) | 0.012 s (worst 0.020) |"
        " the earlier query: 0.050 s | 0.24× | < 0.2 s | met |"
    ) in text
    assert "| all briefings built | 1.500 s | — | — | < 1.0 s | MISSED |" in text
    assert "\nData: 10 people\n" in text
    assert "| [bench/scheduler_scale.py](#scheduler_scale) |" in text and "1 of 2 not met" in text
    assert "Command: `.venv/bin/python -m bench.scheduler_scale` (3 s)" in text


@pytest.mark.parametrize(
    "data",
    [
        {"table": [["measure", "drbot"], ["x", "1"]], "notes": []},  # other columns
        {"notes": ["no table"]},
        [1, 2, 3],
    ],
)
def test_figures_that_are_not_a_report_table_show_the_raw_output(tmp_path, data):
    run = run_all.Run("reminders_scale", [], output="tick 1.0 ms", figures=_figures(tmp_path, data))
    run_all.collect(run)
    assert run.table == [] and "no figures in its JSON" in run.figures_error
    text = run_all.report(
        [run],
        argparse.Namespace(quick=True, soak=False),
        datetime(2026, 11, 26, 11, 0, tzinfo=UTC),
        60,
    )
    assert "could not be read" in text and "tick 1.0 ms" in text


def test_a_benchmark_that_wrote_no_json_shows_the_raw_output(tmp_path):
    run = run_all.Run(
        "reminders_scale", [], output="crashed half way", figures=tmp_path / "d" / "missing.json"
    )
    run_all.collect(run)
    assert run.table == [] and "FileNotFoundError" in run.figures_error


def test_a_new_report_keeps_the_hand_written_part(tmp_path):
    out = tmp_path / "PERFORMANCE.md"
    assert run_all.kept_by_hand(out) == ""  # no earlier report
    out.write_text(
        "# Performance\n\nold figures\n\n"
        + run_all.HAND_WRITTEN
        + "\n\n## Why\n\nwritten by people\n",
        encoding="utf-8",
    )
    kept = run_all.kept_by_hand(out)
    assert kept.startswith("\n" + run_all.HAND_WRITTEN) and "written by people" in kept
    assert "old figures" not in kept
    out.write_text("# Performance\n\nno line\n", encoding="utf-8")
    assert run_all.kept_by_hand(out) == ""
