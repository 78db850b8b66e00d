"""One-tap buttons on plan views and briefings, and the callback data they carry.

Callback data is ``step:<action>:<status code>:<step_id>`` (at most 64
bytes, Telegram's limit; ``drbot.step_actions``).  It names a step, never a
user: the press is checked against the person who pressed it, so a forged or
forwarded button changes nothing.  It also names the status the step had when
the button was made: a press on a step that changed since acts on nothing
(:func:`stale`).
A clarifying question's buttons carry ``ask:<token>:<n>`` (n = 0: "Neither"):
the token names the chat's open question, looked up for the presser.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, TelegramObject

from drbot.ai.tools.clarifying_question import MAX_OPTIONS

# The step vocabulary is shared with the scheduler, which puts the same buttons
# on the briefing without knowing Telegram (re-exported here for the handlers).
from drbot.step_actions import (  # noqa: F401
    CLOSED,
    ESCALATION_ACTIONS,
    PREFIX,
    SNOOZE_CHOICES,
    SNOOZE_DAYS,
    STATUS_CODES,
    STATUS_OF_CODE,
    STEP_ACTIONS,
    encode,
)


@dataclass(frozen=True)
class StepPress:
    action: str
    step_id: int
    made_for: str | None = None  # the step's status when the button was made; None: an
    # old button (before the code), made for an open step


_STEP_PRESS = re.compile(rf"{PREFIX}:([a-z0-9]{{1,16}}):(?:([a-z]):)?([0-9]{{1,18}})")


def decode(data: object) -> StepPress | None:
    """The press, or None for data we never sent (forged, or from an old version).
    Strict: ASCII digits only ("٣" is a digit to str.isdigit, not to us)."""
    match = _STEP_PRESS.fullmatch(data if isinstance(data, str) else "")
    if match is None or match[1] not in (*STEP_ACTIONS, *ESCALATION_ACTIONS, *SNOOZE_CHOICES):
        return None
    if match[2] is not None and match[2] not in STATUS_OF_CODE:
        return None
    return StepPress(
        match[1], int(match[3]), STATUS_OF_CODE[match[2]] if match[2] is not None else None
    )


def stale(press: StepPress, status: str) -> bool:
    """Has the step's status (``status``, now) changed since the button was made?
    A button from before the status code existed was made for an open step."""
    if press.made_for is None:
        return status in CLOSED
    return status != press.made_for


Row = list[tuple[str, str]]  # (label, callback data): cheap until shown


def step_row(step_id: int, status: str, tag: str | None = None) -> list[Row]:
    """Done · Log attempt · Snooze · Skip for one step, made for its ``status``.
    ``tag`` (e.g. "2") tells rows apart when one message has buttons for
    several steps."""
    suffix = f" ({tag})" if tag else ""
    return [
        [(text + suffix, encode(action, step_id, status)) for action, text in STEP_ACTIONS.items()]
    ]


def escalation_row(step_id: int, status: str) -> list[Row]:
    return [
        [(text, encode(action, step_id, status)) for action, text in ESCALATION_ACTIONS.items()]
    ]


def restamped(
    markup: InlineKeyboardMarkup | None, step_id: int, status: str | None
) -> InlineKeyboardMarkup | None:
    """The keyboard with one step's buttons made afresh for its ``status`` (same
    labels, same actions), or gone when the step is closed (or ``status`` is
    None); every other button stays as it was."""
    rows = []
    for row in markup.inline_keyboard if markup else ():
        kept = []
        for button in row:
            press = decode(button.callback_data)
            if press is None or press.step_id != step_id:
                kept.append(button)
            elif status is not None and status not in CLOSED:
                kept.append(
                    InlineKeyboardButton(
                        button.text, callback_data=encode(press.action, step_id, status)
                    )
                )
        if kept:
            rows.append(kept)
    return keyboard(rows)


def without_step(markup: InlineKeyboardMarkup | None, step_id: int) -> InlineKeyboardMarkup | None:
    """The keyboard without one step's buttons (whatever status they were made for)."""
    return restamped(markup, step_id, None)


# -- a clarifying question's answers -------------------------------------------

ASK_PREFIX = "ask"
NEITHER = "✗ Neither"
NO = "✗ No"  # the same answer, on a Yes / No offer (a commitment to track)
_ASK = re.compile(rf"{ASK_PREFIX}:([A-Za-z0-9_-]{{1,32}}):(0|[1-9][0-9]?)")


@dataclass(frozen=True)
class AnswerPress:
    token: str
    option: int  # 1-based; 0 is "Neither"


def encode_answer(token: str, option: int) -> str:
    return f"{ASK_PREFIX}:{token}:{option}"


def decode_answer(data: object) -> AnswerPress | None:
    """The press, or None for data we never sent."""
    match = _ASK.fullmatch(data if isinstance(data, str) else "")
    if match is None or int(match[2]) > MAX_OPTIONS:
        return None
    return AnswerPress(match[1], int(match[2]))


def answer_rows(token: str, labels: list[str], neither: str = NEITHER) -> list[Row]:
    """One row per option (labels can be long), then "Neither" (or ``neither``)."""
    return [[(label, encode_answer(token, n))] for n, label in enumerate(labels, 1)] + [
        [(neither, encode_answer(token, 0))]
    ]


def keyboard(
    rows: Sequence[Sequence[tuple[str, str] | InlineKeyboardButton]],
) -> InlineKeyboardMarkup | None:
    """Rows of (label, data) pairs (or ready buttons) as Telegram's keyboard."""
    if not rows:
        return None
    return Keyboard(rows)


class Keyboard(InlineKeyboardMarkup):
    """python-telegram-bot's keyboard, which also keeps the JSON it is sent as and makes
    its button objects only when they are read.

    Every answer showing a plan carries one.  python-telegram-bot turns it into JSON
    for the request with ``to_dict``, which visits every attribute of the keyboard and
    of each button (about 50 µs for a step's four buttons, as much as building them:
    docs/PERFORMANCE.md, "fifth round"); the JSON of (label, data) pairs is known as
    the keyboard is made.  Building the buttons as python-telegram-bot's objects costs
    about as much again (35 µs for four, every attribute set through its frozen-object
    check), and an answer only sends the JSON: ``inline_keyboard`` makes them the first
    time something reads it ("sixth round")."""

    __slots__ = ("_inline_keyboard", "_rows", "_sent_as")

    def __init__(self, rows: Sequence[Sequence[tuple[str, str] | InlineKeyboardButton]]):
        TelegramObject.__init__(self)  # not InlineKeyboardMarkup's: it builds the buttons
        self._rows = tuple(tuple(row) for row in rows)
        self._inline_keyboard: tuple[tuple[InlineKeyboardButton, ...], ...] | None = None
        self._sent_as = [
            [b.to_dict() if isinstance(b, InlineKeyboardButton) else _button_json(*b) for b in row]
            for row in rows
        ]
        self._freeze()

    @property
    def inline_keyboard(self) -> tuple[tuple[InlineKeyboardButton, ...], ...]:
        """The rows of python-telegram-bot's buttons, made once, when first read."""
        if self._inline_keyboard is None:
            self._inline_keyboard = tuple(
                tuple(
                    b
                    if isinstance(b, InlineKeyboardButton)
                    else InlineKeyboardButton(b[0], callback_data=b[1])
                    for b in row
                )
                for row in self._rows
            )
        return self._inline_keyboard

    @inline_keyboard.setter
    def inline_keyboard(self, _value: tuple[tuple[InlineKeyboardButton, ...], ...]) -> None:
        """Made from the rows only (a copy sets the rows, and skips what fails here)."""
        raise AttributeError("a Keyboard's buttons are made from its rows")

    @property
    def _id_attrs(self) -> tuple[object, ...]:
        """What equality compares, as for any keyboard: its buttons."""
        return (self.inline_keyboard,)

    @_id_attrs.setter
    def _id_attrs(self, _value: tuple[object, ...]) -> None:
        """TelegramObject's constructor sets it; a Keyboard's is always its buttons."""

    def to_dict(self, recursive: bool = True) -> dict[str, Any]:
        """As python-telegram-bot's ``to_dict`` (the same JSON), without visiting the
        objects; a fresh copy each time, for a caller may change what it is given."""
        return {"inline_keyboard": [[dict(button) for button in row] for row in self._sent_as]}


def _button_json(label: str, data: str) -> dict[str, str]:
    return {"text": label, "callback_data": data}
