"""A plan renamed or a step moved, in words.

    rename the plan to Kitchen refit        call the fence plan Garden fence
    move the van before the kitchen         move step 3 to the top
    the quotes should come after the survey put the cake last

``read_rename`` gives ``(plan words or None, new title)``; ``read_move`` gives a ``Move``:
the step (its words or number) and where it goes. Pure: finding the plan or step is the
matcher's job.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drbot.ai.language.plan_phrases import cap

_QUOTES = " \t\"'“”‘’.!"
_RENAME = (
    re.compile(
        r"^(?:please\s+)?(?:rename|retitle)\s+(?:the\s+|this\s+|my\s+)?"
        r"(?:(?P<ref>.+?)\s+)?plan\s+(?:to|as)\s+(?P<title>.+)$",
        re.I,
    ),
    re.compile(
        r"^(?:please\s+)?(?:rename|retitle)\s+(?P<ref>.+?)\s+(?:to|as)\s+(?P<title>.+)$", re.I
    ),
    re.compile(
        r"^(?:please\s+)?(?:call|name)\s+(?:the\s+|this\s+|my\s+)?(?:(?P<ref>.+?)\s+)?"
        r"plan\s+(?P<title>.+)$",
        re.I,
    ),
    re.compile(
        r"^(?:please\s+)?change\s+(?:the\s+)?(?:(?P<ref>.+?)\s+)?(?:plan'?s?\s+)?"
        r"(?:name|title)\s+to\s+(?P<title>.+)$",
        re.I,
    ),
)
_PLACE = {
    "top": 1,
    "start": 1,
    "beginning": 1,
    "front": 1,
    "first": 1,
    "bottom": -1,
    "end": -1,
    "last": -1,
}
_WHERE = r"(?P<where>before|after|ahead\s+of|above|below|under)\s+(?P<target>.+)"
_TO = (
    r"(?:to\s+(?:the\s+)?(?P<place>top|start|beginning|front|bottom|end)(?:\s+of\s+the\s+"
    r"(?:list|plan))?|to\s+(?:step\s+|position\s+|number\s+)?(?P<position>\d{1,2})|"
    r"(?P<place2>first|last))"
)
_MOVE = (
    re.compile(
        rf"^(?:please\s+)?(?:move|put|shift|bump)\s+(?P<step>.+?)\s+(?:{_WHERE}|{_TO})$", re.I
    ),
    re.compile(rf"^(?P<step>.+?)\s+should\s+(?:come|go|be)\s+(?:{_WHERE}|{_TO})$", re.I),
    # ("do I need the NIF before the bank account?" is a question, not a move)
    re.compile(
        r"^(?:please\s+)?do\s+(?!(?:i|we|you|they|he|she|it)\b)(?P<step>.+?)\s+"
        r"(?P<where>before|after)\s+(?P<target>.+)$",
        re.I,
    ),
)
_STEP_NUMBER = re.compile(r"^(?:step\s*#?\s*)(?P<n>\d{1,2})$", re.I)


@dataclass(frozen=True)
class Move:
    step: str  # the step's words ("the van") or ""
    number: int | None  # "step 3"
    before: str | None = None  # the step it goes before ...
    after: str | None = None  # ... or after ...
    position: int | None = None  # ... or a place: 1 = first, -1 = last


def read_rename(text: str) -> tuple[str | None, str] | None:
    text = " ".join(text.split()).strip(" .!")
    for form in _RENAME:
        found = form.match(text)
        if found:
            title = cap(found["title"].strip(_QUOTES))
            ref = re.sub(r"\s*\bplan'?s?$", "", (found["ref"] or "").strip(_QUOTES), flags=re.I)
            named = None if ref.lower() in ("", "the", "this", "my", "it") else ref
            return (named, title) if title else None
    return None


def read_move(text: str) -> Move | None:
    text = " ".join(text.split()).strip(" .!")
    for form in _MOVE:
        found = form.match(text)
        if found is None:
            continue
        groups = found.groupdict()
        step = re.sub(r"^(?:the|my)\s+", "", groups["step"].strip(), flags=re.I)
        numbered = _STEP_NUMBER.match(step)
        number = int(numbered["n"]) if numbered else None
        words = "" if numbered else step
        if groups.get("where"):
            target = groups["target"].strip()
            if groups["where"].lower() in ("before", "ahead of", "above"):
                return Move(words, number, before=target)
            return Move(words, number, after=target)
        place = groups.get("place") or groups.get("place2")
        if place:
            return Move(words, number, position=_PLACE[place.lower()])
        if groups.get("position"):
            return Move(words, number, position=int(groups["position"]))
    return None


# What the readers must read, and what they must leave alone (tests/test_readings.py).
RENAME_EXAMPLES: tuple[tuple[str, str | None, str], ...] = (
    ("rename the plan to Kitchen refit", None, "Kitchen refit"),
    ("rename the fence plan to Garden fence", "fence", "Garden fence"),
    ("call the plan “Mia's party”", None, "Mia's party"),
    ("change the plan's name to Move to Leeds", None, "Move to Leeds"),
)
MOVE_EXAMPLES: tuple[tuple[str, Move], ...] = (
    ("move the van before the kitchen", Move("van", None, before="the kitchen")),
    ("move step 3 to the top", Move("", 3, position=1)),
    ("the quotes should come after the survey", Move("quotes", None, after="the survey")),
    ("put the cake last", Move("cake", None, position=-1)),
    ("move step 1 to step 3", Move("", 1, position=3)),
)
NEAR_MISSES: tuple[str, ...] = (
    "moving house: book the van, pack the kitchen",
    "we're moving before christmas",
    "called the plan office",
    "put the bins out",
    "do I need the NIF before the bank account or is it the other way round",
)
