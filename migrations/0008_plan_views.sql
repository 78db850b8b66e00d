-- The live view of each plan in each chat (one live view per plan):
-- the messages of the plan view sent last, whose buttons act on the plan.
-- When a newer view is sent, the older one's buttons are removed, so no button
-- acting on an outdated state stays in the chat, across restarts too.
CREATE TABLE plan_views (
    chat_id     INTEGER NOT NULL,
    plan_id     INTEGER NOT NULL REFERENCES plans (id) ON DELETE CASCADE,
    user_id     INTEGER NOT NULL,
    -- JSON list of message ids, in order; the last one carries the buttons.
    message_ids TEXT NOT NULL,
    sent_at     TEXT NOT NULL,
    PRIMARY KEY (chat_id, plan_id)
);
CREATE INDEX plan_views_by_plan ON plan_views (plan_id);
