"""The Telegram side: the Application and its handlers (``app``), the outbox that sends what the
scheduler builds (``outbox``), the shared services (``services``), start-up checks (``startup``)
and the webhook server (``webhook``)."""

__all__ = ["app", "outbox", "services", "startup", "webhook"]
