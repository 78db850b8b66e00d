"""A read's rows as the plain dicts its TypedDict declares.

Each read the scheduler runs declares its row's keys beside its SQL (``records.StaleStep``,
``step_reminders.TimedReminder``, ``review_queries.PlanWeek``, …): exactly the statement's
columns, with their values as SQLite gives them (a status stays the stored text: tens of
thousands of rows a morning are not converted one by one).  SQLite cannot tell a type
checker which columns a statement returns, so the claim that its rows have their declared
keys is made here, once, and ``tests/test_row_types.py`` holds every statement's columns to
its type: a column added or dropped without the type fails there.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence
from itertools import groupby
from operator import itemgetter
from typing import TypeVar, cast

# A TypedDict declaring one statement's columns.
RowT = TypeVar("RowT", bound=Mapping[str, object])


def as_rows(shape: type[RowT], rows: Sequence[sqlite3.Row]) -> list[RowT]:
    """The rows as dicts of ``shape``."""
    if not rows:
        return []
    names = rows[0].keys()
    # The unchecked claim (see the module's docstring): the statement's columns are
    # ``shape``'s keys.  ``dict(zip(names, row))`` is about twice as fast as
    # ``dict(row)``, which looks every column up by name.
    return cast(list[RowT], [dict(zip(names, row)) for row in rows])


def by_user(shape: type[RowT], rows: Sequence[sqlite3.Row]) -> dict[int, list[RowT]]:
    """An everyone-read's rows (ordered by user_id) as dicts of ``shape``, grouped by
    user: it acts for no person, and the caller passes each list only to its owner."""
    if not rows:
        return {}
    names = rows[0].keys()
    grouped = {
        user_id: [dict(zip(names, row)) for row in group]
        for user_id, group in groupby(rows, key=itemgetter(names.index("user_id")))
    }
    return cast(dict[int, list[RowT]], grouped)  # the same claim, for every person at once
