"""Reading tool calls that a model wrote as text, and cleaning text for a person."""

from __future__ import annotations

import pytest

from drbot.ai.llm.text_tool_calls import TextCall, sanitize, scan

PASSPORT = {"title": "Renew passport", "steps": ["Get photos"]}

# (text, the calls it spells out) — the forms seen from small local models.
READABLE = {
    "fenced json": (
        '```json\n{"name": "create_plan", "arguments": {"title": "Renew passport", '
        '"steps": ["Get photos"]}}\n```',
        [("create_plan", PASSPORT)],
    ),
    "bare json, parameters": (
        '{"name": "get_plan", "parameters": {"title": "passport"}}',
        [("get_plan", {"title": "passport"})],
    ),
    "tool_call tags": (
        '<tool_call>{"name": "list_plans", "arguments": {}}</tool_call>',
        [("list_plans", {})],
    ),
    "tool_call tags, unclosed": (
        '<tool_call>\n{"name": "list_plans", "arguments": {}}\n',
        [("list_plans", {})],
    ),
    "function=name with json": (
        '<function=update_plan_step>{"step_id": 3, "status": "done"}</function>',
        [("update_plan_step", {"step_id": 3, "status": "done"})],
    ),
    "function=name with parameters": (
        "<function=update_plan_step>\n<parameter=step_id>\n3\n</parameter>\n"
        "<parameter=status>done</parameter>\n</function>",
        [("update_plan_step", {"step_id": 3, "status": "done"})],
    ),
    "qwen3 tool_call wrapping function=": (
        "<tool_call>\n<function=list_plans>\n</function>\n</tool_call>",
        [("list_plans", {})],
    ),
    "xml attributes, single quotes": (
        """<tools><function name="get_plan" arguments='{"title": "passport"}'/></tools>""",
        [("get_plan", {"title": "passport"})],
    ),
    "xml attributes, double quotes escaped": (
        '<function name="get_plan" arguments="{&quot;plan_id&quot;: 2}"/>',
        [("get_plan", {"plan_id": 2})],
    ),
    "xml attributes, unescaped double quotes": (
        '<function name="get_plan" arguments="{"title": "passport"}"></function>',
        [("get_plan", {"title": "passport"})],
    ),
    "invoke with named parameters": (
        '<invoke name="list_plans"><parameter name="status">all</parameter></invoke>',
        [("list_plans", {"status": "all"})],
    ),
    "arguments as a json string, prose around": (
        'Sure, I will create it.\n{"name": "create_plan", "arguments": "{\\"title\\": '
        '\\"Renew passport\\", \\"steps\\": [\\"Get photos\\"]}"}\nLet me know!',
        [("create_plan", PASSPORT)],
    ),
    "a list of calls": (
        '[{"name": "list_plans", "arguments": {}}, '
        '{"name": "get_plan", "arguments": {"plan_id": 1}}]',
        [("list_plans", {}), ("get_plan", {"plan_id": 1})],
    ),
    "calls in a row": (
        '{"name": "list_plans", "arguments": {}}\n'
        '<tool_call>{"name": "get_plan", "arguments": {"plan_id": 1}}</tool_call>',
        [("list_plans", {}), ("get_plan", {"plan_id": 1})],
    ),
    "openai function shape": (
        '{"type": "function", "function": {"name": "list_plans", "arguments": "{}"}}',
        [("list_plans", {})],
    ),
    "mistral marker": (
        '[TOOL_CALLS] [{"name": "list_plans", "arguments": {"status": "all"}}]',
        [("list_plans", {"status": "all"})],
    ),
}


@pytest.mark.parametrize("text, expected", READABLE.values(), ids=READABLE.keys())
def test_text_forms_are_read_as_calls_and_sanitized_away(text, expected):
    found = scan(text)
    assert found.calls == [TextCall(name, arguments) for name, arguments in expected]
    assert found.looks_like_call and not found.echo
    left = sanitize(text)
    assert "{" not in left and "<" not in left and "```" not in left and "TOOL_CALLS" not in left


def test_prose_around_a_call_is_kept():
    text = (
        "I'll make that plan now.\n\n```json\n"
        '{"name": "list_plans", "arguments": {}}\n```\n\nAnything else?'
    )
    assert sanitize(text) == "I'll make that plan now.\n\nAnything else?"


UNREADABLE = {
    "cut off json": '{"name": "create_plan", "arguments": {"title": "Fence", "steps": [',
    "python dict": "{'name': 'list_plans', 'arguments': {}}",
    "function tag, broken json": '<function=get_plan>{"title": passport}</function>',
    "arguments string that is not json": '{"name": "get_plan", "arguments": "passport"}',
}


@pytest.mark.parametrize("text", UNREADABLE.values(), ids=UNREADABLE.keys())
def test_unreadable_tool_text_still_looks_like_a_call(text):
    found = scan(text)
    assert found.looks_like_call
    assert all(call.arguments is None for call in found.calls)


def test_an_unknown_name_is_reported_as_written():
    [call] = scan('{"name": "delete_everything", "arguments": {"all": true}}').calls
    assert call == TextCall("delete_everything", {"all": True})


@pytest.mark.parametrize(
    "text",
    [
        "<tool_response>No active plans.</tool_response>",
        "<tool_result>\nCreated plan #1\n</tool_result>",
        "<tool_response>No active plans.",  # unclosed
    ],
)
def test_an_echoed_tool_result_is_an_echo_and_sanitizes_to_nothing(text):
    found = scan(text)
    assert found.echo and not found.looks_like_call and found.calls == []
    assert sanitize(text) == ""


def test_an_echo_is_cut_out_of_a_real_answer():
    text = "<tool_response>No active plans.</tool_response>\nYou have no active plans yet."
    assert sanitize(text) == "You have no active plans yet."


@pytest.mark.parametrize(
    "text",
    [
        "You have 2 plans: {fence} and [boiler].",
        'Your plan "Fix the fence" has 3 steps:\n✓ 1. Get quotes\n□ 2. Hire contractor',
        'Here is the plan as JSON: {"title": "Fence", "steps": ["Get quotes"]}',
        '{"name": "Renew my passport"}',  # not a tool name
        "Use <b>bold</b> sparingly; 3 < 4 and 5 > 2.",
        "Trailing spaces stay \nas   written\n\n\n\nhere.",
    ],
)
def test_ordinary_answers_are_left_alone(text):
    found = scan(text)
    assert not found.looks_like_call and not found.echo and found.calls == []
    assert sanitize(text) == text.strip()


@pytest.mark.parametrize("text", ["[" * 5000, '[{"a": ' * 3000, "{" * 5000])
def test_deeply_nested_brackets_are_not_a_call_and_do_not_fail(text):
    found = scan(text)
    assert found.calls == [] and not found.echo
    assert sanitize(text) == text.strip()
