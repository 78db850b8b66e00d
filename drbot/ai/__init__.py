"""The assistant: a person's message in, tool calls on plan memory and a reply out; it knows
nothing of Telegram, so the bot and `drbot chat` drive the same ``Assistant``. Its parts are
sub-packages, top to bottom: ``llm`` (the model loop), ``rules`` (the built-in interpreter),
``tools`` (the registry every change goes through) and ``language`` (pure reading); each states
its own surface, which the bot also reads from (mark lines, exact commands, question answers)."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drbot.ai.assistant import Assistant
    from drbot.ai.llm.stoppable_turn import StoppableTurn
    from drbot.ai.llm.turns import Reply

__all__ = ["Assistant", "Reply", "StoppableTurn"]

# Loaded on first use: the Assistant brings the model SDK, which `drbot chat` without a
# key and the scheduler's commands never need.
_WHERE = {
    "Assistant": "drbot.ai.assistant",
    "Reply": "drbot.ai.llm.turns",
    "StoppableTurn": "drbot.ai.llm.stoppable_turn",
}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(_WHERE[name]), name)
