-- The evening review and the weekly digest, both opt-in.
-- Times are each person's wall-clock times in their own zone; NULL = off.
ALTER TABLE user_settings ADD COLUMN review_time TEXT;      -- "20:30"
ALTER TABLE user_settings ADD COLUMN weekly_day INTEGER      -- 0 = Monday … 6 = Sunday
    CHECK (weekly_day BETWEEN 0 AND 6);
ALTER TABLE user_settings ADD COLUMN weekly_time TEXT;      -- "18:00"

-- The jobs' one read of who has them on, every minute: only those people's
-- rows, so everyone with the feature off costs nothing.
CREATE INDEX user_settings_reviews ON user_settings (review_time)
    WHERE review_time IS NOT NULL;
CREATE INDEX user_settings_digests ON user_settings (weekly_day)
    WHERE weekly_day IS NOT NULL;

-- "Keep" on the digest's keep / snooze / drop question: the plan stays as it
-- is (no change, no revision) and the question is not asked again for a while.
CREATE TABLE plan_keeps (
    plan_id INTEGER PRIMARY KEY REFERENCES plans (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    kept_at TEXT NOT NULL
);
CREATE INDEX plan_keeps_by_user ON plan_keeps (user_id);
