"""Whether a new plan's title names a thing, and whether a step is only a list's header.

A reader that cut a message in a place nobody foresaw leaves a title made only of words that
can name nothing: the filler and politeness around the request ("Pls", "New plan", "Another
one"), a number or a year ("2027", "Sub 3"), a feeling or a reaction ("Honestly still in
shock", "Bad news", "Omg"), a verb pointing back ("Splitting it"), or a fragment whose quote
or bracket opens or closes outside it ("career break'.", "rewired (1950s wiring"). A step
that opens with the words that lead into a list ("Must do: the cake", "Are as follows:") was
cut before the list started. These are checks of the made plan's words by their classes, not
of any phrasing: whatever the wording, a title of such words only names no plan, so the plan
is shown to be checked (made on yes), never made as read.

``names_nothing`` and ``list_header`` are the checks; ``after_filler`` re-reads the title from
what follows filler set off by a colon or a dash ("New plan pls: Nan's 90th" is "Nan's 90th").
``EXAMPLES`` must be doubted, ``NEAR_MISSES`` must not (tests run both).
"""

from __future__ import annotations

import re

from drbot.ai.language import plan_phrases, plan_prose

# -- the word classes that name no thing -----------------------------------------------

# Politeness, filler and the words of asking for a plan: what is said around the request
_FILLER = (
    frozenset(
        """pls plz plez please ok okay k kk so right well alright also and oh ah ach och aw hey hi
    yo um erm hmm just then now anyway new plan plans goal goals project projects thing things
    one ones another more next other add adding added put putting list pile lot bunch for to
    on in of into a an the me my us it this that here there yeah yes yep ya sure cool x thx
    thanks ta cheers lads guys quick update btw fyi ps idea random todo todos do
    while we we're at""".split()
    )
    | frozenset(
        # the same said in the words of other languages people mix in: a particle of politeness
        # ("New plan po:", "ji", "lah", "naman") and the words of asking for a new plan ("nuevo
        # plan:", "novo plano", "nouveau projet", "bitte"). Alone they name nothing
        "por favor grazie gracias obrigado obrigada salamat plano planes projet projekt proyecto".split()
    )
    | plan_phrases.POLITE_PARTICLES
    | plan_phrases.NEW_ELSEWHERE
)
# A number said alone or with words of when or how close: "2027", "Sub 3", "by 2026"
_COUNT = frozenset(
    """sub under over about around approx roughly by before after until till since from
    year years month months week weeks day days this next last""".split()
)
# (never an ordinal nor a distance: "My 21st" is the birthday, "The 10k" the race)
_NUMBER = re.compile(r"(?:\d+(?:[.,:]\d+)*%?|#\d+)")
# Feelings and reactions, with the words that only say how much or how truly
_FEELING = frozenset(
    """shock shocked shaking shaken shook excited exciting stressed stressing stress nervous
    scared terrified gutted devastated overwhelmed panic panicking panicked omg omfg wow yay
    woohoo woo ugh urgh argh ffs lol lmao haha hahaha hehe news bad good great amazing
    awesome awful terrible sad happy crying cry tears buzzing thrilled nightmare wild crazy
    insane unbelievable believe cant can't can not wait pinch dead dying screaming fml sigh
    phew yikes eek oops damn dang blimey gosh jeez eish ayy hurray hooray finally guess what
    honestly literally actually seriously really totally completely absolutely very bit
    little kinda kind sort sorta properly still i i'm im am feel feeling feels all over
    is it's its was big huge fingers crossed here we go again begins let's lets last tired
    exhausted knackered""".split()
)
# What a verb may point back at when the thing was named before the title
# (never "out" or "up": "Moving out" names the move)
_POINTER = frozenset("it this that them those these everything all".split())

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*|#\d+", re.U)


def _words(title: str) -> list[str]:
    return [
        word.replace("’", "'").lower() for word in _WORD.findall(plan_prose.without_emoji(title))
    ]


def _closed(word: str) -> bool:
    return (
        word in _FILLER or word in _COUNT or word in _FEELING or _NUMBER.fullmatch(word) is not None
    )


def _points_back(words: list[str]) -> bool:
    """ "Splitting it", "doing this", "sort them all out": a verb with only a word pointing
    back at what was said before it: the thing is in those words, not the title."""
    if len(words) < 2 or not all(word in _POINTER for word in words[1:]) or words[1:] == ["all"]:
        return False
    verb = words[0]
    stem = re.sub(r"(?:ting|ding|ning|ping|ing|ed)$", "", verb)
    return (
        verb.endswith(("ing", "ed"))
        or verb in plan_phrases.STEP_VERBS
        or stem in plan_phrases.STEP_VERBS
    )


# A quote mark that opens a quotation, and one that closes it (not an apostrophe inside a
# word; after a name's "s" only when a quotation is open: "James' 40th" is a name's)
_QUOTE = re.compile(
    r"(?P<open>(?:^|(?<=[\s(\[]))['‘\"“](?=\w))|(?P<close>(?<=[\w.!?])['’\"”](?=[\s.,!?;:)\]]|$))"
)


def unbalanced(title: str) -> bool:
    """ "Return to work after career break'.", "house is rewired (1950s wiring": a quote or a
    bracket opened or closed outside the title, so the title is a piece of a longer saying."""
    if title.count("(") != title.count(")") or title.count("[") != title.count("]"):
        return True
    opened = 0
    for mark in _QUOTE.finditer(title):
        if mark["open"]:
            opened += 1
        elif opened:
            opened -= 1
        elif title[mark.start() - 1] not in "sS":
            return True  # closed, never opened
    return opened != 0


def names_nothing(title: str) -> bool:
    """The title is made only of words that name no thing: filler and politeness, a number
    or a year with words of when, a feeling or a reaction, a verb pointing back; or it is a
    fragment with a quote or a bracket left open (``unbalanced``)."""
    words = _words(title)
    if not words:
        return True  # only marks or faces
    return all(_closed(word) for word in words) or _points_back(words) or unbalanced(title)


# -- a step that is only the words leading into a list -----------------------------------

_HEADER_WORDS = (
    r"(?:the\s+)?(?:steps?|things?(?:\s+to\s+(?:do|sort|get))?|to[\s-]*dos?|todos?|tasks?|jobs?|"
    r"list|check\s*list|plan|items?|stuff)(?:\s+(?:are|is))?(?:\s+(?:as\s+follows|so\s+far|for\s+now))?|"
    r"(?:(?:i|we)\s+)?(?:must|need\s+to|have\s+to|gotta|got\s+to|should|will)(?:\s+(?:do|get|sort))?|"
    r"(?:(?:i|we)\s+)?(?:need|want)|(?:are|is)\s+as\s+follows|as\s+follows|first\s+things?(?:\s+first)?|"
    r"what\s+(?:i|we)\s+(?:need|have)(?:\s+to\s+do)?"
)
_HEADER = re.compile(rf"^(?:{_HEADER_WORDS})\s*(?:[:：]|[—–-]\s)", re.I)
_HEADER_ALONE = re.compile(rf"^(?:{_HEADER_WORDS})\s*[:：]?$|^[^:：]{{1,60}}[:：]$", re.I)


def list_header(step: str) -> bool:
    """ "Must do: restaurant booking", "Are as follows:", "need to: book the hall": the step
    opens with (or is only) the words that lead into a list, so the reading cut the message
    before the list began."""
    said = plan_prose.without_emoji(step).strip()
    return _HEADER.match(said) is not None or _HEADER_ALONE.match(said) is not None


# -- reading the title again past its filler ---------------------------------------------


def after_filler(text: str, title: str, steps: list[str]) -> tuple[str, list[str]]:
    """ "new goal for 2027: get booked at a festival abroad" read as "2027" over one step: a
    title of filler or a count set off by a colon or a dash from the words after it is no
    goal; the goal is what follows (the first step read), and the rest stay its steps. Any
    other reading is returned as it is."""
    if not steps or unbalanced(title) or not _filler_or_count(_words(title)):
        return title, steps
    lead = _LEAD.match(text.strip())
    if lead and _filler_or_count(_words(lead["lead"])):
        # "New plan po: fundraiser for the roof 🏠 make a QR, post it, …": what follows the
        # filler is a plan of its own, read as one (its title may end at a mark or an emoji)
        again = plan_prose.read_prose_plan(lead["rest"])
        if again is not None and not names_nothing(again[0]) and len(again[1]) >= len(steps) - 1:
            return again
    said = plan_prose.without_emoji(text).lower()
    first = plan_prose.without_emoji(steps[0]).strip(" .,").lower()[:20]
    at = said.find(first) if first else -1
    if at <= 0 or not said[:at].rstrip().endswith((":", "：", " -", " —", " –")):
        return title, steps
    return plan_phrases.cap(steps[0].strip(" .,")), steps[1:]


def without_header(steps: list[str]) -> list[str]:
    """ "christening - must do: church booking, cake", "The steps are as follows:\n1. …": the
    header that leads into the list, left on its first step, is no part of it (a header-only
    first step is dropped). A header further down the list is left, to be doubted: the steps
    before it were cut wrongly."""
    if not steps or not list_header(steps[0]):
        return steps
    said = _HEADER.sub("", plan_prose.without_emoji(steps[0]).strip(), count=1).strip(" :：-—")
    if _HEADER_ALONE.match(said) or not said:
        return steps[1:]
    return [plan_phrases.cap(said), *steps[1:]]


_CLOSING_MARK = re.compile(r"['’\"”]\s*[.!]?\s*$")


def quote_closed(text: str, title: str) -> str:
    """ "a plan titled 'Return to work'." read as "Return to work'.": a title quoted in the
    message keeps the quote's closing mark once its opening one was read past; the title is
    what the quotes hold. Any other title is returned as it is."""
    inner = _CLOSING_MARK.sub("", title).strip()
    if inner == title.strip() or not inner or unbalanced(inner):
        return title
    quoted = re.search(rf"['‘\"“]{re.escape(inner)}['’\"”]", text, re.I)
    return inner if quoted else title


_LEAD = re.compile(r"^(?P<lead>[^:：—–]+?)\s*(?:[:：]|\s[—–-])\s+(?P<rest>\S.*)$", re.S)


def _filler_or_count(words: list[str]) -> bool:
    # (a feeling is not walked past: "Bad news: the caterer closed" is news, no goal)
    return bool(words) and all(
        word in _FILLER or word in _COUNT or _NUMBER.fullmatch(word) for word in words
    )


# The words of asking for a plan, said before its goal in the title: "add one more plan for
# ammi's birthday dinner", "make a new goal called sub-3 marathon" (filler words up to a word
# that names what follows: "for", "called", "named", "about")
_ASKED_FOR = frozenset("plan plans goal goals project projects one list thing".split())
_NAMES_WHAT_FOLLOWS = frozenset("for called named about".split())
# (and a word of asking for one more: "Plan for the garden" is a title, not a request)
_ASKING = frozenset("add adding make start create put another more new also".split())


def after_asking(title: str) -> str:
    """ "Add one more plan for ammi's birthday dinner" is "Ammi's birthday dinner": a title
    that opens with the words of asking for a plan (filler, with a word for a plan in it) up
    to "for" or "called" is the goal after them. Any other title is returned as it is."""
    words = title.split()
    lead: list[str] = []
    for word in words:
        bare = _words(word)
        if len(bare) != 1 or bare[0] not in _FILLER | _NAMES_WHAT_FOLLOWS | _ASKING:
            break
        lead.append(bare[0])
    cut = max((i for i, word in enumerate(lead) if word in _NAMES_WHAT_FOLLOWS), default=-1)
    if cut < 1 or not _ASKED_FOR & set(lead[:cut]) or not _ASKING & set(lead[:cut]):
        return title
    rest = " ".join(words[cut + 1 :]).strip()
    return plan_phrases.cap(rest) if rest and not names_nothing(rest) else title


def reread(text: str, title: str, steps: list[str]) -> tuple[str, list[str]]:
    """The reading of ``text`` with what names nothing taken out where its shape shows how:
    the goal said after filler set off by a colon or a dash (``after_filler``; "Please —
    retile the bathroom" is "Retile the bathroom"), or after the words of asking for a plan
    (``after_asking``), a quoted title's closing mark (``quote_closed``), a list's header on
    the first step (``without_header``)."""
    title, steps = after_filler(text, title, steps)
    lead = _LEAD.match(title.strip())
    if lead and _filler_or_count(_words(lead["lead"])) and not names_nothing(lead["rest"]):
        title = plan_phrases.cap(lead["rest"].strip())
    return quote_closed(text, after_asking(title)), without_header(steps)


# Titles that must be found to name nothing (none of them from an evaluation set)
EXAMPLES: tuple[str, ...] = (
    # filler and politeness only
    "Pls",
    "New plan please",
    "Ok so another one",
    "Adding one more to the list",
    "Plans",
    "Quick update",
    # a number or a year only
    "2028",
    "Under 4",
    "By next year",
    # a feeling or a reaction only
    "Totally gutted",
    "Omg",
    "Good news!!",
    "I'm so nervous 😬",
    "Can't believe it",
    "Fingers crossed 🤞",
    "Here we go again",
    # a particle of politeness, or "new" and "please" in another language
    *plan_phrases.ASKING_ELSEWHERE_TITLES,
    # a verb pointing back at what was said before
    "Sorting it",
    "Doing this",
    # the words of asking for one more, and of "while we're at it"
    "Add another one while we're at it",
    # a fragment: a quote or a bracket left open
    "Plan called 'Garden refresh",
    "Rebuild the shed'.",
    "Fix the roof (the leak over the porch",
)
# Titles that name a thing: never doubted by this check
NEAR_MISSES: tuple[str, ...] = (
    "Rink",
    "Garage",
    "Jack's 5th bday",
    "2027 tax return",
    "Pls sort the garage",
    "Deadlift 405",
    "James' 40th",
    "New kitchen",
    "Fix the roof (the leak)",
    "Book 'Hamlet' tickets",
    "Help Mum move",
    "Marathon in 2027",
    "Sell the car",
    "Christmas",
    "Moving out",
    "My 21st 🥳",
    "The 10k",
    "Wish list",
    "Go to Japan",
    "Wills: my husband keeps saying 'after christmas'",
    "Pottery class",
    "La Tomatina trip",
    "Nova Scotia trip",
)
# Steps that open with a list's header, and steps that only look like one
HEADER_EXAMPLES: tuple[str, ...] = (
    "Must do: book the venue",
    "Are as follows:",
    "need to: ring the bank",
    "Steps: buy paint",
    "Things to do - clear the loft",
    "The jobs so far:",
    "The tasks are as follows",
)
HEADER_NEAR_MISSES: tuple[str, ...] = (
    "Call the vet: ask about jabs",
    "Catch the 3:15 train",
    "Need to book the hall",
    "Make a to-do list for the move",
    "Check the steps are swept",
)
# Readings read again past what names nothing: (text, title, steps, new title, new steps)
REREAD_EXAMPLES: tuple[tuple[str, str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    (
        "another goal for 2029: walk the camino. no steps yet",
        "2029",
        ("Walk the camino",),
        "Walk the camino",
        (),
    ),
    (
        "new one pls - Nan's 85th: book the hall, order the cake",
        "Pls — Nan's 85th",
        ("Book the hall", "Order the cake"),
        "Nan's 85th",
        ("Book the hall", "Order the cake"),
    ),
    (
        "I'd like a plan called 'Loft clear-out'. Things to do: skip, charity shop",
        "Loft clear-out'.",
        ("Things to do: book a skip", "Ring the charity shop"),
        "Loft clear-out",
        ("Book a skip", "Ring the charity shop"),
    ),
    (
        "Fundraiser\nThe jobs are as follows:\n- print tickets\n- book the hall",
        "Fundraiser",
        ("The jobs are as follows:", "Print tickets", "Book the hall"),
        "Fundraiser",
        ("Print tickets", "Book the hall"),
    ),
)
# Titles read again past the words of asking for a plan, and titles left as they are
AFTER_ASKING_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Add one more plan for ammi's birthday dinner", "Ammi's birthday dinner"),
    ("Also a new goal called sub-3 marathon", "Sub-3 marathon"),
    ("Make another one for the garage clear-out", "The garage clear-out"),
    ("Plan for the garden", "Plan for the garden"),  # no asking before "for": as it is
    ("Add one more plan for it", "Add one more plan for it"),  # nothing named after it
    ("Shopping for the party", "Shopping for the party"),  # no word for a plan
)
# Readings left as they are: a feeling is never walked past, a header further down is doubted
REREAD_NEAR_MISSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "Bad news: the caterer closed, find another",
        "Bad news",
        ("The caterer closed", "Find another"),
    ),
    (
        "Garden: spring - dig the beds, plant bulbs",
        "Garden: spring",
        ("Dig the beds", "Plant bulbs"),
    ),
    ("party: book the hall, must do: the cake", "Party", ("Book the hall", "Must do: the cake")),
    ("2027 tax return: gather receipts", "2027 tax return", ("Gather receipts",)),
)
REREAD_EXAMPLES += (
    # a particle of politeness before the colon: what follows is a plan read as one
    (
        " po: Lola's 80th 🎂 book the restaurant, order the lechon, invite the cousins",
        "Po",
        ("Lola's 80th 🎂 book the restaurant", "Order the lechon", "Invite the cousins"),
        "Lola's 80th",
        ("Book the restaurant", "Order the lechon", "Invite the cousins"),
    ),
    (
        "bagong plan po: baby shower 🍼 book the hall, order the cake",
        "Bagong plan po",
        ("Baby shower 🍼 book the hall", "Order the cake"),
        "Baby shower",
        ("Book the hall", "Order the cake"),
    ),
)
