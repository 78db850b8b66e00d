"""A short question with a few likely answers: how drbot avoids a wrong write.

When two steps, two plans or two readings of a message are close, the built-in
interpreter writes nothing and asks instead.  Each option carries the exact
tool calls it stands for, so picking it (an inline button on Telegram, a number
in the terminal) runs those calls through the tool registry — validated and
scoped to the person like any other call — and nothing is guessed later.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

MAX_OPTIONS = 4  # more than this is not "a short question"


@dataclass(frozen=True)
class Option:
    label: str  # shown on the button / numbered line
    calls: tuple[tuple[str, dict[str, Any]], ...]  # (tool name, arguments), run in order
    reply: str = ""  # what to say after the calls, if anything


@dataclass(frozen=True)
class Question:
    text: str  # one short line, e.g. 'Which step did you mean?'
    options: tuple[Option, ...]
    # A Yes / No offer (a commitment to track): "No" replaces "Neither", and
    # saying it remembers this key (the message's) so it is not offered again.
    declines: str | None = None
    # The options are every answer there is (Complete / Keep open: ``finishing``):
    # Telegram shows no "Neither" button under them.
    exhaustive: bool = False
    # Put again once after a message that left it unanswered (a plan offered, then news typed
    # as if the plan were made): a question put again is not put a third time.
    again: bool = False

    def __post_init__(self) -> None:
        if not 1 <= len(self.options) <= MAX_OPTIONS:
            raise ValueError(f"A question needs 1 to {MAX_OPTIONS} options.")

    def numbered(self) -> str:
        """The question as plain text with numbered answers (the terminal's form)."""
        if len(self.options) == 1:  # a Yes / No question: "yes" or "no" answers it
            return f"{self.text}\n{self.options[0].label} / No (type yes or no)"
        lines = [self.text] + [f"{i}. {o.label}" for i, o in enumerate(self.options, 1)]
        if self.declines:
            return "\n".join(lines) + "\n(Answer with a number, or “no”.)"
        return "\n".join(lines) + "\n(Answer with a number; anything else cancels.)"

    def to_json(self) -> str:
        data: dict[str, Any] = {
            "text": self.text,
            "options": [
                {
                    "label": o.label,
                    "calls": [[name, args] for name, args in o.calls],
                    "reply": o.reply,
                }
                for o in self.options
            ],
        }
        if self.declines:
            data["declines"] = self.declines
        if self.exhaustive:
            data["exhaustive"] = True
        if self.again:
            data["again"] = True
        return json.dumps(data, ensure_ascii=False)

    @classmethod
    def from_json(cls, raw: str) -> Question:
        data = json.loads(raw)
        declines = data.get("declines")
        return cls(
            data["text"],
            tuple(
                Option(
                    o["label"],
                    tuple((name, dict(args)) for name, args in o["calls"]),
                    o.get("reply", ""),
                )
                for o in data["options"]
            ),
            declines if isinstance(declines, str) and declines else None,
            data.get("exhaustive") is True,
            data.get("again") is True,
        )
