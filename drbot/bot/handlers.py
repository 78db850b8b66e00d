"""Telegram handlers: text, commands and button presses.

Handlers are thin: they find who is acting (``update.effective_user.id`` —
never anything the model says) and whose plans that reaches in this chat
(``groups.owner``: the group's in a group), call the assistant or the plan memory, and
hand the answer to ``delivery``.  Commands and buttons never call the model.
The access gate and the duplicate filter run before all of them (``app``).
"""

from __future__ import annotations

import contextlib
import logging
from datetime import datetime, timedelta
from datetime import time as dtime
from zoneinfo import ZoneInfo

from telegram import ForceReply, Message, Update
from telegram.error import NetworkError
from telegram.ext import ApplicationHandlerStop, ContextTypes

from drbot import commands, person_settings
from drbot.bot import (
    all_plans,
    attempt_notes,
    buttons,
    delivery,
    groups,
    long_turns,
    onboarding,
    outbox,
    render,
    snooze_menu,
    views,
)
from drbot.bot.incoming import incoming, sender
from drbot.bot.incoming import press as incoming_press
from drbot.bot.services import Services, services
from drbot.export import plan_markdown
from drbot.marks import step_line
from drbot.memory import CANNOT_SAVE, NotFound, cannot_write
from drbot.memory.database import already_claimed
from drbot.memory.owners import plan_owner
from drbot.memory.records import StepInPlan
from drbot.outgoing import BRIEFING_HEADER, REMINDER_HEADER
from drbot.readable_times import plural
from drbot.typed_numbers import ascii_int

log = logging.getLogger(__name__)

NOT_TEXT = (
    "I can only read text: send your plans and updates as a message "
    "(a photo or file with a caption works too)."
)


# -- text --------------------------------------------------------------------


async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A message in plain words (or a photo's caption): to the assistant, or the
    note a Log attempt press is waiting for."""
    async with groups.first_time(update, context) as first:
        if first:  # a new message, or an edit not yet acted on
            await _answer_text(update, context)


async def _answer_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    svc = services(context)
    user, chat, message = incoming(update)
    text = groups.text_for_us(message, context.bot.username, context.bot.id)
    origin = f"telegram:{chat.id}:{message.message_id}"
    awaited = attempt_notes.take(context, user.id, svc.clock())  # the wait ends either way
    if awaited is not None and not attempt_notes.moved_on(text):
        await _log_awaited_attempt(update, svc, awaited.step_id, text, origin)
        return
    if await onboarding.typed_place(update, context, text):
        return
    if svc.assistant.will_call_model(text):  # may take a while: placeholder, /cancel
        await long_turns.answer(
            update, context, svc.assistant.handle(chat.id, user.id, text, origin=origin)
        )
        return
    # marks and offline rules answer at once: "typing…" would only cost a request
    reply = await svc.assistant.handle(chat.id, user.id, text, origin=origin)
    await views.deliver_reply(
        context.bot,
        svc,
        chat.id,
        user.id,
        reply,
        reply_to=groups.reply_to(update),
        by=groups.actor(update),
    )


async def on_edited_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command edited after it ran: running it again could undo twice."""
    await incoming(update).message.reply_text(groups.EDIT_NOT_APPLIED, do_quote=True)


async def _log_awaited_attempt(
    update: Update, svc: Services, step_id: int, text: str, origin: str
) -> None:
    user, chat = sender(update)
    try:
        result = await svc.store.update_step(
            groups.owner(update), step_id, attempt_outcome=text, origin=origin
        )
    except (ValueError, NotFound) as error:
        await chat.send_message(str(error))
        return
    await svc.conversations.set_current_plan(
        chat.id, user.id, result["plan_id"], last_step_id=step_id
    )
    said = groups.attributed(f"Logged on step {result['position']}: {text}", groups.actor(update))
    await views.send_plan(update, svc, result["plan_id"], f"{render.escape(said)}\n\n")


# -- commands ----------------------------------------------------------------


async def cmd_plans(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The active plans, numbered for /plan N; ``/plans all``: finished ones too."""
    if context.args and context.args[0].lower() == "all":
        await all_plans.send_all(update, context)
        return
    svc = services(context)
    summaries = await svc.store.list_plans(groups.owner(update))
    await delivery.send(
        context.bot, sender(update)[1].id, render.plans_list(summaries, svc.clock())
    )


async def cmd_plan(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """One plan with marks, attempts and buttons: /plan N (N from /plans)."""
    svc = services(context)
    plan_id = await _plan_from_args(update, context, svc)
    if plan_id is not None:
        user, chat = sender(update)
        await svc.conversations.set_current_plan(chat.id, user.id, plan_id)
        await views.send_plan(update, svc, plan_id)


async def cmd_undo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Take back the latest change to the current plan."""
    svc, (user, chat) = services(context), sender(update)
    plan_id = await svc.conversations.current_plan(chat.id, user.id)
    if plan_id is None:
        await chat.send_message("Nothing to undo here yet: open a plan first.")
        return
    try:
        undone = await svc.store.undo(
            groups.owner(update), plan_id, origin=f"telegram:{chat.id}:/undo"
        )
    except (ValueError, NotFound) as error:
        await chat.send_message(str(error))
        return
    await views.send_plan(
        update, svc, plan_id, render.escape(commands.undone_text(undone["cause"])) + "\n\n"
    )


async def cmd_retry(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Run the message the model could not answer once more."""
    svc, (user, chat) = services(context), sender(update)
    await long_turns.answer(update, context, svc.assistant.retry_last(chat.id, user.id))


async def cmd_new(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Start a fresh conversation; every plan stays."""
    svc, (user, chat) = services(context), sender(update)
    reply = await svc.assistant.start_fresh(chat.id, user.id)
    await delivery.send_plain(context.bot, chat.id, reply.text)


async def cmd_export(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A plan as a Markdown document: /export N."""
    svc, owner = services(context), groups.owner(update)
    plan_id = await _plan_from_args(update, context, svc)
    if plan_id is None:
        return
    plan = await svc.store.get_plan(owner, plan_id)
    history = await svc.store.plan_history(owner, plan_id)
    markdown = plan_markdown(plan, history, await svc.zone(sender(update)[0].id))
    await sender(update)[1].send_document(
        markdown.encode(),
        filename=commands.export_name(plan["title"]),
        caption=plan["title"][:1000],
    )


async def cmd_briefing(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Today's briefing now (a preview: it does not count toward the morning's)."""
    briefing, chat = await services(context).briefing(groups.owner(update)), sender(update)[1]
    if briefing is None:
        await chat.send_message(commands.NOTHING_TODAY)
        return
    await delivery.send(context.bot, chat.id, briefing.text, outbox.keyboard(briefing.rows))


async def _plan_from_args(
    update: Update, context: ContextTypes.DEFAULT_TYPE, svc: Services
) -> int | None:
    """N from /plans (1 = first active plan); no N = the chat's current plan."""
    user, chat = sender(update)
    user_id = user.id
    if not context.args:
        plan_id = await svc.conversations.current_plan(chat.id, user_id)
        if plan_id is None:
            await chat.send_message("Which plan? Send /plans, then /plan N.")
        return plan_id
    summaries = await svc.store.list_plans(groups.owner(update))
    arg, number = context.args[0], ascii_int(context.args[0])
    if number is None or not 1 <= number <= len(summaries):
        await chat.send_message(commands.no_such_plan(arg, len(summaries)))
        return None
    return summaries[number - 1]["id"]


# -- buttons -----------------------------------------------------------------


async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A press on a plan view, a briefing or a reminder; checked against the
    presser, and against the status the step had when the button was made."""
    (user, chat, query, message), svc = incoming_press(update), services(context)
    user_id, chat_id, owner = user.id, chat.id, groups.owner(update)
    press = buttons.decode(query.data or "")
    if press is None:
        await delivery.answer_press(query, "That button is no longer valid.", alert=True)
        return
    try:
        step = await svc.store.get_step(owner, press.step_id)
    except NotFound:
        await delivery.answer_press(
            query, "That step is not yours, or it no longer exists. Nothing changed.", alert=True
        )
        return
    # Any press on a plan's message makes its plan current: the next mark line is for it.
    await svc.conversations.set_current_plan(
        chat_id, user_id, step["plan_id"], last_step_id=press.step_id
    )
    if buttons.stale(press, step["status"]):
        # Made for a status the step no longer has (an old briefing's Skip after
        # Done, Done pressed twice): do nothing, show the step as it is now.
        await _show_as_it_is(update, context, svc, step)
        return
    if press.action in ("snooze", "back"):  # only swaps the row of buttons: no write
        await snooze_menu.show(query, press, step["status"])
        return
    origin = f"telegram:{chat_id}:button"
    try:
        answer, plan_id = await _apply_press(svc, context, chat_id, user_id, press, origin)
    except NotFound:
        await delivery.answer_press(
            query, "That step is not yours, or it no longer exists. Nothing changed.", alert=True
        )
        return
    except ValueError as error:
        await delivery.answer_press(query, str(error)[:190], alert=True)
        return
    await delivery.answer_press(query, answer)  # a failed answer must not stop the refresh
    if plan_id is not None and press.action in ("done", "skip", "drop"):
        # the plan's last open step? Complete / Keep open (ai.tools.finishing)
        await views.offer_to_close(context.bot, svc, chat_id, user_id, plan_id)
    if plan_id is None or message is None:
        return
    name = groups.actor(update)  # in a group, everyone sees who did it
    if _stays_as_sent(message):
        # A briefing (or reminder) stays one: note what was done, drop that step's buttons.
        html, markup = render.briefing_after_press(
            message.text_html,
            message.reply_markup,
            press.step_id,
            answer if name is None else f"{answer.rstrip('.')} — {name}",
        )
        await delivery.edit(message, html, markup)
    else:
        said = await _said_by(svc, owner, press, answer, name)
        await views.refresh_after_press(
            context.bot,
            svc,
            chat_id,
            user_id,
            plan_id,
            message,
            f"{render.escape(said)}\n\n" if said else "",
        )


async def _said_by(
    svc: Services, owner: int, press: buttons.StepPress, answer: str, name: str | None
) -> str | None:
    """In a group, what a press did and who pressed ("✓ 2. Book the venue — Anna"),
    shown to everyone above the plan; None in a private chat."""
    if name is None:
        return None
    if press.action in ("done", "skip", "drop"):
        with contextlib.suppress(NotFound):  # gone meanwhile: the answer still says it
            return groups.attributed(
                step_line(await svc.store.get_step(owner, press.step_id)), name
            )
    return groups.attributed(answer.rstrip("."), name)


def _stays_as_sent(message: Message) -> bool:
    """A briefing or a reminder: pressed, it keeps its lines (a plan view is redrawn)."""
    return (message.text or "").startswith((BRIEFING_HEADER, REMINDER_HEADER))


async def _show_as_it_is(
    update: Update, context: ContextTypes.DEFAULT_TYPE, svc: Services, step: StepInPlan
) -> None:
    """Answer a press on a step that changed since its button was made: nothing
    is written; the toast and the message show the step now, with buttons made
    for its status now (none when it is done or skipped)."""
    user, chat, query, message = incoming_press(update)
    await delivery.answer_press(query, render.step_as_it_is(step)[:190])
    if message is None:
        return
    if _stays_as_sent(message):
        await delivery.edit(
            message,
            *render.briefing_after_stale_press(message.text_html, message.reply_markup, step),
        )
    else:
        await views.refresh_after_press(
            context.bot, svc, chat.id, user.id, step["plan_id"], message
        )


async def _apply_press(
    svc: Services,
    context: ContextTypes.DEFAULT_TYPE,
    chat_id: int,
    user_id: int,
    press: buttons.StepPress,
    origin: str,
) -> tuple[str, int | None]:
    """Do what the button says; returns the answer and the plan to re-show."""
    step, owner = press.step_id, plan_owner(user_id, chat_id)
    if press.action in ("done", "skip", "drop"):
        status = "done" if press.action == "done" else "skipped"
        result = await svc.store.update_step(owner, step, status=status, origin=origin)
        return f"Step {result['position']} marked {status}.", result["plan_id"]
    if press.action in buttons.SNOOZE_DAYS:
        days = buttons.SNOOZE_DAYS[press.action]
        zone = ZoneInfo(await svc.zone(user_id))
        wake = datetime.combine(
            svc.clock().astimezone(zone).date() + timedelta(days=days), dtime(0), zone
        )
        result = await svc.store.snooze_step(owner, step, wake, origin=origin)
        return f"Step {result['position']} snoozed for {plural(days, 'day')}.", result["plan_id"]
    if press.action in buttons.SNOOZE_CHOICES:
        zone_name = await svc.zone(user_id)
        wake, at_time, said = snooze_menu.wake(press.action, svc.clock(), ZoneInfo(zone_name))
        result = await svc.store.snooze_step(
            owner, step, wake, at_time=at_time, chat_id=chat_id, origin=origin
        )
        note = (
            (
                await person_settings.reminder_note(
                    svc.store.db, user_id, result["plan_id"], wake, zone_name, chat_id=chat_id
                )
            )
            if at_time
            else ""
        )
        return (
            f"Step {result['position']} snoozed {said}." + (f" {note}" if note else ""),
            result["plan_id"],
        )
    # "Log attempt" and "Re-plan" need the person's words: ask, and wait.
    found = await svc.store.get_step(owner, step)  # NotFound unless theirs (or their group's)
    await svc.conversations.set_current_plan(chat_id, user_id, found["plan_id"], last_step_id=step)
    if press.action == "attempt":
        attempt_notes.start(context, user_id, step, found["position"], svc.clock())
        await context.bot.send_message(
            chat_id,
            f"What happened with step {found['position']} "
            f"({found['title']})? {attempt_notes.PROMPT_TAIL}",
            reply_markup=ForceReply(),
        )
        return "Tell me what happened.", None
    await context.bot.send_message(
        chat_id,
        f"How should “{found['plan_title']}” go from here? Tell me the new steps "
        "(I keep what is done and every attempt).",
    )
    return "Tell me the new steps.", None


# -- everything else -------------------------------------------------------------


async def on_unknown_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command drbot does not have: one line pointing to /help."""
    word = (incoming(update).message.text or "/").split(maxsplit=1)[0]
    name, _, bot = word.partition("@")
    if bot and bot.lower() != (context.bot.username or "").lower():
        return  # in a group, meant for another bot
    await sender(update)[1].send_message(
        f"I don't know {name[:40]}. Send /help to see what I can do."
    )


async def on_not_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Voice, stickers, a photo without a caption, …: say what drbot can take."""
    await sender(update)[1].send_message(NOT_TEXT)


# -- errors ------------------------------------------------------------------


async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log the failure in one line (its traceback only with DRBOT_DEBUG, see
    ``drbot.logs``); tell the person something short."""
    if update is None and isinstance(context.error, NetworkError):
        # Polling hit a Bot API 5xx or a network hiccup; python-telegram-bot
        # retries with back-off.  Routine: one line, no traceback.
        log.warning("polling failed (%s); retrying", context.error)
        return
    update_id = update.update_id if isinstance(update, Update) else "-"
    if already_claimed(context.error):
        # Handled meanwhile by another delivery of it, which answered: its change
        # was rolled back, and this one says nothing.
        log.info("update %s delivered again; ignored", update_id)
        raise ApplicationHandlerStop
    log.error("handling update %s failed", update_id, exc_info=context.error)
    if isinstance(update, Update) and update.effective_chat is not None:
        with contextlib.suppress(Exception):
            await update.effective_chat.send_message(
                CANNOT_SAVE
                if cannot_write(context.error)
                else "Sorry — something went wrong on my side. Nothing you confirmed is lost."
            )
    # A failure in the gate or the duplicate filter must not let the update
    # fall through to the handlers after them.
    raise ApplicationHandlerStop
