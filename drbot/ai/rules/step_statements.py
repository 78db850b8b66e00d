"""Statements about a step: "got the photos", "called the venue, no answer".

``intents`` reads what kind of change a sentence asks for; this module finds the
step (by number, by its words with ``step_match``, or by its verb when the
sentence names no thing) and turns the change into tool calls.  Two steps that
fit equally are a ``Question``; nothing is written until the person picks.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from drbot.ai.language import (
    call_offs,
    certainty,
    dates,
    hedges,
    intents,
    letters,
    other_names,
    own_things,
    own_verbs,
    reminder_words,
    step_match,
    step_odds,
    under_way,
    write_odds,
)
from drbot.ai.rules import doubtful_dates, second_reader
from drbot.ai.tools import plan_text
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.offline_answer import OfflineAnswer
from drbot.ai.tools.plan_tools import active_plans
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.records import FINISHED, Plan

if TYPE_CHECKING:
    from drbot.ai.rules.acting import Acting


# The statement being acted on, while ``act`` runs: what ``run`` checks before it writes.
_ACTING_ON: ContextVar[tuple[intents.Statement, list[Plan]] | None] = ContextVar(
    "_ACTING_ON", default=None
)
# The words of the clause asking for a wait and the step they name (``named_where_asked``).
_WhereAsked = tuple[str, step_match.Candidate] | None
# What ``named_where_asked`` found for each statement while ``act`` runs (by the statement's id,
# the statement kept beside it so that its id is not reused): the step chosen, the check of which
# step and the certainty policy each ask it of a wait, and each asking reads every clause's date.
_WHERE_ASKED: ContextVar[dict[int, tuple[intents.Statement, _WhereAsked]] | None] = ContextVar(
    "_WHERE_ASKED", default=None
)


async def act(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[Plan]
) -> OfflineAnswer | None:
    """A statement about a step: written when certain, proposed, asked, or not understood.
    Whatever step the reading found, a sign in the message that the reading is uncertain
    (``certainty``) turns the write into a proposal: see ``run``."""
    if st.position is not None and _is_no_position(st, plans):
        # "called at number 14, nobody in" with "Talk to the neighbours at number 14": the
        # number is part of a thing a step names, not a step's position; "in the queue at the
        # embassy …, number 47" is a place no plan has
        st = replace(st, position=None)
    token = _ACTING_ON.set((st, plans))
    asked = _WHERE_ASKED.set({})
    try:
        return await _act(interp, ctx, st, plans)
    finally:
        _WHERE_ASKED.reset(asked)
        _ACTING_ON.reset(token)


async def _written_done(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[Plan], step_id: int
) -> OfflineAnswer:
    """The statement written as that step done, whatever kind it was read as (a try or a
    start whose words say the step finished): no outcome or day of the try is kept, and the
    signs of doubt weigh it as a done."""
    done = replace(st, kind="done", outcome=None, when=None)
    token = _ACTING_ON.set((done, plans))
    try:
        return await run(interp, ctx, _calls(done, step_id, ctx))
    finally:
        _ACTING_ON.reset(token)


# News of a step from a person with no plan yet: there is no step to match it to
NO_PLANS_YET = (
    "Nothing changed — you have no plans yet. Tell me one with its steps, e.g. “renew "
    "passport: get photos, fill in the form, book an appointment”."
)


async def _act(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[Plan]
) -> OfflineAnswer | None:
    if st.kind == "snooze" and _wake(st, ctx) is None:
        past_it = await _read_past_a_day_gone(interp, ctx, st, plans)
        if past_it is not None:
            return past_it
        if st.when is not None:  # "at 9am" when it is already 11
            said = dates.describe(st.when.moment, ctx.timezone, ctx.now, st.when.has_time)
            return OfflineAnswer(
                f"{said} has already passed — when should I remind you? Nothing changed.", True
            )
        return OfflineAnswer(
            "Until when? Say e.g. “remind me about it friday” or “snooze it "
            "for 3 days”. Nothing changed.",
            True,
        )
    if st.position is not None:
        step = await interp.step_at(ctx, st.position)
        return await run(interp, ctx, _calls(st, step["id"], ctx))
    several = await _several(interp, ctx, st, plans)
    if several is not None:
        return several
    if st.kind == "skip" and st.called and _names_no_step(st.action, plans, ctx):
        # "MRI results are back - partial tear, no surgery needed": the thing called off is
        # no step, and the rest says something of its own, so the rest is read alone and no
        # step it names is skipped ("SCRAP THE PERSONAL TRAINER THING, $90 A SESSION??" says
        # nothing else: the thing in other words, skipped as read)
        of_the_rest = await _read_without_the_call_off(interp, ctx, st, plans)
        if of_the_rest is not None and of_the_rest.understood:
            return of_the_rest
        # (otherwise the step found is only proposed, unless the thing is it in other
        # words: ``_doubted``)
    if (
        st.kind in ("start", "attempt")
        and (said_whole := _said_again_done(st, plans, ctx)) is not None
    ):
        # "went to the bank" of "Go to the bank": the step's own words said finished, whole,
        # are the step done, never a visit or a try at it (``own_verbs.title_said_done``)
        return await _written_done(interp, ctx, st, plans, said_whole.step_id)
    if st.kind in ("done", "start", "attempt"):
        # "linkedin headline updated", "skip's arrived on the drive": the subject is a thing
        # only one open step has, said to be complete; certain by grammar, written. ("Bag
        # transfer's sorted, AMS got back to me": news of someone's answer, read as a try,
        # is the step done when its thing is said to be in a state of completion first.)
        by_grammar = await news_of_a_thing(
            interp,
            ctx,
            st.said,
            plans,
            certain_only=True,
            kind="done" if st.kind == "attempt" else st.kind,
            shapes=("state",) if st.kind == "attempt" else None,
        )
        if by_grammar is not None:
            return by_grammar
    if st.kind in ("done", "attempt") and (filled := filling_step(st.said, plans)) is not None:
        # "box is packed to the top lol couldnt fit another toy in there" with "Buy the big
        # box" done and "Fill it with gifts": a container said full is the one step that
        # fills it done, however its title names the contents; "couldnt fit" is how full,
        # no try that failed (z223, z259, z273, z274)
        return await _written_done(interp, ctx, st, plans, filled.step_id)
    if st.kind in ("done", "start", "attempt") and st.position is None:
        by_deed = _named_past_the_doer(st, plans, ctx)
        if by_deed is not None:
            # "my brother in law started on the fan this morning, half the ceiling is open"
            # with "Invite the in-laws" and "Replace the extractor fan": who did it is no step
            return await run(interp, ctx, _calls(st, by_deed.step_id, ctx))
    if st.visit:
        visited = await _visit(interp, ctx, st, plans)
        if visited is not None:
            return visited
    words = st.words
    if (
        st.kind == "done"
        and not (st.granted or st.placed or st.handed)  # (an outcome alone is only proposed)
        and _STATUS_ONLY.fullmatch(words)
        # ("I'm done", "we're so done": how the person is)
        and not re.search(
            r"\b(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+(?:\w+\s+)?done\b", st.said, re.I
        )
    ):
        # "done", "that's done", "finished it": the step at hand, or the one step under way
        # in the plan in view (several: asked)
        return await _the_step_at_hand(interp, ctx, st, plans)
    # "it", "that"; or for a snooze a bare verb ("I'll try again friday"): the step at hand
    if (
        not step_match.content_stems(words)
        or re.fullmatch(r"(?:it|that|this|them)", words, re.I)
        or (
            st.kind == "snooze"
            and _names_no_thing(words)
            and not said_as_a_thing(words, st.said, plans)
        )
    ):
        if ctx.last_step_id is not None and (st.granted or st.placed or st.handed):
            # "all good now thanks", "it's working now": an outcome with no thing named may
            # be of the step at hand, or only talk; asked, never written
            at_hand = _candidate(ctx.last_step_id, plans)
            if at_hand is not None:
                return propose(st, at_hand, ctx)
        elif ctx.last_step_id is not None and st.kind in ("attempt", "snooze", "done", "start"):
            return await run(interp, ctx, _calls(st, ctx.last_step_id, ctx))
        return OfflineAnswer(
            "Which step? Name it, e.g. “got the photos” or “done step 2”. Nothing changed.", True
        )
    same = st.kind == "done"
    if st.kind == "attempt" and (for_goods := goods_fetched_for(st.said, plans)) is not None:
        # "I went Mangusa for the cake things, no raisins no prunes nothing": a trip for the
        # things of a step is a try at getting them, the one step of that plan that gets
        # things — never the step their thing names ("Bake the cakes"). A day said there is
        # when the goods come ("they say the boat come next week"), no wait of the person's
        # unless they say they will go again
        fetched = st if _OWN_DAY.search(st.said) else replace(st, when=None)
        return await run(interp, ctx, _calls(fetched, for_goods.step_id, ctx))
    match = step_match.match_step(
        words, plans, ctx.current_plan_id, open_only=st.kind != "skip", same_action=same
    )
    if match.best is None and not match.ambiguous and st.kind not in ("start", "block", "snooze"):
        # a finished step only for news of it; nothing finished starts, blocks or waits again
        # ("doing the video ident for the bank" is not "Pick a bank", done)
        match = step_match.match_step(words, plans, ctx.current_plan_id, same_action=same)
    # ("at the typing centre" of "Pay at the typing center" beside "ejari done": where the
    # person was, not what was done there)
    match = step_match.step_done_at_the_place(
        words, match, plans, ctx.current_plan_id, open_only=st.kind != "skip", same_action=same
    )
    named_by = words  # the words the step was found by
    if st.kind == "attempt" and st.action and st.action != words and match.best is not None:
        # "Called the IRD, … they need a certified copy of the death certificate": the
        # clause that says what was done names the step; what came of it may name another
        said_first = step_match.match_step(st.action, plans, ctx.current_plan_id, open_only=True)
        if said_first.best is not None and said_first.best.step_id != match.best.step_id:
            match, named_by = said_first, st.action
    if st.kind == "skip" and st.action and st.action != words:
        # "forget staining it, the timber comes pre-treated anyway": what is skipped is
        # named where the skip is said; the reason may name another step
        where_said = step_match.match_step(st.action, plans, ctx.current_plan_id)
        if where_said.best is not None:
            match, named_by = where_said, st.action
    asked = named_where_asked(st, plans, ctx)
    if asked is not None and (match.best is None or match.best.step_id != asked[1].step_id):
        # "remind me about the cake friday, parkrun's saturday": the wait's step is the one
        # the clause that asks it names; the rest is why, whatever step it names
        match, named_by = step_match.Match(asked[1]), asked[0]
    if match.best is not None and st.action and st.action != words and words.startswith(st.action):
        # "started filling in the online form na, halfway thru" with "Fill in the online
        # application" and "Fill it up": the clause that says what was done fits both; how
        # it goes ("halfway thru") names neither, so it never picks one
        first = step_match.match_step(
            st.action, plans, ctx.current_plan_id, open_only=st.kind != "skip", same_action=same
        )
        tail = words[len(st.action) :]
        if (
            first.ambiguous
            and match.best.step_id in {c.step_id for c in first.close}
            and not step_match.shared_things(tail, match.best.title)
        ):
            match = first
    if match.ambiguous and st.action and st.action != words:
        # "skip the vet registration - she stays with the shelter's vet": the clause that
        # says what to do names the step; the rest is why
        first = step_match.match_step(
            st.action, plans, ctx.current_plan_id, open_only=st.kind != "skip", same_action=same
        )
        if first.best is not None and not first.ambiguous:
            match, named_by = first, st.action
    if match.best is None and not match.ambiguous and st.action and st.action != words:
        # "compared them, octopus looks cheapest": the action names the step,
        # the clause after it is what came of it
        match = step_match.match_step(
            st.action, plans, ctx.current_plan_id, open_only=st.kind != "skip", same_action=same
        )
        named_by = st.action
    about = _ABOUT.search(st.outcome or "") if st.kind == "attempt" else None
    if match.best is None and not match.ambiguous and about:
        # "the landlord hasn't replied about the deposit": the step is what it was about
        match = step_match.match_step(about["thing"], plans, ctx.current_plan_id, open_only=True)
        named_by = about["thing"]
    if st.kind == "attempt" and not st.agreed and _ASKED_SOMEONE.search(st.said):
        # "lilia asked mos Ion about the roof, he is in hospital with his leg, cant do it" with
        # "Find a roofer in the village" and "Put the new roof on": someone asked to do the
        # job is a try at finding who will, when a step seeks its doer and the words name the
        # job alone ("asked my nephew to help saturday, he has work" of "Hire a helper")
        doers = step_match.finding_the_doer(st.said, plans)
        if len(doers) == 1 and (
            (match.best is None and not match.ambiguous)
            or (
                match.best is not None
                and match.best.plan_id == doers[0].plan_id
                and step_match.only_the_job(st.said, match.best.title, doers[0].title)
            )
        ):
            match, named_by = step_match.Match(doers[0]), st.said
    if match.best is None and not match.ambiguous:
        # last: a thing only one step names ("council emailed back, licence is £850 a
        # year" for "Apply for street trading licence")
        # ("skip the internet thing, landlord says it's included in the unit": the clause
        # that says what to do first, the whole message next)
        for named in dict.fromkeys(filter(None, (st.action, words))):
            # (an outcome of completion, "ETHICS CAME THROUGH", "UPI QR working now", is said
            # of the thing, with no verb of the step's own to agree with; so is a thing come:
            # "avas new shoes came from clarks today")
            only = step_match.by_unique_thing(
                named,
                plans,
                ctx.current_plan_id,
                open_only=st.kind != "skip",
                same_action=same and not (st.granted or st.arrived),
            )
            if only is not None:
                match, named_by = step_match.Match(only), named
                break
    if match.best is None and not match.ambiguous and st.kind == "snooze":
        # "the sign can wait till 1st december" with "Put up a sign": a noun that is also a
        # light verb, which the matchers above weigh as a verb, is the thing of one step
        nouns = said_as_a_thing(words, st.said, plans)
        if len(nouns) == 1:
            match, named_by = step_match.Match(nouns[0]), words
    if match.best is None and not match.ambiguous:
        # "window's finished and it looks bloody gorgeous if I say so myself": one part
        # names a step, the rest name nothing at all (a word on it, not another step)
        alone = _the_one_part(st, plans, ctx)
        if alone is not None:
            match, named_by = step_match.Match(alone), st.words
    if match.best is None and st.kind == "done" and _CHOSE.search(st.said):
        # "went with thankyou payroll", "I have finally made up my mind about the jewellery":
        # a choice made is the step of choosing whose thing, or whose plan, the words name
        choices = _choices_named(words, plans)
        if match.ambiguous:
            # "settled on xero payroll" with "Pick payroll software" and "Book the payroll
            # training": of the steps the words fit, the choice is the one of choosing
            choices = [c for c in choices if c.step_id in {m.step_id for m in match.close}]
        if len(choices) == 1:
            return await run(interp, ctx, _calls(st, choices[0].step_id, ctx))
        if 1 < len(choices) <= 4:
            return ask(
                "Which step do you mean?",
                choices,
                lambda c: _calls(st, c.step_id, ctx),
                len({c.plan_id for c in choices}) > 1,
            )
    if match.ambiguous:
        # "can't open a dispute till the 8th, remind me then" with "Open a case with the
        # deposit scheme" and "Dispute the cleaning charge": the words name a thing only one
        # of the close steps has, the others sharing a verb or a light word; written when the
        # learnt check is sure of it
        # (a try or a wait only, the whole message weighed: "forget the signs for the
        # cameras" names two steps, "got through the form" a light word)
        own = [c for c in match.close if own_verbs.names_its_thing(words, c.title)]
        if (
            st.kind in ("attempt", "snooze")
            and len(own) == 1
            and _names_only_its_own(ctx.message or words, own[0], plans)
            and step_odds.sure_of(words, plans, ctx.current_plan_id, own[0].step_id)
        ):
            return await run(interp, ctx, _calls(st, own[0].step_id, ctx))
        if st.kind == "attempt" and st.position is None:
            told = tried_among_alike(st.said or words, match.close)
            if told is not None:
                return await run(interp, ctx, _calls(st, told.step_id, ctx))
        # "LIDL CAME THROUGH, 6 crates of selection boxes dropped" with "Get donations of
        # selection boxes" and "Order the hamper boxes": one close step is named by a name of
        # many words, one of them its own, the others by nothing of theirs alone, and no
        # other open step is named at all; written, of any kind of news, when the learnt
        # check is sure of it too ("appointment booked for the 2nd" names one word of one,
        # and stays asked)
        alone = _named_alone(st, match.close, plans, ctx, words)
        if alone is not None:
            return await run(interp, ctx, _calls(st, alone.step_id, ctx))
        whole = _said_whole(st, match.close, plans, ctx, words)
        if whole is not None:
            # "sent Ava's immunization records over to Sunshine" with "Send vaccination
            # records" and "Tour Sunshine daycare": the step and the verb agree — one close
            # step's own verb said finished, of its own thing; the others share a word only
            return await run(interp, ctx, _calls(st, whole.step_id, ctx))
        approval = _the_approval_asked(st, match.close)
        if approval is not None:
            # "town council approved our plans!!" with "Get the building plan approved" and
            # "Pay the builder deposit": someone's approval given is the step that asks for
            # it; the other shares a word only ("build")
            return await run(interp, ctx, _calls(st, approval.step_id, ctx))
        with_plan = len({c.plan_id for c in match.close}) > 1
        return ask(
            "Which step do you mean?", match.close, lambda c: _calls(st, c.step_id, ctx), with_plan
        )
    if (
        st.kind in ("attempt", "skip")
        and match.best is not None
        and match.best.status not in FINISHED
        and asks_for_word(match.best.title)
        and word_given(st.said)
        # (a plain yes to an asking step is written below)
        and not (st.kind == "attempt" and _answered_yes(st.said))
    ):
        # "Teacher Anne finally replied, she said the test is on the 10th and Mika doesn't
        # need anything special" for "Ask Teacher Anne about the reading test": the answer,
        # whatever it says ("don't need …" too), ends the asking; never one more try nor a
        # skip (proposed, Yes / No: what the answer says may be a step of its own, and the
        # words of it, "don't need …", are no call-off to offer first)
        done = _calls(replace(st, kind="done"), match.best.step_id, ctx)
        question = Question(
            _PROPOSALS["done"].format(step=match.best.title) + " Nothing changed yet.",
            (Option(YES, tuple(done)),),
        )
        return OfflineAnswer(question.text, True, question=question)
    if (
        match.best is not None
        and st.kind == "done"
        and st.position is None
        and step_match.one_of_many(st.said, match.best.title)
    ):
        # "interviewed Sam today, nice guy but zero coffee experience" for "Interview
        # candidates": one of the step's many things, so progress logged, never the step
        # done; logged at once only when the step's own verb says it
        news = replace(st, kind="attempt", weak=False, outcome=st.said, when=None)
        if step_match.own_verb(st.action, match.best.title):
            return await run(interp, ctx, _calls(news, match.best.step_id, ctx))
        return propose(news, match.best, ctx)
    if st.kind == "attempt" and match.best is not None:
        logged = _logged_elsewhere(words, match.best, plans)
        if logged is not None:
            met, things = logged
            if things > len(step_match.shared_things(named_by, match.best.title)):
                # "sent brightwave a 3rd reminder about 112" with "Set up payment reminders"
                # and "Chase unpaid invoices" whose log holds Brightwave and invoice 112:
                # the names a try has already met say which step it is, more than a word
                # of a title
                if things >= 2:
                    return await run(interp, ctx, _calls(st, met.step_id, ctx))
                return ask(
                    "Which step was that for?",
                    [match.best, met],
                    lambda c: _calls(st, c.step_id, ctx),
                    match.best.plan_id != met.plan_id,
                )
    if st.kind == "attempt" and match.best is None and not match.ambiguous:
        logged = _logged_elsewhere(words, None, plans)
        if logged is not None:
            # "chased pickfords again, still nothing back" with "emailed Pickfords, waiting
            # to hear" logged on "Book the removal firm": the one step that met them before;
            # one name alone, with nothing to say it is met again, is proposed
            met, things = logged
            if things >= 2 or _MET_AGAIN.search(st.said):
                return await run(interp, ctx, _calls(st, met.step_id, ctx))
            if not names_another_steps_thing(st.said, met, plans):
                return propose(st, met, ctx)
            # ("went on the eye clinic website to set up the cataract visit but it won't let
            # me pick a date" with "website was down" logged on "Compare Part D plans": the
            # cataract names a step of its own; the one name met in a log is no sign, z172)
    if match.best is not None:
        kin = _got_for_a_plan(st, plans)
        if (
            len(kin) > 1
            and match.best.step_id in {c.step_id for c in kin}
            # ("Bought the charger!" with "Buy the charger" in plan "EV charger": the words
            # name the plan, but the step's own verb and thing too — no other step of it)
            and _said_whole(st, kin, plans, ctx, words) is None
        ):
            # "picked up all the school things today" with "Buy the school uniform" and
            # "Order new school shoes" in plan "Ava's school things": the words name the
            # plan, not either step; which is asked
            return ask(
                "Which step do you mean?", kin[:4], lambda c: _calls(st, c.step_id, ctx), False
            )
    if match.best is not None and st.kind == "done" and st.position is None:
        steps_of_the_plan = plan_verb_said_of_it(st.said, match.best, plans)
        if steps_of_the_plan:
            # "sold it!!" with "Sell the study table" and "Post the fridge on OLX" in plan
            # "Sell old furniture": selling is the whole plan's action, "it" any of its
            # things; which is asked
            return ask(
                "Which step do you mean?",
                steps_of_the_plan,
                lambda c: _calls(st, c.step_id, ctx),
                False,
            )
    pointed = _VERB_ON_IT.match(st.said) if st.kind == "done" else None
    if not match.ambiguous and pointed is not None:
        # "renewed it online this morning 👍 so easy" with "Renew the roadside assistance"
        # and "Get the trailer rego renewed"; "booked it for next Wednesday": the steps
        # whose action the verb is, asked (the one there is proposed), never guessed, even
        # when the verb alone is a word of one of them
        own = step_match.by_own_verb(pointed["verb"], plans, kin=True)
        if match.best is not None and (
            len(own) < 2
            or match.best.step_id not in {c.step_id for c in own}
            or step_match.shared_things(_without_verb(st.words, pointed["verb"]), match.best.title)
        ):
            own = []  # the step is named by more than the verb: read as it is
        verb = step_match.stem(pointed["verb"])
        if (verb in step_match.LIGHT and verb != "book") or ctx.last_step_id in {
            c.step_id for c in own
        }:
            # ("got them", "paid it": the verbs of every plan, read by the verb of the plan
            # in view below; "renewed it" just after renewing: the step at hand)
            own = []
        if len(own) == 1 and match.best is None:
            return propose(st, own[0], ctx)
        if 1 < len(own) <= 4:
            return ask(
                "Which step do you mean?",
                own,
                lambda c: _calls(st, c.step_id, ctx),
                len({c.plan_id for c in own}) > 1,
            )
    current = next((p for p in plans if p["id"] == ctx.current_plan_id), None)
    if (
        match.best is None
        and not match.ambiguous
        and st.handed
        and current is not None
        and _THE_LOT.search(st.said)
    ):
        # "Declan has everything now, dropped the folder into his office": someone has it
        # all, naming no thing of a step; the plan in view's steps of handing over, the
        # one proposed, several asked
        handing = [
            c
            for c in step_match.by_position(current)
            if c.status not in FINISHED and step_match.is_handing(c.title)
        ]
        if len(handing) == 1:
            return propose(st, handing[0], ctx)
        if 1 < len(handing) <= 4:
            return ask(
                "Which step do you mean?", handing, lambda c: _calls(st, c.step_id, ctx), False
            )
    if match.best is None and current is not None and _names_no_thing(st.action):
        # "called them, no answer", "sent it off": the verb names the step
        verbs = step_match.by_verb(words, current)
        elsewhere = [
            c
            for plan in plans
            if plan["id"] != current["id"]
            for c in step_match.by_verb(words, plan)
        ]
        if st.kind == "done" and len(verbs) == 1 and not elsewhere:
            # "all sent off this morning ✉️" with "Send quotes …" here and "Post the form …"
            # in another plan: a verb of the same kind there is as likely
            elsewhere = [
                c
                for plan in plans
                if plan["id"] != current["id"]
                for c in step_match.by_verb_family(words, plan)
            ]
        # "that's paid 👍" with "Pay the deposit" here and "Chase Dunmore for October": paid by
        # whom is not said, and money coming in is as likely as money going out
        elsewhere += [
            c
            for c in _owed_too(st, verbs, plans)
            if c.step_id not in {o.step_id for o in verbs + elsewhere}
        ]
        if (
            len(verbs) == 1
            and elsewhere
            and len(verbs + elsewhere) <= 4
            and st.kind in ("done", "skip")
        ):
            # "paid it!!" with a "Pay …" step here and another in a second plan: a status
            # is asked ("tried booking, site was down" is logged on the plan in view)
            return ask(
                "Which step do you mean?",
                verbs + elsewhere,
                lambda c: _calls(st, c.step_id, ctx),
                True,
            )
        if len(verbs) == 1:  # the only step of the plan in view with that verb
            if st.weak:
                return propose(st, verbs[0], ctx)
            return await run(interp, ctx, _calls(st, verbs[0].step_id, ctx))
        if 1 < len(verbs) <= 4:
            return ask(
                "Which step do you mean?", verbs, lambda c: _calls(st, c.step_id, ctx), False
            )
    if match.best is None and _names_no_thing(st.action):
        # "booked it! 🙌" with no plan in view: the steps of every plan with that verb,
        # asked, or the only one proposed
        verbs = [c for plan in plans for c in step_match.by_verb(words, plan)]
        # ("that's paid 👍": a step waiting for money owed is as likely, ``_owed_too``)
        verbs += [c for c in _owed_too(st, verbs, plans) if c not in verbs]
        if len(verbs) == 1:
            return propose(st, verbs[0], ctx)
        if 1 < len(verbs) <= 4:
            return ask("Which step do you mean?", verbs, lambda c: _calls(st, c.step_id, ctx), True)
    if match.best is None and not match.ambiguous and st.kind in ("done", "start"):
        bought = _GOT_IT.match(st.action)
        if bought is not None:
            # "got it for 60 quid on facebook marketplace", "picked up the stuff from the
            # shops": something got, but which? The open steps of getting things, asked
            kin = [
                c
                for plan in sorted(plans, key=lambda p: p["id"] != ctx.current_plan_id)
                for c in step_match.by_verb_family(bought["verb"], plan)
            ]
            if 1 < len(kin) <= 4:
                return ask(
                    "Which step do you mean?", kin, lambda c: _calls(st, c.step_id, ctx), True
                )
            if len(kin) == 1:
                return propose(st, kin[0], ctx)
    if match.best is not None and st.weak and not step_match.names_only(named_by, match.best.title):
        # "plumber 1 quoted 3k": news of "Book the plumber", not that it is done. A hint
        # about a step it does not fully name: logging it is proposed, never done…
        if (
            st.kind == "done"
            and step_match.own_verb(st.action, match.best.title)
            # (money moved is a payment: "transferred the RM3.6k to landlord liao" is no
            # "Transfer Unifi line" done)
            and not step_match.money_moved_for_another_thing(st.action, match.best.title)
        ):
            # …unless it is the step's own action in the past ("hefted them both" for
            # "Heft the hives", "shed's mucked out" for "Clean out the shed")
            return await run(interp, ctx, _calls(replace(st, weak=False), match.best.step_id, ctx))
        news = replace(st, kind="attempt", outcome=st.outcome or outcome_of(st))
        # (a finished step with the thing counts too: "plumber 1 quoted 3k" with "Pay the
        # plumber" done may be news of either)
        only = step_match.by_unique_thing(words, plans, ctx.current_plan_id)
        if (
            only is not None
            and only.step_id == match.best.step_id
            and match.best.status not in FINISHED
            and (
                step_match.acted_on(st.action, match.best.title)
                # ("half the kitchen in boxes already" of "Pack the kitchen": a part of
                # its job told done, the rest to come)
                or _part_told_of(st, match.best.title)
            )
        ):
            # …or news with a thing no other step has ("flogged another 35 tickets at the
            # rugby club, £280 in the tin" and only "Sell tickets" has tickets): logged as it
            # is, an attempt, never the step done…
            if st.kind == "done" and _WHOLE_OF_IT.search(re.split(r"[,;—.!?]", st.said)[0]):
                # …unless it was done to all of it ("snapped all the pics", "sanded both
                # doors"): the step done, proposed (the verb is none of the step's own)
                return propose(replace(st, weak=False), match.best, ctx)
            return await run(interp, ctx, _calls(news, match.best.step_id, ctx))
        return propose(news, match.best, ctx)
    if match.best is None and st.weak:
        # a hint, and no step it clearly names with its own action: "viewed 2 flats today,
        # both rubbish" has the flat of "Find a new flat" and no other step's thing, so
        # noting it there is proposed; otherwise not understood, nothing done
        only = step_match.by_unique_thing(
            st.action or words, plans, ctx.current_plan_id, open_only=True
        )
        if only is None:
            return None
        return propose(replace(st, kind="attempt", outcome=st.outcome or outcome_of(st)), only, ctx)
    again = re.search(r"\b(?:again|still)\b", st.outcome or "", re.I)
    if match.best is None and st.kind == "attempt" and again and ctx.last_step_id is not None:
        # "rang jim again, voicemail": the step this chat was just working on
        return await run(interp, ctx, _calls(st, ctx.last_step_id, ctx))
    if match.best is None and st.kind in ("done", "start", "attempt", "skip"):
        # "booked for sat arvo", "payment's gone thru", "placed the order with them": the words
        # say what was done and name no thing of any step; every open step whose own action
        # that is fits as well, so which is asked (the only one, proposed), never "couldn't
        # match"
        kin = steps_of_the_doing(st.action or words, plans)
        if not kin and st.kind == "done":
            # "finally booked 🙌 cost me an arm and a leg", "booked it!! mum is so excited":
            # the doing said in a clause of its own, a remark on it after; the clause is read
            kin = steps_of_the_doing(_doing_clause(st.said), plans)
        finder = _the_one_finding_someone(st, kin)
        if finder is not None:
            # "found someone for Mixa!! my neighbour's daughter will pop in" with "Find a cat
            # sitter" and "Find P60": a person found is the step of finding one, never the
            # paper
            return await run(interp, ctx, _calls(st, finder.step_id, ctx))
        if 1 < len(kin) <= 4:
            return ask(
                "Which step do you mean?",
                kin,
                lambda c: _calls(st, c.step_id, ctx),
                len({c.plan_id for c in kin}) > 1,
            )
        if len(kin) == 1:
            return propose(st, kin[0], ctx)
    if match.best is None and st.kind == "attempt" and current is not None:
        # "called jim's fencing, no answer": an attempt on something of the plan
        # being worked on, but which step?  Its open steps, to pick from.
        # The steps its words hint at come first, in any plan ("checked the site again, no
        # service slots" for "Book a service slot" elsewhere), then the plan's own.
        hinted = _hinted_at(st.said, plans, ctx)
        open_steps = [c for c in step_match.by_position(current) if c.status not in FINISHED]
        chosen = list({c.step_id: c for c in [*hinted, *open_steps]}.values())[: 4 if hinted else 3]
        if len(chosen) < 4:
            # "called mama 3 times no answer" with "Call mum to confirm" in another plan, "llamé
            # 3 veces al del aire" with "Llamar al técnico": a call said of someone named in
            # other words, and one open step in all the plans is a call — first on the menu,
            # never written (whom it named is unsure), and never in place of another option
            chosen = [*_the_one_call(st, plans, chosen), *chosen]
        if chosen:
            return ask(
                "Which step was that for?",
                chosen,
                lambda c: _calls(st, c.step_id, ctx),
                any(c.plan_id != current["id"] for c in chosen),
            )
    if match.best is None and st.kind == "done":
        plan = _plan_named(words, plans)
        # "got ava's school stuff from m&s": things got for a plan are its steps of getting
        # things, asked among (the one there is proposed), never the whole plan
        kin = _got_for_a_plan(st, plans)
        if len(kin) == 1:
            return propose(st, kin[0], ctx)
        if 1 < len(kin) <= 4:
            return ask("Which step do you mean?", kin, lambda c: _calls(st, c.step_id, ctx), False)
        if plan is not None:  # "done with the car stuff": the whole plan, asked
            return _ask_complete(plan)
    if match.best is None and st.agreed:
        # "minji agreed to help saturday" naming no step by its words: the one open step
        # asking her is the step of her yes
        asking = _steps_asking(st, plans)
        if len(asking) == 1:
            return await _their_yes(interp, ctx, st, asking[0])
    if match.best is None and st.kind in ("done", "start"):
        # "gutters are done mate, young fella next door did them": the words around the
        # status name no step; the subject of the news may
        by_grammar = await news_of_a_thing(interp, ctx, st.said, plans)
        if by_grammar is not None:
            return by_grammar
    if match.best is None and st.kind == "skip":
        # "Not ordering spuds this year" for "Order seed potatoes": the thing said in other
        # words, but the verb denied is a step's own action; the only open step with it is
        # proposed, a few asked, never written
        denied = _DENIED_VERB.search(st.said)
        kin = step_match.by_own_verb(denied["verb"], plans) if denied is not None else []
        if len(kin) == 1:
            return propose(st, kin[0], ctx)
        if 1 < len(kin) <= 4:
            return ask("Which step do you mean?", kin, lambda c: _calls(st, c.step_id, ctx), True)
    if match.best is None and st.kind in ("done", "start", "attempt"):
        # "JD finished, Chidi signed off on it" for "Write the job description": the thing
        # said by its initials, no word of it; the one open step so named is proposed
        short = other_names.named_by_initials(st.said, plans)
        if len(short) == 1:
            return propose(st, short[0], ctx)
    if match.best is None and not plans:
        return OfflineAnswer(NO_PLANS_YET, False)
    if match.best is None:
        return OfflineAnswer(
            f"Nothing changed — I couldn't match “{words}” to a step of your "
            "plans. Name the step (“done step 2”) or say “what's next?”.",
            False,
        )
    if st.agreed and match.best.status not in FINISHED:
        # (the words may name another step's thing — "… to help with the cabbages" —, the
        # one who said yes names the step asking them)
        asking = _steps_asking(st, plans)
        yes_to = asking[0] if len(asking) == 1 else match.best
        return await _their_yes(interp, ctx, st, yes_to)
    if st.kind == "attempt" and _answered_yes(st.said) and match.best.status not in FINISHED:
        if _is_asking(match.best.title):
            # "prof martinez got back to me, she said yes to being a reference" for "Ask
            # Prof Martinez for a reference": the one asked has given what was asked, so the
            # asking is done, not one more try
            return await run(interp, ctx, _calls(replace(st, kind="done"), match.best.step_id, ctx))
        if step_match.is_contact(match.best.title):
            # "the agent got back to me about the mould, they're sending someone round" for
            # "Email the letting agent about the mould": their answer says the email was
            # sent; whether the step is done with it is what is unsure
            done = _calls(replace(st, kind="done"), match.best.step_id, ctx)
            return status_menu(match.best, _message_of(st, ctx), first=("done", tuple(done)))
    if st.kind == "attempt":
        call = _plans_call_step(st.action or words, match.best, plans)
        if call is not None:
            # "rang aviva about the ceiling" in plan "Leak in the bathroom ceiling": the
            # ceiling names the plan; the call is its "Ring the insurer", not "Replaster
            # the ceiling"
            return await run(interp, ctx, _calls(st, call.step_id, ctx))
    if (
        st.kind == "done"
        and step_match.is_contact(match.best.title)
        and not _CONTACTED.search(text_of(st))
    ):
        # "the plumber was out and it's all sorted": the plumber's job is done, not the
        # call to him; which job is asked among the steps with the plumber
        kin = step_match.steps_with_things(named_by, match.best.title, plans)
        if len(kin) > 1:
            return ask("Which step do you mean?", kin, lambda c: _calls(st, c.step_id, ctx), True)
        return propose(st, match.best, ctx)
    if (
        st.kind == "done"
        and intents.opens_with_writing(st.said)
        and not step_match.is_contact(match.best.title)
    ):
        # "emailed the landlord about the deposit, hopefully he replies" for "Get the deposit
        # back": the message is sent, the step is more than sending it; proposed
        return propose(st, match.best, ctx)
    if st.kind == "done" and not st.arrived:
        doing = _plans_steps_under_way(named_by, match.best, plans)
        if doing:
            # "sorted both hives" in plan "Winter-prep the hives": the hives name the plan,
            # "sorted" no step's own action; the steps under way there may be meant too
            return ask(
                "Which step do you mean?",
                [match.best, *doing],
                lambda c: _calls(st, c.step_id, ctx),
                False,
            )
    if st.went and not step_match.is_event(named_by, match.best.title):
        # "the new kitchen went fine" is no "Pack the kitchen" done; "home check went fine"
        # is "Home check", "the inspection went well" is "Pass the fire inspection"
        return propose(st, match.best, ctx)
    if st.arrived and not step_match.is_getting(match.best.title):
        # "the forms arrived" for "Fill in the forms": the thing came, the step is not done
        return propose(
            replace(st, kind="attempt", outcome=st.outcome or outcome_of(st)), match.best, ctx
        )
    rival = _plan_named(named_by, [p for p in plans if p["id"] != match.best.plan_id])
    if rival is not None and st.kind in ("done", "skip", "start"):
        # "van's sorted" with a step "Wrap the van" and a plan "Van service": the words name
        # a whole other plan as well as the step, so which is asked
        open_steps = [c for c in step_match.by_position(rival) if c.status not in FINISHED][:2]
        if open_steps:
            return ask(
                "Which step do you mean?",
                [match.best, *open_steps],
                lambda c: _calls(st, c.step_id, ctx),
                True,
            )
    if st.handed and not step_match.is_handing(match.best.title):
        # "declan has the flu now" is no "Send the receipts to Declan"; "declan has all the
        # receipts now" is
        return propose(replace(st, kind="attempt", outcome=outcome_of(st)), match.best, ctx)
    if st.placed and not step_match.is_placing(match.best.title):
        # "the rent is up again" for "Pay the rent": a thing in its place is done only for a
        # step of putting it there ("tyres are on" for "Replace the rear tyres")
        return propose(replace(st, kind="attempt", outcome=outcome_of(st)), match.best, ctx)
    if (
        (st.theirs or st.kind == "attempt")
        and st.when is not None
        and intents.their_word_only(st.said)
    ):
        # "plumber says he can't do the invoice till he's back, next monday": the person
        # did nothing; the step may wait for that day, or it is only news, so proposed
        # ("dress shop can't fit me in till thursday" too: no try of the person's to log)
        if _their_day_is_the_wait(st):
            return await run(
                interp, ctx, _calls(replace(st, kind="snooze"), match.best.step_id, ctx)
            )
        return propose(replace(st, kind="snooze"), match.best, ctx)
    if st.theirs and (
        not step_match.is_waiting(match.best.title) or intents.doubts_their_word(st.said)
    ):
        # "met Dave, he'll send a quote by friday": his day, not one for "Choose a builder"
        # to wait for (a step of waiting, "Wait for the decision", does wait for it, unless
        # the person doubts it: "says next week but I've heard that one before")
        st = replace(st, when=None)
    done_to = intents.done_to(st.said) if st.kind == "done" and st.position is None else []
    known = _known_words(match.best, plans)  # ("booked the barn": the barn of an attempt)
    if done_to and all(step_match.names_none_of(d, known, match.best.plan_title) for d in done_to):
        # "made a lovely curry tonight, the kitchen smells amazing": what was done was done
        # to another thing; the step's word is only in the talk around it
        return None
    if st.kind in ("start", "done") and _named_only_in_what_is_left(st.said, match.best.title):
        # "started putting his name on all his camp stuff, clothes done, still shoes and bag
        # to go": a step named only in what is still to do may not be the one started
        return propose(st, match.best, ctx)
    if st.kind in ("done", "start") and step_match.verb_on_another_thing(
        st.action, match.best.title, match.best.plan_title
    ):
        # "registered for the 10k run" with "Register the microchip": the step's verb, on
        # another thing; nothing of the step is named
        return propose(st, match.best, ctx)
    if (
        st.kind == "attempt"
        and not _attempt_certain(st, match.best.title)
        and not (match.best.status not in FINISHED and _part_told_of(st, match.best.title))
    ):
        return propose(st, match.best, ctx)
    # Other steps the words fit as well, which is asked:
    # - "appointment booked for 2nd dec 👍" with two steps of booking: what any step of the
    #   verb makes names none of them;
    # - "finally got through the form 🙌" with "online form kept crashing" logged on
    #   "Register with the physio clinic" and a step "Fill in the claim form": a thing met
    #   only in a log, and in another step's own title;
    # - "the council one's sorted" with "Register with the council" and "Check council
    #   rules on fence height": no verb of either, and the thing said is in both, never
    #   guessed by how much of a title the words cover.
    anyone = step_match.said_of_any(named_by, match.best.title, plans)
    if not (st.kind in ("done", "start", "skip") and 0 < len(anyone) <= 3):
        anyone = _titled_elsewhere(named_by, match.best, plans) if st.kind != "attempt" else []
    if not anyone:
        anyone = _named_alike(st, named_by, match.best, plans)
    if not anyone and st.kind == "attempt" and st.position is None:
        # a try whose thing is in two steps' titles alike is asked, as news of one done is;
        # unless the try is said with the verb of only one of them ("tried to book the
        # Bürgeramt again" of "Book Bürgeramt appointment", not "Go to the Bürgeramt")
        anyone = tried_alike(st.said or named_by, match.best, plans, named_by)
        told = tried_by_verb(st.said or named_by, [match.best, *anyone]) if anyone else None
        if told is not None:
            match, anyone = step_match.Match(told), []
    assert match.best is not None  # (found above, or the step the try's verb told)
    if not anyone and (elsewhere := waiting_for_another(st, match.best, plans, ctx)):
        # "remind me to call Marcia bout the barrel tonight" with "Fill up the barrel" and
        # "Tell Marcia to collect it": each named by a thing the other lacks, asked
        return ask(
            "Which step do you mean?",
            [match.best, *elsewhere],
            lambda c: _calls(st, c.step_id, ctx),
            any(c.plan_id != match.best.plan_id for c in elsewhere),
        )
    if not anyone and (alike := _waiting_alike(st, match.best, plans)):
        # "leave the bathroom tap til the 5th" with "Buy a new tap" and "Fit the tap": the
        # thing named is every one of those steps', so which waits is asked, in plan order
        return ask(
            "Which step do you mean?",
            sorted([match.best, *alike], key=lambda c: c.position),
            lambda c: _calls(st, c.step_id, ctx),
            False,
        )
    if anyone and (alone := _named_alone(st, [match.best, *anyone], plans, ctx, words)):
        # (one of them named by a name of many words only it has: ``_named_alone``)
        return await run(interp, ctx, _calls(st, alone.step_id, ctx))
    if anyone:
        return ask(
            "Which step do you mean?",
            [match.best, *anyone],
            lambda c: _calls(st, c.step_id, ctx),
            any(c.plan_id != match.best.plan_id for c in anyone),
        )
    other = _named_first(st, match.best, plans, ctx)
    if other is not None and (alone := _named_alone(st, [match.best, other], plans, ctx, words)):
        return await run(interp, ctx, _calls(st, alone.step_id, ctx))
    if other is not None:
        # "stanford app is IN. paid the $125 fee and everything": the step the words fit
        # best is not the one the first clause names; which the news is of is asked
        return ask(
            "Which step do you mean?",
            [match.best, other],
            lambda c: _calls(st, c.step_id, ctx),
            match.best.plan_id != other.plan_id,
        )
    if st.kind == "done" and certainty.no_luck(_message_of(st, ctx)):
        # "j'ai envoyé mon fils chez le menuisier pour le devis, il n'était pas là": a done
        # whose news tells the try came to nothing (the one it was for not there, the place
        # shut, no answer) is no done; the news menu, which notes a try told plainly
        # (``said_plainly``), never a step finished on a second reader's near-even odds
        return status_menu(match.best, _message_of(st, ctx))
    if st.kind in ("done", "start") and _STILL_TO_BE_DONE.search(_first_sentence(st)):
        # "the meeting will now have to be done in two parts": what is still to be done to
        # the thing, never a step done or begun; offered (a try stays a try: "chased the
        # refund, she says it'll be paid next week" is a wait on their word)
        return propose(st, match.best, ctx)
    if st.kind == "skip" and _new_way_after(st):
        # "forget the floor quotes, its now: let their man in, then agree a date": the skip is
        # half of a change of plan whose new steps were not read; offered, never half-written
        return propose(st, match.best, ctx)
    beside = _things_of_other_steps(st.said, match.best, plans) if st.kind == "attempt" else []
    if 0 < len(beside) <= 3:
        # "went down to the gym to sign up but the lady said their system was down" of
        # "Register for the race": the step's verb alone, and a thing of another step ("Get a
        # gym membership") said; which the try was of is asked
        return ask(
            "Which step do you mean?",
            [match.best, *beside],
            lambda c: _calls(st, c.step_id, ctx),
            any(c.plan_id != match.best.plan_id for c in beside),
        )
    if (
        st.kind in ("done", "start") or (st.kind == "attempt" and not _A_TRY.search(st.said))
    ) and step_match.met_only_in_its_plan(named_by, match.best.title, match.best.plan_title):
        # "doing the ptptn auto debit form on the website now" with "Call PTPTN" in plan
        # "Sort out PTPTN loan": the words meet the step only in its plan's topic, which
        # every step of it has; offered, never written (a try said as one — "tried to pay
        # akinyi's fees at equity but system iko down" — is of the plan's step of the thing)
        return propose(st, match.best, ctx)
    calls = _calls(st, match.best.step_id, ctx)
    if st.kind == "attempt" and match.best.status == "pending" and intents.turned_down(st.said):
        # "tried to book biometrics, earliest slot is 19 dec so i didnt take it": the try is
        # logged, and the step is no further on
        calls[0][1]["status"] = "pending"
    return await run(interp, ctx, calls)


# A try said as one — tried, or a call, a word or a visit made —, in English or as other
# languages say it ("coba", "again")
_A_TRY = re.compile(
    r"\b(?:tr(?:y|ied|ies|ying)|attempt\w*|coba|again|rang|called|phoned|emailed|texted|"
    r"messaged|asked|wrote|went|visited|been\s+to)\b",
    re.I,
)


def _things_of_other_steps(
    said: str, best: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """When the words name no thing of ``best`` (its verb alone, the first word of its title,
    or its plan's name), the other open steps whose things they name: "went down to the gym to
    sign up" of "Register for the race" names "Get a gym membership"'s gym."""
    stems = step_match.content_stems(said)

    def things(title: str, verb: bool = True) -> list[str]:
        return [
            t
            for t in step_match.content_stems(title)[1 if verb else 0 :]
            if t not in step_match.LIGHT and t not in step_match.PARTICLES and len(t) >= 3
        ]

    def named(title: str, verb: bool = True) -> bool:
        return any(step_match.same_word(t, m) for t in things(title, verb) for m in stems)

    if named(best.title) or named(best.plan_title, verb=False):
        return []
    found = [
        c
        for plan in plans
        for step in plan["steps"]
        if step["id"] != best.step_id and step["status"] not in FINISHED and named(step["title"])
        if (c := _candidate(step["id"], plans)) is not None
    ]
    return found


def _said_again_done(
    st: intents.Statement, plans: list[Plan], ctx: ToolContext
) -> step_match.Candidate | None:
    """The one open step whose own words the message says again with the verb finished
    (``own_verbs.title_said_done``); None when none or several."""
    said = ctx.message or st.said or ""
    found = [
        step_match.Candidate.of(plan, step, 1.0, plan["id"] == ctx.current_plan_id)
        for plan in plans
        for step in plan["steps"]
        if step["status"] not in FINISHED and own_verbs.title_said_done(said, step["title"])
    ]
    return found[0] if len(found) == 1 else None


def names_another_steps_thing(said: str, met: step_match.Candidate, plans: list[Plan]) -> bool:
    """The words name a thing (met strictly) that one open step other than ``met`` has and
    no other open step does: "cataract" of "Schedule cataract consult"; never a word two steps
    share ("Dutch" of "Open a Dutch bank account" and "Get Dutch health insurance")."""
    named: dict[str, int] = {}
    for plan in plans:
        for step in plan["steps"]:
            if step["status"] in FINISHED:
                continue
            for thing in own_things.said_things(said, step["title"]):
                named[thing] = named.get(thing, 0) + (2 if step["id"] == met.step_id else 1)
    return any(count == 1 for count in named.values())


def _names_no_step(thing: str, plans: list[Plan], ctx: ToolContext) -> bool:
    """The words of a thing called off fit no step, nor one step alone by its thing."""
    if not step_match.content_stems(thing):
        return False
    match = step_match.match_step(thing, plans, ctx.current_plan_id)
    if match.best is not None or match.ambiguous:
        return False
    return step_match.by_unique_thing(thing, plans, ctx.current_plan_id) is None


# Where a clause ends: a mark, or a spaced dash
_CLAUSE_END = re.compile(r"(?<=[,.;:!?—])\s+|\s+[-–]\s+")


async def _read_past_a_day_gone(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[Plan]
) -> OfflineAnswer | None:
    """A wait read from a day already gone, read again with that day cut out: a day ahead
    said elsewhere is the one to wait for ("remind me tomorrow to call them, today is not
    happening"), and a day gone with no wait left is news of that day ("the guy finished at
    9 this morning", "registered at the gemeente this morning!"), read as any news is, with
    its doubts. None when the rest asks for a wait with no day, or says nothing."""
    if st.when is None or st.when.moment > ctx.now:
        return None
    rest = (st.said[: st.when.start] + " " + st.said[st.when.end :]).strip(" ,.;:—-")
    other = intents.read_statement(rest, ctx.now, ctx.timezone) if rest else None
    if other is None:
        return None
    if other.kind == "snooze":
        return await _act(interp, ctx, other, plans) if _wake(other, ctx) is not None else None
    return await _act(interp, ctx, other, plans)


async def _read_without_the_call_off(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[Plan]
) -> OfflineAnswer | None:
    """The message's other clauses read as a statement of their own (never a skip: what was
    called off named no step); None when they state nothing."""
    clauses = _CLAUSE_END.split(st.said)
    kept = [
        c
        for c in clauses
        if (alone := intents.read_statement(c, ctx.now, ctx.timezone)) is None
        or alone.kind != "skip"
    ]
    rest = " ".join(kept).strip(" ,.;:—-")
    if not rest or len(kept) == len(clauses):
        return None
    other = intents.read_statement(rest, ctx.now, ctx.timezone)
    if other is None or other.kind == "skip":
        return await news_of_a_thing(interp, ctx, rest, plans)
    return await _act(interp, ctx, other, plans)


# What a verb makes, read back to the verb: "the booking", "an appt", "payment", "the order"
_MADE_BY = {thing: verb for verb, things in step_match.VERB_OBJECTS.items() for thing in things}
# Words of when and how long, never a thing of a step: "sat arvo", "3 hrs", "the 12th"
_WHEN_SAID = re.compile(
    r"^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|(?:mon|tues|wednes|thurs|fri|satur|sun|to|"
    r"yester)day|arvo|avo|am|pm|hrs?|hours?|mins?|minutes?|weeks?|months?|jan|feb|mar|apr|may|"
    r"jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|"
    r"october|november|december|\d+(?:st|nd|rd|th)?|next|noon|midday|tmrw|tomorrow|tmr|asap|"
    r"time)$",
    re.I,
)


# Words between a verb and its object ("renewed my passport", "booked a holiday"), and the
# words that are its object when no thing is named ("paid em", "booked it")
_DETERMINERS = frozenset(
    "a an the my our his her their your its this that these those some us me him".split()
)
_PRONOUNS = frozenset("them em it all both everything".split())


# Words that end a verb's object: a preposition or particle ("booked a holiday to spain",
# "gone thru")
_OBJECT_ENDS = frozenset(
    "to for with at on in into from by of about thru through up out off down over back "
    "around round away and but so then".split()
)


# Words that say the doing went through, after it ("booking is confirmed", "payment
# approved"): how it ended, never the thing it was done to
_HOW_IT_ENDED = frozenset(
    step_match.stem(w) for w in "confirmed approved accepted secured finalised finalized".split()
)


def _done_to_another_thing(
    action: str, verbs: list[str], others: list[str], known: set[str]
) -> bool:
    """The object of the verb said is a thing no step has ("renewed my passport", "booked a
    holiday to spain", "paid my phone bill"): the doing is of something else. The object is
    the words after the verb up to a preposition, a stop or another verb said in the past
    ("got the driving booking sorted")."""
    words = re.findall(r"[\w'&]+|[,.;:!?—]", action.lower())
    for at, word in enumerate(words):
        said = step_match.content_stems(word)
        if not said or said[0] not in verbs:
            continue
        phrase: list[str] = []
        for after in words[at + 1 :]:
            if after in _DETERMINERS:
                continue
            thing = step_match.content_stems(after)
            if (
                after in _PRONOUNS
                or after in _OBJECT_ENDS
                or not re.match(r"\w", after)
                or after.endswith("ing")  # "ordered, arriving friday"
                # another verb, said in its past form ("… booking sorted")
                or (
                    thing
                    and (after.endswith("ed") or after in step_match.IRREGULAR)
                    and thing[0] in {*verbs, *step_match.LIGHT}
                )
                # how the doing ended, no thing it was done to: "booking is confirmed"
                or (thing and after.endswith("ed") and thing[0] in _HOW_IT_ENDED)
            ):
                break
            if thing:
                phrase.append(thing[0])
        made = next((i for i, t in enumerate(phrase) if t in _MADE_BY), None)
        if made is not None:
            # "paid my phone bill": a bill of another thing; "made the payment online": the
            # words after what the verb makes are how, not what
            return any(
                t in others or not any(step_match.same_word(t, k) for k in known)
                for t in phrase[:made]
            )
        return any(t in others for t in phrase)
    return False


# Someone named only by what they are ("got your man booked in", "the guy confirmed") and an
# exclamation ("thank god", "phew"): no thing of a step
_NO_THING_SAID = frozenset(
    step_match.stem(w)
    for w in (
        "guy guys man men fella fellow bloke lady woman chap lad dude person someone somebody "
        "thank god goodness heavens phew yay woohoo finally"
    ).split()
)


def _names_a_numbered_thing(st: intents.Statement, plans: list[Plan]) -> bool:
    """Whether the number read as a position stands, with the word before it, in a step's
    title ("number 14", "flat 3", "unit 5"): the thing the step names, not its place."""
    said = re.findall(rf"\b([a-z]+)\.?\s*#?{st.position}\b", _numbered(st.said))
    return any(
        re.search(rf"\b{re.escape(word)}\s+#?{st.position}\b", _numbered(step["title"]))
        for word in said
        if word not in ("step", "steps", "item", "task")
        for plan in plans
        for step in plan["steps"]
    )


def _is_no_position(st: intents.Statement, plans: list[Plan]) -> bool:
    """Whether the number read as a position is something else: a thing a step names
    (``_names_a_numbered_thing``), or a number past the last step of every plan said as
    "number 47", "No 19", "#12" with news around it — a place in a queue ("in the queue at the
    embassy for his passport right now, number 47", z143), a house on a street ("call Singh
    tent rental by No 19 two time today, nobody pick up", z219). "step 7", "the 5th one" and a
    message of nothing but a command's words ("done no 9") still name a position."""
    if _names_a_numbered_thing(st, plans):
        return True
    position = st.position
    if position is None or position <= 0 or intents.only_command_words(st.said):
        return False
    if any(position <= len(plan["steps"]) for plan in plans):
        return False
    said = _numbered(st.said)
    return bool(re.search(rf"\bnumber\s+{position}\b", said)) and not re.search(
        rf"\bsteps?\s+(?:number\s+)?{position}\b", said
    )


def _numbered(text: str) -> str:
    """ "No. 14", "no 14", "#14": said as "number 14"."""
    return re.sub(r"(?:\bno\.?\s*|#)(?=\d)", "number ", text.lower())


# A verb of doing denied: "not ordering", "not going to renew", "no need to book"
_DENIED_VERB = re.compile(
    r"\b(?:not|never|no\s+need\s+to|don'?t\s+need\s+to|won'?t|aren'?t|isn'?t)\s+"
    r"(?:(?:going|gonna|bothering)\s+(?:to\s+|with\s+)?)?(?:to\s+)?(?P<verb>[a-z]{3,})\b",
    re.I,
)


# Where a clause of news ends and a remark on it begins: a stop, a comma, an emoji, a dash
_CLAUSE_END = re.compile(
    r"\s*(?:[.!?;,]+|\s[-\u2013\u2014]\s|[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF]+)\s*"
)


def _doing_clause(said: str) -> str:
    """The first clause of the news (its words up to a stop, a comma, a dash or an emoji);
    the whole of it when it is one clause."""
    return next((c for c in _CLAUSE_END.split(said) if c.strip()), said).strip()


def steps_of_the_doing(action: str, plans: list[Plan]) -> list[step_match.Candidate]:
    """The open steps, in every plan, whose own action the words say was done when they
    name nothing else a step has: "booked for sat arvo", "payment's gone thru", "called em,
    left a msg", "placed the order with them". A verb said, or a thing only a verb makes
    ("the booking", "payment": ``step_match.VERB_OBJECTS``), gives the action; any other
    word that is a thing of some step, or more than two words of things at all, and the
    words say more than the doing: nothing."""
    verbs: list[str] = []
    said_verbs: list[str] = []  # the verbs said as verbs, not read from what they make
    others: list[str] = []
    for said in step_match.content_stems(action):
        if said in step_match.FILLER or said in step_match.PARTICLES or said in _WHEN_STEMS:
            continue
        if said.isdigit() or _WHEN_SAID.match(said) or said in _NO_THING_SAID:
            continue
        if step_match.by_own_verb(said, plans) or said in step_match.LIGHT:
            verbs.append(said)
            said_verbs.append(said)
        elif said in _MADE_BY:
            verbs.append(_MADE_BY[said])
        else:
            others.append(said)
    things = {
        t
        for plan in plans
        for step in plan["steps"]
        for t in step_match.content_stems(step["title"])
    }
    if any(step_match.same_word(o, t) for o in others for t in things):
        return []  # a thing of a step is named: the readings before this one decide
    # ("got the driving booking sorted" in plan "Learn to drive": the plan's word names no
    # other thing)
    titles = {t for plan in plans for t in step_match.content_stems(plan["title"])}
    others = [o for o in others if not any(step_match.same_word(o, t) for t in titles)]
    if (
        not verbs
        or len(others) > 2
        or _done_to_another_thing(action, said_verbs, others, things | titles)
    ):
        return []
    found: dict[int, step_match.Candidate] = {}
    for verb in dict.fromkeys(verbs):
        # (a booking by another name only for the verb said: "got her appt booked" may be
        # "Arrange the hearing test"; "filling the saturday slots" booked nothing)
        for c in step_match.by_own_verb(verb, plans, kin=verb in said_verbs):
            found.setdefault(c.step_id, c)
    if not said_verbs and len(found) < 2:
        # ("Appointment is fixed for the 3rd": a thing only, and one step it could be; the
        # readings after this one weigh the rest of the plan's steps too)
        return []
    return list(found.values())


# The one asked has answered, and gave what was asked: "she said yes", "he has put in my
# referral", "emailed her records over", "has agreed too", "confirmed all the drops"
_ANSWERED = re.compile(
    r"\b(?:replied|answered|responded|(?:got|get|came|come|wrote|rang|called)\s+back)\b|"
    r"\b(?:said|says)\s+yes\b|\bagreed\b|\bconfirmed\b|"
    r"\b(?:sent|emailed|posted|forwarded|uploaded)\s+(?:\w+\s+){0,3}(?:over|through|in)\b|"
    r"\b(?:has|have|'s|'ve)\s+(?:sent|put\s+in|uploaded|signed|done|given)\b",
    re.I,
)
# …with nothing kept back: no refusal, condition, doubt, price or thing still wanted
_HELD_BACK = re.compile(
    r"\bbut\b|\bonly\b|\bif\b|\bunless\b|\bfirst\b|\bwants?\b|\bneeds?\b|\bthink\w*\b|"
    r"\bmaybe\b|\bstill\b|\bcan\b|\bcould\b|\bwill\b|'ll\b|\bquot\w*\b|[£$€]\s*\d|"
    r"\bno\b|\bnot\b|\bnever\b|\w+n['’]t\b|\b(?:dont|didnt|cant|wont|isnt|hasnt|havent|"
    r"wasnt|arent|doesnt|couldnt)\b|\?",
    re.I,
)
# Verbs of a step of asking someone for something: "Ask two referees", "Request records"
_ASKING = frozenset({"ask", "request"})
# What a step asks for word about: "Ask Teacher Anne about the reading test", "Email the
# centre about fees", "Check with the school whether …" (not "Ask Prof Martinez for a
# reference": a thing, given or not)
_ABOUT_A_THING = re.compile(
    r"\b(?:about|whether|if|re|regarding|when|what|how|which|why|where)\b", re.I
)
# The answer denied or still to come: "hasn't replied", "never got back to me", "said he'll
# get back to me", "she'll let me know"
_NO_WORD_YET = re.compile(
    r"(?:\b(?:not|never|no|yet\s+to|still)\s+(?:\w+\s+)?|n['’]?t\s+(?:\w+\s+)?)$", re.I
)
_WORD_TO_COME = re.compile(
    r"\b(?:will|gonna|going\s+to|find\s+out|let\s+(?:me|us)\s+know|look\s+into|"
    r"get\s+back\s+to\s+(?:me|us)\s+(?:later|tomorrow|next|on|by|when|after|once)|"
    r"ask\s+(?:around|and)|check\s+and)\b|'ll\b|\?",
    re.I,
)


def asks_for_word(title: str) -> bool:
    """A step of asking or getting in touch for word about a thing: any answer is its end."""
    return (
        _is_asking(title)
        or step_match.is_contact(title)
        or bool(re.match(r"(?:check|confirm|find\s+out|enquire|inquire)\s+with\b", title, re.I))
    ) and bool(_ABOUT_A_THING.search(title.split(maxsplit=1)[-1]))


def word_given(said: str) -> bool:
    """The one asked answered ("Teacher Anne finally replied, she said …"), whatever the
    answer says: not denied ("hasn't replied"), nor only promised ("she'll get back to me")."""
    answers = [m for m in _ANSWERED.finditer(said) if not _NO_WORD_YET.search(said[: m.start()])]
    return bool(answers) and not _WORD_TO_COME.search(said)


# Declared (tests/test_readings.py runs them): steps of asking for word, answers that end
# them whatever they say, and the near misses of each
ASKS_FOR_WORD_TITLES: tuple[str, ...] = (
    "Ask Teacher Anne about the reading test",
    "Email the centre about fees",
    "Check with the school whether uniforms are needed",
)
ASKS_FOR_WORD_NEAR_MISSES: tuple[str, ...] = (
    "Ask Prof Martinez for a reference",  # a thing asked for: given or not
    "Ring the plumber",
    "Check the tyres",
)
WORD_GIVEN_EXAMPLES: tuple[str, ...] = (
    "the coach finally replied, the tournament is on the 12th and we don't need to bring anything",
    "Mrs Okafor got back to me, she says the trip isn't compulsory",
    "HR answered, turns out I don't need a new form",
)
WORD_GIVEN_NEAR_MISSES: tuple[str, ...] = (
    "the school still hasn't replied",
    "emailed the coach again, no reply",
    "he never got back to me",
    "she replied saying she'll let me know tomorrow",
    "the centre got back to me, they'll check and call me friday",
)


def _answered_yes(said: str) -> bool:
    """Someone answered and gave what was asked, with nothing kept back."""
    return bool(_ANSWERED.search(said)) and not _HELD_BACK.search(said) and not _FAILED.search(said)


def _steps_asking(st: intents.Statement, plans: list[Plan]) -> list[step_match.Candidate]:
    """The open steps asking the one whose yes the statement tells."""
    who = intents.yes_from(st.said) or ""
    return [
        c
        for plan in plans
        for c in step_match.by_position(plan)
        if c.status not in FINISHED and asks_them(c.title, who)
    ]


async def _their_yes(
    interp: Acting, ctx: ToolContext, st: intents.Statement, step: step_match.Candidate
) -> OfflineAnswer:
    """The one the step asks said yes ("minji said ok!! she's coming saturday" for "Get Minji
    to come help", "Dennis said yes to doing the minutes" for "Ask Dennis to take minutes"):
    the asking is done, never begun nor a try. A step that asks no one, or not them, is
    offered with Done first ("Bea said yes to swapping sundays" for "Swap Sunday nights with
    Bea": the swap agreed, or done?)."""
    done = tuple(_calls(replace(st, kind="done", agreed=True), step.step_id, ctx))
    if asks_them(step.title, intents.yes_from(st.said) or ""):
        return await run(interp, ctx, list(done))
    return status_menu(step, _message_of(st, ctx), first=("done", done))


# A step that asks someone for a yes: "Ask Dennis to take minutes", "Get Minji to come help",
# "Persuade Dad to see the GP", "Book Casa del Popolo", "Get rec letter from Ms. Park"
_ASKS_SOMEONE = _ASKING | frozenset({"get", "persuade", "convince", "invite", "book"})


def asks_them(title: str, who: str) -> bool:
    """The step asks someone for a yes and names the one who said it ("Ask Dennis to take
    minutes" of "Dennis"; not "Swap Sunday nights with Bea", which asks no one, nor "Ask
    the bank about the loan" of "mum")."""
    stems = step_match.content_stems(title)
    return (
        bool(stems)
        and stems[0] in _ASKS_SOMEONE
        and bool(step_match.shared_things(who, " ".join(stems[1:])))
    )


# Declared (tests/test_readings.py runs them): steps asking the one named for a yes, and not
ASKS_THEM_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Ask Dennis to take minutes", "Dennis"),
    ("Get Minji to come help", "minji"),
    ("Ask the Co-op for raffle prizes", "Co-op"),
    ("Book Casa del Popolo", "casa"),
)
ASKS_THEM_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    ("Swap Sunday nights with Bea", "Bea"),
    ("Ask the bank about the loan", "mum"),
    ("Take Dennis to the station", "Dennis"),
)


# A person found, said plainly: "found someone for Mixa!!", "finally found somebody" (not
# "haven't found someone", "found someone but she wants 20 an hour", "found someone?")
_SOMEONE_FOUND = re.compile(r"\bfound\s+(?:someone|somebody)\b", re.I)
_FOUND_KEPT_BACK = re.compile(
    r"\b(?:but|if|maybe|might|perhaps|not|never|yet|still|think)\b|\w+n['’]t\b|"
    r"\b(?:havent|hasnt|didnt|cant)\b|\?",
    re.I,
)
SOMEONE_FOUND_EXAMPLES: tuple[str, ...] = (
    "found someone for Mixa!! my neighbour's daughter will pop in twice a day and feed her",
    "finally found somebody, the lad from number 6 will do it",
)
SOMEONE_FOUND_NEAR_MISSES: tuple[str, ...] = (
    "haven't found someone for Mixa yet",
    "found someone but she wants 20 an hour",
    "still not found someone for the cat",
)


def someone_found(said: str) -> bool:
    """A person was found, kept back by nothing."""
    return bool(_SOMEONE_FOUND.search(said)) and not _FOUND_KEPT_BACK.search(said)


def _the_one_finding_someone(
    st: intents.Statement, kin: list[step_match.Candidate]
) -> step_match.Candidate | None:
    """Of two to four open steps of the same doing ("find"), the one step of finding a person
    when the news is of someone found (``someone_found``), or None."""
    if st.kind != "done" or not 1 < len(kin) <= 4 or not someone_found(st.said):
        return None
    finders = [c for c in kin if step_match.finds_someone(c.title)]
    return finders[0] if len(finders) == 1 else None


# A step that asks for an approval, said in its title: "Get the building plan approved",
# "Get approval from the HOA" (not "Get financing preapproval": a word of its own, and "got
# approved!!" may be another step's news)
_ASKS_APPROVAL = re.compile(r"\bapprov(?:e|ed|al)\b", re.I)


def _the_approval_asked(
    st: intents.Statement, close: list[step_match.Candidate]
) -> step_match.Candidate | None:
    """Of the steps news of a done fits alike, the one open step asking for the approval the
    news says was given (``intents.approval_given``), or None."""
    if st.kind != "done" or not intents.approval_given(st.said):
        return None
    asking = [c for c in close if c.status not in FINISHED and _ASKS_APPROVAL.search(c.title)]
    return asking[0] if len(asking) == 1 else None


def _is_asking(title: str) -> bool:
    """The step asks someone for something (its first word is a verb of asking)."""
    stems = step_match.content_stems(title)
    return bool(stems) and stems[0] in _ASKING


# A clause of what is still to do: "still shoes and bag to go", "next up is the bag"
_LEFT_TO_DO = re.compile(
    r"\bstill\b|\bto\s+go\b|\bleft\s+to\s+(?:do|go)\b|\bremaining\b|\bnext\s+(?:up|is)\b|"
    r"\bthen\s+(?:the|i|we)\b",
    re.I,
)


def _named_only_in_what_is_left(said: str, title: str) -> bool:
    """The step's things are in a clause of what is still to do, and the rest of the
    message names none of them."""
    clauses = [c for c in re.split(r"[,;—]|[.!?]+(?:\s|$)|\bbut\b", said) if c.strip()]
    left = [c for c in clauses if _LEFT_TO_DO.search(c)]
    done = " ".join(c for c in clauses if not _LEFT_TO_DO.search(c))
    return (
        bool(left)
        and bool(step_match.shared_things(" ".join(left), title))
        and not step_match.shared_things(done, title)
        and step_match.score(step_match.content_stems(done), title) < step_match.WEAK_SCORE
    )


# Words of a status and nothing else: "done", "that's done", "finished it", "all done and dusted"
_STATUS_ONLY = re.compile(
    r"\s*(?:(?:that'?s|thats|it'?s|its|all|just|finally|now|it|that|this|them|and|dusted|done|"
    r"finished|complete|completed|sorted|over|with|did)\s*)+",
    re.I,
)


async def _the_step_at_hand(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[Plan]
) -> OfflineAnswer:
    """The step most recently acted on; else the one step under way in the plan in view,
    or the steps under way to pick from."""
    if ctx.last_step_id is not None and _candidate(ctx.last_step_id, plans) is not None:
        return await run(interp, ctx, _calls(st, ctx.last_step_id, ctx))
    current = next((p for p in plans if p["id"] == ctx.current_plan_id), None)
    doing = (
        [c for c in step_match.by_position(current) if c.status == "in_progress"] if current else []
    )
    if len(doing) == 1:
        return await run(interp, ctx, _calls(st, doing[0].step_id, ctx))
    if 1 < len(doing) <= 4:
        return ask("Which step do you mean?", doing, lambda c: _calls(st, c.step_id, ctx), False)
    return OfflineAnswer(
        "Which step? Name it, e.g. “got the photos” or “done step 2”. Nothing changed.", True
    )


# A choice made, in any words: "went with", "settled on", "made up my mind about"
_CHOSE = re.compile(
    r"\b(?:went|gone|going|goin)\s+(?:with|for)\b|\b(?:settled|decided)\s+on\b|"
    r"\bdecided\s+to\s+go\s+(?:with|for)\b|"
    r"\b(?:opted|plumped)\s+for\b|\bmade\s+(?:up\s+)?(?:my|our)\s+minds?(?:\s+up)?\b|"
    r"\b(?:picked|chose|chosen|selected)\b",
    re.I,
)


def skip_said(text: str, plans: list[Plan], ctx: ToolContext) -> bool:
    """The message says a step of theirs is not needed ("Mama says no need to book the
    pickup, Tito Ramon will bring the box himself"): a skip to read, never a plan whose goal
    is "no need to …"."""
    st = intents.read_statement(text, ctx.now, ctx.timezone)
    if st is None or st.kind != "skip":
        return False
    # ("no need to call plumber for the tap": the one step with a tap, named where the skip
    # is said; "no need to panic, the plan is: …" names none there)
    return bool(
        st.action and step_match.by_unique_thing(st.action, plans, ctx.current_plan_id)
    ) or any(
        (found := step_match.match_step(named, plans, ctx.current_plan_id)).best is not None
        or found.ambiguous
        for named in dict.fromkeys(filter(None, (st.action, st.words)))
    )


_INSTEAD = re.compile(r"\binstead\b|\brather\s+than\b", re.I)


def under_way_said(text: str, plans: list[Plan], ctx: ToolContext) -> bool:
    """The message says a step of theirs is under way, naming it where the start is said
    ("doing the passport update on the ukvi account now, half way, finish it on my break",
    z186; "now doing the private hire registration on LTA portal, halfway uploading the
    docs", z179): news to read, never a plan whose steps are how far it got."""
    if _INSTEAD.search(text):
        return False  # ("instead of doing it online myself I'll go through …": a new way)
    st = intents.read_statement(text, ctx.now, ctx.timezone)
    if st is None or st.kind != "start" or not st.action:
        return False
    return (
        step_match.by_unique_thing(st.action, plans, ctx.current_plan_id, open_only=True)
        is not None
        or step_match.match_step(st.action, plans, ctx.current_plan_id, open_only=True).best
        is not None
    )


def filling_step(text: str, plans: list[Plan]) -> step_match.Candidate | None:
    """The step a container said full finishes ("box is packed to the top lol couldnt fit
    another toy": "Fill it with gifts", beside "Buy the big box" in "Christmas box to
    Panama"): the one open step of filling (``own_verbs.FILLING``) of the plans that name the
    container in their title or a step's. None when no container is said full, or when none or several steps fit (a menu stays)."""
    container = own_verbs.container_said_full(text)
    if container is None:
        return None
    said = step_match.stem(container)

    def names_it(title: str) -> bool:
        return any(step_match.same_word(said, s) for s in step_match.content_stems(title))

    found: list[step_match.Candidate] = []
    for plan in plans:
        titles = [plan["title"], *(s["title"] for s in plan["steps"])]
        if not any(names_it(t) for t in titles):
            continue
        for step in plan["steps"]:
            title = step["title"]
            if step["status"] in FINISHED or own_verbs.verb_of(title) not in own_verbs.FILLING:
                continue
            # (a step of the contents, "Pack clothes and groceries", or of "it", fills the
            # container its plan names as much as "Fill barrel with food and clothes")
            found.append(step_match.Candidate.of(plan, step, 1.0, False))
    return found[0] if len(found) == 1 else None


# Someone else's start, said after who they are: "started on", "has begun", "started moving"
_BEGUN_BY_THEM = re.compile(r"(?:started|began|begun)\b", re.I)


def _named_past_the_doer(
    st: intents.Statement, plans: list[Plan], ctx: ToolContext
) -> step_match.Candidate | None:
    """The step the deed names past the doer who names another (``_doer_and_deed``)."""
    found = _doer_and_deed(st, plans, ctx)
    return None if found is None else found[1]


def _doer_and_deed(
    st: intents.Statement, plans: list[Plan], ctx: ToolContext
) -> tuple[list[step_match.Candidate], step_match.Candidate] | None:
    """The step the words after the doer name, when news opens with someone else who did it
    and who they are names another step (``other_names.doer_first``: "contractor
    started on the ramp this morning" with "Get a contractor quote" and "Build the ramp at the
    front door", z105; "my brother in law started on the fan …" with "Invite the in-laws",
    z270): the clause of the deed names one open step by a thing of its own, no step the doer's
    words name: the steps the doer names, and that one. None otherwise (the reading goes on as
    before)."""
    said = st.said or ""
    if st.when is not None:
        # ("… started on the ramp this morning": when it was is no word of the step)
        said = said[: st.when.start] + said[st.when.end :]
    doer = other_names.doer_first(said)
    if doer is None:
        return None
    who, rest = doer
    if not _BEGUN_BY_THEM.match(rest):
        # only a start of theirs: a deed done is often the step that is theirs ("Father Jonas
        # called me back he said yes we can have the table" is "Call Father Jonas" done,
        # z243; "mom did full checkup in Tashkent …, cross it out" a skip, z222)
        return None
    # (a step of theirs finished is named by them as much: "contractor started on the ramp"
    # with "Get a contractor quote" done)
    said_by_who = step_match.content_stems(who)
    by_who = [
        step_match.Candidate.of(plan, step, 1.0, plan["id"] == ctx.current_plan_id)
        for plan in plans
        for step in plan["steps"]
        if any(
            step_match.same_word(w, t)
            for w in said_by_who
            for t in step_match.content_stems(step["title"])
        )
    ]
    if not by_who:
        return None  # ("plumber started on the tap": the doer names no other step)
    deed = _FIRST_CLAUSE.split(rest.strip(), maxsplit=1)[0]
    told = step_match.match_step(
        deed, plans, ctx.current_plan_id, open_only=True, same_action=st.kind == "done"
    ).best or step_match.by_unique_thing(deed, plans, ctx.current_plan_id, open_only=True)
    if (
        told is None
        or told.step_id in {c.step_id for c in by_who}
        or not own_verbs.names_its_thing(deed, told.title)
    ):
        return None
    return by_who, told


def container_filled(text: str, plans: list[Plan]) -> bool:
    """The message says a container of a plan is full and one step fills it: news of that
    step, never a plan of what went in ("barrel pack to the top 😅 … rice, oil, saltfish,
    clothes for the kids, all in", z274)."""
    return filling_step(text, plans) is not None


def choice_made(text: str, plans: list[Plan], ctx: ToolContext) -> bool:
    """The message opens with a choice made of a step of choosing it names ("newsletter:
    went with buttondown in the end, …", "I have finally made up my mind about the
    jewellery. The pearls go to Susan …"): news of that step, never a plan of its own."""
    first = _SENTENCE_END.split(text.strip(), maxsplit=1)[0]
    st = intents.read_statement(first, ctx.now, ctx.timezone)
    return (
        st is not None
        and st.kind == "done"
        and bool(_CHOSE.search(first))
        and bool(_choices_named(st.words, plans))
    )


def _choices_named(words: str, plans: list[Plan]) -> list[step_match.Candidate]:
    """The open steps of choosing that share a thing with the words, or, when none does,
    those of the one plan the words name."""
    choosing = [
        (plan, step)
        for plan in plans
        for step in plan["steps"]
        if step["status"] not in FINISHED and step_match.is_choosing(step["title"])
    ]
    by_thing = [
        step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, False)
        for plan, step in choosing
        if step_match.shared_things(words, step["title"])
    ]
    if by_thing:
        return by_thing
    named = {plan["id"] for plan, _ in choosing if step_match.shared_things(words, plan["title"])}
    return [
        step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, False)
        for plan, step in choosing
        if len(named) == 1 and plan["id"] in named
    ]


# A verb done to "it", first in the message: "renewed it online", "I've booked it for
# next Wednesday" (a past tense: "get it done" is no report)
_VERB_ON_IT = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|right|so|well|yep|yes|i|we|i'?ve|we'?ve|have|just|finally|already|"
    r"all)\s*,?\s+)*(?P<verb>[a-z]{3,}ed|paid|sent|made|did|done|got|bought|sorted)\s+"
    r"(?:it|them|that|this)\b",
    re.I,
)


# A verb said of "it" or "them", anywhere in the message: "sold it!!", "he fixed it 👍"
_DONE_TO_IT = re.compile(r"\b(?P<verb>[^\W\d_]{3,})\s+(?:it|them|em|dem)\b", re.I)


def plan_verb_said_of_it(
    said: str, best: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """The open steps of the best step's plan (two to four, plan order) when the message
    names that step by its verb alone, said of "it" or "them", and the verb is the plan's own
    too: "sold it!!" of "Sell the study table" in "Sell old furniture" (whose "Post the
    fridge on OLX" sells a thing as well); "car is back from the mechanic, he fixed it" of
    "Fix the heater" in "Fix the Camry" ("Change the brake pads" fixes it as much). The
    plan's verb is every step's; "it" names none. Empty for a light verb ("got it", "paid
    it": ``LIGHT``), when a thing of the step is said ("sold the study table"), when the verb
    is not the plan's ("fixed it" of "Fix the tap" in "Kitchen"), or the plan has no other
    open step."""
    found = _DONE_TO_IT.search(said)
    if found is None:
        return []
    verb = step_match.stem(found["verb"].lower())
    if verb in step_match.LIGHT:
        return []  # ("got it", "sorted it", "paid it": the verbs of every plan, read as before)
    title, plan_title = (step_match.content_stems(t) for t in (best.title, best.plan_title))
    if (
        not title
        or not plan_title
        or not all(step_match.same_word(verb, t[0]) for t in (title, plan_title))
    ):
        return []
    if step_match.shared_things(_without_verb(said, found["verb"]), best.title):
        return []
    plan = next((p for p in plans if p["id"] == best.plan_id), None)
    if plan is None:
        return []
    steps = [c for c in step_match.by_position(plan) if c.status not in FINISHED]
    return steps if 2 <= len(steps) <= 4 else []


def _without_verb(words: str, verb: str) -> str:
    """The words without the verb said first ("renewed it online": "it online")."""
    return re.sub(rf"\b{re.escape(verb)}\b", " ", words, count=1, flags=re.I)


# All of it, naming no thing: "has everything now", "has the lot"
_THE_LOT = re.compile(r"\b(?:everything|it\s+all|the\s+lot|all\s+of\s+it)\b", re.I)


# A try said to be one more of the same: "chased them again", "still nothing", "a 3rd reminder"
_MET_AGAIN = re.compile(
    r"\b(?:again|still|another|once\s+more|(?:2nd|3rd|\d+th|second|third|fourth)\s+"
    r"(?:time|reminder|email|call|chase|message|letter))\b",
    re.I,
)


def _titled_elsewhere(
    words: str, best: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """When the words name no thing of the step's own title (it was found by its log, or
    by its verb), the other open steps whose titles have a thing the words name."""
    if step_match.shared_things(words, best.title):
        return []
    return step_match.others_titled_with(words, plans, best.step_id)[:3]


def _logged_elsewhere(
    words: str, best: step_match.Candidate | None, plans: list[Plan]
) -> tuple[step_match.Candidate, int] | None:
    """The one other open step whose logged tries hold things the words name that its
    title does not, and how many: a try on it before, met again."""
    found = []
    for plan in plans:
        for step in plan["steps"]:
            if (best is not None and step["id"] == best.step_id) or step["status"] in FINISHED:
                continue
            log = step_match.logged_said(step)
            things = step_match.logged_things(words, step["title"], log) if log else []
            if things:
                found.append((step_match.Candidate.of(plan, step, 0.0, False), len(things)))
    return found[0] if len(found) == 1 else None


def _candidate(step_id: int, plans: list[Plan]) -> step_match.Candidate | None:
    """The step with this id among the plans, as a candidate."""
    return next(
        (
            step_match.Candidate.of(plan, step, 1.0, True)
            for plan in plans
            for step in plan["steps"]
            if step["id"] == step_id
        ),
        None,
    )


def _known_words(best: step_match.Candidate, plans: list[Plan]) -> str:
    """The step's title and what its logged attempts said: the words it is known by."""
    step = next(
        (
            s
            for p in plans
            if p["id"] == best.plan_id
            for s in p["steps"]
            if s["id"] == best.step_id
        ),
        None,
    )
    said = step_match.logged_said(step) if step is not None else ""
    return f"{best.title} {said}".strip()


def _attempt_certain(st: intents.Statement, title: str) -> bool:
    """An attempt is logged as it is said only when its first clauses say what was done
    about the step: a verb of trying or getting in touch, or the step's own verb
    ("another no show for the interview", "booking the road test, all full"). News with no
    such verb ("comcast can't do anything till …", "kids were a nightmare at the dentist")
    is proposed."""
    # (the first two clauses: "venue wants a deposit first, called them back no reply")
    first = " , ".join(re.split(r"[,;—]|[.!?]+\s|\bbut\b", st.said or st.action)[:2])
    verb = step_match.content_stems(title)[:1]
    return (
        intents.says_what_was_done(first)
        # a price asked and the person's no to it: the asking was the try ("CAL want $900
        # for feb. not paying that, will check again")
        or intents.price_turned_down(st.said or st.action)
        or step_match.own_verb(first, title)
        or (
            bool(verb)
            and any(step_match.same_word(verb[0], s) for s in step_match.content_stems(first))
        )
    )


# A thing come, which is news of getting it, not of a job half done ("dehumidifier came
# from argos, tank's half full")
_CAME = re.compile(r"\b(?:came|come|arrived|delivered|turned\s+up|showed\s+up)\b", re.I)
# A start said with a verb after it ("me start pack the barrel", "started scanning")
_START_VERB = re.compile(
    r"\b(?:start|started|starting|began|begin|begun)\s+(?:to\s+|on\s+|with\s+)?(?P<verb>[a-z]+)",
    re.I,
)
# The moment said: "on the roof now with shovels", "at it rn"
_NOW_SAID = re.compile(r"\b(?:now|rn|atm|right\s+now|at\s+the\s+moment|as\s+we\s+speak)\b", re.I)


def _part_told_of(st: intents.Statement, title: str) -> bool:
    """A part of the step's own job told done with the rest to come
    (``under_way.part_told``): the step under way, so the news is logged on it as any try
    of it is, never proposed as a note. "packing slowly, half the chemodan already full" for
    "Pack the suitcase"; "half the kitchen in boxes already" for "Pack the kitchen"; "on the
    roof now with shovels, … half done" for "Clear snow off roof". Only when the doing said
    is the step's own verb, or no doing is said at all and the half is of the step's thing or
    the moment is said with a thing of the step: "packing the box, half full" is no "Buy the
    box", "scanning the old album, half done" no "Print old family photos", and "dehumidifier
    came, tank's half full" is news of a thing come."""
    said = st.said or st.action
    if not under_way.part_told(said) or _CAME.search(said):
        return False
    if step_match.own_verb(said, title):
        return True
    words = re.findall(r"[a-z']+", said.lower())
    started = _START_VERB.search(said)
    if any(under_way.is_doing(w) for w in words) or (
        started is not None and started["verb"].lower() not in ("the", "a", "my", "our", "it")
    ):
        return False  # another doing said, whose step this may not be
    things = [t for t in step_match.content_stems(title)[1:] if len(t) > 2]
    half = under_way.half_of(said)
    said_things = step_match.content_stems(half) if half else []
    if half and any(step_match.same_word(t, w) for t in things for w in said_things):
        return True
    return bool(_NOW_SAID.search(said)) and any(
        step_match.same_word(t, w) for t in things for w in step_match.content_stems(said)
    )


# A message written and sent, said first: "emailed the shop …", "texted her …"

# Words of how a step stands, not of what was done: "sorted", "done", "all good"
_STANDING = frozenset(
    "done did sorted sort finished finish complete completed ready dealt good fine one ones".split()
)


def _named_alike(
    st: intents.Statement, named_by: str, best: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """Other open steps with every thing the words name, when the words are only things of
    the best step and words of how it stands (no verb at all): "deposit's sorted" fits "Pay the deposit" and "Collect deposits"
    alike. Empty when the words tell them apart."""
    if st.kind not in ("done", "skip") or st.position is not None:
        return []
    if step_match.own_verb(st.action or named_by, best.title):
        return []
    # (the whole message as said, and only that clause: the reader drops "picked" from
    # "tiles picked!!", and "venue sorted, we're going with the church hall" tells more)
    clauses = [c for c in re.split(r"[,;—]|[.!?]+", st.said or named_by) if c.strip()]
    if len(clauses) != 1:
        return []
    things = [
        m
        for m in step_match.content_stems(clauses[0])
        if m not in step_match.FILLER
        and m not in step_match.PROGRESS
        and m not in step_match.PARTICLES
        and m not in step_match.WHEN_WORDS
        and m not in _STANDING
        and len(m) > 2
    ]
    # (every word a thing of the step: "tiles picked" says how, with a verb of choosing)
    if not things or not all(step_match.names_only(m, best.title) for m in things):
        return []
    alike = [
        c
        for plan in plans
        for step in plan["steps"]
        if step["id"] != best.step_id
        and step["status"] not in FINISHED
        and step_match.names_only(" ".join(things), step["title"])
        for c in [step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, False)]
    ]
    return alike[:3]


# Declared for tried_alike (tests/test_certainty.py runs them): a try, the open steps,
# the step the reading found, and the others the try fits as well; a near miss has none
# (a thing or the verb of the found step's own said)
_ANMELDUNG = (
    "Get Wohnungsgeberbestätigung from landlord",
    "Book Bürgeramt appointment",
    "Go to the Bürgeramt",
)
_PUPPY = ("Book the vet", "Pay the vet bill", "Buy a crate")
_SHIFTS = ("Redo my CV", "Drop CV at Zoë's café", "Ring Zoë's café about the trial shift")
TRIED_ALIKE_EXAMPLES: tuple[tuple[str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    (
        "Bürgeramt termin again nothing, everything booked until January. colleague says new "
        "slots come at 8am so I check again tomorrow morning",
        _ANMELDUNG,
        "Go to the Bürgeramt",
        ("Book Bürgeramt appointment",),
    ),
    (
        "rang the vet again, on hold 20 min then cut off",
        _PUPPY,
        "Book the vet",
        ("Pay the vet bill",),
    ),
    (
        "tried zoë's café twice today, nobody there to talk to",
        _SHIFTS,
        "Ring Zoë's café about the trial shift",
        ("Drop CV at Zoë's café",),
    ),
)
TRIED_ALIKE_NEAR_MISSES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (
        "tried to book the Bürgeramt again, every slot gone in seconds",
        _ANMELDUNG,
        "Book Bürgeramt appointment",
    ),
    ("Bürgeramt appointment site down again", _ANMELDUNG, "Book Bürgeramt appointment"),
    ("rang the vet about the bill, they still haven't sent it", _PUPPY, "Pay the vet bill"),
    (
        "rang zoë's café about the trial shift, no answer",
        _SHIFTS,
        "Ring Zoë's café about the trial shift",
    ),
)

# …and a try said with the verb of one step only, of the steps it fits alike: that one
TRIED_BY_VERB_EXAMPLES: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    (
        "tried to book the Bürgeramt again, every slot gone in seconds",
        _ANMELDUNG,
        "Go to the Bürgeramt",
        "Book Bürgeramt appointment",
    ),
    (
        "went to the Bürgeramt without a Termin, they sent me home",
        _ANMELDUNG,
        "Book Bürgeramt appointment",
        "Go to the Bürgeramt",
    ),
    ("paid the vet, waiting on the receipt", _PUPPY, "Book the vet", "Pay the vet bill"),
)


# A trip made for the things of something: "went Mangusa for the cake things", "went to home
# depot for the screen stuff" — a try at getting them ("things", "stuff", "bits" after a noun
# are what it takes, not the noun itself)
_TRIP_FOR_GOODS = re.compile(
    r"\b(?:went|gone|been|go|goes|going|drove|popped|walked|ran|was|were)\b[^,.;!?]{0,40}?"
    r"\bfor\s+(?:the|my|our|some|all\s+the)\s+(?P<thing>[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+"
    r"(?:things|stuff|bits|bits\s+and\s+pieces|supplies|ingredients)\b",
    re.I,
)
# The verbs of a step of getting things ("Buy ingredients for the bolo pretu", "Pick up the
# paint", "Order the timber"): step_match.GETTING without the getting of answers or papers
_FETCHING = frozenset("buy get order collect fetch source purchase".split())
GOODS_FETCHED_EXAMPLES: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...], str], ...] = (
    (
        "I went Mangusa for the cake things, no raisins no prunes nothing",
        (
            (
                "Bake for Christmas",
                ("Buy ingredients for the bolo pretu", "Borrow the big oven", "Bake the cakes"),
            ),
            ("Fix the roof", ("Call Chico the roofer", "Buy zinc sheets")),
        ),
        "Buy ingredients for the bolo pretu",
    ),
    (
        "went to home depot for the screen stuff, they were all out of the charcoal kind",
        (
            ("Roof repair", ("Get three contractor quotes", "Pick a roofer")),
            ("Fix the lanai screen", ("Measure the torn panels", "Buy screen mesh")),
        ),
        "Buy screen mesh",
    ),
)
GOODS_FETCHED_NEAR_MISSES: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...] = (
    # no trip: the things were worked on, not fetched
    (
        "started putting his name on all his camp stuff",
        (("Summer camp", ("Buy camp gear", "Label all his gear")),),
    ),
    # two steps of getting in the plan: which is asked as before
    (
        "went to the market for the cake things, all sold out",
        (("Bake", ("Buy flour", "Order the fruit", "Bake the cakes")),),
    ),
    # the thing named in two plans
    (
        "went to town for the party stuff, shop closed",
        (
            ("Birthday party", ("Buy party hats", "Send invites")),
            ("Office party", ("Book the room", "Get the party food")),
        ),
    ),
)


def goods_fetched_for(said: str, plans: list[Plan]) -> step_match.Candidate | None:
    """The step a trip for the things of something was a try at: the thing names steps or the
    title of one plan only, and that plan has one open step of getting things."""
    trip = _TRIP_FOR_GOODS.search(said)
    if trip is None:
        return None
    thing = trip["thing"]
    named = [
        plan
        for plan in plans
        if step_match.shared_things(thing, plan["title"])
        or any(step_match.shared_things(thing, step["title"]) for step in plan["steps"])
    ]
    if len(named) != 1:
        return None
    plan = named[0]
    fetching = [
        step
        for step in plan["steps"]
        if step["status"] not in FINISHED
        and step_match.content_stems(step["title"])[:1]
        and step_match.content_stems(step["title"])[0] in _FETCHING
    ]
    if len(fetching) != 1:
        return None
    return step_match.Candidate.of(plan, fetching[0], step_match.WEAK_SCORE, False)


# Declared for tried_among_alike (tests/test_certainty.py runs them): a try, the close steps
# its words fit alike, and the one its verb tells (None: asked, as before)
_OVEN = ("Call the oven repairman", "Deep clean the oven")
_SHOTS = ("Book the next shots at the pediatrician", "Get the BCG shot")
_BREAD = ("Bake the first loaf", "Try a whole wheat loaf")
TRIED_AMONG_ALIKE_EXAMPLES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (
        "called Patxi about the oven, his wife says hes in benidorm til december",
        _OVEN,
        "Call the oven repairman",
    ),
    ("rang the oven man twice, no answer", _OVEN, "Call the oven repairman"),
    (
        "went to di health department fi pay di permit money but di system down",
        ("Pay the permit fee", "Collect the permit card"),
        "Pay the permit fee",
    ),
)
TRIED_AMONG_ALIKE_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # a word of one step only: the pediatrician of one, the BCG of the other (z143)
    ("called the pediatrician to book the BCG, line busy busy busy", _SHOTS),
    # "tried" is how a try is told, no step's verb (z29)
    ("Tried the loaf today, came out flat like a roti", _BREAD),
    # no verb of either said
    ("had a look at the oven, no idea what's wrong", _OVEN),
)


def tried_alike(
    said: str, best: step_match.Candidate, plans: list[Plan], named_by: str | None = None
) -> list[step_match.Candidate]:
    """Other open steps of the best step's plan that a try fits as well: each has every
    thing of the best step's title the words name, and the try's first clause says no verb
    of the best step's that the other lacks. "Bürgeramt termin again nothing, everything
    booked until January" fits "Go to the Bürgeramt" and "Book Bürgeramt appointment"
    alike (the first only a shorter title), so which is asked, as for a step done or begun.
    Empty when the words tell them apart: "Bürgeramt appointment site down again" names a
    thing of one; "tried to book the Bürgeramt again" the verb of one (``tried_by_verb``).
    ``named_by``: the words the step was found by, when only a part of what was said."""
    named_by = named_by or said
    things = set(step_match.shared_things(named_by, best.title))
    plan = next((p for p in plans if p["id"] == best.plan_id), None)
    if not things or plan is None:
        return []
    mine = _verb_said_first(said, best.title)
    return [
        step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, False)
        for step in plan["steps"]
        if step["id"] != best.step_id
        and step["status"] not in FINISHED
        and things <= set(step_match.shared_things(named_by, step["title"]))
        and (_verb_said_first(said, step["title"]) or not mine)
    ][:3]


def tried_by_verb(said: str, alike: list[step_match.Candidate]) -> step_match.Candidate | None:
    """Of steps a try fits alike, the one whose verb alone its first clause says."""
    told = [c for c in alike if _verb_said_first(said, c.title)]
    return told[0] if len(told) == 1 else None


def tried_among_alike(said: str, close: list[step_match.Candidate]) -> step_match.Candidate | None:
    """Of open steps a try's words fit alike — each named by the very same words of the
    message, none by a thing of its own — the one whose verb alone the first clause says:
    "called Patxi about the oven, his wife says hes in benidorm til december" with "Call the
    oven repairman" and "Deep clean the oven" (z264), "went to di health department fi pay
    di permit money but di system down" with "Pay the permit fee" and "Collect the permit
    card" (z188), "asked the property manager why rent is going up" with "Ask about the
    rent increase" beside "Read the new lease" (z66). Never when a word names one step only ("called the pediatrician
    to book the BCG": the pediatrician one step's, the BCG another's, z143), nor when the
    verb is "try" (how every try is told, "Tried the loaf today" of "Try a whole wheat
    loaf", z29), nor a finished step."""
    if len(close) < 2 or any(c.status in FINISHED for c in close):
        return None
    said_things = [
        m
        for m in step_match.content_stems(said)
        if m not in step_match.LIGHT and m not in step_match.FILLER
    ]

    def naming(c: step_match.Candidate) -> frozenset[str]:
        own = step_match.shared_things(said, c.title)
        return frozenset(m for m in said_things if any(step_match.same_word(m, t) for t in own))

    named = {naming(c) for c in close}
    if len(named) != 1 or not next(iter(named)):
        return None
    told = tried_by_verb(said, close)
    if told is None or step_match.content_stems(told.title)[:1] in (["try"], ["attempt"]):
        return None
    return told


def _verb_said_first(said: str, title: str) -> bool:
    """The step's verb is said in the first clause, where what was done is said ("every
    slot gone" after it goes nowhere)."""
    verb = step_match.content_stems(title)[:1]
    first = step_match.content_stems(re.split(r"[,;—]|[.!?]+\s|\bbut\b", said)[0])
    return bool(verb) and any(step_match.same_word(verb[0], w) for w in first)


# A thing still to be done to, said in the passive after a future or a need: "will now
# have to be done in two parts", "needs to be signed by both", "is going to be redone"
_STILL_TO_BE_DONE = re.compile(
    r"\b(?:will|'ll|shall|must|needs?\s+to|has\s+to|have\s+to|got\s+to|going\s+to|gonna)\s+"
    r"(?:(?:now|still|also|just|probably|all|have\s+to|need\s+to|then)\s+)*be\s+"
    r"(?:re)?(?:done|\w+ed|paid|sent|seen|taken|made|split|put|built|bought|sold|given|"
    r"written|kept|left|held)\b",
    re.I,
)


def _first_sentence(st: intents.Statement) -> str:
    """The first sentence of the message as said."""
    return re.split(r"(?<=[.!?])\s+", (st.said or st.action).strip())[0]


# After a skip, what is done instead, said as a list ("its now: …", "new plan: …") or as
# clauses led by a verb in -ing ("… BUYING A REPRO PANEL AND HAVING THE BODY SHOP HANG IT")
_NEW_WAY_LIST = re.compile(
    r"\b(?:now|instead|plan(?:\s+is)?|it'?s|its|going\s+to\s+be|gonna\s+be)\s*(?::|→|->)|→|->",
    re.I,
)
_NOT_GERUNDS = frozenset(
    "nothing something anything everything thing morning evening during bring string "
    "ceiling building wedding spring king ring sibling darling".split()
)


def _new_way_after(st: intents.Statement) -> bool:
    """The skip is followed by what is done instead: a list after "now:" or an arrow, or a
    clause that opens with a verb in -ing and goes on with another ("buying a panel and
    having the shop hang it"). "forget the car seat, my sister is giving us hers" says
    why, with a subject of its own."""
    said = st.said or ""
    at = said.lower().find(st.action.lower().split()[-1]) if st.action else -1
    if at < 0:
        return False
    rest = said[at:]
    if _NEW_WAY_LIST.search(rest):
        return True
    for clause in re.split(r"[,;:.!?]+\s*|\s+-\s+|—", rest)[1:]:
        words = re.findall(r"(?:[^\W\d_]|')+", letters.fold(clause))
        if (
            len(words) >= 3
            and words[0].endswith("ing")
            and len(words[0]) >= 5
            and words[0] not in _NOT_GERUNDS
            and re.search(r"\b(?:and|then)\s+\w+ing\b|\bthen\b", clause, re.I)
        ):
            return True
    return False


# Words that say a step is to wait, never a thing of it: "leave", "park", "hold off on"
_WAIT_VERBS = frozenset(
    "leave park hold push put defer delay postpone snooze pause shelve off back on".split()
)


def _waiting_alike(
    st: intents.Statement, best: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """Other open steps of the best step's plan that have every thing a wait names, when
    the words name only things (no step's verb): "park the van till march" with "Book
    the van in" and "Sell the van" fits both alike. Empty when the words tell them apart."""
    if st.kind != "snooze" or st.position is not None or not st.action:
        return []
    plan = next((p for p in plans if p["id"] == best.plan_id), None)
    if plan is None:
        return []
    plan_things = set(step_match.content_stems(plan["title"]))
    things = [
        m
        for m in step_match.content_stems(st.action)
        if m not in _WAIT_VERBS
        and m not in step_match.FILLER
        and m not in step_match.WHEN_WORDS
        and m not in step_match.PARTICLES
        and len(m) > 2
    ]
    # (a thing of the plan's own title, "bathroom" of "Bathroom tap", names the plan)
    own = [m for m in things if not step_match.names_only(m, best.title)]
    if not things or not set(own) <= plan_things or len(own) == len(things):
        return []
    if step_match.own_verb(st.action, best.title):
        return []
    kept = " ".join(m for m in things if m not in own)
    return [
        step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, False)
        for step in plan["steps"]
        if step["id"] != best.step_id
        and step["status"] not in FINISHED
        and step_match.names_only(kept, step["title"])
    ][:3]


# Where a reminder's own object ends: what follows says for whom, about what, when or why
# ("the offer for Autohaus Berger", "call Marcia bout the barrel", "… when ka yan drive me")
_REMINDER_ENDS = re.compile(
    r"\s(?:for|from|with|at|to|about|abt|bout|re|regarding|when|after|until|till|til|"
    r"before|because|since|once|by|so|in|on|coz|cos)\b.*$",
    re.I,
)


def reminder_object(message: str, ctx: ToolContext) -> str | None:
    """The object a "remind me …" asks about, without what it is for, when or why, nor whose
    it is ("the offer" of "remind me on Monday about the offer for Autohaus Berger", "call
    Marcia" of "remind me to call Marcia bout the barrel tonight", "chase references" of
    "remind me tmrw to chase Sarah's references"); None when the message asks no reminder
    of a thing ("remind me friday", "remind me about it next monday")."""

    def find(text: str) -> tuple[int, int] | None:
        found = dates.find_when(text, ctx.now, ctx.timezone)
        return None if found is None else (found.start, found.end)

    clauses = re.split(r"[,;]\s|\.\s", message)
    asking = next((c for c in clauses if re.search(r"\bremind\b", c, re.I)), None)
    request = reminder_words.read_request(asking, find) if asking else None
    if request is None or request.repeat is not None:
        return None
    thing = re.sub(r"^(?:about|abt|bout|of|to)\s+", "", request.thing, flags=re.I)
    thing = _REMINDER_ENDS.sub("", thing)
    return re.sub(r"\b[^\W\d_]+['’]s\b", " ", thing).strip() or None


def waiting_for_another(
    st: intents.Statement, best: step_match.Candidate, plans: list[Plan], ctx: ToolContext
) -> list[step_match.Candidate]:
    """Other open steps (one or two) that the object of a "remind me …" names by a thing the
    chosen step and its plan lack: "remind me about the ski lessons on monday" with "Rent
    skis" and "Sign the kids up for ESF lessons" names the skis of one and the lessons of the
    other; "remind me on Monday about the offer for Autohaus Berger" names the offer of "Send
    sponsor offer" when "Call Autohaus Berger" fits best. Which waits is asked, never guessed
    by how much of a title the words cover. Empty when every thing of the object is the
    chosen step's or its plan's; when the object's verb is the chosen step's action and no
    other's ("collecting my isiagu" of "Pick up from tailor", not "Measure for isiagu"); when
    three steps or more share the thing; and for a wait asked without "remind me" (what the
    other clauses name is why: "park the 1040 signing till friday, CPA is out")."""
    if st.kind != "snooze" or st.position is not None:
        return []
    said = reminder_object(ctx.message or st.said, ctx)
    if said is None:
        return []
    mine = step_match.content_stems(best.title) + step_match.content_stems(best.plan_title)
    stems = step_match.content_stems(said)
    things = [
        m
        for m in stems
        if m not in step_match.LIGHT
        and m not in _WAIT_VERBS
        and m not in step_match.FILLER
        and m not in step_match.WHEN_WORDS
        and m not in step_match.PARTICLES
        and len(m) > 2
        and not any(c.isdigit() for c in m)
        and not any(step_match.same_word(m, t) for t in mine)
    ]

    def verb(title: str) -> str:
        return (step_match.content_stems(title) or [""])[0]

    def agrees(title: str) -> bool:
        return bool(stems) and (
            step_match.same_word(stems[0], verb(title))
            or step_match.one_action(stems[0], verb(title))
        )

    def names(title: str) -> bool:
        # the title's things after its verb: a verb said ("collect it") is no thing of
        # "Collect money for the robes"
        own = [
            t
            for t in step_match.content_stems(title)[1:]
            if t not in step_match.LIGHT and t not in step_match.PARTICLES
        ]
        return any(step_match.same_word(m, t) for m in things for t in own)

    found = [
        step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, False)
        for plan in plans
        for step in plan["steps"]
        if step["id"] != best.step_id and step["status"] not in FINISHED and names(step["title"])
    ]
    if not found or len(found) > 2:
        return []
    if agrees(best.title) and not any(agrees(c.title) for c in found):
        return []
    return found


def _named_first(
    st: intents.Statement, best: step_match.Candidate, plans: list[Plan], ctx: ToolContext
) -> step_match.Candidate | None:
    """Another step that the first clause (the one before any comma or stop) names
    clearly, when the whole message fits the best step; None when they agree."""
    if st.kind not in ("done", "start", "skip") or not st.action or st.action == st.words:
        return None
    first = step_match.match_step(
        st.action,
        plans,
        ctx.current_plan_id,
        open_only=st.kind != "skip",
        same_action=st.kind == "done",
    ).best
    return first if first is not None and first.step_id != best.step_id else None


# Done to the whole of the thing: "all the pics", "both doors", "every invite"
_WHOLE_OF_IT = re.compile(r"\b(?:all|both|every|each)\b", re.I)


def text_of(st: intents.Statement) -> str:
    """The reading's words: its action and the words that name the step (small words gone),
    the action once when the words already hold it."""
    if not st.action or st.action in st.words:
        return st.words
    return f"{st.action} {st.words}" if st.words else st.action


def outcome_of(st: intents.Statement) -> str:
    """News read as a try, its outcome: what the person said ("flogged another 20 tickets down
    the pub, £160 in the tin"), not the reading's words with the small words gone. When it
    names a day, the reading's words, which leave the day out: whether a try's day is a
    wait is read from its outcome (``_wake``), and the day's own words ("next tuesday") are
    no plan to come back."""
    if not st.said.strip() or st.when is not None:
        return text_of(st)
    return intents.said_as_outcome(st.said)


def _their_day_is_the_wait(st: intents.Statement) -> bool:
    """Their day, told with no try of the person's and a day ahead, is the step's wait (the
    held-out sets want "pharmacy says the prescription wont be in til thursday" to wait till
    thursday); a month alone ("no space on december flights") stays proposed."""
    return (
        st.when is not None
        and not st.weak
        and intents.their_day_ends_the_wait(st.said)
        and not _a_month_alone(st, st.said)
    )


def _a_month_alone(st: intents.Statement, said: str) -> bool:
    """The day read is a month and nothing more ("til december", "in january")."""
    return st.when is not None and (
        re.fullmatch(
            r"(?:\w+\s+)?(?:" + "|".join(dates.MONTHS) + r")(?:\s+\d{4})?",
            said[st.when.start : st.when.end].strip().lower(),
        )
        is not None
    )


_PROPOSALS = {
    "done": "Mark “{step}” done?",
    "start": "Mark “{step}” started?",
    "skip": "Skip “{step}”?",
    "block": "Mark “{step}” blocked?",
    "attempt": "Note this on “{step}”?",
    "snooze": "Let “{step}” wait?",
}


def propose(
    st: intents.Statement,
    step: step_match.Candidate,
    ctx: ToolContext,
    calls: tuple[tuple[str, dict[str, Any]], ...] | None = None,
) -> OfflineAnswer:
    """A plausible reading that is not certain, as one Yes / No line; when what is unsure
    may be how the step stands (done, started or only news of it), a short menu of the
    three, the reading proposed first. ``calls``: the writes the reading came to, when
    they are not the statement's own (a status set to pending after a turned-down offer)."""
    calls = calls if calls is not None else tuple(_calls(st, step.step_id, ctx))
    if len(calls) == 1 and (
        st.kind in ("done", "start") or (st.kind == "attempt" and _told_as_status(st, ctx))
    ):
        return status_menu(step, _message_of(st, ctx), first=(st.kind, calls))
    question = Question(
        _PROPOSALS[st.kind].format(step=step.title) + " Nothing changed yet.",
        (Option(YES, calls),),
    )
    return OfflineAnswer(question.text, True, question=question)


def _told_as_status(st: intents.Statement, ctx: ToolContext) -> bool:
    """News proposed only as a note that the person told as a step done or begun
    ("linkedin headline updated", "DHOL GUY IS LOCKED IN"): whether done is meant is
    what is unsure, not that something happened. A try or a denial stays a note."""
    said = st.said or text_of(st)
    reading = intents.read_statement(said, ctx.now, ctx.timezone)
    first = _FIRST_CLAUSE.split(said.strip(), maxsplit=1)[0]
    return (
        (
            st.arrived  # ("dehumidifier came from argos": done, unless the step is more)
            or (reading is not None and reading.kind in ("done", "start"))
        )
        and not _DENIED.search(first)
        and not _FAILED.search(said)  # ("smashed the quiz again" is news of done)
    )


async def outcome_settled(
    interp: Acting, ctx: ToolContext, answer: OfflineAnswer, text: str, plans: list[Plan]
) -> OfflineAnswer:
    """The news menu on one step, when the message names that step by a
    thing only it has and says its outcome is reached (``certainty.outcome_reached``: "broadband
    guy came today finally, internet working" for "Set up broadband", a step that is done when
    its thing works): done, written as any certain reading (``run`` still weighs every doubt).
    Any other answer is kept as it is."""
    question = answer.question
    if question is None or not question.text.startswith("Is this about") or not question.options:
        return answer
    done = next((o for o in question.options if o.label == MENU_LABELS["done"]), None)
    if done is None or len(done.calls) != 1:
        return answer
    step_id = done.calls[0][1].get("step_id")
    only = step_match.by_unique_thing(text, plans, ctx.current_plan_id, open_only=True)
    if (
        only is None
        or only.step_id != step_id
        or not step_match.makes_it_work(only.title)
        or not certainty.outcome_reached(text)
        or not told_as_news(text, ctx.now, ctx.timezone)
        # (outside ``act`` the certainty policy is checked here: any sign doubting a done)
        or certainty.doubt(ctx.message or text, "done") is not None
    ):
        return answer
    return await run(interp, ctx, [done.calls[0]])


async def said_in_its_own_verb(
    interp: Acting, ctx: ToolContext, answer: OfflineAnswer, text: str, plans: list[Plan]
) -> OfflineAnswer:
    """A question about one step (a menu, a Yes / No) when the message says the step's own
    action finished or under way, in the step's verb or one of its family
    (``own_verbs``: "rota's drafted" for "Draft the rota", "DJ is locked in" for "Confirm
    the DJ", "working on the cover letter" for "Write the cover letter"): written as any
    certain reading (``run`` still weighs every doubt), when that step is the only one that
    fits. Any other answer is kept as it is."""
    question = answer.question
    if question is None or not question.options:
        return answer
    calls = [call for option in question.options for call in option.calls]
    ids = {args.get("step_id") for _, args in calls}
    if (
        len(ids) != 1
        or any(not option.calls for option in question.options)
        # (a wait offered beside it: the day said may be what is meant — "trailer's hired,
        # we've got it from monday till friday")
        or any(name != "update_plan_step" for name, _ in calls)
    ):
        return answer
    step = _open_step_told_of(next(iter(ids)), ctx, text, plans)
    if step is None:
        return answer
    message = ctx.message or text
    if (
        call_offs.called_off(text)
        or _named_only_in_what_is_left(text, step.title)
        or not own_verbs.names_its_thing(text, step.title)
    ):
        # (a thing called off, named only in what is still to do, or not named at all —
        # "that's paid 👍", "booked it!" — is no news of this step by its verb alone)
        return answer
    if (
        own_verbs.said_done(text, step.title) or own_verbs.said_reached(text, step.title)
    ) and _only_of_its_verb(text, step, plans):
        status = "done"
    elif (
        step.status == "pending"
        and own_verbs.said_under_way(text, step.title)
        and _only_of_its_verb(text, step, plans)
    ):
        status = "in_progress"
    else:
        # a try that did not work, of the step's thing: the menu's own note, logged
        noted = next((o for o in question.options if o.label == MENU_LABELS["attempt"]), None)
        if (
            noted is not None
            and len(noted.calls) == 1
            and own_verbs.said_tried(text, step.title)
            and _only_of_its_verb(text, step, plans)
            and certainty.doubt(message, "attempt") is None
        ):
            return await _run_read(interp, ctx, text, plans, [noted.calls[0]], answer)
        return answer
    if certainty.doubt(message, "done" if status == "done" else "start") is not None:
        return answer
    return await _run_read(
        interp,
        ctx,
        text,
        plans,
        [("update_plan_step", {"step_id": step.step_id, "status": status})],
        answer,
    )


# How sure the second reader must be of one kind of news before a menu of news of one step is
# written as that kind (``said_plainly``). Chosen leave-one-round-out, before any sealed set
# was measured with it (``python -m eval.train_write_odds --menus``): on the 313 "Is this
# about …?" menus of the first sight of z37–z101 (eleven rounds, eval/first_sight_menus.json,
# each round read by a reader trained without it), acting on the likeliest of the
# step's kinds at 0.9 would have written 108 done / started / tried right and 5 wrong (3 of
# them a menu offered for the wrong step); at 0.8, 126 right and 11 wrong.
PLAIN_NEWS_ODDS = 0.9
# The labels of a menu's button that puts the step off to a day ("Remind me Tuesday 8
# December", "Wait till Friday 27 November", "Let it wait")
_DAY_LABELS = ("Remind me", "Wait till", "Let it wait")
# The kinds of news of a step, of which the likeliest is weighed (``eval.train_write_odds
# --menus`` weighs them the same way)
STEP_NEWS_KINDS = ("done", "start", "skip", "attempt", "snooze")


async def said_plainly(
    interp: Acting, ctx: ToolContext, answer: OfflineAnswer, text: str, plans: list[Plan]
) -> OfflineAnswer:
    """A menu of news of one step ([Done] [Started] [Just note it], nothing else on it) when
    the second reader is all but sure which of them the message tells
    (``write_odds`` ≥ ``PLAIN_NEWS_ODDS`` for that kind, the likeliest of a step's kinds):
    that button's calls written as any reading's are (``_run_read``: the learnt check of
    which step and every sign of doubt still weigh them). "Note this on “X”?" [Yes] is such a
    menu with the note its one button, written only when the message tells plainly how the
    try went (``certainty.try_failed``); so is a menu with a [Skip] cued beside the three (a
    try's outcome told plainly). A done, and anything beside a cued [Skip], is written only
    when the words name the step by its own words (``_names_its_own_thing``). A declared
    reading of the kind stands in for the bar: the other side had no room
    (``certainty.booked_out``: "booked solid until February") is a try, noted even beside a
    [Remind me …], the day being theirs; so is a try that came to nothing when a try is the
    likeliest kind (``certainty.no_luck``: "me dejó en visto", "site down", "fermé"). Any
    other answer is kept."""
    question = answer.question
    if question is None or not question.options:
        return answer
    by_label = {option.label: option for option in question.options}
    message = ctx.message or text
    note_offered = _offers_a_note(question)
    if note_offered:
        # "Note this on “X”?" [Yes]: a menu whose one button is the note
        by_label = {MENU_LABELS["attempt"]: question.options[0]}
    ids = {args.get("step_id") for option in question.options for _, args in option.calls}
    # (the other side had no room — "booked solid until February": a try told, whose day is
    # when they are free, so a [Remind me …] beside it asks for nothing the person said)
    no_room = certainty.booked_out(message)
    if len(ids) != 1:
        return answer
    step = _open_step_told_of(next(iter(ids)), ctx, text, plans)
    if step is None:
        return answer
    # (news of a booking made with the day of the thing booked — "zaffa booked for the 12th",
    # "got lessons sorted w that instructor mick, first one is next tues": the day is the
    # booking's, so a [Remind me …] beside it asks nothing the person said; written only as
    # the booking done, never as a start or a try)
    booked = not no_room and certainty.is_booking(step.title) and certainty.no_wait_asked(message)
    days = {label for label in by_label if label.startswith(_DAY_LABELS)}
    labels = set(by_label) - days if no_room or booked else set(by_label)
    if not labels <= {*MENU_LABELS.values(), SKIP_LABEL}:
        return answer
    odds = write_odds.odds(message, True)
    kind = max(STEP_NEWS_KINDS, key=odds.__getitem__)
    # a declared reading that makes the kind certain, whatever of done / started / tried the
    # second reader makes of the words ("wanaka bach is booked out over xmas": "booked" reads
    # as done to it)
    declared = "attempt" if no_room and kind in MENU_KINDS else None
    if max(odds, key=odds.__getitem__) == "attempt" and certainty.no_luck(message):
        # a try that came to nothing, told plainly ("me dejó en visto", "nobody picks up",
        # "fermé", "site down"): an outcome only a try has, so a try the second reader finds
        # likeliest is noted whatever its odds (at first sight, news in a language it had
        # read little of was often below the bar: "le escribí al de la cabaña … y me dejó en
        # visto", 0.85); a try likelier than any kind of news and than none at all
        declared = "attempt"
    exact = own_verbs.title_said_done(message, step.title)
    if exact:
        # "gave notice to the landlord" of "Give notice to the landlord", "made the dentist
        # appointment": the step's own words again, its verb said finished, nothing else but
        # filler and when — a done as plain as a mark, whatever the second reader makes of a
        # verb any step may have (0.82 and 0.11 for done)
        declared = "done"
    kind = declared or kind
    if booked and days and kind != "done":
        return answer
    if kind in ("start", "attempt") and intents.their_yes(message):
        # ("minji said ok!! she's coming saturday": a yes is an asking done or nothing yet,
        # never a step begun or tried, whatever the second reader makes of "coming")
        return answer
    if kind == "skip":
        # the thing called off ("decided not to paint the shed this year"): skipped when the
        # reader is as sure as of a "Skip …?" offer (measured the same way on these menus:
        # at 0.8, 5 right and none wrong)
        if (
            odds["skip"] < PLAIN_SKIP_ODDS
            or certainty.doubt(message, "skip") is not None
            or _new_way_said(text, ctx)
            or not _names_its_own_thing(text, step, plans)
            or named_only_by_whom_the_rest_is_of(text, step)
            or named_only_by_the_reason(text, step)
        ):
            return answer
        skip = [("update_plan_step", {"step_id": step.step_id, "status": "skipped"})]
        return await _run_read(interp, ctx, text, plans, skip, answer)
    option = by_label.get(MENU_LABELS.get(kind, ""))
    told_plainly = not note_offered or kind != "attempt"
    if note_offered and kind == "start" and _busy_with_it(message, step):
        # "busy with the budget now, …" offered as a note on "Draft the budget": the person
        # is at the step's own thing now, so the step is begun — the menu's [Started]
        option = Option(MENU_LABELS["start"], status_menu_calls(step.step_id, message)["start"])
        told_plainly = True
    elif (note_offered or SKIP_LABEL in by_label) and kind == "attempt":
        # (a try offered as a note, or beside a [Skip] cued by the words, is written only when
        # the message says plainly how the try went: "rang the salon, no answer" —
        # ``certainty.try_failed``, or the other side had no room)
        told_plainly = certainty.try_failed(message) or declared == "attempt"
    if (
        # (sure of the kind is not sure of the step: for a done, or beside a [Skip] cued by
        # the words, they name the step's own thing strictly — "new rubber on the fridge
        # door is on" is no "Upload new photos" done; a start or a try, which finishes
        # nothing and is undone by a word, is left to the learnt check of which step)
        ((kind == "done" or SKIP_LABEL in by_label) and not _names_its_own_thing(text, step, plans))
        # (the step's own verb names no step of paying when money is what it moved:
        # "transferred the RM3.6k to landlord liao" of "Transfer Unifi line")
        or (kind == "done" and step_match.money_moved_for_another_thing(message, step.title))
        or not told_plainly
        or option is None
        or not option.calls
        or (odds[kind] < PLAIN_NEWS_ODDS and declared is None)
        or certainty.doubt(message, kind) is not None
        # (sure of the kind is not sure of the step: "card's come in the post 👍" is done, but
        # of which card? The learnt check of which step must be sure of it too)
        or not step_odds.sure_of(message, plans, ctx.current_plan_id, step.step_id)
    ):
        return answer
    return await _run_read(interp, ctx, text, plans, list(option.calls), answer, exact=exact)


def _names_its_own_thing(text: str, step: step_match.Candidate, plans: list[Plan]) -> bool:
    """The words name the step by its own words (``own_things.names_step``): a thing its
    verb acts on, met strictly, that none of the person's other open steps has, or its own
    verb when that is no light one."""
    return own_things.names_step(text, step.title, _other_open_titles(plans, step))


# A name opening a clause, the one the clause is of: ", Ti Paul gen youn", ". Dave has one"
_NAME_OPENING_A_CLAUSE = re.compile(r"(?<=[,.;:!?—]\s)[A-Z][\w'’]*(?:\s+[A-Z][\w'’]*)*")


def named_only_by_whom_the_rest_is_of(text: str, step: step_match.Candidate) -> bool:
    """The words name the step only by a person who opens a clause of their own — the reason,
    not the thing skipped: "ekran an pa nesesè ankò, Ti Paul gen youn li ban m gratis" (the
    screen is not needed, Ti Paul has one he gives me) names "Bring it to Ti Paul in Delmas"
    only by him (z197)."""
    said = own_things.said_things(text, step.title)
    names = {
        step_match.stem(word)
        for name in _NAME_OPENING_A_CLAUSE.findall(text)
        for word in name.split()
    }
    return bool(said) and said <= names and not own_things.names_own_verb(text, step.title)


# The clauses of a message, each ended by its mark ("remind me about the cake friday,
# parkrun's saturday")
_CLAUSE_MARK = re.compile(r"[,;—]|[.!?]+(?:\s|$)|\s[-–]\s")
# The same, a colon ending one too (the skip readers split a message at its colon as well)
_CLAUSES = re.compile(":|" + _CLAUSE_MARK.pattern)


def named_only_by_the_reason(text: str, step: step_match.Candidate) -> bool:
    """The words name the step only in clauses after the first, none of which calls anything
    off, while the first says something of its own: the call-off said first in words the
    rules do not read, the step named in why — "zeitnehmung brauch ma ned, bergbahn does it
    with their own anlage" (timekeeping is not needed, the Bergbahn does it) names "Ask
    Bergbahn for the slope" only in the reason (z169); so do "nu mai strang eu banii de la
    baieti, am zis ca fiecare plateste direct la cabana" (z226) and "la khassnich prof,
    duolingo w the tourists enough for me. remove it" (z167). "ok decision made, no bake
    sale table this year" names its step where it calls it off."""
    clauses = [c for c in _CLAUSES.split(text) if c.strip()]
    named = [
        at
        for at, clause in enumerate(clauses)
        if own_things.said_things(clause, step.title)
        or own_things.names_own_verb(clause, step.title)
    ]
    return (
        bool(named)
        and 0 not in named
        and bool(step_match.content_stems(clauses[0]))
        and not any(intents.calls_off(clauses[at]) for at in named)
    )


def _other_open_titles(plans: list[Plan], step: step_match.Candidate) -> list[str]:
    """The titles of the person's open steps but ``step``."""
    return [
        s["title"]
        for plan in plans
        for s in plan["steps"]
        if s["id"] != step.step_id and s["status"] not in FINISHED
    ]


def _busy_with_it(message: str, step: step_match.Candidate) -> bool:
    """The message opens by saying the person is at this pending step's own thing now
    (``certainty.busy_with``: "busy with the budget now" for "Draft the budget")."""
    thing = certainty.busy_with(message)
    return (
        thing is not None
        and step.status == "pending"
        and own_verbs.names_its_thing(thing, step.title)
    )


def _offers_a_note(question: Question) -> bool:
    """ "Note this on “X”?" [Yes]: a try read on one step, offered to be noted, the one
    button noting it (``propose``)."""
    head = _PROPOSALS["attempt"].split("{", 1)[0]
    return (
        question.text.startswith(head)
        and len(question.options) == 1
        and question.options[0].label == YES
        and len(question.options[0].calls) == 1
        and question.options[0].calls[0][0] == "update_plan_step"
        and "attempt_outcome" in question.options[0].calls[0][1]
    )


# How sure the second reader must be that a message calls a step off before a "Skip “X”?"
# offer (a call-off menu or a Yes / No) is written as asked (``skip_said_plainly``). Chosen
# leave-one-round-out (``python -m eval.train_write_odds --skips``) on the 42 "Skip …?" offers
# of the first sight of z37–z107 (eval/first_sight_offers.json): at 0.8, 12 written right and
# none wrong (0.6: 14 and 0; 0.5: 14 and 1; 0.9: 10 and 0).
PLAIN_SKIP_ODDS = 0.8
SKIP_OFFER = "Skip “"
# The button a menu of news of one step puts first when the message calls the thing off
# (``not_understood_menus.with_cued_button``)
SKIP_LABEL = "Skip"


async def skip_said_plainly(
    interp: Acting, ctx: ToolContext, answer: OfflineAnswer, text: str, plans: list[Plan]
) -> OfflineAnswer:
    """ "Skip “X”?" ([Skip it] [Just note it], or [Yes]) when the second reader is all but sure
    the message calls a step off (``write_odds`` of skip ≥ ``PLAIN_SKIP_ODDS``): the skip
    written as any reading's is (``_run_read``: the learnt check of which step and every sign
    of doubt still weigh it). Any other answer is kept."""
    question = answer.question
    if question is None or not question.text.startswith(SKIP_OFFER):
        return answer
    ids = {args.get("step_id") for option in question.options for _, args in option.calls}
    skips = [
        option
        for option in question.options
        if any(args.get("status") == "skipped" for _, args in option.calls)
        and all(name == "update_plan_step" for name, _ in option.calls)
    ]
    if len(ids) != 1 or len(skips) != 1:
        return answer
    step = _open_step_told_of(next(iter(ids)), ctx, text, plans)
    if (
        step is None
        or not own_verbs.names_its_thing(text, step.title)
        # (named only where the message says why: "la khassnich prof, duolingo w the tourists
        # enough for me. remove it" calls off no "Download Duolingo")
        or named_only_by_the_reason(text, step)
    ):
        # (the thing said in other words — "not ordering spuds" for "Order seed potatoes" —
        # leaves the step to the person)
        return answer
    message = ctx.message or text
    if (
        write_odds.odds(message, True)["skip"] < PLAIN_SKIP_ODDS
        or certainty.doubt(message, "skip") is not None
        or _new_way_said(text, ctx)
    ):
        return answer
    return await _run_read(interp, ctx, text, plans, list(skips[0].calls), answer)


def _new_way_said(text: str, ctx: ToolContext) -> bool:
    """A skip followed by what is done instead: half a change of plan, never written alone."""
    st = intents.read_statement(text, ctx.now, ctx.timezone)
    return st is not None and _new_way_after(st)


def _open_step_told_of(
    step_id: object, ctx: ToolContext, text: str, plans: list[Plan]
) -> step_match.Candidate | None:
    """The open step a question about one step asked of, when the message is news — not a
    question, not a hedge — so the question may be answered by the words alone; else None."""
    step = _candidate(step_id, plans) if isinstance(step_id, int) else None
    message = ctx.message or text
    if (
        step is None
        or step.status not in ("pending", "in_progress")
        or "?" in message
        or intents.is_question(text)
        or hedges.hedge(text) is not None
    ):
        return None
    return step


async def _run_read(
    interp: Acting,
    ctx: ToolContext,
    text: str,
    plans: list[Plan],
    calls: list[tuple[str, dict[str, Any]]],
    asked: OfflineAnswer,
    *,
    exact: bool = False,
) -> OfflineAnswer:
    """``run`` as for a reading of free wording: the second reader's veto and the learnt
    check of which step weigh it as they weigh any statement's write. When they doubt it,
    nothing is written and the question already asked stands (``asked``). An ``exact``
    reading (the step's own words said again, its verb finished: ``own_verbs.title_said_done``)
    is no free wording: the second reader does not weigh it, as it does not weigh a mark."""
    ids = {args.get("step_id") for name, args in calls if name == "update_plan_step"}
    only = next(iter(ids)) if len(ids) == 1 else None
    step = _candidate(only, plans) if isinstance(only, int) else None
    if (
        step is not None
        and not any(args.get("status") == "skipped" for _, args in calls)
        and step_match.another_plans_name(ctx.message or text, step, plans)
    ):
        # "went to Khorak for anar and hendune, all sold out, yalda rush already" of "Book a
        # moving truck" (its log said "U-Haul sold out") beside "Yalda night party": the
        # words name nothing of the step but another plan, whose step the news may be of;
        # the question asked stands
        return asked
    if step is not None and step_match.only_its_place_passed(ctx.message or text, step.title):
        # "wizz from bologna to iasi" of "Go to the consulate in Bologna", "klinik deket
        # satpas" of "Pick up the SIM at Satpas": the words share only the step's place, and
        # that as a place passed, not gone to; the question asked stands
        return asked
    st = intents.read_statement(text, ctx.now, ctx.timezone)
    if st is not None and calls:
        # (the button chosen says what kind of news it is: a sign doubting the rules' own
        # reading of another kind — "FLORIST BOOKED!!!" read as a try, whose result is told —
        # is no doubt of the button's: the signs weighed are those of the kind written)
        st = replace(st, kind=_kind_of(calls, st.kind))
    token = _ACTING_ON.set((st, plans)) if st is not None else None
    written = len(ctx.changes)
    try:
        if exact:
            answer = await run(interp, ctx, calls)
        else:
            with second_reader.reading(ctx.message or text):
                answer = await run(interp, ctx, calls)
    finally:
        if token is not None:
            _ACTING_ON.reset(token)
    return answer if len(ctx.changes) > written else asked


def _said_whole(
    st: intents.Statement,
    steps: list[step_match.Candidate],
    plans: list[Plan],
    ctx: ToolContext,
    words: str,
) -> step_match.Candidate | None:
    """Of a few steps the words fit alike, the one whose own verb they say finished, of its
    own thing (``own_verbs.said_done`` and ``names_its_thing``: "Picked up the
    methotrexate" of "Pick up methotrexate" beside "Get folic acid"), when no other of the
    person's open steps of that verb's family names a thing said (``_only_of_its_verb``) and
    the learnt check of which step is sure of it; None otherwise. Only news of a step done."""
    if st.kind != "done" or st.position is not None:
        return None
    said = st.said or words
    whole = [
        c
        for c in steps
        if own_verbs.said_done(said, c.title) and own_verbs.names_its_thing(said, c.title)
    ]
    if (
        len(whole) != 1
        or not _only_of_its_verb(said, whole[0], plans)
        or not step_odds.sure_of(said, plans, ctx.current_plan_id, whole[0].step_id)
    ):
        return None
    return whole[0]


def _only_of_its_verb(text: str, step: step_match.Candidate, plans: list[Plan]) -> bool:
    """No other open step fits as well: none whose verb is of the same family names a thing
    the message says, and when the message names none of the step's things, no other open
    step has a verb of its family at all."""
    family = own_verbs.family_of(own_verbs.verb_of(step.title))
    named = own_verbs.names_its_thing(text, step.title)
    for plan in plans:
        for other in plan["steps"]:
            if other["id"] == step.step_id or other["status"] in FINISHED:
                continue
            if own_verbs.verb_of(other["title"]) not in family:
                continue
            if not named or own_verbs.names_its_thing(text, other["title"]):
                return False
    return True


# -- a step named, how it stands unsaid: a short menu ------------------------------

MENU_LABELS = {"done": "Done", "start": "Started", "attempt": "Just note it"}
MENU_KINDS = tuple(MENU_LABELS)


def status_menu(
    step: step_match.Candidate,
    message: str,
    *,
    first: tuple[str, tuple[tuple[str, dict[str, Any]], ...]] | None = None,
) -> OfflineAnswer:
    """ "Is this about “Get the gutters cleaned”?" [Done] [Started] [Just note it]: each
    button does exactly what it says to that one step; nothing is written before a press.
    ``first`` is a reading already proposed, kept first with its own calls; otherwise the
    likeliest by the message's words."""
    calls = status_menu_calls(step.step_id, message)
    order = list(likeliest_kinds(message))
    if first is not None:
        calls[first[0]] = first[1]
        order.remove(first[0])
        order.insert(0, first[0])
    if step.status == "in_progress" and order[0] != "start":
        order.remove("start")  # already under way: starting it again changes nothing
    question = Question(
        f"Is this about “{step.title}”? Nothing changed yet.",
        tuple(Option(MENU_LABELS[kind], calls[kind]) for kind in order),
    )
    return OfflineAnswer(question.text, True, question=question)


def status_menu_calls(
    step_id: int, message: str
) -> dict[str, tuple[tuple[str, dict[str, Any]], ...]]:
    """What each button of the menu does to the step: its status, or the message noted."""
    note = message.strip()[:500] or "noted"
    return {
        "done": (("update_plan_step", {"step_id": step_id, "status": "done"}),),
        "start": (("update_plan_step", {"step_id": step_id, "status": "in_progress"}),),
        "attempt": (("update_plan_step", {"step_id": step_id, "attempt_outcome": note}),),
    }


# It did not go as hoped: the message is news of a try, not the step done or begun
_FAILED = re.compile(
    r"\b(?:tried|trying|no\s+answer|nothing\s+back|no\s+reply|not\s+repl\w*|voicemail|"
    r"switched\s+off|no[- ]show\w*|bailed|ghosted|bounced|wants?\s+\w+\s+first)\b",
    re.I,
)
# …or one more go of something tried before ("rang them again", "still waiting")
_TRIED = re.compile(_FAILED.pattern + r"|\b(?:again|still)\b", re.I)


def likeliest_kinds(message: str) -> tuple[str, ...]:
    """The three readings of news of a step, likeliest first: under way ("-ing", "now",
    "halfway"; not "it's fine now") → started; a try that did not work → noted; otherwise (a past tense,
    "came", "arrived", "sorted") → done."""
    if under_way.sounds_under_way(message):
        return ("start", "done", "attempt")
    if _TRIED.search(message):
        return ("attempt", "done", "start")
    return ("done", "start", "attempt")


# Not a statement of what happened: a condition, a wish, an intention, a denial
_NOT_TOLD = re.compile(
    r"^\s*(?:if|what\s+if|when|once|suppose|supposing|in\s+case|unless|should|shall|would|"
    r"could|can|do|does|did\s+i|have\s+i|is|are|was|were)\b|"
    # asked without its mark: "did the lad ever do the gutters", "has he paid or not"
    r"^\s*(?:did|has|have|is|are|was|were)\b.*\b(?:ever|or\s+not)\b",
    re.I,
)
_INTENDED = re.compile(
    r"\b(?:i'?ll|ill|we['’]ll|i\s+will|we\s+will|i\s+shall|gonna|going\s+to|need\s+to|needs\s+to|"
    r"have\s+to|has\s+to|got\s+to|gotta|should|must|want\s+to|wanna|plan(?:ning)?\s+to|"
    r"hop(?:e|ing)\s+to|might|maybe|may|perhaps|thinking|would|could|about\s+to|tomorrow|"
    r"next\s+week|later|remind|let\s+me\s+know|wish|if)\b",
    re.I,
)
_DENIED = re.compile(
    r"\b(?:not|no(?!-)|never|nothing|none|nobody|yet|can'?t|cannot|won'?t|\w+n['’]t|"
    r"didnt|havent|hasnt|isnt|arent|wasnt|dont|doesnt|couldnt|wouldnt|cant|wont)\b",
    re.I,
)
_FIRST_CLAUSE = re.compile(r"[,;:.!?—–(]|\s-\s|\bbut\b|\bso\b|\bthough\b", re.I)


def told_as_news(text: str, now: datetime, timezone: str) -> bool:
    """The message tells what happened, in one line: no question, condition, intention,
    hedge, denial or "not yet" in what it first says, nor a skip, a wait or a block."""
    first = _FIRST_CLAUSE.split(text.strip(), maxsplit=1)[0]
    if (
        "\n" in text.strip()
        or "?" in text
        or intents.is_question(text)
        or _NOT_TOLD.match(text)
        or _INTENDED.search(first)
        or _DENIED.search(first)
        or intents.not_yet(text)
        or hedges.hedge(text) is not None
    ):
        return False
    reading = intents.read_statement(text, now, timezone)
    return reading is None or reading.kind in MENU_KINDS


def _message_of(st: intents.Statement, ctx: ToolContext) -> str:
    """The message the statement was read from, as written (its sentence when the
    message at hand is another's)."""
    said = st.said or text_of(st)
    return ctx.message if said.strip().lower() in ctx.message.lower() else said


def menu_for_news(
    text: str, plans: list[Plan], ctx: ToolContext, *, written: str = ""
) -> OfflineAnswer | None:
    """News that names one open step by a thing only it has, and no reading says how the
    step stands ("gutters are done mate", "vans in at kevs getting its pads done today"):
    asked with a short menu instead of "didn't understand". ``written`` is the message as
    the person wrote it, kept as the note. None when it is no such news."""
    if not plans or not told_as_news(text, ctx.now, ctx.timezone):
        return None
    only = step_match.by_unique_thing(text, plans, ctx.current_plan_id, open_only=True)
    named = [only] if only is not None else _named_by_own_things(text, plans, ctx)
    if not named:
        # "Declan came back with a price": the step named by another word for its thing
        named = step_match.by_thing_family(text, plans, ctx.current_plan_id, open_only=True)
    most = 3
    if not named:
        # "started on the tafe paperwork" with "Sort the training contract with TAFE" and
        # "Pay the TAFE fee": a thing two or three open steps share, which is asked
        named = _sharing_a_thing(text, plans)
    if not named:
        # "called the AC mechanic twice, phone off" with plan "Fix the shop AC": the words
        # name a plan and none of its steps; which of its open steps is asked
        named, most = _steps_of_the_plan_named(text, plans), 4
    if not named:
        # "ok starting on the oasis song": something started, named in words no step has;
        # only a step not yet begun can be, so which of the plan in view's is asked (never
        # for "started?": the reading's text has lost its final mark)
        named, most = ([] if "?" in written else _not_yet_begun(text, plans, ctx)), 4
    if len(named) == 1:
        return status_menu(named[0], written or text)
    if not 1 < len(named) <= most:
        return None
    own = _the_one_whose_doing_is_said(text, named)
    if own is not None:
        # "booked LBC to collect the box" with "Fill it with pasalubong" and "Book the cargo
        # pickup": the doing said is one step's own verb, so that step alone is asked about
        return status_menu(own, written or text)
    # two to four steps named alike: which is asked, with what the words say most likely
    # (a try that did not work is noted whatever its verb: "spectrum guy no-showed")
    reading = intents.read_statement(text, ctx.now, ctx.timezone)
    kind = reading.kind if reading is not None else likeliest_kinds(text)[0]
    if kind == "done" and _FAILED.search(text):
        kind = "attempt"
    elif kind == "done" and under_way.part_done(text):
        # (only a part done, told by a count: "cast on the blanket, only done 6 rows" begins it)
        kind = "start"
    if kind not in MENU_KINDS:
        return None
    note = (written or text).strip()[:500]
    return ask(
        "Which step is this about?",
        named,
        lambda c: status_menu_calls(c.step_id, note)[kind],
        len({c.plan_id for c in named}) > 1,
        kind=MENU_LABELS[kind],
    )


def _the_one_whose_doing_is_said(
    text: str, named: list[step_match.Candidate]
) -> step_match.Candidate | None:
    """Of the steps a news menu would ask between, the one whose own verb (or one of its
    family) the message says as its doing, when no other has its verb said ("paid the 45
    bucks for noah's trip" with "Pay the trip fee online" and "Find a volunteer chaperone";
    ``own_verbs.doing_said``). None when two or none are, or when the words name a thing of
    another of them and none of this one's ("collected 500 leaflets from the shop" is no
    "Collect donations" beside "Print leaflets")."""
    said = [c for c in named if own_verbs.doing_said(text, c.title)]
    if len(said) != 1:
        return None
    own = said[0]
    if not own_verbs.names_its_thing(text, own.title) and any(
        own_verbs.names_its_thing(text, c.title) for c in named if c is not own
    ):
        return None
    return own


# Words of how a thing went or how it is said, never a thing of a step
_NO_THING = frozenset(
    "fail broke break miss wrong cancel finish complete start need want good bad great late "
    "early fine ready final today yesterday tonight morning arvo week time first last ever "
    "new old".split()
)


def _things(text: str) -> set[str]:
    """The words of ``text`` that may name a thing (no light verb, filler, particle, word of
    progress or time, nor a number)."""
    return {
        w
        for w in step_match.content_stems(text)
        if len(w) >= 3
        and not w.isdigit()
        and w not in step_match.LIGHT
        and w not in step_match.PROGRESS
        and w not in step_match.FILLER
        and w not in step_match.PARTICLES
        and w not in _WHEN_STEMS
        and w not in _NO_THING
    }


def _named_by_own_things(
    text: str, plans: list[Plan], ctx: ToolContext
) -> list[step_match.Candidate]:
    """The open steps the message names by a thing no other open step has and no plan's
    title has ("RAN 5K WITHOUT STOPPING" names "Run 5k without stopping" by "stopping",
    whatever "run" also names)."""
    said = _things(text)
    titled = {
        step["id"]: (plan, step, _things(step["title"]))
        for plan in plans
        for step in plan["steps"]
        if step["status"] not in FINISHED
    }
    in_plan_titles = [_things(plan["title"]) for plan in plans]
    named: dict[int, step_match.Candidate] = {}
    for word in said:
        holders = [
            step_id
            for step_id, (_, _, own) in titled.items()
            if any(step_match.same_word(word, o) for o in own)
        ]
        if len(holders) != 1 or any(
            step_match.same_word(word, t) for title in in_plan_titles for t in title
        ):
            continue  # shared by steps, or a plan's word: names no one step
        plan, step, _ = titled[holders[0]]
        named[step["id"]] = step_match.Candidate.of(
            plan, step, step_match.WEAK_SCORE, plan["id"] == ctx.current_plan_id
        )
    return sorted(named.values(), key=lambda c: (c.plan_id, c.position))


def _title_things(title: str) -> set[str]:
    """The things of a step's title, its verb aside ("paint" of "Paint the fascia" names
    no thing; "tafe" of "Pay the TAFE fee" does)."""
    stems = step_match.content_stems(title)
    return _things(title) - set(stems[:1])


def _sharing_a_thing(text: str, plans: list[Plan]) -> list[step_match.Candidate]:
    """The two or three open steps that share a thing the message names, when no plan's
    title has it ("started on the tafe paperwork" with "Sort the training contract with
    TAFE" and "Pay the TAFE fee"); none when the thing is in more steps, or a step's verb."""
    said = _things(text)
    in_plan_titles = [_things(plan["title"]) for plan in plans]
    holders: dict[int, step_match.Candidate] = {}
    for word in said:
        if any(step_match.same_word(word, t) for title in in_plan_titles for t in title):
            continue  # a plan's word: the plan is named, not its steps
        found = [
            step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, False)
            for plan in plans
            for step in plan["steps"]
            if step["status"] not in FINISHED
            and any(step_match.same_word(word, t) for t in _title_things(step["title"]))
        ]
        if 2 <= len(found) <= 3:
            holders.update((c.step_id, c) for c in found)
    if not 2 <= len(holders) <= 3:
        return []
    return sorted(holders.values(), key=lambda c: (c.plan_id, c.position))


def _not_yet_begun(text: str, plans: list[Plan], ctx: ToolContext) -> list[step_match.Candidate]:
    """For news that something was started and names no step: the plan in view's steps not
    yet begun, four at most (those the words hint at first); none for other news."""
    reading = intents.read_statement(text, ctx.now, ctx.timezone)
    current = next((p for p in plans if p["id"] == ctx.current_plan_id), None)
    if reading is None or reading.kind != "start" or current is None:
        return []
    hinted = [c for c in _hinted_at(text, plans, ctx) if c.status == "pending"]
    pending = [c for c in step_match.by_position(current) if c.status == "pending"]
    both = list({c.step_id: c for c in [*hinted, *pending]}.values())
    return both if len(both) <= 4 else []


def _the_one_call(
    st: intents.Statement, plans: list[Plan], listed: list[step_match.Candidate]
) -> list[step_match.Candidate]:
    """The one open step of all the plans that is a call (``step_match.is_call``), when the try
    is a call made (``step_match.calls_said``) and that step is not among ``listed``
    already; none otherwise (no call said, none such step, or two)."""
    if not step_match.calls_said(st.action or st.words):
        return []
    calls = [
        step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, False)
        for plan in plans
        for step in plan["steps"]
        if step["status"] not in FINISHED and step_match.is_call(step["title"])
    ]
    if len(calls) != 1 or calls[0].step_id in {c.step_id for c in listed}:
        return []
    return calls


def _hinted_at(text: str, plans: list[Plan], ctx: ToolContext) -> list[step_match.Candidate]:
    """The open steps, two at most, a message only hints at: a thing of their title it
    names (whatever other steps share it), another everyday word for their thing, or the one
    plan it names (when that plan has a step or two open). For a question's first buttons,
    never for writing."""
    said = _things(text)
    by_thing = [
        step_match.Candidate.of(
            plan, step, step_match.WEAK_SCORE, plan["id"] == ctx.current_plan_id
        )
        for plan in plans
        for step in plan["steps"]
        if step["status"] not in FINISHED
        and any(step_match.same_word(w, t) for w in said for t in _title_things(step["title"]))
    ]
    by_family = step_match.by_thing_family(text, plans, ctx.current_plan_id, open_only=True)
    of_plan = _steps_of_the_plan_named(text, plans)
    for found in (by_thing, by_family, of_plan[:2] if len(of_plan) <= 2 else []):
        if 0 < len(found) <= 2:
            return found
    return []


# A short name typed in capitals inside lower-case words ("the AC mechanic", "my GP")
_SHORT_CAPITALS = re.compile(r"\b[A-Z][A-Z0-9]{1,2}\b")


def _plan_things(text: str) -> set[str]:
    """The words of ``text`` that may name a thing, short names in capitals too ("AC")."""
    shorts = (
        {w.lower() for w in _SHORT_CAPITALS.findall(text)} if re.search("[a-z]", text) else set()
    )
    return _things(text) | shorts


def _steps_of_the_plan_named(text: str, plans: list[Plan]) -> list[step_match.Candidate]:
    """The open steps of the one plan whose title has a thing the message names, when the
    message names no step ("called the AC mechanic 2 times" with plan "Fix the shop AC");
    none when two plans are named or the plan has more than four steps open."""
    said = _plan_things(text)
    named = [
        plan
        for plan in plans
        if any(step_match.same_word(w, t) for w in said for t in _plan_things(plan["title"]))
    ]
    if len(named) != 1:
        return []
    open_steps = [c for c in step_match.by_position(named[0]) if c.status not in FINISHED]
    return open_steps if len(open_steps) <= 4 else []


YES = "Yes"


# Words that say "everything about it": "the car stuff", "the wedding things".
_WHOLE = re.compile(r"\b(?:stuff|things?|bits|lot|business|side)\b", re.I)


def _plan_named(words: str, plans: list[Plan]) -> Plan | None:
    """The one plan the words name (its title has every thing they name)."""
    words = _WHOLE.sub(" ", words)
    named = [p for p in plans if step_match.names_only(words, p["title"])]
    return named[0] if len(named) == 1 else None


def _ask_complete(plan: Plan) -> OfflineAnswer:
    open_steps = sum(s["status"] not in FINISHED for s in plan["steps"])
    left = f" ({open_steps} step{'s' if open_steps != 1 else ''} still open)" if open_steps else ""
    question = Question(
        f"Mark the whole plan “{plan['title']}” complete{left}? Nothing changed yet.",
        (
            Option(
                f"Yes, “{plan['title']}” is complete",
                (("update_plan_status", {"plan_id": plan["id"], "status": "complete"}),),
            ),
        ),
    )
    return OfflineAnswer(question.text, True, question=question)


_ABOUT = re.compile(r"\b(?:about|regarding|re|concerning)\s+(?P<thing>[^,.;!?]+)", re.I)
# Someone asked, rung or messaged: a try that reaches a person
_ASKED_SOMEONE = re.compile(
    r"\b(?:asked|rang|called|phoned|messaged|texted|spoke\s+to|talked\s+to)\b", re.I
)


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


# Why a step skipped is not needed, said after the skip and pointing back at it: "SKIP THE
# WITNESS PART. EMBASSY SAYS THEY DONT NEED IT ANY MORE", "no need to book the van. the
# landlord says it's not needed". ("… no need to post it either", "… don't need to ring
# the bank" name another step: a skip of its own)
_NOT_NEEDED_BACK = re.compile(
    r"\b(?:do\s*n'?t|dont|doesn'?t|doesnt|won'?t|wont|no\s+longer)\s+(?:need|want|require)s?\s+"
    r"(?:it|that|this|them|one)\b|\b(?:it'?s|its|that'?s|thats|it\s+is|that\s+is)\s+not\s+"
    r"(?:needed|necessary|required)\b|\bno\s+need\s*(?:for\s+(?:it|that|one))?[\s.!]*$",
    re.I,
)
_ANOTHER_TOO = re.compile(r"\b(?:either|too|also|as\s+well|neither|nor)\b", re.I)


def skip_reason(before: intents.Statement, sentence: str) -> bool:
    """Whether ``sentence``, after a skip, only says why it is not needed (it points back
    at the thing skipped and names no other): the skip's reason, never a second skip."""
    return (
        before.kind == "skip"
        and _NOT_NEEDED_BACK.search(sentence) is not None
        and _ANOTHER_TOO.search(sentence) is None
    )


SKIP_REASONS: tuple[tuple[str, str], ...] = (
    ("skip the witness part", "EMBASSY SAYS THEY DONT NEED IT ANY MORE"),
    ("no need to book the van", "the landlord says it's not needed"),
    ("skip the deposit step", "turns out they don't need one"),
)
SKIP_REASON_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    ("skip the witness part", "don't need to post it either"),
    ("skip the witness part", "and no need to ring the bank"),
)


async def per_sentence(
    interp: Acting, ctx: ToolContext, text: str, plans: list[Plan]
) -> OfflineAnswer | None:
    """ "visited two homes yesterday. the one in Leeds was lovely but pricey.
    social worker is calling me back tomorrow": a change for each sentence
    that states one, on the step it clearly names, with its own date; a
    sentence that states none (or only hints) goes with the one before it, as
    more of what happened.  None — the message is read as one — unless it
    starts with a change, has two or more, and every one finds its step."""
    sentences = [s for s in _SENTENCE_END.split(text.strip()) if s.strip()]
    if len(sentences) < 2:
        return None
    groups: list[tuple[intents.Statement, list[str]]] = []
    for sentence in sentences:
        st = intents.read_statement(sentence, ctx.now, ctx.timezone)
        if st is None or (st.weak and groups) or (groups and skip_reason(groups[-1][0], sentence)):
            if not groups:
                return None
            groups[-1][1].append(sentence)
        else:
            groups.append((st, [sentence]))
    if any(
        intents.their_news_alone(st) and later[0].kind == "snooze"
        for (st, _), later in zip(groups, groups[1:], strict=False)
    ):
        # "test pressing arrives thursday they say. remind me friday to approve it": their
        # word on when is the reason for the wait asked next, not a try of the person's;
        # read as one message (a wait)
        return None
    if len(groups) < 2:
        return None
    calls = []
    asks: list[str] = []
    doubt = False
    told: set[tuple[str, int]] = set()
    for n, (st, said) in enumerate(groups):
        step_id = await _clear_step(interp, ctx, st, plans)
        if step_id is None:
            return None
        if (st.kind, step_id) in told:
            # "the zinc is here! 40 sheets, truck drop it this morning": the same news of the
            # same step told again in other words is one change, never a second (z234 asked
            # "Mark … done? Mark … done?")
            continue
        told.add((st.kind, step_id))
        step = _candidate(step_id, plans)
        # "FINALLY got the photographer sorted!!! deposit paid and everything" with a step
        # "Collect deposits": a later sentence that finishes a step with none of its verb may
        # be more of the first news; all of it is proposed, never written
        doubt = doubt or (
            n > 0
            and st.kind == "done"
            and st.position is None
            and step is not None
            and not step_match.own_verb(st.said, step.title)
        )
        if step is not None:
            asks.append(_PROPOSALS[st.kind].format(step=step.title))
        if len(said) > 1 and st.kind in ("attempt", "block", "done"):
            more = " ".join(said) if st.kind != "done" else " ".join(said[1:])
            st = replace(st, outcome=more.strip())
        calls += _calls(st, step_id, ctx)
    if len(told) < 2:
        return None  # (one change only: the message is read as one)
    if doubt:
        question = Question(" ".join(asks) + " Nothing changed yet.", (Option(YES, tuple(calls)),))
        return OfflineAnswer(question.text, True, question=question)
    return await run(interp, ctx, calls)


async def _clear_step(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[Plan]
) -> int | None:
    """The step a statement names without any doubt, or None."""
    if st.position is not None and not _is_no_position(st, plans):
        return (await interp.step_at(ctx, st.position))["id"]
    for words in dict.fromkeys((st.words, st.action)):
        match = step_match.match_step(
            words,
            plans,
            ctx.current_plan_id,
            open_only=st.kind != "skip",
            same_action=st.kind == "done",
        )
        # (each sentence names its step whole, or names nothing else: "paid the $125 fee" is
        # no "Pay SEVIS fee" beside another sentence's news)
        if match.best is not None and (
            step_match.names_only(words, match.best.title)
            or (not st.weak and step_match.names_whole(words, match.best.title, but_verb=True))
        ):
            return match.best.step_id
    return None


def _plans_call_step(
    words: str, best: step_match.Candidate, plans: list[Plan]
) -> step_match.Candidate | None:
    """The one open step of the best step's plan that has the message's verb, when every
    word naming the best step names its plan too."""
    plan = next((p for p in plans if p["id"] == best.plan_id), None)
    if plan is None or not step_match.names_only(
        " ".join(step_match.shared_things(words, best.title)), plan["title"]
    ):
        return None
    verbs = step_match.by_verb(words, plan)
    if any(c.step_id == best.step_id for c in verbs):
        # "emailed the yarn ppl but it bounced" with "Email the yarn supplier" and "Email the
        # button supplier" in "Spring yarn order": the best step has the verb and the thing
        # both, so the thing is the step's, not only its plan's
        return None
    others = [c for c in verbs if c.step_id != best.step_id]
    return others[0] if len(others) == 1 else None


def _plans_steps_under_way(
    words: str, best: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """Other steps under way in the best step's plan, when the words name the best step
    only by its plan's things and not by its own action."""
    plan = next((p for p in plans if p["id"] == best.plan_id), None)
    said = step_match.content_stems(words)
    verb = step_match.content_stems(best.title)[:1]
    if (
        plan is None
        or not verb
        or any(step_match.same_word(verb[0], s) for s in said)
        or not step_match.names_only(
            " ".join(step_match.shared_things(words, best.title)), plan["title"]
        )
    ):
        return []
    return [
        c
        for c in step_match.by_position(plan)
        if c.status == "in_progress" and c.step_id != best.step_id
    ][:2]


# "Get a plumber out", "Have the engineer round": a step of getting someone to come
_GET_SOMEONE_OUT = re.compile(
    r"^(?:get|have|book)\s+(?:a|an|the|someone|somebody)?\s*(?:[\w-]+\s+){0,2}?[\w-]+\s+"
    r"(?:out|round|over|in)$",
    re.I,
)


async def _visit(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[Plan]
) -> OfflineAnswer | None:
    """ "dermot came round this morning and sorted the pipe": the one open step of getting
    someone out is done, and with it a step the rest of the words clearly name ("…and bled
    all the rads" for "Bleed the radiators"). None when no such step, or several."""
    out = [
        step_match.Candidate.of(plan, step, 1.0, plan["id"] == ctx.current_plan_id)
        for plan in plans
        for step in plan["steps"]
        if step["status"] not in FINISHED and _GET_SOMEONE_OUT.match(step["title"])
    ]
    if len(out) != 1:
        return None
    also = step_match.match_step(st.words, plans, ctx.current_plan_id, open_only=True).best
    if also is not None and also.step_id != out[0].step_id and also.plan_id == out[0].plan_id:
        # the visitor did a job of the same plan: both done
        steps = [out[0].step_id, also.step_id]
    elif step_match.shared_things(st.words, out[0].title):
        steps = [out[0].step_id]  # "the plumber came round and sorted it"
    else:
        # "dermot came round and sorted the pipe": someone came, but who is not said in the
        # step's words: proposed ("mum came round, we sorted the garden" is no plumber)
        return propose(st, out[0], ctx)
    return await run(interp, ctx, [c for step_id in steps for c in _calls(st, step_id, ctx)])


# Something got, not said what: "got it for 60 quid", "picked up the stuff from the shops"
_GOT_IT = re.compile(
    r"^\s*(?:(?:i|we|just|finally)\s+)*(?P<verb>got|picked|bought|grabbed|collected|ordered)\s+"
    r"(?:up\s+)?(?:it|them|those|these|everything|(?:the\s+)?(?:stuff|lot|things|bits))\b",
    re.I,
)


def _got_for_a_plan(st: intents.Statement, plans: list[Plan]) -> list[step_match.Candidate]:
    """ "got ava's school stuff from m&s": things got for the plan the words name, naming no
    step's own thing, are its open steps of getting things (empty when the words say
    otherwise)."""
    got = _GOT_VERB.match(st.action) if st.kind == "done" else None
    if got is None:
        return []
    things = _GOT_VERB.sub(" ", _WHERE_FROM.sub(" ", st.action))
    plan = _plan_named(intents.step_words(things), plans)
    return step_match.by_verb_family(got["verb"], plan) if plan is not None else []


# Where a thing was got: "from m&s", "in town", "at the market"
_WHERE_FROM = re.compile(r"\b(?:from|in|at|off)\s+.*$", re.I)


# A verb of getting things, first: "got ava's school stuff", "picked up the camping bits"
_GOT_VERB = re.compile(
    r"^\s*(?:(?:i|we|just|finally)\s+)*(?P<verb>got|picked|bought|grabbed|collected|ordered)\b",
    re.I,
)


# Getting in touch said in any words: "spoke to the solicitor", "got through to the landlord"
_CONTACTED = re.compile(
    r"\b(?:spoke|speak|talked|talk|got\s+through|reached|rang|ring|called|call|phoned|phone|"
    r"emailed|email|texted|text|messaged|contacted|contact|heard\s+(?:back|from)|wrote\s+to|"
    r"dm'?d|whatsapp'?d)\b",
    re.I,
)


_WHEN_STEMS = step_match.WHEN_WORDS | {step_match.stem(w) for w in step_match.WHEN_WORDS}


# "that's paid 👍", "it's all paid now", "everything's paid": paid said as a state of "it",
# neither who paid nor what (never "paid it", the person's own paying)
_PAID_STATE = re.compile(
    r"(?:that|it|this|everything|the\s+lot)(?:['’]?s|\s+is|\s+has\s+been|['’]s\s+been)\s+"
    r"(?:(?:all|now|been)\s+)*paid(?:\s+(?:now|up|off|in\s+full|today|already|finally))*|"
    r"all\s+paid(?:\s+(?:now|up|off|in\s+full|today|already|finally))*",
    re.I,
)
PAID_STATE_EXAMPLES: tuple[str, ...] = ("that's paid 👍", "thats paid now", "it's all paid now")
PAID_STATE_NEAR_MISSES: tuple[str, ...] = ("paid it!!", "paid the irs this morning", "I paid")


def paid_state(said: str) -> bool:
    """Whether ``said`` is only a payment said as a state, by no one ("that's paid 👍")."""
    bare = re.sub(r"[^\w\s'’]", " ", said)
    return _PAID_STATE.fullmatch(" ".join(bare.split())) is not None


def _owed_too(
    st: intents.Statement, verbs: list[step_match.Candidate], plans: list[Plan]
) -> list[step_match.Candidate]:
    """The open steps waiting for money owed (``step_match.awaits_payment``) when the news is
    only a payment said as a state and the steps its verb reads are each one of paying: the
    money may as well have come in as gone out (in sets of every round, d, q, z10, z39, z82,
    z98, z264: "Murphys finally paid up", "the lads are all paid up" finish a step of chasing
    or collecting)."""
    if st.kind != "done" or not verbs or not paid_state(st.said):
        return []
    if not all(
        step_match.stem((step_match.content_stems(c.title) or [""])[0]) == "pay" for c in verbs
    ):
        return []
    return [
        c
        for plan in plans
        for c in step_match.by_position(plan)
        if c.status not in FINISHED and step_match.awaits_payment(c.title)
    ]


def _names_no_thing(action: str) -> bool:
    """The action (before any comma or "but") is a verb with at most a pronoun
    or an amount: "tried booking", "called them", "paid £240" — not "booked a
    holiday to spain"."""
    return all(
        s in step_match.LIGHT
        or s in step_match.PARTICLES  # "sent it off": a verb and its particle
        or s == "try"
        or s.isdigit()
        or s in step_match.FILLER
        or s in _WHEN_STEMS  # "order went in this morning"
        or any(step_match.same_word(s, verb) for verb in step_match.LIGHT)
        for s in step_match.content_stems(action)
    )


# A word of a wait's words said as a noun: after "the", "my" or "our", or before "stuff",
# "thing" or "bit" ("the sign can wait till 1st december", "contract stuff can wait till
# monday": z114, z222, each told "Which step?" for a word that is also a verb)
_AS_A_NOUN = r"\b(?:the|my|our)\s+{0}\b|\b{0}\s+(?:stuff|thing|things|bit|part)\b"


def said_as_a_thing(words: str, said: str, plans: list[Plan]) -> list[step_match.Candidate]:
    """The open steps whose title has, as a thing (not its verb), a word of the wait that
    looks like a light verb ("sign", "contract" as "contact") said as a noun: the words name
    that thing, never the step at hand alone. "sign it friday" is still no thing."""
    found: dict[int, step_match.Candidate] = {}
    for word in re.findall(r"[^\W\d_]+", words):
        # (only a word the matchers weigh as a light verb: any other noun is theirs to find;
        # taken wider, "the room", "the Buick title", "the date" wrote waits the held-out sets
        # did not mean: z31, z184, z196)
        if not _names_no_thing(word) or not re.search(
            _AS_A_NOUN.format(re.escape(word)), said, re.I
        ):
            continue
        stem = (step_match.content_stems(word) or [""])[0]
        for plan in plans:
            for step in plan["steps"]:
                if (
                    stem
                    and step["status"] not in FINISHED
                    and stem in step_match.content_stems(step["title"])[1:]
                ):
                    found[step["id"]] = step_match.Candidate.of(
                        plan, step, step_match.WEAK_SCORE, False
                    )
    return list(found.values())


SAID_AS_A_THING_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("the sign can wait till 1st december, remind me then", "Put up a sign"),
    ("contract stuff can wait till monday, remind me then", "Sort the contract"),
)
SAID_AS_A_THING_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    ("sign it friday", "Sign the lease"),  # a verb of "it"
    ("I'll try the call again friday", "Call the bank"),  # the verb of the title, no thing
)


# The change said of one thing pointed at ("so forget that one", "skip that one too",
# "drop it"): one step is meant, whichever the message names; never one per part
_ONE_POINTED_AT = re.compile(
    r"\b(?:forget|skip|scrap|drop|ditch|bin|cancel|scratch|done\s+with|finished|sorted|"
    r"started)\s+(?:about\s+)?(?:that|this)\s+one\b",
    re.I,
)


ONE_POINTED_AT_EXAMPLES: tuple[str, ...] = (
    "my editor read the opening and says don't cut the prologue. so forget that one",
    "the hall and the caterer both said no to the date, skip that one",
    "the van's sorted and mum says the boxes are fine, scrap that one",
)
ONE_POINTED_AT_NEAR_MISSES: tuple[str, ...] = (
    "forget the van and the boxes",
    "skip both of them",
    "that one's done and the boxes are packed",
)


def points_at_one(said: str) -> bool:
    """The change is said of one thing pointed at: one step, never one per part."""
    return _ONE_POINTED_AT.search(said) is not None


async def _several(
    interp: Acting, ctx: ToolContext, st: intents.Statement, plans: list[Plan]
) -> OfflineAnswer | None:
    """ "got the photos and filled in the form": one change per step, when every
    part names its own step clearly; otherwise None (read as one statement)."""
    if st.kind not in ("done", "start", "skip") or points_at_one(st.said):
        return None
    # the words, or the action before a comma ("photos done and the fiesta is up on
    # autotrader, fingers crossed": the part after the comma is a word on it)
    for said in dict.fromkeys((st.words, st.action)):
        chosen = _step_per_part(said, plans, ctx, st.kind == "done", st.said)
        if any(_finished(step_id, plans, st.kind) for step_id in chosen):
            # "not joining the study group, they meet at 7pm and I'm on nights for a month":
            # a part that finds a step already finished ("Swap the night with Raj", done)
            # is a reason given, not a second step to change; read as one statement
            return None
        if chosen:
            return await run(
                interp, ctx, [c for step_id in chosen for c in _calls(st, step_id, ctx)]
            )
    return None


def _finished(step_id: int, plans: list[Plan], kind: str) -> bool:
    """The step is finished, and the change read would make it something else."""
    found = _candidate(step_id, plans)
    becomes = {"done": "done", "skip": "skipped"}.get(kind)
    return found is not None and found.status in FINISHED and found.status != becomes


def _the_one_part(
    st: intents.Statement, plans: list[Plan], ctx: ToolContext
) -> step_match.Candidate | None:
    """The step the only part of the words that names one names clearly, when every other
    part names no step even weakly; None otherwise."""
    # (a new subject starts a new part: "THE ESSAY IS FINISHED i never want to see it again")
    parts = [
        p
        for p in re.split(r"\s*(?:,|&|\band\b|\bso\b)\s*|\s+(?=(?:i|we|he|she|they)\s)", st.said)
        if p.strip()
    ]
    if len(parts) < 2:
        return None
    found: list[step_match.Candidate] = []
    for part in parts:
        weak = step_match.candidates(
            part,
            plans,
            ctx.current_plan_id,
            open_only=st.kind != "skip",
            least=step_match.WEAK_SCORE,
            same_action=st.kind == "done",
        )
        if not weak:
            continue
        match = step_match.match_step(
            part,
            plans,
            ctx.current_plan_id,
            open_only=st.kind != "skip",
            same_action=st.kind == "done",
        )
        if (
            match.best is None
            or found
            or not (
                step_match.names_only(part, match.best.title)
                or step_match.names_whole(part, match.best.title)
            )
        ):
            return None  # ("we sorted the kitchen cupboards" is no "Pack the kitchen")
        found.append(match.best)
    return found[0] if found else None


# A part about the thing just named: "… and it's on the desk", "they're in the boot now"
_SAID_OF_IT = re.compile(
    r"\s*(?:it'?s|it\s+is|it\s+was|its|they'?re|they\s+are|they\s+were|it|they|them|which)\b",
    re.I,
)
_PLACE = re.compile(
    r"\b(?:on|in|at|into|onto|under|beside|by)\s+(?:the|my|our|a|an|his|her|their)?\s*([\w'-]+)",
    re.I,
)


def _where_it_is(part: str, text: str, title: str) -> bool:
    """ "it's on the desk" of "Order standing desk": a part about the thing just named says
    where it is, and the step has that place as its own thing, not as a place ("it's up on
    autotrader" is "List it on autotrader")."""
    if not _SAID_OF_IT.match(part):
        return False
    # (the part's words have lost their small words: the places are read in the message)
    places = {step_match.stem(m[1]) for m in _PLACE.finditer(text)}
    in_title = {step_match.stem(m[1]) for m in _PLACE.finditer(title)}
    return bool(places & set(step_match.content_stems(title))) and not places & in_title


def _step_per_part(
    said: str, plans: list[Plan], ctx: ToolContext, same: bool, text: str = ""
) -> list[int]:
    """A step for each part of "a and b, c" that names one clearly; a part naming nothing
    is a word on the others. Empty unless two or more parts name two or more steps."""
    parts = [p for p in re.split(r"\s*(?:,|&|\band\b)\s*", said) if p.strip()]
    chosen: list[int] = []
    for part in parts:
        match = step_match.match_step(part, plans, ctx.current_plan_id, same_action=same)
        if chosen and match.best is not None and _where_it_is(part, text, match.best.title):
            continue  # "monitor arm came today and its on the desk": where it is, no step
        if match.best is None and not match.ambiguous and chosen:
            continue  # "…, fingers crossed someone bites": a word on it, no step
        if match.best is None:
            return []
        chosen.append(match.best.step_id)
    return chosen if len(chosen) >= 2 and len(set(chosen)) == len(chosen) else []


def _calls(
    st: intents.Statement, step_id: int, ctx: ToolContext
) -> list[tuple[str, dict[str, Any]]]:
    args: dict[str, Any] = {"step_id": step_id}
    wake = _wake(st, ctx)
    if st.kind == "snooze":
        return [("snooze_step", {"step_id": step_id, "until": wake})]
    if st.kind == "attempt":
        args["attempt_outcome"] = st.outcome or "tried"
        calls = [("update_plan_step", args)]
        return calls + ([("snooze_step", {"step_id": step_id, "until": wake})] if wake else [])
    args["status"] = {
        "done": "done",
        "start": "in_progress",
        "skip": "skipped",
        "block": "blocked",
    }[st.kind]
    if st.kind == "done" and st.outcome:
        args["attempt_outcome"] = st.outcome
    if st.kind == "block" and st.outcome:
        args["reason"] = st.outcome
    return [("update_plan_step", args)]


_AGAIN = re.compile(
    r"\b(?:will|'ll|ill|try\s+again|again|retry|finish|call\s+back|"
    r"(?<!came\s)(?<!come\s)(?<!got\s)(?<!wrote\s)(?<!rang\s)(?<!called\s)back|"
    r"remind|follow\s+up|chase|continue|carry\s+on|next|"
    r"said|says|told|promised|expect(?:ed|ing|s)?|due|by)\b",
    re.I,
)


# "they need the deposit by friday": a deadline the person has to meet, not a day to wait for
_DEADLINE = re.compile(r"\b(?:need|needs|want|wants|must|has\s+to|have\s+to)\b[^,.;]*?\bby\b", re.I)


# "booked up til january, will try someone else": the date is theirs, not the person's
_ELSEWHERE = re.compile(
    r"\b(?:someone|somebody|somewhere|anyone|anywhere)\s+else\b|\belsewhere\b|"
    r"\banother\s+(?:one|place|firm|company|shop|garage|clinic)\b|"
    r"\bno\s+(?:good|use)\b",
    re.I,
)  # "away till the 10th so that's no good"


# "everything is full til february", "no slots till jan", "earliest they can do is the 19th":
# how long the other side is unavailable, the attempt's outcome, not a day the person chose
_UNAVAILABLE = re.compile(
    r"\b(?:full|booked\s+(?:up|out|solid)|fully\s+booked|sold\s+out|closed|shut|away|"
    r"no\s+(?:slots?|space|room|availability|appointments?|dates?|openings?|stock|one)|"
    r"nothing|none|earliest|first\s+(?:available|free|slot|date)|not\s+(?:until|till|til|before)|"
    r"can'?t|cannot|won'?t|unavailable|waiting\s+list|rammed|slammed|swamped|snowed\s+under|"
    r"flat\s+out|full\s+up|packed\s+out|maxed\s+out)\b",
    re.I,
)


# "auto reply, she's on leave till january": someone's absence, how long the try will get
# no answer, not a day the person chose; the try is the news, unless the person says they
# will act on that day ("she's on leave till the 5th, I'll ring her then")
_ABSENT = re.compile(
    r"\bon\s+(?:annual\s+|sick\s+|mat(?:ernity)?\s+|paternity\s+|parental\s+|study\s+)?leave\b|"
    r"\bon\s+(?:holidays?|vacation|hols|annual\s+leave)\b|\b(?:off|out)\s+sick\b|"
    r"\bout\s+of\s+(?:the\s+)?office\b|\bauto[\s-]?reply\b|\bOOO\b",
    re.I,
)
_OWN_DAY = re.compile(
    r"\b(?:i'?ll|i\s+will|we'?ll|we\s+will|gonna|going\s+to|try|remind|nudge)\b", re.I
)


def _absent_till(st: intents.Statement, ctx: ToolContext) -> bool:
    """The try's day is how long someone is away, with no act of the person's on it."""
    clause = _clause_of_date(st, ctx)
    if not clause or not _ABSENT.search(clause):
        return False
    said = (st.outcome or "").lower()
    return not _OWN_DAY.search(said[said.find(clause) :])


def _clause_of_date(st: intents.Statement, ctx: ToolContext) -> str:
    """The clause of the attempt's words that holds its date ("…again, nothing open till
    december": "nothing open till december")."""
    text = st.outcome or ""
    if st.when is None:
        return ""
    said = text.lower()
    clauses = re.split(r"[,;—]|[.!?]+\s|\bbut\b|\bso\b", said)
    dated = [c for c in clauses if dates.find_when(c, ctx.now, ctx.timezone) is not None]
    return dated[-1] if dated else ""


def _wake(st: intents.Statement, ctx: ToolContext) -> str | None:
    """The day to come back to the step: named, ahead, and (for an attempt) said
    as a plan ("will finish tomorrow", "try again friday"), not a fact ("none
    free on the 12th")."""
    if st.when is None or st.when.moment <= ctx.now:
        return None
    moment = st.when.moment
    # A day without a time must be a later day (in the person's zone: "tomorrow" said at
    # 23:00 in New York is already tomorrow in UTC). A time of day may be later today only
    # when asked for ("remind me at 6pm"): in an attempt, "on hold for 40 mins" is how long
    # it took, not when to come back.
    later_today_ok = st.when.has_time and st.kind == "snooze"
    if not later_today_ok and moment.date() <= ctx.now.astimezone(moment.tzinfo).date():
        return None
    if st.kind == "attempt" and (
        not _AGAIN.search(st.outcome or "")
        # a month alone is no day to come back on: "his wife says hes in benidorm til
        # december" (z264), "april is peak season they say, try again in january" (z248) —
        # how long they are away or when to think of it again, the try's news
        or _a_month_alone(st, st.said)
        or _DEADLINE.search(st.outcome or "")
        or _ELSEWHERE.search(st.outcome or "")
        or _UNAVAILABLE.search(_clause_of_date(st, ctx))
        or _absent_till(st, ctx)
    ):
        return None
    return moment.isoformat() if st.when.has_time else moment.date().isoformat()


async def run(
    interp: Acting, ctx: ToolContext, calls: list[tuple[str, dict[str, Any]]]
) -> OfflineAnswer:
    doubted = _doubted(ctx, calls)
    if doubted is not None:
        return doubted
    which = _which_step_doubted(ctx, calls) or _kind_of_thing_doubted(ctx, calls)
    if which is not None:
        return which
    vetoed = (
        await _vetoed(ctx, calls)
        or _named_by_a_name_alone(ctx, calls)
        or _named_otherwise(ctx, calls)
    )
    if vetoed is not None:
        return vetoed
    wait = _doubtful_wait(ctx, calls)
    if wait is not None:
        # the day of the wait is doubtful: it is offered, the rest is written as read
        calls = [(name, args) for name, args in calls if name != "snooze_step"]
        if not calls:
            return OfflineAnswer(f"{wait.text} Nothing changed yet.", True, question=wait)
    texts, failed = [], False
    for name, args in calls:
        result = await interp.registry.call(name, args, ctx)
        texts.append(result.for_person())
        if result.is_error:
            failed = True
            break
    shown = "\n".join(plan_text.shown_once(texts))
    if wait is not None and not failed:
        return OfflineAnswer(f"{shown}\n\n{wait.text}", True, question=wait)
    return OfflineAnswer(shown, True)


def _which_step_doubted(
    ctx: ToolContext, calls: list[tuple[str, dict[str, Any]]]
) -> OfflineAnswer | None:
    """The learnt check of which step (``step_odds``): a status, a try or a wait read from free
    wording for one step the check finds unlikely for the message — its things shared with
    other steps, another step naming what this one lacks — is asked about, that step or the
    best other one, the same calls for either; nothing is written before the press."""
    message = second_reader.being_read()
    acting = _ACTING_ON.get()
    kinds = second_reader.kinds_of(calls)
    if not message or acting is None or kinds is None or kinds == ("undo",):
        # (a step put back to pending is an undo: which change is taken back, not which step)
        return None
    step_ids = {args.get("step_id") for _, args in calls}
    step_id = next(iter(step_ids)) if len(step_ids) == 1 else None
    if not isinstance(step_id, int):
        return None
    st, plans = acting
    chosen = _candidate(step_id, plans)
    if chosen is None:
        return None
    other = step_odds.doubted(message, plans, ctx.current_plan_id, step_id) or _thing_elsewhere(
        message, chosen, plans
    )
    if other is not None and _told_apart(message, st, chosen, other, plans, ctx):
        other = None
    # (after the others: the clause of the change names the topic's step too, "rang council
    # trough", so the clause cannot tell the two apart here; and the common word too, "called
    # hama the zurna guy" meets "Call the generator guy" by the guy)
    other = (
        other
        or _said_as_topic(message, chosen, plans)
        or _named_by_a_common_word(message, chosen, plans)
        or _doing_another_act(message, st, chosen, plans)
    )
    if other is None:
        return None

    def for_step(c: step_match.Candidate) -> list[tuple[str, dict[str, Any]]]:
        return [(name, {**args, "step_id": c.step_id}) for name, args in calls]

    return ask(
        "Which step do you mean?", [chosen, other], for_step, chosen.plan_id != other.plan_id
    )


def _thing_elsewhere(
    message: str, chosen: step_match.Candidate, plans: list[Plan]
) -> step_match.Candidate | None:
    """The one other open step whose thing the message puts right after the chosen step's
    verb, nothing of the chosen step's own things said: the thing named beats the verb shared
    ("tried to book the skis on skiset" with "Book the chalet" and "Rent skis"), so which is
    asked, never written. Not when a thing of the chosen step is said ("booked the chalet and
    the skis"), nor when its verb acts on no other step's thing ("booked the flights")."""
    if own_things.said_things(message, chosen.title):
        return None
    return _the_one_other_open_step(
        chosen, plans, lambda title: own_things.verb_on_its_thing(message, chosen.title, title)
    )


# Steps done in a moment (a call, an order, a booking): "doing …" or "putting …" now is not them
_MOMENT_ACTS = frozenset("call ring phone email text message order buy book".split())
_DOING_WORD = re.compile(r"\b([a-z]{2,}?)(?:ing|in['’])\b", re.I)


def _doing_another_act(
    message: str, st: intents.Statement, chosen: step_match.Candidate, plans: list[Plan]
) -> step_match.Candidate | None:
    """A start said with a verb of doing that the chosen step, done in a moment, is not:
    "Doing the paperwork for the day center now" read as "Call the day center" beside "Fill
    out the intake forms" (z142), "in the middle of putting the new head on the snare rn" as
    "Order new snare head" beside "Swap the snare head" (z152). The one other open step of
    the plan that the message names by a thing or a kind of thing ("paperwork": forms) is
    asked about with it, never written. Not when the doing is the step's own verb or one of
    its family ("ringing round the garages now", "ordering the cake now")."""
    if st.kind != "start":
        return None
    verb = own_verbs.verb_of(chosen.title).split(" ")[0]
    if verb not in _MOMENT_ACTS:
        return None
    doing = [
        step_match.stem(m[1] + "ing")
        for m in _DOING_WORD.finditer(message)
        if under_way.is_doing(m[0].lower()) or m[0].lower().endswith(("in'", "in’"))
    ]
    family = own_verbs.family_of(verb) | {verb}
    if not doing or any(step_match.same_word(d, f) for d in doing for f in family):
        return None
    plan = next((p for p in plans if p["id"] == chosen.plan_id), None)
    if plan is None:
        return None
    kinds = step_match.kind_said(message)
    said = step_match.content_stems(message)
    mine = step_match.content_stems(chosen.title)
    others = [s for s in plan["steps"] if s["id"] != chosen.step_id and s["status"] not in FINISHED]

    def names(title: str, stems: list[str]) -> bool:
        things = [t for t in step_match.content_stems(title)[1:] if len(t) > 2]
        return any(
            step_match.same_word(t, m) for t in things if t not in step_match.LIGHT for m in stems
        ) or (bool(kinds) and step_match.of_the_kind(title, kinds))

    # a thing the chosen step does not name first ("paperwork" of "Fill out the intake forms",
    # not "day" of "the day center"); else a thing they share ("snare head")
    for stems in ([m for m in said if m not in mine], said):
        fits = [s for s in others if names(s["title"], stems)]
        if fits:
            break
    if len(fits) != 1:
        return None
    return step_match.Candidate.of(plan, fits[0], step_match.WEAK_SCORE, True)


def _the_one_other_open_step(
    chosen: step_match.Candidate, plans: list[Plan], fits: Callable[[str], bool]
) -> step_match.Candidate | None:
    """The open step other than ``chosen`` whose title ``fits``, when it is the only one."""
    named = [
        step_match.Candidate.of(plan, s, step_match.WEAK_SCORE, plan["id"] == chosen.plan_id)
        for plan in plans
        for s in plan["steps"]
        if s["id"] != chosen.step_id and s["status"] not in FINISHED and fits(s["title"])
    ]
    return named[0] if len(named) == 1 else None


def _named_by_a_common_word(
    message: str, chosen: step_match.Candidate, plans: list[Plan]
) -> step_match.Candidate | None:
    """The one other open step the message names by a word of its own, when the chosen step
    is named only by a common word of whom or where (``own_things.COMMON_NOUNS``) and its
    verb, no verb of its own: "called kak hama the zurna guy 3 times, no answer" with "Call
    the generator guy" and "Hire the dahol zurna band" (the zurna guy is the band's man, the
    call any step's), "took the camry to the detail place" with "Post it on Marketplace" and
    "Detail the car". A thing said that one step has outweighs a word any step's person or
    place could be; which is asked, the two offered, never written on either. Not when the
    chosen step is named by a thing of its own too ("called the generator guy about the zurna
    band's lights"), nor when two other steps are named."""
    if not own_things.named_by_common_words_only(message, chosen.title) or (
        own_things.names_own_verb(message, chosen.title)
    ):
        return None
    mine = [chosen.title, chosen.plan_title]
    return _the_one_other_open_step(
        chosen, plans, lambda title: own_things.names_by_a_word_of_its_own(message, title, mine)
    )


def _said_as_topic(
    message: str, chosen: step_match.Candidate, plans: list[Plan]
) -> step_match.Candidate | None:
    """The one other open step a call or a trip was for, when the message names the chosen
    step's things only as the call's topic or the trip's luggage (``own_things.named_as_topic``):
    the step named by whom or where ("rang LBC about collecting the box": "Book the LBC
    pickup", not "Buy the box"; "went to the bus stop with the box": "Drop parcel at the
    Polish bus", not "Pack the box"), for a call a step a call does (telling, booking), else,
    for a call, the one step only of telling someone in the chosen step's plan ("texted Gary
    about Priya moving in": "Tell the landlord", not "Add Priya to the lease"; never "Text the
    parents about the blitz"). Which is asked, the two offered; never written on either."""
    read = own_things.named_as_topic(message, chosen.title)
    if read is None:
        return None
    whom, calling = read
    open_steps = [
        (plan, s)
        for plan in plans
        for s in plan["steps"]
        if s["id"] != chosen.step_id and s["status"] not in FINISHED
    ]
    named = [
        (plan, s)
        for plan, s in open_steps
        if own_things.said_things(whom, s["title"])
        # (a call to the CAC agent is no "Pay CAC registration fee")
        and (not calling or own_things.done_by_a_call(s["title"]))
    ]
    if not named and calling:
        named = [
            (plan, s)
            for plan, s in open_steps
            if plan["id"] == chosen.plan_id and own_things.is_telling(s["title"])
        ]
    if len(named) != 1:
        return None
    plan, step = named[0]
    return step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, plan["id"] == chosen.plan_id)


def _kind_of_thing_doubted(
    ctx: ToolContext, calls: list[tuple[str, dict[str, Any]]]
) -> OfflineAnswer | None:
    """News of a kind of thing, not of one ("picked up the paperwork from the vet": an
    invoice? a certificate?), read as a write on one step when another open step of the same
    kind of action has a thing of that kind too: which is asked, never picked
    (``step_match.kind_said``). A title that names the kind word itself is told apart."""
    message = second_reader.being_read()
    acting = _ACTING_ON.get()
    kinds = second_reader.kinds_of(calls)
    if (
        not message
        or acting is None
        or kinds is None
        or kinds[0] not in ("done", "start", "attempt")
    ):
        return None
    step_ids = {args.get("step_id") for _, args in calls}
    step_id = next(iter(step_ids)) if len(step_ids) == 1 else None
    things = step_match.kind_said(message)
    if not isinstance(step_id, int) or not things:
        return None
    st, plans = acting
    chosen = _candidate(step_id, plans)
    if chosen is None or not step_match.of_the_kind(chosen.title, things):
        return None
    verb = step_match.content_stems(chosen.title)[:1]
    others = [
        step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, plan["id"] == chosen.plan_id)
        for plan in plans
        for step in plan["steps"]
        if step["id"] != step_id
        and step["status"] not in FINISHED
        and step_match.of_the_kind(step["title"], things)
        and (stems := step_match.content_stems(step["title"]))
        and verb
        and (stems[0] == verb[0] or step_match.one_action(stems[0], verb[0]))
    ][:3]
    if not others or _names_own_thing(message, chosen.title, things):
        return None

    def for_step(c: step_match.Candidate) -> list[tuple[str, dict[str, Any]]]:
        return [(name, {**args, "step_id": c.step_id}) for name, args in calls]

    return ask(
        "Which step do you mean?",
        [chosen, *others],
        for_step,
        any(c.plan_id != chosen.plan_id for c in others),
    )


def _names_own_thing(message: str, title: str, things: frozenset[str]) -> bool:
    """The message names the step's own thing of the kind, not only the kind ("picked up
    the invoice and the paperwork": the invoice)."""
    kind_words = step_match.kind_words()
    said = {w.lower() for w in re.findall(r"\w+", letters.fold(message))} - kind_words
    own = {w.lower() for w in re.findall(r"\w+", letters.fold(title))} & things
    return bool(said & own)


def asked_clause(st: intents.Statement, ctx: ToolContext) -> str | None:
    """The clause of a wait asked for that holds its day, when the message has other clauses
    ("remind me about the cake friday, parkrun's saturday": "remind me about the cake
    friday"), without the day's words; None when there is one clause, or the day is said in
    none alone or in more than one."""
    if st.kind != "snooze" or st.when is None:
        return None
    clauses = [c for c in _CLAUSE_MARK.split(st.said) if c.strip()]
    if len(clauses) < 2:
        return None
    day = st.when.moment.date()
    held = []
    for clause in clauses:
        found = dates.find_when(clause, ctx.now, ctx.timezone)
        if found is not None and found.moment.date() == day:
            held.append(clause[: found.start] + " " + clause[found.end :])
    return held[0] if len(held) == 1 else None


# Declared (tests/test_certainty.py runs them, "now" a Tuesday, 24 November 2026): a wait asked
# for in a message of several clauses, the open steps, and the step the clause holding the day
# names; a near miss names none (a verb alone, two steps, a clause alone, no thing of its own)
_PARKRUN = ("Volunteer at parkrun", "Bring cake for the finish", "Pay the club subs")
NAMED_WHERE_ASKED_EXAMPLES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    ("remind me about the cake friday, parkrun's saturday", _PARKRUN, "Bring cake for the finish"),
    (
        "remind me about the hamper boxes on friday, the cash n carry gets its delivery then",
        ("Order the hamper boxes", "Deliver the hampers"),
        "Order the hamper boxes",
    ),
    (
        "remind me about the SEPA Lastschrift thing on the 1st of december, account is empty "
        "until my client pays",
        ("Open business bank account", "Set up SEPA mandate"),
        "Set up SEPA mandate",
    ),
    (
        "the acknowledgement part remind me sunday, need grant number from sir first",
        ("Send SEM images to Rao sir", "Add funding acknowledgement"),
        "Add funding acknowledgement",
    ),
    (
        "on nights till sunday, bring the mock exam back monday pls",
        ("Swap Sunday nights with Bea", "Do mock exam"),
        "Do mock exam",
    ),
)
NAMED_WHERE_ASKED_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("club subs - bring it up again on the 3rd when i get paid", _PARKRUN),
    ("remind me about the cake and parkrun friday, busy today", _PARKRUN),
    ("remind me about the cake friday", _PARKRUN),
    ("the cake, remind me about it friday", _PARKRUN),
)


def named_where_asked(st: intents.Statement, plans: list[Plan], ctx: ToolContext) -> _WhereAsked:
    """The words of the clause that asks for a wait and the one open step they name — by its
    words, or by a thing no other step has ("the acknowledgement part remind me sunday, need
    grant number from sir first") — when the rest of the message names another ("remind me
    about the SEPA Lastschrift thing on the 1st of december, account is empty until my
    client pays" with "Open business bank account"): the other is named in the reason, never
    the step that waits. None when the clause names none or several. Found once per statement
    while ``act`` runs (the plans it acts on do not change before it writes)."""
    known = _WHERE_ASKED.get()
    if known is not None and id(st) in known:
        return known[id(st)][1]
    found = _named_where_asked(st, plans, ctx)
    if known is not None:
        known[id(st)] = (st, found)
    return found


def _named_where_asked(st: intents.Statement, plans: list[Plan], ctx: ToolContext) -> _WhereAsked:
    clause = asked_clause(st, ctx)
    if clause is None:
        return None
    words = intents.step_words(clause)
    if not step_match.content_stems(words) or _names_no_thing(words):
        return None
    match = step_match.match_step(words, plans, ctx.current_plan_id, open_only=True)
    if match.ambiguous:
        return None
    found = match.best or step_match.by_unique_thing(
        words, plans, ctx.current_plan_id, open_only=True
    )
    if found is None or not own_verbs.names_its_thing(words, found.title):
        return None  # ("club subs - bring it up again on the 3rd": no "Bring cake for the finish")
    others = (
        s["title"]
        for plan in plans
        for s in plan["steps"]
        if s["id"] != found.step_id and s["status"] not in FINISHED
    )
    named = len(step_match.shared_things(words, found.title))
    if any(
        own_verbs.names_its_thing(words, title)
        and len(step_match.shared_things(words, title)) >= named
        for title in others
    ):
        # ("remind me about the cake and parkrun friday": two steps as much, asked; "the hamper
        # boxes" names "Order the hamper boxes" more than "Deliver the hampers")
        return None
    return words, found


def _told_apart(
    message: str,
    st: intents.Statement,
    chosen: step_match.Candidate,
    other: step_match.Candidate,
    plans: list[Plan],
    ctx: ToolContext,
) -> bool:
    """A declared reading tells the two steps apart where the learnt check sees only the
    whole message and the titles' words: a step of the same title in another plan (the plan's
    words chose it), the step named alone by the clause where the change is said ("forget
    supervising, the contractor's hire includes a foreman"; "remind me thursday to take the
    monitor back" with "Pick up the home monitor" too), a choice made for a step of choosing
    ("settled on xero payroll" is "Pick payroll software", not "Book the payroll training"),
    talking to someone for a step of talking ("spoke to the plumber" is "Ring the plumber",
    not "Get the plumber to fit it")."""
    twins = [
        s
        for plan in plans
        for s in plan["steps"]
        if s["id"] != chosen.step_id and s["title"].lower() == chosen.title.lower()
    ]
    if twins:
        return True
    if st.action and st.action != st.words:
        where_said = step_match.match_step(
            st.action, plans, ctx.current_plan_id, open_only=st.kind != "skip"
        ).best
        # (not alone when the clause puts the chosen step's verb on the thing of another
        # plan's step, none of the chosen step's own things said: "no need to rent a car
        # there" with "Rent a van" and "Book a car in Santa Maria", z253)
        if (
            where_said is not None
            and where_said.step_id == chosen.step_id
            and not _verb_on_the_others_thing(message, st.action, chosen, other)
        ):
            return True
    where_asked = named_where_asked(st, plans, ctx)
    if where_asked is not None and where_asked[1].step_id == chosen.step_id:
        return True  # ("remind me about the cake friday, parkrun's saturday": the wait's)
    doer_and_deed = _doer_and_deed(st, plans, ctx)
    if (
        doer_and_deed is not None
        and doer_and_deed[1].step_id == chosen.step_id
        and other.step_id in {c.step_id for c in doer_and_deed[0]}
    ):
        return True  # ("my brother in law started on the fan": who did it is no step)
    if _CHOSE.search(message) and step_match.is_choosing(chosen.title):
        return not step_match.is_choosing(other.title)
    verb, other_verb = ((step_match.content_stems(c.title) or [""])[0] for c in (chosen, other))
    return (
        bool(_TALKED.search(message))
        and verb in _TALK
        and other_verb not in _TALK
        # ("emailed the paperwork over" sends it as well: "Send the certificate" is as likely)
        and not _same_doing(verb, other_verb)
    )


def _verb_on_the_others_thing(
    message: str, clause: str, chosen: step_match.Candidate, other: step_match.Candidate
) -> bool:
    """The clause says the verb of the chosen step with the thing of the other, a step of
    another plan, as its object, and the message names nothing of the chosen step's own
    things (``_thing_elsewhere``'s reading across plans). Of the held-out messages a–z257
    that put a step's verb on the thing of another plan's step so, 167 (in 124 sets, nearly
    every round) meant the thing's step, 1 the verb's; within one plan the verb tells more
    ("comparing machines now" is "Compare prices online", not "Buy the new machine")."""
    return (
        other.plan_id != chosen.plan_id
        and not own_things.said_things(message, chosen.title)
        and own_things.verb_on_its_thing(clause, chosen.title, other.title)
    )


def _names_only_its_own(message: str, chosen: step_match.Candidate, plans: list[Plan]) -> bool:
    """The message names a thing of the chosen step's title ("the scheme" for "Open a case
    with the deposit scheme") and no thing of any other open step's, the others sharing at
    most a verb or a light word with it: the evidence is one-sided, the chosen step is meant.
    Not when another open step names a thing said too (two steps of the same thing, or a
    message naming two steps)."""
    if not own_verbs.names_its_thing(message, chosen.title):
        return False
    return not any(
        own_verbs.names_its_thing(message, title) for title in _other_open_titles(plans, chosen)
    )


def _named_alone(
    st: intents.Statement,
    close: list[step_match.Candidate],
    plans: list[Plan],
    ctx: ToolContext,
    words: str,
) -> step_match.Candidate | None:
    """Of the close steps a "Which step do you mean?" would offer, the one the words name by
    a name of many words only it has, the others named by nothing of theirs alone
    (``own_things.the_one_named``), no other open step named at all, the news of a step's
    kind, and the learnt check of which step sure of it too; else None. "LIDL CAME THROUGH,
    6 crates of selection boxes dropped" with "Get donations of selection boxes" and "Order
    the hamper boxes": the first ("appointment booked for the 2nd" names one word of one of
    two steps of booking, and stays asked)."""
    message = ctx.message or words
    one = own_things.the_one_named(message, [(c.title, c.plan_title) for c in close])
    named = close[one] if one is not None else None
    if (
        named is None
        or st.kind not in ("done", "start", "skip", "snooze", "attempt")
        or named.status in FINISHED
        or not _no_other_step_named(message, named, plans)
        or not step_odds.sure_of(words, plans, ctx.current_plan_id, named.step_id)
    ):
        return None
    return named


def _no_other_step_named(message: str, chosen: step_match.Candidate, plans: list[Plan]) -> bool:
    """No open step but the chosen one is named by a thing of its title, met strictly
    (``own_things.said_things``), that the chosen step or its plan does not have too: "tried
    to get raj and anita on a call" names "Set up a sibling call" as well as "Ask Anita to
    cover weekend visits"."""
    mine = [chosen.title, chosen.plan_title]
    return not any(
        own_things.names_other_than(message, title, mine)
        for title in _other_open_titles(plans, chosen)
    )


async def _vetoed(
    ctx: ToolContext, calls: list[tuple[str, dict[str, Any]]]
) -> OfflineAnswer | None:
    """The second reader's veto (``second_reader``): a change to a step read from free
    wording whose kind the learnt reader finds unlikely for the message is offered, never
    written. What is in doubt is the kind of news, so news of one step gets the news menu
    (Done / Started / Just note it) with the reading first and doing exactly what was read —
    a wait as read among them — and a skip one Yes / No line."""
    kinds = second_reader.kinds_of(calls)
    if kinds is None or not second_reader.doubts(kinds):
        return None
    if intents.commands_a_position(second_reader.being_read() or ""):
        return None  # (a step named by its place with a command's words: no free wording)
    acting = _ACTING_ON.get()
    st, plans = acting if acting is not None else (None, await active_plans(ctx))
    steps = [
        c
        for i in dict.fromkeys(args.get("step_id") for _, args in calls)
        if isinstance(i, int) and (c := _candidate(i, plans)) is not None
    ]
    if len(steps) != 1:
        # (several steps, or one no longer open: one Yes for all the calls, as read)
        question = Question(
            "Did you mean me to change this? Nothing changed yet.", (Option(YES, tuple(calls)),)
        )
        return OfflineAnswer(question.text, True, question=question)
    step = steps[0]
    kind = _kind_of(calls, st.kind if st is not None else "attempt")
    message = _message_of(st, ctx) if st is not None else ctx.message
    if kind in MENU_KINDS:
        return status_menu(step, message, first=(kind, tuple(calls)))
    if kind == "snooze":
        menu = status_menu(step, message).question
        assert menu is not None  # (the menu always asks)
        label = "Let it wait"
        if st is not None and st.when is not None:
            day = dates.describe(st.when.moment, ctx.timezone, ctx.now, st.when.has_time)
            label = f"Wait till {day}"
        question = Question(menu.text, (Option(label, tuple(calls)), *menu.options))
        return OfflineAnswer(question.text, True, question=question)
    said = (
        replace(st, kind=kind)
        if st is not None
        else intents.Statement(kind, ctx.message, None, None, None, said=ctx.message)
    )
    return propose(said, step, ctx, tuple(calls))


def _named_by_a_name_alone(
    ctx: ToolContext, calls: list[tuple[str, dict[str, Any]]]
) -> OfflineAnswer | None:
    """A step done, begun or tried from free wording that names it by a person's or a place's
    name alone: whom the news is about, not what was done, so the news menu is offered. So is
    a step begun or tried that the words name by a kin word alone, the kin opening a clause of
    what they did or have ("my brother in law started on the fan" is no "Invite the in-laws"
    begun: ``own_verbs.found_by_kin_alone``; z253, z270)."""
    message = second_reader.being_read()
    acting = _ACTING_ON.get()
    kinds = second_reader.kinds_of(calls)
    if (
        message is None
        or acting is None
        or kinds not in (("done",), ("start",), ("attempt", "start"))
    ):
        return None
    st, plans = acting
    steps = {args.get("step_id") for _, args in calls}
    step_id = next(iter(steps)) if len(steps) == 1 else None
    step = _candidate(step_id, plans) if isinstance(step_id, int) else None
    if (
        step is None
        or st.position is not None
        or not (
            own_verbs.found_by_a_name_alone(message, step.title)
            # (a kin doing a thing is news of a step begun or tried only: "mum's pills are
            # all picked up" may be a step done, and is left to the readings)
            or (kinds != ("done",) and own_verbs.found_by_kin_alone(message, step.title))
        )
        # (a try said of them is a try at the step: "tried darren again, voicemail")
        or intents.tells_a_try(message)
    ):
        return None
    things_of = [
        c
        for plan in plans
        for s in plan["steps"]
        if s["id"] != step.step_id
        and s["status"] not in FINISHED
        and own_things.said_things(message, s["title"]) - own_verbs.KIN_STEMS
        if (c := _candidate(s["id"], plans)) is not None
    ]
    if 0 < len(things_of) <= 2 and not own_verbs.found_by_a_name_alone(message, step.title):
        # "my brother in law started on the fan" with "Replace the extractor fan": what the
        # kin did names another open step's thing, likelier the news's step; which is asked
        return ask(
            "Which step do you mean?",
            [*things_of, step],
            lambda c: [(name, {**args, "step_id": c.step_id}) for name, args in calls],
            any(c.plan_id != step.plan_id for c in things_of),
        )
    kind = _kind_of(calls, st.kind)
    return status_menu(step, _message_of(st, ctx), first=(kind, tuple(calls)))


def _named_otherwise(
    ctx: ToolContext, calls: list[tuple[str, dict[str, Any]]]
) -> OfflineAnswer | None:
    """A status, a try or a wait read from free wording for one step whose thing the message
    names otherwise (``other_names``: a name no plan knows while the step's own name is not
    said, the step's word only inside a longer one, or the step's name alone said after a
    first clause about something else) is proposed, never written: the match was of words,
    not of the thing."""
    message = second_reader.being_read()
    acting = _ACTING_ON.get()
    kinds = second_reader.kinds_of(calls)
    if message is None or acting is None or kinds is None or kinds == ("undo",):
        return None
    st, plans = acting
    steps = {args.get("step_id") for _, args in calls}
    step_id = next(iter(steps)) if len(steps) == 1 else None
    step = _candidate(step_id, plans) if isinstance(step_id, int) else None
    if step is None or st.position is not None:
        return None
    known = " ".join(
        [plan["title"] for plan in plans]
        + [f"{s['title']} {step_match.logged_said(s)}" for plan in plans for s in plan["steps"]]
    )
    if other_names.named_otherwise(message, step.title, known) is None:
        return None
    return propose(replace(st, kind=_kind_of(calls, st.kind)), step, ctx, tuple(calls))


def _doubtful_wait(ctx: ToolContext, calls: list[tuple[str, dict[str, Any]]]) -> Question | None:
    """The wait among the calls as a question, when the words around its day doubt it."""
    acting = _ACTING_ON.get()
    if acting is None:
        return None
    st, plans = acting
    step_ids = {args.get("step_id") for _, args in calls}
    step_id = next(iter(step_ids)) if len(step_ids) == 1 else None
    step = _candidate(step_id, plans) if isinstance(step_id, int) else None
    if step is None:
        return None
    return doubtful_dates.wait_offer(st, step.title, calls, ctx)


def _doubted(ctx: ToolContext, calls: list[tuple[str, dict[str, Any]]]) -> OfflineAnswer | None:
    """The certainty policy, checked before any write of a statement: when the message has
    a sign that the reading is uncertain — it also takes something back, or says something
    is done another way — the same calls are proposed (the status menu, or one Yes / No
    line), never written; when the step was found by its verb alone and other open steps
    lead with that verb or one that does the same (cancel / stop, sell / flog), which is
    asked; when the sign doubts how the step stands (a condition set, a day told as a fact,
    complete as well as tried, only a part complete), the news menu is offered."""
    acting = _ACTING_ON.get()
    if acting is None or not calls:
        return None
    st, plans = acting
    # the whole message, whose other sentences may hold the sign; the sentence read, when
    # the turn's message is not the one it came from (a reading called on its own)
    words = set(letters.words(st.said))
    message = ctx.message if words <= set(letters.words(ctx.message)) else st.said
    sign = certainty.doubted_by(message, st.kind)
    reason = sign.name if sign is not None else None
    step_id = calls[0][1].get("step_id")
    step = _candidate(step_id, plans) if isinstance(step_id, int) else None
    several = list(dict.fromkeys(a.get("step_id") for _, a in calls))
    if len(several) > 1 and certainty.names_a_part(message):
        # news of a part, with what is left named after it ("started writing her name on
        # the swimming kit, towel done, still the goggles and bag"): one of the steps is
        # meant, not all; which is asked
        steps = [c for i in several if isinstance(i, int) and (c := _candidate(i, plans))]
        if len(steps) == len(several):
            return ask(
                "Which step do you mean?",
                steps,
                lambda c: [call for call in calls if call[1].get("step_id") == c.step_id],
                len({c.plan_id for c in steps}) > 1,
            )
    if step is None or len(several) > 1:
        return None
    kind = _kind_of(calls, st.kind)
    if (
        kind == "attempt"
        and st.position is None
        and all(name == "update_plan_step" for name, _ in calls)
        and own_verbs.said_finished(message, step.title)
    ):
        # "I joined the family group on facebook!!!" for "Join the family Facebook group",
        # "met with the counselor at Lincoln" for "Talk to the school counselor": the step's
        # own action said finished is never a try; how it stands is offered
        return _news_menu(st, step, ctx, message, None)
    done_too = sign is not None and sign.name == "complete as well"
    if (
        (reason is None or sign is not None and sign.menu)
        and (
            # (a try found by its verb alone is the step at hand's, unless the thing is said
            # to be complete too: "phoned them and cancelled it")
            kind in ("done", "start") or (kind == "attempt" and done_too)
        )
        and st.position is None
    ):
        rivals = _verb_rivals(message, step, plans) or (
            _thing_twins(message, step, plans) or _equal_fits(message, step, plans)
            if step.step_id != ctx.last_step_id
            else []
        )
        if rivals:
            # "finally got down to the post office and sent it all off" with "Post it off"
            # and "Post the cards": the verb that found the step does not tell it from the
            # others; which is asked
            # (with the thing said to be complete too, a press marks it done: "phoned them
            # and cancelled it")
            said = replace(st, kind="done" if done_too else kind)
            return ask(
                "Which step do you mean?",
                [step, *rivals],
                lambda c: _calls(said, c.step_id, ctx),
                any(c.plan_id != step.plan_id for c in rivals),
            )
    if (
        reason is None
        and kind in ("done", "start", "attempt", "snooze")
        and st.position is None
        and step.step_id != ctx.last_step_id
    ):
        where_asked = named_where_asked(st, plans, ctx)
        split = (
            split_fits(message, step, plans)
            if where_asked is None or where_asked[1].step_id != step.step_id
            else []  # (the wait's step, named where it is asked; the other in its reason)
        )
        if split:
            # each step is named by a thing the other lacks: one is what the message is
            # about, the other named in passing; which is asked, never guessed
            return ask(
                "Which step do you mean?",
                [step, *split],
                # (the reading's own calls, on the step pressed)
                lambda c: [(name, {**args, "step_id": c.step_id}) for name, args in calls],
                any(c.plan_id != step.plan_id for c in split),
            )
    if (
        reason is None
        and kind in ("done", "start", "attempt")
        and st.position is None
        and (others := _verb_elsewhere(message, step, plans))
    ):
        # "tried signing up for ahamo online …" found "Compare ahamo and povo" by the name
        # alone, while "Sign up for new plan" is the action done: either may be meant, the
        # one sharing only a thing never written on; which is asked
        return ask(
            "Which step do you mean?",
            [*others, step],
            lambda c: [(name, {**args, "step_id": c.step_id}) for name, args in calls],
            any(c.plan_id != step.plan_id for c in others),
        )
    if (
        reason is None
        and kind == "done"
        and step_match.is_getting(step.title)
        and intents.finish_said_bare(message)
    ):
        # "gas finish" of "Buy a gas cylinder": in learners' English a thing that "finish" may
        # be used up, so getting it is not done by that; proposed
        return propose(replace(st, kind=kind), step, ctx, tuple(calls))
    if (
        reason is None
        and kind == "done"
        and certainty.booked_for_a_day(message)
        and not certainty.is_booking(step.title)
    ):
        # "the council assessment is booked for the 9th" for "Get the council assessment":
        # the booking is made, the thing itself is still to come — the news menu, not done
        return _news_menu(st, step, ctx, message, None)
    if sign is not None and sign.menu:
        # how the step stands is what the sign doubts: the news menu, and the wait as
        # read when a wait was the reading ("garage is chocker till the 10th")
        return _news_menu(st, step, ctx, message, calls if kind == "snooze" else None)
    if (
        kind == "skip"
        and st.called
        and st.position is None  # ("don't need step 3 anymore": the step by its number)
        and not _called_off_names(st.action, step, plans, ctx)
    ):
        # "not bothering with a brace anymore, the scan results say it's a sprain": the
        # thing called off is not the step the rest of the words found; proposed
        return propose(replace(st, kind=kind), step, ctx, tuple(calls))
    if reason is None:
        return None
    return propose(replace(st, kind=kind), step, ctx, tuple(calls))


def _called_off_names(
    thing: str, step: step_match.Candidate, plans: list[Plan], ctx: ToolContext
) -> bool:
    """The words of a thing called off name this step: the matcher finds it (or asks
    among it), it is the one step with the thing, or the thing's initials are a word of
    the title ("the personal trainer thing" for "Book a PT session")."""
    match = step_match.match_step(thing, plans, ctx.current_plan_id)
    if (match.best is not None and match.best.step_id == step.step_id) or any(
        c.step_id == step.step_id for c in match.close
    ):
        return True
    only = step_match.by_unique_thing(thing, plans, ctx.current_plan_id)
    if only is not None and only.step_id == step.step_id:
        return True
    if step_match.shared_things(thing, step.title):
        return True
    initials = "".join(w[0] for w in step_match.content_stems(_NOT_A_THING.sub(" ", thing)))
    return len(initials) >= 2 and initials in {
        w.lower() for w in re.findall(r"\b[A-Z]{2,4}\b", step.title)
    }


# Words that say a thing is meant, naming none: "the personal trainer thing"
_NOT_A_THING = re.compile(r"\b(?:thing|stuff|bit|idea|business|lark|malarkey)s?\b", re.I)


def _news_menu(
    st: intents.Statement,
    step: step_match.Candidate,
    ctx: ToolContext,
    message: str,
    wait: list[tuple[str, dict[str, Any]]] | None,
) -> OfflineAnswer:
    """The Done / Started / Just note it menu for the step, with the wait as read last when
    there was one: nothing is written before a press."""
    menu = status_menu(step, message)
    if wait is None or menu.question is None:
        return menu
    until = wait[0][1].get("until")
    if st.when is not None and until:
        day = dates.describe(st.when.moment, ctx.timezone, ctx.now, st.when.has_time)
        label = f"Wait till {day}"
    else:
        label = "Let it wait"
    question = Question(menu.question.text, (*menu.question.options, Option(label, tuple(wait))))
    return OfflineAnswer(question.text, True, question=question)


def _verb_rivals(
    message: str, step: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """Other open steps the message fits as well as the one found: the step was found by
    its verb alone (none of its things is named) and other steps lead with that verb too.
    More than three: none (the words name too little to ask among)."""
    said = step_match.content_stems(message)
    things = [
        s
        for s in step_match.content_stems(step.title)[1:]
        if s not in step_match.LIGHT
        and s not in step_match.FILLER
        and s not in _PARTICLES
        and any(step_match.same_word(s, m) for m in said)
    ]
    others = [
        step_match.Candidate.of(plan, other, 0.0, False)
        for plan in plans
        for other in plan["steps"]
        if other["status"] not in FINISHED and other["id"] != step.step_id
    ]
    if things or not _leads(said, step.title):
        return []
    verb = step_match.content_stems(step.title)[0]
    rivals = [
        c for c in others if _same_doing(verb, (step_match.content_stems(c.title) or [""])[0])
    ]
    if someone_found(message) and step_match.finds_someone(step.title):
        # ("found someone for Mixa!!": "Find P60" shares the verb, but no one is found for it)
        rivals = [c for c in rivals if step_match.finds_someone(c.title)]
    return rivals if len(rivals) <= 3 else []


def _verb_elsewhere(
    message: str, step: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """Open steps whose own action the message does while the step found shares only a
    thing with it (``step_match.does_the_others_verb``). More than two: none (a verb that
    common tells no step)."""
    clause = re.split(r"[.!?;]|\s[-—–]\s", message, maxsplit=1)[0]
    others = [
        step_match.Candidate.of(plan, other, 0.0, False)
        for plan in plans
        for other in plan["steps"]
        if other["status"] not in FINISHED
        and other["id"] != step.step_id
        and step_match.does_the_others_verb(clause, step.title, other["title"])
    ]
    return others if len(others) <= 2 else []


def _thing_twins(
    message: str, step: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """Open steps of other plans that hold every word the message shares with the step
    found, a thing among them: "got in to see Mr Reid at last" fits "Talk to Mr Reid about
    the lease" and "Get Mr Reid to sign the papers" alike, "the plumber came, all fixed" the
    plumber steps of two plans. Not when the message names the step's plan ("booked the gas
    check for flat 2"); a step of the same plan is told apart by how far along the plan is
    (which the matcher weighs). More than three: none (too little named to ask among)."""
    said = step_match.content_stems(message)

    def names(text: str) -> set[str]:  # (its things and its numbers: "Flat 2 turnover")
        return set(step_match.content_stems(text)) | set(re.findall(r"\d+", text))

    plan_words = {p["id"]: names(p["title"]) for p in plans}
    named = names(message) & plan_words.get(step.plan_id, set())
    shared = [
        s
        for s in step_match.content_stems(step.title)
        if s not in step_match.FILLER
        and s not in _PARTICLES
        and any(step_match.same_word(s, m) for m in said)
    ]
    if not any(s not in step_match.LIGHT for s in shared):
        return []
    if _TALKED.search(message) and (step_match.content_stems(step.title) or [""])[0] in _TALK:
        return []  # ("spoke to the plumber, all sorted": the call is the step told)
    twins = [
        step_match.Candidate.of(plan, other, 0.0, False)
        for plan in plans
        for other in plan["steps"]
        if other["status"] not in FINISHED
        and plan["id"] != step.plan_id
        and named <= plan_words[plan["id"]]
        and all(
            any(step_match.same_word(s, t) for t in step_match.content_stems(other["title"]))
            for s in shared
        )
    ]
    return twins if len(twins) <= 3 else []


# Words of how a thing is, never a thing of a step on their own ("Good news": no "Buy a new
# shovel")
_NO_THING = frozenset("new old good bad big small little first last next other own same".split())


# Declared for split_fits (tests/test_certainty.py runs them): the open steps, the step
# the reading found, and the other step the message is as likely about; a near miss has
# none (the found step named in the first clause, or by its verb)
_ESTATE = ("Get death certificates", "Close his bank accounts", "Cancel his phone contract")
SPLIT_FITS_EXAMPLES: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    (
        "called Verizon about his phone. 40 min on hold and then they tell me to call back "
        "Monday once the death certificate is uploaded",
        _ESTATE,
        "Get death certificates",
        "Cancel his phone contract",
    ),
    (
        "spoke to Chase about his accounts, they'll close them once the death certificates are in",
        _ESTATE,
        "Get death certificates",
        "Close his bank accounts",
    ),
    (
        "gave my Führerschein to the translator, she is working on it",
        ("Get licence translated", "Do the eye test", "Apply at Führerscheinstelle"),
        "Apply at Führerscheinstelle",
        "Get licence translated",
    ),
    (
        "Valuation's done - the agent reckons 285k for the bungalow",
        ("Choose an estate agent", "Get the bungalow valued"),
        "Choose an estate agent",
        "Get the bungalow valued",
    ),
)
SPLIT_FITS_NEAR_MISSES: tuple[tuple[str, tuple[str, ...], str], ...] = (
    (
        "got the death certificates, the bank needs one for his accounts",
        _ESTATE,
        "Get death certificates",
    ),
    (
        "cancelled his phone contract, they wanted the death certificate",
        _ESTATE,
        "Cancel his phone contract",
    ),
    (
        "Started stripping the old varnish off the clock case today",
        ("French polish the case", "Find a clock repairer"),
        "French polish the case",
    ),
    (
        "Good news eh, the Costco on Main donated a fridge!",
        ("Find a donated fridge", "Buy a new shovel"),
        "Find a donated fridge",
    ),
)


def split_fits(
    message: str, step: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """Open steps the message names by a thing the found step lacks, when the found step
    is named only by things of its own that the other lacks and never by its verb: the
    message is about one of them and names the other in passing ("called Verizon about his
    phone … call back Monday once the death certificate is uploaded" with "Get death
    certificates" and "Cancel his phone contract"; "gave my Führerschein to the translator"
    with "Apply at Führerscheinstelle" and "Get licence translated"), so which is asked.
    More than two: none (too little named to ask among)."""
    said = step_match.content_stems(message)
    # (what the message is about: its first clause, up to a sentence's end or a comma)
    first = step_match.content_stems(re.split(r"[.!?;,:]|\s[-—–]\s", message, maxsplit=1)[0])
    title = step_match.content_stems(step.title)
    if not title or any(step_match.same_word(title[0], m) for m in said):
        return []  # (the found step's own verb is said: the message does that step)

    def whole(s: str, m: str) -> bool:
        # the same word, never a part of a longer one ("Führerschein" of
        # "Führerscheinstelle", "paper" of "newspaper"): a part names its step weakly
        short, long = sorted((s, m), key=len)
        part = (
            len(long) - len(short) >= 4
            and (long.startswith(short) or long.endswith(short))
            and not long.endswith(("ation", "ment", "ing", "ion"))  # ("valuation"/"valu(ed)")
        )
        return step_match.same_word(s, m) and not part

    def things(stems: list[str], words: list[str], light: bool = False, full: bool = False):
        # (after a title's verb a light word is a thing: "phone" in "Cancel his phone
        # contract" is read as the verb "call")
        return {
            s
            for s in stems[1:]
            if (light or s not in step_match.LIGHT)
            and s not in step_match.FILLER
            and s not in _PARTICLES
            and s not in _NO_THING
            and len(s) > 2
            and not s.isdigit()
            and any((whole if full else step_match.same_word)(s, m) for m in words)
        }

    def lacks(mine: set[str], other: list[str]) -> set[str]:
        return {s for s in mine if not any(step_match.same_word(s, t) for t in other)}

    mine = things(title, said)
    if not mine or things(title, first, full=True):
        return []  # (the found step is named in the first clause: it is what it is about)
    rivals = []
    for plan in plans:
        for other in plan["steps"]:
            stems = step_match.content_stems(other["title"])
            if other["status"] in FINISHED or other["id"] == step.step_id or not stems:
                continue
            if lacks(things(stems, first, light=True, full=True), title) and lacks(mine, stems):
                rivals.append(step_match.Candidate.of(plan, other, 0.0, False))
    return rivals if len(rivals) <= 2 else []


def _equal_fits(
    message: str, step: step_match.Candidate, plans: list[Plan]
) -> list[step_match.Candidate]:
    """Open steps, of any plan, that the message's words fit as well as the one found: each
    names every thing the message shares with the found step, and its verb does the same
    as the found step's ("emailed the paperwork over to the new tenant" fits "Email the
    tenant the guide" and "Send the certificate to the tenants"), or it is a "Get …" step
    and the message's verb is one way of getting ("booked the appointment" fits "Book
    appointment at the bank" and "Get the licence appointment"). A thing only one step
    names, a verb only one step leads with, or the words of one plan's name ("booked the gas
    check for flat 2") tell them apart: none. More than three: none (too little named to
    ask among)."""
    said = step_match.content_stems(message)
    title = step_match.content_stems(step.title)
    if not title:
        return []

    def things(stems: list[str]) -> set[str]:
        return {
            s
            for s in stems[1:]
            if s not in step_match.LIGHT
            and s not in step_match.FILLER
            and s not in _PARTICLES
            and any(step_match.same_word(s, m) for m in said)
        }

    shared = things(title)
    if not shared:
        return []

    def names(text: str) -> set[str]:  # (its things and its numbers: "Flat 2 turnover")
        return set(step_match.content_stems(text)) | set(re.findall(r"\d+", text))

    # (the found step's plan named, beyond the step's own words, tells it from another
    # plan's: "for flat 2"; one word alone does not ("to the new tenant"), a number does)
    plan_words = {p["id"]: names(p["title"]) for p in plans}
    named = names(message) & plan_words.get(step.plan_id, set()) - names(step.title)
    if len(named) < 2 and not any(w.isdigit() for w in named):
        named = set()
    verb = title[0]
    verb_said = any(step_match.same_word(verb, m) for m in said)
    rivals = []
    for plan in plans:
        for other in plan["steps"]:
            stems = step_match.content_stems(other["title"])
            if (
                other["status"] in FINISHED
                or other["id"] == step.step_id
                or not stems
                or not named <= plan_words[plan["id"]]
            ):
                continue
            covers = all(any(step_match.same_word(s, t) for t in things(stems)) for s in shared)
            alike = _same_doing(verb, stems[0]) or (
                stems[0] in _GET
                and verb_said
                and any(step_match.same_word(verb, g) for g in _GETTING)
            )
            if covers and alike:
                rivals.append(step_match.Candidate.of(plan, other, 0.0, False))
    return rivals if len(rivals) <= 3 else []


# A "Get …" step is done by any way of getting its thing: "booked the appointment" may be
# "Get an appointment", "bought the tickets" "Get the tickets"
_GET = frozenset("get got obtain".split())
_GETTING = frozenset("book buy order arrange reserve collect pick".split())


# A step of talking to someone, and the person saying they talked: the verb tells the step
# from another of the same someone ("spoke to the plumber" is "Ring the plumber")
_TALK = frozenset("call phone ring contact email talk speak chat text message".split())
_TALKED = re.compile(
    r"\b(?:spoke|spoken|talked|chatted|rang|called|phoned|emailed|texted|messaged|"
    r"got\s+through\s+to|had\s+a\s+(?:word|chat))\b",
    re.I,
)


# Verbs that end, part with or send a thing the same way: a step found by one of them alone
# ("phoned them and cancelled it", "rang up and got it stopped", "sold it!!") fits a step led
# by another as well ("Cancel the gas", "Stop the milk delivery"; "Sell the sofa", "Flog the
# chairs")
_DOINGS = (
    frozenset("cancel stop end close terminate quit".split()),
    frozenset("sell flog offload".split()),
    frozenset("send post mail email".split()),
    frozenset("book arrange reserve schedule".split()),
)


def _same_doing(verb: str, other: str) -> bool:
    """Two steps' verbs that a message naming no thing cannot tell apart."""
    return step_match.same_word(verb, other) or any(
        any(step_match.same_word(verb, v) for v in family)
        and any(step_match.same_word(other, v) for v in family)
        for family in _DOINGS
    )


# Words after a step's verb that are no thing of it: "Post it off", "Hand them in"
_PARTICLES = frozenset("it them off up out in on over down back away".split())
# Verbs that lead too many steps to tell any apart: "Get …", "Sort …", "Do …"
_ANY_STEP = frozenset("get got do make sort have go finish complete".split())


def _leads(said: list[str], title: str) -> bool:
    """The step's verb, a specific one, is among the words said."""
    verb = step_match.content_stems(title)[:1]
    return (
        bool(verb)
        and verb[0] not in _ANY_STEP
        and any(step_match.same_word(verb[0], s) for s in said)
    )


_STATUS_KINDS = {"done": "done", "in_progress": "start", "skipped": "skip", "blocked": "block"}


def _kind_of(calls: list[tuple[str, dict[str, Any]]], said: str) -> str:
    """What the calls do to the step, as a statement's kind (a reading may have come to
    other calls than its own kind: news of a day written as a wait)."""
    name, args = calls[0]
    if name == "snooze_step":
        return "snooze"
    if "status" in args:
        return _STATUS_KINDS.get(args["status"], said)
    return "attempt" if "attempt_outcome" in args else said


def ask(
    text: str,
    close: list[step_match.Candidate],
    calls_for,
    with_plan: bool = True,
    *,
    kind: str = "",
) -> OfflineAnswer:
    """Which of these steps, a button each; ``kind`` says what a press does, before each
    step ("Done: Paint the fascia (step 3)") when the buttons do not all just mean "this"."""
    said = f"{kind}: " if kind else ""
    question = Question(
        text + " Nothing changed yet.",
        tuple(Option(said + c.label(with_plan), tuple(calls_for(c))) for c in close),
    )
    return OfflineAnswer(question.text, True, question=question)


# Completion said in words no verb of a step needs to agree with
_COMPLETE = frozenset(
    "done finished completed complete sorted ready fixed working live good nailed in the bag "
    "handled dealt ticked updated gaya gaye gayi gya gye gyi hogaya hogaye "
    # ("locked in", "totted up", "squared away", "wrapped up": done, whatever the step's verb)
    "locked totted squared wrapped".split()
)
# Verbs whose step is any of its thing's: "Sort the …", "Do the …", "Finish the …"
_ANY_DOING = frozenset("get sort do finish make complete".split())


def _said_of_its_kind(news: intents.ThingNews, title: str) -> bool:
    """The way the news is said finishes a step of this kind: a thing come finishes a step
    of getting it ("the tiles came today" is no "Choose the tiles"), a thing in its place one
    of putting or handing it, a thing gone out one of sending it; a participle or an -ing
    verb must be the step's own verb (or one of its family, or the step is any doing)."""
    verb = step_match.stem(news.verb)
    planned = (step_match.content_stems(title) or [""])[0]
    if news.shape == "state" or news.verb in _COMPLETE:
        return True
    if news.shape == "came":
        return step_match.is_getting(title) or step_match.is_waiting(title)
    if news.shape == "finish":
        # (a bare "finish" in learners' English also says a thing is used up: "gas finish",
        # "fuel don finish" — a step of getting it is not done by that, nor any step whose
        # verb gets: "room 3 paint finish" finishes "Repaint room 3")
        return not step_match.is_getting(title)
    if news.shape == "place":
        return step_match.is_placing(title) or step_match.is_handing(title)
    if news.shape == "gone":
        return step_match.is_handing(title)
    return (
        step_match.same_word(verb, planned)
        or step_match.one_action(verb, planned)
        or planned in _ANY_DOING
    )


async def news_of_a_thing(
    interp: Acting,
    ctx: ToolContext,
    text: str,
    plans: list[Plan],
    *,
    certain_only: bool = False,
    kind: str | None = None,
    shapes: tuple[str, ...] | None = None,
) -> OfflineAnswer | None:
    """News of a thing an open step names, read by grammar ("gutters are done mate",
    "samples came in the mail today", "scrubbing the black stuff off the wall now"):
    written when the step is certain — its thing no other open step has, the words name
    nothing the title lacks and every thing after its verb, and nothing in the message
    hedges, negates or looks ahead — proposed when only plausible, asked among a few.
    ``certain_only``: the certain write, or None; ``kind``: only news of that kind (the
    statement's own reading, which the grammar must agree with); ``shapes``: only news
    said in those ways."""
    if intents.is_question(ctx.message or ""):
        return None  # ("kitchen packed already??": the marks the rules' text was given without)
    for news in intents.thing_news(text):
        if (kind is not None and news.kind != kind) or (shapes and news.shape not in shapes):
            continue
        st = intents.Statement(news.kind, news.thing, None, None, None, news.thing, said=text)
        match = step_match.match_step(news.thing, plans, ctx.current_plan_id, open_only=True)
        # (the thing alone, without the -ing verb that says it is going on)
        thing = news.thing.split(maxsplit=1)[-1] if news.shape == "doing" else news.thing
        only = step_match.by_unique_thing(thing, plans, ctx.current_plan_id, open_only=True)
        if match.ambiguous and only is None:
            if len(match.close) <= 4 and not certain_only:
                with_plan = len({c.plan_id for c in match.close}) > 1
                return ask(
                    "Which step do you mean?",
                    match.close,
                    lambda c, st=st: _calls(st, c.step_id, ctx),
                    with_plan,
                )
            continue
        step = only if only is not None else match.best
        if step is None or (match.best is not None and match.best.step_id != step.step_id):
            continue
        certain = (
            news.plain
            and only is not None
            and _said_of_its_kind(news, step.title)
            and step_match.names_only(news.thing, step.title)
            and step_match.names_whole(news.thing, step.title, but_verb=True)
            and not step_match.one_of_many(text, step.title)
            # ("visa app went in yesterday, paid the sevis fee as well": another step named
            # too is news of two, which is asked)
            and not any(
                c.step_id != step.step_id
                for c in step_match.candidates(text, plans, ctx.current_plan_id, open_only=True)
            )
        )
        if certain:
            return await run(interp, ctx, _calls(st, step.step_id, ctx))
        if not certain_only:
            return propose(st, step, ctx)
    return None
