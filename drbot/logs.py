"""Logging that never writes a secret, as text or as one JSON object a line.

httpx logs every request URL at INFO, and a Bot API URL contains the bot
token (``…/bot<TOKEN>/getUpdates``); those loggers are held at WARNING.  As a
second line of defence a filter masks, in every record whoever logged it:

* the configured secrets themselves (bot token, API key, webhook secret),
  whatever their shape — a test token such as ``123456:TEST`` matches no
  pattern, and a token Telegram rejected may not look like one either;
* anything shaped like a Telegram token or an Anthropic key (a secret from
  somewhere drbot was not told about).

The message, its arguments, the traceback and the stack are all cleaned.

No traceback reaches a log line unless ``DRBOT_DEBUG`` is set: a record that
carries an exception (``log.exception``, ``exc_info=…``, from drbot or from a
library) is written as its own line plus the exception's type and where it was
raised, "(KeyError at drbot/memory/plans.py:212 in get_step)" — not its text,
which may quote a person's words.  With ``DRBOT_DEBUG`` the full traceback
follows, cleaned like the rest.
"""

from __future__ import annotations

import json
import logging
import re
import traceback
from collections.abc import Iterable
from datetime import UTC, datetime
from logging.handlers import RotatingFileHandler
from pathlib import Path
from urllib.parse import quote

_SECRET = re.compile(r"\b\d{5,}:[A-Za-z0-9_-]{30,}\b|sk-ant-[A-Za-z0-9_-]+|\bbot\d+:[^/\s]+")
# aiosqlite logs every statement at DEBUG (from its worker thread): no use, and a cost each time
_NOISY = (
    "httpx",
    "httpx2",
    "httpcore",
    "telegram.request",
    "apscheduler.executors.default",
    "aiosqlite",
)
REDACTED = "[redacted]"
FORMATS = ("text", "json")


def secret_forms(secrets: Iterable[str]) -> list[str]:
    """Every form a secret may take in a log line, longest first (so a token is masked
    whole before its halves): itself, URL-quoted, and a bot token's part after the colon
    (the part that is secret; the bot id before it is public)."""
    forms: set[str] = set()
    for secret in secrets:
        if not secret:
            continue
        forms.update((secret, quote(secret, safe="")))
        bot_id, colon, key = secret.partition(":")
        if colon and bot_id.isdigit() and key:
            forms.add(key)
    return sorted(forms, key=len, reverse=True)


def _pattern(secrets: Iterable[str]) -> re.Pattern[str]:
    # One pass over the text: masking one secret must not expose or garble another.
    literal = [re.escape(form) for form in secret_forms(secrets)]
    return re.compile("|".join([*literal, _SECRET.pattern]))


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with the given secrets and anything shaped like one masked."""
    return _pattern(secrets).sub(REDACTED, text)


class RedactSecrets(logging.Filter):
    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self._secrets = _pattern(secrets)

    def _clean(self, text: str) -> str:
        return self._secrets.sub(REDACTED, text)

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()  # the arguments merged in, so they are cleaned too
        cleaned = self._clean(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        # The traceback is added by the formatter later; render it now, cleaned,
        # and the formatter reuses exc_text as it is.
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self._clean(record.exc_text)
        if record.stack_info:
            record.stack_info = self._clean(record.stack_info)
        return True


_PACKAGE = Path(__file__).resolve().parent


def failure(error: BaseException) -> str:
    """One line for an exception: its type and where it was raised — the innermost
    frame in drbot's own code if any (that is where to look), else the innermost."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [frame for frame in frames if Path(frame.filename).is_relative_to(_PACKAGE)]
    if not (ours or frames):
        return type(error).__name__
    frame = (ours or frames)[-1]
    path = (
        Path(_PACKAGE.name, Path(frame.filename).relative_to(_PACKAGE)).as_posix()
        if ours
        else Path(frame.filename).name
    )
    return f"{type(error).__name__} at {path}:{frame.lineno} in {frame.name}"


class OneLineFailures(logging.Filter):
    """A record's exception becomes "(Type at file:line in function)" on its own
    line; the traceback and any stack are dropped (kept only when debugging)."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if error is None and not record.stack_info:
            record.exc_info = None  # log.exception outside an except: "NoneType: None"
            return True
        message = record.getMessage()
        if error is not None:
            message = f"{message} ({failure(error)})"
        record.msg, record.args = message, None
        record.exc_info = record.exc_text = record.stack_info = None
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line: time (UTC), level, logger, message, and the traceback
    (``exc``) or stack (``stack``) as one string when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            entry["exc"] = record.exc_text
        if record.stack_info:
            entry["stack"] = record.stack_info
        return json.dumps(entry, ensure_ascii=False)


def configure_logging(
    *,
    debug: bool = False,
    level: int = logging.WARNING,
    log_format: str = "text",
    secrets: Iterable[str] = (),
) -> None:
    """Send every record to stderr, cleaned of ``secrets`` (the configured token, key and
    webhook secret), as text or JSON lines; tracebacks only when ``debug``."""
    if log_format not in FORMATS:
        raise ValueError(f"log format must be one of {', '.join(FORMATS)}")
    handler = logging.StreamHandler()
    handler.setFormatter(
        JsonFormatter()
        if log_format == "json"
        else logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    )
    if not debug:
        handler.addFilter(OneLineFailures())  # before the cleaning: its line is cleaned too
    handler.addFilter(RedactSecrets(secrets))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.DEBUG if debug else level)
    for name in _NOISY:
        logging.getLogger(name).setLevel(logging.WARNING)
    # Library warnings (warnings.warn) go through the same handler, so through the filter.
    logging.captureWarnings(True)


LOG_FILE_BYTES = 1_000_000  # then one older file is kept: chat.log.1


def log_to_file(path: Path) -> Path | None:
    """Send the records configure_logging sends to stderr to ``path`` instead (the
    same format and redaction), so they never land in a terminal conversation.
    When the file cannot be opened, nowhere; returns the file, or None."""
    root = logging.getLogger()
    old = root.handlers[0] if root.handlers else logging.StreamHandler()
    written: Path | None = path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler: logging.Handler = RotatingFileHandler(
            path, maxBytes=LOG_FILE_BYTES, backupCount=1, encoding="utf-8"
        )
    except OSError:
        handler, written = logging.NullHandler(), None
    handler.setFormatter(old.formatter)
    for kept in old.filters:
        handler.addFilter(kept)
    root.handlers[:] = [handler]
    return written
