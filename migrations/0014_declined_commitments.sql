-- Commitments the person said No to: when a
-- message like "I'll call the council tomorrow" was offered for tracking and
-- declined, the same message (sent again, or read again by the model) is not
-- offered a second time. The message is kept only as a hash: enough to know it
-- again, nothing to read back. Rows expire (memory/declined_commitments.py).
CREATE TABLE declined_commitments (
    user_id     INTEGER NOT NULL,
    message_key TEXT NOT NULL,
    declined_at TEXT NOT NULL,
    PRIMARY KEY (user_id, message_key)
);
CREATE INDEX declined_commitments_by_time ON declined_commitments (declined_at);
