"""`drbot chat`: the assistant in a terminal (DESIGN.md §3.1).

On a terminal (stdin and stdout both ttys) lines are read with prompt_toolkit:
editing, arrow keys, history kept in the data directory, marks and headers in
colour.  Ctrl-C clears the line being typed, stops a running turn, and at an
empty prompt says how to quit (a second Ctrl-C, or Ctrl-D, quits) -- as
Node's REPL does.  Anything else (a pipe, a file, a redirected output) is read
line by line from stdin and answered in plain text, exactly as before.

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
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from drbot import commands, person_settings
from drbot.ai.llm.stopping import StoppableTurn
from drbot.config import Settings, _default_db_path
from drbot.export import plan_markdown
from drbot.memory import NotFound, PlanStore
from drbot.numbers import ascii_int

if TYPE_CHECKING:
    from drbot.ai.assistant import Assistant

log = logging.getLogger("drbot")

PROMPT = "you> "
QUIT_HINT = "(To quit, press Ctrl-C again or Ctrl-D.)"
SORRY = "Sorry — something went wrong on my side. Nothing you confirmed is lost."

# Marks (drbot.marks) coloured at the start of a line; □ pending stays plain.
MARK_STYLES = {"✓": "ansigreen", "✗": "ansired", "…": "ansiyellow", "⤼": "dim"}
_MARK_LINE = re.compile(r"^(\s*)([✓✗…⤼])(.*)$", re.S)


async def chat(settings: Settings, user_id: int) -> None:
    """Run one terminal conversation for ``user_id`` until /quit, Ctrl-D or end of input."""
    from drbot.ai.assistant import Assistant  # the model SDK loads only when needed

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


# -- one message ---------------------------------------------------------------

@dataclass(frozen=True)
class Session:
    """One terminal conversation: whose plans, through which assistant."""
    assistant: Assistant
    settings: Settings
    user_id: int

    @property
    def store(self) -> PlanStore:
        return self.assistant.store

    def shared(self) -> person_settings.Settings:
        """What the commands shared with Telegram (drbot.commands) read and write."""
        a = self.assistant
        return person_settings.Settings(a.store, a.users, a.clock, side=commands.TERMINAL,
                                        has_model=a.client is not None,
                                        conversations=a.conversations,
                                        token_budget=self.settings.llm.daily_token_budget)


async def answer(session: Session, text: str) -> str:
    """The text the terminal shows for one message or command."""
    # A Telegram private chat's id is the user's id: the terminal continues the
    # same conversation, so a question asked there can be answered here.
    assistant, user_id = session.assistant, session.user_id
    try:
        if (found := commands.find(text)) is not None:
            return await command(session, *found)
        reply = await assistant.handle(user_id, user_id, text, origin="terminal")
    except Exception:  # one bad message must not end the session
        log.exception("chat message failed")
        return SORRY
    return shown(reply)


async def command(session: Session, name: str, args: str) -> str:
    """A slash command, as the table in drbot.commands says: the shared text,
    the terminal's own answer, or why it is Telegram's only."""
    row = commands.BY_NAME.get(name)
    if row is None:
        return f"I don't know /{name[:40]}. Send /help to see what I can do."
    if not row.on(commands.TERMINAL):
        return row.elsewhere()
    own = TERMINAL_ANSWERS.get(name)
    if own is not None:
        return await own(session, args)
    return await row.text(session.shared(), session.user_id, args)


async def _plans(session: Session, args: str) -> str:
    if args.casefold() == "all":   # the finished ones too: never the model
        return shown(await session.assistant.handle(session.user_id, session.user_id,
                                                    "/plans all", origin="terminal"))
    summaries = await session.store.list_plans(session.user_id)
    return commands.plans_list(summaries, session.assistant.clock())


async def _plan_number(session: Session, args: str) -> int | str:
    """The plan N names (N from /plans), else the current plan; or what to say."""
    user_id = session.user_id
    if not args:
        plan_id = await session.assistant.conversations.current_plan(user_id, user_id)
        return "Which plan? Send /plans, then /plan N." if plan_id is None else plan_id
    summaries = await session.store.list_plans(user_id)
    arg = args.split()[0]
    number = ascii_int(arg)
    if number is None or not 1 <= number <= len(summaries):
        return commands.no_such_plan(arg, len(summaries))
    return summaries[number - 1]["id"]


async def _plan(session: Session, args: str) -> str:
    plan_id = await _plan_number(session, args)
    if isinstance(plan_id, str):
        return plan_id
    await session.assistant.conversations.set_current_plan(session.user_id, session.user_id,
                                                           plan_id)
    return await _plan_text(session, plan_id)


async def _plan_text(session: Session, plan_id: int) -> str:
    from drbot.ai.tools.answer import readable
    from drbot.ai.tools.plan_text import plan_text

    plan = await session.store.get_plan(session.user_id, plan_id)
    return readable(plan_text(plan, await session.shared().zone(session.user_id)))


async def _undo(session: Session, args: str) -> str:
    user_id = session.user_id
    plan_id = await session.assistant.conversations.current_plan(user_id, user_id)
    if plan_id is None:
        return "Nothing to undo here yet: open a plan first."
    try:
        undone = await session.store.undo(user_id, plan_id, origin="terminal:/undo")
    except (ValueError, NotFound) as error:
        return str(error)
    return f"Undone: {undone['cause']}.\n\n" + await _plan_text(session, plan_id)


async def _retry(session: Session, args: str) -> str:
    return shown(await session.assistant.retry_last(session.user_id, session.user_id))


async def _new(session: Session, args: str) -> str:
    return shown(await session.assistant.start_fresh(session.user_id, session.user_id))


async def _cancel(session: Session, args: str) -> str:
    # The prompt only comes back once a turn is over: here there is never one running.
    return "Nothing to cancel. (While I'm working, Ctrl-C stops me.)"


async def _briefing(session: Session, args: str) -> str:
    from drbot.memory.briefings import BriefingLog
    from drbot.scheduler.briefing import build_briefing

    a = session.assistant
    preview = await build_briefing(a.store, BriefingLog(a.store.db, clock=a.clock), a.users,
                                   session.settings.briefing, session.user_id, a.clock(),
                                   record=False)   # a preview counts nothing
    return commands.NOTHING_TODAY if preview is None else preview.plain


async def _export(session: Session, args: str) -> str:
    plan_id = await _plan_number(session, args)
    if isinstance(plan_id, str):
        return plan_id
    plan = await session.store.get_plan(session.user_id, plan_id)
    history = await session.store.plan_history(session.user_id, plan_id)
    return plan_markdown(plan, history, await session.shared().zone(session.user_id)).rstrip()


# The terminal's own answers to rows of drbot.commands that are not just shared
# text; "quit" ends the chat (the loops see it first).
TERMINAL_ANSWERS: dict[str, Callable[[Session, str], Awaitable[str]]] = {
    "plans": _plans, "plan": _plan, "undo": _undo, "retry": _retry, "new": _new,
    "cancel": _cancel, "briefing": _briefing, "export": _export,
}
ENDS_THE_CHAT = frozenset({"quit", "exit"})


def answered_here() -> set[str]:
    """The commands of drbot.commands the terminal answers."""
    return {row.name for row in commands.COMMANDS
            if row.on(commands.TERMINAL)
            and (row.name in TERMINAL_ANSWERS or row.name in ENDS_THE_CHAT
                 or row.text is not None)}


def check_commands() -> None:
    """Every command the table gives the terminal has an answer here."""
    missing = {row.name for row in commands.COMMANDS if row.on(commands.TERMINAL)}
    missing -= answered_here()
    if missing:
        raise LookupError("in drbot.commands but not answered by drbot chat: "
                          + ", ".join(f"/{name}" for name in sorted(missing)))


def ends_the_chat(text: str) -> bool:
    found = commands.find(text)
    return found is not None and found[0] in ENDS_THE_CHAT


def shown(reply: Any) -> str:
    """An answer as the terminal shows it; a question with numbered options."""
    if reply.question is None:
        return reply.text
    numbered = reply.question.numbered()
    if reply.question.text.strip() in reply.text:  # said already: just the options
        numbered = numbered.split("\n", 1)[1]
    return f"{reply.text}\n{numbered}"


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
    print(f"drbot ({mode}) — plans in {settings.database.path}. /help lists the commands; "
          "Ctrl-C stops, Ctrl-D quits.", file=sys.stderr)
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
SPIN_AFTER_S = 0.3   # a quick answer (marks, the rules, a command) shows no flicker
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
        sys.stderr.write("\r\x1b[K")   # the line as it was: the answer starts clean
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
    return Path(_default_db_path(os.environ)).with_name("chat_history")


def log_path() -> Path:
    """Where `drbot chat` logs without --verbose: beside the chat history."""
    return Path(_default_db_path(os.environ)).with_name("chat.log")


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
