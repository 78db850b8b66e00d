"""The access gate's memory of whom it told today (bot/access.py) stays
bounded however many strangers write, and still tells each at most once a day
while they are remembered."""

from __future__ import annotations

from datetime import date

from drbot.bot.access import TOLD_CAPACITY, AccessGate, OncePerDay

MONDAY, TUESDAY = date(2026, 11, 23), date(2026, 11, 24)


def test_once_a_day_per_stranger():
    told = OncePerDay(capacity=10)
    assert told.first_today(7, MONDAY) and not told.first_today(7, MONDAY)
    assert told.first_today(7, TUESDAY) and not told.first_today(7, TUESDAY)


def test_a_flood_of_strangers_keeps_it_bounded_and_forgets_the_least_recent():
    told = OncePerDay(capacity=100)
    for stranger in range(10_000):
        assert told.first_today(stranger, MONDAY)
    assert len(told) == 100
    assert not told.first_today(9_999, MONDAY)  # the newest are remembered
    assert told.first_today(0, MONDAY)  # the oldest were let go


def test_seen_again_counts_as_recent():
    told = OncePerDay(capacity=2)
    told.first_today(1, MONDAY)
    told.first_today(2, MONDAY)
    told.first_today(1, MONDAY)  # 1 wrote again: 2 is now the least recent
    told.first_today(3, MONDAY)
    assert not told.first_today(1, MONDAY) and told.first_today(2, MONDAY)


def test_the_gate_uses_a_bounded_memory():
    assert AccessGate((1,)).told.capacity == TOLD_CAPACITY
    assert AccessGate((1,), told_capacity=5).told.capacity == 5
