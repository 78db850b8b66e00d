"""Updates as Telegram sent them, for the inbox.

python-telegram-bot turns getUpdates' JSON into ``Update`` objects.  The inbox keeps
each allowed person's update until it is handled, and turning the object back into
JSON (``Update.to_dict()``, which visits every one of a message's hundred-odd
attributes) cost more CPU than anything else drbot does with a mark line's update.
``FetchedUpdates`` is the request object that fetches updates: it notes each one's
JSON as it parses the answer (the newest ``KEEP``, the rest forgotten: strangers' updates are
never taken) for ``PerChatOrder`` to keep as it is.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from telegram.request import HTTPXRequest

KEEP = 1_000  # ten of Telegram's fullest getUpdates answers


class FetchedUpdates(HTTPXRequest):
    """python-telegram-bot's getUpdates request (one connection, its defaults), keeping
    what it fetched as JSON until ``take``."""

    def __init__(self, keep: int = KEEP) -> None:
        super().__init__(connection_pool_size=1)
        self._keep = keep
        self._fetched: OrderedDict[int, dict[str, Any]] = OrderedDict()

    # A static method in python-telegram-bot; this one needs its instance.
    def parse_json_payload(self, payload: bytes) -> dict[str, Any]:  # type: ignore[override]
        """python-telegram-bot's parsing (which it invites overriding), noting the updates."""
        data: dict[str, Any] = super().parse_json_payload(payload)
        result = data.get("result")
        if isinstance(result, list):
            for update in result:
                if isinstance(update, dict) and type(update.get("update_id")) is int:
                    self._fetched[update["update_id"]] = update
            while len(self._fetched) > self._keep:
                self._fetched.popitem(last=False)
        return data

    def take(self, update_id: int) -> dict[str, Any] | None:
        """The update's JSON as fetched (forgotten here); None when it was not fetched
        by this request (a replay from the inbox, a webhook) or is long gone."""
        return self._fetched.pop(update_id, None)
