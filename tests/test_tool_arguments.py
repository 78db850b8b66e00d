"""The tools' arguments, written once as pydantic models (drbot/ai/tools/arguments.py):
the JSON schema the model sees, the check a call must pass and the reasons a bad call gets.

``tool_schemas.json`` holds the tool list as it was written by hand before the models
replaced it; the generated schemas must say the same to the model (differences only where
they mean the same, e.g. an empty ``required`` left out) and be no longer.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.commitment_tools import tools as commitment_tools
from drbot.ai.tools.plan_tools import plan_tools
from drbot.ai.tools.reminder_tools import tools as reminder_tools
from drbot.ai.tools.tool_registry import ToolContext
from tests.dbdump import dump

RECORDED = json.loads((Path(__file__).parent / "tool_schemas.json").read_text("utf-8"))
TOOLS = {tool.name: tool for tool in plan_tools() + commitment_tools() + reminder_tools()}
ME = 7001
NOW = datetime(2026, 11, 24, 10, 0, tzinfo=UTC)


def _meaning(node: Any) -> Any:
    """A schema as what it means: an empty ``required`` is the same as none."""
    if isinstance(node, list):
        return [_meaning(item) for item in node]
    if not isinstance(node, dict):
        return node
    return {
        key: _meaning(value)
        for key, value in node.items()
        if not (key == "required" and value == [])
    }


def _keys(node: Any, inside_properties: bool = False) -> set[str]:
    """Every keyword used in a schema (property names themselves are not keywords)."""
    if isinstance(node, list):
        return set().union(*(_keys(item) for item in node)) if node else set()
    if not isinstance(node, dict):
        return set()
    found = set() if inside_properties else set(node)
    for key, value in node.items():
        found |= _keys(value, inside_properties=key == "properties" and not inside_properties)
    return found


def test_every_tool_has_a_recorded_schema_and_no_other():
    assert set(TOOLS) == set(RECORDED)
    assert set(build_registry().names()) == set(TOOLS)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_the_generated_schema_says_what_the_hand_written_one_said(name):
    tool = TOOLS[name]
    assert tool.description == RECORDED[name]["description"]
    assert _meaning(tool.input_schema) == _meaning(RECORDED[name]["input_schema"])


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_the_generated_schema_is_no_longer_than_the_hand_written_one(name):
    def size(schema: dict) -> int:
        return len(json.dumps(schema, ensure_ascii=False, separators=(",", ":")))

    assert size(TOOLS[name].input_schema) <= size(RECORDED[name]["input_schema"])


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_no_titles_defaults_references_or_nulls_reach_the_model(name):
    schema = TOOLS[name].input_schema
    assert not {"title", "default", "$defs", "$ref", "oneOf"} & _keys(schema)
    assert '"null"' not in json.dumps(schema)
    assert schema["additionalProperties"] is False


BAD_CALLS = [
    ("update_plan_step", {"step_id": "one"}, "step_id must be an integer, not a string"),
    ("update_plan_step", {"step_id": True}, "step_id must be an integer, not a boolean"),
    (
        "update_plan_step",
        {"step_id": 1, "status": "finished"},
        "status must be one of pending, in_progress, done, skipped, blocked",
    ),
    ("update_plan_step", {"step_id": 10**30, "status": "done"}, "step_id is out of range"),
    ("get_plan", {"plan_id": 0}, "plan_id must be at least 1"),
    ("get_plan", {"title": ""}, "title must not be empty"),
    ("snooze_step", {"step_id": 1, "until": None}, "until must be a string, not null"),
    ("snooze_step", {"step_id": 1, "days": 4000}, "days must be at most 3650"),
    ("snooze_step", {"step_id": 1, "days": None}, "days must be an integer, not null"),
    ("list_plans", {"status": "open"}, "status must be one of active, complete, abandoned, all"),
    ("create_plan", {"title": "x"}, "steps is required"),
    ("create_plan", {"title": "x", "steps": [], "user_id": 8}, "user_id is not a known field"),
    ("create_plan", {"title": "x", "steps": "Call Jim"}, "steps must be an array, not a string"),
    ("create_plan", {"title": "x", "steps": [3]}, "steps[0] must be a string, not an integer"),
    ("create_plan", {"title": "x", "steps": ["ok", ""]}, "steps[1] must not be empty"),
    ("create_plan", {"title": "x", "steps": [{"notes": "n"}]}, "steps[0].title is required"),
    (
        "create_plan",
        {"title": "x", "steps": [{"title": "a", "due": 1}]},
        "steps[0].due must be a string, not an integer",
    ),
    (
        "create_plan",
        {"title": "x", "steps": [{"title": "a", "owner": 8}]},
        "steps[0].owner is not a known field",
    ),
    (
        "create_plan",
        {"title": "x", "steps": [{"title": "a", "estimated_days": 0}]},
        "steps[0].estimated_days must be at least 0.01",
    ),
    ("create_plan", {"title": "x", "steps": ["s"] * 51}, "steps has more than 50 items"),
    ("replan", {"plan_id": 1, "steps": []}, "steps needs at least 1 item"),
    (
        "add_step",
        {"plan_id": 1, "title": "a", "estimated_days": "2"},
        "estimated_days must be a number, not a string",
    ),
    (
        "set_reminder",
        {"text": "Call", "when": "friday", "user_id": 8},
        "user_id is not a known field",
    ),
    ("cancel_reminder", {}, "reminder is required"),
    ("list_reminders", ["all"], "arguments must be an object, not an array"),
]


@pytest.mark.parametrize("name, arguments, reason", BAD_CALLS)
async def test_a_bad_call_gets_one_short_reason_and_changes_nothing(store, name, arguments, reason):
    plan_id = await store.create_plan(ME, "Fence", None, ["Get quotes"])
    before = dump(store.db.path)
    ctx = ToolContext(
        store=store,
        users=None,
        user_id=ME,
        chat_id=ME,
        now=NOW,
        timezone="UTC",
        current_plan_id=plan_id,
    )
    result = await build_registry().call(name, arguments, ctx)
    assert result.is_error and result.internal
    assert result.content == f"Invalid arguments for {name}: {reason}."
    assert dump(store.db.path) == before and ctx.changes == []


async def test_a_handler_gets_only_the_arguments_given_with_steps_as_plain_dicts(store):
    ctx = ToolContext(store=store, users=None, user_id=ME, chat_id=ME, now=NOW, timezone="UTC")
    result = await build_registry().call(
        "create_plan",
        {
            "title": "Fence",
            "steps": [
                "Get quotes",
                {"title": "Pick one", "notes": "cheapest", "estimated_days": 2},
            ],
        },
        ctx,
    )
    assert not result.is_error, result.content
    plan = await store.get_plan(ME, ctx.current_plan_id)
    assert [(s["title"], s["notes"], s["estimated_days"]) for s in plan["steps"]] == [
        ("Get quotes", None, None),
        ("Pick one", "cheapest", 2),
    ]
