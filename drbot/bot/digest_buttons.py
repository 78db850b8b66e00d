"""The answers to the weekly digest's question (/review and /weekly themselves
are text on both sides: ``drbot.person_settings``, wired by ``drbot.commands``).

A press on the digest's Keep · Snooze 14d · Drop
(``wk:<answer>:<status code>:<plan_id>``) is checked against the presser's own
plans, and against the plan's status when the digest was made (a plan finished
or dropped since is left as it is, and the digest says so).  Another person's
plan, or one that does not exist, reads as NotFound and nothing changes.  Snooze and drop
are plan changes; the plan becomes the chat's current plan, so /undo takes
them back.  Keep changes nothing.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from telegram import Update
from telegram.ext import ContextTypes

from drbot.bot import buttons, delivery, groups, render
from drbot.bot.incoming import press as incoming_press
from drbot.bot.services import Services, services
from drbot.digest_actions import SNOOZE_DAYS, decode
from drbot.memory import NotFound
from drbot.memory.digest_answers import PlanKeeps
from drbot.memory.owners import plan_owner
from drbot.memory.records import Plan, PlanStatus

TITLE_CHARS = 60


def _cut(text: str) -> str:
    return text if len(text) <= TITLE_CHARS else text[: TITLE_CHARS - 1].rstrip() + "…"


async def on_answer(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Keep · Snooze 14d · Drop on the weekly digest, for the presser's own plan,
    as long as the plan's status is still the one the digest was made for."""
    (user, chat, query, message), svc = incoming_press(update), services(context)
    user_id, press = user.id, decode(query.data)
    if press is None:
        await delivery.answer_press(query, "That button is no longer valid.", alert=True)
        return
    try:
        plan = await svc.store.get_plan(
            groups.owner(update), press.plan_id
        )  # NotFound unless theirs
        if plan["status"] != press.made_for:
            # Finished or dropped since the digest: nothing to keep, snooze or drop.
            done = f"“{_cut(plan['title'])}” is {plan['status']} now — nothing changed."
        else:
            done = await _apply(svc, chat.id, user_id, press.answer, plan)
    except NotFound:
        await delivery.answer_press(
            query, "That plan is not yours, or it no longer exists. Nothing changed.", alert=True
        )
        return
    except ValueError as error:
        await delivery.answer_press(query, str(error)[:190], alert=True)
        return
    await delivery.answer_press(query, done[:190])
    if message is not None:  # the digest stays; that plan's buttons go, the answer shows
        rows = [
            [b for b in row if getattr(decode(b.callback_data), "plan_id", None) != press.plan_id]
            for row in (message.reply_markup.inline_keyboard if message.reply_markup else ())
        ]
        line = f"✓ {render.escape(done)}"
        html = (
            message.text_html
            if message.text_html.endswith(line)
            else f"{message.text_html}\n\n{line}"
        )
        await delivery.edit(message, html, buttons.keyboard([row for row in rows if row]))


async def _apply(svc: Services, chat_id: int, user_id: int, answer: str, plan: Plan) -> str:
    plan_id = plan["id"]
    title, origin = _cut(plan["title"]), f"telegram:{chat_id}:button"
    if answer == "keep":
        await PlanKeeps(svc.store.db, clock=svc.clock).keep(plan_owner(user_id, chat_id), plan_id)
        return f"Kept “{title}”: I won't ask about it again for {SNOOZE_DAYS} days."
    if answer == "snz":
        zone = ZoneInfo(await svc.zone(user_id))
        wake = datetime.combine(
            svc.clock().astimezone(zone).date() + timedelta(days=SNOOZE_DAYS), time(0), zone
        )
        await PlanKeeps(svc.store.db, clock=svc.clock).snooze_plan(
            plan_owner(user_id, chat_id), plan_id, wake, origin=origin
        )
        said = f"Snoozed “{title}” until {wake:%a} {wake.day} {wake:%b}"
    else:
        if plan["status"] != PlanStatus.ACTIVE:
            raise ValueError("That plan is no longer active; nothing changed.")
        await svc.store.update_plan_status(
            plan_owner(user_id, chat_id), plan_id, "abandoned", origin=origin
        )
        said = f"Dropped “{title}”"
    await svc.conversations.set_current_plan(chat_id, user_id, plan_id)
    return f"{said}. /undo takes it back."
