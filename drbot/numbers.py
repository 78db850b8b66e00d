"""Numbers people type ("/plan 2", a button's step id), read as ASCII digits only.

``str.isdigit()`` says yes to "²" and "٣", and ``int()`` then fails on the
first or quietly reads the second; a very long run of digits overflows SQLite
(and Python's own limit).  Anything but 1 to ``max_digits`` ASCII digits is not
a number here: callers answer it with a clear line and change nothing.
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
