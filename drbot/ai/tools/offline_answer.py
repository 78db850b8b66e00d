"""What the built-in rules say back: the answer, and tool results made readable.

Its own module so the interpreter's parts (``free_text``, ``step_statements``)
and the question plumbing (``question_answers``) can import it without importing
``rules.interpreter``, which imports them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from drbot.ai.tools.clarifying_question import Question
from drbot.ai.tools.finishing import TOOL_NOTE


@dataclass(frozen=True)
class OfflineAnswer:
    text: str  # what to show the person (plain text)
    understood: bool  # False: nothing was done; text says what does work
    # Set when the message had two close readings: nothing was written; the
    # person picks one (buttons on Telegram, a number in the terminal).
    question: Question | None = None


def readable(text: str) -> str:
    """Tool results name step ids and tools for the model; a person needs neither."""
    text = text.replace("Use list_plans to see", 'Say "list my plans" to see')
    text = text.replace("\n" + TOOL_NOTE, "")  # the person gets the question itself
    text = re.sub(r"^Added step_id \d+\.", "Step added.", text)
    text = re.sub(r"^Created Plan ", "Created plan ", text)
    return re.sub(r" \[(?:step|plan)_id \d+\]", "", text)
