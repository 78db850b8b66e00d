-- Conversations: per-chat state, the turns that make up
-- the model's history, the message kept for /retry, and Telegram updates
-- already handled. Times are UTC ISO-8601 text, so they sort as text.

-- One row per chat. A chat is private, so it belongs to the one user who first
-- wrote in it; every read and write is scoped by (chat_id, user_id).
CREATE TABLE chat_state (
    chat_id            INTEGER PRIMARY KEY,
    user_id            INTEGER NOT NULL,
    -- The plan most recently created, changed or viewed here; mark lines
    -- ("✓ 2") apply to it. Deleting the plan must not leave a dangling id.
    current_plan_id    INTEGER REFERENCES plans (id) ON DELETE SET NULL,
    -- The step most recently acted on, for "try again". No foreign key: steps
    -- are only removed with their plan, and readers join to check it still exists.
    last_step_id       INTEGER,
    -- History starts at this turn id. It only moves forward, and in chunks,
    -- so the cached prompt prefix stays the same between trims.
    history_start_turn INTEGER NOT NULL DEFAULT 0,
    updated_at         TEXT NOT NULL
);

-- One row per handled message. messages is the JSON list of Anthropic message
-- dicts the turn added (user ... assistant, announce blocks excluded: they are
-- rebuilt fresh every round and must never enter the cached history). Storing
-- whole turns is what lets trimming never split a tool_use from its tool_result.
CREATE TABLE turns (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    chat_id            INTEGER NOT NULL,
    user_id            INTEGER NOT NULL,
    started_at         TEXT NOT NULL,
    finished_at        TEXT NOT NULL,
    user_text          TEXT NOT NULL,
    messages           TEXT NOT NULL,
    final_announce     TEXT,
    outcome            TEXT NOT NULL
                       CHECK (outcome IN ('answered', 'round_limit', 'max_tokens', 'failed',
                                          'offline', 'marks')),
    model_calls        INTEGER NOT NULL DEFAULT 0,
    -- Token usage as the API reports it, so spending can be summed per user.
    input_tokens       INTEGER NOT NULL DEFAULT 0,
    cache_read_tokens  INTEGER NOT NULL DEFAULT 0,
    cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    output_tokens      INTEGER NOT NULL DEFAULT 0,
    origin             TEXT
);
-- History reads the newest turns of one chat; usage sums one user's turns since a moment.
CREATE INDEX turns_by_chat ON turns (chat_id, id);
CREATE INDEX turns_by_user ON turns (user_id, started_at);

-- The person's message kept when the model could not answer, so /retry can
-- run it again. At most one per chat: the newest unanswered message wins.
CREATE TABLE pending_messages (
    chat_id    INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL,
    text       TEXT NOT NULL,
    origin     TEXT,
    reason     TEXT,
    created_at TEXT NOT NULL
);

-- Telegram may deliver an update again (after a restart or a timeout); a
-- recorded update_id makes the second delivery have no effect.
CREATE TABLE processed_updates (
    update_id    INTEGER PRIMARY KEY,
    processed_at TEXT NOT NULL
);
