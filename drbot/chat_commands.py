"""What `drbot chat` answers to one line: a slash command as the command table
(drbot.commands) says -- the text shared with Telegram, the terminal's own
answer below, or why it is Telegram's only -- and anything else through the
Assistant, as over Telegram.  drbot.terminal reads the lines and shows these.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from drbot import commands, person_settings
from drbot.config import Settings
from drbot.export import plan_markdown
from drbot.memory import CANNOT_SAVE, NotFound, PlanStore, cannot_write
from drbot.typed_numbers import ascii_int

if TYPE_CHECKING:
    from drbot.ai import Assistant

log = logging.getLogger("drbot")

SORRY = "Sorry — something went wrong on my side. Nothing you confirmed is lost."


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
        return person_settings.Settings(
            a.store,
            a.users,
            a.clock,
            side=commands.TERMINAL,
            has_model=a.client is not None,
            conversations=a.conversations,
            token_budget=self.settings.llm.daily_token_budget,
        )


async def answer(session: Session, text: str) -> str:
    """The text the terminal shows for one message or command."""
    # A Telegram private chat's id is the user's id: the terminal continues the
    # same conversation, so a question asked there can be answered here.
    assistant, user_id = session.assistant, session.user_id
    try:
        if (found := commands.find(text)) is not None:
            return await command(session, *found)
        reply = await assistant.handle(user_id, user_id, text, origin="terminal")
    except Exception as error:  # one bad message must not end the session
        log.error("chat message failed", exc_info=error)
        return CANNOT_SAVE if cannot_write(error) else SORRY
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
    if row.text is None:  # check_commands() refuses to start a chat with such a row
        raise LookupError(f"/{name} has no answer in drbot chat")
    return await row.text(session.shared(), session.user_id, args)


async def _plans(session: Session, args: str) -> str:
    if args.casefold() == "all":  # the finished ones too: never the model
        return shown(
            await session.assistant.handle(
                session.user_id, session.user_id, "/plans all", origin="terminal"
            )
        )
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
    await session.assistant.conversations.set_current_plan(
        session.user_id, session.user_id, plan_id
    )
    return await _plan_text(session, plan_id)


async def _plan_text(session: Session, plan_id: int) -> str:
    from drbot.ai.tools.offline_answer import readable
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
    return commands.undone_text(undone["cause"]) + "\n\n" + await _plan_text(session, plan_id)


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
    preview = await build_briefing(
        a.store,
        BriefingLog(a.store.db, clock=a.clock),
        a.users,
        session.settings.briefing,
        session.user_id,
        a.clock(),
        record=False,
    )  # a preview counts nothing
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
    "plans": _plans,
    "plan": _plan,
    "undo": _undo,
    "retry": _retry,
    "new": _new,
    "cancel": _cancel,
    "briefing": _briefing,
    "export": _export,
}
ENDS_THE_CHAT = frozenset({"quit", "exit"})


def answered_here() -> set[str]:
    """The commands of drbot.commands the terminal answers."""
    return {
        row.name
        for row in commands.COMMANDS
        if row.on(commands.TERMINAL)
        and (row.name in TERMINAL_ANSWERS or row.name in ENDS_THE_CHAT or row.text is not None)
    }


def check_commands() -> None:
    """Every command the table gives the terminal has an answer here."""
    missing = {row.name for row in commands.COMMANDS if row.on(commands.TERMINAL)}
    missing -= answered_here()
    if missing:
        raise LookupError(
            "in drbot.commands but not answered by drbot chat: "
            + ", ".join(f"/{name}" for name in sorted(missing))
        )


def ends_the_chat(text: str) -> bool:
    found = commands.find(text)
    return found is not None and found[0] in ENDS_THE_CHAT


def shown(reply: Any) -> str:
    """An answer as the terminal shows it; a question with numbered options."""
    if reply.question is None:
        return reply.text
    numbered = reply.question.numbered()
    if reply.question.text.strip() in reply.text:  # said already: just the options
        # (the whole question, however many lines: a proposed plan lists its steps)
        numbered = numbered.removeprefix(reply.question.text).lstrip("\n")
    return f"{reply.text}\n{numbered}"
