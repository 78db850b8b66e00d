"""The exact grammar: the few commands typed as commands that never need a model.

With a capable model (Anthropic's API) every free sentence goes to the model. Only these
bypass it, besides what is not a sentence at all — slash commands and button presses (the
bot's handlers), mark lines (``language.marks_input``) and the answer to drbot's own open
question (``tools.question_answers``). Each is matched whole, after case, a leading slash and a final
full stop or "!": "undo" is exact, "undo the photos thing" is a sentence for the model.
"""

from __future__ import annotations

import re

EXACT_COMMANDS = frozenset(
    {
        "undo",
        "undo that",
        "undo it",
        "undo last change",
        "undo the last change",
        "plans",
        "my plans",
        "list plans",
        "show plans",
        "history",
        "plan history",
    }
)


def is_exact_command(text: str) -> bool:
    clean = re.sub(r"[\s.!]+$", "", text.strip().lower())  # "plans?" is a question
    clean = re.sub(r"\s+", " ", clean.removeprefix("/"))
    return clean in EXACT_COMMANDS
