"""`python -m drbot …` as a real process, for tests that check what an operator sees; and
the same command run in this process, for tests that check only what it prints and returns.

The fakes run in the test's event loop, so the process is started with asyncio's subprocess
API (a blocking subprocess.run would stop the fakes from answering it).

A new interpreter costs a second or two of CPU (more when it loads the model SDK), which is
most of what such a test costs. Where the process itself is not what is tested (signals,
kills, restarts, locks, the terminal, the installed command), ``run_drbot_in_process`` runs
``drbot.cli.main`` in a thread of this process, with the environment, working directory and
standard streams the process would have had, and puts everything it changed back.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
import os
import signal
import socket
import subprocess
import sys
import threading
import traceback
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

OWNER = 1001


def clean_env(**extra: str) -> dict[str, str]:
    """The test's environment without anything that would override a config file."""
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DRBOT_", "TELEGRAM_", "ANTHROPIC_"))
    }
    env["PTB_TIMEDELTA"] = "1"
    env.update(extra)
    return env


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def write_config(
    folder: Path, *, token: str, base_url: str, db: Path, **sections: dict[str, Any]
) -> Path:
    """A config file; ``sections`` adds or overrides keys, e.g. ``llm={"provider": "offline"}``."""
    tables: dict[str, dict[str, Any]] = {
        "telegram": {"token": token, "base_url": base_url, "allowed_user_ids": [OWNER]},
        "database": {"path": str(db)},
        "llm": {"provider": "offline"},
    }
    for name, keys in sections.items():
        tables.setdefault(name, {}).update(keys)
    lines = []
    for name, keys in tables.items():
        lines.append(f"[{name}]")
        lines += [f"{key} = {_toml(value)}" for key, value in keys.items()]
    config = folder / "config.toml"
    config.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return config


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(map(_toml, value)) + "]"
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


async def run_drbot(
    *args: str, cwd: Path, env: dict[str, str] | None = None, timeout: float = 60
) -> tuple[int, str, str]:
    """Run a drbot command to its end: (exit code, stdout, stderr)."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "drbot",
        *args,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env=env if env is not None else clean_env(),
    )
    try:
        out, err = await asyncio.wait_for(proc.communicate(), timeout)
    except TimeoutError:
        proc.kill()
        await proc.wait()
        raise AssertionError(f"drbot {' '.join(args)} still running after {timeout}s") from None
    return proc.returncode, out.decode(), err.decode()


async def run_drbot_in_process(
    *args: str, cwd: Path, env: dict[str, str] | None = None, stdin: str = "", timeout: float = 60
) -> tuple[int, str, str]:
    """``run_drbot`` without the new process: (exit code, stdout, stderr) of
    ``drbot.cli.main(args)``, run off the event loop so the fakes in it can answer."""
    return await asyncio.to_thread(
        drbot_in_process, *args, cwd=cwd, env=env, stdin=stdin, timeout=timeout
    )


def drbot_in_process(
    *args: str, cwd: Path, env: dict[str, str] | None = None, stdin: str = "", timeout: float = 60
) -> tuple[int, str, str]:
    """A drbot command to its end in this process, as `python -m drbot ARGS` would run it
    with ``env`` (default ``clean_env()``) in ``cwd`` and ``stdin`` piped in: (exit code,
    stdout, stderr). For tests that do not run in an event loop of their own, or from one
    through ``run_drbot_in_process``."""
    from drbot.cli import main

    out, err = io.StringIO(), io.StringIO()
    ended: list[int] = []

    def command() -> None:  # what `sys.exit(main())` in drbot/__main__.py and Python make of it
        try:
            ended.append(main(list(args)))
        except SystemExit as exit:  # argparse: --help, --version, a usage error
            if isinstance(exit.code, str):
                print(exit.code, file=sys.stderr)
            ended.append(1 if isinstance(exit.code, str) else exit.code or 0)
        except BaseException:
            traceback.print_exc()
            ended.append(1)

    with _as_its_own_process(cwd, env if env is not None else clean_env(), stdin, out, err):
        # A thread of its own: main() runs its own event loop, as in a process.
        thread = threading.Thread(target=command, name=f"drbot {' '.join(args)}", daemon=True)
        thread.start()
        thread.join(timeout)
        if thread.is_alive():
            raise AssertionError(f"drbot {' '.join(args)} still running after {timeout}s")
    return ended[0], out.getvalue(), err.getvalue()


@contextlib.contextmanager
def _as_its_own_process(
    cwd: Path, env: dict[str, str], stdin: str, out: io.StringIO, err: io.StringIO
) -> Iterator[None]:
    """This process's environment, working directory, standard streams and logging set up
    as a new process would find them, and put back afterwards (drbot changes the logging
    and, from a .env file, the environment)."""
    saved_env, saved_cwd = dict(os.environ), os.getcwd()
    saved_streams = sys.stdin, sys.stdout, sys.stderr
    root = logging.getLogger()
    saved_handlers = root.handlers[:]
    saved_levels = {
        name: logger.level
        for name, logger in list(logging.Logger.manager.loggerDict.items())
        if isinstance(logger, logging.Logger)
    }
    saved_root_level, saved_showwarning = root.level, warnings.showwarning
    capturing_warnings = logging._warnings_showwarning is not None  # type: ignore[attr-defined]
    os.environ.clear()
    os.environ.update(env)
    os.chdir(cwd)
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(stdin), out, err
    try:
        yield
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved_streams
        os.chdir(saved_cwd)
        os.environ.clear()
        os.environ.update(saved_env)
        for handler in root.handlers:
            if handler not in saved_handlers:
                handler.close()  # a log file drbot opened
        root.handlers[:] = saved_handlers
        root.setLevel(saved_root_level)
        for name, logger in list(logging.Logger.manager.loggerDict.items()):
            if isinstance(logger, logging.Logger):
                logger.setLevel(saved_levels.get(name, logging.NOTSET))
        logging.captureWarnings(capturing_warnings)
        warnings.showwarning = saved_showwarning


class Running:
    """A long-running `drbot run`, its output in files (no pipe to fill up)."""

    def __init__(self, config: Path, env: dict[str, str] | None = None) -> None:
        self.config, self.env = config, env if env is not None else clean_env()
        self.stderr = config.parent / "run.err"
        self.proc: asyncio.subprocess.Process | None = None

    async def __aenter__(self) -> Running:
        with open(self.stderr, "wb") as err:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "drbot",
                "run",
                "--config",
                str(self.config),
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=err,
                env=self.env,
                cwd=self.config.parent,
            )
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()

    def err(self) -> str:
        return self.stderr.read_text(errors="replace")

    async def stop(self, timeout: float = 15) -> int:
        """SIGTERM, then its exit code."""
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(self.proc.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"drbot run did not stop after SIGTERM: {self.err()!r}") from None

    async def wait_for_line(self, text: str, timeout: float = 20) -> str:
        """The first stderr line containing ``text``, once it is there (or the process ended)."""
        assert self.proc is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            for line in self.err().splitlines():
                if text in line:
                    return line
            if self.proc.returncode is not None or loop.time() > deadline:
                raise AssertionError(
                    f"no {text!r} on stderr (exit {self.proc.returncode}): {self.err()!r}"
                )
            await asyncio.sleep(0.05)
