"""The first steps of a plan that has none yet, in the words people use.

A goal alone ("I need to sort out my passport renewal") makes a plan with no
steps, and drbot asks for them.  What comes next is a list, not a new plan:

    steps are: get new photos, fill in the online form, post it
    get new photos, fill in the online form and post it
    first get 3 quotes, then pick a builder
    1. get photos
    2. fill in the form

``read_steps`` reads such a list; the interpreter adds it to the plan being
talked about only while that plan has no steps (anything else keeps its
meaning: "move house: book the van, pack" is still a new plan, and a list for a
plan that has steps is a re-plan, which is asked for in words).
"""

from __future__ import annotations

import re

from drbot.ai.language import plan_phrases

# "steps are:", "the first steps would be", "to do:", "things to do -"
_LEAD = re.compile(
    r"^\s*(?:(?:so|ok(?:ay)?|well|right|sure|alright)[\s,]+)?(?:the\s+)?(?:first\s+)?"
    r"(?:steps?|things?\s+to\s+do|to\s*-?\s*dos?|todos?)\s*"
    r"(?:(?:are|is|would\s+be|will\s+be)\s*[:—]?|[:—])\s*",
    re.I,
)
# "I need to get photos, fill in the form" (the goal was named already)
_NEED = re.compile(r"^\s*(?:i|we)\s+(?:will\s+|'ll\s+)?(?:need|have)\s+to\s+", re.I)
_MAX_WORDS = 12  # a step is a line, not a paragraph: longer items are not a list


def read_steps(text: str) -> tuple[list[str], bool]:
    """The steps ``text`` lists for a plan that has none ([] when it is no list),
    and whether it was said as a list ("steps are:", "first … then", numbered
    lines) rather than as bare clauses, which the caller checks are no news."""
    text = text.strip()
    lead = _LEAD.match(text)
    if lead:
        return _fit(plan_phrases.split_steps(text[lead.end() :]), least=1), True
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > 1:
        if not all(plan_phrases.ITEM_MARK.match(line) for line in lines):
            return [], False  # a title line: a new plan (plan_phrases reads it)
        return _fit(plan_phrases.split_steps(text), least=2), True
    sequence = plan_phrases.read_sequence(text)
    if sequence is not None:  # with a goal before "first" it is a new plan
        return (_fit(sequence[1], least=2) if sequence[0] == sequence[1][0] else []), True
    body = _NEED.sub("", text)
    if re.search(r"[:—]", body):
        return [], False  # "move house: …" names a goal: a new plan
    return _fit(plan_phrases.split_steps(body), least=2), False


def _fit(steps: list[str], *, least: int) -> list[str]:
    if len(steps) < least or any(len(step.split()) > _MAX_WORDS for step in steps):
        return []
    return steps
