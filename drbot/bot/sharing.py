"""Plans shared in a group: /share, /unshare, the group's own briefing, evening
review and weekly digest, and saying who changed what.

A plan made in a group is the group's (``memory.owners``): every allowed
member sees it there, marks its steps and presses its buttons.  It never shows
in anyone's private chat, and private plans never show in the group.  An
existing private plan moves in with ``/share N`` in the group (N from the
person's private /plans) once its owner presses Share; ``/unshare N`` (N from
the group's /plans) takes the group's plan N out into the private plans of
whoever sends it — members of a group are equals on its plans.  Only allowed
people get this far (the access gate runs first), so a stranger in the group
changes nothing.
"""

from __future__ import annotations

import html
import re

from telegram import Update
from telegram.ext import ContextTypes

from drbot import person_settings, times
from drbot.bot import buttons, delivery, groups, setting_commands, views
from drbot.bot.incoming import press as incoming_press
from drbot.bot.incoming import sender
from drbot.bot.services import Services, services
from drbot.memory import NotFound
from drbot.memory.user_settings import BRIEFING_OFF
from drbot.typed_numbers import ascii_int

PREFIX = "share"
_PRESS = re.compile(rf"{PREFIX}:(y|n):([0-9]{{1,18}})")
ONLY_IN_GROUP = (
    "Send /{command} N in the group, with N from {where}: a shared plan is the "
    "group's, and every member there sees it and can change it."
)
NOT_THE_OWNER = "Only the plan's owner can answer this. Nothing changed."


# -- /share and /unshare ----------------------------------------------------------


async def cmd_share(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/share N in a group: offer the person's own plan N to the group; only they can confirm."""
    user, chat = sender(update)
    if not groups.in_group(update):
        await chat.send_message(ONLY_IN_GROUP.format(command="share", where="/plans here"))
        return
    svc = services(context)
    own = await svc.store.list_plans(user.id)  # their private plans, as their /plans numbers them
    number = ascii_int(context.args[0]) if context.args else None
    if number is None or not 1 <= number <= len(own):
        # The titles stay private: only the count is said in the group.
        await chat.send_message(
            f"Use /share N with N from /plans in your private chat with me "
            f"(you have {len(own)} active plan{'' if len(own) == 1 else 's'} of your own)."
        )
        return
    plan = own[number - 1]
    await delivery.send(
        context.bot,
        chat.id,
        f"{html.escape(groups.actor(update) or '')} wants to share “{html.escape(plan['title'])}” with this "
        "group: everyone here will see it and can change it. Only they can confirm.",
        buttons.keyboard(
            [
                [
                    ("Share with the group", f"{PREFIX}:y:{plan['id']}"),
                    ("Cancel", f"{PREFIX}:n:{plan['id']}"),
                ]
            ]
        ),
        reply_to=groups.reply_to(update),
    )


async def on_share_press(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """Share or Cancel under a /share offer: only the plan's owner, only in the group."""
    (user, chat, query, offer), svc = incoming_press(update), services(context)
    user_id, chat_id = user.id, chat.id
    press = _PRESS.fullmatch(query.data or "")
    if press is None or not groups.in_group(update):
        await delivery.answer_press(query, "That button is no longer valid.", alert=True)
        return
    plan_id = int(press[2])
    try:
        if press[1] == "n":
            title = (await svc.store.get_plan(user_id, plan_id))["title"]  # theirs to decline
        else:
            title = await svc.store.share_plan(user_id, plan_id, chat_id)
    except NotFound:
        # Someone else's offer, a forged plan id, or a plan already shared.
        await delivery.answer_press(query, NOT_THE_OWNER, alert=True)
        return
    name = html.escape(groups.actor(update) or "")
    if press[1] == "n":
        await delivery.answer_press(query, "Not shared.")
        if offer is not None:
            await delivery.edit(
                offer, f"Not shared: “{html.escape(title)}” stays {name}’s own.", None
            )
        return
    await delivery.answer_press(query, "Shared.")
    if offer is not None:
        await delivery.edit(
            offer,
            f"“{html.escape(title)}” is shared with this group — {name}. /plans here lists it.",
            None,
        )
    await svc.conversations.set_current_plan(chat_id, user_id, plan_id)
    await views.show_plan(context.bot, svc, chat_id, user_id, plan_id)


async def cmd_unshare(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/unshare N in a group: the group's plan N goes back to the person who shared it."""
    user, chat = sender(update)
    if not groups.in_group(update):
        await chat.send_message(ONLY_IN_GROUP.format(command="unshare", where="the group's /plans"))
        return
    svc = services(context)
    shared = await svc.store.list_plans(chat.id)
    number = ascii_int(context.args[0]) if context.args else None
    if number is None or not 1 <= number <= len(shared):
        await chat.send_message(
            f"Use /unshare N with N from /plans here (this group has "
            f"{len(shared)} active plan{'' if len(shared) == 1 else 's'})."
        )
        return
    try:
        title = await svc.store.unshare_plan(chat.id, shared[number - 1]["id"], user.id)
    except NotFound:  # taken out meanwhile by another member
        await chat.send_message("That plan is no longer shared here. Nothing changed.")
        return
    except ValueError as error:  # not theirs to take: made in the group, or someone else's
        await chat.send_message(f"{error} Nothing changed.")
        return
    await delivery.send(
        context.bot,
        chat.id,
        f"“{html.escape(title)}” is no longer shared here: it is {html.escape(groups.actor(update) or '')}’s "
        "own plan again, in their private /plans (/share there brings it back).",
        reply_to=groups.reply_to(update),
    )


# -- the group's briefing ---------------------------------------------------------


async def group_briefing_time(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/briefing_time in a group: the group's own morning briefing (off until set),
    in the group, on the group's plans only, at that time in the zone of the
    person who set it (a group has no zone of its own to ask for)."""
    svc, (user, chat) = services(context), sender(update)
    args = " ".join(context.args or ())
    if not args:
        await chat.send_message(await _group_briefing_said(svc, chat.id))
        return
    try:
        value = person_settings.read_briefing_time(args, person_settings.BRIEFING_USAGE)
    except ValueError as error:
        await chat.send_message(str(error))
        return
    if value != BRIEFING_OFF:
        await svc.users.set_timezone(chat.id, await svc.zone(user.id))
    await svc.users.set_briefing_time(chat.id, value)
    await chat.send_message(await _group_briefing_said(svc, chat.id))


async def _group_briefing_said(svc: Services, group_id: int) -> str:
    settings = await svc.users.get(group_id)
    if settings["briefing_time"] == BRIEFING_OFF:
        return (
            "This group has no morning briefing. /briefing_time 08:00 here starts one: "
            "the group's plans that need attention, posted in the group."
        )
    return (
        f"This group's briefing comes at {settings['briefing_time']} "
        f"({settings['timezone']}) each morning, here, with the group's plans only. "
        "/briefing_time off stops it."
    )


# -- the group's evening review, weekly digest and due reminders -----------------------


# How each of the group's own settings is read: checked before anything is stored, so
# bad input changes neither the setting nor the group's zone.
_GROUP_SETTINGS = {
    "review": (
        person_settings.review,
        lambda text: times.time_of_day(text, person_settings.REVIEW_USAGE),
    ),
    "weekly": (
        person_settings.weekly,
        lambda text: times.weekday_and_time(text, person_settings.WEEKLY_USAGE),
    ),
    "due_reminders": (person_settings.due_reminders, person_settings.read_on_or_off),
}


async def cmd_review(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/review: in a group, the group's own evening review (``_group_setting``)."""
    await _group_setting(update, context, "review")


async def cmd_weekly(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/weekly: in a group, the group's own weekly digest (``_group_setting``)."""
    await _group_setting(update, context, "weekly")


async def cmd_due_reminders(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/due_reminders: in a group, whether the group's plans' due dates remind it there."""
    await _group_setting(update, context, "due_reminders")


async def _group_setting(update: Update, context: ContextTypes.DEFAULT_TYPE, name: str) -> None:
    """In a private chat the person's own setting.  In a group the group's, like its
    briefing: posted in the group, about the group's plans only, at its time in the zone
    of whoever turned it on last (a group has no zone of its own to ask for)."""
    command, read = _GROUP_SETTINGS[name]
    if not groups.in_group(update):
        await setting_commands.answer(update, context, command)
        return
    svc, (user, chat) = services(context), sender(update)
    args = " ".join(context.args or ())
    if args and args.casefold() != "off":
        try:
            read(args)
        except ValueError as error:
            await chat.send_message(str(error))
            return
        await svc.users.set_timezone(chat.id, await svc.zone(user.id))
    text = await command(setting_commands.settings_of(svc), chat.id, args)
    await chat.send_message(f"For this group: {text}")
