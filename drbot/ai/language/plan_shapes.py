"""Other shapes of a plan read from a message, and a learnt choice among them.

The readers make one plan of a message: one title, one cut of its steps. Where that plan is
wrong at first sight, the commonest faults each have one other shape nearby: a closing line
or an aside read as the last step ("…, book her flight. Kinda overwhelmed tbh"), news or a
list's header read as the first ("Are as follows:", "Abstract got accepted"), the goal read
as the first step under a title of chatter ("My cofounder says i should use this" over
"Get Tomi's visa sorted", …), the list's first item glued to its title by a colon or a
dash ("Garage sale: price everything", "Loft conversion — architect"), and a greeting or
chatter read as the title over a sentence that names the goal nearer the list ("Slava ukraini
💙💛 my friend said you help with plans. we moving from Hamburg to Bremen …"). ``shapes`` lists
those neighbours; ``choose`` keeps the one a logistic regression finds likeliest right — its
features are the shape's own (``plan_odds.features``) and, by kind of cut, the piece cut
away (a closing's words, a header's colon, a title of chatter against a step with a verb).
It is trained on every plan the rules made at the first sight of the blind sets, each with
its neighbours, marked right or wrong by what the message meant
(``python -m eval.train_plan_shapes``); a neighbour replaces the plan read only when it is
clearly likelier right (``MARGIN``). docs/UNDERSTANDING.md says how it was measured.

Pure: the weights are read once, from the package data file beside this module.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from importlib import resources
from typing import Any

from drbot.ai.language import plan_odds, plan_prose

WEIGHTS_FILE = "plan_shapes.json"

# A neighbour is kept only when its P(right) beats the plan read by this much: a shape the
# readers made is right 6 times in 7, and a wrong cut turns a right plan wrong.
MARGIN = 0.1

# A title that carries the list's first item after its head: "Garage sale: price everything",
# "Loft conversion — architect"
_HEAD_AND_ITEM = re.compile(r"^(?P<head>[^:—–]{3,}?)\s*(?::|\s[—–-]\s)\s*(?P<item>\S.*)$")
_WORD = re.compile(r"[a-z0-9']+")
# Words of a closing or an aside, never of a step: "tbh", "thank you o", "pray for me"
_CHATTER = frozenset(
    """lol tbh thx thanks thank pls please whatever sorry probably basically guess overwhelmed
    ugh pray lmao haha idk honestly anyway forget just want written help me kinda so""".split()
)
_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff]")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# How many sentences before the list are offered as its title, nearest first
_CLAUSES = 3
# Where the words before a list break into sentences: a stop, a line, a colon, a dash between
# spaces
_SENTENCE_BREAK = re.compile(r"(?<=[.!?\n:])\s+|\s+(?:--|—|–|-)\s+")


def _clauses_before(text: str, steps: list[str]) -> list[str]:
    """The ``_CLAUSES`` sentences said nearest before the list's first step, nearest first, as
    titles ("Slava ukraini 💙💛 my friend said you help with plans. we moving from Hamburg to
    Bremen for work, so: - …": "We moving from Hamburg to Bremen for work", "Slava ukraini …").
    A greeting and a goal's lead ("I need to") are no part of the title; a sentence of one word
    is none."""
    at = text.lower().find(steps[0].lower()[:12]) if steps else -1
    out: list[str] = []
    for piece in reversed(_SENTENCE_BREAK.split(text[: at if at >= 0 else len(text)])):
        piece = piece.strip(" \n:.,-–—•*")
        if len(_WORD.findall(piece.lower())) >= 2:
            title = plan_prose.goal_title(plan_prose.without_greeting(piece))
            if title:
                out.append(title)
                if len(out) == _CLAUSES:
                    break  # (only the nearest are read: every plan made passes here)
    return out


def shapes(text: str, title: str, steps: list[str]) -> list[tuple[str, str, list[str]]]:
    """The shapes near the plan ``title`` with ``steps`` read from ``text``, each as (kind of
    cut, title, steps): never the plan itself, never one with fewer than two steps. The
    sentences before the list are offered nearest first, back to the one the title read comes
    from: a sentence further back is further from what the list is for."""
    out: list[tuple[str, str, list[str]]] = []
    if len(steps) >= 3:
        out.append(("last", title, steps[:-1]))  # the last "step" was a closing or an aside
        out.append(("first", title, steps[1:]))  # the first was news or the list's header
        out.append(("goal", _cap(steps[0].rstrip(" :.,")), steps[1:]))  # the first was the goal
    head = _HEAD_AND_ITEM.match(title)
    if head is not None and steps:
        out.append(("head", head["head"].strip(), [_cap(head["item"].strip()), *steps]))
    nearest = True
    read = set(_WORD.findall(title.lower()))
    for clause in _clauses_before(text, steps):
        said = set(_WORD.findall(clause.lower()))
        if read <= said:
            break  # the title read is this sentence's: those before it are further from the list
        if said <= read:
            nearest = False
            continue  # a piece of the title said again
        out.append(("near" if nearest else "clause", clause, steps))
        nearest = False
    return [(k, t, s) for k, t, s in out if t and len(s) >= 2 and (t, s) != (title, steps)]


def _joint(around: str, *, last: bool) -> str:
    """The mark that joins a piece to its neighbour: a stop, a line, a colon, a comma, "and"."""
    bit = around.lower()
    words = _WORD.findall(bit)
    word = (words[-1] if last else words[0]) if words else ""
    if word in ("and", "then", "also", "n"):
        return word if word != "n" else "and"
    marks = re.findall(r"[.!?\n:,;\-–—→>•*]|\d[.)]", bit)
    if not marks:
        return "none" if not bit.strip() else "word"
    mark = marks[-1] if last else marks[0]
    return (
        "stop"
        if mark in ".!?"
        else "line"
        if mark == "\n"
        else "num"
        if mark[:1].isdigit()
        else mark
    )


def _piece(kind: str, piece: str, text: str) -> list[str]:
    """What the cut took away, as the chooser sees it, by kind of cut."""
    words = _WORD.findall(piece.lower())
    out = [
        "first:" + plan_odds.word_class(words[0] if words else ""),
        "len:"
        + (
            "0"
            if not words
            else "1"
            if len(words) == 1
            else "2"
            if len(words) <= 3
            else "3"
            if len(words) <= 6
            else "4"
        ),
    ]
    if _CHATTER.intersection(words):
        out.append("chatter")
    if piece.rstrip().endswith((":", "?")) or piece.lstrip().startswith("("):
        out.append("aside")
    if _EMOJI.search(piece):
        out.append("emoji")
    if any(w in plan_odds.VERBS for w in words[:3]):
        out.append("verb")
    if words and text.lower().rstrip(" .!?\n").endswith(words[-1]):
        out.append("at_end")
    # how it was joined to the words before and after it: a closing follows a full stop or a
    # line break ("… the union. Thx"), a step a comma, an "and" or a "then"
    at = text.lower().find(piece.lower()[:15]) if piece else -1
    if at >= 0:
        out.append("before:" + _joint(text[:at][-8:], last=True))
        out.append("after:" + _joint(text[at + len(piece) :][:8], last=False))
    return [f"{kind}|{f}" for f in out]


def features(
    text: str, kind: str, title: str, steps: list[str], was: tuple[str, list[str]]
) -> list[str]:
    """A shape of the plan (``kind`` of cut from the plan read, ``was``) as the chooser sees it."""
    out = ["kind:" + kind, *plan_odds.features(text, title, steps)]
    old_title, old_steps = was
    if kind == "last":
        out += _piece(kind, old_steps[-1], text)
    elif kind == "first":
        out += _piece(kind, old_steps[0], text)
    elif kind == "goal":
        out += _piece(kind + "_title", old_title, text) + _piece(kind, old_steps[0], text)
    elif kind == "head":
        out += _piece(kind, steps[0], text)
    elif kind in ("near", "clause"):
        # the title read is what is cut away; whether it is chatter, a greeting or news
        out += _piece("was", old_title, text)
        out += _piece(kind, title, text)
    return out


@cache
def weights() -> dict[str, Any]:
    """The trained weights: ``bias``, ``weights`` (feature → whole ``unit``s), ``digest``."""
    data = resources.files(__package__).joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(data)
    return loaded


def choose(
    text: str,
    title: str,
    steps: list[str],
    model: dict[str, Any] | None = None,
    margin: float | None = None,
) -> tuple[str, list[str]]:
    """The plan read, or the neighbour clearly likelier right than it (by ``margin``,
    ``MARGIN`` unless given)."""
    model = model or weights()
    margin = MARGIN if margin is None else margin
    if margin == math.inf:
        return title, steps  # turned off: the readers' own plan
    was = (title, steps)

    def right(kind: str, t: str, s: list[str]) -> float:
        return 1.0 - plan_odds.score(features(text, kind, t, s, was), model)

    best, best_p = was, right("read", title, steps) + margin
    for kind, t, s in shapes(text, title, steps):
        p = right(kind, t, s)
        if p > best_p:
            best, best_p = (t, s), p
    return best
