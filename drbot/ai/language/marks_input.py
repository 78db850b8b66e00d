"""Messages made only of mark lines ("✓ 2", "✗ 3 waiting on council").

They change the chat's current plan directly, with no model call: quick for
the person, free, and exact.  A message with any other line is not marks-only
and goes to the model as usual.

A step is named by its whole number, in any script's decimal digits ("✓ ٣",
"✓ ３").  A mark followed by some other number ("✓ 2.5", "✓ 1e9", "✓ 1,000",
"✓ -2"), with letters stuck to it ("✓ 2nd", "✓ 3a"), or a number grouped by
spaces that runs to the end of the line ("✓ 1 000") is still a mark line, so it
never reaches the model or the rules, but its position is the text as typed,
not an int: the plan memory refuses it with one line saying what a mark takes,
and nothing is written.  A whole number too long for an int stays text too ("no
step 99999999999").  A number after a space and before other words is the
note's ("✗ 2 100 quid too much": step 2, blocked, "100 quid too much").
"""

from __future__ import annotations

import re

from drbot.marks import MARK_ALIASES, STATUS_OF_MARK
from drbot.typed_numbers import decimal_int

_SYMBOLS = sorted({*STATUS_OF_MARK, *MARK_ALIASES}, key=len, reverse=True)
_LINE = re.compile(
    r"^\s*(?P<mark>" + "|".join(map(re.escape, _SYMBOLS)) + r")\s*"
    r"(?:step\s*)?(?P<position>[-+−–—]?\d(?:[.,'’_eE]?\d|[⁰¹²³⁴-⁹₀-₉¼-¾⅐-⅞])*"
    # "2nd", "3a": not a step number.  "1 000" (space, no-break or thin space between
    # groups of three) when nothing but punctuation follows: one number, not step 1.
    r"(?:[^\W\d_]\w*|(?:[ \u00a0\u2009\u202f]\d{3})+(?=[\s.!]*$))?)"
    r"\s*[.:)\-—–]?\s*(?P<note>.*?)\s*$",
    re.IGNORECASE,
)


def parse(text: str) -> list[tuple[int | str, str, str | None]] | None:
    """``[(position, status, note)]`` if every non-blank line is a mark line;
    ``position`` is an int for a whole number, else the number as typed."""
    marks = []
    for line in text.splitlines():
        if not line.strip():
            continue
        match = _LINE.match(line)
        if match is None:
            return None
        symbol = match["mark"]
        status = STATUS_OF_MARK.get(symbol) or MARK_ALIASES[symbol]
        typed = match["position"]
        position = decimal_int(typed)
        marks.append((typed if position is None else position, status, match["note"] or None))
    return marks or None
