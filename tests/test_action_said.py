"""The action a piece of news says was done, weighed against the step it was read as
(drbot/ai/language/action_said.py): news whose verb is another open step's while the step its
things found does something else is asked about, that step or the one doing it, never written
(docs/UNDERSTANDING.md, "Which step: a learnt check").
"""

from __future__ import annotations

import pytest

from drbot.ai.language import action_said, step_odds
from drbot.ai.tools.question_answers import run_option
from tests import offline_rules as offline


def _plans(*plans: tuple[str, list[str]]) -> list:
    found, next_id = [], 1
    for number, (title, steps) in enumerate(plans, 1):
        rows = []
        for position, step in enumerate(steps, 1):
            rows.append({"id": next_id, "position": position, "title": step, "status": "pending"})
            next_id += 1
        found.append({"id": number, "title": title, "steps": rows})
    return found


CLAIM = _plans(
    ("Insurance claim", ["Find the policy number", "Call Sun Life", "Send the claim form"]),
    ("Telling people", ["Call his brother", "Email the golf club"]),
)
SURNAME = _plans(
    ("Change my surname", ["Tell the bank", "Change name with Revenue", "Tell my employer"])
)
LEASE = _plans(("Joint lease", ["Tell the landlord", "Add Priya to the lease", "Pay the bond"]))
FUNDRAISER = _plans(
    ("Base training", ["Swim 3 times a week", "Strength work twice a week"]),
    ("Sponsor page", ["Set up the GoFundMe", "Email the link to coworkers"]),
)


def _id(plans: list, title: str) -> int:
    return next(s["id"] for p in plans for s in p["steps"] if s["title"] == title)


# The action said (in its other words too) is another step's than the one the things found:
# (message, plans, the step the things found, the step doing what was said)
DOING_ANOTHER = (
    (
        "sun life claim form went in the mail yesterday",
        CLAIM,
        "Call Sun Life",
        "Send the claim form",
    ),
    ("posted the sun life claim form today", CLAIM, "Call Sun Life", "Send the claim form"),
    ("claim form for sun life is in the post", CLAIM, "Call Sun Life", "Send the claim form"),
    ("told HR about the name change", SURNAME, "Change name with Revenue", "Tell my employer"),
    (
        "let my boss know about the name change",
        SURNAME,
        "Change name with Revenue",
        "Tell my employer",
    ),
    (
        "texted the letting agent about Priya moving in",
        LEASE,
        "Add Priya to the lease",
        "Tell the landlord",
    ),
    (
        "messaged the agent about Priya moving in",
        LEASE,
        "Add Priya to the lease",
        "Tell the landlord",
    ),
    (
        "remind me to send the gofundme link to work next monday",
        FUNDRAISER,
        "Strength work twice a week",
        "Email the link to coworkers",
    ),
)

# Near misses: the chosen step does what was said, the verb is said by someone else or as a
# noun, or only a verb any step has is said
NEAR_MISSES = (
    ("rang sun life about the claim, on hold for an hour", CLAIM, "Call Sun Life"),
    ("sent the claim form by registered post", CLAIM, "Send the claim form"),
    ("told the bank about the new name", SURNAME, "Tell the bank"),
    ("got the name changed with revenue", SURNAME, "Change name with Revenue"),
    ("he texted back, Priya is on the lease now", LEASE, "Add Priya to the lease"),
    ("strength work done twice this week", FUNDRAISER, "Strength work twice a week"),
)


@pytest.mark.parametrize("text, plans, chosen, doing", DOING_ANOTHER)
def test_the_step_doing_the_action_said_is_found(text, plans, chosen, doing):
    found = action_said.other_doing_it(text, plans, _id(plans, chosen))
    assert found is not None and found[1]["title"] == doing


@pytest.mark.parametrize("text, plans, chosen, doing", DOING_ANOTHER)
def test_the_step_doing_the_action_said_is_asked_about(text, plans, chosen, doing):
    asked = step_odds.doubted(text, plans, 1, _id(plans, chosen))
    assert asked is not None
    assert not step_odds.sure_of(text, plans, 1, _id(plans, chosen))


@pytest.mark.parametrize("text, plans, chosen", NEAR_MISSES)
def test_a_step_doing_what_was_said_is_not_doubted_by_it(text, plans, chosen):
    assert action_said.other_doing_it(text, plans, _id(plans, chosen)) is None


@pytest.mark.parametrize(
    "text, acts",
    [
        ("claim form went in the mail", {"send"}),
        ("posted it yesterday", {"post"}),
        ("let the landlord know", {"tell"}),
        ("told HR", {"tell"}),
        ("rang them twice", {"call"}),
        ("doc signed the form", set()),
        ("got it sorted", set()),
    ],
)
def test_the_actions_said_are_the_verbs_surely_said(text, acts):
    assert action_said.acts_said(text) == acts


def test_a_role_names_the_step_of_its_person_first():
    # two steps tell someone; HR is the employer
    found = action_said.other_doing_it(
        "told HR about the name change", SURNAME, _id(SURNAME, "Change name with Revenue")
    )
    assert found is not None and found[1]["title"] == "Tell my employer"


# -- on a real database -------------------------------------------------------------

users, interpreter, context, ctx = offline.users, offline.interpreter, offline.context, offline.ctx

PLAN = "Change my surname: tell the bank, change name with Revenue, tell my employer"


async def _steps(store, ctx) -> dict[str, dict]:
    return {step["title"]: step for step in (await offline.plan(store, ctx))["steps"]}


async def test_news_whose_action_is_another_steps_is_asked_and_written_on_a_press(
    interpreter, ctx, store
):
    await interpreter.handle(PLAN, ctx)
    ctx.message = ""
    answer = await interpreter.handle(
        "told HR about the name change, they will sort my payslips from next month", ctx
    )
    steps = await _steps(store, ctx)
    # nothing written on the step of the thing…
    assert all(s["status"] == "pending" and not s["attempts"] for s in steps.values())
    assert answer.question is not None and "Nothing changed yet" in answer.text
    labels = [option.label for option in answer.question.options]
    # …the step doing what was said (its person named by a role) beside it
    assert labels == ["Change name with Revenue (step 2)", "Tell my employer (step 3)"]
    await run_option(interpreter.registry, answer.question.options[1], ctx)
    steps = await _steps(store, ctx)
    assert steps["Tell my employer"]["status"] != "pending" or steps["Tell my employer"]["attempts"]
    assert steps["Change name with Revenue"]["status"] == "pending"


async def test_news_doing_the_steps_own_action_is_never_asked_about_by_it(interpreter, ctx, store):
    await interpreter.handle(PLAN, ctx)
    ctx.message = ""
    await interpreter.handle("changed my name with revenue, all done online", ctx)
    steps = await _steps(store, ctx)
    assert steps["Change name with Revenue"]["status"] == "done"
    assert steps["Tell my employer"]["status"] == "pending"
