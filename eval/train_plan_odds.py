"""Train the check of a new plan's shape (drbot/ai/language/plan_odds.py) on the first-sight plans.

    python -m eval.train_plan_odds            # writes drbot/ai/language/plan_odds.json
    python -m eval.train_plan_odds --rounds   # the table leave-one-round-out, nothing written

Reads eval/first_sight_plans.json — every new plan the rules made when they first met a blind
set, before anyone tuned them to it, marked right or wrong (eval/README.md says how it was
made) — and trains a binary logistic regression over ``plan_odds.features`` (batch AdaGrad
with an L2 penalty, no randomness: the same plans give the same file). The weights file
carries a digest of the plans; tests/test_plan_odds.py fails when they changed and this was
not run again. A figure measured on plans the weights were trained on says nothing about the
check: ``--rounds`` measures it on each round of sets with weights trained on the others.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from pathlib import Path
from typing import Any

from drbot.ai.language import plan_odds
from eval import rounds

PLANS = Path(__file__).resolve().parent / "first_sight_plans.json"
OUT = Path(plan_odds.__file__).resolve().parent / plan_odds.WEIGHTS_FILE

EPOCHS = 300
RATE = 0.1
L2 = 1.0
# Weights are stored as whole thousandths (``unit``): finer changes no decision.
UNIT = 0.001


def load(path: Path = PLANS) -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def round_of(case: dict[str, Any]) -> int:
    return rounds.round_of(case["set"])


def digest(cases: list[dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(cases, ensure_ascii=False).encode()).hexdigest()


def train(cases: list[dict[str, Any]]) -> tuple[float, dict[str, float]]:
    """Logistic regression by batch AdaGrad with an L2 penalty: each feature of a plan counts
    once; the gradient of every epoch is the mean over all plans, so no order matters."""
    return train_on(
        [plan_odds.features(c["text"], c["title"], c["steps"]) for c in cases],
        [bool(c["wrong"]) for c in cases],
    )


def train_on(rows: list[list[str]], wrong: list[bool]) -> tuple[float, dict[str, float]]:
    """The same regression over any rows of features, each marked wrong or not (the chooser
    among a plan's shapes, eval/train_plan_shapes.py, learns the same way)."""
    index: dict[str, int] = {}
    docs = [[index.setdefault(f, len(index)) for f in dict.fromkeys(row)] for row in rows]
    labels = [1.0 if y else 0.0 for y in wrong]
    n, size = len(docs), len(index)
    w, g2 = [0.0] * size, [1e-8] * size
    bias, bias_g2 = 0.0, 1e-8
    for _ in range(EPOCHS):
        grad, bias_grad = [0.0] * size, 0.0
        for ids, y in zip(docs, labels):
            z = bias + sum(w[i] for i in ids)
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            bias_grad += p - y
            for i in ids:
                grad[i] += p - y
        for i in range(size):
            gi = grad[i] / n + L2 * w[i] / n
            g2[i] += gi * gi
            w[i] -= RATE * gi / math.sqrt(g2[i])
        bias_grad /= n
        bias_g2 += bias_grad * bias_grad
        bias -= RATE * bias_grad / math.sqrt(bias_g2)
    return bias, {name: w[i] for name, i in index.items()}


def weights_file(cases: list[dict[str, Any]]) -> dict[str, Any]:
    bias, table = train(cases)
    rows = {name: round(v / UNIT) for name, v in sorted(table.items()) if round(v / UNIT)}
    return {
        "digest": digest(cases),
        "plans": len(cases),
        "unit": UNIT,
        "bias": round(bias, 3),
        "weights": rows,
    }


def by_round(cases: list[dict[str, Any]]) -> dict[int, float]:
    """P(wrong) of each plan (by position) from weights trained on the other rounds."""
    probs: dict[int, float] = {}
    for r in sorted({round_of(c) for c in cases}):
        model = weights_file([c for c in cases if round_of(c) != r])
        for i, c in enumerate(cases):
            if round_of(c) == r:
                probs[i] = plan_odds.score(
                    plan_odds.features(c["text"], c["title"], c["steps"]), model
                )
    return probs


def table(cases: list[dict[str, Any]], probs: dict[int, float]) -> str:
    round_numbers = sorted({round_of(c) for c in cases})
    lines = []
    for th in (0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5):
        row = []
        for r in [0, *round_numbers]:
            mine = [(c, probs[i]) for i, c in enumerate(cases) if r in (0, round_of(c))]
            wrong = [p for c, p in mine if c["wrong"]]
            right = [p for c, p in mine if not c["wrong"]]
            caught = sum(p >= th for p in wrong)
            flagged = sum(p >= th for p in right)
            row.append(
                f"{'all' if r == 0 else f'R{r}'} {caught}/{len(wrong)},{flagged}/{len(right)}"
            )
        lines.append(f"P(wrong) >= {th:.2f}: wrong caught, correct flagged  " + "  ".join(row))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    cases = load()
    if "--rounds" in argv:
        print(table(cases, by_round(cases)))
        return 0
    data = weights_file(cases)
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=0, sort_keys=True) + "\n")
    print(f"{len(cases)} plans, {len(data['weights'])} features -> {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
