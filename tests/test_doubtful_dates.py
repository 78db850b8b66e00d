"""A doubtful day of a wait is asked, never written: the signs (drbot/ai/language/date_doubts.py)
run as declared, and the offer the rules make instead of the write (drbot/ai/rules/doubtful_dates.py)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from drbot.ai.language import date_doubts, dates, intents
from tests import offline_rules as offline
from tests.dbdump import unchanged

# the fixtures of tests/offline_rules.py, under the names the tests ask for
users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx
say, STORY_PLAN, outcomes, plan = offline.say, offline.STORY_PLAN, offline.outcomes, offline.plan

NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)  # a Tuesday


def _doubt(text: str, kind: str, name: str = "") -> date_doubts.DateDoubt | None:
    if name == date_doubts.DAY_INSIDE:
        # (the weekend is read from the clause that puts the step off, as the rules read it;
        # the whole sentence's first day would be the one named beside it)
        st = intents.read_statement(text, NOW, "UTC")
        assert st is not None and st.when is not None, text
        return date_doubts.doubt(st.said, st.when, kind, text)
    return date_doubts.doubt(text, dates.find_when(text, NOW, "UTC"), kind, text)


@pytest.mark.parametrize(
    "name, text, kind", [(s.name, t, k) for s in date_doubts.SIGNS for t, k in s.examples]
)
def test_a_sign_that_the_day_is_doubtful_is_found(name, text, kind):
    found = _doubt(text, kind, name)
    assert found is not None and found.sign == name, (text, found)


@pytest.mark.parametrize(
    "name, text, kind", [(s.name, t, k) for s in date_doubts.SIGNS for t, k in s.near_misses]
)
def test_a_near_miss_leaves_the_day_certain(name, text, kind):
    assert _doubt(text, kind, name) is None, text


def test_the_other_days_words_left_beside_a_date_may_mean():
    found = _doubt("leave the gutters till 2 weeks on friday", "snooze")
    assert found is not None
    assert date_doubts.other_days(found, date(2026, 11, 27)) == [date(2026, 12, 11)]
    unread = date_doubts.Unread("the monday after", "", "the monday after thanksgiving")
    after = date_doubts.DateDoubt(date_doubts.WORDS_LEFT, unread.words, unread)
    assert date_doubts.other_days(after, date(2026, 11, 26)) == [date(2026, 11, 30)]
    # a day counted from an event the reader cannot date, or before a day: no other day
    keys = _doubt("leave the shed till the tuesday after we get the keys", "snooze")
    assert keys is not None and date_doubts.other_days(keys, date(2026, 12, 1)) == []
    before = _doubt("hold the curtains till before christmas please", "snooze")
    assert before is not None and date_doubts.other_days(before, date(2026, 12, 25)) == []


async def test_a_wait_on_a_day_counted_from_another_is_offered_with_both_days(
    interpreter, say, store, ctx, db_path
):
    await say(STORY_PLAN)
    with unchanged(db_path):
        answer = await interpreter.handle("leave the quotes till 2 weeks on friday", ctx)
    assert answer.question is not None
    assert answer.question.text == "Wait on “Get quotes” until Friday 6 March?"
    labels = [o.label for o in answer.question.options]
    assert labels == ["Yes", "Until Fri 20 Mar", "Another day"]
    until = answer.question.options[1].calls[0][1]["until"]
    assert until == "2026-03-20"


async def test_the_weekend_with_its_sunday_named_beside_it_is_offered_with_the_sunday(
    interpreter, say, store, ctx, db_path
):
    # z256: "the shutters can wait for the weekend, my son comes on Sunday" was written on
    # the Saturday; the day named is offered beside it, nothing written
    await say(STORY_PLAN)
    with unchanged(db_path):
        answer = await interpreter.handle(
            "the quotes can wait for the weekend, my son comes on Sunday and will help me", ctx
        )
    assert answer.question is not None, answer.text
    labels = [o.label for o in answer.question.options]
    assert labels[1].startswith("Until Sun"), labels
    day = date.fromisoformat(answer.question.options[1].calls[0][1]["until"])
    assert day.weekday() == 6


async def test_the_weekend_alone_is_still_written_on_its_saturday(interpreter, say, store, ctx):
    # near miss: no day of it named beside it
    await say(STORY_PLAN)
    answer = await interpreter.handle("the quotes can wait for the weekend", ctx)
    assert answer.question is None, answer.text
    waits = (await plan(store, ctx))["steps"][0]["wait_until"]
    assert waits is not None and date.fromisoformat(waits[:10]).weekday() == 5


async def test_someone_elses_day_in_a_try_logs_the_try_and_offers_the_wait(
    interpreter, say, store, ctx
):
    await say(STORY_PLAN)
    answer = await interpreter.handle(
        "rang the timber yard about the quotes, they've got a slot next thursday", ctx
    )
    step = (await plan(store, ctx))["steps"][0]
    assert "slot" in outcomes(step)[0]
    assert step["wait_until"] is None
    assert answer.question is not None and answer.question.text.startswith("Wait on “Get quotes”")


async def test_a_day_asked_for_again_is_still_written(interpreter, say, store, ctx):
    await say(STORY_PLAN)
    answer = await interpreter.handle(
        "rang the timber yard about the quotes, no answer, will try again thursday", ctx
    )
    step = (await plan(store, ctx))["steps"][0]
    assert step["wait_until"] is not None and answer.question is None


async def test_a_reminder_on_a_day_counted_from_another_is_offered(interpreter, ctx, db_path):
    with unchanged(db_path):
        answer = await interpreter.handle(
            "remind me to renew the parking permit 3 weeks on monday", ctx
        )
    assert answer.question is not None
    assert answer.question.text == "Remind you of “Renew the parking permit” on Monday 9 March?"
    assert [o.label for o in answer.question.options] == ["Yes", "On Mon 30 Mar", "Another day"]
    assert answer.question.options[1].calls == (
        ("set_reminder", {"text": "Renew the parking permit", "when": "2026-03-30"}),
    )


async def test_a_reminder_on_a_plain_day_is_set(say, store, ctx):
    text = await say("remind me to renew the parking permit on monday")
    assert text.startswith("Reminder set: “Renew the parking permit” Monday 9 March")


# -- the person's own doing put off to the day named: a wait (START is Monday 2 March 2026) ---


@pytest.mark.parametrize(
    "text, day",
    [
        ("the practice is closed till thursday, I will ring them about the quotes then", "05"),
        (
            "the council office is closed until the 9th for a refit, I'll ask about the quotes then",
            "09",
        ),
        ("the yard is closed til friday for a holiday, we will chase the quotes then", "06"),
    ],
)
async def test_own_doing_put_off_to_the_day_named_waits(say, store, ctx, text, day):
    await say(STORY_PLAN)
    await say(text)
    step = (await plan(store, ctx))["steps"][0]
    assert step["wait_until"][:10] == f"2026-03-{day}" and not outcomes(step)


@pytest.mark.parametrize(
    "text",
    [
        # a sequence, not a day: "then" goes on to the next thing
        "rang the yard, I'll get the quotes then ring the bank",
        # no day named before "then"
        "I'll sort the quotes then",
    ],
)
async def test_then_with_no_day_before_it_is_no_wait(interpreter, say, store, ctx, text):
    await say(STORY_PLAN)
    await interpreter.handle(text, ctx)
    assert (await plan(store, ctx))["steps"][0]["wait_until"] is None
