"""ruff over everything with the rule set pyproject.toml chooses: an undefined name, an
unused import, a dictionary key given twice, imports out of order or a likely bug
(a mutable default, a loop variable a closure reads late) fails here, not in front of a
person."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _ruff(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_ruff_finds_nothing():
    result = _ruff("drbot", "tests", "bench", "eval", cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_everything_is_formatted_as_ruff_formats_it():
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "format",
            "--check",
            "--no-cache",
            "drbot",
            "tests",
            "bench",
            "eval",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize(
    "source, rule",
    [
        ('WORDS = {"hall": "venue", "hall": "room"}\n', "F601"),
        ("import sys\nimport json\n\nprint(json, sys)\n", "I001"),
        ("def add(step, into=[]):\n    into.append(step)\n    return into\n", "B006"),
        ("from typing import Optional\n\nNAME: Optional[str] = None\n", "UP045"),
        ("def f(x):\n    if x:\n        return True\n    else:\n        return False\n", "SIM103"),
    ],
)
def test_ruff_uses_the_configured_rules(tmp_path, source, rule):
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "bad.py").write_text(source)
    result = _ruff("bad.py", cwd=tmp_path)
    assert result.returncode != 0 and rule in result.stdout, result.stdout + result.stderr
