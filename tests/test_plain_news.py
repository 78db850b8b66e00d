"""News of one step whose kind the words leave unsaid but the second reader is all but sure
of: written as that kind, not asked ("oven is clean. took 2 hours…" for "Clean the oven");
near misses keep the menu [Done] [Started] [Just note it] (step_statements.said_plainly)."""

from __future__ import annotations

import pytest

from drbot.ai.language import write_odds
from drbot.ai.rules import step_statements
from tests.dbdump import unchanged
from tests.people import plans_made, step_titled

ME = 1

PLANS = {
    "Move out": ["Clean the oven", "Book the Bürgeramt appointment", "Return the keys"],
    "Trailer": ["Replace the wheel bearings", "Renew the trailer rego"],
    "Driving": ["Pass the written test", "Take driving lessons"],
    "Youth retreat": ["Book the camp site", "Borrow the church van"],
}


async def _plans(store) -> None:
    await plans_made(store, ME, PLANS)


async def _step(store, title: str) -> dict:
    return await step_titled(store, ME, title)


PLAIN = [
    (
        "oven is clean. took 2 hours and half a bottle of oven pride, never again",
        "Clean the oven",
        "done",
    ),
    ("new bearings on the trailer, spins like a dream", "Replace the wheel bearings", "done"),
    (
        "had my first driving lesson today, instructor is kinda scary ngl",
        "Take driving lessons",
        "in_progress",
    ),
]


@pytest.mark.parametrize("text, title, status", PLAIN)
async def test_news_the_second_reader_is_sure_of_is_written(
    interpreter, ctx, store, text, title, status
):
    await _plans(store)
    answer = await interpreter.handle(text, ctx)
    assert (await _step(store, title))["status"] == status, answer.text
    assert answer.question is None and "Nothing changed" not in answer.text


async def test_a_try_the_second_reader_is_sure_of_is_noted(interpreter, ctx, store):
    await _plans(store)
    text = "asked Pastor Jim about the van, it's booked for the youth retreat that weekend ugh"
    await interpreter.handle(text, ctx)
    step = await _step(store, "Borrow the church van")
    assert [a["outcome"] for a in step["attempts"]] == [text]
    assert step["status"] != "done"


@pytest.mark.parametrize("text, title, status", PLAIN)
async def test_below_the_odds_the_menu_stays(
    interpreter, ctx, store, db_path, monkeypatch, text, title, status
):
    """The same messages with the bar out of reach: the menu of one step, nothing written —
    the write above is the second reader's, not another reading's."""
    monkeypatch.setattr(step_statements, "PLAIN_NEWS_ODDS", 1.01)
    await _plans(store)
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and title in answer.text, answer.text


@pytest.mark.parametrize(
    "text",
    [
        "is the oven clean now?",  # a question
        "maybe the oven is clean enough, not sure",  # a hedge
        "oven ugh",  # news of nothing the reader is sure of
    ],
)
async def test_near_misses_write_nothing(interpreter, ctx, store, db_path, text):
    await _plans(store)
    with unchanged(db_path):
        await interpreter.handle(text, ctx)


def test_the_examples_clear_the_bar():
    for text, _, status in PLAIN:
        kind = {"done": "done", "in_progress": "start"}[status]
        assert write_odds.odds(text, True)[kind] >= step_statements.PLAIN_NEWS_ODDS, text
