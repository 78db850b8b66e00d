"""The declared readings of the built-in rules, run as they are declared: every example
must read as stated and every near-miss must not. Pure functions: no database, no I/O."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from drbot.ai.language import (
    agenda_requests,
    certainty,
    date_doubts,
    dates,
    due_dates,
    hedges,
    intents,
    letters,
    other_names,
    other_tongues,
    own_verbs,
    plan_checks,
    plan_edits,
    plan_phrases,
    plan_prose,
    plan_titles,
    put_offs,
    reminder_words,
    replacements,
    replan_doubts,
    reworks,
    see_requests,
    step_match,
    under_way,
)
from drbot.ai.rules import exact, free_text, interpreter, new_plans, step_statements

NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    "reading, text", [(r.name, e) for r in hedges.READINGS for e in r.examples]
)
def test_a_hedge_writes_nothing(reading, text):
    assert hedges.hedge(text) is not None, (reading, text)


@pytest.mark.parametrize("text", [n for r in hedges.READINGS for n in r.near_misses])
def test_a_statement_is_no_hedge(text):
    assert hedges.hedge(text) is None


@pytest.mark.parametrize("text, words", agenda_requests.EXAMPLES)
def test_a_question_about_days_to_come(text, words):
    asked = agenda_requests.days_asked(text, NOW.date())
    assert asked is not None and asked.words == words, text


@pytest.mark.parametrize("text, words", agenda_requests.PAST_EXAMPLES)
def test_a_question_about_days_gone_by_reads_its_days(text, words):
    asked = agenda_requests.past_days_asked(text, NOW.date())
    assert asked is not None and asked.words == words and asked.first <= asked.last <= NOW.date()


@pytest.mark.parametrize("text", agenda_requests.PAST_NEAR_MISSES)
def test_no_question_about_days_gone_by(text):
    assert agenda_requests.past_days_asked(text, NOW.date()) is None


@pytest.mark.parametrize("text", agenda_requests.NEAR_MISSES)
def test_no_question_about_days_to_come(text):
    assert agenda_requests.days_asked(text, NOW.date()) is None


@pytest.mark.parametrize(
    "today, text, first, last",
    [
        # NOW is a Tuesday: this week runs to Sunday, next week is Monday to Sunday
        ("2026-11-24", "what's due this week", "2026-11-24", "2026-11-29"),
        ("2026-11-24", "what's due next week", "2026-11-30", "2026-12-06"),
        ("2026-11-24", "anything due?", "2026-11-24", "2026-11-30"),
        ("2026-11-24", "what's on this weekend", "2026-11-28", "2026-11-29"),
        ("2026-11-29", "what's on this weekend", "2026-11-29", "2026-11-29"),  # a Sunday
        ("2026-11-24", "what's on friday", "2026-11-27", "2026-11-27"),
        ("2026-11-24", "what's on tuesday", "2026-11-24", "2026-11-24"),
        ("2026-11-24", "what's on next tuesday", "2026-12-01", "2026-12-01"),
        ("2026-11-24", "what's on tomorrow", "2026-11-25", "2026-11-25"),
        ("2026-11-24", "anything due over the next 3 days", "2026-11-24", "2026-11-26"),
        ("2026-11-24", "anything on in the next few days", "2026-11-24", "2026-11-26"),
    ],
)
def test_the_days_a_question_asks_about(today, text, first, last):
    asked = agenda_requests.days_asked(text, date.fromisoformat(today))
    assert asked is not None
    assert (asked.first.isoformat(), asked.last.isoformat()) == (first, last)


@pytest.mark.parametrize("text, title, steps", plan_prose.EXAMPLES)
def test_a_first_plan_in_prose(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, list(steps))


@pytest.mark.parametrize("text", plan_prose.NEAR_MISSES)
def test_prose_that_is_no_plan_with_steps(text):
    assert plan_prose.read_prose_plan(text) is None


@pytest.mark.parametrize("text, old, steps", replacements.EXAMPLES)
def test_a_step_replaced_in_words(text, old, steps):
    assert replacements.read_replacement(text) == (old, list(steps))


@pytest.mark.parametrize("text", replacements.NEAR_MISSES)
def test_words_that_replace_nothing(text):
    assert replacements.read_replacement(text) is None


@pytest.mark.parametrize("text, steps, things", reworks.REWORK_EXAMPLES)
def test_a_step_said_to_change_with_what_comes_instead(text, steps, things):
    rework = reworks.read_rework(text)
    assert rework is not None
    assert (rework.steps, rework.things) == (list(steps), things)


@pytest.mark.parametrize("text", reworks.REWORK_NEAR_MISSES)
def test_words_of_why_with_no_list_of_what_to_do_instead(text):
    assert reworks.read_rework(text) is None


@pytest.mark.parametrize(
    ("old", "steps", "things", "new"),
    [
        (
            "Pay the deposit",
            ["Half now", "The other half"],
            {0, 1},
            ["Pay half now", "Pay the other half"],
        ),
        ("Finish the reading list", ["ML theory papers"], {0}, ["Finish ML theory papers"]),
        # a step whose title starts with no verb gives none
        ("Meeting with the solicitor", ["A call", "A visit"], {0, 1}, ["A call", "A visit"]),
        (
            "Book the day",
            ["A filmed session", "Ring the club"],
            {0},
            ["Book a filmed session", "Ring the club"],
        ),
    ],
)
def test_a_thing_with_no_verb_takes_the_verb_of_the_step_it_replaces(old, steps, things, new):
    rework = reworks.Rework("", steps, frozenset(things))
    assert reworks.with_verb_of(old, rework) == new


@pytest.mark.parametrize(
    "text, kind",
    [
        ("heading to the post office now to send the signed form", "start"),
        ("on my way to drop off the keys", "start"),
        ("ok tackling the spare room today, 3 bin bags filled already", "start"),
        ("cracking on with the vat registration now", "start"),
        ("puppy classes - I'll look at those tonight", "snooze"),
        ("will book the market pitch this evening", "snooze"),
        ("on my way to the marina for day one of the skipper course", "start"),  # not "skip"
        ("bring the roof windows back up in 3 hours, need to measure first", "snooze"),
        ("sent the signed form to the shelter", "done"),
        ("popped into lloyds to open the account, they want 2 forms of ID", "attempt"),
        ("had a go at dog proofing the garden, still a hole behind the shed", "attempt"),
        ("I filled in half the form, will finish tomorrow", "attempt"),
    ],
)
def test_on_the_way_is_started_and_ones_own_plan_for_later_waits(text, kind):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement is not None and statement.kind == kind


@pytest.mark.parametrize(
    "text, is_exact",
    [
        ("undo", True),
        ("Undo!", True),
        ("/plans", True),
        ("  history ", True),
        ("undo the photos thing", False),
        ("plans?", False),
        ("list my plans", False),
        ("got the photos", False),
    ],
)
def test_the_exact_grammar(text, is_exact):
    assert exact.is_exact_command(text) is is_exact


@pytest.mark.parametrize("text, ref, title", plan_edits.RENAME_EXAMPLES)
def test_a_plan_renamed_in_words(text, ref, title):
    assert plan_edits.read_rename(text) == (ref, title)


@pytest.mark.parametrize("text, move", plan_edits.MOVE_EXAMPLES)
def test_a_step_moved_in_words(text, move):
    assert plan_edits.read_move(text) == move


@pytest.mark.parametrize("text", plan_edits.NEAR_MISSES)
def test_words_that_rename_or_move_nothing(text):
    assert plan_edits.read_rename(text) is None and plan_edits.read_move(text) is None


def test_the_free_wording_stages_are_a_declared_order():
    """Priority between readings is the STAGES table, not the order of ifs: the plans are
    read once before the stages that need them, and hedges are stopped before statements."""
    from drbot.ai.rules import free_text

    names = [name for name, _ in free_text.STAGES]
    assert len(names) == len(set(names))
    assert names.index("read plans") < names.index("rename or move")
    assert names.index("new plan or commitment") < names.index("hedge") < names.index("statements")
    assert names[-1] == "offer a plan"


@pytest.mark.parametrize(
    "reading, text", [(r.name, e) for r in intents.READINGS for e in r.examples]
)
def test_a_statement_reading_reads_its_examples(reading, text):
    found = intents.reading_of(intents.said_of(text, NOW, "Europe/London"))
    assert found is not None and found.name == reading, (text, found and found.name)


@pytest.mark.parametrize(
    "reading, text", [(r.name, n) for r in intents.READINGS for n in r.near_misses]
)
def test_a_statement_reading_leaves_its_near_misses(reading, text):
    found = intents.reading_of(intents.said_of(text, NOW, "Europe/London"))
    assert found is None or found.name != reading, (text, reading)


@pytest.mark.parametrize(
    "text, thing",
    [
        ("MRI results are back - partial tear, no surgery needed", "surgery"),
        ("not bothering with a card reader anymore, the organisers take cards", "a card reader"),
        ("decided not to bother with the blister packs, mum manages fine", "blister packs"),
        ("won't need the van after all, dad's lending us his ute", "van"),
        ("no need for a lift the day the car's in", "a lift"),
    ],
)
def test_a_skip_says_the_thing_it_calls_off(text, thing):
    # only a step that thing names is skipped (rules/step_statements)
    st = intents.read_statement(text, NOW, "Europe/London")
    assert st is not None and st.kind == "skip" and st.called and st.action == thing


@pytest.mark.parametrize(
    "text",
    [
        "the letting agent idea's off",
        "we've decided against the marquee, too windy",
        "I dont need to borrow the seat after all, the hospital gives me one to take home",
    ],
)
def test_a_skip_said_of_a_thing_before_it_names_no_thing_called_off(text):
    st = intents.read_statement(text, NOW, "Europe/London")
    assert st is not None and st.kind == "skip" and not st.called


def _find_when(text: str):
    found = dates.find_when(text, NOW, "Europe/London")
    return None if found is None else (found.start, found.end)


@pytest.mark.parametrize("text, day", dates.WEEKDAY_AND_NUMBER_EXAMPLES)
def test_a_weekday_with_a_day_number_is_the_day_both_name(text, day):
    found = dates.find_when(text, NOW, "Europe/London")
    assert found is not None and found.moment.date() == day, (text, found)


@pytest.mark.parametrize("text, day", dates.ASKED_SHORT_DAY_EXAMPLES)
def test_a_short_weekday_closing_an_ask_is_a_day(text, day):
    found = dates.find_when(text, NOW, "Europe/London")
    assert found is not None and found.moment.date() == day, (text, found)


@pytest.mark.parametrize("text", dates.ASKED_SHORT_DAY_NEAR_MISSES)
def test_a_short_weekday_of_someone_or_in_capitals_is_no_day(text):
    assert dates.find_when(text, NOW, "Europe/London") is None, text


@pytest.mark.parametrize("text, moment", dates.WEEKDAY_AND_NUMBER_NEAR_MISSES)
def test_a_weekday_near_a_number_that_is_no_day_number(text, moment):
    found = dates.find_when(text, NOW, "Europe/London")
    read = None if found is None else found.moment.replace(tzinfo=None)
    assert read == moment, (text, found)


@pytest.mark.parametrize(
    "text, spelt",
    [
        ("MOT - ill do it sat when im off", "MOT - ill do it saturday when im off"),
        ("thats fri 4th", "thats friday 4th"),
        ("it sat there on monday", "it sat there on monday"),
        ("sat the exam", "sat the exam"),
    ],
)
def test_a_short_weekday_the_date_reader_took_is_spelt_out_for_the_second_reader(text, spelt):
    assert dates.days_spelt_out(text, NOW, "Europe/London") == spelt


@pytest.mark.parametrize("text, said", reminder_words.ASKED_OTHERWISE)
def test_another_way_of_asking_for_a_reminder_is_remind_me(text, said):
    assert reminder_words.as_remind_me(text) == said


@pytest.mark.parametrize("text, said", reminder_words.TOLD_AGAIN_ASKS)
def test_to_be_told_again_at_a_time_is_remind_me(text, said):
    assert reminder_words.as_remind_me(text) == said


@pytest.mark.parametrize("text", reminder_words.TOLD_AGAIN_NEAR_MISSES)
def test_tell_me_again_now_is_no_reminder(text):
    assert reminder_words.as_remind_me(text) == text


@pytest.mark.parametrize("text", reminder_words.ASKED_OTHERWISE_NEAR_MISSES)
def test_remember_and_forget_that_ask_no_reminder_stay(text):
    assert reminder_words.as_remind_me(text) == text


@pytest.mark.parametrize("text, request_", reminder_words.EXAMPLES)
def test_a_reminder_asked_for_in_words(text, request_):
    assert reminder_words.read_request(text, _find_when) == request_


@pytest.mark.parametrize("text", reminder_words.NEAR_MISSES)
def test_words_that_ask_for_no_reminder_of_their_own(text):
    assert reminder_words.read_request(text, _find_when) is None


@pytest.mark.parametrize("text, repeat", reminder_words.REPEAT_EXAMPLES)
def test_how_a_reminder_repeats(text, repeat):
    assert reminder_words.read_repeat(text) == repeat


@pytest.mark.parametrize("text", reminder_words.REPEAT_NEAR_MISSES)
def test_words_that_are_no_repeat(text):
    assert reminder_words.read_repeat(text) is None


@pytest.mark.parametrize("text, task, day", due_dates.EXAMPLES)
def test_a_deadline_in_a_steps_words(text, task, day):
    found = due_dates.read_due(text, NOW, "Europe/London")
    assert found is not None and (found.words, found.day.isoformat()) == (task, day)


@pytest.mark.parametrize("text", due_dates.NEAR_MISSES)
def test_deadline_words_that_are_no_due_date(text):
    assert due_dates.read_due(text, NOW, "Europe/London") is None


@pytest.mark.parametrize("text, words, day", due_dates.ABOUT_EXAMPLES)
def test_a_deadline_for_a_step_that_exists(text, words, day):
    found = due_dates.read_due_about(text, NOW, "Europe/London")
    assert found is not None and (found.words, found.day.isoformat()) == (words, day)


def test_a_due_day_is_the_persons_own_day():
    # 23:30 in London on Tuesday is already Wednesday in Tokyo: "tomorrow" differs.
    late = datetime(2026, 11, 24, 23, 30, tzinfo=UTC)
    assert (
        due_dates.read_due("send it by tomorrow", late, "Europe/London").day.isoformat()
        == "2026-11-25"
    )
    assert (
        due_dates.read_due("send it by tomorrow", late, "Asia/Tokyo").day.isoformat()
        == "2026-11-26"
    )


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "prune the roses weed the beds buy compost and fix the gate",
            ["Prune the roses", "Weed the beds", "Buy compost", "Fix the gate"],
        ),
        (
            "ring the school email the coach book the minibus",
            ["Ring the school", "Email the coach", "Book the minibus"],
        ),
        (
            "pick up the keys and then clean the oven and then send the meter readings",
            ["Pick up the keys", "Clean the oven", "Send the meter readings"],
        ),
        (
            "visit the two homes, sort the funding and then pack her things, ring the GP",
            ["Visit the two homes", "Sort the funding", "Pack her things", "Ring the GP"],
        ),
        (
            "renew my passport and get new photos and fill in the form and post it",
            ["Renew my passport", "Get new photos", "Fill in the form", "Post it"],
        ),
        (
            "fill in the form, and then buy a crate and a lead",
            ["Fill in the form", "Buy a crate and a lead"],
        ),
        (
            "measure the hall, book a sander. also order varnish",
            ["Measure the hall", "Book a sander", "Order varnish"],
        ),
    ],
)
def test_steps_typed_without_commas_or_across_a_stop(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize(
    "text",
    [
        "file the tax return online",  # "return" is the tax return here
        "get a plumber to fix the leak",  # the verb after "to" is the same step
        "book flights for me and amma",
        "help me set up the printer",
    ],
)
def test_one_step_stays_one_step(text):
    assert len(plan_phrases.split_steps(text)) == 1


@pytest.mark.parametrize("text, title, steps", plan_phrases.LABELLED_EXAMPLES)
def test_a_plan_after_a_label_or_before_a_pointer(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, list(steps))


@pytest.mark.parametrize("text", plan_phrases.LABELLED_NEAR_MISSES)
def test_no_label_no_pointer(text):
    assert not plan_phrases.labelled(text)


@pytest.mark.parametrize("text, olds, steps", replacements.CHANGE_EXAMPLES)
def test_a_change_said_of_a_topic(text, olds, steps):
    assert replacements.read_change(text) == (olds, list(steps))


@pytest.mark.parametrize(
    "text, topic",
    [
        ("change for the trial: instead of one full shift we do 3 mornings", "trial"),
        # "w" is "with", as people type it: a topic, never "change X for Y"
        (
            "change w the inspector thing: commissary books it for us now, so 1) email my "
            "paperwork to Sandra 2) pay her the $75 fee",
            "inspector thing",
        ),
    ],
)
def test_the_topic_a_change_is_said_of(text, topic):
    assert replacements.topic_of(text) == topic


@pytest.mark.parametrize("text, steps", replacements.SO_BEFORE_FIRST_EXAMPLES)
def test_the_so_before_a_changes_first_new_step_is_none_of_it(text, steps):
    found = replacements.read_change(text)
    assert found is not None and found[1] == steps


@pytest.mark.parametrize("step", replacements.SO_BEFORE_FIRST_NEAR_MISSES)
def test_a_step_that_starts_so_otherwise_keeps_it(step):
    assert replacements.without_so_before(step) == step


@pytest.mark.parametrize("text", replacements.CHANGE_NEAR_MISSES)
def test_no_change_of_a_step(text):
    assert replacements.read_change(text) is None


@pytest.mark.parametrize("text, title, steps", plan_phrases.ARROW_EXAMPLES)
def test_a_plan_with_arrows_or_a_subject_line(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, list(steps))


@pytest.mark.parametrize("text", plan_phrases.ARROW_NEAR_MISSES)
def test_an_arrow_alone_is_no_plan(text):
    assert plan_phrases.read_plan(text) is None


@pytest.mark.parametrize("text, title, steps", plan_phrases.SEQUENCE_EXAMPLES)
def test_a_plan_in_sequence_or_named_plan(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, list(steps))


@pytest.mark.parametrize("text", plan_phrases.SEQUENCE_NEAR_MISSES)
def test_first_after_a_possessive_is_no_sequence(text):
    assert plan_phrases.read_sequence(text) is None


@pytest.mark.parametrize(
    "form, text, title, steps",
    [(f.name, text, title, steps) for f in plan_phrases.FORMS for text, title, steps in f.examples],
)
def test_each_marked_plan_form_reads_its_examples_and_decides_them(form, text, title, steps):
    deciding = next(f for f in plan_phrases.FORMS if f.applies(text.strip()))
    assert deciding.name == form
    assert plan_phrases.read_plan(text) == (title, list(steps))


@pytest.mark.parametrize("text", [n for f in plan_phrases.FORMS for n in f.near_misses])
def test_a_marked_form_near_miss_is_no_plan(text):
    assert plan_phrases.read_plan(text) is None


@pytest.mark.parametrize(
    "name, text", [(c.name, e) for c in interpreter.COMMANDS for e in c.examples]
)
def test_each_command_reads_its_examples_first(name, text):
    found = interpreter.read_command(text)
    assert found is not None and found[0].name == name, (text, found and found[0].name)


@pytest.mark.parametrize(
    "name, text", [(c.name, n) for c in interpreter.COMMANDS for n in c.near_misses]
)
def test_a_command_leaves_its_near_misses(name, text):
    found = interpreter.read_command(text)
    assert found is None or found[0].name != name, text


@pytest.mark.parametrize("text", hedges.REPORTS_FIRST)
def test_a_report_said_first_is_no_hedge_whatever_comes_after(text):
    assert hedges.hedge(text) is None


@pytest.mark.parametrize("text", hedges.TOLD_BEFORE)
def test_their_maybe_after_a_try_gone_wrong_or_a_reminder_asked_is_no_hedge(text):
    assert hedges.hedge(text) is not None  # without the reader of what was told before
    assert hedges.hedge(text, intents.told_outright) is None


@pytest.mark.parametrize(
    "text",
    [
        *hedges.NOT_TOLD_BEFORE,
        "haven't done the video call thing yet. maybe this weekend",  # not yet, then a when
        "I need to ring octopus, maybe the electric first",  # only what is still to come
    ],
)
def test_a_maybe_of_ones_own_or_after_nothing_told_still_hedges(text):
    assert hedges.hedge(text, intents.told_outright) is not None


@pytest.mark.parametrize(
    "text",
    [
        "maybe I called them already, not sure",
        "was going to call them, but ran out of time",
        "thought about it, might skip the cake",
    ],
)
def test_a_hedge_in_the_first_clause_still_hedges(text):
    assert hedges.hedge(text) is not None


@pytest.mark.parametrize(
    "text, hour",
    [
        ("can you nudge me about the facebook post later today, around 5ish", 17),
        ("remind me about the van tomorrow, at 9am", 9),
        ("ping me about the quotes today, 4pm", 16),
    ],
)
def test_a_time_said_after_the_day_asked_for_is_that_days(text, hour):
    when = intents.said_of(text, NOW, "Europe/London").when
    assert when is not None and when.has_time and when.moment.hour == hour


def test_a_time_of_another_day_is_not_the_day_asked_for():
    when = intents.said_of(
        "remind me about the van tomorrow, the garage opens friday at 9am", NOW, "Europe/London"
    ).when
    assert when is not None and not when.has_time and when.moment.day == 25


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "need to sort ollies party!! 1 book the hall 2 send invites 3 order cake 4 party bags",
            "Sort ollies party",
            ["Book the hall", "Send invites", "Order cake", "Party bags"],
        ),
        (
            "move house 1 pack 2 clean 3 hand keys back",
            "Move house",
            ["Pack", "Clean", "Hand keys back"],
        ),
    ],
)
def test_a_list_numbered_inside_one_line(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text",
    ["I have 1 kid and 2 dogs and 3 cats to feed", "got 2 quotes and 3 calls to make"],
)
def test_numbers_that_count_things_are_no_list(text):
    assert plan_phrases.numbered_lines(text) == text


@pytest.mark.parametrize("text, rest", plan_prose.ANNOUNCED_PLAN_EXAMPLES)
def test_a_clause_only_announcing_a_new_plan_is_no_part_of_the_goal(text, rest):
    assert plan_prose.about_the_message(text) == (rest, True)


@pytest.mark.parametrize("text", plan_prose.ANNOUNCED_PLAN_NEAR_MISSES)
def test_a_plan_word_with_words_of_its_own_is_no_announcement(text):
    assert plan_prose.announced_plan_end(text) is None


@pytest.mark.parametrize(
    "text, title, steps, goal, kept", plan_prose.GOAL_AFTER_ASKING_HEAD_EXAMPLES
)
def test_words_asking_for_a_plan_in_another_language_are_no_title(text, title, steps, goal, kept):
    assert plan_prose.goal_after_asking_head(text, title, steps) == (goal, kept)


@pytest.mark.parametrize("sentence, steps", plan_prose.INFINITIVES_LISTED_EXAMPLES)
def test_actions_listed_in_another_languages_infinitive_are_steps(sentence, steps):
    assert plan_prose.infinitives_listed(sentence) == steps


@pytest.mark.parametrize("sentence", plan_prose.INFINITIVES_LISTED_NEAR_MISSES)
def test_things_joined_after_one_infinitive_are_no_list(sentence):
    assert plan_prose.infinitives_listed(sentence) is None


@pytest.mark.parametrize("text, title, steps", plan_prose.GOAL_AFTER_ASKING_HEAD_NEAR_MISSES)
def test_a_head_with_words_of_its_own_keeps_its_title(text, title, steps):
    assert plan_prose.goal_after_asking_head(text, title, steps) is None


@pytest.mark.parametrize("text, rest", plan_prose.NEW_PLAN_ELSEWHERE_EXAMPLES)
def test_a_new_plan_announced_in_another_language_is_no_part_of_the_goal(text, rest):
    assert plan_prose.about_the_message(text) == (rest, True)


@pytest.mark.parametrize("text", plan_prose.NEW_PLAN_ELSEWHERE_NEAR_MISSES)
def test_a_thing_new_in_another_language_is_no_plan_announced(text):
    assert plan_prose.about_the_message(text)[1] is False


@pytest.mark.parametrize("text, rest, asked", plan_prose.ABOUT_EXAMPLES)
def test_words_about_the_message_are_no_part_of_the_plan(text, rest, asked):
    """A request to keep it, steps promised for later, a sign-off, dictated punctuation."""
    assert plan_prose.about_the_message(text) == (rest, asked)


@pytest.mark.parametrize("text", plan_prose.ABOUT_NEAR_MISSES)
def test_words_of_the_plan_itself_stay(text):
    assert plan_prose.about_the_message(text) == (text, False)


@pytest.mark.parametrize(
    "rest, title, steps",
    [
        (
            "for the school fair step one book the hall step two order the cake step three "
            "print flyers",
            "The school fair",
            ["Book the hall", "Order the cake", "Print flyers"],
        ),
        (
            "called Nana's 90th step 1 ring the club step 2 send the invites",
            "Nana's 90th",
            ["Ring the club", "Send the invites"],
        ),
        (
            "to learn the guitar, step one buy a guitar, step two find a teacher",
            "Learn the guitar",
            ["Buy a guitar", "Find a teacher"],
        ),
    ],
)
def test_a_plan_by_name_whose_steps_are_counted_aloud(rest, title, steps):
    assert plan_phrases.split_titled(rest) == (title, steps)


@pytest.mark.parametrize("rest", ["for the one step program", "about step one of the course"])
def test_a_step_word_in_the_title_counts_nothing(rest):
    assert plan_phrases.split_titled(rest)[1] == []


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "We are moving to Hobart in March. First I need to give notice at work, once that is "
            "done I want to book the removalist, and when that's sorted I'll need to find a "
            "school for Sam.",
            "Moving to Hobart in March",
            ["Give notice at work", "Book the removalist", "Find a school for Sam"],
        ),
        (
            "to get the shed built first get council approval, once that's done order the kit, "
            "when that's all sorted book a builder",
            "Get the shed built",
            ["Get council approval", "Order the kit", "Book a builder"],
        ),
        (
            "I need to redo the kitchen. First I have to save up, after that get three quotes, and "
            "once that's all sorted I'd like to pick the tiles",
            "Redo the kitchen",
            ["Save up", "Get three quotes", "Pick the tiles"],
        ),
    ],
)
def test_once_that_is_done_starts_the_next_step(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps) or plan_prose.read_prose_plan(text) == (
        title,
        steps,
    )


@pytest.mark.parametrize(
    "text",
    ["once that's done I'll be happy", "when that's sorted we can relax"],
)
def test_once_that_is_done_alone_is_no_plan(text):
    found = plan_phrases.read_plan(text)
    assert found is None or len(found[1]) < 2
    assert plan_prose.read_prose_plan(text) is None


@pytest.mark.parametrize("steps, tidied", plan_phrases.ONE_ACTION_EXAMPLES)
def test_a_step_is_one_action(steps, tidied):
    """A second action joined by "and", "… and one in the newsletter", a remark among the
    steps, and words about a step after it."""
    assert plan_phrases.one_action_each(list(steps)) == list(tidied)


@pytest.mark.parametrize("steps", plan_phrases.ONE_ACTION_NEAR_MISSES)
def test_one_action_said_with_and_stays_one_step(steps):
    assert plan_phrases.one_action_each(list(steps)) == list(steps)


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "so our roof is leaking and we have to get it fixed before winter, first get three "
            "quotes then pick a roofer then book them in",
            # the goal points back at the roof: named by it
            "Get our roof fixed before winter",
            ["Get three quotes", "Pick a roofer", "Book them in"],
        ),
        (
            "the car failed its MOT and I need to sort the repairs, firstly ring the garage, then "
            "order the parts, then book it in again",
            "Sort the repairs",
            ["Ring the garage", "Order the parts", "Book it in again"],
        ),
        (
            "my mum moved in and I need to sort the spare room, first clear the boxes, then paint "
            "it, then buy a bed",
            "Sort the spare room",
            ["Clear the boxes", "Paint it", "Buy a bed"],
        ),
    ],
)
def test_what_they_have_to_do_before_first_is_the_goal(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "help me remember the bin stuff: put the green bin out, order a new lid, ring the "
            "council",
            "The bin stuff",
            ["Put the green bin out", "Order a new lid", "Ring the council"],
        ),
        (
            "help me stay on top of the wedding admin: book the registrar, send invites",
            "The wedding admin",
            ["Book the registrar", "Send invites"],
        ),
        (
            "help me keep track of the garden jobs: mow, weed, trim the hedge",
            "The garden jobs",
            ["Mow", "Weed", "Trim the hedge"],
        ),
    ],
)
def test_help_me_keep_on_top_of_is_a_goal_word(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize("text", ["help me lift the sofa", "help me remember your name"])
def test_help_me_with_a_thing_now_is_no_plan_with_steps(text):
    found = plan_phrases.read_plan(text)
    assert found is None or found[1] == []


@pytest.mark.parametrize(
    "text, title",
    [
        ("I would like a plan for getting fit", "Getting fit"),
        ("i need a list for the camping trip", "The camping trip"),
        ("I'd like a plan to learn Welsh", "Learn Welsh"),
    ],
)
def test_a_plan_or_list_wished_for_names_its_goal(text, title):
    assert plan_phrases.read_plan(text) == (title, [])


@pytest.mark.parametrize("text", ["I need a plan b lol", "I'd like a list of the prices"])
def test_a_plan_or_list_of_something_else_is_no_goal(text):
    assert plan_phrases.read_plan(text) is None


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "Moving house. Firstly book the van, secondly pack the kitchen, thirdly clean the oven",
            ["Book the van", "Pack the kitchen", "Clean the oven"],
        ),
        (
            "to sell the car firstly get it valeted, secondly take photos, thirdly list it",
            ["Get it valeted", "Take photos", "List it"],
        ),
        (
            "Garden. Firstly dig the beds, secondly plant the bulbs",
            ["Dig the beds", "Plant the bulbs"],
        ),
    ],
)
def test_steps_counted_firstly_secondly_thirdly(text, steps):
    assert plan_phrases.read_plan(text)[1] == steps


@pytest.mark.parametrize(
    "rest", ["pls: sort the spare room", "please: learn Welsh", "for me pls: bake"]
)
def test_politeness_before_a_plans_name_is_no_part_of_it(rest):
    assert plan_phrases.split_titled(rest)[0] in ("Sort the spare room", "Learn Welsh", "Bake")


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "Need help getting organised for Xmas: presents for the kids, book the turkey",
            "Xmas",
            ["Presents for the kids", "Book the turkey"],
        ),
        (
            "I need some help with the garden: mow, weed, prune",
            "The garden",
            ["Mow", "Weed", "Prune"],
        ),
        (
            "I've got loads of stuff to sort for the wedding - book the band, pick the menu",
            "The wedding",
            ["Book the band", "Pick the menu"],
        ),
        (
            "To do for the move: 1. Cancel the gas 2. Redirect mail",
            "The move",
            ["Cancel the gas", "Redirect mail"],
        ),
        (
            "things to do before xmas: wrap presents, post cards",
            "Xmas",
            ["Wrap presents", "Post cards"],
        ),
    ],
)
def test_words_asking_for_help_with_a_goal_are_not_its_title(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize("text", ["I need help lol", "I have a few things to do today"])
def test_asking_for_help_with_nothing_named_is_no_plan(text):
    assert plan_phrases.read_plan(text) is None


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "ok here goes. Nan's 90th. book the club. order a cake",
            "Nan's 90th",
            ["Book the club", "Order a cake"],
        ),
        (
            "bear with me. Selling the boat. clean it, take photos, list it",
            "Selling the boat",
            ["Clean it", "Take photos", "List it"],
        ),
        (
            "right then. Garden. dig the beds. plant bulbs. buy compost",
            "Garden",
            ["Dig the beds", "Plant bulbs", "Buy compost"],
        ),
    ],
)
def test_words_that_only_start_the_telling_are_no_goal(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)


@pytest.mark.parametrize("text", ["here goes nothing", "bear with me, I'm slow at typing"])
def test_a_start_of_telling_alone_is_no_plan(text):
    assert plan_prose.read_prose_plan(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Slight change - we're driving now",
        "plans have changed, book the train and a hotel",
        "we decided against the solicitor, going to do it ourselves: download the forms",
        "we've scrapped the marquee idea",
        "change of heart: paper it, hang the mirror",
    ],
)
def test_a_change_said_first_is_marked_as_a_change(text):
    assert replacements.marked_as_change(text)


@pytest.mark.parametrize(
    "text",
    [
        "update: the will is found",
        "dropped the kids at school",
        "I cancelled the order, and need to ring them",
        "the plans are fine",
    ],
)
def test_news_is_not_marked_as_a_change(text):
    assert not replacements.marked_as_change(text)


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "another thing I need to organise is the trip to Bali: passports, flights",
            "The trip to Bali",
        ),
        ("the shed needs doing: clear it out, fix the roof, paint it", "The shed"),
        ("I also want to sort out my will this year", "Sort out my will this year"),
    ],
)
def test_words_around_a_goal_are_not_its_title(text, title):
    assert plan_phrases.read_plan(text)[0] == title


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "Kids are coming at christmas so need to get the beds sorted, buy a highchair and "
            "stock the pantry",
            "Kids coming at christmas",
        ),
        (
            "new one for you - Ray's 70th birthday party. Book the RSL, order a cake, send invites",
            "Ray's 70th birthday party",
        ),
        (
            "Visitors are coming next week so need to clean the spare room, buy towels and plan "
            "meals",
            "Visitors coming next week",
        ),
    ],
)
def test_a_goal_in_a_sentence_of_its_own_keeps_its_words(text, title):
    assert plan_prose.read_prose_plan(text)[0] == title


@pytest.mark.parametrize("text", ["the shed needs doing", "another thing I need to do is rest"])
def test_a_goal_with_no_steps_and_no_goal_word_is_no_marked_plan(text):
    assert plan_phrases.read_plan(text) is None


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "hey so im applying for uni, need my transcripts, a reference from my teacher, and "
            "also my personal statement done",
            "Applying for uni",
            ["My transcripts", "A reference from my teacher", "My personal statement done"],
        ),
        (
            "so we're adopting a dog, need a crate, a lead, and also a vet",
            "Adopting a dog",
            ["A crate", "A lead", "A vet"],
        ),
        (
            "Dear Sir, I need to sort my late wife's affairs. I have to ring the bank, cancel her "
            "phone and find the will",
            "Sort my late wife's affairs",
            ["Ring the bank", "Cancel her phone", "Find the will"],
        ),
        (
            "My husband and I are going on a cruise in May and there is a lot to organise. we "
            "need to renew our passports, get insurance",
            "Going on a cruise in May",
            ["Renew our passports", "Get insurance"],
        ),
    ],
)
def test_things_needed_a_letters_greeting_and_a_second_clause(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text, title, steps",
    [
        ("I would like some help to plan my retirement", "My retirement", []),
        (
            "I'd like help with the allotment: dig it, plant it",
            "The allotment",
            ["Dig it", "Plant it"],
        ),
        (
            "I want help getting ready for the baby: cot, pram, car seat",
            "The baby",
            ["Cot", "Pram", "Car seat"],
        ),
    ],
)
def test_help_wished_for_with_a_goal(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text", ["I need to:", "I would like help", "I need my glasses, keys and wallet"]
)
def test_a_goal_word_with_no_goal_is_no_plan(text):
    assert plan_phrases.read_plan(text) is None
    assert plan_prose.read_prose_plan(text) is None


@pytest.mark.parametrize("text, ref", see_requests.EXAMPLES)
def test_a_request_to_see_and_what_it_names(text, ref):
    assert see_requests.asked_to_see(text) == ref


@pytest.mark.parametrize("text", see_requests.NEAR_MISSES)
def test_words_that_ask_to_see_nothing(text):
    assert see_requests.asked_to_see(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "Hi! I'm Sue. I look after my dad who has dementia. Not sure how this works yet",
        "It's Barry. My wife passed in May. I live alone now",
        "my name is Joan. I have two cats. they keep me busy",
    ],
)
def test_who_is_writing_and_their_news_is_no_plan(text):
    assert plan_prose.read_prose_plan(text) is None


@pytest.mark.parametrize(
    "text, title",
    [
        ("Hi, I'm Pat. Garden jobs. Mow the lawn. Trim the hedge. Weed the beds.", "Garden jobs"),
        (
            "it's Barry from Hokitika. New shed. Clear the site. Pour the slab. Build it.",
            "New shed",
        ),
    ],
)
def test_a_plan_after_who_is_writing(text, title):
    assert plan_prose.read_prose_plan(text)[0] == title


@pytest.mark.parametrize(
    "text, steps",
    [
        ("first I'll ring the council then I'll book the GP", ["Ring the council", "Book the GP"]),
        (
            "to get the shed built first we'll get approval, then we will order the kit",
            ["Get approval", "Order the kit"],
        ),
        (
            "move house: first I will book the van, then I'll pack",
            ["Book the van", "Pack"],
        ),
    ],
)
def test_i_will_before_a_step_in_sequence_is_no_part_of_it(text, steps):
    assert plan_phrases.read_plan(text)[1] == steps


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "measure the wall put up grab rails fix the tap",
            ["measure the wall", "put up grab rails", "fix the tap"],
        ),
        (
            "clear the shed pick up paint samples book the painter",
            ["clear the shed", "pick up paint samples", "book the painter"],
        ),
        (
            "empty the van hang up wash bags sort the post",
            ["empty the van", "hang up wash bags", "sort the post"],
        ),
    ],
)
def test_a_verb_after_a_two_word_verb_is_its_thing(text, steps):
    """ "put up grab rails": "put up" has nothing done to anything yet, so "grab" is no new
    step."""
    assert plan_phrases.run_on(text) == steps


@pytest.mark.parametrize(
    "text, steps",
    [
        ("put it up paint the wall fix the gate", ["put it up", "paint the wall", "fix the gate"]),
        (
            "take the old one down paint the wall hang the mirror",
            ["take the old one down", "paint the wall", "hang the mirror"],
        ),
    ],
)
def test_a_particle_after_its_thing_still_ends_the_step(text, steps):
    assert plan_phrases.run_on(text) == steps


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "my dad is coming to stay and we need to get the spare room ready for him first clear "
            "the boxes then buy a bed and then hang curtains",
            "Get the spare room ready for him",
            ["Clear the boxes", "Buy a bed", "Hang curtains"],
        ),
        (
            "the kitchen flooded and I have to sort the insurance claim first ring the insurer then "
            "send photos then get a quote",
            "Sort the insurance claim",
            ["Ring the insurer", "Send photos", "Get a quote"],
        ),
        (
            "we are moving in march and we need to get the flat sorted first book a van then pack "
            "the books and then give notice",
            "Get the flat sorted",
            ["Book a van", "Pack the books", "Give notice"],
        ),
    ],
)
def test_first_and_a_step_verb_start_the_steps_without_a_comma(text, title, steps):
    """The goal stops before "first": neither "first" in the title nor the goal a step too."""
    assert plan_prose.read_prose_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text, reading",
    [
        (
            "the boiler died and we need to call the plumber first thing tomorrow then book the van",
            None,
        ),
        (
            "my sister is visiting and I need to tidy up first because she is fussy then cook",
            ("My sister is visiting", ["Tidy up first because she is fussy", "Cook"]),
        ),
    ],
)
def test_first_not_followed_by_a_step_starts_no_steps(text, reading):
    """ "first thing tomorrow", "first because …": "first" of a time or a reason stays put."""
    assert plan_prose.read_prose_plan(text) == reading


@pytest.mark.parametrize(
    "text, rest",
    [
        (
            "can you track a goal for me: get my full driving licence before we move",
            "get my full driving licence before we move",
        ),
        ("please note a new goal - learn welsh by the summer", "learn welsh by the summer"),
        ("could you save a plan for me: sell the caravan", "sell the caravan"),
        (
            "First book the venue, then send the invites. Can you make this a plan?",
            "First book the venue, then send the invites.",
        ),
        (
            "clear the loft, then sell the bike. turn that into a plan pls",
            "clear the loft, then sell the bike.",
        ),
        ("sell the car, buy a bike, could you make a plan out of it", "sell the car, buy a bike."),
        (
            "I want you to track this goal: finish my dissertation by April",
            "finish my dissertation by April",
        ),
        ("can you remember a goal for me? learn to drive", "learn to drive"),
    ],
)
def test_asked_to_make_it_a_plan_or_track_a_goal(text, rest):
    """A request that the words be a plan, or to track a goal named after a colon, is no
    part of the plan."""
    assert plan_prose.about_the_message(text) == (rest, True)


@pytest.mark.parametrize(
    "text",
    [
        "I need to make this a plan for work",
        "can you make this a bit shorter",
        "track the parcel for me: it is late",
        "add a goal to the form",
        "turn this into a plan and it will be fine",
        "did you track a goal for me",
        "I want you to know my goal: it matters",
    ],
)
def test_words_about_a_plan_that_ask_for_none(text):
    assert plan_prose.about_the_message(text) == (text, False)


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "First I need to get the tax file number, after that open a bank account, and after I "
            "look for childcare",
            ["Get the tax file number", "Open a bank account", "Look for childcare"],
        ),
        (
            "first I need to ring the bank, after that book the van, and after I pack the kitchen",
            ["Ring the bank", "Book the van", "Pack the kitchen"],
        ),
        (
            "First we have to find a flat, after that get the deposit, and after we sign the lease",
            ["Find a flat", "Get the deposit", "Sign the lease"],
        ),
    ],
)
def test_and_after_i_starts_the_next_step_in_a_sequence(text, steps):
    assert plan_phrases.read_plan(text)[1] == steps


@pytest.mark.parametrize(
    "text, last",
    [
        (
            "first call the bank, then book the van after I get paid",
            "Book the van after I get paid",
        ),
        ("first call mum, then buy the tickets and after I am paid go out", None),
    ],
)
def test_after_i_of_a_time_stays_in_its_step(text, last):
    steps = plan_phrases.read_plan(text)[1]
    assert len(steps) == 2
    assert last is None or steps[-1] == last


@pytest.mark.parametrize("text, olds, steps", replacements.INSTEAD_EXAMPLES)
def test_a_step_said_to_be_no_more_and_what_comes_instead(text, olds, steps):
    assert replacements.read_instead(text) == (olds, list(steps))


@pytest.mark.parametrize("text", replacements.INSTEAD_NEAR_MISSES)
def test_instead_with_nothing_stopped_or_nothing_to_do_replaces_nothing(text):
    assert replacements.read_instead(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "i was thinking to start the mock tests this week itself, let's see",
        "am thinking to book the vet for friday",
        "I was thinking to ring the council tomorrow",
    ],
)
def test_thinking_to_do_a_thing_is_a_musing(text):
    assert hedges.hedge(text) == "musing"


@pytest.mark.parametrize(
    "text", ["I was thinking to myself the van is booked", "started the mock tests, thinking time"]
)
def test_thinking_of_nothing_to_do_is_no_musing(text):
    assert hedges.hedge(text) is None


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "ok so I need to redo the garden for spring first dig out the old shrubs then lay new "
            "turf and then plant bulbs",
            "Redo the garden for spring",
        ),
        (
            "hiya gotta sort the loft before we sell first clear the junk then board it then put "
            "up a ladder",
            "Sort the loft before we sell",
        ),
        (
            "hello, I have to get the car ready for the trip firstly wash it then check the oil "
            "then pump the tyres",
            "Get the car ready for the trip",
        ),
    ],
)
def test_first_at_the_end_of_the_goal_starts_the_steps(text, title):
    assert plan_prose.read_prose_plan(text)[0] == title


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "Paint the first floor. Buy paint. Book a painter. Move the sofa.",
            "Paint the first floor",
        ),
        ("my first marathon. Buy shoes. Join a club. Book a race.", "My first marathon"),
    ],
)
def test_first_inside_the_goal_stays(text, title):
    assert plan_prose.read_prose_plan(text)[0] == title


@pytest.mark.parametrize(
    "text, rest",
    [
        (
            "book the hall, send invites. please set this up as a plan",
            "book the hall, send invites.",
        ),
        (
            "book the hall, send invites. can you save this as a plan?",
            "book the hall, send invites.",
        ),
        ("book the hall, send invites. make me a plan with that", "book the hall, send invites."),
        (
            "dig the beds, buy seeds. is that something you can track?",
            "dig the beds, buy seeds.",
        ),
    ],
)
def test_asked_to_keep_it_as_a_plan_in_other_words(text, rest):
    assert plan_prose.about_the_message(text) == (rest, True)


@pytest.mark.parametrize(
    "text",
    [
        "I set this up as a plan last week",
        "save it as a draft",
        "is that something you can eat?",
    ],
)
def test_words_of_keeping_something_else_are_no_request(text):
    assert plan_prose.about_the_message(text) == (text, False)


@pytest.mark.parametrize(
    "text, rest",
    [
        ("New one for me — get the loft boarded by spring", "get the loft boarded by spring"),
        ("a new goal for you to track: 10k under 50 minutes", "10k under 50 minutes"),
        ("new project for me to keep track of - the garage conversion", "the garage conversion"),
        ("hi can help me track this ah\nvisa renewal", "visa renewal"),
        ("could you help me keep track of this please: the MOT", "the MOT"),
    ],
)
def test_who_a_new_goal_is_for_is_no_part_of_its_title(text, rest):
    assert plan_prose.opening(text) == rest


@pytest.mark.parametrize(
    "text",
    ["new plan for the garden: dig the beds", "help me track down a plumber", "new goals for 2027"],
)
def test_a_new_goal_named_in_the_opening_keeps_its_words(text):
    assert plan_prose.opening(text) == text


@pytest.mark.parametrize("text, read", plan_prose.AMPERSAND_EXAMPLES)
def test_an_ampersand_in_a_name_is_no_and(text, read):
    assert plan_prose.opening(text) == read


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "sort the move out: book a van, hand the keys back to Hollis & Co",
            ["Book a van", "Hand the keys back to Hollis & Co"],
        ),
        (
            "xmas shopping: order the turkey, pick up the cake from Marks & Spencer",
            ["Order the turkey", "Pick up the cake from Marks & Spencer"],
        ),
        # a lowercase "&" is an "and": between two deeds it splits ("get seeds & bulbs", one
        # action on two bare things, is one step: plan_phrases.ONE_STEP_AT_THE_END_EXAMPLES)
        (
            "garden: buy compost, get seeds & plant bulbs",
            ["Buy compost", "Get seeds", "Plant bulbs"],
        ),
    ],
)
def test_a_names_ampersand_splits_no_step(text, steps):
    assert plan_phrases.read_plan(text)[1] == steps


@pytest.mark.parametrize(
    "text, read",
    [
        (
            "doing the 10k for the hospice (wish me luck 🤞) and need to buy shoes",
            "doing the 10k for the hospice and need to buy shoes",
        ),
        ("book the ferry (is it still P&O? no idea), pack the car", "book the ferry, pack the car"),
        ("right (bear with me, long day) we're moving house", "we're moving house"),
        (
            "paint the hall, fix the tap (if I can find the washer lol)",
            "paint the hall, fix the tap",
        ),
        ("sort the kids' rooms — oh and book the skip", "sort the kids' rooms, and book the skip"),
    ],
)
def test_an_aside_in_brackets_or_an_oh_is_no_part_of_a_step(text, read):
    assert plan_prose.opening(text) == read


@pytest.mark.parametrize(
    "text",
    [
        "buy the paint (the sage green one), sand the door",
        "order the cake (£40 deposit), book the hall",
        "ring Dr Patel (the new GP), book bloods",
    ],
)
def test_brackets_that_add_to_a_step_stay(text):
    assert "(" in plan_prose.opening(text)


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "so I've signed up for the Great North Run in September and I need to buy trainers, "
            "find a charity, start a training plan",
            "Great North Run in September",
        ),
        (
            "we've volunteered to run the school disco, need to book a DJ, sell tickets, get "
            "snacks",
            "Run the school disco",
        ),
        (
            "I have said I will clear Gran's garage. need to hire a skip, sort the tools, sell the "
            "mower",
            "Clear Gran's garage",
        ),
    ],
)
def test_what_someone_signed_up_for_is_the_goal(text, title):
    assert plan_prose.read_prose_plan(text)[0] == title


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "Project: rebuild the treehouse 🌳 First we need to buy timber, after that cut the "
            "planks, finally paint it",
            "Rebuild the treehouse",
            ["Buy timber", "Cut the planks", "Paint it"],
        ),
        (
            "Goal: sell the boat ⛵ First I have to get it valued, then list it, then show buyers",
            "Sell the boat",
            ["Get it valued", "List it", "Show buyers"],
        ),
        (
            "mission: Spanish by summer 🇪🇸 Firstly find a tutor, afterwards book lessons, lastly "
            "plan a trip",
            "Spanish by summer",
            ["Find a tutor", "Book lessons", "Plan a trip"],
        ),
    ],
)
def test_an_emoji_ends_a_labelled_goal_and_order_words_are_no_step(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text, first",
    [
        ("moving flat and need to sort: 1. pack 2. clean 3. hand keys back", "moving flat"),
        ("new job in york, things to do:\n- find a room\n- open a bank account", "new job in york"),
        ("hi po, the wedding. need to do:\n- book the church\n- order the cake", "the wedding"),
    ],
)
def test_a_title_line_without_the_words_that_introduce_its_list(text, first):
    assert plan_prose.first_line_opening(text).splitlines()[0] == first


@pytest.mark.parametrize(
    "text, first",
    [
        ("we need to sort the garage\n- clear it\n- sweep it", "we need to sort the garage"),
        ("I have to do the taxes\n- receipts\n- ring the accountant", "I have to do the taxes"),
        ("po box renewal\n- find the key\n- pay online", "po box renewal"),
    ],
)
def test_a_title_line_that_names_its_goal_keeps_it(text, first):
    assert plan_prose.first_line_opening(text).splitlines()[0] == first


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "the in-laws arrive on the 20th and we need to get ready first clear the spare room "
            "then buy a blow-up bed and then stock the fridge",
            "In-laws arrive on the 20th",
        ),
        (
            "ok so the school trip is in june and I have to get organised, first pay the deposit "
            "then buy a rucksack then sew in name labels",
            "School trip",
        ),
        (
            "our open day is saturday and we need to sort everything out first print flyers then "
            "book the hall then bake cakes",
            "Our open day",
        ),
    ],
)
def test_a_goal_that_names_nothing_leaves_what_it_is_for_as_the_goal(text, title):
    assert plan_prose.read_prose_plan(text)[0] == title


@pytest.mark.parametrize(
    "text, title",
    [
        (
            "the bathroom leaked and I have to claim on the insurance, first ring the insurer "
            "then send photos then get a quote",
            "Claim on the insurance",
        ),
        (
            "my sister visits in may and we need to redo the spare room first strip the paper "
            "then paint it then buy a bed",
            "Redo the spare room",
        ),
    ],
)
def test_a_goal_that_names_its_thing_is_the_goal(text, title):
    assert plan_prose.read_prose_plan(text)[0] == title


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "so my son is joining the scouts and he has to get a uniform and then fill in the "
            "health form and after that there's the camp in june",
            "My son is joining the scouts",
            ["Get a uniform", "Fill in the health form", "The camp in june"],
        ),
        (
            "Dad is moving into sheltered housing and he needs to sell the bungalow, sort his "
            "pension and redirect his post",
            "Dad is moving into sheltered housing",
            ["Sell the bungalow", "Sort his pension", "Redirect his post"],
        ),
        (
            "the twins are starting nursery and they have to get their jabs, then a settling in "
            "day, then there is the uniform to buy",
            "Twins are starting nursery",
            ["Get their jabs", "A settling in day", "The uniform to buy"],
        ),
    ],
)
def test_the_goal_of_someone_they_look_after(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text",
    [
        "she has to go to bed early tonight",
        "my neighbour says he has to move his car, fair enough",
    ],
)
def test_what_someone_else_has_to_do_alone_is_no_plan(text):
    assert plan_prose.read_prose_plan(text) is None


@pytest.mark.parametrize(
    "text, title",
    [
        ("need a plan for selling the boat", "Selling the boat"),
        ("Need a plan for the allotment", "The allotment"),
        ("need a list for the camping trip", "The camping trip"),
    ],
)
def test_a_plan_needed_for_a_goal_names_it(text, title):
    assert plan_phrases.read_plan(text) == (title, [])


@pytest.mark.parametrize("text", ["need a plan B", "need a plan, any ideas?"])
def test_a_plan_needed_for_nothing_names_no_goal(text):
    found = plan_phrases.read_plan(text)
    assert found is None or found[0].lower() not in {"b", "any ideas"}


@pytest.mark.parametrize(
    "text, title, one",
    [
        (
            "interviewed Sam today, nice guy but zero coffee experience",
            "Interview candidates",
            True,
        ),
        ("interviewed a lad called Tomasz today, really good", "Hire two baristas", True),
        ("got a quote from Dave, 4k", "Get two replastering quotes", True),
        ("viewed another flat, grim", "View flats", True),
        ("interviewed all the candidates", "Interview candidates", False),
        ("the second plasterer came round, that's both quotes in now", "Get two quotes", False),
        ("got the quotes from Dave and Steve", "Get quotes", False),
        ("swapped the front tyres", "Replace the front tyres", False),
        ("booked the photographer", "Book the photographer", False),
    ],
)
def test_one_of_a_steps_many_things(text, title, one):
    assert step_match.one_of_many(text, title) is one


@pytest.mark.parametrize(
    "text, only",
    [
        ("plumber says he can't do the invoice till he's back off his holidays, next monday", True),
        ("the roofer can't come till january", True),
        ("accountant won't look at the figures until after christmas", True),
        ("rang the roofer, he can't come till january", False),
        ("I can't do the invoice till monday", False),
        ("council said decision by 15 january", False),
    ],
)
def test_their_word_only_that_they_cannot_till_a_day(text, only):
    assert intents.their_word_only(text) is only


@pytest.mark.parametrize(
    "text, gone, kept",
    [
        (
            "waiting on my accountant to confirm the figures before i submit anything. check "
            "back with me in a week",
            "accountant",
            "submit",
        ),
        (
            "waiting for the landlord to sign it off, remind me about the deposit friday",
            "landlord",
            "deposit",
        ),
        (
            "still waiting on Dave to send his bit so ping me about the report monday",
            "dave",
            "report",
        ),
        ("waiting on the permit, remind me friday", "", "permit"),
        ("remind me about the boiler on monday, waiting for parts", "", "boiler"),
    ],
)
def test_what_a_wait_waits_for_names_no_step(text, gone, kept):
    st = intents.read_statement(text, NOW, "Europe/London")
    assert st is not None and st.kind == "snooze"
    words = st.words.lower()
    assert kept in words and (not gone or gone not in words), words


@pytest.mark.parametrize(
    "text, down",
    [
        ("tried to book biometrics, earliest slot is 19 dec so i didnt take it", True),
        ("rang the garage, they offered the 3rd but we turned it down", True),
        ("called the venue, only had a monday left, I said no thanks", True),
        ("rang the garage, they didn't take my booking", False),
        ("booked the 3rd, I didn't want to wait", False),
    ],
)
def test_a_try_where_the_person_turned_down_the_offer(text, down):
    assert intents.turned_down(text) is down


@pytest.mark.parametrize(
    "text, kind",
    [
        # no answer in other words: a try that got nowhere
        ("emailed the agent twice now, nothing back", "attempt"),
        ("rang the garage on monday, heard nothing", "attempt"),
        ("chased the school office again, no word yet", "attempt"),
        # a thing come from a shop, or given by someone else: done (a step of getting it)
        ("the boots came from amazon today, perfect fit", "done"),
        ("the school finally sent us the trip forms", "done"),
        ("landlord handed me the keys after a month of nagging", "done"),
        # Hinglish: happened, done
        ("visa stamping ho gayi finally", "done"),
        ("form submit ho gaya yaar", "done"),
        # someone has it all now: handed over
        ("the accountant has everything now", "done"),
        # a wait asked in other words, a bare span after "off"
        ("put it off a fortnight, got a cold", "snooze"),
        ("putting the dentist off till january", "snooze"),
        ("DENTIST. PUT IT OFF A WEEK", "snooze"),
    ],
)
def test_a_statement_said_in_other_words(text, kind):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement is not None and statement.kind == kind, (text, statement)


def test_a_thing_given_by_someone_else_has_arrived_and_ones_own_sending_has_not():
    given = intents.read_statement("the council sent me the forms", NOW, "Europe/London")
    sent = intents.read_statement("I sent them the forms", NOW, "Europe/London")
    assert given is not None and given.arrived
    assert sent is not None and sent.kind == "done" and not sent.arrived


@pytest.mark.parametrize(
    "text",
    [
        # a thing handed over into a place is no skip
        "dropped the folder into his office this morning",
        "dropped the forms to the council on my way in",
        "dropped the keys with the agent",
    ],
)
def test_a_thing_dropped_somewhere_is_never_skipped(text):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement is None or statement.kind != "skip", text


@pytest.mark.parametrize(
    "text, kind",
    [
        ("I have everything now", "handed"),  # the person's own: nothing handed over
        ("ho sakta hai kal", "done"),  # "might be tomorrow": nothing happened
        ("took a week off work", "snooze"),  # no wait asked
        ("we gave them the keys", "arrived"),  # given by us: nothing came
    ],
)
def test_words_near_those_state_no_such_change(text, kind):
    statement = intents.read_statement(text, NOW, "Europe/London")
    if statement is None:
        return
    assert {
        "handed": not statement.handed,
        "done": statement.kind != "done",
        "snooze": statement.kind != "snooze",
        "arrived": not statement.arrived,
    }[kind], (text, statement)


@pytest.mark.parametrize(
    "text, days",
    [("put it off a fortnight", 14), ("push it back a week", 7), ("put the MOT off 3 days", 3)],
)
def test_a_span_after_off_or_back_is_a_day_to_wait_for(text, days):
    found = dates.find_when(text, NOW, "Europe/London")
    assert found is not None and (found.moment.date() - NOW.date()).days == days


@pytest.mark.parametrize("text", ["took a week off", "a week off work", "one day off sick"])
def test_a_span_off_work_is_no_day(text):
    assert dates.find_when(text, NOW, "Europe/London") is None


@pytest.mark.parametrize(
    "text",
    [
        "I telephoned the bank about the paperwork, but they tell me I must come in person",
        "finally got hold of the surveyor, he wants another £200",
        "gave them a ring, no answer",
    ],
)
def test_getting_in_touch_in_other_words_is_a_try(text):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement is not None and statement.kind == "attempt", (text, statement)
    assert intents.says_what_was_done(text)


@pytest.mark.parametrize(
    "text",
    [
        "okay I've booked it for next Wednesday at half past two",
        "booked the vet for half past nine",
        "paid the plumber at half past four",
    ],
)
def test_half_past_the_hour_is_no_half_done(text):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement is not None and statement.kind == "done", (text, statement)


@pytest.mark.parametrize(
    "text", ["did half the form last night", "half the boxes packed", "got halfway through"]
)
def test_half_of_it_is_still_no_done(text):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement is None or statement.kind != "done", (text, statement)


@pytest.mark.parametrize("text, dropped, topic, steps", replacements.SWAP_EXAMPLES)
def test_a_step_swapped_names_what_goes_and_what_comes(text, dropped, topic, steps):
    assert replacements.read_swap(text) == replacements.Swap(dropped, topic, list(steps))


@pytest.mark.parametrize("text", replacements.SWAP_NEAR_MISSES)
def test_words_that_swap_no_step(text):
    assert replacements.read_swap(text) is None


@pytest.mark.parametrize(
    "text, steps",
    [
        # a verb and its particle after a thing, then a preposition, is a thing (a sign-off)
        (
            "write up my reflections then get the confirmer sign off from my manager then submit",
            ["Write up my reflections", "Get the confirmer sign off from my manager", "Submit"],
        ),
        (
            "arrange the parcel drop off at the depot ring the school pay the trip",
            ["Arrange the parcel drop off at the depot", "Ring the school", "Pay the trip"],
        ),
        (
            "book the carpet clean up after the party order pizza tidy the cupboard",
            ["Book the carpet clean up after the party", "Order pizza", "Tidy the cupboard"],
        ),
    ],
)
def test_a_verb_and_particle_used_as_a_thing_starts_no_step(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize(
    "text, steps",
    [
        # with its own thing after the particle, the verb starts a step
        (
            "empty the shed clear out the loft paint the fence",
            ["Empty the shed", "Clear out the loft", "Paint the fence"],
        ),
        (
            "book the hall pick up the keys clean the kitchen",
            ["Book the hall", "Pick up the keys", "Clean the kitchen"],
        ),
    ],
)
def test_a_verb_and_particle_with_its_own_thing_still_starts_a_step(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize(
    "text, steps",
    [
        # "then" before a step's verb splits a comma item too; "like 5 a week" stays with its step
        (
            "weed the beds then plant the bulbs, mow the lawn, about 2 times a week, and fix the "
            "gate",
            [
                "Weed the beds",
                "Plant the bulbs",
                "Mow the lawn, about 2 times a week",
                "Fix the gate",
            ],
        ),
        (
            "measure the hall, book a sander then varnish it, tidy up",
            ["Measure the hall", "Book a sander", "Varnish it", "Tidy up"],
        ),
        (
            "revise chapter 1 then do a past paper, mark it, roughly 3 a week",
            ["Revise chapter 1", "Do a past paper", "Mark it, roughly 3 a week"],
        ),
    ],
)
def test_then_before_a_verb_splits_inside_a_comma_list(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize(
    "text, steps",
    [
        ("ring them, pay it then", ["Ring them", "Pay it then"]),
        ("email the school, and then buy a crate", ["Email the school", "Buy a crate"]),
    ],
)
def test_then_with_no_verb_after_it_splits_nothing_more(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "side project: portfolio site -> buy a domain -> pick a template",
            "Portfolio site",
            ["Buy a domain", "Pick a template"],
        ),
        (
            "weekend project: shed → clear the corner → lay the base → build the frame",
            "Shed",
            ["Clear the corner", "Lay the base", "Build the frame"],
        ),
        (
            "summer project: treehouse -> get the wood -> build the platform -> add a roof",
            "Treehouse",
            ["Get the wood", "Build the platform", "Add a roof"],
        ),
        (
            "client onboarding 📋 contract ✍️ → kickoff call 📞 → first draft 🎨",
            "Client onboarding",
            ["Contract ✍️", "Kickoff call 📞", "First draft 🎨"],
        ),
        (
            "house move 🏠 notice 📝 → boxes 📦 → van 🚚",
            "House move",
            ["Notice 📝", "Boxes 📦", "Van 🚚"],
        ),
    ],
)
def test_arrows_after_a_kind_of_plan_or_an_emoji_ended_step(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text, title, first",
    [
        (
            "wedding cake to-do: tasting at Crumb & Co → pick 2 flavours → pay the deposit",
            "Wedding cake to-do",
            "Tasting at Crumb & Co",
        ),
        (
            "NCLEX prep 📚 review pharma → do practice qs → book my exam date",
            "NCLEX prep",
            "Review pharma",
        ),
    ],
)
def test_arrows_after_a_named_plan_keep_the_first_step(text, title, first):
    found = plan_phrases.read_plan(text)
    assert found is not None and found[0] == title and found[1][0] == first


@pytest.mark.parametrize(
    "steps, split",
    [
        (
            ["Set up the Square account, also need to order the card readers"],
            ["Set up the Square account", "Order the card readers"],
        ),
        (["Book the hall, also gotta ring the caterer"], ["Book the hall", "Ring the caterer"]),
        (
            ["Renew the insurance; also we have to update the address"],
            ["Renew the insurance", "Update the address"],
        ),
    ],
)
def test_also_needing_a_second_thing_is_a_step_of_its_own(steps, split):
    assert plan_phrases.one_action_each(steps) == split


@pytest.mark.parametrize(
    "step",
    ["Buy paint, also some brushes", "Pick a colour, also the blue one"],
)
def test_also_before_no_verb_splits_nothing(step):
    assert plan_phrases.one_action_each([step]) == [step]


@pytest.mark.parametrize(
    "text, dropped",
    [
        (
            "change of plan on the old cards, rather than shredding them the bank wants them "
            "back so: cut them in half, then post them to the card centre",
            "shredding them",
        ),
        (
            "change of plan on the old sofa, rather than selling it my sister wants it so: "
            "clean the covers, then drive it to hers",
            "selling",
        ),
        (
            "change of plan on the boxes, rather than taping them myself the shop does it so: "
            "buy the boxes, then book the pickup",
            "taping them",
        ),
    ],
)
def test_dropped_words_end_where_a_new_sentence_runs_on(text, dropped):
    swap = replacements.read_swap(text)
    assert swap is not None and swap.dropped == (dropped,)


@pytest.mark.parametrize(
    "text, dropped",
    [
        (
            "change of plan on the letters, rather than posting them to the council, so: scan "
            "them, then email them over",
            "posting them to the council",
        ),
        (
            "change of plan on the rugs, rather than selling them at the car boot, so: clean "
            "them, then post them to my aunt",
            "selling them at the car boot",
        ),
    ],
)
def test_dropped_words_going_on_about_the_same_thing_stay_whole(text, dropped):
    swap = replacements.read_swap(text)
    assert swap is not None and swap.dropped == (dropped,)


@pytest.mark.parametrize(
    "text, last",
    [
        (
            "Rec centre said no, too many bookings. So instead: ask St Andrew's about their "
            "hall, and if that's a no too try the public library",
            "If that's a no too try the public library",
        ),
        (
            "the scout hut said no, they're full. so instead: ask the school about the gym, "
            "failing that try the church hall",
            "Failing that try the church hall",
        ),
        (
            "the bakery said no, fully booked. so instead: ask Gemma to bake it, and if that's "
            "a no too order one from Tesco",
            "If that's a no too order one from Tesco",
        ),
    ],
)
def test_a_fallback_step_in_what_comes_instead_is_a_step(text, last):
    found = replacements.read_instead(text)
    assert found is not None and len(found[1]) == 2 and found[1][-1] == last


@pytest.mark.parametrize(
    "text",
    [
        "the bakery said no. so instead: ask Gemma to bake it, and if that's a no too, ugh",
        "the bakery said no. so instead: ask Gemma to bake it, then if that's a no too, the "
        "Tesco one",
    ],
)
def test_a_fallback_with_nothing_to_do_after_it_is_no_step(text):
    assert replacements.read_instead(text) is None


@pytest.mark.parametrize("text, kind, thing", intents.THING_NEWS_EXAMPLES)
def test_news_of_a_thing_is_read_by_its_grammar(text, kind, thing):
    found = intents.thing_news(text)
    assert any(n.kind == kind and n.thing == thing for n in found), (text, found)


@pytest.mark.parametrize("text", intents.THING_NEWS_NEAR_MISSES)
def test_no_news_of_a_thing_done_or_going_on(text):
    assert intents.thing_news(text) == [], text


@pytest.mark.parametrize(
    "word, participle",
    [
        ("delivered", True),
        ("sewn", True),
        ("built", True),
        ("cut", True),
        ("need", False),
        ("hundred", False),
        ("kitchen", False),
        ("down", False),
    ],
)
def test_a_past_participle_by_its_form(word, participle):
    assert intents.is_participle(word) is participle


@pytest.mark.parametrize(
    "text, plain",
    [
        ("windows are all done, sparkling", True),
        ("windows are done but the frames still need a coat", False),
        ("windows are done I think", False),
    ],
)
def test_news_of_a_thing_hedged_is_no_plain_news(text, plain):
    [news] = intents.thing_news(text)
    assert news.plain is plain


# -- a new plan's reading checked before it is written (plan_checks) ----------------------


@pytest.mark.parametrize("text, title, steps, doubt", plan_checks.EXAMPLES)
def test_a_plan_reading_without_a_plans_shape_is_doubted(text, title, steps, doubt):
    assert doubt in plan_checks.doubts(text, title, list(steps))


@pytest.mark.parametrize("text, title, steps", plan_checks.NEAR_MISSES)
def test_a_plan_reading_with_a_plans_shape_is_not_doubted(text, title, steps):
    assert plan_checks.doubts(text, title, list(steps)) == []


@pytest.mark.parametrize("title, steps, new_title, new_steps", plan_checks.REREAD_EXAMPLES)
def test_a_plan_read_again_where_its_shape_shows_how(title, steps, new_title, new_steps):
    assert plan_checks.reread(title, list(steps)) == (new_title, list(new_steps))


@pytest.mark.parametrize("title, steps", plan_checks.REREAD_NEAR_MISSES)
def test_a_plan_with_nothing_to_read_again_stays_as_read(title, steps):
    assert plan_checks.reread(title, list(steps)) == (title, list(steps))


# -- a new plan's title names a thing; no step is a list's header (plan_titles) ------------


@pytest.mark.parametrize("title", plan_titles.EXAMPLES)
def test_a_title_of_filler_a_number_a_feeling_or_a_fragment_names_nothing(title):
    assert plan_titles.names_nothing(title)
    assert "title names no thing" in plan_checks.title_doubts(title, ["Book the hall"])


@pytest.mark.parametrize("title", plan_titles.NEAR_MISSES)
def test_a_title_that_names_a_thing_is_not_doubted_for_it(title):
    assert not plan_titles.names_nothing(title)


@pytest.mark.parametrize("step", plan_titles.HEADER_EXAMPLES)
def test_a_step_opening_with_a_lists_header_is_doubted(step):
    assert plan_titles.list_header(step)
    assert "a list's header, no step" in plan_checks.step_doubts(step)


@pytest.mark.parametrize("step", plan_titles.HEADER_NEAR_MISSES)
def test_a_step_that_only_looks_like_a_header_is_not(step):
    assert not plan_titles.list_header(step)


@pytest.mark.parametrize("text, title, steps, new_title, new_steps", plan_titles.REREAD_EXAMPLES)
def test_a_title_read_again_past_what_names_nothing(text, title, steps, new_title, new_steps):
    assert plan_titles.reread(text, title, list(steps)) == (new_title, list(new_steps))


@pytest.mark.parametrize("title, goal", plan_titles.AFTER_ASKING_EXAMPLES)
def test_a_title_is_the_goal_after_the_words_asking_for_a_plan(title, goal):
    assert plan_titles.after_asking(title) == goal


@pytest.mark.parametrize("text, title, steps", plan_titles.REREAD_NEAR_MISSES)
def test_a_title_with_nothing_to_walk_past_stays_as_read(text, title, steps):
    assert plan_titles.reread(text, title, list(steps)) == (title, list(steps))


@pytest.mark.parametrize("steps, kept", plan_checks.CORRECTED_EXAMPLES)
def test_a_correction_inside_a_list_changes_the_list(steps, kept):
    assert plan_checks.corrected(list(steps)) == list(kept)


@pytest.mark.parametrize("steps", plan_checks.CORRECTED_NEAR_MISSES)
def test_a_list_with_no_correction_is_not_corrected(steps):
    assert plan_checks.corrected(list(steps)) is None


# A cost or an effort denied ("didn't cost a cent") is good news: the report stays done.
# A denial of the thing itself ("didn't answer") is still a failure.
@pytest.mark.parametrize(
    "text",
    [
        "had the forms witnessed at the post office, didnt cost anything",
        "sorted the passport photos at boots, didn't take long",
        "picked up the new glasses, wasn't too dear either",
        "got the boiler serviced, did not even charge for the callout",
    ],
)
def test_a_cost_or_effort_denied_is_no_failure(text):
    assert intents.read_statement(text, NOW, "Europe/London").kind == "done"


@pytest.mark.parametrize(
    "text",
    [
        "rang the surgery twice, they didn't answer",
        "went to the post office but it wasn't open",
        "tried the garage, didn't have the part",
    ],
)
def test_a_denial_of_the_thing_itself_is_still_a_failure(text):
    assert intents.read_statement(text, NOW, "Europe/London").kind == "attempt"


# Something held for a while ("got it till sunday") is no wait asked for; "leave it till
# sunday" is.
@pytest.mark.parametrize(
    "text",
    [
        "collected the trailer from the depot, have it until friday",
        "fetched the carpet cleaner from the shop, hired it till the 5th",
        "brought the van round, we've borrowed it till monday",
    ],
)
def test_a_thing_held_until_a_day_is_no_wait(text):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement is None or statement.kind != "snooze"


@pytest.mark.parametrize(
    "text",
    [
        "leave the trailer till friday",
        "park it until monday please",
        "hold off on the van till the 5th",
    ],
)
def test_a_step_left_until_a_day_still_waits(text):
    assert intents.read_statement(text, NOW, "Europe/London").kind == "snooze"


# Passed on, or only promised an answer by someone else: the contact settled nothing yet.
@pytest.mark.parametrize(
    "text",
    [
        "rang the tax office. got transferred twice",
        "called the landlord. he'll look into it",
        "phoned the insurers again. got put through to claims",
        "emailed HR. they're gonna investigate",
        "chased the council AGAIN, was passed around three departments",
    ],
)
def test_a_contact_passed_on_or_promised_is_an_attempt(text):
    assert intents.read_statement(text, NOW, "Europe/London").kind == "attempt"


@pytest.mark.parametrize(
    "text",
    [
        "called the vet. all sorted",
        "rang the bank, I'll look into the savings account myself",
        "called the plumber, he'll come thursday",
    ],
)
def test_a_contact_with_no_promise_of_theirs_is_no_failure(text):
    reading = intents.reading_of(intents.said_of(text, NOW, "Europe/London"))
    assert reading is not None and reading.name != "tried and it did not work"


# Being done now with the rest promised for later ("writing it now, will finish it tonight")
# is under way: started, not a wait and not a try. Another go to come is a try; a plan for
# later with nothing being done now still waits.
@pytest.mark.parametrize(
    "text",
    [
        "typing up the minutes atm, will finish them tomorrow morning",
        "sanding the bench right now, will do the varnish after lunch",
        "half way through the claim form, will finish it off on friday",
        "i'm knitting the scarf now, will finish it after tea",
    ],
)
def test_doing_it_now_with_the_rest_promised_later_is_started(text):
    assert intents.read_statement(text, NOW, "Europe/London").kind == "start"


@pytest.mark.parametrize(
    "text, kind",
    [
        ("half way through the form, will try again", "attempt"),
        ("I'll finish the newsletter tonight", "snooze"),
        ("will book the market pitch friday", "snooze"),
    ],
)
def test_no_doing_now_or_another_go_is_not_started(text, kind):
    assert intents.read_statement(text, NOW, "Europe/London").kind == kind


# The last change struck off the record ("take that last bit off") asks for an undo, which is
# offered; a step or a thing struck off is no undo.
@pytest.mark.parametrize(
    "text",
    [
        "take that last bit off about the plumber please, it was the other house",
        "cross off my last update, the vet never rang",
        "strike that last entry out pls, wrong plan",
        "delete that last bit about the boiler, it was the other flat",
    ],
)
def test_the_last_change_struck_off_asks_for_an_undo(text):
    from drbot.ai.rules import free_text

    assert free_text.undo_asked_anywhere(text) is not None


@pytest.mark.parametrize(
    "text",
    [
        "take the last step off the plan",
        "remove my last step",
        "cross off the bins",
        "take that box off the list",
    ],
)
def test_a_step_or_thing_struck_off_asks_for_no_undo(text):
    from drbot.ai.rules import free_text

    assert free_text.undo_asked_anywhere(text) is None


# Taking back drbot's last change in people's words (free_text.TAKE_BACK_EXAMPLES): each is
# read as a take-back in a clause of its own with no news of its own around it, so it is undone
# at once; no near-miss (a thing undone or put back, a value changed back to, a thing that was
# wrong) is a take-back or an undo asked for anywhere.
@pytest.mark.parametrize("text", free_text.TAKE_BACK_EXAMPLES)
def test_taking_back_the_last_change_in_any_words(text):
    assert free_text.takes_back(text), text
    found = free_text.undo_asked_anywhere(text)
    assert found is None or not free_text.news_around_undo(text, found, NOW, "Europe/London")


@pytest.mark.parametrize("text", free_text.TAKE_BACK_NEAR_MISSES)
def test_no_take_back_of_the_last_change(text):
    assert not free_text.takes_back(text), text
    assert free_text.undo_asked_anywhere(text) is None, text


# A thing said to work now says the outcome of a step of making it work is reached
# (certainty.OUTCOME_EXAMPLES); working on, from, by a day to come, not yet or only partly
# does not (OUTCOME_NEAR_MISSES).
@pytest.mark.parametrize("text", certainty.OUTCOME_EXAMPLES)
def test_a_thing_said_to_work_now_is_its_outcome_reached(text):
    assert certainty.outcome_reached(text), text


@pytest.mark.parametrize("text", certainty.OUTCOME_NEAR_MISSES)
def test_working_said_otherwise_is_no_outcome_reached(text):
    assert not certainty.outcome_reached(text), text


@pytest.mark.parametrize(
    "title, works",
    [
        ("Set up broadband", True),
        ("Fix the boiler", True),
        ("Get the fridge engineer in", True),
        ("Get the new terminal installed", True),
        ("Get quotes", False),
        ("Pay the broadband bill", False),
        ("Tell HR the dates", False),
    ],
)
def test_a_step_done_when_its_thing_works(title, works):
    assert step_match.makes_it_work(title) is works


@pytest.mark.parametrize(
    "words, names_none",
    [
        # a thing with a digit names the step that has it; alone it is no thing of its own
        ("my P60s from payroll at last", False),
        ("the GMS1 form from reception", False),
        ("my payslips from payroll", True),
    ],
)
def test_a_thing_with_a_digit_names_its_step(words, names_none):
    assert step_match.names_none_of(words, "Collect P60s and the GMS1 form", "ILR") is names_none


# drbot's change told back to it as wrong, naming what it marked, offers the undo
# (free_text.TAKE_BACK_OFFERED); news that only says "marked", or praise, does not.
@pytest.mark.parametrize("text", free_text.TAKE_BACK_OFFERED)
def test_a_change_told_back_as_wrong_offers_the_undo(text):
    assert free_text.take_back_offered(text), text


@pytest.mark.parametrize("text", free_text.TAKE_BACK_OFFERED_NEAR_MISSES)
def test_no_change_told_back_as_wrong(text):
    assert not free_text.take_back_offered(text), text


# A place named by a noun of two words whose first is also a verb ("the post office", "the
# call centre") never stands for that verb; the verb itself, and the place on both sides, do.
@pytest.mark.parametrize(
    "text, verb",
    [
        ("got a lovely card in the post office", "post"),
        ("held for an hour by the call centre", "call"),
        ("picked the flyers up from the print shop", "print"),
        ("queued at the booking office", "book"),
    ],
)
def test_a_place_named_by_a_verb_and_a_noun_is_no_verb(text, verb):
    assert verb not in step_match.content_stems(text)


@pytest.mark.parametrize(
    "text, title",
    [
        ("posted the card to auntie", "Post the card"),
        ("went to the post office at last", "Go to the post office"),
        ("rang them from the car", "Call them"),
    ],
)
def test_a_verb_or_the_same_place_still_meets_the_step(text, title):
    assert step_match.score(step_match.content_stems(text), title) > 0.5


# No use doing anything about it before a day ("no point ringing again before the 5th") is a
# wait the person chooses; without a day it is not.
@pytest.mark.parametrize(
    "text, day",
    [
        ("no sense chasing the council before monday, they're closed", date(2026, 11, 30)),
        (
            "the shop said they reopen on the 2nd, pointless emailing them before that",
            date(2026, 12, 2),
        ),
        ("not worth calling the garage before friday", date(2026, 11, 27)),
        (
            "school says they will ring me, no use chasing them before wednesday",
            date(2026, 11, 25),
        ),
    ],
)
def test_no_point_doing_it_before_a_day_waits_till_then(text, day):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement.kind == "snooze" and statement.when.moment.date() == day


@pytest.mark.parametrize(
    "text", ["no point ringing, they never answer", "the letter came on monday, no point worrying"]
)
def test_no_point_with_no_day_ahead_waits_for_nothing(text):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement is None or statement.kind != "snooze"


# A noun a verb makes with "-ation" is that verb's word ("the valuation's done" of "Get the
# house valued"); a root under four letters is another word ("notation" is no "note").
@pytest.mark.parametrize(
    "a, b",
    [
        ("valuation", "valued"),
        ("quotation", "quoted"),
        ("valuation", "value"),
        ("quotations", "quote"),
    ],
)
def test_a_noun_in_ation_is_its_verbs_word(a, b):
    assert step_match.same_word(step_match.stem(a), step_match.stem(b))


@pytest.mark.parametrize(
    "a, b", [("notation", "note"), ("station", "stat"), ("creation", "create"), ("ration", "rate")]
)
def test_a_short_root_before_ation_is_another_word(a, b):
    assert not step_match.same_word(step_match.stem(a), step_match.stem(b))


# A place the person is going to is where the verb will be done: "heading to the post office
# to send the form" is on the way to post it, so the verb stays.
@pytest.mark.parametrize(
    "text, verb",
    [
        ("heading to the post office now with the form", "post"),
        ("off to the print shop with the flyers", "print"),
        ("nipping to post office before it shuts", "post"),
    ],
)
def test_a_place_gone_to_keeps_its_verb(text, verb):
    assert verb in step_match.content_stems(text)


# -- a verb said with its particle, joined on by "and", is a second action ------------------


@pytest.mark.parametrize(
    "step",
    [
        "Get extra blankets and stock up on tea and biscuits",
        "Clean the car inside and top up with screenwash",
        "Book the cabin early and load up on firewood",
        "Read the highway code and swot up on the signs",
    ],
)
def test_a_phrasal_verb_after_and_is_a_second_action(step):
    assert plan_phrases.second_action(step)


@pytest.mark.parametrize(
    "step",
    [
        "Find the rod and line out the back",
        "Buy salt and pepper for the kitchen",
        "Pick the kids up and drop them off",
    ],
)
def test_things_joined_by_and_are_no_second_action(step):
    assert not plan_phrases.second_action(step)


# A comma before a step's verb inside one made step: the list was not split there
@pytest.mark.parametrize(
    "step",
    [
        "Find our godparents and sponsors, book the church",
        "Ring the council about the skip, book the van",
        "Empty the shed and the loft, sell the mower",
        "Call the bank, ask about the loan",
    ],
)
def test_a_verb_after_a_comma_inside_a_step_is_a_second_action(step):
    assert plan_phrases.second_action(step)


@pytest.mark.parametrize(
    "step",
    [
        "Buy paint, brushes and tape",
        "Book the hall, the DJ and the cake",
        "Pack plates, cups, napkins",
        "Pick up the cake, then",
    ],
)
def test_things_listed_after_a_comma_are_no_second_action(step):
    assert not plan_phrases.second_action(step)


# A doubt marked inside a list ("…, give notice at work?? no wait not work, …") ends no
# sentence: the list goes on after the marks
@pytest.mark.parametrize(
    "text, count",
    [
        ("need to move, give notice at work?? no wait not work, register with agents, pack", 1),
        ("moving: find a place, cancel the gym?? register with agents, book a van", 1),
        ("xmas: buy the tree, order the turkey? invite the in-laws, book the panto", 1),
    ],
)
def test_a_doubt_mark_inside_a_list_ends_no_sentence(text, count):
    assert len(plan_prose.sentences(text)) == count


@pytest.mark.parametrize(
    "text",
    [
        # near misses: no list before the marks, or none going on after them
        "went to the registrar office but they close at 3 on fridays?? wtf, so annoying",
        "is it ok?? i need milk, eggs and bread",
        "booked the van, paid the deposit?? unreal. anyway",
    ],
)
def test_a_question_mark_with_no_list_around_it_still_ends_a_sentence(text):
    assert len(plan_prose.sentences(text)) > 1


@pytest.mark.parametrize("steps, sure, maybe", hedges.HEDGED_STEP_EXAMPLES)
def test_a_hedge_on_one_step_leaves_the_rest_sure(steps, sure, maybe):
    assert hedges.hedged_steps(list(steps)) == (list(sure), list(maybe))


@pytest.mark.parametrize("steps", hedges.HEDGED_STEP_NEAR_MISSES)
def test_no_step_hedged_alone(steps):
    assert hedges.hedged_steps(list(steps)) is None


# Being done right now: one reader, three views (a statement, a clause of doing, the menu)
@pytest.mark.parametrize("text", under_way.MOMENT_EXAMPLES)
def test_being_done_at_this_moment_is_read(text):
    assert under_way.moment(text) is not None


@pytest.mark.parametrize("text", under_way.MOMENT_NEAR_MISSES)
def test_a_state_or_a_time_to_come_is_no_moment_of_doing(text):
    assert under_way.moment(text) is None


@pytest.mark.parametrize("text", under_way.WHEN_DOING_EXAMPLES)
def test_when_it_is_going_on_is_read(text):
    assert under_way.when_doing(text)


@pytest.mark.parametrize("text", under_way.WHEN_DOING_NEAR_MISSES)
def test_no_word_of_when_is_no_doing(text):
    assert not under_way.when_doing(text)


@pytest.mark.parametrize("text", under_way.SIGN_EXAMPLES)
def test_a_sign_of_doing_puts_started_first(text):
    assert under_way.sounds_under_way(text)


@pytest.mark.parametrize("text", under_way.SIGN_NEAR_MISSES)
def test_a_state_reached_is_no_sign_of_doing(text):
    assert not under_way.sounds_under_way(text)


@pytest.mark.parametrize("text", under_way.PART_DONE_EXAMPLES)
def test_a_part_done_by_a_count_is_read_and_puts_started_first(text):
    assert under_way.part_done(text)
    assert under_way.sounds_under_way(text)


@pytest.mark.parametrize("text", under_way.PART_DONE_NEAR_MISSES)
def test_the_whole_done_or_a_way_of_speaking_is_no_part_done(text):
    assert not under_way.part_done(text)


# -- a first plan's steps: time off, a break, taken is no correction of the list ------------


@pytest.mark.parametrize(
    "steps",
    [
        ("Move the sofa", "Take the day off work", "Book the electrician"),
        ("Pack the car", "Take the morning off", "Drive to Gran's"),
        ("Clear the desk", "Leave the blinds down", "Take the week off school"),
    ],
)
def test_taking_time_off_is_a_step_not_a_correction(steps):
    assert plan_checks.corrected(list(steps)) is None


@pytest.mark.parametrize(
    "steps",
    [
        ("Book the band", "Hire a DJ", "Take the DJ off"),
        ("Buy a cake", "Buy balloons", "Leave the balloons out of the list"),
    ],
)
def test_taking_a_step_off_the_list_is_still_a_correction(steps):
    assert plan_checks.corrected(list(steps)) is not None


# -- a goal said as "my plan for <when> is to …" ------------------------------------------------


@pytest.mark.parametrize(
    "text, title",
    [
        ("my plan for the spring is to redo the patio", "Redo the patio"),
        ("Our aim for 2027 is to pay off the car", "Pay off the car"),
        ("the plan for half term is to paint the hall", "Paint the hall"),
    ],
)
def test_a_plan_for_a_time_is_to_names_the_goal(text, title):
    assert plan_prose.goal_title(text) == title


@pytest.mark.parametrize(
    "text",
    ["my plan for the spring fell through", "the plan for half term is fine"],
)
def test_a_plan_for_a_time_said_of_is_no_goal_word(text):
    assert plan_phrases.GOAL_START.match(text) is None


@pytest.mark.parametrize(
    "text, not_the_title",
    [
        # the goal only points back: what the person is stays in the title
        ("I'm on a visa and have to renew it by June", "Renew it"),
        ("we're at the new house and need to sort it", "Sort it"),
        # doing something is no state: it is the goal, not what comes after it
        ("I'm moving to Leeds and need to sell the car", "Sell the car"),
    ],
)
def test_who_or_where_the_person_is_stays_before_a_goal_that_names_nothing(text, not_the_title):
    assert plan_prose.goal_title(text) != not_the_title


# -- learnt from the blind sets z28/z29 after measuring them: classes, in other words ----------


@pytest.mark.parametrize(
    "text, title",
    [
        ("my partner Jo and I are moving to Bath in May", "Moving to Bath in May"),
        ("my brother Dev and I are organising Dad's 70th", "Dad's 70th"),
        ("our neighbour Pat and I are starting a book swap", "Book swap"),
    ],
)
def test_someone_named_with_me_is_no_part_of_the_goal(text, title):
    assert plan_prose.goal_title(text) == title


@pytest.mark.parametrize(
    "text, title",
    [
        # no "and I": the person named is the goal's subject
        ("my son Tom is getting married", "My son Tom is getting married"),
        ("my sister Kate's hen do", "My sister Kate's hen do"),
    ],
)
def test_someone_named_alone_stays_in_the_goal(text, title):
    assert plan_prose.goal_title(text) == title


@pytest.mark.parametrize(
    "text, rest",
    [
        ("I want to learn the cello. haven't a clue where to start", "I want to learn the cello."),
        ("Redo the garden, I haven't got any idea where to begin", "Redo the garden."),
        ("sell the boat. havent the foggiest how to start tbh", "sell the boat."),
    ],
)
def test_not_having_a_clue_where_to_start_is_no_part_of_the_plan(text, rest):
    # (said of a goal, it asks for the goal to be kept with no steps yet)
    assert plan_prose.about_the_message(text) == (rest, True)


@pytest.mark.parametrize(
    "text",
    ["I haven't a clue where the keys are", "haven't a clue how the boiler works, ring Bob"],
)
def test_not_having_a_clue_about_something_else_stays(text):
    assert plan_prose.about_the_message(text) == (text, False)


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "loft conversion. first thing is getting plans drawn, then we apply for permission",
            "Loft conversion",
            ["Getting plans drawn", "Apply for permission"],
        ),
        (
            "new puppy: first up, buy a crate, then find a vet, then book puppy school",
            "New puppy",
            ["Buy a crate", "Find a vet", "Book puppy school"],
        ),
        (
            "car sale. first job is to clean it, after that take photos, then list it",
            "Car sale",
            ["To clean it", "Take photos", "List it"],
        ),
    ],
)
def test_the_words_that_start_a_list_are_no_part_of_its_first_step(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps) or plan_prose.read_prose_plan(text) == (
        title,
        steps,
    )


@pytest.mark.parametrize(
    "text",
    ["the first thing is the kettle, then the toaster", "her first job is painting, then cleaning"],
)
def test_a_first_thing_of_someone_or_something_starts_no_list(text):
    assert plan_phrases.read_sequence(text) is None


@pytest.mark.parametrize(
    "text, title",
    [
        ("I want to learn Welsh, ideally by next summer", "Learn Welsh"),
        ("I'd like to get a dog, hopefully in the new year", "Get a dog"),
        ("need to clear the loft, sometime before christmas", "Clear the loft"),
    ],
)
def test_a_goal_then_when_after_a_comma_is_the_goal_alone(text, title):
    assert plan_phrases.read_plan(text) == (title, [])


@pytest.mark.parametrize(
    "text",
    [
        "I need to book the hall, the caterer, in March",
        "I want to paint the fence, the shed, the gate",
    ],
)
def test_a_list_before_when_is_no_goal_alone(text):
    assert plan_phrases.read_plan(text) != (text, [])
    found = plan_phrases.read_plan(text)
    assert found is None or found[1] != []


@pytest.mark.parametrize("step", ["Before then", "after that", "By Friday", "next week"])
def test_a_step_that_only_says_when_is_doubted(step):
    assert plan_checks.step_doubts(step) == ["a remark, no step"]


@pytest.mark.parametrize("step", ["Book the flights before then", "Pay by Friday", "Then ring Ann"])
def test_a_step_with_something_to_do_and_when_is_not_doubted(step):
    assert plan_checks.step_doubts(step) == []


@pytest.mark.parametrize("text, ref", see_requests.STATE_EXAMPLES)
def test_a_question_of_how_things_stand_by_its_word_classes(text, ref):
    assert see_requests.state_question(text) == ref


@pytest.mark.parametrize("text", see_requests.STATE_NEAR_MISSES)
def test_questions_of_something_else_ask_no_state(text):
    assert see_requests.state_question(text) is None


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "uni move: get a storage unit, pack everything, give keys back n chase my deposit",
            ["Get a storage unit", "Pack everything", "Give keys back", "Chase my deposit"],
        ),
        (
            "vet stuff: buy a lead, book the jabs, pay the bill n ring the insurer",
            ["Buy a lead", "Book the jabs", "Pay the bill", "Ring the insurer"],
        ),
        (
            "flat: find a cleaner, return the keys 'n' collect the deposit",
            ["Find a cleaner", "Return the keys", "Collect the deposit"],
        ),
    ],
)
def test_a_spoken_n_between_two_actions_splits_the_last_step(text, steps):
    read = plan_phrases.read_plan(text)
    assert read is not None and read[1] == steps


@pytest.mark.parametrize(
    "text, last",
    [
        ("party: book the hall, order fish n chips", "Order fish n chips"),
        ("gig night: book the tickets, practise rock n roll", "Practise rock n roll"),
    ],
)
def test_a_spoken_n_inside_a_things_name_stays_one_step(text, last):
    read = plan_phrases.read_plan(text)
    assert read is not None and read[1][-1] == last


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "ok so i need to get my provisional then book the theory test then find an instructor",
            "Get my provisional",
            ["Get my provisional", "Book the theory test", "Find an instructor"],
        ),
        (
            "i have to renew my passport then book the ferry then pack the car",
            "Renew my passport",
            ["Renew my passport", "Book the ferry", "Pack the car"],
        ),
        (
            "gotta clear out the loft and then ring the council then book a skip",
            "Clear out the loft",
            ["Clear out the loft", "Ring the council", "Book a skip"],
        ),
    ],
)
def test_a_first_item_said_before_then_is_a_step_as_well_as_the_name(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "we need to sort the garage, clear the junk then paint the walls then fit shelves",
            "Sort the garage",
            ["Clear the junk", "Paint the walls", "Fit shelves"],
        ),
        (
            "i need to sort my visa, get the certificate, book biometrics",
            "Sort my visa",
            ["Get the certificate", "Book biometrics"],
        ),
        (
            "need to get my van taxed so book the MOT and also ring the insurer and then pay the tax",
            "Get my van taxed",
            ["Book the MOT", "Ring the insurer", "Pay the tax"],
        ),
    ],
)
def test_a_first_item_set_off_by_a_comma_stays_the_goal(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "title, goal",
    [
        ("Clear my aunt's flat. The steps as I see them", "Clear my aunt's flat"),
        ("Organise the funeral. Things to do as far as I know", "Organise the funeral"),
        ("Sell the caravan. The jobs as I understand them", "Sell the caravan"),
    ],
)
def test_a_sentence_naming_the_list_as_the_writer_sees_it_is_no_title(title, goal):
    steps = ["Ring the landlord", "Book a skip", "Take the books to the charity shop"]
    assert plan_checks.reread(title, steps) == (goal, steps)


@pytest.mark.parametrize("title", ["Sell the house as I see it", "Mend the front steps"])
def test_a_goal_with_the_same_words_stays_the_title(title):
    steps = ["Ring the agent", "Book a valuation"]
    assert plan_checks.reread(title, steps)[0] == title


@pytest.mark.parametrize(
    "title, step, goal",
    [
        (
            "Goal",
            "Pay off the credit card by summer. about 2k left",
            "Pay off the credit card by summer",
        ),
        ("My aim", "Run a half marathon, currently at 5k", "Run a half marathon"),
        ("New target", "Save for a deposit", "Save for a deposit"),
    ],
)
def test_a_goal_label_over_one_item_names_that_goal(title, step, goal):
    assert plan_checks.labelled_goal(title, [step]) == goal


@pytest.mark.parametrize(
    "title, steps",
    [
        ("Goals", ["Lose a stone", "Book the dentist"]),  # a list of goals, no one goal
        ("Garden", ["Plant the bulbs"]),  # a plan's own name over its step
        ("Goal setting workshop", ["Book the room"]),
    ],
)
def test_no_goal_label_no_goal_of_its_own(title, steps):
    assert plan_checks.labelled_goal(title, steps) is None


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        (
            "→ 1) sign up on the new host 2) move the feed",
            ["Sign up on the new host", "Move the feed"],
        ),
        ("=> 1) ring the bank 2) cancel the card", ["Ring the bank", "Cancel the card"]),
        ("👉 1. pick a date 2. book the hall", ["Pick a date", "Book the hall"]),
        ("get paint, ->, paint the hall", ["Get paint", "Paint the hall"]),
    ],
)
def test_a_mark_alone_between_steps_is_no_step(text, steps):
    # an arrow or a pointing hand that leads a list has no word: it is no step of its own
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("1) ring 3 garages 2) pick one", ["Ring 3 garages", "Pick one"]),
        ("1) go to B&Q 2) 2nd coat", ["Go to B&Q", "2nd coat"]),
    ],
)
def test_a_step_with_any_word_or_number_is_kept(text, steps):
    assert plan_phrases.split_steps(text) == steps


def _kind_of(text: str) -> str | None:
    found = intents.reading_of(intents.said_of(text, NOW, "Europe/London"))
    return None if found is None else found.kind


@pytest.mark.parametrize(
    "text",
    [
        "entered into talks with two removal firms about the move, both sending figures",
        "we have opened negotiations with the landlord on the lease",
        "initiated the process with HR for the reference, they say a week",
        "struck up a conversation with the estate agent about the valuation",
    ],
)
def test_a_process_opened_is_begun_not_finished(text):
    assert _kind_of(text) == "start", text


@pytest.mark.parametrize(
    "text",
    [
        "opened the letter from the council, all fine",
        "not opened talks with the bank yet",
        "talks with the bank are finished",
    ],
)
def test_opening_a_thing_or_talks_not_opened_is_no_start(text):
    assert _kind_of(text) != "start", text


@pytest.mark.parametrize(
    "text",
    [
        "spoke to an approved inspector, he is sending over his terms",
        "emailed the approved builder about the quote",
        "met an approved installer today, she is coming back to us",
    ],
)
def test_approved_before_a_noun_is_a_kind_of_thing_not_a_grant(text):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement is None or not statement.granted, text


@pytest.mark.parametrize(
    "text", ["loan approved!!", "our application got approved", "extension granted by the council"]
)
def test_approved_or_granted_said_of_a_thing_is_still_a_grant(text):
    statement = intents.read_statement(text, NOW, "Europe/London")
    assert statement is not None and statement.kind == "done" and statement.granted, text


# -- a piece cut in the wrong place, shown by the word classes left in it (plan_checks) -----


@pytest.mark.parametrize("step, sign", plan_checks.SHAPE_EXAMPLES)
def test_a_piece_cut_in_the_wrong_place_shows_it(step, sign):
    assert sign in plan_checks.step_doubts(step)
    assert sign in plan_checks.new_steps_doubts(["Ring the bank", step])


@pytest.mark.parametrize("step", plan_checks.SHAPE_NEAR_MISSES)
def test_a_whole_step_shows_no_cut(step):
    assert plan_checks.step_doubts(step) == []
    assert plan_checks.new_steps_doubts(["Ring the bank", step]) == []


@pytest.mark.parametrize("step, kept", plan_checks.CHANGE_WORDS_EXAMPLES)
def test_the_words_of_a_change_are_no_part_of_a_new_step(step, kept):
    assert plan_checks.without_change_words(step) == kept


@pytest.mark.parametrize("step", plan_checks.CHANGE_WORDS_NEAR_MISSES)
def test_a_step_with_no_words_of_a_change_stays_whole(step):
    assert plan_checks.without_change_words(step) == step


@pytest.mark.parametrize("text", plan_phrases.LAST_KEPT)
def test_last_of_a_time_or_a_thing_orders_no_step(text):
    found = plan_phrases.read_plan(text)
    steps = found[1] if found is not None else []
    # "last" stays inside the step it belongs to: no step is cut at it
    assert not any(step.lower().startswith(("week", "time", "of the")) for step in steps), steps
    assert found is None or any(" last " in f" {step.lower()} " for step in steps), steps


# -- a newcomer's first plan read by shape: the goal among its context, chatter around the list


@pytest.mark.parametrize("text, title", plan_prose.CONTEXT_NEAR_MISSES)
def test_context_that_names_no_role_or_count_stays_the_title(text, title):
    found = plan_prose.read_prose_plan(text)
    assert found is not None and found[0] == title


@pytest.mark.parametrize("step", plan_checks.SOMEONE_ELSES_STEPS)
def test_someone_elses_step_told_in_a_sequence_is_a_step(step):
    assert plan_checks.step_doubts(step) == []


@pytest.mark.parametrize("step", plan_checks.REMARKS_ON_SOMEONE)
def test_a_remark_on_someone_is_still_no_step(step):
    assert plan_checks.step_doubts(step) == ["a remark, no step"]


@pytest.mark.parametrize(
    "step", ["I landed yesterday", "Still jetlag 😵", "Ang dami talaga 😅", "we got back sunday"]
)
def test_chatter_after_the_list_is_no_step(step):
    assert plan_checks.chatter(step)


@pytest.mark.parametrize("piece", plan_checks.CHATTER_EXAMPLES)
def test_chatter_by_its_words_is_no_step(piece):
    """A laugh, a feeling, a verdict, a plea or a lateness, with no step's verb in it."""
    assert plan_checks.chatter_said(piece)
    assert plan_checks.chatter(piece)
    assert plan_checks.without_closing(["Book the hall", piece]) == ["Book the hall"]


@pytest.mark.parametrize("piece", plan_checks.CHATTER_NEAR_MISSES)
def test_a_step_with_a_chatter_word_in_it_is_still_a_step(piece):
    assert not plan_checks.chatter_said(piece)
    assert plan_checks.without_closing(["Book the hall", piece]) == ["Book the hall", piece]


@pytest.mark.parametrize("text", plan_phrases.SHORTENED_EXAMPLES)
def test_a_shortened_words_stop_ends_no_sentence(text):
    """ "consult with Dr. Kim", "the Mazzer vs. the Eureka": one sentence, for the prose
    reader and inside a listed step alike."""
    assert plan_prose.sentences(text) == [text]
    assert plan_phrases.split_steps(text)[0].rstrip(".") != text.split(".")[0]


@pytest.mark.parametrize("text", plan_phrases.SHORTENED_NEAR_MISSES)
def test_a_stop_after_a_whole_word_still_ends_the_sentence(text):
    assert len(plan_prose.sentences(text)) == 2


@pytest.mark.parametrize(
    "step", ["Pack 😅", "Mow the lawn 🌱", "2 hrs max 😅", "I need to ring the bank", "Is it open?"]
)
def test_a_step_or_a_count_after_the_list_is_no_chatter(step):
    assert not plan_checks.chatter(step)


@pytest.mark.parametrize("sentence", ["40 ppl", "3 weeks to go", "about 30 guests", "12 kids!"])
def test_a_count_is_no_goal(sentence):
    assert plan_prose.counts_only(sentence)


@pytest.mark.parametrize("sentence", ["50th birthday party", "3 peaks challenge", "10k run"])
def test_a_goal_with_a_number_is_no_count(sentence):
    assert not plan_prose.counts_only(sentence)


@pytest.mark.parametrize(
    "text, kept",
    [
        (
            "then split what's left between me and my two brothers",
            ["Split what's left between me and my two brothers"],
        ),
        (
            "book the van, then divide the boxes between Tom and Ann",
            ["Book the van", "Divide the boxes between Tom and Ann"],
        ),
    ],
)
def test_between_takes_both_sides_of_and(text, kept):
    assert plan_prose.items(text) == kept


@pytest.mark.parametrize(
    "text, kept",
    [
        (
            "book the van, then pack the boxes and ring Tom",
            ["Book the van", "Pack the boxes", "Ring Tom"],
        ),
        (
            "sort the room between calls and book the van",
            ["Sort the room between calls", "Book the van"],
        ),
    ],
)
def test_and_after_between_and_its_thing_still_joins_two_steps(text, kept):
    assert plan_prose.items(text) == kept


@pytest.mark.parametrize(
    "steps",
    [
        ["Send her the letter", "She will do the visa interview in Lagos", "Buy her ticket"],
        ["Ring the school", "They do the assessment", "Pay the deposit"],
        ["Book the hall", "He'll book the taxi", "Order the cake"],
    ],
)
def test_someone_elses_step_in_a_list_is_kept(steps):
    assert plan_phrases.one_action_each(steps) == steps


@pytest.mark.parametrize(
    "steps",
    [
        ["Ring the council", "They never answer the phone", "Email them"],
        ["Book the hall", "He does nothing all day", "Order the cake"],
    ],
)
def test_a_remark_on_someone_in_a_list_is_dropped(steps):
    assert plan_phrases.one_action_each(steps) == [steps[0], steps[2]]


# -- a new plan's title that is the goal (not a modal, a label, chatter or a count) --------


@pytest.mark.parametrize(
    "text, title_has, steps",
    [
        # "I shall need to …" introduces the list as "I will need to …" does: the goal is
        # said before it, never "Shall"
        (
            "The back gate has dropped and won't latch. I shall need to buy new hinges, "
            "rehang it, and then give it a coat of creosote.",
            "gate",
            ["Buy new hinges", "Rehang it", "Give it a coat of creosote"],
        ),
        (
            "The shed roof is leaking again. We shall have to strip the felt, buy new felt "
            "and nail it down.",
            "shed",
            ["Strip the felt", "Buy new felt", "Nail it down"],
        ),
        (
            "The greenhouse glass cracked in the frost. I shall need to measure the pane, "
            "order new glass and fit it.",
            "greenhouse",
            ["Measure the pane", "Order new glass", "Fit it"],
        ),
    ],
)
def test_shall_need_to_introduces_the_steps(text, title_has, steps):
    title, read = plan_prose.read_prose_plan(text)
    assert title_has in title.lower() and "shall" not in title.lower()
    assert read == steps


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # a job for the list announced on its own before the goal is no part of it
        (
            "NEW JOB. SELL THE CARAVAN. CLEAN IT OUT, TAKE PHOTOS, PUT IT ON GUMTREE",
            "SELL THE CARAVAN",
            ["CLEAN IT OUT", "TAKE PHOTOS", "PUT IT ON GUMTREE"],
        ),
        (
            "Another job for the list, I'm afraid. Clear the loft. Bag the old clothes, "
            "book the tip, sweep it out",
            "Clear the loft",
            ["Bag the old clothes", "Book the tip", "Sweep it out"],
        ),
        (
            "new task. paint the fence. buy the paint, sand it, do two coats",
            "Paint the fence",
            ["Buy the paint", "Sand it", "Do two coats"],
        ),
    ],
)
def test_a_new_job_announced_is_no_title(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text",
    [
        # the person's own new job (work), or a job named with more words: the label stays
        "new job starts monday. buy work shoes, sort the bus pass, iron the shirts",
        "New job - buy work shoes, sort the bus pass, iron the shirts",
    ],
)
def test_a_new_job_that_is_work_stays_in_the_words(text):
    assert "job" in plan_prose.opening(text).lower()


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "writing this before I forget\nschool photo thing\norder form back\npay online\n"
            "iron bens shirt",
            "School photo thing",
            ["Order form back", "Pay online", "Iron bens shirt"],
        ),
        (
            "jotting this down so I don't forget\nbins collection\nput the recycling out\n"
            "wash the food caddy\nbook the bulky pickup",
            "Bins collection",
            ["Put the recycling out", "Wash the food caddy", "Book the bulky pickup"],
        ),
        (
            "before I forget\nnan's birthday\nbuy a card\norder flowers\nbook the restaurant",
            "Nan's birthday",
            ["Buy a card", "Order flowers", "Book the restaurant"],
        ),
    ],
)
def test_a_line_about_writing_the_note_is_no_title(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text, title",
    [
        # three lines: the first is the title, whatever it says; a title that says more
        # than the writing stays
        ("before I forget\nbuy a card\norder flowers", "Before I forget"),
        (
            "writing this before I forget about nan's birthday\nbuy a card\norder flowers\n"
            "book the restaurant",
            "Writing this before I forget about nan's birthday",
        ),
    ],
)
def test_a_writing_line_that_leaves_no_goal_stays(text, title):
    assert plan_phrases.read_plan(text)[0] == title


@pytest.mark.parametrize(
    "steps, kept",
    [
        (
            [
                "Pick my halls",
                "Pay the deposit",
                "Upload the form",
                "Deadline is like mid dec i think",
            ],
            ["Pick my halls", "Pay the deposit", "Upload the form"],
        ),
        (
            ["Fill in the form", "Get a photo", "Post it", "The closing date's the 12th"],
            ["Fill in the form", "Get a photo", "Post it"],
        ),
        (
            ["Book the hall", "Order the cake", "Send invites", "cut off is friday"],
            ["Book the hall", "Order the cake", "Send invites"],
        ),
        # near misses: a step about the deadline is a step
        (
            ["Pick my halls", "Check the deadline", "Ask about the deadline extension"],
            ["Pick my halls", "Check the deadline", "Ask about the deadline extension"],
        ),
        (
            ["Book the hall", "Email the deadline to everyone", "Send invites"],
            ["Book the hall", "Email the deadline to everyone", "Send invites"],
        ),
    ],
)
def test_when_it_is_due_said_after_the_steps_is_no_step(steps, kept):
    assert plan_phrases.one_action_each(steps) == kept


@pytest.mark.parametrize(
    "rest, title, steps",
    [
        (
            "bulk order for the corporate client, its for their Jan offsite. steps: confirm "
            "numbers, take 50% advance, order fabric",
            "Bulk order for the corporate client, its for their Jan offsite",
            ["Confirm numbers", "Take 50% advance", "Order fabric"],
        ),
        (
            "for the garden. steps: dig the bed, buy seeds, plant them",
            "The garden",
            ["Dig the bed", "Buy seeds", "Plant them"],
        ),
        (
            "to fix the fence. the steps: get quotes, hire someone",
            "Fix the fence",
            ["Get quotes", "Hire someone"],
        ),
    ],
)
def test_a_steps_label_after_a_stop_ends_the_title(rest, title, steps):
    assert plan_phrases.split_titled(rest) == (title, steps)


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "confirm numbers, order fabric, pack & ship",
            ["Confirm numbers", "Order fabric", "Pack & ship"],
        ),
        ("strip the wall, wash & dry", ["Strip the wall", "Wash & dry"]),
        ("measure up, cut & paste", ["Measure up", "Cut & paste"]),
        # near misses: two steps with their things, or joined by "and"
        ("pack the boxes & ship them", ["Pack the boxes", "Ship them"]),
        ("order fabric, pack and ship", ["Order fabric", "Pack", "Ship"]),
    ],
)
def test_two_bare_verbs_joined_by_an_ampersand_are_one_doing(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize(
    "sentence, title",
    [
        (
            "Baby no. 2 is due in March so we need to get Oisín into creche before then",
            "Get Oisín into creche",
        ),
        ("the lease is up in June so I have to find a new flat", "Find a new flat"),
        ("my passport has expired so I need to renew it online", None),
        ("the car was written off, so we need to buy a new car", "Buy a new car"),
    ],
)
def test_news_then_what_it_makes_them_do_names_the_goal(sentence, title):
    got = plan_prose.goal_title(sentence)
    if title is None:  # points back ("renew it"): the news names the thing, and stays
        assert "passport" in got.lower()
    else:
        assert got == title


@pytest.mark.parametrize(
    "text, first",
    [
        ("Baby no. 2 is due in March. Need to visit creches", "Baby no. 2 is due in March"),
        ("Flat no. 4 needs painting. Buy paint", "Flat no. 4 needs painting"),
        ("I said no. He left anyway", "I said no"),
    ],
)
def test_no_before_a_number_ends_no_sentence(text, first):
    assert plan_prose.sentences(text)[0].rstrip(".") == first


@pytest.mark.parametrize("text", new_plans.INTENTION_EXAMPLES)
def test_an_intention_alone_is_read_as_one(text):
    assert new_plans.intention_only(text)


@pytest.mark.parametrize("text", new_plans.INTENTION_NEAR_MISSES)
def test_a_goal_word_is_no_intention_alone(text):
    assert not new_plans.intention_only(text)


def test_a_stop_before_steps_with_no_colon_is_no_label():
    # "… exam. Steps I will add later": no list follows, the words stay with the goal
    title, steps = plan_phrases.split_titled(
        ": learn Dutch for the exam. Steps I will add later when I know more."
    )
    assert steps == [] and title.startswith("Learn Dutch for the exam")


_NOON = datetime(2026, 11, 25, 12, tzinfo=UTC)


@pytest.mark.parametrize("skip, reason", step_statements.SKIP_REASONS)
def test_why_a_skip_is_not_needed_is_its_reason(skip, reason):
    st = intents.read_statement(skip, _NOON, "UTC")
    assert st is not None and st.kind == "skip"
    assert step_statements.skip_reason(st, reason)


@pytest.mark.parametrize("skip, other", step_statements.SKIP_REASON_NEAR_MISSES)
def test_another_thing_not_needed_is_a_skip_of_its_own(skip, other):
    st = intents.read_statement(skip, _NOON, "UTC")
    assert not step_statements.skip_reason(st, other)


@pytest.mark.parametrize(
    "text, action",
    [
        ("no need for a lift the day the car's in, Declan's bringing them", "a lift"),
        ("no need to book the dog sitter while mum is here", "book dog sitter"),
        ("skip the taxi when we land, Dad is collecting us", "taxi"),
        # near misses: no occasion said, the thing stays whole
        ("no need for the van the day after", "van day after"),
        ("forget the car wash", "car wash"),
    ],
)
def test_when_a_thing_is_not_needed_is_no_part_of_it(text, action):
    st = intents.read_statement(text, _NOON, "UTC")
    assert st is not None and st.kind == "skip" and st.action == action


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "pick up the van on Saturday, and ask Piotr and his brother to help carry the sofa",
            ["Pick up the van on Saturday", "Ask Piotr and his brother to help carry the sofa"],
        ),
        (
            "book the hall, tell mum and dad about the date",
            ["Book the hall", "Tell mum and dad about the date"],
        ),
        (
            "order the cake, text Sam and Jo for their address",
            ["Order the cake", "Text Sam and Jo for their address"],
        ),
        # near misses: a second action after the name, or a person told one thing after
        (
            "book the hall, ask Piotr and buy the wine",
            ["Book the hall", "Ask Piotr", "Buy the wine"],
        ),
        (
            "pack the car, ring Dave and tell him to come",
            ["Pack the car", "Ring Dave", "Tell him to come"],
        ),
    ],
)
def test_two_people_asked_one_thing_are_one_step(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize("text", replacements.ARRANGEMENT_EXAMPLES)
def test_an_arrangement_told_beside_a_new_step_is_read(text):
    assert replacements.arrangement_said(text)


@pytest.mark.parametrize("text", replacements.ARRANGEMENT_NEAR_MISSES)
def test_a_new_step_alone_tells_no_arrangement(text):
    assert not replacements.arrangement_said(text)


# -- a thing booked for a day (certainty.BOOKED_FOR_A_DAY_EXAMPLES): the booking made, the
# thing still to come; no day, a day it happened, a failed try or done news are no such thing


@pytest.mark.parametrize("text", certainty.BOOKED_FOR_A_DAY_EXAMPLES)
def test_a_thing_booked_for_a_day_is_read(text):
    assert certainty.booked_for_a_day(text), text


@pytest.mark.parametrize("text", certainty.BOOKED_FOR_A_DAY_NEAR_MISSES)
def test_a_booking_without_a_day_to_come_is_not_read_as_one(text):
    assert not certainty.booked_for_a_day(text), text


# -- a day said with nothing asked of it (certainty.NO_WAIT_ASKED_EXAMPLES): beside a booking
# made, the day of the thing booked; a wait, a later act, a span, a denial or a question is not


@pytest.mark.parametrize("text", certainty.NO_WAIT_ASKED_EXAMPLES)
def test_a_day_said_with_nothing_asked_of_it_is_read(text):
    assert certainty.no_wait_asked(text), text


@pytest.mark.parametrize("text", certainty.NO_WAIT_ASKED_NEAR_MISSES)
def test_a_day_with_a_wait_a_span_or_a_denial_asks_something(text):
    assert not certainty.no_wait_asked(text), text


# -- a try's outcome told (certainty.TRY_FAILED_EXAMPLES): a try that did not work, said as
# news; a failure feared for a try to come, or of the others of a count, is no such thing


@pytest.mark.parametrize("text", certainty.TRY_FAILED_EXAMPLES)
def test_a_try_that_did_not_work_is_told(text):
    assert certainty.try_failed(text), text


@pytest.mark.parametrize("text", certainty.TRY_FAILED_NEAR_MISSES)
def test_a_failure_feared_or_of_others_is_no_try_told(text):
    assert not certainty.try_failed(text), text


# -- no room on the other side (certainty.BOOKED_OUT_EXAMPLES): a try whose outcome is told;
# a booking made, the person's own next move said with it, or a question, is no such thing


@pytest.mark.parametrize("text", certainty.BOOKED_OUT_EXAMPLES)
def test_no_room_on_the_other_side_is_read(text):
    assert certainty.booked_out(text), text


@pytest.mark.parametrize("text", certainty.BOOKED_OUT_NEAR_MISSES)
def test_a_booking_made_or_a_next_move_is_no_room_read(text):
    assert not certainty.booked_out(text), text


# -- a try that came to nothing (certainty.NO_LUCK_EXAMPLES, read on the English gloss): nobody
# answers, the phone off, left on read, shut, full, none in stock, the site down; a next move,
# a hope, a question or a thing the person did is no such thing


@pytest.mark.parametrize("text", certainty.NO_LUCK_EXAMPLES)
def test_a_try_that_came_to_nothing_is_read(text):
    assert certainty.no_luck(other_tongues.gloss(text).text), text


@pytest.mark.parametrize("text", certainty.NO_LUCK_NEAR_MISSES)
def test_a_next_move_a_hope_or_a_deed_is_no_luck_read(text):
    assert not certainty.no_luck(other_tongues.gloss(text).text), text


# -- at a thing now (certainty.BUSY_WITH_EXAMPLES): the message opens by saying the person is
# busy with a thing, its words read; too busy, busy to come or gone by, or asked, is not


@pytest.mark.parametrize("text, thing", certainty.BUSY_WITH_EXAMPLES)
def test_busy_with_a_thing_now_is_read(text, thing):
    assert certainty.busy_with(text) == thing, text


@pytest.mark.parametrize("text", certainty.BUSY_WITH_NEAR_MISSES)
def test_busy_otherwise_is_not_read(text):
    assert certainty.busy_with(text) is None, text


# -- words with letters beyond a–z (drbot/ai/language/letters.py) --------------------------------


@pytest.mark.parametrize("text, words", letters.EXAMPLES)
def test_a_word_of_letters_beyond_a_z_is_one_word_folded(text, words):
    assert letters.words(text) == words


@pytest.mark.parametrize("text, words", letters.NEAR_MISSES)
def test_letters_of_other_scripts_are_kept_whole(text, words):
    assert letters.words(text) == words


def test_folding_is_for_comparing_only():
    # a stored title keeps its letters: folding is on a copy, and its stems are whole words
    title = "Book Bürgeramt appointment"
    assert step_match.content_stems(title) == ["book", "burgeramt", "appointment"]
    assert title == "Book Bürgeramt appointment"


def _one_plan(*titles: str) -> list:
    steps = [
        {"id": n, "title": t, "status": "pending", "position": n, "attempts": []}
        for n, t in enumerate(titles, 1)
    ]
    return [{"id": 1, "title": "Plan", "steps": steps}]


# A name or word with letters beyond a–z, said with or without its accents, names its step
@pytest.mark.parametrize(
    "text, titles, step",
    [
        (
            "Burgeramt appointment booked",
            ("Book Bürgeramt appointment", "Book the bank appointment"),
            "Book Bürgeramt appointment",
        ),
        (
            "lodz flights booked",
            ("Book flights to Łódź", "Book flights to Lisbon"),
            "Book flights to Łódź",
        ),
        ("crèche visit done", ("Visit the creche", "Visit the school"), "Visit the creche"),
        (
            "Zoe's cake ordered",
            ("Order Zoë's birthday cake", "Order Zack's cake"),
            "Order Zoë's birthday cake",
        ),
        (
            "Krakow certificate arrived",
            ("Get the certificate from Kraków", "Get the certificate from Kraby"),
            "Get the certificate from Kraków",
        ),
        (
            "got the Wohnungsgeberbestatigung",
            ("Get Wohnungsgeberbestätigung from landlord", "Get the lease from landlord"),
            "Get Wohnungsgeberbestätigung from landlord",
        ),
    ],
)
def test_a_word_with_accents_names_its_step(text, titles, step):
    match = step_match.match_step(text, _one_plan(*titles), 1)
    assert match.best is not None and match.best.title == step, text


# …and never another step by a fragment of it, or a step a letter away (asked, if anything)
@pytest.mark.parametrize(
    "text, titles, never",
    [
        (
            "Muller quote came in",
            ("Get a quote from Müller", "Get a quote from Miller"),
            "Get a quote from Miller",
        ),
        (
            "Zoe's cake ordered",
            ("Order Zoë's birthday cake", "Order Zack's cake"),
            "Order Zack's cake",
        ),
        (
            "the Łódź flat is rented",
            ("Rent the lodge for the party", "Find a tenant for the Łódź flat"),
            "Rent the lodge for the party",
        ),
    ],
)
def test_a_word_with_accents_names_no_other_step(text, titles, never):
    match = step_match.match_step(text, _one_plan(*titles), 1)
    assert match.best is None or match.best.title != never, text


@pytest.mark.parametrize(
    "text, counted",
    [
        (
            "kids xmas\n1 ask Jamie\n2 presents\n3 panto tix",
            "kids xmas\n1. ask Jamie\n2. presents\n3. panto tix",
        ),
        (
            "garage\n1 empty the shelves\n2 book the skip",
            "garage\n1. empty the shelves\n2. book the skip",
        ),
        ("trip\n 1 book flights\n 2 pack\n 3 go", "trip\n 1. book flights\n 2. pack\n 3. go"),
    ],
)
def test_lines_counted_without_a_mark_are_numbered_lines(text, counted):
    assert plan_phrases.counted_lines(text) == counted


@pytest.mark.parametrize(
    "text",
    [
        "shopping\n2 eggs\n3 apples",  # counts things, not from 1
        "party\n1 cake\nballoons\n3 hats",  # not a run
        "note\n1 thing to say",  # one line is no list
    ],
)
def test_lines_that_count_things_stay_as_they_are(text):
    assert plan_phrases.counted_lines(text) == text


@pytest.mark.parametrize("line", plan_phrases.LIST_HEADERS)
def test_a_line_that_leads_into_the_list_is_no_step(line):
    assert plan_phrases.list_header(line)


@pytest.mark.parametrize("line", plan_phrases.LIST_HEADER_NEAR_MISSES)
def test_a_step_that_starts_like_a_list_header_stays_a_step(line):
    assert not plan_phrases.list_header(line)


@pytest.mark.parametrize("text", plan_prose.PLEA_EXAMPLES)
def test_a_letters_plea_for_help_is_no_part_of_the_plan(text):
    assert plan_prose.plea_only(text)
    assert plan_prose.without_sign_off(f"Sort the loft. {text}") == "Sort the loft."


@pytest.mark.parametrize("text", plan_prose.PLEA_NEAR_MISSES)
def test_a_step_about_help_is_no_plea(text):
    assert not plan_prose.plea_only(text)
    assert plan_prose.without_sign_off(f"Sort the loft. {text}") == f"Sort the loft. {text}"


@pytest.mark.parametrize(
    "text, labelled",
    [
        ("I want to run the Dublin marathon before I turn 40. That's the goal.", True),
        ("We need to get the loft boarded before winter. That's the plan.", True),
        ("I booked the van. That's the plan sorted.", False),
        ("we sold the car. that's the plan done", False),
    ],
)
def test_a_goal_said_with_a_want_then_pointed_at_is_labelled(text, labelled):
    assert plan_phrases.labelled(text) is labelled


@pytest.mark.parametrize("steps, placed", plan_checks.FIRST_AFTER_ALL_EXAMPLES)
def test_a_step_said_to_come_first_is_placed_first(steps, placed):
    assert plan_checks.put_first(list(steps)) == list(placed)


@pytest.mark.parametrize("steps", plan_checks.FIRST_AFTER_ALL_NEAR_MISSES)
def test_first_inside_a_step_moves_nothing(steps):
    assert plan_checks.put_first(list(steps)) == list(steps)


# A step named by its place with nothing but a command's words is grammar, not free wording:
# the second reader's veto never holds it back (near misses: the place word inside news)
@pytest.mark.parametrize(
    "text, command",
    [
        ("done the second one", True),
        ("step 3 finished", True),
        ("mark the 2nd step as done", True),
        ("skip step two", True),
        ("the second one is a nightmare", False),
        ("finished the first one, second one tomorrow", False),
        ("second one this week done", False),
        ("done", False),
    ],
)
def test_a_step_named_by_its_place_in_a_commands_words(text, command):
    assert intents.commands_a_position(text) is command


# A day number said beside a named day glosses it (dates.NUMBERED_BY_NAMED_EXAMPLES): the
# explicit number wins, read near the named day, never the number's next day from today; a
# number that counts, disagrees with a weekday or lies far off glosses nothing.
@pytest.mark.parametrize(
    "text, day", dates.NUMBERED_BY_NAMED_EXAMPLES + dates.NUMBERED_BY_NAMED_NEAR_MISSES
)
def test_a_day_number_beside_a_named_day_is_the_day_meant(text, day):
    found = dates.find_when(text, NOW, "Europe/London")
    assert found is not None and found.moment.date() == day, (text, found)


# A holiday named bare in a later clause is the reason's; the day said before it is meant
# (dates.BEFORE_A_HOLIDAY_EXAMPLES); a holiday waited for, in the day's clause or beside
# another holiday stays the last day said.
@pytest.mark.parametrize(
    "text, day", dates.BEFORE_A_HOLIDAY_EXAMPLES + dates.BEFORE_A_HOLIDAY_NEAR_MISSES
)
def test_a_holiday_named_in_a_reason_is_not_the_day_meant(text, day):
    found = dates.find_when(text, NOW, "Europe/London")
    assert found is not None and found.moment.date() == day, (text, found)


# The day a snooze asks for, glossed past the asking clause's comma, is the number's
def test_a_day_number_after_the_asking_clause_is_the_snooze_day():
    st = intents.read_statement(
        "leave the insurance till after Christmas would you, the 28th say", NOW, "Europe/London"
    )
    assert st is not None and st.kind == "snooze"
    assert st.when is not None and st.when.moment.date() == date(2026, 12, 28)


# A step said to be several with no count (reworks.SEVERAL_EXAMPLES): its steps follow
@pytest.mark.parametrize("text, steps", reworks.SEVERAL_EXAMPLES)
def test_a_step_said_to_be_several_is_reworked_into_its_steps(text, steps):
    rework = reworks.read_rework(text)
    assert rework is not None and tuple(rework.steps) == steps, (text, rework)


@pytest.mark.parametrize("text", reworks.SEVERAL_NEAR_MISSES)
def test_several_said_of_no_step_reworks_nothing(text):
    assert reworks.read_rework(text) is None, text


# News opened by "update:" that replaces a step (reworks.says_a_step_changes) is no note
@pytest.mark.parametrize(
    "text, changes",
    [
        (
            "the trip lead writes the risk assessment now, so instead I just have to fill in the "
            "form and get the head to sign it",
            True,
        ),
        ("no longer need to book the hall, instead ask the school and borrow chairs", True),
        ("swap the cover letter for the online form", True),
        ("half the boxes are packed", False),
        ("rang the council, no answer, will try friday", False),
        ("the trip lead writes the risk assessment now", False),
    ],
)
def test_news_that_replaces_a_step_is_said_to_change_it(text, changes):
    assert reworks.says_a_step_changes(text) is changes, text


# The step someone else does now, then what the person has to do instead
# (reworks.THEIRS_NOW_EXAMPLES); the person's own doing, or nothing to do after, is none
@pytest.mark.parametrize("text, steps", reworks.THEIRS_NOW_EXAMPLES)
def test_a_step_someone_else_does_now_is_reworked(text, steps):
    rework = reworks.read_rework(text)
    assert rework is not None and tuple(rework.steps) == steps, (text, rework)


@pytest.mark.parametrize("text", reworks.THEIRS_NOW_NEAR_MISSES)
def test_no_rework_without_another_doing_it_and_steps_after(text):
    assert reworks.read_rework(text) is None, text


# A new step said by its "-ing" takes the verb drbot knows (replacements.BASE_OF_ING_EXAMPLES)
@pytest.mark.parametrize("said, step", replacements.BASE_OF_ING_EXAMPLES)
def test_a_step_said_by_its_ing_takes_its_verb(said, step):
    assert replacements.base_of_ing(said) == step


@pytest.mark.parametrize("said", replacements.BASE_OF_ING_KEPT)
def test_words_that_are_no_ing_of_a_known_verb_stay_as_said(said):
    assert replacements.base_of_ing(said) == said


# "do that instead" points back at the advice said before it (replacements.POINTS_BACK_EXAMPLES):
# its steps, marked to be offered only; with no advice before it, none taken from before
@pytest.mark.parametrize("text, steps", replacements.POINTS_BACK_EXAMPLES)
def test_do_that_instead_takes_the_steps_said_before_it(text, steps):
    swap = replacements.read_swap(text)
    assert swap is not None and tuple(swap.steps) == steps and swap.pointed_back, (text, swap)


@pytest.mark.parametrize("text", replacements.POINTS_BACK_NEAR_MISSES)
def test_do_that_instead_with_nothing_said_before_points_at_nothing(text):
    swap = replacements.read_swap(text)
    assert swap is None or not swap.pointed_back, swap


# The day a reminder asks for (intents.ASKED_DAY_EXAMPLES): past a reason or someone else's
# deadline said after it in the same breath, and the day said at once after taking one back
@pytest.mark.parametrize("text, day", intents.ASKED_DAY_EXAMPLES + intents.ASKED_DAY_NEAR_MISSES)
def test_the_day_a_reminder_asks_for_is_the_one_meant(text, day):
    st = intents.read_statement(text, NOW, "Europe/London")
    assert st is not None and st.kind == "snooze", (text, st)
    assert st.when is not None and st.when.moment.date() == day, (text, st.when)


# A step named by a person's or a place's name alone, its doing unsaid, is not read as done
@pytest.mark.parametrize("message, title", own_verbs.BY_A_NAME_ALONE_EXAMPLES)
def test_news_sharing_only_a_name_with_a_step_is_found_by_the_name_alone(message, title):
    assert own_verbs.found_by_a_name_alone(message, title)


@pytest.mark.parametrize("message, title", own_verbs.BY_A_NAME_ALONE_NEAR_MISSES)
def test_news_saying_the_steps_doing_or_thing_is_not_found_by_a_name_alone(message, title):
    assert not own_verbs.found_by_a_name_alone(message, title)


# A step named by a kin word alone, the kin opening a clause of what they did or have, is
# news of that person, not of the step (own_verbs.found_by_kin_alone; z253, z270)
@pytest.mark.parametrize("message, title", own_verbs.BY_KIN_ALONE_EXAMPLES)
def test_news_of_kin_sharing_only_the_kin_word_with_a_step_is_found_by_kin_alone(message, title):
    assert own_verbs.found_by_kin_alone(message, title)


@pytest.mark.parametrize("message, title", own_verbs.BY_KIN_ALONE_NEAR_MISSES)
def test_kin_answering_coming_or_named_after_a_doing_is_not_found_by_kin_alone(message, title):
    assert not own_verbs.found_by_kin_alone(message, title)


# A step found by words, its thing named otherwise (another name, a part of a longer word, a
# name said after a first clause about something else): a sign, so it is proposed
@pytest.mark.parametrize("message, title, known", other_names.NAMED_OTHERWISE_EXAMPLES)
def test_a_step_whose_thing_the_message_names_otherwise_is_found(message, title, known):
    assert other_names.named_otherwise(message, title, known) is not None


@pytest.mark.parametrize("message, title, known", other_names.NAMED_OTHERWISE_NEAR_MISSES)
def test_a_step_the_message_names_by_its_own_words_is_no_sign(message, title, known):
    assert other_names.named_otherwise(message, title, known) is None


# New steps given as a list after "replace that with:" are the list, never the words before
@pytest.mark.parametrize("text, steps", replacements.REPLACED_WITH_LIST_EXAMPLES)
def test_a_step_replaced_with_a_listed_few_takes_the_list(text, steps):
    found = replacements.read_replacement(text)
    assert found is not None and found[1] == steps, found


@pytest.mark.parametrize("title", intents.NEWS_HEAD_EXAMPLES)
def test_a_head_of_news_is_no_plan_title(title):
    assert intents.news_head(title) and not new_plans.plausible(title, ["a", "b"])


@pytest.mark.parametrize("title", intents.NEWS_HEAD_NEAR_MISSES)
def test_a_goal_is_no_head_of_news(title):
    assert not intents.news_head(title)


# A start word with a day to come in its clause starts nothing now: what else the sentence
# says decides ("signed the contract …, start monday" is the signing done)
STARTS_LATER = (
    ("signed the contract w the orchard this morning, start monday", "done"),
    ("starting the new job next week", None),
    ("start on the form tomorrow", None),
    ("booked the movers, they start friday", "done"),
)
STARTS_NOW = (
    "started monday, going well",
    "starting the form now, finish it tomorrow",
    "started on the invites",
)


@pytest.mark.parametrize("text, kind", STARTS_LATER)
def test_a_start_said_for_a_day_to_come_is_no_start(text, kind):
    read = intents.read_statement(text, NOW, "UTC")
    assert (read.kind if read else None) == kind, read


@pytest.mark.parametrize("text", STARTS_NOW)
def test_a_start_said_now_is_a_start(text):
    read = intents.read_statement(text, NOW, "UTC")
    assert read is not None and read.kind == "start", read


# A number beside a place in a queue is the person's place, never a step's
QUEUE_PLACES = (
    "housing office got back to me... im on the waitlist. number 43",
    "we're number 5 in the queue for the allotment",
    "rang the council, I'm #12 on the waiting list",
)
STEP_NUMBERS = (
    ("step 3 done, the queue was short", 3),
    ("number 2 finished", 2),
)


@pytest.mark.parametrize("text", QUEUE_PLACES)
def test_a_place_in_a_queue_is_no_step_number(text):
    read = intents.read_statement(text, NOW, "UTC")
    assert (read.position if read else None) is None and not intents.commands_a_position(text)


@pytest.mark.parametrize("text, n", STEP_NUMBERS)
def test_a_step_number_beside_no_queue_stays_one(text, n):
    read = intents.read_statement(text, NOW, "UTC")
    assert read is not None and read.position == n


# "the last one" after a count of things is one of those things, never the plan's last step
# (intents.counts_its_own_things); without the count before it, it is still a step's place
ONE_OF_THE_THINGS = (
    "all 6 boubous are sewn, finished the last one 2am last night",
    "finished all 4 practice tests!! 780 on the last one",
    "viewed 2 flats in Vake, both too dark. owner of the third one is not answering",
    "sent three letters, the second one came back",
)
STILL_A_PLACE = (
    ("done the last one", -1),
    ("finished the second one, the 3 boxes are next", 2),
    ("step 3 done, all 4 tests", 3),
)


@pytest.mark.parametrize("text", ONE_OF_THE_THINGS)
def test_the_last_of_things_counted_is_no_step_place(text):
    read = intents.read_statement(text, NOW, "UTC")
    assert (read.position if read else None) is None, read


@pytest.mark.parametrize("text, n", STILL_A_PLACE)
def test_an_ordinal_with_no_count_before_it_is_a_place(text, n):
    read = intents.read_statement(text, NOW, "UTC")
    assert read is not None and read.position == n, read


# -- a reaction after the new steps is no step (replacements.REACTION_EXAMPLES)


@pytest.mark.parametrize("said", replacements.REACTION_EXAMPLES)
def test_a_reaction_after_a_change_is_read_as_one(said):
    assert replacements.is_reaction(said)


@pytest.mark.parametrize("said", replacements.REACTION_NEAR_MISSES)
def test_words_of_what_to_do_are_no_reaction(said):
    assert not replacements.is_reaction(said)


@pytest.mark.parametrize(
    "said, steps",
    [
        (
            "I just send him the papers and pay his fee. Suits me",
            ["I just send him the papers", "Pay his fee"],
        ),
        ("regas it and swap the remote. way cheaper 👍", ["Regas it", "Swap the remote"]),
        (
            "he draws up the plans and then he submits the form. No idea what that is but ok!",
            ["He draws up the plans", "He submits the form"],
        ),
        ("ring the vet and book the jab. sorted", ["Ring the vet", "Book the jab"]),
    ],
)
def test_a_reaction_closing_the_new_steps_is_left_out(said, steps):
    assert replacements.items(said) == steps


# -- "just" after the dropping words, and someone else's will after a dash or "instead", start
# the new steps (replacements.JUST_OR_THEIRS_EXAMPLES)


@pytest.mark.parametrize("text, dropped, steps", replacements.JUST_OR_THEIRS_EXAMPLES)
def test_just_or_someone_elses_will_after_a_drop_starts_the_new_steps(text, dropped, steps):
    swap = replacements.read_swap(text)
    assert swap is not None and swap.dropped[0] == dropped and tuple(swap.steps) == steps


@pytest.mark.parametrize("text", replacements.JUST_OR_THEIRS_NEAR_MISSES)
def test_just_a_thing_or_someones_why_is_no_swap(text):
    assert replacements.read_swap(text) is None


# -- words that take the old step off, and a delivery "drop them round to hers" that is a step
# (replacements.TAKE_IT_OFF_EXAMPLES)


@pytest.mark.parametrize("step", replacements.TAKE_IT_OFF_EXAMPLES)
def test_words_that_take_the_old_step_off_are_read(step):
    assert replacements.takes_it_off(step)


@pytest.mark.parametrize("step", replacements.TAKE_IT_OFF_NEAR_MISSES)
def test_a_delivery_with_where_it_goes_takes_nothing_off(step):
    assert not replacements.takes_it_off(step)


# -- another's step is a new step all the same (replacements.WHO_DOES_EXAMPLES)


@pytest.mark.parametrize("step", replacements.WHO_DOES_EXAMPLES)
def test_a_new_step_told_by_who_does_it_says_what_to_do(step):
    assert replacements.says_what_to_do(step)


@pytest.mark.parametrize("step", replacements.WHO_DOES_NEAR_MISSES)
def test_a_remark_on_someone_is_no_new_step(step):
    assert not replacements.says_what_to_do(step)


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "So the architect says we don't apply for the council licence ourselves after all. "
            "Instead he draws up the plans and then he submits the form for us",
            ["He draws up the plans", "He submits the form for us"],
        ),
        (
            "Insurer rang, they don't want me getting my own estimate. Instead they're sending an "
            "assessor out and then I pick one of their approved panel beaters",
            ["They're sending an assessor out", "Pick one of their approved panel beaters"],
        ),
        (
            "the school doesn't run the coach any more. instead she books a minibus and then we "
            "pay her half",
            ["She books a minibus", "Pay her half"],
        ),
    ],
)
def test_someone_elses_steps_after_instead_replace_a_step(text, steps):
    found = replacements.read_instead(text)
    assert found is not None and found[1] == steps


# -- pastimes are no tasks: a replacement into them is offered (replacements.PASTIME_EXAMPLES)


@pytest.mark.parametrize("step", replacements.PASTIME_EXAMPLES)
def test_a_pastime_is_read_as_one(step):
    assert replacements.pastimes([step]) == [step]


@pytest.mark.parametrize("step", replacements.PASTIME_NEAR_MISSES)
def test_a_task_is_no_pastime(step):
    assert replacements.pastimes([step]) == []


# -- "new idea:" after the words of why starts the new steps (reworks._WHY)


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "scanning the albums myself would take a year. new idea: drop them off at the "
            "scanning place, then pick up the USB stick",
            ["Drop them off at the scanning place", "Pick up the USB stick"],
        ),
        (
            "the bus takes forever. so better idea: cycle to the station and get the fast train",
            ["Cycle to the station", "Get the fast train"],
        ),
        (
            "painting it myself is a nightmare. different approach: hire a painter, then pick "
            "the colours",
            ["Hire a painter", "Pick the colours"],
        ),
    ],
)
def test_a_new_idea_after_the_words_of_why_is_a_rework(text, steps):
    found = reworks.read_rework(text)
    assert found is not None and found.steps == steps


# -- a newcomer's first plan, in the ways people write it ----------------------------------


@pytest.mark.parametrize(
    "text, title, steps, new_title, new_steps", plan_titles.GOAL_BEFORE_LIST_EXAMPLES
)
def test_a_preamble_read_as_the_title_gives_way_to_the_goal(
    text, title, steps, new_title, new_steps
):
    assert plan_titles.goal_before_list(text, title, list(steps)) == (new_title, list(new_steps))


@pytest.mark.parametrize("text, title, steps", plan_titles.GOAL_BEFORE_LIST_NEAR_MISSES)
def test_a_title_that_names_the_plan_stays_before_its_list(text, title, steps):
    assert plan_titles.goal_before_list(text, title, list(steps)) == (title, list(steps))


@pytest.mark.parametrize(
    "text, title, steps, new_title, new_steps", plan_titles.PLAN_LABEL_EXAMPLES
)
def test_the_name_a_plan_label_gives_after_a_preamble_is_the_title(
    text, title, steps, new_title, new_steps
):
    read = plan_titles.goal_before_list(text, title, list(steps))
    assert plan_titles.named_by_label(text, *read) == (new_title, list(new_steps))


@pytest.mark.parametrize("text, title, steps", plan_titles.PLAN_LABEL_NEAR_MISSES)
def test_no_plan_label_names_the_plan(text, title, steps):
    assert plan_titles.named_by_label(text, title, list(steps)) == (title, list(steps))


@pytest.mark.parametrize(
    "text, title, steps, new_title, new_steps", plan_titles.RUN_ON_GOAL_EXAMPLES
)
def test_a_goal_run_on_into_the_first_step_is_the_title(text, title, steps, new_title, new_steps):
    got = plan_titles.goal_run_into_first_step(text, title, list(steps))
    assert got == (new_title, list(new_steps))


@pytest.mark.parametrize("text, title, steps", plan_titles.RUN_ON_GOAL_NEAR_MISSES)
def test_no_goal_run_on_into_the_first_step(text, title, steps):
    assert plan_titles.goal_run_into_first_step(text, title, list(steps)) == (title, list(steps))


@pytest.mark.parametrize(
    "text, title, steps, new_title, new_steps", plan_titles.TITLE_LINE_EXAMPLES
)
def test_a_title_line_after_a_line_of_chatter_is_the_title(
    text, title, steps, new_title, new_steps
):
    assert plan_titles.title_line_after_chatter(text, title, list(steps)) == (
        new_title,
        list(new_steps),
    )


@pytest.mark.parametrize("text, title, steps", plan_titles.TITLE_LINE_NEAR_MISSES)
def test_a_second_line_that_is_no_title_line_stays_a_step(text, title, steps):
    assert plan_titles.title_line_after_chatter(text, title, list(steps)) == (title, list(steps))


@pytest.mark.parametrize("clause, goal", plan_titles.READY_FOR_EXAMPLES)
def test_the_event_got_ready_for_is_the_goal(clause, goal):
    assert plan_titles.how_sure(clause) == 2
    assert plan_titles.best_clause([clause], ["Clean the room"])[1] == goal


@pytest.mark.parametrize("clause", plan_titles.READY_FOR_NEAR_MISSES)
def test_getting_ready_after_news_of_the_past_is_no_event_to_come(clause):
    assert plan_titles.best_clause([clause], ["Clean the room"])[1] != clause.split(" so ")[0]


@pytest.mark.parametrize(
    "text, title, steps, goal",
    [
        (
            "Hello. I am Aiko, my son is 2. My parents are visiting in May so we need to get "
            "ready: 1. clean the spare room 2. buy a futon 3. book the sushi place",
            "Aiko",
            ("Clean the spare room", "Buy a futon", "Book the sushi place"),
            "My parents are visiting in May",
        ),
    ],
)
def test_the_name_the_writer_gives_is_never_the_title(text, title, steps, goal):
    assert plan_titles.goal_before_list(text, title, list(steps))[0] == goal


@pytest.mark.parametrize("title, goal", plan_titles.PAST_PREAMBLE_EXAMPLES)
def test_a_greeting_or_who_is_writing_before_an_emoji_is_no_part_of_the_title(title, goal):
    assert plan_titles.goal_before_list(f"{title}: a, b, c", title, ["A", "B", "C"])[0] == goal


@pytest.mark.parametrize("clause", plan_titles.WHO_BY_ROLE_EXAMPLES)
def test_who_writes_by_trade_and_place_is_no_title(clause):
    assert plan_titles.who_by_role(clause) and plan_titles.says_who_writes(clause)
    assert plan_titles.how_sure(clause) == 0


@pytest.mark.parametrize("title", plan_titles.WHO_BY_ROLE_NEAR_MISSES)
def test_a_thing_or_deed_with_a_place_is_no_one_writing(title):
    assert not plan_titles.who_by_role(title) and not plan_titles.says_who_writes(title)


@pytest.mark.parametrize("clause", plan_titles.MUCH_TO_DO_EXAMPLES)
def test_a_remark_on_how_much_there_is_to_do_is_a_preamble(clause):
    assert plan_titles.how_sure(clause) == 0


@pytest.mark.parametrize("clause", plan_titles.MUCH_TO_DO_NEAR_MISSES)
def test_what_there_is_much_to_do_for_is_no_remark(clause):
    assert not plan_titles.much_to_do(clause)


@pytest.mark.parametrize("clause", plan_titles.BROUGHT_HERE_EXAMPLES)
def test_who_brought_the_person_to_drbot_is_no_title(clause):
    assert plan_titles.brought_here(clause) and plan_titles.how_sure(clause) == 0


@pytest.mark.parametrize("clause", plan_titles.BROUGHT_HERE_NEAR_MISSES)
def test_what_someone_did_for_them_otherwise_is_no_arrival(clause):
    assert not plan_titles.brought_here(clause)


@pytest.mark.parametrize("title", plan_titles.PAST_PREAMBLE_NEAR_MISSES)
def test_a_title_with_its_own_words_before_an_emoji_keeps_them(title):
    assert plan_titles.past_preamble(title) == title


@pytest.mark.parametrize("text", plan_phrases.THANKS_THING_TITLES)
def test_thanks_a_plan_is_for_is_its_title_never_thanks_said(text):
    found = plan_phrases.read_plan(text)
    assert found is not None and found[0] == plan_phrases.cap(text.split(":")[0])


@pytest.mark.parametrize("rest, after", plan_phrases.POLITE_LEAD_EXAMPLES)
def test_politeness_before_the_goal_of_a_plan_asked_for_is_no_title(rest, after):
    assert plan_phrases.POLITE_LEAD.sub("", rest, count=1) == after


@pytest.mark.parametrize("rest", plan_phrases.POLITE_LEAD_NEAR_MISSES)
def test_a_request_or_a_name_after_the_asking_words_stays(rest):
    assert plan_phrases.POLITE_LEAD.sub("", rest, count=1) == rest


@pytest.mark.parametrize("text, steps", plan_phrases.COUNTED_ALOUD_EXAMPLES)
def test_steps_counted_aloud_are_cut_where_counted(text, steps):
    assert plan_phrases.counted_aloud(text, list(steps))


@pytest.mark.parametrize("text, steps", plan_phrases.COUNTED_ALOUD_NEAR_MISSES)
def test_steps_not_each_counted_aloud_may_be_cut_again(text, steps):
    assert not plan_phrases.counted_aloud(text, list(steps))


@pytest.mark.parametrize("text, steps", plan_phrases.GOING_TO_EXAMPLES)
def test_going_somewhere_to_do_a_thing_is_one_step(text, steps):
    assert plan_phrases.run_on(text) == steps


@pytest.mark.parametrize("text, steps", plan_phrases.GOING_TO_NEAR_MISSES)
def test_a_whole_step_after_going_somewhere_still_ends_at_the_next_verb(text, steps):
    assert plan_phrases.run_on(text) == steps


@pytest.mark.parametrize("step", plan_checks.NOT_FORGET_EXAMPLES)
def test_saying_the_list_is_so_as_not_to_forget_is_no_step(step):
    assert plan_checks.without_closing(["Book the bus", step]) == ["Book the bus"]


@pytest.mark.parametrize("step", plan_checks.NOT_FORGET_NEAR_MISSES)
def test_a_step_about_not_forgetting_a_thing_stays(step):
    assert plan_checks.without_closing(["Book the bus", step]) == ["Book the bus", step]


@pytest.mark.parametrize("step, kept", plan_checks.THANKS_AFTER_EXAMPLES)
def test_thanks_after_the_last_step_is_no_part_of_it(step, kept):
    assert plan_checks.without_closing(["Ring the vet", step]) == ["Ring the vet", kept]


@pytest.mark.parametrize("step", plan_checks.THANKS_AFTER_NEAR_MISSES)
def test_a_step_about_thanks_keeps_its_thanks(step):
    assert plan_checks.without_closing(["Ring the vet", step]) == ["Ring the vet", step]


@pytest.mark.parametrize("step", plan_checks.THANKED_LAST_EXAMPLES)
def test_thanks_with_a_word_of_address_after_the_list_is_no_step(step):
    assert plan_checks.thanked_last(step)
    assert plan_checks.without_closing(["Ring the vet", "Book the hall", step]) == [
        "Ring the vet",
        "Book the hall",
    ]


@pytest.mark.parametrize("step", plan_checks.THANKED_LAST_NEAR_MISSES)
def test_a_last_step_about_thanks_or_in_another_language_stays(step):
    assert not plan_checks.thanked_last(step)
    assert plan_checks.without_closing(["Ring the vet", step]) == ["Ring the vet", step]


@pytest.mark.parametrize("rest, title, steps", plan_prose.ASKED_THING_EXAMPLES)
def test_the_thing_asked_about_is_the_title_over_the_list_after_its_question_mark(
    rest, title, steps
):
    assert plan_prose.asked_thing_over_list(rest) == (title, list(steps))


@pytest.mark.parametrize("rest", plan_prose.ASKED_THING_NEAR_MISSES)
def test_no_list_after_the_question_mark_is_no_plan_of_the_thing(rest):
    assert plan_prose.asked_thing_over_list(rest) is None


@pytest.mark.parametrize("text, rest", plan_prose.WHO_WRITES_EXAMPLES)
def test_who_writes_and_how_new_they_are_is_no_part_of_the_goal(text, rest):
    assert plan_prose.opening(text) == rest


@pytest.mark.parametrize("text", plan_prose.WHO_WRITES_NEAR_MISSES)
def test_words_about_oneself_that_go_on_stay(text):
    assert plan_prose.opening(text).split()[:2] == text.split()[:2]


@pytest.mark.parametrize("text", plan_prose.GREETING_EXAMPLES)
def test_a_greeting_and_the_word_it_calls_someone_by_are_no_goal(text):
    assert plan_prose.greets(text)
    assert plan_prose.greeting_only(text.split("🙏")[0].split("👋")[0].strip())


@pytest.mark.parametrize("text", plan_prose.GREETING_NEAR_MISSES)
def test_words_like_a_greeting_that_start_a_goal_are_no_greeting(text):
    assert not plan_prose.greets(text)


@pytest.mark.parametrize("text, rest, asked", plan_prose.ONLY_A_GOAL_YET_EXAMPLES)
def test_a_goal_said_to_be_only_a_goal_so_far_loses_those_words(text, rest, asked):
    assert plan_prose.about_the_message(text) == (rest, asked)


@pytest.mark.parametrize("text", plan_prose.ONLY_A_GOAL_YET_NEAR_MISSES)
def test_words_like_a_goal_so_far_about_something_else_stay(text):
    assert plan_prose.about_the_message(text) == (text, False)


@pytest.mark.parametrize("text, title, steps", plan_prose.LAST_STEP_EXAMPLES)
def test_the_last_thing_said_as_such_is_the_last_step(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, list(steps))


@pytest.mark.parametrize("text, title, steps", plan_prose.LAST_STEP_NEAR_MISSES)
def test_a_last_thing_that_is_no_step_is_left_out(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, list(steps))


@pytest.mark.parametrize("text, title, steps", plan_phrases.ORDINAL_EXAMPLES)
def test_steps_counted_by_ordinals_are_numbered_items(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, list(steps))


@pytest.mark.parametrize("text", plan_phrases.ORDINAL_NEAR_MISSES)
def test_ordinals_that_rank_things_number_nothing(text):
    assert plan_phrases.numbered_lines(text) == text


@pytest.mark.parametrize("text", plan_phrases.ONE_ARROW_NEAR_MISSES)
def test_one_arrow_over_no_list_of_steps_is_no_goal_over_them(text):
    assert plan_phrases.one_arrow_over_a_list(text) is None


@pytest.mark.parametrize(
    "text",
    ["new idea: a podcast about bees", "had a new idea today: bees. need to think"],
)
def test_a_new_idea_with_no_why_or_no_steps_is_no_rework(text):
    assert reworks.read_rework(text) is None


# -- a reminder asked in another language's words (reminder_words.OTHER_LANGUAGE_ASKS)


@pytest.mark.parametrize("text, said", reminder_words.OTHER_LANGUAGE_ASKS)
def test_a_reminder_asked_in_another_language_is_remind_me(text, said):
    assert reminder_words.other_language_ask(text) == said


@pytest.mark.parametrize("text", reminder_words.OTHER_LANGUAGE_NEAR_MISSES)
def test_other_language_words_that_ask_no_reminder_stay(text):
    assert reminder_words.as_remind_me(text) == text


# -- the thing, then "cancel" closing its sentence (Hinglish): a step no more, for read_instead


@pytest.mark.parametrize(
    "text, named, steps",
    [
        (
            "job post likhne ka scene cancel. Instead I'll post in the society group and ask the "
            "dabbawala uncle",
            "job post likhne ka scene",
            ["Post in the society group", "Ask the dabbawala uncle"],
        ),
        (
            "party wala plan cancel, instead we will book a table and order a cake",
            "party wala plan",
            ["Book a table", "Order a cake"],
        ),
        (
            "Sunday ka trip cancel. instead I'll clean the flat and do the laundry",
            "Sunday ka trip",
            ["Clean the flat", "Do the laundry"],
        ),
    ],
)
def test_a_thing_then_cancel_is_a_step_no_more(text, named, steps):
    found = replacements.read_instead(text)
    assert found is not None and found[0][0] == named and found[1] == steps


@pytest.mark.parametrize(
    "text", ["I might cancel. instead ring them and ask", "did you cancel? instead book it and pay"]
)
def test_cancel_asked_or_wondered_is_no_step_no_more(text):
    assert replacements.read_instead(text) is None


@pytest.mark.parametrize(
    "text",
    [
        "party prep:\n1. book the hall\n2. order the cake\n3. send invites",
        "hi! new bakery 🍞 steps:\n1) buy an oven\n2) get a licence",
        "ok so moving flat 😅 the plan:\n1. give notice\n2. book a van",
    ],
)
def test_numbered_lines_are_no_prose_plan(text):
    # the marked forms read them; prose would run the lines and their numbers together
    assert plan_prose.read_prose_plan(text) is None


@pytest.mark.parametrize(
    "title, steps, tidied",
    [
        ("Bathroom", ["Strip the tiles", "And finally paint"], ["Strip the tiles", "Paint"]),
        ("Shed", ["Clear it", "Lastly, paint it"], ["Clear it", "Paint it"]),
        ("Bike", ["Fix the chain", "Pump the tyres", "Help me track this thing"], None),
        ("Bike", ["Fix the chain", "Pump the tyres", "Abeg help me remember"], None),
    ],
)
def test_a_closing_word_or_a_plea_is_no_part_of_the_list(title, steps, tidied):
    expected = tidied if tidied is not None else steps[:-1]
    assert plan_checks.reread(title, steps) == (title, expected)


@pytest.mark.parametrize(
    "text",
    [
        "new plan - saree reselling 🥻 1) contact the wholesaler 2) make a catalogue 3) post it",
        "new plan - car boot sale 1. sort the loft 2. price everything 3. book a pitch",
        "new plan - garden 1) dig the beds 2) buy seeds 3) plant them",
    ],
)
def test_a_dash_after_the_asking_words_marks_no_item(text):
    title, steps = plan_phrases.read_plan(text.removeprefix("new plan "))
    assert not title.startswith("-") and len(steps) == 3


@pytest.mark.parametrize("text, title, steps", plan_phrases.NAMED_AFTER_EXAMPLES)
def test_a_goal_named_after_its_list_is_its_title(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, list(steps))


@pytest.mark.parametrize("text", plan_phrases.NAMED_AFTER_NEAR_MISSES)
def test_a_last_line_about_the_list_names_no_goal(text):
    assert plan_phrases.read_plan(text) is None


@pytest.mark.parametrize("delay", plan_prose.FEELING_EXAMPLES)
def test_the_writers_delay_is_never_the_goal(delay):
    """ "my cdl. been putting it off 2 years. need to …": the noun phrase first is the goal;
    how long the writer has put it off only says why now."""
    assert plan_prose.feeling_only(delay)
    said = f"the boat licence. {delay}. need to book the course, study the rules, sit the test"
    assert plan_prose.read_prose_plan(said) == (
        "Boat licence",
        ["Book the course", "Study the rules", "Sit the test"],
    )


@pytest.mark.parametrize("sentence", plan_prose.FEELING_NEAR_MISSES)
def test_a_step_that_puts_off_or_keeps_is_no_delay(sentence):
    assert not plan_prose.feeling_only(sentence)


# An adverb between the person and their will ("i just gotta", "we now need to") says nothing
# of the steps: what comes instead is still read
@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "body shop will collect the car so i dont have to go get it. instead i just gotta pay "
            "the tow yard bill and sign the release form",
            ["Pay the tow yard bill", "Sign the release form"],
        ),
        (
            "the school doesn't take cheques any more so instead we now need to pay online and "
            "email the receipt",
            ["Pay online", "Email the receipt"],
        ),
        (
            "no home visit after all, instead i really have to ring the clinic and book a slot",
            ["Ring the clinic", "Book a slot"],
        ),
    ],
)
def test_an_adverb_before_the_persons_will_leaves_what_comes_instead(text, steps):
    found = replacements.read_instead(text)
    assert found is not None and found[1] == steps, found


@pytest.mark.parametrize(
    "text",
    [
        # only for now, or nothing stopped: no replacement, adverb or not
        "the vet couldn't come today so instead i just have to ring tomorrow",
        "booked the hall instead, so i just need to send the invites",
    ],
)
def test_an_adverb_before_the_will_reads_no_replacement_where_none_is_said(text):
    assert replacements.read_instead(text) is None


# -- a step replaced by "instead of X, …", "swap that step for: …", more words of why
# (reworks.INSTEAD_OF_EXAMPLES, POINTED_SWAP_EXAMPLES, MORE_WHY_EXAMPLES)


@pytest.mark.parametrize(
    "text, named, steps", reworks.INSTEAD_OF_EXAMPLES + reworks.POINTED_SWAP_EXAMPLES
)
def test_instead_of_or_a_pointed_swap_names_the_step_and_its_new_steps(text, named, steps):
    rework = reworks.read_rework(text)
    assert rework is not None and named in rework.named, (text, rework)
    assert tuple(rework.steps) == steps, (text, rework)
    assert not rework.named.endswith(("swap that step for", "with", "to")), rework.named


@pytest.mark.parametrize(
    "text",
    reworks.INSTEAD_OF_NEAR_MISSES
    + reworks.POINTED_SWAP_NEAR_MISSES
    + reworks.MORE_WHY_NEAR_MISSES,
)
def test_instead_of_or_a_pointed_swap_with_no_steps_or_no_why_reworks_nothing(text):
    assert reworks.read_rework(text) is None, text


@pytest.mark.parametrize("text, steps", reworks.MORE_WHY_EXAMPLES)
def test_a_step_judged_no_good_or_booked_solid_is_reworked_into_what_follows(text, steps):
    rework = reworks.read_rework(text)
    assert rework is not None and tuple(rework.steps) == steps, (text, rework)


# -- a day said in everyday words (dates.MONTH_AND_NUMBER_EXAMPLES, DAY_AFTER_NAMED_EXAMPLES;
# reminder_words.ASKED_LATER)


@pytest.mark.parametrize(
    "text, day",
    dates.MONTH_AND_NUMBER_EXAMPLES
    + dates.DAY_AFTER_NAMED_EXAMPLES
    + dates.DAY_NUMBER_AND_SUBJECT_EXAMPLES,
)
def test_a_month_with_its_number_a_day_after_a_named_day_or_before_its_subject_is_read(text, day):
    found = dates.find_when(text, NOW, "Europe/London")
    assert found is not None and found.moment.date() == day, (text, found)


@pytest.mark.parametrize("text", dates.DAY_NUMBER_AND_SUBJECT_NEAR_MISSES)
def test_a_counting_number_or_an_end_month_of_something_is_no_date(text):
    assert dates.find_when(text, NOW, "Europe/London") is None


@pytest.mark.parametrize("text, day", dates.MONTH_AND_NUMBER_NEAR_MISSES)
def test_march_may_or_a_counting_number_is_no_month_day(text, day):
    found = dates.find_when(text, NOW, "Europe/London")
    assert found is None or found.moment.date() == day, (text, found)


@pytest.mark.parametrize("text, day", dates.DAY_AFTER_NAMED_NEAR_MISSES)
def test_the_day_after_a_span_is_left_to_the_doubt(text, day):
    found = dates.find_when(text, NOW, "Europe/London")
    assert found is not None and found.moment.date() == day, (text, found)
    assert date_doubts.doubt(text, found, "snooze") is not None, text


@pytest.mark.parametrize("said, meant", reminder_words.ASKED_LATER)
def test_later_asked_in_everyday_words_is_a_reminder(said, meant):
    assert reminder_words.as_remind_me(said) == meant


@pytest.mark.parametrize("said", reminder_words.ASKED_LATER_NEAR_MISSES)
def test_words_of_later_with_no_ask_or_no_day_stay_as_said(said):
    assert reminder_words.as_remind_me(said) == said


# A month or weekday right after a past verb of saying or doing ("same thing she said in
# October") is when it was said, never a day to wait to (intents.TOLD_BACK_THEN_EXAMPLES)
@pytest.mark.parametrize("text", intents.TOLD_BACK_THEN_EXAMPLES)
def test_a_day_told_as_when_it_was_said_is_no_day_to_wait_to(text):
    st = intents.read_statement(text, NOW, "Europe/London")
    assert st is not None and st.when is None, (text, st)


# "bring it back <day>" asks for the step again that day; "bring it back to …" returns a thing
@pytest.mark.parametrize("text", intents.BRING_BACK_EXAMPLES)
def test_a_step_brought_back_on_a_day_waits_till_then(text):
    st = intents.read_statement(text, NOW, "Europe/London")
    assert st is not None and st.kind == "snooze" and st.when is not None, (text, st)
    assert "bring" not in st.action, st.action


@pytest.mark.parametrize("text", intents.BRING_BACK_NEAR_MISSES)
def test_a_thing_brought_back_to_someone_is_no_wait(text):
    st = intents.read_statement(text, NOW, "Europe/London")
    assert st is None or st.kind != "snooze", (text, st)


# The ask names no day, the clause it ends names one: that day, never a later clause's
# (intents.DAY_BEFORE_THE_ASK_EXAMPLES)
@pytest.mark.parametrize(
    "text, day", intents.DAY_BEFORE_THE_ASK_EXAMPLES + intents.DAY_BEFORE_THE_ASK_NEAR_MISSES
)
def test_the_day_said_before_an_ask_with_none_is_the_day_asked(text, day):
    st = intents.read_statement(text, NOW, "Europe/London")
    assert st is not None and st.when is not None, (text, st)
    assert st.when.moment.strftime("%a") == day, (text, st.when)


@pytest.mark.parametrize("text", intents.TOLD_BACK_THEN_NEAR_MISSES)
def test_a_day_someone_gives_for_what_is_to_come_is_kept(text):
    st = intents.read_statement(text, NOW, "Europe/London")
    assert st is not None and st.when is not None, (text, st)


# A step of asking for word about a thing ends with any answer, whatever it says
# (step_statements.ASKS_FOR_WORD_TITLES, WORD_GIVEN_EXAMPLES)
@pytest.mark.parametrize("title", step_statements.ASKS_FOR_WORD_TITLES)
def test_a_step_asking_for_word_about_a_thing_is_known_by_its_title(title):
    assert step_statements.asks_for_word(title)


@pytest.mark.parametrize("title", step_statements.ASKS_FOR_WORD_NEAR_MISSES)
def test_a_step_asking_for_a_thing_or_doing_one_asks_for_no_word(title):
    assert not step_statements.asks_for_word(title)


@pytest.mark.parametrize("said", step_statements.WORD_GIVEN_EXAMPLES)
def test_an_answer_is_word_given_whatever_it_says(said):
    assert step_statements.word_given(said)


@pytest.mark.parametrize("said", step_statements.WORD_GIVEN_NEAR_MISSES)
def test_no_answer_or_an_answer_only_promised_is_no_word_given(said):
    assert not step_statements.word_given(said)


# "so forget that one": a change said of one thing pointed at is one step's, never one per
# part of the message (step_statements.ONE_POINTED_AT_EXAMPLES)
@pytest.mark.parametrize("said", step_statements.ONE_POINTED_AT_EXAMPLES)
def test_a_change_of_that_one_points_at_one_step(said):
    assert step_statements.points_at_one(said)


@pytest.mark.parametrize("said", step_statements.ONE_POINTED_AT_NEAR_MISSES)
def test_a_change_of_several_things_points_at_no_one_step(said):
    assert not step_statements.points_at_one(said)


# A step's thing said by its initials ("JD finished" for "Write the job description"): the one
# open step so named (other_names.BY_INITIALS_EXAMPLES)
@pytest.mark.parametrize(
    "message, titles, found", other_names.BY_INITIALS_EXAMPLES + other_names.BY_INITIALS_NEAR_MISSES
)
def test_a_thing_said_by_its_initials_names_its_step(message, titles, found):
    plans = [
        {
            "id": 1,
            "title": "Plan",
            "steps": [
                {"id": n, "position": n, "title": t, "status": "pending"}
                for n, t in enumerate(titles, 1)
            ],
        }
    ]
    named = [c.title for c in other_names.named_by_initials(message, plans)]  # type: ignore[arg-type]
    assert named == ([found] if found else []), (message, named)


# -- a newcomer's first plan said in running prose -----------------------------------------


@pytest.mark.parametrize("text, said", plan_phrases.ANNOUNCED_EXAMPLES)
def test_words_announcing_the_list_in_prose_are_a_colon_after_the_goal(text, said):
    assert plan_phrases.announced_list(text) == said


@pytest.mark.parametrize("text", plan_phrases.ANNOUNCED_NEAR_MISSES)
def test_a_plan_spoken_of_with_no_list_after_it_announces_none(text):
    assert plan_phrases.announced_list(text) == text


@pytest.mark.parametrize("text, lines", plan_phrases.INLINE_ITEMS_EXAMPLES)
def test_a_lists_marks_inside_one_line_make_its_items(text, lines):
    assert plan_phrases.inline_items(text) == lines


@pytest.mark.parametrize("text", plan_phrases.INLINE_ITEMS_NEAR_MISSES)
def test_a_lone_star_or_dash_marks_no_items(text):
    assert plan_phrases.inline_items(text) == text


@pytest.mark.parametrize("text, said", plan_phrases.NAMED_OUTRIGHT_EXAMPLES)
def test_a_plans_name_given_outright_is_its_title(text, said):
    assert plan_phrases.named_outright(text) == said


@pytest.mark.parametrize("text", plan_phrases.NAMED_OUTRIGHT_NEAR_MISSES)
def test_a_name_spoken_of_is_no_plans_name(text):
    assert plan_phrases.named_outright(text) == text
    assert plan_phrases.name_given(text) is None


@pytest.mark.parametrize("line", plan_phrases.PREAMBLE_LINES)
def test_a_first_line_that_only_greets_or_announces_names_no_goal(line):
    assert plan_phrases.preamble_line(line)
    title, steps = plan_phrases.read_plan(f"{line}\nbake sale\nbuy flour\nmake posters")
    assert (title, steps) == ("Bake sale", ["Buy flour", "Make posters"])


@pytest.mark.parametrize("line", plan_phrases.PREAMBLE_LINE_NEAR_MISSES)
def test_a_first_line_that_names_something_is_no_preamble(line):
    assert not plan_phrases.preamble_line(line)


@pytest.mark.parametrize(
    "title, steps",
    [
        ("Tell my new boss about my diagnosis", ["Read up on my rights", "Write out what to say"]),
        ("Ask the school about a transfer", ["Find the form", "Book a meeting"]),
        ("Tell Grandad about the move", ["Print the photos", "Plan the visit"]),
    ],
)
def test_telling_someone_else_over_a_list_is_a_goal(title, steps):
    assert new_plans.plausible(title, steps)


@pytest.mark.parametrize(
    "title, steps",
    [
        ("Tell me what's next", ["Book the hall", "Send invites"]),
        ("Remind me about the bins", ["Put them out", "Bring them in"]),
        ("Tell Sarah I'll be late", []),
        ("Ask Tom", []),
    ],
)
def test_a_request_to_drbot_or_a_lone_message_is_no_goal(title, steps):
    assert not new_plans.plausible(title, steps)


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # a face ends the goal's sentence before the step that "first" closes
        (
            "need a new flatmate since Jo's moving out 😭 gonna stick it up online first, then "
            "do viewings, then sign the agreement",
            "Need a new flatmate since Jo's moving out",
            ["Stick it up online", "Do viewings", "Sign the agreement"],
        ),
        (
            "car's failed the MOT 😤 gonna ring the garage first, then book the retest",
            "Car's failed the MOT",
            ["Ring the garage", "Book the retest"],
        ),
    ],
)
def test_a_step_closed_by_first_after_a_face_is_the_first_step(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, steps)


@pytest.mark.parametrize(
    "text, goal",
    [
        (
            "my mom says i need a bank account before i start the job. first find my passport, "
            "then go to the branch",
            "my mom says i need a bank account before i start the job",
        ),
        (
            "our coach said we have to raise money for the kit. first ask local shops, then "
            "run a car wash",
            "our coach said we have to raise money for the kit",
        ),
    ],
)
def test_what_someone_says_the_person_needs_is_said_not_aside(text, goal):
    assert plan_prose.sentences(text)[0].rstrip(".") == goal


@pytest.mark.parametrize(
    "sentence", ["my mum says hi", "my wife said this app is good", "our vicar told me about you"]
)
def test_what_someone_says_of_no_need_is_an_aside(sentence):
    assert plan_prose.sentences(f"{sentence}. book the hall, send invites")[0] != sentence


@pytest.mark.parametrize(
    "text, title, steps",
    [
        # the first step set first in order is a step, never the goal on its own line
        (
            "big job in March, new roof on the barn\nneed to get the quote out first\nthen "
            "order the sheets\nbook the crane",
            "Big job in March, new roof on the barn",
            ("Get the quote out first", "Order the sheets", "Book the crane"),
        ),
    ],
)
def test_a_step_set_first_on_its_own_line_stays_a_step(text, title, steps):
    got = plan_titles.goal_before_list(text, title, list(steps))
    assert got == (title, list(steps))
    assert plan_checks.reread(title, list(steps), text)[1][0] == steps[0]


@pytest.mark.parametrize(
    "text, title, steps",
    [
        (
            "also new thing, TOEFL. book the test, buy the workbook, and do a listening every night",
            "TOEFL",
            ["Book the test", "Buy the workbook", "Do a listening every night"],
        ),
        (
            "new one: the garage. clear the shelves, book a skip, sell the bike",
            "Garage",
            ["Clear the shelves", "Book a skip", "Sell the bike"],
        ),
    ],
)
def test_a_new_plan_announced_before_its_goal_is_no_part_of_it(text, title, steps):
    assert plan_prose.read_prose_plan(text) == (title, steps)


def test_a_new_thing_that_is_the_goal_keeps_its_words():
    # "a new kitchen" is the goal itself: no announcement
    read = plan_prose.read_prose_plan("new kitchen, get quotes, pick tiles, book the fitter")
    assert read is None or "kitchen" in read[0].lower()


# A step put off to a day ahead in everyday words (put_offs.SHAPES): a verb that puts off, the
# person's own future or present said of a day, the thing alone with its day — each read with
# the words that name the step and the day; a musing, a question, a deadline, someone else's
# day, a day gone, a pointing "it" (put_offs.NEAR_MISSES) is none.
@pytest.mark.parametrize("text, words, day", put_offs.SHAPES)
def test_a_step_put_off_to_a_day_in_everyday_words(text, words, day):
    found = put_offs.put_off(text, NOW, "UTC")
    assert found is not None, text
    assert (found.words, found.when.moment.date().isoformat()) == (words, day)


@pytest.mark.parametrize("text", put_offs.NEAR_MISSES)
def test_no_step_put_off_by_a_musing_a_deadline_or_another_s_day(text):
    assert put_offs.put_off(text, NOW, "UTC") is None, text


# A thing named first, then a wait asked of it with a word pointing back ("ID card appointment
# - leave it till monday pls, …", put_offs.LABEL_THEN_WAIT_EXAMPLES): the label is read; no day
# ahead, a label that only points or does, no pointing word (NEAR_MISSES) reads none.
@pytest.mark.parametrize("text, label", put_offs.LABEL_THEN_WAIT_EXAMPLES)
def test_a_wait_asked_of_a_thing_named_first_reads_its_label(text, label):
    assert put_offs.label_then_wait(text, NOW, "UTC") == label


@pytest.mark.parametrize("text", put_offs.LABEL_THEN_WAIT_NEAR_MISSES)
def test_no_label_read_without_a_pointing_wait_to_a_day_ahead(text):
    assert put_offs.label_then_wait(text, NOW, "UTC") is None, text


# A replacement's new steps: a remark on how it will go ("see how they get on") and a fragment
# of the sentence ("Of the taps") are no steps; a count said ("two things: …") is the count.
@pytest.mark.parametrize("step", replacements.REMARK_STEP_EXAMPLES)
def test_a_remark_after_the_new_steps_is_no_step(step):
    assert replacements.is_remark_step(step), step
    assert replacements.real_steps(["Ring the vet", step]) == ["Ring the vet"]


@pytest.mark.parametrize("step", replacements.REMARK_STEP_NEAR_MISSES)
def test_a_step_of_seeing_is_no_remark(step):
    assert not replacements.is_remark_step(step), step


@pytest.mark.parametrize("step", replacements.FRAGMENT_STEP_EXAMPLES)
def test_a_fragment_of_the_sentence_is_no_new_step(step):
    assert replacements.is_fragment_step(step), step
    assert replacements.checked_new_steps(["Ring the vet", step])[1]


@pytest.mark.parametrize(
    "step", replacements.FRAGMENT_STEP_NEAR_MISSES + replacements.REMARK_STEP_NEAR_MISSES
)
def test_a_step_with_its_own_words_is_no_fragment(step):
    assert not replacements.is_fragment_step(step), step


@pytest.mark.parametrize("text, count", replacements.COUNT_SAID_EXAMPLES)
def test_the_count_of_new_things_said(text, count):
    assert replacements.count_said(text) == count
    assert not replacements.checked_new_steps(["Ring the vet"] * count, text)[1]


def test_a_count_said_that_is_not_the_count_read_is_doubted():
    said = "actually it's 2 jobs, gotta send the new menu to doordash AND redo it on ubereats"
    assert replacements.checked_new_steps(["Send the menu", "Redo it", "Ubereats"], said)[1]


@pytest.mark.parametrize("text", replacements.COUNT_SAID_NEAR_MISSES)
def test_no_count_of_new_things_said(text):
    assert replacements.count_said(text) is None


# "So:" opens the list of what comes instead, whatever the sentence before it said
@pytest.mark.parametrize(
    "text, steps", replacements.SO_LIST_EXAMPLES + replacements.SO_LIST_NEAR_MISSES
)
def test_a_list_after_so_colon_is_the_new_steps(text, steps):
    swap = replacements.read_swap(text)
    assert swap is not None and tuple(swap.steps) == steps, swap


# "and only then" between two new steps is "then": never a step "Only" or "Test only"
@pytest.mark.parametrize("text, steps", replacements.ONLY_THEN_EXAMPLES)
def test_only_then_cuts_two_new_steps(text, steps):
    assert replacements.items(text) == list(steps)


@pytest.mark.parametrize(
    "text, steps",
    [
        (
            "order only the paint, then ring the decorator",
            ["Order only the paint", "Ring the decorator"],
        ),
        ("ring the vet and then book the cattery", ["Ring the vet", "Book the cattery"]),
    ],
)
def test_only_elsewhere_stays_in_its_step(text, steps):
    assert replacements.items(text) == steps


# A replacement is written only when the new steps are cut where the person cut them: no cut
# where nothing marks one, no step said after the last one read (replan_doubts)
@pytest.mark.parametrize("said, steps", replan_doubts.CUT_EXAMPLES)
def test_new_steps_cut_where_the_person_did_not_are_doubted(said, steps):
    assert replan_doubts.steps_doubts(said, list(steps)), steps


@pytest.mark.parametrize("said, steps", replan_doubts.CUT_NEAR_MISSES)
def test_new_steps_cut_at_the_person_s_marks_are_not_doubted(said, steps):
    assert replan_doubts.steps_doubts(said, list(steps)) == [], steps


# A change read from words of why is said outright — an explicit mark of the change and
# exactly two new steps each led by a verb drbot knows — or it stays an offer (replan_doubts)
@pytest.mark.parametrize("said, steps", replan_doubts.OUTRIGHT_EXAMPLES)
def test_a_change_marked_with_two_verb_led_steps_is_said_outright(said, steps):
    assert replan_doubts.said_outright(said, list(steps))


@pytest.mark.parametrize("said, steps", replan_doubts.OUTRIGHT_NEAR_MISSES)
def test_a_change_unmarked_or_of_other_steps_is_not_said_outright(said, steps):
    assert not replan_doubts.said_outright(said, list(steps))


def _plans_of(spec: dict[str, tuple[str, ...]]) -> list:
    plans, n = [], 0
    for i, (title, steps) in enumerate(spec.items(), 1):
        rows = []
        for j, step in enumerate(steps, 1):
            n += 1
            done = step.startswith("✓")
            rows.append(
                {
                    "id": n,
                    "position": j,
                    "title": step.lstrip("✓"),
                    "status": "done" if done else "pending",
                }
            )
        plans.append({"id": i, "title": title, "steps": rows})
    return plans


def _step_id(plans: list, title: str) -> int:
    return next(s["id"] for p in plans for s in p["steps"] if s["title"] == title)


# The step a replacement names is certain only when the words name it and no other step,
# finished ones too (the learnt check of which step, asked of those words)
@pytest.mark.parametrize("named, spec, chosen, other", replan_doubts.STEP_DOUBT_EXAMPLES)
def test_a_replaced_step_other_words_fit_is_doubted(named, spec, chosen, other):
    plans = _plans_of(spec)
    doubt = replan_doubts.step_doubt(named, plans, 1, _step_id(plans, chosen))
    assert doubt is not None
    assert (doubt.other.title if doubt.other else "") == other


@pytest.mark.parametrize("named, spec, chosen", replan_doubts.STEP_DOUBT_NEAR_MISSES)
def test_a_replaced_step_named_alone_is_not_doubted(named, spec, chosen):
    plans = _plans_of(spec)
    assert replan_doubts.step_doubt(named, plans, 1, _step_id(plans, chosen)) is None


# A bare compound topic whose last noun names another step than the one chosen by a noun
# before it is asked (replan_doubts.APART_EXAMPLES)
@pytest.mark.parametrize("named, spec, chosen, other", replan_doubts.APART_EXAMPLES)
def test_a_compound_topic_naming_two_steps_is_doubted(named, spec, chosen, other):
    plans = _plans_of(spec)
    doubt = replan_doubts.step_doubt(named, plans, 1, _step_id(plans, chosen))
    assert doubt is not None and doubt.other is not None and doubt.other.title == other


@pytest.mark.parametrize("named, spec, chosen", replan_doubts.APART_NEAR_MISSES)
def test_a_topic_whose_last_noun_is_the_step_s_own_is_not_doubted_apart(named, spec, chosen):
    plans = _plans_of(spec)
    assert replan_doubts.named_apart(named, plans, 1, _step_id(plans, chosen)) is None


# A topic of one noun that two open steps have is asked, whatever the learnt odds
# (replan_doubts.ALIKE_EXAMPLES)
@pytest.mark.parametrize("named, spec, chosen, other", replan_doubts.ALIKE_EXAMPLES)
def test_a_one_noun_topic_two_steps_have_is_doubted(named, spec, chosen, other):
    plans = _plans_of(spec)
    found = replan_doubts.named_alike(named, plans, 1, _step_id(plans, chosen))
    assert (found.title if found is not None else None) == other


# A name said with an "n" is one thing (plan_phrases.NAMED_WITH_N_EXAMPLES)
@pytest.mark.parametrize(
    "text, parts", plan_phrases.NAMED_WITH_N_EXAMPLES + plan_phrases.NAMED_WITH_N_NEAR_MISSES
)
def test_a_spoken_n_splits_two_actions_never_a_name(text, parts):
    assert plan_phrases.split_spoken_and(text) == parts


# A going said before what it is for is one action with "n" as with "and"
# (plan_phrases.GOING_TO_DO_WITH_N_EXAMPLES; z200 "go roon efter n check his work for leaks")
@pytest.mark.parametrize("text, parts", plan_phrases.GOING_TO_DO_WITH_N_EXAMPLES)
def test_a_going_and_what_it_is_for_joined_by_n_are_one_step(text, parts):
    assert plan_phrases.split_spoken_and(text) == parts


# After "swap it for:" each item shaped as an order is a new step whatever its verb
# (replacements.ORDER_SHAPE_EXAMPLES); without the colon's list nothing changes.
@pytest.mark.parametrize("text", replacements.ORDER_SHAPE_EXAMPLES)
def test_orders_listed_after_a_swap_s_colon_are_its_new_steps(text):
    swap = replacements.read_swap(text)
    assert swap is not None and len(swap.steps) == 2, swap


@pytest.mark.parametrize("text, steps", replacements.LISTED_AFTER_COUNT)
def test_the_count_said_keeps_its_list_s_things_whole(text, steps):
    read = ["Ring the vet"] * (len(steps) + 1)
    assert replacements.checked_new_steps(read, text) == (list(steps), "")


@pytest.mark.parametrize("text, steps", plan_phrases.BRACKETED_STEPS_EXAMPLES)
def test_a_comma_inside_brackets_splits_no_step(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize("text, steps", plan_phrases.BRACKETED_STEPS_NEAR_MISSES)
def test_commas_outside_brackets_split_as_ever(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize("text, steps", plan_phrases.ONE_STEP_AT_THE_END_EXAMPLES)
def test_one_action_on_two_things_is_one_step(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize("text, steps", plan_phrases.ONE_STEP_AT_THE_END_NEAR_MISSES)
def test_a_second_action_or_a_name_after_and_is_its_own_step(text, steps):
    assert plan_phrases.split_steps(text) == steps


@pytest.mark.parametrize("title, goal", plan_titles.PAST_HOW_THEY_CAME_EXAMPLES)
def test_sentences_saying_how_they_came_to_drbot_are_no_part_of_the_title(title, goal):
    assert plan_titles.past_how_they_came(title) == goal


@pytest.mark.parametrize("title", plan_titles.PAST_HOW_THEY_CAME_NEAR_MISSES)
def test_a_title_with_no_sentence_of_how_they_came_stays_whole(title):
    assert plan_titles.past_how_they_came(title) == title


@pytest.mark.parametrize("title, goal", plan_titles.IT_IS_FOR_EXAMPLES)
def test_what_the_plan_is_for_said_after_the_request_is_the_title(title, goal):
    assert plan_titles.after_asking(title) == goal


@pytest.mark.parametrize("title", plan_titles.IT_IS_FOR_NEAR_MISSES)
def test_a_title_starting_with_it_that_names_no_for_keeps(title):
    assert plan_titles.after_asking(title) == title


@pytest.mark.parametrize("text, said", plan_phrases.ASKED_OUTRIGHT_EXAMPLES)
def test_a_new_plan_asked_for_outright_is_read_from_after_the_asking(text, said):
    assert plan_phrases.asked_outright(text) == said


@pytest.mark.parametrize("text", plan_phrases.ASKED_OUTRIGHT_NEAR_MISSES)
def test_a_new_plan_spoken_of_asks_for_none(text):
    assert plan_phrases.asked_outright(text) == text


@pytest.mark.parametrize(
    "clauses, steps, goal",
    [*plan_titles.SHARED_THING_EXAMPLES, *plan_titles.SHARED_THING_NEAR_MISSES],
)
def test_the_clause_that_shares_the_steps_thing_names_the_goal(clauses, steps, goal):
    assert plan_titles.best_clause(list(clauses), list(steps))[1] == goal


@pytest.mark.parametrize("lines", plan_phrases.CLOSING_REMARK_EXAMPLES)
def test_a_remark_on_the_last_line_is_no_step(lines):
    assert plan_phrases.without_closing_remark(list(lines)) == list(lines[:-1])


@pytest.mark.parametrize("lines", plan_phrases.CLOSING_REMARK_NEAR_MISSES)
def test_a_last_line_with_no_remark_or_after_no_verbs_stays(lines):
    assert plan_phrases.without_closing_remark(list(lines)) == list(lines)


@pytest.mark.parametrize("text, lines", plan_phrases.BARE_COUNT_EXAMPLES)
def test_items_counted_in_words_with_no_mark_are_numbered(text, lines):
    assert plan_phrases.numbered_lines(text) == lines


@pytest.mark.parametrize("text", plan_phrases.BARE_COUNT_NEAR_MISSES)
def test_things_counted_in_words_are_no_items(text):
    assert plan_phrases.numbered_lines(text) == text


@pytest.mark.parametrize("text, lines", plan_phrases.NUMBER_SAID_EXAMPLES)
def test_items_dictated_as_number_one_number_two_are_numbered(text, lines):
    assert plan_phrases.numbered_lines(text) == lines


@pytest.mark.parametrize("text", plan_phrases.NUMBER_SAID_NEAR_MISSES)
def test_number_said_with_no_run_of_actions_counts_no_items(text):
    assert plan_phrases.numbered_lines(text) == text


@pytest.mark.parametrize("step, steps", plan_phrases.OTHER_AND_EXAMPLES)
def test_the_and_of_another_language_between_two_actions_splits_them(step, steps):
    assert plan_phrases.one_action_each([step]) == list(steps)


@pytest.mark.parametrize("step", plan_phrases.OTHER_AND_NEAR_MISSES)
def test_the_and_of_another_language_between_things_splits_nothing(step):
    assert plan_phrases.one_action_each([step]) == [step]


@pytest.mark.parametrize("step, tidied", plan_phrases.ORDER_ELSEWHERE_EXAMPLES)
def test_the_order_words_of_another_language_are_no_part_of_a_step(step, tidied):
    assert plan_phrases.one_action_each(["Book the hall", step]) == ["Book the hall", tidied]


@pytest.mark.parametrize("step", plan_phrases.ORDER_ELSEWHERE_NEAR_MISSES)
def test_a_name_or_a_word_like_an_order_word_stays_in_its_step(step):
    assert plan_phrases.one_action_each(["Book the hall", step]) == ["Book the hall", step]


def test_an_order_word_of_another_language_before_the_list_names_no_goal():
    text = (
        "Goeie naand! Ek wil 'n plan maak vir my solar course. eerste betaal die deposit, dan "
        "koop safety boots"
    )
    title = "Ek wil 'n plan maak vir my solar course"
    steps = ["Betaal die deposit", "Dan koop safety boots"]
    assert plan_titles.goal_before_list(text, title, steps)[0] == title


@pytest.mark.parametrize(
    "text, title, steps, new_title, new_steps", plan_titles.GOAL_IN_FIRST_ITEM_EXAMPLES
)
def test_the_goal_said_before_the_first_items_colon_is_the_title(
    text, title, steps, new_title, new_steps
):
    assert plan_titles.goal_in_first_item(text, title, list(steps)) == (new_title, list(new_steps))
    assert plan_titles.goal_before_list(text, title, list(steps)) == (new_title, list(new_steps))


@pytest.mark.parametrize("text, title, steps", plan_titles.GOAL_IN_FIRST_ITEM_NEAR_MISSES)
def test_a_head_before_the_first_items_colon_that_says_no_goal_stays(text, title, steps):
    assert plan_titles.goal_in_first_item(text, title, list(steps)) == (title, list(steps))


@pytest.mark.parametrize(
    "text, steps",
    [*plan_checks.COUNTED_LAUGH_EXAMPLES, *plan_checks.COUNTED_LAUGH_NEAR_MISSES],
)
def test_an_item_the_person_numbered_is_a_step_however_it_laughs(text, steps):
    title, lines = text.split("\n", 1)
    read = [plan_phrases.cap(line.split(". ", 1)[-1]) for line in lines.split("\n")]
    assert plan_checks.reread(plan_phrases.cap(title), read, text)[1] == list(steps)


# A verb that names a thing as often ("a standing order for him", "a reminder email round next
# week") cuts no step of a list typed without commas (plan_phrases.COMPOUND_NOUN_EXAMPLES)
@pytest.mark.parametrize(
    "text, steps", plan_phrases.COMPOUND_NOUN_EXAMPLES + plan_phrases.COMPOUND_NOUN_NEAR_MISSES
)
def test_a_verb_naming_a_thing_cuts_no_step(text, steps):
    assert replacements.items(text) == list(steps)


# The reason said before "instead:" is no new step (replacements.REASON_EXAMPLES)
@pytest.mark.parametrize("text, steps", replacements.REASON_EXAMPLES)
def test_the_reason_before_instead_is_no_step(text, steps):
    assert replacements.without_reason(text) == steps


@pytest.mark.parametrize("text", replacements.REASON_NEAR_MISSES)
def test_steps_with_no_reason_before_instead_are_kept(text):
    assert replacements.without_reason(text) == text


# A second name joined to whom a step is with is no step of its own
# (reworks.NAMES_JOINED_EXAMPLES)
@pytest.mark.parametrize(
    "text, steps", reworks.NAMES_JOINED_EXAMPLES + reworks.NAMES_JOINED_NEAR_MISSES
)
def test_a_name_joined_to_a_step_s_person_is_no_step(text, steps):
    rework = reworks.read_rework(text)
    assert rework is not None and rework.steps == list(steps)


# What is said after "then" is a step of its own, never things of the step before
# (reworks.THEN_EXAMPLES); a list's things after "and" still are (THEN_NEAR_MISSES)
@pytest.mark.parametrize("text, steps", reworks.THEN_EXAMPLES + reworks.THEN_NEAR_MISSES)
def test_what_is_said_after_then_is_a_step_of_its_own(text, steps):
    rework = reworks.read_rework(text)
    assert rework is not None and rework.steps == list(steps)


# "instead" closing a clause, then someone's remark ("…, he uses both"): the remark is no new
# step (replacements.REMARK_AFTER_INSTEAD_EXAMPLES)
@pytest.mark.parametrize("text", replacements.REMARK_AFTER_INSTEAD_EXAMPLES)
def test_a_remark_after_instead_is_no_new_step(text):
    found = replacements.read_replacement(text)
    assert found is None or not any(
        step.split()[0].lower() in ("he", "she", "they", "it") for step in found[1]
    ), found


@pytest.mark.parametrize("text", replacements.REMARK_AFTER_INSTEAD_NEAR_MISSES)
def test_steps_after_instead_are_still_read(text):
    found = replacements.read_replacement(text)
    assert found is not None and len(found[1]) == 2, found


# What is dropped names no thing of its own ("the whole lot"): the short sentence before says
# what the change is about (replacements.LEAD_TOPIC_EXAMPLES)
@pytest.mark.parametrize("text, old, lead", replacements.LEAD_TOPIC_EXAMPLES)
def test_a_lead_sentence_says_what_the_whole_lot_is(text, old, lead):
    assert replacements.lead_topic(text, old) == lead


@pytest.mark.parametrize("text, old", replacements.LEAD_TOPIC_NEAR_MISSES)
def test_no_lead_sentence_when_the_dropped_words_name_a_thing(text, old):
    assert replacements.lead_topic(text, old) is None


# Someone's approval given picks the step asking for it (intents.APPROVAL_GIVEN_EXAMPLES)
@pytest.mark.parametrize("text", intents.APPROVAL_GIVEN_EXAMPLES)
def test_an_approval_given(text):
    assert intents.approval_given(text)


@pytest.mark.parametrize("text", intents.APPROVAL_GIVEN_NEAR_MISSES)
def test_an_approval_of_ones_own_still_to_come_or_kept_back(text):
    assert not intents.approval_given(text)


# A person found, kept back by nothing (step_statements.SOMEONE_FOUND_EXAMPLES)
@pytest.mark.parametrize("text", step_statements.SOMEONE_FOUND_EXAMPLES)
def test_someone_found(text):
    assert step_statements.someone_found(text)


@pytest.mark.parametrize("text", step_statements.SOMEONE_FOUND_NEAR_MISSES)
def test_no_one_found_or_found_with_a_but(text):
    assert not step_statements.someone_found(text)


@pytest.mark.parametrize("title", step_match.FINDS_SOMEONE_EXAMPLES)
def test_a_step_of_finding_a_person(title):
    assert step_match.finds_someone(title)


@pytest.mark.parametrize("title", step_match.FINDS_SOMEONE_NEAR_MISSES)
def test_a_step_of_finding_a_thing(title):
    assert not step_match.finds_someone(title)


# A yes from the one a step asks ends the asking (step_statements.ASKS_THEM_EXAMPLES)
@pytest.mark.parametrize("title, who", step_statements.ASKS_THEM_EXAMPLES)
def test_a_step_asking_the_one_who_said_yes(title, who):
    assert step_statements.asks_them(title, who)


@pytest.mark.parametrize("title, who", step_statements.ASKS_THEM_NEAR_MISSES)
def test_a_step_asking_no_one_or_someone_else(title, who):
    assert not step_statements.asks_them(title, who)


@pytest.mark.parametrize("text, title, steps, new_title", plan_titles.OPENING_GIVES_WAY_EXAMPLES)
def test_a_short_opening_gives_way_to_the_deed_said_after_it(text, title, steps, new_title):
    assert plan_titles.goal_before_list(text, title, list(steps)) == (new_title, list(steps))


@pytest.mark.parametrize("text, title, steps", plan_titles.OPENING_GIVES_WAY_NEAR_MISSES)
def test_a_short_title_over_a_remark_or_of_a_plan_stays(text, title, steps):
    assert plan_titles.goal_before_list(text, title, list(steps)) == (title, list(steps))


@pytest.mark.parametrize("read, reread", plan_checks.GLUED_FIRST_EXAMPLES)
def test_a_goal_said_before_first_i_is_no_part_of_the_first_step(read, reread):
    title, steps = read
    assert plan_checks.goal_glued_to_first_step(title, list(steps)) == (
        reread[0],
        list(reread[1]),
    )


@pytest.mark.parametrize("title, steps", plan_checks.GLUED_FIRST_NEAR_MISSES)
def test_first_of_a_thing_or_with_no_step_after_it_cuts_nothing(title, steps):
    assert plan_checks.goal_glued_to_first_step(title, list(steps)) == (title, list(steps))


@pytest.mark.parametrize("text, title, steps", plan_phrases.ORDINALS_INSIDE_EXAMPLES)
def test_ordinals_counting_steps_inside_a_sentence_are_numbered_items(text, title, steps):
    assert plan_phrases.read_plan(text) == (title, list(steps))


@pytest.mark.parametrize("text", plan_phrases.ORDINALS_INSIDE_NEAR_MISSES)
def test_ordinals_of_a_thing_or_out_of_order_number_nothing(text):
    assert plan_phrases.numbered_lines(text) == text


@pytest.mark.parametrize("text, title, rest", plan_prose.ASKING_CLAUSE_EXAMPLES)
def test_the_words_asking_for_a_plan_read_as_its_title_end_before_it(text, title, rest):
    end = plan_prose.asking_clause_end(text, title)
    assert end is not None and text[end:] == rest


@pytest.mark.parametrize("text, title", plan_prose.ASKING_CLAUSE_NEAR_MISSES)
def test_a_title_with_a_word_of_its_own_is_no_asking_clause(text, title):
    assert plan_prose.asking_clause_end(text, title) is None


@pytest.mark.parametrize("text, title, new_title", plan_titles.PAST_A_FACE_EXAMPLES)
def test_a_short_opening_a_face_sets_off_is_no_part_of_the_title(text, title, new_title):
    assert plan_titles.past_a_face(text, title) == new_title


@pytest.mark.parametrize("text, title", plan_titles.PAST_A_FACE_NEAR_MISSES)
def test_a_title_a_face_or_comma_runs_through_stays_whole(text, title):
    assert plan_titles.past_a_face(text, title) == title


@pytest.mark.parametrize("text, title, steps, rest", plan_titles.GREETING_AS_TITLE_EXAMPLES)
def test_a_greeting_no_list_holds_read_as_the_title_leaves_the_rest_to_read(
    text, title, steps, rest
):
    assert plan_titles.after_greeting_as_title(text, title, list(steps)) == rest


@pytest.mark.parametrize("text, title, steps", plan_titles.GREETING_AS_TITLE_NEAR_MISSES)
def test_a_title_that_is_no_short_opening_closed_so_is_read_as_it_is(text, title, steps):
    assert plan_titles.after_greeting_as_title(text, title, list(steps)) is None


@pytest.mark.parametrize("text, title, new_title", plan_titles.GOAL_AFTER_GREETING_EXAMPLES)
def test_a_goal_alone_named_by_a_greeting_takes_the_goal_said_after(text, title, new_title):
    assert plan_titles.goal_after_greeting(text, title, []) == new_title


@pytest.mark.parametrize("text, title", plan_titles.GOAL_AFTER_GREETING_NEAR_MISSES)
def test_a_goal_alone_named_by_a_thing_or_with_no_goal_said_after_stays(text, title):
    assert plan_titles.goal_after_greeting(text, title, []) == title


def test_a_goal_with_steps_is_left_to_the_reading_before_the_list():
    text = "zdravo. i want to learn to drive this spring: book lessons, buy the code book"
    steps = ["Book lessons", "Buy the code book"]
    assert plan_titles.goal_after_greeting(text, "Zdravo", steps) == "Zdravo"


@pytest.mark.parametrize("text, steps", plan_phrases.SAME_THING_AGAIN_EXAMPLES)
def test_the_last_items_two_verbs_on_one_it_are_one_step(text, steps):
    read = plan_phrases.read_plan(text)
    assert read is not None and read[1] == steps


@pytest.mark.parametrize("text, steps", plan_phrases.SAME_THING_AGAIN_NEAR_MISSES)
def test_a_new_thing_or_them_after_the_second_verb_is_a_step_of_its_own(text, steps):
    read = plan_phrases.read_plan(text)
    assert read is not None and read[1] == steps


@pytest.mark.parametrize("step, steps", plan_checks.LIST_IN_ONE_STEP_EXAMPLES)
def test_a_list_typed_on_one_line_read_as_one_step_is_its_steps(step, steps):
    assert plan_checks.list_in_one_step([step]) == list(steps)


@pytest.mark.parametrize("steps", plan_checks.LIST_IN_ONE_STEP_NEAR_MISSES)
def test_one_thing_with_its_items_or_more_than_one_step_is_not_cut(steps):
    assert plan_checks.list_in_one_step(list(steps)) is None


@pytest.mark.parametrize("text, title, steps", plan_checks.FOR_WHOM_EXAMPLES)
def test_what_goes_to_whom_after_a_goal_is_its_steps(text, title, steps):
    assert plan_checks.things_for_whom(text, title) == list(steps)


@pytest.mark.parametrize("text, title", plan_checks.FOR_WHOM_NEAR_MISSES)
def test_two_things_for_someone_or_a_sentence_is_no_list_of_gifts(text, title):
    assert plan_checks.things_for_whom(text, title) is None


@pytest.mark.parametrize("clause", plan_titles.ABOUT_DRBOT_EXAMPLES)
def test_how_the_person_came_to_drbot_names_no_goal(clause):
    assert plan_titles.about_drbot(clause)


@pytest.mark.parametrize("clause", plan_titles.ABOUT_DRBOT_NEAR_MISSES)
def test_a_goal_said_with_drbot_or_a_thing_told_of_is_no_word_about_drbot(clause):
    assert not plan_titles.about_drbot(clause)


# The new way summed up, then its steps put in order: the summary is no step
# (replacements.IN_ORDER_EXAMPLES; z150, z152, z169, z182, z242, z243)
@pytest.mark.parametrize("text, read, ordered", replacements.IN_ORDER_EXAMPLES)
def test_steps_in_order_after_a_summary_of_the_new_way(text, read, ordered):
    assert replacements.in_order_after_summary(text, list(read)) == list(ordered)


@pytest.mark.parametrize("text, read", replacements.IN_ORDER_NEAR_MISSES)
def test_steps_read_stay_without_a_summary_before_an_order(text, read):
    assert replacements.in_order_after_summary(text, list(read)) == list(read)


# Someone close doing a step ("my brother buys a new one", "Gosho the installer fits it") is a
# step of theirs, never a thing that takes the replaced step's verb (reworks.DOER_EXAMPLES)
@pytest.mark.parametrize("piece", reworks.DOER_EXAMPLES)
def test_someone_close_doing_a_step(piece):
    assert reworks.doer_does(piece)


@pytest.mark.parametrize("piece", reworks.DOER_NEAR_MISSES)
def test_no_one_close_doing_a_step(piece):
    assert not reworks.doer_does(piece)


# -- a step someone else takes over "himself", the person's own part after "I only need to"
# (reworks.THEIRS_HIMSELF_EXAMPLES)


@pytest.mark.parametrize(("text", "steps"), reworks.THEIRS_HIMSELF_EXAMPLES)
def test_a_step_someone_else_takes_over_is_reworked(text, steps):
    found = reworks.read_rework(text)
    assert found is not None and tuple(found.steps) == steps, found


@pytest.mark.parametrize("text", reworks.THEIRS_HIMSELF_NEAR_MISSES)
def test_ones_own_doing_or_theirs_done_is_no_rework(text):
    assert reworks.read_rework(text) is None


@pytest.mark.parametrize("text", under_way.PART_TOLD_EXAMPLES)
def test_a_part_of_the_job_told_done_with_the_rest_to_come_is_read(text):
    assert under_way.part_told(text)


@pytest.mark.parametrize("text", under_way.PART_TOLD_NEAR_MISSES)
def test_a_half_of_anything_else_is_no_part_told(text):
    assert not under_way.part_told(text)


@pytest.mark.parametrize("text, rest", plan_prose.WHO_FROM_MORE_EXAMPLES)
def test_who_writes_in_more_shapes_is_read_off_the_head(text, rest):
    assert plan_prose.without_who_writes(text) == rest


@pytest.mark.parametrize("text", plan_prose.WHO_FROM_MORE_NEAR_MISSES)
def test_a_thing_or_news_before_a_face_stays_at_the_head(text):
    assert plan_prose.without_who_writes(text) == text


@pytest.mark.parametrize("text, rest", plan_prose.GO_AHEAD_EXAMPLES)
def test_a_go_ahead_closing_a_new_plan_is_read_off(text, rest):
    assert plan_prose.without_go_ahead(text) == rest


@pytest.mark.parametrize("text", plan_prose.GO_AHEAD_NEAR_MISSES)
def test_a_last_step_of_going_stays(text):
    assert plan_prose.without_go_ahead(text) == text


# A payment said as a state, by no one ("that's paid 👍"), and the steps waiting for money
# owed (step_statements.paid_state, step_match.awaits_payment; set w)
@pytest.mark.parametrize("said", step_statements.PAID_STATE_EXAMPLES)
def test_paid_said_as_a_state_names_no_payer(said):
    assert step_statements.paid_state(said)


@pytest.mark.parametrize("said", step_statements.PAID_STATE_NEAR_MISSES)
def test_the_persons_own_paying_is_no_state(said):
    assert not step_statements.paid_state(said)


@pytest.mark.parametrize("title", step_match.AWAITS_PAYMENT_EXAMPLES)
def test_chasing_or_collecting_money_waits_for_a_payment(title):
    assert step_match.awaits_payment(title)


@pytest.mark.parametrize("title", step_match.AWAITS_PAYMENT_NEAR_MISSES)
def test_collecting_a_thing_or_paying_waits_for_no_payment(title):
    assert not step_match.awaits_payment(title)


@pytest.mark.parametrize("text, title, rest", plan_prose.HELP_REQUEST_EXAMPLES)
def test_a_request_for_help_with_this_read_as_the_title_ends_before_the_goal(text, title, rest):
    end = plan_prose.help_request_end(text, title)
    assert end is not None and text[end:] == rest


@pytest.mark.parametrize("text, title", plan_prose.HELP_REQUEST_NEAR_MISSES)
def test_a_request_saying_what_it_is_about_or_not_the_title_is_read_as_it_was(text, title):
    assert plan_prose.help_request_end(text, title) is None


@pytest.mark.parametrize("steps, kept", plan_checks.LIST_ANNOUNCED_EXAMPLES)
def test_words_announcing_the_list_are_no_step_of_it(steps, kept):
    assert plan_checks.without_list_announced(list(steps)) == list(kept)


@pytest.mark.parametrize("steps", plan_checks.LIST_ANNOUNCED_NEAR_MISSES)
def test_a_step_naming_what_its_things_are_for_stays(steps):
    assert plan_checks.without_list_announced(list(steps)) == list(steps)
