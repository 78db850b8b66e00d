"""Soak test of the Telegram bot: `drbot run` under a long mixed load with faults.

    python -m bench.soak                       # 10,000 messages, 500 users, ~10 minutes
    python -m bench.soak --quick               # 600 messages, 50 users, ~1 minute
    python -m bench.soak --messages N --users N --minutes M [--seed S] [--keep]
    python -m bench.soak --proactive-only      # only the proactive part below, ~10 s

After the bot part, every run also soaks the proactive path in process
(bench/soak_proactive.py: briefings and reminders through the tick over two
simulated days, two ticking "processes" on one file, quiet hours, muted plans,
network failures and crashes mid-call): 0 duplicated, 0 sent in quiet hours,
0 sent for a muted plan, 0 lost silently.

The bot is a real process (`python -m drbot run --config FILE`, provider
anthropic) polling a fake Bot API server (tests/fakes/telegram_server.py); its
model is a fake Anthropic server (tests/fakes/anthropic_server.py) with a
scripted responder; both fakes run in this process.  Messages are pushed at an
even pace over --minutes, each from one of --users people (their private
chats), at most 3 unanswered at a time per chat:

* "soak begin project TOKEN"         → model: create_plan "Plan TOKEN", then "Done — TOKEN."
* "soak result for step K is TOKEN"  → model: update_plan_step(step_id from the ANNOUNCE
                                        block, attempt_outcome=TOKEN), then "Done — TOKEN."
* "✗ K TOKEN" / "… K TOKEN"          → marks on the current plan (no model call)
* "/plans", "/plan N"                → lists and plan views (no model call)
* button presses on plan views: "✓ Done" (each step at most once) and "Log attempt"
  (the next message then is the outcome: "soak result for step K is TOKEN").

TOKEN is "soak-u<user>-m<n>" (n numbers the chat's messages), so every change
can be found in the database and every answer tied to its message.  Neither
phrasing is understood by the offline rules, so a model failure ends in an
apology ("Sorry — …", message kept for /retry): not acknowledged, counted apart.

Faults, at random: per model-bound message 3% a 429 or 529 from the model, 3% a
model answer slower than request_timeout_s (3 s), 1% one message's request
fails 3 times (more than the SDK's two retries: an apology); per message 1% a sendMessage 429
(retry_after 1) and 0.5% a getUpdates 502; and two SIGKILLs of the bot, at 1/3
and 2/3 of the messages, each restarted at once on the same database.

At the end, from the fake's record and the database:
* answered: messages that got an answer (a reply, a button-press answer);
* acknowledged changes lost (must be 0): a success answer naming the change,
  but the change is not in the database (plan title, attempt outcome, a plan
  revision with the message's origin, a "done" revision for a press);
* duplicate effects (must be 0): a token twice in plan titles or attempts, two
  revisions from one message, two "done" revisions for one press;
* per-chat order violations (must be 0): a chat's answers must come in the order
  of the messages they answer (answers naming a token are placed exactly; lists,
  views, prompts and apologies at the earliest message of their kind that fits;
  the offer to close a finished plan follows an answer and is counted apart);
  the answers found out of order or twice are printed, to tell why;
* PRAGMA integrity_check / foreign_key_check, and the peak RSS (VmHWM) of each
  bot process.
It prints figures and pass/fail lines; exit code 1 if a must-be-0 figure is not 0.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench import soak_proactive
from bench.common import Figures, json_option
from tests.fakes.anthropic_server import FakeAnthropic, reply_error, reply_text, reply_tool_use
from tests.fakes.telegram_server import FakeTelegram

TOKEN = "123456:SOAK-token-abcdefghijklmnopqrstuvwxyz"
FIRST_USER = 20_001
REQUEST_TIMEOUT_S = 3
MAX_UNANSWERED = 3  # per chat
TOKEN_RE = re.compile(r"soak-u(\d+)-m(\d+)(?!\d)")
CREATE_RE = re.compile(r"soak begin project (soak-u\d+-m\d+)$")
ATTEMPT_RE = re.compile(r"soak result for step (\d+) is (soak-u\d+-m\d+)$")
STEP_RE = re.compile(r"\[(\d+)\] .*? \(step_id (\d+)\)")
VIEW_RE = re.compile(r"Plan soak-u\d+-m\d+ — ")
MODEL_KINDS = {"create", "attempt"}
DOOMED: dict[str, int] = {}  # token -> first-round model failures still to serve (> retries)


# -- the scripted model ----------------------------------------------------------


def _texts(message: dict) -> list[str]:
    content = message.get("content")
    if isinstance(content, str):
        return [content]
    return [b.get("text", "") for b in content if b.get("type") == "text"]


def responder(body: dict):
    messages = body["messages"]
    last = messages[-1]
    blocks = last["content"] if isinstance(last["content"], list) else []
    results = [b for b in blocks if b.get("type") == "tool_result"]
    if results:  # round 2: say what happened, naming the message's token
        user_text = ""
        for message in reversed(messages[:-1]):
            if message["role"] == "user" and _texts(message):
                user_text = _texts(message)[0]
                break
        found = TOKEN_RE.search(user_text)
        token = found.group(0) if found else "?"
        if any(r.get("is_error") for r in results):
            return reply_text(f"Could not do that ({token}).")
        return reply_text(f"Done — {token}.")
    texts = _texts(last)
    text = texts[0].strip() if texts else ""
    announce = texts[-1] if texts else ""
    doomed = TOKEN_RE.search(text)
    if doomed and DOOMED.get(doomed.group(0), 0) > 0:
        DOOMED[doomed.group(0)] -= 1
        return reply_error(random.choice([429, 529]))
    if m := CREATE_RE.match(text):
        return reply_tool_use(
            [("create_plan", {"title": f"Plan {m[1]}", "steps": ["step A", "step B", "step C"]})]
        )
    if m := ATTEMPT_RE.match(text):
        steps = dict(STEP_RE.findall(announce))
        step_id = steps.get(m[1])
        if step_id is None:
            return reply_text(f"There is no current plan with step {m[1]} ({m[2]}).")
        return reply_tool_use(
            [("update_plan_step", {"step_id": int(step_id), "attempt_outcome": m[2]})]
        )
    return reply_text("I am a soak-test model; I did nothing.")


# -- the bot process -------------------------------------------------------------


def bot_env() -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DRBOT_", "TELEGRAM_", "ANTHROPIC_"))
    }
    env["PTB_TIMEDELTA"] = "1"
    env["ANTHROPIC_API_KEY"] = "soak-test-key"  # secrets come from the environment only
    return env


def write_config(
    tmp: Path, tg: FakeTelegram, model: FakeAnthropic, users: list[int], db: Path
) -> Path:
    # The briefing time is half a day away, so no morning briefing mixes in.
    briefing = (datetime.now(UTC) + timedelta(hours=12)).strftime("%H:00")
    config = tmp / "config.toml"
    config.write_text(
        f'[telegram]\ntoken = "{TOKEN}"\nbase_url = "{tg.base_url}"\n'
        f"allowed_user_ids = [{', '.join(map(str, users))}]\n"
        f'[database]\npath = "{db}"\n'
        f'[llm]\nprovider = "anthropic"\nbase_url = "{model.url}"\n'
        f"request_timeout_s = {REQUEST_TIMEOUT_S}\n"
        # The fake stands in for Anthropic's API: its retries (a local URL means none), its
        # changes made at once (a local URL means asked first), every message to it.
        f"max_retries = 2\nconfirm_writes = false\nhybrid = false\n"
        f'[briefing]\ntime = "{briefing}"\n',
        encoding="utf-8",
    )
    return config


class BotProcess:
    """One incarnation of `python -m drbot run`, its peak RSS sampled from /proc."""

    def __init__(self, config: Path, tmp: Path, name: str) -> None:
        self.config, self.name = config, name
        self.stderr = tmp / f"{name}.err"
        self.proc: asyncio.subprocess.Process | None = None
        self.peak_kb = 0
        self._sampler: asyncio.Task | None = None

    async def start(self) -> BotProcess:
        with open(self.stderr, "wb") as err:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "drbot",
                "run",
                "--config",
                str(self.config),
                stdin=subprocess.DEVNULL,
                stdout=err,
                stderr=err,
                env=bot_env(),
                cwd=self.config.parent,
            )
        self._sampler = asyncio.create_task(self._sample())
        return self

    async def _sample(self) -> None:
        path = Path(f"/proc/{self.proc.pid}/status")
        while self.proc.returncode is None:
            try:
                for line in path.read_text().splitlines():
                    if line.startswith(("VmHWM:", "VmRSS:")):
                        self.peak_kb = max(self.peak_kb, int(line.split()[1]))
            except (OSError, ValueError):
                pass
            await asyncio.sleep(0.5)

    async def stop(self, sig: int, timeout: float = 20) -> int:
        if self.proc.returncode is None:
            self.proc.send_signal(sig)
        try:
            code = await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            self.proc.kill()
            code = await self.proc.wait()
        if self._sampler:
            self._sampler.cancel()
        return code

    def err(self) -> str:
        return self.stderr.read_text(errors="replace") if self.stderr.exists() else ""


# -- the people ------------------------------------------------------------------


@dataclass
class Msg:
    uid: int
    seq: int
    kind: str  # create attempt marks plans view press_done press_attempt
    text: str
    token: str | None
    message_id: int | None = None
    step_id: int | None = None  # presses
    qid: str | None = None  # presses: the callback query id
    pushed_at: float = 0.0
    answered: bool = False
    acked: bool = False
    apology: bool = False


@dataclass
class User:
    uid: int
    seq: int = 0
    msgs: list[Msg] = field(default_factory=list)
    plans: int = 0  # creations pushed
    forced: str | None = None  # the outcome the "Log attempt" prompt waits for
    view: int | None = None  # message_id of the newest plan view with buttons
    pressed: set = field(default_factory=set)
    answers: int = 0  # answer events seen (for pacing only)

    def token(self) -> str:
        return f"soak-u{self.uid}-m{self.seq}"

    def unanswered(self, now: float) -> int:
        recent = [m for m in self.msgs if now - m.pushed_at < 60]
        expected = sum(1 for m in self.msgs if m.kind != "press_attempt") + 2 * sum(
            1 for m in self.msgs if m.kind == "press_attempt"
        )
        return min(len(recent), max(0, expected - self.answers))


class Soak:
    def __init__(self, args: argparse.Namespace, tmp: Path) -> None:
        self.args, self.tmp = args, tmp
        self.rng = random.Random(args.seed)
        self.users = {FIRST_USER + i: User(FIRST_USER + i) for i in range(args.users)}
        self.events: list[tuple] = []  # ("send"|"cb", chat, ...), in arrival order
        self.qids: dict[str, Msg] = {}
        self.bots: list[BotProcess] = []
        self.faults = Counter()
        self.kills: list[tuple[int, float]] = []

    # Record what the bot sent and answered, in the order the fake served it.
    def instrument(self, tg: FakeTelegram) -> None:
        name, send = tg._methods["sendmessage"]

        def send_message(p: dict) -> dict:
            msg = send(p)
            self.events.append(
                (
                    "send",
                    p["chat_id"],
                    msg.get("text") or "",
                    msg["message_id"],
                    bool(msg.get("reply_markup")),
                )
            )
            user = self.users.get(p["chat_id"])
            if user is not None:
                user.answers += 1
                if msg.get("reply_markup") and VIEW_RE.match(msg.get("text") or ""):
                    user.view = msg["message_id"]
            return msg

        tg._methods["sendmessage"] = (name, send_message)
        name_cb, answer = tg._methods["answercallbackquery"]

        def answer_callback(p: dict) -> bool:
            result = answer(p)
            qid = p.get("callback_query_id")
            press = self.qids.get(qid)
            if press is not None:
                self.events.append(("cb", press.uid, qid, p.get("text") or ""))
                self.users[press.uid].answers += 1
            return result

        tg._methods["answercallbackquery"] = (name_cb, answer_callback)

    def next_message(self, user: User, tg: FakeTelegram) -> Msg:
        user.seq += 1
        token, rng = user.token(), self.rng
        if user.forced is not None:
            position, user.forced = user.forced, None
            return Msg(
                user.uid, user.seq, "attempt", f"soak result for step {position} is {token}", token
            )
        r = rng.random()
        if user.plans == 0 or r < 0.08:
            user.plans += 1
            return Msg(user.uid, user.seq, "create", f"soak begin project {token}", token)
        if r < 0.85 or user.view is None:
            if r < 0.43:
                return Msg(
                    user.uid,
                    user.seq,
                    "attempt",
                    f"soak result for step {rng.randint(1, 3)} is {token}",
                    token,
                )
            if r < 0.63:
                mark = rng.choice(["✗", "…"])
                return Msg(
                    user.uid, user.seq, "marks", f"{mark} {rng.randint(1, 3)} {token}", token
                )
            if r < 0.73:
                return Msg(user.uid, user.seq, "plans", "/plans", None)
            return Msg(
                user.uid, user.seq, "view", f"/plan {rng.randint(1, min(2, user.plans))}", None
            )
        # A press on the newest plan view: Done (each step once) or Log attempt.
        view = tg.messages.get((user.uid, user.view)) or {}
        buttons = [
            b["callback_data"]
            for row in (view.get("reply_markup") or {}).get("inline_keyboard", [])
            for b in row
            if "callback_data" in b
        ]
        done = [
            d
            for d in buttons
            if d.startswith("step:done:") and int(d.rsplit(":", 1)[1]) not in user.pressed
        ]
        attempt = [
            (b["callback_data"], b["text"])
            for row in (view.get("reply_markup") or {}).get("inline_keyboard", [])
            for b in row
            if b.get("callback_data", "").startswith("step:attempt:")
        ]
        if done and rng.random() < 0.5:
            data = rng.choice(done)
            step_id = int(data.rsplit(":", 1)[1])
            user.pressed.add(step_id)
            return Msg(
                user.uid, user.seq, "press_done", data, None, message_id=user.view, step_id=step_id
            )
        if attempt:
            data, label = rng.choice(attempt)
            position = re.search(r"\((\d+)\)", label)
            user.forced = position[1] if position else "1"
            return Msg(
                user.uid,
                user.seq,
                "press_attempt",
                data,
                None,
                message_id=user.view,
                step_id=int(data.rsplit(":", 1)[1]),
            )
        return Msg(user.uid, user.seq, "plans", "/plans", None)

    def push(self, msg: Msg, tg: FakeTelegram, model: FakeAnthropic) -> None:
        rng = self.rng
        if msg.kind in MODEL_KINDS:
            r = rng.random()
            if r < 0.03:
                status = rng.choice([429, 529])
                model.push_error(status)
                self.faults[f"model {status}"] += 1
            elif r < 0.06:
                model.push_slow(REQUEST_TIMEOUT_S + 1.5)
                self.faults["model timeout"] += 1
            elif r < 0.07:  # more failures than the SDK's retries: an apology
                DOOMED[msg.token] = 3
                self.faults["model fails 3 times for one message"] += 1
        r = rng.random()
        if r < 0.01:
            tg.fail_next("sendMessage", 429, retry_after=1)
            self.faults["Bot API sendMessage 429"] += 1
        elif r < 0.015:
            tg.fail_next("getUpdates", 502)
            self.faults["Bot API getUpdates 502"] += 1
        msg.pushed_at = time.monotonic()
        if msg.kind.startswith("press_"):
            tg.push_callback(msg.uid, msg.uid, msg.text, msg.message_id)
            msg.qid = tg.pending_updates[-1]["callback_query"]["id"]
            self.qids[msg.qid] = msg
        else:
            tg.push_message(msg.uid, msg.uid, msg.text)
            msg.message_id = tg._msg_ids[msg.uid]
        self.users[msg.uid].msgs.append(msg)

    async def run(self) -> dict:
        args, db = self.args, self.tmp / "soak.db"
        async with FakeTelegram(token=TOKEN) as tg, FakeAnthropic(responder=responder) as model:
            self.instrument(tg)
            config = write_config(self.tmp, tg, model, list(self.users), db)
            self.bots.append(await BotProcess(config, self.tmp, "bot1").start())
            await self._wait_polling(tg)
            started = time.monotonic()
            interval = args.minutes * 60 / args.messages
            kill_at = {args.messages // 3, 2 * args.messages // 3}
            deadline = started + args.minutes * 60 * 1.5 + 60
            pushed = 0
            while pushed < args.messages and time.monotonic() < deadline:
                delay = started + pushed * interval - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                if len(tg.calls) > 5000:  # keep this process small
                    del tg.calls[:]
                if len(model.requests) > 500:
                    del model.requests[:]
                now = time.monotonic()
                free = [u for u in self.users.values() if u.unanswered(now) < MAX_UNANSWERED]
                if not free:
                    await asyncio.sleep(0.05)
                    continue
                user = self.rng.choice(free)
                self.push(self.next_message(user, tg), tg, model)
                pushed += 1
                if pushed in kill_at:
                    await self.bots[-1].stop(signal.SIGKILL)
                    self.kills.append((pushed, time.monotonic() - started))
                    self.bots.append(
                        await BotProcess(config, self.tmp, f"bot{len(self.bots) + 1}").start()
                    )
            push_seconds = time.monotonic() - started
            # Drain: until every chat has its answers, or nothing moved for 20 s.
            last_change, seen = time.monotonic(), len(self.events)
            while time.monotonic() < deadline:
                now = time.monotonic()
                if len(self.events) != seen:
                    last_change, seen = now, len(self.events)
                if all(u.unanswered(0) == 0 for u in self.users.values()) or now - last_change > 20:
                    break
                await asyncio.sleep(0.5)
            total_seconds = time.monotonic() - started
            code = await self.bots[-1].stop(signal.SIGTERM)
        return {
            "pushed": pushed,
            "push_s": push_seconds,
            "total_s": total_seconds,
            "exit": code,
            "db": db,
        }

    async def _wait_polling(self, tg: FakeTelegram, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while not any(m == "getUpdates" for m, _ in tg.calls):
            if time.monotonic() > end:
                raise SystemExit(f"the bot did not start polling: {self.bots[-1].err()[-2000:]}")
            await asyncio.sleep(0.1)

    # -- checks --------------------------------------------------------------------

    def order_and_acks(self) -> dict:
        by_chat: dict[int, list[tuple]] = defaultdict(list)
        for event in self.events:
            by_chat[event[1]].append(event)
        result = Counter()
        unknown: list[str] = []
        disorder: list[str] = []
        for uid, events in by_chat.items():
            user = self.users.get(uid)
            if user is None:
                continue
            msgs = {m.seq: m for m in user.msgs}
            last = 0
            for event in events:
                if event[0] == "cb":
                    msg = self.qids[event[2]]
                    if msg.seq < last:
                        result["order"] += 1
                    last = max(last, msg.seq)
                    msg.answered = True
                    if msg.kind == "press_done" and re.match(r"Step \d+ marked done", event[3]):
                        msg.acked = True
                    continue
                text = event[2]
                head = "\n".join(text.splitlines()[:2])
                kinds: set | None = None
                if text.startswith(("📋 Active plans", "📋 No active plans")):
                    kinds = {"plans"}
                elif VIEW_RE.match(text) or text.startswith("There is no plan"):
                    kinds = {"view"}
                elif text.startswith("Which plan? Open one first"):
                    kinds = {"marks"}
                elif text.startswith("What happened with step"):
                    kinds = {"press_attempt"}
                elif text.startswith("Every step of “"):
                    # The offer to close a plan whose last open step a press or a mark
                    # just finished: a follow-up to that answer, not an answer of its own
                    # (it names the plan, whose title carries its create message's token).
                    result["close offers"] += 1
                    continue
                elif text.startswith("Sorry — something went wrong on my side"):
                    result["error replies"] += 1
                    kinds = set(msgs and {m.kind for m in msgs.values()})
                elif text.startswith("Sorry — "):
                    kinds = MODEL_KINDS
                else:
                    seqs = [int(s) for u, s in TOKEN_RE.findall(head) if int(u) == uid]
                    if seqs and max(seqs) in msgs:
                        msg = msgs[max(seqs)]
                        if msg.seq < last or msg.answered:  # shown, to tell why
                            disorder.append(
                                f"user {uid}: {text[:150]!r} names message "
                                f"{msg.seq} ({msg.kind}: {msg.text[:60]!r}), "
                                f"answered before: {msg.answered}, last {last}"
                            )
                        if msg.seq < last:
                            result["order"] += 1
                        if msg.answered:
                            result["answered twice"] += 1
                        last = max(last, msg.seq)
                        msg.answered = True
                        if (
                            msg.kind in MODEL_KINDS and text.startswith(("Done — ", "Logged on"))
                        ) or (msg.kind == "marks" and msg.token in text):
                            msg.acked = True
                        else:
                            result["not done"] += 1
                        continue
                    if len(unknown) < 5:
                        unknown.append(text[:120])
                    result["unknown replies"] += 1
                    kinds = {m.kind for m in msgs.values()}
                fit = [
                    m
                    for s, m in sorted(msgs.items())
                    if s > last and not m.answered and m.kind in kinds
                ]
                if not fit:
                    result["order"] += 1
                    continue
                fit[0].answered = True
                if text.startswith("Sorry — ") and fit[0].kind in MODEL_KINDS:
                    fit[0].apology = True
                last = fit[0].seq
        result["unknown examples"] = unknown
        result["disorder examples"] = disorder
        return result

    def database(self, db: Path) -> dict:
        conn = sqlite3.connect(db)
        try:
            integrity = conn.execute("PRAGMA integrity_check").fetchall()
            fk = conn.execute("PRAGMA foreign_key_check").fetchall()
            titles = Counter(
                t
                for (title,) in conn.execute("SELECT title FROM plans")
                for t in {m.group(0) for m in TOKEN_RE.finditer(title)}
            )
            outcomes = Counter(
                t
                for (outcome,) in conn.execute("SELECT outcome FROM plan_step_attempts")
                for t in {m.group(0) for m in TOKEN_RE.finditer(outcome)}
            )
            origins = Counter(
                o
                for (o,) in conn.execute(
                    "SELECT origin FROM plan_revisions WHERE origin LIKE 'telegram:%'"
                )
            )
            steps = {
                sid: (pid, pos)
                for sid, pid, pos in conn.execute("SELECT id, plan_id, position FROM plan_steps")
            }
            done = Counter(
                (pid, origin, cause)
                for pid, origin, cause in conn.execute(
                    "SELECT plan_id, origin, cause FROM plan_revisions WHERE origin LIKE '%:button'"
                )
            )
            processed = conn.execute("SELECT count(*) FROM processed_updates").fetchone()[0]
        finally:
            conn.close()
        lost, dup, effects = [], [], Counter()
        dup += [f"plan {t} x{n}" for t, n in titles.items() if n > 1]
        dup += [f"attempt {t} x{n}" for t, n in outcomes.items() if n > 1]
        dup += [
            f"revisions from {o} x{n}"
            for o, n in origins.items()
            if n > 1 and not o.endswith(":button")
        ]
        for user in self.users.values():
            for m in user.msgs:
                if m.kind == "create":
                    present = titles[m.token] > 0
                elif m.kind == "attempt":
                    present = outcomes[m.token] > 0
                elif m.kind == "marks":
                    present = origins[f"telegram:{m.uid}:{m.message_id}"] > 0
                elif m.kind == "press_done":
                    pid, pos = steps.get(m.step_id, (None, None))
                    n = done[(pid, f"telegram:{m.uid}:button", f"step {pos} done")]
                    present = n > 0
                    if n > 1:
                        dup.append(f"done press on step {m.step_id} x{n}")
                else:
                    continue
                effects["changes sent"] += 1
                effects["in the database"] += present
                if m.acked and not present:
                    lost.append(f"{m.kind} {m.token or m.step_id} (chat {m.uid} #{m.seq})")
                if present and not m.acked:
                    effects["done without acknowledgement"] += 1
        return {
            "integrity": integrity,
            "fk": fk,
            "lost": lost,
            "dup": dup,
            "effects": effects,
            "processed": processed,
        }


def machine() -> str:
    try:
        model = next(
            (
                line.split(":", 1)[1].strip()
                for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")
            ),
            platform.processor(),
        )
    except OSError:
        model = platform.processor()
    return (
        f"{platform.node()} · {os.cpu_count()} cores ({model}) · {platform.system()} "
        f"{platform.release()} · Python {platform.python_version()}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--messages", type=int, default=10_000)
    parser.add_argument("--users", type=int, default=500)
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--quick", action="store_true", help="600 messages, 50 users, 1 minute")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--keep", action="store_true", help="keep the database and bot logs")
    parser.add_argument(
        "--proactive-only",
        action="store_true",
        help="only the in-process soak of the proactive tick",
    )
    json_option(parser)
    args = parser.parse_args(argv)
    if args.proactive_only:
        return soak_proactive.main([] if args.seed is None else ["--seed", str(args.seed)])
    if args.quick:
        args.messages, args.users, args.minutes = 600, 50, 1
    if args.seed is None:
        args.seed = random.randrange(1_000_000)
    tmp = Path(tempfile.mkdtemp(prefix="drbot-soak-"))
    print("drbot soak test")
    print(f"  machine   {machine()}")
    print(
        f"  date      {datetime.now(UTC):%Y-%m-%d %H:%M:%S} UTC · load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    load = (
        f"{args.messages:,} messages from {args.users} users over "
        f"{args.minutes:g} min · seed {args.seed} · model timeout {REQUEST_TIMEOUT_S} s"
    )
    print(f"  load      {load}")
    sys.stdout.flush()
    soak = Soak(args, tmp)
    try:
        run = asyncio.run(soak.run())
        order = soak.order_and_acks()
        db = soak.database(run["db"])
    finally:
        for bot in soak.bots:
            if bot.proc is not None and bot.proc.returncode is None:
                bot.proc.kill()
    msgs = [m for u in soak.users.values() for m in u.msgs]
    kinds = Counter(m.kind for m in msgs)
    answered = sum(m.answered for m in msgs)
    apologies = sum(m.apology for m in msgs)
    errs = "".join(bot.err() for bot in soak.bots)
    ran = (
        f"{run['push_s']:.0f} s pushing, {run['total_s']:.0f} s in all · "
        f"kills after messages {', '.join(f'{n} ({t:.0f} s)' for n, t in soak.kills)} · "
        f"last bot exit code {run['exit']}"
    )
    mix = ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
    faults = ", ".join(f"{k} {v}" for k, v in sorted(soak.faults.items())) or "none"
    print(f"  ran       {ran}")
    print(f"  mix       {mix}")
    print(f"  faults    {faults}")
    print()
    rows = [
        ("messages pushed", f"{run['pushed']:,}", ""),
        ("messages answered", f"{answered:,} ({answered / max(1, len(msgs)):.1%})", ""),
        ("  of them apologies (model failed)", f"{apologies:,}", ""),
        (
            "changes sent / in the database",
            f"{db['effects']['changes sent']:,} / {db['effects']['in the database']:,}",
            "",
        ),
        ("acknowledged changes", f"{sum(m.acked for m in msgs):,}", ""),
        ("acknowledged changes lost", str(len(db["lost"])), "PASS" if not db["lost"] else "FAIL"),
        ("duplicate effects", str(len(db["dup"])), "PASS" if not db["dup"] else "FAIL"),
        (
            "per-chat order violations",
            str(order["order"]),
            "PASS" if not order["order"] else "FAIL",
        ),
        (
            "PRAGMA integrity_check",
            ", ".join(r[0] for r in db["integrity"]),
            "PASS" if db["integrity"] == [("ok",)] else "FAIL",
        ),
        (
            "PRAGMA foreign_key_check",
            f"{len(db['fk'])} problems",
            "PASS" if not db["fk"] else "FAIL",
        ),
        (
            "peak RSS of the bot (VmHWM)",
            " · ".join(f"{b.name} {b.peak_kb / 1024:.0f} MiB" for b in soak.bots),
            "",
        ),
        (
            "effects without an acknowledgement",
            str(db["effects"]["done without acknowledgement"]),
            "",
        ),
        ("answered twice", str(order["answered twice"]), ""),
        ("offers to close a finished plan", str(order["close offers"]), ""),
        ("replies not tied to a message", str(order["unknown replies"]), ""),
        ("'something went wrong' replies", str(order["error replies"]), ""),
        ("tracebacks in the bot's log", str(errs.count("Traceback")), ""),
    ]
    width = max(len(r[0]) for r in rows) + 2
    print(f"{'figure':<{width}}{'value':<40}result")
    figures = Figures()
    for name, value, verdict in rows:
        print(f"{name:<{width}}{value:<40}{verdict}")
        target = (
            ("ok" if "integrity" in name else "0 problems" if "foreign_key" in name else "0")
            if verdict
            else "—"
        )
        figures.row(
            name.strip(),
            value,
            target=target,
            verdict={"PASS": "met", "FAIL": "MISSED"}.get(verdict, "—"),
        )
    for key, text in (("Load", load), ("Ran", ran), ("Mix", mix), ("Faults", faults)):
        figures.note(f"{key}: {text}")
    figures.write(args.json)
    for what, items in (
        ("lost", db["lost"]),
        ("duplicates", db["dup"]),
        ("unmatched replies", order["unknown examples"]),
        ("out of order or answered twice", order["disorder examples"]),
    ):
        if items:
            print(f"\n{what} (first 10):")
            for item in items[:10]:
                print(f"  {item!r}")
    print()
    proactive_ok = soak_proactive.report(
        asyncio.run(soak_proactive.run(users=max(20, min(args.users, 60)), days=2, seed=args.seed))
    )
    failed = (
        bool(db["lost"] or db["dup"] or order["order"] or db["fk"] or db["integrity"] != [("ok",)])
        or not proactive_ok
    )
    if args.keep or failed:
        print(f"\ndatabase and bot logs kept in {tmp}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
