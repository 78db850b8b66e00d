"""Bot API requests go as JSON (``bot.json_bodies``): cheaper to build than the form
python-telegram-bot sends; a file still goes as multipart.  Over the fake Bot API, which
reads either, on a real SQLite file."""

from __future__ import annotations

import asyncio

from telegram.request import RequestData

from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.test_bot_e2e import STORY_PLAN, ask, settle

JSON = "application/json"


async def test_answers_go_as_json_and_a_file_as_multipart(tg, tmp_path):
    async with bot_running(bot_settings(tg, tmp_path / "bot.db")) as app:
        await ask(tg, OWNER, STORY_PLAN)
        reply = await ask(tg, OWNER, "✓ 2")
        export = await ask(tg, OWNER, "/export 1")
        await settle(app, tg)
    # the mark line's answer: HTML, its buttons as a nested object, every character kept
    assert reply.plain.startswith("Fix the fence:\n✓ 2. Hire contractor"), reply.plain
    assert reply.parse_mode == "HTML" and reply.reply_markup["inline_keyboard"]
    assert tg.bodies_of("sendMessage") and set(tg.bodies_of("sendMessage")) == {JSON}
    assert set(tg.bodies_of("setMyCommands")) == {JSON}
    # getUpdates is python-telegram-bot's own request; only a file goes as a form
    assert tg.bodies_of("sendDocument") == ["multipart/form-data"]
    assert export.method == "sendDocument" and export.filename.endswith(".md")
    assert export.content.decode().lstrip().startswith("# Fix the fence")
    assert tg.errors == []


def test_a_keyboard_goes_as_the_json_python_telegram_bot_would_make_of_it():
    """``buttons.Keyboard`` keeps the JSON it is sent as instead of visiting its objects
    for each request: the same JSON as python-telegram-bot's, ready buttons (a link)
    included, and a fresh copy each time."""
    from telegram import InlineKeyboardButton, InlineKeyboardMarkup

    from drbot.bot import buttons

    link = InlineKeyboardButton("Open", url="https://example.org/plan")
    for rows in (
        buttons.step_row(12, "pending"),
        buttons.step_row(7, "blocked", tag="2") + buttons.escalation_row(7, "blocked"),
        buttons.answer_rows("tok", ["Yes", "No thanks"]),
        [[link], [("✓ Done", buttons.encode("done", 3, "pending"))]],
    ):
        ours = buttons.keyboard(rows)
        assert ours is not None
        theirs = InlineKeyboardMarkup(ours.inline_keyboard)
        assert ours.to_dict() == theirs.to_dict()
        assert ours == theirs and theirs == ours
        sent = ours.to_dict()
        sent["inline_keyboard"][0][0]["text"] = "changed by a caller"
        assert ours.to_dict() == theirs.to_dict()
    assert buttons.keyboard([]) is None


async def test_an_answer_sends_its_keyboard_without_making_python_telegram_bots_buttons(
    tg, tmp_path, monkeypatch
):
    """An answer only sends its keyboard's JSON: python-telegram-bot's button objects are
    made when something reads ``inline_keyboard`` (then once, equal to python-telegram-
    bot's own), never for a mark line's answer."""
    import copy

    from telegram import InlineKeyboardButton, InlineKeyboardMarkup

    from drbot.bot import buttons

    made: list[str] = []
    make = InlineKeyboardButton.__init__

    def counted(self, text, *args, **kwargs):
        made.append(text)
        make(self, text, *args, **kwargs)

    async with bot_running(bot_settings(tg, tmp_path / "bot.db")) as app:
        await ask(tg, OWNER, STORY_PLAN)
        await settle(app, tg)
        monkeypatch.setattr(InlineKeyboardButton, "__init__", counted)
        reply = await ask(tg, OWNER, "✓ 2")
        await settle(app, tg)
        monkeypatch.undo()
    assert [b["text"] for b in reply.reply_markup["inline_keyboard"][0]][0] == "✓ Done (1)"
    assert made == []

    ours = buttons.keyboard(buttons.step_row(12, "pending"))
    assert ours is not None
    first = ours.inline_keyboard
    assert first is ours.inline_keyboard  # made once
    assert ours == InlineKeyboardMarkup(first) and copy.deepcopy(ours) == ours
    assert copy.deepcopy(ours).to_dict() == ours.to_dict()


def test_a_methods_url_is_parsed_once_as_httpx_would_parse_it():
    """httpx parses a URL given as text character by character for every request;
    python-telegram-bot gives the same URL for every call of a method, so it is parsed
    once (an invalid one is still refused, every time)."""
    import httpx
    import pytest

    from drbot.bot import json_bodies

    url = "https://api.telegram.org/bot123456:ABC-def_ghi/sendMessage"
    assert json_bodies.parsed_url(url) == httpx.URL(url)
    assert json_bodies.parsed_url(url) is json_bodies.parsed_url(url)
    assert str(json_bodies.parsed_url(url)) == url
    for _ in range(2):
        with pytest.raises(httpx.InvalidURL):
            json_bodies.parsed_url("https://api.telegram.org/bot1:A\x00/sendMessage")


async def test_requests_sent_together_enter_the_connection_pool_one_at_a_time(tg, monkeypatch):
    # httpcore hands an idle connection to each request entering its pool but marks it
    # busy only a loop turn or two later, when the request starts on it: a second
    # request entering meanwhile got the same connection, waited on its locks, was
    # refused (ConnectionNotAvailable) and went round the pool again.  Each enters once
    # the one before has started on its connection (or began to open one).
    import httpcore
    from telegram import Bot

    from drbot.bot.json_bodies import JsonBodies
    from tests.bot_harness import TOKEN

    refused = []
    handle = httpcore.AsyncHTTP11Connection.handle_async_request

    async def counted(self, request):
        try:
            return await handle(self, request)
        except httpcore.ConnectionNotAvailable:
            refused.append(request)
            raise

    monkeypatch.setattr(httpcore.AsyncHTTP11Connection, "handle_async_request", counted)
    async with Bot(TOKEN, base_url=tg.base_url, request=JsonBodies(connection_pool_size=8)) as bot:
        for _ in range(3):  # idle connections in the pool, then requests sent together
            sent = await asyncio.gather(*(bot.send_message(OWNER, f"m{n}") for n in range(6)))
            assert len(sent) == 6
    assert refused == []
    assert sorted(tg.texts(OWNER)) == sorted([f"m{n}" for n in range(6)] * 3)


async def test_a_request_that_fails_leaves_the_pools_entrance_open():
    # Nothing listens on the port: each request fails, none waits for one before it.
    import socket

    from telegram import Bot
    from telegram.error import NetworkError

    from drbot.bot.json_bodies import JsonBodies
    from tests.bot_harness import TOKEN

    with socket.socket() as unused:
        unused.bind(("127.0.0.1", 0))
        port = unused.getsockname()[1]
    request = JsonBodies(connection_pool_size=4)
    bot = Bot(TOKEN, base_url=f"http://127.0.0.1:{port}/bot", request=request)
    await request.initialize()
    try:
        for _ in range(2):
            results = await asyncio.wait_for(
                asyncio.gather(
                    *(bot.send_message(OWNER, "x") for _ in range(3)), return_exceptions=True
                ),
                10,
            )
            assert all(isinstance(result, NetworkError) for result in results)
        assert not request._entering.locked()
    finally:
        await request.shutdown()


async def test_a_request_is_traced_only_until_it_holds_its_connection(tg, monkeypatch):
    # The pool's entrance learns from httpcore's trace events when a request has started
    # on its connection; the request's other events (body, response, close) would each
    # be a coroutine made and awaited for nothing, so its trace extension goes then.
    import httpcore._trace
    from telegram import Bot

    from drbot.bot.json_bodies import JsonBodies
    from tests.bot_harness import TOKEN

    events: list[str] = []
    atrace = httpcore._trace.Trace.atrace

    async def noted(self, name, info):
        if self.trace_extension is not None:
            events.append(f"{self.prefix}.{name}")
        return await atrace(self, name, info)

    monkeypatch.setattr(httpcore._trace.Trace, "atrace", noted)
    async with Bot(TOKEN, base_url=tg.base_url, request=JsonBodies(connection_pool_size=4)) as bot:
        await bot.send_message(OWNER, "first")  # opens the connection
        first = list(events)
        events.clear()
        for n in range(3):  # on the open connection
            await bot.send_message(OWNER, f"m{n}")
        again = list(events)
        events.clear()
        await asyncio.gather(*(bot.send_message(OWNER, f"t{n}") for n in range(4)))
        together = list(events)
    assert first[0] == "connection.connect_tcp.started", first
    assert first[-1] == "http11.send_request_headers.complete", first
    assert (
        again == ["http11.send_request_headers.started", "http11.send_request_headers.complete"] * 3
    )
    assert not any("response" in event or "body" in event for event in [*first, *together])
    assert sorted(tg.texts(OWNER)) == sorted(["first", "m0", "m1", "m2", "t0", "t1", "t2", "t3"])


async def test_the_pools_check_of_a_connection_the_server_closed_uses_its_socket_at_hand(
    monkeypatch,
):
    # httpcore checks each pooled connection, twice per request: whether the server closed
    # it while idle (its socket readable).  drbot's pool keeps each connection's socket at
    # hand for that check instead of asking anyio for it every time; the check is the
    # same: a connection the server closed is not used again.
    from drbot.bot import json_bodies
    from drbot.bot.claimed_first import ClaimedFirst

    body = b'{"ok":true,"result":true}'
    answer = b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
    connections = 0

    async def once(reader, writer):  # answers one request, then closes the connection
        nonlocal connections
        connections += 1
        head = await reader.readuntil(b"\r\n\r\n")
        size = next(
            int(line.split(b":")[1])
            for line in head.split(b"\r\n")
            if line.lower().startswith(b"content-length:")
        )
        await reader.readexactly(size)
        writer.write(answer)
        await writer.drain()
        writer.close()

    asked = []
    readable = json_bodies.readable

    def noted(sock):
        asked.append(readable(sock))
        return asked[-1]

    monkeypatch.setattr(json_bodies, "readable", noted)
    server = await asyncio.start_server(once, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    request = ClaimedFirst()
    await request.initialize()
    try:
        pool = request._client._transport._pool
        assert isinstance(pool._network_backend, json_bodies.SocketsAtHand)
        url = f"http://127.0.0.1:{port}/bot{OWNER}:x/getMe"
        for _ in range(3):
            assert await request.do_request(url, "POST", RequestData([])) == (200, body)
            await asyncio.sleep(0.05)  # the server's close arrives
        assert connections == 3  # each closed one was left, a new one opened
        assert True in asked  # found closed by its socket at hand
        await request.shutdown()
        await request.initialize()  # python-telegram-bot builds a new client
        assert isinstance(
            request._client._transport._pool._network_backend, json_bodies.SocketsAtHand
        )
    finally:
        await request.shutdown()
        server.close()
        await server.wait_closed()
