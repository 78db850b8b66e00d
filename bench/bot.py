"""Benchmark of the Telegram bot: `drbot run` beside a minimal python-telegram-bot echo bot.

    python -m bench.bot [--chats N] [--per-chat N] [--rate R] [--variants]
                        [--patches P,P] [--turns] [--profile [--profile-variant P,P]
                        [--profile-clock wall|cpu]]

The bots are real processes polling a fake Bot API server
(tests/fakes/telegram_server.py) that runs in this process; each run gets a
fresh fake.  drbot is started as `python -m drbot run --config FILE` (offline
provider, every chat's user allowed, a fresh database); the echo bot is a
dozen lines written to a temporary file: Application.builder() defaults and
one MessageHandler that answers with the text (reply_text).  It runs three
times: with PTB's defaults; with drbot's AIORateLimiter (like for like: both then
send at Telegram's ~30 calls/s; drbot's CPU target is judged against it); and
with the limiter and one durable SQLite commit per update before its answer
(aiosqlite, WAL, synchronous = FULL: an INSERT and a COMMIT), the second
baseline: a bot that keeps what it is told, as drbot keeps each change.

Untimed setup: one message per chat (for drbot "make a plan … — steps: a, b,
c", so that marks have a current plan; for the echo bot "hello"), then a wait
until the bot has been idle for 1.5 s, at the earliest 5.5 s after it began
polling: drbot's first proactive tick (5 s after its start) settles every
person's morning in the database — work of the day, not of an update — and
landed in the timed part or not depending on how long the setup took.  Then, timed:
--per-chat marks-only messages per chat ("✓ 2", "□ 2", …, each a real change),
all pushed at once (--chats x --per-chat, 2,000 by default), or at --rate per
second; the run ends when every one has its answer.  Throughput is updates /
(last answer − first push).  Latency is per update, from its push to the moment
the fake received the bot's sendMessage for it (the k-th answer in a chat
belongs to the k-th message: drbot and the default echo bot answer a chat's
messages in order, one answer each); with everything pushed at once it is
mostly time spent waiting in the queue, --rate shows it below saturation.
"CPU ms/update" is the bot process's user+system CPU time (all its threads,
from /proc) and this process's (the fake's) over the timed part, per update;
the bot's is also split into its event-loop thread and the rest (aiosqlite's
threads: SQLite and its fsyncs).

The fake server is part of every measurement (HTML parsing of drbot's answers
included).

--variants adds runs with bench-only changes (drbot/ itself is untouched):
the echo bot with concurrent_updates(256) (its answers within a chat may then
come out of order, which blurs its latency figures, not its throughput), and
drbot through a launcher process that patches it: without AIORateLimiter, and
without both the limiter and the "typing…" chat action.  --patches adds drbot
runs with any of the launcher patches (no-rate-limiter, no-typing,
concurrency-N, form-bodies: requests as python-telegram-bot sends them,
state-read-apart: a mark line reads the chat's state in a call of its own, before
its change; ptb-keyboard-json: an answer's keyboard turned into JSON by
python-telegram-bot's to_dict, not sent as the JSON it was made with;
no-live-view: a plan's live view is not recorded, to measure what recording it
costs; ptb-parsed-answers: an answer read back as python-telegram-bot's Message,
not as its id only; ptb-keyboard-buttons: a keyboard's python-telegram-bot button
objects made as it is made, not when first read; handler-per-command: a
python-telegram-bot CommandHandler per command, not one for all; strftime-iso:
stored times made with strftime; end-wait-parses: every message read as a mark
line before the handlers, whether or not a Log-attempt note is awaited;
url-per-request: each request's URL parsed by httpx from its text, not once per method;
write-takes-the-lock: a one-round-trip write waits for the writer's lock even when no
transaction holds it; view-record-apart: a plan's live view recorded in a write of its
own after each answer, read from the file, not remembered and riding the next write;
keep-shielded: each update's keeper waits for its inbox batch through asyncio.shield;
pool-ungated: requests enter httpx's connection pool as they come, not one at a time;
anyio-socket: httpcore's check of each pooled connection asks anyio for its socket every
time, not kept at hand; traced-throughout: every trace event of a request goes to the
pool's entrance, not only those until it holds its connection).  --turns counts each bot's
event-loop turns (iterations) and the callbacks they run in the timed part (drbot
then runs through the launcher too).  --count counts more, per update, each bot
side by side: loop turns and the callbacks they run (by callback, a task's by where it
waited), round trips to aiosqlite's threads (by caller), HTTP requests and their bodies'
bytes (by Bot API method), timers scheduled and cancelled, tasks created (its CPU
figures then include the counting's).  --profile runs drbot (as shipped, or with --profile-variant) under
cProfile and prints where its time went in the timed part (the
profiler is switched on and off by signals): wall-clock time of the
event-loop thread, or with --profile-clock cpu that thread's own CPU time.

Targets, both against the like-for-like echo bot (drbot's rate limiter): drbot's
throughput at least 0.9× its throughput (the echo bot without a limiter is shown
beside it, as context: it answers as fast as the machine lets it); drbot's CPU per
update at most its CPU per update.  It prints figures; it is not a test and
asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import pstats
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import telegram

from bench.common import (
    Figures,
    json_option,
    machine_line,
    pct,
    python_line,
    ratio,
    scratch_directory,
)
from tests.fakes.telegram_server import FakeTelegram

ROOT = Path(__file__).resolve().parent.parent

TOKEN = "123456:BENCH-token-abcdefghijklmnopqrstuvwxyz"
FIRST_USER = 10_001
PLAN = "Make a plan to fix the fence — steps: get quotes, hire contractor, supervise work"
# drbot's throughput / the echo bot's with drbot's rate limiter (like for like: both at
# Telegram's ~30 calls/s); the echo bot without a limiter is shown beside it, unjudged
TARGET = 0.9
CPU_TARGET = 1.0  # drbot's CPU per update / the echo bot's with drbot's rate limiter

# Counts the event loop's turns (iterations) and the callbacks they run between SIGUSR1
# and SIGUSR2 (the timed part) and writes them to the file "turns" at exit (--turns).
TURNS = """\
import asyncio, atexit, signal
counted = {"on": False, "turns": 0, "callbacks": 0}
run_once, run_handle = asyncio.BaseEventLoop._run_once, asyncio.Handle._run
def _run_once(self):
    counted["turns"] += counted["on"]
    run_once(self)
def _run(self):
    counted["callbacks"] += counted["on"]
    run_handle(self)
asyncio.BaseEventLoop._run_once, asyncio.Handle._run = _run_once, _run
signal.signal(signal.SIGUSR1, lambda *_: counted.update(on=True))
signal.signal(signal.SIGUSR2, lambda *_: counted.update(on=False))
def _write():
    with open("turns", "w") as f:
        f.write(f"{counted['turns']} {counted['callbacks']}")
atexit.register(_write)
"""

# Counts, between SIGUSR1 and SIGUSR2 (the timed part), what a bot's updates cost in
# kind rather than in time (--count): the event loop's turns and the callbacks they run
# (by callback), round trips to aiosqlite's threads (by caller), HTTP requests (by Bot API
# method, with their bodies' bytes), timers scheduled and cancelled and tasks created (by
# caller).  Written to "turns" (turns, callbacks) and "counts.json" at exit.  The counting
# costs CPU itself: figures of a counted run are not for comparing CPU.
COUNTS = """\
import asyncio, atexit, collections, json, os, signal, sys
counted = {"on": False, "turns": 0, "callbacks": 0}
tally = collections.defaultdict(collections.Counter)
HERE = ("/asyncio/", "/contextlib.py", "/aiosqlite/", "/functools.py", "/threading.py",
        "/anyio/", "/httpcore/", "/httpx/", "/aiolimiter/", "/selectors.py", "/_weakrefset.py",
        "<string>")
def where(skip=2, own=()):
    frame = sys._getframe(skip)
    while frame is not None:
        name = frame.f_code.co_filename
        if not any(part in name for part in HERE + own):
            break
        frame = frame.f_back
    if frame is None:
        return "?"
    name = frame.f_code.co_filename
    for root in ("/site-packages/", "/drbot/", "/python3.11/"):
        if root in name:
            name = name.split(root, 1)[1] if root != "/drbot/" else "drbot/" + name.split(root, 1)[1]
            break
    else:
        name = os.path.basename(name)
    return f"{name}:{frame.f_code.co_name}"
def what(callback):
    owner = getattr(callback, "__self__", None)
    if isinstance(owner, asyncio.Task):  # where the task waited, innermost coroutine first
        coro, chain = owner.get_coro(), []
        while coro is not None and hasattr(coro, "cr_frame") and len(chain) < 40:
            if coro.cr_frame is not None:
                chain.append(f"{coro.__qualname__}:{coro.cr_frame.f_lineno}")
            coro = coro.cr_await
        return "task resumed in " + " < ".join(reversed(chain[-3:]))
    return getattr(callback, "__qualname__", type(callback).__name__)
run_once, run_handle = asyncio.BaseEventLoop._run_once, asyncio.Handle._run
def _run_once(self):
    counted["turns"] += counted["on"]
    run_once(self)
def _run(self):
    if counted["on"]:
        counted["callbacks"] += 1
        tally["callbacks"][what(self._callback)] += 1
    run_handle(self)
asyncio.BaseEventLoop._run_once, asyncio.Handle._run = _run_once, _run
call_at, cancel = asyncio.BaseEventLoop.call_at, asyncio.TimerHandle.cancel
def _call_at(self, when, callback, *args, context=None):
    if counted["on"]:
        tally["timers scheduled"][where()] += 1
    return call_at(self, when, callback, *args, context=context)
def _cancel(self):
    if counted["on"] and not self._cancelled:
        tally["timers cancelled"][what(self._callback)] += 1
    return cancel(self)
asyncio.BaseEventLoop.call_at, asyncio.TimerHandle.cancel = _call_at, _cancel
create_task = asyncio.BaseEventLoop.create_task
def _create_task(self, coro, **kwargs):
    if counted["on"]:
        tally["tasks created"][getattr(coro, "__qualname__", "?")] += 1
    return create_task(self, coro, **kwargs)
asyncio.BaseEventLoop.create_task = _create_task
try:
    import aiosqlite.core
    execute = aiosqlite.core.Connection._execute
    def _execute(self, fn, *args, **kwargs):
        if counted["on"]:
            tally["aiosqlite round trips"][where(own=("/drbot/memory/database.py",))] += 1
        return execute(self, fn, *args, **kwargs)
    aiosqlite.core.Connection._execute = _execute
except ImportError:
    pass
import httpx
send = httpx.AsyncClient.send
async def _send(self, request, **kwargs):
    response = await send(self, request, **kwargs)
    if counted["on"]:
        method = request.url.path.rsplit("/", 1)[-1]
        tally["HTTP requests"][method] += 1
        tally["HTTP bytes out"][method] += len(request.content)
        tally["HTTP bytes in"][method] += len(response.content)
    return response
httpx.AsyncClient.send = _send
signal.signal(signal.SIGUSR1, lambda *_: counted.update(on=True))
signal.signal(signal.SIGUSR2, lambda *_: counted.update(on=False))
def _write():
    with open("turns", "w") as f:
        f.write(f"{counted['turns']} {counted['callbacks']}")
    with open("counts.json", "w") as f:
        json.dump({k: dict(v) for k, v in tally.items()}, f)
atexit.register(_write)
"""

ECHO_BOT = """\
import sys
from telegram.ext import Application, MessageHandler, filters

if sys.argv[5] != "-":  # the turns counter or the profiler (--turns, --profile)
    exec(sys.argv[6])
db = None

async def echo(update, context):
    await update.message.reply_text(update.message.text)

async def echo_kept(update, context):  # one durable commit per update, then the answer
    await db.execute("INSERT INTO seen (update_id, text) VALUES (?, ?)",
                     (update.update_id, update.message.text))
    await db.commit()
    await update.message.reply_text(update.message.text)

async def open_db(app):
    global db
    import aiosqlite
    db = await aiosqlite.connect("echo.db")
    await db.execute("PRAGMA journal_mode = WAL")
    await db.execute("PRAGMA synchronous = FULL")
    await db.execute("CREATE TABLE seen (update_id INTEGER PRIMARY KEY, text TEXT)")
    await db.commit()

async def close_db(app):
    await db.close()

builder = Application.builder().token(sys.argv[1]).base_url(sys.argv[2])
if int(sys.argv[3]):  # bench-only variants: updates handled concurrently, drbot's limiter
    builder = builder.concurrent_updates(int(sys.argv[3]))
if sys.argv[4].startswith("limiter"):
    from telegram.ext import AIORateLimiter
    builder = builder.rate_limiter(AIORateLimiter(max_retries=5))
kept = sys.argv[4] == "limiter+commit"
if kept:
    builder = builder.post_init(open_db).post_shutdown(close_db)
app = builder.build()
app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo_kept if kept else echo))
app.run_polling(allowed_updates=["message", "callback_query"])
"""

# The echo bot's profiler (--profile): as the launcher's, into the file "echo.prof".
ECHO_PROFILER = """\
import atexit, cProfile, signal, sys, time
profiler = cProfile.Profile(time.thread_time) if sys.argv[7] == "cpu" else cProfile.Profile()
atexit.register(lambda: profiler.dump_stats("echo.prof"))
signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())
signal.signal(signal.SIGUSR2, lambda *_: profiler.disable())
"""

# `drbot run` with bench-only patches, for the --variants and --profile runs.
LAUNCHER = """\
import atexit, cProfile, os, sys, time
import drbot.bot.app as app_module
import drbot.bot.handlers as handlers

patches = sys.argv[1].split(",") if sys.argv[1] else []
if sys.argv[5] == "turns":
    exec(sys.argv[6])
if "no-rate-limiter" in patches:
    class NoLimiter(app_module.AIORateLimiter):
        async def process_request(self, callback, args, kwargs, endpoint, data,
                                  rate_limit_args):
            return await callback(*args, **kwargs)
    app_module.AIORateLimiter = NoLimiter
if "no-typing" in patches:
    import contextlib

    @contextlib.asynccontextmanager
    async def no_typing(context, chat_id):
        yield
    handlers._typing = no_typing
if "form-bodies" in patches:  # requests as python-telegram-bot sends them (a form)
    from telegram.request import HTTPXRequest
    import drbot.bot.json_bodies as json_bodies
    json_bodies.JsonBodies.do_request = HTTPXRequest.do_request
if "state-read-apart" in patches:  # a mark line reads the chat's state in a call of its own
    import drbot.ai.assistant as assistant_module

    async def read_apart(self, chat_id, user_id, text, marks, origin):
        return None
    assistant_module.Assistant._marks_first = read_apart
if "ptb-keyboard-json" in patches:  # a keyboard turned into JSON by python-telegram-bot (before)
    import drbot.bot.buttons as buttons_module

    buttons_module.Keyboard.to_dict = buttons_module.InlineKeyboardMarkup.to_dict
if "no-live-view" in patches:  # what recording a plan's live view costs (not a fix)
    import drbot.memory.plan_views as plan_views

    async def forget_views(self, chat_id, user_id, plan_id, message_ids):
        return []
    plan_views.PlanViews.replace = forget_views
if "ptb-parsed-answers" in patches:  # an answer read back as python-telegram-bot's Message
    import drbot.bot.delivery as delivery

    async def parsed(bot, chat_id, piece, markup, reply_to=None):
        return (await delivery._send_piece(bot, chat_id, piece, markup, reply_to)).message_id
    delivery._post_piece = parsed
if "ptb-keyboard-buttons" in patches:  # a keyboard's button objects made with it (before)
    import drbot.bot.buttons as buttons_module

    made = buttons_module.Keyboard.__init__

    def with_buttons(self, rows):
        made(self, rows)
        self.inline_keyboard
    buttons_module.Keyboard.__init__ = with_buttons
if "handler-per-command" in patches:  # a CommandHandler per command (before)
    from telegram.ext import Application, CommandHandler
    add_handler = Application.add_handler

    def per_command(self, handler, group=0):
        if not isinstance(handler, app_module.Commands):
            return add_handler(self, handler, group)
        for name, callback in handler.callbacks.items():
            add_handler(self, CommandHandler(name, callback, filters=handler.filters), group)
    Application.add_handler = per_command
if "strftime-iso" in patches:  # stored times made with strftime (before)
    from datetime import UTC
    import drbot.memory.clock as clock_module

    def strftime_iso(moment):
        if moment.tzinfo is None:
            raise ValueError("naive datetime")
        utc = moment.astimezone(UTC)
        return f"{utc.year:04d}-{utc:%m-%dT%H:%M:%S.%f}Z"
    made = clock_module.iso
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("drbot") and getattr(
            module, "iso", None
        ) is made:
            module.iso = strftime_iso
if "end-wait-parses" in patches:  # every message read for a mark line before the handlers
    import drbot.bot.attempt_notes as notes
    from telegram.ext import filters as ptb_filters

    async def end_wait(update, context):
        user, message = update.effective_user, update.message
        if user is None or context.chat_data is None:
            return
        if update.callback_query is not None:
            notes.drop(context, user.id)
        elif message is not None:
            text = message.text or message.caption or ""
            if ptb_filters.COMMAND.check_update(update):
                if notes._command(text) != "cancel":
                    notes.drop(context, user.id)
            elif notes.marks_input.parse(text) is not None:
                notes.drop(context, user.id)
    notes.end_wait = end_wait
if "url-per-request" in patches:  # each request's URL parsed from its text (before)
    import drbot.bot.json_bodies as json_bodies

    json_bodies.parsed_url = lambda url: url
if "write-takes-the-lock" in patches:  # every one-round-trip write waits for the lock (before)
    import drbot.memory.database as db_module

    async def write_locked(self, body, *, durable=True):
        if db_module._EACH_WRITE.get():
            async with self.transaction() as conn:
                return await db_module._on_thread(conn, body)
        async with self._write_lock:
            riding, later = db_module._waiting() if durable else [], self._later_now()
            return await db_module._on_thread(
                self._writer,
                lambda conn: db_module._whole(conn, body, riding, later, durable=durable),
            )
    db_module.Database.write = write_locked
if "view-record-apart" in patches:  # the live view's record, a round trip of its own (before)
    import json
    import drbot.memory.plan_views as plan_views
    from drbot.memory import limits
    from drbot.memory.clock import iso

    VIEW = "SELECT message_ids FROM plan_views WHERE chat_id = ? AND plan_id = ? AND user_id = ?"

    async def replace_apart(self, chat_id, user_id, plan_id, message_ids):
        user_id, now = limits.user_id(user_id), iso(self._clock())

        def record(conn):
            rows = conn.execute(VIEW, (chat_id, plan_id, user_id)).fetchall()
            conn.execute(
                plan_views._RECORD, (chat_id, json.dumps(message_ids), now, plan_id, user_id)
            )
            return rows
        rows = await self.db.write(record, durable=False)
        previous = json.loads(rows[0]["message_ids"]) if rows else []
        return [mid for mid in previous if mid not in message_ids]

    async def live_read(self, chat_id, user_id, plan_id):
        row = await self.db.fetch_one(VIEW, (chat_id, plan_id, limits.user_id(user_id)))
        return json.loads(row["message_ids"]) if row else []
    plan_views.PlanViews.replace = replace_apart
    plan_views.PlanViews.live = live_read
if "keep-shielded" in patches:  # each keeper waits on its batch through a shield (before)
    import asyncio, json
    import drbot.memory.inbox as inbox_module
    from drbot.memory.clock import iso

    async def keep_shielded(self, update_id, payload, sender=None):
        self._waiting.append((update_id, iso(self._clock()), json.dumps(payload), update_id))
        self._senders.append((update_id, sender))
        if self._next is None:
            self._next = asyncio.ensure_future(self._write_waiting())
        return (await asyncio.shield(self._next))[update_id]
    inbox_module.Inbox.keep = keep_shielded
if "pool-ungated" in patches:  # requests enter httpx's pool as they come (before)
    import json
    import httpx
    import drbot.bot.json_bodies as json_bodies
    from telegram.error import NetworkError, TimedOut

    ship = json_bodies.JsonBodies.do_request

    async def ungated(self, url, method, request_data=None, read_timeout=json_bodies.HTTPXRequest.DEFAULT_NONE,
                      write_timeout=json_bodies.HTTPXRequest.DEFAULT_NONE,
                      connect_timeout=json_bodies.HTTPXRequest.DEFAULT_NONE,
                      pool_timeout=json_bodies.HTTPXRequest.DEFAULT_NONE):
        if request_data is None or request_data.contains_files or self._client.is_closed:
            return await ship(self, url, method, request_data, read_timeout, write_timeout,
                              connect_timeout, pool_timeout)
        default, given = self._client.timeout, json_bodies._given
        timeout = httpx.Timeout(
            connect=given(connect_timeout, default.connect), read=given(read_timeout, default.read),
            write=given(write_timeout, default.write), pool=given(pool_timeout, default.pool))
        body = json.dumps(request_data.parameters, ensure_ascii=False).encode()
        try:
            response = await self._client.request(
                method=method, url=json_bodies.parsed_url(url),
                headers={"User-Agent": self.USER_AGENT, "Content-Type": json_bodies.JSON},
                timeout=timeout, content=body)
        except httpx.TimeoutException as error:
            raise TimedOut from error
        except httpx.HTTPError as error:
            raise NetworkError(f"httpx.{error.__class__.__name__}: {error}") from error
        return response.status_code, response.content
    json_bodies.JsonBodies.do_request = ungated
for patch in patches:
    if patch.startswith("concurrency-"):   # fewer updates handled at once (default 256)
        limit = int(patch.split("-")[1])

        class FewerAtOnce(app_module.PerChatOrder):
            def __init__(self, allowed_user_ids=(), max_concurrent_updates=limit, **kwargs):
                super().__init__(allowed_user_ids, max_concurrent_updates, **kwargs)
        app_module.PerChatOrder = FewerAtOnce
if "anyio-socket" in patches:  # the pool's check asks anyio for each socket (before)
    import drbot.bot.json_bodies as json_bodies
    json_bodies.SocketsAtHand.install = classmethod(lambda cls, client: False)
if "traced-throughout" in patches:  # every trace event of a request to the entrance (before)
    import drbot.bot.json_bodies as json_bodies
    json_bodies.stop_tracing = lambda info: None
profile_to = sys.argv[2]
if profile_to:
    # "cpu": the event-loop thread's own CPU time (waiting for the GIL or the disk not counted)
    profiler = cProfile.Profile(time.thread_time) if sys.argv[4] == "cpu" else cProfile.Profile()
    atexit.register(lambda: profiler.dump_stats(profile_to))
    # The timed part only: the bench signals its start and its end (start-up, the
    # untimed setup and shutdown are not what a mark line costs).
    import signal
    signal.signal(signal.SIGUSR1, lambda *_: profiler.enable())
    signal.signal(signal.SIGUSR2, lambda *_: profiler.disable())
from drbot.cli import main
sys.exit(main(["run", "--config", sys.argv[3]]))
"""


def marks_for(round_no: int) -> str:
    """Round r of a chat's marks: ✓ then □ on step 2, then step 3, …; each one a change."""
    position = 2 + (round_no // 2) % 2
    return f"✓ {position}" if round_no % 2 == 0 else f"□ {position}"


class TimedTelegram(FakeTelegram):
    """The fake, noting when each sendMessage arrived, per chat."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.answered: dict[int, list[float]] = {}
        self.answers = 0
        self.all_answered = asyncio.Event()
        self.expect = math.inf

    def _send_message(self, p: dict) -> dict:
        result = super()._send_message(p)
        self.answered.setdefault(p["chat_id"], []).append(time.perf_counter())
        self.answers += 1
        if self.answers >= self.expect:
            self.all_answered.set()
        return result


@dataclass
class Result:
    name: str
    updates: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    calls: dict[str, int] = field(default_factory=dict)
    setup_s: float = 0.0
    idle_wait_s: float = 0.0  # waited after the setup for the first tick to be over
    bot_cpu: float | None = None  # CPU seconds of the bot process in the timed part
    loop_cpu: float | None = None  # of it, its event-loop thread's
    fake_cpu: float = 0.0  # CPU seconds of this process (the fake) in it
    turns: tuple[int, int] | None = None  # event-loop turns and callbacks run in it (--turns)
    counts: dict[str, dict[str, int]] | None = None  # by kind, then by what (--count)
    note: str = ""

    @property
    def rate(self) -> float:
        return self.updates / self.seconds if self.seconds else 0.0


def cpu_seconds(pid: int) -> float | None:
    """user + system CPU time of a process (Linux /proc), None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def loop_thread_cpu(pid: int) -> float | None:
    """user + system CPU time of a process's first thread (python-telegram-bot's event
    loop; the rest is aiosqlite's threads), None where /proc is missing."""
    try:
        fields = Path(f"/proc/{pid}/task/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


FIRST_TICK_S = 5.0  # drbot's first proactive tick, seconds after it starts (drbot.runtime)


async def idle_after_first_tick(pid: int, polling: float, limit: float = 60.0) -> float:
    """Waits until ``FIRST_TICK_S`` + 0.5 s after the bot began polling (its job queue
    starts with it), then until the bot spends under 10 ms of CPU in each of three
    half-seconds in a row (its first tick over); the seconds waited.  Every bot waits
    the same way (an echo bot has no tick)."""
    t0 = time.perf_counter()
    await asyncio.sleep(max(0.0, polling + FIRST_TICK_S + 0.5 - t0))
    quiet, before = 0, cpu_seconds(pid)
    while quiet < 3 and time.perf_counter() - t0 < limit and before is not None:
        await asyncio.sleep(0.5)
        after = cpu_seconds(pid)
        if after is None:
            break
        quiet, before = (quiet + 1 if after - before < 0.010 else 0), after
    return time.perf_counter() - t0


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def child_env() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DRBOT_", "TELEGRAM_", "ANTHROPIC_"))
    }
    env["PTB_TIMEDELTA"] = "1"
    return env


def write_config(tmp: Path, tg: FakeTelegram, chats: int) -> Path:
    ids = ", ".join(str(FIRST_USER + i) for i in range(chats))
    config = tmp / "config.toml"
    config.write_text(
        f'[telegram]\ntoken = "{TOKEN}"\nbase_url = "{tg.base_url}"\n'
        f"allowed_user_ids = [{ids}]\n"
        f'[database]\npath = "{tmp / "bench.db"}"\n[llm]\nprovider = "offline"\n',
        encoding="utf-8",
    )
    return config


async def run_bot(
    name: str,
    argv: list[str],
    tg: TimedTelegram,
    args,
    tmp: Path,
    setup_text: str,
    signalled: bool = False,
) -> Result:
    """``signalled``: the bot counts (its profiler, its turns) between SIGUSR1 and SIGUSR2,
    sent around the timed part."""
    result = Result(name)
    chats = [FIRST_USER + i for i in range(args.chats)]
    err_path = tmp / f"{name.split()[0]}.err"
    with open(err_path, "wb") as err:
        proc = await asyncio.create_subprocess_exec(
            *argv, stdin=subprocess.DEVNULL, stdout=err, stderr=err, env=child_env(), cwd=tmp
        )
    try:
        await tg.wait_for(lambda: any(m == "getUpdates" for m, _ in tg.calls), 30)
        polling = time.perf_counter()  # its jobs' clock starts with its polling
        # untimed setup: one message per chat, all answered
        t0 = time.perf_counter()
        tg.expect = len(chats)
        for chat in chats:
            tg.push_message(chat, chat, setup_text)
        await asyncio.wait_for(tg.all_answered.wait(), args.timeout)
        result.setup_s = time.perf_counter() - t0
        # Every Bot API method counts against Telegram's limits, edits too (a new
        # live view takes the buttons off the one before: editMessageReplyMarkup).
        before = {
            m: sum(1 for c, _ in tg.calls if c == m)
            for m in (
                "sendMessage",
                "editMessageText",
                "editMessageReplyMarkup",
                "sendChatAction",
                "getUpdates",
            )
        }
        base = {chat: len(tg.answered.get(chat, [])) for chat in chats}
        await asyncio.sleep(0.5)  # let the setup's trailing calls settle
        # drbot's first proactive tick runs 5 s after its start and settles every
        # person's morning (claims in the database): work of the day, not of an update,
        # which landed in the timed part or not depending on how long the setup took.
        result.idle_wait_s = await idle_after_first_tick(proc.pid, polling)

        # timed: every chat's marks, all pushed at once
        pushed: dict[int, list[float]] = {chat: [] for chat in chats}
        tg.all_answered = asyncio.Event()
        tg.expect = tg.answers + len(chats) * args.per_chat
        if signalled:  # the launcher's profiler, the turns, count the timed part only
            proc.send_signal(signal.SIGUSR1)
        bot_cpu, fake_cpu = cpu_seconds(proc.pid), own_cpu()
        loop_cpu = loop_thread_cpu(proc.pid)
        first_push = time.perf_counter()
        k = 0
        for r in range(args.per_chat):
            for chat in chats:
                if args.rate:  # open loop: update k is due at k / rate
                    await asyncio.sleep(max(0.0, first_push + k / args.rate - time.perf_counter()))
                pushed[chat].append(time.perf_counter())
                tg.push_message(chat, chat, marks_for(r))
                k += 1
        try:
            await asyncio.wait_for(tg.all_answered.wait(), args.timeout)
        except TimeoutError:
            result.note = f"TIMED OUT after {args.timeout:.0f} s"
        if signalled:
            proc.send_signal(signal.SIGUSR2)
        result.fake_cpu = own_cpu() - fake_cpu
        if bot_cpu is not None and (after := cpu_seconds(proc.pid)) is not None:
            result.bot_cpu = after - bot_cpu
        if loop_cpu is not None and (after := loop_thread_cpu(proc.pid)) is not None:
            result.loop_cpu = after - loop_cpu
        last = 0.0
        for chat in chats:
            answered = tg.answered.get(chat, [])[base[chat] :]
            for push_t, answer_t in zip(pushed[chat], answered):
                result.latencies.append(answer_t - push_t)
                last = max(last, answer_t)
        result.updates = len(result.latencies)
        result.seconds = last - first_push
        result.calls = {m: sum(1 for c, _ in tg.calls if c == m) - n for m, n in before.items()}
        if tg.errors:
            result.note += f" fake errors: {tg.errors[:3]!r}"
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(proc.wait(), 30)
            except TimeoutError:
                proc.kill()
                await proc.wait()
                result.note += " (killed: no exit 30 s after SIGTERM)"
        if proc.returncode not in (0, None) and not result.note:
            result.note = f"exit code {proc.returncode}"
        if (turns := tmp / "turns").exists():
            counted = turns.read_text().split()
            result.turns = (int(counted[0]), int(counted[1]))
        if (counts := tmp / "counts.json").exists():
            result.counts = json.loads(counts.read_text())
        errors = err_path.read_text(errors="replace").strip()
        if errors:
            result.note += f" stderr: {errors.splitlines()[-1][:200]}"
    return result


async def run_drbot(name: str, args, patches: str = "", profile: Path | None = None) -> Result:
    with scratch_directory("drbot-bench-bot-") as tmp:
        async with TimedTelegram(token=TOKEN) as tg:
            config = write_config(tmp, tg, args.chats)
            turns = (args.turns or args.count) and profile is None  # both take SIGUSR1/2
            if patches or profile or turns:
                launcher = tmp / "launcher.py"
                launcher.write_text(LAUNCHER, encoding="utf-8")
                argv = [
                    sys.executable,
                    str(launcher),
                    patches,
                    str(profile or ""),
                    str(config),
                    args.profile_clock,
                    "turns" if turns else "-",
                    COUNTS if args.count else TURNS,
                ]
            else:
                argv = [sys.executable, "-m", "drbot", "run", "--config", str(config)]
            result = await run_bot(name, argv, tg, args, tmp, PLAN, profile is not None or turns)
        with sqlite3.connect(tmp / "bench.db") as conn:
            plans = conn.execute("SELECT count(*) FROM plans").fetchone()[0]
            revisions = conn.execute("SELECT count(*) FROM plan_revisions").fetchone()[0]
        conn.close()
        result.note = (
            f"{plans} plans, {revisions} revisions in the database. " + result.note
        ).strip()
        return result


async def run_echo(
    args,
    concurrent: int = 0,
    limiter: bool = False,
    commit: bool = False,
    profile: Path | None = None,
) -> Result:
    """The echo bot: PTB's defaults, ``concurrent`` updates at once, drbot's rate limiter,
    and with ``commit`` (and the limiter) one durable SQLite commit per update before its
    answer (aiosqlite, WAL, synchronous = FULL, as drbot's change): the like-for-like
    floor of a bot that keeps what it is told."""
    with scratch_directory("drbot-bench-echo-") as tmp:
        script = tmp / "echo_bot.py"
        script.write_text(ECHO_BOT, encoding="utf-8")
        async with TimedTelegram(token=TOKEN) as tg:
            name = (
                "echo bot"
                + (f", concurrent_updates({concurrent})" if concurrent else "")
                + (", AIORateLimiter as drbot's" if limiter else "")
                + (" + a durable commit per update" if commit else "")
                + (" under cProfile" if profile else "")
                + ("*" if concurrent or limiter else " (PTB defaults)")
            )
            turns = (args.turns or args.count) and profile is None  # both take SIGUSR1/2
            result = await run_bot(
                name,
                [
                    sys.executable,
                    str(script),
                    TOKEN,
                    tg.base_url,
                    str(concurrent),
                    ("limiter+commit" if commit else "limiter") if limiter else "-",
                    "profile" if profile else "turns" if turns else "-",
                    ECHO_PROFILER if profile else COUNTS if args.count else TURNS,
                    args.profile_clock,
                ],
                tg,
                args,
                tmp,
                "hello",
                turns or profile is not None,
            )
            if profile is not None and (tmp / "echo.prof").exists():
                shutil.copy(tmp / "echo.prof", profile)
            return result


def report(results: list[Result], echo: Result) -> dict[str, dict[str, str]]:
    """Prints the table; returns its rows by bot name, column by column."""
    head = (
        "bot",
        "updates",
        "seconds",
        "updates/s",
        "p50 latency",
        "p95 latency",
        "vs echo",
        "CPU ms/update bot+fake",
        "API calls in the timed part",
    )
    rows = []
    for r in results:
        calls = ", ".join(f"{m} {n:,}" for m, n in r.calls.items() if n)
        rows.append(
            (
                r.name,
                f"{r.updates:,}",
                f"{r.seconds:.2f}",
                f"{r.rate:,.1f}",
                f"{pct(r.latencies, 50) * 1e3:,.0f} ms" if r.latencies else "—",
                f"{pct(r.latencies, 95) * 1e3:,.0f} ms" if r.latencies else "—",
                f"{r.rate / echo.rate:.3f}×" if echo.rate else "—",
                (
                    f"{r.bot_cpu / r.updates * 1e3:.2f} + "
                    if r.bot_cpu is not None and r.updates
                    else "? + "
                )
                + (f"{r.fake_cpu / r.updates * 1e3:.2f}" if r.updates else "?"),
                calls,
            )
        )
    widths = [max(len(str(row[i])) for row in (head, *rows)) for i in range(len(head))]

    def line(row):
        return " | ".join(str(v).ljust(w) for v, w in zip(row, widths)).rstrip()

    print(line(head))
    print("-+-".join("-" * w for w in widths))
    for row in rows:
        print(line(row))
    print()
    for r in results:
        print(
            f"  {r.name}: setup (one message per chat, untimed) {r.setup_s:.2f} s,"
            f" then {r.idle_wait_s:.1f} s for the first tick to be over"
            + (f"; {r.note}" if r.note else "")
        )
    for r in results:
        if r.bot_cpu is not None and r.loop_cpu is not None and r.updates:
            print(
                f"  {r.name}: CPU ms/update {r.loop_cpu / r.updates * 1e3:.2f} in the event-loop"
                f" thread + {max(r.bot_cpu - r.loop_cpu, 0) / r.updates * 1e3:.2f} in other threads"
            )
    for r in results:
        if r.turns is not None and r.updates:
            print(
                f"  {r.name}: event-loop turns per update {r.turns[0] / r.updates:.1f},"
                f" callbacks run per update {r.turns[1] / r.updates:.1f}"
            )
    return {row[0]: dict(zip(head, row)) for row in rows}


COUNT_ROWS = 8  # the biggest entries shown of each kind (--count)


def print_counts(results: list[Result], rows: int = COUNT_ROWS) -> None:
    """--count: each kind per update, every counted bot side by side, then its biggest
    entries (a callback, a caller, a Bot API method)."""
    counted = [r for r in results if r.counts is not None and r.turns is not None and r.updates]
    if not counted:
        return
    names = [f"[{i + 1}]" for i in range(len(counted))]
    print("\ncounts per update in the timed part (--count):")
    for name, r in zip(names, counted):
        print(f"  {name} {r.name}")

    def per(value: float, r: Result) -> str:
        return f"{value / r.updates:.3f}"

    kinds = sorted({kind for r in counted for kind in (r.counts or {})})
    table = [("", *names)]
    table.append(("event-loop turns", *(per(r.turns[0], r) for r in counted if r.turns)))
    table.append(("callbacks run", *(per(r.turns[1], r) for r in counted if r.turns)))
    for kind in kinds:
        table.append(
            (kind, *(per(sum((r.counts or {}).get(kind, {}).values()), r) for r in counted))
        )
    width = max(len(row[0]) for row in table)
    for row in table:
        print("  " + row[0].ljust(width) + "  " + "  ".join(v.rjust(9) for v in row[1:]))
    for kind in kinds:
        entries: dict[str, list[float]] = {}
        for i, r in enumerate(counted):
            for key, n in (r.counts or {}).get(kind, {}).items():
                entries.setdefault(key, [0.0] * len(counted))[i] = n / r.updates
        biggest = sorted(entries.items(), key=lambda item: -max(item[1]))[:rows]
        print(f"\n  {kind}, the biggest {len(biggest)} of {len(entries)}:")
        for key, values in biggest:
            print("    " + "  ".join(f"{v:9.3f}" for v in values) + f"  {key[:90]}")


def figures_for(
    results: list[Result],
    echo: Result,
    like: Result,
    kept: Result,
    printed: dict[str, dict[str, str]],
    args,
    load: str,
) -> Figures:
    """drbot as shipped beside the echo bot with PTB's defaults, its CPU also beside
    the echo bot with drbot's rate limiter (like for like); the other runs as
    variants."""
    figures = Figures()
    drbot = next((r for r in results if r.name.startswith("drbot run")), None)
    if drbot is None:
        return figures
    ours, theirs = printed[drbot.name], printed[echo.name]
    judged = not args.rate and echo.rate
    figures.row(
        "throughput (updates/s), like for like",
        ours["updates/s"],
        f"echo bot with drbot's rate limiter: {printed[like.name]['updates/s']}",
        ratio(drbot.rate, like.rate),
        f"≥ {TARGET:g}× the echo bot's",
        ("met" if drbot.rate >= TARGET * like.rate else "MISSED")
        if judged and like.rate
        else "not judged (--rate)",
    )
    figures.row(
        "throughput (updates/s), beside an echo bot without a rate limiter",
        ours["updates/s"],
        f"echo bot: {theirs['updates/s']}",
        ratio(drbot.rate, echo.rate),
    )
    figures.row(
        "wall time for the timed updates",
        f"{ours['seconds']} s ({ours['updates']})",
        f"echo bot: {theirs['seconds']} s ({theirs['updates']})",
        ratio(drbot.seconds, echo.seconds),
    )
    for p, label in ((50, "latency p50 (push → answer, queueing included)"), (95, "latency p95")):
        column = f"p{p} latency"
        figures.row(
            label,
            ours[column],
            f"echo bot: {theirs[column]}",
            ratio(pct(drbot.latencies, p), pct(echo.latencies, p))
            if drbot.latencies and echo.latencies
            else "—",
        )
    cpu = "CPU ms/update bot+fake"
    figures.row("CPU ms per update (bot + fake server)", ours[cpu], f"echo bot: {theirs[cpu]}")
    if drbot.bot_cpu is not None and like.bot_cpu is not None and drbot.updates and like.updates:
        per_update, like_per_update = drbot.bot_cpu / drbot.updates, like.bot_cpu / like.updates
        figures.row(
            "CPU ms per update of the bot, like for like",
            f"{per_update * 1e3:.2f}",
            f"echo bot with drbot's rate limiter: {like_per_update * 1e3:.2f}",
            ratio(per_update, like_per_update),
            f"≤ {CPU_TARGET:g}× the echo bot's",
            "met" if per_update <= CPU_TARGET * like_per_update else "MISSED",
        )
    if drbot.bot_cpu is not None and kept.bot_cpu is not None and drbot.updates and kept.updates:
        per_update, kept_per_update = drbot.bot_cpu / drbot.updates, kept.bot_cpu / kept.updates
        figures.row(
            "CPU ms per update of the bot, beside a bot that keeps what it is told",
            f"{per_update * 1e3:.2f}",
            "echo bot with drbot's rate limiter and one durable SQLite commit per update:"
            f" {kept_per_update * 1e3:.2f}",
            ratio(per_update, kept_per_update),
        )
    for r in results:  # --variants / --patches / --profile runs
        if r is not drbot and r is not echo and r is not like and r is not kept:
            figures.row(
                f"variant: {r.name}",
                printed[r.name]["updates/s"] + " updates/s",
                ratio=ratio(r.rate, echo.rate),
            )
    figures.note("Load: " + load)
    calls = "API calls in the timed part"
    if ours[calls]:
        figures.note(
            f"drbot's Bot API calls in the timed part: {ours[calls]}; the echo"
            f" bot's: {theirs[calls] or '?'}"
        )
    return figures


# Where each file's own time goes, by layer (first match); a function of a helper module
# (built-ins, contextlib, functools, …) counts in its caller's layer.
LAYERS = (
    (
        "the rate limiter (AIORateLimiter, aiolimiter)",
        ("telegram/ext/_aioratelimiter", "aiolimiter/"),
    ),
    ("python-telegram-bot: dispatch (handlers, update processor)", ("telegram/ext/",)),
    ("python-telegram-bot: objects, parsing, requests", ("telegram/",)),
    ("HTTP: httpx, httpcore, h11, anyio", ("httpx/", "httpcore/", "h11/", "anyio/", "sniffio/")),
    (
        "drbot: the view (render, buttons, delivery)",
        (
            "drbot/bot/render",
            "drbot/bot/buttons",
            "drbot/bot/views",
            "drbot/bot/delivery",
            "drbot/marks",
            "drbot/bot/json_bodies",
            "drbot/bot/claimed_first",
        ),
    ),
    ("drbot: the database's loop side (memory, aiosqlite)", ("drbot/memory/", "aiosqlite/")),
    ("drbot: the handler (bot, ai: reading the mark line)", ("drbot/",)),
    ("logging", ("logging/",)),
    ("json", ("json/",)),
    ("asyncio and the event loop", ("asyncio/", "selectors", "contextvars")),
)
HELPERS = (
    "~",
    "contextlib",
    "functools",
    "enum",
    "typing",
    "abc",
    "_weakrefset",
    "weakref",
    "copy",
    "dataclasses",
    "re/",
    "re.py",
    "datetime",
    "zoneinfo",
    "types",
)


def layer_of(file: str) -> str | None:
    """The layer a file's own time counts in; None for a helper (its caller's layer)."""
    name = file[file.find("site-packages/") + 14 :] if "site-packages/" in file else file
    name = name.replace(str(ROOT) + "/", "")
    for title, prefixes in LAYERS:
        if any(p in name for p in prefixes):
            return title
    stem = name.rsplit("/lib/python3", 1)[-1]
    if name == "~" or any(h in stem for h in HELPERS):
        return None
    return "other (stdlib)"


def profile_layers(stats: pstats.Stats) -> dict[str, float]:
    """Own time summed by layer; a helper's own time split among its callers' layers in
    proportion to the time it spent for each (followed up to five callers deep)."""
    table = stats.stats  # type: ignore[attr-defined]
    layers: dict[str, float] = {}

    def charge(func, seconds: float, depth: int) -> None:
        title = layer_of(func[0])
        if title is not None or depth > 5:
            layers[title or "other (stdlib)"] = layers.get(title or "other (stdlib)", 0) + seconds
            return
        callers = table[func][4] if func in table else {}
        spent = sum(v[3] for v in callers.values())
        if not spent:
            layers["other (stdlib)"] = layers.get("other (stdlib)", 0) + seconds
            return
        for caller, v in callers.items():
            charge(caller, seconds * v[3] / spent, depth + 1)

    for func, (_cc, _nc, tt, _ct, callers) in table.items():
        if layer_of(func[0]) is not None:
            charge(func, tt, 0)
            continue
        spent = sum(v[2] for v in callers.values())
        for caller, v in callers.items():  # the helper's own time as called from each
            charge(caller, v[2] if spent else 0, 1)
        if spent < tt:  # called before the profiler saw its caller
            layers["other (stdlib)"] = layers.get("other (stdlib)", 0) + tt - spent
    return layers


def print_profile(
    path: Path, limit: int, clock: str, updates: int, echo: tuple[Path, int] | None = None
) -> None:
    """The profile's layers (beside the like-for-like echo bot's, when profiled), then its
    top functions by own and by cumulative time."""
    stats = pstats.Stats(str(path))
    total = stats.total_tt
    counted = (
        "CPU time of the event-loop thread"
        if clock == "cpu"
        else "wall-clock in the event-loop thread, epoll.poll = idle"
    )
    print(
        f"cProfile of drbot (the timed part only; {total:.2f} s {counted};"
        " the aiosqlite threads are not seen)"
    )
    ours = {k: v / max(updates, 1) for k, v in profile_layers(stats).items()}
    theirs: dict[str, float] = {}
    if echo is not None:
        echo_stats = pstats.Stats(str(echo[0]))
        theirs = {k: v / max(echo[1], 1) for k, v in profile_layers(echo_stats).items()}
    print(
        "  by layer (own time per update, profiled ms; profiling inflates Python's small calls"
        " about 3×):"
    )
    print(f"    {'drbot':>7} {'share':>6}  {'echo*':>7}  layer")
    for title in sorted(ours.keys() | theirs.keys(), key=lambda k: -ours.get(k, 0)):
        mine = ours.get(title, 0.0)
        print(
            f"    {mine * 1e3:7.2f} {mine * updates / total:6.1%}  "
            + (f"{theirs.get(title, 0.0) * 1e3:7.2f}" if echo is not None else f"{'—':>7}")
            + f"  {title}"
        )
    print(
        f"    {sum(ours.values()) * 1e3:7.2f} {1:6.1%}  "
        + (f"{sum(theirs.values()) * 1e3:7.2f}" if echo is not None else f"{'—':>7}")
        + "  in all"
        + ("   (* the echo bot with drbot's rate limiter, profiled the same way)" if echo else "")
    )
    for key, title in (("tottime", "own time"), ("cumulative", "cumulative time")):
        print(f"  top {limit} by {title}:")
        rows = sorted(
            stats.stats.items(), key=lambda kv: kv[1][2 if key == "tottime" else 3], reverse=True
        )[:limit]
        for (file, lineno, func), (_cc, nc, tt, ct, _) in rows:
            where = file.replace(str(ROOT) + "/", "")
            where = (
                where[where.find("site-packages/") + 14 :] if "site-packages/" in where else where
            )
            print(f"    {tt:7.2f} s own {ct:7.2f} s cum {nc:>9,} calls  {where}:{lineno}({func})")


async def main_async(args) -> Figures:
    now = datetime.now(UTC)
    print("drbot Telegram bot benchmark (bench/bot.py)")
    print(f"date      {now.strftime('%Y-%m-%d %H:%M:%S UTC')}")
    print(machine_line())
    print(
        python_line() + ","
        f" python-telegram-bot {telegram.__version__}, sqlite {sqlite3.sqlite_version}"
    )
    how = f"pushed at {args.rate:g} per second" if args.rate else "all pushed at once"
    load = (
        f"{args.chats} chats x {args.per_chat} marks-only messages ="
        f" {args.chats * args.per_chat:,} updates, {how}, after one untimed message per"
        " chat"
    )
    print(f"load      {load}")
    print("          the fake Bot API server runs in this process and is part of every measurement")
    print()
    results = []
    if not args.skip_drbot:
        results.append(await run_drbot("drbot run (as shipped)", args))
    echo = await run_echo(args)
    like = await run_echo(args, limiter=True)  # like for like: CPU per update
    # the second baseline: also keeping each update, as drbot's one durable commit does
    kept = await run_echo(args, limiter=True, commit=True)
    results += [echo, like, kept]
    if args.variants:
        results.append(await run_echo(args, concurrent=256))
        results.append(await run_drbot("drbot, no AIORateLimiter*", args, "no-rate-limiter"))
        results.append(
            await run_drbot("drbot, no limiter, no typing*", args, "no-rate-limiter,no-typing")
        )
    for patches in args.patches:
        results.append(await run_drbot(f"drbot, {patches}*", args, patches))
    profile: Path | None = None
    echo_profile: Path | None = None
    if args.profile:
        profile = Path(tempfile.mkdtemp(prefix="drbot-bench-prof-")) / "drbot.prof"
        what = args.profile_variant or "as shipped"
        results.append(
            await run_drbot(f"drbot under cProfile ({what})*", args, args.profile_variant, profile)
        )
        # the like-for-like echo bot profiled the same way: the layers side by side
        echo_profile = profile.parent / "echo.prof"
        results.append(await run_echo(args, limiter=True, profile=echo_profile))
    printed = report(results, echo)
    if args.count:
        print_counts(results)
    drbot = results[0] if results and results[0].name.startswith("drbot run") else None
    if drbot is not None and like.rate:
        share = drbot.rate / like.rate
        if args.rate:
            print(
                "\ntarget    not judged: with --rate the push rate sets the throughput;"
                " run without it to compare throughput"
            )
        else:
            print(
                f"\ntarget    drbot ≥ {TARGET:g}× the throughput of the echo bot with drbot's"
                f" rate limiter: {share:.2f}× — {'met' if share >= TARGET else 'MISSED'}"
                + (
                    f" (the echo bot without a limiter: {drbot.rate / echo.rate:.2f}×)"
                    if echo.rate
                    else ""
                )
            )
        if drbot.bot_cpu is not None and like.bot_cpu is not None and drbot.updates:
            cpu_share = (drbot.bot_cpu / drbot.updates) / (like.bot_cpu / like.updates)
            print(
                f"          drbot's CPU per update ≤ {CPU_TARGET:g}× that echo bot's:"
                f" {cpu_share:.2f}× — {'met' if cpu_share <= CPU_TARGET else 'MISSED'}"
            )
    if args.variants or args.profile or args.patches:
        print("          * bench-only patches in a launcher process; drbot/ is unchanged")
    if profile is not None and profile.exists():
        echo_profiled = echo_profile is not None and echo_profile.exists()
        print()
        print_profile(
            profile,
            args.profile_rows,
            args.profile_clock,
            results[-2].updates,
            (profile.parent / "echo.prof", results[-1].updates) if echo_profiled else None,
        )
        if args.profile_out:
            shutil.copy(profile, args.profile_out)
            if echo_profiled:
                shutil.copy(profile.parent / "echo.prof", f"{args.profile_out}.echo")
        shutil.rmtree(profile.parent, ignore_errors=True)
    return figures_for(results, echo, like, kept, printed, args, load)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chats", type=int, default=200)
    parser.add_argument("--per-chat", type=int, default=10, help="marks-only messages per chat")
    parser.add_argument(
        "--rate",
        type=float,
        default=0,
        help="push the timed updates at this many per second instead of all"
        " at once (latency below saturation)",
    )
    parser.add_argument(
        "--timeout", type=float, default=600, help="seconds to wait for all answers of one phase"
    )
    parser.add_argument(
        "--variants",
        action="store_true",
        help="also drbot without the rate limiter (and without typing)",
    )
    parser.add_argument("--profile", action="store_true", help="also drbot under cProfile")
    parser.add_argument(
        "--turns",
        action="store_true",
        help="count each bot's event-loop turns and callbacks in the timed part"
        " (drbot then runs through the launcher)",
    )
    parser.add_argument(
        "--count",
        action="store_true",
        help="count, per update of the timed part, loop turns and callbacks, round trips to"
        " aiosqlite's threads, HTTP requests and their bytes, timers and tasks, each bot"
        " side by side (its CPU figures then include the counting's)",
    )
    parser.add_argument(
        "--profile-variant", default="", help='patches for the profiled run, e.g. "no-rate-limiter"'
    )
    parser.add_argument("--profile-rows", type=int, default=25)
    parser.add_argument(
        "--profile-out",
        type=Path,
        help="also keep the profile (pstats) in this file, the echo bot's in FILE.echo",
    )
    parser.add_argument(
        "--profile-clock",
        choices=("wall", "cpu"),
        default="wall",
        help="what the profile counts: wall-clock time of the event-loop thread, or its"
        " own CPU time",
    )
    parser.add_argument(
        "--patches",
        action="append",
        default=[],
        metavar="P,P",
        help="also a drbot run with these launcher patches: no-rate-limiter,"
        " no-typing, concurrency-N, form-bodies, state-read-apart, ptb-keyboard-json,"
        " no-live-view, ptb-parsed-answers, ptb-keyboard-buttons, handler-per-command,"
        " strftime-iso, end-wait-parses, url-per-request, write-takes-the-lock,"
        " view-record-apart, keep-shielded, pool-ungated, anyio-socket, traced-throughout"
        " (repeatable)",
    )
    parser.add_argument("--skip-drbot", action="store_true", help=argparse.SUPPRESS)
    json_option(parser)
    args = parser.parse_args()
    if args.chats < 1 or args.per_chat < 1:
        parser.error("--chats and --per-chat must be at least 1")
    asyncio.run(main_async(args)).write(args.json)


if __name__ == "__main__":
    sys.exit(main())
