"""The message free wording's stages read (``free_text.STAGES``), and what they share.

Its own module so that stages kept in modules of their own (``due_words``,
``reminder_requests``) take it typed: they are imported by ``free_text``, which
cannot be imported back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from drbot.ai.language import see_requests
from drbot.ai.rules.acting import Acting
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.records import Plan


def plain_words(text: str) -> str:
    """The words without the spaces and the closing or opening ``!?.`` around them."""
    return text.strip().strip("!?. ")


@dataclass
class Message:
    """One message on its way through the stages, with what they share."""

    interp: Acting
    text: str
    ctx: ToolContext
    sure_only: bool  # hybrid mode: answer only certain readings
    plans: list[Plan] = field(default_factory=list)  # the person's active plans

    @property
    def plain(self) -> str:
        return plain_words(self.text)

    @property
    def asked(self) -> str:
        return see_requests.without_opening(self.text)
