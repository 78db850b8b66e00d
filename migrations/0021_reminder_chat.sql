-- A reminder asked for in a group reaches the person.  Telegram lets a bot
-- write to someone's private chat only after they opened it; a person who uses
-- drbot only in a group never did, and their reminders used to be refused
-- there (403) and given up.  Now a reminder remembers where it was asked for,
-- and goes to that group when the person has no private chat with drbot (no
-- conversation there: chat_state has no row with chat_id = user_id) or
-- Telegram refuses it there.

-- The group a step's reminder was asked for in and the message that asked for
-- it (the reminder answers it).  Written with wait_until by every write that
-- sets a wait; NULL when it was asked for in the private chat (or the
-- terminal), and for waits set before this migration: the private chat, as before.
ALTER TABLE plan_steps ADD COLUMN wait_chat_id INTEGER;
ALTER TABLE plan_steps ADD COLUMN wait_message_id INTEGER;
