"""Sealed held-out sets: blind messages kept in the repository unread, measured by numbers only.

    python -m eval.sealed seal FILE.toml [...]        # gzip blind sets into eval/sealed/
    python -m eval.sealed measure [--without-learnt-checks] [--json DIR] [NAME ...]
    python -m eval.sealed open NAME [...]             # a sealed set joins eval/corpus to be learnt from

A blind set (eval/README.md) is worth most before anyone who tunes the rules has read
it: then its figure says how drbot reads people nobody tuned to.  Scratch space does
not outlive a session, so sets kept for a later session's measurement live here,
gzipped so that no grep or editor shows their words by accident.  ``measure`` prints
per set and in total what ``eval.understanding`` prints as its headline (correct,
wrong writes, one tap away, newcomers' first plans) and nothing of the messages;
``--json DIR`` keeps the per-case results (with the messages) outside the repository for
the session that will learn from them.  ``open`` is the end of a set's seal: it moves
the set into eval/corpus as ``heldout-<date>-<name>.toml``.
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import json
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from eval.understanding import (
    CORRECT,
    WRONG,
    Result,
    run,
    select,
    settings_for,
    turn_off_learnt_checks,
)
from eval.understanding_worlds import (
    CORPUS,
    Corpus,
    build_templates,
    corpus_problems,
    load_corpus,
)

SEALED = Path(__file__).resolve().parent / "sealed"


def sealed_paths(names: list[str] | None = None) -> list[Path]:
    paths = sorted(SEALED.glob("*.toml.gz"))
    if names:
        wanted = set(names)
        paths = [p for p in paths if p.name.removesuffix(".toml.gz") in wanted]
        missing = wanted - {p.name.removesuffix(".toml.gz") for p in paths}
        if missing:
            raise SystemExit(f"no sealed set {', '.join(sorted(missing))}")
    return paths


def load_sealed(path: Path) -> Corpus:
    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "set.toml"
        plain.write_bytes(gzip.decompress(path.read_bytes()))
        return load_corpus(plain)


def tally(results: list[Result]) -> dict[str, int]:
    """The headline figures of one run, without a word of its messages."""
    newcomers = [r for r in results if r.case.intent == "create" and r.case.world == "newcomer"]
    return {
        "cases": len(results),
        "correct": sum(r.verdict == CORRECT for r in results),
        "wrong": sum(r.verdict == WRONG for r in results),
        "one_tap": sum(r.verdict == CORRECT or bool(r.one_tap) for r in results),
        "newcomers": len(newcomers),
        "newcomers_correct": sum(r.verdict == CORRECT for r in newcomers),
    }


def line(name: str, t: dict[str, int]) -> str:
    return (
        f"{name:<12} {t['correct']:>4}/{t['cases']:<4} {100 * t['correct'] / t['cases']:5.1f} %"
        f"  wrong {t['wrong']:>3}  one tap {t['one_tap']:>4}"
        f"  newcomers {t['newcomers_correct']}/{t['newcomers']}"
    )


def measure(names: list[str] | None, json_dir: Path | None) -> None:
    print(f"sealed sets, offline rules, {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    total: dict[str, int] = {}
    for path in sealed_paths(names):
        name = path.name.removesuffix(".toml.gz")
        corpus = load_sealed(path)
        settings = settings_for("offline", 60, corpus.timezone, True, None)
        results = asyncio.run(run(corpus, select(corpus, None, None, None, 0), settings))
        figures = tally(results)
        print(line(name, figures))
        for key, value in figures.items():
            total[key] = total.get(key, 0) + value
        if json_dir:
            json_dir.mkdir(parents=True, exist_ok=True)
            (json_dir / f"{name}.json").write_text(
                json.dumps([r.as_json() for r in results], ensure_ascii=False, indent=1),
                encoding="utf-8",
            )
    if total:
        print(line("all", total))


async def _problem_cases(corpus: Corpus) -> list[str]:
    """The ids of the cases whose expectation names what their world does not hold."""
    with tempfile.TemporaryDirectory() as tmp:
        worlds = await build_templates(corpus, Path(tmp))
        problems = corpus_problems(corpus, {name: snap for name, (_, snap) in worlds.items()})
    # A problem reads "<id> (<the message's first words>): …": only the id is said.
    return [p.split(" ", 1)[0] for p in problems]


def seal(files: list[Path]) -> None:
    SEALED.mkdir(exist_ok=True)
    for file in files:
        # A set that does not load or names what its worlds lack is refused before it is
        # sealed: once sealed, nobody reads it to mend it.
        bad = asyncio.run(_problem_cases(load_corpus(file)))
        if bad:
            raise SystemExit(f"{file.name}: not sealed, cases {', '.join(bad)} are ill-formed")
        target = SEALED / f"{file.stem}.toml.gz"
        # mtime=0: the same set always seals to the same bytes.
        target.write_bytes(gzip.compress(file.read_bytes(), mtime=0))
        print(f"sealed {file.name} -> {target.relative_to(SEALED.parent.parent)}")


def open_sealed(names: list[str]) -> None:
    day = datetime.now(UTC).strftime("%Y-%m-%d")
    for path in sealed_paths(names):
        name = path.name.removesuffix(".toml.gz")
        target = CORPUS.parent / f"heldout-{day}-{name}.toml"
        target.write_bytes(gzip.decompress(path.read_bytes()))
        path.unlink()
        print(f"opened {name} -> {target.relative_to(CORPUS.parent.parent.parent)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p_seal = sub.add_parser("seal", help="gzip blind sets into eval/sealed/")
    p_seal.add_argument("files", nargs="+", type=Path)
    p_measure = sub.add_parser("measure", help="figures of the sealed sets, numbers only")
    p_measure.add_argument("names", nargs="*")
    p_measure.add_argument("--json", type=Path, metavar="DIR")
    p_measure.add_argument("--without-learnt-checks", action="store_true")
    p_open = sub.add_parser("open", help="move sealed sets into eval/corpus")
    p_open.add_argument("names", nargs="+")
    args = parser.parse_args(argv)
    if args.command == "seal":
        seal(args.files)
    elif args.command == "open":
        open_sealed(args.names)
    else:
        if args.without_learnt_checks:
            turn_off_learnt_checks()
        measure(args.names or None, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
