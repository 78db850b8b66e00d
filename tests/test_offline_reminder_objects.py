"""Which step a "remind me …" is about, on a real SQLite file through the built-in rules: the
object of the reminder weighed against each open step's words. An object that names a thing
of one step while another fits best ("the ski lessons" with "Rent skis" and "Sign the kids up
for ESF lessons") is asked, never guessed; what the object is for, when or why ("for Autohaus
Berger", "when ka yan drive me …"), and whose it is ("Sarah's"), names no rival; nor does a
thing of a step whose action is not the one the reminder asks ("collecting my isiagu" is "Pick
up from tailor", not "Measure for isiagu").
"""

from __future__ import annotations

import pytest

from drbot.ai.rules import step_statements
from tests.dbdump import unchanged

ME = 1


async def _world(store, ctx, title: str, steps: list[str]) -> None:
    await store.create_plan(ME, "Renew my passport", steps=["Get photos", "Fill in the form"])
    ctx.current_plan_id = await store.create_plan(ME, title, steps=steps)


async def _waiting(store, ctx) -> dict[str, str | None]:
    plan = await store.get_plan(ME, ctx.current_plan_id)
    return {s["title"]: s["wait_until"] for s in plan["steps"]}


# START is Monday 2 March 2026: "monday" is the 9th, "tonight" the 2nd.
@pytest.mark.parametrize(
    ("text", "title", "steps", "meant", "day"),
    [
        (
            "remind me about the ski lessons on monday, it's payday",
            "Ski week",
            ["Book the chalet", "Rent skis", "Sign the kids up for ESF lessons"],
            "Sign the kids up for ESF lessons",
            "2026-03-09",
        ),
        (
            "Please remind me on Monday about the offer for Autohaus Berger.",
            "Sponsor for new Trikots",
            ["Call Autohaus Berger", "Send sponsor offer", "Get logo file"],
            "Send sponsor offer",
            "2026-03-09",
        ),
        (
            "remind me to call Marcia bout the barrel tonight, she work late",
            "Send barrel home",
            ["Fill up the barrel", "Book the shipping", "Tell Marcia to collect it"],
            "Tell Marcia to collect it",
            "2026-03-02",
        ),
    ],
)
async def test_a_reminder_naming_a_thing_of_another_step_is_asked(
    interpreter, ctx, store, db_path, text, title, steps, meant, day
):
    await _world(store, ctx, title, steps)
    with unchanged(db_path):
        answer = await interpreter.handle(text, ctx)
    assert answer.question is not None, answer.text
    labels = [option.label for option in answer.question.options]
    assert any(meant in label for label in labels), labels
    chosen = next(o for o in answer.question.options if meant in o.label)
    for name, args in chosen.calls:
        await interpreter.call(ctx, name, args)
    assert (await _waiting(store, ctx))[meant].startswith(day)


# Near misses: the reminder's object is the step's alone; the wait is written at once.
@pytest.mark.parametrize(
    ("text", "title", "steps", "meant", "day"),
    [
        (
            # the isiagu is another step's, but collecting is "Pick up"'s action
            "remind me about collecting my isiagu from the tailor sunday evening, "
            "he said e go ready by then",
            "Christmas clothes",
            ["Measure for isiagu", "Buy the fabric", "Pick up from tailor"],
            "Pick up from tailor",
            "2026-03-08",
        ),
        (
            # "for the gemeente" is what it is for, not a rival
            "can you remind me friday to get my passport and the contract together for the "
            "gemeente",
            "Register in Utrecht",
            ["Book a gemeente appointment", "Bring passport and contract"],
            "Bring passport and contract",
            "2026-03-06",
        ),
        (
            # whose the references are names no rival: "Trial day with Sarah" waits not
            "remind me tomorrow to chase Sarah's references",
            "Hire a barista",
            ["Post the job ad", "Check references", "Trial day with Sarah"],
            "Check references",
            "2026-03-03",
        ),
    ],
)
async def test_a_reminder_whose_object_is_one_step_s_waits(
    interpreter, ctx, store, text, title, steps, meant, day
):
    await _world(store, ctx, title, steps)
    answer = await interpreter.handle(text, ctx)
    assert answer.question is None, answer.text
    waits = await _waiting(store, ctx)
    assert (waits[meant] or "").startswith(day), (answer.text, waits)
    assert [t for t, w in waits.items() if w] == [meant]


# A wait's thing said as a noun that is also a light verb ("the sign", "contract stuff": the
# matchers weigh "sign" as a verb and "contract" as "contact") is the thing of the one open
# step whose title has it after its verb; z114 and z222 were told "Which step? Name it".
@pytest.mark.parametrize(
    ("text", "steps", "meant", "day"),
    [
        (
            "the sign can wait till the 13th, remind me then",
            ["Rent the garage", "Buy the tire changer", "Put up a sign"],
            "Put up a sign",
            "2026-03-13",
        ),
        (
            "contract stuff can wait till monday, remind me then",
            ["Post the job ad", "Run trial shifts", "Sort the contract"],
            "Sort the contract",
            "2026-03-09",
        ),
    ],
)
async def test_a_wait_on_a_noun_that_is_also_a_verb_waits_its_step(
    interpreter, ctx, store, text, steps, meant, day
):
    await _world(store, ctx, "Open the shop", steps)
    await interpreter.handle(text, ctx)
    waiting = await _waiting(store, ctx)
    assert (waiting[meant] or "").startswith(day), waiting
    assert all(w is None for title, w in waiting.items() if title != meant), waiting


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        # a verb of "it": no thing, the step at hand or "which step?"
        ("sign it friday", ["Sign the lease", "Put up a sign"]),
        # two steps have the thing: asked, never one of them guessed
        ("the sign can wait till friday", ["Paint the sign", "Put up a sign"]),
    ],
)
async def test_a_verb_or_a_shared_noun_waits_no_step_of_its_own(
    interpreter, ctx, store, db_path, text, steps
):
    await _world(store, ctx, "Open the shop", steps)
    with unchanged(db_path):
        await interpreter.handle(text, ctx)


def _one_step(title: str) -> list[dict]:
    return [
        {
            "id": 1,
            "title": "Plan",
            "steps": [{"id": 7, "title": title, "status": "pending", "position": 1}],
        }
    ]


@pytest.mark.parametrize(("said", "title"), step_statements.SAID_AS_A_THING_EXAMPLES)
def test_a_noun_said_is_the_thing_of_its_step(said, title):
    words = " ".join(w for w in said.split() if w in ("sign", "contract", "stuff"))
    assert [c.title for c in step_statements.said_as_a_thing(words, said, _one_step(title))] == [
        title
    ]


@pytest.mark.parametrize(("said", "title"), step_statements.SAID_AS_A_THING_NEAR_MISSES)
def test_a_verb_said_is_no_thing_of_a_step(said, title):
    words = " ".join(w for w in said.split() if w in ("sign", "call"))
    assert step_statements.said_as_a_thing(words, said, _one_step(title)) == []
