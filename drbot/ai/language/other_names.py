"""News whose thing is not the step's, though a word of it met the step: a certainty sign.

The step matcher meets words loosely (stems, typos, a word inside a longer one), so a
statement can find a step whose thing the message never named:

- **another name**: the message names whom it contacted by a name that no plan of the
  person's has, and the step found carries a name of its own that the message does not say,
  sharing at most one thing with it ("called Vattenfall to get my name off the contract" with
  "Cancel the joint Vodafone contract"): the name is the sign that another step, or none, is
  meant (a name in passing, "2 nights in Gion", is none);
- **part of a word**: every word the step shares with the message is only a part of a longer
  word there, a name made of it ("called policybazaar guy again" with "Compare policies");
- **a name said later**: the only words the step shares are a person's name, said after a
  first clause that names none of the step ("sent the lease round for signatures. only Jess
  has signed, Tom and Aisha are doing it later" with "Chase Tom for October gas"): whom the
  news mentions, not what it is about.

With any of these the reading is proposed, never written (``step_statements``). So is the
one step whose thing news names only by its initials ("JD finished" for "Write the job
description": ``named_by_initials``), when no word of it finds a step. Each is
declared with examples and near misses (tests/test_readings.py runs them). And someone
else who did it, said first ("my brother in law started on the fan": ``doer_first``), names
who, not which step (tests/test_offline_doer_first.py). Pure: no I/O.
"""

from __future__ import annotations

import re

from drbot.ai.language import dates, step_match
from drbot.memory.records import FINISHED, Plan

# Capitalised words that are no one's name: days, months, the person, a greeting
_NOT_NAMES = frozenset(
    {*dates.WEEKDAYS, *dates.MONTHS, *(m[:3] for m in dates.MONTHS), "i", "im", "ive", "ill"}
    | set("mum dad mom ok okay lol omg btw fyi pls thanks christmas xmas easter".split())
    | set("dr doctor mr mrs ms miss prof sir god".split())  # (a title, not whose name it is)
)

# A capitalised word of a sentence's first place is no sign of a name ("Called them")
_NAME = re.compile(r"(?<![.!?]\s)(?<!^)(?<![.!?])\b([^\W\d_][^\W\d_]+)\b")


def _names(text: str) -> set[str]:
    """The stems of the names said mid-sentence: capitalised, not all capitals (initials or
    shouting: "AGAIN", "GP"), not a day, a month or a word of address."""
    found = set()
    for word in _NAME.findall(text.strip()):
        if not word[0].isupper() or word.isupper() or word.lower() in _NOT_NAMES:
            continue
        found.update(step_match.content_stems(word))
    return found


def names_in_title(title: str) -> set[str]:
    """The stems of a step's names: capitalised words after its first, no days or months."""
    words = re.findall(r"[^\W\d_]+", title)
    return {
        stem
        for word in words[1:]
        if word[0].isupper() and not word.isupper() and word.lower() not in _NOT_NAMES
        for stem in step_match.content_stems(word)
    }


def _met(stem: str, stems: list[str] | set[str]) -> bool:
    return any(step_match.same_word(stem, s) for s in stems)


# Who was contacted, named right after the verb of contacting ("called Vattenfall", "emailed
# Dr Hughes's secretary"): a name in passing ("in Gion", "the Safaricom agent") is no sign
_CONTACTED = re.compile(
    r"\b(?i:called|rang|phoned|emailed|e-mailed|messaged|msgd|texted|wrote\s+to|wrote|"
    r"contacted|chased|pinged|dmd|tried|spoke\s+to|talked\s+to|went\s+to)\s+"
    r"(?i:(?:dr|mr|mrs|ms|prof)\.?\s+)?(?P<name>[A-Z][^\W\d_]+)"
)


def another_name(message: str, title: str, known: str) -> bool:
    """The message names whom it contacted by a name no plan knows (``known``: every plan's
    and step's words and what was logged), the step has a name of its own the message does
    not say, and at most one thing of the step is said beside it: the name, not a thing the
    two share, is what the news is about."""
    own = names_in_title(title)
    said = step_match.content_stems(message)
    if not own or any(_met(n, said) for n in own):
        return False
    things = [t for t in step_match.content_stems(title)[1:] if t not in _NOT_NAMES]
    if sum(1 for t in things if _met(t, said)) > 1:
        return False  # ("emailed Policía Nacional about the antecedentes certificate")
    knows = step_match.content_stems(known)
    contacted = {
        stem
        for found in _CONTACTED.finditer(message)
        if not found["name"].isupper() and found["name"].lower() not in _NOT_NAMES
        for stem in step_match.content_stems(found["name"])
    }
    return any(not _met(n, knows) for n in contacted)


def _part(short: str, long: str) -> bool:
    """A word only inside a longer one, not the same word made a noun ("valuation")."""
    return (
        len(long) - len(short) >= 4
        and (long.startswith(short) or long.endswith(short))
        # (the same word made a noun or an adjective: "valuation", "insurance", "payment")
        and not long.endswith(
            ("ation", "ment", "ing", "ion", "ness", "able", "ance", "ence", "ure", "ity", "ful")
        )
    )


def only_part_of_a_word(message: str, title: str) -> bool:
    """Every word the step shares with the message is met only inside a longer word."""
    said = step_match.content_stems(message)
    shared = [t for t in step_match.content_stems(title) if _met(t, said)]
    if not shared:
        return False
    return all(
        all(_part(t, s) for s in said if step_match.same_word(t, s) and len(s) > len(t))
        and not any(step_match.same_word(t, s) and len(s) <= len(t) for s in said)
        for t in shared
    )


_FIRST_CLAUSE = re.compile(r"[.!?;,:]|\s[-—–]\s")


def a_name_said_later(message: str, title: str) -> bool:
    """The step shares only a name with the message, said after a first clause that names
    nothing of the step."""
    own = names_in_title(title)
    said = step_match.content_stems(message)
    shared = {t for t in step_match.content_stems(title) if _met(t, said)}
    if not own or not shared or not shared <= own:
        return False
    first = step_match.content_stems(_FIRST_CLAUSE.split(message, maxsplit=1)[0])
    return not any(_met(t, first) for t in step_match.content_stems(title))


def named_otherwise(message: str, title: str, known: str) -> str | None:
    """Which sign says the step's thing is not what the message names, if any."""
    if another_name(message, title, known):
        return "another name"
    if only_part_of_a_word(message, title):
        return "part of a word"
    if a_name_said_later(message, title):
        return "a name said later"
    return None


# Declared (tests/test_readings.py runs them): (message, step found, the person's other
# words: plans, steps and logs) that name the step's thing otherwise, and near misses
NAMED_OTHERWISE_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    (
        "called Vattenfall to get my name off the contract, 40 min on hold and then it cut out",
        "Cancel the joint Vodafone contract",
        "Take my name off the Stromvertrag. Cancel the joint Vodafone contract",
    ),
    (
        "rang Octopus about the contract, they'll send the forms",
        "Cancel the Sky contract",
        "Cancel the Sky contract. Switch energy supplier",
    ),
    (
        "emailed Dr Hughes's secretary about the letter, no reply yet",
        "Get letter from Dr Patel",
        "Get letter from Dr Patel. Book the scan",
    ),
    ("called policybazaar guy again no answer", "Compare policies", "Get quotes. Compare policies"),
    ("dropped into the carpetright place, they're shut", "Buy the carpet", "Buy the carpet"),
    ("tried the paintbrushpro site, down again", "Buy paint", "Buy paint. Sand the door"),
    (
        "sent the lease round for signatures. only Jess has signed, Tom and Aisha are doing it later",
        "Chase Tom for October gas",
        "Chase Tom for October gas. Get everyone to sign",
    ),
    (
        "booked the van for saturday, Priya is coming to help",
        "Ask Priya about the sofa",
        "Ask Priya about the sofa. Book the van",
    ),
    (
        "finished the slides finally - Ravi wants them by thursday",
        "Get sign-off from Ravi",
        "Draft the slides. Get sign-off from Ravi",
    ),
)
NAMED_OTHERWISE_NEAR_MISSES: tuple[tuple[str, str, str], ...] = (
    # the step's own name said
    ("rang Vodafone, 40 min on hold", "Cancel the joint Vodafone contract", "Cancel the Vodafone"),
    ("called Verizon about his phone", "Cancel his phone contract", "Cancel his phone contract"),
    # a name the person's plans already know
    ("Sarah from Sky called back about the contract", "Cancel the Sky contract", "Ask Sarah"),
    # a day, a month, a capital opening a sentence, initials
    ("Called the bank Monday. Nothing in October", "Ring Barclays", "Ring Barclays"),
    ("emailed the OT clinic AGAIN", "Email the OT clinic", "Email the OT clinic"),
    # the word itself, or made a noun of it
    ("compared the policies last night", "Compare policies", "Compare policies"),
    ("valuation's done, 285k", "Get the house valued", "Get the house valued"),
    ("printed the photographs", "Print the photos", "Print the photos"),
    # the name in the first clause, or a thing of the step beside it
    ("chased Tom for the gas money, he paid", "Chase Tom for October gas", "Chase Tom"),
    ("tried darren again, voicemail", "Call Darren about the deposit", "Call Darren"),
    ("Priya still hasn't got back about the sofa", "Ask Priya about the sofa", "Ask Priya"),
    # a name in passing, not whom the person contacted
    ("ryokan CONFIRMED!!! 2 nights in Gion with an onsen", "Book ryokan in Kyoto", "Book"),
    ("the Safaricom agent is helping me fill the forms", "Set up M-Pesa till", "Set up"),
    ("went into Millennium bank, they won't open anything", "Open a Portuguese bank account", ""),
    # whom it contacted named, with two things of the step beside it
    (
        "emailed Policía Nacional about the antecedentes certificate, no reply yet",
        "Request Colombian antecedentes certificate",
        "",
    ),
    # a word made a noun of the step's, not a longer word
    ("can u nudge me about the insurance after christmas", "Get insured on mum's car", ""),
)


# A step's thing said by its initials: "JD finished" for "Write the job description", "the
# PoA came back" for "Get power of attorney notarised". Two to four capitals (a lower-case
# letter between them allowed, "PoA"), standing for as many words of the title running on
# after its verb, small words aside; a token that is itself a word of some title ("ID",
# "MOT") is that word, never initials.
_INITIALS = re.compile(r"\b([A-Z](?:[a-z]?[A-Z]){1,3})(?:'?s)?\b")
_SMALL = frozenset("the a an of for to and on in at with my our his her their your".split())
# Capitals of chat, shouted or short for a feeling, no step's thing
_CHAT = frozenset("ok lol omg fyi tbh asap btw imo imho idk rn pls plz thx ngl smh wtf af".split())


def _initials_of(title: str) -> set[str]:
    """The initials of each run of two to four words after the verb: without the small
    words ("JD": job description) and with them ("PoA": power of attorney)."""
    every = [w.lower() for w in re.findall(r"[^\W\d_]+", title)[1:]]
    found: set[str] = set()
    for words in (every, [w for w in every if w not in _SMALL]):
        found |= {
            "".join(w[0] for w in words[i : i + n])
            for n in (2, 3, 4)
            for i in range(len(words) - n + 1)
            # (a run opens and ends on a word of the thing: "to Krankenkasse" is no "TK")
            if words[i] not in _SMALL and words[i + n - 1] not in _SMALL
        }
    return found


def named_by_initials(message: str, plans: list[Plan]) -> list[step_match.Candidate]:
    """The open steps whose thing the message names by its initials only."""
    titled = {
        w.lower()
        for plan in plans
        for step in plan["steps"]
        for w in re.findall(r"\w+", step["title"])
    }
    said = {m[1].lower() for m in _INITIALS.finditer(message) if m[1].lower() not in titled | _CHAT}
    if not said:
        return []
    return [
        step_match.Candidate.of(plan, step, step_match.WEAK_SCORE, False)
        for plan in plans
        for step in plan["steps"]
        if step["status"] not in FINISHED and said & _initials_of(step["title"])
    ]


# Declared (tests/test_readings.py runs them): (message, step titles, the step found by its
# initials or None)
BY_INITIALS_EXAMPLES: tuple[tuple[str, tuple[str, ...], str | None], ...] = (
    (
        "JD finished, Chidi signed off on it",
        ("Write the job description", "Post the ad"),
        "Write the job description",
    ),
    (
        "the PoA came back from the notary",
        ("Get power of attorney notarised", "Cancel the landline"),
        "Get power of attorney notarised",
    ),
    (
        "sent the NDA over this morning",
        ("Draft the non disclosure agreement", "Book the room"),
        "Draft the non disclosure agreement",
    ),
)
BY_INITIALS_NEAR_MISSES: tuple[tuple[str, tuple[str, ...], str | None], ...] = (
    ("MOT done", ("Book the MOT", "Book the car service"), None),  # a word of a title
    ("called the GP again", ("Get a prescription", "Book the GP appointment"), None),
    (
        "JD finished",
        ("Write the job description", "Judge the drawings"),
        "Write the job description",
    ),
    ("AGAIN no answer", ("Ask the garage about the engine",), None),  # shouting, no initials
    ("TBH the hall is fine", ("Tidy the back hall",), None),  # a chat word
    ("called the TK hotline", ("Send proof to Krankenkasse",), None),  # a small word opens it
)


# -- someone else who did it, said first ---------------------------------------------------

# Who does a job for the person, or with them: kin, a friend, a trade. Said as the subject of
# news ("my brother in law started on the fan", z270; "contractor started on the ramp this
# morning", z105; "sparky's started moving the switchboard", z51), they say who did it, never
# which step: a step only they name ("Invite the in-laws", "Get a contractor quote") is not the
# one the words after the verb name.
_WHO = (
    r"mum|mom|mam|mother|dad|father|parents|wife|husband|hubby|partner|son|daughter|kids?|"
    r"brother|sister|bro|sis|uncle|aunt|auntie|aunty|cousin|nephew|niece|grandson|"
    r"granddaughter|grandma|grandpa|grandad|granny|gran|nan|nana|boyfriend|girlfriend|bf|gf|"
    r"fianc[eé]e?|friend|mate|neighbou?r|flatmate|roommate|boss|landlord|landlady|"
    r"contractor|builders?|plumber|electrician|sparky|sparkie|mechanic|tiler|painter|roofer|"
    r"carpenter|joiner|handyman|fitters?|installer|technician|engineer|guy|lad|bloke|crew"
)
# the verb after them: a past tense, or begun ("started on", "has begun"), never a will or a
# wish ("my brother will start on the fan", "dad wants to do the fence")
_DONE_VERB = (
    r"(?:started|began|begun|[a-z]{3,}ed|got|put|did|made|took|brought|sent|set|built|dug|"
    r"hung|cut|laid|fit|came|went|gave|threw|ran|drove|finished)"
)
_DOER_FIRST = re.compile(
    r"^\W*(?:(?i:ok|okay|so|well|update|news)\W+)?"
    r"(?P<who>(?:(?i:my|our|his|her|their|the|me|mi)\s+)?"
    rf"(?i:{_WHO})(?:[\s-]+in[\s-]+law)?(?:\s+[A-Z][\w'-]+)?)"
    r"(?:'s|’s|\s+(?:has|had|just|finally|already|eventually|actually|have))*"
    rf"\s+(?P<rest>{_DONE_VERB}\b.*)$",
    re.S,
)


def doer_first(said: str) -> tuple[str, str] | None:
    """(who, the rest) when news opens with someone else who did it ("my brother in law
    started on the fan this morning": "my brother in law", "started on the fan this
    morning"); None when it opens with the person's own doing, a thing, or a will."""
    found = _DOER_FIRST.match(said)
    return None if found is None else (found["who"], found["rest"])


DOER_FIRST_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("my brother in law started on the fan this morning, half the ceiling is open", "fan"),
    ("contractor started on the ramp this morning, bising gila 😵", "ramp"),
    ("sparky's started moving the switchboard, power's off till 3", "switchboard"),
    ("dad called 3 roof ustas in bukhara, nobody free before spring", "ustas"),
    ("my sister Jo fitted the blinds yesterday", "blinds"),
)
DOER_FIRST_NEAR_MISSES: tuple[str, ...] = (
    "started on the fan this morning",  # the person's own doing
    "my brother in law will start on the fan tomorrow",  # a will
    "dad wants to do the fence",
    "the fan is fixed",  # a thing, no one
    "Finally booked the hall",
    "my brother's old van",
    "Tiles picked!! went with the sage green ones",  # a thing said first, no one
)
