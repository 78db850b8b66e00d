"""`drbot chat`: the assistant in a terminal (docs/ARCHITECTURE.md, "Command line").

On a terminal (stdin and stdout both ttys) lines are read with prompt_toolkit:
editing, arrow keys, history kept in the data directory, marks and headers in
colour.  Ctrl-C clears the line being typed, stops a running turn, and at an
empty prompt says how to quit (a second Ctrl-C, or Ctrl-D, quits) -- as
Node's REPL does.  Anything else (a pipe, a file, a redirected output) is read
line by line from stdin and answered in plain text, so scripts and pipes work too.

What a line gets as its answer (a slash command from the command table, or
the Assistant's reply) is ``drbot.chat_commands``'; this module reads the
lines and shows the answers.

A turn runs as its own asyncio task so that Ctrl-C can cancel it; the
Assistant and the store make sure a cancelled turn leaves whole changes only
(see ``Assistant._cancelled`` and ``Database.transaction``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import os
import re
import signal
import sys
from pathlib import Path
from typing import Any

from drbot.ai import StoppableTurn
from drbot.chat_commands import Session, answer, check_commands, ends_the_chat
from drbot.config import Settings, default_db_path
from drbot.memory import PlanStore

log = logging.getLogger("drbot")

PROMPT = "you> "
QUIT_HINT = "(To quit, press Ctrl-C again or Ctrl-D.)"

# Marks (drbot.marks) coloured at the start of a line; □ pending stays plain.
MARK_STYLES = {"✓": "ansigreen", "✗": "ansired", "…": "ansiyellow", "⤼": "dim"}
_MARK_LINE = re.compile(r"^(\s*)([✓✗…⤼])(.*)$", re.S)


async def chat(settings: Settings, user_id: int) -> None:
    """Run one terminal conversation for ``user_id`` until /quit, Ctrl-D or end of input."""
    from drbot.ai import Assistant  # the model SDK loads only when needed

    check_commands()
    store = await PlanStore.open(settings.database.path)
    assistant = Assistant.from_settings(settings, store)
    session = Session(assistant, settings, user_id)
    try:
        if sys.stdin.isatty() and sys.stdout.isatty():
            await _interactive(session)
        else:
            await _piped(session)
    finally:
        await assistant.close()
        await store.close()


async def _opening(session: Session) -> str | None:
    user_id = session.user_id
    if (asked := await session.assistant.open_question(user_id, user_id)) is not None:
        return asked[0].numbered()
    return None


# -- piped: line by line, plain ------------------------------------------------


async def _piped(session: Session) -> None:
    prompt = PROMPT if sys.stdin.isatty() else ""  # typed, but the output goes elsewhere
    if (asked := await _opening(session)) is not None:
        print(asked + "\n", flush=True)
    while (line := await _read_line(prompt)) is not None:
        text = line.strip()
        if ends_the_chat(text):
            break
        if text:
            async with working():
                said = await answer(session, text)
            print(said + "\n", flush=True)


async def _read_line(prompt: str) -> str | None:
    if prompt:
        print(prompt, end="", flush=True, file=sys.stderr)
    line = await asyncio.to_thread(sys.stdin.readline)
    return line or None


# -- interactive: prompt_toolkit -------------------------------------------------


async def _interactive(chat: Session) -> None:
    from prompt_toolkit import PromptSession

    settings = chat.settings
    mode = settings.llm.model if chat.assistant.client else "offline: no model configured"
    print(
        f"drbot ({mode}) — plans in {settings.database.path}. /help lists the commands; "
        "Ctrl-C stops, Ctrl-D quits.",
        file=sys.stderr,
    )
    colour = use_colour()
    session: PromptSession[str] = PromptSession(history=_history())
    if (asked := await _opening(chat)) is not None:
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
        if ends_the_chat(text):
            return
        if text:
            _show(await _stoppable(chat, text), colour)


async def _stoppable(session: Session, text: str) -> str:
    """Answer ``text``; Ctrl-C meanwhile stops the turn and says what stayed."""
    turn = StoppableTurn(session.assistant.conversations, session.user_id, session.user_id)
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGINT, turn.stop)
    try:
        async with working():
            answered = await turn.run(answer(session, text))
    finally:
        loop.remove_signal_handler(signal.SIGINT)
    return answered if answered is not None else await turn.stopped_text()


# -- "working…" while the model runs --------------------------------------------

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
WORKING = "working…"
SPIN_AFTER_S = 0.3  # a quick answer (marks, the rules, a command) shows no flicker
SPIN_EVERY_S = 0.1


@contextlib.asynccontextmanager
async def working():
    """A spinner with "working…" on stderr while the body runs, wiped when it
    ends; only when stderr is a terminal (a pipe or a file gets nothing)."""
    if not sys.stderr.isatty():
        yield
        return

    async def spin() -> None:
        await asyncio.sleep(SPIN_AFTER_S)
        for frame in itertools.cycle(SPINNER):
            sys.stderr.write(f"\r{frame} {WORKING}")
            sys.stderr.flush()
            await asyncio.sleep(SPIN_EVERY_S)

    task = asyncio.create_task(spin())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        sys.stderr.write("\r\x1b[K")  # the line as it was: the answer starts clean
        sys.stderr.flush()


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


def log_path() -> Path:
    """Where `drbot chat` logs without --verbose: beside the chat history."""
    return Path(default_db_path(os.environ)).with_name("chat.log")


# -- colour --------------------------------------------------------------------


def use_colour() -> bool:
    """Colour on a terminal, unless NO_COLOR (https://no-color.org) or TERM=dumb."""
    return (
        sys.stdout.isatty() and not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
    )


def fragments(text: str) -> list[tuple[str, str]]:
    """``text`` as prompt_toolkit (style, text) pairs: the mark that starts a
    line in its colour, header lines (a plan's title line, a line ending in
    ':') bold, everything else plain."""
    parts: list[tuple[str, str]] = []
    for line in text.splitlines(keepends=True):
        body = line.rstrip("\n")
        end = line[len(body) :]
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
    return bool(stripped) and (
        stripped.endswith(":") or stripped.startswith(("Plan #", "Created plan #", "📋"))
    )


def _show(text: str, colour: bool) -> None:
    if not colour:
        print(text + "\n", flush=True)
        return
    from prompt_toolkit import print_formatted_text
    from prompt_toolkit.formatted_text import FormattedText

    print_formatted_text(FormattedText(fragments(text + "\n")))
