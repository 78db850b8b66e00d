"""ConversationStore — what a chat remembers between messages: history, turns, /retry.

Each person has their own conversation in a chat: ``chat_state`` and the
message kept for /retry are keyed by (``chat_id``, ``user_id``).  A private
chat has one person; in a group shared by several allowed people each one's
history, current plan and open question stay theirs — two people's
conversations never mix, and a read for one never shows the other's.

History is stored as whole turns (user ... assistant), and trimmed by whole
turns, so a ``tool_use`` is never separated from its ``tool_result``.  It is
trimmed in chunks: once more than ``max_turns`` turns are kept, the start jumps
forward so only the newest ``max_turns // 2`` remain (the caller may ask for more
to go, to fit the model's context).  Between trims the
history only grows at its end, so the cached prompt prefix stays valid.
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Callable
from datetime import datetime
from typing import Any

from aiosqlite import Connection

from drbot.memory import limits, turn_journal
from drbot.memory.clock import Clock, iso, system_clock
from drbot.memory.database import Database, fetch, inserted
from drbot.memory.errors import NotFound
from drbot.memory.inbox import handling
from drbot.memory.owners import plan_owner

# The owner of the plans a chat_state row (c) reaches: owners.plan_owner in SQL.
_OWNER = "iif(c.chat_id < 0, c.chat_id, c.user_id)"

# What a message needs of its chat (``ConversationStore.state``): one row, whether or
# not the chat has state.
_STATE = (
    "SELECT p.id, s.id, c.question, c.question_token AS token,"
    " c.question_asked_at AS asked_at,"
    " (SELECT timezone FROM user_settings WHERE user_id = :user) AS timezone"
    " FROM (SELECT 1) LEFT JOIN chat_state c ON c.chat_id = :chat AND c.user_id = :user"
    f" LEFT JOIN plans p ON p.id = c.current_plan_id AND p.user_id = {_OWNER}"
    " LEFT JOIN plan_steps s ON s.id = c.last_step_id AND s.removed_at IS NULL"
    f"   AND s.plan_id IN (SELECT id FROM plans WHERE user_id = {_OWNER})"
)


def _state_params(chat_id: int, user_id: int) -> dict[str, int]:
    return {"chat": _int(chat_id, "chat_id"), "user": limits.user_id(user_id)}


def _state(row: sqlite3.Row | None) -> dict[str, Any]:
    assert row is not None  # one row, whether or not the chat has state
    question = (
        {"question": row["question"], "token": row["token"], "asked_at": row["asked_at"]}
        if row["question"] is not None
        else None
    )
    return {
        "plan_id": row[0],
        "step_id": row[1],
        "question": question,
        "timezone": row["timezone"],
    }


OUTCOMES = (
    "answered",
    "round_limit",
    "max_tokens",
    "failed",
    "offline",
    "marks",
    # the model's answer could not be acted on (tool text that does not
    # run, an echoed tool result); the same call kept repeating
    "not_understood",
    "repeating",
)
# Nothing answered the message: it stays kept for /retry.  Any other turn
# (the model's answer, the built-in rules' "offline" answer, mark lines)
# answered something newer and supersedes it.
KEEPS_PENDING = ("failed",)
USAGE_KEYS = ("input_tokens", "cache_read_tokens", "cache_write_tokens", "output_tokens")
# The Anthropic API's own names for the cache counters, accepted as given.
USAGE_ALIASES = {
    "cache_read_input_tokens": "cache_read_tokens",
    "cache_creation_input_tokens": "cache_write_tokens",
}

_HISTORY = (
    "SELECT t.id, t.messages FROM turns t"
    " JOIN chat_state c ON c.chat_id = t.chat_id AND c.user_id = t.user_id"
    " WHERE t.chat_id = :chat_id AND t.user_id = :user_id"
    " AND t.id >= c.history_start_turn AND t.messages != '[]'"
    " ORDER BY t.id DESC LIMIT :limit"
)
_QUESTION = "SELECT question, question_token AS token, question_asked_at AS asked_at"
_CLEAR_QUESTION = (
    "UPDATE chat_state SET question = NULL, question_token = NULL,"
    " question_asked_at = NULL WHERE chat_id = ? AND user_id = ?"
)
MAX_QUESTION = 20_000  # characters of JSON: a line and up to four options' tool calls
_USAGE = (
    "SELECT count(*) AS turns, "
    + ", ".join(f"coalesce(sum({k}), 0) AS {k}" for k in (*USAGE_KEYS, "model_calls"))
    + " FROM turns WHERE user_id = ? AND started_at >= ?"
)


class ConversationStore:
    def __init__(self, db: Database, *, clock: Clock = system_clock, max_turns: int = 20) -> None:
        if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 1:
            raise ValueError("max_turns must be a positive int")
        self.db = db
        self._clock = clock
        self.max_turns = max_turns

    def _now(self) -> str:
        return iso(self._clock())

    # -- history -------------------------------------------------------------

    async def history(
        self,
        chat_id: int,
        user_id: int,
        *,
        drop: Callable[[list[list[dict[str, Any]]]], int] | None = None,
    ) -> tuple[list[dict[str, Any]], bool]:
        """The kept turns' messages, oldest first, and whether this call trimmed.
        Reads at most ``max_turns + 1`` turns: enough to know a trim is due.
        ``drop(turns)``, given the kept turns oldest first, may ask for more of
        the oldest to go (to fit a token budget); like the turn-count trim, that
        moves the history's start forward for good."""
        params = {
            "chat_id": _int(chat_id, "chat_id"),
            "user_id": limits.user_id(user_id),
            "limit": self.max_turns + 1,
        }
        rows = []
        for row in reversed(await self.db.fetch_all(_HISTORY, params)):
            try:
                turn = json.loads(row["messages"])
                check_messages(turn)
            except ValueError:
                # Written by some older code and not well formed: leaving the
                # whole turn out keeps the rest valid for the API.
                continue
            rows.append((row["id"], turn))
        n = len(rows) - max(1, self.max_turns // 2) if len(rows) > self.max_turns else 0
        if drop is not None and rows:
            n = max(n, min(len(rows), drop([turn for _, turn in rows])))
        trimmed = False
        if n:
            start = rows[n][0] if n < len(rows) else rows[-1][0] + 1
            async with self.db.transaction() as conn:
                # Only ever forward: a concurrent call that trimmed first makes
                # this one change nothing, so the notice is given once.
                cursor = await conn.execute(
                    "UPDATE chat_state SET history_start_turn = ?"
                    " WHERE chat_id = ? AND user_id = ? AND history_start_turn < ?",
                    (start, chat_id, user_id, start),
                )
                trimmed = cursor.rowcount == 1
            rows = rows[n:]
        return [message for _, turn in rows for message in turn], trimmed

    async def start_fresh(self, chat_id: int, user_id: int) -> None:
        """A new conversation in the chat (/new): the history starts after the
        newest turn (older turns stay stored) and the message kept for /retry
        is dropped.  Plans and the chat's current plan stay."""
        chat_id, user_id = _int(chat_id, "chat_id"), limits.user_id(user_id)
        now = self._now()
        async with self.db.transaction() as conn:
            await _claim(conn, chat_id, user_id, now)
            await conn.execute(
                "UPDATE chat_state SET updated_at = :now, history_start_turn = max("
                " history_start_turn, (SELECT coalesce(max(id), 0) + 1 FROM turns"
                " WHERE chat_id = :chat AND user_id = :user))"
                " WHERE chat_id = :chat AND user_id = :user",
                {"now": now, "chat": chat_id, "user": user_id},
            )
            await _drop_pending(conn, chat_id, user_id)

    async def save_turn(
        self,
        chat_id: int,
        user_id: int,
        *,
        user_text: str,
        messages: list[dict[str, Any]],
        outcome: str,
        final_announce: str | None = None,
        usage: dict[str, Any] | None = None,
        model_calls: int = 0,
        origin: str | None = None,
        started_at: str | None = None,
    ) -> int:
        """Record one handled message; returns the turn id.  ``messages`` (what
        the turn added) must pass ``check_messages``, or nothing is written.
        The conversation's turn journal goes in the same transaction: the turn
        it journalled is stored now (``memory.turn_journal``)."""
        chat_id, user_id = _int(chat_id, "chat_id"), limits.user_id(user_id)
        if not isinstance(user_text, str) or not isinstance(final_announce, str | None):
            raise ValueError("user_text and final_announce must be text.")
        check_messages(messages)
        try:
            encoded = json.dumps(messages, ensure_ascii=False, separators=(",", ":"))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"The turn's messages cannot be stored as JSON: {exc}") from None
        outcome = limits.choice(outcome, OUTCOMES, "turn outcome")
        counts = _usage(usage)
        model_calls = _count(model_calls, "model_calls")
        now = self._now()
        started = now if started_at is None else iso(limits.moment(started_at, "turn start"))
        async with self.db.transaction() as conn:
            await _claim(conn, chat_id, user_id, now)
            cursor = await conn.execute(
                "INSERT INTO turns (chat_id, user_id, started_at, finished_at, user_text,"
                " messages, final_announce, outcome, model_calls, input_tokens,"
                " cache_read_tokens, cache_write_tokens, output_tokens, origin)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    chat_id,
                    user_id,
                    started,
                    now,
                    user_text,
                    encoded,
                    final_announce,
                    outcome,
                    model_calls,
                    *(counts[k] for k in USAGE_KEYS),
                    origin,
                ),
            )
            if outcome not in KEEPS_PENDING:
                await _drop_pending(conn, chat_id, user_id)
            await turn_journal.settle(conn, chat_id, user_id)
        return inserted(cursor.lastrowid)

    async def last_turns(self, chat_id: int, user_id: int, n: int) -> list[dict[str, Any]]:
        """The newest ``n`` turns of the chat, oldest first (tests, debugging)."""
        rows = await self.db.fetch_all(
            "SELECT * FROM turns WHERE chat_id = ? AND user_id = ? ORDER BY id DESC LIMIT ?",
            (_int(chat_id, "chat_id"), limits.user_id(user_id), _count(n, "n")),
        )
        return [
            {
                **{
                    k: r[k]
                    for k in r.keys()  # noqa: SIM118 (a Row iterates its values)
                    if k not in USAGE_KEYS
                },
                "messages": json.loads(r["messages"]),
                "usage": {k: r[k] for k in USAGE_KEYS},
            }
            for r in reversed(rows)
        ]

    # -- token usage ---------------------------------------------------------

    async def usage(self, user_id: int, since: datetime) -> dict[str, int]:
        """The user's four token sums, model calls and turns since ``since``."""
        [row] = await self.db.fetch_all(
            _USAGE, (limits.user_id(user_id), iso(limits.moment(since, "since")))
        )
        return dict(row)

    async def tokens_used(self, user_id: int, since: datetime) -> int:
        u = await self.usage(user_id, since)
        return sum(u[k] for k in USAGE_KEYS)

    # -- the message kept for /retry ----------------------------------------

    async def keep_pending(
        self,
        chat_id: int,
        user_id: int,
        text: str,
        *,
        origin: str | None = None,
        reason: str | None = None,
    ) -> None:
        chat_id, user_id = _int(chat_id, "chat_id"), limits.user_id(user_id)
        if not isinstance(text, str) or not text.strip():
            raise ValueError("There is no message to keep.")
        now = self._now()
        async with self.db.transaction() as conn:
            await _claim(conn, chat_id, user_id, now)
            # One per chat: the newest unanswered message replaces an older one.
            await conn.execute(
                "INSERT OR REPLACE INTO pending_messages (chat_id, user_id, text,"
                " origin, reason, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (chat_id, user_id, text, origin, reason, now),
            )

    async def pending(self, chat_id: int, user_id: int) -> dict[str, Any] | None:
        row = await self.db.fetch_one(
            "SELECT text, origin, reason, created_at FROM pending_messages"
            " WHERE chat_id = ? AND user_id = ?",
            (_int(chat_id, "chat_id"), limits.user_id(user_id)),
        )
        return dict(row) if row else None

    async def drop_pending(self, chat_id: int, user_id: int) -> None:
        chat_id, user_id = _int(chat_id, "chat_id"), limits.user_id(user_id)
        async with self.db.transaction() as conn:
            await _claim(conn, chat_id, user_id, self._now())
            await _drop_pending(conn, chat_id, user_id)

    # -- current plan and step ----------------------------------------------

    async def focus(self, chat_id: int, user_id: int) -> tuple[int | None, int | None]:
        """(current plan, step last acted on); each only while the person still
        reaches it in this chat (``owners``: their own, or in a group the
        group's), and the step is still in its plan."""
        state = await self.state(chat_id, user_id)
        return state["plan_id"], state["step_id"]

    async def state(self, chat_id: int, user_id: int) -> dict[str, Any]:
        """What a message needs of its chat, in one read: ``plan_id`` and ``step_id``
        as ``focus`` gives them, ``question`` as ``question()`` does, and the person's
        own ``timezone`` setting (None while the default applies): every round trip
        to the database's thread costs more CPU than the statement itself."""
        return _state(await self.db.fetch_one(_STATE, _state_params(chat_id, user_id)))

    def state_on(self, conn: sqlite3.Connection, chat_id: int, user_id: int) -> dict[str, Any]:
        """``state``, read on ``conn`` inside a write it runs first (``Database.write``):
        a mark line's change reads which plan is current in its own transaction, one
        round trip to the database's threads instead of two."""
        return _state(conn.execute(_STATE, _state_params(chat_id, user_id)).fetchone())

    async def current_plan(self, chat_id: int, user_id: int) -> int | None:
        return (await self.focus(chat_id, user_id))[0]

    async def set_current_plan(
        self, chat_id: int, user_id: int, plan_id: int | None, *, last_step_id: int | None = None
    ) -> None:
        """Make ``plan_id`` (None: none) the chat's current plan.  ``last_step_id``
        may be in any plan of the user's (a turn can act on one plan, then open
        another); if not given, it is kept while the plan stays the same and
        cleared when it changes.  Another user's plan or step: NotFound."""
        chat_id, user_id = _int(chat_id, "chat_id"), limits.user_id(user_id)
        owner, now = plan_owner(user_id, chat_id), self._now()
        async with self.db.transaction() as conn:
            state = await _claim(conn, chat_id, user_id, now)
            if plan_id is not None:
                owned = await fetch(
                    conn, "SELECT 1 FROM plans WHERE id = ? AND user_id = ?", (plan_id, owner)
                )
                if not owned:
                    raise NotFound(f"There is no plan {plan_id}.")
            if last_step_id is not None:
                # A step removed by a replan is accepted: last_step() hides it.
                step = await fetch(
                    conn,
                    "SELECT 1 FROM plan_steps s JOIN plans p ON p.id = s.plan_id"
                    " WHERE s.id = ? AND p.user_id = ?",
                    (last_step_id, owner),
                )
                if not step:
                    raise NotFound(f"There is no step {last_step_id}.")
            elif plan_id == state["current_plan_id"]:
                last_step_id = state["last_step_id"]
            await conn.execute(
                "UPDATE chat_state SET current_plan_id = ?, last_step_id = ?, updated_at = ?"
                " WHERE chat_id = ? AND user_id = ?",
                (plan_id, last_step_id, now, chat_id, user_id),
            )

    async def last_step(self, chat_id: int, user_id: int) -> int | None:
        """The step most recently acted on here, while it is still in a plan of the user."""
        return (await self.focus(chat_id, user_id))[1]

    # -- the open clarifying question ---------------------------------------
    # Stored as JSON text: memory knows nothing of its shape (drbot.ai.tools.clarifying_question
    # does).  Reads and takes by another user see nothing and change nothing,
    # like the rest of chat_state: a press on someone else's question is a no-op.

    async def set_question(self, chat_id: int, user_id: int, question_json: str) -> str:
        """Make this the chat's open question, replacing any older one; returns
        the new token (short and random, for button data)."""
        chat_id, user_id = _int(chat_id, "chat_id"), limits.user_id(user_id)
        try:
            if not isinstance(json.loads(question_json), dict):
                raise ValueError
        except (TypeError, ValueError):
            raise ValueError("A question must be stored as a JSON object.") from None
        if len(question_json) > MAX_QUESTION:
            raise ValueError(f"A question is at most {MAX_QUESTION} characters of JSON.")
        token, now = secrets.token_urlsafe(6), self._now()
        async with self.db.transaction() as conn:
            await _claim(conn, chat_id, user_id, now)
            await conn.execute(
                "UPDATE chat_state SET question = ?, question_token = ?, question_asked_at = ?"
                " WHERE chat_id = ? AND user_id = ?",
                (question_json, token, now, chat_id, user_id),
            )
        return token

    async def question(self, chat_id: int, user_id: int) -> dict[str, str] | None:
        """The open question: {"question": JSON text, "token", "asked_at"}, or None."""
        row = await self.db.fetch_one(
            _QUESTION + " FROM chat_state WHERE chat_id = ? AND user_id = ?"
            " AND question IS NOT NULL",
            (_int(chat_id, "chat_id"), limits.user_id(user_id)),
        )
        return dict(row) if row else None

    async def take_question(
        self, chat_id: int, user_id: int, token: str | None = None
    ) -> dict[str, str] | None:
        """Claim the open question (only if its token is ``token``, when given):
        the first take gets it and clears it, any later take gets None."""
        where = (_int(chat_id, "chat_id"), limits.user_id(user_id))
        tokened = "" if token is None else " AND question_token = ?"
        async with self.db.transaction() as conn:
            rows = await fetch(
                conn,
                _QUESTION + " FROM chat_state WHERE chat_id = ? AND user_id = ?"
                " AND question IS NOT NULL" + tokened,
                where + (() if token is None else (token,)),
            )
            if not rows:
                return None
            await conn.execute(_CLEAR_QUESTION, where)
        return dict(rows[0])

    async def clear_question(self, chat_id: int, user_id: int) -> None:
        """Drop the open question, if any; nothing else changes."""
        async with self.db.transaction() as conn:
            await conn.execute(
                _CLEAR_QUESTION + " AND question IS NOT NULL",
                (_int(chat_id, "chat_id"), limits.user_id(user_id)),
            )

    # -- redelivered updates -------------------------------------------------

    async def mark_update_processed(self, update_id: int) -> bool:
        """True the first time ``update_id`` is seen, False on a redelivery."""
        return (await self.claim_update(update_id, None))[0]

    async def claim_update(self, update_id: int, sender: int | None) -> tuple[bool, bool]:
        """(True the first time ``update_id`` is seen, False on a redelivery; whether
        ``sender`` has blocked the bot — Telegram refused a briefing: ``briefings``),
        read by one statement: every update asks both, and one round trip to the
        database costs more than either.

        Inside its handling's block (``Inbox.leaves_with_its_handling``) the claim is
        written with the handling's first change, or before its first answer: here it
        is only read, or not even that when the update's keep read both and nothing
        can have claimed it since.  Elsewhere it is committed at once, before the work."""
        update_id = _int(update_id, "update_id")
        person = None if sender is None else limits.user_id(sender)
        riding = handling(update_id)
        if riding is not None and riding.known is not None:
            return not riding.known[0], not riding.known[0] and riding.known[1]
        if riding is not None:
            row = await self.db.fetch_one(
                "SELECT EXISTS (SELECT 1 FROM processed_updates WHERE update_id = ?),"
                " (SELECT blocked_at IS NOT NULL FROM recipients WHERE user_id = ?)",
                (update_id, person),
            )
            first = row is not None and not row[0]
            return first, bool(first and row is not None and row[1])
        claimed = await self.db.write_one(
            "INSERT OR IGNORE INTO processed_updates (update_id, processed_at) VALUES (?, ?)"
            " RETURNING (SELECT blocked_at IS NOT NULL FROM recipients WHERE user_id = ?)",
            (update_id, self._now(), person),
        )
        return bool(claimed), bool(claimed and claimed[0][0])

    async def forget_processed_updates(self, before: datetime) -> int:
        """Drop duplicate-filter entries older than ``before``; returns how many.
        Telegram keeps an unconfirmed update for at most 24 hours, so a week
        back is far beyond any redelivery."""
        async with self.db.transaction() as conn:
            cursor = await conn.execute(
                "DELETE FROM processed_updates WHERE processed_at < ?",
                (iso(limits.moment(before, "before")),),
            )
            return cursor.rowcount


# -- validation and helpers ----------------------------------------------------


def check_messages(messages: Any) -> None:
    """Raise ValueError unless ``messages`` is a well-formed stored turn."""
    if not isinstance(messages, list):
        raise ValueError("A turn's messages must be a list.")
    open_tool_uses: set[str] = set()
    for i, message in enumerate(messages):
        role = "user" if i % 2 == 0 else "assistant"
        if not isinstance(message, dict) or set(message) != {"role", "content"}:
            raise ValueError(f"Message {i} must be a dict with exactly 'role' and 'content'.")
        if message["role"] != role:
            raise ValueError(
                f"Message {i} must have role {role!r}: a turn alternates "
                "user/assistant, starting with user."
            )
        content = message["content"]
        if isinstance(content, str) and content:
            blocks = []
        elif (
            isinstance(content, list)
            and content
            and all(isinstance(b, dict) and isinstance(b.get("type"), str) for b in content)
        ):
            blocks = content
        else:
            raise ValueError(f"Message {i}'s content must be text or a list of typed blocks.")
        ids = {b.get("tool_use_id") for b in blocks if b["type"] == "tool_result"}
        if role == "user" and ids != open_tool_uses:
            raise ValueError(
                f"Message {i} must answer exactly the tool_use ids of the "
                "message before it with tool_result blocks."
            )
        open_tool_uses = {b.get("id") for b in blocks if b["type"] == "tool_use"}
    if messages and messages[-1]["role"] != "assistant":
        raise ValueError("A turn must end with an assistant message.")
    if open_tool_uses:
        raise ValueError("A turn cannot end with an unanswered tool_use.")


async def _claim(conn: Connection, chat_id: int, user_id: int, now: str) -> sqlite3.Row:
    """The person's state row in the chat, made if new."""
    await conn.execute(
        "INSERT INTO chat_state (chat_id, user_id, updated_at) VALUES (?, ?, ?)"
        " ON CONFLICT (chat_id, user_id) DO NOTHING",
        (chat_id, user_id, now),
    )
    rows = await fetch(
        conn, "SELECT * FROM chat_state WHERE chat_id = ? AND user_id = ?", (chat_id, user_id)
    )
    return rows[0]


async def _drop_pending(conn: Connection, chat_id: int, user_id: int) -> None:
    await conn.execute(
        "DELETE FROM pending_messages WHERE chat_id = ? AND user_id = ?", (chat_id, user_id)
    )


def _int(value: Any, what: str) -> int:
    # Ids come from code, never from people: a wrong type is a bug (TypeError).
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{what} must be an int")
    return value


def _count(value: Any, what: str) -> int:
    count = _int(value, what)
    if count < 0:
        raise ValueError(f"{what} must be 0 or more.")
    return count


def _usage(usage: dict[str, Any] | None) -> dict[str, int]:
    """The four counters; the API's cache names are accepted, other keys ignored
    (an SDK ``usage.model_dump()`` carries more than we keep)."""
    counts = dict.fromkeys(USAGE_KEYS, 0)
    if not isinstance(usage, dict | None):
        raise ValueError("usage must be a dict of token counts.")
    for key, value in (usage or {}).items():
        key = USAGE_ALIASES.get(key, key)
        if key in counts and value is not None:
            counts[key] = _count(value, key)
    return counts
