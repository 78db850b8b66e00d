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

from drbot.ai.language import plan_phrases, plan_prose, step_match

# -- the word classes that name no thing -----------------------------------------------

# Politeness, filler and the words of asking for a plan: what is said around the request
_FILLER = (
    frozenset(
        """pls plz plez please ok okay k kk so right well alright also and oh ah ach och aw hey hi
    yo um erm hmm just then now anyway new plan plans goal goals project projects thing things
    one ones another more next other add adding added put putting list pile lot bunch for to
    on in of into a an the me my us it this that here there yeah yes yep ya sure cool x thx
    thanks ta cheers lads guys quick update btw fyi ps idea random todo todos do
    while we we're at what help""".split()
    )
    # hedges of how much it is meant, said in passing ("new goal lowkey: …", "ngl", "fr"):
    # they name nothing either
    | frozenset("lowkey highkey fr frfr deadass tbh ngl kinda sorta".split())
    | frozenset(
        # the same said in the words of other languages people mix in: a particle of politeness
        # ("New plan po:", "ji", "lah", "naman") and the words of asking for a new plan ("nuevo
        # plan:", "novo plano", "nouveau projet", "bitte"). Alone they name nothing
        "por favor grazie gracias obrigado obrigada salamat plano planes projet projekt proyecto".split()
    )
    | plan_phrases.POLITE_PARTICLES
    # the word drbot is called by ("Bossu", "Put a new one down mate") and the greetings and
    # interjections said with it ("Yoh ok", "Sasa boss", "Heita bot")
    | plan_phrases.ADDRESS_WORDS
    | frozenset("yoh heita sasa sho haibo down".split())
    | frozenset("ko namin".split())
    | plan_phrases.NEW_ELSEWHERE
    | plan_phrases.MAKE_ELSEWHERE
)
# A number said alone or with words of when or how close: "2027", "Sub 3", "by 2026"
_COUNT = frozenset(
    """sub under over about around approx roughly by before after until till since from
    year years month months week weeks wk wks day days this next last every each always""".split()
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
    exhausted knackered homesick lonely mush pounding drowning freaked freaking tbh ngl only
    just even today so poor out same usual""".split()
)
# Asking for help or order in general, naming nothing to be done: "need help organizing",
# "im the worst at organizing lol", and in Spanish "quería saber si esto
# sirve para organizarme" ("I wanted to know if this is for getting organised"): words about
# the person and drbot, never what the plan is for (rounds z138–z143 "Help me", z162–z167
# "Worst at organizing", z222–z227 "Need help organizing", z228–z233)
_ASKING_HELP = frozenset(
    """need needs needing help helping organizing organising organize organise organized
    organised worst useless hopeless rubbish at
    quería queria quiero saber si esto sirve para organizarme organizar ayuda ayudame ayúdame
    es que""".split()
)
_HELP_ASKED = frozenset(
    """help helping organizing organising organize organise organized organised worst
    useless hopeless sirve organizarme organizar ayuda ayudame ayúdame""".split()
)


def asks_help_only(clause: str) -> bool:
    """Whether ``clause`` only asks for help or order in general ("need help organizing",
    "im the worst at organizing"), naming nothing to be done. (Not the words that ask drbot for
    a plan, "can you make me a new list": the asking readers take those.)"""
    words = _words(clause)
    return bool(set(words) & _HELP_ASKED) and all(_closed(word) for word in words)


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
        word in _FILLER
        or word in _COUNT
        or word in _FEELING
        or word in _ASKING_HELP
        or _NUMBER.fullmatch(word) is not None
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


# Praise and blessings said over good news, in the words of the faiths people write in ("I
# got admission to KNUST 🎉🎉 God did!!", "we are relocating, God is good 🙏🏾", "Alhamdulillah"):
# thanks for what happened, never the thing a plan is for
_PRAISE = re.compile(
    r"(?:god\s+(?:did(?:\s+it)?|is\s+(?:good|great|faithful)|dey|be\s+praised)|thank\s+god|"
    r"praise\s+(?:god|the\s+lord|jesus)|thank\s+you\s+(?:jesus|lord|god)|glory\s+(?:be\s+)?to\s+god|"
    r"al-?hamdu?\s*lill?ah|masha'?\s*allah|subhan\s*allah|amen)(?:\s+(?:o|oo+|sha|again|amen))*",
    re.I,
)


def names_nothing(title: str) -> bool:
    """The title is made only of words that name no thing: filler and politeness, a number
    or a year with words of when, a feeling or a reaction, a verb pointing back, praise over
    good news ("God did"); or it is a fragment with a quote or a bracket left open
    (``unbalanced``)."""
    words = _words(title)
    if not words:
        return True  # only marks or faces
    return (
        all(_closed(word) for word in words)
        or _points_back(words)
        or _PRAISE.fullmatch(" ".join(words)) is not None
        or unbalanced(title)
    )


# -- a step that is only the words leading into a list -----------------------------------

NEED_ELSEWHERE = (
    r"(?:kailangan(?:\s+ko|\s+namin)?|necesito|necesitamos|preciso|precisamos|chahiye|brauche|"
    # Levantine and Gulf Arabic typed in Latin letters: "lezem:", "lazem:" (round z186–z191)
    r"lezem|lazem|lazim|"
    # Indonesian "what is needed": "yg perlu:", "yang perlu disiapin:"
    r"y(?:an)?g\s+(?:perlu|harus)(?:\s+di\w+)?)"
)
_HEADER_WORDS = (
    r"(?:the\s+)?(?:steps?|things?(?:\s+to\s+(?:do|sort|get))?|to[\s-]*dos?|todos?|tasks?|jobs?|"
    r"list|check\s*list|plan|items?|stuff)(?:\s+i\s+(?:think|guess|reckon))?(?:\s+(?:are|is))?(?:\s+(?:as\s+follows|so\s+far|for\s+now))?|"
    r"(?:(?:i|we)\s+)?(?:must|need\s+to|have\s+to|gotta|got\s+to|should|will)(?:\s+(?:do|get|sort))?|"
    r"(?:(?:i|we)\s+)?(?:need|want)|(?:are|is)\s+as\s+follows|as\s+follows|first\s+things?(?:\s+first)?|"
    r"what\s+(?:i|we)\s+(?:need|have)(?:\s+to\s+do)?|"
    # whose the list is or what it is to them: "my part:", "things I need to do:"
    rf"{plan_phrases.LEAD_IN}|"
    # "need" in the words of other languages people mix in: "kailangan ko:", "necesito:"
    rf"{NEED_ELSEWHERE}|"
    # a request to drbot that leads into the list: "Abeg help me plan am:", "pls help me with:"
    r"(?:(?:abeg|pls|please|kindly)\s+)?(?:(?:can|could)\s+(?:you|u)\s+)?help\s+me\s+"
    r"(?:plan|sort|organi[sz]e|with)(?:\s+(?:am|it|this|that|them))?"
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
    # ("Abeg help me plan am: first I go apply for …": the words that order the step go too)
    said = next(iter(plan_prose.items(said)), said) if "," not in said else said
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


def past_filler_lead(title: str) -> str:
    """ "Plan: renew my PRC license", "Plan ko: renew my PRC license" (Tagalog "my plan"):
    filler or a count set off by a colon or a dash before the goal is no part of it."""
    lead = _LEAD.match(title.strip())
    if lead and _filler_or_count(_words(lead["lead"])) and not names_nothing(lead["rest"]):
        return plan_phrases.cap(lead["rest"].strip())
    return title


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


# What the plan asked for is for, said after the request: "Can you make a new plan for me, it's
# for the herb spiral" ("It's for the herb spiral" is "The herb spiral"; "It's for school" too)
_IT_IS_FOR = re.compile(
    r"^(?:it'?s|it’s|its|it\s+is|this\s+(?:one\s+)?is|this\s+one'?s|that'?s|that\s+is)\s+for\s+"
    r"(?P<goal>\S.*)$",
    re.I,
)
IT_IS_FOR_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("It's for the herb spiral", "The herb spiral"),
    ("this one is for Lily's birthday party", "Lily's birthday party"),
)
# (a goal that only starts with "it": "It's time to sell the car", "Its for me" names nothing)
IT_IS_FOR_NEAR_MISSES: tuple[str, ...] = (
    "It's time to sell the car",
    "It's for me",
    "Fit it for winter",
)


def after_asking(title: str) -> str:
    """ "Add one more plan for ammi's birthday dinner" is "Ammi's birthday dinner": a title
    that opens with the words of asking for a plan (filler, with a word for a plan in it) up
    to "for" or "called" is the goal after them; "It's for the herb spiral" is "The herb
    spiral". Any other title is returned as it is."""
    said_for = _IT_IS_FOR.match(title.strip())
    if said_for is not None and not names_nothing(said_for["goal"]):
        return plan_phrases.cap(said_for["goal"].strip())
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


# A title of several sentences whose first ones only say how the person came to drbot: "hello
# sir/madam my guide told me to use some app for tracking so here. thesis submission" is
# "Thesis submission" (the sentence a greeting opens, who sent them, who is writing)
PAST_HOW_THEY_CAME_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "Hello sir/madam my guide told me to use some app for tracking so here. thesis submission",
        "Thesis submission",
    ),
    ("My sister told me to try you. Garage clear-out", "Garage clear-out"),
)
# (one sentence, or a first sentence that says something of the goal, stays whole)
PAST_HOW_THEY_CAME_NEAR_MISSES: tuple[str, ...] = (
    "My guide told me to use some app for tracking",
    "Mum reckons the roof needs doing. Roof repair",
    "Hello sir/madam my guide told me to use this. It",
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def past_how_they_came(title: str) -> str:
    """``title`` without its first sentences when they only say how the person came to drbot."""
    said = _SENTENCE_END.split(title.strip())
    at = 0
    while at < len(said) - 1 and plan_prose.told_of_drbot(plan_prose.opening(said[at])):
        at += 1
    rest = " ".join(said[at:]).strip()
    return plan_phrases.cap(rest) if at and not names_nothing(rest) else title


def reread(text: str, title: str, steps: list[str]) -> tuple[str, list[str]]:
    """The reading of ``text`` with what names nothing taken out where its shape shows how:
    the goal said after filler set off by a colon or a dash (``after_filler``; "Please —
    retile the bathroom" is "Retile the bathroom"), or after the words of asking for a plan
    (``after_asking``), a quoted title's closing mark (``quote_closed``), a list's header on
    the first step (``without_header``)."""
    title, steps = after_filler(text, title, steps)
    title = past_filler_lead(title)
    steps = without_header(steps)
    if _score(title, "")[0] >= 2:  # (under a title that names no goal, the news may name it)
        steps = news_before_header(text, steps)
    return quote_closed(text, after_asking(past_how_they_came(title))), steps


# What happened to a thing: "talk got accepted", "visa was approved", "flat has been let"
_HAPPENED = re.compile(
    r"^[\w'-]+(?:\s+[\w'-]+)?\s+(?:got|was|were|has\s+been|have\s+been|is|are)\s+[\w'-]+(?:ed|en)\b",
    re.I,
)


def news_before_header(text: str, steps: list[str]) -> list[str]:
    """ "conference talk in Vienna\nabstract got accepted (yay!!)\nneed to:\nbook hotel\n…": a
    line of news between the goal and the line that leads into the list ("need to:") is said
    before the list starts; no step. Any line that is no news stays."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    header = next((i for i, line in enumerate(lines) if i and list_header(line)), None)
    if header is None:
        return steps
    before = {plan_phrases.cap(line.strip(" .;,")).lower() for line in lines[:header]}
    kept = [
        step
        for step in steps
        if not (
            (plan_prose.news_said(step) or _HAPPENED.match(step))
            and any(step.lower() in line for line in before)
        )
    ]
    return kept if len(kept) >= 2 else steps


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
    # a request for help that names nothing
    "Help me",
    "Help me pls",
    # the word drbot is called by, and the greetings and interjections said with it
    "Bossu",
    "Put a new one down mate",
    "Yoh ok",
    "Sasa boss",
    "Heita bot 👋🏾",
    # praise over good news
    "God did",
    "God is good 🙏🏾",
    "Alhamdulillah",
    # a verb pointing back at what was said before
    "Sorting it",
    "Doing this",
    # the words of asking for one more, and of "while we're at it"
    "Add another one while we're at it",
    # asking for help or order in general (``_ASKING_HELP``)
    "Need help organizing",
    "Worst at organizing",
    "Quería saber si esto sirve para organizarme es que",
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
    # a word that is a particle elsewhere, inside a name
    "Pala's 60th",
    "Din Tai Fung dinner",
    # a person called so, named as the one a plan is for
    "Boss's leaving do",
    "Bro's stag",
    "Godparents' gifts",
    "Thank the church volunteers",
    # help or organising with a thing named: the goal
    "Need help with the garden",
    "Organise the padel tournament",
    "Help Dad with his tax return",
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
    # "need" in the words of other languages
    "Kailangan ko:",
    "necesito: pan y leche",
    "yg perlu: pesen rujak",
    # a request to drbot that leads into the list
    "Abeg help me plan am: buy the machine",
    "pls help me sort this: ring the bank",
    # the words of whose the list is (``plan_phrases.LEAD_IN``), and a hedge on the steps
    "my part: renew the passport",
    "things I need to do: register online",
    "Steps I think are: pay the fee",
)
HEADER_NEAR_MISSES: tuple[str, ...] = (
    "Call the vet: ask about jabs",
    "Catch the 3:15 train",
    "Need to book the hall",
    "Make a to-do list for the move",
    "Check the steps are swept",
    "Kailangan ko ng tulong",
    "Help me plan the route",
    "Do my part of the washing up",
    "Think about the steps",
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
        "new plan pala: school reunion 🎉 book the venue, then message the batch, then order food",
        "Pala",
        ("School reunion 🎉 book the venue", "Message the batch", "Order food"),
        "School reunion",
        ("Book the venue", "Message the batch", "Order food"),
    ),
    (
        "bagong plan po: baby shower 🍼 book the hall, order the cake",
        "Bagong plan po",
        ("Baby shower 🍼 book the hall", "Order the cake"),
        "Baby shower",
        ("Book the hall", "Order the cake"),
    ),
)


# -- the goal among the clauses said before the list ---------------------------------------
#
# A first message often opens with words that are no goal before the one that is: a greeting,
# who is writing ("We are Wim and Joke from Utrecht", "Barbara here", "my name na Tunde"), how
# the person feels ("24 wks and my brain is mush", "wild"), news of someone ("our son was born 3
# weeks ago"), the words that lead into the list ("The steps are", "need to") or a request to
# drbot ("can you keep track of the hospital bag for me", whose thing is the goal). A reader
# that took one of those as the title is corrected by scoring every clause said before the
# first step by its class, not by its words: a goal said with a goal word or asked to be kept
# beats a thing named, which beats news; a preamble clause is never the title.

# Who is writing: "We are Wim and Joke from Utrecht", "Barbara here", "my name na Tunde"; as
# someone's relative ("i am Wang Hao mother", "I'm Priya's dad"); and in the languages people
# mix in ("mwen se Guerline", Haitian; "Mero naam Kamala", Nepali; "je m'appelle Aude",
# "me llamo Rosa", "jina langu ni Amina", "nama saya Budi", "ich bin Jonas")
_FAMILY = (
    r"(?:mother|mom|mum|mama|father|dad|papa|wife|husband|son|daughter|sister|brother|grandma|"
    r"grandmother|granny|grandpa|grandfather|auntie|aunty|aunt|uncle|niece|nephew|cousin)"
)
_SELF_INTRO = re.compile(
    r"^(?:(?i:we\s+are|we'?re|i\s+am|i'?m|im|this\s+is|it'?s)\s+[A-Z][\w'-]*(?:\s+(?:and|&)\s+[A-Z][\w'-]*)?"
    r"(?:\s+(?:from|in|here)\b.*)?|[A-Z][\w'-]*(?:\s+(?:and|&)\s+[A-Z][\w'-]*)?\s+here|"
    rf"(?i:i\s+am|i'?m|im)\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*){{0,2}}(?:'s|s')?\s+(?i:{_FAMILY})|"
    r"(?i:mwen\s+se|m\s+se|mero\s+naam|mera\s+naam|je\s+m'appelle|me\s+llamo|mi\s+nombre\s+es|"
    r"jina\s+langu\s+ni|nama\s+saya|ich\s+bin|ich\s+hei(?:ß|ss)e|mein\s+name\s+ist|"
    r"meu\s+nome\s+(?:é|e)|mijn\s+naam\s+is)\s+[A-Z][\w'-]*(?:\s+(?i:ho|hai|h|hu|hoon))?|"
    r"(?i:my\s+name\s+(?:is|na|'s|be)\s+\w+.*)|"
    # Tagalog: "si tita Lorie ito" ("this is auntie Lorie"), "ako si Lorie" ("I am Lorie")
    r"(?i:si)\s+(?:[\w'-]+\s+)?[A-Z][\w'-]*\s+(?i:ito)|(?i:ako\s+si)\s+(?:[\w'-]+\s+)?[A-Z][\w'-]*)$"
)
# Who is writing by their trade or their place in a family, and where they live (rounds
# z54–z59 "I am new here. DJ from Leipzig, I play my first London gig …", z186–z191 "im a
# nurse doing nights …", z264–z269 "hello i am engineer from Ganja, i need prepare for IELTS
# exam. first …" and "bonjour 😊 mother of 4 here in Ziguinchor, christmas is coming …"): the
# writer, never the goal, as a name is. Only a word for a trade or a family's role, and only
# with where they are from or live: "Flights from Lagos", "Cake from the bakery", "Nurse
# the puppy" and "Driver's licence" name things and deeds and stay titles.
_ROLE = (
    r"(?:engineer|nurse|doctor|teacher|student|dj|driver|taxi\s+driver|truck\s+driver|farmer|"
    r"tailor|mechanic|chef|cook|cleaner|carer|caregiver|nanny|trader|vendor|builder|plumber|"
    r"electrician|pharmacist|midwife|developer|programmer|designer|accountant|lawyer|barber|"
    r"hairdresser|baker|butcher|fisherman|pastor|retiree|pensioner|housewife|homemaker|"
    r"refugee|migrant|immigrant|expat|musician|artist|photographer|freelancer|waiter|"
    r"waitress|shopkeeper|entrepreneur|volunteer|"
    r"(?:(?:single|working|busy|proud|young|new)\s+)?(?:mother|mom|mum|mama|father|dad|papa|"
    r"parent|grandma|grandmother|granny|grandpa|grandfather)"
    r"(?:\s+of\s+(?:\d+|two|three|four|five|six|seven|twins)(?:\s+(?:kids|children|boys|girls))?)?)"
)
_WHO_BY_ROLE = re.compile(
    r"^(?:(?:i\s+am|i'?m|im)\s+)?(?:(?:a|an)\s+)?"
    r"(?:(?:new|young|retired|qualified|trainee|student|junior|senior|nursing|civil|software|"
    r"international|foreign)\s+)?"
    rf"{_ROLE}(?:\s+(?:here\s+)?(?:from|in|based\s+in|living\s+in|fae)|\s+here)"
    r"(?:\s+(?:the\s+)?[\w'-]+){1,3}$",
    re.I,
)
WHO_BY_ROLE_EXAMPLES: tuple[str, ...] = (
    "Engineer from Ganja",
    "i am engineer from Ganja",
    "Mother of 4 here in Ziguinchor",
    "DJ from Leipzig",
    "I'm a nurse here in Houston",
    "retired teacher from Kumasi",
)
WHO_BY_ROLE_NEAR_MISSES: tuple[str, ...] = (
    "Flights from Lagos",  # a thing from a place
    "Cake from the afghan bakery on fremont blvd",
    "Nurse the puppy back to health",  # a deed
    "Driver's licence from Manila",
    "Student loan from the bank",  # no trade, a thing named after one
    "Visit mum in Leeds",  # a verb leads: a deed
)


def who_by_role(title: str) -> bool:
    """Whether ``title`` only says who is writing by their trade or family role and where
    they are from (``_WHO_BY_ROLE``: "Engineer from Ganja", "Mother of 4 here in
    Ziguinchor")."""
    return _WHO_BY_ROLE.match(plan_prose.without_emoji(title).strip(" ,.!?:;—-")) is not None


# Saying one is new to drbot: "just joined", "new here", "first time using this", "aku baru
# pake bot ini" (Indonesian: "I've just started using this bot")
_NEW_HERE = re.compile(
    r"^(?:(?:i'?m|im|i\s+am|i'?ve|i\s+have|i)\s+)?(?:just\s+(?:joined|signed\s+up|started(?:\s+using"
    r"\s+(?:this|you|u)(?:\s+(?:bot|app))?)?|found\s+(?:this|you)(?:\s+(?:bot|app))?)|"
    r"(?:very\s+|totally\s+)?new\s+(?:(?:[\w'-]+\s+)?here|to\s+this(?:\s+(?:bot|app))?)|"
    r"(?:my\s+)?first\s+time\s+(?:here|using\s+(?:this|you|u)(?:\s+(?:bot|app))?))$|"
    r"^(?:aku|saya|gue|gw)\s+baru\s+(?:pake|pakai|coba|join|gabung)\b.*$",
    re.I,
)
# A request to drbot to keep something: the thing asked about is the goal
_KEEP_THING = re.compile(
    r"^(?:(?:pls|please|abeg|kindly)\s+)?(?:(?:can|could|would|will)\s+(?:you|u)\s+)?"
    r"(?:(?:please|pls)\s+)?(?:(?:i\s+)?need\s+help\s+(?:to\s+)?(?:keep(?:ing)?\s+track\s+of|with)|"
    r"keep\s+(?:a\s+)?track\s+of|keep\s+tabs\s+on|hold\s+onto|remember|"
    r"track|help\s+me\s+(?:with|track|remember)|"
    # a new plan asked for: "so new plan for getting back to running"
    r"(?:(?:so|ok|okay)\s+)?(?:a\s+)?new\s+(?:plan|goal|project)\s+(?:for|to))\s+(?P<thing>.+?)"
    r"(?:\s+for\s+(?:me|us))?(?:\s+(?:pls|please))?$",
    re.I,
)
# Words that lead into the list at a clause's end ("… need to", "The steps are", "things to do")
_LEADS_IN = re.compile(
    r"(?:^|\s+|^(?:and|so)\s+)(?:(?:i|we)\s+)?(?:need(?:\s+to)?|have\s+to|must|gotta|"
    r"the\s+(?:steps|things|jobs)(?:\s+to\s+do)?(?:\s+(?:are|is))?|things\s+to\s+(?:do|sort)|"
    # "pengen dibikin list" (Indonesian: "I'd like a list made"), "tolong bikinin list"
    r"(?:(?:aku|saya)\s+)?(?:pengen|ingin|mau|tolong)\s+(?:di)?(?:bikin|buat)(?:in|kan)?\s+"
    r"(?:list|daftar|plan|rencana)(?:nya)?|"
    # "what I need:", "what we need to do:"
    r"what\s+(?:i|we)\s+need(?:\s+to\s+do)?|"
    rf"steps|the\s+plan\s+is|plan\s+is|which\s+means|{NEED_ELSEWHERE})$",
    re.I,
)
# A goal said with a goal word, or what someone is setting out to do: "We must register our
# Dutch car", "you have to get on daycare waitlists", "we're taking him to Pune for the
# naamkaran", "I wan start POS business"
_GOAL_SAID = re.compile(
    r"^(?:(?:apparently|so|and|but|now|also|really|finally)\s+)*"
    # who: "I", "we", "me and the guys", "my wife and I"
    r"(?:(?:i|we|you|(?:me|my\s+\w+|our\s+\w+)\s+and\s+(?:i|me|the\s+\w+|my\s+\w+))(?=[\s'])\s*)?"
    r"(?:(?:really|now|actually|also|just|finally)\s+)*"
    r"(?:need\s+to|have\s+to|must|gotta|got\s+to|want\s+to|wan(?:na)?|plan(?:ning)?\s+to|'?m\s+going\s+to|"
    r"(?:would|'d)\s+(?:really\s+)?(?:like|love)\s+to|(?:hoping|trying|aiming)\s+to|"
    r"decided\s+(?:to|(?:i'?m|im|we'?re)\s+(?:gonna|going\s+to))|(?:'m|'re|am|are)?\s*gonna|"
    r"(?:'re|'m|are|am)\s+(?!going\b)\w+ing\b)",
    re.I,
)
# Who told the person to write, or what someone says: how the message came, never its goal
_REPORTED = re.compile(rf"^{plan_prose.TOLD_OF_DRBOT}", re.I)
# A goal that names only being ready or organised ("be ready", "get organized before the snow",
# "plan early", "deal with it"): no thing the steps serve
_VAGUE = re.compile(
    r"^(?:be|get(?:ting)?|plan|planning|deal|sort|prepare|prep|organi[sz]e|stay|keep|start)"
    r"(?:\s+(?:with|on|top|of|ahead|early|ready|organi[sz]ed|prepared|sorted|it|this|that|things|"
    r"stuff|everything|all|out|myself|ourselves|properly|sorting))*"
    r"(?:\s+(?:before|by|until|for\s+real|now|asap|in|from|(?:this|next)\s+(?:week|weekend|month|year|"
    r"morning|time))\b.*)?$",
    re.I,
)
# A clause about the list itself: "steps as I see em", "the plan is", "my list so far"
_ABOUT_THE_LIST = re.compile(
    r"^(?:(?:the|my|our)\s+)?(?:steps?|things\s+to\s+do|to-?\s*dos?|plan|list|tasks)"
    r"(?:\s+(?:as|is|are|so\s+far|for\s+now|nya|from\s+here)\b.*)?$",
    re.I,
)
# An event, then getting ready for it: "My mother in law is visiting from Sendai next month so
# I want to prepare", "the baby's due in May so we need to get ready"
_READY_FOR = re.compile(
    r"^(?P<event>.{6,80}?)\s*,?\s+so\s+(?:(?:i|we)\s+)?(?:(?:want|need|have|'d\s+like)\s+to|"
    r"must|gotta|wanna)\s+(?:get\s+)?(?:prepare|prep|ready|be\s+ready|get\s+ready|organi[sz]e"
    r"(?:\s+(?:things|everything))?)$",
    re.I,
)
READY_FOR_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "My mother in law is visiting from Sendai next month so I want to prepare",
        "My mother in law is visiting from Sendai next month",
    ),
    (
        "I am Aiko, my cousins are coming for Easter so we need to get ready",
        "My cousins are coming for Easter",
    ),
)
READY_FOR_NEAR_MISSES: tuple[str, ...] = (
    # news in the past: no event to come it is for (read as any other clause)
    "My mother in law visited last month so I want to prepare",
)
# An event to come named by someone's news: "my bhai is getting married in Jaipur", "the
# baby is due in May" (news in the past — "our son was born" — names none)
_EVENT_TO_COME = re.compile(r"\b(?:is|are|'s|'re)\s+(?:\w+ing|due|coming)\b", re.I)
_SENTENCES = re.compile(r"(?<=[.!?])\s+|\n")
_CLAUSES = re.compile(
    r"(?<=[.!?])\s+|\s+and\s+(?=(?:we|i|we'?re|i'?m)\b)|,?\s+(?=which\s+means\b)|\n|"
    # news, then the need after a comma: "just land manchester 3 weeks, need open bank account"
    r",\s+(?=(?:i\s+|we\s+)?(?:really\s+)?need\s+(?:to\s+)?[a-z]+\s+\w)",
    re.I,
)
# Words that only order the list ("first", "then") or say a goal is meant ("gonna", "I'll"):
# no thing a goal names
_ORDER_WORDS = (
    frozenset(
        """first firstly then next after that finally last steps step gonna wanna gotta going
        will i'll ill want need have must 1st second 2nd third 3rd""".split()
    )
    | plan_phrases.ORDER_WORDS_ELSEWHERE  # (the same in the languages people mix in)
)


# A remark on how much there is to do, in the languages people mix in: "bohat kaam hai 😅"
# ("lots to do"), "there's loads to do", "so much to organise", "muita coisa pra fazer". It
# says how big the job is, never what it is: the goal is said elsewhere.
_MUCH_TO_DO = re.compile(
    r"^(?:(?:and|so|but|ugh|omg|lol)\s+)*(?:(?:there'?s|there\s+is|it'?s|its|got|have|i\s+have|we\s+have)\s+)?"
    r"(?:(?:so|such)\s+)?(?:much|a\s+lot|lots|loads|tons|heaps|plenty)(?:\s+of\s+(?:stuff|things|work))?"
    r"\s+to\s+(?:do|organi[sz]e|sort(?:\s+out)?|get\s+done|plan|arrange)(?:\s+(?:tbh|honestly|lol))?$|"
    r"^(?:(?:bohat|bahut|bohot|bht|kaafi|itna|kitna|bara|bada)\s+(?:sara\s+|zyada\s+)?kaam\s+"
    r"(?:hai|hain|he|h|pada\s+hai|baaki\s+hai|baki\s+hai))$|"
    r"^(?:(?:tem|tenho|temos|é)\s+)?(?:muita\s+coisa|muito\s+trabalho)(?:\s+(?:pra|para)\s+fazer)?$|"
    r"^(?:(?:hay|tengo|tenemos)\s+)?(?:mucho\s+(?:que\s+hacer|trabajo)|un\s+montón\s+de\s+cosas(?:\s+que\s+hacer)?)$|"
    r"^(?:(?:il\s+y\s+a|j'ai)\s+)?(?:beaucoup|plein)\s+(?:de\s+(?:choses|trucs|boulot)\s+)?à\s+faire$",
    re.I,
)
MUCH_TO_DO_EXAMPLES: tuple[str, ...] = (
    "bohat kaam hai",
    "there's loads to do",
    "so much to organise",
    "heaps to do",
    "muita coisa pra fazer",
    "beaucoup à faire",
)
MUCH_TO_DO_NEAR_MISSES: tuple[str, ...] = (
    "so much to do before the wedding",  # what it is for: the goal
    "shaadi ka kaam hai",
    "lots to do in Lisbon",
)
# Who brought the person to drbot, in any of the languages they mix: "bete ne ye app download
# karke diya hai" ("my son downloaded this app for me"), "my grandson put this on my phone",
# "my daughter installed this for me". How they came, never the goal.
_BROUGHT_HERE = re.compile(
    r"^(?:[\w'-]+\s+){1,4}(?:ne\s+)?(?:ye|yeh|yah|is|this|the|this\s+bot|this\s+app)?\s*(?:app|bot)?\s*"
    r"(?:download|install|set\s*up|daal|dal|laga)\s*(?:kar(?:ke|ka|\s+ke)?\s+)?(?:diya|diye|di|dia)"
    r"(?:\s+(?:hai|he|h|tha))?(?:\s+(?:mere\s+liye|phone\s+(?:pe|par|mein)))*$|"
    # (a word of address before it, "dear my granddaughter Gabija set this up for me on the
    # phone" z243, in whatever language the person calls the reader by, one or two words:
    # "paidi mou my grandson put you on my phone" z261 — Greek "my child"; the rest must be
    # the arrival whole, so no goal is lost; a laugh after it, "my daughter installed this
    # for me jaja" z257)
    r"^(?:(?:dear|so|ok)\s+|[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?\s+(?=(?:my|our)\s))?"
    r"(?:my|our)\s+(?:[\w'-]+\s+){1,3}(?:has\s+|have\s+|just\s+)?"
    r"(?:installed|downloaded|put|got|set)\s+"
    r"(?:this|you|it|the\s+app|this\s+app|this\s+bot)\b(?:\s+up)?(?:\s+(?:on|for|onto|in)\s+"
    r"(?:my|me|the|our)(?:\s+(?:phone|tablet|ipad|mobile))?)*"
    r"(?:\s+(?:ja(?:ja)+|ha(?:ha)+|he(?:he)+|lol|lmao|kk+))*$",
    re.I,
)
BROUGHT_HERE_EXAMPLES: tuple[str, ...] = (
    "bete ne ye app download karke diya hai",
    "my grandson put this on my phone",
    "my daughter has installed this for me",
    "my daughter installed this for me jaja",
    "dear my granddaughter Gabija set this up for me on the phone",
    "paidi mou my grandson put you on my phone",
    "mija my son put this on my phone",
)
BROUGHT_HERE_NEAR_MISSES: tuple[str, ...] = (
    "my son put the bins out",
    "my son set the table for me",  # something else set up
    "my daughter installed the shelves haha",
    "download the app",
    "bete ne bike le li hai",
    # words before it that are no address: what was set up is something else, or a goal
    "paidi mou my grandson put the tree up",
    "fix the phone my son put this on",
)


def much_to_do(clause: str) -> bool:
    """Whether ``clause`` only remarks on how much there is to do ("bohat kaam hai")."""
    return _MUCH_TO_DO.match(plan_prose.without_emoji(clause).strip(" ,.!?:;—-")) is not None


def brought_here(title: str) -> bool:
    """Whether ``title`` only says who brought the person to drbot ("Bete ne ye app download
    karke diya hai", "My grandson put this on my phone"): no goal."""
    return _BROUGHT_HERE.match(plan_prose.without_emoji(title).strip(" ,.!?:;—-")) is not None


# Words about drbot, however the person came to it: someone told them of it ("yo wassup my
# cousin told me bout this bot", "my friend Krzysiek from depot say this bot is good for
# remember things", "My friend Nazanin said use this") or it is their first time with it ("lol
# first time using this"); rounds z174–z179, z180–z185, z198–z203, z228–z233, each read as
# the title of a newcomer's list. Never the goal, unless a goal follows in the same breath
# ("my son said you could help me plan his wedding").
_TOLD_OF_THIS = re.compile(
    r"\b(?:told|tells?|says?|said|recommended|showed)\s+(?:(?:me|us)\s+)?(?:(?:about|bout|abt|of)\s+)?"
    r"(?:(?:to\s+)?(?:use|try)\s+)?(?:this|ur|your|you|u)\b(?:\s+(?:bot|app))?|"
    r"\b(?:first\s+time|just\s+started)\s+(?:(?:using|usin|with|on)\s+)?(?:this|you|u)\b(?:\s+(?:bot|app))?",
    re.I,
)
_GOAL_AFTER_DRBOT = re.compile(
    r"\b(?:help\s+(?:me|us)\s+(?!with\s+(?:lists?|plans?|things|stuff)\b)\w+|need\s+to|want\s+to|"
    r"have\s+to|plan\s+(?!\w*s?\b$)\w+)",
    re.I,
)
# The same said in Spanish, Portuguese, French or Italian: who told the person, a verb of
# telling or recommending with "me" before it ("me dijo mi prima", "me dijeron", "me lo
# recomendó", "me indicaram", "m'a dit", "on m'a conseillé", "mi ha detto"), then drbot itself
# ("esto", "aquí", "tú", "te", "este bot", "esse bot", "toi", "t'", "ce bot", "questo") and
# at most a few words of what it is good for. Rounds z168–z173 ("me lo recomendó mi
# sobrino"), z174–z179 ("me indicaram esse bot"), z204–z209 ("me dijeron q tu me ayudas a
# organizarme", "mi hija me dijo que use esto"), z210–z215 ("me dijo mi prima q aqui se puede
# organizar cosas"), z246–z251 ("on m'a conseillé ce bot", "mi hermano me dijo que te use"),
# z252–z257 ("me dijo que esto sirve pa organizarse"), z258–z263 ("m'a dit que t'étais bon
# pour ça", "m'a parlé de toi"), z270–z275. A goal said after it ("quiero …", "j'organise …")
# is no part of it, and a verb of telling about anything else ("me dijo que el que tengo
# aguanta") is news.
_TOLD_ME_ELSEWHERE = re.compile(
    r"\b(?:me\s+(?:l[oa]\s+)?(?:dijo|dijeron|cont[oó]|contaron|recomend[oó]|recomendaron|"
    r"habl[oó]|hablaron|pas[oó]|pasaron|mand[oó]|mandaron|disse|disseram|falou|falaram|"
    r"indic[oó]|indicaron|indicou|indicaram|recomendou|recomendaram|passou|passaram|mandou)|"
    r"m'(?:a|ont)\s+(?:dit|parl[ée]|conseill[ée]|recommand[ée]|montr[ée]|envoy[ée])|"
    r"mi\s+(?:ha|hanno)\s+(?:detto|parlato|consigliato))\b",
    re.I,
)
_DRBOT_ELSEWHERE = re.compile(
    r"^(?:\s*[\w'-]+){0,4}?\s*\b(?:(?:que|q|de|del|des|do|di)\s+)?(?:"
    r"esto|isto|isso|questo|aqu[ií]|ac[aá]|ici|qui|t[uú]|te|ti|toi|vos|usted|voc[eê]|vc|"
    r"(?:este|esta|esse|essa|ce|cette|questa|questo|el|la|o|a|the|this)\s+(?:bot|app|aplicaci[oó]n|"
    r"aplicativo|appli|chat|robot)|"
    r"de(?:sse|ste|ssa|sta)\s+(?:bot|app|aplicativo))(?=[\s,.!?]|$)|"
    r"^(?:\s*[\w'-]+){0,4}?\s*\bt'",
    re.I,
)
# A goal said after it: the person's own wish or need ("quiero pintar", "tengo que",
# "j'organise", "je monte", "preciso resolver"): the clause is no longer only about drbot
_OWN_GOAL_ELSEWHERE = re.compile(
    r"\b(?:quiero|queremos|quisiera|quero|tengo\s+que|tenemos\s+que|tenho\s+que|necesito|"
    r"necesitamos|preciso|precisamos|hay\s+que|voy\s+a|vamos\s+a|vou|je\s+veux|j'aimerais|"
    r"je\s+dois|il\s+faut|j'organise|je\s+monte|je\s+vais|voglio|devo|need\s+to|want\s+to|"
    r"have\s+to)\b",
    re.I,
)


def _told_of_us_elsewhere(clause: str) -> bool:
    """Whether ``clause`` only says, in Spanish, Portuguese, French or Italian, who told the
    person of drbot (``_TOLD_ME_ELSEWHERE``), then a few words of what it is good for."""
    found = _TOLD_ME_ELSEWHERE.search(clause)
    if found is None:
        return False
    rest = clause[found.end() :]
    words = _words(rest)
    clitic = re.match(r"me\s+l[oa]\s", found[0], re.I) is not None  # "me lo recomendó"
    return (
        (clitic or _DRBOT_ELSEWHERE.match(rest) is not None)
        and len(words) <= 9
        and _OWN_GOAL_ELSEWHERE.search(rest) is None
    )


ABOUT_DRBOT_EXAMPLES: tuple[str, ...] = (
    "Yo wassup my cousin told me bout this bot",
    "My friend Krzysiek from depot say this bot is good for remember things",
    "Lol first time using this",
    "My friend Nazanin said use this",
    "Hi drbot my friends said you help with plans",
    "Me dijo mi prima q aqui se puede organizar cosas",
    "me dijeron q esto sirve pa organizarse",
    "mi hija me dijo que use esto",
    "Buenas tardes, me lo recomendó mi sobrino",
    "eae mano, me indicaram esse bot kkk",
    "on m'a conseillé ce bot",
    "ma cousine m'a dit que t'étais bon pour ça",
    "ma collègue à l'hôpital m'a parlé de toi",
)
ABOUT_DRBOT_NEAR_MISSES: tuple[str, ...] = (
    "my son said you could help me plan his wedding",  # the goal follows
    "my cousin told me about the flat in Leeds",  # a thing, no drbot
    "first time using the new oven",
    # told of something else, or a goal said after drbot
    "el bombero me dijo que el que tengo aguanta hasta el otro año",
    "me dijeron q con la licencia de nica no lo tengo q hacer",
    "me dijeron q tu me ayudas a organizarme quiero montar un food truck",
    "ma cousine m'a dit que t'étais bon pour ça j'organise la veillée de Noël",
    "le marqué al DJ que me recomendó sebas",
)


def says_who_writes(title: str) -> bool:
    """Whether ``title`` says who is writing (``_SELF_INTRO``: "Jef here", "I am Aiko", "My
    name is Bolor I live in Denver"): no goal, however much of the person's story follows a
    name said so in the same breath."""
    return _SELF_INTRO.match(
        plan_prose.without_emoji(title).strip(" ,.!?:;—-")
    ) is not None or who_by_role(title)


def about_drbot(clause: str) -> bool:
    """Whether ``clause`` only says how the person came to drbot (``_TOLD_OF_THIS``)."""
    found = _TOLD_OF_THIS.search(clause)
    if found is None:
        return _told_of_us_elsewhere(clause)
    return _GOAL_AFTER_DRBOT.search(clause[found.end() :]) is None


def _preamble(clause: str) -> bool:
    """A clause that is never a plan's title: a greeting, who is writing, a feeling, a count,
    the words that lead into the list, or words that name nothing."""
    bare = plan_prose.without_emoji(clause).strip(" ,.!?:;—-")
    return (
        not bare
        or plan_prose.greeting_only(bare)
        or _SELF_INTRO.match(bare) is not None
        or who_by_role(bare)
        or _NEW_HERE.match(bare) is not None
        or _LEADS_IN.fullmatch(bare) is not None
        or names_nothing(bare)
        or plan_prose.counts_only(bare)
        or bare.lower() in _POINTER
        or _MUCH_TO_DO.match(bare) is not None
        or _BROUGHT_HERE.match(bare) is not None
        or about_drbot(bare)
    )


_FIRST_WHO_AT_END = re.compile(
    r"[\s,;:—–-]*(?:\s(?:so|and))?\s+first(?:ly)?,?\s+(?:i|we)(?:'ll|'m|'re|’ll|’m)?"
    r"(?:\s+(?:am|are))?(?:\s+(?:going\s+to|gonna|need\s+to|have\s+to|got\s+to|gotta|must|will|"
    r"shall|should|want\s+to|wanna|can))?\s*$",
    re.I,
)


def _score(clause: str, before: str) -> tuple[int, str]:
    """How surely ``clause`` names the goal the steps serve, and the goal it names:
    3 a goal word or a thing asked to be kept, 2 a thing named, 1 news, 0 a preamble."""
    bare = plan_prose.opening(clause).strip(" ,.!?:;—->→")
    # ("… so I want to prepare: 1. clean …": the first item's number is the list's, cut with it)
    bare = re.sub(r"\s*:\s*(?:1|one)$", "", bare, flags=re.I)
    bare = _LEADS_IN.sub("", bare).strip(" ,.")  # "start in 2 wks. need to" → "start in 2 wks"
    # "i want to make surprise party for her so first i | book …": the word that starts the
    # list, and who does it, end the goal (``plan_checks.goal_glued_to_first_step``)
    bare = _FIRST_WHO_AT_END.sub("", bare).strip(" ,.") or bare
    bare = past_filler_lead(bare)  # "plan ko: renew my PRC license" (Tagalog "my plan:")
    if _preamble(bare) or _REPORTED.match(bare) or _ABOUT_THE_LIST.match(bare):
        return 0, ""
    intro, comma, rest = bare.partition(",")
    if comma and (
        _SELF_INTRO.match(intro.strip()) is not None or who_by_role(intro) or asks_help_only(intro)
    ):
        # "I am Aiko, my son is 7 months": who is writing names no goal; what follows may
        # ("need help organizing, my son's sunnat to'y is in april": nor does asking for help)
        return _score(rest, before) if rest.strip(" ,.") else (0, "")
    ready = _READY_FOR.match(bare)
    if ready is not None and _EVENT_TO_COME.search(ready["event"]):
        # "My mother in law is visiting next month so I want to prepare": getting ready names
        # no thing; the event to come it is for does
        return 2, plan_phrases.cap(ready["event"].strip(" ,."))
    if (kept := _KEEP_THING.match(bare)) is not None:
        thing = kept["thing"].strip(" ,.")
        if names_nothing(thing) or plan_prose.names_nothing(thing):
            return 0, ""  # "can you hold onto that for me": the thing was said before
        return 3, plan_phrases.cap(re.sub(r"^(?:the|a|an)\s+", "", thing, flags=re.I))
    goal = plan_prose.goal_title(re.sub(r"^(?:which\s+means|apparently)\s+", "", bare, flags=re.I))
    goal = re.sub(
        r"^(?:(?:i|we|you)\s+)?(?:(?:now|actually|really|just|also)\s+)*"
        r"(?:(?:have|need|got)\s+to|must|wan(?:na)?)\s+(?:(?:actually|really|just)\s+)*",
        "",
        goal,
        flags=re.I,
    )
    goal = plan_phrases.cap(plan_prose.named_back(goal, before)) if goal else goal
    if (
        not goal
        or _preamble(goal)
        or _points_back(_words(goal))
        or _VAGUE.match(goal.strip(" .!?"))
        or re.fullmatch(
            r"[\w'-]+\s+(?:it|this|that|them|everything)(?:\s+(?:down|up|out|off|in|on|done|sorted|"
            r"fixed|somewhere|over|back|again|now|properly|all|once\s+and\s+for\s+all|for\s+good))*",
            goal.strip(" .!?"),
            re.I,
        )
    ):
        return 0, ""  # ("write this down somewhere", "deal with it": the thing is elsewhere)
    content = [
        w
        for w in _words(goal)
        if not _closed(w) and w not in plan_phrases.STEP_VERBS and w not in _ORDER_WORDS
    ]
    if not content:
        return 0, ""  # "start in 2 wks": a verb and when, no thing
    if _GOAL_SAID.match(bare):
        return 3, goal
    if (plan_prose.news_said(bare) and not _EVENT_TO_COME.search(bare)) or re.search(
        r"\b(?:not|never|no)\b|n't\b", bare, re.I
    ):
        return 1, goal  # news, or what is not so ("I'm not relocating")
    return 2, goal


def _things(text: str) -> set[str]:
    """The words of ``text`` that name a thing: no filler, count or feeling, no step's verb
    nor a word that orders the list; each as the step matcher stems it ("fridges" is
    "fridge")."""
    return {
        step_match.stem(word)
        for word in _words(text)
        if len(word) >= 3
        and not _closed(word)
        and word not in plan_phrases.STEP_VERBS
        and word not in _ORDER_WORDS
        and word not in _STOPWORDS
    }


# the step matcher's small words, and the few it keeps as part of an action
_STOPWORDS = step_match.STOPWORDS | frozenset(
    "get got not there than what when where which who".split()
)


def _with_the_steps(score: int, goal: str, steps: list[str]) -> tuple[int, bool]:
    """How surely a clause names the goal the steps serve, with what it shares with them: a
    clause that names a thing a step names too ("supplier no show AGAIN!!" over "find new rice
    noodle supplier", "fridge died overnight" over "rent a fridge") is the goal's clause, as
    sure as a thing named and ahead of chatter as sure ("3rd time this month", "lost about
    300€ of stock"). It never passes a goal said with a goal word."""
    shares = bool(score) and bool(_things(goal) & set().union(*map(_things, steps)))
    return (max(score, 2) if shares else score), shares


# (clauses before the list, steps, the goal chosen): the clause that shares the steps' thing
# over chatter as sure
SHARED_THING_EXAMPLES: tuple[tuple[tuple[str, ...], tuple[str, ...], str], ...] = (
    (
        ("supplier no show AGAIN!!", "3rd time this month"),
        ("find new rice noodle supplier", "cancel the contract", "ask for a refund"),
        "Supplier no show AGAIN",
    ),
    (
        ("fridge died overnight", "lost about 300€ of stock"),
        ("call the technician", "chuck what went warm", "rent a fridge till it's fixed"),
        "Fridge died overnight",
    ),
    (
        ("the boiler packed in again", "2nd time since May"),
        ("ring the landlord", "get a boiler engineer out", "buy a heater"),
        "Boiler packed in again",
    ),
)
SHARED_THING_NEAR_MISSES: tuple[tuple[tuple[str, ...], tuple[str, ...], str], ...] = (
    # no clause shares a thing with the steps: the one nearer the list, as before
    (
        ("car died on the motorway", "third time this year"),
        ("call the garage", "book a hire", "ring work"),
        "Third time this year",
    ),
    # a goal said with a goal word stays ahead of news that shares a step's thing
    (
        ("the van broke down", "we need to move house by June"),
        ("hire a van", "pack the kitchen", "give notice"),
        "Move house",
    ),
)


def best_clause(clauses: list[str], steps: list[str]) -> tuple[int, str]:
    """How sure, and the goal, the surest of ``clauses`` names: of two as sure, the one that
    shares the steps' thing, then the one nearer the list."""
    goal, ahead = "", (0, False)
    for at_clause, clause in enumerate(clauses):
        score, named = _score(clause, " ".join(clauses[:at_clause]))
        key = _with_the_steps(score, named, steps)
        if score and key >= ahead and not plan_prose.only_announces_list(named):
            # ("I need to sort few things, the dress, …": the list announced, no goal)
            goal, ahead = named, key
    return ahead[0], goal


def how_sure(clause: str) -> int:
    """How surely ``clause`` names a goal: 3 said with a goal word or asked to be kept, 2 a
    thing named, 1 news, 0 a preamble."""
    return _score(clause, "")[0]


# The goal said at the head of the first item, before a colon: "lost my myki AGAIN lol anyway.
# need to sort my visa extension: get new COE from uni, buy OSHC, …", "I run a little bar in
# Isola. I need to redo the insegna outside: get permission …", "… (we are with 14 members). I
# need to do the yearly accounts: collect all the receipts …". A reader that took the news
# before it for the title and the goal and the first step for one item (rounds z150–z155,
# z180–z185, z192–z197) is corrected: the head, said with a goal word, is the title; what
# follows the colon the first step. The need in the words of another language counts as the
# goal word ("bike ko license renew garnu cha: online form bharne, …", Nepali "has to be done").
_HEAD_AND_COLON = re.compile(r"^(?P<head>[^:]{3,80}?)\s*:\s+(?P<rest>\S.*)$")
_NEED_SAID_AFTER = re.compile(
    r"\s+(?:garnu|garna)\s+(?:cha|chha|paryo|parcha|parchha|pardaicha)$|"
    r"\s+(?:karna|karni|karne)\s+(?:hai|he|h|padega|padegi)$",
    re.I,
)
GOAL_IN_FIRST_ITEM_EXAMPLES: tuple[tuple[str, str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    (
        "hi bot 👋 lost my myki AGAIN lol anyway. need to sort my visa extension: get new COE, "
        "buy OSHC, then lodge it",
        "Lost my myki AGAIN lol anyway",
        ("Sort my visa extension: get new COE", "Buy OSHC", "Lodge it"),
        "Sort my visa extension",
        ("Get new COE", "Buy OSHC", "Lodge it"),
    ),
    (
        "I run a little bar in Isola. I need to redo the insegna outside: get permission from "
        "the condominio, find a sign maker, then put up the neon",
        "Run a little bar in Isola",
        ("Redo the insegna outside: get permission from the condominio", "Find a sign maker"),
        "Redo the insegna outside",
        ("Get permission from the condominio", "Find a sign maker"),
    ),
    (
        "namaste dai 🙏 malai euta plan banauna help garnus na. bike ko license renew garnu cha: "
        "online form bharne, biometric dine",
        "Malai euta plan banauna help garnus na",
        ("Bike ko license renew garnu cha: online form bharne", "Biometric dine"),
        "Bike ko license renew",
        ("Online form bharne", "Biometric dine"),
    ),
)
GOAL_IN_FIRST_ITEM_NEAR_MISSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # getting ready names no goal: the event before it stays the title
    (
        "my cousin's aroosi is in jan in toronto, need to get ready: buy a suit, get a haircut",
        "My cousin's aroosi is in jan in toronto",
        ("Get ready: buy a suit", "Get a haircut"),
    ),
    # someone's word before the colon is no goal of the person's own
    (
        "I've been made redundant. My union rep says: get my contract, then contact ACAS",
        "I've been made redundant",
        ("My union rep says: get my contract", "Contact ACAS"),
    ),
    # a goal said with a goal word is already the title
    (
        "I want to move to Lisbon. need to sort the paperwork: get a NIF, open a bank account",
        "Move to Lisbon",
        ("Sort the paperwork: get a NIF", "Open a bank account"),
    ),
)


def goal_in_first_item(text: str, title: str, steps: list[str]) -> tuple[str, list[str]]:
    """The title and steps with the goal said at the head of the first step, before its colon,
    as the title (``GOAL_IN_FIRST_ITEM_EXAMPLES``); as they are when the head says no goal with
    a goal word or the title already does."""
    found = _HEAD_AND_COLON.match(steps[0].strip()) if len(steps) >= 2 else None
    if found is None or _said_sure(text, title) >= 3:
        return title, steps
    head = found["head"]
    at = text.lower().find(head.lower())
    if at < 0:
        return title, steps
    # the head with the words that lead into it in its own sentence ("need to sort my visa
    # extension")
    before = re.split(rf"[.!?;\n]|{plan_prose.EMOJI_RUN}", text[:at])[-1]
    native = _NEED_SAID_AFTER.search(head)
    if native is not None:
        score, goal = (
            (3, plan_phrases.cap(head[: native.start()].strip())) if not before.strip() else (0, "")
        )
    else:
        score, goal = _score(before + head, "")
    if score < 3 or not goal:
        return title, steps
    return goal, [plan_phrases.cap(found["rest"]), *steps[1:]]


def _said_sure(text: str, title: str) -> int:
    """How surely the sentence ``title`` was read from names a goal ("I want to move to
    Lisbon" for "Move to Lisbon": 3); the title alone when it is not found in ``text``."""
    at = text.lower().find(title.lower())
    if at < 0:
        return how_sure(title)
    cut = rf"[.!?;\n]|{plan_prose.EMOJI_RUN}"
    sentence = re.split(cut, text[:at])[-1] + re.split(cut, text[at:])[0]
    return max(how_sure(sentence), how_sure(title))


def goal_before_list(text: str, title: str, steps: list[str]) -> tuple[str, list[str]]:
    """The title, or the goal a clause said before the first step names when the title is a
    preamble (a greeting, who is writing, a feeling, news of someone, the list's lead-in) or
    runs several sentences together ("24 wks and my brain is mush. can you keep track of the
    hospital bag for me" is "Hospital bag"). Only a clause that scores better than the title
    replaces it; the plan checks still stand after. A last sentence of the title that starts
    with a step's verb ("Buy a used truck before the snow hits. figure out budget → …") is the
    first step, kept as one."""
    if not steps:
        return title, steps
    title, steps = goal_in_first_item(text, title, steps)
    title = past_preamble(title)
    asked, comma, rest = title.partition(",")
    if comma and asks_help_only(asked) and rest.strip(" ,.!"):
        # "need help organizing, my son's sunnat to'y is in april": asking for help is no
        # part of the title; what follows its comma is read as the title
        title = plan_phrases.cap(rest.strip(" ,.!"))
    led = _LEADS_IN.search(title.strip(" .:"))
    if led is not None and led.start() > 0 and not _LEADS_IN.fullmatch(title.strip(" .:")):
        # "Niko na idea ya car wash 🚗💦 need": the words that lead into the list end no title
        title = plan_phrases.cap(title.strip(" .:")[: led.start()].strip(" ,."))
    # the title's sentences; a sentence's own clauses ("… is joining Grade 10 and I want to
    # plan early") are scored together, the best of them for the sentence
    pieces = [p for p in _SENTENCES.split(title.strip()) if p.strip(" .!?")]
    said = text
    first = plan_prose.without_emoji(steps[0]).strip(" .,").lower()[:15]
    at = said.lower().find(first) if first else -1
    if at <= 0:
        return title, steps
    lead = re.sub(plan_prose.EMOJI_RUN, ". ", said[:at])
    clauses = [c for c in _CLAUSES.split(lead) if c.strip(" .!?,")]
    own = (
        max(_score(c, lead)[0] for c in _CLAUSES.split(pieces[0]) if c.strip(" .!?,"))
        if len(pieces) == 1 and _CLAUSES.split(pieces[0])
        else 0
    )
    if len(pieces) == 1 and _introduced(title, clauses):
        own = 0  # "Aiko" from "I am Aiko, my son is 7 months": who is writing, never the goal
    if (
        len(pieces) == 1
        and own == 2
        and (later := _goal_said_after(title, clauses, steps, opening=_opens(text, title)))
    ):
        # "bula vinaka!! Seru here from Nadi. need to organise dad's 70th birthday\n- book …":
        # a clause that names no thing of the steps, and a goal said with a goal word after
        # it, nearer the list: that goal is the title
        return later, steps
    if len(pieces) == 1 and own >= 2:
        return title, steps
    if len(pieces) == 1 and own == 1 and not any(_GOAL_SAID.match(c.strip()) for c in clauses):
        return title, steps  # news with no goal said after it names what the plan is about
    if len(pieces) == 1 and own == 1:
        own = 2  # news gives way only to a goal said with a goal word
    best, goal = best_clause(clauses, steps)
    floor = own if len(pieces) == 1 else 0
    if not (best > floor and goal and len(goal) <= 80):
        return _goal_line_first(text, title, steps, own=own if len(pieces) == 1 else 0)
    last = pieces[-1].strip(" .!?,")
    listed = re.search(rf"{re.escape(last)}\s*(?:→|->|-->|➡️|>|,|;)", text, re.I) is not None
    if (
        len(pieces) > 1
        and _score(last, "")[0] >= 2  # ("start in 2 wks": a verb and when, no step)
        and _words(last)[:1]
        and (
            _words(last)[0] in plan_phrases.STEP_VERBS
            or (listed and plan_prose.verb_by_place(last))
        )
        and goal.lower() not in last.lower()
    ):
        return goal, [plan_phrases.cap(last), *steps]
    return goal, steps


def _goal_said_after(
    title: str, clauses: list[str], steps: list[str], *, opening: bool = False
) -> str:
    """The goal a clause after the one ``title`` was read from says with a goal word, when
    ``title`` says no deed or news (no verb: who or where the writer is, a greeting, the word
    they call drbot by) and shares no thing with the steps; "" when none does. When ``title``
    is the message's short opening (``_opens``: "hej hej 😅 moving to the new flat …", "eh
    bro, lim peh want to sell my old kapcai …"), a later clause that names a thing with a
    verb is enough: a greeting in a language not listed opens as a title would, and only
    the clause after it says what is done."""
    words = _words(title)
    if (
        not words
        or any(_verb_like(w) for w in words)
        or _things(title) & set().union(*map(_things, steps))
    ):
        return ""
    low = title.lower()
    at = next((i for i, c in enumerate(clauses) if low in c.lower()), None)
    if at is None:
        return ""
    said = clauses[at]
    rest = said[said.lower().find(low) + len(low) :].strip(" ,.!?;:")
    if opening and rest:
        # "eh bro, lim peh want to sell …": the opening's own clause goes on after its comma
        clauses = [*clauses[: at + 1], rest, *clauses[at + 1 :]]
    for at_clause in range(len(clauses) - 1, at, -1):
        score, goal = _score(clauses[at_clause], " ".join(clauses[:at_clause]))
        # ("we need to pick the tiles first:": a goal set first in the list's order is its
        # first step, never what the list is for)
        first = re.search(r"\bfirst(?:ly)?\W*$", plan_prose.without_emoji(clauses[at_clause]), re.I)
        if plan_prose.only_announces_list(goal):
            continue  # ("I need to sort few things, the dress, …": the list announced, no goal)
        if score >= 3 and goal and len(goal) <= 80 and first is None:
            return goal
        if (
            opening
            and score == 2
            and goal
            and len(goal) <= 80
            and first is None
            and any(_verb_like(w) for w in _words(goal))
            # ("my cdl. been putting it off 2 years": a deed that points back names nothing)
            and not re.search(r"\b(?:it|this|that|them)\b", goal, re.I)
        ):
            return goal
    return ""


# A goal kept alone, with no steps, whose title is the message's greeting or who is writing
# ("hi, Raluca here, nurse in Beaumont. want to finally get my NMBI registration sorted …",
# "assalom. i want to finally learn english properly this winter, dont know where to start";
# rounds z168–z173 "mimi ni Amina, … I want to start a chama …", z216–z221 "sain uu, i want
# to open small khuushuur shop …", z222–z227): the goal said with a goal word after it is the
# title. Whether it is made or offered is decided as before; only its name changes.
_LEADING_ADVERB = re.compile(r"^(?:finally|really|actually|just)\s+", re.I)
GOAL_AFTER_GREETING_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    (
        "hey, Dunya here, pharmacist in Leeds. want to finally get my GPhC registration moved "
        "over. no idea what the steps are yet",
        "Dunya here",
        "Get my GPhC registration moved over",
    ),
    (
        "zdravo. i want to learn to drive this spring, dont know where to start",
        "Zdravo",
        "Learn to drive this spring",
    ),
    (
        "hi hi 👋 Tomas here. I need to get my pension transferred from Vilnius, no clue how",
        "Tomas here",
        "Get my pension transferred from Vilnius",
    ),
)
GOAL_AFTER_GREETING_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    # a title that names a thing: kept, whatever goal is said after it
    (
        "my driving licence. i want to get it sorted this year, no idea how",
        "My driving licence",
    ),
    # a greeting, then only news: nothing said with a goal word replaces it
    ("zdravo. the boiler broke again, dont know where to start", "Zdravo"),
    # an opening with a verb is a deed said, kept
    ("moving house. i want to be done by march, no idea where to start", "Moving house"),
)


def goal_after_greeting(text: str, title: str, steps: list[str]) -> str:
    """The title of a goal kept alone (no ``steps``): when ``title`` is a preamble (a
    greeting, who is writing: ``_preamble``) or the message's short opening with no verb
    (``_opens``), the first later clause that says a goal with a goal word; ``title`` as it
    is otherwise, and always when there are steps (``goal_before_list`` reads those)."""
    if steps or not title.strip():
        return title
    bare = plan_prose.without_emoji(title).strip(" ,.!?:;—-")
    opening = _opens(text, bare) and not any(_verb_like(w) for w in _words(bare))
    if not (_preamble(bare) or opening):
        return title
    said = re.sub(plan_prose.EMOJI_RUN, ". ", text)
    clauses = [c for c in _CLAUSES.split(said) if c.strip(" .!?,")]
    low = bare.lower()
    at = next((i for i, c in enumerate(clauses) if low in c.lower()), None)
    if at is None:
        return title
    for later in range(at + 1, len(clauses)):
        score, goal = _score(clauses[later], " ".join(clauses[:later]))
        if score >= 3 and goal and len(goal) <= 80:
            return plan_phrases.cap(_LEADING_ADVERB.sub("", goal))
    return title


# A short opening read as the title gives way to the deed said after it (text, title, steps,
# new title): a greeting in a language not listed ("zdravei zdravei 😅", "oy bro,"), then what is
# being done (rounds z180–z185, z192–z197, z216–z221: "slava ukraini 💙💛 …", "eh bro, lim peh
# want to sell …", "hej hej 😅 moving to the new flat …")
OPENING_GIVES_WAY_EXAMPLES: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    (
        "zdravei zdravei 😅 moving into the new place in Plovdiv on 3 jan\n- cancel the "
        "broadband\n- hire a van\n- pack the books",
        "Zdravei zdravei",
        ("Cancel the broadband", "Hire a van", "Pack the books"),
        "Moving into the new place in Plovdiv on 3 jan",
    ),
    (
        "oy bro, me want to sell my old scooter on the market. step 1 wash it, 2 take photos, "
        "3 post the ad",
        "Oy bro",
        ("Wash it", "Take photos", "Post the ad"),
        "Me want to sell my old scooter on the market",
    ),
)
OPENING_GIVES_WAY_NEAR_MISSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # a thing of the writer's, then a deed that points back: the thing is the title
    (
        "my hgv. been putting it off for ages. need to book the medical, pass the theory",
        "My hgv",
        ("Book the medical", "Pass the theory"),
    ),
    # a title, then a remark that points back
    (
        "Garage sale! finally doing it. price stuff, put up signs, borrow tables",
        "Garage sale",
        ("Price stuff", "Put up signs", "Borrow tables"),
    ),
    # a title with a word for a plan in it
    (
        "diet plan!! going hard before the wedding 💪 cut sugar, walk daily",
        "Diet plan",
        ("Cut sugar", "Walk daily"),
    ),
)
# A short opening set off by a face, at the head of a longer title: "Dobry den 😄 my plan for
# christmas market job", "Moning bro 🙏 mi laik stretim bride price", "Bok 😊 trebam
# organizirati team building" (rounds z180–z185, z210–z215, z216–z221): a greeting in a
# language not listed, no part of the title. Only a face ends it (a comma or a stop after a
# short title starts a remark as often: "Driving stuff, finally doing it"), and what follows
# starts no phrase of place or time ("Kippen 🐔 for the spring" names the chickens).
_AFTER_A_FACE = re.compile(
    rf"^(?P<opening>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){{0,2}})\s*{plan_prose.EMOJI_RUN}\s*"
    r"(?P<rest>(?!(?:for|in|at|on|with|from|to|by|and|of|before|after|this|next|x|xx)\b)"
    r"\S+(?:\s+\S+){2,})$",
    re.I,
)
PAST_A_FACE_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    (
        "sveiki 😄 my plan for the summer market stall",
        "Sveiki 😄 my plan for the summer market stall",
        "My plan for the summer market stall",
    ),
    (
        "gamarjoba bro 🙏 mi laik fix di roof",
        "Gamarjoba bro 🙏 mi laik fix di roof",
        "Mi laik fix di roof",
    ),
)
PAST_A_FACE_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    ("Kippen 🐔 for the spring. build a coop", "Kippen 🐔 for the spring"),  # a time after it
    ("Driving stuff, finally doing it. book lessons", "Driving stuff, finally doing it"),  # a comma
    ("my 21st 🥳 at the rugby club. book the room", "My 21st 🥳 at the rugby club"),  # a thing's
)


def past_a_face(text: str, title: str) -> str:
    """``title`` without the short opening a face sets off at its head (``_AFTER_A_FACE``),
    when the message opens with it; as it is otherwise."""
    found = _AFTER_A_FACE.match(title.strip())
    if found is None or not _opens(text, found["opening"]):
        return title
    if any(_verb_like(w) for w in _words(found["opening"])):
        return title
    return plan_phrases.cap(found["rest"])


_DETERMINERS = frozenset("my our the a an his her their your this that these those".split())


def _opens(text: str, title: str) -> bool:
    """Whether ``title`` is the short clause the message opens with, set off by a mark (a
    stop, a comma, a "!" or a face) with more said after it on its line: one to three
    words, no digit, no word for a plan ("hej hej 😅 …", "Eh bro, …", "slava ukraini 💙💛 …";
    never "Kessler GmbH" after a title, nor "diet plan!! …")."""
    words = title.split()
    if not 1 <= len(words) <= 3 or re.search(r"\d", title):
        return False
    if words[0].lower() in _DETERMINERS:
        return False  # "my cdl. been putting it off …": a thing of the writer's, named
    if any(w.lower().strip(".,!") in plan_prose.PLAN_NOUNS for w in words):
        return False
    said = re.sub(plan_prose.EMOJI_RUN, ". ", text).lstrip().lower()
    low = title.lower().strip(" .!,")
    if not said.startswith(low):
        return False
    # (on the same line: a line of its own over the list is a title line, "conference in
    # Oslo\ntalk got accepted (yay!!)\nneed to: …")
    after = said[len(low) :].split("\n", 1)[0]
    return re.match(r"[ \t]*[,.!?;:]", after) is not None and bool(after.strip(" ,.!?;:"))


# -- a greeting in a language no list holds, read for the title --------------------------
#
# "pershendetje! i want to open a small coffee shop …", "ayubowan! new here\nFence for the
# coconut land:\n…", "sain uu, i want to open small khuushuur shop …", "салем! im Arman from
# Almaty, going to shymbulak …", "sabaidee jao 🙏🙏 i move my noodle shop …" (rounds z210–z215,
# z216–z221, z222–z227, z234–z239, z240–z245, z246–z251): a greeting no list holds opens the
# message and the readers take it for the title, the plan said after it for its steps or left
# out. What such a greeting has in common is its shape, not its words: the first one to three
# words of the message, closed by a "!", a comma or folded hands with more said after, no
# digit, no verb, no determiner or pronoun at its head, no word for a plan. A title is
# sometimes closed so ("Garage sale! price everything, put up signs, …"), but then its list
# follows it at once; after a greeting something else is said first (a goal, who is writing,
# "new here"). Only a title that is that opening, with words between it and the first step,
# is read again, from the text after the opening, and only when the checks doubt the plan so
# read (``new_plans.create_checked``: "Paris, finally booked it. book the hotel, …" is made as
# read); the readers' own checks then decide as for any message.
_OPENING_CLOSED = re.compile(
    r"^\s*(?P<opening>[^\W\d_][\w'’-]*(?:\s+[^\W\d_][\w'’-]*){0,2})\s*"
    r"(?:!+|,|(?:\U0001f64f[\U0001f3fb-\U0001f3ff]?)+)\s+(?=\S)|"
    # one word closed by a stop, the person's own sentence after it ("hei. i want to learn
    # north sámi …", z271; "bonswè. i want to learn to drive …", z274; "bsr. je suis à kara
    # je veux …", z272): a greeting in a language no list holds
    r"^\s*(?P<word>[^\W\d_][\w'’-]*)\.\s+(?=(?:i|je|j'|yo|eu|ich|ik|jeg|jag|mina)\b)",
    re.I,
)
# Words that open a sentence of the person's own, never a greeting: "I, for one, …", "we,"
_OWN_HEAD = frozenset("i we you he she they it me us our your his her their so and but".split())
GREETING_AS_TITLE_EXAMPLES: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    (
        "sveiki! i want to open a small bakery in the old town next spring, near the river",
        "Sveiki",
        ("Open a small bakery in the old town next spring", "Near the river"),
        "i want to open a small bakery in the old town next spring, near the river",
    ),
    (
        "zdravo zdravo! moving to the new flat on the 3rd\n- hire a van\n- pack the books",
        "Zdravo zdravo",
        ("Hire a van", "Pack the books"),
        "moving to the new flat on the 3rd\n- hire a van\n- pack the books",
    ),
    (
        "tashi delek 🙏 opening a momo stall\n- get the permit\n- buy a steamer",
        "Tashi delek",
        ("Get the permit", "Buy a steamer"),
        "opening a momo stall\n- get the permit\n- buy a steamer",
    ),
    # who is writing after it, to the line's end, names no goal either
    (
        "Mingalaba! soy Rosa de Santa Ana\nHuerta\n- comprar tierra\n- plantar tomate",
        "Mingalaba! soy Rosa de Santa Ana",
        ("Huerta", "Comprar tierra", "Plantar tomate"),
        "soy Rosa de Santa Ana\nHuerta\n- comprar tierra\n- plantar tomate",
    ),
    # one word closed by a stop, the person's own sentence after it (z271, z274)
    (
        "sveiki. i want to learn latvian properly this year, my oma speaks it",
        "Sveiki",
        ("Learn latvian properly this year", "My oma speaks it"),
        "i want to learn latvian properly this year, my oma speaks it",
    ),
)
GREETING_AS_TITLE_NEAR_MISSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # the list follows the opening at once: the opening is its title
    (
        "Garage sale! price everything, put up signs, borrow tables",
        "Garage sale",
        ("Price everything", "Put up signs", "Borrow tables"),
    ),
    # an opening with a verb says something done: the title's own words
    ("moving house! we need a van. book it, pack", "Moving house", ("Book it", "Pack")),
    # a thing of the writer's, named with a determiner
    ("my allotment, so much to do. dig the beds", "My allotment", ("Dig the beds",)),
    # a reaction in words known to name nothing: its own check shows the plan as read
    ("Bad news, the venue cancelled. so: find another", "Bad news", ("Find another",)),
    # a title shouted in capitals
    (
        "BABY SHOWER!!! right first things: pick the games, order the cake",
        "BABY SHOWER",
        ("Pick the games", "Order the cake"),
    ),
    # a word for a plan: the plan's name
    ("wedding plan! it's on. book the venue", "Wedding plan", ("Book the venue",)),
    # a digit: a name or a date ("Rome 2027, book flights")
    ("Rome 2027, at last. book flights", "Rome 2027", ("Book flights",)),
    # news of the title's thing after its comma ("finally booked it"): a remark, no greeting
    ("Paris, finally booked it. book the hotel", "Paris", ("Book the hotel",)),
    # closed by a stop or a colon: a title's own mark
    ("Bathroom reno. ugh. rip out the tiles", "Bathroom reno", ("Rip out the tiles",)),
    ("Kitchen. rip out the units, tile it", "Kitchen", ("Rip out the units", "Tile it")),
    ("Kitchen. we need to rip out the units, tile it", "Kitchen", ("Rip out the units", "Tile it")),
    # the title is not that opening, nor only its head ("Portfolio stuff, in this order")
    ("sveiki! new here. book the van, pack", "Book the van", ("Pack",)),
    (
        "portfolio stuff, in this order: redo the homepage, write it up",
        "Portfolio stuff, in this order",
        ("Redo the homepage", "Write it up"),
    ),
)


def after_greeting_as_title(text: str, title: str, steps: list[str]) -> str | None:
    """The text after the message's opening when ``title`` is that opening and something is
    said between it and the first of ``steps``: one to three words, no digit, closed by a
    "!", a comma or folded hands, none a verb or a word for a plan, no determiner or pronoun
    at its head, not words that name nothing nor shouted in capitals (``_OPENING_CLOSED``);
    None otherwise."""
    found = _OPENING_CLOSED.match(text)
    if found is None:
        return None
    opening = found["opening"] or found["word"]
    words = opening.lower().split()
    if (
        words[0] in _DETERMINERS
        or words[0] in _OWN_HEAD
        or any(_verb_like(word) for word in words)
        or any(word in plan_prose.PLAN_NOUNS for word in words)
        # ("Bad news, the hall double booked us …": a reaction, whose own check shows the plan)
        or names_nothing(opening)
        # ("BABY SHOWER!!! right first things: …": a title shouted, never a greeting)
        or opening.isupper()
    ):
        return None
    rest = text[found.end() :]
    if _news_of_it(rest):
        return None  # ("Paris, finally booked it. …": the title's own news, after no greeting)
    first = plan_prose.without_emoji(steps[0]).strip(" ,.!?:;—-").lower() if steps else ""
    if first and plan_prose.without_emoji(rest).lstrip(" -•*").lower().startswith(first):
        return None  # ("Garage sale! price everything, …": the list at once, under its title)
    said = plan_prose.without_emoji(title).strip(" ,.!?:;—-")
    head = opening.lower()
    if said.lower() == head:
        return rest
    # ("Mba'éichapa! soy Fátima de Lambaré\nHuerta en el patio\n…": the opening, or what
    # follows it, is who is writing and where from, never the goal either)
    if said.lower().startswith(head):
        said = said[len(head) :].strip(" ,.!?:;—-")
    if said and rest.lower().startswith(said.lower()) and plan_prose.who_writes_only(said):
        return rest
    return None


# what may stand before the verb of news said of the title's thing ("finally booked it")
_NEWS_LEADS = frozenset({"finally", "just", "already"})


def _news_of_it(rest: str) -> bool:
    """ "finally booked it", "booked it!": something done to ``it`` opens the text after the
    opening, so the opening named the thing (a greeting is followed by who is writing, a
    goal or "new here", never by what was done to it)."""
    words = [word.strip(".,!?;:").lower() for word in rest.split()[:4]]
    while words and words[0] in _NEWS_LEADS:
        words = words[1:]
    return len(words) >= 2 and plan_prose.is_past_verb(words[0]) and words[1] in {"it", "that"}


# the verbs of news and being ("is", "keeps", "got"): a title with one says something happens
_FINITE = frozenset(
    """is are was were am be been being 's 're has have had keeps keep got gets get going
    gonna will would can could should must need needs want wants do does did say says said""".split()
)


def _verb_like(word: str) -> bool:
    """Whether ``word`` is, or looks like, a verb: a step's verb, a verb of news or being, a
    word in -ing or -ed ("retiring", "married")."""
    low = word.lower()
    return (
        low in plan_phrases.STEP_VERBS
        or low in _FINITE
        or (low.endswith("'s") and low[:-2] in ("it", "he", "she", "that", "there"))
        or (len(low) > 4 and low.endswith(("ing", "ed")))
    )


# -- the goal run on into the first step ----------------------------------------------------
#
# "hello good evening I am a nurse here in Houston and I want to plan my trip home for
# Christmas I need to buy the ticket first then …", "namaste bhaiya ok so i want to plant the
# new cane block first i need to plough the field then …" (rounds z204–z209; typed or spoken
# with no stop): the goal, led by a step's verb, runs on into the need that opens the list. Read
# so, the first step holds both ("Plan my trip home for Christmas I need to buy the ticket
# first") and the title is the preamble. When the title names no deed and none of the steps'
# things, the goal before "I need to" is the title and what follows it the first step.
_NEED_INSIDE = re.compile(
    r"^(?P<goal>(?:[\w'’-]+\s+){2,11}?[\w'’-]+)(?:\s+first)?\s+(?:so\s+|and\s+)?(?:first\s+)?"
    r"(?:i|we)\s+(?:need\s+to|have\s+to|got\s+to|must|gotta)\s+(?P<step>\S.*)$",
    re.I,
)


def goal_run_into_first_step(text: str, title: str, steps: list[str]) -> tuple[str, list[str]]:
    """The title and steps with a goal run on into the first step ("Plant the new cane block
    first i need to plough the field") read apart: the goal the title, the need's deed the first
    step (``RUN_ON_GOAL_EXAMPLES``); as they are when the title names a deed or a step's thing,
    or the first step holds no goal led by a step's verb."""
    words = _words(title)
    if len(steps) < 2 or not words or any(_verb_like(w) for w in words):
        return title, steps
    found = _NEED_INSIDE.match(steps[0].strip())
    if found is None:
        return title, steps
    goal = found["goal"].strip(" ,.")
    first = _words(goal)[:1]
    if not first or first[0].lower() not in plan_phrases.STEP_VERBS | {"plan"}:
        return title, steps
    if _things(title) & set().union(*map(_things, steps)) or how_sure(goal) < 2:
        return title, steps
    return plan_phrases.cap(goal), [plan_phrases.cap(found["step"].strip()), *steps[1:]]


RUN_ON_GOAL_EXAMPLES: tuple[tuple[str, str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    (
        "hello good evening I am a nurse here in Houston and I want to plan my trip home for "
        "Christmas I need to buy the ticket first then get the yellow fever card renewed",
        "Nurse here in Houston",
        ("Plan my trip home for Christmas I need to buy the ticket first", "Get the card renewed"),
        "Plan my trip home for Christmas",
        ("Buy the ticket first", "Get the card renewed"),
    ),
    (
        "namaste bhaiya ok so i want to plant the new cane block first i need to plough the "
        "field then buy the cane setts",
        "Bhaiya ok",
        ("Plant the new cane block first i need to plough the field", "Buy the cane setts"),
        "Plant the new cane block",
        ("Plough the field", "Buy the cane setts"),
    ),
)
RUN_ON_GOAL_NEAR_MISSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # news for the title: it names what the plan is about
    (
        "the boiler is broken so call the landlord I need to get it fixed then pay the deposit",
        "The boiler is broken",
        ("Call the landlord I need to get it fixed", "Pay the deposit"),
    ),
    # no step's verb leads the words before the need: no goal run on
    (
        "hi there, my kolonihage before the frost I must dig up the dahlias then dry them",
        "Hi there",
        ("My kolonihage before the frost I must dig up the dahlias", "Dry them"),
    ),
)


# -- the plan named by its label after a preamble -------------------------------------------
#
# "slm, man daneshjoo am dar tehran 🙂 plan: GRE prep\n1) …", "saludos desde santo domingo 🇩🇴
# plan pa la barbería nueva: pintar …", "ndeipi boss\nplan: new seats for my kombi\n- …",
# "khob let's try this. plan is ghorme sabzi for the potluck -- buy …", "si tita Lorie ito 😊
# plano ko mag bank shifts: una …" (rounds z138–z143, z180–z185, z186–z191, z204–z209): the
# person names the plan with the word "plan" and a mark or a word that gives its name ("plan:",
# "plan =", "plan is", "plan pa", Tagalog "plano ko mag"), after words that greet or say who is
# writing. What the label names is the title, whatever came before it that is no goal said; a
# label at the head of the first step makes that step the title.
_PLAN_LABEL = re.compile(
    r"(?:^|(?<=[\s.!?,;…)]))(?:(?:ok|okay|so|and)\s+)?(?:(?:my|the|our|new|a)\s+)?"
    r"(?:plan|plano)(?:\s+ko)?\s*(?:is\s*[:=]?|=|[:：]|\s[—–-]|\s+(?:pa(?:\s+(?:la|el))?|para|mag))"
    r"[^\S\n]+(?P<name>\S.*)$",
    re.I,
)
# what follows a name that ends its line of the list ("…: ", a new line, "--", a dash, a stop)
_NAME_ENDS = re.compile(r"\s*(?:[:：.;]|\n|\s-{1,2}\s|\s[—–]\s|$)")


def _label_name(said: str, *, step: bool = False) -> tuple[str, str] | None:
    """The name a plan label in ``said`` gives and the words before the label, or None (for a
    ``step``, also when a step's verb leads the name: "plan: book the hall" is the first step)."""
    found = _PLAN_LABEL.search(said)
    if found is None:
        return None
    name = re.sub(r"^to\s+", "", found["name"].strip(" .,"), flags=re.I)  # ("plan is to …")
    if (
        not name
        or names_nothing(name)
        or _words(name)[:1] == []
        or (step and _words(name)[0].lower() in plan_phrases.STEP_VERBS)
    ):
        return None
    return name, said[: found.start()]


_LABEL_ONLY = re.compile(
    r"(?:^|[\n.!?])\s*(?:(?:ok|okay|so|and)\s+)?(?:(?:my|the|our|new|a)\s+)?(?:plan|plano)(?:\s+ko)?"
    r"[^\S\n]*(?:is[^\S\n]*[:=]?|=|[:：]|[—–-]|pa|para|mag)[^\S\n]*\Z",
    re.I,
)


def _labelled_in_text(text: str, step: str) -> bool:
    """Whether ``step`` follows a plan label on its own line or sentence in ``text``."""
    at = text.lower().find(step.lower())
    return at > 0 and _LABEL_ONLY.search(text[:at]) is not None


def named_by_label(text: str, title: str, steps: list[str]) -> tuple[str, list[str]]:
    """The title and steps with the name a plan label gives after a preamble as the title
    (``PLAN_LABEL_EXAMPLES``); as they are when no label names the plan, or the title is a goal
    said with a goal word."""
    if not steps or _said_sure(text, title) >= 3:
        return title, steps
    # the label inside the title read: "Slm, man daneshjoo am dar tehran 🙂 plan: GRE prep",
    # "Plan = sell moo ping at sunday walking street"
    inside = _label_name(title)
    if inside is not None:
        name, before = inside
        if how_sure(plan_prose.without_emoji(before)) < 3:
            return plan_phrases.cap(name), steps
        return title, steps
    # the label at the head of the first step: "Plan: new seats for my kombi", "Plano ko mag
    # bank shifts: una kunin …"
    led = _label_name(steps[0], step=True)
    if (
        led is None
        and len(steps) >= 2
        and _words(steps[0])[:1]
        and _words(steps[0])[0].lower() not in plan_phrases.STEP_VERBS
        and _labelled_in_text(text, steps[0])
    ):
        led = (steps[0], "")  # (the label already cut from the step read: "Plan: X" is "X")
    if led is None or led[1].strip() or len(steps) < 2:
        return title, steps
    name = led[0]
    head, colon, rest = name.partition(":")
    if colon and head.strip() and rest.strip():
        return plan_phrases.cap(head.strip()), [plan_phrases.cap(rest.strip()), *steps[1:]]
    # the name ends its own line or item in the text ("plan is X -- buy …"), never runs on
    # into the next step ("my plan is move out … and rent a room …": one line, two deeds)
    at = text.lower().find(name.lower())
    if at < 0 or _NAME_ENDS.match(text, at + len(name)) is None:
        return title, steps
    return plan_phrases.cap(name), steps[1:]


PLAN_LABEL_EXAMPLES: tuple[tuple[str, str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    (
        "slm, man daneshjoo am dar tehran 🙂 plan: GRE prep\n1) buy the magoosh account\n"
        "2) vocab every day",
        "Slm, man daneshjoo am dar tehran 🙂 plan: GRE prep",
        ("Buy the magoosh account", "Vocab every day"),
        "GRE prep",
        ("Buy the magoosh account", "Vocab every day"),
    ),
    (
        "saludos desde santo domingo 🇩🇴 plan pa la barbería nueva: pintar el local, comprar "
        "los espejos",
        "Saludos desde santo domingo 🇩🇴 plan pa la barbería nueva",
        ("Pintar el local", "Comprar los espejos"),
        "Barbería nueva",
        ("Pintar el local", "Comprar los espejos"),
    ),
    (
        "mai pen rai i try this bot 555. plan = sell moo ping at the walking street: get permit, "
        "buy charcoal grill",
        "Plan = sell moo ping at the walking street",
        ("Get permit", "Buy charcoal grill"),
        "Sell moo ping at the walking street",
        ("Get permit", "Buy charcoal grill"),
    ),
    (
        "ndeipi boss\nplan: new seats for my kombi\n- measure the seats\n- buy material",
        "Ndeipi boss",
        ("New seats for my kombi", "Measure the seats", "Buy material"),
        "New seats for my kombi",
        ("Measure the seats", "Buy material"),
    ),
    (
        "khob let's try this. plan is ghorme sabzi for the potluck -- buy the sabzi -- get lamb",
        "Khob let's try this",
        ("Plan is ghorme sabzi for the potluck", "Buy the sabzi", "Get lamb"),
        "Ghorme sabzi for the potluck",
        ("Buy the sabzi", "Get lamb"),
    ),
    (
        "hi si tita Lorie ito 😊 plano ko mag bank shifts: una kunin the DBS certificate, tapos "
        "apply sa agency",
        "Si tita Lorie ito",
        ("Plano ko mag bank shifts: una kunin the DBS certificate", "Apply sa agency"),
        "Bank shifts",
        ("Una kunin the DBS certificate", "Apply sa agency"),
    ),
)
PLAN_LABEL_NEAR_MISSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # a step's verb after the label at the head of the list: its first step, no name
    (
        "hi there Ada here\nplan: book the hall\n- order the cake\n- invite the girls",
        "Hi there Ada here",
        ("Book the hall", "Order the cake", "Invite the girls"),
    ),
    # a goal said with a goal word is the title already
    (
        "I want to sell the car. plan: wash it, take photos",
        "Sell the car",
        ("Wash it", "Take photos"),
    ),
    # the labelled words run on into the next deed on their line: no name ends there
    (
        "hello i'm Siti\nok my plan is move out from my sister flat and rent a room\nlook at "
        "listings\npay deposit",
        "Hello i'm Siti",
        ("Ok my plan is move out from my sister flat", "Rent a room", "Look at listings"),
    ),
    # "plan to" is a verb of intent, no label
    (
        "hi there, I plan to repaint the hall: buy paint, tape the edges",
        "I plan to repaint the hall",
        ("Buy paint", "Tape the edges"),
    ),
)


def past_preamble(title: str) -> str:
    """ "Just joined 🙌 our mutual aid group … wants to run a warm space": the words before an
    emoji in the title, when they only greet or say who is writing or that they are new, are
    no part of it; the title is what follows. Any other title is returned as it is."""
    cut = re.search(rf"\s*(?:{plan_prose.EMOJI_RUN})+\s*", title)
    if cut is None or not cut.start() or not title[cut.end() :].strip(" .,!"):
        return title
    before = title[: cut.start()]
    if not _preamble(before) or not any(
        check(plan_prose.without_emoji(before).strip(" ,.!?"))
        for check in (plan_prose.greeting_only, _SELF_INTRO.match, _NEW_HERE.match)
    ):
        return title
    return plan_phrases.cap(title[cut.end() :].strip(" ,"))


PAST_PREAMBLE_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Just joined 🙌 our choir wants to run a carol night", "Our choir wants to run a carol night"),
    ("New here 👋 repaint the hall", "Repaint the hall"),
    ("new mum here 👋 sort the nursery", "Sort the nursery"),
    ("si tita Lorie ito 😊 bank shifts", "Bank shifts"),
    ("My name is Sipho 😊 moving to Durban", "Moving to Durban"),
)
PAST_PREAMBLE_NEAR_MISSES: tuple[str, ...] = (
    "Lola's 80th 🎂 book the restaurant",  # a name before the emoji: the title's own
    "So stressed 😩 the boiler broke",  # a feeling: the titles' other checks judge it
    "Just joined the gym 💪 need a plan",
)


def _introduced(title: str, clauses: list[str]) -> bool:
    """Whether ``title`` is only the name a clause before the list introduces the writer by
    ("I am Aiko, …", "my name is Funmi")."""
    name = _words(title)
    if not name or len(name) > 3:
        return False
    for clause in clauses:
        intro = plan_prose.opening(clause.split(",")[0]).strip(" .!?")
        if _SELF_INTRO.match(intro) is not None and _words(intro)[-len(name) :] == name:
            return True
    return False


def _goal_line_first(text: str, title: str, steps: list[str], *, own: int) -> tuple[str, list[str]]:
    """ "hey 👋 my cofounder says i should use this\nwe have to get Tomi's visa sorted\n- get
    the CoS\n- …": a preamble read as the title (``own`` 0), and the first step's line the goal
    said with a goal word over two or more steps: that goal is the title, the rest its steps."""
    if own or len(steps) < 3 or _score(title, "")[0] or _set_first(steps):
        return title, steps
    first = steps[0].lower()
    line = next((x for x in text.splitlines() if first and first in x.lower()), "")
    said = plan_prose.opening(line)
    if not _GOAL_SAID.match(said) or _score(said, "")[0] < 3:
        return title, steps
    return _score(steps[0], "")[1] or plan_phrases.cap(steps[0]), steps[1:]


def _set_first(steps: list[str]) -> bool:
    """ "need to get the quote out first\nthen sort a sub …": the first step is set first in
    the list's order (it ends with "first", or the next one follows it with "then"), so it is
    a step, never the goal said on its own line."""
    return bool(
        re.search(r"\sfirst(?:ly)?[.!]*$", steps[0], re.I)
        or re.match(r"\s*(?:and\s+)?(?:then|after\s+that|next|afterwards)\b", steps[1], re.I)
    )


# A preamble read as the title, given way to the goal a clause before the list names: (text,
# title read, steps read, title, steps)
GOAL_BEFORE_LIST_EXAMPLES: tuple[tuple[str, str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    # who is writing, then the goal said with a goal word, then the list's lead-in
    (
        "Hello, this is Marta from Braga. We have to renew our residence cards. The steps are: "
        "book at AIMA, get the photos, pay the fee",
        "This is Marta from Braga. We have to renew our residence cards. The steps are",
        ("Book at AIMA", "Get the photos", "Pay the fee"),
        "Renew our residence cards",
        ("Book at AIMA", "Get the photos", "Pay the fee"),
    ),
    # a feeling, then a request to keep a thing: the thing is the goal
    (
        "so tired lol. can you keep track of the school trip for me\n- sign the consent form\n"
        "- pay the deposit\n- buy a packed lunch",
        "So tired lol. can you keep track of the school trip for me",
        ("Sign the consent form", "Pay the deposit", "Buy a packed lunch"),
        "School trip",
        ("Sign the consent form", "Pay the deposit", "Buy a packed lunch"),
    ),
    # a reaction read as the title; the goal was said before it
    (
        "apparently you have to register a drone before flying it here?? crazy. I need to make "
        "an account, pass the online test, label the drone",
        "Crazy",
        ("Make an account", "Pass the online test", "Label the drone"),
        "Register a drone before flying it here",
        ("Make an account", "Pass the online test", "Label the drone"),
    ),
    # news of someone, then what the person is setting out to do
    (
        "my sister had her baby last week and we're flying out to Dublin for the christening. "
        "Things to do:\n1. book flights\n2. buy a gift\n3. iron the good shirt",
        "My sister had her baby last week",
        ("Book flights", "Buy a gift", "Iron the good shirt"),
        "Flying out to Dublin for the christening",
        ("Book flights", "Buy a gift", "Iron the good shirt"),
    ),
    # the title's last sentence starts the list the arrows go on with
    (
        "need to sell the piano before we move. ring a dealer → take photos → list it online",
        "Sell the piano before we move. ring a dealer",
        ("Take photos", "List it online"),
        "Sell the piano before we move",
        ("Ring a dealer", "Take photos", "List it online"),
    ),
    # who is writing in another language, or as someone's relative (round z192–z197)
    (
        "bonswa! mwen se Guerline, m travay kòm home health aide nan Miami. I need help w my "
        "green card renewal\n- fill out I-90\n- pay the fee online",
        "Mwen se Guerline",
        ("Fill out I-90", "Pay the fee online"),
        "My green card renewal",
        ("Fill out I-90", "Pay the fee online"),
    ),
    (
        "hello, i am Wang Hao mother, come to Vancouver visit my son 3 weeks. i want make plan:\n"
        "1. buy winter coat\n2. go Costco with son",
        "I am Wang Hao mother, come to Vancouver visit my son 3 weeks. i want make",
        ("Buy winter coat", "Go Costco with son"),
        "Come to Vancouver visit my son 3 weeks",
        ("Buy winter coat", "Go Costco with son"),
    ),
    # news, then the need after a comma, each a clause of its own (round z186–z191)
    (
        "hi hi pls help me la 🙏 just arrive leeds 2 weeks, need open bank account asap\n"
        "1. get proof of address\n2. book appointment at the bank",
        "Pls help me la . just arrive leeds 2 weeks, need open bank account",
        ("Get proof of address", "Book appointment at the bank"),
        "Need open bank account asap",
        ("Get proof of address", "Book appointment at the bank"),
    ),
    # "lezem:" (Lebanese "must") only leads into the list: the news before it names the plan
    (
        "marhaba 🌸 ana Rima. ibni Karim ra7 yetjawwaz bel sayf!! lezem:\n1. book the hall\n"
        "2. order the cake",
        "🌸 ana Rima. ibni Karim ra7 yetjawwaz bel sayf!! lezem",
        ("Book the hall", "Order the cake"),
        "Ibni Karim ra7 yetjawwaz bel sayf",
        ("Book the hall", "Order the cake"),
    ),
    (
        "je m'appelle Aude. I need help with my titre de séjour: book the rdv, get photos",
        "Je m'appelle Aude",
        ("Book the rdv", "Get photos"),
        "My titre de séjour",
        ("Book the rdv", "Get photos"),
    ),
    # who or where the writer is, with no verb ("Seru here from Nadi", "Nurse at Monash",
    # "from Kharkiv"), then a goal said with a goal word nearer the list (rounds z180–z185,
    # z198–z203, z204–z209)
    (
        "bula!! Seru here from Nadi. need to organise dad's 70th birthday\n- book the hall\n"
        "- order the cake\n- ring the aunties",
        "Seru here from Nadi",
        ("Book the hall", "Order the cake", "Ring the aunties"),
        "Organise dad's 70th birthday",
        ("Book the hall", "Order the cake", "Ring the aunties"),
    ),
    (
        "Hi, Im a nurse at Monash 😅 want to finally sort my PR application:\n- skills "
        "assessment\n- english test\n- submit EOI",
        "Nurse at Monash",
        ("Skills assessment", "English test", "Submit EOI"),
        "Finally sort my PR application",
        ("Skills assessment", "English test", "Submit EOI"),
    ),
)
# Titles that name the plan already, or news with no goal said after it: left as they are
GOAL_BEFORE_LIST_NEAR_MISSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # news (a verb) names what the plan is about: a goal said after it does not replace it
    (
        "hay barn roof is shot, need to get the roof done before the snow. get a couple quotes "
        "first, then order the tin",
        "Hay barn roof is shot",
        ("Get a couple quotes", "Order the tin"),
    ),
    # a goal set first in the list's order is its first step, not what the list is for
    (
        "Kitchen reno! we need to pick the tiles first:\n- get quotes\n- book the plumber",
        "Kitchen reno",
        ("Get quotes", "Book the plumber"),
    ),
    # a title that names the steps' thing stays
    (
        "Church hall roof. I need to raise 2000 dollars\n- ask the council\n- fix the church "
        "hall roof",
        "Church hall roof",
        ("Ask the council", "Fix the church hall roof"),
    ),
    # "ich bin" and no name: a state ("I am tired"), the title's own checks judge it
    (
        "ich bin müde. Umzug nach Berlin: Kartons kaufen, Wohnung kündigen",
        "Ich bin müde",
        ("Kartons kaufen", "Wohnung kündigen"),
    ),
    # a name in the goal, not the writer's: it stays
    (
        "I am Wang Hao. new bike for Hao: buy helmet, find a shop",
        "New bike for Hao",
        ("Buy helmet", "Find a shop"),
    ),
    (
        "Moving to Leeds in March. need to find a flat, book a van, tell the bank",
        "Moving to Leeds in March",
        ("Find a flat", "Book a van", "Tell the bank"),
    ),
    (
        "The boiler broke again. ring the plumber, get quotes, call the landlord",
        "The boiler broke again",
        ("Ring the plumber", "Get quotes", "Call the landlord"),
    ),
    (
        "honestly so stressed. need to sort the garage: clear the shelves, book a skip",
        "Sort the garage",
        ("Clear the shelves", "Book a skip"),
    ),
    # "this" before a thing points at it, no back; a feeling after the goal is no title
    (
        "right I need to get this tooth looked at and I'm a bit freaked out tbh\n- ring the "
        "dentist\n- take painkillers",
        "Get this tooth looked at",
        ("Ring the dentist", "Take painkillers"),
    ),
    # what someone says is the news that names the plan, unless it is about writing to drbot
    (
        "ok so vet says Rex needs his teeth done 😭 poor baby\nbloods first\nthen book the surgery",
        "Vet says Rex needs his teeth done",
        ("Bloods first", "Book the surgery"),
    ),
    (
        "honestly so homesick 😭 decided im gonna do a proper video call with the fam. so i need "
        "to work out the time difference, buy a ring light",
        "Decided im gonna do a proper video call with the fam",
        ("Work out the time difference", "Buy a ring light"),
    ),
)


# -- the title on its own line, after a line of chatter ------------------------------------
#
# "good evening o 🙏🏾 my name is Damilola, my trad is in feb so i need help\nIntroduction prep\n-
# buy the drinks\n- …": a first line that greets, says who is writing or who sent them, then a
# line of the list's own shape: a short line set apart from the items under it (they are
# marked, "- " or "1.", and it is not), a line that ends with the mark of a title ("bridal
# shower -", "Passport:"), or a label ("Plan: get into a coding bootcamp"). That line is the
# title, never the first step, and the chatter before it never the title.

# A label that names the plan: "Plan: …", "new plan - …", "Goal: …"
_LABEL_LINE = re.compile(
    r"^(?:(?:my|the|a|new|next)\s+)?(?:plan|goal|project)\s*(?:[:：]|\s[—–-])\s*(?P<name>\S.{0,78})$",
    re.I,
)
# A title's closing mark: "bridal shower -", "Passport:"
_TITLE_MARK = re.compile(r"^(?P<name>[^:：\n]{2,60}?)\s*(?:[:：]|\s[—–-]+)$")
# Chatter a first line opens with: a greeting (or a laugh), then anything; or words about
# drbot itself ("my neighbour told me about this bot", "my friend said you can help")
_CHATTER_START = re.compile(r"^(?:lol+|haha+|lmao|omg)\b", re.I)
_ABOUT_DRBOT = re.compile(
    r"\b(?:this|the|ur|your)\s+(?:bot|app)\b|\b(?:you|u)\s+(?:can|could|will)\s+help\b", re.I
)


def _chatter_line(line: str) -> bool:
    """A first line that greets, laughs, says who is writing or who sent them to drbot."""
    bare = plan_prose.without_emoji(line).strip()
    if plan_prose.greets(bare) or _CHATTER_START.match(bare) or _ABOUT_DRBOT.search(bare):
        return True
    said = plan_prose.sentences(plan_prose.opening(bare))
    return any(
        plan_prose.told_of_drbot(sentence) or _SELF_INTRO.match(sentence.strip(" ,.!")) is not None
        for sentence in said
    )


def _title_line(line: str, below: list[str]) -> str | None:
    """The name ``line`` gives the list under it, or None when it is no title line."""
    said = plan_prose.without_emoji(line).strip()
    if plan_phrases.ITEM_MARK.match(said) or said.endswith("?"):
        return None
    if (labelled := _LABEL_LINE.match(said)) is not None:
        return labelled["name"].strip(" .")
    marked = [plan_phrases.ITEM_MARK.match(item) is not None for item in below]
    named = _TITLE_MARK.match(said)
    if named is not None and len(named["name"].split()) <= 5:
        return named["name"].strip(" .")  # ("bridal shower -")
    # ("Bob's heart stuff" over "schedule the stress test", "pick up …": items each led by a
    # step's verb are as set apart from a name as marked ones)
    set_apart = all(marked) or _steps_below(below)
    if set_apart and 1 <= len(said.split()) <= 5 and not said.endswith((",", ";")):
        first = _words(said)[:1]
        if first and first[0] not in plan_phrases.STEP_VERBS:
            return said.strip(" .")  # ("Introduction prep" over "- buy the drinks")
    return None


def _steps_below(below: list[str]) -> bool:
    """Unmarked lines that are each a step: most led by a step's verb, the rest by a word in
    a verb's place ("design a banner"); a last line that is neither closes the list ("Thank
    you so much") and is left to the closing's own readers."""
    items = [item.strip() for item in below]
    if len(items) > 2 and not _led_by_a_verb(items[-1]):
        items = items[:-1]
    known = sum(map(_led_by_a_verb, items))
    return (
        len(items) >= 2
        and known * 2 > len(items)
        and all(_led_by_a_verb(item) or plan_prose.verb_by_place(item) for item in items)
    )


def _led_by_a_verb(item: str) -> bool:
    words = _words(item)
    return bool(words) and words[0] in plan_phrases.STEP_VERBS


# Words too small to say what a line names ("de", "em", "the", "my")
_SMALL_WORDS = frozenset("the and for with from this that our your his her their".split())


def _named_again(first: str, name: str) -> bool:
    """ "hey mate gonna start a khmer food stall at the dandenong night market" over "Night
    market stall": a sentence of six words or more, then a line that names again a thing it
    said (a word of three letters or more in both)."""
    said = set(_words(first))
    own = {word for word in _words(name) if len(word) >= 3 and word not in _SMALL_WORDS}
    return len(said) >= 6 and bool(own & said)


def _stem(word: str) -> str:
    return re.sub(r"(?:ing|ed|es|s|e)$", "", word)


def _says_again(first: str, line: str) -> bool:
    """ "hi there, moving from scarborough to brampton in jan so need to get organized" over
    "Move to Brampton": a short line (five words at most) every word of which (of three
    letters or more) the sentence before it said, in some form ("moving", "move"): the goal
    said again as a name, even when its verb could lead a step."""
    said = {_stem(word) for word in _words(first)}
    words = _words(line)
    own = [word for word in words if len(word) >= 3 and word not in _SMALL_WORDS]
    return len(said) >= 6 and len(words) <= 5 and bool(own) and all(_stem(w) in said for w in own)


def title_line_after_chatter(text: str, title: str, steps: list[str]) -> tuple[str, list[str]]:
    """The title on its own line after a first line of chatter (or of a sentence that the
    line names again: "… gonna start a khmer food stall at the dandenong night market\nNight
    market stall\nget council permit\n…"), the first step read being that line: its name is
    the title and the rest the steps. Any other reading is returned as it is."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) < 4 or len(steps) < 3:
        return title, steps
    if not _chatter_line(lines[0]) and not _named_again(lines[0], lines[1]):
        return title, steps
    below = [line for line in lines[2:] if not any(_TITLE_MARK.match(x.strip()) for x in [line])]
    if len(below) != len(lines) - 2:
        return title, steps  # a header further down: sections, no one title line
    name = _title_line(lines[1], lines[2:])
    if name is None and _says_again(lines[0], lines[1]) and not _says_again(lines[0], lines[2]):
        # the goal said again, led by its verb, over the steps (round z216–z221: "moving from
        # scarborough to brampton in jan …\nMove to Brampton\nbook movers\n…"); two lines
        # that each say part of the sentence again are its steps
        name = plan_prose.without_emoji(lines[1]).strip(" .:-—–")
    first = plan_prose.without_emoji(steps[0]).strip(" .:-—–").lower()
    line = plan_prose.without_emoji(lines[1]).strip(" .:-—–").lower()
    if name is None or not first or not (first == line or line.endswith(first)):
        return title, steps
    if names_nothing(name):
        return title, steps
    return plan_phrases.cap(name), steps[1:]


TITLE_LINE_EXAMPLES: tuple[tuple[str, str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    (
        "hello!! my name is Ada, new here\nBaby shower\n- book the hall\n- order the cake\n"
        "- invite the girls",
        "My name is Ada, new here",
        ("Baby shower", "Book the hall", "Order the cake", "Invite the girls"),
        "Baby shower",
        ("Book the hall", "Order the cake", "Invite the girls"),
    ),
    (
        "Hi there, my cousin told me about this bot\nPlan: sell the car\n1. wash it\n2. take "
        "photos\n3. list it online",
        "My cousin told me about this bot",
        ("Plan: sell the car", "Wash it", "Take photos", "List it online"),
        "Sell the car",
        ("Wash it", "Take photos", "List it online"),
    ),
    (
        "lol my sister said you can help me\nhen do -\nbook the cottage\nbuy the sashes\n"
        "plan the games",
        "Lol my sister said you can help me",
        ("Hen do -", "Book the cottage", "Buy the sashes", "Plan the games"),
        "Hen do",
        ("Book the cottage", "Buy the sashes", "Plan the games"),
    ),
    # the name said again on its own line after a sentence that said it (rounds z198–z203,
    # z228–z233): "preciso mm de me organizar pra tese 😩\ntese de mestrado\n1. …"
    (
        "so we are finally doing up the back garden before summer\nGarden makeover\n"
        "clear the weeds\nbuy the slabs\nplant the roses",
        "We are finally doing up the back garden before summer",
        ("Garden makeover", "Clear the weeds", "Buy the slabs", "Plant the roses"),
        "Garden makeover",
        ("Clear the weeds", "Buy the slabs", "Plant the roses"),
    ),
    # the goal said again with its verb, over steps led by theirs (round z216–z221)
    (
        "hi there, moving from scarborough to brampton in jan so need to get organized\n"
        "Move to Brampton\nbook movers\npack the kitchen\ncancel rogers internet",
        "Moving from scarborough to brampton in jan so need to get organized",
        ("Move to Brampton", "Book movers", "Pack the kitchen", "Cancel rogers internet"),
        "Move to Brampton",
        ("Book movers", "Pack the kitchen", "Cancel rogers internet"),
    ),
    (
        "este ano o Natal é cá em casa, somos 14\nNatal em casa\n- encomendar o bacalhau\n"
        "- comprar o peru\n- arranjar cadeiras",
        "Este ano o Natal é cá em casa, somos 14",
        ("Natal em casa", "Encomendar o bacalhau", "Comprar o peru", "Arranjar cadeiras"),
        "Natal em casa",
        ("Encomendar o bacalhau", "Comprar o peru", "Arranjar cadeiras"),
    ),
)
TITLE_LINE_NEAR_MISSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # a line that names nothing the sentence before it said: a step
    (
        "so we are finally moving house after ten years here\nthe van\nbook it\nload it up",
        "We are finally moving house after ten years here",
        ("The van", "Book it", "Load it up"),
    ),
    # a step that says again only part of the sentence, with a word of its own ("clear"),
    # or two lines that each say part of it again: steps
    (
        "need to sort out the garage before the baby comes\nclear the garage\nsell the bike\n"
        "paint the walls",
        "Need to sort out the garage before the baby comes",
        ("Clear the garage", "Sell the bike", "Paint the walls"),
    ),
    (
        "so this weekend gonna clean the house and paint the fence\nclean the house\n"
        "paint the fence\nmow the lawn",
        "So this weekend gonna clean the house and paint the fence",
        ("Clean the house", "Paint the fence", "Mow the lawn"),
    ),
    # a short first line: it is the title, the name under it a step of its own
    (
        "back garden\ngarden shed\nclear the weeds\nbuy the slabs",
        "Back garden",
        ("Garden shed", "Clear the weeds", "Buy the slabs"),
    ),
    # the items under it unmarked and not steps: no list set apart from a name
    (
        "so we are finally doing up the back garden before summer\ngarden makeover\n"
        "new slabs\nroses",
        "We are finally doing up the back garden before summer",
        ("Garden makeover", "New slabs", "Roses"),
    ),
    # the first line names the plan, no chatter: the second line is a step
    (
        "Mum's 80th party at the golf club\nfood\n- cake\n- sandwiches",
        "Mum's 80th party at the golf club",
        ("Food", "Cake", "Sandwiches"),
    ),
    # the second line is led by a step's verb: the list's first step
    (
        "hi! my name is Ada\nbook the hall\n- order the cake\n- invite the girls",
        "My name is Ada",
        ("Book the hall", "Order the cake", "Invite the girls"),
    ),
    # headers further down: sections of one plan
    (
        "hiya, new here\nfood:\nbuy cake\ndrinks:\nbuy wine",
        "New here",
        ("Food:", "Buy cake", "Drinks:", "Buy wine"),
    ),
)
