"""bench/common.py: what the benchmarks share — the nearest-rank percentile, the
timing loop, and the temporary database that is removed unless kept."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bench.common import new_database, new_database_options, pct, pct_ms, timed_runs


def test_the_percentile_is_the_nearest_rank():
    values = [5.0, 1.0, 4.0, 2.0, 3.0]
    assert [pct(values, p) for p in (0, 20, 50, 90, 100)] == [1.0, 1.0, 3.0, 5.0, 5.0]
    assert pct_ms([2_000_000, 1_000_000], 50) == 1.0


async def test_the_timing_loop_runs_before_each_call_and_keeps_the_last_result():
    calls: list[str] = []

    async def make():
        calls.append("call")
        return len(calls)

    times, cpu, last = await timed_runs(3, make, before=lambda: calls.append("before"))
    assert calls == ["before", "call"] * 3 and last == 6
    assert len(times) == len(cpu) == 3 and min(times) >= 0


def _parsed(*argv: str) -> tuple[argparse.ArgumentParser, argparse.Namespace]:
    parser = argparse.ArgumentParser()
    new_database_options(parser)
    return parser, parser.parse_args(argv)


def test_the_temporary_database_is_removed_unless_kept(capsys):
    parser, args = _parsed("--users", "3")
    with new_database(parser, args, prefix="drbot-bench-test-") as db:
        db.write_text("filled")
    assert not db.parent.exists()
    parser, args = _parsed("--keep")
    with new_database(parser, args, prefix="drbot-bench-test-") as db:
        db.write_text("filled")
    assert db.read_text() == "filled" and f"kept {db}" in capsys.readouterr().out
    db.unlink()
    db.parent.rmdir()


def test_a_given_database_must_be_new_and_is_kept(tmp_path: Path):
    parser, args = _parsed("--db", str(tmp_path / "b.db"))
    with new_database(parser, args, prefix="unused-") as db:
        db.write_text("filled")
    assert db == tmp_path / "b.db" and db.read_text() == "filled"
    parser, args = _parsed("--db", str(db))
    with pytest.raises(SystemExit), new_database(parser, args, prefix="unused-"):
        pass
    assert db.read_text() == "filled"
    parser, args = _parsed("--users", "0")
    with pytest.raises(SystemExit), new_database(parser, args, prefix="unused-"):
        pass
