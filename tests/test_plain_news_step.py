"""News whose kind the second reader is sure of but whose step it is not: the thing the
message names is one two open steps share ("the residential" of "Sign the residential trip
form" and "Pay for the trip on ParentPay"; "the figure" of two "Get … figure" steps), so the
menu of one step stays a menu, nothing written (step_statements.said_plainly's guard on the
step, ``step_odds.sure``). The same news where one step alone has that thing is written; news
of a step sure of both is written too (tests/test_plain_news.py)."""

from __future__ import annotations

import pytest

from drbot.ai.language import step_odds
from tests.dbdump import unchanged
from tests.people import plans_made, step_titled

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


# The same news where one step alone has the thing it names: written on that step. The menus
# above are the doubt about which step, not a doubt about the news.
NAMED_BY_ONE = [
    (
        {"School bits": PLANS["School bits"][:1] + PLANS["School bits"][2:]},
        "residential sorted on parentpay last night, all done",
        "Sign the residential trip form",
    ),
    (
        {
            "Pension transfer": PLANS["Pension transfer"][:2],
            "Remortgage": PLANS["Remortgage"][:2],
        },
        "The figure's finally landed in my inbox, took three weeks",
        "Get payout figure from the bank",
    ),
]


@pytest.mark.parametrize("plans, text, title", NAMED_BY_ONE)
async def test_news_of_a_thing_one_step_has_is_written(interpreter, ctx, store, plans, text, title):
    await plans_made(store, ME, plans)
    answer = await interpreter.handle(text, ctx)
    assert answer.question is None, answer.text
    assert (await step_titled(store, ME, title))["status"] == "done"


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


# News the second reader and the check of which step are sure of, on a menu offered for a
# step the words do not name by its own words (``own_things.names_step``): a word any step
# may have ("new" of "Upload new photos"), or the step's thing said as a verb ("posted" of
# "Redirect the post"). The menu stays; nothing written.
LOOSE = [
    (
        {
            "Grab food listing fix": [
                "Update menu prices on Grab",
                "Upload new photos",
                "Call Grab merchant support",
            ],
            "Kitchen repairs": ["Replace the fridge seal", "Unclog the sink"],
        },
        "new rubber on the tủ lạnh door is on, no more water dripping on the floor",
        "Upload new photos",
    ),
    (
        {
            "Mum's probate": ["Value the house", "Fill in the IHT forms", "Apply for probate"],
            "Close Mum's accounts": [
                "Close the Nationwide account",
                "Cancel the phone contract",
                "Redirect the post",
            ],
        },
        "IHT400 finally filled in and posted. forty odd pages. I need a gin",
        "Redirect the post",
    ),
]


@pytest.mark.parametrize("plans, text, title", LOOSE)
async def test_news_not_naming_the_steps_own_words_is_not_written(
    interpreter, ctx, store, plans, text, title
):
    await plans_made(store, ME, plans)
    await interpreter.handle(text, ctx)
    assert (await step_titled(store, ME, title))["status"] == "pending"


# The same news on a step whose own words it says ("rubber", "IHT400"): written.
OWN_WORDS = [
    (
        {
            "Grab food listing fix": LOOSE[0][0]["Grab food listing fix"],
            "Kitchen repairs": ["Replace the fridge door rubber", "Unclog the sink"],
        },
        LOOSE[0][1],
        "Replace the fridge door rubber",
    ),
    (
        {
            "Mum's probate": ["Value the house", "Apply for probate"],
            "Close Mum's accounts": [
                "Close the Nationwide account",
                "Cancel the phone contract",
                "Post the IHT400",
            ],
        },
        LOOSE[1][1],
        "Post the IHT400",
    ),
]


@pytest.mark.parametrize("plans, text, title", OWN_WORDS)
async def test_news_naming_the_steps_own_words_is_written(
    interpreter, ctx, store, plans, text, title
):
    await plans_made(store, ME, plans)
    await interpreter.handle(text, ctx)
    assert (await step_titled(store, ME, title))["status"] == "done"


# Money moved with the step's own verb, when the step pays nothing: "transferred the RM3.6k to
# landlord liao" is a payment, no "Transfer Unifi line" done (z194). Never written; the same
# verb on the step's own thing is.
CONDO = {
    "Move to Cheras condo": ["Pay deposit", "Book lorry", "Transfer Unifi line", "Collect keys"],
}


@pytest.mark.parametrize(
    "text",
    [
        "transferred the RM3.6k to landlord liao, he whatsapp me the receipt. bye bye savings 🥲",
        "transferred $500 to my sister this morning, she owes me now",
    ],
)
async def test_money_moved_by_the_steps_verb_is_no_step_done(interpreter, ctx, store, text):
    await plans_made(store, ME, CONDO)
    await interpreter.handle(text, ctx)
    assert (await step_titled(store, ME, "Transfer Unifi line"))["status"] == "pending"


async def test_the_steps_verb_on_its_own_thing_is_written(interpreter, ctx, store):
    await plans_made(store, ME, CONDO)
    await interpreter.handle("transferred the unifi line to the new condo, technician came", ctx)
    assert (await step_titled(store, ME, "Transfer Unifi line"))["status"] == "done"
