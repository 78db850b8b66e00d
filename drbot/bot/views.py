"""Plan views in a chat: the plan with its marks, and buttons that act on it.

One live view per plan per chat: when a newer view of a plan is sent, the
older one's buttons are removed, so no button acting on an outdated state is
left to press.  A long plan is several messages (buttons on the last); a
press re-renders the plan into the same messages, part for part, so every
step stays visible and the counts line stays true; when the number of parts
changed, the view is sent again whole and the old one loses its buttons.
"""

from __future__ import annotations

from telegram import Bot, InlineKeyboardMarkup, Message, Update

from drbot.ai import Reply
from drbot.bot import buttons, delivery, groups, render
from drbot.bot.incoming import sender
from drbot.bot.services import Services
from drbot.memory import NotFound
from drbot.memory.owners import plan_owner


async def send_plan(update: Update, svc: Services, plan_id: int, prefix: str = "") -> None:
    """The acting person's plan, whole, with buttons for its open steps."""
    user, chat = sender(update)
    await show_plan(update.get_bot(), svc, chat.id, user.id, plan_id, prefix)


async def show_plan(
    bot: Bot, svc: Services, chat_id: int, user_id: int, plan_id: int, prefix: str = ""
) -> list[int]:
    """Send the plan's view (the ids of its messages); it becomes the live one, the
    previous loses its buttons."""
    plan = await svc.store.get_plan(plan_owner(user_id, chat_id), plan_id)
    html, markup = render.plan_view(plan, await svc.zone(user_id))
    sent = await delivery.send(bot, chat_id, prefix + html, markup)
    await make_live(bot, svc, chat_id, user_id, plan_id, sent)
    return sent


async def refresh_after_press(
    bot: Bot,
    svc: Services,
    chat_id: int,
    user_id: int,
    plan_id: int,
    pressed: Message,
    prefix: str = "",
) -> None:
    """Show the plan's new state where the press happened (``prefix``: HTML above
    it, such as who pressed, in a group)."""
    owner = plan_owner(user_id, chat_id)
    plan = await svc.store.get_plan(owner, plan_id)
    html, markup = render.plan_view(plan, await svc.zone(user_id))
    html = prefix + html
    pieces = render.split(html)
    live = await svc.views.live(chat_id, owner, plan_id)
    parts = live if pressed.message_id in live else [pressed.message_id]
    if len(parts) == len(pieces):
        await delivery.edit_parts(bot, chat_id, parts, pieces, markup)
        if parts != live:  # a view from before views were recorded: it is the live one now
            await make_live(bot, svc, chat_id, user_id, plan_id, [pressed.message_id])
        return
    # The plan now takes more (or fewer) messages than the view it was pressed on.
    await show_plan(bot, svc, chat_id, user_id, plan_id, prefix)
    await delivery.remove_buttons(bot, chat_id, [pressed.message_id])


async def deliver_reply(
    bot: Bot,
    svc: Services,
    chat_id: int,
    user_id: int,
    reply: Reply,
    *,
    reply_to: int | None = None,
    placeholder: Message | None = None,
    by: str | None = None,
) -> None:
    """An answer to a message.  One that changed a plan carries the plan's
    compact view and buttons, and becomes the plan's live view; a question
    carries its options; anything else is plain text.  ``placeholder``
    ("Working on it…") is edited into the answer instead of a new message.
    ``by``: in a group, who asked; a change then says so ("✓ 2. Book the venue — Anna")."""
    change = await change_block(svc, plan_owner(user_id, chat_id), reply)
    if change is None:
        text, markup = question_shown(reply)
        if placeholder is not None:
            await delivery.replace(bot, placeholder, text, markup)
        else:
            await delivery.send_plain(bot, chat_id, text, markup, reply_to=reply_to)
        return
    plan_id, view, markup = change
    html = f"{render.escape(groups.attributed(reply.text, by))}\n\n{view}"
    html, markup, live = with_question(reply, html, markup)
    if placeholder is not None:
        replaced = await delivery.replace(bot, placeholder, html, markup, html=True)
        sent = [message.message_id for message in replaced]
    else:
        sent = await delivery.send(bot, chat_id, html, markup, reply_to=reply_to)
    if live:  # buttons: the newest view of the plan
        await make_live(bot, svc, chat_id, user_id, plan_id, sent)


def with_question(
    reply: Reply, html: str, markup: InlineKeyboardMarkup | None
) -> tuple[str, InlineKeyboardMarkup | None, bool]:
    """A change's message, and when the change ends in a question (its plan's
    last open step was closed: Complete / Keep open, ``ai.tools.finishing``) that
    question below the view with its buttons instead of the view's; whether the
    message is the plan's live view (it is not when it carries the question: a
    later view of the plan must not take its buttons away)."""
    if reply.question is None or reply.question_token is None:
        return html, markup, markup is not None
    return (f"{html}\n\n{render.escape(reply.question.text)}", question_shown(reply)[1], False)


async def offer_to_close(bot: Bot, svc: Services, chat_id: int, user_id: int, plan_id: int) -> None:
    """After a Done / Skip press: when it closed the plan's last open step, ask
    Complete / Keep open (a message of its own under the pressed one)."""
    reply = await svc.assistant.offer_to_close(chat_id, user_id, plan_id)
    if reply is not None:
        await deliver_reply(bot, svc, chat_id, user_id, reply)


async def change_block(
    svc: Services, owner: int, reply: Reply
) -> tuple[int, str, InlineKeyboardMarkup | None] | None:
    """(plan id, compact view HTML, buttons) for a reply that changed a plan;
    None when nothing changed or a question is open.  The plan shown is the
    chat's current one if it changed, else the last one changed.  ``owner``:
    whose plans the chat reaches (``groups.owner``)."""
    if not reply.changed or (reply.question is not None and not reply.question.exhaustive):
        return None  # a clarifying question: nothing was written
    plan_id = reply.plan_id if reply.plan_id in reply.changed else list(reply.changed)[-1]
    try:
        plan = reply.plans.get(plan_id) or await svc.store.get_plan(owner, plan_id)
    except NotFound:  # gone meanwhile (a /forget elsewhere): the words still stand
        return None
    view, markup = render.change_view(plan, reply.changed[plan_id], reply.text)
    return plan_id, view, markup


async def make_live(
    bot: Bot, svc: Services, chat_id: int, user_id: int, plan_id: int, sent: list[int]
) -> None:
    """Messages just sent (or edited) showing a plan (their ids) are its live view now; the
    previous view's buttons go — unless more updates are waiting. Removing them is
    housekeeping: every press is checked against the status its button was made for, so
    an older view's buttons can never act on a changed step, and under load Telegram's
    ~30 calls/s are kept for answers."""
    older = await svc.views.replace(chat_id, plan_owner(user_id, chat_id), plan_id, sent)
    if older and not svc.backlog():
        await delivery.remove_buttons(bot, chat_id, older)


def question_shown(reply: Reply) -> tuple[str, InlineKeyboardMarkup | None]:
    """The reply's text (with the question, unless it already says it) and,
    when it asks, one button per option plus "Neither"."""
    question, token = reply.question, reply.question_token
    if question is None or token is None:
        return reply.text, None
    text = (
        reply.text
        if question.text.strip() in reply.text
        else (f"{reply.text}\n\n{question.text}".strip())
    )
    labels = [o.label for o in question.options]
    if question.exhaustive:  # Complete · Keep open: every answer is an option, side by side
        return text, buttons.keyboard(
            [[(label, buttons.encode_answer(token, n)) for n, label in enumerate(labels, 1)]]
        )
    # A Yes / No question (an offer, a proposal) gets "No"; "Neither" is for two or more.
    no = buttons.NO if question.declines or len(question.options) == 1 else buttons.NEITHER
    return text, buttons.keyboard(buttons.answer_rows(token, labels, neither=no))
