"""A step called off in words the second reader is all but sure of: the offer "Skip “X”?" is
written, not asked ("leave the mineral licks, there's plenty left over from last year" for "Book
a mock interview at careers"); near misses keep the offer or write nothing
(step_statements.skip_said_plainly, the bar ``PLAIN_SKIP_ODDS`` chosen leave-one-round-out)."""

from __future__ import annotations

import pytest

from drbot.ai.language import step_match, write_odds
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


# The step named only by a person who opens a clause of their own, the reason: "Ti Paul gen
# youn li ban m gratis" (Ti Paul has one he gives me) is why the screen is not needed, not
# "Bring it to Ti Paul in Delmas" called off (z197). Nothing written.
PHONE = {"Fix my phone": ["Back up photos", "Buy a new screen", "Bring it to Ti Paul in Delmas"]}


async def test_a_skip_named_only_by_whom_the_reason_is_of_is_not_written(
    interpreter, ctx, store, db_path
):
    await plans_made(store, ME, PHONE)
    with unchanged(db_path):
        await interpreter.handle(
            "ekran an pa nesesè ankò, Ti Paul gen youn li ban m gratis 😁", ctx
        )


@pytest.mark.parametrize(
    "text, named",
    [
        ("ekran an pa nesesè ankò, Ti Paul gen youn li ban m gratis", True),
        ("no need for the screen anymore. Ti Paul has one", True),
        ("no need to bring it to Ti Paul anymore, fixed it myself", False),  # said where skipped
        ("Ti Paul not needed anymore, fixed it myself", False),  # (no clause before him)
    ],
)
def test_named_only_by_whom_the_rest_is_of(text, named):
    step = step_match.Candidate(
        1, "Fix my phone", 3, 3, PHONE["Fix my phone"][2], "pending", 1, True
    )
    assert step_statements.named_only_by_whom_the_rest_is_of(text, step) is named


# The step named only in why, the call-off said first in words the rules do not read:
# "zeitnehmung brauch ma ned" (timekeeping is not needed, z169), "nu mai strang eu banii de la
# baieti" (I no longer collect the money, z226), "la khassnich prof" (no teacher needed, z167).
# The clause that names the step calls nothing off: nothing written, the offer stands.
REASONS = [
    (
        {
            "Vereinsmeisterschaft": [
                "Ask Bergbahn for the slope",
                "Order Startnummern",
                "Find timekeeping",
            ]
        },
        "zeitnehmung brauch ma ned, bergbahn does it with their own anlage",
    ),
    (
        {"Ski trip to Straja": ["Rent ski gear", "Book the cabana", "Collect money from the guys"]},
        "nu mai strang eu banii de la baieti, am zis ca fiecare plateste direct la cabana. scap de grija",
    ),
    (
        {
            "Learn English for tourists": [
                "Download Duolingo",
                "Practise airport phrases",
                "Find a teacher",
            ]
        },
        "la khassnich prof, duolingo w the tourists enough for me. remove it",
    ),
]


@pytest.mark.parametrize("plans, text", REASONS)
async def test_a_skip_named_only_by_the_reason_is_not_written(
    interpreter, ctx, store, db_path, plans, text
):
    await plans_made(store, ME, plans)
    with unchanged(db_path):
        await interpreter.handle(text, ctx)


@pytest.mark.parametrize(
    "text, title, named",
    [
        (
            "zeitnehmung brauch ma ned, bergbahn does it with their own anlage",
            "Ask Bergbahn for the slope",
            True,
        ),
        (
            "la khassnich prof, duolingo w the tourists enough for me. remove it",
            "Download Duolingo",
            True,
        ),
        # the clause that names the step calls it off
        (
            "ok decision made, no bake sale table this year. rules got too crazy",
            "Set up the bake sale table",
            False,
        ),
        (
            "staying with octopus tbh, switching isnt worth the hassle rn",
            "Switch energy supplier",
            False,
        ),
        (
            "di guesthouse allow pets so Bruno di come wid we, scratch di dog sitter",
            "Find somebody to mind the dog",
            False,
        ),
        # named in the first clause
        ("bergbahn not needed, we do it ourselves", "Ask Bergbahn for the slope", False),
        # nothing said before it
        ("ok, bergbahn does it", "Ask Bergbahn for the slope", False),
    ],
)
def test_named_only_by_the_reason(text, title, named):
    step = step_match.Candidate(1, "Plan", 3, 1, title, "pending", 1, True)
    assert step_statements.named_only_by_the_reason(text, step) is named
