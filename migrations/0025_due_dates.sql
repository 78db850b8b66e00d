-- Due dates on steps ("submit the tax return by jan 31", "deadline friday").
--
-- due_date is a calendar day in the person's own zone, YYYY-MM-DD (not a
-- moment: "due friday" means all of Friday wherever they are); NULL = none.
-- due_set_at is when it was set (UTC ISO-8601): a due reminder is sent only
-- for a moment after it, so a date set at 20:00 for tomorrow does not bring a
-- "due tomorrow" reminder a minute later.  Undo restores both with the steps.
ALTER TABLE plan_steps ADD COLUMN due_date TEXT
    CHECK (due_date IS NULL OR (length(due_date) = 10 AND date(due_date) = due_date));
ALTER TABLE plan_steps ADD COLUMN due_set_at TEXT;

-- The morning agenda's and the due reminders' one read for everyone: the
-- open steps with a due date, from this index, however many steps have none.
CREATE INDEX plan_steps_due ON plan_steps (due_date)
    WHERE due_date IS NOT NULL AND removed_at IS NULL;

-- /due_reminders on|off: a reminder the evening before and (with no morning
-- briefing) on the morning of a due date.  On unless turned off.
ALTER TABLE user_settings ADD COLUMN due_reminders INTEGER NOT NULL DEFAULT 1
    CHECK (due_reminders IN (0, 1));
