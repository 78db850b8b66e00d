"""A step said done, or under way, in its own verb or one of the same family.

"rota's drafted" is "Draft the rota" done, "DJ is locked in" is "Confirm the DJ" done,
"signed up for the new insurance" is "Sign up for new insurance" done, "Cian passed his theory
test" is "Pass the theory test" done; "working on the cover letter" is "Write the cover
letter" begun. The readings of a statement (``intents``) and of a thing's news find such a
step but often stop at a menu ("Is this about …?"), since a past tense alone says little.
What makes these certain is that the verb said finished IS the step's verb: the message says
the step's own action happened, of its thing. Verbs that finish the same kind of step are
declared once, as families (``FAMILIES``), never as phrases.

A verb every step can have ("got", "did", "sorted", "called") decides nothing here; nor does
anything said with a denial, an intention, a question, a try that failed, or a count of
many; and the step's own thing must be said in the clause that tells it ("paid for parking,
the deposit machine ate my card" pays no deposit). The caller decides whether the step is the
only one that fits (``step_statements.said_in_its_own_verb``).

News that shares only a name with a step, about a thing of that person's ("Kowalski's dog
got loose" for "Write to the Kowalskis"), says whom it is about, not what was done
(``found_by_a_name_alone``).

Pure: no I/O.
"""

from __future__ import annotations

import re

from drbot.ai.language import certainty, letters, step_match, under_way

# Each family: the verbs (stems, a particle after a space) that finish the same kind of step.
# A step whose verb is in none is its own family of one ("Descale the boiler": "descaled").
FAMILIES: tuple[frozenset[str], ...] = tuple(
    frozenset(family.split("|"))
    for family in (
        # a booking or a person made sure of
        "confirm|lock in|nail down|book|book in|reserve",
        # a form or an application handed over
        "submit|send in|send off|hand in|lodge|file|turn in|apply",
        # a thing sent on its way
        "send|send out|post|mail|dispatch",
        # joined up to something
        "sign up|register|enrol|enroll|join",
        # words put on paper
        "write|draft|write up",
        # a thing got for money
        "buy|purchase|order",
        "pay|settle|pay off",
        "pass",
        "fix|repair|mend",
        "clean|tidy|declutter",
        "hire|take on|recruit",
        "sell|flog",
        "finish|complete",
        "renew",
        "cancel",
        "print|print off|print out",
        "install|fit|put in",
        "download",
    )
)

# The state a verb leaves its thing in, said after the thing: a barrel filled is "full"
# ("ok the barrel is FULL lol", "barrel full finally", z220, z240: each offered "Note this on
# “Fill the barrel”?", "full" read as a place with no room). Only of the step's own thing,
# and never "full up", "full till …", a place's want of room.
RESULT_STATES: dict[str, frozenset[str]] = {"fill": frozenset({"full"})}
_STATE_WORD = r"(?<!\bhalf\s)(?<!\bhalf-)\b(?:{})\b(?!\s+(?:up|till|til|until|for|on|in|of|from)\b)"
# How full, in words of a try: "couldnt fit one more can of condensed milk" is no try that failed
_BRIMMING = re.compile(
    r"\b(?:could\s*n['’]?t|couldnt|can['’]?t|cant|could\s+not)\s+(?=(?:fit|squeeze|get|cram)\s+"
    r"(?:in\s+)?(?:(?:one|any|a\s+single)\s+more|another)\b)",
    re.I,
)

# A container said full, in "full" or in the other words people use for it: packed, filled,
# stuffed or loaded to the top or the brim — "box is packed to the top lol couldnt fit another
# toy" (z273), "barrel pack to the top 😅" (z274), "barrel is packed to the brim" (z223),
# "barrel is FULL!! …, couldnt fit another thing" (z259), "ok the barrel is FULL lol" (z220).
# The container is the clause's subject, the first word or a word after "the / my / our / de
# / di", with only a copula and a word of how sure before the state; "isn't full", "half
# full", "nearly full", "full up till monday", "the diary is packed till xmas" say no such
# thing, nor does "first box is packed …" (one of many). The step it finishes is the one open
# step of filling its plan has (``step_statements.filling_step``).
FILLING = frozenset("fill pack load stuff".split())
_TO_THE_BRIM = (
    r"(?:(?:packed|pack|filled|fill|stuffed|loaded|crammed|full)\s+(?:right\s+)?(?:up\s+)?"
    r"to\s+(?:the\s+)?(?:top|brim|rafters|gills|max)|full(?![\s-]+(?:up|till|til|until|for|on|in|of|"
    r"from|time|stop|price|marks|moon|name|day|week|board|house|list)\b)|"
    r"chock[\s-]*(?:a[\s-]*)?(?:block|full))"
)
_CONTAINER_FULL = re.compile(
    r"(?:^|[.!?,;:\n]\s*|\b(?:ok|okay|so|and|finally|yay|whew|phew)\s+)"
    r"(?:(?:the|my|our|de|di|da|dat|that|this|mi)\s+)?(?:big\s+)?"
    r"(?P<thing>[a-z]{3,})\s+"
    r"(?:(?:is|'s|’s|s|are|was|were|be|now|finally|all|already|just|so|totally|completely|"
    r"properly|officially)\s+)*"
    rf"{_TO_THE_BRIM}(?!\s*\?)",
    re.I,
)
# Words before the state that are no container: "it's full", "everything's full", "all full"
_NO_CONTAINER = frozenset(
    "it its that this everything everywhere all they we i he she there here what which who "
    "one two three both each either neither still "
    "place shop site hall venue ferry bus train flight course class diary calendar week day "
    "weekend month schedule clinic park gym pool".split()
)
# …nor any word of how it stands taken for the container ("barrel nearly full": "nearly")
_STATE_MODIFIERS = frozenset(
    "is s are was were be now finally all already just so totally completely properly "
    "officially not nearly almost half isnt wasnt".split()
)
FULL_EXAMPLES: tuple[str, ...] = (
    "box is packed to the top lol couldnt fit another toy in there 📦😅",
    "barrel pack to the top 😅 couldn't fit one more tin of carnation",
    "barrel is packed to the brim, had to sit on the lid to close it 😂",
    "barrel is FULL!! tinned fish, noodles, sugar, flour, clothes for the kids",
    "ok the barrel is FULL lol couldnt fit one more can of condensed milk",
    "the van is stuffed to the gills, we're off at 6",
)
FULL_NEAR_MISSES: tuple[str, ...] = (
    "barrel isn't full yet, still the rice to go",
    "packing the barrel, half full already",
    "the barrel place is full up till monday",
    "the diary is packed till xmas",
    "everything before christmas is full",
    "is the barrel full?",
    "the ferry is full, booked the next one",
    "barrel nearly full",
    "first box is packed to the top, two more to go",
)


def container_said_full(text: str) -> str | None:
    """The container a message says is full ("box is packed to the top": "box"), or None."""
    for found in _CONTAINER_FULL.finditer(text):
        thing = found["thing"].lower()
        if thing in _NO_CONTAINER or thing in _STATE_MODIFIERS:
            continue
        before = text[: found.start("thing")]
        if re.search(r"\b(?:half|nearly|almost|not|isn'?t|wasn'?t|still)\W*$", before, re.I):
            continue
        return thing
    return None


# Verbs any step may have: said finished, they say nothing of which step or how far
GENERIC = frozenset(
    """
get do make go take put try start call phone ring contact email text message ask check find
see look set sort arrange organise organize chase wait plan research compare think decide
talk speak have keep give tell let help deal handle work
""".split()
)

# The clause that tells it: up to a stop, a "but" or a "so"
_CLAUSES = re.compile(r"[.;:!?—–(]+|,|\s-\s|\bbut\b|\bso\b|\bthough\b", re.I)
# English said in a clause: a part before it in another language decides nothing
_ENGLISH = frozenset(
    "the i my to and of it is was we for with on in at have has had just this that".split()
)
_WORD = re.compile(r"[\w']+")

# The clause must not deny, intend, ask or say a try went wrong
_NOT_DONE = re.compile(
    r"\b(?:not|no|never|nothing|yet|can'?t|cannot|won'?t|\w+n['’]t|didnt|havent|hasnt|isnt|"
    r"wasnt|dont|doesnt|couldnt|wouldnt|cant|wont|i'?ll|ill|we'?ll|will|gonna|going\s+to|"
    r"need\s+to|needs\s+to|have\s+to|has\s+to|gotta|should|must|want\s+to|wanna|might|maybe|"
    r"may|perhaps|would|could|if|tried|trying|try|almost|nearly|half|halfway|partly|some|"
    r"first|one\s+of|most|mostly|part|bits?\s+of|tomorrow|later|again)\b",
    re.I,
)
# …and for a step begun, the same but for words that go with being part way ("first",
# "halfway", "today and tomorrow")
_NOT_BEGUN = re.compile(
    r"\b(?:not|no|never|nothing|yet|can'?t|cannot|won'?t|\w+n['’]t|didnt|havent|hasnt|isnt|"
    r"wasnt|dont|doesnt|i'?ll|ill|we'?ll|will|gonna|going\s+to|need\s+to|have\s+to|gotta|"
    r"should|must|want\s+to|wanna|might|maybe|perhaps|would|could|if|tried|trying|try)\b",
    re.I,
)
# Only some of it, anywhere in the message: "not nearly enough", "only got a candle",
# "still shoes and bag to go"
_ONLY_PART = re.compile(
    r"\bnot\s+(?:nearly\s+|quite\s+)?enough\b|\bonly\s+(?:got|managed|\d+|a\s+few|some|one|"
    r"two|half)\b|\bstill\s+(?:need|have|got|to)\b|\bto\s+go\b|\bmore\s+to\s+(?:do|go)\b",
    re.I,
)
# A try that went wrong, anywhere in the message
_WENT_WRONG = re.compile(
    r"\b(?:tried|trying|no\s+answer|nothing\s+back|no\s+reply|voicemail|bounced|rejected|"
    r"refused|declined|failed|fail|wrong|mistake|broke|broken|crash\w*|down\s+again|closed|"
    r"full|sold\s+out|out\s+of\s+stock|cancell?ed|"
    # it must be done again: "sent the passport scan but agency said its blurry, need to redo"
    r"(?:need|needs|have|has|gotta|got)\s+(?:to\s+)?re-?do|re-?do\s+it|"
    # the other side had no room: "booked solid", "booked out over xmas" is no booking made
    # (the words are ``certainty``'s, declared once)
    rf"{certainty.BOOKED_OUT_WORDS})\b",
    re.I,
)

# Under way by its own words: "working on", "started", "after starting", "halfway through"
_AT_IT = re.compile(
    r"\b(?:working\s+on|started(?:\s+on)?|starting(?:\s+on)?|begun|began|cracking\s+on\s+with|"
    r"made\s+a\s+start\s+on|halfway\s+(?:through|thru)|in\s+the\s+middle\s+of)\b",
    re.I,
)
# Doing it, by an -ing verb that leads to a step of another verb: interviewing is hiring,
# messaging round is finding, a thing up on a listing is selling
DOING: dict[str, frozenset[str]] = {
    "hire": frozenset("interview interviewing recruit recruiting advertise advertising".split()),
    "recruit": frozenset("interview interviewing advertise advertising".split()),
    "find": frozenset(
        "message messaging contact contacting ring ringing call calling search searching "
        "look looking".split()
    ),
    "sell": frozenset("list listed listing advertise advertised advertising".split()),
}
# A thing put up for sale: "scooter's up on the fb group", "listed on marketplace"
_UP_FOR_SALE = re.compile(
    r"\b(?:(?:is|'s|s|are|'re)\s+up\s+on|listed\s+on|up\s+for\s+sale|on\s+(?:marketplace|"
    r"ebay|gumtree|vinted|craigslist|depop))\b",
    re.I,
)


def family_of(verb: str) -> frozenset[str]:
    """The verbs that finish the same kind of step as ``verb`` (a stem), itself among them."""
    for family in FAMILIES:
        if verb in family or any(m.split()[0] == verb and " " not in m for m in family):
            return family
    return frozenset({verb})


def verb_of(title: str) -> str:
    """The step's own verb, as a stem ("Sign up for new insurance": "sign up")."""
    words = [w.lower() for w in _WORD.findall(title)]
    if not words:
        return ""
    verb = step_match.stem(words[0])
    if len(words) > 1 and words[1] in ("up", "in", "off", "out", "on"):
        both = f"{verb} {words[1]}"
        if any(both in family for family in FAMILIES):
            return both
    return verb


def _finished_form(word: str, verb: str) -> bool:
    """``word`` is ``verb`` said finished: a past tense or participle ("drafted", "sent")."""
    word = word.lower().strip("'")
    taglish = re.fullmatch(r"na(?:g-?)?([a-z]{3,})", word)
    if taglish and step_match.stem(taglish[1]) == verb:
        # Taglish says an English verb finished with "na-"/"nag-": "nasubmit ko na",
        # "nagbook na kami"
        return True
    if word in step_match.IRREGULAR:
        return step_match.IRREGULAR[word] == verb
    if word == verb or not word.endswith("ed") and word != verb + "d" or word.endswith("eed"):
        # (a verb ending in d is no past: "upload", "send")
        return False
    return step_match.stem(word) == verb or word in (verb + "d", verb + "ed")


def _member_finished_in(clause: str, member: str) -> bool:
    """The clause says ``member`` (a stem, a particle after a space) finished: "locked in",
    "signed up", "drafted"."""
    verb, _, particle = member.partition(" ")
    words = [w.lower() for w in _WORD.findall(clause)]
    for at, word in enumerate(words):
        if not _finished_form(word, verb):
            continue
        # (the particle next, or after one word: "locked it in")
        if not particle or particle in words[at + 1 : at + 3]:
            return True
    return False


def _english_clause(text: str, test) -> str | None:
    """The first clause that ``test`` accepts, when every clause before it is in another
    language (no English word): a foreign part first decides nothing."""
    for clause in _CLAUSES.split(text):
        if not clause.strip():
            continue
        if test(clause):
            return clause
        if _ENGLISH & {w.lower() for w in _WORD.findall(clause)}:
            return None
    return None


def _things(title: str) -> list[str]:
    stems = step_match.content_stems(title)
    return [
        s
        for s in stems[1:]
        if s not in step_match.LIGHT and s not in step_match.PARTICLES and len(s) > 1
    ]


def names_its_thing(text: str, title: str) -> bool:
    """A thing of the step's title is said in the message."""
    said = step_match.content_stems(text)
    return any(step_match.same_word(t, s) for t in _things(title) for s in said)


def said_done(text: str, title: str) -> bool:
    """The message says the step's own action finished, in its verb or one of its family
    ("rota's drafted" for "Draft the rota", "DJ is locked in" for "Confirm the DJ")."""
    verb = verb_of(title)
    if not verb or verb.split()[0] in GENERIC or "?" in text:
        return False
    states = RESULT_STATES.get(verb, frozenset())
    state = re.compile(_STATE_WORD.format("|".join(states)), re.I) if states else None
    if state is not None and state.search(text):
        # "the barrel is FULL, couldnt fit one more can": the state the step leaves its thing
        # in, said with how full it is; neither is a try that went wrong
        text = _BRIMMING.sub("", text)
        went_wrong = _WENT_WRONG.search(state.sub(" ", text))
    else:
        went_wrong = _WENT_WRONG.search(text)
    if went_wrong:
        return False
    family = family_of(verb)
    clause = _english_clause(
        text,
        lambda c: (
            any(_member_finished_in(c, m) for m in family)
            or (state is not None and bool(state.search(c)))
        ),
    )
    # (the step's thing in the clause that says it finished: "paid for parking twice, the
    # deposit machine ate my card" pays no deposit; only some of it is no done)
    return (
        clause is not None
        and names_its_thing(clause, title)
        and not _NOT_DONE.search(clause)
        and not _ONLY_PART.search(text)
        and not step_match.verb_on_another_thing(clause, title)
        and not step_match.one_of_many(clause, title)
    )


# Words that may stand before the step's own words said again ("ok just gave notice …") and
# after them ("… to the landlord this morning"): filler and when, nothing of how or which
_LEAD_FILLER = frozenset("ok okay so right well just finally already all yay".split())
_TRAIL_WHEN = (
    ("this", "morning"),
    ("this", "afternoon"),
    ("this", "evening"),
    ("last", "night"),
    ("at", "last"),
    ("just", "now"),
    ("today",),
    ("tonight",),
    ("yesterday",),
    ("earlier",),
    ("now",),
    ("already",),
    ("finally",),
    ("done",),
)


def title_said_done(text: str, title: str) -> bool:
    """The message is the step's own words again with its verb said finished, and nothing else
    but filler before and when after ("gave notice to the landlord" of "Give notice to the
    landlord", "made the dentist appointment", "went to the bank"): as sure as a mark, even
    for a verb any step may have (``GENERIC``), which ``said_done`` leaves to the menus."""
    said = [w.lower().strip("'") for w in _WORD.findall(text)]
    while said and said[0] in _LEAD_FILLER:
        said = said[1:]
    trimmed = True
    while trimmed:
        trimmed = False
        for when in _TRAIL_WHEN:
            if len(said) > len(when) and tuple(said[-len(when) :]) == when:
                said, trimmed = said[: -len(when)], True
    words = [w.lower().strip("'") for w in _WORD.findall(title)]
    if len(words) < 2 or len(said) != len(words):
        return False
    return _finished_form(said[0], step_match.stem(words[0])) and said[1:] == words[1:]


TITLE_SAID_DONE_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("gave notice to the landlord", "Give notice to the landlord"),
    ("made the dentist appointment this morning 🙌", "Make the dentist appointment"),
    ("ok just gave the keys back to the agent", "Give the keys back to the agent"),
    ("went to the bank today", "Go to the bank"),
    ("Took the bins out.", "Take the bins out"),
)
TITLE_SAID_DONE_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    ("give notice to the landlord", "Give notice to the landlord"),  # the step, not news
    ("gave notice to the council", "Give notice to the landlord"),  # another thing
    ("didn't give notice to the landlord", "Give notice to the landlord"),
    ("gave notice to the landlord but he wants it in writing", "Give notice to the landlord"),
    # (a day after it may be the thing's own: left to the readers that weigh it)
    ("made the dentist appointment for friday", "Make the dentist appointment"),
    ("going to the bank", "Go to the bank"),
    ("tried to make the dentist appointment", "Make the dentist appointment"),
)


def said_under_way(text: str, title: str) -> bool:
    """The message says the step is being done now: at it by its own words ("working on the
    cover letter", "I have started the application"), its verb or a verb of doing it said in
    -ing ("interviewing for the xmas temp today"), or a thing put up for sale ("scooter's up
    on the fb group")."""
    verb = verb_of(title)
    if not verb or "?" in text or _WENT_WRONG.search(text):
        return False
    head = verb.split()[0]
    doing = {m.split()[0] + "ing" for m in family_of(verb)} | {
        w for w in DOING.get(head, ()) if w.endswith("ing")
    }

    def at_it(clause: str) -> bool:
        words = {w.lower() for w in _WORD.findall(clause)}
        if head == "sell" and _UP_FOR_SALE.search(clause):
            return True
        if words & {_ing(v) for v in doing} | words & doing:
            return True
        return bool(_AT_IT.search(clause)) and under_way.sounds_under_way(clause + " now")

    clause = _english_clause(text, at_it)
    # (the step's thing in the clause that says it is being done: "started putting his name on
    # his camp stuff, still shoes and bag to go" begins no "Buy a sleeping bag")
    return clause is not None and not _NOT_BEGUN.search(clause) and names_its_thing(clause, title)


# The words after which a verb's bare form is a doing, not a thing ("go buy", "and pay",
# "to drain"); a bare form after anything else may be a noun ("the CDL book", "in the wash")
_BEFORE_A_VERB = frozenset("to i we and n go just then".split())


def doing_said(text: str, title: str) -> bool:
    """The message says the step's own action being done or done, in its verb or one of its
    family, as a verb: a past or -ing form ("paid", "booked", "filling", "signed up"), or the
    bare verb where only a verb can stand ("go to sala and pay school money"). What it says of
    the action (done, begun, tried) is left to the caller; a verb every step can have, a
    particle missing ("signed" is no "sign up"), a third person's "-s" ("it fits") or a bare
    form a noun may be ("the CDL book") says no doing."""
    verb = verb_of(title)
    if not verb or verb.split()[0] in GENERIC:
        return False
    words = [w.lower().strip("'") for w in _WORD.findall(letters.fold(text))]
    for member in family_of(verb):
        head, _, particle = member.partition(" ")
        for at, word in enumerate(words):
            if word in (head + "s", head + "es") or step_match.stem(word) != head:
                continue
            if particle and particle not in words[at + 1 : at + 3]:
                continue
            if word == head and at > 0 and words[at - 1] not in _BEFORE_A_VERB:
                continue
            return True
    return False


# A step of talking to someone, said done by the meeting itself: "met with the counselor",
# "spoke to the head of year", "had a chat with the bank manager", "saw the GP". Its verb is
# one every step may have, so it says done only with the step's own thing in the same clause.
_TALKING = frozenset("talk speak meet see chat discuss".split())
_MET = re.compile(
    r"\b(?:met(?:\s+up)?\s+(?:with\s+)?|(?:spoke|talked|chatted)\s+(?:to|with)\s+|"
    r"had\s+(?:a|the|our|my)\s+(?:chat|talk|meeting|word|sit[\s-]?down)\s+with\s+|saw\s+)",
    re.I,
)


def said_met(text: str, title: str) -> bool:
    """The message says a step of talking to someone happened, by the meeting itself ("met
    with the counselor at Lincoln" for "Talk to the school counselor")."""
    verb = verb_of(title)
    if verb.split(" ")[0] not in _TALKING or "?" in text or _WENT_WRONG.search(text):
        return False
    clause = _english_clause(text, lambda c: _MET.search(c) is not None)
    found = _MET.search(clause) if clause is not None else None
    if clause is None or found is None or _NOT_DONE.search(clause):
        return False
    # (whom they met is the step's person, not someone of theirs: "saw the GP's receptionist")
    return names_its_thing(re.sub(r"\b\w+['’]s\b.*", "", clause[found.end() :]), title)


# A step of reaching someone ("Ring the TAFE coordinator", "Email the agent"), said done by
# the call made and answered: "rang the tafe lady, shes sending 3 names over this week",
# "emailed the landlord, he said fine". Its verb is one every step may have, so the step's own
# thing is said in the clause of the call, and a clause after it tells the answer; a reply
# that is no answer or puts it off ("called the tiler, he can't come till after the 8th", "no
# answer", "told me to call back thursday") keeps it a try.
_REACHING = frozenset("call phone ring email text message contact".split())
_REACHED = re.compile(
    r"\b(?:called|phoned|rang|rung|emailed|e-mailed|texted|messaged|contacted|"
    r"got\s+(?:through|thru)\s+to|got\s+hold\s+of)\b",
    re.I,
)
_ANSWER = re.compile(
    r"^\s*(?:and\s+)?(?:she|he|they|shes|hes|theyre|she'?ll|he'?ll|they'?ll|who)\b|"
    r"\b(?:said|says|told\s+(?:me|us)|confirmed|all\s+(?:good|sorted|fine)|sorted)\b",
    re.I,
)
_NO_ANSWER = re.compile(
    r"\b(?:can'?t|cannot|couldn'?t|won'?t|wont|not|no|never|nobody|none|back|busy|engaged|"
    r"hold|wait|waiting|left\s+a\s+(?:message|msg)|still|again|another|only|till|til|until|"
    r"unless|if|maybe|apparently|need|needs|wrong|but|though|however|sick|away|holiday|"
    r"leave|gone|left|off|out)\b|\w+n['’]t\b",
    re.I,
)


def said_reached(text: str, title: str) -> bool:
    """A step of reaching someone said done by the call made and answered, the step's own
    thing named in the clause of the call ("rang the tafe lady, shes sending 3 names over
    this week" for "Ring the TAFE coordinator")."""
    verb = verb_of(title)
    if verb.split(" ")[0] not in _REACHING or "?" in text or _WENT_WRONG.search(text):
        return False
    if _NO_ANSWER.search(text) or _ONE_GO.search(text):
        return False
    clauses = [c for c in _CLAUSES.split(text) if c and c.strip()]
    at = next((i for i, c in enumerate(clauses) if _REACHED.search(c)), None)
    if at is None or _NOT_DONE.search(clauses[at]) or not names_its_thing(clauses[at], title):
        return False
    return any(_ANSWER.search(c) for c in clauses[at + 1 :])


# More of it, or a reply that asks for more: the step's verb said finished is one go of many
# ("flogged another 35 tickets"), or a try answered ("wrote to them, their letter came back
# asking for the reference number")
_ONE_GO = re.compile(
    r"\b(?:another|more|again)\b|\b(?:asking|asked|asks|ask)\s+(?:me\s+|us\s+)?for\b|"
    r"\b(?:need|needs|needed|want|wants|wanted)\s+(?:more|another|my|our|his|her|the|a|an)\b",
    re.I,
)


def said_finished(text: str, title: str) -> bool:
    """The step's own action said finished, once and for all: in its verb or its family, or
    a talk by the meeting itself. A try read from such words is never what was said."""
    return not _ONE_GO.search(text) and (
        said_done(text, title) or said_met(text, title) or said_reached(text, title)
    )


# A try that did not work, said of the step's thing: the place full or shut, the site down,
# no answer, the go a disaster
_DID_NOT_WORK = re.compile(
    r"\b(?:(?:all|everything(?:\s+\w+){0,3}\s+(?:is|was)|showing)\s+(?:full|booked)|"
    r"fully\s+booked|booked\s+up|sold\s+out|(?:was|were|is|are)\s+(?:closed|shut)|"
    r"crash(?:ed|es|ing)?|(?:is|was|site'?s|portal'?s|page'?s)\s+down|no\s+answer|not\s+answering|"
    r"voicemail|cut\s+off|(?:was|a|total|complete)\s+disaster|bounced|no\s+joy|no\s+luck|"
    r"nothing\s+back|no\s+reply|no\s+replies|zero\s+replies)\b",
    re.I,
)
# …and nothing said after it that it worked in the end, or what will be done next (a day to
# try again is a wait, read elsewhere)
_WORKED_OR_AHEAD = re.compile(
    r"\b(?:managed|in\s+the\s+end|eventually|got\s+it|got\s+through|got\s+there|"
    r"went\s+through|(?:on|at)\s+the\s+(?:second|third|fourth|fifth|\d+(?:st|nd|rd|th))\s+"
    r"(?:go|try|attempt)|worked|sorted|done|"
    r"will|i'?ll|ill|we'?ll|gonna|going\s+to|tomorrow|tonight|later|next|again\s+on|"
    r"till|til|until|then|"
    r"monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.I,
)


def said_tried(text: str, title: str) -> bool:
    """The message tells a try at the step that did not work, of the step's own thing
    ("looked for first aid course dates, everything before christmas is full" for "Find a
    course date"), with nothing after it that it worked in the end or what comes next."""
    return (
        "?" not in text
        and _DID_NOT_WORK.search(text) is not None
        and _WORKED_OR_AHEAD.search(text) is None
        and names_its_thing(text, title)
    )


def _ing(verb: str) -> str:
    """ "write" → "writing", "draft" → "drafting", "get" → "getting"."""
    if verb.endswith("ing"):
        return verb
    if verb.endswith("e") and not verb.endswith("ee"):
        return verb[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnprt]", verb):
        return verb + verb[-1] + "ing"
    return verb + "ing"


# -- declared examples: (message, step title), and near misses --------------------------

DONE_EXAMPLES = (
    ("rota's drafted. took 3 hours and half a bottle of red but it's done", "Draft the rota"),
    ("DJ is locked in!! sid's cousin, £150 for the whole night", "Confirm the DJ"),
    ("signed up for the new insurance today, 89€ a month", "Sign up for new insurance"),
    ("Cian passed his theory test!!! 38 out of 40, he's unbearable now", "Pass the theory test"),
    ("já encomendei a junta nova, gasket ordered, arrives thurs", "Order a new group gasket"),
    ("booked the venue for the 12th", "Confirm the venue"),
    ("descaled the boiler this morning", "Descale the boiler"),
    ("application sent in", "Submit the application"),
    ("Nasubmit ko na yung application for Luna!!", "Submit the adoption application"),
    ("nagbook na ako ng vet appointment", "Book the vet appointment"),
    # the state the step leaves its thing in (z220, z240)
    ("ok the barrel is FULL lol couldnt fit one more can of condensed milk", "Fill the barrel"),
    ("barrel full finally lol couldnt fit one more can of oil in there", "Fill it with oil"),
)
DONE_NEAR_MISSES = (
    ("tried to book the venue but it's full", "Book the venue"),
    ("haven't drafted the rota yet", "Draft the rota"),
    ("registered for the 10k run", "Register the microchip"),
    ("booked? not sure", "Book the venue"),
    ("called the DJ, no answer", "Confirm the DJ"),
    ("got the shots sorted", "Get the shots"),
    ("drafted the first half of the speech", "Write the speech"),
    ("will be booked in tomorrow", "Book the venue"),
    ("confirmed one of the two bands", "Confirm the bands"),
    ("packed most of the kitchen", "Pack kitchen"),
    ("paid for parking twice, the deposit machine at the station ate my card", "Pay the deposit"),
    (
        "collected raffle prizes all morning, not nearly enough to fill the table",
        "Collect the raffle prizes",
    ),
    ("picked up the kids, payroll can wait", "Pick payroll software"),
    ("upload ng docs sa grab next monday na lang", "Upload docs to Grab"),
    ("wanaka bach is booked out over xmas 😩", "Book the bach at Wanaka"),
    ("sent the passport scan but agency said its blurry, need to redo", "Send passport scan"),
    ("rang three removalist firms, all booked solid until February", "Book the removalists"),
    # (no room in ``certainty``'s words too: completely, "fully-booked", no appointments)
    ("the bach is completely booked over xmas 😩", "Book the bach at Wanaka"),
    ("the hall is fully-booked on the 12th", "Book the hall"),
    ("rang the physio to get booked in, no appointments till jan", "Book the physio"),
    # full of something else, half full, or a place with no room
    ("packing the barrel, half full already", "Fill the barrel"),
    ("the barrel place is full up till monday", "Fill the barrel"),
    ("barrel isn't full yet, still the rice to go", "Fill the barrel"),
    ("the shipper's van was full, couldnt take the barrel", "Fill the barrel"),
)
START_EXAMPLES = (
    ("working on the cover letter in my free, it's pretty rough so far", "Write the cover letter"),
    ("interviewing for the xmas temp today and tomorrow, 4 lined up", "Hire a Christmas temp"),
    ("scooter's up on the phangan nomads fb group, 2 people asking already", "Sell the scooter"),
    ("I have started Wanjiru's eCitizen application, halfway through", "Apply on eCitizen"),
    ("jake is actually working on the essay tonight. like typing.", "Finish the Common App essay"),
    ("currently messaging vets around Marikina for the kapon drive", "Find a vet volunteer"),
)
TRIED_EXAMPLES = (
    (
        "looked for first aid course dates, literally everything before christmas is full",
        "Find a course date",
    ),
    ("recall practice today was a disaster. she saw a squirrel", "Teach recall"),
    ("the campsite booking page is down again, useless", "Book the campsite"),
    ("rang the garage, no answer", "Call the garage"),
)
TRIED_NEAR_MISSES = (
    ("the booking site was down but I got through in the end", "Book the campsite"),
    ("garage is full this week, will ring them monday", "Call the garage"),
    ("the printer guy is closed till then", "Print the new menus"),
    ("omg just checked my savings app and im at 1500, car fund is FULL", "Save £1500"),
    ("went down the jobcentre this morning, ID's verified now", "Verify ID at the jobcentre"),
    ("is the campsite full?", "Book the campsite"),
    ("the party was a disaster", "Teach recall"),
)
START_NEAR_MISSES = (
    ("haven't started the cover letter", "Write the cover letter"),
    ("will start on the cover letter tomorrow", "Write the cover letter"),
    ("tried interviewing for the temp but no one showed", "Hire a Christmas temp"),
    ("is the scooter up on the fb group?", "Sell the scooter"),
    ("the essay is finished", "Finish the Common App essay"),
    ("now waiting for the publisher to email back", "Email the publisher"),
    ("started on his camp stuff, clothes done, still shoes and bag to go", "Buy a sleeping bag"),
)

# The step's own doing said as a verb (``doing_said``), whatever it says of how far
DOING_EXAMPLES = (
    ("paid the 45 bucks for noah's trip thru schoolcash", "Pay the trip fee online"),
    ("booked LBC to collect the box, they come Sat morning", "Book the cargo pickup"),
    ("filling out the daycare paperwork now, this is sooo many pages", "Fill out enrollment forms"),
    ("SIGNED 🖊️✨ officially a skinglow girlie", "Sign the contract"),
    ("today go to sala and pay school money for both kids. ok finish", "Pay the school fees"),
    ("signed up at the Anytime Fitness by the station!!", "Join the gym"),
    ("reserved a table for 8", "Book the restaurant"),
)
DOING_NEAR_MISSES = (
    ("been reading the CDL book every night after work", "Book the road test"),  # a noun
    ("her cousin gave us hers and it fits well", "Fit a new tap"),  # a third person's -s
    ("we signed with Fragomen for Marco's case", "Register in the lottery"),  # no "up"
    ("ahora solo falta pagar", "Pagar la matrícula"),  # a bare form after no verb's word
    ("got the forms from the office", "Get the forms"),  # a verb every step has
    ("netball dress is in the wash now", "Wash the uniform"),  # a noun
)
# A talk said done by the meeting itself (``said_met``)
MET_EXAMPLES = (
    ("met with the head of year this morning, she was lovely about it", "Talk to the head of year"),
    ("spoke to the bank manager, all fine", "Speak to the bank manager"),
    ("had a chat with the landlord about the damp", "Talk to the landlord"),
    ("saw the GP today", "See the GP"),
)
MET_NEAR_MISSES = (
    ("tried to meet with the head of year, she was off", "Talk to the head of year"),
    ("will speak to the bank manager on monday", "Speak to the bank manager"),
    ("met with the landlord's agent? not sure it counts", "Talk to the landlord"),
    ("saw the GP's receptionist, no appointments till january", "See the GP"),
    ("met with the plumber about the boiler", "Talk to the landlord"),
    ("met the bank manager", "Open a bank account"),
)
# A call made and answered (``said_reached``)
REACHED_EXAMPLES = (
    ("rang the tafe lady, shes sending 3 names over this week", "Ring the TAFE coordinator"),
    ("emailed the landlord, he said fine by him", "Email the landlord"),
    ("called the vet, they confirmed the 10am slot", "Call the vet"),
    ("finally got through to the council, all sorted", "Phone the council"),
)
REACHED_NEAR_MISSES = (
    ("called the tiler, he can't come till after the 8th", "Call the tiler"),
    ("rang the tafe lady", "Ring the TAFE coordinator"),
    ("rang the garage, no answer", "Call the garage"),
    ("phoned the council, they said to call back monday", "Phone the council"),
    ("tried ringing the vet, she was out", "Call the vet"),
    ("emailed the agent again, she said she's waiting on the owner", "Email the agent"),
    ("called the bank, they said fine", "Call the plumber"),
    ("emailed the publisher, got through to the rep but she is off sick", "Email the publisher"),
    ("rang the tafe lady, she's away till the 5th", "Ring the TAFE coordinator"),
)
FINISHED_NEAR_MISSES = (
    ("flogged another 35 tickets at the club", "Sell tickets"),
    (
        "wrote to the council, their letter came back asking for my reference",
        "Write to the council",
    ),
    ("met with the head of year again, she needs more time", "Talk to the head of year"),
)

# What may follow a name's "'s" without it owning a thing: the "'s" of "is" or "has"
_NOT_OWNED = frozenset(
    """is has was been all got gone done sorted finally just now in out up on off back here
    there coming going not never already still booked paid signed sent""".split()
)


def _owned_by(name: str, message: str) -> bool:
    """The message tells of a thing of the named person's ("Kowalski's dog got loose")."""
    for found in re.finditer(r"\b([^\W\d_]+)['’]s?\s+([^\W\d_]+)", message):
        if step_match.same_word(step_match.stem(found[1].lower()), name) and (
            found[2].lower() not in _NOT_OWNED
        ):
            return True
    return False


def names_in(title: str) -> set[str]:
    """The stems of the names in a step's title: its capitalised words after the first
    ("Write to the Kowalskis": kowalski; "Ask Mr. Patel for a rec": mr, patel)."""
    words = re.findall(r"[^\W\d_]+", title)
    return {
        stem
        for word in words[1:]
        # (a word in capitals is a thing's initials, "Book the MOT", never a name)
        if word[0].isupper() and not word.isupper()
        for stem in step_match.content_stems(word)
    }


def found_by_a_name_alone(message: str, title: str) -> bool:
    """The message shares only a name with the step, and says nothing of its doing: "Kowalski's
    dog got loose again and dug up my bulbs" is news of the Kowalskis, not "Write to the
    Kowalskis" done (near miss: "wrote to the Kowalskis", "Biscuit got his shots" for "Take
    Biscuit for his shots")."""
    names = names_in(title)
    if not any(_owned_by(name, message) for name in names):
        return False  # (only news of what is theirs: "Kowalski's dog", "the Hendersons' car")
    said = step_match.content_stems(message)
    shared = {
        t for t in step_match.content_stems(title) if any(step_match.same_word(t, s) for s in said)
    }
    if not shared or not shared <= names:
        return False
    family = family_of(verb_of(title))
    return not any(verb.split()[0] in said for verb in family)


# Words of kin: who a step is often for or with ("Invite the in-laws", "Buy presents for the
# kids", "Call the cousins"), and who news is often of ("my brother in law started on the fan",
# "kids stuff still everywhere"). Trades and officials are no kin: "plumber never showed" is a
# try at the plumber's step.
KIN = frozenset(
    """mum mom mother mam mama ma dad father papa pa wife husband partner son daughter kid kids
    child children sister brother sis bro nan nana gran granny grandma grandmother grandad
    grandpa grandfather grandparents aunt auntie aunty uncle cousin cousins niece nephew family
    parents parent inlaws in-laws law laws folks""".split()
)
KIN_STEMS = frozenset(step_match.stem(w) for w in KIN) | KIN
# What the kin does or has next, when it is news of them and not of the step: anything but
# a word of answering, coming, trying or wanting, an auxiliary, a negation or a time word
# ("mother in law said yes", "the cousins haven't replied", "papa went to the bank for it",
# "mum can't do the 12th", "my niece Siobhan says she'll drive me": the step's other end)
_KIN_ANSWERS = frozenset(
    """said says say saying told tells replied replies answered answers agreed agrees refused
    refuses declined declines confirmed confirms rsvpd rsvp'd accepted accepts is are was were
    isn't aren't wasn't weren't isnt arent wasnt werent 's 're has have had hasn't haven't
    hadn't hasnt havent did didn't didnt does doesn't doesnt do don't dont can can't cant
    cannot could couldn't couldnt will won't wont would wouldn't wouldnt shall should may might
    must not never no yes still already just finally also both all and or too went tried
    called rang phoned asked came come comes coming got gave sent texted emailed messaged wrote
    want wants wanted need needs needed love loved loves like liked likes hate hates
    reckon reckons think thinks thought""".split()
)
# A clause opened by a kin word, who the clause is of, with the word after it (a name of
# theirs skipped: "my niece Siobhan says"): ", my brother in law started", ". kids stuff"
_KIN_OPENING = re.compile(
    r"(?:^|[,.;:!?—]\s*|\bbut\s+|\band\s+|\bso\s+)"
    r"(?:(?:my|our|the|his|her|their|your|hubby'?s|wife'?s)\s+(?:[^\W\d_]+\s+)??)?"
    r"(?P<kin>[^\W\d_]+(?:\s+in\s+laws?|-in-laws?)?)(?:['’]s|s['’]|['’])?"
    r"(?:\s+[A-Z][\w'’-]*)*\s+(?P<next>[\w'’]+)"
)


def _kin_opens(message: str, kin: set[str]) -> str | None:
    """The word after the first clause opened by one of ``kin`` (stems), lowercased."""
    for found in _KIN_OPENING.finditer(message):
        words = re.findall(r"[^\W\d_]+", found["kin"].lower())
        if any(step_match.stem(w) in kin or w in kin for w in words):
            return found["next"].lower().replace("’", "'")
    return None


def found_by_kin_alone(message: str, title: str) -> bool:
    """The message shares only a kin word with the step, and that kin opens a clause of its
    own, doing or having something that is no answer, coming or try ("my brother in law
    started on the fan this morning" for "Invite the in-laws", z270; "kids stuff still
    everywhere" for "Buy presents for the kids", z253): the news is of that person, not of the
    step, whose doing is unsaid. Never when the kin comes after a doing ("doing the cousins
    shopping bit by bit"), answers, comes or tries ("mother in law said yes", "papa went to the
    bank for it"), or is the title's own owner ("Get grandma's medicines")."""
    said = step_match.content_stems(message)
    shared = {
        t for t in step_match.content_stems(title) if any(step_match.same_word(t, s) for s in said)
    }
    if not shared or not shared <= KIN_STEMS:
        return False
    if re.search(r"[^\W\d_]['’]s?\b", title) and re.search(r"[^\W\d_]['’]s?\s", message):
        return False  # (grandma's medicines, grandma's pills: what is theirs is the step's)
    family = family_of(verb_of(title))
    if any(verb.split()[0] in said for verb in family):
        return False
    after = _kin_opens(message, shared)
    return after is not None and after not in _KIN_ANSWERS


# Declared (tests/test_readings.py runs them): (message, step) found by a kin word alone that
# opens a clause of its own, and near misses whose kin is the step's other end or object
BY_KIN_ALONE_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "my brother in law started on the fan this morning, half the ceiling is open now",
        "Invite the in-laws",
    ),
    (
        "comecei a fazer as malas, half the clothes already in, kids stuff still everywhere",
        "Buy presents for the kids",
    ),
    ("my sister fixed the gate latch yesterday, finally", "Ask my sister to the christening"),
    ("the cousins wrecked the spare room, took all morning to clean", "Call the cousins"),
)
BY_KIN_ALONE_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    ("mother in law said yes they're coming for lunch on the 25th", "Invite the in-laws"),
    (
        "doing the cousins shopping bit by bit, got 2 out of 5 so far",
        "Buy presents for the cousins",
    ),
    ("papa went to the bank for the relevé, closed AGAIN", "Send proof of funds from papa"),
    ("my niece Siobhan says she will drive me there and back", "Arrange a lift with my niece"),
    ("the cousins haven't replied yet", "Invite the cousins"),
    ("grandma's pills all picked up at CVS", "Get grandma's medicines"),
    ("invited the in-laws, my brother in law is bringing wine", "Invite the in-laws"),
    ("my brother in law started on the fan this morning", "Replace the extractor fan"),
    ("started calling the cousins back in minnesota, got 2 so far", "Call the cousins in St Paul"),
    ("called mum again, straight to voicemail", "Ask mum about christmas"),
)


# Declared (tests/test_readings.py runs them): (message, step) found by a name alone, and near
# misses that say the step's doing or share a thing with it
BY_A_NAME_ALONE_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Kowalski's dog got loose AGAIN and dug up all my tulip bulbs", "Write to the Kowalskis"),
    ("the Hendersons' car has been parked on our drive all day", "Write to the Hendersons"),
    ("Okafor's receptionist is off sick all week", "Book a check-up with Dr Okafor"),
)
BY_A_NAME_ALONE_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    ("wrote to the Kowalskis", "Write to the Kowalskis"),
    ("Biscuit got his shots today", "Take Biscuit to the vet for shots"),
    ("emailed Jenny the forms", "Email Jenny"),
    ("booked in with Dr Okafor for the 3rd", "Book a check-up with Dr Okafor"),
    ("MOT passed!!", "Book the MOT"),  # initials name a thing, not a person
    ("Murphys finally paid up!!", "Chase the Murphys for the invoice"),  # nothing of theirs
    ("Jenny's off sick all week", "Email Jenny"),  # "'s" of "is": nothing of hers
)
