"""Words of any script, compared with their accents folded.

People write the names of their own world: "Führerschein", "Bürgeramt", "Łódź", "São
Paulo", "café", "Zoë", "İstanbul". A splitter of a–z only cuts such a word into pieces
("f" + "hrerschein") and the steps it names are then matched by fragments. Here a word is
a run of letters (any script, with their marks) and digits; for comparison only, a Latin
letter loses its accent ("ü" → "u", "ß" → "ss", "ł" → "l"), so "Burgeramt" typed on an
English keyboard is the same word as "Bürgeramt". Letters of other scripts are kept as
they are (a Cyrillic "й" or a Devanagari vowel sign is a letter of its own, not an
accent). What is stored never passes through here: a step keeps the person's letters.
"""

from __future__ import annotations

import re
import sys
import unicodedata
from functools import lru_cache

# Latin letters that are no accented a–z in Unicode's eyes (no decomposition), folded
# the way their writers spell them without the letter
_OWN_FOLD = {
    "ß": "ss",
    "ẞ": "ss",
    "ł": "l",
    "ø": "o",
    "æ": "ae",
    "œ": "oe",
    "đ": "d",
    "ð": "d",
    "þ": "th",
    "ı": "i",  # Turkish dotless i
    "ħ": "h",
    "ŧ": "t",
    "ŀ": "l",
}


@lru_cache(maxsize=8192)
def _fold_char(c: str) -> str:
    if c.isascii():
        return c
    if c in _OWN_FOLD:
        return _OWN_FOLD[c]
    if unicodedata.combining(c) and 0x300 <= ord(c) <= 0x36F:
        # an accent typed apart from its letter ("cafe\u0301"), or the dot "İ" keeps
        # when lowered ("i\u0307stanbul")
        return ""
    if not unicodedata.category(c).startswith("L"):
        return c  # emoji, dashes, quotes: as they are
    base = "".join(p for p in unicodedata.normalize("NFKD", c) if not unicodedata.combining(p))
    # (only a letter whose base is a–z: "é" → "e", "ﬁ" → "fi"; "й" stays "й")
    return base if base.isascii() and base.isalpha() else c


def fold(text: str) -> str:
    """``text`` in lower case with the accents of Latin letters folded, for comparing
    words: "Bürgeramt" → "burgeramt", "ŁÓDŹ" → "lodz", "São" → "sao". Everything else
    (other scripts, digits, emoji, punctuation) is kept; "ß" → "ss" makes it longer, so
    never use a position in the folded text on the original."""
    lowered = text.lower()
    if lowered.isascii():
        return lowered
    return "".join(_fold_char(c) for c in unicodedata.normalize("NFC", lowered))


def _marks() -> str:
    """Every combining mark of the basic plane, as a character class body (the vowel
    signs of Devanagari, Bengali, Thai… are marks, and part of their words)."""
    ranges: list[tuple[int, int]] = []
    for code in range(0x300, min(sys.maxunicode, 0xFFFF) + 1):
        if unicodedata.category(chr(code)).startswith("M"):
            if ranges and ranges[-1][1] == code - 1:
                ranges[-1] = (ranges[-1][0], code)
            else:
                ranges.append((code, code))
    return "".join(f"\\u{a:04x}-\\u{b:04x}" if a != b else f"\\u{a:04x}" for a, b in ranges)


# A word: a letter or digit of any script, its marks, and the letters and digits after
# it ("führerschein", "łódź" once folded, "नमस्ते", "p60"); no underscore. A fragment for
# callers to build on (an apostrophe or hyphen of their own around it).
WORD = rf"(?:[^\W_][{_marks()}]*)+"

_WORD = re.compile(WORD)


def words(text: str) -> list[str]:
    """The words of ``text``, folded: "Termin beim Bürgeramt!" → ["termin", "beim",
    "burgeramt"]; "Zoë's café ☕" → ["zoe", "s", "cafe"]."""
    return _WORD.findall(fold(text))


# Declared (tests/test_readings.py runs them): a message and its words, each whole, the
# accents of Latin letters folded
EXAMPLES: tuple[tuple[str, list[str]], ...] = (
    (
        "gave my Führerschein to the translator",
        ["gave", "my", "fuhrerschein", "to", "the", "translator"],
    ),
    ("Bürgeramt termin again nothing", ["burgeramt", "termin", "again", "nothing"]),
    ("Straße gesperrt, Umweg über Köln", ["strasse", "gesperrt", "umweg", "uber", "koln"]),
    ("flights to Łódź booked, 900 zł", ["flights", "to", "lodz", "booked", "900", "zl"]),
    ("visa appointment in São Paulo", ["visa", "appointment", "in", "sao", "paulo"]),
    ("Zoë's café is hiring", ["zoe", "s", "cafe", "is", "hiring"]),
    ("the naïve façade of the crèche", ["the", "naive", "facade", "of", "the", "creche"]),
    ("İstanbul uçuşu for Çağrı", ["istanbul", "ucusu", "for", "cagri"]),
    ("Siobhán and Oisín's crèche", ["siobhan", "and", "oisin", "s", "creche"]),
    ("Quinceañera venue 💃💜booked", ["quinceanera", "venue", "booked"]),
    ("packed🎉done✅ Ærø trip", ["packed", "done", "aero", "trip"]),
    ("DS-160 and the p60", ["ds", "160", "and", "the", "p60"]),
    # (an accent typed apart from its letter, as some keyboards send it)
    ("cafe\u0301 booked", ["cafe", "booked"]),
)
# …and words of other scripts, kept as they are, whole: their letters are no accented a–z
# (Cyrillic "й" is not "и"; a Devanagari vowel sign belongs to its word); no word runs on
# across an emoji, a slash or an underscore
NEAR_MISSES: tuple[tuple[str, list[str]], ...] = (
    ("йога по средам", ["йога", "по", "средам"]),
    ("नमस्ते दोस्त", ["नमस्ते", "दोस्त"]),
    ("Αθήνα trip", ["αθήνα", "trip"]),
    ("café/bar_shift", ["cafe", "bar", "shift"]),
)
