"""How a model turn ends: answered, stopped by the model, out of rounds, waiting
for the person's yes, out of budget, failed, or cancelled part-way.

A part of the Assistant (its base class), kept apart from the model loop: each
ending stores the turn (``_finish``) so that the next request is valid, and
says one plain line when drbot, not the model, has the last word.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable

from drbot.ai.llm import confirm, turns, unfinished_answers
from drbot.ai.llm.model_errors import apology
from drbot.ai.llm.turns import Reply, Turn
from drbot.ai.rules.interpreter import RulesInterpreter
from drbot.ai.tools.clarifying_question import Question
from drbot.ai.tools.tool_registry import ToolContext, ToolRegistry
from drbot.config import Settings
from drbot.memory.conversations import ConversationStore

log = logging.getLogger("drbot.ai.assistant")  # one logger for all of the Assistant's lines

STOPPED = "(Stopped part-way.)"


class TurnEndings:
    # Set by the Assistant.
    settings: Settings
    registry: ToolRegistry
    conversations: ConversationStore
    rules: RulesInterpreter
    _finish: Callable[..., Awaitable[None]]
    _asking: Callable[[ToolContext, Question | None, Reply], Awaitable[Reply]]

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
