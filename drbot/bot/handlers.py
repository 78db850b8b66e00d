"""Telegram handlers: text, commands and button presses.

Handlers are thin: they find who is acting (``update.effective_user.id`` —
never anything the model says), call the assistant or the plan memory, and
hand the answer to ``delivery``.  Commands and buttons never call the model.
The access gate and the duplicate filter run before all of them (``app``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import datetime, time as dtime, timedelta
from zoneinfo import ZoneInfo

from telegram import ForceReply, Update
from telegram.constants import ChatAction
from telegram.error import NetworkError
from telegram.ext import ApplicationHandlerStop, ContextTypes

from drbot.bot import attempts, buttons, delivery, questions, render
from drbot.bot.services import Services, services
from drbot.export import plan_markdown
from drbot.memory import NotFound
from drbot.numbers import ascii_int
from drbot.scheduler.briefing import HEADER as BRIEFING_HEADER, build_briefing

log = logging.getLogger(__name__)

HELP = """\
I remember plans that take days, weeks or months, and every morning I tell you which steps \
went quiet. Talk to me in plain words:

• fix the fence: get quotes, hire a contractor, supervise the work
• called jim's fencing, no answer · rang again, voicemail — try again thursday
• got the quotes · started on the contractor · skip step 3
• remind me about the contractor next monday · step 3 is blocked — waiting on council
• what's next? · where am I with the fence · undo

Quick marks change the plan you're looking at: ✓ 2 · ✗ 3 waiting on council · … 1 · ⤼ 4 · □ 2

/plans — your active plans · /plan N — one plan with buttons
/undo — take back the last change · /retry — resend a message the model missed
/new — a fresh conversation (your plans all stay)
/briefing — today's briefing now · /briefing_time 07:30 · /timezone Europe/Berlin
/export N — a plan as a Markdown file · /usage — today's model tokens
/cancel — stop waiting for a note you were asked for"""

COMMANDS = [
    ("plans", "your active plans"), ("plan", "one plan with its steps: /plan N"),
    ("undo", "take back the last change"), ("retry", "resend the last message the model missed"),
    ("new", "a fresh conversation (plans stay)"),
    ("briefing", "today's briefing now"), ("briefing_time", "when your briefing comes: HH:MM"),
    ("timezone", "your time zone, e.g. Europe/Berlin"), ("export", "a plan as Markdown: /export N"),
    ("usage", "today's model tokens"), ("cancel", "stop waiting for a note"),
    ("help", "what I can do"), ("start", "say hello"),
]
NOT_TEXT = ("I can only read text: send your plans and updates as a message "
            "(a photo or file with a caption works too).")


# -- text --------------------------------------------------------------------

async def on_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A message in plain words (or a photo's caption): to the assistant, or the
    note a Log attempt press is waiting for."""
    svc, chat, user = services(context), update.effective_chat, update.effective_user
    text = update.message.text or update.message.caption
    origin = f"telegram:{chat.id}:{update.message.message_id}"
    awaited = attempts.take(context, user.id, svc.clock())
    if awaited is not None:
        await _log_awaited_attempt(update, svc, awaited.step_id, text, origin)
        return
    if svc.assistant.will_call_model(text):
        async with _typing(context, chat.id):
            reply = await svc.assistant.handle(chat.id, user.id, text, origin=origin)
    else:  # marks and offline rules answer at once: "typing…" would only cost a request
        reply = await svc.assistant.handle(chat.id, user.id, text, origin=origin)
    await delivery.send_plain(context.bot, chat.id, *questions.shown(reply))


@contextlib.asynccontextmanager
async def _typing(context: ContextTypes.DEFAULT_TYPE, chat_id: int):
    """Show "typing…" until the answer is ready (Telegram clears it after 5 s)."""
    async def keep_typing() -> None:
        while True:
            with contextlib.suppress(Exception):  # cosmetic: never fail a reply over it
                await context.bot.send_chat_action(chat_id, ChatAction.TYPING)
            await asyncio.sleep(4.5)
    task = asyncio.create_task(keep_typing())
    try:
        yield
    finally:
        task.cancel()


async def _log_awaited_attempt(update: Update, svc: Services, step_id: int, text: str,
                               origin: str) -> None:
    user_id = update.effective_user.id
    try:
        result = await svc.store.update_step(user_id, step_id, attempt_outcome=text,
                                             origin=origin)
    except (ValueError, NotFound) as error:
        await update.effective_chat.send_message(str(error))
        return
    await svc.conversations.set_current_plan(update.effective_chat.id, user_id,
                                             result["plan_id"], last_step_id=step_id)
    await _send_plan(update, svc, result["plan_id"],
                     f"Logged on step {result['position']}: {render.escape(text)}\n\n")


# -- commands ----------------------------------------------------------------

async def cmd_start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Say hello and show what drbot does."""
    name = render.escape(update.effective_user.first_name or "there")
    await delivery.send(context.bot, update.effective_chat.id,
                        f"Hello {name}! " + render.escape(HELP))


async def cmd_help(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """What drbot can do, with examples."""
    await delivery.send(context.bot, update.effective_chat.id, render.escape(HELP))


async def cmd_plans(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """The active plans, numbered for /plan N."""
    svc = services(context)
    summaries = await svc.store.list_plans(update.effective_user.id)
    await delivery.send(context.bot, update.effective_chat.id,
                        render.plans_list(summaries, svc.clock()))


async def cmd_plan(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """One plan with marks, attempts and buttons: /plan N (N from /plans)."""
    svc = services(context)
    plan_id = await _plan_from_args(update, context, svc)
    if plan_id is not None:
        await svc.conversations.set_current_plan(update.effective_chat.id,
                                                 update.effective_user.id, plan_id)
        await _send_plan(update, svc, plan_id)


async def cmd_undo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Take back the latest change to the current plan."""
    svc, user_id = services(context), update.effective_user.id
    plan_id = await svc.conversations.current_plan(update.effective_chat.id, user_id)
    if plan_id is None:
        await update.effective_chat.send_message("Nothing to undo here yet: open a plan first.")
        return
    try:
        undone = await svc.store.undo(user_id, plan_id,
                                      origin=f"telegram:{update.effective_chat.id}:/undo")
    except (ValueError, NotFound) as error:
        await update.effective_chat.send_message(str(error))
        return
    await _send_plan(update, svc, plan_id, f"Undid: {render.escape(undone['cause'])}\n\n")


async def cmd_retry(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Run the message the model could not answer once more."""
    svc, chat = services(context), update.effective_chat
    async with _typing(context, chat.id):
        reply = await svc.assistant.retry_last(chat.id, update.effective_user.id)
    await delivery.send_plain(context.bot, chat.id, *questions.shown(reply))


async def cmd_new(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Start a fresh conversation; every plan stays."""
    svc, chat = services(context), update.effective_chat
    reply = await svc.assistant.start_fresh(chat.id, update.effective_user.id)
    await delivery.send_plain(context.bot, chat.id, reply.text)


async def cmd_timezone(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Show or set the time zone: /timezone Europe/Berlin."""
    await _show_or_set(update, context, "set_timezone",
                       "Your time zone is {timezone}. Change it with /timezone Area/City.",
                       "Time zone set to {}.")


async def cmd_briefing_time(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Show or set when the morning briefing comes: /briefing_time 07:30."""
    await _show_or_set(update, context, "set_briefing_time",
                       "Your briefing comes at {briefing_time} ({timezone}).",
                       "Your briefing will come at {}.")


async def _show_or_set(update: Update, context: ContextTypes.DEFAULT_TYPE, setter: str,
                       shown: str, changed: str) -> None:
    """A personal setting: no argument shows it, one argument changes it."""
    svc, user_id, chat = services(context), update.effective_user.id, update.effective_chat
    if not context.args:
        await chat.send_message(shown.format(**await svc.users.get(user_id)))
        return
    try:
        value = await getattr(svc.users, setter)(user_id, context.args[0])
    except ValueError as error:
        await chat.send_message(str(error))
        return
    await chat.send_message(changed.format(value))


async def cmd_export(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A plan as a Markdown document: /export N."""
    svc, user_id = services(context), update.effective_user.id
    plan_id = await _plan_from_args(update, context, svc)
    if plan_id is None:
        return
    plan = await svc.store.get_plan(user_id, plan_id)
    history = await svc.store.plan_history(user_id, plan_id)
    name = "".join(c if c.isalnum() else "-" for c in plan["title"].lower()).strip("-")
    await update.effective_chat.send_document(
        plan_markdown(plan, history).encode(), filename=f"{name or 'plan'}.md",
        caption=plan["title"][:1000])


async def cmd_usage(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Today's model tokens."""
    svc, user_id = services(context), update.effective_user.id
    zone = ZoneInfo(await svc.zone(user_id))
    midnight = datetime.combine(svc.clock().astimezone(zone).date(), dtime(0), zone)
    used = await svc.conversations.usage(user_id, midnight)
    total = sum(used[k] for k in ("input_tokens", "cache_read_tokens", "cache_write_tokens",
                                  "output_tokens"))
    budget = svc.settings.llm.daily_token_budget
    await update.effective_chat.send_message(
        f"Today: {total:,} tokens in {used['model_calls']} model calls "
        f"({used['cache_read_tokens']:,} read from cache)"
        + (f", of a daily budget of {budget:,}." if budget else "."))


async def cmd_briefing(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Today's briefing now (a preview: it does not count toward the morning's)."""
    svc, user_id = services(context), update.effective_user.id
    briefing = await build_briefing(svc.store, svc.briefings, svc.users, svc.settings.briefing,
                                    user_id, svc.clock(), record=False)
    if briefing is None:
        await update.effective_chat.send_message("Nothing needs your attention today. ✓")
        return
    await delivery.send(context.bot, update.effective_chat.id, briefing.text,
                        briefing.keyboard)


async def _plan_from_args(update: Update, context: ContextTypes.DEFAULT_TYPE,
                          svc: Services) -> int | None:
    """N from /plans (1 = first active plan); no N = the chat's current plan."""
    user_id, chat = update.effective_user.id, update.effective_chat
    if not context.args:
        plan_id = await svc.conversations.current_plan(chat.id, user_id)
        if plan_id is None:
            await chat.send_message("Which plan? Send /plans, then /plan N.")
        return plan_id
    summaries = await svc.store.list_plans(user_id)
    arg, number = context.args[0], ascii_int(context.args[0])
    if number is None or not 1 <= number <= len(summaries):
        shown = arg if len(arg) <= 12 else arg[:11] + "…"
        await chat.send_message(f"There is no plan {shown} in /plans "
                                f"(you have {len(summaries)} active).")
        return None
    return summaries[number - 1]["id"]


async def _send_plan(update: Update, svc: Services, plan_id: int, prefix: str = "") -> None:
    plan = await svc.store.get_plan(update.effective_user.id, plan_id)
    html, markup = render.plan_view(plan, await svc.zone(update.effective_user.id))
    await delivery.send(update.get_bot(), update.effective_chat.id, prefix + html, markup)


# -- buttons -----------------------------------------------------------------

async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A press on a plan view or a briefing; checked against the presser."""
    query, svc, user_id = update.callback_query, services(context), update.effective_user.id
    press = buttons.decode(query.data)
    if press is None:
        await query.answer("That button is no longer valid.", show_alert=True)
        return
    origin = f"telegram:{update.effective_chat.id}:button"
    try:
        answer, plan_id = await _apply_press(svc, context, update.effective_chat.id, user_id,
                                             press, origin)
    except NotFound:
        await query.answer("That step is not yours, or it no longer exists. Nothing changed.",
                           show_alert=True)
        return
    except ValueError as error:
        await query.answer(str(error)[:190], show_alert=True)
        return
    if plan_id is not None:  # a press is a change like any other: its plan is current
        await svc.conversations.set_current_plan(update.effective_chat.id, user_id, plan_id,
                                                 last_step_id=press.step_id)
    await query.answer(answer)
    message = query.message
    if plan_id is None or message is None:
        return
    if (message.text or "").startswith(BRIEFING_HEADER):
        # A briefing stays a briefing: note what was done, drop that step's buttons.
        html, markup = render.briefing_after_press(message.text, message.reply_markup,
                                                   press.step_id, answer)
    else:
        plan = await svc.store.get_plan(user_id, plan_id)
        html, markup = render.plan_view(plan, await svc.zone(user_id))
    await delivery.edit(message, html, markup)


async def _apply_press(svc: Services, context: ContextTypes.DEFAULT_TYPE, chat_id: int,
                       user_id: int, press: buttons.StepPress,
                       origin: str) -> tuple[str, int | None]:
    """Do what the button says; returns the answer and the plan to re-show."""
    step = press.step_id
    if press.action in ("done", "skip", "drop"):
        status = "done" if press.action == "done" else "skipped"
        result = await svc.store.update_step(user_id, step, status=status, origin=origin)
        return f"Step {result['position']} marked {status}.", result["plan_id"]
    if press.action in buttons.SNOOZE_DAYS:
        days = buttons.SNOOZE_DAYS[press.action]
        zone = ZoneInfo(await svc.zone(user_id))
        wake = datetime.combine(svc.clock().astimezone(zone).date() + timedelta(days=days),
                                dtime(0), zone)
        result = await svc.store.snooze_step(user_id, step, wake, origin=origin)
        return f"Step {result['position']} snoozed for {days} days.", result["plan_id"]
    # "Log attempt" and "Re-plan" need the person's words: ask, and wait.
    found = await svc.store.get_step(user_id, step)  # NotFound unless theirs
    await svc.conversations.set_current_plan(chat_id, user_id, found["plan_id"],
                                             last_step_id=step)
    if press.action == "attempt":
        attempts.start(context, user_id, step, found["position"], svc.clock())
        await context.bot.send_message(
            chat_id, f"What happened with step {found['position']} "
            f"({found['title']})? {attempts.PROMPT_TAIL}", reply_markup=ForceReply())
        return "Tell me what happened.", None
    await context.bot.send_message(
        chat_id, f"How should “{found['plan_title']}” go from here? Tell me the new steps "
        "(I keep what is done and every attempt).")
    return "Tell me the new steps.", None


# -- everything else -------------------------------------------------------------

async def on_unknown_command(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A command drbot does not have: one line pointing to /help."""
    word = update.message.text.split(maxsplit=1)[0]
    name, _, bot = word.partition("@")
    if bot and bot.lower() != (context.bot.username or "").lower():
        return  # in a group, meant for another bot
    await update.effective_chat.send_message(
        f"I don't know {name[:40]}. Send /help to see what I can do.")


async def on_not_text(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Voice, stickers, a photo without a caption, …: say what drbot can take."""
    await update.effective_chat.send_message(NOT_TEXT)


# -- errors ------------------------------------------------------------------

async def on_error(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Log the failure with its traceback; tell the person something short."""
    if update is None and isinstance(context.error, NetworkError):
        # Polling hit a Bot API 5xx or a network hiccup; python-telegram-bot
        # retries with back-off.  Routine: one line, no traceback.
        log.warning("polling failed (%s); retrying", context.error)
        return
    log.error("handling an update failed", exc_info=context.error)
    if isinstance(update, Update) and update.effective_chat is not None:
        with contextlib.suppress(Exception):
            await update.effective_chat.send_message(
                "Sorry — something went wrong on my side. Nothing you confirmed is lost.")
    # A failure in the gate or the duplicate filter must not let the update
    # fall through to the handlers after them.
    raise ApplicationHandlerStop
