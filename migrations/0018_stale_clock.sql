-- Each step's stale clock, kept on the step: the everyone stale scan becomes
-- one range read of a small covering index instead of a walk over every active
-- plan's steps (docs/PERFORMANCE.md, "Scheduler at scale").
--
-- stale_clock is set only on a step of its plan's stale frontier (docs/ARCHITECTURE.md,
-- "Stale": in an active plan, each in-progress step, or, only when none is in
-- progress, the first pending step) and holds the moment its clock started:
-- the latest of its status change, its newest standing attempt, its waiting
-- date and, for the first pending step, the newest status change of the done
-- or skipped steps before it.  Every other step has NULL.  A step is stale when
-- stale_clock < now - stale_days, so the column does not depend on "now".
--
-- Triggers keep it, not the write paths (as 0017 does for the newest attempt):
-- the frontier moves with any step of the plan, and steps are written by
-- marks, attempts (through 0017's trigger), undo, re-plans, imports, tests and
-- benches.  Whenever something that decides the frontier changes, the plan's
-- open steps are worked out again (a plan has tens of steps, and people write
-- at human speed); a waiting date or a newest attempt, that step alone.  Steps
-- never move between plans.

ALTER TABLE plan_steps ADD COLUMN stale_clock TEXT;

-- One definition for every trigger: inserting (plan id, step id) into this
-- view works that step out again, or with a NULL step id every step of the
-- plan (SQLite has no procedures; an INSTEAD OF trigger on a view that never
-- holds a row is the usual stand-in).  Steps that cannot be on the frontier
-- and have no clock are skipped: they would stay NULL.  A trigger's UPDATE
-- cannot alias its table: plan_steps.* is the step being worked out.
CREATE VIEW stale_clock_refresh (plan_id, step_id) AS SELECT NULL, NULL WHERE 0;

CREATE TRIGGER stale_clock_refresh INSTEAD OF INSERT ON stale_clock_refresh
BEGIN
    UPDATE plan_steps SET stale_clock = (
      CASE WHEN plan_steps.removed_at IS NULL
            AND (SELECT p.status FROM plans p WHERE p.id = plan_steps.plan_id) = 'active' THEN
        CASE WHEN plan_steps.status = 'in_progress' THEN
               max(plan_steps.status_since, coalesce(plan_steps.last_attempt_at, ''),
                   coalesce(plan_steps.wait_until, ''))
             WHEN plan_steps.status = 'pending'
              AND NOT EXISTS (SELECT 1 FROM plan_steps e
                              WHERE e.plan_id = plan_steps.plan_id AND e.removed_at IS NULL
                                AND e.status = 'in_progress')
              AND plan_steps.id = (SELECT n.id FROM plan_steps n
                                   WHERE n.plan_id = plan_steps.plan_id
                                     AND n.removed_at IS NULL AND n.status = 'pending'
                                   ORDER BY n.position LIMIT 1) THEN
               max(plan_steps.status_since, coalesce(plan_steps.last_attempt_at, ''),
                   coalesce(plan_steps.wait_until, ''),
                   coalesce((SELECT max(e.status_since) FROM plan_steps e
                             WHERE e.plan_id = plan_steps.plan_id AND e.removed_at IS NULL
                               AND e.status IN ('done', 'skipped')
                               AND e.position < plan_steps.position), ''))
        END
      END)
     WHERE plan_id = NEW.plan_id AND (NEW.step_id IS NULL OR id = NEW.step_id)
       AND (stale_clock IS NOT NULL
            OR (removed_at IS NULL AND status IN ('in_progress', 'pending')));
END;

CREATE TRIGGER plan_steps_stale_clock_insert AFTER INSERT ON plan_steps
BEGIN
    INSERT INTO stale_clock_refresh (plan_id) VALUES (NEW.plan_id);
END;

-- The columns that move the frontier, or (status_since of a done or skipped
-- step) the first pending step's clock: the whole plan.
CREATE TRIGGER plan_steps_stale_clock_update
AFTER UPDATE OF status, status_since, position, removed_at ON plan_steps
BEGIN
    INSERT INTO stale_clock_refresh (plan_id) VALUES (NEW.plan_id);
END;

-- A waiting date or a newest attempt (set by 0017's triggers) moves only the
-- step's own clock: an attempt is logged on most writes, and the bench fills
-- hundreds of thousands.
CREATE TRIGGER plan_steps_stale_clock_own
AFTER UPDATE OF wait_until, last_attempt_at ON plan_steps
BEGIN
    INSERT INTO stale_clock_refresh (plan_id, step_id) VALUES (NEW.plan_id, NEW.id);
END;

CREATE TRIGGER plan_steps_stale_clock_delete AFTER DELETE ON plan_steps
BEGIN
    INSERT INTO stale_clock_refresh (plan_id) VALUES (OLD.plan_id);
END;

CREATE TRIGGER plans_stale_clock AFTER UPDATE OF status ON plans
BEGIN
    INSERT INTO stale_clock_refresh (plan_id) VALUES (NEW.id);
END;

-- Covering: the everyone-scan reads every column it returns from the index
-- (the step rows are spread over the whole table; reading them one by one was
-- most of the scan).  Partial: only frontier steps, about one per active plan.
CREATE INDEX plan_steps_stale ON plan_steps (
    stale_clock, plan_id, position, id, title, status, status_note, status_since,
    wait_until, estimated_days, last_attempt_at, last_outcome)
WHERE stale_clock IS NOT NULL;

INSERT INTO stale_clock_refresh (plan_id) SELECT id FROM plans;
