"""What the plan memory hands out: plan and step statuses, and the shape of a plan.

The statuses are ``StrEnum``s: each member is its string (``StepStatus.DONE ==
"done"``), so it goes into SQL, JSON and f-strings unchanged, and a plain string
read back from the database compares equal to it. ``Plan``, ``Step`` and
``Attempt`` are what ``PlanStore.get_plan`` returns (docs/ARCHITECTURE.md, "PlanStore
API"): plain dicts, typed.
"""

from __future__ import annotations

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


class Plan(TypedDict):
    id: int
    title: str
    description: str | None
    status: PlanStatus
    created_at: str
    updated_at: str
    times_replanned: int
    steps: list[Step]  # in order
    replaced_steps: list[ReplacedStep]
    notes: list[Note]
