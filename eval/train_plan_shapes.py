"""Train the chooser among a new plan's shapes (drbot/ai/language/plan_shapes.py).

    python -m eval.train_plan_shapes            # writes drbot/ai/language/plan_shapes.json
    python -m eval.train_plan_shapes --rounds   # the table leave-one-round-out, nothing written

Every plan the rules made at the first sight of the blind sets (eval/first_sight_plans.json)
is read again with its neighbours (``plan_shapes.shapes``: the last or the first step cut, the
first step for the title, a title's head cut from the list's first item); each shape is
marked right or wrong by the message's expectation in eval/corpus (its title and steps
checked as eval/understanding_check.py checks a new plan), and a logistic regression learns
P(wrong) of a shape (eval/train_plan_odds.py's, over ``plan_shapes.features``). The weights
file carries a digest of the plans and their marks; tests/test_plan_odds.py fails when they
changed and this was not run again. ``--rounds`` measures the choice on each round with
weights trained on the others: plans the choice made right, right plans it made wrong.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path
from typing import Any

from drbot.ai.language import plan_shapes
from eval import train_plan_odds
from eval.understanding_worlds import load_corpus

CORPUS = Path(__file__).resolve().parent / "corpus"
OUT = Path(plan_shapes.__file__).resolve().parent / plan_shapes.WEIGHTS_FILE
UNIT = train_plan_odds.UNIT


def expectations(root: Path = CORPUS) -> dict[tuple[str, str], dict[str, Any]]:
    """The new plan each blind set's message meant, by (set, case id)."""
    out: dict[tuple[str, str], dict[str, Any]] = {}
    for path in sorted(root.glob("heldout-*.toml")):
        name = re.sub(r"^heldout-\d{4}-\d\d-\d\d-", "", path.stem)
        for case in load_corpus(path).cases:
            if isinstance(case.expect, dict) and "create" in case.expect:
                out[(name, case.id)] = case.expect["create"]
    return out


def _has(needles: str | list[str], text: str) -> bool:
    return any(
        n.lower() in text.lower() for n in ([needles] if isinstance(needles, str) else needles)
    )


def right(spec: dict[str, Any], title: str, steps: list[str]) -> bool:
    """Whether the plan ``title`` with ``steps`` is the one ``spec`` expects (the checks of
    eval/understanding_check.py on a new plan)."""
    if "title_has" in spec and not _has(spec["title_has"], title):
        return False
    if "steps" in spec and len(steps) != spec["steps"]:
        return False
    words = spec.get("step_has") or []
    if words and len(words) == len(steps):
        return all(_has(w, s) for w, s in zip(words, steps))
    return all(any(_has(w, s) for s in steps) for w in words)


def marked(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first-sight plans whose message expects a new plan, each with its expectation."""
    specs = expectations()
    return [
        {**c, "spec": specs[(c["set"], c["id"])]} for c in cases if (c["set"], c["id"]) in specs
    ]


def rows(cases: list[dict[str, Any]]) -> tuple[list[list[str]], list[bool]]:
    """Every shape of every plan: its features and whether it is wrong."""
    feats: list[list[str]] = []
    wrong: list[bool] = []
    for c in cases:
        was = (c["title"], c["steps"])
        for kind, title, steps in [("read", *was), *plan_shapes.shapes(c["text"], *was)]:
            feats.append(plan_shapes.features(c["text"], kind, title, steps, was))
            wrong.append(not right(c["spec"], title, steps))
    return feats, wrong


def digest(cases: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(cases, ensure_ascii=False).encode()).hexdigest()


def weights_file(cases: list[dict[str, Any]]) -> dict[str, Any]:
    bias, table = train_plan_odds.train_on(*rows(cases))
    kept = {name: round(v / UNIT) for name, v in sorted(table.items()) if round(v / UNIT)}
    return {
        "digest": digest(cases),
        "plans": len(cases),
        "unit": UNIT,
        "bias": round(bias, 3),
        "weights": kept,
    }


def by_round(cases: list[dict[str, Any]], margin: float = plan_shapes.MARGIN) -> str:
    """For each round, with weights trained on the others: plans made right / right made wrong."""
    lines, fixed_all, broke_all = [], 0, 0
    for r in sorted({train_plan_odds.round_of(c) for c in cases}):
        model = weights_file([c for c in cases if train_plan_odds.round_of(c) != r])
        fixed = broke = mine = right_before = 0
        for c in cases:
            if train_plan_odds.round_of(c) != r:
                continue
            title, steps = plan_shapes.choose(c["text"], c["title"], c["steps"], model, margin)
            before, after = right(c["spec"], c["title"], c["steps"]), right(c["spec"], title, steps)
            mine += 1
            right_before += before
            fixed += after and not before
            broke += before and not after
        fixed_all, broke_all = fixed_all + fixed, broke_all + broke
        lines.append(
            f"R{r}: {right_before}/{mine} right as read, +{fixed} made right, -{broke} made wrong"
        )
    lines.append(f"all: +{fixed_all} made right, -{broke_all} made wrong (margin {margin})")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    cases = marked(train_plan_odds.load())
    if "--rounds" in argv:
        for margin in [float(a) for a in argv if a[:1].isdigit()] or [plan_shapes.MARGIN]:
            print(by_round(cases, margin))
        return 0
    data = weights_file(cases)
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True) + "\n")
    print(f"{len(cases)} plans, {len(data['weights'])} features -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
