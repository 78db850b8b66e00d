"""Shared fixtures and helpers: an injectable clock, a PlanStore on a real SQLite
file, the fake servers, settings for the fake model; and how the suite runs fast
(hypothesis profiles, one SSL context for the suite's HTTP clients)."""

from __future__ import annotations

import os

# python-telegram-bot warns about timedelta/int return types unless this is set;
# set before anything imports telegram.
os.environ.setdefault("PTB_TIMEDELTA", "1")

from tests.checkout import ROOT, use_this_checkout  # noqa: E402

use_this_checkout()  # before drbot.memory reads the migrations
# The same in every `python -m drbot` the tests start (tests/checkout_site/sitecustomize.py).
os.environ["PYTHONPATH"] = os.pathsep.join(
    [str(ROOT / "tests" / "checkout_site"), str(ROOT)]
    + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
)

import sqlite3  # noqa: E402
from datetime import UTC, datetime, timedelta  # noqa: E402

import pytest  # noqa: E402
from hypothesis import settings as hypothesis_settings  # noqa: E402
from hypothesis.errors import InvalidArgument  # noqa: E402

from drbot.config import BriefingSettings, LLMSettings, Settings  # noqa: E402
from drbot.memory.database import Database  # noqa: E402
from drbot.memory.plans import PlanStore  # noqa: E402
from tests import db_template, shared_ssl  # noqa: E402

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday morning


# Hypothesis: a property test that sets no max_examples of its own takes it from
# the profile.  "quick", the default, keeps the suite fast; HYPOTHESIS_PROFILE=full
# (or `pytest --hypothesis-profile=full`) runs the full count.  Both build on the
# profile hypothesis chose by itself: "ci" under CI (the same examples every run).
try:
    hypothesis_settings.get_profile("quick")  # this file is imported twice (see below)
except InvalidArgument:
    _chosen = hypothesis_settings.default
    hypothesis_settings.register_profile("full", _chosen, max_examples=200)
    hypothesis_settings.register_profile("quick", _chosen, max_examples=50)


def pytest_configure(config) -> None:
    # Here, not at import: test modules import this file again (as tests.conftest),
    # and that must not undo a profile chosen on the command line.
    if not config.getoption("--hypothesis-profile", None):
        hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))
    # Migrated database files outlive the run in pytest's cache (see db_template).
    if getattr(config, "cache", None) is not None:
        db_template.use_folder(config.cache.mkdir("drbot-migrated"))
    shared_ssl.install()


def pytest_collection_modifyitems(config, items) -> None:
    # A parallel run lasts until its last test ends: the few tests that take many seconds
    # of their own (marked slow) are handed out first, so that none of them is still
    # running alone when every other test is done.  The sort keeps the order otherwise.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def pytest_report_header(config) -> str:
    return f"sqlite3 library: {sqlite3.sqlite_version}"


class FakeClock:
    """A clock that only moves when told to: call it for the time now."""

    def __init__(self, start: datetime = START) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(
        self, days: float = 0, hours: float = 0, minutes: float = 0, seconds: float = 0
    ) -> datetime:
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
def store_clock(clock):
    """The clock the ``store`` fixture's PlanStore reads: ``clock``, unless a module
    whose tests run on the real time overrides this with ``system_clock``."""
    return clock


# The person the built-in rules' tests act as, and the two things those tests share: the
# rules over the real tool registry, and that person's context (UTC, at ``START``). A module
# with another person or zone declares its own ``ctx``.
RULES_PERSON = 1


@pytest.fixture
def interpreter():
    from drbot.ai.rules.interpreter import RulesInterpreter
    from drbot.ai.tools.catalogue import build_registry

    return RulesInterpreter(build_registry())


@pytest.fixture
def ctx(store):
    from drbot.ai.tools.tool_registry import ToolContext
    from drbot.memory.user_settings import UserSettings

    return ToolContext(
        user_id=RULES_PERSON,
        chat_id=RULES_PERSON,
        store=store,
        users=UserSettings(store.db),
        now=START,
        timezone="UTC",
    )


@pytest.fixture
async def store(db_path, store_clock):
    """A PlanStore on a migrated file at ``db_path`` (a copy of one migrated once;
    a module that overrides ``db_path`` with a file of its own gets that file)."""
    if db_path.exists():
        plan_store = await PlanStore.open(db_path, clock=store_clock)
    else:
        # The copy is current: opened as it is. Looking at each migration in turn to find
        # nothing to apply (a transaction each) cost more CPU than the copy and most tests.
        db_template.copy_migrated(db_path)
        plan_store = PlanStore(await Database.open(db_path, migrate=False), clock=store_clock)
    try:
        yield plan_store
    finally:
        await plan_store.close()


def settings_for(fake, **llm) -> Settings:
    """Settings whose model is the fake Anthropic server.  It listens on 127.0.0.1,
    so to drbot it is a local server (no retries unless ``max_retries`` says);
    the model answers every message and its changes run at once."""
    values = dict(
        provider="anthropic",
        api_key="sk-test-secret-key",
        base_url=fake.url,
        request_timeout_s=1.0,
        max_iterations=4,
        hybrid=False,
        confirm_writes=False,
    )
    values.update(llm)
    return Settings(llm=LLMSettings(**values), briefing=BriefingSettings())
