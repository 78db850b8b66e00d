-- Two more turn outcomes: "not_understood" (the model wrote a
-- tool call as text that could not be run, or only echoed a tool result, so
-- nothing was done) and "repeating" (the same call kept coming back).
-- SQLite cannot change a CHECK constraint in place: the table is rebuilt with
-- its rows, ids and AUTOINCREMENT counter, and its indexes recreated.
CREATE TABLE turns_new (
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
                                          'offline', 'marks', 'not_understood', 'repeating')),
    model_calls        INTEGER NOT NULL DEFAULT 0,
    input_tokens       INTEGER NOT NULL DEFAULT 0,
    cache_read_tokens  INTEGER NOT NULL DEFAULT 0,
    cache_write_tokens INTEGER NOT NULL DEFAULT 0,
    output_tokens      INTEGER NOT NULL DEFAULT 0,
    origin             TEXT
);
INSERT INTO turns_new (id, chat_id, user_id, started_at, finished_at, user_text, messages,
                       final_announce, outcome, model_calls, input_tokens, cache_read_tokens,
                       cache_write_tokens, output_tokens, origin)
SELECT id, chat_id, user_id, started_at, finished_at, user_text, messages, final_announce,
       outcome, model_calls, input_tokens, cache_read_tokens, cache_write_tokens,
       output_tokens, origin FROM turns;
-- Ids are never reused, even of turns deleted at the end: keep the counter.
DELETE FROM sqlite_sequence WHERE name = 'turns_new';
INSERT INTO sqlite_sequence (name, seq) SELECT 'turns_new', seq FROM sqlite_sequence
 WHERE name = 'turns';
DROP TABLE turns;
ALTER TABLE turns_new RENAME TO turns;
CREATE INDEX turns_by_chat ON turns (chat_id, id);
CREATE INDEX turns_by_user ON turns (user_id, started_at);
