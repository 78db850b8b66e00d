"""A message that names a step's OWN thing: the words of its title that only it has.

``own_verbs.names_its_thing`` is glad of any word of a title beyond its verb, met loosely
(a prefix, a typo, a root): "new rubber on the fridge door" meets "Upload new photos" by
"new", "customers keep taking photo of it" meets "Photocopy ID cards" by "photo". That is
enough to keep a reading's thing in its clause; it is too little to say WHICH step a message
is about. On the 73 "Is this about …?" menus of eval/first_sight_menus.json offered for the
wrong step it passed 68.

Here a step is named by its own thing when (``names_own_thing``):

- a THING of its title is said: a content word after the verb that is no light word, no
  particle and none of ``NO_THING`` (words any step may have: "new", "first", "thing");
- met strictly (``same_thing``): the same stem, the same but for an "e" or an ending of a
  letter or two the stemmer left ("invit"/"invite"), the head of a compound ("screen" of
  "windscreen"), or a typo of a long word (rapidfuzz
  ratio ≥ ``TYPO_RATIO`` on whole words of five letters or more) — never a prefix of
  another word ("photo" is no "photocopy"), never a root;
- said as a thing, not as a verb: "posted" names no "Redirect the post";
- and the thing is the step's own among the person's other open steps (``others``): a word
  every "Pay …" step of theirs has says none of them — unless two of the step's things are
  said, a name of many words ("Thor went to the vet" for "Take Thor to the vet").

Whom or where a step is done with counts as its thing: "pak darto udah pake ukuran lemari yg
lama" still names "Get a quote from Pak Darto". Counting only what the verb acts on (before
"at", "from", "with" …) turned 3 wrong writes of the held-out sets into menus and 30 right ones
too ("eagle sports finally got back, $38 a kit" for "Get quote from Eagle Sports"): dropped.

A step is named by its own verb (``names_own_verb``) when that verb is no light one and is
said: "interviewing the first girl right now" for "Interview candidates".

Which of two or three close steps a message means (``the_one_named``) asks the same of each:
one is named by a word only it has (its plan's title counted as its own), the others by
nothing of theirs that the chosen one does not share.

Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rapidfuzz import fuzz

from drbot.ai.language import letters, step_match

# Words of a title that any step may have: naming them names no step ("Upload new photos",
# "Buy the first batch", "Sort the paperwork thing")
NO_THING = frozenset(
    """
new old first next last other another more extra thing things stuff one ones all few own
lot bit way time day week month year today tomorrow
""".split()
)
# Words that join a step's things (where, when, with whom): no thing themselves
_JOINING = frozenset("at from with for to in on by about of via into onto before after".split())
# A typo of a long word (rapidfuzz ratio of the two whole stems)
TYPO_RATIO = 85
_WORD = re.compile(rf"{letters.WORD}(?:'{letters.WORD})?")


def _stems(text: str) -> list[tuple[str, str]]:
    """The words of ``text`` as (word, stem), small words left out."""
    words = re.findall(_WORD, letters.fold(text))
    return [
        (w, step_match.stem(w))
        for w in words
        if w not in step_match.STOPWORDS or w in step_match.IRREGULAR
    ]


def things(title: str) -> list[str]:
    """The title's things as stems, whom and where counted: "Get a quote from Pak Darto":
    ["quote", "pak", "darto"]."""
    words = re.findall(_WORD, letters.fold(title))
    found: list[str] = []
    for at, word in enumerate(words):
        if at == 0 or word in _JOINING:
            continue  # the verb, and the words that join its things
        if word in step_match.STOPWORDS and word not in step_match.IRREGULAR:
            continue
        s = step_match.stem(word)
        if (
            len(s) < 2
            or s in NO_THING
            or word in NO_THING
            or s in step_match.PARTICLES
            or (s in step_match.LIGHT and at == 1 and words[0] in ("go", "get"))
        ):
            continue
        found.append(s)
    return found


def same_thing(thing: str, word: str, stem: str) -> bool:
    """``word`` (its ``stem``) said in a message is the title's ``thing`` (a stem), met
    strictly."""
    if word.endswith("ed") and not thing.endswith("ed") and stem != word:
        # ("IHT400 finally filled in and posted" posts; it names no "Redirect the post")
        return False
    if stem == thing:
        return True
    if min(len(stem), len(thing)) < 4 or stem.isdigit() or thing.isdigit():
        return False  # short words must be exact ("van"/"fan")
    if stem.rstrip("e") == thing.rstrip("e") or stem.replace("ph", "f") == thing.replace("ph", "f"):
        return True  # ("mov(ing)"/"move"; "fotos"/"photos": spelt as said)
    short, long = sorted((stem, thing), key=len)
    if long.startswith(short):
        return len(long) - len(short) <= 2  # "invit"/"invite"; never "photo"/"photocopy"
    if len(short) >= 5 and len(long) - len(short) >= 3 and long.endswith(short):
        return True  # the head of a compound: "screen" of "windscreen" (not "light"/"flight")
    return len(short) >= 5 and fuzz.ratio(stem, thing) >= TYPO_RATIO


def said_things(text: str, title: str) -> set[str]:
    """The title's things said in ``text``, met strictly."""
    said = _stems(text)
    return {t for t in things(title) if any(same_thing(t, w, s) for w, s in said)}


def _shared(thing: str, titles: Iterable[str]) -> bool:
    """``thing`` (a stem) is a thing of one of ``titles`` too."""
    return any(same_thing(thing, t, t) for title in titles for t in things(title))


def _any_word(thing: str, titles: Iterable[str]) -> bool:
    """``thing`` (a stem) is any word of ``titles``, their verbs too ("inspection" is the
    "Inspect …" step's as much as the "… inspection" step's)."""
    return any(same_thing(thing, s, s) for title in titles for _, s in _stems(title))


# (the small words between a verb and its thing: "book the skis", "booking his jabs")
_BEFORE_A_THING = frozenset("the a an my his her our their your its some new".split())


def verb_on_its_thing(text: str, title: str, other: str) -> bool:
    """``text`` says the verb of ``title`` with a thing of ``other`` as its object, right
    after it but for small words ("tried to book the skis" puts "Book the chalet"'s verb on
    "Rent skis"'s thing); never a thing ``title`` has too."""
    verbs = re.findall(_WORD, letters.fold(title))[:1]
    if not verbs:
        return False
    verb = step_match.stem(verbs[0])
    mine = things(title)
    theirs = [t for t in things(other) if not any(same_thing(m, t, t) for m in mine)]
    words = re.findall(_WORD, letters.fold(text))
    for at, word in enumerate(words):
        s = step_match.stem(word)
        if s != verb and not (len(verb) >= 4 and same_thing(verb, word, s)):
            continue
        rest = words[at + 1 : at + 4]
        while rest and rest[0] in _BEFORE_A_THING:
            rest.pop(0)
        if rest and any(same_thing(t, rest[0], step_match.stem(rest[0])) for t in theirs):
            return True
    return False


def names_own_thing(text: str, title: str, others: Sequence[str] = ()) -> bool:
    """``text`` names a thing of the step's title, met strictly and said as a thing, that
    none of ``others`` (the titles of the person's other open steps) has — or a name of many
    words, two of its things said ("Thor went to the vet" for "Take Thor to the vet", with
    "Get Thor's jabs" open too)."""
    said = said_things(text, title)
    return len(said) >= 2 or any(not _shared(t, others) for t in said)


def names_other_than(text: str, title: str, mine: Sequence[str]) -> bool:
    """``text`` names a thing of ``title`` (met strictly) that none of ``mine`` has, their
    verbs counted ("the hotel" names "Book the hotel block"; "booked" no "Book …")."""
    return any(not _any_word(t, mine) for t in said_things(text, title))


def names_own_verb(text: str, title: str) -> bool:
    """``text`` says the step's own verb, one no other kind of step has (none of
    ``step_match.LIGHT``: "interviewing the first girl right now" for "Interview candidates",
    "switched to octopus" for "Switch energy supplier"; "booked in for thursday" names no
    "Book the x-ray"), met strictly as a whole word."""
    words = re.findall(_WORD, letters.fold(title))
    if not words:
        return False
    verb = step_match.stem(words[0])
    if verb in step_match.LIGHT or len(verb) < 3:
        return False
    return any(s == verb or same_thing(verb, s, s) for _, s in _stems(text))


def names_step(text: str, title: str, others: Sequence[str] = ()) -> bool:
    """``text`` names the step by its own words: its own thing (``names_own_thing``) or its
    own verb (``names_own_verb``)."""
    return names_own_thing(text, title, others) or names_own_verb(text, title)


def the_one_named(text: str, close: Sequence[tuple[str, str]]) -> int | None:
    """Of two to four close steps, each (title, its plan's title), the index of the one the
    words name by a thing only it has, when the others are named by nothing of theirs that
    the chosen one (or its plan) does not have too; else None. A name of many words: two
    things of the chosen step's or its plan's title said, not one ("appointment booked for
    the 2nd" names one word of "Book PSK appointment", and a slot is an appointment too).
    "Ayesha sent me her notes on my portfolio" with ("Get feedback from Ayesha", "Build UX
    portfolio") and ("Print the portfolio", …): the first, by Ayesha (the portfolio is both's)."""
    if not 2 <= len(close) <= 4:
        return None
    said = [said_things(text, title) for title, _ in close]
    named: list[int] = []
    for at in range(len(close)):
        others = [t for i, pair in enumerate(close) if i != at for t in pair]
        if any(not _any_word(t, others) for t in said[at]):
            named.append(at)
    if len(named) != 1:
        return None
    chosen = named[0]
    mine = list(close[chosen])
    for at in range(len(close)):
        if at != chosen and names_other_than(text, close[at][0], mine):
            return None  # another is named by a thing of its own too
    plan_said = {
        s for w, s in _stems(text) for t in things("_ " + close[chosen][1]) if same_thing(t, w, s)
    }
    if len(said[chosen] | plan_said) < 2:
        return None
    return chosen


# A thing said only as what a call was ABOUT or what a trip was WITH: the act is the
# person's ("rang the council", "went to the bus stop"), the step's thing its topic or its
# luggage ("about the trough", "with the box"), not the object of the step's own verb.
# Until the first mark, so a remark after it ("…, they only cut glass") is no topic.
_TOPIC = re.compile(
    r"\b(?P<act>rang|called|phoned|texted|emailed|messaged|wrote\s+to|spoke\s+to|talked\s+to|"
    r"went\s+(?:down\s+|over\s+)?to|been\s+(?:down\s+|over\s+)?to)\b"
    r"(?P<whom>[^,.;:!?]*?)\s(?:about|regarding|with)\s+(?P<topic>[^,.;:!?]*)",
    re.I,
)
# Verbs of steps that ARE a call or a word to someone: a call about a thing may be one of them
TELLING = frozenset(
    "report tell ask inform notify call ring phone email text message contact chase".split()
)
_GOING = re.compile(r"^(?:went|been)\b", re.I)


def named_as_topic(text: str, title: str) -> tuple[str, bool] | None:
    """When ``text`` names ``title``'s things only as the topic of a call or the luggage of
    a trip ("rang the council about the trough" for "Drain the trough"), the words naming
    whom or where ("the council") and whether the act was a call; None when the title's own
    verb is what a call does (a step of ringing or booking, "Ring the council", "Book the
    pitch"), a thing of it is said outside
    the topic, or no call or trip is said."""
    match = _TOPIC.search(text)
    if match is None:
        return None
    calling = not _GOING.match(match["act"])
    if calling and done_by_a_call(title):
        # (the call is the step's own act: "rang the club about the pitch" books the pitch)
        return None
    outside = text[: match.start("topic")] + " " + text[match.end("topic") :]
    if not said_things(match["topic"], title) or said_things(outside, title):
        return None
    return match["whom"], calling


# Verbs of steps a call does: telling, or booking by phone ("Book the LBC pickup"), as stems
_TELLING_STEMS = frozenset(step_match.stem(v) for v in TELLING)
_DONE_BY_A_CALL = _TELLING_STEMS | {
    step_match.stem(v) for v in "book arrange schedule request".split()
}
# A title with a topic of its own ("Text the parents about the blitz", "Ask the neighbours
# for names"): a call about another thing is not it
_OWN_TOPIC = re.compile(r"\b(?:about|for|regarding|re)\b", re.I)


def done_by_a_call(title: str) -> bool:
    """The title's verb is one a call does: telling someone or booking ("Report the leak to
    the council", "Book the LBC pickup"); not paying, finding, collecting."""
    return _lead_verb(title) in _DONE_BY_A_CALL


def is_telling(title: str) -> bool:
    """The title only tells someone, no topic of its own: "Tell the landlord", not "Text the
    parents about the blitz" nor "Ask the neighbours for names"."""
    return _lead_verb(title) in _TELLING_STEMS and not _OWN_TOPIC.search(title)


def _lead_verb(title: str) -> str:
    """The stem of the title's first word, its verb ("Report the leak" → "report")."""
    return step_match.stem((re.findall(_WORD, letters.fold(title)) or [""])[0])


# Words for whom or where anything is done: a guy, a lady, the people, a place, a shop. A
# step's title may have one as its thing ("Call the generator guy", "Post it on Marketplace"),
# but said in a message they name a person or a place of any step ("called the zurna guy",
# "took it to the detail place"), not the step that happens to have the word.
COMMON_NOUNS = frozenset(
    "guy dude bloke fella man men lady woman person people folk place shop store spot".split()
)


def named_by_common_words_only(text: str, title: str) -> bool:
    """``text`` names things of ``title`` (met strictly), and every one only by a word of
    ``COMMON_NOUNS``: "called kak hama the zurna guy" names "Call the generator guy" by "guy"
    alone, "the detail place" names "Post it on Marketplace" by "place" alone (the head of the
    compound); "called the generator guy" names it by "generator" too."""
    said = _stems(text)
    hits = [s for t in things(title) for w, s in said if same_thing(t, w, s)]
    return bool(hits) and all(s in COMMON_NOUNS for s in hits)


def names_by_a_word_of_its_own(text: str, title: str, mine: Sequence[str]) -> bool:
    """``text`` names ``title`` by a word of it that none of ``mine`` has and that is no
    common word of whom or where: a thing of it ("zurna" of "Hire the dahol zurna band"), or
    its own verb, no light one ("detail" of "Detail the car", said as a noun too)."""
    own = {t for t in said_things(text, title) if t not in COMMON_NOUNS and not _any_word(t, mine)}
    return bool(own) or (names_own_verb(text, title) and not _any_word(_lead_verb(title), mine))
