"""The proactive jobs, as plain coroutines: no Telegram, no job queue.

``drbot.runtime`` runs ``drbot.scheduler.tick.tick`` every :data:`TICK_SECONDS`
on python-telegram-bot's JobQueue, with a ``send`` that delivers through the
bot.  Each tick asks every producer what is due now — for the briefing, each
allowed person whose local briefing time has come and who has not had this
morning's briefing (``briefing.due_people``).  Running often rather than once
at 08:00 is what makes per-person time zones, changed briefing times,
daylight-saving shifts, quiet hours and catching up after downtime all the
same simple case.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from drbot.memory.conversations import ConversationStore

log = logging.getLogger(__name__)

TICK_SECONDS = 60
HOUSEKEEPING_EVERY = timedelta(days=1)
KEEP_UPDATE_IDS = timedelta(days=7)


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
