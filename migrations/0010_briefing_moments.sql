-- Once per local morning across time-zone moves. The briefing
-- claim also asks "was anything sent since the start of this local day
-- (in the person's zone now), or in the last 12 hours?", which looks up sends
-- by moment; and local_date takes the zone too ("2026-11-25@America/Los_Angeles",
-- older rows keep a bare date), so that someone who flew from Tokyo to Los
-- Angeles can have the Los Angeles morning of a date Tokyo already used.
CREATE INDEX briefings_sent_by_time ON briefings_sent (user_id, sent_at);
