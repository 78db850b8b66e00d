"""What makes a reading about a step uncertain, whatever step it names: a certainty policy.

The readers of a statement ("got the photos", "rang them, no answer") find a step and how it
stands. Some messages carry a sign, in words that name no step, that the reading may not be
what the person meant — whichever words it was read from:

- the message also takes something back ("undo that, …", "scratch that last update"): the
  news around an undo is why the last change was wrong, not a change of its own;
- the message asks for a wait ("remind me monday", "park that one till the 5th", "can
  wait a week", "no point ringing before the 5th"): whatever else it tells of the step is
  why it waits, not news of a try or a start to write;
- the message tells of a try that failed ("all booked out that weekend", "she's already
  booked that day", "got transferred to some guy", "the waitlist is 3 months"): a done or a
  skip read from its other words is a guess, the news is as likely a try to note;
- the message says something is done another way ("instead", "rather than", "swap … for",
  "change of plan"): the step named may be the one replaced, so marking it done or started
  is a guess (a skip is what a change of way says, and stays as read); a try is uncertain
  only when new steps follow ("instead of the extension we need to get a loft quote"),
  since a try is often made another way ("rang them this time instead of emailing").

With such a sign the reading is proposed (Yes / No, or the Done / Started / Just note it
menu), never written: one tap for the person when it was right, nothing stored when it was
not. Each sign is declared once, with sentences it must find and near-misses it must not
(tests/test_readings.py runs both). Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Doubt:
    name: str
    pattern: re.Pattern[str]
    kinds: frozenset[str]  # the statement kinds this sign makes uncertain
    examples: tuple[str, ...]  # must be found
    near_misses: tuple[str, ...]  # must not be found


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_WRITES = frozenset({"done", "start", "skip", "block", "attempt", "snooze"})

DOUBTS: tuple[Doubt, ...] = (
    Doubt(
        "taken back",
        # the verb as a request, a thing said back with "that", "that was wrong"; never a
        # thing taken back to a shop ("take it back to argos") nor undo as a thing's name
        _re(
            r"(?<!\bthe\s)(?<!\bto\s)(?<!\bcant\s)(?<!\bcan't\s)(?<!\bcannot\s)"
            r"\bundo\b(?!\s+button)|"
            r"\b(?:take|took)\s+(?:that|this)\s+back\b|"
            r"\b(?:take|took)\s+(?:that|this)\s+last\s+\w+\s+(?:back|off)\b|"
            r"\b(?:scratch|scrap|cancel|ignore|delete|reverse|revert)\s+(?:that|my)\s+last\b|"
            r"\b(?:that|my\s+last\s+\w+)\s+was\s+(?:wrong|a\s+mistake)\b|"
            r"\bwrong\s+(?:button|chat|step|one)\b"
        ),
        _WRITES,
        (
            "pls undo, the plasterer hasn't actually been yet",
            "take that last one back, the form's still on my desk",
            "scratch my last message, it was the other quote I got",
            "my last update was wrong — the bike isn't sold",
            "hit the wrong button, the van's not booked yet",
        ),
        (
            "caravans not getting sold after all, so take that off",
            "took the lamp back to argos, they gave me a refund",
            "the undo button on the app is broken",
            "can't undo the damage now, the paint's dry",
            "had to undo the whole seam and sew it again",
        ),
    ),
    Doubt(
        "a wait asked for",
        _re(
            r"\b(?:remind|bug|nag|ping)\s+me\b|\bcheck\s+(?:back\s+)?(?:in\s+)?with\s+me\b|"
            r"\b(?:push|park|leave|hold)\s+(?:it|that|this|them|that\s+one|the\s+\w+(?:\s+\w+)?)"
            r"\s+(?:till?|until|to\s+(?:next|tomorrow|the|mon|tue|wed|thu|fri|sat|sun)\w*)\b|"
            r"\bput\s+(?:it|that|this|them|that\s+one)\s+off\b|\bhold\s+off\b|"
            r"\b(?:can|will\s+have\s+to|has\s+to|have\s+to|must)\s+wait\b|"
            r"\bno\s+point\s+(?:me\s+)?\w+ing\b[^.!?]*\b(?:till?|until|before)\b"
        ),
        # (a skip may say so too: "the doctor said it can wait, so take it off")
        frozenset({"done", "start", "attempt", "block"}),
        (
            "the garage can't look at it til the part comes in, bug me on the 9th",
            "council haven't replied, check back with me next week",
            "the decorating will have to wait till january, no money till then",
            "park the gutters till the rain stops, rang the roofer anyway",
            "no point chasing the solicitor before the 12th, she's away",
        ),
        (
            "put the kettle on for the plumber, he's fitting the sink",
            "parked the car at the station and got the train to the embassy",
            "was on hold for 40 mins, then it cut off",
            "left the keys with the neighbour for the plumber",
        ),
    ),
    Doubt(
        "a try that failed",
        _re(
            r"\b(?:booked\s+(?:out|up|solid)|fully\s+booked|no[- ]shows?|no\s+answer|"
            r"no\s+one\s+answer\w*|nobody\s+answer\w*|bounced|voicemail|"
            r"(?:got|was|were|being)\s+transferred|not\s+available|unavailable|fell\s+through|"
            r"didn'?t\s+(?:answer|pick\s+up|turn\s+up|show)|wait\s*list(?:ed)?|waiting\s+list)\b|"
            # someone already booked: "she's already booked that day" (never "booked in")
            r"(?:\balready\s+booked|(?:'s|'re|\bis|\bare|\bwas|\bwere)\s+booked\s+"
            r"(?:that|the\s+same|on\s+the))\b(?!\s+in\b)"
        ),
        # (a skip too: "called the clinic, the waitlist is 3 months so that's not happening"
        # is a try that failed, not the step given up)
        frozenset({"done", "skip"}),
        (
            "rang 3 caterers, all booked up for the 14th",
            "phoned the surgery, there's a waiting list till march so forget it for now",
            "called the dj, he's already booked that night",
            "got transferred twice then cut off, the refund's sorted apparently",
            "the joiner was a no show again, door's done though",
        ),
        (
            "deposit sorted, transferred to uncle ji this morning",
            "booked in for the 14th at the garage",
            "sizzle went off, sold out by 1",
            "the venue is booked, deposit paid",
        ),
    ),
    Doubt(
        "done another way",
        _re(
            r"\binstead\b|\brather\s+than\b|\bchange\s+of\s+plans?\b|\bchanged\s+my\s+mind\b|"
            r"\bswap(?:ped|ping)?\s+(?:it|that|this|the\s+\w+(?:\s+\w+)?)\s+(?:out\s+)?for\b|"
            r"\breplace\s+(?:it|that|this)\s+with\b"
        ),
        frozenset({"done", "start", "block"}),
        (
            "priced up the oak table, getting the pine one instead",
            "rather than the garage I'll ask my uncle, he's rung me already",
            "change of plans on the cake: ordered a sponge from tesco",
            "swap the minibus for two taxis, booked the first one",
            "rang the council about the skip, replace that with a trailer hire",
        ),
        (
            "rang the garage, they'll fit it thursday",
            "switched the lights off in the hall",
            "replaced the fuse, all working now",
            "insteadofit is the name of the band",
        ),
    ),
    Doubt(
        # a try is often made another way ("rang them this time instead of emailing", "I'll
        # try their choir director instead"); it is uncertain only when what comes instead
        # is steps of a new way, which replace the step rather than try it
        "new steps instead",
        _re(
            r"\b(?:instead|rather\s+than|change\s+of\s+plans?)\b.*?(?::|\bthen\b|"
            r"\bafter\s+that\b|\b(?:need|have|got)\s+to\b|\bmust\b)"
        ),
        frozenset({"attempt"}),
        (
            "rang the builder, instead of the extension we need to get a loft quote",
            "asked at the desk. rather than the paper form: scan it then email it",
            "instead of posting it I'll drop it in, then ring to check it arrived",
        ),
        (
            "rang hollybush this time instead of emailing, spoke to maureen",
            "the parish office were lovely, I'll try their choir director instead",
            "then I rang the garage instead, no answer",
        ),
    ),
)


def doubt(message: str, kind: str) -> str | None:
    """The name of the first sign in the message that a ``kind`` reading is uncertain."""
    for sign in DOUBTS:
        if kind in sign.kinds and sign.pattern.search(message):
            return sign.name
    return None
