"""Each package imported from outside states its surface (docs/ARCHITECTURE.md, "Layers"):
a one-line docstring and ``__all__`` whose every name resolves; and no module reaches for a
private (``_name``) of another module, so what crosses a module boundary has a public name."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ["drbot.memory", "drbot.ai", "drbot.bot", "drbot.scheduler"]


@pytest.mark.parametrize("name", PACKAGES)
def test_a_package_states_its_surface_and_every_name_resolves(name):
    package = importlib.import_module(name)
    assert package.__doc__ and package.__doc__.strip(), f"{name} has no docstring"
    assert package.__all__, f"{name} has no __all__"
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
