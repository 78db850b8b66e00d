"""`drbot doctor`: is everything `drbot run` needs in place? One row per check.

    config      ok    config.toml (+ .env)
    telegram    ok    @fence_bot at https://api.telegram.org/bot; long polling
    model       ok    claude-sonnet-5-5 at Anthropic's API (key accepted)
    database    ok    /data/drbot.db: schema 9 of 9, writable
    time zones  ok    598 zones; default_timezone Europe/Berlin

Exit 0 when every check passes, 1 otherwise. Every check costs next to nothing: one getMe,
one token count (free on Anthropic's API; a 1-token answer on a server without that endpoint),
a read-only look at the database (nothing is created or migrated; PRAGMA quick_check reads
each page once). No row ever shows a secret:
details pass through the same redaction as the logs.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import sys
import zoneinfo
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from drbot.config import ConfigError, Settings, load_settings, resolve_config_path
from drbot.logs import configure_logging, redact

if TYPE_CHECKING:
    from anthropic.types import MessageParam

MODEL_TIMEOUT_S = 15.0


@dataclass(frozen=True)
class Check:
    name: str
    status: str  # "ok", "FAIL" or "skip"
    detail: str


def doctor(config_arg: str | None, out: TextIO | None = None) -> int:
    """Run every check, print the table (to ``out``, default stdout); 0 when all pass, else 1."""
    out = sys.stdout if out is None else out  # stdout as it is now, not at import
    checks = asyncio.run(run_checks(config_arg))
    for check in checks:
        print(f"{check.name:<11} {check.status:<5} {check.detail}", file=out)
    failed = [c.name for c in checks if c.status != "ok"]
    print("all checks passed" if not failed else f"not ready: {', '.join(failed)}", file=out)
    return 1 if failed else 0


async def run_checks(config_arg: str | None) -> list[Check]:
    try:
        path = resolve_config_path(config_arg)
        settings = load_settings(path)
    except ConfigError as error:
        skipped = [
            Check(name, "skip", "needs a valid config")
            for name in ("telegram", "model", "database")
        ]
        return [Check("config", "FAIL", str(error)), *skipped, time_zones(None)]
    secrets = settings.secrets()
    # DRBOT_DEBUG shows the libraries' requests: masked like `drbot run`'s, short token too.
    configure_logging(
        debug=bool(os.environ.get("DRBOT_DEBUG")),
        log_format=settings.logging.format,
        secrets=secrets,
    )
    checks = [
        config(path),
        await telegram(settings),
        await model(settings),
        database(settings),
        time_zones(settings),
    ]
    return [Check(c.name, c.status, redact(c.detail, secrets)) for c in checks]


def config(path: Path | None) -> Check:
    where = str(path) if path is not None else "no config file: defaults and environment"
    if Path(".env").is_file():
        where += " (+ .env)"
    return Check("config", "ok", where)


async def telegram(settings: Settings) -> Check:
    from drbot.bot.startup import EXIT_REJECTED, StartupError, reach_telegram

    if not settings.telegram.token:
        return Check("telegram", "FAIL", "no bot token: set TELEGRAM_BOT_TOKEN (from @BotFather)")
    try:
        me = await reach_telegram(settings, retry_for_s=0)
    except StartupError as error:
        detail = (
            "token rejected by Telegram: check TELEGRAM_BOT_TOKEN or [telegram] token"
            if error.exit_code == EXIT_REJECTED
            else str(error)
        )
        return Check("telegram", "FAIL", detail)
    return Check(
        "telegram", "ok", f"@{me.username} at {settings.telegram.base_url}; {receiving(settings)}"
    )


def receiving(settings: Settings) -> str:
    """How updates arrive, and whether a forged webhook POST is refused (it always is: without
    a configured secret, `drbot run` makes a random one each start and registers it)."""
    telegram = settings.telegram
    if telegram.mode != "webhook":
        return "long polling"
    secret = (
        "webhook_secret set"
        if telegram.webhook_secret
        else "no webhook_secret: a random one each start"
    )
    return (
        f"webhook {telegram.webhook_url} on {telegram.listen}:{telegram.port}, protected ({secret})"
    )


async def model(settings: Settings) -> Check:
    llm = settings.llm
    if not llm.use_anthropic:
        return Check("model", "ok", "built-in interpreter (no model configured)")
    if not llm.api_key:
        return Check(
            "model", "FAIL", "[llm] provider is anthropic but no API key is set (ANTHROPIC_API_KEY)"
        )
    import anthropic

    where = f"{llm.model} at " + (llm.base_url or "Anthropic's API")
    client = anthropic.AsyncAnthropic(
        api_key=llm.api_key.get_secret_value(),
        base_url=llm.base_url or None,
        timeout=MODEL_TIMEOUT_S,
        max_retries=0,
    )
    ping: list[MessageParam] = [{"role": "user", "content": "ping"}]
    try:
        try:
            await client.messages.count_tokens(model=llm.model, messages=ping)
        except anthropic.NotFoundError:
            if llm.anthropic_api:
                return Check("model", "FAIL", f"{where}: no such model")
            # A local server may lack count_tokens: one token of answer costs nothing there.
            await client.messages.create(model=llm.model, max_tokens=1, messages=ping)
    except anthropic.AuthenticationError:
        return Check("model", "FAIL", f"{where}: API key rejected")
    except anthropic.NotFoundError:
        return Check("model", "FAIL", f"{where}: no such model")
    except anthropic.APITimeoutError:
        return Check("model", "FAIL", f"{where}: no answer within {MODEL_TIMEOUT_S:g} s")
    except anthropic.APIConnectionError:
        return Check("model", "FAIL", f"{where}: unreachable")
    except anthropic.APIStatusError as error:
        return Check("model", "FAIL", f"{where}: the server answered {error.status_code}")
    finally:
        await client.close()
    return Check("model", "ok", f"{where} (reachable, key accepted)")


def database(settings: Settings) -> Check:
    from drbot.memory.database import LATEST_VERSION, damage_summary, quick_check, read_only

    path = Path(settings.database.path)
    if not path.exists():
        parent = next(p for p in path.absolute().parents if p.exists())
        if os.access(parent, os.W_OK | os.X_OK):
            return Check("database", "ok", f"{path}: not there yet, will be created")
        return Check("database", "FAIL", f"{path}: cannot be created ({parent} is not writable)")
    if not path.is_file():
        return Check("database", "FAIL", f"{path} is not a file")
    try:
        conn = read_only(path)
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            problems = quick_check(conn)  # reads every page once: cheap, and it must be
        finally:  # done, or a damaged file would pass as healthy
            conn.close()
    except sqlite3.DatabaseError as error:
        if getattr(error, "sqlite_errorname", "") != "SQLITE_CORRUPT":  # e.g. not SQLite
            return Check("database", "FAIL", f"{path}: {error}")
        version, problems = None, [str(error)]  # too damaged to read its version
    if problems:
        return Check(
            "database",
            "FAIL",
            f"{path}: damaged ({damage_summary(problems)}); restore it from a `drbot backup` copy",
        )
    if not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)):
        # SQLite writes the -wal and -shm files beside the database.
        return Check(
            "database",
            "FAIL",
            f"{path}: schema {version}, but not writable by this user (file and its directory)",
        )
    if version > LATEST_VERSION:
        return Check(
            "database",
            "FAIL",
            f"{path}: schema {version} is newer than this drbot ({LATEST_VERSION}); upgrade drbot",
        )
    pending = (
        "" if version == LATEST_VERSION else "; the rest is applied at start or by `drbot migrate`"
    )
    return Check(
        "database", "ok", f"{path}: schema {version} of {LATEST_VERSION}, writable{pending}"
    )


def time_zones(settings: Settings | None) -> Check:
    zones = zoneinfo.available_timezones()
    if not zones:
        return Check("time zones", "FAIL", "no time zone data (install the tzdata package)")
    if settings is None:
        return Check("time zones", "ok", f"{len(zones)} zones")
    default = settings.briefing.default_timezone
    try:
        zoneinfo.ZoneInfo(default)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return Check("time zones", "FAIL", f"default_timezone {default!r} is not a known zone")
    return Check("time zones", "ok", f"{len(zones)} zones; default_timezone {default}")
