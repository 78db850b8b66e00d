"""The one door: who may talk to drbot.

It runs before every other handler (the first group).  A person outside
``allowed_user_ids`` gets a short "private assistant" reply at most once a day
and goes no further: no model call, no database read or write.  Their id is
logged so the owner can add it.  The once-a-day memory is kept in this process
only, on purpose — writing strangers into the database is what we refuse —
and bounded (``OncePerDay``): a flood of strangers cannot grow it for ever.
"""

from __future__ import annotations

import logging
from collections import OrderedDict
from datetime import UTC, date, datetime

from telegram import Update
from telegram.constants import ChatType
from telegram.error import TelegramError
from telegram.ext import ApplicationHandlerStop, ContextTypes

from drbot.bot import delivery

log = logging.getLogger(__name__)

REFUSAL = "This is a private assistant. If you know its owner, ask them to add your id."
TOLD_CAPACITY = 10_000  # strangers remembered; the least recently seen is forgotten first


class OncePerDay:
    """Who was already told today, for at most ``capacity`` people.

    Forgetting the least recently seen stranger costs at most one more refusal
    to them; remembering everyone would cost memory without end.
    """

    def __init__(self, capacity: int = TOLD_CAPACITY) -> None:
        self.capacity = capacity
        self._told: OrderedDict[int, date] = OrderedDict()

    def first_today(self, user_id: int, today: date) -> bool:
        """True the first time ``user_id`` is seen on ``today``."""
        first = self._told.get(user_id) != today
        self._told[user_id] = today
        self._told.move_to_end(user_id)
        while len(self._told) > self.capacity:
            self._told.popitem(last=False)
        return first

    def __len__(self) -> int:
        return len(self._told)


class AccessGate:
    def __init__(
        self, allowed_user_ids: tuple[int, ...], *, told_capacity: int = TOLD_CAPACITY
    ) -> None:
        self.allowed = frozenset(allowed_user_ids)
        self.told = OncePerDay(told_capacity)

    async def __call__(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Let allowed people through; stop everyone else here."""
        user = update.effective_user
        if user is not None and user.id in self.allowed and not user.is_bot:
            return
        try:
            await self._refuse(update, user.id if user else None)
        except TelegramError as error:  # blocked us, too old a press, network: still stop
            log.info("could not tell a refused user so: %s", error)
        except Exception as error:
            log.error("refusing update %s failed", update.update_id, exc_info=error)
        raise ApplicationHandlerStop

    async def _refuse(self, update: Update, user_id: int | None) -> None:
        today = datetime.now(UTC).date()
        chat = update.effective_chat
        # Told only in private: in a group the refusal is for everyone to read.
        private = chat is not None and chat.type == ChatType.PRIVATE
        if (
            user_id is not None
            and chat is not None
            and private
            and update.callback_query is None
            and self.told.first_today(user_id, today)
        ):
            log.warning("refused Telegram user %s (not in allowed_user_ids)", user_id)
            await chat.send_message(REFUSAL)
        if update.callback_query is not None:  # too old a press: nothing to tell, still stop
            await delivery.answer_press(update.callback_query, REFUSAL)
