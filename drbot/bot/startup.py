"""Before `drbot run` starts: is the Bot API there, and does it take our token?

A bot started with the network down (a container up before its network, a laptop waking up)
should wait a little rather than die, and one started with a wrong token should die at once:
waiting will not fix a token. Either way the operator gets one line saying what failed and
what to check, not python-telegram-bot's traceback. Once running, network errors are PTB's
business (it keeps polling with back-off).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

import telegram
from telegram.error import InvalidToken, NetworkError, RetryAfter, TelegramError

from drbot.config import Settings
from drbot.logs import redact

MAX_WAIT_S = 10.0
EXIT_UNREACHABLE = 1
EXIT_REJECTED = 2  # a configuration mistake, like a missing token


class StartupError(Exception):
    """The bot cannot start; ``str(err)`` is one line for the operator."""

    def __init__(self, message: str, exit_code: int) -> None:
        super().__init__(message)
        self.exit_code = exit_code


async def reach_telegram(settings: Settings, retry_for_s: float | None = None) -> telegram.User:
    """The bot's own account (getMe), retried with back-off for ``retry_for_s`` seconds
    (default ``[telegram] startup_timeout_s``; 0 = one attempt) while the Bot API cannot
    be reached, the first pause ``[telegram] startup_retry_s``, each later one doubled.
    Each attempt is bounded by the HTTP client's own timeouts (5 s)."""
    telegram_settings = settings.telegram
    if retry_for_s is None:
        retry_for_s = telegram_settings.startup_timeout_s
    bot = telegram.Bot(
        telegram_settings.token.get_secret_value(), base_url=telegram_settings.base_url
    )
    try:
        return await _get_me(
            bot,
            telegram_settings.base_url,
            retry_for_s,
            telegram_settings.startup_retry_s,
            settings.secrets(),
        )
    finally:
        await bot.shutdown()


async def _get_me(
    bot: telegram.Bot, base_url: str, timeout_s: float, wait: float, secrets: tuple[str, ...]
) -> telegram.User:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        try:
            # Bot.initialize() is getMe plus the HTTP client; it may be called again.
            await bot.initialize()
            return bot.bot
        except InvalidToken:
            raise StartupError(
                "Telegram rejected the bot token; check TELEGRAM_BOT_TOKEN or "
                "[telegram] token (copy it again from @BotFather)",
                EXIT_REJECTED,
            ) from None
        except RetryAfter as error:
            reason, pause = "flood control", _seconds(error.retry_after)
        except NetworkError as error:  # TimedOut, 5xx and "connection refused" are all this
            reason, pause = redact(str(error) or type(error).__name__, secrets), wait
            wait = max(min(wait * 2, MAX_WAIT_S), wait)
        except TelegramError as error:
            raise StartupError(
                f"Telegram refused getMe: {redact(error.message, secrets)}; "
                "check [telegram] base_url and token",
                EXIT_UNREACHABLE,
            ) from None
        remaining = deadline - loop.time()
        if remaining <= 0:
            waited = f" after {timeout_s:g} s" if timeout_s else ""
            raise StartupError(
                f"cannot reach the Telegram Bot API at {redact(base_url, secrets)}{waited} "
                f"({reason}); check the network connection, any proxy, and [telegram] base_url",
                EXIT_UNREACHABLE,
            )
        await asyncio.sleep(min(pause, remaining))


def _seconds(value: int | timedelta) -> float:
    return value.total_seconds() if isinstance(value, timedelta) else float(value)


def started_line(settings: Settings, username: str) -> str:
    """The one line an operator wants when the bot is up: how it listens, as whom, where
    its data is, and what understands the messages."""
    telegram_settings, llm = settings.telegram, settings.llm
    if telegram_settings.mode == "webhook":
        mode = (
            f"webhook {telegram_settings.webhook_url} (listening on "
            f"{telegram_settings.listen}:{telegram_settings.port})"
        )
    else:
        mode = "polling"
    model = (
        f"model {llm.model}" + (f" at {llm.base_url}" if llm.base_url else "")
        if llm.use_anthropic
        else "built-in interpreter (no model)"
    )
    return f"drbot started: {mode} as @{username}; database {settings.database.path}; {model}"
