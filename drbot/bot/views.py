"""Plan views sent to a chat: the plan with its marks and its buttons."""

from __future__ import annotations

from telegram import Update

from drbot.bot import delivery, render
from drbot.bot.services import Services


async def send_plan(update: Update, svc: Services, plan_id: int, prefix: str = "") -> None:
    """The acting person's plan, whole, with buttons for its open steps."""
    plan = await svc.store.get_plan(update.effective_user.id, plan_id)
    html, markup = render.plan_view(plan, await svc.zone(update.effective_user.id))
    await delivery.send(update.get_bot(), update.effective_chat.id, prefix + html, markup)
