"""A step put off to a day ahead, said in everyday words, with no "remind me" and no
"snooze": what names the step and the day.

    leave the photos till saturday, I'll do them when it's quiet
    push the trailer rego to the 1st, get paid then
    I'll write up my endo questions on sunday
    I order the bowls and boxes on friday when the money comes in
    allergen training - next tuesday when everyone's in
    tail lights tomorrow, no time today

One clause says it, in one of six shapes (``SHAPES``): a verb that puts off ("leave",
"push", "hold off on", "save … for") with the thing and the day; the person's own future
("I'll", "gonna") with the thing and the day after it; the person's present said of a day
ahead ("I order X on friday"); the thing said first and the person's doing after it
("provisions I buy on the 10th"); the thing alone with the day ("tail lights tomorrow"); or
a new day for the thing the clause before called off for now ("yoga not happening today,
move it to thursday").
Never a musing ("maybe friday?"), a question, a condition, a deadline ("by friday"),
someone else's day ("the plumber comes friday") or a day gone. Which step the words name
is the matcher's job; whether the wait is written or offered is ``rules/put_off_steps``'s.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime

from drbot.ai.language import dates
from drbot.ai.language.plan_phrases import STEP_VERBS


@dataclass(frozen=True)
class PutOff:
    """What ``put_off`` read: the words that name the step, and the day it waits until."""

    words: str
    when: dates.When
    shape: str


# A clause ends at a stop, or where the reason for the day starts ("when the money comes in",
# "cos no time today")
_CLAUSES = re.compile(
    r"\s*(?:[,;.!]+(?:\s+|$)|\s+(?:when|once|as\s+soon\s+as|because|cos|coz|since|as|after\s+"
    r"(?:i|we|the|my)|if|so)\s+)",
    re.I,
)
# Musing, asking, a condition, a deadline: no put-off of the person's own
_NOT_SAID = re.compile(
    r"\?|\b(?:maybe|might|perhaps|possibly|probably\s+not|not\s+sure|dunno|idk|wonder\w*|"
    r"should\s+(?:i|we)|could|would|if|unless|whether|due|deadline|remind|reminder|"
    # "by" of a deadline ("by friday", "by the 3rd", "by end of week"), not of a place ("the
    # post office by mam's")
    r"by\s+(?:the\s+|this\s+|next\s+)?(?:end|eo[dw]|then|tomorrow|tmrw|tonight|noon|\d+\w*|week\w*|"
    r"month\w*|(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*)|"
    r"snooze|did|done|finished|was|were|yesterday|last|"
    # a try again is news of a try, not a wait: "couldn't remit, I'll try again tomorrow"
    r"try|tried|trying|again|attempt\w*|steps|plan)\b",
    re.I,
)
# Another's day: who else comes, rings, delivers or has it then ("the plumber comes friday",
# "she's back monday", "they deliver on friday"). Something handed back or returned, said
# without who, is in the person's own future their own doing ("I'll hand the keys back
# saturday")
_ANOTHER_DOES = (
    r"\b(?:comes|coming|arrives?|arriving|delivers?|delivered|delivery|opens?|"
    r"closes?|rings?|calls?|back|starts|returns?|lands?|visits?)\b"
)
_ANOTHER_WHO = re.compile(
    r"\b(?:he|she|they|it|he's|she's|they're|it's|hes|shes|theyre|its|his|her|their|someone|"
    r"somebody)\b|\b\w+(?:'s|\s+is|\s+are)\s+(?:coming|back|off|away|here|open|closed|due|booked|"
    r"on|in|out)\b",
    re.I,
)
_ANOTHER_SUBJECT = re.compile(rf"{_ANOTHER_WHO.pattern}|{_ANOTHER_DOES}", re.I)
# In the person's own future only a thing handed or brought back is theirs for sure: "I'll
# call the council tomorrow" is another doing than "Get council permission" (a commitment's)
_ANOTHER_DOES_NOT_BACK = re.compile(
    _ANOTHER_DOES.replace("back|", "").replace("returns?|", ""), re.I
)
# A verb that puts the thing off, said to drbot or of the person's own plan
_PUT_VERB = (
    r"(?:leave|leaving|push|pushing|put(?:ting)?\s+off|hold(?:ing)?\s+off(?:\s+on)?|"
    r"park|parking|bump|bumping|postpone|postponing|delay|delaying|defer|deferring)"
)
_OPENING = r"^(?:(?:ok|okay|so|and|just|yeah|right|nah|actually|i'?ll|i\s+will|gonna|let'?s)\s+)*"
_PUT_OFF = re.compile(
    rf"{_OPENING}{_PUT_VERB}\s+(?P<thing>.+?)(?:\s+(?:off|back|over))?\s+(?:till|until|til|to|for|"
    r"back\s+to|over\s+to|on|until\s+after|till\s+after)\s+(?P<day>.+)$",
    re.I,
)
# "the tail lights can wait till friday", "photos will keep till the weekend"
_CAN_WAIT = re.compile(
    r"^(?:(?:ok|so|and|just|yeah)\s+)*(?P<thing>.+?)\s+(?:can|will|'ll|could\s+easily)\s+"
    r"(?:wait|keep)\s+(?:till|until|til|for|to)\s+(?P<day>.+)$",
    re.I,
)
# The person's own future: "I'll write up my endo questions on sunday", "gonna do the
# gutters saturday"
_OWN_FUTURE = re.compile(
    r"^(?:(?:ok|okay|so|and|then|just|yeah|right|nah|actually)\s+)*"
    r"(?:i'?ll|i\s+will|ill|i'?m\s+(?:gonna|going\s+to)|im\s+(?:gonna|going\s+to)|(?:i\s+)?gonna|"
    r"we'?ll|we\s+will|we'?re\s+(?:gonna|going\s+to))\s+(?:just\s+|probably\s+|prob\s+|def\s+)?"
    r"(?P<thing>.+)$",
    re.I,
)
# The person's present said of a day ahead: "I order the bowls on friday"
_OWN_PRESENT = re.compile(
    r"^(?:(?:so|and|then|just)\s+)*(?:i|we)\s+(?P<verb>[a-z]+)\s+(?P<thing>.+)$", re.I
)
# The thing said first, then the person's doing of it on the day: "crew ad I put out again 1
# december", "provisions I buy on the 10th", "chairs from church hall I will sort on saturday"
_TOPIC_FIRST = re.compile(
    r"^(?P<thing>[^\d]{3,60}?)\s+(?:i|we)\s+(?:'?ll\s+|will\s+|(?:am\s+|'m\s+)?gonna\s+)?"
    r"(?P<verb>[a-z]+)(?:\s+(?:it|them|out|up|in|over|again))*$",
    re.I,
)
# A new day for a thing the clause before called off for now: "ngong weighted hike not
# happening this week. put it down for next tuesday", "no swim today, move it to thursday"
_POINTED_PUT = re.compile(
    rf"{_OPENING}(?:put|pop|pencil|move|shift|push|bump|reschedule|rebook|schedule|do)\s+"
    r"(?:it|that|this|them)(?:\s+(?:down|in|over|back))?(?:\s+(?:for|to|till|until|on))?\s*$",
    re.I,
)
_OFF_FOR_NOW = re.compile(
    r"^(?:(?:no|not)\s+(?P<no>.+?)|(?P<thing>.+?)\s+(?:is\s+|'s\s+|s\s+)?(?:not\s+happening|"
    r"not\s+on|off|cancell?ed|won'?t\s+happen|isn'?t\s+happening|not\s+gonna\s+happen)|"
    r"(?:(?:i|we)\s+)?can'?t\s+(?:do\s+)?(?P<cant>.+?))"
    r"(?:\s+(?:this\s+week(?:end)?|today|tonight|tomorrow|tmrw|this\s+time))?$",
    re.I,
)
# The thing alone, then the day: "tail lights tomorrow", "allergen training - next tuesday"
_THING_ALONE = re.compile(r"^(?P<thing>[^\d—:]{3,50}?)\s*(?:[—:-]\s*)?$")
# Words that only follow the day in its clause: "friday arvo", "saturday morning then"
_AFTER_DAY = re.compile(
    r"^(?:\s*(?:arvo|afternoon|morning|evening|night|then|instead|first\s+thing|at\s+the\s+"
    r"earliest|probs|probably|hopefully|ok|lol|x+|mate|pls|please|for\s+(?:it|that|then)))*\s*$",
    re.I,
)
# A day said with a preposition the date reader may not take: "to the 1st", "till the 30th"
_DAY_AFTER_WORD = re.compile(
    r"\b(?:till|until|til|to|for|on)\s+(?P<day>(?:the\s+)?\d{1,2}(?:st|nd|rd|th)|[a-z]+(?:\s+[a-z]+)?)\s*$",
    re.I,
)
# A word that tells a state or a doing, not a thing: "booked", "sorted", "is", "starts"
_STATE = re.compile(
    r"\b(?:\w+ed|is|are|was|be|been|done|paid|sent|set|made|got|gone|went|came|booked|sorted|"
    r"starts?|ends?|happens?|needs?|goes|due|open|shut|says|said|wants|reckons|thinks)\b",
    re.I,
)
# The thing alone: a short name of a thing, four words at most ("tail lights", "allergen
# training"), with no word that does, asks or greets ("nudge me about the payslips",
# "moving into halls", "Happy")
_A_THING = re.compile(r"(?:(?:the|my|our)\s+)?[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3}", re.I)
_DOING_WORD = re.compile(
    r"\b(?:me|us|i|we|you|u|im|i'?m|ill|i'?ll|can|can'?t|will|won'?t|isn'?t|don'?t|nudge|bug|"
    r"ping|nag|please|pls|gimme|add|split|happy|ugh|move|leave|push|park|put|today|tonight|now|"
    # an -ing of doing, not of a thing's name ("allergen training" is a thing)
    r"(?:mov|try|interview|start|gett|go|com|do|mak|hav|look|wait|work)ing)\b",
    re.I,
)
# Verbs of the person's present that say no doing of a step ("I go home in december")
_NO_DOING = frozenset("go come get be have try start keep".split())
# Pointing words name no step: "I'll do it friday" is the step at hand, not read here
_POINTS = re.compile(
    r"^(?:do\s+)?(?:it|that|this|them|those|one|some|more|stuff|things?)(?:'?s)?$", re.I
)
# Words of the day's clause that leave the thing: "do the", "get the", "sort"
_THING_FILLER = re.compile(r"\b(?:on|this|next|coming|the\s+(?:day|morning)\s+of)\s*$", re.I)


# Words that put a step off to a day ("can wait", "leave it till", "not before", "after the
# weekend", "remind me"): beside a day ahead, the message asks for a wait
PUT_OFF_WORDS = re.compile(
    r"\b(?:wait\w*|hold\w*\s+off|leave|leaving|park\w*|put\w*\s+(?:it\s+|that\s+)?off|"
    r"push\w*|delay\w*|postpone\w*|remind|bug|nudge|later|(?:bother|ping|chase|poke)\s+me|till|"
    r"until|til|after|before|next|not\s+yet|no\s+point)\b",
    re.I,
)


def day_ahead(text: str, now: datetime, timezone: str) -> dates.When | None:
    """The day named in ``text`` (its right-most), when it is after today."""
    when = dates.find_when(text, now, timezone)
    if when is None or when.moment.date() <= now.astimezone(when.moment.tzinfo).date():
        return None
    return when


def put_off_to(text: str, now: datetime, timezone: str) -> dates.When | None:
    """The day ahead ``text`` puts a step off to: read in one of ``SHAPES``, or a day ahead
    said with words of putting off; None otherwise."""
    found = put_off(text, now, timezone)
    if found is not None:
        return found.when
    return day_ahead(text, now, timezone) if PUT_OFF_WORDS.search(text) else None


def _day(clause: str, now: datetime, timezone: str) -> tuple[str, dates.When] | None:
    """The clause's day ahead at its end, and the words before it; None without one."""
    when = dates.find_when(clause, now, timezone)
    if when is not None and _AFTER_DAY.match(clause[when.end :]):
        before = clause[: when.start]
    else:
        found = _DAY_AFTER_WORD.search(clause)
        if found is None:
            return None
        when = dates.parse_when(found["day"], now, timezone)
        if when is None:
            return None
        before = clause[: found.start()]
    local_today = now.astimezone(when.moment.tzinfo).date()
    if when.moment.date() <= local_today:
        return None  # a day gone, or today: no wait
    return _THING_FILLER.sub("", before).strip(" ,—-:"), when


def _clean(thing: str) -> str:
    thing = thing.strip(" ,.;:—-")
    return "" if not thing or _POINTS.match(thing) else thing


def put_off(text: str, now: datetime, timezone: str) -> PutOff | None:
    """The step put off to a day ahead in ``text`` (``SHAPES``), or None."""
    if not text.strip() or "\n" in text.strip() or ":" in text or _NOT_SAID.search(text):
        return None  # (several lines or a colon's list: a plan's steps, read elsewhere)
    text = " ".join(text.split())
    clauses = [c for c in _CLAUSES.split(text) if c and c.strip()]
    for index, clause in enumerate(clauses):
        clause = clause.strip()
        read = _day(clause, now, timezone)
        if read is None:
            continue
        before, when = read
        rest = " ".join(clauses[index + 1 :])
        other = dates.find_when(rest, now, timezone) if rest else None
        if (
            other is not None
            and other.moment.date() > now.astimezone(other.moment.tzinfo).date()
            and other.moment.date() != when.moment.date()
        ):
            return None  # two days ahead said ("… to next week pls. tuesday"): which?
        if found := _PUT_OFF.match(clause):
            thing = _clean(found["thing"])
            return PutOff(thing, when, "put off") if thing else None
        if found := _CAN_WAIT.match(clause):
            thing = _clean(found["thing"])
            return PutOff(thing, when, "put off") if thing else None
        if _POINTED_PUT.match(before):
            # "it" is the thing the clause before called off for now; nothing else is read
            off = _OFF_FOR_NOW.match(clauses[index - 1].strip()) if index else None
            thing = _clean(next(t for t in off.groups() if t)) if off else ""
            if thing and _A_THING.fullmatch(thing) and not _DOING_WORD.search(thing):
                return PutOff(thing, when, "put off")
            return None
        if (
            (found := _OWN_FUTURE.match(before))
            and not _ANOTHER_WHO.search(before)
            and not _ANOTHER_DOES_NOT_BACK.search(before)
        ):
            # (where the person will be, not what they will do: "I'll be back monday")
            thing = "" if re.match(r"be\b", found["thing"], re.I) else _clean(found["thing"])
            return PutOff(thing, when, "own future") if thing else None
        if _ANOTHER_SUBJECT.search(before):
            return None
        if (found := _TOPIC_FIRST.match(before)) is not None:
            # the thing said first, the person's doing after it: only a short name of a thing
            # with no doing of its own, and a verb of doing ("the car I drove" is no wait)
            thing = _clean(found["thing"])
            verb = found["verb"].lower()
            if (
                thing
                and _A_THING.fullmatch(thing)
                and not _STATE.search(thing)
                and not _DOING_WORD.search(thing)
                and verb not in _NO_DOING
                and not _STATE.fullmatch(verb)
            ):
                return PutOff(thing, when, "thing first")
            return None
        if (found := _OWN_PRESENT.match(before)) is not None:
            thing = _clean(found["thing"])
            verb = found["verb"].lower()
            if verb in STEP_VERBS and verb not in _NO_DOING and thing:
                return PutOff(f"{found['verb']} {thing}", when, "own present")
            return None
        # the thing alone with a bare day, then why ("tail lights tomorrow, no time today"):
        # never a thing said with a state or a time of its own ("appointment booked for the
        # 3rd", "dentist on friday" tell when, they put nothing off)
        if (
            index == 0
            and len(clauses) == 2
            and "," not in clauses[1]
            and (found := _THING_ALONE.match(before)) is not None
            and not _DAY_AFTER_WORD.search(clause)
            and not re.search(r"\b(?:on|for|at|from|in)\s*$", before, re.I)
        ):
            thing = _clean(found["thing"])
            if (
                thing
                and _A_THING.fullmatch(thing)
                and not _STATE.search(thing)
                and not _DOING_WORD.search(thing)
            ):
                return PutOff(thing, when, "thing alone")
        return None
    return None


# Each example is read (the words that name the step, and the day's date at NOW of the
# tests, 2026-11-24, a Tuesday); no near miss is.
SHAPES: tuple[tuple[str, str, str], ...] = (
    ("leave the photos till saturday, I'll do them when it's quiet", "the photos", "2026-11-28"),
    ("push the trailer rego to the 1st, get paid then", "the trailer rego", "2026-12-01"),
    ("hold off on the gutters until next week", "the gutters", "2026-11-30"),
    ("the tail lights can wait till friday", "the tail lights", "2026-11-27"),
    (
        "I'll write up my endo questions on sunday, put it down for then",
        "write up my endo questions",
        "2026-11-29",
    ),
    ("gonna do the gutters saturday", "do the gutters", "2026-11-28"),
    (
        "I order the bowls and boxes on friday when the money comes in",
        "order the bowls and boxes",
        "2026-11-27",
    ),
    ("allergen training - next tuesday when everyone's in", "allergen training", "2026-12-01"),
    ("tail lights tomorrow, no time today", "tail lights", "2026-11-25"),
    # the person's own future with a verb another's day is also said in ("back", "call")
    ("I'll return the library books monday", "return the library books", "2026-11-30"),
    (
        "I'll hand the spare keys back saturday when I'm up there",
        "hand the spare keys back",
        "2026-11-28",
    ),
    (
        "we'll give the van back on friday, the depot by the station",
        "give the van back",
        "2026-11-27",
    ),
    # the thing said first, then the person's doing of it on the day
    ("the bike service I book on monday, no cash till then", "the bike service", "2026-11-30"),
    ("gutters we clear on saturday", "gutters", "2026-11-28"),
    ("chairs from the hall I will sort on friday", "chairs from the hall", "2026-11-27"),
    # a new day for the thing the clause before called off for now
    ("yoga not happening today, move it to thursday", "yoga", "2026-11-26"),
    ("can't do the long run this week. put it down for next tuesday", "the long run", "2026-12-01"),
    ("no swim tonight, pencil it in for friday", "swim", "2026-11-27"),
)
NEAR_MISSES: tuple[str, ...] = (
    "maybe the photos friday?",
    "the plumber comes friday",
    "she's back monday so I'll ask her then",
    "I'll do it friday",
    "tail lights yesterday, all good",
    "rego due friday",
    "finish the tax return by friday",
    "I called the garage on monday",
    "remind me about the photos on saturday",
    "if the money comes in I'll order the bowls friday",
    "the delivery comes friday",
    "I work friday",
    "appointment booked for the 3rd",
    "dentist on friday, then the kids",
    "tail lights tomorrow",
    "push the medical to next week pls. tuesday",
    "park the 10k til the weekend, ask me sunday",
    "she'll hand the keys back saturday",
    "finish the slides by 9am tomorrow",
    "I'll call the council tomorrow",
    "I'll ring her on friday",
    "I'll be back monday",
    "the kitchen I painted on monday",
    "the boxes we get on friday",
    "put it down for next tuesday",
    "it's not happening this week. put it down for tuesday",
    "the gutters done, move it to thursday",
)


# A thing named first as a label, then a wait asked of it with a word that points back ("ID
# card appointment - leave it till monday pls, …", "flags — leave it till …", "the hundevakt
# thing, ask me again on monday, too much this week"): the label is the step's name, the
# clause after it asks for the wait, and none of it is a new plan's title and steps
_LABEL_THEN_WAIT = re.compile(
    r"^(?P<label>[^\W\d_][^,;:.!?\n—–]{1,60}?)(?:\s+[-–—]+\s*|\s*[—–:]\s*|\s*,\s*)"
    r"(?:(?:pls|please|plz|just|ok|okay|so|can\s+(?:you|u)|could\s+(?:you|u)|u)\s+)*"
    r"(?:(?:leave|park|hold|push|bump|shelve|save|keep|put)\s+(?:it|that|this|them|that\s+one|"
    r"this\s+one)(?:\s+(?:off|back|aside|over))?"
    r"|(?:ask|remind|nudge|ping|bug|tell)\s+me(?:\s+(?:again|about\s+it|abt\s+it|re\s+it))*"
    r"|bring\s+it\s+(?:up|back)(?:\s+again)?)"
    r"\s+(?P<rest>\S.*)$",
    re.I | re.S,
)


def label_then_wait(text: str, now: datetime, timezone: str) -> str | None:
    """The label a wait is asked of, when ``text`` names a thing first and then asks for it
    to wait till a day ahead with a word that points back to it; None otherwise."""
    found = _LABEL_THEN_WAIT.match(" ".join(text.split()))
    if found is None:
        return None
    asked = found["rest"]
    # the day in the clause that asks, before any reason said after it
    clause = re.split(r"[,;.!?—]", asked, maxsplit=1)[0]
    if day_ahead(clause, now, timezone) is None:
        return None
    label = found["label"].strip()
    return None if _POINTS.match(label) or _DOING_WORD.search(label) else label


# Each example names its label (at NOW of the tests, 2026-11-24, a Tuesday); no near miss does.
LABEL_THEN_WAIT_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "ID card appointment - leave it till monday pls, ma għandix ras għalih this week",
        "ID card appointment",
    ),
    ("kit sizes - leave it till wednesday, no head for it this week", "kit sizes"),
    ("the hundevakt thing, ask me again on monday, too much this week", "the hundevakt thing"),
    ("staff photos - park it till next week, half the teachers are away", "staff photos"),
    ("the rego: remind me about it friday, no cash till then", "the rego"),
)
LABEL_THEN_WAIT_NEAR_MISSES: tuple[str, ...] = (
    "ID card appointment - leave it, not needed",  # no day
    "kit sizes - leave it till yesterday",  # a day gone
    "Birthday party - book the hall, leave the cake till friday",  # a list, no pointing word
    "I'm away - ask me again on monday",  # the label is a doing
    "it - leave it till monday",  # the label only points
    "ask me again on monday, too much this week",  # no label
)
