"""What a free sentence about a step wants: done, started, skipped, an attempt…

"got the photos", "the van is booked", "started on the invites", "skip the
cake", "called the venue, no answer", "I filled in half the form, will finish
tomorrow", "remind me about the van next monday".  This module only reads the
sentence: which kind of change, which words name the step (or which number),
what happened, and when.  Finding the step is ``step_match``'s job; acting is
the interpreter's.

Each way of stating a change is a declared ``Reading`` in ``READINGS``, with the
sentences it must read and the near-misses it must leave alone (tests/test_readings.py
runs them); priority is the table's order, the first reading that applies decides.  A
question is no change at all ("when do I need to give the meter reading"); someone
else's word on when ("council said decision by 15 january") or silence ("the landlord
hasn't replied") is an attempt, never "done"; saying you skip, are blocked or want a
reminder is explicit; a failure or a half-done job is an attempt even when its verb is
in the past tense ("filled in half the form"); only then does a past tense mean done.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from drbot.ai.language import (
    call_offs,
    dates,
    hedges,
    letters,
    plan_phrases,
    step_match,
    under_way,
)

ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "sixth": 6,
    "seventh": 7,
    "eighth": 8,
    "ninth": 9,
    "tenth": 10,
    "last": -1,
}
NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}

_SKIP = re.compile(
    r"\b(?:(?<!\ba\s)(?<!\bthe\s)(?<!\bour\s)(?<!\bmy\s)skip(?:ped|ping)?\b|don'?t\s+need|do\s+not\s+need|no\s+longer\s+need|not?\s+needed|"
    + call_offs.NO_NEED
    + r"|doesn'?t\s+matter|forget\s+(?:about\s+)?|scrap(?:ped)?\b|"
    r"(?:drop|bin|ditch|scrap|scratch)\s+(?:that|this|it)(?:\s+one)?\b|waiv(?:e|ed|ing)\b|"
    r"scratch\s+(?:the|our)\b|shan'?t\s+need|"
    r"not\s+\w+ing(?=\s+[^,.;]{0,40}?\bafter\s+all)|"
    r"(?:won'?t|will\s+not)\s+be\s+\w+ing(?=\s+[^,.;]{0,40}?\bafter\s+all)|"
    # "we wont paint hooyo's room after all", "we will not ask the SVB about the AOW after
    # all" (z246, z75): a choice not to do it, its verb left to name the step (never "won't
    # be able to", "won't get to it", "won't make it", which are put-offs or a try; nor
    # beside an "instead", what comes in its place, which is a step replaced)
    r"(?:won'?t|wont|will\s+not)(?![\s\S]*\binstead\b)(?=\s+(?!(?:be|have|get|make|manage|know|ever|even|need|"
    r"do|bother)\b)[a-z]+\s+[^,.;]{0,40}?(?<!\btill\s)(?<!\buntil\s)\bafter\s+all\b"
    r"(?!\s+(?:the|of|that|this|these|those|my|our|his|her|their|your|its|day)\b))|"
    # "not sending my sat scores tbh, umich is test optional": a decision said first ("not
    # filling in the form now" is not now, read as nothing yet)
    r"^\s*(?:i'?m\s+|im\s+|we'?re\s+|i\s+am\s+)?not\s+\w+ing\b(?![^,.;]*\b(?:now|today|tonight|yet|"
    r"till|until|til|this\s+(?:morning|afternoon|evening|week))\b)|"
    r"drop(?:ped)?\s+(?:the|step)(?![^,.;]*\b(?:off|round|in|into|to|by|at|with|over|through)\b)|not\s+(?:doing|bothering|to\s+bother)|won'?t\s+(?:do|bother|need)|"
    r"don'?t\s+bother|(?:shan'?t|shall\s+not|will\s+not)\s+(?:do|bother|need)|"
    # "so I don't have to bother 👍", "no longer have to bother with the permit"
    r"(?:don'?t|do\s+not|won'?t|will\s+not|no\s+longer)\s+have\s+to\s+bother\b"
    r"(?!\s+(?:me|you|him|her|them|us|the|my|your|his|their|a|an)\b)|"
    r"no\s+\w+\s+this\s+(?:year|time)|leave\s+out|can\s+skip|"
    r"cross\s+(?:it|that|\w+)\s+off\s+(?:the\s+)?(?:list|plan)|"
    # "so we can drop the spare ones off the list", "take the bunting off my list"
    r"(?:drop|take|strike|knock)\s+(?:[\w']+\s+){0,4}?off\s+(?:the|my|our|your)\s+(?:list|plan)|"
    r"strike\s+(?:[\w']+\s+){0,4}?off\b|"
    r"(?:cancel|remove|delete)\s+(?:that|this|the)\s+(?:[\w']+\s+){0,4}step\b|"
    r"(?:won'?t|will\s+not|shan'?t)\s+be\s+needing|(?:no\s+longer|not)\s+needing|"
    r"(?:give|gave|giving)\s+up\s+on|(?:idea|plan)\s*(?:is|'s|was)\s+(?:off|dead|a\s+no-?go)|"
    r"off\s+the\s+table|no\s+(?:[\w-]+\s+){1,2}(?:needed|required)|"
    r"take\s+(?:that|it|this)\s+off|take\s+the\s+(?:[\w'-]+\s+){1,3}(?:one|step|bit)\s+off\b|not\s+(?:getting|being|going\s+to\s+be)\s+\w+ed\s+after\s+all|"
    r"not\s+(?:happening|going\s+ahead)(?:\s+after\s+all)?|decided\s+against|"
    # "not even gonna bother test driving the Ranger", "won't even bother with the survey":
    # a choice not to do it ("not gonna bother with it till after xmas" only puts it off)
    r"(?<!\bmight\s)(?<!\bmay\s)(?:not|n't|never)\s+(?:even\s+)?(?:gonna|gon|going\s+to)\s+bother\b"
    r"(?![^,.;]*\b(?:till|until|til|yet|today|tonight|this\s+week|now)\b)|"
    r"(?<!\bmight\s)(?<!\bmay\s)(?:won'?t|not)\s+even\s+bother(?:ing)?\b"
    r"(?![^,.;]*\b(?:till|until|til|yet|today|tonight|now)\b)|"
    r"nothing\s+to\s+\w+\s+after\s+all|no\s+need\s+after\s+all)",
    re.I,
)
# Off, said as how something came out ("so that's not happening"): after a try told first it is
# what came of the try, not the step called off ("called the pediatric office … the waitlist is
# 3 months so that's not happening" is no "Pick a pediatrician" skipped)
_CAME_OUT_OFF = re.compile(r"not\s+(?:happening|going\s+ahead)(?:\s+after\s+all)?", re.I)


def _skipped(s: Said) -> bool:
    # ("Hùng dropped the extra bánh phở this morning": brought, not dropped from the plan;
    # the whole text says so, its day being gone from the rest)
    brought = bool(call_offs.delivered(s.text))
    found = next(
        (m for m in _SKIP.finditer(s.rest) if not (brought and m[0].lower().startswith("drop"))),
        None,
    )
    if found is None or _REMIND_ME.search(s.text):
        return False
    if (
        "bother" in found[0].lower()
        and s.ahead
        and s.when is not None
        and s.when.start >= found.end()
        and not re.search(r"[,.;!?—]", s.text[found.end() : s.when.start])
    ):
        return False  # "not gonna bother with the survey till january": put off, not dropped
    return not (_CAME_OUT_OFF.fullmatch(found[0]) and _TRIED.search(s.rest[: found.start()]))


# "hughes' son is doing the toilet himself so thats off my list": off the list, said of it
# (after something done, "painted the shed so that's off my list" is that step done)
_OFF_THE_LIST = re.compile(
    r"\b(?:that'?s|thats|that\s+is|it'?s|its|it\s+is)\s+off\s+(?:the|my|our)\s+"
    r"(?:list|plate|to-?do(?:\s+list)?)\b",
    re.I,
)
_NONE_THIS_TIME = re.compile(r"\bno\s+([\w-]+)\s+(?=this\s+(?:year|time)\b)", re.I)
_REMIND_ME = re.compile(r"\b(?:remind|nudge|ping|ask)\s+me\b|" + hedges.FORGET_NOT, re.I)
# "no medical needed": the thing not needed names the step
_NOTHING_NEEDED = re.compile(r"\bno\s+((?:[\w-]+\s+){1,2})(?:needed|required)\b", re.I)
_SKIP_REASON = re.compile(
    r"\b(?:this|that|next)\s+(?:year|time|month|week|season|round)\b|\bafter\s+all\b|"
    r"\bnot\s+worth\s+(?:it|the\s+\w+)|\b(?:idea|plan)\b",
    re.I,
)
_BLOCK = re.compile(
    r"\b(?:stuck(?!\s+(?:in|at)\s+(?:the\s+|a\s+)?(?:queue|traffic|line|jam)\b)"
    # ("got stuck into the balustrade", "getting stuck in": an idiom for starting)
    r"(?!\s+into\b|\s+in(?:\s+(?:on|with)\b|\s*(?:$|[,.;!?—])))"
    # ("stuck the bar job on it", "stuck a stamp on": a verb of putting, not blocked)
    r"(?!\s+(?:the|a|an|it|them|some|my|his|her|their|our|one|that|this|those|these)\b)|blocked|waiting\s+(?:on|for)|on\s+hold|"
    r"can'?t\s+(?:do|continue|go\s+on)\s+"
    r"(?:until|till|before)|held\s+up)",
    re.I,
)
# "bring it back friday", "bring the mock exam back monday", "bring it back on the 1st" (z145,
# z163, z193, z194): the step brought back up on a day, said right after "back" (never "bring
# it back to the shop", a thing returned)
_BRING_BACK = (
    r"bring\s+(?:it|that|this|them|(?:the\s+)?[\w' -]{1,30}?)\s+back(?=\s+(?:then|tonight|"
    r"tomorrow|tmrw|tmr|on\s+(?:the\s+)?\d|next\s+(?:week|month)|this\s+(?:evening|weekend)|"
    rf"in\s+(?:a|an|\d+|two|three)\s|(?:{'|'.join(dates.WEEKDAYS)}|mon|tue|wed|thu|fri|sat|sun)\b))"
)
BRING_BACK_EXAMPLES: tuple[str, ...] = (
    "insurance part bring it back friday bro, waiting the agent send quote first",
    "train tickets to zakopane - bring it back on the 1st, thats pay day",
    "on nights till sunday, bring the mock exam back monday pls",
)
BRING_BACK_NEAR_MISSES: tuple[str, ...] = (
    "bring it back to the shop friday",
    "the drill, bring it back to Dave on monday",
)
_SNOOZE = re.compile(
    rf"\b(?:{_BRING_BACK}|"
    r"remind\s+me|ask\s+me|ping\s+me|nudge\s+me|snooze|postpone|push(?:ed)?|bump|defer|delay|"
    r"park|not\s+(?:before|until|till)|(?:can|will)\s+wait|later|move\s+(?:it|that|the)|"
    r"put\s+off|leave\s+(?:it|that|this|the)|hold\s+off|"
    r"bring\s+(?:it|that|this|the)\s+(?:[\w-]+\s+){0,3}?(?:back\s+)?up|can'?t\s+(?:do|get\s+to|start|manage)|won'?t\s+(?:be\s+able|get\s+to)|"
    # ("someone to look after Mittens": a verb of care, no time)
    r"try\s+(?:(?:him|her|them|it|that|\w+)\s+)?again|do\s+(?:it|that)|until|till|til|"
    r"(?<!\blook\s)(?<!\blooks\s)(?<!\blooking\s)(?<!\blooked\s)after)\b",
    re.I,
)
_PAST_ACTION = re.compile(
    r"\b(?:\w{3,}ed|did|got|sent|rang|spoke|left|made|took|went|"
    r"paid|bought|found|wrote|gave|told|saw|dug|cut|put|ran|drove|swept|fed|hung|brought|"
    r"caught|sold|built|kept|met|sat|stood|laid|began|begun|chose|drew|threw|shut)\b",
    re.I,
)
# An attempt that did not (fully) work, or a contact made: logged, not done.
_FAILED = re.compile(
    r"\b(?:no\s+(?:answer|reply|response|luck|one|dice|joy)|didn'?t|couldn'?t|could\s+not|did\s+not|"
    r"wasn'?t|weren'?t|isn'?t|won'?t\s+(?:work|go)|was\s+(?:down|closed|busy|engaged|shut|full)|"
    r"(?:were|was|is|are)\s+(?:closed|busy|full|out(?!\s+(?:this|today|yesterday|earlier|last)\b))|"
    r"failed|fail|half(?!\s+past\b)|partly|partially|(?<!best\s)part\s+of|"
    r"some\s+of|still\s+(?:no|not|nowt|nothing|none|waiting|need)|voice\s*mail|left\s+(?:a\s+)?message|"
    # the person went somewhere ("went to the bank, closed"), not a thing sent on ("last load
    # went to the co-op this morning")
    r"engaged|(?:^|(?<=[,.;!?—]\s)|(?<=\bi\s)|(?<=\bwe\s)|(?<=\band\s)|(?<=\bthen\s)|"
    r"(?<=\bso\s)|(?<=\bjust\s)|(?<=\balso\s))went\s+to|"
    r"not\s+(?:there|in|available|yet)|nobody|busy|"
    # ("been down the bank", "went down to the office": gone somewhere, nothing broken;
    # "been down the whole morning" is)
    r"(?:is|was|were|are|'s|been|went|still|gone)\s+down(?!\s+(?:a\s+storm|a\s+treat|well))"
    r"(?<!been\sdown)(?<!went\sdown)(?<!gone\sdown)|"
    r"(?:been|went|gone)\s+down(?!\s+(?:a\s+storm|a\s+treat|well|to\b|at\b|there\b|town\b|"
    r"(?:the|my|our|his|her|their)\s+(?!(?:whole|entire|last|past|all)\b)\w+))|error|"
    r"will\s+(?:finish|try|call|do|continue)|try\s+again|bounced|rejected|refused|declined|"
    # a try to come again, or a thing that broke on the way: "will retry saturday", "rclone
    # keeps timing out", "kubeadm init blew up", "the upload crashed"
    r"re-?try(?:ing)?|tim(?:ed|es|ing)\s+out|blew\s+up|crash(?:ed|es|ing)|"
    r"most\s+of|mostly|(?:nearly|almost)\s+all|not\s+all|so\s+far|never\s+(?:showed|turned|came|"
    r"got|replied|answered|called)|no[\s-]show|"
    r"wrong|too\s+(?:pricey|expensive|costly|dear|much|far|late|early|small|big)|pricey|expensive|"
    r"none|no\s+(?:[\w-]+\s+)?(?:slots?|space|room|availability|free|dates?|stock|available)|"
    r"(?:is|was|were|are|'s|'re|all|already)\s+sold\s+out|"
    r"sold\s+out\s+(?:till|until|til|of|for|again|everywhere|online|in|at)\b|"
    r"nothing\s+(?:open|free|available|left|going|doing|until|till|til|before)|"
    # no answer in other words: "nothing back from them", "heard nothing", "no word yet"
    r"(?:nothing|nowt|zilch|zero)\s+back|heard\s+(?:nothing|nowt|zilch)|no\s+word\b|"
    r"earliest\s+(?:slot|date|appointment|one|they\s+can)|first\s+(?:available|free)|"
    r"out\s+of\s+stock|fully\s+booked|haven'?t|havent|have\s+not|hasn'?t|gave\s+up|"
    # too busy to take it: "they're rammed till next week", "snowed under"
    r"(?:rammed|slammed|swamped|snowed\s+under|chock(?:a|-a-block|\s+a\s+block)|flat\s+out|"
    r"full\s+up|packed\s+out|maxed\s+out)|"
    r"missed|expired|lost|broken|hung\s+up|(?:got\s+)?cut\s+off|disconnected|dropped\s+the\s+call|"
    # the day ran out before the person was seen: "the window closed before our number came
    # up", "office shut before we got to the front", "ran out of time", "they sent us away"
    # ("closed the account before the fees hit": a thing closed, not the place; "they closed
    # the counter at 12 before calling me" is the place)
    r"(?:closed|shut|closing|shutting)\s+(?:up\s+)?(?:the\s+(?:counter|counters|doors?|window|"
    r"desk|office|gate|hatch|shutters?|queue|line)\s+)?(?:at\s+[\w:.]+\s+)?"
    r"(?:before|on\s+(?:us|me|them|her|him))|"
    r"ran\s+out\s+of\s+(?:time|slots|tickets|numbers)|"
    r"(?:turned|sent)\s+(?:us|me|them|her|him)\s+(?:away|home|back)|"
    r"waiting\s+(?:on|for|to)|"
    # the one sought was not there: "Sharon had already left", "she got pulled down to ED",
    # "the assessor is off sick", "still they not reply"
    r"(?:had|'d)\s+(?:already\s+)?(?:left|gone)|(?:has|'s)\s+already\s+(?:left|gone)|"
    r"(?:has|'s|had|'d)\s+gone\s+home|"
    r"got\s+(?:pulled|called|taken|dragged)\s+(?:away|off|down|into|onto|to|in)|"
    r"off\s+(?:(?:long|short)[\s-]term\s+)?sick|out\s+sick|on\s+(?:annual\s+|sick\s+)?leave|"
    # the one sought was off that day: "went to hand his notice in but his boss was off today"
    r"(?:he|she|they|boss|manager|guy|lady|man|woman)\s+(?:was|were|is|'s)\s+off"
    r"(?=\s+(?:today|that\s+day|work|again|this\s+week)\b|\s*[,.;!?—]|\s*$)|"
    # the shop had none of it: "tyre place doesn't have my size", "they didn't have any"
    r"(?:doesn'?t|don'?t|didn'?t|does\s+not|did\s+not)\s+have\s+(?:my|the\s+right|any|"
    r"it|them|one|enough|stock)\b|"
    r"(?:is|'s|are|'re|was|were)\s+(?:away|abroad|on\s+holiday|on\s+(?:his|her|their)\s+(?:lunch|break|"
    r"holidays?))|out\s+of\s+(?:the\s+)?office|\booo\b|"
    r"(?:they|he|she|it|nobody|no\s+one)\s+(?:still\s+)?(?:not|never|no|don'?t|doesn'?t|didn'?t)\s+"
    r"(?:yet\s+)?(?:reply|answer|respond|call\s+back|get\s+back|write\s+back)|"
    # someone else called it off: "they cancelled again", "cancelled on me last minute"
    r"(?:they|he|she|it|dentist|doctor|surgery|garage|plumber|builder)(?:'ve|\s+have|\s+has)?\s+"
    r"cancell?ed|cancell?ed\s+(?:on\s+(?:me|us)|again|last\s+minute)|"
    r"on\s+hold|"
    # the one rung could not be reached: "called the AC mechanic 2 times, phone switched off",
    # "e no dey, e phone off", "her phone is off" ("switched the phone off for the night" is
    # the person's own doing)
    r"(?:phone|mobile|cell|line|number)\s+(?:is\s+|was\s+|still\s+|also\s+|been\s+)?"
    r"(?:off|switched\s+off|turned\s+off|dead|unreachable|not\s+reachable)"
    # ("need to get the routing number off my dad": a thing got from someone)
    r"(?!\s+(?:for|to|from|my|his|her|their|our|your|the|an?|him|them|me|us)\b)|"
    # passed on, or only promised an answer: "got transferred to Rick who'll look into it",
    # "she'll get back to me", "they're going to investigate" (the call settled nothing yet)
    r"(?:got|was|been|being)\s+(?:transferred|passed\s+(?:on|around|along)|put\s+through)|"
    r"(?<!\bi)(?<!\bwe)(?<!\bi\s)(?<!\bwe\s)(?<!\bim\s)(?<!\bi'm\s)"
    r"(?:will|'ll|would|'d|wil|going\s+to|gonna)\s+(?:have\s+to\s+)?(?:look\s+into|"
    r"investigate|escalate|get\s+back\s+to|come\s+back\s+to\s+(?:me|us)|find\s+out)|"
    r"need\s+(?:to|more|another)|needs?\s+(?:a|an|more|another)|unavailable|"
    r"asked\s+for|pending|can'?t|cannot|can\s+not|booked\s+(?:up|out)|no\s+availability|no\s+good|"
    r"no\s+use|"
    # only part of it got: "went round the shops, only got a bubble bath", "asked twelve, but
    # just 3 said yes", "not enough people signed up" ("only took ten minutes", "only had to
    # change the fuse" are the whole of it)
    r"(?<!\bnot\s)only\s+(?:got(?!\s+(?:back|home|in|there|round|here|up|to)\b)|managed|found|"
    r"raised|sold|collected|did|heard\s+back\s+from|filled|finished|fixed|sorted|covered)|"
    r"but\s+(?:only|just)\s+(?:\d+|one|two|three|four|five|a\s+(?:couple|few|handful)|half)\b|"
    r"not\s+(?:near(?:ly)?\s+|anywhere\s+near\s+)?enough|"
    # done, and it failed since: "filled the crack, and it's opened up again already", "still
    # leaking", "doesn't work" ("went jogging again" is no failure)
    r"(?:opened|cracked|split|leak(?:ing|s|ed)?|drip(?:ping|s|ped)?|broke(?:n)?|blocked|"
    r"tripp(?:ed|ing)|peel(?:ing|ed)|(?:came|coming|come)\s+(?:back|off|loose|apart|away|out)|"
    r"fell\s+(?:off|apart|out|down)|falling\s+(?:off|apart|out|down)|stopped\s+working|"
    r"(?:playing|acting)\s+up)\s+(?:up\s+)?(?:again|already)|"
    r"(?:still|again)\s+(?:leaking|dripping|cracked|cracking|broken|blocked|tripping|peeling|"
    r"loose|wobbly|squeaking|rattling|playing\s+up|cold|damp|the\s+same|showing)|"
    r"(?:doesn'?t|does\s+not|hasn'?t|has\s+not)\s+(?:work|help|fix|hold|last|stick)|"
    r"made\s+(?:it|things)\s+worse|back\s+to\s+square\s+one|"
    # a thing or a door that refused the person: "the portal wont let me log in" (z271), "they
    # wouldnt let me in" (z100), "wise app wont take my BRP photo" (z208), "site won't take my
    # photo" (z43), "wont take my licence, … not accepted" (z186), "EIDCymru … wont let me log
    # in" (z178); never a person's say over a thing of theirs ("he won't take them off",
    # "landlord won't let me drill": a change of plan read before)
    r"(?:won'?t|wont|wouldn'?t|wouldnt|will\s+not|would\s+not|doesn'?t|doesnt|does\s+not|"
    r"not)\s+(?:let\s+(?:me|us)\s+(?:in|into|log|sign|pick|pay|book|submit|upload|register|"
    r"through|access|proceed|continue|complete|select|choose|add|finish)|"
    r"(?:take|accept|recogni[sz]e|read)\s+(?:my|our|the|his|her|any)\s+(?!(?:time|word|"
    r"advice|side|place|turn|lead)\b))|not\s+accept(?:ed|ing)\b)\b",
    re.I,
)
# Words that set the scene rather than say how it went: "while the sun was out", "after 50
# min on hold" (how long it took), "1 down" (one done). Dropped before a failure or a block
# is looked for.
_CIRCUMSTANCE = re.compile(
    r"\b(?:while|whilst)\b[^,.;!?—]*|"
    r"\b(?:after\s+)?(?:\d+|an?|half\s+an|over\s+an?)\s*(?:min(?:ute)?s?|hours?|hrs?)\s+"
    r"(?:on\s+hold|in\s+(?:the\s+)?(?:queue|line))\b|"
    r"\bon\s+hold\s+for\s+(?:(?:\d+|an?|half\s+an|over\s+an?)\s*(?:min(?:ute)?s?|hours?|hrs?)|"
    r"ages|ever)\b|"
    # on the phone to someone: "on hold with virgin as we speak" is a call going on
    r"\bon\s+hold\s+(?:with|to)\s+[^,.;!?—]*|"
    # a cost or an effort denied is good news, not a failure: "didn't cost a cent", "didn't
    # take long", "wasn't too dear" ("didn't answer", "wasn't open" still are)
    r"\b(?:didn'?t|didnt|did\s+not|wasn'?t|wasnt|was\s+not|isn'?t|isnt)\s+(?:even\s+)?"
    r"(?:cost|charge|take\s+(?:long|ages|a\s+minute|more\s+than)|(?:too|that|very|so)\s+"
    r"(?:bad|hard|dear|expensive|pricey|difficult|long)|(?:bad|hard|dear|difficult))\b[^,.;!?—]*|"
    # something held for a while, not a wait asked for: "got it till sunday", "hired the
    # trailer until the 5th", "have the van till friday"
    r"\b(?:got|have|has|had|hired|rented|borrowed|booked)\s+(?:it|them|(?:the|a|an|our|my)\s+"
    r"[\w'-]+(?:\s+[\w'-]+)?)\s+(?:till|until|til|'til)\b|"
    # a test's score, no failure: "I PASSED the knowledge test, only 2 wrong" (z181), "I pass
    # the written test today!!! only one wrong" (z229), "got 3 wrong"
    r"\b(?:(?:only|just|got)\s+)?(?:\d{1,2}|one|two|three|four|five|a\s+couple|a\s+few)\s+"
    r"(?:(?:questions?|answers?|mistakes?)\s+)?wrong\b|"
    # a price moaned about, paid all the same: "new tyres on the front now, 280 each, bloody
    # expensive" (z233), "new tyre put at the back, 8500 machan so expensive" (z199), "OC
    # kupione, 1100 zł per year. expensive but ok" (z182); "too expensive" stays a try's end
    r"\b(?:so+|bloody|very|really|damn|quite|(?:a\s+)?bit|kinda|pretty)\s+"
    r"(?:expensive|pricey|dear)\b|\b(?:expensive|pricey)\s+but\s+(?:ok|okay|fine|worth\s+it)\b",
    re.I,
)


# Someone else unavailable until then: "the roof guy can't come till january", "no tables
# till the 20th", "nothing free at the vets till next week"
_UNAVAILABLE_TILL = re.compile(
    # (someone other than the person first: "cant do any more CPC till after the 5th" is theirs)
    r"(?:^(?!\s*(?:i|we|i'?m|im|can'?t|cannot|cant|won'?t)\b)[^,.;]*?\b(?:can'?t|cannot|won'?t|"
    r"isn'?t|aren'?t)\s+(?:\w+\s+)?(?:come|fit|see|make|open|free|available|back)|"
    r"\bno\s+(?:[\w-]+\s+)?(?:slots?|tables?|space|room|availability|appointments?|dates?|openings?)|"
    r"\bnothing\s+(?:free|open|available)|\b(?:fully\s+)?booked\s+(?:up|out|solid)|"
    r"\b(?:rammed|slammed|swamped|snowed\s+under|chock(?:a|-a-block|\s+a\s+block)|flat\s+out|"
    r"full\s+up|packed\s+out|maxed\s+out)|"
    r"\bfull\s+(?:till|until|til)|\baway\s+(?:till|until|til)|out\s+of\s+(?:the\s+)?office|"
    r"\bon\s+holiday)\b",
    re.I,
)


# Trouble with the thing as it is done, told in the present or just now: it keeps
# failing, it timed out, it blew up, it is fighting the person
_TROUBLE = re.compile(
    r"\b(?:(?:keeps?|kept)\s+(?:on\s+)?(?:timing\s+out|failing|crashing|erroring|freezing|"
    r"hanging|dropping(?:\s+out)?|disconnecting|bouncing|rejecting|declining|breaking|"
    r"(?:logging|kicking|throwing)\s+(?:me|us)\s+out)|"
    r"tim(?:ed|es|ing)\s+out|blew\s+up|crash(?:ed|es|ing)|"
    r"(?:is|are|'s|'re|keeps?)\s+fighting\s+(?:me|us)|"
    r"(?:throws?|throwing|threw)\s+(?:an?\s+)?errors?)\b",
    re.I,
)


# A price someone asked, turned down by the person: "CAL want $900 for feb. not paying that,
# will check again", "freight company #1 wants $1400 to austin lol no", "anyvan quote came,
# £480!!! no way". The try is the asking, whatever its tense; a payment made ("paid £480,
# daylight robbery") and a thing dropped or done another way ("nah. im gonna order the
# compressor myself", "no way. skip that one") are not it.
_PRICE = re.compile(
    r"(?:(?<![\w])(?:rm|s\$|a\$|\$|£|€|₹|₦|₱|rs\.?|ksh|kes|usd|aud|eur|gbp|php)\s?\d[\d.,]*\s?k?\b)|"
    r"\b\d[\d.,]*\s?k?\s?(?:[$£€]|(?:shekels?|nis|riyals?|ringgit|rupees?|euros?|dollars?|bucks|"
    r"quid|pounds|naira|cedis?|rand|dirhams?|aed|sar|baht|pesos?|yen|lira|zloty|zł|shillings?|"
    r"birr|taka|tk|lei|kr|ksh|grand)\b)|"
    # ("4k per crate", "5k upfront"; never "ran 4k")
    r"\b\d+(?:[.,]\d+)?k\s+(?:per|each|a|an|for|upfront|up\s+front)\b",
    re.I,
)
_PRICE_TURNED_DOWN = re.compile(
    r"\bnot\s+paying\s+(?:that|it|this|those|them)\b|\blol\s+no\b|"
    # ("no way I'm flying" refuses the step, not the price)
    r"\bno\s+way\b(?!\s+(?:i|i'?m|im|we|we'?re|i'?ll|ill|is|are|it|that|he|she|they)\b)|\bnope\b|"
    r"\bhell\s+no\b|\bnah\b|\b(?:said|told\s+(?:him|her|them|the\s+\w+))\s+no\b|"
    r"\b(?:way\s+)?too\s+(?:much|expensive|pricey|dear|steep|costly)\b",
    re.I,
)
# …never with a payment made, a step dropped, or a plan of the person's own other than looking
# further ("will check again", "gonna ask a couple more", "still looking" stay a try)
_PRICE_NOT_A_TRY = re.compile(
    r"\b(?:paid|bought|booked|ordered|purchased|skip|scrap|forget|drop|cancel|instead|rather|"
    r"not\s+(?:doing|bothering|going\s+ahead))\b|"
    r"\b(?:i'?ll|ill|i\s+will|gonna|going\s+to|will)\s+(?:just\s+)?(?!(?:check|look|ask|wait|try|"
    r"shop|search|keep|see|hunt|compare|call|ring|phone|email|shout|hold)\b)\w+",
    re.I,
)


def price_turned_down(text: str) -> bool:
    """A price someone asked, and the person's no to it, with no payment made, no step dropped
    and no plan of their own beyond looking further."""
    return bool(
        _PRICE.search(text)
        and _PRICE_TURNED_DOWN.search(text)
        and not _PRICE_NOT_A_TRY.search(text)
    )


# Not worth doing, said of a thing: "switching isnt worth the hassle rn"
_NOT_WORTH = re.compile(r"\b(?:isn'?t|is\s+not|aren'?t|are\s+not|not)\s+worth\b", re.I)


def calls_off(clause: str) -> bool:
    """The clause calls something off in words the rules know: a skip's own words ("no need
    for", "scratch di dog sitter", "not worth the hassle") or a thing said to be off
    (``call_offs.called_off``). A clause that only says why ("bergbahn does it with their own
    anlage", "duolingo w the tourists enough for me") calls nothing off."""
    return bool(_SKIP.search(clause) or _NOT_WORTH.search(clause) or call_offs.called_off(clause))


def tells_a_try(text: str) -> bool:
    """The message tells of a try made ("tried", "rang", "emailed" …)."""
    return _TRIED.search(text) is not None


def failure_said(text: str) -> bool:
    """The words say something did not work ("no answer", "got cut off", "fully booked",
    "site kept crashing"), not only the scene around it."""
    return _failure(text) is not None


# What the failure words say only of what is still to come: "need to ring octopus", "haven't
# done the video call thing yet", "will try again"
_AHEAD_ONLY = re.compile(
    r"(?:need|will|haven'?t|havent|have\s+not|hasn'?t|waiting|pending|so\s+far|asked\s+for)",
    re.I,
)


def told_outright(text: str) -> bool:
    """The words tell how a try went wrong ("no stock at the shop", "nobody answer") or ask
    for a reminder ("remind me tomorrow morning"): what someone else's maybe after them is
    only the reason of (hedges.hedge's ``told``). Never what is only still to come."""
    if _REMIND_ME.search(text) is not None:
        return True
    found = _failure(text)
    return found is not None and not _AHEAD_ONLY.match(found[0]) and not not_yet(text)


def _failure(text: str) -> re.Match[str] | None:
    """What did not work, in the words that say how it went (not the scene around it)."""
    return _FAILED.search(_CIRCUMSTANCE.sub(" ", text))


# A past action that finished the job, even in an attempt's words ("spoke to the
# solicitor, all sorted").
_SUCCESS = re.compile(
    r"\b(?:all\s+)?(?:sorted|done|booked(?!\s+(?:up|out))|confirmed|approved|all\s+good|"
    r"went\s+through|accepted|paid|sent|fixed|finished|complete[d]?)\b",
    re.I,
)
# Someone else already taken ("she's already booked that day", "they're booked that
# weekend"): the other side is unavailable, not a booking the person made
_THEY_ARE_BOOKED = re.compile(
    r"\b(?:she|he|they|shes|hes|theyre)(?:'s|'re|\s+is|\s+are|\s+was|\s+were)?\s+"
    r"(?:(?:already|fully|all)\s+booked\b|booked\s+(?:already\b|(?:on\s+)?(?:that|the)\s+"
    r"(?:day|date|weekend|week|night)\b|(?:for|with)\s+(?:another|a\s+different|someone)))",
    re.I,
)
_TRIED = re.compile(
    r"\b(?:tried|try(?:ing)?|attempt(?:ed)?|called|rang|phoned|telephoned|emailed|e-mailed|"
    r"texted|"
    # getting in touch in other words: "got hold of the bank", "gave them a ring"
    r"got\s+hold\s+of|gave\s+(?:them|him|her|it)\s+a\s+(?:call|ring|bell|buzz)|"
    r"messaged|chased|contacted|wrote\s+to|spoke\s+to|talked\s+to|asked|visited|"
    # (the person went, not a thing: "the last of the corn went to the elevator")
    r"(?:^|(?<=[,.;!?—]\s)|(?<=\bi\s)|(?<=\bwe\s)|(?<=\band\s)|(?<=\bthen\s)|(?<=\bso\s)|"
    r"(?<=\bjust\s)|(?<=\balso\s))went\s+to|"
    r"went\s+(?:into|in\s+to|(?:round|down|over)\s+to)|met(?:\s+(?:with|up\s+with))?|"
    r"popped\s+(?:in(?:to)?|round|over|down)|dropped\s+in(?:to)?|"
    r"left\s+(?:a\s+)?(?:voice\s*mail|message|note)|looked\s+(?:at|into|for)|checked|"
    r"drafted|got\s+(?:halfway|partway|half)|dropped\s+by|popped\s+in(?:to)?|"
    r"had\s+a\s+(?:go|look|crack|bash|try)\s+at|gave\s+it\s+a\s+(?:go|try|shot))\b",
    re.I,
)
# Now, as it is said: "tiers are in the oven as we speak", "ringing the council now".
_NOW = r"(?:right\s+now|rn|as\s+we\s+speak|atm|at\s+the\s+moment|currently|now)"
_START = re.compile(
    r"\b(?:heading\s+(?:to|off|out|over|down)|on\s+(?:my|our)\s+way|omw|off\s+to\s+(?!bed\b)|"
    r"(?:right\s+now|rn|as\s+we\s+speak)|"
    r"(?<!\bnot\s)(?<!n't\s)(?<!\bno\s)(?<!\bnever\s)"
    r"(?!(?:nothing|something|anything|everything|morning|evening|thing|being|feeling)\b)"
    # ("going through the lease now", "doing the form now"; "going to …" is meant, not done)
    r"(?!getting\s+\w+ed\b)(?!going\s+(?:to|back)\b)[a-z]{2,}ing\s+"
    r"(?:[^\s,.;!?]+\s+){0,6}?" + _NOW + r"|"
    r"made\s+a\s+start|making\s+a\s+start|kicked\s+off|"
    # a verb of opening with a process as its object is begun, not finished: "opened
    # discussions with the inspector", "entered into talks with the bank"
    r"(?:opened|opening|entered\s+into|initiated|commenced|struck\s+up)\s+(?:\w+\s+){0,2}?"
    r"(?:discussions?|talks|negotiations?|conversations?|dialogue|correspondence|proceedings|"
    r"the\s+process)|"
    # "in the gym now putting the tables out": doing it now, said the other way round
    r"(?<!\bfrom\s)(?<!\bright\s)\bnow\s+(?!(?:nothing|something|anything|everything|morning|evening|"
    r"thing|being|feeling|waiting|hoping|thinking|wondering|worrying|going|panicking|during|"
    r"getting\s+\w+ed)\b)[a-z]{3,}ing\b|"
    # "been chipping away at the CV", "spent the morning on the hallway", "first coat on"
    r"(?:chipping|plugging|beavering|working|pottering|slogging)\s+away\s+(?:at|on)\b|"
    r"spent\s+(?:the|all|this|my|a\s+few|an?|two|three|\d+)\s+(?:\w+\s+)?(?:morning|afternoon|"
    r"evening|day|weekend|night|hours?|hrs?|days?)\s+(?:on(?!\s+(?:the\s+)?(?:phone|hold|line|call)\b)|"
    r"doing)\b|first\s+coat(?:'s|\s+is)?\s+on\b|"
    r"about\s+to|tackling|crack(?:ing|ed)\s+on(?:\s+with)?\b|(?:getting|got|get|gets)\s+stuck\s+(?:in|into)\b|"
    r"(?:getting|got)\s+going|kick(?:ed|ing)\s+off|as\s+we\s+speak|"
    r"(?:doing|sorting|filling\s+in|working\s+through)\s+(?:\S+\s+){0,6}?(?:right\s+)?now\b|"
    r"start(?:ed|ing)?|begun|began|beginning|working\s+on|in\s+progress|underway|"
    # "on it" said of oneself, not of a thing ("stuck the bar job on it")
    r"under\s+way|(?:^|(?<=[,.;!?—]\s)|(?<=[,.;!?—])|(?<=\bi'm\s)|(?<=\bim\s)|(?<=\bwe're\s)|"
    r"(?<=\balready\s)|(?<=\bnow\s))on\s+it|(?<!\bis\s)(?<!'s\s)doing\s+(?:it|the|step)|busy\s+with|"
    r"making\s+progress|"
    r"looking\s+(?:at|into|for)|(?:i'?m|im|i\s+am)\s+on|sorting|getting\s+on\s+with|"
    r"halfway|half\s+way|part\s+way|half\s+(?:done|finished|through)|"
    r"(?:nearly|almost|mostly|partly)\s+(?:done|finished|there|complete))\b",
    re.I,
)
# A thing come to the person ("tax ID letter came in the post today", "hive and suit
# arrived"): a step of getting it is done, any other only touched.
# Learners' English (Singlish, Malaysian, Burmese, Khmer, West African …) says a thing is
# complete with a bare verb after it, its tense left to "already" or the clause's end: "room 3
# paint finish", "lorry settle already", "stools reach already from the market", "the truck
# from kampala reach this morning". The verb ends the clause but for "already", a particle,
# a time or where the thing came from; an object after it is an act ("print shop finish the
# sign", "reach the hospital"), "half" a part ("reach half way": begun).
_BARE_COMPLETE = {"finish": "finish", "settle": "state", "reach": "came"}
_BARE_TAIL = (
    r"(?:\s+(?:already|oredi|liao|ady|dah|la|lah|leh|lor|sia|jor|bro|mate|finally|now|today|"
    r"yesterday|"
    r"just\s+now|this\s+(?:morning|afternoon|evening)|last\s+night|from\s+[^,]+|"
    r"at\s+[^,]+))*"
)
# Words that make what stands before such a verb no thing but an intention, a part or words
# said ("need to finish", "gonna settle", "almost finish", "half finish", "let me finish")
_NO_BARE_SUBJECT = frozenset(
    "to will must can could should would gonna wanna need needs let me almost nearly half said "
    "say says want wants try trying".split()
)
_ARRIVED = re.compile(
    r"\b(?:arrived|turned\s+up|showed\s+up|"
    # "Jo came back with a glowing reference", "the hospital got back to me with a date"
    r"(?:came|come|got|get)\s+back\s+(?:to\s+(?:me|us)\s+)?with(?=\s+(?:a|an|the|my|our|his|her|"
    r"their|some)\b)|(?:came|come)\s+(?:in\s+)?(?:in\s+the|by|through\s+the)\s+"
    r"(?:post|mail|door|letterbox)|(?:came|come)\s+(?:from\s+(?:[\w'&-]+\s+){1,2}?)?today|"
    # someone else gave the thing: "landlord finally gave me the rent agreement copy", "the
    # school sent us the forms" (the person's own "I sent them the form" is no arrival)
    r"(?<!\bi\s)(?<!\bwe\s)(?:gave|handed|passed|sent|emailed|posted|forwarded)\s+(?:me|us)\s+"
    r"(?:over\s+)?(?=(?:the|a|an|my|our|his|her|their)\s)|(?:is|'s|are|'re|has|have)\s+(?:finally\s+)?"
    r"(?:here|arrived|come)|"
    # money where it was to go: "the FHSA money is officially sitting in my chequing account
    # now", "the refund's in our account" (done only for a step of getting it)
    r"(?:is|'s|are|'re)\s+(?:(?:now|finally|officially|safely|actually)\s+)*(?:sitting\s+)?"
    r"in\s+(?:my|our)\s+(?:[\w-]+\s+){0,2}?(?:account|bank))\b"
    r"(?:\s+(?:in|by)\s+(?:the\s+)?(?:post|mail))?",
    re.I,
)
# What was asked for was given, or what was to be passed went well ("HEALTH PERMIT
# APPROVED", "home check went fine", "trust came back, we've got the go ahead").
_GRANTED = re.compile(
    # "approved"/"granted" after an article or possessive is a kind of thing, not news of a
    # grant: "opened talks with an approved inspector", "our registered, approved installer"
    r"\b(?:(?<!\ba\s)(?<!\ban\s)(?<!\bthe\s)(?<!\bmy\s)(?<!\bour\s)(?<!\byour\s)"
    r"(?<!\btheir\s)(?<!\bany\s)(?:approved|granted)(?!\s+(?:and|&)\s)|(?:came|come|gone|went)\s+(?:through|thru)(?!\s+(?:the|a|an|my|to|from)\b)|"
    # the thing set up or mended does its job: "UPI QR working now", "heating's up and running"
    r"(?:working|works|runs|running)\s+(?:now|fine|again|perfectly|properly|great|a\s+treat)|"
    r"up\s+and\s+running|(?:is|'s|are|'re)\s+(?:now\s+|finally\s+)?live\b(?!\s+(?:on|in|at|with)\b)|(?:is|'s|are|'re|was|all)\s+(?:all\s+)?good\s+(?:now|to\s+go)|"
    r"(?:is|'s|are|'re)\s+all\s+good|passed\s+(?:with\s+)?no\s+(?:issues|problems|faults)|(?:got|have|given)\s+(?:the\s+|a\s+)?(?:go[\s-]?ahead|green\s+light|"
    r"all[\s-]clear|thumbs\s+up)|went\s+(?:really\s+|so\s+|very\s+|pretty\s+|super\s+)?"
    r"(?:fine|well|ok|okay|great|smoothly|perfectly|brilliantly)|"
    # a thing passed, said of it: "MOT passed!!", "it passed, no issues" ("passed the exam" is
    # done said outright, "passed away" no outcome at all)
    r"(?<=\w\s)passed(?!\s+(?:the|a|an|my|his|her|its|their|our|on|away|out|over|it|them|by|"
    r"through|round|along|up|down|me|him|us|in|to)\b)|"
    r"certified\s+and\s+stamped|signed\s+off)\b",
    re.I,
)
# Someone came to do the job ("dermot came round this morning and sorted the pipe",
# "boiler man came this morning"): a step of getting them out is done with it.
_VISIT = re.compile(
    r"^(?!\s*(?:i|we)\b).*?\b(?:(?:came|come|been)\s+(?:round|over|out|by)|"
    r"(?:came|was\s+out)\s+(?:this\s+(?:morning|afternoon|evening)|today|yesterday|earlier|"
    r"at\s+last)|"
    r"turned\s+up)\b",
    re.I,
)
_WENT_WELL = re.compile(
    r"\bwent\s+(?:really\s+|so\s+|very\s+|pretty\s+|super\s+)?"
    r"(?:fine|well|ok|okay|great|smoothly|perfectly|brilliantly)\b",
    re.I,
)
_GRANTED_FOR = re.compile(
    r"\b(?:approved|granted|go[\s-]?ahead|green\s+light|all[\s-]clear|thumbs\s+up|signed\s+off|"
    r"certified)\b",
    re.I,
)
# An event had: "had my mammogram", "had the flu jab" (no look, go or doubt had)
_HAD = re.compile(
    r"^\W*(?:(?:ok(?:ay)?|so|well|i|we|finally|just)\s*,?\s+)*(?:had|'ve\s+had|have\s+had)\s+"
    r"(?:my|our|the|his|her)\s+(?!(?:doubts?|look|go|think|chat|word|fill|eye\s+on|hands?|"
    r"heart|fingers?|mind|wits)\b)[\w'-]+",
    re.I,
)
_ALL_FINE = re.compile(r"\ball\s+(?:fine|clear|good|ok|okay|well)\b", re.I)
# "on the raffle prizes today": on it, said of the whole text (its day is not cut out)
_ON_IT_TODAY = re.compile(
    r"^\s*(?:i'?m\s+|im\s+|we'?re\s+)?on\s+(?:the|my|our)\s+[^,.;!?]*\b(?:today|now|this\s+"
    r"(?:morning|afternoon|evening))\b",
    re.I,
)
# Someone has the thing now: "CPA has all my receipts now", "declan has the forms now" (done
# for a step of handing it over)
_HANDED = re.compile(
    r"^(?!\s*(?:i|we|you|they)\b)\s*(?:[\w']+\s+){1,3}?(?:has|have|'s\s+got|has\s+got)\s+"
    r"(?:got\s+)?(?:(?:all\s+)?(?:the|my|our|his|her|their)\s+(?:[\w'-]+\s+){0,3}?[\w'-]+|"
    # "Declan has everything now": the lot, naming no thing
    r"everything|it\s+all|the\s+lot|all\s+of\s+it)\s*(?:(?:now|finally|at\s+last)\b|"
    # …or with how it got there said next: "landlord has our 60 day notice, jen signed it and
    # emailed it over", "patels have the quote, emailed it thru last night"
    r"[,;—]\s*(?:[\w']+\s+){0,4}?(?:sent|emailed|e-mailed|posted|dropped|handed|gave|given|"
    r"delivered|mailed|uploaded|forwarded|faxed|signed)\b)",
    re.I,
)


# The one a step asks said yes, said of them first: "minji said ok!! she's coming saturday",
# "Dennis said yes to doing the minutes", "Ana say yes the boy can stay", "my pastor has
# agreed". Done for a step of asking them (``step_statements``); never begun nor a try
_THEIR_YES = re.compile(
    r"^\s*(?!(?:i|we|you|one|some|two|three|a|half|most|none|nobody|no|the\s+rest)\b)"
    r"(?P<who>(?:[\w'.&-]+\s+){1,3}?)(?:(?:just|finally|has|have|already)\s+)?"
    r"(?:(?:said|says|say)\s+(?:yes+|yep|yeah|ok(?:ay)?|sure|of\s+course)\b|agreed\b|"
    # ("said he'll do it"; not "said he will come only after the 5th": a day of theirs)
    r"said\s+(?:she|he|they)(?:'ll|\s+will|'d|\s+would)\s+do\s+it\b)",
    re.I,
)
# …with nothing kept back: no condition, doubt, refusal or time to think ("he said yes but
# not before the 10th", "she said ok if the price is right", "said yes, maybe")
_YES_KEPT_BACK = re.compile(
    r"\b(?:but|if|unless|only|maybe|perhaps|probably|not|never|think|thinks|thinking|"
    r"depends)\b|"
    r"\w+n['’]t\b|\b(?:dont|didnt|cant|wont|isnt|hasnt|havent|doesnt|couldnt)\b|\?",
    re.I,
)


def their_yes(text: str) -> bool:
    """The message opens with someone's yes, kept back by nothing ("minji said ok!! she's
    coming saturday"; not "she said maybe", "he said yes but not before the 10th")."""
    return yes_from(text) is not None


def yes_from(text: str) -> str | None:
    """Who said the yes the message opens with ("minji", "the pharmacist"), or None."""
    found = _THEIR_YES.search(text)
    if found is None or _YES_KEPT_BACK.search(text):
        return None
    return found["who"].strip()


# Someone's approval given, said of the thing: "town council approved our plans!!" (z267),
# "sabha eken plan eka approve kala!!" (z248; Sinhala "did"), "the loan got approved", "Oga
# don approve my leave". Among steps the words fit alike, the one step that asks for that
# approval is the one done ("Get the building plan approved" over "Pay the builder deposit",
# which shares only "build"; ``step_statements``). Never one's own ("we approved the quote"),
# nor one still to come or kept back ("waiting for the sabha to approve", "not approved yet",
# "approved but only for 6 months", "approved?")
_APPROVAL_GIVEN = re.compile(
    r"(?<!\bi\s)(?<!\bwe\s)\b(?:approved|(?:don|udah|sudah|dah)\s+approve|"
    r"approve\s+(?:kala|kalaa|karala|kiya|kar\s+diya|ho\s+(?:gaya|gya|gayi|gyi)|hoyeche|hoye\s+gese))\b",
    re.I,
)
_APPROVAL_KEPT_BACK = re.compile(
    r"\b(?:but|if|unless|only|maybe|perhaps|probably|not|never|yet|wait|waiting|until|till|"
    r"once|hope|hoping|pending|will|should|must|need|needs|to\s+be|to\s+get)\b|"
    r"\w+n['’]t\b|\b(?:dont|didnt|cant|wont|isnt|hasnt|havent|doesnt|wasnt)\b|\?",
    re.I,
)
APPROVAL_GIVEN_EXAMPLES: tuple[str, ...] = (
    "town council approved our plans!! tate Nangolo signed this morning, we can build 🏠",
    "sabha eken plan eka approve kala!! thaththa called just now 🎉",
    "the loan got approved this morning",
    "Oga don approve my leave",
)
APPROVAL_GIVEN_NEAR_MISSES: tuple[str, ...] = (
    "paid the builder deposit, waiting for the council to approve the plans",
    "plans not approved yet, council wants changes",
    "we approved the quote from the builder",
    "council approved the plans but only the extension, not the garage",
    "did the council approve the plans?",
)


def approval_given(text: str) -> bool:
    """Someone's approval is given, kept back by nothing ("town council approved our
    plans!!"; not "waiting for them to approve", "not approved yet")."""
    return bool(_APPROVAL_GIVEN.search(text)) and not _APPROVAL_KEPT_BACK.search(text)


# A thing in its place, said of it: "tyres are on", "foam's up on the walls", "the fence is up"
# (done only for a step of putting it there: "the rent is up" pays nothing)
_PLACED = re.compile(
    r"(?<!\bi\s)(?<!\bwe\s)(?:(?:\b(?:is|are)|'s|'re)\s+(?:now\s+|finally\s+|all\s+)?|"
    r"(?<=\w\s)(?:finally|now|all)\s+)(?:on|up|down)\b"
    r"(?!\s+(?:to|for|and|about|against|with|from|by|till|until|til|order|early|late|it|that|this|them|"
    r"me|us|him|her|the\s+case|board|call|leave|holiday|hold|my\s+way|our\s+way)\b)",
    re.I,
)
_DONE = re.compile(
    r"(?:[✓✔✅☑]|\b(?:done|did|finished|finish(?:ed)?\s+with|completed?|sorted|got|booked|sent|"
    r"paid|bought|ordered|filled|submitted|signed|packed|cancell?ed|made|picked|posted|returned|"
    r"in\s+the\s+bag|dealt\s+with|wrapped\s+up|squared\s+away|"
    # Hinglish: "experiments rerun ho gaye", "form submit ho gaya" (happened, done)
    r"ho\s+(?:gaya|gaye|gayi|gya|gye|gyi)|hogaya|hogaye|"
    r"received|fixed|handled|passed|tick(?:ed)?\s+off|ticked|checked\s+off|all\s+set|nailed|arranged|organi[sz]ed|"
    r"chosen|selected|decided(?:\s+on)?|went\s+with|going\s+with|"
    # a choice made in other words: "settled on xero", "plumped for the blue"
    r"settled\s+on|opted\s+for|plumped\s+for|made\s+up\s+(?:my|our)\s+minds?|"
    r"decided\s+to\s+go\s+(?:with|for)|"
    r"(?:i|we)\s+(?:now\s+)?have\s+(?!to\b)(?:got\s+)?(?:the|my|our|his|her|a|an)|"
    r"(?:i|we)\s+(?:have|has|'ve)\s+(?:finally\s+|already\s+|just\s+)?(?:pass|finish|complete|"
    r"submit|send|book|pay|sign|post|apply|register)\b|"
    r"collected|delivered|printed|hired|found|chose|booked|confirmed|cleared|renewed|reserved|"
    # a thing's state said of it: "account's open now", "new machine is in and working"
    r"(?:is|'s|are|'re)\s+(?:now\s+)?(?:open|in(?=\s*(?:$|[,.;!?—]|and\b|now\b)))|"
    r"(?:has|have)\s+been\s+\w*(?:ed|en|read|done|made|sent|paid|set|sorted)\b|"
    r"cleaned|wrote|written|emailed|called|uploaded|downloaded|applied|registered|moved|"
    r"sold|fitted|installed|replaced|repaired|painted|bought|taken|took|"
    # ("went through the card payments with Sam" is going over them)
    r"(?:is|are|'s|'re|went)\s+(?:out|gone|off|posted|in\s+the\s+post|away|"
    r"through(?!\s+(?:the|a|an|my|his|her|our|their|it|them|all|some|every|each|with)\b))"
    # (someone away: "the ward manager is off long term sick", "she's out till monday")
    r"(?!\s+(?:(?:long|short)[\s-]term\s+|on\s+)?(?:sick|ill|work|leave|holiday|"
    r"duty|today|till|until|til|for\s+the|of\s+(?:the\s+)?office)\b)|"
    r"(?:is|are|'s|'re)\s+(?:now\s+)?(?:up|live|listed)\s+on|"
    # a thing handed over, said of it: "order went in this morning", "the form's gone in"
    r"(?<!\bi\s)(?<!\bwe\s)(?<!\bthey\s)(?<!\bhe\s)(?<!\bshe\s)(?:went|gone)\s+in"
    r"(?=\s*(?:$|[,.;!?—]|(?:this|today|yesterday|last|earlier|now|on|at)\b))|"
    r"(?<=\w\s)all\s+(?:cut|dug|laid|hung|sewn|built|set|put\s+(?:up|away))(?=\s|$|[,.;!?])|"
    # a thing put in place, said of it: "base is poured", "the panels are hung"
    r"(?:is|'s|are|'re)\s+(?:now\s+|finally\s+|all\s+)?(?:poured|laid|fitted|mounted|hung|installed|"
    r"plastered|tiled|grouted|glued|planted|sown|assembled|built)\b|"
    r"(?:come|came)\s+(?:through|thru))\b)",
    re.I,
)
# A negation just before a done word: "caravan's not getting sold", "never paid"; or the
# future: "it will be delivered on the 14th", "should be sorted by friday".
_NEGATED = re.compile(
    r"\b(?:not|never|no|isn'?t|wasn'?t|aren'?t|won'?t|didn'?t|hasn'?t|"
    r"haven'?t|havent|didnt|isnt|wont)\b(?:\s+\w+){0,2}\s*$|"
    r"(?:\b(?:will|shall|should|would|could|might|may|must|gonna)|'ll)\s+(?:\w+\s+)?(?:be|get)\s*$|"
    r"\b(?:going|about|due|has|have|needs?)\s+to\s+be\s*$",
    re.I,
)
# Meant, not done: "should get the MOT done", "need to get the CV sorted" (read in the 48
# characters before the done word)
_MEANT_GOT = re.compile(
    r"(?:\b(?:will|shall|should|would|could|might|may|must|gonna|wanna|gotta|(?:need|needs|have|"
    r"has|got|want|hope|hoping|trying|going|plan|planning)\s+to)|'ll)\s+(?:\w+\s+)?(?:get|have)\s+"
    r"(?:[\w'-]+\s+){1,4}$",
    re.I,
)
# The person's own intention just before a start word: "gonna start on the hallway after
# lunch", "need to get going on the CV" ("about to" is a start: it is happening now)
_MEANT = re.compile(
    r"(?:\b(?:will|shall|should|would|could|might|may|must|gonna|wanna|gotta|(?:need|needs|have|"
    r"has|got|want|hope|hoping|trying|going|plan|planning|meaning)\s+to)|'ll)\s+(?:\w+\s+)?$",
    re.I,
)
# Any other past tense ("tidied the shed") may be a step done — only when its
# words name a step clearly ("i'm tired" names none: not understood).
_PAST_GENERIC = re.compile(r"\b\w{3,}ed\b", re.I)

_NOT_YET = re.compile(
    r"\b(?:haven'?t|havent|have\s+not|hasn'?t|not\s+yet|"
    r"not\s+(?:[\w']+\s+){1,5}yet|"
    # "not filling in the form now, too tired": not doing it now is nothing done yet
    r"(?:^|[,.;]\s*)(?:i'?m\s+|im\s+|we'?re\s+)?not\s+\w+ing\s+(?:[\w']+\s+){0,5}?(?:now|today|tonight)|"
    r"didn'?t\s+get\s+(?:to|round|around))\b",
    re.I,
)
# "nope, not sent the invites yet": an answer word before the statement is no clause of its own
_ANSWER_WORD = re.compile(
    r"^\s*(?:no+pe?|nah|no|not\s+really|sadly|sorry|ugh|afraid\s+not)"
    r"\s*[,.!—-]+\s*",
    re.I,
)
# The person's own action denied ("not sent the invites", "never got round to the form"):
# nothing happened, whatever the verb ("sent" is a done word).
_DENIED = re.compile(
    r"^\s*(?:(?:i|we)\s+)?(?:still\s+)?(?:not|never|haven'?t|havent|have\s+not|"
    r"didn'?t|didnt|did\s+not)\s+(?:even\s+|actually\s+|really\s+)?"
    r"(?:\w+ed|sent|got|done|paid|bought|made|rung|rang|spoken|written|"
    r"started|begun|sorted)\b",
    re.I,
)
# Someone else has not answered: a chase that went nowhere (an attempt), not
# the person's own "I haven't booked it yet".
# Someone else answered: news of the step, never the step done ("hostel got back to me,
# they can do 14 beds but need the deposit by friday").
_HEARD_BACK = re.compile(
    # (not the person's own way back, nor the time they won't get back: "3 hrs of my life i
    # wont get back", "we got back late")
    r"\b(?<!\bi\s)(?<!\bwe\s)(?<!\bwont\s)(?<!\bwon't\s)(?<!\bnever\s)(?<!\bcan't\s)(?<!\bcant\s)"
    r"(?:got|get|came|come|wrote|emailed|rang|called|texted|messaged)\s+back\b|\b(?:replied|responded|answered)\b|"
    r"\b(?:came|come)\s+(?:round|over|out|by)\b[^.;!?]*[,;—]\s*(?:and\s+)?(?:says|said|reckons|"
    r"told|quoted|wants|thinks)\b",
    re.I,
)
_NO_REPLY = re.compile(
    r"^(?!\s*(?:i|we)\b).*\b(?:hasn'?t|hasnt|haven'?t|havent|has\s+not|have\s+not|didn'?t|"
    r"didnt|did\s+not|still\s+not|not)\s+(?:yet\s+)?(?:replied|answered|responded|"
    r"got(?:ten)?\s+back|come\s+back|came\s+back|called\s+back|rung\s+back|"
    r"written\s+back|wrote\s+back|emailed\s+back|confirmed|paid)\b",
    re.I,
)
# Someone else's word on when something will happen.
# Their word reported with a bare "say", as Caribbean, West African and Southern African
# English say "said": "secretary say try again next week" (z220), "they say its not ready, come
# back next week" (z207), "dem say make i come back monday" (z47). Never the person's or a
# wish's "say" ("I say", "let's say", "just say", "to say", "would say").
THEIR_SAY = (
    r"(?<=[\w']\s)(?<!\bi\s)(?<!\bwe\s)(?<!\byou\s)(?<!\bu\s)(?<!\bya\s)(?<!\bto\s)"
    r"(?<!\bme\s)(?<!\bmi\s)(?<!\bah\s)(?<!\bcan\s)(?<!\bwill\s)(?<!\bjust\s)"
    r"(?<!\blet's\s)(?<!\blets\s)(?<!\bdid\s)(?<!\bdo\s)(?<!\bdon't\s)(?<!\bdont\s)"
    r"(?<!\bnever\s)(?<!\bmust\s)(?<!\bmight\s)(?<!\bmay\s)(?<!\bgonna\s)(?<!\bwanna\s)"
    r"(?<!\bi'd\s)(?<!\bwe'd\s)(?<!\bhave\s)(?<!\bcould\s)(?<!\bwould\s)(?<!\bshould\s)"
    r"(?<!\bcan't\s)(?<!\bcant\s)(?<!\bnot\s)(?<!\bsorry\s)(?<!\bhe'd\s)(?<!\bshe'd\s)"
    r"say(?=\s+\w)"
)
_PROMISED = re.compile(
    r"\b(?:said|says|" + THEIR_SAY + r"|told\s+(?:me|us)|promised|promises|expect(?:ed|ing|s)?|due|"
    r"should\s+(?:hear|have|get|arrive|come)|hear\s+back|get(?:ting)?\s+back\s+to|"
    r"(?:call|ring|phone|email|get)(?:s|ing)?\s+(?:me|us)\s+back|"
    r"(?:will|'ll)\s+(?:arrive|come|be\s+(?:here|ready|back|done|\w+ed))|arriv(?:e|es|ing)|"
    r"(?:he|she|they)(?:'ll|\s+will)\s+(?:send|email|post|ring|call|phone|text|get|let|confirm|"
    r"drop|bring|have|do|come|pop|sort|look)|"
    r"(?:decision|answer|reply|response|result|results|news|letter)\s+(?:by|on|due))\b",
    re.I,
)
# The person's own plan for later ("I'll", "will", "gonna"): with a day, the step waits.
_OWN_PLAN = re.compile(
    r"\b(?:i'?ll|ill|i\s+will|we'?ll|we\s+will|will|gonna|going\s+to|"
    r"planning\s+to|plan\s+to)\b",
    re.I,
)
# The person asks for the step to wait: with a day, this wins over whatever else the
# sentence says ("can't do the redirect til the address is confirmed, remind me next monday").
_ASKED_TO_WAIT = re.compile(
    rf"\b(?:{_BRING_BACK}|"
    r"remind(?!\s+me\s+(?:what|where|how|which|who)\b)|snooze|postpone|ping|nudge|park|"
    r"bump|push\s+back|hold\s+off|put\s+off|bug\s+me|chase\s+me|"
    # "PUT IT OFF A FORTNIGHT", "putting the hearing test off till spring"
    r"(?:put|putting)\s+(?:it|that|this|them|the\s+[\w' -]{1,30}?)\s+off\b|"
    r"(?:put|leave|left|keep|stick)\s+(?:it|that|this|them|(?:the\s+)?[\w' -]{1,30}?)\s+on\s+(?:the\s+long\s+finger|"
    r"hold|ice|pause|the\s+back\s*burner)|"
    r"ask\s+me\s+(?:again|about\s+(?:it|that|this)\s+again)(?!\s+(?:what|where|how|which|who)\b)|"
    r"(?:push|move|shift|knock|kick|bump|put)\s+(?:it|that|this|them|the\s+[\w' -]{1,30}?)\s+"
    r"(?:back\s+)?(?:to|till|until|til)\b|"
    r"(?:push|move|shift|knock|kick|bump|put)\s+(?:it|that|this|them|the\s+[\w' -]{1,30}?)\s+back\b|"
    r"give\s+me\s+a\s+(?:shout|nudge|poke|bell|buzz)|"
    r"(?:can|could|will|'ll|has\s+to|have\s+to|had\s+to|got\s+to|gotta|needs?\s+to)\s+wait|"
    r"leave\s+(?:it|that|this|them|the\s+[\w' -]{1,30}?)(?:\s+one)?\s+(?:till|until|til|for)|"
    # the person's own deferral: "nothing to do on that till then", "check back with me in a
    # week", "they asked me to call on the 5th", "so i'll have to report them in 2 weeks"
    r"nothing\s+(?:(?:i|we)\s+can\s+|more\s+)?(?:to\s+)?do\s+(?:on|about|with|for)\s+"
    r"(?:that|it|this|them)|"
    r"check\s+(?:back\s+)?(?:in\s+)?with\s+me|check\s+back|"
    # no use doing anything about it before the day: "so theres no point ringing again before
    # the 5th", "no sense chasing them till monday", "pointless emailing until they reopen"
    r"(?:no\s+(?:point|sense|use)|pointless|not\s+worth)\s+(?:in\s+)?[\w' -]{0,40}?\s+"
    r"(?:before|till|until|til|'til)|"
    r"(?:asked|told)\s+(?:me|us)\s+to\s+(?:call|ring|phone|email|come\s+back|check\s+back|"
    r"try\s+again|chase))\b|" + hedges.FORGET_NOT,
    re.I,
)
# "so i'll have to report them in 2 weeks": the person's own later, when the day follows it
# ("I'll have to have a think" after "rang this morning" puts nothing off)
_HAVE_TO_LATER = re.compile(
    r"\b(?:i'?ll|i\s+will|we'?ll|we\s+will)\s+have\s+to\s+"
    r"(?!(?:have\s+a\s+)?think|see\b|wait\s+and\s+see)\w+",
    re.I,
)


# "leave chasing it till then", "can you hold that till then": "then" is the day the message
# names, so the step waits for it (without a day in the message it names no wait; asked of
# us, not "they hold the keys till then")
_TILL_THEN = re.compile(
    r"(?:^|[,.;:!?—-]\s*|\b(?:so|just|you|pls|please|and|then)\s+)(?:leave|hold|park|save)\b"
    r"(?:\s+[\w'-]+){0,4}?\s+(?:till|until|til|'til)\s+then\b",
    re.I,
)


# The person's own doing put off to the day the message named before it, beside a place shut
# or someone away till then ("the practice is closed until monday, so I shall have to book it
# then", "offices shut till the 3rd, I'll ask them then"): "then" closing the clause is that
# day, so the step waits for it, no failed try ("I'll ring them then email" is a sequence)
_OWN_DOING_THEN = re.compile(
    r"\b(?:i'?ll|i\s+will|i\s+shall|we'?ll|we\s+will|we\s+shall)\s+(?:[\w'-]+\s+){1,7}?"
    r"then\s*(?:[.!,;]|$)",
    re.I,
)


# Idioms of putting off ("hang fire on the turkey", "put a pin in the chairs", "circle back
# to the DJ", "revisit it"): with a day, a wait asked for
_DEFER_IDIOM = re.compile(
    r"\b(?:hang|hold)\s+fire|put\s+a\s+pin\s+in|circle\s+back|revisit|come\s+back\s+to\s+"
    r"(?:it|that|this|them|the)\b|(?:sit|sleep)\s+on\s+(?:it|that|this)\b|let\s+(?:it|that|this)"
    r"\s+(?:ride|slide|sit)\b",
    re.I,
)


_OWN_WILL = re.compile(
    r"\b(?:i'?ll|i\s+will|i\s+shall|we'?ll|we\s+will|we\s+shall|(?:i'?m|im|we'?re)\s+"
    r"(?:gonna|going\s+to))\b",
    re.I,
)


def _own_day_after_their_word(s: Said) -> bool:
    """The day belongs to the person's own plan told after someone's word: "they say PDF is
    too big. I will compress it and try again tomorrow" (z79)."""
    theirs = _PROMISED.search(s.text)
    if theirs is None or s.when is None:
        return False
    own = _OWN_WILL.search(s.text, theirs.end())
    return own is not None and own.start() < s.when.start


def _asks_to_wait(s: Said) -> bool:
    """The person asks for the step to wait (the day is read apart, ``s.when``)."""
    if _ASKED_TO_WAIT.search(s.text):
        return True
    if s.when is not None and _DEFER_IDIOM.search(s.text) and not is_question(s.text):
        return True
    if s.when is not None and _TILL_THEN.search(s.text):
        return True
    own = _OWN_DOING_THEN.search(s.text)
    if own is not None and s.when is not None and s.when.end <= own.start() and _failure(s.text):
        # (with no failure beside it, "one's own plan for a day" reads it)
        return True
    later = _HAVE_TO_LATER.search(s.text)
    return later is not None and s.when is not None and s.when.start > later.start()


# The person waits on someone or something now ("waiting on the vet to ring back", "still
# waiting to hear from the roofer", "hanging on for the part"): with a day ahead and no try
# told, the step waits until that day ("they said thursday").  Not a wait on the phone
# ("waiting on hold"), in a room, or one that is over ("waited").
_WAITING_NOW = re.compile(
    r"\b(?:(?:still|just|now|currently)\s+)?(?:waiting|hanging\s+on|holding\s+on)\s+"
    r"(?!on\s+hold\b|in\b|room\b|list\b)(?:on|for|to\s+(?:hear|see|get)|till|until|til)\b",
    re.I,
)


def waits_on_someone_till(s: Said) -> bool:
    """ "waiting on the vet to ring back, they said thursday": the step waits for the day.
    A try told as well ("rang the vet, waiting to hear back, thursday they said") is a try;
    something sent and now awaited ("sent it, waiting for comments by friday") is done."""
    return (
        s.ahead
        and _WAITING_NOW.search(s.text) is not None
        and not s.past
        and not _SENT_FIRST.search(s.rest)
        and not _STARTED_FIRST.search(s.text)
        and not _SKIP.search(s.rest)
        and not _asks_to_wait(s)  # "waiting on X … check back with me in a week": asked
    )


# A question ("when do i need to give the meter reading", "did I send it?")
# states no change: a word like "need" or "give" in it must not become a write.
# ("when I called they were closed" and "did the shopping" are statements.)
_AUX = r"(?:do|does|did|is|are|was|were|should|shall|can|could|will|would|have|has|am)"
_QUESTION = re.compile(
    rf"^\s*(?:(?:when|what|how|why|where|which|who)(?:'s|\s+{_AUX}\b)|"
    rf"{_AUX}\s+(?:i|we|you|it|they|he|she|my|our)\b|"
    # ("is the printer all good now", typed without its mark; "did the shopping" is told)
    r"(?:is|are|has|have)\s+(?:the|that|this|your)\b)|\?\s*$",
    re.I,
)


def is_question(text: str) -> bool:
    """Asked, not told: "what should I have for dinner", "did I send it?"."""
    return bool(_QUESTION.search(text))


# "if I fail the practical how long do I have to wait": a question even with a wait in it
_HYPOTHETICAL = re.compile(
    r"^\s*(?:if|what\s+if|suppose|supposing|in\s+case)\b|"
    r"\bhow\s+(?:long|much|many|often|soon)\s+(?:do|does|did|will|would|should|can|is|are)\b",
    re.I,
)
_STEP_NUMBER = re.compile(
    # ("no 3", "no. three"; "no one answering" is nobody, no step)
    r"\b(?:step|(?<![a-z]{3}\s)(?:no\.|number|no(?=\s*#?[0-9]))|#)\s*#?(?P<n>[0-9]{1,2}|"
    + "|".join(NUMBER_WORDS)
    + r")\b"
    # ("the second one" is a step; "second one this week" counts something else)
    r"|\b(?P<ord>" + "|".join(ORDINALS) + r")\s+step\b"
    r"|(?<=\bthe\s)(?P<ord1>" + "|".join(ORDINALS) + r")\s+one\b"
    r"|\b(?P<nth>[0-9]{1,2})(?:st|nd|rd|th)\s+step\b",
    re.I,
)
_COMMAND_WORDS = frozenset(
    """done did finished finish complete completed skip skipped started
start ticked tick off mark as is it no number ✓ ✔ ✅ ☑""".split()
)
_BARE_NUMBER = re.compile(r"^\D*?\b(?P<n>[0-9]{1,2})\b\D*$")


def commands_a_position(text: str) -> bool:
    """The message is a step named by its place and nothing but a command's words ("done the
    second one", "step 3 finished", "mark the 2nd step as done"; not "the second one is a
    nightmare"): its grammar says what to change, as a mark line's does."""
    found = _STEP_NUMBER.search(text)
    if found is None or in_a_queue(text, found):
        return False
    rest = (text[: found.start()] + " " + text[found.end() :]).lower()
    words = re.findall(r"[^\W\d_]+|[✓✔✅☑]", rest)
    return bool(words) and all(w in _COMMAND_WORDS or w == "the" for w in words)


def only_command_words(text: str) -> bool:
    """Every word of the message is a command's ("done no 9", "number 3 done"): a number in
    it can only be a step's place."""
    words = re.findall(r"[^\W\d_]+|[✓✔✅☑]", text.lower())
    return bool(words) and all(w in _COMMAND_WORDS or w == "the" for w in words)


@dataclass(frozen=True)
class Statement:
    kind: str  # done | start | skip | block | attempt | snooze
    words: str  # the text that names the step
    position: int | None  # "step 2", "the second step" (-1: the last step)
    outcome: str | None  # what happened (attempts) or why (blocked)
    when: dates.When | None  # a date named in the sentence
    action: str = ""  # the words before any ", but …" clause
    weak: bool = False  # only a hint ("didnt pick up", "tidied"): act on a clear step
    arrived: bool = False  # a thing came: done only for a step of getting it
    visit: bool = False  # someone came to do it: a step of getting them out is done too
    theirs: bool = False  # the date is someone else's word: only a step of waiting waits
    went: bool = False  # "went fine": done only for an event the words fully name
    granted: bool = False  # an outcome of completion ("approved", "working now") of a thing
    placed: bool = False  # a thing in its place ("tyres are on"): done for a step of putting it
    handed: bool = False  # someone has the thing now: done for a step of handing it over
    agreed: bool = False  # the one asked said yes: done for a step of asking them
    said: str = ""  # the sentence as written, small words and all
    # a skip's thing said where it is called off ("no surgery needed", "not bothering with a
    # card reader"): only a step it names is skipped
    called: bool = False


def done_to(text: str) -> list[str]:
    """What each clause that starts with a verb of doing did it to ("made a lovely curry
    tonight, the kitchen smells amazing": "a lovely curry tonight"); empty when any clause
    saying something was done starts otherwise, or points back ("nailed it"), or says a
    thing was granted: then the words of the step may be anywhere."""
    found = []
    for clause in re.split(r"[,;—]|[.!?]+(?:\s|$)|\bbut\b|\band\b|\s-\s", text):
        done = _DONE.search(clause)
        if done is None or _NEGATED.search(clause[max(0, done.start() - 24) : done.start()]):
            continue
        first = re.match(
            r"\s*(?:(?:i|we|i'?ve|we'?ve|just|finally|already|also)\s+)*(?P<verb>\w+)\s+(?P<rest>.*)",
            clause,
            re.I,
        )
        if (
            first is None
            or first.start("verb") != done.start()
            or re.search(
                r"\b(?:it|them|those|these|everything|one)\b|\b(?:that|this)\b(?!\s+(?:morning|"
                r"afternoon|evening|week|weekend|month|year|time)\b)",
                first["rest"],
                re.I,
            )
            or _GRANTED.search(clause)
        ):
            return []
        rest = _HOW_IT_WENT.sub(" ", first["rest"])
        if not rest.strip(" .!?"):
            return []  # "passed no issues": how it went, the step named elsewhere
        found.append(rest)
    return found


# How a thing went, no thing of its own: "passed no issues", "with flying colours"
_HOW_IT_WENT = re.compile(
    r"\b(?:with\s+)?no\s+(?:issues|problems|faults|changes|snags|dramas|bother|hassle)\b|"
    r"\bwith\s+flying\s+colou?rs\b|\bfirst\s+time\b|\bno\s+probs?\b",
    re.I,
)


# How far along it is: "the form is half done", "nearly finished", "halfway through"
_ALONG = re.compile(
    r"\b(?:half|halfway|half\s+way|partly|partially|mostly|nearly|almost|part\s+way)\s*"
    r"(?:done|finished|through|complete|there|written|filled)?\b",
    re.I,
)


def says_what_was_done(clause: str) -> bool:
    """The clause has a verb of something done: a past action ("took the car round",
    "sent another reminder", "got rejected"), trying or getting in touch ("rang", "tried
    booking"), someone coming, answering or giving their word ("came round", "got back to
    me", "says the decision arrives friday"); not only
    talk around a step ("comcast can't do anything till …", "13 hr shift")."""
    # ("till the address is confirmed", "I'm wrecked": a state, no action)
    clause = re.sub(
        r"\b(?:is|are|be|been|being|i'?m|im|i\s+am|we'?re|feeling|feel|felt|so|very|really|"
        r"totally|absolutely|getting)\s+\w+ed\b",
        " ",
        clause,
        flags=re.I,
    )
    return any(
        p.search(clause) is not None
        for p in (_PAST_ACTION, _TRIED, _VISIT, _HEARD_BACK, _ARRIVED, _PROMISED, _NO_REPLY, _ALONG)
    )


def not_yet(text: str) -> bool:
    """ "I haven't booked the van yet": the person says nothing happened (read as
    no change; worth a word that it was understood)."""
    text = _ANSWER_WORD.sub("", re.sub(r"^\s*no+\s+(?=not\b)", "", text, flags=re.I))
    if _NO_REPLY.search(text):
        return False
    if not re.search(r"[,;—]|\bbut\b", text):
        return bool(_NOT_YET.search(text) or _DENIED.match(text))
    # "not yet, haven't touched the pension stuff", "havent got to the fence yet, too hot":
    # the first clause says nothing happened and the rest says why ("…, but I called
    # them" says something did)
    if re.search(r"\bbut\b", text):
        return False
    first = re.split(r"[,;—]", text, maxsplit=1)[0]
    return bool(
        _NOT_YET.search(first) or _DENIED.match(first) or re.fullmatch(r"\s*not\s+yet\s*", first)
    )


# A contact said in the present tense ("I send email", "I call KLM"), and a time gone by
_CONTACT_NOW = re.compile(
    r"^\s*(?:i|we)\s+(?:send|call|ring|phone|email|text|write|ask|go|visit)\b", re.I
)
_GONE_BY = re.compile(
    r"\b(?:yesterday|last\s+(?:week|night|month|time|\w+day)|ago|earlier|this\s+morning)\b", re.I
)


# A place that did not have the thing ("Costco didn't have dates in bulk", "the garden centre
# had none left"): the person went or looked, a try made (the person lacking it, "I didn't
# have time", "we didn't have the forms", is no try)
_THEY_LACKED = re.compile(
    r"^(?!\s*(?:i|we|i'?d|we'?d|i\s+just|we\s+just)\b)[^,.;!?]*?\b(?:didn'?t|did\s+not)\s+have\b"
    r"(?!\s+(?:time|a\s+chance|the\s+time|to)\b)|"
    r"^(?!\s*(?:i|we)\b)[^,.;!?]*?\bhad\s+(?:none|no\s+\w+)\s+left\b",
    re.I,
)


@dataclass(frozen=True)
class Said:
    """A sentence as the readings see it: the text, the text without its date, the date."""

    text: str
    rest: str
    when: dates.When | None
    now: datetime

    @property
    def past(self) -> bool:
        """ "tried", "called": something was done already (or "I send email … last week": a
        verb of trying or getting in touch, with a time gone by)."""
        return (
            _PAST_ACTION.search(self.rest) is not None
            or bool(_CONTACT_NOW.search(self.text) and _GONE_BY.search(self.text))
            or _THEY_LACKED.search(self.rest) is not None
        )

    @property
    def ahead(self) -> bool:
        return self.when is not None and self.when.moment.date() > self.now.date()


@dataclass(frozen=True)
class Reading:
    """One way a sentence states a change (or that nothing happened), declared once with
    the sentences it must read and the near-misses it must leave to others."""

    name: str
    kind: str | None  # None: the sentence says nothing happened
    applies: Callable[[Said], bool]
    examples: tuple[str, ...]
    near_misses: tuple[str, ...] = ()
    weak: bool = False  # only a hint: act on a clearly named step, else propose
    whole: bool = False  # news of a step: all its words name the step
    got: bool = False  # news of a thing come or granted: its words, not the news, name the step


# "got 3 of 8 up", "2 out of the 5 rooms painted", "11/40 addressed": a part of a count, so
# the step is under way, never done (a step's own number, "step 3 of 5", is no count)
_COUNT = r"(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten)"
_PART_OF = re.compile(
    rf"(?<!step\s)(?<!\bno\.\s)\b(?P<n>{_COUNT})\s*(?:of|out\s+of)\s*(?:the\s+|my\s+|our\s+)?"
    rf"(?P<m>{_COUNT})\b(?!\s*(?:am|pm)\b|[:.]\d)",
    re.I,
)


def _part_of_count(text: str) -> bool:
    def value(word: str) -> int:
        return int(word) if word.isdigit() else NUMBER_WORDS[word.lower()]

    return any(0 < value(m["n"]) < value(m["m"]) for m in _PART_OF.finditer(text)) or bool(
        _FIRST_OF_MANY.search(text)
    )


# The first of a job done in goes ("first load is in", "first coat's on", "got the first batch
# of jars done"): one go of many, so the step is under way, never done ("the first fix" and
# "the first draft" are things of their own, not goes)
_GOES = (
    r"(?:first|1st)\s+(?:load|coat|batch|lot|layer|round|row|wash|tray|trip|drop|bag|box|wall|"
    r"room|bed|module|lesson|session|week)s?\b"
)
_FIRST_OF_MANY = re.compile(
    rf"\b{_GOES}(?=[^.!?]*?(?:\bis\b|\bare\b|'s\b|\bdone\b|\bin\b|\bup\b|\bfinished\b|"
    rf"\bsorted\b))|\b(?:did|done|finished|completed)\s+(?:the\s+|my\s+|our\s+)?{_GOES}",
    re.I,
)


# A hope after a message sent ("emailed the shop re the warranty, fingers crossed 🤞"): the
# writing is done and nothing has come of it yet, so it is no try with an outcome (a call
# with a hope, "rang the vet, fingers crossed", is still a try: a call can go unanswered)
_SENT_WORD = re.compile(
    r"^\W*(?:i\s+|we\s+|just\s+|finally\s+)*(?:emailed|e-mailed|messaged|texted|"
    r"whatsapped|dm'?d|wrote\s+to)\b",
    re.I,
)
_HOPE = re.compile(
    r"[,;.!—]*\s*(?:(?:so\s+)?fingers\s+crossed|hopefully|wish\s+me\s+luck|touch\s+wood|"
    r"pray(?:ing)?(?:\s+for\s+me)?)\b[^,;.!?—]*|\s*[🤞🙏]+",
    re.I,
)


def opens_with_writing(said: str) -> bool:
    """The words open with a message written ("emailed the shop …", "just texted Sam")."""
    return _SENT_WORD.search(said) is not None


def _hope_off(rest: str) -> str:
    """The words with a hope after a message sent taken off."""
    return _HOPE.sub(" ", rest) if opens_with_writing(rest) else rest


# The doing is over, said just before it: "finished painting the hall now", "done sorting"
_OVER = re.compile(
    r"\b(?:finish(?:ed)?|done|stopp?(?:ed)?|quit|complet(?:ed)?|gave\s+up|giving\s+up|"
    r"through|over)\s+(?:with\s+)?$",
    re.I,
)


# A start word with a day to come in its clause announces a start later, of this or of
# something else ("signed the contract, start monday", "starting the new job next week"):
# nothing is under way yet. A start said in the past ("started monday") stays a start.
_STARTS_LATER = re.compile(
    r"^(?:start|starts|starting|begin|begins|beginning|kick(?:s|ing)?\s+off)$", re.I
)


def _starts_later(said: Said, found: re.Match[str]) -> bool:
    if not said.ahead or said.when is None or not _STARTS_LATER.match(found[0]):
        return False
    between = said.text[found.end() : said.when.start]
    return (
        said.when.start >= found.end()
        and len(between) <= 40
        and not re.search(r"[,.;!?—]", between)
    )


def _started(said: Said) -> bool:
    """A start said, not denied ("not filling in the form now, too tired")."""
    found = next((m for m in _START.finditer(said.rest) if not _starts_later(said, m)), None)
    before = said.rest[max(0, found.start() - 24) : found.start()] if found is not None else ""
    if found is not None and (
        _NEGATED.search(before) or _MEANT.search(before) or _OVER.search(before)
    ):
        return False
    working = _WORKING_WELL.search(said.rest)
    if found is not None and working is not None and working.start() < found.end():
        # "she's lifting the bale spike lovely now": the thing doing its job, not a start
        return False
    return found is not None or _ON_IT_TODAY.search(said.text) is not None


# A condition, not a report: "won't be free till the ground is cleared", "once it's paid"
_CONDITION = re.compile(
    r"\b(?:till|until|til|unless|once|if|before)\b[^,.;!?—]*?\b(?:is|are|be|been|gets?|has|have|"
    r"'s)\s+\w+(?:ed|en)\b",
    re.I,
)


def _negated_done(said: Said) -> bool:
    rest = _CONDITION.sub(lambda m: " " * len(m[0]), said.rest)
    done = _DONE.search(rest)
    return (
        done is None
        or _NEGATED.search(rest[max(0, done.start() - 24) : done.start()]) is not None
        or _MEANT_GOT.search(rest[max(0, done.start() - 48) : done.start()]) is not None
    )


# "printing started at Sree Printers, proof will come tomorrow": the first clause says the
# step started; what someone else will do next is no day for the person to wait for
_STARTED_FIRST = re.compile(
    r"^[^,.;!?—]*\b(?:started|begun|began|kicked\s+off|under\s*way|made\s+a\s+start)\b", re.I
)


# A thing already ordered or bought, its arrival told after ("gasket ordered, arrives thurs",
# "bought the tiles online, they come friday"): the buying is done, its day is the shop's word
_BOUGHT_BEFORE = re.compile(
    r"\b(?:ordered|bought|purchased|paid\s+for)\b[^.;!?]*?[,;—–-]\s*[^.;!?]*?"
    r"\b(?:arriv(?:e|es|ing)|(?:comes?|coming|delivered|delivery|here)\b)",
    re.I,
)


# A try told first: "tried to catch him after work friday, he'd gone"
_TRIED_FIRST = re.compile(r"^\s*(?:(?:i|we)\s+)?(?:tried|attempted)\b", re.I)


# The person turned down what was offered: "earliest slot is 19 dec so i didnt take it",
# "they offered the 3rd but I said no": tried, and the step is no further on
_TURNED_DOWN = re.compile(
    r"\b(?:i|we)\s+(?:didn'?t|did\s+not|didnt)\s+(?:take|book|accept|want)\s+(?:it|that|them|one)\b|"
    r"\b(?:i|we)\s+(?:turned|knocked)\s+(?:it|that|them)\s+down\b|"
    r"\b(?:i|we)\s+(?:said\s+no|declined|passed)(?:\s+(?:on\s+)?(?:it|that|them|thanks))?\s*(?:$|[,.;!?—])",
    re.I,
)


def turned_down(text: str) -> bool:
    """Tried, and the person turned down what was offered: the step stays as it was."""
    return _TURNED_DOWN.search(text) is not None


def their_word_only(text: str) -> bool:
    """Someone else cannot do it till a day, and the person did nothing themselves: "plumber
    says he can't do the invoice till he's back off his holidays, next monday"."""
    return bool(_UNAVAILABLE_TILL.search(text) or _THEY_CANT_TILL.search(text)) and not (
        _PAST_ACTION.search(text)
    )


def their_news_alone(st: Statement) -> bool:
    """Someone else's word on when, with nothing the person did ("test pressing arrives
    thursday they say", "the plumber says monday"): news of their day, never a try."""
    said = st.said or ""
    return st.theirs and not _PAST_ACTION.search(said) and not _OWN_TRY.search(said)


# The person's own try, said in any tense ("I call KLM cargo today, they say no space"):
# then their word is news of that try, not a day for the step to wait for
_OWN_TRY = re.compile(
    r"\b(?:i|we)\s+(?:just\s+|already\s+)?(?:call(?:ed)?|ring|rang|phoned?|e-?mail(?:ed)?|"
    r"text(?:ed)?|tried|try|asked?|spoke|speak|went|go|visited?|messaged?|contacted?|"
    r"chased?|emailed)\b",
    re.I,
)


def their_day_ends_the_wait(text: str) -> bool:
    """Someone else cannot do it till a day, the person tried nothing, and it is told, not
    asked: "pharmacy says the new prescription wont be in til thursday", "gas safe bloke
    can't come till next monday. typical" — the step waits for that day."""
    return (
        their_word_only(text)
        and _OWN_TRY.search(text) is None
        and not is_question(text)
        and _HYPOTHETICAL.search(text) is None
    )


# The person doubts the other side's word on when ("heard that one before", "we'll see",
# "not holding my breath"): their day is news, never one the step is set to wait for
_DOUBTED = re.compile(
    r"\b(?:heard\s+(?:that|this|it)(?:\s+one)?\s+before|"
    r"(?:i'?ll|ill|will)\s+believe\s+it\s+when|"
    r"(?:not|won'?t\s+be|wont\s+be|i'?m\s+not)\s+holding\s+my\s+breath|"
    r"we'?ll\s+see|yeah\s+right|as\s+if|i\s+doubt\s+it|doubt\s+(?:it|that)|"
    r"(?:said|says)\s+that\s+(?:last|every)\s+(?:time|week|month))\b",
    re.I,
)


def doubts_their_word(text: str) -> bool:
    """The person does not trust the day someone else gave: "she said the payment will go
    out next week but I've heard that one before"."""
    return _DOUBTED.search(text) is not None


# Someone else cannot do it before a day: "he can't do the invoice till he's back"
_THEY_CANT_TILL = re.compile(
    r"^(?!\s*(?:i|we|i'?m|im|can'?t|cannot|cant|won'?t)\b)[^,.;]*?\b(?:can'?t|cannot|cant|won'?t|"
    r"isn'?t\s+able\s+to)\s+[^,.;!?]*?\b(?:till|until|til|before)\b",
    re.I,
)


def _own_plan(rest: str) -> bool:
    """The person's own plan, said in a clause with nothing done in it: "card gets topped
    up on the 30th so I'll pay the visa fee then" ("gets topped up" is no action of
    theirs); "called them, will try again" reports an action first."""
    plan = _OWN_PLAN.search(rest)
    if plan is None:
        return False
    before = re.sub(
        r"\b(?:gets?|got|getting|is|are|be|been|being)\s+\w+ed\b", " ", rest[: plan.start()]
    )
    return _PAST_ACTION.search(before) is None and _PAST_ACTION.search(rest[plan.start() :]) is None


# "sent the draft …, now waiting for his comments": the sending step is done; what comes
# back is someone else's
_SENT_FIRST = re.compile(
    r"^\s*(?:(?:i|we)\s+(?:have\s+|'ve\s+)?)?(?:finally\s+|just\s+)?(?:sent|submitted|posted|"
    r"handed\s+in|lodged|filed|returned|applied)\b[^,;.]*",
    re.I,
)
_AWAITING = re.compile(
    r"[,;.—]\s*(?:and\s+)?(?:now\s+)?(?:just\s+|only\s+)?(?:now\s+)?(?:waiting|wait)\s+"
    r"(?:(?:for|on)\s+(?:a|an|the|his|her|their|them|him)?\s*(?:[\w']+\s+){0,2}?"
    r"(?:reply|replies|response|comments?|feedback|answer|decision|result|approval|verdict|"
    r"to\s+hear|to\s+get\s+back)|to\s+hear(?:\s+back)?)\b(?:\s+now)?",
    re.I,
)

# "could you swap that out for booking a power flush": a step replaced, asked for; a plan
# change the statements leave to the replacements reader
_REPLACE_ASKED = re.compile(
    r"\b(?:swap|switch|change|replace)\s+(?:that|it|this|them|the\s+\w+)(?:\s+one)?\s+(?:out\s+)?"
    r"(?:for|with|to)\b|"
    r"\b(?:scrap|drop|ditch|bin|not\s+bothering\s+with|forget)\b[^.!?]*\binstead\b|"
    # "DJ is a no go … we'll just do a playlist instead", "forget the shortlist. I need to
    # meet the sister instead": a step called off, and what is done in its place, said after
    r"\b(?:(?:is|'s|are|'re)\s+(?:a\s+)?no[\s-]?go|not\s+happening|fell\s+through|scratch|"
    r"scrap|ditch|forget)\b[\s\S]*[.!?]\s*[^.!?]*\b(?:i|we)(?:\s+|')(?:need|will|ll|'ll|"
    r"have\s+to|gotta|got\s+to|should|just)\b[^.!?]*\binstead\b|"
    # "scratch the faxing, they take uploads now. so: scan it all, then upload it", "scrap me
    # fitting the fan, wiring's beyond me. need to get a sparky to quote and then book him":
    # a step called off, and the steps that take its place said after, one then another
    r"\b(?:scratch|scrap|ditch|forget|drop|skip|bin)\b[^.!?]*[.!?]\s*(?:so\s*[:,]?\s*|"
    r"(?:(?:i|we)(?:\s+|'))?(?:need|have|will|ll|gotta|got|must)\s+(?:to\s+)?)[^.!?]*?"
    r"(?:,\s*|\s)(?:and\s+)?(?:then|after\s+that)\s+\w+|"
    # "so instead of that I need to get a bath board": another thing to do in its place
    r"\binstead\s+of\s+(?:that|it|this|them|those)\b[^.!?]*\b(?:need|needs|will|'ll|going\s+to|"
    r"gonna|have\s+to|got\s+to|should|must)\b|"
    # "the aunties will cook. So instead we need to buy the foodstuff": the same, said after
    r"\b(?:so\s+)?instead\s*,?\s+(?:we|i)(?:\s+|(?='))(?:need|will|'ll|are\s+going|'re\s+going|"
    r"have\s+to|"
    r"gotta|got\s+to|should)\b",
    re.I,
)

_CLAUSES = re.compile(r"[,;—:]|\b(?:but|and)\b", re.I)
# A thing, then "checked" or "drafted" said of it with nothing after the verb ("hallmark certs
# checked, all legit", "tyre pressures checked"): the thing is in the state the step brings,
# done, never a try ("I checked", "mum checked the forms" are someone's doing)
_CHECKED_AFTER_ITS_THING = re.compile(
    r"\W*(?:(?:finally|ok|okay|yay|right|well|phew)\b\W*)*"
    r"(?!(?:i|we|he|she|they|you|mum|mom|dad|just|also|then|so|and)\b)"
    r"(?:[\w'-]+\s+){1,4}?(?:(?:is|are|was|were|all|now|finally|been)\s+){0,2}"
    r"(?:checked|drafted|proofread|proof-read|double-checked)"
    r"(?=\s*(?:[^\w\s'-]|$)|\s+(?:and|all|everything|too|today|now|this)\b)",
    re.I,
)

# An undo asked for in a clause of its own ("please undo", "undo that last one"): a take-back,
# never news of a step ("can't undo that" is talk about undoing)
_UNDO_ASKED = re.compile(
    r"(?:^|[,.;:!?—-]\s*|\b(?:please|pls|plz|can\s+you|could\s+you|ugh|oops|so|just|ah|oh)\s+)"
    r"(?:please\s+)?(?:undo\b|take\s+(?:that|it|this)(?:\s+(?:last\s+)?one)?\s+back\s*(?:$|[,.;!?—]))",
    re.I,
)
# Told to mark it done: "so you can tick that one off", "mark it as done", "check it off"
# ("can't tick it off till …", "don't tick that off yet" are not)
_TICK_IT_OFF = re.compile(
    r"(?<!n't\s)(?<!not\s)(?<!never\s)(?<!\bcan't\s)\b(?:(?:you\s+)?(?:can|could)\s+)?"
    r"(?:tick|check|mark)\s+(?:that|it|this)(?:\s+one)?\s+(?:off|done|as\s+(?:done|complete|"
    r"finished))\b(?!\s+(?:yet|till|until|til|when|once|after)\b)",
    re.I,
)


_REMIND_ASKED = re.compile(
    r"\b(?:remind|nudge|ping|bug|chase)\s+me\b(?!\s+(?:what|where|how|which|who|when)\b)|"
    + hedges.FORGET_NOT,
    re.I,
)
# How the person is, not what they did: "I'm wrecked", "so tired", "feeling stressed"
_STATE = re.compile(
    r"\b(?:i'?m|im|i\s+am|we'?re|feeling|feel|felt|so|very|really|totally|absolutely|bit|"
    r"getting|got|get)\s+\w+ed\b",
    re.I,
)


def _past_in_first_clause(rest: str) -> bool:
    """ "tidied the shed": a past tense in the clause that says what was done, not one
    about how the person is ("13 hr shift, I'm wrecked")."""
    first = re.split(r"[,;—]|[.!?]+\s|\bbut\b", rest, maxsplit=1)[0]
    found = _PAST_GENERIC.search(_STATE.sub(" ", _CONDITION.sub(" ", first)))
    # ("should get the wardrobe sorted tonight": meant, not done)
    return found is not None and not _MEANT_GOT.search(
        first[max(0, found.start() - 48) : found.start()]
    )


# Doing it at this moment, said as it is being done: a verb of doing in its -ing form (or
# spoken without its g: "gettin", "fillin'") with "now", "as we speak", "at the moment",
# "so far"; or "halfway through". Whatever else the sentence says ("on hold with virgin",
# "wheels are off", "3 lasagnes in") is how the doing goes, never the step blocked or done.
# The words that say it are read by ``under_way.moment``; what stands before them is weighed
# here. Meant, not under way: "gonna be filling the forms now", "about to start ringing round"
_MEANT_NOW = re.compile(
    r"(?:\b(?:will|shall|should|would|could|might|may|must|gonna|wanna|gotta|not|never|"
    r"(?:need|needs|have|has|want|hope|plan|planning|going|meant)\s+to)|n't|'ll)\s+(?:be\s+)?"
    r"(?:\w+\s+){0,2}$",
    re.I,
)

_MORE_TO_COME = re.compile(
    # another go to come ("half way through the form, will try again"): a try; the rest
    # promised for later ("writing it now, will finish it tonight") is still under way
    r"\bwill\s+(?:try|call|re-?try)\b|\btry\s+again\b|\bre-?try(?:ing)?\b",
    re.I,
)


# A thing (she, it, they) doing its job well now: "she's lifting the bale spike lovely now",
# "it's running like a dream now". How the thing works, not the person at a step.
_WORKING_WELL = re.compile(
    # (how a job goes is no thing working: "it's looking great", "going well")
    r"\b(?:she|he|it|they)(?:'s|\s+is|'re|\s+are|s)\s+(?:\w+\s+)?"
    r"(?!(?:looking|going|coming|shaping|getting|turning)\b)\w+ing\b[^.;!?]*?\b(?:lovely|"
    r"beautiful(?:ly)?|great|fine|perfect(?:ly)?|like\s+a\s+(?:dream|charm|treat|new\s+\w+)|"
    r"a\s+treat|sweet(?:ly)?|smooth(?:ly)?|no\s+bother|grand|spot\s+on|a\s+charm|"
    r"good\s+as\s+new|like\s+new)\b|"
    # …or said of the thing with no subject, once it is in: "chain's on, shifting sweet now"
    rf"\b(?!(?:looking|going|coming|shaping|getting|turning)\b)[a-z]{{2,}}ing\s+"
    rf"{under_way.WORKING_WELL}",
    re.I,
)


def _under_way_now(said: Said) -> bool:
    """Being done at this moment, said of the step ("starting the broadband switch now, on
    hold with virgin as we speak", "writing it now, will finish it tonight"), not meant,
    denied, or no more than a count gone wrong ("nothing so far")."""
    found = under_way.moment(said.text)
    if found is None:
        return False
    before = said.text[max(0, found.start() - 32) : found.start()]
    return (
        _MEANT_NOW.search(before) is None
        and _OVER.search(before) is None
        and _WORKING_WELL.search(said.text) is None
        # ("half way through the form, will try again": part done and more to come, a try)
        and _MORE_TO_COME.search(said.text) is None
        # ("tried to list it last night but the site logged me out halfway through": a try
        # told after it, with how it went)
        and not (said.past and _TRIED.search(said.rest))
        and not re.search(
            r"\b(?:no|nothing|none|nobody|not)\b[^,.;!?]*\bso\s+far\b", said.text, re.I
        )
    )


# Trouble on the way and the thing done in the end, said after it ("the site crashed twice but
# it went through on the third go", "logged me out halfway once but got there in the end"):
# how it ended decides, never the trouble or how far it got before it
# (own_verbs._WORKED_OR_AHEAD is wider on purpose: any hint that it worked keeps a try from
# being logged there, but never makes a done)
_IN_THE_END = re.compile(
    r"\b(?:got\s+there\s+in\s+the\s+end|"
    r"(?:went|got|gone)\s+through\s+(?:in\s+the\s+end|eventually|at\s+last|"
    r"(?:on|at)\s+the\s+(?:second|third|fourth|fifth|\d+(?:st|nd|rd|th))\s+(?:go|try|attempt))|"
    r"(?:finally|eventually)\s+(?:went|got)\s+through|"
    r"(?:it|that)\s+worked\s+(?:in\s+the\s+end|eventually|(?:on|at)\s+the\s+\w+\s+(?:go|try|attempt)))",
    re.I,
)
# …unless what follows takes it back ("went through in the end, then bounced")
_UNDONE_AFTER = re.compile(
    r"\b(?:then|but|except)\b[^.!?]*\b(?:bounced|failed|declined|rejected|"
    r"cancelled|reversed|not|didn'?t|wasn'?t)\b",
    re.I,
)


def _done_in_the_end(said: Said) -> bool:
    """The thing went through in the end, after the trouble told before it, and nothing
    after it takes that back."""
    found = _IN_THE_END.search(said.text)
    return found is not None and not _UNDONE_AFTER.search(said.text[found.end() :])


# The readings in priority order: the first that applies decides. Priority is this table.
READINGS: tuple[Reading, ...] = (
    Reading(
        "a question",
        None,
        lambda s: (
            bool(_HYPOTHETICAL.search(s.text))
            or (bool(_QUESTION.search(s.text)) and not _ASKED_TO_WAIT.search(s.text))
        ),
        (
            "when do I need to give the meter reading",
            "did I send the form?",
            "if I fail the practical how long do I have to wait before I can resit",
            "what if the van fails its MOT",
            "ordered the fondant, how long does it usually take to come",
            "is the printer all good now",
            "has the deposit gone through",
            "are the invites sent",
        ),
        (
            "can you remind me about the van friday?",
            "when I called they were closed",
            "DID THE 5K!!! 31 mins",
            "did the shopping",
        ),
    ),
    Reading(
        "a take-back asked",
        None,
        lambda s: bool(_UNDO_ASKED.search(s.text)),
        (
            "undo that last one, haven't started the first fix yet",
            "Apologies, that was wrong! She has NOT sent the form yet. Please undo.",
            "so sorry, please undo the last change, I haven't bought the cards yet",
            "oops, undo pls, wrong step",
            "ach no i marked the boiler as ordered but it's still in my basket, take that back",
            "oh no the invites aren't sent yet, take it back",
            "ugh I never paid that, please take that one back.",
        ),
        (
            "the quotes took ages, can't undo that",
            "no way to undo the damage now",
            "the shoes don't fit, i'll take them back to the shop",
            "bought the wrong size, so take it back to the shop tomorrow",
        ),
    ),
    Reading(
        "told to tick it off",
        "done",
        lambda s: bool(_TICK_IT_OFF.search(s.text)),
        (
            "the physio has got me booked in for the Tuesday after, so you can tick that one off",
            "the vet's seeing her on the 3rd, tick it off",
            "mark that as done, the plumber's coming monday",
            "rego's renewed till next june so check it off",
        ),
        ("can't tick it off till the 3rd", "don't tick that off yet", "cross it off the list"),
    ),
    Reading(
        "done in the end, after trouble",
        "done",
        _done_in_the_end,
        (
            "FBAR FILED. the FinCEN site crashed on me twice but it went through on the third go",
            "the claim is in, the form logged me out halfway once but got there in the end",
            "card kept getting declined but the payment finally went through",
            "portal froze on me three times, it worked on the fourth try",
        ),
        (
            "hope the payment goes through in the end",
            "the transfer went through in the end, then bounced back",
            "halfway through the claim form, the site logged me out",
        ),
    ),
    Reading(
        "a step replaced",
        None,
        lambda s: bool(_REPLACE_ASKED.search(s.text)),
        (
            "bleeding the rads won't fix it, could you swap that out for booking a power flush",
            "datadog closed the role, swap that one for applying to cloudflare instead",
            "the venue cancelled on us so change that one to ringing round other halls",
            "the quotes are pointless, replace it with a call to the council",
            "scrap the roof racks, I'll grab a ladder rack off a bloke at work instead",
            "not bothering with the panel beater anymore, instead i'll get a touch up kit",
            "the OT said a shower chair won't fit, so instead of that I need a bath board",
            "the hall's too dear, instead of that we'll use the church room",
            "We've dropped the caterer idea. So instead we need to buy the food ourselves",
            "no uhaul after all, instead I'll borrow jake's pickup",
            "the marquee's a no-go, too windy. we'll just use the garage instead",
            "the boat trip fell through! we'll have to do the museum instead",
            "forget the caterer. I need to ring round the aunties and book the hall kitchen "
            "instead",
            "scratch the faxing, they take uploads now. so: scan everything, then upload it",
            "scrap me fitting the fan myself, wiring's beyond me. need to get a sparky to quote "
            "and then book him in",
            "drop the dehumidifier. we'll ring a glazier and then get him to fix the vent",
        ),
        (
            "the DJ is a no go, gutted",
            "forget it. we went to the market instead",
            "swapped the tiles for the grey ones",
            "swapped that one for a bigger size in the shop",
            "replaced the washer, no more drip",
            "scrap the roof racks, not needed",
            "skip the cake. then the cards",
            "forget the gutters this year. will do them in spring",
            "went with the blue tiles instead of the grey",
            "bought oat milk instead of that",
            "we went to the market instead, got the veg",
            "instead i just rang them, all sorted",
        ),
    ),
    Reading(
        # (before someone else's word on when: "minji said ok!! she's coming saturday" is
        # her yes, not a day she promised; before "started": "said yes to doing the minutes")
        "their yes",
        "done",
        # (a wait asked beside it is the person's own next move: "Dennis said yes, remind me
        # friday to send him the agenda")
        lambda s: their_yes(s.text) and not _ASKED_TO_WAIT.search(s.text),
        (
            "minji said ok!! she's coming saturday to help with the cabbages",
            "Dennis said yes to doing the minutes bless him",
            "Ana say yes the boy can stay in her room",
            "Bea said yes to swapping sundays 🙏",
            "the pharmacist said yes!!! she starts the 26 january",
            "my pastor has agreed, so that's both referees",
            "Jess said she'll do it, bless her",
        ),
        (
            "Dennis said maybe, he'll let me know",
            "Dennis said no, he's away that week",
            "asked Dennis, waiting to hear",
            "Dennis said he'd think about it",
            "he said yes but not before the 10th",
            "one said yes, rest haven't got back",
            "grab rails fellow said he will come only after 5th, remind me then",
            "Dennis said yes, remind me friday to send him the agenda",
            "I said yes to the quote",
            "said yes to the quote",
        ),
    ),
    Reading(
        "waiting on someone till a day",
        "snooze",
        waits_on_someone_till,
        (
            "waiting on the plasterer to confirm, he reckons wednesday",
            "still waiting to hear from the bank about the loan, they said by the 3rd",
            "hanging on for the landlord to sign, should be back to me monday",
            "we're waiting for the quote on the skip, due friday",
        ),
        (
            "been waiting for ages on the plasterer",
            "not yet, still waiting on my sister to pick the colour",
            "rang the bank, waiting to hear back, they said the 3rd",
            "sent the draft, now waiting for his comments by friday",
            "waiting on hold with the bank till friday apparently",
            "will the plasterer ring me back friday?",
        ),
    ),
    Reading(
        "someone else's word on when",
        "attempt",
        lambda s: (
            s.ahead
            and bool(_PROMISED.search(s.text))
            and not _asks_to_wait(s)
            and not _STARTED_FIRST.search(s.text)
            and not _BOUGHT_BEFORE.search(s.text)
            # "…she'll have Dad in January instead, so we won't be needing the respite
            # booking": their word, and the person's skip of the step
            and not _SKIP.search(s.rest)
            and not _own_day_after_their_word(s)
        ),
        (
            "council said decision by 15 january",
            "the garage says the part arrives friday",
            "met Dave from Hartley Builders, he'll send a quote by friday",
            "rang the vet, they'll call back tomorrow with the results",
            # their word with a bare "say" (z188, z210, z220)
            "drove to Belmopan for the lease, commissioner not in, secretary say try again next "
            "week",
            "went to city council for di license, dem say di officer no de, come back next week",
        ),
        (
            "remind me about the council on friday",
            "they say PDF is too big. I will compress it and try again tomorrow",
            "I say we try the council again next week",
            "Invitation printing started at Sree Printers, proof will come tomorrow",
            "kicked off the tiling today, the grout should arrive friday",
            "gasket ordered, arrives thurs",
            "bought the tiles online, they arrive friday",
        ),
        whole=True,
    ),
    Reading(
        "no reply",
        "attempt",
        lambda s: bool(_NO_REPLY.search(s.text)),
        ("the landlord hasn't replied about the deposit", "jim still not got back to me"),
        ("I haven't booked the van yet",),
        whole=True,
    ),
    Reading(
        "nothing happened yet",
        None,
        # ("club hasn't posted the dates yet. ask me again tomorrow": a wait asked for wins)
        lambda s: not_yet(s.text) and not (s.when is not None and _asks_to_wait(s)),
        (
            "I haven't booked the van yet",
            "nope, not sent the invites yet",
            "not yet, haven't touched the pension stuff",
            "not filling in the form now, too tired",
            "I'm not doing the tax return today, my head's fried",
        ),
        (
            "haven't booked it yet, but I called them twice",
            "club hasn't posted the test dates yet. ask me again tomorrow about the exam",
            "haven't rung the vet yet, remind me on monday",
        ),
    ),
    Reading(
        "off the list, nothing done",
        "skip",
        lambda s: (
            (found := _OFF_THE_LIST.search(s.rest)) is not None
            and not _PAST_ACTION.search(s.rest[: found.start()])
            and not _DONE.search(s.rest[: found.start()])
        ),
        (
            "hughes' son is doing the toilet himself so thats off my list",
            "the landlord's sorting the boiler now, so that's off my plate",
            "Mum says she'll do the flowers herself, it's off the list",
        ),
        (
            "painted the shed so that's off my list",
            "booked the vet, that's off the list",
            "the shed's off the list?",
        ),
    ),
    Reading(
        "skipped",
        "skip",
        lambda s: _skipped(s),
        (
            "skip the cake",
            "take the coffee one off, I'm never giving up my afternoon flat white",
            "forget the scanning this year, not worth the money",
            "the letting agent idea's off",
            "NO MEDICAL NEEDED 🙌 uk applicants are exempt",
            "groom says no gifts, so bin that one",
            "rescue said they'll waive the home check",
            "scratch the rehearsal dinner, nobody wants it",
            "not getting a card reader after all, the fair is cash only",
            "I shan't need the raised toilet seat, the hospital lends them",
            "so we won't be needing the respite booking after all",
            "no longer needing the van, dad's lending us his ute",
            "we will not be needing the marquee now the venue has a hall",
            "I have decided we shan't bother with the respite this year",
            "not sending my sat scores tbh, the college is test optional",
            "no racking this time cant stretch to it",
            # someone else takes it on, so the person need not
            "landlord says the gutter is his job so I don't have to bother",
            "the school's doing the raffle now, we no longer have to bother with it",
            "council are fixing the streetlight themselves, so I won't have to bother",
            "Kirsty is bringing the booster seat so I won't be buying one after all",
            "we wont paint hooyo's room after all, she says paint smell gives her headache",
            "We will not ask the SVB about the AOW after all, their website explains it",
            "Turns out the clinic hands out batteries free, so we can drop the spare ones off the "
            "list.",
            "take the bunting off my list, the school has loads",
            "forget emailing the rota woman shes never answered anyone in her life",
            "the wardrobe came assembled so scratch that",
            "we can strike the fence off, neighbour is doing it",
            "decided not to bother with the blister packs, mum manages fine",
            "nah not even gonna bother test driving the Ranger, the dealer was rude",
            "not going to bother with the survey, the house is new",
            "won't even bother ringing the council, they never answer",
        ),
        (
            "on my way to the marina for day one of the skipper course",
            "not gonna bother with the survey till january",
            "im not going to bother the plumber again today",
            "might not even bother with the FBAR this year, idk",
            "heading to the wrap shop now to drop the van off",
            "nudge me about the skip next week pls",
            "booked a skip for the car scrape rubbish",
            "not finished the painting yet",
            "scratched my arm on the fence",
            "not sending the form till the photos come",
            "i'm not doing the tax return today",
            "dropped the spare keys off at mum's",
            "took the bunting off the line",
            "scratched the wardrobe moving it",
            "rang the florist, fully booked so thats not happening",
            "called the hall, they want 500 quid so that is not happening",
            "tried the pool again, closed for repairs, swimming's not happening this week",
            "don't let me forget the contract with the new lad, say the 8th",
            "dont forget the bunting!!",
            "you don't have to bother me about the permit",
            "don't have to bother the vet till the jab is due next month",
            # a "won't" that is no choice not to do it, or whose "after all" is no change of mind
            "we won't paint the room till after all the rain",
            "won't be able to paint the room after all, the paint's not come",
            "we won't get to the garden after all this week",
            "won't paint the room after all, I'll get a painter in instead",
        ),
    ),
    Reading(
        "asked to wait",
        "snooze",
        lambda s: (
            s.when is not None
            and (
                _asks_to_wait(s)
                or (
                    bool(_SNOOZE.search(_CIRCUMSTANCE.sub(" ", s.text)))
                    and not (s.past and _failure(s.text))
                    # ("tried to grab the vicar after church sunday but he'd gone": a try
                    # told first; its day is when it happened, no wait asked for)
                    and not _TRIED_FIRST.search(s.text)
                    # ("the roof guy can't come till january", "no tables till the 20th":
                    # their unavailability, no wait asked for)
                    and not _UNAVAILABLE_TILL.search(s.text)
                    # ("writing it now, will finish it after tea": under way, the rest
                    # promised for later, no wait asked for)
                    and not _under_way_now(s)
                )
            )
        ),
        (
            "remind me about the van next monday",
            "bump the biometrics to monday pls",
            "can't do the post redirect til the address is confirmed, remind me next monday",
            "rego's not due till mid dec, bug me about it on the 10th",
            "cert can't be updated til the new policy starts jan 1. remind me then",
            "the will stuff can wait till after thanksgiving, the office is closed all week",
            "leave the sparky till the new year, no point with christmas coming",
            "comcast cant do anything till the new address is confirmed, push it to friday",
            "move it to next week, the shop's shut",
            "shift the vet visit to monday",
            "boiler engineer can't come out til thursday so leave that one till then",
            "parts won't be here till friday so nothing to do on it till then",
            "the quote can wait a fortnight, no rush",
            "the bank told me to ring back on the 3rd",
            "check back with me on monday about the van",
            "the agent has 10 days to reply so i'll have to chase them next week",
            "no point doing the regulator till the burner arrives so put that on the long finger "
            "till the fifth of december",
            "put the hedge on the long finger till monday, it's too wet",
            "ask me again tomorrow about signing up for the exam",
            "ask me about it again next week",
            "push the fence back a week",
            "knock the MOT back to next month",
            "put Mum's bungalow on hold till she's settled, say the 12th",
            "put the fence on ice till january",
            "don't let me forget the contract, I want to sign it on the 8th",
            "make sure I don't forget the vet on friday",
            "stick it on the back burner till monday",
            "the Hughes balance isn't due till the 1st so leave chasing it till then",
            "surgery said ring back on Thursday for a slot, can you hold that till then",
            "insurance renews on the 9th, park the switching till then",
            "no sense pricing skips before the 15th, save the skip hire till then",
        ),
        (
            "called the venue on monday, no answer",
            "the garage said it can't be fixed till friday",
            "took the car to the panel beater about the bumper, he can't fit me in till friday",
            "the roof guy can't come till january",
            "restaurant has no tables till the 20th",
            "rang the garage for the MOT, they're rammed till next week",
            "rang the photographer, she's away till the 10th",
            "emailed the agent, out of office till monday",
            "nothing free at the vets till next week",
            "i'll have to call them again",
            "rang the bank this morning, they need her ID so I'll have to have a think",
            "they told me the van is ready on friday",
            "waited a week for nothing",
            "ask me again what the exam costs",
            "the long finger of the law",
            "leave chasing it till then",
            "held the ladder for him till then",
            "cracking on with finding someone to look after Mittens while we're away, starting today",
            "found a sitter to look after the dog from monday",
            "tried to catch the plumber after work friday but he'd gone",
            "tried the garage after the school run on tuesday, they were shut",
            "we tried the council after lunch monday, queue out the door",
        ),
    ),
    Reading(
        # "most of the cousins get paid late so remind me to chase them": asked, and when is
        # asked back; never the rest read as news ("end month" is a day: dates)
        "asked to be reminded, no day",
        "snooze",
        lambda s: s.when is None and bool(_REMIND_ASKED.search(s.text)),
        (
            "most of the cousins get paid late so remind me to chase the contributions",
            "the cousins are slow payers, nudge me about the contributions",
            "remind me about the van",
            "bug me about the rego when the sticker comes, I keep forgetting",
            "dont let me forget the bin day thing",
            "make sure I don't forget the smoke alarm battery",
        ),
        (
            "remind me what's next",
            "forgot to remind him about the rego",
            "I forgot the smoke alarm battery",
            "forget the smoke alarm, the landlord does it",
        ),
    ),
    Reading(
        "sent, waiting for the answer",
        "done",
        lambda s: (
            bool(_SENT_FIRST.search(s.rest))
            and (found := _AWAITING.search(s.rest)) is not None
            and not _FAILED.search(s.rest[: found.start()] + " " + s.rest[found.end() :])
        ),
        (
            "Sent the full draft to sir yesterday night itself, now only waiting for his comments",
            "submitted the planning application, just waiting on a decision now",
            "posted the forms off, waiting to hear back",
        ),
        (
            "sent the form but it bounced, waiting for them to fix it",
            "waiting for the draft comments",
            "still haven't sent the draft, waiting for his comments on chapter 2",
            "emailed the solicitor, waiting to hear back",  # a contact, not the thing sent
        ),
    ),
    Reading(
        "tried and it did not work",
        "attempt",
        lambda s: s.past and bool(_failure(s.text)),
        (
            "sent the form but it bounced",
            "called Ramp It Up, they can't come out till january",
            "Got subs off Dennis and the Hardcastles, £45. Still nowt from Mrs Patel.",
            "collected from flats 1 to 4, still nothing from number 6",
            "rang 3 minibus firms, all booked out that weekend",
            "eish tried the massage place again, nothing open till december",
            "rang the dentist, earliest slot they can do is the 19th",
            "tried ordering the nuc from the apiary, sold out till april",
            "called the bank again, on hold for 40 mins then gave up",
            "tried the broadband people, no engineer free till the 20th",
            "I'm fed up with the dentist, they cancelled again",
            "spent 2 hrs on hold with ACRO and then got cut off. unreal.",
            "rang the garage, they've cancelled my slot",
            "rang the garage for the MOT, they're rammed till next week",
            "called the sparky, he's snowed under till the new year",
            "tried the vets, chock a block all week",
            "rang the photographer, she's away till the 10th",
            "emailed the agent re keys, out of office till monday",
            "went to the tailors but the guy was on his lunch",
            "went looking for sister adeyemi for our chat but she got pulled down to ED",
            "went by the front office for the cash box but Sharon had already left for the day",
            "I send email to my old hospital for the certificate last week but still they not reply",
            "rang the council, got through but the assessor is off sick",
            "popped round to see the foreman but he'd gone home",
            "went to the bank, closed",
            # the place closed or time ran out before the person was seen
            "took dad to the DMV for his licence, they shut before our number came up",
            "queued at the passport office all morning, the counter closed before we got seen",
            "took mum to the clinic for her jab, ran out of time and they sent us home",
            "we went to the tip but the gate was locked, no joy",
            "knocked on doors for the petition, only got 14 signatures",
            "asked the whole street for old tools but just a couple came through",
            "collected the subs, not enough to cover the hall",
            "the tiler regrouted the shower, and it's leaking again already",
            "flushed the radiators, the hall one is still cold",
            "patched the fence panel on sunday, it's come loose again",
            "rebooted the router twice, it doesn't work",
            "went to hand my notice in but my boss was off today",
            "rang the tyre place, they don't have my size",
            # a place that did not have it, the next place to try on a day: the try, its day
            # the wait
            "the garden centre didn't have the compost, will try B&Q on saturday",
            "Screwfix didn't have the fittings so I'll go to Toolstation tomorrow",
            "B&Q had none left, gonna try Wickes on sunday",
            # the one rung could not be reached (n, z145, z203, z209, z223, z228, z233)
            "called the AC mechanic 2 times, phone switched off",
            "rang the fence guy 3 times today, phone off every time",
            "went round for the keys, he not come, phone off also",
            # a thing or a door refused the person (z100, z178, z186, z208, z271)
            "tried to send the søknad last night but the portal wont let me log in",
            "drove to costco for the snacks and they wouldnt let me in",
            "tried compare the market for the insurance, wont take my licence",
        ),
        (
            "sent the form",
            "got the routing number off my dad, set it up",
            "switched my phone off for the exam, all done",
            "collected the subs, nothing owed now",
            "snapped all the pics this morning while the sun was out",
            "sizzle went off yesterday, raised $640, sold out by 1",
            "made the cake for the fete, went down a storm",
            "cancelled the gym membership",
            "stanford app is in, paid the fee and everything. 1 down",
            "got through to the pension office after 50 min on hold, they've fixed it",
            "went by the office and left the cash box with Sharon",
            "I send the email tomorrow",
            "mower's gone! young lad gave me 40 quid for it",
            "planning's gone in, got the reference number",
            "Last load went to the co-op this morning. That's the corn finished!",
            "the old sofa went to the tip today, that's the spare room cleared",
            "got his winter boots at Deichmann, he won't take them off lol",
            "the final batch of lambs went to the mart, all sold",
            "fitted the new tap, only took ten minutes",
            "the plumber came and only had to change a washer",
            "went jogging again today, first time since the op",
            "only got home at 9 but the cake is iced",
            "painted the fence again, second coat looks great",
            "the deal was off, so we sold it privately",
            "took the afternoon off, she was off too",
            "closed the old account before the fees hit, all done",
            "sent the forms off before the office closed",
            # (the person lacking it is no try)
            "I didn't have time to do the form, will do it friday",
            "we didn't have the forms so will go back monday",
        ),
    ),
    Reading(
        # a price asked and turned down, in any tense: the asking was the try ("CAL want $900
        # for feb. not paying that, will check again": z107, z206, z224; "400$ ekan, too
        # expensive, will wait for sale": z222)
        "a price turned down",
        "attempt",
        lambda s: price_turned_down(s.text),
        (
            "flights to piarco crazyyy rn, CAL want $900 for feb. not paying that, will check again",
            "freight company #1 wants $1400 to austin lol no. gonna ask a couple more",
            "anyvan quote came, £480!!! no way. will look for someone cheaper",
            "the loitoktok guy says 4k per crate. I told him no way, still looking",
            "ticket moskva-tashkent 400$, too expensive, will wait for sale",
        ),
        (
            "coach booked! £480 which is daylight robbery but whatever",
            "paid the council their £180, way too much",
            "mechanic wants $900 for the AC 🤡 nah. im gonna order the compressor on rockauto",
            "eish printing the menu board is ksh 4500 😳 no way. skip that one",
            "flights are $900, no way I'm flying",
            "the venue is too small for 80 people",
        ),
    ),
    Reading(
        # the thing fights back as it is done ("rclone keeps timing out … will retry
        # saturday", "kubeadm init blew up. cgroup driver mismatch", "the importer is
        # fighting me, 2 hours in"): a try that did not work, whatever day comes after it
        "going wrong as it is tried",
        "attempt",
        lambda s: (
            (found := _TROUBLE.search(s.text)) is not None
            and not _NEGATED.search(s.text[max(0, found.start() - 24) : found.start()])
            and not _IN_THE_END.search(s.text)
            # ("working on the flyers rn, canva is fighting me": under way, trouble or not)
            and not _under_way_now(s)
        ),
        (
            "rclone keeps timing out halfway through the upload. will retry saturday",
            "kubeadm init blew up. cgroup driver mismatch. tomorrow problem",
            "CSV importer is fighting me. 2 hours in, not done",
            "the upload keeps failing at 80%, gonna try tomorrow",
            "the portal keeps logging me out before I can submit",
        ),
        (
            "kept the receipts for the tax return",
            "the upload went through in the end after timing out twice",
            "the server never crashed once, migration done",
            "he keeps asking about the party",
            "working on the flyers rn, canva is fighting me",
        ),
    ),
    Reading(
        "one's own plan for a day",
        "snooze",
        # ("writing it now, will finish it tonight": under way, not a plan for later)
        lambda s: s.when is not None and _own_plan(s.rest) and not _under_way_now(s),
        (
            "puppy classes - I'll look at those tonight",
            "will book the market pitch friday",
            "card gets topped up on the 30th so I'll pay the visa fee then",
            "wages land friday, so I'll order the tyres then",
        ),
        (
            "booked the market pitch for friday",
            "called them friday, will try again",
            "ordered the tyres on monday and I'll fit them myself",
        ),
    ),
    Reading(
        "under way right now",
        "start",
        _under_way_now,
        (
            "starting the broadband switch now, on hold with virgin as we speak",
            "gettin the front tyres swapped now, wheels are off",
            "sorting the loft now, half the boxes are already down",
            "the electrician is here wiring the shed up as we speak",
            "doin the tax return atm, stuck on the pensions page",
            "writing the thank you cards at the moment, 12 done so far",
            "about halfway through the claim form",
            "painting the hall now, first wall's finished",
            "heading to the post office now to send the signed form",
            "cracking on with the vat registration now",
            "ringing the council now about the rebate, wish me luck",
            "tiers are in the oven as we speak",
            "painting the fence right now, one coat on",
            "packing the kitchen rn, send snacks",
            "in the gym now putting the tables out, custodian is helping",
            "doing the daycare forms now",
            "at the tip now offloading the old sofa",
            "ok now painting the second coat",
            "getting stuck into the weeding now the rain's stopped",
            "six names on the rota so far",
            "started the tiling now, it's looking great",
        ),
        (
            "gonna be filling the forms now",
            "the new tap is working now, no drips",
            "my back is killing me now",
            "not doing the tax return now, too tired",
            "nothing booked so far",
            "no luck so far with the roofers",
            "rang the bank now they're closed",
            "we've been waiting on hold now for an hour",
            "tried to list it last night but the site kept logging me out halfway through",
            "finished painting the hall now, looks great",
            "done sorting the loft now thank god",
            "stopped ringing round now, nobody has any",
            # a thing working well now, not the person at it
            "new battery's in, she's ticking over lovely now",
            "gate's back on, it's swinging lovely now",
            "mower's sorted, it's running like a dream now",
        ),
    ),
    Reading(
        "blocked",
        "block",
        lambda s: bool(_BLOCK.search(_CIRCUMSTANCE.sub(" ", s.rest))),
        (
            "stuck on the tax form",
            "the survey is on hold",
            "we're stuck waiting on the council",
            "got stuck in the mud with the trailer",
            "still stuck in the middle of the tax form",
        ),
        (
            "cv's updated finally, stuck the bar job on it",
            "stuck a first class stamp on the form",
            "spent 50 min on hold to the council, they've sorted it",
            "started the tax form",
            "doing the video ident right now, stuck in the queue behind 14 people",
            "on my way to the tip, stuck in traffic",
            "got stuck into the balustrade this morning",
            "got stuck in with the tiling after lunch",
        ),
    ),
    Reading(
        "some of a count done",
        "start",
        lambda s: _part_of_count(s.text) and not _failure(s.text),
        (
            "storm windows going in today got 3 of 8 up before i gotta sleep",
            "painted 2 out of the 5 bedrooms this weekend",
            "wrote four of the ten thank you cards",
            "hung four of the ten pictures in the hall",
            "first coat's on the fence, second one tomorrow",
            "got the first batch of jars done tonight",
            "first load of logs is in the shed",
            "did the first module on the train",
        ),
        (
            "all 8 of 8 windows in",
            "got 8 of 8 up, done",
            "step 3 of 5 done",
            "pipes are all in for the first fix",
            "finished the first draft",
        ),
    ),
    Reading(
        "arrived or granted",
        "done",
        lambda s: (
            not _failure(s.text)
            # "arrived but they're blurry" (a "but" said later is an aside: "suit's a bit
            # big but whatever")
            and not re.search(r"\bbut\b", re.split(r"[.!?]+\s", s.text, maxsplit=1)[0], re.I)
            and (
                any(
                    (found := p.search(s.text)) is not None
                    and _NEGATED.search(s.text[max(0, found.start() - 24) : found.start()]) is None
                    for p in (_ARRIVED, _GRANTED)
                )
                # brought by someone else: "Vernon finally drop off di money lass nite"
                or bool(call_offs.delivered(s.text))
                # learners' English: "stools reach already from the market" (``_reached``)
                or _reached(s.text)
            )
        ),
        (
            "B1 zertifikat arrived in the post today 🎉🎉",
            "the new passport came in the post",
            "HEALTH PERMIT APPROVED LETS GOOOO",
            "home check went fine!! the lady said our garden's perfect",
            "trust came back, we've got the go ahead for the 12th",
            "boots finally turned up",
            "probate's finally come through",
            "hive and suit arrived this morning!! suit's a bit big but whatever",
            "ETHICS CAME THROUGH 🎉🎉 approved with no changes!!",
            "UPI QR working now, tested with 1 rupee",
            "the new boiler's up and running",
            "card reader works fine now",
            "3 phase is all good 👍",
            "the visa went through this morning",
            "police check came thru today 👍",
            "the deposit came through",
            "omg the etsy store is LIVE",
            "MOT passed!!",
            "car passed, no advisories",
            "Jo came back with a glowing reference",
            "the hospital got back to me with a date for the op",
            "interview went really well, they offered me the job",
            "ok so the FHSA money is officially sitting in my chequing account now yay",
            # brought by someone else, said with "drop" (z219, z220; z144, z193)
            "Vernon finally drop off di money lass nite praise God 🙌",
            "Benny's truck just drop di zinc by mi gate 👍",
            "Deacon Mensah dropped the booklets at church",
            # a bare "reach" after the thing, its clause ending with it (z209, z215, z229)
            "stools reach already from thiri mingalar market, 20 pieces red colour",
            "the truck from kampala reach this morning, all boxes is in the shop now",
        ),
        (
            "the parcel still hasn't arrived",
            "so drop the tickets",
            "we dropped the caterer idea, the aunties will cook",
            "the call dropped after 40 min on hold",
            "the permit was never approved",
            "hostel got back to me, they can do 14 beds at £38pp",
            "the parcel arrives friday",
            "photos came in the post, wrong size though",
            "the photos arrived but they're blurry",
            "the card reader isn't working now",
            "went through the paperwork with mum",
            "is it all good to go?",
            "the call came through from an unknown number",
            "nan passed away last night",
            "the band is live at the pub tonight",
            "passed the salt",
            "Jo came back from holiday",
            "the lorry should reach",
            "2 hours on the 610 just to reach the hospital",
            "i have started packing the old bales, reach half way",
            "tailor no finish, e say di material never reach from Dakar",
        ),
        got=True,
    ),
    Reading(
        "handed over",
        "done",
        lambda s: bool(_HANDED.search(s.text)),
        (
            "CPA has all my receipts now 🙌",
            "landlord has our 60 day notice, jen signed it and emailed it over",
            "patels have the quote, emailed it thru last night",
            "declan has all the receipts now",
            "the solicitor has the signed forms now",
        ),
        (
            "I have all the receipts now",
            "declan has to see the receipts now",
            "declan has all the receipts",
            "the seamstress has my dress till friday, nothing I can do till then",
            "declan has the receipts, says he'll look at them next week",
        ),
    ),
    Reading(
        "heard back",
        "attempt",
        lambda s: bool(_HEARD_BACK.search(s.rest)) and not re.match(r"\s*(?:i|we)\b", s.rest, re.I),
        (
            "hostel got back to me, they can do 14 beds at £38pp",
            "council inspector came round, says the sink has to be hands free",
            "the surveyor came out, reckons the wall needs underpinning",
        ),
        (
            "I emailed back the form",
            "the plumber came round and fixed the leak",
            "did the first aid course. 3 hrs i wont get back but its done",
        ),
    ),
    Reading(
        "part done, more to come",
        "attempt",
        lambda s: bool(_failure(s.text)) and (bool(_START.search(s.text)) or s.when is not None),
        ("half way through the form, will try again",),
        ("started the form",),
    ),
    Reading(
        "tried and it worked",
        "done",
        lambda s: (
            bool(_TRIED.search(s.rest))
            and bool(_CLAUSES.search(s.rest))
            and bool(_SUCCESS.search(s.rest))
            and not _THEY_ARE_BOOKED.search(s.rest)
        ),
        ("spoke to the solicitor, all sorted", "rang the DJ, he's booked for the 12th"),
        (
            "spoke to the solicitor, she'll call back",
            "rang the photographer from the fair, she's already booked that day",
            "called the DJ, he's booked on that date already",
            "emailed the band, they're fully booked",
            "texted the florist, she's booked with another wedding",
        ),
    ),
    Reading(
        "tried, with what came of it",
        "attempt",
        lambda s: (
            bool(_TRIED.search(s.rest))
            and bool(_CLAUSES.search(_hope_off(s.rest)))
            and not _CHECKED_AFTER_ITS_THING.match(s.rest)
        ),
        (
            "popped into lloyds to open the account, they want 2 forms of ID",
            "rang the surgery about the referral, fingers crossed",
            "had a go at dog proofing the garden, still a hole behind the shed",
            "went into Millennium bank, they won't open anything without proof of address",
            "popped round the neighbours about the fence, they're fine with it",
        ),
        (
            "spoke to the solicitor, all sorted",
            "hallmark certs checked, sab legit hai",
            "tyre pressures checked, all fine",
            "the figures checked and signed, over to you",
            "finally!! cover letter is drafted, 600 words",
            "emailed the shop re the warranty, fingers crossed 🤞",
            "messaged the vet about her jabs, hopefully she's free",
        ),
    ),
    Reading(
        "started",
        "start",
        lambda s: _started(s),
        (
            "started on the invites",
            "omw to show the room to some guy rn",
            "on the raffle prizes today, going round the shops",
            "made a start on the bellows, first gusset glued",
            "cracked on with the hallway this morning",
            "going through the lease now, heaps of fine print",
            "been chipping away at the CV all week",
            "spent the morning on the hallway",
            "first coat on the hallway",
            "got stuck into the balustrade this morning",
            "got stuck in with the tiling after lunch",
            "gets stuck into the essay tonight",
        ),
        (
            "booked the van",
            "nothing on till friday",
            "the morning was a write-off",
            "not booking the van now",
            "not filling in the form now, too tired",
            "the caterer is being so slow, getting worried now",
            "feeling rough now, the form can wait",
            "gonna start on the hallway after lunch",
            "need to get going on the CV",
            "I should really crack on with the wardrobe",
            "now waiting for the council to reply",
            "going to do the lease now",
            "spent the morning in bed",
            "spent 2 hours on the phone to the garage about the MOT, no joy",
            "first coat of the season",
            "now thinking the blue tiles were a mistake",
            "the neighbour is doing it",
            "dad's doing the fence",
        ),
    ),
    Reading(
        "in its place",
        "done",
        lambda s: (
            (found := _PLACED.search(s.rest)) is not None
            and not _NEGATED.search(s.rest[max(0, found.start() - 24) : found.start()])
            and not _failure(s.text)
            and _DONE.search(s.rest) is None
        ),
        (
            "tyres are on, cost me a bloody fortune",
            "the winter tires are on the Carola as of this morning",
            "the fence is up, looks class",
            "fence finally up",
        ),
        (
            "the fence isn't up yet",
            "the tyres are on order",
            "the price is up to £400",
            "we're up early tomorrow",
            "the fence is up for sale",
            "plumber's on it",
            "they're on it, should be done friday",
            "the agent's on holiday",
        ),
    ),
    Reading(
        # "Had my mammogram today, all fine they think": an event had, with its day or how it
        # went (done only for a step the words fully name that is an event)
        "had it",
        "done",
        lambda s: (
            _HAD.search(s.text) is not None
            and (
                (s.when is not None and not s.ahead)
                or bool(_WENT_WELL.search(s.text) or _ALL_FINE.search(s.text))
            )
            and not _failure(s.text)
        ),
        (
            "Had my mammogram today, all fine they think 🙏",
            "had the flu jab this morning",
            "had my eye test, all clear",
        ),
        (
            "had my doubts about the quote",
            "had a look at the boiler today, no idea",
            "having my mammogram tomorrow",
            "I had the form but lost it",
        ),
    ),
    Reading(
        # learners' English: the thing, then a bare "finish" or "settle" ending its clause,
        # or its step's verb bare before "already" (``thing_news``: z71, z179, z187, z194,
        # z228, z229)
        "complete, in learners' English",
        "done",
        lambda s: any(
            n.verb in ("finish", "settle") or n.shape == "bare" for n in thing_news(s.text)
        ),
        (
            "room 3 paint finish, light blue, look very nice now",
            "plastic on all the windows finish, house much warmer already",
            "katakana finish! now I can read the menu",
            "lorry settle already bro, uncle raju lorry saturday 10am",
            "ah boy shoes settle, bata got sale rm39 only",
        ),
        (
            "need to finish the plastic on the windows",
            "gonna finish the painting later",
            "room 3 paint almost finish",
            "only half finish",
            "room 3 paint not finish yet",
            "she said gas finish, no cooking today",
            "wait until her exam finish",
            "print shop finish the sign already",
            "lorry settle already?",
        ),
    ),
    Reading(
        "done",
        "done",
        lambda s: not _negated_done(s),
        (
            "got the photos",
            "the van is booked",
            "speech is in the bag",
            "the deposit's paid",
            "student account's open now, card's coming in the post",
            "new machine is in and working, took the man 20 mins",
            "uhaul reserved for the 12th",
            "the statement has been proofread twice",
            "stringers all cut mate, both sides",
            "beds all dug over the weekend",
            "shelves all put up finally",
            "order went in this morning, should be here thurs",
            "Good news!! I have pass the OET, B in all four parts",
            "we have submit the visa form yesterday",
            "I have finish the course",
            "the application's gone in",
        ),
        (
            "caravans not getting sold",
            "got a sec?",
            "contractor wont be free till the ground is cleared",
            "can't move in until the deposit is paid",
            "dad is in hospital again",
            "the shop is in town",
            "the van goes nowhere unless the MOT is booked",
            "the wheelchair will be delivered on the 14th",
            "should get the MOT done this week",
            "need to get the CV sorted",
            "I'll have the wardrobe finished by sunday",
            "the letter should be sent by friday",
            "the form has to be signed by both of us",
            "all cut up about it",
            "went through the card payments with Sam",
            "I went in this morning",
            "I have to pass the OET first",
            "I have passport photos",
            "ward manager is off long term sick",
            "the assessor is off sick this week",
            "the surveyor's out till monday",
        ),
    ),
    Reading(
        "asked to wait, no day",
        "snooze",
        lambda s: (
            bool(_SNOOZE.search(s.rest))
            and bool(re.search(r"\b(?:remind|snooze|postpone|later)\b", s.rest, re.I))
        ),
        ("snooze the passport photos", "leave the van for later"),
        ("the van is booked",),
    ),
    Reading(
        "tried",
        "attempt",
        lambda s: bool(_TRIED.search(s.rest)) and not _CHECKED_AFTER_ITS_THING.match(s.rest),
        ("chased the council", "looked into the grants"),
        ("got the photos", "tyre pressures checked"),
    ),
    Reading(
        "a failure, its step unclear",
        "attempt",
        lambda s: bool(_failure(s.text)),
        ("the van company didnt pick up",),
        ("got the photos",),
        weak=True,
    ),
    Reading(
        "a past tense",
        "done",
        lambda s: _past_in_first_clause(s.rest),
        ("tidied the shed", "varnished both doors, looking good", "bathed the dog"),
        (
            "i'm at the shop",
            "13 hr shift, 2 admissions and a fall, I'm wrecked",
            "long day, totally exhausted",
            "should get the wardrobe sorted tonight",
            "need to get the shed tidied",
        ),
        weak=True,
    ),
)


_TIME_ONLY = re.compile(
    r"\s*(?:at|by|around|about|from|before|after|@)?\s*(?:[0-9]{1,2}(?:[:.][0-9]{2})?\s*"
    r"(?:am|pm|a\.m\.|p\.m\.|h|ish)?|noon|midday|midnight)\s*",
    re.I,
)


# Asked to be told again on a day, in any words ("ask me sunday", "tell me monday"): a clause
# that asks, beside those that ask for a wait
_ASK_ME = re.compile(r"\b(?:ask|remind|tell|ping|nudge|bug|text|message)\s+(?:me|us)\b", re.I)
# Asked for a wait in words that ask for no more than the day: the first day a thing may be
# done ("the package not before 10 december, the microbuz leaves on the 12th anyway" waits
# till the 10th), or the thing brought up again ("bring the cert fee up again tomorrow after
# my shift, cant deal with it tonight" asks for tomorrow). A day in the reason after it is
# the reason's.
_NOT_BEFORE = re.compile(
    r"\bnot\s+before\b|\bbring\s+(?:it|that|this|them|(?:the\s+)?[\w' -]{1,30}?)\s+up\s+again\b",
    re.I,
)


def _last_asked_day(
    text: str, now: datetime, timezone: str
) -> tuple[re.Match[str] | None, dates.When | None]:
    """The last clause that asks for a wait and names a day, with that day: "park the 10k
    til the weekend, ask me sunday" asks for sunday (asking twice, the later ask is the
    closer one)."""
    if _ASKED_TO_WAIT.search(text) is None and _NOT_BEFORE.search(text) is None:
        return None, None
    asks = sorted(
        [*_ASKED_TO_WAIT.finditer(text), *_ASK_ME.finditer(text), *_NOT_BEFORE.finditer(text)],
        key=lambda m: m.start(),
    )
    for asked in reversed(asks):
        # (a question or an exclamation ends the clause too: "Could you remind me about the
        # boat trip on Friday? … ask if the tour still runs in December" asks for Friday)
        clause = re.split(r"[,;.—]|[?!]+(?=\s)", text[asked.start() :], maxsplit=1)[0]
        own = dates.find_when(clause, now, timezone)
        first = _said_first(clause, now, timezone)
        if first is not None:
            # "remind me tomorrow about the volunteers for saturday": the day said right after
            # the ask is the day asked for; a day later in the clause is the thing's own
            own = first
        aside = _ASIDE_IN_CLAUSE.search(clause)
        if own is not None and aside is not None:
            # "remind me on the first it's not due till end of december", "remind me saturday
            # because sunday is mum's birthday": a day said in the reason or in someone else's
            # deadline after the ask is not the day asked for
            asked_part = dates.find_when(clause[: aside.start()], now, timezone)
            own = asked_part if asked_part is not None else own
        if own is not None:
            corrected = _corrected_day(text[asked.start() + len(clause) :], now, timezone)
            if corrected is not None:
                return asked, corrected
            glossed = _glossed_day(
                text[asked.start() + len(clause) :],
                own,
                clause[own.start : own.end],
                now,
                timezone,
            )
            if glossed is not None:
                # the clause's day is vaguer than the one the person names after it
                return asked, dates.When(
                    glossed.moment,
                    glossed.has_time,
                    glossed.start + len(clause),
                    glossed.end + len(clause),
                )
            # a day number glossing the day asked for past the clause's comma ("leave it till
            # after christmas would you, the 28th say"): the date reader reads both as one
            wider = dates.find_when(text[asked.start() :], now, timezone)
            if wider is not None and wider.start == own.start and wider.end > own.end:
                own = wider
            day = _day_of_the_week_asked(text, asked.start(), clause, own, now, timezone)
            return asked, day
    return asks[0], None


# The day said between the words that ask and the thing asked about: "remind me tomorrow
# about …", "ping me tonight around 9 to …", "nudge me sat re the amp"
_DAY_FIRST = re.compile(
    r"(?:ask|remind|tell|ping|nudge|bug|text|message)\s+(?:me|us)\s+"
    r"(?P<when>(?!(?:to|about|abt|re|that|again)\b)[^,;:]+?)\s+(?:to|about|abt|re)\s+\S",
    re.I,
)


def _said_first(clause: str, now: datetime, timezone: str) -> dates.When | None:
    """The day said first in "remind me <day> about <thing>", all of the words between the
    ask and the thing, in the clause's places; None for any other shape (a day said after
    the thing stays the last one said: "remind me about the cake for friday tomorrow")."""
    found = _DAY_FIRST.match(clause)
    if found is None:
        return None
    said = found["when"]
    day = dates.find_when(said, now, timezone)
    if day is None or said[: day.start].strip() or said[day.end :].strip():
        return None  # words that are no day ("remind me later today about" reads its own)
    at = found.start("when")
    return dates.When(day.moment, day.has_time, day.start + at, day.end + at)


# What starts a reason or someone else's deadline inside the clause that asks
_ASIDE_IN_CLAUSE = re.compile(
    r"\s(?:because|cos|coz|cuz|since|as\s+(?=(?:it|its|it's|the|i|we|she|he|they)\b)|"
    r"it'?s|its|it\s+is|which|the\s+deadline|it\s+(?:runs|expires|ends))\b",
    re.I,
)
# A day asked for, then taken back for another said at once: "remind me tomorrow. actually no,
# thursday", "friday, no wait, make it monday". A lone "no," or "actually" is enough here, as
# a day follows it at once; a list's item taken back by the next sentence needs more
# (plan_prose._TAKEN_BACK)
_CORRECTION = re.compile(
    r"^[\s,.;!—-]*(?:(?:actually|no|nah|nope|wait|sorry|oh|hmm|i\s+mean|make\s+(?:that|it)|"
    r"or\s+rather|scratch\s+that)\b[\s,.;!—-]*)+",
    re.I,
)


def _corrected_day(after: str, now: datetime, timezone: str) -> dates.When | None:
    """The day said at once after words taking the asked day back, or None."""
    taken_back = _CORRECTION.match(after)
    if taken_back is None or not re.search(r"[a-z]", taken_back[0], re.I):
        return None
    rest = after[taken_back.end() :]
    said = dates.find_when(re.split(r"[,;.—]", rest, maxsplit=1)[0], now, timezone)
    return said if said is not None and said.start == 0 else None


# A day said past the asking clause's comma as what its vaguer day means: "remind me about
# the days off after thanksgiving, like monday", "leave it till after this rain, say friday",
# "push it to next week, so tuesday". Only a word that glosses ("like", "say", "so", "i mean",
# "that's"), then a day and nothing more in its clause.
_GLOSS = re.compile(
    r"^\s*[,;\u2014\u2013-]+\s*(?:(?:like|say|lets\s+say|let'?s\s+say|so|i\s+mean|ie|i\.e\.|"
    r"that'?s|thats|that\s+is|which\s+is|ideally|preferably)\b[\s,]*)+"
    r"(?P<day>[^,;.!?\u2014]+?)\s*(?:$|[,;.!?\u2014])",
    re.I,
)
# A day asked as the first of the days after it ("after thanksgiving", "till after the weekend")
_FROM_THEN_ON = re.compile(r"^(?:(?:till|until|til|to)\s+)?after\b", re.I)
# What may stand beside the gloss's day in its clause
_GLOSS_FILLER = re.compile(r"(?:\s|\b(?:on|the|pls|please|maybe|or\s+so|ish|then)\b)*", re.I)


def _glossed_day(
    after: str, own: dates.When, own_said: str, now: datetime, timezone: str
) -> dates.When | None:
    """The day said as the gloss of the asked day ``own`` (said as ``own_said``) at once
    after its clause, in ``after``'s places: a day with no time, after the asked day and at
    most a week after it (a weekday before it, "in 2 weeks, say monday", is no gloss of it),
    a weekday after a week asked that weekday of it; None otherwise."""
    found = _GLOSS.match(after)
    if found is None:
        return None
    day = found["day"]
    said = dates.find_when(day, now, timezone)
    if said is None or said.has_time:
        return None
    if not _GLOSS_FILLER.fullmatch(day[: said.start] + " " + day[said.end :]):
        return None
    weekday = re.fullmatch(r"(?:on\s+)?(\w+)", day[said.start : said.end].lower())
    if (
        (_A_WEEK.search(own_said) or _FROM_THEN_ON.match(own_said))
        and weekday is not None
        and weekday[1] in dates.WEEKDAYS
    ):
        # "next week, so wednesday", "after the weekend, like tuesday": that weekday of the
        # days from the one asked on, not its next from today
        first = own.moment
        meant = first + timedelta(days=(dates.WEEKDAYS.index(weekday[1]) - first.weekday()) % 7)
        said = dates.When(meant, False, said.start, said.end)
    gap = (said.moment.date() - own.moment.date()).days
    if not 0 < gap <= 7:
        return None
    at = found.start("day")
    return dates.When(said.moment, False, said.start + at, said.end + at)


# Declared (tests/test_readings.py runs them, "now" Tuesday 24 November 2026): the day asked
# for, past a reason or someone else's deadline said after it, and a day taken back
ASKED_DAY_EXAMPLES: tuple[tuple[str, date], ...] = (
    ("remind me about the coffee thing tomorrow. actually no, thursday", date(2026, 11, 26)),
    ("remind me friday, no wait, make it monday", date(2026, 11, 30)),
    (
        "can you remind me to do the registration on the first it's not due till end of december",
        date(2026, 12, 1),
    ),
    ("remind me saturday because sunday is my mums birthday", date(2026, 11, 28)),
    (
        "Could you remind me about the fence on Friday? I can ask if the guy is free in December.",
        date(2026, 11, 27),
    ),
    ("remind me about the vet monday!! the clinic reopens in january", date(2026, 11, 30)),
    ("can u bump the dentist to thursday? they're shut till the 3rd anyway", date(2026, 11, 26)),
    # the day said before the thing, not a day of the thing's own said after it
    ("remind me tomorrow about the volunteers for saturday pls", date(2026, 11, 25)),
    ("ping me on monday about the cake for friday", date(2026, 11, 30)),
    ("nudge me thursday to book the table for the 12th", date(2026, 11, 26)),
    # the first day it may be done, not a day in the reason after it
    ("the package not before 10 december, the bus leaves on the 12th anyway", date(2026, 12, 10)),
    ("revision book not before dec 1st, broke until payday on the 3rd", date(2026, 12, 1)),
    ("bring the cert fee up again tomorrow, cant deal with it tonight", date(2026, 11, 25)),
    # the vaguer day glossed by the one said after it (z273; z33, z230 said it with "say",
    # "like" after a put-off)
    (
        "remind me about the days off after thanksgiving, like monday. my manager is off til then",
        date(2026, 11, 30),
    ),
    ("remind me about the hall after the weekend, say tuesday", date(2026, 12, 1)),
    ("nudge me about the boiler next week, so wednesday", date(2026, 12, 2)),
    ("park the strainers till after thanksgiving, i mean saturday", date(2026, 11, 28)),
    # (said on a Tuesday: the Wednesday after the weekend, not tomorrow)
    ("remind me about the hall after the weekend, like wednesday", date(2026, 12, 2)),
)
ASKED_DAY_NEAR_MISSES: tuple[tuple[str, date], ...] = (
    ("remind me thursday, no rush", date(2026, 11, 26)),  # "no" takes nothing back
    ("remind me on friday, the day it's due", date(2026, 11, 27)),
    # a day said after the thing is still the last one said
    ("remind me about the cake for friday tomorrow", date(2026, 11, 25)),
    # no gloss: a day before the one asked, a day with more said in its clause, no word that
    # glosses
    ("remind me about the van in 2 weeks, say monday", date(2026, 12, 8)),
    ("remind me about the hall after the weekend, like monday is bad", date(2026, 11, 30)),
    ("remind me about the hall after thanksgiving, monday she's back", date(2026, 11, 27)),
)


# A whole week asked for ("to next week"), not a day of it ("the end of the week")
_A_WEEK = re.compile(r"^(?:\w+\s+)?(?:next|this|coming|following)\s+week$|week\s+after", re.I)
# What may stand beside a day said alone after the clause that asks: "… to next week pls. tuesday"
_ALONE_WITH = re.compile(
    r"(?:\s|[,;.—!?]|pls|please|ideally|maybe|probably|prob|thx|thanks)*", re.I
)


def _day_of_the_week_asked(
    text: str, start: int, clause: str, own: dates.When, now: datetime, timezone: str
) -> dates.When:
    """The week the asking clause names, or a day of it said alone after the clause: "push the
    medical to next week pls. tuesday" asks for that Tuesday; a day with other words after
    it ("…, the clinic is shut tuesday") is said about something else."""
    if not _A_WEEK.search(clause[own.start : own.end]):
        return own
    end = start + len(clause)
    after = dates.find_when(text[end:], now, timezone)
    if after is None:
        return own
    said_alone = _ALONE_WITH.fullmatch(text[end : end + after.start] + text[end + after.end :])
    day = re.fullmatch(r"(?:on\s+)?(\w+)", text[end + after.start : end + after.end].lower())
    if not said_alone or day is None or day[1] not in dates.WEEKDAYS:
        return own
    # that weekday of the week asked for ("next week … tuesday" said on a Monday is not
    # tomorrow)
    first = own.moment
    meant = first + timedelta(days=(dates.WEEKDAYS.index(day[1]) - first.weekday()) % 7)
    return dates.When(meant, False, own.start, own.end)


def said_of(text: str, now: datetime, timezone: str) -> Said:
    when = dates.find_when(text, now, timezone)
    asked, own = _last_asked_day(text, now, timezone) if when is not None else (None, None)
    if asked is not None:
        # "remind me about the tires friday, payday's thursday": the day asked for is the
        # one in the clause that asks, not the last one said
        after = dates.find_when(text[asked.start() :], now, timezone)
        if (
            own is not None
            and not own.has_time
            and after is not None
            and after.has_time
            and after.moment.date() == own.moment.date()
        ):
            # "nudge me about the post later today, around 5ish": the time said next is
            # that day's
            own = dates.When(after.moment, True, own.start, after.end)
        if own is not None:
            when = dates.When(
                own.moment, own.has_time, own.start + asked.start(), own.end + asked.start()
            )
        elif when is not None and when.start > asked.start():
            # "visa lodge garne kura monday ma remind me, weekend ma shift cha": the ask names
            # no day of its own, the clause it ends names one; a day in a clause after the ask
            # is its reason's (``DAY_BEFORE_THE_ASK_EXAMPLES``)
            when = _day_before_the_ask(text, asked.start(), now, timezone) or when
    rest = (text[: when.start] + " " + text[when.end :]).strip() if when else text
    return Said(text, rest, when, now)


def _day_before_the_ask(text: str, at: int, now: datetime, timezone: str) -> dates.When | None:
    """The day said in the clause that ends with the ask at ``at``, in the whole text's
    places; None when that clause names none."""
    start = max((m.end() for m in re.finditer(r"[,;.—!?]", text[:at])), default=0)
    own = dates.find_when(text[start:at], now, timezone)
    if own is None:
        return None
    return dates.When(own.moment, own.has_time, own.start + start, own.end + start)


# Declared (tests/test_readings.py runs them): (message, the day asked for, as "%a") — the ask
# names no day, the clause it ends names one and a later clause another
DAY_BEFORE_THE_ASK_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("visa lodge garne kura monday ma remind me, weekend ma shift cha", "Mon"),
    ("the pledge forms friday remind me, the office is shut till the weekend", "Fri"),
)
# … and none said before it: the day after it is read as before
DAY_BEFORE_THE_ASK_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    ("remind me about the pledge forms, friday", "Fri"),
    ("the pledge forms, remind me. friday works", "Fri"),
)


# A verb of saying or doing in the past, right before the day: what was said or done then
_TOLD_THEN = re.compile(
    r"\b(?:said|told|promised|swore|claimed|insisted|agreed|wrote|texted|emailed|replied|did|"
    r"was|were|happened|paid|sent)(?:\s+(?:it|that|this|so|me|us|him|her|them|the\s+same))?"
    r"(?:\s+(?:back|way\s+back|already|too|as\s+well))?\s*$",
    re.I,
)
# A month or a weekday named alone, after "in" or "on" ("in October", "on monday"), not
# a count of days to come ("in two weeks") nor a date with its day ("on the 10th")
_DAY_NAMED_ALONE = re.compile(
    rf"^(?:in|on|back\s+in|last)\s+(?:{'|'.join((*dates.MONTHS, *dates.WEEKDAYS))})$",
    re.I,
)


def _told_back_then(text: str, when: dates.When) -> bool:
    """The day names when something was said or done, said right after its past verb."""
    return bool(
        _DAY_NAMED_ALONE.match(text[when.start : when.end].strip())
        and _TOLD_THEN.search(text[: when.start])
    )


# Declared (tests/test_readings.py runs them): a day gone by, when the words were said or the
# thing done, is never the statement's day; a day to come said by someone is
TOLD_BACK_THEN_EXAMPLES: tuple[str, ...] = (
    "Tunde says he'll pay his share at month end, same as he said in March",
    "the landlord promised the deposit back, he promised in September too",
    "the builder says the quote is coming, exactly what he told us on monday",
    "chased the school for the form, they said it was sent in October",
)
TOLD_BACK_THEN_NEAR_MISSES: tuple[str, ...] = (
    "the garage says the part arrives friday",
    "rang the vet, they'll call back on monday with the results",
    "council said decision in january",
    "she said she'll pay in December",
)


def reading_of(said: Said) -> Reading | None:
    """The first declared reading that applies, or None when none does."""
    return next((r for r in READINGS if r.applies(said)), None)


def read_statement(text: str, now: datetime, timezone: str) -> Statement | None:
    """The change a sentence asks for, or None when it asks for none we know."""
    said = said_of(text, now, timezone)
    reading = reading_of(said)
    if reading is None or reading.kind is None:
        return None
    kind, rest, when = reading.kind, said.rest, said.when
    if when is not None and _told_back_then(text, when):
        # "same thing she said in October", "he promised on monday": the day the words were
        # said or the thing done is gone by, never a day to wait to (the date reader, given
        # a month or a weekday alone, reads the next one to come)
        when = None
    if kind == "attempt" and when is not None and _TIME_ONLY.fullmatch(text[when.start : when.end]):
        # "called AHPRA again by 2am my time", "tried the site at 7:59": in a report a time
        # of day with no day is when it happened, never a day to come back to the step
        when = None
    if (
        kind == "attempt"
        and when is not None
        and re.match(
            r"\s*for\s+(?!\S+\s+(?:days?|weeks?|months?)\b)", text[when.start : when.end], re.I
        )
    ):
        # "rang the club about the pitch, will try again for sunday": the day is what was
        # asked for, never a day to come back to the step
        when = None
    if reading.whole:
        return Statement(
            kind,
            _words(rest),
            None,
            _outcome(text, kind),
            when,
            _words(rest),
            theirs=reading.name == "someone else's word on when",
            said=text,
        )
    arrived = went = False
    if reading.name == "had it":
        went = True  # "had my mammogram today": done only for the event the words name
    if reading.got:
        went = bool(_WENT_WELL.search(text)) and not _GRANTED_FOR.search(text)
        # "tax ID letter came in the post today": the thing is the step, the news is not
        # (the whole text: "came today" loses its day in the rest)
        arrived = (
            (
                bool(_ARRIVED.search(text))
                and not _GRANTED.search(text)
                # "Medicare's all squared away, card came in the mail": done said outright
                and not _DONE.search(_ARRIVED.sub(" ", text))
            )
            or bool(call_offs.delivered(text))
            or _reached(text)
        )
        rest = _GRANTED.sub(" ", _ARRIVED.sub(" ", rest))
        if _reached(text):
            rest = re.sub(r"\breach\b", " ", rest, flags=re.I)
        if call_offs.delivered(text):
            # the verb of a thing brought names no step: "drop off di money" is no "Drop
            # receipt at the school"
            rest = re.sub(
                r"\b(?:dropped|drop|dropt|drops)(?:\s+(?:off|aff|round|over|by))?\b",
                " ",
                rest,
                flags=re.I,
            )
        rest = re.sub(r"\b(?:came|come|got|get)\s+back\b", " ", rest, flags=re.I)
    skipped = _SKIPPED_THING.search(rest) if kind == "skip" else None
    unneeded = _NOTHING_NEEDED.search(rest) if kind == "skip" else None
    # the thing is called off by the words that made this a skip ("… to take home with me"
    # after "I dont need to borrow the seat" calls off no home)
    skip_said = _SKIP.search(rest) if kind == "skip" else None
    said_rest = rest
    if (
        skipped is not None
        and skip_said is not None
        and skipped["verb"].lower() in _PUTTING_VERBS
        and not (skipped.start() < skip_said.end() and skip_said.start() < skipped.end())
    ):
        # "the translation's not needed anymore, they take the english one": a verb of
        # taking skips only where the skip is said ("take it off the list", "strike … off"),
        # never a thing taken elsewhere in the message
        skipped = None
    called = skip_said is not None and any(
        found is not None and found.start() < skip_said.end() and skip_said.start() < found.end()
        for found in (skipped, unneeded)
    )
    # "the notary thing not needed anymore, embassy said translation with the stamp is
    # enough": the thing called off is the subject of "not needed", said before it
    subject = (
        _needed_no_more(rest, skip_said)
        if skip_said is not None and skipped is None and unneeded is None
        else ""
    )
    called = called or bool(subject)
    if kind == "skip":
        # "forget the scanning this year, not worth the money": the step is what is left
        # once the words that skip it and their reasons are gone
        rest = _NOTHING_NEEDED.sub(r" \1 ", rest)
        rest = _NONE_THIS_TIME.sub(r" \1 ", rest)  # "no racking this time": the racking
        rest = _SKIP_REASON.sub(" ", _SKIP.sub(" ", _OFF_THE_LIST.sub(" ", rest)))
    if kind == "snooze":
        # "The bungalow will have to wait until Mum is settled in at Oakfield. Could you put
        # that one off until the 5th": the step is what waits, not what it waits for, and
        # the words asking it to wait name nothing
        rest = _WAIT_WORDS.sub(" ", _WAIT_CONDITION.sub(" ", rest))
    if reading.name == "waiting on someone till a day":
        # "waiting on the vicar to ring back, he said thursday": what is awaited names the
        # step (the vicar's form), so only the words of waiting go
        rest = _WAIT_WORDS.sub(" ", _WAITING_NOW.sub(" ", said.rest))
    action = re.split(r"[,;—]|[.!?]+\s|\bbut\b", rest, maxsplit=1)[0]
    # "the bloods are done this morning they took about six vials": a new subject starts a
    # new clause, said without a mark (dictated, or typed in one breath)
    action = _NEW_SUBJECT.split(action, maxsplit=1)[0]
    if skipped is not None and step_words(skipped["thing"]):
        # "forget emailing the rota woman shes never answered anyone": what is skipped is
        # what follows the word that skips it, up to a new subject
        action = skipped["thing"]
    elif unneeded is not None and step_words(unneeded[1]):
        action = unneeded[1]  # "MRI results are back - partial tear, no surgery needed"
    elif subject:
        action = subject
    elif skip_said is not None and (there := _skip_clause(said_rest, skip_said)):
        # "Dilshod got a new sim from his work, no need to top him up anymore": the skip said
        # in a later clause, naming its thing there; the first clause says why
        action = there
    if kind == "skip":
        # "no need for a lift the day the car's in": when it is not needed is no part of
        # what is not needed (the car named there is no step skipped)
        action = _OCCASION.split(action, maxsplit=1)[0]
    return Statement(
        kind,
        _words(rest),
        _position(rest, kind),
        _outcome(text, kind),
        when,
        _words(action),
        reading.weak,
        arrived,
        kind == "done" and bool(_VISIT.search(text)),
        went=went,
        said=text,
        granted=reading.got and bool(_GRANTED.search(text)),
        placed=kind == "done" and bool(_PLACED.search(text)) and not _DONE.search(text),
        handed=reading.name == "handed over",
        agreed=reading.name == "their yes",
        called=called,
    )


# The verbs of _SKIPPED_THING that skip only with the words that take a thing off a list
# ("drop" and "bin" skip on their own: "bin the translation", "dropping the mocks")
_PUTTING_VERBS = frozenset(("take", "strike", "knock"))
# Where a clause ends, for the one a skip is said in
_CLAUSE_MARK = re.compile(r"[,;—]|[.!?]+\s|\bbut\b")


def _skip_clause(rest: str, skip_said: re.Match[str]) -> str:
    """The words of the clause a skip is said in, its own words gone, when that is a clause
    after the first and they name something ("no need to top him up anymore" after
    "Dilshod got a new sim from his work"); "" otherwise (said first, or only pointing back:
    "… scratch that one")."""
    start = 0
    for mark in _CLAUSE_MARK.finditer(rest):
        if mark.start() > skip_said.start():
            break
        start = mark.end()
    if start == 0:
        return ""
    end = _CLAUSE_MARK.search(rest, skip_said.end())
    clause = rest[start : end.start() if end is not None else len(rest)]
    there = _SKIP.sub(" ", clause)
    # (a light verb on no one in particular names nothing: "i don't need to pick anybody
    # again" leaves the thing to the clause before, "elders matter settled")
    named = [
        w
        for w in step_match.content_stems(there)
        if w not in step_match.LIGHT and w not in step_match.FILLER and w not in _ANY_ONE
    ]
    return " ".join(there.split()) if named else ""


# Not needed, said after the thing: "the notary thing not needed anymore", "drum's no needed"
_NOT_NEEDED = re.compile(r"(?:not?|no\s+longer)\s+needed\b", re.I)
# A word that joins a new clause to the one before
_JOINED = re.compile(r"\b(?:so|and|but|because|cos|coz|since|as|then|now)\b", re.I)
# The verb before it: "… is not needed", "… 's no needed"
_IS = re.compile(r"\s*(?:\b(?:is|are|was|were)|'s|’s)\s*$", re.I)


def _needed_no_more(rest: str, skip_said: re.Match[str]) -> str:
    """The thing said before "not needed" at the start of its clause, the subject called off
    ("the notary thing" of "the notary thing not needed anymore, …"), when it names
    something (not "that one's", not "it"); "" otherwise."""
    if _NOT_NEEDED.match(rest, skip_said.start()) is None:
        return ""
    start = 0
    for mark in _CLAUSE_MARK.finditer(rest, 0, skip_said.start()):
        start = mark.end()
    # (after a word that joins a new clause, the subject is what follows it: "… so that
    # ones no needed" calls off "that one")
    thing = _JOINED.split(_IS.sub("", rest[start : skip_said.start()]))[-1]
    if len(thing.split()) > 5:
        return ""  # a thing is said in a few words, never a clause of its own
    named = [
        w
        for w in step_match.content_stems(thing)
        if w not in step_match.LIGHT and w not in step_match.FILLER and w not in _ANY_ONE
    ]
    return " ".join(thing.split()) if named else ""


# Words of no one and nothing in particular
_ANY_ONE = frozenset(
    "any anybody anyone anyth anything anywhere some somebody someone someth something".split()
)


# A new clause's subject and verb, after a clause that said something was done
# When a thing is not needed, said after it: "… the day the car's in", "… while mum's away",
# "… when we're in Spain"
_OCCASION = re.compile(
    r"\s+(?:(?:on\s+)?the\s+(?:day|morning|night|week|weekend|time)\s+(?:that\s+)?"
    r"(?=(?:the|my|our|his|her|their|it|we|i|he|she|they|you)\b)|"
    r"(?:when|while|whilst|as\s+long\s+as)\b)",
    re.I,
)
_NEW_SUBJECT = re.compile(
    r"(?:(?<=\bdone)|(?<=\bsorted)|(?<=\bfinished)|(?<=\bbooked)|(?<=\bpaid)|(?<=\bsent)|"
    r"(?<=\bin)|(?<=\bover))\s+(?=(?:they|he|she|we)\s+"
    r"(?:\w+ed|took|said|says|were|was|are|'re|gave|got|had)\b)",
    re.I,
)


# The thing after a word that skips it, up to a new subject or the end of its clause
_SKIPPED_THING = re.compile(
    r"\b(?P<verb>forget(?:\s+about)?|skip|scrap|scratch|ditch|bin|drop|take|strike|knock|"
    # "not bothering with a card reader anymore", "no need for a lift", "won't need the van"
    r"not\s+(?:to\s+)?bother(?:ing)?\s+(?:with|w/?|about)|no\s+need\s+for|"
    r"(?:don'?t|dont|do\s+not|won'?t|will\s+not|shan'?t|no\s+longer)\s+(?:be\s+)?need(?:ing)?"
    # ("don't need to buy any", "don't need doing after all": a doing, its thing said before)
    r"(?!\s+(?:to|doing|it|that|this|them|any|one|either)\b))\s+"
    r"(?P<thing>(?!(?:it|that|this|them)\b)[^,;.!?—]+?)"
    r"(?=\s+(?:she|he|they|it|i|we|you)(?:'?s|'?re|'?ll|'?d|'?ve|'?m)?\s|\s+\w+\s+and\s+(?:me|i)\b|"
    r"\s+off\s+(?:the|my|our|your)\s+(?:list|plan)|\s+(?:this|next)\s+(?:year|time)|"
    r"\s+after\s+all|\s*[,;.!?—]|\s*$)",
    re.I,
)


def step_words(text: str) -> str:
    """The words of a statement that may name a step (small words and marks gone)."""
    return _words(text)


# What a wait waits for: "until Mum is settled in at Oakfield", "till the burner arrives"
_WAIT_CONDITION = re.compile(
    r"\b(?:till|until|til|once|when|before)\s+(?!(?:then|after)\b)[^,.;!?—]*?\b(?:is|are|'s|be|"
    r"been|gets?|has|have|arrives?|comes?|lands?|opens?|starts?|settles?|finish(?:es)?)\b"
    r"[^,.;!?—]*|"
    # someone else's part it waits for: "waiting on my accountant to confirm the figures"
    r"\b(?:waiting|wait)\s+(?:on|for)\s+(?:my|the|our|his|her|their|a|an)?\s*[\w'-]+"
    r"(?:\s+[\w'-]+)?\s+to\s+[^,.;!?—]*?(?=\s+(?:before|so|then|and)\b|[,.;!?—]|$)|"
    # what it waits to be over: "dashboard leave it till after dad surgery" (the surgery is
    # no step that waits)
    r"\b(?:till|until|til)\s+after\s+[^,.;!?—]*",
    re.I,
)
# The words that ask for a wait, naming no step: "will have to wait", "put that one off"
_WAIT_WORDS = re.compile(
    r"\b(?:bring\s+(?:it|that|this|them)\s+back\b|(?:will|'ll|has|have|had|got)\s+to\s+wait|(?:can|could|will|'ll|must)\s+wait|"
    r"put\s+(?:(?:that|it|this)(?:\s+one)?\s+)?off|(?:could|can|would)\s+you|park|postpone|"
    r"snooze|hold\s+off(?:\s+on)?|(?:that|this)\s+one|on\s+the\s+long\s+finger|please|pls|"
    r"(?:put|keep)\b|on\s+(?:hold|ice|pause|the\s+back\s*burner)|say\b|"
    r"(?:there'?s\s+)?no\s+point(?:\s+(?:in\s+)?doing)?|"
    # "dashboard leave it till …": the verb of a put-off, said of "it", names no step ("Ask HR
    # for leave" is not left)
    r"leave\s+(?:it|that|this|them)(?:\s+one)?)\b",
    re.I,
)


# A place in a queue or on a list of someone else's, said beside its number ("im on the
# waitlist. number 43", "we're number 5 in the queue", "#12 on the waiting list"): no step
_QUEUE_PLACE = re.compile(
    r"\b(?:wait(?:ing)?[\s-]*list(?:ed)?|queue|in\s+line|on\s+the\s+list|in\s+the\s+(?:draw|ballot))\b",
    re.I,
)


def in_a_queue(text: str, found: re.Match[str]) -> bool:
    """The number ``found`` is a place in a queue, said within a few words of it."""
    near = text[max(0, found.start() - 40) : found.end() + 40]
    return _QUEUE_PLACE.search(near) is not None and not found[0].lower().startswith("step")


# Things counted before "the first one" / "the last one" ("finished all 4 practice tests!! 780
# on the last one", z58; "all 6 boubous are sewn, finished the last one 2am last night", z266;
# "viewed 2 flats in Vake …, owner of the third one", z63): the ordinal picks one of those
# things, not a step of the plan. Only a count with a plural after it, said before the
# ordinal, so "undo the last one, only messaged half the cousins" still means the last change
# and "done the second one" still the second step.
_COUNTED_THINGS = re.compile(
    r"\b(?:[0-9]{1,3}|"
    + "|".join(w for w in NUMBER_WORDS if w != "one")
    + r"|both)\s+(?:[^\W\d_]+\s+){0,2}?[^\W\d_]{2,}s\b",
    re.I,
)


def counts_its_own_things(text: str, found: re.Match[str]) -> bool:
    """ "the last one" said after a count of things ("all 6 boubous … the last one"): one of
    those things, no step's place. "step 3", "the second step" always name a step."""
    return bool(found["ord1"]) and _COUNTED_THINGS.search(text[: found.start()]) is not None


def _position(text: str, kind: str) -> int | None:
    found = _STEP_NUMBER.search(text)
    if found and (in_a_queue(text, found) or counts_its_own_things(text, found)):
        found = None
    if found:
        if found["n"]:
            n = found["n"].lower()
            return int(n) if n.isdigit() else NUMBER_WORDS[n]
        if found["ord"] or found["ord1"]:
            return ORDINALS[(found["ord"] or found["ord1"]).lower()]
        return int(found["nth"])
    # "done 2", "skip 3", "2 finished": a number beside nothing but a command word
    # is a step number ("got 2 quotes" is not)
    bare = _BARE_NUMBER.match(text)
    if bare and all(
        word in _COMMAND_WORDS for word in re.findall(r"[^\W\d_]+|[✓✔✅☑]", text.lower())
    ):
        return int(bare["n"])
    return None


_NOISE = re.compile(
    r"\b(?:i'?ve|i'?m|i'?ll|i\s+have|i|we|will|"
    r"(?:could|can|would)\s+you|pls|plz|"
    r"just|finally|already|now|today|yesterday|anymore|any\s+more|"
    # "got in to see Dr Patel", "managed to speak to": the verb after is the action
    r"(?:got|get|managed|manage)\s+(?:in\s+|round\s+|around\s+)?to(?=\s+(?:see|speak|talk|meet|"
    r"visit|do|call|ring|finish|start|book)\b)|"
    r"all|the|step|yay|woo+|phew|ok|okay|please|thanks?|with|on|is|are|was|has\s+been|been|"
    r"(?:remind|nudge|ping)\s+me\s+(?:about|to|of)?|about)\b|"
    + hedges.FORGET_NOT
    + r"(?:\s+(?:about|to))?|[!?.,;:…—✓✔✅☑🎉👍]",
    re.I,
)


def _words(text: str) -> str:
    return " ".join(_NOISE.sub(" ", text).split())


def said_as_outcome(text: str) -> str:
    """A try's outcome as the person said it: their own words, the spacing and a closing stop
    tidied, a leading "I" / "I've" dropped."""
    clean = " ".join(text.split()).strip(" .!")
    return re.sub(r"^(?:i\s+|i'?ve\s+)", "", clean, flags=re.I)


def _outcome(text: str, kind: str) -> str | None:
    if kind not in ("attempt", "block", "done"):
        return None
    clean = " ".join(text.split()).strip(" .!")
    if kind == "block":
        found = _BLOCK.search(clean)
        return clean[found.start() :].strip(" ,.;—") if found else None
    if kind == "done":
        # "got the photos — they look great": only an extra clause is an outcome
        parts = re.split(r"\s*(?:—|;|,\s+(?=\w))\s*", clean, maxsplit=1)
        return parts[1].strip() if len(parts) == 2 and len(parts[1]) > 2 else None
    return said_as_outcome(clean)


# ---------------------------------------------------------------------------------------
# News of a thing, read by grammar: "gutters are done mate", "Machine delivered and paid
# for!!", "samples came in the mail today", "experiments rerun ho gaye", "filling up the
# shelter application now, halfway through". People report a step as news about the THING
# its title names, rarely with a word of status; so the reading here is by the shape of a
# clause — a subject, then a form that says it is complete (a past participle of any verb,
# found by its ending or the irregular table; a copula and a state; a thing come), or an
# -ing verb with a word of "now" — and never by the phrase. Which step the subject names,
# and whether that is certain, is for the rules that know the person's steps.


@dataclass(frozen=True)
class ThingNews:
    kind: str  # "done" (the thing is complete) | "start" (it is going on now)
    thing: str  # the words that name the thing: the subject, or the -ing verb and its object
    plain: bool  # said outright: no hedge, part, bad news or time to come anywhere in it
    # how it is said: "state" (is done, sorted, ready…), "place" (is in, on, up, back), "came"
    # (came, arrived, turned up), "gone" (gone out, went in), "participle" (delivered,
    # fitted…), "happened" (ho gaya, don X), "finish" (a bare "finish" after it: "room 3
    # paint finish"), "bare" (a step's verb bare before "already": "deposit pay already")
    # or "doing" (an -ing verb, now)
    shape: str = "state"
    verb: str = ""  # the word that says it ("fitted", "sanding", "done")


# Irregular past participles the stemmer's table does not hold, and short regular ones
_PARTICIPLES = frozenset(
    """cut put set shut hit split spread read led fed bred lit sewn shown grown thrown
    known blown drawn sworn born dug hung spun stuck struck strung swept wept kept slept
    dealt felt meant built bent lent spent sent burnt learnt spelt spilt left lost paid
    laid made sold told bought brought caught taught thought fought sought found ground
    wound bound done gone seen won shod shot got gotten""".split()
)
# Words ending in -ed / -en that are no participle
_NOT_PARTICIPLES = frozenset(
    """need needed seed feed bed red shed speed weed bleed breed hundred sacred naked wicked
    kindred wretched rugged ragged jagged crooked beloved aged often seven eleven even
    oven heaven garden kitchen chicken children women men kitten listen token open linen
    dozen citizen siren golden wooden woollen frozen eaten""".split()
) - {"frozen", "eaten"}
# A state that says the thing is complete, after "is / are / 's": "gutters are done",
# "foam's up", "new screen's in", "rooms are booked", "auth works"
_COMPLETE_STATE = (
    r"(?:done|finished|complete|completed|sorted|ready|fixed|working|live|open|"
    # ("tiers are in the oven": a place, not a state, when a thing follows)
    r"(?:in|on|up|back|through|thru|over)(?!\s+(?:the|a|an|my|our|his|her|its|their|your)\b)|"
    r"here|all\s+good|good\s+to\s+go|in\s+the\s+bag|locked\s+in|nailed|squared\s+away|"
    r"wrapped\s+up|sweet)"
)
_COPULA = r"(?:is|are|was|were|'s|'re|s|re|has\s+been|have\s+been|got|get)"
# A thing come or gone ("samples came in the mail", "invites gone out", "skip's arrived")
_CAME = (
    r"(?:came|come|arrived|turned\s+up|showed\s+up|landed|rocked\s+up)(?:\s+(?:in|through|thru|back))?|"
    r"(?:gone|went)\s+(?:out|off|in|up)|works|worked"
)
# Hinglish and West African English: "experiments rerun ho gaye", "Gifts don buy"
_HAPPENED = r"(?:ho\s+(?:gaya|gaye|gayi|gya|gye|gyi)|hogaya|hogaye|don\s+[a-z]{3,})"
_PRONOUN = frozenset(
    "i we you he she they it me us him her them i'm im we're ive i've we've that this "
    "there here who what".split()
)
_MODIFIER = r"(?:(?:all|finally|now|already|just|officially|properly|fully|both)\s+)*"
# Words anywhere in the message that make it something other than plain news
_NOT_PLAIN = re.compile(
    r"\b(?:not|never|no|nope|yet|nearly|almost|half|halfway|partly|mostly|still|hopefully|"
    r"maybe|probably|think|reckon|should|will|won'?t|gonna|again|going\s+to|need\s+to|needs\s+to|"
    r"have\s+to|has\s+to|want\s+to|plan(?:ning)?\s+to|tomorrow|next\s+week|later|soon|"
    r"too\s+(?:high|much|dear|expensive|steep|late|small|big)|but|except|unfortunately|"
    r"rejected|refused|declined|failed|broken|wrong|instead|if|so\s+far|to\s+go|"
    r"(?:\d+|one|two|three|few|some)\s+(?:more\s+)?left|"
    r"[a-z]+n't)\b|'ll\b|\?",
    re.I,
)
# News that the thing came out badly: no news of it done ("the quote came in too high")
_BAD_NEWS = re.compile(
    r"\b(?:too\s+(?:high|much|dear|expensive|steep|late|early|small|big|short|long)|rejected|"
    r"refused|declined|failed|broken|wrong|damaged|cancell?ed|fell\s+through)\b",
    re.I,
)
# A clause about what is to come or wanted: "the blinds will be fitted tomorrow"
_TO_COME = re.compile(
    r"\b(?:will|shall|should|would|could|might|may|must|gonna|wanna|gotta|(?:need|needs|have|"
    r"has|want|wants|going|hope|hoping|plan|planning)\s+to|tomorrow|tmrw|tmr|next)\b|'ll\b",
    re.I,
)


def _words_of(clause: str) -> list[str]:
    return re.findall(rf"{letters.WORD}(?:{letters.WORD}|['&-])*", letters.fold(clause))


# A head that counts a try or a day, or says an update follows ("b2 backup attempt #1: …",
# "try 2:", "day 3:", "update:", "quick update on the loft:"): what follows is news of
# something already begun, never a plan's name over its steps.
_NEWS_HEAD = re.compile(
    r"^(?:(?:[\w'&-]+\s+){0,5}?(?:attempt|try|take|round|go|day|week|night|session)\s*"
    r"(?:#\s*|no\.?\s*|number\s+)?(?:\d{1,3}|one|two|three|four|five)|"
    r"(?:(?:a|an|quick|small|little|short|progress|status|latest|another)\s+)*"
    r"(?:update|progress\s+report|status)(?:\s+(?:on|re|about|for)\b.*)?)$",
    re.I,
)
NEWS_HEAD_EXAMPLES: tuple[str, ...] = (
    "b2 backup attempt #1",
    "try 2",
    "Day 3",
    "update",
    "quick update on the loft",
    "kitchen tiling, take two",
    "status update",
    "attempt no. 2",
)
NEWS_HEAD_NEAR_MISSES: tuple[str, ...] = (
    "Website update",
    "Day trip to Seville",
    "Update the CV",
    "Couch to 5k",
    "Week in Rome",
    "Round the world trip",
)


def news_head(title: str) -> bool:
    """A title that heads news of a try or a day ("attempt #1", "update"), not a goal."""
    return _NEWS_HEAD.match(title.strip(" .!:-—").replace(",", "")) is not None


def is_participle(word: str) -> bool:
    """A past participle by its form: "delivered", "installed", "totted" (-ed); "taken",
    "sewn", "sent", "built" (the irregular tables)."""
    word = word.lower().strip("'")
    if word in _NOT_PARTICIPLES or len(word) < 3:
        return False
    if word in _PARTICIPLES or word in step_match.IRREGULAR and word.endswith(("en", "wn", "t")):
        return True
    return len(word) >= 5 and word.endswith("ed")


_LEAD_INS = frozenset(
    "the a an my our his her their ok okay right so well omg yay good news bro mate finally "
    "and also thats that's".split()
)


def _subject(words: list[str]) -> list[str] | None:
    """The noun phrase a clause opens with, when it opens with one (no pronoun, no verb,
    five words at most), without the words around it ("finally")."""
    while words and words[0] in _LEAD_INS:
        words = words[1:]
    while words and words[-1] in _MODIFIERS:
        words = words[:-1]
    if not words or len(words) > 5:
        return None
    first = words[0]
    if first in _PRONOUN or re.match(r"(?:i|we|you|he|she|they|it|that|there)'", first):
        return None
    if is_participle(first) or first in step_match.IRREGULAR:
        return None  # "paid the residential", "went with buttondown": a verb opens it
    if first.endswith("ing") and words[1:2] and words[1] in _OBJECT_OPENERS:
        return None  # "gettin the truck inspected": a verb and its object ("decking's done" is a thing)
    return words


_STARTED = frozenset("kicked started begun launched underway".split())
_COPULA_WORDS = frozenset("is are was were s re been got get".split())
_MODIFIERS = frozenset("all finally now already just officially properly fully both".split())
# What opens a verb's object: after a bare past tense it is active ("watched a film")
_OBJECT_OPENERS = frozenset(
    "a an the my our his her their its your some me us him them it this that".split()
)


_PLACES = frozenset("in on up back through thru over here".split())
_BARE_DONE = re.compile(
    rf"(?P<thing>.+?)\s+{_MODIFIER}(?P<verb>{'|'.join(_BARE_COMPLETE)}){_BARE_TAIL}$"
)
# … and any verb of a step, bare, after its thing and before "already" or its particle
# ("downpayment transfer liao", z179; "front two tayar change already", z194; "deposit pay
# already"): the thing has had it done. Said of the step's own verb only (the shape
# "bare", weighed as a participle is)
_BARE_VERB_DONE = re.compile(
    rf"(?P<thing>.+?)\s+(?P<verb>[a-z]+)\s+(?:already|liao|oredi|ady|oledi)\b{_BARE_TAIL}$"
)
_BARE_STEP_VERBS: frozenset[str] = plan_phrases.STEP_VERBS | {"transfer", "deposit"}
# (what opens an object: "print shop finish the sign already" has a verb before "the sign")
_DETERMINERS = frozenset("the a an my his her our their this that these those your".split())
# Words that make a clause's opening words no subject of news but a time to come or a
# condition ("wait until her exam finish")
_SUBORDINATE = frozenset("until till til when after before once if by".split())
# Participles that say complete whatever was done: "cv's updated", "transfer's sorted"
_SAID_COMPLETE = frozenset("finished completed sorted fixed updated handled ticked".split())


def _done_in(clause: str) -> tuple[str, str, str] | None:
    """The subject of a clause that says it is complete, how it says it and its verb."""
    words = _words_of(clause)
    text = " ".join(words)
    for shape, pattern in (
        ("state", rf"(?P<thing>.+?)\s+{_COPULA}\s+{_MODIFIER}(?P<verb>{_COMPLETE_STATE})\b"),
        ("came", rf"(?P<thing>.+?)\s+{_MODIFIER}(?P<verb>{_CAME})\b"),
        ("happened", rf"(?P<thing>.+?)\s+(?P<verb>{_HAPPENED})\b"),
    ):
        m = re.match(pattern, text)
        if m is not None and (subject := _subject(m["thing"].split())):
            verb = m["verb"]
            if shape == "state" and verb in _PLACES:
                shape = "place"
            elif shape == "came" and verb.split()[0] in ("gone", "went"):
                shape = "place" if verb.split()[-1] == "up" else "gone"
            elif shape == "came" and verb.split()[0] in ("works", "worked"):
                shape = "state"
            return " ".join(subject), shape, verb.split()[-1]
    # learners' English: "room 3 paint finish", "lorry settle already bro" (``_BARE_COMPLETE``)
    m = _BARE_DONE.match(text)
    if (
        m is not None
        and (subject := _subject(m["thing"].split()))
        and not (_SUBORDINATE | _NO_BARE_SUBJECT).intersection(subject)
    ):
        return " ".join(subject), _BARE_COMPLETE[m["verb"]], m["verb"]
    m = _BARE_VERB_DONE.match(text)
    if (
        m is not None
        and m["verb"] in _BARE_STEP_VERBS
        and (subject := _subject(m["thing"].split()))
        and subject[-1] not in _DETERMINERS
        and not (_SUBORDINATE | _NO_BARE_SUBJECT).intersection(subject)
        and not any(is_participle(w) or w in step_match.IRREGULAR for w in subject[1:])
    ):
        return " ".join(subject), "bare", m["verb"]
    # a past participle after the subject, with or without its copula: "uhaul reserved",
    # "the rails all installed already", "cv's updated", "statement has been proof read"
    for i, word in enumerate(words[1:], 1):
        if not is_participle(word):
            continue
        if word in _STARTED:
            return None  # "experiments kicked off this arvo": begun, not complete
        before = words[:i]
        while before and before[-1] in _MODIFIERS:
            before = before[:-1]
        copula = bool(before) and before[-1] in _COPULA_WORDS
        while before and before[-1] in _COPULA_WORDS | {"has", "have", "had"}:
            before = before[:-1]
        after = words[i + 1 : i + 2]
        if not copula and after and after[0] in _OBJECT_OPENERS:
            return None  # "the kids watched a film": active, with an object; no news of a thing
        subject = _subject(before)
        if subject and (copula or len(subject) <= 4):
            # ("transfer's sorted": a participle that says complete is a state)
            return " ".join(subject), "state" if word in _SAID_COMPLETE else "participle", word
        return None
    return None


# What may stand before the -ing verb of a clause about what is going on
_BEFORE_DOING = frozenset(
    "ok okay right so now still just currently busy i'm im we're were i we am are been "
    "bro mate also and".split()
)


def _going_on_in(clause: str, text: str) -> str | None:
    """The -ing verb and its object of a clause that opens with it and says it is going on
    now ("scrubbing the black stuff off the wall now"), or what is halfway through."""
    words = _words_of(clause)
    if not under_way.when_doing(text):
        return None
    for i, w in enumerate(words):
        if w == "halfway" or (w == "way" and i and words[i - 1] == "half"):
            rest = words[i + 1 :]
            if rest[:1] in (["through"], ["thru"]):
                return " ".join(rest[1:]) or None
        if under_way.is_doing(w):
            # the verb and its object, up to the word of now ("sanding the decking")
            return under_way.before_when(" ".join(words[i:]))
        if w not in _BEFORE_DOING:
            return None
    return None


_CLAUSE_MARK = re.compile(r"[,;:—\n]|[.!?]+(?:\s|$)|\s-\s")


def thing_news(text: str) -> list[ThingNews]:
    """Each clause's news of a thing: complete ("gutters are done mate"), or going on now
    ("scrubbing the black stuff off the wall now"). Nothing for a question, a wish, a
    hypothetical or a take-back."""
    if (
        _QUESTION.search(text)
        or _HYPOTHETICAL.search(text)
        or _UNDO_ASKED.search(text)
        or _BAD_NEWS.search(text)
    ):
        return []
    plain = not _NOT_PLAIN.search(text)
    plain_start = not re.search(r"\b(?:not|never|will|gonna|going\s+to)\b|'ll\b", text, re.I)
    found: list[ThingNews] = []
    for clause in filter(str.strip, _CLAUSE_MARK.split(text)):
        negated = re.search(
            r"\b(?:not|never|no|yet|[a-z]+n't|nearly|almost|havent|hasnt|isnt|arent|wasnt|"
            r"werent|didnt|dont|doesnt|wont|cant|aint)\b",
            clause,
            re.I,
        )
        if negated or _TO_COME.search(clause):
            continue
        done = _done_in(clause)
        if done is not None:
            found.append(ThingNews("done", done[0], plain, done[1], done[2]))
            continue
        going = _going_on_in(clause, text)
        if going is not None:
            found.append(ThingNews("start", going, plain_start, "doing", going.split()[0]))
    return found


def _reached(text: str) -> bool:
    """A thing said to "reach" in learners' English, its clause ending with it but for
    "already", a particle, a time or where it came from ("stools reach already from the
    market"): come, as "arrived" says."""
    return any(n.verb == "reach" for n in thing_news(text))


def finish_said_bare(text: str) -> bool:
    """A thing said to "finish" in learners' English ("room 3 paint finish"), which also says
    a thing is used up ("gas finish"): done for a step of doing it, never of getting it."""
    return any(n.shape == "finish" for n in thing_news(text))


# The shapes thing_news reads, each with sentences it must read (kind, thing) and near
# misses it must leave alone (tests/test_readings.py runs them)
THING_NEWS_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    # a copula and a state of completion
    ("windows are all done, sparkling", "done", "windows"),
    ("the skirting's finished, looks class", "done", "skirting's"),
    ("spare room is ready for nana", "done", "spare room"),
    # a past participle after its subject, by its form
    ("blinds fitted in the lounge this morning", "done", "blinds"),
    ("the hedge finally trimmed, took all afternoon", "done", "hedge"),
    ("guest list has been printed twice", "done", "guest list"),
    # a thing come or gone
    ("banners turned up at the door", "done", "banners"),
    ("invoices gone out to everyone", "done", "invoices"),
    ("the parcel arrived at the depot", "done", "parcel"),
    # Hinglish and West African English
    ("windows ho gaye aaj", "done", "windows"),
    ("tickets don print", "done", "tickets"),
    ("bro slides ho gayi finally", "done", "slides"),
    # an -ing verb said with now
    ("repainting the shed door right now", "start", "repainting the shed door"),
    ("sanding the decking as we speak", "start", "sanding the decking"),
    ("digging the veg beds now, soil is rock hard", "start", "digging the veg beds"),
    ("decking's all done", "done", "decking's"),
    ("halfway through the seating chart", "start", "the seating chart"),
    # learners' English: a bare verb after the thing, ending its clause
    ("room 3 paint finish, light blue", "done", "room 3 paint"),
    ("lorry settle already bro", "done", "lorry"),
    ("stools reach already from the market", "done", "stools"),
    ("downpayment transfer liao", "done", "downpayment"),
    ("front two tayar change already at the kedai", "done", "front two tayar"),
)
THING_NEWS_NEAR_MISSES: tuple[str, ...] = (
    "nearly done with the windows",
    "the windows are almost finished",
    "not yet, the windows aren't done",
    "gutters havent been touched",
    "are the windows done?",
    "is the form in?",
    "the quote came in too high",
    "the parcel arrived damaged",
    "the blinds will be fitted tomorrow",
    "need to get the hedge trimmed",
    "thinking about sanding the decking now",
    "the dog chewed the blinds",
    "the kids cleaned their room",
    "tiers are in the oven as we speak",
    "experiments kicked off this arvo",
    "paid the deposit last night",
    "room 3 paint almost finish",
    "need to finish the paint",
    "print shop finish the sign already",
    "she said gas finish, no cooking today",
    "wait until her exam finish",
    "reach half way with the bales",
    "the lorry should reach",
    "we book already",
    "the boss sign the paper already",
)
