"""A new plan's reading checked before it is written: what a plan read from prose must be.

The readers (``plan_phrases``, ``plan_prose``) turn a message into a title and steps phrase by
phrase; a reading that went astray on words nobody foresaw still has a shape that gives it
away. ``doubts`` checks that shape, whatever the words:

- the **title** is a goal: not a greeting ("Kia ora"), not words about the message ("my
  daughter set this up for me", "keep track of this for me", "create a plan titled …"), not
  only the kind of plan ("Side project", "Goal for next year"), not a goal word alone
  ("Keen"), not one of the steps, and holds no sequence word or second sentence ("Get the
  Vespa running 🛵 First I need to find a carb");
- each **step** is one thing to do: no sequence word inside it ("take photos after that
  write the listings"), no second action joined by "and" ("submit everything to the county
  and pay the fee"), no second sentence or list mark, not a verb with nothing to act on
  ("Put up");
- no step is a **remark**: a correction of the list ("actually no scrap the fee", "just the
  first two"), a sign-off ("Kind regards"), words about the message or the steps ("that's it
  for now", "can you make this a plan"), a remark about someone ("they never answer the
  phone"), a question;
- the **count** agrees with the list's marks: no step was said before the word that starts
  the list ("I have to claim on the insurance, first ring the insurer, …": the goal is no
  step), and no list has fewer steps than the sequence words that join them.

- no piece shows it was **cut in the wrong place** by the word classes left in it
  (``shape_signs``): function words only ("Do is", "So thats"), a joining word at its edge
  ("so can you …", "… so I guess"), the words of a change or a request to me ("can you take
  out the band thing"), news ("Got wrapper for mummy"), two actions joined by a spoken "and"
  ("give keys back n chase my deposit"). ``new_steps_doubts`` is the same check for the new
  steps of a plan that exists (a replacement, first steps).

A reading with doubts is not written as it stands: it is shown to be checked (made only on
yes) or read again. ``EXAMPLES`` are readings that must raise the doubt named; ``NEAR_MISSES``
readings that must raise none (tests run them).
"""

from __future__ import annotations

import re

from drbot.ai.language import plan_phrases, plan_prose, plan_titles

# Words that join one step on to the next, wherever they are said
_JOINS = (
    r"(?:and\s+)?then|after\s+that|afterwards|and\s+also|also\s+(?:need|have|got|gotta|must)|"
    r"(?:and\s+)?(?:finally|lastly)|and\s+after\s+(?:i|we)|step\s+(?:one|two|three|four|five|"
    r"six|\d{1,2})|(?:once|when)\s+(?:that'?s|that\s+is|it'?s)\s+(?:all\s+)?(?:done|sorted|"
    r"finished)|followed\s+by|subsequently|next\s+up|and\s+next|after\s+which|once\s+done"
)
_JOIN_INSIDE = re.compile(rf"\s(?:{_JOINS})\s+\S", re.I)
_JOIN_WORD = re.compile(rf"(?:^|[\s,;.!:—-])(?:{_JOINS})\b", re.I)
# The word that starts a list: "first", "firstly", "to start with", "step one"
_LIST_START = re.compile(
    r"\b(?:first(?:ly)?|to\s+start\s+(?:with|off)|step\s+one)(?:\s*[,:]|\s+(?=(?:i|we|you|"
    r"gotta|of\s+all|thing|things?\s+(?:is|are))\b)|"
    # "first clear out the den", "first ring the insurer": a step's verb acting on a thing
    # ("plumbing first fix then …" is a thing's name)
    r"\s+(?=(?:"
    + "|".join(sorted(plan_phrases.STEP_VERBS))
    + r")\s+(?:the|a|an|my|our|his|her|their|some|all|it|them|up|out|off|in|over|down|back|"
    r"round)\b))",
    re.I,
)
# A second sentence, or a list's mark, left inside a step or a title
_SECOND_SENTENCE = re.compile(
    r"(?i)(?<=[^\W\d_]{2})(?<!\bmr)(?<!\bdr)(?<!\bst)(?<!\bms)[.!?;]\s+(?=\w)|\s[-–—•]$|→|->|"
    # a sentence closed after an aside in brackets: "… again (action closed). Posters up"
    r"(?<=\))[.!?;]\s+(?=\w)|"
    # a dash before a step's verb ("ring the surgery - show the GP the photos"); a dash
    # before an aside ("build the bed - the one from ikea") is part of the step
    r"\s[-–—•]\s+(?=(?:" + "|".join(sorted(plan_phrases.STEP_VERBS)) + r")\b)"
)
# Words that only say a goal follows: "keen", "hoping", "trying"
_GOAL_WORD_ALONE = re.compile(
    r"(?:keen|hoping|looking|aiming|eager|trying|planning|wanting|want|need|needing|gotta|"
    r"goal|plan|project|mission|aim|target|resolution|idea|list|todo|to-?do(?:\s+list)?)",
    re.I,
)
# A correction of the list as it is said: "actually no scrap the fee", "wait, not that one",
# "scratch that", "just the first two", "forget the last one"
_CORRECTION = re.compile(
    r"^(?:(?:actually|wait|oops|sorry|hang\s+on|hmm+|(?:no|oh|ah)\s+wait|oh|ah|"
    r"on\s+second\s+thoughts?)\b[\s,]*(?:(?:no+|nah)\b[\s,]*)?"
    r"(?:scrap|scratch|forget|ignore|drop|not\b|remove|leave\s+out|skip|don'?t\s+bother|(?:just|only)\s+the\s+(?:first|last)\b)|"
    r"(?:no+|nah)\b[\s,]*(?:scrap|scratch|forget|ignore|drop|remove)\b|"
    r"(?:scrap|scratch|forget|ignore)\s+(?:that|the\s+last|the\s+(?:first|second|third)|"
    r"the\s+\w+\s+one)\b|"
    r"(?:just|only)\s+the\s+(?:first|last)\s+(?:one|two|three|four|five|[2-9])\b|"
    # "take the DJ off", "leave that out (of the list)"; never time taken off ("take the
    # morning off", "take the day off work")
    r"(?:leave|take)\s+(?:that|the\s+(?!(?:day|morning|afternoon|evening|night|week|weekend|"
    r"month|year)s?\b)\w+)\s+(?:out|off)\b(?!\s+(?!(?:of\s+)?(?:the|my)\s+list\b)\w))",
    re.I,
)
# A remark about someone or something, no thing to do: "they never answer the phone", "you
# don't pay until they offer you a plot", "58 and never done it"
_REMARK = re.compile(
    r"^(?:they|she|he|it|that|this|which|thatll|that'll|they'?re|she'?s|he'?s|it'?s|its|"
    r"you|you'?re|there'?s|theres|\d+\s+and)\s+(?!needs?\b)\w+",
    re.I,
)


# A sentence of the title that is no part of the goal: the list announced ("Steps are", "need
# to", "things to do", "plan is"), words about the steps ("no steps yet", "Steps I will add
# later"), words about drbot or the message ("a mate said this bot's good …, so here goes",
# "my son tells me this will help me"), not knowing yet ("still figuring out what they want")
_AS_I_SEE = (
    r"(?:\s+(?:as\s+(?:i|we)\s+(?:see|understand|know|reckon)\s+(?:them|it)|"
    r"as\s+far\s+as\s+(?:i|we)\s+(?:know|can\s+tell|can\s+see)))?"
)
_NO_GOAL_SENTENCE = re.compile(
    r"^(?:(?:so\s+)?(?:i\s+|we\s+)?(?:need|have|got)\s+to|"
    # the list named with how the writer sees it: "the steps as I understand them", "things
    # to do as far as I know", "the jobs as I see it"
    rf"(?:the\s+)?steps?(?:\s+(?:are|is|to\s+take))?{_AS_I_SEE}|"
    rf"(?:the\s+)?(?:plan|list|things|stuff|jobs|bits)(?:\s+(?:is|are|to\s+\w+))?{_AS_I_SEE}|"
    r"to\s*-?\s*do(?:\s+list)?|"
    r"(?:that'?s|thats)\s+(?:it|all|everything)\b.*|"
    r"(?:still|not\s+sure|no\s+idea|dunno|idk|no\s+clue)\b.*|"
    # a reason, no goal: "because of course i do", "cos the old one died"
    r"(?:because|cos|coz|cuz|since)\b.*|"
    # the goal said again, more so: "like actually consistently this time", "i mean properly"
    r"(?:like|i\s+mean)\s.*|"
    # how they came to write: "my sister said it might help", "a friend told me to try this"
    r"(?:my\s+[\w']+(?:\s+[\w']+)?|a\s+(?:friend|mate|colleague)|someone|people|they)\s+"
    r"(?:said|says|told\s+me|tells\s+me|reckons?|reckoned|thought|suggested|recommended)\s+"
    r"(?:(?:that\s+)?(?:it|this(?:\s+(?:bot|app|thing))?|you)\s+(?:(?:might|would|could|will|may|"
    r"can|should)\s+)?(?:help|helps|(?:be|is|'s)\s+(?:useful|good|handy|great|a\s+help))|"
    r"(?:me\s+)?to\s+(?:try|use)\s+(?:it|this|you))\b.*)$|"
    r"^(?=[^,]*\bsteps?\b)(?=.*\b(?:yet|later|haven'?t|don'?t|no|not|come\s+back|when)\b).*$|"
    r".*\b(?:(?:this|the)\s+(?:bot|app|chat|service)|this\s+will\s+help|here\s+goes|"
    r"set\s+(?:this|it)\s+up)\b.*",
    re.I,
)
# A sentence that only closes the message or a step: "Thank you kindly", "Thank you and God
# bless", "thx in a rush", an interjection left from "oh and …"
_CLOSING_SENTENCE = re.compile(
    r"(?:oh|ah|um+|erm+|lol|haha+|ok(?:ay)?|and|also|ugh+|urgh+|sigh|meh|phew|yikes|oof)|"
    rf"(?:thank|{plan_prose.THANKS}|god\s+bless|bless\s+you|"
    r"(?:kind(?:est)?|best|warm)\s+regards|regards|sorry|x+)(?![\w-])(?:\s+[\w']+){0,5}",
    re.I,
)
# Where a title or a step holds a second sentence: a stop, or an emoji between words
_SENTENCE_CUT = re.compile(
    r"(?<=[^\W\d_]{2})(?<!\bmr)(?<!\bdr)(?<!\bst)(?<!\bms)(?<!\bmrs)[.!?;]+,?\s+(?=\S)|"
    r"^\s*[.!?;]+\s*|\s*" + plan_prose.EMOJI_RUN + r"\s+(?=[^\W\d_])",
    re.I,
)


# Who is writing and how they came to: "hi this is Noreen my son set this up for me so the
# thing is I need to …", "my name is Pat", "a mate said this bot's good"
_PREAMBLE = re.compile(
    r"\b(?:this\s+is|my\s+name\s+is|it'?s\s+me,?)\s+[^\W\d_]+|\bset\s+(?:this|it|you)\s+up\b|"
    r"\bthe\s+thing\s+is\b|\bhere\s+goes\b|\b(?:this|the)\s+(?:bot|app)\b",
    re.I,
)
_GOAL_AFTER = re.compile(
    rf"^(?P<before>.+?)\s+(?:so\s+)?{plan_phrases.GOAL}\s+(?P<goal>\S.*)$", re.I
)


def _goal_after_preamble(title: str) -> str:
    """ "Hi this is Noreen my son set this up for me so the thing is I need to get the back
    door fixed": the goal after the words that say who is writing; "" when there are none."""
    said = _GOAL_AFTER.match(title.strip())
    if said is None or not _PREAMBLE.search(said["before"]):
        return ""
    return plan_phrases.clean_title(said["goal"])


# A goal word after the context it comes from: "My husband and 2 kids will join me next year
# so I need to do the dependant visa for them", "25 years married in March 🥹 we want to renew
# our vows"
_GOAL_AFTER_CONTEXT = re.compile(
    r"^(?P<before>.+?)(?:[\s,]+(?:and\s+)?so|\s*[.!;]+|\s*" + plan_prose.EMOJI_RUN + r")\s+"
    r"(?:(?:i|we)\s+)?(?:really\s+)?(?:need|have|want|got)\s+to\s+(?P<goal>\S.*)$",
    re.I,
)


def _goal_after_context(title: str) -> str:
    """ "… will join me in UK next year 🙏 so I need to do the dependant visa for them": the
    goal said with a goal word after the context that says why or when, when that context is
    news or a count ("25 years married in March"), never a goal of its own ("Moving to Leeds
    in March. Need to find a flat" keeps the move); "" otherwise."""
    said = _GOAL_AFTER_CONTEXT.match(title.strip())
    if said is None or _POINTS_BACK.match(said["goal"]):
        return ""
    before = plan_prose.opening(plan_prose.without_emoji(said["before"])).strip(" ,.!")
    if not (re.match(r"\d", before) or plan_prose.news_said(before)):
        return ""
    return plan_phrases.clean_title(said["goal"])


# How the writer feels, said as a sentence of its own: "so excited yaar", "I'm so chuffed",
# "really nervous tbh" ("so excited for the trip" names what it is about: a goal may be in it)
_FEELING_SENTENCE = re.compile(
    r"(?:(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+)?(?:so+|really|super|well|proper)\s+"
    r"(?:excited|happy|chuffed|stoked|pumped|nervous|stressed|scared|proud|relieved|gutted|"
    r"buzzing|thrilled|overwhelmed|emotional)(?:\s+(?:yaar|lah|la|ngl|tbh|lol|omg|haha|man|mate))*",
    re.I,
)


def _no_goal(part: str) -> bool:
    bare = _bare(part)
    return bool(
        not bare
        or _FEELING_SENTENCE.fullmatch(bare)
        or plan_prose.greeting_only(bare)
        or not plan_prose.opening(part).strip()
        or _NO_GOAL_SENTENCE.fullmatch(bare)
        or plan_prose.about_itself(bare)
        or _CLOSING_SENTENCE.fullmatch(bare)
    )


def _goal_sentences(title: str) -> list[str]:
    """The sentences of ``title`` that may say the goal, each without its clauses that say
    none ("Sorting my 1099s before tax season, no steps yet" is "Sorting my 1099s …")."""
    kept: list[str] = []
    for part in _SENTENCE_CUT.split(title):
        if _no_goal(part):
            continue
        if kept and (_REMARK.match(_bare(part)) or chatter_said(part)):
            # "I want to get our rating back up to a 5. that 3 is killing me": a remark on
            # the goal said after it, or chatter, is no goal of its own
            continue
        clauses = [c for c in part.split(",") if not _no_goal(c)]
        kept.append(",".join(clauses).strip(" .,;:!?"))
    kept = [k for k in kept if k]
    if len(kept) > 1:
        # "New client! Kessler GmbH": a new plan announced, then its name
        kept = [k for k in kept if not _ANNOUNCED.fullmatch(_bare(k))] or kept
    return kept


_ANNOUNCED = re.compile(r"(?:a\s+)?(?:new|another|next|one\s+more)\s+[\w'-]+", re.I)


_THEN_NEXT_STEP = re.compile(r"\s*(?:and\s+)?(?:then|after\s+that|next|afterwards)\b", re.I)


def _ends_a_line(piece: str, text: str) -> bool:
    """Whether ``piece`` is said at the end of one of the lines of ``text``."""
    tail = r"\s+".join(re.escape(word) for word in piece.split()[-3:])
    return bool(tail) and re.search(rf"{tail}[ \t.!]*\n", text, re.I) is not None


def _goal_before_list(title: str, steps: list[str], text: str = "") -> tuple[str, list[str]] | None:
    """ "my basement flooded …, and I need to file with State Farm first I gotta take pictures
    then …": what is needed, said just before the word that starts the list, is the goal, not
    a step; the situation before it ("my basement flooded") only says why. None when the
    first step holds no such goal."""
    if not steps or not plan_prose.tells_a_situation(title):
        return None
    head = steps[0]
    start = _LIST_START.search(head)
    if start is not None and start.start() > 0:
        before, after = head[: start.start()], head[start.end() :]
    elif (
        len(steps) > 1
        and (end := re.search(r"\s+first(?:ly)?$", head, re.I)) is not None
        # ("need to get the quote out first\nthen sort a sub …": what the next step follows
        # in order, or a line of its own that ends with "first", is the first step, no goal)
        and not _THEN_NEXT_STEP.match(steps[1])
        and not _ends_a_line(head, text)
    ):
        before, after = head[: end.start()], ""  # "… a bedroom for her first | clear out …"
    else:
        return None
    goal = plan_phrases.clean_title(before.strip(" ,.;"))
    after = plan_phrases.GOAL_START.sub("", after.strip(" ,.;:")).strip()
    if len(goal.split()) < 2:
        return None
    return plan_phrases.cap(goal), ([plan_phrases.cap(after)] if after else []) + steps[1:]


# A label that says what kind of thing follows, never its name: "Goal:", "my aim:", "New target"
_GOAL_LABEL = re.compile(
    r"(?:(?:my|our|the|new|main|big|next)\s+)?(?:goals?|aims?|targets?|objectives?|mission)", re.I
)
# Where the goal after a label ends: a new sentence, or a remark of how much is left
_GOAL_REMARK = re.compile(
    r"[.!?]+\s+|,\s*(?=(?:like|about|around|roughly|approx\w*|maybe|currently|already)\b)",
    re.I,
)


def labelled_goal(title: str, steps: list[str]) -> str | None:
    """ "Goal: pay off the card by June, about 2k left" is the goal "Pay off the card by
    June": the label names the kind of thing said, the one item after it is the goal itself,
    and what follows it only says more. None for anything else ("goals: a, b" is a list)."""
    if len(steps) != 1 or not _GOAL_LABEL.fullmatch(_bare(title)):
        return None
    said = _GOAL_REMARK.split(steps[0], maxsplit=1)[0].strip(" .,;:!?")
    return plan_phrases.cap(said) if said else None


def reread(title: str, steps: list[str], text: str = "") -> tuple[str, list[str]]:
    """The reading with what its own shape shows is no part of it taken out: sentences of
    the title that say no goal ("Setting up a studio. need to" is "Setting up a studio"), a
    request's frame ("Make me a list for the spare room" is "the spare room"'s plan), a
    closing after the last step ("…, get my first three clients. Thank you and God bless")."""
    if (goal_first := _goal_before_list(title, steps, text)) is not None:
        title, steps = goal_first
    start = _LIST_START.search(title)
    if start is not None and len(title[: start.start()].split()) >= 3:
        # "… gigs in the west for January first thing | do is | ring Monroe's …": the title
        # ends where the list starts, and what the list's opening words left is no step
        title = title[: start.start()].strip(" ,.;:")
        steps = [step for step in steps if not _LIST_OPENING_LEFT.fullmatch(_bare(step))]
    title, steps = goal_glued_to_first_step(title, steps)
    framed = (
        plan_prose.goal_in_frame(title) or _goal_after_preamble(title) or _goal_after_context(title)
    )
    if framed:
        title = plan_phrases.cap(framed)
    said = _goal_sentences(title)
    if len(said) == 1 and said[0] != title.strip(" .,;:!?"):
        goal = plan_prose.opening(said[0]).strip(" .,;:!?") or said[0]
        title = plan_phrases.cap(plan_phrases.clean_title(goal) or goal)
    elif (
        not said
        and len(steps) >= 3
        and not _verb_led(steps[0])
        # ("need to get the quote out first\nthen sort a sub …": a step set first in order)
        and not _THEN_NEXT_STEP.match(steps[1])
        and not re.search(r"\sfirst(?:ly)?[.!]*$", steps[0], re.I)
    ):
        # "my wife set up this bot for me. fixing the gate, buy hinges, …": the words about
        # the message are no title; the goal was read as the first step
        title, steps = steps[0], steps[1:]
    # "… before we sell so": a clause cut off at its joining word
    title = _DANGLING.sub("", title).strip() or title
    steps = [_without_opening_left(step) for step in steps]
    steps = [part for step in steps for part in _split_at_arrows(step)]
    steps = [part for step in steps for part in _told_in_order(step)]
    steps = without_closing(steps, counted(text) if text else frozenset())
    steps = [step for step in steps if not _INTERJECTION_ONLY.fullmatch(_bare(step))]
    steps = without_list_announced(steps)
    return title, put_first(
        [part for step in steps for part in _split_at_joins(_one_sentence(step))]
    )


# The goal said in the first step's breath, then the word that starts the list and who does
# it: "get the rice field ready for the next crop first I going to clean out the drain", "make
# surprise party for her so first i book the restaurant", "we're doing a fødselsdag at home –
# first I need to invite the kids" (rounds z180–z185, z186–z191, z216–z221). "first" with
# "I" or "we" after it only orders what follows; what comes before it is no part of the step.
_GLUED_FIRST = re.compile(
    r"^(?P<goal>\S+(?:\s+\S+){2,}?)[\s,;:—–-]*(?:\s+(?:so|and))?\s+first(?:ly)?,?\s+"
    r"(?:i|we)(?:'ll|'m|'re|’ll|’m)?\s+(?:(?:am|are)\s+)?(?:(?:going\s+to|gonna|need\s+to|have\s+to|"
    r"got\s+to|gotta|must|will|shall|should|want\s+to|wanna|can)\s+)?(?P<step>\S.*)$",
    re.I,
)
GLUED_FIRST_EXAMPLES: tuple[
    tuple[tuple[str, tuple[str, ...]], tuple[str, tuple[str, ...]]], ...
] = (
    # the goal read as the title and again as the first step's head
    (
        (
            "Tidy the allotment for winter",
            ("Tidy the allotment for winter first I going to cut back the beans", "Dig the beds"),
        ),
        ("Tidy the allotment for winter", ("Cut back the beans", "Dig the beds")),
    ),
    # a title of its own: the goal said again before "so first we" is dropped
    (
        ("My dad retirement", ("Throw a party for him so first we book the hall", "Order food")),
        ("My dad retirement", ("Book the hall", "Order food")),
    ),
    # a greeting for a title: the goal's last sentence is the title
    (
        (
            "Hoi",
            (
                "Message 🙂 Noor turns 7 and we're having a party at home – first I need to "
                "invite her class",
                "Order a cake",
            ),
        ),
        ("Noor turns 7 and we're having a party at home", ("Invite her class", "Order a cake")),
    ),
)
GLUED_FIRST_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # "first" of a thing's name, or no step's verb after who does it: the step stays whole
    ("Kitchen job", ("Plumbing first fix", "Fit the units")),
    ("Garden", ("Ask Jo which bed we dig first I think", "Buy bulbs")),
    ("Shop", ("Open the shop first we", "Buy stock")),
)


def goal_glued_to_first_step(title: str, steps: list[str]) -> tuple[str, list[str]]:
    """The title and steps with a goal said before "first I …" in the first step taken out
    of it (``_GLUED_FIRST``): the step is what follows, led by a step's verb; the goal is the
    title when the title read is that goal or names none (one or two words with no verb: a
    greeting), else it is dropped as the goal said again."""
    found = _GLUED_FIRST.match(steps[0]) if len(steps) >= 2 else None
    if found is None or not _verb_led(found["step"]):
        return title, steps
    step = plan_phrases.cap(found["step"].strip(" ,.;"))
    # the goal's last sentence: "Message 🙂 Asta turns 5 …" is "Asta turns 5 …"
    goal = re.split(r"[.!?;]\s+|" + plan_prose.EMOJI_RUN, found["goal"])[-1].strip(" ,.;:—–-")
    bare = _bare(title)
    read_again = bool(bare) and _bare(steps[0]).startswith(bare)
    greeting = len(title.split()) <= 2 and not any(_verb_led(w) for w in title.split())
    if (read_again or greeting) and len(goal.split()) >= 3:
        title = plan_phrases.cap(goal)
    return title, [step, *steps[1:]]


# The whole list read as one step: a line of three or more pieces set apart by commas or
# arrows, under a title line or after a "plan:" label ("market stall sat\nload van, set up
# tent, bring change", "… for easter\nplan: invitation letter from the signora's son, travel
# insurance for mama, book flight …", "moving …\npacking boxes -> rent a uhaul -> tell con
# ed -> …"; rounds z102–z107, z174–z179, z198–z203, z228–z233). No newcomer's plan of one
# step in a–z233 was meant as one step whose words hold such a list. Each piece is two words
# or more: "buy eggs, milk, bread" is one thing bought.
LIST_IN_ONE_STEP_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Load van, set up tent, bring change", ("Load van", "Set up tent", "Bring change")),
    (
        "Sweep chimney, buy logs, new fire guard",
        ("Sweep chimney", "Buy logs", "New fire guard"),
    ),
    (
        "Packing boxes -> rent a uhaul -> tell con ed -> change address at post office",
        ("Packing boxes", "Rent a uhaul", "Tell con ed", "Change address at post office"),
    ),
    (
        "Bakra book karna hai, phir deg wale se baat, phir ghar pe shamiana lagwana",
        ("Bakra book karna hai", "Deg wale se baat", "Ghar pe shamiana lagwana"),
    ),
)
LIST_IN_ONE_STEP_NEAR_MISSES: tuple[tuple[str, ...], ...] = (
    ("Buy eggs, milk, bread",),  # one thing bought, its items a word each
    ("Ring Jo, my sister",),  # two pieces: who she is
    ("Book the hall, sort the food, send the invites", "Buy a cake"),  # more than one step
    ("Convert GBP -> EUR",),
)


def list_in_one_step(steps: list[str]) -> list[str] | None:
    """The steps a plan's only step holds when it is a list typed on one line (three or more
    pieces of two words or more, set apart by commas or arrows), each as one action with
    its order word gone ("phir deg wale se baat"); None for any other reading."""
    if len(steps) != 1:
        return None
    pieces = [piece.strip(" .,;") for piece in plan_phrases.split_steps(steps[0])]
    pieces = [piece for piece in pieces if piece]
    if len(pieces) < 3 or any(len(piece.split()) < 2 for piece in pieces):
        return None
    return plan_phrases.one_action_each([plan_phrases.cap(piece) for piece in pieces])


# A goal kept alone, its steps said after it as what goes to whom: "regalos de reyes para los
# sobris. la bici para Unai, el lego para Irati y los libros para la peque" (z264), "cadeaux de
# noël 🎁 un pour maman, un pour papa pis un pour ma coloc Jade" (z262), "Grandchildren's
# Christmas presents. Lego for Osian, a book for Elin, and a nice scarf for little Nia" (z263;
# rounds z258–z263 and z264–z269). The sentence after the title, three or more pieces each
# "<thing> for <someone>" joined by commas and a last "and" (y, et, pis), is the plan's steps:
# each piece is one thing to get for one person. Fewer pieces, or a piece with no "for",
# are read as before ("cake for Sam and cards for the team" is news of two things).
_FOR_WHOM = r"(?:for|para|pour|per|für)"
_FOR_WHOM_PIECE = re.compile(
    rf"^(?!{_FOR_WHOM}\b)(?:[\w'’-]+\s+){{0,4}}{_FOR_WHOM}\s+(?:[\w'’-]+\s*){{1,4}}$", re.I
)
_LAST_AND = re.compile(r",?\s+(?:and|y|e|et|pis|und)\s+", re.I)
_SENTENCE_END = re.compile(r"[.!?;\n]\s*|\s*(?:[\U0001f000-\U0001faff\u2600-\u27bf]\ufe0f?)+\s*")
FOR_WHOM_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "regalos de reyes para los sobris. la bici para Unai, el lego para Irati y los libros "
        "para la peque",
        "Regalos de reyes para los sobris",
        ("La bici para Unai", "El lego para Irati", "Los libros para la peque"),
    ),
    (
        "cadeaux de noël 🎁 un pour maman, un pour papa pis un pour ma coloc Jade",
        "Cadeaux de noël",
        ("Un pour maman", "Un pour papa", "Un pour ma coloc Jade"),
    ),
    (
        "Christmas presents. Lego for Sam, a book for Ella, and a scarf for little Mia. thanks x",
        "Christmas presents",
        ("Lego for Sam", "A book for Ella", "A scarf for little Mia"),
    ),
)
FOR_WHOM_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    # two pieces: no list of what goes to whom
    ("Birthday party. cake for Sam and cards for the team", "Birthday party"),
    # a piece with no "for": read as before
    ("Christmas presents. lego for Sam, a book and a scarf for Mia", "Christmas presents"),
    # more than a thing and a name to a piece: a sentence, no list
    (
        "Garden. I want to plant roses for my mum, tulips for my dad and sunflowers for my gran",
        "Garden",
    ),
)


def things_for_whom(text: str, title: str) -> list[str] | None:
    """The steps a goal kept alone (``title``, read from ``text``) was given in the sentence
    after it as what goes to whom (three or more pieces "<thing> for <someone>"); None when
    that sentence is no such list."""
    at = text.lower().find(title.lower().strip())
    if not title.strip() or at < 0:
        return None
    rest = text[at + len(title.strip()) :]
    head = re.match(rf"\s*(?:[.!:;—–-]+|{plan_prose.EMOJI_RUN})\s*", rest)
    if head is None:
        return None
    said = _SENTENCE_END.split(rest[head.end() :], maxsplit=1)[0].strip(" ,.")
    first, _, last = said.rpartition(",")
    pieces = [p.strip(" ,") for p in first.split(",")] if first else []
    cut = _LAST_AND.split(last if first else said)
    pieces += [p.strip(" ,") for p in cut]
    pieces = [p for p in pieces if p]
    if len(pieces) < 3 or not all(_FOR_WHOM_PIECE.match(p) for p in pieces):
        return None
    return [plan_phrases.cap(p) for p in pieces]


def each_verb_led(steps: list[str]) -> bool:
    """Whether every step starts with a step's verb ("Sweep chimney", not "New fire guard")."""
    return all(_verb_led(step) for step in steps)


def counted(text: str) -> frozenset[str]:
    """The items the person numbered themselves, each as ``_bare`` reads it: the lines of a
    list marked "1." "2." … (or counted in one line, "number one … number two …"), a run from
    one of two or more."""
    numbered = plan_phrases.numbered_lines(text.strip())
    items = _NUMBERED_ITEM.findall(numbered)
    return frozenset(_bare(item) for item in items) if len(items) >= 2 else frozenset()


_NUMBERED_ITEM = re.compile(r"(?m)^\s*\d{1,2}[.)]\s+(\S.*)$")
# A counted item with a laugh is still an item: the person gave it its number ("1. return the
# gear to the base … 4. sleep for a week lol", round z192–z197; "3. clear space in the fridge
# lol", z96–z101). On every held-out set a–z197, no newcomer's plan of numbered lines was meant
# with fewer steps than it has lines.
COUNTED_LAUGH_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "back from reserve duty\n1. return the gear\n2. call my boss\n3. sleep for a week lol",
        ("Return the gear", "Call my boss", "Sleep for a week lol"),
    ),
)
COUNTED_LAUGH_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # said after the numbered list, on a line of its own: chatter
    (
        "back from reserve duty\n1. return the gear\n2. call my boss\nsleep for a week lol",
        ("Return the gear", "Call my boss"),
    ),
)


# Thanks said to drbot as the list's last line, with the word the person calls it by or "in
# advance" after it (one to three words): "Thanks love" (z36), "thank u in advance" (z42), "gracias de antemano!!"
# (z211, z257), "ta blu!" (z258). At most three words after the thanks, none a step's verb
# and none a thing thanks is for ("thank you cards", "thanks dinner for the helpers" stay
# steps); "ta" is also a word of other languages ("ta glyka tis giagias", Greek "grandma's
# sweets"), so it is thanks only with one word at most after it.
_THANKED_LAST = re.compile(
    rf"^(?P<thanks>{plan_prose.THANKS}|{plan_prose.THANKS_AT_THE_END})"
    r"(?P<after>(?:\s+[^\W\d_][\w'-]*){1,3})(?:[\s.!x\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]*)$",
    re.I,
)
_THANKED_FOR = frozenset(
    """card cards note notes visit visits gift gifts letter letters message messages party
    dinner lunch call calls speech present presents hamper hampers email emails text texts
    basket baskets""".split()
)
THANKED_LAST_EXAMPLES: tuple[str, ...] = (
    "Thanks love",
    "thank u in advance",
    "gracias de antemano!!",
    "Gracias de antemano!",
    "ta blu!",
)
THANKED_LAST_NEAR_MISSES: tuple[str, ...] = (
    "thank you cards",
    "thanks dinner for the helpers",
    "ta glyka tis giagias",  # Greek "grandma's sweets": "ta" is thanks with one word at most
    "thank the caterers",
    "cheers buy the tickets",  # a step's verb after it
    "Thanks",  # thanks alone: no word of address, the older readings decide
)


def thanked_last(step: str) -> bool:
    """Whether ``step``, read as the list's last step, is thanks said to drbot
    (``_THANKED_LAST``)."""
    said = step.strip()
    found = _THANKED_LAST.match(said)
    if found is None:
        return False
    after = found["after"].lower().split()
    if any(word in _THANKED_FOR or word in plan_phrases.STEP_VERBS for word in after):
        return False
    return found["thanks"].lower() != "ta" or len(after) <= 1


def without_closing(steps: list[str], numbered: frozenset[str] = frozenset()) -> list[str]:
    """The steps without what was said after the last one, read as steps: an aside, the list
    said to be over, chatter ("(she moved in with me in Oct …)", "pls help me not forget",
    "thats it i think", "I landed yesterday", "kinda overwhelmed tbh"), and chatter said as a
    sentence after the last step ("dress rehearsal on the 10th. send help"); never chatter the
    person numbered as an item (``numbered``, from ``counted``)."""
    while len(steps) > 1 and (
        _aside(steps[-1])
        or _LIST_OVER.fullmatch(_bare(steps[-1]))
        or _NOT_FORGET.fullmatch(_bare(steps[-1]))
        or (chatter(steps[-1]) and _bare(steps[-1]) not in numbered)
    ):
        steps = steps[:-1]
    if len(steps) > 1 and thanked_last(steps[-1]) and _bare(steps[-1]) not in numbered:
        # "… / Gracias de antemano!": thanks said to drbot after the list (once: the step
        # before it was said as a step, "winter tyres lol / thank u in advance")
        steps = steps[:-1]
    if (
        steps
        and (thanked := _THANKS_AFTER.match(steps[-1].strip())) is not None
        and thanked["step"].split()[-1].lower() not in _THANKS_A_THING
    ):
        # "… and buy the new one thank you", "sewa fotografer makasih ya": thanks said after the
        # last step with no stop between (never "send thank you cards", "say thanks to Jo")
        steps = [*steps[:-1], thanked["step"].rstrip(" .,;")]
    if steps:
        cuts = list(_SENTENCE_CUT.finditer(steps[-1]))
        if cuts and chatter_said(steps[-1][cuts[-1].end() :]):
            steps = [*steps[:-1], steps[-1][: cuts[-1].start()].strip(" .,")]
    return steps


# A step said last and placed first in words: "oh and check the fire safety rules — that
# should be first actually", "buy compost, do that first"
_FIRST_AFTER_ALL = re.compile(
    r"\s*[—–,;-]*\s*(?:(?:actually|oh)[\s,]+)?(?:(?:that|this|it)\s+(?:should|needs\s+to|has\s+to|"
    r"must|will\s+have\s+to|'?ll\s+have\s+to)\s+(?:be|come|go|happen)|do\s+(?:that|this|it))\s+"
    r"first(?:\s+(?:actually|tbh|i\s+think|really))?[\s.!]*$",
    re.I,
)
_INTERJECTION_ONLY = re.compile(r"(?:oh+|ah+|um+|erm+|hmm+)", re.I)
LIST_ANNOUNCED_EXAMPLES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("Sort few things", "The dress for me", "Book the restaurant in Mdina", "Order sweets"),
        ("The dress for me", "Book the restaurant in Mdina", "Order sweets"),
    ),
    (
        ("A few things to organise", "Book the hotel", "Find a dog sitter"),
        ("Book the hotel", "Find a dog sitter"),
    ),
    (
        ("Hacer unas cosas", "Comprar el pastel", "Llamar a Rosa"),
        ("Comprar el pastel", "Llamar a Rosa"),
    ),
)
LIST_ANNOUNCED_NEAR_MISSES: tuple[tuple[str, ...], ...] = (
    ("Buy a few things for the party", "Book the hall", "Send invites"),  # what they are for
    ("Sort some stuff", "Book the hall"),  # one step after it: nothing to announce
    ("Book the hall", "Buy a few things", "Send invites"),  # not at the list's head
    ("Sell some bits on eBay", "Clear the loft", "Book the tip"),  # a place named
)


def without_list_announced(steps: list[str]) -> list[str]:
    """``steps`` without a first step that only announces the list after it
    (``plan_prose.only_announces_list``), when two or more steps follow it."""
    if len(steps) >= 3 and plan_prose.only_announces_list(steps[0]):
        return steps[1:]
    return steps


FIRST_AFTER_ALL_EXAMPLES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        (
            "Come up with a name",
            "Get on Etsy",
            "Check the fire rules — that should be first actually",
        ),
        ("Check the fire rules", "Come up with a name", "Get on Etsy"),
    ),
    (("Dig the beds", "Buy compost, do that first"), ("Buy compost", "Dig the beds")),
    (("Paint the fence", "Sand it - this needs to come first"), ("Sand it", "Paint the fence")),
)
FIRST_AFTER_ALL_NEAR_MISSES: tuple[tuple[str, ...], ...] = (
    ("Book the hall first", "Send invites"),
    ("Call the bank", "Decide which should be first"),
)


def put_first(steps: list[str]) -> list[str]:
    """The steps with one said to come first ("…, check the rules — that should be first
    actually") placed first, without the words that say so."""
    for at, step in enumerate(steps):
        found = _FIRST_AFTER_ALL.search(step)
        if found is not None and found.start() > 0 and at > 0:
            return [plan_phrases.cap(step[: found.start()].strip(" ,;—–-"))] + [
                other for other in steps if other is not step
            ]
    return steps


_ARROW = re.compile(r"\s*(?:->|→|=>|⇒)\s*")

# A face said as an emoji: how the writer feels ("😅", "🥹", "😵", "🙏"), never a step's thing
# ("📨", "🦃")
_FACE = re.compile("[\U0001f600-\U0001f64f\U0001f970-\U0001f97a\U0001f910-\U0001f92f]")
# The writer's own news, said after the list: "I landed yesterday", "we got back on sunday"
_OWN_NEWS = re.compile(
    r"^(?:i|we|i'?ve|we'?ve|i\s+have|we\s+have)\s+(?:just\s+|only\s+)?(?P<verb>\w+)\b", re.I
)


_STEP_THING = frozenset("the a an my our your his her their some it them up out".split())


# How people talk around a list, never in it: the marks of a laugh or of being frank ("lol",
# "tbh", "ngl"), a feeling ("kinda overwhelmed", "stressed"), a verdict on what was said
# ("probably wise", "insane"), a plea ("send help", "pray for us"), how late a thing is
# already ("3 weeks late already"). A piece with no step's verb that carries one is chatter.
_CHATTER_WORDS = frozenset(
    """lol lool lmao lmfao rofl tbh ngl omg omfg smh fml haha hahaha hehe jk istg
    overwhelmed overwhelming stressed stressing stressful panicking freaking terrified
    insane nightmare""".split()
)
# The laugh typed in Thai as its digits ("555", "5555+": "ha" is said "5"): a word of chatter
_THAI_LAUGH = re.compile(r"5{3,}\+*")
_CHATTER_SAID = re.compile(
    r"^(?:send\s+help|pray\s+for\s+(?:me|us)|wish\s+(?:me|us)\s+luck|"
    # the ask to keep the list, said to drbot after it, the "you" dropped or not and a
    # particle after it ("can help me remember na", "pls keep track of it for me lah"); never
    # a thing to remember ("remember to pay the bill" goes on past it)
    r"(?:(?:can|could|would|will)\s+(?:(?:you|u)\s+)?|(?:pls|please|plz)\s+)*(?:help\s+me\s+)?"
    r"(?:remember|keep\s+track|track)(?:\s+(?:of\s+)?(?:it|this|that|them|everything))?"
    r"(?:\s+for\s+(?:me|us))?(?:\s+(?:pls|please|plz|na|ka|krub|khrap|kha|lah|la|ah|ya|ok))*|"
    # a hope said after the list ("fingers crossed its done before my sister visits", "god
    # willing by spring"): no thing to do
    r"(?:fingers\s+crossed|touch\s+wood|god\s+willing|inshallah|insha'?\s*allah)\b.*|"
    # an apology for the message itself ("sorry if that's a lot", "apologies for the essay")
    r"(?:so\s+|very\s+)?(?:sorry|apologies|soz|sry)(?:\s+(?:if|for|about|that|this|again|"
    r"in\s+advance)\b.*)?|"
    r"(?:(?:probably|prob|definitely|def|seems|sounds)\s+)?(?:wise|sensible|smart|best|"
    r"(?:a\s+)?good\s+(?:idea|call))|"
    # a wait without end said after the list ("then wait 5 yrs lol", "wait forever"): nothing
    # waited for, a span no one plans in; a wry remark ("wait 6 weeks for the panel" is a step)
    r"(?:(?:and|then)\s+)*(?:just\s+)?wait(?:\s+(?:around|about))?\s+(?:for\s+)?(?:(?:\d+|a|an|another|"
    r"two|three|four|five|ten|many|a\s+few|a\s+couple(?:\s+of)?)\s+(?:yrs?|years?|decades?|lifetimes?|"
    r"centuries)|forever|ages|an\s+eternity|a\s+lifetime)(?:\s+(?:probably|or\s+so|at\s+least|minimum))?|"
    # asked back after the list ("sound?", "make sense?", "thoughts?", "does that sound ok")
    r"(?:does\s+(?:that|this)\s+|that\s+|this\s+)?(?:sounds?(?:\s+(?:ok|okay|good|right|about\s+right))?|"
    r"makes?\s+sense|thoughts|doable|realistic)(?:\s+(?:to\s+you|mate|lol))?|"
    r"(?:\d+|a|an|one|two|three|four|five|six)\s+(?:days?|weeks?|months?|years?)\s+"
    r"(?:late|overdue|behind)(?:\s+already)?|(?:already\s+)?(?:late|overdue)\s+already)"
    r"(?:\s+(?:lol|tbh|haha|already))*$",
    re.I,
)
# Thanks said after the last step, a greeting or a blessing joined to it by "and" or not:
# "Sat Sri Akal and thank you ji 🙏", "God bless and thanks", "thank you so much!!" (a step's
# verb before the "and" makes it a step: "ring Mo and thank him" is no thanks said)
_THANKED = re.compile(
    rf"^(?P<before>(?:[\w']+\s+){{1,4}})and\s+(?:{plan_prose.THANKS})"
    r"(?:\s+(?:ji|po|sir|ma'?am|again|so\s+much|in\s+advance|all|everyone|guys|bhai|lah|x+))*$",
    re.I,
)
# Thanks at a step's end, after a word that is no verb of saying nor a word thanks is a thing of
_THANKS_AFTER = re.compile(
    rf"^(?P<step>\S.{{3,}}?)[\s,]+(?:{plan_prose.THANKS})[\s.!\U0001f64f]*$",
    re.I,
)
# The words thanks is a thing of after them: "send thank you", "say a big thanks"
_THANKS_A_THING = frozenset(
    "say said saying send sending tell telling write writing text email give giving note notes "
    "card cards the a big my our his her their and".split()
)
THANKS_AFTER_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "Go to the Honda shop and buy the new one thank you",
        "Go to the Honda shop and buy the new one",
    ),
    ("Sewa fotografer makasih ya", "Sewa fotografer"),
    ("Book the hall, thanks", "Book the hall"),
)
THANKS_AFTER_NEAR_MISSES: tuple[str, ...] = (
    "Send thank you",
    "Say thanks",
    "Write the cards to say thank you",
    "Give Auntie a big thank you",
    "Ring Mo and thanks",  # ("and" joins it to the step: "ring Mo and thank him")
    "Thanks",
)
CHATTER_EXAMPLES: tuple[str, ...] = (
    "Sat Sri Akal and thank you ji 🙏",
    "sound?",
    "does that make sense?",
    "God bless and thanks",
    "basically my life for 6 months lol",
    "kinda overwhelmed tbh",
    "send help",
    "probably wise",
    "3 weeks late already",
    "honestly insane",
    "Sorry if that's a lot",
    "apologies for the essay",
    "fingers crossed its done before my sister visits",
    "god willing by spring",
    "then wait 5 yrs lol",
    "wait forever probably",
    "what a nightmare lol",  # an exclamation, though a word stands in a verb's place
    "555 wish me luck",  # the Thai laugh, typed as digits
    "can help me remember na",
    "pls keep track of it for me",
)
CHATTER_NEAR_MISSES: tuple[str, ...] = (
    "book the late checkout",
    "the kit list lol",  # a thing named first: a step, laughed at
    "childcare help",
    "best man speech",
    "late fee",
    "send the letters lol",  # a step's verb at its head
    "merge our spotify lol",  # a verb we do not list, in its place before its thing
    "repaint the hall haha",
    "say sorry to Aunt Mary",  # an apology that is a thing to do
    "cross my fingers",  # no hope said first
    "wait 6 weeks for the panel",  # a wait for a thing: a step
    "wait 2 years for the visa",
    "wait for the new one 🤞",  # a wait for a thing, a hope shown by a face: still a step
    "ring Mo and thanks",  # a step's verb before the thanks
    "sound the alarm",
    "make sense of the bills",
    "thank the caterers",
)


# Words that open an exclamation before a thing ("what a nightmare lol", "such a mess",
# "typical my luck"): in a verb's place, but no step
_EXCLAIMING = frozenset("what such quite rather typical classic".split())


def chatter_said(piece: str) -> bool:
    """A piece of the message that only talks around the list: no step's verb in it, not led
    by a thing named ("the kit list lol"), and a word or a saying of chatter (a laugh, a
    feeling, a verdict, a plea, a lateness)."""
    words = _bare(piece).split()
    if not words or len(words) > 8 or words[0] in _STEP_THING:
        return False
    if _CHATTER_SAID.match(" ".join(words)):
        return True
    thanked = _THANKED.match(" ".join(words))
    if thanked is not None and not any(
        word in plan_phrases.STEP_VERBS for word in thanked["before"].split()
    ):
        return True  # "Sat Sri Akal and thank you ji": a blessing and thanks, said to drbot
    if (
        len(words) > 2
        and words[1] in _STEP_THING
        and words[0] not in _EXCLAIMING
        and plan_prose.verb_by_place(" ".join(words))
    ):
        # "merge our spotify lol", "repaint the hall haha": a verb we do not list, in a verb's
        # place before its own thing, is a step laughed at, not chatter
        return False
    return not any(word in plan_phrases.STEP_VERBS for word in words) and any(
        word.strip("!?.,") in _CHATTER_WORDS or _THAI_LAUGH.fullmatch(word.strip("!?.,"))
        for word in words
    )


# A wait for a thing at a piece's head ("wait for the new one 🤞", "wait 6 weeks for the
# panel"): a step of the list however it ends, never the writer's feeling ("wait is killing
# me 😩", "wait for it 😂" wait for nothing named)
_WAIT_FOR_A_THING = re.compile(
    r"^(?:(?:and|then)\s+)*wait(?:\s+[\w']+){0,2}?\s+for\s+(?:the|a|an|my|our|his|her|their|"
    r"your|[\w]+'s)\s+\w",
    re.I,
)


def chatter(step: str) -> bool:
    """A piece read as the last step that is said around the list, not in it: no step's verb
    at its head, and how the writer feels (a face: "still jetlag 😵", "Ang dami talaga 😅") or
    the writer's own news ("I landed yesterday", "we moved in on friday"); or chatter by its
    words (``chatter_said``: "kinda overwhelmed tbh", "send help")."""
    said = step.strip()
    if chatter_said(said):
        return True
    words = _bare(said).split()
    if (
        _verb_led(said)
        or _WAIT_FOR_A_THING.match(_bare(said))  # "wait for the new one 🤞"
        or said.endswith("?")
        or (len(words) > 1 and words[1] in _STEP_THING)  # "Adjust the brakes 🙏"
        or (words and words[0] in _STEP_THING)  # "the hearing itself 🙏": a thing named
    ):
        return False
    own = _OWN_NEWS.match(_bare(said))
    return bool(
        (_FACE.search(said) and not re.search(r"\d", said))
        or (own is not None and plan_prose.is_past_verb(own["verb"]))
    )


# Sequence words that order steps told in prose inside one piece: "First they do the TB test,
# then I ask the hospital for the letter, then apply online, and then pay the IHS"
_IN_ORDER = re.compile(r"\b(?:then|after\s+that|afterwards|next)\b", re.I)


def _told_in_order(step: str) -> list[str]:
    """A piece that holds a whole sequence ("first …, then …, then …") as its steps: split
    where the sequence words are, each part with two words or more; the piece as it is
    otherwise."""
    ordered = len(_IN_ORDER.findall(step))
    if ordered < 2 and not (re.match(r"\s*first(?:ly)?\b", step, re.I) and ordered):
        return [step]
    parts = plan_prose.items(step)
    if len(parts) < 2 or any(len(p.split()) < 2 for p in parts):
        return [step]
    return parts


def _split_at_arrows(step: str) -> list[str]:
    """ "ring adult social care -> get the assessment booked -> look round a day centre": steps
    said in a row joined by arrows, most led by a step's verb, none a bare word; "Convert GBP ->
    EUR" and "book the train London -> Paris" stay whole."""
    parts = [p.strip(" ,.") for p in _ARROW.split(step)]
    if (
        len(parts) < 2
        or any(len(p.split()) < 2 for p in parts)
        or not _verb_led(parts[0])
        or sum(_verb_led(p) for p in parts) < max(2, len(parts) - 1)
    ):
        return [step]
    return [plan_phrases.cap(p) for p in parts]


# What the list's opening words leave on its first step: "first thing | find a lawyer",
# "first off | ring the bank", "first of all | book the hall"
_OPENING_LEFT_ON_STEP = re.compile(
    # the list's own lead-in, typed on its first line: "things to do: talk to Father Mike",
    # "to do list - ring the bank", "steps: book the hall"
    r"^(?:(?:(?:the\s+)?(?:things?|jobs?|stuff)\s+to\s+(?:do|sort)|to\s*-?\s*dos?(?:\s+list)?|"
    r"(?:the\s+)?steps?|(?:the\s+)?plan(?:\s+is)?|(?:my\s+|the\s+)?list)\s*[:-]|"
    r"(?:things?|off|of\s+all)\s*[,:-]?|"
    # "I need first check the stock": the need said with "first" and no "to"
    r"(?:i|we)\s+(?:need|have|must)\s+(?:to\s+)?first(?:\s+to)?\s+|"
    # a joining word at a line's start: "and book lunch at Rosa's", "also ring the vicar"
    r"(?:and\s+then|and\s+also|and\s+finally|and\s+lastly|finally|lastly|and|also|plus|then)"
    r"[\s,]+)\s*(?=\S)",
    re.I,
)


def _without_opening_left(step: str) -> str:
    rest = _OPENING_LEFT_ON_STEP.sub("", step, count=1)
    if rest != step and ":" in step[: len(step) - len(rest)] and len(rest.split()) >= 2:
        return plan_phrases.cap(rest)  # "things to do: talk to Father Mike": the lead-in goes
    return plan_phrases.cap(rest) if rest != step and _verb_led(rest) else step


# A plea to be kept to it, nothing to do: "pls help me not forget", "don't let me forget",
# "keep me on track lol", "hold me to it"
_PLEA = re.compile(
    r"^(?:(?:please|pls|plz|abeg)\s+)?(?:help\s+me\s+(?:not\s+)?(?:forget|remember|keep|stay|track)|"
    r"don'?t\s+let\s+me\s+(?:forget|slack|give\s+up)|keep\s+me\s+(?:on\s+track|honest|going)|"
    r"hold\s+me\s+to\s+(?:it|this))\b",
    re.I,
)


def _aside(step: str) -> bool:
    """ "(she moved in with me in Oct, nobody tells you …)": said in brackets as a whole, or a
    plea to be kept to the list: a remark after the last step, no step."""
    said = step.strip()
    return bool(
        (said.startswith("(") and said.endswith(")") and ")" not in said[:-1])
        or _PLEA.match(_bare(said))
        or _REMARK_ON_SOMEONE.match(_bare(said))
    )


# Someone or something talked about, after the last step: "she keeps saying she's fine",
# "he never answers the phone" ("she needs a lift" still asks for something done)
_REMARK_ON_SOMEONE = re.compile(
    r"^(?:she|he|they|she'?s|he'?s|they'?re)\s+(?!needs?\b|has\s+to\b|have\s+to\b|must\b|"
    r"should\b|will\s+need\b)\w+",
    re.I,
)


_LIST_OPENING_LEFT = re.compile(
    r"(?:(?:i|we)\s+)?(?:(?:need|have|got|want)\s+to\s+)?(?:do\s+)?(?:is|are|do)|i\s+need\s+to|i\s+gotta",
    re.I,
)
_DANGLING = re.compile(r"[\s,]+(?:so|and|but|then|because|cos|as)$", re.I)


def _verb_led(step: str) -> bool:
    words = step.split()
    return bool(words) and words[0].lower().strip(".,!") in plan_phrases.STEP_VERBS


def _split_at_joins(step: str) -> list[str]:
    """ "Buy posts followed by dig the holes": two steps, split where a sequence word is
    followed by a step's verb; a step with no such word stays whole."""
    parts: list[str] = []
    rest = step
    while (join := _JOIN_INSIDE.search(rest)) is not None:
        after = rest[join.end() - 1 :]
        if not _verb_led(after) or len(rest[: join.start()].split()) < 2:
            break
        parts.append(rest[: join.start()].strip(" ,."))
        rest = plan_phrases.cap(after)
    return [*parts, rest]


def corrected(steps: list[str]) -> list[str] | None:
    """The steps a correction inside the list leaves ("…, hire a DJ. no wait not the DJ",
    "…, make signs. oh wait ignore the signs", "… just the first two"); None when no step
    corrects the list."""
    for at, step in enumerate(steps):
        said = _SENTENCE_CUT.split(step)
        which = next((i for i, s in enumerate(said) if _CORRECTION.match(_bare(s))), None)
        if which is None:
            continue
        kept = steps[:at] + ([" ".join(said[:which]).strip(" ,.")] if which else [])
        words = " ".join(_bare(s) for s in [*said[which:], *steps[at + 1 :]])
        first = re.search(
            r"\b(?:just|only)\s+the\s+first\s+(?P<n>two|three|four|five|[2-9])\b", words
        )
        if first is not None:
            n = first["n"]
            kept = kept[: {"two": 2, "three": 3, "four": 4, "five": 5}.get(n) or int(n)]
        before = len(kept)
        correction = _bare(" ".join(said[which:]))
        for named in [*re.finditer(_DROPPED, words), *re.finditer(_NOT_THAT, correction)]:
            thing = [w for w in named["what"].split() if w not in _FUNCTION_WORDS]
            kept = [
                k for k in kept if not any(re.search(rf"\b{re.escape(w)}", k, re.I) for w in thing)
            ]
        after = steps[at + 1 :]
        if (
            which == 0
            and len(said) == 1
            and "," not in correction
            and len(kept) < before
            and first is None
            and not any(_CORRECTION.match(_bare(s)) for s in after)
        ):
            # "…, give notice at work, no wait not work, register with the agents, pack":
            # the correction alone, mid-list, takes back its thing; the list goes on after it
            kept += after
        return kept
    return None


# "no wait not work," in a correction: the thing said before the clause ends
_NOT_THAT = re.compile(
    r"(?:^|,\s*)(?:\w+\s+){0,3}?not\s+(?P<what>[\w'£$-]+(?:\s+[\w'£$-]+)?)\s*(?=,|$)"
)


_DROPPED = re.compile(
    r"\b(?:scrap|scratch|forget|ignore|drop|not|remove|leave\s+out|skip|don'?t\s+bother\s+with)\s+"
    r"(?P<what>(?:the|that|those|a|an|any)\s+[\w'£$-]+(?:\s+[\w'£$-]+)?)"
)
_FUNCTION_WORDS = frozenset("the that those a an any one ones it".split())


# How the writer feels about it, nothing to do: "never thought I'd be doing this again",
# "can't believe it's come to this", "wish me luck", "single dad life lol", "what a faff"
_MUSING = re.compile(
    r"^(?:(?:i\s+)?(?:never|didn'?t|can'?t|cannot|couldn'?t|wouldn'?t\s+have)\s+(?:have\s+)?"
    r"(?:thought|think|believe|imagine[d]?|expect(?:ed)?|guess(?:ed)?)\b|"
    r"wish\s+me\s+luck|fingers\s+crossed|here'?s\s+hoping|(?:what|such)\s+a\s+\w+$|"
    r"(?:\w+\s+){0,2}life(?:\s+(?:lol|haha+|eh|innit))?$)",
    re.I,
)
# The list said to be over: "that's it", "thats all i think", "that's everything for now"
_LIST_OVER = re.compile(
    # ("ok that's it for now", "so that's everything")
    r"(?:(?:ok(?:ay)?|so|right|and)[\s,]+)?(?:i\s+think\s+)?(?:that'?s|thats|that\s+is)\s+(?:it|all|everything|the\s+lot)\b.*",
    re.I,
)
# Why the list is written, said after its last step: "so I don't forget", Pidgin "make I no
# forget anything" (a thing named after it is a step: "make sure I don't forget the cake")
_NOT_FORGET = re.compile(
    r"(?:(?:make|so)\s+(?:that\s+)?)?(?:i|we)\s+(?:no|don'?t|dont|do\s+not|won'?t|never)\s+forget"
    r"(?:\s+(?:anything|any\s+of\s+(?:it|them)|it|them|nothing|am))?",
    re.I,
)
NOT_FORGET_EXAMPLES: tuple[str, ...] = ("Make I no forget anything 🙏🏾", "So I don't forget")
NOT_FORGET_NEAR_MISSES: tuple[str, ...] = (
    "Make sure I don't forget the cake",
    "Remind me so I don't forget",
)
# The same, said straight after the last step with no stop: "find a builder I think that's
# it for now he says …"; "make sure that's all paid" goes on with the step
_LIST_OVER_INSIDE = re.compile(
    r"\s+(?:i\s+think\s+)?(?:that'?s|thats|that\s+is)\s+(?:it|all|everything)"
    r"(?:\s+(?:for\s+now|i\s+think))?(?=\s*$|[\s,.!]+(?:i|he|she|we|they|but|and|oh|lol)\b)",
    re.I,
)


def _one_sentence(step: str) -> str:
    """A step without the sentences after it that are no part of it: a closing ("Thank you
    kindly"), an interjection ("oh", "ugh"), a remark ("It's for a masters in Munich if that
    matters"), words about the message, the list said to be over ("thats it i think"), how
    the writer feels ("never thought I'd be doing this again")."""
    over = _LIST_OVER_INSIDE.search(step)
    if over is not None and len(step[: over.start()].split()) >= 2:
        step = step[: over.start()].strip(" .,")
    cuts = list(_SENTENCE_CUT.finditer(step))
    while cuts:
        after = step[cuts[-1].end() :]
        if not (
            _CLOSING_SENTENCE.fullmatch(_bare(after))
            or _REMARK.match(_bare(after))
            or plan_prose.about_itself(after)
            or _LIST_OVER.fullmatch(_bare(after))
            or _MUSING.match(_bare(after))
            or chatter_said(after)
        ):
            break
        step = step[: cuts.pop().start()].strip(" .,")
    return step


def _bare(text: str) -> str:
    return re.sub(r"\s+", " ", plan_prose.without_emoji(text)).strip(" .,!?;:-—").lower()


def _spoken(text: str) -> bool:
    """ "selling the caravan finally comma": a mark said aloud, left in the words."""
    return plan_prose.spoken_marks(text) != text.strip()


def opens_with_list(text: str) -> bool:
    """ "first call the garage, then …": the list starts the message, no goal is named, and
    the first step names the plan (and stays its first step)."""
    start = _LIST_START.search(plan_prose.opening(text).lower())
    return start is not None and start.start() == 0


# A goal whose thing is only a word pointing back at what was said before it: "Get that
# sorted", "sort it all out", "deal with this": the thing is in the words before
_POINTS_BACK = re.compile(
    r"(?:(?:get|getting|sort|sorting|deal|dealing|fix|fixing|handle|handling|do|doing|"
    r"tackle|tackling)\s+)(?:with\s+)?(?:that|it|this|them|those|these|everything)"
    r"(?:\s+(?:all|out|sorted|done|fixed|dealt\s+with|over\s+with|finally|asap|properly|"
    r"now|soon))*",
    re.I,
)


# The doubt of a title that holds the list itself: a command that named its plan reads the
# list out of it (rules/interpreter.py)
RUNS_INTO_LIST = "title runs on into the list"


def title_doubts(title: str, steps: list[str], opens_with_list: bool = False) -> list[str]:
    """What keeps ``title`` from being the plan's goal (empty when nothing does); a message
    that opens with its list (``opens_with_list``) may name the plan by its first step."""
    bare = _bare(title)
    doubts: list[str] = []
    if plan_prose.greeting_only(bare):
        doubts.append("title is a greeting")
    if plan_titles.says_who_writes(title):
        # "hi my name is Bolor I live in Denver I want to bring my mom …" (z217, made so), "My
        # name is Bhavin from surat, starting …" (z245, shown so): who is writing is never the
        # goal, whatever runs on after it; the plan is shown, made only on yes
        doubts.append("title is who is writing")
    if plan_prose.about_itself(bare) or not _goal_sentences(title):
        doubts.append("title is about the message")
    if (
        _GOAL_WORD_ALONE.fullmatch(bare)
        or plan_phrases.kind_of_plan(bare)
        or plan_phrases.LABEL.fullmatch(bare + ":")
    ):
        doubts.append("title is no goal of its own")
    if _POINTS_BACK.fullmatch(bare) or plan_titles.names_nothing(title):
        # only filler ("Pls"), a number ("2027"), a feeling ("Honestly still in shock"), a
        # verb pointing back ("Splitting it"), a quote or bracket left open: whatever the
        # phrasing that left it, such a title names no plan
        doubts.append("title names no thing")
    if plan_prose.counts_only(title):
        doubts.append("title is a count")  # "40 ppl", "3 weeks to go": how many, no goal
    if _spoken(title) or any(_spoken(step) for step in steps):
        doubts.append("punctuation said in words")
    if any(_bare(step) == bare for step in steps[1:]) or (
        steps and _bare(steps[0]) == bare and not opens_with_list
    ):
        doubts.append("title is one of the steps")
    if (
        _JOIN_WORD.search(re.sub(r"\b(?:finally|lastly)\b", "", bare))
        or _LIST_START.search(bare)
        or len(_goal_sentences(title)) > 1
        or re.search(r"\s(?:->|→)\s", title)
    ):
        doubts.append(RUNS_INTO_LIST)
    if _CHANGE_TITLE.search(plan_prose.without_emoji(title).strip(" .,!?:;")):
        doubts.append("title is a change of plan")
    return doubts


# A title that says a plan changes, no new plan: "Change of plan", "Declan's gone AWOL so
# forget his report. instead", "Sobeys said no table so new"; in Spanish "cambio de planes con
# las gomas" (z232, made a plan; z206 offered one; z156, z171, z227 the same opener), its
# glossed form "cambio of planes" too
_CHANGE_TITLE = re.compile(
    r"\bchange\s+of\s+plans?\b|\bcambio\s+(?:de|of)\s+plan(?:es)?\b|\binstead$|\b(?:so|a|the)\s+new$|"
    r"\bswitch(?:ing)?\s+to\b",
    re.I,
)


# A step that only says when, with nothing to do: "before then", "after that", "by friday"
_WHEN_ONLY = re.compile(
    r"(?:(?:all\s+)?(?:before|after|by|until|till|from)\s+(?:then|that|now|it|christmas|easter|"
    r"the\s+\w+|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\w+\s+(?:week|month|year)))|"
    r"(?:asap|soon|later|today|tomorrow|tonight|this\s+\w+|next\s+\w+)",
    re.I,
)


# -- signs of a piece read wrongly, whatever its words ---------------------------------
#
# A piece of a plan that was cut in the wrong place shows it by the word classes left in it:
# nothing but function words ("Do is", "So thats"), a joining word left at its edge ("so can
# you …", "… so I guess"), the words of a change or of a request to me ("… instead", "can
# you take out …"), news instead of a thing to do ("Got wrapper for mummy"). These tables
# name the classes; ``shape_signs`` reads them.

# Words with no thing of their own: pronouns, determiners, auxiliaries and modals, joining
# words, fillers. A step of these alone is a fragment ("Do is", "So thats", "I need to do is")
_FUNCTION_WORDS_ALONE = frozenset(
    """
i me my we us our you your he him his she her they them their it its this that thats these
those there theres here a an the some any all each both one ones
is are am was were be been being do does did done have has had having will would shall
should can could may might must need needs got gotta gonna wanna to of for in on at by with
from as into than so and or but nor then n also too just only really basically like well
ok okay right yes no not what which who how when where why if whether because cos
guess reckon suppose
""".split()
)
# A joining word left at a step's edge: "so can you take out the band thing", "Sam's doing
# the cake so I guess" ("then" first only joins a step on, and is fine)
_EDGE_JOIN = re.compile(
    r"^(?:and\s+so|so|but|or|because|cos)\s+\S|"
    r"\s(?:so|and|but|or|because|cos|as)(?:\s+(?:i\s+(?:guess|think|suppose|reckon)|yeah))?$",
    re.I,
)
# A step that stops where its clause goes on: "ask the pub if we can all | go there after",
# "get the lady to set up a | standing order": it ends on a word that needs one after it
_MID_CLAUSE_END = re.compile(
    r"\s(?:a|an|the|to|of|if|whether|my|our|your|their|we|they|"
    # a modal after its subject, its verb still to come ("if we can all"); "as early as I
    # can" has said all it means, "a spare jerry can" is a thing
    r"(?:i|we|you|they|he|she|it)\s+(?:can|could|will|would|should|must|may|might)"
    r"\s+(?:all|both|just|still|also))$",
    re.I,
)
# The words of a change of plan, or of a request to me, left inside a step: "self-certify
# instead", "so replace it with notifying …", "can you take out the band thing", "put in
# asking Darragh", "put that down as hers", "list please"
_CHANGE_OR_REQUEST = re.compile(
    r"^instead\b|\binstead\s*[:—-]|\binstead\s+(?:so|and|but|i|we|i'?ll)\b|\breplace\s+(?:it|that|this|them|those)\s+with\b|"
    r"\bswap\s+(?:it|that|this|them)(?:\s+one)?\s+out\b|\bchange\s+of\s+plans?\b|"
    r"\b(?:can|could|would|will)\s+(?:you|u)\b|"
    r"^put\s+in\s+\w+ing\b|\bput\s+(?:that|it|this|them)\s+(?:down|on\s+(?:the|my)\s+list)\b|"
    r"^(?:\w+\s+)?(?:please|pls|plz)$|^(?:please|pls|plz)\s+(?:add|put|make|keep|track)\b",
    re.I,
)
# News, not a thing to do: a step led by a verb in the past ("Got wrapper for mummy", "went
# to the bank", "did the forms")
_PAST_LEAD = re.compile(
    r"^(?:got(?!\s+to\b)|did|went|bought|rang|sent|paid|finished|booked|called|was|were|had)\s+\S",
    re.I,
)
# A second step joined on by a spoken "and" after a verb and its thing ("give keys back n
# chase my deposit"; "sign & send back the NDA" is one thing handled twice) or by the writer's own need ("… and oh we need to find an officiant too")
_STEP_VERB = "|".join(sorted(plan_phrases.STEP_VERBS))
_SPOKEN_JOIN = re.compile(rf"\S\s+\S+\s+(?:n|&|\+|'n'?)\s+(?:{_STEP_VERB})\s+\S", re.I)
_NEED_INSIDE = re.compile(
    r"(?:\band|,)\s+(?:(?:oh|also|so|then)\s+)?(?:i|we)\s+(?:also\s+)?"
    rf"(?:need|have|got|gotta|must|should)\s+(?:to\s+)?(?:also\s+)?(?:{_STEP_VERB})\s",
    re.I,
)


def _fragment(step: str) -> bool:
    """ "Do is", "So thats", "→": no word that names a thing or an action ("the 2024 one"
    names its year, and is a step; a lone letter names a step)."""
    said = plan_prose.without_emoji(step).lower()
    words = re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", said)
    if len(words) == 1 and len(words[0]) == 1:
        return False  # "a, b, c": steps named by a letter each
    return not re.search(r"\d", said) and all(
        w in _FUNCTION_WORDS_ALONE or w.replace("'", "") in _FUNCTION_WORDS_ALONE for w in words
    )


def shape_signs(step: str) -> list[str]:
    """The signs in ``step`` that it was cut in the wrong place (empty when there are none):
    a fragment of function words or marks, a joining word left at its edge, the words of a
    change or a request to me, news, two steps joined by a spoken "and" or a need."""
    said = step.strip()
    signs: list[str] = []
    if _fragment(said):
        signs.append("a fragment, no step")
    elif _CHANGE_OR_REQUEST.search(said):
        signs.append("words of a change or a request in a step")
    elif _PAST_LEAD.match(said):
        signs.append("news, no step")
    elif _EDGE_JOIN.search(said.rstrip(" .,!?")):
        signs.append("a joining word left at its edge")
    elif _MID_CLAUSE_END.search(said.rstrip(" .,!?")):
        signs.append("a step cut mid-clause")
    elif (
        # (a name said with an "n", "order touch n go pins", is one thing)
        _SPOKEN_JOIN.search(plan_phrases.NAMED_WITH_N.sub("name", said))
        or _NEED_INSIDE.search(said)
    ):
        signs.append("two steps in one")
    return signs


# The words of the change said around a new step: "so change that to booking the cattery",
# "swap it out for: get the brickie in", "… back it up. so swap that one out", "… instead"
_CHANGE_BEFORE = re.compile(
    r"^(?:so\s+|and\s+)?(?:change|swap|replace|switch)\s+(?:that|it|this)(?:\s+one)?"
    r"(?:\s+(?:out|over))?\s+(?:to|for|with)\s*[:,-]?\s+(?=\S)",
    re.I,
)
_CHANGE_AFTER = re.compile(
    r"(?:[.,;!]*\s+(?:so\s+|and\s+)?(?:change|swap|replace|switch)\s+(?:that|it|this)"
    r"(?:\s+one)?(?:\s+(?:out|over))?|\s+instead)[.!]*$",
    re.I,
)


def without_change_words(step: str) -> str:
    """A replan's new step without the words of the change said around it ("So change that to
    booking the cattery" is "Booking the cattery"); the step as it was when nothing is left."""
    said = step.strip()
    after = _CHANGE_BEFORE.sub("", said, count=1)
    if after != said and not (_verb_led(after) or after.split()[0].lower().endswith("ing")):
        after = said  # "swap it for a new one": a thing to do, no words of the change
    rest = _CHANGE_AFTER.sub("", after).strip(" ,.")
    return plan_phrases.cap(rest) if len(rest.split()) >= 2 else step


def new_steps_doubts(steps: list[str]) -> list[str]:
    """Every reason to doubt ``steps`` as new steps of a plan that exists (a replan's, or the
    steps added to a plan): the same check as a new plan's steps, with the signs above."""
    found: list[str] = []
    for step in steps:
        found += [d for d in step_doubts(step) if d not in found]
    return found


def step_doubts(step: str) -> list[str]:
    """What keeps ``step`` from being one thing to do (empty when nothing does)."""
    bare = _bare(step)
    doubts: list[str] = []
    if any(_CORRECTION.match(_bare(said)) for said in _SENTENCE_CUT.split(step)):
        doubts.append("a correction of the list")
    elif (
        # someone else's step told in a sequence ("she will do the visa interview") is a step
        (_REMARK.match(bare) and not plan_phrases.someone_does(bare))
        or _WHEN_ONLY.fullmatch(bare.strip(" .,!"))
        or plan_prose.about_itself(bare)
        or plan_prose.sign_off_only(step)
        or step.rstrip().endswith("?")
        # ("Year 11 papers, 86 of them lol, then year 10": chatter left between steps)
        or chatter_said(step)
    ):
        doubts.append("a remark, no step")
    elif (
        _JOIN_INSIDE.search(f" {bare}"[1:])
        or plan_phrases.chained(step)
        or plan_phrases.second_action(step)
        or _SECOND_SENTENCE.search(step.strip())
        or plan_phrases.verb_alone(step)
    ):
        doubts.append("two steps in one")
    found = doubts or shape_signs(step)
    if plan_titles.list_header(step):
        # "Must do: the cake", "Are as follows:": the reading cut before the list began
        found.append("a list's header, no step")
    return found


# A step's verb and what it acts on: "pack my stuff" left between the goal and the first step
_ACTION = re.compile(
    rf"\b(?:{'|'.join(sorted(plan_phrases.STEP_VERBS))})\s+(?:my|the|a|an|our|some|up|out|[a-z]{(3,)}s)\b",
    re.I,
)


def _closes_a_step(said: str, start: re.Match, steps: list[str]) -> bool:
    """ "fix the yards first, muster them …": "first" said after a step's verb and its thing
    is when that step is done, not the word that starts the list; the step read ends there."""
    if not start.group().lower().startswith("first"):
        return False
    for step in steps:
        bare = _bare(step)
        if re.search(r"\sfirst(?:ly)?$", bare) and _verb_led(step):
            at = said.find(bare)
            if at >= 0 and at + len(bare) == start.start() + len(start.group().rstrip(" ,:")):
                return True
        elif (
            # (a verb we do not list, in a verb's place: "stick it up on daft first, then …")
            (_verb_led(step) or (len(step.split()) >= 3 and plan_prose.verb_by_place(step)))
            and (at := said.find(bare)) >= 0
            and at + len(bare) < start.start()
            and not said[at + len(bare) : start.start()].strip()
        ):
            # the step read without the "first" that closed it ("register the tenancy first,
            # after that …" is the step "Register the tenancy")
            return True
    return False


def count_doubts(text: str, title: str, steps: list[str]) -> list[str]:
    """Whether the number of steps agrees with the marks of the list they were read from: no
    step, nor the title, was said on the wrong side of the word that starts the list ("I have
    to claim on the insurance, first ring the insurer": the goal is no step; "first i gotta
    call the council, after that …": the first step is no title), and nothing to do was left
    between the goal and the first step ("move out of my dorm by dec 15 — pack my stuff, sell
    the fridge, …") nor after the last one."""
    said = re.sub(r"\s+", " ", plan_prose.without_emoji(text)).lower()
    start = next(
        (m for m in _LIST_START.finditer(said) if not _closes_a_step(said, m, steps)), None
    )
    if start is not None:
        named_by_first = opens_with_list(text) and steps and _bare(steps[0]) == _bare(title)
        if said.find(_bare(title)) >= start.start() and steps and not named_by_first:
            return ["the title is a step of the list"]
        for step in steps:
            at = said.find(_bare(step))
            if 0 <= at < start.start():
                return ["a step said before the list starts"]
    goal_end = said.find(_bare(title)) + len(_bare(title))
    if said.find(_bare(title)) >= 0 and steps:
        after_goal = said[goal_end:]
        if _THEN_NEXT.match(after_goal) and _bare(steps[0]) != _bare(title):
            # "i need to get my provisional licence then book the theory test then …": the
            # title read is the list's first step
            return ["the title is a step of the list"]
        if _AND_I.match(after_goal) and len(title.split()) <= 4 and not _verb_led(title):
            # "my fiance Sam and I are getting married …": who the sentence is about
            return ["the title is who the sentence is about"]
    first_at = said.find(_bare(steps[0])) if steps else -1
    if (
        said.find(_bare(title)) >= 0
        and goal_end < first_at
        and _ACTION.search(said[goal_end:first_at])
    ):
        return ["a step left out between the goal and the list"]
    if first_at > 0 and _item_left_before(said[:first_at], title):
        # "my physio gave me exercises. its clamshells, wall sits, calf raises": the list's
        # first item, said before the first step read, was left out
        return ["a step left out before the list"]
    last_at = said.rfind(_bare(steps[-1])) if steps else -1
    if last_at >= 0 and _ACTION.search(said[last_at + len(_bare(steps[-1])) :]):
        # "…, give notice at work?? no wait not work, register with agents, book a van": what
        # to do said after the last step read was left out of the list
        return ["a step left out after the list"]
    return []


# A sequence word straight after the title, before a step's verb: the title was a step
_THEN_NEXT = re.compile(
    rf"^\s*,?\s*(?:and\s+)?(?:then|after\s+that)\s*,?\s+(?:{_STEP_VERB})\b", re.I
)
# "… and I are" straight after the title: a subject of two people ("my fiance Sam and I are
# getting married"), the title is who the sentence is about ("moving house and I'm
# panicking" is a goal and how the writer feels)
_AND_I = re.compile(
    r"^\s*(?:and|&)\s+(?:i|me|myself)\s+(?:are|were|both|have\s+been|'ve\s+been)\b", re.I
)


# What only points at the list that follows: "it's", "these are"
_POINTS_AT_LIST = re.compile(
    r"^(?:it'?s|its|they'?re|theyre|these\s+are|there'?s|theres|that'?s|thats|namely)\s+", re.I
)


def _item_left_before(before: str, title: str) -> bool:
    """Whether the clause the first step is said in starts with an item of the same list,
    cut off by a comma ("… exercises. its clamshells, | wall sits, …"): not the title, nor a
    greeting, filler or words about the message."""
    clause = re.split(r"[.!?:;\n—–]|\s-\s", before)[-1]
    if not clause.rstrip().endswith(","):
        return False
    item = _POINTS_AT_LIST.sub("", clause.strip(" ,"))
    title_said = _bare(title)
    return bool(
        item
        and len(item.split()) <= 4
        and not _fragment(item)
        and not _no_goal(item)
        and title_said not in _bare(clause)
        and _bare(item) not in title_said
    )


def doubts(text: str, title: str, steps: list[str]) -> list[str]:
    """Every reason to doubt the reading ``(title, steps)`` of ``text``; empty when the
    reading has the shape of a plan as said."""
    found = title_doubts(title, steps, opens_with_list(text))
    for step in steps:
        found += [d for d in step_doubts(step) if d not in found]
    if _verb_cut_off(text, steps):
        found.append("a verb cut from its thing")
    return found + count_doubts(text, title, steps)


def _verb_cut_off(text: str, steps: list[str]) -> bool:
    """ "photos, countersignature, post office check and send" read with "Send" alone: a step
    that is a verb with nothing to act on, joined by "and" to the step before it, may share
    that step's thing ("check and send" is one step); read either way, it is shown first.
    (A list of bare verbs, "wash, dry and fold", is left: each is a step.)"""
    for before, step in zip(steps, steps[1:]):
        words, said_before = _bare(step).split(), _bare(before).split()
        if (
            len(words) == 1
            and len(said_before) >= 2
            and words[0] in plan_phrases.STEP_VERBS
            # two verbs on one thing ("check and send"), the thing said before them with no
            # article ("book a visit and pay" does a thing of its own, then pays)
            and said_before[-1] in plan_phrases.STEP_VERBS
            and not any(word in _STEP_THING for word in said_before)
            and re.search(rf"\b{re.escape(said_before[-1])}\s+and\s+{words[0]}\b", text, re.I)
        ):
            return True
    return False


# Readings that must raise the doubt named: (message, title, steps, doubt)
EXAMPLES: tuple[tuple[str, str, tuple[str, ...], str], ...] = (
    # a step that runs on into the next at a sequence word with no step's verb after it
    (
        "bathroom: rip out the old suite next up tile the walls, fit the new bath",
        "Bathroom",
        ("Rip out the old suite next up tile the walls", "Fit the new bath"),
        "two steps in one",
    ),
    (
        "garden: weed the beds and then mulch, plant bulbs",
        "Garden",
        ("Weed the beds and then mulch", "Plant bulbs"),
        "two steps in one",
    ),
    (
        "van: book the MOT. Also the tyres",
        "Van",
        ("Book the MOT. Also the tyres",),
        "two steps in one",
    ),
    # greetings, preambles, words about the message, a kind of plan
    (
        "Heya. bake sale, book the hall, make flyers",
        "Heya",
        ("Book the hall", "Make flyers"),
        "title is a greeting",
    ),
    (
        "my grandson put this on my phone. clear the loft, ring the council",
        "My grandson put this on my phone",
        ("Clear the loft", "Ring the council"),
        "title is about the message",
    ),
    (
        "keep this safe for me - learn to swim, book lessons",
        "Keep this safe for me",
        ("Learn to swim", "Book lessons"),
        "title is about the message",
    ),
    (
        "side hustle: make flyers, get insurance",
        "Side hustle",
        ("Make flyers", "Get insurance"),
        "title is no goal of its own",
    ),
    # a correction, a remark, a sign-off among the steps
    (
        "party: book the hall, hire a DJ. no wait not the DJ",
        "Party",
        ("Book the hall", "Hire a DJ. no wait not the DJ"),
        "a correction of the list",
    ),
    (
        "fete: hire tables, make signs, oh wait ignore the tables",
        "Fete",
        ("Hire tables", "Make signs", "Oh wait ignore the tables"),
        "a correction of the list",
    ),
    (
        "move: pack the loft, book the van, she's away till the 3rd",
        "Move",
        ("Pack the loft", "Book the van", "She's away till the 3rd"),
        "a remark, no step",
    ),
    (
        "passport: fill the form, pay the fee, best wishes Mags",
        "Passport",
        ("Fill the form", "Pay the fee", "Best wishes Mags"),
        "a remark, no step",
    ),
    # the count: a step on the wrong side of the word that starts the list, or left out
    (
        "my car failed its MOT so I have to get it fixed, first ring the garage, then book the "
        "retest",
        "My car failed its MOT",
        ("Get it fixed", "Ring the garage", "Book the retest"),
        "a step said before the list starts",
    ),
    (
        "so first I'll email the school about the trip, then pay the deposit, then pack",
        "Email the school about the trip",
        ("Pay the deposit", "Pack"),
        "the title is a step of the list",
    ),
    (
        "starting a veg patch this spring - dig the beds, buy seeds, and build a frame",
        "Starting a veg patch this spring",
        ("Buy seeds", "Build a frame"),
        "a step left out between the goal and the list",
    ),
)
# Readings with a plan's shape: no doubt
EXAMPLES += (
    # a verb alone after "and" may share the thing of the step before it
    (
        "shed sale - photos, listing check and post",
        "Shed sale",
        ("Photos", "Listing check", "Post"),
        "a verb cut from its thing",
    ),
    # chatter left between two steps
    (
        "garden: buy seeds, dig beds, 40 of them lol, plant out",
        "Garden",
        ("Buy seeds", "Dig beds", "40 of them lol", "Plant out"),
        "a remark, no step",
    ),
)
NEAR_MISSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "kitchen: pick the tiles, fit the units next to the window",
        "Kitchen",
        ("Pick the tiles", "Fit the units next to the window"),
    ),
    # bare verbs listed each as a step, and a verb alone with no "and" before it
    ("laundry: wash, dry and fold", "Laundry", ("Wash", "Dry", "Fold")),
    (
        "boiler: find an engineer, book a visit and pay",
        "Boiler",
        ("Find an engineer", "Book a visit", "Pay"),
    ),
    (
        "menu launch: photos, price it, print, post on insta",
        "Menu launch",
        ("Photos", "Price it", "Print", "Post on insta"),
    ),
    (
        "survey: order the follow-up survey, plant the hedge",
        "Survey",
        ("Order the follow-up survey", "Plant the hedge"),
    ),
    (
        "evening classes in spanish: find a college, enrol",
        "Evening classes in spanish",
        ("Find a college", "Enrol"),
    ),
    (
        "thank-you cards for the wedding: buy cards, write them",
        "Thank-you cards for the wedding",
        ("Buy cards", "Write them"),
    ),
    (
        "project phoenix launch: write the brief, book the room",
        "Project phoenix launch",
        ("Write the brief", "Book the room"),
    ),
    (
        "broadband: cancel the old one, send back the router",
        "Broadband",
        ("Cancel the old one", "Send back the router"),
    ),
    ("plumber: wait for the plumber, pay him", "Plumber", ("Wait for the plumber", "Pay him")),
    (
        "first ring the garage, then book the retest",
        "Ring the garage",
        ("Ring the garage", "Book the retest"),
    ),
    (
        "the kids' first day at school is monday so label the uniforms, buy the shoes",
        "Kids' first day at school",
        ("Label the uniforms", "Buy the shoes"),
    ),
    (
        "bathroom refit - plumbing first fix then second fix",
        "Bathroom refit",
        ("Plumbing first fix", "Second fix"),
    ),
    (
        "Mr. Patel's retirement do: book the pub, buy a card",
        "Mr. Patel's retirement do",
        ("Book the pub", "Buy a card"),
    ),
)
# Readings whose own shape shows how to read them: (title, steps) -> (title, steps)
REREAD_EXAMPLES: tuple[tuple[str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    (
        "Fence repair",
        ("Buy posts followed by dig the holes", "Concrete them in"),
        "Fence repair",
        ("Buy posts", "Dig the holes", "Concrete them in"),
    ),
    (
        "Shed roof",
        ("Strip the old felt subsequently fit new boards", "Felt it"),
        "Shed roof",
        ("Strip the old felt", "Fit new boards", "Felt it"),
    ),
    (
        "Loft",
        ("Clear the boxes after which paint the walls", "Lay boards"),
        "Loft",
        ("Clear the boxes", "Paint the walls", "Lay boards"),
    ),
    (
        "Moving to Leeds in March. Things to sort",
        ("Book a van", "Give notice"),
        "Moving to Leeds in March",
        ("Book a van", "Give notice"),
    ),
    (
        "Hi this is Ada my son set this up so I need to sell the caravan",
        ("Clean it", "Advertise it"),
        "Sell the caravan",
        ("Clean it", "Advertise it"),
    ),
    (
        "Greetings",
        ("Restoring the old clock", "Find a clockmaker", "Get a quote"),
        "Restoring the old clock",
        ("Find a clockmaker", "Get a quote"),
    ),
    (
        "The boiler packed in on sunday",
        ("Get it replaced first ring the gas people", "Get a quote"),
        "Get it replaced",
        ("Ring the gas people", "Get a quote"),
    ),
    ("Sorting the 1099s, no steps yet", (), "Sorting the 1099s", ()),
    (
        "Choir trip",
        ("Book the coach", "Collect the money. Many thanks"),
        "Choir trip",
        ("Book the coach", "Collect the money"),
    ),
)
REREAD_EXAMPLES += (
    # the title ends where the list starts; the list's opening words are no step
    (
        "Sort the garage this weekend first thing",
        ("Do is", "Clear the bikes", "Sweep up"),
        "Sort the garage this weekend",
        ("Clear the bikes", "Sweep up"),
    ),
    (
        "Paint the fence before may first thing",
        ("I need to do is", "Buy paint", "Sand it"),
        "Paint the fence before may",
        ("Buy paint", "Sand it"),
    ),
    (
        "Redo the garden for the party first thing",
        ("Is", "Mow the lawn", "Trim the hedge"),
        "Redo the garden for the party",
        ("Mow the lawn", "Trim the hedge"),
    ),
)
REREAD_EXAMPLES += (
    # chatter after the last step, as a step or as its last sentence
    (
        "Van",
        ("Book the MOT", "Fix the wing mirror", "honestly a nightmare"),
        "Van",
        ("Book the MOT", "Fix the wing mirror"),
    ),
    (
        "Van",
        ("Book the MOT", "Fix the wing mirror. pray for us"),
        "Van",
        ("Book the MOT", "Fix the wing mirror"),
    ),
)
REREAD_EXAMPLES += (
    # a remark on the goal said after it is no goal of its own
    (
        "Get the allotment back in shape this year. that bindweed is killing me",
        (),
        "Get the allotment back in shape this year",
        (),
    ),
)
REREAD_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Mum's first birthday abroad", ("Book flights", "Pack")),
    ("Hiring first apprentice", ("Write the ad", "Do is a thing")),
    ("Moving to Leeds in March", ("Book a van", "Give notice")),
    ("Mr. Patel's retirement do", ("Book the pub", "Buy a card")),
    ("Kitchen", ("Pick the units then-fashionable style", "Fit them")),
    ("Thank-you cards", ("Buy cards", "Write them")),
)
# A correction inside the list: (steps, the steps it leaves)
CORRECTED_EXAMPLES: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (
        ("Price everything", "Make signs", "Hire tables. oh wait ignore the tables"),
        ("Price everything", "Make signs"),
    ),
    (
        ("Book the hall", "Order food", "Hire a DJ. no wait not the DJ"),
        ("Book the hall", "Order food"),
    ),
    (
        ("Book the hall", "Order food", "Hire a DJ", "Hmm leave out the food"),
        ("Book the hall", "Hire a DJ"),
    ),
    (
        ("Ring the council", "Fill in the form", "Pay the fee", "Actually no, just the first two"),
        ("Ring the council", "Fill in the form"),
    ),
)
# A correction on its own, mid-list, naming its thing with no "the" ("no wait not work"):
# the thing goes and the list goes on after it
CORRECTED_EXAMPLES += (
    (
        ("Give notice at work", "No wait not work", "Register with letting agents", "Pack"),
        ("Register with letting agents", "Pack"),
    ),
    (
        ("Cut the hedge", "Oh wait not the hedge", "Mow the lawn", "Weed the beds"),
        ("Mow the lawn", "Weed the beds"),
    ),
    (
        ("Buy paint", "Ring the sparky", "Actually not sparky", "Sand the floor"),
        ("Buy paint", "Sand the floor"),
    ),
)
CORRECTED_NEAR_MISSES: tuple[tuple[str, ...], ...] = (
    ("Cancel the old one", "Send back the router"),
    ("Wait for the plumber", "Pay him"),
    ("Plant forget-me-nots", "Dig the bed"),
    ("Ask what not to bring", "Pack"),
    ("Ring work", "Not urgent", "Pack"),
    ("Tell the landlord we're not staying", "Book a van"),
)

# "first" said after a step's verb and its thing closes that step; a goal named by a pointing
# word ("get that sorted") names no thing
EXAMPLES += (
    (
        "the boiler's gone so I must get it replaced, first ring the gas people, then get a quote",
        "The boiler's gone",
        ("Get it replaced", "Ring the gas people", "Get a quote"),
        "a step said before the list starts",
    ),
    (
        "first I'll ring the bank, after that close the account",
        "Ring the bank",
        ("Close the account",),
        "the title is a step of the list",
    ),
    (
        "the car is still in her name so I need to get that sorted: ring the DVLA, find the logbook",
        "Get that sorted",
        ("Ring the DVLA", "Find the logbook"),
        "title names no thing",
    ),
    (
        "my tax return is a mess, sort it all out: find receipts, ring the accountant",
        "Sort it all out",
        ("Find receipts", "Ring the accountant"),
        "title names no thing",
    ),
    (
        "the loft leaks and I must deal with this: ring a roofer, get quotes",
        "Deal with this",
        ("Ring a roofer", "Get quotes"),
        "title names no thing",
    ),
)
NEAR_MISSES += (
    (
        "new fence: take down the old panels first, buy posts, dig holes",
        "New fence",
        ("Take down the old panels first", "Buy posts", "Dig holes"),
    ),
    (
        "redo the bathroom. strip the tiles first, then fit the bath, paint",
        "Redo the bathroom",
        ("Strip the tiles first", "Fit the bath", "Paint"),
    ),
    (
        "sell the boat - clean the hull first, take photos, list it",
        "Sell the boat",
        ("Clean the hull first", "Take photos", "List it"),
    ),
    (
        "get the car sorted: ring the DVLA, find the logbook",
        "Get the car sorted",
        ("Ring the DVLA", "Find the logbook"),
    ),
    (
        "do it yourself wedding: buy flowers, bake the cake",
        "Do it yourself wedding",
        ("Buy flowers", "Bake the cake"),
    ),
)
REREAD_EXAMPLES += (
    # how the writer feels, the list said to be over: no part of the last step
    (
        "Sell the flat",
        ("Get a valuation", "Find an agent. sigh. can't believe it's come to this"),
        "Sell the flat",
        ("Get a valuation", "Find an agent"),
    ),
    (
        "Passport renewal",
        ("Get photos", "Send the form. thats all i think"),
        "Passport renewal",
        ("Get photos", "Send the form"),
    ),
    (
        "Garage clear-out",
        (
            "Sort the tools",
            "Take the rest to the tip that's all for now she says the loft can wait",
        ),
        "Garage clear-out",
        ("Sort the tools", "Take the rest to the tip"),
    ),
    (
        "Vet for the dog",
        ("Book the jab", "Buy a muzzle. fingers crossed"),
        "Vet for the dog",
        ("Book the jab", "Buy a muzzle"),
    ),
    # what the list's opening words leave on its first step
    (
        "Custody hearing",
        ("Thing find a lawyer", "File the petition"),
        "Custody hearing",
        ("Find a lawyer", "File the petition"),
    ),
    (
        "Close the account",
        ("Off ring the bank", "Move the savings"),
        "Close the account",
        ("Ring the bank", "Move the savings"),
    ),
    (
        "Wedding",
        ("Of all book the venue", "Send invites"),
        "Wedding",
        ("Book the venue", "Send invites"),
    ),
    # an aside in brackets, a plea to be kept to it, after the last step
    (
        "Benefits admin",
        (
            "Renew the bus pass",
            "Chase the letter",
            "(he moved in with us in May, the forms never end)",
        ),
        "Benefits admin",
        ("Renew the bus pass", "Chase the letter"),
    ),
    (
        "Dentist",
        ("Book check ups", "Find the card", "please help me remember this time"),
        "Dentist",
        ("Book check ups", "Find the card"),
    ),
    (
        "Gym",
        ("Buy trainers", "Join the gym", "Don't let me give up lol"),
        "Gym",
        ("Buy trainers", "Join the gym"),
    ),
    # the goal said again, more so
    ("Learn spanish. like properly this time", (), "Learn spanish", ()),
    ("Get fit. i mean really fit for the wedding", (), "Get fit", ()),
    ("Quit smoking, like for good", (), "Quit smoking", ()),
)
REREAD_NEAR_MISSES += (
    ("Bills", ("Make sure that's all paid", "Ring the bank")),
    ("Camping", ("Pack the car", "Buy life jackets for the kids")),
    ("Shopping", ("Things to buy for the party", "Book the hall")),
    ("Timber", ("Off cuts for the fire", "Stack the logs")),
    ("Party", ("Book the hall", "(optional) hire a DJ")),
    ("Moving", ("Pack the books", "Help me move the piano")),
    ("Like-for-like insurance claim", ("Ring the insurer", "Send photos")),
)

# steps said in a row joined by arrows; a remark on someone after the last step
REREAD_EXAMPLES += (
    (
        "Mum's care",
        ("Ring social care -> get the assessment booked -> sort the badge",),
        "Mum's care",
        ("Ring social care", "Get the assessment booked", "Sort the badge"),
    ),
    (
        "Boiler",
        ("Call the landlord → chase the plumber → pay the excess",),
        "Boiler",
        ("Call the landlord", "Chase the plumber", "Pay the excess"),
    ),
    (
        "Car sale",
        ("Clean it inside => take photos => list it online",),
        "Car sale",
        ("Clean it inside", "Take photos", "List it online"),
    ),
    (
        "Mum's move",
        ("Book the van", "Pack her china", "She keeps saying she can manage"),
        "Mum's move",
        ("Book the van", "Pack her china"),
    ),
    (
        "Dad's garden",
        ("Cut the hedge", "Clear the gutters", "he never listens anyway"),
        "Dad's garden",
        ("Cut the hedge", "Clear the gutters"),
    ),
    (
        "Kids' rooms",
        ("Paint the walls", "Buy new beds", "They're growing so fast"),
        "Kids' rooms",
        ("Paint the walls", "Buy new beds"),
    ),
)
REREAD_NEAR_MISSES += (
    ("Money", ("Convert GBP -> EUR", "Pay the deposit")),
    ("Trip", ("Book the train London -> Paris", "Pack")),
    ("Nan", ("Ring the GP", "She needs a lift to the clinic")),
    ("Lease", ("Book the van", "He has to sign the lease")),
)

# how they came to write, said beside the goal: no part of it
REREAD_EXAMPLES += (
    (
        "My sister said it might help. need to get my son moved to the district school",
        ("Pick up the form", "Sign him up for the bus"),
        "Get my son moved to the district school",
        ("Pick up the form", "Sign him up for the bus"),
    ),
    (
        "Renew the passport. a friend told me to try this",
        ("Get photos", "Fill in the form"),
        "Renew the passport",
        ("Get photos", "Fill in the form"),
    ),
    (
        "Sort the allotment. my neighbour reckons this is useful",
        ("Dig the beds", "Buy seeds"),
        "Sort the allotment",
        ("Dig the beds", "Buy seeds"),
    ),
)
REREAD_NEAR_MISSES += (
    ("My daughter says I should learn to do the facetime", ("Charge the ipad", "Ring them")),
    ("Help my sister move flat", ("Book the van", "Pack")),
    ("Try the new gym my friend suggested", ("Buy trainers", "Join")),
    ("Useful kit for my dad's boat", ("Buy a bilge pump", "Get flares")),
)

# A piece cut in the wrong place, shown by the word classes left in it: (step, sign)
SHAPE_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("So that's", "a fragment, no step"),
    ("Is to", "a fragment, no step"),
    ("To do is", "a fragment, no step"),
    ("I suppose", "a fragment, no step"),
    ("Then it's", "a fragment, no step"),
    (
        "Fit the shelves so can you add the paint as well",
        "words of a change or a request in a step",
    ),
    ("Could you put the vet on too", "words of a change or a request in a step"),
    ("Put in ringing the surveyor", "words of a change or a request in a step"),
    ("Put that down as mine", "words of a change or a request in a step"),
    ("Instead of the bus get a taxi", "words of a change or a request in a step"),
    ("Got the paint from B&Q", "news, no step"),
    ("Went to the tip with the old sofa", "news, no step"),
    ("Rang the school about the trip", "news, no step"),
    ("Mum's baking the cake so I reckon", "a joining word left at its edge"),
    ("So we book the minibus", "a joining word left at its edge"),
    ("Clear the shed but", "a joining word left at its edge"),
    ("Ask the school if we can all", "a step cut mid-clause"),
    ("Get the bank to set up a", "a step cut mid-clause"),
    ("Find out whether they", "a step cut mid-clause"),
    ("Return the router n cancel the contract", "two steps in one"),
    ("Drop the keys off & pay the last bill", "two steps in one"),
    ("Print the tickets and we also need to book parking", "two steps in one"),
)
# Steps whole, whatever their words: no sign
SHAPE_NEAR_MISSES: tuple[str, ...] = (
    "The 2024 one",
    "A",
    "Sign & send back the NDA",
    "Buy fish n chips for the party",
    "Ask the council if we can use the hall",
    "Book the band so the dates are fixed",
    "Get the gutters cleared so the damp stops",
    "Change the oil",
    "Swap the tyres for winter ones",
    "Got to get the car taxed",
    "Put in the new shelves",
    "Take out the bins on tuesday",
    "Pay the deposit instead of the full amount upfront",
    "Buy a spare jerry can",
    "Pick the kids up if it rains",
    "Ring the surgery as early as I can",
)
# A replan's new step with the words of the change said around it: (step, the step)
CHANGE_WORDS_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("So change that to ringing the landlord", "Ringing the landlord"),
    ("Swap it out for: book a skip", "Book a skip"),
    ("Replace it with hiring a van", "Hiring a van"),
    ("Email the head about it. so swap that one out", "Email the head about it"),
    ("Take the train instead", "Take the train"),
)
CHANGE_WORDS_NEAR_MISSES: tuple[str, ...] = (
    "Swap it for a new one",
    "Change the locks",
    "Replace the washer",
    "Instead",
)

# The title read is no goal: the first step of a list joined by "then", who a sentence is about,
# a plan that changes
EXAMPLES += (
    (
        "basically i need to renew my passport then book the flights then sort the visa",
        "Renew my passport",
        ("Book the flights", "Sort the visa"),
        "the title is a step of the list",
    ),
    (
        "gotta clear the loft and then sell the bikes and then paint the walls",
        "Clear the loft",
        ("Sell the bikes", "Paint the walls"),
        "the title is a step of the list",
    ),
    (
        "my brother Tom and I are doing the three peaks so book the hostel, buy boots",
        "My brother Tom",
        ("Book the hostel", "Buy boots"),
        "the title is who the sentence is about",
    ),
    (
        "me and my mate Dev and I are both learning to code: buy a course, pick a project",
        "My mate Dev",
        ("Buy a course", "Pick a project"),
        "the title is who the sentence is about",
    ),
    (
        "change of plan, ring the hotel, cancel the cab",
        "Change of plan",
        ("Ring the hotel", "Cancel the cab"),
        "title is a change of plan",
    ),
    (
        "cambio de planes con la lona: se la llevo a la tapicería, luego la recojo",
        "Cambio de planes con la lona",
        ("Se la llevo a la tapicería", "Luego la recojo"),
        "title is a change of plan",
    ),
    (
        "cambio of planes with the lona: se la llevo a la tapicería, luego la recojo",
        "Cambio of planes with the lona",
        ("Se la llevo a la tapicería", "Luego la recojo"),
        "title is a change of plan",
    ),
    (
        "the vet's closed so instead: ring the out of hours one, get a lift",
        "The vet's closed so instead",
        ("Ring the out of hours one", "Get a lift"),
        "title is a change of plan",
    ),
    (
        "the caterer let us down so new plan: book a chippy van, buy plates",
        "The caterer let us down so new",
        ("Book a chippy van", "Buy plates"),
        "title is a change of plan",
    ),
)
NEAR_MISSES += (
    (
        "cambio de aceite del coche: comprar el filtro, llevarlo al taller",
        "Cambio de aceite del coche",
        ("Comprar el filtro", "Llevarlo al taller"),
    ),
)
NEAR_MISSES += (
    (
        "moving house next month and I'm panicking: book the van, pack the loft",
        "Moving house next month",
        ("Book the van", "Pack the loft"),
    ),
    (
        "my car is dying and i gotta deal with it: get a quote, then book it in",
        "My car is dying",
        ("Get a quote", "Book it in"),
    ),
    (
        "plan for my new job: then-manager's handover notes, read the wiki",
        "Plan for my new job",
        ("Then-manager's handover notes", "Read the wiki"),
    ),
    (
        "new plan for the garden: dig the beds, sow the seeds",
        "Garden",
        ("Dig the beds", "Sow the seeds"),
    ),
)

# The list's first item said before the first step read, cut off by a comma; a sentence
# closed after an aside in brackets
EXAMPLES += (
    (
        "the vet gave me a list for the puppy. its worming tablets, a crate, a harness",
        "The vet gave me a list for the puppy",
        ("A crate", "A harness"),
        "a step left out before the list",
    ),
    (
        "my dentist wants me on a routine. flossing, mouthwash at night, a softer brush",
        "My dentist wants me on a routine",
        ("Mouthwash at night", "A softer brush"),
        "a step left out before the list",
    ),
    (
        "shopping for the camp: these are tents, sleeping bags, a stove",
        "Shopping for the camp",
        ("Sleeping bags", "A stove"),
        "a step left out before the list",
    ),
    (
        "committee: book the hall (done). Ring the caterer, print tickets",
        "Committee",
        ("Book the hall (done). Ring the caterer", "Print tickets"),
        "two steps in one",
    ),
)
NEAR_MISSES += (
    (
        "moving out. right so, book the van, pack the loft",
        "Moving out",
        ("Book the van", "Pack the loft"),
    ),
    (
        "the wedding, book the venue, send invites",
        "The wedding",
        ("Book the venue", "Send invites"),
    ),
    (
        "hi Sam, new kitchen: pick the tiles, fit the units",
        "New kitchen",
        ("Pick the tiles", "Fit the units"),
    ),
    (
        "garden: buy compost (the peat-free one), plant the bulbs",
        "Garden",
        ("Buy compost (the peat-free one)", "Plant the bulbs"),
    ),
)


# Chatter around the list and steps told as a sequence in prose, read again: news or a
# feeling said after the last step (``chatter``), the list's lead-in or a joining word left
# at a line's start, a whole "first …, then …" sequence in one piece, a goal word after its
# context. (title, steps, title read again, steps read again)
REREAD_EXAMPLES += (
    (
        "My first weeks in Toronto",
        (
            "Get SIN number",
            "Open account at TD",
            "Find apartment",
            "I landed yesterday",
            "Still jetlag 😵",
        ),
        "My first weeks in Toronto",
        ("Get SIN number", "Open account at TD", "Find apartment"),
    ),
    (
        "Move to Leeds",
        ("Give notice", "Book a van", "Pack the kitchen", "We moved the piano already"),
        "Move to Leeds",
        ("Give notice", "Book a van", "Pack the kitchen"),
    ),
    (
        "Wedding",
        ("Book the venue", "Order the cake", "Send invites", "Ang dami talaga 😅"),
        "Wedding",
        ("Book the venue", "Order the cake", "Send invites"),
    ),
    (
        "Dependant visa",
        (
            "First they do TB test in Manila, then I ask my hospital for the CoS letter, then "
            "apply online, and then pay the IHS",
        ),
        "Dependant visa",
        (
            "They do TB test in Manila",
            "Ask my hospital for the CoS letter",
            "Apply online",
            "Pay the IHS",
        ),
    ),
    (
        "Car",
        ("First we take it to the garage, then I ring the insurer, and then claim the excess",),
        "Car",
        ("Take it to the garage", "Ring the insurer", "Claim the excess"),
    ),
    (
        "Renew our vows",
        ("things to do: talk to Father Mike about it", "find a dress", "and book lunch at Rosa's"),
        "Renew our vows",
        ("Talk to Father Mike about it", "find a dress", "Book lunch at Rosa's"),
    ),
    (
        "Fete",
        (
            "to do list - ring the vicar about it",
            "print posters",
            "and also book the bouncy castle",
        ),
        "Fete",
        ("Ring the vicar about it", "print posters", "Book the bouncy castle"),
    ),
    (
        "My husband and 2 kids will join me in UK next year 🙏🙏 so I need to do the dependant "
        "visa for them",
        ("Book the test", "Pay the fee"),
        "Do the dependant visa for them",
        ("Book the test", "Pay the fee"),
    ),
    (
        "25 years married in March 🥹 we want to renew our vows",
        ("Talk to Father Mike", "Book lunch"),
        "Renew our vows",
        ("Talk to Father Mike", "Book lunch"),
    ),
    (
        "The baby is due in may so we need to get the nursery ready",
        ("Paint the walls", "Build the cot"),
        "Get the nursery ready",
        ("Paint the walls", "Build the cot"),
    ),
)
REREAD_NEAR_MISSES += (
    # a last step with a thing of its own, or led by a step's verb, stays
    ("Garden", ("Dig the beds", "Plant bulbs", "Mow the lawn 🌱")),
    ("Trip", ("Book flights", "Sort the dog", "Pack 😅")),
    ("Party", ("Book the hall", "Order the cake", "2 hrs max 😅")),
    # one "then" inside a step is the step's own; a word like "steps" opening a thing stays
    ("Loft", ("Clear it then board it", "Paint the hatch")),
    ("Fete", ("Steps to freedom book", "Print posters")),
    # context that is a goal of its own keeps the title as said
    ("Moving to Leeds in March. Need to find a flat", ("Give notice", "Book a van")),
    ("We love the house so we want to buy it", ("Get a mortgage", "Book a survey")),
)
EXAMPLES += (
    (
        "40 ppl. need to find a venue, book a caterer",
        "40 ppl",
        ("Find a venue", "Book a caterer"),
        "title is a count",
    ),
    (
        "3 weeks to go!! book the DJ, order the cake",
        "3 weeks to go",
        ("Book the DJ", "Order the cake"),
        "title is a count",
    ),
    (
        "about 30 guests. book the hall, send invites",
        "About 30 guests",
        ("Book the hall", "Send invites"),
        "title is a count",
    ),
)
NEAR_MISSES += (
    (
        "Mortgage renewal coming up in Feb. find my rate, call 3 brokers",
        "Mortgage renewal coming up in Feb",
        ("Find my rate", "Call 3 brokers"),
    ),
    (
        "50th birthday party: book the hall, order a cake",
        "50th birthday party",
        ("Book the hall", "Order a cake"),
    ),
    # the person's own doing, said with "I am": a goal, never who is writing
    (
        "I am moving to Cork in january for new job. find a flat, give notice",
        "I am moving to Cork in january for new job",
        ("Find a flat", "Give notice"),
    ),
    (
        "I am the chairlady of the Pinetown Garden Club and our rose show is in February: "
        "book the hall, order the ribbons",
        "I am the chairlady of the Pinetown Garden Club and our rose show is in February",
        ("Book the hall", "Order the ribbons"),
    ),
)
# Who is writing read as the title (rounds z216–z221, z240–z245): shown, made only on yes
EXAMPLES += (
    (
        "hi my name is Bolor I live in Denver I want to bring my mom from Ulaanbaatar first she "
        "needs invitation letter from me then she goes to US embassy interview then we buy her ticket",
        "My name is Bolor I live in Denver",
        ("Bring my mom from Ulaanbaatar", "She goes to US embassy interview", "We buy her ticket"),
        "title is who is writing",
    ),
    (
        "Hi, Jef here. book the hall, order a cake",
        "Jef here",
        ("Book the hall", "Order a cake"),
        "title is who is writing",
    ),
)
# Someone else's step told in a sequence is a step; a remark on them is not
SOMEONE_ELSES_STEPS: tuple[str, ...] = (
    "They do TB test in Manila",
    "She does the TB test in Manila",
    "She will do the visa interview in Lagos",
    "He'll book the taxi",
    # their coming said before what they do
    "Then they come do a home check",
    "He'll come round to fit the boiler",
    "She goes to collect the keys",
)
REMARKS_ON_SOMEONE: tuple[str, ...] = (
    "They pay you back in 6 weeks",
    "They never answer the phone",
    "He does nothing all day",
    "They come back whenever",
)
