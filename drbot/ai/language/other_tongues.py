"""The words of other languages people mix into English, read as an English gloss.

People write news of their plans half in the language they think in: "ya pagué lo de la
visa" (paid), "Hoy empezamos a ensayar el vals" (started), "tinawagan ko ulit yung caterer,
walang sumasagot" (called, no answer), "tak payah widen the bathroom door la" (no need),
"nikah venue kal dekhenge… remind kar dena" (remind me tomorrow), "deshazlo porfa" (undo).
The rules read English; these words are the function words of news — done, paid, booked,
started, tried, no answer, closed, full, not needed, drop it, remind me, today, tomorrow,
the days and months, undo, yes, no, "no longer", "still not" — so each language declares
them once, with the English they mean, and the message is read as that gloss.

The gloss is for reading only: what is written (a note, an outcome, a title) is the
person's own words, mapped back from the gloss by ``as_written``.

A language is heard only when the message holds one of its SURE words, words no English
message uses ("pagué", "recuérdame", "erledigt", "tinawagan", "tak payah", "nimemaliza");
its other words are glossed only then. So the English look-alikes stay English: "ya" in
"thanks ya" or "ya know", "fin", "fait accompli", "gata", "begin", "more", "Leo", "na".
"""

from __future__ import annotations

import contextvars
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from drbot.ai.language import dates

# A word edge that knows letters outside ASCII ("pagué", "já", "łóżko")
_B = r"(?<![\w'])"
_E = r"(?![\w'])"


@dataclass(frozen=True)
class Tongue:
    """One language (or a family written alike): its sure words and its glosses."""

    name: str
    sure: tuple[str, ...]  # regexes: any one of them means the language is in the message
    glosses: tuple[tuple[str, str], ...]  # (regex, English); the longest match wins
    examples: tuple[tuple[str, str], ...] = ()  # (message, a phrase its gloss must hold)
    near_misses: tuple[str, ...] = ()  # messages left as written: no sure word in them
    sure_re: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        alternatives = "|".join(f"(?:{s})" for s in self.sure)
        object.__setattr__(self, "sure_re", re.compile(f"{_B}(?:{alternatives}){_E}", re.I))


def _days_months(days: str, months: str) -> tuple[tuple[str, str], ...]:
    """Monday … Sunday and January … December, each a "|"-joined list of spellings."""
    pairs = list(zip(days.split(";"), dates.WEEKDAYS, strict=True))
    pairs += list(zip(months.split(";"), dates.MONTHS, strict=True))
    return tuple((spelling, english) for spelling, english in pairs if spelling)


TONGUES: tuple[Tongue, ...] = (
    Tongue(
        "Spanish",
        sure=(
            r"pagué|pagad[oa]s?|pagamos|hecho|terminad[oa]|terminé|terminamos|acabé",
            r"empecé|empezamos|empezó|comencé|comenzamos|empezando|intenté|llamé",
            r"cerrad[oa]|nadie\s+contesta|no\s+contesta[n]?|quítalo|quitalo|bórralo|borralo",
            r"olvídalo|olvidalo|olvida|déjalo|dejalo|habrá|recuérdame|recuerdame|recuérdamelo|mañana",
            r"hoy|ayer|deshazlo|deshaz|porfa|todavía|todavia|aún|reservé|reservad[oa]",
            r"compré|mandé|envié|contraté|estaba|está|tengo|tenemos|también",
            r"ya\s+no|pero|necesito|hace\s+falta|lo\s+del?|una\s+cosa\s+menos",
            r"miércoles|miercoles|sábado|sabado|diciembre|noviembre|enero|febrero|junio|julio",
        ),
        glosses=(
            (r"ya\s+no\s+(?:hace\s+falta|necesito|necesitamos|va)", "no longer need"),
            (r"no\s+hace\s+falta|no\s+necesito|no\s+necesitamos", "no need for"),
            (r"ya\s+no", "no longer"),
            (r"todavía\s+no|todavia\s+no|aún\s+no|aun\s+no", "still not"),
            (r"una\s+cosa\s+menos", "one less thing"),
            (r"(?:ya\s+)?pagué|pagad[oa]s?|pagamos", "paid"),
            (r"(?:ya\s+)?(?:está\s+|esta\s+)?(?:hecho|hecha|listo|lista)", "done"),
            (r"(?:ya\s+)?(?:terminé|terminamos|acabé|acabamos)", "finished"),
            (r"terminad[oa]s?|acabad[oa]s?", "finished"),
            (r"(?:empecé|empezamos|empezó|comencé|comenzamos)(?:\s+a)?", "started"),
            (r"(?:intenté|tratamos\s+de|traté\s+de)", "tried to"),
            (r"llamé(?:\s+a)?|llamamos(?:\s+a)?", "called"),
            (r"fui\s+a(?:\s+la|\s+el)?|fuimos\s+a(?:\s+la|\s+el)?", "went to the"),
            (r"estaba\s+cerrad[oa]|est[áa]\s+cerrad[oa]", "was closed"),
            (r"cerrad[oa]", "closed"),
            (r"nadie\s+contesta|no\s+contesta[n]?|no\s+responde[n]?", "no answer"),
            (r"quítalo|quitalo|bórralo|borralo|olvídalo|olvidalo|sácalo|sacalo", "drop it"),
            (r"no\s+habrá|no\s+habra", "there won't be"),
            (r"cancelad[oa]", "cancelled"),
            (
                r"(?:recuérdame|recuerdame)\s+(?:lo\s+del?(?:\s+la|\s+las|\s+los)?|los|las|el(?!\s+\d)|la)",
                "remind me about the",
            ),
            (r"por\s+lo\s+del?(?:\s+la|\s+las|\s+los)?", "about the"),
            (r"olvida|olvídate\s+de(?:l)?|olvidate\s+de(?:l)?", "forget"),
            (r"no\s+hay", "there is no"),
            (r"recuérdame|recuerdame|recuérdamelo", "remind me"),
            (r"deshazlo|deshaz|deshacer", "undo"),
            (r"porfa|por\s+favor", "please"),
            (r"pasado\s+mañana", "the day after tomorrow"),
            (r"mañana|manana", "tomorrow"),
            (r"hoy", "today"),
            (r"ayer", "yesterday"),
            (r"reservé|reservad[oa]s?", "booked"),
            (r"compré|comprad[oa]s?", "bought"),
            (r"mandé|envié|enviad[oa]s?", "sent"),
            (r"contraté|contratad[oa]s?", "hired"),
            (r"tengo\s+que|tenemos\s+que|hay\s+que", "need to"),
            (r"(?:ya\s+)?tengo", "got"),
            (r"no\s+está|no\s+esta", "is not"),
            (r"está|esta", "is"),
            (r"el\s+(\d{1,2})\s+de", r"on \1"),
            (r"lo\s+de(?:\s+la|\s+las|\s+los)?|lo\s+del", "the"),
            (
                r"el(?=\s+(?:lunes|martes|miércoles|miercoles|jueves|viernes|sábado|sabado|domingo)\b)",
                "on",
            ),
            (r"el|la|los|las", "the"),
            (r"un|una", "a"),
            (r"de\s+mi|de\s+mis", "of my"),
            (r"mi|mis", "my"),
            (r"de|del", "of"),
            (r"en", "in"),
            (r"con", "with"),
            (r"por\s+ahora", "for now"),
            (r"por|para", "for"),
            (r"pero", "but"),
            (r"y", "and"),
            (r"sí", "yes"),
            *_days_months(
                "lunes;martes;miércoles|miercoles;jueves;viernes;sábado|sabado;domingo",
                "enero;febrero;marzo;abril;mayo;junio;julio;agosto;septiembre|setiembre;"
                "octubre;noviembre;diciembre",
            ),
        ),
        examples=(
            ("ya pagué lo de la visa de mi abuelita 🙏 una cosa menos", "paid the visa"),
            ("Hoy empezamos a ensayar el vals", "today started"),
            ("deshazlo porfa", "undo please"),
            (
                "Recuérdame lo del vestido el 1 de diciembre",
                "remind me about the vestido on 1 december",
            ),
        ),
        near_misses=("thanks ya, very helpful", "ya know the caterer", "the hoya plant"),
    ),
    Tongue(
        "Portuguese",
        sure=(
            r"já|paguei|pagamos|terminei|acabei|comecei|começamos|começou|tentei|liguei",
            r"ninguém\s+atende|ninguem\s+atende|fechad[oa]|lotad[oa]|não|nao|amanhã|amanha",
            r"hoje|ontem|desfaz|desfazer|desfaça|reservei|comprei|enviei|mandei|ainda",
            r"lembra-me|me\s+lembra|me\s+lembre|obrigad[oa]|feito|pront[oa]\s+já",
            r"segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira|sábado",
            r"janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro",
        ),
        glosses=(
            (r"não\s+precis[ao]\s+mais|nao\s+precis[ao]\s+mais", "no longer need"),
            (r"não\s+precis[ao]|nao\s+precis[ao]", "no need for"),
            (r"não\s+(?:vai\s+)?(?:ter|haverá)\s+mais|nao\s+vai\s+ter\s+mais", "no more"),
            (r"ainda\s+não|ainda\s+nao", "still not"),
            (r"já\s+não|ja\s+nao", "no longer"),
            (r"(?:já\s+)?(?:está\s+|ta\s+|tá\s+)?(?:feito|feita|pront[oa])", "done"),
            (r"(?:já\s+)?(?:paguei|pagamos|pag[oa]|pagad[oa])", "paid"),
            (r"(?:já\s+)?(?:terminei|acabei|terminamos|acabamos)", "finished"),
            (r"terminad[oa]|acabad[oa]", "finished"),
            (r"(?:comecei|começamos|começou)(?:\s+a)?", "started"),
            (r"tentei|tentamos", "tried to"),
            (r"liguei(?:\s+para|\s+pra|\s+pro)?", "called"),
            (r"ninguém\s+atende|ninguem\s+atende|não\s+atende[m]?", "no answer"),
            (r"fechad[oa]", "closed"),
            (r"lotad[oa]|chei[oa]", "full"),
            (r"cancelad[oa]", "cancelled"),
            (r"lembra-me|me\s+lembra|me\s+lembre", "remind me"),
            (r"desfaz|desfazer|desfaça", "undo"),
            (r"por\s+favor|pfv|pfvr", "please"),
            (r"amanhã|amanha", "tomorrow"),
            (r"hoje", "today"),
            (r"ontem", "yesterday"),
            (r"reservei|reservad[oa]", "booked"),
            (r"comprei|comprad[oa]", "bought"),
            (r"enviei|mandei|enviad[oa]", "sent"),
            (r"outra\s+vez|de\s+novo", "again"),
            (r"nada", "nothing"),
            (r"não|nao", "not"),
            (r"sim", "yes"),
            (r"já", "already"),
            *_days_months(
                "segunda-feira|segunda;terça-feira|terça;quarta-feira|quarta;quinta-feira|quinta;"
                "sexta-feira|sexta;sábado|sabado;domingo",
                "janeiro;fevereiro;março|marco;abril;maio;junho;julho;agosto;setembro;outubro;"
                "novembro;dezembro",
            ),
        ),
        examples=(
            ("já paguei a taxa do visto", "paid"),
            ("liguei pro cartório, ninguém atende", "called"),
            ("me lembra amanhã do passaporte", "remind me tomorrow"),
        ),
        near_misses=("paid the pago pago trip", "the band played samba"),
    ),
    Tongue(
        "French",
        sure=(
            r"c'est\s+fait|j'ai|payé|réservé|terminé|commencé|essayé|appelé|fermé",
            r"personne\s+ne\s+répond|pas\s+besoin|plus\s+besoin|annulé|laisse\s+tomber",
            r"rappelle-moi|demain|aujourd'hui|hier|annule|pas\s+encore|toujours\s+pas",
            r"s'il\s+te\s+plaît|s'il\s+vous\s+plaît|stp|svp|c'est|déjà|elle\s+est",
            r"il\s+est|mercredi|samedi|dimanche|janvier|février|juillet|août|décembre",
        ),
        glosses=(
            (r"c'est\s+fait|(?:c'est\s+)?(?:déjà\s+)?fini|(?:c'est\s+)?réglé", "done"),
            (r"(?:j'ai|on\s+a)\s+(?:déjà\s+)?payé|payé", "paid"),
            (r"(?:j'ai|on\s+a)\s+(?:déjà\s+)?réservé|réservé", "booked"),
            (r"(?:j'ai|on\s+a)\s+(?:enfin\s+)?terminé|terminé", "finished"),
            (r"(?:j'ai|on\s+a)\s+commencé(?:\s+à)?|commencé", "started"),
            (r"(?:j'ai|on\s+a)\s+essayé(?:\s+de)?|essayé", "tried"),
            (r"(?:j'ai|on\s+a)\s+appelé|appelé", "called"),
            (r"personne\s+ne\s+répond|ça\s+ne\s+répond\s+pas", "no answer"),
            (r"(?:c'est\s+|était\s+)?fermé[e]?", "closed"),
            (r"(?:c'est\s+)?complet", "full"),
            (r"plus\s+besoin(?:\s+de|\s+d')?", "no longer need"),
            (r"pas\s+besoin(?:\s+de|\s+d')?", "no need for"),
            (r"annulé[e]?", "cancelled"),
            (r"laisse\s+tomber|oublie", "drop it"),
            (r"rappelle-moi|rappelle\s+moi", "remind me"),
            (r"annule(?:\s+ça)?", "undo"),
            (r"pas\s+encore|toujours\s+pas", "still not"),
            (r"s'il\s+te\s+plaît|s'il\s+vous\s+plaît|stp|svp", "please"),
            (r"après-demain", "the day after tomorrow"),
            (r"demain", "tomorrow"),
            (r"aujourd'hui", "today"),
            (r"hier", "yesterday"),
            (r"oui", "yes"),
            (r"déjà", "already"),
            (r"fait", "done"),
            *_days_months(
                "lundi;mardi;mercredi;jeudi;vendredi;samedi;dimanche",
                "janvier;février|fevrier;mars;avril;mai;juin;juillet;août|aout;septembre;"
                "octobre;novembre;décembre|decembre",
            ),
        ),
        examples=(
            ("c'est fait pour la salle", "done"),
            ("rappelle-moi demain pour le traiteur", "remind me tomorrow"),
            ("j'ai appelé le notaire, personne ne répond", "called"),
        ),
        near_misses=("it's a fait accompli", "the fin on the board snapped"),
    ),
    Tongue(
        "German",
        sure=(
            r"erledigt|fertig|bezahlt|gebucht|angefangen|begonnen|versucht|angerufen",
            r"geschlossen|keiner\s+geht\s+ran|niemand\s+geht\s+ran|nicht\s+nötig|nicht\s+mehr",
            r"abgesagt|storniert|erinnere\s+mich|erinner\s+mich|morgen|heute|gestern",
            r"rückgängig|noch\s+nicht|nein|bitte|schon|übermorgen|dienstag|mittwoch|warte",
            r"donnerstag|samstag|sonntag|januar|februar|märz|dezember|oktober",
        ),
        glosses=(
            (r"guten\s+morgen", "good morning"),
            (r"mach(?:\s+das|\s+es)?\s+rückgängig", "undo that"),
            (r"(?:ist\s+)?(?:schon\s+)?(?:erledigt|fertig)", "done"),
            (r"(?:ist\s+)?(?:schon\s+)?bezahlt", "paid"),
            (r"(?:ist\s+)?(?:schon\s+)?gebucht", "booked"),
            (r"angefangen|begonnen", "started"),
            (r"versucht", "tried"),
            (r"angerufen", "called"),
            (r"keiner\s+geht\s+ran|niemand\s+geht\s+ran|keiner\s+antwortet", "no answer"),
            (r"geschlossen", "closed"),
            (r"ausgebucht|voll", "full"),
            (r"nicht\s+mehr\s+nötig|brauchen\s+wir\s+nicht\s+mehr", "no longer need"),
            (r"nicht\s+nötig|brauchen\s+wir\s+nicht", "no need for"),
            (r"nicht\s+mehr", "no longer"),
            (r"abgesagt|storniert", "cancelled"),
            (r"lass\s+(?:es|das)", "drop it"),
            (r"erinnere?\s+mich(?:\s+an)?", "remind me"),
            (r"rückgängig(?:\s+machen)?", "undo"),
            (r"immer\s+noch\s+nicht|noch\s+nicht", "still not"),
            (r"bitte", "please"),
            (r"übermorgen", "the day after tomorrow"),
            (r"morgen", "tomorrow"),
            (r"heute", "today"),
            (r"gestern", "yesterday"),
            (r"nein", "no"),
            (r"warte|wart\s+mal", "wait"),
            (r"ja", "yes"),
            (r"schon", "already"),
            (r"am\s+(\d{1,2})\.", r"on \1"),
            *_days_months(
                "montag;dienstag;mittwoch;donnerstag;freitag;samstag;sonntag",
                "januar;februar;märz|maerz;april;mai;juni;juli;august;september;oktober;"
                "november;dezember",
            ),
        ),
        examples=(
            ("Anmeldung erledigt", "done"),
            ("erinnere mich morgen an den Termin", "remind me tomorrow"),
            ("Kaution bezahlt", "paid"),
        ),
        near_misses=("Der Dachdecker sent his offer today", "the ja rule concert"),
    ),
    Tongue(
        "Italian",
        sure=(
            r"fatto|finito|pagato|prenotato|iniziato|cominciato|provato|chiamato|chiuso",
            r"nessuno\s+risponde|non\s+serve|annullat[oa]|lascia\s+perdere|ricordami",
            r"domani|oggi|ieri|annulla|non\s+ancora|ancora\s+no|per\s+favore|già|grazie",
            r"lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|gennaio|febbraio",
            r"giugno|luglio|settembre|ottobre|dicembre|riprovo|riproverò",
        ),
        glosses=(
            (r"(?:già\s+)?(?:fatto|finito|fatta|finita)", "done"),
            (r"(?:già\s+)?pagat[oa]", "paid"),
            (r"(?:già\s+)?prenotat[oa]", "booked"),
            (r"(?:ho\s+)?(?:iniziato|cominciato)(?:\s+a)?", "started"),
            (r"riprovo|riproverò|riproviamo", "will try again"),
            (r"(?:ho\s+)?provato(?:\s+a)?", "tried to"),
            (r"(?:ho\s+)?chiamato", "called"),
            (r"nessuno\s+risponde|non\s+rispondono", "no answer"),
            (r"chius[oa]", "closed"),
            (r"pien[oa]|al\s+completo", "full"),
            (r"non\s+serve\s+più", "no longer need"),
            (r"non\s+serve", "no need for"),
            (r"annullat[oa]", "cancelled"),
            (r"lascia\s+perdere", "drop it"),
            (r"ricordami(?:\s+di)?", "remind me"),
            (r"annulla", "undo"),
            (r"non\s+ancora|ancora\s+no", "still not"),
            (r"per\s+favore", "please"),
            (r"dopodomani", "the day after tomorrow"),
            (r"domani", "tomorrow"),
            (r"oggi", "today"),
            (r"ieri", "yesterday"),
            (r"sì", "yes"),
            (r"già", "already"),
            *_days_months(
                "lunedì|lunedi;martedì|martedi;mercoledì|mercoledi;giovedì|giovedi;"
                "venerdì|venerdi;sabato;domenica",
                "gennaio;febbraio;marzo;aprile;maggio;giugno;luglio;agosto;settembre;ottobre;"
                "novembre;dicembre",
            ),
        ),
        examples=(
            ("fatto il bonifico per la sala", "done"),
            ("ricordami domani il fiorista", "remind me tomorrow"),
            ("ho chiamato il comune, nessuno risponde", "called"),
        ),
        near_misses=("a fait accompli", "the gelato van came by"),
    ),
    Tongue(
        "Dutch",
        sure=(
            r"klaar|gedaan|betaald|geboekt|begonnen|geprobeerd|gebeld|gesloten",
            r"neemt\s+niet\s+op|niet\s+nodig|hoeft\s+niet|afgezegd|geannuleerd|herinner\s+me",
            r"vandaag|gisteren|ongedaan|nog\s+niet|alsjeblieft|graag|dinsdag|woensdag",
            r"donderdag|zaterdag|zondag|januari|februari|maart|oktober",
        ),
        glosses=(
            (r"(?:is\s+)?(?:al\s+)?(?:klaar|gedaan)", "done"),
            (r"(?:is\s+)?(?:al\s+)?betaald", "paid"),
            (r"(?:is\s+)?(?:al\s+)?geboekt", "booked"),
            (r"begonnen(?:\s+met)?", "started"),
            (r"geprobeerd", "tried"),
            (r"gebeld", "called"),
            (r"(?:niemand\s+)?neemt\s+niet\s+op|niemand\s+neemt\s+op", "no answer"),
            (r"gesloten|dicht", "closed"),
            (r"vol(?:geboekt)?", "full"),
            (r"niet\s+meer\s+nodig|hoeft\s+niet\s+meer", "no longer need"),
            (r"niet\s+nodig|hoeft\s+niet", "no need for"),
            (r"afgezegd|geannuleerd", "cancelled"),
            (r"herinner\s+me(?:\s+aan)?", "remind me"),
            (r"ongedaan\s+maken|ongedaan", "undo"),
            (r"nog\s+niet", "still not"),
            (r"alsjeblieft|graag", "please"),
            (r"overmorgen", "the day after tomorrow"),
            (r"morgen", "tomorrow"),
            (r"vandaag", "today"),
            (r"gisteren", "yesterday"),
            (r"nee", "no"),
            (r"ja", "yes"),
            *_days_months(
                "maandag;dinsdag;woensdag;donderdag;vrijdag;zaterdag;zondag",
                "januari;februari;maart;april;mei;juni;juli;augustus;september;oktober;"
                "november;december",
            ),
        ),
        examples=(
            ("huur betaald", "paid"),
            ("herinner me morgen aan de notaris", "remind me tomorrow"),
            ("gemeente gebeld, niemand neemt op", "called"),
        ),
        near_misses=("the dam is full again", "a vol-au-vent"),
    ),
    Tongue(
        "Polish",
        sure=(
            r"zrobione|gotowe|zapłacone|zapłaciłe[mś]|zapłaciłam|zarezerwowane|zacząłem",
            r"zaczęłam|zaczęte|próbowałe[mś]|próbowałam|dzwoniłem|dzwoniłam|zamknięte",
            r"nikt\s+nie\s+odbiera|nie\s+trzeba|niepotrzebne|odwołane|przypomnij",
            r"jutro|dzisiaj|dziś|wczoraj|cofnij|jeszcze\s+nie|proszę|już|sobota|niedziela",
            r"stycznia|grudnia|listopada|października",
        ),
        glosses=(
            (r"(?:już\s+)?(?:zrobione|gotowe|załatwione)", "done"),
            (r"(?:już\s+)?(?:zapłacone|zapłaciłe[mś]|zapłaciłam)", "paid"),
            (r"(?:już\s+)?zarezerwowane", "booked"),
            (r"zacząłem|zaczęłam|zaczęte", "started"),
            (r"próbowałe[mś]|próbowałam", "tried"),
            (r"dzwoniłem|dzwoniłam|dzwoniłe[mś]", "called"),
            (r"nikt\s+nie\s+odbiera", "no answer"),
            (r"zamknięte", "closed"),
            (r"pełne|brak\s+miejsc", "full"),
            (r"już\s+nie\s+trzeba", "no longer need"),
            (r"nie\s+trzeba|niepotrzebne", "no need for"),
            (r"odwołane", "cancelled"),
            (r"przypomnij\s+mi|przypomnij", "remind me"),
            (r"cofnij", "undo"),
            (r"jeszcze\s+nie", "still not"),
            (r"proszę", "please"),
            (r"pojutrze", "the day after tomorrow"),
            (r"jutro", "tomorrow"),
            (r"dzisiaj|dziś", "today"),
            (r"wczoraj", "yesterday"),
            (r"tak", "yes"),
            (r"już", "already"),
            *_days_months(
                "poniedziałek;wtorek;środa|środę;czwartek;piątek;sobota|sobotę;niedziela|niedzielę",
                "styczeń|stycznia;luty|lutego;marzec|marca;kwiecień|kwietnia;maj|maja;"
                "czerwiec|czerwca;lipiec|lipca;sierpień|sierpnia;wrzesień|września;"
                "październik|października;listopad|listopada;grudzień|grudnia",
            ),
        ),
        examples=(
            ("czynsz zapłacony, już zapłaciłam", "paid"),
            ("przypomnij mi jutro o wizie", "remind me tomorrow"),
            ("dzwoniłam do urzędu, nikt nie odbiera", "called"),
        ),
        near_misses=("tak payah la", "a tak-tak sound from the boiler"),
    ),
    Tongue(
        "Scandinavian",
        sure=(
            r"ferdig|gjort|gjord|klart|betalt|bestilt|bokat|påbegynt|prøvd|försökt|ringt",
            r"stengt|stängt|ingen\s+svarer|ingen\s+svarar|ikke\s+nødvendig|inte\s+nödvändigt",
            r"trenger\s+ikke|behöver\s+inte|avlyst|inställt|minn\s+meg|påminn\s+mig|i\s+morgon",
            r"imorgen|imorgon|idag|i\s+dag|i\s+går|igår|ikke|inte|ennå|endnu|takk",
            r"tirsdag|tisdag|onsdag|torsdag|lørdag|lördag|søndag|söndag|januar|januari",
        ),
        glosses=(
            (r"(?:er\s+|är\s+)?(?:allerede\s+|redan\s+)?(?:ferdig|gjort|gjord|klart|klar)", "done"),
            (r"(?:er\s+|är\s+)?betalt", "paid"),
            (r"(?:er\s+|är\s+)?(?:bestilt|booket|bokat|bokad)", "booked"),
            (r"påbegynt|begynt\s+på|startet|började", "started"),
            (r"prøvd|prøvde|försökt|försökte", "tried"),
            (r"ringt|ringte", "called"),
            (r"ingen\s+svarer|ingen\s+svarar|ingen\s+svarede", "no answer"),
            (r"stengt|stängt|lukket", "closed"),
            (r"fullt|fullbooket|fullbokat", "full"),
            (r"ikke\s+nødvendig\s+lenger|trenger\s+ikke\s+lenger", "no longer need"),
            (r"ikke\s+nødvendig|inte\s+nödvändigt|trenger\s+ikke|behöver\s+inte", "no need for"),
            (r"avlyst|inställt|aflyst", "cancelled"),
            (r"minn\s+meg\s+på|minn\s+meg\s+om|påminn\s+mig(?:\s+om)?|minn\s+meg", "remind me"),
            (r"angre|ångra|fortryd", "undo"),
            (r"ikke\s+ennå|ikke\s+endnu|inte\s+än|inte\s+ännu|fortsatt\s+ikke", "still not"),
            (r"ikke\s+lenger|inte\s+längre|ikke\s+længere", "no longer"),
            (r"i\s+morgen|imorgen|i\s+morgon|imorgon", "tomorrow"),
            (r"i\s+dag|idag", "today"),
            (r"i\s+går|igår", "yesterday"),
            (r"nei|nej", "no"),
            (r"ja", "yes"),
            *_days_months(
                "mandag|måndag;tirsdag|tisdag;onsdag;torsdag;fredag;lørdag|lördag;søndag|söndag",
                "januar|januari;februar|februari;mars;april;mai|maj;juni;juli;august|augusti;"
                "september;oktober;november;desember|december",
            ),
        ),
        examples=(
            ("depositum betalt", "paid"),
            ("minn meg på flyttebilen i morgen", "remind me"),
            ("ringt kommunen, ingen svarer", "called"),
        ),
        near_misses=("walked down the gata to the shop", "mars bars for the party"),
    ),
    Tongue(
        "Tagalog",
        sure=(
            r"tapos\s+na|natapos|nabayaran|bayad\s+na|nasimulan|sinimulan|sinisimulan",
            r"nagsimula|sinubukan|tinawagan|walang\s+sumasagot|walang\s+sumagot|sarado",
            r"hindi\s+na|di\s+na|wag\s+na|huwag\s+na|paalala|ipaalala|pa-remind|bukas",
            r"ngayon|kahapon|yung|ulit|kasi|naman|sige|namin|sabado|linggo",
        ),
        glosses=(
            (r"tapos\s+na|natapos\s+na|natapos|okay\s+na|ayos\s+na", "done"),
            (r"nabayaran\s+na|nabayaran|bayad\s+na", "paid"),
            (
                r"(?:nasimulan|sinimulan|sinisimulan|nagsimula)(?:\s+ko|\s+namin)?(?:\s+na)?",
                "started",
            ),
            (r"sinubukan(?:\s+ko|\s+namin)?", "tried"),
            (r"pumunta\s+(?:ako|kami)\s+sa|nagpunta\s+(?:ako|kami)\s+sa", "went to the"),
            (r"pero", "but"),
            (r"\s+daw(?=\s|$|[,.!])", ""),
            (r"tinawagan(?:\s+ko|\s+namin)?", "called"),
            (r"dumating\s+na|dumating", "arrived"),
            (r"walang\s+sumasagot|walang\s+sumagot|ayaw\s+sumagot", "no answer"),
            (r"sarado", "closed"),
            (r"puno\s+na|puno", "full"),
            (r"hindi\s+na\s+kailangan|di\s+na\s+kailangan", "no longer need"),
            (r"wag\s+na|huwag\s+na", "drop it"),
            (r"paalala|ipaalala|pa-remind", "remind me"),
            (r"hindi\s+pa|di\s+pa", "still not"),
            (r"bukas", "tomorrow"),
            (r"ngayon", "today"),
            (r"kahapon", "yesterday"),
            (r"yung|ang", "the"),
            (r"ulit", "again"),
            (r"sige", "ok"),
            (r"oo", "yes"),
            (r"hindi", "no"),
            (r"\s+po(?=\s|$|[,.!])", ""),
            *_days_months(
                "lunes;martes;miyerkules;huwebes;biyernes;sabado;linggo",
                ";;;;;;;;;;;",
            ),
        ),
        examples=(
            ("tinawagan ko ulit yung caterer, walang sumasagot", "called"),
            ("tapos na yung invitations", "done"),
            ("pa-remind bukas about the sponsors", "remind me tomorrow"),
        ),
        near_misses=("na, not doing that", "sent the PO to the supplier"),
    ),
    Tongue(
        "Hindi-Urdu",
        sure=(
            r"ho\s+gaya|ho\s+gayi|ho\s+gaye|hogaya|hogyi|kar\s+diya|kar\s+di|kar\s+liya",
            r"de\s+diya|bhej\s+diya|mil\s+gaya|shuru|kiya|uthaya|zaroorat|zarurat|chahiye",
            r"chhod\s+do|chod\s+do|hata\s+do|kar\s+dena|yaad\s+dila\w*|dekhenge|karenge",
            r"karungi|karunga|nahi|nahin|nhi|abhi|aaj|parson|wapas|haan|hain|mein",
        ),
        glosses=(
            (r"ho\s+gaya|ho\s+gayi|ho\s+gaye|hogaya|hogyi|ho\s+chuka", "done"),
            (r"(?:pay|payment)\s+kar\s+diya|bhar\s+diya", "paid"),
            (r"book\s+kar\s+(?:diya|liya|li)", "booked"),
            (r"shuru\s+kar\s+diya|shuru\s+ho\s+gaya|start\s+kar\s+diya", "started"),
            (r"try\s+kiya", "tried"),
            (r"(?:call|phone)\s+kiya(?:\s+tha)?", "called"),
            (r"uthaya\s+nahi|koi\s+jawab\s+nahi|utha\s+nahi\s+raha", "no answer"),
            (r"band\s+(?:tha|hai)", "closed"),
            (r"full\s+(?:tha|hai)", "full"),
            (r"([\w-]+)\s+ki\s+(?:zaroorat|zarurat)\s+nahi(?:\s+hai)?", r"no need for \1"),
            (r"(?:zaroorat|zarurat)\s+nahi(?:\s+hai)?|nahi\s+chahiye", "no need for"),
            (r"chhod\s+do|chod\s+do|hata\s+do|cancel\s+kar\s+do", "drop it"),
            (r"remind\s+kar\s+dena|yaad\s+dila\w*(?:\s+dena)?", "remind me"),
            (r"wapas\s+(?:lo|kar\s+do)", "undo"),
            (r"abhi\s+tak\s+nahi|abhi\s+bhi\s+nahi|ab\s+tak\s+nahi", "still not"),
            (r"ab\s+nahi", "no longer"),
            (r"kal(?=.*\b\w+(?:enge|unga|ungi|egi|ega)\b|.*\bremind\b|.*\byaad\b)", "tomorrow"),
            (r"parson", "the day after tomorrow"),
            (r"haan", "yes"),
        ),
        examples=(
            ("FSSAI registration ho gaya", "done"),
            ("nikah venue kal dekhenge. remind kar dena", "remind me"),
            ("NOC ki zarurat nahi hai, chhod do woh", "no need for"),
        ),
        near_misses=("called the hai hotel", "the kal tire place"),
    ),
    Tongue(
        "Malay-Indonesian",
        sure=(
            r"sudah|udah|selesai|beres|dibayar|mulai|dimulai|sudah\s+coba",
            r"tutup|penuh|tak\s+payah|tidak\s+perlu|gak\s+usah|nggak\s+usah|ga\s+usah",
            r"tak\s+perlu|dibatalkan|batalkan|ingatkan|ingetin|besok|esok|hari\s+ini",
            r"kemarin|semalam|tidak|belum|tolong|deh|kak|aja|nya|yg|tapi|lagi|sampe",
        ),
        glosses=(
            (r"(?:sudah|udah|dah)\s+(?:selesai|beres|siap|jadi)|selesai|beres", "done"),
            (r"(?:sudah|udah|dah)\s+(?:bayar|dibayar)|dibayar", "paid"),
            (r"(?:sudah|udah|dah)\s+(?:mulai|dimulai)|dimulai|mulai", "started"),
            (r"(?:sudah|udah|dah)\s+(?:coba|cuba)|coba|cuba", "tried"),
            (r"(?:sudah|udah|dah)\s+(?:telepon|telefon|call)", "called"),
            (r"tak\s+ada\s+(?:yang|yg)\s+angkat|gak\s+diangkat|tidak\s+diangkat", "no answer"),
            (r"stok\s+kosong|stock\s+kosong|kosong", "out of stock"),
            (r"minggu\s+depan", "next week"),
            (r"minggu\s+ini", "this week"),
            (r"sampe|sampai", "until"),
            (r"tutup", "closed"),
            (r"penuh|habis", "full"),
            (
                r"tak\s+payah|tidak\s+perlu|tak\s+perlu|gak\s+usah|nggak\s+usah|ga\s+usah",
                "no need to",
            ),
            (r"dibatalkan|batal", "cancelled"),
            (r"ingatkan(?:\s+saya|\s+aku)?|ingetin(?:\s+aku)?", "remind me"),
            (r"batalkan|undo\s+(?:yang|yg)\s+tadi", "undo"),
            (r"masih\s+belum|belum", "still not"),
            (r"tolong", "please"),
            (r"besok|esok", "tomorrow"),
            (r"hari\s+ini", "today"),
            (r"kemarin|semalam", "yesterday"),
            (r"sudah|udah", "already"),
            (r"tidak|tak|gak|nggak", "not"),
            (r"\s+(?:lah|deh|ya|kak|la|aja)(?=\s|$|[,.!])", ""),
            *_days_months(
                "senin|isnin;selasa;rabu;kamis|khamis;jumat|jumaat;sabtu;minggu|ahad",
                "januari;februari;maret|mac;april;mei;juni|jun;juli|julai;agustus|ogos;"
                "september;oktober;november;desember|disember",
            ),
        ),
        examples=(
            ("tak payah widen the bathroom door la", "no need to widen the bathroom door"),
            ("udah bayar supplier kain", "paid"),
            ("ingetin aku besok ya", "remind me tomorrow"),
        ),
        near_misses=("remind me ya", "the la marzocco arrived"),
    ),
    Tongue(
        "Swahili",
        sure=(
            r"nimemaliza|imekamilika|nimelipa|imelipwa|nimeanza|tumeanza|nimejaribu",
            r"nimepiga\s+simu|hakuna\s+jibu|hapokei|imefungwa|imejaa|hakuna\s+haja",
            r"sihitaji|imeghairiwa|nikumbushe|kesho|rudisha|ndiyo|hapana|tafadhali|bado",
        ),
        glosses=(
            (r"nimemaliza|tumemaliza|imekamilika|imeisha", "done"),
            (r"nimelipa|tumelipa|imelipwa", "paid"),
            (r"nimeanza|tumeanza", "started"),
            (r"nimejaribu|tumejaribu", "tried"),
            (r"nimepiga\s+simu|nimempigia", "called"),
            (r"hakuna\s+jibu|hapokei|hawapokei", "no answer"),
            (r"imefungwa", "closed"),
            (r"imejaa", "full"),
            (r"hakuna\s+haja(?:\s+ya)?|sihitaji\s+tena", "no need for"),
            (r"imeghairiwa", "cancelled"),
            (r"nikumbushe", "remind me"),
            (r"rudisha", "undo"),
            (r"bado", "still not"),
            (r"tafadhali", "please"),
            (r"kesho", "tomorrow"),
            (r"leo", "today"),
            (r"jana", "yesterday"),
            (r"ndiyo", "yes"),
            (r"hapana", "no"),
        ),
        examples=(
            ("nimelipa ada ya shule", "paid"),
            ("nikumbushe kesho kuhusu mpesa", "remind me tomorrow"),
            ("nimepiga simu KRA, hakuna jibu", "called"),
        ),
        near_misses=("Leo booked the van", "Jana sent the form"),
    ),
    Tongue(
        "Afrikaans",
        sure=(
            r"gedoen|betaal\s+klaar|gebel|niemand\s+antwoord|nie\s+nodig\s+nie",
            r"gekanselleer|herinner\s+my|môre|vandag|gister|nog\s+nie|asseblief",
        ),
        glosses=(
            (r"(?:is\s+)?klaar\s+gedoen|gedoen|klaar", "done"),
            (r"(?:is\s+)?betaal", "paid"),
            (r"begin\s+met", "started"),
            (r"probeer", "tried"),
            (r"gebel", "called"),
            (r"niemand\s+antwoord\s+nie|niemand\s+antwoord", "no answer"),
            (r"toe", "closed"),
            (r"vol", "full"),
            (r"nie\s+meer\s+nodig\s+nie", "no longer need"),
            (r"nie\s+nodig\s+nie", "no need for"),
            (r"gekanselleer", "cancelled"),
            (r"herinner\s+my(?:\s+aan)?", "remind me"),
            (r"nog\s+nie", "still not"),
            (r"asseblief", "please"),
            (r"môre|more", "tomorrow"),
            (r"vandag", "today"),
            (r"gister", "yesterday"),
            (r"nee", "no"),
            (r"ja", "yes"),
        ),
        examples=(
            ("deposito betaal, klaar gedoen", "done"),
            ("herinner my môre oor die bakkie", "remind me tomorrow"),
            ("munisipaliteit gebel, niemand antwoord nie", "called"),
        ),
        near_misses=("need more time to begin", "the toe of the boot"),
    ),
)


@dataclass(frozen=True)
class Gloss:
    """A message read in English, with where each glossed span came from."""

    written: str
    text: str
    # (start, end) in the written message and (start, end) in the gloss, for each span glossed
    spans: tuple[tuple[int, int, int, int], ...] = ()
    tongues: tuple[str, ...] = ()

    @property
    def changed(self) -> bool:
        return self.text != self.written

    def _written_at(self, at: int, *, end: bool) -> int:
        shift = 0
        for w_start, w_end, g_start, g_end in self.spans:
            if at < g_start or (end and at == g_start):
                break
            if at < g_end or (end and at == g_end):
                return w_end if end else w_start
            shift = w_end - g_end
        return at + shift

    def as_written(self, said: str) -> str:
        """The person's own words for a part of the gloss ("no answer" → "walang
        sumasagot"); what is not a part of it, as it is."""
        if not self.changed or not said:
            return said
        at = self.text.lower().find(said.lower())
        if at < 0:
            return said
        start = self._written_at(at, end=False)
        end = self._written_at(at + len(said), end=True)
        return self.written[start:end] if start < end else said


def _compiled(tongue: Tongue) -> re.Pattern[str]:
    ordered = sorted(enumerate(tongue.glosses), key=lambda e: -len(e[1][0]))
    # (a word dropped with the space before it, "door la," → "door,", has no edge before it)
    alternatives = "|".join(
        f"{'' if pattern.startswith(chr(92) + 's') else _B}(?P<g{i}>{pattern})"
        for i, (pattern, _) in ordered
    )
    return re.compile(f"(?:{alternatives}){_E}", re.IGNORECASE)


_COMPILED = {tongue.name: _compiled(tongue) for tongue in TONGUES}


def heard(text: str) -> tuple[Tongue, ...]:
    """The languages the message is (partly) written in: each with a sure word in it."""
    return tuple(tongue for tongue in TONGUES if tongue.sure_re.search(text))


def gloss(text: str) -> Gloss:
    """The message with the news words of the languages heard in it read in English."""
    tongues = heard(text)
    if not tongues:
        return Gloss(text, text)
    spans: list[tuple[int, int]] = []
    found: list[tuple[int, int, str]] = []
    for tongue in tongues:  # a span glossed by a language before is not read again
        pattern = _COMPILED[tongue.name]
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in spans):
                continue
            index = int((m.lastgroup or "g0")[1:])
            source, english = tongue.glosses[index]
            local = re.compile(source, re.IGNORECASE).fullmatch(m.group())
            said = local.expand(english) if local is not None else english
            spans.append((m.start(), m.end()))
            found.append((m.start(), m.end(), said))
    found.sort()
    parts: list[str] = []
    mapped: list[tuple[int, int, int, int]] = []
    at = length = 0
    for start, end, said in found:
        parts.append(text[at:start])
        length += start - at
        mapped.append((start, end, length, length + len(said)))
        parts.append(said)
        length += len(said)
        at = end
    parts.append(text[at:])
    return Gloss(text, "".join(parts), tuple(mapped), tuple(t.name for t in tongues))


_READING: contextvars.ContextVar[Gloss | None] = contextvars.ContextVar(
    "other_tongues_reading", default=None
)


@contextmanager
def reading(glossed: Gloss) -> Iterator[None]:
    """While a message is read in its gloss: what is written maps back to its own words."""
    token = _READING.set(glossed if glossed.changed else None)
    try:
        yield
    finally:
        _READING.reset(token)


def as_written(said: str) -> str:
    """``said`` in the person's own words when it came from the gloss being read."""
    glossed = _READING.get()
    return glossed.as_written(said) if glossed is not None else said


# The arguments that hold the person's words as they are kept (never a day, a step's words
# to look for, or a status, which the tools read in English)
_WRITTEN_KEYS = frozenset({"attempt_outcome", "notes", "reason", "text", "title"})


def args_as_written(args: dict[str, Any]) -> dict[str, Any]:
    """A tool call's arguments with what came from the gloss in the person's own words."""
    if _READING.get() is None:
        return args
    return {key: _value_as_written(key, value) for key, value in args.items()}


def _value_as_written(key: str, value: Any) -> Any:
    if isinstance(value, str):
        return as_written(value) if key in _WRITTEN_KEYS else value
    if isinstance(value, list):
        return [
            args_as_written(item) if isinstance(item, dict) else _value_as_written(key, item)
            for item in value
        ]
    if isinstance(value, dict):
        return args_as_written(value)
    return value
