"""`drbot doctor` against the fake Bot API and the fake Anthropic server: run in this process
(what it prints and its exit code, the same as a process's), and once as a process of its own
(tests/drbot_process.py says why)."""

from __future__ import annotations

import sqlite3

import pytest

from drbot.memory.database import LATEST_VERSION
from tests.drbot_process import free_port, run_drbot, run_drbot_in_process, write_config
from tests.fakes.anthropic_server import FakeAnthropic
from tests.fakes.telegram_server import FakeTelegram

TOKEN = "123456:TEST"
API_KEY = "local-key-42"
pytestmark = pytest.mark.timeout(90)


@pytest.fixture
async def tg():
    async with FakeTelegram(token=TOKEN) as server:
        yield server


@pytest.fixture
async def model():
    async with FakeAnthropic(models={"claude-test"}) as server:
        yield server


def rows(out: str) -> dict[str, tuple[str, str]]:
    """name -> (status, detail) from the table."""
    table = {}
    for line in out.splitlines()[:-1]:
        name, status, detail = line[:11].strip(), line[12:17].strip(), line[18:]
        table[name] = (status, detail)
    return table


def migrated(path, version: int = LATEST_VERSION) -> None:
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {version}")


async def test_all_checks_pass(tg, model, tmp_path):
    db = tmp_path / "bot.db"
    code, out, err = await run_drbot_in_process(
        "migrate",
        "--config",
        str(write_config(tmp_path, token=TOKEN, base_url=tg.base_url, db=db)),
        cwd=tmp_path,
    )
    assert code == 0, err
    config = write_config(
        tmp_path,
        token=TOKEN,
        base_url=tg.base_url,
        db=db,
        llm={
            "provider": "anthropic",
            "api_key": API_KEY,
            "base_url": model.url,
            "model": "claude-test",
        },
    )
    code, out, err = await run_drbot_in_process("doctor", "--config", str(config), cwd=tmp_path)
    assert (code, err) == (0, ""), out
    table = rows(out)
    assert list(table) == ["config", "telegram", "model", "database", "time zones"]
    assert table["config"] == ("ok", str(config))
    assert table["telegram"] == ("ok", f"@drbot_test_bot at {tg.base_url}; long polling")
    assert table["model"] == ("ok", f"claude-test at {model.url} (reachable, key accepted)")
    assert table["database"] == (
        "ok",
        f"{db}: schema {LATEST_VERSION} of {LATEST_VERSION}, writable",
    )
    assert table["time zones"][0] == "ok" and "default_timezone UTC" in table["time zones"][1]
    assert out.splitlines()[-1] == "all checks passed"
    # What it cost: one getMe, one token count, no message to the model.
    assert len(tg.calls_to("getMe")) == 1 and [m for m, _ in tg.calls if m != "getMe"] == []
    assert len(model.token_counts) == 1 and model.requests == []
    assert "TEST" not in out and API_KEY not in out


async def test_each_failure_is_named(tmp_path):
    async with (
        FakeTelegram(token="999:another-bots-token") as tg,
        FakeAnthropic(models={"claude-other"}) as model,
    ):
        db = tmp_path / "bot.db"
        db.write_bytes(b"this is not an SQLite database at all" * 40)
        config = write_config(
            tmp_path,
            token=TOKEN,
            base_url=tg.base_url,
            db=db,
            llm={
                "provider": "anthropic",
                "api_key": API_KEY,
                "base_url": model.url,
                "model": "claude-test",
            },
            briefing={"default_timezone": "Europe/Berlin"},
        )
        code, out, err = await run_drbot_in_process("doctor", "--config", str(config), cwd=tmp_path)
    assert code == 1 and err == ""
    table = rows(out)
    assert table["telegram"] == (
        "FAIL",
        "token rejected by Telegram: check TELEGRAM_BOT_TOKEN or [telegram] token",
    )
    assert table["model"] == ("FAIL", f"claude-test at {model.url}: no such model")
    # Not Anthropic's API, so a 404 on count_tokens may be a server without it: the
    # one-token message that follows names the model as unknown too.
    assert [r.status for r in model.token_counts + model.requests] == [404, 404]
    assert model.requests[0].body["max_tokens"] == 1
    assert table["database"][0] == "FAIL" and "file is not a database" in table["database"][1]
    assert table["time zones"][0] == "ok"
    assert out.splitlines()[-1] == "not ready: telegram, model, database"
    assert "TEST" not in out and API_KEY not in out


async def test_offline_without_a_token_and_nothing_reachable(tmp_path):
    db = tmp_path / "data" / "bot.db"
    closed = f"http://127.0.0.1:{free_port()}/bot"
    config = write_config(tmp_path, token="", base_url=closed, db=db)
    code, out, _ = await run_drbot_in_process("doctor", "--config", str(config), cwd=tmp_path)
    table = rows(out)
    assert code == 1
    assert table["telegram"] == ("FAIL", "no bot token: set TELEGRAM_BOT_TOKEN (from @BotFather)")
    assert table["model"] == ("ok", "built-in interpreter (no model configured)")
    assert table["database"] == ("ok", f"{db}: not there yet, will be created")
    assert not db.parent.exists()  # doctor creates nothing

    config = write_config(tmp_path, token=TOKEN, base_url=closed, db=db)
    code, out, _ = await run_drbot_in_process("doctor", "--config", str(config), cwd=tmp_path)
    status, detail = rows(out)["telegram"]
    assert code == 1 and status == "FAIL"
    assert detail.startswith(f"cannot reach the Telegram Bot API at {closed} (")


async def test_an_older_schema_passes_a_newer_one_fails(tg, tmp_path):
    db = tmp_path / "bot.db"
    config = write_config(tmp_path, token=TOKEN, base_url=tg.base_url, db=db)
    migrated(db, 1)
    code, out, _ = await run_drbot_in_process("doctor", "--config", str(config), cwd=tmp_path)
    assert code == 0, out
    assert rows(out)["database"] == (
        "ok",
        f"{db}: schema 1 of {LATEST_VERSION}, writable; the "
        "rest is applied at start or by `drbot migrate`",
    )
    migrated(db, LATEST_VERSION + 1)
    code, out, _ = await run_drbot_in_process("doctor", "--config", str(config), cwd=tmp_path)
    assert code == 1
    assert rows(out)["database"] == (
        "FAIL",
        f"{db}: schema {LATEST_VERSION + 1} is newer than "
        f"this drbot ({LATEST_VERSION}); upgrade drbot",
    )


async def test_a_damaged_database_fails_its_row(tg, tmp_path):
    from tests.damaged_db import damaged_database

    db = await damaged_database(tmp_path / "bot.db")
    before = db.read_bytes()
    config = write_config(tmp_path, token=TOKEN, base_url=tg.base_url, db=db)
    code, out, err = await run_drbot_in_process("doctor", "--config", str(config), cwd=tmp_path)
    assert (code, err) == (1, "")
    status, detail = rows(out)["database"]
    assert status == "FAIL", out  # its version reads fine: only quick_check knows
    assert detail.startswith(f"{db}: damaged (quick_check: ")
    assert detail.endswith("); restore it from a `drbot backup` copy")
    assert out.splitlines()[-1] == "not ready: database"
    assert db.read_bytes() == before  # doctor only looks


async def test_a_bad_config_is_a_row_not_a_stop(tmp_path):
    config = tmp_path / "config.toml"
    config.write_text('[briefing]\ndefault_timezone = "Mars/Olympus"\n')
    (tmp_path / ".env").write_text("TELEGRAM_BOT_TOKEN=123456:TEST\n")
    code, out, err = await run_drbot("doctor", "--config", str(config), cwd=tmp_path)
    assert code == 1 and err == ""
    table = rows(out)
    assert (
        table["config"][0] == "FAIL"
        and "default_timezone must be an IANA time zone" in table["config"][1]
    )
    assert [table[n][0] for n in ("telegram", "model", "database")] == ["skip"] * 3
    assert table["time zones"][0] == "ok"


async def test_webhook_mode_says_it_is_protected(tg, tmp_path):
    db = tmp_path / "bot.db"
    for telegram, expected in (
        (
            {"mode": "webhook", "webhook_url": "https://bot.example/hook"},
            "webhook https://bot.example/hook on 0.0.0.0:8443, protected "
            "(no webhook_secret: a random one each start)",
        ),
        (
            {
                "mode": "webhook",
                "webhook_url": "https://bot.example/hook",
                "webhook_secret": "Sec_ret-42",
            },
            "webhook https://bot.example/hook on 0.0.0.0:8443, protected (webhook_secret set)",
        ),
    ):
        config = write_config(tmp_path, token=TOKEN, base_url=tg.base_url, db=db, telegram=telegram)
        code, out, err = await run_drbot_in_process("doctor", "--config", str(config), cwd=tmp_path)
        status, detail = rows(out)["telegram"]
        assert (status, detail) == ("ok", f"@drbot_test_bot at {tg.base_url}; {expected}")
        assert "Sec_ret-42" not in out
