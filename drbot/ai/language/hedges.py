"""Sentences that state no change: hypotheticals, musings, intentions, questions.

"should I skip the survey?", "maybe I'll skip the trampoline park", "thinking about
dropping the hedge", "was going to call them", "what if the council says no": each names
a step and a verb the rules would otherwise act on. A wrong write is worse than none, so
any of these readings means nothing is written (a commitment offer with a date, which
only asks, still may be made).

Each reading is declared once, with the sentences it must match and the near-misses it
must not (tests/test_hedges.py runs both); the first that matches names the reading.
Priority is the order of ``READINGS``, which only matters for the name reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    name: str
    pattern: re.Pattern[str]
    examples: tuple[str, ...]  # must match
    near_misses: tuple[str, ...]  # must not match: they do state a change


# A reminder asked in the words of not forgetting ("don't let me forget the contract", "make
# sure I don't forget the vet", "dont forget the bins"): "forget" after a "don't" is never a
# step called off. No hedge: with a day it is a wait asked for, without one a reminder
# asked (intents), and what follows "forget" is never called off (call_offs)
FORGET_NOT = (
    r"\b(?:(?:don'?t|dont|do\s+not|never)\s+(?:let\s+me\s+|you\s+let\s+me\s+)?forget\b|"
    r"make\s+sure\s+(?:i|we)\s+(?:don'?t|dont|do\s+not)\s+forget\b|"
    r"so\s+(?:i|we)\s+(?:don'?t|dont|do\s+not)\s+forget\b|"
    r"(?:stop|keep)\s+me\s+(?:from\s+)?forgetting\b)"
)


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


READINGS: tuple[Reading, ...] = (
    Reading(
        "hypothetical",
        _re(
            r"\b(?:what\s+if|suppose|supposing|in\s+case|if\s+(?:i|we)\s+(?:skip|drop|don'?t|"
            r"do|did|were|was|had|cancel|went|go)|(?:would|could)\s+(?:i|we)\s+(?:just\s+)?"
            r"(?:skip|drop|leave|do|get|cancel))\b"
        ),
        (
            "what if the council says no",
            "if we skip the survey would the sale fall through",
            "could I just skip the valuation",
            "suppose I drop the hedge",
        ),
        ("skip the survey", "if anyone asks, the survey is done, got it back today"),
    ),
    Reading(
        "musing",
        _re(
            r"\b(?:maybe|perhaps|might|(?:i'?m\s+|am\s+|i\s+am\s+)?(?:thinking|thinkin'?|wondering)\s+"
            r"(?:about|of|if|whether|to\s+(?!(?:my|our)sel(?:f|ves)\b|me\b)|"
            # "thinking i'll ring the realtor again monday": a plan mused on, not made
            r"(?:that\s+)?(?:i'?ll|ill|i\s+will|we'?ll|we\s+will|i'?d|we'?d)\b)|"
            # "…, let's see", "we'll see": the person has not decided
            r"(?:let'?s|lets|we'?ll|i'?ll)\s+see(?:\s+(?:how|if|whether|what)\b[^.!?]*)?\s*[.!?]*$|"
            # "fancy doing the wardrobe tonight", "hoping to get the fence up"
            r"(?:i\s+)?fancy\s+\w+ing\b|(?:i'?m\s+|am\s+)?hoping\s+to|not\s+sure\s+(?:if|whether|about)|considering|"
            r"not\s+sure(?:\s+(?:tbh|tho|though|really|lol))?\s*[.!?]*$|"
            r"toying\s+with|tempted\s+to|debating|(?:i\s+)?guess\s+(?:i|we)\s+could|"
            r"on\s+the\s+fence\s+about|undecided|"
            # "…. idk, I'll think about it later": a clause of its own that leaves it open
            # (also what the other languages' "no sé", "nanti dipikir lagi" are read as)
            r"(?:^|(?<=[.,;:!?…]\s)|(?<=[.,;:!?…]))\s*(?:idk|dunno|not\s+sure)\s*(?=[.,;:!?…]|$)|"
            r"(?:i'?ll|i\s+will|let\s+me|we'?ll)\s+think\s+about\s+it\s+(?:later|again|more)|"
            # "I'll probably book the restaurant next week": a plan not made yet
            r"(?:i'?ll|i\s+will|we'?ll|we\s+will|gonna|going\s+to)\s+(?:probably|possibly|prob|"
            r"hopefully|maybe)|(?:probably|possibly)\s+(?:i'?ll|will|gonna|going\s+to))\b"
        ),
        (
            "maybe i'll skip the trampoline park",
            "thinking about dropping the hedge",
            "thinking i'll ring the realtor again monday.",
            "thinkin we'll skip the cake this year",
            "might skip the cake this year",
            "not sure if we need the survey",
            "considering skipping the valuation",
            "tempted to cancel the van",
            "booked the venue? not sure tbh",
            "sent the form, I think? not sure",
            "I'll probably book the restaurant next week",
            "we'll hopefully get the bulbs in at the weekend",
            "probably gonna skip the cake",
            "i was thinking to start the essay this week itself, let's see",
            "was thinking to book the van for friday",
            "might get going on the shed this weekend, we'll see",
            "start the tax return on monday? let's see",
            "fancy doing the wardrobe tonight, we'll see how I feel",
            "hoping to get the fence up this weekend",
            "might crack on with the hallway later, we'll see what the weather does",
            "skip the boom arm... my desk is tiny. idk, I'll think about it later",
            "drop the cross-post? not sure, will think about it later",
            "cancel the van. dunno.",
        ),
        (
            "skipped the cake",
            "done with the survey",
            "we don't need the survey",
            "I'll book the restaurant next week",
            "booked it, probably the best option",
            "started the essay, thinking to myself it's going well",
            "rang the realtor, thinking it went well",
            "booked the van, let's see if it turns up",
            "let's see the plan",
            "sent the application off, we'll see",
            "booked the van, we'll see how it goes",
            "I fancy the blue tiles",
            "idk why but the plumber came early and fixed it",
            "called the bank, not sure what they said but it's sorted",
            "she'll think about it, she said",
        ),
    ),
    Reading(
        "intention",
        _re(
            r"\b(?:was|were)\s+(?:going|meaning|planning|hoping|about)\s+to\b|"
            # "was gonna do the brakes but got called in": a plan that fell through
            r"\b(?:was|were|i\s+was|we\s+were)\s+(?:gonna|gunna|gna)\b|\b(?:i|we)\s+meant\s+to\b|"
            # "we're holding off for now": a decision to wait, not a try
            r"\b(?:(?:we'?re|i'?m|we\s+are|i\s+am)\s+)?holding\s+off\b|"
            r"\b(?:i|we)\s+(?:want|plan|hope|intend|mean)\s+to\s+(?:skip|drop|cancel|call|book|"
            r"do|finish|start|get)\b|\bshould\s+(?:probably\s+)?(?:i|we)\b|"
            r"^(?:i|we)\s+(?:should|ought\s+to|need\s+to\s+decide)\b"
        ),
        (
            "was going to call them",
            "we were meaning to book the van",
            "should I skip the survey",
            "I should probably call the council",
            "i want to skip the survey",
            "was gonna sand the deck this morning but it rained",
            "we were gonna ring the builder, never got round to it",
            "I meant to post the forms but the office was shut",
            "rang the dealer, price too low so holding off",
            "we're holding off on the roof till spring",
        ),
        (
            "called them, no answer",
            "booked the van",
            "going with the blue tiles",
            "gonna ring the builder now",
            "held the door for the plumber, he fitted the boiler",
        ),
    ),
    Reading(
        # "trying to figure out the heating", "no idea how to get the damp sorted": a problem
        # mulled over, said as the whole message. No step is done and no plan asked for;
        # a newcomer's may be a goal, offered, never made.
        "working it out",
        _re(
            r"^\W*(?:(?:so|ok|okay|hmm+|um+|ugh|honestly|tbh|right|and|but|just|i'?m|im|"
            r"i\s+am|we'?re|we\s+are|been|still|currently|atm)[\s,.]+)*(?:"
            r"(?:trying|tryna|tryin'?|attempting)\s+(?:to\s+)?(?:figure|work|suss|puzzle)\s+"
            r"(?:out\b|(?:\w+\s+){1,3}out\b)|"
            r"(?:trying|tryna|tryin'?)\s+(?:to\s+)?(?:decide|understand|make\s+sense\s+of|"
            r"get\s+(?:my|our)\s+heads?\s+(?:a)?round)\b|"
            r"(?:figuring|working|sussing|puzzling)\s+(?:it\s+)?out\s+(?:what|how|where|whether|"
            r"if|which|who|when|the\s+best)\b|"
            r"(?:figuring|sussing|puzzling)\s+(?:it\s+)?out\b|"
            r"(?:(?:i\s+)?(?:have|'ve|got)\s+)?no\s+(?:idea|clue)\s+(?:how|what|where|whether|if|"
            r"which|who|when)\b|"
            r"(?:can'?t|cannot|couldn'?t)\s+(?:figure|work|suss)\s+(?:out\b|(?:\w+\s+){1,3}out\b)|"
            r"(?:wondering|pondering|mulling\s+over)\b)"
        ),
        (
            "trying to figure out the heating",
            "still working out what to do about the attic",
            "no idea how to get the damp sorted",
            "cant work the new thermostat out",
            "tryna get my head round the tax return",
            "hmm, figuring out the visa stuff",
            "wondering whether to redo the patio",
        ),
        (
            "figured out the heating, it was the pump",
            "worked out the budget last night",
            "sort out the heating",
            "I'm trying to lose a stone before june",
            "working out at the gym now",
            "called the plumber, no idea when he'll come",
        ),
    ),
    Reading(
        # "can the plumber not come till thursday", "would it be ok to leave it till friday",
        # "was the hall booked already": asked by its word order, mark or none. An auxiliary
        # opens the message (after a label or a filler) with its subject after it; "can
        # you", "could u" (and a request with no subject: "can park it till the weekend?")
        # ask drbot to do it, and "did the shopping" or "do the gutters" tell or bid.
        "asked",
        _re(
            r"^\W*(?:(?:so|ok|okay|hmm+|um+|hey|hi|and|but|just|quick\s+q(?:uestion)?|"
            r"also|oh|right|well)[\s,.:]+)*(?:[^\W\d][\w' ]{0,40}?\s+[-—:]\s+)?(?:"
            r"(?:is|are|was|were|isn'?t|aren'?t|wasn'?t|weren'?t|can|could|would|will|shall|"
            r"should|may|might|must|can'?t|cannot|couldn'?t|wouldn'?t|won'?t|wont|shouldn'?t|"
            r"has|have|hasn'?t|haven'?t|does|doesn'?t)\s+"
            r"(?:i|we|it|they|he|she|there|that|this|these|those|my|our|his|her|their|the|"
            r"mum|mom|dad|someone|somebody|anyone|anybody)|"
            r"(?:do|did|don'?t|didn'?t)\s+(?:i|we|they|he|she))\b"
        ),
        (
            "can the quote people not come till thursday?",
            "can the plumber not come till thursday",
            "would it be ok to leave the service till friday",
            "is it worth waiting till monday for the quote",
            "was the function room booked already",
            "could we put off the cake till the weekend",
            "did we ever send the invites",
            "boiler - has the part come in yet",
            "so shall we skip the DJ",
        ),
        (
            "can you remind me about the van friday?",
            "could u nudge me about the tyres on friday",
            "can park it till the weekend?",
            "did the shopping",
            "do the gutters tomorrow",
            "have paid for the hall",
            "will book the pitch this evening",
            "had the plumber round today",
            "the plumber can't come till thursday",
        ),
    ),
    Reading(
        # "need to get stuck into the CV", "gotta crack on with the hallway": setting to work
        # on a thing is said before it is done; no goal of its own and no step started yet
        "setting to work",
        _re(
            r"\b(?:need|needs|have|has|got|gotta|must|should|going|gonna|want|wanna|ought|"
            r"(?:i|we)'?ll|(?:i|we)\s+will|time)\s+(?:to\s+)?(?:really\s+|properly\s+)?"
            r"(?:get\s+stuck\s+in(?:to)?|crack\s+on|make\s+a\s+(?:start|dent)|get\s+going|"
            r"get\s+cracking|get\s+on\s+with|knuckle\s+down|buckle\s+down|get\s+round\s+to|"
            r"get\s+around\s+to|get\s+my\s+head\s+(?:down|into))\b"
        ),
        (
            "need to get stuck into the CV",
            "gotta crack on with the hallway",
            "I really must make a start on the tax return",
            "we'll get cracking on the shed at the weekend",
            "time to knuckle down on the dissertation",
            "should get round to the gutters",
        ),
        (
            "got stuck into the CV this morning",
            "cracked on with the hallway, half done",
            "made a start on the tax return",
            "need to get the CV done",
            "got going on the shed",
        ),
    ),
)


# A clause that reports something done: "called 3 sailing clubs", "rang the garage".
_REPORT = re.compile(
    r"\b(?:\w{3,}ed|rang|went|got|spoke|met|sent|paid|bought|found|took|made|told|saw|left|"
    r"gave|sold|did)\b",
    re.IGNORECASE,
)
_FIRST_CLAUSE = re.compile(r"[,;.!?—]|\bbut\b", re.IGNORECASE)

REPORTS_FIRST = (
    "called 3 sailing clubs about crewing, solent cruising club might have a berth",
    "rang the garage, they might have the part friday",
    "emailed the agent, maybe they'll knock something off",
)


def hedge(text: str, told: Callable[[str], bool] | None = None) -> str | None:
    """The name of the reading that says ``text`` states no change, or None. A report said
    first is a change, whatever someone else might do after it ("called the club, they
    might have a berth"). So are the words before a clause of someone else's maybe that
    ``told`` finds tell news or ask outright (the rules pass a reader of a try gone wrong and
    of a reminder asked: ``TOLD_BEFORE``)."""
    first = _FIRST_CLAUSE.split(text, maxsplit=1)[0]
    # "booked the venue? not sure tbh": asked, not reported
    asked = text[len(first) : len(first) + 1] == "?"
    reported = _REPORT.search(first) is not None and not asked
    for reading in READINGS:
        found = reading.pattern.search(text)
        if found and not (
            (reported and found.start() >= len(first) and _theirs(text, found))
            or (told is not None and _theirs_after(text, found, told))
        ):
            return reading.name
    return None


# Someone else's maybe in a clause of its own, after words that tell how a try went or ask
# for a reminder outright: the maybe is the news's or the request's reason, never the
# person's doubt about it (z151, z199, z229, z231 and z32, z45: hedged, nothing written). A
# maybe of the person's own ("…, maybe I'll try again") stays a hedge.
TOLD_BEFORE = (
    "brake pad no stock at the shop, they order from tak, maybe 3 days",
    "i call LBC for the pick up but nobody answer, maybe they close today",
    "back to mitre 10 for the posts. STILL no H4. guy reckons maybe next week",
    "ticket from kutaisi - remind me tomorrow morning, maybe prices drop",
    "remind me tmrw morning to book the flights, prices might drop",
)
NOT_TOLD_BEFORE = (
    "no answer from the plumber, maybe I'll try again tomorrow",  # the person's own maybe
    "still no H4, maybe we should skip the posts",
    "maybe the shop has no stock, they order from tak",  # the maybe said first
    "was gonna call the roofer but it's bucketing down, maybe tomorrow",
)


def _theirs_after(text: str, found: re.Match[str], told: Callable[[str], bool]) -> bool:
    """Someone else's maybe in a clause after the first, no "I" or "we" in that clause, and
    ``told`` true of the words before it."""
    start = max((m.end() for m in _FIRST_CLAUSE.finditer(text, 0, found.start())), default=0)
    if start == 0 or not _theirs(text, found):
        return False
    end = next((m.start() for m in _FIRST_CLAUSE.finditer(text, found.end())), len(text))
    if re.search(r"\b(?:i|we|i'?m|i'?ll|we'?ll|me|my|our)\b", text[found.end() : end], re.I):
        return False
    return told(text[:start])


def _theirs(text: str, found: re.Match[str]) -> bool:
    """Someone else's maybe ("they might have a berth"), not the person's own doubt ("I
    think? not sure")."""
    start = max((m.end() for m in _FIRST_CLAUSE.finditer(text, 0, found.start())), default=0)
    clause = text[start : found.end()]
    if re.match(r"(?:let'?s|lets|we'?ll|i'?ll)\s+see\b", found[0], re.IGNORECASE):
        return True  # "sent the application, we'll see": how it turns out is not theirs to say
    return bool(re.match(r"(?:might|maybe|perhaps|could)\b", found[0], re.IGNORECASE)) and not (
        re.search(r"\b(?:i|we|i'?m|i'?ll|we'?ll|me)\b", clause, re.IGNORECASE)
    )


# -- a hedge on one step of a list --------------------------------------------------------

# The words that hedge one step, before it ("maybe also paint the shed", "might get the
# wipers replaced", "perhaps we'll repaint the gate") or after it ("paint the shed maybe")
_STEP_HEDGE_BEFORE = re.compile(
    r"^(?:(?:and|also|plus|then)\s+)?(?:maybe|perhaps|possibly|probably|might|could)\s+"
    r"(?:(?:i|we)(?:'ll|\s+will|\s+might|\s+could)\s+)?(?:(?:also|even|then)\s+)?"
    r"(?=[^\W\d_])",
    re.IGNORECASE,
)
_STEP_HEDGE_AFTER = re.compile(
    r"(?:\s*,)?\s+(?:maybe|perhaps|possibly|probably|(?:i'?m\s+)?not\s+sure)\s*[?.!]*$",
    re.IGNORECASE,
)

HEDGED_STEP_EXAMPLES: tuple[tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("Dig the beds", "Plant the bulbs", "Mow the lawn", "Maybe also paint the shed"),
        ("Dig the beds", "Plant the bulbs", "Mow the lawn"),
        ("Paint the shed",),
    ),
    (
        ("Check the tyres", "Top up the antifreeze", "Might get the wipers replaced"),
        ("Check the tyres", "Top up the antifreeze"),
        ("Get the wipers replaced",),
    ),
    (
        ("Perhaps we'll repaint the gate", "Clear the gutters", "Fix the fence"),
        ("Clear the gutters", "Fix the fence"),
        ("Repaint the gate",),
    ),
    (
        ("Book the hall", "Order the cake", "Hire a magician maybe"),
        ("Book the hall", "Order the cake"),
        ("Hire a magician",),
    ),
)
# Not a hedge on one step: every step is hedged, too few are sure, or the "maybe" is
# part of what to do
HEDGED_STEP_NEAR_MISSES: tuple[tuple[str, ...], ...] = (
    ("Maybe paint the shed", "Perhaps mow the lawn", "Dig the beds"),
    ("Dig the beds", "Maybe paint the shed"),
    ("Dig the beds", "Plant the bulbs", "Ask if they might deliver"),
    ("Dig the beds", "Plant the bulbs", "Mow the lawn"),
)


def hedged_steps(steps: list[str]) -> tuple[list[str], list[str]] | None:
    """(the sure steps, the hedged ones without their hedge) when a list of steps hedges
    only one or a few of them and at least two are sure; None otherwise."""
    sure: list[str] = []
    maybe: list[str] = []
    for step in steps:
        bare = _STEP_HEDGE_AFTER.sub("", _STEP_HEDGE_BEFORE.sub("", step)).strip(" ,.")
        if bare != step.strip(" ,.") and hedge(step) is not None and bare:
            maybe.append(bare[0].upper() + bare[1:])
        elif hedge(step) is not None:
            return None  # hedged in a way that leaves no step to do
        else:
            sure.append(step)
    if not maybe or len(sure) < 2 or len(maybe) >= len(sure):
        return None
    return sure, maybe
