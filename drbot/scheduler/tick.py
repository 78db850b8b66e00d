"""The proactive tick: every proactive message goes out through here, once.

``drbot.runtime`` runs :func:`tick` every minute; ``drbot tick --at`` runs it
once for a given moment.  Each run:

1. recovers claims a crash left without an outcome (``SendLog.recover``):
   a claim whose Bot API call never began is sent again — it provably never
   went out; one whose call began and never reported is marked ``unknown``
   and logged, never resent: drbot would rather miss one message than send
   it twice, and the log line says which one (person, key) may be missing;
2. asks every producer what is due (``producers.PRODUCERS``) and adds the
   messages waiting for a retry whose time has come — each first put to its
   kind's ``recheck``: as it would be produced now, or, no longer due (the
   step done or changed since), settled without sending;
3. keeps back what must wait — a blocked person, a muted plan (unless the
   message was asked for after the mute: the newer wish wins), quiet hours in
   the person's zone (produced again next tick, so it goes at their end,
   once) — and drops what is already claimed;
4. claims each message in the database (one transaction, with the kind's
   guard), marks it started, sends it, and records the outcome:
   RecipientGone → stop writing to them (until they write again);
   Rejected → give up and log; DeliveryFailed (Telegram answered with an
   error, or the request never left) → retry after 1, 5, then every 30
   minutes, never given up; DeliveryUnknown (written, no answer: a read
   timeout, a dropped connection) or a sender that broke mid-call →
   ``unknown``, logged once, never resent — it may well have arrived.

With ``send=None`` it claims nothing and reports what it would send.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta

from drbot.memory.clock import parse
from drbot.memory.owners import is_group
from drbot.memory.proactive_sends import SendLog
from drbot.memory.quiet import Quiet, in_quiet_hours
from drbot.memory.user_settings import usable_zone
from drbot.outgoing import (
    Button,
    DeliveryFailed,
    DeliveryUnknown,
    Outgoing,
    RecipientGone,
    Rejected,
    Send,
)
from drbot.scheduler.producers import HOOKS, PRODUCERS, RECHECKS, Due, Hooks, Producer, TickEnv

logger = logging.getLogger("drbot.tick")

LATE_AFTER = timedelta(minutes=15)  # a retry sent later than this says when it was due


@dataclass(frozen=True)
class TickResult:
    user_id: int
    kind: str
    dedupe_key: str
    # sent · would send · quiet · muted · blocked · retry (failed, tried later) ·
    # gone · rejected · unknown (no outcome: not resent) · settled (a retry no
    # longer due: nothing sent)
    outcome: str
    plain: str = ""


async def tick(
    env: TickEnv,
    now: datetime,
    send: Send | None,
    *,
    producers: Iterable[Producer] = PRODUCERS,
    pause: float = 0.0,
) -> list[TickResult]:
    """Send (or, with ``send=None``, report) every proactive message due at ``now``."""
    log, quiet = SendLog(env.db), Quiet(env.db)
    producers = tuple(producers)
    if send is not None:
        await _recover(log, now)
    dues = await _produce(env, now, producers)
    retries = [_retry_due(row) for row in await log.due_retries(now)]
    allowed = set(env.allowed_user_ids)

    def served(message: Outgoing) -> bool:
        # A group's own messages (its briefing, its plans' reminders) go to the
        # group: only allowed people acting in it ever gave it plans or a
        # briefing.  An empty allowlist serves nobody, groups included.
        return message.user_id in allowed or bool(allowed) and is_group(message.user_id)

    dues = [d for d in dues if served(d.message)]  # never a stranger
    retries = [d for d in retries if served(d.message)]  # nor someone removed
    retries, stored, gone = await _recheck(env, retries, now, producers)
    states = await log.states((d.message.user_id, d.message.dedupe_key) for d in dues)
    fresh = [d for d in dues if (d.message.user_id, d.message.dedupe_key) not in states]
    held = await _held_back(env, quiet, fresh + retries, now)
    results: list[TickResult] = []
    for due in gone:  # asked again, the producer has nothing: settle, send nothing
        message = due.message
        if (
            send is not None
            and await log.claim_retry(message.user_id, message.dedupe_key, now)
            and await log.settle(message.user_id, message.dedupe_key, "no longer due")
        ):
            logger.info(
                "%s for user %s (%s) no longer due: not retried",
                message.kind,
                message.user_id,
                message.dedupe_key,
            )
            results.append(
                TickResult(
                    message.user_id, message.kind, message.dedupe_key, "settled", message.plain
                )
            )
    for due, is_retry in [(d, False) for d in fresh] + [(d, True) for d in retries]:
        message = due.message
        reason = held.get((message.user_id, message.dedupe_key))
        if reason is not None:
            results.append(
                TickResult(message.user_id, message.kind, message.dedupe_key, reason, message.plain)
            )
            continue
        if send is None:
            if message.text:
                results.append(
                    TickResult(
                        message.user_id,
                        message.kind,
                        message.dedupe_key,
                        "would send",
                        message.plain,
                    )
                )
            continue
        outcome = await _claim_and_send(
            env, log, send, due, is_retry, now, late=is_retry and id(due) in stored
        )
        if outcome is not None:
            results.append(outcome)
            if pause:
                await asyncio.sleep(pause)
    return results


async def _recover(log: SendLog, now: datetime) -> None:
    recovered = await log.recover(now)
    for user_id, key, kind in recovered["retry"]:
        logger.warning(
            "%s for user %s (%s) was claimed but never sent: sending it again", kind, user_id, key
        )
    for user_id, key, kind in recovered["unknown"]:
        logger.warning(
            "%s for user %s (%s) began sending and never reported: it may not "
            "have arrived; not resent",
            kind,
            user_id,
            key,
        )


async def _produce(env: TickEnv, now: datetime, producers: Iterable[Producer]) -> list[Due]:
    dues: list[Due] = []
    for producer in producers:
        try:
            dues.extend(await producer(env, now))
        except Exception as error:  # one job's bug never stops the others
            logger.error(
                "producer %s failed: %s",
                getattr(producer, "__name__", producer),
                type(error).__name__,
            )
    return dues


async def _recheck(
    env: TickEnv, retries: list[Due], now: datetime, producers: tuple[Producer, ...]
) -> tuple[list[Due], set[int], list[Due]]:
    """Ask each retry's producer again whether it is still due.  Returns the
    retries to send (rebuilt, or as stored when its producer has no recheck or
    is not run by this tick), the ids of those sent as stored, and those no
    longer due."""
    by_kind: dict[str, list[Due]] = {}
    for due in retries:
        by_kind.setdefault(due.message.kind, []).append(due)
    keep: list[Due] = []
    stored: set[int] = set()
    gone: list[Due] = []
    for kind, dues in by_kind.items():
        producer, recheck = RECHECKS.get(kind, (None, None))
        if recheck is None or producer not in producers:
            keep += dues
            stored |= {id(d) for d in dues}
            continue
        try:
            now_due = await recheck(env, dues, now)
        except Exception as error:  # a bug there: keep them waiting, never send stale text
            logger.error("recheck of %s retries failed: %s", kind, type(error).__name__)
            continue
        for old, new in zip(dues, now_due, strict=True):
            if new is None:
                gone.append(old)
            else:
                keep.append(Due(new.message, old.due_at, new.plan_id, asked_at=new.asked_at))
    return keep, stored, gone


async def _held_back(
    env: TickEnv, quiet: Quiet, dues: list[Due], now: datetime
) -> dict[tuple[int, str], str]:
    """Why each message that must wait waits: blocked, muted or quiet.  A few
    statements for everyone, however many messages."""
    people = sorted({d.message.user_id for d in dues if d.message.text})
    if not people:
        return {}
    hours = await quiet.hours_many(people)
    zones = await env.users.get_many([u for u in people if u in hours])
    mutes = await quiet.mutes_everyone()
    blocked = await env.briefings.blocked_among(people)
    held = {}
    for due in dues:
        user_id, key = due.message.user_id, due.message.dedupe_key
        if not due.message.text:
            continue  # a settled key sends nothing: never held back
        muted_at = mutes.get(user_id, {}).get(due.plan_id) if due.plan_id is not None else None
        if user_id in blocked and due.message.group_id is None:
            # (One asked for in a group goes there instead: it is not held.)
            held[(user_id, key)] = "blocked"
        elif muted_at is not None and (due.asked_at is None or muted_at >= due.asked_at):
            held[(user_id, key)] = "muted"  # the newer wish wins: asked for after? sent
        elif user_id in hours and in_quiet_hours(
            now, usable_zone(zones[user_id]["timezone"], env.users.default_timezone), hours[user_id]
        ):
            held[(user_id, key)] = "quiet"
    return held


async def _claim_and_send(
    env: TickEnv,
    log: SendLog,
    send: Send,
    due: Due,
    is_retry: bool,
    now: datetime,
    *,
    late: bool = False,
) -> TickResult | None:
    message = due.message
    user_id, key = message.user_id, message.dedupe_key
    hooks = HOOKS.get(message.kind, Hooks())
    if is_retry:
        if not await log.claim_retry(user_id, key, now):
            return None  # another tick took it
    else:
        guard = hooks.guard(env, due, now) if hooks.guard else None
        if not await log.claim(
            user_id,
            key,
            message.kind,
            due.due_at,
            _payload(message),
            now,
            plan_id=due.plan_id,
            guard=guard,
            empty=not message.text,
        ):
            return None
        if not message.text:
            return None  # settled: nothing to say
        if hooks.claimed is not None:
            await hooks.claimed(env, due, now)
    if not await log.start(user_id, key, now):
        return None  # our claim was recovered by another tick meanwhile
    result = TickResult(user_id, message.kind, key, "sent", message.plain)
    try:
        await send(await _late(env, due, now) if late else message)
    # Logged: who, which key and what happened, never the text (it is the person's plans).
    except RecipientGone:
        logger.info(
            "%s for user %s: bot blocked; nothing more until they write", message.kind, user_id
        )
        await log.given_up(user_id, key, "gone", "recipient gone")
        await env.briefings.mark_blocked(user_id)
        return _as(result, "gone")
    except Rejected as error:
        logger.warning("%s for user %s rejected, given up: %s", message.kind, user_id, error)
        await log.given_up(user_id, key, "rejected", str(error))
        return _as(result, "rejected")
    except DeliveryFailed as error:
        when = await log.failed(user_id, key, str(error), now)
        logger.warning(
            "%s for user %s not sent (%s); retrying at %s",
            message.kind,
            user_id,
            error,
            when.isoformat(timespec="minutes"),
        )
        return _as(result, "retry")
    except DeliveryUnknown as error:
        # Written, no answer: Telegram may have delivered it.  A second copy is
        # worse than a missing one; the line says which may be missing.
        await log.unknown(user_id, key, str(error))
        logger.warning(
            "%s for user %s (%s) sent with no answer (%s): it may have arrived; not resent",
            message.kind,
            user_id,
            key,
            error,
        )
        return _as(result, "unknown")
    except Exception as error:
        # A bug in the sender: the call may or may not have happened.
        await log.unknown(user_id, key, f"sender failed: {type(error).__name__}")
        logger.error(
            "%s for user %s (%s): sender failed (%s): it may have arrived; not resent",
            message.kind,
            user_id,
            key,
            type(error).__name__,
        )
        return _as(result, "unknown")
    await log.sent(user_id, key, now)
    return result


def _as(result: TickResult, outcome: str) -> TickResult:
    return TickResult(result.user_id, result.kind, result.dedupe_key, outcome, result.plain)


# -- stored messages (retries) ----------------------------------------------------------


def _payload(message: Outgoing) -> dict:
    return asdict(message)


def _retry_due(row: dict) -> Due:
    data = row["payload"]
    rows = tuple(tuple(Button(**b) for b in r) for r in data.get("rows", ()))
    message = Outgoing(
        data["user_id"],
        data["kind"],
        data["text"],
        data["plain"],
        data["dedupe_key"],
        rows,
        group_id=data.get("group_id"),
        reply_to=data.get("reply_to"),
        to_group=bool(data.get("to_group")),
    )
    return Due(message, parse(row["due_at"]), row["plan_id"])


async def _late(env: TickEnv, due: Due, now: datetime) -> Outgoing:
    """A retry long after it fell due says when that was (its text is from then)."""
    message = due.message
    if now - due.due_at <= LATE_AFTER:
        return message
    local = due.due_at.astimezone(await env.users.zone(message.user_id))
    note = (
        f"(This was due at {local:%H:%M} on {local:%a} {local.day} {local:%b}; "
        "it could not be sent until now.)"
    )
    return replace(
        message, text=f"{message.text}\n\n<i>{note}</i>", plain=f"{message.plain}\n\n{note}"
    )
