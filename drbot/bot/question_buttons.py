"""Clarifying questions on Telegram: buttons under the question, and the press.

When a message has two close readings the assistant writes nothing and asks
(``drbot.ai.tools.clarifying_question``).  Each option is a button; a press runs that option's
tool calls once, through the assistant, for the person who pressed — the
question is looked up for (chat, presser), so anyone else's press, a press on
an older question or a second press finds nothing and changes nothing.
"""

from __future__ import annotations

from telegram import Message, Update
from telegram.ext import ContextTypes

from drbot.ai import Reply
from drbot.ai.tools.question_answers import EXPIRED
from drbot.bot import buttons, delivery, groups, render, views
from drbot.bot.incoming import press as incoming_press
from drbot.bot.services import services
from drbot.memory.owners import plan_owner


async def on_answer(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A press on a question's buttons: run that option once, show what happened."""
    (user, chat, query, message), svc = incoming_press(update), services(context)
    chat_id, user_id = chat.id, user.id
    press = buttons.decode_answer(query.data)
    if press is None:
        await delivery.answer_press(query, "That button is no longer valid.", alert=True)
        return
    # Option 0 is "Neither" (an offer's "No", which the assistant remembers).
    reply = await svc.assistant.answer_question(
        chat_id, user_id, press.option, token=press.token, origin=f"telegram:{chat_id}:button"
    )
    result = None if reply.outcome == "expired" else reply.text
    if result is None:
        await delivery.answer_press(query, EXPIRED, alert=True)
        return
    label = _label(message, query.data)
    await delivery.answer_press(query, f"→ {label}"[:190] if label else None)
    await _show_choice(update, context, label, reply)


async def _show_choice(
    update: Update, context: ContextTypes.DEFAULT_TYPE, label: str | None, reply: Reply
) -> None:
    """The question message, now saying what was chosen and what came of it
    (with the changed plan's compact view and buttons, when it changed one); a
    message too old to edit gets the result as a new one."""
    user, chat, _query, message = incoming_press(update)
    svc, chat_id, user_id = services(context), chat.id, user.id
    if message is None or not message.text or label is None:
        await views.deliver_reply(
            context.bot, svc, chat_id, user_id, reply, by=groups.actor(update)
        )
        return
    change = await views.change_block(svc, plan_owner(user_id, chat_id), reply)
    html = (
        f"{render.escape(message.text)}\n\n<b>→ {render.escape(label)}</b>\n"
        f"{render.escape(groups.attributed(reply.text, groups.actor(update) if change else None))}"
    )
    markup, live = None, False
    if change is not None:
        # with the Complete / Keep open question when the choice finished its plan
        html, markup, live = views.with_question(reply, f"{html}\n\n{change[1]}", change[2])
    pieces = render.split(html)
    await delivery.edit(message, pieces[0], markup if len(pieces) == 1 else None)
    sent = [message.message_id]
    if len(pieces) > 1:
        sent = await delivery.send(context.bot, chat_id, "\n".join(pieces[1:]), markup)
    if live and change is not None:  # buttons: the newest view of the plan
        await views.make_live(context.bot, svc, chat_id, user_id, change[0], sent)


def _label(message: Message | None, data: object) -> str | None:
    """The text of the pressed button, as the person saw it."""
    markup = getattr(message, "reply_markup", None)
    for row in markup.inline_keyboard if markup else ():
        for button in row:
            if button.callback_data == data:
                return button.text
    return None
