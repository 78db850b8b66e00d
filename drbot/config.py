"""Configuration: a TOML file plus the environment → one frozen :class:`Settings`.

Precedence, lowest first: built-in defaults, the TOML file, environment variables. A variable set
to the empty string counts as unset (``VAR=`` in a compose file should not wipe a file value).

Every key has an environment variable named by one rule, ``DRBOT_<SECTION>__<KEY>`` in upper case
(``DRBOT_LLM__REQUEST_TIMEOUT_S=600``, ``DRBOT_BRIEFING__TIME=07:30``); its text is read as the
key's type: integer, number, ``true``/``false``, comma-separated ids, or text. The older names in
``ALIASES`` (``TELEGRAM_BOT_TOKEN``, ``ANTHROPIC_API_KEY``, ``DRBOT_DB``, …) still work; when both
are set, the ``DRBOT_<SECTION>__<KEY>`` name wins. A ``DRBOT_…__…`` variable that names no key is
an error, like an unknown key in the file.

Some ``[llm]`` keys default to ``"auto"``: the value that suits the server ``base_url`` points at
(Anthropic's API, or a local one-slot server such as llama.cpp's, which is slow to prefill and
where a retry only queues behind the request still running). An explicit value always wins; read
the resolved values through ``LLMSettings.retries``, ``timeout_s`` and ``context_window``.

Secrets (``[telegram] token``, ``webhook_secret``, ``[llm] api_key``): DESIGN says they "may come
only from the environment". We read that as *should*: the file may hold them (handy for a
private, chmod-600 config; ``config.example.toml`` ships them empty), but the environment always
wins. Secret values never appear in ``repr(settings)`` nor in error messages.

Everything is checked here, once: an unknown section or key (usually a typo), a wrong type or an
out-of-range value raises :class:`ConfigError` with one line a person can act on. Whether a
command *needs* a value (a bot token for ``drbot run``) is left to that command.
"""

from __future__ import annotations

import datetime as _dt
import difflib
import math
import os
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

Check = Callable[[Any], Any]


class ConfigError(Exception):
    """Bad configuration; ``str(err)`` is one line meant for the person running drbot."""


# --- value checks: return the normalised value or raise _Bad("must be …") ----------------------

class _Bad(ValueError):
    pass


def _rule(ok: Callable[[Any], bool], must: str, convert: Check = lambda v: v) -> Check:
    def check(v: Any) -> Any:
        if not ok(v):
            raise _Bad(must)
        return convert(v)
    return check


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)  # `port = true` is a mistake, not 1


def _choice(*options: str) -> Check:
    return _rule(lambda v: v in options, "must be one of " + ", ".join(map(repr, options)))


def _url(required: bool) -> Check:
    def ok(v: Any) -> bool:
        return isinstance(v, str) and (bool(re.match(r"https?://\S+$", v)) or not (v or required))
    return _rule(ok, "must be an http:// or https:// URL" + ("" if required else " (or empty)"))


def _time_of_day(v: Any) -> str:
    # TOML has a native local-time type: accept `time = 08:00:00` as well as "08:00".
    if isinstance(v, _dt.time) and not (v.second or v.microsecond or v.tzinfo):
        return v.strftime("%H:%M")
    m = re.fullmatch(r"(\d{1,2}):(\d{2})", v) if isinstance(v, str) else None
    if not m or int(m[1]) > 23 or int(m[2]) > 59:
        raise _Bad('must be a time of day "HH:MM" between 00:00 and 23:59')
    return f"{int(m[1]):02d}:{m[2]}"


def _timezone(v: Any) -> str:
    try:
        ZoneInfo(v)
    except (ZoneInfoNotFoundError, ValueError, TypeError, OSError):
        raise _Bad('must be an IANA time zone name such as "UTC" or "Europe/Berlin"') from None
    return v


_STR = _rule(lambda v: isinstance(v, str), "must be a string")
_NONEMPTY = _rule(lambda v: isinstance(v, str) and bool(v.strip()), "must be a non-empty string")
_POSITIVE_INT = _rule(lambda v: _is_int(v) and v > 0, "must be a positive integer")
_POSITIVE_NUMBER = _rule(lambda v: (_is_int(v) or isinstance(v, float)) and 0 < v < math.inf,
                         "must be a positive number", float)
_BOOL = _rule(lambda v: isinstance(v, bool), "must be true or false")
_PORT = _rule(lambda v: _is_int(v) and 0 < v < 65536, "must be a port number (1-65535)")
_USER_IDS = _rule(lambda v: isinstance(v, list) and all(map(_is_int, v)),
                  "must be a list of numeric Telegram user ids, e.g. [123456789]", tuple)
# Telegram's rule for secret_token; checked here so it fails at start, not at setWebhook.
_SECRET_CHARS = r"[A-Za-z0-9_-]{0,256}"
_WEBHOOK_SECRET = _rule(lambda v: isinstance(v, str) and bool(re.fullmatch(_SECRET_CHARS, v)),
                        "must be at most 256 characters from A-Z, a-z, 0-9, _ and -")


def _auto(check: Check) -> Check:
    """``"auto"`` (stored as None: resolved later from the other keys) or a value ``check`` takes."""
    def checked(v: Any) -> Any:
        if v == "auto":
            return None
        try:
            return check(v)
        except _Bad as e:
            raise _Bad(f'{e} or "auto"') from None
    return checked


def _key(default: Any, check: Check, secret: bool = False, kind: type | None = None) -> Any:
    """A config key: its default, its check, whether it is a secret (kept out of repr), and the
    type its environment variable is read as (by default, the default's type)."""
    return field(default=default, repr=not secret, metadata={
        "check": check, "secret": secret, "kind": kind or type(default)})


# --- the settings; each field is one key of its [section] ---------------------------------------

@dataclass(frozen=True)
class TelegramSettings:
    token: str = _key("", _STR, secret=True)
    base_url: str = _key("https://api.telegram.org/bot", _url(required=True))
    allowed_user_ids: tuple[int, ...] = _key((), _USER_IDS)
    mode: str = _key("polling", _choice("polling", "webhook"))
    webhook_url: str = _key("", _url(required=False))
    webhook_secret: str = _key("", _WEBHOOK_SECRET, secret=True)
    listen: str = _key("0.0.0.0", _NONEMPTY)
    port: int = _key(8443, _PORT)
    # In groups: "mention" = only commands, messages naming @the_bot and replies
    # to the bot's own messages; "all" = every message of an allowed person.
    group_mode: str = _key("mention", _choice("mention", "all"))
    # How long `drbot run` keeps trying to reach the Bot API before giving up with one line.
    startup_timeout_s: float = _key(60.0, _POSITIVE_NUMBER)


@dataclass(frozen=True)
class LLMSettings:
    provider: str = _key("auto", _choice("auto", "anthropic", "offline"))
    api_key: str = _key("", _STR, secret=True)
    base_url: str = _key("", _url(required=False))
    model: str = _key("claude-sonnet-5-5", _NONEMPTY)
    max_iterations: int = _key(8, _POSITIVE_INT)
    # None = "auto": see the resolved properties below.
    request_timeout_s: float | None = _key(None, _auto(_POSITIVE_NUMBER), kind=float)
    max_retries: int | None = _key(None, _auto(_rule(
        lambda v: _is_int(v) and 0 <= v <= 10, "must be an integer from 0 to 10")), kind=int)
    context_tokens: int | None = _key(None, _auto(_rule(
        lambda v: _is_int(v) and v >= 1024, "must be an integer of at least 1024")), kind=int)
    daily_token_budget: int = _key(0, _rule(lambda v: _is_int(v) and v >= 0,
                                            "must be a non-negative integer (0 = unlimited)"))
    max_tokens: int = _key(1024, _POSITIVE_INT)
    # None = "auto": the rules answer first only on a server that is not Anthropic's.
    hybrid: bool | None = _key(None, _auto(_BOOL), kind=bool)
    # None = "auto": ask before the model's changes on a server that is not Anthropic's.
    confirm_writes: bool | None = _key(None, _auto(_BOOL), kind=bool)

    @property
    def use_anthropic(self) -> bool:
        return self.provider == "anthropic" or (self.provider == "auto" and bool(self.api_key))

    @property
    def anthropic_api(self) -> bool:
        """Whether base_url is Anthropic's own API (empty = the SDK's default, which is)."""
        host = (urlsplit(self.base_url).hostname or "") if self.base_url else "anthropic.com"
        return host == "anthropic.com" or host.endswith(".anthropic.com")

    # Resolved "auto" values. A local server (llama.cpp, Ollama) on a CPU can take minutes to
    # read a first prompt, and has one slot: an SDK retry after a timeout would queue behind the
    # request still running there, so the person waits three times as long for an apology.
    @property
    def retries(self) -> int:
        """The SDK's retries per model request."""
        if self.max_retries is not None:
            return self.max_retries
        return 2 if self.anthropic_api else 0

    @property
    def timeout_s(self) -> float:
        """Seconds per model request attempt."""
        if self.request_timeout_s is not None:
            return self.request_timeout_s
        return 60.0 if self.anthropic_api else 600.0

    @property
    def rules_first(self) -> bool:
        """Whether the built-in rules answer what they are certain of before the model is
        asked. Off for Anthropic's API: Claude reads people better than any rule, and only
        the exact grammar (marks, buttons, commands, the answer to drbot's own question)
        bypasses it. On for other servers: a small local model on a CPU is slow and
        misreads, so the rules' certain readings come first."""
        if self.hybrid is not None:
            return self.hybrid
        return not self.anthropic_api

    @property
    def confirms_writes(self) -> bool:
        """Whether a change the model proposes waits for the person's yes: a small local
        model misreads people far more often than Claude, and a wrong write is worse than
        none."""
        if self.confirm_writes is not None:
            return self.confirm_writes
        return not self.anthropic_api

    @property
    def context_window(self) -> int:
        """The model's context window in tokens, which the chat history is trimmed to fit."""
        if self.context_tokens is not None:
            return self.context_tokens
        return 200_000 if self.anthropic_api else 16_384


@dataclass(frozen=True)
class DatabaseSettings:
    path: str = _key("", _STR)  # load_settings() always fills in a concrete path


@dataclass(frozen=True)
class BriefingSettings:
    time: str = _key("08:00", _time_of_day)
    default_timezone: str = _key("UTC", _timezone)
    stale_days: int = _key(7, _POSITIVE_INT)
    stuck_multiplier: float = _key(2.0, _POSITIVE_NUMBER)


@dataclass(frozen=True)
class LoggingSettings:
    format: str = _key("text", _choice("text", "json"))   # json: one object a line, for collectors


@dataclass(frozen=True)
class Settings:
    telegram: TelegramSettings = field(default_factory=TelegramSettings)
    llm: LLMSettings = field(default_factory=LLMSettings)
    database: DatabaseSettings = field(default_factory=DatabaseSettings)
    briefing: BriefingSettings = field(default_factory=BriefingSettings)
    logging: LoggingSettings = field(default_factory=LoggingSettings)
    source: str | None = None

    def default_user_id(self) -> int:
        """The person `drbot chat`/`briefing` act for when no --user-id is given."""
        return self.telegram.allowed_user_ids[0] if self.telegram.allowed_user_ids else 1

    def secrets(self) -> tuple[str, ...]:
        """The values of every secret key that is set: what logs and output must never show."""
        return tuple(value for section in _SECTIONS for f in fields(_SECTIONS[section])
                     if f.metadata["secret"] and (value := getattr(getattr(self, section), f.name)))


# [section] name -> its dataclass, taken from Settings so the two cannot drift apart.
_SECTIONS: dict[str, Any] = {f.name: f.default_factory for f in fields(Settings)
                             if f.name != "source"}

# Older environment names, kept working: variable -> (section, key).
ALIASES: dict[str, tuple[str, str]] = {
    "TELEGRAM_BOT_TOKEN": ("telegram", "token"),
    "DRBOT_WEBHOOK_SECRET": ("telegram", "webhook_secret"),
    "DRBOT_ALLOWED_USER_IDS": ("telegram", "allowed_user_ids"),
    "DRBOT_LLM_PROVIDER": ("llm", "provider"),
    "ANTHROPIC_API_KEY": ("llm", "api_key"),
    "ANTHROPIC_BASE_URL": ("llm", "base_url"),
    "DRBOT_MODEL": ("llm", "model"),
    "DRBOT_DB": ("database", "path"),
}




def env_name(section: str, key: str) -> str:
    """The environment variable of ``[section] key``: ``DRBOT_<SECTION>__<KEY>``."""
    return f"DRBOT_{section.upper()}__{key.upper()}"


# --- loading -------------------------------------------------------------------------------------

def _hint(name: str, known: Any) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ConfigError(f"{path}: config file not found") from None
    except OSError as e:
        raise ConfigError(f"{path}: cannot read config file ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: invalid TOML: the file is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as e:  # its message carries "(at line L, column C)"
        raise ConfigError(f"{path}: invalid TOML: " + " ".join(str(e).split())) from None


def _default_db_path(env: Mapping[str, str]) -> str:
    base = env.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):  # the XDG spec: relative values are invalid and must be ignored
        base = os.path.join(env.get("HOME") or os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "drbot", "drbot.db")


def _field(section: str, key: str) -> Any:
    return next(f for f in fields(_SECTIONS[section]) if f.name == key)


def _environment(env: Mapping[str, str]) -> list[tuple[str, str, str]]:
    """(variable, section, key) for each non-empty variable that sets a key: aliases first, so
    the ``DRBOT_<SECTION>__<KEY>`` name, applied after, wins."""
    names = {env_name(section, f.name): (section, f.name)
             for section, cls in _SECTIONS.items() for f in fields(cls)}
    for var in env:
        if var.startswith("DRBOT_") and "__" in var and var not in names:
            raise ConfigError(f"unknown environment variable {var}{_hint(var, names)}")
    found = [(var, *target) for var, target in (*ALIASES.items(), *names.items())
             if env.get(var, "").strip()]
    return found


def _from_env(var: str, text: str, kind: type) -> Any:
    """The text of a variable as the key's type; the key's own check runs after."""
    if kind is str or text == "auto":
        return text
    try:
        if kind is bool:
            return {"true": True, "1": True, "yes": True, "on": True,
                    "false": False, "0": False, "no": False, "off": False}[text.lower()]
        if kind is tuple:  # the only list: allowed_user_ids
            return [int(part) for part in text.split(",") if part.strip()]
        return kind(text)
    except (KeyError, ValueError):
        must = {bool: "true or false", int: "an integer", float: "a number",
                tuple: "comma-separated numeric user ids"}[kind]
        raise ConfigError(f"{var} must be {must}, got {text!r}") from None


def resolve_config_path(cli_value: str | None, env: Mapping[str, str] | None = None) -> Path | None:
    """--config, then $DRBOT_CONFIG, then ./config.toml if present; None means defaults only."""
    env = os.environ if env is None else env
    for value, origin in ((cli_value, "--config"), (env.get("DRBOT_CONFIG"), "DRBOT_CONFIG")):
        if value:
            path = Path(value).expanduser()
            if not path.is_file():
                raise ConfigError(f"config file {value} (from {origin}) does not exist")
            return path
    local = Path("config.toml")
    return local if local.is_file() else None


def load_settings(
    path: str | os.PathLike | None = None, env: Mapping[str, str] | None = None
) -> Settings:
    """Read `path` (None = no file, defaults only), apply `env` (default os.environ), validate."""
    env = os.environ if env is None else env
    name = str(path) if path is not None else "config"
    raw = _read_toml(Path(path)) if path is not None else {}

    values: dict[str, dict[str, Any]] = {section: {} for section in _SECTIONS}
    where: dict[tuple[str, str], str] = {}  # (section, key) -> where the value came from
    for section, table in raw.items():
        if section not in _SECTIONS:
            if not isinstance(table, dict):
                raise ConfigError(f"{name}: unknown top-level key {section!r} (not in a [section])")
            raise ConfigError(f"{name}: unknown section [{section}]{_hint(section, _SECTIONS)}")
        if not isinstance(table, dict):
            raise ConfigError(f"{name}: {section} must be a table, written as [{section}]")
        known = [f.name for f in fields(_SECTIONS[section])]
        for key, value in table.items():
            if key not in known:
                raise ConfigError(f"{name}: unknown key [{section}] {key}{_hint(key, known)}")
            values[section][key] = value
            where[section, key] = f"{name}: [{section}] {key}"

    for var, section, key in _environment(env):
        values[section][key] = _from_env(var, env[var].strip(),
                                         _field(section, key).metadata["kind"])
        where[section, key] = var

    parts: dict[str, Any] = {}
    for section, cls in _SECTIONS.items():
        kwargs = {}
        for f in fields(cls):
            if f.name not in values[section]:
                continue
            value = values[section][f.name]
            try:
                kwargs[f.name] = f.metadata["check"](value)
            except _Bad as e:
                shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
                if f.metadata["secret"]:
                    shown = f"a {type(value).__name__} (value not shown)"
                raise ConfigError(f"{where[section, f.name]} {e}, got {shown}") from None
        parts[section] = cls(**kwargs)

    if parts["telegram"].mode == "webhook" and not parts["telegram"].webhook_url:
        raise ConfigError(f'{name}: [telegram] mode = "webhook" needs webhook_url (an https URL)')
    # Relative paths stay relative to the working directory, like any CLI path argument.
    db = parts["database"].path
    parts["database"] = DatabaseSettings(os.path.expanduser(db) if db else _default_db_path(env))
    return Settings(**parts, source=str(path) if path is not None else None)
