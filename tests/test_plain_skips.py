"""A step called off in words the second reader is all but sure of: the offer "Skip “X”?" is
written, not asked ("leave the mineral licks, there's plenty left over from last year" for "Book
a mock interview at careers"); near misses keep the offer or write nothing
(step_statements.skip_said_plainly, the bar ``PLAIN_SKIP_ODDS`` chosen leave-one-round-out)."""

from __future__ import annotations

import pytest

from drbot.ai.language import write_odds
from drbot.ai.rules import step_statements
from tests.dbdump import unchanged
from tests.people import plans_made, step_titled

ME = 1

PLANS = {
    "Garden": ["Buy a propane heater", "Order mineral licks", "Paint the shed"],
    "Trip": ["Book the flight to Calgary", "Renew my passport"],
    "Job hunt": ["Book a mock interview at careers", "Update my CV"],
}


async def _plans(store) -> None:
    await plans_made(store, ME, PLANS)


async def _step(store, title: str) -> dict:
    return await step_titled(store, ME, title)


CALLED_OFF = [
    ("leave the mineral licks, there's plenty left over from last year", "Order mineral licks"),
    ("decided not to paint the shed this year, it can stay as it is", "Paint the shed"),
    ("cross off the flight, we're not going to Calgary this year", "Book the flight to Calgary"),
]


@pytest.mark.parametrize("text, title", CALLED_OFF)
async def test_a_step_called_off_plainly_is_skipped(interpreter, ctx, store, text, title):
    await _plans(store)
    answer = await interpreter.handle(text, ctx)
    assert (await _step(store, title))["status"] == "skipped", answer.text
    assert answer.question is None and "Nothing changed" not in answer.text


@pytest.mark.parametrize("text, title", CALLED_OFF)
async def test_below_the_odds_the_offer_stays(
    interpreter, ctx, store, db_path, monkeypatch, text, title
):
    """The same messages with the bar out of reach: "Skip “X”?", nothing written — the skip
    above is the second reader's, not another reading's."""
    monkeypatch.setattr(step_statements, "PLAIN_SKIP_ODDS", 1.01)
    await _plans(store)
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and title in answer.text, answer.text


@pytest.mark.parametrize(
    "text",
    [
        "should I skip painting the shed this year?",  # a question
        "maybe not bothering with the mock interview, not sure yet",  # a hedge
        "the shed looks grim",  # nothing called off
    ],
)
async def test_near_misses_skip_nothing(interpreter, ctx, store, db_path, text):
    await _plans(store)
    with unchanged(db_path):
        await interpreter.handle(text, ctx)


def test_the_examples_clear_the_bar():
    for text, _ in CALLED_OFF:
        assert write_odds.odds(text, True)["skip"] >= step_statements.PLAIN_SKIP_ODDS, text
