"""`drbot run` as a real process: SIGKILL in the middle of a stream of messages,
a clean SIGTERM, and a missing token.

The bot is started exactly as in production (``python -m drbot run --config
FILE``) against the fake Bot API server running in the test's event loop. The
crash test creates a plan, then pushes attempt messages ("log an attempt on
step 1 — try N", with a few marks between them) in small bursts, kills the
process with SIGKILL once it has answered some but not all of them, starts it
again on the same database and config, and lets it finish: updates the dead
process had not confirmed are delivered again by the fake. Then every update the
dead process had been sent is delivered once more (as by a Telegram that never
saw its confirmations). In the end:

* every attempt the bot acknowledged in the chat ("attempt logged (try N)") is
  a row of plan_step_attempts (it was committed before it was acknowledged);
* no attempt is there twice and no update was answered twice (the duplicate
  filter: a redelivered update_id has no second effect);
* at most one attempt is missing: the update the killed process had claimed
  but not finished (a chat's updates are handled one at a time);
* PRAGMA integrity_check is "ok" and no foreign key is broken.

Before the forced redelivery, updates that python-telegram-bot had fetched and
confirmed (the next getUpdates call confirms them) but not yet handled are gone:
the test prints how many.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from tests.fakes.telegram_server import FakeTelegram

TOKEN = "123456:TEST-token-abcdefghijklmnopqrstuvwxyz"
OWNER = 1001
PLAN = "Make a plan to fix the fence — steps: get quotes, hire contractor, supervise work"
ATTEMPTS = 60  # attempt messages in the stream
BURST = 5  # pushed together, then a pause
PAUSE = 0.25
ACKED = re.compile(r"attempt logged \(try (\d+)\)")
STORED = re.compile(r"try (\d+)")

pytestmark = pytest.mark.timeout(60)


def write_config(tmp_path: Path, tg: FakeTelegram | None, db: Path, *, token: str = TOKEN) -> Path:
    """A config file: [telegram] base_url can only come from a file."""
    base_url = tg.base_url if tg is not None else "http://127.0.0.1:9/bot"
    config = tmp_path / "config.toml"
    config.write_text(
        "[telegram]\n"
        f'token = "{token}"\n'
        f'base_url = "{base_url}"\n'
        f"allowed_user_ids = [{OWNER}]\n"
        "[database]\n"
        f'path = "{db}"\n'
        "[llm]\n"
        'provider = "offline"\n',
        encoding="utf-8",
    )
    return config


def bot_env() -> dict[str, str]:
    """The test's environment without anything that would override the config file."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DRBOT_", "TELEGRAM_", "ANTHROPIC_"))
    }
    env["PTB_TIMEDELTA"] = "1"
    return env


class BotProcess:
    """`python -m drbot run --config FILE`, output to files (no pipe to fill up)."""

    def __init__(self, config: Path, tmp_path: Path, name: str) -> None:
        self.config, self.name = config, name
        self.stdout, self.stderr = tmp_path / f"{name}.out", tmp_path / f"{name}.err"
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> BotProcess:
        with open(self.stdout, "wb") as out, open(self.stderr, "wb") as err:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "drbot",
                "run",
                "--config",
                str(self.config),
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=err,
                env=bot_env(),
                cwd=self.config.parent,
            )
        return self

    async def stop(self, sig: int, timeout: float = 15) -> int:
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(sig)
        try:
            return await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
            raise AssertionError(
                f"{self.name} did not exit within {timeout}s after "
                f"signal {sig}; stderr: {self.err()!r}"
            ) from None

    def err(self) -> str:
        return self.stderr.read_text(errors="replace")

    async def ensure_dead(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()


def acked_tries(tg: FakeTelegram) -> list[int]:
    return [int(m[1]) for text in tg.texts(OWNER) if (m := ACKED.search(text))]


def check_database(db: Path) -> list[tuple[int, str]]:
    """Integrity and foreign keys; returns (step position, outcome) of every attempt."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        return conn.execute(
            "SELECT s.position, a.outcome FROM plan_step_attempts a"
            " JOIN plan_steps s ON s.id = a.step_id ORDER BY a.id"
        ).fetchall()
    finally:
        conn.close()


async def wait_polling(tg: FakeTelegram, after_calls: int = 0, timeout: float = 15) -> None:
    """Until the bot (re)started and asked for updates."""
    await tg.wait_for(lambda: any(m == "getUpdates" for m, _ in tg.calls[after_calls:]), timeout)


@pytest.fixture
async def tg():
    async with FakeTelegram(token=TOKEN) as server:
        yield server


@pytest.mark.slow
async def test_sigkill_mid_stream_loses_nothing_acknowledged_and_does_nothing_twice(tg, tmp_path):
    db = tmp_path / "bot.db"
    config = write_config(tmp_path, tg, db)
    first = await BotProcess(config, tmp_path, "first").start()
    second = BotProcess(config, tmp_path, "second")
    kill_at = random.randint(10, 25)  # acknowledged attempts before the SIGKILL
    pushed: dict[int, dict] = {}  # update_id -> the message, for redelivery
    try:
        await wait_polling(tg)
        tg.push_message(OWNER, OWNER, PLAN)
        await tg.wait_for(lambda: any("Created plan" in t for t in tg.texts(OWNER)), 10)

        def push(text: str) -> None:
            update_id = tg.push_message(OWNER, OWNER, text)
            newest = max(mid for chat, mid in tg.messages if chat == OWNER)
            pushed[update_id] = dict(tg.messages[OWNER, newest])

        async def stream() -> None:
            for n in range(1, ATTEMPTS + 1):
                push(f"log an attempt on step 1 — try {n}")
                if n % 4 == 0:  # a mark between the attempts
                    push("✓ 2" if n % 8 == 0 else "□ 2")
                if n % BURST == 0:
                    await asyncio.sleep(PAUSE)

        pusher = asyncio.create_task(stream())
        await tg.wait_for(lambda: len(acked_tries(tg)) >= kill_at, 15)
        assert await first.stop(signal.SIGKILL) == -signal.SIGKILL
        before_kill = dict(pushed)
        acked_before = acked_tries(tg)
        assert 0 < len(acked_before) < ATTEMPTS, "the kill came after the whole stream"

        # 1. Restart; the fake delivers what the killed process had not confirmed.
        calls_before = len(tg.calls)
        await second.start()
        await pusher
        await wait_polling(tg, calls_before)
        await answered_plans(tg, 1)
        lost_first = sorted(set(range(1, ATTEMPTS + 1)) - set(stored_tries(db)))

        # 2. Everything the killed process was sent comes again, as from a Telegram
        # that never saw its confirmations: the duplicate filter lets through only
        # what was never claimed.
        for update_id, message in before_kill.items():
            tg.push_raw_update({"update_id": update_id, "message": message})
        await answered_plans(tg, 2)
        assert await second.stop(signal.SIGTERM) == 0, second.err()
    finally:
        await first.ensure_dead()
        await second.ensure_dead()

    attempts = check_database(db)
    stored = Counter(int(STORED.fullmatch(outcome)[1]) for _, outcome in attempts)
    acked = acked_tries(tg)
    assert {position for position, _ in attempts} == {1}
    twice = {n: c for n, c in stored.items() if c > 1}
    assert not twice, f"attempts stored more than once: {twice}"
    assert len(acked) == len(set(acked)), f"acknowledged twice: {Counter(acked)}"
    missing = sorted(set(acked) - set(stored))
    assert not missing, f"acknowledged but not in the database: {missing}"
    assert set(stored) <= set(range(1, ATTEMPTS + 1))
    # Only an update claimed by the killed process and not finished can be lost
    # now; the chat's updates run one at a time, so at most one (an attempt or a mark).
    lost = sorted(set(range(1, ATTEMPTS + 1)) - set(stored))
    assert len(lost) <= 1, f"lost after redelivery: {lost}"
    # One answer per update claimed: a redelivered update got no second one.
    with contextlib.closing(sqlite3.connect(db)) as conn:
        [[claimed]] = conn.execute("SELECT count(*) FROM processed_updates").fetchall()
    assert claimed - 1 <= len(tg.texts(OWNER)) <= claimed
    assert "Traceback" not in first.err() + second.err()
    print(
        f"\nkilled after {len(acked_before)} acknowledged attempts; lost before the forced "
        f"redelivery: {len(lost_first)} {lost_first}; lost in the end: {lost}; "
        f"{len(acked)} acknowledged, {len(stored)} stored"
    )


async def test_killed_between_a_change_and_its_answer_nothing_is_done_or_said_twice(tg, tmp_path):
    """One durable commit holds an update's change and its claim (docs/RELIABILITY.md).
    Killed while "try 1"'s answer is on its way (its change and claim committed) and
    "try 2" waits in the inbox for its chat (nothing of it committed), then restarted,
    with Telegram delivering both again: try 1 is stored once and not answered again,
    try 2 is handled once."""
    db = tmp_path / "bot.db"
    config = write_config(tmp_path, tg, db)
    first = await BotProcess(config, tmp_path, "first").start()
    second = BotProcess(config, tmp_path, "second")
    try:
        await wait_polling(tg)
        tg.push_message(OWNER, OWNER, PLAN)
        await tg.wait_for(lambda: any("Created plan" in t for t in tg.texts(OWNER)), 10)
        sends = len(tg.calls_to("sendMessage"))
        tg.delay("sendMessage", 30)  # try 1's answer never gets back to the first process
        pushed = {}
        for n in (1, 2):
            update_id = tg.push_message(OWNER, OWNER, f"log an attempt on step 1 — try {n}")
            pushed[update_id] = dict(tg.messages[OWNER, max(m for c, m in tg.messages)])
        await tg.wait_for(lambda: len(tg.calls_to("sendMessage")) > sends, 10)
        await in_the_inbox(db, max(pushed))
        assert await first.stop(signal.SIGKILL) == -signal.SIGKILL
        tg.delay("sendMessage", 0)
        assert stored_tries(db) == [1]  # try 1's change was committed before its answer
        calls = len(tg.calls)
        await second.start()
        await wait_polling(tg, calls)
        for update_id, message in pushed.items():  # as from a Telegram that saw no confirmation
            tg.push_raw_update({"update_id": update_id, "message": message})
        await answered_plans(tg, 1)
        assert await second.stop(signal.SIGTERM) == 0, second.err()
    finally:
        await first.ensure_dead()
        await second.ensure_dead()
    assert stored_tries(db) == [1, 2]
    answers = [p["text"] for p in tg.calls_to("sendMessage")[sends + 1 :]]
    assert sum("try 1" in text for text in answers) == 0, answers
    assert sum("try 2" in text for text in answers) == 1, answers
    assert "Traceback" not in first.err() + second.err()


async def in_the_inbox(db: Path, update_id: int, timeout: float = 10) -> None:
    """Until ``update_id`` is kept in the inbox (fetched, not yet handled)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while asyncio.get_running_loop().time() < deadline:
        with contextlib.closing(sqlite3.connect(db)) as conn:
            if conn.execute("SELECT 1 FROM inbox WHERE update_id = ?", (update_id,)).fetchone():
                return
        await asyncio.sleep(0.02)
    raise AssertionError(f"update {update_id} never reached the inbox")


def stored_tries(db: Path) -> list[int]:
    return [int(STORED.fullmatch(outcome)[1]) for _, outcome in check_database(db)]


async def answered_plans(tg: FakeTelegram, n: int) -> None:
    """Send /plans and wait for the n-th answer to it: the chat's updates are handled
    in order, so everything queued before it has been dealt with."""
    tg.push_message(OWNER, OWNER, "/plans")
    await tg.wait_for(lambda: sum("1. Fix the fence [" in t for t in tg.texts(OWNER)) >= n, 20)


async def test_sigterm_exits_cleanly_with_the_database_whole(tg, tmp_path):
    db = tmp_path / "bot.db"
    bot = await BotProcess(write_config(tmp_path, tg, db), tmp_path, "bot").start()
    try:
        await wait_polling(tg)
        tg.push_message(OWNER, OWNER, PLAN)
        await tg.wait_for(lambda: any("Created plan" in t for t in tg.texts(OWNER)), 10)
        tg.push_message(OWNER, OWNER, "log an attempt on step 1 — try 1")
        await tg.wait_for(lambda: acked_tries(tg) == [1], 10)
        assert await bot.stop(signal.SIGTERM) == 0, bot.err()
    finally:
        await bot.ensure_dead()
    assert len(bot.err().splitlines()) == 1, bot.err()
    [started] = bot.err().splitlines()  # the start line, nothing else
    assert "drbot started: polling as @" in started, bot.err()
    assert check_database(db) == [(1, "try 1")]


def test_missing_token_is_one_line_and_exit_2(tmp_path):
    config = write_config(tmp_path, None, tmp_path / "bot.db", token="")
    done = subprocess.run(
        [sys.executable, "-m", "drbot", "run", "--config", str(config)],
        env=bot_env(),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("drbot: no Telegram bot token"), lines[0]
    assert "TELEGRAM_BOT_TOKEN" in lines[0]
    assert "Traceback" not in done.stderr and done.stdout == ""
    assert not (tmp_path / "bot.db").exists()
