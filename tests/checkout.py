"""Run drbot from this checkout, with this checkout's migrations.

The virtualenv's editable install maps ``drbot.migrations`` (``package-dir`` in
pyproject.toml) to the folder of the checkout it was made from; a test run in
another checkout (a git worktree) would otherwise migrate with that one's
files.  ``use_this_checkout()`` loads this checkout's ``migrations`` package as
``drbot.migrations`` before anything reads it: tests/conftest.py calls it, and
so does every Python process the tests start (tests/checkout_site).  In the
checkout the install was made from it changes nothing.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def use_this_checkout() -> None:
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import drbot

    here = ROOT / "migrations"
    loaded = sys.modules.get("drbot.migrations")
    if loaded is not None and Path(loaded.__file__).resolve().parent == here:
        return
    spec = importlib.util.spec_from_file_location(
        "drbot.migrations", here / "__init__.py", submodule_search_locations=[str(here)]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["drbot.migrations"] = module
    spec.loader.exec_module(module)
    drbot.migrations = module
