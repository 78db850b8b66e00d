"""What needs attention: the stale, stuck and due steps (docs/ARCHITECTURE.md, "Stale"), for one
person or for many at once (the scheduler's reads).

A part of PlanStore (its base class), kept apart from the writes: these are
the reads the morning briefing, the reminders and the benches run at scale.
Each is one statement per kind (``plan_queries``); the everyone-reads act for
no person, and the scheduler passes each person's rows only to them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from drbot.memory import limits, step_reminders
from drbot.memory import plan_queries as q
from drbot.memory.clock import Clock, iso
from drbot.memory.database import Database
from drbot.memory.records import Attention, DatedStep, EndedWait, StaleStep, StuckStep
from drbot.memory.rows import as_rows, by_user

# The briefing's three reads (due, stuck, stale not stuck): for everyone, or
# for the people in :users.
_EVERYONE = (q.DUE_FOR_EVERYONE, q.STUCK_FOR_EVERYONE, q.STALE_NOT_STUCK_FOR_EVERYONE)
_SOME = (q.DUE_FOR_SOME, q.STUCK_FOR_SOME, q.STALE_NOT_STUCK_FOR_SOME)


class PlanAttention:
    db: Database
    _clock: Clock

    async def stale_steps(
        self, user_id: int, days: float = 7, now: datetime | None = None
    ) -> list[StaleStep]:
        """Steps nothing has happened to for ``days`` (docs/ARCHITECTURE.md, "Stale")."""
        params = self._stale_params(days, now)
        params["user_id"] = limits.user_id(user_id)
        return as_rows(StaleStep, await self.db.fetch_all(q.STALE_FOR_USER, params))

    async def stale_steps_for_everyone(
        self, days: float = 7, now: datetime | None = None
    ) -> dict[int, list[StaleStep]]:
        """The same rule over all users in one statement, for the briefing job.

        It acts for no person: the scheduler passes each list only to its owner.
        """
        return by_user(
            StaleStep, await self.db.fetch_all(q.STALE_FOR_EVERYONE, self._stale_params(days, now))
        )

    async def attention_for_everyone(
        self, days: float, multiplier: float, now: datetime | None = None
    ) -> dict[int, Attention]:
        """Stale, stuck and due steps of every user in three statements, for
        briefing many people at once: {user_id: {"stale"|"stuck"|"due": rows}}.
        A step that is stuck is listed under "stuck" only, not also under
        "stale" (the briefing shows each step once, stuck before stale)."""
        return await self._attention(_EVERYONE, {}, days, multiplier, now)

    async def attention_for(
        self, user_ids: Iterable[int], days: float, multiplier: float, now: datetime | None = None
    ) -> dict[int, Attention]:
        """``attention_for_everyone`` for these people only (the others are absent):
        the briefing job asks for the few whose morning it is.  A few people's
        plans are read directly, many people through the everyone-scans."""
        wanted = [limits.user_id(u) for u in dict.fromkeys(user_ids)]
        if len(wanted) > q.FEW_PEOPLE:
            found = await self.attention_for_everyone(days, multiplier, now)
            return {u: found[u] for u in wanted if u in found}
        return await self._attention(_SOME, {"users": json.dumps(wanted)}, days, multiplier, now)

    async def _attention(
        self,
        queries: tuple[str, str, str],
        extra: dict[str, Any],
        days: float,
        multiplier: float,
        now: datetime | None,
    ) -> dict[int, Attention]:
        params = {**self._stale_params(days, now), "multiplier": multiplier, **extra}
        due_sql, stuck_sql, stale_sql = queries
        due = by_user(EndedWait, await self.db.fetch_all(due_sql, params))
        stuck = by_user(StuckStep, await self.db.fetch_all(stuck_sql, params))
        stale = by_user(StaleStep, await self.db.fetch_all(stale_sql, params))
        return {
            user_id: {
                "due": due.get(user_id, []),
                "stuck": stuck.get(user_id, []),
                "stale": stale.get(user_id, []),
            }
            for user_id in dict.fromkeys([*due, *stuck, *stale])
        }

    def _stale_params(self, days: float, now: datetime | None) -> dict[str, Any]:
        if isinstance(days, bool) or not isinstance(days, int | float) or days <= 0:
            raise ValueError("days must be a positive number")
        now = now or self._clock()
        return {
            "now": iso(now),
            "cutoff": iso(now - timedelta(days=days)),
            "reminders_from": iso(now - step_reminders.STANDING),
        }

    async def dated_steps(
        self, user_ids: Iterable[int], latest_day: str
    ) -> dict[int, list[DatedStep]]:
        """The open steps of these people with a due date up to ``latest_day``
        (YYYY-MM-DD), soonest first, by person: the morning agenda's read."""
        wanted = [limits.user_id(u) for u in dict.fromkeys(user_ids)]
        params: dict[str, Any]
        if len(wanted) == 1:
            sql, params = q.DATED_FOR_USER, {"user_id": wanted[0]}
        else:  # a few people from their plans; many from the due dates' index
            sql = q.DATED_FOR_FEW if len(wanted) <= q.FEW_PEOPLE else q.DATED_FOR_SOME
            params = {"users": json.dumps(wanted)}
        rows = await self.db.fetch_all(sql, {**params, "latest_day": latest_day})
        return by_user(DatedStep, rows)

    async def stuck_steps(
        self, user_id: int, multiplier: float = 2.0, now: datetime | None = None
    ) -> list[StuckStep]:
        """In-progress steps running past ``multiplier`` x their estimate."""
        params = {
            "user_id": limits.user_id(user_id),
            "now": iso(now or self._clock()),
            "multiplier": multiplier,
        }
        return as_rows(StuckStep, await self.db.fetch_all(q.STUCK, params))

    async def due_steps(self, user_id: int, now: datetime | None = None) -> list[EndedWait]:
        """Steps whose snooze or blocked-until moment has come, untouched since
        (a reminder at a time of day only once it no longer stands)."""
        now = now or self._clock()
        params = {
            "user_id": limits.user_id(user_id),
            "now": iso(now),
            "reminders_from": iso(now - step_reminders.STANDING),
        }
        return as_rows(EndedWait, await self.db.fetch_all(q.DUE, params))
