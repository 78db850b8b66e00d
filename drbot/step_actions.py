"""What a step's buttons do, and the callback data that says so.

Callback data is ``step:<action>:<status code>:<step_id>`` (at most 37
bytes of Telegram's 64).  It names a step, never a user: the press is checked
against the person who pressed it, so a forged or forwarded button changes
nothing.  The status code (:data:`STATUS_CODES`) is the step's status when the
button was made: a press on a step whose status changed since does nothing
but show the step as it is now (``drbot.bot.handlers``), so an old briefing's
Skip never turns a confirmed "done" into "skipped".  Buttons sent before the
code existed (``step:<action>:<step_id>``) were only ever made for open steps
and are taken as such.  The bot decodes presses (``drbot.bot.buttons``); the scheduler puts the same
buttons on the messages it builds, without knowing Telegram.
"""

from __future__ import annotations

from functools import cache

from drbot.memory.records import FINISHED
from drbot.outgoing import Button

# action → button label.  "attempt" asks what happened; "snooze" turns the
# row into the snooze choices below; the others act at once.
STEP_ACTIONS = {"done": "✓ Done", "attempt": "Log attempt", "snooze": "Snooze", "skip": "⤼ Skip"}
# The escalation question of the briefing: re-plan, snooze or drop?
ESCALATION_ACTIONS = {"replan": "Re-plan", "snooze7": "Snooze 7d", "drop": "Drop step"}
SNOOZE_DAYS = {"snooze7": 7}
# What a press on "Snooze" offers, in place of the step's row.  "Tomorrow
# 9:00" is a time of day, so a reminder; the others wake in a briefing.
# "back" puts the step's row back.
SNOOZE_CHOICES = {
    "snz9": "Tomorrow 9:00",
    "snz3": "In 3 days",
    "snzwk": "Next week",
    "back": "‹ Back",
}
PREFIX = "step"
# step status → the one letter a button carries for it
STATUS_CODES = {"pending": "p", "in_progress": "i", "done": "d", "skipped": "s", "blocked": "b"}
STATUS_OF_CODE = {code: status for status, code in STATUS_CODES.items()}
CLOSED = FINISHED  # no buttons: nothing left to do on the step
_ROWS = {"step": STEP_ACTIONS, "snooze": SNOOZE_CHOICES, "escalation": ESCALATION_ACTIONS}


def encode(action: str, step_id: int, status: str) -> str:
    """``status``: the step's status now, what the button is made for."""
    return f"{PREFIX}:{action}:{STATUS_CODES[status]}:{step_id}"


def _row(kind: str, step_id: int, status: str, tag: str | None) -> tuple[Button, ...]:
    step = str(step_id)
    return tuple([Button(label, data + step) for label, data in _labels(kind, tag, status)])


@cache
def _labels(kind: str, tag: str | None, status: str) -> tuple[tuple[str, str], ...]:
    """(label with its tag, callback data but the step id) for a kind of row: the
    same few rows are built for every step of every briefing, so they are made once."""
    suffix = f" ({tag})" if tag else ""
    return tuple(
        (label + suffix, f"{PREFIX}:{action}:{STATUS_CODES[status]}:")
        for action, label in _ROWS[kind].items()
    )


def step_buttons(step_id: int, status: str, tag: str | None = None) -> tuple[Button, ...]:
    """Done · Log attempt · Snooze · Skip, for the step as it is (``status``).
    ``tag`` (e.g. "2") tells rows apart when one message has buttons for
    several steps."""
    return _row("step", step_id, status, tag)


def snooze_choice_buttons(step_id: int, status: str, tag: str | None = None) -> tuple[Button, ...]:
    """Tomorrow 9:00 · In 3 days · Next week · ‹ Back."""
    return _row("snooze", step_id, status, tag)


def escalation_buttons(step_id: int, status: str, tag: str | None = None) -> tuple[Button, ...]:
    """Re-plan · Snooze 7d · Drop step."""
    return _row("escalation", step_id, status, tag)
