"""The contract between the tick and its producers (see ``producers``): what a
producer may read, and what it returns for each message that is due."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime

from drbot.config import Settings
from drbot.memory.briefings import BriefingLog
from drbot.memory.database import Database
from drbot.memory.plans import PlanStore
from drbot.memory.user_settings import UserSettings
from drbot.outgoing import Outgoing


@dataclass(frozen=True)
class Due:
    message: Outgoing  # dedupe_key is unique per person, e.g. "reminder:<step_id>:<due iso>"
    due_at: datetime  # the UTC moment it fell due; sent much later -> it says when it was due
    plan_id: int | None = None  # muted plans (/mute N) get nothing proactive
    kind_settings: str | None = None  # reserved, leave None
    # When the person asked for it (a reminder: when it was set).  The newer wish
    # wins: a mute older than this does not hold it; a mute since holds it.
    # None: held by any mute of its plan.
    asked_at: datetime | None = None


@dataclass
class TickEnv:  # everything a producer may read; built by the tick's caller
    store: PlanStore
    users: UserSettings
    briefings: BriefingLog
    settings: Settings
    allowed_user_ids: tuple[int, ...]
    db: Database


Producer = Callable[[TickEnv, datetime], Awaitable[list[Due]]]
