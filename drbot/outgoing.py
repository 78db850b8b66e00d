"""Messages the bot starts itself (the morning briefing; later reminders,
evening reviews, weekly digests), as plain data.

The scheduler decides *what* to say and *when*; it builds an
:class:`Outgoing` and hands it to a :data:`Send` callable.  The bot layer
(``drbot.bot.outbox``) renders it for Telegram and sends it, and reports the
outcome by raising one of the errors below.  Neither side imports the other:
``drbot.runtime`` passes the callable in.

    NotDelivered            the message did not reach the person
    ├── RecipientGone       they blocked the bot: stop writing until they write again
    ├── Rejected            refused as it stands: sending it again fails the same way
    └── DeliveryFailed      the network or the server: a later try may work
    DeliveryUnknown         the request went out and no answer came back (a read
                            timeout, a dropped connection): it may have arrived, so
                            it is never sent again
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

# The briefing's first line.  A button press comes back with nothing but the
# message it was on, so the bot tells a briefing from a plan view by this.
BRIEFING_HEADER = "📋 Plans needing attention:"
# A reminder's first words: a press on it is answered like one on a briefing.
REMINDER_HEADER = "⏰ Reminder"


# slots: a morning's briefings for thousands of people build hundreds of
# thousands of buttons; no per-instance dict keeps that cheap (and the GC calm).
@dataclass(frozen=True, slots=True)
class Button:
    label: str
    data: str  # callback data (Telegram allows 64 bytes): what a press does


@dataclass(frozen=True)
class Outgoing:
    user_id: int  # the person, and their private chat with the bot
    kind: str  # "briefing", ...: what sort of message, for logs and counts
    text: str  # Telegram HTML; every piece of the person's text escaped
    plain: str  # the same words without markup (fallback, terminal, CLI)
    dedupe_key: str  # one message per person and key, e.g. "briefing:2026-11-24@Asia/Tokyo"
    rows: tuple[tuple[Button, ...], ...] = field(default_factory=tuple)
    # Asked for in a group (a reminder): that group, where it goes when the
    # person's private chat is closed to drbot (Telegram refuses it), and the
    # message there that asked for it (the reminder answers it).
    group_id: int | None = None
    reply_to: int | None = None
    # The person has no private chat with drbot (never opened one, or Telegram
    # refused the last message): straight to the group; text mentions them.
    to_group: bool = False


Send = Callable[[Outgoing], Awaitable[None]]


class NotDelivered(Exception):
    """The message did not reach the person."""


class RecipientGone(NotDelivered):
    """The person blocked the bot (or deleted their account)."""


class Rejected(NotDelivered):
    """Refused as it stands (a bad request): trying again would fail the same way."""


class DeliveryFailed(NotDelivered):
    """A network or server failure: a later try may succeed."""


class DeliveryUnknown(Exception):
    """The request was written and no answer came: Telegram may have delivered it
    (it often does, answering after the client stopped waiting).  Not a
    NotDelivered: sending it again risks a second copy."""
