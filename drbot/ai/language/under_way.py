"""Being done right now: one reader for every decision that asks it.

"sanding the decking as we speak", "halfway thru the form", "3 lasagnes in so far", "now
ringing round the garages": the person is at it at this moment. Three decisions ask it, each
for its own purpose, and all read it here:

- a statement about a step (``intents``, the reading "under way right now"): ``moment``
  finds the words that say it, and the statement reading weighs what stands before them
  (meant, over, more to come);
- news of a thing read by its grammar (``intents.thing_news``): a clause that opens with a
  verb of doing is going on when the message says when (``when_doing``), and its object runs
  up to those words (``before_when``); ``is_doing`` tells a verb of doing from an -ing noun;
- the menu for news of a step (``step_statements.likeliest_kinds``): ``sounds_under_way``
  puts Started first.

The word classes are declared once below; the three views differ only where their
decisions do (a statement needs the doing and the moment together; the menu, which only
orders buttons, takes any sign of it). Pure: no I/O.
"""

from __future__ import annotations

import re

# -- word classes -------------------------------------------------------------------------

# Words of this moment ("now", "rn", "as we speak")
MOMENT = r"(?:right\s+now|rn|as\s+we\s+speak|atm|at\s+the\s+moment|currently|now)"
# Part of the way through ("halfway through", "part way there")
PART_WAY = r"(?:half\s*way|part\s*way)"
# A verb of doing spoken without its g ("gettin", "fillin'")
DROPPED_G = (
    r"(?:[a-z]{2,}in['’]|(?:gett|putt|cutt|sitt|runn|shopp|dropp|stripp|scrubb|digg|swapp)in|"
    r"(?:do|sort|fill|pack|paint|clean|fix|mov|mak|tak|wash|build|work|start|ring|call|"
    r"sand|book|order|writ|sign|send|strugg?l|tidy|clear|load|haul|hang|lay|chas|"
    r"batch|cook|bak|fit)in)"
)
# -ing words that say how a thing or the person is, not what is being done ("the tap's
# working now", "my back is killing me", "getting worried now", "now waiting for them")
NOT_DOING = (
    r"(?:nothing|something|anything|everything|morning|evening|thing|being|feeling|"
    r"waiting|hoping|thinking|wondering|worrying|panicking|going|coming|during|bring|"
    r"working(?!\s+(?:on|through|away|out)\b)|running|looking(?!\s+(?:at|into|for|through|"
    r"over)\b)|leaking|dripping|raining|snowing|sleeping|crying|hurting|aching|killing|"
    r"loving|hating|smelling|sounding|shaking|missing|getting\s+\w+ed|"
    r"planning|meaning|expecting|considering|"
    # a thing where it is kept, not a doing: "the FHSA money is sitting in my chequing account
    # now", "still sitting in my cart" (the person "sitting the exam now" is one)
    r"sitting\s+(?:\w+\s+)?in\s+(?:my|our|the|his|her|their)\s+(?:[\w-]+\s+){0,2}?"
    r"(?:account|bank|inbox|cart|basket|drafts|wallet|purse|pocket)s?|"
    # (a kind of account: "my chequing account")
    r"(?:chequing|checking)(?=\s+account))\b"
)
# How the thing works once the step is done, said well: "shifting sweet now", "running smooth
# now" — a state reached, never the step being done
WORKING_WELL = (
    r"(?:sweet(?:ly)?|smooth(?:ly)?|fine|great|perfect(?:ly)?|well|good|nice(?:ly)?|lovely|"
    r"grand|like\s+a\s+dream)\s+now\b"
)
DOING = (
    rf"(?!{NOT_DOING})(?![a-z]{{2,}}(?:ing|in['’])\s+{WORKING_WELL})"
    rf"(?:[a-z]{{2,}}ing|{DROPPED_G})"
)
# -ing words that open no clause of doing, as one word: nouns ("wedding", "ceiling") and
# states of mind ("hoping")
NOT_DOING_WORDS = frozenset(
    """thing nothing something anything everything morning evening being feeling going
    getting having wedding building ceiling during king ring spring string sibling
    awning bring sing wing earring thinking wondering hoping planning worrying dreading
    considering waiting meaning""".split()
)

# -- a statement: doing said with the moment -----------------------------------------------

_MOMENT = re.compile(
    r"\bas\s+we\s+speak\b|"
    rf"\b{DOING}\s+(?:[^\s,.;!?—]+\s+){{0,7}}?(?:{MOMENT}|so\s+far)\b|"
    rf"(?<!\bfrom\s)(?<!\buntil\s)(?<!\btill\s)\b(?:right\s+)?now\s+{DOING}|"
    rf"\b(?:about\s+|nearly\s+|roughly\s+|over\s+)?{PART_WAY}\s+(?:through|thru|done|"
    r"there)\b|"
    # "3 lasagnes in so far", "6 names so far": a count of what is done till now
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:[\w'-]+\s+){0,4}?"
    r"(?:in\s+|done\s+|up\s+)?so\s+far\b",
    re.I,
)


def moment(text: str) -> re.Match[str] | None:
    """The words that say something is being done at this moment: a verb of doing with a
    word of the moment ("writing it now", "now ringing round"), "as we speak", part way
    through, or a count so far; None when there are none."""
    return _MOMENT.search(text)


MOMENT_EXAMPLES: tuple[str, ...] = (
    "sanding the decking as we speak",
    "fillin' the form in rn",
    "now ringing round the garages",
    "about halfway thru the tax return",
    "3 lasagnes in so far",
)
MOMENT_NEAR_MISSES: tuple[str, ...] = (
    "the tap's working now",
    "the FHSA money is officially sitting in my chequing account now",
    "getting worried now",
    "chain's on, shifting sweet now",
    "from now on I'll do it weekly",
    "booked the van",
)

# -- a clause of doing, and when ------------------------------------------------------------

# When it is going on: a word of the moment, of today, "so far", "halfway", "at it"
_WHEN_DOING = re.compile(
    rf"\b(?:{MOMENT}|today|tonight|this\s+(?:morning|arvo|afternoon|evening|week)|so\s+far|"
    r"half\s*way|at\s+it|the\s+noo)\b",
    re.I,
)


def when_doing(text: str) -> bool:
    """The message says when something is going on ("now", "this morning", "halfway")."""
    return _WHEN_DOING.search(text) is not None


def before_when(words: str) -> str:
    """The words before the first word of when ("sanding the decking" of "sanding the
    decking this morning")."""
    return _WHEN_DOING.split(words, maxsplit=1)[0].strip()


def is_doing(word: str) -> bool:
    """An -ing word that can open a clause of doing ("scrubbing"; not "wedding", "hoping")."""
    return word.endswith("ing") and len(word) > 4 and word not in NOT_DOING_WORDS


WHEN_DOING_EXAMPLES: tuple[str, ...] = (
    "repainting the shed door this morning",
    "scrubbing the black stuff off the wall now",
    "half way through the seating plan",
    "at it since 8",
)
WHEN_DOING_NEAR_MISSES: tuple[str, ...] = ("repainted the shed door", "will paint it later")

# -- a sign of it, for ordering a menu -------------------------------------------------------

# Under way at this moment: "as we speak", "halfway", "made a start" ("now" alone is as often
# a state reached: "gutters are sound now"; with a verb doing something it is under way)
_SIGN = re.compile(
    r"\b(?:rn|atm|at\s+the\s+moment|as\s+we\s+speak|currently|half\s*way|so\s+far|"
    r"made\s+a\s+start|started|starting|began|begun|under\s*way|in\s+progress|on\s+it)\b",
    re.I,
)
# Only a part of it done, told by a count or a half: "only done 6 rows", "2 done, 4 more to
# go", "voy a la mitad" (I'm halfway): begun, whatever verb of finishing says the part
_PART_DONE = re.compile(
    r"\b(?:only\s+(?:done|did|finished|got\s+through)\s+\d+|\d+\s+(?:more\s+)?to\s+go|"
    r"(?:more|rest|others)\s+to\s+go|a\s+la\s+mitad)\b",
    re.I,
)
_NOW = re.compile(r"\b(?:now|the\s+noo)\b", re.I)
# A state reached, not a doing: "gutters are sound now", "looks class now", "all working now",
# and how the thing works once the step is done: "shifting sweet now", "running smooth now"
# (the -ing is the thing's own working, said well; "painting the fence now" is a doing)
_STATE_NOW = re.compile(
    r"(?:\b(?:is|are|was|were|looks?|all)\b|'s|'re)\s+(?:[\w']+\s+){0,3}now\b|"
    rf"\b[a-z]{{2,}}(?:ing|in')\s+{WORKING_WELL}|"
    r"\b(?:and|so)\s+[\w']+\s+now\b|\bnow\s+(?:that|it'?s|they'?re)\b",
    re.I,
)
# A verb in its -ing form doing something to a thing: "getting its pads done", "scrubbing
# the black stuff", "filling out the form" ("the wedding", "this morning" are nouns)
_DOING_A_THING = re.compile(
    r"(?<!\bthe\s)(?<!\ba\s)(?<!\bmy\s)(?<!\bour\s)(?<!\bthis\s)(?<!\bthat\s)"
    r"\b(?!(?:no|some|any|every)thing\b|morning\b|evening\b|during\b|thing\b)"
    r"[a-z]{2,}(?:ing|in')\s+(?:its|it|the|my|our|his|her|their|a|an|up|out|through|on|in|off|"
    r"them|some|all|for)\b",
    re.I,
)


def sounds_under_way(message: str) -> bool:
    """Any sign that it is going on: a word of the moment or of a start, a verb doing
    something to a thing, or "now" that is no state reached ("it's fine now")."""
    return bool(
        _SIGN.search(message)
        or part_done(message)
        or _DOING_A_THING.search(message)
        or (_NOW.search(message) and not _STATE_NOW.search(message))
    )


def part_done(message: str) -> bool:
    """Only a part of the thing is done, told by a count or a half (``PART_DONE_EXAMPLES``)."""
    return _PART_DONE.search(message) is not None


# -- a part told done, the rest to come ------------------------------------------------------

# Half of the thing in the state the step leaves it in: "half done", "suitcase half full",
# "half way full", "half the kitchen in boxes already", "half the chemodan already full",
# "half the clothes already in". The half is of the job, so the step is under way — never done,
# and never a try that failed (``intents._FAILED`` reads any "half" as one). Not a half of
# anything else: "half the price I expected", "staff ate half the tray", "pay them half
# upfront", "half the wall's come down", "half the people in the queue".
_HALF_OF_IT = re.compile(
    r"\bhalf(?:\s*way)?\s+(?:done|full|finished|packed|filled)\b|"
    r"\bhalf\s+(?:of\s+)?(?:the|my|our|his|her|their)\s+"
    r"(?P<thing>(?!(?:is|are|already|now|na)\b)[\w-]+(?:\s+(?!(?:is|are|already|now|na)\b)[\w-]+)?)\s+"
    r"(?:(?:is|are|already|now|na)\s+){0,2}"
    r"(?:in\s+(?:boxes|bags|crates|cases|the\s+(?:box|boxes|barrel|suitcases?|bags?|car|van))\b|"
    r"(?:full|done|packed|boxed|filled|finished)\b|in(?=\s*(?:[,.;!?]|$)))",
    re.I,
)


# What is left to go, counted in words too: "two have said yes, three to go"
_LEFT_TO_GO = re.compile(
    r"\b(?:one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|a\s+couple)\s+(?:more\s+)?"
    r"to\s+go\b",
    re.I,
)


def part_told(message: str) -> bool:
    """A part of the job told done with the rest still to come: half of it in the state the
    step leaves it in, or what is left to go (``PART_TOLD_EXAMPLES``)."""
    return bool(_HALF_OF_IT.search(message) or _LEFT_TO_GO.search(message) or part_done(message))


def half_of(message: str) -> str:
    """The thing a half is told of ("kitchen" of "half the kitchen in boxes already"); empty
    when the half names none ("half done") or there is none."""
    found = _HALF_OF_IT.search(message)
    return (found["thing"] or "") if found is not None else ""


PART_TOLD_EXAMPLES: tuple[str, ...] = (
    "half the kitchen in boxes already lol, plates still out",
    "packing suru gare, half the room already in boxes lol",
    "packing slowly, half the chemodan already full of stuff for the kids",
    "Packing the balikbayan box na! already half full of spam and toblerone",
    "me and my brother on the roof now with shovels, so much snow bale, half done",
    "half the plates are in boxes already, the rest tonight",
    "calling the grandchildren one by one. Two have said yes, three to go.",
)
PART_TOLD_NEAR_MISSES: tuple[str, ...] = (
    "half the price I expected, boiler serviced",
    "buns come out proper job this time, staff ate half the tray",
    "then pay them half upfront",
    "slipway's a bigger job than I thought, half the wall's come down onto it",
    "half the people in the queue gave up",
    "covid clinic questionnaire is DONE. and half of it asked the same thing twice",
    "left at half past nine",
)


PART_DONE_EXAMPLES: tuple[str, ...] = (
    "cast on the baby blanket last night 🧶 lemon and white, only done 6 rows mind you",
    "ando cosiendo los bordes de la lona voy a la mitad",
    "workin on the cracks. 2 done w hydraulic cement, like 4 more to go",
    "First of the christmas cakes is in the oven, three more to go",
)
PART_DONE_NEAR_MISSES: tuple[str, ...] = (
    "all 6 rows done",
    "done and dusted, nothing more to do",
    "good to go",
    "ready to go now",
    "only took 3 days",
)

SIGN_EXAMPLES: tuple[str, ...] = (
    "getting its pads done",
    "made a start on the hedge",
    "ringing round the garages now",
    "halfway there with the forms",
    "sanding the door smooth now",
    "ando cosiendo los bordes de la lona voy a la mitad",
)
SIGN_NEAR_MISSES: tuple[str, ...] = (
    "gutters are sound now",
    "chain's on. 11spd, shifting sweet now",
    "boiler running smooth now",
    "the wedding was lovely",
    "all sorted",
)
