"""What the plan memory hands out: plan and step statuses, and the shape of a plan.

The statuses are ``StrEnum``s: each member is its string (``StepStatus.DONE ==
"done"``), so it goes into SQL, JSON and f-strings unchanged, and a plain string
read back from the database compares equal to it. ``Plan``, ``Step`` and
``Attempt`` are what ``PlanStore.get_plan`` returns (docs/ARCHITECTURE.md, "PlanStore
API"): plain dicts, typed.  The other reads hand out a part of a plan, each
declared here too: a summary (``list_plans``), one step with its plan's name
(``get_step``), a marked step (``apply_marks``), a revision (``plan_history``).

A helper that needs only some of a step's keys takes the narrower type
(``StepLine``): a TypedDict with more keys of the same types is accepted where
one with fewer is asked for, so a ``Step`` and a ``StepInPlan`` both are.

The reads that need attention (stale, stuck, waits that ended, due dates) are the
scheduler's, for one person or thousands at once: each row is a ``StepWithPlan`` and
the few columns its line needs, as SQLite gives them (``rows``), its status the stored
text — a ``StepStatus`` value, not converted row by row.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import TypedDict


class StepStatus(StrEnum):
    PENDING = "pending"
    IN_PROGRESS = "in_progress"
    DONE = "done"
    SKIPPED = "skipped"
    BLOCKED = "blocked"


class PlanStatus(StrEnum):
    ACTIVE = "active"
    COMPLETE = "complete"
    ABANDONED = "abandoned"


# A finished step needs nothing more; an open one is still to do.
FINISHED = (StepStatus.DONE, StepStatus.SKIPPED)
OPEN = (StepStatus.PENDING, StepStatus.IN_PROGRESS, StepStatus.BLOCKED)


class Attempt(TypedDict):
    id: int
    attempted_at: str
    outcome: str
    notes: str | None
    retracted: bool  # taken back by an undo: still shown, struck through


class Step(TypedDict):
    id: int
    position: int
    title: str
    notes: str | None
    status: StepStatus
    status_note: str | None
    status_since: str | None
    estimated_days: float | None
    expected_outcome: str | None
    wait_until: str | None
    wait_at_time: int | None  # 1: a reminder at that moment, not the day's briefing
    due_date: str | None  # the person's local date it is due by
    created_at: str
    updated_at: str
    attempts: list[Attempt]


class ReplacedStep(TypedDict):
    """A step a re-plan took out: kept with its attempts, out of the numbering."""

    id: int
    title: str
    notes: str | None
    status: StepStatus
    status_note: str | None
    estimated_days: float | None
    created_at: str
    replaced_at: str
    replaced_in: int  # the revision that replaced it
    attempts: list[Attempt]


class Note(TypedDict):
    id: int
    kind: str  # limits.NOTE_KINDS
    text: str
    created_at: str


class _PlanFields(TypedDict):
    """What every read of a plan hands out, with or without its steps."""

    id: int
    title: str
    description: str | None
    status: PlanStatus
    created_at: str
    updated_at: str
    times_replanned: int


class Plan(_PlanFields):
    steps: list[Step]  # in order
    replaced_steps: list[ReplacedStep]
    notes: list[Note]


class StepCounts(TypedDict):
    """How many live steps a plan has in each status."""

    pending: int
    in_progress: int
    done: int
    skipped: int
    blocked: int


class PlanSummary(_PlanFields):
    """A plan without its steps, as ``list_plans`` hands it out."""

    total: int  # live steps
    counts: StepCounts
    last_activity: str  # every change to a plan (attempts included) moves its updated_at


class StepLine(TypedDict):
    """What a step's one line shows (``marks.step_line``): every step read has it."""

    position: int
    title: str
    status: StepStatus
    status_note: str | None


class StepInPlan(TypedDict):
    """One step with its plan's id, title and status, as ``get_step`` hands it out."""

    id: int
    plan_id: int
    plan_title: str
    plan_status: PlanStatus
    position: int
    title: str
    status: StepStatus
    status_note: str | None
    wait_until: str | None
    wait_at_time: int | None
    due_date: str | None


class MarkedStep(TypedDict):
    """A step a mark line set (``apply_marks``); ``changed`` False: it already was so."""

    step_id: int
    position: int
    title: str
    status: StepStatus
    status_note: str | None
    changed: bool


class StepChange(TypedDict):
    """What ``update_step`` (and ``snooze_step``) changed, read back."""

    step_id: int
    plan_id: int
    position: int
    status: StepStatus
    attempt_id: int | None  # the attempt it logged, if any


class DueDateChange(TypedDict):
    """What ``set_due_date`` set: the step and its due day (None: cleared)."""

    step_id: int
    plan_id: int
    position: int
    due_date: str | None


class ReplacedInRevision(TypedDict):
    """A step a re-plan revision took out, with how many of its attempts stand."""

    id: int
    title: str
    status: str  # a StepStatus value, as the revision's JSON holds it
    attempts: int


class Revision(TypedDict):
    """One change of a plan, oldest first, as ``plan_history`` hands it out."""

    revision: int
    cause: str
    origin: str | None
    created_at: str
    undone: bool
    undoes: int | None  # the revision an undo took back
    replaced: list[ReplacedInRevision]  # a re-plan's; empty for every other revision


class StepSpec(TypedDict):
    """A step to write, checked (``limits.step_spec``): what create_plan, add_step and
    replan insert."""

    title: str
    notes: str | None
    estimated_days: float | None
    expected_outcome: str | None
    wait_until: datetime | None  # a step that starts waiting (a tracked commitment)
    due_date: str | None


class StepWithPlan(TypedDict):
    """What every scheduler read of a step starts with: whose, which plan, which step."""

    user_id: int  # the plan's owner: a person, or a group (``owners``)
    plan_id: int
    plan_title: str
    step_id: int
    position: int
    title: str
    status: str  # a StepStatus value, as stored


class StaleStep(StepWithPlan):
    """A step nothing happened to for the stale days (``stale_steps``)."""

    last_attempt_at: str | None
    last_outcome: str | None
    last_activity: str  # when its stale clock started


class StuckStep(StepWithPlan):
    """A step in progress past its estimate times the multiplier (``stuck_steps``)."""

    status_since: str
    estimated_days: float
    days_in_status: float
    last_attempt_at: str | None
    last_outcome: str | None


class EndedWait(StepWithPlan):
    """A step whose wait (a snooze, a blocked-until, a commitment) has ended, untouched
    since (``due_steps``)."""

    status_note: str | None
    wait_until: str
    wait_set_at: str | None  # None: made waiting by a tracked commitment
    last_attempt_at: str | None
    last_outcome: str | None


class DatedStep(StepWithPlan):
    """An open step with a due date up to a day (``dated_steps``)."""

    status_note: str | None
    status_since: str | None
    due_date: str
    wait_until: str | None
    last_attempt_at: str | None
    last_outcome: str | None


class Attention(TypedDict):
    """One person's steps that need attention (``attention_for``); a stuck step is not
    also stale."""

    due: list[EndedWait]
    stuck: list[StuckStep]
    stale: list[StaleStep]
