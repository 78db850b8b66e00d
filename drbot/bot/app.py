"""The Telegram application: everything wired in one place.

Order of handling for every update:
  group -4  the access gate (strangers stop here, before any database use)
  group -3  the duplicate filter (a redelivered update_id has no second effect)
  group -2  in a group, only what is meant for drbot goes on (``groups``)
  group -1  a command, press or mark line ends a "Log attempt" wait (``attempt_notes``)
  group  0  commands, buttons, text (or a caption), then unknown commands and
            anything else (voice, stickers, …): nothing goes unanswered
The database opens in the start-up hook and closes in the shutdown hook, so
SIGTERM/SIGINT (handled by python-telegram-bot when polling, by drbot.bot.webhook
in webhook mode) close it cleanly.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

from telegram import BotCommand, Update
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationHandlerStop,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    JobQueue,
    MessageHandler,
    TypeHandler,
    filters,
)

from drbot import commands
from drbot.ai import Assistant
from drbot.bot import (
    all_plans,
    attempt_notes,
    buttons,
    digest_buttons,
    forget,
    groups,
    handlers,
    interrupted_turns,
    long_turns,
    onboarding,
    question_buttons,
    reminders,
    sample_plans,
    setting_commands,
    sharing,
)
from drbot.bot.access import AccessGate
from drbot.bot.claimed_first import ClaimedFirst
from drbot.bot.fetched import FetchedUpdates
from drbot.bot.ordering import PerChatOrder
from drbot.bot.services import BriefingSource, Services, services
from drbot.bot.startup import reach_telegram, started_line
from drbot.bot.webhook import run_webhook
from drbot.config import Settings
from drbot.digest_actions import PREFIX as DIGEST_PREFIX
from drbot.memory import PlanStore
from drbot.memory.briefings import BriefingLog
from drbot.memory.clock import Clock, system_clock
from drbot.memory.conversations import ConversationStore
from drbot.memory.inbox import Inbox
from drbot.memory.retention import prune
from drbot.memory.user_settings import UserSettings

log = logging.getLogger(__name__)

# Telegram's own way of answering the rows of drbot.commands that are not just
# text (buttons, documents, groups); every other row's shared text is sent as is.
TELEGRAM_HANDLERS = {
    "start": onboarding.cmd_start,
    "plans": handlers.cmd_plans,
    "plan": handlers.cmd_plan,
    "undo": handlers.cmd_undo,
    "retry": handlers.cmd_retry,
    "new": handlers.cmd_new,
    "cancel": long_turns.cmd_cancel,
    "timezone": onboarding.cmd_timezone,
    "briefing_time": onboarding.cmd_briefing_time,
    "export": handlers.cmd_export,
    "briefing": handlers.cmd_briefing,
    "forget": forget.cmd_forget,
    "reminders": reminders.cmd_reminders,
    "share": sharing.cmd_share,
    "unshare": sharing.cmd_unshare,
    "review": sharing.cmd_review,
    "weekly": sharing.cmd_weekly,
    "due_reminders": sharing.cmd_due_reminders,
}
ALLOWED_UPDATES = ["message", "edited_message", "callback_query"]
RATE_LIMIT_RETRIES = 5  # 429s answered by waiting retry_after and sending again
PRUNE_EVERY = timedelta(hours=1)  # and a second after start (memory/retention.py)


def build_application(
    settings: Settings,
    *,
    clock: Clock = system_clock,
    extra_commands: dict | None = None,
    briefing: BriefingSource | None = None,
) -> Application:
    """The bot as configured; nothing touches the network or the disk until it starts.

    ``briefing`` gives /briefing its preview; the morning jobs are added on top
    by ``drbot.runtime``, the only module that knows the scheduler.
    """
    fetched = FetchedUpdates()  # getUpdates' JSON, kept in the inbox as it came
    app = (
        Application.builder()
        .token(settings.telegram.token.get_secret_value())
        .base_url(settings.telegram.base_url)
        .base_file_url(settings.telegram.base_url.replace("/bot", "/file/bot"))
        .request(ClaimedFirst())  # an answer never leaves before its update's claim
        .get_updates_request(fetched)
        .rate_limiter(AIORateLimiter(max_retries=RATE_LIMIT_RETRIES))
        .concurrent_updates(PerChatOrder(settings.telegram.allowed_user_ids, fetched=fetched))
        .post_init(_open(settings, clock, briefing))
        .post_shutdown(_close)
        .build()
    )
    app.bot_data["placeholder_after"] = settings.telegram.placeholder_after_s
    # Before the handlers, in order: who may talk, once per update, meant for us,
    # and whether it ends a wait for a Log-attempt note.
    app.add_handler(TypeHandler(Update, AccessGate(settings.telegram.allowed_user_ids)), -4)
    app.add_handler(TypeHandler(Update, _drop_duplicates), -3)
    app.add_handler(TypeHandler(Update, groups.only_addressed), -2)
    app.add_handler(TypeHandler(Update, attempt_notes.end_wait), -1)
    # Not on edits: an edited /undo must not undo a second time.
    app.add_handler(
        Commands({**command_handlers(), **(extra_commands or {})}, filters.UpdateType.MESSAGE)
    )
    app.add_handler(
        MessageHandler(
            filters.UpdateType.EDITED_MESSAGE & filters.COMMAND, handlers.on_edited_command
        )
    )
    app.add_handler(
        CallbackQueryHandler(question_buttons.on_answer, pattern=f"^{buttons.ASK_PREFIX}:")
    )
    app.add_handler(CallbackQueryHandler(onboarding.on_press, pattern=f"^{onboarding.PREFIX}:"))
    app.add_handler(CallbackQueryHandler(forget.on_press, pattern=f"^{forget.PREFIX}:"))
    app.add_handler(CallbackQueryHandler(reminders.on_press, pattern=f"^{reminders.PREFIX}:"))
    app.add_handler(CallbackQueryHandler(digest_buttons.on_answer, pattern=f"^{DIGEST_PREFIX}:"))
    app.add_handler(CallbackQueryHandler(all_plans.on_reopen, pattern=f"^{all_plans.PREFIX}:"))
    app.add_handler(CallbackQueryHandler(sample_plans.on_press, pattern=f"^{sample_plans.PREFIX}:"))
    app.add_handler(CallbackQueryHandler(sharing.on_share_press, pattern=f"^{sharing.PREFIX}:"))
    app.add_handler(CallbackQueryHandler(handlers.on_button))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, handlers.on_text))
    # Not on edits: a live location sends one every few seconds.
    app.add_handler(
        MessageHandler(filters.UpdateType.MESSAGE & filters.LOCATION, onboarding.on_location)
    )
    app.add_handler(
        MessageHandler((filters.PHOTO | filters.Document.ALL) & filters.CAPTION, handlers.on_text)
    )
    app.add_handler(MessageHandler(filters.COMMAND, handlers.on_unknown_command))
    # New messages only: a live location is edited every few seconds, and each
    # edit must not get its own "I can only read text".
    app.add_handler(
        MessageHandler(filters.UpdateType.MESSAGE & ~filters.StatusUpdate.ALL, handlers.on_not_text)
    )
    app.add_error_handler(handlers.on_error)
    # first=1 s: "right away" (APScheduler cannot start a job at 0), off the start-up path.
    job_queue(app).run_repeating(
        _prune, interval=PRUNE_EVERY, first=1, name="retention", job_kwargs=RUN_LATE
    )
    return app


class Commands(CommandHandler):
    """Every command of the bot as one handler, each name calling its own callback.

    python-telegram-bot tries a group's handlers one after the other until one takes
    the update: with a handler per command, every message that is not a command (a mark
    line, the busiest kind) was checked against each of them in turn before the text
    handler took it, about 1 µs each for ~24 commands (docs/PERFORMANCE.md). One
    handler that knows every name checks it once; a command is matched as
    ``CommandHandler`` matches it (the same names, ``/name@this_bot``, the same filters)."""

    def __init__(self, callbacks: dict, when: filters.BaseFilter) -> None:
        super().__init__(list(callbacks), self._by_name, filters=when)
        self.callbacks = {name.lower(): callback for name, callback in callbacks.items()}

    async def _by_name(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> object:
        # Only called for an update check_update took: a message starting with a command.
        message = update.effective_message
        assert message is not None and message.text is not None and message.entities
        name = message.text[1 : message.entities[0].length].split("@", 1)[0].lower()
        return await self.callbacks[name](update, context)


def command_handlers() -> dict:
    """A handler for every row of the command table (drbot.commands): Telegram's
    own, the shared text, or, for a terminal-only row, why it is not here.
    A row with none of these stops the bot from being built."""
    found = {}
    for row in commands.COMMANDS:
        if not row.on(commands.TELEGRAM):
            found[row.name] = setting_commands.elsewhere(row)
        elif row.name in TELEGRAM_HANDLERS:
            found[row.name] = TELEGRAM_HANDLERS[row.name]
        elif row.text is not None:
            found[row.name] = setting_commands.handler(row)
        else:
            raise LookupError(f"/{row.name} is in drbot.commands but Telegram has no handler")
    return found


# APScheduler skips a run that starts more than a second late, with a WARNING: on a busy
# machine that silently dropped a retention pass (an hour's wait for the next) or a tick. Every
# one of drbot's jobs is safe to run late and once for several missed runs, so none is skipped.
RUN_LATE = {"misfire_grace_time": None, "coalesce": True}


def job_queue(app: Application) -> JobQueue:
    """The application's job queue (python-telegram-bot's job-queue extra is required)."""
    if app.job_queue is None:
        raise RuntimeError("python-telegram-bot was installed without its job-queue extra")
    return app.job_queue


async def _prune(context: ContextTypes.DEFAULT_TYPE) -> None:
    """Let go of what the retention rule no longer keeps (docs/RETENTION.md)."""
    svc = services(context)
    counts = await prune(svc.store.db, svc.clock())
    if any(counts.values()):
        log.info("retention: %s", counts)


def _open(settings: Settings, clock: Clock, briefing: BriefingSource | None):
    async def post_init(app: Application) -> None:
        store = await PlanStore.open(settings.database.path, clock=clock)
        conversations = ConversationStore(store.db, clock=clock)
        users = UserSettings(
            store.db,
            default_timezone=settings.briefing.default_timezone,
            default_briefing_time=settings.briefing.time,
            clock=clock,
        )
        assistant = Assistant.from_settings(
            settings, store, conversations=conversations, users=users, clock=clock
        )
        app.bot_data["services"] = Services(
            settings,
            store,
            conversations,
            users,
            assistant,
            BriefingLog(store.db, clock=clock),
            clock,
            briefing,
            backlog=lambda: _backlog(app),
        )
        await app.bot.set_my_commands(
            [
                BotCommand(name, text)
                for name, text in commands.menu(
                    commands.TELEGRAM, has_model=assistant.client is not None
                )
            ]
        )
        # Before any update: a message sent again must find the cut-short turn stored.
        await interrupted_turns.settle(app.bot, app.bot_data["services"])
        await _replay_inbox(app, Inbox(store.db, clock=clock))

    return post_init


def _backlog(app: Application) -> bool:
    """More updates fetched than the one being handled (see Services.backlog)."""
    processor = app.update_processor
    waiting = processor.backlog() if isinstance(processor, PerChatOrder) else False
    return waiting or app.update_queue.qsize() > 0


async def _replay_inbox(app: Application, inbox: Inbox) -> None:
    """Hand back what a crash left fetched but unhandled, then keep new ones."""
    left = await inbox.pending()
    for payload in left:
        await app.update_queue.put(Update.de_json(payload, app.bot))
    if left:
        log.warning("updates the last run left unhandled: replaying %d", len(left))
    if isinstance(app.update_processor, PerChatOrder):
        app.update_processor.inbox = inbox


async def _close(app: Application) -> None:
    svc: Services | None = app.bot_data.pop("services", None)
    if svc is not None:
        await svc.assistant.close()
        await svc.store.close()


async def _drop_duplicates(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A second delivery of an update_id (after a crash, say) stops here.  Also
    notices a person who blocked the bot and has come back.

    The update is claimed with the first change its handling commits, or before the
    first thing it sends (``Inbox.leaves_with_its_handling``): a crash before that
    left nothing done and nothing said, and the update is handled when it comes
    again; after it, it stops here.  A claim made meanwhile by another handling of
    the same update rolls back the change it rode with (``AlreadyClaimed``,
    ``handlers.on_error``).  An update handled outside that block (no inbox) is
    claimed at once, before the work.
    """
    svc, user = services(context), update.effective_user
    claimed, blocked = await svc.conversations.claim_update(
        update.update_id, None if user is None else user.id
    )
    if not claimed:
        log.info("update %s delivered again; ignored", update.update_id)
        raise ApplicationHandlerStop
    # Someone who once blocked the bot (a 403 on their briefing) is back.
    if user is not None and blocked:
        await svc.briefings.unblock(user.id)


def run(settings: Settings, *, build=build_application) -> None:
    """`drbot run`: long polling, or a webhook when configured. Blocks.

    First makes sure Telegram answers and takes the token (retrying for a while when it
    cannot be reached); raises :class:`~drbot.bot.startup.StartupError` when not.
    ``build`` makes the application (drbot.runtime's adds the morning jobs)."""
    asyncio.run(reach_telegram(settings))
    app = build(settings)
    if settings.telegram.mode == "webhook":
        run_webhook(app, settings, ALLOWED_UPDATES)
        return
    opened = app.post_init

    async def post_init(app: Application) -> None:
        await opened(app)

        async def say_started(context: ContextTypes.DEFAULT_TYPE) -> None:
            log.info("%s", started_line(settings, context.bot.username))

        # Said once polling has really begun: the job queue starts after the
        # updater's start-up calls (deleteWebhook), so a process manager (or a
        # test) that waits for this line and then stops drbot never cuts them.
        job_queue(app).run_once(say_started, when=0, name="started-line", job_kwargs=RUN_LATE)

    app.post_init = post_init
    app.run_polling(
        poll_interval=settings.telegram.poll_interval_s, allowed_updates=ALLOWED_UPDATES
    )
