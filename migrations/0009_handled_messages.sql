-- Messages drbot acted on, so that an edit of one is not applied a second time
-- (an edited message is handled as new only when it was not yet
-- acted on, e.g. a group message edited to mention the bot). Kept for a
-- while only (memory/handled_messages.py prunes); an edit of an older message
-- is never applied.
CREATE TABLE handled_messages (
    chat_id    INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    user_id    INTEGER NOT NULL,
    handled_at TEXT NOT NULL,
    PRIMARY KEY (chat_id, message_id)
);
CREATE INDEX handled_messages_by_time ON handled_messages (handled_at);
