"""A tool's arguments, written once: a pydantic model gives the JSON schema the
model sees, the check a call must pass, and the short reasons a bad call gets.

The schema is pydantic's, made as small as the hand-written ones were (no
titles, no ``$defs``, no ``null`` for an optional field, no defaults): every
character goes into every request.  Optional fields are absent, never ``null``:
an explicit null is refused as the wrong type.  The reasons name the field
("step_id must be an integer, not a string") so the model can correct itself.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    GetJsonSchemaHandler,
    ValidationError,
)
from pydantic_core import PydanticCustomError, core_schema

SQLITE_MAX = 2**63 - 1  # SQLite's integers are 64-bit


class Arguments(BaseModel):
    """A tool's arguments: exactly these fields, each of exactly its JSON type."""

    model_config = ConfigDict(extra="forbid", strict=True)


def not_null(kind: str) -> BeforeValidator:
    """An optional field may be absent but not null: ``kind`` names its JSON type."""

    def check(value: Any) -> Any:
        if value is None:
            raise PydanticCustomError("null", "must be {kind}, not null", {"kind": kind})
        return value

    return BeforeValidator(check)


def _stored(value: int) -> int:
    if not -SQLITE_MAX <= value <= SQLITE_MAX:
        raise PydanticCustomError("out_of_range", "is out of range")
    return value


class OneOf:
    """``Annotated[str, OneOf(values)]``: a string that is one of ``values`` (a JSON enum)."""

    def __init__(self, values: Iterable[str]) -> None:
        self.values = list(values)

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        return core_schema.no_info_after_validator_function(self._check, handler(source))

    def __get_pydantic_json_schema__(
        self, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> dict[str, Any]:
        return {**handler(schema), "enum": self.values}

    def _check(self, value: str) -> str:
        if value not in self.values:
            raise PydanticCustomError(
                "enum", "must be one of {allowed}", {"allowed": ", ".join(self.values)}
            )
        return value


def by_shape(value: Any) -> str:
    """Which side of ``Annotated[Text, Tag("as-text")] | Annotated[…, Tag("as-object")]``
    a value is checked against (a step as words, or as an object of fields)."""
    return "as-object" if isinstance(value, dict | BaseModel) else "as-text"


# The field types the tools use; an optional one may be absent, never null.
Text = Annotated[str, Field(min_length=1)]
Id = Annotated[int, Field(ge=1), AfterValidator(_stored)]
MaybeStr = Annotated[str | None, not_null("a string")]
MaybeText = Annotated[Text | None, not_null("a string")]
MaybeId = Annotated[Id | None, not_null("an integer")]


# -- the JSON schema ---------------------------------------------------------------


@cache
def json_schema(model: type[Arguments]) -> dict[str, Any]:
    """``model``'s JSON schema as the model is shown it: inline, without titles,
    defaults or the ``null`` pydantic allows an optional field.  Made once per
    model: the tool list is sent, unchanged, with every request."""
    full = model.model_json_schema()
    definitions = full.pop("$defs", {})
    compact: dict[str, Any] = _compact(full, definitions)
    return compact


def _compact(node: Any, definitions: dict[str, Any]) -> Any:
    if isinstance(node, list):
        return [_compact(item, definitions) for item in node]
    if not isinstance(node, dict):
        return node
    if "$ref" in node:
        return _compact(definitions[node["$ref"].rsplit("/", 1)[-1]], definitions)
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key in ("title", "default"):
            continue
        if key == "properties":
            out[key] = {name: _compact(field, definitions) for name, field in value.items()}
        elif key in ("anyOf", "oneOf"):
            options = [
                _compact(option, definitions) for option in value if option != {"type": "null"}
            ]
            if len(options) == 1:
                out.update(options[0])
            else:
                out["anyOf"] = options
        else:
            out[key] = _compact(value, definitions)
    if out.get("required") == []:
        del out["required"]
    return out


# -- checking a call ---------------------------------------------------------------


def validate(model: type[Arguments], arguments: Any) -> tuple[dict[str, Any], list[str]]:
    """The handler's keyword arguments (only those given, nested objects as dicts),
    or everything wrong with ``arguments``."""
    if not isinstance(arguments, dict):
        return {}, [f"arguments must be an object, not {_name(arguments)}"]
    try:
        checked = model.model_validate(arguments)
    except ValidationError as error:
        return {}, [_reason(found) for found in error.errors()]
    return {name: _plain(getattr(checked, name)) for name in checked.model_fields_set}, []


def _plain(value: Any) -> Any:
    if isinstance(value, BaseModel):
        return {name: _plain(getattr(value, name)) for name in value.model_fields_set}
    if isinstance(value, list):
        return [_plain(item) for item in value]
    return value


_TYPES = {
    "string_type": "a string",
    "int_type": "an integer",
    "float_type": "a number",
    "bool_type": "a boolean",
    "list_type": "an array",
    "model_type": "an object",
    "dict_type": "an object",
    "model_attributes_type": "an object",
}


def _reason(found: Any) -> str:
    """One pydantic error as a short reason naming the field."""
    where = _where(found["loc"])
    kind, ctx = found["type"], found.get("ctx") or {}
    if kind == "missing":
        return f"{where} is required"
    if kind == "extra_forbidden":
        return f"{where} is not a known field"
    if kind in _TYPES:
        return f"{where} must be {_TYPES[kind]}, not {_name(found['input'])}"
    if kind == "string_too_short":
        return f"{where} must not be empty"
    if kind == "string_too_long":
        return f"{where} is longer than {ctx['max_length']} characters"
    if kind in ("greater_than_equal", "greater_than"):
        return f"{where} must be at least {ctx.get('ge', ctx.get('gt'))}"
    if kind in ("less_than_equal", "less_than"):
        return f"{where} must be at most {ctx.get('le', ctx.get('lt'))}"
    if kind == "too_short":
        least = ctx["min_length"]
        return f"{where} needs at least {least} item{'' if least == 1 else 's'}"
    if kind == "too_long":
        return f"{where} has more than {ctx['max_length']} items"
    return f"{where} {found['msg']}"  # ours (null, out of range, enum): already short


def _where(loc: tuple[int | str, ...]) -> str:
    """``("steps", 0, "as-object", "title")`` as ``steps[0].title``: a union's
    branch tag (not a name a field can have) is left out."""
    where = ""
    for part in loc:
        if isinstance(part, int):
            where += f"[{part}]"
        elif part.isidentifier():
            where += f".{part}" if where else part
    return where or "arguments"


def _name(value: Any) -> str:
    for kind, name in (
        (bool, "a boolean"),
        (int, "an integer"),
        (float, "a number"),
        (str, "a string"),
        (list, "an array"),
        (dict, "an object"),
    ):
        if isinstance(value, kind):
            return name
    return "null" if value is None else type(value).__name__
