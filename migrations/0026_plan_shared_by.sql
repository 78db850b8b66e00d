-- Who shared a plan into a group (/share N): only they may take it back out (/unshare N).
-- NULL for every other plan: a person's own, and a plan made in a group, which stays the
-- group's.  Set and cleared with the move of the plan's owner (memory/plan_sharing.py).
ALTER TABLE plans ADD COLUMN shared_by INTEGER;
