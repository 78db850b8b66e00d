-- Reminders at a time of day.  A waiting moment given with a time
-- ("friday 10am", "monday 9") is a reminder: a message goes out at that
-- moment.  One given as a day ("friday", "in 3 days") wakes in that morning's
-- briefing.  wait_at_time says which; it is 0 whenever wait_until
-- is NULL.
ALTER TABLE plan_steps ADD COLUMN wait_at_time INTEGER NOT NULL DEFAULT 0;

-- The reminder job's one query for everyone, every minute: a short range of
-- moments, read from this index whatever the number of scheduled reminders.
CREATE INDEX plan_steps_reminders ON plan_steps (wait_until)
    WHERE wait_at_time = 1 AND removed_at IS NULL;
