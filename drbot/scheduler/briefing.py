"""The morning briefing (docs/ARCHITECTURE.md, "Briefing"): what to say, to whom, when.

A job calls :func:`send_briefings` every minute.  Whose briefing is due comes
from ``now`` in each person's zone, so a bot that was down at 08:00 catches up
later the same local day, and DST neither skips a day (03:00 is past a 02:30
that never happens) nor doubles one (the day is claimed before sending).

Once per local morning across time-zone moves: a briefing is due only if
nothing was sent since :func:`quiet_since` — the start of today in the zone
the person is in *now*, or 12 hours ago if that is earlier.  Flying Tokyo →
Los Angeles after the Tokyo briefing, the Los Angeles morning of the same
date still gets one (the Tokyo one was sent on the day before, Los Angeles
time); flying the other way, the Tokyo morning that the Los Angeles briefing
already fell into gets none, and no two briefings are ever within 12 hours.

Items come only from the database.  A step surfaced on three briefings running
with nothing done to it becomes one question (re-plan, snooze or drop?).  A
preview (``/briefing``, ``drbot briefing`` without ``--send``) shows what would
be sent but does not count as a surfacing; only a sent briefing does.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import html
import logging
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from drbot.config import BriefingSettings
from drbot.memory import PlanStore
from drbot.memory.briefings import BriefingLog, next_times
from drbot.memory.clock import iso, parse
from drbot.memory.quiet import Quiet
from drbot.memory.records import Attention, StepWithPlan
from drbot.memory.user_settings import BRIEFING_OFF, UserSettings, usable_zone
from drbot.outgoing import (
    BRIEFING_HEADER,
    Button,
    DeliveryFailed,
    DeliveryUnknown,
    Outgoing,
    RecipientGone,
    Rejected,
    Send,
)
from drbot.readable_times import days_since
from drbot.scheduler import agenda
from drbot.scheduler.agenda import Agenda, Listed
from drbot.step_actions import escalation_buttons, step_buttons

logger = logging.getLogger("drbot.briefing")

HEADER = BRIEFING_HEADER
ESCALATE_AFTER = 3  # briefings running with no activity before the question
MIN_GAP = timedelta(hours=12)  # never two briefings closer than this, whatever the zones
MAX_ITEMS = 10  # keeps a briefing well inside 4096 characters and 100 buttons
TITLE_CHARS = 60  # plan and step titles are cut to this in a briefing line
OUTCOME_CHARS = 80
_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
}
_RECURRING = frozenset(agenda.RECURRING)


@dataclass(slots=True)  # thousands a morning: no per-instance dict
class Item:
    kind: str  # one of agenda.KINDS, or "escalation"
    plan_id: int
    plan_title: str
    step_id: int
    position: int
    step_title: str
    line: str  # plain text, numbered as shown
    times_surfaced: int


@dataclass
class Briefing:
    user_id: int
    local_date: date
    text: str  # Telegram HTML; every plan/step text escaped
    plain: str
    rows: tuple[tuple[Button, ...], ...]
    items: list[Item] = field(default_factory=list)
    timezone: str = "UTC"

    @property
    def message(self) -> Outgoing:
        """What goes out: plain data the bot layer renders and sends."""
        return Outgoing(
            self.user_id,
            "briefing",
            self.text,
            self.plain,
            f"briefing:{self.local_date.isoformat()}@{self.timezone}",
            self.rows,
        )


# -- time ---------------------------------------------------------------------


def _aware(now: datetime) -> datetime:
    if now.tzinfo is None:
        raise ValueError("naive datetime: the briefing needs an aware moment")
    return now


def local_day(now: datetime, zone: ZoneInfo | str) -> date:
    """The person's calendar day at ``now``."""
    return _aware(now).astimezone(usable_zone(zone)).date()


def morning_key(now: datetime, zone: ZoneInfo) -> str:
    """This local morning: the date *and* the zone ("2026-11-25@Asia/Tokyo"),
    since after a move across the date line the same date comes round again."""
    return f"{local_day(now, zone).isoformat()}@{zone.key}"


def quiet_since(now: datetime, zone: ZoneInfo) -> datetime:
    """A briefing is due only if none was sent at or after this moment: the
    start of today in the person's current zone, or MIN_GAP ago if earlier."""
    start = datetime.combine(local_day(now, zone), time(0), tzinfo=zone)
    # (A midnight that DST skips reads as the moment of the jump: still the day's start.)
    return min(start.astimezone(UTC), _aware(now).astimezone(UTC) - MIN_GAP)


def briefing_due(now: datetime, zone: ZoneInfo | str, briefing_time: str) -> bool:
    """Has the local wall clock reached ``briefing_time`` ("HH:MM") today?

    Comparing wall-clock times is what makes DST harmless: on a spring-forward
    day 03:00 is already past a 02:30 that never happens; on a fall-back day
    the repeated hour is simply "still past", and the claim stops a second send.
    """
    if briefing_time == BRIEFING_OFF:
        return False
    hours, minutes = (int(part) for part in briefing_time.split(":"))
    return _aware(now).astimezone(usable_zone(zone)).time() >= time(hours, minutes)


def parse_moment(text: str | None) -> datetime:
    """``--at``: ISO-8601, UTC unless it carries an offset; None means now."""
    try:
        moment = datetime.now(UTC) if text is None else datetime.fromisoformat(text.strip())
    except ValueError:
        raise ValueError(
            f"--at {text!r} is not an ISO time such as 2026-03-05T08:00 "
            "(UTC unless it carries an offset)"
        ) from None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


# -- what to say ----------------------------------------------------------------


async def needing_attention(
    store: PlanStore, user_id: int, settings: BriefingSettings, now: datetime, zone: ZoneInfo
) -> list[Listed]:
    """The day's agenda (``agenda``: today's reminders, due and overdue steps),
    then waits that ended, then stuck by overrun, then stale by longest idle;
    each step once.  (Snoozes wake at the start of the person's local day, so
    "try again Thursday" is due in Thursday's briefing.)"""
    today = (await agenda.agenda_reads(store, [user_id], now)).get(user_id)
    attention: Attention = {
        "due": await store.due_steps(user_id, now),
        "stuck": await store.stuck_steps(user_id, settings.stuck_multiplier, now),
        "stale": await store.stale_steps(user_id, days=settings.stale_days, now=now),
    }
    return _ordered(agenda.sort_out(attention, today, zone, now))


def _ordered(found: Agenda) -> list[Listed]:
    """Each step once, as the first kind it has, in ``agenda.KINDS`` order; each
    list comes most urgent first."""
    ordered: dict[int, Listed] = {}
    add = ordered.setdefault
    for reminder in found.get("reminder", ()):
        add(reminder["step_id"], ("reminder", reminder))
    for dated in found.get("due_today", ()):
        add(dated["step_id"], ("due_today", dated))
    for dated in found.get("overdue", ()):
        add(dated["step_id"], ("overdue", dated))
    for wait in found.get("due", ()):
        add(wait["step_id"], ("due", wait))
    for wait in found.get("commitment", ()):
        add(wait["step_id"], ("commitment", wait))
    for stuck in found.get("stuck", ()):
        add(stuck["step_id"], ("stuck", stuck))
    for stale in found.get("stale", ()):
        add(stale["step_id"], ("stale", stale))
    return list(ordered.values())


def step_last_activity(item: Listed) -> str | None:
    """The step's last activity: the later of its status change, newest attempt,
    waiting date and (first pending step) the moment it became the first open
    step — the same rule as "stale", whose rows carry it whole as last_activity;
    each kind's row has some of them."""
    # As text: stored times compare as the moments.  This runs for every line of
    # every briefing.
    if item[0] == "stale":
        stale = item[1]
        return max(stale["last_attempt_at"] or "", stale["last_activity"]) or None
    if item[0] == "stuck":
        stuck = item[1]
        return max(stuck["status_since"], stuck["last_attempt_at"] or "") or None
    if item[0] == "due" or item[0] == "commitment":
        wait = item[1]
        return max(wait["last_attempt_at"] or "", wait["wait_until"]) or None
    if item[0] == "reminder":
        return item[1]["wait_until"] or None
    dated = item[1]
    return (
        max(dated["status_since"] or "", dated["last_attempt_at"] or "", dated["wait_until"] or "")
        or None
    )


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _days(n: int) -> str:
    return "1 day" if n == 1 else f"{n} days"


_TIMES: dict[float, str] = {
    1: "",
    2: "twice ",
    **{n: f"{w} times " for n, w in _WORDS.items() if n > 2},
}


def _times(multiplier: float) -> str:
    return _TIMES.get(multiplier, f"{multiplier:g} times ")  # 3.0 finds 3


@functools.cache  # a few dates, thousands of lines a morning
def _day_name(day: date) -> str:
    return f"{day:%a} {day.day} {day:%b}"


def _line(
    item: Listed,
    times: int,
    settings: BriefingSettings,
    now: datetime,
    zone: ZoneInfo,
    esc: Callable[[str], str],
    today: date,
) -> str:
    """One item as a person reads it ("Step 2 (…) has been pending for 8 days");
    ``times``: the mornings running it came up (from ESCALATE_AFTER on, the
    question); ``esc`` escapes the person's text; ``today`` is the person's
    calendar day.  The common kinds are tried first: this runs for every line of
    every briefing."""
    row: StepWithPlan = item[1]
    head = (
        f'"{esc(_cut(row["plan_title"], TITLE_CHARS))}" — Step {row["position"]} '
        f"({esc(_cut(row['title'], TITLE_CHARS))})"
    )
    if times >= ESCALATE_AFTER:
        return (
            f"{head} has come up {_WORDS.get(times, times)} mornings running. "
            "Re-plan, snooze or drop it?"
        )
    if item[0] == "stale":
        stale = item[1]
        if stale["status"] == "in_progress" and stale["last_attempt_at"]:
            ago = days_since(stale["last_attempt_at"], now)
            outcome = esc(_cut(stale["last_outcome"] or "", OUTCOME_CHARS))
            return f"{head} last attempted {_days(ago)} ago: {outcome}."
        idle = _days(days_since(stale["last_activity"], now))
        return f"{head} has been {stale['status'].replace('_', ' ')} for {idle}."
    if item[0] == "stuck":
        stuck = item[1]
        estimate = f"{stuck['estimated_days']:g}"
        return (
            f"{head} has been in progress for {_days(int(stuck['days_in_status']))}, "
            f"over {_times(settings.stuck_multiplier)}its {estimate}-day estimate "
            "— worth re-planning?"
        )
    if item[0] == "overdue":
        return f"{head} {agenda.overdue_words(item[1]['due_date'], today)}"
    if item[0] == "due_today":
        return f"{head} is due today."
    if item[0] == "reminder":
        return f"{head}: reminder at {parse(item[1]['wait_until']).astimezone(zone):%H:%M} today."
    wait = item[1]
    day = parse(wait["wait_until"]).astimezone(zone).date()
    if item[0] == "commitment":
        when = "today" if day == today else f"on {_day_name(day)}"
        return f"{head}: you said you'd do it {when}."
    # "due": a wait that ended
    when = f"today ({_day_name(day)})" if day == today else _day_name(day)
    note = wait["status_note"] if wait["status"] == "blocked" else None
    return f"{head} was {'blocked' if note is not None else 'waiting'} until {when}" + (
        f" — {esc(_cut(note, OUTCOME_CHARS))}." if note else "."
    )


async def build_briefing(
    store,
    log: BriefingLog,
    users: UserSettings,
    settings: BriefingSettings,
    user_id: int,
    now: datetime,
    *,
    record: bool,
) -> Briefing | None:
    """The briefing ``user_id`` would get at ``now``, or None: nothing to say.

    ``record=True`` counts the surfacings (call it only for a briefing that is
    being sent); ``record=False`` is a preview and changes nothing.
    """
    zone = usable_zone(await users.zone(user_id))
    found, muted = _unmuted(
        await needing_attention(store, user_id, settings, now, zone),
        await Quiet(store.db).muted(user_id),
    )
    if not found:
        return None  # nothing, or only muted plans: no message at all
    today = morning_key(now, zone)  # a retried send the same morning counts once
    count = log.record_surfaced if record else log.preview_surfaced
    times = await count(user_id, _surfaced(found), today)
    return _compose(user_id, zone, found, times, settings, now, muted)


def _unmuted(found: list[Listed], muted: set[int]) -> tuple[list[Listed], int]:
    """The items of plans not muted, and how many muted plans had items
    (/mute N: the briefing says "1 muted plan" instead of its lines)."""
    return (
        [item for item in found if item[1]["plan_id"] not in muted],
        len({row["plan_id"] for _, row in found if row["plan_id"] in muted}),
    )


async def build_briefings(
    store,
    log: BriefingLog,
    users: UserSettings,
    settings: BriefingSettings,
    user_ids: Iterable[int],
    now: datetime,
) -> dict[int, Briefing]:
    """Previews for many people from eight statements in all, whatever their
    number; the same briefings ``build_briefing(record=False)`` gives one by one.
    The plan reads are for these people only: the every-minute job asks for
    the few whose morning it is, and a quiet minute must not scan everyone."""
    user_ids = list(dict.fromkeys(user_ids))
    mutes = await Quiet(store.db).muted_everyone()
    prefs = await users.get_many(user_ids)
    attention = await store.attention_for(
        user_ids, settings.stale_days, settings.stuck_multiplier, now
    )
    the_day = await agenda.agenda_reads(store, user_ids, now)
    moment = iso(now)
    stored = await log.surfacings_of(user_ids)
    briefings = {}
    with collector_paused():
        for user_id in user_ids:
            if user_id not in attention and user_id not in the_day:
                continue
            zone = usable_zone(prefs[user_id]["timezone"], settings.default_timezone)
            found, muted = _unmuted(
                _ordered(
                    agenda.sort_out(attention.get(user_id), the_day.get(user_id), zone, now, moment)
                ),
                mutes.get(user_id, set()),
            )
            if not found:
                continue
            today = morning_key(now, zone)
            times = {
                step_id: next_times(stored.get(step_id), activity, today)
                for step_id, activity in _surfaced(found)
            }
            briefings[user_id] = _compose(user_id, zone, found, times, settings, now, muted)
    return briefings


@contextmanager
def collector_paused() -> Iterator[None]:
    """Pause CPython's cyclic garbage collector around a synchronous loop.

    Building thousands of briefings makes hundreds of thousands of small
    objects (items, buttons) that all live on and hold no cycles; each full
    collection they trigger walks every object in the process again, for
    nothing: a third of the build at 10,000 people
    (docs/PERFORMANCE.md).  No await inside, so nothing else runs meanwhile;
    a collector someone else turned off stays off.
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _surfaced(found: list[Listed]) -> list[tuple[int, str | None]]:
    """The steps shown that count towards "mornings running": not the day's news."""
    return [
        (item[1]["step_id"], step_last_activity(item))
        for item in found[:MAX_ITEMS]
        if item[0] in agenda.RECURRING
    ]


_SPECIAL = re.compile("[&<>\"']")  # what html.escape changes


def _needs_escape(row: StepWithPlan) -> bool:
    """Whether any of the person's text a line shows (what _line escapes: plan and
    step titles, a status note, the last outcome) has a character HTML escapes."""
    # One search over the joined texts: this runs for every line of every briefing.
    # (A status note and a last outcome are in the rows of the kinds that show them.)
    get = row.get
    return (
        _SPECIAL.search(
            f"{row['plan_title']}\0{row['title']}\0{get('status_note') or ''}"
            f"\0{get('last_outcome') or ''}"
        )
        is not None
    )


def _compose(
    user_id: int,
    zone: ZoneInfo,
    found: list[Listed],
    times: dict[int, int],
    settings: BriefingSettings,
    now: datetime,
    muted: int = 0,
) -> Briefing:
    shown, hidden = found[:MAX_ITEMS], len(found) - MAX_ITEMS
    items, html_lines, rows = [], [f"<b>{HEADER}</b>"], []
    today = local_day(now, zone)
    for n, item in enumerate(shown, start=1):
        row: StepWithPlan = item[1]
        seen = times.get(row["step_id"], 0) if item[0] in _RECURRING else 0
        kind = "escalation" if seen >= ESCALATE_AFTER else item[0]
        plain = f"{n}. " + _line(item, seen, settings, now, zone, str, today)
        # Most titles and outcomes have nothing to escape: then the HTML line
        # is the plain one, and composing it twice is half the build's time.
        html_lines.append(
            f"{n}. " + _line(item, seen, settings, now, zone, html.escape, today)
            if _needs_escape(row)
            else plain
        )
        items.append(
            Item(
                kind,
                row["plan_id"],
                row["plan_title"],
                row["step_id"],
                row["position"],
                row["title"],
                plain,
                seen,
            )
        )
        # Tagged with the item number: one message has buttons for several steps.
        # Made for the step's status now: a press after it changed only shows it.
        rows.append(
            (escalation_buttons if kind == "escalation" else step_buttons)(
                row["step_id"], row["status"], tag=str(n)
            )
        )
    more = [f"…and {hidden} more: /plans shows everything."] if hidden > 0 else []
    if muted:
        more.append(
            f"🔇 {muted} muted plan{'s' if muted > 1 else ''} (/unmute N to hear "
            f"about {'them' if muted > 1 else 'it'} again)."
        )
    return Briefing(
        user_id,
        today,
        "\n".join(html_lines + more),
        "\n".join([HEADER] + [i.line for i in items] + more),
        tuple(rows),
        items,
        zone.key,
    )


# -- who, when, and sending -------------------------------------------------------


async def due_people(
    store_or_db,
    users: UserSettings,
    log: BriefingLog,
    settings: BriefingSettings,
    user_ids: Iterable[int],
    now: datetime,
) -> list[int]:
    """People whose local briefing time has come today, not briefed since
    :func:`quiet_since` and not blocked.  ``store_or_db`` is accepted for the
    caller's convenience; settings and the log carry the database themselves."""
    _aware(now)
    since: dict[int, str] = {}
    # Everyone's settings in one read: this runs every minute for everyone.
    people = list(dict.fromkeys(user_ids))
    settings_of = await users.get_many(people)
    for user_id in people:
        prefs = settings_of[user_id]
        zone = usable_zone(prefs["timezone"], settings.default_timezone)
        if briefing_due(now, zone, prefs["briefing_time"]):
            since[user_id] = iso(quiet_since(now, zone))
    settled = await log.settled(since)
    return [user_id for user_id in since if user_id not in settled]


async def send_briefing(
    send: Send,
    store,
    log: BriefingLog,
    users: UserSettings,
    settings: BriefingSettings,
    user_id: int,
    now: datetime,
    *,
    preview: Briefing | None | Any = ...,
) -> tuple[str, Briefing | None]:
    """Claim the day, then send.  Returns ("sent" | "skipped" | "blocked" |
    "failed" | "unknown" (sent, no answer: the day stays claimed), the briefing).  Nothing to say also claims the day: the next
    morning is the next chance, and the every-minute job stops looking."""
    if preview is ...:  # not built yet by the caller (build_briefings)
        preview = await build_briefing(store, log, users, settings, user_id, now, record=False)
    zone = usable_zone(await users.zone(user_id))
    day = morning_key(now, zone)
    if (
        not await log.claim(
            user_id,
            day,
            len(preview.items) if preview else 0,
            since=iso(quiet_since(now, zone)),
            at=iso(now),
        )
        or preview is None
    ):
        return "skipped", preview
    try:
        briefing = await build_briefing(store, log, users, settings, user_id, now, record=True)
        if briefing is None:  # changed between the preview and the claim
            return "skipped", None
        await send(briefing.message)
    # Logged: the id and what happened, never the text (it is the person's plans).
    except RecipientGone:  # blocked by the person: keep the claim, skip them from now on
        logger.info("briefing for user %s: bot blocked", user_id)
        await log.mark_blocked(user_id)
        return "blocked", preview
    except Rejected as error:  # would fail the same way every minute: no retry today
        logger.warning("briefing for user %s rejected: %s", user_id, error)
        return "failed", preview
    except DeliveryUnknown as error:  # written, no answer: it may have arrived; keep the day
        logger.warning(
            "briefing for user %s sent with no answer (%s): it may have arrived; not resent",
            user_id,
            error,
        )
        return "unknown", preview
    except BaseException as error:  # network trouble, or a bug: a later run retries the day
        logger.warning("briefing for user %s not sent: %s", user_id, type(error).__name__)
        await log.release(user_id, day)
        if not isinstance(error, DeliveryFailed):
            raise
        return "failed", preview
    return "sent", briefing


async def send_briefings(
    send: Send,
    store,
    log: BriefingLog,
    users: UserSettings,
    settings: BriefingSettings,
    user_ids: Iterable[int],
    now: datetime,
    *,
    pause: float = 1 / 30,
) -> dict[str, int]:
    """Brief everyone in ``user_ids`` whose time has come; one failure never
    stops the rest.  ``pause`` between sends keeps under Telegram's ~30 msg/s."""
    counts = dict.fromkeys(("sent", "skipped", "blocked", "failed"), 0)  # + "unknown" if any
    due = await due_people(store, users, log, settings, user_ids, now)
    # One read for everyone due (at 08:00 that can be thousands), then one
    # message each; people with nothing to say cost no further query.
    previews = await build_briefings(store, log, users, settings, due, now) if due else {}
    for user_id in due:
        try:
            outcome, _ = await send_briefing(
                send, store, log, users, settings, user_id, now, preview=previews.get(user_id)
            )
        except Exception as error:
            logger.error("briefing for user %s failed", user_id, exc_info=error)
            outcome = "failed"
        counts[outcome] = counts.get(outcome, 0) + 1
        if outcome != "skipped":
            await asyncio.sleep(pause)
    return counts
