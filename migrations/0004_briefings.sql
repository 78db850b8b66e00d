-- The morning briefing (docs/ARCHITECTURE.md, "Briefing"): what was sent, which steps
-- keep coming up, and who can no longer be reached. Times are UTC ISO-8601
-- text; local dates are the person's own calendar day, YYYY-MM-DD.

-- One row per person per local day a briefing went out (or was found to have
-- nothing to say). The primary key is the "at most once a day" rule itself: a
-- sender claims the day with INSERT OR IGNORE *before* sending, so a restart,
-- a job that runs late, or a second process cannot send the same day twice.
-- A send that fails on the network deletes its row so a later run retries.
CREATE TABLE briefings_sent (
    user_id    INTEGER NOT NULL,
    local_date TEXT NOT NULL,
    sent_at    TEXT NOT NULL,
    items      INTEGER NOT NULL,
    PRIMARY KEY (user_id, local_date)
);

-- How many briefings running have surfaced a step with nothing done to it in
-- between; on the third it becomes one question (re-plan, snooze or drop?)
-- instead of a fourth repeat. activity_at is the step's last activity when it
-- was last surfaced: if the step's activity has moved since, the run restarts.
-- A step that goes away takes its count with it.
CREATE TABLE surfacings (
    step_id         INTEGER PRIMARY KEY REFERENCES plan_steps (id) ON DELETE CASCADE,
    user_id         INTEGER NOT NULL,
    times           INTEGER NOT NULL,
    last_local_date TEXT NOT NULL,
    activity_at     TEXT
);
-- Recording a briefing clears the runs of the person's steps it did not surface.
CREATE INDEX surfacings_by_user ON surfacings (user_id);

-- People Telegram refuses to deliver to (403: they blocked the bot). They are
-- skipped, instead of being retried every morning, until they write again.
CREATE TABLE recipients (
    user_id    INTEGER PRIMARY KEY,
    blocked_at TEXT
);
