"""The weekly digest's keep / snooze / drop buttons and their callback data.

``wk:<answer>:<plan_id>`` (ASCII, at most 26 bytes of Telegram's 64).  It
names a plan, never a person: the press is checked against the person who
pressed it (``drbot.bot.review``), so a forged or forwarded button changes
nothing.  The scheduler puts the buttons on the digest without knowing
Telegram; the bot decodes the presses.
"""

from __future__ import annotations

import re

PREFIX = "wk"
# answer → button label
ANSWERS = {"keep": "Keep", "snz": "Snooze 14d", "drop": "Drop"}
SNOOZE_DAYS = 14
# ASCII digits only: \d would take other scripts' digits too.
_DATA = re.compile(rf"{PREFIX}:(keep|snz|drop):([0-9]{{1,18}})")


def encode(answer: str, plan_id: int) -> str:
    assert answer in ANSWERS   # never from input
    return f"{PREFIX}:{answer}:{int(plan_id)}"


def decode(data: str | None) -> tuple[str, int] | None:
    """(answer, plan id), or None for anything that is not exactly our data."""
    match = _DATA.fullmatch(data or "")
    return (match[1], int(match[2])) if match else None
