"""A learnt check of a new plan's shape: how likely the plan the rules made from a message is wrong.

The rules' most common wrong write at first sight is a new plan of the right kind with wrong
pieces: a title that is chatter ("Writing this before I forget", "Shall", "40 ppl"), a step
that is news ("I landed yesterday"), one step split in two or two read as one. The second
reader (``write_odds``) judges only the kind of write, so it cannot see them. This check is
learnt from the plans themselves: a logistic regression over the shape of the made plan
against its message — the title's length, first and last word, whether it tells what
happened, names the list itself or is shouted, its share of the message and where it stands
in it; the count of steps against the message's list marks and "then"s; steps
that open with no verb, are very short, tell of the past, carry sentence
punctuation or join two actions — trained on every new plan the rules made at the first sight
of the blind sets, each marked right or wrong (``python -m eval.train_plan_odds``). The rules
use it as a veto on a plan made from free wording (``doubts``): at or above ``THRESHOLD`` the
plan is proposed, shown with its title and steps, and made only on yes. docs/UNDERSTANDING.md
says how it was measured.

Pure: the weights are read once, from the package data file beside this module.
"""

from __future__ import annotations

import json
import math
import re
from functools import cache
from importlib import resources
from typing import Any

from drbot.ai.language.plan_phrases import STEP_VERBS

# A plan this check gives a probability of being wrong at or above this is proposed, not made.
# Measured leave-one-round-out on the first-sight plans of the blind sets (docs/UNDERSTANDING.md,
# "The check of a new plan's shape"): 0.20 rather than 0.25 stops about a fifth more of the
# wrong plans for about three right plans proposed per wrong one stopped, and a proposal costs
# a tap where a wrong plan costs noticing it, undoing it and saying it again.
THRESHOLD = 0.20

WEIGHTS_FILE = "plan_odds.json"

_WORD = re.compile(r"[a-z0-9']+")
_FUNCTION = frozenset(
    "a an the to for of in on at by with from and or but so then my our his her their your its "
    "this that these those it i we you he she they me us him them is are was were be been "
    "am".split()
)
_PRONOUNS = frozenset("i we you he she they it my our his her their your me us him them".split())
_MODALS = frozenset(
    "need needs have has had must should will would can could want wanted gotta gonna got "
    "going".split()
)
_GREETINGS = frozenset(
    "hi hello hey ok okay right so morning evening good please kia oi new plan hiya thanks "
    "thank".split()
)
# Verbs a step of a plan opens with ("book the van", "ring the council")
VERBS = frozenset(
    """add apply arrange ask attend bake book bring build buy call cancel change chase check
    choose clean clear collect compare confirm contact cook copy create decide deep delete design
    do download draft drop email empty enrol enter export fill find finish fix follow get give go
    grab hand hire inform install invite join learn leave let list look make measure meet move
    order organise organize pack paint pay phone pick plan post prepare print put read register
    remove renew rent repair replace reply request research return ring review run save schedule
    see sell send set sign sort speak start stock submit switch take talk tell text tidy train
    transfer try turn update upload visit wash watch write purchase finalise finalize lodge secure
    share shop sweep test top practise practice""".split()
)
# Past verbs that make a step news of what happened ("I landed yesterday", "she said no")
_PAST = frozenset(
    "said was were got gave passed moved told went had did made sent bought wrote came found took".split()
)
# Last words of a title that name the message, not the goal ("Ay also new plan", "… steps")
_LABEL_ENDS = frozenset(
    "instead new plan so then first track list goal project this one don too".split()
)
_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten".split())
_NUMBERED = re.compile(r"(?:^|\s)\d+[.)]\s")
_BULLET = re.compile(r"(?:^|\n)\s*[-•*]\s")
_THEN = re.compile(r"\bthen\b")
_SENTENCE_INSIDE = re.compile(r"[.!?]\s|\(|\?$|^\(")
_JOINED = re.compile(r"\b(?:and then|after that|also|and last|and if)\b")
# A title that tells what happened rather than the goal ("Our son was born 3 weeks ago", "My
# appointment has been moved", "I've been made redundant", "Just got given a plot")
_TOLD = re.compile(r"\b(?:was|were|has been|have been|'ve been|got|passed|born|moved|made)\b")
# Words of a title that names the message or the list instead of the goal ("Writing this
# before I forget", "Adding another thing to the pile", "Brain dump", "Can help me track this")
_ABOUT_THE_LIST = frozenset(
    "forget track list pile dump thing things note remember help plan another adding".split()
)


def _bucket(x: float, edges: tuple[float, ...]) -> str:
    """The index of the first edge ``x`` does not exceed (len(edges) above them all)."""
    return str(next((i for i, edge in enumerate(edges) if x <= edge), len(edges)))


def _first_word_class(word: str) -> str:
    if not word:
        return "none"
    if word.isdigit() or word in _NUMBER_WORDS:
        return "num"
    if word in _MODALS:
        return "modal"
    if word in _PRONOUNS:
        return "pron"
    if word in _GREETINGS:
        return "greet"
    if word in _FUNCTION:
        return "func"
    if word in VERBS:
        return "verb"
    if word.endswith("ing"):
        return "ing"
    if word.endswith("ed"):
        return "ed"
    return "other"


def word_class(word: str) -> str:
    """The class of a word that opens a title or a step, as this check sees it: a number, a
    modal, a pronoun, a greeting, a function word, a step's verb, an -ing or -ed form."""
    return _first_word_class(word)


def _against(count: int, steps: int) -> str:
    return "eq" if count == steps else "more" if count > steps else "less"


def features(text: str, title: str, steps: list[str]) -> list[str]:
    """The made plan's shape against its message, as the check sees it."""
    title_words = _WORD.findall(title.lower())
    lowered = text.lower()
    n = len(steps)
    out = [
        "tlen:" + _bucket(len(title_words), (1, 2, 3, 5, 7, 9, 12)),
        "tfirst:" + _first_word_class(title_words[0] if title_words else ""),
    ]
    last = title_words[-1] if title_words else ""
    out.append("tlast:" + (last if last in _LABEL_ENDS else "func" if last in _FUNCTION else "x"))
    if _TOLD.search(title.lower()):
        out.append("ttold")
    if _ABOUT_THE_LIST.intersection(title_words):
        out.append("tlist")
    if title.isupper() and len(title) > 3:
        out.append("tshouted")  # a shouted title is often the whole first sentence
    out.append("tshare:" + _bucket(len(title) / max(1, len(text)), (0.1, 0.2, 0.35, 0.5, 0.8)))
    at = lowered.find(title.lower()[:20])
    out.append("tpos:" + ("start" if 0 <= at < 15 else "mid" if at >= 15 else "na"))
    out.append("nsteps:" + _bucket(n, (0, 1, 2, 3, 4, 5)))
    arrows = text.count("->") + text.count("→")
    marks = max(
        len(_NUMBERED.findall(text)), len(_BULLET.findall(text)), arrows + 1 if arrows else 0
    )
    if marks:
        out.append("mark_vs_steps:" + _against(marks, n))
    thens = len(_THEN.findall(lowered))
    if thens and n:
        out.append("thens_vs:" + _against(thens + 1, n))
    short = past = sentence = joined = 0
    for step in steps:
        words = _WORD.findall(step.lower())
        out.append("sfirst:" + _first_word_class(words[0] if words else ""))
        short += len(words) <= 2
        past += any(w in _PAST for w in words[:4]) or (len(words) > 1 and words[1].endswith("ed"))
        sentence += bool(_SENTENCE_INSIDE.search(step))
        joined += bool(_JOINED.search(step.lower()))
    if short:
        out.append("shortstep:" + _bucket(short, (1,)))
    if past:
        out.append("paststep")
    if sentence:
        out.append("punctstep")
    if joined:
        out.append("conjstep")
    if n and steps[0].lower()[:15] in lowered[:40]:
        out.append("step1_at_start")
    return out


@cache
def weights() -> dict[str, Any]:
    """The trained weights: ``bias`` and ``weights`` (feature → weight in whole ``unit``s)
    and the ``digest`` of the plans trained on."""
    data = resources.files(__package__).joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(data)
    return loaded


def score(feats: list[str], model: dict[str, Any]) -> float:
    """P(wrong | features) under ``model`` (the weights' shape): each known feature once."""
    table: dict[str, int] = model["weights"]
    z = model["bias"] + model["unit"] * sum(table.get(f, 0) for f in dict.fromkeys(feats))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def odds(text: str, title: str, steps: list[str]) -> float:
    """How likely the plan ``title`` with ``steps``, read from ``text``, is wrong."""
    return score(features(text, title, steps), weights())


# A plan given as one: its title first, short and no sentence, then a colon, a dash or a line
# break before its steps ("Cafe: interview Sam, order the grinder", "Wedding\n- book the venue")
_GIVEN_AS_PLAN = re.compile(r"[ \t]*(?::|\n|-|–|—)")


def given_as_plan(text: str, title: str) -> bool:
    """Whether ``text`` opens with ``title`` as a plan's head over its list. The blind sets
    hold almost none of the short two-step plans people give this way (1 right in 435), so
    the check learnt "two steps" as a sign of a wrong cut: it is not asked about these."""
    head = text.lstrip()
    return (
        len(title.split()) <= 6
        and not re.search(r"[.!?]", title)
        and head.lower().startswith(title.lower())
        and _GIVEN_AS_PLAN.match(head, len(title)) is not None
    )


# The end of a plan's name: a colon, a full stop, a dash or a line break before what follows
_NAME_ENDS = r"(?=[ \t]*(?:[:.!\n—–-]|$))"


def named_a_plan(text: str, title: str) -> bool:
    """Whether ``text`` names ``title`` as a plan with the word "plan" itself: "Thesis
    plan\n1. …", "TOEFL plan: book …", "Plan for Holi collection: …", "Kindly make a plan for
    my sister's engagement function. Book …", "help me plan my daughter's arangetram. …". The
    person says what the plan is called, as plainly as a title set over its list, so the
    title is never a sentence of chatter read for one (the check's commonest catch). Near
    misses: the title only near the word ("plan is scan the denial letter"), or the words
    going on after it ("a plan for the kitchen and the hall"). A new one asked for and named
    right after the asking words' mark ("new one: quiz night for the club. write …", "add a
    new one — the shed clear-out: …") is named as plainly."""
    wanted = title.strip(" .:!").lower()
    if not wanted or len(wanted.split()) > 8:
        return False
    said = re.escape(wanted)
    lowered = text.lower()
    return (
        re.search(rf"\bplan(?: for| of)?(?: the)? {said}{_NAME_ENDS}", lowered) is not None
        or re.search(
            r"(?:^|[\s(])(?:(?:add|put|start|make)\s+)?(?:a\s+)?(?:new|another)\s+"
            rf"(?:plan|one|project|goal|list|thing)(?:\s+(?:pls|please|plz))?\s*[:—–-]\s*{said}{_NAME_ENDS}",
            lowered,
        )
        is not None
        or re.search(rf"(?:^|[\s(]){said} plan{_NAME_ENDS}", lowered) is not None
        # "my maize plan. When the rains stop …", "I want to plan my son's school transfer:
        # visit …": the word is the title's own
        or (
            (wanted.endswith(" plan") or wanted.startswith("plan "))
            and re.search(rf"(?:^|[\s(]){said}{_NAME_ENDS}", lowered) is not None
        )
    )


def each_an_action(steps: list[str]) -> bool:
    """Whether every one of ``steps`` opens with a verb of a step ("Book the hall", "Order
    sweet boxes"): a list of things to do, with no news or remark read as a step ("I moved on
    monday", "Still living out of boxes")."""
    return bool(steps) and all(
        (words := _WORD.findall(step.lower())) and (words[0] in VERBS or words[0] in STEP_VERBS)
        for step in steps
    )


def numbered_as_steps(text: str, steps: list[str]) -> bool:
    """Whether each of three or more ``steps`` follows its own number in ``text``, counted
    from 1 with none after the last ("1. finish lit review\n2. …", "1) obtain … 2) locate …",
    "step 1 pick a name step 2 …"): the person cut the list, not the reader. Near misses: a
    number the list skips or one more than the steps read (a step lost), a step not at its
    number."""
    if len(steps) < 3:
        return False
    lowered = text.lower()

    def at_number(n: int, after: str) -> bool:
        mark = rf"(?:^|\s)(?:step\s*{n}\b[.):,-]?|{n}[.)])\s*"
        return re.search(mark + after, lowered) is not None

    for n, step in enumerate(steps, 1):
        words = _WORD.findall(step.lower())
        if not words or not at_number(n, r"\W{0,3}" + re.escape(words[0]) + r"\b"):
            return False
    return not at_number(len(steps) + 1, "")


def doubts(text: str, title: str, steps: list[str]) -> bool:
    """True when the plan read from ``text`` is likely enough wrong to be shown first."""
    return odds(text, title, steps) >= THRESHOLD
