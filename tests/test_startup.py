"""`drbot run` at start-up, as an operator sees it: one line when Telegram cannot be reached
or refuses the token, retries while it is away, one info line once it is up — text or JSON.
A database it refuses stops it before anything starts: those run in the test's process."""

from __future__ import annotations

import json

import pytest

from tests.drbot_process import (
    OWNER,
    Running,
    clean_env,
    free_port,
    run_drbot,
    run_drbot_in_process,
    write_config,
)
from tests.fakes.telegram_server import FakeTelegram

TOKEN = "123456:TEST"  # short: no token-shaped pattern would catch it
# Seconds any wait here may take: what takes a second or two on a quiet machine (a new
# interpreter importing drbot, a start-up, an answer) took over 20 s with several test runs
# on two cores. A deadline only bounds a hang; what each test checks is not its speed.
LOADED = 120.0
pytestmark = pytest.mark.timeout(5 * LOADED)


@pytest.fixture
async def tg():
    async with FakeTelegram(token=TOKEN) as server:
        yield server


async def test_unreachable_bot_api_is_one_line_after_the_startup_timeout(tmp_path):
    closed = f"http://127.0.0.1:{free_port()}/bot"
    config = write_config(
        tmp_path,
        token=TOKEN,
        base_url=closed,
        db=tmp_path / "bot.db",
        telegram={"startup_timeout_s": 1.5},
    )
    code, out, err = await run_drbot("run", "--config", str(config), cwd=tmp_path, timeout=LOADED)
    assert code == 1
    [line] = err.splitlines()
    assert line.startswith(f"drbot: cannot reach the Telegram Bot API at {closed} after 1.5 s")
    assert "check the network connection" in line and "[telegram] base_url" in line
    assert "TEST" not in err and out == ""
    assert not (tmp_path / "bot.db").exists()  # nothing was opened


async def test_a_rejected_token_exits_at_once_with_one_line(tmp_path):
    async with FakeTelegram(token="999:another-bots-token") as tg:
        # A day to wait: were a rejected token retried, the run would hit its timeout.
        config = write_config(
            tmp_path,
            token=TOKEN,
            base_url=tg.base_url,
            db=tmp_path / "bot.db",
            telegram={"startup_timeout_s": 86400},
        )
        code, out, err = await run_drbot(
            "run",
            "--config",
            str(config),
            cwd=tmp_path,
            env=clean_env(DRBOT_DEBUG="1"),
            timeout=LOADED,
        )
    assert code == 2
    assert err.splitlines()[-1] == (
        "drbot: Telegram rejected the bot token; check "
        "TELEGRAM_BOT_TOKEN or [telegram] token (copy it again "
        "from @BotFather)"
    )
    assert "Traceback" not in err and "TEST" not in err  # even with DRBOT_DEBUG
    assert not (tmp_path / "bot.db").exists()


async def test_start_waits_for_the_bot_api_then_says_it_is_up(tg, tmp_path):
    tg.fail_next("getMe", 502)  # Telegram briefly away
    tg.fail_next("getUpdates", 502)  # and once more, when polling starts
    db = tmp_path / "bot.db"
    # Pauses longer than the defaults (1 s before trying getMe again; PTB's 1 s after a
    # failed poll), so that the configured ones are seen to be waited for: 1.5 s, and
    # polls 1 s apart, after a failed one 1.5 times that.
    telegram = {"startup_retry_s": 1.5, "poll_interval_s": 1.0}
    config = write_config(tmp_path, token=TOKEN, base_url=tg.base_url, db=db, telegram=telegram)
    async with Running(config) as bot:
        line = await bot.wait_for_line("drbot started", LOADED)
        await tg.wait_for(lambda: len(tg.calls_to("getUpdates")) >= 2, LOADED)
        tg.push_message(OWNER, OWNER, "/plans")
        await tg.wait_for_messages(OWNER, 1, LOADED)
        assert await bot.stop(LOADED) == 0
    tried, polled = tg.times_of("getMe"), tg.times_of("getUpdates")
    assert len(tried) >= 2 and tried[1] - tried[0] >= 1.5
    assert polled[1] - polled[0] >= 1.5
    assert line.endswith(
        f"INFO drbot.bot.app: drbot started: polling as @drbot_test_bot; "
        f"database {db}; built-in interpreter (no model)"
    )
    # The start-up retry is quiet; the failed poll is one line; no traceback.
    [polling] = [other for other in bot.err().splitlines() if other != line]
    assert "WARNING drbot.bot.handlers: polling failed (Bad Gateway); retrying" in polling
    assert "Traceback" not in bot.err()


async def test_json_log_lines(tg, tmp_path):
    db = tmp_path / "bot.db"
    config = write_config(
        tmp_path,
        token=TOKEN,
        base_url=tg.base_url,
        db=db,
        llm={
            "provider": "anthropic",
            "api_key": "k-short",
            "base_url": "http://127.0.0.1:9",
            "model": "claude-test",
        },
    )
    env = clean_env(DRBOT_LOGGING__FORMAT="json")
    async with Running(config, env) as bot:
        await bot.wait_for_line("drbot started", LOADED)
        assert await bot.stop(LOADED) == 0
    entries = [json.loads(line) for line in bot.err().splitlines()]
    [started] = [e for e in entries if e["message"].startswith("drbot started")]
    assert started["level"] == "INFO" and started["logger"] == "drbot.bot.app"
    assert started["message"].endswith("model claude-test at http://127.0.0.1:9")
    assert started["time"].endswith("+00:00")
    assert "k-short" not in bot.err()


async def test_webhook_mode_serves_updates_and_healthz(tg, tmp_path):
    import aiohttp

    port = free_port()
    hook = f"http://127.0.0.1:{port}/tg/hook"
    config = write_config(
        tmp_path,
        token=TOKEN,
        base_url=tg.base_url,
        db=tmp_path / "bot.db",
        telegram={
            "mode": "webhook",
            "webhook_url": hook,
            "webhook_secret": "s3cret-token",
            "listen": "127.0.0.1",
            "port": port,
        },
    )
    update = {
        "update_id": 77,
        "message": {
            "message_id": 1,
            "date": 1767225600,
            "text": "/plans",
            "entities": [{"type": "bot_command", "offset": 0, "length": 6}],
            "chat": {"id": OWNER, "type": "private"},
            "from": {"id": OWNER, "is_bot": False, "first_name": "Owner"},
        },
    }
    async with Running(config) as bot:
        line = await bot.wait_for_line("drbot started", LOADED)
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/healthz") as response:
                assert response.status == 200
                health = await response.json()
            async with http.post(hook, json=update) as response:
                assert response.status == 403  # no secret
            async with http.post(
                hook, json=update, headers={"X-Telegram-Bot-Api-Secret-Token": "s3cret-token"}
            ) as response:
                assert response.status == 200
            [reply] = await tg.wait_for_messages(OWNER, 1, LOADED)
        assert await bot.stop(LOADED) == 0
    assert health["status"] == "ok" and health["database"] == "ok"
    assert isinstance(health["schema_version"], int)
    assert "No active plans" in reply.plain
    assert tg.webhook_url == hook
    [set_webhook] = tg.calls_to("setWebhook")
    assert set_webhook["secret_token"] == "s3cret-token"
    assert f"webhook {hook} (listening on 127.0.0.1:{port}) as @drbot_test_bot" in line
    assert "s3cret-token" not in bot.err()


async def test_a_second_run_on_the_same_database_exits_at_once_with_one_line(tg, tmp_path):
    db = tmp_path / "bot.db"
    first_dir, second_dir = tmp_path / "first", tmp_path / "second"
    first_dir.mkdir()
    second_dir.mkdir()
    config = write_config(first_dir, token=TOKEN, base_url=tg.base_url, db=db)
    # The same file by another path (relative, through a symlinked folder) is the same lock.
    (second_dir / "data").symlink_to(tmp_path)
    other = write_config(second_dir, token=TOKEN, base_url=tg.base_url, db="data/bot.db")
    async with Running(config) as first:
        await first.wait_for_line("drbot started", LOADED)
        asked = len(tg.calls_to("getMe"))
        code, out, err = await run_drbot(
            "run", "--config", str(other), cwd=second_dir, timeout=LOADED
        )
        assert (code, out) == (2, "")
        assert err == (
            f"drbot: another drbot is already running on data/bot.db (pid "
            f"{first.proc.pid}); stop it first, or give this one its own "
            "[database] path\n"
        )
        assert len(tg.calls_to("getMe")) == asked  # it never reached Telegram
        tg.push_message(OWNER, OWNER, "/plans")  # the first one serves on
        await tg.wait_for_messages(OWNER, 1, LOADED)
        first.proc.kill()  # SIGKILL: the kernel drops the lock
        await first.proc.wait()
    async with Running(other) as again:  # so the next one starts
        await again.wait_for_line("drbot started", LOADED)
        assert await again.stop(LOADED) == 0
    assert "Conflict" not in first.err() + again.err()


async def test_run_refuses_a_damaged_database_before_asking_telegram(tg, tmp_path):
    from tests.damaged_db import damaged_database

    db = await damaged_database(tmp_path / "bot.db")
    config = write_config(tmp_path, token=TOKEN, base_url=tg.base_url, db=db)
    code, out, err = await run_drbot_in_process(
        "run", "--config", str(config), cwd=tmp_path, timeout=LOADED
    )
    assert code == 2 and out == "", err
    [line] = err.splitlines()
    assert line.startswith(f"drbot: the database {db} is damaged (quick_check: ")
    assert "`drbot backup DEST`" in line and "Traceback" not in err
    assert tg.calls_to("getMe") == [] and tg.calls_to("getUpdates") == []


async def test_run_refuses_a_schema_newer_than_this_drbot(tg, tmp_path):
    import sqlite3

    from drbot.memory.database import LATEST_VERSION

    db = tmp_path / "bot.db"
    config = write_config(tmp_path, token=TOKEN, base_url=tg.base_url, db=db)
    assert (await run_drbot_in_process("migrate", "--config", str(config), cwd=tmp_path))[0] == 0
    with sqlite3.connect(db) as conn:
        conn.execute(f"PRAGMA user_version = {LATEST_VERSION + 1}")
    conn.close()
    code, out, err = await run_drbot_in_process(
        "run", "--config", str(config), cwd=tmp_path, timeout=LOADED
    )
    assert (code, out, err) == (
        2,
        "",
        (
            f"drbot: this database was written by a newer drbot (schema {LATEST_VERSION + 1}, "
            f"this drbot knows {LATEST_VERSION}): upgrade drbot\n"
        ),
    )
    assert tg.calls_to("getMe") == []
