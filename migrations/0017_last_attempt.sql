-- The newest attempt that stands (not undone), kept on its step: the
-- scheduler's everyone-scans (stale, stuck, due) read it with the step
-- instead of a correlated lookup in plan_step_attempts per step, which was a
-- third of the stale scan at 10,000 people (docs/PERFORMANCE.md).
--
-- Triggers keep the copy, not the write paths: attempts are added by
-- PlanStore.update_step and retracted by undo (plan_revisions.undo_latest),
-- but also by imports, tests and benches that write SQL directly; a trigger
-- cannot be forgotten by a future write path.  Attempts are append-only
-- (0001) and a retraction is never taken back, so these two inserts are the
-- only events that move the newest standing attempt.  (Forget deletes a
-- person's attempts together with their steps.)
ALTER TABLE plan_steps ADD COLUMN last_attempt_id INTEGER;
ALTER TABLE plan_steps ADD COLUMN last_attempt_at TEXT;
ALTER TABLE plan_steps ADD COLUMN last_outcome TEXT;

-- The newest is the latest attempted_at, then the highest id (the order the
-- queries used before): an attempt inserted with an older time is not newest.
CREATE TRIGGER plan_step_attempts_newest AFTER INSERT ON plan_step_attempts
BEGIN
    UPDATE plan_steps
       SET last_attempt_id = NEW.id, last_attempt_at = NEW.attempted_at,
           last_outcome = NEW.outcome
     WHERE id = NEW.step_id
       AND (last_attempt_id IS NULL OR NEW.attempted_at > last_attempt_at
            OR (NEW.attempted_at = last_attempt_at AND NEW.id > last_attempt_id));
END;

-- Undoing the newest attempt makes the one before it (if any stands) newest;
-- undoing an older one changes nothing.
CREATE TRIGGER attempt_retractions_newest AFTER INSERT ON attempt_retractions
BEGIN
    UPDATE plan_steps
       SET (last_attempt_id, last_attempt_at, last_outcome) = (
           SELECT a.id, a.attempted_at, a.outcome FROM plan_step_attempts a
            WHERE a.step_id = plan_steps.id
              AND NOT EXISTS (SELECT 1 FROM attempt_retractions r WHERE r.attempt_id = a.id)
            ORDER BY a.attempted_at DESC, a.id DESC LIMIT 1)
     WHERE id = (SELECT step_id FROM plan_step_attempts WHERE id = NEW.attempt_id)
       AND last_attempt_id = NEW.attempt_id;
END;

UPDATE plan_steps
   SET (last_attempt_id, last_attempt_at, last_outcome) = (
       SELECT a.id, a.attempted_at, a.outcome FROM plan_step_attempts a
        WHERE a.step_id = plan_steps.id
          AND NOT EXISTS (SELECT 1 FROM attempt_retractions r WHERE r.attempt_id = a.id)
        ORDER BY a.attempted_at DESC, a.id DESC LIMIT 1)
 WHERE id IN (SELECT step_id FROM plan_step_attempts);
