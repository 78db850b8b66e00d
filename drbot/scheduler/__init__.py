"""Proactive messages as plain data: the minute ``tick`` asks each producer (briefing, reminders,
review, digest: ``producers``) what is due, claims it, then hands it to a sender; it never imports
Telegram. ``proactive`` is the job the runtime schedules."""

__all__ = ["briefing", "producers", "proactive", "tick"]
