"""The proactive jobs, as plain coroutines: no Telegram, no job queue.

``drbot.runtime`` runs ``drbot.scheduler.tick.tick`` every :data:`TICK_SECONDS`
on python-telegram-bot's JobQueue, with a ``send`` that delivers through the
bot.  Each tick asks every producer what is due now — for the briefing, each
allowed person whose local briefing time has come and who has not had this
morning's briefing (``briefing.due_people``).  Running often rather than once
at 08:00 is what makes per-person time zones, changed briefing times,
daylight-saving shifts, quiet hours and catching up after downtime all the
same simple case.  :func:`briefing_tick` is the briefing alone, without the
tick's claim (kept for ``send_briefings``' callers).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime, timedelta

from drbot.config import BriefingSettings
from drbot.memory.briefings import BriefingLog
from drbot.memory.conversations import ConversationStore
from drbot.memory.user_settings import UserSettings
from drbot.outgoing import Send
from drbot.scheduler.briefing import send_briefings

log = logging.getLogger(__name__)

TICK_SECONDS = 60
HOUSEKEEPING_EVERY = timedelta(days=1)
KEEP_UPDATE_IDS = timedelta(days=7)


async def briefing_tick(
    send: Send,
    store,
    briefings: BriefingLog,
    users: UserSettings,
    settings: BriefingSettings,
    user_ids: Iterable[int],
    now: datetime,
) -> dict[str, int]:
    """Send every briefing that has come due since the last tick."""
    counts = await send_briefings(send, store, briefings, users, settings, user_ids, now)
    if counts["sent"] or counts["blocked"] or counts["failed"] or counts.get("unknown"):
        log.info("briefings: %s", counts)
    return counts


def log_results(results) -> dict[str, int]:
    """One line per tick that did something: counts by outcome, never the text."""
    counts: dict[str, int] = {}
    for result in results:
        counts[result.outcome] = counts.get(result.outcome, 0) + 1
    if set(counts) - {"quiet", "muted", "blocked"}:
        log.info("proactive: %s", counts)
    return counts


async def housekeeping(conversations: ConversationStore, now: datetime) -> int:
    """Keep the duplicate filter from growing for ever."""
    dropped = await conversations.forget_processed_updates(now - KEEP_UPDATE_IDS)
    if dropped:
        log.info("forgot %d processed update ids", dropped)
    return dropped
