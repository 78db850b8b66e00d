"""A turn that can be stopped part-way: Ctrl-C in `drbot chat`, /cancel on Telegram.

The work runs as its own task.  Cancelling it is safe: each tool call is one
transaction (rolled back when cut), and ``Assistant.handle`` stores a turn
stopped after some calls as a plain exchange saying what was done.  So what
a stop leaves is whole changes only, and ``stopped_text`` tells the person which.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import TypeVar

from drbot.memory.conversations import ConversationStore

STOPPED_NOTHING = "Stopped. Nothing was changed."
T = TypeVar("T")


class StoppableTurn:
    def __init__(self, conversations: ConversationStore, chat_id: int, user_id: int) -> None:
        self._conversations, self._chat_id, self._user_id = conversations, chat_id, user_id
        self._task: asyncio.Future | None = None
        self._before: int | None = None
        self._read_before = False
        self._stop_asked = False

    async def before(self) -> int | None:
        """The conversation's newest stored turn before this one (None: none yet):
        a turn stored after it is this one's."""
        if not self._read_before:
            self._before, self._read_before = await self._last_turn_id(), True
        return self._before

    async def run(self, work: Awaitable[T]) -> T | None:
        """``work``'s result, or None when ``stop`` stopped it."""
        await self.before()
        self._task = asyncio.ensure_future(work)
        if self._stop_asked:  # asked while we were still starting
            self._task.cancel()
        try:
            return await self._task
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if not self._task.cancelled() or (current is not None and current.cancelling()):
                raise  # not our stop: whoever runs us is being cancelled
            return None

    def stop(self) -> bool:
        """Ask the work to stop; once only (a second cancel would cut the
        bookkeeping of the first).  False when there is nothing to stop."""
        if self._stop_asked or (self._task is not None and self._task.done()):
            return False
        self._stop_asked = True
        if self._task is not None:
            self._task.cancel()
        return True

    async def stopped_text(self) -> str:
        """What the stop left: the stored "(Stopped part-way.) Done before it
        stopped: …" when some changes were made, else that nothing was."""
        turns = await self._conversations.last_turns(self._chat_id, self._user_id, 1)
        if turns and turns[0]["id"] != self._before:  # the Assistant stored what was done
            return turns[0]["messages"][-1]["content"][0]["text"]
        return STOPPED_NOTHING

    async def _last_turn_id(self) -> int | None:
        turns = await self._conversations.last_turns(self._chat_id, self._user_id, 1)
        return turns[0]["id"] if turns else None
