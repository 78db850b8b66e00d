"""Crash safety: a writer killed with SIGKILL at random moments loses nothing it
acknowledged, and leaves a database that is whole and consistent.

A child process writes to one file in a loop and prints an ACK line after each
change has committed. The parent kills it at a random moment, starts it again on
the same file (which recovers the WAL and keeps writing), and repeats. In the end
every acknowledged row must be there with the right content.

DRBOT_CRASH_ROUNDS raises the number of rounds (30 by default).
"""

from __future__ import annotations

import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from drbot.memory.plans import PlanStore

ROUNDS = max(30, int(os.environ.get("DRBOT_CRASH_ROUNDS", "30")))
USER = 42

# The writer. It prints READY once the store is open, then for each committed change:
#   ACK plan <plan_id> <title>            a new plan with steps "<title> a", "<title> b"
#   ACK step <step_id> <plan_id> <title>  a step inserted at a random position
#   ACK attempt <attempt_id> <step_id> <outcome>
CHILD = r"""
import asyncio, random, sys
from drbot.memory.plans import PlanStore

USER = 42

def ack(*fields):
    print("ACK", *fields, flush=True)

async def main(path, round_no, seed):
    rng = random.Random(seed)
    store = await PlanStore.open(path)
    plans = await store.list_plans(USER)
    if plans:
        plan_id = plans[-1]["id"]
    else:
        title = f"r{round_no}-start"
        plan_id = await store.create_plan(USER, title, steps=[f"{title} a", f"{title} b"])
        ack("plan", plan_id, title)
    steps = [s["id"] for s in (await store.get_plan(USER, plan_id))["steps"]]
    print("READY", flush=True)
    i = 0
    while True:
        i += 1
        roll = rng.random()
        if roll < 0.04:
            title = f"r{round_no}-{i}"
            plan_id = await store.create_plan(USER, title, steps=[f"{title} a", f"{title} b"])
            ack("plan", plan_id, title)
            steps = [s["id"] for s in (await store.get_plan(USER, plan_id))["steps"]]
        elif roll < 0.10 and len(steps) < 40:
            title = f"r{round_no}-{i}-step"
            step_id = await store.add_step(USER, plan_id, title,
                                           position=rng.randint(1, len(steps) + 1))
            ack("step", step_id, plan_id, title)
            steps.append(step_id)
        elif roll < 0.20:
            # A few writers at once, as concurrent handlers would be.
            outcomes = [f"attempt {round_no}.{i}.{k}" for k in range(3)]
            targets = [rng.choice(steps) for _ in outcomes]

            async def one(step_id, outcome):
                attempt_id = await store.add_attempt(USER, step_id, outcome)
                ack("attempt", attempt_id, step_id, outcome.replace(" ", "_"))

            await asyncio.gather(*(one(s, o) for s, o in zip(targets, outcomes)))
        else:
            step_id = rng.choice(steps)
            outcome = f"attempt {round_no}.{i}"
            attempt_id = await store.add_attempt(USER, step_id, outcome)
            ack("attempt", attempt_id, step_id, outcome.replace(" ", "_"))

asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
"""

ACK = re.compile(r"ACK (plan|step|attempt) (\d+) (\S+)(?: (\S+))?\n")


@dataclass
class Acked:
    plans: dict[int, str] = field(default_factory=dict)  # id -> title
    steps: dict[int, tuple[int, str]] = field(default_factory=dict)  # id -> (plan, title)
    attempts: dict[int, tuple[int, str]] = field(default_factory=dict)  # id -> (step, outcome)

    def add(self, line: str) -> bool:
        match = ACK.fullmatch(line)
        if match is None:
            return False
        kind, first, second, third = match.groups()
        if kind == "plan":
            assert third is None, line
            self.plans[int(first)] = second
        elif kind == "step":
            self.steps[int(first)] = (int(second), third)
        else:
            self.attempts[int(first)] = (int(second), third.replace("_", " "))
        return True


def run_round(
    script: Path, path: Path, round_no: int, rng: random.Random, acked: Acked, stderr_path: Path
) -> dict[str, int]:
    """Start the writer, kill it at a random moment, and collect its ACKs."""
    with open(stderr_path, "w") as stderr:
        child = subprocess.Popen(
            [sys.executable, str(script), str(path), str(round_no), str(rng.randrange(1 << 30))],
            stdout=subprocess.PIPE,
            stderr=stderr,
            bufsize=0,
        )
    lines: list[bytes] = []
    ready = threading.Event()

    def read() -> None:
        # Only whole lines count: a line cut short by the kill was never acknowledged.
        for line in child.stdout:
            lines.append(line)
            if line == b"READY\n":
                ready.set()
        ready.set()  # EOF: the child died (or was killed) before READY

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    early = round_no % 5 == 4  # some rounds die while starting up and recovering
    try:
        if early:
            time.sleep(rng.uniform(0.0, 0.15))
        else:
            assert ready.wait(timeout=30), "the writer never became ready"
            time.sleep(rng.uniform(0.02, 0.15))
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    reader.join(timeout=30)
    child.stdout.close()
    assert child.returncode == -signal.SIGKILL, (
        f"round {round_no}: the writer exited by itself ({child.returncode}):\n"
        + stderr_path.read_text()
    )

    counted = 0
    for raw in lines:
        line = raw.decode()
        if line == "READY\n":
            continue
        if not line.endswith("\n"):
            continue  # torn by the kill
        assert acked.add(line), f"unexpected output {line!r}"
        counted += 1
    return {"acks": counted, "ready": int(b"READY\n" in lines), "early": int(early)}


def query(conn: sqlite3.Connection, sql: str, params=()) -> list[tuple]:
    return [tuple(r) for r in conn.execute(sql, params)]


@pytest.mark.slow
async def test_sigkilled_writer_loses_nothing_acknowledged(tmp_path):
    path = tmp_path / "crash.db"
    script = tmp_path / "writer.py"
    script.write_text(CHILD)
    seed = int(os.environ.get("DRBOT_CRASH_SEED", random.randrange(1 << 30)))
    rng = random.Random(seed)
    acked = Acked()
    rounds = [
        run_round(script, path, n, rng, acked, tmp_path / f"stderr-{n}.txt") for n in range(ROUNDS)
    ]
    context = f"(seed {seed}; DRBOT_CRASH_SEED={seed} repeats the kill timings)"

    # The kills really landed in the middle of writing.
    writing_rounds = [r for r in rounds if not r["early"]]
    assert sum(r["ready"] for r in writing_rounds) == len(writing_rounds), context
    assert sum(r["acks"] > 0 for r in writing_rounds) >= len(writing_rounds) * 3 // 4, context
    assert len(acked.attempts) >= ROUNDS and acked.plans, context

    conn = sqlite3.connect(path)  # the first connection after the last kill recovers the WAL
    try:
        assert query(conn, "PRAGMA integrity_check") == [("ok",)], context
        assert query(conn, "PRAGMA foreign_key_check") == [], context
        orphans = {
            "steps without plans": "SELECT s.id FROM plan_steps s"
            " LEFT JOIN plans p ON p.id = s.plan_id WHERE p.id IS NULL",
            "attempts without steps": "SELECT a.id FROM plan_step_attempts a"
            " LEFT JOIN plan_steps s ON s.id = a.step_id"
            " WHERE s.id IS NULL",
            "revisions without plans": "SELECT r.id FROM plan_revisions r"
            " LEFT JOIN plans p ON p.id = r.plan_id WHERE p.id IS NULL",
        }
        for what, sql in orphans.items():
            assert query(conn, sql) == [], f"{what} {context}"

        plans = {r[0]: r[1:] for r in query(conn, "SELECT id, user_id, title FROM plans")}
        steps = {r[0]: r[1:] for r in query(conn, "SELECT id, plan_id, title FROM plan_steps")}
        attempts = {
            r[0]: r[1:] for r in query(conn, "SELECT id, step_id, outcome FROM plan_step_attempts")
        }
        for plan_id, title in acked.plans.items():
            assert plans.get(plan_id) == (USER, title), f"plan {plan_id} lost {context}"
            own = {t for p, t in steps.values() if p == plan_id}
            assert {f"{title} a", f"{title} b"} <= own, f"plan {plan_id} {context}"
        for step_id, (plan_id, title) in acked.steps.items():
            assert steps.get(step_id) == (plan_id, title), f"step {step_id} lost {context}"
        for attempt_id, (step_id, outcome) in acked.attempts.items():
            assert attempts.get(attempt_id) == (step_id, outcome), (
                f"attempt {attempt_id} lost {context}"
            )

        # Nothing appeared that was not asked for: at most the few writes that
        # committed in the instant before a kill went unacknowledged.
        unacked = set(attempts) - set(acked.attempts)
        assert len(unacked) <= 3 * ROUNDS, context
        assert all(re.fullmatch(r"attempt \d+\.\d+(\.\d)?", o) for _, o in attempts.values())

        # A change and its revision are one transaction: every attempt, acked or
        # not, has the revision that records it, and revisions count without gaps.
        causes = query(conn, "SELECT plan_id, cause FROM plan_revisions")
        recorded = {
            (p, c.split(": ", 1)[1].split("; ")[0]) for p, c in causes if c.startswith("attempt on")
        }
        for attempt_id, (step_id, outcome) in attempts.items():
            assert (steps[step_id][0], outcome) in recorded, f"attempt {attempt_id} {context}"
        for plan_id, count, top in query(
            conn, "SELECT plan_id, count(*), max(revision) FROM plan_revisions GROUP BY plan_id"
        ):
            assert count == top, f"plan {plan_id} revisions {context}"
        assert set(plans) == {p for p, _ in causes}, context
    finally:
        conn.close()

    store = await PlanStore.open(path)
    try:
        assert await store.verify() == [], context
        for plan_id in plans:
            plan = await store.get_plan(USER, plan_id)
            shown = {a["id"] for s in plan["steps"] for a in s["attempts"]}
            assert shown == {a for a, (s, _) in attempts.items() if steps[s][0] == plan_id}
        # ... and the file keeps working.
        step_id = next(iter(acked.steps or steps))
        attempt_id = await store.add_attempt(USER, step_id, "after the crashes")
        assert attempt_id > max(attempts)
    finally:
        await store.close()
