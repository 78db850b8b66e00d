-- A chat's open clarifying question (docs/UNDERSTANDING.md): when a
-- message has two close readings drbot writes nothing and asks; the answer (a
-- button or a typed number) runs the option's stored tool calls. At most one
-- per chat: a newer question replaces it, any other message clears it.

-- The question and its options as JSON text (the tool calls each option runs).
ALTER TABLE chat_state ADD COLUMN question TEXT;
-- A short random token carried by the buttons: a press on an older question's
-- buttons finds another token and changes nothing.
ALTER TABLE chat_state ADD COLUMN question_token TEXT;
-- When it was asked (UTC ISO-8601): a typed number answers it only for a while.
ALTER TABLE chat_state ADD COLUMN question_asked_at TEXT;
