"""A request to see something, however it is worded: what it asks about, never a change.

    Can you show me my own list please, not Dad's one      → "own"
    SHOW ME WHAT I STILL HAVE TO DO FOR MY G2               → "G2"
    what have I still got to get done before the grandkids arrive?  → "grandkids arrive"
    wheres my sublet stuff at                               → "sublet"
    whats on my list again                                  → "" (everything)

``asked_to_see`` returns the words that may name a plan ("" for everything), or None when the
text is no request to see. Which plan the words name is the rules' to find.
"""

from __future__ import annotations

import re

# Words that open a question without changing it: "wait what's left", "hmm where am I with …"
_OPENING = re.compile(
    r"^(?:(?:wait|hang\s+on|hmm+|um+|erm+|uh+|ok(?:ay)?|so|right|oh|hey|quick\s+q(?:uestion)?|"
    r"sorry|also|btw|actually|remind\s+me|"
    # "Thandi here again 🙈": who is writing
    r"[^\W\d_]+\s+here(?:\s+again)?(?=[\s,!.:—-]|[\U0001f300-\U0001faff\u2600-\u27bf]))"
    r"(?:[\s,!.:—-]|[\U0001f300-\U0001faff\u2600-\u27bf\ufe0f])*)+(?=\S)",
    re.I,
)


# A question's first word typed short on a phone: "wats happening with netball stuff", "wot's
# left", "wheres the van list", "hows the move going"
_SHORT_QUESTION_WORD = (
    (re.compile(r"^(?:wh?at|wot|wut)(?:'?s|z)\b", re.I), "what's"),
    (re.compile(r"^(?:wat|wot|wut)\b", re.I), "what"),
    (re.compile(r"^(?:wheres|wer'?s)\b", re.I), "where's"),
    (re.compile(r"^hows\b", re.I), "how's"),
    (re.compile(r"^lemme\b", re.I), "let me"),
    (re.compile(r"^gimme\b", re.I), "give me"),
)


def without_opening(text: str) -> str:
    """The question without the words that only open it ("wait what's left?" → "what's
    left"), its first word spelt out ("wats" → "what's"); the rules read other questions the
    same way."""
    asked = _OPENING.sub("", text.strip()).strip().strip("!?. ")
    for short, word in _SHORT_QUESTION_WORD:
        asked = short.sub(word, asked, count=1)
    return asked


# A request to see something, however it is worded, changes nothing: "Can you show me my own
# list please, not Dad's one", "SHOW ME WHAT I STILL HAVE TO DO FOR MY G2", "can you send me
# the reunion list", "what have I still got to get done before the grandkids arrive?",
# "wheres my sublet stuff at", "whats on my list again". Its shape: a request to be shown,
# or a question of what is left or where things are; what follows may name a plan.
_SHOW_ME = re.compile(
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:(?:please|pls|just|quickly)\s+)*"
    # "chuck us both my lists", "bung me the list", "flick me what's left": to be given it
    r"(?:(?:show|send|give|list|tell|remind|read|(?P<given>chuck|bung|flick|pass|ping|shoot|fire|"
    r"forward))\s+(?:me|us)(?:\s+both)?(?:\s+again)?|"
    r"(?:show|list)(?=\s+(?:everything|all|what)\b)|"
    r"(?:let\s+me|can\s+i|could\s+i|may\s+i)\s+(?:see|view|check|(?:have\s+a\s+)?look\s+at))"
    r"\s+(?P<rest>.+)$",
    re.I,
)
_STILL_TO_DO = (
    r"what(?:\s+else)?\s+(?:is\s+)?there\s+(?:left\s+)?to\s+do|"
    r"what(?:'?s|'?ve|\s+is|\s+are|\s+else)?\s+(?:(?:do|have|did)\s+)?(?:(?:i|we)(?:'ve)?)?\s*(?:still\s+)?"
    r"(?:(?:got|have|need|gotta)\s+)?(?:still\s+)?(?:left|(?:got\s+|need\s+|have\s+)?to\s+"
    r"(?:do|get\s+done|sort(?:\s+out)?|finish)|outstanding|remaining|open|pending|"
    r"on\s+(?:my|the|our)\s+(?:list|plate|to-?\s*do\s+list))(?:\s+(?:to\s+do|again|now|still))*"
)
_WHAT_LEFT = re.compile(
    rf"^(?:{_STILL_TO_DO}|what(?:'?s|\s+is|\s+else\s+is)\s+(?:still\s+)?(?:on|in)(?=\s+(?:my|the|our)\b))"
    r"(?:\s+(?P<rest>.+))?$",
    re.I,
)
# Asked to be told how things stand: "fill me in on the wedding", "catch me up on where things
# are", "bring me up to speed", "what's the latest on the car?", "any progress?", "update?"
_TELL_ME = re.compile(
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:(?:please|pls|just|quickly)\s+)*"
    r"(?:fill\s+(?:me|us)\s+in|catch\s+(?:me|us)\s+up|bring\s+(?:me|us)\s+up\s+to\s+(?:speed|date)|"
    r"update\s+(?:me|us)|give\s+(?:me|us)\s+(?:an?\s+)?(?:quick\s+)?(?:update|rundown|run-?down|"
    r"summary|overview|progress\s+report|recap)|(?:run|talk|walk|take)\s+(?:me|us)\s+through|"
    r"what(?:'?s|\s+is)\s+the\s+(?:latest|news|state\s+of\s+play|situation)|"
    r"(?P<bare>(?:any\s+)?(?:news|progress|updates?|status\s+update)|any\s+movement)|"
    # "what have I got going on", "what've we got going on with the house", "what have i got
    # on across everything"
    r"what(?:'?ve|\s+have|\s+do)\s+(?:i|we)\s+(?:got\s+|have\s+)?(?:going\s+)?on)"
    r"(?:\s+(?:on|with|about|re|for|of|across|over|in)\s+(?P<rest>.+))?$|"
    # "recap", "quick summary of the wedding?": the noun alone, or of a plan in a word or two
    r"^(?P<noun>(?:a\s+)?(?:quick\s+)?(?:recap|summary|overview|rundown|run-?down))"
    r"(?:\s+(?:of|on|for)\s+(?P<of>(?:(?:my|the|our)\s+)?[^\W\d_]+(?:\s+[^\W\d_]+)?))?$|"
    # "what's the plan with Rex again", "what's the story with the van"
    r"^what(?:'?s|\s+is)\s+the\s+(?:plan|deal|story)\s+(?:with|on)\s+(?P<with>.+?)(?:\s+again)?$|"
    # "run me through the wedding plan", "talk me through where I am with Rex"
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:please\s+)?(?:run|talk|walk|take)\s+(?:me|us)\s+"
    r"through\s+(?P<through>.+)$",
    re.I,
)
_WHERE_IS = re.compile(
    r"^(?:where(?:'?s|\s+is|\s+are|\s+am\s+i|\s+are\s+we)\s+(?:(?:up\s+to|at)\s+)?(?:(?:with|on)\s+)?|"
    # "(remind me) where we've got to with …", "where I'm up to with …", "where we are on …"
    r"(?P<where>where\s+(?:i|we)(?:'ve|\s+have)?\s+(?:got(?:ten)?\s+)?(?:up\s+)?to\s+(?:with|on)|"
    r"where\s+(?:i'?m|i\s+am|we'?re|we\s+are)\s+(?:(?:up\s+)?to\s+|at\s+)?(?:with|on)|"
    r"what\s+am\s+i\s+up\s+to\s+with|how\s+am\s+i\s+(?:going|getting\s+on)\s+with|"
    r"how'?s\s+it\s+(?:going|looking)\s+(?:with|for)|"
    # "where do things stand with the mortgage", "how far have I got with the wedding"
    r"where\s+(?:do|does)\s+(?:things|everything|it(?:\s+all)?)\s+stand\s+(?:with|on)|"
    r"how\s+far\s+(?:have|'ve)\s+(?:i|we)\s+got(?:ten)?\s+(?:with|on)|"
    r"how\s+far\s+along\s+(?:am\s+i|are\s+we)\s+(?:with|on))\s+)(?P<rest>.+?)(?:\s+at)?$",
    re.I,
)
# What a request to see names: "my own list", "the reunion list", "my sublet stuff", "for my
# G2", "before the grandkids arrive"
_SEEN_THING = re.compile(
    rf"^(?:{_STILL_TO_DO}\s*)?(?:(?:for|with|on|of|about|before|in)\s+)?"
    # "both my lists", "all of the plans", "everything for Mum": every one, or every one of a kind
    r"(?:(?:both|all|each|every\s+one)(?:\s+of)?\s+|everything\s+(?:for|about|to\s+do\s+with|with|on)\s+)?"
    r"(?:(?:my|the|our|me)\s+)?(?P<ref>.*?)\s*"
    r"(?:(?:lists?|plans?|stuff|things|bits|steps|one|to-?\s*do(?:\s+list)?|again|please|pls)\s*)*$",
    re.I,
)
_EVERYTHING = re.compile(
    r"(?:everything|all\s+(?:my\s+)?(?:plans?|lists?)|(?:all\s+)?my\s+(?:plans|lists)|it\s+all|all(?:\s+of\s+it)?|all\s+my\s+plans?|both(?:\s+of\s+them)?|"
    r"(?:where|how)\s+(?:things|everything|it\s+all)\s+(?:are|is|stands?)(?:\s+at)?)?",
    re.I,
)


# How a plan stands, asked by its grammar rather than a set phrase: a question word, who or
# what is asked about, a word of going or standing, then what it is about:
#   where are we at with the van · where do we stand on the visa · how are we getting on
#   with the van · how's the christmas hosting looking · what's happening with the kitchen
#   what still needs doing for the visa · how much is left on the visa · status of the visa
_WHO = r"(?:we|i|things|everything|it(?:\s+all)?|stuff)"
_GOING = (
    r"(?:going|getting\s+on|coming\s+(?:along|on)|looking|doing|progressing|shaping\s+up|"
    r"moving\s+along)"
)
_HOW_STANDS = re.compile(
    r"^(?:"
    # where + who + standing: "where are we at with", "where do we stand on"
    rf"where\s+(?:are|is|am|do|does)\s+{_WHO}\s+(?:at|stand(?:ing)?|up\s+to)\s+(?:with|on|for)|"
    # how + who + going: "how are we getting on with", "how's everything going with"
    rf"how(?:'?s|\s+is|\s+are|\s+am)\s+{_WHO}\s+{_GOING}\s+(?:with|on|for)|"
    rf"how(?:'?s|\s+is|\s+are)\s+{_WHO}\s+(?:with|on|for)|"
    # what + happening / the state of: "what's happening with", "what's the status of"
    r"what(?:'?s|\s+is)\s+(?:(?:been\s+)?happening|going\s+on|the\s+(?:state|status|progress|"
    r"score|scoop))\s+(?:with|on|of|for|re)|"
    # what + still needs doing: "what still needs doing for", "whats still to be done on"
    r"what(?:'?s|\s+is)?\s+(?:(?:still|else)\s+)*(?:needs?\s+(?:doing|to\s+be\s+done)|"
    r"to\s+be\s+done|left\s+to\s+be\s+done)\s+(?:for|on|with|in)|"
    # how much is left: "how much is left on", "how much more is there to do for"
    r"how\s+much\s+(?:more\s+)?(?:is\s+)?(?:there\s+)?(?:left\s+)?(?:to\s+(?:do|go)\s+)?"
    r"(?:left\s+)?(?:on|for|with)|"
    r"(?:the\s+)?(?:status|progress|state)\s+(?:of|on|for)"
    r")\s+(?P<rest>.+?)(?:\s+(?:at|so\s+far|then))?$|"
    # how + thing + going: "how's the christmas hosting looking", "how is the move going"
    rf"^how(?:'?s|\s+is|\s+are)\s+(?P<thing>(?:my|the|our)\s+.+?)\s+{_GOING}(?:\s+(?:then|so\s+far))?$",
    re.I,
)


def asked_to_see(text: str) -> str | None:
    """What a request to see asks about ("" for everything), or None when the text is no
    request to see."""
    labelled = _LABEL.match(without_opening(text))
    if labelled is not None and _asked_to_see(labelled["asked"]) == "":
        # "quiz night - what have I still got to do?": the label names the plan
        return re.sub(r"^(?:the|my|our)\s+", "", labelled["label"].strip(), flags=re.I)
    return _asked_to_see(text)


# A label before the question: "quiz night - what's left?", "the van: where am I up to?"
_LABEL = re.compile(r"^(?P<label>[^?!.,:;—-]{2,40}?)\s*(?:\s[-—]\s|:\s)\s*(?P<asked>.+)$")


def _asked_to_see(text: str) -> str | None:
    first, *after = re.split(r"([?,;.!—]\s|\?$)", without_opening(text), maxsplit=1)
    asked = without_opening(first)
    # "update, got the quotes back", "progress! booked the van": a word that opens news, unless
    # asked as a question ("any progress? I'm losing track")
    news_follows = bool(after) and "?" not in after[0] and re.search(r"\w", after[1]) is not None
    asked = re.sub(
        r"^(?:(?:hi|hey|hiya|hello|abeg|please|pls|plz|kindly|ok|so|oi|just\s+checking|"
        r"quick\s+q(?:uestion)?|i\s+was\s+wondering)\b[\s,!:]*)+",
        "",
        asked,
        flags=re.I,
    )
    # "recap please", "where's it all at thanks": a closing word of thanks asks nothing
    asked = re.sub(r"[\s,]+(?:please|pls|plz|thanks|thx|ta|cheers|mate)$", "", asked, flags=re.I)
    # "… across everything atm": when it is asked is no part of what it asks about
    asked = re.sub(
        r"[\s,]+(?:atm|at\s+the\s+mo(?:ment)?|right\s+now|rn|currently|these\s+days)$",
        "",
        asked,
        flags=re.I,
    )
    for form in (_HOW_STANDS, _SHOW_ME, _WHAT_LEFT, _WHERE_IS, _TELL_ME):
        found = form.fullmatch(asked)
        if found is None:
            continue
        said = found.groupdict()
        if form is _HOW_STANDS:
            rest = (said["rest"] or said["thing"]).strip()
            if re.match(r"(?:you|u|your|ur|this|that|it)\b", rest, re.I):
                return None  # "how's your day going", "what's happening with you"
            thing = _SEEN_THING.fullmatch(rest)
            ref = re.sub(r"^(?:my|the|our)\s+", "", (thing["ref"] if thing else rest), flags=re.I)
            ref = ref.strip(" ,.")
            return "" if _EVERYTHING.fullmatch(ref) else ref
        if (said.get("bare") or said.get("noun")) and news_follows:
            return None
        rest = (
            said.get("rest") or said.get("with") or said.get("through") or said.get("of") or ""
        ).strip()
        if re.match(r"(?:what|how)\s+(?:you|u|this|it)\b", rest, re.I):
            return None  # "tell me what you can do", "show me how this works"
        rest = re.sub(
            r"^(?:an?\s+)?(?:quick\s+)?(?:rundown|summary|update|overview|look|list)\s+(?:of|on|for|at)\s+",
            "",
            rest,
            flags=re.I,
        )  # "give me a rundown of everything"
        if (
            form is _SHOW_ME
            and found["given"]
            and not re.match(
                r"(?:what|where|everything|it\s+all|all|both)\b|.*\b(?:lists?|plans?|stuff|steps)$",
                rest,
                re.I,
            )
        ):
            return None  # "chuck us the ball", "pass me the salt": a thing, not a list
        nested = (
            _WHERE_IS.fullmatch(rest) or _WHAT_LEFT.fullmatch(rest)
            if form is _SHOW_ME or said.get("through")
            else None
        )
        if nested is not None:  # "remind me where we've got to with everything for Mum"
            rest = (nested["rest"] or "").strip()
            if not rest:
                return ""  # "flick me what's left": everything
        elif form is _SHOW_ME and not re.match(
            r"(?:my|the|our|what|where|everything|it\s+all|all|both)\b|"
            r".*\b(?:lists?|plans?|stuff|things|one|steps)$",
            rest,
            re.I,
        ):
            return None  # "show me how", "tell me a joke"
        if (
            form is _WHERE_IS
            and not re.match(r"(?:my|the|our|everything|it\s+all)\b", rest, re.I)
            and not re.match(r"where\s+am\s+i|where\s+are\s+we", asked, re.I)
            and not found["where"]
        ):
            return None  # "where is it", "where's Jim"
        thing = _SEEN_THING.fullmatch(rest)
        ref = (thing["ref"] if thing else rest).strip(" ,.")
        ref = re.sub(
            r"^(?:i|we)\s+(?:still\s+)?(?:have|need|got)\s+to\s+(?:do|get\s+done)\s*", "", ref
        )
        ref = re.sub(
            r"^(?:for|with|on|of|about|before|in)\s+(?:(?:my|the|our)\s+)?", "", ref, flags=re.I
        )
        ref = re.sub(
            r"\s+(?:that\s+)?(?:i|we)(?:'ve|\s+have)?\s+(?:still\s+)?(?:got|have|need)"
            r"(?:\s+to\s+(?:do|get\s+done))?$",
            "",
            ref,
            flags=re.I,
        )  # "everything I've got to do"
        return "" if _EVERYTHING.fullmatch(ref) else ref
    return None


# What the reader must read, and what it must leave alone (tests/test_readings.py).
EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Can you show me my own list please, not Dad's one, I keep forgetting", "own"),
    ("what's still to do before christmas", "christmas"),
    ("what've i got left", ""),
    ("wheres my sublet stuff at", "sublet"),
    ("where am i up to with the van", "van"),
    ("SHOW ME WHAT I STILL HAVE TO DO FOR MY G2", "G2"),
    ("send me the reunion list, my uncle is asking what's left", "reunion"),
    ("whats on my list again", ""),
    ("Abeg show me the meter plan", "meter"),
    ("can you list everything I've got to do", ""),
    ("give me a rundown of everything", ""),
    ("what am I up to with the unit", "unit"),
)
NEAR_MISSES: tuple[str, ...] = (
    "show me how",
    "tell me a joke",
    "where is it",
    "where's Jim",
    "got the photos",
    "I need to show my boss the plan",
    "tell me what you can do",
    "list the caravan on trade me",
    "give me a break",
)
EXAMPLES += (
    # given rather than shown ("chuck us", "bung me"), "both" for every plan
    ("chuck us both my lists", ""),
    ("bung me the shopping list", "shopping"),
    ("flick me what's left", ""),
    # where things have got to, asked inside a request to be told
    ("Could you remind me where we've got to with everything for Mum, please? I'm frazzled", "Mum"),
    ("tell me where I'm up to with the van", "van"),
    ("remind me where we are on the wedding", "wedding"),
    # a question's first word typed short
    ("wots left", ""),
    ("wheres my garden stuff at", "garden"),
)
NEAR_MISSES += (
    "chuck us the ball",
    "pass me the salt",
    "flick me a text when you are home",
    "remind me where I put my keys",
    "wat a day",
)
EXAMPLES += (
    # asked to be told how things stand
    ("fill me in on the wedding", "wedding"),
    ("catch me up on where things are", ""),
    ("what's the latest on the car?", "car"),
    ("any progress?", ""),
    ("bring me up to speed", ""),
    ("give me an update on the garden", "garden"),
    ("lemme see everything", ""),
)
NEAR_MISSES += (
    "the news was bad",
    "progress is slow",
    "update the fence step",
    "fill in the form",
    "any news from the bank?",
)
EXAMPLES += (
    # taken through it, where things stand, how far along, a recap
    ("run me through the wedding plan", "wedding"),
    ("talk me through where I am with Rex", "Rex"),
    ("where do things stand with the mortgage", "mortgage"),
    ("how far have I got with the wedding", "wedding"),
    ("what's the plan with Rex again?", "Rex"),
    ("where's everything at?", ""),
    ("what have I got going on", ""),
    ("recap please", ""),
    ("quick summary of the wedding?", "wedding"),
)
NEAR_MISSES += (
    "a summary of the meeting was sent",
    "the summary is wrong",
    "recap the meeting for me",
    "run through the checklist",
    "talk me through how this works",
    "what's the plan for tonight",
)
NEAR_MISSES += (
    # a word that opens news, not a question
    "update, got the quotes back",
    "progress! booked the van",
    "news: the council rang back",
)
EXAMPLES += (
    # what is on across every plan, said however, now or "atm"
    ("what have i got on across everything atm", ""),
    ("what've I got on at the moment", ""),
    ("what do we have on across all my plans right now", ""),
    ("what have I got on with the allotment", "allotment"),
)
NEAR_MISSES += (
    "what have I got on my shoe",
    "what have I got to lose",
)
EXAMPLES += (
    # a label before the question names the plan; who is writing opens it
    ("quiz night - what have I still got to do?", "quiz night"),
    ("the allotment: what's left?", "allotment"),
    ("Thandi here again 🙈 what's still outstanding for the grade 3 braai??", "grade 3 braai"),
    ("Mo here, what's left for the wedding", "wedding"),
)
NEAR_MISSES += (
    "quiz night - booked the hall",
    "nothing here, what a mess",
)
EXAMPLES += (
    # how a plan stands, by the grammar of the question: where + who + standing, how + who
    # + going, how + the thing + going, what + happening / still needs doing, how much left
    ("where are we at with the loft conversion", "loft conversion"),
    ("where do we stand on the mortgage?", "mortgage"),
    ("how are we getting on with the allotment", "allotment"),
    ("how's the garden makeover shaping up", "garden makeover"),
    ("what's been happening with the passport", "passport"),
    ("what still needs doing for the christening", "christening"),
    ("how much more is there to do on the shed", "shed"),
    ("can you remind me what I've got left on the visa stuff", "visa"),
)
NEAR_MISSES += (
    "how's your day going",
    "how are you getting on",
    "what's happening with you",
    "how's it going",
    "how much is the shed",
    "where do I stand the ladder",
)


# -- how a plan stands, asked in any words ---------------------------------------------------
#
# The forms above are phrases people were seen to use. ``state_question`` reads the class
# instead, by three word classes and the grammar of a question: the message opens as a
# question (a question word) or as a request to be told or shown; among its words is one that
# asks how things stand or what is still to do (``STATE_WORDS``); and what is left, once the
# question's own words are gone, is what it is about — a plan's name, or nothing (every plan).
# It never decides which plan: the rules do, and show nothing when the words name none.
#
#   what remains on the kitchen job?          → "kitchen job"
#   which bits of the party are still to sort → "party"
#   remind me what the plan is for the garden → "garden"
#   whats the loft looking like               → "loft"
#
# Questions of when, how long, how much, who or why ask something else, and so does a
# question about the person or drbot ("how are you doing", "what can you do").
_QUESTION_OPENS = re.compile(
    r"^(?:what(?:'?s|'?re|\s+is|\s+are)?|where(?:'?s|\s+is|\s+are)?|how(?:'?s|\s+is|\s+are)?|"
    r"which)\b",
    re.I,
)
_REQUEST_OPENS = re.compile(
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:(?:please|pls|plz|kindly|just)\s+)*"
    r"(?:(?:show|tell|remind|give|send|list|update|fill)\s+(?:me|us)|list|show)\b",
    re.I,
)
# Words that ask how things stand or what is still to do: what is left, what comes next, where
# things are, how far along, the state or the list of it.
STATE_WORDS = frozenset(
    {
        "left", "remain", "remains", "remaining", "still", "outstanding", "pending", "next",
        "todo", "status", "state", "progress", "stand", "stands", "far", "along", "looking",
        "shaping", "happening", "latest", "rundown", "recap", "summary", "overview", "plan",
        "plans", "list", "lists", "stuff", "bits", "things", "go", "going", "up", "sorted",
    }
)  # fmt: skip
# Words of the question itself, never what it is about.
_QUESTION_WORDS = frozenset(
    {
        "what", "whats", "what's", "where", "wheres", "where's", "how", "hows", "how's", "which",
        "is", "are", "am", "was", "be", "been", "do", "does", "did", "have", "has", "had", "got",
        "get", "i", "i've", "ive", "we", "we've", "we're", "i'm", "im", "me", "us", "my", "our",
        "the", "a", "an", "of", "on", "for", "with", "in", "at", "to", "about", "re", "there",
        "still", "need", "needs", "needed", "doing", "done", "sort", "sorting", "like", "again",
        "now", "currently", "so", "far", "yet", "it", "that", "this", "these", "those", "all",
        "show", "tell", "remind", "give", "send", "update", "fill", "can", "could", "would",
        "will", "you", "u", "please", "pls", "plz", "kindly", "just", "one", "thing", "job",
        "side", "project", "else", "anything", "more", "gotta", "days",
        "atm", "rn", "moment", "right", "already", "then",
    }
)  # fmt: skip
# What a question asks when it is not how things stand: a time, an amount, a person, a reason
_ASKS_SOMETHING_ELSE = re.compile(
    r"^(?:what\s+time|what\s+day|what\s+date|how\s+(?:long|much|many|often|old|come)|"
    r"where\s+(?:do|does|did|should|can|could)\s+i\s+(?!stand)|which\s+(?:one|day|time|way)\b)|"
    r"\b(?:you|u|your|ur|yours|yourself|drbot|bot)\b|\bwhen\b|\bwho\b|\bwhy\b|\bcost\b|\bprice\b",
    re.I,
)


def state_question(text: str) -> str | None:
    """What a question of how things stand is about ("" for every plan), or None when the
    text is no such question. Read by word classes, not by phrase."""
    asked = without_opening(text)
    asked = re.split(r"[?!.;,]\s|[?!.;]$|\s[-—]\s", asked, maxsplit=1)[0].strip(" ,.!?")
    asked = re.sub(r"^(?:hi|hey|hiya|hello|abeg|oi|so|ok)\b[\s,!:]*", "", asked, flags=re.I)
    if not (_QUESTION_OPENS.match(asked) or _REQUEST_OPENS.match(asked)):
        return None
    if _ASKS_SOMETHING_ELSE.search(asked):
        return None
    words = re.findall(r"[\w'&]+", asked.lower())
    if not any(w in STATE_WORDS or w in ("to-do", "todo") for w in words) and not re.search(
        r"\bto\s*-?\s*do\b|\bon\s+the\s+go\b|\bup\s+to\b", asked, re.I
    ):
        return None
    rest = [w for w in words if w not in _QUESTION_WORDS and w not in STATE_WORDS]
    # "for sam's birthday", "the kitchen job": what the question is about, in its own order
    return " ".join(rest)


STATE_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("what remains on the kitchen job?", "kitchen"),
    ("which bits of the party are still to sort", "party"),
    ("remind me what the plan is for the garden", "garden"),
    ("whats the loft looking like", "loft"),
    ("what's the next thing for the party?", "party"),
    ("list my stuff for sam's birthday pls", "sam's birthday"),
    ("where are things up to with the allotment", "allotment"),
    ("how's the shed project going these days?", "shed"),
    ("what's pending", ""),
)
STATE_NEAR_MISSES: tuple[str, ...] = (
    "what time is the van coming",
    "how much is left to pay the builder",
    "how are you doing",
    "what's the plumber's number",
    "where do I put the bins",
    "which one is cheaper",
    "booked the hall, what's next is the cake",
    "who is still coming to the party",
    "still waiting on the van",
)
