"""``.env``: KEY=VALUE lines read into the environment at start, without a dependency.

drbot reads ``.env`` in the working directory (where docker compose and most tools look for
it), before it looks for the config file, so ``DRBOT_CONFIG`` may be set there too. A
variable already in the environment wins, even an empty one: the operator's shell or service
manager has the last word.

The format is the common subset: ``KEY=VALUE``, an optional ``export`` in front, blank lines
and ``#`` comments (a ``#`` after a space ends an unquoted value), values in single quotes
(taken literally) or double quotes (``\\n``, ``\\"`` and ``\\\\`` escapes). One line, one
variable; a line that is none of these is an error naming the line number, never its text
(it may hold a secret).
"""

from __future__ import annotations

import os
import re
from collections.abc import MutableMapping
from pathlib import Path

from drbot.config import ConfigError

_LINE = re.compile(r"(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)")
_ESCAPES = {"n": "\n", '"': '"', "\\": "\\"}


def parse_dotenv(text: str, name: str = ".env") -> dict[str, str]:
    """The variables of a ``.env`` text, in order; :class:`ConfigError` on a bad line."""
    found: dict[str, str] = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = _LINE.fullmatch(line)
        if match is None:
            raise ConfigError(f"{name} line {number}: expected KEY=VALUE")
        found[match[1]] = _value(match[2], f"{name} line {number}")
    return found


def _value(raw: str, where: str) -> str:
    if raw[:1] in ("'", '"'):
        quote = raw[0]
        end = _closing_quote(raw, quote)
        if end < 0:
            raise ConfigError(f"{where}: the value's {quote} quote is not closed")
        rest = raw[end + 1:].strip()
        if rest and not rest.startswith("#"):
            raise ConfigError(f"{where}: text after the closing quote")
        inner = raw[1:end]
        if quote == "'":
            return inner
        return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m[1], m[0]), inner)
    return re.split(r"\s+#", raw, maxsplit=1)[0].strip()


def _closing_quote(raw: str, quote: str) -> int:
    i = 1
    while i < len(raw):
        if raw[i] == "\\" and quote == '"':
            i += 2
            continue
        if raw[i] == quote:
            return i
        i += 1
    return -1


def load_dotenv(path: str | os.PathLike = ".env",
                environ: MutableMapping[str, str] | None = None) -> list[str]:
    """Set the variables of ``path`` (when the file exists) that ``environ`` (default
    ``os.environ``) does not have yet; returns their names."""
    environ = os.environ if environ is None else environ
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as e:
        reason = getattr(e, "strerror", None) or "not UTF-8 text"
        raise ConfigError(f"{path}: cannot read ({reason})") from None
    added = []
    for key, value in parse_dotenv(text, str(path)).items():
        if key not in environ:
            environ[key] = value
            added.append(key)
    return added
