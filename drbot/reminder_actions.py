"""The buttons of the person's own reminders (``memory.personal_reminders``),
and the callback data that says what each does.

On /reminders each line has Cancel, and a repeating one Skip next; both carry
the moment the line was shown with, so a list made before a change (a skip, a
send) changes nothing.  A reminder's own message has Done (this time) and, when
it repeats, Stop.  The data names a reminder, never a person: the press is
checked against the person who pressed it.  All start with ``rem:`` like a
step reminder's Cancel, so one handler takes every reminder press.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drbot.memory.clock import parse
from drbot.outgoing import Button

PREFIX = "rem"
ACTIONS = {"c": "cancel", "n": "skip", "d": "done", "p": "stop"}
_PRESS = re.compile(rf"{PREFIX}:([cndp]):([0-9]{{1,18}})(?::([0-9]{{1,12}}))?")


@dataclass(frozen=True)
class Press:
    action: str  # cancel · skip · done · stop
    reminder_id: int
    shown: int | None  # the moment it was shown with (unix seconds)


def seconds(moment: str) -> int:
    return int(parse(moment).timestamp())


def cancel(reminder_id: int, next_at: str, label: str) -> tuple[str, str]:
    return (label, f"{PREFIX}:c:{reminder_id}:{seconds(next_at)}")


def skip(reminder_id: int, next_at: str, label: str) -> tuple[str, str]:
    return (label, f"{PREFIX}:n:{reminder_id}:{seconds(next_at)}")


def fired_buttons(reminder_id: int, repeats: bool) -> tuple[Button, ...]:
    """The row on a reminder's own message."""
    if repeats:
        return (
            Button("✓ Done (this time)", f"{PREFIX}:d:{reminder_id}"),
            Button("✗ Stop", f"{PREFIX}:p:{reminder_id}"),
        )
    return (Button("✓ Done", f"{PREFIX}:d:{reminder_id}"),)


def decode(data: str | None) -> Press | None:
    found = _PRESS.fullmatch(data or "")
    if found is None:
        return None
    return Press(ACTIONS[found[1]], int(found[2]), int(found[3]) if found[3] else None)
