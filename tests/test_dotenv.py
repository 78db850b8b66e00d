"""`.env` in the working directory: KEY=VALUE lines, the environment wins, bad lines named."""

from __future__ import annotations

import sqlite3

import pytest

from drbot.config import ConfigError, load_dotenv
from tests.drbot_process import clean_env, run_drbot

SAMPLE = """\
# drbot secrets
TELEGRAM_BOT_TOKEN=123456:TEST

export DRBOT_ALLOWED_USER_IDS = 1,2   # me and my partner
ANTHROPIC_API_KEY="sk-ant-with # hash"
DRBOT_BRIEFING__TIME='07:30'
QUOTED_ESCAPES="line one\\nsaid \\"hi\\" \\\\o/"
SINGLE_LITERAL='no \\n escapes here'
EMPTY=
HASH_NO_SPACE=a#b
"""


def test_parse_the_common_format(tmp_path):
    (tmp_path / ".env").write_text(SAMPLE)
    environ: dict[str, str] = {}
    load_dotenv(tmp_path / ".env", environ)
    assert environ == {
        "TELEGRAM_BOT_TOKEN": "123456:TEST",
        "DRBOT_ALLOWED_USER_IDS": "1,2",
        "ANTHROPIC_API_KEY": "sk-ant-with # hash",
        "DRBOT_BRIEFING__TIME": "07:30",
        "QUOTED_ESCAPES": 'line one\nsaid "hi" \\o/',
        "SINGLE_LITERAL": "no \\n escapes here",
        "EMPTY": "",
        "HASH_NO_SPACE": "a#b",
    }


@pytest.mark.parametrize(
    "text, message",
    [
        ("GOOD=1\nTELEGRAM_BOT_TOKEN 123:secret\n", r"^\.env line 2: expected KEY=VALUE$"),
        ("1BAD=x\n", r"^\.env line 1: expected KEY=VALUE$"),
        ("# note\n\nGOOD=1\n\nTOKEN_WITHOUT_VALUE_secret\n", r"^\.env line 5: expected KEY=VALUE$"),
        ('KEY="secret value\n', r"^\.env line 1: the value's \" quote is not closed$"),
        ("KEY='secret' more\n", r"^\.env line 1: text after the closing quote$"),
    ],
)
def test_a_bad_line_is_named_without_its_text(tmp_path, monkeypatch, text, message):
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(text)
    environ: dict[str, str] = {}
    with pytest.raises(ConfigError, match=message) as info:
        load_dotenv(".env", environ)
    assert environ == {}
    assert "secret" not in str(info.value)


def test_the_environment_wins_even_when_empty(tmp_path):
    (tmp_path / ".env").write_text("A=from-file\nB=from-file\nC=from-file\n")
    environ = {"A": "from-shell", "B": ""}
    assert load_dotenv(tmp_path / ".env", environ) == ["C"]
    assert environ == {"A": "from-shell", "B": "", "C": "from-file"}


def test_no_file_changes_nothing(tmp_path):
    environ: dict[str, str] = {}
    assert load_dotenv(tmp_path / ".env", environ) == [] and environ == {}


async def test_drbot_reads_dotenv_in_the_working_directory(tmp_path):
    (tmp_path / ".env").write_text(
        f"DRBOT_DB={tmp_path / 'from-dotenv.db'}\nDRBOT_BRIEFING__TIME=25:00\n"
    )
    env = clean_env(DRBOT_BRIEFING__TIME="07:30")  # set already: wins over the file
    code, out, err = await run_drbot("migrate", cwd=tmp_path, env=env)
    assert code == 0, err
    assert str(tmp_path / "from-dotenv.db") in out
    with sqlite3.connect(tmp_path / "from-dotenv.db") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] > 0

    (tmp_path / ".env").write_text("DRBOT_DB\n")
    code, out, err = await run_drbot("migrate", cwd=tmp_path, env=clean_env())
    assert (code, err) == (2, "drbot: .env line 1: expected KEY=VALUE\n")
