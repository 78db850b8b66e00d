"""Errors of the plan memory.

    Exception
    ├── NotFound      a plan or step that does not exist *or is not the caller's*
    └── ValueError    (built in) a bad value; the message says what to change

The two cases of NotFound are deliberately indistinguishable, so that nobody
can learn whether another person's plan exists.
"""

import sqlite3

# What a person reads while the database refuses every write (the disk is full, the file
# became read-only or damaged): not "nothing you confirmed is lost", which would not be true
# of what they are saying now.
CANNOT_SAVE = (
    "I can't save anything right now (the database refuses writes), so nothing "
    "was changed. Please try again later."
)
_STORAGE = (
    "database or disk is full",
    "disk i/o error",
    "readonly database",
    "unable to open database",
    "database disk image is malformed",
    "file is not a database",
)


class NotFound(Exception):
    """No such plan or step for this user."""


class NoPlanToMark(Exception):
    """``PlanStore.apply_marks_to_current`` read no plan to mark (none is current, or a
    question is open): nothing was written."""


def cannot_write(error: BaseException | None) -> bool:
    """Whether ``error`` (or what caused it) is SQLite refusing to store anything, as opposed
    to a fault of one request."""
    seen = 0
    while error is not None and seen < 5:
        if isinstance(error, sqlite3.DatabaseError) and any(
            words in str(error).lower() for words in _STORAGE
        ):
            return True
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False
