"""The Assistant: one person's message in, tool calls and an answer out.

It knows nothing of Telegram; the bot and `drbot chat` drive the same object.
A message goes one of these ways:

* the answer to the chat's open question ("2", its label) → that option's
  tool calls, with no model call (``question_answers``); any other message drops it
  (a new plan offered and typed past, the turn writing and asking nothing, is put once more);
* marks only ("✓ 2", "✗ 3 waiting on council") → the chat's current plan is
  changed directly, with no model call;
* no model configured → the built-in rules (`rules.interpreter`);
* an exact command ("undo", "plans": ``rules.exact``) → the interpreter, with no
  model call;
* with a model that is not Anthropic's (``[llm] hybrid``, "auto": on for a slow
  local server) the interpreter first answers what it is certain of; with
  Claude every free sentence goes to the model;
* otherwise → the model loop: constant system prompt and tools (cached), the
  chat's history (cached up to its newest message), and a fresh ANNOUNCE block
  at the tail of every round (never cached; see ``announce``).  Tool calls
  written as text, repeated calls, bad earlier turns, /new: see ``model_guard``;
  answers cut short, refused or paused (``stop_reason``): see ``unfinished_answers``; each
  write journalled with its change, for a kill mid-turn: see ``interrupted``.

When the model cannot be reached the person gets a short apology; their
message is kept for /retry unless something was already changed (every way a
turn ends is in the "how a model turn ends" part below).  The history
sent is trimmed to fit the model's context window (see ``context_budget``);
if the model still says it is too long, the history is dropped and the
message asked once more.
"""

from __future__ import annotations

import asyncio
import copy
import functools
import logging
import sqlite3
import time
from collections.abc import Callable
from datetime import datetime
from datetime import time as dtime
from typing import TYPE_CHECKING, Any, cast
from zoneinfo import ZoneInfo

from drbot.ai.language import marks_input
from drbot.ai.llm import announce, confirm, interrupted, model_guard, turns, unfinished_answers
from drbot.ai.llm.context_budget import estimate_tokens, history_budget, turns_to_drop
from drbot.ai.llm.model_errors import apology, context_overflow
from drbot.ai.llm.prompt import SYSTEM_PROMPT
from drbot.ai.llm.turns import CACHE, Reply, Turn, Usage
from drbot.ai.rules import exact
from drbot.ai.tools import all_plans, commitments, finishing, question_answers
from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.clarifying_question import Question
from drbot.ai.tools.offline_answer import OfflineAnswer
from drbot.ai.tools.tool_registry import ToolContext, ToolRegistry
from drbot.config import Settings
from drbot.marks import step_line
from drbot.memory import NoPlanToMark, NotFound, PlanStore
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.conversations import ConversationStore
from drbot.memory.owners import plan_owner
from drbot.memory.turn_journal import TurnJournal
from drbot.memory.user_settings import UserSettings

if TYPE_CHECKING:
    import anthropic
    from anthropic.types import MessageParam, TextBlockParam, ToolParam

    from drbot.ai.rules.interpreter import RulesInterpreter
    from drbot.memory.records import MarkedStep, Plan

log = logging.getLogger(__name__)

STOPPED = "(Stopped part-way.)"

MAX_MESSAGE = 8000  # characters; longer belongs in several messages
TRIM_NOTICE = (
    "Older conversation history was trimmed. Use list_plans / get_plan to restore "
    "any context you need; the plans themselves are complete."
)


class Assistant:
    def __init__(
        self,
        *,
        store: PlanStore,
        conversations: ConversationStore,
        users: UserSettings,
        settings: Settings,
        client: anthropic.AsyncAnthropic | None = None,
        registry: ToolRegistry | None = None,
        clock: Clock = system_clock,
    ) -> None:
        self.store, self.conversations, self.users = store, conversations, users
        self.journal = TurnJournal(store.db, clock=clock)  # see ai.llm.interrupted
        self.settings = settings
        self.client = client
        self.registry = registry or build_registry()
        self._clock = clock
        self._system = [{"type": "text", "text": SYSTEM_PROMPT, "cache_control": CACHE}]
        self._tools = copy.deepcopy(self.registry.definitions())
        self._tools[-1]["cache_control"] = CACHE
        # System prompt + tools, estimated like the history (see context_budget).
        self.prompt_tokens = estimate_tokens(self._system) + estimate_tokens(self._tools)

    @functools.cached_property
    def rules(self) -> RulesInterpreter:
        """The built-in interpreter, built on the first message that needs reading: its
        readers compile a few hundred patterns (about a quarter of a second), which a
        process that only serves commands, buttons and mark lines (``drbot doctor``, a
        ``drbot chat`` of settings, a restart that answers nothing yet) never needs."""
        from drbot.ai.rules.interpreter import RulesInterpreter

        return RulesInterpreter(self.registry)

    @property
    def clock(self) -> Clock:
        """What time it is for this assistant (``drbot chat``'s setting commands
        act at the same moment)."""
        return self._clock

    @classmethod
    def from_settings(cls, settings: Settings, store: PlanStore, **kwargs: Any) -> Assistant:
        """The assistant as configured: with a model client when a key is set."""
        client = None
        if settings.llm.use_anthropic:
            import anthropic  # 2 s to import: `drbot chat` without a key never pays it

            client = anthropic.AsyncAnthropic(
                api_key=settings.llm.api_key.get_secret_value() or None,
                base_url=settings.llm.base_url or None,
                timeout=settings.llm.timeout_s,
                max_retries=settings.llm.retries,
            )
        conversations = kwargs.pop("conversations", None) or ConversationStore(
            store.db, clock=kwargs.get("clock", system_clock)
        )
        users = kwargs.pop("users", None) or UserSettings(
            store.db,
            default_timezone=settings.briefing.default_timezone,
            default_briefing_time=settings.briefing.time,
        )
        return cls(
            store=store,
            conversations=conversations,
            users=users,
            settings=settings,
            client=client,
            **kwargs,
        )

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()

    # -- entry points --------------------------------------------------------

    async def handle(
        self, chat_id: int, user_id: int, text: str, *, origin: str | None = None
    ) -> Reply:
        text = text.strip()
        if not text:
            return Reply("Tell me about a plan, or send /help to see what I can do.")
        if len(text) > MAX_MESSAGE:
            return Reply(
                f"That message is {len(text):,} characters long; please keep it under "
                f"{MAX_MESSAGE:,} (split it into several)."
            )
        if model_guard.wants_fresh_start(text):
            return await self.start_fresh(chat_id, user_id)
        marks = marks_input.parse(text)
        state: dict[str, Any] | None = None
        if marks is not None and not all_plans.matches(text):
            marked = await self._marks_first(chat_id, user_id, text, marks, origin)
            if isinstance(marked, Reply):
                return marked
            state = marked  # no plan to mark: the chat's state as that write read it, if it did
        if state is None:
            state = await self.conversations.state(chat_id, user_id)  # one read of the chat
        picked = await question_answers.pick(
            self.conversations, state["question"], chat_id, user_id, text, self._clock()
        )
        if picked is not None:
            return await self.answer_question(
                chat_id, user_id, picked[0], token=picked[1], origin=origin
            )
        left_open = question_answers.plan_offer_left_open(state["question"], self._clock(), text)
        ctx = await self._context(chat_id, user_id, origin, state)
        ctx.message = text  # a commitment declined for this message is not offered again
        listed = await all_plans.answer(self.registry, ctx, text)  # "plans all", "reopen plan 4"
        if listed is not None:
            await self._finish(ctx, text, turns.pair(text, listed), "offline", None, Usage())
            return _with_changes(Reply(listed, plan_id=ctx.current_plan_id, outcome="offline"), ctx)
        if marks is not None:
            return await self._offer_finished(ctx, await self._apply_marks(ctx, text, marks))
        turn = Turn(ctx, text)
        try:
            reply = await self._offer_finished(ctx, _with_changes(await self._turn(turn), ctx))
            return await self._offer_plan_again(ctx, left_open, reply)
        except asyncio.CancelledError:  # Ctrl-C in `drbot chat`, or shutdown
            await asyncio.shield(self._cancelled(turn))
            raise

    async def _turn(self, turn: Turn) -> Reply:
        ctx, text = turn.ctx, turn.text
        if self.client is None or exact.is_exact_command(text):
            return await self._offline_turn(ctx, text)
        if self.settings.llm.rules_first:
            answer = await self.rules.handle(text, ctx, sure_only=True)
            if answer is not None:
                return await self._offline_turn(ctx, text, answer=answer)
        return await self._model_turn(turn)

    def will_call_model(self, text: str) -> bool:
        """Whether ``handle(text)`` would ask the model (and so take a while).
        Cheap, so it may say yes to what hybrid mode then answers itself."""
        text = text.strip()
        return (
            self.client is not None
            and marks_input.parse(text) is None
            and not model_guard.wants_fresh_start(text)
            and not exact.is_exact_command(text)
            and not all_plans.matches(text)
        )

    async def retry_last(self, chat_id: int, user_id: int) -> Reply:
        """Run the message kept after a model failure once more."""
        pending = await self.conversations.pending(chat_id, user_id)
        if pending is None:
            return Reply("There is nothing to retry.")
        return await self.handle(chat_id, user_id, pending["text"], origin=pending["origin"])

    async def start_fresh(self, chat_id: int, user_id: int) -> Reply:
        """A new conversation: the model no longer sees the earlier turns; every
        plan, and the chat's current plan, stay."""
        await self.conversations.start_fresh(chat_id, user_id)
        plan_id = await self.conversations.current_plan(chat_id, user_id)
        return Reply(model_guard.FRESH_START, plan_id=plan_id, outcome="fresh")

    # -- the three ways ------------------------------------------------------

    async def _marks_first(
        self,
        chat_id: int,
        user_id: int,
        text: str,
        marks: list[tuple[int | str, str, str | None]],
        origin: str | None,
    ) -> Reply | dict[str, Any] | None:
        """A mark line, read and written in one round trip to the database: the chat's
        state is read inside the change's transaction, which marks its current plan.
        The answer; or, when there is no plan to mark or a question is open (the line
        may answer it), the chat's state as read, nothing written, for the rest of
        ``handle`` to go on from as it does for any message (None: marks refused before
        anything was read; the rest of ``handle`` refuses them the same way)."""
        read: dict[str, Any] = {}

        def current(conn: sqlite3.Connection) -> int | None:
            read.update(self.conversations.state_on(conn, chat_id, user_id))
            return read["plan_id"] if read["question"] is None else None

        try:
            changed, plan = await self.store.apply_marks_to_current(
                plan_owner(user_id, chat_id), current, marks, origin=origin
            )
        except NoPlanToMark:
            return read
        except (ValueError, NotFound) as error:
            if not read:
                return None
            return Reply(str(error), plan_id=read["plan_id"], outcome="marks")
        ctx = await self._context(chat_id, user_id, origin, read)
        ctx.message = text
        return await self._offer_finished(ctx, self._marked(ctx, changed, plan))

    async def _apply_marks(
        self, ctx: ToolContext, text: str, marks: list[tuple[int | str, str, str | None]]
    ) -> Reply:
        if ctx.current_plan_id is None:
            return Reply("Which plan? Open one first (/plans, or ask about it), then send marks.")
        try:
            changed, plan = await self.store.apply_marks_read_back(
                ctx.owner, ctx.current_plan_id, marks, origin=ctx.origin
            )
        except (ValueError, NotFound) as error:
            return Reply(str(error), plan_id=ctx.current_plan_id, outcome="marks")
        return self._marked(ctx, changed, plan)

    def _marked(self, ctx: ToolContext, changed: list[MarkedStep], plan: Plan) -> Reply:
        """The answer to marks applied to ``plan``."""
        lines = [f"{plan['title']}:"] + [
            step_line(step) + ("" if step["changed"] else " (already so)") for step in changed
        ]
        if any(s["changed"] and s["status"] in finishing.CLOSED for s in changed):
            ctx.finished.append(plan["id"])  # Complete / Keep open, if it was the last one
        # No turn is stored: marks never reach the model, and the revision
        # already records the change with its origin message.
        return Reply(
            "\n".join(lines),
            plan_id=plan["id"],
            outcome="marks",
            changed={plan["id"]: tuple(s["step_id"] for s in changed if s["changed"])},
            plans={plan["id"]: plan},
        )

    async def _offline_turn(
        self, ctx: ToolContext, text: str, *, note: str = "", answer: OfflineAnswer | None = None
    ) -> Reply:
        answer = answer or await self.rules.handle(text, ctx)
        await self._finish(ctx, text, turns.pair(text, answer.text), "offline", None, Usage())
        return await self._asking(
            ctx,
            answer.question,
            Reply(answer.text + note, plan_id=ctx.current_plan_id, outcome="offline"),
        )

    async def _model_turn(self, turn: Turn) -> Reply:
        import anthropic

        ctx, limit = turn.ctx, self.settings.llm.max_iterations
        turn.history, trimmed = await self.conversations.history(
            ctx.chat_id, ctx.user_id, drop=self._history_fit(turn.text)
        )
        turn.history = model_guard.clean_history(turn.history)
        turn.notices = [TRIM_NOTICE] if trimmed else []
        turn.messages.append({"role": "user", "content": [{"type": "text", "text": turn.text}]})
        used_before = await self._tokens_today(ctx)
        for iteration in range(1, limit + 1):
            if self._over_budget(used_before + turn.usage.total):
                return await self._stop_for_budget(turn)
            turn.announce = await self._announce(turn, iteration, used_before, turn.notices)
            try:
                response = await self._create_within_context(turn, iteration, used_before)
            except (anthropic.APIError, TimeoutError) as error:
                return await self._failed(turn, error)
            turn.usage.add(response.usage)
            # An empty answer cannot go back into the history: the API refuses it.
            content = [turns.block_dict(block) for block in response.content] or [
                {"type": "text", "text": ctx.summary() or "(no answer)"}
            ]
            stop = unfinished_answers.unfinished(response.stop_reason, content, ctx)
            if stop is not None:  # cut, refused or paused: no tool call of it runs
                return await self._stopped(turn, stop)
            reading = model_guard.read_reply(content, self.registry)  # tool calls as text too
            if reading.kind == "refuse":  # the unusable answer is not stored
                return await self._ended(turn, "not_understood", model_guard.refusal(ctx))
            turn.messages.append({"role": "assistant", "content": reading.content})
            if not reading.calls:
                return await self._answered(turn, reading.text)
            if self.settings.llm.confirms_writes and confirm.writes(self.registry, reading.calls):
                return await self._confirm(turn, reading.calls)
            turn.messages.append(
                {
                    "role": "user",
                    "content": await interrupted.run_calls(
                        self.journal, turn, self.registry, reading.calls
                    ),
                }
            )
            if turn.repeats.looping:
                return await self._ended(
                    turn,
                    "repeating",
                    model_guard.REPEATING.format(done=ctx.summary() or "nothing was changed"),
                )
        return await self._round_limit(turn)

    # -- how a model turn ends ----------------------------------------------
    # Each ending stores the turn (``_finish``) so that the next request is valid,
    # and says one plain line when drbot, not the model, has the last word.

    async def _answered(self, turn: Turn, text: str) -> Reply:
        if not text.strip():
            text = turn.ctx.summary() or "Done."
        await self._finish(
            turn.ctx, turn.text, turn.messages, "answered", turn.announce, turn.usage
        )
        # A tool may have put a question to the person (propose_commitment).
        return await self._asking(
            turn.ctx, turn.ctx.asked, Reply(text, plan_id=turn.ctx.current_plan_id)
        )

    async def _stopped(self, turn: Turn, stop: unfinished_answers.Stop) -> Reply:
        turn.messages.append({"role": "assistant", "content": stop.content})
        await self._finish(
            turn.ctx, turn.text, turn.messages, stop.stored_outcome, turn.announce, turn.usage
        )
        return Reply(stop.text, plan_id=turn.ctx.current_plan_id, outcome=stop.outcome)

    async def _round_limit(self, turn: Turn) -> Reply:
        done = turn.ctx.summary() or "nothing was changed"
        return await self._ended(
            turn,
            "round_limit",
            f"I stopped after "
            f"{self.settings.llm.max_iterations} rounds without finishing. "
            f"So far: {done}.",
        )

    async def _confirm(self, turn: Turn, calls: list[dict]) -> Reply:
        """The model's changes wait for the person's yes (see ai.confirm)."""
        question = await confirm.question(confirm.writes(self.registry, calls), turn.ctx)
        turn.messages.append({"role": "user", "content": confirm.not_run(calls)})
        reply = await self._ended(turn, "answered", question.text)
        return await self._asking(turn.ctx, question, reply)

    async def _ended(self, turn: Turn, outcome: str, text: str) -> Reply:
        """End the turn with drbot's own line (kept out of later history)."""
        turn.messages.append({"role": "assistant", "content": [{"type": "text", "text": text}]})
        await self._finish(turn.ctx, turn.text, turn.messages, outcome, turn.announce, turn.usage)
        return Reply(text, plan_id=turn.ctx.current_plan_id, outcome=outcome)

    async def _stop_for_budget(self, turn: Turn) -> Reply:
        text = (
            f"You have used today's model budget ({self.settings.llm.daily_token_budget:,} "
            "tokens). Marks, /plans and the other commands still work; the budget renews "
            "at midnight."
        )
        if len(turn.messages) > 1:  # stopped mid-turn: close it properly
            turn.messages.append({"role": "assistant", "content": [{"type": "text", "text": text}]})
            await self._finish(
                turn.ctx, turn.text, turn.messages, "answered", turn.announce, turn.usage
            )
        else:
            await self.conversations.keep_pending(
                turn.ctx.chat_id,
                turn.ctx.user_id,
                turn.text,
                origin=turn.ctx.origin,
                reason="budget",
            )
        return Reply(text, plan_id=turn.ctx.current_plan_id, outcome="budget")

    async def _failed(self, turn: Turn, error: BaseException) -> Reply:
        ctx = turn.ctx
        reason = apology(error)
        log.warning("model call failed: %s", reason)
        if ctx.changes:
            # Part of the work is done; re-running the message could do it twice.
            text = (
                f"Sorry — {reason}, so I stopped part-way. Done so far: {ctx.summary()}. "
                "Tell me how to continue when you like."
            )
            turn.messages.append({"role": "assistant", "content": [{"type": "text", "text": text}]})
            await self._finish(ctx, turn.text, turn.messages, "answered", turn.announce, turn.usage)
            return Reply(text, plan_id=ctx.current_plan_id, outcome="failed")
        answer = await self.rules.handle(turn.text, ctx)
        if answer.understood:
            await self._finish(
                ctx, turn.text, turns.pair(turn.text, answer.text), "offline", None, turn.usage
            )
            return await self._asking(
                ctx,
                answer.question,
                Reply(
                    f"{answer.text}\n\n(The model is unavailable — {reason} — so I used my "
                    "built-in rules.)",
                    plan_id=ctx.current_plan_id,
                    outcome="offline",
                ),
            )
        await self.conversations.keep_pending(
            ctx.chat_id, ctx.user_id, turn.text, origin=ctx.origin, reason=reason
        )
        await self._finish(ctx, turn.text, [], "failed", turn.announce, turn.usage)
        return Reply(
            f"Sorry — {reason}. I kept your message: send /retry to try again.",
            plan_id=ctx.current_plan_id,
            outcome="failed",
            retry_available=True,
        )

    async def _cancelled(self, turn: Turn) -> None:
        """A turn cancelled part-way.  Each tool call is its own transaction
        (rolled back when cancelled inside it), so what is written is whole
        calls; when some already ran, the turn is stored as a plain exchange
        saying so (a cut tool_use could not go back to the model) and the
        current plan follows.  Nothing changed: nothing is stored."""
        ctx = turn.ctx
        if not ctx.changes:
            return
        text = f"{STOPPED} Done before it stopped: {ctx.summary()}."
        await self._finish(
            ctx, turn.text, turns.pair(turn.text, text), "answered", turn.announce, turn.usage
        )

    # -- the model call ------------------------------------------------------

    def _history_fit(self, text: str) -> Callable[[list[list[dict]]], int]:
        """How many of the oldest stored turns to drop to fit the context window."""
        llm = self.settings.llm
        budget = history_budget(
            context_tokens=llm.context_window,
            max_tokens=llm.max_tokens,
            fixed_tokens=self.prompt_tokens,
            message=text,
        )
        return lambda turns: turns_to_drop(turns, budget)

    async def _create_within_context(self, turn: Turn, iteration: int, used_before: int) -> Any:
        """The model's answer; when the model says the request is longer than its
        context, the chat's history is dropped for good and the model asked once more."""
        import anthropic

        try:
            return await self._create(turn.history, turn)
        except anthropic.BadRequestError as error:
            if not (turn.history and context_overflow(error)):
                raise
        log.warning("the model's context overflowed: dropping the chat's history")
        ctx = turn.ctx
        await self.conversations.history(ctx.chat_id, ctx.user_id, drop=len)
        turn.history, turn.notices = [], [TRIM_NOTICE]
        turn.announce = await self._announce(turn, iteration, used_before, turn.notices)
        return await self._create(turn.history, turn)

    async def _create(self, history: list[dict], turn: Turn) -> Any:
        client, tail = self.client, turn.announce
        if client is None or tail is None:  # set before any model turn starts
            raise RuntimeError("a model turn needs the model client and its ANNOUNCE block")
        messages = turns.with_cache_points(history, turn.messages, tail)
        llm = self.settings.llm
        # The SDK's timeout is per attempt and a 429 may ask to wait for hours:
        # one deadline over the whole call keeps the apology prompt.
        async with asyncio.timeout(llm.timeout_s * (llm.retries + 1) + 5):
            # Our JSON, in the shapes the API takes (the fake server in tests/ checks them).
            return await client.messages.create(
                model=llm.model,
                max_tokens=llm.max_tokens,
                system=cast("list[TextBlockParam]", self._system),
                tools=cast("list[ToolParam]", self._tools),
                messages=cast("list[MessageParam]", messages),
            )

    async def _announce(
        self, turn: Turn, iteration: int, used_before: int, notices: list[str]
    ) -> str:
        ctx = turn.ctx
        plan = None
        if ctx.current_plan_id is not None:
            try:
                plan = await self.store.get_plan(ctx.owner, ctx.current_plan_id)
            except NotFound:
                ctx.current_plan_id = None
        return announce.build(
            iteration=iteration,
            max_iterations=self.settings.llm.max_iterations,
            elapsed_s=time.monotonic() - turn.started,
            now=self._clock(),
            timezone=ctx.timezone,
            plan=plan,
            notices=notices,
            tokens_today=used_before + turn.usage.total,
            token_budget=self.settings.llm.daily_token_budget,
        )

    # -- clarifying questions (see tools.clarifying_question, tools.question_answers) --

    async def open_question(self, chat_id: int, user_id: int) -> tuple[Question, str] | None:
        """The chat's open question and its token, while a typed number answers it."""
        return await question_answers.open_question(
            self.conversations, chat_id, user_id, self._clock()
        )

    async def answer_question(
        self,
        chat_id: int,
        user_id: int,
        index: int,
        token: str | None = None,
        origin: str | None = None,
    ) -> Reply:
        """Run option ``index`` (1-based) of the chat's open question, once: the
        question is claimed first, so a second press or a stale token runs nothing.
        Index 0 is "Neither" (a Yes / No offer's No, which is remembered)."""
        taken = await self.conversations.take_question(chat_id, user_id, token)
        question = question_answers.load(taken["question"]) if taken else None
        if question is None or not 0 <= index <= len(question.options):
            return Reply(question_answers.EXPIRED, outcome="expired")
        if index == 0:
            if question.declines is None:
                return Reply(question_answers.NEITHER, outcome="declined")
            await commitments.remember_no(self.store.db, user_id, question.declines, self._clock())
            return Reply(commitments.NOT_TRACKED, outcome="declined")
        option = question.options[index - 1]
        ctx = await self._context(chat_id, user_id, origin)
        text = await question_answers.run_option(self.registry, option, ctx)
        await self._finish(
            ctx, option.label, turns.pair(option.label, text), "offline", None, Usage()
        )
        return await self._offer_finished(
            ctx, _with_changes(Reply(text, plan_id=ctx.current_plan_id, outcome="offline"), ctx)
        )

    async def offer_to_close(self, chat_id: int, user_id: int, plan_id: int) -> Reply | None:
        """Complete / Keep open for ``plan_id`` when every step of it is finished (a Done
        or Skip button closed its last open step; see ``tools.finishing``), else None."""
        question = await finishing.offer(self.store, plan_owner(user_id, chat_id), [plan_id])
        if question is None:
            return None
        ctx = await self._context(chat_id, user_id, None)
        return await self._asking(
            ctx, question, Reply(question.text, plan_id=plan_id, outcome="offline")
        )

    async def _offer_finished(self, ctx: ToolContext, reply: Reply) -> Reply:
        """``reply``, asking Complete / Keep open when this turn closed the last open
        step of a plan (``tools.finishing``) — unless it already asks something."""
        if reply.question is not None or not ctx.finished:
            return reply
        question = await finishing.offer(self.store, ctx.owner, ctx.finished, read=reply.plans)
        return await self._asking(ctx, question, reply)

    async def _offer_plan_again(
        self, ctx: ToolContext, offer: Question | None, reply: Reply
    ) -> Reply:
        """``reply``, with the plan offered last turn put once more when this turn wrote
        nothing and asked nothing (``question_answers.plan_offer_left_open``)."""
        if offer is None or reply.question is not None or ctx.changes:
            return reply
        return await self._asking(ctx, question_answers.put_again(offer), reply)

    async def _asking(self, ctx: ToolContext, question: Question | None, reply: Reply) -> Reply:
        """``reply``, carrying ``question`` (stored, replacing any older one) if asked."""
        if question is not None:
            reply.question = question
            reply.question_token = await self.conversations.set_question(
                ctx.chat_id, ctx.user_id, question.to_json()
            )
        return reply

    # -- bookkeeping ---------------------------------------------------------

    async def _context(
        self, chat_id: int, user_id: int, origin: str | None, state: dict[str, Any] | None = None
    ) -> ToolContext:
        state = state or await self.conversations.state(chat_id, user_id)
        plan_id, step_id = state["plan_id"], state["step_id"]
        return ToolContext(
            user_id=user_id,
            chat_id=chat_id,
            store=self.store,
            users=self.users,
            now=self._clock(),
            timezone=state["timezone"] or self.users.default_timezone,
            origin=origin,
            current_plan_id=plan_id,
            last_step_id=step_id,
            loaded=(plan_id, step_id),
        )

    async def _finish(
        self,
        ctx: ToolContext,
        text: str,
        messages: list[dict],
        outcome: str,
        final_announce: str | None,
        usage: Usage,
    ) -> None:
        await self.conversations.save_turn(
            ctx.chat_id,
            ctx.user_id,
            user_text=text,
            messages=messages,
            outcome=outcome,
            final_announce=final_announce,
            usage=usage.as_dict(),
            model_calls=usage.calls,
            origin=ctx.origin,
            started_at=iso(ctx.now),
        )
        if (ctx.current_plan_id, ctx.last_step_id) != ctx.loaded:
            await self.conversations.set_current_plan(
                ctx.chat_id, ctx.user_id, ctx.current_plan_id, last_step_id=ctx.last_step_id
            )

    async def _tokens_today(self, ctx: ToolContext) -> int:
        if not self.settings.llm.daily_token_budget:
            return 0
        zone = ZoneInfo(ctx.timezone)
        midnight = datetime.combine(ctx.now.astimezone(zone).date(), dtime(0), zone)
        return await self.conversations.tokens_used(ctx.user_id, midnight)

    def _over_budget(self, used: int) -> bool:
        budget = self.settings.llm.daily_token_budget
        return bool(budget) and used >= budget


def _with_changes(reply: Reply, ctx: ToolContext) -> Reply:
    """``reply``, saying which plans and steps its message changed."""
    reply.changed = {plan: tuple(steps) for plan, steps in ctx.changed.items()}
    return reply
