"""A step said done or under way in its own verb or one of its family (language/own_verbs),
a kind of thing that fits two steps (thing_words.KINDS), a thing got off a website, and a
thing ordered whose arrival is told after: the readers on their declared tables, then the
rules on a real SQLite file."""

from __future__ import annotations

import pytest

from drbot.ai.language import intents, own_verbs, step_match, thing_words
from tests.conftest import START
from tests.dbdump import unchanged
from tests.offline_rules import add_plans, status_of

ME = 1


# -- the readers, on their tables -----------------------------------------------------


@pytest.mark.parametrize("text, title", own_verbs.DONE_EXAMPLES)
def test_a_step_said_done_in_its_own_verb(text, title):
    assert own_verbs.said_done(text, title)


@pytest.mark.parametrize("text, title", own_verbs.DONE_NEAR_MISSES)
def test_no_step_done_by_a_near_miss(text, title):
    assert not own_verbs.said_done(text, title)


@pytest.mark.parametrize("text, title", own_verbs.TITLE_SAID_DONE_EXAMPLES)
def test_a_steps_own_words_said_again_finished(text, title):
    assert own_verbs.title_said_done(text, title)


@pytest.mark.parametrize("text, title", own_verbs.TITLE_SAID_DONE_NEAR_MISSES)
def test_no_steps_own_words_said_finished_by_a_near_miss(text, title):
    assert not own_verbs.title_said_done(text, title)


@pytest.mark.parametrize("text, title", own_verbs.START_EXAMPLES)
def test_a_step_said_under_way_in_its_own_words(text, title):
    assert own_verbs.said_under_way(text, title)


@pytest.mark.parametrize("text, title", own_verbs.START_NEAR_MISSES)
def test_no_step_under_way_by_a_near_miss(text, title):
    assert not own_verbs.said_under_way(text, title)


@pytest.mark.parametrize("text, title", own_verbs.DOING_EXAMPLES)
def test_a_steps_own_doing_said_as_a_verb(text, title):
    assert own_verbs.doing_said(text, title)


@pytest.mark.parametrize("text, title", own_verbs.DOING_NEAR_MISSES)
def test_no_doing_said_by_a_near_miss(text, title):
    assert not own_verbs.doing_said(text, title)


@pytest.mark.parametrize(
    "verb, kin",
    [("confirm", "lock in"), ("submit", "send in"), ("write", "draft"), ("book", "reserve")],
)
def test_verbs_of_one_family(verb, kin):
    assert kin in own_verbs.family_of(verb)


@pytest.mark.parametrize(
    "text, kind",
    [
        ("picked up the paperwork from the vet", True),
        ("got all the documents from the solicitor", True),
        ("dropped the papers round to Jim", True),
        ("picked up the invoice from the vet", False),
        ("paid the vet", False),
    ],
)
def test_a_word_of_a_kind_of_thing(text, kind):
    assert bool(thing_words.kind_said(text)) is kind


@pytest.mark.parametrize(
    "text, download",
    [
        ("tried to get the licence form off the council site", True),
        ("got the form from the website", True),
        ("grabbed the template off the portal", True),
        ("got the form from the council office", False),
        ("got the form off Jim", False),
        ("got the tools from the building site", False),
    ],
)
def test_a_thing_got_off_a_website_is_downloaded(text, download):
    assert ("download" in step_match.content_stems(text)) is download


@pytest.mark.parametrize(
    "text, kind",
    [
        ("gasket ordered, arrives thurs", "done"),
        ("bought the tiles online, they arrive friday", "done"),
        ("the garage says the part arrives friday", "attempt"),
    ],
)
def test_a_thing_ordered_before_its_arrival_is_told(text, kind):
    st = intents.read_statement(text, START, "UTC")
    assert st is not None and st.kind == kind


# -- the rules, on a real database ----------------------------------------------------


SHOWCASE = {
    "Winter showcase": ["Book the Great Hall", "Confirm the DJ", "Open ticket sales"],
    "December rota": ["Collect holiday requests", "Draft the rota", "Hire a Christmas temp"],
    "Apply for the job": ["Update my CV", "Write the cover letter", "Submit the application"],
    "Agency work": ["Sign up with the agency", "Buy steel toe boots"],
    "Driving": ["Pass the theory test", "Book driving lessons"],
}


@pytest.mark.parametrize(
    "text, step, status",
    [
        ("DJ is locked in!! sid's cousin, £150 for the whole night", "Confirm the DJ", "done"),
        (
            "rota's drafted. took 3 hours and a bottle of red but it's done",
            "Draft the rota",
            "done",
        ),
        ("Signed up for the agency today, all good", "Sign up with the agency", "done"),
        ("Aoife passed her theory test!!! first go too", "Pass the theory test", "done"),
        ("rota's drafted finally, pinned it up", "Draft the rota", "done"),
        (
            "working on the cover letter tonight, pretty rough so far",
            "Write the cover letter",
            "in_progress",
        ),
        (
            "interviewing for the xmas temp today, 4 lined up",
            "Hire a Christmas temp",
            "in_progress",
        ),
    ],
)
async def test_a_step_said_in_its_own_verb_is_written(interpreter, ctx, store, text, step, status):
    """Where a menu "Is this about …?" was asked, the step's own verb (or one of its family)
    said finished or under way writes it, when no other open step fits."""
    await add_plans(store, SHOWCASE)
    await interpreter.handle(text, ctx)
    assert await status_of(store, step) == status


@pytest.mark.parametrize(
    "text, step, never",
    [
        ("haven't drafted the rota yet", "Draft the rota", "done"),
        ("will be working on the cover letter tomorrow", "Write the cover letter", "in_progress"),
        ("tried to lock in the DJ but he's away", "Confirm the DJ", "done"),
    ],
)
async def test_a_near_miss_of_its_own_verb_writes_no_status(
    interpreter, ctx, store, text, step, never
):
    await add_plans(store, SHOWCASE)
    await interpreter.handle(text, ctx)
    assert await status_of(store, step) != never


MOVING = {
    "Moving out": ["Give notice to the landlord", "Make the dentist appointment", "Book a van"],
    "Errands": ["Go to the bank", "Buy milk"],
}


@pytest.mark.parametrize(
    "text, step",
    [
        ("gave notice to the landlord", "Give notice to the landlord"),
        ("made the dentist appointment this morning", "Make the dentist appointment"),
        # read as a visit, a try, before: the step's own going, said whole, is the step done
        ("went to the bank", "Go to the bank"),
    ],
)
async def test_a_steps_own_words_said_again_finished_write_it_done(
    interpreter, ctx, store, text, step
):
    """The step's own words again with its verb finished ("gave notice to the landlord") is a
    done as plain as a mark, even for a verb any step may have and whatever the second
    reader's odds (it read 0.82 and 0.11 for done): no "Is this about …?" menu."""
    await add_plans(store, MOVING)
    await interpreter.handle(text, ctx)
    assert await status_of(store, step) == "done"


@pytest.mark.parametrize(
    "text",
    [
        "gave notice to the council",
        "give notice to the landlord",
        "tried to give notice to the landlord",
    ],
)
async def test_a_near_miss_of_a_steps_own_words_writes_no_done(interpreter, ctx, store, text):
    await add_plans(store, MOVING)
    await interpreter.handle(text, ctx)
    assert await status_of(store, "Give notice to the landlord") != "done"


async def test_a_going_with_how_it_went_stays_a_try(interpreter, ctx, store):
    await add_plans(store, MOVING)
    await interpreter.handle("went to the bank but it was closed", ctx)
    assert await status_of(store, "Go to the bank") == "in_progress"


async def test_its_own_verb_with_two_steps_of_the_family_is_asked(interpreter, ctx, store, db_path):
    """Two open steps of the same verb family, the message naming neither's thing: which is
    asked, never picked."""
    await add_plans(store, {"Party": ["Confirm the DJ", "Book the caterer", "Send invites"]})
    with unchanged(db_path):
        answer = await interpreter.handle("all locked in!!", ctx)
    assert "Nothing changed" in answer.text or answer.question is not None, answer.text


async def test_paperwork_that_fits_two_steps_is_asked(interpreter, ctx, store, db_path):
    await add_plans(
        store,
        {
            "Move Mochi to Canada": ["Get the microchip checked", "Get the health certificate"],
            "Pet insurance claim": ["Get the invoice from the vet", "Fill in the claim form"],
        },
    )
    with unchanged(db_path):
        answer = await interpreter.handle("picked up the paperwork from the vet", ctx)
    assert answer.question is not None, answer.text
    labels = " ".join(o.label for o in answer.question.options)
    assert "Get the invoice from the vet" in labels and "Get the health certificate" in labels


async def test_a_form_got_off_a_website_is_the_download_step(interpreter, ctx, store):
    await add_plans(
        store,
        {
            "Premises licence renewal": [
                "Download the licence form",
                "Pay the council fee",
                "Send the form to the council",
            ]
        },
    )
    await interpreter.handle(
        "tried to get the licence form off the council site but it's down AGAIN ffs", ctx
    )
    assert await status_of(store, "Download the licence form") == "in_progress"
    assert await status_of(store, "Send the form to the council") == "pending"


async def test_a_thing_ordered_is_done_though_it_has_not_arrived(interpreter, ctx, store):
    await add_plans(
        store,
        {"Fix the espresso machine": ["Call the technician", "Order a new group gasket"]},
    )
    await interpreter.handle("gasket ordered, arrives thurs", ctx)
    assert await status_of(store, "Order a new group gasket") == "done"


@pytest.mark.parametrize("text, title", own_verbs.MET_EXAMPLES)
def test_a_talk_said_done_by_the_meeting(text: str, title: str) -> None:
    assert own_verbs.said_met(text, title)
    assert own_verbs.said_finished(text, title)


@pytest.mark.parametrize("text, title", own_verbs.MET_NEAR_MISSES)
def test_no_talk_said_done_by_the_meeting(text: str, title: str) -> None:
    assert not own_verbs.said_met(text, title)


@pytest.mark.parametrize("text, title", own_verbs.FINISHED_NEAR_MISSES)
def test_one_go_of_many_is_not_said_finished(text: str, title: str) -> None:
    assert not own_verbs.said_finished(text, title)


@pytest.mark.parametrize("text, title", own_verbs.REACHED_EXAMPLES)
def test_a_call_made_and_answered_is_said_finished(text: str, title: str) -> None:
    assert own_verbs.said_reached(text, title)
    assert own_verbs.said_finished(text, title)


@pytest.mark.parametrize("text, title", own_verbs.REACHED_NEAR_MISSES)
def test_a_call_unanswered_or_put_off_is_not_reached(text: str, title: str) -> None:
    assert not own_verbs.said_reached(text, title)


async def test_a_call_answered_is_never_written_as_a_try(interpreter, ctx, store):
    """A call made and answered ("emailed the landlord, he said fine by him" for "Email the
    landlord"): the step's own
    action made and answered is no try in progress; it is done, or offered as done."""
    await add_plans(store, {"Paint the lounge": ["Email the landlord", "Buy the paint"]})
    answer = await interpreter.handle("emailed the landlord, he said fine by him", ctx)
    status = await status_of(store, "Email the landlord")
    if status != "done":
        assert status == "pending", status
        assert answer.question is not None, answer.text
        assert answer.question.options[0].label == "Done", answer.question


@pytest.mark.parametrize("text, title, other", step_match.OTHERS_VERB_EXAMPLES)
def test_the_action_of_another_step(text: str, title: str, other: str) -> None:
    assert step_match.does_the_others_verb(text, title, other)


@pytest.mark.parametrize("text, title, other", step_match.OTHERS_VERB_NEAR_MISSES)
def test_no_action_of_another_step(text: str, title: str, other: str) -> None:
    assert not step_match.does_the_others_verb(text, title, other)


async def test_a_step_sharing_only_a_name_with_the_action_done_is_asked(
    interpreter, ctx, store, db_path
):
    """ "tried signing up with povo" found "Compare ahamo and povo" by the name; the action
    done is "Sign up for new plan": which is asked, nothing written on the name alone."""
    await add_plans(
        store,
        {"Switch phone plan": ["Compare ahamo and povo", "Get MNP number", "Sign up for new plan"]},
    )
    with unchanged(db_path):
        answer = await interpreter.handle(
            "tried signing up with povo last night but the site wouldn't take my card", ctx
        )
    assert answer.question is not None, answer.text
    labels = " ".join(o.label for o in answer.question.options)
    assert "Sign up for new plan" in labels and "Compare ahamo and povo" in labels


async def test_someone_got_through_to_is_called_not_got(interpreter, ctx, store, db_path):
    """Someone got through to ("got thru to boots") is reached by phone: the call steps are
    asked about, never a step of getting something."""
    await add_plans(
        store,
        {
            "Insulin pump": ["Get the prescription renewed", "Call pharmacy about pods"],
            "Sensors": ["Call pharmacy about sensor backorder", "Get test strips"],
        },
    )
    with unchanged(db_path):
        answer = await interpreter.handle("finally got thru to boots, all sorted 👍", ctx)
    assert answer.question is not None, answer.text
    labels = " ".join(o.label for o in answer.question.options)
    assert "Call pharmacy about pods" in labels, labels
    assert "Call pharmacy about sensor backorder" in labels, labels


async def test_a_step_someone_else_takes_on_so_no_bother_is_skipped(interpreter, ctx, store):
    await add_plans(store, {"Flat inspection": ["Clean the oven", "Clear the gutter"]})
    await interpreter.handle("landlord says the gutter is his job so I don't have to bother", ctx)
    assert await status_of(store, "Clear the gutter") == "skipped"


# -- a container said full: the one step that fills it (z223, z259, z273, z274) ----------


@pytest.mark.parametrize("text", own_verbs.FULL_EXAMPLES)
def test_a_container_said_full(text):
    assert own_verbs.container_said_full(text)


@pytest.mark.parametrize("text", own_verbs.FULL_NEAR_MISSES)
def test_no_container_full_by_a_near_miss(text):
    assert own_verbs.container_said_full(text) is None


BOXES = {
    "Christmas box to Panama": ["Buy the big box", "Fill it with gifts", "Send tracking to mami"],
    "Send a barrel home": ["Buy the barrel", "Pack clothes and groceries", "Book the shipper"],
    "Trip home": ["Book flight to Tocumen", "Pack the suitcase"],
}


@pytest.mark.parametrize(
    "text, step",
    [
        (
            "box is packed to the top lol couldnt fit another toy in there 📦😅",
            "Fill it with gifts",
        ),
        (
            "barrel pack to the top 😅 couldn't fit one more tin of carnation. rice, oil, "
            "saltfish, clothes for the kids, all in",
            "Pack clothes and groceries",
        ),
        ("barrel is FULL!! tinned fish, noodles, sugar, flour", "Pack clothes and groceries"),
        ("the box is stuffed to the brim now", "Fill it with gifts"),
    ],
)
async def test_a_container_said_full_finishes_the_step_that_fills_it(
    interpreter, ctx, store, text, step
):
    """A container said full — "full", packed or stuffed to the top or the brim, with how
    full after it ("couldnt fit another toy") — is the one open step of filling of the plan
    that names the container done, whether its title names the container, "it" or what goes
    in; never a plan of what went in, never a try that failed."""
    await add_plans(store, BOXES)
    await interpreter.handle(text, ctx)
    assert await status_of(store, step) == "done"


@pytest.mark.parametrize(
    "text",
    [
        "barrel isn't full yet, still the rice to go",
        "barrel nearly full, just the rice to go",
        "is the box full?",
        "the shipper's place is full up till monday",
    ],
)
async def test_a_container_not_said_full_finishes_nothing(interpreter, ctx, store, text):
    await add_plans(store, BOXES)
    await interpreter.handle(text, ctx)
    assert await status_of(store, "Pack clothes and groceries") != "done"
    assert await status_of(store, "Fill it with gifts") != "done"


async def test_a_container_two_filling_steps_share_is_not_guessed(interpreter, ctx, store):
    """Two open steps of filling in the plan that names the container: neither is written."""
    await add_plans(
        store, {"Send a barrel home": ["Buy the barrel", "Fill it with food", "Pack the clothes"]}
    )
    await interpreter.handle("barrel is packed to the brim", ctx)
    assert await status_of(store, "Fill it with food") != "done"
    assert await status_of(store, "Pack the clothes") != "done"
