"""Configuration: a TOML file, ``.env`` and the environment → one frozen :class:`Settings`.

The settings are pydantic models, read by pydantic-settings. Precedence, lowest first: the
defaults, the TOML file, the older variable names in ``ALIASES`` (``TELEGRAM_BOT_TOKEN``,
``DRBOT_DB``, …), then ``DRBOT_<SECTION>__<KEY>`` (``DRBOT_LLM__REQUEST_TIMEOUT_S=600``), whose
text is read as the key's type: integer, number, ``true``/``false``, comma-separated ids or text.
An empty variable counts as unset (``VAR=`` in a compose file should not wipe a file value). A
``DRBOT_…__…`` name that is no key is an error, like an unknown key in the file. ``.env`` in the
working directory goes into the environment first (:func:`load_dotenv`): it may name the file.

``"auto"`` in ``[llm]`` is stored as None and resolved from ``base_url``: Anthropic's API, or a
local one-slot server such as llama.cpp's, slow to prefill, where a retry only queues behind the
request still running. Read the resolved values through ``LLMSettings.retries`` and the like.

Secrets (``[telegram] token``, ``webhook_secret``, ``[llm] api_key``) are ``SecretStr``. They
belong in the environment, but the file may hold them too (a private, chmod-600 config;
``config.example.toml`` ships them empty); the environment wins.
No repr, error message or log line shows their values.

pydantic checks each value, strictly for the file (``port = true`` is a mistake, not 1); drbot
keeps its wording: one line naming the file key or the variable, what it must be, and a "did you
mean" for a typo. Whether a command *needs* a value (a token for ``drbot run``) is its own affair.
"""

from __future__ import annotations

import datetime as _dt
import difflib
import os
import re
import tomllib
from collections.abc import Mapping, MutableMapping
from pathlib import Path
from types import NoneType, UnionType
from typing import Annotated, Any, Literal, Union, cast, get_args, get_origin
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dotenv.parser import parse_stream
from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SecretStr,
    StrictInt,
    TypeAdapter,
    ValidationError,
)
from pydantic.fields import FieldInfo
from pydantic_settings import (
    BaseSettings,
    EnvSettingsSource,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
    TomlConfigSettingsSource,
)


class ConfigError(Exception):
    """Bad configuration; ``str(err)`` is one line meant for the person running drbot."""


# --- the settings; each field is one key of its [section] ---------------------------------------


def _key(default: Any, must: str, **checks: Any) -> Any:
    """A config key: its default, the checks pydantic runs, and what a value that fails them
    is told: "[section] key must be {must}, got …"."""
    return Field(default, description=must, **checks)


def _auto(value: Any) -> Any:
    return None if value == "auto" else value


def _time_of_day(value: Any) -> Any:
    # TOML has a native local-time type: accept `time = 08:00:00` as well as "08:00".
    if isinstance(value, _dt.time) and not (value.second or value.microsecond or value.tzinfo):
        return value.strftime("%H:%M")
    return value


def _timezone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise ValueError("unknown time zone") from None
    return name


def _webhook_secret(secret: SecretStr) -> SecretStr:
    # Telegram's rule for secret_token; checked here so it fails at start, not at setWebhook.
    if not re.fullmatch(r"[A-Za-z0-9_-]{0,256}", secret.get_secret_value()):
        raise ValueError("not a Telegram secret token")
    return secret


_AUTO = BeforeValidator(_auto)  # "auto" is None: resolved later from the other keys
_PositiveNumber = Annotated[float, Field(gt=0, allow_inf_nan=False)]
_PositiveInt = Annotated[int, Field(gt=0)]
_URL = r"^https?://\S+$"


class _Section(BaseModel):
    # strict: a file value must have the key's type already (TOML has integers, booleans, lists).
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True)


class TelegramSettings(_Section):
    token: SecretStr = _key(SecretStr(""), "a string")
    base_url: str = _key("https://api.telegram.org/bot", "an http:// or https:// URL", pattern=_URL)
    allowed_user_ids: tuple[StrictInt, ...] = _key(
        (), "a list of numeric Telegram user ids, e.g. [123456789]", strict=False
    )  # a TOML list
    mode: Literal["polling", "webhook"] = _key("polling", "one of 'polling', 'webhook'")
    webhook_url: str = _key("", "an http:// or https:// URL (or empty)", pattern=f"{_URL}|^$")
    webhook_secret: Annotated[SecretStr, AfterValidator(_webhook_secret)] = _key(
        SecretStr(""), "at most 256 characters from A-Z, a-z, 0-9, _ and -"
    )
    listen: str = _key("0.0.0.0", "a non-empty string", pattern=r"\S")
    port: int = _key(8443, "a port number (1-65535)", gt=0, lt=65536)
    # In groups: "mention" = only commands, messages naming @the_bot and replies
    # to the bot's own messages; "all" = every message of an allowed person.
    group_mode: Literal["mention", "all"] = _key("mention", "one of 'mention', 'all'")
    # How long `drbot run` keeps trying to reach the Bot API before giving up with one line,
    # and its first pause between tries (each later one doubles, up to 10 s).
    startup_timeout_s: _PositiveNumber = _key(60.0, "a positive number")
    startup_retry_s: _PositiveNumber = _key(1.0, "a positive number")
    # The pause between one long poll's answer and the next. python-telegram-bot's back-off
    # after a failed poll starts from it: 1.5 times it (1 s when it is 0), growing to 30 s.
    poll_interval_s: float = _key(0.0, "a number of seconds, 0 or more", ge=0, allow_inf_nan=False)
    # How long a slow answer runs before "Working on it…" shows in the chat.
    placeholder_after_s: _PositiveNumber = _key(4.0, "a positive number")


class LLMSettings(_Section):
    provider: Literal["auto", "anthropic", "offline"] = _key(
        "auto", "one of 'auto', 'anthropic', 'offline'"
    )
    api_key: SecretStr = _key(SecretStr(""), "a string")
    base_url: str = _key("", "an http:// or https:// URL (or empty)", pattern=f"{_URL}|^$")
    model: str = _key("claude-sonnet-5-5", "a non-empty string", pattern=r"\S")
    max_iterations: _PositiveInt = _key(8, "a positive integer")
    # None = "auto": see the resolved properties below.
    request_timeout_s: Annotated[_PositiveNumber | None, _AUTO] = _key(
        None, 'a positive number or "auto"'
    )
    max_retries: Annotated[Annotated[int, Field(ge=0, le=10)] | None, _AUTO] = _key(
        None, 'an integer from 0 to 10 or "auto"'
    )
    context_tokens: Annotated[Annotated[int, Field(ge=1024)] | None, _AUTO] = _key(
        None, 'an integer of at least 1024 or "auto"'
    )
    daily_token_budget: int = _key(0, "a non-negative integer (0 = unlimited)", ge=0)
    max_tokens: _PositiveInt = _key(1024, "a positive integer")
    # None = "auto": the rules answer first only on a server that is not Anthropic's.
    hybrid: Annotated[bool | None, _AUTO] = _key(None, 'true or false or "auto"')
    # None = "auto": ask before the model's changes on a server that is not Anthropic's.
    confirm_writes: Annotated[bool | None, _AUTO] = _key(None, 'true or false or "auto"')

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


class DatabaseSettings(_Section):
    path: str = _key("", "a string")  # load_settings() always fills in a concrete path


class BriefingSettings(_Section):
    time: Annotated[str, BeforeValidator(_time_of_day), AfterValidator(lambda t: t.zfill(5))] = (
        _key(
            "08:00",
            'a time of day "HH:MM" between 00:00 and 23:59',
            pattern=r"^([01]?[0-9]|2[0-3]):[0-5][0-9]$",
        )
    )
    default_timezone: Annotated[str, AfterValidator(_timezone)] = _key(
        "UTC", 'an IANA time zone name such as "UTC" or "Europe/Berlin"'
    )
    stale_days: _PositiveInt = _key(7, "a positive integer")
    stuck_multiplier: _PositiveNumber = _key(2.0, "a positive number")


class LoggingSettings(_Section):
    # json: one object a line, for collectors
    format: Literal["text", "json"] = _key("text", "one of 'text', 'json'")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        frozen=True,
        extra="forbid",
        env_prefix="DRBOT_",
        env_nested_delimiter="__",
        enable_decoding=False,
    )

    telegram: TelegramSettings = Field(default_factory=TelegramSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    database: DatabaseSettings = Field(default_factory=DatabaseSettings)
    briefing: BriefingSettings = Field(default_factory=BriefingSettings)
    logging: LoggingSettings = Field(default_factory=LoggingSettings)
    source: str | None = None  # the config file read, if any

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Settings(...) in code (tests, benchmarks) holds what it is given and reads nothing;
        # load_settings() names the file and the environment.
        return (init_settings,)

    def default_user_id(self) -> int:
        """The person `drbot chat`/`briefing` act for when no --user-id is given."""
        return self.telegram.allowed_user_ids[0] if self.telegram.allowed_user_ids else 1

    def secrets(self) -> tuple[str, ...]:
        """The values of every secret key that is set: what logs and output must never show."""
        return tuple(
            value
            for section in _SECTIONS
            for name in _SECTIONS[section].model_fields
            if isinstance(secret := getattr(getattr(self, section), name), SecretStr)
            and (value := secret.get_secret_value())
        )


# [section] name -> its model, taken from Settings so the two cannot drift apart.
_SECTIONS: dict[str, type[_Section]] = {
    name: cast("type[_Section]", field.annotation)
    for name, field in Settings.model_fields.items()
    if name != "source"
}

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


def _field(section: str, key: str) -> FieldInfo:
    return _SECTIONS[section].model_fields[key]


def _hint(name: str, known: Any) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


# --- the sources: each remembers where its values came from, for the error message --------------


def _hidden(section: str, key: str, value: Any) -> Any:
    """A secret's text as a SecretStr from the moment it is read: pydantic-settings' debug log
    of what each source found then shows stars."""
    secret = _field(section, key).annotation is SecretStr and isinstance(value, str)
    return SecretStr(value) if secret else value


def _kind(annotation: Any) -> type:
    """The type a variable's text is read as: the key's type without its checks."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return _kind(args[0])
    if origin in (Union, UnionType):
        return _kind(next(arg for arg in args if arg is not NoneType))
    if origin is tuple:
        return tuple
    return annotation if annotation in (bool, int, float) else str


_KIND_WORDS = {
    bool: "true or false",
    int: "an integer",
    float: "a number",
    tuple: "comma-separated numeric user ids",
}


def _from_text(var: str, text: str, section: str, key: str) -> Any:
    """The text of a variable as the key's type (pydantic's reading of strings); the key's
    own checks run after, on the typed value."""
    kind = _kind(_field(section, key).annotation)
    if kind is str or text == "auto":
        return _hidden(section, key, text)
    try:
        if kind is tuple:  # the only list: allowed_user_ids
            return [
                TypeAdapter(int).validate_strings(part.strip())
                for part in text.split(",")
                if part.strip()
            ]
        return TypeAdapter(kind).validate_strings(text)
    except ValidationError:
        raise ConfigError(f"{var} must be {_KIND_WORDS[kind]}, got {text!r}") from None


class _Environment(EnvSettingsSource):
    """The ``DRBOT_<SECTION>__<KEY>`` variables, by pydantic-settings' prefix and delimiter; an
    older name in ``ALIASES`` stands in for its key's variable when that one is unset."""

    def __init__(self, environ: Mapping[str, str]) -> None:
        given = {name: text.strip() for name, text in environ.items() if text.strip()}
        known = {
            env_name(section, key)
            for section, model in _SECTIONS.items()
            for key in model.model_fields
        }
        for name in given:
            if name.startswith("DRBOT_") and "__" in name and name not in known:
                raise ConfigError(f"unknown environment variable {name}{_hint(name, known)}")
        # variable by the rule -> (the variable actually set, its text)
        self.found = {
            env_name(*target): (alias, given[alias])
            for alias, target in ALIASES.items()
            if alias in given
        }
        self.found |= {name: (name, text) for name, text in given.items() if name in known}
        self.origin: dict[tuple[str, str], tuple[str, Any]] = {}
        super().__init__(Settings)

    def _load_env_vars(self) -> Mapping[str, str]:
        # The source matches names in lower case; only the upper-case spelling is ours.
        return {name.lower(): text for name, (_, text) in self.found.items()}

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[Any, str, bool]:
        return None, field_name, False  # a whole [section] is never one variable

    def explode_env_vars(
        self, field_name: str, field: FieldInfo, env_vars: Mapping[str, str | None]
    ) -> dict[str, Any]:
        table = {}
        for key, text in super().explode_env_vars(field_name, field, env_vars).items():
            var = self.found[env_name(field_name, key)][0]
            table[key] = _from_text(var, text, field_name, key)
            self.origin[field_name, key] = (var, table[key])
        return table


class _File(TomlConfigSettingsSource):
    """The TOML file: only known [sections] and keys, each a table of values."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.origin: dict[tuple[str, str], tuple[str, Any]] = {}
        try:
            path.open("rb").close()  # the library skips a missing file; drbot names it
        except FileNotFoundError:
            raise ConfigError(f"{path}: config file not found") from None
        except OSError as e:
            raise ConfigError(f"{path}: cannot read config file ({e.strerror or e})") from None
        super().__init__(Settings, toml_file=path)

    def _read_file(self, file_path: Any) -> dict[str, Any]:
        try:
            raw = super()._read_file(file_path)
        except UnicodeDecodeError:
            raise ConfigError(f"{self.path}: invalid TOML: the file is not UTF-8 text") from None
        except tomllib.TOMLDecodeError as e:  # its message carries "(at line L, column C)"
            raise ConfigError(f"{self.path}: invalid TOML: " + " ".join(str(e).split())) from None
        for section, table in raw.items():
            if section not in _SECTIONS:
                if not isinstance(table, dict):
                    raise ConfigError(
                        f"{self.path}: unknown top-level key {section!r} (not in a [section])"
                    )
                raise ConfigError(
                    f"{self.path}: unknown section [{section}]{_hint(section, _SECTIONS)}"
                )
            if not isinstance(table, dict):
                raise ConfigError(f"{self.path}: {section} must be a table, written as [{section}]")
            known = _SECTIONS[section].model_fields
            for key, value in table.items():
                if key not in known:
                    raise ConfigError(
                        f"{self.path}: unknown key [{section}] {key}{_hint(key, known)}"
                    )
                table[key] = _hidden(section, key, value)
                self.origin[section, key] = (f"{self.path}: [{section}] {key}", value)
        return raw


# --- loading -------------------------------------------------------------------------------------


def load_dotenv(
    path: str | os.PathLike = ".env", environ: MutableMapping[str, str] | None = None
) -> list[str]:
    """Set the variables of ``path`` (when the file exists) that ``environ`` (default
    ``os.environ``) does not have yet, even as an empty string: the operator's shell or service
    manager has the last word. Returns their names. The format is python-dotenv's (``KEY=VALUE``,
    ``export``, ``#`` comments, quotes); a line it cannot read is a :class:`ConfigError` naming
    the line, never its text (it may hold a secret)."""
    environ = os.environ if environ is None else environ
    try:
        with open(path, encoding="utf-8") as stream:
            bindings = list(parse_stream(stream))
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as e:
        reason = getattr(e, "strerror", None) or "not UTF-8 text"
        raise ConfigError(f"{path}: cannot read ({reason})") from None
    for binding in bindings:  # all checked before any is set: a bad file changes nothing
        text = binding.original.string
        line = binding.original.line + text[: len(text) - len(text.lstrip())].count("\n")
        named = binding.key is None or re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", binding.key)
        if binding.error or not named or (binding.key is not None and binding.value is None):
            raise ConfigError(f"{path} line {line}: {_dotenv_problem(text.strip())}")
    new = {
        b.key: b.value
        for b in bindings
        if b.key is not None and b.value is not None and b.key not in environ
    }
    environ.update(new)
    return list(new)


def _dotenv_problem(line: str) -> str:
    value = line.partition("=")[2].strip()
    if value[:1] in ("'", '"'):
        closed = re.match(rf"{value[0]}(?:\\.|[^{value[0]}\\])*{value[0]}", value)
        return (
            "text after the closing quote"
            if closed
            else f"the value's {value[0]} quote is not closed"
        )
    return "expected KEY=VALUE"


def default_db_path(env: Mapping[str, str]) -> str:
    """Where the database lives when no path is configured: $XDG_DATA_HOME/drbot/drbot.db."""
    base = env.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):  # the XDG spec: relative values are invalid and must be ignored
        base = os.path.join(env.get("HOME") or os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "drbot", "drbot.db")


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
    sources = (_Environment(env), *([_File(Path(path))] if path is not None else []))
    try:
        # first source wins; pydantic-settings takes _build_sources, its typed __init__ does not
        settings = Settings(_build_sources=(sources, {}))  # type: ignore[call-arg]
    except ValidationError as error:
        raise _explained(error, sources) from None

    name = str(path) if path is not None else "config"
    if settings.telegram.mode == "webhook" and not settings.telegram.webhook_url:
        raise ConfigError(f'{name}: [telegram] mode = "webhook" needs webhook_url (an https _URL)')
    # Relative paths stay relative to the working directory, like any CLI path argument.
    db = settings.database.path
    return settings.model_copy(
        update={
            "database": DatabaseSettings(
                path=os.path.expanduser(db) if db else default_db_path(env)
            ),
            "source": str(path) if path is not None else None,
        }
    )


def _explained(error: ValidationError, sources: tuple[Any, ...]) -> ConfigError:
    """The first failed check in drbot's words: where the value came from, what it must be."""
    section, key = (str(part) for part in error.errors()[0]["loc"][:2])
    where, value = next(s.origin[section, key] for s in sources if (section, key) in s.origin)
    if _field(section, key).annotation is SecretStr:
        plain = value.get_secret_value() if isinstance(value, SecretStr) else value
        shown = f"a {type(plain).__name__} (value not shown)"
    else:
        shown = repr(value) if len(repr(value)) <= 60 else repr(value)[:57] + "..."
    return ConfigError(f"{where} must be {_field(section, key).description}, got {shown}")
