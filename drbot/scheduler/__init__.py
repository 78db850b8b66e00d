"""Proactive messages as plain data: the minute ``tick`` asks each producer (briefing, reminders,
review, digest: ``producers``) what is due, claims it, then hands it to a sender; it never imports
Telegram. ``jobs`` holds the jobs the runtime schedules."""

__all__ = ["briefing", "jobs", "producers", "tick"]
