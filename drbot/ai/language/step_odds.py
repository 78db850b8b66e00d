"""A learnt check of which step a piece of news is about: how likely the step the rules chose
is the one meant, from how the message's words fall across the person's steps.

The second reader (``write_odds``) judges the kind of write from the words; it cannot tell
"insurance is sorted 👍" about "Sort van insurance" from the same news about "Renew public
liability insurance". This check looks at the step instead: how much of the chosen step's
title the message names and how much the best other step's does (``step_match.score``), whether
the things the message names are the chosen step's alone or shared with other steps, whether
the best other step names a thing of the message the chosen one lacks, and how many of the
message's things neither names. A logistic regression over these, trained on the steps the
rules wrote at first sight of 41 blind sets and those they write now on every held-out set
(``python -m eval.train_step_odds``), gives the odds that the chosen step is right; below
``THRESHOLD`` the rules ask which of the two steps is meant (``rules/step_statements``),
nothing written. docs/UNDERSTANDING.md says how it was measured.

Pure: the weights are read once, from the package data file beside this module.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from drbot.ai.language import action_said, step_match
from drbot.memory.records import FINISHED, Plan, Step

# A step whose odds are below this is asked about (with the best other step), not written.
# Measured leave-one-round-out on the first-sight writes of 41 blind sets (docs/
# UNDERSTANDING.md, "Which step: a learnt check"), as asked (``asks``): at 0.9 it caught 9 of
# 29 writes on a wrong step or on a step the words left open, and would have asked about 2 of
# 847 right ones; of the current rules' writes on those sets, 2 of 890 right ones (0.85: 8, 1
# and 1; 0.8: 7, 1 and 1).
THRESHOLD = 0.9

# A step whose odds reach this is one the check is sure of: news the second reader is all but
# sure of the kind of is written on it unasked (``rules/step_statements.said_plainly``).
# Chosen leave-one-round-out with the second reader's bar (``python -m eval.train_write_odds
# --menus``): on the 343 first-sight menus of one step, at 0.9 of the kind, 116 written right
# and 8 wrong without it; 116 and 5 with it (three menus of the wrong step left as menus).
SURE = 0.95

WEIGHTS_FILE = "step_odds.json"


@dataclass(frozen=True)
class Choice:
    """The features of one step chosen for a message, and the best other step."""

    features: dict[str, float]
    runner_up: step_match.Candidate | None


def _things(stems: list[str]) -> list[str]:
    return [s for s in stems if s not in step_match.LIGHT and s not in step_match.PARTICLES]


def _hits(stem: str, stems: list[str]) -> bool:
    return any(step_match.same_word(stem, s) for s in stems)


def _verb_said(verb: str, said: list[str]) -> bool:
    """The step's verb, or one doing the same ("spoke" for "Ring"), among the words."""
    return any(step_match.same_word(verb, s) or step_match.one_action(s, verb) for s in said)


def choice(
    text: str, plans: list[Plan], current_plan_id: int | None, step_id: int
) -> Choice | None:
    """How ``text`` falls across the steps of ``plans`` when step ``step_id`` is the one chosen
    (None when no plan holds it). Every step counts, finished ones too: news of a step done
    may be about either."""
    said = step_match.content_stems(text)
    scored: list[tuple[float, Plan, Step]] = [
        (step_match.score(said, step["title"]), plan, step)
        for plan in plans
        for step in plan["steps"]
    ]
    chosen = next((x for x in scored if x[2]["id"] == step_id), None)
    if chosen is None:
        return None
    score, plan, step = chosen
    others = sorted((x for x in scored if x[2]["id"] != step_id), key=lambda x: -x[0])
    r_score, r_plan, r_step = others[0] if others else (0.0, None, None)
    titles = {s["id"]: step_match.content_stems(s["title"]) for _, _, s in scored}
    own = titles[step_id]
    own_things = _things(own)
    sharing = [s for _, _, s in scored if any(_hits(t, said) for t in titles[s["id"]])]
    sharing_things = [
        s for _, _, s in scored if any(_hits(t, said) for t in _things(titles[s["id"]]))
    ]
    things = [m for m in _things(said) if len(m) > 2]
    hit = [m for m in things if _hits(m, own_things)]
    others_with = [s for _, _, s in others if any(_hits(m, _things(titles[s["id"]])) for m in hit)]
    distinct = [m for m in hit if not any(_hits(m, _things(titles[s["id"]])) for _, _, s in others)]
    unmatched = [m for m in things if not _hits(m, own_things)]
    r_things = _things(titles[r_step["id"]]) if r_step is not None else []
    r_own = titles[r_step["id"]] if r_step is not None else []
    verb_named = bool(own) and _verb_said(own[0], said)
    r_verb_named = bool(r_own) and _verb_said(r_own[0], said)
    features = {
        "score": score,
        "runner_up_score": r_score,
        "margin": score - r_score,
        "best": float(not any(x[0] > score for x in others)),
        "steps_sharing": min(len(sharing), 5) / 5,
        "steps_sharing_things": min(len(sharing_things), 5) / 5,
        "several_share_things": float(len(sharing_things) >= 2),
        "verb_named": float(verb_named),
        "runner_up_verb_named": float(r_verb_named),
        "verb_its_own": float(verb_named and not r_verb_named),
        "thing_named": float(any(_hits(t, said) for t in own_things)),
        "runner_up_thing_named": float(any(_hits(t, said) for t in r_things)),
        "in_current_plan": float(plan["id"] == current_plan_id),
        "runner_up_in_current_plan": float(r_plan is not None and r_plan["id"] == current_plan_id),
        "runner_up_same_plan": float(r_plan is not None and r_plan["id"] == plan["id"]),
        "things_hit": min(len(hit), 3) / 3,
        "others_with_those_things": min(len(others_with), 3) / 3,
        "things_its_own": min(len(distinct), 3) / 3,
        "only_shared_things": float(bool(hit) and not distinct),
        "another_names_them_all": float(
            bool(hit)
            and any(all(_hits(m, _things(titles[s["id"]])) for m in hit) for _, _, s in others)
        ),
        "things_not_its": min(len(unmatched), 6) / 6,
        "runner_up_has_another_thing": float(
            any(_hits(m, r_things) and not _hits(m, own_things) for m in things)
        ),
        "no_things": float(not things),
        "runner_up_finished": float(r_step is not None and r_step["status"] in FINISHED),
        "whole_title_named": float(bool(own) and all(_hits(t, said) for t in own)),
        "runner_up_whole_title_named": float(bool(r_own) and all(_hits(t, said) for t in r_own)),
        "all_its_things_named": float(bool(own_things) and all(_hits(t, said) for t in own_things)),
        "all_runner_up_things_named": float(
            bool(r_things) and all(_hits(t, said) for t in r_things)
        ),
    }
    runner_up = (
        step_match.Candidate.of(r_plan, r_step, r_score, r_plan["id"] == current_plan_id)
        if r_plan is not None and r_step is not None
        else None
    )
    return Choice(features, runner_up)


@cache
def weights() -> dict[str, Any]:
    """The trained weights: ``bias``, ``weights`` (feature → weight) and the ``digest`` of the
    choices trained on."""
    data = resources.files(__package__).joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(data)
    return loaded


def probability(features: dict[str, float], model: dict[str, Any]) -> float:
    """P(the chosen step is the one meant | features) under ``model`` (the weights' shape)."""
    table: dict[str, float] = model["weights"]
    z = model["bias"] + sum(table.get(k, 0.0) * v for k, v in features.items())
    return 1 / (1 + math.exp(-z))


def asks(features: dict[str, float], probability_right: float) -> bool:
    """Whether a choice with these features and odds is asked about: its odds below
    ``THRESHOLD``, the chosen step named by the words at all (``step_match.WEAK_SCORE``: a step
    found by its position, its log, a choice made or the plan's name was found by what this
    check cannot see), another step sharing a word with the message, and the message not naming
    the chosen step whole (its verb and its things) while the other only in part — words
    cannot point to a step more exactly ("called the bank" with "Call the bank" and "Send the
    form to the bank"; "bought the van" with "Buy the van" and "Sort van insurance"), and the
    other step still open (news of a step cannot be of one already done or skipped)."""
    whole = features["whole_title_named"] and features["thing_named"]
    return (
        probability_right < THRESHOLD
        and features["score"] >= step_match.WEAK_SCORE
        and features["runner_up_score"] > 0
        and not (whole and not features["runner_up_whole_title_named"])
        and not features["runner_up_finished"]
    )


def sure(features: dict[str, float], probability_right: float) -> bool:
    """Whether the check is sure of a step chosen for news: its odds at least ``SURE``, or it
    is the step the words name best and no other step names any of the things it shares with
    the message (nothing else the words could be about)."""
    return probability_right >= SURE or (
        bool(features["best"]) and not features["others_with_those_things"]
    )


def sure_of(text: str, plans: list[Plan], current_plan_id: int | None, step_id: int) -> bool:
    """``sure`` for step ``step_id`` chosen for ``text`` among ``plans``, and no other open
    step doing the action said (``action_said.other_doing_it``)."""
    found = choice(text, plans, current_plan_id, step_id)
    return (
        found is not None
        and sure(found.features, probability(found.features, weights()))
        and action_said.other_doing_it(text, plans, step_id) is None
    )


def doubted(
    text: str, plans: list[Plan], current_plan_id: int | None, step_id: int
) -> step_match.Candidate | None:
    """The other step to ask about when the chosen one is in doubt for ``text`` (``asks``), or
    when the action said is another open step's while the things said found this one
    (``action_said.other_doing_it``: a declared doubt, not learnt); None to write as chosen."""
    found = choice(text, plans, current_plan_id, step_id)
    if found is None:
        return None
    if found.runner_up is not None and asks(found.features, probability(found.features, weights())):
        return found.runner_up
    # The action said is another step's, the things said this one's: which is asked
    doing = action_said.other_doing_it(text, plans, step_id)
    if doing is None:
        return None
    plan, step = doing
    return step_match.Candidate.of(
        plan,
        step,
        step_match.score(step_match.content_stems(text), step["title"]),
        plan["id"] == current_plan_id,
    )
