"""Plan views in a chat: the plan with its marks, and buttons that act on it.

One live view per plan per chat: when a newer view of a plan is sent, the
older one's buttons are removed, so no button acting on an outdated state is
left to press.  A long plan is several messages (buttons on the last); a
press re-renders the plan into the same messages, part for part, so every
step stays visible and the counts line stays true; when the number of parts
changed, the view is sent again whole and the old one loses its buttons.
"""

from __future__ import annotations

from telegram import Bot, Message, Update

from drbot.bot import delivery, render
from drbot.bot.services import Services


async def send_plan(update: Update, svc: Services, plan_id: int, prefix: str = "") -> None:
    """The acting person's plan, whole, with buttons for its open steps."""
    await show_plan(update.get_bot(), svc, update.effective_chat.id, update.effective_user.id,
                    plan_id, prefix)


async def show_plan(bot: Bot, svc: Services, chat_id: int, user_id: int, plan_id: int,
                    prefix: str = "") -> list[Message]:
    """Send the plan's view; it becomes the live one, the previous loses its buttons."""
    plan = await svc.store.get_plan(user_id, plan_id)
    html, markup = render.plan_view(plan, await svc.zone(user_id))
    sent = await delivery.send(bot, chat_id, prefix + html, markup)
    older = await svc.views.replace(chat_id, user_id, plan_id, [m.message_id for m in sent])
    await delivery.remove_buttons(bot, chat_id, older)
    return sent


async def refresh_after_press(bot: Bot, svc: Services, chat_id: int, user_id: int,
                              plan_id: int, pressed: Message) -> None:
    """Show the plan's new state where the press happened."""
    plan = await svc.store.get_plan(user_id, plan_id)
    html, markup = render.plan_view(plan, await svc.zone(user_id))
    pieces = render.split(html)
    live = await svc.views.live(chat_id, user_id, plan_id)
    parts = live if pressed.message_id in live else [pressed.message_id]
    if len(parts) == len(pieces):
        await delivery.edit_parts(bot, chat_id, parts, pieces, markup)
        if parts != live:  # a view from before views were recorded: it is the live one now
            older = await svc.views.replace(chat_id, user_id, plan_id, parts)
            await delivery.remove_buttons(bot, chat_id, older)
        return
    # The plan now takes more (or fewer) messages than the view it was pressed on.
    await show_plan(bot, svc, chat_id, user_id, plan_id)
    await delivery.remove_buttons(bot, chat_id, [pressed.message_id])
