"""Taking the answer to a clarifying question (the question itself: ``clarifying_question``).

The Assistant stores an open question per chat.  It is answered by a button
(Telegram) or by typing its number or label; running the chosen option goes
through the tool registry with the answering person's context, so a stored
question can do nothing the person could not have asked for directly.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime, timedelta

from drbot.ai.tools import plan_text
from drbot.ai.tools.clarifying_question import Option, Question
from drbot.ai.tools.tool_registry import ToolContext, ToolRegistry
from drbot.memory.clock import parse
from drbot.memory.conversations import ConversationStore

# A typed "2" answers the question only this long: later, it is just a message.
TTL = timedelta(hours=1)
EXPIRED = "That question has expired — nothing was changed."
NEITHER = "OK — nothing changed."

_NUMBER = re.compile(r"(?:option\s*)?#?\s*([0-9]{1,2})\s*[.)]?", re.IGNORECASE)
# A Yes / No offer answered in words ("no thanks", "yes please").
_NO = re.compile(
    r"(?:✗\s*)?(?:no|nope|nah|no\s+thanks?(?:\s+you)?|don'?t|not\s+now)[\s!.]*", re.IGNORECASE
)
_YES = re.compile(
    r"(?:yes|yeah|yep|yup|sure|ok(?:ay)?|please|go\s+on|do\s+it|track\s+it)"
    r"(?:[\s,]+(?:please|thanks|track\s+it|do\s+it))*[\s!.]*",
    re.IGNORECASE,
)


# A message that turns an offer down in words of its own ("nah, not yet", "forget it"): the
# offer is not put again after it.
_DECLINED = re.compile(
    r"\W*(?:no|nope|nah|not\s+(?:now|yet)|forget\s+it|never\s*mind|don'?t|cancel)\b",
    re.IGNORECASE,
)


def load(raw: str) -> Question | None:
    """The stored question, or None when it cannot be read (then nothing runs)."""
    try:
        return Question.from_json(raw)
    except (ValueError, KeyError, TypeError):
        return None


def fresh(row: dict[str, str], now: datetime) -> Question | None:
    """The stored question while a typed answer may still pick from it."""
    if now - parse(row["asked_at"]) >= TTL:
        return None
    return load(row["question"])


def plan_offer_left_open(row: dict[str, str] | None, now: datetime, text: str) -> Question | None:
    """The chat's open offer of a new plan that ``text`` did not answer, to put once more
    after the reply: a person who types news of a step right after "Start a new plan …?" may
    think the plan was made (what was offered is not lost to one message typed past it). None
    when the question was no plan offer, is stale, was put again already, or ``text`` turns it
    down."""
    question = fresh(row, now) if row else None
    if question is None or question.again or _DECLINED.match(text):
        return None
    calls = [name for option in question.options for name, _ in option.calls]
    return question if calls == ["create_plan"] else None


def put_again(question: Question) -> Question:
    """``question`` (a plan offer) as put a second time: one line naming the plan, the same
    options, marked so it is not put a third time."""
    title = str(question.options[0].calls[0][1].get("title", "")).strip()
    return replace(question, text=f"I haven't started “{title}” yet — start it now?", again=True)


async def open_question(
    conversations: ConversationStore, chat_id: int, user_id: int, now: datetime
) -> tuple[Question, str] | None:
    """The chat's open question and its token, while a typed answer may pick."""
    row = await conversations.question(chat_id, user_id)
    question = fresh(row, now) if row else None
    return (question, row["token"]) if question and row else None


async def pick(
    conversations: ConversationStore,
    row: dict[str, str] | None,
    chat_id: int,
    user_id: int,
    text: str,
    now: datetime,
) -> tuple[int, str] | None:
    """(option, token) when ``text`` answers the open question ``row`` (as
    ``ConversationStore.question`` gives it).  Any other message drops the
    question, so a later "2" cannot reach back to it."""
    if row is None:
        return None
    question = fresh(row, now)
    index = picked(text, question) if question else None
    if index is None:
        await conversations.clear_question(chat_id, user_id)
        return None
    return index, row["token"]


def picked(text: str, question: Question) -> int | None:
    """The 1-based option ``text`` picks: its number ("2", "2.", "#2", "option 2")
    or exactly its label (any case); for a Yes / No offer also "yes" (when it
    has one Yes) and "no" (0: the No, which is remembered); None for any other
    message."""
    text = " ".join(text.split())
    if question.declines is not None or len(question.options) == 1:  # a Yes / No question
        if _NO.fullmatch(text):
            return 0
        if len(question.options) == 1 and _YES.fullmatch(text):
            return 1
    number = _NUMBER.fullmatch(text)
    if number:
        index = int(number[1])
        return index if 1 <= index <= len(question.options) else None
    labels = [option.label.casefold() for option in question.options]
    return labels.index(text.casefold()) + 1 if text.casefold() in labels else None


async def run_option(registry: ToolRegistry, option: Option, ctx: ToolContext) -> str:
    """Run the option's calls in order, stopping at the first error; what
    happened, for a person."""
    done: list[str] = []
    for name, arguments in option.calls:
        result = await registry.call(name, dict(arguments), ctx)
        if result.is_error:  # later calls may depend on this one: stop here
            reason = result.for_person()
            if not done:
                return f"That did not work: {reason}\nNothing was changed."
            return "\n\n".join(plan_text.shown_once(done) + [f"Then it stopped: {reason}"])
        done.append(result.for_person())
    done = plan_text.shown_once(done)
    if option.reply:
        done.append(option.reply)
    return "\n\n".join(done) or "Done."
