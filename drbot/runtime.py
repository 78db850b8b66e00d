"""The running bot, put together: the one module that knows both the Telegram
layer (``drbot.bot``) and the scheduler (``drbot.scheduler``).

Neither of those imports the other.  The scheduler builds messages as plain
data (``drbot.outgoing``) and sends them through a ``send`` callable; here
that callable is ``drbot.bot.outbox`` bound to the application's bot.  The
bot's /briefing command asks ``Services.briefing`` for a preview; here that
is wired to the scheduler's ``build_briefing``.  Passing callables down keeps
each layer testable on its own and leaves this file the only wiring.
"""

from __future__ import annotations

from telegram.ext import Application, ContextTypes

from drbot.bot import app as bot_app
from drbot.bot import outbox
from drbot.bot.app import RUN_LATE, job_queue
from drbot.bot.services import Services, services
from drbot.config import Settings
from drbot.memory.clock import Clock, system_clock
from drbot.outgoing import Outgoing
from drbot.scheduler import jobs
from drbot.scheduler.briefing import build_briefing
from drbot.scheduler.producers import TickEnv
from drbot.scheduler.tick import tick


async def briefing_preview(svc: Services, user_id: int) -> Outgoing | None:
    """Today's briefing for ``user_id`` as it stands; counts nothing."""
    briefing = await build_briefing(
        svc.store,
        svc.briefings,
        svc.users,
        svc.settings.briefing,
        user_id,
        svc.clock(),
        record=False,
    )
    return None if briefing is None else briefing.message


def tick_env(svc: Services) -> TickEnv:
    return TickEnv(
        svc.store,
        svc.users,
        svc.briefings,
        svc.settings,
        tuple(svc.settings.telegram.allowed_user_ids),
        svc.store.db,
    )


async def _tick_job(context: ContextTypes.DEFAULT_TYPE) -> None:
    """Every proactive message due now (briefings, …), through the one claim."""
    svc = services(context)
    results = await tick(tick_env(svc), svc.clock(), outbox.sender(context.bot))
    jobs.log_results(results)


async def _housekeeping_job(context: ContextTypes.DEFAULT_TYPE) -> None:
    svc = services(context)
    await jobs.housekeeping(svc.conversations, svc.clock())


def schedule(app: Application) -> None:
    # first=5: a bot that comes back after 08:00 catches up within seconds.
    queue = job_queue(app)
    queue.run_repeating(
        _tick_job, interval=jobs.TICK_SECONDS, first=5, name="proactive-tick", job_kwargs=RUN_LATE
    )
    queue.run_repeating(
        _housekeeping_job,
        interval=jobs.HOUSEKEEPING_EVERY,
        first=60,
        name="housekeeping",
        job_kwargs=RUN_LATE,
    )


def build_application(
    settings: Settings, *, clock: Clock = system_clock, briefings: bool = True, **options
) -> Application:
    """The bot with its /briefing preview and, unless ``briefings=False``, its jobs."""
    app = bot_app.build_application(settings, clock=clock, briefing=briefing_preview, **options)
    if briefings:
        schedule(app)
    return app


def run(settings: Settings) -> None:
    """`drbot run`: the bot with its jobs, polling or webhook. Blocks."""
    bot_app.run(settings, build=build_application)
