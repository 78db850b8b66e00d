"""The person's own reminders (``memory.personal_reminders``): the producer the
tick calls, its claim guard and its recheck.

Each occurrence is one message, keyed by the reminder and the occurrence's
moment, sent through the tick's claim like every proactive message.  The
claim's guard (:func:`guard`) moves the reminder on in the claim's own
transaction: to the rule's first occurrence after *now* (so a daily reminder
after three days of downtime goes out once, late, saying when it was due, and
then keeps its schedule), or for a one-off to finished.  A send that failed
is retried only while that occurrence is still the last one claimed and the
reminder was not cancelled (:func:`recheck`): never a second message next to
a newer one.  Quiet hours hold it like any message (it is produced again next
tick, and goes at their end); it belongs to no plan, so no mute holds it.
"""

from __future__ import annotations

import html
from datetime import datetime

import aiosqlite

from drbot import reminder_actions
from drbot.memory import personal_reminders as memory
from drbot.memory.clock import parse
from drbot.memory.personal_reminders import PersonalReminder
from drbot.memory.user_settings import usable_zone
from drbot.outgoing import REMINDER_HEADER, Outgoing
from drbot.scheduler.contract import Due, TickEnv
from drbot.scheduler.step_reminders import LATE_AFTER, when_due

KIND = "personal_reminder"
TEXT_CHARS = 300


async def due_personal(env: TickEnv, now: datetime) -> list[Due]:
    """Every occurrence that has come and is not yet claimed, for everyone served:
    one indexed query, then one for the zones."""
    allowed = set(env.allowed_user_ids)
    due = [
        (row, occurrence)
        for row in await memory.due_for_everyone(env.db, now)
        if row["user_id"] in allowed and (occurrence := row["next_at"]) is not None  # it has come
    ]
    return await _dues(env, due, now)


async def _dues(env: TickEnv, rows: list[tuple[PersonalReminder, str]], now: datetime) -> list[Due]:
    if not rows:
        return []
    prefs = await env.users.get_many(sorted({row["user_id"] for row, _ in rows}))
    in_groups = {row["user_id"] for row, _ in rows if _group(row) is not None}
    private = await env.briefings.private_chats(in_groups) if in_groups else set()
    return [
        _due(row, occurrence, prefs[row["user_id"]]["timezone"], now, private)
        for row, occurrence in rows
    ]


def _group(row: PersonalReminder) -> int | None:
    chat = row.get("chat_id")
    return chat if chat is not None and chat < 0 else None


def _due(
    row: PersonalReminder, occurrence: str, zone_name: str, now: datetime, private: set[int]
) -> Due:
    due_at = parse(occurrence)
    zone = usable_zone(zone_name)
    text = row["text"] if len(row["text"]) <= TEXT_CHARS else row["text"][: TEXT_CHARS - 1] + "…"
    repeats = row["rule"] is not None
    said = f" ({row['repeat_words']})" if repeats and row["repeat_words"] else ""
    tail = f"\n(due at {when_due(due_at, now, zone)})" if now - due_at > LATE_AFTER else ""
    group = _group(row)
    # Asked for in a group by someone drbot cannot write to privately: it goes
    # to that group, mentioning them (the first words stay the header).
    to_group = group is not None and row["user_id"] not in private
    header = (
        f'<a href="tg://user?id={int(row["user_id"])}">{REMINDER_HEADER}</a>'
        if to_group
        else REMINDER_HEADER
    )
    message = Outgoing(
        row["user_id"],
        KIND,
        f"<b>{header}:</b> {html.escape(text, quote=False)}{html.escape(said)}{tail}",
        f"{REMINDER_HEADER}: {text}{said}{tail}",
        memory.dedupe_key(row["id"], occurrence),
        (reminder_actions.fired_buttons(row["id"], repeats),),
        group_id=group,
        reply_to=row.get("message_id") if group is not None else None,
        to_group=to_group,
    )
    return Due(message, due_at)


def guard(env: TickEnv, due: Due, now: datetime):
    """In the claim's transaction: the occurrence is still the reminder's next
    one (not cancelled, skipped or claimed since), and the reminder moves on."""
    user_id = due.message.user_id
    key = memory.from_key(due.message.dedupe_key)
    if key is None:  # built from a personal reminder's key (see _dues)
        raise ValueError(f"not a personal reminder: {due.message.dedupe_key}")
    reminder_id, occurrence = key

    async def check(conn: aiosqlite.Connection) -> bool:
        zone = await env.users.zone(user_id)
        return await memory.claim_occurrence(conn, user_id, reminder_id, occurrence, zone, now)

    return check


async def recheck(env: TickEnv, dues: list[Due], now: datetime) -> list[Due | None]:
    """Before a retry: the occurrence as it would be sent now, or None when the
    reminder was cancelled, or a later occurrence has been claimed since or has
    come (one message, the newer)."""
    found = await memory.standing(
        env.db, [(d.message.user_id, d.message.dedupe_key) for d in dues], now
    )
    wanted = []
    for due in dues:
        parsed = memory.from_key(due.message.dedupe_key)
        row = found.get((due.message.user_id, parsed[0])) if parsed else None
        wanted.append(None if row is None or parsed is None else (row, parsed[1]))
    built = iter(await _dues(env, [w for w in wanted if w is not None], now))
    return [None if w is None else next(built) for w in wanted]
