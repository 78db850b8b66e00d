-- Model turns in progress, so a restart knows what a killed one did
-- (drbot/memory/turn_journal.py, docs/RELIABILITY.md).
--
-- A model turn is stored in turns only when it ends, but its tools commit as
-- they go.  turn_journal holds, for a turn whose tools have changed something,
-- the person's message and the tool calls that committed (each written in the
-- same transaction as its tool's change, its result added right after).  The
-- transaction that stores the turn deletes the row: a row left at start-up is
-- a turn a kill cut short.  One turn runs at a time per person in a chat.
CREATE TABLE turn_journal (
    chat_id    INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    user_text  TEXT NOT NULL,
    origin     TEXT,
    started_at TEXT NOT NULL,
    -- JSON list of {"tool_use": the model's block, "result": text or null, "is_error"}
    calls      TEXT NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);

-- The "Working on it…" message a slow turn showed, until its answer replaced
-- it.  after_turn: the newest stored turn of the conversation before that turn
-- began (0: none), so a turn stored since is the one it was waiting for.
CREATE TABLE turn_placeholders (
    chat_id    INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    after_turn INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (chat_id, user_id)
);
