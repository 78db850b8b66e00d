"""What the handlers need, opened once in the application's start-up hook."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from telegram.ext import ContextTypes

from drbot.ai import Assistant
from drbot.config import Settings
from drbot.memory import PlanStore
from drbot.memory.briefings import BriefingLog
from drbot.memory.clock import Clock, system_clock
from drbot.memory.conversations import ConversationStore
from drbot.memory.handled_messages import HandledMessages
from drbot.memory.plan_views import PlanViews
from drbot.memory.turn_journal import TurnJournal
from drbot.memory.user_settings import UserSettings
from drbot.outgoing import Outgoing

# Today's briefing for a person, as a preview.  The scheduler builds it; the
# bot may not import the scheduler, so drbot.runtime passes this in.
BriefingSource = Callable[["Services", int], Awaitable[Outgoing | None]]


@dataclass
class Services:
    settings: Settings
    store: PlanStore
    conversations: ConversationStore
    users: UserSettings
    assistant: Assistant
    briefings: BriefingLog
    clock: Clock = system_clock
    briefing_source: BriefingSource | None = None
    # Whether more updates are waiting: housekeeping that only tidies (taking the buttons
    # off a plan's older view) is skipped then, so answers get Telegram's whole rate.
    backlog: Callable[[], bool] = lambda: False
    views: PlanViews = field(init=False)
    handled: HandledMessages = field(init=False)
    journal: TurnJournal = field(init=False)  # model turns in progress (placeholders)

    def __post_init__(self) -> None:
        self.views = PlanViews(self.store.db, clock=self.clock)
        self.handled = HandledMessages(self.store.db, clock=self.clock)
        self.journal = self.assistant.journal

    async def zone(self, user_id: int) -> str:
        return (await self.users.get(user_id))["timezone"]

    async def briefing(self, user_id: int) -> Outgoing | None:
        """Today's briefing for ``user_id`` as it stands (counts nothing);
        None when there is nothing to say or no briefing source is wired."""
        if self.briefing_source is None:
            return None
        return await self.briefing_source(self, user_id)


def services(context: ContextTypes.DEFAULT_TYPE) -> Services:
    return context.bot_data["services"]
