"""Logging that never writes a secret.

httpx logs every request URL at INFO, and a Bot API URL contains the bot
token (``…/bot<TOKEN>/getUpdates``); those loggers are held at WARNING.  As a
second line of defence a filter masks anything shaped like a Telegram token or
an Anthropic key in every record, whoever logged it.
"""

from __future__ import annotations

import logging
import re

_SECRET = re.compile(r"\b\d{5,}:[A-Za-z0-9_-]{30,}\b|sk-ant-[A-Za-z0-9_-]+|\bbot\d+:[^/\s]+")
_NOISY = ("httpx", "httpx2", "httpcore", "telegram.request", "apscheduler.executors.default")


class RedactSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = _SECRET.sub("[redacted]", message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        # The traceback is added by the formatter later; render it now, cleaned,
        # and the formatter reuses exc_text as it is.
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = _SECRET.sub("[redacted]", record.exc_text)
        if record.stack_info:
            record.stack_info = _SECRET.sub("[redacted]", record.stack_info)
        return True


def configure_logging(*, debug: bool = False, level: int = logging.WARNING) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(RedactSecrets())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.DEBUG if debug else level)
    for name in _NOISY:
        logging.getLogger(name).setLevel(logging.WARNING)
