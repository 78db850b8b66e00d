"""A plan as a document: Markdown for people, JSON for programs.

The Markdown is a planning file a person can keep: the plan with its
steps and marks, the steps re-plans replaced, every attempt, findings,
progress notes, and the history (naming what each re-plan replaced).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from drbot.humanize import calendar_day
from drbot.marks import status_words, step_line


def plan_markdown(plan: Mapping[str, Any], history: list[dict[str, Any]]) -> str:
    lines = [f"# {plan['title']}", ""]
    replans = plan.get("times_replanned") or 0
    lines.append(f"Status: {plan['status']} · created {_day(plan['created_at'])}"
                 f" · last change {_moment(plan['updated_at'])}"
                 + (f" · re-planned {replans}×" if replans else ""))
    if plan.get("description"):
        lines += ["", plan["description"]]
    lines += ["", "## Steps", ""]
    if not plan["steps"]:
        lines.append("(no steps yet)")
    for step in plan["steps"]:
        lines.append(f"- {step_line(step)} ({status_words(step['status'])})")
        if step.get("estimated_days"):
            lines.append(f"  - estimate: {step['estimated_days']:g} days")
        if step.get("expected_outcome"):
            lines.append(f"  - expected outcome: {step['expected_outcome']}")
        if step.get("due_date"):
            lines.append(f"  - due {calendar_day(step['due_date'])}")
        if step.get("wait_until"):
            lines.append(f"  - waiting until {_moment(step['wait_until'])}")
        if step.get("notes"):
            lines.append(f"  - notes: {step['notes']}")
        lines += _attempt_lines(step)
    if plan.get("replaced_steps"):
        # Out of the numbering (positions mean live steps), never out of the record.
        lines += ["", "## Replaced steps", ""]
        for step in plan["replaced_steps"]:
            lines.append(f"- ~~{step['title']}~~ (was {status_words(step['status'])}; "
                         f"replaced {_moment(step['replaced_at'])}, revision "
                         f"{step['replaced_in']})")
            if step.get("notes"):
                lines.append(f"  - notes: {step['notes']}")
            lines += _attempt_lines(step)
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
                s["title"] + (f" ({s['attempts']} attempt{'s' * (s['attempts'] != 1)})"
                              if s["attempts"] else "") for s in entry.get("replaced", []))
            lines.append(f"{entry['revision']}. {_moment(entry['created_at'])} — "
                         f"{entry['cause']}{undone}"
                         + (f" — replaced: {replaced}" if replaced else ""))
    return "\n".join(lines) + "\n"


def _attempt_lines(step: dict[str, Any]) -> list[str]:
    lines = []
    for attempt in step["attempts"]:
        text = f"{_moment(attempt['attempted_at'])} — {attempt['outcome']}"
        if attempt.get("notes"):
            text += f" ({attempt['notes']})"
        if attempt["retracted"]:
            text = f"~~{text}~~ (undone)"
        lines.append(f"  - attempt: {text}")
    return lines


def plan_json(plan: Mapping[str, Any], history: list[dict[str, Any]]) -> str:
    return json.dumps({**plan, "history": history}, ensure_ascii=False, indent=2) + "\n"


def _day(stamp: str) -> str:
    return stamp[:10]


def _moment(stamp: str) -> str:
    """2026-03-05T09:00:00.000000Z → 2026-03-05 09:00 UTC"""
    return f"{stamp[:10]} {stamp[11:16]} UTC"
