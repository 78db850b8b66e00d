"""Every Bot API call but getUpdates: what waits to be committed goes first.

An update's claim rides its handling's first change (``memory.inbox``): a mark
line's claim, marks and revision are one durable commit.  An answer must never
leave before the claim is on disk, or the update delivered again after a crash
would be answered again; so every request drbot sends while handling an update
first commits whatever of its handling still waits for a write
(``Database.write_waiting``: nothing, when the change already took it along).
While the database refuses every write, the answer goes without its claim: it
says nothing was saved.
"""

from __future__ import annotations

from telegram.request import HTTPXRequest, RequestData

from drbot.bot.json_bodies import JsonBodies
from drbot.memory import cannot_write
from drbot.memory.database import AlreadyClaimed, write_waiting

POOL = 256  # python-telegram-bot's own size for this request's connection pool


class ClaimedFirst(JsonBodies):
    """python-telegram-bot's request for every call but getUpdates, with its defaults
    (a JSON body: ``bot.json_bodies``)."""

    def __init__(self) -> None:
        super().__init__(connection_pool_size=POOL)

    async def do_request(
        self,
        url: str,
        method: str,
        request_data: RequestData | None = None,
        read_timeout: object = HTTPXRequest.DEFAULT_NONE,
        write_timeout: object = HTTPXRequest.DEFAULT_NONE,
        connect_timeout: object = HTTPXRequest.DEFAULT_NONE,
        pool_timeout: object = HTTPXRequest.DEFAULT_NONE,
    ) -> tuple[int, bytes]:
        try:
            await write_waiting()
        except AlreadyClaimed:
            raise
        except Exception as error:
            if not cannot_write(error):
                raise
            # The database refuses every write: the answer (that nothing could be
            # saved) still goes, claimed or not — it changed nothing, so said again
            # to a copy of the update it would be just as true.
        return await super().do_request(
            url, method, request_data, read_timeout, write_timeout, connect_timeout, pool_timeout
        )
