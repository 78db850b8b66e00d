"""What is due, from every proactive job: the producers the tick runs.

A producer only *reads*: given a :class:`TickEnv` and the moment ``now``, it
returns a :class:`Due` for every message that is due at ``now`` (for everyone,
from one or two indexed queries, never one per person).  It may return the
same message tick after tick: the tick claims each (person, dedupe key) once
and ignores it from then on.  So a message kept back (quiet hours, a muted
plan) is simply produced again at the next tick, and one whose reason went
away meanwhile (a step finished) is not.

A Due whose message has no text settles its key without sending anything:
"nothing to say this morning" is claimed like a message, so the job stops
looking for the rest of the day (the briefing uses it).

A message whose send failed is not retried from its stored copy alone: before
each retry its producer is asked again (:data:`RECHECKS`) whether it is still
due at that moment, and gives the message as it would be produced now, or None
(the step was done or changed, the morning is over): the claim is then
settled without sending.  A kind without a recheck is retried as stored.

Some kinds need a word in the claim itself (:data:`HOOKS`): the briefing's
once-per-local-morning rule is checked and written in the claim's own
transaction (``briefings_sent`` stays its record of mornings), and its
"mornings running" count is recorded once a briefing is claimed.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, time

import aiosqlite

from drbot.memory.briefings import claim_morning
from drbot.memory.clock import iso
from drbot.memory.proactive_sends import Guard, went_out_since
from drbot.memory.user_settings import usable_zone
from drbot.outgoing import Outgoing
from drbot.scheduler import (
    briefing,
    digest,
    due_reminders,
    personal_reminders,
    review,
    step_reminders,
)
from drbot.scheduler.contract import Due, Producer, TickEnv

# -- the morning briefing ------------------------------------------------------------


async def briefings_due(env: TickEnv, now: datetime) -> list[Due]:
    """Everyone whose local briefing time has come and who has not had this
    morning's briefing: their briefing, or an empty Due (nothing to say, or
    only muted plans) that settles the morning.  A group that set a briefing
    time (/briefing_time in the group) is briefed like a person, in the group,
    on the group's plans."""
    settings = env.settings.briefing
    people = await briefing.due_people(
        env.store,
        env.users,
        env.briefings,
        settings,
        (*env.allowed_user_ids, *await env.users.briefed_groups()),
        now,
    )
    if not people:
        return []
    built = await briefing.build_briefings(
        env.store, env.briefings, env.users, settings, people, now
    )
    prefs = await env.users.get_many(people)
    dues = []
    for user_id in people:
        zone = usable_zone(prefs[user_id]["timezone"], settings.default_timezone)
        found = built.get(user_id)
        message = (
            found.message
            if found is not None
            else Outgoing(
                user_id, "briefing", "", "", f"briefing:{briefing.morning_key(now, zone)}"
            )
        )
        hours, minutes = (int(p) for p in prefs[user_id]["briefing_time"].split(":"))
        due_at = datetime.combine(
            briefing.local_day(now, zone), time(hours, minutes), tzinfo=zone
        ).astimezone(UTC)
        dues.append(Due(message, min(due_at, now)))
    return dues


def _briefing_guard(env: TickEnv, due: Due, now: datetime) -> Guard:
    """Claim the morning in ``briefings_sent`` in the same transaction: nothing
    sent since the start of the local day or in the last 12 hours (B's rule)."""
    morning = due.message.dedupe_key.removeprefix("briefing:")
    zone = usable_zone(morning.partition("@")[2] or "UTC")

    async def guard(conn: aiosqlite.Connection) -> bool:
        return await claim_morning(
            conn,
            due.message.user_id,
            morning,
            len(due.message.rows),
            since=iso(briefing.quiet_since(now, zone)),
            at=iso(now),
        )

    return guard


def _review_guard(env: TickEnv, due: Due, now: datetime) -> Guard:
    """Never two evening reviews within 12 hours.  The key is the local day
    and zone, so a person who flies east (LA → Tokyo) would otherwise get
    Tokyo's review seven hours after LA's, telling the same moves again."""

    async def guard(conn: aiosqlite.Connection) -> bool:
        return not await went_out_since(
            conn, due.message.user_id, "review", iso(now - review.APART)
        )

    return guard


async def _briefing_claimed(env: TickEnv, due: Due, now: datetime) -> None:
    """A briefing is going out: count its steps' mornings running (a retried
    send the same morning counts once)."""
    await briefing.build_briefing(
        env.store,
        env.briefings,
        env.users,
        env.settings.briefing,
        due.message.user_id,
        now,
        record=True,
    )


async def _briefing_recheck(env: TickEnv, dues: list[Due], now: datetime) -> list[Due | None]:
    """A briefing waiting for a retry is still due only on its own morning, and
    only with something to say: built afresh (steps done since drop out)."""
    settings, fresh = env.settings.briefing, []
    for due in dues:
        morning = due.message.dedupe_key.removeprefix("briefing:")
        zone = usable_zone(morning.partition("@")[2] or "UTC")
        built = None
        if briefing.morning_key(now, zone) == morning:
            built = await briefing.build_briefing(
                env.store,
                env.briefings,
                env.users,
                settings,
                due.message.user_id,
                now,
                record=False,
            )
        fresh.append(
            None
            if built is None
            else Due(replace(built.message, dedupe_key=due.message.dedupe_key), due.due_at)
        )
    return fresh


@dataclass(frozen=True)
class Hooks:
    # Inside the claim's transaction; False refuses the claim.
    guard: Callable[[TickEnv, Due, datetime], Guard] | None = None
    # After a message with text was claimed, before it is sent.
    claimed: Callable[[TickEnv, Due, datetime], Awaitable[None]] | None = None


HOOKS: dict[str, Hooks] = {
    "briefing": Hooks(_briefing_guard, _briefing_claimed),
    "review": Hooks(_review_guard),
    # the occurrence is claimed and the reminder moves on, at once
    personal_reminders.KIND: Hooks(personal_reminders.guard),
}

# Before a retry: each stored message as it is due now, or None (no longer due).
Recheck = Callable[[TickEnv, list[Due], datetime], Awaitable[list[Due | None]]]
# By kind: the producer that made such messages, and how it answers again.  A
# tick applies a recheck only when it runs that producer; a kind without one
# (the evening review, the weekly digest: about a day or week that stays true)
# is retried as stored.
RECHECKS: dict[str, tuple[Producer, Recheck]] = {
    "briefing": (briefings_due, _briefing_recheck),
    "reminder": (step_reminders.due_reminders, step_reminders.recheck),
    personal_reminders.KIND: (personal_reminders.due_personal, personal_reminders.recheck),
    due_reminders.KIND: (due_reminders.due_soon, due_reminders.recheck),
}

# Every proactive job, in the order the tick runs them.
PRODUCERS: tuple[Producer, ...] = (
    briefings_due,
    step_reminders.due_reminders,
    personal_reminders.due_personal,
    due_reminders.due_soon,
    review.due_reviews,
    digest.due_digests,
)
