-- A conversation is one person's in one chat (0013_chat_per_person.sql), and
-- every read of turns is by conversation: history and /retry read its newest
-- turns, and retention keeps each conversation's newest 200
-- (drbot/memory/retention.py).  On turns_by_chat (chat_id, id) alone, finding
-- one member's 200th newest turn in a group walks every member's turns; here
-- it is 200 steps of this index, which also lists the conversations without
-- reading the table.
CREATE INDEX turns_by_conversation ON turns (chat_id, user_id, id);
