"""/quiet, /mute and /unmute: when and about what drbot stays silent unasked.

``/quiet 22:00-08:00`` (the person's own time zone), ``/quiet off``, and
``/quiet`` to see it.  ``/mute N`` and ``/unmute N`` take N from /plans, like
/plan N; ``/mute`` alone lists the muted plans.  Bad input gets one short line
and changes nothing.  The words are ``drbot.person_settings``' (shared with
`drbot chat`).
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from drbot import person_settings
from drbot.bot.setting_commands import answer


async def cmd_quiet(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/quiet shows the quiet hours; /quiet 22:00-08:00 sets them; /quiet off ends them."""
    await answer(update, context, person_settings.quiet)


async def cmd_mute(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/mute N pauses plan N's briefing lines and reminders; /mute lists muted plans."""
    await answer(update, context, lambda s, u, a: person_settings.mute(s, u, a, on=True),
                 on_plans=True)


async def cmd_unmute(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/unmute N brings plan N's briefing lines and reminders back."""
    await answer(update, context, lambda s, u, a: person_settings.mute(s, u, a, on=False),
                 on_plans=True)


async def cmd_due_reminders(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/due_reminders on|off: a reminder the evening before a step is due."""
    await answer(update, context, person_settings.due_reminders)
