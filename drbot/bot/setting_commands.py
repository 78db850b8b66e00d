"""The commands whose answer is text on both sides, over Telegram: /quiet,
/review, /weekly, /mute, /unmute, /briefing_time, /help, /usage… say what
``drbot.person_settings`` and ``drbot.commands`` say (the same words as
`drbot chat`); this module only hands them the command's arguments and sends
the answer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from telegram import InlineKeyboardMarkup, Message, Update
from telegram.ext import ContextTypes

from drbot import person_settings
from drbot.bot import groups
from drbot.bot.incoming import sender
from drbot.bot.services import Services, services
from drbot.commands import TELEGRAM
from drbot.commands import Command as TableRow

Command = Callable[[person_settings.Settings, int, str], Awaitable[str]]


def settings_of(svc: Services) -> person_settings.Settings:
    return person_settings.Settings(
        svc.store,
        svc.users,
        svc.clock,
        side=TELEGRAM,
        has_model=svc.assistant.client is not None,
        conversations=svc.conversations,
        token_budget=svc.settings.llm.daily_token_budget,
    )


async def answer(
    update: Update,
    context: ContextTypes.DEFAULT_TYPE,
    command: Command,
    *,
    on_plans: bool = False,
    reply_markup: InlineKeyboardMarkup | None = None,
) -> Message:
    """Run ``command`` for the person with the command's arguments; send its text
    (with ``reply_markup``'s buttons, if any) and return the message sent.  ``on_plans``:
    the command acts on plans (/mute N), so it gets whose plans the chat reaches
    (``groups.owner``: in a group the group's, numbered as its /plans)."""
    user, chat = sender(update)
    who = groups.owner(update) if on_plans else user.id
    text = await command(settings_of(services(context)), who, " ".join(context.args or ()))
    return await chat.send_message(text, reply_markup=reply_markup)


def handler(row: TableRow):
    """The Telegram handler for a row of ``drbot.commands`` whose answer is text
    on both sides: its shared function, with the command's arguments."""
    shared = row.text
    if shared is None:
        raise ValueError(f"/{row.name} has no shared answer")

    async def run(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await answer(update, context, shared, on_plans=row.on_plans)

    run.__doc__ = f"/{row.name}: {row.help}"
    return run


def elsewhere(row: TableRow):
    """The Telegram handler for a row only the terminal has: it says why."""

    async def run(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await sender(update)[1].send_message(row.elsewhere())

    run.__doc__ = f"/{row.name}: not on Telegram"
    return run
