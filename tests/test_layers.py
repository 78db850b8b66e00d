"""The layers (DESIGN.md §2), read from the source with ``ast``: every import
statement in drbot/, at any depth (imports inside functions count too).

    memory     imports nothing of ours outside drbot.memory
    ai         no bot, scheduler, runtime or cli
    scheduler  no bot, no telegram (it builds plain drbot.outgoing messages)
    bot        no scheduler (drbot.runtime wires the two together)
    shared     the top-level helpers (outgoing, step_actions, marks, config, …):
               no bot, scheduler, ai, runtime, cli or telegram
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "drbot"
TOP = {"cli", "runtime", "doctor", "terminal", "__main__"}   # commands: may import anything
FORBIDDEN = {
    "memory": ("drbot.",),   # anything of ours but drbot.memory (allowed below)
    "ai": ("drbot.bot", "drbot.scheduler", "drbot.runtime", "drbot.cli", "telegram"),
    "scheduler": ("drbot.bot", "drbot.runtime", "drbot.cli", "telegram"),
    "bot": ("drbot.scheduler", "drbot.runtime", "drbot.cli"),
    "shared": ("drbot.bot", "drbot.scheduler", "drbot.ai", "drbot.runtime", "drbot.cli",
               "telegram"),
}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def layer(name: str) -> str | None:
    parts = name.split(".")
    if len(parts) == 2 and parts[1] in TOP:
        return None
    if len(parts) > 2 or (len(parts) == 2 and parts[1] in FORBIDDEN):
        return parts[1]
    return "shared"


def imported(tree: ast.AST, name: str, is_package: bool) -> set[str]:
    """Every module an import statement names, relative imports resolved;
    ``from a import b`` names both a and a.b (b may be a module)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".")
                package = package if is_package else package[:-1]
                package = package[:len(package) - node.level + 1]
                base = ".".join(package + ([base] if base else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def violations(path: Path) -> list[str]:
    name = module_name(path)
    own = layer(name)
    if own is None:
        return []
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    bad = []
    for target in sorted(imported(tree, name, path.name == "__init__.py")):
        if own == "memory" and (target == "drbot.memory" or target.startswith("drbot.memory.")):
            continue
        if own == "shared" and target.startswith("drbot.memory"):
            continue   # humanize reads times with memory.clock: below, allowed
        if any(target == f or target.startswith(f + ".") or (f.endswith(".") and
               target.startswith(f)) for f in FORBIDDEN[own]):
            bad.append(f"{name} ({own}) imports {target}")
    return bad


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_every_package_module_is_checked():
    layers = {layer(module_name(p)) for p in MODULES}
    assert {"memory", "ai", "scheduler", "bot", "shared"} <= layers


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_layers(path):
    assert violations(path) == []


def test_the_checker_sees_a_wrong_import(tmp_path, monkeypatch):
    """The rules catch what they are for (a checker that sees nothing passes too)."""
    fake = tmp_path / "drbot"
    for rel, text in {"scheduler/job.py": "from drbot.bot import buttons\n",
                      "scheduler/tg.py": "def f():\n    from telegram import Bot\n",
                      "bot/h.py": "from ..scheduler import briefing\n",
                      "memory/m.py": "import drbot.config\n",
                      "ai/a.py": "from drbot import bot\n",
                      "outgoing.py": "import telegram.ext\n",
                      "memory/ok.py": "from . import clock\nfrom drbot.memory.db import x\n",
                      "bot/ok.py": "from drbot.outgoing import Outgoing\n"}.items():
        (fake / rel).parent.mkdir(parents=True, exist_ok=True)
        (fake / rel).write_text(text)
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    found = {p.relative_to(fake).as_posix(): violations(p) for p in fake.rglob("*.py")}
    assert found == {
        "scheduler/job.py": ["drbot.scheduler.job (scheduler) imports drbot.bot",
                             "drbot.scheduler.job (scheduler) imports drbot.bot.buttons"],
        "scheduler/tg.py": ["drbot.scheduler.tg (scheduler) imports telegram",
                            "drbot.scheduler.tg (scheduler) imports telegram.Bot"],
        "bot/h.py": ["drbot.bot.h (bot) imports drbot.scheduler",
                     "drbot.bot.h (bot) imports drbot.scheduler.briefing"],
        "memory/m.py": ["drbot.memory.m (memory) imports drbot.config"],
        "ai/a.py": ["drbot.ai.a (ai) imports drbot.bot"],
        "outgoing.py": ["drbot.outgoing (shared) imports telegram.ext"],
        "memory/ok.py": [], "bot/ok.py": []}
