"""What a message did to the database, and whether that was what the person meant.

Used by eval/understanding.py, on snapshots from eval/understanding_effects.py.
``classify(expect, user, before, after, reply)`` gives the verdict:

  - **correct**: every expected effect happened, nothing else was written, and
    the reply says what it must (``reply_has``, a question for ``ask``, a short
    answer for ``short``);
  - **nothing** ("nothing done"): no write although one was expected, a
    question asked instead, a required reply missing, or only part of the
    expected effect (a partial write did no damage, so it is not "wrong");
  - **wrong**: a write that was not expected, a different write (another
    step, status or date, a badly made plan), or anything touching another
    user's data.  A wrong write is worse than none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from eval.understanding_effects import Change, diff, find_plan, find_step

CORRECT, NOTHING, WRONG = "correct", "nothing", "wrong"
EXPECT_KEYS = (
    "status",
    "attempt",
    "snooze",
    "create",
    "replan",
    "undo",
    "none",
    "ask",
    "reply_has",
    "short",
)
# The expectations that are writes (the rest: none, ask, and what the reply says).
WRITES = ("status", "attempt", "snooze", "create", "replan", "undo")
STEP_STATUSES = ("pending", "in_progress", "done", "skipped", "blocked")

# Raw tool-call text a model wrote instead of calling the tool (it must never
# reach the person).
RAW_TOOL_TEXT = re.compile(
    r'"name"\s*:\s*"[^"]*"\s*,\s*"(?:arguments|parameters|input)"|<tool_call>|<function[\s=>]'
    r"|<tools>|<tool_response>",
    re.IGNORECASE,
)
CRASH_TEXT = re.compile(r"something went wrong", re.IGNORECASE)
# "I cannot do that without a model": the person gets a wall instead of help.
NO_MODEL_WALL = re.compile(
    r"without (?:a|an|the) (?:language |AI |LLM )?model|needs? (?:a|an|the) (?:language |AI )?model"
    r"|no (?:language |AI )?model (?:is )?(?:configured|available|set up)",
    re.IGNORECASE,
)
SHORT_LINES = 4


def _any_in(needles: str | list[str], text: str) -> bool:
    options = [needles] if isinstance(needles, str) else needles
    return any(n.lower() in text.lower() for n in options)


def _dates(value: str | list[str]) -> set[str]:
    return {value} if isinstance(value, str) else set(value)


# -- expectations as matchers ---------------------------------------------------------------


@dataclass
class Matcher:
    """What one expectation allows to change, and what it requires."""

    allows: list = field(default_factory=list)  # predicates over Change
    plans: set = field(default_factory=set)  # plans whose revisions are fine
    missing: list[str] = field(default_factory=list)  # unmet requirements
    problems: list[str] = field(default_factory=list)  # writes that were wrong as a whole


def _status(spec: dict, user: int, before: dict, after: dict, m: Matcher) -> None:
    targets = {find_step(before, user, name): status for name, status in spec.items()}
    m.allows.append(
        lambda c: (
            c.step in targets
            and (
                (c.kind == "step_status" and c.new == targets[c.step])
                or c.kind == "attempt_new"
                or (c.kind == "step_wait" and c.new is None)
            )
        )
    )
    for sid, status in targets.items():
        m.plans.add(before["steps"][sid]["plan"])
        if after["steps"][sid]["status"] != status:
            m.missing.append(f'"{before["steps"][sid]["title"]}" is not {status}')


def _attempt(
    spec: dict, user: int, before: dict, after: dict, changes: list[Change], m: Matcher
) -> None:
    sid = find_step(before, user, spec["step"])
    then = set(spec.get("then", ["in_progress"]))
    wait = spec.get("wait", False)
    m.allows.append(
        lambda c: (
            c.step == sid
            and (
                c.kind == "attempt_new"
                or (c.kind == "step_status" and c.new in then)
                or (wait and c.kind == "step_wait")
            )
        )
    )
    m.plans.add(before["steps"][sid]["plan"])
    new = [c.new for c in changes if c.kind == "attempt_new" and c.step == sid]
    if not any(_any_in(spec["has"], text) for text in new):
        m.missing.append(
            f'no attempt on "{spec["step"]}" saying {spec["has"]!r}'
            + (f" (got {new!r})" if new else "")
        )


def _snooze(spec: dict, user: int, before: dict, after: dict, m: Matcher) -> None:
    sid = find_step(before, user, spec["step"])
    dates = _dates(spec["date"])
    # "not before the 5th" may be read as blocked until then: a snooze and a
    # block until a date are the same promise to the person.
    m.allows.append(
        lambda c: (
            c.step == sid
            and (
                (c.kind == "step_wait" and c.new in dates)
                or (c.kind == "step_status" and c.new == "blocked")
            )
        )
    )
    m.plans.add(before["steps"][sid]["plan"])
    if after["steps"][sid]["wait"] not in dates:
        m.missing.append(f'"{spec["step"]}" does not wait until {" or ".join(sorted(dates))}')


def _create(spec: dict, user: int, after: dict, changes: list[Change], m: Matcher) -> None:
    new = [c.plan for c in changes if c.kind == "plan_new" and c.user == user]
    m.allows.append(lambda c: c.plan in new and c.kind in ("plan_new", "step_new"))
    m.plans.update(new)
    if not new:
        m.missing.append("no plan created")
        return
    if len(new) > 1:
        m.problems.append(f"{len(new)} plans created")
    pid = new[0]
    title = after["plans"][pid]["title"]
    steps = sorted(
        (s for s in after["steps"].values() if s["plan"] == pid and not s["removed"]),
        key=lambda s: s["position"],
    )
    if "title_has" in spec and not _any_in(spec["title_has"], title):
        m.problems.append(f"plan titled {title!r}, expected one of {spec['title_has']!r}")
    if "steps" in spec and len(steps) != spec["steps"]:
        m.problems.append(
            f"{len(steps)} steps, expected {spec['steps']}: {[s['title'] for s in steps]!r}"
        )
    elif spec.get("step_has"):
        if len(spec["step_has"]) == len(steps):  # one word per step: in that order
            for word, step in zip(spec["step_has"], steps):
                if not _any_in(word, step["title"]):
                    m.problems.append(f"step {step['position']} {step['title']!r} lacks {word!r}")
        else:  # fewer words than steps: each in some step
            for word in spec["step_has"]:
                if not any(_any_in(word, step["title"]) for step in steps):
                    m.problems.append(f"no step has {word!r}: {[s['title'] for s in steps]!r}")


def _replan(
    spec: dict, user: int, before: dict, after: dict, changes: list[Change], m: Matcher
) -> None:
    pid = find_plan(before, user, spec["plan"])
    removed = {find_step(before, user, f"{spec['plan']} / {name}") for name in spec["removed"]}
    kept = {find_step(before, user, f"{spec['plan']} / {name}") for name in spec.get("kept", [])}
    # A replaced step may stay visible as skipped instead of removed.
    m.allows.append(
        lambda c: (
            c.plan == pid
            and (
                c.kind == "step_new"
                or (
                    c.step in removed
                    and (
                        c.kind == "step_removed" or (c.kind == "step_status" and c.new == "skipped")
                    )
                )
            )
        )
    )
    m.plans.add(pid)
    gone = [
        sid
        for sid in removed
        if not (after["steps"][sid]["removed"] or after["steps"][sid]["status"] == "skipped")
    ]
    added = [
        c.step
        for c in changes
        if c.kind == "step_new" and c.plan == pid and not after["steps"][c.step]["removed"]
    ]
    if gone and not added:
        m.missing.append(
            "not replanned: " + ", ".join(repr(before["steps"][sid]["title"]) for sid in gone)
        )
        return
    if gone:
        m.problems.append(
            "still in the plan: " + ", ".join(repr(before["steps"][sid]["title"]) for sid in gone)
        )
    for sid in kept:
        if (
            after["steps"][sid]["removed"]
            or after["steps"][sid]["status"] != before["steps"][sid]["status"]
        ):
            m.problems.append(f'"{before["steps"][sid]["title"]}" should have stayed')
    if "added" in spec and len(added) != spec["added"]:
        m.problems.append(
            f"{len(added)} new steps, expected {spec['added']}: "
            f"{[after['steps'][s]['title'] for s in added]!r}"
        )


def _undo(spec: dict, user: int, before: dict, changes: list[Change], m: Matcher) -> None:
    pid = find_plan(before, user, spec["plan"]) if "plan" in spec else None
    undone = [c for c in changes if c.kind == "revision_undone"]
    # Without an undone revision, a change is a new write, not an undo: the
    # restore's side effects are allowed only along with the undo itself.
    m.allows.append(
        lambda c: (
            bool(undone)
            and (pid is None or c.plan == pid)
            and c.kind
            in (
                "revision_undone",
                "step_status",
                "step_wait",
                "step_removed",
                "step_new",
                "step_title",
                "attempt_retracted",
                "plan_status",
                "plan_title",
                "note_removed",
            )
        )
    )
    m.plans.update({pid} if pid else {c.plan for c in undone})
    if not undone:
        m.missing.append("nothing undone")
    elif len(undone) > 1:
        m.problems.append(f"{len(undone)} changes undone, expected one")


def matcher(expect: dict, user: int, before: dict, after: dict, changes: list[Change]) -> Matcher:
    m = Matcher()
    if "status" in expect:
        _status(expect["status"], user, before, after, m)
    if "attempt" in expect:
        _attempt(expect["attempt"], user, before, after, changes, m)
    if "snooze" in expect:
        _snooze(expect["snooze"], user, before, after, m)
    if "create" in expect:
        _create(expect["create"], user, after, changes, m)
    if "replan" in expect:
        _replan(expect["replan"], user, before, after, changes, m)
    if "undo" in expect:
        _undo(expect["undo"] if isinstance(expect["undo"], dict) else {}, user, before, changes, m)
    return m


# -- the reply ------------------------------------------------------------------------------


@dataclass
class ReplyView:
    """What the benchmark looks at in a ``Reply``: its text and any question."""

    text: str
    question: str | None = None
    options: tuple[str, ...] = ()

    @classmethod
    def of(cls, reply: Any) -> ReplyView:
        question = getattr(reply, "question", None)
        if question is None:
            return cls(reply.text or "")
        return cls(
            reply.text or "",
            getattr(question, "text", "") or "",
            tuple(getattr(o, "label", str(o)) for o in getattr(question, "options", ())),
        )

    @property
    def everything(self) -> str:
        return "\n".join([self.text, self.question or "", *self.options])

    def asks(self, names: list[str]) -> bool:
        """A clarifying question: Reply.question with two or more options, or a
        text with a "?" that names the choices."""
        named = all(n.lower() in self.everything.lower() for n in names)
        if self.question is not None and len(self.options) >= 2:
            return named
        return "?" in self.text and named

    @property
    def lines(self) -> int:
        return len([line for line in self.text.splitlines() if line.strip()])


def reply_flags(text: str) -> dict[str, bool]:
    return {
        "raw_tool_text": bool(RAW_TOOL_TEXT.search(text)),
        "crash_text": bool(CRASH_TEXT.search(text)),
        "no_model_wall": bool(NO_MODEL_WALL.search(text)),
    }


def _reply_missing(expect: dict, reply: ReplyView) -> list[str]:
    out = []
    for item in expect.get("reply_has", []):
        if not _any_in(item, reply.everything):
            out.append(f"reply lacks {item!r}")
    if expect.get("short"):
        if NO_MODEL_WALL.search(reply.text):
            out.append("the no-model wall")
        elif reply.lines > SHORT_LINES:
            out.append(f"a {reply.lines}-line reply to small talk")
    if "ask" in expect:
        names = (expect["ask"] or {}).get("options", [])
        if not reply.asks(names):
            out.append("no clarifying question" + (f" naming {names!r}" if names else ""))
    return out


# -- the verdict ----------------------------------------------------------------------------


@dataclass
class Verdict:
    verdict: str
    why: list[str]
    effect: list[str]
    other_user: bool = False


def classify(expect: dict, user: int, before: dict, after: dict, reply: ReplyView) -> Verdict:
    changes = diff(before, after)
    effect = [c.describe(after) for c in changes if c.kind != "revision_new"]
    others = [c for c in changes if c.user != user]
    if others:
        return Verdict(
            WRONG,
            ["touched another user's data: " + "; ".join(c.describe(after) for c in others)],
            effect,
            True,
        )
    m = matcher(expect, user, before, after, changes)
    allowed_plans = m.plans | {
        c.plan for c in changes if c.kind != "revision_new" and any(a(c) for a in m.allows)
    }
    unexpected = [
        c
        for c in changes
        if not (
            any(a(c) for a in m.allows) or (c.kind == "revision_new" and c.plan in allowed_plans)
        )
    ]
    if unexpected or m.problems:
        # A revision row only echoes another change: name it only when alone.
        shown = [c for c in unexpected if c.kind != "revision_new"] or unexpected
        return Verdict(
            WRONG, m.problems + ["unexpected: " + c.describe(after) for c in shown], effect
        )
    if m.missing:
        wrote = [c for c in changes if c.kind != "revision_new"]
        asked = reply.question is not None or reply.text.rstrip().endswith("?")
        lead = "partial" if wrote else "asked instead" if asked else "no write"
        return Verdict(NOTHING, [lead + ": " + "; ".join(m.missing)], effect)
    missing = _reply_missing(expect, reply)
    if missing:
        return Verdict(NOTHING, missing, effect)
    return Verdict(CORRECT, [], effect)


# -- checking a corpus entry ----------------------------------------------------------------


def check_expectation(expect: Any) -> list[str]:
    """Problems with the form of one case's ``expect`` table (names are checked
    against the world separately, by ``names_in``)."""
    if not isinstance(expect, dict) or not expect:
        return ["expect must be a non-empty table"]
    problems = [f"unknown key {k!r}" for k in expect if k not in EXPECT_KEYS]
    writes = [k for k in WRITES if k in expect]
    if not writes and "none" not in expect and "ask" not in expect:
        problems.append("expects neither a write nor none nor ask")
    if writes and ("none" in expect or "ask" in expect):
        problems.append("expects a write and none/ask at once")
    for name, status in expect.get("status", {}).items():
        if status not in STEP_STATUSES:
            problems.append(f"status of {name!r} is {status!r}")
    for key, needed in (
        ("attempt", ("step", "has")),
        ("snooze", ("step", "date")),
        ("replan", ("plan", "removed")),
        ("create", ()),
    ):
        if key in expect:
            if not isinstance(expect[key], dict):
                problems.append(f"{key} must be a table")
            else:
                problems += [f"{key} lacks {k!r}" for k in needed if k not in expect[key]]
    for date in _dates(expect.get("snooze", {}).get("date", [])):
        try:
            datetime.strptime(date, "%Y-%m-%d")
        except ValueError:
            problems.append(f"snooze date {date!r} is not YYYY-MM-DD")
    return problems


def names_in(expect: dict) -> tuple[list[str], list[str]]:
    """(step names, plan names) an expectation refers to in its world."""
    steps = list(expect.get("status", {}))
    steps += [expect[k]["step"] for k in ("attempt", "snooze") if k in expect]
    plans = [
        expect[k]["plan"]
        for k in ("replan", "undo")
        if isinstance(expect.get(k), dict) and "plan" in expect[k]
    ]
    if "replan" in expect:
        r = expect["replan"]
        steps += [f"{r['plan']} / {n}" for n in r.get("removed", []) + r.get("kept", [])]
    return steps, plans
