-- A chat shared by several allowed people (a Telegram group) keeps one
-- conversation per person: each has their own history, current plan, open
-- question and message kept for /retry, and their turns count against their
-- own token budget. Two people's conversations never mix. A private chat has
-- one person, so it keeps exactly the one row it had.
-- SQLite cannot change a primary key in place: both tables are rebuilt with
-- their rows.
CREATE TABLE chat_state_new (
    chat_id            INTEGER NOT NULL,
    user_id            INTEGER NOT NULL,
    current_plan_id    INTEGER REFERENCES plans (id) ON DELETE SET NULL,
    last_step_id       INTEGER,
    history_start_turn INTEGER NOT NULL DEFAULT 0,
    updated_at         TEXT NOT NULL,
    question           TEXT,
    question_token     TEXT,
    question_asked_at  TEXT,
    PRIMARY KEY (chat_id, user_id)
);
INSERT INTO chat_state_new (chat_id, user_id, current_plan_id, last_step_id,
                            history_start_turn, updated_at, question, question_token,
                            question_asked_at)
SELECT chat_id, user_id, current_plan_id, last_step_id, history_start_turn, updated_at,
       question, question_token, question_asked_at FROM chat_state;
DROP TABLE chat_state;
ALTER TABLE chat_state_new RENAME TO chat_state;

CREATE TABLE pending_messages_new (
    chat_id    INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    text       TEXT NOT NULL,
    origin     TEXT,
    reason     TEXT,
    created_at TEXT NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
INSERT INTO pending_messages_new (chat_id, user_id, text, origin, reason, created_at)
SELECT chat_id, user_id, text, origin, reason, created_at FROM pending_messages;
DROP TABLE pending_messages;
ALTER TABLE pending_messages_new RENAME TO pending_messages;
