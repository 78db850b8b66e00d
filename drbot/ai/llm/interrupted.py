"""Model turns a kill cuts short: journalled while they run, settled at the next start.

While a turn runs, ``run_calls`` journals each write call together with its
change (``memory.turn_journal``), so whatever a kill leaves, the database says
which calls committed.  At the next start ``recover``:

* stores each turn left in the journal as it stood: the person's message, each
  committed call with its result, and a last line saying what was done.  The
  model sees those calls in its history, so the same message sent again finds
  the work done instead of doing it twice;
* gives every "Working on it…" message left behind its words: the answer of
  the turn stored since it was shown (a kill after the turn, before the edit),
  else that nothing was changed and the message can be sent again.

A turn that showed no placeholder gets its words as a new message.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from drbot.ai.llm import turns
from drbot.ai.llm.turns import Turn
from drbot.ai.tools.tool_registry import ToolRegistry, ToolResult, done_line
from drbot.memory import turn_journal
from drbot.memory.clock import iso
from drbot.memory.conversations import ConversationStore
from drbot.memory.turn_journal import TurnJournal

log = logging.getLogger(__name__)

INTERRUPTED = (
    "I was interrupted, but I had already: {done}. Nothing else was changed — "
    "tell me if there is more to do."
)
NOTHING_DONE = "I was interrupted before I changed anything — please send your message again."
# The tool_result of a call whose change committed just before the kill, before
# its result could be noted: the model is told to look rather than to redo it.
RESULT_LOST = (
    "Done, but drbot was interrupted before this result was recorded: read the "
    "plan (get_plan) to see it as it is now."
)
# What a call did when its result was lost with the kill, by tool.
_DID = {
    "add_step": "added a step",
    "update_plan_step": "changed a step",
    "update_plan_status": "changed a plan's status",
    "rename_plan": "renamed a plan",
    "move_step": "moved a step",
    "replan": "replaced steps of a plan",
    "add_plan_note": "added a note to a plan",
    "snooze_step": "set a reminder",
    "undo_last_change": "undid a change",
    "set_timezone": "set your time zone",
    "track_commitment": "started tracking a commitment",
}


# -- while the turn runs --------------------------------------------------------


async def run_calls(
    journal: TurnJournal, turn: Turn, registry: ToolRegistry, calls: list[dict]
) -> list[dict]:
    """Run ``calls`` (tool_use blocks) through the turn's repeat guard, each write
    journalled with its change; their tool_result blocks.  The results are noted
    once the round's calls have run, before the model is asked again (the long wait)."""
    results, committed = [], len(turn.committed)
    for call in calls:  # in order: the model may depend on it
        if registry.writes(call["name"]):
            result = await _journalled(journal, turn, registry, call)
        else:
            result = await turn.repeats.call(registry, call["name"], call["input"], turn.ctx)
        results.append(
            {
                "type": "tool_result",
                "tool_use_id": call["id"],
                "content": result.content,
                "is_error": result.is_error,
            }
        )
    if len(turn.committed) > committed:
        await journal.note_results(turn.ctx.chat_id, turn.ctx.user_id, turn.committed)
    return results


async def _journalled(
    journal: TurnJournal, turn: Turn, registry: ToolRegistry, call: dict
) -> ToolResult:
    ctx = turn.ctx
    entry: dict[str, Any] = {"tool_use": call, "result": None, "is_error": False}
    committed = False

    async def with_the_change(conn) -> None:
        nonlocal committed
        await turn_journal.record(
            conn,
            ctx.chat_id,
            ctx.user_id,
            user_text=turn.text,
            origin=ctx.origin,
            started_at=iso(ctx.now),
            calls=[*turn.committed, entry],
        )
        committed = True

    with journal.db.also_in_each_write(with_the_change):
        result = await turn.repeats.call(registry, call["name"], call["input"], ctx)
    if committed:  # its result goes with the next call's change, or in run_calls' note
        entry.update(result=result.content, is_error=result.is_error)
        turn.committed.append(entry)
    return result


# -- at the next start ------------------------------------------------------------


@dataclass(frozen=True)
class Notice:
    """What to tell a person about their interrupted turn."""

    chat_id: int
    user_id: int
    text: str
    placeholder: int | None = None  # the "Working on it…" message to edit; None: send anew
    origin: str | None = None  # the message the turn answered ("telegram:<chat>:<id>")


async def recover(journal: TurnJournal, conversations: ConversationStore) -> list[Notice]:
    """Store every turn the journal holds, and say what each placeholder left
    behind should now show.  Run before any new message is handled.  A placeholder
    stays noted until the caller has edited it (``TurnJournal.drop_placeholder``):
    a kill in between edits it again to the same words."""
    placeholders = await journal.placeholders()
    shown = {(p["chat_id"], p["user_id"]) for p in placeholders}
    notices = []
    for row in await journal.unfinished():
        text = (
            INTERRUPTED.format(done="; ".join(_did(entry) for entry in row["calls"]))
            if row["calls"]
            else NOTHING_DONE
        )
        await _store(conversations, row, text)
        log.warning(
            "a turn was interrupted after %d change(s); stored it with them", len(row["calls"])
        )
        if (row["chat_id"], row["user_id"]) not in shown:
            notices.append(Notice(row["chat_id"], row["user_id"], text, origin=row["origin"]))
    for p in placeholders:
        notices.append(
            Notice(
                p["chat_id"],
                p["user_id"],
                await _answer_since(conversations, p),
                placeholder=p["message_id"],
            )
        )
    return notices


async def _store(conversations: ConversationStore, row: dict[str, Any], text: str) -> None:
    """The interrupted turn, its committed calls in it (the journal row goes with it)."""
    messages = turn_messages(row["user_text"], row["calls"], text)
    try:
        await conversations.save_turn(
            row["chat_id"],
            row["user_id"],
            user_text=row["user_text"],
            messages=messages,
            outcome="answered",
            origin=row["origin"],
            started_at=row["started_at"],
        )
    except ValueError:
        # A call block the history cannot hold: the words alone still say what was done.
        await conversations.save_turn(
            row["chat_id"],
            row["user_id"],
            user_text=row["user_text"],
            messages=turns.pair(row["user_text"], text),
            outcome="answered",
            origin=row["origin"],
            started_at=row["started_at"],
        )


def turn_messages(user_text: str, calls: list[dict[str, Any]], text: str) -> list[dict]:
    """The person's message, each committed call and its result, then ``text``."""
    messages: list[dict] = [{"role": "user", "content": [{"type": "text", "text": user_text}]}]
    for entry in calls:
        call = entry["tool_use"]
        result = entry["result"] if entry["result"] is not None else RESULT_LOST
        messages.append({"role": "assistant", "content": [call]})
        messages.append(
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": call["id"],
                        "content": result,
                        "is_error": bool(entry["is_error"]),
                    }
                ],
            }
        )
    messages.append({"role": "assistant", "content": [{"type": "text", "text": text}]})
    return messages


def _did(entry: dict[str, Any]) -> str:
    """One committed call in a person's words ("created the plan “Fence repair” with 3 steps")."""
    call, result = entry["tool_use"], entry["result"]
    args = call.get("input") or {}
    if call["name"] == "create_plan" and isinstance(args.get("title"), str):
        n = len(args.get("steps") or [])
        return f"created the plan “{args['title'].strip()}” with {n} step{'' if n == 1 else 's'}"
    said = done_line(result).rstrip(".") if result is not None and not entry["is_error"] else ""
    if said:
        return said[0].lower() + said[1:]
    return _DID.get(call["name"], "made a change")


async def _answer_since(conversations: ConversationStore, placeholder: dict[str, Any]) -> str:
    """The words for a placeholder: the answer of the turn stored since it was shown,
    else that nothing was changed."""
    newest = await conversations.last_turns(placeholder["chat_id"], placeholder["user_id"], 1)
    if not newest or newest[0]["id"] <= placeholder["after_turn"] or not newest[0]["messages"]:
        return NOTHING_DONE
    return turns.text_of(newest[0]["messages"][-1]["content"]) or NOTHING_DONE
