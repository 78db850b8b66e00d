"""The signs of an uncertain reading (drbot/ai/language/certainty.py), run as declared:
every example must be found for the kinds it is declared for, every near-miss not."""

from __future__ import annotations

import pytest

from drbot.ai.language import certainty, step_match
from drbot.ai.rules import step_statements


@pytest.mark.parametrize(
    "name, kind, text",
    [(d.name, k, e) for d in certainty.DOUBTS for k in sorted(d.kinds) for e in d.examples],
)
def test_a_sign_of_doubt_is_found(name, kind, text):
    assert certainty.doubt(text, kind) is not None, (name, kind, text)


@pytest.mark.parametrize(
    "name, kind, text",
    [(d.name, k, n) for d in certainty.DOUBTS for k in sorted(d.kinds) for n in d.near_misses],
)
def test_a_near_miss_is_no_sign_of_doubt(name, kind, text):
    sign = next(d for d in certainty.DOUBTS if d.name == name)
    assert sign.pattern.search(text) is None, (name, text)
    if kind == "attempt":  # (a try made another way is no doubt of any kind)
        assert certainty.doubt(text, kind) is None, (name, text)


def test_a_change_of_way_leaves_a_skip_as_read():
    # what a change of way says is that a step is dropped: a skip stays certain
    assert certainty.doubt("forget the hall, we'll use the garden instead", "skip") is None
    assert certainty.doubt("forget the hall, we'll use the garden instead", "done") is not None


def _steps(titles: tuple[str, ...]) -> list:
    steps = [
        {"id": n, "title": t, "status": "pending", "position": n, "attempts": []}
        for n, t in enumerate(titles, 1)
    ]
    return [{"id": 1, "title": "Plan", "steps": steps}]


def _found(plans: list, title: str) -> step_match.Candidate:
    return next(
        step_match.Candidate.of(p, s, 1.0, True)
        for p in plans
        for s in p["steps"]
        if s["title"] == title
    )


@pytest.mark.parametrize("text, titles, found, rival", step_statements.SPLIT_FITS_EXAMPLES)
def test_a_step_named_in_passing_has_the_step_the_message_is_about_as_rival(
    text, titles, found, rival
):
    plans = _steps(titles)
    rivals = step_statements.split_fits(text, _found(plans, found), plans)
    assert [c.title for c in rivals] == [rival]


@pytest.mark.parametrize("text, titles, found", step_statements.SPLIT_FITS_NEAR_MISSES)
def test_a_step_named_first_or_by_its_verb_has_no_rival(text, titles, found):
    plans = _steps(titles)
    assert step_statements.split_fits(text, _found(plans, found), plans) == []


@pytest.mark.parametrize("text, titles, found, alike", step_statements.TRIED_ALIKE_EXAMPLES)
def test_a_try_whose_thing_two_steps_have_alike_has_the_other_as_rival(text, titles, found, alike):
    plans = _steps(titles)
    rivals = step_statements.tried_alike(text, _found(plans, found), plans)
    assert tuple(c.title for c in rivals) == alike


@pytest.mark.parametrize("text, titles, found", step_statements.TRIED_ALIKE_NEAR_MISSES)
def test_a_try_naming_the_found_steps_own_word_has_no_rival(text, titles, found):
    plans = _steps(titles)
    assert step_statements.tried_alike(text, _found(plans, found), plans) == []


@pytest.mark.parametrize("text, titles, found, told", step_statements.TRIED_BY_VERB_EXAMPLES)
def test_a_try_said_with_one_steps_verb_is_that_steps(text, titles, found, told):
    plans = _steps(titles)
    best = _found(plans, found)
    alike = step_statements.tried_alike(text, best, plans)
    chosen = step_statements.tried_by_verb(text, [best, *alike])
    assert chosen is not None and chosen.title == told


def _close(titles: tuple[str, ...]) -> list[step_match.Candidate]:
    plans = _steps(titles)
    return [_found(plans, t) for t in titles]


@pytest.mark.parametrize("text, titles, told", step_statements.TRIED_AMONG_ALIKE_EXAMPLES)
def test_a_try_fitting_steps_alike_is_the_one_its_verb_tells(text, titles, told):
    chosen = step_statements.tried_among_alike(text, _close(titles))
    assert chosen is not None and chosen.title == told


@pytest.mark.parametrize("text, titles", step_statements.TRIED_AMONG_ALIKE_NEAR_MISSES)
def test_a_try_naming_one_step_alone_or_no_verb_is_still_asked(text, titles):
    assert step_statements.tried_among_alike(text, _close(titles)) is None


def _plans_of(spec) -> list:
    plans, n = [], 0
    for i, (title, titles) in enumerate(spec, 1):
        steps = []
        for t in titles:
            n += 1
            steps.append({"id": n, "title": t, "status": "pending", "position": n, "attempts": []})
        plans.append({"id": i, "title": title, "steps": steps})
    return plans


@pytest.mark.parametrize("text, spec, step", step_statements.GOODS_FETCHED_EXAMPLES)
def test_a_trip_for_the_things_of_a_step_is_a_try_at_getting_them(text, spec, step):
    found = step_statements.goods_fetched_for(text, _plans_of(spec))
    assert found is not None and found.title == step


@pytest.mark.parametrize("text, spec", step_statements.GOODS_FETCHED_NEAR_MISSES)
def test_no_trip_or_no_one_step_of_getting_is_left_to_the_rest(text, spec):
    assert step_statements.goods_fetched_for(text, _plans_of(spec)) is None


def _asked(text: str):
    from datetime import datetime
    from types import SimpleNamespace
    from zoneinfo import ZoneInfo

    from drbot.ai.language import intents

    now = datetime(2026, 11, 24, 10, 0, tzinfo=ZoneInfo("Europe/London"))
    st = intents.read_statement(text, now, "Europe/London")
    assert st is not None and st.kind == "snooze", text
    return st, SimpleNamespace(now=now, timezone="Europe/London", current_plan_id=1)


@pytest.mark.parametrize("text, titles, named", step_statements.NAMED_WHERE_ASKED_EXAMPLES)
def test_a_wait_is_for_the_step_the_clause_holding_its_day_names(text, titles, named):
    st, ctx = _asked(text)
    found = step_statements.named_where_asked(st, _steps(titles), ctx)
    assert found is not None and found[1].title == named, (text, found)


@pytest.mark.parametrize("text, titles", step_statements.NAMED_WHERE_ASKED_NEAR_MISSES)
def test_a_clause_asking_a_wait_by_a_verb_alone_or_two_steps_names_none(text, titles):
    st, ctx = _asked(text)
    assert step_statements.named_where_asked(st, _steps(titles), ctx) is None, text


def _plans(*titles: str) -> list:
    steps = [
        {"id": i, "title": t, "status": "pending", "position": i} for i, t in enumerate(titles, 1)
    ]
    return [{"id": 1, "title": "Plan", "status": "active", "steps": steps}]


@pytest.mark.parametrize(
    "said, met, titles, names",
    [
        # z172: the cataract is one other step's own thing, the website only met in a log
        (
            "went on the eye clinic website to set up the cataract visit but it won't let me",
            "Compare Part D plans",
            ("Compare Part D plans", "Schedule cataract consult", "Fill the eye drop prescription"),
            True,
        ),
        # z9: "Dutch" is two steps' word, so it names neither; the log's name stands
        (
            "rang a Dutch removals crowd this time, said he'd email a quote over",
            "Book the movers",
            ("Book the movers", "Open a Dutch bank account", "Get Dutch health insurance"),
            False,
        ),
    ],
)
def test_a_thing_of_one_other_step_is_told_from_a_word_two_share(said, met, titles, names):
    plans = _plans(*titles)
    step = plans[0]["steps"][titles.index(met)]
    chosen = step_match.Candidate.of(plans[0], step, 1.0, True)
    assert step_statements.names_another_steps_thing(said, chosen, plans) is names
