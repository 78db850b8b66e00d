"""The Telegram side: python-telegram-bot's Application with every handler, the buttons and
commands people press and type, and how replies and plan views reach a chat. It turns updates
into calls of the Assistant and the plan memory, and the scheduler's plain messages into
Telegram sends. From outside: the Application (``app``), the outbox that sends what the
scheduler builds (``outbox``), the stores and Assistant opened once (``services``) and the
start-up check of the token (``startup``); the handlers and the webhook server are wired inside
``app``."""

__all__ = ["app", "outbox", "services", "startup"]
