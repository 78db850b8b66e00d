"""Every tool drbot has, in one registry: the plan tools, the commitment tools (which
build on the plan tools' helpers, so neither module imports the other's list), then the
reminder tools."""

from __future__ import annotations

from drbot.ai.tools.commitment_tools import tools as commitment_tools
from drbot.ai.tools.plan_tools import plan_tools
from drbot.ai.tools.reminder_tools import tools as reminder_tools
from drbot.ai.tools.tool_registry import ToolRegistry


def build_registry() -> ToolRegistry:
    return ToolRegistry(plan_tools() + commitment_tools() + reminder_tools())
