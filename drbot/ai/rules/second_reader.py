"""The second reader's veto on the changes the rules read from free wording.

The rules' readings are declared by hand; ``language/write_odds`` is learnt from every message
of the corpus. A change the rules are about to write from free wording — a step done, started,
skipped, tried or put off, a new plan, a step replaced, an undo said in words — is written at
once only when the second reader finds that kind of change plausible for the message too;
otherwise the place that decides between acting and proposing proposes it (one tap, nothing
stored before it). Explicit commands, mark lines, buttons and answers to drbot's own
question never come here: their grammar says what to change.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from drbot.ai.language import write_odds

# The message being read as free wording, as the person wrote it: set only around the free
# wording's reading (``reading``), so nothing else — a command, a button — is ever vetoed.
_MESSAGE: ContextVar[str | None] = ContextVar("_MESSAGE", default=None)


@contextmanager
def reading(message: str) -> Iterator[None]:
    """While the rules read ``message`` as free wording, its writes may be vetoed."""
    token = _MESSAGE.set(message)
    try:
        yield
    finally:
        _MESSAGE.reset(token)


def being_read() -> str | None:
    """The message being read as free wording, as the person wrote it (None outside
    ``reading``): the learnt checks judge only what the rules read from free wording."""
    message = (_MESSAGE.get() or "").strip()
    return message or None


_STATUS_KINDS = {
    "done": "done",
    "in_progress": "start",
    "skipped": "skip",
    "blocked": "snooze",  # (waiting on something: the nearest kind the reader knows)
    "pending": "undo",
}


def kinds_of(calls: Iterable[tuple[str, dict[str, Any]]]) -> tuple[str, ...] | None:
    """The kinds of write a statement's calls are, the way the veto was measured: the
    strongest change they make decides (a step done with a note is done); a try is a try or
    a start (a try on a step not begun starts it), a wait with a try either. None for calls
    that are no status, try or wait."""
    found: set[str] = set()
    for name, args in calls:
        if name == "snooze_step":
            found.add("snooze")
        elif name == "update_plan_step" and ("status" in args or "attempt_outcome" in args):
            if "status" in args:
                found.add(_STATUS_KINDS.get(args["status"], "none"))
            if "attempt_outcome" in args:
                found.add("attempt")
        else:
            return None
    for kind in ("done", "skip"):
        if kind in found:
            return (kind,)
    if "snooze" in found:
        return ("snooze", "attempt") if "attempt" in found else ("snooze",)
    if "attempt" in found:
        return ("attempt", "start")
    for kind in ("start", "undo"):
        if kind in found:
            return (kind,)
    return None


def doubts(kinds: Iterable[str], *, has_plans: bool = True) -> bool:
    """The second reader finds a write of these kinds unlikely for the message being read as
    free wording (never outside ``reading``). ``has_plans``: whether the person had plans
    before it (a change to a step says they had)."""
    message = (_MESSAGE.get() or "").strip()
    return bool(message) and write_odds.doubts(message, kinds, has_plans)
