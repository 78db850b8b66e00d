"""UserSettings on a real SQLite file: defaults, time zones (validated and
normalized), briefing times, and nothing changed by a bad value."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from drbot.memory.database import Database
from drbot.memory.user_settings import UserSettings
from tests.db_template import copy_migrated

ALICE, BOB = 101, 202


def fixed_clock() -> datetime:
    return datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


@pytest.fixture
def settings_path(tmp_path):
    return tmp_path / "settings.db"


@pytest.fixture
async def settings_db(settings_path):
    db = await Database.open(copy_migrated(settings_path))
    try:
        yield db
    finally:
        await db.close()


@pytest.fixture
def settings(settings_db) -> UserSettings:
    return UserSettings(settings_db, clock=fixed_clock)


async def test_defaults_when_nothing_was_chosen(settings_db):
    assert await UserSettings(settings_db).get(ALICE) == {
        "timezone": "UTC",
        "briefing_time": "08:00",
    }
    configured = UserSettings(
        settings_db, default_timezone="europe/lisbon", default_briefing_time="7:30"
    )
    assert await configured.get(ALICE) == {"timezone": "Europe/Lisbon", "briefing_time": "07:30"}
    assert await configured.zone(ALICE) == ZoneInfo("Europe/Lisbon")


@pytest.mark.parametrize(
    "kwargs", [{"default_timezone": "Nowhere/Special"}, {"default_briefing_time": "25:00"}]
)
def test_a_bad_default_fails_at_start_up(settings_db, kwargs):
    with pytest.raises(ValueError):
        UserSettings(settings_db, **kwargs)


@pytest.mark.parametrize(
    "given, stored",
    [
        ("Europe/Berlin", "Europe/Berlin"),
        ("europe/berlin", "Europe/Berlin"),
        ("  AMERICA/NEW_YORK ", "America/New_York"),
        ("utc", "UTC"),
    ],
)
async def test_set_timezone_stores_the_canonical_name(settings, given, stored):
    assert await settings.set_timezone(ALICE, given) == stored
    assert (await settings.get(ALICE))["timezone"] == stored
    assert await settings.zone(ALICE) == ZoneInfo(stored)
    assert (await settings.get(BOB))["timezone"] == "UTC"  # only Alice's


async def test_settings_survive_a_restart(settings_path):
    db = await Database.open(settings_path)
    await UserSettings(db).set_timezone(ALICE, "Asia/Tokyo")
    await db.close()
    db = await Database.open(settings_path)
    try:
        assert (await UserSettings(db).get(ALICE))["timezone"] == "Asia/Tokyo"
    finally:
        await db.close()


@pytest.mark.parametrize(
    "bad", ["Mars/Olympus_Mons", "", "  ", "Berlin", "../../etc/passwd", "localtime", None, 1]
)
async def test_an_unknown_zone_is_refused_and_nothing_changes(settings, settings_db, bad):
    with pytest.raises(ValueError, match="Unknown time zone .*; use a name like Europe/Berlin"):
        await settings.set_timezone(BOB, bad)
    assert (
        await settings_db.fetch_one("SELECT 1 FROM user_settings WHERE user_id = ?", (BOB,)) is None
    )
    await settings.set_timezone(ALICE, "Europe/Paris")
    with pytest.raises(ValueError):
        await settings.set_timezone(ALICE, bad)
    assert (await settings.get(ALICE))["timezone"] == "Europe/Paris"


@pytest.mark.parametrize(
    "given, stored",
    [("8:00", "08:00"), ("08:00", "08:00"), ("00:00", "00:00"), (" 23:59 ", "23:59")],
)
async def test_set_briefing_time_normalizes(settings, given, stored):
    assert await settings.set_briefing_time(ALICE, given) == stored
    assert (await settings.get(ALICE))["briefing_time"] == stored


@pytest.mark.parametrize(
    "bad", ["24:00", "7:60", "8", "08:00:00", "8am", "-1:00", "", "٨:٠٠", None, 800]
)
async def test_a_bad_briefing_time_is_refused_and_nothing_changes(settings, bad):
    await settings.set_briefing_time(ALICE, "06:45")
    with pytest.raises(ValueError, match="HH:MM"):
        await settings.set_briefing_time(ALICE, bad)
    assert (await settings.get(ALICE))["briefing_time"] == "06:45"


async def test_each_setting_is_changed_alone(settings):
    await settings.set_briefing_time(ALICE, "7:15")
    await settings.set_timezone(ALICE, "Europe/Berlin")
    assert await settings.get(ALICE) == {"timezone": "Europe/Berlin", "briefing_time": "07:15"}
    await settings.set_briefing_time(ALICE, "9:00")
    assert await settings.get(ALICE) == {"timezone": "Europe/Berlin", "briefing_time": "09:00"}
