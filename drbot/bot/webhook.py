"""Webhook mode: our own small tornado server, so it can answer ``/healthz`` too.

python-telegram-bot's ``run_webhook`` builds its tornado application internally and offers
no way to add a route, so drbot serves the webhook itself, as PTB's "custom webhook" example
does: a POST on the webhook URL's path becomes an ``Update`` on the application's queue,
exactly where PTB's own server would put it.

Every POST must carry the secret Telegram was given with ``setWebhook(secret_token=…)``;
anything else gets 403 and its body is not read. Without a configured ``webhook_secret`` a
random one is made at each start: anyone who can reach the port could otherwise post an
update with the owner's user id and read or change their plans. tornado
is already installed with PTB's ``webhooks`` extra; nothing new is needed.

``GET /healthz`` answers 200 ``{"status": "ok", ...}`` when the database answers a query and
passes ``PRAGMA quick_check`` (run afresh on every request, on its own read-only connection:
a file damaged while drbot runs is reported at the next request), else 503 — for a load
balancer or a container orchestrator. It says nothing about Telegram:
Telegram retries deliveries on its own, and a bot restarted for a Telegram outage would not
help.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import secrets
import signal
from http import HTTPStatus
from urllib.parse import urlparse

import tornado.web
from telegram import Update
from telegram.ext import Application
from tornado.httpserver import HTTPServer

from drbot.bot.startup import started_line
from drbot.config import Settings
from drbot.memory.database import damage_summary

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
HEALTH_PATH = "/healthz"
HEALTH_TIMEOUT_S = 5.0


class UpdateHandler(tornado.web.RequestHandler):
    """Telegram's POST: check the secret, queue the update, answer 200 at once."""

    def initialize(self, app: Application, secret: str) -> None:
        self.app, self.secret = app, secret

    async def post(self) -> None:
        given = self.request.headers.get(SECRET_HEADER, "")
        if not self.secret or not hmac.compare_digest(given.encode(), self.secret.encode()):
            raise tornado.web.HTTPError(HTTPStatus.FORBIDDEN)
        try:
            data = json.loads(self.request.body)
        except ValueError:
            raise tornado.web.HTTPError(HTTPStatus.BAD_REQUEST) from None
        if not isinstance(data, dict) or not isinstance(data.get("update_id"), int):
            raise tornado.web.HTTPError(HTTPStatus.BAD_REQUEST)
        await self.app.update_queue.put(Update.de_json(data, self.app.bot))


class HealthHandler(tornado.web.RequestHandler):
    """``GET /healthz``: can the database be read, and is it whole?"""

    def initialize(self, app: Application) -> None:
        self.app = app

    async def get(self) -> None:
        self.set_header("Cache-Control", "no-store")
        services = self.app.bot_data.get("services")
        try:
            if services is None:
                raise RuntimeError("not started")
            db = services.store.db
            version = await asyncio.wait_for(db.schema_version(), HEALTH_TIMEOUT_S)
            await asyncio.wait_for(db.fetch_one("SELECT 1 FROM plans LIMIT 1"), HEALTH_TIMEOUT_S)
            problems = await asyncio.wait_for(db.quick_check(), HEALTH_TIMEOUT_S)
        except Exception as error:  # whatever it is, the answer is "not healthy"
            log.warning("health check failed: database %s", type(error).__name__)
            self.set_status(HTTPStatus.SERVICE_UNAVAILABLE)
            self.finish({"status": "unavailable", "database": "error"})
            return
        if problems:
            log.warning("health check failed: database damaged (%s)", damage_summary(problems))
            self.set_status(HTTPStatus.SERVICE_UNAVAILABLE)
            self.finish({"status": "unavailable", "database": "damaged"})
            return
        self.finish({"status": "ok", "database": "ok", "schema_version": version})


def webhook_secret(settings: Settings) -> str:
    """The configured secret, or a fresh random one (Telegram allows 1-256 of A-Z a-z 0-9 _ -;
    token_urlsafe writes only those)."""
    return settings.telegram.webhook_secret.get_secret_value() or secrets.token_urlsafe(32)


def web_app(app: Application, settings: Settings, secret: str) -> tornado.web.Application:
    """The routes: the webhook URL's path (a proxy may change the host, rarely the path)
    and /healthz."""
    path = "/" + urlparse(settings.telegram.webhook_url).path.strip("/")
    return tornado.web.Application(
        [
            (HEALTH_PATH, HealthHandler, {"app": app}),
            (path.rstrip("/") + "/?", UpdateHandler, {"app": app, "secret": secret}),
        ]
    )


async def serve_webhook(
    app: Application, settings: Settings, stop: asyncio.Event, allowed_updates: list[str]
) -> None:
    """Run the bot behind the webhook until ``stop`` is set; the same start-up and
    shut-down hooks as ``run_polling``."""
    telegram = settings.telegram
    secret = webhook_secret(settings)
    if not telegram.webhook_secret:
        log.info("webhook: no webhook_secret configured; using a random one for this run")
    await app.initialize()
    try:
        if app.post_init:
            await app.post_init(app)
        await app.start()
        server = HTTPServer(web_app(app, settings, secret))
        try:
            server.listen(telegram.port, address=telegram.listen)
            await app.bot.set_webhook(
                telegram.webhook_url, allowed_updates=allowed_updates, secret_token=secret
            )
            log.info("%s", started_line(settings, app.bot.username))
            await stop.wait()
        finally:
            server.stop()
            await server.close_all_connections()
            # The webhook stays set: Telegram keeps the updates until the bot is back.
            await app.stop()
    finally:
        await app.shutdown()
        if app.post_shutdown:
            await app.post_shutdown(app)


def run_webhook(app: Application, settings: Settings, allowed_updates: list[str]) -> None:
    """`drbot run` in webhook mode: serve until SIGINT or SIGTERM. Blocks."""

    async def main() -> None:
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await serve_webhook(app, settings, stop, allowed_updates)

    asyncio.run(main())
