"""Plan memory: the SQLite file and everything stored in it."""

from drbot.memory.database import Database
from drbot.memory.errors import CANNOT_SAVE, NotFound, cannot_write
from drbot.memory.plans import PlanStore
from drbot.memory.records import Attempt, Plan, PlanStatus, Step, StepStatus

__all__ = [
    "CANNOT_SAVE",
    "Attempt",
    "Database",
    "NotFound",
    "Plan",
    "PlanStatus",
    "PlanStore",
    "Step",
    "StepStatus",
    "cannot_write",
]
