"""A first plan in running prose: a goal and its steps, however a newcomer types them.

    ok so I need to sort my visa for canada, get the police certificate, book biometrics …
    need to do my taxes. gather W-2s and 1099s / find last years return / book appt
    hi! so I'm moving house next month 😬 I need to give notice, get quotes and pack the loft
    New kitchen. Measure up. Get three quotes. Pick worktops. Book the fitter.
    Hello there. We are finally selling the RV. Wash and wax it and then fix the awning …

``plan_phrases`` reads the forms with a mark between goal and steps ("goal: a, b").
This module reads the rest in stages, each a pure function:

1. ``opening``: greetings, fillers and closing words are not the plan ("hi!", "ok so",
   "basically", "ugh", "thank you"); an emoji or "!!" ends a sentence;
2. ``sentences``: the text split into sentences;
3. the **list**: the first sentence that introduces steps ("I need to", "steps are",
   "have to") or is itself a list (two or more items); its items are the steps;
4. the **goal**: the sentence just before the list (or, with none before it, the
   first item of a list introduced at the very start), cut to the goal's own words
   (``goal_title``): "I'm moving house next month and I'm already panicking" is
   "Moving house next month".

``read_prose_plan`` returns ``(title, steps)`` with at least two steps, or None.
``EXAMPLES`` and ``NEAR_MISSES`` are what it must and must not read (tests run them).
"""

from __future__ import annotations

import re

from drbot.ai.language.plan_phrases import (
    ADDRESS,
    AFTER_THAT,
    GOAL_START,
    INFINITIVE_ELSEWHERE,
    ITEM_MARK,
    LABEL,
    NOT_SHORTENED,
    OTHER_AND_CUT,
    POLITE_PARTICLES,
    STATE_THEN_GOAL,
    STEP_VERBS,
    ampersand_in_name,
    asked_outright,
    cap,
    lead_in_joined,
    numbered_lines,
    run_on,
    split_steps,
    split_titled,
    verb_of_ing,
)

# -- 1. opening and closing words --------------------------------------------------------

_GREETING = (
    r"(?:hi+|hello+|hey+|hiya|howdy|g'?day|good\s+(?:morning|afternoon|evening|day)|morning|"
    # greetings in the languages people mix into English: "Kia ora!", "Namaste ji"
    r"kia\s+ora|namaste|shikamoo|kalim[eé]ra|kalisp[eé]ra|(?:salaam|salam)(?!\s*[ou]?\s*a?l[aei][iy]?k[uo]m)|shalom|bonjour|hola+|ciao+|aloha|sawubona|howzit|wagwan|"
    r"kumusta|hallo|ol[áa]|moin|servus|hai(?=\s+kak\b|\s*[,.!])|jambo|bom\s+dia|boa\s+(?:tarde|noite)|"
    r"buen(?:os|as)\s+(?:d[ií]as|tardes|noches)|guten\s+(?:morgen|tag|abend)|hujambo|habari|sannu|vanakkam|marhaba|merhaba|"
    r"namaskar(?:am)?|sat\s+sri\s+akal|selamat\s+(?:pagi|siang|sore|malam)|konnichiwa|ni\s+hao|"
    # "halo kak", "pagi kak!" (Indonesian: the time of day alone, before a word of address or a
    # stop), "Goeie naand!" (Afrikaans), "xin chào" (Vietnamese)
    r"halo|(?:pagi|siang|sore|malam)(?=\s+(?:kak|mas|mbak|bang|bu|pak|semua)\b|\s*[,.!])|"
    r"goeie\s*(?:m[oô]re|middag|naand|aand|dag)|xin\s+ch[àa]o|"
    # Dutch and Polish: "hoi,", "hoi allemaal", "dzień dobry"
    r"hoi(?=\s*[,.!]|\s+(?:allemaal|iedereen)\b)|dzie[ńn]\s+dobry|"
    # Sheng and Swahili ("niaje,", "mambo!"), and the pleasantry of a first meeting
    r"niaje|mambo(?=\s*[,.!])|(?:nice|pleased|good)\s+to\s+meet\s+(?:you|u)|"
    # the openers of the other languages newcomers greet in: "salut!", "dag!", "coucou",
    # "sabah el fol 🌞", "grüß gott", "cześć", "annyeong", "bon dia" ("dag", "buenas" and
    # "selam" only before a stop or a comma: "dag" is also a day, "buenas ideas" no greeting)
    r"salut|coucou|bonsoir|goeie?dag|"
    r"(?:dag|buenas|selam|ahlan(?:\s+wa\s+sahlan)?)(?=\s*[,.!]|\s*$)|"
    r"sabah\s+(?:el|al)\s*[-\s]?(?:kh[ae]i?r|fol|fool|nour|noor|ful)|gr[üu](?:ß|ss)\s+gott|"
    r"cze[śs][ćc]|annyeong(?:haseyo)?|bon\s+dia|"
    # "gud mawnin" (Jamaican), "kifak!" (Lebanese: how are you), "sawasdee ka" (Thai, with the
    # particle said after it), "malo lelei" (Tongan), "talofa" (Samoan) ("kifak" and "talofa"
    # only before a stop or a comma)
    r"gud\s+m(?:aw|o)nin[g']?|sawa(?:s|t)dee(?:\s+(?:ka|kha|krub|khrap))?|malo\s+(?:e\s+)?lelei|"
    r"(?:kifak|kifik|kifkon|talofa(?:\s+lava)?)(?=\s*[,.!]|\s*$)|"
    # South African and Kenyan street greetings: "heita bot 👋🏾", "Sasa.", "sasa boss,"
    # ("sasa" alone, before a stop or a word of address: Swahili "now" starts no goal so)
    rf"heita|sasa(?=\s*[,.!]|\s+{ADDRESS}\b)|"
    # the salaam however it is spelt: "as-salaamu alaikum", "Assalam o alaikum", "salam alaykum"
    # (and "salam alikom", "salam alaykom" as it is typed in Cairo)
    r"(?:as-?)?s?sala+m+(?:\s*[ou]\s*|u\s*|\s+)a?l[aei][iy]?k[uo]m|"
    # said alone, before a stop or a comma: "Heya!", "Yo.", "Greetings," ("greetings cards")
    r"(?:heya|yo|greetings|oi|sup)(?=\s*(?:[,.!:;—-]|$))|"
    # the letter's address, however it is joined: "Dear sir or madam", "hello sir/madam"
    r"evening|dear\s+(?:sir(?:\s*(?:or|/)\s*madam)?|madam|team|all|drbot|bot|friend)|"
    r"to\s+whom\s+it\s+may\s+concern)(?:\s+(?:there|drbot|bot|all))?"
    # where the greeting comes from, before a stop, a comma or an emoji: "hallo from Antwerpen
    # 🐝", "good morning from night shift 🥱" (never "from" and a goal: only two words)
    r"(?:\s+from\s+(?:the\s+)?[\w'-]+(?:\s+[\w'-]+)?(?=\s*(?:[,.!\U0001f000-\U0001faff\u2600-\u27bf]|$)))?"
    # a particle of politeness after it: "Hi po!", "hello ji", "hi lah"
    # (and the words a greeting calls someone by: "Good morning em 🙏" — Vietnamese, to someone
    # younger —, "halo kak", "hi bro", "good evening o 🙏🏾")
    r"(?:\s+(?:po|ji|lah|la|na|sir\s*(?:/|or)\s*madam|sir|ma'?am|kak|mas|mbak|"
    r"bang|em|anh|ch[iị]|sis|all|"
    rf"everyone|{ADDRESS}|o(?=\s*(?:[,.!🙏]|$))))?"
)
# A face or a hand, in the emoji blocks people close a greeting with ("👋", "😊", "🙏🏾")
_FACE = "[\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]"
# A name as it is written, capitalised: "Rosa", "Zoë", "Nuñez"
_CAPITAL_NAME = r"(?-i:[A-ZÀ-Ý][a-zà-ÿ'-]+)"
# "I am" and "my name is" in Spanish and Portuguese, before a name
_NAME_IS = (
    r"(?:soy|sou(?:\s+[ao])?|me\s+llamo|me\s+chamo|mi\s+nombre\s+es|meu\s+nome\s+[ée]|"
    r"le\s+escribe)"
)
# A name as people type it after "my name is" or before "here from", capitalised or not:
# one word, never a word of news or of where the writer is ("back", "home", "just", a verb's
# past or -ing: "just moved here from Riga", "working here from home")
_ANY_NAME = (
    r"(?!(?:back|home|just|new|still|stuck|born|out|up|over|down|away|all|everyone|it|we|i|"
    r"you|they|life|things|nobody|someone)\b)(?![\w'-]*(?:ed|ing)\b)[^\W\d_][\w'-]*"
)
# Who is writing and where from, said before a stop, a face, a comma or the line's end (round
# z246–z251: "Mba'éichapa! soy Fátima de Lambaré\nHuerta en el patio\n…"): "Rahul here from
# Edison 😊", "hassan here from dearborn 👋", "my name is Bhavin from surat, starting …", "im
# Arman from Almaty, going to …" (rounds z216–z221, z234–z239, z240–z245); in Spanish and
# Portuguese "soy Rosa de Santa Ana 🙏", "me chamo Val." (the place ends the introduction, so a
# comma after it ends it too; a name with no place before a comma still tells who they are,
# "I'm Ola, I pack parcels …", and stays; "I'm back from Leeds" and "moved here from Riga" are
# news, no name). A face after it is taken with it: "👋 my brother and me want …" is no
# title's head.
# The same introduction in the other shapes newcomers open with (rounds z258–z263, z264–z269,
# and z246–z251 for "here in"): "yo its Mariama from 116th st Harlem 👋🏾 my barrel …" ("it's"
# and a capitalised name, a place of up to three words; never a day or a feast: "It's
# Christmas from the 20th"), Catalan "sóc la Pau de Lleida 👋", a name and what the person is
# where they live, "Kostas here, greek guy in Stuttgart 🇬🇷🇩🇪 just moved …", who they are
# here, "sri lankan here in milan 😅 need to …" (never someone else's: "my mom here in LA"),
# and a greeting no list holds said from a place with a wave or a raised hand, "Dumelang from
# Cape Town 🙋🏾‍♀️ moving out of res …" (only a hand that greets: "Flights from Lagos ✈️" and
# "Flights from Lagos 😩" name a thing). The descriptions and "here in" end at a face only: a
# stop or a comma after "greek guy in Stuttgart" may end a goal said so.
_FACE_ENDS = rf"\s*(?:{_FACE})+\s*(?=\w)"
_NOT_A_DATE = (
    r"(?!(?:christmas|easter|eid|diwali|ramadan|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|january|february|march|april|may|june|july|august|september|october|"
    r"november|december)\b)"
)
_WHO_FROM_MORE = (
    rf"(?:it'?s|its)\s+{_NOT_A_DATE}{_CAPITAL_NAME}\s+from\s+[\w'-]+(?:\s+[\w'-]+){{0,2}}"
    rf"(?:{_FACE_ENDS}|(?=\s*(?:[.!,]|$)|[ \t]*\n))|"
    rf"s[óo]c(?:\s+(?:la|el|en))?\s+{_CAPITAL_NAME},?\s+de\s+{_CAPITAL_NAME}"
    rf"(?:[ \t]+(?:de\s+)?{_CAPITAL_NAME})?(?:{_FACE_ENDS}|(?=\s*(?:[.!,]|$)|[ \t]*\n))|"
    rf"{_ANY_NAME}\s+here,\s+(?:[\w'-]+\s+){{1,3}}(?:in|from)\s+{_CAPITAL_NAME}"
    rf"(?:\s+{_CAPITAL_NAME})?{_FACE_ENDS}|"
    rf"(?!(?:my|our|the|his|her|their|your)\b){_ANY_NAME}(?:\s+{_ANY_NAME})?\s+here\s+in\s+"
    rf"[\w'-]+(?:\s+[\w'-]+)?{_FACE_ENDS}|"
    rf"[^\W\d_][\w'-]*\s+from\s+{_CAPITAL_NAME}(?:\s+{_CAPITAL_NAME}){{0,2}}\s*"
    r"[\U0001f44b\U0001f64b][\U0001f3fb-\U0001f3ff\u200d\u2640\u2642\ufe0f]*\s*(?=\w)"
)
_WHO_FROM = (
    rf"(?:(?:(?:i'?m|im|i\s+am|(?:hi\s+)?this\s+is)\s+{_CAPITAL_NAME}|"
    rf"my\s+name\s+is\s+{_ANY_NAME}|{_ANY_NAME}\s+here)\s+(?:from|fae)\s+[\w'-]+(?:\s+[\w'-]+)?|"
    rf"{_NAME_IS}\s+{_CAPITAL_NAME},?\s+(?:de|desde|do|da)\s+{_CAPITAL_NAME}"
    rf"(?:[ \t]+(?:de\s+)?{_CAPITAL_NAME})?)"
    rf"(?:\s*(?:{_FACE})+\s*(?=\w)|(?=\s*(?:[.!,]|$)|[ \t]*\n))|"
    rf"{_NAME_IS}\s+{_CAPITAL_NAME}(?:\s*(?:{_FACE})+\s*(?=\w)|(?=\s*(?:[.!]|$)|[ \t]*\n))|"
    rf"{_WHO_FROM_MORE}"
)
_FILLER = (
    # "right then", "ok then", "well then": a "then" that follows a filler orders nothing
    r"(?:(?:ok(?:ay)?|right|well|alright)\s+then|ok(?:ay)?|so|right|basic(?:al)?l+y|literally|well|um+|erm+|anyway|alright|soo+|yeah|"
    r"(?:here'?s\s+)?(?:(?:a\s+)?new\s+one|another\s+one|next\s+one|one\s+more)(?:\s+for\s+(?:you|ya|u|me))?|"
    r"like|righto|"
    # "new goal for you to track:", "can help me track this ah": who it is for, not the goal
    r"(?:a\s+)?new\s+(?:goal|plan|thing|project)\s+for\s+(?:you|ya|u|me)"
    r"(?:\s+to\s+(?:track|keep\s+track\s+of|remember))?|"
    r"(?:(?:can|could)\s+(?:you\s+|u\s+)?)?help\s+me\s+(?:track|keep\s+track\s+of)\s+this"
    r"(?:\s+(?:ah|lah|pls|please))?|"
    r"quick\s+one|"
    # "Ugh I forgot to tell you, we're also taking …", "meant to say,": the telling, not the goal
    r"(?:i\s+)?(?:forgot|meant)\s+to\s+(?:tell|mention|say)(?:\s+(?:you|u|to\s+you))?"
    r"(?:\s+(?:earlier|before|yesterday))?(?=\s*[,.!:—-])|"
    # a new plan asked for before its goal: "ay also new plan pls, my passport expires …"
    r"(?:also\s+)?(?:a\s+)?(?:new|another)\s+(?:plan|goal|one|list|project)"
    r"(?:\s+(?:pls|please|plz)|(?=\s*,))|"
    # a job for the list announced before its goal, said on its own: "NEW JOB. SELL THE
    # CARAVAN. …", "another job for the list, I'm afraid." ("new job starts monday" and "new
    # job - buy work shoes" are the person's work: only a stop or comma ends the label)
    r"(?:a\s+)?(?:new|another)\s+(?:job|task|one)(?:\s+for\s+(?:the|my|your)\s+list)?"
    r"(?:,?\s+i'?m\s+afraid)?(?=\s*[.,!]\s*\S)|"
    # news that a plan is on, said before it: "it's decided, me and Koos are doing …"
    r"(?:it'?s|its|it\s+is)\s+(?:decided|official|confirmed)(?=\s*[,.!—-])|"
    r"ugh+|omg|argh+|eek+|yikes|sigh|oof|ay+|aye|ah+|oh+|ach|och|"
    # the interjections of the Englishes people write in, opening what they say: "yoh ok so
    # first i go to home affairs", "eish i need to get my linkedin sorted", "sho so i need to
    # …", "Chale i dey need help o" ("sho" and "chale" only before a comma, a stop or the
    # words that go on: "show" and a "chalet" are no interjection)
    # (and the asking for help and the "well" that open a Swahili or Spanish message: "naomba
    # unisaidie.", "bueno." — only before a stop or a comma)
    r"(?:naomba\s+(?:unisaidie|msaada)|bueno)(?=\s*[,.!])|"
    r"yoh+|eish|haibo|sho(?=\s*[,.!]|\s+(?:so|ok|okay)\b)|chale(?=\s*[,.!]|\s+(?:i|we|so|ok)\b)|"
    # who is writing, said before a comma or a stop: "ik ben Jef,", "I am Martine,", "hi im
    # Wojtek.", "je suis Mireille.", "my name is Ama,", "this is Noreen", "Jef here," (a name:
    # one capitalised word; "I'm Moving to canada" goes on, "I'm exhausted." is no name)
    r"(?:(?:i'?m|im|i\s+am|ik\s+ben|je\s+suis|my\s+name\s+is|(?:hi\s+)?this\s+is)\s+"
    r"(?-i:[A-Z][a-zà-ÿ'-]+)|"
    # "Jef here", "Sister Hyacinth here again" (the name with the word the church, the family
    # or the team calls them by; "again" when they have written before)
    r"(?:(?:sister|brother|auntie|aunty|aunt|uncle|pastor|deacon|elder|coach|mama|papa|nana|"
    r"granny|grandma|grandpa|mrs|mr|ms|dr)\.?\s+)?(?-i:[A-Z][a-zà-ÿ'-]+)\s+here(?:\s+again)?)"
    # only where the sentence ends, or another opener follows: "I'm Ola, I pack parcels at the
    # warehouse …" tells who Ola is, and that is read elsewhere; or the ask for one more plan
    # ("Sister Hyacinth here again, add another one please: …")
    r"(?=\s*[.!]|\s*,\s*(?:new\b|sorry\b|first\s+time\b|(?:i'?m|im|i\s+am)\s+new\b|"
    r"(?:(?:can|could)\s+(?:you|u)\s+)?(?:add|make|start|put)\s+(?:a\s+|me\s+a\s+)?"
    r"(?:new|another|one\s+more)\b))|"
    # that the writer is new, or writes badly, said between stops: "new to this bot.", "new
    # here 🌱", "first time using this,", "sorry my english is not perfect,"
    r"(?:(?:i'?m|im|i\s+am)\s+)?(?:very\s+|quite\s+|totally\s+)?new\s+(?:to\s+(?:this|this\s+"
    r"(?:thing|app|bot)|all\s+this|the\s+app|drbot)|here)(?=\s*[,.!]|\s*$)|"
    r"(?:my\s+)?first\s+time\s+(?:using|trying|here|user(?:\s+here)?)(?:\s+(?:this|it))?"
    r"(?:\s+(?:thing|app|bot))?(?=\s*[,.!?]|\s*$)|"
    # the same in the languages newcomers mix in: "ilk defa kullanıyorum", "hii ni mara yangu ya
    # kwanza kutumia hii kitu", "primera vez q uso esto" (only before a stop or a comma)
    r"(?:ilk\s+(?:defa|kez)\s+kullan[ıi]yorum|(?:(?:hii\s+)?ni\s+)?mara\s+(?:yangu\s+)?ya\s+kwanza"
    r"(?:\s+kutumia(?:\s+(?:hii|hiki)(?:\s+(?:kitu|app|bot))?)?)?|(?:es\s+)?(?:mi\s+|la\s+)?primera"
    r"\s+vez\s+(?:q|que)\s+(?:uso|usando|pruebo)(?:\s+esto)?)(?=\s*[,.!?]|\s*$)|"
    # unsure how it works, said between stops: "hope I do this right...", "i'm not sure how
    # this works", "so bear with me", "che como es esto??" ("not sure how the visa works" and
    # "bear with me while I find the form" go on: only "this" or "it", only before a stop)
    r"(?:(?:so|and|pls|please)\s+)?(?:bear\s+with\s+me|(?:i\s+)?hope\s+i(?:'?m|\s+am)?\s+(?:do|doing|did)"
    r"\s+(?:this|it)\s+right|(?:i'?m\s+|im\s+|i\s+am\s+)?not\s+(?:really\s+)?sure\s+how\s+(?:this|it)"
    r"(?:\s+(?:thing|app|bot))?\s+works|(?:che\s+)?c[oó]mo\s+(?:es|funciona)\s+esto)(?=\s*[,.!?]|\s*$)|"
    # a pleasantry after the greeting: "I hope you're having a nice day.", "hope you're well,"
    r"(?:i\s+)?hope\s+(?:you'?re|you\s+are|ur)\s+(?:(?:having|doing|keeping)\s+)?(?:(?:a|an)\s+)?(?:very\s+)?"
    r"(?:well|good|fine|ok|nice|great|lovely|wonderful)(?:\s+(?:day|morning|afternoon|evening|week|weekend))?"
    r"(?=\s*[,.!]|\s*$)|(?:i\s+)?hope\s+all\s+is\s+well(?=\s*[,.!]|\s*$)|"
    # who sent them, said between stops: "my friend Maria told me about you", "my grandson
    # said you can keep track of things for me", "me lo recomendó mi sobrino" (what the bot
    # can do, never a goal: "my son said you could help me plan his wedding" goes on)
    r"(?:(?:my\s+)?(?:[\w'-]+\s+){1,3}(?:told\s+me\s+(?:about|of)\s+(?:you|this(?:\s+(?:thing|app|bot))?)|"
    r"recommended\s+(?:you|this(?:\s+(?:thing|app|bot))?)(?:\s+to\s+me)?|said\s+(?:you|this(?:\s+(?:thing|"
    r"app|bot))?)\s+(?:can|could|would|will)\s+(?:help\s+me\s+)?(?:keep\s+track\s+of|track|remember)\s+"
    r"(?:things|stuff|everything)(?:\s+for\s+(?:me|us))?)|me\s+(?:lo|la)\s+recomend[óo]\s+(?:mi|my|un|una)"
    r"\s+[\w'-]+)(?=\s*[,.!?]|\s*$)|"
    r"sorry\s+(?:for\s+)?my\s+(?:bad\s+)?english(?:\s+is\s+(?:not\s+(?:perfect|good|great)|bad))?"
    r"(?=\s*[,.!])|"
    # the word someone is called by, said alone before a comma or a stop: "mate, …"
    rf"{ADDRESS}(?=\s*[,.!])"
    r")"
)
_OPENING = re.compile(rf"^(?:(?:{_GREETING}|{_FILLER})\b[\s,.!:;—-]*)+", re.I)
_TRACK = re.compile(
    r"^(?:please\s+|pls\s+|can\s+you\s+)?(?:track|remember|note|save)\s+"
    r"(?:this|that)(?:\s+for\s+me)?(?:\s+(?:pls|please))?\s*[:—-]\s*",
    re.I,
)
_CLOSING = re.compile(
    # (and the thanks and good wishes of other languages: "bonne journée", "dank je", "obrigado")
    r"(?:[\s,.!]+(?:ugh+|lol+|haha+|x+|thanks?(?:\s+you)?|thank\s+u|cheers|merci(?:\s+beaucoup)?|"
    r"bonne\s+(?:journ[ée]e|soir[ée]e)|dank\s*(?:je|u)(?:\s+wel)?|dankie|obrigad[oa]|gracias|danke|"
    r"shukran|asante|salamat|"
    r"please|pls|help)[\s.!]*)+$",
    re.I,
)
# Words about the message, not the plan, closing it after a comma or a stop: "sorry if
# that's a ramble", "hope that makes sense", "sorry, I'm rubbish at this".
_META = re.compile(
    r"(?:[,.!;]|\s+-)\s*(?:(?:sorry|apologies|soz)\b[^.!?]*|"
    r"(?:hope|hopefully)\s+(?:that|this|it)\s+makes?\s+sense|(?:if\s+)?(?:that|this)\s+makes"
    r"\s+sense|(?:does\s+)?(?:that|this)\s+make\s+sense\??|thx|ty|ta|lmao|lol+|xx?|no\s+rush|"
    r"(?:any\s+)?help\s+(?:is\s+)?(?:much\s+)?appreciated|thanks\s+in\s+advance|"
    r"(?:i\s+)?(?:think\s+)?that'?s\s+(?:it|all|everything)(?:\s+for\s+now)?(?:,?\s+i\s+think)?)[\s.!]*$",
    re.I,
)
# Hesitation between commas ("…care home, um, visit the …") and interjections in brackets
# ("hosting thanksgiving (eek)"): no part of a step.
_HESITATION = re.compile(
    r"(?<=[,;])\s*(?:u+m+|u+h+|e+r+m*|h+m+|like|you\s+know|i\s+mean|basically|lol)\s*(?=[,;])|"
    r"(?<=[,;])\s*(?:u+m+|u+h+|e+r+m+)\s+",
    re.I,
)
_INTERJECTION = re.compile(
    r"\s*\((?:eek+|eep|lol+|haha+|ugh+|yikes|help|sigh|omg|argh+|i\s+know|wish\s+me\s+luck|"
    r"[!?.\s]+)\)",
    re.I,
)
_EMOJI = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+")
# An aside in brackets, said to the reader and no part of a step: a feeling or a laugh ("(god
# help me 😂)", "(if it doesn't blow up lol)"), a question to oneself ("(is it still called
# EHIC? no idea)"), words about the telling ("(bear with me, brain is mush)"). Brackets that
# only add to a step ("(the blue one)", "(£40)") stay.
_ASIDE_BRACKETS = re.compile(
    r"\s*\((?=[^()]*(?:[?!]|"
    + _EMOJI.pattern
    + r"|\b(?:lol|haha+|lmao|god|omg|eek|ugh|bear\s+with\s+me|no\s+idea|wish\s+me\s+luck|"
    r"fingers\s+crossed|don'?t\s+ask|long\s+story|touch\s+wood|i\s+know|yes\s+really)\b))"
    r"[^()]*\)",
    re.I,
)


# Words typed short on a phone, in their long form: "we r getting a puppy, need 2 buy a
# crate, find a vet n sort insurance".
_TEXTSPEAK = (
    (re.compile(r"\b(?:need|have|got|want|going)\s+2\b", re.I), lambda m: m[0][:-1] + "to"),
    (re.compile(r"\b(?:we|they|you|u)\s+r\b", re.I), lambda m: m[0][:-1] + "are"),
    # "&" in a name is no "and": "Hollis & Co", "Marks & Spencer", "B & Q"
    (
        re.compile(r"(?<=\w)\s+(?:n|&)\s+(?=\w)", re.I),
        lambda m: m[0] if "&" in m[0] and ampersand_in_name(m) else " and ",
    ),
    (re.compile(r"\bw/?\s+(?=\w)", re.I), lambda m: "with "),
)


def opening(text: str) -> str:
    """The text without greetings, fillers and closing words; emoji as sentence ends (but
    not inside a list: "the rehoming form 📝, the home check 🏠, and …")."""
    for short, long in _TEXTSPEAK:
        text = short.sub(long, text)
    text = _ASIDE_BRACKETS.sub("", text)
    text = re.sub(rf"\s*(?:{_EMOJI.pattern})\s*(?=[,;]|\s+and\b)", "", text)
    text = _EMOJI.sub(". ", text)
    text = _doubt_goes_on(text)  # "…, give notice at work?? no wait not work, …"
    text = re.sub(r"\s*([!?]){2,}\s*", ". ", text)  # "marathon training!! long run"
    text = _INTERJECTION.sub("", text)
    # "…, oh and book the eurostar", "— oh also the deposit": "oh" only remembers another step
    text = re.sub(
        r"\s*[,;—–-]?\s*\boh+(?:\s+(?:yeah|yes|and\s+yes))?,?\s+(?=(?:and|also|plus)\b)",
        ", ",
        text,
        flags=re.I,
    )
    text = _HESITATION.sub(" ", text)
    text = re.sub(r"\s*,(?:\s*,)+", ",", text)
    text = re.sub(r"\s+", " ", text).strip(" .")
    previous = None
    while previous != text:
        previous = text
        text = _OPENING.sub("", text).strip(" .")
        text = _CLOSING.sub("", text).strip(" .,")
        text = _META.sub("", text).strip(" .,")
    return text


def without_opening_words(text: str) -> str:
    """ "ok so nana's 90th: hire the hall, …", "hi! passport > photos > form": the text
    without the greeting or filler before it, nothing else changed (its marks, emoji and
    arrows stay for the marked forms to read)."""
    return _OPENING.sub("", text.strip()).strip()


def first_line_opening(text: str) -> str:
    """A title line followed by steps, without the title line's greeting, filler or emoji."""
    lines = numbered_lines(text.strip()).splitlines()  # "… need to sort: 1. a 2. b 3. c"
    if len(lines) < 2:
        return text
    title = _LIST_INTRO_AFTER.sub("", opening(lines[0]))
    if re.match(r"(?:i'?m|im|we'?re|i\s+am|we\s+are)\s", title, re.I):
        title = goal_title(title)  # "I'm moving to canada in march": "Moving to canada in march"
    return "\n".join([title, *lines[1:]])


# The words that introduce the list at the end of its title line: "I'm moving to canada and
# need to sort:", "Applying for the visa. Need to do:", "things to do:"
_LIST_INTRO_AFTER = re.compile(
    r"(?:[\s,.;]+(?:and\s+|so\s+)?(?:(?:i|we)\s+)?(?:need|have|got)\s+to\s+(?:sort(?:\s+out)?|do|"
    r"get\s+done|organi[sz]e|arrange)|[\s,.;]+(?:things|stuff)\s+to\s+(?:do|sort))\s*:?\s*$",
    re.I,
)


_GREETING_FIRST = re.compile(rf"^\s*{_GREETING}\s*[,.!]+\s*(?=\S)", re.I)


_GREETS = re.compile(rf"^\s*{_GREETING}(?![\w'])", re.I)
# Greetings and the word they call someone by, in the languages people mix into English
GREETING_EXAMPLES: tuple[str, ...] = (
    "Good morning em 🙏",
    "halo kak 👋",
    "good evening o 🙏🏾",
    "pagi kak!",
    "Goeie naand!",
    "hi bro",
    "niaje,",
    "Hello nice to meet you",
    "hoi,",
    "dzień dobry!",
    "hello sir/madam",
    "Dear sir or madam,",
    "heita bot 👋🏾",
    "Sasa.",
    "sasa boss,",
    "hey mate,",
    "salut!",
    "dag!",
    "sabah el fol!",
    "salam alikom,",
    "hallo from Antwerpen 👋",
    "bon dia 🙏",
    "gud mawnin.",
    "kifak!",
    "sawasdee ka 🙏",
    "sawasdee krub.",
    "malo lelei.",
    "talofa!",
    # a greeting drawn out by its last letter, as "hiii" and "heyy" are (rounds z210–z215,
    # z222–z227: "holaa buenas tardes 😊 …", "holaa soy nueva por aquí 👋 …")
    "holaa buenas tardes",
    "holaaa!",
    "ciaoo 👋",
)
GREETING_NEAR_MISSES: tuple[str, ...] = (
    "dagboek bijhouden",
    "buenas ideas for the party",
    "salute the flag",
    "pagination for the site",
    "more paint for the hall",
    "halong bay trip",
    "emigrate to Canada",
    "hoist the sail",
    "goede doelen fundraiser",
    "sasanka's wedding",
    "heater repair",
    "kifaya for now",
    "malo's new bike",
    "talofa's birthday party",
    "sawdust for the shed",
)


# Who is writing and how new they are, said before the goal (``opening`` drops them), and
# the thanks of other languages closing it; the near misses keep their words.
WHO_WRITES_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "Sister Hyacinth here again, add another one please: Thanksgiving dinner",
        "add another one please: Thanksgiving dinner",
    ),
    ("Auntie Joy here. sort the party", "sort the party"),
    ("dag! ik ben Jef, new to this bot. plan for the volkstuin", "plan for the volkstuin"),
    ("I am Martine, sorry my english is not perfect. I want to make mead", "I want to make mead"),
    ("Noreen here, first time using this. sort the attic", "sort the attic"),
    ("hi im Wojtek. new here. renew my licence", "renew my licence"),
    ("salam alikom, first time using this. renew the rokhsa", "renew the rokhsa"),
    ("sorry for my bad english, need to book the dentist", "need to book the dentist"),
    ("potager plan: cover the fraises. bonne journée", "potager plan: cover the fraises"),
    ("kerstmarkt stall: buy jars. dank je wel", "kerstmarkt stall: buy jars"),
    # how they came and that it is their first time, in any language (rounds z162–z173)
    (
        "guten morgen, first time user here. for the turnier call the club",
        "for the turnier call the club",
    ),
    ("merhaba! ilk defa kullanıyorum 🙂 got a subtitling job", "got a subtitling job"),
    (
        "Salaam aleikum, hii ni mara yangu ya kwanza kutumia hii kitu 😅 so bear with me. I sell fruit",
        "I sell fruit",
    ),
    ("hola! primera vez q uso esto 😅 tengo q preparar la yegua", "tengo q preparar la yegua"),
    ("Servus 😊 hope I do this right... our ski club makes a Basar", "our ski club makes a Basar"),
    (
        "hi there. i'm not sure how this works, my grandson said you can keep track of things for me. get my will updated",
        "get my will updated",
    ),
    ("hi there, my friend Maria told me about you!! so I'm an illustrator", "I'm an illustrator"),
    (
        "Buenas tardes, me lo recomendó mi sobrino. Tengo que organizar la yerra",
        "Tengo que organizar la yerra",
    ),
    ("che como es esto?? bueno. la cosecha de yerba", "la cosecha de yerba"),
    ("Shikamoo. naomba unisaidie. Nataka kupata leseni", "Nataka kupata leseni"),
    ("kalimera ☀️ wedding shoot in Naxos", "wedding shoot in Naxos"),
    (
        "Good afternoon! I hope you're having a nice day. We have a few things to do",
        "We have a few things to do",
    ),
    (
        "I'd like to start a plan to get my will updated. thats all for now i think",
        "I'd like to start a plan to get my will updated",
    ),
)
WHO_WRITES_NEAR_MISSES: tuple[str, ...] = (
    "I'm Moving to canada in march",  # a name is never a verb going on
    "I'm exhausted. the boiler broke",
    "I'm Ola, I pack parcels at the warehouse and need a new visa",
    "new to this job, need to do the induction",
    "first time buyer, need a mortgage",
    "my son said you could help me plan his wedding. book the hall",  # what he said is the goal
    "not sure how the visa works, need to ask the embassy",  # the visa's working, not drbot's
    "bear with me while I find the form",
    "hope you're well rested for the trip: pack, book",
    "primera vez que voy a Madrid: comprar billetes",
    "buenos aires trip: book flights",
    # "X here again" and what follows is news: no ask for a plan after it, kept for its reader
    "Sister Hyacinth here again, and the turkey is booked",
    # news of where the writer is or came from, never who they are
    "I'm back from Leeds, need to unpack",
    "just moved here from riga, paperwork hell",
    "I'm home from hospital. need to rest",
    "working here from home, need a desk",
    "I'm Ola from the warehouse crew and need a new visa",  # no mark ends where they're from
)


def greets(text: str) -> bool:
    """Whether ``text`` opens with a greeting ("Good morning em 🙏 …", "halo kak …")."""
    return _GREETS.match(text) is not None


def without_greeting(text: str) -> str:
    """ "hey, I want to start a plan for …" is the request; "hi" alone stays a greeting."""
    return _GREETING_FIRST.sub("", text, count=1)


# (a greeting before the shapes of ``_WHO_FROM_MORE``, however it is closed: "yo its Mariama
# …", "hallo! Kostas here, …"; before the others it stays, as the readings after it expect:
# "hi im Toky from Tamatave. plan: open my small epicerie …: get …" is read whole)
_WHO_FROM_FIRST = re.compile(
    rf"^\s*(?:(?:(?:{_GREETING}|yo|heya|oi)\b[\s,.!]*)?(?:{_WHO_FROM_MORE})|(?:{_WHO_FROM}))"
    r"[\s,.!]*(?=\S)",
    re.I,
)


WHO_FROM_MORE_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("yo its Mariama from 116th st Harlem 👋🏾 my barrel to Dakar", "my barrel to Dakar"),
    ("hola, sóc la Pau de Lleida 👋 el pla és: collir les olives", "el pla és: collir les olives"),
    ("hallo! Kostas here, greek guy in Stuttgart 🇬🇷🇩🇪 just moved flat", "just moved flat"),
    ("ciao! sri lankan here in milan 😅 need to renew my permesso", "need to renew my permesso"),
    ("Dumelang from Cape Town 🙋🏾‍♀️ moving out of res", "moving out of res"),
)
WHO_FROM_MORE_NEAR_MISSES: tuple[str, ...] = (
    "Flights from Lagos 😩 book the seats",  # a thing from a place, no greeting hand
    "Flights from Lagos ✈️ book the seats",
    "It's Christmas from the 20th 🎄 buy the tree",  # a feast, no name
    "my mom here in LA 😊 wants a party",  # someone else
    "Tom here, back in Leeds. need to sort the flat",  # news, closed by a stop
)


_WHO_FROM_ONLY = re.compile(rf"^\s*(?:{_WHO_FROM})[\s,.!]*$", re.I)


def who_writes_only(clause: str) -> bool:
    """Whether ``clause`` only says who is writing and where from ("soy Fátima de Lambaré",
    "Rahul here from Edison"), the words ``without_who_writes`` reads off a message's head."""
    return _WHO_FROM_ONLY.match(clause) is not None


def without_who_writes(text: str) -> str:
    """The message without who is writing and where from at its head ("Rahul here from
    Edison 😊 Plan for the garage: …" is "Plan for the garage: …"), as a greeting is read off
    before it: the marked forms then read the plan as if it came first, never with the
    introduction as its title's head. ``text`` as it is when no such words open it."""
    return _WHO_FROM_FIRST.sub("", text, count=1)


# A hedge that leads into the list, said where a sentence starts: "i think first I have to do
# the google data cert, then …", "I guess I'd have to buy a scanner first, then …", "i think
# the steps are: …", "From what I can gather she needs to register on UCAS, …", "I'm
# thinking first we get hold of the past papers, …". It tells how sure the person is of the
# list, never its goal ("Think") or a step ("I guess"); the list's own lead stays. Only before
# a list's lead (first, the steps are, I need to, she has to …): "I think the shed" is no lead.
_HEDGED_LEAD = re.compile(
    r"(?:(?<=[.!?]\s)|(?<=[.!?]\n)|(?<=\n)|^)(?:so\s+|and\s+)?"
    r"(?:(?:i|we)\s+(?:think|guess|suppose|reckon|believe)|i'?m\s+thinking|"
    r"from\s+what\s+(?:i|we)\s+(?:can\s+)?(?:gather|understand|tell))(?:\s+that)?[\s,]+"
    r"(?=(?:first(?:ly)?|the\s+(?:steps?|order|plan)\s+(?:is|are|will\s+be)|"
    r"(?:i|we)(?:'d|\s+would|\s+need|\s+have|\s+must|\s+should|\s+gotta|\s+got\s+to)|"
    r"(?:she|he|they)\s+(?:needs?\s+to|has\s+to|have\s+to|must|should))\b)",
    re.I,
)
HEDGED_LEAD_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "im trying to move into health informatics. i think first I have to do the google "
        "data cert, then redo my CV",
        "im trying to move into health informatics. first I have to do the google data cert, "
        "then redo my CV",
    ),
    (
        "I want the old photos on the computer. I guess I'd have to buy a scanner first, then "
        "scan them all",
        "I want the old photos on the computer. I'd have to buy a scanner first, then scan "
        "them all",
    ),
    ("i think the steps are: a, b and c", "the steps are: a, b and c"),
    (
        "From what I can gather she needs to register on UCAS, then write a statement",
        "she needs to register on UCAS, then write a statement",
    ),
)
HEDGED_LEAD_NEAR_MISSES: tuple[str, ...] = (
    "I think the shed needs painting",  # a hedge on news, no list's lead after it
    "I think I'll paint the shed",  # a hedge on the one thing meant
    "ring the plumber, then I guess I need to wait",  # inside a sentence: a step's own hedge
)


def without_hedged_lead(text: str) -> str:
    """``text`` without a hedge leading into its list (``_HEDGED_LEAD``)."""
    return _HEDGED_LEAD.sub("", text)


# -- 1b. words about the message, not in it ------------------------------------------------
# Punctuation spoken to a phone's dictation: "selling the caravan finally comma need to get
# the rego renewed … as well full stop".
_DICTATED = (
    (re.compile(r"(?<=\w)(?<!\bthe)(?<!\ba)(?<!\binverted)\s+comma\b[\s,]*", re.I), ", "),
    (re.compile(r"(?<=\w)\s+(?:full\s+stop|new\s+(?:line|paragraph))\b[\s.]*", re.I), ". "),
    (re.compile(r"(?<=\w)\s+question\s+mark\b[\s?]*", re.I), "? "),
    (re.compile(r"(?<=\w)\s+exclamation\s+(?:mark|point)\b[\s!]*", re.I), "! "),
)
# Thanks, however it is said: in full, in text speak ("thx", "ty", "tysm"), or in the words
# of another language ("danke", "obrigado", "merci", "asante sana"). Declared once: a message
# closing with any of them signs off, and a step made only of one is no step.
THANKS = (
    # ("got the keys, thanks so much" is news thanked for: only "thank you" takes "so much")
    # (its last letter drawn out as it is said warmly: "thanksss", "thank youuu", "merciii",
    # "graciasss")
    r"(?:(?:many|big|huge)\s+)?(?:thanks+|thx+|thnx|thanx|thnks|tks|tq|ty|tysm|tyvm)|"
    r"thank\s+(?:you+|u+|ya)(?:\s+(?:so|very)\s+much|\s+a\s+(?:lot|bunch|million))?|"
    r"cheers|ta|salamat|obrigad[oa]+|gracias+|shukran|asante(?:\s+sana)?|dhanyavaad|"
    r"danke(?:\s+sch[öo]n)?|dankie|bedankt|dank\s+je(?:wel)?|merci+(?:\s+beaucoup)?|"
    r"grazie(?:\s+mille)?|arigato|spasibo|kiitos|mahalo|ngiyabonga|nagode|medaase|e\s+se\s+o|"
    # Indonesian ("makasih ya", "terima kasih banyak") and Vietnamese ("cảm ơn", "thanks nhiều":
    # "many thanks", the English word with the Vietnamese one)
    r"(?:ma)?kasih|terima\s+kasih|trims|c[ảa]m\s+[ơo]n"
)
# (said after it: "makasih ya", "terima kasih banyak", "thanks nhiều")
THANKS = rf"(?:(?:{THANKS})(?:\s+(?:ya|yah|banyak|nhi[ềe]u|nha|nh[ée]|[ạa]))?)"
THANKS_EXAMPLES: tuple[str, ...] = (
    "thx",
    "Thank you so much!",
    "tysm",
    "Danke!",
    "obrigado",
    "merci beaucoup",
    "makasih ya",
    "thanks nhiều",
    "merciii",
    "thank youuu",
)
THANKS_NEAR_MISSES: tuple[str, ...] = ("thank the caterers", "tax return", "send thank-you cards")
# Thanks in words that are other words elsewhere, so only ever a sign-off of their own at the
# message's end, never a step's word: Danish, Norwegian and Swedish "tak", "takk", "tack" (the
# English "tack the carpet down", the Hindi "abhi tak" — "until now"), the Persian "mamnoon"
# ("kheyli mamnoon", "mersi"). "Kolonihave vinter / … / lock the skur properly / tak!" has
# three steps, not a fourth "Tak".
THANKS_AT_THE_END = (
    r"(?:(?:tusen|mange|mange\s+mange)\s+)?(?:tak|takk|tack)(?:\s+(?:s[åa]\s+mycket|skal\s+du\s+ha|"
    r"for\s+(?:the\s+help|hj[æa]lpen|hjelpen|hj[äa]lpen)|in\s+advance))?|"
    r"(?:kheyli\s+)?(?:mamnoon(?:am)?|mamnun|mersi|motshakeram)"
)
THANKS_AT_THE_END_EXAMPLES: tuple[str, ...] = (
    "tak!",
    "Tack!",
    "Takk for the help",
    "tusen takk",
    "mamnoon",
    "kheyli mamnoon 🙏",
)
THANKS_AT_THE_END_NEAR_MISSES: tuple[str, ...] = (
    "tack the carpet down",
    "salary aa jayegi tab tak",
    "tackle the loft",
)
# A letter's sign-off closing the message: "Kind regards, Joy", "REGARDS NOEL", "Cheers,
# Barry", "Yours sincerely, Mrs P. Holt", "Many thanks". The name is one or two words.
_SIGN_OFF = re.compile(
    r"(?:^|(?<=[.!?,\n]))\s*"
    r"(?i:(?:(?:with\s+)?(?:kind(?:est)?|best|warm(?:est)?|many)\s+(?:regards|wishes|thanks)|"
    r"regards|best|yours\s+(?:sincerely|faithfully|truly)|all\s+the\s+best|"
    rf"(?:lots\s+of\s+)?love\s+from|{THANKS}|{THANKS_AT_THE_END}))"
    r"(?:[\s,&]+(?:[A-Z][\w'.-]*|mate|all|everyone|po|lah|ji|sir|ma'?am|o+(?![\w']))){0,3}"
    r"[\s.!x\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]*$"
)


# A letter's plea for help closing the message, a name after it or not: "I do hope you can
# help.", "I would appreciate the help. Bill", "I'd be grateful for any help", "thanks for your
# help, Moira". Said to drbot, never a step.
_PLEA = re.compile(
    r"(?:^|(?<=[.!?,\n]))\s*"
    r"(?i:(?:i\s*)?(?:do\s+|really\s+|truly\s+)?(?:hope|trust)\s+(?:that\s+)?(?:you|u)\s+"
    r"(?:can|could|will|are\s+able\s+to)\s+help(?:\s+me)?(?:\s+with\s+(?:this|it|that))?|"
    r"(?:i\s*)?(?:would\s+|'d\s+|will\s+|do\s+)?(?:really\s+|greatly\s+|so\s+)?appreciate\s+"
    r"(?:the|any|your|some)\s+help|"
    r"(?:i\s*)?(?:would\s+|'d\s+)be\s+(?:very\s+|most\s+|so\s+|really\s+)?(?:grateful|thankful)"
    r"\s+for\s+(?:the|any|your|some)\s+help|"
    r"(?:thanks?|thank\s+(?:you|u))\s+(?:in\s+advance\s+)?for\s+(?:the|any|your|all\s+your)\s+help)"
    r"[\s.!,]*(?:[A-Z][a-z'-]+(?:\s+[A-Z][\w'.-]*)?[\s.!]*)?$"
)
PLEA_EXAMPLES: tuple[str, ...] = (
    "I do hope you can help.",
    "I would appreciate the help. Bill",
    "I'd be grateful for any help",
    "thanks for your help, Moira",
    "hope you can help me with this!",
)
PLEA_NEAR_MISSES: tuple[str, ...] = (
    "ask Bill if he can help",
    "hope the weather holds",
    "get some help with the garden",
)


def spoken_marks(text: str) -> str:
    """Dictated punctuation as the marks it names ("comma" → ",")."""
    for spoken, mark in _DICTATED:
        text = spoken.sub(mark, text)
    return text.strip()


# A go-ahead closing the message, on a line or after a stop of its own: "… set up wifi\nok go"
# (z267), "… and then a release day party. go" (z56), "… 4) open mercury\ngo" (z87), "…
# vamos 💪" (z61). Said to drbot, never a step. Only after a stop or a line's end: "book
# flights, pack, go" ends with a step.
_GO_AHEAD = re.compile(
    r"(?:^|(?<=[.!?\n]))\s*(?i:(?:(?:ok(?:ay)?|so|right|alright)[\s,]+)?"
    r"(?:go(?:\s+go)*|go\s+ahead|let'?s\s+go|vamos|yalla))"
    r"[\s.!\U0001f000-\U0001faff\u2600-\u27bf\ufe0f\u200d]*$"
)
GO_AHEAD_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("sign the lease\npay the deposit\nok go", "sign the lease\npay the deposit"),
    ("get it mixed and then a release day party. go", "get it mixed and then a release day party."),
    ("book the hall, hire a DJ. lets go 💪", "book the hall, hire a DJ."),
)
GO_AHEAD_NEAR_MISSES: tuple[str, ...] = (
    "book flights, pack, go",  # the trip's last step
    "ask if we can go",
    "decide when to go",
)


def without_go_ahead(text: str) -> str:
    """A new plan's message without the go-ahead that closes it (``_GO_AHEAD``); a message
    that is only one ("ok go") stays as it is. Read for a new plan only: "tickets booked.
    let's go!!" is news of a step, read whole."""
    cut = _GO_AHEAD.sub("", text).rstrip(" ,\n")
    return cut if re.search(r"\w", cut) else text


def without_sign_off(text: str) -> str:
    """The message without a letter's sign-off at its end; a message that is only a
    sign-off ("cheers") stays as it is."""
    cut = _SIGN_OFF.sub("", text).rstrip(" ,")
    cut = _SIGN_OFF.sub("", _PLEA.sub("", cut).rstrip(" ,")).rstrip(" ,\n")
    return cut if re.search(r"\w", cut) else text


def plea_only(text: str) -> bool:
    """ "I do hope you can help. Kind regards, Thelma": a plea for help, nothing else."""
    return bool(text.strip()) and not re.search(r"\w", _PLEA.sub("", text.strip()))


# Sentences and clauses about the plan, not in it: asking drbot to keep it, steps promised
# for later, not knowing where to start. "can you keep track of this for me", "PLEASE ADD IT
# TO MY LIST", "could you make a note of it for me please and I'll come back to it", "I shall
# add the steps at a later date", "I'm honestly not sure where to start yet".
_POLITE = r"(?:(?:can|could|would|will)\s+(?:you|u)\s+)?(?:(?:please|pls|kindly|just|abeg)\s+)*"
_KEEP = (
    r"(?:help\s+me\s+)?(?:keep\s+(?:a\s+)?(?:track|tabs|note)\s+(?:of|on)|keep\s+an\s+eye\s+on|"
    r"make\s+a\s+note\s+of|(?:note|jot|write)\s+down|note|remember|track|add|put|save|log|"
    r"pop|stick)"
)
_KEPT_WHERE = (
    r"(?:\s+(?:for\s+(?:me|us)|(?:on|to|in|onto)\s+(?:my|the|our)\s+(?:list|plans?|"
    r"to-?\s*do(?:\s+list)?|things)|(?:please|pls|thanks|for\s+now|somewhere)))*"
)
# "can you make this a plan?", "turn that into a plan pls", "make a plan out of it": the text
# before is the plan
_AS_PLAN = (
    r"(?:(?:make|turn|put)\s+(?:this|that|it|these|them|all\s+(?:this|that))\s+(?:into\s+|in\s+|as\s+)?"
    r"(?:a|an|my|the)\s+(?:new\s+)?(?:plan|list|goal|project)|(?:make|create|start)\s+(?:(?:me|us)\s+)?"
    r"(?:a|an)\s+(?:new\s+)?(?:plan|list|goal|project)\s+(?:out\s+)?(?:of|from|with)\s+"
    r"(?:this|that|it|these|them)|"
    # "please set this up as a plan", "can you save this as a plan?", "keep that as my list"
    # ("can you add that as its own plan", "… as a separate goal")
    r"(?:set|save|add|keep|store|log)\s+(?:this|that|it|these|them)(?:\s+up)?\s+as\s+(?:a|an|my|the|its)\s+"
    r"(?:(?:new|own|separate|different)\s+)?(?:plan|list|goal|project)|"
    # "just put it down as a goal for now", "stick it on as a new thing", "pop that in as a goal"
    # ("put am down": "am" is "it" in Pidgin)
    r"(?:put|stick|pop|jot|write|note|chuck|bung)\s+(?:this|that|it|am|these|them)\s+(?:down|on|in|up)\s+"
    r"as\s+(?:a|an|my|the|one)\s+(?:new\s+)?(?:plan|list|goal|project|thing|one)|"
    # "is that something you can track?"
    r"is\s+(?:that|this|it)\s+something\s+(?:you|u)\s+(?:can|could)\s+(?:track|keep\s+track\s+of|"
    r"help\s+(?:me\s+)?with|make\s+(?:a\s+)?plan\s+(?:of|for)))"
)
_TRACK_REQUEST = re.compile(
    # "just want it written down somewhere so it's real", "just want it on my list": asked to
    # keep it, in the words of a want
    r"^(?:and\s+|but\s+|so\s+)?(?:i\s+)?(?:just\s+)?(?:want(?:ed)?|need(?:ed)?)\s+(?:it|this)\s+"
    r"(?:on\s+(?:the|my)\s+(?:list|radar)|written\s+down|somewhere|noted|down\s+somewhere)"
    # "… written down somewhere so I can't bottle it", "… so it's real": why it is kept
    r"(?:\s+somewhere)?(?:\s+(?:so|because|cos|coz|in\s+case)\b.*)?$|"
    # "can you keep me on track", "help me stay accountable", "hold me to it"
    rf"^(?:and\s+|but\s+|so\s+)?{_POLITE}(?:help\s+)?(?:keep|hold|get)\s+me\s+(?:on\s+track|"
    r"accountable|honest|to\s+it|motivated)(?:\s+(?:with|on)\s+(?:this|it))?|"
    rf"^(?:and\s+|but\s+|so\s+)?{_POLITE}help\s+me\s+(?:stay|keep)\s+(?:on\s+track|accountable)"
    r"(?:\s+(?:with|on)\s+(?:this|it))?|"
    # asked not to let anything be forgotten: "help me not forget anything!!", "don't let me
    # forget any of it", "make sure i don't forget stuff" (a thing named is a step: "don't
    # forget the tickets")
    rf"^(?:and\s+|but\s+|so\s+)?{_POLITE}(?:help\s+me\s+(?:to\s+)?(?:not|never)|(?:make\s+sure|so)\s+"
    r"i\s+(?:don'?t|dont|do\s+not|never|won'?t)|(?:don'?t|dont|do\s+not|never)\s+let\s+me)\s+forget"
    r"(?:\s+(?:anything|a\s+thing|it|this|stuff|things|any\s+of\s+(?:it|this|them)|"
    r"(?:a|any)\s+(?:step|bit)))?(?:\s+(?:pls|please|lol|haha|x+))*$|"
    # "pls keep track bhai my memory is trash": asked to keep track, nothing named (a thing
    # named is a step: "keep track of the receipts"); what follows is why
    rf"^(?:and\s+|but\s+|so\s+)?{_POLITE}(?:help\s+me\s+)?keep\s+track"
    r"(?:\s+of\s+(?:it|this|that|everything|all\s+(?:of\s+)?(?:this|that|it)))?"
    r"(?:\s+(?:for\s+me|pls|please|bhai|bro|mate|ji|yaar|sis|x+))*"
    r"(?:\s+(?:my|i|im|i'?m|cos|coz|because|since|as|or)\b.*)?$|"
    rf"^(?:and\s+|but\s+|so\s+)?{_POLITE}{_AS_PLAN}{_KEPT_WHERE}"
    r"(?:\s+(?:so|because|cos|coz|in\s+case)\b.*)?$|"
    rf"^(?:and\s+|but\s+|so\s+)?(?:let'?s\s+)?{_POLITE}{_KEEP}\s+(?:this|that|it|these|them|the\s+following)"
    rf"{_KEPT_WHERE}$|^(?:and\s+|but\s+|so\s+)?{_POLITE}(?:note|jot|write|put)\s+(?:this|that|it)\s+"
    rf"down{_KEPT_WHERE}$|^(?:and\s+|so\s+)?{_POLITE}(?:add|put|pop)\s+(?:to|on)\s+(?:my|the)\s+"
    rf"(?:list|plans?){_KEPT_WHERE}$",
    re.I,
)
# How the person came to write, no part of a plan
_SETTING_UP = (
    r"(?:(?:and|but|so|well|ok)\s+)?(?:(?:hi|hello|hey)(?:\s+there)?[\s,]+)?(?:"
    r"(?:my|our|the)\s+(?:\w+\s+){0,2}(?:set|put)\s+(?:this|it|you|the\s+(?:app|bot))\s+(?:up|on)|"
    r"(?:my|our)\s+(?:\w+\s+){0,2}(?:told|got|showed|asked)\s+me\s+(?:to\s+(?:use|try)|onto|"
    r"how\s+to\s+use)\s+(?:this|it|you)|"
    r"(?:this\s+is\s+)?(?:my\s+)?first\s+time\s+(?:using|trying)\s+(?:this|it|you)|"
    r"(?:i'?m\s+|im\s+|i\s+am\s+)?(?:very\s+|quite\s+)?new\s+to\s+(?:this|all\s+this|the\s+app)"
    r")\b.*$"
)
_LATER_WORD = (
    r"(?=.*\b(?:later|another\s+time|soon|when|once|in\s+due\s+course|next\s+time|"
    r"at\s+some\s+point|after)\b)"
)
# Who will do it, the time to come said any way: "I'll", "we will", "ill", "will" with its
# subject left out, "I go" (Pidgin: I will), "I'm gonna"
_WILL = (
    r"(?:(?:i|we)\s*(?:'ll|will|shall|can)\s+|ill\s+|will\s+|(?:i|we)\s+go\s+|"
    r"(?:i|we)\s*(?:'m|am|are|'re)\s+(?:going\s+to|gonna)\s+|(?:i|we)\s+gonna\s+)"
)
_LATER = re.compile(
    r"^(?:and\s+|but\s+|so\s+)?(?:i|we)\s*(?:'ll|will|shall|can|'d)\s+(?:(?:have\s+to|need\s+to|"
    r"try\s+to)\s+)?(?:add|put|fill\s+in|send(?:\s+you)?|do|give\s+you|tell\s+you|sort|work\s+out|"
    r"type|list|write)\s+(?:in\s+)?"
    r"(?:the\s+|some\s+|any\s+|all\s+the\s+)?(?:(?:actual|real|exact|proper|detailed)\s+)?"
    r"(?:steps?\b|bits\s+and\s+(?:pieces|bobs)\b|"
    rf"{_LATER_WORD}(?:details?|bits|rest|more|list|things|them|it)\b).*$|"
    r"^(?:and\s+|but\s+|so\s+)?(?:i|we)\s*(?:'ll|will|shall)\s+(?:come|get)\s+back\s+to\s+"
    r"(?:it|this|that|you)\b.*$|"
    r"^(?:and\s+|but\s+|so\s+)?(?:(?:i'?m|i\s+am)\s+(?:honestly\s+|really\s+|just\s+)?not\s+sure|"
    r"(?:i\s+)?(?:have\s+)?no\s+(?:idea|clue)|(?:i\s+)?(?:don'?t|dont|do\s+not)\s+(?:really\s+)?know|"
    # "haven't a clue where to start", "haven't got any idea how to begin"
    r"(?:i\s+)?(?:haven'?t|have\s+not|havent)(?:\s+got)?\s+(?:a|any|the\s+(?:faintest|foggiest))"
    r"(?:\s+(?:clue|idea))?)\s+"
    r"(?:where|how)\s+to\s+(?:even\s+)?(?:start|begin)\b.*$|"
    # words about the steps, not a step: "don't know the steps yet", "no clue what the steps
    # are", "I'll figure the steps out after my shift", "steps to follow"
    r"^(?:and\s+|but\s+|so\s+)?(?:(?:(?:i'?m|i\s+am|im)\s+)?(?:honestly\s+|really\s+|just\s+)?not\s+sure|"
    r"(?:i\s+)?(?:have\s+)?no\s+(?:idea|clue)|(?:i\s+)?(?:don'?t|dont|do\s+not)\s+(?:really\s+)?"
    r"know)\s+(?:(?:of|about|what)\s+)?(?:the\s+|all\s+the\s+|any\s+)?steps?\b.*$|"
    # what it takes unknown yet: "no clue what's involved yet tbh", "no idea what it involves",
    # "we haven't a clue tbh", "no idea yet", "no idea how yet"
    r"^(?:and\s+|but\s+|so\s+)?(?:(?:i|we)\s+)?(?:(?:have\s+|'?ve\s+)?(?:no|zero)|(?:haven'?t|havent|"
    r"have\s+not|don'?t\s+have)(?:\s+got)?\s+(?:a|any|the\s+(?:faintest|foggiest)))\s+(?:clue|idea)"
    r"(?:\s+(?:what'?s|what\s+is|what'?ll\s+be)\s+(?:involved|needed)|\s+what\s+(?:it|that|this)\s+"
    r"(?:involves|takes|needs)|\s+what\s+(?:i|we)\s+(?:need|have)\s+to\s+do|"
    # the way unknown: "no idea how yet", "no clue how to go about it tbh"
    r"\s+how(?:\s+to\s+(?:do\s+(?:it|this|that)|go\s+about\s+(?:it|this|that)))?)?"
    r"(?:\s+(?:yet|tbh|lol|honestly|really|haha|to\s+be\s+honest))*$|"
    rf"^(?:and\s+|but\s+|so\s+)?{_WILL}(?:have\s+to\s+)?"
    r"(?:figure|work|think|sort|find)(?:\s+out)?\s+(?:the\s+|some\s+)?steps?\b.*$|"
    # the how promised for later, its subject often left out: "will work out the how later",
    # "I'll figure out the how once the knee behaves", "i'll figure it out later lol"
    rf"^(?:and\s+|but\s+|so\s+)?{_WILL}"
    r"(?:have\s+to\s+)?(?:(?:figure|work|think|sort|suss|find)(?:\s+out)?\s+(?:the\s+)?"
    r"(?:how|details?|rest)\b|(?:figure|work|sort|suss)\s+(?:it|that|this|them)\s+out\s+"
    r"(?:later|another\s+time|as\s+i\s+go|when|once|after)\b).*$|"
    # after "no steps yet": "…, i'll figure it out" says the way is to come, nothing more
    rf"^(?:and\s+|but\s+|so\s+)?{_WILL}(?:figure|work|sort|suss)\s+(?:it|that|this|them)\s+out"
    r"(?:\s+(?:lol|haha|tbh|myself|eventually|somehow))*$|"
    r"^(?:no\s+(?:steps?|details?|plan)\s+yet|steps?\s+(?:to\s+follow|tbc|later|coming|once|when|"
    r"after))\b.*$|"
    # the goal said to be only a goal so far: "just the idea for now", "haven't broken it down
    # yet", "I never know the steps" (Pidgin "never": not yet), "will find out"
    r"^(?:(?:it'?s|its)\s+)?(?:just\s+)?(?:the|an)\s+idea\s+(?:for\s+now|so\s+far|at\s+the\s+moment|"
    r"atm)\b.*$|"
    r"^(?:and\s+|but\s+|so\s+)?(?:(?:i|we)\s+)?(?:haven'?t|havent|have\s+not)\s+(?:broken\s+(?:it|this|that)"
    r"\s+down|(?:worked|figured|thought)\s+(?:out\s+)?(?:the\s+)?(?:steps|details)|planned\s+(?:it|the\s+steps))"
    r"(?:\s+yet)?\b.*$|"
    r"^(?:and\s+|but\s+|so\s+)?(?:i|we)\s+never\s+know\s+(?:the\s+|all\s+the\s+|any\s+)?steps?\b.*$|"
    rf"^(?:and\s+|but\s+|so\s+)?{_WILL}find\s+out"
    r"(?:\s+(?:later|soon|as\s+i\s+go))?$",
    re.I,
)
# Words about the message itself, no part of a plan and no sign that a goal was said
_ABOUT_SENDING = re.compile(
    # "that's it for now", "that's it that's the plan", "just want it on the list", "putting
    # it out there": the message said to be complete, or why it was sent
    r"^(?:(?:i\s+)?think\s+)?(?:that'?s|thats)\s+(?:it|all|everything|the\s+plan)"
    r"(?:\s+(?:for\s+now|really|tbh|lol|haha))*(?:\s*,?\s*(?:that'?s|thats)\s+the\s+plan)?$|"
    r"^(?:and\s+|but\s+|so\s+)?(?:just\s+)?putting\s+it\s+out\s+there$|"
    # how the person came to write: "my daughter set this up for me", "my son told me to use
    # this", "first time using this", "new to all this"
    rf"^{_SETTING_UP}",
    re.I,
)


def steps_later(clause: str) -> bool:
    """ "no idea how yet lol", "no steps yet", "I'll work out the actual steps another day",
    "no idea where to even start": the goal's steps unknown or promised for later. Said of a
    goal, it asks for the goal to be kept as it is, with no steps yet."""
    return _LATER.match(clause) is not None


# The goal said to be only an idea so far, after it in the same clause
_ONLY_AN_IDEA = re.compile(
    rf"\s*(?:{_EMOJI.pattern})?\s*(?:(?:it'?s|its)\s+)?just\s+(?:the|an)\s+idea\s+(?:for\s+now|so\s+far|"
    r"at\s+the\s+moment|atm)\b[\s.!]*$",
    re.I,
)
# The same request to keep it as a plan, said at the end of the clause that names it
_AFTER_AN_EMOJI = re.compile(rf"{_EMOJI.pattern}\s+(?=no\s)")
_ASKED_AT_END = re.compile(rf"\s+{_POLITE}{_AS_PLAN}{_KEPT_WHERE}[\s.!?]*$", re.I)
_CLAUSE_SPLIT = re.compile(
    r"(?<=[.!?;])\s+|\s*,\s*|\s+(?=but\s+(?:just\s+)?(?:let'?s\s+)?(?:write|note|jot|put|keep|add|save|track)\b)|\s+(?=(?:but|and)\s+(?:i|we)\s*(?:'ll|will|shall)\b)|\s+(?=(?:but|and)\s+(?:can|could|would)\s+(?:you|u)\b)",
    re.I,
)


# The request first, the goal after a dash or a colon: "can you keep track of this for me -
# sell my old synths"; or the goal inside it: "can you help me stay on top of the planning
# appeal, the council refused it"
_ASKING_YOU = r"(?:i\s+(?:want|need)\s+(?:you|u)\s+to\s+|i'?d\s+like\s+(?:you|u)\s+to\s+)?"
_TRACK_FIRST = re.compile(
    rf"^{_ASKING_YOU}{_POLITE}{_KEEP}\s+(?:this|that|it|something|the\s+following){_KEPT_WHERE}\s*[—:-]+\s*(?=\S)|"
    # "put this down as a new plan pls: getting the club our own field": asked to make a plan
    # of what follows the mark
    rf"^{_ASKING_YOU}{_POLITE}{_AS_PLAN}{_KEPT_WHERE}\s*[—:-]+\s*(?=\S)|"
    # "can you track a goal for me: get my full licence", "remember a goal for me? learn to drive"
    rf"^{_ASKING_YOU}{_POLITE}{_KEEP}\s+(?:a|an|my|this|one\s+more|another)\s+(?:new\s+|big\s+)?"
    rf"(?:goal|plan|project|aim|target){_KEPT_WHERE}\s*(?:[—:-]+|\?)\s*(?=\S)|"
    # "new one for me —", "add a new one for me:", "another goal for you to track:": a new
    # plan is announced, the goal follows the mark
    # ("put down a new plan for me, going organic …": the comma marks it after a verb of putting)
    rf"^(?:(?:oh|ok|okay|and|also|right|so)[\s,]+)*{_POLITE}(?:(?P<put>(?:add|adding|start|make|create|"
    r"here'?s|put(?:\s+down)?|pop|stick|jot\s+down|write\s+down)\s+))?"
    # ("Separate thing - I want to get a BER cert done": one more, apart from the rest)
    r"(?:a\s+)?(?:new|another|one\s+more|separate|different)\s+"
    r"(?:one|goal|plan|project|thing|list)(?:\s+for\s+(?:you|ya|u|me|us))?(?:\s+to\s+(?:track|keep\s+track"
    r"\s+of|remember))?(?:\s+(?:to|on|onto|for)\s+(?:the|my|your)\s+(?:pile|list|heap))?"
    # ("put a new one down mate: get the van ready …": the verb's "down" after its thing, and
    # the word drbot is called by)
    r"(?(put)(?:\s+(?:down|in|on))?)"
    rf"(?:\s+(?:please|pls|plz|abeg|kindly))?(?:\s+{ADDRESS})?"
    # a remark on it before the mark, a laugh or why: "new project bc apparently i hate myself:
    # laundry room floor. …", "also new thing lol — Pepper's stocking …" (the goal follows)
    # ("a new one bc the old one broke: order it": a thing, no plan, is "one" said so)
    r"(?:(?<![Oo]ne)\s+(?:lol|haha+|lmao|ugh|(?:bc|because|cos|coz|cuz|cause|since)\s+[^:—\n-]{1,60}?))?"
    # (a face set after the asking words ends them as a colon does: "add a new one pls 😊
    # Garage door\n…", "new list pls 🎄 Christmas for the kids")
    rf"\s*(?:[—:-]+|(?:{_EMOJI.pattern})+(?:\s*[—:-]+)?|(?(put),|[—:-]))\s*(?=\S)",
    re.I,
)
# A new plan announced in the languages people mix in, before the goal after a mark or a
# "for": "zet er een nieuw plan bij: kippen", "zid plan jdid: acheter un frigo", "3ayez plan
# gedid for omar's lessons", "che armame otro plan: cosecha", "neuer Plan: …", "mpango mpya:
# …", and as it is typed in a plain English of few words, "put new plan. fix house roof".
# Only the words of a plan, never of a thing ("nieuw huis: …", "new one. the van broke").
_NEW_PLAN_ELSEWHERE = re.compile(
    r"^(?:(?:put|add|make|create|start)\s+(?:a\s+)?new\s+(?:plan|list|project)|"
    r"(?:zet\s+er\s+|maak\s+)?(?:een\s+)?nieuwe?\s+(?:plan|project|lijst)(?:\s+(?:bij|aan))?|"
    # (and in Beirut, "add me": "zedele plan jdid please: henna night …")
    r"(?:zid|dir|zidli|zedli|zedle|zedele|zeedle|zeedli)(?:\s+wa7(?:e|a)d)?\s+plan\s+"
    r"(?:jdid|jdida|jdide|jdideh)|"
    r"(?:3ayez|3awz|3ayza|3awza)\s+plan\s+(?:gedid|gdid)|"
    r"(?:che\s+)?(?:armame|haceme|hazme|creame|creá|crea|agrega|agregá|añade)\s+(?:un|otro)\s+"
    r"(?:nuevo\s+)?plan|(?:un\s+)?(?:nuevo|otro)\s+plan|"
    r"(?:neuer|neues)\s+(?:plan|projekt)|"
    r"(?:(?:ajoute|rajoute|crée)(?:-moi)?\s+un\s+)?nouveau\s+(?:plan|projet)|"
    r"(?:cria\s+um\s+)?novo\s+(?:plano|projeto)|"
    r"mpango\s+mpya|(?:plan|rencana)\s+baru|yeni\s+(?:bir\s+)?plan|bagong\s+(?:plano|plan))"
    # (the English "please" said before the mark: "zedele plan jdid please: …")
    r"(?:\s+(?:please|pls|plz))?"
    # (the mark after it; "for" where the goal follows at once: "3ayez plan gedid for omar's …")
    rf"(?:\s*(?:[—:.-]+|(?:{_EMOJI.pattern})+)\s*|\s+(?:for|pour|para|für|voor)\s+)(?=\S)",
    re.I,
)
# (``about_the_message`` runs them: the rest, asked to be kept; tests/test_readings.py)
NEW_PLAN_ELSEWHERE_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("put new plan. fix house roof before the rain", "fix house roof before the rain"),
    ("zet er een nieuw plan bij: kippen for the spring", "kippen for the spring"),
    ("zid plan jdid: acheter un frigo", "acheter un frigo"),
    ("zedele plan jdid please: henna night for Maya", "henna night for Maya"),
    ("3ayez plan gedid for omar's dorous khososeya", "omar's dorous khososeya"),
    ("che armame otro plan: cosecha del chardonnay", "cosecha del chardonnay"),
    ("neuer Plan: Flutlicht reparieren", "Flutlicht reparieren"),
    ("mpango mpya - kibanda kipya", "kibanda kipya"),
)
NEW_PLAN_ELSEWHERE_NEAR_MISSES: tuple[str, ...] = (
    "nieuw huis: verven",
    "new one. the van broke",
    "plan baruch's party",
    "otro planeta",
)


# A new plan announced in any language as a clause of its own, the goal after it: "bota aí um
# plano novo: Fotos pro portfólio — …", "cria outra lista pra mim: festa de aniversário …",
# "ek aur list bana do - haldi ceremony: …", "ajoute un projet: …", "new plan yar, bhai ka
# honeymoon 🏔️ …". A class, not phrases: the clause before the first mark holds a word for a
# plan (``PLAN_NOUNS``), a word asking for one or calling it new (``_ANNOUNCING_WORDS``)
# and nothing else but fillers (``_ANNOUNCING_FILLERS``). A word of the goal in it ("Christmas
# list: …", "packing list for Bali: …", "plan the party: …") makes it the title, kept.
PLAN_NOUNS = frozenset(
    "plan plano piano plán plany list lista liste lijst lyst project projet projeto projecto "
    "proyecto progetto projekt prosjekt projekti goal mpango план список проект barname "
    "barnameh rencana tehtävä kếhoạch danhsách".split()
)
_ANNOUNCING_WORDS = frozenset(
    # new, another, one more
    "new another novo nova novos outro outra nuevo nueva otro otra nouveau nouvelle autre "
    "nuovo nuova altro altra neuer neues neue nieuw nieuwe nytt ny nye uusi mpya jdid jdida "
    "gedid gdid baru yeni bagong mới jadid naya nayi nai aur новый новая новое ещё еще "
    # (Serbian, Croatian, Bosnian: "dodaj novi plan: …")
    "novi "
    # make, create, add, put, start, set up
    "make create add put start pop stick bota bote coloca coloque põe poe cria crie faz faça "
    "faca monta anota crea creá creame créame hazme haceme armame agrega agregá añade arma "
    "ajoute rajoute crée cree fais fait commence crée-moi fais-moi ajoute-moi fammi aggiungi "
    "mach erstelle leg maak zet lag tengeneza ongeza buat tambah tạo thêm bana banao banado "
    "banaa karo создай сделай добавь заведи dodaj "
    # (Spanish, the person asking for it joined on: "ponme otro plan porfa:" z257, "añádeme
    # otro plan:" z232, "apúntame otro plan" z211, z249)
    "ponme añádeme añademe apúntame apuntame apunta anótame anotame agrégame agregame".split()
)
# (and the particles of politeness said with them: "new plan dong:", "thêm plan mới nha:")
_ANNOUNCING_FILLERS = (
    frozenset(
        "a an one more for me us pls plz please ok okay so and also right hey hi hello mate yar "
        "yaar bhai bro um uma aí ai né ne pra para mim pro por favor un una uno une moi pour stp "
        "svp ein eine einen mir bitte noch een er bij aan nog mij voor ek do de dena mere liye "
        "zara ji jaldi wa7ed ya dir zid che y bir ang ng um uno mais más plus se set up down "
        "new-one один для меня мне пожалуйста".split()
    )
    | POLITE_PARTICLES
)
_MANY_WORDED_NOUNS = re.compile(r"\b(?:kế\s+hoạch|danh\s+sách)\b", re.I)
# the mark that ends the announcing clause: a colon, a dash set apart, a comma, a full stop, a
# face
_ANNOUNCING_MARK = re.compile(rf"\s*(?:[:—–,.!?]+|(?:{_EMOJI.pattern})+)\s*|\s+-+\s+")


def announced_plan_end(text: str) -> int | None:
    """Where the goal begins in ``text`` after a clause that only announces a new plan ("bota
    aí um plano novo: …", "ek aur list bana do - …"), or None when the first clause says
    anything else or nothing follows it."""
    mark = _ANNOUNCING_MARK.search(text, 0, 80)
    if mark is None or mark.start() == 0 or not text[mark.end() :].strip():
        return None
    clause = _MANY_WORDED_NOUNS.sub(lambda w: re.sub(r"\s+", "", w[0]), text[: mark.start()])
    words = [w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", clause)]
    if len(words) > 8 or len(words) != len(clause.split()):
        return None  # a number, a face or a mark of its own inside: more than an announcement
    nouns = sum(w in PLAN_NOUNS for w in words)
    asking = sum(w in _ANNOUNCING_WORDS for w in words)
    others = [w for w in words if w not in PLAN_NOUNS | _ANNOUNCING_WORDS | _ANNOUNCING_FILLERS]
    if nouns != 1 or not asking or others:
        return None
    return mark.end()


# Words of the announcing clause said in another language that the lists above lack
# ("add anoda plan:", "nuevo plan pe:", "oye apúntame otro plan porfa:") leave it as the title
# when no known word of the goal is in it; at most two such words are read past
_UNKNOWN_IN_ANNOUNCING = 2
# "new thing, separate from the concert: …": the plan said to be apart from another names
# nothing of its own goal
_APART_FROM = re.compile(
    r",?\s*\b(?:separate|apart|different)\s+(?:from|to)\s+(?:the|my|our|that)\s+[^\W\d_]+", re.I
)
# the goal after the colon: a clause, with no comma, up to a stop, a dash set apart or a face
# ("nouveau truc à suivre: mes partiels de janvier 😩 réviser l'algo, …", z250)
_GOAL_CLAUSE = re.compile(
    r"\s*(?P<goal>[^,.;:!?\n—–\U0001f000-\U0001faff\u2600-\u27bf]+?)\s*"
    rf"(?:[.!]\s+|\s+[—–-]+\s+|\s*[—–]\s*|\s*{_EMOJI.pattern}\s*)"
)
# the goal after the colon ended by a comma, when no stop, dash or face ends it first
_GOAL_BY_COMMA = re.compile(r"\s*(?P<goal>[^,.;:!?\n—–]+?)\s*,\s+(?=\S)")
# Where the words asking for a plan end: a colon, or a dash set apart ("add one more plan da -
# hostel vacating. …", z237; "new plan machan - tuk makeover. …", z199)
_HEAD_END = re.compile(r":|\s+[—–-]+\s+|\s*[—–]\s*")
# "thing" in the words of other languages, said for a plan as "new thing" is ("nouveau truc à
# suivre:", z250; "anota otra cosa", z227)
_THING_WORDS = frozenset("thing truc chose cosa coisa ding".split())
# "for", after which the words name what the plan is for, its goal
_FOR_WORDS = frozenset("for pour para pra pa per für voor".split())
# a clause that starts with these is a step or a need, never the goal
_NO_GOAL_HEAD = frozenset(
    "need needs have must gotta got first then primero luego pues also i we".split()
)


def goal_after_asking_head(text: str, title: str, steps: list[str]) -> tuple[str, list[str]] | None:
    """The goal and steps of a plan whose title was read from the words asking for it in
    another language ("add anoda plan: Mama medical. send $300 …" read as "Add anoda", "nuevo
    plan pe: curso de ingles pa guias. primero …" as "pe"): the clause after the colon up to
    the first stop or dash is the goal, and no step; what follows is the list. None when the
    head before the colon says anything more than asking (a word of the goal: "Wedding plan:
    …" has no word asking for a plan), the title read is not made of its words, or the clause
    after it is a step. The words are not all known, so the plan is only offered."""
    ends = _HEAD_END.search(text, 0, 80)
    if ends is None or ends.start() <= 0 or not steps:
        return None
    colon = ends.start()  # (where the head ends: its colon, or a dash set apart)
    head = _APART_FROM.sub("", text[:colon])
    words = [w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", head)]
    if not words or len(words) > 6 or len(words) != len(head.replace(",", " ").split()):
        return None
    noun_at = [i for i, w in enumerate(words) if w in PLAN_NOUNS or w in _THING_WORDS]
    asking = sum(w in _ANNOUNCING_WORDS for w in words)
    unknown = [
        i
        for i, w in enumerate(words)
        if w not in PLAN_NOUNS | _ANNOUNCING_WORDS | _ANNOUNCING_FILLERS | _THING_WORDS
    ]
    if len(noun_at) != 1 or not asking:
        return None
    before = [i for i in unknown if i < noun_at[0]]
    if len(unknown) > _UNKNOWN_IN_ANNOUNCING + 1 or len(before) > _UNKNOWN_IN_ANNOUNCING:
        return None  # "add my big summer wedding plan: …" names the goal before the noun
    if len(unknown) > _UNKNOWN_IN_ANNOUNCING and any(
        w in _FOR_WORDS for w in words[noun_at[0] + 1 :]
    ):
        return None  # "add a plan for mum's big day: …": what it is for names the goal
    title_words = [w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", title)]
    said = [w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", text[:colon])]
    if not title_words or not set(title_words) <= set(said):
        return None  # the title was read from elsewhere: the reading stands
    clause = _GOAL_CLAUSE.match(text, ends.end())
    # "oe nuevo plan: el cumple de mi vieja es el 12, hay q comprar el pastel, alquilar …"
    # (z244), "abre otro plan porfa: regalo del amigo invisible, preguntarle a Lucía, …"
    # (z227): the goal ended by a comma, read as the first step
    by_comma = clause is None and (clause := _GOAL_BY_COMMA.match(text, ends.end())) is not None
    if clause is None:
        return None
    goal = clause["goal"].strip()
    goal_words = goal.split()
    if not goal_words or len(goal_words) > 10:
        return None
    if goal_words[0].lower() in _NO_GOAL_HEAD:
        return None  # "add anoda plan: need to call Dr Kamara. …": the list starts at once
    # "ajoute yon plan pou mwen: renew the patente. go to the mairie, pay the fee, …" (z240):
    # a sentence led by a step's verb is the goal when a list of two or more follows it;
    # with one step after it ("add anoda plan: call Dr Kamara. buy her medicine") it is a step
    led_by_verb = goal_words[0].lower() in STEP_VERBS
    if by_comma and (led_by_verb or INFINITIVE_ELSEWHERE.match(goal)):
        return None  # "abre otro plan: comprar el regalo, envolverlo, …": a list of steps
    if by_comma and any(i > noun_at[0] for i in unknown):
        return None  # "add new plan Christmas presents: for mum, …": named after its noun
    first, *rest = steps
    if first.lower() == goal.lower():
        kept = rest
    elif not by_comma and (
        first.lower().startswith(goal.lower())
        and (
            cut := re.match(rf"\s*(?:[—–-]+|{_EMOJI.pattern})\s*(?P<step>\S.*)", first[len(goal) :])
        )
    ):
        kept = [cap(cut["step"]), *rest]  # "ribolov na Dunavu u martu — kupiti dozvolu"
    else:
        return None
    if (led_by_verb or by_comma) and len(kept) < 2:
        return None
    if by_comma:
        kept = [cap(_NEED_ELSEWHERE.sub("", step)) for step in kept]  # ("hay q comprar …")
    return (cap(goal), kept) if kept else None


GOAL_AFTER_ASKING_HEAD_EXAMPLES: tuple[tuple[str, str, list[str], str, list[str]], ...] = (
    (
        "add anoda plan: Mama medical. send $300 to di hospital, call Dr Kamara",
        "Add anoda",
        ["Mama medical", "Send $300 to di hospital", "Call Dr Kamara"],
        "Mama medical",
        ["Send $300 to di hospital", "Call Dr Kamara"],
    ),
    (
        "nuevo plan pe: curso de ingles. primero inscribirme, luego comprar el libro",
        "pe",
        ["Curso de ingles", "Inscribirme", "Comprar el libro"],
        "Curso de ingles",
        ["Inscribirme", "Comprar el libro"],
    ),
    (
        "oye apúntame otro plan porfa: el cumple de Thiago — reservar el parque, invitar a los niños",
        "Oye apúntame otro",
        ["El cumple de Thiago — reservar el parque", "Invitar a los niños"],
        "El cumple de Thiago",
        ["Reservar el parque", "Invitar a los niños"],
    ),
    (
        "new thing, separate from the concert: my nephew's baptism. ask Garo, book the church",
        "New thing, separate from the concert",
        ["My nephew's baptism", "Ask Garo", "Book the church"],
        "My nephew's baptism",
        ["Ask Garo", "Book the church"],
    ),
    # a dash set apart ends the asking words as a colon does (z199, z237)
    (
        "add one more plan ji - roof repair. buy tarpaulin, call the mistri",
        "Add one more plan ji",
        ["Roof repair", "Buy tarpaulin", "Call the mistri"],
        "Roof repair",
        ["Buy tarpaulin", "Call the mistri"],
    ),
    # words after the plan's noun say who it is for (z240), "thing" in another language (z250)
    (
        "ajoute yon plan pou nou: the shop sign. measure the wall, order the board",
        "Ajoute yon plan pou nou",
        ["The shop sign", "Measure the wall", "Order the board"],
        "The shop sign",
        ["Measure the wall", "Order the board"],
    ),
    (
        "nouvelle chose à noter: le déménagement 📦 louer un camion, faire les cartons",
        "nouvelle chose à noter",
        ["Le déménagement 📦 louer un camion", "Faire les cartons"],
        "Le déménagement",
        ["Louer un camion", "Faire les cartons"],
    ),
    # the goal ended by a comma, the need said before the first step (z227, z244)
    (
        "oye nuevo plan: la boda de mi prima, hay que reservar el salón, contratar al DJ",
        "oye nuevo",
        ["La boda de mi prima", "Hay que reservar el salón", "Contratar al DJ"],
        "La boda de mi prima",
        ["Reservar el salón", "Contratar al DJ"],
    ),
    # a goal led by a step's verb, a list of two or more after it (z240)
    (
        "ajoute yon plan pou mwen: renew the patente. go to the mairie, pay the fee",
        "Ajoute yon plan pou mwen",
        ["Renew the patente", "Go to the mairie", "Pay the fee"],
        "Renew the patente",
        ["Go to the mairie", "Pay the fee"],
    ),
)
# The words that ask for a plan read as its title, whatever mark ends them: "make me a
# separate list — xmas gifts: …" (z220), "aight new plan, my son's bday party …" (z198), "also
# mek a new plan: fix mammy roof …" (z219), "new one pls. Garden for the family\n…" (z221,
# read as "Pls"). The clause the message opens with holds a word for a plan (or "one" after a
# word calling it new), a word asking for it or calling it new, fillers, and at most one word
# not known before every asking word ("aight", "mek": how the person says "ok" or "make");
# never a word between "new" and the plan ("new house plan: …" names the house).
# After the plan's noun, at most two words not known say whom it is for or how the person is
# called ("put down another one fuh me darlin: …", z274; "can u make another one la - …",
# z275; "add one more plan ji -", z237; "new plan machan -", z199), when the title was read
# from the asking words themselves ("new plan bathroom reno: …" read as "Bathroom reno" names
# its goal), and never after a "for" ("add a plan for mum's birthday: …" names what it is
# for). The asking may open with the words of a request ("can u", "could you", "pls").
_SEPARATE = frozenset("separate different extra".split())
_REQUEST_OPENING = frozenset("can could would will u you ya pls plz please kindly".split())


def asking_clause_end(text: str, title: str) -> int | None:
    """Where what follows the words asking for a plan begins in ``text``, when ``title`` was
    read from them alone (``_SEPARATE`` above); None otherwise. The asking words end at a
    mark or at the end of their line ("add another one\nsister's baby shower\n…", z234)."""
    mark = _ANNOUNCING_MARK.search(text, 0, 80)
    line_end = re.search(r"[ \t]*\n\s*", text[:80])
    if line_end is not None and (mark is None or line_end.start() < mark.start()):
        mark = line_end
    if mark is None or mark.start() == 0 or not text[mark.end() :].strip():
        return None
    clause = text[: mark.start()]
    words = [w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", clause)]
    if not words or len(words) > 8 or len(words) != len(clause.split()):
        return None
    asking = _ANNOUNCING_WORDS | _SEPARATE
    nouns = [
        i
        for i, w in enumerate(words)
        if w in PLAN_NOUNS or (w == "one" and i and words[i - 1] in asking | {"a", "another"})
    ]
    if len(nouns) != 1 or not any(w in asking for w in words[: nouns[0]]):
        return None
    first_asking = next(i for i, w in enumerate(words) if w in asking)
    unknown = [
        i
        for i, w in enumerate(words)
        if i not in nouns
        and w not in asking
        and w not in _ANNOUNCING_FILLERS
        and not (i < first_asking and w in _REQUEST_OPENING)
    ]
    after = [i for i in unknown if i > nouns[0]]
    if len(unknown) - len(after) > 1 or any(first_asking < i < nouns[0] for i in unknown):
        return None
    said = [w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", title)]
    if not said or not set(said) <= set(words):
        return None  # the title was read from elsewhere: the reading stands
    if after and (
        len(after) > 2
        or any(w in _FOR_WORDS for w in words[nouns[0] + 1 :])
        or not set(said) & (asking | {words[nouns[0]]})
        # (the goal said after them in a sentence of its own, the list after it: "…: Independence
        # cook up for de family. buy …"; "ek aur list bana do walima ki: hall book karna, …"
        # names its goal, "walima", before the colon, and the list follows at once)
        or _GOAL_CLAUSE.match(text, mark.end()) is None
    ):
        return None  # "new plan bathroom reno: …", "add a plan for mum's birthday: …"
    return mark.end()


# Words that only announce the list that follows, read as its first step: "… and I need to
# sort few things, the dress for me, book the restaurant …" (z270), "there's a few things to
# organise 1. …" (z234), "I have got a few things to do before my hip operation …" (z163):
# a general verb, how many, and a word for things in general, nothing named
_LIST_ANNOUNCED = re.compile(
    r"(?:(?:i\s+|we\s+)?(?:need|needs|have|has|got|gotta|must|want)\s+(?:to\s+)?)?"
    r"(?:(?:sort(?:\s+out)?|do|get|organi[sz]e|arrange|handle|prepare|prep|fix|buy|finish|"
    r"take\s+care\s+of|hacer|arreglar|organizar|resolver|comprar|preparar|faire|régler|regler|"
    r"organiser|acheter|préparer|fazer|resolver)\s+)?"
    r"(?:a\s+)?(?:few|some|couple(?:\s+of)?|several|bunch\s+of|lot\s+of|lots\s+of|many|\d+|two|"
    r"three|four|five|unas|algunas|varias|unos|algunos|quelques|plusieurs|umas|algumas|"
    r"várias|alguns|uns)\s+"
    r"(?:things|stuff|bits(?:\s+and\s+(?:pieces|bobs))?|tasks|errands|jobs|items|cosas|cositas|"
    r"choses|trucs|coisas|cose|dinge)"
    r"(?:\s+(?:to\s+(?:do|sort|organi[sz]e|get\s+done|arrange|buy|prepare)|done|first|out|"
    r"que\s+hacer|à\s+faire|pra\s+fazer|para\s+fazer))?",
    re.I,
)


def only_announces_list(clause: str) -> bool:
    """Whether ``clause`` only announces the list that follows it ("sort few things", "a few
    things to organise"), naming nothing."""
    bare = re.sub(r"\s+", " ", without_emoji(clause)).strip(" .,!?;:-—")
    return _LIST_ANNOUNCED.fullmatch(bare) is not None


# A request for help with "this" said before the goal names no goal, in whatever language:
# "Diay mae ayúdeme con esto porfa\nViaje a Monteverde\n…" (z273, read as "Diay mae ayúdeme
# con esto"), "klk mi loco 😂 ayudame con esto\nfiesta de fin de año …" (z232, "Ayudame con
# esto"), "help me with this pls\n…" ("This"). The request ends its line or its sentence,
# with at most four words before it (a greeting, how the person is called, "can u"); the goal
# is what follows it.
_HELP_WORD = r"(?:help|halp|ayud[aáeé]?\w*|ayúd\w*|ajud\w*|aide[sz]?|aiut\w*|hilf)"
_THIS_WORD = (
    r"(?:this|these|dis|dem|esto|esta|este|estas|estos|eso|isso|isto|ça|ca|cela|questo|questa|"
    r"dit|das)"
)
_HELP_WITH_THIS = re.compile(
    rf"(?P<before>[^\n]*?)\b{_HELP_WORD}(?:[-\s]+(?:me|mi|moi|mir|nos|us|mwen))?\s+"
    r"(?:(?:with|wit|wid|w/|con|com|avec|dabei|met|ak|on)\s+)?"
    rf"{_THIS_WORD}(?:\s+(?:one|thing|things|stuff|"
    + "|".join(sorted(PLAN_NOUNS))
    + r"))?(?P<fillers>(?:\s+[^\W\d_]+)*?)"
    rf"(?P<end>[\s.!?,:;—–-]*(?:{_EMOJI.pattern}[\s.!?]*)*\n|"
    r"\s*(?:[.!?:;]+|\s[—–-]+)\s+(?=\S))",
    re.I,
)
_HELP_FILLERS = (
    frozenset("pls plz please porfa porfis favor por svp stp ah la lah o abeg ji po mae".split())
    | POLITE_PARTICLES
)


def help_request_end(text: str, title: str) -> int | None:
    """Where the goal begins in ``text`` after a first line or sentence that only asks for help
    with "this" (``_HELP_WITH_THIS`` above), when ``title`` was read from that request; None
    otherwise."""
    found = _HELP_WITH_THIS.match(text)
    if found is None or not text[found.end() :].strip():
        return None
    before = without_emoji(found["before"])
    if len(before.split()) > 4 or re.search(r"\d", before):
        return None  # more said before it than a greeting: news, or the goal itself
    if any(w.lower() not in _HELP_FILLERS for w in found["fillers"].split()):
        return None  # "help me with this form for the bank": what it is about is said
    words = {w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", text[: found.start("end")])}
    said = [w.lower() for w in re.findall(r"[^\W\d_][\w'’-]*", title)]
    if not said or not set(said) <= words:
        return None  # the title was read from elsewhere: the reading stands
    return found.end()


HELP_REQUEST_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    (
        "Diay mae ayúdeme con esto porfa\nViaje a Monteverde\nreservar el hostel\ncomprar el bus",
        "Diay mae ayúdeme con esto",
        "Viaje a Monteverde\nreservar el hostel\ncomprar el bus",
    ),
    (
        "klk mi loco 😂 ayudame con esto\nfiesta del equipo\n- alquilar el local\n- comprar el lechon",
        "Ayudame con esto",
        "fiesta del equipo\n- alquilar el local\n- comprar el lechon",
    ),
    (
        "help me with this pls\nTrip to Kandy\nbook the hotel\nbuy tickets",
        "This",
        "Trip to Kandy\nbook the hotel\nbuy tickets",
    ),
    (
        "me ajuda com isso? Mudança pro Rio. alugar o caminhão, fazer as caixas",
        "Me ajuda com isso",
        "Mudança pro Rio. alugar o caminhão, fazer as caixas",
    ),
)
HELP_REQUEST_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    # what the help is with is said in the request
    (
        "help me with this form for the bank\nfill it in\npost it",
        "Help me with this form for the bank",
    ),
    # the title was read from what follows it
    ("help me with this pls\nTrip to Kandy\nbook the hotel", "Trip to Kandy"),
    # news before the request: more than a greeting
    ("my landlord sent 3 letters and I need help with this\nreply to him", "I need help with this"),
    # nothing after it
    ("can you help me with this", "Help me with this"),
)


ASKING_CLAUSE_EXAMPLES: tuple[tuple[str, str, str], ...] = (
    (
        "make me a separate list — birthday presents: socks for Dad, a book for Mum",
        "Make me a separate list",
        "birthday presents: socks for Dad, a book for Mum",
    ),
    (
        "aight new plan, the camping trip in june. buy a tent, book the site",
        "Aight new plan",
        "the camping trip in june. buy a tent, book the site",
    ),
    (
        "also mek a new plan: mend di fence. buy posts, dig holes",
        "Mek a new",
        "mend di fence. buy posts, dig holes",
    ),
    (
        "another one pls. Shed for the tools\nclear the corner",
        "Pls",
        "Shed for the tools\nclear the corner",
    ),
    # who it is for and how the person is called, after the plan's noun (z274, z275)
    (
        "put down another one fuh me darlin: Independence lunch. buy fish, make cou cou",
        "Put down another one fuh me darlin",
        "Independence lunch. buy fish, make cou cou",
    ),
    (
        "can u make another one la - moving flat. give notice, book a van",
        "Make another one la",
        "moving flat. give notice, book a van",
    ),
    # the asking words on a line of their own (z234)
    (
        "add another one\nboys' camping trip\nbook the site\nbuy gas",
        "Add another one",
        "boys' camping trip\nbook the site\nbuy gas",
    ),
)
ASKING_CLAUSE_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    ("Christmas list: wrap presents, buy cards", "Christmas list"),  # no word asking for it
    ("new house plan: get the keys, paint", "New house plan"),  # a word of the goal in it
    ("new plan: grad school apps. shortlist the programs", "Grad school apps"),  # read after it
    ("make it a big list: cards, wrapping, tape", "Make it a big list"),  # two words unknown
    ("new plan bathroom reno: tiles, grout", "Bathroom reno"),  # the goal after the noun
    ("add a plan for mum's birthday: the hall. book it", "Add a plan for mum's birthday"),
    ("new plan for the big move: boxes, van", "New plan for the big move"),
    # the goal named after the noun, the list at once after the colon (z204)
    (
        "ek aur list bana do walima ki: hall book karna, menu final karna",
        "Ek aur list bana do walima ki",
    ),
)


GOAL_AFTER_ASKING_HEAD_NEAR_MISSES: tuple[tuple[str, str, list[str]], ...] = (
    # a word of the goal, none asking for a plan: the head is the title
    (
        "Wedding plan: Sarah and Tom. book venue, hire DJ",
        "Wedding",
        ["Sarah and Tom", "Book venue"],
    ),
    # the clause after the colon is a step: the list starts at once
    (
        "add anoda plan: call Dr Kamara. buy her medicine",
        "Add anoda",
        ["Call Dr Kamara", "Buy her medicine"],
    ),
    # the title was read from the clause after the colon already
    (
        "new plan: grad school apps. shortlist the programs",
        "Grad school apps",
        ["Shortlist the programs"],
    ),
    # more than two words unknown before the plan's noun: more than an announcement
    (
        "add my big summer wedding plan: Sarah and Tom. book venue",
        "Add my big summer wedding",
        ["Sarah and Tom", "Book venue"],
    ),
    # three unknown, what it is for among them after "for": the goal is named
    (
        "add a plan for mum's big birthday: the hall. book it, pay it",
        "Mum's big birthday",
        ["The hall", "Book it", "Pay it"],
    ),
    # a goal led by a step's verb with one step after it is a step
    (
        "add one more plan da - call the warden. return the mattress",
        "Add one more plan da",
        ["Call the warden", "Return the mattress"],
    ),
    # an item ended by a comma and led by a verb (in another language's infinitive) is the
    # first step of the list
    (
        "abre otro plan porfa: comprar el regalo, envolverlo bonito, dárselo el viernes",
        "abre otro",
        ["Comprar el regalo", "Envolverlo bonito", "Dárselo el viernes"],
    ),
    # a goal ended by a comma with one step after it
    (
        "oye nuevo plan: la boda de mi prima, reservar el salón",
        "oye nuevo",
        ["La boda de mi prima", "Reservar el salón"],
    ),
    # the plan named after its noun, the list after the colon (z174)
    (
        "add new plan Christmas presents: for mum, brother Honza and Petr",
        "Christmas presents",
        ["For mum", "Brother Honza", "Petr"],
    ),
)


ANNOUNCED_PLAN_EXAMPLES: tuple[tuple[str, str], ...] = (
    (
        "bota aí um plano novo: Fotos pro portfólio — chamar a Bia, alugar o ring light",
        "Fotos pro portfólio — chamar a Bia, alugar o ring light",
    ),
    ("cria outra lista pra mim: festa do mercadinho", "festa do mercadinho"),
    (
        "ek aur list bana do - haldi ceremony: haldi paste order",
        "haldi ceremony: haldi paste order",
    ),
    ("ajoute un projet: faire checker la fournaise", "faire checker la fournaise"),
    ("new plan yar, bhai ka honeymoon", "bhai ka honeymoon"),
    ("Nytt prosjekt: new sails for the Bavaria", "new sails for the Bavaria"),
    ("fammi un nuovo progetto: cantina", "cantina"),
    ("tạo kế hoạch mới: sửa nhà", "sửa nhà"),
    ("thêm plan mới nha: Tết bonus cho nhân viên", "Tết bonus cho nhân viên"),
    ("ponme otro plan porfa: la mudanza de mi tía", "la mudanza de mi tía"),
    ("añádeme otro plan: la mudanza", "la mudanza"),
)
ANNOUNCED_PLAN_NEAR_MISSES: tuple[str, ...] = (
    "Christmas list: wrap the presents, post the cards",  # the list's own name
    "packing list for Bali: passport, sunscreen",
    "plan the party: book the hall, order the cake",  # a goal
    "new list",  # nothing after it
    "plan: call mum, pay rent",  # no word asking for it: a title kept as it is
    "my 2 new projects: the shed, the fence",
)


_TRACK_GOAL = re.compile(
    rf"^{_POLITE}help\s+me\s+(?:keep\s+(?:a\s+)?track\s+of|(?:stay|keep)\s+on\s+top\s+of|"
    r"keep\s+tabs\s+on)\s+(?!(?:this|that|it|these|them|the\s+following)\b)(?=\S)",
    re.I,
)


# A request for a plan with its goal inside: "Could you please set up a list for me for my
# daughter's wedding", "Would you be able to help me organise Dad's 80th?", "can u add my uni
# applications to the list?", "can you note down that I need to renew my licence", "I am
# writing to ask for help organising my move". The goal follows the frame.
_ASKING_FRAME = (
    r"(?:(?:hi|hello|hey|hiya)(?:\s+there)?[\s,!.]+)?(?:(?:oh|and|also|ok(?:ay)?)[\s,]+)*"
    r"(?:(?:i\s+was\s+wondering\s+if\s+(?:you|u)\s+could|(?:would|could)\s+(?:you|u)\s+be\s+able\s+to|"
    r"be\s+able\s+to|are\s+(?:you|u)\s+able\s+to|(?:can|could|would|will)\s+(?:you|u)|please|pls|"
    r"kindly|(?:i\s+am|i'?m)\s+writing\s+to\s+ask(?:\s+(?:for|if\s+(?:you|u)\s+(?:can|could)))?)\s+)*"
)
_GOAL_FRAME = re.compile(
    rf"^{_ASKING_FRAME}(?:"
    r"help(?:\s+me)?\s+(?:to\s+)?(?:with|organi[sz](?:e|ing)|plan(?:ning)?|sort(?:ing)?(?:\s+out)?|"
    r"get(?:ting)?|arrang(?:e|ing))|"
    r"(?:set\s+up|make|start|create|open|begin)\s+(?:me\s+)?(?:a\s+)?(?:new\s+)?(?:list|plan|project)"
    r"(?:\s+for\s+me)?\s+(?:for|about|on|called|named|titled|to)|"
    # a note only when what follows is a goal: "note down that I need to renew my licence"
    r"(?:(?:note|jot|write)\s+down|remember)(?:\s+that)?(?=\s+(?:i|we)\s+(?:really\s+)?"
    r"(?:want|need|have|must|would\s+like|'d\s+like|should)\b))\s+(?P<goal>[^?!]+?)(?:[?!.]+\s*|$)",
    re.I,
)
_ADD_TO_LIST = re.compile(
    rf"^{_ASKING_FRAME}(?:add|put|pop|stick)(?:\s+down)?\s+(?P<goal>.+?)\s+(?:(?:to|on|onto)\s+(?:my|the)\s+"
    r"(?:list|plans?|to-?\s*do(?:\s+list)?)|"
    # "can you stick 'sort Ella's gap year' on as a new thing", "add 'X' as a goal"
    r"(?:(?:on|in|down)\s+)?as\s+(?:a|an|my|one)\s+(?:new\s+)?(?:thing|plan|goal|project|one))"
    r"(?:\s+(?:please|pls|for\s+me|too|also|as\s+well))*(?:[?!.,]+\s*|$)",
    re.I,
)


# A new plan announced after a first sentence of news: "… ho gaye 🥹🎉 new plan - …", "Got the
# job! New goal: …"
_ANNOUNCED_AFTER = re.compile(
    rf"^[^\n]{{3,120}}?(?:[.!?]+|{_EMOJI.pattern})\s*(?=(?:(?:so|ok|and)\s+)?(?:a\s+)?(?:new|another)\s+"
    # the plan's name, then its own mark: "new plan - insta giveaway: …", "New goal: move to
    # Bristol. find a flat …" ("van hire is £90. new plan: dad drives up sunday and …" changes
    # a plan, it names no new one)
    r"(?:plan|goal|project)\s*[—:-]+\s*[^:—.!?\n]{2,50}(?:[:—]|[.!]\s))",
    re.I,
)


# The thing asked to be kept, then its list after the question mark: "(can you help me keep
# track of) the school stuff while Dave's away? parent-teacher conference on the 3rd, sign Emma
# up for basketball, and get her a physical"
_ASKED_THING_THEN_LIST = re.compile(
    r"^(?P<thing>(?:the|my|our|his|her|their|all\s+the)\s+[^?.!\n,]{2,70})\?\s+(?P<list>[^?\n]+)$",
    re.I,
)


def asked_thing_over_list(rest: str) -> tuple[str, list[str]] | None:
    """``rest`` (what ``about_the_message`` left of a request to keep something) read as the
    thing asked about over the list said after its question mark: the thing is the title and
    every item a step (none taken for the title). None for any other text, or fewer than two
    steps."""
    found = _ASKED_THING_THEN_LIST.match(rest.strip())
    if found is None:
        return None
    title, steps = split_titled(f"{found['thing']}: {found['list'].strip(' .')}")
    if len(steps) < 2 or not title:
        return None
    return title, steps


ASKED_THING_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "the school stuff while Dave's away? parent evening on the 3rd, sign Emma up for "
        "basketball, and get her a physical.",
        "The school stuff while Dave's away",
        ("Parent evening on the 3rd", "Sign Emma up for basketball", "Get her a physical"),
    ),
)
ASKED_THING_NEAR_MISSES: tuple[str, ...] = (
    "the school stuff? not sure yet",  # one piece after it: no list
    "what should I do? ring the school, email the teacher",  # a question of the person's
)


def about_the_message(text: str) -> tuple[str, bool]:
    """The text without the clauses that ask drbot to keep it, promise steps for later or
    say where to start is unclear, and whether it asked to keep it: ``(rest, asked)``. Steps
    promised for later or not known yet ("no idea how yet lol") ask it too: said of a goal,
    they ask for the goal to be kept as it is, with no steps yet."""
    # ("… set up wifi\nok go": the go-ahead is said to drbot, no step)
    text = without_go_ahead(without_sign_off(spoken_marks(text)))
    text = _ASIDE_BRACKETS.sub("", text)  # "(god help me 😂)", "(if it doesn't blow up lol)"
    if "\n" in text.strip():
        first_line, _, lines = text.strip().partition("\n")
        asking = _TRACK_FIRST.match(first_line) or _NEW_PLAN_ELSEWHERE.match(first_line)
        end = asking.end() if asking is not None else announced_plan_end(first_line)
        if end is not None and first_line[end:].strip():
            # "add a new one pls 😊 Garage door\nget a quote …": the asking words before the
            # title line are no part of it
            return f"{first_line[end:]}\n{lines}", True
        return text, False
    if (announced := _ANNOUNCED_AFTER.search(text.strip())) is not None:
        # "5k followers ho gaye 🥹🎉 new plan - insta giveaway: …": the news before a new plan
        # announced is why it is made, no part of it
        text = text.strip()[announced.end() :]
    first = (
        _TRACK_FIRST.match(text.strip())
        or _NEW_PLAN_ELSEWHERE.match(text.strip())
        or _TRACK_GOAL.match(text.strip())
    )
    end = first.end() if first is not None else announced_plan_end(text.strip())
    if end is not None:
        rest, _ = about_the_message(text.strip()[end:])
        return rest, True
    framed = _GOAL_FRAME.match(text.strip()) or _ADD_TO_LIST.match(text.strip())
    if framed is not None and not re.match(r"(?:me|you|it|this|that|them)\b", framed["goal"], re.I):
        after = text.strip()[framed.end() :]
        rest, _ = about_the_message(after) if after else ("", False)
        goal = framed["goal"].strip(" ,")
        return (f"{goal}. {rest}" if rest else goal), True
    kept: list[str] = []
    asked = unknown_way = False
    for part in _CLAUSE_SPLIT.split(text.strip()):
        bare = _EMOJI.sub("", part).strip(" .!?;")
        bare = re.sub(r"\s+(?:please|pls|thanks|thank\s+you|x+|lol|haha)$", "", bare, flags=re.I)
        at_end = _ASKED_AT_END.search(part)
        if (idea := _ONLY_AN_IDEA.search(part)) is not None and idea.start() > 0:
            # "I want to start a poultry farm next year 🐔 just the idea for now": the goal,
            # then words about it in the same breath
            kept.append(part[: idea.start()])
            continue
        said_after = _AFTER_AN_EMOJI.search(part)
        if said_after is not None and steps_later(part[said_after.end() :].strip(" .!?;")):
            # "play the Garanhuns winter festival 🎶 no steps yet": the goal, then its steps
            # said to be unknown, an emoji between them
            asked = unknown_way = True
            kept.append(part[: said_after.end()].rstrip())
            continue
        if _TRACK_REQUEST.match(bare):
            asked = True
        elif at_end is not None and at_end.start() > 0:
            # "I'd love to start fostering kittens 🐾 just put it down as a goal for now": the
            # wish, then the request to keep it in the same breath
            asked = True
            kept.append(part[: at_end.start()])
            continue
        elif steps_later(bare):
            asked = True  # "… no idea how yet lol": a goal to keep, its steps to come
            unknown_way = True
        elif not _ABOUT_SENDING.match(bare):
            kept.append(part)
            continue
        if kept and not kept[-1].rstrip().endswith((".", "!", "?")):
            kept[-1] = kept[-1].rstrip(" ,;") + "."  # the clause before now ends its sentence
    rest = ", ".join(kept)
    # "Help!, Hosting book club": a clause that ended its sentence still ends it
    rest = re.sub(r"([.!?]),\s*", r"\1 ", rest)
    if unknown_way:
        rest = _goal_alone(rest)
    return rest.strip(" ,"), asked


def _goal_alone(text: str) -> str:
    """With the way to the goal said to be unknown ("no idea how yet", "no steps yet, I'll
    figure it out"), what else was said is how things are, never steps: "get fit again.
    Been living on takeaway since she left." keeps its goal alone. The goal is the first
    sentence when it names one; else the text stays as it is."""
    said = sentences(text)
    if len(said) < 2 or goal_of(said[0]) is None or _ASKS_YOU.match(said[0]):
        return text  # "Can you start a plan for me. Clear out the garage …": a request first
    return said[0]


# A request first, or what is left of one ("… start a plan for me. Clear out the garage …")
_ASKS_YOU = re.compile(r"^\s*(?:(?:can|could|would|will)\s+(?:you|u)|for\s+(?:me|us))\b", re.I)


# -- 2. sentences --------------------------------------------------------------------------

# "Baby no. 2 is due in March", "flat no. 4": "no." before a number counts, ends nothing
# "consult with Dr. Kim, …", "vs. the Eureka": a shortened word's stop ends nothing either
_SENTENCE_END = re.compile(
    rf"(?<=[.!?])(?<!\b[Nn]o\.){NOT_SHORTENED}\s+|(?<=\b[Nn]o\.)\s+(?!\d)", re.I
)
# Who sent the person to drbot, and what they said of it: "my cofounder says i should use
# this", "a mate from the club reckons you're good for keeping track of stuff", "my sister
# told me to try you". Said before the goal, never a goal (``told_of_drbot``).
TOLD_OF_DRBOT = (
    r"(?:(?:a|my|our|his|her|the)\s+)?[\w'-]+(?:\s+(?:from|at|in|of)\s+(?:the\s+|my\s+|our\s+)?[\w'-]+)?"
    r"(?:\s+[A-Z][\w'-]*)?\s+(?:says?|said|tells?\s+me|told\s+me|reckons?|thinks?|recommended|"
    r"suggested)\s+(?:(?:that\s+)?(?:i|we)\s+(?:need\s+to|should|have\s+to|must|ought\s+to)\s+"
    r"(?:write|put|note|use|try|keep|track|get\s+organi[sz]ed)|(?:to\s+)?(?:use|try)\s+(?:this|you|u)\b|"
    # an app named by its kind: "my guide told me to use some app for tracking"
    r"(?:to\s+)?(?:use|try|get)\s+(?:some|an?|this)\s+(?:app|bot|chatbot|tool)\b|"
    r"(?:this|it|you)\s+(?:will|would|might|can|could|is|are)\b|(?:you|u|this\s+app|this\s+bot)\b)"
)
_TOLD_OF_DRBOT = re.compile(rf"^{TOLD_OF_DRBOT}", re.I)


def told_of_drbot(sentence: str) -> bool:
    """Whether ``sentence`` says who sent the person to drbot and what they said of it."""
    return _TOLD_OF_DRBOT.match(sentence.strip()) is not None


# Sentences that carry no part of the plan ("My daughter says I should use this.").
_ASIDE = re.compile(
    rf"^{TOLD_OF_DRBOT}|"
    # (what someone says the person needs is the goal: "my mom says i need a korean bank
    # account before i start at the cafe")
    r"^(?:(?:my|our)\s+\w+\s+(?:says?|said|told\s+me)(?!\s+(?:that\s+)?(?:i|we)\s+(?:need|have|must|"
    r"gotta|got\s+to)\b)|thank\s+you|thanks|"
    r"good\s+(?:morning|afternoon|evening)|hello|hi|hey|sorry|apologies|"
    r"first\s+time\s+(?:using|trying|here)|(?:i'?m|im)\s+new\s+(?:here|to\s+this))\b|"
    # words that only start the telling: "ok here goes.", "bear with me.", "let's see."
    r"^(?:(?:ok(?:ay)?|right|so|well)[\s,]+)?(?:here\s+goes|here\s+we\s+go|bear\s+with\s+me|"
    r"let'?s\s+see|where\s+(?:do|to)\s+(?:i\s+)?(?:start|begin)|right\s+then|ok(?:ay)?\s+then|then|"
    r"here'?s\s+the\s+thing)[\s.!?]*$",
    re.I,
)
# A sentence of feeling between the goal and its steps ("we're moving in march 😱 it's a
# lot. need to …"): neither the goal nor a step.
_FEELING = re.compile(
    r"^(?:it'?s|its|it\s+is|that'?s|thats|this\s+is|so\s+\w+$|ugh|omg|eek|help|wish\s+me|yikes|"
    r"(?:so\s+|really\s+|a\s+bit\s+)?(?:excited|stressed|nervous|scared|worried|overwhelmed|"
    r"buzzing|terrified|gutted|devastated|annoyed|shattered|hmm+|typical)$|"
    r"(?:i'?m|im|i\s+am|we'?re|we\s+are)\s+(?:so\s+|really\s+|a\s+bit\s+|kinda\s+)?"
    r"(?:stressed|nervous|excited|panicking|freaking|overwhelmed|rubbish|useless|terrible|"
    r"behind|late|scared|worried|buzzing)|(?:i\s+)?(?:haven'?t|have\s+not)\s+(?:done|started)|"
    # the writer's own delay ("been putting it off 2 years", "I keep putting it off", "been
    # meaning to for ages", "we've been dreading this"): how long, never what
    r"(?:(?:(?:i|we)\s*(?:'?ve|\s+have)\s+|ive\s+)?been\s+|(?:(?:i|we)\s+)?(?:keep|kept)\s+)(?:(?:so\s+|just\s+)?"
    r"(?:putting|pushing)\s+(?:it|this|that|them)\s+off|meaning\s+to|procrastinating|"
    r"(?:avoiding|dreading|ignoring)\s+(?:it|this|that|them))\b)",
    re.I,
)
FEELING_EXAMPLES: tuple[str, ...] = (
    "been putting it off 2 years",
    "I keep putting it off",
    "been meaning to for ages",
    "we've been dreading this tbh",
)
FEELING_NEAR_MISSES: tuple[str, ...] = (
    "put off the dentist till March",  # a step that puts a thing off
    "been to the council twice",
    "keep the receipts",
)


# Who is writing, and words about this app: "I'm Sue.", "it's Barry from Hokitika", "not sure
# how this works yet"
_INTRODUCTION = re.compile(
    r"^(?i:i'?m|i\s+am|it'?s|its|this\s+is|my\s+name\s+is|my\s+name'?s)\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?"
    r"(?i:\s+(?:here|again|from\s+.+))?$|"
    r"^(?i:(?:i'?m\s+)?not\s+sure\s+how\s+(?:this|it|you)\s+works?|(?:i'?m\s+)?new\s+to\s+(?:this|apps)).*$"
)


# A doubt marked inside a list ("…, give notice at work?? no wait not work, register with
# the agents, …", "…, cancel the gym? register …"): the list goes on after the marks, so
# they end no sentence
_DOUBT_IN_A_LIST = re.compile(r"(?<=[^\W\d_])\?+,?(?=\s+[a-z][^.!?\n]*,)")


def _doubt_goes_on(text: str) -> str:
    def mark(found: re.Match[str]) -> str:
        said_before = re.split(r"[.!?\n]", text[: found.start()])[-1]
        return "," if "," in said_before else found[0]

    return _DOUBT_IN_A_LIST.sub(mark, text)


def sentences(text: str) -> list[str]:
    parts = [opening(p) for p in _SENTENCE_END.split(_doubt_goes_on(text))]
    kept = [p for p in parts if p and not _ASIDE.match(p) and not _INTRODUCTION.match(p)]
    # "update resume 📝 then grind leetcode 💻 then apply …": a sentence that goes on with
    # "then" continues the list the sentence before started
    joined: list[str] = []
    for part in kept:
        if joined and _GOES_ON.match(part):
            joined[-1] = f"{joined[-1].rstrip(' .!?;')}, {part}"
        else:
            joined.append(part)
    return joined


# A sentence that goes on with the list before it
_GOES_ON = re.compile(r"^(?:and\s+)?then\b\s*(?=\S)", re.I)


# -- 3. the list of steps ------------------------------------------------------------------

_INTRO = re.compile(
    r"(?:^|(?<=[,;:—-])\s*|\s)(?:(?:and\s+)?(?:first(?:ly)?\s+)?(?:"
    # "Need to do: a, b, c", "we have to sort: …": the list's own words end at the colon
    r"(?:(?:i|we)\s+)?(?:need|have|got)\s+to\s+(?:do|sort(?:\s+out)?|get\s+done|organi[sz]e)(?=\s*:)|"
    # "… coming up first thing I need to do is ring all the cousins then …": the order's words
    # and the need's said as one ("first thing I need to do is" starts the list)
    r"(?<=first\s)thing\s+(?:i|we)\s+(?:need|have|got|gotta|want)\s+to\s+do\s+is|"
    # "I shall need to …", said the old way, is "I will need to …"
    # "I need first check the stock": "to" left out before "first", as people new to English say it
    r"(?:i|we)\s+(?:need|have|must)\s+first(?:\s+to)?|"
    r"(?:i|we)\s*(?:will\s+|'ll\s+|shall\s+)?(?:(?:really|just|actually|also|definitely|"
    r"seriously|desperately|urgently)\s+)?"
    r"(?:need|have|want|got)\s+to|(?:i|we)(?:'ve|\s+have)\s+got\s+to|(?:i|we)\s+got+a|"
    r"need\s+to|have\s+to|got+a|(?:i|we)(?:'ll|\s+will)(?!\s+(?:need|have)\b)|"
    # the goal of someone they look after: "my daughter is starting her DofE and she has to …"
    r"(?:she|he|they)\s+(?:has|have|needs?|will\s+need)\s+to|"
    # "im applying for uni, need my transcripts, a reference, and also …": the things needed
    r"(?<=[,;]\s)need(?=\s+(?:my|our|a|an|the|some)\b.*,)|"
    r"(?:i'?m|we'?re)\s+(?:gonna|going\s+to)|"
    r"steps?\s+(?:are|is|will\s+be)|the\s+steps?\s+(?:are|is)|things\s+to\s+do(?:\s+are)?|"
    r"to\s*-?\s*do(?:\s+list)?(?:\s+is)?))\s*:?\s+",
    re.I,
)
# What the person needs to do, then the list introduced again: "…, gotta order new discs, …"
_SAID_AGAIN = re.compile(
    r"(?P<goal>[^,;]+?)\s*[,;]\s*(?:and\s+)?(?:so\s+)?(?:(?:i|we)\s+)?(?:also\s+)?"
    r"(?:gotta|got\s+to|need\s+to|have\s+to|must)\s+(?=\S)",
    re.I,
)
# A goal whose thing is a word pointing back: "get it fixed", "sort that out"
_POINTS_BACK = re.compile(r"[\w']+\s+(?:it|that|this|them|everything)\b", re.I)
_GOAL_MARK = re.compile(r"\s+[—-]\s+|\s*:\s+")
_WILL_INTRO = re.compile(r"(?:(?:and\s+)?(?:first(?:ly)?\s+)?)?(?:i|we)(?:'ll|\s+will)\b", re.I)
_ORDINAL = r"(?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})"
_ITEM_LEAD = re.compile(
    rf"^(?:(?:and\s+)?then|and|also|plus|secondly|thirdly|fourthly|"
    # a hedge said at a step's head, the step all the same: "then I suppose ring a funeral
    # director", "I guess book the hall"
    rf"(?:i|we)\s+(?:suppose|guess|reckon)(?=\s+(?:{'|'.join(sorted(STEP_VERBS))})\s)|"
    # "first thing is getting it painted", "first up, …"
    rf"first(?:ly)?(?:\s+(?:thing|job|step)(?:\s+to\s+do)?\s+(?:is|will\s+be)|\s+up|\s+off)?|"
    rf"next|finally|lastly|{AFTER_THAT}|"
    # "Last thing is getting the card itself", "the final step will be the deed": the last step
    rf"(?:and\s+)?(?:the\s+)?(?:last|final)\s+(?:thing|job|step|one|bit)(?:\s+to\s+do)?\s+(?:is|will\s+be)|"
    # "… and after that theres the practice expedition": the step is what there is
    rf"there'?s|there\s+is|"
    # "…, and after I look for childcare": "after I" said for "after that I"
    rf"(?:and\s+)?after\s+(?:i|we)(?=\s+(?:{'|'.join(sorted(STEP_VERBS | {'look', 'wait'}))})\b)|"
    # "first I go apply for the POS machine": Pidgin's "go" says what I will do
    rf"(?:i|we)\s+go(?=\s+(?:{'|'.join(sorted(STEP_VERBS | {'find', 'put'}))})\s)|"
    # "First I call the jobcentre, then I go to interview": each step told as what I do
    rf"(?:i|we)(?=\s+(?:{'|'.join(sorted(STEP_VERBS | {'look', 'wait'}))})\s+\S)|"
    rf"step\s+{_ORDINAL}|\d{{1,2}}[.)]|(?:i\s+|we\s+)?(?:also\s+)?(?:gotta|got\s+to|"
    rf"need\s+to|have\s+to|must))\s*[:,]?\s+",
    re.I,
)
_STEP_LIKE = re.compile(
    r"^(?:(?:and\s+)?(?:the\s+)?(?P<last>(?:last|final)\s+(?:thing|job|step|one|bit)(?:\s+to\s+do)?\s+"
    r"(?:is|will\s+be))\s+|(?:and\s+)?(?:also|then|plus|and|next|finally|lastly)[\s,]+)?"
    r"(?P<verb>[a-z]+)\b",
    re.I,
)


_STEP_VERB_WORDS = "|".join(sorted(STEP_VERBS))


def _starts_with_verb(sentence: str) -> bool:
    """ "book the course", "need a USI number": a step's first word."""
    start = _STEP_LIKE.match(sentence)
    if start is not None and start["last"]:
        # "Last thing is getting the card": the last step said by its -ing form
        return (
            # five letters ("doing", "going") name no step said by its -ing here
            verb_of_ing(start["verb"], shortest=6) is not None
            or start["verb"].lower() in STEP_VERBS
        )
    return start is not None and (start["verb"].lower() in STEP_VERBS | {"need"})


# Words that never start a step as its verb: who, which, where, how it stands
_NEVER_A_VERB = frozenset(
    """
i we you he she they it me us him them my our your his her their its the a an this that
these those some any no every each all both there here to of in on at for with by from and
or but so then also just really very not never is are was were be been am has have had do
does did will would can could should must may might shall
""".split()
)


def _verb_by_place(item: str) -> bool:
    """ "swim twice a week", "true the wheels": a word we do not list, in a verb's place at
    the head of an item, with its thing after it (not a pronoun, determiner or helper, not
    a past tense, an -ing form or a plural)."""
    words = item.split()
    first = words[0].lower() if words else ""
    return (
        len(words) >= 2
        and first.isalpha()
        and first not in _NEVER_A_VERB
        and not _past(first)
        and not first.endswith(("ing", "ly"))
        and not (first.endswith("s") and not first.endswith("ss"))
    )


def verb_by_place(item: str) -> bool:
    """Whether ``item`` opens with a word in a verb's place ("figure out budget")."""
    return _verb_by_place(item)


def _steps_of_a_list(listed: list[str]) -> bool:
    """Every item a step to do: most start with a verb we know, the rest with a word in a
    verb's place ("join the leisure centre, swim twice a week and cut out crisps")."""
    known = sum(map(_starts_with_verb, listed))
    return (
        len(listed) >= 2
        and known * 2 > len(listed)
        and all(_starts_with_verb(i) or _verb_by_place(i) for i in listed)
    )


_PREPOSITIONS = frozenset(
    "into onto over under through about after before around round across behind near off out "
    "up down like than via per within without towards toward against between".split()
)
_DETERMINERS = frozenset("the a an my our your his her their some".split())


def _step_inside(goal: str) -> bool:
    """ "christmas dinner for 9 ordr the turkey": a word in a verb's place before its thing,
    past the goal's first words, is a step run into the goal."""
    words = [w.lower().strip(".,;:!?") for w in goal.split()]
    return any(
        _verb_by_place(f"{word} {after}") and word not in _PREPOSITIONS and after in _DETERMINERS
        for word, after in zip(words[2:], words[3:], strict=False)
    )


def _goal_then_list(sentence: str) -> tuple[str, list[str]] | None:
    """ "I'm planning a surprise trip to Paris, book the Eurostar, find a hotel and reserve a
    table": the goal as the first of a list whose other items, two or more, are steps."""
    if "," not in sentence:
        return None
    listed = items(sentence)
    if (
        len(listed) < 3
        # "I'll call the council, email the school, …": the first item is a step too
        or _starts_with_verb(re.sub(r"^(?:i|we)(?:'ll|\s+will)?\s+", "", listed[0], flags=re.I))
        or _step_inside(listed[0])
        or not _steps_of_a_list(listed[1:])
    ):
        return None
    named = _GOAL_MARK.split(listed[0], maxsplit=1)
    if len(named) == 2 and _starts_with_verb(named[1]):
        # "shed clear out: empty it, sweep it and paint the floor": the mark ends the goal
        return named[0], [cap(named[1].strip()), *listed[1:]]
    return listed[0], listed[1:]


def _joined_actions(listed: list[str]) -> bool:
    """Three or more items, each led by a verb, most by one we know ("find my P60", "dig out
    the receipts", "log into the site"): actions joined by "and", "n" or "&" with no comma."""
    return len(listed) >= 3 and _steps_of_a_list(listed)


def _step_like(sentence: str) -> bool:
    """ "order the turkey", "also buy wine": a short sentence that is itself a step."""
    return _starts_with_verb(sentence) and len(sentence.split()) <= 10 and "," not in sentence


# "it's clamshells, wall sits, calf raises …", "they're the hall, the cake and the DJ": what
# the list is, said before its first item
_LIST_IS = re.compile(
    r"^(?:it'?s|it\s+is|they'?re|theyre|they\s+are|these\s+are|that'?s|thats|that\s+is)\s+"
    r"(?=\S+\s*\S)",
    re.I,
)


def items(text: str) -> list[str]:
    """A list's items as ``plan_phrases.split_steps`` splits them, without the words that
    only count them ("step one", "first", "then", "finally"), nor the words that say what the
    list is before its first item ("it's clamshells, wall sits, …")."""
    steps = []
    # "register the death first, then ring …": "first" closes the step before "then"
    closed_first = re.search(r"\sfirst(?:ly)?\s*,\s*(?:and\s+)?(?:then|after\s+that)\b", text, re.I)
    for step in split_steps(text.strip(" .")):
        while (lead := _ITEM_LEAD.match(step)) is not None:
            step = step[lead.end() :]
        step = step.strip(" .")
        if closed_first and len(step.split()) > 2:
            step = re.sub(r"\s+first(?:ly)?$", "", step, flags=re.I)
        if step:
            steps.append(cap(step))
    if len(steps) >= 3 and (said := _LIST_IS.match(steps[0])) is not None:
        steps[0] = cap(steps[0][said.end() :])
    return steps


# The need said in another language before its list: "faut commander le gâteau, …" (z255),
# "hay q comprar el pastel, …" (z244), "tem que tratar do visto, …" (z198)
_NEED_ELSEWHERE = re.compile(
    r"^(?:il\s+)?faut\s+|^(?:hay|tengo|tenemos|tem|tenho|temos)\s+(?:que|q)\s+", re.I
)


def infinitives_listed(sentence: str) -> list[str] | None:
    """The steps of a sentence that lists three or more actions in another language's
    infinitive ("pedir cita en la DGT, hacer el psicotécnico y pagar la tasa", "faut commander
    le gâteau, louer la salle et inviter les tantes"): a comma between the first ones, the
    last two joined by that language's "and" (``plan_phrases.OTHER_AND_CUT``), each item
    opening with the infinitive's form and something after it. None otherwise: things joined
    after one infinitive ("comprar la carne y las tortillas") are one step's."""
    if "," not in sentence:
        return None
    listed = items(_NEED_ELSEWHERE.sub("", sentence.strip()))
    if len(listed) < 2:
        return None
    *before, last = listed
    cut = OTHER_AND_CUT(last)
    if len(cut) == 2:
        steps = [*before, *(cap(part) for part in cut)]
    elif len(listed) >= 3 and _AND_GLOSSED.search(sentence.rsplit(",", 1)[-1]):
        steps = listed  # (its "y" read in the English gloss as "and", and cut there already)
    else:
        return None
    if not all(INFINITIVE_ELSEWHERE.match(step) for step in steps):
        return None
    return steps


# a message mixing in words of another language is read in its English gloss, where "y" is
# "and"
_AND_GLOSSED = re.compile(r"\s(?:and|[ey]|et)\s", re.I)


INFINITIVES_LISTED_EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    (
        "pedir cita en la DGT, hacer el psicotécnico y pagar la tasa",
        ["Pedir cita en la DGT", "Hacer el psicotécnico", "Pagar la tasa"],
    ),
    (
        "faut commander le gâteau, louer la salle à Pissy et inviter les tantes",
        ["Commander le gâteau", "Louer la salle à Pissy", "Inviter les tantes"],
    ),
    (
        "comprar as cestas, escolher os vinhos e embrulhar tudo",
        ["Comprar as cestas", "Escolher os vinhos", "Embrulhar tudo"],
    ),
    # (read in the English gloss)
    (
        "contratar cosechadores, conseguir bins and coordinar the entrega with the bodega",
        ["Contratar cosechadores", "Conseguir bins", "Coordinar the entrega with the bodega"],
    ),
)
INFINITIVES_LISTED_NEAR_MISSES: tuple[str, ...] = (
    "comprar la carne, el pan y las tortillas",  # one step's things
    "pedir cita en la DGT y pagar la tasa",  # no comma: two actions, no list of three
    "order the cake, water the plants e send the invites",  # English verbs: read elsewhere
    "pintar la sala, el comedor y la cocina",  # one action on three rooms
    "comprar la pintura, rodar los muebles y pintar",  # a last infinitive with nothing after
)


def _is_list(sentence: str) -> bool:
    """Two or more items with no goal words of their own: "GRE, personal statement, 3
    reference letters", "invites/cake/bouncy castle"."""
    return (
        sentence.count(",") >= 2
        or len(re.findall(r"/", sentence)) >= 2
        or sentence.count(";") >= 1
        or re.search(r"\bstep\s*(?:1|one)\b.*\bstep\s*(?:2|two)\b", sentence, re.I) is not None
        or len(re.findall(r"\band\s+then\b", sentence, re.I)) >= 2
        or len(re.findall(r"\bthen\b", sentence, re.I)) >= 2
        or run_on(sentence) is not None  # "book the cottage pick a theme order the sashes"
        or len(re.findall(r"\s\+\s", sentence)) >= 2  # "update linkedin + rewrite my cv + …"
        or (sentence.count(",") == 1 and re.search(r"\bas\s+well\s+as\b", sentence) is not None)
    )


# -- 4. the goal ---------------------------------------------------------------------------

_SUBJECT = re.compile(
    # "my fiance Sam and I are getting married": who is with them, named or not
    r"^(?:(?:my|our)\s+\w+(?:\s+[A-Z]\w+)?\s+and\s+i|me\s+and\s+(?:my|the)\s+\w+(?:\s+[A-Z]\w+)?|"
    r"(?:i|we)|i'?m|we'?re|im)"
    r"\s*(?:'m|'re|am|are)?\s+"
    r"(?:(?:finally|currently|now|really|already|just|also)\s+)*"
    r"(?:(?:doing(?:\s+up)?|organi[sz]ing|planning|arranging|running|having|hosting|throwing|"
    r"starting|getting)\s+)?",
    re.I,
)
_CLAUSE_END = re.compile(
    r"(?:,|\s+and\s+(?:i|i'?m|im|we|we'?re|it'?s|its|i\s+have|i've|there'?s|there\s+is|that'?s)\b|"
    r"\s+(?:is|are|starts?|begins?|due|by)\s+(?:next|this|in|on|due|coming|soon|by|"
    r"jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|\d|mon|tue|wed|thu|fri|sat|sun|"
    r"tomorrow|tonight|today)|\s+due\b|"
    # "the Nguyen family reunion is actually happening": the event is named, the rest is news
    r"\s+(?:is|are)\s+(?:(?:actually|finally|really|officially|definitely)\s+)?(?:happening|"
    r"going\s+ahead|on\b(?!\s)))",
    re.I,
)
_ARTICLE = re.compile(r"^(?:a|an|the)\s+", re.I)


# What the person has let themselves in for, said before the goal: "I've gone and signed up
# for the Dublin marathon", "we've entered the village show", "I have said I will help Arthur"
_SIGNED_UP = re.compile(
    r"^(?:(?:i|we)(?:'ve|\s+have)|i'?m|we'?re)\s+(?:just\s+|finally\s+|only\s+gone\s+and\s+|"
    r"gone\s+and\s+|been\s+and\s+)?(?:signed\s+up\s+(?:for|to)|entered|registered\s+for|"
    r"volunteered\s+(?:for|to)|agreed\s+to|said\s+(?:i|we)(?:'ll|\s+will|\s+would)|"
    r"been\s+asked\s+to|taken\s+on)\s+|"
    # a place won: "got into the coliving in Ericeira for january", "we got accepted to the
    # residency", "just got a place on the course": the place is what the plan is for
    r"^(?:(?:i|we)(?:'ve|\s+have)?\s+)?(?:just\s+|finally\s+)?(?:got\s+(?:into|accepted\s+(?:in)?to|"
    r"a\s+(?:place|spot)\s+(?:at|on|in))|been\s+accepted\s+(?:in)?to)\s+",
    re.I,
)


# The person's role in the thing the plan is for: "apparently I'm the executor of my
# grandmother's estate now", "I'm in charge of the school fete", "I'm now treasurer for the
# allotment society": the thing is the goal, the role only says why it is theirs
_ROLE_OF = re.compile(
    r"^(?:(?:so|apparently|now|well)[\s,]+)*(?:i'?m|im|i\s+am)\s+(?:now\s+|officially\s+|apparently\s+)?"
    r"(?:in\s+charge|(?:the|an?)\s+(?!(?:lot|bit|couple|few|bunch|load|pair|part|member|kind|sort|"
    r"type|fan|friend)\b)[\w'-]+(?:\s+[\w'-]+)?)\s+(?:of|for)\s+(?P<thing>\S.*?)(?:\s+now)?$",
    re.I,
)


# News, then what it makes the person do: "Baby no. 2 is due in March so we need to get Oisín
# into creche", "the lease is up in June so I have to find a new flat": what they need to do
# is the goal, the news only says why ("… so I need to get it fixed" points back: the news
# names the thing, and stays)
_NEWS_SO_GOAL = re.compile(
    r"^(?P<news>[^,;]*?\b(?:is|are|was|were|has|have|had|'s|'re)\b[^,;]*?)[,\s]+(?:and\s+)?so\s+"
    r"(?:(?:i|we)\s+)?(?:really\s+)?(?:need|have|got|want)\s+to\s+"
    r"(?P<goal>(?![\w']+\s+(?:it|that|this|them|him|her)\b)\S.*)$",
    re.I,
)


def goal_title(sentence: str) -> str:
    """The goal's own words: no "I need to", no "we're doing", no second clause."""
    text = LABEL.sub("", sentence.strip())  # "Hey there! Project: get the Vespa running"
    # "SO hyped, got into the coliving for january": the feeling before the comma is no goal
    text = _FEELING_FIRST.sub("", text) or text
    if (role := _ROLE_OF.match(text.strip(" .!"))) is not None:
        text = role["thing"]  # "apparently I'm the executor of my grandmother's estate now"
    if (state := STATE_THEN_GOAL.match(text)) is not None and not _VAGUE_GOAL.match(state["goal"]):
        text = state["goal"]
    elif (news := _NEWS_SO_GOAL.match(text)) is not None and not _VAGUE_GOAL.match(news["goal"]):
        # "Baby no. 2 is due in March so we need to get Oisín into creche before then": the
        # time points back at the news, and goes with it
        text = re.sub(r"\s+(?:before|by)\s+then$", "", news["goal"].strip(" .!"), flags=re.I)
    text = GOAL_START.sub("", text)
    text = _SIGNED_UP.sub("", text)
    text = _SUBJECT.sub("", text)
    text = GOAL_START.sub("", text)
    text = re.sub(r"\s+(?:so|and|then|but)$", "", text.strip(), flags=re.I)  # "… team so I gotta"
    # "I need to redo the garden first dig out …": "first" starts the steps, no part of the goal
    text = re.sub(r"(?:,?\s+(?:so|and)\s+|\s+)first(?:ly)?$", "", text.strip(" ,"), flags=re.I)
    end = _CLAUSE_END.search(text)
    if (
        end
        and end.start() > 0
        and len(text[: end.start()].split()) == 1
        and end[0].split()[0]
        in (
            "is",
            "are",
        )
    ):
        # "Kids are coming at christmas": one word before "are" is no goal; "Kids coming at …"
        text = text[: end.start()] + " " + text[end.start() :].split(maxsplit=1)[1]
        text = re.split(r",|\s+(?:so|and|but)\s+", text, maxsplit=1)[0]
    elif end and end.start() > 0:
        text = text[: end.start()]
    text = re.sub(r"\s+(?:please|pls|plz|thx|thanks)$", "", text.strip(" ,.;:—-!?\"'"), flags=re.I)
    text = _ARTICLE.sub("", text.strip(" ,.;:—-!?\"'"))
    return cap(text)


_NOT_A_GOAL = re.compile(
    r"^(?:no|not|never|don'?t|didn'?t|won'?t|can'?t|it|that|them|maybe|perhaps|probably|might|"
    r"this(?!\s+(?:week|weekend|month|year|morning|afternoon|evening|summer|winter|spring|"
    r"autumn|term)\b)|"
    r"yes|yeah|done|got|did)\b",
    re.I,
)


def _names_a_goal(title: str) -> bool:
    """ "No" (of "no need to book a van, a mate's lending me his") names nothing."""
    return bool(re.search(r"[^\W\d_]{3,}", title)) and not _NOT_A_GOAL.match(title)


# A sentence of news, not a step: "called mum", "she's fine", "the boiler broke", "work is
# mad". A list that is mostly news is a story, not a plan.
_PAST = frozenset(
    """
went got had made took said sent bought paid rang spoke saw came left did was were told
broke found gave ran sold thought heard knew lost met began brought caught
""".split()
)
_NOT_PAST = frozenset("need feed weed seed shed speed bleed breed bed red wed".split())
_HEDGE_START = frozenset("might maybe could should would hmm hmmm perhaps probably".split())
_DETERMINER = frozenset("the my our his her their a an".split())
_STATEMENT = re.compile(
    r"^(?:(?:the|my|our|his|her|their|it|he|she|they|we|i|everyone|work|it)\s+)?[\w-]+"
    r"(?:(?:'s|'re)\s+(?:not\s+|all\s+|now\s+|been\s+|just\s+)?(?:\w+ed|fine|ok|okay|done|"
    r"good|bad|ill|sick|mad|over|off|gone|here|there|back|broken|sorted|busy|away|a\s+mess)\b|"
    r"\s+(?:is|are|was|were|broke|died|isn't|aren't|wasn't)\b)",
    re.I,
)


# A feeling said first, set off by a comma or marks, before what it is about
_FEELING_FIRST = re.compile(
    r"^(?:(?:so+|really|soo+|a\s+bit|kinda)\s+)?(?:hyped|excited|stoked|buzzing|thrilled|nervous|"
    r"stressed|overwhelmed|gutted|ugh+|omg+|yay+|woo+(?:hoo+)?|eek+)\s*[,!]+\s*(?=\S)",
    re.I,
)
_FEELING_TITLE = re.compile(
    r"^(?:(?:i'?m|im|i\s+am|we'?re|feeling)\s+)?(?:so\s+|really\s+|a\s+bit\s+|kinda\s+|very\s+)?"
    r"(?:stressed(?:\s+out)?|nervous|excited|panicking|freaking\s+out|overwhelmed|tired|exhausted|"
    r"knackered|sad|angry|fed\s+up|bored|worried|scared|anxious|lost|confused|gutted|"
    r"devastated|annoyed|furious|shattered|hmm+|ugh+|great|brilliant|typical)$",
    re.I,
)


def is_past_verb(word: str) -> bool:
    """ "Tried", "rang", "went": a verb's past tense, not a verb to do ("Book") nor a noun."""
    return _past(word) and word.lower() not in STEP_VERBS


def _past(word: str) -> bool:
    word = word.lower()
    return word in _PAST or (word.endswith("ed") and len(word) > 3 and word not in _NOT_PAST)


def _news(step: str) -> bool:
    """ "called mum", "the boiler broke", "venue paid", "might ask around": no step to do."""
    words = [w.strip(".,!?") for w in step.split()]
    if not words:
        return False
    rest = words[1:] if words[0].lower() in _DETERMINER else words
    return (
        _past(words[0])
        or words[0].lower() in _HEDGE_START
        or (len(rest) >= 2 and rest[0].lower() not in STEP_VERBS and _past(rest[1]))
        or _STATEMENT.match(step) is not None
    )


def news_said(sentence: str) -> bool:
    """ "My husband and 2 kids will join me next year", "Mum passed on Sunday", "the boiler
    broke": what happened or will happen, said of someone or something; no thing to do."""
    return _news(sentence) or _WILL_HAPPEN.match(sentence.strip()) is not None


# Someone's news to come: "my husband and the kids will join me", "the baby is due in may"
_WILL_HAPPEN = re.compile(
    r"^(?:(?:my|our|the|his|her|their)\s+)?[\w'-]+(?:\s+(?:and|&)\s+(?:(?:my|our|the|\d+)\s+)?"
    r"[\w'-]+)?\s+(?:will|'ll|is\s+going\s+to|are\s+going\s+to)\s+(?!need\b|have\b)\w+",
    re.I,
)


def is_story(title: str, steps: list[str]) -> bool:
    """News told as a list ("busy weekend: packed the kitchen, cleaned the oven"), a feeling
    as the goal, or a goal that is itself news ("the dj cancelled"): no plan."""
    words = title.split()
    rest = words[1:] if words and words[0].lower() in _DETERMINER else words
    news_title = (
        len(rest) == 2
        and len(words) - len(rest) <= 1
        and rest[0].lower() not in STEP_VERBS
        and _past(rest[1])  # "the dj cancelled", "Dj cancelled"
    )
    return _a_story(title, steps) or news_title


def _a_story(title: str, steps: list[str]) -> bool:
    """ "I'm so stressed. work is mad, the kids are ill" and "called mum. she's fine. told
    her about the trip" are news and feelings, not a goal and its steps."""
    return _FEELING_TITLE.match(title) is not None or sum(map(_news, steps)) * 2 >= len(steps)


def has_opening(text: str) -> bool:
    """Whether ``text`` starts with a greeting or filler, or ends with closing words."""
    text = text.strip()
    return bool(_OPENING.match(text) or _CLOSING.search(text))


# Who told the person what to do, before the list: "the hospice said", "my solicitor says
# that", "the vet told me"
_REPORTED = re.compile(
    r"(?:(?:the|my|our|his|her|their)\s+)?[\w'-]+(?:\s+[\w'-]+)?\s+(?:said|says|told\s+(?:me|us)|"
    r"reckons|advised|explained)(?:\s+that)?",
    re.I,
)


# Words before a list that point back at the goal said in the sentence before: "Before that",
# "For that", "To do that", "To get there", "For this" ("Before Friday" names a time, no goal)
_POINTS_BEFORE = re.compile(
    r"(?:(?:and|but|so|now)\s+)?(?:(?:before|for|after)\s+(?:that|this|it)|"
    r"to\s+(?:do|get|make)\s+(?:that|this|it)(?:\s+happen)?|to\s+get\s+there|"
    r"(?:for|to)\s+(?:that|this)\s+to\s+happen|"
    # a day or week before the list, said after the goal: "Before Friday I need to …"
    r"(?:before|by)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|(?:this|next)\s+week(?:end)?)",
    re.I,
)
# The goal said with a wish after the words that set the scene: "Thinking ahead to next
# summer, we want to take the trailer out to PEI"
_WISH_AFTER = re.compile(
    r"^[^,]{3,60},\s*(?:so\s+)?(?:i|we)\s+(?:really\s+|also\s+)?(?:want|need|would\s+like|"
    r"'d\s+like|have|hope)\s+to\s+(?=\S)",
    re.I,
)


def _goal_before(said: list[str], index: int) -> tuple[str, list[str]]:
    """The goal said before the list at ``index``, and the steps said between them: short
    sentences that start with a step's verb ("hosting xmas 😅 order the turkey 🦃 borrow
    chairs, …") are steps; a sentence of feeling ("it's a lot") is neither."""
    between: list[str] = []
    for at in range(index - 1, 0, -1):
        if _step_like(said[at]):
            between = items(said[at]) + between
        elif not _FEELING.match(said[at]) and not _COUNT_ONLY.match(said[at]):
            return said[at], between
    return said[0], between


# A sentence that only counts something: "40 ppl", "3 weeks to go", "about £2k budget", "only
# 12 days left". How big or how soon, never the goal.
_COUNT_ONLY = re.compile(
    r"^(?:(?:about|around|roughly|approx\w*|like|maybe|only|just|over|under|nearly|almost|"
    r"prob(?:ably)?|~)\s*)?[£$€]?\d[\d,.]*\s*(?:k\s+)?(?:ppl|people|guests|kids|adults|children|"
    r"of\s+us|days?|weeks?|months?|years?|hrs?|hours?|mins?|minutes|quid|pounds|dollars|euros|"
    r"grand|bucks)(?:\s+(?:to\s+go|left|coming|away|max|ish|total|in|budget))?[\s.!?]*$",
    re.I,
)


def feeling_only(sentence: str) -> bool:
    """ "it's a lot", "been putting it off 2 years": how the writer feels or has delayed,
    said between the goal and its steps; never the goal."""
    return _FEELING.match(without_emoji(sentence).strip()) is not None


def counts_only(sentence: str) -> bool:
    """ "40 ppl", "3 weeks to go", "about 30 guests": a count, never a goal."""
    return _COUNT_ONLY.match(without_emoji(sentence).strip()) is not None


def _steps_after(said: list[str], index: int) -> list[str]:
    """ "…, and figure out the seating plan. also buy wine": step sentences after a list."""
    after: list[str] = []
    for at, sentence in enumerate(said[index + 1 :], index + 1):
        if not _step_like(sentence):
            break
        if (
            sentence.rstrip().endswith("?")
            and at + 1 < len(said)
            and _TAKEN_BACK.match(said[at + 1])
        ):
            break  # "Oh and the dogs' injections? No wait, …": asked, then taken back
        after += items(sentence)
    return after


# A thing asked about, then taken back in the next sentence: "No wait, …", "Actually no, …"
_TAKEN_BACK = re.compile(r"(?:no+\s+wait|wait\s+no+|actually\s+no+|nah|scratch\s+that)\b", re.I)


_NO_TOPIC_START = frozenset("i we me you he she they it my our the a to and so".split())
_NOT_A_TOPIC = frozenset(
    "i we you he she they it says said dont don't not no is are was were has have had".split()
)


def _topic_then_steps(sentence: str) -> tuple[str, list[str]] | None:
    """ "wedding music stuff pick the first dance song then email the dj then make the list":
    a few words naming the goal, then three or more steps, the first starting with a verb."""
    words = sentence.split()
    at = next((i for i, w in enumerate(words) if w.lower() in STEP_VERBS), None)
    if at is None or not 1 <= at <= 6 or words[0].lower() in _NO_TOPIC_START:
        return None
    if words[at - 1].lower() in _NO_TOPIC_START or any(
        w.lower().strip(",.") in _NOT_A_TOPIC for w in words[:at]
    ):
        return None  # "supervisor says i dont need …" is news, not a topic
    steps = items(" ".join(words[at:]))
    return (" ".join(words[:at]), steps) if len(steps) >= 3 else None


# A goal that names no thing: "get ready", "get organised", "sort everything out"
_VAGUE_GOAL = re.compile(
    # "sort a few things", "get some stuff done", "do a load of bits"
    r"^(?:(?:sort|get|do|organi[sz]e|tackle)\s+(?:out\s+)?(?:a\s+few|some|a\s+couple\s+of|"
    r"a\s+(?:lot|load|bunch)\s+of|loads\s+of|lots\s+of)\s+(?:things|stuff|bits|jobs)"
    r"(?:\s+(?:out|done|sorted))?|"
    r"get(?:ting)?\s+(?:(?:everything|things|it\s+all)\s+)?(?:ready|organi[sz]ed|prepared|sorted)|"
    r"prepare|prep|(?:sort|organi[sz]e)\s+(?:it|everything|things|it\s+all)(?:\s+out)?)"
    r"(?:\s+for\s+(?:it|this|that|her|him|them))?$",
    re.I,
)


# The first item of a list, joined to the next by "then": no comma and no other joining word
# ("so", "and also") before it
_THEN_NEXT = re.compile(
    r"^(?:(?!\b(?:so|and|also|plus|but|then)\b)[^,;:—])+?\s+(?:and\s+)?then\s+", re.I
)


# "… first take it for a service", "… firstly ring the bank": the word that starts the steps,
# then a step's verb, inside the words of the goal
_FIRST_STEP_SAID = re.compile(
    rf"[\s,;]+(?:and\s+|so\s+)?first(?:ly)?[\s,]+(?=(?:{_STEP_VERB_WORDS})\s+\S)", re.I
)


_FIRST_CLAUSE = re.compile(
    # (never at "but" or "so": the goal often comes after them, "exhausted but I need to …")
    r"\s*[,;]\s*|\s+(?:which|when|because|cos|coz|with|as|since)\s+",
    re.I,
)


def marked_items(text: str) -> list[str]:
    """The items of the lines ``text`` marks as a list ("- book the hall", "• order pizza"),
    each whole and without its mark; [] when fewer than two lines carry a list's mark."""
    marked = [line for line in text.splitlines() if ITEM_MARK.match(line) and line.strip(" -*•·—–")]
    if len(marked) < 2:
        return []
    return [cap(ITEM_MARK.sub("", line).strip(" .;,")) for line in marked]


# A new plan announced before its goal, in a sentence's first words: "also new thing, TOEIC.
# register for …", "another one - the garage. clear the shelves, …": no part of the goal
_ANNOUNCED_FIRST = re.compile(
    r"^(?:(?:also|and|oh|ok(?:ay)?|so|right)[\s,]+)*(?:a\s+)?(?:new|another|one\s+more|separate)\s+"
    r"(?:thing|one|plan|goal|project)\s*[,:;.—–-]+\s*(?=\S)",
    re.I,
)


def read_prose_plan(text: str) -> tuple[str, list[str]] | None:
    """(title, steps) for a goal followed by two or more steps in prose, else None. Lines
    marked as a list are its steps, each whole: the prose reader only names their goal."""
    # ("… 😬 new plan pls: renew passport — book …": the goal is what follows the asking words)
    text = asked_outright(text)
    joined = lead_in_joined(text)
    lead_in = joined != text
    text = joined
    if "\n" not in text.strip():
        text = _ANNOUNCED_FIRST.sub("", text.strip(), count=1)
    if numbered_lines(text) != text:
        return None  # a list numbered inside a line is the marked forms' to read
    if len(re.findall(r"(?m)^\s*\d{1,2}[.)]\s+\S", text)) >= 2:
        return None  # numbered lines too ("steps:\n1. register with CAC\n2. …")
    read = _read_prose(text)
    if lead_in and read is not None and ": " in read[0]:
        # "ok so we are getting a dog 🐶 what I need to do: puppy-proof the garden, find a
        # vet, …": the lead-in joined as a colon leaves the first step in the goal's item;
        # before the colon is the goal, after it the first step (only there: a colon the
        # person wrote in the goal may be the title's own)
        head, first = (part.strip() for part in read[0].split(": ", 1))
        if head and first:
            read = (head, [cap(first), *read[1]])
    listed = marked_items(text)
    if read is None or not listed or read[1][-len(listed) :] == listed:
        return read
    # "ok new thing. end of season party for the U9s\n- book the bowling alley\n- order pizza":
    # prose read across the lines glues a line's mark to the step before it, splits an item on
    # a verb inside it ("Read the Patty Reed", "Book -") or takes one as the goal ("Book a
    # flight"). The marked lines are the steps; the prose reading only names their goal, and
    # only a goal of two words or more said before the list ("Keen", "Really": a word of the
    # sentence, no goal): else the marked forms read it all, the title from the text before
    before = text[: text.find(next(line for line in text.splitlines() if ITEM_MARK.match(line)))]
    if len(read[0].split()) < 2 or read[0].lower() not in before.lower():
        return None
    return read[0], listed


def _read_prose(text: str) -> tuple[str, list[str]] | None:
    clean = opening(text)
    said = sentences(clean)
    for index, sentence in enumerate(said):
        intro = _INTRO.search(sentence)
        later = (
            _INTRO.search(sentence, intro.end())
            if intro is not None and intro.start() == 0
            else None
        )
        if intro is not None and index == 0 and _WILL_INTRO.match(intro[0].strip()):
            intro = None  # "I'll do the long run or …" first is an intention, not a list
        if (
            later is not None
            and intro is not None
            and later.start() > intro.end()
            # "First I need to …, once that is done I want to …": "first" starts the steps
            and not re.match(r"\s*(?:and\s+)?first", intro[0], re.I)
            # "Need to pick a solicitor, also have to ask my sister": "also" adds one more
            # step, it never starts the list
            and not re.search(r"\b(?:also|plus)\s*$", sentence[: later.start()], re.I)
        ):
            # "i want to start a veg patch first i need to dig the bed then buy seeds": the
            # second "need to" introduces the steps, the first one the goal
            intro = later
        between: list[str] = []
        if intro is not None and intro.start() == 0 and index == 0:
            # "I need to sort my visa, get the certificate, book biometrics": the first
            # item is the goal when a list of three or more is introduced at the start
            listed = items(sentence[intro.end() :])
            if len(listed) < 3:
                continue  # "need to do my taxes." is the goal; its steps come next
            if not any(map(_starts_with_verb, listed[1:])):
                return None  # "need to buy boxes, tape and bubble wrap": one step's things
            goal, steps = listed[0], listed[1:]
            said_after = sentence[intro.end() :]
            first = _FIRST_STEP_SAID.search(said_after)
            if (
                first is not None
                and first.start() > 0
                and not re.search(r"[,;]", said_after[: first.start()])
                and len(items(said_after[first.end() :])) >= 2
            ):
                # "i need to get the car ready for the trip first take it for a service then
                # …": said with no stop, "first" and a step's verb end the goal all the same
                goal, steps = said_after[: first.start()], items(said_after[first.end() :])
            elif _THEN_NEXT.match(said_after):
                # "i need to get my licence then book the test then …": "then" sets the
                # first item in order before the next; it is the plan's first step, and,
                # no other goal being named, its name
                steps = listed
            named = _GOAL_MARK.split(goal, maxsplit=1)
            if len(named) == 2 and named[1].strip():
                # "i have to move out of my dorm by dec 15 — pack my stuff, sell the fridge, …"
                goal, steps = named[0], [cap(named[1].strip()), *steps]
        elif (
            intro is not None
            and intro.start() > 0
            and index > 0
            and _REPORTED.fullmatch(sentence[: intro.start()].strip(" ,;:—-"))
        ):
            # "Mum passed on Sunday. The hospice said I have to register the death first, then
            # …": someone's word introduces the list, and the goal is said before it
            (goal, between), steps = _goal_before(said, index), items(sentence[intro.end() :])
        elif (
            intro is not None
            and intro.start() > 0
            and index > 0
            and _POINTS_BEFORE.fullmatch(sentence[: intro.start()].strip(" ,;:—-"))
        ):
            # "… we want to take the trailer out to PEI. Before that I need to get the brakes
            # done, then …": the words before the list point back at the goal said before
            (goal, between), steps = _goal_before(said, index), items(sentence[intro.end() :])
            if (wish := _WISH_AFTER.search(goal)) is not None:
                goal = goal[wish.end() :]  # "Thinking ahead to next summer, we want to …"
        elif intro is not None and intro.start() > 0:
            goal, steps = sentence[: intro.start()].strip(" ,;:—-"), items(sentence[intro.end() :])
            named = _GOAL_MARK.split(sentence[intro.end() :], maxsplit=1)
            if len(named) == 2 and len(items(named[1])) >= 2:
                # "I'm a teacher and I need to plan the school play - cast it, make …"; a goal
                # that names nothing ("… made redundant and need to sort a few things - …")
                # leaves what happened as the goal
                goal, steps = named[0], items(named[1])
                if _VAGUE_GOAL.match(goal.strip(" ,")):
                    goal = sentence[: intro.start()].strip(" ,;:—-")
            said_after = sentence[intro.end() :]
            again = _SAID_AGAIN.match(said_after)
            if again is not None and len(items(said_after[again.end() :])) >= 2:
                # "my car failed its MOT and i need to get it fixed, gotta order discs, …": what
                # they need to do, then its steps introduced again; the goal is what it names
                steps = items(said_after[again.end() :])
                if not _POINTS_BACK.match(again["goal"].strip()):
                    goal = again["goal"]
            first = re.search(r"[,;]\s*(?:and\s+|so\s+)?(?=first(?:ly)?\b)", said_after, re.I) or (
                # "… turn the den into a bedroom for her first clear out the den then …": no
                # comma, but "first" and a step's verb start the steps all the same
                re.search(rf"\s+(?=first(?:ly)?\s+(?:{_STEP_VERB_WORDS})\b)", said_after, re.I)
            )
            if first is not None and len(items(said_after[first.end() :])) >= 2:
                # "the bathroom leaked and I have to claim on the insurance, first ring the
                # insurer then …": what they have to do is the goal, "first" starts its steps;
                # unless it names nothing ("baby number two is due in march and we need to get
                # ready first paint …": what they get ready for is the goal)
                steps = items(said_after[first.end() :])
                if not _VAGUE_GOAL.match(said_after[: first.start()].strip(" ,")):
                    goal = said_after[: first.start()]
            if len(steps) < 2 and index + 1 < len(said):
                continue  # "… is coming up and I want to do something nice. I need to a, b"
        elif intro is not None:
            (goal, between), steps = _goal_before(said, index), items(sentence[intro.end() :])
        elif index > 0 and (
            _is_list(sentence)
            # "planning jess's 30th 🎉 book the bar 🍸 order a cake, send the invites"
            or (index >= 2 and "," in sentence and _step_like(said[index - 1]))
            # "Starting a veg patch. Dig it over, buy seeds. Plant potatoes in april."
            or ("," in sentence and _steps_of_a_list(items(sentence)))
            # "tax return time ugh. find my P60 n dig out the receipts n log in": no comma,
            # but three or more actions joined, each led by a step's verb
            or _joined_actions(items(sentence))
        ):
            (goal, between), steps = _goal_before(said, index), items(sentence)
        elif index > 0 and (listed_elsewhere := infinitives_listed(sentence)) is not None:
            # "cambiar el carnet por el español. pedir cita en la DGT, hacer el psicotécnico y
            # pagar la tasa": actions in another language's infinitive, the last two joined by
            # its "and"
            (goal, between), steps = _goal_before(said, index), listed_elsewhere
        elif index == 0 and (told := _goal_then_list(sentence)) is not None:
            goal, steps = told  # "planning a trip to Paris, book the Eurostar, find a hotel, …"
        elif index == 0 and len(said) == 1 and (topic := _topic_then_steps(sentence)):
            goal, steps = topic  # "wedding music stuff pick the song then email the dj then …"
        elif (
            index == 1
            and len(said) >= 3
            and all(len(s.split()) <= 8 and "," not in s for s in said[1:])
            # each a step to do, not news about oneself ("I look after my dad")
            and sum(map(_starts_with_verb, said[1:])) * 2 > len(said) - 1
        ):
            # "New kitchen. Measure up. Get three quotes. Book the fitter."
            goal, steps = said[0], [cap(s) for s in said[1:]]
            index = len(said)  # every sentence after the goal is read
        else:
            continue
        if (
            steps
            and steps[-1].rstrip().endswith("?")
            and index + 1 < len(said)
            and _TAKEN_BACK.match(said[index + 1])
        ):
            steps = steps[:-1]  # "…, and book the campsite, oh and the dogs' jabs? No wait, …"
        steps = between + steps + _steps_after(said, index)
        if len(steps) < 2 and intro is not None and index + 1 < len(said):
            # "I need to get Dad's pension moved over. I have to ring them, send …": a goal
            # said with a goal word is no list of one; its steps come in a later sentence
            continue
        title = goal_title(goal)
        at = sentence.find(goal.strip())
        title = named_back(
            title,
            " ".join([*said[:index], sentence[: max(at, 0)]]),
            wanted=GOAL_START.match(goal.strip()) is not None,
        )
        if len(title) > 80 and len(steps) >= 3:
            # "The builder we had for the extension has done a runner with €8k of our money and
            # …. I need to report him, then …": a long sentence of news before a clear list
            # names the plan in its first clause
            title = _FIRST_CLAUSE.split(title, maxsplit=1)[0]
        if (
            not _names_a_goal(title)
            or is_story(title, steps)
            or len(title) > 80
            or len(steps) < 2
            or any(len(s) > 120 for s in steps)
        ):
            return None
        return title, steps
    return None


# A goal that only points back at the thing it is about: "get it fixed", "sort that out"
_POINTING_GOAL = re.compile(r"^(?P<verb>[a-z]+)\s+(?:it|that|this)\b(?P<rest>.*)$", re.I)
# How a clause goes on after the thing it is about: "… is still in her name", "… keeps leaking"
_STATE_WORDS = frozenset(
    "is are was were has have had keeps kept won't wont isn't isnt wasn't needs "
    # what a thing did, said in the past tense that takes no "-ed"
    "broke blew fell went came froze burst split tore wore ran".split()
)
# Who a clause is about, never what "it" points back at: "my wife passed away …"
_PEOPLE = frozenset(
    """
wife husband partner fiance fiancee mum mom mother dad father son daughter kids kid child
children baby boy girl sister brother nan nana gran granny grandma grandad grandpa aunt
auntie uncle cousin boss landlord landlady neighbour neighbor friend mate boyfriend
girlfriend family parents teacher doctor gp vet builder plumber
""".split()
)
PEOPLE = _PEOPLE  # (also who does a step: ``reworks``)


def named_back(title: str, before: str, *, wanted: bool = False) -> str:
    """A goal that only points back ("Get it fixed") named by the thing the words before it
    are about ("the van failed its MOT so I have to get it fixed": "Get the van fixed");
    the title as it is when it names its thing, or nothing before it names one."""
    pointing = _POINTING_GOAL.match(title)
    if pointing is None and len(title.split()) == 1 and (wanted or title.lower() in STEP_VERBS):
        # "my coffee roaster is putting prices up … i want to switch": a verb alone (one word
        # wanted or needed is one), its thing said before it ("Switch my coffee roaster")
        things = _things_said(before) or _things_owned(before)
        return cap(f"{title} {things[-1]}") if things else title
    if pointing is None:
        return title
    # ("… keeping £400 of our deposit … i want to fight it": a verb we do not list points
    # back at a thing owned as well as one we do)
    things = _things_said(before) if pointing["verb"].lower() in STEP_VERBS else []
    things = things or _things_owned(before)
    if not things:
        return title
    return cap(f"{pointing['verb']} {things[-1]}{pointing['rest']}")


# The words that end a thing's name after its owner ("our deposit for 'cleaning'")
_NAME_ENDS = frozenset(
    """is are was were has have had for of from to in on at with by which that who because bc
    and or but so than as if when up down out off over back again his her their its a an the
    my our your it them""".split()
)


def _things_owned(text: str) -> list[str]:
    """The things the words name as the writer's own, in order: "my coffee roaster", "our
    deposit" (one to three words after "my" or "our", up to a function word or a mark); never
    a person ("my landlord"), nor what is someone else's ("my son broke his arm")."""
    words = text.split()
    found = []
    for at, word in enumerate(words):
        if word.lower() not in {"my", "our"}:
            continue
        name: list[str] = []
        for later in words[at + 1 : at + 4]:
            bare = later.strip(".,;:!?'\"()").lower()
            if not bare or bare in _NAME_ENDS or not bare.isalpha():
                break
            if bare in _STATE_WORDS or _past(bare):
                break  # "my son broke …": what it did, never its name
            name.append(later.strip(".,;:!?'\"()"))
            if later != later.rstrip(".,;:!?"):
                break
        if name and name[-1].lower().removesuffix("'s") not in _PEOPLE:
            found.append(" ".join([word.lower(), *name]))
    return found


def _things_said(text: str) -> list[str]:
    """The things clauses are about, in order: a determiner, up to three words that are no
    function words, then how it is or what it did ("the car is …", "the van failed …");
    never a person ("my wife passed away")."""
    words = [w.strip(".,;:!?") for w in text.split()]
    found = []
    for at, word in enumerate(words):
        if word.lower() not in _DETERMINER - {"a", "an"}:
            continue
        for end in range(at + 2, min(at + 5, len(words))):
            said = words[at + 1 : end]
            if any(w.lower() in _NEVER_A_VERB for w in said):
                break
            after = words[end].lower()
            if after in _STATE_WORDS or _past(after):
                if said[-1].lower().removesuffix("'s") not in _PEOPLE:
                    found.append(" ".join(words[at:end]))
                break
    return found


# Words for everything at once, no one goal: "help me keep track of everything", "… of my
# appointments", "… of things"
_GENERIC = re.compile(
    r"^(?:(?:all\s+)?(?:of\s+)?(?:my|the|our|these|this|all)\s+)*(?:everything|things|stuff|it\s+all|"
    r"all(?:\s+this)?|life|appointments|tasks|jobs|bills|errands|to-?\s*dos?|lists?|plans|diary|"
    r"calendar|schedule|week|day|month|year|medications?|meds|admin|memory)(?:\s+(?:please|pls|for\s+me))?$",
    re.I,
)


def names_nothing(title: str) -> bool:
    """ "It", "Everything", "My appointments": words for everything at once, or for what was
    said before, name no goal."""
    bare = title.strip(" .,!?")
    return bool(
        _GENERIC.match(bare)
        or re.fullmatch(
            r"(?:it|this|that|them|these|those|something|anything|me|you|us|him|her)"
            r"(?:\s+(?:please|pls|for\s+me|again|now))?",
            bare,
            re.I,
        )
    )


# A thing wished for, the request to keep it said after ("and we also want a carport at
# some point, can you add that as a project?"): the thing is the goal, not the wish, and
# "at some point" says no when.
_WANTED_THING = re.compile(
    r"^(?:(?:and|but|so|also|plus)\s+)*(?:(?:i|we)\s+)?(?:also\s+|really\s+)*(?:want|need|would\s+like|"
    r"'d\s+like)\s+(?:also\s+)?(?=(?:a|an|some|the|my|our|new)\s)|"
    # "I want us at $50k MRR by march", "I want Lily reading chapter books": who, and the state
    # wished for them, is the goal
    r"^(?:(?:i|we)\s+)?(?:really\s+)?want\s+(?=(?:us|him|her|them)\s|(?-i:[A-Z])\w+\s)|"
    r"\s+(?:at\s+some\s+point|some\s*day|one\s+day|eventually)(?=[\s.!]*$)",
    re.I,
)


def goal_of(text: str) -> str | None:
    """The goal a message asked to be kept names in its first sentence ("sorting out a
    pension. 58 and never done it"), or None when that sentence is news or names nothing."""
    said = sentences(opening(text))
    if not said:
        return None
    # "I'm getting married in April, I need to plan the engagement party": how things are,
    # then the goal said with a goal word after a comma; the goal is that clause
    first = said[0]
    later = [c for c in re.split(r",\s+|\s+so\s+", first)[1:] if GOAL_START.match(c)]
    if later and not GOAL_START.match(first):
        first = later[0]
    title = goal_title(_WANTED_THING.sub("", first))
    if (
        not _names_a_goal(title)
        or len(title) > 80
        or _news(title)
        or _FEELING.match(title)
        or _GENERIC.match(title)
    ):
        return None
    return title


# What the reader must read, and what it must leave alone (tests/test_readings.py).
EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "ok so I need to sort my visa, get the police certificate, book biometrics and pay the fee",
        "Sort my visa",
        ("Get the police certificate", "Book biometrics", "Pay the fee"),
    ),
    (
        "need to do my taxes. gather receipts / find last years return / book the accountant",
        "Do my taxes",
        ("Gather receipts", "Find last years return", "Book the accountant"),
    ),
    (
        "hi! so I'm moving house next month and I'm panicking 😬 I need to give notice, get "
        "quotes and pack the loft",
        "Moving house next month",
        ("Give notice", "Get quotes", "Pack the loft"),
    ),
    (
        "New kitchen. Measure up. Get three quotes. Book the fitter.",
        "New kitchen",
        ("Measure up", "Get three quotes", "Book the fitter"),
    ),
    (
        "Hello there. My wife and I are finally selling the boat. Wash it and then fix the "
        "sail and then put an ad online",
        "Selling the boat",
        ("Wash it", "Fix the sail", "Put an ad online"),
    ),
    (
        "Good morning. I would like to get the garden ready. First I need to dig the beds, "
        "then order seeds, and then fix the shed. Thank you.",
        "Get the garden ready",
        ("Dig the beds", "Order seeds", "Fix the shed"),
    ),
    (
        "Right, working holiday visa. Step one photos, step two the form, step three bank "
        "statements",
        "Working holiday visa",
        ("Photos", "The form", "Bank statements"),
    ),
    (
        "ok so i gota sort my sons school aplications, visit the 3 schools, write the statment, "
        "submit it all",
        "Sort my sons school aplications",
        ("Visit the 3 schools", "Write the statment", "Submit it all"),
    ),
    (
        "g'day, redoing the back deck. gotta pull up the old boards, grab new decking, then oil "
        "the lot",
        "Redoing the back deck",
        ("Pull up the old boards", "Grab new decking", "Oil the lot"),
    ),
    (
        "my sister's wedding is next month. I have to book the hall, order flowers and print "
        "the cards.",
        "My sister's wedding",
        ("Book the hall", "Order flowers", "Print the cards"),
    ),
    (
        "ok so i want to build a pond this summer first i need to dig the hole then buy a liner "
        "and then get the pump",
        "Build a pond this summer",
        ("Dig the hole", "Buy a liner", "Get the pump"),
    ),
    (
        "quick one, me and my sister are starting a blog. step 1 pick a name step 2 buy a domain "
        "step 3 write a post",
        "Blog",
        ("Pick a name", "Buy a domain", "Write a post"),
    ),
    (
        "adopting a cat!! 🐈 need to do the form 📝, buy a litter tray 🛒, and book the vet",
        "Adopting a cat",
        ("Do the form", "Buy a litter tray", "Book the vet"),
    ),
    (
        "new one - sort the loft. clear the boxes, board the floor, fit a light",
        "Sort the loft",
        ("Clear the boxes", "Board the floor", "Fit a light"),
    ),  # a title and steps between emoji: short sentences that start with a step's verb
    (
        "🏡 moving out of halls 📦 pack my room 🚗 borrow dad's car, return the keys, cancel the "
        "wifi",
        "Moving out of halls",
        ("Pack my room", "Borrow dad's car", "Return the keys", "Cancel the wifi"),
    ),
    (
        "new bathroom 🛁 rip out the old suite 🔨 get a plumber in, tile the walls, paint 🎨",
        "New bathroom",
        ("Rip out the old suite", "Get a plumber in", "Tile the walls", "Paint"),
    ),
    (
        "planning mia's christening ⛪ book the church 🍰 order the cake, send invites",
        "Planning mia's christening",
        ("Book the church", "Order the cake", "Send invites"),
    ),
    # hesitation, apologies and words about the message are no steps
    (
        "so um i need to sort out my car insurance, uh, get three quotes, compare them and then "
        "cancel the old one, sorry for the essay lol",
        "Sort out my car insurance",
        ("Get three quotes", "Compare them", "Cancel the old one"),
    ),
    (
        "right i gotta clear the garage, erm, hire a skip, sort the tools, take the rest to the "
        "tip, hope that makes sense",
        "Clear the garage",
        ("Hire a skip", "Sort the tools", "Take the rest to the tip"),
    ),
    (
        "So my nan's 90th is coming up in January and I want to do something nice. I need to "
        "book a restaurant, get everyone's availability and order flowers. Sorry, I'm rubbish at "
        "this",
        "My nan's 90th",
        ("Book a restaurant", "Get everyone's availability", "Order flowers"),
    ),
    # a sentence of feeling between the goal and its steps; a step said after the list
    (
        "hey! we're moving to bristol in march 😱 it's a lot. need to find a school, sell the "
        "car, and book movers",
        "Moving to bristol in march",
        ("Find a school", "Sell the car", "Book movers"),
    ),
    (
        "we're doing up the spare room. so excited. need to strip the wallpaper, fill the cracks, "
        "paint it grey. also buy a blind",
        "Spare room",
        ("Strip the wallpaper", "Fill the cracks", "Paint it grey", "Buy a blind"),
    ),
    (
        "i'm hosting thanksgiving this year (eek) and i gotta order the turkey, borrow a big "
        "table, and figure out the seating plan. also buy wine",
        "Thanksgiving this year",
        ("Order the turkey", "Borrow a big table", "Figure out the seating plan", "Buy wine"),
    ),
    # steps typed without commas
    (
        "getting the garden ready for spring so i need to prune the roses weed the beds buy "
        "compost and fix the gate",
        "Getting the garden ready for spring",
        ("Prune the roses", "Weed the beds", "Buy compost", "Fix the gate"),
    ),
    (
        "sorting my sisters hen do. book the cottage pick a theme order the sashes",
        "Sorting my sisters hen do",
        ("Book the cottage", "Pick a theme", "Order the sashes"),
    ),
    (
        "I have to apply for uni. write my personal statement then ask for references then "
        "submit on ucas",
        "Apply for uni",
        ("Write my personal statement", "Ask for references", "Submit on ucas"),
    ),
    # an interjection opens the goal
    (
        "ugh visa stuff again 😩 renew my brp, book the biometrics appt, pay the ihs, upload docs",
        "Visa stuff again",
        ("Renew my brp", "Book the biometrics appt", "Pay the ihs", "Upload docs"),
    ),
    # a time frame is a goal; "I'll" after the goal introduces the steps
    (
        "This week I have to finish the report, book the dentist, and pay the council tax",
        "This week",
        ("Finish the report", "Book the dentist", "Pay the council tax"),
    ),
    (
        "I want to get a new job. I'll update my CV, look on LinkedIn and ask friends for "
        "referrals.",
        "Get a new job",
        ("Update my CV", "Look on LinkedIn", "Ask friends for referrals"),
    ),
    (
        "Starting a veg patch this spring. Dig it over, buy seeds. Plant potatoes in april.",
        "Starting a veg patch this spring",
        ("Dig it over", "Buy seeds", "Plant potatoes in april"),
    ),
    # the goal after "I need to", set off from its steps by a dash or a colon
    (
        "hey so I'm a teacher and I need to plan the school play - cast it, make costumes, "
        "rehearse, sell tickets",
        "Plan the school play",
        ("Cast it", "Make costumes", "Rehearse", "Sell tickets"),
    ),
    (
        "so I run a choir and we need to organise the spring concert: book the church, print "
        "programmes, sell tickets",
        "Organise the spring concert",
        ("Book the church", "Print programmes", "Sell tickets"),
    ),
    (
        "my partner's away and I have to sort the boiler - call british gas, clear the cupboard, "
        "take the day off",
        "Sort the boiler",
        ("Call british gas", "Clear the cupboard", "Take the day off"),
    ),
    # "and also" between two steps
    (
        "gotta get me forklift licence sorted. book the course and also need a USI number, then "
        "do the assessment",
        "Get me forklift licence sorted",
        ("Book the course", "Need a USI number", "Do the assessment"),
    ),
    # "+" and "as well as" between steps
    (
        "job applications!!! update linkedin + rewrite my cv + apply for 10 jobs",
        "Job applications",
        ("Update linkedin", "Rewrite my cv", "Apply for 10 jobs"),
    ),
    (
        "need to sort my car out. get it serviced, new tyres as well as a valet",
        "Sort my car out",
        ("Get it serviced", "New tyres", "A valet"),
    ),
    # a few words naming the goal, then the steps
    (
        "garden jobs mow the lawn then weed the beds then trim the hedge",
        "Garden jobs",
        ("Mow the lawn", "Weed the beds", "Trim the hedge"),
    ),
    (
        "right so wedding music stuff pick the first dance song then email the dj then make the "
        "do not play list",
        "Wedding music stuff",
        ("Pick the first dance song", "Email the dj", "Make the do not play list"),
    ),
    # words typed short on a phone
    (
        "we r doing up the shed, need 2 buy paint, fix the door n clear the junk",
        "Shed",
        ("Buy paint", "Fix the door", "Clear the junk"),
    ),
    (
        "sorting the car out w my brother, need 2 get an mot, fix the wing mirror n hoover it",
        "Sorting the car out with my brother",
        ("Get an mot", "Fix the wing mirror", "Hoover it"),
    ),
    # "I'll need to", "we've got to" introduce the steps
    (
        "I'd like to get my allotment going. I'll need to dig it over, buy seed potatoes, and "
        "put up a fence.",
        "Get my allotment going",
        ("Dig it over", "Buy seed potatoes", "Put up a fence"),
    ),
    (
        "my son's 21st is next month!! we've got to book a room, pick a cake and send the invites",
        "My son's 21st",
        ("Book a room", "Pick a cake", "Send the invites"),
    ),
    (
        "we're moving in june, i've got to find a school, sell the car and book movers",
        "Moving in june",
        ("Find a school", "Sell the car", "Book movers"),
    ),
)
NEAR_MISSES: tuple[str, ...] = (
    "no need to book a van, a mate's lending me his",
    "got the photos, booked the appointment",
    "I want to learn spanish",
    "called the venue, no answer",
    "hi",
    "so sorry, I forgot to book the hall and call the caterer",
    "it's a lot. so stressed. sorry for the rant",
    "got the turkey 🦃 borrowed the chairs 🎉",
    # an intention first is no list; "then" between news is no plan
    "maybe I'll do the long run round the park, or along the canal, haven't decided",
    "I'll call the council, email the school and book the dentist",
    "the van guy rang back then left then rang again",
    # news and feelings told in sentences are no plan
    "supervisor says i dont need a separate methods chapter, it can go in the intro, so forget "
    "that one",
    "the dj cancelled. gutted. need to find another one, check the budget, tell tom",
    "busy weekend: packed the kitchen, cleaned the oven, took stuff to the tip",
    "wedding update - venue paid, flowers ordered, dj booked",
    "need to buy boxes, tape and bubble wrap for the kitchen",
    "I'm so stressed. work is mad, the kids are ill, and the boiler broke",
    "called mum. she's fine. told her about the trip",
    "rough week. car died, the roof leaked, and my phone broke",
)
# Words about the message (``about_the_message``): what is left, and whether it asked to be kept.
ABOUT_EXAMPLES: tuple[tuple[str, str, bool], ...] = (
    (
        "could you keep an eye on this for me please. renewing my driving licence",
        "renewing my driving licence",
        True,
    ),
    (
        "Sort out the loft before spring. Please put it on my list. Best wishes, Margaret",
        "Sort out the loft before spring.",
        True,
    ),
    ("Apply for my pension. Can you note that down for me", "Apply for my pension.", True),
    (
        "selling the piano comma need to find a buyer full stop",
        "selling the piano, need to find a buyer.",
        False,
    ),
    (
        "I want to plant a hedge, no idea where to begin, and I'll add the steps later",
        "I want to plant a hedge.",
        True,
    ),
    (
        "Getting the bathroom redone. I'll send the details when I have them. Cheers, Dave",
        "Getting the bathroom redone.",
        True,
    ),
)
ABOUT_EXAMPLES += (
    # the asking words with the word drbot is called by, a remark on them, or a face as their
    # mark: the goal follows ("put a new one down mate: …", "new project bc …: …")
    (
        "put a new one down mate: get the boat ready for summer",
        "get the boat ready for summer",
        True,
    ),
    (
        "new project bc apparently i like pain: the attic. clear the boxes, lay boards",
        "the attic. clear the boxes, lay boards",
        True,
    ),
    ("also new thing lol — the dog's stocking", "the dog's stocking", True),
    (
        "add a new one pls 😊 Shed roof\nstrip the felt\nbuy felt",
        "Shed roof\nstrip the felt\nbuy felt",
        True,
    ),
    # asked to keep a wish as a goal, at the end of the clause that names it; what it takes
    # not known yet
    (
        "I want to repaint the hall 🖌️ pop it in as a goal for now",
        "I want to repaint the hall 🖌️",
        True,
    ),
    ("we want a greenhouse. no idea what it involves yet", "we want a greenhouse.", True),
    # the way to it unknown yet: a goal with no steps, never a step "No idea how yet"
    (
        "get my deposit back from the old landlord. no idea how yet",
        "get my deposit back from the old landlord.",
        True,
    ),
    ("fix the fence. no clue how to go about it tbh", "fix the fence.", True),
    ("learn the guitar, no idea how", "learn the guitar.", True),
    ("can you add 'learn welsh' as a new goal", "'learn welsh'", True),
    ("can you stick the garage sale on as a new thing. no steps yet", "the garage sale", True),
)
ABOUT_EXAMPLES += (
    # the request first, the goal after a dash or colon; the goal inside "help me stay on top of"
    (
        "could you keep track of this for me: renewing the boat licence",
        "renewing the boat licence",
        True,
    ),
    ("please remember this for me — Nan's 90th in June", "Nan's 90th in June", True),
    (
        "help me stay on top of the kids' school forms this term",
        "the kids' school forms this term",
        True,
    ),
)
ABOUT_EXAMPLES += (
    # a request for a plan with its goal inside
    (
        "could you please set up a list for me for the school fete. Thanks, Jo",
        "the school fete",
        True,
    ),
    (
        "be able to help me organise the church raffle? need to get prizes, print tickets",
        "the church raffle. need to get prizes, print tickets",
        True,
    ),
    (
        "can u add my tax return to the list? need to find my receipts, ring the accountant",
        "my tax return. need to find my receipts, ring the accountant",
        True,
    ),
    ("note down that I need to get the chimney swept", "I need to get the chimney swept", True),
    ("I am writing to ask for help planning my retirement party", "my retirement party", True),
)
ABOUT_EXAMPLES += (
    # asked to keep track or not to let anything be forgotten, nothing named: no step
    (
        "plan is call the caterer, get the RSVP list. help me not forget anything!!",
        "plan is call the caterer, get the RSVP list.",
        True,
    ),
    (
        "get the bonafide, scan everything. pls keep track bhai my memory is trash",
        "get the bonafide, scan everything.",
        True,
    ),
    (
        "book the hall, order chairs. don't let me forget any of it",
        "book the hall, order chairs.",
        True,
    ),
    (
        "sell the bike, fix the brakes. make sure i don't forget",
        "sell the bike, fix the brakes.",
        True,
    ),
)
ABOUT_NEAR_MISSES: tuple[str, ...] = (
    "book the hall. don't forget the tickets",
    "a new one bc the old one broke: order it",  # ("a new one" is a thing, no asking words)
    "the new one 😍 arrived today\nthanks again",  # a thing come, no asking words
    "my mate: ring him about the van",
    "help me not forget the tickets",
    "I need to add this to the form, then post it",
    "can you remind me about the van",
    "keep track of the receipts, pay the deposit",
    "I'll add more tiles tomorrow",
    "got the keys, thanks so much",
    "the comma key is broken",
    "remember this for the exam, it's important",
    "help me lift the sofa tomorrow",
    "help me with it please",
    "can you add me to the group chat",
    "please remember that the physio comes at 3",
    "can you note down that the op is on the 14th",
)
ABOUT_EXAMPLES += (
    # words about the steps, the message said to be complete, a new plan announced
    (
        "Goal: sell the caravan. That's all for now, I'll work the steps out at the weekend.",
        "Goal: sell the caravan.",
        True,
    ),
    (
        # (wanting it on the list asks to keep it, as "put it on my list" does)
        "learn to swim before the holiday. dont know the steps yet, just want it on my list",
        "learn to swim before the holiday.",
        True,
    ),
    (
        "get the shed rebuilt. not sure of the steps, thats it really 😅",
        "get the shed rebuilt.",
        True,
    ),
    (
        "find a piano teacher for Amy. no clue where to begin tbh, just putting it out there",
        "find a piano teacher for Amy.",
        True,
    ),
    ("another goal for you: run a half marathon in May", "run a half marathon in May", True),
    ("here's a new plan - repaint the garage door", "repaint the garage door", True),
)
ABOUT_EXAMPLES += (
    # the how promised for later, with no subject or no "steps"; why it is kept
    ("learn to swim by June. will work out the how later x", "learn to swim by June.", True),
    (
        "climb Snowdon in May. I'll figure out the how once my ankle heals",
        "climb Snowdon in May.",
        True,
    ),
    ("open an Etsy shop. i'll figure it out later lol", "open an Etsy shop.", True),
    (
        "get the garage converted. just want it written down somewhere so it's real",
        "get the garage converted.",
        True,
    ),
    ("a carport. No details yet", "a carport.", True),
)
ABOUT_NEAR_MISSES += (
    "ask the bank how to go about it",
    "find out how the appeal works",
    "I'll figure out the bus times tomorrow",
    "will sort the car out on friday",
    "need to figure it out with the bank",
)
ABOUT_NEAR_MISSES += (
    "I know the steps to the old house by heart",
    "that's the plan for the garden, dig it over and sow grass",
    "figure out the bus times, book the hotel",
    "new tyres for the van, then book the MOT",
    "I want it painted blue, then the skirting done",
)
# "&" in a name is no "and"; an "&" between two things or steps is
AMPERSAND_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("return the keys to Bloggs & Co, book a van", "return the keys to Bloggs & Co, book a van"),
    ("get a gift card from Marks & Spencer", "get a gift card from Marks & Spencer"),
    ("RING FOXTONS & SONS ABOUT THE DEPOSIT", "RING FOXTONS & SONS ABOUT THE DEPOSIT"),
    ("pick up paint from B & Q", "pick up paint from B & Q"),
    ("buy bread & milk", "buy bread and milk"),
    ("CLEAN THE OVEN & DEFROST THE FREEZER", "CLEAN THE OVEN and DEFROST THE FREEZER"),
    ("wash the car & hoover it", "wash the car and hoover it"),
)
ABOUT_EXAMPLES += (
    # asked to be kept on track: a plan is meant
    ("can you keep me on track, I need to run 5k by May", "I need to run 5k by May", True),
    ("help me stay accountable. learning to drive", "learning to drive", True),
    ("write the novel this year, hold me to it", "write the novel this year.", True),
)
ABOUT_NEAR_MISSES += (
    "can you keep me posted when the van comes",
    "the kids keep me on my toes",
    "get me a quote for the roof, then book it",
)
ABOUT_EXAMPLES += (
    # how the person came to write is no part of the plan
    (
        "my grandson put this on my phone. organising the church fete - book the hall, order the "
        "raffle prizes",
        "organising the church fete - book the hall, order the raffle prizes",
        False,
    ),
    (
        "first time using this lol. moving house in march: book the van, pack the loft",
        "moving house in march: book the van, pack the loft",
        False,
    ),
    (
        "im new to all this. Getting the boat ready for summer, antifoul the hull and service the "
        "engine",
        "Getting the boat ready for summer, antifoul the hull and service the engine",
        False,
    ),
)
ABOUT_NEAR_MISSES += (
    "my daughter set up the party, I need to book the hall and order a cake",
    "my son told me the garage is shut",
    "first time the car failed its MOT, need to book a retest",
)
EXAMPLES += (
    # emoji between steps said with "then": one list
    (
        "moving out 😬 pack the kitchen 📦 then clean the oven 🧽 then hand the keys back 🔑",
        "Moving out",
        ("Pack the kitchen", "Clean the oven", "Hand the keys back"),
    ),
    (
        "uni apps 🎓 write my personal statement ✍️ then ask mr jones for a reference 📝 then "
        "submit on ucas",
        "Uni apps",
        ("Write my personal statement", "Ask mr jones for a reference", "Submit on ucas"),
    ),
    (
        "garden 🌱 weed the beds 🌿 then plant the bulbs 🌷 and then mulch everything",
        "Garden",
        ("Weed the beds", "Plant the bulbs", "Mulch everything"),
    ),
)
NEAR_MISSES += (
    "busy day 😩 then the car broke down 😭 then the dog was sick",
    "went to the tip 🚗 then had a nap 😴",
)


# -- the words a reading is checked by (``plan_checks``) ------------------------------------


EMOJI_RUN = _EMOJI.pattern


def goal_in_frame(text: str) -> str:
    """The goal inside a request for a plan ("Make me a list for the spare room", "Kindly make
    a plan for my daughter's admission"), or "" when the text is no such request."""
    framed = _GOAL_FRAME.match(text.strip())
    if framed is None or re.match(r"(?:me|you|it|this|that|them)\b", framed["goal"], re.I):
        return ""
    return framed["goal"].strip(" ,.\"'“”")


def without_emoji(text: str) -> str:
    return _EMOJI.sub(" ", text)


_GREETING_ONLY = re.compile(rf"(?:{_GREETING}[\s,.!]*)+", re.I)


def greeting_only(text: str) -> bool:
    """ "Kia ora", "hi there", "good morning": a greeting and nothing else."""
    return _GREETING_ONLY.fullmatch(text.strip()) is not None


def about_itself(text: str) -> bool:
    """Words about the message or its steps, never a goal or a step: "keep track of this for
    me", "my daughter set this up for me", "I shall add the steps at a later date", "that's it
    for now", "can you make this a plan", "create a plan titled …"."""
    bare = _EMOJI.sub("", text).strip(" .!?;,")
    bare = re.sub(r"\s+(?:please|pls|thanks|thank\s+you)$", "", bare, flags=re.I)
    return bool(
        _TRACK_REQUEST.match(bare)
        or _LATER.match(bare)
        or _ABOUT_SENDING.match(bare)
        or _GOAL_FRAME.match(bare)
        or re.match(rf"^{_ASKING_FRAME}{_AS_PLAN}", bare, re.I)
        # "keep this safe for me", "hold onto it for me": this message, kept for the person
        or re.fullmatch(
            r"(?:please\s+)?\w+(?:\s+\w+)?\s+(?:this|it|that)(?:\s+\w+)?\s+for\s+me", bare, re.I
        )
    )


def sign_off_only(text: str) -> bool:
    """ "Kind regards", "REGARDS NOEL", "Cheers, Barry": a letter's sign-off and nothing else."""
    return bool(text.strip()) and not re.search(r"\w", _SIGN_OFF.sub("", text.strip()))


def tells_a_situation(text: str) -> bool:
    """ "My basement flooded when the pipe burst", "my mother in law is moving in with us": what
    happened or how things stand, which the plan is for, no goal said as one."""
    return _news(text) or re.search(r"\b(?:is|are|am|was|were)\b", text, re.I) is not None


EXAMPLES += (
    # a goal said with a goal word after other sentences, its steps in a later sentence
    (
        "Hi, I'm Pat. My nephew put this on my tablet. I need to get the caravan sold. I have "
        "to clean it, take photos and put an ad in the paper",
        "Get the caravan sold",
        ("Clean it", "Take photos", "Put an ad in the paper"),
    ),
    (
        "bit nervous about this. we want to foster a kitten. buy a litter tray, kitten-proof "
        "the lounge, register with the shelter",
        "Foster a kitten",
        ("Buy a litter tray", "Kitten-proof the lounge", "Register with the shelter"),
    ),
    (
        "Evening all. I have to empty Gran's garage before March. Sort the tools, ring the "
        "council about the old fridge and hire a skip.",
        "Empty Gran's garage before March",
        ("Sort the tools", "Ring the council about the old fridge", "Hire a skip"),
    ),
    # "also have to" is one more step, never the start of the list
    (
        "Getting the greenhouse going again. Need to fix the broken pane and clean the "
        "staging, also have to buy tomato plants",
        "Getting the greenhouse going again",
        ("Fix the broken pane and clean the staging", "Buy tomato plants"),
    ),
    (
        "Learning to sail this summer. have to join the club, also need to buy a wetsuit",
        "Learning to sail this summer",
        ("Join the club", "Buy a wetsuit"),
    ),
    (
        "Redoing the nursery. I need to paint the walls, also have to build the cot and "
        "hang the blinds",
        "Redoing the nursery",
        ("Paint the walls", "Build the cot", "Hang the blinds"),
    ),
    # the goal as the first of a list whose other items are steps
    (
        "I'm organising a retirement do for Bev, book the function room, collect for a "
        "present and make a card",
        "Retirement do for Bev",
        ("Book the function room", "Collect for a present", "Make a card"),
    ),
    (
        "our ruby wedding party in June, hire a marquee, order the food, send the invitations",
        "Our ruby wedding party in June",
        ("Hire a marquee", "Order the food", "Send the invitations"),
    ),
    (
        "a big clear out before the move, empty the loft, sell the piano, take the rest to the tip",
        "Big clear out before the move",
        ("Empty the loft", "Sell the piano", "Take the rest to the tip"),
    ),
    # a word we do not list, in a verb's place at the head of a step among verbs we know
    (
        "Getting fitter this year. join a running club, swim on fridays and cut out fizzy drinks",
        "Getting fitter this year",
        ("Join a running club", "Swim on fridays", "Cut out fizzy drinks"),
    ),
    (
        "Getting the garden sorted. mow the lawn, edge the borders and plant bulbs",
        "Getting the garden sorted",
        ("Mow the lawn", "Edge the borders", "Plant bulbs"),
    ),
    (
        "Prepping for the exam. revise chapter 4, quiz myself and book the library room",
        "Prepping for the exam",
        ("Revise chapter 4", "Quiz myself", "Book the library room"),
    ),
    # what to do said once, then the list introduced again: the goal is what it names
    (
        "the boiler packed in last night and I need to get a new one fitted, gotta ring "
        "three engineers, compare the quotes and book the install",
        "Get a new one fitted",
        ("Ring three engineers", "Compare the quotes", "Book the install"),
    ),
    (
        "we just got the keys and need to sort the garden, have to dig the borders, lay turf "
        "and put up a fence",
        "Sort the garden",
        ("Dig the borders", "Lay turf", "Put up a fence"),
    ),
    (
        "the roof leaked again and i need to get it fixed properly, must find a roofer, get "
        "the insurance to pay and clear the loft",
        "Roof leaked again",
        ("Find a roofer", "Get the insurance to pay", "Clear the loft"),
    ),
    # a goal that names nothing leaves what happened as the goal; who or where the person is,
    # then the goal, names the goal
    (
        "I'm new in Leeds so I need to register with a doctor. find the nearest surgery, fill "
        "in the form, book a health check",
        "Register with a doctor",
        ("Find the nearest surgery", "Fill in the form", "Book a health check"),
    ),
    (
        "I'm at uni in Glasgow and need to find a part time job. update my CV, ask at the "
        "cafes, sign up with an agency",
        "Find a part time job",
        ("Update my CV", "Ask at the cafes", "Sign up with an agency"),
    ),
    (
        "We're in a rented flat so we need to get the landlord to fix the damp. take photos, "
        "email the agent, ring environmental health",
        "Get the landlord to fix the damp",
        ("Take photos", "Email the agent", "Ring environmental health"),
    ),
    (
        "I'm a carer now and have to apply for carer's allowance. check I qualify, fill in "
        "the claim, send the payslips",
        "Apply for carer's allowance",
        ("Check I qualify", "Fill in the claim", "Send the payslips"),
    ),
)
NEAR_MISSES += (
    # a goal said with a goal word whose later sentences are news, not steps
    "I need to get the caravan sold. Mum says it's worth a fortune. The roof leaked",
    "we want to foster a kitten. the shelter rang. they said no",
    # the first item is a step or a run-on, not a goal
    "I'll ring the vet, buy the food and book the groomer",
    "xmas dinner for 6 ordr the goose frm the butcher, lay the table, pour the wine",
    # news told as a list after a first item
    "the party was great, danced all night, got home at 3",
    # a list of things with no verb, after a goal
    "Nan's birthday tea, cake, balloons, sandwiches",
)
ABOUT_EXAMPLES += (
    # a clause that ended its sentence with "!" or "?" still ends it
    (
        "Help! Hosting book club next week. Pick the book, buy wine",
        "Help! Hosting book club next week. Pick the book, buy wine",
        False,
    ),
    (
        "Wow! Doing a sponsored walk. Get sponsors, buy boots",
        "Wow! Doing a sponsored walk. Get sponsors, buy boots",
        False,
    ),
    (
        "Any tips? Sorting the loft. Clear it, board it",
        "Any tips? Sorting the loft. Clear it, board it",
        False,
    ),
)


# The goal among the context said around it (read by ``read_prose_plan``): a count ("40 ppl",
# "3 weeks to go") is walked past, an event "is happening" names the event, the person's role
# ("I'm the executor of …") names what it is in, someone's word ("the hospice said I have to")
# introduces the list and leaves the goal in the sentence before. (text, title, steps)
EXAMPLES += (
    (
        "the street party is actually happening!! 3 weeks to go. need to get a road closure, "
        "borrow tables and book a bouncy castle",
        "Street party",
        ("Get a road closure", "Borrow tables", "Book a bouncy castle"),
    ),
    (
        "we're finally doing the camping trip. 12 kids. need to book the site, borrow tents "
        "and plan the meals",
        "Camping trip",
        ("Book the site", "Borrow tents", "Plan the meals"),
    ),
    (
        "Nan's 90th is happening!!! about 30 ppl. need to book the hall, order a cake, and "
        "sort the music",
        "Nan's 90th",
        ("Book the hall", "Order a cake", "Sort the music"),
    ),
    (
        "So apparently I'm the executor of my uncle's estate now. I need to find the will, "
        "close his accounts and sell the car",
        "My uncle's estate",
        ("Find the will", "Close his accounts", "Sell the car"),
    ),
    (
        "I'm in charge of the school fete. need to book the bouncy castle, find volunteers "
        "and print the posters",
        "School fete",
        ("Book the bouncy castle", "Find volunteers", "Print the posters"),
    ),
    (
        "I'm now the treasurer for the allotment society. need to open a bank account, collect "
        "the fees, and file the accounts",
        "Allotment society",
        ("Open a bank account", "Collect the fees", "File the accounts"),
    ),
    (
        "Dad died last night. The nurse said I have to register the death first, then ring a "
        "funeral director, and tell the bank.",
        "Dad died last night",
        ("Register the death", "Ring a funeral director", "Tell the bank"),
    ),
    (
        "The boiler packed in. The engineer says we need to get a new part, book a gas check "
        "and claim on the cover.",
        "Boiler packed in",
        ("Get a new part", "Book a gas check", "Claim on the cover"),
    ),
    (
        "Mum's moving in. I guess book the van, then clear the spare room, and then buy a bed",
        "Mum's moving in",
        ("Book the van", "Clear the spare room", "Buy a bed"),
    ),
)
EXAMPLES += (
    # a goal that only points back, or a verb alone wanted, named by the thing said before
    (
        "my phone contract is going up again in april. i want to switch. need to compare a few "
        "deals, port my number and cancel the old one",
        "Switch my phone contract",
        ("Compare a few deals", "Port my number", "Cancel the old one"),
    ),
    (
        "the council put our parking permit up to 90 quid. i want to fight it. need to find the "
        "letter, email the councillor and appeal online",
        "Fight our parking permit",
        ("Find the letter", "Email the councillor", "Appeal online"),
    ),
    # a feeling said first, and a place won, are no part of the goal
    (
        "so excited, we got into the allotment scheme! need to buy a shed, clear the weeds and "
        "plant the onions",
        "Allotment scheme",
        ("Buy a shed", "Clear the weeds", "Plant the onions"),
    ),
)
# Context that stays as it was read: a membership or a share is no role in a thing, a count
# that says what the goal is stays in it. (text, title)
CONTEXT_NEAR_MISSES: tuple[tuple[str, str], ...] = (
    (
        "I'm a member of the PTA. need to book the hall, make flyers and sell tickets",
        "Member of the PTA",
    ),
    (
        "I'm a bit behind on the garden. need to mow the lawn, weed the beds and prune the roses",
        "Bit behind on the garden",
    ),
    ("40 ppl coming. need to book a venue, order food and send invites", "40 ppl coming"),
)


# A goal said to be only a goal so far, the words about it no part of it: (text, rest, asked)
ONLY_A_GOAL_YET_EXAMPLES: tuple[tuple[str, str, bool], ...] = (
    (
        "I want to open a bakery one day 🥐 just the idea for now",
        "I want to open a bakery one day",
        False,
    ),
    ("new goal: learn Welsh. haven't broken it down yet", "learn Welsh.", True),
    (
        "I wan build house for my village. I never know the steps",
        "I wan build house for my village.",
        True,
    ),
    ("get my HGV licence next year. will find out", "get my HGV licence next year.", True),
    ("I wan buy land for farm. abeg put am down as a goal", "I wan buy land for farm.", True),
    ("Oh and could you put down 'learn Welsh' as a new goal please", "'learn Welsh'", True),
    ("add a greenhouse as a goal too", "a greenhouse", True),
)
ONLY_A_GOAL_YET_NEAR_MISSES: tuple[str, ...] = (
    "just the idea of it makes me tired",
    "I never know the answer to that",
    "haven't broken the news to mum yet",
    "will find out the results friday, then book the course",
)
# The last step said as the last thing: (text, title, steps)
LAST_STEP_EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (
        "need to sell the car. clean it, take photos, list it online. Last thing is getting "
        "the logbook signed",
        "Sell the car",
        ("Clean it", "Take photos", "List it online", "Getting the logbook signed"),
    ),
    (
        "clear the loft. book a skip, sort the boxes, ring the charity shop. The final job will "
        "be hoovering up",
        "Clear the loft",
        ("Book a skip", "Sort the boxes", "Ring the charity shop", "Hoovering up"),
    ),
    (
        "have to move the allotment. dig up the leeks, empty the shed, hand back the key. and "
        "the last step is cleaning the water butt",
        "Move the allotment",
        ("Dig up the leeks", "Empty the shed", "Hand back the key", "Cleaning the water butt"),
    ),
)
LAST_STEP_NEAR_MISSES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    # what the person wants least, no step
    (
        "need to sell the car. clean it, take photos, list it online. last thing i want is a "
        "timewaster",
        "Sell the car",
        ("Clean it", "Take photos", "List it online"),
    ),
    (
        "need to sell the car. clean it, take photos, list it online. the last one is the hardest",
        "Sell the car",
        ("Clean it", "Take photos", "List it online"),
    ),
)
