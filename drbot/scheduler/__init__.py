"""Proactive messages as plain data: the minute ``tick`` asks each producer (briefing, step and
personal reminders, due dates, review, digest: ``producers``) what is due, holds back what quiet
hours or mutes say to, claims it, then hands it to a sender; it never imports Telegram. From
outside: ``tick``, the producers' table and ``TickEnv`` (``producers``), the morning briefing
built on its own for ``drbot briefing`` (``briefing``) and the jobs the runtime schedules
(``jobs``)."""

__all__ = ["briefing", "jobs", "producers", "tick"]
