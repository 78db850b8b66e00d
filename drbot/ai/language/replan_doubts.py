"""Whether a step replaced in free words is certain enough to write, or only to offer.

A replacement read from free words writes two things at once: which step goes and what comes
instead. Both must be certain. The step is certain when the words that named it point at it and
at no other step of any plan, finished ones too (``step_odds``, the learnt check of which step,
asked of those words alone: "change of plan on ordering the car seat" names "Order the car
seat", done, better than the open "Get the car seat inspected"; "change of plan on the fees"
names "Pay the registration fee" and "Check the care home fees" alike). The new steps are
certain when they are cut where the person cut them: every cut between two of them falls on a
mark (a comma, "and", "then", a full stop), never only before a word that can be a verb ("set
up a standing | order for him"), and no step is left said after the last one read ("we're
going with a PODS container instead. So: order the container, load it, schedule the pickup"
read as one step). A doubt turns the write into the offer "Replace “X” with …?" (or, for two
steps, the question which one), nothing written before the press.

Pure: reads the words and the person's plans, writes nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drbot.ai.language import replacements, step_match, step_odds
from drbot.ai.language.plan_phrases import STEP_VERBS
from drbot.memory.records import FINISHED, Plan

# Odds (``step_odds``, of the words that named the step) below which the step a replacement
# chose is not certain. Measured on the replacements written on every held-out set (a–z107):
# at 0.8 it doubts the two written on the wrong step and none of the 229 written right (0.85:
# one right one; 0.9: three). Round 29's retrain lifted "the fees" beside "Pay the
# registration fee" and "Check the care home fees" to 0.800: at 0.82 it is asked again, at the
# cost of one right replacement of the 11,492 held-out messages (a guard by features instead
# cost four). Round 43's retrain lifted it past 0.82 again; since then ``named_alike`` asks it
# whatever the odds: a topic of one noun that two open steps have, the noun itself in both
# titles (with a shared stem enough, it asked "bugger the fencer … instead of getting a
# quote" between "Get a fencer to quote" and "Check council rules on fence height"). The
# check's own bar for news (0.9) is higher: the words that name a replaced step are few and
# chosen to name it.
STEP_BAR = 0.82


@dataclass(frozen=True)
class StepDoubt:
    """The step chosen is in doubt; ``other`` the best other step, when it is open."""

    other: step_match.Candidate | None


def step_doubt(
    named: str, plans: list[Plan], current_plan_id: int | None, step_id: int
) -> StepDoubt | None:
    """A doubt on the step a replacement chose by the words ``named``, or None when they name
    it and no other (the learnt odds at or above ``STEP_BAR``)."""
    if not named.strip():
        return None
    if (other := named_apart(named, plans, current_plan_id, step_id)) is not None:
        return StepDoubt(other)
    if (other := named_alike(named, plans, current_plan_id, step_id)) is not None:
        return StepDoubt(other)
    found = step_odds.choice(named, plans, current_plan_id, step_id)
    if found is None or found.runner_up is None:
        return None
    if step_odds.probability(found.features, step_odds.weights()) >= STEP_BAR:
        return None
    other = found.runner_up
    return StepDoubt(other if other.status not in FINISHED else None)


# A topic of two or three nouns and nothing else ("the barrel provisions", "passport photo
# fee"): its last is the thing, those before only say which
_COMPOUND = re.compile(r"(?:(?:the|my|our|a|an)\s+)?(?P<nouns>[\w'-]+(?:\s+[\w'-]+){1,2})", re.I)
_NO_NOUN = frozenset(
    "for of at to in on with and from by about or not no so instead change plan new "
    "this that these those it my our the".split()
)


def named_apart(
    named: str, plans: list[Plan], current_plan_id: int | None, step_id: int
) -> step_match.Candidate | None:
    """Another open step the last noun of a compound topic names, when the step chosen is
    named only by a noun before it: "the barrel provisions" of "Buy the barrel" beside "Pack
    the provisions" names the provisions, the barrel's (``APART_EXAMPLES``). None when the
    words are no bare compound, or the step chosen has the last noun."""
    found = _COMPOUND.fullmatch(named.strip(" ,.;:—-"))
    if found is None:
        return None
    nouns = found["nouns"].split()
    if any(noun.lower() in _NO_NOUN for noun in nouns):
        return None
    chosen = next((s["title"] for p in plans for s in p["steps"] if s["id"] == step_id), None)
    if chosen is None or step_match.shared_things(nouns[-1], chosen):
        return None
    if not any(step_match.shared_things(noun, chosen) for noun in nouns[:-1]):
        return None
    for other in step_match.candidates(
        named, plans, current_plan_id, open_only=True, least=step_match.WEAK_SCORE
    ):
        if other.step_id != step_id and step_match.shared_things(nouns[-1], other.title):
            return other
    return None


# A topic of one noun and nothing else ("the fees", "the van")
_ONE_NOUN = re.compile(r"(?:(?:the|my|our|a|an)\s+)?(?P<noun>[\w'-]+)", re.I)


def named_alike(
    named: str, plans: list[Plan], current_plan_id: int | None, step_id: int
) -> step_match.Candidate | None:
    """Another open step a topic of one noun names as well as the step chosen: "the fees"
    of "Pay the registration fee" beside "Check the care home fees" names both, whatever
    odds the learnt check gives the one chosen (``ALIKE_EXAMPLES``; round to round its
    retrain moved those odds either side of ``STEP_BAR``). None when the words are more
    than one noun, or no other open step has it."""
    found = _ONE_NOUN.fullmatch(named.strip(" ,.;:—-"))
    if found is None or found["noun"].lower() in _NO_NOUN:
        return None
    noun = found["noun"]
    chosen = next((s["title"] for p in plans for s in p["steps"] if s["id"] == step_id), None)
    if chosen is None or not step_match.shared_things(noun, chosen):
        return None
    # (any score: the noun is the whole of the words, and a longer title dilutes it — "the
    # fees" scores 0.27 of "Check the care home fees")
    # The other step has the noun itself, a plural aside: a word that only shares its stem
    # ("the fencer" beside "Check council rules on fence height") names no second step
    one = noun.lower().rstrip("s")
    for other in step_match.candidates(named, plans, current_plan_id, open_only=True, least=0):
        words = {w.rstrip("s") for w in re.findall(r"[\w'-]+", other.title.lower())}
        if other.step_id != step_id and one in words:
            return other
    return None


# (topic, plans, the step the matcher chose, the other step the noun names — None: no other)
ALIKE_EXAMPLES: tuple[tuple[str, dict[str, tuple[str, ...]], str, str | None], ...] = (
    (
        "the fees",
        {
            "Care home for Dad": ("Visit Oakfield House", "Check the care home fees"),
            "Power of attorney": ("Download the LPA forms", "Pay the registration fee"),
        },
        "Pay the registration fee",
        "Check the care home fees",
    ),
    # near-misses: a noun only the chosen step has; one that shares only its stem with
    # another step's word; more than one noun
    (
        "the fencer",
        {"Fix the back fence": ("Get a fencer to quote", "Check council rules on fence height")},
        "Get a fencer to quote",
        None,
    ),
    (
        "the van",
        {"Move": ("Book the van", "Pack the boxes", "Pay the deposit")},
        "Book the van",
        None,
    ),
    (
        "the barrel provisions",
        {"Barrel to Ghana": ("Buy the barrel", "Pack the provisions", "Fill the barrel")},
        "Buy the barrel",
        None,
    ),
)


# (topic, plans, the step the matcher chose, the step its last noun names)
APART_EXAMPLES: tuple[tuple[str, dict[str, tuple[str, ...]], str, str], ...] = (
    (
        "the barrel provisions",
        {"Barrel to Ghana": ("Buy the barrel", "Pack the provisions", "Book the shipping agent")},
        "Buy the barrel",
        "Pack the provisions",
    ),
)
# (topic, plans, the step chosen): not doubted by it
APART_NEAR_MISSES: tuple[tuple[str, dict[str, tuple[str, ...]], str], ...] = (
    # the last noun is the chosen step's own
    (
        "new compressor",
        {"Van": ("Order the compressor", "Collect the new PDP")},
        "Order the compressor",
    ),
    # a phrase with a word of its own between the nouns: no bare compound
    (
        "bach for xmas",
        {"Xmas": ("Book the bach at Wanaka", "Get the Xmas tree")},
        "Book the bach at Wanaka",
    ),
    ("provisions", {"Barrel": ("Buy the barrel", "Pack the provisions")}, "Pack the provisions"),
)


def _words(text: str) -> list[str]:
    return re.findall(r"[\w']+", text.lower())


def _said_together(said: str, first: str, second: str) -> bool:
    """``first`` then ``second`` in ``said`` with nothing but a space between."""
    pattern = rf"(?<![\w']){re.escape(first)}\s+{re.escape(second)}(?![\w'])"
    return re.search(pattern, said.lower()) is not None


def unmarked_cut(said: str, steps: list[str]) -> bool:
    """Two new steps cut where the message marks no cut: the last word of one and the first
    of the next said side by side ("set up a standing order for him" read as "… a standing",
    "Order for him"). A cut after a comma, "and", "then" or a full stop is marked."""
    for before, after in zip(steps, steps[1:], strict=False):
        last, first = _words(before)[-1:], _words(after)[:1]
        if last and first and _said_together(said, last[0], first[0]):
            return True
    return False


def _end_of(step: str, said: str, start: int) -> int | None:
    """Where ``step`` ends in ``said`` (lower case), from ``start`` on: its last three words
    said together, else its last word; None when the words are not there (a verb given to a
    thing with none, a "-ing" said as the verb)."""
    words = _words(step)
    for tail in (words[-3:], words[-1:]):
        if not tail:
            return None
        pattern = r"(?<![\w'])" + r"[^\w']+".join(map(re.escape, tail)) + r"(?![\w'])"
        found = re.compile(pattern).search(said, start)
        if found is not None:
            return found.end()
    return None


def steps_left(said: str, steps: list[str]) -> list[str]:
    """Steps said after the last new step read: each piece of what follows it that says what
    to do ("…, load it, schedule the pickup" after "Go with a PODS container"). The steps are
    found in the message in turn; a remark ("see how it goes"), a reaction, a fragment and the
    words that take the old step off ("swap that one out") are none."""
    low, end = said.lower(), 0
    for step in steps:
        found = _end_of(step, low, end)
        if found is None:
            return []
        end = found
    tail = said[end:]
    if not steps or not tail.strip(" .!?,;:"):
        return []
    return [
        piece
        for piece in replacements.items(tail)
        if replacements.says_what_to_do(piece)
        and not replacements.is_remark_step(piece)
        and not replacements.is_fragment_step(piece)
        and not replacements.takes_it_off(piece)
    ]


def steps_doubts(said: str, steps: list[str]) -> list[str]:
    """Why the new steps may not be cut as the person cut them; [] when they are."""
    if not said:
        return []
    doubts = []
    if unmarked_cut(said, steps):
        doubts.append("two new steps cut where nothing marks a cut")
    if steps_left(said, steps):
        doubts.append("steps said after the last new step read")
    return doubts


# Declared classes, run as unit tests (tests/test_readings.py): (message, new steps read)
CUT_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "instead I'll get the lady in the branch to set up a standing order for him and then "
        "check it went out",
        ("Get the lady in the branch to set up a standing", "Order for him", "Check it went out"),
    ),
    (
        "no truck, we're going with a PODS container instead. So: order the container, load "
        "it, schedule the pickup.",
        ("Go with a PODS container",),
    ),
    (
        "not the skip - gonna hire a van. then book the tip slot, load the van",
        ("Hire a van",),
    ),
    (
        "rather than the post office I'll print the label drop the parcel at the locker",
        ("Print the label", "Drop the parcel at the locker"),
    ),
)
CUT_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "instead we'll hire a face painter and a snow cone machine",
        ("Hire a face painter", "Hire a snow cone machine"),
    ),
    (
        "scrap the skip, instead: hire a van, then book the tip slot. see how it goes",
        ("Hire a van", "Book the tip slot"),
    ),
    (
        "changed my mind abt stanford, applying to CMU instead. swap that one out",
        ("Apply to CMU",),
    ),
    (
        "no printing - do a post on the parish facebook page and a slide in the bulletin",
        ("Do a post on the parish facebook page", "Do a slide in the bulletin"),
    ),
)

# The step a replacement names, among the person's plans (title → its steps, "✓" before a
# finished one): (words that named it, plans, the step chosen, the step it may be instead or
# "" when that one is finished)
_Plans = dict[str, tuple[str, ...]]
_CARE: _Plans = {
    "Care home for Dad": ("Visit Oakfield House", "Check the care home fees", "Talk to Dad"),
    "Power of attorney": ("Download the LPA forms", "Pay the registration fee"),
}
_CAR_SEAT: _Plans = {
    "Car seat": ("✓Research car seats", "✓Order the car seat", "Get the seat inspected")
}
_FENCE: _Plans = {
    "Boundary fence": ("Walk the fence line", "Replace the strainer posts", "Buy star pickets"),
    "Shed": ("Clear the shed", "Paint the shed"),
}
STEP_DOUBT_EXAMPLES: tuple[tuple[str, _Plans, str, str], ...] = (
    ("fees", _CARE, "Pay the registration fee", "Check the care home fees"),
    ("ordering the car seat", _CAR_SEAT, "Get the seat inspected", ""),
    (
        "the insurance",
        {"Van": ("Buy the van", "Sort the van insurance"), "Home": ("Renew the home insurance",)},
        "Sort the van insurance",
        "Renew the home insurance",
    ),
)
STEP_DOUBT_NEAR_MISSES: tuple[tuple[str, _Plans, str], ...] = (
    ("the care home fees", _CARE, "Check the care home fees"),
    ("replacing the strainers", _FENCE, "Replace the strainer posts"),
    ("painting the shed", _FENCE, "Paint the shed"),
)


# -- said outright: a replacement offered for its words of why, certain enough to write ------
#
# A step changed in words of why (``reworks``) is offered, "Replace “X” with …?", as those
# words are too many to be sure of. Some say the change outright: an explicit mark that the
# step gives way ("instead", "change of plan", "new idea", "new plan", "rather than", "plan
# changed") and exactly two new steps, each starting with a verb drbot knows ("borrow tuis
# bobcat, then pick it up from his place"). Those are written when the step is named by its
# own words (the caller's matcher, never the words of why alone) and pass every check above;
# undo takes one back. One step only is as often a skip with a remark ("I'll just use the
# selfie my cousin took"), three as often two cut in three ("roll it out and staple it off"),
# and a step that starts with a name or "if" is someone else's or a maybe: all still offered.
_OUTRIGHT = re.compile(
    r"\b(?:instead|change\s+of\s+plans?|plans?\s+change[ds]?|new\s+(?:idea|plan|approach|way)|"
    # "change plan:", "change for the trial:", "change w the inspector thing:" (z138, z144,
    # z156, z180, z191, z196): the change said of its thing
    r"change\s+plans?|change\s+(?:for|on|with|w|about|re)\s+(?:the\s+|my\s+|our\s+)?\w+|"
    # "… too dear now. change it: a and b" (z69, z142, z221): the change said of what the
    # words before named, with its colon
    rf"{replacements.CHANGE_POINTED}|"
    r"rather\s+than)\b",
    re.I,
)


def said_outright(text: str, steps: list[str]) -> bool:
    """Whether a change read from words of why says itself outright (``OUTRIGHT_EXAMPLES``):
    an explicit mark of the change and exactly two new steps, each led by a verb drbot
    knows."""
    if _OUTRIGHT.search(text) is None or len(steps) != 2:
        return False
    words = [step.split() for step in steps]
    return all(len(said) >= 2 and said[0].lower() in STEP_VERBS for said in words)


# (message, its new steps as read): said outright / not
OUTRIGHT_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "digger hire too dear, uncle tui says we can use his bobcat. so instead: borrow tuis "
        "bobcat, then pick it up from his place in kumeu",
        ("Borrow tuis bobcat", "Pick it up from his place in kumeu"),
    ),
    (
        "ok private tutor is way too expensive. new idea: ask his french teacher about the "
        "soutien sessions at school, then sign him up for the wednesday ones",
        (
            "Ask his french teacher about the soutien sessions at school",
            "Sign him up for the wednesday ones",
        ),
    ),
    (
        "leicester biometrics is impossible so change of plan: i'll book a premium slot in "
        "birmingham instead and get the train there",
        ("Book a premium slot in birmingham", "Get the train there"),
    ),
    # "change plan:" and "change for X" mark the change too (z138, z144, z156, z180, z191, z196)
    (
        "print shop want 2,500 for the sign, too expensive. change plan: buy small blackboard "
        "at b2s then write the menu myself with chalk",
        ("Buy small blackboard at b2s", "Write the menu myself with chalk"),
    ),
    (
        "change for the music, dj's way too expensive. we make a playlist ourselves and rent a "
        "proper speaker from Marco's shop",
        ("Make a playlist ourselves", "Rent a proper speaker from Marco's shop"),
    ),
)
OUTRIGHT_EXAMPLES += (
    # "change it:" after what went wrong (z69, z142, z221), "change that part:" (z275)
    (
        "daka and lime from market too dear now. change it: plant my own daka vine behind the "
        "house and buy lime in bulk from the Madang fishermen",
        ("Plant my own daka vine behind the house", "Buy lime in bulk from the Madang fishermen"),
    ),
    (
        "cargo dhoni to addu is too slow, 3 weeks. change that part: book air cargo at velana, "
        "then pick it up at gan airport",
        ("Book air cargo at velana", "Pick it up at gan airport"),
    ),
)
OUTRIGHT_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # "change it" with no colon marks nothing: "can't change it" is no change
    (
        "daka too dear now but i cant change it, plant my own vine and buy lime later",
        ("Plant my own vine", "Buy lime later"),
    ),
    (
        "cargo dhoni too slow and i cant change that part, book air cargo and pick it up",
        ("Book air cargo", "Pick it up"),
    ),
    # no mark of a change: maybe a skip with what the person will do anyway
    (
        "nah ga usah test stream, i'll just go live with it and vibe",
        ("Go live with it", "Go vibe"),
    ),
    # one step: as often a skip and a remark
    ("forget the professional photo thing, instead I'll use a selfie", ("Use a selfie",)),
    # three: as often two cut in three
    (
        "change of plan on the boundary. so instead of running wire: get netting from PGG, "
        "then roll it out and staple it off",
        ("Get netting from PGG", "Roll it out", "Staple it off"),
    ),
    # a step led by someone's name or a maybe
    (
        "DJ wahala too much. new plan: my guy Tamuno go handle music with his laptop, then i "
        "rent extra speakers from Rumuokoro",
        ("My guy Tamuno go handle music with his laptop", "Rent extra speakers from Rumuokoro"),
    ),
    (
        "plumber useless. new plan for the sink: buy the drain cleaner, and if it not work my "
        "brother-in-law take the pipe apart",
        ("Buy the drain cleaner", "If it not work my brother-in-law take the pipe apart"),
    ),
)
