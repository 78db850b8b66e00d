"""The tool registry: every change to plan memory, by the model or by the built-in rules, is a
call of one of these tools, validated and scoped to the acting person (the person is never an
argument). Also the questions drbot asks back (``clarifying_question``, ``question_answers``) and plan text."""
