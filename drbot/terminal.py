"""`drbot chat`: the assistant in a terminal (docs/ARCHITECTURE.md, "Command line").

On a terminal (stdin and stdout both ttys) lines are read with prompt_toolkit:
editing, arrow keys, history kept in the data directory, marks and headers in
colour.  Ctrl-C clears the line being typed, stops a running turn, and at an
empty prompt says how to quit (a second Ctrl-C, or Ctrl-D, quits) -- as
Node's REPL does.  Anything else (a pipe, a file, a redirected output) is read
line by line from stdin and answered in plain text, so scripts and pipes work too.

A turn runs as its own asyncio task so that Ctrl-C can cancel it; the
Assistant and the store make sure a cancelled turn leaves whole changes only
(see ``Assistant._cancelled`` and ``Database.transaction``).
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drbot import person_settings
from drbot.ai import StoppableTurn
from drbot.config import Settings, default_db_path
from drbot.memory import CANNOT_SAVE, PlanStore, cannot_write

if TYPE_CHECKING:
    from drbot.ai import Assistant

log = logging.getLogger("drbot")

PROMPT = "you> "
QUIT_HINT = "(To quit, press Ctrl-C again or Ctrl-D.)"
SORRY = "Sorry — something went wrong on my side. Nothing you confirmed is lost."
QUIT_WORDS = ("/quit", "/exit")

# Marks (drbot.marks) coloured at the start of a line; □ pending stays plain.
MARK_STYLES = {"✓": "ansigreen", "✗": "ansired", "…": "ansiyellow", "⤼": "dim"}
_MARK_LINE = re.compile(r"^(\s*)([✓✗…⤼])(.*)$", re.S)


async def chat(settings: Settings, user_id: int) -> None:
    """Run one terminal conversation for ``user_id`` until /quit, Ctrl-D or end of input."""
    from drbot.ai import Assistant  # the model SDK loads only when needed

    store = await PlanStore.open(settings.database.path)
    assistant = Assistant.from_settings(settings, store)
    try:
        if sys.stdin.isatty() and sys.stdout.isatty():
            await _interactive(assistant, settings, user_id)
        else:
            await _piped(assistant, user_id)
    finally:
        await assistant.close()
        await store.close()


# -- one message ---------------------------------------------------------------

async def answer(assistant: Assistant, user_id: int, text: str) -> str:
    """The text the terminal shows for one message (``/retry`` and ``/new`` too)."""
    # A Telegram private chat's id is the user's id: the terminal continues the
    # same conversation, so a question asked there can be answered here.
    command, _, args = text.partition(" ")
    setting = person_settings.COMMANDS.get(command.lower())
    try:
        if setting is not None:   # /quiet, /review, /reminders…: as over Telegram
            return await setting(person_settings.Settings(assistant.store, assistant.users,
                                                          assistant.clock),
                                 user_id, args.strip())
        if text == "/retry":
            reply = await assistant.retry_last(user_id, user_id)
        elif text == "/new":
            reply = await assistant.start_fresh(user_id, user_id)
        else:
            reply = await assistant.handle(user_id, user_id, text, origin="terminal")
    except Exception as error:  # one bad message must not end the session
        log.error("chat message failed", exc_info=error)
        return CANNOT_SAVE if cannot_write(error) else SORRY
    return shown(reply)


def shown(reply: Any) -> str:
    """An answer as the terminal shows it; a question with numbered options."""
    if reply.question is None:
        return reply.text
    numbered = reply.question.numbered()
    if reply.question.text.strip() in reply.text:  # said already: just the options
        numbered = numbered.split("\n", 1)[1]
    return f"{reply.text}\n{numbered}"


async def _opening(assistant: Assistant, user_id: int) -> str | None:
    if (asked := await assistant.open_question(user_id, user_id)) is not None:
        return asked[0].numbered()
    return None


# -- piped: line by line, plain ------------------------------------------------

async def _piped(assistant: Assistant, user_id: int) -> None:
    prompt = PROMPT if sys.stdin.isatty() else ""  # typed, but the output goes elsewhere
    if (asked := await _opening(assistant, user_id)) is not None:
        print(asked + "\n", flush=True)
    while (line := await _read_line(prompt)) is not None:
        text = line.strip()
        if text in QUIT_WORDS:
            break
        if text:
            print(await answer(assistant, user_id, text) + "\n", flush=True)


async def _read_line(prompt: str) -> str | None:
    if prompt:
        print(prompt, end="", flush=True, file=sys.stderr)
    line = await asyncio.to_thread(sys.stdin.readline)
    return line or None


# -- interactive: prompt_toolkit -------------------------------------------------

async def _interactive(assistant: Assistant, settings: Settings, user_id: int) -> None:
    from prompt_toolkit import PromptSession

    mode = settings.llm.model if assistant.client else "offline: no model configured"
    print(f"drbot ({mode}) — plans in {settings.database.path}. /retry, /new, /quit; "
          "Ctrl-C stops, Ctrl-D quits.\nAlso: /plans, /reminders, /quiet, /review, /weekly, "
          "/mute N, /briefing_time.", file=sys.stderr)
    colour = use_colour()
    session: PromptSession[str] = PromptSession(history=_history())
    if (asked := await _opening(assistant, user_id)) is not None:
        _show(asked, colour)
    warned = False  # the last key was Ctrl-C at an empty prompt
    while True:
        try:
            line = await session.prompt_async(PROMPT)
        except EOFError:  # Ctrl-D (prompt_toolkit has ended the line)
            return
        except KeyboardInterrupt:
            if session.default_buffer.text or not warned:
                # A typed line is dropped; an empty prompt first says how to quit.
                warned = not session.default_buffer.text
                if warned:
                    print(QUIT_HINT, flush=True)
                continue
            return
        warned = False
        text = line.strip()
        if text in QUIT_WORDS:
            return
        if text:
            _show(await _stoppable(assistant, user_id, text), colour)


async def _stoppable(assistant: Assistant, user_id: int, text: str) -> str:
    """Answer ``text``; Ctrl-C meanwhile stops the turn and says what stayed."""
    turn = StoppableTurn(assistant.conversations, user_id, user_id)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGINT, turn.stop)
    try:
        answered = await turn.run(answer(assistant, user_id, text))
    finally:
        loop.remove_signal_handler(signal.SIGINT)
    return answered if answered is not None else await turn.stopped_text()


def _history() -> Any:
    """The typed lines, kept next to the default database; in memory when that
    directory cannot be made (a read-only home must not stop the chat)."""
    from prompt_toolkit.history import FileHistory, InMemoryHistory

    path = history_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch(exist_ok=True)
    except OSError:
        log.warning("chat history is not kept: cannot write %s", path)
        return InMemoryHistory()
    return FileHistory(str(path))


def history_path() -> Path:
    return Path(default_db_path(os.environ)).with_name("chat_history")


# -- colour --------------------------------------------------------------------

def use_colour() -> bool:
    """Colour on a terminal, unless NO_COLOR (https://no-color.org) or TERM=dumb."""
    return (sys.stdout.isatty() and not os.environ.get("NO_COLOR")
            and os.environ.get("TERM") != "dumb")


def fragments(text: str) -> list[tuple[str, str]]:
    """``text`` as prompt_toolkit (style, text) pairs: the mark that starts a
    line in its colour, header lines (a plan's title line, a line ending in
    ':') bold, everything else plain."""
    parts: list[tuple[str, str]] = []
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\n")
        end = line[len(body):]
        if mark := _MARK_LINE.match(body):
            lead, sign, rest = mark.groups()
            parts += [("", lead), (MARK_STYLES[sign], sign), ("", rest + end)]
        elif _is_header(body):
            parts += [("bold", body), ("", end)]
        else:
            parts.append(("", line))
    return parts


def _is_header(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and (stripped.endswith(":") or stripped.startswith(
        ("Plan #", "Created plan #", "📋")))


def _show(text: str, colour: bool) -> None:
    if not colour:
        print(text + "\n", flush=True)
        return
    from prompt_toolkit import print_formatted_text
    from prompt_toolkit.formatted_text import FormattedText

    print_formatted_text(FormattedText(fragments(text + "\n")))
