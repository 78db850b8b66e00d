-- One claim-before-send path for every proactive message, quiet hours and
-- muted plans.  Times are UTC ISO-8601 text.

-- One row per person and message key (e.g. "briefing:2026-11-24@UTC",
-- "reminder:<step>:<due>").  The primary key is "never twice": a tick takes a
-- message by inserting its row (or by moving a row waiting for a retry to
-- 'claimed') before anything goes to Telegram.  state:
--   claimed   taken by one tick; the Bot API has not been called yet
--   sending   the Bot API call has begun (started_at): the outcome is unknown
--             until it returns
--   sent      delivered (sent_at)
--   retry     a network or server failure: tried again at next_try_at
--   gone      the person blocked the bot; rejected: refused as it stands
--   unknown   a send began and never reported (a crash mid-call): never resent
--   empty     the producer had nothing to say for this key: it is settled
-- payload keeps the message, so that a retry does not depend on the producer
-- still producing it.  claim_token tells one tick's claim from another's.
CREATE TABLE proactive_sends (
    user_id     INTEGER NOT NULL,
    dedupe_key  TEXT NOT NULL,
    kind        TEXT NOT NULL,
    plan_id     INTEGER,
    due_at      TEXT NOT NULL,
    state       TEXT NOT NULL CHECK (state IN ('claimed', 'sending', 'sent', 'retry', 'gone',
                                               'rejected', 'unknown', 'empty')),
    payload     TEXT NOT NULL,
    claim_token TEXT,
    claimed_at  TEXT NOT NULL,
    started_at  TEXT,
    sent_at     TEXT,
    attempts    INTEGER NOT NULL DEFAULT 0,
    next_try_at TEXT,
    last_error  TEXT,
    PRIMARY KEY (user_id, dedupe_key)
);
-- The tick's two scans: retries whose time has come, claims left by a crash.
CREATE INDEX proactive_sends_retry ON proactive_sends (next_try_at) WHERE state = 'retry';
CREATE INDEX proactive_sends_open ON proactive_sends (claimed_at)
    WHERE state IN ('claimed', 'sending');

-- Quiet hours, in the person's own zone ("22:00" to "08:00"; NULL = none).
ALTER TABLE user_settings ADD COLUMN quiet_from TEXT;
ALTER TABLE user_settings ADD COLUMN quiet_until TEXT;

-- Plans whose proactive lines are paused (/mute N) until /unmute N.
CREATE TABLE plan_mutes (
    plan_id  INTEGER PRIMARY KEY REFERENCES plans (id) ON DELETE CASCADE,
    user_id  INTEGER NOT NULL,
    muted_at TEXT NOT NULL
);
CREATE INDEX plan_mutes_by_user ON plan_mutes (user_id);
