-- The scheduler's everyone-scans at scale (10,000 people x 40 steps): two
-- small partial indexes, so the briefing job reads only the steps that can
-- need attention instead of every open step.

-- Waiting steps (snoozed or blocked until a date): "due" is a range read on
-- the date instead of a scan of every open step.  Done and skipped steps drop
-- their date, so this holds a few rows per person.
CREATE INDEX plan_steps_waiting ON plan_steps (wait_until)
    WHERE removed_at IS NULL AND wait_until IS NOT NULL;

-- In-progress steps: "stuck" and the all-users stale scan start from these
-- (about one per active plan) instead of every open step or every plan.
CREATE INDEX plan_steps_in_progress ON plan_steps (plan_id, position)
    WHERE removed_at IS NULL AND status = 'in_progress';
