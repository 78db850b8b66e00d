"""Plan memory: the SQLite file and everything stored in it."""

from drbot.memory.database import Database
from drbot.memory.errors import NotFound
from drbot.memory.plans import PlanStore

__all__ = ["Database", "NotFound", "PlanStore"]
