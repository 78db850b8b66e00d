"""PlanStore — the plan memory.

Every method takes the acting owner first — the acting person's user id, or in a
group the group's chat id (``owners.plan_owner``; the parameter keeps its name
``user_id``) — and sees only that owner's plans: anyone else's plan or step
raises ``NotFound`` exactly like a missing one.
Every change is one transaction that also writes a revision of the plan (see
``plan_revisions``); bad values raise ``ValueError`` before anything is written.

Reads are one SQL statement each (``plan_queries``), so their cost does not
depend on how many steps a plan has.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import Any

from drbot.memory import limits, plan_revisions
from drbot.memory import plan_queries as q
from drbot.memory import plan_writes as w
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database, fetch, inserted
from drbot.memory.errors import NoPlanToMark, NotFound
from drbot.memory.plan_attention import PlanAttention
from drbot.memory.plan_sharing import PlanSharing
from drbot.memory.records import (
    FINISHED,
    DueDateChange,
    MarkedStep,
    Plan,
    PlanSummary,
    Revision,
    StepChange,
    StepInPlan,
    StepStatus,
)
from drbot.memory.title_match import MIN_MATCH, title_match


class PlanStore(PlanAttention, PlanSharing):
    def __init__(self, db: Database, *, clock: Clock = system_clock) -> None:
        self.db = db
        self._clock = clock

    @classmethod
    async def open(cls, path: str | Path, *, clock: Clock = system_clock) -> PlanStore:
        """Open the database at ``path``, creating and migrating it as needed."""
        return cls(await Database.open(path), clock=clock)

    async def close(self) -> None:
        await self.db.close()

    def _now(self) -> str:
        return iso(self._clock())

    # -- plans ---------------------------------------------------------------

    async def create_plan(
        self,
        user_id: int,
        title: str,
        description: str | None = None,
        steps: Any = (),
        *,
        origin: str | None = None,
    ) -> int:
        limits.user_id(user_id)
        title = limits.title(title)
        description = limits.text(description, "description")
        specs = limits.step_specs(steps)
        now = self._now()
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "INSERT INTO plans (user_id, title, description, status, created_at, updated_at)"
                " VALUES (?, ?, ?, 'active', ?, ?)",
                (user_id, title, description, now, now),
            )
            plan_id = inserted(cursor.lastrowid)
            await w.insert_steps(conn, plan_id, specs, first_position=1, now=now)
            await plan_revisions.record(conn, plan_id, "created", origin, now)
        return plan_id

    async def update_plan_status(
        self, user_id: int, plan_id: int, status: str, *, origin: str | None = None
    ) -> None:
        status = limits.choice(status, limits.PLAN_STATUSES, "plan status")
        now = self._now()
        async with self.db.transaction() as conn:
            plan = await w.owned_plan(conn, user_id, plan_id)
            if plan["status"] == status:
                return
            await conn.execute(
                "UPDATE plans SET status = ?, updated_at = ? WHERE id = ?", (status, now, plan_id)
            )
            await plan_revisions.record(conn, plan_id, f"plan marked {status}", origin, now)

    async def rename_plan(
        self, user_id: int, plan_id: int, title: str, *, origin: str | None = None
    ) -> str:
        """A new title for the plan (a revision, so undo restores the old one); returns the
        old title."""
        title = limits.title(title)
        now = self._now()
        async with self.db.transaction() as conn:
            await w.owned_plan(conn, user_id, plan_id)
            [row] = await fetch(conn, "SELECT title FROM plans WHERE id = ?", (plan_id,))
            if row["title"] == title:
                return title
            await conn.execute(
                "UPDATE plans SET title = ?, updated_at = ? WHERE id = ?", (title, now, plan_id)
            )
            await plan_revisions.record(
                conn, plan_id, f"renamed from {row['title']!r}", origin, now
            )
        old: str = row["title"]
        return old

    async def get_plan(self, user_id: int, plan_id: int) -> Plan:
        row = await self.db.fetch_one(
            q.PLAN_JSON, {"plan_id": plan_id, "user_id": limits.user_id(user_id)}
        )
        if row is None:
            raise NotFound(f"There is no plan {plan_id}.")
        return q.plan_from_json(row[0])

    async def get_step(self, user_id: int, step_id: int) -> StepInPlan:
        """One step with its plan's id and title (NotFound unless it is the user's)."""
        row = await self.db.fetch_one(
            q.STEP, {"step_id": step_id, "user_id": limits.user_id(user_id)}
        )
        if row is None:
            raise NotFound(f"There is no step {step_id}.")
        return q.step_from_row(row)

    async def find_plan(self, user_id: int, title: str) -> Plan | None:
        """The plan whose title best matches ``title``; the newest on a tie."""
        rows = await self.db.fetch_all(q.PLAN_TITLES, {"user_id": limits.user_id(user_id)})
        best, best_score = None, 0.0
        for row in rows:  # newest first, so a tie keeps the newest
            score = title_match(title, row["title"])
            if score > best_score:
                best, best_score = row, score
        if best is None or best_score < MIN_MATCH:
            return None
        try:
            return await self.get_plan(user_id, best["id"])
        except NotFound:  # the plan went away in between
            return None

    async def list_plans(self, user_id: int, status: str = "active") -> list[PlanSummary]:
        status = limits.choice(status, (*limits.PLAN_STATUSES, "all"), "plan status")
        rows = await self.db.fetch_all(
            q.LIST_PLANS, {"user_id": limits.user_id(user_id), "status": status}
        )
        return [q.summary_from_row(row) for row in rows]

    # -- steps ---------------------------------------------------------------

    async def add_step(
        self,
        user_id: int,
        plan_id: int,
        title: str,
        notes: str | None = None,
        position: int | None = None,
        *,
        estimated_days: float | None = None,
        expected_outcome: str | None = None,
        wait_until: datetime | str | None = None,
        due_date: date | str | None = None,
        origin: str | None = None,
    ) -> int:
        """A new pending step; with ``wait_until`` it waits until then, like a
        snoozed step (a tracked commitment: "call the council tomorrow"); with
        ``due_date`` (a day in the person's zone) it is due then."""
        spec = limits.step_spec(
            {
                "title": title,
                "notes": notes,
                "estimated_days": estimated_days,
                "expected_outcome": expected_outcome,
                "wait_until": wait_until,
                "due_date": due_date,
            }
        )
        now = self._now()
        async with self.db.transaction() as conn:
            await w.owned_plan(conn, user_id, plan_id)
            count = await w.step_count(conn, plan_id)
            if count >= limits.MAX_STEPS:
                raise ValueError(
                    f"A plan can have at most {limits.MAX_STEPS} steps; "
                    "split it into smaller plans."
                )
            if position is None:
                position = count + 1
            if (
                isinstance(position, bool)
                or not isinstance(position, int)
                or not 1 <= position <= count + 1
            ):
                raise ValueError(f"Position must be between 1 and {count + 1}.")
            await conn.execute(
                "UPDATE plan_steps SET position = position + 1"
                " WHERE plan_id = ? AND removed_at IS NULL AND position >= ?",
                (plan_id, position),
            )
            [step_id] = await w.insert_steps(
                conn, plan_id, [spec], first_position=position, now=now
            )
            await w.touch_plan(conn, plan_id, now)
            await plan_revisions.record(conn, plan_id, f"added step {position}", origin, now)
        return step_id

    async def move_step(
        self, user_id: int, step_id: int, position: int, *, origin: str | None = None
    ) -> int:
        """Step ``step_id`` to ``position`` (1 = first) of its plan, the others closing up
        around it; returns the position it had."""
        now = self._now()
        async with self.db.transaction() as conn:
            step = await w.owned_step(conn, user_id, step_id)
            count = await w.step_count(conn, step["plan_id"])
            if (
                isinstance(position, bool)
                or not isinstance(position, int)
                or not 1 <= position <= count
            ):
                raise ValueError(f"Position must be between 1 and {count}.")
            old: int = step["position"]
            if old == position:
                return old
            if position < old:
                shift = (
                    "UPDATE plan_steps SET position = position + 1 WHERE plan_id = ?"
                    " AND removed_at IS NULL AND position >= ? AND position < ?"
                )
                await conn.execute(shift, (step["plan_id"], position, old))
            else:
                shift = (
                    "UPDATE plan_steps SET position = position - 1 WHERE plan_id = ?"
                    " AND removed_at IS NULL AND position > ? AND position <= ?"
                )
                await conn.execute(shift, (step["plan_id"], old, position))
            await conn.execute(
                "UPDATE plan_steps SET position = ? WHERE id = ?", (position, step_id)
            )
            await w.touch_plan(conn, step["plan_id"], now)
            await plan_revisions.record(
                conn, step["plan_id"], f"moved step {old} to {position}", origin, now
            )
        return old

    async def update_step(
        self,
        user_id: int,
        step_id: int,
        *,
        status: str | None = None,
        attempt_outcome: str | None = None,
        attempt_notes: str | None = None,
        notes: str | None = None,
        status_note: str | None = None,
        until: datetime | str | None = None,
        until_at_time: bool = False,
        chat_id: int | None = None,
        message_id: int | None = None,
        origin: str | None = None,
    ) -> StepChange:
        """Change a step in one go: status, a new attempt, its notes, a waiting date.

        Logging an attempt on a pending step moves it to in_progress; a status
        given in the same call wins.  ``until_at_time``: the waiting moment was
        given with a time of day, so it is a reminder (migration 0011).
        ``chat_id`` and ``message_id``: where the wait was asked for; a group
        is kept with it, so that its reminder can go there when the person has
        no private chat with drbot (migration 0021).
        Returns the step's id, position, status and the new attempt's id.
        """
        if status is not None:
            status = limits.choice(status, limits.STEP_STATUSES, "step status")
        if attempt_outcome is not None or attempt_notes is not None:
            attempt_outcome = limits.outcome(attempt_outcome)
        attempt_notes = limits.text(attempt_notes, "attempt notes")
        status_note = limits.text(status_note, "status note", limits.MAX_OUTCOME)
        wait_until = None if until is None else iso(limits.moment(until, "waiting date"))
        new_notes = limits.text(notes, "step notes") if notes is not None else None
        if status is None and attempt_outcome is None and notes is None and until is None:
            raise ValueError("Nothing to change: give a status, an attempt or notes.")
        now = self._now()
        async with self.db.transaction() as conn:
            step = await w.owned_step(conn, user_id, step_id)
            if (
                attempt_outcome is not None
                and status is None
                and step["status"] == StepStatus.PENDING
            ):
                status = StepStatus.IN_PROGRESS
            columns: dict[str, Any] = {}
            if status is not None and (
                status != step["status"]
                or (status_note is not None and status_note != step["status_note"])
            ):
                columns["status"], columns["status_note"] = status, status_note
                if status != step["status"]:
                    columns["status_since"] = now
                if status in FINISHED:
                    columns["wait_until"], columns["wait_at_time"] = None, 0
                    columns["wait_set_at"] = None
            if notes is not None and new_notes != step["notes"]:
                columns["notes"] = new_notes
            if wait_until is not None and (wait_until, int(until_at_time)) != (
                step["wait_until"],
                step["wait_at_time"],
            ):
                columns["wait_until"], columns["wait_at_time"] = wait_until, int(until_at_time)
                columns["wait_set_at"] = now  # a mute older than this does not hold it
                # Telegram gives groups negative ids; a private chat is the person's own id.
                group = chat_id is not None and chat_id < 0
                columns["wait_chat_id"] = chat_id if group else None
                columns["wait_message_id"] = message_id if group else None
            result: StepChange = {
                "step_id": step_id,
                "plan_id": step["plan_id"],
                "position": step["position"],
                "status": StepStatus(status or step["status"]),
                "attempt_id": None,
            }
            # Pressing "Done" twice changes nothing the second time, and must not
            # leave a revision that /undo would then take back instead.
            if attempt_outcome is None and not columns:
                return result
            if attempt_outcome is not None:
                cursor = await conn.execute(
                    "INSERT INTO plan_step_attempts (step_id, attempted_at, outcome, notes)"
                    " VALUES (?, ?, ?, ?)",
                    (step_id, now, attempt_outcome, attempt_notes),
                )
                result["attempt_id"] = inserted(cursor.lastrowid)
            columns["updated_at"] = now
            await conn.execute(
                f"UPDATE plan_steps SET {', '.join(f'{c} = :{c}' for c in columns)}"
                " WHERE id = :step_id",
                {**columns, "step_id": step_id},
            )
            await w.touch_plan(conn, step["plan_id"], now)
            cause = _step_cause(
                step["position"],
                columns.get("status"),
                attempt_outcome,
                "notes" in columns,
                columns.get("wait_until"),
            )
            await plan_revisions.record(conn, step["plan_id"], cause, origin, now)
        return result

    async def apply_marks(
        self,
        user_id: int,
        plan_id: int,
        marks: Sequence[tuple[int | str, str, str | None]],
        *,
        origin: str | None = None,
    ) -> list[MarkedStep]:
        """Set several steps of one plan by position, as one change (one revision,
        one /undo).  ``marks`` are ``(position, status, note)``; all or nothing.
        A position is a whole step number; anything else (the text of "✓ 2.5",
        as ``language.marks_input`` passes it on) is refused with one line.
        Returns each marked step with ``changed`` False where it already was so."""
        return (await self._marks(user_id, plan_id, marks, origin, read_back=False))[0]

    async def apply_marks_read_back(
        self,
        user_id: int,
        plan_id: int,
        marks: Sequence[tuple[int | str, str, str | None]],
        *,
        origin: str | None = None,
    ) -> tuple[list[MarkedStep], Plan]:
        """``apply_marks``, and the plan as the change left it (``get_plan``'s shape),
        read in the same transaction: a mark line's answer shows it."""
        marked, plan = await self._marks(user_id, plan_id, marks, origin, read_back=True)
        assert plan is not None  # read_back
        return marked, plan

    async def apply_marks_to_current(
        self,
        user_id: int,
        current: Callable[[sqlite3.Connection], int | None],
        marks: Sequence[tuple[int | str, str, str | None]],
        *,
        origin: str | None = None,
    ) -> tuple[list[MarkedStep], Plan]:
        """``apply_marks_read_back`` on the plan ``current(connection)`` reads first, in
        the same transaction (the chat's current plan: ``ConversationStore.state_on``).
        When it reads None, nothing is written and :class:`NoPlanToMark` is raised."""
        marked, plan = await self._marks(user_id, current, marks, origin, read_back=True)
        assert plan is not None  # read_back
        return marked, plan

    async def _marks(
        self,
        user_id: int,
        which: int | Callable[[sqlite3.Connection], int | None],
        marks: Sequence[tuple[int | str, str, str | None]],
        origin: str | None,
        *,
        read_back: bool,
    ) -> tuple[list[MarkedStep], Plan | None]:
        checked = []
        for position, status, note in marks:
            whole = type(position) is int or isinstance(position, str) and position.isdecimal()
            if not whole:
                raise ValueError(
                    f"“{_shown(position)}” is not a step number: mark a step by "
                    "its whole number, like ✓ 2 or ✗ 3 waiting on council."
                )
            checked.append(
                (
                    position,
                    limits.choice(status, limits.STEP_STATUSES, "step status"),
                    limits.text(note, "status note", limits.MAX_OUTCOME),
                )
            )
        if not checked:
            raise ValueError("No marks given.")
        owner, now = limits.user_id(user_id), self._now()

        # The busiest write there is: run whole on the database's thread, one round trip.
        def mark(conn: sqlite3.Connection) -> tuple[list[MarkedStep], str | None]:
            plan_id = which if isinstance(which, int) else which(conn)
            if plan_id is None:
                raise NoPlanToMark()  # rolled back: nothing written, no claim riding along
            marked = _mark_steps(conn, owner, plan_id, checked, origin, now)
            if not read_back:
                return marked, None
            return marked, conn.execute(
                q.PLAN_JSON, {"plan_id": plan_id, "user_id": owner}
            ).fetchone()[0]

        marked, plan = await self.db.write(mark)
        return marked, None if plan is None else q.plan_from_json(plan)

    async def update_step_status(
        self,
        user_id: int,
        step_id: int,
        status: str,
        note: str | None = None,
        *,
        until: datetime | str | None = None,
        origin: str | None = None,
    ) -> None:
        """Set a step's status; ``note`` says why ("waiting on council")."""
        if status is None:
            raise ValueError("Give a status: " + ", ".join(limits.STEP_STATUSES) + ".")
        await self.update_step(
            user_id, step_id, status=status, status_note=note, until=until, origin=origin
        )

    async def add_attempt(
        self,
        user_id: int,
        step_id: int,
        outcome: str,
        notes: str | None = None,
        *,
        origin: str | None = None,
    ) -> int:
        limits.outcome(outcome)
        result = await self.update_step(
            user_id, step_id, attempt_outcome=outcome, attempt_notes=notes, origin=origin
        )
        attempt_id = result["attempt_id"]
        if attempt_id is None:  # update_step logs one whenever an outcome is given
            raise RuntimeError("no attempt was logged")
        return attempt_id

    async def snooze_step(
        self,
        user_id: int,
        step_id: int,
        until: datetime | str,
        *,
        at_time: bool = False,
        chat_id: int | None = None,
        message_id: int | None = None,
        origin: str | None = None,
    ) -> StepChange:
        """Let a step wait until ``until``: not stale before, surfaced then —
        by a reminder at that moment when ``at_time`` (a time of day was
        given), else in that day's briefing.  ``chat_id``/``message_id``: the
        chat and message it was asked for in (see ``update_step``).  Returns
        what ``update_step`` returns."""
        moment = limits.moment(until, "snooze date")
        if moment <= self._clock():
            raise ValueError("That moment has already passed; snooze until a later date.")
        return await self.update_step(
            user_id,
            step_id,
            until=moment,
            until_at_time=at_time,
            chat_id=chat_id,
            message_id=message_id,
            origin=origin,
        )

    async def set_due_date(
        self, user_id: int, step_id: int, due_date: date | str | None, *, origin: str | None = None
    ) -> DueDateChange:
        """The day the step is due (a ``date`` or YYYY-MM-DD, a day in the
        person's own zone), or None to clear it.  A finished step keeps the
        date it had but is never due.  Returns the step's id, plan, position
        and due date; setting the date it already has changes nothing."""
        day = limits.due_date(due_date)
        now = self._now()
        async with self.db.transaction() as conn:
            step = await w.owned_step(conn, user_id, step_id)
            result: DueDateChange = {
                "step_id": step_id,
                "plan_id": step["plan_id"],
                "position": step["position"],
                "due_date": day,
            }
            if step["due_date"] == day:
                return result  # no revision that /undo would take back instead
            await conn.execute(
                "UPDATE plan_steps SET due_date = ?, due_set_at = ?, updated_at = ? WHERE id = ?",
                (day, now if day else None, now, step_id),
            )
            await w.touch_plan(conn, step["plan_id"], now)
            shown = date.fromisoformat(day) if day else None
            cause = (
                f"step {step['position']} due {shown:%a} {shown.day} {shown:%b %Y}"
                if shown
                else f"step {step['position']} due date cleared"
            )
            await plan_revisions.record(conn, step["plan_id"], cause, origin, now)
        return result

    async def cancel_reminder(
        self, user_id: int, step_id: int, due: str, *, origin: str | None = None
    ) -> dict[str, Any]:
        """The step no longer waits: it goes back to normal (stale rules and all).

        ``due`` is the reminder's moment as the person saw it; a step since
        re-snoozed, finished or cancelled raises ``ValueError`` and changes nothing.
        """
        now = self._now()
        async with self.db.transaction() as conn:
            step = await w.owned_step(conn, user_id, step_id)
            if not step["wait_at_time"] or step["wait_until"] != due:
                raise ValueError(
                    "That reminder has changed since; nothing cancelled. "
                    "/reminders shows them as they are now."
                )
            await conn.execute(
                "UPDATE plan_steps SET wait_until = NULL, wait_at_time = 0, wait_set_at = NULL,"
                " updated_at = ? WHERE id = ?",
                (now, step_id),
            )
            await w.touch_plan(conn, step["plan_id"], now)
            await plan_revisions.record(
                conn, step["plan_id"], f"step {step['position']} reminder cancelled", origin, now
            )
        return {"step_id": step_id, "plan_id": step["plan_id"], "position": step["position"]}

    async def replan(
        self,
        user_id: int,
        plan_id: int,
        steps: Any,
        *,
        reason: str | None = None,
        origin: str | None = None,
        step_id: int | None = None,
    ) -> list[int]:
        """Replace the unfinished steps; finished steps and every attempt stay.
        The replaced steps leave the numbering but not the plan: ``get_plan``
        lists them, with their attempts, as ``replaced_steps``.  Each re-plan
        counts against the limit for good (an undo does not give it back).

        With ``step_id``, only that one unfinished step is replaced, in its place
        ("replan the venue step: shortlist, visit, pay"): the other steps keep
        their statuses, attempts and order."""
        reason = limits.text(reason, "reason", limits.MAX_OUTCOME)
        specs = limits.step_specs(steps)
        if not specs:
            raise ValueError("A new plan needs at least one step.")
        now = self._now()
        async with self.db.transaction() as conn:
            plan = await w.owned_plan(conn, user_id, plan_id)
            if plan["times_replanned"] >= limits.MAX_REPLANS:
                raise ValueError(
                    f"This plan has been re-planned {limits.MAX_REPLANS} times already; "
                    "rather than a fourth, mark it abandoned or complete and start afresh."
                )
            if step_id is None:
                ids, replaced, cause = await w.replace_unfinished(conn, plan_id, specs, now)
            else:
                ids, replaced, cause = await w.replace_one(
                    conn, user_id, plan_id, step_id, specs, now
                )
            await conn.execute(
                "UPDATE plans SET times_replanned = times_replanned + 1, status = 'active',"
                " updated_at = ? WHERE id = ?",
                (now, plan_id),
            )
            cause += f": {reason}" if reason else ""
            # The replaced steps stay, with their attempts, as the plan's
            # replaced_steps (see plan_queries.REPLACED_BY).
            await plan_revisions.record(conn, plan_id, cause, origin, now, replaced=replaced)
        return ids

    # -- notes, history, undo ------------------------------------------------

    async def add_note(
        self,
        user_id: int,
        plan_id: int,
        text: str,
        kind: str = "finding",
        *,
        origin: str | None = None,
    ) -> int:
        kind = limits.choice(kind, limits.NOTE_KINDS, "note kind")
        said = limits.text(text, "note", limits.MAX_NOTE)
        if said is None:
            raise ValueError("The note is empty.")
        now = self._now()
        async with self.db.transaction() as conn:
            await w.owned_plan(conn, user_id, plan_id)
            cursor = await conn.execute(
                "INSERT INTO plan_notes (plan_id, kind, text, created_at) VALUES (?, ?, ?, ?)",
                (plan_id, kind, said, now),
            )
            await w.touch_plan(conn, plan_id, now)
            await plan_revisions.record(conn, plan_id, f"{kind} noted", origin, now)
        return inserted(cursor.lastrowid)

    async def plan_history(self, user_id: int, plan_id: int) -> list[Revision]:
        rows = await self.db.fetch_all(
            q.HISTORY, {"plan_id": plan_id, "user_id": limits.user_id(user_id)}
        )
        if not rows:
            raise NotFound(f"There is no plan {plan_id}.")
        # ``replaced``: the steps a re-plan revision took out ({id, title,
        # status, attempts: how many stand}); empty for every other revision.
        return [
            {
                "revision": r["revision"],
                "cause": r["cause"],
                "origin": r["origin"],
                "created_at": r["created_at"],
                "undone": r["undone_at"] is not None,
                "undoes": r["undoes"],
                "replaced": json.loads(r["replaced"]),
            }
            for r in rows
            if r["revision"] is not None
        ]

    async def latest_change(self, user_id: int) -> tuple[int, str] | None:
        """The plan of the person's newest change that undo can take back (not its
        creation, not an undo), and when it was made (UTC ISO): what "undo that last one"
        means when no plan is named."""
        row = await self._newest_revision(user_id, creations=False)
        return (row["plan_id"], row["created_at"]) if row else None

    async def plan_made_last(self, user_id: int) -> int | None:
        """The plan the person made last, when making it is their newest change (nothing
        changed on any of their plans since): a bare "undo" must not reach past it to an
        older change on another plan, since undo cannot take a creation back."""
        row = await self._newest_revision(user_id, creations=True)
        return row["plan_id"] if row and row["revision"] == 1 else None

    async def _newest_revision(self, user_id: int, *, creations: bool) -> sqlite3.Row | None:
        """The person's newest revision that stands (not undone, not an undo), plans'
        creations (revision 1) among them or not."""
        made = "" if creations else " AND r.revision > 1"
        return await self.db.fetch_one(
            "SELECT r.plan_id, r.revision, r.created_at FROM plan_revisions r"
            " JOIN plans p ON p.id = r.plan_id"
            " WHERE p.user_id = ? AND r.undone_at IS NULL AND r.undoes IS NULL"
            + made
            + " ORDER BY r.created_at DESC, r.id DESC LIMIT 1",
            (user_id,),
        )

    async def undo(
        self, user_id: int, plan_id: int, *, origin: str | None = None
    ) -> dict[str, Any]:
        """Restore the plan as it was before its latest change.

        Attempts made since then stay in the log, marked retracted.  Returns
        the revision undone and its cause.
        """
        now = self._now()
        async with self.db.transaction() as conn:
            await w.owned_plan(conn, user_id, plan_id)
            return await plan_revisions.undo_latest(conn, plan_id, origin, now)

    # -- self-check ----------------------------------------------------------

    async def verify(self) -> list[str]:
        """Problems found in the stored plans; an empty list means healthy."""
        problems = [r for r in await self.db.integrity_check() if r != "ok"]
        problems += [
            f"foreign key: {tuple(r)}" for r in await self.db.fetch_all("PRAGMA foreign_key_check")
        ]
        for row in await self.db.fetch_all(
            "SELECT plan_id, group_concat(position) AS positions, count(*) AS n,"
            " max(position) AS top FROM plan_steps WHERE removed_at IS NULL"
            " GROUP BY plan_id HAVING top != n OR count(DISTINCT position) != n"
        ):
            problems.append(f"plan {row['plan_id']}: step positions {row['positions']}")
        return problems


def _mark_steps(
    conn: sqlite3.Connection,
    owner: int,
    plan_id: int,
    checked: list[tuple[int | str, str, str | None]],
    origin: str | None,
    now: str,
) -> list[MarkedStep]:
    """``apply_marks``' transaction, on the database's thread (``Database.write``)."""
    # The owner check and the steps in one read: a plan that is not theirs has no row.
    rows = conn.execute(
        "SELECT s.id, s.position, s.title, s.status, s.status_note, s.status_since"
        " FROM plans p LEFT JOIN plan_steps s ON s.plan_id = p.id AND s.removed_at IS NULL"
        " WHERE p.id = ? AND p.user_id = ?",
        (plan_id, owner),
    ).fetchall()
    if not rows:
        raise NotFound(f"There is no plan {plan_id}.")
    by_position = {row["position"]: row for row in rows if row["id"] is not None}
    result: list[MarkedStep] = []
    updates = []
    for position, status, note in checked:
        step = by_position.get(position)
        if step is None:  # out of range, or a whole number too long for an int
            raise ValueError(
                f"This plan has no step {_shown(position)}; "
                f"it has {len(by_position)} " + ("step." if len(by_position) == 1 else "steps.")
            )
        changed = status != step["status"] or (note is not None and note != step["status_note"])
        result.append(
            {
                "step_id": step["id"],
                "position": step["position"],  # the mark's, as a number
                "title": step["title"],
                "status": StepStatus(status),
                "status_note": note if changed else step["status_note"],
                "changed": changed,
            }
        )
        if not changed:  # a repeated mark must not become what /undo takes back
            continue
        since = now if status != step["status"] else step["status_since"]
        updates.append((status, note, since, status, status, now, step["id"]))
    changed_steps = [c for c in result if c["changed"]]
    if changed_steps:
        conn.executemany(
            "UPDATE plan_steps SET status = ?, status_note = ?, status_since = ?,"
            " wait_until = iif(? IN ('done', 'skipped'), NULL, wait_until),"
            " wait_at_time = iif(? IN ('done', 'skipped'), 0, wait_at_time),"
            " updated_at = ? WHERE id = ?",
            updates,
        )
        conn.execute(w.TOUCH_PLAN, (now, plan_id))
        cause = "marks: " + ", ".join(
            f"step {c['position']} {c['status'].replace('_', ' ')}" for c in changed_steps
        )
        plan_revisions.record_on_thread(conn, plan_id, cause, origin, now)
    return result


def _shown(position: object) -> str:
    """A typed position for a reply: "99999", or the start of a very long one."""
    text = str(position)
    return text if len(text) <= 12 else text[:11] + "…"


def _step_cause(
    position: int, status: str | None, outcome: str | None, notes: bool, wait_until: str | None
) -> str:
    parts = []
    if outcome is not None:
        parts.append(f"attempt on step {position}: {outcome}")
    if status is not None:
        parts.append(f"step {position} {status.replace('_', ' ')}")
    if notes:
        parts.append(f"step {position} notes edited")
    if wait_until is not None:
        parts.append(f"step {position} waits until {wait_until[:10]}")
    return "; ".join(parts) or f"step {position} touched"
