"""The action a piece of news says was done, weighed against the step it was read as.

The matcher (``step_match``) finds a step mostly by its things; the verb only helps a little.
So news whose action is another step's finds the step of its thing: "sun life claim form went
in the mail" is read as "Call Sun Life" while "Send the claim form" is a step; "told HR about
the name change" as "Change name with Revenue" while "Tell my employer" is one; "texted Gary
about Priya moving in" as "Add Priya to the lease" while "Tell the landlord" is one. What was
done is said by the verb, in its other words too ("went in the mail", "posted" and "emailed"
send; "texted", "messaged" and "let … know" tell; "rang" and "phoned" call), and what it was
done about by the things, which may be another step's.

``other_doing_it`` finds, for the step chosen, an open step whose verb is the action said
while the chosen step's verb is not: the words cannot tell which is meant, so the rules ask
(``step_odds.doubted``), never write. A verb counts as said only in a form that is surely a
verb ("posted", "texted", "sent", "to send"), never as a bare noun ("registered post", "the
link to work"); verbs any step has ("got", "did", "sorted") say nothing here. Among several
steps doing the action, the one whose person or office the message names by a role ("HR" for
the employer, ``ROLES``) comes first.

Pure: no I/O.
"""

from __future__ import annotations

import re

from drbot.ai.language import letters, own_verbs, step_match
from drbot.memory.records import FINISHED, Plan, Step

# Actions of the same kind, beyond own_verbs.FAMILIES (stems; a particle after a space): a
# person told (by any means), a thing sent on its way, a person rung.
ACTS: tuple[frozenset[str], ...] = tuple(
    frozenset(family.split("|"))
    for family in (
        "tell|let know|inform|notify|text|message|whatsapp|email|write to",
        "send|send off|send in|post|mail|email|courier|dispatch|forward",
        "call|ring|phone",
    )
)

# Verbs any step may have, which say nothing of which step was done (own_verbs.GENERIC), but
# for those of telling and calling: "told", "rang", "texted" say what was done.
_SAYS_NOTHING = own_verbs.GENERIC - {
    "call",
    "phone",
    "ring",
    "email",
    "text",
    "message",
    "tell",
    "let",
}

# The action said in other words: a thing put in the post is sent; someone let know is told
_OTHER_WORDS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"\b(?:went|gone|go(?:es)?|is|'s|was|put|dropped)\s+(?:\w+\s+){0,2}?in(?:to)?\s+"
            r"the\s+(?:mail|post|postbox|letterbox)\b",
            re.I,
        ),
        "send",
    ),
    (re.compile(r"\b(?:let|letting)\s+(?:\w+\s+){1,3}?know\b", re.I), "tell"),
    (re.compile(r"\b(?:dm'?d|dmed|pinged|messaged|msged|whatsapped)\b", re.I), "message"),
)

# A bare verb said as one to be done: "remind me to send the link"
_WORD = re.compile(rf"(?:{letters.WORD}|')+")
_TO_VERB = re.compile(
    r"\b(?:remind\s+me|need|needs|want|wants|going|have|has|had|got|forgot|tried|trying|try|"
    r"remember|meant|planning)\s+to\s+(\w+)\b",
    re.I,
)

# Where a clause begins: after a stop, a comma, or a joining word ("filled in and posted")
_CLAUSE = re.compile(r"[.;:!?,()\n—–]+|\b(?:and|but|so|then|because|cos|coz)\b", re.I)
# Words before the verb that leave the person its doer ("I finally posted it", "just rang")
_LEAD = frozenset(
    """i we i've ive we've weve i'd we'd just finally already also ok okay well today
    yesterday have has had tried try trying been""".split()
)

# A person or an office named by a role, and the words of the steps that name the same one
ROLES: dict[str, frozenset[str]] = {
    "employer": frozenset("hr payroll boss manager work job office".split()),
    "landlord": frozenset("agent agency letting property".split()),
    "accountant": frozenset("bookkeeper accounts".split()),
    "doctor": frozenset("gp dr doc surgery clinic".split()),
}


def _lead_word(clause: str) -> str:
    """The clause's first word past the person and the small words before a verb: its verb
    when the person did it ("told HR…", "I finally rang them"), else a thing or a doer
    ("prof iyer sent his letter", "he'll let me know")."""
    for word in _WORD.findall(clause):
        word = word.lower().strip("'")
        if word not in _LEAD:
            return word
    return ""


def _clause_acts(text: str) -> list[tuple[str, frozenset[str]]]:
    """Each clause of the message with the verbs (stems) it says the person did or is to do:
    in forms that are surely verbs, the first word of the clause ("told HR", "filled in and
    posted"), or after "remind me to", or said in other words ("went in the mail", "let them
    know"); not someone else's doing ("prof sent his letter", "he'll let me know"), nor a verb
    any step has. Emailing or texting someone *about* a thing tells them, sends nothing."""
    found: list[tuple[str, frozenset[str]]] = []
    for clause in _CLAUSE.split(letters.fold(text)):
        acts: set[str] = set()
        for pattern, verb in _OTHER_WORDS:
            # (a thing sent may come first: "the form went in the mail")
            if pattern.search(clause) and (verb == "send" or _lead_word(clause) in _STARTS):
                acts.add(verb)
        word = _lead_word(clause)
        if word in step_match.IRREGULAR:
            acts.add(step_match.IRREGULAR[word])
        elif len(word) > 4 and word.endswith(("ed", "ing")) and not word.endswith("eed"):
            acts.add(step_match.stem(word))
        if acts & _TOLD_BY and _ABOUT.search(clause):
            acts = (acts - _TOLD_BY) | {"tell"}
        acts |= {step_match.stem(m[1]) for m in _TO_VERB.finditer(clause)}
        acts = {v for v in acts if v and v not in _SAYS_NOTHING}
        if acts:
            found.append((clause, frozenset(acts)))
    return found


# Verbs of telling that may send a thing too; with "about" they only tell
_TOLD_BY = frozenset("email text message".split())
_ABOUT = re.compile(r"\babout\b|\bre\b|\bregarding\b", re.I)


def acts_said(text: str) -> frozenset[str]:
    """The verbs (stems) the message says the person did or is to do (``_clause_acts``)."""
    return frozenset(a for _, acts in _clause_acts(text) for a in acts)


# The first words of a telling said in other words, done by the person
_STARTS = frozenset("let letting dm'd dmd dmed pinged messaged msged whatsapped".split())


def _kin(verb: str) -> frozenset[str]:
    """The verbs doing the same kind of thing as ``verb`` (a stem), itself among them; a verb
    of two words only with its particle ("sign up" is not "signed")."""
    first = verb.split()[0]
    kin = set(own_verbs.family_of(verb)) | {verb, first}
    if " " not in verb:
        kin |= own_verbs.family_of(first)
    for family in ACTS:
        if verb in family or first in family:
            kin |= family
    return frozenset(k for k in kin if " " not in k)


def does(title: str, acts: frozenset[str]) -> bool:
    """The step's verb, or one doing the same kind of thing, is among the actions said."""
    verb = own_verbs.verb_of(title)
    if not verb:
        return False
    return any(step_match.same_word(k, a) for k in _kin(verb) for a in acts)


def _names_something(text: str, title: str) -> bool:
    """The message names a thing of the step (not its verb), or its person by a role."""
    said = step_match.content_stems(text)
    stems = step_match.content_stems(title)[1:]
    things = [s for s in stems if s not in step_match.LIGHT and s not in step_match.PARTICLES]
    if any(len(t) > 2 and step_match.same_word(t, m) for t in things for m in said):
        return True
    return _role_named(text, title)


def _role_named(text: str, title: str) -> bool:
    """The message names by a role the person or office the step names ("told HR" and "Tell
    my employer")."""
    said = set(step_match.content_stems(text))
    stems = set(step_match.content_stems(title))
    return any(role in stems and said & words for role, words in ROLES.items())


def other_doing_it(text: str, plans: list[Plan], step_id: int) -> tuple[Plan, Step] | None:
    """An open step other than ``step_id`` whose verb is an action the message says and which
    names something of the message too (a thing, or its person by a role), while the chosen
    step's verb is none of them: the action said names another step than the things did. The
    one a role names first, then the best named. Only the clauses naming the chosen step's
    thing are read; none when the chosen step's verb is said at all."""
    chosen = next((s for p in plans for s in p["steps"] if s["id"] == step_id), None)
    if chosen is None:
        return None
    title = step_match.content_stems(chosen["title"])
    before_about = " ".join(_ABOUT.split(text)[:1])
    if title and any(
        step_match.same_word(title[0], m) for m in step_match.content_stems(before_about)
    ):
        # its verb said, even as a noun ("sent zenith their invoice": "Invoice Zenith Foods"),
        # but for the topic told about ("told HR about the name change")
        return None
    things = [t for t in title[1:] if t not in step_match.LIGHT and len(t) > 2]
    # only what is said done to the chosen step's thing: news of two steps says each its own
    # action ("reported it to the council and the survey guy came round")
    clauses = [
        (clause, acts)
        for clause, acts in _clause_acts(text)
        if any(step_match.same_word(t, m) for t in things for m in step_match.content_stems(clause))
    ]
    acts = frozenset(a for _, found in clauses for a in found)
    if not acts or does(chosen["title"], acts):
        return None
    text = " ".join(clause for clause, _ in clauses)
    said = step_match.content_stems(text)
    doing = [
        (plan, step)
        for plan in plans
        for step in plan["steps"]
        if step["id"] != step_id
        and step["status"] not in FINISHED
        and does(step["title"], acts)
        and _names_something(text, step["title"])
        and own_verbs.verb_of(step["title"]).split()[0] not in _SAYS_NOTHING
    ]
    if not doing:
        return None
    doing.sort(
        key=lambda ps: (
            not _role_named(text, ps[1]["title"]),
            -step_match.score(said, ps[1]["title"]),
        )
    )
    return doing[0]
