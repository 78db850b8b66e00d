"""The tool registry: every change to plan memory, by the model or by the built-in rules, is a
call of one of these tools, validated and scoped to the acting person (the person is never an
argument). From outside: the registry and its context (``tool_registry``, ``catalogue``), the
plan tools' reads (``plan_tools``) and plain-text plans (``plan_text``), the questions drbot asks
back (``clarifying_question``) and the taking of their answers (``question_answers``), the
Complete / Keep open offer (``finishing``), commitments (``commitments``), "/plans all" and
reopening (``all_plans``), the reminder a bare "undo" takes back (``reminder_tools``), what is coming up over some days
(``coming_up``) and what was done over days gone by (``progress``), the
words that clear a due date (``due_dates``, for a local model's question) and what the rules
say back (``offline_answer``). Each tool's
arguments and handler stay inside."""

__all__ = [
    "all_plans",
    "catalogue",
    "clarifying_question",
    "coming_up",
    "commitments",
    "due_dates",
    "finishing",
    "offline_answer",
    "plan_text",
    "plan_tools",
    "progress",
    "question_answers",
    "reminder_tools",
    "tool_registry",
]
