"""Model answers that ended before the model was done (``stop_reason``).

anthropic 2.x names seven stop reasons (``anthropic.types.StopReason``):
``end_turn``, ``stop_sequence`` and ``tool_use`` are ordinary ends — the loop
answers or runs the tools.  The other four mean the answer is unfinished:

* ``max_tokens`` — cut at the output limit; a ``tool_use`` in it may be cut
  mid-way (its input incomplete);
* ``model_context_window_exceeded`` — cut because prompt + answer filled the
  model's context window;
* ``refusal`` — the model's safety stop: the partial answer is not shown and
  is not acted on;
* ``pause_turn`` — the API paused a long turn (server tools; drbot uses
  none), so whatever it holds is not final.

None of these may run a tool call: its input may be cut, or the model did not
mean it to stand.  The turn ends with one plain line saying what happened and
what earlier rounds of the same turn already changed (they stay, once: the
message is not kept for /retry, which could write them twice).  The stored
assistant message holds no ``tool_use``, so the history stays a valid
Messages request for the next turn.  Any other, unknown reason is handled as
an ordinary end: local servers speaking the Messages API are not all strict.
"""

from __future__ import annotations

from dataclasses import dataclass

from drbot.ai.llm import model_guard, turns
from drbot.ai.tools.tool_registry import ToolContext, doing

# stop_reason → (outcome stored with the turn, outcome on the Reply, the line)
_UNFINISHED = {
    "max_tokens": (
        "max_tokens",
        "max_tokens",
        "(My answer was cut short: it hit the length limit.)",
    ),
    "model_context_window_exceeded": (
        "max_tokens",
        "context_full",
        "(My answer was cut short: our conversation filled the model's context window. "
        "Send /new to start a fresh conversation; your plans all stay.)",
    ),
    "refusal": (
        "not_understood",
        "refusal",
        "The model declined to go on with this request, so I stopped.",
    ),
    "pause_turn": ("answered", "paused", "The model paused before finishing, so I stopped here."),
}
# Whose partial text may be shown: a refusal's may be what it refused to say.
_SHOWS_TEXT = ("max_tokens", "model_context_window_exceeded", "pause_turn")


@dataclass
class Stop:
    """How to end a turn whose last answer was unfinished."""

    stored_outcome: str  # conversations.OUTCOMES
    outcome: str  # Reply.outcome
    text: str  # for the person
    content: list[dict]  # the assistant message to store: no tool_use


def unfinished(stop_reason: str | None, content: list[dict], ctx: ToolContext) -> Stop | None:
    """The ending for an unfinished answer, or None when ``stop_reason`` is an
    ordinary end (see the module docstring)."""
    if stop_reason not in _UNFINISHED:
        return None
    stored, outcome, line = _UNFINISHED[stop_reason]
    text = model_guard.for_person(turns.text_of(content)) if stop_reason in _SHOWS_TEXT else ""
    dropped = [block.get("name") or "?" for block in content if block.get("type") == "tool_use"]
    note = " ".join([line, *_what_changed(ctx, dropped, always=stop_reason not in _SHOWS_TEXT)])
    if text.strip():
        # The model's own words (thinking included) go back as its words;
        # drbot's line stays out of the history (see model_guard._OWN_LINES).
        kept = [block for block in content if block.get("type") not in ("tool_use", "text")]
        kept.append({"type": "text", "text": text})
    else:
        kept = [{"type": "text", "text": note}]
    return Stop(stored, outcome, f"{text}\n\n{note}".strip(), kept)


def _what_changed(ctx: ToolContext, dropped: list[str], *, always: bool) -> list[str]:
    """What was not run, and what earlier rounds did — said whenever a call was
    dropped, so nobody takes the cut call for done."""
    parts = []
    if dropped:  # in words: "I didn't make that plan.", never a tool's name
        said = list(dict.fromkeys(doing(name) for name in dropped))
        parts.append(f"I didn't {' or '.join(said)}.")
    if ctx.changes:
        parts.append(f"Done before that: {ctx.summary()}.")
    elif dropped or always:
        parts.append("Nothing was changed.")
    return parts
