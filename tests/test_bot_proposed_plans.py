"""A newcomer's plan whose reading was in doubt, shown as read with Yes / No buttons: through
the real Application against the fake Bot API over real HTTP, with a real SQLite file
behind it. Nothing is stored until Yes. Beside them: a plan made with one step said as a
maybe offered under it, and a question about a step, which stores nothing."""

from __future__ import annotations

from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.test_bot_e2e import answers, ask, buttons_of, dump, eventually, rows, settle

# a correction inside the list: the plan as corrected is shown, made only on yes
CORRECTED = "party: book the hall, order food, hire a DJ. no wait not the DJ"
SHOWN = (
    "Start a new plan “Party” with 2 steps?\n1. Book the hall\n2. Order food\nNothing changed yet."
)


def plans_and_steps(db) -> dict:
    tables = dump(db)
    return {t: tables[t] for t in ("plans", "plan_steps")}


async def test_yes_on_a_proposed_plan_makes_exactly_the_plan_shown(tg, tmp_path):  # noqa: F811
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        asked = await ask(tg, OWNER, CORRECTED)
        await settle(app, tg)
        [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)
        assert asked.plain == SHOWN
        assert [[(b["text"], b["callback_data"]) for b in row] for row in buttons_of(asked)] == [
            [("Yes, start “Party”", f"ask:{token}:1")],
            [("✗ No", f"ask:{token}:0")],
        ]
        assert plans_and_steps(db) == {"plans": [], "plan_steps": []}  # nothing until Yes

        tg.push_callback(OWNER, OWNER, f"ask:{token}:1", asked.message_id)
        await eventually(lambda: tg.calls_to("editMessageText"))
        await settle(app, tg)
        assert answers(tg) == ["→ Yes, start “Party”"]
        assert rows(db, "SELECT user_id, title FROM plans") == [(OWNER, "Party")]
        assert rows(db, "SELECT position, title, status FROM plan_steps ORDER BY position") == [
            (1, "Book the hall", "pending"),
            (2, "Order food", "pending"),
        ]

        # A second press on the spent buttons makes nothing twice.
        after = plans_and_steps(db)
        tg.push_callback(OWNER, OWNER, f"ask:{token}:1", asked.message_id)
        await eventually(lambda: len(answers(tg)) == 2)
        await settle(app, tg)
        assert plans_and_steps(db) == after
    assert tg.errors == []


async def test_no_on_a_proposed_plan_stores_nothing(tg, tmp_path):  # noqa: F811
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        asked = await ask(tg, OWNER, CORRECTED)
        await settle(app, tg)
        [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)
        tg.push_callback(OWNER, OWNER, f"ask:{token}:0", asked.message_id)
        await eventually(lambda: tg.calls_to("editMessageText"))
        await settle(app, tg)
        assert plans_and_steps(db) == {"plans": [], "plan_steps": []}
    assert tg.errors == []


async def test_a_plan_offer_typed_past_is_put_again_with_its_buttons(tg, tmp_path):  # noqa: F811
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, CORRECTED)
        await settle(app, tg)
        # news typed as if the plan were made: answered, and the plan offered once more
        again = await ask(tg, OWNER, "booked the hall for saturday!")
        await settle(app, tg)
        assert again.plain.endswith("I haven't started “Party” yet — start it now?"), again.plain
        [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)
        assert [[(b["text"], b["callback_data"]) for b in row] for row in buttons_of(again)] == [
            [("Yes, start “Party”", f"ask:{token}:1")],
            [("✗ No", f"ask:{token}:0")],
        ]
        assert plans_and_steps(db) == {"plans": [], "plan_steps": []}

        tg.push_callback(OWNER, OWNER, f"ask:{token}:1", again.message_id)
        await eventually(lambda: tg.calls_to("editMessageText"))
        await settle(app, tg)
        assert rows(db, "SELECT user_id, title FROM plans") == [(OWNER, "Party")]
    assert tg.errors == []


# one step said as a maybe: the plan of the sure steps is made at once, the maybe offered
HEDGED = "garden plan: dig the beds, plant the bulbs, mow the lawn, maybe also paint the shed"


async def test_a_maybe_step_is_offered_under_the_plan_made_and_added_on_yes(
    tg,  # noqa: F811
    tmp_path,
):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        asked = await ask(tg, OWNER, HEDGED)
        await settle(app, tg)
        assert "You said maybe to “Paint the shed” — add it too?" in asked.plain
        steps = "SELECT position, title FROM plan_steps ORDER BY position"
        assert rows(db, "SELECT title FROM plans") == [("Garden",)]
        assert rows(db, steps) == [(1, "Dig the beds"), (2, "Plant the bulbs"), (3, "Mow the lawn")]
        [(token,)] = rows(db, "SELECT question_token FROM chat_state WHERE chat_id = ?", OWNER)
        assert [[b["text"] for b in row] for row in buttons_of(asked)] == [
            ["Yes, add it"],
            ["✗ No"],
        ]

        tg.push_callback(OWNER, OWNER, f"ask:{token}:1", asked.message_id)
        await eventually(lambda: tg.calls_to("editMessageText"))
        await settle(app, tg)
        assert rows(db, steps)[-1] == (4, "Paint the shed")
    assert tg.errors == []


async def test_a_question_about_a_step_changes_nothing_on_telegram(tg, tmp_path):  # noqa: F811
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "fence: get quotes, hire a contractor, supervise the work")
        await settle(app, tg)
        before = plans_and_steps(db)
        asked = await ask(tg, OWNER, "could we push the quotes back to next week")
        await settle(app, tg)
        assert asked.plain.startswith("Nothing changed")
        assert plans_and_steps(db) == before
    assert tg.errors == []
