"""`drbot chat` on a real pseudo-terminal: line editing, history, Ctrl-C, Ctrl-D, colour.

Each terminal test runs the real `drbot chat` (a temp database, no config) on a pty it
controls, types keys and reads what the terminal shows; what it does when its output
is not a terminal is run in the test's process.  Waits are for what the
screen shows (an answer, the start of the next prompt), with generous limits so
a loaded machine is slow, never wrong; nothing asserts on time.
"""

from __future__ import annotations

import asyncio
import os
import pty
import re
import select
import sqlite3
import sys
import threading
import time
from pathlib import Path

import pytest

from drbot import terminal
from tests.drbot_process import drbot_in_process
from tests.fakes.anthropic_server import FakeAnthropic

WAIT_S = 90  # per expected output; only reached when something is broken
PROMPT_START = b"\x1b[?2004h"  # prompt_toolkit turns bracketed paste on as each prompt starts
COLOUR_MARK = re.compile(rb"\x1b\[[0-9;]*m\xe2\x9c\x93")  # an SGR code right before ✓
UP, CTRL_C, CTRL_D = b"\x1b[A", b"\x03", b"\x04"


class Terminal:
    """`drbot chat` with a pty as its controlling terminal (so Ctrl-C is SIGINT
    while a turn runs, as in a real terminal)."""

    def __init__(self, env: dict[str, str], cwd, args: tuple[str, ...] = ()) -> None:
        self.out = b""
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: become drbot at once
            os.chdir(cwd)
            os.execve(sys.executable, [sys.executable, "-m", "drbot", "chat", *args], env)

    def type(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def wait_for(self, what: bytes, count: int = 1) -> None:
        """Read until ``what`` has been shown ``count`` times in all."""
        deadline = time.monotonic() + WAIT_S
        while self.out.count(what) < count:
            if time.monotonic() > deadline or not self._read(deadline - time.monotonic()):
                raise AssertionError(f"{what!r} (x{count}) never shown; the screen: {self.out!r}")

    def wait_for_prompt(self, n: int) -> None:
        """Until the n-th prompt (counted from 1) is ready for keys."""
        self.wait_for(PROMPT_START, n)

    def exit_code(self) -> int:
        while self._read(WAIT_S):  # drain to the end, or the child may block writing
            pass
        _, status = os.waitpid(self.pid, 0)
        os.close(self.fd)
        return os.waitstatus_to_exitcode(status)

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.fd], [], [], max(timeout, 0))
        if not ready:
            return False
        try:
            data = os.read(self.fd, 65536)
        except OSError:  # EIO: the child has closed the terminal
            return False
        self.out += data
        return bool(data)

    def close(self) -> None:
        try:
            os.kill(self.pid, 9)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass


@pytest.fixture
def env(tmp_path):
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("ANTHROPIC_", "DRBOT_", "TELEGRAM_", "NO_COLOR"))
    }
    env.update(
        HOME=str(tmp_path),
        XDG_DATA_HOME=str(tmp_path / "data"),
        TERM="xterm-256color",
        PYTHONPATH=str(Path(__file__).resolve().parents[1]),  # this checkout's drbot
        # The test pty does not answer cursor-position requests (a terminal does).
        PROMPT_TOOLKIT_NO_CPR="1",
    )
    return env


@pytest.fixture
def run(env, tmp_path):
    started: list[Terminal] = []

    def start(*args: str, **extra: str) -> Terminal:
        started.append(Terminal({**env, **extra}, tmp_path, args))
        return started[-1]

    yield start
    for term in started:
        term.close()


def visible(out: bytes) -> bytes:
    """What the screen shows, without the control sequences."""
    return re.sub(rb"\x1b\[[0-9;?]*[A-Za-z]", b"", out)


def ends_the_line(out: bytes) -> bool:
    """The last prompt's line ends with one newline: the shell's prompt gets a
    line of its own, with no blank line before it."""
    return visible(out).rsplit(b"you>", 1)[1].strip(b" \r") == b"\n"


def plans(tmp_path) -> list[tuple]:
    with sqlite3.connect(tmp_path / "data" / "drbot" / "drbot.db") as db:
        return db.execute("SELECT title FROM plans").fetchall()


def test_up_arrow_brings_back_the_last_line_and_history_is_kept(run, tmp_path):
    term = run()
    term.wait_for_prompt(1)
    term.type(b"list my plans\r")
    term.wait_for(b"No active plans.")
    term.wait_for_prompt(2)
    term.type(UP + b"\r")  # the same line again, sent
    term.wait_for(b"No active plans.", 2)
    term.wait_for_prompt(3)
    term.type(CTRL_D)
    assert term.exit_code() == 0
    history = (tmp_path / "data" / "drbot" / "chat_history").read_text()
    assert "+list my plans" in history


def test_ctrl_c_drops_the_line_being_typed(run, tmp_path):
    term = run()
    term.wait_for_prompt(1)
    term.type(b"make a plan to paint the shed - steps: buy paint, paint" + CTRL_C)
    term.wait_for_prompt(2)
    term.type(b"list my plans\r")
    term.wait_for(b"No active plans.")  # the plan was never sent
    term.wait_for_prompt(3)
    term.type(CTRL_D)
    assert term.exit_code() == 0
    assert terminal.QUIT_HINT.encode() not in term.out  # a line was there: no hint
    assert plans(tmp_path) == []


def test_ctrl_c_at_an_empty_prompt_hints_and_a_second_one_quits(run):
    term = run()
    term.wait_for_prompt(1)
    term.type(CTRL_C)
    term.wait_for(terminal.QUIT_HINT.encode())
    term.wait_for_prompt(2)
    term.type(CTRL_C)
    assert term.exit_code() == 0
    assert ends_the_line(term.out)
    assert b"Traceback" not in term.out and b"KeyboardInterrupt" not in term.out


def test_ctrl_d_quits_with_a_newline(run):
    term = run()
    term.wait_for_prompt(1)
    term.type(CTRL_D)
    assert term.exit_code() == 0
    assert ends_the_line(term.out) and b"Traceback" not in term.out


def test_marks_are_coloured_on_a_terminal(run):
    term = run()
    term.wait_for_prompt(1)
    term.type(b"make a plan to paint the shed - steps: buy paint, paint\r")
    term.wait_for(b"Paint the shed")
    term.wait_for_prompt(2)
    term.type("✓ 1\r".encode())
    term.wait_for(b"Paint the shed:")  # the ack's header
    term.wait_for_prompt(3)
    term.type(CTRL_D)
    assert term.exit_code() == 0
    assert COLOUR_MARK.search(term.out), term.out


def test_no_color_keeps_the_terminal_plain(run):
    term = run(NO_COLOR="1")
    term.wait_for_prompt(1)
    term.type(b"make a plan to paint the shed - steps: buy paint, paint\r")
    term.wait_for(b"Paint the shed")
    term.wait_for_prompt(2)
    term.type("✓ 1\r".encode())
    term.wait_for(b"Paint the shed:")  # the ack's header
    term.wait_for_prompt(3)
    term.type(CTRL_D)
    assert term.exit_code() == 0
    assert "\r\n✓ 1. Buy paint".encode() in term.out  # no escape code before the mark


def test_piped_output_has_no_escape_codes(env, tmp_path):
    # In this process: its stdout is a pipe's, not a terminal.
    code, out, err = drbot_in_process(
        "chat",
        cwd=tmp_path,
        env=env,
        stdin="make a plan to paint the shed - steps: buy paint, paint\n✓ 1\n",
    )
    assert code == 0, err
    assert "✓ 1. Buy paint" in out and "\x1b" not in out


def test_the_answer_is_styled_by_line():
    text = 'Plan #1 "Shed" — active\n✓ 1. Buy paint\n  ✗ 2. Paint — no brush\n□ 3. Dry\nok'
    assert terminal.fragments(text) == [
        ("bold", 'Plan #1 "Shed" — active'),
        ("", "\n"),
        ("", ""),
        ("ansigreen", "✓"),
        ("", " 1. Buy paint\n"),
        ("", "  "),
        ("ansired", "✗"),
        ("", " 2. Paint — no brush\n"),
        ("", "□ 3. Dry\n"),
        ("", "ok"),
    ]
    assert terminal.fragments("Fix the fence:\n… 1. Quotes\n⤼ 2. Skip") == [
        ("bold", "Fix the fence:"),
        ("", "\n"),
        ("", ""),
        ("ansiyellow", "…"),
        ("", " 1. Quotes\n"),
        ("", ""),
        ("dim", "⤼"),
        ("", " 2. Skip"),
    ]


# -- Ctrl-C while the model is working ------------------------------------------


@pytest.fixture
def slow_model():
    """A fake Anthropic server on its own thread: it creates a plan, then answers
    so slowly that only Ctrl-C ends the turn."""
    loop = asyncio.new_event_loop()
    fake = FakeAnthropic()
    loop.run_until_complete(fake.start())
    fake.push_tool_use([("create_plan", {"title": "Boiler", "steps": ["Call plumber"]})])
    fake.push_slow(600, "too late")
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    yield fake
    asyncio.run_coroutine_threadsafe(fake.close(), loop).result(WAIT_S)
    loop.call_soon_threadsafe(loop.stop)
    thread.join(WAIT_S)
    loop.close()


def test_ctrl_c_stops_a_running_turn_and_says_what_was_done(run, slow_model, tmp_path):
    term = run(
        ANTHROPIC_API_KEY="sk-test",
        ANTHROPIC_BASE_URL=slow_model.url,
        DRBOT_LLM__HYBRID="false",
        DRBOT_LLM__CONFIRM_WRITES="false",
        DRBOT_LLM__MAX_RETRIES="0",
        DRBOT_LLM__REQUEST_TIMEOUT_S="600",
    )
    term.wait_for_prompt(1)
    term.type(b"plan the boiler fix\r")
    deadline = time.monotonic() + WAIT_S
    while len(slow_model.requests) < 2:  # the plan is made; the second answer is slow
        assert time.monotonic() < deadline, term.out
        term._read(0.05)
    term.type(CTRL_C)
    term.wait_for(b'(Stopped part-way.) Done before it stopped: Created plan "Boiler".')
    term.wait_for_prompt(2)
    term.type(CTRL_D)
    assert term.exit_code() == 0
    assert plans(tmp_path) == [("Boiler",)]
    assert b"Traceback" not in term.out


def test_a_spinner_shows_while_the_model_works_and_is_wiped(run, slow_model):
    term = run(
        ANTHROPIC_API_KEY="sk-test",
        ANTHROPIC_BASE_URL=slow_model.url,
        DRBOT_LLM__HYBRID="false",
        DRBOT_LLM__CONFIRM_WRITES="false",
        DRBOT_LLM__MAX_RETRIES="0",
        DRBOT_LLM__REQUEST_TIMEOUT_S="600",
    )
    term.wait_for_prompt(1)
    term.type(b"plan the boiler fix\r")
    term.wait_for(terminal.WORKING.encode())
    term.type(CTRL_C)
    term.wait_for(b"(Stopped part-way.)")
    term.wait_for_prompt(2)
    term.type(CTRL_D)
    assert term.exit_code() == 0
    spun = term.out.rsplit(terminal.WORKING.encode(), 1)[1]
    assert spun.index(b"\r\x1b[K") < spun.index(b"(Stopped part-way.)")  # wiped first


def test_no_spinner_when_stderr_is_not_a_terminal(env, tmp_path, slow_model):
    slow_model.requests.clear()
    code, out, err = drbot_in_process(  # in this process: its stderr is a pipe's
        "chat",
        cwd=tmp_path,
        timeout=120,
        stdin="plan the boiler fix\n",
        env={
            **env,
            "ANTHROPIC_API_KEY": "sk-test",
            "ANTHROPIC_BASE_URL": slow_model.url,
            "DRBOT_LLM__HYBRID": "false",
            "DRBOT_LLM__CONFIRM_WRITES": "false",
            "DRBOT_LLM__MAX_RETRIES": "0",
            "DRBOT_LLM__REQUEST_TIMEOUT_S": "1",
        },
    )
    assert code == 0, err
    assert terminal.WORKING not in err + out
    assert "\x1b" not in err


# -- log lines stay out of the conversation --------------------------------------


def unreachable_model() -> dict[str, str]:
    """A model server that is not there: every call fails, and drbot logs a WARNING."""
    from tests.drbot_process import free_port

    return dict(
        ANTHROPIC_API_KEY="sk-test",
        ANTHROPIC_BASE_URL=f"http://127.0.0.1:{free_port()}",
        DRBOT_LLM__HYBRID="false",
        DRBOT_LLM__MAX_RETRIES="0",
        DRBOT_LLM__REQUEST_TIMEOUT_S="5",
    )


def test_a_warning_goes_to_the_log_file_not_the_conversation(run, tmp_path):
    term = run(**unreachable_model())
    term.wait_for_prompt(1)
    term.type(b"plan the boiler fix\r")
    term.wait_for_prompt(2)
    term.type(CTRL_D)
    assert term.exit_code() == 0
    assert b"could not reach the model" in term.out  # the failure is said, in words
    assert b"WARNING" not in term.out and b"model call failed" not in term.out
    log = (tmp_path / "data" / "drbot" / "chat.log").read_text()
    assert " WARNING drbot.ai.assistant: model call failed" in log


def test_verbose_logs_to_stderr(run, tmp_path):
    term = run("--verbose", **unreachable_model())
    term.wait_for_prompt(1)
    term.type(b"plan the boiler fix\r")
    term.wait_for(b"model call failed")
    term.wait_for_prompt(2)
    term.type(CTRL_D)
    assert term.exit_code() == 0
    assert b"WARNING" in term.out
    assert not (tmp_path / "data" / "drbot" / "chat.log").exists()


def test_help_says_where_the_log_goes(tmp_path):
    code, out, _ = drbot_in_process("chat", "--help", cwd=tmp_path)
    assert code == 0 and "--verbose" in out and "drbot/chat.log" in out
