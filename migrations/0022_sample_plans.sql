-- Plans drbot made as an example: onboarding's "Try this example" creates a
-- real plan, so its buttons, marks and undo work as they will for the
-- person's own; but it is not theirs to be reminded of.  A sample plan never
-- appears in a briefing (its stale, stuck and due steps are left out), and
-- one tap removes it ("Remove the example": memory/examples.py).  0 for every
-- plan made before this migration: they are the person's own.
ALTER TABLE plans ADD COLUMN sample INTEGER NOT NULL DEFAULT 0 CHECK (sample IN (0, 1));
