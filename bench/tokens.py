"""Benchmark of the model loop's token use and prompt caching.

    python -m bench.tokens [--min-cache-tokens N] [--cold] [--show-replies]

Replays the plan-tracking story (README's fence example) as one chat of
nine messages through the real Assistant, against the fake Anthropic server
(tests/fakes/anthropic_server.py) driven by a scripted "competent model": on
the first round of a message it calls the right tool with ids read from the
ANNOUNCE block of the request (``plan #N`` and ``(step_id N)`` lines), on the
second round it answers in a few lines built from the tool result.

The conversation runs twice, each on a fresh database: with the fake's prompt
caching on and with it off.  The fake bills like the real API (tools, system,
messages in cache order; each block len(canonical JSON) // 4 tokens; reads of
remembered prefixes up to 20 blocks back; prefixes under --min-cache-tokens
are not cached; no TTL).  With --cold a third run clears the fake's cache
before every message, as the real API's 5-minute TTL would when the messages
of a chat are minutes or days apart.

It prints figures; it is not a test and asserts nothing.

Targets: at most two model calls per single-action message, none for marks;
at least 85% of the input tokens read from cache over the conversation (with Claude
every sentence goes to the model, so caching is what keeps it cheap).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import anthropic

from bench.common import Figures, json_option, machine_line, python_line, ratio, scratch_directory
from drbot.ai.assistant import Assistant
from drbot.config import LLMSettings, Settings
from drbot.marks import MARKS
from drbot.memory import PlanStore
from tests.fakes.anthropic_server import FakeAnthropic, _prompt_blocks, reply_text, reply_tool_use

USER = CHAT = 7
MINUTES_BETWEEN_MESSAGES = 2  # inside the real API's 5-minute cache TTL
START = datetime(2026, 3, 4, 9, 0, tzinfo=UTC)  # a Wednesday
WRITE, READ, OUTPUT = 1.25, 0.1, 5.0  # price multipliers of base input (output: Sonnet/Haiku/Opus)
CACHE_TARGET = 0.85

# (message, expected outcome, expected plan afterwards: marks, plan status, attempts per step)
SCRIPT = [
    (
        "Make a plan to fix the fence — steps: get quotes, hire contractor, supervise work",
        "answered",
        "□1 □2 □3 active 0/0/0",
    ),
    (
        "Log an attempt on step 1 — left voicemail for Jim's Fencing",
        "answered",
        "…1 □2 □3 active 1/0/0",
    ),
    ("Try again — still no answer", "answered", "…1 □2 □3 active 2/0/0"),
    ("Mark step 1 done — booked Jim for Friday", "answered", "✓1 □2 □3 active 3/0/0"),
    ("What's the status of my fence plan?", "answered", "✓1 □2 □3 active 3/0/0"),
    ("✓ 2", "marks", "✓1 ✓2 □3 active 3/0/0"),
    ("Jim finished the fence today — step 3 done", "answered", "✓1 ✓2 ✓3 active 3/0/1"),
    ("Mark the fence plan complete", "answered", "✓1 ✓2 ✓3 complete 3/0/1"),
    ("List my plans", "answered", "✓1 ✓2 ✓3 complete 3/0/1"),
]


# -- the scripted model ----------------------------------------------------------

_PLAN = re.compile(r'plan #(\d+) "')
_STEP = re.compile(r"^\s+(\S+) \[(\d+)\] .*\(step_id (\d+)\)", re.MULTILINE)


class Unscripted(Exception):
    pass


def read_announce(text: str) -> dict:
    """The current plan as the ANNOUNCE block shows it: id and steps by position."""
    plan = _PLAN.search(text)
    steps = {int(pos): {"id": int(sid), "mark": mark} for mark, pos, sid in _STEP.findall(text)}
    return {"id": int(plan[1]) if plan else None, "steps": steps}


def step_id(plan: dict, position: int) -> int:
    if position not in plan["steps"]:
        raise Unscripted(f"no step {position} in the ANNOUNCE block")
    return plan["steps"][position]["id"]


def first_round(user_text: str, plan: dict) -> list[tuple[str, dict]]:
    """The tool calls a competent model makes for the message."""
    text = user_text.lower()
    if m := re.match(r"make a plan to (.+?) — steps: (.+)", user_text, re.IGNORECASE):
        steps = [s.strip().capitalize() for s in m[2].split(",")]
        return [("create_plan", {"title": m[1].strip().capitalize(), "steps": steps})]
    if m := re.match(r"log an attempt on step (\d+) — (.+)", user_text, re.IGNORECASE):
        outcome, _, who = m[2].partition(" for ")
        return [
            (
                "update_plan_step",
                {
                    "step_id": step_id(plan, int(m[1])),
                    "attempt_outcome": outcome,
                    "attempt_notes": who or m[2],
                },
            )
        ]
    if text.startswith("try again"):
        # The step being discussed: the one in progress in the ANNOUNCE block.
        current = [s["id"] for s in plan["steps"].values() if s["mark"] == MARKS["in_progress"]]
        if len(current) != 1:
            raise Unscripted("which step is being tried again?")
        outcome = user_text.split("—", 1)[-1].strip().removeprefix("still ")
        return [
            (
                "update_plan_step",
                {"step_id": current[0], "attempt_outcome": outcome, "attempt_notes": "Tried again"},
            )
        ]
    if m := re.search(r"step (\d+) (?:is )?done(?: — (.+))?$", user_text, re.IGNORECASE):
        args = {"step_id": step_id(plan, int(m[1])), "status": "done"}
        outcome = m[2] or user_text.split("—", 1)[0].strip()
        args["attempt_outcome"] = outcome
        return [("update_plan_step", args)]
    if "status of" in text:
        return [("get_plan", {"plan_id": plan["id"]})]
    if text.startswith("list my plans"):
        return [("list_plans", {})]
    if re.search(r"mark the .* plan complete", text):
        return [("update_plan_status", {"plan_id": plan["id"], "status": "complete"})]
    raise Unscripted(f"no script for {user_text!r}")


def _untag(line: str) -> str:
    return re.sub(r" \[step_id \d+\]", "", line).strip()


def second_round(calls: list[dict], results: list[dict]) -> str:
    """A short answer for a phone screen, built from the tool results."""
    if any(r.get("is_error") for r in results):
        return "Sorry, that didn't work: " + "; ".join(_content(r) for r in results)
    name, content = calls[0]["name"], _content(results[0])
    lines = content.splitlines()
    marks = [_untag(line) for line in lines if line[:1] in MARKS.values()]
    if name == "create_plan":
        title = re.search(r'"(.+?)"', lines[0])[1]
        return f'Created "{title}" with {len(marks)} steps:\n' + "\n".join(marks)
    if name == "update_plan_step":
        head = _untag(lines[0]).removeprefix("Updated ")
        return f"Got it — {head}"
    if name == "get_plan":
        body = [_untag(line) for line in lines[1:]]
        return (
            f"{lines[0].split('—', 1)[0].strip()}: {lines[0].split('—', 1)[1].strip()}\n"
            + "\n".join(body)
        )
    if name == "list_plans":
        return (
            "No active plans — all done."
            if content.startswith("No ")
            else "Your active plans:\n" + content
        )
    if name == "update_plan_status":
        return content.replace("Plan #", "Plan ").strip() + " Nice work!"
    return "Done."


def _content(result: dict) -> str:
    content = result.get("content")
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in content)
    return str(content)


def responder(body: dict):
    messages = body["messages"]
    last = messages[-1]["content"]
    results = [b for b in last if b["type"] == "tool_result"]
    if results:
        calls = [b for b in messages[-2]["content"] if b["type"] == "tool_use"]
        return reply_text(second_round(calls, results))
    texts = [b["text"] for b in last if b["type"] == "text"]
    user_text, announce = texts[0], texts[-1]
    try:
        return reply_tool_use(first_round(user_text, read_announce(announce)))
    except Unscripted as error:
        return reply_text(f"Sorry, I'm not sure what you mean ({error}).")


# -- one run ---------------------------------------------------------------------


class StepClock:
    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


@dataclass
class Row:
    message: str
    calls: int = 0
    input: int = 0
    read: int = 0
    write: int = 0
    output: int = 0
    outcome: str = ""
    state: str = ""
    expected: tuple[str, str] = ("", "")
    announce: list[int] = field(default_factory=list)  # tokens of each request's ANNOUNCE

    @property
    def prompt(self) -> int:
        return self.input + self.read + self.write

    @property
    def ok(self) -> bool:
        return (self.outcome, self.state) == self.expected


async def plan_state(store: PlanStore) -> str:
    plans = await store.list_plans(USER, "all")
    if len(plans) != 1:
        return f"{len(plans)} plans"
    plan = await store.get_plan(USER, plans[0]["id"])
    marks = " ".join(f"{MARKS[s['status']]}{s['position']}" for s in plan["steps"])
    attempts = "/".join(str(len(s["attempts"])) for s in plan["steps"])
    return f"{marks} {plan['status']} {attempts}"


def announce_tokens(body: dict) -> int:
    text, _ = _prompt_blocks(body)[-1]
    return max(1, len(text) // 4)


async def run(caching: bool, min_cache: int, cold: bool, show: bool) -> dict:
    rows: list[Row] = []
    prefix: dict[str, int] = {}
    with scratch_directory("drbot-bench-tokens-") as tmp:
        async with FakeAnthropic(
            caching=caching, min_cache_tokens=min_cache, responder=responder
        ) as fake:
            clock = StepClock(START)
            store = await PlanStore.open(tmp / "drbot.db", clock=clock)
            # Claude's default routing: every sentence goes to the model (hybrid off) and
            # its changes run at once (the fake's local URL would otherwise mean the local
            # model's defaults: rules first, changes asked first).
            settings = Settings(
                llm=LLMSettings(
                    provider="anthropic",
                    api_key="sk-bench",
                    base_url=fake.url,
                    request_timeout_s=10.0,
                    hybrid=False,
                    confirm_writes=False,
                )
            )
            assistant = Assistant.from_settings(settings, store, clock=clock)
            try:
                for text, outcome, state in SCRIPT:
                    if cold:
                        fake.clear_cache()
                    seen = len(fake.requests)
                    reply = await assistant.handle(CHAT, USER, text)
                    row = Row(
                        text,
                        outcome=reply.outcome,
                        state=await plan_state(store),
                        expected=(outcome, state),
                    )
                    for request in fake.requests[seen:]:
                        row.calls += 1
                        usage = (request.response or {}).get("usage") or {}
                        row.input += usage.get("input_tokens", 0)
                        row.read += usage.get("cache_read_input_tokens", 0)
                        row.write += usage.get("cache_creation_input_tokens", 0)
                        row.output += usage.get("output_tokens", 0)
                        row.announce.append(announce_tokens(request.body))
                    rows.append(row)
                    if show:
                        print(f"  > {text}\n    " + reply.text.replace("\n", "\n    "))
                    clock.now += timedelta(minutes=MINUTES_BETWEEN_MESSAGES)
            finally:
                await assistant.close()
                await store.close()
            first = fake.requests[0].body
            prefix = {
                "tools": sum(
                    len(json.dumps(["tool", t], ensure_ascii=False, separators=(",", ":"))) // 4
                    for t in first["tools"]
                ),
                "system": sum(
                    len(json.dumps(["system", b], ensure_ascii=False, separators=(",", ":"))) // 4
                    for b in first["system"]
                ),
                "last_history": sum(
                    max(1, len(t) // 4) for t, _ in _prompt_blocks(fake.requests[-1].body)
                ),
            }
    return {"rows": rows, "prefix": prefix}


# -- report ----------------------------------------------------------------------


def short(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def totals(rows: list[Row]) -> Row:
    t = Row("total")
    for r in rows:
        t.calls += r.calls
        t.input += r.input
        t.read += r.read
        t.write += r.write
        t.output += r.output
        t.announce += r.announce
    return t


def share(t: Row) -> float:
    return t.read / t.prompt if t.prompt else 0.0


def input_cost(t: Row) -> float:
    return t.input + WRITE * t.write + READ * t.read


def print_table(title: str, rows: list[Row]) -> Row:
    width = 46
    print(title)
    print(
        f"  {'#':>2}  {'message':<{width}} {'calls':>5} {'input':>7} {'cache rd':>8}"
        f" {'cache wr':>8} {'output':>6}  {'read %':>6}"
    )
    for i, r in enumerate(rows, 1):
        pct = f"{100 * r.read / r.prompt:5.1f}%" if r.prompt else "     -"
        print(
            f"  {i:>2}  {short(r.message, width):<{width}} {r.calls:>5} {r.input:>7,}"
            f" {r.read:>8,} {r.write:>8,} {r.output:>6,}  {pct:>6}"
        )
    t = totals(rows)
    print(
        f"  {'':>2}  {'total':<{width}} {t.calls:>5} {t.input:>7,} {t.read:>8,}"
        f" {t.write:>8,} {t.output:>6,}  {100 * share(t):5.1f}%"
    )
    return t


async def main_async(args) -> Figures:
    now = datetime.now(UTC)
    print("drbot token and prompt-cache benchmark (bench/tokens.py)")
    print(f"date      {now.strftime('%Y-%m-%d %H:%M:%S UTC')}")
    print(machine_line())
    print(python_line() + f" (anthropic SDK {anthropic.__version__})")
    print(
        "model     scripted responder on tests/fakes/anthropic_server.py; tokens = "
        "len(canonical JSON)//4 per block"
    )
    print(
        f"caching   min_cache_tokens={args.min_cache_tokens} (real minimum 1024-4096 by "
        f"model), no TTL, messages {MINUTES_BETWEEN_MESSAGES} min apart"
    )
    print(f"prices    cache write {WRITE}x, cache read {READ}x, output {OUTPUT}x base input")
    print()

    on = await run(True, args.min_cache_tokens, False, args.show_replies)
    off = await run(False, args.min_cache_tokens, False, False)
    p = on["prefix"]
    print(
        f"prompt    tools {p['tools']:,} + system {p['system']:,} tokens (constant prefix); "
        f"last request {p['last_history']:,} tokens in all"
    )
    print()

    t_on = print_table("caching on  (FakeAnthropic(caching=True))", on["rows"])
    print()
    t_off = print_table("caching off (FakeAnthropic(caching=False))", off["rows"])
    print()
    t_cold = None
    if args.cold:
        cold = await run(True, args.min_cache_tokens, True, False)
        t_cold = print_table(
            "caching on, cache expired before every message (5-min TTL, messages far apart)",
            cold["rows"],
        )
        print()

    print("totals")
    runs = [("caching on", t_on), ("caching off", t_off)] + (
        [("cold cache", t_cold)] if t_cold else []
    )
    for name, t in runs:
        print(
            f"  {name:<12} calls {t.calls:>2}  prompt {t.prompt:>7,} (input {t.input:,},"
            f" cache read {t.read:,}, cache write {t.write:,})  output {t.output:,}"
            f"  read from cache {100 * share(t):.1f}%"
        )
    ann = t_on.announce
    announce = (
        f"ANNOUNCE (never cached) per request: {min(ann)}-{max(ann)} tokens, "
        f"{sum(ann):,} in all = {100 * sum(ann) / t_on.prompt:.1f}% of the prompt tokens"
    )
    print("  " + announce)
    print()
    print("estimated cost (units: base input tokens)")
    for name, t in runs:
        cost = input_cost(t)
        print(
            f"  {name:<12} prompt {cost:>9,.0f}  + output x{OUTPUT:g} {OUTPUT * t.output:>7,.0f}"
            f"  = {cost + OUTPUT * t.output:>9,.0f}"
        )
    c_on, c_off = input_cost(t_on), input_cost(t_off)
    print(
        f"  caching on / off: prompt cost {c_on / c_off:.2f}x"
        f" ({100 * (1 - c_on / c_off):.0f}% saved), with output"
        f" {(c_on + OUTPUT * t_on.output) / (c_off + OUTPUT * t_off.output):.2f}x"
    )
    if t_cold:
        c_cold = input_cost(t_cold)
        print(f"  cold cache / off: prompt cost {c_cold / c_off:.2f}x")
    print()

    print("script check (outcome and plan state after each message, both runs)")
    bad = [
        (name, i, r)
        for name, res in (("on", on), ("off", off))
        for i, r in enumerate(res["rows"], 1)
        if not r.ok
    ]
    checks = [
        f"MISMATCH ({name}) #{i} {short(r.message, 40)}: got {r.outcome} / {r.state},"
        f" expected {r.expected[0]} / {r.expected[1]}"
        for name, i, r in bad
    ] or [
        f"all {len(SCRIPT)} messages as expected in both runs; final plan: {on['rows'][-1].state}"
    ]
    for check in checks:
        print("  " + check)
    print()

    print("targets")
    single = [(i, r) for i, r in enumerate(on["rows"], 1) if r.expected[0] == "answered"]
    marks = [(i, r) for i, r in enumerate(on["rows"], 1) if r.expected[0] == "marks"]
    worst = max(r.calls for _, r in single)
    print(
        f"  model calls per single-action message <= 2: max {worst}"
        f"  {'met' if worst <= 2 else 'MISSED'}"
    )
    most = max(r.calls for _, r in marks)
    print(
        f"  model calls for marks-only messages   = 0: max {most}"
        f"  {'met' if most == 0 else 'MISSED'}"
    )
    print(
        f"  input tokens read from cache      >= {100 * CACHE_TARGET:.0f}%: "
        f"{100 * share(t_on):.1f}%  {'met' if share(t_on) >= CACHE_TARGET else 'MISSED'}"
    )
    if t_cold:
        print(f"  (cold cache, not a target: {100 * share(t_cold):.1f}%)")

    figures = Figures()
    with_output_on, with_output_off = c_on + OUTPUT * t_on.output, c_off + OUTPUT * t_off.output
    figures.row(
        "model calls, whole conversation",
        f"{t_on.calls}",
        f"caching off: {t_off.calls}",
        ratio(t_on.calls, t_off.calls),
        f"≤ 2 per single-action message (max {worst})",
        "met" if worst <= 2 else "MISSED",
    )
    figures.row(
        "model calls for marks-only messages",
        f"max {most}",
        target="0",
        verdict="met" if most == 0 else "MISSED",
    )
    figures.row(
        "input tokens read from cache",
        f"{100 * share(t_on):.1f}%",
        f"caching off: {100 * share(t_off):.1f}%",
        target=f"≥ {100 * CACHE_TARGET:.0f}%",
        verdict="met" if share(t_on) >= CACHE_TARGET else "MISSED",
    )
    figures.row(
        "prompt tokens (input + cache read + write)",
        f"{t_on.prompt:,}",
        f"caching off: {t_off.prompt:,}",
        ratio(t_on.prompt, t_off.prompt),
    )
    figures.row(
        f"prompt cost (base-input units; write {WRITE:g}×, read {READ:g}×)",
        f"{c_on:,.0f}",
        f"caching off: {c_off:,.0f}",
        ratio(c_on, c_off),
    )
    figures.row(
        "cost with output",
        f"{with_output_on:,.0f}",
        f"caching off: {with_output_off:,.0f}",
        ratio(with_output_on, with_output_off),
    )
    figures.note("Script check: " + checks[0])
    figures.note(announce)
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--min-cache-tokens",
        type=int,
        default=1024,
        help="shortest cacheable prefix (default 1024, the real API's minimum "
        "for Sonnet/Opus; 0 caches everything)",
    )
    parser.add_argument(
        "--cold", action="store_true", help="add a run that clears the cache before every message"
    )
    parser.add_argument(
        "--show-replies", action="store_true", help="print the assistant's replies (caching-on run)"
    )
    json_option(parser)
    args = parser.parse_args()
    asyncio.run(main_async(args)).write(args.json)


if __name__ == "__main__":
    sys.exit(main())
