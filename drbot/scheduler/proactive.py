"""The morning briefing job, on python-telegram-bot's JobQueue (APScheduler).

It runs every minute and asks, for each allowed person, whether their local
briefing time has come today and no briefing was sent this local day
(``briefing.due_people``).  Running often rather than once at 08:00 is what
makes per-person time zones, changed briefing times, daylight-saving shifts
and catching up after downtime all the same simple case.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from telegram.ext import Application, ContextTypes

from drbot.bot.services import services
from drbot.scheduler.briefing import send_briefings

log = logging.getLogger(__name__)

TICK_SECONDS = 60
KEEP_UPDATE_IDS = timedelta(days=7)


async def briefing_tick(context: ContextTypes.DEFAULT_TYPE) -> None:
    """Send every briefing that has come due since the last tick."""
    svc = services(context)
    counts = await send_briefings(context.bot, svc.store, svc.briefings, svc.users,
                                  svc.settings.briefing, svc.settings.telegram.allowed_user_ids,
                                  svc.clock())
    if counts["sent"] or counts["blocked"] or counts["failed"]:
        log.info("briefings: %s", counts)


async def housekeeping(context: ContextTypes.DEFAULT_TYPE) -> None:
    """Keep the duplicate filter from growing for ever."""
    svc = services(context)
    dropped = await svc.conversations.forget_processed_updates(svc.clock() - KEEP_UPDATE_IDS)
    if dropped:
        log.info("forgot %d processed update ids", dropped)


def schedule(app: Application) -> None:
    # first=5: a bot that comes back after 08:00 catches up within seconds.
    app.job_queue.run_repeating(briefing_tick, interval=TICK_SECONDS, first=5,
                                name="morning-briefing")
    app.job_queue.run_repeating(housekeeping, interval=timedelta(days=1), first=60,
                                name="housekeeping")
