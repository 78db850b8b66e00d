"""``/plans all`` on Telegram: finished plans too, each with a Reopen button.

Numbered as ``drbot.ai.tools.all_plans`` numbers them (the active plans as
/plans does, then the closed ones, most recently closed first), so "reopen
plan N" typed in the chat means the plan shown as N here.  A Reopen button
carries ``reopen:<plan_id>``: it names no user, and the press is checked
against the presser (another person's plan reads as one that does not exist).
"""

from __future__ import annotations

import re
from datetime import datetime

from telegram import Update
from telegram.ext import ContextTypes

from drbot.ai.tools.all_plans import ordered
from drbot.bot import buttons, delivery, groups, render, views
from drbot.bot.incoming import press as incoming_press
from drbot.bot.incoming import sender
from drbot.bot.services import services
from drbot.memory import NotFound
from drbot.memory.records import PlanStatus, PlanSummary
from drbot.readable_times import ago, plural

PREFIX = "reopen"
MAX_BUTTONS = 20  # the most recently closed plans get one
_PRESS = re.compile(rf"{PREFIX}:([0-9]{{1,18}})")
NOT_YOURS = "That plan is not yours, or it no longer exists. Nothing changed."


def all_plans_list(summaries: list[PlanSummary], now: datetime):
    """(HTML, buttons) for ``/plans all``: every plan, a Reopen button per closed one."""
    plans = ordered(summaries)
    if not plans:
        return "📋 No plans yet. Tell me about one — e.g. “Make a plan to fix the fence”.", None
    lines = [f"📋 All plans ({len(plans)}):"]
    rows: list[tuple[str, str]] = []
    for number, plan in enumerate(plans, start=1):
        counts = plan["counts"]
        extra = "".join(f", {counts[k]} {k}" for k in ("blocked", "skipped") if counts[k])
        status = "" if plan["status"] == PlanStatus.ACTIVE else f" — {plan['status']}"
        lines += [
            "",
            f"{number}. <b>{render.escape(plan['title'])}</b>{status} "
            f"[{plural(plan['total'], 'step')} — {counts['done']} done, {counts['in_progress']} "
            f"in progress, {counts['pending']} pending{extra}]",
            f"   Last activity: {ago(plan['last_activity'], now)}",
        ]
        if plan["status"] != PlanStatus.ACTIVE and len(rows) < MAX_BUTTONS:
            rows.append((f"↺ Reopen {number}", f"{PREFIX}:{plan['id']}"))
    lines += [
        "",
        "Open an active one with /plan N"
        + ("; Reopen brings a finished one back." if rows else "."),
    ]
    # two buttons a row: "↺ Reopen 12" is short
    return "\n".join(lines), buttons.keyboard([rows[i : i + 2] for i in range(0, len(rows), 2)])


async def send_all(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """``/plans all``."""
    svc = services(context)
    summaries = await svc.store.list_plans(groups.owner(update), "all")
    await delivery.send(context.bot, sender(update)[1].id, *all_plans_list(summaries, svc.clock()))


async def on_reopen(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A Reopen press: the plan is active again (a revision, so /undo takes it
    back), becomes the chat's current plan, and is shown with its buttons; the
    list is redrawn, since its numbers moved."""
    (user, chat, query, message), svc = incoming_press(update), services(context)
    chat_id, user_id = chat.id, user.id
    owner = groups.owner(update)
    press = _PRESS.fullmatch(query.data or "")
    if press is None:
        await delivery.answer_press(query, "That button is no longer valid.", alert=True)
        return
    plan_id = int(press[1])
    try:
        plan = await svc.store.get_plan(owner, plan_id)
        if plan["status"] != PlanStatus.ACTIVE:
            await svc.store.update_plan_status(
                owner, plan_id, "active", origin=f"telegram:{chat_id}:button"
            )
    except NotFound:
        await delivery.answer_press(query, NOT_YOURS, alert=True)
        return
    was = plan["status"]
    await svc.conversations.set_current_plan(chat_id, user_id, plan_id)
    await delivery.answer_press(
        query,
        (
            f"“{plan['title']}” is already active."
            if was == PlanStatus.ACTIVE
            else f"Reopened “{plan['title']}”."
        )[:190],
    )
    if message is not None:
        summaries = await svc.store.list_plans(owner, "all")
        await delivery.edit(message, *all_plans_list(summaries, svc.clock()))
    if was != PlanStatus.ACTIVE:
        await views.show_plan(
            context.bot, svc, chat_id, user_id, plan_id, f"↺ Reopened (it was {was}).\n\n"
        )
