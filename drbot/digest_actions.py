"""The weekly digest's keep / snooze / drop buttons and their callback data.

``wk:<answer>:<status code>:<plan_id>`` (ASCII, at most 28 bytes of Telegram's
64).  It names a plan, never a person: the press is checked against the
person who pressed it (``drbot.bot.digest_buttons``), so a forged or forwarded button
changes nothing.  The status code is the plan's status when the digest was
made: a press on a plan finished or dropped since changes nothing and says
so.  Buttons from before the code (``wk:<answer>:<plan_id>``) were made for an
active plan.  The scheduler puts the buttons on the digest without knowing
Telegram; the bot decodes the presses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PREFIX = "wk"
# answer → button label
ANSWERS = {"keep": "Keep", "snz": "Snooze 14d", "drop": "Drop"}
SNOOZE_DAYS = 14
# plan status → the letter a button carries for it
STATUS_CODES = {"active": "a", "complete": "c", "abandoned": "x"}
_STATUS_OF_CODE = {code: status for status, code in STATUS_CODES.items()}
# ASCII digits only: \d would take other scripts' digits too.
_DATA = re.compile(rf"{PREFIX}:(keep|snz|drop):(?:([acx]):)?([0-9]{{1,18}})")


@dataclass(frozen=True)
class DigestPress:
    answer: str
    plan_id: int
    made_for: str = "active"  # the plan's status when the button was made


def encode(answer: str, plan_id: int, status: str = "active") -> str:
    assert answer in ANSWERS  # never from input
    return f"{PREFIX}:{answer}:{STATUS_CODES[status]}:{int(plan_id)}"


def decode(data: object) -> DigestPress | None:
    """The press, or None for anything that is not exactly our data."""
    match = _DATA.fullmatch(data if isinstance(data, str) else "")
    if match is None:
        return None
    return DigestPress(match[1], int(match[3]), _STATUS_OF_CODE[match[2] or "a"])
