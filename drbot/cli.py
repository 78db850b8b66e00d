"""The `drbot` command line (docs/ARCHITECTURE.md, "Command line").

Every command takes ``--config FILE``; a person's mistake (bad config, a plan
that does not exist, an unreadable database) is one line on stderr and exit
code 2, never a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sqlite3
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from drbot import __version__
from drbot.config import ConfigError, Settings, load_dotenv, load_settings, resolve_config_path
from drbot.export import plan_json, plan_markdown
from drbot.logs import configure_logging, log_to_file
from drbot.memory import Database, NotFound, PlanStore
from drbot.memory.database import DatabaseRefused, check_for_serving

EXIT_USAGE = 2

log = logging.getLogger("drbot")


class CommandError(Exception):
    """A problem the person running the command can fix; printed as one line."""

    def __init__(self, message: str, exit_code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.exit_code = exit_code


# -- commands ----------------------------------------------------------------


async def cmd_migrate(settings: Settings, args: argparse.Namespace) -> None:
    """Apply pending migrations and report the schema version."""
    path = settings.database.path
    db = await Database.open(path)
    try:
        version, applied = await db.schema_version(), db.applied_migrations
    finally:
        await db.close()
    done = f"applied {', '.join(f'{v:04d}' for v in applied)}" if applied else "up to date"
    print(f"{path}: schema version {version} ({done})")


async def cmd_export(settings: Settings, args: argparse.Namespace) -> None:
    """Print a plan with steps, attempts, notes and history."""
    from drbot.memory.user_settings import UserSettings

    user_id = args.user_id if args.user_id is not None else settings.default_user_id()
    store = await _open_existing(settings)
    try:
        try:
            plan = await store.get_plan(user_id, args.plan_id)
            history = await store.plan_history(user_id, args.plan_id)
        except NotFound:
            raise CommandError(f"there is no plan {args.plan_id} for user {user_id}") from None
        zone = (
            await UserSettings(store.db, default_timezone=settings.briefing.default_timezone).get(
                user_id
            )
        )["timezone"]
    finally:
        await store.close()
    if args.format == "json":  # for programs: times as stored (UTC)
        sys.stdout.write(plan_json(plan, history))
    else:  # for people: in the person's zone
        sys.stdout.write(plan_markdown(plan, history, zone))


async def cmd_backup(settings: Settings, args: argparse.Namespace) -> None:
    """Copy the database with SQLite's online backup API, then check the copy."""
    dest = Path(args.dest)
    if dest.exists():
        raise CommandError(f"{dest} already exists; choose a new file name")
    store = await _open_existing(settings)
    try:
        await store.db.backup(dest)
    finally:
        await store.close()
    copy = sqlite3.connect(dest)
    try:
        result = copy.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        copy.close()
    if result != "ok":
        raise CommandError(f"the copy at {dest} failed its integrity check: {result}")
    print(
        f"Backed up {settings.database.path} to {dest} ({dest.stat().st_size} bytes, integrity ok)"
    )


def cmd_run(settings: Settings, args: argparse.Namespace) -> None:
    """Run the Telegram bot until SIGINT/SIGTERM (python-telegram-bot owns the loop)."""
    if not settings.telegram.token:
        raise CommandError("no Telegram bot token: set TELEGRAM_BOT_TOKEN (from @BotFather)")
    if not settings.telegram.allowed_user_ids:
        log.warning("allowed_user_ids is empty: the bot will answer nobody")
    from drbot.bot.startup import StartupError
    from drbot.memory.process_lock import ProcessLock
    from drbot.runtime import run  # the Telegram stack loads only for this command

    if not logging.getLogger().isEnabledFor(logging.INFO):
        logging.getLogger("drbot").setLevel(logging.INFO)  # the start line, briefings sent
    # Before Telegram is asked anything: a second `drbot run` on the file, a newer schema or
    # a damaged file stops here at once, with one line (process_lock.py says why only
    # `run` takes the lock).
    with ProcessLock(settings.database.path):
        check_for_serving(settings.database.path)
        try:
            run(settings)
        except StartupError as error:
            raise CommandError(str(error), error.exit_code) from None


async def cmd_chat(settings: Settings, args: argparse.Namespace) -> None:
    """Talk to the assistant in a terminal; reads stdin line by line (pipes too)."""
    from drbot import terminal

    if settings.llm.provider == "anthropic" and not settings.llm.api_key:
        raise CommandError("[llm] provider is anthropic but no API key is set (ANTHROPIC_API_KEY)")
    user_id = args.user_id if args.user_id is not None else settings.default_user_id()
    check_for_serving(settings.database.path)
    if args.verbose:  # to stderr, and what drbot does (INFO) too
        if not logging.getLogger().isEnabledFor(logging.INFO):
            logging.getLogger().setLevel(logging.INFO)
    else:  # a log line must not land in the middle of the conversation
        log_to_file(terminal.log_path())
    await terminal.chat(settings, user_id)


async def cmd_briefing(settings: Settings, args: argparse.Namespace) -> None:
    """Print the briefing as it would be at --at (default now); --send sends it."""
    import telegram  # loaded only by the commands that talk to Telegram

    from drbot.bot import outbox
    from drbot.memory.briefings import BriefingLog
    from drbot.memory.user_settings import UserSettings
    from drbot.scheduler import briefing as job

    try:
        now = job.parse_moment(args.at)
    except ValueError as error:
        raise CommandError(str(error)) from None
    if args.send and not settings.telegram.token:
        raise CommandError("--send needs a bot token ([telegram] token or TELEGRAM_BOT_TOKEN)")
    user_id = args.user_id if args.user_id is not None else settings.default_user_id()
    store = await _open_existing(settings)
    try:
        users = UserSettings(
            store.db,
            default_timezone=settings.briefing.default_timezone,
            default_briefing_time=settings.briefing.time,
        )
        sent = BriefingLog(store.db)
        # A preview does not count towards the "three mornings running" question.
        preview = await job.build_briefing(
            store, sent, users, settings.briefing, user_id, now, record=False
        )
        print(preview.plain if preview else "Nothing needs attention.")
        if args.send and preview:
            try:
                async with telegram.Bot(
                    settings.telegram.token.get_secret_value(), base_url=settings.telegram.base_url
                ) as bot:
                    outcome, _ = await job.send_briefing(
                        outbox.sender(bot), store, sent, users, settings.briefing, user_id, now
                    )
            except telegram.error.TelegramError as error:
                raise CommandError(f"Telegram refused: {error.message}") from None
            if outcome == "failed":
                raise CommandError(f"the briefing for user {user_id} could not be sent")
            print(
                {
                    "sent": f"Sent to user {user_id}.",
                    "blocked": f"Not sent: user {user_id} has blocked the bot.",
                    "skipped": f"Not sent: user {user_id} already had this day's briefing.",
                    "unknown": f"Sent to user {user_id}, but Telegram did not answer: it may "
                    "have arrived; not sent again.",
                }[outcome]
            )
    finally:
        await store.close()


async def cmd_tick(settings: Settings, args: argparse.Namespace) -> None:
    """Every proactive message due at --at, for everyone: printed, or sent with --send
    through the same claim as the running bot (nothing is ever sent twice)."""
    import telegram

    from drbot.bot import outbox
    from drbot.memory.briefings import BriefingLog
    from drbot.memory.user_settings import UserSettings
    from drbot.scheduler.briefing import parse_moment
    from drbot.scheduler.producers import TickEnv
    from drbot.scheduler.tick import tick

    try:
        now = parse_moment(args.at)
    except ValueError as error:
        raise CommandError(str(error)) from None
    if args.send and not settings.telegram.token:
        raise CommandError("--send needs a bot token ([telegram] token or TELEGRAM_BOT_TOKEN)")
    store = await _open_existing(settings)
    try:
        users = UserSettings(
            store.db,
            default_timezone=settings.briefing.default_timezone,
            default_briefing_time=settings.briefing.time,
        )
        env = TickEnv(
            store,
            users,
            BriefingLog(store.db),
            settings,
            tuple(settings.telegram.allowed_user_ids),
            store.db,
        )
        if not args.send:
            results = await tick(env, now, None)
        else:
            try:
                async with telegram.Bot(
                    settings.telegram.token.get_secret_value(), base_url=settings.telegram.base_url
                ) as bot:
                    results = await tick(env, now, outbox.sender(bot), pause=1 / 30)
            except telegram.error.TelegramError as error:
                raise CommandError(f"Telegram refused: {error.message}") from None
    finally:
        await store.close()
    _print_tick(results, now, sent=args.send)


def _print_tick(results, now, *, sent: bool) -> None:
    if not results:
        print(f"Nothing proactive is due at {now.isoformat(timespec='minutes')}.")
    for result in results:
        print(f"── user {result.user_id} · {result.kind} · {result.outcome} ({result.dedupe_key})")
        if result.outcome in ("would send", "sent"):
            print(result.plain)


def cmd_doctor(config: str | None) -> int:
    """Check what `drbot run` needs; print a table; 0 when every check passes, else 1."""
    from drbot.doctor import doctor

    return doctor(config)


async def cmd_forget(settings: Settings, args: argparse.Namespace) -> None:
    """Delete everything drbot holds about one person (asks first on a terminal)."""
    from drbot.memory import forget

    user = args.user_id
    store = await _open_existing(settings)
    try:
        try:
            held = await forget.holdings(store.db, user)
            if not held:
                print(f"Nothing is held about user {user}.")
                return
            if not args.yes and not await _confirmed(
                f"Delete everything held about user {user}: {forget.describe(held)}? "
                "This cannot be undone. Type yes to delete: "
            ):
                print("Nothing deleted.")
                return
            done = await forget.forget(store.db, user)
        except (forget.UnknownTable, ValueError) as error:
            raise CommandError(str(error)) from None
    finally:
        await store.close()
    print(f"Deleted everything held about user {user}: {forget.describe(done)}.")


async def _confirmed(question: str) -> bool:
    """A yes typed on the terminal; off a terminal there is nobody to ask."""
    if not sys.stdin.isatty():
        raise CommandError("not asking without a terminal: add --yes to delete without asking")
    print(question, end="", flush=True, file=sys.stderr)
    answer = await asyncio.to_thread(sys.stdin.readline)
    return answer.strip().lower() in ("y", "yes")


async def _open_existing(settings: Settings) -> PlanStore:
    path = Path(settings.database.path)
    if not path.is_file():
        raise CommandError(f"no database at {path} (set [database] path or DRBOT_DB)")
    return await PlanStore.open(path)


# -- wiring ------------------------------------------------------------------

# Most commands are coroutines; `run` owns its event loop; `doctor` runs before any
# settings exist (main() calls it with only the config path).
Command = (
    Callable[[Settings, argparse.Namespace], Coroutine[Any, Any, None] | None]
    | Callable[[str | None], int]
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="drbot", description="A Telegram assistant that remembers your plans."
    )
    parser.add_argument("--version", action="version", version=f"drbot {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, handler: Command, help: str) -> argparse.ArgumentParser:
        sub = commands.add_parser(name, help=help, description=help)
        sub.add_argument(
            "--config",
            metavar="FILE",
            help="TOML config (default: $DRBOT_CONFIG, then ./config.toml)",
        )
        sub.set_defaults(handler=handler)
        return sub

    command("run", cmd_run, "run the Telegram bot (long polling, or webhook when configured)")
    chat = command("chat", cmd_chat, "talk to the assistant in this terminal")
    chat.add_argument("--user-id", type=int, help="whose plans (default: first allowed user)")
    chat.add_argument(
        "--verbose",
        action="store_true",
        help="log to stderr, from INFO up (otherwise log lines go to "
        "$XDG_DATA_HOME/drbot/chat.log, i.e. ~/.local/share/drbot/chat.log)",
    )
    command("migrate", cmd_migrate, "apply pending migrations and report the schema version")
    export = command("export", cmd_export, "print a plan with steps, attempts, notes, history")
    export.add_argument("plan_id", type=int, metavar="PLAN_ID")
    export.add_argument("--user-id", type=int, help="whose plan (default: first allowed user)")
    export.add_argument("--format", choices=("md", "json"), default="md")
    backup = command("backup", cmd_backup, "consistent online copy of the database")
    backup.add_argument("dest", metavar="DEST")
    command(
        "doctor", cmd_doctor, "check the config, Telegram, the model, the database and time zones"
    )
    briefing = command("briefing", cmd_briefing, "print (or send) the briefing at a moment")
    briefing.add_argument(
        "--user-id", type=int, help="whose briefing (default: first allowed user)"
    )
    briefing.add_argument(
        "--at", metavar="ISO-TIME", help="the moment (default: now; UTC unless it has an offset)"
    )
    briefing.add_argument(
        "--send",
        action="store_true",
        help="send it through Telegram, claiming the day like the morning job",
    )
    forget = command("forget", cmd_forget, "delete everything held about one person")
    forget.add_argument("user_id", type=int, metavar="USER_ID")
    forget.add_argument("--yes", action="store_true", help="do not ask for confirmation")
    tick = command("tick", cmd_tick, "run every proactive job due at a moment, for everyone")
    tick.add_argument(
        "--at", metavar="ISO-TIME", help="the moment (default: now; UTC unless it has an offset)"
    )
    tick.add_argument(
        "--send",
        action="store_true",
        help="send through Telegram, claiming "
        "each message like the running bot (default: only print)",
    )
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    configure_logging(debug=_debug())
    try:
        load_dotenv()  # ./.env, before the config file is looked for: it may name it
        if args.handler is cmd_doctor:  # it reports a bad config instead of stopping at it
            return cmd_doctor(args.config)
        settings = load_settings(resolve_config_path(args.config))
        configure_logging(
            debug=_debug(), log_format=settings.logging.format, secrets=settings.secrets()
        )
        outcome = args.handler(settings, args)
        if asyncio.iscoroutine(outcome):
            asyncio.run(outcome)
    except ConfigError as error:
        return _fail(str(error))
    except CommandError as error:
        return _fail(str(error), error.exit_code)
    except DatabaseRefused as error:  # newer schema, damaged file, another `drbot run`
        return _fail(str(error))
    except sqlite3.DatabaseError as error:
        return _fail(f"database error: {error}")
    except OSError as error:
        return _fail(f"{error.strerror or error}: {error.filename or ''}".rstrip(": "))
    except KeyboardInterrupt:
        return 130
    except Exception as error:  # a bug: the log has the details, the terminal one line
        log.debug("unexpected error", exc_info=True)
        return _fail(
            f"unexpected error ({type(error).__name__}); run again with DRBOT_DEBUG=1 for details",
            code=1,
        )
    return 0


def _debug() -> bool:
    return bool(os.environ.get("DRBOT_DEBUG"))


def _fail(message: str, code: int = EXIT_USAGE) -> int:
    print(f"drbot: {message}", file=sys.stderr)
    return code


if __name__ == "__main__":
    sys.exit(main())
