"""Keeping the model loop sound with imperfect (small, local) models.

Three guards, used by ``Assistant._model_turn``, and a way out:

* ``read_reply`` — an answer without ``tool_use`` blocks whose text *is* a tool
  call (see ``text_tool_calls``) is rewritten into proper ``tool_use`` blocks
  when every call names a known tool with valid arguments, so it runs, and is
  stored, exactly like a real one.  Tool-call text that cannot be run, an
  answer that only echoes a tool result, or a garbled ``tool_use`` block (no
  name, an input that is not an object) is refused with one plain line.
* ``RepeatGuard`` — the same call a second time in one turn gets its first
  result back as an error instead of running again; a third ends the turn.
* ``clean_history`` — what the model sees of earlier turns holds no tool-call
  text, echoed results, or drbot's own error lines: a model copies whatever its
  "own" earlier answers look like, so one bad turn would poison every later one.
* ``wants_fresh_start`` — "start over" (or /new) clears the conversation; the
  plans stay.
"""

from __future__ import annotations

import copy
import json
import re
import uuid
from dataclasses import dataclass, field
from typing import Any

from drbot.ai.llm.text_tool_calls import sanitize, scan
from drbot.ai.tools.tool_registry import ToolContext, ToolRegistry, ToolResult

NOT_UNDERSTOOD = (
    "I couldn't act on that — nothing was changed. Try rephrasing, or send /new to start fresh."
)
PARTLY_DONE = (
    "I did part of that ({done}), but couldn't act on the rest — nothing more was "
    "changed. Try rephrasing, or send /new to start fresh."
)
FRESH_START = "Fresh start — I've cleared our conversation; your plans are all still here."
REPEATING = "I stopped because the same action kept repeating. So far: {done}."
ALREADY_DONE = "already done in this turn; its result was: {result}"
NOT_RUN = "not run: this turn stopped because a call kept repeating."
# What an earlier turn's final answer becomes in the history when it was
# drbot's own line (or tool text) but the turn did real work before it.
STOPPED = "Stopped here."
MAX_REPEATS = 3  # the third identical call ends the turn
MAX_ECHOED_RESULT = 1500  # characters of the first result handed back on a repeat

# drbot's own lines, which must not be replayed to the model as its words
# (older turns stored them as the assistant's answer).
_OWN_LINES = re.compile(
    r"^(?:I couldn't act on that|I did part of that \(|I stopped (?:after \d+ rounds|because)"
    r"|Sorry — .*(?:so I stopped part-way|send /retry)|You have used today's model budget"
    r"|\(My answer was cut short|\(no answer\)$|I can't do that without a model"
    r"|The model (?:declined to go on|paused before finishing)|I was interrupted)"
)


# A whole message asking for a fresh conversation ("start over the fence plan"
# is something else: a re-plan).
_FRESH_WORDS = re.compile(
    r"(?:(?:let'?s|please|can we|i want to)\s+)?(?:start over|start afresh|start from scratch"
    r"|(?:start )?(?:a )?new conversation|forget (?:this|our|the) conversation)"
    r"(?:,?\s*please)?\s*[.!]*",
    re.IGNORECASE,
)


def wants_fresh_start(text: str) -> bool:
    """The person asks to start the conversation over (the words for /new)."""
    return _FRESH_WORDS.fullmatch(text.strip()) is not None


@dataclass
class Reading:
    """What to do with a model answer."""

    kind: str  # "calls" | "answer" | "refuse"
    content: list[dict]  # the assistant message as it is to be stored
    text: str = ""  # "answer": the text for the person, sanitized
    calls: list[dict] = field(default_factory=list)  # "calls": the tool_use blocks


def read_reply(content: list[dict], registry: ToolRegistry) -> Reading:
    """Run it, answer with it, or refuse it (see the module docstring)."""
    calls = [block for block in content if block.get("type") == "tool_use"]
    if calls:  # real tool calls win; their text is never shown to anyone
        if not all(map(_well_formed, calls)):  # a garbled answer: none of it runs
            return Reading("refuse", content)
        return Reading("calls", content, calls=calls)
    text = _text(content)
    found = scan(text)
    if found.looks_like_call:
        if found.calls and all(registry.fits(c.name, c.arguments) for c in found.calls):
            calls = [
                {
                    "type": "tool_use",
                    "id": f"toolu_text_{uuid.uuid4().hex[:20]}",
                    "name": c.name,
                    "input": c.arguments,
                }
                for c in found.calls
            ]
            return Reading("calls", _rewritten(content, for_person(text)) + calls, calls=calls)
        return Reading("refuse", content)
    clean = sanitize(text)
    if found.echo and not clean:
        return Reading("refuse", content)
    return Reading("answer", _rewritten(content, clean) if found.echo else content, text=clean)


def refusal(ctx: ToolContext) -> str:
    """The plain line for tool text that could not be acted on."""
    return PARTLY_DONE.format(done=ctx.summary()) if ctx.changes else NOT_UNDERSTOOD


def for_person(text: str) -> str:
    """``text`` without tool text; empty when what is left still looks like a call."""
    clean = sanitize(text)
    return "" if scan(clean).looks_like_call else clean


def _well_formed(call: dict) -> bool:
    """A tool_use block drbot can run and answer: a server that is not Anthropic's (or
    a broken proxy) may send one without a name or with a string for its input."""
    return (
        isinstance(call.get("id"), str)
        and isinstance(call.get("name"), str)
        and isinstance(call.get("input"), dict)
    )


def _rewritten(content: list[dict], text: str) -> list[dict]:
    """``content`` with its text blocks replaced by one block of ``text`` (if any)."""
    others = [block for block in content if block.get("type") != "text"]
    return others + ([{"type": "text", "text": text}] if text else [])


def _text(content: list[dict]) -> str:
    return "\n\n".join(
        block["text"] for block in content if block.get("type") == "text" and block.get("text")
    ).strip()


# -- repeated calls ----------------------------------------------------------------


@dataclass
class _Seen:
    content: str
    times: int
    wrote: bool  # the call changed something
    changes_after: int  # len(ctx.changes) once it ran


class RepeatGuard:
    """Identical calls (tool + canonical JSON arguments) within one turn."""

    def __init__(self) -> None:
        self._seen: dict[str, _Seen] = {}
        self.looping = False

    async def call(
        self, registry: ToolRegistry, name: str, arguments: Any, ctx: ToolContext
    ) -> ToolResult:
        if self.looping:
            return ToolResult(NOT_RUN, is_error=True)
        key = json.dumps([name, arguments], sort_keys=True, ensure_ascii=False, default=str)
        seen = self._seen.get(key)
        # A read repeated after something changed is a fresh question, not a loop.
        if seen is not None and (seen.wrote or len(ctx.changes) == seen.changes_after):
            seen.times += 1
            self.looping = seen.times >= MAX_REPEATS
            return ToolResult(
                ALREADY_DONE.format(result=seen.content[:MAX_ECHOED_RESULT]), is_error=True
            )
        before = len(ctx.changes)
        result = await registry.call(name, arguments, ctx)
        self._seen[key] = _Seen(result.content, 1, len(ctx.changes) > before, len(ctx.changes))
        return result


# -- history -----------------------------------------------------------------------


def clean_history(messages: list[dict]) -> list[dict]:
    """The stored history as the model may see it (see the module docstring).
    Deterministic, so the cached prompt prefix stays the same between turns."""
    cleaned: list[dict] = []
    for turn in _turns(messages):
        cleaned += _clean_turn(turn)
    return cleaned


def _turns(messages: list[dict]) -> list[list[dict]]:
    """Split at each person's message (a user message that is not tool results)."""
    turns: list[list[dict]] = []
    for message in messages:
        if message["role"] == "user" and not _has_results(message):
            turns.append([message])
        elif turns:
            turns[-1].append(message)
    return turns


def _clean_turn(turn: list[dict]) -> list[dict]:
    turn = copy.deepcopy(turn)
    for message in turn:
        if message["role"] == "assistant":
            message["content"] = [block for block in _blocks(message["content"]) if _keep(block)]
    if turn[-1]["role"] != "assistant":
        return []
    if not turn[-1]["content"]:
        if not any(b.get("type") == "tool_use" for m in turn for b in _blocks(m["content"])):
            return []  # nothing but a bad answer: the whole exchange stays out
        turn[-1]["content"] = [{"type": "text", "text": STOPPED}]
    return turn


def _keep(block: dict) -> bool:
    """False for a text block that is tool text, an echo or drbot's own line;
    a kept text block loses any tool text around its prose."""
    if block.get("type") != "text":
        return True
    text = for_person(block.get("text") or "")
    if not text or _OWN_LINES.match(text):
        return False
    block["text"] = text
    return True


def _blocks(content: Any) -> list[dict]:
    return [{"type": "text", "text": content}] if isinstance(content, str) else content


def _has_results(message: dict) -> bool:
    return any(block.get("type") == "tool_result" for block in _blocks(message["content"]))
