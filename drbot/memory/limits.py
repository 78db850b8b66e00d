"""What the plan memory accepts, and the messages for what it does not.

Every check runs before the first write, so a bad value changes nothing.  The
messages go to people (through the model or a command), so they say what to do.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from datetime import UTC, date, datetime, time
from typing import Any

from drbot.memory.records import PlanStatus, StepSpec, StepStatus

PLAN_STATUSES = tuple(PlanStatus)
STEP_STATUSES = tuple(StepStatus)
NOTE_KINDS = ("finding", "progress")

MAX_TITLE = 200  # plan and step titles: a line, not a paragraph
MAX_TEXT = 2000  # descriptions, step notes, attempt notes
MAX_OUTCOME = 500  # "no answer", "left a voicemail with Jim"
MAX_NOTE = 4000  # findings and progress notes may be longer
MAX_STEPS = 50  # per plan, counting finished steps
MAX_REPLANS = 3  # after that: abandon or close instead
MAX_ESTIMATE_DAYS = 3650


def title(value: object, what: str = "title") -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"The {what} is empty; give it a few words.")
    value = " ".join(value.split())
    if len(value) > MAX_TITLE:
        raise ValueError(
            f"The {what} is {len(value)} characters long; keep it under "
            f"{MAX_TITLE + 1} and put details in the notes."
        )
    return value


def text(value: object, what: str, limit: int = MAX_TEXT) -> str | None:
    """Optional free text: None or blank means none."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"The {what} must be text.")
    value = value.strip()
    if len(value) > limit:
        raise ValueError(f"The {what} is {len(value)} characters long; the limit is {limit}.")
    return value or None


def outcome(value: object) -> str:
    said = text(value, "attempt outcome", MAX_OUTCOME)
    if said is None:
        raise ValueError("Say what happened in the attempt (e.g. 'no answer').")
    return said


def choice(value: Any, allowed: Iterable[str], what: str) -> str:
    allowed = tuple(allowed)
    if value not in allowed:
        raise ValueError(f"Unknown {what} {value!r}; use one of: {', '.join(allowed)}.")
    chosen: str = value
    return chosen


def estimate(value: Any) -> float | None:
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not math.isfinite(value)
        or not 0 < value <= MAX_ESTIMATE_DAYS
    ):
        raise ValueError(f"An estimate is a number of days between 0 and {MAX_ESTIMATE_DAYS}.")
    return float(value)


def step_spec(value: Any, name: str = "the step") -> StepSpec:
    """A step as given to create_plan/replan/add_step: a title, or a dict with
    one.  ``name`` says which step in messages ("step 3", "the step")."""
    if isinstance(value, str):
        value = {"title": value}
    if not isinstance(value, Mapping):
        raise ValueError(f"{name.capitalize()} must be a title or an object with a title.")
    unknown = set(value) - {
        "title",
        "notes",
        "estimated_days",
        "expected_outcome",
        "wait_until",
        "due_date",
    }
    if unknown:
        raise ValueError(f"{name.capitalize()} has unknown fields: {', '.join(sorted(unknown))}.")
    wait = value.get("wait_until")  # a step that starts waiting (a tracked commitment)
    return {
        "title": title(value.get("title"), f"title of {name}"),
        "notes": text(value.get("notes"), f"notes of {name}"),
        "estimated_days": estimate(value.get("estimated_days")),
        "expected_outcome": text(
            value.get("expected_outcome"), f"expected outcome of {name}", MAX_OUTCOME
        ),
        "wait_until": None if wait is None else moment(wait, f"waiting date of {name}"),
        "due_date": due_date(value.get("due_date"), f"due date of {name}"),
    }


def step_specs(values: Any, *, existing: int = 0) -> list[StepSpec]:
    if values is None:
        values = []
    if isinstance(values, str | bytes) or not isinstance(values, Iterable):
        raise ValueError("Steps must be a list of step titles.")
    specs = [step_spec(v, f"step {i}") for i, v in enumerate(values, start=existing + 1)]
    if existing + len(specs) > MAX_STEPS:
        raise ValueError(f"A plan can have at most {MAX_STEPS} steps; split it into smaller plans.")
    return specs


def user_id(value: Any) -> int:
    # bool is an int in Python; a True user id is a bug, never a person.
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("user_id must be an int")
    return value


def moment(value: Any, what: str = "date") -> datetime:
    """An aware datetime, an ISO-8601 string with an offset, or a bare date
    (the start of that day in UTC: the store knows no one's time zone; callers
    that do pass the local midnight instead)."""
    if isinstance(value, str):
        try:
            if len(value) == 10:  # a bare date: 2026-03-05
                value = datetime.combine(date.fromisoformat(value), time(0), UTC)
            else:
                value = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            raise ValueError(
                f"The {what} {value!r} is not a date I can read; use 2026-03-05 "
                f"or 2026-03-05T09:00+01:00."
            ) from None
    if not isinstance(value, datetime):
        raise ValueError(f"The {what} must be a date and time.")
    if value.tzinfo is None:
        raise ValueError(f"The {what} needs a time zone.")
    return value.astimezone(UTC)


def due_date(value: Any, what: str = "due date") -> str | None:
    """A step's due date: a calendar day in the person's own zone, kept as
    YYYY-MM-DD (a ``date`` or that text); None means none.  A moment is refused:
    the store knows no one's zone, so the caller names the day."""
    if value is None:
        return None
    if isinstance(value, datetime) or not isinstance(value, date | str):
        raise ValueError(f"The {what} must be a day, like 2026-01-31.")
    if isinstance(value, str):
        try:
            if len(value.strip()) != 10:
                raise ValueError
            value = date.fromisoformat(value.strip())
        except ValueError:
            raise ValueError(
                f"The {what} {value[:40]!r} is not a day I can read; use 2026-01-31."
            ) from None
    day: date = value
    return day.isoformat()
