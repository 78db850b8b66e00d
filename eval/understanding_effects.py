"""What a message did to the plan memory (used by eval/understanding.py).

``snapshot(path)`` reads plans, steps, attempts, notes, revisions and user
settings with plain sqlite3 into plain dicts; ``diff(before, after)`` lists
the changes as ``Change`` rows, each with the user whose data it touched.
Chat state (current plan, turns) is left out: viewing a plan may make it the
chat's current one, which is how it should be.  ``find_plan``/``find_step``
turn the titles an expectation names into ids in a snapshot.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

# -- snapshots -------------------------------------------------------------------------


def snapshot(path: str, timezone: str) -> dict[str, dict]:
    """The plan memory in plain dicts, waiting dates as local dates in ``timezone``."""
    zone = ZoneInfo(timezone)
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    conn.row_factory = sqlite3.Row
    try:
        plans = {
            r["id"]: {"user": r["user_id"], "title": r["title"], "status": r["status"]}
            for r in conn.execute("SELECT id, user_id, title, status FROM plans")
        }
        steps = {
            r["id"]: {
                "plan": r["plan_id"],
                "title": r["title"],
                "status": r["status"],
                "position": r["position"],
                "wait": _local_date(r["wait_until"], zone),
                "removed": r["removed_at"] is not None,
            }
            for r in conn.execute(
                "SELECT id, plan_id, title, status, position, wait_until,"
                " removed_at FROM plan_steps"
            )
        }
        retracted = {r[0] for r in conn.execute("SELECT attempt_id FROM attempt_retractions")}
        attempts = {
            r["id"]: {
                "step": r["step_id"],
                "text": f"{r['outcome']} {r['notes'] or ''}".strip(),
                "retracted": r["id"] in retracted,
            }
            for r in conn.execute("SELECT id, step_id, outcome, notes FROM plan_step_attempts")
        }
        notes = {
            r["id"]: {
                "plan": r["plan_id"],
                "text": r["text"],
                "removed": r["removed_at"] is not None,
            }
            for r in conn.execute("SELECT id, plan_id, text, removed_at FROM plan_notes")
        }
        revisions = {
            r["id"]: {"plan": r["plan_id"], "undone": r["undone_at"] is not None}
            for r in conn.execute("SELECT id, plan_id, undone_at FROM plan_revisions")
        }
        settings = {
            r["user_id"]: (r["timezone"], r["briefing_time"])
            for r in conn.execute("SELECT user_id, timezone, briefing_time FROM user_settings")
        }
    finally:
        conn.close()
    return {
        "plans": plans,
        "steps": steps,
        "attempts": attempts,
        "notes": notes,
        "revisions": revisions,
        "settings": settings,
    }


def _local_date(moment: str | None, zone: ZoneInfo) -> str | None:
    if not moment:
        return None
    return datetime.fromisoformat(moment).astimezone(zone).date().isoformat()


# -- changes ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Change:
    kind: str  # plan_new plan_status plan_title step_new step_status step_wait
    # step_removed step_title attempt_new attempt_retracted note_new
    # note_removed revision_new revision_undone settings
    user: int | None
    plan: int | None = None
    step: int | None = None
    old: Any = None
    new: Any = None

    def describe(self, snap: dict) -> str:
        step = snap["steps"].get(self.step, {}).get("title") if self.step else None
        plan = snap["plans"].get(self.plan, {}).get("title") if self.plan else None
        where = f'"{step}"' if step else f'plan "{plan}"' if plan else f"user {self.user}"
        value = (
            f" {self.old!r} -> {self.new!r}" if self.old is not None or self.new is not None else ""
        )
        return f"{self.kind} {where}{value}"


def diff(before: dict, after: dict) -> list[Change]:
    """Every change from ``before`` to ``after`` (revision rows included)."""
    plans = after["plans"]

    def owner(plan_id: int | None) -> int | None:
        return plans.get(plan_id, before["plans"].get(plan_id, {})).get("user")

    def step_plan(step_id: int) -> int | None:
        return after["steps"].get(step_id, before["steps"].get(step_id, {})).get("plan")

    out: list[Change] = []
    for pid, p in plans.items():
        old = before["plans"].get(pid)
        if old is None:
            out.append(Change("plan_new", p["user"], pid, new=p["title"]))
            continue
        for key in ("status", "title"):
            if old[key] != p[key]:
                out.append(Change(f"plan_{key}", p["user"], pid, old=old[key], new=p[key]))
    for sid, s in after["steps"].items():
        old = before["steps"].get(sid)
        user = owner(s["plan"])
        if old is None:
            out.append(Change("step_new", user, s["plan"], sid, new=s["title"]))
            continue
        if s["removed"] and not old["removed"]:
            out.append(Change("step_removed", user, s["plan"], sid))
        for key, kind in (
            ("status", "step_status"),
            ("wait", "step_wait"),
            ("title", "step_title"),
        ):
            if old[key] != s[key]:
                out.append(Change(kind, user, s["plan"], sid, old=old[key], new=s[key]))
    for aid, a in after["attempts"].items():
        old = before["attempts"].get(aid)
        plan = step_plan(a["step"])
        if old is None:
            out.append(Change("attempt_new", owner(plan), plan, a["step"], new=a["text"]))
        if a["retracted"] and not (old or {}).get("retracted"):
            out.append(Change("attempt_retracted", owner(plan), plan, a["step"]))
    for nid, n in after["notes"].items():
        old = before["notes"].get(nid)
        if old is None:
            out.append(Change("note_new", owner(n["plan"]), n["plan"], new=n["text"]))
        elif n["removed"] and not old["removed"]:
            out.append(Change("note_removed", owner(n["plan"]), n["plan"]))
    for rid, r in after["revisions"].items():
        old = before["revisions"].get(rid)
        if old is None:
            out.append(Change("revision_new", owner(r["plan"]), r["plan"]))
        if r["undone"] and not (old or {}).get("undone"):
            out.append(Change("revision_undone", owner(r["plan"]), r["plan"]))
    for user, value in after["settings"].items():
        if before["settings"].get(user) != value:
            out.append(Change("settings", user, old=before["settings"].get(user), new=value))
    return out


# -- resolving the names in an expectation ---------------------------------------------------


def find_plan(snap: dict, user: int, title: str) -> int:
    ids = [
        pid
        for pid, p in snap["plans"].items()
        if p["user"] == user and p["title"].lower() == title.lower()
    ]
    if len(ids) != 1:
        raise KeyError(f'{len(ids)} plans titled "{title}"')
    return ids[0]


def find_step(snap: dict, user: int, name: str) -> int:
    """A live step of ``user`` by title, or by "Plan / Step" when titles repeat."""
    plan_title, _, step_title = name.rpartition(" / ")
    plan_ids = (
        {find_plan(snap, user, plan_title)}
        if plan_title
        else {pid for pid, p in snap["plans"].items() if p["user"] == user}
    )
    ids = [
        sid
        for sid, s in snap["steps"].items()
        if s["plan"] in plan_ids and not s["removed"] and s["title"].lower() == step_title.lower()
    ]
    if len(ids) != 1:
        raise KeyError(f'{len(ids)} steps named "{name}"')
    return ids[0]
