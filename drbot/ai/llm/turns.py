"""What one message's way through the assistant is made of: the reply, the
token usage, the turn in progress, and the message shapes the Messages API
takes (cache breakpoints, blocks sent back unchanged)."""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass, field
from typing import Any

from drbot.ai.llm import model_guard
from drbot.ai.tools.clarifying_question import Question
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory.records import Plan

CACHE = {"type": "ephemeral"}


@dataclass
class Reply:
    text: str
    plan_id: int | None = None  # the chat's current plan afterwards
    # As stored (conversations.OUTCOMES), or budget|fresh, or for an unfinished
    # answer (see llm.unfinished_answers) context_full|refusal|paused.
    outcome: str = "answered"
    retry_available: bool = False
    question: Question | None = None  # asked instead of writing: buttons, or a number
    question_token: str | None = None  # the stored question's token (button data)
    # The plans this message changed: plan id -> the steps changed (none: the
    # plan as a whole, e.g. created).  Telegram shows them with their buttons.
    changed: dict[int, tuple[int, ...]] = field(default_factory=dict)
    # Changed plans as the turn read them right after its change (a mark line's), so
    # that showing them needs no second read; a plan not here is read when shown.
    plans: dict[int, Plan] = field(default_factory=dict)
    # answer_question's outcome is "expired" when there was nothing (left) to answer.


@dataclass
class Usage:
    input_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_tokens: int = 0
    output_tokens: int = 0
    calls: int = 0

    def add(self, usage: Any) -> None:
        self.calls += 1
        self.input_tokens += usage.input_tokens or 0
        self.cache_read_tokens += getattr(usage, "cache_read_input_tokens", 0) or 0
        self.cache_write_tokens += getattr(usage, "cache_creation_input_tokens", 0) or 0
        self.output_tokens += usage.output_tokens or 0

    @property
    def total(self) -> int:
        return (
            self.input_tokens
            + self.cache_read_tokens
            + self.cache_write_tokens
            + self.output_tokens
        )

    def as_dict(self) -> dict[str, int]:
        return {
            "input_tokens": self.input_tokens,
            "cache_read_tokens": self.cache_read_tokens,
            "cache_write_tokens": self.cache_write_tokens,
            "output_tokens": self.output_tokens,
        }


@dataclass
class Turn:
    """One message's way through the model loop."""

    ctx: ToolContext
    text: str
    messages: list[dict[str, Any]] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    announce: str | None = None
    started: float = field(default_factory=time.monotonic)
    repeats: model_guard.RepeatGuard = field(default_factory=model_guard.RepeatGuard)
    history: list[dict[str, Any]] = field(default_factory=list)  # earlier turns, as sent
    notices: list[str] = field(default_factory=list)  # one-time ANNOUNCE notices
    # The write calls that committed, as journalled (``interrupted``): {tool_use, result, is_error}.
    committed: list[dict[str, Any]] = field(default_factory=list)


def with_cache_points(history: list[dict], turn: list[dict], tail: str) -> list[dict]:
    """history + this turn, with cache breakpoints on the newest history message
    and the newest turn message, and the ANNOUNCE block appended after them."""
    messages = copy.deepcopy(history + turn)
    if history:
        messages[len(history) - 1]["content"][-1]["cache_control"] = CACHE
    messages[-1]["content"][-1]["cache_control"] = CACHE
    messages[-1]["content"].append({"type": "text", "text": tail})
    return messages


def block_dict(block: Any) -> dict[str, Any]:
    """A response block as it must be sent back: unchanged (thinking included).

    No serializer warnings: a garbled ``tool_use`` (its input not an object) is kept as
    the server sent it and refused plainly when it is run, not logged as a multi-line
    pydantic warning."""
    return block.model_dump(mode="json", exclude_none=True, warnings=False)


def text_of(content: list[dict]) -> str:
    return "\n\n".join(
        block["text"] for block in content if block.get("type") == "text" and block.get("text")
    ).strip()


def pair(text: str, answer: str) -> list[dict]:
    return [
        {"role": "user", "content": [{"type": "text", "text": text}]},
        {"role": "assistant", "content": [{"type": "text", "text": answer}]},
    ]
