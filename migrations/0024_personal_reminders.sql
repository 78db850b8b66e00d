-- Reminders of any kind: "remind me friday 10am to call the council", "remind me
-- every monday 9am to water the plants".  One standing list per person beside the
-- plans: a reminder that belongs to no step lives here, not in a plan of one step
-- (a reminder on a step stays that step's wait, migration 0012).

-- rule: a repeating reminder's recurrence, an RFC 5545 rule (DTSTART + RRULE, as
--   python-dateutil writes it) over the person's local wall-clock time, so that
--   09:00 stays 09:00 across daylight-saving changes; NULL for a one-off.
-- repeat_words: how it repeats, as shown ("every Monday at 09:00").
-- next_at: the next occurrence (UTC); NULL once a one-off went out or was cancelled.
-- last_at: the occurrence most recently claimed for sending: a retry of an older
--   one no longer stands (a failed send is never followed by a backlog).
-- status: active (has a next occurrence), finished (a one-off that went out),
--   cancelled (the person cancelled or stopped it).  done_at: the last Done press.
-- chat_id / message_id: the group and message it was asked for in (NULL: private).
CREATE TABLE personal_reminders (
    id           INTEGER PRIMARY KEY,
    user_id      INTEGER NOT NULL,
    text         TEXT NOT NULL,
    rule         TEXT,
    repeat_words TEXT,
    next_at      TEXT,
    last_at      TEXT,
    status       TEXT NOT NULL DEFAULT 'active'
                 CHECK (status IN ('active', 'finished', 'cancelled')),
    done_at      TEXT,
    chat_id      INTEGER,
    message_id   INTEGER,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
-- The tick's one query for everyone, every minute: the occurrences that have come,
-- a range of this index however many reminders are scheduled.
CREATE INDEX personal_reminders_due ON personal_reminders (next_at) WHERE status = 'active';
-- One person's list (/reminders).
CREATE INDEX personal_reminders_by_user ON personal_reminders (user_id, status);
