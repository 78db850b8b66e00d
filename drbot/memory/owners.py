"""Whose plans an action reaches: the acting person's own, or a group's.

``plans.user_id`` holds a plan's *owner*: for a private plan the person's
Telegram user id, for a plan made in a group (or shared into one with /share)
that group's chat id.  Telegram numbers people with positive ids, and a
private chat with the person's own id; groups and supergroups get negative
ids, so the two kinds never collide.

Every PlanStore call is scoped by that column, and the owner it is given is
resolved here once per update from Telegram's data — the person who acts and
the chat they act in — never from anything a model or a button says.  So a
group's plan is reachable only when acting in that very group; acting in a
private chat (or the terminal, or another group) it is simply absent.
"""

from __future__ import annotations

from drbot.memory import limits


def plan_owner(user_id: int, chat_id: int | None) -> int:
    """The plans ``user_id`` reaches acting in ``chat_id``: the group's in a
    group (a negative chat id), their own anywhere else."""
    limits.user_id(user_id)
    if chat_id is not None and not isinstance(chat_id, bool) and chat_id < 0:
        return chat_id
    return user_id


def is_group(owner: int) -> bool:
    """Is this owner a group (its chat id) rather than a person?"""
    return owner < 0


def served(owner: int, allowed: set[int]) -> bool:
    """Whether proactive messages go to this owner: an allowed person, or a group
    (only allowed people get past the access gate to make a group's plans or set
    its times; with nobody allowed, nobody is served)."""
    return owner in allowed or bool(allowed) and is_group(owner)
