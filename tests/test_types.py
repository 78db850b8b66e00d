"""mypy over drbot/ with the configuration in pyproject.toml: a type error fails
here, in CI, not in front of a person. The memory layer and the tools (what the
model may call, and the plan text their results are) are checked strictly; the
rest with mypy's defaults."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _mypy(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # The cache (.mypy_cache, made on the first run) keeps later runs to seconds.
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args], cwd=cwd, capture_output=True, text=True, timeout=600
    )


@pytest.mark.slow
def test_mypy_finds_nothing():
    result = _mypy(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr


def test_drbot_names_none_of_the_anthropic_apis_mypy_skips():
    # pyproject.toml has mypy skip the SDK's beta and organization modules; a use of them
    # would go unchecked, so none may appear (drop the override before adding one).
    skipped = re.compile(r"\b(?:beta|organization)\b")
    named = {
        str(path.relative_to(ROOT)): found
        for path in sorted((ROOT / "drbot").rglob("*.py"))
        if (found := skipped.findall(path.read_text(encoding="utf-8")))
    }
    assert named == {}


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    """The same function, untyped, in a strict module and in a default one."""
    root = tmp_path_factory.mktemp("typed")
    (root / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    untyped = "def double(x):\n    return x * 2\n"
    for package in ("drbot", "drbot/memory", "drbot/bot", "drbot/ai", "drbot/ai/tools"):
        (root / package).mkdir()
        (root / package / "__init__.py").write_text("")
    (root / "drbot/memory/sums.py").write_text(untyped)
    (root / "drbot/ai/tools/sums.py").write_text(untyped)
    (root / "drbot/bot/sums.py").write_text(untyped)
    (root / "drbot/bot/wrong.py").write_text('COUNT: int = "three"\n')
    return _mypy(root, "--no-incremental").stdout


def test_the_memory_layer_is_strict(checked):
    assert "drbot/memory/sums.py:1: error: Function is missing a type annotation" in checked


def test_the_tools_are_strict(checked):
    assert "drbot/ai/tools/sums.py:1: error: Function is missing a type annotation" in checked


def test_the_rest_gets_the_defaults(checked):
    assert "drbot/bot/sums.py" not in checked
    assert "drbot/bot/wrong.py:1: error: Incompatible types in assignment" in checked
