"""eval/sealed.py: blind sets kept gzipped in the repository, measured by numbers only."""

from __future__ import annotations

import gzip
import shutil
from pathlib import Path

import pytest

from eval import sealed
from eval.understanding_worlds import build_templates, corpus_problems

ROOT = Path(__file__).resolve().parent.parent
SEALED = sorted((ROOT / "eval" / "sealed").glob("*.toml.gz"))
A_SET = sorted((ROOT / "eval" / "corpus").glob("heldout-*.toml"))[-1]


@pytest.mark.parametrize("path", SEALED, ids=lambda p: p.name)
async def test_every_sealed_set_can_be_measured(path, tmp_path):
    corpus = sealed.load_sealed(path)
    worlds = await build_templates(corpus, tmp_path)
    problems = corpus_problems(corpus, {name: snap for name, (_, snap) in worlds.items()})
    count = len(problems)  # a count, not the list: a failure must not print the messages
    assert len(corpus.cases) >= 40 and count == 0


@pytest.fixture
def places(tmp_path, monkeypatch):
    monkeypatch.setattr(sealed, "SEALED", tmp_path / "sealed")
    corpus_dir = tmp_path / "corpus"
    corpus_dir.mkdir()
    monkeypatch.setattr(sealed, "CORPUS", corpus_dir / "understanding.toml")
    blind = tmp_path / "z999.toml"
    shutil.copyfile(A_SET, blind)
    return tmp_path, blind


def test_a_set_is_sealed_measured_without_its_words_and_opened(places, capsys):
    tmp_path, blind = places
    sealed.main(["seal", str(blind)])
    packed = tmp_path / "sealed" / "z999.toml.gz"
    assert gzip.decompress(packed.read_bytes()) == blind.read_bytes()
    assert blind.read_text(encoding="utf-8")[:200].encode() not in packed.read_bytes()

    capsys.readouterr()
    sealed.main(["measure", "--json", str(tmp_path / "results")])
    out = capsys.readouterr().out
    corpus = sealed.load_sealed(packed)
    assert "z999" in out and f"/{len(corpus.cases)}" in out and "wrong" in out
    # Numbers only: not one message's words reach the output.
    assert not [c.id for c in corpus.cases if c.text[:25] in out]
    assert (tmp_path / "results" / "z999.json").exists()

    sealed.main(["open", "z999"])
    assert not packed.exists()
    (opened,) = (tmp_path / "corpus").glob("heldout-*-z999.toml")
    assert opened.read_bytes() == blind.read_bytes()


def test_a_set_naming_steps_its_worlds_lack_is_not_sealed(places):
    tmp_path, blind = places
    text = blind.read_text(encoding="utf-8")
    first_step = text.split('expect.status = { "', 1)[1].split('"', 1)[0]
    blind.write_text(
        text.replace(f'expect.status = {{ "{first_step}"', 'expect.status = { "No such step"', 1),
        encoding="utf-8",
    )
    with pytest.raises(SystemExit, match="not sealed"):
        sealed.main(["seal", str(blind)])
    assert not (tmp_path / "sealed" / "z999.toml.gz").exists()
