"""Webhook mode in-process: the secret, malformed bodies, and /healthz when the database fails."""

from __future__ import annotations

import asyncio
import contextlib

import aiohttp
from pydantic import SecretStr

from drbot.bot.app import ALLOWED_UPDATES
from drbot.bot.webhook import serve_webhook
from drbot.runtime import build_application
from tests.bot_harness import OWNER, bot_settings
from tests.drbot_process import free_port

SECRET = "s3cret-token"
UPDATE = {
    "update_id": 77,
    "message": {
        "message_id": 1,
        "date": 1767225600,
        "text": "list my plans",
        "chat": {"id": OWNER, "type": "private"},
        "from": {"id": OWNER, "is_bot": False, "first_name": "Owner"},
    },
}


@contextlib.asynccontextmanager
async def webhook_bot(tg, tmp_path, secret=SECRET):
    port = free_port()
    base = bot_settings(tg, tmp_path / "bot.db")
    settings = base.model_copy(
        update={
            "telegram": base.telegram.model_copy(
                update=dict(
                    mode="webhook",
                    webhook_url="https://bot.example/tg/hook",
                    webhook_secret=SecretStr(secret),
                    listen="127.0.0.1",
                    port=port,
                )
            )
        }
    )
    app = build_application(settings, briefings=False)
    stop = asyncio.Event()
    serving = asyncio.create_task(serve_webhook(app, settings, stop, ALLOWED_UPDATES))
    await tg.wait_for(lambda: tg.webhook_url or serving.done(), 10)
    try:
        yield app, f"http://127.0.0.1:{port}"
    finally:
        stop.set()
        await serving


async def test_only_telegram_with_the_secret_gets_in(tg, tmp_path):
    async with webhook_bot(tg, tmp_path) as (app, base), aiohttp.ClientSession() as http:
        for headers in ({}, {"X-Telegram-Bot-Api-Secret-Token": "wrong"}):
            async with http.post(f"{base}/tg/hook", json=UPDATE, headers=headers) as response:
                assert response.status == 403
        ok = {"X-Telegram-Bot-Api-Secret-Token": SECRET}
        for body in (b"not json", b"[1, 2]", b'{"message": {}}'):
            async with http.post(f"{base}/tg/hook", data=body, headers=ok) as response:
                assert response.status == 400
        assert tg.sent_messages(OWNER) == []
        async with http.post(f"{base}/tg/hook", json=UPDATE, headers=ok) as response:
            assert response.status == 200
        [reply] = await tg.wait_for_messages(OWNER, 1)
    assert "No active plans" in reply.plain
    assert tg.webhook_url == "https://bot.example/tg/hook"
    assert tg.webhook_secret == SECRET


FORGED_MARK = {
    "update_id": 78,
    "message": {
        "message_id": 2,
        "date": 1767225600,
        "text": "✓ 1",
        "chat": {"id": 666, "type": "private"},
        "from": {"id": OWNER, "is_bot": False, "first_name": "Owner"},
    },
}


async def test_without_a_configured_secret_forged_updates_are_refused(tg, tmp_path):
    """No webhook_secret: a random one is made and registered, so a POST that forges the
    owner's user id (to read their plans into another chat, or mark a step) gets 403."""
    async with webhook_bot(tg, tmp_path, secret="") as (app, base), aiohttp.ClientSession() as http:
        store = app.bot_data["services"].store
        plan_id = await store.create_plan(OWNER, "Fix the fence", steps=["Get quotes"])
        registered = tg.webhook_secret
        assert len(registered) >= 32
        for headers in (
            {},
            {"X-Telegram-Bot-Api-Secret-Token": ""},
            {"X-Telegram-Bot-Api-Secret-Token": "guess"},
        ):
            for update in (UPDATE, FORGED_MARK):
                async with http.post(f"{base}/tg/hook", json=update, headers=headers) as response:
                    assert response.status == 403
        await asyncio.sleep(0.2)
        assert [m for m, _ in tg.calls if m == "sendMessage"] == []
        plan = await store.get_plan(OWNER, plan_id)
        assert [s["status"] for s in plan["steps"]] == ["pending"]
        # Telegram, which knows the registered secret, still gets in.
        ok = {"X-Telegram-Bot-Api-Secret-Token": registered}
        async with http.post(f"{base}/tg/hook", json=UPDATE, headers=ok) as response:
            assert response.status == 200
        [reply] = await tg.wait_for_messages(OWNER, 1)
        assert "Fix the fence" in reply.plain


async def test_each_start_without_a_secret_registers_a_new_one(tg, tmp_path):
    async with webhook_bot(tg, tmp_path, secret=""):
        first = tg.webhook_secret
    tg.webhook_url = ""  # the webhook stays set after a stop; wait for the next setWebhook
    async with webhook_bot(tg, tmp_path, secret=""):
        second = tg.webhook_secret
    assert first and second and first != second


async def test_healthz_is_503_when_the_database_cannot_be_read(tg, tmp_path):
    async with webhook_bot(tg, tmp_path) as (app, base), aiohttp.ClientSession() as http:
        async with http.get(f"{base}/healthz") as response:
            assert response.status == 200
            assert (await response.json())["status"] == "ok"
        await app.bot_data["services"].store.db.close()  # the database is gone
        async with http.get(f"{base}/healthz") as response:
            assert response.status == 503
            assert await response.json() == {"status": "unavailable", "database": "error"}


async def test_healthz_is_503_when_the_database_is_damaged(tg, tmp_path):
    """The file opens and answers queries, but its pages are damaged: /healthz checks the file
    as it is at each request (a result remembered from start would still say ok)."""
    from tests.damaged_db import damage, with_attempts

    path = await with_attempts(tmp_path / "bot.db")
    async with webhook_bot(tg, tmp_path) as (app, base), aiohttp.ClientSession() as http:
        async with http.get(f"{base}/healthz") as response:
            assert response.status == 200
        db = app.bot_data["services"].store.db
        await db.checkpoint()  # every page in the file itself, the WAL empty
        damage(path)  # under the running bot
        for _ in range(2):
            async with http.get(f"{base}/healthz") as response:
                assert response.status == 503
                assert await response.json() == {"status": "unavailable", "database": "damaged"}
        # The damage is where no query at start looks: the bot's reads still work.
        assert (await db.fetch_one("SELECT count(*) FROM plans"))[0] == 1
