"""Plans as Telegram HTML, and long text cut into messages Telegram accepts.

Every piece of text that came from a person or the model passes through
``escape`` before it is placed in HTML, so a title like "<fence> & gate" can
never break the formatting.  ``plain`` gives the same message without markup,
for resending when Telegram rejects the formatting anyway.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from telegram import InlineKeyboardMarkup

from drbot import commands
from drbot.bot import buttons
from drbot.marks import MARKS, due_suffix, wait_suffix
from drbot.memory.records import FINISHED, Plan, PlanStatus, PlanSummary, Step, StepInPlan
from drbot.readable_times import local

LIMIT = 4096  # characters per Telegram message
MAX_STEP_BUTTONS = 5  # open steps with buttons in one plan view
_TAG = re.compile(r"<[^>]+>")


def escape(text: Any) -> str:
    return html.escape(str(text), quote=False)


def plain(markup: str) -> str:
    """The text of an HTML message, as a person would read it."""
    return html.unescape(_TAG.sub("", markup))


def plans_list(summaries: list[PlanSummary], now: datetime) -> str:
    """/plans, as the terminal says it, with the titles bold."""
    return commands.plans_list(summaries, now, lambda title: f"<b>{escape(title)}</b>")


def plan_view(plan: Plan, zone: str) -> tuple[str, InlineKeyboardMarkup | None]:
    """/plan N: every step with its mark and attempts, buttons for open steps."""
    lines = [_header(plan)]
    if plan.get("description"):
        lines.append(f"<i>{escape(plan['description'])}</i>")
    lines.append("")
    for step in plan["steps"]:
        lines.append(_step_line(step) + wait_suffix(step, zone))
        for attempt in step["attempts"]:
            text = f"{local(attempt['attempted_at'], zone)}: {escape(attempt['outcome'])}"
            if attempt.get("notes"):
                text += f" — {escape(attempt['notes'])}"
            lines.append(
                f"    · <s>{text}</s> (undone)" if attempt["retracted"] else f"    · {text}"
            )
    if not plan["steps"]:
        lines.append("(no steps yet)")
    lines += _replaced_lines(plan, zone)
    for note in plan.get("notes", []):
        lines.append(f"{'🔎' if note['kind'] == 'finding' else '📝'} {escape(note['text'])}")
    return "\n".join(lines), _step_buttons(plan, plan["steps"])


def _header(plan: Plan) -> str:
    done = sum(step["status"] == "done" for step in plan["steps"])
    return f"<b>{escape(plan['title'])}</b> — {plan['status']} · {done}/{len(plan['steps'])} done"


def _step_line(step: Step) -> str:
    note = f" — {escape(step['status_note'])}" if step.get("status_note") else ""
    return (
        f"{MARKS[step['status']]} {step['position']}. {escape(step['title'])}"
        f"{due_suffix(step)}{note}"
    )


def _step_buttons(plan: Plan, steps: Sequence[Step]) -> InlineKeyboardMarkup | None:
    """Done · Log attempt · Snooze · Skip for the first open ones of ``steps``."""
    if plan["status"] != PlanStatus.ACTIVE:
        return None
    open_steps = [s for s in steps if s["status"] not in FINISHED]
    return buttons.keyboard(
        [
            row
            for step in open_steps[:MAX_STEP_BUTTONS]
            for row in buttons.step_row(step["id"], step["status"], tag=str(step["position"]))
        ]
    )


def _replaced_lines(plan: Plan, zone: str) -> list[str]:
    """One line per step a re-plan replaced that has attempts standing: what
    was tried stays in sight.  A replaced step nobody worked on is only an old
    idea, so the chat view leaves it out (/export lists every one)."""
    lines = []
    for step in plan.get("replaced_steps", []):
        tried = [a for a in step["attempts"] if not a["retracted"]]
        if tried:
            last = tried[-1]
            count = "1 attempt" if len(tried) == 1 else f"{len(tried)} attempts"
            lines.append(
                f"Replaced: <s>{escape(step['title'])}</s> — {count}, last "
                f"{local(last['attempted_at'], zone)}: {escape(last['outcome'])}"
            )
    return lines


def change_view(
    plan: Plan, step_ids: tuple[int, ...], said: str
) -> tuple[str, InlineKeyboardMarkup | None]:
    """What a change shows under its answer: the plan's header, the changed
    steps and the next open one, with buttons for those still open.  Compact,
    whatever the plan's length; a line the answer (``said``) already shows is
    not repeated, its buttons still come."""
    changed = [s for s in plan["steps"] if s["id"] in step_ids]
    following = next(
        (s for s in plan["steps"] if s["status"] not in FINISHED and s["id"] not in step_ids), None
    )
    shown = sorted(changed + ([following] if following else []), key=lambda s: s["position"])
    lines = [_header(plan)] + [_step_line(s) for s in shown if s["title"] not in said]
    return "\n".join(lines), _step_buttons(plan, shown)


def briefing_after_press(
    shown_html: str, markup: InlineKeyboardMarkup | None, step_id: int, done: str
) -> tuple[str, InlineKeyboardMarkup | None]:
    """A briefing after one of its buttons was pressed: the same lines (as the chat
    shows them, bold header and all: ``Message.text_html``), what was done below
    them, and no more buttons for that step."""
    return f"{shown_html}\n\n✓ {escape(done)}", buttons.without_step(markup, step_id)


def step_as_it_is(step: StepInPlan) -> str:
    """A press on a step that changed since its button was made: the step now.
    "✓ Step 2 (Fill in the form) is done — nothing changed." """
    return (
        f"{MARKS[step['status']]} Step {step['position']} ({step['title']}) is "
        f"{step['status'].replace('_', ' ')} — nothing changed."
    )


def briefing_after_stale_press(
    shown_html: str, markup: InlineKeyboardMarkup | None, step: StepInPlan
) -> tuple[str, InlineKeyboardMarkup | None]:
    """A briefing (or reminder) after a press on a step that changed since it was
    sent: the same lines, the step as it is now below them (once), and that
    step's buttons made for its status now (none when it is done or skipped)."""
    line = escape(step_as_it_is(step))
    html = shown_html if shown_html.endswith(line) else f"{shown_html}\n\n{line}"
    return html, buttons.restamped(markup, step["id"], step["status"])


def split(text: str, limit: int = LIMIT) -> list[str]:
    """Cut at line boundaries into pieces of at most ``limit`` characters;
    a single line longer than that is cut at the last space before it."""
    pieces, current = [], ""
    for line in text.split("\n"):
        while len(line) > limit:
            cut = line.rfind(" ", 0, limit)
            cut = cut if cut > 0 else limit
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:cut])
            line = line[cut:].lstrip(" ")
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    if current.strip():
        pieces.append(current)
    return pieces or [""]
