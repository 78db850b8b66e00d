"""Reading people's words, with no I/O: dates and times (``dates``, ``due_dates``,
``reminder_words``), what a sentence about a step wants and what states no change (``intents``,
``hedges``), words of any letters (``letters``), which step it names (``step_match``; for a menu or an offer only, the steps a message
nobody could read shares a content word with: ``steps_about``), plans and their edits in words
(``plan_phrases``, ``plan_prose``, ``plan_edits``, ``replacements``, ``reworks``), a step put off
to a day ahead in everyday words (``put_offs``), a thing called off
(``call_offs``), a new plan's reading
checked before it is written (``plan_checks``; whether its title names a thing: ``plan_titles``), signs that a statement's reading is
uncertain (``certainty``; a step whose thing the message names otherwise: ``other_names``) and
that the day of a wait is doubtful (``date_doubts``), something
being done right now
(``under_way``), a step said done, under way or tried in its own verb or one of its family
(``own_verbs``), a step named by its own words, strictly (``own_things``), a request to see
(``see_requests``), a question about the days to come (``agenda_requests``) and mark lines
(``marks_input``), the words of other languages mixed in, read as an English gloss
(``other_tongues``); and a second, learnt reader of how likely each kind of write is
(``write_odds``), a learnt check of a new plan's shape (``plan_odds``), a learnt choice among a new
plan's neighbouring shapes (``plan_shapes``) and a learnt check of
which step news is about (``step_odds``): their weights are the one file each reads, once.
Each module is a pure reading of text into a typed result; what to do with a
reading (write, ask, or nothing) belongs to the rules, the tools and the bot, which use every
module here."""

__all__ = [
    "agenda_requests",
    "call_offs",
    "certainty",
    "date_doubts",
    "dates",
    "due_dates",
    "hedges",
    "intents",
    "letters",
    "marks_input",
    "other_names",
    "other_tongues",
    "own_things",
    "own_verbs",
    "plan_checks",
    "plan_edits",
    "plan_odds",
    "plan_phrases",
    "plan_prose",
    "plan_shapes",
    "plan_titles",
    "put_offs",
    "reminder_words",
    "replacements",
    "replan_doubts",
    "reworks",
    "see_requests",
    "step_match",
    "step_odds",
    "steps_about",
    "under_way",
    "write_odds",
]
