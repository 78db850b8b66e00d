"""drbot.config: defaults, file, environment, validation, and the example file's completeness."""

from __future__ import annotations

import logging
import os
import tomllib
from pathlib import Path

import pytest
from pydantic import SecretStr

from drbot.config import (
    ALIASES,
    BriefingSettings,
    ConfigError,
    DatabaseSettings,
    LLMSettings,
    LoggingSettings,
    Settings,
    TelegramSettings,
    env_name,
    load_settings,
    resolve_config_path,
)

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "config.example.toml"
SECTIONS = {
    "telegram": TelegramSettings,
    "llm": LLMSettings,
    "database": DatabaseSettings,
    "briefing": BriefingSettings,
    "logging": LoggingSettings,
}


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """An isolated environment: no real variables leak in, data dir under tmp."""
    return {"XDG_DATA_HOME": str(tmp_path / "xdg"), "HOME": str(tmp_path / "home")}


def write(tmp_path: Path, text: str, name: str = "config.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def config_error(path, env, match: str) -> str:
    with pytest.raises(ConfigError, match=match) as info:
        load_settings(path, env=env)
    message = str(info.value)
    assert "\n" not in message and message.strip() == message
    return message


def test_defaults_without_a_file(env, tmp_path):
    s = load_settings(None, env=env)
    assert s.source is None
    assert s.telegram == TelegramSettings()
    assert (
        s.telegram.mode == "polling" and s.telegram.port == 8443 and s.telegram.listen == "0.0.0.0"
    )
    assert s.llm.provider == "auto" and s.llm.model == "claude-sonnet-5-5"
    assert (s.llm.max_iterations, s.llm.max_tokens, s.llm.hybrid) == (8, 1024, None)
    assert (s.llm.request_timeout_s, s.llm.max_retries, s.llm.context_tokens) == (None,) * 3
    assert (s.llm.timeout_s, s.llm.retries, s.llm.context_window) == (60.0, 2, 200_000)
    assert s.llm.daily_token_budget == 0 and not s.llm.use_anthropic
    assert s.briefing == BriefingSettings(
        time="08:00", default_timezone="UTC", stale_days=7, stuck_multiplier=2.0
    )
    assert s.database.path == str(tmp_path / "xdg" / "drbot" / "drbot.db")
    assert not (tmp_path / "xdg").exists()  # resolving the path creates nothing
    assert s.default_user_id() == 1


def test_xdg_fallbacks(tmp_path):
    home = tmp_path / "home"
    expected = str(home / ".local" / "share" / "drbot" / "drbot.db")
    assert load_settings(env={"HOME": str(home)}).database.path == expected
    # A relative XDG_DATA_HOME is invalid per the spec and ignored.
    assert load_settings(env={"HOME": str(home), "XDG_DATA_HOME": "rel"}).database.path == expected


def test_file_values(env, tmp_path):
    path = write(
        tmp_path,
        """
[telegram]
token = "file-token"
allowed_user_ids = [42, 7]
mode = "webhook"
webhook_url = "https://bot.example.org/hook"
webhook_secret = "s3cret_-X"
port = 9000
[llm]
provider = "anthropic"
model = "claude-haiku"
max_iterations = 3
request_timeout_s = 12
daily_token_budget = 50000
[database]
path = "~/plans.db"
[briefing]
time = "7:30"
default_timezone = "Europe/Berlin"
stale_days = 3
stuck_multiplier = 1.5
""",
    )
    s = load_settings(path, env=env)
    assert s.source == str(path)
    assert s.telegram.token.get_secret_value() == "file-token" and s.telegram.allowed_user_ids == (
        42,
        7,
    )
    assert s.telegram.mode == "webhook" and s.telegram.port == 9000
    assert s.default_user_id() == 42
    assert s.llm.use_anthropic and s.llm.max_iterations == 3
    assert s.llm.request_timeout_s == 12.0 and isinstance(s.llm.request_timeout_s, float)
    assert s.database.path == os.path.expanduser("~/plans.db")
    assert s.briefing == BriefingSettings(
        time="07:30", default_timezone="Europe/Berlin", stale_days=3, stuck_multiplier=1.5
    )


def test_toml_time_value_is_accepted(env, tmp_path):
    assert (
        load_settings(write(tmp_path, "[briefing]\ntime = 06:45:00\n"), env=env).briefing.time
        == "06:45"
    )


def test_environment_overrides_file(env, tmp_path):
    path = write(
        tmp_path,
        """
[telegram]
token = "file-token"
allowed_user_ids = [1]
[llm]
api_key = "file-key"
model = "file-model"
provider = "offline"
[database]
path = "/file/db.sqlite"
""",
    )
    env |= {
        "TELEGRAM_BOT_TOKEN": "env-token",
        "ANTHROPIC_API_KEY": "env-key",
        "ANTHROPIC_BASE_URL": "http://localhost:11434",
        "DRBOT_DB": str(tmp_path / "env.db"),
        "DRBOT_MODEL": "env-model",
        "DRBOT_ALLOWED_USER_IDS": " 5, 6 ,",
        "DRBOT_LLM_PROVIDER": "auto",
    }
    s = load_settings(path, env=env)
    assert s.telegram.token.get_secret_value() == "env-token" and s.telegram.allowed_user_ids == (
        5,
        6,
    )
    assert (
        s.llm.api_key.get_secret_value() == "env-key" and s.llm.base_url == "http://localhost:11434"
    )
    assert s.llm.model == "env-model" and s.llm.provider == "auto" and s.llm.use_anthropic
    assert s.database.path == str(tmp_path / "env.db")


# -- "auto" defaults that suit the server -------------------------------------


@pytest.mark.parametrize(
    "base_url, anthropic",
    [
        ("", True),
        ("https://api.anthropic.com", True),
        ("https://eu.api.anthropic.com/x", True),
        ("http://127.0.0.1:8089", False),
        ("http://localhost:11434", False),
        ("https://notanthropic.com", False),
        ("https://anthropic.com.example.org", False),
    ],
)
def test_auto_values_suit_the_server(env, base_url, anthropic):
    s = load_settings(None, env=env | {"ANTHROPIC_BASE_URL": base_url})
    expected = (2, 60.0, 200_000) if anthropic else (0, 600.0, 16_384)
    assert (s.llm.retries, s.llm.timeout_s, s.llm.context_window) == expected
    # Claude reads every free sentence; a small local model gets the rules' sure readings first.
    assert s.llm.rules_first is not anthropic


def test_explicit_values_win_over_auto(env, tmp_path):
    path = write(
        tmp_path,
        '[llm]\nbase_url = "http://127.0.0.1:8089"\nmax_retries = 1\n'
        "request_timeout_s = 30\ncontext_tokens = 32768\n",
    )
    s = load_settings(path, env=env)
    assert (s.llm.retries, s.llm.timeout_s, s.llm.context_window) == (1, 30.0, 32768)
    s = load_settings(None, env=env | {"DRBOT_LLM__MAX_RETRIES": "0"})  # Anthropic, yet 0
    assert s.llm.retries == 0 and s.llm.timeout_s == 60.0
    path = write(tmp_path, '[llm]\nmax_retries = "auto"\nrequest_timeout_s = "auto"\n')
    assert load_settings(path, env=env).llm.retries == 2
    for value, rules_first in (("true", True), ("false", False), ('"auto"', False)):
        path = write(tmp_path, f"[llm]\nhybrid = {value}\n")  # Anthropic's API
        assert load_settings(path, env=env).llm.rules_first is rules_first
    path = write(tmp_path, '[llm]\nbase_url = "http://127.0.0.1:8089"\nhybrid = false\n')
    assert load_settings(path, env=env).llm.rules_first is False


# -- environment variables: DRBOT_<SECTION>__<KEY> for every key -------------

# A value different from the default for every key, as its variable's text -> as loaded.
ENV_SAMPLES = {
    ("telegram", "token"): ("123:abc", "123:abc"),
    ("telegram", "base_url"): ("http://127.0.0.1:9/bot", "http://127.0.0.1:9/bot"),
    ("telegram", "allowed_user_ids"): ("1, 2", (1, 2)),
    ("telegram", "mode"): ("webhook", "webhook"),
    ("telegram", "webhook_url"): ("https://x.example/h", "https://x.example/h"),
    ("telegram", "webhook_secret"): ("s3cret", "s3cret"),
    ("telegram", "listen"): ("127.0.0.1", "127.0.0.1"),
    ("telegram", "port"): ("9000", 9000),
    ("telegram", "group_mode"): ("all", "all"),
    ("telegram", "startup_timeout_s"): ("5", 5.0),
    ("telegram", "startup_retry_s"): ("0.5", 0.5),
    ("telegram", "poll_interval_s"): ("2", 2.0),
    ("telegram", "placeholder_after_s"): ("10", 10.0),
    ("llm", "provider"): ("offline", "offline"),
    ("llm", "api_key"): ("sk-x", "sk-x"),
    ("llm", "base_url"): ("http://127.0.0.1:8089", "http://127.0.0.1:8089"),
    ("llm", "model"): ("qwen", "qwen"),
    ("llm", "max_iterations"): ("3", 3),
    ("llm", "request_timeout_s"): ("600", 600.0),
    ("llm", "max_retries"): ("1", 1),
    ("llm", "context_tokens"): ("32768", 32768),
    ("llm", "daily_token_budget"): ("5000", 5000),
    ("llm", "max_tokens"): ("512", 512),
    ("llm", "hybrid"): ("false", False),
    ("llm", "confirm_writes"): ("true", True),
    ("database", "path"): ("/tmp/x.db", "/tmp/x.db"),
    ("briefing", "time"): ("07:30", "07:30"),
    ("briefing", "default_timezone"): ("Europe/Berlin", "Europe/Berlin"),
    ("briefing", "stale_days"): ("3", 3),
    ("briefing", "stuck_multiplier"): ("1.5", 1.5),
    ("logging", "format"): ("json", "json"),
}


def test_every_key_has_a_variable_by_the_naming_rule(env):
    assert set(ENV_SAMPLES) == {
        (section, key) for section, cls in SECTIONS.items() for key in cls.model_fields
    }
    variables = {env_name(section, key): text for (section, key), (text, _) in ENV_SAMPLES.items()}
    assert variables["DRBOT_LLM__REQUEST_TIMEOUT_S"] == "600"
    s = load_settings(None, env=env | variables)
    for (section, key), (_, loaded) in ENV_SAMPLES.items():
        value = getattr(getattr(s, section), key)
        if isinstance(value, SecretStr):
            value = value.get_secret_value()
        assert value == loaded, (section, key)


def test_new_names_win_over_their_aliases(env):
    assert ALIASES["ANTHROPIC_BASE_URL"] == ("llm", "base_url")
    s = load_settings(None, env=env | {"DRBOT_MODEL": "alias", "DRBOT_LLM__MODEL": "rule"})
    assert s.llm.model == "rule"
    assert load_settings(None, env=env | {"DRBOT_MODEL": "alias"}).llm.model == "alias"


@pytest.mark.parametrize(
    "variables, match",
    [
        (
            {"DRBOT_LLM__MAX_RETRIES": "two"},
            r"^DRBOT_LLM__MAX_RETRIES must be an integer, got 'two'$",
        ),
        (
            {"DRBOT_LLM__MAX_RETRIES": "-1"},
            r"DRBOT_LLM__MAX_RETRIES must be an integer from 0 to 10 "
            r"or \"auto\", got -1",
        ),
        ({"DRBOT_LLM__REQUEST_TIMEOUT_S": "10m"}, r"REQUEST_TIMEOUT_S must be a number, got '10m'"),
        ({"DRBOT_LLM__HYBRID": "maybe"}, r"DRBOT_LLM__HYBRID must be true or false, got 'maybe'"),
        ({"DRBOT_TELEGRAM__PORT": "8443.5"}, r"DRBOT_TELEGRAM__PORT must be an integer"),
        ({"DRBOT_BRIEFING__TIME": "7am"}, r"DRBOT_BRIEFING__TIME must be a time of day"),
        (
            {"DRBOT_LLM__CONTEXT_TOKENS": "512"},
            r"CONTEXT_TOKENS must be an integer of at least 1024",
        ),
        (
            {"DRBOT_LLM__MAX_RETRY": "1"},
            r"unknown environment variable DRBOT_LLM__MAX_RETRY "
            r"\(did you mean 'DRBOT_LLM__MAX_RETRIES'\?\)",
        ),
    ],
)
def test_bad_environment_values_by_the_rule(env, variables, match):
    config_error(None, env | variables, match)


def test_auto_in_the_environment(env, tmp_path):
    path = write(tmp_path, "[llm]\nmax_retries = 5\n")
    assert load_settings(path, env=env | {"DRBOT_LLM__MAX_RETRIES": "auto"}).llm.retries == 2


def test_empty_environment_variable_does_not_override(env, tmp_path):
    path = write(tmp_path, '[llm]\nmodel = "file-model"\n')
    assert load_settings(path, env=env | {"DRBOT_MODEL": ""}).llm.model == "file-model"


def test_bad_environment_values(env):
    msg = config_error(None, env | {"DRBOT_ALLOWED_USER_IDS": "12,abc"}, "DRBOT_ALLOWED_USER_IDS")
    assert "'12,abc'" in msg
    msg = config_error(None, env | {"DRBOT_LLM_PROVIDER": "openai"}, "DRBOT_LLM_PROVIDER")
    assert "'openai'" in msg and "'anthropic'" in msg


def test_unknown_key_names_it_and_suggests(env, tmp_path):
    msg = config_error(
        write(tmp_path, "[llm]\nmax_iteration = 3\n"), env, r"unknown key \[llm\] max_iteration"
    )
    assert "config.toml" in msg and "max_iterations" in msg


def test_unknown_section(env, tmp_path):
    config_error(
        write(tmp_path, "[telegarm]\ntoken = 'x'\n"), env, r"unknown section \[telegarm\].*telegram"
    )
    config_error(write(tmp_path, "token = 'x'\n"), env, "unknown top-level key 'token'")


@pytest.mark.parametrize(
    "text, match",
    [
        (
            '[llm]\nmax_iterations = "x"\n',
            r"\[llm\] max_iterations must be a positive integer, got 'x'",
        ),
        ("[llm]\nmax_iterations = 0\n", r"max_iterations must be a positive integer, got 0"),
        ("[telegram]\nport = true\n", r"\[telegram\] port must be a port number"),
        ("[telegram]\nallowed_user_ids = [1, true]\n", r"allowed_user_ids must be a list"),
        ('[telegram]\nallowed_user_ids = ["1"]\n', r"allowed_user_ids must be a list"),
        ('[telegram]\nmode = "push"\n', r"mode must be one of 'polling', 'webhook', got 'push'"),
        ('[telegram]\nmode = "webhook"\n', r"webhook.*needs webhook_url"),
        ("[llm]\nrequest_timeout_s = -1\n", r"request_timeout_s must be a positive number"),
        ("[llm]\nrequest_timeout_s = inf\n", r"request_timeout_s must be a positive number"),
        (
            '[llm]\nrequest_timeout_s = "soon"\n',
            r'must be a positive number or "auto", got \'soon\'',
        ),
        ("[llm]\nmax_retries = 11\n", r"max_retries must be an integer from 0 to 10"),
        ("[llm]\ncontext_tokens = 100\n", r"context_tokens must be an integer of at least 1024"),
        ('[llm]\nhybrid = "yes"\n', r"\[llm\] hybrid must be true or false or \"auto\", got 'yes'"),
        ("[llm]\ndaily_token_budget = -5\n", r"daily_token_budget must be a non-negative integer"),
        ('[llm]\nbase_url = "localhost:11434"\n', r"base_url must be an http"),
        ("[briefing]\nstale_days = 0\n", r"stale_days must be"),
        ("[briefing]\nstuck_multiplier = 0\n", r"stuck_multiplier must be a positive number"),
        ("[database]\npath = 5\n", r"\[database\] path must be a string, got 5"),
        ("telegram = 3\n", r"telegram must be a table"),
    ],
)
def test_bad_values(env, tmp_path, text, match):
    config_error(write(tmp_path, text), env, match)


@pytest.mark.parametrize("tz", ["Mars/Olympus", "Europe", "../etc/passwd", ""])
def test_bad_timezone(env, tmp_path, tz):
    config_error(
        write(tmp_path, f'[briefing]\ndefault_timezone = "{tz}"\n'),
        env,
        r"\[briefing\] default_timezone must be an IANA time zone name",
    )


@pytest.mark.parametrize("value", ['"24:00"', '"08:60"', '"8am"', '"08:00:00"', "800", "08:00:30"])
def test_bad_time(env, tmp_path, value):
    config_error(
        write(tmp_path, f"[briefing]\ntime = {value}\n"),
        env,
        r"\[briefing\] time must be a time of day",
    )


def test_invalid_toml_names_file_line_and_column(env, tmp_path):
    path = write(tmp_path, '[llm]\nmodel = "unterminated\n')
    msg = config_error(path, env, "invalid TOML")
    assert msg.startswith(f"{path}: ") and "line 2" in msg and "column" in msg


def test_missing_or_non_utf8_file(env, tmp_path):
    config_error(tmp_path / "nope.toml", env, "nope.toml: config file not found")
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'[llm]\nmodel = "caf\xe9"\n')
    config_error(path, env, "not UTF-8")


def test_secrets_never_in_repr_or_errors(env, tmp_path):
    env |= {
        "TELEGRAM_BOT_TOKEN": "123:SECRET-TOKEN",
        "ANTHROPIC_API_KEY": "sk-SECRET-KEY",
        "DRBOT_WEBHOOK_SECRET": "HOOK-SECRET",
    }
    s = load_settings(None, env=env)
    for text in (repr(s), str(s), repr(s.telegram), repr(s.llm)):
        assert "SECRET" not in text
    msg = config_error(None, env | {"DRBOT_WEBHOOK_SECRET": "bad secret!"}, "DRBOT_WEBHOOK_SECRET")
    assert "bad secret" not in msg


def test_secrets_never_in_the_settings_debug_log(env, tmp_path, monkeypatch, caplog):
    """pydantic-settings logs what each source found when PYDANTIC_SETTINGS_DEBUG is set: the
    secrets are SecretStr from the moment they are read, so that log shows stars."""
    monkeypatch.setenv("PYDANTIC_SETTINGS_DEBUG", "1")
    path = write(tmp_path, '[llm]\napi_key = "sk-FILE-SECRET"\nmodel = "file-model"\n')
    env |= {
        "TELEGRAM_BOT_TOKEN": "123:ALIAS-SECRET",
        "DRBOT_TELEGRAM__WEBHOOK_SECRET": "RULE-SECRET",
        "DRBOT_LLM__MAX_TOKENS": "77",
    }
    with caplog.at_level(logging.DEBUG, logger="pydantic_settings"):
        load_settings(path, env=env)
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "file-model" in logged and "77" in logged  # the log is on, and shows the others
    assert "SECRET" not in logged


def test_settings_built_in_code_read_nothing(env, tmp_path, monkeypatch):
    """Settings(...) in code (tests, benchmarks) is what it is given: no variable, no .env."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DRBOT_LLM__MODEL=from-dotenv\n")
    monkeypatch.setenv("DRBOT_LLM__MAX_TOKENS", "77")
    monkeypatch.setenv("DRBOT_MODEL", "from-alias")
    s = Settings(briefing=BriefingSettings(stale_days=3))
    assert (s.llm.model, s.llm.max_tokens, s.briefing.stale_days) == ("claude-sonnet-5-5", 1024, 3)
    assert load_settings(None, env=env | {"DRBOT_LLM__MAX_TOKENS": "77"}).llm.max_tokens == 77


def test_example_file_loads_and_matches_the_defaults(env):
    s = load_settings(EXAMPLE, env=env)
    assert s.model_copy(update={"source": None}) == load_settings(None, env=env)


def test_example_file_has_exactly_the_model_keys():
    """Both directions: every key of the settings model is documented in the example file, and
    the example file documents no key the model lacks."""
    data = tomllib.loads(EXAMPLE.read_text(encoding="utf-8"))
    documented = {(section, key) for section, table in data.items() for key in table}
    modelled = {
        (section, key)
        for section, field in Settings.model_fields.items()
        if section != "source"
        for key in field.annotation.model_fields
    }
    assert modelled - documented == set(), "keys missing from config.example.toml"
    assert documented - modelled == set(), "keys in config.example.toml that are no setting"
    assert set(data) == set(Settings.model_fields) - {"source"} == set(SECTIONS)


def test_resolve_config_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert resolve_config_path(None, {}) is None
    flag, from_env = write(tmp_path, "", "a.toml"), write(tmp_path, "", "b.toml")
    assert resolve_config_path(str(flag), {"DRBOT_CONFIG": str(from_env)}) == flag
    assert resolve_config_path(None, {"DRBOT_CONFIG": str(from_env)}) == from_env
    write(tmp_path, "")
    assert resolve_config_path(None, {}) == Path("config.toml")
    with pytest.raises(ConfigError, match=r"missing\.toml \(from --config\)"):
        resolve_config_path(str(tmp_path / "missing.toml"), {})
    with pytest.raises(ConfigError, match=r"from DRBOT_CONFIG"):
        resolve_config_path(None, {"DRBOT_CONFIG": str(tmp_path)})  # a directory is not a file
