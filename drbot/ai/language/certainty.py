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
  since a try is often made another way ("rang them this time instead of emailing");
- the message tells of a condition set before the step can go on ("they want the death
  certificate sent in first", "before they'll do anything"): a done or a skip is a guess;
- the message tells of a day as a fact, asking for no wait ("has me booked in for the
  wednesday", "we've got it till sunday", "garage is chocker till the 10th"): the day is
  when something happens or how long the other side is busy, not a day the person chose to
  come back; a wait read from it is a guess;
- the message says the thing is complete as well as tried or begun ("took forever but
  it's submitted now", "phoned them and cancelled it", "all sorted there"): how the step
  stands is what is unsure;
- the message says only a part is complete ("first one is in", "one wall done", "still the
  pans to go") or names what is still left ("towel done, still the goggles and bag"): the
  step may be begun, not done, and the things left are no step of their own done or begun
  (a write on several steps from such a message is asked: ``names_a_part``);
- a word of being stuck says something else ("got stuck in to the shed" is begun);
- a result only a finished step has is told of its thing ("PASSED THE THEORY TEST",
  "campsite's locked in", "FLORIST BOOKED"): a start, a wait or a try is a guess;
- only some of those the step is about, or some of its things, are done ("only Bec's paid,
  the rest are next week", "a few pics pinned up already"): begun, perhaps not done;
- the doing is put off with no day, or only meant ("translation thing I sort later, now too
  tired", "was gonna do the brakes today but …"): nothing was done.

With such a sign the reading is proposed (Yes / No, or the Done / Started / Just note it
menu), never written: one tap for the person when it was right, nothing stored when it was
not. A sign that doubts how the step stands rather than which step (``menu``) offers the
news menu whatever the reading was, since the reading's own kind is what is in doubt. Each sign is declared once, with sentences it must find and near-misses it must not
(tests/test_readings.py runs both). Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drbot.ai.language import letters


@dataclass(frozen=True)
class Doubt:
    name: str
    pattern: re.Pattern[str]
    kinds: frozenset[str]  # the statement kinds this sign makes uncertain
    examples: tuple[str, ...]  # must be found
    near_misses: tuple[str, ...]  # must not be found
    # the sign doubts how the step stands, not which step: offer the news menu (Done /
    # Started / Just note it) rather than a Yes / No of the reading
    menu: bool = False


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
            r"\bno\s+point\s+(?:me\s+)?\w+ing\b[^.!?]*\b(?:till?|until|before)\b|"
            # the person's own act on the day the other side is back: "closed until monday,
            # so I shall have to book it then", "away till the 10th, I'll ring him then"
            r"\b(?:till?|until|before|after)\b[^.!?]*\b(?:i'?ll|i\s+will|i\s+shall|we'?ll|"
            r"we\s+will|we\s+shall|i\s+have\s+to|i'?m\s+going\s+to|gonna)\b[^.!?]*\bthen\b|"
            # the step brought back on a day, asked in a clause of its own, in either order:
            # "bring back the barrel drop off on dec 3rd" (z272), "can u bring back the autopay
            # thing on the 1st" (z177), "bring back the driving teacher thing after
            # thanksgiving" (z230), "bring it back up monday"; never someone's word ("they
            # said bring back the form on monday") nor a thing returned to a place
            r"(?:^|[,.;:!?—]\s*|\b(?:pls|please|plz|can\s+(?:u|you)|could\s+(?:u|you)|so|then|"
            r"and|just)\s+)bring\s+(?:back\s+(?:up\s+)?(?:(?!to\b)[\w'’ -]){1,40}?|"
            r"(?:it|that|this|them|the\s+[\w'’ -]{1,30}?)\s+back(?:\s+up)?)\s+"
            r"(?:on|after|next|this|tomorrow|tmrw|tonight|in\s+(?:a|an|\d+|two|three)|"
            r"mon|tue|wed|thu|fri|sat|sun)\w*\b"
        ),
        # (a skip may say so too: "the doctor said it can wait, so take it off")
        frozenset({"done", "start", "attempt", "block"}),
        (
            "the garage can't look at it til the part comes in, bug me on the 9th",
            "council haven't replied, check back with me next week",
            "the decorating will have to wait till january, no money till then",
            "park the gutters till the rain stops, rang the roofer anyway",
            "no point chasing the solicitor before the 12th, she's away",
            "the garage is shut till thursday so I shall have to ring them then",
            "the council offices are closed until the 4th, I'll ask about the permit then",
            "shipper is closed for thanksgiving anyway. bring back the barrel drop off on dec 3rd",
            "the bank's shut today so can u bring back the autopay thing on the 1st",
            "office closed all week, bring it back monday pls",
        ),
        (
            "put the kettle on for the plumber, he's fitting the sink",
            "parked the car at the station and got the train to the embassy",
            "was on hold for 40 mins, then it cut off",
            "left the keys with the neighbour for the plumber",
            "rang the office then emailed them the form",
            "the office is closed till the 4th, rang the other branch instead",
            "went to the shipper, they said bring back the barrel on monday with the invoice",
            "closed today, bring back the drill to Dave on monday",
            "brought back the barrel on monday, they were closed",
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
    Doubt(
        # a condition the other side sets before the step can go on: the try is what
        # happened, the step is not done (nor given up)
        "a condition set",
        _re(
            r"\b(?:want|wants|wanted|need|needs|needed|require|requires|required|"
            r"asked\s+for|asking\s+for)\b[^.!?]{0,60}?\bfirst\b|"
            r"\bbefore\s+(?:they|he|she|it|anyone|anybody)(?:'ll|\s+will|\s+can|\s+could|"
            r"\s+would|\s+do|\s+does|\s+is|\s+are)\b|"
            r"\b(?:not|won'?t|can'?t|cannot)\s+(?:\w+\s+){0,3}?(?:until|till|unless)\s+"
            r"(?:they|we|i|you)\s+(?:get|have|send|see|receive)\b"
        ),
        frozenset({"done", "skip"}),
        (
            "rang the bank about closing the account, they want the will sent in first",
            "spoke to the council, they need proof of address before they'll do anything",
            "went to the surgery, they won't register her until they get the red book",
            "emailed the landlord about the deposit, he's asking for the meter readings first",
        ),
        (
            "first thing this morning I rang the bank, account closed",
            "sent the will in before lunch, all done",
            "the council want it by friday, posted it today",
            "got it done first go",
        ),
        menu=True,
    ),
    Doubt(
        # a day told as a fact, no wait asked for: the message has no word that asks for a
        # wait or says the person will act later, and a clause tells a state ("is", "has",
        # "got", "booked") that the day goes with
        "a day told, no wait asked",
        _re(
            r"^(?![\s\S]*\b(?:remind|nudge|ping|bug|nag|snooze|postpone|defer|delay|push|"
            r"pushed|park|leave|hold|put\s+(?:it|that|this|them)\s+off|put\s+off|wait|later|"
            r"come\s+back|revisit|again|retry|try|trying|i'?ll|ill|we'?ll|will|gonna|going\s+to|"
            r"chase|follow|check|ask\s+me|don'?t|do\s+not|not|no\s+point|can'?t|cannot|won'?t|"
            r"until\s+then|till\s+then|should|must|need|needs|have\s+to|has\s+to|want|wants|"
            r"let'?s|nothing\s+to\s+do|said|says|told|asked|asks)\b)"
            r"[\s\S]*(?:\b(?:is|are|was|were|have|has|had|got|booked)\b|'s\b|'re\b|'ve\b)"
            r"[^.!?;]*\b(?:till?|until|for|on|from|by)\b"
        ),
        frozenset({"snooze"}),
        (
            "the dentist has me booked in for the thursday after next, tick it off",
            "collected the trailer, we've got it until monday",
            "the hall is rammed till the 12th",
            "van's booked for friday, sorted",
        ),
        (
            "remind me about the trailer on monday",
            "leave the hall till the 12th",
            "I'll ring the dentist on thursday",
            "the hall is full till the 12th, will try again then",
            "can't do anything till the 10th",
            "snooze it for a week",
            "push the gutters to next week",
            "he has a cold so no photos today, let's do it saturday",
            "the venue man is off till thursday so nothing to do there till he's back",
            "the surgery is booked solid, they asked me to ring on the 5th",
        ),
        menu=True,
    ),
    Doubt(
        # the thing is said to be complete as well as tried or begun: "took forever but
        # it's submitted now", "phoned them and cancelled it", "been down, all sorted there"
        "complete as well",
        _re(
            # ("all" opening a clause: "been down the bank, all sorted there"; never "6B all
            # done", a part's own)
            r"(?:\b(?:it'?s|it\s+is|its|it'?s\s+been|it\s+has\s+been|that'?s|everything'?s?)|"
            r"(?:^|(?<=[,.;:!?—–-])|(?<=[,.;:!?—–-]\s)|(?<=\band\s)|(?<=\bso\s)|(?<=\bnow\s))"
            r"\s*all'?s?)\s+(?:now\s+|been\s+|all\s+|finally\s+|properly\s+)?"
            r"(?:done|sorted|submitted|finished|fixed|cancell?ed|stopped|closed|paid|"
            r"complete|completed|through|gone\s+through|sent|lodged|filed)\b"
            r"(?!\s+(?:for|on|by|till|until|when|once|if|except|but)\b)|"
            r"\b(?:cancell?ed|stopped|finished|sorted|submitted|closed|fixed|paid|lodged|filed|passed)"
            r"\s+(?:it|them|that|the\s+lot)\b(?!\s+(?:for|on|by|till|until|when|once|if)\b)|"
            r"\bgot\s+(?:it|them|that|the\s+lot)\s+(?:all\s+)?(?:cancell?ed|stopped|sorted|done|"
            r"fixed|closed|paid|sent|submitted|finished)\b"
        ),
        frozenset({"attempt", "start"}),
        (
            "the visa form went in online at last. took ages scanning everything but it's submitted",
            "rang the water board and closed it, very helpful",
            "been down the council offices, all sorted there",
            "phoned up and got it cancelled, no hassle",
            "sat the theory test at nine and passed it, just the forms to send",
        ),
        (
            "rang them, it's done on their side by friday",
            "started the form, it's done by tonight hopefully",
            "tried to pay it but the card bounced",
            "rang them, they've closed for the day",
            "it's sorted for monday",
            "started on the jersey sizes, under 9s all done, doing under 11s tomorrow",
        ),
        menu=True,
    ),
    Doubt(
        # a result that only a finished step has, told of its thing ("PASSED THE THEORY
        # TEST", "campsite's locked in", "FLORIST BOOKED", "that's the corn finished", "UPI
        # QR working now", "got my ID copies certified"): a start, a wait or a try read from
        # the rest of the message is a guess, the step may be done
        "a result told",
        _re(
            # passing a test, never passing a thing on ("passed it on to the agent")
            r"(?<!n't\s)(?<!nt\s)(?<!not\s)\b(?:passed|aced|nailed)\b(?!\s+(?:it\s+|them\s+|that\s+|the\s+\w+\s+|my\s+\w+\s+)?"
            r"(?:on|by|along|over|to|through|away|round|around|out|back)\b)|"
            # a thing said with its result, opening a clause ("FLORIST BOOKED!!!",
            # "campsite's locked in"); never a part or a count ("half done", "first one in")
            r"(?:^|[.!?;,:]\s*|\band\s+|\bso\s+)(?:the\s+|my\s+|our\s+|his\s+|her\s+)?"
            r"(?!(?:first|half|one|some|part|most|nearly|almost|not|nothing|it|that|this|i|we|he|"
            r"she|they|you|all)\b)[a-z]+(?:\s+(?!(?:is|are|was|not|now|all|finally)\b)[a-z]+)?"
            r"(?:'s|\s+is|\s+are|\s+was|\s+has\s+been)?\s+"
            r"(?:now\s+|finally\s+|all\s+)?(?:locked\s+in|(?<!fully\s)(?<!totally\s)(?<!completely\s)"
            r"booked(?!\s+(?:up|out|solid|in|until|till?)\b)|"
            r"confirmed|certified|approved|live)\b|"
            r"\bthat'?s\s+(?:the\s+|my\s+|our\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:finished|done|sorted|booked|"
            r"paid(?:\s+for)?)\b|"
            r"\bpaid\s+(?:the\s+whole\s+lot|in\s+full|the\s+lot|the\s+full\s+amount|it\s+off|up)\b|"
            r"\bgot\s+(?:my|the|our|his|her)\s+(?:[a-z]+\s+){0,2}?(?:certified|approved|stamped|"
            r"notari[sz]ed|signed\s+off)\b|"
            r"(?<!\bi'm\s)(?<!\bim\s)(?<!\bam\s)(?<!\bwe're\s)(?<!\bare\s)(?<!\bbe\s)"
            r"\bworking\s+(?:now|again|fine|perfectly)\b"
        ),
        frozenset({"start", "snooze", "attempt"}),
        (
            "PASSED THE THEORY TEST!!! 38 of 40 wooo",
            "campsite's locked in for the long weekend, will sort out who owes what later",
            "FLORIST BOOKED!!! someone finally got back to me",
            "Last load went this morning. That's the corn finished!",
            "the card reader working now, tested it with a pound",
            "got my ID copies certified at the library",
            "rang round all afternoon and the hall is booked for the party",
            "the theory test's locked in for friday, will tell the instructor later",
        ),
        (
            "passed the form on to the agent, they'll look at it monday",
            "the garage is booked up till the 10th",
            "phoned two more instructors today... both fully booked until February",
            "tried the marriott for regionals, totally booked that weekend",
            "van booked in for friday",
            "I'm working now, will ring them at lunch",
            "half done, the rest tomorrow",
            "that's the first coat on, second one tomorrow",
            "booked the tickets for the wrong day, ringing them",
        ),
        menu=True,
    ),
    Doubt(
        # only a part of the step is complete: begun, perhaps not done
        "a part complete",
        _re(
            # (a number alone names a step: "2 is done", "step one's done")
            r"(?<!\bstep\s)\b(?:(?:first|half|part|some|a\s+couple|a\s+few)(?!\s+more\b)"
            r"(?!\s+(?:thing|step|job|task|item)s?\b)"
            # (the part is a thing, never a verb: "another one coming in this arvo")
            r"(?:\s+(?:of\s+)?(?:the\s+|them\s+|it\s+)?(?![a-z]+ing\b)[a-z]+)?|"
            r"one(?!\s+(?:more|thing|step|job|task|item|down|is|are|'s|done)\b)"
            r"\s+(?:of\s+)?(?:the\s+|them\s+)?(?![a-z]+ing\b)[a-z]+)\s+(?:is\s+|are\s+|'s\s+|'re\s+)?"
            r"(?:done|in|up|on|finished|sorted|packed|painted|washed|fitted|built|on\s+the\s+line)\b"
            r"(?!\s+(?:the|a|an|my|his|her|their|our|time|and\s+dusted)\b)|"
            r"\bhalf\s*way\b|\bstill\s+(?:[a-z']+\s+){1,5}?(?:to\s+go|left|to\s+do)\b|"
            r"\b\d+\s+(?:more\s+)?(?:to\s+go|left\s+to\s+do)\b|"
            # a thing done to only a part of it ("packed most of the kitchen", "sanded half of
            # the doors", "cleared some of it")
            r"\b[a-z]+ed\s+(?:most|half|some|part|a\s+bit|a\s+few)\s+of\s+"
            r"(?:the|it|them|my|our|his|her|their|those|these)\b"
        ),
        frozenset({"done"}),
        (
            "painting the fence today, first panel is done",
            "packed most of the kitchen",
            "sanded half of the doors, knackered",
            "boxing up the books, one shelf done",
            "washing the curtains, first lot is in",
            "cleared most of the garage, still the bikes and the freezer to go",
        ),
        (
            "one more thing done, the tax return's in",
            "first thing this morning I posted the form",
            "finished it in one go",
            "both done",
            "the form is in the post",
            "2 is done",
            "step one's done",
            "one is done, the photos",
            "saw a plumber this morning, another one coming in later",
            "made the most of the sunshine, fence painted",
        ),
        menu=True,
    ),
    Doubt(
        # done only in a manner of speaking: a completion hedged ("sort of fixed", "mostly
        # packed", "nearly done") or a part of it still not right ("one bracket still loose")
        "not quite done",
        _re(
            r"\b(?:sort\s+of|sorta|kind\s+of|kinda|mostly|partly|partially|almost|nearly|"
            r"more\s+or\s+less|half)\s+(?:done|fixed|sorted|finished|packed|painted|built|"
            r"cleared|cleaned|working|complete|ready|fitted|installed)\b|"
            r"\bstill\s+(?:a\s+(?:bit|little)\s+)?(?:loose|broken|missing|wobbly|leaking|"
            r"dripping|cracked|not\s+(?:right|working|done|finished))\b"
        ),
        frozenset({"done"}),
        (
            "shelves are sort of fixed, one bracket still loose",
            "kitchen's mostly packed, just the plates left",
            "nearly done with the painting",
            "the tap is more or less fixed",
            "put the new hinges on, gate still a bit wobbly",
        ),
        (
            "the fence is done, sort of proud of it tbh",
            "fixed the shelves, still need to paint the door",
            "kind of a relief the van's booked",
            "almost forgot, the van's booked",
            "half the price I expected, boiler serviced",
        ),
        menu=True,
    ),
    Doubt(
        # only some of those the step is about have done their part ("only Bec's paid, the
        # rest are next week"), or only some of its things are in place ("a few pics pinned
        # up already"): begun, perhaps not done
        "only some of it",
        _re(
            # ("only Bec's paid", "only two of them have replied"; never "only 3 weeks late")
            r"\bonly\s+(?:(?:one|two|three|four|five|half|a\s+few|a\s+couple|some|\d+)"
            r"(?:\s+of\s+(?:them|us|the\s+\w+))?|(?!(?:just|now|recently|ever|once|really|barely)\b)[a-z]+)(?:'s|\s+(?:has|have|is|are))?\s+"
            r"(?:paid|done|in|back|replied|answered|signed|sent|sorted|confirmed|booked|finished|"
            r"agreed|turned\s+up)\b|"
            r"\bthe\s+rest\s+(?:are|'re|still|will|won'?t|haven'?t|is\s+(?:still|to)|"
            r"to\s+(?:go|do|come))\b|"
            r"\b(?:a\s+few|a\s+couple(?:\s+of)?|some|half\s+(?:of\s+)?the|most\s+of\s+the)\s+"
            r"(?!(?:more|thing|step|job|task|item|time|day|week|hour|minute)s?\b)[a-z]+\s+"
            r"(?:already\s+)?(?!(?:need|want|ask|nam|call)ed\b)[a-z]+ed(?:\s+(?:up|in|on|out|off|down))?\b"
        ),
        frozenset({"done"}),
        (
            "chased everyone for the money, only Bec's paid, the rest are next week",
            "got the corkboard, a few pics pinned up already",
            "texted the team about the kit, only two have replied",
            "collected the forms, the rest are coming friday",
            "sorting the seedlings, some pots planted out",
        ),
        (
            "only just finished the shed, all painted",
            "paid the rest of the balance, all done",
            "got a few quotes and went with the cheapest, booked",
            "the rest is history, the bike's sold",
            "only took ten minutes, passport's renewed",
        ),
        menu=True,
    ),
    Doubt(
        # what is still to do named after the news ("towel done, still the goggles and
        # bag"): the news is of a part, and the things left are no step done or begun
        "what is left",
        _re(
            r"\bstill\s+(?:(?:got|have|need|needs)\s+)?(?:the|my|his|her|their|our|some)\s+"
            r"(?!(?:same|best|worst|one|plan|case|way|thing)\b)[a-z]+"
            r"(?:\s+(?:and|&|n|or)\s+(?:the\s+|my\s+|his\s+|her\s+)?[a-z]+)*"
            r"\s*(?:$|[,.;!?)]|to\s+go\b|left\b|to\s+do\b)"
        ),
        frozenset({"done"}),
        (
            "did the lounge carpet, still the stairs and landing",
            "wrote most of the cards, still got the envelopes to do",
            "sanded the doors today, still the skirting left",
        ),
        (
            "the plumber is still the best in town, fixed the tap",
            "fixed the tap but the drip is still the same",
            "still the plan for saturday, booked the van",
        ),
        menu=True,
    ),
    Doubt(
        # nothing has happened yet: the first clause denies the person's own deed with
        # "yet" ("haven't paid the rego yet, still waiting on …"); "not yet" never writes.
        # A later clause's "haven't heard back yet" is the outcome of a try and stays as read
        "not yet",
        _re(
            # (the denial opens the message, after its subject: never "drafted the invites
            # but haven't sent them yet", whose first deed is news)
            r"^\W*(?:(?:nah|no|nope|so|well|still|i|we|the\s+\w+)\W+)*"
            r"(?:haven'?t|havent|have\s+not|hasn'?t|hasnt|has\s+not|not|yet\s+to)\b"
            r"[^.!?;,]*\byet\b|"
            r"^\W*(?:(?:nah|no|nope)\W+)?not\s+yet\b|^[^.!?;,]*\byet\s+to\s+\w+|"
            # "still not paid the rent", also after an opening clause that tells no deed
            # ("so hot today, and still not paid the rent", its "and" in any tongue): the
            # "yet" is in the "still"
            r"^\W*(?:(?:(?!\b\w+ed\b|\b(?:rang|paid|sent|got|went|did|made|spoke|bought)\b)"
            r"[^,;.!?])*[,;.!?]\s*)?(?:\w{1,4}\s+)?still\s+(?:not|haven'?t|hasn'?t)\s+"
            r"(?:\w+ed|paid|sent|done|made|bought|got|booked|begun|started)\b"
        ),
        # (a wait is what "not yet" may ask for: "hasn't posted the dates yet, ask me
        # tomorrow" stays a wait)
        _WRITES - {"snooze"},
        (
            "we haven't even started on the loft yet, too much on",
            "not yet — the quotes are still with the builder",
            "still not posted the forms yet, no stamps in the house",
            "yet to hear a word from the letting agent about the boiler",
            "still not paid the rent, crazy week",
            "so hot today, and still not paid the rent",
        ),
        (
            "rang the council, haven't heard back yet",
            "paid the deposit, not heard from them yet",
            "yet another call to the bank, finally sorted",
            "wrote the card but haven't posted it yet",
            "rang the landlord, still not booked in",
            "still not working after the reset",
        ),
    ),
    Doubt(
        # the step is in someone else's hands right now ("car's at the garage getting the
        # pads done", "he's got it up on the hoist now"): under way, not done, whatever
        # "done" or "up" the clause has
        "in hand now",
        _re(
            r"\b(?:getting|having)\s+(?:the\s+|my\s+|our\s+|his\s+|her\s+|its\s+|it\s+|them\s+)?"
            r"(?:\w+\s+){0,2}?(?:done|fixed|sorted|seen\s+to|looked\s+at|checked|serviced|"
            r"replaced|changed|fitted)\b|"
            r"\b(?:he|she|they|the\s+\w+)(?:'s|'re|\s+is|\s+are|\s+has|\s+have|'ve)\s+"
            r"(?:got\s+(?:it|them|her|him)\s+(?:up\s+)?(?:on|in)\b|"
            r"(?:working\s+on|looking\s+at|doing|fixing|stripping|on\s+with)\s+(?:it|them|her|him)\b)"
        ),
        frozenset({"done"}),
        (
            "left the laptop with the repair guy, he's working on it",
            "van's at the garage getting the clutch sorted, collect it at 5",
            "dropped the bike at the shop, they've got it in the stand now",
        ),
        (
            "picked the car up, they got it done in an hour",
            "he's done it, the boiler's fixed",
            "got the brakes sorted yesterday",
        ),
        menu=True,
    ),
    Doubt(
        # one more go with nothing to show ("emailed him again. nothing. third one now"):
        # a try, not the step done
        "one more go, nothing back",
        _re(
            r"(?:\bthat'?s\s+(?:the\s+|my\s+)?|\b)(?:second|third|fourth|fifth|sixth|2nd|3rd|4th|5th|6th)\s+"
            r"(?:one|time|email|call|message|text|letter|go|attempt|chase|reminder)\b"
            # (told as a count of tries: "third one now", "that's the fourth text this week";
            # never "done the second one")
            r"(?=\s*(?:now|this\s+week|today|in\s+a\s+row|already|and\s+(?:still\s+)?nothing)\b)"
            r"(?![^.!?]*\b(?:done|lucky|worked|sorted|fixed|paid|booked)\b)|"
            r"(?:^|[.!?;,]\s*)(?:still\s+)?nothing(?:\s+(?:yet|back|at\s+all|since))?\s*(?:[.!?;,]|$)"
        ),
        frozenset({"done"}),
        (
            "texted the builder again, that's the fourth text this week",
            "chased the agent by email. still nothing.",
            "rang the insurers about the claim, 3rd call now",
        ),
        (
            "second coat on the fence done",
            "rang them a second time and it's sorted now",
            "nothing else to do on the shed, finished",
            "done the second one",
        ),
    ),
    Doubt(
        # the step is not needed, said of it ("no need health check, immi said ok", "not
        # worth the coin"): a skip, not a done
        "not needed",
        _re(
            r"\bno\s+need\b(?!\s+to\s+(?:remind|worry|chase|ask|nag|bug|ping))|"
            r"\b(?:not|aren'?t|arent|isn'?t|isnt)\s+(?:needed|necessary|required|worth)\b|\bno\s+longer\s+need\w*\b|"
            r"\b(?:don'?t|dont|doesn'?t|doesnt)\s+need\s+(?:to\s+)?(?:do\s+)?"
            r"(?:it|that|one|any|them)\b|\bunnecessary\b"
        ),
        frozenset({"done", "start"}),
        (
            "the mot man says the tyres aren't needed, plenty of tread",
            "nurse says I don't need one this year as I had it in march",
            "skip tracing the boundary, no longer needed now the deeds came",
        ),
        (
            "paid the bill, so no need to remind me",
            "don't need reminding, the form's in",
            "needed a new one so I bought it",
        ),
    ),
    Doubt(
        # someone's advice that changes how the step is done ("vet says don't be dosing
        # them blind, get a sample tested first"): a new way, not the step done
        "advice that changes it",
        _re(
            r"\b(?:says|said|told\s+(?:me|us|him|her)|reckons|reckoned|advised|recommends|"
            r"recommended)\b[^.!?]{0,40}?(?:\b(?:don'?t|dont|do\s+not|not\s+to|shouldn'?t|"
            r"no\s+point|better\s+to|best\s+to)\b(?!\s+worry)|\bfirst\b)"
        ),
        frozenset({"done", "start"}),
        (
            "the mechanic reckons not to bother with new tyres, get the tracking checked",
            "accountant said I shouldn't file until the p60 comes",
            "farrier told me best to leave the shoes off over winter",
        ),
        (
            "the vet said the calves are fine, dosed them all",
            "she said don't worry, it's all done",
            "told them it's paid",
        ),
    ),
    Doubt(
        # a wait on news the other side will send, with what the person will do if none
        # comes ("they'll confirm a plumber by friday, if I hear nothing I'll ring"): a wait,
        # not a try or a start
        "waiting on their word",
        _re(
            r"\bif\s+(?:i|we)\s+(?:hear|get|have)\s+nothing\b|"
            r"\bif\s+(?:i|we)\s+(?:don'?t|dont|do\s+not|haven'?t|havent)\s+(?:hear|heard|get|got)\b|"
            r"\b(?:if\s+)?(?:nothing|no\s+(?:word|news|reply|answer))\s+by\b|"
            r"\b(?:they|he|she|the\s+\w+|theyll|hell|shell)(?:'?ll|\s+will)?\s+(?:confirm|get\s+back|"
            r"let\s+(?:me|us)\s+know|come\s+back\s+to)\b[^.!?]{0,30}?\bby\b"
        ),
        frozenset({"done", "start", "attempt"}),
        (
            "if I don't hear by tuesday I'm chasing the surveyor",
            "the agent will let me know by the weekend about the viewing",
            "no word by monday and I'm ringing the school again",
        ),
        (
            "rang them, didn't hear anything useful",
            "if I get time I'll ring the bank",
            "they rang to let me know about the pump",
        ),
    ),
    Doubt(
        # the doing put off with no day ("translation thing I sort later, now too tired"):
        # an intention, nothing done; the first clause says it is for later and tells no
        # deed (never "rang them later on", "started it, will finish later")
        "put off or only meant",
        _re(
            r"^(?![^,.;!?]*\b(?:[a-z]{3,}ed|got|went|did|done|made|rang|sent|paid|took|came|had|"
            r"saw|spoke|bought|sold|gave|put|told|found|left|met|began|begun|started|wrote|"
            r"brought|caught|ran|sat)\b)"
            r"[^,.;!?]*\b(?:later(?!\s+(?:than|on\s+in))|another\s+day|some\s+other\s+time|"
            r"when\s+i\s+(?:get|have)\s+(?:a\s+)?(?:chance|minute|sec|moment|time))\b|"
            # an intention, told as one, opening the message ("was gonna do the brakes today
            # but …", "i was thinking to start the mocks this week, let's see")
            r"^\W*(?:(?:i|we|so|well|ok|okay|yeah|tbh)\W+)*(?:was|were)\s+(?:gonna|going\s+to|planning\s+(?:to|on)|meant\s+to|"
            r"supposed\s+to|thinking\s+(?:to|of|about)|hoping\s+to)\b|"
            r"\b(?:too\s+(?:tired|knackered|wrecked|exhausted|shattered)|no\s+energy|"
            r"can'?t\s+be\s+(?:bothered|arsed))\b(?![^.!?]*\b(?:but|anyway)\b)"
        ),
        frozenset({"done", "start", "attempt"}),
        (
            "translation thing I sort later, now too tired",
            "the shed roof another day, it's lashing",
            "the tax form when I get a chance, now off to work",
            "too knackered to look at the bank stuff tonight",
            "was gonna do the brakes today but got called in for OT",
            "i was thinking to start the mock tests this week itself, let's see",
        ),
        (
            "rang them later in the afternoon, no answer",
            "started the form, will finish later",
            "called back later, still no joy",
            "too tired but got the hedge cut anyway",
            "later than planned but the boiler's fixed",
            "another cook was supposed to come for a trial today, didnt turn up",
        ),
    ),
    Doubt(
        # the other side wants nothing more ("closed the account, they want nothing else"):
        # the step's end is said, so a try or a start is a guess — the news menu, done first
        "nothing more wanted",
        _re(
            r"\b(?:wants?|wanted|needs?|needed)\s+nothing\s+(?:else|more)\b"
            r"(?!\s+(?:but|than|except|apart|other\s+than)\b)|"
            r"\bnothing\s+(?:else|more)\s+(?:to\s+do|needed|required|wanted)\b|"
            r"\bno\s+more\s+(?:to\s+do|needed|required)\b"
        ),
        frozenset({"attempt", "start"}),
        (
            "closed the account, they want nothing else",
            "dropped the forms in, they need nothing more from us",
            "rang the bank, nothing else needed on their side",
        ),
        (
            "they need nothing else but your signature",
            "rang them, they want more paperwork",
            "nothing else to report on the van, still waiting",
        ),
        menu=True,
    ),
    Doubt(
        # the deed told, then a "but" whose clause says it went wrong ("sent the money to
        # maman but it's blocked, they want ID", "went over to Pete's for the trailer but he's
        # no spare", "mandé los statements pero el lender dice que no"): the verb in the past
        # found the step, but the news is as likely a try that failed as the step done, or a
        # thing held up. Read on the gloss, so "pero", "mas", "par", "mais" are "but" too.
        # In the held-out sets such a "but"-clause follows 132 tries and one done: "but it's
        # in and it doesn't leak so that's that one done" (done said after it) and "but
        # nothing major" (a problem denied) are not it.
        "its failure after the deed",
        _re(
            r"\bbut\s+(?:(?!so\b|though\b)[^.!?;,\s]+\s+){0,8}?"
            r"(?:(?:\w+n['’]t|not|no|never|nobody|none|nowhere|missing|blocked|stuck|rejected|"
            r"refused|declined)\b(?!\s+(?:major|serious|wrong|bad|problem|problems|issue|issues|"
            r"worries|bother|drama|fuss|cheap|easy|quick|fun)\b)|"
            r"nothing\b(?!\s+(?:major|serious|wrong|bad|to\s+worry))|"
            r"still\s+(?:wants?|needs?|asks?|asking)\b)"
            # (and nothing after it says the step is done after all: "… doesn't leak so that's
            # that one done")
            r"(?![\s\S]*\b(?:done|sorted|all\s+good)\b)"
        ),
        frozenset({"done", "block"}),
        (
            "sent the money to maman by western but it's blocked, they want ID",
            "went over to Pete's for the trailer but it's got a flat and he's no spare",
            "sent the money to maman but it didn't go through",
            "posted the form but they still want the original",
            "paid the deposit but nobody has confirmed it",
        ),
        (
            "the water tank went in, took all afternoon but it's in and it doesn't leak so that's done",
            "inspector wrapped up this morning, report is 43 pages but nothing major",
            "sent the money, took ages but it's there",
            "paid the deposit, no receipt though",
            "booked the hall but it wasn't cheap",
        ),
        menu=True,
    ),
    Doubt(
        # "stuck" of something else than being blocked: "got stuck in to the shed" (begun)
        "stuck in to it",
        _re(
            r"\bstuck\s+in(?:\s*to)?\b(?!\s+(?:the\s+|a\s+)?(?:queue|traffic|mud|line|jam|lift|snow)\b)"
        ),
        frozenset({"block"}),
        (
            "got stuck in to the shed this afternoon",
            "we got stuck in on the hedge after lunch",
            "getting stuck into the ironing pile",
        ),
        (
            "stuck in traffic on the way to the tip",
            "stuck in the queue at the post office",
            "stuck on the pensions page of the form",
        ),
        menu=True,
    ),
)


def doubt(message: str, kind: str) -> str | None:
    """The name of the first sign in the message that a ``kind`` reading is uncertain."""
    sign = doubted_by(message, kind)
    return sign.name if sign is not None else None


def names_a_part(message: str) -> bool:
    """The message tells of only a part being complete, or names what is still left, so a
    write on several steps at once from it is a guess ("towel done, still the goggles and
    bag" begins no "Buy a swim bag")."""
    return any(
        sign.pattern.search(message)
        for sign in DOUBTS
        if sign.name in ("a part complete", "what is left")
    )


def doubted_by(message: str, kind: str) -> Doubt | None:
    """The first sign in the message that a ``kind`` reading is uncertain."""
    for sign in DOUBTS:
        if kind in sign.kinds and sign.pattern.search(message):
            return sign
    return None


# -- a sign that the step's outcome is reached ----------------------------------------
#
# News of a step that only names its thing ("broadband guy came today") is offered as the
# news menu (Done / Started / Just note it): a visit or a thing come may be only a start. A
# sign of a class says the outcome itself is reached: a thing said to work now ("internet
# working", "all working", "is in and working", "up and running") is what a step of making it
# work (set up, install, fix, get someone in: ``makes_it_work``) is for. Only that sign, with
# nothing in the message that negates, looks ahead or doubts, makes done certain.

# working as a state: never working on or at something, from home, a working day, nor
# working said of what is to come or is not so ("still not working", "should be working by")
_WORKS = re.compile(
    r"\b(?:working|works(?=\s+(?:now|fine|perfectly|great|a\s+treat|grand|again|lovely)\b))\b"
    r"(?!\s+(?:on|at|from|with|out|through|thru|away|late|hard|towards?|for|in|day|days|hours?|"
    r"weeks?|order|it|them|round|around|over|off|the|a|my|our|his|her|their|holidays?|visa|"
    r"class|group|lunch|party|title|life|parents?|mums?|moms?|mothers?|dads?|papers?|draft|"
    r"copy|space|area)\b)|"
    r"\bup\s+and\s+running\b",
    re.IGNORECASE,
)
# What in the same clause says it is not so, or not yet: a negation, a hope, a time to come
_NOT_SO = re.compile(
    r"\b(?:not|no|never|isn'?t|wasn'?t|aren'?t|weren'?t|stopped|still|yet|nearly|almost|"
    r"should|will|won'?t|'ll|hopefully|hope|if|once|when|by|till|until|tomorrow|soon|half|"
    # getting it working is still to do: "get the knitting machine working again"
    r"get|getting|need|needs|want|wants|trying|try|"
    r"sort\s+of|kind\s+of|kinda|mostly|partly|barely|sometimes|intermittent\w*|on\s+and\s+off)\b|"
    r"\w+n['’]t\b",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"[,;:.!?—–()]|\bbut\b|\bthough\b|\bexcept\b|\bapart\b", re.IGNORECASE)

OUTCOME_EXAMPLES = (
    "broadband guy came today finally, internet working 🙏 Virgin was soooo slow",
    "fridge bloke finally came, all working 🙌",
    "new machine is in and working, took the man 20 mins",
    "the boiler man came this morning, heating's working",
    "router's in and everything works now",
    "engineer came out, all up and running",
)
OUTCOME_NEAR_MISSES = (
    "the broadband guy came but it's still not working",
    "engineer came, he's working on it now",
    "broadband guy came, I was working from home anyway",
    "fridge bloke came, reckons it'll be working by friday",
    "the broadband guy came, 3 working days for the line",
    "internet working?",
    "the new router is half working",
    "boiler man came, heating working but the hot water isn't",
    "need to sort out my working holiday visa for Canada",
    "project: get the old knitting machine working again",
)


def outcome_reached(message: str) -> bool:
    """The message says a thing works now, with nothing in the message that negates it,
    looks ahead or doubts it (``OUTCOME_EXAMPLES``)."""
    if "?" in message or not (found := _WORKS.search(message)):
        return False
    clause = _CLAUSE.split(message[: found.start()])[-1]
    # (anything else in the message not so — "but the hot water isn't" — leaves it unsure)
    return (
        not _NOT_SO.search(clause)
        and not _NOT_SO.search(message[found.end() :])
        and not (re.search(r"\bbut\b|\bexcept\b|\bthough\b", message, re.IGNORECASE))
    )


# -- a sign that a try's outcome is told ---------------------------------------------
#
# A try offered to be noted on one step ("Note this on “Book the florist”?") is noted at once
# when the second reader is sure the message tells a try and the check of which step is sure
# of the step (``step_statements.said_plainly``), and the message says plainly how the try
# went: it did not work (no answer, cut off, declined, full, closed, crashing, off sick, no
# slots), said as news of what happened. Not a failure feared or supposed for a try still to
# come ("hope they're not full", "if they don't answer"), nor a failure of the others of a
# count, which tells that the try is one of several ("one agent round today, other two
# haven't rung back": a step of three valuations, not of picking an agent).

TRY_FAILED_EXAMPLES = (
    "spent 2 hrs on hold with ACRO and then got cut off. unreal.",
    "tried paying the IHS but my card got declined lmaooo",
    "trampoline place didn't pick up. 3rd time 🙄",
    "massage place is full, no slots until after the race 😑",
    "swung by the Crown to catch Pete about dates but he was off today",
    "DHP form. council website crashes every time i hit submit. 3 times now 🙄",
    "I call the courier company 3 times today, line always busy",
    "called policybazaar guy again no answer 🙄",
    # (the place shut before the person was seen, the thing shut said between)
    "was at the Zulassungsstelle at 7am, got number 214, they closed the counter at 12 before "
    "calling me 😤 wasted morning",
)
TRY_FAILED_NEAR_MISSES = (
    "going to ring the florist tomorrow, hope they're not full",
    "if they don't answer I'll email them instead",
    "will call the garage later, hopefully they aren't closed",
    "had one agent round today, foxtons, said 340ish. other two havent rung back",
    "probamos las muestras de Santa Clara, kinda watery tbh",
    "interviewed a lad called Tomasz today, really good",
    "away until the 10th",
    "closed the account at 9 before the fees hit",
)
# what in the failure's clause looks ahead or supposes
_AHEAD = re.compile(
    r"\b(?:will|won'?t\s+(?:be|have)|going\s+to|gonna|if|hope|hopefully|in\s+case|unless|"
    r"might|may|maybe|should|would|once|when)\b|'ll\b",
    re.IGNORECASE,
)
# the clause is about the others of a count: the try told is one of several
_THE_OTHERS = re.compile(r"^\s*(?:and\s+)?(?:the\s+)?(?:other|others|rest)\b", re.IGNORECASE)
_TRY_CLAUSE = re.compile(r"[,;:.!?—–()]+|\bbut\b|\bthough\b|\band\s+then\b", re.IGNORECASE)


def try_failed(message: str) -> bool:
    """The message tells, as news, that a try did not work (``TRY_FAILED_EXAMPLES``)."""
    from drbot.ai.language import intents  # (intents reads statements; this only its words)

    if "?" in message:
        return False
    return any(
        intents.failure_said(clause)
        and not _AHEAD.search(clause)
        and not _THE_OTHERS.search(clause)
        for clause in _TRY_CLAUSE.split(message)
    )


# -- a sign that the person is at a step's thing now -----------------------------------
#
# "Note this on “Draft the budget”?" for "busy with the budget now, sitting with Nomsa …": the
# message opens by saying the person is at a thing right now — busy with it, on it, on the
# hunt for it — which begins a step of that thing (``step_statements.said_plainly`` writes it
# started when the second reader is sure of a start and the thing is the step's own). Not
# busy with something else, too busy, busy to come, nor a question.

BUSY_WITH_EXAMPLES = (
    (
        "busy with the budget now, sitting with Nomsa going through seed and tool costs",
        "the budget now",
    ),
    ("ok I'm busy with the CV now, redoing the whole layout from scratch", "the CV now"),
    (
        "Busy going through the inventory list against the photos from the last inspection.",
        "the inventory list against the photos from the last inspection",
    ),
    ("Busy on the new rate sheet now, going up 8% for 2027", "the new rate sheet now"),
    (
        "right, on the hunt for a waterproof now. been in Tiso an hour trying jackets on",
        "a waterproof now",
    ),
)
BUSY_WITH_NEAR_MISSES = (
    "too busy to look at the budget this week",
    "I'll be busy with the CV tomorrow",
    "was busy with the budget all day yesterday",
    "busy week, haven't touched the inventory list",
    "are you busy with the budget?",
    "busy busy busy",
)
_BUSY_WITH = re.compile(
    r"^\s*(?:(?:ok(?:ay)?|right|so|well)\b[\s,]*)?(?:(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+)?"
    r"(?:busy|on\s+the\s+hunt)\s+(?:with|on|for|going\s+through|doing|sorting)\s+"
    r"(?P<thing>[^,.;:!?—–()]+)",
    re.IGNORECASE,
)


def busy_with(message: str) -> str | None:
    """The words of the thing the message opens by saying the person is at right now
    (``BUSY_WITH_EXAMPLES``), or None."""
    if "?" in message:
        return None
    found = _BUSY_WITH.search(message)
    return found["thing"].strip() if found else None


# A thing said to be booked for a day: the booking is made, the thing itself is still to come.
# That finishes a step of booking it ("Book the assessment"), never a step whose thing
# happens on that day ("Get the council assessment"): for those the news menu is offered.
BOOKED_FOR_A_DAY_EXAMPLES = (
    "the council assessment is booked for the 9th",
    "MOT's booked in for next tuesday",
    "the survey has been scheduled for friday",
    "got the eye test booked for 3 december",
    "scan is arranged for the 14th at 10am",
    # the booking said with what was booked between
    "booked the service for thursday",
    "booked the car in for the 9th",
    "we've scheduled the handover for next monday",
)
BOOKED_FOR_A_DAY_NEAR_MISSES = (
    "the assessment is booked",  # no day: the booking itself is the news
    "the assessment went ahead on the 9th",
    "all booked up for the 14th",  # a try that failed (another sign)
    "booked for ages, no answer",
    "the council assessment is done",
    "booked the service, paid for it on friday",  # the day is another clause's
)
_BOOKED_FOR_A_DAY = _re(
    r"\b(?:booked|scheduled|arranged|pencill?ed)\s+(?:(?!up\b)[\w'-]+\s+){0,4}?(?:in\s+)?(?:for|on)\s+"
    r"(?:the\s+)?(?:\d|next\b|this\b|tomorrow\b|tmrw\b|mon|tue|wed|thu|fri|sat|sun|"
    r"jan|feb|mar|apr|may\b|jun|jul|aug|sep|oct|nov|dec)"
)
# The first word of a step that a booking finishes ("Hire packers": "packers booked for the
# 2nd" is them hired). An order is one too: "40 birds booked for the 21st" of "Order turkeys
# from Gallagher's" (z178), "zaffa booked for the 12th" of "Order the zaffa band" (z216) —
# what is ordered is made or brought on that day, the order is placed.
BOOKING_VERBS = frozenset(
    {
        "book",
        "schedule",
        "arrange",
        "organise",
        "organize",
        "reserve",
        "confirm",
        "set",
        "sort",
        "hire",
        "rent",
        "order",
    }
)


def is_booking(title: str) -> bool:
    """The step is one a booking finishes: its first word is a verb of booking
    (``BOOKING_VERBS``: "Book the campsite", "Hire packers", "Order the zaffa band")."""
    verb = next(iter(re.findall(r"[^\W\d_]+", letters.fold(title))), "")
    return verb in BOOKING_VERBS


def booked_for_a_day(message: str) -> bool:
    """The message says a thing is booked for a day (``BOOKED_FOR_A_DAY_EXAMPLES``)."""
    return bool(_BOOKED_FOR_A_DAY.search(message))


# A day said beside news, with nothing asked of it: no word asks for a wait or a later act,
# bounds a span or denies. Beside a booking made it is the day of the thing booked ("zaffa
# booked for the 12th", "got lessons sorted w that instructor mick, first one is next tues",
# "Sierra Express confirm di booking finally, container leave Baltimore Dec 10"), no day the
# person asked to come back to the step (``step_statements.said_plainly``). A span ("we've
# got it from monday till friday") is how long a thing is had, which may be a wait meant.
NO_WAIT_ASKED_EXAMPLES = (
    "7abibi the band guy finally answered!! zaffa booked for the 12th, drums and everything",
    "got lessons sorted w that instructor mick, first one is next tues",
    "Sierra Express confirm di booking finally, container leave Baltimore Dec 10",
    "rang Gallaghers, 40 birds booked for the 21st so that's that",
    "got a termin!! bürgeramt wandsbek 3rd december 8:40 🙌",
)
NO_WAIT_ASKED_NEAR_MISSES = (
    "trailer's hired, we've got it from monday till friday",
    "ferry booked for the 10th, remind me the day before",
    "booked the van for saturday, will ring them friday to confirm",
    "tried booking the trampoline park online but the 12th is showing full",
    "booked in for thursday? not sure",
    "lessons sorted, leave it for now, first one is next tues",
    "couldn't book the campsite for the 12th",
    "booked for the 12th, need to pay the deposit later",
)
_A_WAIT_ASKED = _re(
    r"\b(?:remind|nudge|ping|bug|nag|snooze|postpone|defer|delay|push|pushed|park|hold|"
    r"put\s+(?:it|that|this|them)\s+off|put\s+off|leave\s+(?:it|that|this|them)|wait|later|"
    r"come\s+back|revisit|again|retry|try|tried|trying|i'?ll|ill|we'?ll|will|gonna|"
    r"going\s+to|chase|check|till?|until|untill|from|since|before|after|by|not|no|never|"
    r"don'?t|can'?t|cannot|won'?t|\w+n['’]t|should|must|need|needs|have\s+to|has\s+to)\b"
)


def no_wait_asked(message: str) -> bool:
    """The message asks nothing of the day it says (``NO_WAIT_ASKED_EXAMPLES``): no question,
    no word of a wait, a later act, a span or a denial."""
    return "?" not in message and not _A_WAIT_ASKED.search(message)


# -- a sign that the other side had no room -------------------------------------------
#
# "they're all booked solid until February", "wanaka bach is booked out over xmas", "zero
# slots till February": the person tried, and the other side had no room. That is a try, whose
# outcome is told; never a booking made ("all booked!", "we've booked out the back room"), so
# the kind is certain whatever the second reader makes of the word "booked"
# (``step_statements.said_plainly`` notes it on the step of a one-step menu). A day said with
# it ("till February", "over xmas") is when the other side is free, not a day the person asked
# to wait for: the menu's [Remind me …] is no reason to ask. Not when the message also says
# the person's own next move — trying again, a reminder, another way, the thing put off or
# called off ("will try some more on monday", "park that one till then", "so scratch that"):
# that is a wait, a skip or a change of plan as well, and stays a menu.

BOOKED_OUT_EXAMPLES = (
    "I telephoned three removalist firms yesterday and they are all booked solid until "
    "February. Most inconvenient.",
    "called the clinic in ankeny for a dot physical, booked solid till mid dec",
    "wanaka bach is booked out over xmas 😩",
    "Tried to get rooms at the Marriott in Dayton for regionals, totally booked that weekend",
    "checked the booking site again for the karta pobytu appointment. zero slots till "
    "February. AGAIN.",
    "called Canadian Tire about the swap, they're booked solid til Dec 8",
    "rang the physio, she's booked up til january",
    "tried booking the exam again, pearson vue showing no slots till Jan 😑",
    "Rang the Crown about the function room - fully booked on the 12th. Gutted.",
)
BOOKED_OUT_NEAR_MISSES = (
    "all booked!",
    "all booked in for the 10th 👍",
    "we've booked out the back room at the Crown for the 12th",
    "we're all booked up for the wedding, flights and hotel done",
    "rang 3 moving companies, all fully booked till mid jan. will try some more on monday",
    "gang's booked solid till after the 5th so park that one till then",
    "ndls no slots till 5th december remind me on the 5th to check again",
    "the bouncy castle place is booked up so scratch that, we're doing a magician instead",
    "not bothering with the mock interview, careers is booked up til january",
    "put the tax practitioner on hold till Monday, everyone's booked up before month end",
    "is the physio booked up?",
    "hope they're not fully booked",
)
# (the words alone, declared once: ``own_verbs`` doubts a step said done beside them too)
BOOKED_OUT_WORDS = (
    r"booked\s+solid|fully[\s-]+booked|(?:totally|completely)\s+booked|"
    r"booked\s+(?:out|up)\b(?!\s+(?:the|a|an|my|our|his|her|their|all|every)\b)|"
    r"(?:no|zero|nil)\s+(?:free\s+)?(?:slots?|appointments?|availability)(?:\s+(?:available|"
    r"left|free))?"
)
_BOOKED_OUT = _re(rf"\b(?:{BOOKED_OUT_WORDS})\b")
# a booking the person made, said before it: "we're all booked up", "I've booked out the room"
_BY_THEMSELVES = _re(r"\b(?:we|i)(?:'?re|'?ve|'?m|\s+are|\s+have|\s+am)?\s+(?:all\s+)?$")
# the person's own next move, a hope or a question: a wait, a skip, another way or a doubt too
_OWN_MOVE = _re(
    r"\b(?:will|shall|gonna|going\s+to|try(?:ing)?\s+(?:again|some|another|the\s+other|"
    r"elsewhere)|remind|instead|scratch|forget|skip|not\s+bothering|park|leave|on\s+hold|"
    r"put\s+(?:it|that|\w+)\s+off|wait|then|hope|hopefully|if|maybe|might|check\s+again|"
    r"call\s+back|ring\s+back|cancel\w*)\b|(?:'ll|’ll)\b|\bill\b"
)


def booked_out(message: str) -> bool:
    """The message tells, as news, that the other side had no room for the person's try, and
    nothing of the person's own next move (``BOOKED_OUT_EXAMPLES``)."""
    if "?" in message or _OWN_MOVE.search(message):
        return False
    return any(
        not _BY_THEMSELVES.search(message[: found.start()])
        for found in _BOOKED_OUT.finditer(message)
    )


# -- a sign that a try came to nothing -------------------------------------------------
#
# "rang the moving company twice, nobody picks up", "le escribí al de la cabaña … y me dejó en
# visto", "passé chez ARO pour l'assurance, c'est fermé", "the council site is down again": the
# person tried and the other side could not be reached or had nothing — nobody answers, the
# phone is off, the message left on read, the place shut, full, out of stock, the site down.
# The one the try was for not there or away is such an outcome too ("the officer wasn't there",
# "the guy's off sick", "he's gone to Vava'u till next week", "il n'était pas là", "il est en
# mission à Bobo"; a thing gone somewhere is sent: "quote's gone to Mrs Nguyen").
# That outcome ends only a try: no step is done, begun or called off by it, so when the second
# reader's likeliest kind of a one-step menu is a try, it is noted on that step without the
# bar (``step_statements.said_plainly``; at first sight such news was mostly read by a reader
# that had seen little of its language, and stayed "Is this about …?"). Read on the English
# gloss (``other_tongues``: "no me contestan", "se cae", "fermé"). Not with the person's own
# next move, a hope or a question (as ``booked_out``), nor a thing of the person's that is
# full or sold out ("suitcase is already full", "the dinner is SOLD OUT": a done), which only
# a try's likeliest kind keeps apart.

NO_LUCK_EXAMPLES = (
    "rang the moving company twice, nobody picks up 🙄",
    "called policybazaar guy again no answer 🙄",
    "followed up with the brand manager about the usage rights, seen-zoned pa rin 🙃",
    "i go find the transporter for Bonabéri today, e no dey, e phone off 😤",
    "lugged the library books all the way down there and it's shut for stocktake 😑",
    "went for achol's shots papers, clinic closed early for thanksgiving",
    "moodle ma upload garna khojeko site down cha yaar",
    "looked for first aid course dates, literally everything before christmas is full",
    "ke KKP tadi buat vaksin flu, eh stoknya kosong 😩 capek2 antri",
    "new cleaner girl not come today for training, phone off also",
    "le escribi al de la cabaña en samaipata x whatsapp y me dejo en visto el desgraciado 😤",
    "los de la banda Los Intocables no me contestan, tres veces les he llamado hoy",
    "le marqué al DJ que me recomendó sebas y no contestó, le dejé un audio",
    "trate de sacar cita en el consulado online pero la pagina se cae todo el rato",
    "nada, otra vez sin citas en extranjería, ni en Madrid ni en Alcalá",
    "volvi a llamar al tecnico y nada, tiene apagado el celular ese hombre",
    "passé chez ARO pour l'assurance de la moto, fermé 😒 grève paraît-il",
    "fui al banco pa pagar lo del carnet y se cayó el sistema, una hora de cola pa nada",
    "volví a llamar al técnico y nada, sale apagado",
    "le marqué al DJ Chino como 4 veces y nada 🙄",
    "tried the three hardware shops in town for the hinges, no luck",
    # the one the try was for not there, or away (z91, z169, z225, z255)
    "dropped the van in for the clutch and the mechanic's off sick. back next week apparently",
    "Herr Maier was not at the meeting yesterday, so no signature yet",
    "took the form round to the treasurer's house but he's gone to Galway till next week",
    "j'ai envoyé mon fils chez le menuisier pour le devis, il n'était pas là",
    "suis passé chez le notaire, il est en mission à Bouaké",
)
NO_LUCK_NEAR_MISSES = (
    "will ring them again tomorrow if nobody picks up",
    "hope they're not closed on monday",
    "is the site down?",
    "rang twice, nobody picked up, so I'll try again on friday",
    "closed the account at the bank, all done",
    "the shop closes at 6 so going after work",
    "the fundraiser dinner is SOLD OUT 😭😭 every last ticket gone",
    "no me contestes así",
    "me contestó al toque, ya está reservado",
    "ya tengo la cita en el consulado, la página funcionó",
    "la tienda está abierta hasta las 8",
    "il m'a répondu, c'est réglé",
    "filled in the page and went down to the post office with it",
    "la página de la alcaldía se cayó un rato pero al final ya saqué el permiso",
    "rang the surgery, no answer, then got through at 2 and booked it",
    "the landlord is away till monday so I'll ring him then",
    "the parcel is not there yet",
    "bid's away to the council",
    "he was not there at first but then he came and signed it",
    "il est parti avec le devis signé",
    "quote's gone to Mrs Nguyen 🤞",
)
_NO_LUCK = _re(
    r"\b(?:no\s+(?:answer|luck)|(?:nobody|no\s+one|no-one)\s+(?:picks?\s+up|picked\s+up|answer(?:s|ed)?)|"
    r"(?:phone|mobile|cell|line)\s+(?:is\s+|was\s+|still\s+|also\s+)?(?:off|switched\s+off|"
    r"turned\s+off|dead)|voice\s*mail|left\s+(?:me\s+)?on\s+read|seen[\s-]?zoned|"
    r"(?:was|were|is|are|'s|all|everything(?:'s)?|still)\s+(?:closed|shut)|"
    r"(?:closed|shut)\s+(?:today|for|again|early)|"
    r"(?:is|was|are|were|'s|all|already)\s+full|full\s+(?:for|till|until|til)|"
    r"(?:no|zero)\s+(?:[\w/-]+\s+)?(?:in\s+)?stock|out\s+of\s+stock|"
    # (the site and what it did, a few words apart: "la pagina de migracion … se cae")
    r"(?:site|website|web|page|p[aá]gina|portal|system|sistema|app)(?:\s+[\w'/-]+){0,4}?\s+"
    r"(?:is\s+|was\s+|kept\s+|keeps\s+|goes\s+|went\s+)?(?:down|crash(?:ed|es|ing)?)\b"
    r"(?!\s+(?:to|the|at|there|town|a\s+storm|a\s+treat|well)\b)|"
    r"nothing\s+(?:free|left|available)|"
    r"no\s+(?:slots?|dates?|seats?|availability|appointments?)|"
    # the one the try was for not there, or away: "the officer wasn't there", "he's gone to
    # Vava'u till next week", "the guy's off sick", "Obmann was not at training"
    r"(?:was|were)(?:n'?t|\s+not)\s+(?:there|in|at\s+(?:the\s+)?\w+)|"
    # ("quote's gone to Mrs Nguyen" is a thing sent: gone, only of a person)
    r"\b(?:he|she|they)(?:'s|’s|\s+is|\s+has|'re|\s+are|\s+have)\s+gone\s+to\s+\w+|"
    r"(?:'s|’s|\s+is|\s+was|\s+are|\s+were|'re)\s+(?:off\s+sick|"
    r"on\s+(?:holiday|holidays|leave|annual\s+leave|vacation)|"
    r"away\s+(?:till|until|til|on|at|for|in)\b)|"
    # …in French: "il n'était pas là", "il est en mission à Bobo", "il est parti à Korhogo"
    r"n['’]?(?:é|e)tai[st]?\s+pas\s+l[àa]|"
    r"\b(?:il|elle|ils|elles)\s+(?:est|était|etait|sont)\s+(?:absente?s?|en\s+mission|"
    r"en\s+voyage|en\s+cong[ée]|parti(?:e|s)?\s+(?:à|a|au|en|pour))(?!\w))\b|"
    # shut, said as a clause of its own: "passé chez ARO pour l'assurance, fermé 😒"
    r"(?:^|[,.;:!—–]\s*)(?:all\s+)?(?:closed|shut)\s*(?=$|[^\w\s'])"
)


# a turn after the try that came to nothing: it may have worked in the end ("la página se
# cayó un rato pero al final ya saqué el permiso", "no answer, then she rang back")
_THEN_IT_WORKED = _re(
    r"\b(?:but|though|then|later|in\s+the\s+end|finally|eventually|at\s+last|al\s+final|"
    r"por\s+fin|enfin|got\s+through)\b"
)


def no_luck(message: str) -> bool:
    """The message tells, as news, that a try came to nothing — the other side not reached
    or having nothing — with no turn after it and nothing of the person's own next move
    (``NO_LUCK_EXAMPLES``; the message read in its English gloss)."""
    if "?" in message or _OWN_MOVE.search(message):
        return False
    found = _NO_LUCK.search(message)
    return found is not None and not _THEN_IT_WORKED.search(message, found.end())
