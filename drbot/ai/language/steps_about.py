"""Which open step a message nobody could read is about, by the content words it shares.

The last resort before "I didn't understand": no reading said what happened, but the
message may still name a step ("the 8k can wait til after the weekend, knee's at me" for
"Run 8k"). A step is found only by a real content word — a thing, a name, a number with its
unit — that the message shares with the step's title, or with its plan's title when that
plan has only a few steps open; never by a stop word, a common verb, a word of time, of how
it went or of chat ("thanks, great day" names nothing). The caller only ever asks with
this (a menu of what happened, or which step), so a loose link costs one unpressed button,
never a write. Pure: no I/O.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drbot.ai.language import step_match
from drbot.memory.records import FINISHED, Plan

# Words in every conversation, never what a message is about: greetings and thanks, chat,
# feelings, time, amounts and how things went. Matched on the stem (step_match.stem).
_CHAT = frozenset(
    """
hi hello hey hiya morning evening night thank thanks cheer please pls lol haha omg wow ugh
yay ok okay sure well good great bad nice lovely fine awesome amazing brilliant terrible
awful happy sad tired excite love hate like feel think know want need mean guess hope wish
say tell ask talk chat look see seem sound come go went gone be been have has keep let use
work help mind worry bother care try start finish complete done sort sorted ready fine
today tonight tomorrow yesterday week weekend month year day time hour minute min mins
sec moment morning afternoon evening now later soon earlier ago early late next last
first second third once twice again still yet already ever never always often sometimes
lot lots much many more most less least few little bit bits thing things stuff
something anything nothing everything someone anyone everyone nobody way kind sort
new right wrong true real actual actually basically literally totally really quite pretty
probably maybe perhaps definitely
mate guy guys bloke lad folks bro dude babe hun love dear
yes yeah yep nope nah sorry glad wait cool
jan feb mar apr jun jul aug sep sept oct nov dec january february march april may june
july august september october november december
skip skipped remind reminder snooze later list plan step steps off cross tick
no not dont doesnt didnt cant couldnt wouldnt shouldnt wont isnt arent wasnt havent hasnt
honestly anyway though whats wheres hows thats theres heres
""".split()
)
# "5k", "5 km", "30km", "10K": a distance or an amount with its unit is one word, the same
# however the unit is spelt ("the 5k" is step "Run 5km")
_WITH_UNIT = re.compile(r"\b(\d+(?:\.\d+)?)\s?(k|km|kms|kilometres?|kilometers?)\b", re.I)
# A number of time or money is how long or how much, never a thing ("31 mins", "£40")
_MEASURE = re.compile(
    r"(?:[£$€]\s?\d[\d,.]*|\b\d+(?:\.\d+)?\s?(?:mins?|minutes?|hrs?|hours?|secs?|seconds?|"
    r"days?|weeks?|wks?|months?|years?|yrs?|am|pm|quid|bucks?|dollars?|pounds?|euros?|"
    r"p|x|times?|st|nd|rd|th)\b)",
    re.I,
)
MOST = 3  # more steps than this fit: the message names nothing in particular
_CHAT_STEMS = _CHAT | {step_match.stem(word) for word in _CHAT}
# Words of two letters that are no name of a thing ("cv", "dj", "gp" are)
_TWO_LETTERS = frozenset(
    "no ok so my we it is in on at to do go up me he be by or an as of if us hi oh ah eh ya ye "
    "yo ur ta mr ms dr st rd th nd am pm xx lo ha na aw uh um hm".split()
)
# "U-Haul", "e-bike": the word said with or without its hyphen
_HYPHENED = re.compile(r"\b([a-z]+)-([a-z]+)\b", re.I)


def content_words(text: str) -> set[str]:
    """The words of ``text`` that could say what it is about: stems of things and names,
    and numbers with a unit ("5k"); none of chat, time, amounts, common verbs or stop words."""
    text = _MEASURE.sub(" ", text)
    units = {f"{float(m[1]):g}k" for m in _WITH_UNIT.finditer(text)}
    text = _WITH_UNIT.sub(" ", text)
    joined = [step_match.stem(m[1] + m[2]) for m in _HYPHENED.finditer(text)]
    words = set()
    for word in step_match.content_stems(text) + joined:
        if (
            word in step_match.LIGHT
            or word + "e" in step_match.LIGHT  # "mak(ing)"
            or word in step_match.PROGRESS
            or word in step_match.FILLER
            or word in step_match.PARTICLES
            or word in _CHAT_STEMS
            or word + "e" in _CHAT_STEMS  # "hav(ing)"
            or len(word) < 2
            or word in _TWO_LETTERS
            or (word.isdigit() and len(word) < 2)
        ):
            continue
        words.add(word)
    return words | units


def _same(said: str, own: str) -> bool:
    """One word for one thing: a word's forms and typos (``step_match.same_word``), a long
    word cut short, and a bare number for the same number with its unit ("the 32" for
    "32km"), never another bare number (how many is no name of a step)."""
    if said.isdigit():
        return own == said + "k"
    if own.isdigit():
        return False
    if len(said) >= 4 and len(own) >= 2 * len(said) and own.startswith(said):
        return True  # a long word cut short: "carb" of "carburetor", "admin" of "administration"
    return step_match.same_word(said, own)


def _things_of(title: str) -> set[str]:
    """The content words of a step's title but its verb ("renew" of "Renew the roadside
    assistance" names no thing: "renewed my passport" is no news of it); a title of one
    word keeps it ("Hoover")."""
    stems = step_match.content_stems(title)
    words = content_words(title)
    things = words - set(stems[:1])
    return things or words


def _shared(said: set[str], own: set[str]) -> set[str]:
    return {w for w in said if any(_same(w, o) for o in own)}


@dataclass(frozen=True)
class _Fit:
    candidate: step_match.Candidate
    own: int  # words shared with the step's title that its plan's title lacks
    titled: int  # words shared with the step's title, its plan's words too
    of_plan: bool  # the message also names its plan

    @property
    def rank(self) -> tuple[int, int, bool]:
        return (self.own, self.titled, self.of_plan)


def steps_about(
    text: str, plans: list[Plan], current_plan_id: int | None, *, loosely: bool = True
) -> list[step_match.Candidate]:
    """The one to three open steps ``text`` is most plausibly about, or none.

    A step fits by the content words its title shares with the message: the steps sharing
    the most that their plan's title lacks fit, then those sharing the most in all, then
    those of a plan the message also names. With no title word shared, the steps named by
    another everyday word for their thing (``thing_words``). ``loosely`` False: only a step's own words
    find it — not its plan's name (which its steps may repeat), nor another word for its
    thing. With no step named, the open steps of the one plan the message names, when there
    are three at most. More than three fit: none (the words are too common to tell)."""
    said = content_words(text)
    if not said:
        return []
    fits = []
    named_plans = []
    for plan in plans:
        plan_words = content_words(plan["title"])
        of_plan = bool(_shared(said, plan_words))
        if of_plan:
            named_plans.append(plan)
        for step in plan["steps"]:
            if step["status"] in FINISHED:
                continue
            titled = _shared(said, _things_of(step["title"]))
            if titled and (loosely or titled - _shared(said, plan_words)):
                fits.append(
                    _Fit(
                        step_match.Candidate.of(
                            plan, step, step_match.WEAK_SCORE, plan["id"] == current_plan_id
                        ),
                        len(titled - _shared(said, plan_words)),
                        len(titled),
                        of_plan,
                    )
                )
    if fits:
        best = max(f.rank for f in fits)
        top = [f.candidate for f in fits if f.rank == best]
        return top if len(top) <= MOST else []
    # "Declan came back with a price" for "Get a quote from the plumber": another everyday
    # word for a step's thing, a weaker link than its own words
    family = (
        step_match.by_thing_family(text, plans, current_plan_id, open_only=True) if loosely else []
    )
    if family:
        return family if len(family) <= MOST else []
    if len(named_plans) != 1 or not loosely:
        return []
    open_steps = [c for c in step_match.by_position(named_plans[0]) if c.status not in FINISHED]
    return open_steps if len(open_steps) <= MOST else []
