"""News whose kind the second reader is sure of but whose step it is not: the thing the
message names is one two open steps share ("the residential" of "Sign the residential trip
form" and "Pay for the trip on ParentPay"; "the figure" of two "Get … figure" steps), so the
menu of one step stays a menu, nothing written (step_statements.said_plainly's guard on the
step, ``step_odds.sure``). News of a step sure of both is still written (tests/
test_plain_news.py)."""

from __future__ import annotations

import pytest

from drbot.ai.language import action_said, step_odds
from tests.dbdump import unchanged
from tests.people import plans_made

ME = 1

PLANS = {
    "Isla's 8th birthday": [
        "Book the trampoline park",
        "Send the invites",
        "Order the unicorn cake",
        "Make party bags",
        "Get a present from us",
    ],
    "School bits": [
        "Sign the residential trip form",
        "Pay for the trip on ParentPay",
        "Buy new school shoes",
        "Book parents' evening slot",
    ],
    "Pension transfer": [
        "Get transfer value from Aviva",
        "Pick a QROPS super fund",
        "Fill in the transfer forms",
        "Get the forms witnessed",
    ],
    "Remortgage": [
        "Get payout figure from the bank",
        "Talk to a broker",
        "Gather three payslips",
        "Book the property valuation",
        "Sign the new loan docs",
    ],
}


async def _plans(store) -> None:
    await plans_made(store, ME, PLANS)


SHARED = [
    ("paid the residential on parentpay last night btw", "Sign the residential trip form"),
    ("residential sorted on parentpay last night", "Sign the residential trip form"),
    (
        "The figure's finally landed in my inbox, took three weeks",
        "Get payout figure from the bank",
    ),
]


@pytest.mark.parametrize("text, offered", SHARED)
async def test_news_of_a_shared_thing_stays_a_menu(interpreter, ctx, store, db_path, text, offered):
    await _plans(store)
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None and offered in answer.text, answer.text


@pytest.mark.parametrize("text, offered", SHARED)
async def test_without_the_guard_it_was_written(
    interpreter, ctx, store, monkeypatch, text, offered
):
    """The same messages with the check of which step always sure: written on the step
    offered — the menu above is the guard's doing, not another reading's. (The action said
    is another step's too for the first: "paid" on ParentPay is "Pay for the trip on ParentPay";
    that doubt is turned off here with the check's.)"""
    monkeypatch.setattr(step_odds, "SURE", -1.0)
    monkeypatch.setattr(action_said, "other_doing_it", lambda *_: None)
    await _plans(store)
    answer = await interpreter.handle(text, ctx)
    assert answer.question is None and offered in answer.text, answer.text


def _features(**given: float) -> dict[str, float]:
    base = {"best": 1.0, "others_with_those_things": 0.0}
    return {**base, **given}


@pytest.mark.parametrize(
    "features, odds, sure",
    [
        (_features(), 0.5, True),  # the best step, its things no other's
        (_features(others_with_those_things=1 / 3), 0.97, True),  # shared, but likely
        (_features(best=0.0), 0.96, True),
        (_features(others_with_those_things=1 / 3), 0.9, False),  # shared, not likely
        (_features(best=0.0), 0.6, False),  # another step named better
        (_features(best=0.0, others_with_those_things=2 / 3), 0.94, False),
    ],
)
def test_when_the_check_of_which_step_is_sure(features, odds, sure):
    assert step_odds.sure(features, odds) is sure
