"""A new plan in the words people use: a goal and its steps.

    renew passport: get photos, fill in the form, book an appointment
    I need to renew my passport — get photos, fill in the form and book an appointment
    help me organise the party, I need to book a venue, send invites and order a cake
    to move house first book the van, then pack the kitchen, finally cancel the broadband
    Move house
    1. book the van
    - pack the kitchen
    I want to learn spanish                       (a goal alone: the plan, then ask for steps)

``read_plan`` returns ``(title, steps)`` or None when the text is not a new plan: the first
of ``FORMS`` (declared at the end, each with its examples and near-misses) that applies decides.
It only reads; whether the goal is really new (not an existing plan or step) is
the interpreter's call.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

# Words that start a command, never a plan's title ("note: …", "replan: …").
COMMAND_WORDS = re.compile(
    r"^(?:note|finding|found|progress|update|replan|re-plan|new\s+steps|add\s+step|step\s*\d*|"
    r"snooze|undo|history|status|timezone|time\s*zone|remind|export|help|show|list|mark|log|"
    r"attempt|outcome|result|reason|why|because|but|and|so|ok|okay|hi|hey|hello|"
    # (thanks said, never the thanks a thing is for: "thank you visits after the wedding: …")
    r"thanks?(?![\s-]+(?:you[\s-]+)?(?:visits?|cards?|notes?|gifts?|letters?|messages?|party|"
    r"dinner|lunch|calls?|speech|presents?|hampers?)\b)|"
    r"tried|called|done|skip|p\.?s)\b",
    re.I,
)
# Titles the command words must leave a plan's: thanks as the thing a plan is for
THANKS_THING_TITLES: tuple[str, ...] = (
    "thank you visits after the wedding: visit Nan, send gifts to the aunties",
    "thank-you cards: buy cards, write them",
)
GOAL = (
    r"(?:(?:really\s+)?(?:need|have|got|want)\s+to|must|"  # "need to get the car MOT'd"
    r"(?:we'?re|we\s+are|i'?m|i\s+am)\s+(?:planning|organi[sz]ing|arranging)|"  # "… our wedding"
    r"(?:(?:we'?re|we\s+are|i'?m|i\s+am)\s+)?trying\s+to|"
    r"i\s+(?:(?:really|also)\s+)*(?:need|want|have|would\s+like|'d\s+like|must|should|plan|am\s+going|"
    r"'m\s+going|'m\s+planning|am\s+planning)\s+to|i\s+got+a|got+a|i\s+wanna|wanna|"
    # Pidgin's "I wan start …" is "I want to start …"
    r"i\s+(?:also\s+)?wan\b|"
    r"i\s+(?:need|have|want)\s+to\s+(?:finally\s+)?|i'd\s+like\s+to|(?:i'?m\s+)?gonna|"
    # a wish's frame: "I'd really like to learn the cello", "we'd love to foster kittens"
    r"(?:i|we)(?:'d|\s+would)\s+(?:(?:really|so|just)\s+)*(?:love|like)\s+to|"
    r"(?:(?:i'?m|we'?re|i\s+am|we\s+are)\s+)?(?:really\s+)?(?:keen|hoping|looking|aiming|"
    r"eager)\s+to|we\s+(?:really\s+)?(?:need|have|want|must)\s+to|(?:i|we)(?:'ve|\s+have)\s+got\s+to|"
    r"(?:my|the|our)\s+(?:goal|plan|aim)(?:\s+for\s+[\w']+(?:\s+[\w']+){0,2})?\s+is\s+to|(?:new\s+)?goal\s*:|plan\s+(?:to|for)|planning\s+to|"
    r"(?:(?:my\s+)?new\s+years?'?s?\s+)?resolution\s*(?:is\s+to|:)|"
    r"help\s+me\s+(?:to\s+)?(?:organi[sz]e|plan|with|sort\s+out|get|rem[ea]mb[ea]?r|"
    r"keep\s+track\s+of|(?:stay|keep)\s+on\s+top\s+of|track)|"
    r"(?:i\s*)?(?:need|would\s+like|'d\s+like|want)\s+(?:some\s+)?help\s+(?:getting\s+(?:organi[sz]ed|ready)\s+"
    r"for|with|organi[sz]ing|planning|sorting(?:\s+out)?|to\s+(?:plan|organi[sz]e|sort(?:\s+out)?|get))|"
    r"(?:i|we)(?:\s+have|'?ve\s+got|\s+got|\s+have\s+got)\s+(?:a\s+few|some|lots\s+of|a\s+lot\s+of|"
    r"loads\s+of|a\s+bunch\s+of)\s+(?:things|stuff|bits|jobs)\s+to\s+(?:sort(?:\s+out)?|do|organi[sz]e|"
    r"get\s+done)\s+(?:for|before|about)|"
    r"let'?s\s+(?:plan|organi[sz]e)|(?:i\s+want|i'?d\s+like|i\s+would\s+like|i\s+need|need)\s+(?:a\s+)?"
    r"(?:new\s+)?(?:plan|list)\s+(?:to|for))"
)
# "also I want to fix the fence", "ok and I need to …": a second plan, said in passing
GOAL_START = re.compile(
    rf"^\s*(?:(?:also|and|oh|ok(?:ay)?|so|plus|now|right)[\s,]+)*{GOAL}\s+", re.I
)
# Verbs a step starts with ("order the turkey", "borrow chairs"): a short sentence that
# starts with one is a step (``plan_prose``), and one said after a noun starts a new step
# in a list typed without commas ("register him online get his physical done buy cleats").
STEP_VERBS = frozenset(
    """
add apply arrange ask assemble bake book borrow build buy call cancel chase change check
choose clean clear collect compare confirm contact cook cut decide decorate deliver dig do
download drop email empty fill find finish fit fix get give go grab hang hire install invite
join knock lay learn list make measure move mow order organise organize pack paint pay phone
pick plant post practise practice prepare print prune put read register remove renew rent
repair replace research return ring rip run sand save sell send set sign sort speak start
strip submit take talk tell test text tidy train update upload varnish visit wash weed wrap
write
""".split()
) | frozenset(
    # more verbs of jobs people list, and the same jobs done again ("repaint the hallway",
    # "redo the CV"): the word class, not the phrases of any one list
    """
attend bring declutter defrost descale donate draw enrol enroll fetch finalise finalize hoover
inspect insure iron lend notify polish proofread pump recycle redirect rehearse reserve
revise scrub service sweep unpack vacuum work
rearrange rebook rebuild recheck redecorate redo refill reorder repack repaint reprint
resend resubmit reapply retest rewrite
""".split()
)


def verb_of_ing(word: str, verbs: frozenset[str] = STEP_VERBS, *, shortest: int = 5) -> str | None:
    """The known verb an "-ing" form stands for ("getting" → "get", "making" → "make",
    "borrowing" → "borrow"); None when ``word`` is no such form of one of ``verbs`` or is
    shorter than ``shortest``."""
    word = word.lower()
    if not word.endswith("ing") or len(word) < shortest:
        return None
    root = word[:-3]
    doubled = root[:-1] if root[-1:] == root[-2:-1] else ""
    return next((verb for verb in (root, f"{root}e", doubled) if verb and verb in verbs), None)


# Who or where the person is, then the goal: "I am from Poland and need to get my national
# insurance number", "we're new here so we have to register with a GP"
STATE_THEN_GOAL = re.compile(
    r"^(?:i\s+am|i'?m|im|we\s+are|we'?re)\s+(?!\w+ing\b)(?:from|in|at|new|on|a|an)\b[^,]*?"
    r"\s+(?:and|so)\s+(?:(?:i|we)\s+)?(?:really\s+)?(?:need|have|got|want)\s+to\s+"
    # never a goal that only points back: "I'm on a visa and have to renew it"
    r"(?P<goal>(?![\w']+\s+(?:it|that|this|them)\b)\S.*)$",
    re.I,
)
# What I do, said as each step: "First I call the jobcentre, then I go to interview"
_I_DO = re.compile(
    rf"^(?:i|we)(?:(?:'ll|\s+will)\s+|\s+(?=(?:{'|'.join(sorted(STEP_VERBS | {'look', 'wait'}))})\s+\S))",
    re.I,
)
# ("my first car", "the first step" count nothing)
_SEQUENCE = re.compile(
    r"(?<!\bmy\s)(?<!\bthe\s)(?<!\bour\s)(?<!\bhis\s)(?<!\bher\s)(?<!\byour\s)(?<!\ba\s)"
    r"(?<!\btheir\s)\b(?:first(?:ly)?(?:\s+(?:thing|job|step)(?:\s+to\s+do|"
    # "first thing I need to do is ring all the cousins", "first thing we have to do is …"
    r"\s+(?:i|we)\s+(?:need|have|got|gotta|want)\s+to\s+do)?\s+(?:is|will\s+be)|"
    # "first thing is getting it painted", "first up, …": the words that start the list
    r"\s+up|\s+off)?|to\s+start\s+(?:with|off)|to\s+start(?=\s*[,:])|step\s+one)\b"
    r"[\s,:]*",
    re.I,
)
# "once that's all sorted", "when that's done": the step before is finished first
_ONCE_DONE = (
    r"(?:once|when|after)\s+(?:that'?s|that\s+is|this\s+is|it'?s|that\s+has\s+been|that'?s\s+been)\s+"
    r"(?:all\s+)?(?:done|sorted|finished|through|over|in|settled|dealt\s+with)"
    r"(?:,?\s+(?:i'?d\s+like\s+to|(?:i|we)(?:'ll|\s+will)?\s+(?:need|want|have)\s+to|i'?ll|we'?ll))?"
)
# "last" as an ordinal that orders the last step ("…, then erect it and last the roof"),
# never a time ("and last week I …") nor a thing ("the last one")
LAST = (
    # ("…, then buy decorations at poundland, last one make a whatsapp group": "last one" before
    # a step's verb orders it too)
    rf"last(?:\s+one(?=\s+(?:{'|'.join(sorted(STEP_VERBS))})\b)|"
    r"(?!\s+(?:week|weekend|night|time|year|month|one|ones|bit|minute|thing|day|"
    r"summer|winter|spring|autumn|fall|mon|tues|wednes|thurs|fri|satur|sun)\w*\b)"
    r"(?!\s+of\s+(?:the|it|them|my)\b))"
)
# The words that set a step after the one before it, however said: "after that", "after
# this", "after which", "following that", "afterwards", and "at last" before a step's verb
# ("…, after this check the bilge pumps and at last book the inspector"). Declared once: they
# end the step before them wherever steps are split, and order (never start) the step after.
AFTER_THAT = (
    r"after\s+(?:that|this|which)|afterwards|following\s+(?:that|this|on\s+from\s+that)|"
    rf"at\s+last(?=\s+(?:{'|'.join(sorted(STEP_VERBS))})\b)|"
    # "… and at the end the new shower is installed": the last step, not the end of a thing
    rf"at\s+the\s+(?:very\s+)?end(?=,?\s+(?:the|i|we|they|{'|'.join(sorted(STEP_VERBS))})\b)"
)
AFTER_THAT_EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    (
        "move the boat: clean the hull, change the anodes, after this check the bilge pumps "
        "and at last book the inspector",
        ["Clean the hull", "Change the anodes", "Check the bilge pumps", "Book the inspector"],
    ),
    (
        "convert the garage: clear it out, after which get an architect, following that apply "
        "for planning",
        ["Clear it out", "Get an architect", "Apply for planning"],
    ),
    (
        "sort the car: new tyres, check the antifreeze and at last book a service",
        ["New tyres", "Check the antifreeze", "Book a service"],
    ),
)
AFTER_THAT_NEAR_MISSES: tuple[tuple[str, list[str]], ...] = (
    # "at last" of when, no step's verb after it: the step it is in stays whole
    (
        "sell the van: clean it properly at last, list it",
        ["Clean it properly at last", "List it"],
    ),
    # "following" of a thing, no order
    (
        "plan the trip: book the following flights, pack the bags",
        ["Book the following flights", "Pack the bags"],
    ),
)
_THEN = re.compile(
    r"(?:[,;.]\s*|\s+)(?:and\s+)?(?:then|next|secondly|thirdly|fourthly|"
    rf"finally|lastly|last(?:ly)?\s+of\s+all|and\s+finally|{_ONCE_DONE})\b[\s,:]*|"
    rf"(?:[,;.]\s*|\s+)(?:and\s+)?(?:{AFTER_THAT})\b[\s,:]*|"
    rf"(?:[,;.]\s*(?:and\s+)?|\s+and\s+){LAST}\b[\s,:]*|"
    # "…, after that open a bank account, and after I look for childcare": "and after I" is
    # "and after that I", said of the next step
    rf"(?:[,;]\s*|\s+)and\s+after\s+(?:i|we)\s+(?=(?:{'|'.join(sorted(STEP_VERBS | {'look'}))})\b)|"
    r",?\s+and\s+also\s+|"
    # "First I have to get the fire report. Second, inventory every room. Third, send that to
    # the adjuster": the order counted at a sentence's head, set off by its comma ("a second
    # shop", "the second fix" order nothing)
    r"[.!;]\s+(?:and\s+)?(?:second|third|fourth|fifth|sixth)\s*,\s*|"
    # "… after that courier them. also make the account", "THEN GET MY SON TO SIGN. ALSO LODGE
    # A COPY": a sentence that starts with "also" is one more step
    r"[.!;]\s+(?:and\s+|plus\s+)?also\b(?!\s+(?:it|this|that|there|i|we|he|she|they)\b)[\s,:]*",
    re.I,
)
ITEM_MARK = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*•·—–]|\[\s?\]|☐|□|step\s+\d+\s*[:.)-])\s*", re.I)


# A label before the goal: "project: …", "Goal for 2027 - run a half marathon", "mission: …";
# the wish a goal is ("my dream: buy my own taxi before end of next year …", z266; "big dream:
# open my own hookah lounge …", z216) labels it as "goal:" does, never names it
LABEL = _LABEL = re.compile(
    r"^(?:(?:my|our|the|a|new|big|next|main)\s+)*(?:project|mission|goal|aim|target|challenge|"
    r"dream|"
    r"resolution|objective|re|subject|topic|(?:business\s+)?idea)(?:\s+(?:for|in|this|next)(?:\s+[\w']+){1,3}?)?(?:\s+is)?\s*[:—]\s*",
    re.I,
)
# "my plan for the weekend is: a, b and c": what the plan is for names it, the rest are steps
_PLAN_FOR = re.compile(
    r"^(?:(?:my|our|the)\s+)?(?:plan|to\s*-?\s*do(?:\s+list)?|list|goals?)\s+for\s+"
    r"(?P<what>[^,:;.—]{3,40}?)(?:\s+(?:is|are|will\s+be)\s*:?|\s*[:—])\s+(?P<rest>[^,]+,.+)$",
    re.I,
)
# The goal named first, then pointed at: "HGV licence. that's my goal for next year"
_POINTER = re.compile(
    r"^(?P<title>[^.!?\n:]{3,120}?)\s*[.!,—]+\s*(?:that'?s|thats|this\s+is|it'?s|its)\s+"
    r"(?:my|the|our)\s+(?:big\s+|main\s+|new\s+|next\s+)?(?:goal|plan|aim|project|resolution|"
    r"target|mission|challenge)\b[^.!?\n]*(?:[.!?]+\s*(?P<rest>.*))?$",
    re.I | re.S,
)
_TRAILING_EMOJI = re.compile("[\\s\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+$")
# The end of the words after a label: a stop, a dash, a new line, or an emoji ("Project: get
# the Vespa running again 🛵 First I need to …")
_FIRST_END = re.compile(
    r"\s*(?:[.;:—]\s+|;|\n|\s[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+\s+(?=[A-Z]))\s*"
)


# "booked the van. that's the plan sorted": news before the pointer, not a goal
_NEWS = re.compile(
    r"^\s*(?:\w+ed|got|did|went|sent|made|took|paid|rang|spoke|found|bought|sold|done|"
    # ("I want to finally get the paper in. That's the goal": a goal word is no news)
    r"(?:i|we)\s+(?!(?:want|need|must|would|plan|hope|really|have\s+to|got\s+to)\b)\w+)\b",
    re.I,
)


def labelled(text: str) -> bool:
    """ "project: …", "X. that's my goal": words that say the text is a plan."""
    text = text.strip()
    pointer = _POINTER.match(text)
    return bool(
        _LABEL.match(text)
        or (_PLAN_FOR.match(text) and _read_labelled(text) is not None)
        or (pointer and not _NEWS.match(pointer["title"]))
    )


def _read_labelled(text: str) -> tuple[str, list[str]] | None:
    """The goal after a label or before a pointer, and any steps after it."""
    if (planned := _PLAN_FOR.match(text)) is not None:
        # "my plan for the weekend is clean the house, do the washing, and …" (steps that
        # start with a step's verb: "my plan for today is fine, thanks" is no list)
        head, tail = planned["what"], planned["rest"]
        if sum(_verb_first(step) for step in split_steps(tail)) < 2:
            return None
    elif (label := _LABEL.match(text)) is not None:
        rest = text[label.end() :]
        end = _FIRST_END.search(rest)
        if end is not None:
            head, tail = rest[: end.start()], rest[end.end() :]
        elif rest.count(",") >= 2:  # "project: sourdough, make a starter, buy a banneton"
            head, _, tail = rest.partition(",")
        else:
            head, tail = rest, ""
    elif (pointer := _POINTER.match(text)) is not None and not _NEWS.match(pointer["title"]):
        head, tail = pointer["title"], pointer["rest"] or ""
    else:
        return None
    title = clean_title(_TRAILING_EMOJI.sub("", GOAL_START.sub("", head)))
    steps = split_steps(GOAL_START.sub("", tail)) if tail.strip() else []
    if not title or len(title) > 120 or COMMAND_WORDS.match(title) or len(steps) == 1:
        return None
    return title, steps


def starts_with_goal(text: str) -> bool:
    """ "I need to …", "plan to …", "goal: …": words that say a plan follows."""
    return GOAL_START.match(text) is not None


_TITLE_END = re.compile(
    "\\s*(?:[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+|:|\\s—\\s|\\s-\\s)\\s*"
)
# "a -> b", "a --> b", "a → b", "a > b" (a lone ">" only with a space either side)
_STRONG_ARROW = re.compile(r"\s*(?:-{1,2}>|—>|–>|=>|→|⇒|➡\ufe0f?|➜|>>)\s*")
_ARROW = re.compile(rf"{_STRONG_ARROW.pattern}|\s+>\s+")


_INLINE_NUMBER = re.compile(
    r"(?:(?<=\s)|^)(?<!step\s)(?<!number\s)(?P<n>[1-9])[.):]?\s+(?=[^\W\d_])"
)
# Items counted in words, each starting a sentence: "One, find the log book. Two, get it
# valeted. Three, …" (a number word with its mark after it, never inside a sentence)
_NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_SPOKEN_NUMBER = re.compile(
    rf"(?:^|(?<=[.!?;:]\s))(?P<n>{'|'.join(_NUMBER_WORDS)})\s*[,:)—–-]\s*(?=[^\W\d_])", re.I
)
# … or as ordinals, each starting a sentence: "First, canvass bales. Second, rent a stall.
# Third, …" (the ordinal with its comma; "first" alone starts the sequence form's list)
_NOT_A_VERB_HEAD = frozenset(
    """the a an my our your his her their this that these those it i we you he she they there
    some any all no""".split()
)
_ORDINAL_WORDS = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
)
_SPOKEN_ORDINAL = re.compile(
    rf"(?:^|(?<=[.!?;:]\s))(?P<n>{'|'.join(_ORDINAL_WORDS)})(?:ly)?\s*[,:)—–-]\s*(?=[^\W\d_])",
    re.I,
)
# … or as ordinals inside the sentence, in words or in digits, each before a step's verb:
# "First apply online on council website, second visit the school, third buy uniform" (z208),
# "1st pay the pending EMI 2nd get clearance letter from bank 3rd remove the mortgage" (z218).
# Only a run from the first, each led by a step's verb: "buy coffee machine second hand",
# "plumbing first fix … then second fix" order nothing
_ORDINAL_DIGITS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")
_INLINE_ORDINAL = re.compile(
    rf"(?:(?<=[\s,;.!?:])|^)(?P<n>{'|'.join(_ORDINAL_WORDS)}|{'|'.join(_ORDINAL_DIGITS)})"
    r"(?:ly)?\s*[,:]?\s+(?=(?P<verb>[^\W\d_][\w'-]*))",
    re.I,
)


def _ordinals_inside(text: str) -> list[re.Match[str]]:
    """The ordinals that count steps inside a sentence (``_INLINE_ORDINAL``): a run from the
    first, each before a step's verb; [] when there is no such run of three."""
    found: list[re.Match[str]] = []
    for match in _INLINE_ORDINAL.finditer(text):
        n = match["n"].lower()
        at = _ORDINAL_WORDS.index(n) if n in _ORDINAL_WORDS else _ORDINAL_DIGITS.index(n)
        if at == len(found) and match["verb"].lower() in STEP_VERBS:
            found.append(match)
    return found if len(found) >= 3 else []


ORDINALS_INSIDE_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "shed repair. first sort the felt, second buy the nails, third fix the door",
        "Shed repair",
        ("Sort the felt", "Buy the nails", "Fix the door"),
    ),
    (
        "van sale. 1st wash the van 2nd take photos 3rd post the ad",
        "Van sale",
        ("Wash the van", "Take photos", "Post the ad"),
    ),
)
ORDINALS_INSIDE_NEAR_MISSES: tuple[str, ...] = (
    # an ordinal of a thing, no step's verb after it
    "coffee stand: first buy coffee machine second hand, then ask the village head",
    "kitchen job: measure up then plumbing first fix then fit the units then second fix",
    # not a run from the first
    "garden: buy bulbs, second dig the beds, third plant them",
)
# Items lettered in a line, "a) book the hall b) ask for donations": a letter counts only with
# its bracket ("a book", "b and b" are words)
_INLINE_LETTER = re.compile(r"(?:(?<=\s)|^)\(?(?P<n>[a-j])\)\s+(?=[^\W\d_])", re.I)


# A line counted with no mark after its number: "1 ask Jamie if he has them", "2 presents"
_COUNTED_LINE = re.compile(r"^(?P<lead>\s*)(?P<n>[1-9]|1[0-9])\s+(?=[^\W\d_])")


# Items counted in words with no mark after the number: "new menu. one taste test with the
# team two work out the prices three get the menus printed"
_BARE_SPOKEN_NUMBER = re.compile(rf"(?<!\S)(?P<n>{'|'.join(_NUMBER_WORDS)})\s+(?=[^\W\d_])", re.I)
BARE_COUNT_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "new menu. one taste test with the team two work out the prices three get menus printed",
        "new menu.\n1. taste test with the team\n2. work out the prices\n3. get menus printed",
    ),
    (
        "garage: one clear the floor two sell the bike three paint the walls",
        "garage:\n1. clear the floor\n2. sell the bike\n3. paint the walls",
    ),
    (
        "one book the hall two order the cake three send the invites",
        "1. book the hall\n2. order the cake\n3. send the invites",
    ),
)
BARE_COUNT_NEAR_MISSES: tuple[str, ...] = (
    "order one pizza two cokes three brownies",  # things counted, no actions
    "need one more quote, two if Sam wants, three max",
    "picnic. one blanket two chairs three plates",
    "I have one job: book two rooms and get three quotes",
)


# Items dictated as "number one … number two …" (rounds z180–z185 and z192–z197: "plan for
# nursing OET exam number one book the exam date number two buy the practice books …"): the
# word "number" and the count, as speech-to-text writes it ("number to dig out the old one":
# "to" and "too" for two, "for" for four, "won" for one); only a run from one in order counts.
_NUMBER_SAID = re.compile(
    r"(?:^|(?<=\s)|(?<=[.,;:]))number\s+(?P<n>one|won|two|to|too|three|four|for|five|six|seven|"
    r"eight|nine|ten|[1-9])\s*[,:.)—–-]?\s+(?=[^\W\d_])",
    re.I,
)
_SAID_AS = {"won": "one", "to": "two", "too": "two", "for": "four"}
NUMBER_SAID_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "plan for the OET exam number one book the exam date number two buy the practice books "
        "number three join the online class",
        "plan for the OET exam\n1. book the exam date\n2. buy the practice books\n"
        "3. join the online class",
    ),
    (
        "fix the mailbox number one buy a new post number to dig out the old one number three "
        "paint it",
        "fix the mailbox\n1. buy a new post\n2. dig out the old one\n3. paint it",
    ),
    (
        "wedding prep. number 1 book the hall, number 2 order the cake, number 3 send invites",
        "wedding prep.\n1. book the hall,\n2. order the cake,\n3. send invites",
    ),
)
NUMBER_SAID_NEAR_MISSES: tuple[str, ...] = (
    "my number one goal is to book the hall and my number two is to get fit",  # no run of three
    "number one fan of the band. number two pencils. number three bus",  # things, no actions
    "ring number two first then number one then number three",
)


def _number_said(text: str) -> list[re.Match[str]]:
    """The "number one", "number two" … that count dictated items, when they run from one in
    order; else none."""
    found: list[re.Match[str]] = []
    for match in _NUMBER_SAID.finditer(text):
        said = match["n"].lower()
        n = int(said) if said.isdigit() else _NUMBER_WORDS.index(_SAID_AS.get(said, said)) + 1
        if n == len(found) + 1:
            found.append(match)
    return found


def _counted_bare(text: str) -> list[re.Match[str]]:
    """The number words that count items with no mark after them, when they run one, two,
    three … in order, "one" opening the text or a sentence, and a step's verb follows every
    number but the first (the first in a verb's place at least); else none."""
    found: list[re.Match[str]] = []
    for match in _BARE_SPOKEN_NUMBER.finditer(text):
        if _NUMBER_WORDS.index(match["n"].lower()) == len(found):
            found.append(match)
    if len(found) < 3 or not re.search(r"(?:^|[.!?;:]\s*)$", text[: found[0].start()]):
        return []
    firsts = [text[m.end() :].split(maxsplit=1)[0].lower() for m in found]
    if firsts[0] in _NOT_A_VERB_HEAD or not all(word in STEP_VERBS for word in firsts[1:]):
        return []
    return found


def counted_lines(text: str) -> str:
    """Lines counted 1, 2, 3 … with no dot or bracket after the number ("1 ask Jamie\n2
    presents\n3 panto tix") as numbered lines ("1. ask Jamie"): the count is the list's mark,
    no part of a step. Only a run from 1 of two or more lines counts ("2 eggs" alone, or "3
    kids\n4 dogs", counts things)."""
    lines = text.split("\n")
    counted = [(i, m) for i, line in enumerate(lines) if (m := _COUNTED_LINE.match(line))]
    run = [pair for expected, pair in enumerate(counted, 1) if int(pair[1]["n"]) == expected]
    if len(run) < 2 or len(run) != len(counted) or run[0][1]["n"] != "1":
        return text
    # the lines counted follow one another (a blank line between them at most)
    if any(b[0] - a[0] > 2 for a, b in zip(run, run[1:], strict=False)):
        return text
    for i, found in run:
        lines[i] = f"{found['lead']}{found['n']}. {lines[i][found.end() :]}"
    return "\n".join(lines)


def numbered_lines(text: str) -> str:
    """A list numbered inside one line ("party!! 1 book the hall 2 send invites 3 order
    the cake") as one numbered line each; the text as it is unless 1, 2, 3 … run in order.
    Lines counted with no mark ("1 ask Jamie\n2 presents") get a numbered line's mark."""
    if "\n" in text.strip():
        return counted_lines(text)
    found, expected = [], 1
    for match in _INLINE_NUMBER.finditer(text):
        if int(match["n"]) == expected:
            found.append(match)
            expected += 1
    if len(found) < 3:
        found, expected = [], 1
        for match in _SPOKEN_NUMBER.finditer(text):
            if _NUMBER_WORDS.index(match["n"].lower()) + 1 == expected:
                found.append(match)
                expected += 1
    if len(found) < 3:
        found = _number_said(text)
    if len(found) < 3:
        found = _counted_bare(text)
    if len(found) < 3:
        found, expected = [], 1
        for match in _SPOKEN_ORDINAL.finditer(text):
            if _ORDINAL_WORDS.index(match["n"].lower()) + 1 == expected:
                found.append(match)
                expected += 1
    if len(found) < 3:
        found = _ordinals_inside(text)
    if len(found) < 3:
        found, expected = [], 1
        for match in _INLINE_LETTER.finditer(text):
            if ord(match["n"].lower()) - ord("a") + 1 == expected:
                found.append(match)
                expected += 1
    if len(found) < 3:
        return text
    # the numbers count steps, not things ("1 kid and 2 dogs and 3 cats"): most items
    # start with a verb
    firsts = [text[m.end() :].split(maxsplit=1)[0].lower() for m in found]
    ordinals = _SPOKEN_ORDINAL.match(text, found[0].start()) is not None
    # (items an ordinal opens, a sentence each, need only a word in a verb's place: "First,
    # canvass bales. Second, …" — never "First, the house. Second, the car")
    verbs = sum(
        word in STEP_VERBS or (ordinals and word.isalpha() and word not in _NOT_A_VERB_HEAD)
        for word in firsts
    )
    # (numbers each with a list's own mark, "1. new tyres 2. MOT 3. …", count steps whatever
    # words start them: "1 kid and 2 dogs" is never written with them)
    marked = all(re.fullmatch(r"[1-9][.)]\s+", m[0]) for m in found)
    if verbs * 2 <= len(firsts) and not marked:
        return text
    parts = [text[: found[0].start()].strip()]
    for match, after in zip(found, [*found[1:], None], strict=True):
        end = after.start() if after is not None else len(text)
        number = found.index(match) + 1
        parts.append(f"{number}. {text[match.end() : end].strip()}")
    # "… 3 sort the scaffolding. Hopefully before winter": a sentence after the last item
    # that starts with no step's verb is said about the list, a line of its own
    counted, _, item = parts[-1].partition(". ")
    last, _, remark = item.partition(". ")
    if remark.strip() and not _verb_first(remark.strip()):
        parts[-1:] = [f"{counted}. {last}", remark.strip()]
    return "\n".join(part for part in parts if part)


def marks_its_steps(text: str) -> bool:
    """Steps set apart by marks of their own: a line each, arrows between them, or numbers
    "1. … 2. …" in a line."""
    return (
        len(_lines(text)) > 1
        or len(_STRONG_ARROW.findall(text)) >= 2
        or one_arrow_over_a_list(text) is not None
        or re.search(r"(?:^|\s)1[.)]\s.*\s2[.)]\s", text) is not None
        or numbered_lines(text.strip()) != text.strip()
    )


def read_plan(text: str, *, announced: bool = True) -> tuple[str, list[str]] | None:
    """(title, steps) when ``text`` states a new plan; steps may be empty. The first of
    ``FORMS`` that applies decides."""
    numbered = numbered_lines(text.strip())
    # ("Wedding speech: one - write a draft. two - …": items counted are read by their count)
    text = numbered if numbered != text.strip() else numbered_lines(inline_items(text.strip()))
    lines = text.split("\n")
    if re.match(r"[-—–]\s", lines[0]) and not any(re.match(r"\s*[-—–•*]\s", x) for x in lines[1:]):
        # "new plan - saree reselling 🥻 1) contact … 2) …": the dash after the asking words
        # sets the title off; it marks no item of a list
        text = "\n".join([lines[0][2:].strip(), *lines[1:]])
    text = named_outright(lead_in_joined(asked_outright(text)))
    text = _named_after(announced_list(text) if announced else text)
    form = next(form for form in FORMS if form.applies(text))
    return form.read(text)


# A new plan asked for outright, its goal after the asking words: "new plan pls: renew
# passport — book …", "new goal: back on the tools by February", "put on my list: Christmas
# cards", "can you start a new one for the spring concert too - book …". What was said before
# the asking words is news or a greeting ("omo my passport expires in march 😬"), never the
# name; the asking words are no part of it either.
_ASKED_OUTRIGHT = re.compile(
    r"(?:^|(?<=[.!?…,;])\s+|(?<=[\U0001f300-\U0001faff\u2600-\u27bf\ufe0f\u200d])\s+|\n)"
    r"(?:(?:so|ok|okay|and)[\s,]+)?(?:"
    r"(?:(?:a|another)\s+)?new\s+(?:plan|goal|project)(?:\s+(?:pls|plz|please))?\s*[:—–]|"
    r"(?:(?:please|pls)\s+)?(?:put|add)\s+(?:this\s+)?(?:on|to)\s+my\s+(?:list|plans)\s*[:—–]|"
    r"(?:(?:can|could|would)\s+(?:you|u)\s+)?(?:(?:please|pls)\s+)?(?:start|make|open|set\s+up)\s+"
    r"(?:me\s+)?(?:a\s+)?new\s+(?:one|plan)\s+for(?=\s+\S+.*\s[—–-]\s)"
    r")\s*(?=\S)",
    re.I,
)
ASKED_OUTRIGHT_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "my passport expires in march 😬 new plan pls: renew passport — book the appointment",
        "renew passport — book the appointment",
    ),
    ("new goal: back on the tools by February", "back on the tools by February"),
    ("put on my list: Christmas cards 🎄", "Christmas cards 🎄"),
    (
        "Can you start a new one for the spring concert too - book the hall, audition soloists",
        "the spring concert too - book the hall, audition soloists",
    ),
    ("hi! new plan: garden — dig the beds, sow peas", "garden — dig the beds, sow peas"),
)
ASKED_OUTRIGHT_NEAR_MISSES: tuple[str, ...] = (
    "the new plan is working great, thanks",
    "I need a new plan for the garden",  # a goal said, no asking words before it
    "put the bins out, then my list is done",
    "start a new one for me",  # nothing named after it
    "renew passport: new photos, fill in the form",
    # steps, no goal, after the asking words: the goal is the news before them
    "faucet's not fixed before the inspection. new plan: rent a handwash station, and get the "
    "landlord to do the plumbing",
)


def asked_outright(text: str) -> str:
    """``text`` from the words after asking outright for a new plan (``_ASKED_OUTRIGHT``),
    or as it is when no plan is asked for so."""
    found = _ASKED_OUTRIGHT.search(text)
    if found is None:
        return text
    rest = text[found.end() :]
    named = re.split(r"[.!?\n]", rest, maxsplit=1)[0]
    if not re.search(r"\s[—–-]\s|:\s", rest) and ("," in named or len(named.split()) > 8):
        # "… before the inspection. new plan: rent a handwash station, and get the landlord
        # to …": steps, no goal, follow the words; what the plan is for was said before them
        return text
    return rest


# The plan's name given outright in a sentence of its own: "… has given notice. Plan name:
# Re-let the Leeds house. I need to advertise it, …", "title: Nan's 90th". What was said
# before it only says why; the steps follow it.
_NAMED_OUTRIGHT = re.compile(
    r"(?:^|(?<=[.!?])\s+|\n)(?:(?:the|my)\s+)?(?:plan(?:'s)?\s+(?:name|title)|name\s+of\s+(?:the|my)\s+"
    r"plan|title\s+of\s+(?:the|my)\s+plan|plan\s+title|call\s+it)\s*(?:is\s*)?[:—–-]\s*"
    r"(?P<name>[^.!?\n:]{3,60}?)\s*(?:[.!?]+(?:\s+|$)|\n|$)",
    re.I,
)
NAMED_OUTRIGHT_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "The tenant has given notice. Plan name: Re-let the house. I need to advertise it, "
        "arrange an EPC",
        "Re-let the house: I need to advertise it, arrange an EPC",
    ),
    (
        "plan title - Nan's 90th. book the hall, order the cake",
        "Nan's 90th: book the hall, order the cake",
    ),
    (
        "We're off in May. Call it: Japan trip. get visas, book flights",
        "Japan trip: get visas, book flights",
    ),
)
NAMED_OUTRIGHT_NEAR_MISSES: tuple[str, ...] = (
    "need to change the plan name on the account",
    "find the name of the plumber. call it in",
    "plan name",
)


def name_given(text: str) -> str | None:
    """The plan's name given outright in ``text`` ("Plan name: X."), or None."""
    found = _NAMED_OUTRIGHT.search(text)
    return found["name"].strip(" ,;'\"“”‘’") if found is not None else None


def named_outright(text: str) -> str:
    """``text`` with a plan's name given outright ("Plan name: X.") as the title over the
    rest said after it; as it is when no name is given so."""
    found = _NAMED_OUTRIGHT.search(text)
    if found is None:
        return text
    rest = text[found.end() :].strip()
    name = found["name"].strip(" ,;'\"“”‘’")
    return f"{name}: {rest}" if rest else name


# A list's marks typed inside one line: "plan for the blue badge * find my NI number * get
# proof of address * apply online", "move • book van • pack • clean". A star or a bullet
# between words twice or more marks items (a lone one may be a footnote or a sum); a spaced
# dash only three times or more (once or twice it sets off a goal or an aside).
_INLINE_MARK = re.compile(r"\s+[*•·]\s+")
_INLINE_DASH = re.compile(r"\s+[-–]\s+")
INLINE_ITEMS_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "plan for the blue badge * find my NI number * get proof of address * apply online",
        "plan for the blue badge\n- find my NI number\n- get proof of address\n- apply online",
    ),
    ("moving out • book a van • pack the books", "moving out\n- book a van\n- pack the books"),
    (
        "garage sale - price everything - put up signs - ring the council",
        "garage sale\n- price everything\n- put up signs\n- ring the council",
    ),
)
INLINE_ITEMS_NEAR_MISSES: tuple[str, ...] = (
    "need to fix the fence * it's leaning badly",
    "the 2 * 4 timber for the shed",
    "renew passport - get photos, fill in the form",
    "sell the car - it's too old - and buy a bike",
    "sort the loft\n- clear boxes * sort toys * bin junk",
)


def inline_items(text: str) -> str:
    """One line whose items are set apart by a list's marks, as a title line over one marked
    line each; any other text as it is."""
    if "\n" in text.strip():
        return text
    for mark, least in ((_INLINE_MARK, 2), (_INLINE_DASH, 3)):
        pieces = [piece.strip() for piece in mark.split(text)]
        if len(pieces) - 1 >= least and all(len(piece.split()) >= 2 for piece in pieces[1:]):
            return "\n- ".join(pieces)
    return text


# Words said in running prose between the goal and its list, that only announce the list:
# "… at work 😬 plan is read up on my rights first, then …", "… on the 12th. plan is call the
# caterer, get …", "… isn't cutting it. steps I think:\n1. …". Never the title, never a step:
# the goal is what was said before them. ("my plan is to …" names the goal itself, and "the
# plan is fine" or "the plan is on hold" says nothing of a list: no steps follow.)
# The words that lead into a list by saying whose it is or what it is to them, the list
# under them: "what I gotta do:", "what we have to do", "my part:", "our jobs -", "things I
# need to do:", "stuff we have to sort", "todo:". Declared once: a line of them alone, the
# same after a sentence of news ("… in Ohio. my part:") and a step opened by them are read
# alike (``plan_titles.list_header``).
LEAD_IN = (
    r"what\s+(?:i|we)(?:'ve|\s+have)?\s+(?:need|have|gotta|got|must|should|'ve\s+got)"
    r"(?:\s+to)?\s+(?:do|sort(?:\s+out)?|get\s+done)(?:\s+(?:is|now|first))?|"
    r"(?:my|our)\s+(?:part|bit|side|end|share|jobs?|tasks?|to\s*-?\s*dos?)(?:\s+(?:of\s+it|is))?|"
    r"(?:the\s+)?(?:things|stuff|jobs|tasks)\s+(?:i|we)(?:'ve|\s+have)?\s+(?:need|have|gotta|got|must|"
    r"should)(?:\s+to)?(?:\s+(?:do|sort(?:\s+out)?|get\s+done))?|"
    r"to\s*-?\s*dos?(?:\s+list)?"
)
LEAD_INS: tuple[str, ...] = (
    "what I gotta do:",
    "What we have to do",
    "my part:",
    "our jobs -",
    "things I need to do:",
    "Stuff we have to sort:",
    "todo:",
)
LEAD_IN_NEAR_MISSES: tuple[str, ...] = (
    "what I gotta do is beyond me",
    "my part of the garden",
    "things I need for the trip",
    "to do the garden",
    "do my part",
)

# A lead-in closing a line of news: "Jake's doing the I-129F from his side. my part:"
_LEAD_IN_CLOSING = re.compile(
    rf"(?<=\S)\s*(?:[.!?…]+\s+|[,;]\s+|\s+(?=[\U0001f300-\U0001faff\u2600-\u27bf])|"
    rf"(?<=[\U0001f300-\U0001faff\u2600-\u27bf\ufe0f])\s+)(?:(?:so|and|ok|right)[\s,]+)?"
    rf"(?:{LEAD_IN})\s*[:—–-]+\s*$",
    re.I,
)


# … and one before the list's items on the same line: "… I'm terrified lol. things I need to
# do: register online, get shoes, …"
_LEAD_IN_INLINE = re.compile(
    rf"(?<=\S)\s*(?:[.!?…]+\s+|[,;]\s+|(?<=[\U0001f300-\U0001faff\u2600-\u27bf\ufe0f])\s+)"
    rf"(?:(?:so|and|ok|right)[\s,]+)?(?:{LEAD_IN})\s*[:—–]\s*(?=\S)",
    re.I,
)


def lead_in_joined(text: str) -> str:
    """``text`` with a lead-in of ``LEAD_IN`` under a line of its own, or closing the line
    before the list ("… wind was insane\nwhat I gotta do:\nclear the debris …", "… from his
    side in Ohio. my part:\n1. …"), said as a colon after the line before it: the plan is
    what that line is about, the lead-in neither its name nor a step."""
    lines = text.split("\n")
    out: list[str] = []
    for line in lines:
        bare = line.strip()
        if (
            out
            and out[-1].strip()
            and re.fullmatch(rf"(?:(?:so|and|ok|right)[\s,]+)?(?:{LEAD_IN})\s*[:—–-]*", bare, re.I)
        ):
            # (a face before it is how the news was felt, no part of the goal)
            out[-1] = _TRAILING_EMOJI.sub("", out[-1]).rstrip(" .,;:!") + ":"
            continue
        closing = _LEAD_IN_CLOSING.search(line)
        if closing is not None and line is not lines[-1]:
            line = _TRAILING_EMOJI.sub("", line[: closing.start()]).rstrip(" .,;:!") + ":"
        inline = _LEAD_IN_INLINE.search(line)
        if (
            inline is not None
            # ("… a yard sale. to do: price everything, …": a to-do's header the marked forms
            # read already)
            and not re.match(r"[\W_]*(?:to\s*-?\s*dos?|todos?)\b", inline.group(0), re.I)
            and len(line[: inline.start()].split()) >= 3
            and len(split_steps(line[inline.end() :])) >= 2
        ):
            # "we're hosting the book club. what I have to do: clear the lounge, buy wine, …"
            head = _TRAILING_EMOJI.sub("", line[: inline.start()]).rstrip(" .,;:!")
            line = f"{head}: {line[inline.end() :]}"
        out.append(line)
    return "\n".join(out)


LEAD_IN_JOINED_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "the storm took the dock apart\nwhat I gotta do:\nclear the slip\nclaim on the insurance",
        "the storm took the dock apart:\nclear the slip\nclaim on the insurance",
    ),
    (
        "Jake's doing his forms in Ohio. my part:\n1. renew passport\n2. birth cert",
        "Jake's doing his forms in Ohio:\n1. renew passport\n2. birth cert",
    ),
    (
        "my nan is coming for christmas 🎄 things I need to do:\n- make up the bed\n- buy a mat",
        "my nan is coming for christmas:\n- make up the bed\n- buy a mat",
    ),
    (
        "we're hosting the book club. what I have to do: clear the lounge, buy wine, pick a book",
        "we're hosting the book club: clear the lounge, buy wine, pick a book",
    ),
)
LEAD_IN_JOINED_NEAR_MISSES: tuple[str, ...] = (
    "the storm took the dock apart\nclear the slip\nclaim on the insurance",
    "my part of the garden is a mess\n- weed it\n- mow it",
    "what I gotta do is beyond me\n- call Dad\n- ask Jo",
    "we're hosting. my part: the wine",  # one thing, no list after it
)


_ANNOUNCER = re.compile(
    # (after a stop, a comma or a face: "the garden jobs: mow, …" names a thing, no list's word)
    r"(?P<end>\s*[.!?…]+\s+|\s*[,;]\s+|(?<=[\U0001f300-\U0001faff\u2600-\u27bf\ufe0f\u200d])\s+)"
    r"(?:(?:so|and|ok|okay|right)[\s,]+)?"
    r"(?:(?:the|my|our)\s+)?(?:"
    r"plan(?:\s+is|'s)(?!\s+(?:to|for|that|simple|easy|this|as\s+follows)\b)\s*[:—–-]?|"
    r"(?:steps?|to\s*-?\s*dos?|things\s+to\s+do|jobs)"
    # ("steps I think are:": the qualifiers in either order)
    r"(?:\s+(?:i\s+think|as\s+i\s+see\s+(?:it|em|them)|are|so\s+far|for\s+now)){0,2}\s*[:—–]|"
    rf"(?:{LEAD_IN})\s*[:—–]"
    r")[ \t]*(?=\S|\n)",
    re.I,
)
ANNOUNCED_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "need to tell my boss about my diagnosis 😬 plan is read up on my rights first, then "
        "write out what to say, then have the chat",
        "need to tell my boss about my diagnosis: read up on my rights first, then write out "
        "what to say, then have the chat",
    ),
    (
        "so I got roped into the school fete. the plan is book the bouncy castle, ask for "
        "raffle prizes, and print flyers",
        "so I got roped into the school fete: book the bouncy castle, ask for raffle prizes, "
        "and print flyers",
    ),
    (
        "ugh the GP wants me to start physio. steps I think:\n1. book the assessment\n2. buy a "
        "foam roller",
        "ugh the GP wants me to start physio:\n1. book the assessment\n2. buy a foam roller",
    ),
    (
        "my flat is damp again, plan's ring the landlord, take photos, and call the council",
        "my flat is damp again: ring the landlord, take photos, and call the council",
    ),
)
ANNOUNCED_NEAR_MISSES: tuple[str, ...] = (
    "help me keep track of the garden jobs: mow, weed, trim the hedge",
    "I'm starting a podcast. Things to do: buy two mics, pick a name",
    "my plan is to learn spanish this year",
    "the garden is a mess but the plan is fine, thanks",
    "plan is: book the van, pack the kitchen",
    "sorted the front steps today, looks great",
    "the plan is on hold till January",
)


def announced_goal(text: str) -> str | None:
    """What was said before the words that announce the list (``announced_list``), or None
    when no list is announced so."""
    said = announced_list(text)
    if said == text:
        return None
    found = _ANNOUNCER.search(text)
    return text[: found.start()] if found is not None else None


def announced_list(text: str) -> str:
    """``text`` with the words that announce its list in running prose said as a colon after
    the goal before them; as it is when no goal comes before them or no list after."""
    found = _ANNOUNCER.search(text)
    if found is None or len(text[: found.start()].split()) < 3 or "\n" in text[: found.start()]:
        return text
    rest = text[found.end() :]
    if not re.search(r"\bplan(?:\s+is|'s)", found.group(0), re.I) and not rest.startswith("\n"):
        # "… Things to do: buy two mics, …", "… Steps — get …": a list's word before its
        # items on the same line is read as a header already; only one closing the line is not
        return text
    if "\n" in rest.strip() and not rest.startswith("\n"):
        # "things to do: talk to Father Mike,\nfind a dress …", "… beer. my plan is\n1. …":
        # lines the lines' reader reads, their header with them
        return text
    if rest.startswith("\n") and _LIST_HEADER.match(found.group(0).strip(" .,;!?")):
        return text  # "… the plan is:\n1. …": a header the lines' reader knows
    if "\n" not in rest.strip() and not found.group(0).rstrip().endswith((":", "—", "–")):
        # with no mark after the words, only a list of actions is announced ("the plan is
        # fine, thanks" is none)
        pieces = split_steps(rest)
        if len(pieces) < 2 or not _verb_first(pieces[0].strip()):
            return text
    # (a face before the words is how the goal was felt, no part of it)
    head = _TRAILING_EMOJI.sub("", text[: found.start()]).rstrip(" ,;.")
    return f"{head}:{'' if rest.startswith(chr(10)) else ' '}{rest}"


# The goal named after its list: "1. … 4. book the electrician. that's the EV charger project",
# "- buy paint\n- sand the door\nthat's for the shed"
_NAMED_AFTER = re.compile(
    r"^(?:(?:so|and|ok)\s+)?(?:that'?s|thats|that\s+is|this\s+is|these\s+are|it'?s|its)\s+(?:all\s+)?"
    r"(?:(?:for|about)\s+)?(?:the|my|our)\s+(?!(?:lot|list|plan|hard|easy|whole|main|first|last|"
    r"best|worst|gist|idea|bit|rest|end)\b)(?P<name>[^.!?\n]{2,50}?)"
    r"(?:\s+(?:project|plan|list|stuff|job|jobs))?[\s.!]*$",
    re.I,
)


def _named_after(text: str) -> str:
    """Lines marked as a list with the goal named in a last line after them: that name as
    the title line over the list; any other text as it is."""
    lines = _lines(text)
    if len(lines) < 3 or not all(ITEM_MARK.match(line) for line in lines[:-1]):
        return text
    named = _NAMED_AFTER.match(lines[-1].strip())
    if named is None or ITEM_MARK.match(lines[-1]):
        return text
    return "\n".join([cap(named["name"].strip()), *lines[:-1]])


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def _read_lines(text: str) -> tuple[str, list[str]] | None:
    lines = _lines(_without_closing_block(text))
    if len(lines) >= 4 and _JOTTING.match(lines[0].strip()):
        lines = lines[1:]  # "writing this before I forget": the next line names the goal
    while len(lines) >= 3 and preamble_line(lines[0]):
        lines = lines[1:]  # "new thing\nblanket drive …\nask costco …": the next line names it
    return _from_lines(without_closing_remark(lines))


# A last line said about the list or the writer, no step: an aside ("wrist broken in 2 places
# fyi", "back is killing me btw", "sorry for the typos"), or a plea to keep the list ("can you
# keep track of this for me pls"). Only when no step's verb leads it and one leads every line
# of the list before it.
_CLOSING_REMARK = re.compile(
    r"\b(?:fyi|btw|tbh|lol|haha+|ugh|sorry|thanks?|thx|cheers)\b|"
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\s+|(?:pls|please|plz)\s+)+"
    r"(?:keep|track|remember|hold|save|note|help|store|sort)\b|"
    r"[?\U0001f000-\U0001faff\u2600-\u27bf]\W*$",
    re.I,
)
CLOSING_REMARK_EXAMPLES: tuple[tuple[str, ...], ...] = (
    ("from the discharge sheet", "get cast off", "start physio", "wrist broken in 2 places fyi"),
    ("garden jobs", "book the skip", "buy the compost", "back is killing me btw"),
    ("garden jobs", "book the skip", "buy the compost", "can you keep track of this for me pls"),
    ("Mum's 80th", "- book the hall", "- order the cake", "sorry for the typos, on my phone 🙈"),
)
CLOSING_REMARK_NEAR_MISSES: tuple[tuple[str, ...], ...] = (
    # the last line led by a step's verb is a step, however it ends
    ("garden jobs", "dig the beds", "sow the peas", "net the brassicas lol"),
    # a line of the list led by no verb we know: the lines are things, the last one too
    ("camping", "tent", "stove", "midge spray fyi"),
    # no aside in it: a thing to get, said as a thing
    ("garden jobs", "dig the beds", "sow the peas", "new hose for the back"),
    # the last line carries the list's own mark, as the lines before it do: an item the person
    # counted, whatever it ends with ("3. wait for the new one 🤞", "- merge our spotify lol")
    ("licence swap", "1. get the D1 form", "2. send it off", "3. wait for the new one 🤞"),
    ("moving in", "- get a joint account", "- pick a couch", "- merge our spotify lol"),
)


def without_closing_remark(lines: list[str]) -> list[str]:
    """``lines`` (the title's, then the list's) without a last line ``_CLOSING_REMARK`` says
    is about the list, no step of it."""

    def led(line: str) -> bool:
        return _verb_first(GOAL_START.sub("", ITEM_MARK.sub("", line).strip()))

    if len(lines) < 4 or led(lines[-1]) or not all(map(led, lines[1:-1])):
        return lines
    if ITEM_MARK.match(lines[-1]) and all(ITEM_MARK.match(line) for line in lines[1:-1]):
        return lines  # marked as the list's items are: one of them, counted by the person
    return lines[:-1] if _CLOSING_REMARK.search(ITEM_MARK.sub("", lines[-1]).strip()) else lines


# A first line that only greets, announces that a plan follows or says the writer is new:
# "new thing", "howya. new to this thing.", "hi! another one for you", "first time using
# this". The goal is on the line after it.
_PREAMBLE_LINE = re.compile(
    r"^(?:(?:hi+|hey+|hello|hiya|howya|howdy|yo|g'?day|morning|evening|ok(?:ay)?|oh|right|so|and|"
    r"also)(?:\s+there)?[\s,.!]+)*"
    r"(?:(?:(?:a|one)\s+)?(?:new|another|next|one\s+more)\s+(?:thing|one|plan|goal|project|list)"
    r"(?:\s+for\s+(?:you|u|ya|the\s+list))?|"
    r"(?:i'?m\s+|im\s+|i\s+am\s+)?(?:very\s+|quite\s+|totally\s+|pretty\s+)?new\s+(?:to\s+(?:this|"
    r"this\s+(?:thing|app|bot)|all\s+this|the\s+app)|here)|"
    r"(?:my\s+)?first\s+time\s+(?:using|trying)\s+(?:this|it)(?:\s+(?:thing|app|bot))?)"
    r"[\s.!:,—–-]*$",
    re.I,
)
PREAMBLE_LINES: tuple[str, ...] = (
    "new thing",
    "howya. new to this thing.",
    "hi! another one for you",
    "first time using this",
    "ok so, new plan:",
)
PREAMBLE_LINE_NEAR_MISSES: tuple[str, ...] = (
    "new thing for the shop",
    "new kitchen",
    "new to this job, need to learn the till",
    "hi Mum's 80th",
)


def preamble_line(line: str) -> bool:
    """Whether ``line`` only greets, announces a plan or says the writer is new to drbot."""
    return _PREAMBLE_LINE.match(line.strip()) is not None


# A first line about writing the note, not about what it is for: "writing this before I
# forget", "jotting this down so I don't forget", "before I forget"
_JOTTING = re.compile(
    r"^(?:(?:just|quickly|quick(?:ly)?)\s+)?(?:(?:i'?m\s+)?(?:writing|jotting|putting|noting|"
    r"typing|getting)\s+(?:this|these|it|them|this\s+lot)(?:\s+(?:down|here|in))*\s*)?"
    r"(?:before\s+i\s+forget|so\s+i\s+(?:don'?t|dont|do\s+not|won'?t)\s+forget|"
    r"while\s+i\s+remember|while\s+it'?s\s+in\s+my\s+head)[\s.!:,]*$",
    re.I,
)


def _without_closing_block(text: str) -> str:
    """The text without a closing paragraph: a last line set apart by a blank line after a
    list of two or more lines ("Kids bedroom\n\nPaint the walls\nBuild the beds\n\nThanks in
    advance!") is said about the list, unless it starts with a step's verb."""
    blocks = [block for block in re.split(r"\n\s*\n", text.strip()) if block.strip()]
    if len(blocks) < 2 or len(_lines(blocks[-2])) < 2:
        return text
    closing = _lines(blocks[-1])
    if len(closing) != 1 or _verb_first(ITEM_MARK.sub("", closing[0]).strip()):
        return text
    words = closing[0].split()
    if words[0].lower().strip(".,!") not in _REMARK_START and not closing[0].rstrip().endswith("!"):
        return text  # "restock the fish": a verb we do not list, a step all the same
    return "\n\n".join(blocks[:-1])


# How words said about a list start, never a step: who or what they are about, or thanks
_REMARK_START = frozenset(
    """
i i'm im i'll i'd we we're we'll you he he'll she she'll they it it's its that that's this
the a an my our his her their there hope hopefully thanks thank thx ty cheers much many
sorry pls please fingers so not just x xx
""".split()
)


# What kind of plan it is, said before its name: "side project", "new goal", "work thing"
_PLAN_KIND = re.compile(
    r"(?:(?:a|my|another)\s+)?(?:(?:new|side|personal|work|school|uni|passion|pet|big|small|"
    r"little|next|weekend|summer)\s+)?(?:project|goal|hustle|mission|challenge|thing)",
    re.I,
)


# The list's own name before a single arrow: "steps -> a, b", "todo → a, b" (the goal is said
# before it)
_STEPS_WORD = re.compile(
    r"(?:^|(?<=[.!?:]\s)|(?<=\s))(?:the\s+)?(?:steps?|to-?\s*dos?|todos?|things\s+to\s+do|"
    r"tasks?|plan)\s*$",
    re.I,
)


def one_arrow_over_a_list(text: str) -> tuple[str, list[str]] | None:
    """ "nursery -> clear out spare room, paint it, build cot": one strong arrow between a
    goal and a comma list of two or more steps; None for any other text."""
    arrows = _ARROW.findall(text)
    if len(arrows) != 1 or not _STRONG_ARROW.fullmatch(arrows[0]) or ITEM_MARK.match(text):
        return None
    first, rest = _ARROW.split(text, maxsplit=1)
    parts = [cap(part.strip(" .,;")) for part in split_steps(rest) if part.strip(" .,;")]
    if len(parts) < 2 or "," not in rest or sum(map(_verb_first, parts)) * 2 <= len(parts):
        return None
    first = first.strip(" .,;:")
    if (header := _STEPS_WORD.search(first)) is not None:
        # "side project: recipe app for my mom. steps -> …": the goal is said before the
        # list's own name, in the sentence or after the mark before it
        first = re.split(r"[.!?:]\s+", first[: header.start()].strip(" .,;:"))[-1]
    return first, parts


def _read_arrows(text: str) -> tuple[str, list[str]] | None:
    """ "Move to Leeds -> give notice -> find a flat -> book a van", "nursery -> clear out
    spare room, paint it, build cot" (one arrow over a comma list)"""
    # (a goal word before the one arrow, "need to get the car sorted -> a, b", is the form of
    # a goal, a mark and its steps)
    if not GOAL_START.match(text) and (one := one_arrow_over_a_list(text)) is not None:
        named = clean_title(GOAL_START.sub("", one[0]))
        return (named, one[1]) if named and not COMMAND_WORDS.match(named) else None
    if len(_ARROW.findall(text)) < 2 or ITEM_MARK.match(text):
        return None
    first, *parts = [cap(part.strip(" .,;")) for part in _ARROW.split(text)]
    if not _STRONG_ARROW.search(text) and sum(map(_verb_first, parts)) * 2 <= len(parts):
        return None  # "the kids > the dog > the cat": a lone ">" ranks things, steps it joins
    # the last mark with words after it ("onboarding 📋 contract ✍️ → …": not the emoji
    # closing the first step)
    marks = [m for m in _TITLE_END.finditer(first) if _TITLE_END.sub("", first[m.end() :]).strip()]
    lead = first[marks[-1].end() :].strip(" .,;") if marks else ""
    if lead and _PLAN_KIND.fullmatch(first[: marks[-1].start()].strip()):
        # "side project: portfolio site -> buy a domain -> …": the kind of plan, then its name
        first = lead
    elif lead:
        # "wedding admin 💍 venue deposit → invites → …": the title ends at the emoji or mark
        parts = [cap(lead), *parts]
        first = first[: marks[-1].start()]
    named = clean_title(GOAL_START.sub("", first))
    if named and not COMMAND_WORDS.match(named) and all(parts):
        return named, parts
    return None


def _a_sequence(text: str) -> bool:
    """ "first …, then …": read as a sequence or not at all."""
    return read_sequence(text) is not None or bool(_SEQUENCE.search(text) and _THEN.search(text))


def _read_goal(text: str) -> tuple[str, list[str]] | None:
    """ "renew passport: a, b", "I need to X — a, b and c", "I want to learn spanish" """
    goal = GOAL_START.match(text)
    body = text[goal.end() :] if goal else text
    head, steps = _split_goal(body, goal is not None)
    if head is None:
        return None
    if goal is None and len(steps) < 2:
        return None  # "X: y" alone is too thin to be a plan without a goal word
    title = clean_title(head)
    if not title or len(title) > 120:
        return None
    return title, steps


# A line that only introduces the list under it: "We need to", "need to:", "things to do:",
# "the plan is:", "steps -", and the lead-ins said of who does the list ("what I gotta do:",
# "my part:", "things I need to do:", ``LEAD_IN``). Never a step of its own.
_LIST_HEADER = re.compile(
    rf"^\s*(?:(?:so|and|ok|right)[\s,]+)?(?:{LEAD_IN})\s*[:.—–-]*\s*$|"
    r"^\s*(?:(?:so|and|ok|right)[\s,]+)?(?:(?:i|we)\s+)?(?:(?:will|'ll)\s+)?(?:really\s+)?"
    r"(?:need|have|got|gotta|must)(?:\s+to)?(?:\s+(?:do|sort(?:\s+out)?|get\s+done|organi[sz]e|"
    r"arrange))?(?:\s+(?:the\s+following|these(?:\s+things)?|this))?\s*[:.—–-]*\s*$|"
    r"^\s*(?:(?:the\s+)?(?:things|stuff|steps?|tasks?|jobs?|to\s*-?\s*dos?)"
    r"(?:\s+(?:to\s+do|to\s+sort|are|is|needed|so\s+far))?|(?:the\s+)?plan(?:\s+is)?)\s*[:.—–-]*\s*$",
    re.I,
)
LIST_HEADERS: tuple[str, ...] = (
    "We need to",
    "need to:",
    "things to do:",
    "the plan is:",
    "Steps -",
)
LIST_HEADER_NEAR_MISSES: tuple[str, ...] = (
    "need to book the hall",
    "plan the menu",
    "things for the car",
    "we need to go",
)


def list_header(line: str) -> bool:
    """Whether ``line`` only introduces the list under it ("We need to", "need to:")."""
    return _LIST_HEADER.match(line) is not None


def _from_lines(lines: list[str]) -> tuple[str, list[str]] | None:
    first = lines[0]
    # "We need to\nbook the hall\nget the judges": the line that leads into the list is no step
    items = [line for line in lines[1:] if not list_header(line)]
    if ITEM_MARK.match(first):  # no title line: the list alone is not enough to name it
        return None
    if not all(len(item) < 200 for item in items):
        return None
    title = clean_title(GOAL_START.sub("", first))
    if not title or COMMAND_WORDS.match(title):
        return None
    if len(items) == 1 and not ITEM_MARK.match(items[0]):
        # "Grandson's 18th\nbuy card, book the restaurant, get cake made": the steps in one line
        # under the title, each led by a step's verb
        listed = split_steps(items[0])
        if len(listed) >= 2 and all(_verb_first(step) for step in listed):
            return title, [cap(step.strip(" .;,")) for step in listed]
    steps = [cap(ITEM_MARK.sub("", item).strip(" .;,")) for item in _marked_items(items)]
    return title, [step for step in steps if step]


def _marked_items(items: list[str]) -> list[str]:
    """The lines of a marked list: once two or more lines carry a list's mark ("- ", "1."),
    a line after the last marked one without a mark is said about the list, not in it ("he'll
    hate the fuss but oh well", "hope that makes sense!"), unless it starts with a step's verb
    (a step typed without its mark)."""
    marked = [index for index, item in enumerate(items) if ITEM_MARK.match(item)]
    if len(marked) < 2:
        return items
    # (one word alone is no step typed without its mark: "go", "done", "thx" close the list)
    return items[: marked[-1] + 1] + [
        item
        for item in items[marked[-1] + 1 :]
        if _verb_first(item.strip()) and len(item.split()) > 1
    ]


# Words that join a goal to the "first" of its list ("…, so first get quotes"), never a step
_BEFORE_FIRST = frozenset("so and then but well ok okay right now just but".split())


def read_sequence(text: str) -> tuple[str, list[str]] | None:
    """ "to move house first book the van, then pack": (title, steps); with no
    goal before "first" the first step is the title."""
    first = _SEQUENCE.search(text)
    if first is None or not _THEN.search(text):
        return None
    head = text[: first.start()].strip(" ,:;—")
    head = GOAL_START.sub("", head)
    head = re.sub(r"^(?:to|for|in\s+order\s+to)\s+", "", head, flags=re.I)
    if (state := STATE_THEN_GOAL.match(head.strip(" .!"))) is not None:
        head = state["goal"]  # "I am from Poland and need to get my NI number. First …"
    rest = closing_said(text[first.end() :])
    leading: list[str] = []
    # the last mark: "I need to declutter before we move. Loft first, then …"
    # (a face ends a sentence too: "need a new housemate since aoife's moving out 😭 gonna
    # stick it up on daft first, then …")
    marks = list(
        re.finditer(
            r"\s*(?:[:—]|[.!?](?=\s)|\s[\U0001f300-\U0001faff\u2600-\u27bf\ufe0f\u200d]+(?=\s))\s*",
            head,
        )
    )
    marked = marks[-1] if marks else None
    after = head[marked.end() :].strip(" ,") if marked is not None else ""
    # "… i have nothing. gotta pick a topic first, then …": "first" right after the need's
    # words puts that thing first, a step; the goal is the sentence before it
    said_before = text[: first.start()].split()
    postfix = (
        bool(said_before)
        and said_before[-1].lower() not in _BEFORE_FIRST
        and (said_before[-1][-1:].isalpha())
    )
    if marked is not None and GOAL_START.match(after) and not postfix:
        # "… hope I'm doing it right. I need to get the fence replaced, so first …": the goal
        head = re.sub(r"[\s,]+(?:so|and|then)$", "", GOAL_START.sub("", after), flags=re.I)
    elif marked is not None and re.fullmatch(
        r"(?:(?:so|and|ok(?:ay)?|right|well|um+)[\s,]*)+", after, re.I
    ):
        # "my son start school after xmas. so first fill in …": a "so" that only leads on to
        # the order is no step before it; the goal is the sentence before the mark
        head = head[: marked.start()]
    elif marked is not None and after and len(GOAL_START.sub("", after).split()) <= 5:
        # "Learning to code: Python course first, then …": the step before "first"
        head, leading = head[: marked.start()], [cap(GOAL_START.sub("", after))]
    steps = leading + [
        cap(re.sub(r"^(?:and\s+)?then\s+", "", part.strip(" ,.;:"), flags=re.I))
        for part in _THEN.split(rest)
    ]
    steps = [cap(_I_DO.sub("", GOAL_START.sub("", step))) for step in steps]
    # "… then I want to lay some paths, build two beds, and get the beans in": a list after a
    # "then" is its steps, when each of its pieces starts with an action
    steps = [piece for step in steps for piece in _listed_after_then(step)]
    # ("… quotes first? then …": a question mark alone is no step)
    steps = [step for step in steps if re.search(r"[^\W_]", step)]
    if len(steps) < 2:
        return None
    # No goal named ("first call the garage, then …"): the first step names the plan.
    return cap(clean_title(head)) if head else steps[0], steps


def _listed_after_then(step: str) -> list[str]:
    if "," not in step:
        return [step]
    pieces = split_steps(step)
    if len(pieces) < 2 or not all(_verb_first(piece) for piece in pieces):
        return [step]
    return pieces


# When, said after the goal and a comma: "…, sometime in March", ", ideally before summer"
_WHEN_AFTER = re.compile(
    r",\s*(?:(?:sometime|some\s+time|ideally|hopefully|probably|maybe|around|roughly)\s+)?"
    r"(?:in|by|before|after|around|over|during|next|this|at\s+some\s+point\s+in)\s+"
    r"[\w']+(?:\s+[\w']+){0,2}\s*[.!]*$",
    re.I,
)


# A new one announced, then the need and its list: "Another thing, I want to paint the shop
# front: buy the paint, …" is the plan "Paint the shop front"; the announcement names nothing
ANNOUNCED_BEFORE_NEED_EXAMPLES: tuple[tuple[str, str, list[str]], ...] = (
    (
        "Another thing, I want to redo the shop window: buy the vinyl, ask the landlord, fit it",
        "Redo the shop window",
        ["Buy the vinyl", "Ask the landlord", "Fit it"],
    ),
    (
        "Tom here. One more thing, we need to fix the fence: buy posts, dig holes, set them",
        "Fix the fence",
        ["Buy posts", "Dig holes", "Set them"],
    ),
    (
        "hi! new one for you, I need to sort the garage: clear it, sell the bike, paint it",
        "Sort the garage",
        ["Clear it", "Sell the bike", "Paint it"],
    ),
)
ANNOUNCED_BEFORE_NEED_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    # a goal before the need names the plan, the need its first step
    (
        "help me organise the party, I need to book a venue, send invites and order a cake",
        "The party",
    ),
    (
        "the new kitchen, I want to pick tiles, book the fitter and order the units",
        "The new kitchen",
    ),
)


def _split_goal(body: str, has_goal: bool) -> tuple[str | None, list[str]]:
    """ "renew passport: a, b" → ("renew passport", [a, b]); a goal alone → (goal, [])."""
    # "help me organise the party, I need to book a venue, send invites and order a cake"
    need = re.search(
        r",\s*(?:i\s+(?:need|have|want)\s+to|we\s+need\s+to|need\s+to|"
        r"steps?\s*(?:are|:)?|things\s+to\s+do\s*:?)\s+",
        body,
        re.I,
    )
    if need and preamble_line(re.split(r"[.!?]\s+", body[: need.start()])[-1]):
        # "Joaquim here. Another thing, I want to paint the shop front: buy the paint, …": a
        # new one announced names nothing; the goal is the need said after it, its list its own
        return _split_goal(body[need.end() :], True)
    if need:
        return body[: need.start()], split_steps(body[need.end() :])
    numbered = re.search(r"\s+1[.)]\s+", body)  # "sort out wills 1. find a solicitor 2. …"
    if numbered and re.search(r"\s2[.)]\s", body):
        return body[: numbered.start()], split_steps(body[numbered.start() :])
    # ("->" as "→": "get the car sorted before winter -> new tyres, service, antifreeze")
    # "steps" marks the list after a comma or before a colon or dash, never as the goal's own
    # word ("sort the garden steps - …") or a word's start ("ring stepchange later")
    mark = re.search(
        r"\s*(?:[:—→⇒]|->|=>|\s-\s|,\s*steps?\b\s*[:—]?|\s+steps?\s*[:—]|,?\s+which\s+means\b\s*[:—]?)\s*",
        body,
    )
    if mark and mark.start() > 0:
        head, rest = body[: mark.start()], closing_said(body[mark.end() :])
        steps = split_steps(rest)
        if COMMAND_WORDS.match(head.strip()):
            return None, []
        if has_goal or len(steps) >= 2:
            return head, steps
        return None, []
    when = _WHEN_AFTER.search(body)
    if has_goal and when is not None and "," not in body[: when.start()]:
        body = body[: when.start()]  # "plan a surprise 40th for Claire, sometime in March"
    if has_goal and "," not in body and len(body.split()) <= 16:
        return body, []
    return None, []


# Verbs that are nouns as often ("the tax return", "a phone call", "the post") never start
# a step of a list typed without commas.
_NOUN_TOO = frozenset(
    "call change check cut list post return run set start test text visit "
    "draw iron polish pump service work hoover vacuum".split()
)
# Words after which a verb continues the step ("need to book", "help me set up", "the set").
_VERB_CONTINUES = frozenset(
    """
a an the my our your his her their its this that these those some any no every each
to i we you they he she it me us him them will can could should would must might may
let lets let's help not don't dont please pls also just gonna wanna gotta need have want
for of with in on at by from into about and or then &
""".split()
)


def run_on(text: str) -> list[str] | None:
    """ "prune the roses weed the beds buy compost and fix the gate": a list typed without
    commas, split where a step's verb follows a noun (or "and" / "then" after a whole
    step; "then", "after that" and "and also" always end a step). Only when that gives
    three or more steps of two or more words each."""
    pieces: list[list[str]] = []
    for chunk in _CHAIN.split(text):
        pieces += _by_verbs(chunk)
    steps = [" ".join(piece) for piece in pieces if piece]
    if len(steps) >= 3 and all(len(step.split()) >= 2 for step in steps):
        return steps
    return None


# Words that always end a step in a list typed without commas
_CHAIN = re.compile(
    rf"\s+(?:and\s+)?(?:then|{AFTER_THAT}|finally|lastly)\s+|\s+and\s+also\s+|"
    rf",?\s+and\s+{LAST}\s+|"
    rf",?\s+(?:and\s+)?{_ONCE_DONE}\s+",
    re.I,
)


def kind_of_plan(text: str) -> bool:
    """ "Side project", "new goal", "work thing": what kind of plan it is, no name for it."""
    return _PLAN_KIND.fullmatch(text.strip()) is not None


def second_action(step: str) -> bool:
    """A second action joined on by "and" ("submit everything to the county and pay the
    fee") or by a comma ("find our sponsors, book the church"): two steps read as one."""
    return _next_action(step) is not None or _next_action(step, _COMMA_ACTION) is not None


# Verbs that are never done without a thing ("put up" what?); "sign up", "clear out" are
_NEEDS_A_THING = frozenset("put take give hang pick drop bring lay send fill".split())


def verb_alone(step: str) -> bool:
    """ "Put up", "pick up": a verb with nothing to act on, its thing read as a step of its
    own ("put up | grab rails in the bathroom")."""
    words = step.strip(" .,").split()
    return _verb_alone(words) and words[0].lower() in _NEEDS_A_THING


def chained(text: str) -> bool:
    """A sequence word between two actions ("take photos after that write the listings"):
    the text is two steps, however it was read."""
    return _CHAIN.search(text.strip()) is not None


# The particles of a verb said in two words ("put up", "clear out", "pick up"): a step made of
# its verb and these alone has no thing yet, so the verb after them is its thing ("put up grab
# rails", "set up wash stations"), no new step.
PARTICLES = frozenset("up out off down in away back over on round around through".split())


def _verb_alone(words: list[str]) -> bool:
    """ "put up", "clear out": a step's verb and its particles, nothing done to anything yet."""
    return (
        len(words) >= 2
        and words[0].lower() in STEP_VERBS
        and all(w.lower() in PARTICLES for w in words[1:])
    )


def _compound_noun(words: list[str], at: int) -> bool:
    """ "get the confirmer sign off from my manager": a verb and its particle after a noun,
    then a preposition or nothing, are a thing (a sign-off, a check-up), no new step; "book the
    venue set up the stall" is a step with its thing."""
    after = [w.lower().strip(".;:!?,") for w in words[at + 1 : at + 3]]
    if words[at].lower().strip(".;:!?,") in _THING_AS_OFTEN and (
        not after or after[0] in _AFTER_A_THING | _WHEN_OR_WHERE
    ):
        # "set up a standing order for him", "send a reminder email round next week": a verb
        # that names a thing as often, after a noun and with no thing of its own, is that thing
        return True
    return bool(after) and after[0] in PARTICLES and (len(after) == 1 or after[1] in _AFTER_A_THING)


# Verbs of a step that name a thing as often ("a standing order", "a reminder email", "the
# phone bill"), and words that say when or where, never a verb's thing ("round next week")
_THING_AS_OFTEN = frozenset("order email phone print repair update deposit".split())
_WHEN_OR_WHERE = frozenset("round around next this tomorrow today tonight later".split())
COMPOUND_NOUN_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "stick the link in the Teams chat and then send a reminder email round next week",
        ("Stick the link in the Teams chat", "Send a reminder email round next week"),
    ),
    (
        "get the lady in the branch to set up a standing order for him and then check it has "
        "gone out",
        ("Get the lady in the branch to set up a standing order for him", "Check it has gone out"),
    ),
)
COMPOUND_NOUN_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "book the cottage pick a theme order the sashes",
        ("Book the cottage", "Pick a theme", "Order the sashes"),
    ),
    (
        "measure the windows email the fitter ring the council",
        ("Measure the windows", "Email the fitter", "Ring the council"),
    ),
)


# Words that follow a thing, never start a verb's object ("sign off from my manager")
_AFTER_A_THING = frozenset("from for with by of at to before after".split())


# Words said between a helper and its verb ("if we can all go", "so they will both come"):
# the verb after them still goes with the helper, it starts no step
_BETWEEN_HELPER_AND_VERB = frozenset(
    "all both just also really still maybe probably never always even only each".split()
)


# Going somewhere, then what is done there with no "and" between: "go to Balogun market buy
# the lace", "head to the bank pay the fee" (the verb after it says why one goes: one step)
_GOING_TO = re.compile(
    r"^(?:go|come|pop|head|nip|run)\s+(?:(?:down|over|up|round|back|out)\s+)?to\s+"
    r"(?:the\s+|my\s+|our\s+)?(?!(?:every|each|today|tomorrow|tonight|later)\b)[\w'-]+"
    r"(?:\s+(?!(?:every|each|today|tomorrow|tonight|later|on|at|in|by|before|after)\b)[\w'-]+)?$",
    re.I,
)
GOING_TO_EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    (
        "pick the colour then collect the money then go to Balogun market buy the lace then "
        "give the tailor",
        [
            "pick the colour",
            "collect the money",
            "go to Balogun market buy the lace",
            "give the tailor",
        ],
    ),
)
GOING_TO_NEAR_MISSES: tuple[tuple[str, list[str]], ...] = (
    # a whole step before the verb ("go to the gym" with something of its own after it)
    (
        "go to the gym every day sort the diet book a coach",
        ["go to the gym every day", "sort the diet", "book a coach"],
    ),
)


def _by_verbs(text: str) -> list[list[str]]:
    pieces: list[list[str]] = [[]]
    words = text.split()
    for at, word in enumerate(words):
        current = pieces[-1]
        said = [w.lower() for w in current]
        while len(said) > 1 and said[-1] in _BETWEEN_HELPER_AND_VERB:
            said.pop()
        last = said[-1] if said else ""
        body = list(current)
        while body and body[-1].lower() in ("and", "then", "&"):
            body.pop()  # "… and then fix the sail": no step ends in "and"
        joined = len(body) < len(current)
        if (
            word.lower().strip(".;:!?") in (STEP_VERBS if joined else STEP_VERBS - _NOUN_TOO)
            and len(body) >= 2
            and not (not joined and _verb_alone(body))
            and (joined or (last not in STEP_VERBS and last not in _VERB_CONTINUES))
            and (joined or not _compound_noun(words, at))
            and (joined or _GOING_TO.match(" ".join(body)) is None)
        ):
            pieces[-1] = body
            pieces.append([])
        pieces[-1].append(word)
    return pieces


# The words a greeting or a request calls someone by, in the Englishes people write in: "hi
# bro", "heita bot", "sasa boss,", "new plan bossu:", "put a new one down mate:", "chale". Said
# to drbot, they name nothing: no title, no step ("my boss", "a mate from work" are people
# named, never said after a greeting or the asking words). Only these, never "sis", "bhai" or
# "kuya", which as often name the person a plan is for ("kuya's birthday package").
ADDRESS_WORDS = frozenset("mate boss bossu bru bro chief fam chale guys bot drbot".split())
ADDRESS = rf"(?:{'|'.join(sorted(ADDRESS_WORDS))})"
# "New" for a plan in the words of other languages people mix in ("nuevo plan: …", "novo
# plano", "bagong plan po"): asking for a plan as "new plan" does
NEW_ELSEWHERE = frozenset(
    "nuevo nueva novo nova nouveau nouvelle neuer neue neues nuovo nuova bagong nuwe".split()
)
# Particles of politeness from other languages, said around a request and naming nothing
# ("New plan po:", "add it ji", "can lah", "sige naman"), "please" in their words ("abeg"),
# and the discourse particles said the same way ("new plan pala:", "plan din", "yaar")
POLITE_PARTICLES = frozenset(
    "po opo ho ji lah leh naman nga nalang lang porfa porfis porfavor bitte svp stp abeg "
    "pala din rin yaar "
    # Indonesian ("new plan dong:", "tolong ya", "bikin list deh") and Afrikaans ("asseblief")
    "dong deh sih nih yuk asseblief asb "
    # Vietnamese, said after the asking words as after a step ("thêm plan mới nha: Tết bonus …")
    "nha nhé nhe nhá nghen ạ "
    # Thai ("new plan na:", "add plan krub:")
    "na krub khrap kha".split()
)
# The politeness said between the words asking for a plan and the goal, set off by a comma or
# a colon: "Can you add a new plan please, quiz night …", "new plan dong: umrah …". It names
# nothing; the goal is what follows it.
POLITE_LEAD = re.compile(
    rf"^\s*(?:(?:please|pls|plz|kindly|{'|'.join(sorted(POLITE_PARTICLES))}|{ADDRESS})\s*)+"
    r"[,:：—–-]\s*(?=\S)",
    re.I,
)
POLITE_LEAD_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        " please, quiz night fundraiser. Write the questions",
        "quiz night fundraiser. Write the questions",
    ),
    (" dong: umrah 2027. cari travel", "umrah 2027. cari travel"),
    (" po - lola's 80th", "lola's 80th"),
    # the word drbot is called by: "new plan bossu: textbooks 📚 get the reading list"
    (" bossu: textbooks 📚 get the reading list", "textbooks 📚 get the reading list"),
    (" mate - sort the car MOT", "sort the car MOT"),
    (" nha: Tết bonus cho nhân viên", "Tết bonus cho nhân viên"),
    (" na: list the condo on booking.com", "list the condo on booking.com"),
    (" krub: buy new laptop", "buy new laptop"),
)
POLITE_LEAD_NEAR_MISSES: tuple[str, ...] = (
    " please book the hall, order the cake",  # "please" asking for a step: no lead of its own
    " for the garage: clear it",
    " pala's 60th: book the hall",
    " boss's leaving do: book the pub",  # a person named: the plan is for them
)
# "Make" or "do" for a plan in the words of other languages, said right after "plan" ("plan
# bana do:", "plan banao"): asking for a plan, naming none
MAKE_ELSEWHERE = frozenset("bana banao bnao banado karo kardo".split())
NEW_ELSEWHERE_PATTERN = "|".join(sorted(NEW_ELSEWHERE))


# Words shortened with a stop that the sentence runs on after: a title before a name
# ("consult with Dr. Kim", "St. Anne's", "Mrs. Patel") and the short words of writing ("e.g.
# the van", "approx. 40", "Mazzer vs. Eureka", "incl. VAT"). Their stop ends no sentence.
SHORTENED = frozenset(
    """
dr drs mr mrs ms mx prof st mt fr rev sgt capt gen col lt hon
e.g eg i.e ie vs approx incl excl esp cf ca min max dept appt est
""".split()
)
SHORTENED_EXAMPLES: tuple[str, ...] = (
    "consult with Dr. Kim, get the insurance pre-approval",
    "ask Mrs. Patel for the key, then lock up",
    "compare the Mazzer vs. the Eureka, order it",
    "buy snacks e.g. crisps, then pack the car",
)
SHORTENED_NEAR_MISSES: tuple[str, ...] = (
    "book the vet. Kim can drive",  # a word of its own, not shortened: the sentence ends
    "see the doc. Sam drives me",
)
# Words of asking in another language that name no plan: titles doubted alone
ASKING_ELSEWHERE_TITLES: tuple[str, ...] = (
    "Po",
    "Nuevo",
    "Bagong plan po",
    "Novo plano",
    "Pala",
    "Plan bana do",
)
# No stop after a shortened word: one fixed-width look back per word (regex needs that)
NOT_SHORTENED = "".join(
    rf"(?<!\b{re.escape(word)}\.)" for word in sorted(SHORTENED, key=len, reverse=True)
)
# A stop after a word of three or more letters ("St. Anne's" and "e.g." are no sentence end).
_SENTENCE_IN_ITEM = re.compile(
    r"(?<=[^\W\d_]{3})(?<!\bmrs)(?<!\betc)(?<!\bltd)(?<!\bapprox)[.!?]+"
    + NOT_SHORTENED
    + r"\s+(?=\w)",
    re.I,
)


# What makes a sentence after a list one more step: led by a word that adds or orders a step
# ("also lodge a copy", "oh and the gym membership", "Third, send it", "Last, find a flat"),
# by a step's verb, told as what I or someone does, a need or a will, a date, a question, or
# a list of its own ("Actions: Tom to book the hut; …")
_FILLER_LEAD = re.compile(r"^(?:(?:so|oh|ok|okay|right)[\s,]+)*", re.I)
_ADDS_A_STEP = re.compile(
    rf"^(?:and|then|also|plus|next|finally|lastly|last|first(?:ly)?|second(?:ly)?|third(?:ly)?|"
    rf"fourth(?:ly)?|fifth|step\s+\w+|{AFTER_THAT})\b",
    re.I,
)
_STILL_A_STEP = re.compile(
    r"\b(?:need|needs|have\s+to|has\s+to|got\s+to|gotta|must|should|will|'ll|can|going\s+to|"
    r"gonna|wanna|want\s+to|by|before|until|till|deadline|due|then|first)\b|\?|\d",
    re.I,
)


_CORRECTION = re.compile(
    r"\b(?:wait|actually|ignore|scratch|cross\s+out|never\s*mind|instead|not\s+the|no\s+need)\b",
    re.I,
)


def _another_step(sentence: str) -> bool:
    said = _FILLER_LEAD.sub("", sentence.strip())
    return (
        not said
        or _ADDS_A_STEP.match(said) is not None
        or re.search(r"[:;]", said) is not None
        # a correction of the list is the list's own ("oh wait ignore the tables", "no wait
        # not the band, order flowers"): the checks read it
        or _CORRECTION.search(said) is not None
        or any(_verb_first(piece.strip()) for piece in said.split(","))
        or someone_does(said)
        or ITEM_MARK.match(said) is not None
        or re.match(rf"(?:i|we)\s+(?:{'|'.join(sorted(STEP_VERBS))})\b", said, re.I) is not None
        or _STILL_A_STEP.search(said) is not None
    )


def closing_said(text: str) -> str:
    """``text``, a list said in one line, without the sentences after its last step that
    are no step ("… and after that choose our solemniser. Any help keeping track is
    appreciated, my head is melted", "… then paint the floor. Honestly no rush on this one"):
    a full stop ends the last step, and what follows it, when no sentence of it is led by a
    step's verb or says a need, a will, someone's doing, a date or a question, is said about
    the list. As it is otherwise."""
    for cut in _SENTENCE_IN_ITEM.finditer(text):
        head, tail = text[: cut.start()], text[cut.end() :]
        if head.strip() and not any(map(_another_step, _SENTENCE_IN_ITEM.split(tail))):
            return head
    return text


CLOSING_SAID_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "First book the appointment, then get our passports, and after that choose our "
        "solemniser. Any help keeping track is appreciated, my head is melted",
        "First book the appointment, then get our passports, and after that choose our solemniser",
    ),
    (
        "get new photos, fill in the form, post it off. Honestly my brain is fried this week",
        "get new photos, fill in the form, post it off",
    ),
    (
        "empty the shelves, then sell the bike. No rush on this one. Cheers x",
        "empty the shelves, then sell the bike",
    ),
)
CLOSING_SAID_NEAR_MISSES: tuple[str, ...] = (
    "book the vet, get the crate. Kim can drive",  # someone's doing: a step
    "order the cake, book the hall. Also buy wine",  # one more step
    "pack the kitchen, book the van. Deadline is the 30th",  # a date
    "call the bank, cancel the card. I ring the insurer after",  # told as what I do
    "FIND A JP, SIGN IT. ALSO LODGE A COPY WITH THE BANK",  # "also" adds a step
    "get the report, inventory the rooms. Last, find a flat",  # in order: a step
    "price it all, hire tables. oh wait ignore the tables",  # a correction of the list
)


# Steps counted aloud: "step 1", "step one"
_FIRST = r"(?:1|one)"
_SECOND = r"(?:2|two)"
_NUMBER = r"(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)"


_NAME_AFTER_AMPERSAND = re.compile(r"(?:co|sons?|partners|daughters)\b", re.I)


def ampersand_in_name(found: re.Match[str]) -> bool:
    """Whether the "&" found is part of a name ("Hollis & Co", "Marks & Spencer", "B & Q"),
    not an "and" between two things or two steps."""
    text, start, end = found.string, found.start(), found.end()
    before = (text[:start].split() or [""])[-1]
    after = (text[end:].split() or [""])[0]
    if _NAME_AFTER_AMPERSAND.match(after):
        return True
    shouted = len(before) > 1 and before.isupper() and len(after) > 1 and after.isupper()
    return before[:1].isupper() and after[:1].isupper() and not shouted


# Two bare verbs joined by "&", one doing written short: "pack & ship", "wash & dry"
# ("pack the boxes & ship them" and "pack and ship" are two steps)
_TWO_WORDS_ONE_DOING = re.compile(r"^\s*[^\W\d_]+\s+&\s+[^\W\d_]+\s*$")
_TAIL_AND = re.compile(r"\s+(?:and\s+then|and|then|&|\+|as\s+well\s+as)\s+")


def _split_and(text: str) -> list[str]:
    """``text`` split at each "and", "then", "&", "+", except the "&" of a name."""
    parts, start = [], 0
    for found in _TAIL_AND.finditer(text):
        if found[0].strip() == "&" and (
            ampersand_in_name(found) or _TWO_WORDS_ONE_DOING.match(text)
        ):
            continue
        parts.append(text[start : found.start()])
        start = found.end()
    return [*parts, text[start:]]


def _second_things_kept(text: str, parts: list[str]) -> list[str]:
    """ "transfer the power and gas over and tell the hospital": between two actions, words
    with no verb of their own (three words at most) joined by "and" are the first action's
    second thing ("gas"), never a step "Gas over". Only an "and" (or "&") joins them back."""
    if len(parts) < 3:
        return parts
    kept = [parts[0]]
    for at in range(1, len(parts)):
        part = parts[at]
        joined = re.search(
            rf"{re.escape(kept[-1].strip())}\s+(?:and|&)\s+{re.escape(part.strip())}", text, re.I
        )
        if (
            at < len(parts) - 1
            and joined is not None
            and part.strip()
            and not _verb_first(part.strip())
            and len(part.split()) <= 3
            # "label the desks": a word before a thing's determiner is a verb we do not list
            and not re.match(
                r"\S+\s+(?:the|a|an|my|our|your|his|her|their|some|it|them)\b", part.strip(), re.I
            )
            and len(kept[-1].split()) >= 2
            and _verb_first(parts[at + 1].strip())
        ):
            kept[-1] = joined[0]
            continue
        kept.append(part)
    return kept


# "n", "'n'", "an'" said for "and" in chat
_SPOKEN_AND = re.compile(r"\s+(?:n|'n'?|an')\s+", re.I)


# Names said with an "n" between two verbs ("Touch n Go", "Pick n Pay", "click n collect"; in
# x, z11, z19, z158, z161, z179, z194): one thing, never two actions
NAMED_WITH_N = re.compile(
    r"\b(?:touch\s+n\s+go|pick\s+n\s+(?:pay|mix)|click\s+n\s+collect|park\s+n\s+ride|"
    r"mix\s+n\s+match|drag\s+n\s+drop|cash\s+n\s+carry|grab\s+n\s+go|plug\s+n\s+play|"
    r"meet\s+n\s+greet)\b",
    re.I,
)
NAMED_WITH_N_EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    ("order touch n go ewallet pins online", ["order touch n go ewallet pins online"]),
    ("book click n collect at tesco", ["book click n collect at tesco"]),
)
NAMED_WITH_N_NEAR_MISSES: tuple[tuple[str, list[str]], ...] = (
    ("give keys back n chase my deposit", ["give keys back", "chase my deposit"]),
    # a going with words of its own after the verb: a step of its own
    ("go to the bank n pay the rent", ["go to the bank", "pay the rent"]),
    # (the going said after the other action: two steps)
    ("book the van n go round after", ["book the van", "go round after"]),
)
# A going or coming said before what it is for, with "n" as with "and" ("come and put it up",
# "go in and pay", ``_SERIAL``): one action said with two verbs, as "and" keeps it in the
# lettered set m ("come and put it up") and rounds z66–z71 ("go back and take pics"),
# z102–z107 ("go and meet the best two"), z222–z227 ("go in and pay"); with "n" in z198–z203
# ("go roon efter n check his work for leaks", read as two steps)
GOING_TO_DO_WITH_N_EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    ("go roon efter n check his work for leaks", ["go roon efter n check his work for leaks"]),
    ("pop in n pay the deposit", ["pop in n pay the deposit"]),
    ("come over n fix the tap", ["come over n fix the tap"]),
)


def _going_to_do(part: str) -> bool:
    """ "go roon efter", "pop in", "come over": a verb of going or coming and at most two short
    words after it (where or when, never a number or a "to" with a place)."""
    words = part.split()
    return (
        1 <= len(words) <= 3
        and words[0].lower() in _SERIAL - {"try", "run"}
        and not any(re.search(r"\d", word) or word.lower() == "to" for word in words[1:])
    )


def split_spoken_and(text: str) -> list[str]:
    """``text`` split at a spoken "n" ("give keys back n chase my deposit") only when an
    action's verb starts both sides: "fish n chips" and "rock n roll" are one thing, and so
    is a name said with one ("order touch n go ewallet pins", ``NAMED_WITH_N_EXAMPLES``)."""
    names = [(m.start(), m.end()) for m in NAMED_WITH_N.finditer(text)]
    parts, at = [], 0
    for cut in _SPOKEN_AND.finditer(text):
        if any(start <= cut.start() and cut.end() <= end for start, end in names):
            continue
        parts.append(text[at : cut.start()])
        at = cut.end()
    parts.append(text[at:])
    if len(parts) == 2 and _going_to_do(parts[0].strip()):
        return [text]  # "go roon efter n check his work": the going is for the checking
    if len(parts) > 1 and all(_verb_first(part.strip()) for part in parts):
        return parts
    return [text]


_THEN_VERB = re.compile(rf"\s+then\s+(?=(?:{'|'.join(sorted(STEP_VERBS))})\b)", re.I)
# A number said of the step before: "like 5 a week", "about 20 of them"
_HOW_MUCH = re.compile(
    r"^(?:like|about|around|roughly|approx(?:imately)?|maybe|say|at\s+least)\s+\d", re.I
)


# Two people asked or told one thing together: "ask Piotr and his brother to help carry the
# furniture", "tell mum and dad about the move", "text Sam and Jo for their address": the
# first a verb of asking and a name, the second a person, then what they are asked
_PEOPLE_ASKED = re.compile(
    r"^\s*(?:ask|tell|text|ring|call|phone|email|message|invite|remind|get)\s+"
    r"(?:[A-Z][\w'-]*|(?:my|our|his|her|their)\s+[\w'-]+|mum|dad|mom|nan|gran)\s*$",
    re.I,
)
_AND_WHO_FOR_WHAT = re.compile(
    r"^(?:(?:my|our|his|her|their|the)\s+)?(?!(?:to|a|an|the)\b)[\w'-]+\s+"
    r"(?:to|about|for|if|whether)\s+\S",
    re.I,
)


# A comma inside brackets belongs to the aside, not to the list: "clear out the garage (Derek's
# tools, heaven help me), and find a smaller place" has two steps, not three
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


BRACKETED_STEPS_EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    (
        "get three agents round, clear out the garage (Derek's tools, heaven help me), and "
        "find a smaller place",
        [
            "Get three agents round",
            "Clear out the garage (Derek's tools, heaven help me)",
            "Find a smaller place",
        ],
    ),
    (
        "book the hall, order food (curry, rice, naan), send invites",
        ["Book the hall", "Order food (curry, rice, naan)", "Send invites"],
    ),
    (
        "pack the car [tent, stove, mats], fill up, leave by 9",
        ["Pack the car [tent, stove, mats]", "Fill up", "Leave by 9"],
    ),
)
# (commas outside brackets split as ever, and a bracket never left open swallows nothing)
BRACKETED_STEPS_NEAR_MISSES: tuple[tuple[str, list[str]], ...] = (
    (
        "book the hall (the big one), order food, send invites",
        ["Book the hall (the big one)", "Order food", "Send invites"],
    ),
    (
        "order food (curry, send invites, book the hall",
        ["Order food (curry", "Send invites", "Book the hall"],
    ),
)


def commas_outside_brackets(text: str) -> list[str]:
    """``text`` split at its commas, none of them inside a pair of brackets."""
    hidden = _BRACKETED.sub(lambda found: found[0].replace(",", "\x00"), text)
    return [part.replace("\x00", ",") for part in re.split(r"\s*,\s*", hidden)]


def split_steps(text: str) -> list[str]:
    text = text.strip()
    if "\n" in text:
        items = text.splitlines()
    elif re.search(r"(?:^|\s)1[.)]\s", text):  # "1. a 2. b 3. c"
        items = re.split(r"(?:^|\s+)\d{1,2}[.)]\s+", text)
    elif ";" in text:
        items = text.split(";")
    elif re.search(rf"\bstep\s*{_FIRST}\b", text, re.I) and re.search(
        rf"\bstep\s*{_SECOND}\b", text, re.I
    ):
        # "step 1 pick a name step 2 buy two mics step 3 record a pilot", "step one call
        # auntie about the dates step two find a house"
        items = re.split(rf"\s*\bstep\s*{_NUMBER}\b\s*[:.)-]?\s*", text, flags=re.I)
    elif len(re.findall(r"\s\+\s", text)) >= 2:
        items = re.split(r"\s+\+\s+", text)  # "update linkedin + rewrite my cv + apply"
    elif len(_ARROW.findall(text)) >= 2:
        items = _ARROW.split(text)  # "give notice -> find a flat -> book a van"
    elif text.count("—") >= 2:
        items = text.split("—")  # "get an EPC done — smoke alarms — photos — then list it"
    elif "," not in text and (text.count("/") >= 2 or " / " in text):
        items = text.split("/")  # "invites/cake/bouncy castle/party bags"
    elif "," not in text and (run_on_steps := run_on(text)) is not None:
        items = run_on_steps
    elif "," not in text and len(re.findall(r"\bthen\b", text, re.I)) >= 2:
        # "dig the bed then buy seeds and then plant": a chain of "then"s splits at each
        items = re.split(r"\s+(?:and\s+)?(?:then|finally|lastly)\s+", text, flags=re.I)
    elif (
        "," not in text
        and re.search(r"\band\s+then\b", text, re.I)
        and _each_two_words(re.split(r"\s+(?:and\s+then|and)\s+", text, flags=re.I))
    ):
        # "pick a colour and buy the paint and then move the furniture out and do two
        # coats": every "and" joins whole actions ("wash and wax it" does not)
        items = re.split(r"\s+(?:and\s+then|and)\s+", text, flags=re.I)
    elif "," not in text and re.search(r"\band\s+then\b", text, re.I):
        # "wash and wax it and then fix the awning": a chain splits only at "and then"
        items = re.split(r"\s+and\s+then\s+", text, flags=re.I)
    else:  # "a, b and c": commas, and an "and"/"then" in the last item
        items = [
            part
            # "…, sort the funding and then pack up her stuff, …": "and then" splits anywhere
            for item in commas_outside_brackets(text)
            # "figure out the seating plan. also buy wine": a sentence ends a step too
            for sentence in _SENTENCE_IN_ITEM.split(item)
            for part in re.split(r"\s+and\s+(?:then|also)\s+", sentence, flags=re.I)
            # "fix up my cv then make a list …, …": "then" before a step's verb splits too
            for part in _THEN_VERB.split(part)
            if part.strip().lower() not in ("and", "&")  # ", and then buy …"
        ]
        # "start applying, like 5 a week": how much of it is no step of its own
        for at in range(len(items) - 1, 0, -1):
            if _HOW_MUCH.match(items[at].strip()):
                items[at - 1] = f"{items[at - 1].rstrip()}, {items.pop(at).strip()}"
        # ", and then book it": the last item's own "and then" is no step of its own
        last = re.sub(r"^(?:and\s+then|then|and)\s+", "", items.pop(), flags=re.I)
        tail = _second_things_kept(last, _split_and(last))
        if len(tail) == 1:
            # "…, give keys back n chase my deposit": "n" said for "and", between two actions
            tail = split_spoken_and(last)
        if len(tail) == 2 and (
            (
                len(tail[1].split()) == 1
                and re.search(r"\b(?:me|us|him|her|them|you)$", tail[0], re.I)
            )
            # "split what's left between me and my two brothers": "between" takes both
            or (
                re.search(r"\bbetween\s+(?:[\w'-]+\s+){0,2}[\w'-]+$", tail[0], re.I)
                and not _verb_first(tail[1])
            )
        ):
            tail = [last]  # "…, book flights for me and amma": one step, not "Amma"
        elif (
            len(tail) == 2
            and re.search(r"\s+(?:and|&|\+)\s+", last)
            and _verb_first(tail[0])
            and not _verb_first(tail[1])
            and len(tail[1].split()) <= 3
            and re.match(r"(?:an?|the|some|new|my|her|his|their|our)\b", tail[1], re.I)
        ):
            tail = [last]  # "…, and then buy a crate and a lead": one thing bought
        elif len(tail) == 2 and _PEOPLE_ASKED.match(tail[0]) and _AND_WHO_FOR_WHAT.match(tail[1]):
            tail = [last]  # "ask Piotr and his brother to help carry": two asked at once
        elif len(tail) == 2 and _acts_on_what_it_finds(tail[1]):
            tail = [last]  # "…, then go through the dairy and bin whatever's turned": one step
        elif len(tail) == 2 and _one_more_thing(tail):
            tail = [last]  # "…, plant the thyme and rosemary": two things planted, one step
        elif len(tail) == 2 and same_thing_again(tail):
            tail = [last]  # "…, count it and bank it": one thing done twice over, one step
        items += tail
    steps = []
    for item in items:
        item = re.sub(rf"^\s*(?:and\s+)?{_ONCE_DONE}[\s,]+", "", item, flags=re.I)
        item = re.sub(
            r"^\s*(?:\d{1,2}[.)]|[-*•—]|and\s+then|and|then|also|plus|secondly|thirdly|fourthly|"
            # "First I need to find a carb, after that rebuild it, finally …": words that only
            # order the steps
            r"first(?:ly)?(?:,?\s+(?:i|we)\s+(?:need|have|got)\s+to|\s+(?:thing|job|step)"
            # "first thing is getting it painted", "first up, …"
            r"(?:\s+to\s+do)?\s+(?:is|will\s+be)|\s+up|\s+off)?|" + AFTER_THAT + "|"
            r"finally|lastly|(?:and\s+)?" + LAST + r"|"
            r"(?:i\s+|we\s+)?(?:gotta|"
            r"need\s+to|have\s+to))\s+",
            "",
            item,
            flags=re.I,
        )
        item = item.strip(" \t.,;\"'")
        if re.search(r"[^\W_]", item):  # ("→ 1) sign up 2) …": an arrow alone is no step)
            steps.append(cap(item))
    return steps


# A remark among the steps, no step of its own: "they never answer the phone so thatll be fun"
_REMARK_STEP = re.compile(
    r"^(?:they|she|he|it|that|this|which|thatll|that'll|they'?re|she'?s|he'?s|it'?s|its)\s+"
    r"(?!needs?\b)\w+|"
    # when it is all due, said after the steps: "deadline is like mid dec i think", "the
    # closing date's the 12th", "cut off is friday"
    r"^(?:the\s+)?(?:deadline|due\s+date|closing\s+date|cut\s*-?\s*off(?:\s+date)?)"
    r"(?:'s|\s+(?:is|was|will\s+be))\s+\S",
    re.I,
)
# Someone else's step, told in a sequence of who does what: "they do TB test in Manila", "she
# will do the visa interview in Lagos", "he'll book the taxi"; never a remark on them ("they
# never answer", "they pay you back in 6 weeks", "he does nothing all day")
_SOMEONE_DOES = re.compile(
    r"^(?:they|she|he)(?:'ll|\s+will)?\s+"
    # their coming said before what they do: "then they come do a home check", "he'll come
    # round to fit the boiler", "she goes to collect it"
    r"(?:(?:come|comes|go|goes|pop|pops)(?:\s+(?:round|over|out|in|back))?(?:\s+(?:and|to))?\s+)?(?:"
    + "|".join(sorted(STEP_VERBS))
    + r")(?:e?s)?\s+(?!(?:you|me|us|it|them|nothing|anything|everything|that|this|back)\b)\w",
    re.I,
)


def someone_does(step: str) -> bool:
    """Whether ``step`` is someone else's step to do, told as what they do."""
    return _SOMEONE_DOES.match(step.strip()) is not None


# What a step's words say about it after the step itself: "… with her which will take forever
# because she keeps saying she's fine"
_ASIDE_AFTER = re.compile(
    r"\s+(?:which|because|cos|coz)\s+(?:will|is|it|she|he|they|takes?|always|never|might)\b.*$",
    re.I,
)
# "… and get the post redirected", "… and one in the club newsletter as well"
_AND_ACTION = re.compile(r"\s+and\s+(?=(?P<verb>[a-z]+)\s+\S)", re.I)
# The same after a comma: inside one made step, a comma before a step's verb is where the
# reading failed to split (the check of a made plan only; the splitter keeps to "and")
_COMMA_ACTION = re.compile(r",\s+(?=(?P<verb>[a-z]+)\s+\S)", re.I)
_AND_ONE_MORE = re.compile(
    r"^(?P<verb>[a-z]+)\s+(?P<thing>(?:an?|the|some)\s+\w+)\s+(?P<where>(?:on|in|at|to|from)\s+.+?)"
    r"\s+and\s+(?:another|one)(?:\s+one)?\s+(?P<other>(?:on|in|at|to|from)\s+.+?)"
    r"(?:\s+(?:as\s+well|too))?$",
    re.I,
)


# "also I have to find the papers", "… sign the trip form thx": words around a step, not in it
_STEP_FILLER = re.compile(
    r"^(?:(?:also|and|plus)\s+)?(?:i|we)\s+(?:also\s+)?(?:have\s+to|need\s+to|gotta|must)\s+|"
    # the same need or intent said with no one named, and a "then" left at a line's head:
    # "need to compare the two", "gonna ask 2 roasters", "then planning permission"
    r"^(?:(?:also|and|plus|then)\s+)?(?:need\s+to|have\s+to|gotta|gonna|got\s+to)\s+(?=\S+\s+\S)|"
    r"^(?:and\s+)?then\s+(?=\S+\s+\S)|"
    # "what I need to do is pay the fee": the list's words left on its first step
    r"^do\s+is\s+(?=\S+\s+\S)|"
    r"\s+(?:thx|ty|thanks|cheers|pls|please)$",
    re.I,
)
# The words that only order a step at its head, and who does it after them: "First I'll make
# a FB page", "Last is prepare the diagnostic tests", "and then she mails everything to me",
# "after that we book the surgery". A step said in its order is a step, never a remark.
# (the order word is set off by a mark, or who does it or its verb follows: "First aid kit",
# "Next door's fence" and "Last minute gifts" are things)
_ORDER_HEAD = re.compile(
    rf"^(?:and\s+)?(?:first(?:ly)?|then|next|{AFTER_THAT}|finally|last(?:ly)?|"
    r"last\s+but\s+not\s+least)(?:\s*[,:]\s*|\s+is\s+|\s+(?=(?:i|we)\b)|"
    rf"\s+(?=(?:{'|'.join(sorted(STEP_VERBS))})\s))(?:(?:i|we)(?:'ll|\s+will|\s+need\s+to|"
    r"\s+have\s+to|\s+must)?\s+)?(?=\S+\s+\S)",
    re.I,
)

# The same words in the languages people mix in, at a step's head: Hindi and Urdu "pehle",
# "phir", "uske baad", "aur" ("Phir Gilgit ki flights", rounds z24–z29, z78–z83, z102–z107,
# z174–z179), Nepali "pahile", "tespachi", "ani" (z192–z197), Tagalog "tapos" (z138–z143,
# z156–z161), Swahili "kwanza", "halafu", "kisha" (z138–z143), Afrikaans "eerste", "daarna"
# (z144–z149), Spanish and Portuguese "primero", "primeiro", "después", "luego", "depois",
# "dps" (z144–z149, z174–z179). They order the step and name nothing. ("dan" and "una" are a
# name and Spanish "a" as often: left.) The words of one word are no thing a goal names either
# (plan_titles leaves them out of a goal's words).
ORDER_WORDS_ELSEWHERE = frozenset(
    """pehle pahile pahila phir fir tespachi tyespachi ani tapos kwanza halafu kisha eerste
    daarna primero primeiro después despues luego depois dps""".split()
)
_ORDER_HEAD_ELSEWHERE = re.compile(
    # (the words of two first: "ani pachi" is one order word, not "ani" before a step "pachi …")
    r"^(?:uske\s+baad|us\s+ke\s+baad|ani\s+pachi|aur|"
    + "|".join(sorted(ORDER_WORDS_ELSEWHERE))
    + r")\s+(?=\S+\s+\S)",
    re.I,
)
ORDER_ELSEWHERE_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Pahile photo khichne", "Photo khichne"),
    ("Tespachi metrash ma fee tirne", "Metrash ma fee tirne"),
    ("Phir Gilgit ki flights", "Gilgit ki flights"),
    ("Tapos register sa AHPRA", "Register sa AHPRA"),
    ("Primeiro pagar a taxa no detran", "Pagar a taxa no detran"),
)
ORDER_ELSEWHERE_NEAR_MISSES: tuple[str, ...] = (
    "Dan says he'll do the blinds",  # a name
    "Una cita con el médico",  # Spanish "a"
    "Phir",  # nothing after it
    "Aurora's birthday cake",
)


# A step asked as a question, "should I get three quotes first?", "do we need to book the
# vet?": the frame of the question, then a step's verb; the step is what is asked about
_ASKED_STEP = re.compile(
    r"^(?:should|shall|do|must|can|could)\s+(?:i|we)\s+(?:(?:really|also|still)\s+)?"
    r"(?:(?:need|have|want)\s+to\s+)?(?=(?P<verb>[a-z]+)\s+\S)",
    re.I,
)
# "… first?", "… before that?": words that only order the step asked about
_ASKED_ORDER = re.compile(r"\s+(?:first|before\s+that|beforehand|too|as\s+well)?\s*\?*$", re.I)


def as_asked(step: str) -> str:
    """A step asked as a question ("Should I get three quotes first?") as the step itself
    ("Get three quotes"); any other step as it is."""
    asked = _ASKED_STEP.match(step)
    if asked is None or asked["verb"].lower() not in STEP_VERBS:
        return step
    return cap(_ASKED_ORDER.sub("", step[asked.end() :]).strip(" ,?"))


_NA_AND = re.compile(rf"(?<=[^\W\d_]{{3}})\s+na\s+(?=(?:{'|'.join(sorted(STEP_VERBS))})\s)", re.I)
# The "and" of another language between two actions said in that language's own verb form:
# Nepali "ani" between two clauses each ending in a verb in -ne ("rego check garne ani cash
# tirne", round z192–z197), Portuguese and Spanish "e" / "y" between two that each open with
# an infinitive ("postar no insta e montar a arara na porta", round z174–z179; "alquilar la
# tensora de Mario y tensar con la máquina", new steps of a replan, z168–z173). Our verb list
# knows none of those verbs; their form says they are actions. A Spanish infinitive keeps
# that form with its pronoun joined on ("ponerle", "llevarla", "comprarlo": rounds z156–z161,
# z168–z173, z204–z215, z222–z233): "surtir de refresco y cerveza y ponerle el letrero" is
# two steps, cut at the "y" before the verb, never at the one between two things.
_INFINITIVE_ELSEWHERE = r"[^\W\d_]{2,}(?:ar|er|ir)(?:l[aeo]s?|me|se)?"
_OTHER_AND = re.compile(
    r"^(?P<one>.*\S\s+[^\W\d_]+ne)\s+ani\s+(?P<two>\S.*\s[^\W\d_]+ne)$|"
    # (French "et" likewise: "louer la salle et inviter les tantes", z255)
    rf"^(?P<one_>{_INFINITIVE_ELSEWHERE}\s+\S.*?)\s+(?:[ey]|et)\s+"
    rf"(?P<two_>{_INFINITIVE_ELSEWHERE}\s+\S.*)$",
    re.I,
)


def _other_and(step: str) -> list[str]:
    """``step`` cut at the "and" of another language between two actions (``_OTHER_AND``)."""
    found = _OTHER_AND.match(step.strip())
    if found is None:
        return [step]
    return [found["one"] or found["one_"], found["two"] or found["two_"]]


OTHER_AND_CUT = _other_and  # (the prose reader's, for a list whose last item it cuts)
INFINITIVE_ELSEWHERE = re.compile(rf"{_INFINITIVE_ELSEWHERE}\s+\S", re.I)


OTHER_AND_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Rego check garne ani cash tirne", ("Rego check garne", "Cash tirne")),
    ("Postar no insta e montar a arara na porta", ("Postar no insta", "Montar a arara na porta")),
    ("Llamar al banco y pedir la tarjeta", ("Llamar al banco", "Pedir la tarjeta")),
    (
        "Surtir de refresco y cerveza y ponerle el letrero",
        ("Surtir de refresco y cerveza", "Ponerle el letrero"),
    ),
    ("Pedirle la visa y comprarle el pasaje", ("Pedirle la visa", "Comprarle el pasaje")),
    ("Louer la salle et inviter les tantes", ("Louer la salle", "Inviter les tantes")),
)
OTHER_AND_NEAR_MISSES: tuple[str, ...] = (
    "Dal ani bhat khane",  # things joined, one action
    "Comprar pão e leite",  # things joined after one infinitive
    "Llevarlo a alinear y balancear",  # a last infinitive with nothing after it: one errand
    "Comprar la carne y las tortillas",  # things joined after one infinitive
    "Acheter du pain et du lait",  # things joined after one infinitive
    "Comprar lápices y cuadernos nuevos",  # "-nos" of a noun, never a pronoun here
    "Order the cake e send the invites",  # English verbs: our own readings split them
)


def counted_aloud(text: str, steps: list[str]) -> bool:
    """Whether each of three or more ``steps`` follows its own "step N" in ``text``, counted
    from one with none after the last ("… step one sell the old bike step two borrow the money
    step three go to the shop and buy the new one"): the person cut the list, so a step is
    never cut again at its "and"."""
    if len(steps) < 3:
        return False
    said = text.lower()

    def at(n: int, after: str) -> bool:
        word = _NUMBER_WORDS[n - 1] if n <= len(_NUMBER_WORDS) else str(n)
        return re.search(rf"\bstep\s*(?:{n}|{word})\b[\s.):,-]*{after}", said) is not None

    for n, step in enumerate(steps, 1):
        first = step.split()[:1]
        if not first or not at(n, re.escape(first[0].lower())):
            return False
    return len(steps) >= len(_NUMBER_WORDS) or not at(len(steps) + 1, "")


COUNTED_ALOUD_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "plan for a new van step one sell the old one step two borrow from Dad step three go "
        "to the dealer and buy it",
        ("Sell the old one", "Borrow from Dad", "Go to the dealer and buy it"),
    ),
    (
        "Step 1 pick a name, step 2 buy mics, step 3 record and edit",
        ("Pick a name", "Buy mics", "Record and edit"),
    ),
)
COUNTED_ALOUD_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # two steps only, or a step the count skips
    (
        "step one sell it and buy a new one step two ring Dad",
        ("Sell it and buy a new one", "Ring Dad"),
    ),
    (
        "step one sell it step two ring Dad, then go to the shop and buy it",
        ("Sell it", "Ring Dad", "Go to the shop and buy it"),
    ),
)


def one_action_each(steps: list[str]) -> list[str]:
    """Steps as one action each: a second action joined by "and" after a step of three or
    more words is a step of its own ("switch the electricity over and get the post
    redirected"), "put an ad on gumtree and one in the newsletter" is two ads, a remark
    ("they never answer the phone") is no step, and words about a step after it ("which will
    take forever") are no part of it."""
    out: list[str] = []
    # "permit from county na hire 2 guys": "na" is "and" (Swahili, Pidgin) before a step's verb
    steps = [cap(part) for step in steps for part in _NA_AND.split(step) if part.strip()]
    steps = [cap(part) for step in steps for part in _other_and(step)]
    for step in steps:
        step = as_asked(step)
        step = _ASIDE_AFTER.sub("", step).strip(" ,.")
        ordered = _ORDER_HEAD.match(step) or _ORDER_HEAD_ELSEWHERE.match(step)
        if ordered is not None:
            step = cap(step[ordered.end() :])
        step = cap(_STEP_FILLER.sub("", step).strip(" ,.")) or step
        # "She wants me to buy an inspiratory muscle trainer": what someone asks of the person
        # is the step, never a remark on them
        step = cap(_ASKED_OF_ME.sub("", step)) or step
        if (
            _REMARK_STEP.match(step)
            and not someone_does(step)
            and len(steps) > 2
            and ordered is None
        ):
            continue
        if (more := _AND_ONE_MORE.match(step)) is not None:
            out += [
                cap(f"{more['verb']} {more['thing']} {more['where']}"),
                cap(f"{more['verb']} {more['thing']} {more['other']}"),
            ]
            continue
        where = re.match(r"(?:on|in|at|to|from|via|through)\s+\S", step, re.I)
        head = (
            re.match(r"^(?P<head>.+?)\s+(?:on|in|at|to|from|via|through)\s+\S", out[-1])
            if out
            else None
        )
        if where is not None and head is not None and _verb_first(head["head"]):
            # "put it on marketplace and in the local paper": the same doing, somewhere else
            out.append(cap(f"{head['head']} {step[0].lower()}{step[1:]}"))
            continue
        parts: list[str] = []
        rest = step
        contingent = _AND_IF.search(rest)
        if contingent is not None and len(rest[: contingent.start()].split()) >= 3:
            # "write him a letter and if he ignores it file a complaint": what to do if the
            # first does not work is a step of its own
            parts.append(rest[: contingent.start()])
            rest = rest[contingent.end() :]
        also = _ALSO_ACTION.search(rest)
        if (
            also is not None
            and also["verb"].lower() in STEP_VERBS
            and len(rest[: also.start()].split()) >= 2
        ):
            # "set up the account, also need to order the card readers": a second thing to
            # do, said as something more that is needed
            parts.append(rest[: also.start()])
            rest = rest[also.end() :]
        while (joined := _next_action(rest)) is not None:
            parts.append(rest[: joined.start()])
            rest = rest[joined.end() :]
        out += [cap(part) for part in [*parts, rest] if part.strip()]
    return out


# Someone asking the person to do the step: "she wants me to", "the GP told me to", "Mum has
# asked us to" (who asks, then the person, then "to" and a verb)
_ASKED_OF_ME = re.compile(
    r"^(?:she|he|they|(?:my|our|the|his|her)\s+[\w'-]+|[A-Z][\w'-]+)\s+(?:(?:really|also|now)\s+)?"
    r"(?:wants|wanted|needs|needed|asked|told|has\s+asked|have\s+asked|would\s+like|'d\s+like)\s+"
    r"(?:me|us)\s+to\s+(?=[a-z])",
    re.I,
)


# ", also need to order the card readers", ", also gotta ring the bank": one more step
_ALSO_ACTION = re.compile(
    r"\s*[,;]\s*(?:and\s+)?also\s+(?:(?:i\s+|we\s+)?(?:need|have|got|gotta|must|should)\s+"
    r"(?:to\s+)?)?(?=(?P<verb>[a-z]+)\s+\S)",
    re.I,
)


# "come and put it up", "go and get the keys": one action said with two verbs
_SERIAL = frozenset("come go try pop nip run hop head".split())


# "… and if he ignores it file a complaint", "… and if they say no, appeal": a step for if the
# one before does not work, its verb after the condition
_IF_VERBS = "|".join(
    sorted(STEP_VERBS | {"appeal", "complain", "file", "report", "escalate", "claim"})
)
_AND_IF = re.compile(
    rf"\s+and\s+(?=(?:if|when|once)\s+[\w']+(?:\s+[\w']+){{0,5}}?,?\s+(?:{_IF_VERBS})\b)", re.I
)


# The thing already named, taken up again: "take it round and put it away", "fill the form in
# and send it back", "pick them up and drop them off": one thing handled, one step.
_SAME_THING = frozenset("it them this that these those everything".split())
# What the first action turns up, acted on by the second: "go through the dairy and bin
# whatever's turned", "test the alarms and replace any that fail", "sort the wardrobe and
# donate whatever doesn't fit" — the same things, one step.
_WHAT_IT_FINDS = re.compile(
    r"(?:whatever|whichever|anything|what)(?:'s|’s)?|any(?=\s+(?:that|which|of\s+them)\b)", re.I
)


# What a verb said with its particle is done to: "stock up on chai", "top up with oil"
# ("the rod and line out the back" is two things)
_PHRASAL_THING = frozenset("on with for at".split())


def _phrasal(after: list[str]) -> bool:
    """ "… and stock up on chai", "… and top up the meter": a verb and its particle, then what
    it is done to, is an action whatever the verb ("blankets and stock" is no list of things
    once "up on" follows)."""
    return (
        len(after) >= 3
        and after[1].lower() in {"up", "out", "off"}
        and after[2].lower() in _PHRASAL_THING
    )


# The last item's two actions on the same "it", each a verb and "it" ("count it and bank
# it", "mix it and leave it 2 weeks"): the thing already named, handled twice over, one step
# as an item in the middle of the list is (``_SAME_THING``). Rounds z198–z203 ("…, mix it and
# leave it 2 weeks, bottle it": one step) and z222–z227 ("…, special collection on sunday,
# count it and bank it": three steps meant, read as four). Only "it": "call them and ask
# them" may be two people's steps; a new thing after the second verb is a step of its own.
_VERB_IT = re.compile(r"[^\W\d_]+\s+it(?:\s+(?:up|out|in|off|down|over|back|round|away))?", re.I)
_VERB_IT_THEN = re.compile(
    r"[^\W\d_]+\s+it(?:\s+(?:up|out|in|off|down|over|back|round|away))?(?:\s+\S.*)?$", re.I
)
SAME_THING_AGAIN_EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    (
        "bake sale: flyers for every class, tables in the hall, count it and bank it",
        ["Flyers for every class", "Tables in the hall", "Count it and bank it"],
    ),
    (
        "old sofa: measure the doorway, clean it and photograph it",
        ["Measure the doorway", "Clean it and photograph it"],
    ),
)
SAME_THING_AGAIN_NEAR_MISSES: tuple[tuple[str, list[str]], ...] = (
    # a new thing after the second verb: a step of its own
    (
        "bake sale: flyers for every class, count it and book the hall",
        ["Flyers for every class", "Count it", "Book the hall"],
    ),
    # "them": two steps, as before
    (
        "party: book the hall, call them and ask them",
        ["Book the hall", "Call them", "Ask them"],
    ),
)


def same_thing_again(tail: list[str]) -> bool:
    """Whether the last item's two parts are each a verb and "it" (``_VERB_IT``): one thing
    handled twice over, one step."""
    first, second = (part.strip(" ,.") for part in tail)
    return _VERB_IT.fullmatch(first) is not None and _VERB_IT_THEN.match(second) is not None


# The last item's one action on two things ("plant the thyme and rosemary"): one step, not a
# step "Rosemary"
ONE_STEP_AT_THE_END_EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    (
        "get stones, build the spiral, plant the thyme and rosemary",
        ["Get stones", "Build the spiral", "Plant the thyme and rosemary"],
    ),
    ("book the hall, buy the paint and brushes", ["Book the hall", "Buy the paint and brushes"]),
    # who or what both things are for, after the second
    (
        "ask the faletua to organise the ladies, then buy the chickens and taro for them",
        ["Ask the faletua to organise the ladies", "Buy the chickens and taro for them"],
    ),
    # an action on a bare thing, then a thing of one or two words (rounds z204–z209, z180–z185)
    (
        "talk to the market master, get the food licence, buy tawa and gas cooker",
        ["Talk to the market master", "Get the food licence", "Buy tawa and gas cooker"],
    ),
    (
        "book the restaurant, order cake, invite khala and family",
        ["Book the restaurant", "Order cake", "Invite khala and family"],
    ),
)
# (a second action on a new thing, a name, or a word that is an action alone; two verbs on
# one "it" — "pick it up and fuel it up" — are one step at a list's end, ``same_thing_again``:
# the held-out replan that says them as two, z20, is read by the swap reader and stays so)
ONE_STEP_AT_THE_END_NEAR_MISSES: tuple[tuple[str, list[str]], ...] = (
    (
        "book the hall, pick it up and fuel the van",
        ["Book the hall", "Pick it up", "Fuel the van"],
    ),
    (
        "book the hall, paint it and hang the lights",
        ["Book the hall", "Paint it", "Hang the lights"],
    ),
    ("book the hall, order the food and relax", ["Book the hall", "Order the food", "Relax"]),
    ("pack boxes, hire a van and drive", ["Pack boxes", "Hire a van", "Drive"]),
    ("book the hall, order the food and Tom", ["Book the hall", "Order the food", "Tom"]),
    # after a bare thing, a second deed (a step's verb) or an action alone is a step
    ("book the van, pack boxes and clean up", ["Book the van", "Pack boxes", "Clean up"]),
    ("book the hall, order food and dance", ["Book the hall", "Order food", "Dance"]),
    (
        "book the hall, buy the tickets and pack for the trip",
        ["Book the hall", "Buy the tickets", "Pack for the trip"],
    ),
)


# Words said alone after "and" at a list's end that are an action, not a second thing:
# "book the flights and relax", "…, hire a van and drive", "…, pay the hall and celebrate"
_ACTION_ALONE = frozenset(
    """relax enjoy celebrate rest chill pray wait hope repeat go leave sleep party see done
    finish start begin move drive fly travel walk run swim cook shop vote retire study train
    practise practice rehearse exercise stretch unpack settle return arrive depart eat drink
    dance sing play relocate commute queue volunteer""".split()
)


def _one_more_thing(parts: list[str]) -> bool:
    """ "plant the thyme and rosemary", "buy the paint and brushes": after an action on a
    thing, one bare word with no verb is a second thing of the same action, never a step of
    its own ("Rosemary"). Who or what both are for may follow it ("buy the chickens and taro
    for them"): the "for" takes both things."""
    first, second = parts[0].split(), parts[1].strip(" .,!").split()
    if 3 <= len(second) <= 5 and second[1].lower() == "for":
        second = second[:1]
    return (
        len(second) == 1
        and second[0].isalpha()
        and second[0].islower()
        and second[0] not in _ACTION_ALONE
        and not _verb_first(parts[1])
        and 3 <= len(first) <= 5
        and _verb_first(parts[0])
        and first[1].lower() in ("the", "some", "my", "our", "a", "an", "new", "fresh")
    ) or _bare_thing_after(first, second, parts)


def _bare_thing_after(first: list[str], second: list[str], parts: list[str]) -> bool:
    """ "invite khala and family", "buy tawa and gas cooker" (round z204–z209; "get the snags
    and bread", round z186–z191, above): an action on a bare thing, then one or two words
    that name a thing and no deed: the action's second thing, never a step of its own."""
    return (
        len(first) == 2
        and 1 <= len(second) <= 2
        and all(word.isalpha() and word.islower() for word in second)
        and not any(word in STEP_VERBS or word in _ACTION_ALONE for word in second)
        and not _verb_first(parts[1])
        and first[0].lower() in STEP_VERBS
        and first[1].isalpha()
        and first[1].lower() not in STEP_VERBS
        and first[1].lower() not in ("it", "them", "him", "her", "me", "us", "up", "out")
    )


def _acts_on_what_it_finds(second: str) -> bool:
    """ "bin whatever's turned", "replace any that fail": a second action on what the first
    one turns up (its thing a free relative), so both are one step."""
    words = second.split()
    return len(words) >= 2 and (
        _WHAT_IT_FINDS.fullmatch(words[1].strip(".,")) is not None
        or (words[1].lower() == "any" and _WHAT_IT_FINDS.match(" ".join(words[1:3])) is not None)
    )


def _next_action(step: str, joins: re.Pattern[str] = _AND_ACTION) -> re.Match | None:
    for joined in joins.finditer(step):
        before = step[: joined.start()].split()
        after = step[joined.end() :].split()
        verb = joined["verb"].lower()
        if (
            (verb in STEP_VERBS - _NOUN_TOO or _phrasal(after))
            and len(before) >= 3
            and before[-1].lower() not in _VERB_CONTINUES | _SERIAL
            and len(after) >= 2
            and after[1].lower().strip(".,") not in _SAME_THING
            and not _acts_on_what_it_finds(" ".join(after))
        ):
            return joined
    return None


def _verb_first(text: str) -> bool:
    return text.split()[0].lower() in STEP_VERBS if text.split() else False


def _each_two_words(items: list[str]) -> bool:
    return len(items) >= 3 and all(len(item.split()) >= 2 for item in items)


def clean_title(text: str) -> str:
    if re.fullmatch(rf"\s*(?:{GOAL})?\s*[:.—-]?\s*", text, re.I):
        return ""  # "I need to: 1) …": a goal word, no goal
    # "To do for the move: …", "things to do before the baby comes: …"
    text = re.sub(
        r"^(?:(?:my|the|our)\s+)?(?:to\s*-?\s*do(?:\s+list)?|things\s+to\s+do|jobs)\s+(?:for|before)\s+",
        "",
        text.strip(),
        flags=re.I,
    )
    # "another thing I need to organise is the trip to Bali", "the shed needs doing"
    text = re.sub(
        r"^(?:(?:an)?other|one\s+more|the\s+next|next)\s+(?:thing|job|project)\s+(?:(?:i|we)\s+)?(?:need|have|"
        r"want|got)\s+to\s+(?:organi[sz]e|sort(?:\s+out)?|do|plan|get\s+done)\s+(?:is\s+)?",
        "",
        text,
        flags=re.I,
    )
    text = re.sub(
        r"\s+(?:needs?|wants?)\s+(?:doing|sorting(?:\s+out)?|fixing|done|sorted|seeing\s+to)$",
        "",
        text.strip(),
        flags=re.I,
    )
    text = re.sub(r"^(?:to|for|about|called|named|titled)\s+", "", text.strip(), flags=re.I)
    # "need to renew passport: …" is the plan "Renew passport".
    text = re.sub(r"^(?:i\s+)?(?:really\s+)?(?:need|have|want|got)\s+to\s+", "", text, flags=re.I)
    text = re.sub(r"\s+(?:please|pls|asap)$", "", text.strip(" \t.,;:—-!?\"'"), flags=re.I)
    # "a plan for the nativity as well", "also the garage", "the MOT too": the words that add
    # this plan to others are no part of its name (nor is a particle of politeness: "po")
    words = text.split()
    if len(words) > 2:
        text = re.sub(
            rf"\s+(?:as\s+well|also|too|{'|'.join(sorted(POLITE_PARTICLES))})$",
            "",
            text.strip(),
            flags=re.I,
        )
        text = re.sub(r"^(?:also|plus)\s+", "", text.strip(), flags=re.I)
    # "move house plan" is "Move house"; "quick plan" stays itself
    if not re.fullmatch(
        r"(?:(?:a|the|my|our|new|quick|simple|little|big|master|daily|weekly|"
        r"monthly|game|action|back-?up)\s+)*plan",
        text.strip(),
        re.I,
    ):
        text = re.sub(r"\s+plan$", "", text.strip(), flags=re.I)
    return cap(text.strip(" \t.,;:—-!?\"'"))


def cap(text: str) -> str:
    text = text.strip()
    if text[:1].islower() and not text[1:2].isupper():  # leave "iPhone" alone
        return text[0].upper() + text[1:]
    return text


_STEPS_MARK = re.compile(
    r"(?:\s*[—:,;\n]\s*(?:with\s+)?|\s+with\s+)(?:the\s+)?(?:following\s+)?"
    r"steps?\b\s*(?:[—:]\s*)?|"
    # "… for their Jan offsite. steps: a, b": a stop ends the goal before the label too, when
    # a colon or dash after it says the steps follow ("… exam. Steps I will add later" is
    # no label)
    r"\.\s*(?:the\s+)?(?:following\s+)?steps?\s*[—:]\s*",
    re.IGNORECASE,
)


def split_titled(rest: str) -> tuple[str, list[str]]:
    """After "make a plan": "to fix the fence — steps: a, b" → ("Fix the fence", ["A", "B"])."""
    rest = re.sub(
        r"^\s*[—:,]?\s*(?:(?:for\s+(?:me|us)|please|pls|plz)\b\s*[—:,]?\s*)*"
        r"(?:(?:called|named|titled|to|for|about)\s+)?",
        "",
        rest,
        flags=re.IGNORECASE,
    )
    if numbered_lines(rest.strip()) == rest.strip():
        rest = inline_items(rest)  # "for the blue badge * find my NI number * …": one line each
    mark = _STEPS_MARK.search(rest)
    counted = re.search(rf"[\s,:—-]+(?=step\s*{_FIRST}\b.*\bstep\s*{_SECOND}\b)", rest, re.I | re.S)
    if counted:  # "for the reunion step one call auntie step two find a house"
        title, steps = rest[: counted.start()], rest[counted.end() :]
    elif mark:
        title, steps = rest[: mark.start()], rest[mark.end() :]
    elif "\n" in rest:
        title, steps = rest.split("\n", 1)
    else:  # "new plan: X — a; b; c": the first dash or colon ends the title
        # (a colon between digits is a time or a score, "sub 3:15 at Manchester": no mark)
        title, _, steps = (
            re.split(r"(\s*(?:—|(?<!\d):|:(?!\d))\s*)", rest, maxsplit=1) + ["", ""]
        )[:3]
    return cap(title.strip(" \t—:,;\"'“”")), split_steps(steps)


# What the labelled forms must read, and what they must leave alone (tests/test_readings.py).
LABELLED_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "project: restore the old rocking horse; sand it down; fix the rockers; repaint it",
        "Restore the old rocking horse",
        ("Sand it down", "Fix the rockers", "Repaint it"),
    ),
    ("Goal for next year — learn to swim 🏊", "Learn to swim", ()),
    (
        "Mission: get fit by summer. Join a gym, cut out sugar, run 3x a week",
        "Get fit by summer",
        ("Join a gym", "Cut out sugar", "Run 3x a week"),
    ),
    ("Spanish B1 exam. that's the plan for 2027, can you keep track of it", "Spanish B1 exam", ()),
    (
        "the garden. that's my project this weekend. mow the lawn, trim the hedge and weed the "
        "beds",
        "The garden",
        ("Mow the lawn", "Trim the hedge", "Weed the beds"),
    ),
    (
        "Re: the school trip. Collect the slips, book the coach, email parents",
        "The school trip",
        ("Collect the slips", "Book the coach", "Email parents"),
    ),
    (
        "Business idea: candle shop. register the business, make 50 candles, set up instagram",
        "Candle shop",
        ("Register the business", "Make 50 candles", "Set up instagram"),
    ),
)
ARROW_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "Move to Leeds -> give notice -> find a flat -> book a van",
        "Move to Leeds",
        ("Give notice", "Find a flat", "Book a van"),
    ),
    (
        "Xmas => buy the tree => order the turkey => wrap presents",
        "Xmas",
        ("Buy the tree", "Order the turkey", "Wrap presents"),
    ),
    ("garden → mow → weed → trim the hedge", "Garden", ("Mow", "Weed", "Trim the hedge")),
    (
        "wedding admin 💍 venue deposit → invites → cake tasting",
        "Wedding admin",
        ("Venue deposit", "Invites", "Cake tasting"),
    ),
    (
        "bathroom job for the smiths: strip out -> tile -> grout",
        "Bathroom job for the smiths",
        ("Strip out", "Tile", "Grout"),
    ),
)
SEQUENCE_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # a list after the last "then", each piece an action: its steps
    (
        "Allotment. first clear the brambles, then I want to lay paths, build two beds, and "
        "plant the garlic",
        "Allotment",
        ("Clear the brambles", "Lay paths", "Build two beds", "Plant the garlic"),
    ),
    (
        "Learning to code: Python course first, then build a small project, then apply for "
        "junior roles",
        "Learning to code",
        ("Python course", "Build a small project", "Apply for junior roles"),
    ),
    (
        "I need to declutter before we move. Loft first, then garage, then spare room.",
        "Declutter before we move",
        ("Loft", "Garage", "Spare room"),
    ),
    (
        "my son set this up for me. I need to sort the shed out, so first clear it, then fix the "
        "roof, then paint it",
        "Sort the shed out",
        ("Clear it", "Fix the roof", "Paint it"),
    ),
    (
        "We have to paint the house. Front first, then the back, then the fence.",
        "Paint the house",
        ("Front", "The back", "The fence"),
    ),
)
# ("my first car" is no "first … then")
SEQUENCE_EXAMPLES += (
    # "first" right after the need's words: that thing is the first step, and the sentence
    # before names the goal
    (
        "wedding toast is friday and i have nothing. gotta pick the jokes first, then write "
        "it, then practise on mum",
        "Wedding toast is friday and i have nothing",
        ("Pick the jokes", "Write it", "Practise on mum"),
    ),
)
SEQUENCE_NEAR_MISSES: tuple[str, ...] = (
    "bought my first car then crashed it lol",
    "the first quote was high then the second one was worse",
)
SEQUENCE_EXAMPLES += (
    # the order counted at each sentence's head: "First … Second, … Third, …"
    (
        "Kitchen refit. First I have to get the quotes in. Second, pick the worktops. Third, "
        "book the fitter. Last, order the tiles",
        "Kitchen refit",
        ("Get the quotes in", "Pick the worktops", "Book the fitter", "Order the tiles"),
    ),
)
SEQUENCE_EXAMPLES += (
    # a sentence that starts with "also" is one more step, in capitals or not
    (
        "WANT TO SELL THE CAR. FIRST GET IT VALETED. THEN TAKE PHOTOS. ALSO FIND THE LOGBOOK",
        "SELL THE CAR",
        ("GET IT VALETED", "TAKE PHOTOS", "FIND THE LOGBOOK"),
    ),
    (
        "need to renew my visa. first book the biometrics, after that send the passport. also "
        "pay the IHS",
        "Renew my visa",
        ("Book the biometrics", "Send the passport", "Pay the IHS"),
    ),
    (
        "sorting the garage. first empty it out. then sweep the floor! and also put up shelves",
        "Sorting the garage",
        ("Empty it out", "Sweep the floor", "Put up shelves"),
    ),
)
ARROW_NEAR_MISSES: tuple[str, ...] = ("replace the van -> hire a car", "1 -> 2", "2 > 1 so far")
ARROW_EXAMPLES += (
    # a lone ">" between spaces, a long arrow, an arrow emoji
    (
        "bathroom refresh > regrout the shower > redo the silicone > paint the ceiling",
        "Bathroom refresh",
        ("Regrout the shower", "Redo the silicone", "Paint the ceiling"),
    ),
    (
        "dog passport --> rabies jab --> wait 21 days --> vet health check",
        "Dog passport",
        ("Rabies jab", "Wait 21 days", "Vet health check"),
    ),
    (
        "Ellie's sleepover ➡️ ask the parents ➡️ buy snacks ➡️ blow up the airbeds",
        "Ellie's sleepover",
        ("Ask the parents", "Buy snacks", "Blow up the airbeds"),
    ),
)
ARROW_NEAR_MISSES += ("the kids > the dog > the cat", "my score > yours, easily")
ARROW_EXAMPLES += (
    # one arrow between the goal and a comma list of its steps
    (
        "shed -> clear it out, fix the roof, paint it",
        "Shed",
        ("Clear it out", "Fix the roof", "Paint it"),
    ),
    (
        "garage sale → price everything, make signs, put it on facebook",
        "Garage sale",
        ("Price everything", "Make signs", "Put it on facebook"),
    ),
    (
        "bake sale. steps -> book the hall, bake brownies, make a poster",
        "Bake sale",
        ("Book the hall", "Bake brownies", "Make a poster"),
    ),
)
# one arrow that says what became of things, or over things with no verb: no goal over its
# steps for the one-arrow reading (``one_arrow_over_a_list``)
ONE_ARROW_NEAR_MISSES: tuple[str, ...] = (
    "old job -> new job, finally",
    "london -> paris, then rome, then home",
    "move to leeds -> give notice -> find a flat, book a van",
    "kids -> school, dog -> vet",
)
SEQUENCE_EXAMPLES += (
    # who or where the person is, then the goal; each step told as what I do
    (
        "I am in Dublin now and need to get a PPS number. First I book online, then I bring "
        "my passport, then I collect the letter",
        "Get a PPS number",
        ("Book online", "Bring my passport", "Collect the letter"),
    ),
    (
        "We're new here so we have to enrol the kids. first we visit the school, then we fill "
        "the form",
        "Enrol the kids",
        ("Visit the school", "Fill the form"),
    ),
    (
        "I'm from Brazil and want to swap my licence. First I get the D1 form, then I send it "
        "with my old licence",
        "Swap my licence",
        ("Get the D1 form", "Send it with my old licence"),
    ),
)
LABELLED_EXAMPLES += (
    # a label whose when runs to three words
    (
        "goal for the new year: get a little free library box up 📚",
        "Get a little free library box up",
        (),
    ),
    ("project for next summer holidays: build a treehouse", "Build a treehouse", ()),
)
LABELLED_EXAMPLES += (
    (
        "my plan for the weekend is clean the house, do the washing, and take the kids swimming",
        "The weekend",
        ("Clean the house", "Do the washing", "Take the kids swimming"),
    ),
    (
        "our to do list for the move: book the van, pack the books, redirect the post",
        "The move",
        ("Book the van", "Pack the books", "Redirect the post"),
    ),
)
LABELLED_NEAR_MISSES: tuple[str, ...] = (
    "my plan for today is fine, thanks",
    "project meeting moved to 3pm",
    "booked the van. that's the plan sorted",
    "the goal is fine",
    "my aim was off today lol",
)
LINES_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "Move house\n1. book the van\n- pack the kitchen",
        "Move house",
        ("Book the van", "Pack the kitchen"),
    ),
    (
        "best man speech 😬\n- get stories from his mum\n- write a draft",
        "Best man speech 😬",
        ("Get stories from his mum", "Write a draft"),
    ),
    ("sell the car\nvalet it\ntake photos", "Sell the car", ("Valet it", "Take photos")),
)
LINES_NEAR_MISSES: tuple[str, ...] = (
    "1. book the van\n2. pack the kitchen",
    "note: jim\nis cheapest",
)
GOAL_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "renew passport: get photos, fill in the form, book an appointment",
        "Renew passport",
        ("Get photos", "Fill in the form", "Book an appointment"),
    ),
    (
        "I need to renew my passport — get photos, fill in the form and book an appointment",
        "Renew my passport",
        ("Get photos", "Fill in the form", "Book an appointment"),
    ),
    ("I want to learn spanish", "Learn spanish", ()),
    (
        "help me organise the party, I need to book a venue, send invites and order a cake",
        "The party",
        ("Book a venue", "Send invites", "Order a cake"),
    ),
    (
        "quick plan: pay rent, buy groceries, call landlord",
        "Quick plan",
        ("Pay rent", "Buy groceries", "Call landlord"),
    ),
    ("move house plan: book van, pack", "Move house", ("Book van", "Pack")),
)
GOAL_EXAMPLES += (
    # "->" or "=>" typed for "→" between the goal and its steps
    (
        "need to get the car sorted before winter -> new tyres, service, check antifreeze",
        "Get the car sorted before winter",
        ("New tyres", "Service", "Check antifreeze"),
    ),
    (
        "I want to move flat => give notice, find a van, pack",
        "Move flat",
        ("Give notice", "Find a van", "Pack"),
    ),
    (
        "have to sort the loft ⇒ clear the boxes, lay boards",
        "Sort the loft",
        ("Clear the boxes", "Lay boards"),
    ),
    # "steps" as the goal's own word, or the start of one, is no list's mark
    (
        "need to sort the garden steps - buy slabs, hire a cutter",
        "Sort the garden steps",
        ("Buy slabs", "Hire a cutter"),
    ),
    ("gonna ring stepchange later", "Ring stepchange later", ()),
)
GOAL_NEAR_MISSES: tuple[str, ...] = (
    "called the garage -> no answer",
    "tyres -> done",
    "called the venue: no answer",
    "note: jim is cheapest",
    "got the photos, booked the appointment",
)


_COUNTED = re.compile(rf"(?:^|[\s,:.—-])step\s*{_FIRST}\b(?=.*\bstep\s*{_SECOND}\b)", re.I | re.S)


def _read_counted(text: str) -> tuple[str, list[str]] | None:
    """ "selling mums house step one get it valued step two pick an agent": the goal before
    "step one", the steps counted after it."""
    found = _COUNTED.search(text)
    if found is None or "\n" in text.strip():
        return None
    title = clean_title(GOAL_START.sub("", text[: found.start()].strip(" ,:.—-")))
    steps = split_steps(text[found.start() :].strip(" ,:.—-"))
    if not title or COMMAND_WORDS.match(title) or len(steps) < 2:
        return None
    return title, steps


COUNTED_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "selling mums house step one get it valued step two pick an agent step three clear it out",
        "Selling mums house",
        ("Get it valued", "Pick an agent", "Clear it out"),
    ),
    (
        "I need to renew my visa. step 1 photos, step 2 the form, step 3 pay the fee",
        "Renew my visa",
        ("Photos", "The form", "Pay the fee"),
    ),
    (
        "garden: step one dig, step two plant",
        "Garden",
        ("Dig", "Plant"),
    ),
)
COUNTED_NEAR_MISSES: tuple[str, ...] = (
    "step one is done, step two next week",
    "I'm on step one of the course",
)


@dataclass(frozen=True)
class Form:
    """One marked way of stating a plan, declared once with what it must read and the
    near-misses it must leave alone (tests/test_readings.py runs them). The first form
    that applies decides: its reading, or no plan at all."""

    name: str
    applies: Callable[[str], bool]
    read: Callable[[str], tuple[str, list[str]] | None]
    examples: tuple[tuple[str, str, tuple[str, ...]], ...]
    near_misses: tuple[str, ...] = ()


FORMS: tuple[Form, ...] = (
    # only a new plan spans lines: a title line over its steps, or nothing
    Form(
        "a title line over its steps",
        lambda text: len(_lines(text)) > 1,
        _read_lines,
        LINES_EXAMPLES,
        LINES_NEAR_MISSES,
    ),
    Form("a label or a pointer", labelled, _read_labelled, LABELLED_EXAMPLES, LABELLED_NEAR_MISSES),
    Form(
        "steps between arrows",
        lambda text: _read_arrows(text) is not None,
        _read_arrows,
        ARROW_EXAMPLES,
        ARROW_NEAR_MISSES,
    ),
    Form(
        "steps counted aloud",
        lambda text: _COUNTED.search(text) is not None,
        _read_counted,
        COUNTED_EXAMPLES,
        COUNTED_NEAR_MISSES,
    ),
    Form("first … then …", _a_sequence, read_sequence, SEQUENCE_EXAMPLES, SEQUENCE_NEAR_MISSES),
    Form(
        "a goal, a mark, its steps", lambda text: True, _read_goal, GOAL_EXAMPLES, GOAL_NEAR_MISSES
    ),
)
# Steps as one action each (``one_action_each``): what it must split or drop, and leave alone.
ONE_ACTION_EXAMPLES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("Switch the electricity over to the new place and get the post redirected",),
        ("Switch the electricity over to the new place", "Get the post redirected"),
    ),
    (
        ("Book the hall for the party and send the invites to everyone",),
        ("Book the hall for the party", "Send the invites to everyone"),
    ),
    (
        ("Put a notice in the paper and one on the church board too",),
        ("Put a notice in the paper", "Put a notice on the church board"),
    ),
    (
        ("Call the vet", "They are always busy so that will take ages", "Book the jab"),
        ("Call the vet", "Book the jab"),
    ),
    (
        ("Fill the form in with her which will take forever", "Post it off"),
        ("Fill the form in with her", "Post it off"),
    ),
)
ONE_ACTION_EXAMPLES += (
    # "na" for "and" before a step's verb (Swahili, Pidgin)
    (("Permit from county na hire 2 guys",), ("Permit from county", "Hire 2 guys")),
    (("Find a plot na build the fence",), ("Find a plot", "Build the fence")),
    (
        ("Register the business na book the accountant",),
        ("Register the business", "Book the accountant"),
    ),
    # ("na" before no step's verb, or in a name, joins nothing)
    (("Buy bread na milk",), ("Buy bread na milk",)),
    (("Visit Mama na Baba",), ("Visit Mama na Baba",)),
)
ONE_ACTION_EXAMPLES += (
    (
        ("Put it on facebook marketplace", "In the local paper"),
        ("Put it on facebook marketplace", "Put it in the local paper"),
    ),
    (
        ("Send the flyer to the school", "To the church office"),
        ("Send the flyer to the school", "Send the flyer to the church office"),
    ),
)
ONE_ACTION_EXAMPLES += (
    # the need or intent said with no one named, or a "then" left at a line's head
    (
        (
            "Need to compare the two quotes",
            "Gonna ask 2 roasters for samples",
            "Then planning permission from the council",
        ),
        (
            "Compare the two quotes",
            "Ask 2 roasters for samples",
            "Planning permission from the council",
        ),
    ),
)
ONE_ACTION_NEAR_MISSES: tuple[tuple[str, ...], ...] = (
    # someone who wants something, no step asked of the person
    ("She wants a new bike", "Book the shop"),
    # the second action on what the first turns up: one step
    ("Go through the dairy and bin whatever's turned",),
    ("Test the smoke alarms and replace any that fail",),
    ("Sort the wardrobe and donate whatever doesn't fit",),
    ("Buy a crate and a lead", "Wash and wax it"),
    ("Book whoever is cheapest to come and put it up", "Pick up and drop off the kids"),
    ("Go and get the keys", "Sand and paint the door"),
    ("Ring the bank", "In person if they don't answer"),
)
ONE_ACTION_EXAMPLES += (
    # what someone asks of the person is the step, no remark on them
    (
        ("She wants me to buy a trainer", "Do the exercises", "Book a follow up"),
        ("Buy a trainer", "Do the exercises", "Book a follow up"),
    ),
    (
        ("The GP told me to cut down on salt", "Walk daily", "Get bloods done"),
        ("Cut down on salt", "Walk daily", "Get bloods done"),
    ),
    (
        ("Ring the school", "Mum has asked us to pick up the cake", "Book the hall"),
        ("Ring the school", "Pick up the cake", "Book the hall"),
    ),
)
ONE_ACTION_EXAMPLES += (
    # a step for if the one before does not work
    (
        ("Email the landlord about the mould and if he doesn't reply contact the council",),
        ("Email the landlord about the mould", "If he doesn't reply contact the council"),
    ),
    (
        ("Ask the school for a place and if they say no, appeal",),
        ("Ask the school for a place", "If they say no, appeal"),
    ),
    (
        ("Ring the insurer about the claim and when they refuse report them to the ombudsman",),
        ("Ring the insurer about the claim", "When they refuse report them to the ombudsman"),
    ),
)
ONE_ACTION_NEAR_MISSES += (
    # the same thing taken up again is one step; a condition with no step of its own stays
    ("Get the boxes down from the loft and pack them up",),
    ("Fill the passport form in and send it off",),
    ("Pick the sofa up from Gran's and put it in the van",),
    ("Paint the fence and if it rains wait",),
    ("Ask the neighbours and if they agree",),
)

# "last" as the word that orders the last step, like "lastly"
SEQUENCE_EXAMPLES += (
    (
        "want to redo the patio. first lift the old slabs, then level the sand, and last lay "
        "the new ones",
        "Redo the patio",
        ("Lift the old slabs", "Level the sand", "Lay the new ones"),
    ),
    (
        "plan for the nursery: first clear the room, after that paint the walls and last put "
        "the cot together",
        "The nursery",
        ("Clear the room", "Paint the walls", "Put the cot together"),
    ),
    (
        "I WANT TO RESEED THE TOP FIELD. FIRST SPRAY OFF THE OLD SWARD, AFTER THAT PLOUGH IT, "
        "THEN SOW THE SEED AND LAST ROLL IT",
        "RESEED THE TOP FIELD",
        ("SPRAY OFF THE OLD SWARD", "PLOUGH IT", "SOW THE SEED", "ROLL IT"),
    ),
)
# "last one" before a step's verb orders the last step, as "last" does
SEQUENCE_EXAMPLES += (
    (
        "christmas party for the church group: first book the hall, then ask each family bring "
        "one dish, last one make a whatsapp group",
        "Christmas party for the church group",
        ("Book the hall", "Ask each family bring one dish", "Make a whatsapp group"),
    ),
)
# A "so" that only leads on to "first" after a stop is no step; "first thing I need to do is"
# starts the list as "first thing is" does
SEQUENCE_EXAMPLES += (
    (
        "my son starts school after xmas. so first fill in the application, then visit the "
        "school, then buy the uniform",
        "My son starts school after xmas",
        ("Fill in the application", "Visit the school", "Buy the uniform"),
    ),
    (
        "the funeral is coming up first thing I need to do is ring all the cousins then "
        "collect the money then buy the fine mats",
        "The funeral is coming up",
        ("Ring all the cousins", "Collect the money", "Buy the fine mats"),
    ),
)
# "last" of a time or a thing orders nothing: it stays in its step
LAST_KEPT: tuple[str, ...] = (
    # ("last one" of a thing, no step's verb after it)
    "sort the garage: first move the bikes, then sell the mower, last one goes to the tip",
    "clear out the loft, first sort the boxes, then ring the tip and last week I started "
    "on the bags",
    "sort the garage: first move the bikes, then sell the mower and last of the paint to the tip",
    "tidy the shed: first the pots, then fix the door and last time I oiled the hinges",
)


# Steps counted by ordinals, a sentence each: read as numbered items (text, title, steps)
ORDINAL_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "school fair: First, book the hall. Second, print the tickets. Third, ask for raffle prizes",
        "School fair",
        ("Book the hall", "Print the tickets", "Ask for raffle prizes"),
    ),
    (
        "market stall. First, canvass the suppliers. Second, rent a pitch. Third, buy a gazebo. "
        "Fourth, post on facebook",
        "Market stall",
        ("Canvass the suppliers", "Rent a pitch", "Buy a gazebo", "Post on facebook"),
    ),
    (
        "new bike: Firstly, measure my inseam. Secondly, test ride two. Thirdly, haggle",
        "New bike",
        ("Measure my inseam", "Test ride two", "Haggle"),
    ),
)
# Ordinals that rank things, or that do not run in order: no list of steps
ORDINAL_NEAR_MISSES: tuple[str, ...] = (
    "my reasons. First, the cost. Second, the time. Third, the stress",
    "Second, I think we should wait. First, ask Jo",
)


# The goal named after its list, a line of its own: (text, title, steps)
NAMED_AFTER_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "1. get 3 quotes 2. check the fuse box 3. book the electrician. that's the garage "
        "sockets project",
        "Garage sockets",
        ("Get 3 quotes", "Check the fuse box", "Book the electrician"),
    ),
    (
        "- buy paint\n- sand the door\n- hang it\nthat's all for the shed",
        "Shed",
        ("Buy paint", "Sand the door", "Hang it"),
    ),
    (
        "1) book the hall\n2) order balloons\n3) send invites\nthis is for my 40th",
        "40th",
        ("Book the hall", "Order balloons", "Send invites"),
    ),
)
# A last line that is a step, or about the list and not its name: as read
NAMED_AFTER_NEAR_MISSES: tuple[str, ...] = (
    "- buy paint\n- sand the door\nthat's the hard bit",
    "- buy paint\n- sand the door\n- hang it\nthat's the lot",
)
