"""`drbot chat` with no config and no key: the fence story of the README, piped in.

Each line runs as its own `drbot chat` on the same database (so the conversation also
survives restarts), and the database is checked after it. The chats run in the test's
process (``chat``: a new interpreter is most of a second of CPU, tests/drbot_process.py),
except one line of the story and one test, which run a real process (``chat_process``).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys

import pytest

from tests.drbot_process import drbot_in_process

STORY = [
    # (message, check(db) -> None)
    (
        "Make a plan to fix the fence — steps: get quotes, hire contractor, supervise work",
        lambda db: (
            _one(db, "SELECT title, status FROM plans") == ("Fix the fence", "active"),
            _all(db, "SELECT position, title, status FROM plan_steps ORDER BY position")
            == [
                (1, "Get quotes", "pending"),
                (2, "Hire contractor", "pending"),
                (3, "Supervise work", "pending"),
            ],
        ),
    ),
    (
        "Log an attempt on step 1 — left voicemail for Jim's Fencing",
        lambda db: (
            _all(db, "SELECT outcome FROM plan_step_attempts")
            == [("left voicemail for Jim's Fencing",)],
            _one(db, "SELECT status FROM plan_steps WHERE position = 1") == ("in_progress",),
        ),
    ),
    (
        "Try again — still no answer",
        lambda db: (
            _one(db, "SELECT count(*) FROM plan_step_attempts") == (2,),
            _one(db, "SELECT outcome FROM plan_step_attempts ORDER BY id DESC")
            == ("still no answer",),
            _one(db, "SELECT status FROM plan_steps WHERE position = 1") == ("in_progress",),
        ),
    ),
    (
        "Mark step 1 done — booked Jim for Friday",
        lambda db: (
            _one(db, "SELECT status FROM plan_steps WHERE position = 1") == ("done",),
            _one(db, "SELECT outcome FROM plan_step_attempts ORDER BY id DESC")
            == ("booked Jim for Friday",),
            _one(db, "SELECT count(*) FROM plan_step_attempts") == (3,),
        ),
    ),
    ("What's the status of my fence plan?", lambda db: (True,)),
    ("List my plans", lambda db: (True,)),
    (
        "✓ 2\n✓ 3",
        lambda db: (
            _all(db, "SELECT status FROM plan_steps ORDER BY position") == [("done",)] * 3,
        ),
    ),
    (
        "Mark the fence plan complete",
        lambda db: (
            _one(db, "SELECT status FROM plans WHERE title = 'Fix the fence'") == ("complete",),
        ),
    ),
    (
        "Make a plan to switch energy provider — steps: compare offers, call AGL",
        lambda db: (_one(db, "SELECT count(*) FROM plans") == (2,),),
    ),
    (
        "Abandon the energy plan",
        lambda db: (
            _one(db, "SELECT status FROM plans WHERE title LIKE 'Switch energy%'")
            == ("abandoned",),
        ),
    ),
]


def _one(db, sql):
    return db.execute(sql).fetchone()


def _all(db, sql):
    return db.execute(sql).fetchall()


@pytest.fixture
def env(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("ANTHROPIC_", "DRBOT_", "TELEGRAM_"))
    }
    env.update(HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"))
    return env


def chat(text: str, env: dict, cwd) -> str:
    """What `drbot chat` answers ``text`` piped in, run in this process."""
    code, out, err = drbot_in_process("chat", cwd=cwd, env=env, stdin=text + "\n")
    assert code == 0, err
    assert "Traceback" not in err
    return out


def chat_process(text: str, env: dict, cwd) -> str:
    """The same from `python -m drbot chat`, a process of its own."""
    result = subprocess.run(
        [sys.executable, "-m", "drbot", "chat"],
        input=text + "\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return result.stdout


def test_user_story_table_through_drbot_chat(env, tmp_path):
    db_path = tmp_path / "data" / "drbot" / "drbot.db"  # the default place, no config
    outputs = []
    for n, (message, check) in enumerate(STORY):
        # One line from a process of its own: what the others stored, it reads.
        outputs.append((chat_process if n == 4 else chat)(message, env, tmp_path))
        with sqlite3.connect(db_path) as db:
            assert all(check(db)), (message, outputs[-1])
    status, listing = outputs[4], outputs[5]
    assert "left voicemail for Jim's Fencing" in status and "still no answer" in status
    assert "✓ 1. Get quotes" in status and "□ 2. Hire contractor" in status
    assert "Fix the fence" in listing and "1 done" in listing
    # Piped input is read line by line: two mark messages, two acks.
    # The last open step closed: Complete / Keep open (the next message passes it by).
    assert outputs[6] == (
        "Fix the fence:\n✓ 2. Hire contractor\n\nFix the fence:\n"
        "✓ 3. Supervise work\nEvery step of “Fix the fence” is finished. "
        "Mark the plan complete?\n1. Complete\n2. Keep open\n"
        "(Answer with a number; anything else cancels.)\n\n"
    )


def test_piped_session_and_honest_answer_without_a_model(env, tmp_path):
    out = chat_process(
        "make a plan to paint the shed — steps: buy paint, paint\n"
        "what is the meaning of life?\n/quit\nlist my plans",
        env,
        tmp_path,
    )
    assert "Paint the shed" in out
    assert "Nothing changed — I didn't understand that" in out
    assert out.count("Paint the shed") == 1  # nothing after /quit was read


def test_new_in_a_piped_chat_starts_fresh_and_keeps_the_plans(env, tmp_path):
    out = chat(
        "make a plan to paint the shed — steps: buy paint, paint\n/new\nlist my plans\nstart over",
        env,
        tmp_path,
    )
    answers = out.strip().split("\n\n")
    fresh = "Fresh start — I've cleared our conversation; your plans are all still here."
    assert answers[1] == fresh and answers[-1] == fresh
    assert "Paint the shed" in answers[2]  # the plan is still there
    with sqlite3.connect(tmp_path / "data" / "drbot" / "drbot.db") as db:
        turns = _all(db, "SELECT id, user_text FROM turns ORDER BY id")
        [(start,)] = _all(db, "SELECT history_start_turn FROM chat_state")
    # Two turns were stored, and the history now starts after both of them.
    assert [text for _, text in turns] == [
        "make a plan to paint the shed — steps: buy paint, paint",
        "list my plans",
    ]
    assert start > turns[-1][0]


def test_the_setting_commands_work_in_drbot_chat_as_over_telegram(env, tmp_path):
    """/reminders (and cancel N), /quiet, /review, /weekly, /mute, /unmute and
    /briefing_time: the same words as the Telegram commands, and the same rows."""
    out = chat(
        "fix the fence: get quotes, hire someone, buy posts\n"
        "remind me about the quotes friday 10am\n/reminders\n/quiet 22:00-08:00\n"
        "/review 20:30\n/weekly sun 18:00\n/mute 1\n/unmute 1\n/mute 1\n"
        "/briefing_time 07:30\n/quiet bogus\n/mute 9\n/reminders cancel 1\n/reminders",
        env,
        tmp_path,
    )
    answers = out.strip().split("\n\n")[2:]
    assert answers[0].startswith("⏰ Scheduled reminders (UTC):\n1. ")
    assert "“Fix the fence” — Step 1 (Get quotes)" in answers[0]
    assert answers[1].startswith("Quiet hours set: 22:00–08:00 (UTC).")
    assert answers[2].startswith("Evening review at 20:30 (UTC)")
    assert answers[3].startswith("Weekly digest on Sundays at 18:00 (UTC)")
    held = " 1 reminder is held until /unmute 1."  # friday's, asked for before the mute
    assert answers[4:7] == [
        "Muted plan 1 (Fix the fence): no briefing lines or reminders until /unmute 1." + held,
        "Plan 1 (Fix the fence) is unmuted.",
        "Muted plan 1 (Fix the fence): no briefing lines or reminders until /unmute 1." + held,
    ]
    assert answers[7] == "Your briefing comes at 07:30 each morning."
    assert answers[8].startswith("I can't read 'bogus' as quiet hours.")
    assert answers[9].startswith("There is no plan 9 in /plans (you have 1 active).")
    assert answers[10] == "Reminder cancelled: step 1 no longer waits."
    assert answers[11].startswith("⏰ No reminders scheduled.")
    with sqlite3.connect(tmp_path / "data" / "drbot" / "drbot.db") as db:
        assert _one(db, "SELECT quiet_from, quiet_until FROM user_settings") == ("22:00", "08:00")
        assert _one(
            db, "SELECT review_time, weekly_day, weekly_time, briefing_time FROM user_settings"
        ) == ("20:30", 6, "18:00", "07:30")
        assert _one(db, "SELECT count(*) FROM plan_mutes") == (1,)
        assert _one(
            db,
            "SELECT wait_until, wait_at_time FROM plan_steps WHERE position = 1"
            " AND title = 'Get quotes'",
        ) == (None, 0)


def test_reminders_of_any_kind_in_drbot_chat(env, tmp_path):
    """ "remind me … to …" with no plan at all, then /reminders, /reminders skip N and
    /reminders cancel N: what the buttons do over Telegram, as text."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {**env, "PYTHONPATH": root}  # this checkout's drbot, whatever is installed
    out = chat(
        "remind me every day at 8 to take my pills\n"
        "remind me in 3 days to call mum\n/reminders\n/reminders skip 1\n"
        "/reminders skip 2\n/reminders cancel 2\n/reminders skip 9\n/reminders",
        env,
        tmp_path,
    )
    answers = out.strip().split("\n\n")
    assert answers[0].startswith(
        "Reminder set: “Take my pills” every day at 08:00 (UTC); the first is "
    )
    assert answers[1].startswith("Reminder set: “Call mum” ")
    listing = answers[2].splitlines()
    assert listing[0] == "⏰ Scheduled reminders (UTC):"
    assert listing[1].startswith("1. ") and listing[1].endswith(
        " 08:00 — Take my pills (every day at 08:00)"
    )
    assert listing[2].startswith("2. ") and listing[2].endswith(" — Call mum")
    assert listing[3] == (
        "/reminders cancel N cancels one; /reminders skip N skips the next time of a repeating one."
    )
    assert answers[3].startswith("Skipped once: Take my pills next comes ")
    assert answers[4] == (
        "That reminder comes only once: there is nothing to skip. Cancel it instead."
    )
    assert answers[5] == "Reminder cancelled: Call mum."
    assert answers[6].startswith("There is no reminder 9 in /reminders (1 scheduled).")
    after = answers[7].splitlines()
    assert len(after) == 3 and after[1].endswith(" 08:00 — Take my pills (every day at 08:00)")
    assert after[1] != listing[1]  # a day later than before the skip
    with sqlite3.connect(tmp_path / "data" / "drbot" / "drbot.db") as db:
        assert _all(db, "SELECT text, status FROM personal_reminders ORDER BY id") == [
            ("Take my pills", "active"),
            ("Call mum", "cancelled"),
        ]
        assert _one(db, "SELECT count(*) FROM plans") == (0,)


def test_the_menu_for_news_of_a_step_answers_to_numbers_in_drbot_chat(env, tmp_path):
    """News naming one step and not how it stands: the menu as numbered lines; "2" does
    what line 2 says, and a word that is no number cancels with nothing written."""
    db_path = tmp_path / "data" / "drbot" / "drbot.db"
    chat("roof: get the gutters cleaned, fix the loose tiles, paint the fascia", env, tmp_path)
    out = chat("the gutters guy came round today\nnah", env, tmp_path)
    assert (
        "Is this about “Get the gutters cleaned”? Nothing changed yet.\n1. Done\n2. Started\n3. Just note it\n"
        in out
    )
    with sqlite3.connect(db_path) as db:
        assert _all(db, "SELECT status FROM plan_steps ORDER BY position") == [("pending",)] * 3
    chat("the gutters guy came round today\n2", env, tmp_path)
    with sqlite3.connect(db_path) as db:
        assert _all(db, "SELECT status FROM plan_steps ORDER BY position") == [
            ("in_progress",),
            ("pending",),
            ("pending",),
        ]
        assert _one(db, "SELECT count(*) FROM plan_step_attempts") == (0,)


def test_a_proposed_plan_shows_its_steps_once_in_drbot_chat(env, tmp_path):
    """A question of several lines (a plan shown to be checked, numbered) is printed once,
    then how to answer it; "no" stores nothing."""
    db_path = tmp_path / "data" / "drbot" / "drbot.db"
    out = chat(
        "move flat: find a new place, give notice at work?? no wait not work, register with "
        "letting agents, book a removal van\nno",
        env,
        tmp_path,
    )
    assert out.count("1. Find a new place") == 1, out
    assert "Nothing changed yet.\nYes, start" in out
    with sqlite3.connect(db_path) as db:
        assert _one(db, "SELECT count(*) FROM plans") == (0,)


def test_undo_names_the_change_it_took_back_in_drbot_chat(env, tmp_path):
    # /undo and a typed "undo" say the same words as over Telegram, the change in quotes:
    # "Undone: step 1 done." read as if step 1 had just been done.
    out = chat_process(
        "make a plan to paint the shed — steps: buy paint, paint\n"
        "mark step 1 done\n/undo\nmark step 2 done\nundo",
        env,
        tmp_path,
    )
    assert "Undone: “step 1 done” is taken back.\n\n" in out
    assert "Undone: “step 2 done” is taken back." in out
    assert "Undone: step" not in out
