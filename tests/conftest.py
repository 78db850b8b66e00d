"""Shared fixtures: an injectable clock and a PlanStore on a real SQLite file."""

from __future__ import annotations

import os

# python-telegram-bot warns about timedelta/int return types unless this is set;
# set before anything imports telegram.
os.environ.setdefault("PTB_TIMEDELTA", "1")

from tests.checkout import ROOT, use_this_checkout  # noqa: E402

use_this_checkout()   # before drbot.memory reads the migrations
# The same in every `python -m drbot` the tests start (tests/checkout_site/sitecustomize.py).
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT / "tests" / "checkout_site"), str(ROOT)]
    + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p])

import sqlite3  # noqa: E402
from datetime import UTC, datetime, timedelta  # noqa: E402

import pytest  # noqa: E402

from drbot.memory.plans import PlanStore  # noqa: E402

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday morning


def pytest_report_header(config) -> str:
    return f"sqlite3 library: {sqlite3.sqlite_version}"


class FakeClock:
    """A clock that only moves when told to: call it for the time now."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, days: float = 0, hours: float = 0, minutes: float = 0,
                seconds: float = 0) -> datetime:
        self.now += timedelta(days=days, hours=hours, minutes=minutes, seconds=seconds)
        return self.now

    def set(self, moment: datetime) -> datetime:
        if moment.tzinfo is None:
            raise ValueError("FakeClock needs an aware datetime")
        self.now = moment.astimezone(UTC)
        return self.now


@pytest.fixture
async def fake():
    """A fake Anthropic Messages server over real HTTP, scripted by the test."""
    from tests.fakes.anthropic_server import FakeAnthropic

    async with FakeAnthropic() as server:
        yield server


@pytest.fixture
def model(fake):
    """The bot tests' name for the fake Anthropic server."""
    return fake


@pytest.fixture
async def tg():
    """A fake Telegram Bot API over real HTTP, for the bot harness's token
    (a test module with its own token or checks defines its own ``tg``)."""
    from tests.bot_harness import TOKEN
    from tests.fakes.telegram_server import FakeTelegram

    async with FakeTelegram(token=TOKEN) as server:
        yield server


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "plans.db"


@pytest.fixture
async def store(db_path, clock):
    plan_store = await PlanStore.open(db_path, clock=clock)
    try:
        yield plan_store
    finally:
        await plan_store.close()
