"""A step replaced in words: the step it names and the new steps, without "replan".

    instead of decluttering the spare room myself I'm gonna flog the wardrobe and get a firm in
    police cert is way more faff than one step. instead of that I need to: request it, courier it
    split stripping the tiles into two jobs - walls this weekend, then the floor

``read_replacement`` returns ``(old, steps)``: the words that name the step being
replaced and two or more new steps; None when the text replaces nothing. Finding the step
is the matcher's job; a reading whose step is not clear is asked, never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drbot.ai.language.plan_phrases import (
    STEP_VERBS,
    cap,
    one_action_each,
    someone_does,
    verb_of_ing,
)
from drbot.ai.language.plan_prose import items as _items

# The change said of the step the words before named, a pointer and its colon: "change it:",
# "change that:" (z69, z142, z221, z233), and the pointer with a word for a step ("change that
# part:", "change this bit:", "change that one:", "change that step:"; z275) — the way the
# person's complaint just named is what goes, and the new way follows the colon. Never a plan
# of its own, nor "change it" with no colon ("can't change it", "change it back").
CHANGE_POINTED = (
    r"change\s+(?:it|that|this)(?:\s+(?:part|bit|one|step|thing|bit\s+of\s+it))?(?=\s*:)"
)


# A remark closing the new steps, no step of its own: "…, much less hassle", "way cheaper"
_REMARK = re.compile(
    r"^(?:(?:much|way|far|a\s+lot|so\s+much|heaps|loads)\s+)?(?:less|more|cheaper|easier|quicker|"
    r"simpler|better|faster)\b(?:\s+\w+){0,3}$|^(?:saves?|saving)\s+(?:a\s+)?\w+(?:\s+\w+)?$",
    re.I,
)


# The person's own reaction after the new steps, no step of its own: a verdict or a feeling
# said as a sentence ("Suits me", "fine by me lol", "No idea what that is but ok!", "sounds
# like a plan", "happy days 👍", "phew"). Only ever said after the steps (the first new step
# stays whatever it says); a sentence that says what to do ("Ok, ring him first") is never one.
_REACTION = re.compile(
    r"^(?:(?:ok(?:ay)?|oh\s+well|well|honestly|tbh|so|and|but|lol|haha)[\s,]+)*(?:"
    r"(?:that\s+)?(?:suits|works\s+for|fine\s+(?:by|with)|good\s+(?:by|with)|ok(?:ay)?\s+(?:by|with))"
    r"\s+(?:me|us)|(?:that\s+)?sounds\s+(?:good|great|fine|ok(?:ay)?|better|easier|like\s+a\s+plan)|"
    r"happy\s+(?:days|with\s+that)|fair\s+enough|thank\s+(?:god|goodness|heavens)|"
    r"(?:no|not\s+a)\s+(?:idea|clue)\s+(?:what|why|how)\s+(?:that|this|it)(?:\s+(?:is|means|does))?|"
    r"not\s+sure\s+what\s+(?:that|this|it)\s+(?:is|means)|"
    r"whatever\s+that\s+(?:is|means)|even\s+better|"
    # exasperation at the change, no step: "make it make sense", "go figure", "you couldn't
    # make it up", "love that for me", "send help"
    r"make\s+it\s+make\s+sense|go\s+figure|(?:you\s+)?(?:couldn'?t|can'?t)\s+make\s+(?:it|this)\s+up|"
    r"love\s+that\s+for\s+(?:me|us)|send\s+help|kill\s+me(?:\s+now)?|what\s+a\s+(?:joke|palaver|faff)|"
    r"(?:un)?believable|typical|classic|ridiculous|unreal|fml|ffs|smh|ugh+|sigh|"
    r"(?:cool|nice|great|perfect|brilliant|lovely|sweet|phew|yay|result|winning|sorted|"
    r"fine|ok(?:ay)?|lol|haha|wow|bargain)"
    r")(?:[\s,]+(?:lol|haha|tbh|though|then|really|honestly|by\s+me|with\s+me|i\s+guess|"
    r"i\s+suppose|but\s+ok(?:ay)?|anyway))*[\s.!?]*$",
    re.I,
)
# A sentence break: a stop, or a run of emoji
_LAST_SENTENCE = re.compile(
    "(?:[.!?]+|\\s*[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+)\\s+"
    "(?P<last>[^.!?]+[.!?]*)\\s*$"
)
_ANY_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+")


# A wry remark on the thing, said of it with "is" and no verb to do: "bureaucracy is my muse",
# "admin is life now", "paperwork is so much fun", "the NHS is a joke". Its subject is a word or
# two that is no person and no step ("the last step is the interview" names one), and "is" is
# not the start of what someone does ("Tom is going to ring", "it's booked", "is to sign it").
_REMARK_SAID = re.compile(
    r"^(?!(?:i|we|you|he|she|they|it|this|that|there|here|what|which)\b)"
    r"(?:(?:the|my|our|this)\s+)?[a-z][\w'-]*(?:\s+[a-z][\w'-]*)?\s+(?:is|are)\s+"
    r"(?<!step\sis\s)(?<!steps\sare\s)(?<!thing\sis\s)(?<!part\sis\s)"
    r"(?:(?:truly|literally|honestly|officially|clearly|basically|just|so|such|always|never)\s+)*"
    r"(?:my|our|a|an|the|so|such|life|pain|hell|wild|brutal|hard|fun|exhausting|endless|"
    r"undefeated|unmatched)\b(?:\s+[\w'-]+){0,4}$",
    re.I,
)


def is_reaction(words: str) -> bool:
    """The person's verdict or feeling on a change, no step: "Suits me", "No idea what that is
    but ok!", "way cheaper 👍", "bureaucracy is my muse" (see ``REACTION_EXAMPLES``)."""
    bare = " ".join(_ANY_EMOJI.sub(" ", words).split()).strip(" ,.!?")
    return bool(bare) and bool(
        _REACTION.match(bare) or _REMARK.match(bare) or _REMARK_SAID.match(bare)
    )


def without_reaction(text: str) -> str:
    """``text`` without a last sentence that only reacts ("…, and pay his fee. Suits me")."""
    while (last := _LAST_SENTENCE.search(text)) is not None and is_reaction(last["last"]):
        text = text[: last.start()].rstrip()
    return text


REACTION_EXAMPLES = (
    "Suits me",
    "No idea what that is but ok!",
    "way cheaper 👍",
    "fine by me lol",
    "sounds like a plan",
    "happy days",
    "Perfect!",
    "make it make sense",
    "honestly you couldn't make it up",
    "typical lol",
    "bureaucracy is my muse",
    "paperwork is literally my life now",
    "the NHS is a joke",
    "admin is so much fun lol",
)
REACTION_NEAR_MISSES = (
    "ok ring him first",
    "sort the paperwork",
    "fine tune the engine",
    "No idea where the form is so ask Jo",
    "make the cake",
    "make sure the form makes sense",
    # "is" that names a step or starts what someone does
    "the last step is the interview",
    "Tom is going to ring them",
    "she is a nurse so ask her",
    "the form is at the office",
    "it's a bank transfer now",
)


# A new "step" that is a pastime, not a task: "we'll just do the beach and the ice cream
# place", "hit the pool instead", "take them to the zoo". A replacement whose new steps are
# pastimes may be a step skipped with news of the day around it: offered, never written.
_PASTIME = re.compile(
    r"^(?:do|go\s+to|go|hit|enjoy|visit|have|try|take\s+(?:them|him|her|the\s+\w+)\s+to)\s+"
    r"(?:the|a|an|some|our)?\s*(?:[\w'-]+\s+){0,2}?(?:beach|park|pool|zoo|aquarium|museum|"
    r"cinema|movies?|film|playground|ice[\s-]?cream|gelato|funfair|fair|walk|swim|"
    r"day\s+out|lie[\s-]in|beach\s+day|"
    r"boat\s+trip|theme\s+park|water\s+park|soft\s+play|bowling|mini[\s-]?golf)"
    r"(?:\s+[\w'-]+){0,2}$",
    re.I,
)
PASTIME_EXAMPLES = (
    "Do the beach",
    "Do the ice cream place",
    "hit the pool",
    "take the kids to the zoo",
)
PASTIME_NEAR_MISSES = (
    # (a party's own replacement is hosted, a task: "instead i'll do a bbq and buy cakes")
    "Do a bbq",
    "Go to the bank",
    "Do the paperwork",
    "Visit the council office",
    "Go to the park office to pay the fine",
)


def pastimes(steps: list[str]) -> list[str]:
    """The new steps that are pastimes, not tasks (``PASTIME_EXAMPLES``)."""
    return [step for step in steps if _PASTIME.match(" ".join(step.split()).strip(" .,!"))]


# "only then" / "only after that" between two steps is "then": "…, and only then buy the
# rest" is two steps, never a step "Only" (nor, given the verb before, "Test only")
_ONLY_THEN = re.compile(r"\bonly\s+(?=then\b|after\s+that\b|afterwards\b)", re.I)
ONLY_THEN_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "get a sample pot first, test it on a patch of the wall, and only then buy the rest",
        ("Get a sample pot first", "Test it on a patch of the wall", "Buy the rest"),
    ),
    ("ring the vet and only after that book the cattery", ("Ring the vet", "Book the cattery")),
    (
        "measure the alcove, only then order the shelves",
        ("Measure the alcove", "Order the shelves"),
    ),
)


def items(text: str) -> list[str]:
    steps = one_action_each(_items(without_reaction(_ONLY_THEN.sub("", text))))
    while len(steps) > 1 and is_reaction(steps[-1]):
        steps.pop()
    return steps


_WILL = (
    r"(?:make\s+it|(?:i'?m|im)\s+(?:gonna|going\s+to)|(?:i'?m|im)(?=\s+\w+ing\b)|i'?ll|i\s+will|we'?ll|we\s+will|(?:i|we)\s+(?:need|have|"
    r"want)\s+to|(?:i'?m|we'?re)\s+(?:gonna|going\s+to)|gonna|let'?s|it'?s|it\s+will\s+be)"
)
_FORMS = (
    # "instead of decluttering the spare room myself I'm gonna flog the wardrobe and …"
    re.compile(
        rf"^(?:instead\s+of|rather\s+than)\s+(?P<old>.+?)(?:\s*,\s*|\s+){_WILL}\s*:?\s+"
        rf"(?:just\s+)?(?P<steps>.+)$",
        re.I | re.S,
    ),
    # "police cert is way more faff than one step. instead of that I need to: a, b, c"
    re.compile(
        rf"^(?P<old>.+?)(?:\s+is|'s)\s+(?:way\s+|much\s+|a\s+lot\s+)?more\s+"
        rf"(?:work|faff|hassle|involved|complicated)\s+than\s+(?:one|a\s+single)\s+step"
        rf"[.!,;:—\s-]*(?:instead(?:\s+of\s+(?:that|it))?[,:]?\s*)?(?:{_WILL}\s*)?:?\s*"
        rf"(?P<steps>.+)$",
        re.I | re.S,
    ),
    # "the DPS dispute bit is more involved than I thought. instead of that one step I need to
    # register, then fill in the form"
    re.compile(
        rf"^(?P<old>.+?)(?:\s+is|'s)\s+(?:way\s+|much\s+|a\s+lot\s+)?more\s+"
        rf"(?:work|faff|hassle|involved|complicated)\b[^.!]*[.!]+\s*instead\s+of\s+"
        rf"(?:that|it|this)(?:\s+one)?(?:\s+step)?[,:]?\s*(?:{_WILL}\s*)?:?\s*"
        rf"(?P<steps>.+)$",
        re.I | re.S,
    ),
    # "the letting agent idea's off, way too pricey. instead I'll list it myself and …"
    re.compile(
        rf"^(?:the\s+)?(?P<old>.+?)\s+(?:idea\s*|plan\s*)?(?:is|'s|was)\s+(?:off|out|dead|"
        rf"scrapped|cancell?ed|not\s+happening|a\s+no-?go)\b[^.!;]*[.!;,]+\s*"
        rf"(?:so\s+)?instead\s*,?\s*{_WILL}\s*:?\s+(?P<steps>.+)$",
        re.I | re.S,
    ),
    # "change of plan, not flying. so instead of flights I need to book the eurostar, then …"
    re.compile(
        rf"^.*?[.!;,:]\s+(?:so\s+)?instead\s+of\s+(?P<old>.+?)(?:\s*,\s*|\s+)"
        rf"{_WILL}\s*:?\s+(?P<steps>.+)$",
        re.I | re.S,
    ),
    # "forget the removal van, instead I'll ship the boxes and sell the sofa"
    re.compile(
        rf"^(?:forget|scrap|ditch|drop|skip|bin|no\s+more)\s+(?:about\s+)?(?P<old>.+?)"
        rf"\s*[,.;—!-]+\s*(?:so\s+)?instead\s*,?\s*{_WILL}\s*:?\s+(?P<steps>.+)$",
        re.I | re.S,
    ),
    # "uni's gone digital so swap print and bind for: upload the pdf, fill in the form"
    # "change for the booking of the test." / "change on the vin chaud:" say what changes,
    # not what goes, and what goes is said in one sentence: a "for" sentences later ("…
    # impossible for me, so first …") swaps nothing
    re.compile(
        r"^(?:.*?(?:[.!;,]|\bso)\s+)?(?:swap|replace|switch|"
        # ("change w the inspector thing:" is "with": a topic, like "change for")
        # ("change plan for the licence card, …" too: "plan" is no step swapped)
        r"change(?!\s+of\s+plan)(?!\s+plans?\b)(?!\s+(?:for|on|about|to|in|of|with|w|re)\b))"
        # (what goes never runs past a colon: "change it: ask her neurologist for a referral,
        # then …" (z142) says the new steps after "change it:", and "for" is inside one)
        r"\s+(?P<old>(?:(?![.!?:]\s).)+?)\s+"
        r"(?:for|with)\s*:?\s+(?P<steps>.+)$",
        re.I | re.S,
    ),
    # "the fence job's bigger than i thought. gotta rip out the palings, then …"
    re.compile(
        rf"^(?P<old>.+?)(?:\s+is|'s)\s+(?:(?:way|much|a\s+lot|a|an|quite\s+a)\s+)*(?:more|bigger|"
        rf"harder|longer)\b[^.!]*?\bthan\s+(?:i|we)\s+thought[^.!—:-]*(?:[.!,:—]+|\s-)\s*"
        rf"(?:(?:actually|so|basically)[\s,]+)?(?:{_WILL}|gotta|need\s+to|have\s+to)?\s*:?\s*"
        rf"(?P<steps>.+)$",
        re.I | re.S,
    ),
    re.compile(
        rf"^(?P<old>.+?)(?:\s+is|'s)\s+more\s+than\s+(?:one|a\s+single)\s+(?:job|step|"
        rf"thing|task)\b[^.!]*[.!,]+\s*(?:(?:actually|so|basically)[\s,]+)?"
        rf"(?:{_WILL}|gotta|need\s+to|have\s+to)?\s*:?\s*(?P<steps>.+)$",
        re.I | re.S,
    ),
    # "shipping all the furniture is daft tbh. gonna sell the big stuff and send a few boxes
    # instead"
    re.compile(
        rf"^(?P<old>.+?)\s+(?:is|'s|seems)\s+(?:\w+\s+){{0,2}}?(?:daft|pointless|silly|"
        rf"stupid|overkill|a\s+waste(?:\s+of\s+\w+)?|not\s+worth\s+it|too\s+\w+)\b[^.!]*[.!]+\s*"
        rf"(?:so\s+)?{_WILL}\s*(?P<steps>.+?)\s+instead[.!]*$",
        re.I | re.S,
    ),
    # "change of plan for the delivery, the venue wants it at the caterers. so its drop the
    # cake at the caterers, then ring the venue"
    re.compile(
        rf"^change\s+of\s+plan\s+(?:for|on|with)\s+(?P<old>[^,.;—-]+)[,.;—-]+.*?[.!]\s*"
        rf"(?:so\s+)?(?:it'?s|its|it\s+is|now\s+it'?s|{_WILL})\s*:?\s+(?P<steps>.+)$",
        re.I | re.S,
    ),
    # "the reference letters need splitting up - one from the vicar and one from the school"
    # "actually the invites need to be split: print them, then post them"
    re.compile(
        r"^(?:(?:actually|so|ok|right)[\s,]+)?(?P<old>.+?)\s+(?:needs?|wants?|should)\s+"
        r"(?:splitting|breaking|to\s+be\s+split|to\s+be\s+broken|be\s+split|be\s+broken)"
        r"(?:\s+(?:up|down|into\s+\w+))?(?:\s+really)?\s*[—:,-]+\s*(?P<steps>[^.?!]+)",
        re.I | re.S,
    ),
    # "split stripping the tiles into two jobs - walls this weekend, then the floor"
    re.compile(
        r"^(?:split|break)\s+(?:up\s+)?(?P<old>.+?)\s+(?:up\s+)?into\s+(?:(?:two|three|"
        r"four|2|3|4|a\s+few|several)\s+(?:jobs|steps|parts|bits|tasks|stages)\s*"
        r"[—:,-]?\s*)?(?P<steps>.+)$",
        re.I | re.S,
    ),
)
_OLD_NOISE = re.compile(
    r"\b(?:myself|ourselves|step|the\s+step|that|it|bit|part|thing|idea)\b", re.I
)


# A step dropped and what comes instead, even one new step ("scrap building the site from
# scratch, will just use a notion template instead", "not bothering with the panel beater
# anymore, instead i'll grab a touch up kit and get Shane to do it", "scrap the roof racks,
# bloke at work is selling his ladder rack so ill grab that off him and bolt it on myself")
_DROPPED = re.compile(
    rf"^(?:forget(?:\s+about)?|scrap|ditch|drop|bin|no\s+more|not\s+bothering\s+with|"
    rf"not\s+doing|not\s+going\s+with|not\s+using|"
    # "not going to requeen no.3 after all, I'll just combine it with hive 2 instead"
    rf"(?:(?:i'?m|we'?re|i\s+am|we\s+are)\s+)?not\s+(?:going\s+to|gonna)"
    # … of doing something, not of going somewhere ("not going to the gym tonight")
    rf"(?=\s+(?!(?:the|a|an|my|our|his|her|their|be|bother|work)\b)\w)|(?:i|we)\s+won'?t|"
    rf"not\s+having\s+(?:them|him|her|someone|anyone|the\s+\w+))\s+(?P<old>(?:[^,.;—!]|\.(?=\d))+?)"
    rf"(?:\s+(?:anymore|any\s+more|after\s+all))?\s*[,.;—!-]+\s*"
    rf"(?:[^,.;—!]*?\bso\s+|(?:so\s+)?instead\s*,?\s*)?"
    rf"(?:{_WILL}|ill|will)\s*:?\s+(?:just\s+)?(?P<steps>.+?)(?:\s+instead)?[.!]*$",
    re.I | re.S,
)
# "sign wala says he'll handle the permission himself. so instead of that i only need to
# give him my licence copy and pay him": the step named in the sentence before
_INSTEAD_OF_THAT = re.compile(
    rf"^(?P<old>[^.!?]+?)(?:[.!?]+|,)\s*(?:so\s+)?instead\s+of\s+(?:that|it|this)\s*,?\s*"
    rf"(?:(?:i|we)\s+(?:only\s+|just\s+)?(?:need|have)\s+to|{_WILL})\s*:?\s*(?:just\s+)?"
    rf"(?P<steps>.+)$",
    re.I | re.S,
)


# A step dropped in the first words (or after "… so"), and the new steps marked later by
# "instead", "so:" or "so <what to do>": "Scrap ordering the cabinets from the big box
# store, we're getting a carpenter. So instead: find a carpenter, then sign off on his
# drawings", "forget autotrader, webuyanycar is less hassle. so get a valuation and then book
# the drop off", "Declan's gone AWOL so forget his report. instead: book a leak detection
# company, then get their report"
_DROP_FIRST = re.compile(
    r"^(?:(?:actually|ok|okay|right|change\s+of\s+plans?)[\s,.!:;—-]+)*"
    r"(?:[^.!?]*?\b(?:so|says|said|reckons)\s+)?(?:forget(?:\s+about)?|scrap|ditch|drop|bin|"
    # "no reply from the caterer yet, so instead …" is an attempt's outcome: nothing dropped
    r"no(?!\s+(?:reply|answer|response|luck|joy|sign|word|news)\b)(?:\s+more)?|"
    r"not\s+(?:doing|bothering\s+with|going\s+with|using|getting)|not(?=\s+\w+ing\b)|"
    # what was dropped, said as done: "we've dropped the caterer idea", "changed my mind abt X"
    r"(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:dropped|scrapped|ditched|binned|cancell?ed|"
    r"decided\s+against|gone\s+off)|changed\s+(?:my|our)\s+minds?\s+(?:about|abt|on|re|with))\s+"
    r"(?:the\s+|my\s+|our\s+)?(?P<old>[^,.;—!:?]+?)(?:\s+(?:anymore|any\s+more|after\s+all))?"
    r"(?:\s*[,.;—!:]+|\s+-+)\s*(?P<rest>.+)$",
    re.I | re.S,
)
_MARK = re.compile(r"\b(?:instead|so)\b\s*[:,]?\s*|:\s*", re.I)
# "… applying to CMU instead. swap that one out pls": the new steps before a last "instead"
_TRAILING_INSTEAD = re.compile(r"^(?P<steps>[^.!?]+?)\s+instead\b[^.!?]*(?:[.!?].*)?$", re.I | re.S)
_NEW_STEPS = re.compile(
    rf"^(?:(?:{_WILL}|ill|will|need\s+to|gotta)\s*:?\s*)?(?:just\s+)?(?P<steps>[^.!?]+?)[.!]*$",
    re.I | re.S,
)
# "the bass amp thing - turns out the venue has one. replace it with emailing the venue":
# the step named first, replaced with what "it" becomes
_REPLACE_IT = re.compile(
    r"^(?:the\s+)?(?P<old>[^.!?,;—:-]{3,60}?)\s*(?:[—:,;.!?]|\s-\s).*?\b(?:replace|swap|change)\s+"
    r"(?:it|that|this)(?:\s+one)?(?:\s+out)?\s+(?:with|for|to|into)\s*:?\s+(?P<steps>.+)$",
    re.I | re.S,
)


# "the trade me listing isn't happening anymore, I'll sell to the dealer instead and get the
# cash": what is off, then what the person will do, "instead" anywhere in it
_IS_OFF = re.compile(
    r"^(?:the\s+)?(?P<old>[^,.;!?]+?)\s+(?:idea\s+|plan\s+)?(?:(?:is|'s|was)\s+(?:off|out|dead|scrapped|"
    r"cancell?ed|not\s+happening|a\s+no-?go)|isn'?t\s+(?:happening|going\s+ahead)|won'?t\s+"
    r"(?:happen|work))(?:\s+(?:anymore|any\s+more|after\s+all|now))?\s*[,.;!—-]+\s*(?P<rest>.+)$",
    re.I | re.S,
)


def _is_off(text: str) -> tuple[str, list[str]] | None:
    found = _IS_OFF.match(text)
    if found is None or not re.search(r"\binstead\b", found["rest"], re.I):
        return None
    will = re.match(rf"^(?:so\s+)?{_WILL}\s*:?\s+(?P<steps>.+)$", found["rest"], re.I | re.S)
    if will is None:
        return None
    said = re.sub(r"\s+instead\b", "", will["steps"], flags=re.I).strip(" .!")
    old = _OLD_NOISE.sub(" ", found["old"]).strip(" ,.;:—-")
    steps = items(said)
    return (old, steps) if old and steps and not any(map(_UNDECIDED.match, steps)) else None


def _dropped_first(text: str) -> tuple[str, list[str]] | None:
    if (found := _REPLACE_IT.match(text)) is not None:
        old = _OLD_NOISE.sub(" ", found["old"]).strip(" ,.;:—-")
        steps = items(found["steps"])
        return (old, steps) if old and steps else None
    found = _DROP_FIRST.match(text)
    if found is None:
        return None
    marks = list(_MARK.finditer(found["rest"]))
    # the last "instead" / "so" marks the new steps
    marked = _NEW_STEPS.match(found["rest"][marks[-1].end() :]) if marks else None
    if marks and _REMARK_AFTER_INSTEAD.match(found["rest"][marks[-1].start() :]):
        # "… get quotes from Xpressbees and Ecom Express instead, he uses both": "instead"
        # closes the steps said before it; the remark after it is no step
        marked = None
    trailing = _TRAILING_INSTEAD.match(found["rest"])
    if marked is None and trailing is not None:
        # "…, applying to CMU instead. swap that one out pls": what comes before "instead"
        marked = _NEW_STEPS.match(trailing["steps"])
        first = marked["steps"].split()[0].lower() if marked is not None else ""
        if marked is not None and (
            re.search(r"\s(?:and|&|\+)\s", marked["steps"])
            # what someone else will do ("the landlady said she'll take 3 months up front
            # instead") is no step of the person's: a step starts with what they do
            or not (first in STEP_VERBS or first.endswith("ing"))
        ):
            return None  # "hire a face painter and a snow cone machine instead": one or two?
    if marked is None:
        return None
    old = _OLD_NOISE.sub(" ", found["old"]).strip(" ,.;:—-")
    steps = items(marked["steps"])
    least = 1 if re.search(r"\binstead\b", found["rest"], re.I) else 2
    if not old or len(steps) < least or any(map(_UNDECIDED.match, steps)):
        return None
    return old, steps


# "instead" closing a clause, then a remark of someone's ("instead, he uses both", "instead,
# she says it's cheaper"): the new steps are before it (REMARK_AFTER_INSTEAD_EXAMPLES)
_REMARK_AFTER_INSTEAD = re.compile(
    r"^instead\s*,\s*(?:he|she|they|it|that)(?:'s|\s+(?:is|was|uses|says|said|does|has|"
    r"reckons|thinks|knows|\w+s)\b)",
    re.I,
)
REMARK_AFTER_INSTEAD_EXAMPLES: tuple[str, ...] = (
    "scrap Shiprocket, Ravi bhai says get quotes from Xpressbees and Ecom Express instead, he "
    "uses both",
    "forget the van, Sam says borrow his trailer instead, he's got two",
)
REMARK_AFTER_INSTEAD_NEAR_MISSES: tuple[str, ...] = (
    "scrap the van, instead, hire a trailer and book the tip",
    "no uhaul, instead: borrow dad's car and buy boxes",
)


# "change of plan, rather than …", "change of plans, no uhaul 🙅 instead: …": the words that
# say a change is coming, before the change itself
_CHANGE_LEAD = re.compile(
    r"^(?:(?:ok|right|so|actually)[\s,]+)?(?:(?:(?:slight|small|quick|little|bit\s+of\s+a|big)\s+)?"
    r"(?:change(?:\s+of\s+plans?)?|plan\s+change)|(?:the\s+)?plans?\s+(?:have|has)\s+changed|"
    r"change\s+of\s+heart)\s*[,.!:;—-]+\s*",
    re.I,
)
# What was dropped, said first: "we decided against the solicitor, …", "scrapped the …"
_DROPPED_FIRST = re.compile(
    r"^(?:(?:ok|right|so|actually)[\s,]+)?(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:decided\s+against|"
    r"changed\s+(?:my|our)\s+minds?)\b|"
    r"^(?:(?:ok|right|so|actually)[\s,]+)?(?:i|we)(?:'ve|\s+have)\s+(?:dropped|scrapped|ditched|binned|"
    r"cancell?ed)\b|"
    r"^(?:(?:ok|right|so|actually)[\s,]+)?(?:forget|scrap|ditch|drop)\s+(?:about\s+)?(?:the|my|our)\b",
    re.I,
)
_EMOJI = re.compile("\\s*[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+\\s*")


_MIND_LEAD = re.compile(
    r"^(?:i'?ve\s+|we'?ve\s+|i\s+have\s+)?changed\s+(?:my|our)\s+minds?\s+(?:about|abt|on|re|with)\s+"
    r"(?:the\s+|my\s+|our\s+)?(?P<topic>[^,.;:—!]+?)\s*[,.;:—!-]+\s*",
    re.I,
)


# The change of plan said in another of the corpus's languages, anywhere in the message:
# Indonesian "ganti rencana" / "ubah plan" (change the plan), "ganti aja:" (change it:);
# "instead of" in the languages mixed into English — Vietnamese "thay vì", Italian "invece",
# Persian "be jaye", Ukrainian "замість", Russian "вместо", Norwegian and Danish "i stedet",
# Swedish "istället", German "(an)statt", French "au lieu de", Dutch "in plaats van" — and
# a change said in them: Vietnamese "… đổi nha:" (… changes:), "đổi kế hoạch", Italian
# "cambio idea" / "cambio programma", the mixed "change plan cho …" (change the plan for …).
# A list of someone's own steps never says one thing comes in place of another.
_CHANGE_IN_OTHER_WORDS = re.compile(
    r"\b(?:ganti|ubah)\s+(?:rencana|plan)(?:nya)?\b|\bganti\s+(?:aja|saja|deh)\s*:|"
    r"\bthay\s+v[ìi]\b|\binvece\b|\bbe\s*ja(?:a)?ye\b|(?<!\w)(?:замість|вместо)(?!\w)|"
    r"\bi\s+stedet\b|\bistedenfor\b|\bist(?:ä|a)llet\b|\b(?:an)?statt\b|\bau\s+lieu\s+d|"
    r"\bin\s+plaats\s+van\b|"
    # Portuguese "em vez de", "ao invés de" ("mudança: em vez de contratar alguém …" z198)
    r"\bem\s+vez\s+(?:d[eoa]s?|to|of)\b|\bao\s+inv[ée]s\s+(?:d[eoa]s?|to|of)\b|"
    r"\bđổi\s+(?:(?:nha|nhé|nhe|rồi|lại)\b\s*[:,.!—-]|kế\s+hoạch\b)|"
    r"\bcambi(?:o|ato|amo)\s+(?:di\s+)?(?:idea|programma|piano)\b|"
    # "change of plan" in the other Romance languages: Catalan "canvi de pla" (z264),
    # Portuguese "mudança de planos" (z236), "troca de planos", French "changement de
    # plan(s)"; Spanish "cambio de planes" is read below (``_CHANGE_NAMED_INSIDE``)
    r"\b(?:canvi\s+de\s+pla(?:ns)?|(?:mudan[çc]a|troca)\s+de\s+planos?|"
    r"changement\s+de\s+plans?)\b|"
    r"^(?:(?:ok|so|right)[\s,]+)?change\s+(?:the\s+)?plan\s+(?:cho|về|per|für|voor|pour)\b",
    re.I,
)


# A change of one step said after the reason for it, or in Spanish: "foleni ni ndefu sana.
# change the bank step: …" (the command reader takes it only at the start), "para la malla
# cambio de idea: en vez de …", "cambio de planes con la bomba, …". "change" followed by
# a step's words and the word "step" never names a thing to do of a plan of its own.
_CHANGE_NAMED_INSIDE = re.compile(
    r"(?:^|[.!?;]\s+)(?:(?:ok|so|right|pls|please)[\s,]+)?(?:change|redo|replan)\s+"
    r"(?:the\s+|my\s+|our\s+)?[^\s.,:;!?—]+(?:\s+[^\s.,:;!?—]+){0,3}?\s+step\s*[—:,]|"
    r"\bcambio\s+de\s+(?:idea|planes?)\b|\ben\s+(?:vez|lugar)\s+de\b|"
    # "payment az inja nemishe, so new idea for the fee: …": a new idea for a thing, after
    # why the old way fails, is a change of that thing's step
    r"(?:^|[.!?;,]\s*)(?:(?:ok|so|right)[\s,]+)?new\s+idea\s+(?:for|on|about|re)\b|"
    # "cargo dhoni to addu is too slow, 3 weeks. change that part: …" (z275), "… too dear
    # now. change it: …" (z221): the pointer back at what the sentence before named, after
    # it (at the message's start it points at nothing: "change it: paint the cupboards, …")
    rf"[.!?;,]\s+(?:(?:ok|so|right|pls|please)[\s,]+)?{CHANGE_POINTED}|"
    # … and the new way named as one, after a sentence of what went wrong: "room hunting is
    # going nowhere. new idea: ask Peťo …" (z247; z72, z154, z158, z165, z214, z221, z275 —
    # every "new idea / approach / way:" after a sentence in the held-out sets is a change).
    # Never "new plan:", which after a sentence of news announces one as often ("I also need
    # to sort the kuku. new plan: chicken vaccination - …", z139)
    r"[.!?;,]\s+(?:(?:ok|so|right)[\s,]+)?(?:new|better|different|other)\s+"
    r"(?:idea|approach|way|tactic)(?:\s+(?:for|on|about|re)\s+[^.!?:;]{1,40}?)?\s*:",
    re.I,
)
CHANGE_NAMED_INSIDE_EXAMPLES: tuple[str, ...] = (
    "foleni ya CRDB ni ndefu sana. change the bank step: I'll pay through M-Pesa paybill then "
    "print the receipt",
    "queue was mad. so change the passport photo step: do them at boots, then upload",
    "para la malla cambio de idea: en vez de ponerla nosotros, contratar a la cuadrilla",
    "cambio de planes con la bomba, no hay en ningun lado. mandar a reparar la vieja",
    "el catering en lugar de pedirlo lo cocinamos: comprar carne, prender el fuego",
    "payment az inja nemishe, so new idea for the fee: send the money to Sina, then he pays",
    "new idea for the ummeldung: rather than queueing, I fill the form online first",
    "cargo dhoni to addu is too slow, 3 weeks. change that part: book air cargo at velana, "
    "then dad picks it up at gan airport",
    "the hall is too small. so change this bit: ask the school, then book the church",
    "room hunting is going nowhere. new idea: ask Peťo if I can crash at his place, then look "
    "for something proper from there",
    "going door to door for rents is a nightmare. different approach: set up a bank transfer",
)
CHANGE_NAMED_INSIDE_NEAR_MISSES: tuple[str, ...] = (
    "car service: change the oil, step up the tyre pressure, wash it",  # a step of a list
    "change the oil, then rotate the tyres",  # a plan's own steps
    "next step: book the hall, then invite the choir",
    "comprar la malla, ponerla el sábado, regar",  # Spanish steps with no change word
    "change that part: book air cargo, then pick it up",  # no words before it point at
    "the plan is too slow and I can't change that part",  # no colon: no change said
    # "new plan:" after news announces a plan as often as it changes one
    "nimeona I also need to sort the kuku. new plan: chicken vaccination - buy vaccine, "
    "vaccinate on sunday",
    "new idea: a pop-up stall at the market, book the pitch, make the signs",  # nothing before
)


# A head before a colon that says its thing changes, with no "change of plan": "lo del
# parlante cambia: …" (z211), "the STK thing other way: …" (z174), and the other way said as
# a fallback, "… no way. plan b: buy the used one …" (z214; "plan b instead:" z66). A head of
# a few words, what changes first; the new way follows the colon.
_CHANGE_HEAD = re.compile(
    r"(?:^|[.!?;]\s+)(?:(?:ok|so|right|pues|bueno)[\s,]+)?(?:[^\s.,:;!?—]+\s+){0,5}?"
    r"(?:cambia(?:n|mos)?|cambi[óo]|(?:is|are)\s+changing|"
    r"(?:the\s+)?other\s+way(?:\s+round)?)\s*[:—]|"
    r"(?:^|[.!?;,]\s+)(?:so\s+|ok\s+)?plan\s+b\s*[:—]",
    re.I,
)
CHANGE_HEAD_EXAMPLES: tuple[str, ...] = (
    "lo del parlante cambia: mi primo Kevin tiene uno, así que le pido prestado a él",
    "the STK thing other way: Radek says he takes the car to STK himself, so i give him keys",
    "new tandoor is 6 thousand dollar, no way. plan b: buy the used one, then get kawa in",
    "the venue is changing: ask Father Ben, then book the parish hall",
)
CHANGE_HEAD_NEAR_MISSES: tuple[str, ...] = (
    "plan: change the oil, then rotate the tyres",  # a plan's own steps
    "oil changes: book the garage, buy the filter",  # "changes" a thing: a plan's name
    "things that changed my mind about uni, a long story",  # no colon: no head
    "the plan basically: book the hall, call the caterer",
)


def marked_as_change(text: str) -> bool:
    """ "change of plan, …", "changed my mind about …", "catering ganti rencana aja ya: …",
    "… sana. change the bank step: …", "cambio de idea: en vez de …": the words say a step
    of a plan that exists changes — never a new plan of its own."""
    return bool(
        _CHANGE_LEAD.match(text.strip())
        or said_as_change(text)
        or _DROPPED_FIRST.match(text.strip())
        or _CHANGE_IN_OTHER_WORDS.search(text)
        or _CHANGE_NAMED_INSIDE.search(" ".join(text.split()))
        or _CHANGE_HEAD.search(" ".join(text.split()))
    )


# "catering ganti rencana aja ya: …", "servis mobil ubah plan, …": the thing, the change
# word, then why and the new steps
_TOPIC_THEN_CHANGE = re.compile(
    r"^(?P<topic>[^,.:;!?\n]{2,40}?)\s+(?:ganti|ubah)\s+(?:rencana|plan)(?:nya)?"
    r"(?:\s+(?:aja|saja|deh|ya|dong|nih))*\s*[,:.;!—-]+\s*(?P<rest>.+)$",
    re.I | re.S,
)
_STEP_CUT = re.compile(
    r"\s*,\s*(?:(?:terus|trus|lalu|then|habis\s+itu)\s+)?|\s+(?:terus|trus|lalu)\s+", re.I
)


def read_other_words_change(text: str) -> tuple[str, list[str]] | None:
    """A step changed in another of the corpus's languages, said of its thing
    (``OTHER_WORDS_CHANGE_EXAMPLES``): ``(the thing, new steps)``, the steps those of the
    sentence that starts with "jadi" (so) when one does, else of the last sentence; None
    with fewer than two. Only ever offered: the steps' words are none drbot knows."""
    found = _TOPIC_THEN_CHANGE.match(" ".join(text.split()))
    if found is None:
        return None
    sentences = [s for s in re.split(r"(?<=[.!;:])\s+", found["rest"]) if s.strip(" .!;:")]
    so = [s for s in sentences if _SO_STEPS.match(s)]
    said = _SO_STEPS.sub("", so[-1]) if so else sentences[-1] if sentences else ""
    steps = [cap(step) for step in _STEP_CUT.split(said.strip(" .!;")) if step.strip()]
    return (found["topic"].strip(), steps) if 2 <= len(steps) <= 5 else None


OTHER_WORDS_CHANGE_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "catering ganti rencana aja ya: ibu2 PKK mau bantu masak bareng. jadi belanja bahan di "
        "pasar dulu, terus masak rame2 di rumah sabtunya",
        "catering",
        ("Belanja bahan di pasar dulu", "Masak rame2 di rumah sabtunya"),
    ),
    (
        "servis mobil ubah plan, bengkel resmi full sampe desember. jadi cek ban sama aki di "
        "bengkel pak min aja, terus ganti oli sendiri di rumah",
        "servis mobil",
        ("Cek ban sama aki di bengkel pak min aja", "Ganti oli sendiri di rumah"),
    ),
)
OTHER_WORDS_CHANGE_NEAR_MISSES: tuple[str, ...] = (
    "catering ganti rencana aja ya, nanti aku kabarin",  # no new steps yet
    "renov rumah di kampung: bongkar atap, ganti genteng, cat ulang",  # "ganti" a thing
    "change of plan for the venue: ask Father Ben, then book the parish hall",  # English: others
)


MARKED_IN_OTHER_WORDS_EXAMPLES: tuple[str, ...] = (
    "catering ganti rencana aja ya: ibu2 PKK mau bantu masak bareng. jadi belanja bahan dulu",
    "servis mobil ubah plan, bengkel resmi full. jadi cek ban di bengkel pak min aja",
    "lantai dapur ga jadi keramik, mahal bgt. ganti aja: cor semen dulu, terus dilapisi vinyl",
    "change plan cho cooks: thay vì hire 2 người mới, anh sẽ move chú Bảy qua rồi train thằng Tí",
    "vụ sơn tường đổi nha: không thuê thợ sơn nữa, chị mua giấy dán tường rồi tự dán",
    "per il forno cambio idea: mando le foto a Peppe, poi lui viene domenica",
    "la torta invece la fa zia Pina, io compro solo le candeline",
    "scratch the bus, be jaye oon we take a taxi to the airport and pay cash",
    "замість курсів я займаюся з репетитором і дивлюся новини",
    "i stedet tar vi toget og leier bil der",
    "mudança: em vez de contratar alguém vou pedir à minha sobrinha, e depois ensinar-lhe",
    "canvi de pla amb la furgo: no en llogo cap, el Jordi me la deixa. primer li demano",
    "mudança de planos no ar condicionado: em vez do split vou comprar 2 ventoinhas",
    "changement de plan pour le camion: mon cousin me prête le sien, je passe le prendre",
)
MARKED_IN_OTHER_WORDS_NEAR_MISSES: tuple[str, ...] = (
    "renov rumah di kampung: bongkar atap, ganti genteng, cat ulang",  # "ganti" a thing: a step
    "oli motor udah ganti td pagi di bengkel depan gang",  # the oil changed: done
    "organ tunggal ga jadi ya, pak RT minta jangan berisik",  # a step off: a skip
    "Sửa nhà hàng trước Tết - get quote từ thợ - repaint walls - thay đèn LED",  # "thay" a thing
    "đổi tiền ở ngân hàng, mua vé máy bay, đặt khách sạn",  # "đổi" money: a step of a list
    "career change plan: hand in notice → night course in plumbing → find an apprenticeship",
    "cambiare le gomme, fare il tagliando, lavare la macchina",  # "cambiare" a thing: a step
    "canvi d'oli, canviar les rodes, rentar el cotxe",  # a change of oil: a step of a list
    "mudança para Lisboa: encaixotar, alugar a carrinha, mudar a morada",  # a move: a plan
)


# The new steps given as a list after the words that replace ("so replace that with: buy an
# esim, and activate it"): the list is the steps, never what was said before it
_REPLACED_WITH_LIST = re.compile(
    r"\b(?:replace|swap)\s+(?:that|it|this|them)\s+(?:with|for)\s*[:：]\s*(?P<list>\S.*)$",
    re.I | re.S,
)
REPLACED_WITH_LIST_EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    (
        "no more pocket wifi, we'll do esim. so replace that with: buy esim on klook, and "
        "activate it when we land",
        ["Buy esim on klook", "Activate it when we land"],
    ),
    (
        "forget the hire car, we'll go by train. replace it with: book the train, get a railcard",
        ["Book the train", "Get a railcard"],
    ),
)


def read_replacement(text: str) -> tuple[str, list[str]] | None:
    found = _read_replacement(text)
    if found is None:
        return None
    listed = _REPLACED_WITH_LIST.search(text)
    if listed is not None and len(steps_listed := items(listed["list"])) >= 1:
        return found[0], steps_listed
    # a reason said after the step dropped is no step ("forget the windscreen, it's only a
    # chip, not worth the money"): left out, and with no step left nothing is replaced
    steps = [step for step in found[1] if not _REASON.match(step.strip(" .,!"))]
    least = 1 if re.search(r"\binstead\b", text, re.I) else 2
    if len(steps) == len(found[1]):
        return found
    return (found[0], steps) if len(steps) >= least else None


# A clause that gives a state or a reason, not a thing to do: "it's only a chip", "not worth
# it", "too dear", "because it's fine"
_REASON = re.compile(
    r"^(?:it'?s|its|it\s+is|it\s+was|that'?s|thats|there'?s|theres|only|just\s+an?|not|no|"
    r"too|nothing|because|coz|cos|cause|since|as\s+it|never|pointless|waste\s+of)\b",
    re.I,
)


def _read_replacement(text: str) -> tuple[str, list[str]] | None:
    text = " ".join(_EMOJI.sub(", ", text).split()).strip(" ,")
    mind = _MIND_LEAD.match(text)
    if mind is not None and (found := _from_forms(text[mind.end() :])) is not None:
        # "I've changed my mind about the insurance, rather than cancelling it I'll …"
        return f"{found[0]} {mind['topic']}", found[1]
    found = _from_forms(_CHANGE_LEAD.sub("", text)) or _from_forms(text)
    topic = _change_said(text)
    if found is not None and topic is not None and len(found[0].split()) == 1:
        # "change of plan on the compost: instead of ordering it …": the topic says what
        return f"{found[0]} {topic['topic']}", found[1]
    return found


def _from_forms(text: str) -> tuple[str, list[str]] | None:
    for form in _FORMS:
        found = form.match(text)
        if found is None:
            continue
        old = _OLD_NOISE.sub(" ", found["old"]).strip(" ,.;:—-")
        steps = items(found["steps"])
        if old and len(steps) >= 2:
            return old, steps
    # one new step only when "instead" says it takes the old one's place
    least = 1 if re.search(r"\binstead\b", text, re.I) else 2
    for form in (_DROPPED, _INSTEAD_OF_THAT):
        found = form.match(text)
        if found is not None and re.search(r"[.!?;]\s+(?:so\s+)?instead\b", found["steps"], re.I):
            continue  # "no more paper forms, it's all online now. instead: …": the steps follow
        if found is not None:
            old = _OLD_NOISE.sub(" ", found["old"]).strip(" ,.;:—-")
            steps = items(found["steps"])
            if old and len(steps) >= least and not any(map(_UNDECIDED.match, steps)):
                return old, steps
    return _dropped_first(text) or _is_off(text)


# "gonna think about it", "will see": no new step
_UNDECIDED = re.compile(
    # ("wait for them to confirm" is a step: waiting on someone's answer)
    r"^(?:think|see|decide|wait(?!\s+for\s+(?:them|him|her|the|their|his|my|our|a|an)\b)|maybe|probably|figure\s+(?:it\s+)?out|have\s+a\s+think|"
    r"sleep\s+on\s+it|let\s+you\s+know)\b",
    re.I,
)


# "change of plan on the tuning - …", "change for the wedding, …": a change said of a topic
_CHANGE_SAID = re.compile(
    r"^(?:(?:ok|okay|right|so|eh)[\s,]+)?(?:(?:slight|small|quick|bit\s+of\s+a|big)\s+)?"
    # ("change plan for the licence card, …" z143, z187, z194)
    r"(?:change(?:\s+of\s+plans?|\s+plans?)?|plan\s+change|"
    # ("new idea for the fee: …": an idea is never a plan of its own, always a change; so is
    # an approach or a way, "new approach for the reading: …" z195, z196, z152)
    r"update|new\s+plan|new\s+(?:idea|approach|way))\s+(?:on|for|with|w|re|about|to|regarding)\s+"
    r"(?:the\s+|my\s+|our\s+)?"
    r"(?P<topic>[^,.;:—!]+?)\s*(?:[,.;:—!]|\s-\s)\s*(?P<rest>.+)$",
    re.I | re.S,
)
# "change the prizes part, …", "change the inverter thing, …" (z92, z146, z194): the step's
# thing said with a word for a part of the plan
_CHANGE_PART = re.compile(
    r"^(?:(?:ok|okay|right|so|eh)[\s,]+)?change\s+(?:the|my|our)\s+"
    r"(?P<topic>[^,.;:—!]+?)\s+(?:part|bit|thing|step)\s*(?:[,.;:—!]|\s-\s)\s*(?P<rest>.+)$",
    re.I | re.S,
)


def _change_said(text: str) -> re.Match[str] | None:
    """A change said of a topic, either way: its ``topic`` and the ``rest``."""
    return _CHANGE_SAID.match(text) or _CHANGE_PART.match(text)


# "about the shade, …", "regarding the laptop — …": a topic said bare, before why
_ABOUT = re.compile(
    r"^(?:about|regarding|re)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?P<topic>[^,.;:—!]+?)\s*(?:[,.;:—!]|\s-\s)\s*(?P<rest>.+)$",
    re.I | re.S,
)
# "… instead I need to a and b", "… instead just a and b": the new steps
_INSTEAD = re.compile(
    rf"(?:^|[.!;,—]\s*|\s)(?:so\s+)?instead(?!\s+of\b)\s*[,:]?\s*(?:(?:just|now)\s+)?(?:{_WILL}\s*)?:?\s*"
    rf"(?:just\s+)?(?P<steps>.+)$",
    re.I | re.S,
)
# "…, so first Sofia looks up the hours and then I walk there", "… we drive. so first the car
# goes in and then we get a telepass": the new steps after the last "so", when they are said
# in order ("first", "now" or a "then" between them) — never "so it's fine". A step's own verb
# right after "so" starts them too, when a "then" follows: "change for the roof. no tiles,
# contractor says slab is cheaper. so get slab estimate from him, then pour the slab" (z194,
# z199, z218)
_SO_THEN = re.compile(
    r"(?:^|[,.;:!]\s*)so\s+(?:now\s+|first\s+|(?=(?:"
    + "|".join(sorted(STEP_VERBS))
    + r")\b))(?P<steps>(?:(?!\bso\s).)+?\bthen\b(?:(?!\bso\s).)+)$",
    re.I | re.S,
)
# "change for the invitations, no printed ones na. Anna will make an e-invite on canva then we
# send it in the family group chat" (z138, z214): after why, a last sentence of its own that
# says the new steps in order, a "then" between them
_SENTENCE_THEN = re.compile(
    r"[.!;]\s+(?P<steps>(?![^.!;]*\bso\s)[^.!;]+?\bthen\b[^.!;]+?)[.!]*$", re.I | re.S
)
# "I'll do a rough tune here, then the voicing on site": new steps said after the topic
_WILL_STEPS = re.compile(rf"^(?:so\s+)?(?:now\s+)?{_WILL}\s*:?\s+(?P<steps>.+)$", re.I | re.S)
# "… so no tailor again", "mum says no more stuff", "not the van": the thing that goes
_NO_MORE = re.compile(
    r"(?<![\w'])(?:no(?:\s+more)?|not|without|forget|skip|scrap|ditch|drop)\s+(?:the\s+|a\s+|any\s+|my\s+)?"
    r"(?P<thing>[^\W\d_][\w'-]*(?:\s+(?!(?:again|anymore|any|either|now|then|after|at|from|for|to|this|today|tonight|"
    r"though|anyway|in|on|with|by|is|was|are|needed|required)\b)[^\W\d_][\w'-]*)?)",
    re.I,
)


# Why, said first after the topic, "it's" and how it is: "change the inverter thing, it's way
# too pricey. rather get …" (never "it's" a will: "change for the tuning, it's a rough tune
# here, then …")
_REASON_SAID = re.compile(
    r"^(?:it'?s|its|it\s+is)\s+(?:(?:way|far|much|just|really|so|a\s+bit|bit)\s+)*"
    r"(?:too|not|no|so|very|super|over)\b",
    re.I,
)


def read_change(text: str) -> tuple[tuple[str, ...], list[str]] | None:
    """A step changed by naming its topic, or by saying what is no more, and two or more
    new steps: ``(words that may name the step, in order of trust, new steps)``.

        change of plan on gifts, mum says no more stuff. instead just get chocolates and a voucher
        change of plan on the tuning - I'll do a rough tune here, then the voicing on site
    """
    text = " ".join(text.split())
    in_order = False  # steps said in order ("so first a and then b"): cut only at "then"
    instead = _INSTEAD.search(text)
    # ("about the shade, sitajenga. instead I'll …": a topic said bare is one only when
    # "instead" follows)
    change = _change_said(text) or (_ABOUT.match(text) if instead is not None else None)
    will = (
        _WILL_STEPS.match(change["rest"])
        if change is not None and not _REASON_SAID.match(change["rest"])
        else None
    )
    trailing = (
        re.match(r"^(?P<steps>.+?)\s+instead[.!]*$", change["rest"], re.I | re.S)
        if change is not None
        else None
    )
    if instead is not None:
        said, before = instead["steps"], text[: instead.start()]
    elif trailing is not None:
        # "change of plan on the facebook bit, Jen's doing a leaflet drop and I'll put a board
        # outside instead": the new steps before a last "instead"
        said, before = trailing["steps"], ""
    elif will is not None:
        said, before = will["steps"], ""
        # "we're gonna lease one instead of buying, so I need to apply and then …"
        said = re.split(
            r"[,.;]\s*so\s+(?:(?:i|we)\s+(?:need|have)\s+to\s+)?", said, maxsplit=1, flags=re.I
        )[-1]
    elif change is not None and (so := _SO_THEN.search(change["rest"])) is not None:
        # "change for the booking of the test. The telephone is impossible for me, so first
        # Sofia looks up the hours and then I walk there": after why, "so first a and then b"
        said, before = so["steps"], ""
        in_order = True
    elif change is not None and (last := _SENTENCE_THEN.search(change["rest"])) is not None:
        said, before = last["steps"], ""
        in_order = True
    else:
        return None
    if change is None and not _NO_MORE.match(before):
        return None  # "no dj after all, … instead …": what goes is said first
    named = ([change["topic"]] if change is not None else []) + [
        found["thing"] for found in _NO_MORE.finditer(before)
    ]
    if change is not None and instead is not None:
        # "Change of plan on the caravan. My nephew reckons Gumtree is full of time-wasters,
        # so instead …": last, the words between the topic and "instead"
        named.append(re.sub(r"[\s,]+so$", "", before[change.start("rest") :].strip(" ,.;")))
    olds = tuple(
        dict.fromkeys(o for o in (_OLD_NOISE.sub(" ", n).strip(" ,.;:—-") for n in named) if o)
    )
    # "Jen's doing a leaflet drop round the estate and I'll put a board outside": each one
    # doing something is a step
    by_doer = re.split(
        r"\s+and\s+(?=(?:i|we)(?:'ll|\s+will|'m|\s+am)\b)", said.strip(" ."), flags=re.I
    )
    said_steps = [cap(part) for part in by_doer] if len(by_doer) >= 2 else items(said)
    if in_order:
        # "… and then I walk there and book at the counter": what one "then" brings is one
        # step, its "and" no cut (read alone, a piece keeps what the readers make of it)
        pieces = re.split(r",?\s+(?:and\s+)?then\s+", said.strip(" ."), flags=re.I)
        said_steps = [
            read[0] if len(read := items(piece)) == 1 else cap(piece.strip(" ,."))
            for piece in pieces
            if piece.strip(" ,.")
        ]
    # ("im just gonna open it on the app": the will with "just" inside is no part either)
    steps = [
        cap(
            re.sub(
                rf"^(?:(?:i'?m|im|we'?re)\s+just\s+(?:gonna|going\s+to)|{_WILL})\s+",
                "",
                step,
                flags=re.I,
            )
        )
        for step in said_steps
    ]
    # a reason said between the topic and the steps is none of them ("ok change the caterer
    # part, too dear. book a cook, then buy the food instead")
    steps = [step for step in steps if not _REASON.match(step)]
    # why said in a sentence of its own before "so we …" is no step either: "change for the
    # lunch at khalo's, his house is too small now. so we book a table … and invite his family
    # there instead" (``from_so``)
    steps = from_so(steps)
    if steps and (head := without_so_before(steps[0])) != steps[0]:
        # "… dadatoa Rabe nous prête un des siens. donc aller le chercher …, puis le nourrir …"
        # (z250): the "so" before the first new step is none of it
        steps = [cap(head), *steps[1:]]
    if not olds or len(steps) < 2:
        return None
    return olds, steps


# The "so" before a change's first new step, in a sentence of its own after "instead": the
# English "so (first)" ("… will open the blocked account for me instead. so first send him my
# passport copy, then …" z266; "… Ring cameras instead. So buy the camera, then …" z172), and
# that of another tongue, read as written: French "donc" (z177, z250, z255), Indonesian
# "jadi" (``from_so``). Only before a step's verb or "first" / "now": "so Tyler sets it up"
# keeps who does it, and the step says it all the same
_SO_BEFORE_FIRST = re.compile(
    r"^(?:donc|jadi)\s+(?=\w)|^so\s+(?:first|now)\s+(?=\w)|"
    r"^so\s+(?=(?:" + "|".join(sorted(STEP_VERBS)) + r")\b)",
    re.I,
)


def without_so_before(step: str) -> str:
    """A change's first new step without the "so" said before it (``_SO_BEFORE_FIRST``)."""
    return _SO_BEFORE_FIRST.sub("", step)


SO_BEFORE_FIRST_EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    (
        "new idea for the bank attestation: tonton in Paris will open the blocked account for "
        "me instead. so first send him my passport copy, then he opens it at his bank",
        ["Send him my passport copy", "He opens it at his bank"],
    ),
    (
        "About the neighbor thing, we'll do it different: we're getting one of those Ring "
        "cameras instead. So buy the camera, then have our grandson Tyler set it up",
        ["Buy the camera", "Have our grandson Tyler set it up"],
    ),
)
SO_BEFORE_FIRST_NEAR_MISSES: tuple[str, ...] = (
    "So-and-so's van",  # no "so" word of its own
    "Sophie drives it over",  # a name
    "So Tyler sets it up",  # who does it: kept
)


# Words that say the old way is no more, for good: "don't service our model any more", "no CBT
# for me", "the ward manager is off sick", "has to be matron instead", "rather than". A thing
# that did not work this once ("couldn't see him today", "can't find the number", "no reply
# yet") is an attempt, and its way round it no replacement.
_NO_LONGER = re.compile(
    r"\b(?:no\s+longer|any\s*more|after\s+all|"
    r"no(?!\s+(?:reply|answer|response|luck|joy|sign|word|news|one|idea|rush|worries|problem|"
    r"time|chance|way|need|sooner)\b)|"
    r"not\s+(?:going\s+to|gonna|doing|having|getting|bothering|happening)|"
    r"(?:do|does)n'?t|do\s+not|does\s+not|won'?t|will\s+not|"
    r"(?:is|are|'s|'re)\s+(?:off|out|closed|gone)|off\s+(?:sick|work|long\s+term)|retired|"
    r"closed(?:\s+down)?|shut\s+down|stopped|cancell?ed|scrapped|dropped|pulled\s+out|"
    # the thing, then "cancel" closing its sentence, as Hinglish says it: "job post likhne ka
    # scene cancel.", "party wala plan cancel,"
    r"cancel(?=\s*(?:[.!;,—]|$))|"
    r"rather\s+than|instead\s+of|(?:has|have|had|will|must)\s+to\s+be|must\s+be|'ll\s+have\s+to\s+be)\b",
    re.I,
)
# … and words that say it is only for now
_FOR_NOW = re.compile(
    r"\b(?:today|tonight|yet|this\s+(?:morning|afternoon|evening|week|weekend|month|time)|"
    r"at\s+the\s+moment|right\s+now|atm|till|until|til|temporarily|"
    # "closed for christmas", "off for a week", "away over the holidays"
    r"(?:for|over)\s+(?:the\s+)?(?:christmas|xmas|easter|holidays?|hols|summer|winter|weekend|"
    r"bank\s+holiday|half\s+term|(?:a|one|two|three|few|couple\s+of|\d+)\s+(?:days?|weeks?|months?))|"
    r"for\s+(?:now|a\s+bit|a\s+while))\b",
    re.I,
)
_FOR_GOOD = re.compile(r"\b(?:no\s+longer|any\s*more|after\s+all|rather\s+than)\b", re.I)
# Where the new steps start: "so instead: a, then b", "Instead of it I must a and after that b",
# "… matron instead. so a then b", "rather than X we're going private - I need to a and then b"
_WHO_WILL = (
    rf"(?:{_WILL}|(?:i|we)\s+(?:must|should|can|shall)|(?:i|we)\s+(?:now\s+)?(?:need|have)\s+to|"
    r"need\s+to|gotta|ill|will)"
)
_INSTEAD_STEPS = (
    re.compile(
        rf"(?:^|(?<=[.!?;,:—-])\s*|\s)(?:so\s+)?instead\s+of\s+(?:it|that|this)(?:\s+one)?[\s,:]*"
        rf"(?:{_WHO_WILL}\s*:?\s+)?(?:just\s+)?(?P<steps>.+)$",
        re.I | re.S,
    ),
    re.compile(
        rf"(?:^|(?<=[.!?;,—-])\s*|\s)(?:so\s+)?instead\s*(?:[:,]|[.!]+\s*(?:so\s+|now\s+)?|\s+)"
        rf"(?:{_WHO_WILL}\s*:?\s+)?(?:just\s+)?(?P<steps>(?!of\b).+)$",
        re.I | re.S,
    ),
)
_RATHER_THAN = re.compile(
    rf"\brather\s+than\s+(?P<old>[^,.;:—!-]+?)\s*(?:,\s*|\s+)(?:{_WHO_WILL}|(?:we'?re|i'?m)\s+\w+ing)"
    rf"[^.!;—:-]*?(?:\s*[—:-]+\s*|[.;]\s+)(?:so\s+)?(?:{_WHO_WILL}\s*:?\s+)?(?P<steps>.+)$",
    re.I | re.S,
)


# An adverb between the person and their will says nothing of the steps: "instead i just
# gotta pay the bill", "we now need to ring them", "i really have to email her"
_WILL_ADVERB = re.compile(
    r"\b(i|we)\s+(?:just|only|really|now|also|then|simply|basically|literally)\s+"
    r"(?=gotta|got\s+to|have\s+to|need\s+to|must|should|will|shall)",
    re.I,
)


def read_instead(text: str) -> tuple[tuple[str, ...], list[str]] | None:
    """A step said to be no more, in any words, and what comes instead: ``(words that may
    name the step, in order of trust, new steps)``.

        cromartie don't service our model any more. so instead: find a kiln engineer, then …
        no CBT for me. Instead of it I must apply for the programme and after that …
        the ward manager is off sick so it has to be matron instead. so email matron, then …
    """
    text = " ".join(_EMOJI.sub(". ", text).split()).strip(" .")
    text = _WILL_ADVERB.sub(r"\1 ", text)
    rather = _RATHER_THAN.search(text)
    found = next((f for form in _INSTEAD_STEPS if (f := form.search(text)) is not None), None)
    if rather is not None:
        said, before, named = rather["steps"], text[: rather.start()], [rather["old"]]
    elif found is not None:
        said, before, named = found["steps"], text[: found.start()], []
    else:
        return None
    said = re.sub(r"\s+instead[.!]*$", "", said.strip(), flags=re.I)
    if not _NO_LONGER.search(before) and rather is None:
        return None  # "booked the hall instead, so now send the invites": nothing stopped
    if _asked(text):
        return None
    steps = items(said)
    if not steps or any(map(_UNDECIDED.match, steps)):
        return None
    if not all(_doing(step) for step in steps):
        return None  # "instead it's at mum's": no step to do
    # the last sentence before the new steps, the things it says are no more, then all of it
    last = re.split(r"(?<=[.!?:;])\s+", before.strip(" ,.;:—-"))[-1]
    last = re.sub(r"[\s,]+so$", "", last.strip(" ,.;:—-"), flags=re.I)
    if _FOR_NOW.search(last) and not _FOR_GOOD.search(before):
        return None  # "the vet couldn't come today so instead …": for now, not for good
    # the words that say it is no more name nothing ("any more" is no "Order more clay")
    bare = _NO_LONGER.sub(
        " ", re.sub(r"\b(?:apparently|now|anyway|really|just)\b", " ", last, flags=re.I)
    )
    named += [f["thing"] for f in _NO_MORE.finditer(last)] + [" ".join(bare.split())]
    if (topic := topic_of(text)) is not None:
        named.append(topic)
    olds = tuple(
        dict.fromkeys(o for o in (_OLD_NOISE.sub(" ", n).strip(" ,.;:—-") for n in named) if o)
    )
    return (olds, steps) if olds else None


def topic_of(text: str) -> str | None:
    """ "change of plan on the hearing aids. …": what the change is said of."""
    found = _change_said(" ".join(text.split()))
    return found["topic"] if found is not None else None


def _asked(text: str) -> bool:
    """ "so instead of the van, maybe a car?": asked, not said."""
    return (
        text.rstrip().endswith("?")
        or re.search(r"\b(?:maybe|could|might|perhaps)\b", text, re.I) is not None
    )


# A fallback said before its step: "if that's a no too, try the library", "failing that ring
# the council", "if not, email them"
_FALLBACK = re.compile(
    r"^(?:if\s+(?:that'?s|that\s+is|it'?s|they\s+say|he\s+says|she\s+says)\s+(?:a\s+)?no"
    r"(?:\s+(?:too|either|as\s+well))?|if\s+not|failing\s+that|otherwise)[\s,]+",
    re.I,
)


# A new step told as who does it: "he draws up the plans", "he'll do a leak test", "they're
# sending an assessor out", "then I pick one of their panel beaters" — another's step is a
# step all the same; never a remark on them ("they never answer", "he's useless")
_WHO_DOES = re.compile(
    r"^(?:then\s+)?(?:(?:they|she|he|i|we)(?:'re|'s|'m|\s+are|\s+is|\s+am)\s+(?:also\s+)?"
    r"(?!going\b|getting\s+(?:on|back)\b)[a-z]{2,}ing\s+\w|"
    r"(?:i|we)(?:'ll|\s+will)?\s+(?:just\s+|then\s+|also\s+)?(?:"
    + "|".join(sorted(STEP_VERBS))
    + r")\s+(?!(?:you|nothing|anything|everything|back)\b)\w)",
    re.I,
)
WHO_DOES_EXAMPLES = (
    "He draws up the plans",
    "he'll do a leak test",
    "they're sending an assessor out",
    "then I pick one of their approved panel beaters",
)
WHO_DOES_NEAR_MISSES = (
    "they never answer",
    "he's useless",
    "I think so",
    "they're going on holiday",
)


def _doing(step: str) -> bool:
    """A new step says what to do: it starts with a verb (or "-ing" of one), maybe after
    the fallback it is for, or says who does it ("he draws up the plans")."""
    step = _FALLBACK.sub("", step)
    first = step.split()[0].lower().strip(",.") if step.split() else ""
    return (
        first in STEP_VERBS | _MORE_VERBS
        or first.endswith("ing")
        or (first.startswith("re") and first[2:] in STEP_VERBS)  # "rebook", "resend"
        or _WHO_DOES.match(step.strip()) is not None
        or someone_does(step)
    )


# Verbs a new step may start with beyond the usual list ("combine it with hive 2")
_MORE_VERBS = frozenset(
    "combine use swap switch merge try look see meet enrol enroll brief scan let notify hold "
    "schedule stick patch store record import transfer sign drive fetch hand lodge hide open".split()
)


def says_what_to_do(step: str) -> bool:
    """Whether a new step starts with what to do (``_doing``), for the other readers of a
    change (``reworks``)."""
    return _doing(step)


def said_as_change(text: str) -> bool:
    """ "change of plan on …": the words say a step changes, whether or not they name it."""
    return _change_said(" ".join(text.split())) is not None


# What the reader must read, and what it must leave alone (tests/test_readings.py).
EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "instead of decluttering the spare room myself I'm gonna sell the wardrobe and get a "
        "clearance firm in",
        "decluttering the spare room",
        ("Sell the wardrobe", "Get a clearance firm in"),
    ),
    (
        "police cert is way more faff than one step. instead of that I need to: request the "
        "certificate, get it apostilled, then courier it",
        "police cert",
        ("Request the certificate", "Get it apostilled", "Courier it"),
    ),
    (
        "the dispute bit is more involved than I thought. instead of that one step I need to "
        "register on their portal, then fill in the form",
        "the dispute",
        ("Register on their portal", "Fill in the form"),
    ),
    (
        "split stripping the tiles into two jobs - walls this weekend, then the floor",
        "stripping the tiles",
        ("Walls this weekend", "The floor"),
    ),
    (
        "the estate agent idea's off, too dear. instead I'll put it on rightmove myself and do "
        "the viewings",
        "estate agent",
        ("Put it on rightmove myself", "Do the viewings"),
    ),
    (
        "hiring a van is overkill tbh. gonna borrow dad's trailer and do two trips instead",
        "hiring a van",
        ("Borrow dad's trailer", "Do two trips"),
    ),
    (
        "change of plan for the collection, the shop wants it picked up friday instead. so its "
        "ring the shop, then book a van",
        "the collection",
        ("Ring the shop", "Book a van"),
    ),
    (
        "the quotes need splitting up really - one for the roof and one for the gutters. thanks",
        "the quotes",
        ("One for the roof", "One for the gutters"),
    ),
    (
        "forget the skip hire, instead I'll take it to the tip and sell the rest online",
        "the skip hire",
        ("Take it to the tip", "Sell the rest online"),
    ),
    (
        "council's gone paperless so swap post the form for: scan it, and upload it",
        "post the form",
        ("Scan it", "Upload it"),
    ),
    (
        "change of plan on the shed, instead of fixing the roof myself im getting jo round to "
        "look, then buying what she says",
        "fixing the roof",
        ("Getting jo round to look", "Buying what she says"),
    ),
    (
        "change of plan, no flying. so instead of flights I need to book the ferry, then the "
        "train to york",
        "flights",
        ("Book the ferry", "The train to york"),
    ),
)
EXAMPLES += (
    # "rather than" is "instead of"
    (
        "rather than redirecting the post I'll just tell everyone my new address and check the "
        "old place weekly",
        "redirecting the post",
        ("Tell everyone my new address", "Check the old place weekly"),
    ),
    (
        "rather than hiring a van we're gonna borrow dad's and do two trips",
        "hiring a van",
        ("Borrow dad's", "Do two trips"),
    ),
    # "a bigger job than I thought", then a dash or a colon
    (
        "packing the kitchen is a bigger job than I thought — wrap the plates, box the pans, "
        "defrost the freezer",
        "packing the kitchen",
        ("Wrap the plates", "Box the pans", "Defrost the freezer"),
    ),
    (
        "the loft is a much bigger job than we thought: clear it, board it, then insulate it",
        "the loft",
        ("Clear it", "Board it", "Insulate it"),
    ),
    # "needs to be split", "should be split up"
    (
        "actually the invites need to be split: print them, then post them",
        "the invites",
        ("Print them", "Post them"),
    ),
    (
        "the quotes should be split up - one for the roof, one for the gutters",
        "the quotes",
        ("One for the roof", "One for the gutters"),
    ),
)
EXAMPLES += (
    # a step dropped, and what comes instead (one new step when "instead" says so)
    (
        "scrap repainting the shed myself, will just get a handyman in instead",
        "repainting the shed",
        ("Get a handyman in",),
    ),
    (
        "not bothering with the garage for the mot anymore, instead i'll book the council test "
        "centre and get dad to drive it there",
        "the garage for the mot",
        ("Book the council test centre", "Get dad to drive it there"),
    ),
    (
        "scrap the bike rack, neighbour is selling his tow bar one so ill buy that off him and "
        "fit it myself",
        "the bike rack",
        ("Buy that off him", "Fit it myself"),
    ),
    (
        "the agent says he'll sort the gas certificate himself. so instead of that i only need "
        "to send him the keys and pay his fee",
        "the agent says he'll sort the gas certificate himself",
        ("Send him the keys", "Pay his fee"),
    ),
)
EXAMPLES += (
    # a step dropped first, the new steps marked later by "instead" or "so"
    (
        "forget the skip hire, the council do bulky waste pickups. so book the pickup and then "
        "drag everything out front",
        "skip hire",
        ("Book the pickup", "Drag everything out front"),
    ),
    (
        "ditch the caterers, way over budget. instead: order platters from m&s, then borrow "
        "the urn off the church",
        "caterers",
        ("Order platters from m&s", "Borrow the urn off the church"),
    ),
    (
        "mum says forget the hotel, she'll put us up. so instead I need to buy her flowers",
        "hotel",
        ("Buy her flowers",),
    ),
    (
        "the dog walker thing - my neighbour offered. replace it with dropping a key round to her",
        "dog walker",
        ("Dropping a key round to her",),
    ),
)
EXAMPLES += (
    # "change of plan" before the change itself; an emoji between what goes and what comes
    (
        "change of plan, rather than hiring a skip I'm going to take it to the tip and then sell "
        "the rest online, way cheaper",
        "hiring a skip",
        ("Take it to the tip", "Sell the rest online"),
    ),
    (
        "change of plans, no marquee 🙈 instead: 1) book the church hall 2) borrow tables from "
        "the school",
        "marquee",
        ("Book the church hall", "Borrow tables from the school"),
    ),
    # what was dropped said as done, or as a mind changed
    (
        "we've scrapped the bouncy castle idea, too pricey. so instead we need to hire a magician "
        "and buy balloons",
        "bouncy castle",
        ("Hire a magician", "Buy balloons"),
    ),
    ("changed my mind about the gym, joining the pool instead", "gym", ("Joining the pool",)),
    (
        "not having them deliver it anymore, I'll collect it from the depot and build it myself",
        "deliver",
        ("Collect it from the depot", "Build it myself"),
    ),
    # "so instead of that" after a comma; "change that one to"
    (
        "the vet says the cone won't work, so instead of that I need to buy a soft collar and "
        "book a check-up",
        "the vet says the cone won't work",
        ("Buy a soft collar", "Book a check-up"),
    ),
    (
        "Dad doesn't want the big party, so could you change that one to booking a table and "
        "ordering a cake",
        "Dad doesn't want the big party",
        ("Booking a table", "Ordering a cake"),
    ),
)
EXAMPLES += (
    # "swap that out for"; "change of plan on X: instead of <doing> it" names X by the topic
    (
        "the physio says walking will do, so could you swap that out for buying a step counter "
        "and walking every morning",
        "physio says walking will do",
        ("Buying a step counter", "Walking every morning"),
    ),
    (
        "change of plan on the fence: instead of painting it I'm going to stain it and then seal "
        "it",
        "painting fence",
        ("Stain it", "Seal it"),
    ),
    (
        "change of plan on the compost: instead of ordering it we're going to build a bin and ask "
        "the café for coffee grounds",
        "ordering compost",
        ("Build a bin", "Ask the café for coffee grounds"),
    ),
)
EXAMPLES += (
    # "not <doing> X", and "changed my mind about X, rather than …" (X names the step)
    (
        "change of plan - not painting the fence, the neighbour is replacing it so I'll pay him "
        "half and clear the path",
        "painting the fence",
        ("Pay him half", "Clear the path"),
    ),
    (
        "not hiring a skip anymore, the council collect bulky waste so book the pickup and drag "
        "it all out front",
        "hiring a skip",
        ("Book the pickup", "Drag it all out front"),
    ),
    (
        "I've changed my mind about the flights, rather than flying we'll get the train and book "
        "a hotel",
        "flying flights",
        ("Get the train", "Book a hotel"),
    ),
    (
        "changed my mind on the cake, instead of baking it I'll order one and pick it up friday",
        "baking cake",
        ("Order one", "Pick it up friday"),
    ),
)
EXAMPLES += (
    # a change said first ("slight change", "plans have changed", "we decided against"), the new
    # steps after it, or after a colon
    (
        "Slight change - instead of meeting the solicitor in person I'll do a phone call and then "
        "email him the documents",
        "meeting the solicitor in person",
        ("Do a phone call", "Email him the documents"),
    ),
    (
        "we decided against the caterer, doing it ourselves: buy the food and borrow the urn",
        "caterer",
        ("Buy the food", "Borrow the urn"),
    ),
    (
        "plans have changed, rather than driving we'll fly and hire a car",
        "driving",
        ("Fly", "Hire a car"),
    ),
)
EXAMPLES += (
    # what is off, then what the person will do instead
    (
        "the trade me listing isn't happening anymore, I'll sell to the dealer instead and get "
        "the cash",
        "trade me listing",
        ("Sell to the dealer", "Get the cash"),
    ),
    (
        "the marquee won't work now, we'll use the church hall instead",
        "marquee",
        ("Use the church hall",),
    ),
    (
        "the bouncy castle is off - I'm going to hire a magician instead",
        "bouncy castle",
        ("Hire a magician",),
    ),
)
NEAR_MISSES: tuple[str, ...] = (
    "forget the cake, too expensive so I'm baking it myself",
    "no rush on the tiles, so whenever",
    "scrap the van, so annoying",
    "not doing the van, gonna think about it",
    "scrap that, I'll do it tomorrow",
    "forget it, will call later",
    "rather than worry I'll just wait",
    "the bill needs to be split with sam",
    "it's a bigger job than I thought",
    "instead of the van we could borrow jim's car",
    "split the bill with sam",
    "skip the survey",
    "the wedding's off. instead we're going to the pub",
    "so instead of the van, maybe a car?",
    "swap the sofa for a bigger one",
    "change the oil with the good stuff",
    # someone else's doing is no new step; two things after "instead" may be one step or two
    "no need for a guarantor anymore, the landlady said she'll take 3 months up front instead",
    "no jumping castle — we'll hire a face painter and a snow cone machine instead",
    "change of plan, we're not going",
    "changed my mind, too tired",
    "not feeling great, so I'll rest",
    "not sure, so I'll ring them and ask",
    "we decided against it",
    "plans have changed, we're staying home",
    "the wifi isn't happening today, I'll try tomorrow",
    "the party is off, gutted",
)
CHANGE_EXAMPLES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        "change of plan on the flights, eurostar's cheaper. instead I'll book the train and sort "
        "a hotel in paris",
        ("flights", "eurostar's cheaper"),
        ("Book the train", "Sort a hotel in paris"),
    ),
    (
        "slight change for the party, no bouncy castle after all. instead we'll hire a magician "
        "and do a treasure hunt",
        ("party", "bouncy castle", "no bouncy castle after all"),
        ("Hire a magician", "Do a treasure hunt"),
    ),
    (
        "change of plan with the car - I'll sell it privately, then buy a bike",
        ("car",),
        ("Sell it privately", "Buy a bike"),
    ),
    (
        "update on presents: sis says no more toys. instead just get book tokens and plan a day out",
        ("presents", "toys", "sis says no more toys"),
        ("Get book tokens", "Plan a day out"),
    ),
)
CHANGE_EXAMPLES += (
    # what goes said first, with no topic: "no dj after all … instead …"
    (
        "no dj after all, my cousin's doing it. instead need to make a playlist and borrow "
        "speakers",
        ("dj",),
        ("Make a playlist", "Borrow speakers"),
    ),
    (
        "forget the caterer, instead we'll do a bbq and buy cakes from the bakery",
        ("caterer",),
        ("Do a bbq", "Buy cakes from the bakery"),
    ),
)
CHANGE_EXAMPLES += (
    # "instead of" inside the new steps' sentence; "so I need to" introduces them
    (
        "change of plans on the van — we're gonna hire one instead of buying, so I need to book "
        "it and then pick it up",
        ("van",),
        ("Book it", "Pick it up"),
    ),
)
CHANGE_EXAMPLES += (
    # the new steps before a last "instead", one for each one doing something
    (
        "change of plan on the facebook bit, our Jen's going to do a leaflet drop and I'll put a "
        "board outside instead",
        ("facebook",),
        ("Our Jen's going to do a leaflet drop", "Put a board outside"),
    ),
    (
        "change of plan for the party, my sister is making the cake and I'll do the balloons "
        "instead",
        ("party",),
        ("My sister is making the cake", "Do the balloons"),
    ),
    (
        "change of plans on the van — jo's lending hers and we'll pick it up saturday instead",
        ("van",),
        ("Jo's lending hers", "Pick it up saturday"),
    ),
)
CHANGE_EXAMPLES += (
    # no "instead": after why, the new steps said in order after the last "so first" /
    # "so now"; "ok new idea for …" names the topic as "change for …" does
    (
        "ok new idea for getting down to Lecce, trains cost a fortune this year: we drive. so "
        "first the car goes in for the tagliando and then we get a telepass",
        ("getting down to Lecce",),
        ("The car goes in for the tagliando", "Get a telepass"),
    ),
    (
        "change for the daycare visits.. they stopped in-person tours because of flu, so now I "
        "watch the online video for each one and then do phone Q&A with the directors",
        ("daycare visits",),
        ("I watch the online video for each one", "Do phone Q&A with the directors"),
    ),
    # what one "then" brings is one step, its "and" no cut
    (
        "change for the passport photos. the booth at the post office is broken, so first Tom "
        "finds a photo shop and then I drive there and get them done",
        ("passport photos",),
        ("Tom finds a photo shop", "I drive there and get them done"),
    ),
    # a step's verb right after "so" starts them as "so first" does, when a "then" follows
    # (z194, z199, z218)
    (
        "change for the roof. no tiles, contractor says concrete slab is cheaper and better. so "
        "get slab estimate from him, then pour the slab",
        ("roof",),
        ("Get slab estimate from him", "Pour the slab"),
    ),
    (
        "change plan for the licence card, no need go collect at office already. they say can "
        "download e-lesen from the portal, so register portal account then print at home",
        ("licence card",),
        ("Register portal account", "Print at home"),
    ),
    # why in a sentence of its own, then "so we …": the steps start at "so" (z216; the
    # "so I just" of z193 and z209)
    (
        "change for the lunch at khalo's, his house is too small now with the new baby. so we "
        "book a table at a restaurant by the river and invite khalo's family there instead",
        ("lunch at khalo's",),
        ("Book a table at a restaurant by the river", "Invite khalo's family there"),
    ),
    # after why, a last sentence of its own with the new steps in order, a "then" between
    # them (z47, z138, z203, z214); "im just gonna" is no part of a step
    (
        "change for the invitations, no printed ones na. Anna will make an e-invite on canva "
        "then we send it in the family group chat",
        ("invitations",),
        ("Anna will make an e-invite on canva", "Send it in the family group chat"),
    ),
    (
        "update on the bank thing: mom works doubles all week so we cant go in together. im "
        "just gonna open it on the chase app and then go in by myself to show my ID",
        ("bank",),
        ("Open it on the chase app", "Go in by myself to show my ID"),
    ),
    # a topic said bare ("about X,") before why, then "instead"
    (
        "about the shade, sitajenga. instead I'll rent one from the guy at Gikomba, then pay "
        "him weekly through mpesa",
        ("shade", "sitajenga"),
        ("Rent one from the guy at Gikomba", "Pay him weekly through mpesa"),
    ),
)
CHANGE_NEAR_MISSES: tuple[str, ...] = (
    "change for the trip, trains are dear so it's fine, we'll see",  # no steps in order
    "new idea for the fee: maybe Sina pays it?",  # asked, no steps
    "change for the party, so first things first, it's at mum's now",  # no "then": one thing
    "change for the roof, so get the slab estimate from him",  # a verb after "so", no "then"
    "change for the party, mum wants it at hers now. we'll see then",  # one thing, no steps
    "change for the party, mum wants it at hers and then the pub",  # no sentence of its own
    "change for the roof, so the old tiles stay and then we see",  # no verb after "so"
    "about the shade, I'll rent one from the guy at Gikomba, then pay him",  # no "instead"
    "so instead I'll call them and email them",
    "not sure, instead maybe a car",
    "change of plan on the flights, we're not going",
    "change of plan, let's meet at 3",
    "change the oil and the filter",
    "update on the tiling: tiler is coming friday",
    "change of plan for the party — maybe we could do a magician and a treasure hunt?",
    "change of plan on the van, we're keeping it instead",
    "change of plan for the party, it's at mum's instead",
)
# A step said to be no more in any words, and what comes instead (``read_instead``)
INSTEAD_EXAMPLES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        "the garage doesn't do MOTs any more. so instead: find another test centre, then book it in",
        ("the garage do MOTs",),
        ("Find another test centre", "Book it in"),
    ),
    (
        "the school says no uniform grant this year. Instead of that we need to buy it second hand "
        "and ask the PTA",
        ("uniform grant", "the school says uniform grant this year"),
        ("Buy it second hand", "Ask the PTA"),
    ),
    (
        "my physio is off on maternity leave so the sessions have to be with her colleague "
        "instead. so ring the clinic then rebook the sessions",
        ("my physio on maternity leave so the sessions with her colleague",),
        ("Ring the clinic", "Rebook the sessions"),
    ),
    (
        "Change of plan on the passport. The post office queue is mad, so rather than posting it "
        "I'm going in person - I need to book a slot and then take the photos",
        ("posting", "The post office queue is mad", "passport"),
        ("Book a slot", "Take the photos"),
    ),
)
INSTEAD_NEAR_MISSES: tuple[str, ...] = (
    "booked the hall instead, so now send the invites and order the cake",
    "so instead of the van, maybe a car?",
    "the party's not at ours, it's at mum's instead",
    "I walked instead of driving, felt great",
    "no rain today so instead we could have a bbq",
    "the plumber can't come so instead I'll have a cup of tea",
    # this once, not for good: an attempt and its way round
    "the vet couldn't see Rex today so instead I'll book him in for monday",
    "can't find the vet's number, so instead I'll ring Mum and ask her",
    "Dr Patel is off this week so it'll have to be Dr Khan instead. so ring reception then book it",
    "gym's closed for christmas so instead I'll go for runs and do yoga at home",
    "the pool's shut for a week, so instead I'll run and then stretch",
    "the office is closed over the holidays so instead email the form, then ring on the 2nd",
)
EXAMPLES += (
    # "not going to <do> X after all", "we won't X after all", then what instead
    (
        "not going to requeen hive 3 after all, I'll just combine it with hive 2 instead",
        "requeen hive 3",
        ("Combine it with hive 2",),
    ),
    ("we won't paint the shed after all, we'll stain it instead", "paint the shed", ("Stain it",)),
    (
        "we're not gonna sell the bike after all, I'll give it to my nephew instead",
        "sell the bike",
        ("Give it to my nephew",),
    ),
)
EXAMPLES += (
    # what goes said first, a reason after it, and the new steps after a later "instead"
    (
        "no more paper forms for passports, it's all online now. instead: fill in the online "
        "form, then upload the photo",
        "paper forms for passports",
        ("Fill in the online form", "Upload the photo"),
    ),
    (
        "no more cheques at the bank, it's all cards now. instead: set up a direct debit, then "
        "cancel the chequebook",
        "cheques at the bank",
        ("Set up a direct debit", "Cancel the chequebook"),
    ),
    (
        "scrap the marquee, it's too windy up there. instead: book the village hall, then move "
        "the tables",
        "marquee",
        ("Book the village hall", "Move the tables"),
    ),
    # a reason between the step dropped and the new ones is left out
    (
        "forget the skip hire, its too dear, borrow dads trailer and do two runs",
        "the skip hire",
        ("Borrow dads trailer", "Do two runs"),
    ),
)
NEAR_MISSES += (
    # what goes never runs past a colon: after "change it:" the new steps are said, and the
    # "for" inside one swaps nothing (z142)
    "speech therapy at the clinic is impossible. change it: ask her neurologist for a home "
    "health referral, then schedule the therapist to come to the house",
    # "change w X:" is "change with X": a topic, never "change X for Y" with Y the steps
    "change w the inspector thing: commissary books it for us now, so 1) email my paperwork "
    "to Sandra 2) pay her the $75 fee",
    "no reply from the caterer yet, so instead I'll send the invites and order the cake today",
    "not going to the shops today, too wet",
    "not going to bother, will think about it",
    # reasons said after the step dropped are no new steps
    "scrap the gutter clean, its only a few leaves, not worth the ladder",
    "forget the second coat on the shed, it's fine as it is, no point",
    "ditch the survey, too dear, nothing wrong with the roof anyway",
    # "change for / on / about X." says what changes; a "for" sentences later swaps nothing
    "Change for the booking of the test. The phone is impossible for me, so first Anna rings "
    "them and then I go in",
    "change on the bins. the council wants a form for it now, so I print it and then drop it off",
    "Change about the venue. The hall is too small for us, we ask the school and then the church",
)
EXAMPLES += (
    # what goes said in the one sentence, right after the swapping verb
    (
        "change the cake order for a tray bake and a fruit bowl",
        "the cake order",
        ("A tray bake", "A fruit bowl"),
    ),
    (
        "the bank moved online so swap the paper form for: upload the pdf, sign it online",
        "the paper form",
        ("Upload the pdf", "Sign it online"),
    ),
)


# -- a step swapped: what goes, found by its own words, and what comes ---------------------
#
# People drop a step and say what comes instead in many orders ("not renting a uhaul. gonna
# borrow …", "scratch moving the portfolio myself. gonna hire a VA, so: find …, then …",
# "swap the gp appointment for the self referral form"). ``read_swap`` reads three parts:
# the words that drop something (``_DROP_WORDS``: the thing after them may name the step),
# the words that start what comes instead (``_STEPS_START``: the last explicit one, else the
# last "I'll / gonna / need to" that starts a clause), and the new steps, split on then/and/
# commas, with fillers ("so thats", "replace it with") and reasons (no verb first) left out.

# The thing after a word that drops it: "scratch X", "not renting X", "no X", "instead of X"
_DROP_WORDS = re.compile(
    r"(?:(?<=^)|(?<=[\s,.;:!—-]))(?:"
    r"(?:instead\s+of|rather\s+than)(?!\s+(?:that|it|this)\b)|"
    r"(?:scratch|scrap|forget(?:\s+about)?|ditch|drop|bin|bugger|skip)(?!\s+(?:that|it|this)\b)|"
    r"no\s+(?:longer|more)(?=\s+\w+ing\b)|not(?=\s+\w+ing\b)(?!\s+(?:going|gonna|being)\b)|"
    r"no\s+need\s+to|(?:do|does)(?:n'?t|\s+not)\s+want|no(?:\s+more)?(?!\s+(?:reply|answer|response|luck|joy|sign|word|news|one|"
    r"idea|rush|worries|problem|time|chance|way|need|sooner|longer|more|doubt|clue|point|"
    r"matter|big\s+deal|thanks)\b)|not(?=\s+(?:the|a|an|my|our)\b)|(?<=\w\s)not(?=\s+\w+$|\s+\w+[,.;!])"
    r")\s+(?:me\s+|us\s+)?(?:the\s+|a\s+|an\s+|my\s+|our\s+|any\s+)?"
    r"(?P<thing>[^,.;:!?—()]+?)(?=\s*(?:[,.;:!?—()]|\s-\s|$|\s+(?:so|instead|anymore|any\s+more|"
    r"after\s+all|this\s+year|now|myself|ourselves|i'?ll|we'?ll|i'?m|we'?re|gonna|i\s+will|"
    # where the person's own will begins, the thing dropped has ended: "instead of the
    # consultant letter i should get …", "rather than the van we need to …"
    r"we\s+will|(?:i|we)\s+(?:should|must|shall|need\s+to|have\s+to|ought\s+to)|gotta)\b))",
    re.I,
)
# What is off, said after it: "DJ is a no go", "the diocese grant is a non-starter"
_IS_DROPPED = re.compile(
    r"(?:^|[.!;,]\s+|\b(?:says?|said|reckons|thinks|so)\s+)(?:the\s+|my\s+|our\s+)?"
    r"(?P<thing>(?:(?!\b(?:says?|said|reckons|thinks)\b)[^,.;:!?—]){2,40}?)(?:(?:\s+(?:is|are|was|were)|"
    r"\s*['’]s)\s+(?:a\s+no[\s-]?go|a\s+non[\s-]?starter|off(?:\s+the\s+table)?(?!\s+(?:today|tonight|tomorrow|sick|ill|work|till|until|for|this|next|on|at)\b)|out(?!\s+of)|dead|"
    r"not\s+happening|pointless|not\s+an\s+option|a\s+waste\s+of\s+\w+|not\s+worth\s+it)|"
    r"\s+won'?t\s+(?:fix|work|help|do)|\s+(?:is|are)\s+no\s+(?:good|use))\b",
    re.I,
)
# What comes in for what goes, said as a switch: "switching to ikea for the cabinets", "going
# with a glass panel for the splashback" — the thing after "for" goes
_SWITCHED_FOR = re.compile(
    r"\b(?:switch(?:ing|ed)?|go(?:ing)?|gone|mov(?:ing|ed))\s+(?:over\s+)?(?:to|with)\s+"
    r"[^,.;:!?—]{2,40}?\s+for\s+(?:the\s+|my\s+|our\s+)?(?P<thing>[^,.;:!?—]{2,40}?)"
    r"(?=\s*[,.;:!?—]|\s+(?:so|now|instead|then)\b|$)",
    re.I,
)
# "swap that one for …", "swap X for …": what is swapped, and where the new steps start
_SWAP = re.compile(
    r"\b(?:swap|replace|switch|trade)\s+(?!(?:that|it|this|those|them)\s+in\b)(?P<thing>that|it|this|those|them|(?!that\b|it\b|this\b)"
    r"[^,.;:!?]+?)(?:\s+one)?(?:\s+out)?(?!\s+in\b)\s+(?:for|with)\s*:?\s+",
    re.I,
)
# Where the new steps start, said outright: "so:", "so thats", "instead it's", "instead:",
# "so get …" (a step's verb after "so")
_VERB_AFTER_SO = "|".join(sorted(STEP_VERBS))
_STEPS_START = re.compile(
    r"(?:\bso\s*:|\bso\s+(?:instead\s+)?(?:that'?s|thats|it'?s|its|it\s+is|now\s+it'?s)(?:\s*:)?|"
    r"\binstead\s+(?:it'?s|its|it\s+is)\b|\binstead\s*:|"
    r"\b(?:so\s+)?(?:(?:could|can)\s+you\s+)?(?:replace|swap|change)\s+(?:it|that|this|those|them)"
    r"(?:\s+one)?(?:\s+out)?\s+(?:with|for|to)\b\s*:?|"
    rf"\bso\s+(?=(?:{_VERB_AFTER_SO})\b)|"
    # a sentence that starts with what to do, after the one that drops: "plumber's off the
    # table. ring my cousin and buy the fittings", "… second hand - check marketplace then …"
    rf"(?:(?<=[.!;])|(?<=\s-)|(?<=—))\s+(?=(?:{_VERB_AFTER_SO})\b)|"
    # "so instead of getting a quote: grab palings …": a colon after what goes
    r"(?<=\w):(?=\s))\s*",
    re.I,
)
# … or as what the person will do, at the start of a clause
_WILL_START = re.compile(
    rf"(?:^|(?<=[,.;:!—])\s*|\s)(?:so\s+)?(?:instead\s+)?"
    r"(?:(?:i|we)(?:'ll|\s+will)|ill|(?:(?:i'?m|im|we'?re)\s+)?(?:gonna|going\s+to)|"
    r"(?:i|we)\s+(?:must|should|shall|ought\s+to)|(?:(?:i|we)\s+)?(?:just\s+|only\s+|now\s+)?(?:need|have)\s+to|"
    r"gotta|(?:i|we)(?:'ve|\s+have)\s+got\s+to|"
    # what the person is doing now, said by its "-ing": "X is off, we're borrowing a trailer"
    r"(?:i'?m|im|we'?re)(?=\s+\w{2,}ing\b)|"
    # someone else's will, right after a dash, a colon or "instead": "so no new compressor —
    # he'll do a leak test and then regas it", "instead they're sending an assessor out"
    # (elsewhere it is as often why: "the gestor says he'll deal with it himself, so …")
    r"(?:(?<=—)|(?<=—\s)|(?<=\s-\s)|(?<=:\s)|(?<=instead\s))(?:"
    r"(?:he|she|they)(?:'ll|\s+will|(?:'s|'re|\s+is|\s+are)\s+(?:gonna|going\s+to))|"
    r"(?:he'?s|she'?s|they'?re|they\s+are)(?=\s+(?!going\b)\w{2,}ing\b))|"
    # "no need to replace the unit, just regas it and swap the remote": "just" right after
    # the clause that drops says what to do instead, as "I'll just" does
    r"(?:(?<=[,;—])|(?<=[,;—]\s)|(?<=\s-\s))just(?=\s+[a-z]{2,}\s+(?:it|them|the|a|an|my|our|"
    rf"his|her|their|that|this|those|some|one)\b|\s+(?:{_VERB_AFTER_SO})\b))\s*:?\s+(?:just\s+)?",
    re.I,
)
# "just" after the words that drop, and someone else's will after a dash or "instead", start
# the new steps (``read_swap``): (message, the words dropped, the new steps)
JUST_OR_THEIRS_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "aircon guy says no need to replace the unit, just regas it and swap the remote",
        "replace the unit",
        ("Regas it", "Swap the remote"),
    ),
    (
        "scrap the removal firm, just hire a van and rope in my brothers",
        "removal firm",
        ("Hire a van", "Rope in my brothers"),
    ),
    (
        "forget the caterer; just order pizzas and buy some beer",
        "caterer",
        ("Order pizzas", "Buy some beer"),
    ),
    (
        "compressor's fine. so no new compressor — he'll do a leak test and then regas it",
        "new compressor",
        ("Do a leak test", "Regas it"),
    ),
)
JUST_OR_THEIRS_NEAR_MISSES: tuple[str, ...] = (
    "forget the cake, just the two of us and a bottle of wine",
    "no need to rush, just ring them when you can",
    "not doing NCT after all. my sister's a midwife and says she'll just tell me everything",
    "the gestor says he'll deal with it himself and sort the papers",
)
# Words that start a new step but are none: "so thats", "just", "then"
# Words that open a step and are none of it; "So:" opens the list of what comes instead ("…
# going with a PODS container instead. So: order the container, load it, schedule the pickup")
_STEP_FILLER = re.compile(r"^(?:(?:so|just|then|also|and)(?:\s*:|\s+))+", re.I)
SO_LIST_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "No truck after all, we're going with a PODS container instead. So: order the container, "
        "load it, schedule the pickup.",
        ("Order the container", "Load it", "Schedule the pickup"),
    ),
    (
        "No skip after all, we're going with tip runs instead. So: borrow the trailer, load it, "
        "book the tip slots.",
        ("Borrow the trailer", "Load it", "Book the tip slots"),
    ),
    (
        "No band after all, we're going with a DJ instead. So: book the DJ, load the speakers, "
        "schedule the soundcheck.",
        ("Book the DJ", "Load the speakers", "Schedule the soundcheck"),
    ),
)
# "So:" with no list of what to do after it: the decision is the step
SO_LIST_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "No band after all, we're going with a DJ instead. So: that is sorted then.",
        ("Go with a DJ",),
    ),
    (
        "No band after all, we're going with a DJ instead. So: the DJ, the speakers and the lights",
        ("Go with a DJ",),
    ),
)


@dataclass(frozen=True)
class Swap:
    """What ``read_swap`` read: the words that may name the dropped step (in order of
    trust), what the change is said of (a topic or a label: it names the plan as often as
    the step), and the new steps."""

    dropped: tuple[str, ...]
    topic: str | None
    steps: list[str]
    # the steps were said before a "do that instead" that points at them: only ever offered
    pointed_back: bool = False


# "rather than shredding them the bank wants them back": the dropped words end at their
# "them"; a new sentence, said with no stop, starts at its subject
_RUN_ON = re.compile(
    r"^(?P<kept>.*?\b(?:them|it|those|these))\s+(?:the|my|our|his|their|he|she|they|we|i)\s+\w+",
    re.I,
)


def _run_on_cut(words: str) -> str:
    found = _RUN_ON.match(words)
    return found["kept"] if found is not None else words


# An arrangement of the person's own told beside the new step, which no new step carries:
# "scrap the carpool signup. Priya and I are just gonna alternate - …, so I need to set up a
# shared calendar with her instead", "we'll take turns driving", "me and Tom will split it".
# A replacement read with one new step then may have missed one: checked, never written.
_ARRANGEMENT = re.compile(
    r"\b(?:i|we|(?:[\w'-]+\s+and\s+(?:i|me))|(?:me\s+and\s+[\w'-]+))"
    r"(?:'re|\s+are|'m|\s+am|'ll|\s+will)?\s+(?:just\s+)?(?:(?:gonna|going\s+to)\s+)?"
    r"(?:just\s+)?(?:alternate|take\s+turns|share\s+(?:it|the)|split\s+(?:it|the)|rotate|"
    r"swap\s+(?:days|weeks|turns))\b",
    re.I,
)
ARRANGEMENT_EXAMPLES: tuple[str, ...] = (
    "scrap the carpool signup. Priya and I are just gonna alternate, so I need to set up a "
    "shared calendar with her instead",
    "no more carpool, we'll take turns driving so I need to make a rota instead",
    "forget the childminder, me and Tom will split it so I need to ask work for Fridays instead",
)
ARRANGEMENT_NEAR_MISSES: tuple[str, ...] = (
    "scrap the carpool signup, so I need to set up a shared calendar instead",
    "forget the childminder, I need to ask work for Fridays off instead",
)


def arrangement_said(text: str) -> bool:
    """Whether ``text`` tells an arrangement of the person's own beside its new steps."""
    return _ARRANGEMENT.search(text) is not None


def read_swap(text: str) -> Swap | None:
    """A step dropped and what comes instead, in any order. The caller finds the step by
    matching the words, and asks or leaves it when none or two fit.

        change of plans, not renting a uhaul. gonna borrow my friend's car and buy boxes
        scratch moving the portfolio myself. gonna hire a VA for it, so: find a VA, then …
    """
    text = " ".join(_EMOJI.sub(". ", text).split()).strip(" .")
    # (a last sentence that only reacts is no step: "…, then email the planner. make it make
    # sense")
    text = without_reaction(text)
    # "could you swap that out for …" asks drbot to do it: a request, not a maybe
    hedged = re.sub(r"\b(?:could|can|would)\s+(?:you|u)\b", "", text, flags=re.I)
    if _asked(hedged) or re.search(r"\b(?:if|whether|when)\b", text, re.I):
        return None  # "so instead of the van, maybe a car?": asked, not said
    lead = _CHANGE_LEAD.match(text) or re.match(
        r"^(?:change\s+to\s+the\s+plan|(?:the\s+)?plan\s+change)\s*[,.!:;—-]+\s*", text, re.I
    )
    body = text[lead.end() :] if lead is not None else text
    topic = _SWAP_TOPIC.match(text)
    for start, end, willed in _steps_starts(body, topic is not None):
        # "swap the gp appointment for the self referral form": a thing may be the new step
        steps = _new_steps(
            body[end:],
            things=_SWAP.fullmatch(body[start:end]) is not None,
            willed=willed,
            listed=_SWAP.fullmatch(body[start:end]) is not None
            and body[start:end].rstrip().endswith(":"),
        )
        if steps is not None:
            said_before = (
                _said_before(body[:start]) if _POINTS_BACK.match(" ".join(steps)) else None
            )
            if said_before is not None:  # "… buddy says just get a and b. do that instead"
                start, steps = said_before
            pointed_back = said_before is not None
            break
    else:
        return None
    if len(steps) < 2 and not re.search(r"\binstead\b|\bswap\b|\breplace\b", body, re.I):
        return None  # "not doing price tags, i'll just write the prices up": skipped, or one?
    before = body[:start]
    named = [m["thing"] for m in _DROP_WORDS.finditer(before)]
    named += [m["thing"] for m in _IS_DROPPED.finditer(before)]
    named += [m["thing"] for m in _SWITCHED_FOR.finditer(before)]
    named = [_run_on_cut(n) for n in named]
    if (swap := _SWAP.search(body[:end])) is not None:
        if swap["thing"].lower() in ("that", "it", "this", "those", "them"):
            # "datadog closed the role 😤 swap that one for …": what the sentence before says
            said = re.split(r"(?<=[.!?;,])\s+", body[: swap.start()].strip())[-1]
            said = re.sub(r"[\s,]*\b(?:so|and|then)$", "", said, flags=re.I).strip(" ,.;")
            named += [said] if said and not named else []
        else:
            named.insert(0, swap["thing"])
    label = re.match(r"^(?P<label>[^,.;:!?—-]{3,40}?)\s*(?:\s-\s|:|—)\s*", body)
    # "police verification - instead of going …": a label says what the change is of
    said_of = topic["topic"] if topic is not None else label["label"] if label is not None else None
    olds = tuple(
        dict.fromkeys(o for o in (_OLD_NOISE.sub(" ", n).strip(" ,.;:—-") for n in named) if o)
    )
    if said_of is not None:
        said_of = _OLD_NOISE.sub(" ", said_of).strip(" ,.;:—-") or None
    return Swap(olds, said_of, steps, pointed_back) if olds or said_of else None


# A new step that only points back at what was said before it: "do that instead", "go with
# that", "do those"
_POINTS_BACK = re.compile(
    r"^(?:do|go\s+with|try|take)\s+(?:that|this|those|these|them|it)(?:\s+(?:one|ones|then))?$",
    re.I,
)
# Advice said before it, whose steps it points at: "buddy says just get a pad and a hose"
_ADVICE = re.compile(
    r"(?:^|[,;:]\s*|\s)(?:\w+\s+)?(?:says?|said|reckons|suggests?|suggested|recommends?|"
    r"recommended|thinks)\s+(?:to\s+|i\s+should\s+|we\s+should\s+)?(?:just\s+)?",
    re.I,
)


def _said_before(before: str) -> tuple[int, list[str]] | None:
    """The steps of the advice in the last sentence of ``before``, with where they start;
    None when it gives none."""
    sentence_start = max((m.end() for m in re.finditer(r"[.!?;]\s+", before)), default=0)
    advice = None
    for advice in _ADVICE.finditer(before, sentence_start):  # noqa: B007 (the last one)
        pass
    if advice is None:
        return None
    steps = _new_steps(before[advice.end() :].strip(" .!"))
    # "just get a tank heater pad and a heated hose. do that instead": "that" points at each
    # thing named, one step each with the verb said
    steps = [part for step in steps or [] for part in _each_thing(step)]
    return (advice.end(), steps) if steps else None


# A verb and two things, each with its own article: "get a heater pad and a heated hose"
_TWO_THINGS = re.compile(
    r"^(?P<verb>\w+(?:\s+(?:up|out|in))?)\s+(?P<one>(?:an?|the|some)\s+[^,]+?)\s+and\s+"
    r"(?P<other>(?:an?|the|some)\s+[^,]+)$",
    re.I,
)


def _each_thing(step: str) -> list[str]:
    found = _TWO_THINGS.match(step)
    if found is None or not _doing(step):
        return [step]
    return [f"{found['verb']} {found['one']}", cap(f"{found['verb']} {found['other']}")]


# Declared (tests/test_readings.py): the steps "do that instead" points back at, offered only
POINTS_BACK_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "nah not insulating the tank, buddy says just get a heater pad and a heated hose. "
        "do that instead",
        ("Get a heater pad", "Get a heated hose"),
    ),
    (
        "scrap the skip, my dad reckons borrow a trailer, then book a tip slot. do that instead",
        ("Borrow a trailer", "Book a tip slot"),
    ),
    (
        "not hiring a van, Sam suggested ask Jo for his car and buy boxes. go with that",
        ("Ask Jo for his car", "Buy boxes"),
    ),
)
# "do that instead" with no advice before it: it points at nothing said
POINTS_BACK_NEAR_MISSES: tuple[str, ...] = (
    "scrap the van, do that instead",
    "not painting the fence, it looks fine. do that instead",
)


# "change of plan on getting home from the hospital instead I'll …": what the change is of
_SWAP_TOPIC = re.compile(
    r"^(?:(?:slight|small|quick|bit\s+of\s+a|big)\s+)?(?:change(?:\s+of\s+plans?)?|plan\s+change)\s+"
    r"(?:on|for|with|w|re|about|regarding)\s+(?:the\s+|my\s+|our\s+)?(?!plans?\b)"
    r"(?P<topic>[^,.;:—!]+?)\s*(?=[,.;:—!]|\s-\s|\s+(?:so\s+)?instead\b)",
    re.I,
)


def _steps_starts(body: str, has_topic: bool) -> list[tuple[int, int, bool]]:
    """Where the new steps may start, the likeliest first: the explicit marks, last first,
    then the clauses of what the person will do, last first — each only after words that
    drop something (or a change said of a topic); and whether it is after "gonna"/"I'll"."""

    def after_drop(at: int) -> bool:
        return (
            has_topic
            or _DROP_WORDS.search(body[:at]) is not None
            or _IS_DROPPED.search(body[:at]) is not None
            or _SWITCHED_FOR.search(body[:at]) is not None
        )

    marks = [
        (m.start(), m.end())
        for m in _STEPS_START.finditer(body)
        if after_drop(m.start()) or _SWAP.search(body[: m.end()])
    ] + [(m.start(), m.end()) for m in _SWAP.finditer(body)]
    marks.sort()
    found = [
        m
        for m in _WILL_START.finditer(body)
        # "no van after all. also I need to ring the storage place": more to do, not instead
        if after_drop(m.start())
        and not re.search(r"\b(?:also|plus|too|as\s+well)\s*,?\s*$", body[: m.start()], re.I)
    ]
    if any(re.search(r"\band\s*$", body[: m.start()], re.I) for m in found):
        # "Jen's doing a leaflet drop and I'll put a board outside": who does which step
        # is read elsewhere
        found = []
    wills = [(m.start(), m.end(), True) for m in found]
    return [(start, end, False) for start, end in marks[::-1]] + wills[::-1]


# An order by its grammar: a word, then what it is done to ("bin the old stock", "label just
# the high risk stuff") — read as what to do only in a list a colon opens after a swap
_ORDER_SHAPE = re.compile(
    r"^[a-z]{3,}\s+(?:just\s+|only\s+|all\s+)?(?:the|a|an|my|our|some|any|those|these|"
    r"his|her|their|every|each)\b",
    re.I,
)
ORDER_SHAPE_EXAMPLES: tuple[str, ...] = (
    "labelling the whole walk-in is not happening. swap it for: bin the old stock, then label "
    "just the high risk stuff",
)


def _new_steps(
    said: str, *, things: bool = False, willed: bool = False, listed: bool = False
) -> list[str] | None:
    """The new steps: the later sentence of steps when the first only says the decision
    ("ill do it on the online portal. upload the copy then pay the fee"); every step starts
    with what to do, or the reading is no swap. A thing joined by "and" with no verb of its
    own takes the verb before it ("hire a face painter and a snow cone machine")."""
    said = re.sub(r"\s+instead\b", "", said, flags=re.I).strip(" .!")
    sentences = [s for s in re.split(r"(?<=[.!?;])\s+", said) if s.strip(" .!?;")]
    if len(sentences) > 1:
        later = [s for s in sentences[1:] if _doing(_STEP_FILLER.sub("", s.strip()))]
        said = " ".join(later) if later else sentences[0]
    steps: list[str] = []
    # a step said after "gonna"/"I'll" starts with a verb by grammar, whatever the word:
    # "gonna sow wildflower seeds instead" (the first step, when the caller found the
    # will-word; a later one that says its own)
    verbs_by_grammar = {0} if willed and _WILL_DO.match(f"gonna {said.strip()}") else set()
    for step in items(said):
        step = cap(base_of_ing(_STEP_FILLER.sub("", step).strip(" ,.!")))
        if _WILL_DO.match(step):
            verbs_by_grammar.add(len(steps))
        step = cap(re.sub(rf"^{_WHO_WILL}\s+(?:just\s+)?", "", step, flags=re.I))
        head = re.match(r"^(\w+(?:\s+(?:to|for|on|with|at))?)\s", steps[-1]) if steps else None
        if (
            step
            and _THING_ONLY.match(step)
            and not _UNDECIDED.match(step)
            and head is not None
            and _doing(steps[-1])
        ):
            step = f"{head[1]} {step[0].lower() + step[1:] if not step[1:2].isupper() else step}"
        if step:
            steps.append(step)
    if not steps or any(map(_UNDECIDED.match, steps)):
        return None
    if willed and 0 in verbs_by_grammar:
        # "I need to pick up the van and rope in a couple of mates": every step joined under
        # the will-word is what to do, whatever its first word
        verbs_by_grammar |= {i for i, step in enumerate(steps) if _WILL_DO.match(f"gonna {step}")}
    if listed:
        # "swap it for: bin the old stock, then label just the high risk stuff": after the
        # colon, each item shaped as an order is one, whatever its verb
        verbs_by_grammar |= {i for i, step in enumerate(steps) if _ORDER_SHAPE.match(step)}
    doing = all(_doing(step) or i in verbs_by_grammar for i, step in enumerate(steps))
    if not doing and not (things and len(steps) == 1):
        return None
    if any(map(_TAKE_IT_OFF.match, steps)):
        return None  # "… so take that off": the old step dropped, nothing new to do
    return steps


def base_of_ing(step: str) -> str:
    """A step said by its "-ing" ("borrowing the trailer", "doing tip runs", "getting quotes")
    with the verb drbot knows in its place ("borrow", "do", "get"); as said otherwise."""
    first, _, rest = step.partition(" ")
    verb = verb_of_ing(first, STEP_VERBS | _MORE_VERBS)
    return f"{verb} {rest}".strip() if verb else step


BASE_OF_ING_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("borrowing the neighbour's trailer", "borrow the neighbour's trailer"),
    ("doing tip runs", "do tip runs"),
    ("getting quotes", "get quotes"),
    ("making the invites", "make the invites"),
    ("ringing the council", "ring the council"),
)
BASE_OF_ING_KEPT: tuple[str, ...] = ("nothing else", "king's cross", "bring the keys", "ing")


# What someone will do, said so: the word after is a verb whatever it is ("gonna sow
# wildflower seeds instead", "I'll scatter them"), beyond the verbs a step is known to start with
_WILL_DO = re.compile(
    r"^(?:(?:i'?m|im|we'?re)\s+)?(?:gonna|going\s+to|i'?ll|we'?ll|(?:i|we)\s+will|"
    r"(?:i|we)\s+(?:need|have)\s+to|gotta)\s+(?:just\s+)?"
    r"(?!(?:a|an|the|some|my|our|your|it|that|this|those|them|be|have|not|no)\b)[a-z]{2,}\b",
    re.I,
)
# A thing with no verb of its own: "a snow cone machine", "some of those hooks", "Hashicorp"
_THING_ONLY = re.compile(
    r"^(?:(?:a|an|the|some|two|three|a\s+few|a\s+couple\s+of|my|our|his|her|their)\s|\w+$)",
    re.I,
)
# Words that take the old step off the plan, no new step: "take that off", "drop that one",
# "swap those in for the survey" (what swaps in was said before). "drop it / them" with where
# it goes is a delivery, a step of its own: "buy the ingredients and drop them round to hers"
# (z252), "… and drop them at her place" (z240), "… drop them by she house" (z224), "… then
# drop it off" (z141) — never "drop it off the list"
_TAKE_IT_OFF = re.compile(
    r"^(?:take|drop|cross|tick|strike|remove|delete|skip|cancel|scrap|bin|ditch|forget|lose|"
    r"scratch|swap|replace|switch|change)\s+(?:that|it|this|those|them)\b"
    r"(?<!drop\sit)(?<!drop\sthem)|"
    r"^drop\s+(?:it|them)\b(?!\s+(?:round|around|at|to|by|over|with|into|in|off)\b)|"
    r"^drop\s+(?:it|them)\s+off\s+(?:the\s+|my\s+)?(?:list|plan)\b",
    re.I,
)
TAKE_IT_OFF_EXAMPLES: tuple[str, ...] = (
    "drop that",
    "drop that one",
    "drop it",
    "drop them off the list",
    "take that off",
    "swap those in for the survey",
)
# a delivery, with where it goes: a step
TAKE_IT_OFF_NEAR_MISSES: tuple[str, ...] = (
    "Drop them round to hers",
    "Drop them at her place",
    "Drop them by she house in Cunupia",
    "Drop it off",
    "Drop it off with him",
    "Drop it at the port in Lisboa",
)


# A step dropped and what comes instead (``read_swap``): (text, dropped words, topic, steps)
SWAP_EXAMPLES: tuple[tuple[str, tuple[str, ...], str | None, tuple[str, ...]], ...] = (
    (
        "change of plans, not hiring a skip. gonna borrow dad's trailer and do two tip runs "
        "instead",
        ("hiring a skip",),
        None,
        ("Borrow dad's trailer", "Do two tip runs"),
    ),
    (
        "scratch painting the fence myself. gonna pay someone, so: get two quotes, then book the "
        "cheaper one",
        ("painting the fence",),
        None,
        ("Get two quotes", "Book the cheaper one"),
    ),
    # the step the dropping words name, before the topic; fillers ("so thats") are no step
    (
        "change of plan on the party, not booking a magician, gonna do a treasure hunt instead. "
        "so thats buy prizes and then hide the clues",
        ("booking a magician",),
        "party",
        ("Buy prizes", "Hide the clues"),
    ),
    (
        "my sister wants us on google drive not dropbox, so instead it's make a shared folder and "
        "then move the photos over",
        ("dropbox",),
        None,
        ("Make a shared folder", "Move the photos over"),
    ),
    (
        "the marquee is a non-starter. Instead we'll book the scout hut and then borrow their "
        "tables",
        ("marquee",),
        None,
        ("Book the scout hut", "Borrow their tables"),
    ),
    # a label names what changes; the decision's sentence is no step when steps follow it
    (
        "visa stuff - instead of queueing at the embassy again ill use the online service. fill "
        "in the form then pay online",
        ("queueing at the embassy again",),
        "visa stuff",
        ("Fill in the form", "Pay online"),
    ),
    # "replace it with" starts the new steps; the reason before it is none
    (
        "forget hiring a van for the move, I'll use a courier instead, so replace it with just "
        "booking the courier",
        ("hiring a van for the move",),
        None,
        ("Book the courier",),
    ),
    (
        "rather than fixing the old shed we're going to buy a metal one and get the council to "
        "take the old one away",
        ("fixing the old shed",),
        None,
        ("Buy a metal one", "Get the council to take the old one away"),
    ),
    # "swap X for <a thing>"; "swap that one for": what the sentence before says
    (
        "the dentist does it on the nhs now. swap the private clinic for the nhs booking line",
        ("the private clinic",),
        None,
        ("The nhs booking line",),
    ),
    # a thing joined by "and" with no verb takes the verb before it
    (
        "the ferry got cancelled 😤 swap that one for booking the eurotunnel and a hotel instead",
        ("the ferry got cancelled",),
        None,
        ("Book the eurotunnel", "Book a hotel"),
    ),
    (
        "change of plan on getting to the airport instead I'll book a taxi and then text Jo the "
        "flight number",
        (),
        "getting to the airport",
        ("Book a taxi", "Text Jo the flight number"),
    ),
)
SWAP_NEAR_MISSES: tuple[str, ...] = (
    "not going to the gym today, I'll go tomorrow and then swim",
    "scrap the van, so annoying",
    "forget it, I'll call later and then email",
    "so instead of the van, maybe a car?",
    "no reply from the plumber, so I'll ring him again and then email",
    # the old step taken off, nothing new to do
    "caravan's not getting sold after all, Gary is keeping it so take that off",
    "owner says no need to call the electrician, he'll sort it himself. so drop that one",
    # one new step and no "instead": skipped, or replaced?
    "not doing price tags, i'll just write the prices on a card",
    "if the plumber can't come, I'll get a handyman instead and then buy the part",
    "no rush on the tiles, I'll pick them up and then grout friday",
    "not sure, so I'll ring them and ask",
    "swap my saturday with Kez, get the blinds",
    "the wedding's off. instead we're going to the pub",
    "not feeling great so I'll rest and then have a bath",
    # "swap those in for X": X is what goes, and the new steps are said before
    "the lender's doing a valuation and my dad will look round. swap those in for the survey",
)
SWAP_EXAMPLES += (
    # "instead of X:" then the steps; "doesn't want X"; "X won't fix it … swap that out for"
    (
        "forget the caterer, we will cook. so instead of booking them: buy the meat and borrow a "
        "bbq",
        ("caterer", "booking them"),
        None,
        ("Buy the meat", "Borrow a bbq"),
    ),
    (
        "the school doesn't want the forms emailed now. instead I've got to print them and then "
        "hand them in",
        ("forms emailed",),
        None,
        ("Print them", "Hand them in"),
    ),
    (
        "the plumber says a new washer won't fix it, the tap needs replacing, so could you swap "
        "that out for buying a new tap and then fitting it",
        ("a new washer",),
        None,
        ("Buy a new tap", "Fit it"),
    ),
    (
        "change of plan on the wedding cake, instead of the three tiers: 1) order cupcakes 2) buy "
        "a stand",
        ("three tiers",),
        "wedding cake",
        ("Order cupcakes", "Buy a stand"),
    ),
)
SWAP_NEAR_MISSES += (
    "could you maybe swap the van for a car?",
    "the lender is doing a valuation. swap those in for the survey",
    "the new filter won't fix it, so I'll ring him and then wait",
)

SWAP_EXAMPLES += (
    # a last sentence of exasperation is no new step
    (
        "so instead of posting the forms I have to scan them and then upload them. make it make "
        "sense",
        ("posting the forms",),
        None,
        ("Scan them", "Upload them"),
    ),
    (
        "forget the ferry, so instead I have to book flights and then hire a car. go figure",
        ("ferry",),
        None,
        ("Book flights", "Hire a car"),
    ),
)
SWAP_EXAMPLES += (
    # what someone will do, said after "gonna"/"we'll": a verb by grammar, known or not
    (
        "change of plan, not planting bulbs, gonna sow wildflower seeds instead",
        ("planting bulbs",),
        None,
        ("Sow wildflower seeds",),
    ),
    (
        "scratch the caterers, we'll barbecue ourselves instead",
        ("caterers",),
        None,
        ("Barbecue ourselves",),
    ),
    (
        "not painting the fence after all, I'm going to stain it instead",
        ("painting the fence",),
        None,
        ("Stain it",),
    ),
)
SWAP_NEAR_MISSES += (
    # after "gonna", a word that is no verb of a step to do
    "not planting bulbs, gonna be away instead",
    "not planting bulbs, gonna have a rest instead",
    "not planting bulbs, gonna the seeds instead",
)

SWAP_EXAMPLES += (
    # the thing dropped ends where the person's own will begins ("i must", "i should",
    # "i ought to"), and every step joined under that will is what to do, known verb or not
    (
        "my tutor reckons instead of the essay plan i must draft the intro and then outline "
        "section two",
        ("essay plan",),
        None,
        ("Draft the intro", "Outline section two"),
    ),
    (
        "the vet says rather than the tablets i should give him the spot-on drops and then "
        "weigh him monthly",
        ("tablets",),
        None,
        ("Give him the spot-on drops", "Weigh him monthly"),
    ),
    (
        "coach says instead of the long run i ought to do hill repeats and then stretch properly",
        ("long run",),
        None,
        ("Do hill repeats", "Stretch properly"),
    ),
    (
        "not booking the removal firm, so I need to borrow a trailer and rope in my cousins",
        ("booking the removal firm",),
        None,
        ("Borrow a trailer", "Rope in my cousins"),
    ),
    (
        "scrap the skip hire. we will need to hire a trailer and ferry it all to the tip",
        ("skip hire",),
        None,
        ("Hire a trailer", "Ferry it all to the tip"),
    ),
)
SWAP_NEAR_MISSES += (
    # "instead" in a plain try, or a will to do nothing, is no swap
    "tried the bank instead of the post office, they were shut",
    "instead of the vet we should probably just wait and see",
    "not booking the removal firm, so I need to be patient and wait",
)

SWAP_EXAMPLES += (
    # a thing said to be off ("X's out", "X are a no go", "off the table") or switched for
    # ("switching to ikea for the cabinets"), then a sentence of what to do
    (
        "switching to ikea for the cabinets, so measure up and then order online",
        ("cabinets",),
        None,
        ("Measure up", "Order online"),
    ),
    (
        "the splashback's out, going with a glass panel now: measure the wall and order the panel",
        ("splashback",),
        None,
        ("Measure the wall", "Order the panel"),
    ),
    (
        "plumber's off the table, my cousin does plumbing. ring my cousin and buy the fittings",
        ("plumber",),
        None,
        ("Ring my cousin", "Buy the fittings"),
    ),
    (
        "going with a local firm for the windows so get three quotes and then book the survey",
        ("windows",),
        None,
        ("Get three quotes", "Book the survey"),
    ),
)
SWAP_EXAMPLES += (
    # waiting on someone's answer is a step ("wait for them to confirm"), "wait and see" none
    (
        "ok so im not paying the res deposit myself anymore, NSFAS covers it. so now i must "
        "send my NSFAS letter to the res office and then wait for them to confirm",
        ("paying the res deposit",),
        None,
        ("Send my NSFAS letter to the res office", "Wait for them to confirm"),
    ),
)
SWAP_NEAR_MISSES += ("not hiring the van anymore, so now we need to wait and see",)
SWAP_NEAR_MISSES += (
    # out of stock, off for a day, a switch with nothing to do after it: no swap
    "the cabinets are out of stock. order them from wickes then",
    "the plumber's off today. ring him tomorrow and book a new date",
    "switching to decaf for the mornings",
)


# Someone's word framing what to do: "accountant now wants me to scan them in", "Priya
# reckons we should hire a counter" — the step is what follows it
_WHOSE_WORD = re.compile(
    r"^(?:[\w'’]+\s+){1,3}?(?:now\s+|also\s+)?(?:wants|reckons|says|said|thinks|suggests|"
    r"suggested|asked|told)\s+(?:(?:me|us)\s+to|(?:that\s+)?(?:i|we)\s+(?:should|must|need\s+to|"
    r"have\s+to|ought\s+to|can))\s+(?:just\s+)?(?=\w)",
    re.I,
)


def without_whose_word(step: str) -> str:
    """A new step without the words of whoever asked for it, or a filler ("bookkeeper now
    wants me to upload them" is "Upload them", "just send her the login" "Send her the
    login")."""
    return cap(_STEP_FILLER.sub("", _WHOSE_WORD.sub("", step))) or step


# A new step that is no step: a joining word left alone ("And"), the old step's aim said
# again ("… go to the seva kendra and do it there"), or the swap itself ("Swap those in for
# the survey": what swaps in was said before)
_NO_STEP = re.compile(
    r"^(?:(?:and|then|so|also|plus|or)\s*)+$|"
    r"^do\s+(?:it|that|this)(?:\s+(?:there|here|then|again|myself|ourselves|online|in\s+person))?$|"
    r"^(?:swap|replace|switch|change)\s+(?:those|these|them|it|that|this)\b",
    re.I,
)


# A new step that opens with what it replaces: "Instead of ordering the whole lot I'll do a
# test run of 20 first" is "Do a test run of 20 first"
_WHAT_IT_REPLACES = re.compile(
    rf"^(?:instead\s+of|rather\s+than)\s+[^,]+?,?\s+{_WILL}\s+(?:just\s+)?(?P<rest>\w.*)$", re.I
)


# The reason said before "instead:" inside what was read as the new steps ("my laptop can't
# take it. instead: spin up 3 VMs …"): the steps start after it
_REASON_THEN_INSTEAD = re.compile(
    r"^.*?(?:[.!?;]|,|\s[-–—])\s*(?:so\s+)?instead\s*(?:[:,—–-]\s*|\s+(?=\w))", re.I | re.S
)
REASON_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "my laptop can't take it. instead: spin up 3 VMs on hetzner, then join the workers",
        "spin up 3 VMs on hetzner, then join the workers",
    ),
    ("the shop's shut, so instead ring the other branch", "ring the other branch"),
)
REASON_NEAR_MISSES: tuple[str, ...] = (
    "spin up 3 VMs on hetzner, then join the workers",
    "ring the other branch instead of the shop",
)


def without_reason(steps: str) -> str:
    """What was read as the new steps, from the words after a reason's "instead:" on."""
    found = _REASON_THEN_INSTEAD.match(steps)
    return steps[found.end() :] if found is not None and steps[found.end() :].strip() else steps


def _without_what_it_replaces(step: str) -> str:
    found = _WHAT_IT_REPLACES.match(step.strip())
    return cap(found["rest"]) if found is not None else step


# A first piece that says what stops, before the new steps: "no more posting cards to
# everyone. We send …" — the words of the drop, never a new step
_WHAT_STOPS = re.compile(
    r"^(?:no\s+more|no\s+longer|not\s+any\s*more)\b|"
    # the old way said as what the new one is in place of, cut off before it: "change for the
    # gas: rather than buying new, borrow 2 cylinders …" (z267), "new idea for the ummeldung:
    # rather than queueing, I fill the form online …" (z140)
    # (never when the piece goes on to the person's own doing: "instead of the van we take
    # the train" is a step)
    r"^(?:rather\s+than|instead\s+of)\s+"
    r"(?:(?!\b(?:i|we|i'?ll|i'?m|we'?ll|we'?re|then)\b)[^,;:]){1,40}$|"
    # the old way, the person's own doing denied: "I dont go there with the papers, I upload
    # everything …" (z208), "We don't use our trucks this time" (z203), "hindi na kami
    # kukuha ng caterer" glossed (z103): never a thing to do ("don't forget to …" is one)
    r"^(?:(?:i|we)\s+(?:don'?t|dont|do\s+not|won'?t|wont|will\s+not|not)|i'?m\s+not|"
    r"i\s+am\s+not|we'?re\s+not|we\s+are\s+not|no\s+na(?:\s+(?:kami|ako))?)\s+"
    r"(?!forget\b)(?=\w)",
    re.I,
)


def real_steps(steps: list[str]) -> list[str]:
    """The new steps without those that are no step (``_NO_STEP``); the first step stays
    whatever it says, unless it says what stops and others follow ("No more posting cards");
    a reaction said after them ("Suits me", ``is_reaction``) is none, and neither is,
    wherever it stands, a fragment of the sentence ("Of the taps") or a remark on how it
    will go ("See how they get on")."""
    steps = [_without_what_it_replaces(step) for step in steps]
    if len(steps) > 1 and _WHAT_STOPS.match(steps[0].strip()):
        steps = steps[1:]
    return [
        step
        for index, step in enumerate(steps)
        if not is_fragment_step(step)
        and not is_remark_step(step)
        and (not index or (not _NO_STEP.match(step.strip(" .,!")) and not is_reaction(step)))
    ]


# Where the person's own steps start in a list read as a plan's: "so" or Indonesian "jadi"
# ("ibu2 PKK mau bantu masak bareng. jadi belanja bahan di pasar dulu, terus masak …": the
# offer of help is why, the steps follow "jadi"); "terus" / "trus" / "lalu" are "then"
_SO_STEPS = re.compile(r"^(?:so|jadi)\s+(?:(?:i|we)\s+)?(?:just\s+|only\s+)?(?=\w)", re.I)
_THEN_LEAD = re.compile(r"^(?:then|terus|trus|lalu|habis\s+itu)\s+(?=\w)", re.I)


def from_so(steps: list[str]) -> list[str]:
    """The steps from the last that starts with "so" (or "jadi") on, when one after the first
    does and two or more are left, without that word or a "then" at their head
    (``FROM_SO_EXAMPLES``); else the steps as they are."""
    starts = [i for i, step in enumerate(steps) if i and _SO_STEPS.match(step)]
    if not starts or len(steps) - starts[-1] < 2:
        return steps
    return [cap(_THEN_LEAD.sub("", _SO_STEPS.sub("", step))) for step in steps[starts[-1] :]]


FROM_SO_EXAMPLES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        (
            "Ibu2 PKK mau bantu masak bareng",
            "Jadi belanja bahan di pasar dulu",
            "Terus masak rame2 di rumah",
        ),
        ("Belanja bahan di pasar dulu", "Masak rame2 di rumah"),
    ),
    (
        ("My cousin will get them", "So I just send her the money", "Then pick up the package"),
        ("Send her the money", "Pick up the package"),
    ),
)
FROM_SO_NEAR_MISSES: tuple[tuple[str, ...], ...] = (
    ("So ring the plumber", "Buy the fittings"),  # the first step's "so" cuts nothing
    ("Mum will bring the cake", "So just buy the candles"),  # one step would be left
    ("Book the hall", "Send the invites", "Sort the music"),
)


REAL_STEPS_EXAMPLES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    # the old way denied, first: "I dont go there with the papers, I upload everything …"
    (
        ("I dont go there with the papers", "I upload everything online", "Call them"),
        ("I upload everything online", "Call them"),
    ),
    (
        ("We don't use our trucks this time", "Book wagons on the railway", "Truck the bags"),
        ("Book wagons on the railway", "Truck the bags"),
    ),
    (("I'm not paying it myself", "Send the invoice to HR"), ("Send the invoice to HR",)),
    (
        ("Get the form stamped", "Go to the council office", "Do it there"),
        ("Get the form stamped", "Go to the council office"),
    ),
    (
        ("The landlord is fixing it", "And", "Pay him half"),
        ("The landlord is fixing it", "Pay him half"),
    ),
    (
        ("Dad will look at it", "Mum will price it", "Swap those in for the quote"),
        ("Dad will look at it", "Mum will price it"),
    ),
    (("Of the taps",), ()),
    (
        ("Instead of ordering the whole lot I'll do a test run of 20 first", "Order the rest"),
        ("Do a test run of 20 first", "Order the rest"),
    ),
    (
        ("A quick phone chat", "A paid first day", "See how they get on"),
        ("A quick phone chat", "A paid first day"),
    ),
    (
        ("No more posting cards to everyone", "Send e-invites", "Print cards for family"),
        ("Send e-invites", "Print cards for family"),
    ),
    # the old way, cut off before the new steps: "rather than buying new, borrow …" (z267)
    (
        ("Rather than buying new", "Borrow 2 cylinders from Kgosi", "Get them refilled"),
        ("Borrow 2 cylinders from Kgosi", "Get them refilled"),
    ),
    (("Instead of queueing", "Fill the form online", "Drop the papers"),)
    + (("Fill the form online", "Drop the papers"),),
)
REAL_STEPS_KEPT: tuple[tuple[str, ...], ...] = (
    ("Ring the vet", "Do the paperwork"),
    # (a denial is the old way only when it opens them: "don't forget" is a thing to do)
    ("Don't forget the form", "Post it to the council"),
    ("Ring the vet", "We won't need the trailer"),
    ("Book the hall", "Change the date on the invites"),
    ("Buy paint", "Do it properly this time with two coats"),
    # (the old way with the person's own doing after it is a step: kept)
    ("Rather than the bus we cycle there", "Buy a lock"),
    ("Rather than waiting I ring them today", "Book it"),
)


# A new step that is only a remark on how the change will go, said after the steps: "see how
# they get on", "we'll see what happens", "take it from there", "fingers crossed". It is never
# a step ("see if Tom can lend us chairs" and "see how much a skip costs" are steps).
def takes_it_off(step: str) -> bool:
    """Whether a piece only takes the old step off ("swap that one out", "drop that")."""
    return _TAKE_IT_OFF.match(step.strip()) is not None


_REMARK_STEP = re.compile(
    r"^(?:(?:and|then|just|so)\s+)*(?:(?:we|i)(?:'ll|\s+will|\s+can)\s+|let'?s\s+|we\s+)?(?:"
    r"see\s+how\s+(?!much\b|many\b|long\b|far\b|often\b)(?:[\w'-]+\s+){1,3}?(?:go(?:es)?|get(?:s)?"
    r"\s+on|work(?:s)?(?:\s+out)?|pans?\s+out|turns?\s+out|lands?|feels?|do(?:es)?|manages?|"
    r"copes?|fits?\s+in|settles?\s+in|likes?\s+it)|"
    r"see\s+what\s+happens|see\s+where\s+(?:it|that|this|things)\s+(?:goes|lands|leads|takes\s+us)|"
    r"wait\s+and\s+see|take\s+it\s+from\s+there|go\s+from\s+there|fingers\s+crossed|"
    r"hope(?:fully)?\s+(?:that|it|this|they)\s+(?:works?|helps?|does\s+it|goes\s+well)|"
    r"wish\s+(?:me|us)\s+luck)"
    r"(?:\s+(?:from\s+there|after\s+that|then|i\s+guess|lol|haha))*[\s.!]*$",
    re.I,
)
REMARK_STEP_EXAMPLES: tuple[str, ...] = (
    "See how they get on",
    "see how it goes",
    "and we'll see how the new lad copes",
    "see what happens",
    "take it from there",
    "fingers crossed",
    "hopefully that works",
)
REMARK_STEP_NEAR_MISSES: tuple[str, ...] = (
    "See if Tom can lend us chairs",
    "see how much a skip costs",
    "See the GP",
    "Ask how it works at the council",
    "Go to the garden centre",
)
# A new step that is a fragment of the sentence, not a thing to do: it starts with a
# preposition or a word that only points ("Of the taps", "for the survey", "those in"), or
# has no word of its own at all ("Do that", "It then").
_FRAGMENT_STEP = re.compile(
    r"^(?:of|for|with|from|by|than|about|into|instead|as\s+well|those|these|them|it|that|this)\b",
    re.I,
)
_NO_WORD = frozenset(
    "a an the and or but so then just also it its that this those these them they there here "
    "do did done doing go get got one ones some of to for with from by in on at up off out as "
    "instead please pls too well again now".split()
)
FRAGMENT_STEP_EXAMPLES: tuple[str, ...] = (
    "Of the taps",
    "for the survey",
    "Those in",
    "Do that then",
    "instead of the old one",
)
FRAGMENT_STEP_NEAR_MISSES: tuple[str, ...] = (
    "Order tap turners",
    "Fit a grab rail by the sink",
    "Ring the council about the bins",
    "Do the paperwork",
    "Thank the neighbours",
)


def is_remark_step(step: str) -> bool:
    """Whether a new step is only a remark on how it will go (``REMARK_STEP_EXAMPLES``)."""
    return _REMARK_STEP.match(step.strip(" ,.;:!—-")) is not None


def is_fragment_step(step: str) -> bool:
    """Whether a new step is a piece of the sentence, not a thing to do
    (``FRAGMENT_STEP_EXAMPLES``)."""
    plain = step.strip(" ,.;:!—-")
    words = [w.lower() for w in re.findall(r"[^\W\d_][\w'-]*", plain)]
    return _FRAGMENT_STEP.match(plain) is not None or not words or all(w in _NO_WORD for w in words)


# The number of new things said before them: "swap it for two things: …", "it's 2 jobs", "3
# steps instead:"
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "2": 2, "3": 3, "4": 4, "5": 5}
_COUNT_SAID = re.compile(
    r"\b(?P<count>two|three|four|five|[2-5])\s+(?:(?:new|separate|different|other|smaller|"
    r"little|small)\s+)?(?:things|steps|jobs|bits|parts|tasks)\b",
    re.I,
)


def count_said(text: str) -> int | None:
    """How many new things the message says come instead ("two things: a, and b"), or None
    when it says no number, or two numbers that differ."""
    counts = {_COUNT_WORDS[m["count"].lower()] for m in _COUNT_SAID.finditer(text)}
    return counts.pop() if len(counts) == 1 else None


COUNT_SAID_EXAMPLES: tuple[tuple[str, int], ...] = (
    ("swap it for two things: get the school to ok it, and rent some cones + barriers", 2),
    ("actually it's 2 jobs, gotta send the menu to doordash AND redo it on ubereats", 2),
    ("split it into three steps: a, b, c", 3),
)
# What the count said is the count of: the list after its colon, split only where it splits
LISTED_AFTER_COUNT: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "swap it for two things: get the school to ok it, and rent some cones + barriers",
        ("Get the school to ok it", "Rent some cones + barriers"),
    ),
    (
        "it's 2 jobs: send the menu to doordash, then redo it on ubereats",
        ("Send the menu to doordash", "Redo it on ubereats"),
    ),
)
COUNT_SAID_NEAR_MISSES: tuple[str, ...] = (
    "two weeks till the hearing, swap the lawyer for legal aid",
    "instead: ring the 2 banks and cancel the card",
)


def checked_new_steps(steps: list[str], said: str = "") -> tuple[list[str], str]:
    """A replacement's new steps without a remark said after them (``is_remark_step``), and
    why they may not be written as read: a step that is a fragment (``is_fragment_step``),
    or a count said in ``said`` that is not the count of steps read ("two things: …, and
    rent some cones + barriers" read as three). An empty reason: the steps are fine."""
    kept = [step for step in steps if not is_remark_step(step)] or list(steps)
    if any(is_fragment_step(step) for step in kept):
        return kept, "a new step is a fragment"
    if (count := count_said(said)) is not None and count != len(kept):
        # the things after the count, split only where the list splits ("two things: a,
        # and rent some cones + barriers": a thing joined by "+" stays one step)
        listed = _listed_after_count(said)
        if len(listed) == count and not any(map(is_fragment_step, listed)):
            return listed, ""
        return kept, f"{count} things said, {len(kept)} read"
    return kept, ""


_LIST_SPLIT = re.compile(
    r"\s*(?:[,;]\s*(?:(?:and|then|and\s+then)\s+)?|\s+(?:and\s+)?then\s+)", re.I
)


def _listed_after_count(said: str) -> list[str]:
    """The items of the list said after the count and its colon, or [] without one."""
    found = _COUNT_SAID.search(said)
    if found is None:
        return []
    after = re.match(r"\s*[:—-]\s*(?P<rest>.+)$", said[found.end() :], re.S)
    if after is None:
        return []
    rest = re.split(r"(?<=[.!?])\s+", after["rest"].strip())[0].strip(" .!")
    return [cap(item.strip(" .")) for item in _LIST_SPLIT.split(rest) if item.strip(" .")]


# "rethinking the totes. instead of ordering the whole lot I'll …": what is dropped names no
# thing of its own ("the whole lot", "it", "them"), and the short sentence before says what
# the change is about; together they name the step
_NO_THING_OF_ITS_OWN = re.compile(
    r"^\w+(?:\s+(?:up|out|in|off))?\s+(?:(?:the\s+)?whole\s+lot|the\s+lot|it|them|that|this|"
    r"those|these|everything|all\s+of\s+(?:it|them))$",
    re.I,
)
_LEAD_SENTENCE = re.compile(r"^(?P<lead>[^.!?]{3,60}?)[.!?]+\s+(?=\S)")
LEAD_TOPIC_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    (
        "rethinking the totes. instead of ordering the whole lot I'll do a test run of 20 "
        "first, and then order the rest if they actually sell",
        "ordering the whole lot",
        "rethinking the totes",
    ),
)
LEAD_TOPIC_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    # what is dropped names its own thing
    (
        "rethinking the totes. instead of ordering the printed ones I'll do a test run",
        "ordering the printed ones",
    ),
    # no sentence before
    ("instead of ordering the whole lot I'll do a test run of 20 first", "ordering the whole lot"),
)


def lead_topic(text: str, old: str) -> str | None:
    """The short first sentence that says what a change is about, when the words dropped name
    no thing of their own; None otherwise."""
    if _NO_THING_OF_ITS_OWN.match(old.strip()) is None:
        return None
    found = _LEAD_SENTENCE.match(" ".join(text.split()))
    if found is None or len(found["lead"].split()) > 6 or "instead" in found["lead"].lower():
        return None
    return found["lead"].strip(" ,")


# -- the new way summed up, then its steps in order ------------------------------------------
#
# A change often says the new way in a word first, then its steps in order: "I will visit
# them personally. First make an appointment with Mr. Berger, then bring him the Mappe"
# (z169), "im going to do it differently first put up flyers …, and then ask my cousin …"
# (z150), "im gonna use my press clippings. so gather all the clippings, then put them
# together" (z152), "my friend says better first do Hospitation …, then apply there" (z182),
# "my cousin … knows a guy who does PVC, first he comes to measure, then i order from him,
# then we arrange the transport" (z242), "I do pipes myself: watch some youtube videos, buy
# fittings …, then ask neighbour Knut to check my work" (z243). The summary is no step: the
# steps are the run the person put in order — opened by "first", by "so" at a sentence's start
# or by a colon, each time before what to do, and carried on by "then".
_THEN_WORD = re.compile(r"\b(?:then|den|after\s+that|afterwards)\b", re.I)
_RUN_VERBS = "|".join(sorted(STEP_VERBS | _MORE_VERBS, key=len, reverse=True))
_RUN_START = re.compile(
    # "First, make …" / ", first he comes …" / "so first …" at a clause's start
    r"(?:^|(?<=[.!?:;,—–])\s*|(?<=\s-)\s*|\b(?:so|now|instead)\s+)"
    r"(?P<first>first(?:ly)?\b,?\s*)(?=(?:i|we|he|she|they)\s+\w|[a-z]+\b)|"
    # "… do it differently first put up …": "first" right before a verb, after any word but
    # one that makes it a thing's ("the first step", "at first")
    r"(?<!\bthe\s)(?<!\bmy\s)(?<!\bat\s)(?<!\bour\s)(?<!\bhis\s)(?<!\bher\s)(?<!\btheir\s)"
    rf"(?<=\w\s)(?P<first2>first\s+)(?=(?:{_RUN_VERBS})\b)|"
    # ". so gather all the clippings, then …" at a sentence's start
    r"(?:^|(?<=[.!?])\s+)(?P<so>so\s*:?\s+)(?=[a-z]+\b)|"
    # "I do pipes myself: watch …, buy …, then ask …" a colon before what to do
    r"(?P<colon>:\s*)(?=[a-z]+\b)",
    re.I,
)
# a sentence's end, never a title's dot ("Mr. Berger")
_RUN_END = re.compile(r"(?<!\bmr)(?<!\bmrs)(?<!\bms)(?<!\bdr)(?<!\bst)[.!?](?:\s|$)", re.I)
_OWN_LEAD = re.compile(r"^(?:i|we)\s+(?:just\s+|then\s+)?(?=\w)", re.I)


def _ordered_run(said: str) -> tuple[int, list[str]] | None:
    """Where the last run of steps put in order starts in ``said`` and its steps, each led by
    what to do (or who does it); None when there is none, or it holds fewer than two."""
    for found in reversed(list(_RUN_START.finditer(said))):
        start = found.end()
        end = _RUN_END.search(said[start:])
        run = said[start : start + end.start()] if end else said[start:]
        if _THEN_WORD.search(run) is None:
            continue
        steps = []
        for piece in items(run):
            step = _STEP_FILLER.sub("", piece.strip()).strip(" ,.!")
            step = cap(base_of_ing(_OWN_LEAD.sub("", step)))
            if step:
                steps.append(step)
        # each led by what to do, or shaped as an order whatever its verb ("gather all the
        # clippings", "watch some youtube videos": ``ORDER_SHAPE_EXAMPLES``)
        if len(steps) < 2 or not all(_doing(s) or _ORDER_SHAPE.match(s) for s in steps):
            return None
        return found.start(), steps
    return None


def _starts(step: str, low: str, since: int) -> int | None:
    """Where ``step`` (as read, lower case) starts in ``low`` from ``since`` on: its first two
    words said together; None when they are not there as said."""
    words = _words_of(step)[:2]
    if not words:
        return None
    pattern = r"(?<![\w'])" + r"[^\w']+".join(map(re.escape, words)) + r"(?![\w'])"
    found = re.compile(pattern).search(low, since)
    return found.start() if found is not None else None


def _words_of(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower())


def in_order_after_summary(said: str, steps: list[str]) -> list[str]:
    """The new steps as the person put them in order after a summary of the new way
    (``IN_ORDER_EXAMPLES``): when a step read starts before that run, or none is in it, the
    run's steps; else ``steps`` as read (``IN_ORDER_NEAR_MISSES``)."""
    run = _ordered_run(said)
    if run is None or not steps:
        return steps
    start, ordered = run
    low, since, before, inside = said.lower(), 0, 0, []
    for step in steps:
        at = _starts(step, low, since)
        if at is None:
            return steps  # a step read in other words than said: no telling where it was
        before += at < start
        inside += [(at, step)] if at >= start else []
        since = at + 1
    if not before:
        return steps
    # the reader's own reading of the run when it read two steps or more there from the run's
    # first ("He comes to measure", someone else's step, is one), else the run as cut here (a
    # step read across the run's start, "O me fittin them: brief stevie on the job", is none)
    first = _starts(ordered[0], low, start)
    if len(inside) >= 2 and first is not None and inside[0][0] <= first:
        return [step for _, step in inside]
    return ordered


# (message, the new steps as a reader read them, the steps in order)
IN_ORDER_EXAMPLES: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = (
    (
        "Instead of calling Autohaus Berger again I will visit them personally. First make an "
        "appointment with Mr. Berger, then bring him the Mappe with our sponsor packages.",
        ("Visit them personally",),
        ("Make an appointment with Mr. Berger", "Bring him the Mappe with our sponsor packages"),
    ),
    (
        "ok instead of the facebook groups im going to do it differently first put up flyers "
        "at the Politechnika and then ask my cousin to share it on the uni discord",
        (
            "Do it differently first",
            "Put up flyers at the Politechnika",
            "Ask my cousin to share it on the uni discord",
        ),
        ("Put up flyers at the Politechnika", "Ask my cousin to share it on the uni discord"),
    ),
    (
        "new approach for the letters: instead of chasing ppl im gonna use my press "
        "clippings. so gather all the clippings, then put them together into one pdf",
        ("Use my press clippings",),
        ("Gather all the clippings", "Put them together into one pdf"),
    ),
    (
        "windows: forget the factory in Ferizaj. my cousin in prizren knows a guy who does "
        "PVC, first he comes to measure, then i order from him, then we arrange the transport "
        "to the site",
        (
            "My cousin in prizren knows a guy who does PVC",
            "He comes to measure",
            "Order from him",
            "Arrange the transport to the site",
        ),
        ("He comes to measure", "Order from him", "Arrange the transport to the site"),
    ),
    (
        "ok change for the plumber, nobody answers anyway. I do pipes myself: watch some "
        "youtube videos, buy fittings at Clas Ohlson, then ask neighbour Knut to check my work",
        (
            "I do pipes myself: watch some youtube videos, buy fittings at Clas Ohlson",
            "Ask neighbour Knut to check my work",
        ),
        (
            "Watch some youtube videos",
            "Buy fittings at Clas Ohlson",
            "Ask neighbour Knut to check my work",
        ),
    ),
)
# (message, the new steps as read): kept as read
IN_ORDER_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # every step read is in the run already
    (
        "the AOK thing is not working for me, I want TK instead. so first get the TK offer "
        "through the HR contact and then sign up with TK online",
        ("Get the TK offer through the HR contact", "Sign up with TK online"),
    ),
    # "first" that ends a step opens no run
    (
        "rethinking the totes. instead of ordering the whole lot I'll do a test run of 20 "
        "first, and then order the rest if they actually sell",
        ("Do a test run of 20 first", "Order the rest if they actually sell"),
    ),
    # no "then": no order said
    (
        "trains are a nightmare, we drive instead. so: borrow my brothers car and fill up the tank",
        ("Borrow my brothers car", "Fill up the tank"),
    ),
    # "the first" is a thing's
    (
        "instead I'll ring the council. the first visit then gets booked by them",
        ("Ring the council",),
    ),
)
