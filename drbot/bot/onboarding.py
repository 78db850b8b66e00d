"""The first minutes: /start, then time zone, then briefing time, then a try.

Everything later depends on the time zone (the morning briefing, "friday",
"tomorrow"), so /start asks for it first: buttons for zones likely from the
Telegram app's language, a typed place (a city, a country, "EST", "UTC+2",
"I'm in London": ``zones.resolve``), or a shared location.  Then the briefing
time (07:00 / 08:00 / 09:00 / off, or a typed "7:30" or "7:30am"), then one
example to try.  Every step can be skipped, and changed later with /timezone
and /briefing_time.

Button data is ``ob:<what>:<value>``; it names no user, so a press sets the
presser's own settings only.
"""

from __future__ import annotations

import re
from datetime import timedelta

from telegram import (
    CallbackQuery,
    Chat,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    Message,
    Update,
)
from telegram.constants import ChatType
from telegram.ext import ContextTypes

from drbot import person_settings, zones
from drbot.bot import delivery, groups, render, sample_plans, sharing, views
from drbot.bot.incoming import MissingPart, chat_data, incoming, press, sender
from drbot.bot.services import Services, services
from drbot.bot.setting_commands import answer
from drbot.person_settings import briefing_set_text, read_briefing_time, zone_set_text

PREFIX = "ob"
BRIEFING_CHOICES = ("07:00", "08:00", "09:00")
EXAMPLE = "fix the fence: get quotes, hire someone, paint it"
# How long a typed city (or time) is taken as the answer to "where are you?"
# (or "when should your briefing come?").
ZONE_WAIT = timedelta(minutes=30)
# Longer than this is a message, not a place name: it goes to the assistant
# (unless it names a zone: "I'm in New York City" is one).
MAX_PLACE_WORDS = 4
MAX_ZONE_WORDS = 7
# A typed answer to the briefing question made only of words like these was
# meant as a time ("25:00", "7:5"): refused with an example, not sent on.
_TIMEISH = re.compile(
    r"at|[0-9][0-9:.h]*(?:am|pm|a|p)?|[ap]\.?m\.?|noon|midday|midnight"
    r"|o'?clock"
)
BRIEFING_TYPED_USAGE = "Send a time like 7:30 or 7:30am, or press a button."

GREETING = (
    "Hello {name}! I'm drbot. Tell me about plans that take days or months "
    "(fix the fence, switch energy provider) and every morning I'll tell you "
    "which steps went quiet."
)
ZONE_QUESTION = (
    "First, your time zone, so the briefing comes in your morning: pick one, "
    "send your city, or share your location (📎 → Location)."
)
BRIEFING_QUESTION = "When should your morning briefing come? Pick one or send a time, like 7:30."
TRY_IT = (
    "That's all. Try it now: send a plan in your own words, like\n\n"
    f"<i>{render.escape(EXAMPLE)}</i>\n\n/help shows more. /timezone and /briefing_time "
    "change what you chose."
)


def _row(*pairs: tuple[str, str]) -> list[InlineKeyboardButton]:
    return [InlineKeyboardButton(label, callback_data=f"{PREFIX}:{data}") for label, data in pairs]


def zone_keyboard(
    offered: list[str], *, current: str | None = None, skip: bool = True
) -> InlineKeyboardMarkup:
    """Two zones a row (their names are long); "Keep <current>" first when set."""
    options = [(f"Keep {current}", f"tz:{current}")] if current else []
    options += [(zone.replace("_", " "), f"tz:{zone}") for zone in offered if zone != current]
    rows = [_row(*options[i : i + 2]) for i in range(0, len(options), 2)]
    if skip:
        rows.append(_row(("Skip", "skip:tz")))
    return InlineKeyboardMarkup(rows)


def briefing_keyboard(*, skip: bool = True) -> InlineKeyboardMarkup:
    rows = [_row(*[(time, f"bt:{time}") for time in BRIEFING_CHOICES], ("Off", "bt:off"))]
    if skip:
        rows.append(_row(("Skip", "skip:bt")))
    return InlineKeyboardMarkup(rows)


# -- /start ------------------------------------------------------------------


async def cmd_start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Greet, then ask for the time zone; ``/start plan_N`` opens plan N instead."""
    svc, (user, chat) = services(context), sender(update)
    if context.args and await _open_linked_plan(update, context, svc, context.args[0]):
        return
    await chat.send_message(GREETING.format(name=user.first_name or "there"))
    await ask_zone(update, context, svc, ZONE_QUESTION)


async def _open_linked_plan(
    update: Update, context: ContextTypes.DEFAULT_TYPE, svc: Services, payload: str
) -> bool:
    """A deep link t.me/<bot>?start=plan_N: the person's own plan N (its /plans position)."""
    number = payload.removeprefix("plan_")
    if not payload.startswith("plan_") or not (number.isascii() and number.isdigit()):
        return False
    summaries, (user, chat) = await svc.store.list_plans(groups.owner(update)), sender(update)
    if not 1 <= int(number) <= len(summaries):
        await chat.send_message(
            f"You have no plan {number} (you have {len(summaries)} active). /plans lists them."
        )
        return True
    plan_id = summaries[int(number) - 1]["id"]
    await svc.conversations.set_current_plan(chat.id, user.id, plan_id)
    await views.send_plan(update, svc, plan_id)
    return True


async def ask_zone(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    svc: Services,
    question: str,
    *,
    skip: bool = True,
) -> None:
    user, chat = sender(update)
    current = await svc.users.chosen(user.id, "timezone")  # "Keep …" only for a choice made
    if chat.type == ChatType.PRIVATE:  # a group's next message is anyone's
        chat_data(context)["awaiting_zone"] = svc.clock()
    await chat.send_message(
        question,
        reply_markup=zone_keyboard(
            zones.likely_zones(user.language_code), current=current, skip=skip
        ),
    )


async def _ask_briefing(
    context: ContextTypes.DEFAULT_TYPE, chat: Chat, svc: Services, user_id: int
) -> None:
    current = (await svc.users.get(user_id))["briefing_time"]
    asked = await chat.send_message(
        f"{BRIEFING_QUESTION} (now: {current})", reply_markup=briefing_keyboard()
    )
    await_briefing(context, chat, svc, asked, onboarding=True)


def await_briefing(
    context: ContextTypes.DEFAULT_TYPE,
    chat: Chat,
    svc: Services,
    asked: Message | None,
    *,
    onboarding: bool,
) -> None:
    """A typed time ("7:30") answers the briefing question just sent (a private
    chat only: a group's next message is anyone's)."""
    if chat.type == ChatType.PRIVATE and asked is not None:
        chat_data(context)["awaiting_briefing"] = (svc.clock(), asked.message_id, onboarding)


# -- presses -------------------------------------------------------------------


async def on_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A press on an onboarding or settings button: the presser's own settings."""
    (user, _chat, query, _message), svc = press(update), services(context)
    user_id = user.id
    what, _, value = (query.data or "").removeprefix(f"{PREFIX}:").partition(":")
    try:
        if what == "tz":
            zone = await svc.users.set_timezone(user_id, value)
            chat_data(context).pop("awaiting_zone", None)
            await delivery.answer_press(query, f"Time zone set to {zone}")
            await _settle(query, zone_set_text(zone, svc.clock()))
            await _after_zone(update, context, svc)
        elif what == "bt":
            chosen = await svc.users.set_briefing_time(user_id, value)
            chat_data(context).pop("awaiting_briefing", None)
            await delivery.answer_press(query, "Saved")
            await _settle(query, briefing_set_text(chosen))
            await _after_briefing(update)
        elif what == "skip" and value in ("tz", "bt"):
            await delivery.answer_press(query, "Skipped")
            if value == "tz":
                chat_data(context).pop("awaiting_zone", None)
                zone = (await svc.users.get(user_id))["timezone"]
                await _settle(query, f"Time zone left at {zone}. /timezone changes it.")
                await _after_zone(update, context, svc)
            else:
                chat_data(context).pop("awaiting_briefing", None)
                await _settle(query, "Briefing time unchanged. /briefing_time changes it.")
                await _after_briefing(update)
        elif what == "try":
            await delivery.answer_press(query)
            await _try_example(update, context, svc)
        else:
            await delivery.answer_press(query, "That button is no longer valid.", alert=True)
    except ValueError as error:
        await delivery.answer_press(query, str(error)[:190], alert=True)


async def _settle(query: CallbackQuery, text: str) -> None:
    """The question becomes its answer, without buttons (no stale choice stays live)."""
    if isinstance(query.message, Message):  # else too old for Telegram to show us
        await delivery.edit(query.message, render.escape(text), None)


async def _after_zone(update: Update, context: ContextTypes.DEFAULT_TYPE, svc: Services) -> None:
    """The next onboarding step, but only while onboarding (not after /timezone)."""
    if _is_onboarding(update):
        user, chat = sender(update)
        await _ask_briefing(context, chat, svc, user.id)


async def _after_briefing(update: Update) -> None:
    if _is_onboarding(update):
        await _offer_example(sender(update)[1])


async def _offer_example(chat: Chat) -> None:
    await chat.send_message(
        TRY_IT,
        parse_mode="HTML",
        reply_markup=InlineKeyboardMarkup([_row(("Try this example", "try:example"))]),
    )


def _is_onboarding(update: Update) -> bool:
    # The /start questions carry a Skip button; /timezone's and /briefing_time's
    # answers do not go on to the next question.
    message = update.effective_message if update.callback_query else None
    markup = message.reply_markup if message else None
    return markup is not None and any(
        button.callback_data in (f"{PREFIX}:skip:tz", f"{PREFIX}:skip:bt")
        for row in markup.inline_keyboard
        for button in row
    )


async def _try_example(update: Update, context: ContextTypes.DEFAULT_TYPE, svc: Services) -> None:
    user, chat = sender(update)
    await chat.send_message(f"You: {EXAMPLE}")
    reply = await svc.assistant.handle(
        chat.id, user.id, EXAMPLE, origin=f"telegram:{chat.id}:example"
    )
    await views.deliver_reply(context.bot, svc, chat.id, user.id, reply)
    # a sample: never in a briefing, and one tap removes it
    await sample_plans.mark(update, svc, f"telegram:{chat.id}:example")


# -- a typed city, a shared location -------------------------------------------


async def typed_place(update: Update, context: ContextTypes.DEFAULT_TYPE, text: str) -> bool:
    """While /start or /timezone waits for a place, a short message is one;
    while the briefing question waits, a typed time ("7:30", "7am") is its answer.

    Returns True when the message was taken as the answer; anything that is
    neither ends the wait and goes on to the assistant."""
    svc = services(context)
    if await _typed_briefing_time(update, context, svc, text):
        return True
    asked = chat_data(context).get("awaiting_zone")
    if asked is None or svc.clock() - asked > ZONE_WAIT:
        chat_data(context).pop("awaiting_zone", None)
        return False
    words = len(text.split())
    found = zones.resolve(text) if words <= MAX_ZONE_WORDS else []
    if not found and (words > MAX_PLACE_WORDS or any(c.isdigit() for c in text)):
        chat_data(context).pop("awaiting_zone", None)
        return False
    await _set_from_place(update, context, svc, text, onboarding=True, found=found)
    return True


async def _typed_briefing_time(
    update: Update, context: ContextTypes.DEFAULT_TYPE, svc: Services, text: str
) -> bool:
    waiting = chat_data(context).get("awaiting_briefing")
    if waiting is None:
        return False
    asked, question_id, onboarding = waiting
    if svc.clock() - asked > ZONE_WAIT:
        chat_data(context).pop("awaiting_briefing", None)
        return False
    user, chat = sender(update)
    try:
        value = read_briefing_time(text, BRIEFING_TYPED_USAGE)
    except ValueError as error:
        words = text.casefold().replace("’", "'").split()
        if words and all(_TIMEISH.fullmatch(word) for word in words):
            await chat.send_message(str(error))  # meant as a time: the wait goes on
            return True
        chat_data(context).pop("awaiting_briefing", None)
        return False
    chosen = await svc.users.set_briefing_time(user.id, value)
    chat_data(context).pop("awaiting_briefing", None)
    await delivery.remove_buttons(context.bot, chat.id, [question_id])
    await chat.send_message(briefing_set_text(chosen))
    if onboarding:
        await _offer_example(chat)
    return True


async def _set_from_place(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    svc: Services,
    text: str,
    *,
    onboarding: bool,
    found: list[str] | None = None,
) -> None:
    user, chat = sender(update)
    user_id = user.id
    found = found or zones.resolve(text)
    if not found:
        await chat.send_message(
            person_settings.cant_place(text)[:-1] + " — or share your location."
        )
        return
    if len(found) > 1:
        await chat.send_message(
            person_settings.several_zones(text),
            reply_markup=zone_keyboard(found[:6], skip=onboarding),
        )
        return
    zone = await svc.users.set_timezone(user_id, found[0])
    chat_data(context).pop("awaiting_zone", None)
    await chat.send_message(zone_set_text(zone, svc.clock()) + " Not right? /timezone")
    if onboarding:
        await _ask_briefing(context, chat, svc, user_id)


async def on_location(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """A shared location sets the time zone (its nearest zone), at any time."""
    svc, (user, chat, message) = services(context), incoming(update)
    if message.location is None:  # the handler's filter lets only locations through
        raise MissingPart(f"message {message.message_id} has no location")
    onboarding = chat_data(context).pop("awaiting_zone", None) is not None
    zone = await svc.users.set_timezone(
        user.id, zones.nearest_zone(message.location.latitude, message.location.longitude)
    )
    await chat.send_message(
        zone_set_text(zone, svc.clock()) + " Not right? Send /timezone and your city."
    )
    if onboarding:
        await _ask_briefing(context, chat, svc, user.id)


# -- /timezone and /briefing_time ---------------------------------------------


async def cmd_timezone(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/timezone shows it with choices; /timezone Berlin (Europe/Berlin, EST, UTC+2,
    "I'm in London") sets it."""
    svc = services(context)
    if not context.args:
        zone = (await svc.users.get(sender(update)[0].id))["timezone"]
        await ask_zone(
            update,
            context,
            svc,
            f"{zone_set_text(zone, svc.clock())} To change it, pick one, send "
            "your city, or share your location.",
            skip=False,
        )
        return
    await _set_from_place(update, context, svc, " ".join(context.args), onboarding=False)


async def cmd_briefing_time(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/briefing_time shows it with choices (or a typed time); /briefing_time 07:30,
    7:30am or off sets it.  In a group: the group's own briefing (``sharing``)."""
    if groups.in_group(update):
        await sharing.group_briefing_time(update, context)
        return
    markup = None if context.args else briefing_keyboard(skip=False)
    sent = await answer(update, context, person_settings.briefing_time, reply_markup=markup)
    if not context.args:
        await_briefing(context, sender(update)[1], services(context), sent, onboarding=False)
