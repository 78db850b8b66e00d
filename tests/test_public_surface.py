"""Each package states its surface (docs/ARCHITECTURE.md, "Layers"): a docstring of its
responsibility and ``__all__`` whose every name resolves; drbot's modules outside a package
use only what its ``__all__`` lists (a name, or a module with its public names); and no module
reaches for a private (``_name``) of another module, so what crosses a module boundary has a
public name. Tests, benches and the evaluation may reach further in: they measure the parts."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def packages() -> list[str]:
    """Every package of drbot with modules of its own (drbot itself and the migrations' data
    package aside), found on disk so a new package is held to the same rule."""
    found = []
    for init in (ROOT / "drbot").rglob("__init__.py"):
        folder = init.parent
        if folder != ROOT / "drbot" and any(p.name != "__init__.py" for p in folder.glob("*.py")):
            found.append(".".join(folder.relative_to(ROOT).parts))
    return sorted(found)


PACKAGES = packages()


def test_the_packages_are_found():
    assert {"drbot.ai", "drbot.ai.llm", "drbot.memory", "drbot.bot", "drbot.scheduler"} <= set(
        PACKAGES
    )


@pytest.mark.parametrize("name", PACKAGES)
def test_a_package_states_its_surface_and_every_name_resolves(name):
    package = importlib.import_module(name)
    assert package.__doc__ and package.__doc__.strip(), f"{name} has no docstring"
    assert getattr(package, "__all__", None), f"{name} has no __all__"
    for exported in package.__all__:
        if not hasattr(package, exported):  # a module listed by name
            importlib.import_module(f"{name}.{exported}")
        assert getattr(package, exported) is not None


def test_the_assistants_surface_loads_the_model_sdk_only_for_the_assistant():
    """``drbot.ai.Reply`` is light; ``drbot.ai.Assistant`` brings the assistant module."""
    code = (
        "import sys; from drbot.ai import Reply, StoppableTurn; "
        "print('drbot.ai.assistant' in sys.modules); "
        "from drbot.ai import Assistant; print('drbot.ai.assistant' in sys.modules, "
        "Assistant.__module__, Reply.__module__)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout.split()
    assert out == ["False", "True", "drbot.ai.assistant", "drbot.ai.llm.turns"]


def test_the_rules_are_loaded_by_the_first_message_that_needs_reading(tmp_path):
    """A `drbot chat` of settings never compiles the interpreter's patterns (a quarter of a
    second of every start); the first free sentence loads it and is read as ever."""
    code = (
        "import io, sys\n"
        "from drbot.cli import main\n"
        "def chat(lines):\n"
        "    sys.stdin = io.StringIO(lines)\n"
        "    main(['chat'])\n"
        "    print('rules loaded:', 'drbot.ai.rules.interpreter' in sys.modules)\n"
        "chat('/quiet 10pm-7am\\n/timezone Berlin\\n')\n"
        "chat('fix the fence: buy posts, dig holes\\n/plans\\n')\n"
    )
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    first, second = out.split("rules loaded: False\n")
    assert first.startswith("Quiet hours set: 22:00–07:00"), out
    assert "rules loaded: True" in second and "Buy posts" in second, out


def test_an_unknown_name_of_the_assistants_surface_is_an_attribute_error():
    import drbot.ai

    with pytest.raises(AttributeError, match="no attribute 'Nothing'"):
        _ = drbot.ai.Nothing


def private_imports(source: str, module: str) -> list[str]:
    """``from drbot.x import _y`` and ``x._y`` on an imported drbot module, in ``source``."""
    tree, found, modules = ast.parse(source), [], {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("drbot"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{module}:{node.lineno} imports {node.module}.{alias.name}")
                modules[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("drbot") and alias.asname:
                    modules[alias.asname] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append(f"{module}:{node.lineno} uses {modules[node.value.id]}.{node.attr}")
    return found


def test_no_module_reaches_for_another_modules_private_names():
    found = []
    for folder in ("drbot", "tests", "bench", "eval"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            found += private_imports(path.read_text("utf-8"), str(path.relative_to(ROOT)))
    assert found == []


def test_the_private_name_check_sees_both_ways_of_reaching():
    source = (
        "from drbot.config import _default_db_path\n"
        "from drbot.scheduler import briefing\n"
        "briefing._zone('UTC')\n"
    )
    assert private_imports(source, "m.py") == [
        "m.py:1 imports drbot.config._default_db_path",
        "m.py:3 uses drbot.scheduler.briefing._zone",
    ]


def owner(module: str, packages: list[str]) -> str | None:
    """The innermost of ``packages`` that holds ``module`` (a package holds itself)."""
    holding = [p for p in packages if module == p or module.startswith(p + ".")]
    return max(holding, key=len) if holding else None


def outside_uses(source: str, module: str, surfaces: dict[str, list[str]]) -> list[str]:
    """Imports in ``source`` (the module ``module``) of what a package it is not part of does
    not list in its ``__all__``: ``from p import name``, ``from p.m import …``, ``import p.m``."""
    found, packages = [], sorted(surfaces)

    def check(lineno: int, package: str | None, name: str, what: str) -> None:
        if package is None or module == package or module.startswith(package + "."):
            return  # not a package's, or the package's own module
        if name not in surfaces[package]:
            found.append(f"{module}:{lineno} imports {what}, not in {package}.__all__")

    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module in surfaces:  # from p import name
                for alias in node.names:
                    check(node.lineno, node.module, alias.name, f"{node.module}.{alias.name}")
            else:  # from p.m import name
                package = owner(node.module, packages)
                if package is not None:
                    name = node.module[len(package) + 1 :].split(".")[0]
                    check(node.lineno, package, name, node.module)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                package = owner(alias.name, packages)
                if package is not None and alias.name != package:
                    name = alias.name[len(package) + 1 :].split(".")[0]
                    check(node.lineno, package, name, alias.name)
    return found


def test_modules_outside_a_package_use_only_its_stated_surface():
    surfaces = {name: list(importlib.import_module(name).__all__) for name in PACKAGES}
    found = []
    for path in sorted((ROOT / "drbot").rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        found += outside_uses(path.read_text("utf-8"), module, surfaces)
    assert found == [], "use a listed name, or list it in __all__ if others are meant to use it"


def test_the_surface_check_sees_every_way_of_reaching_in():
    surfaces = {"drbot.memory": ["PlanStore", "clock"], "drbot.bot": ["app"]}
    source = (
        "from drbot.memory import PlanStore, clock\n"
        "from drbot.memory.clock import iso\n"
        "from drbot.memory import plan_writes\n"
        "from drbot.memory.plan_writes import insert_step\n"
        "import drbot.memory.plan_queries\n"
        "def f():\n"
        "    from drbot.bot.handlers import on_text\n"
        "from drbot.config import Settings\n"
    )
    assert outside_uses(source, "drbot.scheduler.tick", surfaces) == [
        "drbot.scheduler.tick:3 imports drbot.memory.plan_writes, not in drbot.memory.__all__",
        "drbot.scheduler.tick:4 imports drbot.memory.plan_writes, not in drbot.memory.__all__",
        "drbot.scheduler.tick:5 imports drbot.memory.plan_queries, not in drbot.memory.__all__",
        "drbot.scheduler.tick:7 imports drbot.bot.handlers, not in drbot.bot.__all__",
    ]
    # a package's own modules use each other freely
    assert outside_uses(source, "drbot.memory.plans", surfaces) == [
        "drbot.memory.plans:7 imports drbot.bot.handlers, not in drbot.bot.__all__"
    ]
