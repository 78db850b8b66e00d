-- What the plan rules (docs/ARCHITECTURE.md) add to 0001's tables: estimates, the moment a
-- step entered its status, waiting dates, notes, revisions, retractions and
-- per-user settings.

ALTER TABLE plans ADD COLUMN times_replanned INTEGER NOT NULL DEFAULT 0;

ALTER TABLE plan_steps ADD COLUMN estimated_days REAL;
ALTER TABLE plan_steps ADD COLUMN expected_outcome TEXT;
-- When the step entered its current status: staleness counts from here, so
-- editing a note does not reset the clock (updated_at would).
ALTER TABLE plan_steps ADD COLUMN status_since TEXT;
-- Why the step has its status ("waiting on council"); cleared when it changes.
ALTER TABLE plan_steps ADD COLUMN status_note TEXT;
-- Snoozed, or blocked, until this UTC moment; surfaced when it comes.
ALTER TABLE plan_steps ADD COLUMN wait_until TEXT;
-- Set when a replan or an undo takes the step out of the plan. The row stays
-- so that its attempts (which can never be deleted) keep their step.
ALTER TABLE plan_steps ADD COLUMN removed_at TEXT;

UPDATE plan_steps SET status_since = updated_at;

CREATE INDEX plan_steps_open ON plan_steps (plan_id, status, position)
    WHERE removed_at IS NULL;

CREATE TABLE plan_notes (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id    INTEGER NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    kind       TEXT NOT NULL CHECK (kind IN ('finding', 'progress')),
    text       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    removed_at TEXT
);
CREATE INDEX plan_notes_by_plan ON plan_notes (plan_id, id);

-- One row per change to a plan: the whole plan as it stood afterwards.
-- undone_at marks a revision taken back by /undo; undoes names the revision
-- that an undo row reverted.
CREATE TABLE plan_revisions (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    plan_id    INTEGER NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    revision   INTEGER NOT NULL,
    cause      TEXT NOT NULL,
    origin     TEXT,
    snapshot   TEXT NOT NULL,
    created_at TEXT NOT NULL,
    undone_at  TEXT,
    undoes     INTEGER,
    UNIQUE (plan_id, revision)
);

-- Plans made before revisions were kept get one as they stand now, so that the
-- first change after the upgrade can be undone like any other.
INSERT INTO plan_revisions (plan_id, revision, cause, origin, snapshot, created_at)
SELECT p.id, 1, 'as it stood before revisions were kept', NULL, json_object(
    'plan', json_object('title', p.title, 'description', p.description, 'status', p.status,
                        'times_replanned', 0),
    'steps', json((SELECT json_group_array(json(step)) FROM (
        SELECT json_object('id', s.id, 'position', s.position, 'title', s.title,
                           'notes', s.notes, 'status', s.status, 'status_note', NULL,
                           'status_since', s.status_since, 'estimated_days', NULL,
                           'expected_outcome', NULL, 'wait_until', NULL) AS step
        FROM plan_steps s WHERE s.plan_id = p.id ORDER BY s.position))),
    'last_attempt_id', (SELECT coalesce(max(a.id), 0) FROM plan_step_attempts a
                        JOIN plan_steps s ON s.id = a.step_id WHERE s.plan_id = p.id),
    'last_note_id', 0), p.updated_at
FROM plans p;

-- An undone attempt is marked here rather than edited or deleted.
CREATE TABLE attempt_retractions (
    attempt_id   INTEGER PRIMARY KEY REFERENCES plan_step_attempts (id) ON DELETE CASCADE,
    revision_id  INTEGER NOT NULL REFERENCES plan_revisions (id) ON DELETE CASCADE,
    retracted_at TEXT NOT NULL
);

CREATE TABLE user_settings (
    user_id       INTEGER PRIMARY KEY,
    timezone      TEXT,
    briefing_time TEXT,
    updated_at    TEXT NOT NULL
);
