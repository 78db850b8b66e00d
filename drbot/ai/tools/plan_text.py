"""Plans as plain text for tool results: what the model reads, and what the
built-in rules show.  Ids are named so the model can follow up, always
as ``[plan_id N]`` / ``[step_id N]`` — never as a bare "#N" a person could take
for a number to type (people type positions: /plans order, step order)."""

from __future__ import annotations

from datetime import datetime

from drbot.marks import MARKS, due_suffix, step_line, wait_shown
from drbot.memory.records import Plan, PlanSummary, ReplacedStep, Step
from drbot.readable_times import ago, local, plural


def plan_text(plan: Plan, zone: str, *, attempts: bool = True) -> str:
    counts = _counts(plan["steps"])
    lines = [f'Plan "{plan["title"]}" [plan_id {plan["id"]}] — {plan["status"]} ({counts})']
    if plan.get("description"):
        lines.append(f"Description: {plan['description']}")
    for step in plan["steps"]:
        extra = []
        if estimate := step.get("estimated_days"):
            extra.append(f"estimate {estimate:g}d")
        if shown := wait_shown(step, zone):
            extra.append(f"waiting until {shown}")
        suffix = f" ({'; '.join(extra)})" if extra else ""
        lines.append(f"{step_line(step)}{due_suffix(step)} [step_id {step['id']}]{suffix}")
        if step.get("notes"):
            lines.append(f"    notes: {step['notes']}")
        if attempts:
            for attempt in step["attempts"]:
                text = f"    attempt {local(attempt['attempted_at'], zone)}: {attempt['outcome']}"
                if attempt.get("notes"):
                    text += f" — {attempt['notes']}"
                lines.append(text + (" (undone)" if attempt["retracted"] else ""))
    if not plan["steps"]:
        lines.append("(no steps yet)")
    lines += _replaced(plan.get("replaced_steps", []), zone, attempts=attempts)
    for note in plan.get("notes", []):
        lines.append(f"{note['kind'].capitalize()}: {note['text']}")
    return "\n".join(lines)


_VIEW = '\nPlan "'


def shown_once(texts: list[str]) -> list[str]:
    """Several changes' answers: each says what it did, then shows its plan.  When all
    were on one plan, the plan is shown once, as it ends up (after the last change),
    so a person reads one plan, not the same plan again after every change."""
    views = [t[t.index(_VIEW) + 1 :] if _VIEW in t else "" for t in texts]
    plans = {v.split(" — ", 1)[0] for v in views if v}
    if len(texts) < 2 or len(plans) != 1:
        return list(texts)
    heads = [t[: t.index(_VIEW)] if _VIEW in t else t for t in texts]
    return [*heads, next(v for v in reversed(views) if v)]


def _replaced(steps: list[ReplacedStep], zone: str, *, attempts: bool) -> list[str]:
    """Steps re-plans replaced: history only, so no position and no step_id
    (nothing can change them).  In full with ``attempts``; else one line."""
    if not steps:
        return []
    if not attempts:
        return [
            "Replaced by re-plans: "
            + ", ".join(f'"{s["title"]}"' + (f" ({_tries(s)})" if _tries(s) else "") for s in steps)
        ]
    lines = ["Replaced by re-plans (history only, cannot be changed):"]
    for step in steps:
        lines.append(
            f'  "{step["title"]}" (was {step["status"].replace("_", " ")}; replaced '
            f"{local(step['replaced_at'], zone)})"
        )
        for attempt in step["attempts"]:
            text = f"    attempt {local(attempt['attempted_at'], zone)}: {attempt['outcome']}"
            if attempt.get("notes"):
                text += f" — {attempt['notes']}"
            lines.append(text + (" (undone)" if attempt["retracted"] else ""))
    return lines


def _tries(step: ReplacedStep) -> str:
    n = sum(not a["retracted"] for a in step["attempts"])
    return "" if not n else "1 attempt" if n == 1 else f"{n} attempts"


def summary_line(summary: PlanSummary, now: datetime, number: int) -> str:
    """``number``: the plan's position in the list shown (what /plans shows)."""
    counts = summary["counts"]
    return (
        f'{number}. "{summary["title"]}" [plan_id {summary["id"]}] ({summary["status"]}) '
        f"[{plural(summary['total'], 'step')} — {counts['done']} done, {counts['in_progress']} in "
        f"progress, {counts['pending']} pending"
        + (f", {counts['blocked']} blocked" if counts["blocked"] else "")
        + (f", {counts['skipped']} skipped" if counts["skipped"] else "")
        + f"] last activity {ago(summary['last_activity'], now)}"
    )


def _counts(steps: list[Step]) -> str:
    tally: dict[str, int] = {}
    for step in steps:
        tally[step["status"]] = tally.get(step["status"], 0) + 1
    done = tally.get("done", 0)
    parts = [f"{done}/{len(steps)} done"]
    parts += [
        f"{n} {status.replace('_', ' ')}" for status, n in tally.items() if status != "done" and n
    ]
    return ", ".join(parts)


def step_ref(step: Step) -> str:
    return (
        f'{MARKS[step["status"]]} step {step["position"]} "{step["title"]}" [step_id {step["id"]}]'
    )
