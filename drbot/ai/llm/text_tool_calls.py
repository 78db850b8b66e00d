"""Tool calls that a model wrote as text instead of ``tool_use`` blocks.

Small local models (behind llama.cpp, Ollama, …) often answer a tool request
with the call spelled out in their own chat template rather than as a
``tool_use`` block, for example::

    ```json
    {"name": "create_plan", "arguments": {"title": "Renew passport", "steps": ["Get photos"]}}
    ```
    <tool_call>{"name": "list_plans", "arguments": {}}</tool_call>
    <function=update_plan_step>{"step_id": 3, "status": "done"}</function>
    <function=update_plan_step><parameter=step_id>3</parameter></function>
    <tools><function name="get_plan" arguments='{"title": "passport"}'/></tools>

``scan`` finds such calls (several, in a list or in a row, with prose around
them) and says whether the text *looked like* a call even when it could not be
read; ``sanitize`` removes every piece of tool text — and echoed tool results
(``<tool_response>…</tool_response>``) — from text meant for a person.

This module only reads text: whether a call names a real tool with valid
arguments is for the caller to decide (see ``model_guard``).
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from typing import Any

# Keys a JSON call object may have; anything else means it is some other JSON.
NAME_KEYS = ("name", "tool", "tool_name", "function")
ARGUMENT_KEYS = ("arguments", "parameters", "input", "args")
CALL_KEYS = frozenset((*NAME_KEYS, *ARGUMENT_KEYS, "type", "id", "call_id"))
IDENTIFIER = re.compile(r"[A-Za-z_][\w.-]{0,63}")

_FLAGS = re.DOTALL | re.IGNORECASE
# Echoed tool output: a model that imitates the transcript it was shown.
_ECHO = re.compile(
    r"<(tool_response|tool_result|tool_output|function_results?)\b[^>]*>"
    r".*?(?:</\1\s*>|\Z)",
    _FLAGS,
)
# One call element: <function=name>…</function>, <function name="…" arguments='…'/>,
# <invoke name="…">…</invoke>; the body may be JSON or <parameter=…> elements.
_ELEMENT = re.compile(
    r"<(function|invoke)(?:=([\w.-]+)|(\s[^>]*?\bname\s*=[^>]*?))\s*(/?)>", _FLAGS
)
_ATTRIBUTE = re.compile(r"""([\w-]+)\s*=\s*(?:'([^']*)'|"([^"]*)"|([^\s'"/>]+))""")
_GREEDY_ARGUMENTS = re.compile(
    r"""(?:arguments|parameters|input|args)\s*=\s*["'](\{.*\})["']""", re.DOTALL
)
_PARAMETER = re.compile(
    r"""<parameter(?:=([\w.-]+)|\s+name\s*=\s*["']?([\w.-]+)["']?)\s*>"""
    r"(.*?)(?:</parameter\s*>|(?=<parameter[\s=])"
    r"|(?=</(?:function|invoke)\b)|\Z)",
    _FLAGS,
)
# Wrappers around calls, in the templates models were trained on.
_WRAPPER = re.compile(
    r"</?(?:tool_calls?|tools|function_calls|functions?|invoke|tool_use)\s*>"
    r"|\[/?TOOL_CALLS\]|<\|python_tag\|>|<\|tool_calls?(?:_begin|_end)?\|>",
    _FLAGS,
)
_FENCE = re.compile(r"```[\w-]*[ \t]*\n?(.*?)(?:```|\Z)", re.DOTALL)
_CALL_START = re.compile(r'\{\s*"|\[\s*\{')
# A call-shaped JSON fragment that did not parse ({"name": "x", "arguments": {…).
_BROKEN_JSON = re.compile(
    r"""["'](?:name|tool|tool_name|function)["']\s*:\s*["'][\w.-]+["']"""
    r"""|["'](?:arguments|parameters)["']\s*:\s*[{"'\[]"""
)


@dataclass(frozen=True)
class TextCall:
    name: str
    arguments: Any  # a dict when readable; None when the text could not be parsed


@dataclass
class Scan:
    calls: list[TextCall] = field(default_factory=list)
    looks_like_call: bool = False  # tool-call text, parsed or not
    echo: bool = False  # an echoed tool result
    spans: list[tuple[int, int]] = field(default_factory=list)  # where the tool text is


def scan(text: str) -> Scan:
    """The tool calls written in ``text``, in order."""
    found = Scan()
    for echo in _ECHO.finditer(text):
        found.echo = True
        found.spans.append(echo.span())
    echoes = len(found.spans)
    work = _blank_spans(text, found.spans)
    calls: list[tuple[int, TextCall]] = []
    position = 0
    while (match := _ELEMENT.search(work, position)) is not None:
        call, end = _element(work, match)
        calls.append((match.start(), call))
        found.spans.append((match.start(), end))
        position = end
    work = _blank_spans(text, found.spans)
    for match in _WRAPPER.finditer(work):
        found.spans.append(match.span())
    work = _blank_spans(text, found.spans)
    calls += _json_calls(work, found)
    found.calls = [call for _, call in sorted(calls, key=lambda c: c[0])]
    _cover_fences(text, found)
    rest = _blank_spans(text, found.spans)
    found.looks_like_call = len(found.spans) > echoes or bool(_BROKEN_JSON.search(rest))
    return found


def sanitize(text: str) -> str:
    """``text`` without tool-call text or echoed tool results, for a person."""
    found = scan(text)
    if not found.spans:  # nothing to cut: the text exactly as written
        return text.strip()
    cleaned = _blank_spans(text, found.spans, fill="")
    cleaned = re.sub(r"[ \t]+\n", "\n", cleaned)
    return re.sub(r"\n{3,}", "\n\n", cleaned).strip()


# -- the passes ------------------------------------------------------------------


def _element(work: str, match: re.Match) -> tuple[TextCall, int]:
    """One <function …> / <invoke …> element: the call and where it ends."""
    tag, eq_name, attributes, self_closing = match.groups()
    attrs = {
        key.lower(): html.unescape(next((v for v in values if v), ""))
        for key, *values in _ATTRIBUTE.findall(attributes or "")
    }
    name = eq_name or attrs.get("name", "")
    end, body = match.end(), ""
    if not self_closing:
        close = re.compile(rf"</{tag}\s*>", re.IGNORECASE).search(work, end)
        following = _ELEMENT.search(work, end)
        # An unclosed element runs to the next element or the end of the text.
        stop = min([m.start() for m in (close, following) if m] + [len(work)])
        body = work[end:stop]
        end = close.end() if close is not None and close.start() == stop else stop
    raw = next((attrs[k] for k in ARGUMENT_KEYS if k in attrs), None)
    arguments = _body_arguments(body) if raw is None else _decode_arguments(raw)
    if arguments is None and raw is not None:
        # arguments="{"title": "x"}": the quotes inside end the attribute early.
        greedy = _GREEDY_ARGUMENTS.search(attributes or "")
        arguments = _decode_arguments(greedy.group(1)) if greedy else None
    return TextCall(name if IDENTIFIER.fullmatch(name) else "", arguments), end


def _body_arguments(body: str) -> Any:
    parameters = list(_PARAMETER.finditer(body))
    if parameters:
        return {(m.group(1) or m.group(2)): _value(m.group(3)) for m in parameters}
    body = _strip_fence(body.strip())
    return {} if not body else _decode_arguments(body)


def _value(text: str) -> Any:
    """A <parameter> value: JSON when it reads as JSON (3, true, [..]), else the text."""
    text = text.strip()
    try:
        return json.loads(text)
    except ValueError:
        return html.unescape(text)


def _decode_arguments(raw: Any) -> Any:
    """Arguments as given: a dict, a JSON-encoded string of one, or unreadable (None)."""
    if isinstance(raw, str):
        raw = raw.strip()
        if not raw:
            return {}
        try:
            raw = json.loads(raw)
        except ValueError:
            return None
        if isinstance(raw, str):  # encoded twice
            return _decode_arguments(raw)
    if raw is None:
        return {}
    return raw if isinstance(raw, dict) else None


def _json_calls(work: str, found: Scan) -> list[tuple[int, TextCall]]:
    """JSON call objects (or lists of them) anywhere in the text."""
    decoder, i = json.JSONDecoder(), 0
    calls: list[tuple[int, TextCall]] = []
    while True:
        i = _next_open(work, i)
        if i < 0:
            return calls
        try:
            value, end = decoder.raw_decode(work, i)
        except (ValueError, RecursionError):  # deeply nested brackets: not a call either
            i += 1
            continue
        got = _calls_from(value)
        if got:
            calls += [(i, call) for call in got]
            found.spans.append((i, end))
        i = end


def _next_open(work: str, start: int) -> int:
    """Where the next JSON that could be a call starts: an object with a key,
    or a list of objects (so "[[[[…" or "{{{{…" costs no parsing)."""
    match = _CALL_START.search(work, start)
    return match.start() if match else -1


def _calls_from(value: Any) -> list[TextCall] | None:
    """The calls a parsed JSON value spells out, or None if it is not a call."""
    if isinstance(value, list):
        calls = [_calls_from(item) for item in value]
        if value and all(calls):
            return [call for group in calls if group for call in group]
        return None
    if not isinstance(value, dict):
        return None
    if isinstance(value.get("tool_calls"), list) and set(value) <= {
        "tool_calls",
        "content",
        "role",
    }:
        return _calls_from(value["tool_calls"])
    if isinstance(value.get("function"), dict):  # OpenAI: {"type": "function", "function": {…}}
        return _calls_from(value["function"]) if set(value) <= CALL_KEYS else None
    if not set(value) <= CALL_KEYS:
        return None
    name = next((value[k] for k in NAME_KEYS if isinstance(value.get(k), str)), None)
    if name is None or not IDENTIFIER.fullmatch(name):
        return None
    raw: Any = next((value[k] for k in ARGUMENT_KEYS if k in value), {})
    return [TextCall(name, _decode_arguments(raw))]


def _cover_fences(text: str, found: Scan) -> None:
    """A code fence that holds nothing but tool text goes with it."""
    for fence in _FENCE.finditer(text):
        inner_start, inner_end = fence.span(1)
        inside = [s for s in found.spans if s[0] >= inner_start and s[1] <= inner_end]
        rest = _blank_spans(text, inside)[inner_start:inner_end]
        if inside and not rest.strip():
            found.spans.append(fence.span())


def _blank_spans(text: str, spans: list[tuple[int, int]], fill: str = " ") -> str:
    """``text`` with the spans blanked out (same length by default, so offsets
    stay those of the original) or, with ``fill=""``, cut out."""
    pieces, last = [], 0
    for start, end in sorted(spans):
        if end <= last:
            continue
        start = max(start, last)
        pieces += [text[last:start], fill * (end - start)]
        last = end
    return "".join(pieces) + text[last:]


def _strip_fence(text: str) -> str:
    match = re.fullmatch(r"```[\w-]*\s*(.*?)\s*(?:```)?", text, re.DOTALL)
    return match.group(1) if match else text
