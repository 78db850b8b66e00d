"""Messages made only of mark lines ("✓ 2", "✗ 3 waiting on council").

They change the chat's current plan directly, with no model call: quick for
the person, free, and exact.  A message with any other line is not marks-only
and goes to the model as usual.
"""

from __future__ import annotations

import re

from drbot.marks import MARK_ALIASES, STATUS_OF_MARK

_SYMBOLS = sorted({*STATUS_OF_MARK, *MARK_ALIASES}, key=len, reverse=True)
_LINE = re.compile(
    r"^\s*(?P<mark>" + "|".join(map(re.escape, _SYMBOLS)) + r")\s*"
    r"(?:step\s*)?(?P<position>[0-9]{1,3})\s*[.:)\-—–]?\s*(?P<note>.*?)\s*$",
    re.IGNORECASE)


def parse(text: str) -> list[tuple[int, str, str | None]] | None:
    """``[(position, status, note)]`` if every non-blank line is a mark line."""
    marks = []
    for line in text.splitlines():
        if not line.strip():
            continue
        match = _LINE.match(line)
        if match is None:
            return None
        symbol = match["mark"]
        status = STATUS_OF_MARK.get(symbol) or MARK_ALIASES[symbol]
        marks.append((int(match["position"]), status, match["note"] or None))
    return marks or None
