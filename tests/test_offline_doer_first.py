"""Someone else who did it, said first (language/other_names.doer_first): who they are names
no step, the words of their start do ("my brother in law started on the fan this morning"
with "Invite the in-laws" and "Replace the extractor fan", z270; z105, z51). The reader on its
table, then the rules on a real SQLite file."""

from __future__ import annotations

import pytest

from drbot.ai.language import other_names
from tests.dbdump import unchanged
from tests.offline_rules import add_plans, status_of

ME = 1


@pytest.mark.parametrize("text, thing", other_names.DOER_FIRST_EXAMPLES)
def test_someone_else_who_did_it_said_first(text, thing):
    found = other_names.doer_first(text)
    assert found is not None and thing in found[1]


@pytest.mark.parametrize("text", other_names.DOER_FIRST_NEAR_MISSES)
def test_no_doer_said_first_by_a_near_miss(text):
    assert other_names.doer_first(text) is None


HOUSE = {
    "Redo the bathroom": ["Choose the tiles", "Replace the extractor fan"],
    "Christmas lunch": ["Buy the turkey", "Invite the in-laws"],
    "Ramp for the house": ["Get a contractor quote", "Build the ramp at the front door"],
}


@pytest.mark.parametrize(
    "text, step",
    [
        (
            "my brother in law started on the fan this morning, half the ceiling is open now",
            "Replace the extractor fan",
        ),
        (
            "contractor started on the ramp this morning, bising gila 😵",
            "Build the ramp at the front door",
        ),
        ("the contractor has started on the ramp", "Build the ramp at the front door"),
    ],
)
async def test_a_start_said_by_who_did_it_is_the_step_its_words_name(
    interpreter, ctx, store, text, step
):
    """The step only the doer's words name ("Invite the in-laws", "Get a contractor quote")
    is never the one begun; the one their start names is."""
    await add_plans(store, HOUSE)
    await interpreter.handle(text, ctx)
    assert await status_of(store, step) == "in_progress"
    assert await status_of(store, "Invite the in-laws") == "pending"


@pytest.mark.parametrize(
    "text",
    [
        "my brother in law will start on the fan tomorrow",  # a will: nothing begun
        "my brother in law is coming for lunch",  # no start at all
    ],
)
async def test_no_step_begun_by_a_near_miss(interpreter, ctx, store, db_path, text):
    await add_plans(store, HOUSE)
    with unchanged(db_path):
        await interpreter.handle(text, ctx)
