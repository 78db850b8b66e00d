"""/quiet, /mute and /unmute: when and about what drbot stays silent unasked.

``/quiet 22:00-08:00`` (the person's own time zone), ``/quiet off``, and
``/quiet`` to see it.  ``/mute N`` and ``/unmute N`` take N from /plans, like
/plan N; ``/mute`` alone lists the muted plans.  Bad input gets one short line
and changes nothing.
"""

from __future__ import annotations

from telegram import Update
from telegram.ext import ContextTypes

from drbot.bot.services import Services, services
from drbot.bot.setting_commands import show_or_set
from drbot.memory import NotFound
from drbot.memory.quiet import QUIET_USAGE, Quiet

MUTE_USAGE = "Use /mute N or /unmute N, with N from /plans."


def _quiet(svc: Services) -> Quiet:
    return Quiet(svc.store.db, clock=svc.clock)


async def cmd_quiet(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/quiet shows the quiet hours; /quiet 22:00-08:00 sets them; /quiet off ends them."""
    quiet = _quiet(services(context))
    await show_or_set(
        update, context, read=quiet.hours, write=quiet.set_hours,
        shown=lambda hours, zone: f"Quiet hours: {hours[0]}–{hours[1]} ({zone}). "
                                  "/quiet off ends them.",
        unset=f"No quiet hours. {QUIET_USAGE}",
        changed=lambda hours, zone: f"Quiet hours set: {hours[0]}–{hours[1]} ({zone}). Nothing "
                                    "unasked comes then; what falls due waits for the end.",
        off="Quiet hours off: briefings and reminders come when they fall due.")


async def cmd_mute(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/mute N pauses plan N's briefing lines and reminders; /mute lists muted plans."""
    await _mute(update, context, mute=True)


async def cmd_unmute(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
    """/unmute N brings plan N's briefing lines and reminders back."""
    await _mute(update, context, mute=False)


async def _mute(update: Update, context: ContextTypes.DEFAULT_TYPE, *, mute: bool) -> None:
    svc, user_id, chat = services(context), update.effective_user.id, update.effective_chat
    quiet = _quiet(svc)
    summaries = await svc.store.list_plans(user_id)
    if not context.args:
        muted = await quiet.muted(user_id)
        shown = [f"{n}. {p['title']}" for n, p in enumerate(summaries, 1)
                 if p["id"] in muted]
        await chat.send_message("Muted: " + ", ".join(shown) + f". {MUTE_USAGE}" if shown
                                else f"No plan is muted. {MUTE_USAGE}")
        return
    arg = context.args[0]
    if not arg.isdigit() or not 1 <= int(arg) <= len(summaries):
        await chat.send_message(f"There is no plan {arg[:20]} in /plans "
                                f"(you have {len(summaries)} active). {MUTE_USAGE}")
        return
    plan = summaries[int(arg) - 1]
    try:
        changed = await (quiet.mute if mute else quiet.unmute)(user_id, plan["id"])
    except NotFound:   # deleted between the list and the change
        await chat.send_message(f"There is no plan {arg} in /plans any more.")
        return
    title = plan["title"]   # plain text: sent without parse mode
    if mute:
        await chat.send_message(
            f"Muted plan {arg} ({title}): no briefing lines or reminders until /unmute {arg}."
            if changed else f"Plan {arg} ({title}) is already muted.")
    else:
        await chat.send_message(f"Plan {arg} ({title}) is unmuted." if changed
                                else f"Plan {arg} ({title}) was not muted.")
