-- The plan memory: plans, ordered steps, and an
-- append-only log of attempts. Times are UTC ISO-8601 text, so they sort as text.

CREATE TABLE plans (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id     INTEGER NOT NULL,
    title       TEXT NOT NULL,
    description TEXT,
    status      TEXT NOT NULL DEFAULT 'active'
                CHECK (status IN ('active', 'complete', 'abandoned')),
    created_at  TEXT NOT NULL,
    updated_at  TEXT NOT NULL
);
CREATE INDEX plans_by_user ON plans (user_id, status, updated_at);

CREATE TABLE plan_steps (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id    INTEGER NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    position   INTEGER NOT NULL CHECK (position >= 1),
    title      TEXT NOT NULL,
    notes      TEXT,
    status     TEXT NOT NULL DEFAULT 'pending'
               CHECK (status IN ('pending', 'in_progress', 'done', 'skipped', 'blocked')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX plan_steps_by_plan ON plan_steps (plan_id, position);

CREATE TABLE plan_step_attempts (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    step_id      INTEGER NOT NULL REFERENCES plan_steps (id) ON DELETE CASCADE,
    attempted_at TEXT NOT NULL,
    outcome      TEXT NOT NULL,
    notes        TEXT
);
CREATE INDEX plan_step_attempts_by_step ON plan_step_attempts (step_id, attempted_at);

-- History is never overwritten: the database itself refuses edits and deletions.
CREATE TRIGGER plan_step_attempts_no_update BEFORE UPDATE ON plan_step_attempts
BEGIN
    SELECT RAISE(ABORT, 'plan_step_attempts is append-only');
END;

CREATE TRIGGER plan_step_attempts_no_delete BEFORE DELETE ON plan_step_attempts
BEGIN
    SELECT RAISE(ABORT, 'plan_step_attempts is append-only');
END;
