"""Free wording, after the explicit commands: questions, new plans, statements.

The interpreter tries its table of explicit commands ("mark step 2 done") first; what
none of them reads comes here and goes through ``STAGES`` in order — small talk, what is
coming up, questions, taking something back, renaming or moving, first steps, export, a step
replaced, a plan shown, a new plan or a commitment, statements about steps (one change
per sentence when a message has several), news of a step, and last a short goal
offered as a plan. The order is that table, not a cascade of ifs: the first stage that
answers wins, and a stage may stop the reading with nothing done (several lines that are
no plan; a hedge, "maybe I'll skip the park").

Every write goes through the tool registry like the model's.  Whenever the
step, the plan or the reading is not clear, nothing is written: the person is
asked, with the likely choices as a ``Question``, or a plausible reading is proposed.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import re
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from rapidfuzz import fuzz, process

from drbot.ai.language import (
    agenda_requests,
    hedges,
    intents,
    letters,
    plan_checks,
    plan_edits,
    plan_phrases,
    plan_prose,
    put_offs,
    replacements,
    replan_doubts,
    reworks,
    see_requests,
    step_match,
    steps_about,
)
from drbot.ai.rules import due_words, new_plans, put_off_steps, second_reader, step_statements
from drbot.ai.rules.acting import current_plan
from drbot.ai.rules.reminder_requests import plan_less_reminder
from drbot.ai.rules.stage_message import Message, plain_words
from drbot.ai.tools import commitments
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.coming_up import coming_up
from drbot.ai.tools.offline_answer import OfflineAnswer
from drbot.ai.tools.plan_tools import active_plans
from drbot.ai.tools.progress import done_between
from drbot.ai.tools.tool_registry import ToolContext
from drbot.export import plan_markdown
from drbot.marks import due_suffix, step_line, wait_suffix
from drbot.memory.records import FINISHED, Plan

if TYPE_CHECKING:
    from drbot.ai.rules.acting import Acting

EXAMPLES = (
    "renew passport: get photos, fill in the form, book an appointment",
    "got the photos",
    "called the venue, no answer",
    "I filled in half the form, will finish tomorrow",
    "skip the cake",
    "started on the invites",
    "remind me about the van next monday",
    "what's next?",
    "where am I with the passport",
    "show my plans",
    "undo",
    "replan step 2: download the form, get it signed",
    "export",
)
GREETING = (
    "Hi! I keep track of plans that take days or weeks. Try:\n"
    "• renew passport: get photos, fill in the form, book an appointment\n"
    "• then tell me how it goes: “got the photos” · “what's next?”"
)
CAPABILITIES = (
    "I remember your plans step by step and nudge you each morning about what went "
    "quiet. Try:\n• move house: book the van, pack the kitchen\n"
    "• “the van is booked” · “called the council, no answer” · /help for everything"
)
THANKS = "You're welcome! Tell me whenever something moves — e.g. “got the photos”."
UNDECIDED = (
    "Nothing changed — I'll leave it as it is. Tell me once you've done it or "
    "decided, e.g. “skip the survey” or “called them, no answer”."
)
# A musing about no step of theirs ("maybe I should ask my boss about working from home"):
# nothing to record, and no example of something else drbot understands.
MUSING = "Nothing changed — if you decide to, tell me and I'll add it to a plan."
# A question about a step or someone ("can the plumber not come till thursday", "was the
# hall booked already"): answered with what drbot can do, nothing written
ASKED = (
    "Nothing changed — I only change a plan when you tell me what happened or what to do, "
    "e.g. “the plumber can't come till thursday” or “leave it till friday”."
)
NOT_YET = "OK — nothing to record yet. Tell me when it's done, or say “remind me about it friday”."

_HELLO = re.compile(
    r"(?:hi+|hello+|hey+|hiya|yo|howdy|g'?day|good\s+(?:morning|afternoon|evening)|"
    r"morning|evening|greetings|sup|what'?s\s+up|hallo|hola|salut)"
    r"(?:\s+(?:there|drbot|bot|mate|friend))?(?:\s*[!.👋🙂😊]*)?",
    re.I,
)
# A message that opens with a greeting ("hey, first time here", "Hi, I'm Ana. My sister told me
# about you"): when nothing else in it is read, a newcomer is greeted, never told "didn't
# understand" with an example about steps they do not have yet
_OPENS_WITH_HELLO = re.compile(rf"{_HELLO.pattern}(?=[\s,!.👋🙂😊]|$)", re.I)


def opens_with_greeting(text: str) -> bool:
    return _OPENS_WITH_HELLO.match(text.strip()) is not None


def opens_asking_what_drbot_does(text: str) -> bool:
    """The first sentence asks what drbot does ("what exactly do u do? my sister said …")."""
    first = re.split(r"(?<=[?!.])\s+", text.strip(), maxsplit=1)[0]
    return _ABOUT.fullmatch(plain_words(see_requests.without_opening(first))) is not None


_THANK_WORD = (
    r"(?:thanks?(?:\s+you)?|thx|ty|cheers|ta|thank\s+u|much\s+appreciated|great|"
    r"cool|nice|perfect|awesome|brilliant|lovely|ok(?:ay)?|k|👍|🙏|❤️|😊|🙂|good|"
    r"sounds\s+good|got\s+it|noted|so\s+much|a\s+lot|mate|man|drbot|bot|again|"
    # praise said with the thanks: "thanks you're a star", "cheers, legend", "ur the best"
    r"(?:(?:you'?re|youre|ur|you\s+are)\s+)?(?:a\s+|an\s+|the\s+|such\s+a\s+)?"
    r"(?:star|legend|gem|lifesaver|life\s+saver|angel|hero|best)|you\s+rock|❤|⭐|🌟)"
)
# "yes", "yep", "sure" when no question is open (an open one takes them first, in
# tools/question_answers): a newcomer agreeing to nothing in particular is told what to type,
# never "didn't understand"
_YES_ALONE = re.compile(
    r"(?:yes|yeah|yea|yep|yup|sure|of\s+course|ok(?:ay)?\s+then|alright|right)"
    r"(?:[\s,!.]+(?:please|pls|thanks|thank\s+you|sure|go\s+on|ok(?:ay)?|👍))*[\s!.👍🙂😊]*",
    re.I,
)
YES_ALONE = (
    "OK! Nothing is waiting for a yes just now. Tell me a plan with its steps, e.g. "
    "“renew passport: get photos, fill in the form” — or say “what's next?”."
)
_THANKS = re.compile(rf"{_THANK_WORD}(?:[\s,!.]+{_THANK_WORD})*", re.I)
_BYE = re.compile(
    r"(?:(?:thanks?,?\s+)?that'?s\s+(?:all|it)(?:\s+for\s+(?:now|today))?|"
    r"good\s*night|night|bye|goodbye|see\s+(?:you|ya)|cya|later|ttyl|gn)"
    r"(?:[\s,!.]+(?:then|for\s+now|mate|drbot|bot|👋))*",
    re.I,
)
BYE = "Bye for now! Your plans are safe with me; I'll bring up what went quiet in the morning."
# "what does this thing actually do", "what's this bot for", "how does this even work"
_THIS = r"(?:you|u|ya|this|it|this\s+(?:thing|bot|app)|the\s+bot|drbot)"
_ABOUT = re.compile(
    r"(?:(?:tell|show)\s+me\s+)?(?:what\s+(?:can|do)\s+(?:you|u|ya)\s+do|"
    r"what\s+(?:you|u)\s+(?:can\s+)?do|how\s+(?:this|it|you)\s+works|what\s+are\s+(?:you|u)|"
    rf"what\s+(?:exactly\s+)?(?:can|do|does|will)\s+{_THIS}\s+"
    r"(?:actually\s+|even\s+|exactly\s+|really\s+)?"
    r"(?:do|help\s+(?:me\s+)?with)(?:\s+(?:exactly|for\s+me|then))?|"
    rf"what(?:'?s|\s+is|\s+are)\s+{_THIS}\s+(?:actually\s+|even\s+)?(?:for|about)|"
    rf"how\s+(?:does|do)\s+{_THIS}\s+(?:actually\s+|even\s+)?work(?:\s+(?:exactly|then))?|"
    r"who\s+are\s+(?:you|u)|"
    r"how\s+do(?:es)?\s+(?:this|it|you)\s+work|what\s+is\s+this|"
    r"what\s+do\s+you\s+understand|how\s+do\s+i\s+(?:use|start)(?:\s+this)?|"
    r"what\s+now|where\s+do\s+i\s+start|commands)",
    re.I,
)
_NEXT = re.compile(
    r"(?:so\s+)?(?:what(?:'?s|\s+is|\s+are)?\s+(?:next|up\s+next|left|remaining|"
    r"the\s+next\s+step|my\s+next\s+step|on\s+my\s+(?:plate|list)|to\s+do|"
    r"outstanding|pending)|what\s+(?:should|do|shall|must)\s+i\s+"
    r"(?:(?:need|have)\s+to\s+)?do(?:\s+next|"
    r"\s+now|\s+today)?|next(?:\s+step)?|now\s+what|what\s+now|what'?s\s+due|"
    r"anything\s+(?:due|left|to\s+do))(?:\s+(?:on|for|in|with)\s+(?P<ref>.+?))?",
    re.I,
)
_WHERE = re.compile(
    r"(?:where\s+(?:am\s+i|are\s+we|is\s+it|do\s+i\s+stand)(?:\s+up\s+to|\s+at)?\s+"
    r"(?:with|on|at)|how\s+am\s+i\s+getting\s+on\s+with|"
    r"what(?:'?s|\s+is|\s+all\s+is|\s+are)?\s+(?:still\s+)?(?:pending|left|outstanding|"
    r"remaining|open)\s+(?:for|on|with|in)|"
    r"what(?:'?s|\s+is)\s+(?:happening|going\s+on|new)\s+(?:with|on|about)|"
    r"how\s+am\s+i\s+doing\s+(?:with|on)|"
    r"how(?:'?s|\s+is|\s+are)(?:\s+things\s+(?:with|on))?|"
    r"(?:any\s+)?(?:progress|update|news|status)\s+(?:on|with|for|of)|"
    r"show(?:\s+me)?|open|check(?:\s+on)?|what\s+about|"
    r"(?:can|could|may)\s+i\s+(?:see|view|look\s+at|have\s+a\s+look\s+at)|let\s+me\s+see|"
    r"what'?s\s+(?:the\s+)?(?:status|state|story)\s+(?:of|with|on))\s+"
    r"(?P<ref>.+?)(?:\s+(?:going|doing|coming\s+along|looking|plan|status))*",
    re.I,
)
_EXPORT = re.compile(
    r"(?:export|download|save|back\s*up|dump)(?:\s+(?:it|this|that|the\s+plan|"
    r"my\s+plan|(?:the\s+|my\s+)?(?P<ref>.+?)(?:\s+plan)?))?(?:\s+(?:as|to)\s+"
    r"(?:markdown|md|a\s+file|text))?",
    re.I,
)
_TAKE_BACK = re.compile(
    r"(?:(?:oops|whoops|oh\s+no|my\s+bad|sorry|no|nope|nah|naw|wait|hang\s+on|hold\s+on|"
    r"actually)[\s,!.]*)*(?:undo|revert|"
    r"take\s+(?:that|it)\s+back|scratch\s+that|cancel\s+that|scrap\s+that|"
    r"that\s+was\s+(?:wrong|a\s+mistake)|i\s+didn'?t\s+mean\s+(?:that|it)|"
    r"go\s+back|reverse\s+that|roll\s*back)(?:\s+(?:that|it|please|pls|plz|(?:the\s+)?last"
    r"(?:\s+(?:change|one|thing))?))*",
    re.I,
)
_UNDO_ON = re.compile(
    r"(?:(?:oops|whoops|sorry|wait|actually|no|hang\s+on)[\s,!.]*)*"
    r"(?:undo|revert|reverse|roll\s*back|take\s+back)\s+"
    r"(?:what\s+(?:i|you)\s+(?:just\s+)?did\s+|"
    r"(?:(?:the|my|that)\s+)?(?:(?:last|latest|previous|most\s+recent)\s+)?"
    r"(?:thing|change|edit|update|one|entry|bit)?\s*"
    r"(?:(?:i|you)\s+(?:just\s+)?(?:did|made|put(?:\s+in)?|changed|marked)\s+)?)"
    r"(?:on|in|for|to|of|with)\s+(?!(?:me|us)\b)(?:the\s+|my\s+|our\s+)?(?P<ref>[^,.;—!?]+?)(?:\s+plan)?"
    r"(?:\s*[,.;—!?].*)?",
    re.I | re.S,
)
# "can't undo that": said of undoing, not asking for it
_UNDO_DENIED = re.compile(
    r"\b(?:can'?t|cannot|don'?t|won'?t|didn'?t|not|never)\s+(?:\w+\s+)?(?:undo|revert)\b", re.I
)
# "the undo button is broken", "undo the zip": undo as a thing's name, or of something else
_UNDO_NAMED = re.compile(
    r"\b(?:the|an?|my|that|this)\s+(?:undo|revert)\b|\b(?:undo|revert)\s+(?:button|key|feature|"
    r"function|option)|\b(?:undo|revert)\s+(?:the|a|an|my|his|her|your)\s+(?!(?:last|latest|previous|"
    r"most|one|change|thing|bit|update|entry|edit|tick)\b)\w+",
    re.I,
)
# An undo asked for in a clause of its own, wherever it stands, with what went wrong around
# it: "ugh undo that, wrong button", "scrap that last one pls, typed it in the wrong chat",
# "oops can you undo that last one? I jumped the gun", "… printer jammed. Can you undo that? 🙈",
# "Sorry dear, could you please undo the last change, I haven't …", "… Please undo.",
# "undo that last one mate, haven't started …". The clause is the request and nothing else:
# an interjection or two, a polite frame, the verb, what is taken back, a word of address.
_UNDO_INTERJECTION = (
    r"(?:ugh+|ah+|argh+|a+ch|och|aw+|oh(?:\s+(?:no|dear))?|oops|whoops|sorry|no|nope|nah|naw|wait|"
    r"hang\s+on|feck|nvm|never\s*mind|shoot|bugger|blast|whoa|woah|jeez|gah|"
    r"hold\s+on|actually|my\s+bad|lol+|lmao|haha+|omg|damn|dammit|dang|doh|d'oh|crap|eh|hmm+|"
    r"erm+|um+|ok(?:ay)?|right|so|"
    # of other Englishes: "Eish sorry please undo that", "aiyo undo", "arre undo that"
    r"eish|yoh|aiyo+|aiya+|ayo|arre|hai+|ay+|ach+|och)"
)
# Any word or two that only open a message before the undo, in whatever English: "yo undo that
# last one", "oh god undo that", "bruh undo" — a short word that is no subject, modal,
# negation, question word or article ("i", "we", "to", "cant", "how", "the" say the undo is
# talked about, not asked for). Read at the message's start only.
_NOT_AN_OPENING = (
    r"(?:i|we|you|u|he|she|they|it|to|and|or|not|never|no|cant|can|could|would|will|should|"
    r"must|might|may|shall|did|didnt|do|dont|does|doesnt|had|have|has|how|why|what|when|where|"
    r"who|if|the|a|an|my|his|her|their|our|your|is|was|be|been|wont|need|needs|want|wants|try|"
    r"tried|gonna|going|cannot|pls|please)"
)
_ANY_OPENING = rf"(?:{_UNDO_INTERJECTION}|(?!{_NOT_AN_OPENING}\b)[^\W\d_]{{1,6}})"
_OPENS_THE_MESSAGE = re.compile(rf"^\s*(?:{_ANY_OPENING}[\s,!.]+){{1,2}}$", re.I)
# What the person last told drbot, said by a verb of telling: "what I just said", "the last
# thing I told you", "what i put in about the van"
_TELLING = r"(?:said|told\s+(?:you|u)|wrote|typed|sent|put(?:\s+in)?|marked|ticked|entered|logged)"
_WHAT_I_TOLD = (
    rf"(?:what\s+i\s+(?:just\s+)?{_TELLING}|(?:the|my)\s+last\s+(?:thing|message|bit|one)\s+"
    rf"(?:that\s+)?i\s+(?:just\s+)?{_TELLING})(?:\s+(?:about|re|for|on)\s+[^,.;!?—]+?)?"
)
# What the last change is called: "that last one", "my last update", "the previous entry"
_CHANGE_NOUN = r"(?:one|change|thing|bit|update|entry|edit|tick|message|text)"
# Who made the last change and how, after its name: "the last thing you changed", "the last
# update u did", "what u just did" — drbot's own change, said to it
_WHO_DID_IT = (
    r"(?:that\s+)?(?:i|you|u)\s+(?:just\s+)?(?:did|made|changed|marked|put(?:\s+in)?|ticked|"
    r"updated|entered|logged|wrote|added|set)"
)
# What was just done, after "what you": "what u just did", "what you marked"
_JUST_DID = r"(?:just\s+)?(?:did|changed|marked|put(?:\s+in)?|ticked|updated)"
_UNDO_WHAT = (
    # ("dat", "dis": that and this in Caribbean and West African Englishes — "undo dat, me
    # press de wrong ting" z219, "take back dat last change please" z224)
    rf"(?:(?:the|my|your|that|dat)\s+(?:(?:last|latest|previous|most\s+recent)\s+)?"
    rf"(?:one|change|thing|bit|update|entry|edit|tick)(?:\s+{_WHO_DID_IT})?|"
    rf"what\s+(?:i|you|u)\s+{_JUST_DID}|"
    r"(?:that|dat|it|this|dis)(?:\s+(?:last|latest))?(?:\s+(?:one|change|thing|bit|update|tick))?|"
    r"(?:the\s+)?last(?:\s+(?:one|change|thing))?|"
    # what the person last told drbot, by any verb of telling: "what I just said", "the last
    # thing I told you", "what i put in about the van"
    rf"{_WHAT_I_TOLD}|"
    # "undo that spigot thing", "undo the fence one": the newest change named by its thing
    r"(?:that|the)\s+[\w'-]+(?:\s+[\w'-]+)?\s+(?:one|thing|bit|tick|change|update))"
)
# politeness particles of other Englishes count too: "undo po" (Filipino), "undo lah"
_UNDO_ADDRESS = (
    r"(?:please|pls|plz|for\s+me|thanks|thx|mate|dear|love|butt|bro|pal|hun|lol|x+|"
    r"po|lah|leh|ah|sir|ma'?am|boss|bhai|ji|porfa|por\s+favor|pfv|pf|bitte|alsjeblieft|aub|svp|"
    # Thai English softens a request with "na" and "krub"/"kha": "undo na, i press wrong one"
    r"na|naa|krub|krab|khrap|kha)"
)
# As it was before, after "put it back" or "change it back": "like before", "how it was",
# "to the way it was before" (never a value it goes back to: "change it back to my maiden
# name" is a step's thing)
_AS_BEFORE = (
    r"(?:\s+(?:(?:like|as|to)\s+before|(?:to\s+)?(?:how|the\s+way|what)\s+(?:it|they)\s+"
    r"(?:was|were)(?:\s+before)?|(?:like|as)\s+(?:it|they)\s+(?:was|were)(?:\s+before)?))?"
)
# The undo in the words of other languages a message mixes in, with their "that": "espera,
# desfaz isso", "deshaz eso porfa", "annule ça"; and of the languages with no gloss of their
# own (other_tongues), in a clause of its own like "undo": Turkish "geri al" ("parayı geri al"
# takes money back: no clause of its own), Greek "αναίρεση"
# A verb that cancels or undoes, in the languages whose "the last" ``_LAST_ELSEWHERE`` reads:
# Romanian "anulează", Russian "отмени" (and typed in Latin letters), Croatian, Serbian and
# Bosnian "poništi", Slovene "razveljavi", French "annule", Spanish and Portuguese "anula",
# "cancela"; "undo" and "cancel" as a gloss or a mixed-in English word read them
_CANCEL_ELSEWHERE = (
    r"(?:anuleaz[aă]|anulea(?:ză|za)|otmeni|отмени|poni[sš]ti|razveljavi|annule[rz]?|anula|"
    r"cancela|undo|cancel)"
)
# "The last", meaning the last change, in those languages: the word alone, or with a word for a
# change or a thing (and, in South Slavic, "what you did": "zadnje što si uradio")
_LAST_ELSEWHERE = (
    r"(?:(?:le|la|ce|cette)\s+derni(?:er|[eè]re)(?:\s+(?:truc|chose|changement|modif|"
    r"modification|action))?|"
    r"(?:el|lo|o|a)\s+[úu]ltim[oa](?:\s+(?:cambio|mudan[çc]a|altera[çc][ãa]o|coisa))?|"
    r"ultim(?:a|ul)\s+(?:chestie|modificare|schimbare|lucru)|"
    r"posledn(?:ee|eye|ije|eje)|последн(?:ее|юю)(?:\s+изменение)?|"
    r"(?:to\s+)?(?:zadnj[eoi]|posljednj[eoi]|poslednj[eoi])(?:\s+(?:spremembo|promjenu|promenu|"
    r"izmjenu|izmenu))?(?:\s+(?:[šs]to|kar)\s+si\s+\w+)?)"
)
_UNDO_ELSEWHERE = (
    r"(?:desfa(?:z|zer|ça|ca)|deshaz(?:lo)?|deshacer|annule[rz]?|geri\s+al|αναίρεσ[ηε])"
    r"(?:\s+(?:isso|isto|aquilo|eso|esto|ça|ca|cela|lo))?|"
    # German and Dutch put the "that" first: "mach das rückgängig", "maak dat ongedaan"
    r"(?:mach(?:e|en)?\s+(?:das|es|dies)\s+)?r(?:ü|ue|u)ckg(?:ä|ae|a)ngig(?:\s+machen)?|"
    r"(?:maak\s+(?:dat|het|dit)\s+)?ongedaan(?:\s+maken)?|"
    # the Slavic "turn it back": Croatian "vrati to nazad" (z212), Slovak "vráť to späť"
    # (z247), Bulgarian "върни това последното" (z241) — the verb, its "that" and the word
    # of back or last together ("vrati to u dućan" returns a thing to the shop)
    r"(?:vrati|vrat'?|vr[aá]ť|върни)\s+(?:to|ga|tova|това|го)\s+(?:nazad|natrag|sp[äa]ť|"
    r"zp[ěe]t|назад|последното|poslednoto)|"
    # Haitian Creole: "defè l" (undo it, z197) and what drbot just did taken off, "retire sa
    # ou sot fè a" (z240) — "sa (w|ou) sot fè a" is "what you just did"
    r"def[eè]\s+(?:l|li|sa)|(?:retire|anile|efase|defè|defe)\s+sa\s+(?:w|ou)\s+sot\s+f[eè]\s+a|"
    # the last change named as the last in the words of another language, after a verb that
    # cancels or undoes (its own, or "undo" as the gloss reads the French "annule"): "annule
    # le dernier truc" (z255), "anuleaza ultima chestie" (z226), "otmeni poslednee" (z222),
    # "ponisti to zadnje sto si uradio" (z212), "razveljavi zadnjo spremembo" (z256). Only
    # "the last" itself, or with a word for a change or a thing, ends the clause: "annule le
    # dernier rendez-vous", "anulează ultima comandă" cancel a thing of a step
    rf"{_CANCEL_ELSEWHERE}\s+{_LAST_ELSEWHERE}"
)
# drbot's last change named by what it did, taken off by any verb that removes: "scrap what
# you just logged", "delete what u marked", "bin what you put in", "get rid of what you just
# did" (never the person's own doing: "scrap what I did on the shed" is news)
_WHAT_YOU_DID = (
    r"(?:what|whatever)\s+(?:you|u)\s+(?:just\s+)?(?:logged|did|marked|put(?:\s+(?:in|down))?|"
    r"wrote|recorded|added|noted|ticked(?:\s+off)?|changed|updated|set|saved|entered)"
)
_REMOVE_VERB = (
    r"(?:scrap|scratch|delete|remove|erase|bin|ditch|cancel|clear|wipe|drop|undo|revert|"
    r"take\s+back|get\s+rid\s+of|take\s+out|take\s+off|forget|ignore|disregard|lose|nuke)"
)
# Words that may close the clause after what is taken back: a word of address, or one that
# only colours it ("undo that actually, we ARE doing the slideshow")
_UNDO_AFTER = rf"(?:{_UNDO_ADDRESS}|actually|sorry|soz|again|asap|undo)"
_UNDO_CLAUSE = re.compile(
    # (an emoji ends a clause as a stop does: "… only put it in cart 😅 pls undo")
    rf"(?:^(?:{_ANY_OPENING}[\s,!.]+){{0,2}}|[,.!?;—\U0001f000-\U0001faff\u2600-\u27bf\ufe0f]\s*)"
    rf"(?:{_UNDO_INTERJECTION}[\s,!.]*){{0,3}}"
    # (the modal with its "you" dropped, as typed in a hurry: "sorry can undo your last change?")
    r"(?:(?:can|could|would|will)(?:\s+(?:you|u|we))?\s+)?(?:(?:please|pls|kindly|just)\s+)*"
    rf"(?:{_REMOVE_VERB}\s+{_WHAT_YOU_DID}|"
    rf"(?:undo|revert|reverse|take\s+back|roll\s*back)(?:\s+{_UNDO_WHAT})?|{_UNDO_ELSEWHERE}|"
    # (the article may be dropped, as "undo last one" drops it: "hmm no this was wrong, cancel
    # last thing", z268; z159)
    rf"(?:scrap|scratch|cancel)\s+(?:(?:that|the|my)\s+)?(?:last|latest|previous)\s+"
    rf"{_CHANGE_NOUN}|"
    # "disregard my last message", "put it back", "untick that"
    r"(?:disregard|ignore|forget)\s+(?:my|that|the)\s+last\s+(?:message|one|change|thing|update|text)|"
    # "ignore what I just said about the van", "forget what i told you"
    rf"(?:disregard|ignore|forget|scrap|scratch|cancel)\s+{_WHAT_I_TOLD}|"
    # back to how it was: "change it back", "put that back how it was", "go back to how it
    # was before"
    rf"(?:change|set|switch|turn|put|make)\s+(?:it|that|this)(?:\s+(?:last\s+)?one)?\s+back"
    rf"{_AS_BEFORE}|"
    r"go\s+back\s+to\s+(?:how|the\s+way|what)\s+it\s+was(?:\s+before)?|"
    # "go back the last change you made", "go back on that last update"
    rf"go\s+back\s+(?:on\s+)?(?:the|that|your|my)\s+(?:last|latest|previous)\s+{_CHANGE_NOUN}"
    rf"(?:\s+{_WHO_DID_IT})?|"
    # the last change struck off, named as the last: "take that last bit off about the
    # glazier" ("take the last step off" is a step)
    r"(?:take|strike|cross|rub|wipe|scrub)\s+(?:(?:off|out)\s+)?(?:that|my)\s+"
    rf"(?:last|latest|previous)\s+{_CHANGE_NOUN}(?:\s+(?:off|out))?"
    r"(?:\s+(?:about|re|on|for)\s+[^,.;!?—]+?)?|"
    # "… but it's still in my basket, take that back": the clause ends there ("take it back
    # to the shop" is a return)
    r"take\s+(?:that|it|this)(?:\s+(?:last\s+)?one)?\s+back|"
    r"un-?(?:tick|check|mark)\s+(?:that|it|this)(?:\s+(?:one|last\s+one))?)"
    rf"(?:[\s,]+{_UNDO_AFTER}){{0,2}}"
    # (a slash ends a clause too, between a message's two languages: "razveljavi zadnjo
    # spremembo pls / undo the last one", z256)
    r"[\s\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]*(?:[,.!?;—]|\s/\s|$|"
    # the reason said straight after, no stop between: "undo that last one lol i havent
    # actually started saving yet"
    r"(?<=\s)(?=(?:i|i'?ve|i'?m|im|ive|we|we'?re|we'?ve|it'?s|its|that'?s|thats|that\s+was|cos|coz|"
    # (or the person's own slip: "undo what you just did my mistake", as the gloss of
    # "revierte lo que acabas de hacer que me equivoqué" reads, z227)
    r"because)\s|my\s+(?:mistake|bad|error)\b)|"
    # or an emoji, which ends a clause as a stop does: "sorry undo that 🙏 shortlist not finish"
    r"(?<=[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f])(?=\s*\w)|"
    # or, after what is taken back, a new subject said not to be so in the same clause: "take
    # that back the TB test isn't done at all" ("undo the zip on the tent bag" takes back no
    # change)
    r"(?:(?<=\bthat\s)|(?<=\bthis\s)|(?<=\bit\s)|(?<=\bback\s)|(?<=\bone\s))"
    r"(?=(?:the|my|our|his|her|their|he|she|they)\s[^.!?,;]*?(?:\bnot\b|\bnever\b|"
    r"\byet\b|\w+['’]t\b|\b(?:isnt|arent|wasnt|werent|hasnt|havent|hadnt|didnt|doesnt|dont|"
    r"cant|wont)\b|\bwrong\b|\bmistake\b)))",
    re.I,
)
# The last change struck off, said with the person's own slip: "whoops wrong step, can you
# take it off", "erase that, my mistake", "delete that last one, hit it by accident". A verb
# that removes, done to "that" or "it" in a clause of its own, is the last change taken back
# only beside a slip of the person's own (``_OWN_SLIP``): without one, "remove it" may drop
# a step, and is left to the readings after this one.
_STRUCK_OFF = re.compile(
    rf"(?:^|[,.!?;—]\s*)(?:{_UNDO_INTERJECTION}[\s,!.]*){{0,3}}"
    r"(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:(?:please|pls|kindly|just)\s+)*"
    r"(?:(?:erase|delete|remove|wipe|clear|untick|uncheck|unmark)\s+(?:that|it|this)"
    r"(?:\s+(?:last\s+)?one)?(?:\s+off)?|(?:take|get|knock)\s+(?:that|it|this)"
    r"(?:\s+(?:last\s+)?one)?\s+off)"
    rf"(?:[\s,]+{_UNDO_ADDRESS}){{0,2}}"
    r"[\s\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]*(?:[,.!?;—]|$)",
    re.I,
)
# "Go back" said as the undo, in a short message beside the person's own slip: "nah wrong one
# bro go back", "wrong one, go back pls". It ends the message and opens its clause (after a
# stop, an interjection or a word of address): "gotta go back", "I have to go back tomorrow"
# are a visit to come, and "go back to the shop" goes somewhere.
_GO_BACK_AFTER_SLIP = re.compile(
    rf"(?:^|[,.!?;—]\s*|\b(?:{_UNDO_ADDRESS}|{_UNDO_INTERJECTION})\s+)go\s+back"
    rf"(?:[\s,]+{_UNDO_ADDRESS})*[\s!.]*$",
    re.I,
)
_OWN_SLIP = re.compile(
    r"\b(?:my\s+(?:mistake|bad|error)|mistake|by\s+accident|accidentally|didn'?t\s+mean|"
    r"wrong\s+(?:step|one|button|thing|plan|entry|line)|misclick\w*|typo|jumped\s+the\s+gun|"
    r"oops|whoops)\b",
    re.I,
)
# The last change said to be a mistake, at the start: "no that's wrong, the cards aren't bought
# yet", "I didn't mean to tick that", "ticked the wrong one by mistake"
_SAID_WRONG = re.compile(
    rf"^(?:{_UNDO_INTERJECTION}[\s,!.]*){{0,3}}(?:(?:that'?s|that\s+is|that\s+was|this\s+is|it'?s)\s+"
    r"(?:wrong|not\s+right|incorrect|a\s+mistake|an\s+error)|i\s+didn'?t\s+mean\s+to\s+"
    r"(?:tick|mark|press|click|tap|do|change|send)\s+(?:that|it|this)|"
    r"(?:i\s+)?(?:pressed|ticked|marked|hit|clicked|tapped)\s+(?:that|it|the\s+wrong\s+(?:one|thing|button|step))"
    r"\s+(?:by\s+mistake|by\s+accident|accidentally))(?:[\s,!.;—]+(?:sorry|oops|soz))?\s*(?:[,.!?;—]|$)",
    re.I,
)
# drbot's last change said to be wrong, anywhere in the message: "the last update you did is
# wrong", "that last tick was wrong", "what you just marked is wrong" — the change named as
# the last one made, or as made by drbot ("the last one was wrong" may be a thing: a print,
# a parcel)
_LAST_SAID_WRONG = re.compile(
    r"\b(?:(?:the|that|your|my)\s+(?:last|latest|previous|most\s+recent)\s+"
    rf"(?:(?:change|update|tick|edit|entry)(?:\s+{_WHO_DID_IT})?|(?:one|thing|bit)\s+{_WHO_DID_IT})|"
    rf"what\s+(?:you|u)\s+{_JUST_DID})\s+"
    r"(?:is|was|'s)\s+(?:(?:all|totally|completely)\s+)?(?:wrong|not\s+right|incorrect|a\s+mistake)\b",
    re.I,
)
_UNDO_WORD = re.compile(
    # ("take that back to the shop" returns a thing)
    r"\b(?:undo|take\s+(?:that|it)\s+back(?!\s+(?:to|in|into|from|off|for|with|up|down|"
    r"round|over|tomorrow|later|today)\b)|scratch\s+that|revert|"
    r"roll\s*back)\b",
    re.I,
)
# An undo asked for anywhere in a message, in any words around it: the verb as a request
# (what comes before it is a stop, an interjection or a polite frame — never "had to undo
# it"), and what it takes back is the last change or nothing said at all (never a thing:
# "undo the old lock"). Read by ``undo_asked_anywhere``.
_UNDO_REQUEST = re.compile(
    rf"(?:\b{_REMOVE_VERB}\s+{_WHAT_YOU_DID}\b|"
    rf"\b(?:undo|revert)(?:\s+{_UNDO_WHAT}\b|(?=\s*(?:$|[,.!?;:—…)\U0001f000-\U0001faff\u2600-\u27bf])|"
    rf"\s+{_UNDO_ADDRESS}\b))(?:[\s,]+{_UNDO_ADDRESS}\b)*|"
    r"\btake\s+(?:that|it|this)(?:\s+(?:last\s+)?one)?\s+back\b(?!\s+(?:to|in|into|from|off|"
    r"for|with|up|down|round|over|tomorrow|later|today|home|there)\b)|"
    r"\b(?:scrap|scratch|cancel|ignore|disregard|forget)\s+(?:that|the|my)\s+"
    rf"(?:last|latest|previous)\s+{_CHANGE_NOUN}\b|"
    rf"\b(?:scrap|scratch|cancel)\s+(?:last|latest|previous)\s+{_CHANGE_NOUN}\b|"
    # the last change struck off the record: "take that last bit off", "cross off my last
    # update", "delete that last entry" (never a step: "take the last step off")
    r"\b(?:take|strike|cross|rub|wipe|scrub)\s+(?:(?:off|out)\s+)?(?:that|the|my)\s+"
    rf"(?:last|latest|previous)\s+{_CHANGE_NOUN}(?:\s+(?:off|out)\b)?|"
    r"\b(?:delete|remove|erase)\s+(?:that|my)\s+(?:last|latest|previous)\s+"
    r"(?:bit|entry|update|message|note|change|text)\b)"
    rf"(?:[\s,]+{_UNDO_ADDRESS}\b)*",
    re.I,
)
_REQUEST_OPENS = re.compile(
    r"(?:^|[,.!?;:—(]|\b(?:please|pls|plz|kindly|just|you|u|and|so|then|now|but|"
    rf"{_UNDO_INTERJECTION})|[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f])\s*$",
    re.I,
)
# "tried to undo that myself", "had to undo it", "managed to revert it": an undo reported
_UNDO_REPORTED = re.compile(
    r"\b(?:tried|trying|try|had|has|managed|went|used|gonna|going)\s+to\s+(?:undo|revert)\b", re.I
)
# "how do I undo a change?", "is there an undo?": about undoing
_ABOUT_UNDOING = re.compile(
    r"\b(?:how|why|when|where|whether)\b[^.!?]*\b(?:undo|revert)|\b(?:can|could|do)\s+i\s+"
    r"(?:\w+\s+)?(?:undo|revert)\b|\bis\s+there\s+(?:an?\s+)?(?:undo|way)",
    re.I,
)


def undo_asked_anywhere(text: str) -> re.Match[str] | None:
    """The request to take back the last change, wherever it stands in ``text`` ("oops the
    form wasn't sent, only saved. undo pls", "the tank's in primer, can u undo that"), or
    None (said of undoing, asked about it, or undoing a thing)."""
    if _UNDO_DENIED.search(text) or _ABOUT_UNDOING.search(text):
        return None
    for found in _UNDO_REQUEST.finditer(text):
        before = text[: found.start()]
        if _REQUEST_OPENS.search(before) or _OPENS_THE_MESSAGE.match(before):
            return found
    return None


# "how do I undo?" asks about undoing; it does not ask to undo.
_ASKING = re.compile(
    r"(?:how|what|why|when|can\s+i|could\s+i|is\s+there|does|do\s+you)\b|.*\?$", re.I | re.S
)
_LEFT = re.compile(
    r"(?:how\s+(?:many|much)(?:\s+(?:steps?|things|jobs|bits))?\s+(?:(?:are|is|have\s+i\s+got)\s+)?"
    r"(?:left|remaining|to\s+go|still\s+to\s+do)|"
    r"what(?:'?s|\s+is|\s+are)?\s+(?:still\s+)?(?:left|remaining|still\s+(?:open|to\s+do)|"
    r"outstanding)(?:\s+to\s+do)?|what\s+(?:do|should)\s+i\s+still\s+(?:have\s+to|need\s+to)\s+do|"
    r"what\s+else(?:\s+(?:have\s+i\s+got|do\s+i\s+have|is\s+there)(?:\s+on)?)?|"
    r"remaining\s+steps|open\s+steps|to\s*-?\s*do\s+list|"
    r"what\s+do\s+i\s+(?:still\s+)?(?:have|need)\s+to\s+do|"
    r"what(?:\s+have|'?ve)\s+i\s+(?:still\s+)?got\s+(?:left\s+)?(?:to\s+do)?)"
    r"(?:\s+(?:on|for|in|with)\s+(?P<ref>.+?))?",
    re.I,
)
_LIST = re.compile(
    r"(?:list|plans|all|everything|overview|summary|my\s+stuff|"
    r"show\s+(?:me\s+)?(?:everything|it\s+all|all)(?:\s+(?:i'?ve|i\s+have)\s+got"
    r"(?:\s+on)?)?|"
    r"what\s+am\s+i\s+(?:working\s+on|doing)|what'?s\s+on|"
    r"how(?:'?m|\s+am)\s+i\s+doing|how(?:'?s|\s+is)\s+it\s+going|"
    r"how(?:'?re|\s+are)\s+(?:my\s+|the\s+|all\s+(?:of\s+)?(?:my\s+)?)?"
    r"(?:plans|things)(?:\s+(?:looking|going|doing|coming\s+along))?)",
    re.I,
)
# A step's words, a dash or colon, then what happened ("_normalise" made " - " a "—").
_STEP_NOTE = re.compile(r"(?P<words>[^—:,.;!?\n]{2,40}?)\s*[—:]\s*(?P<note>[^\n]{3,})")
_REPLAN_WORDS = re.compile(
    r"(?:re-?plan|replace|swap)\s+(?P<words>.+?)\s*(?:→|->|=>|—|:|\bwith\b:?|\bfor\b:?|"
    r"\binto\b:?)\s*(?P<steps>.+)",
    re.I | re.S,
)
_REPLAN_STEP = re.compile(
    r"(?:re-?plan|replace|redo|split|change)\s+(?:(?:step\s*#?(?P<pos>[0-9]{1,2}))|"
    r"(?:the\s+)?(?P<words>.+?)\s+step)\s*(?:[—:,]\s*)?(?:instead\s*[—:,]?\s*|with\s+|into\s+|"
    r"to\s+|as\s+)?(?:[—:,]\s*)?(?P<steps>.+)",
    re.I | re.S,
)


# A stage answers, passes (None), or ends the reading with nothing done (``STOP``).
log = logging.getLogger(__name__)

STOP = OfflineAnswer("", False)
Stage = Callable[[Message], Awaitable[OfflineAnswer | None]]


async def _small_talk(m: Message) -> OfflineAnswer | None:
    for pattern, answer in (
        (_HELLO, GREETING),
        (_THANKS, THANKS),
        (_YES_ALONE, YES_ALONE),
        (_BYE, BYE),
        (_ABOUT, CAPABILITIES),
    ):
        if pattern.fullmatch(m.plain) or (pattern is _ABOUT and pattern.fullmatch(m.asked)):
            return OfflineAnswer(answer, True)
    return None


# "what've I got on atm", "what have I got on my plate at the moment": every open step
_ON_MY_PLATE = re.compile(
    r"what(?:'?ve|\s+have|\s+do)\s+i\s+(?:got|have)\s+on(?:\s+my\s+(?:plate|list))?"
    r"(?:\s+(?:atm|at\s+the\s+moment|right\s+now|now|rn|today|this\s+week))?",
    re.I,
)
# "could you please remind me what's left on the roof": a question asked as a request
_ASKED_AS_REQUEST = re.compile(
    r"^(?:(?:could|can|would)\s+(?:you|u)\s+)?(?:please\s+|pls\s+|just\s+)?"
    r"(?:remind|tell|show)\s+me\s+(?=(?:what|where|how|which)\b)",
    re.I,
)


def _question_asked(text: str) -> str:
    """The question itself: a request's wrapping gone, and only its first sentence or
    clause ("what have I got on at the moment? feels like a lot")."""
    asked = _ASKED_AS_REQUEST.sub("", text.strip())
    return plain_words(re.split(r"[?,;.!—]\s", asked, maxsplit=1)[0])


async def _coming_up(m: Message) -> OfflineAnswer | None:
    """ "what's due this week?", "anything on tomorrow?": those days, not a plan."""
    today = m.ctx.now.astimezone(ZoneInfo(m.ctx.timezone)).date()
    if (asked := agenda_requests.days_asked(m.text, today)) is None:
        return None
    return OfflineAnswer(await coming_up(m.ctx, asked.first, asked.last, asked.words), True)


async def _done_lately(m: Message) -> OfflineAnswer | None:
    """ "what have I done this week?", "what did I get done today": those days gone by."""
    today = m.ctx.now.astimezone(ZoneInfo(m.ctx.timezone)).date()
    if (asked := agenda_requests.past_days_asked(m.text, today)) is None:
        return None
    return OfflineAnswer(await done_between(m.ctx, asked.first, asked.last, asked.words), True)


async def _questions(m: Message) -> OfflineAnswer | None:
    """ "what's left", "show my plans", "what's next?" """
    for said in dict.fromkeys(
        (m.plain, m.asked, _question_asked(m.text), _question_asked(m.asked))
    ):
        if found := _LEFT.fullmatch(said):
            return OfflineAnswer(await _next(m.ctx, found["ref"], every=True), True)
        if _LIST.fullmatch(said):
            return OfflineAnswer(await m.interp.list_plans(m.ctx), True)
        if _ON_MY_PLATE.fullmatch(said):
            return OfflineAnswer(await _next(m.ctx, None, every=True, all_plans=True), True)
        if found := _NEXT.fullmatch(said):
            return OfflineAnswer(await _next(m.ctx, found["ref"]), True)
    return None


# A slip said after a "no", then the change put back as it was, in the manner words of any
# English, ending the message: "no no no that's wrong put it back how it was" (z184), "naw
# naw that's wrang, put it back the wye it wis" (z200). The "no" and the "that's …" say the
# last change is the wrong one; without them, "sanded it, put it back how it was" is news.
_WRONG_THEN_PUT_BACK = re.compile(
    rf"^(?:{_UNDO_INTERJECTION}[\s,!.]*){{1,3}}(?:that'?s|thats|that\s+is|it'?s)\s+\w+"
    r"[\s,.!;—]+(?:(?:please|pls|just)\s+)?(?:put|change|set|make)\s+(?:it|that|this|them)\s+"
    r"back\s+(?:how|like|as|the\s+\w{2,5})\s+(?:it|they)\s+\w{2,4}(?:\s+before)?"
    rf"(?:[\s,]+{_UNDO_ADDRESS})?[\s!.]*$",
    re.I,
)


def takes_back(text: str) -> bool:
    """``text`` (normalised) asks in a clause of its own to take back drbot's last change, in
    any words: the verb, the change named as the last or as drbot's ("undo what u just
    did"), put back as it was ("can you put it back like before?"), said to be wrong ("the
    last update you did is wrong"). See ``TAKE_BACK_EXAMPLES``."""
    plain = plain_words(text)
    short = len(re.findall(r"\w+", plain)) <= 8
    opening = _TAKE_BACK.match(plain)
    # "wait no undo that, chapter 4 isn't finished": the take-back opens the message and
    # the rest says why
    said_first = (
        opening is not None
        and _UNDO_WORD.search(opening[0]) is not None
        and re.match(r"\s*[,.;—!]", plain[opening.end() :]) is not None
    )
    return bool(
        _TAKE_BACK.fullmatch(plain)
        or said_first
        # "I marked the posters done by mistake — printer jammed. Can you undo that?"
        or _UNDO_CLAUSE.search(text.strip())
        or _SAID_WRONG.match(text.strip())
        or _WRONG_THEN_PUT_BACK.match(text.strip())
        or _LAST_SAID_WRONG.search(text)
        or (_STRUCK_OFF.search(text.strip()) and _OWN_SLIP.search(text))
        or (
            _GO_BACK_AFTER_SLIP.search(plain) is not None
            and _OWN_SLIP.search(plain) is not None
            and short
        )
        or (
            _UNDO_WORD.search(plain)
            and short
            # ("the wardrobe came assembled so scratch that": the step is dropped, for a reason)
            and not re.search(r"\w+\s+\w+\s+(?:so|and)\s+scratch\s+that\b", plain, re.I)
            and not _ASKING.match(text.strip())
            and not _UNDO_DENIED.search(plain)
            and not _UNDO_NAMED.search(plain)
            # "tried to undo that myself": an undo reported, not asked for
            and not _UNDO_REPORTED.search(plain)
        )
    )


# Taking back drbot's last change, in people's words: each example is read by ``takes_back``
# with no news of its own around it (undone at once); no near-miss is read as a take-back or
# an undo asked for anywhere.
TAKE_BACK_EXAMPLES = (
    # the change named by who made it
    "cofnij! undo the last thing you changed pls, my mistake 🙈",
    "eh undo what u just did, I haven't started handover, that was my colleague not me 😅",
    "can u undo the last update you made, the van isn't booked",
    # put back as it was
    "hey the last update you did is wrong, can you put it back like before? sorry my english",
    "put that back how it was please, I haven't paid it",
    "can you change it back like it was before, we never sent the forms",
    # said to be wrong, with the request anywhere
    "oh hang on that last tick was wrong I haven't heard back from the pension people yet can "
    "you undo that",
    "what you just marked is wrong, the cake isn't ordered",
    # a word after the request that only colours it, or a new subject said not to be so
    "undo that actually, we ARE doing the slideshow. Mum cried when I said we weren't",
    "no wait take that back the TB test isn't done at all",
    # the last change struck off, named as the last
    "take that last bit off about the glazier please, I got mixed up",
    # what went wrong since, or what the person told drbot, is why
    "undo that please, the site timed out before it actually went through",
    "sorry I think I told you I'd started the wall crawls but that was last week's sheet, undo "
    "that please",
    # the modal with its "you" dropped, and the undo in another language the message mixes in
    "Sorry can undo your last change? I mixed it up with something else",
    "could undo that last one pls, wrong plan",
    "espera, desfaz isso. clicked too fast",
    "deshaz eso porfa, me equivoqué",
    # drbot's last change named by what it did, taken off by any verb that removes
    "actually scrap what you just logged, I rang the wrong office",
    "delete what u just marked pls, wrong step",
    "get rid of what you put in, the van isnt booked",
    # the German and Dutch undo, its "that" first
    "nee warte, mach das rückgängig pls, the ad isn't up yet",
    "rückgängig machen bitte",
    "maak dat ongedaan, ik heb nog niet betaald",
    # the undo of a language with no gloss of its own, and the last change gone back on
    "geri al, wrong one",
    "wait no, αναίρεση, I didn't mean that",
    "perdón, me equivoqué — go back the last change you made",
    # a clause ended or begun by an emoji, and the reason said straight after
    "sorry undo that 🙏 shortlist not finish",
    "ay sorry, the book is not bought yet, i only put it in cart 😅 pls undo",
    "sorry please undo what you just did that was a mistake",
    "Sorry, mistake — Stan is not cancelled. Please make it back how it was",
    # a slip said after a "no", then put back as it was, in the manner words of any English
    "no no no that's wrong put it back how it was",
    "naw naw that's wrang, put it back the wye it wis",
    # a particle of Thai English after the undo, and "go back" beside the person's own slip
    "eh wait wait undo na, i press wrong one 555",
    "nah wrong one bro go back",
    "eh wait why u mark that one, undo undo",
    "wrong one, go back pls",
    # the Slavic "turn it back" (z212, z241, z247), and the slip said straight after
    "joj ne, vrati to nazad, nisam to htjela",
    "vráť to späť, to bol omyl",
    "ей върни това последното, не съм искала така",
    "undo what you just did my bad",
    # Haitian Creole (z197, z240)
    "non non sa w sot fè a pa bon, defè l",
    "non non m pa t vle di sa, retire sa ou sot fè a",
    # the last change named as the last in another language, after its verb of cancelling or
    # "undo" (z212, z222, z226, z255, z256), a slash between two languages ending the clause
    "oups annule le dernier truc, je me suis trompé",
    "nu, anulează ultima modificare, am greșit",
    "otmeni poslednee, ne to nazhal",
    "poništi to zadnje što si uradio, moja greška",
    "ojoj, razveljavi zadnjo spremembo / undo it pls",
    "cancela o último, foi engano",
    # "dat" for that (z219, z224)
    "no no undo dat, wrong ting",
    "oops take back dat last change please",
    # the article dropped before the last change, as in "undo last one" (z268; z159)
    "hmm no this was wrong, cancel last thing",
    "oops scrap last update, wrong step",
)
TAKE_BACK_NEAR_MISSES = (
    "undo the knot",
    "put the chairs back",
    "I need to change it back to my maiden name",
    "the last one was wrong, sent it back to amazon",
    "put it back in the cupboard after",
    "change it back to blue",
    "the last update from the council was wrong about the date",
    "undo the zip on the tent bag",
    "undo the knot, it's not tight",
    "can undo the shelves myself",
    "could undo the straps and lift it out",
    "desfaz as malas amanhã",
    "scrap what I did on the shed, it fell over",
    "delete what you suggested for the menu",
    "the bank made it rückgängig, so I paid again",
    "parayı geri al from the landlord",
    "go back to the shop for the last change of clothes",
    "go back the last mile on foot",
    "make it back home by six",
    "undo the straps 🙏 then lift it",
    "wrong fitting again, gotta go back",
    "picked the wrong one at the shop, I have to go back",
    "wrong one, go back to the shop tomorrow",
    "no rush, that's for next week, put it back on the list",
    "no, that's fine, put it back in the shed",
    "vrati to u dućan do petka",
    "udžbenik nije hitan, vrati mi ga za dva tjedna",
    "върни това на Иван утре",
    "retire sa nan bwat la demen",
    "defèt",
    # a thing cancelled, or "the last" of no change (z255 near-misses)
    "annule le rendez-vous chez le dentiste",
    "annule le dernier rendez-vous, je le ferai en janvier",
    "le dernier truc à faire c'est le gâteau",
    "anulează ultima comandă de la furnizor",
    "otmeni zakaz v magazine",
    "cancela a última parcela do carro",
    "zadnje što si uradio je super",
    "take dat back to di shop tomorrow",
    # a thing of a step cancelled, with no article: no change of drbot's
    "cancel last order from the supplier, they're out of stock",
)


# drbot's own change told back to it as wrong, naming what it marked: "you marked mum's ETA
# done but it isn't approved yet", "u ticked off the van but that was my brother". The change
# named may not be the newest, so the undo is offered, never done.
_YOU_MARKED = re.compile(
    rf"^(?:{_UNDO_INTERJECTION}[\s,!.]*){{0,3}}(?:you|u)\s+(?:just\s+|have\s+|'ve\s+)?"
    r"(?:marked|ticked(?:\s+off)?|put(?:\s+down)?|set|logged|changed|updated|recorded)\s+"
    r"[^,.;!?—]+?\s*,?\s*\bbut\b(?P<why>.+)$",
    re.I | re.S,
)
TAKE_BACK_OFFERED = (
    "you marked mum's ETA done but it isn't approved yet",
    "u ticked off the van but that was my brother not me",
    "oh no you put the deposit as paid but it bounced",
)
TAKE_BACK_OFFERED_NEAR_MISSES = (
    "you marked it really clearly, but thanks",
    "marked the boxes but the van isn't booked yet",
)


def take_back_offered(text: str) -> bool:
    """``text`` tells drbot its change to a step it names was wrong (``TAKE_BACK_OFFERED``):
    the undo is offered."""
    found = _YOU_MARKED.match(text.strip())
    return found is not None and _WHY_WRONG.search(found["why"]) is not None


async def _take_back(m: Message) -> OfflineAnswer | None:
    named = await _take_back_on_a_plan(m)
    if named is not None:
        return named
    if not takes_back(m.text):
        if (found := undo_asked_anywhere(m.text)) is not None:
            # asked for, but not in a clause of its own: never an attempt or a status of
            # the words around it; the undo is offered
            return await _offer_undo(m, found)
        if take_back_offered(m.text):
            # "you marked mum's ETA done but it isn't approved yet": the whole message is why
            return await _offer_undo(m, None)
        return None
    if (found := undo_asked_anywhere(m.text)) is not None and other_change(m, found):
        # "undo that, and the tiles are done now": the undo is offered, the news said back
        return await _offer_undo(m, found)
    # "oops undo that last one" after marking a step of another plan
    return OfflineAnswer(await m.interp.undo_newest(m.ctx), True)


# Words that say why the last change was wrong, not news of another: "by mistake", "still in
# my basket", "I thought it was sent", "jumped the gun"
_WHY_WRONG = re.compile(
    r"\b(?:mistake|wrong|accident(?:ally)?|meant|mean|thought|still|yet|not|no|never|nowhere|"
    r"only|gun|instead|shouldn'?t|didn'?t|wasn'?t|isn'?t|hasn'?t|haven'?t|hadn'?t|aren'?t|"
    r"weren'?t|doesn'?t|don'?t|can'?t|won'?t|cancell?ed|scam|misread|looking|"
    r"last\s+(?:year|week|month|time)'?s?|"
    # a try that failed since: "the site timed out before it went through", "it bounced"
    r"timed\s+out|bounced|declined|rejected|refused|fell\s+through|failed|"
    # what the person told drbot, not news: "I think I told you I'd started the wall crawls"
    r"told\s+(?:you|u)|"
    r"fat[\s-]?finger\w*|typo|misclick\w*|confused|mixed\s+up|muddled|(?:pressed|hit|tapped|clicked|ticked)\s+(?:the\s+)?wrong)\b|"
    r"\w+n['’]t\b|\b(?:couldnt|wouldnt|needed\s+to|should\s+have)\b",
    re.I,
)


def other_change(m: Message, found: re.Match[str]) -> str:
    """The words around an undo when they state a change of their own ("undo that, and the
    tiles are done now"), not why the last one was wrong; empty otherwise."""
    return news_around_undo(m.text, found, m.ctx.now, m.ctx.timezone)


def news_around_undo(text: str, found: re.Match[str], now: datetime, timezone: str) -> str:
    """``other_change`` of ``text``, whose undo ``undo_asked_anywhere`` found. Pure."""
    rest = (text[: found.start()] + " " + text[found.end() :]).strip(" ,.;:—!?")
    rest = re.sub(r"^(?:(?:and|so|then|but|also)\b[\s,]*)+", "", rest, flags=re.I)
    st = intents.read_statement(rest, now, timezone)
    if st is None or st.kind not in ("done", "start", "skip", "block", "snooze"):
        return ""
    return "" if intents.not_yet(rest) or _WHY_WRONG.search(rest) else rest


async def _offer_undo(m: Message, found: re.Match[str] | None) -> OfflineAnswer:
    """The undo proposed on a button, with what else the message seemed to say around the
    undo ``found`` (written only once the person has the undo done and says it again)."""
    name, args = await m.interp.newest_undo(m.ctx)
    what = "your last change"
    if name == "cancel_reminder":
        what = "the reminder you just set"
    elif (latest := await m.ctx.store.latest_change(m.ctx.owner)) is not None:
        plan = await m.ctx.store.get_plan(m.ctx.owner, latest[0])
        what = f"your last change to “{plan['title']}”"
    rest = other_change(m, found) if found is not None else ""
    also = f" I also read “{rest}” — tell me again after, if that is news." if rest else ""
    question = Question(
        f"Undo {what}?{also} Nothing changed yet.", (Option("Undo", ((name, args),)),)
    )
    return OfflineAnswer(question.text, True, question=question)


async def _take_back_on_a_plan(m: Message) -> OfflineAnswer | None:
    """ "undo the last thing on the concert, I put the wrong numbers in": that plan's last
    change, whichever plan changed last; asked when the words name no plan."""
    found = _UNDO_ON.fullmatch(m.plain)
    if found is None or _ASKING.match(m.text.strip()):
        return None
    plans = await active_plans(m.ctx)
    plan = await _plan_by_words(m.ctx, found["ref"], plans)
    if plan is None:
        return OfflineAnswer(
            f"Nothing changed — I couldn't tell which plan “{found['ref']}” is. Say e.g. "
            "“undo” for your last change, or open the plan first.",
            True,
        )
    return OfflineAnswer(
        await m.interp.call(m.ctx, "undo_last_change", {"plan_id": plan["id"]}), True
    )


async def _read_plans(m: Message) -> None:
    m.plans = await active_plans(m.ctx)  # read once, for every stage after this one
    return None


async def _plan_edits(m: Message) -> OfflineAnswer | None:
    renamed = plan_edits.read_rename(m.text)
    if renamed is not None:  # "rename the plan to Kitchen refit"
        plan_id = await m.interp.plan_id(m.ctx, renamed[0])
        return OfflineAnswer(
            await m.interp.call(m.ctx, "rename_plan", {"plan_id": plan_id, "title": renamed[1]}),
            True,
        )
    move = plan_edits.read_move(m.text)
    if move is not None:  # "move the van before the kitchen", "move step 3 to the top"
        return await _move(m.interp, m.ctx, move, m.plans)
    return None


async def _first_steps(m: Message) -> OfflineAnswer | None:
    """The first steps of the plan in view, which has none (before "export": "download
    duolingo, find a tutor" is a list, not a download)."""
    empty = next((p for p in m.plans if p["id"] == m.ctx.current_plan_id and not p["steps"]), None)
    if empty is not None and (steps := new_plans.first_steps_for(m.text, m.ctx)):
        return await new_plans.add_first_steps(m.interp, m.ctx, empty, steps)
    return None


async def _export_plan(m: Message) -> OfflineAnswer | None:
    if found := _EXPORT.fullmatch(m.plain):
        return OfflineAnswer(await _export(m.interp, m.ctx, found["ref"]), True)
    return None


async def _replace_a_step(m: Message) -> OfflineAnswer | None:
    found = _REPLAN_STEP.fullmatch(m.text.strip()) or _REPLAN_WORDS.fullmatch(m.text.strip())
    # In free words a replacement names two or more new steps ("change of plan on the
    # windows - …" is news, not one new step); "replan step 2: x" is a command, read earlier.
    if found and len(plan_phrases.split_steps(found["steps"])) >= 2:
        return await _replan_step(m.interp, m.ctx, found, m.plans)
    # each reader's new steps, read again for the steps put in order after a summary of the
    # new way ("I will visit them personally. First make …, then bring …": the summary is no
    # step; ``replacements.in_order_after_summary``)
    swap = replacements.read_swap(m.text)
    if swap is not None:
        swap = dataclasses.replace(
            swap, steps=replacements.in_order_after_summary(m.text, swap.steps)
        )
    if swap is not None and (answer := await _swap(m, swap)) is not None:
        return answer  # "not renting a uhaul. gonna borrow a car and buy boxes"
    replacement = replacements.read_replacement(m.text)
    if replacement is not None:  # "instead of X I'm gonna a and b", "split X into …"
        replacement = (replacement[0], replacements.in_order_after_summary(m.text, replacement[1]))
        # words that name no step replace nothing: "swap my saturday with Kez, get the
        # blinds" is a new plan's list, read by a later stage
        answer = await _replace(
            m.interp, m.ctx, replacement[0], replacement[1], m.plans, named_only=True, said=m.text
        )
        if answer is None and (lead := replacements.lead_topic(m.text, replacement[0])):
            # "rethinking the totes. instead of ordering the whole lot I'll …": the sentence
            # before says what "the whole lot" is
            both = f"{replacement[0]} {lead}"
            answer = await _replace(
                m.interp, m.ctx, both, replacement[1], m.plans, named_only=True, said=m.text
            )
        if answer is not None:
            return answer
    change = replacements.read_change(m.text)
    if change is not None:  # "change of plan on gifts, … no more stuff. instead just a and b"
        change = (change[0], replacements.in_order_after_summary(m.text, change[1]))
        olds, steps = change
        for words in olds:
            answer = await _replace(
                m.interp, m.ctx, words, steps, m.plans, named_only=True, said=m.text
            )
            if answer is not None:
                return answer
    instead = replacements.read_instead(m.text)
    if instead is not None:  # "X don't service our model any more. so instead: a, then b"
        instead = (instead[0], replacements.in_order_after_summary(m.text, instead[1]))
        olds, steps = instead
        topic = replacements.topic_of(m.text)
        # "change of plan on the hearing aids … rather than booking …": the plan the topic
        # names first, then every plan
        named = [p for p in m.plans if topic and step_match.names_only(topic, p["title"])]
        for plans, words in [(named, w) for w in olds if len(named) == 1] + [
            (m.plans, w) for w in olds
        ]:
            # a thing only one open step has ("cromartie") names it however long the clause;
            # in the plan the topic named, so does the verb of only one of its steps
            only = step_match.by_unique_thing(
                words, plans, m.ctx.current_plan_id, open_only=True
            ) or (_by_verb(words, plans[0]) if plans is named else None)
            answer = (
                await _replan_checked(m.interp, m.ctx, only, steps, said=m.text, named=words)
                if only is not None
                else await _replace(
                    m.interp, m.ctx, words, steps, plans, named_only=True, said=m.text
                )
            )
            if answer is not None:
                return answer
    for olds, steps in ([change] if change else []) + ([instead] if instead else []):
        # a step called off with new things to do, named only in passing: offered, not done
        if offer := await _offer_or_write(m, [*olds, replacements.topic_of(m.text) or ""], steps):
            return offer
    rework = reworks.read_rework(m.text)
    if (
        rework is not None
        and (ordered := replacements.in_order_after_summary(m.text, rework.steps)) != rework.steps
    ):
        # the things with no verb of their own are counted again among the steps kept
        kept = {step: i for i, step in enumerate(ordered)}
        things = frozenset(kept[rework.steps[i]] for i in rework.things if rework.steps[i] in kept)
        rework = dataclasses.replace(rework, steps=ordered, things=things)
    if rework is not None and (offer := await _offer_rework(m, rework)) is not None:
        return offer  # "Dan's a no for the 24th. so instead ask Priya and offer Tom my shift"
    other = replacements.read_other_words_change(m.text)
    if other is not None and (offer := _offer_by_thing(m, *other)) is not None:
        return offer  # "catering ganti rencana aja ya: … jadi a, terus b"
    if change is not None and replacements.said_as_change(m.text):
        return OfflineAnswer(which_step_changes(change[1]), True)
    return None  # "no dj after all … instead …" naming no step: read some other way


def _offer_by_thing(m: Message, words: str, steps: list[str]) -> OfflineAnswer | None:
    """A change said in another language of a thing ("catering", "servis mobil"): the one
    open step the thing names, even by one word of several ("Order nasi kotak catering"), is
    offered; two or three are asked; None when it names none."""
    match = step_match.match_step(words, m.plans, m.ctx.current_plan_id, open_only=True)
    close = [match.best] if match.best is not None else match.close
    if not close:
        only = step_match.by_unique_thing(words, m.plans, m.ctx.current_plan_id, open_only=True)
        close = [only] if only is not None else []
    if not close or len(close) > 3:
        return None
    if len(close) > 1:
        return step_statements.ask(
            "Which step should I re-plan?",
            close,
            lambda c: [("replan", {"plan_id": c.plan_id, "step_id": c.step_id, "steps": steps})],
        )
    return _replace_offer(close[0], steps)


async def _offer_rework(m: Message, rework: reworks.Rework) -> OfflineAnswer | None:
    """A step said to be changed in words of why, with what comes instead: offered
    ("Replace “X” with …?"), as the words of why are too many to be sure of; two steps the
    words fit are asked; None when they name no open step. A change said outright of a step
    its own words name (``replan_doubts.said_outright``) is written, when certain."""
    words = rework.named
    match = step_match.match_step(words, m.plans, m.ctx.current_plan_id, open_only=True)
    if (
        match.best is not None
        and not rework.things
        and replan_doubts.said_outright(m.text, rework.steps)
    ):
        # "digger hire too dear, … so instead: borrow tuis bobcat, then pick it up from his
        # place": the step named by its words, the change marked, two steps each with a verb
        return await _replan_checked(
            m.interp, m.ctx, match.best, rework.steps, said=m.text, named=words
        )
    if match.best is None and not match.ambiguous:
        only = step_match.by_unique_thing(words, m.plans, m.ctx.current_plan_id, open_only=True)
        match = step_match.Match(only) if only is not None else match
    if match.best is None and not match.ambiguous:
        # the steps whose own words the words of why share ("Marlene's Catering has closed
        # up shop" for "Phone the caterer"): one offered, two or three asked
        about = steps_about.steps_about(words, m.plans, m.ctx.current_plan_id, loosely=False)
        match = (
            step_match.Match(about[0])
            if len(about) == 1
            else step_match.Match(None, list(about))
            if about
            else match
        )
    if match.ambiguous and (nearest := _named_nearest(m, [words])) is not None:
        match = step_match.Match(nearest)  # "plumber useless. new plan for the sink: …"
    if match.ambiguous:
        return step_statements.ask(
            "Which step should I re-plan?",
            match.close,
            lambda c: [
                (
                    "replan",
                    {
                        "plan_id": c.plan_id,
                        "step_id": c.step_id,
                        "steps": reworks.with_verb_of(c.title, rework),
                    },
                )
            ],
        )
    if match.best is None:
        return None
    steps = [
        plan_checks.without_change_words(s) for s in reworks.with_verb_of(match.best.title, rework)
    ]
    return _replace_offer(match.best, steps)


# A step whose things the words share only in part is one a replacement may mean: offered
# with its new steps, never done. Below this share of its words a step is not offered.
OFFER_SCORE = step_match.WEAK_SCORE


def _offer_replace(m: Message, olds: list[str], steps: list[str]) -> OfflineAnswer | None:
    """ "change on the bank statements - …": one open step the words name weakly is offered
    ("Replace “X” with “a”, “b”?" — Replace / Just skip it), two or three are asked; None
    when no step shares their words."""
    close: dict[int, step_match.Candidate] = {}
    for words in filter(None, olds):
        for c in step_match.candidates(
            words, m.plans, m.ctx.current_plan_id, open_only=True, least=OFFER_SCORE
        ):
            close.setdefault(c.step_id, c)
    if not steps or not close or len(close) > 3:
        return None
    steps = replacements.real_steps(
        [replacements.without_whose_word(step) for step in replacements.from_so(steps)]
    )
    if len(close) > 1 and (nearest := _named_nearest(m, olds)) is not None:
        # "ward office too slow for paying. do the fee online … instead: a, then b": the
        # sentence right before the new steps names one step; the words of why before it
        # only share a word with another
        close = {nearest.step_id: nearest}
    if len(close) > 1:
        return step_statements.ask(
            "Which step should I re-plan?",
            list(close.values()),
            lambda c: [("replan", {"plan_id": c.plan_id, "step_id": c.step_id, "steps": steps})],
        )
    (one,) = close.values()
    return _replace_offer(one, steps)


async def _offer_or_write(m: Message, olds: list[str], steps: list[str]) -> OfflineAnswer | None:
    """``_offer_replace``, but a change said outright (``replan_doubts.said_outright``) whose
    words name one open step by the matcher itself — not only in passing — is written, when
    certain ("Dr Mutua has moved to Nakuru. Instead: ask the co-op extension officer for
    another vet's number, then call that new vet")."""
    clean = replacements.real_steps(
        [replacements.without_whose_word(step) for step in replacements.from_so(steps)]
    )
    if replan_doubts.said_outright(m.text, clean):
        named = {
            (match.best.step_id, words): match.best
            for words in filter(None, olds)
            if (
                match := step_match.match_step(
                    words, m.plans, m.ctx.current_plan_id, open_only=True
                )
            ).best
            is not None
        }
        # … and no other open step shares the words even weakly (as ``_offer_replace`` would
        # offer them): "do the test online instead of going in person" names "Do practice
        # tests online" by the matcher, but "Take the citizenship test" too: which is asked
        weak = {
            c.step_id
            for words in filter(None, olds)
            for c in step_match.candidates(
                words, m.plans, m.ctx.current_plan_id, open_only=True, least=OFFER_SCORE
            )
        }
        if len(weak) > 1 and (nearest := _named_nearest(m, olds)) is not None:
            weak = {nearest.step_id}  # as offered: the sentence before the steps names one
        if (
            len({step_id for step_id, _ in named}) == 1
            and weak <= {step_id for step_id, _ in named}
            and not _named_by_the_change_words(m, named)
        ):
            (_, words), one = next(iter(named.items()))
            return await _replan_checked(m.interp, m.ctx, one, clean, said=m.text, named=words)
    return _offer_replace(m, olds, steps)


# The words that say a change, no thing of a step: "new plan for", "change of plan on"
_CHANGE_SAID = re.compile(
    r"\b(?:(?:new|better|different)\s+(?:plan|idea)|change(?:\s+of\s+plans?)?|plan\s+change)"
    r"(?:\s+(?:for|on|about|with|re))?\b",
    re.I,
)


def _named_by_the_change_words(
    m: Message, named: dict[tuple[int, str], step_match.Candidate]
) -> bool:
    """Some words named their step only by the words that say the change: without them
    (``_CHANGE_SAID``: "change on", "change of plan for") the matcher finds another step or
    none. "change on the roof: …, so just pay a pickup …" named "Change the oil" of another
    plan by its "change" and replaced it (z249); such a step is only offered, never written."""
    for (step_id, words), _ in named.items():
        rest = _CHANGE_SAID.sub(" ", words).strip()
        if rest == words.strip():
            continue
        best = step_match.match_step(rest, m.plans, m.ctx.current_plan_id, open_only=True).best
        if best is None or best.step_id != step_id:
            return True
    return False


def _named_nearest(m: Message, olds: list[str]) -> step_match.Candidate | None:
    """The one open step the last sentence of words said before a change's new steps names,
    when the words as a whole share some with several (``NAMED_NEAREST_EXAMPLES``)."""
    for words in filter(None, olds):
        last = re.split(r"(?<=[.!?;])\s+", words.strip())[-1]
        if last == words.strip():
            continue
        last = _CHANGE_SAID.sub(" ", last)  # "new plan for the sink": "new" names no step
        found = step_match.candidates(
            last, m.plans, m.ctx.current_plan_id, open_only=True, least=OFFER_SCORE
        )
        if len(found) == 1:
            return found[0]
    return None


async def _replan_checked(
    interp: Acting,
    ctx: ToolContext,
    target: step_match.Candidate,
    steps: list[str],
    said: str = "",
    named: str = "",
) -> OfflineAnswer:
    """Step ``target`` replaced by ``steps``, when the step the words ``named`` name and the
    new steps' cut are certain (``replan_doubts``: else offered, or two steps asked) and they
    have the shape of steps; new steps a piece of which shows it was cut in the wrong place ("So thats", "DJ so can you take out
    the band thing", "give keys back n chase my deposit") are shown to be checked instead,
    replaced only on a press. The words of the change said around a step are no part of it
    ("so change that to booking the cattery"). A remark after the steps ("see how they get
    on") is none of them; a fragment ("Of the taps") or a count the message says that is not
    the count read ("two things: …") is never written (``replacements.checked_new_steps``)."""
    steps = [plan_checks.without_change_words(step) for step in steps]
    steps, doubt = replacements.checked_new_steps(steps, said)
    if doubt:
        return _replace_offer(target, steps)
    # written only when certain: the words that named the step name it and no other
    # (finished ones too), and the new steps are cut where the person cut them
    in_doubt = replan_doubts.step_doubt(
        named, await active_plans(ctx), ctx.current_plan_id, target.step_id
    )
    if in_doubt is not None and in_doubt.other is not None:
        return step_statements.ask(
            "Which step should I re-plan?",
            [target, in_doubt.other],
            lambda c: [("replan", {"plan_id": c.plan_id, "step_id": c.step_id, "steps": steps})],
        )
    if (
        in_doubt is not None
        or replan_doubts.steps_doubts(said, steps)
        or plan_checks.new_steps_doubts(steps)
        or second_reader.doubts(("replan",))
        # "forget the Seville trip … we'll just do the beach": pastimes, maybe only a skip
        or replacements.pastimes(steps)
    ):
        # (or the second reader finds a step replaced unlikely for the message)
        return _replace_offer(target, steps)
    args = {"plan_id": target.plan_id, "step_id": target.step_id, "steps": steps}
    return OfflineAnswer(await interp.call(ctx, "replan", args), True)


def _replace_offer(one: step_match.Candidate, steps: list[str]) -> OfflineAnswer:
    """ "Replace “X” with “a”, “b”? Nothing changed yet." — Replace / Just skip it. A new
    step that is a fragment or a remark is never offered; with none left, what comes
    instead is asked for."""
    steps = [
        step
        for step in steps
        if not replacements.is_fragment_step(step) and not replacements.is_remark_step(step)
    ]
    if not steps:
        return OfflineAnswer(
            f"Nothing changed — what should replace “{one.title}”? Say e.g. "
            f"“swap {one.title.lower()} for: call them, book it”.",
            True,
        )
    new = ", ".join(f"“{step}”" for step in steps)
    question = Question(
        f"Replace “{one.title}” with {new}? Nothing changed yet.",
        (
            Option(
                "Replace",
                (("replan", {"plan_id": one.plan_id, "step_id": one.step_id, "steps": steps}),),
            ),
            Option(
                "Just skip it",
                (("update_plan_step", {"step_id": one.step_id, "status": "skipped"}),),
            ),
        ),
    )
    return OfflineAnswer(question.text, True, question=question)


# Words after a dropping verb that name no thing of their own ("instead of buying one")
def which_step_changes(steps: list[str]) -> str:
    """Nothing changed: a change of plan whose step could not be told, with how to name it
    (the new steps as the example, "call them; book it" when there are none)."""
    example = "; ".join(step.lower() for step in steps[:2]) or "call them; book it"
    return (
        "Nothing changed — I couldn't tell which step that changes. Name it, e.g. "
        f"“replan step 2: {example}”."
    )


_NO_THING = frozenset("one ones through again anymore myself ourselves them it".split())


async def _swap(m: Message, swap: replacements.Swap) -> OfflineAnswer | None:
    """The step the dropping words name is replaced. What the change is said of ("change of
    plan on the compost: instead of ordering it", "police verification - …") decides only
    when the dropping words name nothing of the plans; a topic that names a plan names no
    step, so then the step is asked (or, for "ordering it", found by its verb there)."""
    if swap.pointed_back or (len(swap.steps) == 1 and replacements.arrangement_said(m.text)):
        # "scrap the carpool signup. Priya and I are just gonna alternate …, so I need to set
        # up a shared calendar with her instead": one new step read beside an arrangement no
        # step carries; the replacement is shown to be checked, made only on a press. So are
        # steps "do that instead" points back at ("buddy says just get a pad and a hose")
        for words in swap.dropped:
            match = step_match.match_step(words, m.plans, m.ctx.current_plan_id, open_only=True)
            if match.best is not None:
                return _replace_offer(match.best, swap.steps)
        if swap.pointed_back:
            return _offer_replace(m, [*swap.dropped, swap.topic or ""], swap.steps)
    for words in swap.dropped:
        answer = await _replace(
            m.interp, m.ctx, words, swap.steps, m.plans, named_only=True, said=m.text
        )
        if answer is not None:
            return answer
    if swap.topic is None:
        return _offer_replace(m, list(swap.dropped), swap.steps)
    if not swap.dropped:
        # "change of plan on the van, …" with "Book the van WOF" and "Get the van serviced at
        # Tony's": a topic whose every thing two open steps have names neither (z141)
        if len(both_named := _named_whole_by(swap.topic, m)) > 1:
            return step_statements.ask(
                "Which step should I re-plan?",
                both_named[:3],
                lambda c: [
                    ("replan", {"plan_id": c.plan_id, "step_id": c.step_id, "steps": swap.steps})
                ],
            )
        return await _replace(
            m.interp, m.ctx, swap.topic, swap.steps, m.plans, named_only=True, said=m.text
        )
    titles = [s["title"] for p in m.plans for s in p["steps"] if s["status"] not in FINISHED]
    things = [
        stem
        for stem in step_match.content_stems(swap.dropped[0])[1:]
        if stem not in _NO_THING and len(stem) >= 3
    ]
    named_plans = [p for p in m.plans if step_match.names_only(swap.topic, p["title"])]
    both = f"{swap.dropped[0]} {swap.topic}"
    if not things and len(named_plans) == 1 and (one := _by_verb(both, named_plans[0])):
        # "change of plan on the hearing aids … rather than booking through them"
        return await _replan_checked(m.interp, m.ctx, one, swap.steps, said=m.text, named=both)
    in_a_step = bool(things) and any(
        step_match.shared_things(" ".join(things), title) for title in titles
    )
    if not named_plans and not in_a_step:
        # "police verification - instead of going to the thana again …": the words of the
        # reason name nothing of the plans; the topic says which step
        for words in [both, swap.topic] if not things else [swap.topic]:
            answer = await _replace(
                m.interp, m.ctx, words, swap.steps, m.plans, named_only=True, said=m.text
            )
            if answer is not None:
                return answer
    close: list[step_match.Candidate] = []
    for words in [both, swap.topic]:
        match = step_match.match_step(words, m.plans, m.ctx.current_plan_id, open_only=True)
        close = close or ([match.best] if match.best is not None else match.close)
    if not close:
        # what goes is named, but by no step, and the topic names none either: no guess,
        # unless a step shares some of its words, which is offered
        offer = _offer_replace(m, [*swap.dropped, both, swap.topic], swap.steps)
        return offer or OfflineAnswer(which_step_changes(swap.steps), True)
    if len(close) == 1:
        # "palm wine change: no more buying from market, …": the topic names one step, the
        # words dropped name none of its own; a question of one button is the replacement
        # offered, never written
        return _replace_offer(close[0], swap.steps)
    return step_statements.ask(
        "Which step should I re-plan?",
        close,
        lambda c: [("replan", {"plan_id": c.plan_id, "step_id": c.step_id, "steps": swap.steps})],
    )


def _named_whole_by(topic: str, m: Message) -> list[step_match.Candidate]:
    """The open steps that have every word ``topic`` says, its verbs too ("van": "Book the
    van WOF" and "Get the van serviced at Tony's"; "AIMA booking" only "Book the AIMA
    appointment", never "Pay the AIMA fee"), best first."""
    said = step_match.content_stems(topic)
    return [
        c
        for c in step_match.candidates(topic, m.plans, m.ctx.current_plan_id, least=0.0)
        if c.status not in FINISHED
        and said
        and all(
            any(step_match.same_word(w, t) for t in step_match.content_stems(c.title)) for w in said
        )
    ]


async def _show_a_plan(m: Message) -> OfflineAnswer | None:
    # "where am i with all of dads stuff? brain is mush": the question is the first sentence
    asked = re.split(r"(?<=\?)\s+", m.text.strip(), maxsplit=1)[0]
    if found := (
        _WHERE.fullmatch(see_requests.without_opening(asked)) or _WHERE.fullmatch(m.plain)
    ):
        if re.fullmatch(
            r"(?:it\s+all|all\s+of\s+it|everything|all\s+my\s+(?:plans|stuff)|"
            r"my\s+plans|all)",
            found["ref"].strip(),
            re.I,
        ):
            # "where am i up to with everything": every plan, what is still to do
            return OfflineAnswer(await _next(m.ctx, None, every=True, all_plans=True), True)
        group = _GROUP.fullmatch(found["ref"].strip())
        if group is not None:
            # "where am i with all this insurance stuff": every plan those words are in
            fitting = _plans_about(group["words"], m.plans)
            if len(fitting) > 1:
                return OfflineAnswer(await _next(m.ctx, None, every=True, only=fitting), True)
            if fitting:
                return OfflineAnswer(
                    await m.interp.call(m.ctx, "get_plan", {"plan_id": fitting[0]["id"]}), True
                )
        shown = await _show_by_words(m.interp, m.ctx, found["ref"], m.plans)
        if shown is not None:
            return OfflineAnswer(shown, True)
    return await _did_i(m, asked)


async def _asked_to_see(m: Message) -> OfflineAnswer | None:
    """A request to see, whatever it names: the plan it names, else what is still to do in
    every plan. Never a change, never a new plan."""
    ref = see_requests.asked_to_see(m.text)
    if ref is None:
        return None
    alike = _titled_alike(ref, m.plans) if ref else []
    if len(alike) > 1:  # the words in two titles: both shown
        return OfflineAnswer(await _next(m.ctx, None, every=True, only=alike), True)
    chosen = await _plan_by_words(m.ctx, ref, m.plans) if ref else None
    if chosen is None and ref:
        words = {w.lower() for w in re.findall(r"[^\W\d_]{3,}", ref)}
        # "my own list, not Dad's one": a word of the plan's title
        titled = [
            p
            for p in m.plans
            if words & {w.lower() for w in re.findall(r"[^\W\d_]{3,}", p["title"])}
        ]
        chosen = titled[0] if len(titled) == 1 else None
        if len(titled) > 1:  # "everything for Mum": every plan of hers
            return OfflineAnswer(await _next(m.ctx, None, every=True, only=titled), True)
    if chosen is not None:
        return OfflineAnswer(await _next(m.ctx, None, every=True, only=[chosen]), True)
    return OfflineAnswer(await _next(m.ctx, None, every=True, all_plans=True), True)


async def _how_it_stands(m: Message) -> OfflineAnswer | None:
    """A question of how things stand, in any words ("what remains on the kitchen job?",
    "which bits of the party are still to sort"): the plan its words name, or every plan when
    they name nothing. Words that name no plan, or news told after the question, are left to
    the stages after this one."""
    ref = see_requests.state_question(m.text)
    if ref is None:
        return None
    after = re.split(r"[?!.;,]\s|\s[-—]\s", m.text.strip(), maxsplit=1)[1:]
    if after and intents.read_statement(after[0], m.ctx.now, m.ctx.timezone) is not None:
        return None  # "how's the van going? booked it today": news follows, read it
    if not ref:
        return OfflineAnswer(await _next(m.ctx, None, every=True, all_plans=True), True)
    alike = _titled_alike(ref, m.plans)
    if len(alike) > 1:  # "what's left on the baby stuff": every plan whose title has it
        return OfflineAnswer(await _next(m.ctx, None, every=True, only=alike), True)
    chosen = await _plan_by_words(m.ctx, ref, m.plans)
    if chosen is None and _ASKS_FOR_A_LIST.search(m.text):
        # "What all is remaining in my bread plan?" when no plan is called that: a question
        # of what is left is answered with every plan, and says so, never "not understood"
        everything = await _next(m.ctx, None, every=True, all_plans=True)
        return OfflineAnswer(
            f"I couldn't tell which plan “{ref}” is — here is everything:\n{everything}", True
        )
    if chosen is None:
        return None
    return OfflineAnswer(await _next(m.ctx, None, every=True, only=[chosen]), True)


# What a question asks for when it asks what is still to do, whatever it names
_ASKS_FOR_A_LIST = re.compile(
    r"\b(?:left|remain(?:s|ing)?|outstanding|pending|still\s+to\s+do|to\s*-?\s*do)\b", re.I
)


# "all of dads stuff", "this insurance stuff", "the wedding things": a group of plans
_GROUP = re.compile(
    r"(?:all\s+(?:of\s+)?)?(?:(?:the|this|that|these|those|my|our)\s+)?(?P<words>.+?)\s+"
    r"(?:stuff|things|bits|business|admin|saga|malarkey|lot|side\s+of\s+things)",
    re.I,
)
# "did i already sort the referral? cant remember", "have I booked the hall yet?"
_DID_I = re.compile(
    r"(?:did|have|had)\s+(?:i|we)\s+(?P<before>(?:already|actually|ever|even)\s+)?"
    r"(?P<words>[^?]+?)(?P<after>\s+(?:yet|already|or\s+not))?\s*(?P<mark>\?.*|[.!]*)",
    re.I | re.S,
)
_STATE_WORDS = {
    "done": "yes, that's done",
    "skipped": "that one was skipped",
    "in_progress": "started, not finished yet",
    "blocked": "it's blocked",
    "pending": "not yet",
    "replaced": "that step was replaced",
}


def _plans_about(words: str, plans: list[Plan]) -> list[Plan]:
    """The plans whose title or a step shares a content word with ``words``."""
    things = [s for s in step_match.content_stems(words) if s not in step_match.LIGHT]
    if not things:
        return []

    def same(a: str, b: str) -> bool:
        # "insurance" and "the insurer": a shared stem of five letters or more
        return step_match.same_word(a, b) or (len(os.path.commonprefix([a, b])) >= 5)

    def about(title: str) -> bool:
        return any(same(t, s) for t in things for s in step_match.content_stems(title))

    return [p for p in plans if about(p["title"]) or any(about(s["title"]) for s in p["steps"])]


async def _did_i(m: Message, asked: str) -> OfflineAnswer | None:
    """A question whether a step was done: its state, nothing changed."""
    found = _DID_I.fullmatch(see_requests.without_opening(asked))
    # a question by its mark, or by its words ("have I hired the contractor yet")
    if found is None or not (found["mark"].startswith("?") or found["before"] or found["after"]):
        return None
    match = step_match.match_step(found["words"], m.plans, m.ctx.current_plan_id)
    if match.best is None or match.ambiguous:
        return None
    plan = next(p for p in m.plans if p["id"] == match.best.plan_id)
    step = next(s for s in plan["steps"] if s["id"] == match.best.step_id)
    m.ctx.touched(plan["id"])
    state = _STATE_WORDS.get(step["status"], step["status"])
    return OfflineAnswer(f"{plan['title']}: {step_line(step)} — {state}.", True)


# Readings of a hedge that are never a goal of their own: "hoping to …", "what if …", "need
# to get stuck into …" (a want, "I want to get my licence", is a newcomer's goal)
_UNDECIDED_READINGS = frozenset(
    {"musing", "hypothetical", "setting to work", "working it out", "asked"}
)


# A list that starts at its first step: "first i gotta …", "step one, …", "to start, …"
_FIRST_SAID = re.compile(
    r"(?:first(?:ly)?|first\s+of\s+all|first\s+thing|to\s+start(?:\s+with)?|step\s+(?:one|1))\b",
    re.I,
)


async def _new_plan(m: Message) -> OfflineAnswer | None:
    """A new plan, or a commitment ("I'll call the council tomorrow") when no steps come
    with it."""
    ctx, plans = m.ctx, m.plans
    # "can you keep track of this for me. sorting out a pension", "… PLEASE ADD IT TO MY
    # LIST": the request says a plan is meant; it, and steps promised for later, are no part
    # of it
    text, asked = plan_prose.about_the_message(m.text)
    if not text:
        return None
    # "Rahul here from Edison 😊 Plan for the garage: …": who is writing and where from is read
    # off as the greeting before it was, so the plan is read as if it came first
    text = plan_prose.without_who_writes(text)
    # "… i think first I have to do the google data cert, then …": a hedge leading into the
    # list is neither its goal ("Think") nor a step ("I guess"); the list it hedges is shown,
    # made only on yes (the hedge gone, the checks no longer see it as a step of chatter)
    hedged = plan_prose.without_hedged_lead(text)
    hedged_list, text = hedged != text, hedged
    if plans and not asked and step_statements.choice_made(text, plans, ctx):
        return None  # "went with buttondown in the end, account's set up": a choice made
    if plans and not asked and step_statements.skip_said(text, plans, ctx):
        return None  # "Mama says no need to book the pickup, …": a step skipped
    if plans and not asked and step_statements.under_way_said(text, plans, ctx):
        return None  # "doing the passport update on the ukvi account now, half way": begun
    if plans and not asked and step_statements.container_filled(text, plans):
        return None  # "barrel pack to the top 😅 … rice, oil, saltfish, all in": filled
    if plans and not asked and put_offs.label_then_wait(text, ctx.now, ctx.timezone):
        # "ID card appointment - leave it till monday pls, no head for it this week": a wait
        # asked of the thing named first, never a plan titled with it whose steps are the ask
        # and its reason
        return None
    if plans and not asked and intents.price_turned_down(text):
        # "emailed 3 more shipping company. only one answer, £900, too expensive!!": a price
        # asked and turned down is news of a try, never a plan of its clauses
        return None
    new_plan = plan_phrases.read_plan(text) or plan_phrases.read_plan(
        plan_prose.first_line_opening(text)
    )  # "ok so planning the camp 🏕️\n- get …"
    if new_plan is None or plan_prose.has_opening(new_plan[0]):
        # "so basically the garage: a, b and c", "right so Nan's 80th: …": the marked form
        # read past the filler, never with it as the title
        new_plan = plan_phrases.read_plan(plan_prose.without_opening_words(text)) or new_plan
    # The marked forms ("goal: a, b") first; prose when they read no steps, or read past
    # a greeting or filler ("Right, UK visa. Step one photos, …" is not plan "Right").
    prose = (
        plan_prose.read_prose_plan(text)
        if new_plan is None or not new_plan[1] or plan_prose.has_opening(text)
        else None
    )
    if (
        prose is not None
        and new_plan is not None
        and "\n" in text.strip()
        and len(new_plan[1]) >= max(len(prose[1]), 2)
        and not new_plans.names_step(prose[0], plans, ctx)
    ):
        # "right I need to get this mole looked at, a bit freaked out tbh\n- ring the surgery\n
        # - show the GP the photos …": the goal in its own words, a step on each line
        new_plan = (prose[0], new_plan[1])
    elif prose is not None and not new_plans.names_step(prose[0], plans, ctx):
        if (
            new_plan is not None
            and _FIRST_SAID.match(plan_prose.opening(text))
            and new_plan[1][:1] == [prose[0]]
            and new_plan[1][1:] == prose[1]
        ):
            # "ok so first i gotta call the council, after that …, and then …": no goal
            # named; the first step names the plan and stays its first step
            new_plan = (prose[0], new_plan[1])
        elif (
            new_plan is not None
            and _FIRST_SAID.match(prose[0])
            and len(new_plan[1]) == len(prose[1]) + 1
            and new_plan[1][1:] == prose[1]
        ):
            # "I'm doing the grandkids Christmas this year full stop first thing is order the
            # turkey comma then …": the prose reader took the list's first step for its goal
            # ("First thing is order the turkey"); the sequence read the goal before it
            pass
        else:
            new_plan = prose  # "hi! so I'm moving house 😬 I need to give notice, pack …"
    elif (
        new_plan is not None
        and len(new_plan[0].split()) > 8
        and (told := plan_prose.read_prose_plan(text)) is not None
        and told[1] == new_plan[1]
        and len(told[0].split()) < len(new_plan[0].split())
    ):
        # "My husband and I are going on a cruise in May and there is a lot to organise, we need
        # to …": the same steps, the goal in its own words
        new_plan = told
    if asked and (over := plan_prose.asked_thing_over_list(text)) is not None:
        # "can you help me keep track of the school stuff? conference on the 3rd, sign Emma
        # up …": the thing asked about is the goal, every item after its "?" a step
        new_plan = over
    if "\n" not in text.strip() and (new_plan is None or not new_plan[1]):
        offered = await _commitment(m.interp, ctx, text, plans)
        if offered is not None:
            return offered
    if new_plan is None and asked and (goal := plan_prose.goal_of(text)) is not None:
        new_plan = (goal, [])  # asked to keep it: the goal named, no steps yet
    if new_plan is None and not plans and not m.sure_only and not ctx.message.strip().endswith("?"):
        offered = new_plans.newcomer_goal(text)  # "saving up for schoolies next year 🏖️"
        if offered is not None:
            return offered
    if new_plan is not None and not plan_phrases.counted_aloud(text, new_plan[1]):
        # (a list counted aloud, "step one … step two …", is cut where the person counted)
        new_plan = (new_plan[0], plan_phrases.one_action_each(new_plan[1]))
    undecided = hedges.hedge(text) in _UNDECIDED_READINGS
    if new_plan is not None and undecided and not new_plan[1]:
        # "hoping to get the fence up this weekend", "need to get stuck into the CV": a hope
        # or a setting to work about one thing is no goal; the hedge stage answers it. A
        # newcomer's problem mulled over ("trying to figure out the heating") may be one:
        # offered, never made
        if not plans and not m.sure_only and hedges.hedge(text) == "working it out":
            return new_plans.offer_goal(new_plan[0])
        return None
    if (
        new_plan is not None
        and plans
        and (replacements.marked_as_change(m.text) or new_plans.says_instead(*new_plan))
    ):
        # "change of plan, …" changes a plan that exists: never a new plan of its own; a
        # step its words share something with is offered
        steps = [re.sub(r"^instead\b[^:]*:\s*", "", step, flags=re.I) for step in new_plan[1]]
        steps = replacements.in_order_after_summary(
            m.text, steps
        )  # "my friend says better first do …, then apply …"
        offer = await _offer_or_write(m, [new_plan[0], replacements.topic_of(m.text) or ""], steps)
        return offer or OfflineAnswer(which_step_changes(new_plan[1]), True)
    if new_plan is not None:
        same = new_plans.same_plan(new_plan[0], plans)
        if same is not None and new_plan[1]:
            return new_plans.new_or_add(same, *new_plan)
        if same is None and not new_plans.names_step(new_plan[0], plans, ctx):
            if m.sure_only and not new_plan[1]:
                return STOP  # a bare goal: a model can propose its steps
            if not new_plans.plausible(*new_plan):
                return None
            if (kept := new_plans.taken_back(*new_plan)) is not None:
                # "a, b, pay the fee. actually no scrap the fee … just the first two": what is
                # left shown to be checked, made only on yes
                return new_plans.propose(*kept, ctx) if kept[1] else None
            if plans and not new_plan[1] and new_plans.intention_only(text):
                # "gonna sort the tyres later in the week": an intention with no list, from
                # someone with plans, is no new plan said; offered, never made
                return new_plans.offer_goal(new_plan[0])
            if (
                plans
                and new_plan[1]
                and not new_plans.said_as_plan(text)
                # ("add another one - Lily's braces. …": the asking words, read off the
                # text, said it is a plan)
                and not (asked and new_plans.said_as_plan(m.text))
                and not new_plans.named_as_plan(*new_plan)
            ):
                # Someone with plans who tells a story in prose ("the fence job's bigger
                # than I thought. gotta rip out the palings, then …") may mean a step of
                # theirs: a new plan is proposed, made only on yes
                return new_plans.propose(*new_plan, ctx)
            # checked before it is written: a reading whose shape is not a plan's (a step
            # that runs on into the next, a greeting for a title) is shown, made on yes
            return await new_plans.create_checked(
                m.interp,
                ctx,
                text,
                *new_plan,
                undecided=undecided,
                has_plans=bool(plans),
                said=m.text,
                hedged=hedged_list,
                # (a newcomer's greeting read as the title: the plan read again after it)
                read_again=None if plans else lambda rest: _read_again(m, rest),
            )
    if new_plan is None and not m.sure_only:
        return new_plans.one_step_named(text, plans, ctx)  # "passport: get photos": proposed
    return None


async def _read_again(m: Message, rest: str) -> OfflineAnswer | None:
    """``rest`` read by the stages from a new plan on, as if it were the whole message, and
    then for a newcomer's goal said anywhere in it; None when none of them understood it (or
    one stopped the reading), so that the first reading stands."""
    again = dataclasses.replace(m, text=rest)
    stages = [stage for _, stage in STAGES]
    for stage in stages[stages.index(_new_plan) :]:
        answer = await stage(again)
        if answer is STOP:
            return None
        if answer is not None:
            return answer if answer.understood else None
    # (as the interpreter does when no stage read it: a newcomer's goal said anywhere in it)
    return None if m.plans else new_plans.bare_goal(rest)


async def _one_line_only(m: Message) -> OfflineAnswer | None:
    """Several lines are a new plan or nothing: never two changes read as one."""
    return STOP if "\n" in m.text.strip() else None


async def _hedge(m: Message) -> OfflineAnswer | None:
    """ "maybe I'll skip the park", "was going to call them": no change stated. About a
    step of theirs, say so; anything else ("what should I have for dinner?") is not
    understood. Either way no later stage may read it as a change."""
    # (someone else's maybe after a try gone wrong or a reminder asked is their reason: "no
    # stock at the shop, they order from tak, maybe 3 days", "remind me tomorrow morning,
    # maybe prices drop")
    reading = hedges.hedge(m.text, intents.told_outright)
    if reading is None:
        return None
    named = step_match.match_step(m.text, m.plans, m.ctx.current_plan_id)
    if m.sure_only:
        return STOP
    if reading == "asked":
        # a question about a step is answered with what to say instead; any other ("is
        # this thing on?") is not understood, with the closest example
        return OfflineAnswer(ASKED, True) if named.best or named.ambiguous else STOP
    if named.best is None and not named.ambiguous:
        # a question ("what should I have for dinner?") is simply not understood
        return STOP if intents.is_question(m.text) else OfflineAnswer(MUSING, False)
    return OfflineAnswer(UNDECIDED, True)


async def _statements(m: Message) -> OfflineAnswer | None:
    """What happened to a step: one change per sentence, or one for the message."""
    several = await step_statements.per_sentence(m.interp, m.ctx, m.text, m.plans)
    if several is not None:
        return several
    # "van booking approved?": the question mark the reading was given without
    asked = m.ctx.message.strip().endswith("?") and not m.text.endswith("?")
    statement = intents.read_statement(m.text + "?" * asked, m.ctx.now, m.ctx.timezone)
    if statement is not None:
        answer = await step_statements.act(m.interp, m.ctx, statement, m.plans)
        if answer is None:
            return STOP
        return await step_statements.outcome_settled(m.interp, m.ctx, answer, m.text, m.plans)
    return None


async def _a_step_put_off(m: Message) -> OfflineAnswer | None:
    """ "leave the photos till saturday", "tail lights tomorrow": a step put off to a day
    ahead in everyday words, before it is taken for a new plan. One the statement readers
    read as a wait is theirs, read here so that no stage between takes it; any other is
    offered (``put_off_steps``)."""
    found = put_offs.put_off(m.text, m.ctx.now, m.ctx.timezone) if m.plans else None
    if found is None or _committed_to_a_step(m):
        return None  # (a commitment to a step that exists waits by its own stage)
    read = intents.read_statement(m.text, m.ctx.now, m.ctx.timezone)
    if read is not None and read.kind == "snooze":
        if read.when is None or read.when.moment.date() != found.when.moment.date():
            return None  # the statements read another day: theirs, as before
        if found.shape in ("own future", "own present"):
            # the person's own future ("ill look at flights on the 1st"): this stage's own
            # checks (the words are the step, its verb agrees, no other step shares them)
            return await put_off_steps.put_off_a_step(m)
        # theirs only when they write it: an answer of theirs that writes nothing leaves the
        # message to the stages after this one, as before
        written = len(m.ctx.changes)
        answer = await _statements(m)
        return answer if answer is not STOP and len(m.ctx.changes) > written else None
    return await put_off_steps.put_off_a_step(m)


def _committed_to_a_step(m: Message) -> bool:
    """The message is a commitment ("I'll do the buildings insurance on friday") that the
    commitment stage finds to be one open step's, on a day ahead: that stage makes it wait."""
    current = next((p for p in m.plans if p["id"] == m.ctx.current_plan_id), None)
    open_titles = [
        st["title"]
        for st in (current["steps"] if current is not None else [])
        if st["status"] not in FINISHED
    ]
    found = commitments.read(m.text, m.ctx.now, m.ctx.timezone, open_titles)
    return (
        found is not None
        and found.when.moment > m.ctx.now
        and commitments.same_step(found.title, m.plans, m.ctx.current_plan_id) is not None
    )


_A_CHANGE_OF_WAY = re.compile(
    r"\binstead\b|\brather\s+than\b|\bchange\s+of\s+plan\b|\bchanged\s+my\s+mind\b", re.I
)


async def _step_news(m: Message) -> OfflineAnswer | None:
    """ "funding — council pays some": news of that step, nothing more said."""
    noted = _STEP_NOTE.fullmatch(m.text.strip())
    if not noted or _A_CHANGE_OF_WAY.search(noted["note"]):
        # ("police verification - instead of going to the thana again ill do it online":
        # the step done another way is a change of plan, never news logged on it)
        return None
    match = step_match.match_step(noted["words"], m.plans, m.ctx.current_plan_id, open_only=True)
    if match.best is not None and step_match.names_only(noted["words"], match.best.title):
        return await step_statements.run(
            m.interp,
            m.ctx,
            [
                (
                    "update_plan_step",
                    {"step_id": match.best.step_id, "attempt_outcome": noted["note"].strip()},
                )
            ],
        )
    return None


async def _thing_news(m: Message) -> OfflineAnswer | None:
    """ "invites gone out on the class whatsapp": a thing of a step, said to be complete or
    going on, read by grammar when no statement was read."""
    answer = await step_statements.news_of_a_thing(m.interp, m.ctx, m.text, m.plans)
    if answer is None:
        return None
    return await step_statements.outcome_settled(m.interp, m.ctx, answer, m.text, m.plans)


async def _nothing_yet(m: Message) -> OfflineAnswer | None:
    return OfflineAnswer(NOT_YET, True) if intents.not_yet(m.text) and m.plans else None


async def _offer_a_plan(m: Message) -> OfflineAnswer | None:
    """Last: a short goal said plainly ("renovate bathroom"), offered as a plan."""
    return None if m.sure_only else new_plans.offer_plan(m.plain, m.plans)


# The stages in the order they are tried: the first that answers (or stops) wins. Earlier
# stages need no plans; ``_read_plans`` reads them once for the rest.
STAGES: tuple[tuple[str, Stage], ...] = (
    ("small talk", _small_talk),
    ("done lately", _done_lately),
    ("coming up", _coming_up),
    ("questions", _questions),
    ("take back", _take_back),
    ("read plans", _read_plans),
    ("rename or move", _plan_edits),
    ("first steps", _first_steps),
    ("export", _export_plan),
    ("replace a step", _replace_a_step),
    ("show a plan", _show_a_plan),
    ("asked to see", _asked_to_see),
    ("how it stands", _how_it_stands),
    ("due date of a step", due_words.due_for_a_step),
    ("a step put off", _a_step_put_off),
    ("new plan or commitment", _new_plan),
    ("one line only", _one_line_only),
    ("hedge", _hedge),
    ("a reminder on no step", plan_less_reminder),
    ("statements", _statements),
    ("news of a step", _step_news),
    ("news of a thing", _thing_news),
    ("nothing yet", _nothing_yet),
    ("offer a plan", _offer_a_plan),
)


async def handle(
    interp: Acting, text: str, ctx: ToolContext, sure_only: bool
) -> OfflineAnswer | None:
    message = Message(interp, text, ctx, sure_only)
    for name, stage in STAGES:
        answer = await stage(message)
        if answer is STOP:
            log.debug("free wording stopped at stage %r", name)
            return None
        if answer is not None:
            log.debug("free wording read by stage %r", name)
            return answer
    return None


def closest_example(text: str, has_plans: bool = True) -> str:
    if not has_plans:
        # news of a step, a wait or an undo means nothing to a person with no plan yet
        return EXAMPLES[0]
    best = process.extractOne(text.lower(), EXAMPLES, scorer=fuzz.token_set_ratio)
    return best[0] if best else EXAMPLES[0]


# -- questions -------------------------------------------------------------------


async def _next(
    ctx: ToolContext,
    ref: str | None,
    every: bool = False,
    all_plans: bool = False,
    only: list[Plan] | None = None,
) -> str:
    plans = only if only is not None else await active_plans(ctx)
    if not plans:
        return (
            "You have no active plans. Tell me one, e.g. “renew passport: get photos, "
            "fill in the form”."
        )
    alike = _titled_alike(ref, plans) if ref else []
    if len(alike) > 1:
        # "whats left on the baby list" with "Get ready for the baby" and "Baby shower": the
        # words are in both titles, so both are shown, never the one they cover most of
        plans = alike
    elif ref:
        chosen = await _plan_by_words(ctx, ref, plans)
        plans = [chosen] if chosen else plans
    elif ctx.current_plan_id is not None and not all_plans and only is None:
        plans = [p for p in plans if p["id"] == ctx.current_plan_id] or plans
    lines = []
    for plan in plans[:5]:
        steps = [s for s in plan["steps"] if s["status"] not in FINISHED]
        started = [s for s in steps if s["status"] == "in_progress"]
        step = next(iter(started or steps), None)
        done = sum(s["status"] == "done" for s in plan["steps"])
        head = f"{plan['title']} ({done}/{len(plan['steps'])} done)"
        if step is None:
            lines.append(f"{head}: every step is finished — say “mark this plan complete”.")
        elif every:
            lines.append(
                f"{head}, still to do:\n"
                + "\n".join(
                    step_line(s) + due_suffix(s) + wait_suffix(s, ctx.timezone) for s in steps
                )
            )
        else:
            after = [s for s in steps if s is not step][:2]
            then = "; then " + ", ".join(s["title"] for s in after) if after else ""
            waits = wait_suffix(step, ctx.timezone)
            lines.append(f"{head}: next is {step_line(step)}{due_suffix(step)}{waits}{then}")
    if len(plans) == 1:
        ctx.touched(plans[0]["id"])
    return "\n".join(lines)


_LIST_NOUNS = frozenset(
    step_match.stem(w) for w in "list lists plan plans stuff things bits steps jobs".split()
)


def _titled_alike(words: str, plans: list[Plan]) -> list[Plan]:
    """The plans whose titles hold every thing the words name ("baby" in "Get ready for the
    baby" and "Baby shower")."""
    # ("the baby list", "my bread plan": what names a plan, not the list it is)
    said = [
        s
        for s in step_match.content_stems(words)
        if s not in step_match.FILLER and s not in _LIST_NOUNS
    ]
    if not said:
        return []
    return [
        p
        for p in plans
        if all(
            any(step_match.same_word(w, t) for t in step_match.content_stems(p["title"]))
            for w in said
        )
    ]


async def _export(interp: Acting, ctx: ToolContext, ref: str | None) -> str:
    plan_id = interp.current(ctx) if not ref else await interp.plan_id(ctx, ref)
    plan = await ctx.store.get_plan(ctx.owner, plan_id)
    history = await ctx.store.plan_history(ctx.owner, plan_id)
    ctx.touched(plan_id)
    return plan_markdown(plan, history)


async def _show_by_words(
    interp: Acting, ctx: ToolContext, ref: str, plans: list[Plan]
) -> str | None:
    ref = re.sub(r"^(?:the|my|our)\s+", "", ref.strip(), flags=re.I)
    alike = _titled_alike(ref, plans)
    if len(alike) > 1:  # the words in two titles: both shown
        return await _next(ctx, None, every=True, only=alike)
    plan = await _plan_by_words(ctx, ref, plans)
    if plan is None:
        return None
    return await interp.call(ctx, "get_plan", {"plan_id": plan["id"]})


async def _plan_by_words(ctx: ToolContext, words: str, plans: list[Plan]) -> Plan | None:
    """A plan named by its title's words, or by a step it holds ("the photos")."""
    stems = step_match.content_stems(words)
    if not stems:
        return None
    scored = sorted(
        ((step_match.score(stems, p["title"]), p) for p in plans),
        key=lambda pair: pair[0],
        reverse=True,
    )
    if scored and scored[0][0] >= 0.5 and (len(scored) == 1 or scored[1][0] < scored[0][0]):
        return scored[0][1]
    named = [p for p in plans if step_match.names_only(words, p["title"])]
    if len(named) == 1:  # "the extension" for "Extension planning permission"
        return named[0]
    match = step_match.match_step(words, plans, ctx.current_plan_id)
    if match.best is not None:
        return next(p for p in plans if p["id"] == match.best.plan_id)
    things = [s for s in stems if s not in step_match.LIGHT and len(s) >= 3]
    titled = [
        p
        for p in plans
        if any(
            step_match.same_word(t, s) for t in things for s in step_match.content_stems(p["title"])
        )
    ]
    return titled[0] if len(titled) == 1 else None  # "ammachi function": "Ammachi's 80th"


# -- a commitment: offered, stored only on Yes ------------------------------------

GOAL_HORIZON = timedelta(days=60)


async def _commitment(
    interp: Acting, ctx: ToolContext, text: str, plans: list[Plan]
) -> OfflineAnswer | None:
    current = next((p for p in plans if p["id"] == ctx.current_plan_id), None)
    open_titles = [
        st["title"]
        for st in (current["steps"] if current is not None else [])
        if st["status"] not in FINISHED
    ]
    found = commitments.read(text, ctx.now, ctx.timezone, open_titles)
    if found is None:
        return None
    if not plans and found.when.moment - ctx.now > GOAL_HORIZON:
        # a newcomer's "need to get my super sorted before i retire next year": a goal with
        # a horizon, made a plan, not one thing to do on a day
        return None
    # Only the step the words are (the offer's own test): "I'll call the council" is not
    # "Get council permission", and stays an offer.
    step = commitments.same_step(found.title, plans, ctx.current_plan_id)
    # ("I'll probably book it next week": a plan not made yet waits for nothing)
    if (
        step is not None
        and found.when.moment > ctx.now
        and (hedges.hedge(text) is None or commitments.wait_asked(text))
    ):
        # "I'll do the buildings insurance on friday": a step that exists waits until
        # then; an offer to track is only for something new
        moment = found.when.moment
        until = moment.isoformat() if found.when.has_time else moment.date().isoformat()
        return await step_statements.run(
            interp, ctx, [("snooze_step", {"step_id": step.step_id, "until": until})]
        )
    if not ctx.message:  # called without the assistant: this text is the message
        ctx.message = text
    if await commitments.declined(ctx):
        return OfflineAnswer(
            f"You said no to tracking that before, so I've left it. To track "
            f"it after all: “add step: {found.title}”.",
            True,
        )
    question = commitments.offer(ctx, found.title, found.when.moment, found.when.has_time, plans)
    if question is None:
        return None
    return OfflineAnswer(question.text, True, question=question)


# -- moving a step ---------------------------------------------------------------


async def _move(
    interp: Acting, ctx: ToolContext, move: plan_edits.Move, plans: list[Plan]
) -> OfflineAnswer | None:
    """The step and the place it goes, when both are clear; None when the words name no
    step (then the message is read as something else); a question when two steps fit."""
    if move.number is not None:
        step = await interp.step_at(ctx, move.number)
        plan_id, old = interp.current(ctx), step["position"]
        step_id, title = step["id"], step["title"]
    else:
        match = step_match.match_step(move.step, plans, ctx.current_plan_id)
        if match.ambiguous:
            return OfflineAnswer(
                "Which step should I move? Name it by its number, e.g. "
                "“move step 3 to the top”. Nothing changed.",
                True,
            )
        if match.best is None:
            return None
        plan_id, old = match.best.plan_id, match.best.position
        step_id, title = match.best.step_id, match.best.title
    plan = next(p for p in plans if p["id"] == plan_id)
    if move.position is not None:
        new = len(plan["steps"]) if move.position == -1 else move.position
    else:
        target = step_match.match_step(move.before or move.after or "", [plan], plan_id)
        if target.best is None or target.ambiguous or target.best.step_id == step_id:
            return OfflineAnswer(
                f"Where should “{title}” go? Say e.g. “move step {old} to the "
                "top” or “move it before step 2”. Nothing changed.",
                True,
            )
        at = target.best.position
        new = (at - 1 if old < at else at) if move.before else (at if old < at else at + 1)
    return OfflineAnswer(
        await interp.call(ctx, "move_step", {"step_id": step_id, "position": new}), True
    )


# -- replanning one step ---------------------------------------------------------


async def _replan_step(
    interp: Acting, ctx: ToolContext, found: re.Match, plans: list[Plan]
) -> OfflineAnswer | None:
    # ("split the photos step into: a, b", "swap the fondant step for: a, b": the word of
    # the change before its colon is no part of the first step)
    # "change the kubeadm step, my laptop can't take it. instead: …": the reason before
    # "instead:" is no step; a change said with its reason is only offered
    said = found["steps"].strip()
    reasoned = replacements.without_reason(said) != said
    steps = plan_phrases.split_steps(
        re.sub(
            r"^(?:(?:instead|with)\s*[—:,]?|(?:into|to|as|for)\s*[—:])\s*",
            "",
            replacements.without_reason(said),
            flags=re.I,
        )
    )
    if reasoned and not found.groupdict().get("pos"):
        match = step_match.match_step(found["words"], plans, ctx.current_plan_id, open_only=True)
        if match.best is not None:
            return _replace_offer(match.best, steps)
    if found.groupdict().get("pos"):
        step = await interp.step_at(ctx, int(found["pos"]))
        # step_at found it in the current plan, so there is one
        target = step_match.Candidate(
            current_plan(ctx),
            "",
            step["id"],
            step["position"],
            step["title"],
            step["status"],
            1.0,
            True,
        )
        return OfflineAnswer(
            await interp.call(
                ctx,
                "replan",
                {"plan_id": target.plan_id, "step_id": target.step_id, "steps": steps},
            ),
            True,
        )
    return await _replace(interp, ctx, found["words"], steps, plans)


def _by_verb(words: str, plan: Plan) -> step_match.Candidate | None:
    """The one open step of ``plan`` whose verb the words start with ("rather than booking
    through them" in plan "Mum's hearing aids" is "Book an audiology appointment")."""
    said = step_match.content_stems(words)[:1]
    found = [
        step
        for step in plan["steps"]
        if step["status"] not in FINISHED
        and said
        and step_match.content_stems(step["title"])[:1] == said
    ]
    if len(found) != 1:
        return None
    return step_match.Candidate.of(plan, found[0], 1.0, False)


def _compact(word: str) -> str:
    return "".join(letters.words(word))


def _by_spelling(words: str, plans: list[Plan], otherwise: step_match.Match) -> step_match.Match:
    """The one open step with a word spelt the same but for hyphens and capitals ("uhaul",
    "U-Haul"; "e-bike", "ebike"), when the matcher found none. A small word ("from", "with",
    "them") spells no thing: "building it from scratch" is not "Get feedback from a mentor"."""
    said = {
        _compact(w)
        for w in words.split()
        if len(_compact(w)) >= 4 and _compact(w) not in step_match.STOPWORDS
    }
    found = [
        (plan, step)
        for plan in plans
        for step in plan["steps"]
        if step["status"] not in FINISHED and said & {_compact(w) for w in step["title"].split()}
    ]
    if len(found) != 1:
        return otherwise
    plan, step = found[0]
    return step_match.Match(step_match.Candidate.of(plan, step, 1.0, False))


async def _replace(
    interp: Acting,
    ctx: ToolContext,
    words: str,
    steps: list[str],
    plans: list[Plan],
    named_only: bool = False,
    said: str = "",
) -> OfflineAnswer | None:
    """Step ``words`` replaced by ``steps`` in its plan: asked when two steps fit. ``said``:
    the message, whose count of new things is checked (``_replan_checked``)."""
    match = step_match.match_step(words, plans, ctx.current_plan_id, open_only=True)
    if match.best is None and not match.ambiguous:
        only = step_match.by_unique_thing(words, plans, ctx.current_plan_id, open_only=True)
        match = step_match.Match(only) if only is not None else match  # "doing the batten"
    if match.best is None and not match.ambiguous:
        match = _by_spelling(words, plans, match)  # "uhaul" for "Rent a U-Haul"
    if match.ambiguous:
        return step_statements.ask(
            "Which step should I re-plan?",
            match.close,
            lambda c: [("replan", {"plan_id": c.plan_id, "step_id": c.step_id, "steps": steps})],
        )
    if match.best is None:
        return (
            None
            if named_only
            else OfflineAnswer(f"Nothing changed — no unfinished step matches “{words}”.", True)
        )
    return await _replan_checked(interp, ctx, match.best, steps, said=said, named=words)
