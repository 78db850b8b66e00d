"""`python -m drbot …` as a real process, for tests that check what an operator sees.

The fakes run in the test's event loop, so the process is started with asyncio's subprocess
API (a blocking subprocess.run would stop the fakes from answering it).
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
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
