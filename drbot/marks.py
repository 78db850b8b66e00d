"""The one vocabulary of step marks, used by every view, ack and briefing.

✓ done · … in_progress · □ pending · ✗ blocked · ⤼ skipped
"""

from __future__ import annotations

from collections.abc import Iterable

from drbot.memory.records import FINISHED, Step, StepLine
from drbot.readable_times import due_mark, local, local_day

MARKS = {"done": "✓", "in_progress": "…", "pending": "□", "blocked": "✗", "skipped": "⤼"}
STATUS_OF_MARK = {mark: status for status, mark in MARKS.items()}
# Look-alikes phones offer, accepted as the same marks.  Plain letters such as
# "x 3" are not: a sentence could start that way.
MARK_ALIASES = {
    "✔": "done",
    "✔️": "done",
    "✅": "done",
    "❌": "blocked",
    "✖": "blocked",
    "...": "in_progress",
    "☐": "pending",
    "↷": "skipped",
}


def mark(status: str) -> str:
    return MARKS[status]


def status_words(status: str) -> str:
    return status.replace("_", " ")


def step_line(step: StepLine) -> str:
    """``✓ 1. Get quotes`` plus the reason for a status when there is one."""
    line = f"{MARKS[step['status']]} {step['position']}. {step['title']}"
    if step.get("status_note"):
        line += f" — {step['status_note']}"
    return line


def due_suffix(step: Step) -> str:
    """ " 📅 Fri 31 Jan" after a step with a due date, as every view shows it; nothing once
    the step is finished (a deadline matters until then)."""
    day = step.get("due_date")
    return f" {due_mark(day)}" if day and step["status"] not in FINISHED else ""


def wait_suffix(step: Step, zone: str) -> str:
    """ " (waiting until Sat 5 Dec)" after an open step that waits, as every list of steps
    shows it: a step put off is still to do, and a list without the mark reads as if it
    were due now. A wait given as a day shows the day; a reminder, its time too."""
    if step["status"] in FINISHED or (shown := wait_shown(step, zone)) is None:
        return ""
    return f" (waiting until {shown})"


def wait_shown(step: Step, zone: str) -> str | None:
    """When the step waits until, in the person's zone: a wait given as a day is that day
    (not its 00:00), a reminder has its time. None when it waits for nothing."""
    wait = step.get("wait_until")
    if not wait:
        return None
    return (local if step.get("wait_at_time") else local_day)(wait, zone)


def counts(steps: Iterable[StepLine]) -> dict[str, int]:
    """done / failed / pending as the ANNOUNCE block counts them (failed = blocked)."""
    tally = {"done": 0, "failed": 0, "pending": 0}
    for step in steps:
        status = step["status"]
        if status in FINISHED:
            tally["done"] += 1
        elif status == "blocked":
            tally["failed"] += 1
        else:
            tally["pending"] += 1
    return tally
