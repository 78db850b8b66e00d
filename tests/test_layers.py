"""The layers (docs/ARCHITECTURE.md) as import-linter contracts, kept in pyproject.toml:
memory imports nothing of ours; ai knows nothing of Telegram or the scheduler; the
scheduler builds plain messages; bot does not reach into the scheduler; the top-level
helpers stay below ai, bot and scheduler; inside ai the assistant routes between the model
loop, the rules, the tools and the language helpers, each importing only those below it;
and no package's modules import each other in a circle. Imports inside functions and under
TYPE_CHECKING count too."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINT = [
    sys.executable,
    "-c",
    "import sys; from importlinter.cli import lint_imports_command;"
    " sys.exit(lint_imports_command())",
    "--no-cache",
]


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    return subprocess.run(
        [*LINT, "--config", str(root / "pyproject.toml")],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_contracts_hold():
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_the_contracts_see_a_wrong_import_and_a_circle(tmp_path):
    """The contracts catch what they are for (a checker that sees nothing passes too)."""
    shutil.copytree(
        ROOT / "drbot", tmp_path / "drbot", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    wrong = {
        # a language helper reaching up into the rules
        "drbot/ai/language/dates.py": "from drbot.ai.rules import free_text\n",
        # the scheduler using Telegram
        "drbot/scheduler/contract.py": "def f():\n    from telegram import Bot\n",
        # a circle between two rules modules, the kind one class's methods spread over
        # modules makes
        "drbot/ai/rules/acting.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from drbot.ai.rules import new_plans\n",
    }
    for rel, line in wrong.items():
        path = tmp_path / rel
        path.write_text(path.read_text(encoding="utf-8") + "\n" + line, encoding="utf-8")
    result = lint(tmp_path)
    assert result.returncode != 0
    out = " ".join(result.stdout.split())
    for broken in (
        "scheduler builds plain messages: no bot, no telegram BROKEN",
        "the language helpers BROKEN",
        "no import circles among the modules of a package BROKEN",
    ):
        assert broken in out, result.stdout
    assert "3 broken" in out
