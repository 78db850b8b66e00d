"""CPU of one Bot API request through drbot's request class, variant beside variant.

    python -m bench.request_cpu [--requests N] [--rounds N] [--connections N,N]

A sendMessage with a plan view's size of body (~550 bytes of JSON) goes through
``ClaimedFirst.do_request`` (drbot's request for every call but getUpdates: the JSON
body, the pool's entrance, httpx and httpcore) to a minimal HTTP/1.1 server in a
process of its own, one request after the other; the figure is the CPU time of this
process's thread per request (the server's is not counted).  Variants, in interleaved
rounds so that the machine's load falls on each alike:

* ``shipped``: drbot as it is;
* ``traced throughout``: every trace event of a request goes to the pool's entrance
  (``json_bodies.stop_tracing`` made a no-op), as before the thirteenth round;
* ``socket asked of anyio``: httpcore's check of each pooled connection gets the socket
  from anyio at every ask (``json_bodies.SocketsAtHand`` not installed), as before the
  thirteenth round;
* ``N connections``: with N connections kept open in httpx's pool (warmed by N requests
  at once), as a bot sending to many chats at once holds them: httpcore checks each
  pooled connection, twice per request.

It prints medians per variant; it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import subprocess
import sys
import time

from telegram.request import RequestData

from bench.common import machine_line, python_line

SERVER = r"""
import asyncio, sys
BODY = b'{"ok":true,"result":{"message_id":12345,"date":0,"chat":{"id":1,"type":"private"}}}'
RESP = (b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n"
        % len(BODY)) + BODY

async def handle(reader, writer):
    try:
        while True:
            head = await reader.readuntil(b"\r\n\r\n")
            size = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"):
                    size = int(line.split(b":")[1])
            if size:
                await reader.readexactly(size)
            writer.write(RESP)
    except (asyncio.IncompleteReadError, ConnectionError):
        writer.close()

async def main():
    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await server.serve_forever()

asyncio.run(main())
"""


def request_data(chat_id: int) -> RequestData:
    from telegram.request._requestparameter import RequestParameter

    keyboard = {
        "inline_keyboard": [
            [{"text": label, "callback_data": f"s:{label}:12345:2"} for label in ("✓", "▶", "✗")],
            [{"text": "Log attempt", "callback_data": "a:12345:2"}],
        ]
    }
    text = "<b>Fix the fence</b>\n✓ 1. Get quotes\n✓ 2. Hire contractor\n□ 3. Supervise work" * 3
    return RequestData(
        [
            RequestParameter.from_input("chat_id", chat_id),
            RequestParameter.from_input("text", text),
            RequestParameter.from_input("parse_mode", "HTML"),
            RequestParameter.from_input("reply_markup", keyboard),
        ]
    )


async def one_variant(
    port: int, requests: int, connections: int, traced: bool = False, anyio_socket: bool = False
) -> float:
    """µs of this thread's CPU per request."""
    from drbot.bot import json_bodies
    from drbot.bot.claimed_first import ClaimedFirst

    shipped, install = json_bodies.stop_tracing, json_bodies.SocketsAtHand.install
    if traced:
        json_bodies.stop_tracing = lambda info: None
    if anyio_socket:
        json_bodies.SocketsAtHand.install = classmethod(lambda cls, client: False)  # type: ignore[method-assign,assignment]
    try:
        request = ClaimedFirst()
        await request.initialize()
        url = f"http://127.0.0.1:{port}/bot123:abc/sendMessage"
        data = request_data(1)
        # warm: that many connections opened at once, then kept by the pool
        await asyncio.gather(*(request.do_request(url, "POST", data) for _ in range(connections)))
        for _ in range(50):
            await request.do_request(url, "POST", data)
        started = time.thread_time()
        for _ in range(requests):
            await request.do_request(url, "POST", data)
        spent = time.thread_time() - started
        await request.shutdown()
    finally:
        json_bodies.stop_tracing = shipped
        json_bodies.SocketsAtHand.install = install  # type: ignore[method-assign]
    return spent / requests * 1e6


async def main_async(args: argparse.Namespace) -> None:
    server = subprocess.Popen([sys.executable, "-c", SERVER], stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        variants: list[tuple[str, int, bool, bool]] = [
            ("shipped (1 connection)", 1, False, False),
            ("traced throughout (1 connection)", 1, True, False),
            ("socket asked of anyio (1 connection)", 1, False, True),
        ]
        for n in args.connections:
            variants.append((f"shipped, {n} connections in the pool", n, False, False))
            variants.append((f"socket asked of anyio, {n} connections in the pool", n, False, True))
        figures: dict[str, list[float]] = {name: [] for name, *_ in variants}
        for round_no in range(args.rounds):
            order = variants if round_no % 2 == 0 else list(reversed(variants))
            for name, connections, traced, anyio_socket in order:
                figures[name].append(
                    await one_variant(port, args.requests, connections, traced, anyio_socket)
                )
    finally:
        server.terminate()
        server.wait()
    print("drbot request CPU benchmark (bench/request_cpu.py)")
    print(machine_line())
    print(python_line())
    print(
        f"{args.requests} sendMessage requests per variant and round, {args.rounds} rounds,"
        " this thread's CPU (the server runs in its own process)"
    )
    base = statistics.median(figures[variants[0][0]])
    print(f"{'variant':52s} | µs/request (median) | rounds")
    for name, *_ in variants:
        values = figures[name]
        median = statistics.median(values)
        shown = " ".join(f"{v:.0f}" for v in values)
        print(f"{name:52s} | {median:8.1f} ({median - base:+6.1f}) | {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument(
        "--connections",
        type=lambda text: [int(n) for n in text.split(",") if n],
        default=[5],
        help="pool sizes to measure besides one connection (comma-separated)",
    )
    asyncio.run(main_async(parser.parse_args()))


if __name__ == "__main__":
    main()
