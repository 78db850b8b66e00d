"""Words that name the same thing to a person running a plan, though not spelt alike.

People rarely repeat a step's own noun: "Declan came back with a price" is news of "Get a
quote from the plumber", "the lad is setting up the router" of "Set up wifi", "halfway
through the table plan" of "Do the seating plan". Step matching meets only the title's own
words (and their spellings), so such news read as nothing.

This table links the plain everyday words of one thing. It is a WEAKER link than the
title's own words: a step found only through it is offered (a short menu or a question),
never written at once, and never chosen over a step whose title names the thing itself
(see ``step_match.by_thing_family``). Families here are kinds of thing, not cases: add
a word when people plainly use it for the thing, never one phrase of one message.

Pure: no I/O.
"""

from __future__ import annotations

import re

from drbot.ai.language import letters

# Each family: the words (lower case, as written) that name one thing. A word may sit in
# two families when it names two things ("figure": a price, or the figures for the
# accountant). Two-word names ("table plan", "black stuff") are matched in the text.
FAMILIES: tuple[frozenset[str], ...] = tuple(
    frozenset(family.split("|"))
    for family in (
        # what a job will cost
        "quote|quotes|quotation|price|prices|estimate|estimates|figure|costing",
        # the figures sent to an accountant
        "figures|numbers",
        # the connection at home
        "wifi|wi-fi|internet|broadband|router|modem|fibre|fiber",
        # pictures taken
        "photo|photos|pics|pic|picture|pictures|headshot|headshots|snaps",
        # the person's own vehicle
        "car|motor|ute|vehicle|wagon",
        # a time booked with someone
        "appointment|appointments|appt|appts|slot|booking|follow-up|check-up|checkup|consultation",
        # the letter that chases a debt
        "reminder|final reminder|final notice|chaser",
        # a form and what people call it
        "form|forms|application|paperwork",
        # a bill to pay or chase
        "invoice|invoices|bill|bills",
        # a letter from a referee
        "reference|references|recommendation|recommendations|recs|lor|lors",
        # someone who teaches
        "teacher|tutor|instructor|coach",
        # building wood
        "timber|wood|lumber",
        # an animal's travel box
        "crate|carrier|kennel",
        # signing in to an app
        "login|log-in|signin|sign-in|auth",
        # the one who lets the home
        "landlord|landlady|letting agent|leasing office|property manager",
        # the table plan of a do
        "seating|seating plan|table plan",
        # black mould on a wall (not "damp": the wet, not the growth)
        "mould|mold|black stuff",
        # tradespeople by their nicknames and their trades
        "electrician|sparky|sparkie|sparkies|electrics",
        "plumber|plumbing",
        "roofer|roofing",
        "carpenter|joiner|chippy|chippie",
        "builder|builders",
        # the place a do is held
        "venue|venues|hall|halls",
    )
)

# The trade of a person fetched by the job ("the trades guy", "the tradie") is any of them.
TRADES = frozenset("electrician plumber roofer carpenter joiner builder painter tiler".split())
ANY_TRADE = frozenset("tradie tradies tradesman tradesmen trades contractor handyman".split())

# A price or a bill that changed is news of prices, not of getting one ("price went up")
_CHANGED = re.compile(
    r"\b(?:went|gone|going|goes|go|come|came)\s+(?:up|down)\b|"
    r"\b(?:rose|risen|rising|increas\w*|hike[sd]?|doubled|tripled)\b",
    re.I,
)

# Words that come before a verb, never before a thing: "to price", "we'll book"
_BEFORE_A_VERB = frozenset("to i we you they cant can't couldnt couldn't will ll".split())

_WORD = re.compile(rf"{letters.WORD}(?:-{letters.WORD})?")


def said_names(text: str) -> set[str]:
    """The family words and two-word names ``text`` (a message or a step's title) uses,
    lower case."""
    words = _WORD.findall(letters.fold(text))
    if not words:
        return set()
    pairs = {f"{a} {b}" for a, b in zip(words, words[1:], strict=False)}
    # a word of a family said as a verb names no thing: "figure out the heating", "to price"
    verbs = {
        word
        for before, word, after in zip(["", *words[:-1]], words, [*words[1:], ""], strict=True)
        if after == "out" or before in _BEFORE_A_VERB
    }
    return ((set(words) - verbs) | pairs) & _ALL


def kin(name: str) -> frozenset[str]:
    """The other words of the families ``name`` is in (nothing when it is in none)."""
    found: set[str] = set()
    for family in FAMILIES:
        if name in family:
            found |= family
    if name in ANY_TRADE:
        found |= TRADES
    found.discard(name)
    return frozenset(found)


def changed(text: str) -> bool:
    """The message tells that a thing changed ("price went up"), not that it was had."""
    return bool(_CHANGED.search(text))


_ALL = frozenset().union(*FAMILIES) | ANY_TRADE | TRADES


# Words that name a KIND of thing, not one thing: "the paperwork" may be an invoice, a
# certificate or a form. News of the kind fits every open step whose thing is of it, so the
# step it is news of is asked when two such steps share a verb ("picked up the paperwork from
# the vet" with "Get the invoice from the vet" and "Get the health certificate").
KINDS: dict[frozenset[str], frozenset[str]] = {
    frozenset("paperwork papers documents docs document".split()): frozenset(
        "form forms invoice invoices bill certificate certificates cert letter letters receipt "
        "receipts statement statements record records contract contracts licence license "
        "permit passport visa reference references report reports prescription results "
        "paperwork papers documents docs document application".split()
    ),
}


def kind_said(text: str) -> frozenset[str]:
    """The things a word of a kind in the text may be ("paperwork": a form, an invoice, a
    certificate, …); empty when it says no kind."""
    said = {w.lower() for w in _WORD.findall(letters.fold(text))}
    return frozenset().union(*(things for kind, things in KINDS.items() if kind & said))


def of_the_kind(title: str, things: frozenset[str]) -> bool:
    """The step's title names a thing of the kind."""
    return bool({w.lower() for w in _WORD.findall(letters.fold(title))} & things)
