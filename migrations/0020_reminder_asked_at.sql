-- When the person asked for a step's wait (a reminder): the newer wish wins
-- between a reminder and a mute of its plan.  A reminder set after /mute N is
-- sent (the person asked for it knowing); /mute N after it holds it until
-- /unmute N.  Written with wait_until, by every write that changes the wait
-- (snooze, cancel, undo); NULL for waits set before this migration: a mute
-- holds them, as before.
ALTER TABLE plan_steps ADD COLUMN wait_set_at TEXT;
