"""Checking a tool call's arguments against its JSON schema before it runs.

Only the part of JSON Schema our tool definitions use: type, properties,
required, additionalProperties, enum, items, anyOf, min/max length, items and
values.  A standard-library checker keeps drbot free of a dependency for ~80
lines of code; the messages name the field so the model can correct itself.
"""

from __future__ import annotations

from typing import Any

SQLITE_MAX = 2**63 - 1
_TYPES: dict[str, type | tuple[type, ...]] = {
    "object": dict, "array": list, "string": str, "boolean": bool,
    "integer": int, "number": (int, float),
}


def problems(schema: dict[str, Any], value: Any, path: str = "") -> list[str]:
    """Everything wrong with ``value``; an empty list means it conforms."""
    where = path or "arguments"
    if "anyOf" in schema:
        options = [problems(option, value, path) for option in schema["anyOf"]]
        if all(options):
            return min(options, key=len)
        return []
    expected = schema.get("type")
    if expected is not None and not _is_type(value, expected):
        return [f"{where} must be {_article(expected)}, not {_name(value)}"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"{where} must be one of {', '.join(map(str, schema['enum']))}"]
    found = []
    if isinstance(value, str):
        if len(value) < schema.get("minLength", 0):
            found.append(f"{where} must not be empty")
        if len(value) > schema.get("maxLength", len(value)):
            found.append(f"{where} is longer than {schema['maxLength']} characters")
    if isinstance(value, int) and not isinstance(value, bool) and not -SQLITE_MAX <= value <= SQLITE_MAX:
        return [f"{where} is out of range"]   # SQLite's integers are 64-bit
    if isinstance(value, int | float) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            found.append(f"{where} must be at least {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            found.append(f"{where} must be at most {schema['maximum']}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            found.append(f"{where} needs at least {schema['minItems']} item{'' if schema['minItems'] == 1 else 's'}")
        if len(value) > schema.get("maxItems", len(value)):
            found.append(f"{where} has more than {schema['maxItems']} items")
        for i, item in enumerate(value):
            found += problems(schema.get("items", {}), item, f"{where}[{i}]")
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                found.append(f"{_join(path, key)} is required")
        for key, item in value.items():
            if key in properties:
                found += problems(properties[key], item, _join(path, key))
            elif schema.get("additionalProperties", True) is False:
                found.append(f"{_join(path, key)} is not a known field")
    return found


def _is_type(value: Any, expected: str) -> bool:
    if expected in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, _TYPES[expected])


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def _article(type_name: str) -> str:
    return ("an " if type_name[0] in "aeiou" else "a ") + type_name


def _name(value: Any) -> str:
    for name in _TYPES:
        if _is_type(value, name):
            return _article(name)
    return "null" if value is None else type(value).__name__
