"""One `drbot run` per database file: an advisory lock held for the life of the process.

Two `drbot run` on one file would both poll Telegram with the same token (each getUpdates
answered "Conflict", over and over, in both logs) and both run the proactive jobs. The second
one should say so and stop at once instead. ``fcntl.flock`` on ``<database>.lock`` beside the
file does it with the standard library: the kernel releases the lock when the process ends,
however it ends (SIGKILL too), so a crash never leaves a stale lock behind. The file itself
stays (deleting a lock file races with the next opener); it holds the holder's pid, for the
message only.

Only `drbot run` takes it. `drbot chat`, `tick`, `migrate`, `backup`, `export`, `forget` may
share the file with a running bot: WAL, busy_timeout and one-transaction writes keep two
processes on one file safe (tests/test_concurrency.py), the once-only claims keep a `tick
--send` from doubling the bot's messages, and none of them polls Telegram.
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path

from drbot.memory.database import DatabaseRefused


class AlreadyRunning(DatabaseRefused):
    def __init__(self, path: str | Path, pid: int | None) -> None:
        holder = f" (pid {pid})" if pid else ""
        super().__init__(
            f"another drbot is already running on {path}{holder}; stop it "
            "first, or give this one its own [database] path"
        )
        self.pid = pid


def lock_path(db_path: str | Path) -> Path:
    """``<database>.lock``, beside the file the path really names (a symlink or a relative
    path to the same file finds the same lock)."""
    return Path(os.path.realpath(db_path) + ".lock")


class ProcessLock:
    """Held from :meth:`acquire` until :meth:`release` or the end of the process."""

    def __init__(self, db_path: str | Path) -> None:
        self.db_path, self.path = db_path, lock_path(db_path)
        self._fd: int | None = None

    def acquire(self) -> ProcessLock:
        """Take the lock at once or raise :class:`AlreadyRunning`; never waits."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            pid = _pid_in(fd)
            os.close(fd)
            raise AlreadyRunning(self.db_path, pid) from None
        except BaseException:
            os.close(fd)
            raise
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the only descriptor releases the flock
            self._fd = None

    def __enter__(self) -> ProcessLock:
        return self.acquire()

    def __exit__(self, *exc: object) -> None:
        self.release()


def _pid_in(fd: int) -> int | None:
    """The holder's pid as it wrote it; None while it has not yet (or on garbage)."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        return None
    return int(text) if text.isdigit() else None
