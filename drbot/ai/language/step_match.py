"""Which step does "got the photos" mean?  Steps named by their words, fuzzily.

People name steps by what they did, not by number: "got the photos" is step
"Get photos", "the van is booked" is "Book the van", "✓ form" is "Fill in the
form".  Both sides are reduced to content stems (no stopwords; irregular
verbs and a few synonyms mapped to one word; plural and tense endings cut),
then every stem of a step title is looked for among the message's stems with
rapidfuzz, so typos still match.  A step's score is the weighted share of its
stems found; common action verbs weigh less than the things acted on, so
"booked it" alone never matches "Book the van".

The current plan's steps come first (the plan being talked about);
other active plans only when it has nothing close.  When two steps are close
the result is ambiguous and the caller asks instead of guessing: a wrong write
is worse than none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rapidfuzz.distance import OSA

from drbot.ai.language import letters, thing_words
from drbot.memory.records import FINISHED, Plan, Step

MIN_SCORE = 0.5  # below this a step is not a candidate at all…
WEAK_SCORE = 0.3  # …unless several share the words: then it is a question
CLEAR_LEAD = 0.15  # the best must beat the runner-up by this much to be chosen
CURRENT_BONUS = 0.1  # the plan being talked about wins a near tie

STOPWORDS = frozenset(
    """
a an the my our your his her their its this that that's thats these those some any all of to for with
on in at by from into onto off up out about over and or but so then now just already also
is are was were be been being am i i'm im i've ive we we've you it it's its me us them they
him he she
have has had do does did done will would can could should shall may might must get got
finally yay ok okay yes yeah yep nope no not too very really still again step plan
both each either
""".split()
) - {"get", "got", "done", "do", "did", "up", "out", "off", "no", "not"}

# The small words of a verb ("clean out", "pick up", "sell off"): part of its action,
# never a thing ("sold out" names no step "Clean out the shed").
PARTICLES = frozenset("up out off down".split())

# Verbs every plan has; they say little about *which* step is meant.
LIGHT = frozenset(
    """
get make do book call send fill buy pay order find ask check pick set write email go take
see sort arrange organise organize finish start try contact phone ring sign submit put
""".split()
)

IRREGULAR = {
    "got": "get",
    "gotten": "get",
    "tried": "try",
    "tries": "try",
    "sent": "send",
    "bought": "buy",
    "paid": "pay",
    "made": "make",
    "did": "do",
    "done": "do",
    "rang": "call",
    "rung": "call",
    "spoke": "speak",
    "told": "tell",
    "wrote": "write",
    "written": "write",
    "found": "find",
    "took": "take",
    "taken": "take",
    "gave": "give",
    "given": "give",
    "brought": "bring",
    "left": "leave",
    "kept": "keep",
    "met": "meet",
    "sold": "sell",
    "built": "build",
    "chose": "choose",
    "chosen": "choose",
    "drove": "drive",
    "driven": "drive",
    "went": "go",
    "gone": "go",
    "began": "start",
    "begun": "start",
    "hung": "hang",
    "saw": "see",
    "seen": "see",
    "ate": "eat",
    "won": "win",
    "lost": "lose",
    "forgot": "forget",
    "came": "come",
    "bled": "bleed",
    "fed": "feed",
    "dug": "dig",
    "swept": "sweep",
    "spent": "spend",
    "lent": "lend",
    "laid": "lay",
    "ran": "run",
    "rode": "ride",
    "ridden": "ride",
    "flew": "fly",
    "flown": "fly",
    "threw": "throw",
    "thrown": "throw",
    "froze": "freeze",
    "frozen": "freeze",
    "bent": "bend",
    "caught": "catch",
    "taught": "teach",
    "sang": "sing",
    "sung": "sing",
    "woke": "wake",
    "sewn": "sew",
    "hid": "hide",
    "hidden": "hide",
    "shook": "shake",
    "stood": "stand",
    "wore": "wear",
    "worn": "wear",
    "tore": "tear",
    "torn": "tear",
}
# Words for the very same thing: an abbreviation ("appt", "pics"), a spelling, a nickname, a
# plain synonym. Matched as the title's own word, so written at once. A word for a thing
# that is not always the same thing ("estimate" for a quote, which binds no one; a "hall"
# for the venue, or the hallway) is thing_words' family: offered, never written at once.
SYNONYMS = {
    "pic": "photo",
    "pics": "photo",
    "picture": "photo",
    "photograph": "photo",
    "invitation": "invite",
    "invitations": "invite",
    "appt": "appointment",
    "app": "application",  # "stanford app is in"
    "apps": "application",
    "dr": "doctor",
    "gp": "doctor",  # "booked in with Dr Patel" is the GP appointment
    "doc": "doctor",
    "cert": "certificate",
    "certs": "certificate",
    "ring": "call",
    "phone": "call",
    "phoned": "call",
    "telephone": "call",
    "purchase": "buy",
    "reserve": "book",
    "reserved": "book",
    "organize": "organise",
    "e-mail": "email",
    "mail": "email",
    "quotation": "quote",
    "tidy": "clean",
    "begin": "start",
    "commence": "start",
    "solicitor": "solicitor",
    "lawyer": "solicitor",
    "dues": "fee",
    "meds": "prescription",
    "medication": "prescription",
    "muck": "clean",  # "mucked out the shed"
    "ident": "id",
    "identification": "id",
    "identity": "id",
    "zertifikat": "certificate",
    "insurer": "insurance",
    "insure": "insurance",
    "rads": "radiator",
    "miler": "mile",  # "the 20 miler"
    "tshirt": "shirt",  # "t-shirts" are "t" and "shirts"
    "genset": "generator",
    "store": "shop",  # "the etsy store is LIVE"
    "payment": "pay",  # "payment went through" is paying
    "payments": "pay",
    "genny": "generator",
    # a tradesman by his nickname: "sparky's on holidays" is the electrician (every sparky is
    # an electrician and every electrician a sparky: the same person, said plainly)
    "sparky": "electrician",
    "sparkie": "electrician",
    "sparkies": "electrician",
    "sparkys": "electrician",
    # verbs of an outcome that finish a fix: "login bug squashed", "solved the leak"
    "squash": "fix",
    "solve": "fix",
    "resolve": "fix",
    "ref": "reference",  # "no need for refs"
    "refs": "reference",
    "presents": "gift",  # "no presents this time" ("present" alone is also a verb)
    "pressies": "gift",
    "prezzies": "gift",
    "children": "kid",
    "child": "kid",
    "kiddies": "kid",
    "kiddos": "kid",
    # Malay for a thing, typed in English news (z179 "tayar dah tukar", z194 "front two
    # tayar change already")
    "tayar": "tyre",
}


def stem(word: str) -> str:
    """A crude English stem: enough to meet "booked"/"book", "photos"/"photo"."""
    word = word.lower().strip("'")
    if word in IRREGULAR:
        return IRREGULAR[word]
    if word in SYNONYMS:
        return SYNONYMS[word]
    if word.endswith("'s"):
        word = word[:-2]
    if word.endswith("ings") and len(word) > 6:
        word = word[:-1]  # "drawings" → "drawing" → "draw", like "drawing"
    for suffix in ("ies", "ied", "ing", "ed", "es", "s"):
        if (
            word.endswith(suffix)
            and len(word) - len(suffix) >= 3
            and not word.endswith(("ss", "eed"))  # "bleed", "need" are no past tense
        ):
            base = word[: -len(suffix)]
            if suffix in ("ies", "ied"):
                base += "y"
            elif (
                suffix in ("ing", "ed")
                and len(base) >= 4
                and base[-1] == base[-2]
                and base[-1] not in "lsz"
            ):
                base = base[:-1]  # "getting" → "get", but "filled" stays "fill"
            elif suffix == "es" and not base.endswith(("x", "ch", "sh", "o")):
                base = word[:-1]  # "invites" → "invite", "boxes" → "box"
            word = base
            break
    return SYNONYMS.get(word, word)


# A code spelt with a hyphen is one word: "DS-160" is "ds160" ("e-bike" stays two: the
# replacement reader tells "ebike" from "e-bike")
_JOINED = re.compile(r"\b([a-z]+)-(?=\d)")


# A place or thing named by a noun of two words whose first is also a verb ("in the post
# office" posts nothing, "the call centre" calls no one): one word, so its first word never
# stands for the verb of a step, unless the place is where the person is going. Said on both
# sides alike, so "Go to the post office" still meets "went to the post office".
_COMPOUND_NOUNS = re.compile(
    # (a place gone to is where the verb will be done: "heading to the post office to send
    # the form" is on the way to post it)
    r"(?<!\bto\sthe\s)(?<!\bto\s)\b(post|sorting|booking|ticket|call|book|print|paint|car)\s+"
    r"(office|box|centre|center|shop|wash|desk)\b"
)


_STEM_WORD = re.compile(rf"{letters.WORD}(?:'{letters.WORD})?")
# An article or a preposition elided onto the next word, as Italian and French write them
# ("l'assicurazione", "dell'ufficio", "carte d'identité"): no part of the word ("o'clock",
# "y'all" are English words of their own)
_ELIDED = re.compile(r"(?<![\w'])(?:l|d|dell|dall|nell|sull|all|qu)'(?=[a-z])")


# A thing got off a website is downloaded: "get the licence form off the council site" is
# "Download the licence form", never "Send the form to the council" (a thing got in person
# stays got: "got the form from the council office", "got the skip from the building site")
_GOT_ONLINE = re.compile(
    r"\b(?:get|gets|got|getting|grab|grabbed|grabbing|pull|pulled|pulling)"
    r"(?=\s+(?:\S+\s+){0,5}?(?:off|from)\s+(?:the\s+|their\s+|his\s+|her\s+|our\s+)?"
    r"(?:\S+\s+){0,1}?(?:(?:council|gov\w*|official|booking|bank|shop|company|school|uni)\s+"
    r"site|website|web\s+site|portal|internet|web|online)\b)",
    re.I,
)


# Someone reached on the phone is called: "finally got thru to walgreens" is a call made, never
# a thing got ("Get prior authorization")
_GOT_THROUGH = re.compile(
    r"\b(?:got|get|getting|gets)\s+(?:through|thru)\s+to\b|\b(?:got|get|getting)\s+hold\s+of\b",
    re.I,
)


# Signing up is registering: "tried to register for the race" of "Sign up for the 10km" (z194),
# "tried signing up on shopeefood merchant" of "Register the shop account" (z144). Said on
# both sides alike, one verb of its own ("sign" alone is any form's, "sign up sheet" a thing).
# (a sign put up is no one signing: "Put the signs up", "get the sign up")
_SIGNED_UP = re.compile(
    r"(?<!\bthe\s)(?<!\ba\s)(?<!\bour\s)(?<!\bmy\s)(?<!\bnew\s)(?<!\bshop\s)"
    r"\bsign(?:ed|ing)?(?:\s+|-)?up\b(?!\s*-?\s*(?:sheet|form|page|link|fee|bonus)s?\b)",
    re.I,
)


def content_stems(text: str) -> list[str]:
    # (words of any script, accents folded: "Bürgeramt" is one word, "burgeramt")
    text = _SIGNED_UP.sub("register", text)
    text = _GOT_ONLINE.sub("download", text)
    text = _GOT_THROUGH.sub("called", text)
    text = _JOINED.sub(lambda m: m[1], letters.fold(text))
    text = _COMPOUND_NOUNS.sub(lambda m: m[1] + m[2], text)
    text = _ELIDED.sub("", text)
    words = re.findall(_STEM_WORD, text)
    return [stem(w) for w in words if w not in STOPWORDS or w in IRREGULAR]


def same_word(a: str, b: str) -> bool:
    """Two stems for one word: equal, the same but for an "e", or a likely typo."""
    return _same(a, b)


# A number of three digits or more, and the same number under a short letter code ("765",
# "i765"; "160", "ds160")
_CODE_DIGITS = re.compile(r"(?P<n>\d{3,}) [a-z]{1,3}(?P=n)")


# Jobs done again under "re-" ("Regrout the tiles", "Repaint the door"): the job said
# plainly is the same ("GROUT FINISHED"); other words under "re-" are other words
# ("place"/"replace", "lease"/"release", "sign"/"resign")
_DONE_AGAIN = frozenset(
    "grout paint plaster tile seal varnish stain decorate carpet roof felt point wire "
    "upholster pot turf gravel polish glaze lacquer stitch caulk pave thatch".split()
)


def _same(a: str, b: str) -> bool:
    if a == b or (a.rstrip("e") == b.rstrip("e") and len(a.rstrip("e")) >= 3):
        return True  # "move" and "mov(ing)": the stem lost its e
    if _one_romance_verb(a, b) or _one_romance_verb(b, a):
        return True  # "calibrando"/"calibrar", "contratei"/"contratar", "pesamos"/"pesar"
    if _CODE_DIGITS.fullmatch(a + " " + b) or _CODE_DIGITS.fullmatch(b + " " + a):
        return True  # "the 765 thing" for "Fill out I-765": a form's number said alone
    if min(len(a), len(b)) < 4 or a.isdigit() or b.isdigit():
        return False  # "van"/"fan", "form"/"from": short words must be exact
    if _of_ation(a, b) or _of_ation(b, a):
        return True  # "valuation"/"valu(ed)", "quotation"/"quot(e)", "preparation"/"prepar(e)"
    if a.startswith(b) or b.startswith(a):
        return min(len(a), len(b)) >= 5  # "photograph"/"photo" no, "invit"/"invite" yes
    short, long = sorted((a, b), key=len)
    if len(short) >= 5 and len(long) - len(short) >= 3 and long.endswith(short):
        return True  # "paper" of "newspaper" (not "light" of "flight")
    if long == "re" + short and short in _DONE_AGAIN:
        return True  # "grout" of "Regrout the tiles", "paint" of "Repaint the door"
    if any(len(r) >= 6 for r in _roots(a) & _roots(b)):
        return True  # "assessor"/"assessment", "reflections"/"reflective", "finances"/"financial"
    a, b = a.replace("ph", "f"), b.replace("ph", "f")
    if a == b:
        return True  # "fotos" for "photos": spelt as said
    if min(len(a), len(b)) < 5 or (min(len(a), len(b)) < 6 and len(a) == len(b)):
        # "leave"/"lease", "case"/"chase": one letter changed in a short word, or one more
        # in a word of four, is another word ("tshirt" for "shirt" is still a typo)
        return False
    # a typo is a letter or two astray after the first ("appointmnet"), not two words that
    # share most letters ("cancel"/"chance", "light"/"flight")
    return a[0] == b[0] and OSA.distance(a, b) <= (1 if max(len(a), len(b)) <= 7 else 2)


# A Spanish or Portuguese verb as people say it against the infinitive a step is named by
# ("Calibrar os pneus", "Coser los bordes", "Contratar ajudante"): the gerund ("calibrando",
# "cosiendo"), the past of "I" in Portuguese ("contratei", "troquei" of "trocar"), of "we"
# ("pesamos") and the participle ("encargados"), each cut as ``stem`` leaves it ("pesamo").
# Only these endings, which English verbs do not take, meet an infinitive's root, three
# letters or more: "ordered" is still "order", and "paga", "pagou" meet nothing.
_ROMANCE_FORM = re.compile(r"(?:ando|iendo|endo|indo|amos?|emos?|imos?|ados?|adas?|ei)$")
_INFINITIVE = re.compile(r"(?:ar|er|ir)$")


def _one_romance_verb(form: str, infinitive: str) -> bool:
    """A Spanish or Portuguese form of the verb whose infinitive is ``infinitive``."""
    if not _INFINITIVE.search(infinitive):
        return False
    root = _INFINITIVE.sub("", infinitive)
    said = form
    if said.endswith(("quei", "guei")):  # "troquei" of "trocar", "paguei" of "pagar"
        said = said[:-4] + ("c" if said.endswith("quei") else "g") + "ei"
    stripped = _ROMANCE_FORM.sub("", said)
    if stripped != said and len(root) >= 3 and stripped == root:
        return True
    # the past of "I" in Spanish, "compré" of "comprar" (folded, or typed without its accent:
    # "ya compre el turkey", z239; "contraté a Wandy", z232): an "-ar" verb only, its root
    # four letters or more, since English has words of a root and an "e" ("time"/"timer",
    # "sole"/"solar")
    return infinitive.endswith("ar") and len(root) >= 4 and said == root + "e"


# The endings that make a noun or an adjective of a word ("assess": "assessor", "assessment";
# not "-er", which makes a thing of a verb: "printer" is no "print")
_DERIVED = re.compile(r"(?:ment|ion|ive|ial|ance|ence|ity|or|al)$")


def _of_ation(noun: str, verb: str) -> bool:
    """The noun a verb makes with "-ation" ("valuation" of "value", "registration" of
    "register"), its root four letters or more ("notation", "station" are no "note", "stat")."""
    root = noun[:-5] if noun.endswith("ation") else ""
    # (a verb in "-er" drops its "e": "registration" of "register", "filtration" of "filter")
    return len(root) >= 4 and (
        root == verb.rstrip("e") or (root.endswith("r") and root[:-1] + "er" == verb)
    )


def _roots(word: str) -> set[str]:
    """The word and the word without the ending that made it a noun or adjective, each
    without a final e ("finance": "financ"; "financial": "financial", "financ")."""
    return {word.rstrip("e"), _DERIVED.sub("", word).rstrip("e")}


# Verbs that finish the same kind of step: "picked up the dowels" is "Buy dowels" done.
_ACTIONS = (
    frozenset("buy get pick order collect".split()),
    frozenset("call phone ring contact email".split()),
    # ("all sent off" is a form posted as much as quotes sent)
    frozenset("send post mail submit lodge".split()),
)


def _said_words(text: str) -> list[str]:
    """The words as said, apostrophes kept ("didn't"), accents folded."""
    return re.findall(rf"(?:{letters.WORD}|')+", letters.fold(text))


# Steps that are done when their thing comes to the person: "Get a tax ID", "Order the
# fondant", "Wait for the letter" (a thing arriving does not fill in a form).
GETTING = frozenset(
    "get buy order collect receive wait await apply request obtain source fetch chase".split()
)


# Words between a verb and its thing: "flogged another 35 tickets", "trialled a barista"
_COUNTING = frozenset(
    "a an the another more some few couple of my our his her their all every each both single".split()
)


def acted_on(action: str, title: str) -> bool:
    """The action is a past-tense verb whose object is a thing of the step: "flogged
    another 35 tickets" of "Sell tickets", not "the guy came round to look at the van"
    of "Book the van"."""
    words = [w for w in _said_words(action) if w not in ("i", "we", "just")]
    if len(words) < 2 or not (words[0] in IRREGULAR or re.fullmatch(r"\w{3,}ed", words[0])):
        return False
    rest = [w for w in words[1:] if w not in _COUNTING and not w.isdigit()]
    return bool(rest) and any(_same(stem(rest[0]), t) for t in _title_things(title))


def _title_things(title: str) -> list[str]:
    """The things a step's title names: its stems but its light verbs and particles."""
    return [s for s in content_stems(title) if s not in LIGHT and s not in PARTICLES]


# Words of when, said between a verb and its thing: "applied today", "booked it this morning"
WHEN_WORDS = frozenset(
    "today yesterday tonight morning afternoon evening earlier later finally already again "
    "last week night this".split()
)


def names_none_of(words: str, title: str, plan_title: str) -> bool:
    """The words name things, none of them the step's or its plan's. A word with a digit
    is no thing of its own ("5 years"), but names the step when the step has it ("got my
    P60s from payroll" names "Collect P60s")."""
    own = content_stems(title) + content_stems(plan_title)
    said = [
        m
        for m in content_stems(words)
        if m not in PARTICLES
        and m not in FILLER
        and m not in PROGRESS
        and m not in WHEN_WORDS
        and len(m) > 2
    ]
    things = [m for m in said if not any(c.isdigit() for c in m)]
    return bool(things) and not any(_same(m, s) for m in said for s in own)


_STATUS_WORDS = frozenset("done did sorted finished complete completed ready dealt".split())


def verb_on_another_thing(action: str, title: str, plan_title: str = "") -> bool:
    """The action has the step's own verb, and what it acts on is a thing the step does
    not have, while the step's own thing goes unsaid: "registered for the 10k run" of
    "Register the microchip"."""
    stems = content_stems(title)
    things = [s for s in stems[1:] if s not in LIGHT and s not in PARTICLES]
    # (to the first mark that is no word: "applied 🙌 fingers crossed")
    action = re.split(r"[^\w\s'’-]", action)[0]
    words = [w for w in _said_words(action) if w not in ("i", "we", "just")]
    at = next((i for i, w in enumerate(words) if stems and _same(stem(w), stems[0])), None)
    # (the verb said first: "collected the printing" acts on the printing, it prints nothing)
    if (
        at is None
        or at > 1
        or stems[0] in LIGHT
        or not things
        or any(_same(t, m) for t in things for m in content_stems(action))
    ):
        return False
    after = [
        w
        for w in words[at + 1 :]
        if w not in _COUNTING
        and w not in STOPWORDS
        and w not in PARTICLES
        and w not in WHEN_WORDS
        and w not in _STATUS_WORDS  # "costings done for …": a word of status, no thing
        and not w.isdigit()
    ]
    # (a thing of the step's plan is no other thing: "costings done for all the cakes" in
    # plan "Start the cake business")
    own = stems + content_stems(plan_title)
    return bool(after) and not any(_same(stem(after[0]), s) for s in own)


# An amount of money: "RM3.6k", "$500", "150 shekel", "2000 riyal", "£40", "5k naira"
_MONEY = re.compile(
    r"(?:(?<![\w])(?:rm|s\$|a\$|\$|£|€|₹|₦|₱|rs\.?|ksh|usd|aud|eur|gbp|php)\s?\d[\d.,]*\s?k?\b)|"
    r"\b\d[\d.,]*\s?k?\s?(?:shekels?|nis|riyals?|ringgit|rupees?|euros?|dollars?|bucks|quid|"
    r"pounds|naira|cedis?|rand|dirhams?|aed|sar|baht|pesos?|yen|lira|zloty|zł|shillings?|"
    r"birr|taka|tk)\b",
    re.I,
)
# A step of paying names what is paid: "Pay deposit", "Send money home", "Transfer the rent"
_PAID_THINGS = frozenset(
    "pay paid payment fee deposit rent bill money invoice fine tax cash balance fund loan dues "
    "premium instalment installment salary allowance remittance remit school fees tuition "
    "contribution donation tithe savings".split()
)


# A step of money coming in: "Chase Dunmore for October", "Collect the ticket money", "Chase
# Mrs Patel's invoice". News that someone paid finishes it in every round of the sets (d, q,
# z10, z39, z49, z82, z88, z98, z207, z250, z264: "Murphys finally paid up", "the lads are all
# paid up"); chasing is for money owed, collecting only when the step names money ("Collect
# the new van" is no payment)
AWAITS_PAYMENT_EXAMPLES: tuple[str, ...] = (
    "Chase Dunmore for October",
    "Chase the Murphy invoice",
    "Collect the ticket money",
    "Collect deposits from the lads",
)
AWAITS_PAYMENT_NEAR_MISSES: tuple[str, ...] = (
    "Collect the new van",
    "Pay IRS Direct Pay",
    "Collect the eye drops",
)


def awaits_payment(title: str) -> bool:
    """The step waits for money owed to the person: its verb chases, or collects money."""
    words = _said_words(title)
    if not words:
        return False
    first = stem(words[0])
    return first == "chase" or (
        first == "collect" and any(stem(w) in _PAID_THINGS or w in _PAID_THINGS for w in words[1:])
    )


def money_moved_for_another_thing(action: str, title: str) -> bool:
    """The words move an amount of money with the step's own verb, and the step pays nothing:
    "transferred the RM3.6k to landlord liao" is no "Transfer Unifi line" done (the money is
    a payment, the line is not money), while "transferred the RM3.6k deposit" is "Transfer the
    deposit"."""
    clause = re.split(r"[,;!?]|\.(?!\d)", action)[0]
    if not _MONEY.search(clause) or not own_verb(clause, title):
        return False
    return not any(stem(w) in _PAID_THINGS or w in _PAID_THINGS for w in _said_words(title))


def met_only_in_its_plan(words: str, title: str, plan_title: str) -> bool:
    """The words meet the step only in what its plan's title says too (the plan's topic,
    which every step of it shares), neither the step's verb nor a thing only the step has,
    and they name things of their own: "doing the ptptn auto debit form on the website" of
    "Call PTPTN" in plan "Sort out PTPTN loan" (never "called ptptn, on hold 40 min": the
    step's verb is said)."""
    own = content_stems(title)
    plan = content_stems(plan_title)
    said = [
        m
        for m in content_stems(words)
        if m not in PARTICLES
        and m not in FILLER
        and m not in PROGRESS
        and m not in WHEN_WORDS
        and len(m) > 2
        and not any(c.isdigit() for c in m)
    ]
    met = [s for s in own if any(_same(s, m) for m in said)]
    if not met or not all(any(_same(s, p) for p in plan) for s in met):
        return False
    return any(m not in LIGHT and not any(_same(m, s) for s in own + plan) for m in said)


def own_verb(action: str, title: str) -> bool:
    """The action has the step's own verb, a specific one ("hefted" for "Heft the hives";
    "got" or "sorted" say too little to be any step's own)."""
    verb = content_stems(title)[:1]
    # ("updated" is "updat" cut, "Update" "update": one word)
    return (
        bool(verb)
        and verb[0] not in LIGHT
        and any(_same(verb[0], s) for s in content_stems(action))
    )


# A step of many things: "Interview candidates", "Get two replastering quotes", "View flats"
# (its thing said in the plural, or counted above one); news of one of them is progress, never
# the step done: "interviewed Sam today", "got a quote from Dave", "viewed another flat"
_MANY = re.compile(r"\b(?:two|three|four|five|six|seven|eight|nine|ten|[2-9]|\d{2})\b", re.I)
_ONE_OF = r"(?:a|an|one|another|the\s+first|the\s+second|number\s+(?:one|two|three|\d))"
# Words that say all of them: "both quotes are in", "last lesson today, that's all 5"
_ALL_OF_THEM = re.compile(
    r"\b(?:all|both|every|each|last|final|rest|lot|finished|complete|done)\b", re.I
)
_NOT_A_NAME = frozenset(
    "i i'm im i've ive i'll ok okay mon tue wed thu fri sat sun monday tuesday wednesday "
    "thursday friday saturday sunday january february march april may june july august "
    "september october november december christmas xmas easter".split()
)


def _plural_things(title: str) -> list[str]:
    """The title's things said in the plural ("candidates", "quotes"), after its verb."""
    words = re.findall(r"[A-Za-z]+", title)[1:]
    return [
        w.lower()
        for w in words
        if len(w) > 3 and w.lower().endswith("s") and not w.lower().endswith(("ss", "us", "is"))
    ]


def one_of_many(said: str, title: str) -> bool:
    """The step is of many things and the first clause of the message names one of them:
    one counted ("a candidate", "another flat") or someone by name ("interviewed Sam"),
    with no word of all of them."""
    plural = _plural_things(title)
    if not plural and not _MANY.search(title):
        return False
    first = re.split(r"[,;—]|[.!?]+(?:\s|$)|\bbut\b", said, maxsplit=1)[0]
    if _ALL_OF_THEM.search(said):
        return False
    singular = [stem(w) for w in plural] + [
        stem(w) for w in re.findall(r"[A-Za-z]+", _MANY.split(title, maxsplit=1)[-1])[:2]
    ]
    # the thing counted, or with a word before it: "a candidate", "another nice flat"
    after_one = [
        word
        for m in re.finditer(rf"\b{_ONE_OF}\s+([\w'-]+)(?:\s+([\w'-]+))?", first, re.I)
        for word in (m[1], m[2])
        if word and not word.lower().endswith("s")
    ]
    counted = any(stem(word) == one for word in after_one for one in singular)
    if counted:
        return True
    # someone by name, the things not said in the plural: "interviewed Sam today"
    if any(re.search(rf"\b{re.escape(w)}\b", said, re.I) for w in plural):
        return False
    title_words = set(letters.words(title))
    # (a name of any letters: "interviewed Zoë today", "met Łukasz")
    names = [
        w
        for w in re.findall(r"(?<=\s)[^\W\d_]+\b", first)
        if len(w) >= 2
        and w[0].isupper()
        and w[1:].islower()
        and letters.fold(w) not in _NOT_A_NAME
        and letters.fold(w) not in title_words
    ]
    return bool(names)


# Verbs of taking part in something that happens: "Pass the fire inspection", "Attend the
# interview", "Do the video ID", "Have the home visit"
_EVENT_VERBS = frozenset("pass attend sit take do go hold host have run get".split())


def is_event(words: str, title: str) -> bool:
    """The words name every thing of the step, and the step is a thing that happens (no
    verb, or one of taking part or arranging): what "went fine" can be said of."""
    stems = content_stems(title)
    said = content_stems(words)
    things = [s for s in stems[1:] if s not in LIGHT and s not in PARTICLES]
    if not stems or not all(any(_same(t, m) for m in said) for t in things):
        return False
    # ("Book the OT assessment": "OT came round and did the assessment, all went fine")
    return stems[0] in _EVENT_VERBS | LIGHT or any(_same(stems[0], m) for m in said)


def is_contact(title: str) -> bool:
    """The step (or word) is getting in touch: "Ring the plumber", "Email the agent"."""
    stems = content_stems(title)
    return bool(stems) and stems[0] in _ACTIONS[1] | {"text", "message"}


# The verb of a call in the titles of steps written in another language ("Llamar al técnico",
# "Ligar para o técnico", "Appeler le plombier"): titles are read as written, never glossed
_CALL_ELSEWHERE = frozenset(
    "llamar telefonear ligar telefonar appeler telephoner rappeler chiamare telefonare "
    "anrufen".split()
)


def is_call(title: str) -> bool:
    """The step is a call: its verb is "call", "ring", "phone" (``content_stems`` reads them
    as one) or that verb in another language; never an email or a text."""
    stems = content_stems(title)
    return bool(stems) and (stems[0] == "call" or stems[0] in _CALL_ELSEWHERE)


def calls_said(action: str) -> bool:
    """The words of a try open with a call made: "called mama 3 times", "rang the festival
    office", "phoned them" (not "tried calling", whose verb is the try)."""
    stems = content_stems(action)
    return bool(stems) and stems[0] == "call"


def steps_with_things(words: str, title: str, plans: list[Plan]) -> list[Candidate]:
    """Every open step having a thing the words name of this title ("plumber" of "Ring the
    plumber": "Get the plumber to fit it" too), at most four."""
    things = shared_things(words, title)
    found = [
        Candidate.of(plan, step, WEAK_SCORE, False)
        for plan in plans
        for step in plan["steps"]
        if step["status"] not in FINISHED
        and any(_same(t, s) for t in things for s in content_stems(step["title"]))
    ]
    return found[:4]


def is_waiting(title: str) -> bool:
    """The step is waiting for something: "Wait for the decision", "Hear back from HR"."""
    stems = content_stems(title)
    return bool(stems) and stems[0] in ("wait", "await", "hear", "expect", "chase")


# Verbs of putting a thing in its place: "tyres are on" finishes "Replace the rear tyres"
PLACING = frozenset(
    "put fit install mount hang lay pour get change swap replace add set stick attach".split()
)


def is_placing(title: str) -> bool:
    """The step puts a thing in its place (its first word is a verb of placing)."""
    stems = content_stems(title)
    return bool(stems) and any(_same(stems[0], v) for v in PLACING)


# Verbs of handing a thing over: "CPA has all my receipts now" finishes "Send receipts to the CPA"
HANDING = frozenset(
    "send give hand post email submit return drop lodge deliver pass forward".split()
)


def is_handing(title: str) -> bool:
    """The step hands a thing over (its first word is a verb of handing)."""
    stems = content_stems(title)
    return bool(stems) and any(_same(stems[0], v) for v in HANDING)


# Verbs of a step of choosing: "Pick payroll software", "Decide who gets the jewellery"
CHOOSING = frozenset("choose pick decide select settle opt find".split())


def is_choosing(title: str) -> bool:
    """The step is a choice to make (its first word is a verb of choosing)."""
    stems = content_stems(title)
    return bool(stems) and stems[0] in CHOOSING


def is_getting(title: str) -> bool:
    """The step is getting a thing (its first word is a verb of getting)."""
    stems = content_stems(title)
    return bool(stems) and stems[0] in GETTING


# A step whose outcome is a thing that works: set up, installed, fixed, or someone got in
# to do it ("Get the fridge engineer in", "Get the new terminal installed")
_MAKES_IT_WORK = re.compile(
    r"^\s*(?:set\s*up|install|fix|repair|mend|connect|fit|hook\s+up|"
    r"get\b.*\b(?:in|out|installed|fitted|fixed|connected|repaired|set\s+up|serviced|working|"
    r"running)\s*$)",
    re.IGNORECASE,
)


def makes_it_work(title: str) -> bool:
    """The step is done when its thing works ("Set up broadband", "Fix the boiler", "Get the
    fridge engineer in"): news that it works says its outcome is reached."""
    return _MAKES_IT_WORK.match(title) is not None


def one_action(said: str, planned: str) -> bool:
    """Two verbs that finish the same kind of step ("picked up" and "Buy")."""
    return any(said in family and planned in family for family in _ACTIONS)


def score(message_stems: list[str], title: str, *, same_action: bool = False) -> float:
    """How much of the step title the message names: 0 (nothing) to 1 (all),
    lowered a little for the message's own things that the title lacks ("bank
    form" is "Send the form to the bank" more than "Call the bank")."""
    title_stems = content_stems(title)
    if not title_stems or not message_stems:
        return 0.0
    message_stems = message_stems + _spelled_out(message_stems, title)
    heavy = [s for s in title_stems if s not in LIGHT and s not in PARTICLES]
    light = [s for s in title_stems if s in LIGHT or s in PARTICLES]

    def share(stems: list[str]) -> float:
        return sum(any(_same(s, m) for m in message_stems) for s in stems) / len(stems)

    if not heavy:
        return share(light)
    if share(heavy) == 0:
        # only the verb matched: "booked" alone is not "Book the van"
        return 0.3 * 0.4 * share(light) if light else 0.0
    # The things acted on decide; the verb only helps a little.
    covered_title = 0.8 * share(heavy) + 0.2 * (share(light) if light else 1.0)
    things = [
        m
        for m in message_stems
        if m not in LIGHT and m not in PARTICLES and len(m) > 2 and not any(c.isdigit() for c in m)
    ]
    covered = sum(any(_same(m, s) for s in title_stems) for m in things)
    named = covered / len(things) if things else 1.0
    value = covered_title * (0.75 + 0.25 * named)
    said, planned = message_stems[0], title_stems[0]
    if (
        same_action
        and named < 1
        and said in LIGHT
        and planned in LIGHT
        and not _same(said, planned)
        and not one_action(said, planned)
    ):
        # Done: "got a quote for the van" is not "Book the van" — another action
        # on the same thing, with words the step does not have.  (An attempt
        # may well use another verb: "called the venue" about booking it.)
        value *= 0.7
    return value


def _spelled_out(message_stems: list[str], title: str) -> list[str]:
    """The title's words a message names by their initials: "DFG" for "disabled
    facilities grant" (three letters or more: "no" is no initials of "notice old")."""
    words = [w for w in letters.words(title) if w not in STOPWORDS]
    found: list[str] = []
    for size in (3, 4):
        for start in range(len(words) - size + 1):
            window = words[start : start + size]
            if "".join(w[0] for w in window) in message_stems:
                found += [stem(w) for w in window]
    return found


@dataclass(frozen=True)
class Candidate:
    plan_id: int
    plan_title: str
    step_id: int
    position: int
    title: str
    status: str
    score: float
    current: bool

    @classmethod
    def of(cls, plan: Plan, step: Step, score: float, current: bool) -> Candidate:
        """A step of a plan, as a candidate with this score."""
        return cls(
            plan["id"],
            plan["title"],
            step["id"],
            step["position"],
            step["title"],
            step["status"],
            score,
            current,
        )

    def label(self, with_plan: bool) -> str:
        """How the choice reads on a button or a numbered line."""
        return (
            f"{self.title} ({self.plan_title})"
            if with_plan
            else f"{self.title} (step {self.position})"
        )


@dataclass(frozen=True)
class Match:
    """``best`` when one step is clearly meant; else ``close`` lists the tie."""

    best: Candidate | None
    close: list[Candidate] = field(default_factory=list)

    @property
    def ambiguous(self) -> bool:
        return self.best is None and len(self.close) > 1


def candidates(
    phrase: str,
    plans: list[Plan],
    current_plan_id: int | None,
    *,
    open_only: bool = False,
    least: float = MIN_SCORE,
    same_action: bool = False,
) -> list[Candidate]:
    """Every step scoring at least ``least``, best first (current plan ahead on ties)."""
    stems = content_stems(phrase)
    found = []
    for plan in plans:
        for step in plan["steps"]:
            if open_only and step["status"] in FINISHED:
                continue
            value = score(stems, step["title"], same_action=same_action)
            if value >= least:
                found.append(Candidate.of(plan, step, value, plan["id"] == current_plan_id))
    return sorted(
        found,
        key=lambda c: (c.score + (CURRENT_BONUS if c.current else 0), c.current),
        reverse=True,
    )


def match_step(
    phrase: str,
    plans: list[Plan],
    current_plan_id: int | None,
    *,
    open_only: bool = False,
    same_action: bool = False,
) -> Match:
    weak = candidates(
        phrase,
        plans,
        current_plan_id,
        open_only=open_only,
        least=WEAK_SCORE,
        same_action=same_action,
    )
    found = [c for c in weak if c.score >= MIN_SCORE]
    if not found:
        # "form done" with "Send the form to the bank" and "… to the council":
        # each is a weak match, but together they are a question, not nothing.
        if len(weak) == 1 and names_only(phrase, weak[0].title):
            # "done with the photos" for "Get new photos": the one step with that
            # thing, and the message names nothing it lacks.
            return Match(weak[0])
        if not weak:
            known = by_history(phrase, plans, current_plan_id)
            if len(known) == 1:  # "booked the barn" after "visited venues, loved the barn"
                # (a step whose own title has the thing is as likely: "got through the form"
                # with "online form kept crashing" logged on one step and "Fill in the claim
                # form" another; which is asked)
                titled = others_titled_with(phrase, plans, known[0].step_id, current_plan_id)
                if titled:
                    return Match(None, [known[0], *titled][:3])
                return Match(known[0])
        if len(weak) > 1 and (told := by_plan_words(phrase, weak, plans)) is not None:
            return Match(told)
        return Match(None, weak[:3] if len(weak) > 1 else [])
    best, rest = found[0], found[1:]
    # A twin below MIN_SCORE is a runner-up too: "got 3 quotes" names "Get quotes from
    # sign makers" (0.5) no better than "Get quotes for AC repair" (0.47) — the same
    # action on every thing the message names.
    stems = content_stems(phrase)
    rest += [
        c
        for c in weak
        if c.score < MIN_SCORE
        and (_twins(stems, best.title, c.title) or _no_distinct_thing(stems, best.title, c.title))
    ]

    def rank(c: Candidate) -> float:
        return c.score + (CURRENT_BONUS if c.current else 0)

    # …and a twin in another plan is one however much more of this title the words cover:
    # "deposit paid" fits "Pay the deposit" whole, and "Pay venue deposit" of the wedding
    # just as well as far as the words go
    close = [
        c
        for c in rest
        if rank(best) - rank(c) < CLEAR_LEAD
        or (c.plan_id != best.plan_id and _twins(stems, best.title, c.title))
    ]
    if not close:
        rival = _thing_beside_a_name(stems, best, weak)
        return Match(best) if rival is None else Match(None, [best, rival])
    told = by_whole_title(phrase, [best, *close]) or by_plan_words(
        phrase, [best, *close], plans, same_action=same_action
    )
    if told is not None:
        return Match(told)
    return Match(None, [best, *close][:3])


# A name in a step's title: a capitalised word after its first ("Register Ah Boy for tuition",
# "Text Hine the ferry times")
_TITLE_NAME = re.compile(r"(?<=[\w.,]\s)[A-Z][a-z]+\b")


def _thing_beside_a_name(
    message_stems: list[str], best: Candidate, weak: list[Candidate]
) -> Candidate | None:
    """Another step that names a thing said, when the best was found by a person's or a
    place's name alone: "ah boy shoes settle" is no news of "Register Ah Boy for tuition"
    more than of "Buy school shoes" (who a step is for tells nothing of what was done)."""
    names = {stem(w) for w in _TITLE_NAME.findall(best.title)}

    def things_said(c: Candidate, but: set[str]) -> list[str]:
        return [
            s
            for s in _title_things(c.title)
            if s not in but and any(_same(s, m) for m in message_stems)
        ]

    title = content_stems(best.title)
    if (
        not names
        or things_said(best, but=names)
        or not things_said(best, but=set())
        # (a step that is its names, "List it on Marketplace", or whose verb is said, "set up
        # the insta", is found by more than whom it is for)
        or not [s for s in title[1:] if s not in LIGHT and s not in PARTICLES and s not in names]
        or any(_same(title[0], m) for m in message_stems)
    ):
        return None
    for other in weak:
        if other is not best and things_said(
            other, but={stem(w) for w in _TITLE_NAME.findall(other.title)}
        ):
            return other
    return None


def by_whole_title(phrase: str, close: list[Candidate]) -> Candidate | None:
    """Of steps that fit alike, the one whose every thing (two or more) the words name when
    each other names fewer: "the crate n bed" is "Buy a crate and bed", not "Have the home
    check" for the "home" of a shop's name."""
    said = content_stems(phrase)

    def named(c: Candidate) -> tuple[int, int]:
        own = _title_things(c.title)
        return sum(any(_same(s, m) for m in said) for s in own), len(own)

    def said_whole(c: Candidate, of: Candidate) -> bool:
        # its one thing, which the other's title lacks, and its verb: "pay … fee" is all of
        # "Pay the fee" ("Pay the deposit" is no rival of "Pay venue deposit")
        title = content_stems(c.title)
        return (
            named(c)[0] == named(c)[1] == 1
            and title[0] in LIGHT
            and any(_same(title[0], m) for m in said)
            and not any(
                _same(t, s) for t in _title_things(c.title) for s in _title_things(of.title)
            )
        )

    whole = [c for c in close if named(c)[0] == named(c)[1] >= 2]
    if len(whole) != 1:
        return None
    most = named(whole[0])[0]
    if any(said_whole(c, whole[0]) for c in close if c is not whole[0]):
        # "tried to pay the tacho card fee on bank app" says the whole of "Pay the fee" as
        # much as the things of "Fill in the tacho application": asked, never written
        return None
    return whole[0] if all(named(c)[0] < most for c in close if c is not whole[0]) else None


def by_plan_words(
    phrase: str,
    close: list[Candidate],
    plans: list[Plan],
    *,
    same_action: bool = False,
) -> Candidate | None:
    """Of steps that fit alike, the one the words pick once the words naming a plan have
    said which plan: "the gas check for flat 2" is plan "Flat 2 turnover"'s, not "Flat 5
    turnover"'s; "quotes on the van" in plan "Fix the van" is "Get quotes", not "Book the
    van in" (the van names the plan, not the step)."""
    said = content_stems(phrase)
    titles = {p["id"]: p["title"] for p in plans}

    def plan_stems(c: Candidate) -> list[str]:
        return [s for s in content_stems(titles.get(c.plan_id, "")) if s not in LIGHT]

    def in_every_title(s: str) -> bool:
        return all(any(_same(s, t) for t in content_stems(c.title)) for c in close)

    def hits(c: Candidate) -> int:
        # a word every close step's own title has names those steps, not one plan: "the
        # study group thing" is no more plan "Study in Canada"'s "Write the study plan" than
        # "Final exam prep"'s "Join a study group"
        return sum(any(_same(s, m) for m in said) and not in_every_title(s) for s in plan_stems(c))

    most = max(hits(c) for c in close)
    if most > 0 and len({c.plan_id for c in close if hits(c) == most}) == 1:
        close = [c for c in close if hits(c) == most]
    if len(close) == 1:
        return close[0]

    def without_plan(c: Candidate) -> float:
        own = plan_stems(c)
        rest = [m for m in said if not any(_same(m, s) for s in own)]
        return score(rest, c.title, same_action=same_action)

    ranked = sorted(close, key=without_plan, reverse=True)
    first, second = without_plan(ranked[0]), without_plan(ranked[1])
    if first < WEAK_SCORE or first - second < CLEAR_LEAD:
        return None
    # the lead must be a thing only the first has: "grab the monitor" between "Return the
    # monitor" and "Pick up the home monitor" is a question of verbs, still asked
    mine = set(shared_things(phrase, ranked[0].title)) - set(plan_stems(ranked[0]))
    theirs = {t for c in ranked[1:] for t in shared_things(phrase, c.title)}
    return ranked[0] if mine - theirs else None


def _twins(message_stems: list[str], title: str, other: str) -> bool:
    """The other step has the same action as this one and every thing of the message
    that this one names."""
    mine, theirs = content_stems(title), content_stems(other)
    if not mine or not theirs or not _same(mine[0], theirs[0]):
        return False
    things = [m for m in message_stems if m not in LIGHT and len(m) > 2]
    named = [m for m in things if any(_same(m, s) for s in mine)]
    return bool(named) and all(any(_same(m, s) for s in theirs) for m in named)


def _no_distinct_thing(message_stems: list[str], title: str, other: str) -> bool:
    """Every thing the message names is in both titles, whatever their verbs: "insurance is
    sorted" fits "Sort the van insurance" and "Renew the home insurance" alike, the lead of
    the first only the light verb; within ``CLEAR_LEAD`` that is asked, never chosen."""
    things = [
        m
        for m in message_stems
        if m not in LIGHT and m not in FILLER and m not in PROGRESS and m not in PARTICLES
    ]
    things = [m for m in things if len(m) > 2]
    mine, theirs = content_stems(title), content_stems(other)
    return bool(things) and all(
        any(_same(m, s) for s in mine) and any(_same(m, s) for s in theirs) for m in things
    )


# How far along, not what: "the form is half done" names the form only.
PROGRESS = frozenset(
    "half halfway part partly partial partially nearly almost mostly bit way "
    "through there far".split()
)  # "far": "applied to 2 so far"
# …or the whole of it: "the sugar thing", "the car stuff".
# Words that name no thing: placeholders and the swearing around them ("the bloody thing")
FILLER = frozenset(
    "thing stuff bit lot side business one bloody damn damned flipping freaking effing darn whole".split()
)


def names_only(phrase: str, title: str) -> bool:
    """Every thing the message names (not its verbs, how far along, or "stuff")
    is in the title."""
    title_stems = content_stems(title)
    things = [
        m
        for m in content_stems(phrase)
        if m not in LIGHT
        and m not in PROGRESS
        and m not in FILLER
        and m not in PARTICLES
        and len(m) > 2
    ]
    return bool(things) and all(any(_same(m, s) for s in title_stems) for m in things)


def names_whole(phrase: str, title: str, *, but_verb: bool = False) -> bool:
    """Every thing of the title (not its light verbs) is named; with ``but_verb``, every
    thing after its first word, its verb most often ("social worker is calling me back" of
    "Talk to the social worker")."""
    said = content_stems(phrase)
    stems = content_stems(title)
    stems = stems[1:] or stems if but_verb else stems
    things = [s for s in stems if s not in LIGHT and s not in PARTICLES]
    return bool(things) and all(any(_same(t, m) for m in said) for t in things)


def shared_things(phrase: str, title: str) -> list[str]:
    """The title's things (not its verb) that the message names."""
    said = content_stems(phrase)
    return [
        s
        for s in content_stems(title)
        if s not in LIGHT and s not in FILLER and any(_same(s, m) for m in said)
    ]


def another_plans_name(words: str, step: Candidate, plans: list[Plan]) -> list[str]:
    """The things of another plan's own name the words say, when they say none of the
    step's own things: "went to Khorak for anar and hendune, all sold out, yalda rush
    already" of "Book a moving truck" (found by its logged "U-Haul sold out") beside "Yalda
    night party". The news may be of a step of that plan. None when the words name a thing of
    the step's title too ("tiers are in the oven as we speak" is news of "Bake the tiers"
    beside a plan "Get the oven fixed"; "got the lego for Luca, still need something for
    Sofia" of "Buy Luca new football boots" beside "Sofia dentist" is left to the other
    checks: a name of each is no sign which)."""
    own = content_stems(f"{step.title} {step.plan_title}")
    others = sorted(
        {
            thing
            for plan in plans
            if plan["id"] != step.plan_id and plan.get("status", "active") == "active"
            for thing in shared_things(words, plan["title"])
            if len(thing) > 3
            and thing not in PARTICLES
            and thing not in PROGRESS
            and thing not in WHEN_WORDS
            and not any(_same(thing, o) for o in own)
        }
    )
    return [] if shared_things(words, step.title) else others


# The place a step is done at, closing its title: "Go to the consulate in Bologna", "Pick up
# the SIM at Satpas"
_TITLE_PLACE = re.compile(r"\s(?:in|at)\s+(?P<place>[^,;]+)$", re.I)
# A place only passed on the way or beside the thing of the news: where a trip starts ("wizz
# from bologna to iasi"), what a thing is near ("the clinic near the station", Indonesian
# "klinik deket satpas") — no visit to the place itself
_PLACE_PASSED = re.compile(
    # (back from it, home from it: the person was there — "back from the gemeente, all done")
    r"\b(?:(?<!\bback\s)(?<!\bhome\s)from|near|nearby|next\s+to|close\s+to|opposite|deket|"
    r"dekat)\s+(?:the\s+)?"
    r"(?P<place>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*)?)",
    re.I,
)


def only_its_place_passed(words: str, title: str) -> bool:
    """The words share with the step only the place its title closes on, and name that place
    only as one passed: "gata!!! am luat biletele 🙏 wizz from bologna to iasi" of "Go to the
    consulate in Bologna" (z186: the tickets of the trip, written a visit done), "ke klinik
    deket satpas buat tes kesehatan, tutup" of "Pick up the SIM at Satpas" (z149: the clinic
    near it, for the health check, written a try). No news of that step; a step is named by a
    place when the person goes there ("went back to IOM today" of "TB test at IOM")."""
    place = _TITLE_PLACE.search(title)
    if place is None or not shared_things(words, title):
        return False
    passed = " ".join(found["place"] for found in _PLACE_PASSED.finditer(words))
    if not passed or not shared_things(passed, place["place"]):
        return False
    rest = _PLACE_PASSED.sub(" ", words)
    return not shared_things(rest, title)


# The place closing a step's title where the step is done, in English and French: "Pay at the
# typing center", "Rendre les livres à la biblio", "Fermer l'eau au chalet", "Appliquer chez
# Desjardins" ("in" is left out: "Fill in the claim form" closes on no place; so is a bare "à",
# which is as often a person, "Écrire à Mme Lavoie", or a phrase, "Mettre à jour le CV")
_TITLE_SPOT = re.compile(r"\s(?:(?:at|à\s+la|au|aux|chez)\s+|à\s+l')(?P<place>[^,;]+)$", re.I)
# The place said as where the person is or was: "at the typing centre", "j'suis à la biblio"
# (a place only named, "called the pediatrician", "no need for the maccas meetup", "try book
# AIB online", may be the step's own news: the match stands)
_SAID_SPOT = re.compile(
    r"\b(?:(?:at|à\s+la|au|aux|chez)\s+(?:the\s+)?|à\s+l')(?P<place>[^\W\d_][\w'-]*)", re.I
)


# The small words of French a place is said with ("à la biblio", "chez le garage"): no thing
# a title and the words share
_SMALL_FRENCH = frozenset("la le les l de des du au aux un une chez pour sur".split())


def _things_shared(words: str, title: str) -> list[str]:
    return [s for s in shared_things(words, title) if s not in _SMALL_FRENCH]


def named_by_its_place_only(words: str, title: str) -> bool:
    """The words share with the step only the place its title closes on, and not its own verb
    (a specific one: "book" or "pay" say too little): "ejari done ✅ took
    like 20 min at the typing centre" of "Pay at the typing center", "j'suis à la biblio" of
    "Rendre les livres à la biblio"."""
    place = _TITLE_SPOT.search(title)
    if place is None or not _things_shared(words, title) or own_verb(words, title):
        # (its own verb said there, "weighed them at the mart" of "Weigh the lambs at the
        # mart", is that step's news)
        return False
    if _things_shared(words, title[: place.start()]):
        return False
    return any(_things_shared(said["place"], place["place"]) for said in _SAID_SPOT.finditer(words))


def without_its_place(words: str, title: str) -> str:
    """The words less those that name the place the step's title closes on: where the person
    is or was, said beside what they did there."""
    place = _TITLE_SPOT.search(title)
    if place is None:
        return words
    return " ".join(w for w in words.split() if not _things_shared(w, place["place"]))


def step_done_at_the_place(
    words: str,
    match: Match,
    plans: list[Plan],
    current: int | None,
    *,
    open_only: bool,
    same_action: bool,
) -> Match:
    """The match, unless the words name its step (or one of its close steps) only by the place
    where it is done while what they say was done there is another step's: "ejari done ✅ took
    like 20 min at the typing centre near rolla" is "Register Ejari", not "Pay at the typing
    center" (z260); "bon j'suis à la biblio, j'ai commencé à réviser les stats" is "Étudier
    pour l'examen de stats", not "Rendre les livres à la biblio" (z262); "at the PCCC office
    now doing the fire safety paperwork" (z144), "at crappy tire now, they're swapping the
    block heater cord" (z262). The place is where the person is; the step is what they do
    there. When the rest of the words name no other one step, the match stands ("went to
    the bank, closed" of "Pay fees at the bank" is a visit of that step)."""
    steps = [match.best] if match.best is not None else match.close
    placed = {c.step_id for c in steps if named_by_its_place_only(words, c.title)}
    if not placed:
        return match
    rest = words
    for c in steps:
        if c.step_id in placed:
            rest = without_its_place(rest, c.title)
    # (the rest is often short, "ejari done took like 20 min", and its title long, "Étudier
    # pour l'examen de stats": a thing one other step has, however little of it is said)
    others = [
        c
        for c in candidates(rest, plans, current, open_only=open_only, least=0.01)
        if c.step_id not in placed
        and _things_shared(rest, c.title)
        and not named_by_its_place_only(rest, c.title)
    ]
    if len(others) != 1:
        return match
    return Match(others[0])


# A step of finding the one who does a job, named by the doer: "Find a roofer in the village",
# "Hire a helper", "Get a cleaner"
_FINDING_ONE = re.compile(
    r"^(?:find|get|hire|book|look\s+for|line\s+up)\s+(?:a|an|some|another)\s+"
    r"(?:new\s+|local\s+|good\s+)?(?P<doer>[a-z]{4,}er)\b",
    re.I,
)


# Words that end as a doer does and are things or machines ("Get a letter", "Find a corner
# sofa", "Get a heater": "asked the landlord about the heat" seeks no heater)
_NO_DOERS = frozenset(
    "letter dinner corner power better butter matter number order water paper cover "
    "border silver summer winter shower heater cooler freezer timer sticker poster folder "
    "charger router printer scanner blender mixer dryer washer trailer cooker speaker "
    "marker locker filter boiler".split()
)


def _doer_of(job: str, doer: str) -> bool:
    """``doer`` is the one who does ``job``: "roofer" of "roof", "helper" of "help", "baker" of
    "bake", "drummer" of "drum" (a job of three letters or more; "letter" is no doer of
    "let")."""
    doer = doer.lower()
    return (
        len(job) >= 3
        and doer not in _NO_DOERS
        and doer in {job + "er", job + "r", job + job[-1] + "er"}
    )


def finding_the_doer(words: str, plans: list[Plan]) -> list[Candidate]:
    """The open steps of finding the one who does a job the words name by the job itself,
    never by the doer: "lilia asked mos Ion about the roof, he is in hospital" of "Find a
    roofer in the village" (z186: written a try at "Put the new roof on"), "asked my nephew
    to help saturday, he has work" of "Hire a helper" (z156). Someone asked to do the job is
    a try at finding who will."""
    said = [letters.fold(w).lower() for w in re.findall(_STEM_WORD, words)]
    stems = content_stems(words)
    found = []
    for plan in plans:
        for step in plan["steps"]:
            doer = _FINDING_ONE.match(step["title"])
            if step["status"] in FINISHED or doer is None or doer["doer"].lower() in said:
                continue
            if any(_doer_of(s, doer["doer"]) for s in stems):
                found.append(Candidate.of(plan, step, 1.0, False))
    return found


# A step of finding someone: "Find a cat sitter", "Hire a local roofer", "Find someone to feed
# the cat" (a doer's word, up to two words after the article, or "someone" itself)
_FINDS_SOMEONE = re.compile(
    r"^(?:find|get|hire|look\s+for|line\s+up)\s+(?:(?:a|an|some|another)\s+(?:[\w'-]+\s+){0,2}?"
    r"(?P<doer>[a-z]{3,}(?:er|or|ist|ian))\b|(?:someone|somebody)\b)",
    re.I,
)


def finds_someone(title: str) -> bool:
    """The step finds a person to do a job ("Find a cat sitter", "Find someone to feed the
    cat"; not "Find P60", "Get a heater", "Find a corner sofa")."""
    found = _FINDS_SOMEONE.match(title)
    return found is not None and (found["doer"] or "").lower() not in _NO_DOERS


FINDS_SOMEONE_EXAMPLES: tuple[str, ...] = (
    "Find a cat sitter",
    "Find someone to feed the cat",
    "Hire a local roofer",
)
FINDS_SOMEONE_NEAR_MISSES: tuple[str, ...] = ("Find P60", "Get a heater", "Find a corner sofa")


def only_the_job(words: str, title: str, doer_step: str) -> bool:
    """The words share with ``title`` only the job ``doer_step`` finds the doer of: "about the
    roof" of "Put the new roof on" beside "Find a roofer"."""
    doer = _FINDING_ONE.match(doer_step)
    shared = shared_things(words, title)
    return doer is not None and all(_doer_of(s, doer["doer"]) for s in shared)


def by_history(phrase: str, plans: list[Plan], current_plan_id: int | None) -> list[Candidate]:
    """Open steps whose title and logged outcomes together hold every thing the
    message names: a thing first met in an attempt ("loved the barn one") names
    its step later ("booked the barn")."""
    found = []
    for plan in plans:
        for step in plan["steps"]:
            if step["status"] in FINISHED or not step.get("attempts"):
                continue
            said = logged_said(step)
            if said and names_only(phrase, f"{step['title']} {said}"):
                found.append(Candidate.of(plan, step, WEAK_SCORE, plan["id"] == current_plan_id))
    return found


def logged_said(step: Step) -> str:
    """What a step's logged tries said, those taken back left out."""
    return " ".join(a["outcome"] for a in step.get("attempts") or [] if not a.get("retracted"))


def others_titled_with(
    phrase: str, plans: list[Plan], step_id: int, current_plan_id: int | None = None
) -> list[Candidate]:
    """The open steps but ``step_id`` whose titles have a thing the words name."""
    return [
        Candidate.of(plan, step, WEAK_SCORE, plan["id"] == current_plan_id)
        for plan in plans
        for step in plan["steps"]
        if step["id"] != step_id
        and step["status"] not in FINISHED
        and shared_things(phrase, step["title"])
    ]


# Words of trying and of its answer, in any log: no thing of one step's own
_TRYING = frozenset(
    "chase try attempt text message reply answer respond hear back nothing still again "
    "voicemail nobody response".split()
)


def logged_things(phrase: str, title: str, logged: str) -> list[str]:
    """The things the message names that a step's logged outcomes hold and neither its
    title nor the words of trying do: "brightwave" and "112" of "sent brightwave a 3rd
    reminder about 112" in "emailed Brightwave again re invoice 112, no reply"."""
    own = content_stems(title)
    log = content_stems(logged)
    return sorted(
        {
            m
            for m in content_stems(phrase)
            if m not in LIGHT
            and m not in FILLER
            and m not in PROGRESS
            and m not in PARTICLES
            and m not in _HOW_IT_WENT
            and m not in WHEN_WORDS
            and m not in _TRYING
            and (len(m) >= 3 or _CODE.fullmatch(m))
            and not any(_same(m, t) for t in own)
            and any(_same(m, s) for s in log)
        }
    )


# How something went, never the thing it happened to ("car failed on brakes" is not
# "Fix whatever fails").
_HOW_IT_WENT = frozenset(
    "fail broke break miss wrong cancel finish complete start need want "
    "good bad great late early".split()
)


# A name with digits and letters is a thing however short: "the 8k", "401k", "p60".
_CODE = re.compile(r"(?=.*\d)(?=.*[a-z])[a-z0-9]{2,}")


def by_unique_thing(
    phrase: str,
    plans: list[Plan],
    current_plan_id: int | None,
    *,
    open_only: bool = False,
    same_action: bool = False,
) -> Candidate | None:
    """The one step whose title has a thing the message names when no other step has any:
    "licence" of "council emailed back, licence is £850 a year" is "Apply for street
    trading licence" when no other step of the person's plans mentions a licence."""
    things = {
        m
        for m in content_stems(phrase)
        if m not in LIGHT
        and m not in PROGRESS
        and m not in FILLER
        and (len(m) >= 3 or _CODE.fullmatch(m))
        and m not in _HOW_IT_WENT
        and m not in PARTICLES
        and not m.isdigit()
    } | _capitals(phrase)
    hit: dict[int, Candidate] = {}
    for plan in plans:
        for step in plan["steps"]:
            if open_only and step["status"] in FINISHED:
                continue
            stems = [s for s in content_stems(step["title"]) if s not in LIGHT]
            if any(_same(m, s) for m in things for s in stems):
                hit[step["id"]] = Candidate.of(
                    plan, step, WEAK_SCORE, plan["id"] == current_plan_id
                )
    if len(hit) != 1:
        return None
    only = next(iter(hit.values()))
    shared = [m for m in things if any(_same(m, s) for s in content_stems(only.title))]
    if all(any(_same(m, p) for p in content_stems(only.plan_title)) for m in shared):
        # "passport" of "Get baby passport photos" in plan "Aarav's passport": the word
        # names the plan, every step of it, not this one
        return None
    said, planned = content_stems(phrase)[:1], content_stems(only.title)[:1]
    if same_action and (
        not said
        # "mum came round and we sorted the kitchen": neither a verb nor the thing first
        # ("couch is GONE, some bloke took it" starts with its thing)
        or not (_verb_first(phrase) or any(_same(said[0], t) for t in content_stems(only.title)))
        or (
            planned
            and planned[0] in LIGHT
            and not _same(said[0], planned[0])
            and not one_action(said[0], planned[0])  # "got the six sets": "Buy six chess sets"
        )
    ):
        return None  # done: "got a quote for the van" is not "Book the van"
    # the thing must not also name a whole plan ("van" of plan "Van service")
    for plan in plans:
        if plan["id"] != only.plan_id and any(
            _same(m, s) for m in things for s in content_stems(plan["title"])
        ):
            return None
    return only


# Words of two letters that start a sentence, never a name
_SMALL_WORDS = frozenset(
    "no ok so my we it is in on at to do go up me he be by or an as of if us hi oh ah eh".split()
)


def _capitals(phrase: str) -> set[str]:
    """Short names typed in capitals among words that are not ("push the TB stuff", "started
    on the R stuff"): a thing however short (in a message all in capitals, nothing is)."""
    if not re.search(r"[a-z]", phrase):
        return set()
    # (a name of two letters too, "Jo", "Ed", not the first word: "So", "My" start sentences)
    return {
        w.lower()
        for w in re.findall(r"(?<=\w)\W+([A-Z][A-Za-z]?)\b", phrase)
        if w not in ("I", "A") and w.lower() not in STOPWORDS | _SMALL_WORDS
    } | {w.lower() for w in re.findall(r"\b[A-Z]{2}\b", phrase[:3])}


def _verb_first(phrase: str) -> bool:
    """The words start with a verb: one every plan has, or a past tense ("flogged")."""
    words = [w for w in _said_words(phrase) if w not in ("i", "we", "just")]
    return bool(words) and (
        words[0] in IRREGULAR
        or re.fullmatch(r"\w{3,}ed", words[0]) is not None
        or stem(words[0]) in LIGHT
    )


# Things that are booked, when a step names one without a verb ("Building control
# inspection", "TB test and titers"): "all booked in for the 10th" may be any of them
BOOKABLE = frozenset(
    "inspection appointment assessment exam test course session visit viewing interview "
    "consultation check service mot class lesson scan survey fitting".split()
)


def _a_thing_booked(title: str) -> bool:
    """The title names a thing that is booked and starts with no verb: its first word a
    noun of an -ing ("Building control inspection"), a name in capitals ("TB test and
    titers"), or the thing itself ("Inspection of the loft")."""
    first = title.split()[0] if title.split() else ""
    stems = content_stems(title)
    return (
        any(s in BOOKABLE for s in stems)
        and bool(stems)
        and stems[0] not in LIGHT | _EVENT_VERBS
        and (first.lower().endswith("ing") or first.isupper() or stems[0] in BOOKABLE)
    )


def by_verb(phrase: str, plan: Plan) -> list[Candidate]:
    """Open steps of one plan whose action is the message's verb: "called them,
    no answer" → every "Call …" step (for "booked", a step that is a thing booked, with no
    verb of its own, too).  Used only when the message names no thing ("them", "it"), to
    ask among them or to pick the only one."""
    verbs = {s for s in content_stems(phrase) if any(_same(s, verb) for verb in LIGHT)}
    found = []
    for step in plan["steps"]:
        if step["status"] in FINISHED:
            continue
        stems = content_stems(step["title"])
        # ("writing": "Write …"; "booked": "Building control inspection" too)
        own = bool(stems) and any(_same(stems[0], verb) for verb in verbs)
        if own or (
            "book" in verbs
            and (_a_thing_booked(step["title"]) or (bool(stems) and stems[0] in _BOOKING))
        ):
            found.append(Candidate.of(plan, step, 0.5, True))
    return found


# Steps of going to an appointment: "booked it" may be the visit booked
_ATTENDING = frozenset("see visit attend meet".split())
# Steps whose verb is a booking by another name: "booked it!" may be "Schedule cataract
# consult" or "Arrange KTX tickets" as much as "Book the echo appointment"
_BOOKING = frozenset("schedule arrange".split())


def by_own_verb(verb: str, plans: list[Plan], *, kin: bool = False) -> list[Candidate]:
    """Open steps of every plan whose action is this verb, said first ("Renew the roadside
    assistance") or last ("Get the trailer rego renewed"); for "book", a thing booked or
    a visit to make ("See the orthopaedic surgeon") too, and with ``kin`` (the verb said
    of "it", naming nothing) a booking by another name ("Schedule …", "Arrange …")."""
    said = stem(verb)
    found = []
    for plan in plans:
        for step in plan["steps"]:
            if step["status"] in FINISHED:
                continue
            stems = content_stems(step["title"])
            last = re.findall(r"[^\W\d_]+", letters.fold(step["title"]))[-1:]
            if (
                (stems and _same(stems[0], said))
                or (
                    last
                    and re.fullmatch(r"\w{3,}ed|done|made|sent|paid|sorted", last[0])
                    and _same(stem(last[0]), said)
                )
                or (
                    said == "book"
                    and stems
                    and (
                        stems[0] in _ATTENDING
                        or (kin and stems[0] in _BOOKING)
                        or _a_thing_booked(step["title"])
                    )
                )
            ):
                found.append(Candidate.of(plan, step, 0.5, False))
    return found


def by_verb_family(verb: str, plan: Plan) -> list[Candidate]:
    """Open steps of one plan whose action is of the verb's family: "picked" up something
    is any "Buy …", "Get …", "Order …" or "Collect …" step."""
    said = content_stems(verb)[:1]
    family = next((f for f in _ACTIONS if said and said[0] in f), frozenset(said))
    return [
        Candidate.of(plan, step, 0.5, True)
        for step in plan["steps"]
        if step["status"] not in FINISHED
        and (stems := content_stems(step["title"]))
        and stems[0] in family
    ]


# What a verb makes of any step, so names none of them: every booking is an appointment or a
# slot, every payment a bill, every form filled a form ("appointment booked for 2nd dec" with
# "Book PSK appointment" and "Book slot at the hospital" is either)
VERB_OBJECTS: dict[str, frozenset[str]] = {
    verb: frozenset(stem(w) for w in words.split())
    for verb, words in (
        ("book", "appointment appt slot booking reservation place space date session"),
        ("pay", "bill fee payment invoice balance"),
        ("order", "order"),
        ("fill", "form forms paperwork"),
        ("renew", "renewal"),
    )
}


def said_of_any(phrase: str, title: str, plans: list[Plan]) -> list[Candidate]:
    """The other open steps with the title's verb, when every thing the words name is only
    what that verb makes of any step ("appointment booked"): each is as likely."""
    verb = content_stems(title)[:1]
    objects = VERB_OBJECTS.get(verb[0], frozenset()) if verb else frozenset()
    things = (
        [
            m
            for m in content_stems(phrase)
            if m not in LIGHT
            and m not in FILLER
            and m not in PROGRESS
            and not _same(m, verb[0])
            and not m.isdigit()
        ]
        if verb
        else []
    )
    if not objects or not things or not all(t in objects for t in things):
        return []
    return [
        c
        for plan in plans
        for c in by_verb(verb[0], plan)
        if c.title != title and content_stems(c.title)[:1] == verb
    ]


def by_position(plan: Plan) -> list[Candidate]:
    """Every step of a plan as a candidate, in order (to ask "which one?")."""
    return [Candidate.of(plan, step, 0.0, True) for step in plan["steps"]]


def by_thing_family(
    phrase: str, plans: list[Plan], current_plan_id: int | None, *, open_only: bool = False
) -> list[Candidate]:
    """The steps (three at most) a message names only by another word for their thing
    ("a price" for "Get a quote", "the router" for "Set up wifi"; thing_words has the
    families): a weaker link than the title's own words, so never over a step whose title
    names a thing of the message itself (which is then asked), and nothing when the thing
    only changed ("price went up") or the word names the step's whole plan. For offering,
    never for writing at once."""
    said = thing_words.said_names(phrase)
    if not said or thing_words.changed(phrase):
        return []
    steps = [
        (plan, step)
        for plan in plans
        for step in plan["steps"]
        if not (open_only and step["status"] in FINISHED)
    ]
    things = {
        m
        for m in content_stems(phrase)
        if m not in LIGHT and m not in PROGRESS and m not in FILLER and m not in PARTICLES
        if len(m) >= 3 and not m.isdigit() and m not in _HOW_IT_WENT
    }
    named = {  # the steps the message names by a thing of their own title
        step["id"]
        for _, step in steps
        if any(_same(m, s) for m in things for s in content_stems(step["title"]) if s not in LIGHT)
    }
    kin = frozenset().union(*(thing_words.kin(name) for name in said))
    found: list[Candidate] = []
    for plan, step in steps:
        if not thing_words.said_names(step["title"]) & kin:
            continue
        if thing_words.said_names(plan["title"]) & (kin | said):
            continue  # the word names the plan, every step of it, not this one
        found.append(Candidate.of(plan, step, WEAK_SCORE, plan["id"] == current_plan_id))
    if named and found:
        # a step named by its own words is never outbid: the family word tells such steps
        # apart ("the black stuff off the wall" is "Wash the mould off the wall", not "Move
        # the beds away from the wall"), or, naming another step than the one named by its
        # own word, makes it a question of which ("sent the reminder email": "Email Harbour
        # about the invoice" or "Send final reminder to Kessler")
        both = [c for c in found if c.step_id in named]
        if both:
            found = both
        elif len(named) == 1:
            (own,) = named
            plan, step = next((p, s) for p, s in steps if s["id"] == own)
            found = [Candidate.of(plan, step, WEAK_SCORE, plan["id"] == current_plan_id), *found]
        else:
            return []
    return found if len(found) <= 3 else []


def kind_said(text: str) -> frozenset[str]:
    """The things a word of a kind of thing in the text may be ("the paperwork": a form, an
    invoice, a certificate, …; ``thing_words.KINDS``); empty when it says no kind."""
    return thing_words.kind_said(text)


def of_the_kind(title: str, things: frozenset[str]) -> bool:
    """The step's title names one of ``things`` (a kind's things, from ``kind_said``)."""
    return thing_words.of_the_kind(title, things)


def kind_words() -> frozenset[str]:
    """Every word that names a kind of thing ("paperwork", "documents")."""
    return frozenset().union(*thing_words.KINDS)


# Verbs that lead too many steps to say which one a message does ("got", "sorted", "tried"),
# and verbs of reaching or asking someone, said of the means more than the step's action
# ("rang the chemist about my eye drops" for "Collect the eye drops", beside "Call the GP")
_ANY_ACTION = frozenset(
    "get do make sort have go finish complete try start see take put set find keep call phone "
    "ring email text message contact ask send post mail chase visit look check pay".split()
)
# Words before the person's own verb: "I", "tried", "finally", "have started"
_BEFORE_A_VERB = frozenset(
    "i we just finally also then so and tried trying to started starting been have ive "
    "already ok okay well".split()
)


# Words after a subject, never after a verb: "Mark's done it", "Mark has", "Mark is"
_SUBJECT_OF = frozenset("is was has had s will would can could did does".split())


def _does_verb(words: list[str], verb: str, particle: str) -> bool:
    """The person's own verb, said first ("tried signing up for …", "finally booked …"), is
    ``verb``, with its particle when it has one ("signing up" does "Sign up", not "Sign the
    lease")."""
    at = next((i for i, w in enumerate(words) if w not in _BEFORE_A_VERB), None)
    if at is None or not _same(stem(words[at]), verb):
        return False
    after = words[at + 1] if at + 1 < len(words) else ""
    if after in _SUBJECT_OF or after in IRREGULAR or re.fullmatch(r"\w{3,}ed", after):
        return False  # (someone who did it, a name: "Mark got the car seat in!!")
    return not particle or particle in words[at + 1 : at + 3]


def _verb_of(title: str) -> tuple[str, str]:
    """A step's verb stem and the particle after it ("Sign up for …": "sign", "up")."""
    words = _said_words(title)
    stems = content_stems(title)
    if not stems:
        return "", ""
    particle = words[1] if len(words) > 1 and words[1] in PARTICLES else ""
    if stems[0] == "register" and words[0] == "sign":
        return "sign", particle  # (read "register" to be matched; said "sign up")
    return stems[0], particle


def does_the_others_verb(action: str, title: str, other: str) -> bool:
    """The words do another step's action, a specific one, and not this step's (a specific
    one too), nor one doing the same: "tried signing up for ahamo online" does "Sign up for
    new plan", not "Compare ahamo and povo", however much the shared name points there."""
    mine, _ = _verb_of(title)
    theirs, particle = _verb_of(other)
    # (a step of a verb that common is its thing's whatever the way: "tried to book medical
    # with the panel physician" is "Do immigration medical exam" tried, beside "Book flights")
    if not mine or not theirs or mine in _ANY_ACTION or theirs in _ANY_ACTION:
        return False
    if _same(mine, theirs):
        return False
    said = content_stems(action)
    if any(_same(mine, s) or one_action(s, mine) or one_action(mine, s) for s in said):
        return False
    return _does_verb(_said_words(action), theirs, particle)


# (message, the step found by a thing, the step whose action the message does), and near misses
OTHERS_VERB_EXAMPLES = (
    (
        "tried signing up for ahamo online but it keeps rejecting the scan",
        "Compare ahamo and povo",
        "Sign up for new plan",
    ),
    ("booked the vet for the cat", "Compare cat food brands", "Book the vet"),
    (
        "finally painted the hallway, the new lamp looks great",
        "Buy a hallway lamp",
        "Paint the hallway",
    ),
)
OTHERS_VERB_NEAR_MISSES = (
    # (its own verb said too)
    ("signed up for ahamo after comparing them", "Compare ahamo and povo", "Sign up for new plan"),
    # (the other step's verb with another particle, or none)
    ("signed the lease for ahamo", "Compare ahamo and povo", "Sign up for new plan"),
    # (the verb said of someone else, or as a thing)
    ("the movers are booked for the 12th", "Arrange piano movers", "Book the removal firm"),
    ("Murphys finally paid up", "Chase the Murphy invoice", "Pay the Collins invoice"),
    ("Mark got the car seat in!!", "Install the car seat", "Mark gives notice at his work"),
    # (a step of a common verb is done any way: booking it is how)
    (
        "tried to book medical with the panel physician, all slots full",
        "Do immigration medical exam",
        "Book flights from Delhi",
    ),
    # (a verb of reaching someone is the means of any step)
    ("rang the chemist about my eye drops", "Collect the eye drops", "Call the GP"),
    ("sent another reminder to the cousins", "Collect contributions from cousins", "Send invites"),
)
