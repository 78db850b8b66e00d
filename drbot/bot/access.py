"""The one door: who may talk to drbot.

It runs before every other handler (the first group).  A person outside
``allowed_user_ids`` gets a short "private assistant" reply at most once a day
and goes no further: no model call, no database read or write.  Their id is
logged so the owner can add it.  The once-a-day memory is kept in this process
only, on purpose — writing strangers into the database is what we refuse.
"""

from __future__ import annotations

import logging
from datetime import UTC, date, datetime

from telegram import Update
from telegram.error import TelegramError
from telegram.ext import ApplicationHandlerStop, ContextTypes

log = logging.getLogger(__name__)

REFUSAL = "This is a private assistant. If you know its owner, ask them to add your id."


class AccessGate:
    def __init__(self, allowed_user_ids: tuple[int, ...]) -> None:
        self.allowed = frozenset(allowed_user_ids)
        self._told: dict[int, date] = {}

    async def __call__(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Let allowed people through; stop everyone else here."""
        user = update.effective_user
        if user is not None and user.id in self.allowed and not user.is_bot:
            return
        try:
            await self._refuse(update, user.id if user else None)
        except TelegramError as error:  # blocked us, too old a press, network: still stop
            log.info("could not tell a refused user so: %s", error)
        except Exception:
            log.exception("refusing a user failed")
        raise ApplicationHandlerStop

    async def _refuse(self, update: Update, user_id: int | None) -> None:
        today = datetime.now(UTC).date()
        if user_id is not None and self._told.get(user_id) != today:
            self._told[user_id] = today
            log.warning("refused Telegram user %s (not in allowed_user_ids)", user_id)
            if update.effective_chat is not None and update.callback_query is None:
                await update.effective_chat.send_message(REFUSAL)
        if update.callback_query is not None:
            await update.callback_query.answer(REFUSAL)
