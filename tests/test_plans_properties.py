"""PlanStore against a plain-Python model, driven by hypothesis.

Three users create plans and change them in any order (steps, attempts, mark
lines, notes, statuses, replans, undo) — including with each other's ids, which
must raise NotFound and change nothing.  After every step each plan read back
from SQLite must equal the model: steps (ids, titles, statuses, positions
1..n), every attempt and whether it is retracted, the notes, the revision
history, the per-user lists and their counts; and verify() is clean.

Undo is modelled as docs/ARCHITECTURE.md states it: every change appends a
snapshot; undo marks the latest change still in effect as undone, restores the
snapshot before it, and retracts the attempts made since that snapshot.
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from drbot.memory import NotFound, PlanStore
from tests.db_template import copy_migrated
from tests.stale_truth import kept_clocks, stale_clocks

USERS = (1, 2, 3)
STEP_STATUSES = ("pending", "in_progress", "done", "skipped", "blocked")
PLAN_STATUSES = ("active", "complete", "abandoned")
FINISHED = ("done", "skipped")
MISSING = 10**9


def dump(db_path) -> dict[str, list[tuple]]:
    conn = sqlite3.connect(db_path)
    try:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        return {t: conn.execute(f'SELECT * FROM "{t}" ORDER BY rowid').fetchall() for t in tables}
    finally:
        conn.close()


class TickingClock:
    """Moves on a second each time it is read, so every change has its own moment."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


@dataclass
class Step:
    id: int
    title: str
    status: str = "pending"


@dataclass(eq=False)  # revisions are told apart by identity, not by equal snapshots
class Revision:
    snapshot: tuple
    undone: bool = False
    is_undo: bool = False


@dataclass
class Plan:
    id: int
    owner: int
    title: str
    status: str = "active"
    times_replanned: int = 0
    steps: list[Step] = field(default_factory=list)
    attempts: dict[int, list[int]] = field(default_factory=dict)  # step id -> attempt ids
    retracted: set[int] = field(default_factory=set)
    notes: list[int] = field(default_factory=list)  # live note ids
    last_note: int = 0  # newest note id ever made
    revisions: list[Revision] = field(default_factory=list)
    # (revision number, step id) of the steps standing re-plans took out, in order
    replaced: list[tuple[int, int]] = field(default_factory=list)

    def last_attempt(self) -> int:
        return max((a for ids in self.attempts.values() for a in ids), default=0)

    def snapshot(self) -> tuple:
        return (
            self.status,
            self.times_replanned,
            tuple((s.id, s.title, s.status) for s in self.steps),
            self.last_attempt(),
            self.last_note,
        )

    def record(self, *, is_undo: bool = False) -> None:
        self.revisions.append(Revision(self.snapshot(), is_undo=is_undo))

    def in_effect(self) -> list[Revision]:
        return [r for r in self.revisions if not r.undone and not r.is_undo]

    def counts(self) -> dict[str, int]:
        return {status: sum(s.status == status for s in self.steps) for status in STEP_STATUSES}


class PlanStoreMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.tmp = tempfile.TemporaryDirectory(prefix="drbot-props-")
        self.db_path = copy_migrated(Path(self.tmp.name) / "plans.db")
        self.store = self.run(PlanStore.open(self.db_path, clock=TickingClock()))
        self.plans: dict[int, Plan] = {}
        self.step_plan: dict[int, int] = {}  # every step id ever made -> its plan
        self.counter = 0

    def teardown(self) -> None:
        try:
            self.run(self.store.close())
        finally:
            self.loop.close()
            self.tmp.cleanup()

    # -- helpers ---------------------------------------------------------------------

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix} {self.counter}"

    @contextmanager
    def unchanged(self):
        before = dump(self.db_path)
        yield
        assert dump(self.db_path) == before, "a refused call changed the database"

    def live_steps(self) -> list[tuple[Plan, Step]]:
        return [(plan, step) for _, plan in sorted(self.plans.items()) for step in plan.steps]

    def dead_steps(self) -> list[int]:
        live = {step.id for _, step in self.live_steps()}
        return sorted(set(self.step_plan) - live)

    def pick_plan(self, data) -> Plan:
        return self.plans[data.draw(st.sampled_from(sorted(self.plans)), label="plan")]

    def pick_step(self, data) -> tuple[Plan, Step]:
        plan, step = data.draw(st.sampled_from(self.live_steps()), label="step")
        return plan, step

    def has_plans(self) -> bool:
        return bool(self.plans)

    def has_steps(self) -> bool:
        return any(plan.steps for plan in self.plans.values())

    def view(self, *users: int):
        """Everything these users can see of their plans."""

        async def read(user):
            plans = await self.store.list_plans(user, "all")
            return plans, await asyncio.gather(*(self.store.get_plan(user, p["id"]) for p in plans))

        async def read_all():
            return await asyncio.gather(*(read(user) for user in users))

        return self.run(read_all())

    # -- rules -----------------------------------------------------------------------

    @rule(
        owner=st.sampled_from(USERS),
        title=st.sampled_from(["Fix the fence", "Tax return", "Move house", "Learn Welsh"]),
        n_steps=st.integers(0, 3),
    )
    def create_plan(self, owner, title, n_steps):
        titles = [self.fresh("step") for _ in range(n_steps)]
        plan_id = self.run(self.store.create_plan(owner, title, steps=titles))
        assert plan_id not in self.plans
        got = self.run(self.store.get_plan(owner, plan_id))
        assert [s["title"] for s in got["steps"]] == titles
        plan = Plan(plan_id, owner, title, steps=[Step(s["id"], s["title"]) for s in got["steps"]])
        for step in plan.steps:
            self.step_plan[step.id] = plan_id
            plan.attempts[step.id] = []
        plan.record()
        self.plans[plan_id] = plan

    @precondition(has_plans)
    @rule(data=st.data())
    def add_step(self, data):
        plan = self.pick_plan(data)
        n = len(plan.steps)
        position = data.draw(st.none() | st.integers(0, n + 2), label="position")
        title = self.fresh("added")
        if position is not None and not 1 <= position <= n + 1:
            with self.unchanged(), pytest.raises(ValueError, match="Position must be between"):
                self.run(self.store.add_step(plan.owner, plan.id, title, position=position))
            return
        step_id = self.run(self.store.add_step(plan.owner, plan.id, title, position=position))
        assert step_id not in self.step_plan
        plan.steps.insert((position or n + 1) - 1, Step(step_id, title))
        plan.attempts[step_id] = []
        self.step_plan[step_id] = plan.id
        plan.record()

    @precondition(has_steps)
    @rule(data=st.data())
    def add_attempt(self, data):
        plan, step = self.pick_step(data)
        attempt_id = self.run(self.store.add_attempt(plan.owner, step.id, "no answer"))
        if step.status == "pending":
            step.status = "in_progress"
        plan.attempts[step.id].append(attempt_id)
        plan.record()

    @precondition(has_steps)
    @rule(data=st.data(), status=st.sampled_from(STEP_STATUSES))
    def attempt_with_status(self, data, status):
        plan, step = self.pick_step(data)
        result = self.run(
            self.store.update_step(
                plan.owner, step.id, status=status, attempt_outcome="left a voicemail"
            )
        )
        assert result["status"] == status and result["step_id"] == step.id
        step.status = status
        plan.attempts[step.id].append(result["attempt_id"])
        plan.record()

    @precondition(has_steps)
    @rule(data=st.data(), status=st.sampled_from(STEP_STATUSES))
    def update_step_status(self, data, status):
        plan, step = self.pick_step(data)
        self.run(self.store.update_step_status(plan.owner, step.id, status))
        if status != step.status:  # re-stating the status changes nothing
            step.status = status
            plan.record()

    @precondition(has_steps)
    @rule(data=st.data())
    def apply_marks(self, data):
        plan = self.plans[
            data.draw(
                st.sampled_from(sorted(pid for pid, p in self.plans.items() if p.steps)),
                label="plan",
            )
        ]
        n = len(plan.steps)
        positions = data.draw(
            st.lists(st.integers(1, n), min_size=1, max_size=3, unique=True), label="positions"
        )
        marks = [
            (p, data.draw(st.sampled_from(STEP_STATUSES), label="status"), None) for p in positions
        ]
        if data.draw(st.booleans(), label="one bad mark"):
            marks.insert(
                data.draw(st.integers(0, len(marks)), label="where"), (n + 1, "done", None)
            )
            with self.unchanged(), pytest.raises(ValueError, match=f"no step {n + 1}"):
                self.run(self.store.apply_marks(plan.owner, plan.id, marks))
            return
        result = self.run(self.store.apply_marks(plan.owner, plan.id, marks))
        assert [(c["step_id"], c["status"]) for c in result] == [
            (plan.steps[p - 1].id, status) for p, status, _ in marks
        ]
        changes = [(p, status) for p, status, _ in marks if plan.steps[p - 1].status != status]
        assert [c["changed"] for c in result] == [
            plan.steps[p - 1].status != status for p, status, _ in marks
        ]
        for position, status in changes:
            plan.steps[position - 1].status = status
        if changes:  # marks that change nothing leave nothing for /undo
            plan.record()

    @precondition(has_steps)
    @rule(data=st.data())
    def bad_step_status(self, data):
        plan, step = self.pick_step(data)
        with self.unchanged(), pytest.raises(ValueError, match="Unknown step status"):
            self.run(self.store.update_step_status(plan.owner, step.id, "finished"))

    @precondition(has_plans)
    @rule(data=st.data(), status=st.sampled_from(PLAN_STATUSES))
    def update_plan_status(self, data, status):
        plan = self.pick_plan(data)
        self.run(self.store.update_plan_status(plan.owner, plan.id, status))
        if status != plan.status:
            plan.status = status
            plan.record()

    @precondition(has_plans)
    @rule(data=st.data(), n_steps=st.integers(1, 3))
    def replan(self, data, n_steps):
        plan = self.pick_plan(data)
        titles = [self.fresh("replanned") for _ in range(n_steps)]
        if plan.times_replanned >= 3:
            with self.unchanged(), pytest.raises(ValueError, match="abandoned or complete"):
                self.run(self.store.replan(plan.owner, plan.id, titles))
            return
        ids = self.run(self.store.replan(plan.owner, plan.id, titles))
        assert len(ids) == n_steps and not set(ids) & set(self.step_plan)
        revision = len(plan.revisions) + 1
        plan.replaced += [(revision, s.id) for s in plan.steps if s.status not in FINISHED]
        plan.steps = [s for s in plan.steps if s.status in FINISHED] + [
            Step(i, t) for i, t in zip(ids, titles)
        ]
        for step_id in ids:
            self.step_plan[step_id] = plan.id
            plan.attempts[step_id] = []
        plan.times_replanned += 1
        plan.status = "active"
        plan.record()

    @precondition(has_plans)
    @rule(data=st.data(), kind=st.sampled_from(["finding", "progress"]))
    def add_note(self, data, kind):
        plan = self.pick_plan(data)
        note_id = self.run(self.store.add_note(plan.owner, plan.id, self.fresh("note"), kind))
        plan.notes.append(note_id)
        plan.last_note = note_id
        plan.record()

    @precondition(has_plans)
    @rule(data=st.data())
    def undo(self, data):
        plan = self.pick_plan(data)
        in_effect = plan.in_effect()
        if len(in_effect) < 2:
            with self.unchanged(), pytest.raises(ValueError, match="Nothing to undo"):
                self.run(self.store.undo(plan.owner, plan.id))
            return
        result = self.run(self.store.undo(plan.owner, plan.id))
        latest, target = in_effect[-1], in_effect[-2]
        assert result["revision"] == plan.revisions.index(latest) + 1  # (eq=False: identity)
        assert result["restored_revision"] == plan.revisions.index(target) + 1
        latest.undone = True
        status, _, steps, last_attempt, last_note = target.snapshot
        plan.notes = [n for n in plan.notes if n <= last_note]
        plan.status = status  # times_replanned counts re-plans made: an undo keeps it
        undone = plan.revisions.index(latest) + 1
        plan.replaced = [(r, i) for r, i in plan.replaced if r != undone]  # back in the plan
        plan.steps = [Step(*s) for s in steps]
        newly = {a for ids in plan.attempts.values() for a in ids if a > last_attempt}
        newly -= plan.retracted
        plan.retracted |= newly
        assert result["attempts_retracted"] == len(newly)
        plan.record(is_undo=True)

    @precondition(has_plans)
    @rule(data=st.data())
    def someone_elses_ids(self, data):
        plan = self.pick_plan(data)
        actor = data.draw(st.sampled_from([u for u in USERS if u != plan.owner]), label="actor")
        calls = {
            "get_plan": lambda u, p: self.store.get_plan(u, p),
            "add_step": lambda u, p: self.store.add_step(u, p, "sneaky"),
            "update_plan_status": lambda u, p: self.store.update_plan_status(u, p, "abandoned"),
            "replan": lambda u, p: self.store.replan(u, p, ["sneaky"]),
            "undo": lambda u, p: self.store.undo(u, p),
            "apply_marks": lambda u, p: self.store.apply_marks(u, p, [(1, "done", None)]),
            "add_note": lambda u, p: self.store.add_note(u, p, "sneaky"),
            "plan_history": lambda u, p: self.store.plan_history(u, p),
        }
        target = plan.id
        if plan.steps:
            calls.update(
                {
                    "add_attempt": lambda u, s: self.store.add_attempt(u, s, "sneaky"),
                    "update_step_status": lambda u, s: self.store.update_step_status(u, s, "done"),
                    "attempt_with_status": lambda u, s: self.store.update_step(
                        u, s, status="skipped", attempt_outcome="sneaky"
                    ),
                }
            )
        name = data.draw(st.sampled_from(sorted(calls)), label="call")
        if name in ("add_attempt", "update_step_status", "attempt_with_status"):
            target = data.draw(st.sampled_from([s.id for s in plan.steps]), label="foreign step")
        self.check_not_found(calls[name], actor, target, plan.owner)

    @precondition(lambda self: bool(self.dead_steps()))
    @rule(data=st.data())
    def removed_step_ids(self, data):
        step_id = data.draw(st.sampled_from(self.dead_steps()), label="removed step")
        owner = self.plans[self.step_plan[step_id]].owner
        call = data.draw(
            st.sampled_from(
                [
                    lambda u, s: self.store.add_attempt(u, s, "too late"),
                    lambda u, s: self.store.update_step_status(u, s, "done"),
                ]
            ),
            label="call",
        )
        self.check_not_found(call, owner, step_id, owner)

    def check_not_found(self, call, actor, target, owner):
        before = self.view(actor, owner)
        with self.unchanged(), pytest.raises(NotFound) as foreign:
            self.run(call(actor, target))
        with self.unchanged(), pytest.raises(NotFound) as missing:
            self.run(call(actor, MISSING))
        assert str(foreign.value) == str(missing.value).replace(str(MISSING), str(target))
        assert self.view(actor, owner) == before

    # -- invariants ------------------------------------------------------------------
    # One invariant reads everything in one go (gathered on one event-loop run):
    # the reads are independent, and batching them keeps 200 examples fast.

    async def _read_everything(self):
        plans = [self.plans[pid] for pid in sorted(self.plans)]
        reads = [
            *(self.store.get_plan(p.owner, p.id) for p in plans),
            *(self.store.plan_history(p.owner, p.id) for p in plans),
            *(self.store.list_plans(u, "all") for u in USERS),
            *(self.store.list_plans(u) for u in USERS),
            self.store.verify(),
        ]
        results = await asyncio.gather(*reads)
        n, u = len(plans), len(USERS)
        return (
            plans,
            results[:n],
            results[n : 2 * n],
            results[2 * n : 2 * n + u],
            results[2 * n + u : 2 * n + 2 * u],
            results[-1],
        )

    @invariant()
    def store_matches_the_model(self):
        plans, got_plans, histories, all_lists, active_lists, problems = self.run(
            self._read_everything()
        )
        for plan, got, history in zip(plans, got_plans, histories):
            assert (got["id"], got["title"], got["status"], got["times_replanned"]) == (
                plan.id,
                plan.title,
                plan.status,
                plan.times_replanned,
            )
            # steps in order, positions 1..n without gaps
            assert [(s["id"], s["position"], s["title"], s["status"]) for s in got["steps"]] == [
                (s.id, i, s.title, s.status) for i, s in enumerate(plan.steps, start=1)
            ]
            for step in got["steps"]:
                expected = plan.attempts[step["id"]]
                assert [a["id"] for a in step["attempts"]] == expected
                assert [a["retracted"] for a in step["attempts"]] == [
                    a in plan.retracted for a in expected
                ]
            assert [n["id"] for n in got["notes"]] == plan.notes
            # replaced steps stay, with every attempt, apart from the numbering
            assert [(s["replaced_in"], s["id"]) for s in got["replaced_steps"]] == plan.replaced
            for step in got["replaced_steps"]:
                assert [a["id"] for a in step["attempts"]] == plan.attempts[step["id"]]
            assert [(h["revision"], h["undone"], h["undoes"] is not None) for h in history] == [
                (i, r.undone, r.is_undo) for i, r in enumerate(plan.revisions, start=1)
            ]
        for user, listed, active in zip(USERS, all_lists, active_lists):
            mine = {pid: p for pid, p in self.plans.items() if p.owner == user}
            assert [p["id"] for p in listed] == sorted(mine)
            for summary in listed:
                plan = mine[summary["id"]]
                assert summary["status"] == plan.status
                assert summary["counts"] == plan.counts()
                assert summary["total"] == len(plan.steps)
            assert [p["id"] for p in active] == sorted(
                pid for pid, p in mine.items() if p.status == "active"
            )
        assert problems == []
        # The newest standing attempt kept on each step (migration 0017) is
        # the model's: the last attempt made that no undo retracted.
        conn = sqlite3.connect(self.db_path)
        try:
            kept = {
                row[0]: row[1:]
                for row in conn.execute(
                    "SELECT s.id, s.last_attempt_id, s.last_attempt_at, s.last_outcome, a.attempted_at,"
                    " a.outcome FROM plan_steps s LEFT JOIN plan_step_attempts a"
                    " ON a.id = s.last_attempt_id"
                )
            }
        finally:
            conn.close()
        for plan in self.plans.values():
            for step_id, attempts in plan.attempts.items():
                standing = [a for a in attempts if a not in plan.retracted]
                last_id, last_at, last_outcome, at, outcome = kept[step_id]
                assert last_id == (standing[-1] if standing else None)
                assert (last_at, last_outcome) == (at, outcome)
        # Each step's stale clock (migration 0018) is the rule worked out from the rows.
        conn = sqlite3.connect(self.db_path)
        try:
            assert kept_clocks(conn) == stale_clocks(conn)
        finally:
            conn.close()


# max_examples: the hypothesis profile's (tests/conftest.py): 200 with HYPOTHESIS_PROFILE=full.
PlanStoreMachine.TestCase.settings = settings(
    stateful_step_count=15,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestPlanStoreAgainstModel = PlanStoreMachine.TestCase
TestPlanStoreAgainstModel.pytestmark = [pytest.mark.slow]
