-- Updates fetched from Telegram but not yet taken up by a handler.
-- python-telegram-bot confirms a batch of updates to Telegram (the next
-- getUpdates offset) before it handles them, and a chat's later updates wait
-- in memory behind its earlier ones: a crash would lose them silently.  Each
-- is written here as soon as it is scheduled, removed when a handler claims it
-- (processed_updates), and replayed at the next start.
CREATE TABLE inbox (
    update_id   INTEGER PRIMARY KEY,
    received_at TEXT NOT NULL,
    payload     TEXT NOT NULL
);
