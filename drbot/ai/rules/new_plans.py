"""A new plan in free wording: made, offered, or its first steps added.

"renew passport: get photos, fill in the form" makes a plan (``plan_phrases``
reads it); a goal alone makes one with no steps and asks for them, and the
list that answers ("steps are: …", "book movers, pack kitchen") becomes its
steps (``first_steps``); a short goal said with no goal words ("renovate
bathroom") is offered, and made only on yes; a plan that exists already is
asked about, not made twice.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from drbot.ai.language import (
    hedges,
    intents,
    other_tongues,
    plan_checks,
    plan_odds,
    plan_phrases,
    plan_prose,
    plan_shapes,
    plan_titles,
    step_match,
)
from drbot.ai.rules import first_steps, second_reader
from drbot.ai.rules.new_step_deadlines import with_due
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.offline_answer import OfflineAnswer
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.records import Plan
from drbot.readable_times import due_mark, plural

if TYPE_CHECKING:
    from drbot.ai.rules.acting import Acting

FIRST_STEPS = (
    "What are the first steps? Send them all at once, e.g. “get photos, fill in the "
    "form, book an appointment”."
)


def same_plan(title: str, plans: list[Plan]) -> Plan | None:
    stems = step_match.content_stems(title)
    return next((p for p in plans if step_match.score(stems, p["title"]) >= 0.8), None)


def new_or_add(plan: Plan, title: str, steps: list[str]) -> OfflineAnswer:
    """ "plan to renew passport: a, b" when "Renew my passport" exists: a second
    plan, or these steps for the first?  Asked, not guessed."""
    question = Question(
        f"You already have “{plan['title']}”. Nothing changed yet.",
        (
            Option(
                f"Add {len(steps)} step{'s' if len(steps) > 1 else ''} to “{plan['title']}”",
                tuple(("add_step", {"plan_id": plan["id"], "title": step}) for step in steps),
            ),
            Option(f"New plan “{title}”", (("create_plan", {"title": title, "steps": steps}),)),
        ),
    )
    return OfflineAnswer(question.text, True, question=question)


def announces_new_one(text: str) -> bool:
    """ "oh add another one - …", "Please add one more. …", "also new plan: …": the message
    opens by announcing a new plan."""
    return _NEW_ONE.match(plan_prose.without_greeting(text.strip())) is not None


def names_step(title: str, plans: list[Plan], ctx: ToolContext) -> bool:
    """ "I need to call the venue" is about a step that exists, not a new plan; but a message
    that announces a new one ("oh add another one - get the truck registered", "Please add
    one more. Ananya's thesis review - …") is about no step, whatever words it shares."""
    if announces_new_one(ctx.message):
        return False
    return bool(step_match.candidates(title, plans, ctx.current_plan_id))


# A plan said as one: a goal word first ("I need to", "plan to", "goal:"), a title line over
# its steps, or "goal: a, b".
_SAID_AS_PLAN = re.compile(r"^[^\n:]{2,80}:\s*\S|\n", re.S)
# Text a plan is never made of: a request for a reminder, news told as short sentences.
_NO_TITLE = re.compile(
    r"^(?:(?:can|could|would)\s+you\s+|pls\s+|please\s+)?(?:remind|tell|"
    r"ping|nudge|ask)\b",
    re.I,
)
# ... but over a list, telling or asking someone else is a goal the steps serve ("tell my new
# boss about my diabetes: read up on my rights, …"); a request to drbot is still none
_TO_DRBOT = re.compile(
    r"^(?:(?:can|could|would)\s+you\s+|pls\s+|please\s+)?(?:remind|ping|nudge|"
    r"(?:tell|ask)\s+(?:me|us|you|u)\b)",
    re.I,
)
_NO_STEP = re.compile(
    r"^(?:finally|that'?s\s+(?:it|dealt\s+with|that|done|sorted)|done|sorted|"
    r"lol|haha|thanks?|yay|phew|ugh|at\s+last|whoop\w*)$",
    re.I,
)


# "New one for you - Ray's 70th. Book the RSL, …": the words say a new plan follows
_NEW_ONE = re.compile(
    # ("add another one - Lily's braces", "adding a new one:", "put a new one down mate:
    # get the van ready …": the asking word before it)
    r"^(?:(?:ok|okay|oh|right|so|and|also)[\s,]+)*(?:(?:pls\s+|please\s+)?(?:add(?:ing)?|put)\s+)?"
    r"(?:(?:a\s+)?new|another|next|one\s+more)\s+(?:one|plan|goal|project|list)\b|"
    # "Please add one more. Ananya's thesis review - …": the asking word, then "one more" alone
    r"^(?:(?:ok|okay|oh|right|so|and|also)[\s,]+)*(?:pls\s+|please\s+|can\s+(?:you|u)\s+)?"
    r"add\s+(?:one\s+more|another)(?=\s*[.!:,—–-])",
    re.I,
)


def said_as_plan(text: str) -> bool:
    """Whether the words themselves say "this is a plan", not only its shape."""
    clean = plan_prose.opening(text.split("\n", 1)[0]) + ("\n" if "\n" in text.strip() else "")
    return bool(
        _NEW_ONE.match(text.strip())
        or _SAID_AS_PLAN.search(clean)
        or plan_phrases.starts_with_goal(clean)
        or plan_phrases.labelled(clean)
    )


# What the person means to do, said with no list and no word that makes it a plan: "gonna
# sort the tyres later in the week", "I'll ring the council tomorrow", "going to clear the
# gutters at the weekend". From someone with plans it is most often a step of theirs or a
# passing remark; a plan is offered, never made. (A goal word makes it one: "I'm planning
# to…", "I want to…", "new plan: …"; a list after it makes it one too.)
_INTENTION_ONLY = re.compile(
    r"^(?:(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+)?(?:gonna|going\s+to)\s+(?!plan\b)|"
    r"^(?:i|we)(?:'ll|\s+will)\s+(?!plan\b)|^will\s+(?!plan\b)",
    re.I,
)
INTENTION_EXAMPLES: tuple[str, ...] = (
    "gonna sort the tyres later in the week when it's quieter",
    "I'm going to clear the gutters at the weekend",
    "I'll ring the council about the bins tomorrow",
    "we're gonna repaint the shed when it warms up",
)
INTENTION_NEAR_MISSES: tuple[str, ...] = (
    "I want to learn Spanish this year",
    "planning to redo the bathroom next spring",
    "new plan: sort the tyres",
)


def intention_only(text: str) -> bool:
    """Whether ``text`` only says what the person means to do (no goal word, no list)."""
    return "\n" not in text.strip() and _INTENTION_ONLY.match(plan_prose.opening(text)) is not None


def named_as_plan(title: str, steps: list[str]) -> bool:
    """A short goal over three or more steps ("adopting a rescue dog!!! home check, buy a
    crate, find a vet") is a plan by its shape alone; a sentence of news ("the fence job is
    bigger than I thought") is not a goal."""
    return (
        len(steps) >= 3
        and len(title.split()) <= 6
        and not re.search(r"\b(?:than|was|were|is|are|'s|came|went|got|been|had)\b", title, re.I)
    )


# A word that links to what was said before is no goal ("… no tailor. Instead: a, b").
_LINK_WORD = re.compile(
    r"^(?:instead|also|anyway|actually|then|but|so|and|plus|besides|"
    # "Slight change", "Change of plan": a change to a plan, never one of its own
    r"(?:(?:slight|small|quick|little|big)\s+)?change(?:\s+of\s+(?:plans?|heart))?$|plans?\s+changed?)\b",
    re.I,
)


# A step said as done ("Got wrapper for mummy", "bought the paint"): news, no step to do
_DONE_FIRST = re.compile(
    r"^(?:got|bought|picked|sent|rang|called|booked|paid|posted|finished|collected|ordered|"
    r"did|went)\b(?!\s+to\b)",
    re.I,
)


def says_instead(title: str, steps: list[str]) -> bool:
    """ "Rec centre said no. So instead: a, b", "new plan for the pics — instead of me doing
    them: a, b": what comes in place of something already planned, never a plan of its own."""
    return bool(
        re.search(r"\binstead\b", title, re.I)
        or any(re.match(r"\s*instead\b", step, re.I) for step in steps)
    )


# A list taken back as it is said: "actually no scrap the fee", "wait no, not that one",
# "scratch that", "just the first two"
_TAKEN_BACK = re.compile(
    r"^(?:(?:actually|wait|oops|sorry|hang\s+on|hmm+)\b[\s,]*(?:no+|nah|scrap|scratch|forget|"
    r"ignore|drop|not)\b|(?:no+|nah)\b[\s,]*(?:scrap|scratch|forget|ignore|drop)\b|"
    r"(?:scrap|scratch|forget|ignore)\s+that\b|just\s+the\s+first\s+\w+)",
    re.I,
)
_FIRST_ONLY = re.compile(r"\bjust\s+the\s+first\s+(?P<n>two|three|four|five|[2-9])\b", re.I)
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5}
_SCRAPPED = re.compile(
    r"\b(?:scrap|scratch|forget|ignore|drop)\s+(?:the|that)\s+(?P<what>\w+)", re.I
)


def taken_back(title: str, steps: list[str]) -> tuple[str, list[str]] | None:
    """The steps left when the list takes some back as it is said ("a, b, pay the fee.
    actually no scrap the fee … just the first two" leaves a, b); None when nothing is taken
    back.  Never made at once: shown to be checked."""
    at = next((i for i, step in enumerate(steps) if _TAKEN_BACK.match(step.strip())), None)
    if at is None:
        return None
    kept, said = steps[:at], " ".join(steps[at:])
    if (first := _FIRST_ONLY.search(said)) is not None:
        n = first["n"].lower()
        kept = kept[: _NUMBERS.get(n) or int(n)]
    for scrapped in _SCRAPPED.finditer(said):
        word = scrapped["what"].lower()
        kept = [step for step in kept if word not in step.lower().split()]
    return title, kept


def plausible(title: str, steps: list[str]) -> bool:
    """A reading a person could have meant as a plan: not "Remind me thursday", not
    "Instead", not the steps "Finally" and "That's dealt with"."""
    return (
        not (_NO_TITLE.match(title) and (len(steps) < 2 or _TO_DRBOT.match(title)))
        # "b2 backup attempt #1: rclone keeps timing out …", "update: …": news of something
        # under way, never a plan's name
        and not intents.news_head(title)
        # "help me with it", "keep track of everything": no goal named; but a list's name
        # before its steps ("Errands: book my dentist, pay the council tax") is a plan's
        and not (plan_prose.names_nothing(title) and not steps)
        and not (not steps and _news_of_a_thing(title))
        and not _LINK_WORD.match(title.strip(" .,!"))  # "Instead of that i only"
        and not any(_NO_STEP.match(s.strip(" .!")) for s in steps)
        and not (steps and plan_prose.is_story(title, steps))
        and not any(_DONE_FIRST.match(step.strip()) for step in steps)  # "Got the wrapper"
        # "tried to do the visa application, site kept timing out": a lone past-tense verb
        # before "to do" is news of a try, never a goal's name ("Tried", "Rang", "Went")
        and not (len(title.split()) == 1 and plan_prose.is_past_verb(title.strip(" .,!")))
    )


# "My appointment has been moved to next Monday", "the boiler service was put back a week":
# a thing named, then what has happened to it (a verb "to have" or "to be" and a participle)
_HAPPENED_TO = re.compile(
    r"^(?:(?:the|my|our|his|her|their|your)\s+)?(?P<thing>(?:[\w'-]+\s+){0,2}?[\w'-]+)\s+"
    r"(?:has|have|had|is|are|was|were|'s|'ve)\s+(?:(?:just|now|finally|already|also|been)\s+)*"
    r"(?P<done>[\w'-]+)\b",
    re.I,
)


def _news_of_a_thing(title: str) -> bool:
    """A goal that is news of a thing, not a thing to do: its subject, then a verb of
    having or being and a participle ("has been moved", "was cancelled")."""
    found = _HAPPENED_TO.match(title.strip())
    return (
        found is not None
        and found["thing"].split()[0].lower() not in plan_phrases.STEP_VERBS  # "Get the car …"
        and intents.is_participle(found["done"])
    )


def one_thing_per_step(steps: list[str]) -> bool:
    """No step runs on into another: "Take photos after that write the listings" and
    "Get the permit and also pick out countertops" are two steps read as one (a step
    that starts with "then" or "after that" is fine: the word only joins it on)."""
    return not any(plan_phrases.chained(step) for step in steps)


def propose(title: str, steps: list[str], ctx: ToolContext) -> OfflineAnswer:
    """The plan shown to be checked, made only on yes: with the due dates its words give, as
    a plan made at once would have them."""
    # shown as Yes makes it: a deadline in the title ("… before xmas") is the last step's
    # due date, a step's own deadline its due date
    # (in the person's own words, as Yes writes them: a message read in its English gloss
    # shows "Hablar con el tutor", never "Hablar with the tutor", nor "Il done already -8")
    args = other_tongues.args_as_written(
        with_due("create_plan", {"title": title, "steps": steps}, ctx)
    )
    title, made = args["title"], args["steps"]
    listed = "\n".join(
        f"{n}. {step['title']} {due_mark(step['due'])}"
        if isinstance(step, dict)
        else f"{n}. {step}"
        for n, step in enumerate(made[:8], 1)
    )
    more = "\n…" if len(made) > 8 else ""
    question = Question(
        f"Start a new plan “{title}” with {plural(len(made), 'step')}?\n{listed}{more}\n"
        "Nothing changed yet.",
        (Option(f"Yes, start “{title}”", (("create_plan", args),)),),
    )
    return OfflineAnswer(question.text, True, question=question)


async def create(interp: Acting, ctx: ToolContext, title: str, steps: list[str]) -> OfflineAnswer:
    if not title:
        return OfflineAnswer(
            "What should I call this plan? Say e.g. “move house: "
            + ", ".join(steps[:3]).lower()
            + "”.",
            True,
        )
    after = "" if steps else "\n" + FIRST_STEPS
    return OfflineAnswer(
        await interp.call(ctx, "create_plan", {"title": title, "steps": steps}, after), True
    )


def first_steps_for(text: str, ctx: ToolContext) -> list[str]:
    """The steps a list gives a plan that has none.  A list said as such ("steps
    are: …", "first … then …", numbered lines) is one; a bare list of clauses
    only when it states nothing else ("skipped today, too tired" is news)."""
    steps, said_as_list = first_steps.read_steps(text)
    if (
        steps
        and not said_as_list
        and (
            intents.read_statement(text, ctx.now, ctx.timezone) is not None
            or intents.not_yet(text)
            or text.strip().endswith("?")
        )
    ):
        return []
    return steps


def propose_steps(plan: Plan, steps: list[str]) -> OfflineAnswer:
    """The steps read for ``plan`` shown to be checked, added only on yes: a piece of them
    shows it was cut in the wrong place."""
    listed = "\n".join(f"{n}. {step}" for n, step in enumerate(steps[:8], 1))
    more = "\n…" if len(steps) > 8 else ""
    them = "it" if len(steps) == 1 else "them"
    question = Question(
        f"Add {plural(len(steps), 'step')} to “{plan['title']}”?\n{listed}{more}\n"
        "Nothing changed yet.",
        (
            Option(
                f"Yes, add {them}",
                tuple(("add_step", {"plan_id": plan["id"], "title": step}) for step in steps),
            ),
        ),
    )
    return OfflineAnswer(question.text, True, question=question)


async def add_first_steps(
    interp: Acting, ctx: ToolContext, plan: Plan, steps: list[str]
) -> OfflineAnswer:
    """The list that answers "What are the first steps?": each step added to the
    plan that has none, in order (one change each, as the model's add_step); the
    plan shown once at the end. Steps whose shape is in doubt are shown to be checked."""
    if plan_checks.new_steps_doubts(steps):
        return propose_steps(plan, steps)
    shown = ""
    for step in steps:
        result = await interp.registry.call("add_step", {"plan_id": plan["id"], "title": step}, ctx)
        if result.is_error:  # shown as it is; the steps before it stay added
            return OfflineAnswer((shown + "\n\n" if shown else "") + result.for_person(), True)
        shown = result.for_person()
    head, _, rest = shown.partition("\n")  # the last add's "Step added." says too little
    many = f"Added {len(steps)} steps." if len(steps) > 1 else head
    return OfflineAnswer(f"{many}\n{rest}" if rest else many, True)


# "renovate bathroom", "sell the old car": a verb of getting things done first,
# then a few words.  Only these verbs: "feeling tired" or "going to bed" is not
# a goal, and offering it as a plan would be silly.
_GOAL_VERBS = frozenset(
    """
renovate redo refurbish redecorate repaint paint decorate fix repair build install replace
sell buy move pack unpack clean clear declutter tidy organise organize plan prepare prep
arrange apply renew register cancel switch change update find get learn study write finish
start launch sort file pay save open close set train visit research compare hire order
return submit plant grow lose read complete make create design host throw celebrate quit
reduce upgrade migrate transfer claim appeal dispute book enrol enroll sign prepare pass
practise practice redesign rebuild restore service insure extend convert landscape
""".split()
)
_GOAL_LIKE = re.compile(r"(?P<verb>[a-z]+)(?:\s+[a-z0-9][a-z0-9'&-]*){1,6}", re.I)


def offer_plan(phrase: str, plans: list[Plan]) -> OfflineAnswer | None:
    """A short phrase nothing else reads ("renovate bathroom") may be a goal:
    offered as a new plan, made only on yes.  Not when it names a plan or a
    step that exists (then it is news about it, put some other way)."""
    goal = _GOAL_LIKE.fullmatch(phrase)
    if (
        goal is None
        or goal["verb"].lower() not in _GOAL_VERBS
        or step_match.candidates(phrase, plans, None, least=step_match.WEAK_SCORE)
        or any(step_match.names_only(phrase, p["title"]) for p in plans)
    ):
        return None
    return _offer(plan_phrases.clean_title(phrase))


# A newcomer's first words that name a goal without a goal word: "saving up for schoolies on
# the goldie next year 🏖️ gotta start somewhere", "i need a part time job before christmas
# ngl im so broke". Offered as a plan (made on yes): a goal, but not said as one.
_NEED_A = re.compile(r"^(?:i\s+|we\s+)?(?:really\s+)?need\s+(?:a|an)\s+(?P<thing>[\w'-]+)", re.I)
_NO_GOAL_THING = frozenset(
    "hand help break rest nap drink coffee tea minute sec second moment hug word chat lift "
    "favour favor reminder".split()
)
_GOAL_ENDS = re.compile(
    r"\s+(?:ngl|tbh|lol|lmao|tho|though|cos|coz|because|but|so|and\s+i'?m|im|i'?m)\b.*$", re.I
)


# "need to sort a new boiler …, the old one's on its last legs": a goal, then a reason
_NEED_TO = re.compile(
    r"^(?:i\s+|we\s+)?(?:really\s+)?(?:need|have|gotta|got)(?:\s+to)?\s+(?P<verb>[a-z]+)\s+"
    r"(?P<what>[^,;]{4,80}?)\s*,\s*(?:the|my|our|it|it'?s|its|they|as|since|cos|coz|because)\b.+$",
    re.I,
)
# The same goal wanted or needed, then a remark after its comma that is no step of it: the
# writer's delay or a state ("want to get my will sorted before christmas, been putting it off
# for years", "need to get a new ute sometime this summer, current ones stuffed", "need a
# student job before december ends, money is finishing 💸"). What follows the comma is a
# remark when no step's verb, no joining word and no goal word opens it ("need to book the
# hall, order the cake" lists two steps).
_WANTING = (
    r"(?:i\s+|we\s+)?(?:really\s+)?(?:(?:need|want|wanna|gotta|have\s+to|got\s+to)(?:\s+to)?|"
    r"(?:would|i'?d)\s+(?:really\s+)?like\s+to)\s+"
)
_GOAL_THEN_REMARK = re.compile(
    rf"^(?P<goal>{_WANTING}[^,;]{{6,80}}?)\s*,\s*(?P<why>[^,;]{{3,80}})$",
    re.I,
)
# the words of wanting that open such a goal, cut before it is offered as a plan's title
_WANTED = re.compile(rf"^{_WANTING}", re.I)
_NO_REMARK_START = frozenset("and then also plus or but so need want have gotta i we".split())
GOAL_THEN_REMARK_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "want to get my will sorted before christmas, been putting it off for years",
        "Get my will sorted before christmas",
    ),
    (
        "need to get a new ute sometime this summer, current ones stuffed",
        "Get a new ute sometime this summer",
    ),
    (
        "need a student job before december ends, money is finishing 💸",
        "A student job before december ends",
    ),
)
GOAL_THEN_REMARK_NEAR_MISSES: tuple[str, ...] = (
    "need to book the hall, order the cake",
    "want to sell the car, and buy a bike",
    "need to fix the fence, I need quotes",
)


def _lemma(word: str) -> str:
    """ "saving" → "save", "planning" → "plan", "getting" → "get" (an -ing form's verb)."""
    word = word.lower()
    if not word.endswith("ing") or len(word) < 5:
        return word
    stem = word[:-3]
    if len(stem) >= 3 and stem[-1] == stem[-2]:
        return stem[:-1]
    return stem if stem in _GOAL_VERBS | plan_phrases.STEP_VERBS else stem + "e"


def goal_then_remark(said: str) -> str | None:
    """The goal of "want to get my will sorted before christmas, been putting it off for
    years" (``_GOAL_THEN_REMARK``) without the remark after its comma, or None."""
    found = _GOAL_THEN_REMARK.match(plan_prose.without_emoji(said).strip(" .!"))
    if found is None:
        return None
    why = found["why"].split()
    if why[0].lower() in _NO_REMARK_START | plan_phrases.STEP_VERBS:
        return None
    return found["goal"]


def newcomer_goal(text: str) -> OfflineAnswer | None:
    """A newcomer's goal said plainly, offered as a plan; None for anything else."""
    said = plan_prose.sentences(plan_prose.opening(text))
    if not said or said[0].endswith("?") or text.strip().endswith("?"):
        return None
    remarked = goal_then_remark(said[0])
    if remarked is not None:
        goal = _WANTED.sub("", remarked)
        if goal != remarked and goal.split()[0].lower() in _GOAL_VERBS:
            return _offer(plan_phrases.clean_title(goal))  # "want to get my will sorted, …"
        said[0] = remarked
    first = _GOAL_ENDS.sub("", said[0]).strip(" ,.")
    words = first.split()
    need = _NEED_A.match(first)
    # only verbs of getting things done: "going to bed", "feeling tired" are no goal
    gerund = bool(words) and words[0].lower().endswith("ing") and _lemma(words[0]) in _GOAL_VERBS
    need_to = _NEED_TO.match(first)
    if need_to is not None and need_to["verb"].lower() in _GOAL_VERBS:
        # "need to sort a new boiler for the rental, the old one's on its last legs": a goal
        # and why, no steps; the goal is the clause before the reason
        return _offer(plan_phrases.clean_title(f"{need_to['verb']} {need_to['what']}"))
    if re.search(r"\s(?:is|are|was|were|isn'?t|sucks)\b", first, re.I):
        return None  # "getting old is no fun": said of it, no goal
    if not (2 <= len(words) <= 12) or not (
        gerund or (need is not None and need["thing"].lower() not in _NO_GOAL_THING)
    ):
        return None
    title = plan_phrases.clean_title(
        re.sub(r"^(?:i\s+|we\s+)?(?:really\s+)?need\s+", "", first, flags=re.I)
    )
    return _offer(title)


# A newcomer's bare goal wherever it stands in their first words, after a greeting or who they
# are ("hi hi 👋 my friend say this bot can help. i want to save $5k for new motorbike before
# CNY", "dzien dobry, I am Ewa … my goal is to pass the exam for tram instructor next year"),
# with a remark after it ("…, Flixbus maybe. dont know the steps yet"). Read only when nothing
# else read the message, and only offered: the goal alone is the title, never the remark.
_BARE_GOAL = re.compile(
    r"(?:^|[\s.!,;:])(?:"
    r"(?:(?:i|we)\s+(?:think\s+(?:i|we)\s+)?)?(?:really\s+)?"
    r"(?:(?:want|need|wanna|gotta|have)\s+to|(?:would|i'?d|we'?d)\s+(?:really\s+)?like\s+to)"
    r"|(?:my\s+|our\s+|the\s+)?goal(?:\s+for\s+[\w ]{2,20}?)?(?:\s+is(?:\s+to)?|\s*[:,])"
    # Taglish "I want to" and an English verb: "gusto ko na talaga mag-start ng podcast"
    r"|gusto\s+ko(?:ng)?(?:\s+na)?(?:\s+talaga)?\s+mag"
    r")(?:\s+|-)(?:finally\s+|really\s+|just\s+)?(?P<goal>(?P<verb>[a-z]+)\s[^.,;!?\n]{4,90})"
    # Spanish and Portuguese "I want to / I need to" and an infinitive, kept as written
    # ("quero um dia abrir meu próprio salão", "quiero sacar mi permiso de food truck")
    r"|(?:^|[\s.!,;:])(?:quiero|necesito|tengo\s+que|quero|preciso|tenho\s+que)"
    r"(?:\s+(?:um\s+dia|finalmente|ya|j[aá]))?\s+"
    r"(?P<goal2>[a-záéíóúâêôãõç]+(?:ar|er|ir)\s[^.,;!?\n]{4,90})",
    re.I,
)
# where the goal ends and a reason or a remark begins ("… instead of renting it", "… so i can
# invoice properly", "… lol")
_GOAL_REMARK = re.compile(
    r"\s+(?:so\s+(?:that\s+)?(?:i|we)|so\s+i\s+can|instead\s+of|because|cos|coz|since|but|"
    r"tho|though|lol|haha|ngl|tbh|maybe|if|as\s+(?:i|we)|thats|that'?s|"
    r"pq|porque|jaja+|rs|nem\s+sei|no\s+s[eé]|not\s+sure)\b.*$",
    re.I,
)
# no goal of a plan: a wish about drbot or about nothing in particular ("i want to get started",
# "i want to make a list", "i need to set this up")
_NO_BARE_GOAL = re.compile(
    r"^\S+\s+(?:(?:it|this|that|them|started|going)\b|(?:(?:a|my|the)\s+)?(?:lists?|plans?|"
    r"account)\b)|\b(?:bot|drbot|app|you|u)\b|\bhow\s+(?:this|it|you)\s+works?\b|"
    r"^(?:saber|ver|probar|testar|entender|dormir|descansar|comer|hablar|falar|usar)\b",
    re.I,
)
# steps said with it: a plan with steps, for the readings of those
_STEPS_TOLD = re.compile(r"\bthen\b|\bfirst\b|\bsteps?\s*:|\n\s*(?:[-•*]|\d)", re.I)
BARE_GOAL_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "hi hi 👋 my friend say this bot can help. i want to save $5k for new motorbike before CNY",
        "Save $5k for new motorbike before CNY",
    ),
    (
        "hello i want to change job from city bus to long distance coach, Flixbus maybe. dont "
        "know the steps yet",
        "Change job from city bus to long distance coach",
    ),
    (
        "dzien dobry, I am Ewa, I drive tram 8 in Wrocław 🙂 my goal is to pass the exam for "
        "tram instructor next year. thank you",
        "Pass the exam for tram instructor next year",
    ),
    (
        "new here. goal: get myself an allotment plot by next spring. waiting list in leeds is "
        "mental but we go again",
        "Get myself an allotment plot by next spring",
    ),
    (
        "i want to save money to buy my own motorcycle instead of renting it from the company "
        "every day 😮‍💨",
        "Save money to buy my own motorcycle",
    ),
    (
        "oii! quero um dia abrir meu próprio salão, nem sei por onde começar rs",
        "Abrir meu próprio salão",
    ),
    (
        "quiero sacar mi permiso de food truck en houston, no sé ni por dónde empezar jaja",
        "Sacar mi permiso de food truck en houston",
    ),
    (
        "gusto ko na talaga mag-start ng podcast next year haha. pa-save as a goal pls, wala "
        "pang steps",
        "Start ng podcast next year",
    ),
    (
        "opa, quero organizar as finanças da loja pq tá uma bagunça total",
        "Organizar as finanças da loja",
    ),
    # a race or a climb to do (z271; "I want to run a sub-4 marathon by next June" was read
    # by the goal readers), ended by a face before what the person says of themselves
    (
        "I want to run the half marathon in lisbon next october 🏃 never ran more than 5k in my life",
        "Run the half marathon in lisbon next october",
    ),
    # after a greeting in a language no list holds, closed by a stop (z271, z274): the
    # remarks after the goal's comma are no steps
    (
        "sveiki. i want to learn latvian properly this year, my oma speaks it and I only know "
        "like 20 words 😅",
        "Learn latvian properly this year",
    ),
)
BARE_GOAL_NEAR_MISSES: tuple[str, ...] = (
    "hi new here",
    "i want to see how this works",
    "need to sleep lol",
    "hey i want to get started",
    "i want to make a list",
    "what do i need to do to get a visa?",
    "i want to book the hall, then order the cake",
    "quero saber como funciona isso",
    "necesito dormir un poco jaja",
    "gusto ko lang mag-tanong about the app",
    "i want to run this by you first",  # a thing pointed back at: no goal of its own
)
# Challenges set as goals: a race, a climb, a walk or a swim to do ("I want to run the
# midnattsol marathon in tromsø next june", z271; "I want to run a sub-4 marathon", "want to
# run the cardiff half", "want to climb …" in the rounds before)
_CHALLENGE_VERBS = frozenset("run climb hike trek swim cycle walk".split())


def bare_goal(text: str) -> OfflineAnswer | None:
    """A newcomer's goal anywhere in a message nothing else read (``_BARE_GOAL``), offered as
    a plan with no steps; None for small talk, a question or steps told."""
    # (a face ends the goal as a stop does: "… next june 🏃‍♀️ never ran more than 5k")
    said = re.sub(rf"\s*(?:{plan_prose.EMOJI_RUN})\s*(?=\S)", ". ", text.strip())
    said = plan_prose.without_emoji(said)
    if "?" in said or _STEPS_TOLD.search(said) or len(said) > 400:
        return None
    for found in _BARE_GOAL.finditer(said):
        if found["goal"] is not None and found["verb"].lower() not in (
            _GOAL_VERBS | _CHALLENGE_VERBS
        ):
            continue
        goal = _GOAL_REMARK.sub("", found["goal"] or found["goal2"]).strip(" -–—")
        if len(goal.split()) < 3 or _NO_BARE_GOAL.search(goal):
            continue
        # (read in a gloss, "sacar my permiso of …": offered in the person's own words)
        return _offer(plan_phrases.clean_title(other_tongues.as_written(goal)))
    return None


# "passport: get photos", "car: book the MOT by thursday": a name over one step to do. Too
# thin to be sure of (a name and a colon also start notes and news: "update: called them"), so
# it is proposed, made only on yes.
_NAME_OVER_ONE_STEP = re.compile(
    r"(?P<name>[^\W\d_][\w'&-]*(?:\s+[\w'&-]+){0,3})\s*:\s*(?P<verb>[^\W\d_]+)\b[^\n]*"
)
# Names a command's words leave out (``plan_phrases.COMMAND_WORDS`` has "note", "update",
# "step 2" …): "fyi: done", "reminder: dentist at 3".
_NO_PLAN_NAME = frozenset(
    "notes news fyi btw reminder question q todo to-do today tomorrow tonight edit correction".split()
)


def one_step_named(text: str, plans: list[Plan], ctx: ToolContext) -> OfflineAnswer | None:
    """ "passport: get photos": the plan "Passport" with that one step, proposed; None when
    the words before the colon are no plan's name or what follows is no step to do."""
    found = _NAME_OVER_ONE_STEP.fullmatch(text.strip())
    if (
        found is None
        or found["name"].lower() in _NO_PLAN_NAME
        or plan_phrases.COMMAND_WORDS.match(found["name"])
        or re.search(r"\d", found["name"])  # "step 2: hire contractor" names a step, no plan
        or found["verb"].lower() not in _GOAL_VERBS | plan_phrases.STEP_VERBS
    ):
        return None
    title, steps = plan_phrases.split_titled(text.strip())
    if len(steps) != 1 or not title or same_plan(title, plans) is not None:
        return None
    if (goal := plan_checks.labelled_goal(title, steps)) is not None:
        return offer_goal(goal)  # "goal: pay off the card": the goal, no step of a plan "Goal"
    return propose(title, steps, ctx)


def offer_goal(title: str) -> OfflineAnswer:
    """A goal offered as a plan with no steps yet (Yes / No), nothing written."""
    return _offer(title)


def _offer(title: str) -> OfflineAnswer:
    title = other_tongues.as_written(title)  # the goal in the person's own words
    question = Question(
        f"Start a plan “{title}”? Nothing changed yet.",
        (
            Option(
                f"Yes, start “{title}”",
                (("create_plan", {"title": title, "steps": []}),),
                FIRST_STEPS,
            ),
        ),
    )
    return OfflineAnswer(question.text, True, question=question)


async def create_checked(
    interp: Acting,
    ctx: ToolContext,
    text: str,
    title: str,
    steps: list[str],
    *,
    undecided: bool,
    has_plans: bool,
    said: str = "",
    hedged: bool = False,
    read_again: Callable[[str], Awaitable[OfflineAnswer | None]] | None = None,
    make: bool = True,
) -> OfflineAnswer | None:
    """A plan read from ``text``, checked before it is written: read again where its own
    shape shows how (a title's sentence that names no goal, a closing after the last step),
    made when the reading has a plan's shape, and otherwise shown as read to be checked,
    made only on yes. A musing over steps ("maybe I'll redo the deck: …") is shown too, and
    so is a message the second reader finds unlikely to ask for a new plan
    (``second_reader``; ``has_plans``: the person had plans before it; ``said``: the whole
    message, asking words and all, when ``text`` is what follows them; ``hedged``: a hedge
    leading into the list was taken off, "i think first I have to …": shown, made on yes;
    ``make`` False: nothing is made, and None says the plan would have been)."""
    # "new goal for 2027: get booked at a festival" (the goal follows the filler's colon),
    # "christening - must do: the cake, …" (a list's header is no part of its first step)
    # "good evening o 🙏🏾 my name is Damilola …\nIntroduction prep\n- buy the drinks …": the title
    # on its own line after a line of chatter, never the first step
    as_read = (title, steps)
    asked = plan_prose.goal_after_asking_head(text, title, steps)
    if asked is None and said and said.strip() != text.strip():
        # "another plan, haddish one: fence for the goat pen. buy wire …" (z254): the known
        # asking words were cut off before the rest was read, and the unknown ones after them
        # read as the title; the whole message shows where the asking ends
        asked = plan_prose.goal_after_asking_head(said.strip(), title, steps)
    if asked is not None:
        # "add anoda plan: Mama medical. send $300 …": the title was read from words asking
        # for a plan in another language; the goal is the clause after the colon, shown with
        # the list after it, made only on yes
        return propose(*asked, ctx)
    after = plan_prose.asking_clause_end(text, title)
    if after is None:
        # "Diay mae ayúdeme con esto porfa\nViaje a Monteverde\n…": a request for help with
        # "this" read as the title names no goal either; the goal follows it
        after = plan_prose.help_request_end(text, title)
    if after is not None:
        # "make me a separate list — xmas gifts: …", "aight new plan, my son's bday party …":
        # the words asking for a plan were read as its title; what follows them is read again
        # as the plan, shown, made only on yes (the asking words were not all known)
        rest = text[after:]
        again = plan_phrases.read_plan(rest) or plan_prose.read_prose_plan(rest)
        if again is not None and plan_prose.asking_clause_end(rest, again[0]) is None:
            title, steps = again
            title, steps = plan_titles.reread(rest, title, steps)
            title, steps = plan_checks.reread(title, steps, rest)
        return propose(title, steps, ctx) if steps else _offer(title)
    title, steps = plan_titles.title_line_after_chatter(text, title, steps)
    title, steps = plan_titles.reread(text, title, steps)
    title, steps = plan_checks.reread(title, steps, text)
    if not steps and (for_whom := plan_checks.things_for_whom(text, title)) is not None:
        # "regalos de reyes para los sobris. la bici para Unai, el lego para Irati y los
        # libros para la peque": what goes to whom, said after the goal, is its steps
        steps = for_whom
    # "market stall sat\nload van, set up tent, bring change", "… for easter\nplan: invitation
    # letter from …, travel insurance for mama, book flight …": the whole list read as one
    # step is its steps; made as any plan when each is led by a step's verb, otherwise shown,
    # made only on yes (a piece with no verb may be a thing's name cut at its comma)
    listed = plan_checks.list_in_one_step(steps)
    unsure_cut = listed is not None and not plan_checks.each_verb_led(listed)
    steps = listed or steps
    # "Dobry den 😄 my plan for christmas market job: …": a short opening set off by a face
    # at the title's head is a greeting in a language not listed, no part of the title
    title = plan_titles.past_a_face(text, title)
    # "Namaste 🙏 our son was born 3 weeks ago and we're taking him to Pune for the
    # naamkaran …": a preamble read as the title gives way to the goal a clause before the
    # list names (the checks below still stand)
    title, steps = plan_titles.goal_before_list(text, title, steps)
    # "hi, Raluca here, nurse in Beaumont. want to finally get my NMBI registration sorted …
    # no clue what the steps are yet": a goal kept alone, read from the greeting or who is
    # writing, takes the goal said with a goal word after it (in the whole message: with its
    # steps said unknown, only the first sentence was kept as the goal's)
    title = plan_titles.goal_after_greeting(said or text, title, steps)
    # "ndeipi boss\nplan: new seats for my kombi\n- …": the name a plan label gives after a
    # greeting or who is writing is the title
    title, steps = plan_titles.named_by_label(text, title, steps)
    # "… I am a nurse here in Houston and I want to plan my trip home for Christmas I need to
    # buy the ticket first then …": the goal run on into the first step is the title
    title, steps = plan_titles.goal_run_into_first_step(text, title, steps)
    greeted = plan_titles.after_greeting_as_title(text, title, steps)
    if (
        read_again is not None
        and greeted
        and await create_checked(
            interp,
            ctx,
            text,
            *as_read,
            undecided=undecided,
            has_plans=has_plans,
            said=said,
            hedged=hedged,
            make=False,
        )
        is not None
    ):
        # "pershendetje! i want to open a small coffee shop …", "ayubowan! new here\nFence for
        # the coconut land:\n…": a newcomer's greeting in a language no list holds is still the
        # title, and the checks below doubt the plan so read; the message is read again from
        # what follows the greeting, as if it came first (when nothing there is understood,
        # the plan is shown as read). A plan the checks would make as read is made so: a short
        # title closed by a "!" ("Christmas! this year we host: …") may be the person's own.
        read = await read_again(greeted)
        if read is not None:
            return read
    # "yo wassup my cousin told me bout this bot. need to get my green card renewal done, fill
    # out the I-90, …": how they came to drbot names no goal either, unless the person
    # numbered the list or the first step carries a label of its own ("plan for …: buy …")
    told_of_us = (
        bool(steps)
        and plan_titles.about_drbot(title)
        and ":" not in steps[0]
        and not plan_checks.counted(text)
    )
    if (plan_titles.brought_here(title) or told_of_us) and len(steps) >= 2:
        # "bete ne ye app download karke diya hai. dulhe ki barat ke liye bus book karni hai,
        # …": who brought them here names no goal and none was said before the list; the
        # first step likely names what it is for: shown, made only on yes
        return propose(plan_phrases.cap(steps[0]), steps[1:], ctx)
    # "…, book her flight with the pet cargo people. Kinda overwhelmed tbh": of the plan read
    # and its neighbours (the last or first step cut, the first step for the title, a title's
    # head cut from the list's first item) the learnt chooser keeps the likeliest right; the
    # checks below judge the plan kept
    chosen_title, steps = plan_shapes.choose(text, title, steps)
    if not title.lower().startswith(chosen_title.lower()):
        # a step taken for the title is the least sure cut: the goal may be right and a
        # closing still read as a step ("So DCA got refused … I'm absolutely raging"): shown,
        # made only on yes
        return propose(chosen_title, steps, ctx)
    title = chosen_title
    announced = plan_phrases.announced_goal(text)
    if steps and announced is not None and plan_titles.how_sure(announced) < 3:
        # "got let go last week lol 🙃 plan is apply for UC first, then …", "mum says i HAVE to
        # get a saturday job. plan is …": a list announced after news or someone's word names
        # no goal of the person's own; the plan is shown, made only on yes (one said with a
        # goal word, "need to tell my boss … plan is …", is made, and so is a list the plain
        # readers read the same way: "… from jan. plan is: a, b and c")
        plain = plan_phrases.read_plan(text, announced=False)
        if plain is None or plan_phrases.one_action_each(plain[1]) != steps:
            return propose(title, steps, ctx)
    kept = plan_checks.corrected(steps)
    if kept:
        # "…, hire a DJ. no wait not the DJ": the list as corrected, shown to be checked
        return propose(title, kept, ctx)
    if not said_as_plan(text) and second_reader.doubts(("create",), has_plans=has_plans):
        # (a plan whose words say it is one — a goal word, a title and a colon over its
        # steps, a title line over them, "new one" — is as explicit as a command: never
        # vetoed; the reader, trained where people with plans almost never start one, doubts
        # every new plan of theirs)
        return propose(title, steps, ctx) if steps else _offer(title)
    split = hedges.hedged_steps(steps) if undecided and hedges.hedge(title) is None else None
    if split is not None and not plan_checks.doubts(text, title, _as_said(steps, *split)):
        # "garden plan: dig the beds, plant the bulbs, mow the lawn, maybe also paint the
        # shed": a hedge on one step leaves the rest a plan clearly listed; it is made, and
        # the hedged step only offered
        return await _made_with_an_offer(interp, ctx, title, *split) if make else None
    if undecided or (hedged and steps) or unsure_cut or plan_checks.doubts(text, title, steps):
        return propose(title, steps, ctx) if steps else _offer(title)
    if (
        steps
        and not plan_odds.given_as_plan(text, title)
        and not _named_so(text, title)
        # ("said": the whole message, its asking words too: "Kindly make a plan for my
        # sister's engagement function. Book the hall, …" names the plan the asking words
        # ask for; its steps each an action, no news read as one)
        and not (plan_odds.named_a_plan(said or text, title) and plan_odds.each_an_action(steps))
        and not plan_odds.numbered_as_steps(text, steps)
        and plan_odds.doubts(text, title, steps)
    ):
        # the learnt check of the made plan's shape finds it likely wrong (a title of chatter,
        # a step of news, more or fewer steps than the list marks): shown with its title and
        # steps, made only on yes. A plan given as one, its short title first over its list
        # ("Cafe: interview Sam, order the grinder"), is made as before: the first-sight plans
        # hold almost no right plan of two steps, so the check doubts every one. A goal alone,
        # with no steps, is made as before: on the first-sight plans the check stopped none
        # of the 3 wrong ones among 70. Nor is a plan the person named with the word "plan"
        # ("TOEFL plan: book …", "make a plan for X. Book …") whose steps are each an action,
        # or one whose steps the person numbered ("1. … 2. …", "step 1 … step 2 …"): the title
        # or the cut is theirs, not the reader's (measured: docs/UNDERSTANDING.md, "The check
        # of a new plan's shape")
        return propose(title, steps, ctx)
    return await create(interp, ctx, title, steps) if make else None


def _named_so(text: str, title: str) -> bool:
    """The title is the name given outright ("… Plan name: Re-let the Leeds house. …"): as
    plain as a title set over its list, never doubted as chatter read for one."""
    given = plan_phrases.name_given(text)
    return given is not None and given.lower() == title.lower()


def _as_said(steps: list[str], sure: list[str], maybe: list[str]) -> list[str]:
    """The steps in the order they were said, the hedged ones without their hedge: the plan
    check reads them against the text, so a hedged step in the middle of the list must stay
    there ("dig the beds, maybe paint the shed, plant the bulbs" is no step said after the last)."""
    hedged = iter(maybe)
    return [step if step in sure else next(hedged) for step in steps]


async def _made_with_an_offer(
    interp: Acting, ctx: ToolContext, title: str, sure: list[str], maybe: list[str]
) -> OfflineAnswer:
    before = ctx.current_plan_id
    made = await create(interp, ctx, title, sure)
    plan_id = ctx.current_plan_id
    if plan_id is None or plan_id == before or not sure:
        return made  # not made (an error is said as it is): nothing to offer
    said = ", ".join(f"“{step}”" for step in maybe)
    question = Question(
        f"You said maybe to {said} — add {'it' if len(maybe) == 1 else 'them'} too?",
        (
            Option(
                "Yes, add " + ("it" if len(maybe) == 1 else "them"),
                tuple(("add_step", {"plan_id": plan_id, "title": step}) for step in maybe),
            ),
        ),
    )
    return OfflineAnswer(f"{made.text}\n\n{question.text}", True, question=question)
