"""The configured secrets are masked in every part of a log record, whatever their shape;
JSON log lines are one object each."""

from __future__ import annotations

import inspect
import io
import json
import logging

import pytest

from drbot.config import LLMSettings, Settings, TelegramSettings
from drbot.logs import RedactSecrets, configure_logging, redact
from drbot.typed_numbers import ascii_int

TOKEN = "123456:TEST"  # a test token: too short for any token pattern
API_KEY = "local-key-42"  # a local server's key: no sk-ant- prefix
WEBHOOK_SECRET = "hook_s3cret"


@pytest.fixture
def restore_logging():
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    # Warnings not yet captured, whatever an earlier test in this worker left: a test that
    # ran `drbot.cli.main` leaves logging "capturing" warnings while pytest has put its own
    # warnings.showwarning back, and then configure_logging's captureWarnings(True) does nothing.
    logging.captureWarnings(False)
    yield
    root.handlers[:], root.level = saved
    logging.captureWarnings(False)


def capture(log_format: str = "text", *, debug: bool = False) -> io.StringIO:
    configure_logging(log_format=log_format, debug=debug, secrets=[TOKEN, API_KEY, WEBHOOK_SECRET])
    out = io.StringIO()
    [handler] = logging.getLogger().handlers
    handler.setStream(out)
    return out


def test_short_secrets_are_masked_in_message_args_exception_and_stack(restore_logging):
    out = capture(debug=True)  # with DRBOT_DEBUG: tracebacks and stacks are written
    log = logging.getLogger("drbot.test.logs")
    log.warning(f"inline {TOKEN} and {API_KEY}")
    log.warning("as args %s %s", f"http://127.0.0.1:8081/bot{TOKEN}/getMe", WEBHOOK_SECRET)
    log.warning("url-quoted %s", "token=123456%3ATEST")
    try:
        # python-telegram-bot's own words when Telegram refuses a token
        raise RuntimeError(f"The token `{TOKEN}` was rejected by the server.")
    except RuntimeError:
        log.exception("start failed")
    log.warning("with the stack (%s)", "no secret here", stack_info=True)
    logged = out.getvalue()
    assert "start failed" in logged and "was rejected by the server" in logged
    assert "Stack (most recent call last)" in logged
    assert TOKEN not in logged and "TEST" not in logged
    assert API_KEY not in logged and WEBHOOK_SECRET not in logged
    assert logged.count("[redacted]") >= 6


def test_a_stack_carrying_a_secret_is_masked(restore_logging):
    record = logging.LogRecord("x", logging.WARNING, __file__, 1, "m", None, None)
    record.stack_info = f'  File "x.py", line 1, in f\n    call("{API_KEY}")'
    RedactSecrets([API_KEY]).filter(record)
    assert API_KEY not in record.stack_info and "[redacted]" in record.stack_info


def test_json_lines_are_one_object_each_and_masked(restore_logging):
    out = capture("json", debug=True)
    log = logging.getLogger("drbot.test.json")
    log.warning("two\nlines with %s", TOKEN)
    try:
        raise ValueError(f"key {API_KEY}")
    except ValueError:
        log.error("failed", exc_info=True)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2
    first, second = map(json.loads, lines)
    assert first["level"] == "WARNING" and first["logger"] == "drbot.test.json"
    assert first["message"] == "two\nlines with [redacted]"
    assert second["message"] == "failed" and "ValueError: key [redacted]" in second["exc"]
    assert API_KEY not in out.getvalue() and "TEST" not in out.getvalue()


def fail_deep_in_drbot() -> None:
    ascii_int(f"{TOKEN} {API_KEY}".split)  # a bug: a method where text belongs


@pytest.mark.parametrize("log_format", ["text", "json"])
def test_without_debug_a_failure_is_one_line_with_its_type_and_where(restore_logging, log_format):
    out = capture(log_format)
    log = logging.getLogger("drbot.test.failures")
    try:
        fail_deep_in_drbot()
    except AttributeError as error:
        log.error("tool %s failed (turn %s)", "add_step", "telegram:7:9", exc_info=error)
        log.exception("the same, logged the other way")
    log.exception("logged outside an except")
    log.warning("with the stack", stack_info=True)
    logged = out.getvalue()
    lines = logged.splitlines()
    if log_format == "json":
        assert all(
            set(json.loads(line)) == {"time", "level", "logger", "message"} for line in lines
        )
        lines = [json.loads(line)["message"] for line in lines]
    where = inspect.getsourcelines(ascii_int)[1] + 3  # the line that reads text.strip()
    where = f"(AttributeError at drbot/typed_numbers.py:{where} in ascii_int)"
    assert [line.split(": ", 1)[-1] if log_format == "text" else line for line in lines] == [
        f"tool add_step failed (turn telegram:7:9) {where}",
        f"the same, logged the other way {where}",
        "logged outside an except",
        "with the stack",
    ]
    assert "Traceback" not in logged and "File " not in logged and "NoneType" not in logged
    assert "TEST" not in logged and API_KEY not in logged


def test_with_debug_the_traceback_follows_cleaned(restore_logging):
    out = capture(debug=True)
    try:
        fail_deep_in_drbot()
    except AttributeError:
        logging.getLogger("drbot.test.failures").exception("tool add_step failed")
    logged = out.getvalue()
    assert "tool add_step failed\nTraceback (most recent call last):" in logged
    assert 'typed_numbers.py", line ' in logged and "in ascii_int" in logged
    assert "AttributeError" in logged
    assert "TEST" not in logged and API_KEY not in logged


def test_warnings_go_through_the_filter(restore_logging):
    import warnings

    out = capture()
    # "always": by default a warning shows once per place, so whether an earlier test in
    # this worker already showed it would decide this one.
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.warn(f"deprecated call with {API_KEY}", UserWarning, stacklevel=1)
    assert "deprecated call with [redacted]" in out.getvalue()


def test_settings_name_every_secret_that_is_set():
    settings = Settings(
        telegram=TelegramSettings(token=TOKEN, webhook_secret=WEBHOOK_SECRET),
        llm=LLMSettings(api_key=API_KEY),
    )
    assert sorted(settings.secrets()) == sorted([TOKEN, WEBHOOK_SECRET, API_KEY])
    assert Settings().secrets() == ()


def test_masking_one_secret_never_garbles_another():
    # "red" is inside "[redacted]": one pass, so the first mask stays whole.
    assert redact(f"a {TOKEN} b red", [TOKEN, "red"]) == "a [redacted] b [redacted]"
    assert redact("nothing secret", []) == "nothing secret"


def test_unknown_format_is_refused():
    with pytest.raises(ValueError, match="text, json"):
        configure_logging(log_format="xml")


async def test_with_debug_the_database_library_logs_no_line_per_statement(
    restore_logging, tmp_path
):
    """aiosqlite writes a DEBUG line for every statement, from its own thread: with
    DRBOT_DEBUG the log would be those lines, and each costs a formatting."""
    from drbot.memory import PlanStore

    out = capture(debug=True)
    store = await PlanStore.open(tmp_path / "plans.db")
    try:
        await store.list_plans(1, "active")
    finally:
        await store.close()
    assert "aiosqlite" not in out.getvalue()
