"""A plan as a document: Markdown for people, JSON for programs.

The Markdown is a planning file a person can keep: the plan with its
steps and marks, the steps re-plans replaced, every attempt, findings,
progress notes, and the history (naming what each re-plan replaced); every
time in the person's zone.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from drbot.marks import status_words, step_line
from drbot.memory.clock import parse
from drbot.memory.records import Plan, ReplacedStep, Revision, Step
from drbot.readable_times import calendar_day, plural


def plan_markdown(plan: Plan, history: list[Revision], zone: str = "UTC") -> str:
    """The plan for a person to read, every time in ``zone`` (theirs)."""
    try:
        place = ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        zone, place = "UTC", ZoneInfo("UTC")

    def _moment(stamp: str) -> str:
        return f"{parse(stamp).astimezone(place):%Y-%m-%d %H:%M}"

    lines = [f"# {plan['title']}", ""]
    replans = plan.get("times_replanned") or 0
    lines.append(
        f"Status: {plan['status']} · created {_moment(plan['created_at'])[:10]}"
        f" · last change {_moment(plan['updated_at'])}"
        + (f" · re-planned {replans}×" if replans else "")
    )
    lines.append(f"Times are {zone} time.")
    if description := plan.get("description"):
        lines += ["", description]
    lines += ["", "## Steps", ""]
    if not plan["steps"]:
        lines.append("(no steps yet)")
    for step in plan["steps"]:
        lines.append(f"- {step_line(step)} ({status_words(step['status'])})")
        if estimate := step.get("estimated_days"):
            lines.append(f"  - estimate: {estimate:g} " + ("day" if estimate == 1 else "days"))
        if step.get("expected_outcome"):
            lines.append(f"  - expected outcome: {step['expected_outcome']}")
        if due_date := step.get("due_date"):
            lines.append(f"  - due {calendar_day(due_date)}")
        if wait := step.get("wait_until"):
            lines.append(f"  - waiting until {_moment(wait)}")
        if step.get("notes"):
            lines.append(f"  - notes: {step['notes']}")
        lines += _attempt_lines(step, _moment)
    if plan.get("replaced_steps"):
        # Out of the numbering (positions mean live steps), never out of the record.
        lines += ["", "## Replaced steps", ""]
        for gone in plan["replaced_steps"]:
            lines.append(
                f"- ~~{gone['title']}~~ (was {status_words(gone['status'])}; "
                f"replaced {_moment(gone['replaced_at'])})"
            )
            if gone.get("notes"):
                lines.append(f"  - notes: {gone['notes']}")
            lines += _attempt_lines(gone, _moment)
    for kind, heading in (("finding", "Findings"), ("progress", "Progress")):
        notes = [n for n in plan.get("notes", []) if n["kind"] == kind]
        if notes:
            lines += ["", f"## {heading}", ""]
            lines += [f"- {_moment(n['created_at'])} — {n['text']}" for n in notes]
    if history:
        lines += ["", "## History", ""]
        for entry in history:
            undone = " (undone)" if entry["undone"] else ""
            replaced = ", ".join(
                s["title"] + (f" ({plural(s['attempts'], 'attempt')})" if s["attempts"] else "")
                for s in entry.get("replaced", [])
            )
            # Oldest first, as a list: the revision numbers are the store's, not a person's.
            lines.append(
                f"- {_moment(entry['created_at'])} — "
                f"{entry['cause']}{undone}" + (f" — replaced: {replaced}" if replaced else "")
            )
    return "\n".join(lines) + "\n"


def _attempt_lines(step: Step | ReplacedStep, _moment: Callable[[str], str]) -> list[str]:
    lines = []
    for attempt in step["attempts"]:
        text = f"{_moment(attempt['attempted_at'])} — {attempt['outcome']}"
        if attempt.get("notes"):
            text += f" ({attempt['notes']})"
        if attempt["retracted"]:
            text = f"~~{text}~~ (undone)"
        lines.append(f"  - attempt: {text}")
    return lines


def plan_json(plan: Plan, history: list[Revision]) -> str:
    """For programs: every time as stored, UTC ISO-8601."""
    return json.dumps({**plan, "history": history}, ensure_ascii=False, indent=2) + "\n"
