"""Per-chat order with cross-chat concurrency.

python-telegram-bot either handles updates one at a time (a slow model call in
one chat holds up everyone) or all at once (two messages from one person may
be answered out of order).  This processor runs updates concurrently but
serializes those of the same chat: each chat has a lock, and asyncio locks
hand over in the order their waiters arrived, which is the order the updates
were fetched.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from drbot.bot.fetched import FetchedUpdates
from drbot.bot.long_turns import is_cancel
from drbot.memory.errors import cannot_write
from drbot.memory.inbox import Inbox

log = logging.getLogger(__name__)

# python-telegram-bot's limit on updates handled at once, left open: PerChatOrder has its own.
UNLIMITED = 1_000_000
# Update ids remembered as taken by this process: far more than are ever in flight, and
# Telegram sends an update again only until the next getUpdates confirms it.
TAKEN = 10_000


class PerChatOrder(BaseUpdateProcessor):
    """Also keeps each allowed person's update in the inbox as soon as it is
    fetched, before it waits for a free slot or for its chat (``memory.inbox``),
    once ``inbox`` is set at start-up.

    At most ``max_concurrent_updates`` are handled at once.  python-telegram-bot's
    own limit would hold an update before ``do_process_update`` sees it, and under a
    backlog each update would then be kept in the inbox alone when a slot freed (a
    commit each); so its limit is left wide open and the slots are taken here, after
    the update is kept: a fetched batch is kept in one transaction."""

    def __init__(
        self,
        allowed_user_ids: tuple[int, ...] = (),
        max_concurrent_updates: int = 256,
        *,
        fetched: FetchedUpdates | None = None,
    ) -> None:
        super().__init__(UNLIMITED)
        self._fetched = fetched  # each update's JSON as fetched, for the inbox
        self._slots = asyncio.BoundedSemaphore(max_concurrent_updates)
        self._locks: dict[int | None, asyncio.Lock] = {}
        self._waiting: dict[int | None, int] = {}
        self._in_flight = 0
        self._allowed = frozenset(allowed_user_ids)
        self._taken: OrderedDict[int, None] = OrderedDict()  # update ids this process took
        self.inbox: Inbox | None = None

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        self._in_flight += 1
        try:
            if (
                self.inbox is None
                or not isinstance(update, Update)
                or not self._allowed_sender(update)
            ):
                # Strangers' updates are never written anywhere: the gate refuses them.
                async with self._slots:
                    await self._in_order(update, coroutine)
                return
            known = await self._keep(self.inbox, update)
            # Claimed and out of the inbox with the handling's first change (a mark
            # line's), or before its first answer, or at its end.
            handled = False
            try:
                async with (
                    self._slots,
                    self.inbox.leaves_with_its_handling(update.update_id, known),
                ):
                    await self._in_order(update, coroutine)
                    handled = True
            except Exception as error:
                # The claim written on its own at the end failed because the database
                # refuses writes: the person already has their answer ("I can't save
                # anything right now"), and a second apology from the error handler
                # would say it twice.
                if not (handled and cannot_write(error)):
                    raise
                log.warning(
                    "update %s answered, but its claim could not be saved: %s",
                    update.update_id,
                    error,
                )
        finally:
            self._in_flight -= 1

    async def _in_order(self, update: object, coroutine: Awaitable[Any]) -> None:
        if is_cancel(update):  # it stops the turn the chat's lock is held for
            await coroutine
            return
        key = _chat_of(update)
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._waiting[key] = self._waiting.get(key, 0) + 1
        try:
            async with lock:
                await coroutine
        finally:
            self._waiting[key] -= 1
            if not self._waiting[key]:  # forget idle chats: thousands of users
                del self._waiting[key], self._locks[key]

    def handling(self) -> int:
        """How many updates are being handled or wait for their chat's turn."""
        return self._in_flight

    def backlog(self) -> bool:
        """Whether updates other than the one being handled are in flight or waiting."""
        return self._in_flight > 1

    def _allowed_sender(self, update: Update) -> bool:
        return update.effective_user is not None and update.effective_user.id in self._allowed

    async def _keep(self, inbox: Inbox, update: Update) -> tuple[bool, bool] | None:
        """Keep the update; what the keep read of it (claimed before, sender blocked)
        for the duplicate filter, unless this process took the same update_id before
        (a copy of it may have claimed it since: the filter reads afresh)."""
        fetched = self._fetched.take(update.update_id) if self._fetched else None
        first_here = update.update_id not in self._taken
        self._taken[update.update_id] = None
        while len(self._taken) > TAKEN:
            self._taken.popitem(last=False)
        try:
            user = update.effective_user
            known = await inbox.keep(
                update.update_id, fetched or update.to_dict(), None if user is None else user.id
            )
        except Exception as error:  # keeping is a safety net; handling goes on without it
            log.error("could not keep update %s in the inbox", update.update_id, exc_info=error)
            return None
        return known if first_here else None

    async def initialize(self) -> None:
        pass

    async def shutdown(self) -> None:
        pass


def _chat_of(update: object) -> int | None:
    if isinstance(update, Update) and update.effective_chat is not None:
        return update.effective_chat.id
    return None
