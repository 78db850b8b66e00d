"""Numbers people type ("/plan 2", a button's step id, the 2 of "✓ 2").

``str.isdigit()`` says yes to "²" and "٣", and ``int()`` then fails on the
first or quietly reads the second; a very long run of digits overflows SQLite
(and Python's own limit).  Commands and buttons take 1 to ``max_digits``
ASCII digits (``ascii_int``); mark lines also take the decimal digits phones
type in other scripts, "٣" or "３" (``decimal_int``), never "²", "2.5" or "1e9".
Anything else is not a number here: callers answer it with a clear line and
change nothing.
"""

from __future__ import annotations

import re

_DIGITS = re.compile(r"[0-9]+")


def ascii_int(text: str | None, max_digits: int = 9) -> int | None:
    """``text`` (spaces around allowed) as an int, or None unless it is only
    ASCII digits, at most ``max_digits`` of them."""
    text = (text or "").strip()
    if not _DIGITS.fullmatch(text) or len(text) > max_digits:
        return None
    return int(text)


def decimal_int(text: str | None, max_digits: int = 9) -> int | None:
    """Like ``ascii_int``, but any script's decimal digits count ("٣" is 3,
    "３" is 3); superscripts, fractions and signs do not."""
    text = (text or "").strip()
    if not text or not text.isdecimal() or len(text) > max_digits:
        return None
    return int(text)
