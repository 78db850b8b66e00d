"""`drbot forget USER_ID [--yes]`: deletes one person's rows from the shell,
asking first on a terminal and refusing to guess off one."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys

import pytest

from drbot.cli import main
from drbot.memory import PlanStore
from drbot.memory.forget import holdings
from tests.people import mentions, seed_person, tables

ALICE, BOB = 101, 202


@pytest.fixture
def db_path(tmp_path, monkeypatch):
    path = tmp_path / "data" / "drbot.db"
    monkeypatch.setenv("DRBOT_DB", str(path))
    monkeypatch.delenv("DRBOT_CONFIG", raising=False)
    monkeypatch.chdir(tmp_path)
    return path


@pytest.fixture
def seeded(db_path):
    async def go():
        store = await PlanStore.open(db_path)
        try:
            await seed_person(store, ALICE, "ZEBRA", update_id=1)
            await seed_person(store, BOB, "OKAPI", update_id=2)
        finally:
            await store.close()

    asyncio.run(go())
    return db_path


def held(path, user_id: int) -> dict[str, int]:
    async def go():
        store = await PlanStore.open(path)
        try:
            return await holdings(store.db, user_id)
        finally:
            await store.close()

    return asyncio.run(go())


def test_forget_with_yes_deletes_the_person_and_nobody_else(seeded, capsys):
    bob = held(seeded, BOB)
    assert main(["forget", str(ALICE), "--yes"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        f"Deleted everything held about user {ALICE}: 2 plans, 5 steps, 2 attempts, 1 note"
    )
    assert held(seeded, ALICE) == {} and held(seeded, BOB) == bob
    assert mentions(tables(seeded), "ZEBRA") == {}
    assert main(["forget", str(ALICE), "--yes"]) == 0
    assert capsys.readouterr().out == f"Nothing is held about user {ALICE}.\n"


def test_forget_off_a_terminal_without_yes_refuses_and_deletes_nothing(seeded, capsys, monkeypatch):
    with open(os.devnull) as nothing:
        monkeypatch.setattr(sys, "stdin", nothing)
        before = tables(seeded)
        assert main(["forget", str(ALICE)]) == 2
    assert "add --yes" in capsys.readouterr().err
    assert tables(seeded) == before


@pytest.mark.parametrize("answer, deleted", [("no\n", False), ("yes\n", True)])
def test_forget_on_a_terminal_asks_first(seeded, answer, deleted):
    before = held(seeded, ALICE)
    controller, terminal = os.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "drbot", "forget", str(ALICE)],
            stdin=terminal,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        os.write(controller, answer.encode())
        out, err = process.communicate(timeout=120)
    finally:
        os.close(terminal)
        os.close(controller)
    assert process.returncode == 0, err
    assert f"Delete everything held about user {ALICE}: 2 plans" in err
    assert held(seeded, ALICE) == ({} if deleted else before)
    assert ("Deleted everything" in out) == deleted and ("Nothing deleted." in out) != deleted


def test_forget_without_a_database_is_one_line(db_path, capsys):
    assert main(["forget", "5", "--yes"]) == 2
    assert capsys.readouterr().err.startswith("drbot: no database at")
