"""Bot API requests with a JSON body.

python-telegram-bot sends a request's parameters as an HTML form: each nested value (an
answer's buttons) turned into JSON, then the whole form percent-encoded byte by byte in
Python (``urllib.parse``).  For a plan view with its buttons that is more CPU than the
JSON it carries: about 0.14 ms to build the request against 0.09 ms as one JSON body
(docs/PERFORMANCE.md).  Telegram takes either (``application/json`` for every method
but file uploads), so a request without files goes as JSON; one with files as
python-telegram-bot sends it (multipart).

The request's URL is parsed once per method, not once per request: httpx parses and
validates a URL given as text character by character (about 45 µs on this machine
under load, as much as the rest of building the request), and python-telegram-bot
gives the same few URLs (base URL and method name) over and over.

Requests enter httpx's connection pool one at a time.  httpcore hands an idle connection
to each request that enters its pool, but marks it busy only a loop turn or two later,
when the request starts on it (anyio's locks yield as they are taken): a second request
entering meanwhile is handed the same connection, waits on its locks (two wake-ups),
is refused and goes round the pool again, often opening a connection of its own.
drbot sends concurrently (answers of many chats leave the rate limiter together), and
the busier the process, the more requests overlap there: 1.7–7 such waits per answer
in the busy runs of docs/PERFORMANCE.md.  So a request enters once the one before has
started on its connection, or began to open one (httpx's ``trace`` extension says
when); requests still run on as many connections at once as the pool holds.  Past
that point the request is traced no further (``stop_tracing``): its other eight
trace events (four steps, each a coroutine made and awaited twice) were a few µs of
CPU per request for nothing.

Each pooled connection's socket is kept at hand (``SocketsAtHand``).  On every request,
twice (as it enters the pool and as its response closes), httpcore asks each pooled
connection whether it expired and, when idle, whether the server closed it: whether its
socket is readable.  It gets the socket from anyio, which makes a dict of every
attribute of the stream for each ask (with a ``getpeername`` system call; over TLS the
TLS stream's on top of it).  drbot sends to many chats at once, so its pool holds
several connections (about five in bench/bot.py, where the echo bot holds one), and
that ask was most of what a request cost beyond the echo bot's: bench/request_cpu.py
measured it (docs/PERFORMANCE.md, thirteenth round).  The check itself is the same:
the same socket, polled the same way.
"""

from __future__ import annotations

import asyncio
import json
import select
import socket
from functools import lru_cache
from typing import Any

import httpcore
import httpx
from telegram.error import NetworkError, TimedOut
from telegram.request import HTTPXRequest, RequestData

JSON = "application/json"
# httpcore's trace events that say a request holds its connection (it began to send on
# an open one, or to open its own): the next request may enter the pool.
STARTED = frozenset({"http11.send_request_headers.started", "connection.connect_tcp.started"})


class JsonBodies(HTTPXRequest):
    """python-telegram-bot's request, with a JSON body whenever no file goes along."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._entering = asyncio.Lock()  # the pool's entrance (the module's docstring)

    def _build_client(self) -> httpx.AsyncClient:
        # python-telegram-bot builds its client here, at the start and again after a
        # shutdown
        client = super()._build_client()
        SocketsAtHand.install(client)
        return client

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
        if request_data is None or request_data.contains_files or self._client.is_closed:
            return await super().do_request(
                url,
                method,
                request_data,
                read_timeout,  # type: ignore[arg-type]
                write_timeout,  # type: ignore[arg-type]
                connect_timeout,  # type: ignore[arg-type]
                pool_timeout,  # type: ignore[arg-type]
            )
        default = self._client.timeout
        timeout = httpx.Timeout(
            connect=_given(connect_timeout, default.connect),
            read=_given(read_timeout, default.read),
            write=_given(write_timeout, default.write),
            pool=_given(pool_timeout, default.pool),
        )
        body = json.dumps(request_data.parameters, ensure_ascii=False).encode()
        entering = self._entering
        await entering.acquire()
        inside = True

        async def trace(event: str, info: dict[str, Any]) -> None:
            nonlocal inside
            if inside and event in STARTED:
                inside = False
                entering.release()
            if not inside:
                stop_tracing(info)

        try:
            response = await self._client.request(
                method=method,
                url=parsed_url(url),
                headers={"User-Agent": self.USER_AGENT, "Content-Type": JSON},
                timeout=timeout,
                content=body,
                extensions={"trace": trace},
            )
        # As python-telegram-bot words them: its callers (the rate limiter, the outbox's
        # "was it delivered?") tell a request that never left from one that may have.
        except httpx.TimeoutException as error:
            if isinstance(error, httpx.PoolTimeout):
                raise TimedOut(
                    message="Pool timeout: All connections in the connection pool are occupied."
                    " Request was *not* sent to Telegram."
                ) from error
            raise TimedOut from error
        except httpx.HTTPError as error:
            raise NetworkError(f"httpx.{error.__class__.__name__}: {error}") from error
        finally:
            if inside:  # it never started (a pool timeout, an error, a cancellation)
                inside = False
                entering.release()
        return response.status_code, response.content


class SocketsAtHand(httpcore.AsyncNetworkBackend):
    """httpcore's network backend, each connection's socket kept at hand for the
    pool's "did the server close it?" check (the module's docstring)."""

    def __init__(self, backend: httpcore.AsyncNetworkBackend) -> None:
        self._backend = backend

    @classmethod
    def install(cls, client: httpx.AsyncClient) -> bool:
        """Put it under ``client``'s connection pool; False (nothing changed: the check
        is then httpcore's own) when the client is not httpx's default transport over an
        httpcore pool, as for a proxy."""
        pool = getattr(getattr(client, "_transport", None), "_pool", None)
        backend = getattr(pool, "_network_backend", None)
        if type(pool) is not httpcore.AsyncConnectionPool or backend is None:
            return False
        if not isinstance(backend, cls):
            pool._network_backend = cls(backend)
        return True

    async def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.AsyncNetworkStream:
        stream = await self._backend.connect_tcp(
            host, port, timeout=timeout, local_address=local_address, socket_options=socket_options
        )
        return _SocketAtHand(stream)

    async def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Any = None
    ) -> httpcore.AsyncNetworkStream:
        stream = await self._backend.connect_unix_socket(
            path, timeout=timeout, socket_options=socket_options
        )
        return _SocketAtHand(stream)

    async def sleep(self, seconds: float) -> None:
        await self._backend.sleep(seconds)


class _SocketAtHand(httpcore.AsyncNetworkStream):
    """A connection's stream that answers "is it readable?" from its socket, asked of
    the stream once; everything else is the stream's own."""

    def __init__(self, stream: httpcore.AsyncNetworkStream) -> None:
        self._stream = stream
        self._socket: socket.socket | None = stream.get_extra_info("socket")

    async def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return await self._stream.read(max_bytes, timeout)

    async def write(self, buffer: bytes, timeout: float | None = None) -> None:
        await self._stream.write(buffer, timeout)

    async def aclose(self) -> None:
        await self._stream.aclose()

    async def start_tls(
        self,
        ssl_context: Any,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.AsyncNetworkStream:
        return _SocketAtHand(await self._stream.start_tls(ssl_context, server_hostname, timeout))

    def get_extra_info(self, info: str) -> Any:
        if info == "is_readable" and self._socket is not None:
            return readable(self._socket)
        return self._stream.get_extra_info(info)


def readable(sock: socket.socket) -> bool:
    """Whether reading ``sock`` would return at once (data, or the end a server's close
    leaves): httpcore's check, as it makes it.  A socket closed here counts as readable."""
    fd = sock.fileno()
    if fd < 0:
        return True
    if not hasattr(select, "poll"):  # Windows
        return bool(select.select([fd], [], [], 0)[0])
    poll = select.poll()
    poll.register(fd, select.POLLIN)
    return bool(poll.poll(0))


def stop_tracing(info: dict[str, Any]) -> None:
    """No more trace events for this request once it holds its connection: the pool's
    entrance has nothing more to learn from them.  httpcore reads the ``trace``
    extension afresh for each step of a request (headers, body, response headers and
    body, close: ten events); the steps that name the request
    (``send_request_headers``, ``send_request_body``) are where it can be taken off."""
    request = info.get("request")
    if request is not None:
        request.extensions.pop("trace", None)


@lru_cache(maxsize=128)  # one per Bot API method drbot calls, a few dozen at most
def parsed_url(url: str) -> httpx.URL:
    """``url`` as httpx would parse it for the request (it takes a parsed URL as is)."""
    return httpx.URL(url)


def _given(value: object, default: float | None) -> float | None:
    """A timeout the call gave, or the request's own (python-telegram-bot's
    ``DEFAULT_NONE`` means "not given")."""
    if value is HTTPXRequest.DEFAULT_NONE or not isinstance(value, int | float | None):
        return default
    return value
