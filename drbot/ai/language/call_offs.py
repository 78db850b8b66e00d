"""A thing called off: no longer needed, or replaced, said in any of the everyday ways.

    no grotto this yr, both kids say theyre too old for santa
    Eye drops not required, hospital is giving them in the kit itself
    levy doesnt apply on brown st, jobs under 65k
    mehendi artist cancelled on us 😭 … so instead i just need to ask her and buy the cones
    Coach says the team brings the chargers so Maya doesn't need to pack any. scratch that one

``called_off`` returns the words that may name what is called off, in order of trust: the
thing after a word that calls it off ("no", "forget", "not bothering with", "dropping",
"don't need"), the thing before words that say it is off ("… not required", "… doesn't
apply", "… cancelled on us", "… isn't happening"), and for a bare "scratch that one" the
sentence before it. It reads only that something is called off, never which step, nor
whether it is certain: the rules offer it ([Skip] / [Replace] / [Just note it]) when no
other reading wrote anything. A remark ("no problem", "no worries", "not bad") and an
attempt that failed for now ("no answer", "not today") call nothing off.
"""

from __future__ import annotations

import re

from drbot.ai.language import hedges, step_match
from drbot.ai.language.plan_phrases import STEP_VERBS, cap
from drbot.ai.language.replacements import in_order_after_summary, items, says_what_to_do

_FORGET_NOT = re.compile(hedges.FORGET_NOT, re.I)
# "no need for …", "no need to …", and as people type it in Singapore, Malaysia, Cape Verde
# or Hong Kong English, the thing or its verb right after: "no need photos" (z162), "no need
# a van" (z174), "no need airbed anymore" (z196), "no need buy shoes". Never a word that is
# no thing: "no need lah", "no need already", "no need, thanks", "no need worry".
NO_NEED = (
    r"no\s+need(?:\s+(?:for|to)\b|(?=\s+(?:a\s+|an\s+|the\s+|any\s+)?[a-z]{3,}\b)"
    r"(?!\s+(?:of|at|lah?|lor|leh|liao|ah|already|anymore|any\s+more|now|then|yet|worry|"
    r"worries|rush|hurry|panic|stress|thanks?|sorry|mate|bro|sis|dear|actually|really|though|"
    r"one|it|that|this|them|him|her|me|us|you|anything|nothing|all|reply|answer)\b))"
)
# Words that call off the thing said after them
_OFF_BEFORE = re.compile(
    r"(?:^|(?<=[\s,.;:!?—(-]))(?:"
    # "no grotto this yr", "no DJ, Uncle Pat is bringing the accordion", "dad says no van"
    r"no(?:\s+more)?(?!\s+(?:from|to|for|with|at|on|in|of|by|about|not|i|we|you|he|she|they|it|its|it's|that|thats|this|need|reply|answer|response|luck|joy|sign|word|news|one|idea|rush|worries|"
    r"worry|problem|probs|prob|time|chance|way|sooner|longer|doubt|clue|point|matter|big\s+deal|"
    r"thanks|ta|bother|hassle|stress|sweat|fuss|biggie|go|show|change|update|progress|"
    r"issue|issues|reason|wonder|offence|harm|pressure|rest|sleep|signal|power|water|"
    r"money|cash|budget|room|space|stock|spaces|slots|dates|availability|appointments)\b)|"
    r"forget(?:\s+about)?|scrap|scratch|ditch|bin|skip(?:ping)?|"
    # ("drop off the keys", "drop it round": a thing taken somewhere, never called off)
    r"drop(?:ping)?(?!\s+(?:off|aff|round|by)\b)|"
    # "not bothering w the internet", "decided not to bother with the blister packs", "not
    # fussed about the about page anymore"
    r"not\s+(?:to\s+)?bother(?:ing)?\s+(?:with|w/?|about)|not\s+fussed\s+(?:about|abt|on|with)|"
    r"(?:won'?t|will\s+not|shan'?t|not\s+going\s+to|not\s+gonna)\s+bother(?:\s+(?:with|w/?))?|"
    # "I won't be buying one after all": a doing called off, said of the future
    r"(?:won'?t|will\s+not|shan'?t)\s+be(?=\s+\w+ing\b)|"
    r"(?:do|does|did)(?:n'?t|\s+not)\s+need(?:\s+to)?|dont\s+need(?:\s+to)?|dinnae\s+need|"
    r"(?:won'?t|will\s+not|shan'?t)\s+need(?:\s+to)?|" + NO_NEED + "|"
    r"(?:do|does)(?:n'?t|\s+not)\s+want|decided\s+against|g[ai]ve\s+up\s+on|"
    r"not\s+worth(?=\s+\w+ing\b)|"
    # "not replacing the loo seat after all", "I'm not reading it to her"
    r"(?:(?:i'?m|im|we'?re|i\s+am|we\s+are)\s+)?not(?=\s+\w+ing\b)(?!\s+(?:going|gonna|being|"
    r"feeling|looking|working|doing\s+(?:well|great|good|too|so)|sleeping|coming|getting\s+"
    r"(?:any|on|anywhere|far))\b)|"
    r"(?:(?:i'?m|im|we'?re|i\s+am|we\s+are)\s+)?not\s+(?:going\s+to|gonna)(?=\s+\w)"
    r"(?!\s+(?:be|bother|the|a|an|my|our|work|happen)\b)|"
    r"instead\s+of|rather\s+than|swap|leave(?=\s+(?:the|that|those)\b)"
    r")\s+(?:me\s+|us\s+)?(?:the\s+|a\s+|an\s+|my\s+|our\s+|any\s+|whole\s+)*"
    r"(?P<thing>[^,.;:!?—()]+?)"
    r"(?=\s*(?:[,.;:!?—()]|\s-\s|$)|\s+(?:so|as|cos|coz|because|since|but|instead|anymore|"
    r"any\s+more|after\s+all|this\s+(?:year|yr|time|round|go)|now|then|for\s+now|tbh|"
    r"honestly|lol|either|(?:she|he|they|we|i|you|it)(?:'s|s|'re|'ll|'m|'ve|'d)?\b))",
    re.I,
)
# Words that say the thing before them is off
_OFF_AFTER = re.compile(
    r"(?:^|[.!?;,—]\s*|\b(?:says?|said|reckons?|thinks?|told\s+(?:me|us)|so|and|but|ok|okay|"
    r"right|well|actually)\s+)(?:the\s+|my\s+|our\s+|a\s+)?"
    r"(?P<thing>(?:(?!\b(?:says?|said|reckons?|thinks?|so|and|but)\b)[^,.;:!?—()]){2,50}?)\s*"
    r"(?:(?:is|are|'s|’s|'re|was|were)\s+(?:(?:now|just|totally|completely|definitely)\s+)?"
    r"(?:off(?:\s+the\s+table)?(?!\s+(?:today|tonight|tomorrow|sick|ill|work|till|until|til|"
    r"for|this|next|on|at|to|in)\b)|out(?=\s*(?:[,.;!?—]|$)|\s+(?:so|instead|now)\b)|a\s+no[\s-]?go|a\s+non[\s-]?starter|not\s+happening|pointless|overkill|"
    r"dead|cancell?ed|scrapped|not\s+(?:needed|required|necessary|an\s+option)|"
    r"no\s+longer\s+(?:needed|required|necessary|happening)|not\s+worth\s+it|stuffed)|"
    r"(?:isn'?t|aren'?t|is\s+not|are\s+not)\s+(?:happening|going\s+ahead|needed|required|"
    r"necessary)|not\s+(?:needed|required|necessary)|"
    r"(?:won'?t|will\s+not)\s+(?:happen|work|fix\s+it|do)|"
    r"(?:do|does)(?:n'?t|\s+not)\s+apply|dont\s+apply|doesnt\s+apply|"
    r"cancell?ed\s+on\s+(?:us|me)|fell\s+through|let\s+(?:me|us)\s+down)\b",
    re.I,
)
# "scratch that one", "dinnae need that one", "take that off": the thing is said before
_OFF_THAT = re.compile(
    r"\b(?:(?:scratch|scrap|forget|drop|bin|ditch|skip|remove|delete)\s+(?:that|this|it)"
    r"(?:\s+one)?(?:\s+(?:off|out))?|(?:take|cross|strike|knock)\s+(?:that|this|it)(?:\s+one)?\s+off|"
    r"(?:(?:do|does)(?:n'?t|\s+not)\s+need|dont\s+need|dinnae\s+need|won'?t\s+need|"
    r"no\s+need\s+for)\s+(?:that|this|it)(?:\s+one)?)\b",
    re.I,
)
# "change of plan on the compost", "change for the bread -": what changes, said as a topic
_CHANGE_OF = re.compile(
    r"^(?:(?:ok|okay|right|so|actually)[\s,]+)?(?:(?:slight|small|quick|little|big)\s+)?"
    r"(?:change(?:\s+of\s+plans?)?|plan\s+change)\s+(?:on|for|with|re|about|to|regarding)\s+"
    r"(?:the\s+|my\s+|our\s+)?(?P<thing>[^,.;:—!?]{2,40}?)\s*(?=[,.;:—!?]|\s-\s)",
    re.I,
)
# Said as a question, a wish or a condition: nothing is called off yet
_NOT_SAID = re.compile(
    r"\?\s*$|\b(?:maybe|might|perhaps|should\s+i|shall\s+i|do\s+i|can\s+i|if|whether|unless|"
    r"thinking\s+(?:of|about)|wondering|"
    # not yet, or only for now: "no not found the logbook yet", "leave that till then"
    r"yet|till|until|til|for\s+now|for\s+a\s+(?:bit|while|few\s+\w+|week|month)|later)\b",
    re.I,
)
# Words in a called-off thing that name nothing of a step
_NOISE = re.compile(
    r"\b(?:thing|bit|stuff|part|idea|plan|step|one|ones|myself|ourselves|really|just|even|"
    r"all|whole|any|this|that|it|them|w|abt)\b",
    re.I,
)


# A thing brought by someone else, said with "drop": "Vernon finally drop off di money lass
# nite" (z220), "sister joyce drop off de robes by mi mudda house" (z219), "Benny's truck just
# drop di zinc by mi gate" (z220), "Hùng dropped the extra bánh phở this morning" (z144),
# "Deacon Mensah dropped the booklets at church" (z193). Its subject is someone other than
# the person (a name, "the courier", "Benny's truck"), and where or when the thing was left
# is said: a particle ("off", "round", "over", "by"), a place or the day. "Drop the
# tickets", "so drop that one", "we dropped the caterer idea", "I'm dropping the mocks", "the
# call dropped", "the price dropped to $120" and "Jen will drop off the keys friday" call
# something off, or bring nothing.
_NOT_A_GIVER = (
    r"i|we|me|mi|ah|a|you|u|ya|yall|y'all|they|it|its|it's|that|this|which|who|to|will|ll|"
    r"can|could|would|should|must|may|might|shall|gonna|wanna|gotta|pls|plz|please|so|and|or|"
    r"then|ok|okay|yeah|yes|yep|no|nah|just|not|never|also|lets|let's|let|dont|don't|didnt|"
    r"didn't|wont|won't|cant|can't|has|have|had|ve|d|s|i've|ive|we've|weve|i'd|we'd|i'm|im|"
    r"we're|were|are|is|was|be|been|being|lol|mate|bro|sis|now|maybe|guess|think|price|"
    r"prices|call|line|signal|rate|rates|cost|costs|fee|fees|temperature|temp|pressure|"
    r"phone|connection|wifi|battery|ball|idea|plan|the|a|an|my|our|to|gon|finna|"
    r"tryna|try|tried|trying|want|wants|need|needs"
)
_DELIVERED = re.compile(
    r"(?:^|(?<=[\s,.;:!?—(]))(?!(?:" + _NOT_A_GIVER + r")\b)(?P<who>[^\W\d_][\w'’]*)\s+"
    r"(?:(?:just|finally|already|also|kindly|even|actually|came\s+and|come\s+an[d]?)\s+)*"
    r"(?P<verb>(?:dropped|drop|dropt|drops)(?:\s+(?:off|aff|round|over|by)\b)?)"
    r"(?=\s+(?:off|aff|round|over|by)\b|"
    # …or, its thing after it, where or when it was left: "drop di zinc by mi gate"
    r"\s+(?!(?:to|in|out|from|down|dead|away|everything|it\s+all)\b)[^,.;:!?—]*?\b"
    r"(?:off|aff|round|over|by|at|outside|into|this\s+(?:morning|afternoon|arvo|evening)|"
    r"last\s+(?:night|nite|evening)|lass\s+(?:night|nite)|yesterday|yday|today|tonight|"
    r"earlier)\b)",
    re.I,
)


def delivered(text: str) -> list[tuple[int, int]]:
    """Where a thing is said brought by someone else with the verb "drop" (see ``_DELIVERED``):
    the spans of the verb and its particle, for the readers to take for an arrival, never a
    call-off; [] when there is none."""
    return [m.span("verb") for m in _DELIVERED.finditer(text)]


def without_deliveries(text: str) -> str:
    """The text with each verb of a thing brought by someone else blanked, of the same length
    (positions read in it stand in the text): what is left may still call something off."""
    for start, end in delivered(text):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def called_off(text: str) -> tuple[str, ...]:
    """The words that may name what the message calls off, the likeliest first; () when it
    calls nothing off (or asks, wishes or supposes it)."""
    # "don't let me forget the contract": a reminder asked, the contract called off by no one
    text = _FORGET_NOT.sub("remember", " ".join(text.split()))
    # "Vernon finally drop off di money": the money brought, nothing called off
    text = " ".join(without_deliveries(text).split())
    if hedges.hedge(text) == "asked":
        return ()  # "so shall we skip the quotes": asked by its word order, mark or none
    found = [
        _swapped(m) for m in _OFF_BEFORE.finditer(text) if not _supposed(text, m.start(), m.end())
    ]
    found += [
        m["thing"]
        for m in _OFF_AFTER.finditer(text)
        if not _supposed(text, *m.span())
        # a thing is said in a few words, never a clause of its own ("while the sun was out")
        and len(m["thing"].split()) <= 6
        and not re.search(r"\b(?:while|when|as|because|since|if)\b", m["thing"], re.I)
    ]
    change = _CHANGE_OF.match(text)
    if change is not None and not _supposed(text, *change.span()):
        found.append(change["thing"])  # (last: a topic names a plan as often as a step)
    that = _OFF_THAT.search(text)
    if that is not None and not _supposed(text, *that.span()):
        # what the sentence (or clause) before it says: "Maya doesn't need to pack any"
        before = text[: that.start()].strip(" ,.;:—-")
        found.append(re.split(r"(?<=[.!?;])\s+", before)[-1] if before else "")
        found.append(before)
    words = (
        " ".join(_NOISE.sub(" ", _LEAD.sub("", thing)).split()).strip(" ,.;:—-'") for thing in found
    )
    # a thing names something: "that's a no from them" calls off no "from"
    return tuple(dict.fromkeys(w for w in words if len(w) >= 2 and step_match.content_stems(w)))


# Words before a thing that are no part of it: "ok the SHIP counselor thing isn't happening"
_LEAD = re.compile(r"^(?:(?:ok|okay|right|well|so|actually|and|but|oh|yeah|also)[\s,]+)+", re.I)


def _swapped(found: re.Match[str]) -> str:
    """ "swap the 15k long run for a 10k trail run": what goes ends before "for"."""
    if found.group(0).lower().startswith("swap"):
        return re.split(r"\s+(?:for|with)\s+", found["thing"], maxsplit=1, flags=re.I)[0]
    return found["thing"]


def _supposed(text: str, start: int, end: int) -> bool:
    """The sentence that calls it off asks, wishes or supposes it ("should I skip the
    survey?", "if the bank says no, forget the loan"); a condition in a later clause ("forget
    the deposit, there isn't one if we pay monthly") leaves it called off."""
    opens = max(text.rfind(mark, 0, start) for mark in ".!?;") + 1
    closes = min(
        (i for i in (text.find(mark, end) for mark in ".!?;,") if i >= 0), default=len(text)
    )
    return (
        _NOT_SAID.search(text[opens:closes] + (text[closes] if closes < len(text) else ""))
        is not None
    )


# Where what comes instead starts: the last "instead" (not "instead of"), "new plan:", "so:"
_INSTEAD_MARK = re.compile(
    r"\binstead\b(?!\s+of\b)\s*[:,]?|\binstead\s+of\s+[^:.;!?]{1,40}:|\bnew\s+plan\s*:|\bso\s*:",
    re.I,
)
# Who will do it, before what they will do: "I'll", "i just need to", "we're gonna"
_WILL = re.compile(
    r"^(?:(?:so|and|then|now)\s+)*(?:(?:i|we)(?:'ll|\s+will|'m|'re|'ve|\s+am|\s+are)?\s+)?"
    r"(?:(?:just|only|now|probably)\s+)?(?:(?:need|have|want|got)\s+to|(?:gonna|going\s+to)|gotta|must|should|"
    r"(?:'ll|will)(?=\s))?\s*(?:just\s+)?",
    re.I,
)
# "swap the 15k long run for a 10k trail run and a 12k road run": the things that come in
_SWAP_FOR = re.compile(
    r"\bswap\s+(?!(?:those|these|them|it|that)\s+in\b)[^,.;:!?]+?\s+for\s+(?P<new>[^.;!?]+?)(?:\s+instead)?\s*[.!]*$",
    re.I,
)
# A word that starts a thing, never what to do
_NO_VERB = frozenset("a an the some my our his her their it that this those them".split())


# Where what comes instead starts when no word says "instead": the person's will said after
# what is called off ("not replacing em. just brace the old ones and re-strain the wire", "…
# after all I just need to ask boots …", "Plan now is get the tractor …", "I'll do it myself")
_WILL_AFTER = re.compile(
    r"(?:(?<![\w'])(?:(?:i|we)\s+(?:just\s+|only\s+)?(?:need|have)\s+to|(?:i|we)'?ve\s+got\s+to|"
    r"(?:i|we)\s+will|i'?ll|we'?ll|(?:i'?m|we'?re|im)\s+(?:gonna|going\s+to)|gonna|gotta|"
    r"(?:the\s+)?(?:new\s+)?plan\s+(?:now\s+)?is(?:\s+now)?|plan\s+now\s*:)"
    r"|(?:^|(?<=[.!?,;—–-]\s)|(?<=[.!?,;—–-]))\s*just)\s+(?:just\s+)?",
    re.I,
)
# A step said with its condition first: "if it gets messy I'll book a walk-in" is the booking
_IF_FIRST = re.compile(r"^if\b[^,]*?,?\s*\b(?:i'?ll|i\s+will|we'?ll|then)\s+", re.I)


def _will_after_call_off(text: str) -> str:
    """What the person will do, said after the first words that call something off; "" for
    none."""
    words = called_off(text)
    if not words:
        return ""
    # the words as read may leave out a word said between them ("not paying a shop just to
    # quote me"): then from the first of them
    at = text.lower().find(words[0].lower())
    at = at if at >= 0 else text.lower().find(words[0].split()[0].lower())
    if at < 0:
        return ""
    found = _WILL_AFTER.search(text, at + len(words[0]))
    if found is None:
        return ""
    return re.split(r"(?<=[.!?])\s+", text[found.end() :].strip(), maxsplit=1)[0].strip(" .!")


def instead_steps(text: str) -> tuple[list[str], bool]:
    """What comes instead, as new steps, and whether they are things with no verb of their
    own ("swap X for a 10k trail run and a 12k road run"); ([], False) for none. Each step
    must start with what to do, or follow words of who will do it ("instead I'll have
    coffee with Carol"). Steps the person put in order after a summary of the new way are
    those steps (``replacements.in_order_after_summary``: "my friend says better first do …,
    then apply …")."""
    message, text = text, " ".join(text.split())
    swap = _SWAP_FOR.search(text)
    if swap is not None:
        things = [cap(t) for t in re.split(r"\s*,\s*|\s+and\s+", swap["new"]) if t.strip()]
        if things and all(t.split()[0].lower() in _NO_VERB for t in things):
            return things, True
    marks = list(_INSTEAD_MARK.finditer(text))
    if not marks:
        said = _will_after_call_off(text)
        if not said:
            return [], False
        return in_order_after_summary(message, _steps_said(said, willed_any=True)), False
    said = re.split(r"(?<=[.!?])\s+", text[marks[-1].end() :].strip(), maxsplit=1)[0].strip(" .!")
    if not said and marks[-1].group(0).strip().lower() == "instead":
        # "scrap the half. doing parkrun sat + a 15k time trial instead": what comes before a
        # last "instead", in its own sentence
        said = re.split(r"(?<=[.!?;,])\s+", text[: marks[-1].start()].strip())[-1]
    said = re.sub(r"\s+\+\s+", ", ", said)  # "parkrun sat + a 15k time trial"
    willed = _WILL.match(said)
    willed_any = willed is not None and willed.end() > 0
    # after a colon ("instead: Noor sets up a shared space …") a step may be told by who does it
    listed = marks[-1].group(0).rstrip().endswith(":")
    steps = _steps_said(said[willed.end() :] if willed is not None else said, willed_any, listed)
    return in_order_after_summary(message, steps), False


def _steps_said(said: str, willed_any: bool, listed: bool = False) -> list[str]:
    """The steps of what comes instead; [] when one does not start with what to do (nor
    follows the words of who will do it, nor, ``listed`` after a colon, says who does it)."""
    steps: list[str] = []
    for step in items(said):
        bare = _IF_FIRST.sub("", _WILL.sub("", step, count=1).strip(" ,."), count=1)
        first = bare.split()[0].lower() if bare.split() else ""
        if steps and first in _NO_VERB - {"it", "that", "this", "those", "them"}:
            # a thing with no verb of its own takes the verb before it: "doing parkrun sat,
            # a 15k time trial" is "Doing a 15k time trial"
            thing = bare if bare[1:2].isupper() else bare[:1].lower() + bare[1:]
            bare, first = f"{steps[-1].split()[0]} {thing}", steps[-1].split()[0].lower()
        if not first or first in _NO_VERB or len(bare.split()) < 2:
            return []  # (a verb alone acts on nothing: "the library has one I'll use")
        if not (
            first in STEP_VERBS
            or willed_any
            or (first.endswith("ing") and len(first) > 4)
            or (listed and says_what_to_do(bare))
        ):
            return []
        steps.append(cap(bare))
    return steps


# What the reader must read (a called-off thing's words, the first of them), and what it must
# leave alone (tests/test_readings.py)
EXAMPLES: tuple[tuple[str, str], ...] = (
    ("no bouncy castle this yr, the kids are too big for it", "bouncy castle"),
    ("Sunscreen not required, the resort hands it out at the pool", "Sunscreen"),
    ("parking permit doesnt apply on our street, it's free after 6", "parking permit"),
    ("not bothering w the printer, the library has one", "printer"),
    ("not fussed about the bunting anymore, nobody will notice", "bunting"),
    ("dropping the french lessons, no time with the new job", "french lessons"),
    ("the florist cancelled on us so instead i'll ask my aunt and buy the stems", "florist"),
    ("mum says no cake, she's baking one herself", "cake"),
    ("Tom reckons the team brings the cones, so we don't need to buy any. scratch that one", "buy"),
    ("leave the gutters, dad says they're fine as they are", "gutters"),
    ("not replacing the kettle after all, descaled it and it's grand", "replacing the kettle"),
    ("we won't bother painting the shed, it's coming down in spring", "painting the shed"),
    (
        "change of plan for the cake - my sister will bake it, so I'll buy candles and a stand",
        "cake",
    ),
    ("Gran is lending us her travel cot so I won't be buying one after all", "buying"),
    ("no need a van, my brother has a Transit and he will help us", "van"),
    ("no need airbed anymore, mum is staying in the hotel", "airbed"),
)
NEAR_MISSES: tuple[str, ...] = (
    "no problem, the fence is up",
    "no answer from the plumber again",
    "not bad, got the tiles sorted",
    "should I skip the survey?",
    "if the bank says no, forget the loan",
    "maybe no marquee this year",
    "not going to the gym today",
    "the plumber is out today, will ring tomorrow",
    "no worries, booked the van",
    "the electrician is off sick till monday",
    "no not found the logbook yet",
    "rang the caterer, they want 60 people minimum so that's a no from them",
    "so shall we drop the balloons",
    "could we forget the bunting",
    "can we leave that till then",
    "snapped all the pics while the sun was out",
    "a Mr Doyle does longcase clocks, and he's agreed to take it on",
    "don't let me forget the bunting, the fete is saturday",
    "make sure I don't forget the cake",
    "no need lah, thanks",
    "no need worry, i settle it",
    "no need already, the van is fixed",
)

# What comes instead: (text, new steps, said as things)
INSTEAD_EXAMPLES: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    (
        "the caterer isn't happening. instead I'll ask my aunt to cook and then borrow a gazebo",
        ("Ask my aunt to cook", "Borrow a gazebo"),
        False,
    ),
    (
        "florist cancelled on us so instead i just need to buy the stems and make the posies",
        ("Buy the stems", "Make the posies"),
        False,
    ),
    (
        "scrap the 10k. doing a park run sat + a hill session the week after instead",
        ("Doing a park run sat", "Doing a hill session the week after"),
        False,
    ),
    (
        "trainer says swap the hill sprints for a long walk and a swim instead",
        ("A long walk", "A swim"),
        True,
    ),
    # no "instead": the person's will said after what is called off
    (
        "change of plan on the strainers, not replacing em. just brace the old ones and "
        "re-strain the wire",
        ("Brace the old ones", "Re-strain the wire"),
        False,
    ),
    (
        "the surgery says I dont need to change pharmacy after all I just need to ask boots to "
        "deliver and then tell the surgery",
        ("Ask boots to deliver", "Tell the surgery"),
        False,
    ),
    (
        "Forget fitting the pump myself. Plan now is get the tractor down to Grants and then "
        "pick it up",
        ("Get the tractor down to Grants", "Pick it up"),
        False,
    ),
    (
        "not paying a tax man. I'll do it myself online and if it gets messy I'll book a walk-in",
        ("Do it myself online", "Book a walk-in"),
        False,
    ),
    (
        "the DPS thing is out. instead I've got to send a letter, then file a claim on MCOL",
        ("Send a letter", "File a claim on MCOL"),
        False,
    ),
)
INSTEAD_NEAR_MISSES: tuple[str, ...] = (
    "scrap the 10k. the weather is awful instead",
    "forget the cake. a friend is baking one instead",
    "the lender will value it and dad will look round. swap those in for the survey",
    "the caterer isn't happening, gutted",
    "instead of the van we took the car",
    "instead it's at mum's",
    "I'll ring them tomorrow, no cake this year",
    "dropping the french lessons, no time with the new job",
    "not bothering w the printer, the library has one I'll use",
)
