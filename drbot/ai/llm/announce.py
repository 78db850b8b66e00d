"""The ANNOUNCE block: the uncached tail of every model request.

Everything that changes from round to round lives here and nowhere else, so
the system prompt, the tools and the history before it stay byte-identical and
are read from the prompt cache: the iteration and its budget, the
authoritative time (the only place a date appears), the chat's current plan
with marks, and one-time notices.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from drbot.marks import MARKS, counts
from drbot.memory.records import Plan

WIDTH = 40
BAR = 10


def build(
    *,
    iteration: int,
    max_iterations: int,
    elapsed_s: float,
    now: datetime,
    timezone: str,
    plan: Plan | None,
    notices: Sequence[str] = (),
    tokens_today: int | None = None,
    token_budget: int = 0,
) -> str:
    title = f"ANNOUNCE — Iteration {iteration}/{max_iterations}"
    lines = [
        "╔" + "═" * WIDTH + "╗",
        "║  " + title.ljust(WIDTH - 2) + "║",
        "╚" + "═" * WIDTH + "╝",
        "",
        "[BUDGET]",
        f"  iterations  {_bar(iteration, max_iterations)}  {max_iterations - iteration} remaining",
        f"  time_elapsed_in_turn   {_duration(elapsed_s)}",
    ]
    if token_budget and tokens_today is not None:
        lines.append(f"  tokens_today  {tokens_today:,} of {token_budget:,}")
    local = now.astimezone(ZoneInfo(timezone))
    lines += [
        "",
        "[AUTHORITATIVE TEMPORAL CONTEXT (GROUND TRUTH)]",
        f"  user_timezone: {timezone}",
        f"  current_utc_timestamp: {now.astimezone(UTC):%Y-%m-%dT%H:%M:%SZ}",
        f"  current_local_date: {local:%Y-%m-%d} ({local:%A})",
        f"  current_local_time: {local:%H:%M}",
        "  All relative dates MUST be interpreted against this context.",
    ]
    lines += ["", "[ACTIVE PLAN]"] + _plan_lines(plan)
    if notices:
        lines += ["", "[NOTICES]"] + [f"  - {notice}" for notice in notices]
    return "\n".join(lines)


def _plan_lines(plan: Plan | None) -> list[str]:
    if plan is None:
        return ["  (none: this chat has no current plan)"]
    lines = [
        f'  • plan #{plan["id"]} "{plan["title"]}" (current, {plan["status"]})'
        f" last={plan['updated_at'][:19]}Z"
    ]
    for step in plan["steps"]:
        lines.append(
            f"      {MARKS[step['status']]} [{step['position']}] {step['title']}"
            f" (step_id {step['id']})"
            + (f" — {step['status_note']}" if step.get("status_note") else "")
        )
    tally = counts(plan["steps"])
    lines.append(
        f"  - plan_status: done={tally['done']} failed={tally['failed']} pending={tally['pending']}"
    )
    complete = plan["status"] == "complete" or (
        plan["steps"] and tally["pending"] == 0 and tally["failed"] == 0
    )
    lines.append(f"  - plan_complete: {'true' if complete else 'false'}")
    return lines


def _bar(iteration: int, total: int) -> str:
    filled = round(BAR * iteration / max(total, 1))
    return "█" * filled + "░" * (BAR - filled)


def _duration(seconds: float) -> str:
    minutes, secs = divmod(int(seconds), 60)
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"
