"""eval/understanding.py: the corpus, the verdicts, and the runner's counting.

No accuracy figure of the built-in interpreter is asserted here (it changes);
what is checked is that the benchmark measures what it says it measures.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from bench import run_all
from drbot.ai.tools.clarifying_question import Option, Question
from eval.understanding import run, select, settings_for
from eval.understanding_check import (
    CORRECT,
    NOTHING,
    WRONG,
    ReplyView,
    check_expectation,
    classify,
    reply_flags,
)
from eval.understanding_worlds import (
    ME,
    OTHER,
    Case,
    build_templates,
    corpus_problems,
    load_corpus,
)
from tests.fakes.anthropic_server import FakeAnthropic

ROOT = Path(__file__).resolve().parent.parent
INTENTS = {
    "create",
    "done",
    "start",
    "skip",
    "attempt",
    "snooze",
    "show",
    "replan",
    "undo",
    "smalltalk",
    "unrelated",
    "ambiguous",
}


# -- the corpus ---------------------------------------------------------------------------

HELDOUT = sorted((ROOT / "eval" / "corpus").glob("heldout-*.toml"))


@pytest.mark.parametrize("path", HELDOUT, ids=lambda p: p.stem)
async def test_every_heldout_set_is_well_formed(path, tmp_path):
    """`eval/understanding.py --corpus heldout` can run every set: intents it knows,
    names that exist in each set's worlds, another user's plans in every world."""
    corpus = load_corpus(path)
    assert len(corpus.cases) >= 40 and set(corpus.intents) <= INTENTS
    worlds = await build_templates(corpus, tmp_path)
    assert corpus_problems(corpus, {name: snap for name, (_, snap) in worlds.items()}) == []
    for name, (_, snap) in worlds.items():
        assert any(p["user"] == OTHER for p in snap["plans"].values()), name


def test_heldout_runs_only_the_intents_asked_for(tmp_path, capsys):
    """`--corpus heldout --only undo` runs each set's undo cases only (it ran every case)."""
    from eval.understanding import run_heldout

    for path in HELDOUT[:2]:
        (tmp_path / path.name).write_bytes(path.read_bytes())
    out = tmp_path / "undo.json"
    args = SimpleNamespace(
        backend="offline",
        timeout=None,
        no_hybrid=False,
        no_confirm=False,
        limit=None,
        sample=None,
        seed=0,
        figures=None,
        verbose=False,
        json=out,
    )
    assert run_heldout(args, ["undo"], tmp_path) == 0
    ran = json.loads(out.read_text(encoding="utf-8"))
    assert ran and {case["intent"] for case in ran} == {"undo"}
    assert len(ran) == sum(
        1 for path in HELDOUT[:2] for case in load_corpus(path).cases if case.intent == "undo"
    )


def test_there_are_heldout_sets():
    assert len(HELDOUT) >= 4


async def test_corpus_is_well_formed_and_names_what_its_worlds_hold(tmp_path):
    corpus = load_corpus()
    assert len(corpus.cases) >= 170
    assert set(corpus.intents) == INTENTS
    assert len({c.id for c in corpus.cases}) == len(corpus.cases)
    worlds = await build_templates(corpus, tmp_path)
    assert corpus_problems(corpus, {name: snap for name, (_, snap) in worlds.items()}) == []
    assert {c.world for c in corpus.cases} == set(corpus.worlds)
    for name, (_, snap) in worlds.items():
        # Every world holds the other user's plans, so a stray write can land there.
        assert any(p["user"] == OTHER for p in snap["plans"].values()), name
    three = worlds["three"][1]
    statuses = {
        s["title"]: s["status"]
        for s in three["steps"].values()
        if three["plans"][s["plan"]]["user"] == ME
    }
    assert statuses["Get photos"] == "done" and statuses["Book the venue"] == "in_progress"


async def test_corpus_check_reports_names_missing_from_the_world(tmp_path):
    corpus = load_corpus()
    corpus.cases = [
        Case("done-1", "done", "passport", "got the quotes", {"status": {"Get quotes": "done"}}),
        Case("ask-1", "ambiguous", "passport", "x", {"ask": {"options": ["Fix the fence"]}}),
    ]
    worlds = await build_templates(corpus, tmp_path, ["passport"])
    problems = corpus_problems(corpus, {"passport": worlds["passport"][1]})
    assert len(problems) == 2 and "Get quotes" in problems[0] and "Fix the fence" in problems[1]


@pytest.mark.parametrize(
    "expect, problem",
    [
        ({}, "non-empty"),
        ({"stauts": {"Get photos": "done"}}, "unknown key"),
        ({"status": {"Get photos": "finished"}}, "status of"),
        ({"snooze": {"step": "Get photos", "date": "friday"}}, "YYYY-MM-DD"),
        ({"attempt": {"step": "Get photos"}}, "lacks 'has'"),
        ({"status": {"Get photos": "done"}, "none": True}, "at once"),
        ({"reply_has": ["x"]}, "neither"),
    ],
)
def test_malformed_expectations_are_reported(expect, problem):
    assert any(problem in p for p in check_expectation(expect))


# -- the verdicts, on hand-made snapshots ----------------------------------------------------


def world() -> dict:
    """Another user's plan 1 (step 1); my plans 10 (steps 101-103) and 11 (111-113)."""

    def step(plan, title, status="pending", position=1):
        return {
            "plan": plan,
            "title": title,
            "status": status,
            "position": position,
            "wait": None,
            "removed": False,
        }

    return {
        "plans": {
            1: {"user": OTHER, "title": "Renew passport", "status": "active"},
            10: {"user": ME, "title": "Renew passport", "status": "active"},
            11: {"user": ME, "title": "Birthday party", "status": "active"},
        },
        "steps": {
            1: step(1, "Get photos"),
            101: step(10, "Get photos", "done", 1),
            102: step(10, "Fill in the form", 2),
            103: step(10, "Book an appointment", position=3),
            111: step(11, "Book the venue", "in_progress", 1),
            112: step(11, "Send invites", position=2),
            113: step(11, "Order the cake", position=3),
        },
        "attempts": {1: {"step": 111, "text": "called the hall, no answer", "retracted": False}},
        "notes": {},
        "revisions": {
            1: {"plan": 1, "undone": False},
            10: {"plan": 10, "undone": False},
            11: {"plan": 11, "undone": False},
            12: {"plan": 11, "undone": False},
        },
        "settings": {ME: ("Europe/London", None)},
    }


def change(before: dict, *edits) -> dict:
    """A copy of ``before`` with edits ("step", id, key, value) / ("attempt", step, text) /
    ("new_step", plan, title) / ("new_plan", title, [steps], user) / ("undo", revision)."""
    after = copy.deepcopy(before)
    revisions = after["revisions"]
    for kind, *args in edits:
        plan = None
        if kind == "step":
            sid, key, value = args
            after["steps"][sid][key] = value
            plan = after["steps"][sid]["plan"]
        elif kind == "attempt":
            sid, text = args
            after["attempts"][max(after["attempts"]) + 1] = {
                "step": sid,
                "text": text,
                "retracted": False,
            }
            plan = after["steps"][sid]["plan"]
        elif kind == "new_step":
            plan, title = args
            position = 1 + max(s["position"] for s in after["steps"].values() if s["plan"] == plan)
            after["steps"][max(after["steps"]) + 1] = {
                "plan": plan,
                "title": title,
                "status": "pending",
                "position": position,
                "wait": None,
                "removed": False,
            }
        elif kind == "new_plan":
            title, steps, user = args
            plan = max(after["plans"]) + 1
            after["plans"][plan] = {"user": user, "title": title, "status": "active"}
            for position, name in enumerate(steps, 1):
                after["steps"][max(after["steps"]) + 1] = {
                    "plan": plan,
                    "title": name,
                    "status": "pending",
                    "position": position,
                    "wait": None,
                    "removed": False,
                }
        elif kind == "undo":
            [rid] = args
            revisions[rid]["undone"] = True
            plan = revisions[rid]["plan"]
        revisions[max(revisions) + 1] = {"plan": plan, "undone": False}
    return after


def verdict(expect: dict, *edits, reply: str = "Done.", view: ReplyView | None = None) -> str:
    before = world()
    return classify(expect, ME, before, change(before, *edits), view or ReplyView(reply)).verdict


STATUS = {"status": {"Fill in the form": "done"}}


@pytest.mark.parametrize(
    "edits, expected",
    [
        ([("step", 102, "status", "done")], CORRECT),
        ([("step", 102, "status", "done"), ("attempt", 102, "sent it off")], CORRECT),
        ([], NOTHING),
        ([("attempt", 102, "filled it in")], NOTHING),  # partial: logged, not marked done
        ([("step", 102, "status", "in_progress")], WRONG),  # a different status
        ([("step", 103, "status", "done")], WRONG),  # a different step
        ([("step", 102, "status", "done"), ("step", 113, "status", "skipped")], WRONG),
        ([("step", 102, "status", "done"), ("step", 1, "status", "done")], WRONG),  # other user
    ],
)
def test_status(edits, expected):
    assert verdict(STATUS, *edits) == expected


def test_a_write_to_the_other_user_is_wrong_and_flagged():
    before = world()
    result = classify(
        {"none": True}, ME, before, change(before, ("attempt", 1, "no answer")), ReplyView("ok")
    )
    assert result.verdict == WRONG and result.other_user


ATTEMPT = {"attempt": {"step": "Book the venue", "has": ["no answer", "no reply"]}}


@pytest.mark.parametrize(
    "expect, edits, expected",
    [
        (ATTEMPT, [("attempt", 111, "rang again, No answer")], CORRECT),
        (ATTEMPT, [], NOTHING),
        (ATTEMPT, [("attempt", 111, "rang again")], NOTHING),  # said something else
        (ATTEMPT, [("attempt", 112, "no answer")], WRONG),  # another step
        (ATTEMPT, [("attempt", 111, "no answer"), ("step", 111, "status", "done")], WRONG),
        (ATTEMPT, [("attempt", 111, "no answer"), ("step", 111, "wait", "2026-11-25")], WRONG),
        (
            {"attempt": {**ATTEMPT["attempt"], "wait": True}},
            [("attempt", 111, "no answer"), ("step", 111, "wait", "2026-11-25")],
            CORRECT,
        ),
        (
            {"attempt": {"step": "Send invites", "has": "draft"}},
            [("attempt", 112, "drafted them"), ("step", 112, "status", "in_progress")],
            CORRECT,
        ),
    ],
)
def test_attempt(expect, edits, expected):
    assert verdict(expect, *edits) == expected


def test_attempt_with_snooze_needs_both():
    expect = {
        "attempt": {"step": "Fill in the form", "has": "half"},
        "snooze": {"step": "Fill in the form", "date": "2026-11-25"},
    }
    both = [
        ("attempt", 102, "filled in half"),
        ("step", 102, "status", "in_progress"),
        ("step", 102, "wait", "2026-11-25"),
    ]
    assert verdict(expect, *both) == CORRECT
    assert verdict(expect, *both[:2]) == NOTHING
    assert verdict(expect, *both[:2], ("step", 102, "wait", "2026-11-27")) == WRONG


SNOOZE = {"snooze": {"step": "Order the cake", "date": ["2026-11-30", "2026-12-01"]}}


@pytest.mark.parametrize(
    "edits, expected",
    [
        ([("step", 113, "wait", "2026-12-01")], CORRECT),
        ([("step", 113, "wait", "2026-11-30"), ("step", 113, "status", "blocked")], CORRECT),
        ([], NOTHING),
        ([("step", 113, "wait", "2026-12-07")], WRONG),
        ([("step", 112, "wait", "2026-12-01")], WRONG),
        ([("step", 113, "wait", "2026-12-01"), ("step", 113, "status", "skipped")], WRONG),
    ],
)
def test_snooze(edits, expected):
    assert verdict(SNOOZE, *edits) == expected


CREATE = {"create": {"title_has": ["spanish"], "steps": 2, "step_has": ["app", "class"]}}


@pytest.mark.parametrize(
    "edits, expected",
    [
        ([("new_plan", "Learn Spanish", ["Get an app", "Find a class"], ME)], CORRECT),
        ([], NOTHING),
        ([("new_plan", "Learn Spanish", ["Get an app, find a class"], ME)], WRONG),
        ([("new_plan", "Learn Spanish", ["Find a class", "Get an app"], ME)], WRONG),
        ([("new_plan", "Languages", ["Get an app", "Find a class"], ME)], WRONG),
        (
            [
                ("new_plan", "Learn Spanish", ["Get an app", "Find a class"], ME),
                ("new_plan", "Spanish", [], ME),
            ],
            WRONG,
        ),
        (
            [
                ("new_plan", "Learn Spanish", ["Get an app", "Find a class"], ME),
                ("step", 102, "status", "done"),
            ],
            WRONG,
        ),
        ([("new_plan", "Learn Spanish", ["Get an app", "Find a class"], OTHER)], WRONG),
    ],
)
def test_create(edits, expected):
    assert verdict(CREATE, *edits) == expected


def test_create_with_fewer_words_than_steps_finds_each_in_some_step():
    some = {"create": {"title_has": ["spanish"], "steps": 3, "step_has": ["class", "app"]}}
    made = ("new_plan", "Learn Spanish", ["Get an app", "Find a class", "Practise daily"], ME)
    assert verdict(some, made) == CORRECT
    missing = ("new_plan", "Learn Spanish", ["Get an app", "Find a tutor", "Practise"], ME)
    assert verdict(some, missing) == WRONG


def test_create_a_bare_goal_with_no_steps():
    expect = {"create": {"title_has": ["spanish"], "steps": 0}}
    assert verdict(expect, ("new_plan", "Learn spanish", [], ME)) == CORRECT
    assert verdict(expect, ("new_plan", "Learn spanish", ["Learn spanish"], ME)) == WRONG


REPLAN = {
    "replan": {
        "plan": "Birthday party",
        "removed": ["Book the venue"],
        "kept": ["Send invites", "Order the cake"],
        "added": 2,
    }
}
NEW_STEPS = [("new_step", 11, "Shortlist places"), ("new_step", 11, "Pay deposit")]


@pytest.mark.parametrize(
    "edits, expected",
    [
        ([("step", 111, "removed", True), *NEW_STEPS], CORRECT),
        ([("step", 111, "status", "skipped"), *NEW_STEPS], CORRECT),  # replaced, shown skipped
        ([], NOTHING),
        (
            [
                ("step", 111, "removed", True),
                ("step", 112, "removed", True),
                ("step", 113, "removed", True),
                *NEW_STEPS,
            ],
            WRONG,
        ),  # the others went too
        ([("step", 111, "removed", True), NEW_STEPS[0]], WRONG),  # one step, not two
        ([*NEW_STEPS], WRONG),  # added, venue kept
    ],
)
def test_replan(edits, expected):
    assert verdict(REPLAN, *edits) == expected


UNDO = {"undo": {"plan": "Birthday party"}}


@pytest.mark.parametrize(
    "edits, expected",
    [
        ([("undo", 12), ("step", 111, "status", "pending")], CORRECT),
        ([], NOTHING),
        ([("undo", 10), ("step", 101, "status", "pending")], WRONG),  # another plan undone
        ([("undo", 12), ("undo", 11)], WRONG),  # two steps back
        ([("step", 111, "status", "pending")], WRONG),  # a write, but no undo
    ],
)
def test_undo(edits, expected):
    assert verdict(UNDO, *edits) == expected


def test_none_and_reply_has():
    expect = {"none": True, "reply_has": ["Book the venue", ["Send invites", "Order the cake"]]}
    assert verdict(expect, reply="Next: Book the venue, then Order the cake") == CORRECT
    assert verdict(expect, reply="Next: Book the venue") == NOTHING
    assert verdict({"none": True}, reply="") == CORRECT
    assert verdict({"none": True}, ("step", 113, "status", "done")) == WRONG
    assert verdict({"none": True}, ("attempt", 111, "hmm")) == WRONG


def test_small_talk_wants_a_short_answer():
    expect = {"none": True, "short": True}
    assert verdict(expect, reply="Hi! Tell me about a plan.") == CORRECT
    assert verdict(expect, reply="\n".join(["line"] * 5)) == NOTHING
    assert verdict(expect, reply="I can't do that without a model.") == NOTHING


ASK = {"ask": {"options": ["Fix the fence", "Redo the kitchen"]}}


def test_ask():
    question = Question(
        "Which plan's quotes?",
        (
            Option("Fix the fence", (("update_plan_step", {"step_id": 1, "status": "done"}),)),
            Option("Redo the kitchen", (("update_plan_step", {"step_id": 4, "status": "done"}),)),
        ),
    )
    asked = ReplyView.of(SimpleNamespace(text="Which one?", question=question))
    assert asked.options == ("Fix the fence", "Redo the kitchen")
    assert verdict(ASK, view=asked) == CORRECT
    assert verdict(ASK, reply="Which plan — Fix the fence or Redo the kitchen?") == CORRECT
    assert verdict(ASK, reply="Fix the fence or Redo the kitchen.") == NOTHING  # no question
    assert verdict(ASK, reply="Which plan?") == NOTHING  # no choices
    assert verdict(ASK, ("step", 102, "status", "done"), view=asked) == WRONG
    # Asking when a write was expected is "nothing done", not correct.
    assert verdict(STATUS, view=asked) == NOTHING


@pytest.mark.parametrize(
    "text, flag",
    [
        ('{"name": "update_plan_step", "arguments": {"step_id": 3}}', "raw_tool_text"),
        ("<tool_call>\n{...}\n</tool_call>", "raw_tool_text"),
        ('<tools><function name="get_plan"/></tools>', "raw_tool_text"),
        ("Sorry, something went wrong.", "crash_text"),
        ("I can't do that without a model right now.", "no_model_wall"),
    ],
)
def test_reply_flags(text, flag):
    assert reply_flags(text)[flag]
    assert not any(reply_flags("Got it — ✓ 1. Get photos").values())


# -- choosing cases ---------------------------------------------------------------------------


def test_a_stratified_sample_keeps_every_intent_and_its_share():
    corpus = load_corpus()
    picked = select(corpus, sample=36, seed=3)
    assert len(picked) == 36
    assert {c.intent for c in picked} == INTENTS
    done = sum(c.intent == "done" for c in corpus.cases)
    assert abs(sum(c.intent == "done" for c in picked) - 36 * done / len(corpus.cases)) <= 1
    assert [c.id for c in select(corpus, sample=36, seed=3)] == [c.id for c in picked]
    assert [c.id for c in select(corpus, only=["undo", "skip"], limit=3)] == [
        "skip-1",
        "skip-2",
        "skip-3",
    ]


# -- end to end, through the real Assistant -------------------------------------------------


async def test_the_runner_counts_what_the_database_shows():
    corpus = load_corpus()
    cases = [
        Case("t-1", "unrelated", "passport", "hmm", {"none": True}),
        Case("t-2", "done", "passport", "hmm", {"status": {"Get photos": "done"}}),
        # Mark lines take the Assistant's direct path: no interpreter, no model.
        Case("t-3", "done", "passport", "✓ 3", {"status": {"Book an appointment": "done"}}),
        Case("t-4", "done", "passport", "✓ 3", {"status": {"Get photos": "done"}}),
        Case("t-5", "unrelated", "passport", "✓ 3", {"none": True}),
    ]
    results = await run(corpus, cases, settings_for("offline", 60, corpus.timezone))
    by = {r.case.id: r for r in results}
    assert by["t-1"].verdict == CORRECT and by["t-1"].effect == []
    assert by["t-2"].verdict == NOTHING and "no write" in by["t-2"].why[0]
    assert by["t-3"].verdict == CORRECT
    assert by["t-3"].effect == ["step_status \"Book an appointment\" 'pending' -> 'done'"]
    assert by["t-4"].verdict == WRONG and by["t-5"].verdict == WRONG
    assert not any(r.crashed or r.raw_tool_text or r.other_user for r in results)
    assert all(r.seconds > 0 for r in results)


async def test_a_question_whose_button_does_what_was_meant_is_one_tap_away():
    """ "Which step do you mean?" is not correct (nothing was written), but when one of
    its buttons, pressed, has exactly the expected effect it counts as one tap away;
    a question whose buttons do something else does not."""
    corpus = load_corpus()
    fence_quotes = {"status": {"Fix the fence / Get quotes": "done"}}
    cases = [
        Case("q-1", "done", "twins", "got the quotes", fence_quotes),
        Case("q-2", "done", "twins", "got the quotes", {"status": {"Book the fitter": "done"}}),
        Case("q-3", "unrelated", "twins", "got the quotes", {"none": True}),
    ]
    results = await run(corpus, cases, settings_for("offline", 60, corpus.timezone))
    by = {r.case.id: r for r in results}
    assert all(by[i].verdict == NOTHING for i in ("q-1", "q-2")) and by["q-1"].question
    assert by["q-1"].one_tap and not by["q-2"].one_tap
    assert by["q-3"].verdict == CORRECT and not by["q-3"].one_tap


async def test_the_local_backend_talks_to_an_anthropic_compatible_server(monkeypatch):
    corpus = load_corpus()
    async with FakeAnthropic() as fake:
        monkeypatch.setenv("ANTHROPIC_BASE_URL", fake.url)
        fake.push_tool_use([("create_plan", {"title": "Learn Spanish", "steps": []})])
        fake.push_text("Created the plan Learn Spanish.")
        fake.push_text("Hi! Tell me about a plan.")
        cases = [
            Case(
                "c-1",
                "create",
                "empty",
                "I want to learn spanish",
                {"create": {"title_has": ["spanish"], "steps": 0}},
            ),
            Case("s-1", "smalltalk", "empty", "hi", {"none": True, "short": True}),
        ]
        results = await run(
            corpus, cases, settings_for("local", 5, corpus.timezone, hybrid=False, confirm=False)
        )
    assert [r.verdict for r in results] == [CORRECT, CORRECT]
    assert len(fake.requests) == 3
    assert fake.requests[0].headers["authorization"] == "Bearer local"


def test_the_command_writes_the_figures_run_all_reads(tmp_path):
    out = tmp_path / "cases.json"
    figures = tmp_path / "figures" / "understanding.json"
    figures.parent.mkdir()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "eval.understanding",
            "--only",
            "unrelated,show",
            "--sample",
            "4",
            "--json",
            str(out),
            "--figures",
            str(figures),
            "--verbose",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "ran 4 (sample of 4, seed 0)" in done.stdout
    assert out.read_text(encoding="utf-8").count('"verdict"') == 4
    run = run_all.Run("understanding", [], output=done.stdout, figures=figures)
    run_all.collect(run)
    assert run.figures_error == ""
    measures = [row[0] for row in run.table]
    assert "unrelated: correct (nothing done / wrong)" in measures
    assert "wrong actions (writes not asked for)" in measures


def test_without_the_learnt_checks_the_rules_own_plan_is_written(tmp_path):
    """--without-learnt-checks: the data of the plan check must hold the plans the rules make,
    not only those the check let through (eval/README.md)."""
    corpus = tmp_path / "one.toml"
    corpus.write_text(
        """now = "2026-11-24T10:00:00"
timezone = "Europe/London"
[other_user]
plans = [{ title = "Renew passport", steps = ["Get photos"] }]
[worlds.newcomer]
plans = []
[[case]]
intent = "create"
world = "newcomer"
text = "Plan for the new flat: get the keys, set up broadband, buy a bed. I moved on monday, still living out of boxes"
expect.create = { title_has = ["flat"], steps = 3, step_has = ["keys", "broadband", "bed"] }
""",
        encoding="utf-8",
    )

    def effect(*flags: str) -> list[str]:
        out = tmp_path / "cases.json"
        done = subprocess.run(
            [sys.executable, "-m", "eval.understanding", "--corpus", str(corpus)]
            + ["--json", str(out), *flags],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stderr
        [case] = json.loads(out.read_text(encoding="utf-8"))
        return case["effect"]

    assert not any(e.startswith("plan_new") for e in effect())  # the check proposes it
    assert any(e.startswith("plan_new") for e in effect("--without-learnt-checks"))
