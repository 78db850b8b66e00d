"""A step said to be changed, in words of why, with what comes instead.

    Dan's a no for the 24th. so instead ask Priya about it, and offer Tom my NYE shift
    the reading list is way too big to be one thing. split it: ML theory, the stats chapters
    The progress narrative needs carving up. Tom will write WP1, I'll do WP2, and then …

The other replacement readers (``replacements``) read a step dropped by its marks ("instead
of X", "scrap X", "X is off"); these messages say only why the step cannot stay as it is —
someone can't, it is too big, it isn't what it was, the person changed their mind or is not
doing it after all — and then what to do now. ``read_rework`` returns the words before the
new steps (where the step is named, to be matched by the caller) and the new steps; None
when the text says no change or no two things to do. What it reads is only ever offered
("Replace “X” with …?"): the words of why are too many to be sure of the step.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drbot.ai.language import dates, plan_prose, replacements
from drbot.ai.language.plan_phrases import STEP_VERBS, cap
from drbot.ai.language.replacements import real_steps, says_what_to_do, without_whose_word

# a run of emoji ends a sentence here as a full stop does (the same run plan_prose reads)
_EMOJI = re.compile(rf"\s*(?:{plan_prose.EMOJI_RUN})\s*")

# A step said to be several with no count: "it's not one thing", "isn't a single step", "is
# actually a whole process", "more than one job", "a few steps"
_SEVERAL = (
    r"(?:(?:'s|\bis|\bit\s+s)\s+not|\bisn'?t|\bain'?t)\s+(?:just\s+)?(?:one|a\s+single)\s+"
    r"(?:thing|step|job|task)\b|"
    r"\b(?:a|one)\s+whole\s+(?:process|saga|thing|palaver|rigmarole|procedure|production)\b|"
    r"\bmore\s+than\s+(?:one|a\s+single)\s+(?:thing|step|job|task)\b|"
    r"\b(?:several|multiple|a\s+few|a\s+bunch\s+of)\s+(?:steps|stages|parts|bits)\b"
)

# The step someone else does now: "the trip lead at county writes the risk assessment now",
# "the school's sorting the coach now", "Dad takes care of it now" (never the person's own: "I
# do it now")
_THEIRS_NOW = (
    r"(?<!\bi\s)(?<!\bwe\s)(?<!\bi'll\s)(?<!\bwe'll\s)"
    r"\b(?:does|writes|handles|sorts|covers|books|organi[sz]es|runs|pays(?:\s+for)?|"
    r"takes\s+care\s+of|(?:is|are|'s|'re)\s+(?:doing|writing|handling|sorting|covering|"
    r"booking|organi[sz]ing|running|paying(?:\s+for)?|taking\s+care\s+of))\s+"
    r"(?:it|that|this|them|the\s+[^.!?;,]{1,40}?)\s+now\b"
)
# The step someone else takes over, said by their "himself" / "herself" / "themselves": "my
# neighbour Franc will clean it himself" (z256), "Radek says he takes the car to STK himself"
# (z174), "my cousin Sherzod will do it himself" (z222), "aunty Ngozi will sew the outfits
# herself" (z26-j), said as to come or as what they do — never the person's own ("I'll do it
# myself"), nor done ("my neighbour cleared them himself last week" is news of the step)
_THEIRS_HIMSELF = (
    r"(?<!\bi\s)(?<!\bwe\s)\b(?:(?:will|'ll|(?:is|'s|are|'re)\s+(?:gonna|going\s+to))\s+"
    r"[a-z]{2,}|[a-z]{2,}s)\s+(?:it|that|this|them|the\s+[^.!?;,]{1,40}?)\s+"
    r"(?:himself|herself|themselves)\b"
)
# (message, the new steps): a step taken over by someone else, the person's own part after
# "I only / just need to" (``read_rework``; offered, as no mark of a change is said)
THEIRS_HIMSELF_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "About the gutters: the roofer has retired, so my neighbour will clear them himself. "
        "I only need to buy him a scoop and bring him some beer.",
        ("Buy him a scoop", "Bring him some beer"),
    ),
    (
        "the roofer retired so my brother will fix it himself, I just need to buy the tiles "
        "and hire a ladder",
        ("Buy the tiles", "Hire a ladder"),
    ),
)
THEIRS_HIMSELF_NEAR_MISSES: tuple[str, ...] = (
    # the person's own doing
    "About the chimney: I will clean it myself. I only need to buy a new brush and borrow a "
    "ladder.",
    # done by them already: news of the step
    "About the gutters: my neighbour cleared them himself last week. I only need to pay him "
    "and bring him some beer.",
)

# The step named before pointed back at and swapped: "so swap that step for:", "replace that
# one with", "change it to" (the words before name the step)
_POINTED = (
    r"\b(?:swap|replace|switch|change)\s+(?:that|this|it)(?:\s+(?:step|one|bit|part|task))?"
    r"\s+(?:out\s+)?(?:for|with|to)\b"
)
_POINTED_SWAP = rf"{_POINTED}(?=\s*:)"

# Why the step can't stay as it is. Each alternative is a class of words, not a phrase:
# someone or something can't / won't / is a no ("nan cant do tuesdays", "Dan's a no",
# "they won't take the cert"), the step is bigger than one ("way too big to be one thing",
# "needs carving up", "isn't just a patch job", "in two parts"), the world changed ("closed
# up shop", "now require", "wants the deposit split now", "don't … anymore", "says don't"),
# or the person's mind did ("changed my mind on", "rethink on", "not going to … after all",
# "not doing it", "scrapping", "… so new plan:"). "so instead" is its own why.
_WHY = re.compile(
    r"\b(?:"
    r"(?:can'?t|cant|cannot|won'?t|wont)\s+(?:do|make|take|come|help|manage|have|get|give|pay|"
    r"rent|let|afford|fit|host|lend|sell|supply|deliver|start|accept)\b|let\s+(?:me|us)\s+down|"
    r"(?:said|says|say)\s+no\b|turned\s+(?:me|us|it)\s+down|(?:won'?t|wont|not\s+going\s+to)\s+work\b|"
    r"too\s+(?:expensive|dear|pricey)|(?:bigger|more\s+(?:complicated|involved))\s+(?:job\s+)?than\b|"
    r"discontinued|(?:no|never)\s+(?:longer\s+)?(?:available|possible)|"
    r"(?:change|changed)\s+of\s+plans?|plan\s+change|"
    # the change said of its thing before a colon ("change for the trial: …")
    r"\bchange\s+(?:for|on|about|re)\s+[^.!?:;—]{1,40}?(?=\s*:)|"
    # "new plan:" after what went wrong ("… under 25 lmao. so new plan: …"); at the start it
    # is a plan's title
    r"(?:(?<=[.!]\s)|(?<=\bso\s))new\s+plan(?=\s*:)|"
    # … and "change plan:" so said ("nobody wants to buy the desk 😩 change plan: …", z196;
    # "print shop want 2,500 for the sign, too expensive mak. change plan: …", z191)
    # (or a comma, as "so change of plan, i will …" is read: "lorry not coming at all so change
    # plan, i will hire Rajesh truck …, then pay him …", z205)
    r"(?:(?<=[.!]\s)|(?<=\bso\s))change\s+(?:of\s+)?plans?(?=\s*[:,])|"
    # … and "change it:" ("speech therapy at the clinic is impossible, … change it: ask …",
    # z142; "daka and lime from market too dear now. change it: …", z221; "so change it:", z69),
    # the pointer with a word for a step as well ("… too slow, 3 weeks. change that part: …",
    # z275; `CHANGE_POINTED`)
    rf"(?:(?<=[.!]\s)|(?<=\bso\s)){replacements.CHANGE_POINTED}|"
    # … or said of the thing ("plumber useless. new plan for the sink: …"); what follows
    # "for" is where the step is named (at the start it is a plan's title: "new plan for
    # the allotment: …")
    r"(?:(?<=[.!]\s)|(?<=[.!]\sso\s))new\s+(?:plan|idea|approach|way)\s+(?:for|on|about)\s+[^.!?:;—]{1,40}?(?=\s*:)|"
    # the change said in another of the corpus's languages: Indonesian "ganti rencana" /
    # "ubah plan" (change of plan), "ga jadi" (not happening after all); Swahili "badala
    # yake" (instead of it)
    r"(?:ganti|ubah)\s+(?:rencana|plan)\b|(?:ga|gak|nggak|tidak|ndak)\s+jadi\b|badala\s+yake\b|"
    # the same said of the way ("… would take a year. new idea: …", "so better idea: …")
    r"(?:(?<=[.!]\s)|(?<=\bso\s))(?:new|better|different|other)\s+(?:idea|approach|way|tactic)(?=\s*:)|"
    r"(?:in|into)\s+(?:two|three|2|3)\s+(?:parts|bits|steps|stages|goes|things)|"
    r"(?:really|actually)\s+(?:two|three|2|3)\s+(?:things|jobs|steps)|"
    # the step is several, said without a count ("it's not one thing:", "is actually a
    # whole process —", "more than one step")
    rf"{_SEVERAL}|{_THEIRS_NOW}|{_THEIRS_HIMSELF}|"
    r"(?:says?|said)\s+(?:don'?t|dont|not\s+to)\b|(?:don'?t|dont|do\s+not)\s+need\s+to\b|"
    r"(?:scrap|scrapping|scrapped|forget|ditch|ditching|scratch)\b|stop\s+(?:that|it|doing)\b|"
    r"(?:all|fully)\s+(?:full|booked)|booked\s+solid|"
    # the step's thing judged no good ("the workbook is rubbish", "the app's useless")
    r"(?:is|are|'s)\s+(?:(?:just|totally|completely|absolutely)\s+)?(?:pointless|a\s+joke|"
    r"rubbish|useless|hopeless|no\s+good|a\s+waste\s+of\s+(?:time|money))|"
    # what the step was has changed ("Recording's changed —", "the format has changed")
    r"(?<!nothing)(?<!nothing\s)(?:'s|\s+has|\s+have)\s+(?:been\s+)?changed\b(?!\s+my\s+mind)|"
    # the step before pointed back at, swapped ("…, so swap that step for: a, and b")
    rf"{_POINTED_SWAP}|"
    r"(?=so\s+instead\b)|"
    r"(?:'s|\s+is|\s+are|\s+was)\s+a\s+(?:no|nope)\b|"
    r"(?:way\s+|far\s+|much\s+)?too\s+(?:big|much|long)\s+(?:to\s+be|for)\b|"
    r"needs?\s+(?:carving|splitting|breaking|chopping|cutting)\s+up|"
    r"(?:needs?\s+to\s+be\s+)?(?:split|broken|carved|chopped)\s+(?:up|it|into)\b|"
    r"(?:isn'?t|is\s+not|aint)\s+(?:just|only|simply)\b|"
    r"(?:closed|shut)\s+(?:up\s+shop|down)|(?:gone|went)\s+(?:bust|under)|"
    r"(?:now|anymore|any\s+more)\s+(?:require|requires|say|says|want|wants|need|needs|insist|"
    r"insists)\b|(?:want|wants|require|requires)\b[^.!?;]{0,30}\bnow\b|"
    r"(?:don'?t|doesn'?t|do\s+not|does\s+not|won'?t)\s+\w+[^.!?;]{0,40}\b(?:any\s*more|now)\b|"
    r"changed\s+my\s+mind|(?:re-?think|rethinking)\s+(?:on|about|of)|"
    r"not\s+(?:going\s+to|gonna)\s+[^.!?;]{1,40}\bafter\s+all|"
    r"not\s+doing\s+(?:it|that|this|the)\b|(?:i'?m|im)\s+out\b|"
    r"fell\s+through|(?:got|been|is|was|are|were)\s+cancell?ed|no\s+longer\b|"
    r"not\s+(?:an\s+option|possible)\b|(?:fully\s+)?booked\s+up|costs?\s+a\s+fortune"
    r")",
    re.I,
)

# The words of why that are "new plan" said, and a title then a dash before a list after its
# colon (``NEW_WAY_NEAR_MISSES``)
_NEW_PLAN_WHY = re.compile(r"new\s+(?:plan|idea)\b", re.I)
_TITLED_LIST = re.compile(r"^\s*:\s*[^,.;:!?]{2,40}?\s[-—–]\s", re.I)

# The step said to be two or more: what follows are its parts
_PARTS = re.compile(
    r"\b(?:(?:in|into)\s+(?:two|three|2|3)\s+(?:parts|bits|steps|stages|goes|things)|"
    r"(?:really|actually)\s+(?:two|three|2|3)\s+(?:things|jobs|steps)|too\s+big\s+to\s+be\s+one|"
    rf"{_SEVERAL}|"
    r"needs?\s+(?:carving|splitting|breaking|chopping)\s+up)\b",
    re.I,
)

# Where the new steps start, after the words of why: a colon ("split it:", "So:",
# "developer says:"), "it's" after a dash ("- it's a filmed session …") or "so that's",
# "instead" with what to do ("so instead ask …", "instead ill ask …", "instead of one payment
# it's …"), the next sentence, or what the person will do ("gonna sell …").
_WILL = (
    r"(?:(?:(?:i|we)(?:'ll)?\s+)?(?:just\s+|only\s+)?(?:need|have)\s+to|(?:i|we)(?:'ll|\s+will)|ill|"
    r"(?:(?:i'?m|im|we'?re)\s+)?(?:gonna|going\s+to)|(?:i|we)\s+(?:must|should)|gotta|"
    r"(?:i'?m|im|we'?re)(?=\s+\w+ing\b))"
)
_STARTS: tuple[re.Pattern[str], ...] = (
    re.compile(r"(?<=\w):\s+"),
    re.compile(r"\s[-—]\s+(?:it'?s|its|it\s+is)\s+|\bso\s+(?:that'?s|thats)\s+", re.I),
    re.compile(
        # "instead of X" ends at a comma ("instead of me interviewing everyone, Ate Lorna will
        # …") or where what is wanted now starts ("instead of one session they want a video
        # version …"); X names the step, the new steps follow. X holds no "I" or "we": "instead
        # of that I've got to find a surveyor, …" starts the steps at "I've got to"
        r"\b(?:so\s+)?instead(?:\s+of\s+(?P<old>(?:(?!\b(?:i|we)(?:'ve|'m|'re|'ll|'d)?\b)[^,.:;!?]){1,40}?)(?:\s*,\s*(?=\w)|\s+(?=it'?s\b|its\b|(?:(?:i|we)\s+)?"
        # (or what the person does now, said in the present: "instead of one full shift we
        # do 3 short trial mornings")
        rf"{_WILL}\b|(?:i|we)\s+(?:do|run|hold|use|go|get|try|pay|book|send|take)\b)|\s+(?:they|he|she|[A-Z][\w'-]+)\s+(?:want|wants|need|needs|would\s+like|'d\s+like)"
        r"\s+(?=\w)))?(?:\s*[,:])?\s*(?:it'?s\s+|its\s+)?"
        rf"(?:(?:(?:i|we)\s+)?{_WILL}\s+)?(?=\w)",
        re.I,
    ),
    re.compile(r"(?<=[.!;])\s+"),
    re.compile(rf"(?:(?<=[.!;,—])\s+|^)(?:so\s+)?{_WILL}\s+(?:(?:just|also)\s+)?", re.I),
    # advice taken after why: "my brother says dont fix the old one its rotten, better buy new
    # tin sheets …" (z217), "my friend says better first do a trial day …, then apply" (z182)
    re.compile(
        r"(?:(?<=[.!;,—])\s+|(?<=\bsays\s)|(?<=\bsaid\s))(?:so\s+)?better\s+(?:to\s+)?", re.I
    ),
)
# (the marks, strongest first: a colon, "- it's" or "so that's", "instead", a new sentence, a
# will-word)


# A sentence after the steps that is no step: the change said again ("So change that one",
# "so it's those two now"), a feeling ("More delays, more fees, wonderful")
_CLOSING = re.compile(
    r"^(?:so\s+|and\s+)?(?:(?:can\s+you|could\s+you|pls|please)\s+)?"
    # ("swap that in instead of the one step pls": the swap asked of drbot)
    r"(?:(?:change|swap|replace|update|split)\s+(?:that|it|this|them|those)(?:\s+one)?"
    r"(?:\s+(?:in|out|over|instead|for|with)\b.*)?|"
    r"(?:it'?s|its|that'?s|thats)\s+(?:those|these|the)\s+(?:two|three|four|ones?)\b.*|"
    r"(?:(?:more|less|no)\s+\w+,?\s*){1,3}.*|"
    r"(?:kind\s+regards|best\s+wishes|regards|(?:many\s+)?thanks|cheers|love)\b.*)$",
    re.I,
)
# A sentence that says the decision, not a step: "so we're doing a potluck instead"
_DECISION = re.compile(r"\binstead\s*$", re.I)
# The will of whoever the plan is for, said by "he" or "she" ("Instead he's going to watch the
# videos and then do one worksheet per topic"): the step is what they will do
# (never "they": a firm's "they'll send an assessor" keeps who does it)
_HIS_WILL = r"(?:he|she)(?:'s|\s+is)\s+(?:going\s+to|gonna)|(?:he|she)(?:'ll|\s+will)"
# Who does a step, said at its head: kept for another's step ("Tom will write …"), taken
# off for the person's own ("I'll do WP2", "the rest I'll take to …")
_MINE = re.compile(
    rf"^(?:so\s+|and\s+|then\s+|now\s+)*(?:{_WILL}|(?:i|we)\s+can|{_HIS_WILL})\s+"
    r"(?:just\s+|also\s+)?",
    re.I,
)
_FRONTED = re.compile(
    rf"^(?P<thing>(?:the|a|an|some|my|our)\s[^,]{{1,30}}?)\s+{_WILL}\s+(?P<verb>\w+)\s*(?P<rest>.*)$",
    re.I,
)
# Someone else's step, kept as said: "Tom will write the WP1 section", "Hemi's mum is going
# to have them", "the solicitor sends it to the bank"
_SOMEONE_ELSES = re.compile(
    r"^(?:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)?|(?i:the|my|our)\s+[a-z]+)\s+(?:[a-z]+\s+)?(?:will|'ll|is\s+going\s+to|is\s+gonna)"
    r"\s+[a-z]+|"
    # a name, then what they do in the present ("Tom plays piano for the first half")
    r"^(?!(?i:the|a|an|my|our|his|her|their|this|that|these|those|some|all|both|each)\b)"
    r"[A-Z][a-z'-]+\s+(?!(?:says|thinks|reckons|wants|needs|is|was|has|does|knows|feels|seems|"
    r"likes|hates|loves|means|gets|goes|asks)\b)[a-z]{3,}s\b|"
    # Pidgin's will is "go" ("my guy Tamuno go handle music", "Emeka go pay the landlord")
    r"^(?:[A-Z][\w'-]+|(?i:my|our)\s+[a-z]+(?:\s+[A-Z][\w'-]+)?)\s+go\s+(?!to\b|and\b|with\b|back\b|home\b|out\b)[a-z]{3,}\b|"
    r"^(?:[A-Z][\w'-]+|(?i:the|my|our)\s+[a-z]+)\s+(?:will\s+|'ll\s+|is\s+going\s+to\s+|can\s+)?"
    r"(?:write|send|sends|do|does|book|books|ring|rings|call|calls|check|checks|sort|sorts|"
    r"bring|brings|pay|pays|get|gets|take|takes|make|makes|fix|fixes)\b"
)
# Someone close doing a step, said in the present or with their will: "my brother buys a new
# one from Praktiker", "Gosho the installer fits it", "my neighbour Baraka fixes it on sunday",
# "my granddaughter Emily will pick out the ones she likes" (z241, z242, z168, z230, z110,
# z157; ``DOER_EXAMPLES``) — a step of theirs kept as said, never a thing that takes the verb
# of the step it replaces ("Fix my brother buys …")
_CLOSE = "|".join(
    sorted(plan_prose.PEOPLE | {"granddaughter", "grandson", "niece", "nephew", "guy"})
)
_DOES = "|".join(
    sorted(
        {f"{v}es" if v.endswith(("s", "sh", "ch", "x", "o")) else f"{v}s" for v in STEP_VERBS}
        | {"helps", "receives"}
    )
)
_DOER_DOES = re.compile(
    rf"^(?:(?i:my|our|his|her)\s+(?:{_CLOSE})(?:[\s-]+in[\s-]+law)?(?:\s+[A-Z][\w'-]+)?"
    r"|[A-Z][\w'-]+\s+the\s+[a-z]+)"
    # (their will said "gonna" / "is going to" as often: "my cousin Shawn gonna meet her
    # downstairs", z274; "my sister in law is gonna bake it", z252; "my cousin Stéphanie gonna
    # bake it", z240)
    rf"\s+(?:(?:will|'ll|can|(?:is\s+)?(?:gonna|going\s+to))\s+[a-z]{{3,}}|(?:{_DOES}))\b",
)
DOER_EXAMPLES: tuple[str, ...] = (
    "my brother buys a new one from Praktiker",
    "Gosho the installer fits it",
    "my neighbour Baraka fixes it on sunday",
    "my cousin Jospin helps me push the bags across",
    "my granddaughter Emily will pick out the ones she would like",
    "my cousin Shawn gonna meet her downstairs",
    "my sister in law is going to bake it",
)
DOER_NEAR_MISSES: tuple[str, ...] = (
    "my brother's old van",  # a thing of theirs, no deed
    "my mum thinks it's fine",  # what they think, no step
    "the rest can go to the charity shop",  # no one close
    "my kids clothes from last winter",
)
# The person's own step said in the present ("then I do one final video call"): what they do
_OWN_NOW = re.compile(r"^(?:(?:and|then)\s+)*(?:i|we)\s+(?P<rest>\w.*)$", re.I)
# A thing with no verb of its own: "half now", "the stats chapters", "ML theory papers"
_THING = re.compile(r"^(?:a|an|the|some|two|three|my|our|half)\s", re.I)
# The swap said outright ("so replace the shower step with …", "swap the truck step for …"):
# the other readers' (``replacements``), which act on it
_SAID_OUTRIGHT = re.compile(
    r"\b(?:replace|swap|switch)\s+(?!(?:that|this|it)(?:\s+(?:step|one|bit|part|task))?\s+"
    r"(?:out\s+)?(?:with|for)\s*:)[^.!?;]{1,60}?\s+(?:with|for)\b",
    re.I,
)
# "so I just send her the money": the person's own doing after "so", what comes before is why
_SO_I_DO = re.compile(r"\b(?:so|jadi)\s+(?:(?:i|we)\s+)?(?:just\s+|only\s+)?", re.I)
# Words before what to do that say how the person decides, no part of the step: "rather get
# a desk lamp", "better just ring them", "jadi" (Indonesian "so"), "terus" ("then")
_LEAD_IN = re.compile(
    r"^(?:(?:rather|better|instead|so|then|jadi|terus|trus|lalu)\s+)+(?:just\s+)?", re.I
)
# Words of a piece that are none of its step: "just", "so it's register it with …"
_FILLER = re.compile(r"^(?:just|so|then|and|also|ok|okay)$", re.I)
_ITS = re.compile(r"^(?:so\s+)?(?:it'?s|its|it\s+is|you|firstly|first|so|now)\s+(?=\w)", re.I)
# Not said: asked or wondered ("should I just split it?", "maybe I'll ask Priya")
_UNSAID = re.compile(r"\?|\b(?:maybe|might|perhaps|not\s+sure|wondering|if\s+i)\b", re.I)


@dataclass(frozen=True)
class Rework:
    """What ``read_rework`` read: the words where the step is named (before the new steps),
    the new steps, and which of them are a thing with no verb of its own ("half now", "the
    stats chapters"), to take the verb of the step they replace."""

    named: str
    steps: list[str]
    things: frozenset[int]


# Verbs a step of a rework starts with beyond those of any new step (``says_what_to_do``)
_MORE_VERBS = frozenset(
    "offer leave plaster replaster film edit mail place split quote price review watch".split()
)


def _to_do(piece: str) -> bool:
    return says_what_to_do(piece) or piece.split()[0].lower() in _MORE_VERBS


def _thing(bare: str, sentence: str) -> bool:
    """A thing with no verb: after a word that starts one ("the stats chapters", "half
    now"), or a name, capital as the person wrote it ("ML theory papers")."""
    first = bare.split()[0] if bare.split() else ""
    return (
        _THING.match(bare) is not None
        or (
            first[:1].isupper()
            and not sentence.startswith(first)  # "Instead of …" at a sentence's head is no name
            and re.search(rf"(?<!\w){re.escape(first)}(?!\w)", sentence) is not None
        )
        or bool(re.match(r"[A-Z][A-Z0-9]+\b|[A-Z][a-z]+[A-Z]", first))
    )


def _said_small(bare: str, sentence: str) -> bool:
    """Whether the piece's first word was written in small letters (no name)."""
    first = _lower_first(bare).split()[0] if bare.split() else ""
    return first.isalpha() and first.islower() and re.search(rf"\b{first}\b", sentence) is not None


def _object_only(bare: str, sentence: str) -> bool:
    """A few words with no verb that go on the step before ("… paper plates and cutlery at
    Costco"): written in small letters, no sentence of their own."""
    said = _lower_first(bare)
    first = said.split()[0] if said.split() else ""
    return (
        # (a shop's name may be said with its owner's "'s": "socks at Dick's")
        re.fullmatch(r"[a-z0-9]+(?:\s+[\w'’-]+){0,3}", said) is not None
        and re.search(rf"\b{re.escape(first)}\b", sentence) is not None
        # what is said after "then" is a step of its own, never things of the step before
        # ("set up the new policy first, then stop the direct debit": THEN_EXAMPLES)
        and re.search(
            rf"\b(?:then|after\s+that|afterwards|next)\s*,?\s+{re.escape(first)}\b", sentence, re.I
        )
        is None
    )


def _steps_of(sentence: str, listed: bool = False) -> list[tuple[str, bool | None]]:
    """The steps one sentence gives, each with whether it is a thing with no verb (None: a
    step by its place in a list, its verb unknown); none when a piece is neither."""
    # "His brother Ed wants the fishing books so I'll mail those to him": what follows the
    # person's own will
    will = list(re.finditer(rf"\bso\s+(?={_WILL}\b)", sentence, re.I))
    # … or the person's own doing after "so", said in the present ("my cousin Ronke will get
    # them from Ilorin, so i just send her the money then …": what comes before is why)
    doing = [
        found
        for found in _SO_I_DO.finditer(sentence)
        if _to_do(sentence[found.end() :]) and found.start() > 0
    ]
    if will or doing:
        sentence = sentence[max(f.end() for f in will + doing) :]
    found: list[tuple[str, bool | None]] = []
    for piece in plan_prose.items(one_each_day(sentence)):
        piece = re.sub(r"\s+instead$", "", piece.strip(" ,.!"), flags=re.I)
        # (someone close and their will is no thing fronted: "my cousin Shawn gonna meet her
        # downstairs" is his step, never "Meet my cousin Shawn her downstairs", z274)
        fronted = None if doer_does(piece) else _FRONTED.match(piece)
        if fronted is not None:  # "the rest I'll take to the book sale"
            thing = fronted["thing"]
            piece = f"{fronted['verb']} {thing[0].lower()}{thing[1:]} {fronted['rest']}".strip()
        if _FILLER.match(piece):
            continue
        if _to_do(_LEAD_IN.sub("", piece)):
            piece = _LEAD_IN.sub("", piece)  # "rather get a rechargeable desk lamp"
        if _to_do(_ITS.sub("", piece)):
            piece = _ITS.sub("", piece)  # "so it's register it with mydeposits, then …"
        willed = _MINE.match(piece) is not None
        bare = _MINE.sub("", piece)
        own = _OWN_NOW.match(bare)
        if own is not None and _to_do(own["rest"]):
            bare = own["rest"]  # "and then I do one final video call"
        piece = cap(without_whose_word(bare))
        if not piece or _FILLER.match(piece):
            continue
        if found and len(piece.split()) == 1 and len(found[-1][0].split()) == 1:
            # "then replaster and paint": two verbs of one thing are one step
            found[-1] = (f"{found[-1][0]} and {piece.lower()}", False)
        elif _to_do(piece) or willed or _SOMEONE_ELSES.match(bare) or doer_does(bare):
            found.append((piece, False))
        elif (
            found
            and found[-1][1] is False
            and re.fullmatch(r"[A-Z][\w'’-]*", piece)
            and re.search(r"\b(?:with|for|to|from)\s+[A-Z][\w'’-]*$", found[-1][0])
        ):
            # "do a tasting with Ammi and Khala": a second name of whom the step is with, no
            # step of its own (``NAMES_JOINED_EXAMPLES``)
            found[-1] = (f"{found[-1][0]} and {piece}", False)
        elif found and found[-1][1] is False and _object_only(bare, sentence):
            # "pick up paper plates and cutlery at Costco": one errand's things
            found[-1] = (f"{found[-1][0]} and {_lower_first(bare)}", False)
        elif (_thing(bare, sentence) or (found and found[-1][1])) and len(piece.split()) <= 12:
            # (a thing after a thing is one too: "a bank transfer and then cash on the night")
            found.append((piece, True))
        elif listed and _said_small(bare, sentence) and not _THING.match(bare):
            # after "split it:", "so that's": a list, whose pieces start with what to do
            # even where the verb is none drbot knows ("float the mud bed")
            found.append((piece, None))
        else:
            return []
    return found


# A count of things, then as many days: "3 short trial mornings, mon wed fri", "two
# sessions (tue and thu)": one step a day (``ONE_EACH_DAY_EXAMPLES``)
_DAY = r"(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|nesday|rsday|urday|s)?"
_COUNT_OF_DAYS = re.compile(
    rf"(?P<head>.*?)\b(?P<count>two|three|four|five|[2-5])\s+(?P<thing>[a-z][a-z ]{{1,40}}?)s"
    rf"\s*(?:[,:(—-]\s*|\s+on\s+)(?P<days>{_DAY}(?:\s*(?:,|/|&|\band\b)?\s*{_DAY})+)\s*\)?$",
    re.I,
)


def one_each_day(sentence: str) -> str:
    """ "we do 3 short trial mornings, mon wed fri" → "we do a short trial morning on mon, do
    a short trial morning on wed, do …": the count's things one a day, each with the verb
    before them; the sentence as it is when the days are not as many as the count."""
    found = _COUNT_OF_DAYS.match(sentence.strip(" .!"))
    if found is None:
        return sentence
    days = [day[:1].upper() + day[1:] for day in re.findall(_DAY, found["days"], re.I)]
    count = found["count"].lower()
    if len(days) != dates.NUMBER_WORDS.get(count, int(count) if count.isdigit() else 0):
        return sentence
    verb = found["head"].split()[-1] if found["head"].split() else ""
    thing = found["thing"].strip()
    article = "an" if thing[:1].lower() in "aeiou" else "a"
    first = f"{found['head']}{article} {thing} on {days[0]}"
    rest = [f"{verb} {article} {thing} on {day}".strip() for day in days[1:]]
    return ", ".join([first, *rest])


def _closing(sentence: str) -> bool:
    """A sentence after the steps that is none: the change said again, or a word or two of
    feeling ("GREAT", "ugh typical")."""
    words = sentence.split()
    return (
        _CLOSING.match(sentence) is not None
        or replacements.is_reaction(sentence)
        or (0 < len(words) <= 2 and not _to_do(sentence) and _MINE.match(sentence) is None)
    )


def read_rework(text: str) -> Rework | None:
    """Why a step can't stay, then two or more things to do instead; None otherwise."""
    text = " ".join(_EMOJI.sub(". ", text).split()).strip()
    why = _WHY.search(text)
    if why is None or _UNSAID.search(text) or _SAID_OUTRIGHT.search(text):
        return None
    # the step said to be two or more ("in two parts", "needs carving up"): what follows is
    # its parts, things or steps, even in a sentence of its own
    parts = _PARTS.search(text[: why.end() + 40]) is not None
    if _NEW_PLAN_WHY.match(why.group()) and _TITLED_LIST.match(text[why.end() :]):
        # "… new plan: chicken vaccination - buy vaccine, vaccinate on sunday": a plan's
        # title, then its list — a new plan, never a step's new steps
        return None
    for kind, marks in enumerate(_STARTS):
        for start in marks.finditer(text, why.end()):
            listed = kind in (0, 1) or (parts and kind == 3)
            found = _read_from(text, start, listed=listed, instead=kind == 2)
            if found is not None:
                return found
    return None


def says_a_step_changes(text: str) -> bool:
    """Whether the words say a step is replaced by others, by any reader of replacements
    (its marks, "instead of X …", "swap X for …", "X is off, …") or in words of why ("X does Y
    now, so instead I just have to a and b"): news that is a change, never a note."""
    return any(
        read(text) is not None
        for read in (
            replacements.read_swap,
            replacements.read_replacement,
            replacements.read_change,
            replacements.read_instead,
            read_rework,
        )
    )


def _read_from(text: str, start: re.Match[str], *, listed: bool, instead: bool) -> Rework | None:
    sentences = [s for s in re.split(r"(?<=[.!;])\s+", text[start.end() :]) if s.strip(" .!;")]
    while sentences and _closing(sentences[-1].strip(" .!;")):
        sentences.pop()
    if len(sentences) > 1 and _DECISION.search(sentences[0].strip(" .!;")):
        sentences = sentences[1:]  # "so we're doing a potluck instead. I'll have to …"
    read = [_steps_of(s.strip(" .!;"), listed) for s in sentences]
    # a sentence before the steps that gives none is more of why ("after 3 hours of youtube
    # I'm out, not doing it myself. gonna get quotes …")
    first = next((i for i, found in enumerate(read) if found), len(read))
    pieces = [p for found in read[first:] for p in found]
    if not 2 <= len(pieces) <= 6 or any(not found for found in read[first:]):
        return None
    steps = real_steps([p for p, _ in pieces])
    things = frozenset(i for i, (_, thing) in enumerate(pieces) if thing)
    if not any(thing is False for _, thing in pieces) and any(t is None for _, t in pieces):
        return None  # a list none of whose steps starts with a verb drbot knows
    if len(steps) != len(pieces) or (len(things) == len(pieces) and not (listed or instead)):
        # only things, with no mark that a list of what to do follows: no steps
        return None
    # ("instead of me interviewing everyone, …": the words after "instead of" name the step)
    old = start.groupdict().get("old") or ""
    named = " ".join([text[: start.start()], old, *sentences[:first]])
    named = re.sub(
        rf"[,\s]*(?:so\s+)?{_POINTED}\s*$", "", " ".join(named.split()).strip(" .,;:-—"), flags=re.I
    )
    return Rework(named.strip(" .,;:-—"), steps, things)


def with_verb_of(old: str, rework: Rework) -> list[str]:
    """The new steps, a thing with no verb of its own taking the old step's verb ("Pay the
    deposit" → "Pay half now", "Book the practical day" → "Book a filmed session …")."""
    first = old.split()[0] if old.split() else ""
    verb = first if _to_do(old) and not first.lower().endswith("ing") else ""
    # ("Meeting with the solicitor" has no verb to give: its parts stay as said)
    return [
        f"{verb} {_lower_first(step)}" if i in rework.things and verb else step
        for i, step in enumerate(rework.steps)
    ]


# New steps cut by class (read_rework): "new plan (for X):" after what went wrong starts them;
# "so I just …" starts the person's own, what is said before it is why; a lead-in that says how
# the person decides ("rather") is no part of a step; Pidgin's "X go <verb>" is someone else's
# step, kept with its doer
NEW_WAY_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    # "change plan:" after what went wrong (z191, z196), "new way for X:" (z168)
    (
        "nobody wants to buy the desk 😩 change plan: post it free in the wechat group, then "
        "get whoever takes it to pick up before the 10th",
        ("Post it free in the wechat group", "Get whoever takes it to pick up before the 10th"),
    ),
    # advice taken after why: "better <what to do>" starts the new steps (z217; z182)
    (
        "about the khashaa roof - my brother says dont fix the old one its rotten, better buy "
        "new tin sheets in Bulgan center and he builds a new roof with the neighbor",
        ("Buy new tin sheets in Bulgan center", "He builds a new roof with the neighbor"),
    ),
    # "so change plan," with a comma, as "so change of plan," (z205; z167)
    (
        "lorry not coming at all so change plan, i will hire Rajesh truck to take the cane to "
        "the mill, then pay him after the cane payment comes",
        ("Hire Rajesh truck to take the cane to the mill", "Pay him after the cane payment comes"),
    ),
    # "change it:" after what went wrong, as "change plan:" (z69, z142, z221)
    (
        "speech therapy at the clinic is impossible, no way to get her there 3 times a week. "
        "change it: ask her neurologist for a home health referral, then schedule the therapist "
        "to come to the house",
        (
            "Ask her neurologist for a home health referral",
            "Schedule the therapist to come to the house",
        ),
    ),
    # … and with a word for the step ("change that part:", z275)
    (
        "cargo dhoni to addu is too slow, 3 weeks. change that part: book air cargo at velana, "
        "then pick it up at gan airport",
        ("Book air cargo at velana", "Pick it up at gan airport"),
    ),
    (
        "garage ni expensive mno. new way for the boda: I buy the spare parts myself, then fix "
        "it at home",
        ("Buy the spare parts myself", "Fix it at home"),
    ),
    (
        "the caterer is a nightmare. new plan: my aunty Bisi go cook the jollof, then i buy "
        "drinks from Shoprite",
        ("My aunty Bisi go cook the jollof", "Buy drinks from Shoprite"),
    ),
    (
        "the van is too small. new plan for the move: hire a luton from the depot, then ask Sam "
        "to drive it",
        ("Hire a luton from the depot", "Ask Sam to drive it"),
    ),
    (
        "change of plan for the cake, the bakery is closed for good. my sister will bake it, so "
        "i just buy the candles then pick it up from her on friday",
        ("Buy the candles", "Pick it up from her on friday"),
    ),
    (
        "the gym membership is way too pricey. rather get a skipping rope and a set of "
        "dumbbells for the flat",
        ("Get a skipping rope", "A set of dumbbells for the flat"),
    ),
    (
        "We're not paying for a band at these prices. New idea: Sam plays guitar for the first "
        "set and we borrow the club's speakers for the second",
        ("Sam plays guitar for the first set", "Borrow the club's speakers for the second"),
    ),
    (
        "the piano lessons are too much for him. instead of the hour on saturday we do two "
        "short lessons, tue and thu",
        ("Do a short lesson on Tue", "Do a short lesson on Thu"),
    ),
)
# … and a thing that is several after "the" ("the stats chapters") is no one doing something:
# it takes the old step's verb (text, old step, new steps)
NO_ONE_DOING_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "the reading is way too big to be one thing. split it: ML papers, and the stats chapters",
        "Finish the reading",
        ("Finish ML papers", "Finish the stats chapters"),
    ),
)
NEW_WAY_NEAR_MISSES: tuple[str, ...] = (
    # at the start, "new plan for X:" is a plan's title, never a change
    "so new plan for the kitchen: paint the cupboards, then change the handles",
    "new plan for the garden: dig the beds, then buy seeds",
    # "better" that is no advice taken: "better than", "better luck", "better not"
    "my brother says dont fix the old one, it is better than nothing and we wait",
    "the old roof is rotten, better luck next year with the hay and the truck",
    "my brother says dont fix the old one, better not buy new sheets and just wait",
    # "change plan," at the start, after no words of why: a plan's talk, no rework
    "change plan, i will hire a truck, then pay the driver",
    # "change it:" opening the message names no step that went wrong
    "change it: paint the cupboards, then swap the handles",
    "change that part: book air cargo, then pick it up at the airport",
    # "change that part" with no colon says no new way
    "the cargo dhoni is too slow but i can't change that part, book air cargo then pick it up",
    # "go" with a place is no one's will
    "the caterer is a nightmare. new plan: my aunty go to the market",
    # a name and what they think is why, never a step
    "We're not paying for a band at these prices. New idea: Sam says it's fine",
    # a title, then a dash and its list: a new plan
    "I also need to sort the hens. new plan: hen vaccination - buy the vaccine, vaccinate them "
    "on sunday, write it in the book",
)


ONE_EACH_DAY_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "change for the trial: instead of one full shift we do 3 short trial mornings, mon wed fri",
        (
            "Do a short trial morning on Mon",
            "Do a short trial morning on Wed",
            "Do a short trial morning on Fri",
        ),
    ),
    (
        "the weekly class is too much for her. so instead book two short sessions (tue and thu)",
        ("Book a short session on Tue", "Book a short session on Thu"),
    ),
)
# the days not as many as the count: no step a day
ONE_EACH_DAY_NEAR_MISSES: tuple[str, ...] = (
    "we do 3 short trial mornings, mon Wed",
    "book two rooms, one for mum",
)


def _lower_first(step: str) -> str:
    """ "The stats chapters" → "the stats chapters"; "ML theory papers" stays."""
    return step if step[1:2].isupper() else step[:1].lower() + step[1:]


# A step said to be changed, with what comes instead (``read_rework``): (text, steps, the
# indexes of the things with no verb)
REWORK_EXAMPLES: tuple[tuple[str, tuple[str, ...], frozenset[int]], ...] = (
    (
        "Mia's a no for Saturday. so instead ask Jo about it, and offer Sam my Sunday shift",
        ("Ask Jo about it", "Offer Sam my Sunday shift"),
        frozenset(),
    ),
    (
        "the garage cant do the 3rd now, their ramp is broken 😩 instead ill ring Kwik Fit "
        "and check if Halfords has a slot",
        ("Ring Kwik Fit", "Check if Halfords has a slot"),
        frozenset(),
    ),
    (
        "changed my mind on the skip hire, way too dear. gonna take it to the tip myself and "
        "give the rest away on freecycle instead",
        ("Take it to the tip myself", "Give the rest away on freecycle"),
        frozenset(),
    ),
    (
        "the garden clearance is way too big to be one job. split it: the front beds, the back "
        "lawn, and the shed",
        ("The front beds", "The back lawn", "The shed"),
        frozenset({0, 1, 2}),
    ),
    (
        "The wedding speech needs carving up. Ali will write the jokes, I'll do the thank-yous, "
        "and then I'll practise it on Mum.",
        ("Ali will write the jokes", "Do the thank-yous", "Practise it on Mum"),
        frozenset(),
    ),
    (
        "turns out the venue don't take cards anymore - it's a bank transfer for the deposit "
        "and then cash on the night",
        ("A bank transfer for the deposit", "Cash on the night"),
        frozenset({0, 1}),
    ),
    (
        "Council now require a drainage survey first. So: book the surveyor, send them the "
        "plans, then resubmit the application. More forms, more fees, great",
        ("Book the surveyor", "Send them the plans", "Resubmit the application"),
        frozenset(),
    ),
    (
        "I'm not going to sell the bike after all. My nephew wants it so I'll give it to him, "
        "and the helmet I'll take to the charity shop.",
        ("Give it to him", "Take the helmet to the charity shop"),
        frozenset(),
    ),
    (
        "the boiler service isn't just a service, the flue is shot. engineer says: get the flue "
        "replaced, leave it a week, then test and certify. So change that one",
        ("Get the flue replaced", "Leave it a week", "Test and certify"),
        frozenset(),
    ),
    (
        "the caterer has closed down so we're doing a buffet instead. I'll have to ask everyone "
        "to bring a dish, and pick up plates and napkins at Tesco.",
        ("Ask everyone to bring a dish", "Pick up plates and napkins at Tesco"),
        frozenset(),
    ),
    (
        "the garage says don't bother with the clutch. now I have to sell the car, then buy a "
        "cheap runaround. typical",
        ("Sell the car", "Buy a cheap runaround"),
        frozenset(),
    ),
    (
        "the hire company wont rent the minibus to under 25s. so new plan: ask Kim to drive "
        "her van and ask Raj to bring his car",
        ("Ask Kim to drive her van", "Ask Raj to bring his car"),
        frozenset(),
    ),
    (
        "the surveyor's visit will have to be done in two parts. Firstly a look at the roof "
        "from the ladder, and then a drone survey of the chimney. Kind regards, Maureen",
        ("A look at the roof from the ladder", "A drone survey of the chimney"),
        frozenset({0, 1}),
    ),
    (
        "Scrapping the flat-pack wardrobe. Building one into the alcove instead, so that's "
        "batten the wall, hang the doors, then fit the rail",
        ("Batten the wall", "Hang the doors", "Fit the rail"),
        frozenset(),
    ),
)
# A step said to be several, with no count (``_SEVERAL``): what follows are its steps
SEVERAL_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "spoke to the accountant about the licence. it's not one thing: first open a business "
        "account, then apply on the portal, then sign the contract with her",
        ("Open a business account", "Apply on the portal", "Sign the contract with her"),
    ),
    (
        "so 'renew online' is actually a whole process — gotta make an account on the portal, "
        "upload the photos, then book a slot. swap that in instead of the one step pls",
        ("Make an account on the portal", "Upload the photos", "Book a slot"),
    ),
    (
        "the boiler service isn't a single job: book the engineer, then clear the cupboard",
        ("Book the engineer", "Clear the cupboard"),
    ),
    (
        "getting the visa is more than one step. fill in the form, then pay the fee",
        ("Fill in the form", "Pay the fee"),
    ),
)
# The step someone else does now (``_THEIRS_NOW``), then what the person has to do instead
THEIRS_NOW_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "update: county writes the risk assessment now, so I just have to fill in the EV1 "
        "form and get the head to sign it",
        ("Fill in the EV1 form", "Get the head to sign it"),
    ),
    (
        "the school's booking the coach now, so we need to collect the money and send the letters",
        ("Collect the money", "Send the letters"),
    ),
    (
        "my sister takes care of the flowers now. I'll order the cake and book the photographer",
        ("Order the cake", "Book the photographer"),
    ),
)
# "instead of X" that ends at a comma or at what someone wants now names the step; the new
# steps follow (someone else's kept as said, the person's own "then I do X" as "Do X"); a
# thing with no verb takes the old step's
INSTEAD_OF_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "change of plan for the party. instead of me ringing everyone, Ayesha will text the "
        "group and then I book the hall",
        "me ringing everyone",
        ("Ayesha will text the group", "Book the hall"),
    ),
    (
        "the shoot's changed — instead of one long day they want a morning session and then a "
        "short evening slot",
        "one long day",
        ("A morning session", "A short evening slot"),
    ),
    (
        "the course has changed, instead of the exam they need a portfolio and a short interview",
        "the exam",
        ("A portfolio", "A short interview"),
    ),
    (
        # X ends where the person's own will starts, said with its "i" ("i gotta")
        "chemist can't get them in so instead of picking them up i gotta ring round the "
        "others and then get the doc to send the script on",
        "picking them up",
        ("Ring round the others", "Get the doc to send the script on"),
    ),
)
INSTEAD_OF_NEAR_MISSES: tuple[str, ...] = (
    # (the person's own will is no part of X: never "Replace … with" the steps after the first)
    "the agent's valuation won't do. instead of that I've got to find a surveyor, then wait",
    "change of plan. instead of me ringing everyone, Ayesha will",  # no steps
    "the format has changed, instead of one session",
    "nothing's changed, instead of worrying I'll ring them and then book it",  # no why
)
# The step named before, pointed back at and swapped ("swap that step for:"): the words before
# name it, the list after the colon is what comes instead
POINTED_SWAP_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "the agency's filing it themselves, so swap that step for: send them the duties, and "
        "review their draft",
        "the agency's filing it themselves",
        ("Send them the duties", "Review their draft"),
    ),
    (
        "the council does the survey now. replace that one with: book the visit, then pay the fee",
        "the council does the survey now",
        ("Book the visit", "Pay the fee"),
    ),
    (
        "the hotel does transfers, so change it to: email them our flight times, and confirm "
        "the pickup",
        "the hotel does transfers",
        ("Email them our flight times", "Confirm the pickup"),
    ),
)
POINTED_SWAP_NEAR_MISSES: tuple[str, ...] = (
    "swap that step for the other one",  # no list after a colon
    "the agency's filing it, so swap that step for:",
    "maybe swap that step for: send them the duties, and review their draft?",  # asked
)
# More words of why: the step's thing judged no good ("is rubbish", "useless"), a place booked
# solid, what the step was said to have changed ("X's changed —"); and what whoever the plan is
# for will do, said by "he"/"she" after "instead"
MORE_WHY_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "the workbook is rubbish tbh. Instead he's going to watch the videos and then do one "
        "worksheet per topic",
        ("Watch the videos", "Do one worksheet per topic"),
    ),
    (
        "the booking app's useless, so instead ring the surgery and book it at the desk",
        ("Ring the surgery", "Book it at the desk"),
    ),
    (
        "the vets are booked solid till march. need to ring the other practice and book the "
        "jab there",
        ("Ring the other practice", "Book the jab there"),
    ),
    (
        "so 'renew the passport' is not one thing it turns out. it's fill in the form, get the "
        "photos signed, and book the appointment. paperwork is my cardio",
        ("Fill in the form", "Get the photos signed", "Book the appointment"),
    ),
)
MORE_WHY_NEAR_MISSES: tuple[str, ...] = (
    "the workbook is rubbish tbh",  # nothing to do instead
    "the vets are booked solid till march, typical",
    "the date's changed, no idea why",
    "nothing has changed, I'll ring them and book it",  # nothing changed
)
THEIRS_NOW_NEAR_MISSES: tuple[str, ...] = (
    "I do it now, so I have to fill in the form and get it signed",  # the person's own
    "county writes the risk assessment now",  # nothing to do instead
    "the school's booking the coach now, great",
)
SEVERAL_NEAR_MISSES: tuple[str, ...] = (
    "it's not one thing after another today, thank god",  # no steps follow
    "the move was a whole saga but it's done now",
    "the visa is more than one step away, ugh",
)
REWORK_NEAR_MISSES: tuple[str, ...] = (
    # "new plan:" at the start is a plan's title, not a change
    "new plan: VAT registration. get accountant to check threshold, register on hmrc",
    # no new steps, or one
    "Mia's a no for Saturday, gutted",
    "changed my mind on the skip hire. gonna take it to the tip",
    "the garden clearance is way too big to be one job",
    # asked or wondered, not said
    "the garage cant do the 3rd now. maybe I'll ring Kwik Fit and check Halfords?",
    "the reading list is too big to be one thing. should I split it: theory, stats?",
    # no word of why the step can't stay
    "ring Kwik Fit and check if Halfords has a slot",
    "rang the garage. so: ring Kwik Fit, then check Halfords",
    # what follows is news, no steps
    "nan cant do tuesdays. her hip is bad again and she is tired",
    "the garage can't do the 3rd now. the ramp is broken, the lad is off sick",
    # a sentence of things said with no mark of a list
    "the venue don't take cards anymore. the deposit and the balance",
)


# A name joined by "and" to the person a step is with, for or to is no step of its own:
# (message, new steps read)
NAMES_JOINED_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Deg wala idea drop. Ammi wants a proper caterer now, so instead: get quotes from 3 "
        "caterers, then do a tasting with Ammi and Khala",
        ("Get quotes from 3 caterers", "Do a tasting with Ammi and Khala"),
    ),
)
NAMES_JOINED_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "the reading list is way too big to be one thing. split it: ML theory papers, the "
        "causal inference papers, and the stats textbook chapters",
        ("ML theory papers", "The causal inference papers", "The stats textbook chapters"),
    ),
)


# What is said after "then" is a step of its own, whatever its verb: (message, new steps read)
THEN_EXAMPLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "for cancelling the old policy my friend says don't just cancel it, do it in this "
        "order: set up the new policy first, then stop the direct debit, then write to the old "
        "insurer to close it",
        (
            "Set up the new policy",
            "Stop the direct debit",
            "Write to the old insurer to close it",
        ),
    ),
)
THEN_NEAR_MISSES: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "Bad news, Marlene's Catering has closed up shop so we're doing a potluck instead. I'll "
        "have to make up a sign-up sheet, and pick up paper plates and cutlery at Costco.",
        ("Make up a sign-up sheet", "Pick up paper plates and cutlery at Costco"),
    ),
)


def doer_does(piece: str) -> bool:
    """Whether a new step is said as someone close doing it (``DOER_EXAMPLES``)."""
    return _DOER_DOES.match(piece.strip()) is not None
