"""ruff's pyflakes rules over everything: an undefined name, an unused import or a
dictionary key given twice fails here, not in front of a person."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "drbot", "tests", "bench"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_sees_a_repeated_key(tmp_path):
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    (tmp_path / "bad.py").write_text('WORDS = {"hall": "venue", "hall": "room"}\n')
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "bad.py"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "F601" in result.stdout
