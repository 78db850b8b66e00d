"""The command line: migrate, export, backup — and errors as one line, exit 2."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys

import pytest

from drbot.cli import main
from drbot.memory import PlanStore
from drbot.memory.database import LATEST_VERSION


@pytest.fixture
def db_path(tmp_path, monkeypatch):
    path = tmp_path / "data" / "drbot.db"
    monkeypatch.setenv("DRBOT_DB", str(path))
    monkeypatch.delenv("DRBOT_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)  # no ./config.toml here
    return path


def fill(path) -> int:
    async def go():
        store = await PlanStore.open(path)
        plan = await store.create_plan(
            1, "Fix the fence", "garden <north side>", ["Get quotes", "Hire contractor"]
        )
        step = (await store.get_plan(1, plan))["steps"][0]["id"]
        await store.add_attempt(1, step, "left voicemail", "Jim's Fencing")
        await store.add_attempt(1, step, "wrong number")
        await store.undo(1, plan)
        await store.add_note(1, plan, "Jim is the cheapest", "finding")
        await store.add_note(1, plan, "called two firms", "progress")
        await store.create_plan(2, "Someone else's plan", None, ["secret step"])
        await store.close()
        return plan

    return asyncio.run(go())


def test_migrate_reports_version_and_is_idempotent(db_path, capsys):
    assert main(["migrate"]) == 0
    first = capsys.readouterr().out
    assert f"schema version {LATEST_VERSION}" in first and "applied 0001" in first
    assert main(["migrate"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_export_markdown_has_steps_marks_attempts_notes_history(db_path, capsys):
    plan = fill(db_path)
    assert main(["export", str(plan), "--user-id", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Fix the fence\n")
    assert "- … 1. Get quotes (in progress)" in out
    assert "- □ 2. Hire contractor (pending)" in out
    assert "left voicemail (Jim's Fencing)" in out
    assert "~~" in out and "wrong number" in out and "(undone)" in out  # retracted attempt
    assert "## Findings" in out and "Jim is the cheapest" in out
    assert "## Progress" in out and "called two firms" in out
    assert "## History" in out and "1. " in out and "created" in out


def test_export_json_is_the_whole_plan(db_path, capsys):
    plan = fill(db_path)
    assert main(["export", str(plan), "--format", "json"]) == 0  # default user: 1
    data = json.loads(capsys.readouterr().out)
    assert data["title"] == "Fix the fence"
    assert [s["title"] for s in data["steps"]] == ["Get quotes", "Hire contractor"]
    assert [a["retracted"] for a in data["steps"][0]["attempts"]] == [False, True]
    assert [h["revision"] for h in data["history"]] == list(range(1, len(data["history"]) + 1))


def test_export_of_another_users_plan_is_not_found(db_path, capsys):
    fill(db_path)
    assert main(["export", "2", "--user-id", "1"]) == 2
    err = capsys.readouterr().err
    assert err == "drbot: there is no plan 2 for user 1\n"
    assert main(["export", "999", "--user-id", "1"]) == 2
    assert capsys.readouterr().err == "drbot: there is no plan 999 for user 1\n"


def test_backup_is_a_consistent_copy(db_path, tmp_path, capsys):
    fill(db_path)
    dest = tmp_path / "backup.db"
    assert main(["backup", str(dest)]) == 0
    assert "integrity ok" in capsys.readouterr().out
    copy = sqlite3.connect(dest)
    assert copy.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert copy.execute("SELECT count(*) FROM plan_step_attempts").fetchone()[0] == 2
    assert copy.execute("SELECT title FROM plans ORDER BY id").fetchall() == [
        ("Fix the fence",),
        ("Someone else's plan",),
    ]
    copy.close()
    # An existing file is never overwritten.
    assert main(["backup", str(dest)]) == 2
    assert "already exists" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["export", "1"], "no database at"),
        (
            ["migrate", "--config", "missing.toml"],
            "config file missing.toml (from --config) does not exist",
        ),
    ],
)
def test_errors_are_one_line_and_exit_2(db_path, capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_bad_config_file_is_one_line(db_path, tmp_path, capsys):
    (tmp_path / "config.toml").write_text("[llm]\nmax_iterations = 'many'\n")
    assert main(["migrate"]) == 2
    err = capsys.readouterr().err
    assert "max_iterations" in err and err.count("\n") == 1


def test_console_script_runs(db_path):
    result = subprocess.run(
        [sys.executable, "-m", "drbot", "migrate"], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert f"schema version {LATEST_VERSION}" in result.stdout


# -- files this drbot must not serve from --------------------------------------

NEWER = (
    f"drbot: this database was written by a newer drbot (schema {LATEST_VERSION + 1}, "
    f"this drbot knows {LATEST_VERSION}): upgrade drbot"
)


def newer_schema(path) -> None:
    """A database as a later release would leave it: every migration of ours, one more."""
    assert main(["migrate"]) == 0
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE from_the_future (id INTEGER PRIMARY KEY)")
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    conn.close()


def test_migrate_refuses_a_schema_newer_than_this_drbot(db_path, capsys):
    newer_schema(db_path)
    capsys.readouterr()
    before = db_path.read_bytes()
    assert main(["migrate"]) == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", NEWER + "\n")  # not "up to date"
    assert db_path.read_bytes() == before


def _chat_env(db_path) -> dict[str, str]:
    from tests.drbot_process import clean_env

    return clean_env(DRBOT_DB=str(db_path))


async def test_chat_refuses_a_newer_schema_with_one_line(db_path, tmp_path):
    from tests.drbot_process import run_drbot_in_process

    await asyncio.to_thread(newer_schema, db_path)  # main() runs its own event loop
    code, out, err = await run_drbot_in_process("chat", cwd=tmp_path, env=_chat_env(db_path))
    assert (code, out, err) == (2, "", NEWER + "\n")


async def test_chat_refuses_a_damaged_database_with_one_line(db_path, tmp_path):
    from tests.damaged_db import damaged_database
    from tests.drbot_process import run_drbot_in_process

    await damaged_database(db_path)
    before = db_path.read_bytes()
    code, out, err = await run_drbot_in_process("chat", cwd=tmp_path, env=_chat_env(db_path))
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith(f"drbot: the database {db_path} is damaged (quick_check: ")
    assert err.rstrip().endswith(
        "restore it from your latest `drbot backup DEST` copy: stop "
        "drbot, move drbot.db, drbot.db-wal and drbot.db-shm aside, "
        f"then copy the backup to {db_path}"
    )
    assert "Traceback" not in err
    assert db_path.read_bytes() == before  # nothing was written into it
