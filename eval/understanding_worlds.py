"""The understanding corpus and its worlds (used by eval/understanding.py).

``load_corpus`` reads eval/corpus/understanding.toml; ``corpus_problems``
checks it; ``build_world`` makes one world's template database through the
real ``PlanStore`` and ``ConversationStore`` APIs, so that every case can start
from a byte-for-byte copy of it.

A world is the acting person's plans (``plans``, then ``events`` applied in
order: a status, an attempt, a waiting date), the chat's current plan, and
always the other user's plans from ``[other_user]``, created first so that
theirs hold the lowest ids: a write that lands there is a scoping bug.
"""

from __future__ import annotations

import shutil
import tomllib
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from drbot.memory import PlanStore
from drbot.memory.conversations import ConversationStore
from drbot.memory.user_settings import UserSettings
from eval.understanding_check import check_expectation, names_in
from eval.understanding_effects import find_plan, find_step, snapshot

CORPUS = Path(__file__).resolve().parent / "corpus" / "understanding.toml"
ME, OTHER = 1001, 2002  # the person talking, and someone else on the same bot
CHAT = ME  # a private chat's id is the person's id on Telegram
OTHER_CHAT = OTHER
EVENT_GAP = timedelta(hours=6)  # worlds are built over the days before "now"


@dataclass
class Case:
    id: str  # intent-N, stable while the corpus keeps its order
    intent: str
    world: str
    text: str
    expect: dict


@dataclass
class Corpus:
    now: datetime  # aware, in the corpus's time zone
    timezone: str
    other_user: dict
    worlds: dict[str, dict]
    cases: list[Case]

    @property
    def intents(self) -> list[str]:
        return list(dict.fromkeys(c.intent for c in self.cases))


class Clock:
    """The benchmark's clock: set by the builder, fixed at "now" for the cases."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def load_corpus(path: Path = CORPUS) -> Corpus:
    with open(path, "rb") as f:
        data = tomllib.load(f)
    zone = ZoneInfo(data["timezone"])
    now = datetime.fromisoformat(data["now"]).replace(tzinfo=zone)
    counts: dict[str, int] = {}
    cases = []
    for raw in data["case"]:
        counts[raw["intent"]] = counts.get(raw["intent"], 0) + 1
        cases.append(
            Case(
                f"{raw['intent']}-{counts[raw['intent']]}",
                raw["intent"],
                raw["world"],
                raw["text"],
                raw["expect"],
            )
        )
    return Corpus(now, data["timezone"], data.get("other_user", {}), data["worlds"], cases)


def corpus_problems(corpus: Corpus, world_snapshots: dict[str, dict]) -> list[str]:
    """Every case's expectation well formed and naming what exists in its world."""
    problems = []
    for case in corpus.cases:
        where = f"{case.id} ({case.text[:30]!r})"
        if case.world not in corpus.worlds:
            problems.append(f"{where}: no world {case.world!r}")
            continue
        problems += [f"{where}: {p}" for p in check_expectation(case.expect)]
        steps, plans = names_in(case.expect)
        snap = world_snapshots[case.world]
        for name in steps:
            try:
                find_step(snap, ME, name)
            except KeyError as error:
                problems.append(f"{where}: {error.args[0]} in world {case.world}")
        for name in plans + list((case.expect.get("ask") or {}).get("options", [])):
            if not _names_plan_or_step(snap, name):
                problems.append(f"{where}: nothing named {name!r} in world {case.world}")
    return problems


def _names_plan_or_step(snap: dict, name: str) -> bool:
    for find in (find_plan, find_step):
        try:
            find(snap, ME, name)
            return True
        except KeyError:
            continue
    # A step title shared by two plans is still a name that exists.
    return any(
        s["title"].lower() == name.lower()
        for s in snap["steps"].values()
        if snap["plans"][s["plan"]]["user"] == ME
    )


async def build_world(corpus: Corpus, name: str, path: Path) -> None:
    """Write world ``name`` into a new database at ``path``."""
    world = corpus.worlds[name]
    clock = Clock(corpus.now - timedelta(days=7))
    store = await PlanStore.open(path, clock=clock)
    try:
        users = UserSettings(store.db, default_timezone=corpus.timezone, clock=clock)
        for user in (ME, OTHER):
            await users.set_timezone(user, corpus.timezone)
        await _fill(store, clock, OTHER, corpus.other_user)
        ids = await _fill(store, clock, ME, world)
        conversations = ConversationStore(store.db, clock=clock)
        current = world.get("current")
        await conversations.set_current_plan(CHAT, ME, ids[current] if current else None)
        clock.now = corpus.now
    finally:
        await store.close()


async def _fill(store: PlanStore, clock: Clock, user: int, spec: dict) -> dict[str, int]:
    ids = {}
    for plan in spec.get("plans", []):
        clock.now += EVENT_GAP
        ids[plan["title"]] = await store.create_plan(user, plan["title"], steps=plan["steps"])
    for event in spec.get("events", []):
        clock.now += EVENT_GAP
        step_id = await _step_id(store, user, event["step"])
        if "attempt" in event:
            await store.add_attempt(user, step_id, event["attempt"])
        if "status" in event:
            await store.update_step_status(user, step_id, event["status"])
        if "wait" in event:
            await store.snooze_step(user, step_id, event["wait"])
    return ids


async def _step_id(store: PlanStore, user: int, name: str) -> int:
    plan_title, _, step_title = name.rpartition(" / ")
    found = []
    for summary in await store.list_plans(user, "all"):
        if plan_title and summary["title"] != plan_title:
            continue
        plan = await store.get_plan(user, summary["id"])
        found += [s["id"] for s in plan["steps"] if s["title"] == step_title]
    if len(found) != 1:
        raise ValueError(f"world event names {len(found)} steps {name!r}")
    return found[0]


async def build_templates(
    corpus: Corpus, directory: Path, names: list[str] | None = None
) -> dict[str, tuple[Path, dict]]:
    """Each world once: {name: (template file, snapshot)}.  The schema is migrated once
    and copied for every world (migrating a file costs tens of milliseconds; opening a
    copy finds it current and applies nothing)."""
    migrated = directory / "migrated.db"
    if not migrated.exists():
        await (await PlanStore.open(migrated)).close()
    out = {}
    for name in names or list(corpus.worlds):
        path = directory / f"world-{name}.db"
        copy_world(migrated, path)
        await build_world(corpus, name, path)
        out[name] = (path, snapshot(str(path), corpus.timezone))
    return out


def copy_world(template: Path, dest: Path) -> None:
    """A case's own copy of a world (the template is closed: no WAL to carry)."""
    shutil.copyfile(template, dest)
    for suffix in ("-wal", "-shm"):
        extra = Path(str(template) + suffix)
        if extra.exists():
            shutil.copyfile(extra, Path(str(dest) + suffix))


def remove_world(path: Path) -> None:
    """A case's copy gone, with its WAL and shared-memory files."""
    for suffix in ("", "-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)


def case_summary(case: Case) -> dict[str, Any]:
    return {
        "id": case.id,
        "intent": case.intent,
        "world": case.world,
        "text": case.text,
        "expect": case.expect,
    }
