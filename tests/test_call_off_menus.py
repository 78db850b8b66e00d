"""A step called off in any words, offered when no reading wrote anything (rules/call_off_menus).

The messages are phrased unlike any corpus case: the reading is of a class (words that
call a thing off, before or after it), so new words of the same class must be read too.
"""

from __future__ import annotations

import pytest

from drbot.ai.language import call_offs, replacements
from drbot.ai.rules import call_off_menus
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.offline_answer import OfflineAnswer
from tests.conftest import RULES_PERSON
from tests.dbdump import unchanged

# the person the shared ``interpreter`` and ``ctx`` fixtures act as (tests/conftest.py)
ME = RULES_PERSON
PARTY = (
    "birthday party: book the magician, order the balloons, buy party favours, hire a bouncy castle"
)


@pytest.fixture
async def party(interpreter, ctx, store):
    answer = await interpreter.handle(PARTY, ctx)
    assert answer.understood, answer.text
    return await store.get_plan(ME, ctx.current_plan_id)


async def press(interpreter, ctx, option) -> None:
    for name, args in option.calls:
        await interpreter.call(ctx, name, args)


def status(plan, word: str) -> str:
    return next(s["status"] for s in plan["steps"] if word in s["title"].lower())


@pytest.mark.parametrize(("text", "first"), call_offs.EXAMPLES)
def test_the_words_that_call_a_thing_off(text, first):
    assert call_offs.called_off(text)[0] == first


@pytest.mark.parametrize("text", call_offs.NEAR_MISSES)
def test_words_that_call_nothing_off(text):
    assert call_offs.called_off(text) == ()


@pytest.mark.parametrize(
    "text",
    [
        "bouncy castle doesnt apply, the hall has a low ceiling",
        "leave the balloons, the venue decorates anyway",
        "not fussed about the balloons anymore tbh",
        "the kids say no bouncy castle this yr, they'd rather have a disco",
    ],
)
async def test_a_step_called_off_is_offered_as_a_skip_and_written_on_a_press(
    interpreter, ctx, store, db_path, party, text
):
    """No reading writes these; the step they call off is offered [Skip it] [Just note it]
    (never "didn't understand"), and the press skips it."""
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None, answer.text
    assert "Nothing changed yet." in answer.text
    labels = [o.label for o in answer.question.options]
    assert "Skip it" in labels and "Just note it" in labels, labels
    skip = next(o for o in answer.question.options if o.label == "Skip it")
    await press(interpreter, ctx, skip)
    after = await store.get_plan(ME, ctx.current_plan_id)
    skipped = [s["title"] for s in after["steps"] if s["status"] == "skipped"]
    assert len(skipped) == 1 and any(w in skipped[0].lower() for w in ("balloon", "castle"))


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        (
            "the bouncy castle isn't happening. instead I'll rent a karaoke machine and then "
            "make a playlist",
            ["Rent a karaoke machine", "Make a playlist"],
        ),
        (
            "sis says swap the party favours for a sweet jar and a sticker sheet instead",
            ["Buy a sweet jar", "Buy a sticker sheet"],
        ),
        # no "instead": what the person will do, said after what is called off, comes instead
        (
            "the kids say I dont need to hire a bouncy castle after all I just need to rent a "
            "karaoke machine and then make a playlist",
            ["Rent a karaoke machine", "Make a playlist"],
        ),
        (
            "not hiring a bouncy castle. I'll rent a karaoke machine and if it rains I'll make a "
            "playlist",
            ["Rent a karaoke machine", "Make a playlist"],
        ),
    ],
)
async def test_a_step_called_off_with_what_comes_instead_is_offered_replaced(
    interpreter, ctx, store, db_path, party, text, steps
):
    """What comes instead is read after the last "instead" (or as the things swapped in,
    which take the verb of the step they replace); the Replace button does exactly that."""
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None, answer.text
    assert answer.text.startswith("Replace “"), answer.text
    assert [o.label for o in answer.question.options][:3] == ["Replace", "Skip it", "Just note it"]
    await press(interpreter, ctx, answer.question.options[0])
    after = await store.get_plan(ME, ctx.current_plan_id)
    titles = [s["title"] for s in after["steps"] if s["status"] != "skipped"]
    assert all(step in titles for step in steps), titles
    assert len(after["steps"]) == len(party["steps"]) + 1


@pytest.mark.parametrize(("text", "steps", "things"), call_offs.INSTEAD_EXAMPLES)
def test_what_comes_instead(text, steps, things):
    assert call_offs.instead_steps(text) == (list(steps), things)


@pytest.mark.parametrize("text", call_offs.INSTEAD_NEAR_MISSES)
def test_no_steps_come_instead(text):
    assert call_offs.instead_steps(text) == ([], False)


@pytest.mark.parametrize(
    "text",
    [
        "should I drop the balloons?",
        "if the hall says no, forget the bouncy castle",
        "no worries, the magician called back",
        "maybe no balloons this year",
    ],
)
async def test_a_call_off_asked_or_supposed_gets_no_skip(interpreter, ctx, store, party, text):
    answer = await interpreter.handle(text, ctx)
    after = await store.get_plan(ME, ctx.current_plan_id)
    assert not any(s["status"] == "skipped" for s in after["steps"])
    options = answer.question.options if answer.question is not None else ()
    assert not any(args.get("status") == "skipped" for o in options for _, args in o.calls), (
        answer.text
    )


async def test_a_call_off_naming_no_step_is_not_offered(interpreter, ctx, db_path, party):
    with unchanged(db_path):
        answer = await interpreter.handle("no dessert this yr, everyone is on a diet", ctx)
    assert answer.question is None or not answer.text.startswith("Skip “"), answer.text


async def test_in_hybrid_mode_a_call_off_goes_to_the_model(interpreter, ctx, db_path, party):
    with unchanged(db_path):
        answer = await interpreter.handle(
            "leave the balloons, the venue decorates anyway", ctx, sure_only=True
        )
    assert answer is None


def test_a_menu_already_offered_on_the_same_step_keeps_its_other_buttons():
    """The call-off menu comes first; a status menu's Done on the same step stays after it,
    its note (already "Just note it") and a Yes (meaningless under another question) do not,
    and nothing on another step is added."""
    skip = Option("Skip it", (("update_plan_step", {"step_id": 7, "status": "skipped"}),))
    note = Option("Just note it", (("update_plan_step", {"step_id": 7, "attempt_outcome": "x"}),))
    offered = OfflineAnswer(
        "Skip “Fix the horn”?", True, Question("Skip “Fix the horn”?", (skip, note))
    )
    done = Option("Done", (("update_plan_step", {"step_id": 7, "status": "done"}),))
    yes = Option("Yes", (("update_plan_step", {"step_id": 7, "attempt_outcome": "y"}),))
    other = Option("Done: other", (("update_plan_step", {"step_id": 8, "status": "done"}),))
    before = OfflineAnswer(
        "Is this about …?", True, Question("Is this about …?", (done, yes, other))
    )
    labels = [o.label for o in call_off_menus.merged(offered, before).question.options]
    assert labels == ["Skip it", "Just note it", "Done"]
    assert call_off_menus.merged(offered, None) is offered


@pytest.mark.parametrize(("steps", "kept"), replacements.REAL_STEPS_EXAMPLES)
def test_new_steps_that_are_no_step_are_left_out(steps, kept):
    assert replacements.real_steps(list(steps)) == list(kept)


@pytest.mark.parametrize("steps", replacements.REAL_STEPS_KEPT)
def test_new_steps_that_are_steps_stay(steps):
    assert replacements.real_steps(list(steps)) == list(steps)


async def test_a_replacement_said_outright_leaves_out_what_is_no_step(
    interpreter, ctx, store, party
):
    """ "… then go to the party shop and do it there": the new steps are the two to do. Once
    offered; "change on the favours - …" marks the change outright (round 31), so written."""
    answer = await interpreter.handle(
        "change on the favours - mum now wants me to order them online, then go to the "
        "party shop and do it there",
        ctx,
    )
    assert answer.question is None, answer.text
    titles = [s["title"] for s in (await store.get_plan(ME, ctx.current_plan_id))["steps"]]
    assert "Order them online" in titles and "Go to the party shop" in titles, titles
    assert "Do it there" not in titles, titles


@pytest.mark.parametrize(
    "text",
    ["ditch the half, my knees aren't up to it", "forget the half, not fit enough this year"],
)
async def test_a_thing_called_off_is_a_thing_whatever_word_it_is(interpreter, ctx, db_path, text):
    """ "the half" is how far a step has got to the matcher; called off, it is a thing, and
    the one open step whose title has it is offered."""
    await interpreter.handle("autumn running: enter the half at Bath, do the long runs", ctx)
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.text.startswith("Skip “Enter the half at Bath”?"), answer.text


async def test_a_change_said_of_a_step_with_nothing_to_do_instead_is_offered(
    interpreter, ctx, db_path, party
):
    """ "change of plan on X" with no new step of the person's: X's step is offered, never
    "didn't understand"."""
    with unchanged(db_path):
        answer = await interpreter.handle(
            "change of plan on the magician, uncle joe wants to do tricks. he's practising already",
            ctx,
        )
    assert answer.text.startswith("Skip “Book the magician”?"), answer.text
