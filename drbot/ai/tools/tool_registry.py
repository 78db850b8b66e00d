"""The tools the model may call: definitions, validation and dispatch.

A tool is a name, a description, its arguments (a pydantic model, ``arguments``:
the JSON schema the model sees and the check a call must pass) and an async
handler ``handler(ctx, **arguments) -> str``, given only the arguments the call
has.  The caller's identity lives in the ``ToolContext`` — who is acting, in
which chat, at what time — and never in the arguments: no tool's arguments have
a user id, so the model cannot name one.

``ToolRegistry.call`` never raises for anything the model did wrong: an
unknown tool, arguments that do not fit the schema, a plan that is not the
caller's or a bad value all come back as an ``is_error`` result with one short
reason, and change nothing.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from drbot.ai.language import other_tongues
from drbot.ai.tools.arguments import Arguments, json_schema, validate
from drbot.ai.tools.clarifying_question import Question
from drbot.ai.tools.offline_answer import readable
from drbot.memory import CANNOT_SAVE, NotFound, PlanStore, cannot_write
from drbot.memory.owners import plan_owner
from drbot.memory.user_settings import UserSettings

log = logging.getLogger(__name__)


@dataclass
class ToolContext:
    """Who is acting, where and when; filled by the caller, never by the model."""

    user_id: int
    chat_id: int
    store: PlanStore
    users: UserSettings
    now: datetime
    timezone: str
    origin: str | None = None
    current_plan_id: int | None = None  # the chat's current plan: mark lines act on it
    last_step_id: int | None = None  # the step most recently acted on
    changes: list[str] = field(default_factory=list)  # what this turn changed, in order
    done: list[str] = field(default_factory=list)  # the same, in a person's words
    loaded: tuple[int | None, int | None] = (None, None)  # (plan, step) as the turn began
    message: str = ""  # the person's message this turn answers
    asked: Question | None = None  # a question a tool put to the person (propose_commitment)
    # What this turn's writes changed: plan id -> its steps (none: the plan as a whole).
    changed: dict[int, list[int]] = field(default_factory=dict)
    acted_step: int | None = None  # the step the running tool acted on, if any
    acted_plan: int | None = None  # the plan it acted on (None: the current plan)
    # Plans whose last open step this turn closed: offered Complete / Keep open (``finishing``).
    finished: list[int] = field(default_factory=list)

    @property
    def owner(self) -> int:
        """Whose plans this turn reaches: in a group the group's, else the person's
        own (``owners``), from the chat the caller names — never from the model."""
        return plan_owner(self.user_id, self.chat_id)

    def touched(self, plan_id: int, step_id: int | None = None) -> None:
        """A tool acted on this plan (and step): it becomes the chat's current one."""
        if plan_id != self.current_plan_id:
            self.last_step_id = None  # "try again" never reaches into another plan
        self.current_plan_id = plan_id
        self.acted_step = step_id
        if step_id is not None:
            self.last_step_id = step_id

    def changed_elsewhere(self, plan_id: int) -> None:
        """A tool changed this plan without making it the one in view (undo: "add step: …"
        next still goes to the plan the person is looking at)."""
        self.acted_plan, self.acted_step = plan_id, None

    def summary(self) -> str:
        """What this turn changed, as the results said it ('Created plan "Fix the fence" …'):
        a person never reads tool names."""
        return "; ".join(line.rstrip(".") for line in self.done if line)

    def record_change(self) -> None:
        """A write tool succeeded: note its plan and step, so the reply can show
        them (the plan's view with buttons, on Telegram)."""
        plan_id = self.acted_plan if self.acted_plan is not None else self.current_plan_id
        if plan_id is None:
            return
        steps = self.changed.setdefault(plan_id, [])
        if self.acted_step is not None and self.acted_step not in steps:
            steps.append(self.acted_step)


# What each tool does, in a person's words: the one line they get when a call fails inside
# drbot (a rule passing a bad argument, an exception) instead of the model-facing text.
_DOING = {
    "create_plan": "make that plan",
    "add_step": "add that step",
    "update_plan_step": "change that step",
    "snooze_step": "set that reminder",
    "replan": "replace those steps",
    "update_plan_status": "change that plan",
    "undo_last_change": "undo that",
    "set_timezone": "set your time zone",
    "rename_plan": "rename that plan",
    "move_step": "move that step",
    "set_reminder": "set that reminder",
    "cancel_reminder": "cancel that reminder",
}


def doing(tool: str) -> str:
    """What a call of ``tool`` would have done, in a person's words ("make that plan")."""
    return _DOING.get(tool, "make that change")


@dataclass(frozen=True)
class ToolResult:
    content: str
    is_error: bool = False
    # A fault of the caller or of drbot (unknown tool, arguments that fail the schema,
    # an exception): ``content`` is for the model and the log, never for a person.
    internal: bool = False
    tool: str = ""
    storage: bool = False  # the database refused the write (disk full, read-only, damaged)

    def for_person(self) -> str:
        """What a person may read: the result without the ids and tool names it gives the
        model (``answer.readable``), or for an internal fault one plain line saying what
        could not be done and what to try."""
        if not self.internal:
            return readable(self.content)
        if self.storage:
            return CANNOT_SAVE
        doing = _DOING.get(self.tool, "do that")
        return (
            f"Sorry — I couldn't {doing}, and nothing changed. Try saying it another "
            "way, e.g. “remind me about step 2 friday 10am” or “done step 2”, or see /help."
        )


Handler = Callable[..., Awaitable[str]]


@dataclass(frozen=True)
class Tool:
    name: str
    description: str
    arguments: type[Arguments]
    handler: Handler
    writes: bool = False  # changes the plan memory (so a failed turn is not simply re-run)
    # Not shown to the model: run only by a question's option the person chose
    # (track_commitment runs when they say Yes to propose_commitment's offer).
    offered: bool = True

    @property
    def input_schema(self) -> dict[str, Any]:
        return json_schema(self.arguments)

    def definition(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "description": self.description,
            "input_schema": self.input_schema,
        }


class ToolRegistry:
    def __init__(self, tools: Iterable[Tool]) -> None:
        self._tools = {tool.name: tool for tool in tools}

    def names(self) -> list[str]:
        return list(self._tools)

    def writes(self, name: str) -> bool:
        """Whether tool ``name`` changes the plan memory (unknown tools: no)."""
        tool = self._tools.get(name)
        return tool is not None and tool.writes

    def fits(self, name: str, arguments: Any) -> bool:
        """Whether an offered tool ``name`` would take ``arguments`` (pass the check)."""
        tool = self._tools.get(name)
        return tool is not None and tool.offered and not validate(tool.arguments, arguments)[1]

    def definitions(self) -> list[dict[str, Any]]:
        """The tool list sent to the model; constant, so it can be cached."""
        return [tool.definition() for tool in self._tools.values() if tool.offered]

    async def call(self, name: str, arguments: Any, ctx: ToolContext) -> ToolResult:
        tool = self._tools.get(name)
        if tool is None:
            offered = ", ".join(n for n, t in self._tools.items() if t.offered)
            return ToolResult(
                f"Unknown tool {name!r}; available: {offered}.",
                is_error=True,
                internal=True,
                tool=name,
            )
        if isinstance(arguments, dict):
            # a message read in an English gloss of other languages' words ("walang
            # sumasagot" read as "no answer"): what is kept is in the person's own words
            arguments = other_tongues.args_as_written(arguments)
        given, found = validate(tool.arguments, arguments)
        if found:
            return ToolResult(
                f"Invalid arguments for {name}: {'; '.join(found[:3])}.",
                is_error=True,
                internal=True,
                tool=name,
            )
        try:
            ctx.acted_step = ctx.acted_plan = None  # set by the handler (ctx.touched(…))
            content = await tool.handler(ctx, **given)
        except NotFound as error:
            return ToolResult(str(error), is_error=True)
        except ValueError as error:
            return ToolResult(str(error), is_error=True)
        except Exception as error:
            # The store rolled the transaction back; the details go to the log (one
            # line, no secrets, no traceback unless debugging), not to the model or
            # the person.
            log.error("tool %s failed (turn %s)", name, ctx.origin or "-", exc_info=error)
            return ToolResult(
                f"{name} failed inside drbot; nothing was changed.",
                is_error=True,
                internal=True,
                tool=name,
                storage=cannot_write(error),
            )
        if tool.writes:
            ctx.changes.append(name)
            ctx.done.append(done_line(content))
            ctx.record_change()
        return ToolResult(content)


def done_line(content: str) -> str:
    """What a write tool's result says it did, in a person's words: its first
    line without ids or the plan's status ('Created plan "Fix the fence"')."""
    first = readable(content).split("\n", 1)[0]
    return re.sub(r" — (?:active|complete|abandoned)\b.*$", "", first).strip()
