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

from drbot.ai.language.plan_phrases import STEP_VERBS, cap, one_action_each
from drbot.ai.language.plan_prose import items as _items

# A remark closing the new steps, no step of its own: "…, much less hassle", "way cheaper"
_REMARK = re.compile(
    r"^(?:(?:much|way|far|a\s+lot|so\s+much|heaps|loads)\s+)?(?:less|more|cheaper|easier|quicker|"
    r"simpler|better|faster)\b(?:\s+\w+){0,3}$|^(?:saves?|saving)\s+(?:a\s+)?\w+(?:\s+\w+)?$",
    re.I,
)


def items(text: str) -> list[str]:
    steps = one_action_each(_items(text))
    while len(steps) > 1 and _REMARK.match(steps[-1]):
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
    re.compile(
        r"^(?:.*?(?:[.!;,]|\bso)\s+)?(?:swap|replace|switch|change(?!\s+of\s+plan))\s+(?P<old>.+?)\s+"
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


def marked_as_change(text: str) -> bool:
    """ "change of plan, …", "changed my mind about …": the words say a step of a plan that
    exists changes — never a new plan of its own."""
    return bool(
        _CHANGE_LEAD.match(text.strip())
        or said_as_change(text)
        or _DROPPED_FIRST.match(text.strip())
    )


def read_replacement(text: str) -> tuple[str, list[str]] | None:
    text = " ".join(_EMOJI.sub(", ", text).split()).strip(" ,")
    mind = _MIND_LEAD.match(text)
    if mind is not None and (found := _from_forms(text[mind.end() :])) is not None:
        # "I've changed my mind about the insurance, rather than cancelling it I'll …"
        return f"{found[0]} {mind['topic']}", found[1]
    found = _from_forms(_CHANGE_LEAD.sub("", text)) or _from_forms(text)
    topic = _CHANGE.match(text)
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
    r"^(?:think|see|decide|wait|maybe|probably|figure\s+(?:it\s+)?out|have\s+a\s+think|"
    r"sleep\s+on\s+it|let\s+you\s+know)\b",
    re.I,
)


# "change of plan on the tuning - …", "change for the wedding, …": a change said of a topic
_CHANGE = re.compile(
    r"^(?:(?:slight|small|quick|bit\s+of\s+a|big)\s+)?(?:change(?:\s+of\s+plans?)?|plan\s+change|"
    r"update|new\s+plan)\s+(?:on|for|with|re|about|to|regarding)\s+(?:the\s+|my\s+|our\s+)?"
    r"(?P<topic>[^,.;:—!]+?)\s*(?:[,.;:—!]|\s-\s)\s*(?P<rest>.+)$",
    re.I | re.S,
)
# "… instead I need to a and b", "… instead just a and b": the new steps
_INSTEAD = re.compile(
    rf"(?:^|[.!;,—]\s*|\s)(?:so\s+)?instead(?!\s+of\b)\s*[,:]?\s*(?:(?:just|now)\s+)?(?:{_WILL}\s*)?:?\s*"
    rf"(?:just\s+)?(?P<steps>.+)$",
    re.I | re.S,
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


def read_change(text: str) -> tuple[tuple[str, ...], list[str]] | None:
    """A step changed by naming its topic, or by saying what is no more, and two or more
    new steps: ``(words that may name the step, in order of trust, new steps)``.

        change of plan on gifts, mum says no more stuff. instead just get chocolates and a voucher
        change of plan on the tuning - I'll do a rough tune here, then the voicing on site
    """
    text = " ".join(text.split())
    change = _CHANGE.match(text)
    instead = _INSTEAD.search(text)
    will = _WILL_STEPS.match(change["rest"]) if change is not None else None
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
    steps = [cap(re.sub(rf"^{_WILL}\s+", "", step, flags=re.I)) for step in said_steps]
    if not olds or len(steps) < 2:
        return None
    return olds, steps


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


def read_instead(text: str) -> tuple[tuple[str, ...], list[str]] | None:
    """A step said to be no more, in any words, and what comes instead: ``(words that may
    name the step, in order of trust, new steps)``.

        cromartie don't service our model any more. so instead: find a kiln engineer, then …
        no CBT for me. Instead of it I must apply for the programme and after that …
        the ward manager is off sick so it has to be matron instead. so email matron, then …
    """
    text = " ".join(_EMOJI.sub(". ", text).split()).strip(" .")
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
    found = _CHANGE.match(" ".join(text.split()))
    return found["topic"] if found is not None else None


def _asked(text: str) -> bool:
    """ "so instead of the van, maybe a car?": asked, not said."""
    return (
        text.rstrip().endswith("?")
        or re.search(r"\b(?:maybe|could|might|perhaps)\b", text, re.I) is not None
    )


def _doing(step: str) -> bool:
    """A new step says what to do: it starts with a verb (or "-ing" of one)."""
    first = step.split()[0].lower().strip(",.") if step.split() else ""
    return (
        first in STEP_VERBS | _MORE_VERBS
        or first.endswith("ing")
        or (first.startswith("re") and first[2:] in STEP_VERBS)  # "rebook", "resend"
    )


# Verbs a new step may start with beyond the usual list ("combine it with hive 2")
_MORE_VERBS = frozenset("combine use swap switch merge try look see meet enrol enroll".split())


def said_as_change(text: str) -> bool:
    """ "change of plan on …": the words say a step changes, whether or not they name it."""
    return _CHANGE.match(" ".join(text.split())) is not None


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
CHANGE_NEAR_MISSES: tuple[str, ...] = (
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
)
NEAR_MISSES += (
    "no reply from the caterer yet, so instead I'll send the invites and order the cake today",
    "not going to the shops today, too wet",
    "not going to bother, will think about it",
)
