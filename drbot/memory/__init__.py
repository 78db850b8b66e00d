"""Plan memory: the SQLite file and everything stored in it, and the only code that touches it.
Plans are changed and read through ``PlanStore`` (one transaction and one revision per change,
every call scoped to the acting owner); the modules that build it (queries, writes, revisions,
attention, sharing, title matching) stay inside. The other stores are listed here by module, each
owning its tables: conversations, settings, reminders, the proactive sends' log, the inbox and
the turn journal, and the jobs that prune or forget. Nothing here imports the rest of drbot."""

from drbot.memory.database import Database
from drbot.memory.errors import CANNOT_SAVE, NoPlanToMark, NotFound, cannot_write
from drbot.memory.plans import PlanStore
from drbot.memory.records import Attempt, Plan, PlanStatus, Step, StepStatus

__all__ = [
    "CANNOT_SAVE",
    "Attempt",
    "Database",
    "NoPlanToMark",
    "NotFound",
    "Plan",
    "PlanStatus",
    "PlanStore",
    "Step",
    "StepStatus",
    "cannot_write",
    # the modules used from outside, each by its public names
    "briefings",
    "clock",
    "conversations",
    "database",
    "declined_commitments",
    "digest_answers",
    "due_dates",
    "forget",
    "handled_messages",
    "inbox",
    "limits",
    "owners",
    "personal_reminders",
    "plan_views",
    "plans",
    "proactive_sends",
    "process_lock",
    "quiet",
    "records",
    "recurrence",
    "retention",
    "review_queries",
    "reviews",
    "sample_plans",
    "step_reminders",
    "turn_journal",
    "user_settings",
]
