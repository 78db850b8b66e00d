"""Train the check of which step (drbot/ai/language/step_odds.py) on the rules' first-sight
step choices.

    python -m eval.train_step_odds            # write drbot/ai/language/step_odds.json
    python -m eval.train_step_odds --rounds   # leave-one-round-out table, nothing written

eval/step_choices.json holds every write of a status, a try or a wait that the rules made at
first sight of the blind sets z1–z47 on a message whose step the corpus names: the set, the
world, the message, the step written and whether it was the one meant (a message the corpus
calls ambiguous — the person's plans leave its step open — is never right: it should have been
asked). The worlds are those of eval/corpus/heldout-*-zN.toml. Features are computed now, with
the current matcher (``step_odds.choice``); a logistic regression by full-batch gradient
descent (no randomness: the same data gives the same file) is written with a digest of the
choices; tests/test_step_odds.py fails when the data changes and this was not run again.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
import tomllib
from pathlib import Path
from typing import Any

from drbot.ai.language import step_odds
from drbot.memory.records import Plan
from eval import rounds

ROOT = Path(__file__).resolve().parent
CHOICES = ROOT / "step_choices.json"
CORPUS = ROOT / "corpus"
OUT = Path(step_odds.__file__).resolve().parent / step_odds.WEIGHTS_FILE

# Choices the rules made when they first met a blind set; the others were made by the rules of
# the commit named, on every held-out set (the choices the check meets now).
FIRST_SIGHT = "first sight"

EPOCHS = 400
RATE = 0.5
L2 = 1.0
# Weights are stored to four places: finer changes no choice.
PLACES = 4


def load_choices(path: Path = CHOICES) -> list[dict]:
    loaded: list[dict] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def digest(choices: list[dict]) -> str:
    """What the weights were trained on: every choice, in order."""
    text = json.dumps(choices, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def worlds_of(set_name: str) -> dict[str, tuple[list[Plan], int | None]]:
    """The worlds of a blind set as plans the matcher reads (statuses from their events)."""
    (path,) = sorted(CORPUS.glob(f"heldout-*-{set_name}.toml"))
    with open(path, "rb") as f:
        data = tomllib.load(f)
    out: dict[str, tuple[list[Plan], int | None]] = {}
    step_id = 0
    for name, world in data["worlds"].items():
        plans: list[Any] = []
        by_name: dict[str, dict] = {}
        for plan_id, spec in enumerate(world.get("plans", []), 1):
            steps = []
            for position, title in enumerate(spec["steps"], 1):
                step_id += 1
                step = {"id": step_id, "position": position, "title": title, "status": "pending"}
                steps.append(step)
                by_name.setdefault(title, step)
                by_name[f"{spec['title']} / {title}"] = step
            plans.append({"id": plan_id, "title": spec["title"], "steps": steps})
        for event in world.get("events", []):
            step = by_name.get(event["step"])
            if step is not None and "status" in event:
                step["status"] = event["status"]
        current = next((p["id"] for p in plans if p["title"] == world.get("current")), None)
        out[name] = (plans, current)
    return out


def examples(choices: list[dict]) -> list[tuple[dict[str, float], bool, int, str]]:
    """(features, right, round, seen) for every choice whose step its world holds."""
    worlds: dict[str, dict[str, tuple[list[Plan], int | None]]] = {}
    out = []
    for c in choices:
        if c["set"] not in worlds:
            worlds[c["set"]] = worlds_of(c["set"])
        plans, current = worlds[c["set"]][c["world"]]
        found = None
        for step in (s for p in plans for s in p["steps"]):
            if step["title"].lower() != c["step"].lower():
                continue
            got = step_odds.choice(c["text"], plans, current, step["id"])
            if got is not None and (
                found is None or got.features["score"] > found.features["score"]
            ):
                found = got
        if found is not None:
            out.append((found.features, bool(c["right"]), rounds.round_of(c["set"]), c["seen"]))
    return out


def fit(rows: list[tuple[dict[str, float], bool]]) -> tuple[dict[str, float], float]:
    """Logistic regression, full-batch gradient descent with an L2 pull towards zero."""
    keys = sorted({k for f, _ in rows for k in f})
    w = dict.fromkeys(keys, 0.0)
    b = 0.0
    n = len(rows)
    for _ in range(EPOCHS):
        grad = dict.fromkeys(keys, 0.0)
        grad_b = 0.0
        for f, right in rows:
            p = 1 / (1 + math.exp(-(b + sum(w[k] * v for k, v in f.items()))))
            for k, v in f.items():
                grad[k] += (p - right) * v
            grad_b += p - right
        for k in keys:
            w[k] -= RATE * (grad[k] / n + L2 * w[k] / n)
        b -= RATE * grad_b / n
    return w, b


def model_of(w: dict[str, float], b: float) -> dict:
    return {"bias": round(b, PLACES), "weights": {k: round(v, PLACES) for k, v in w.items()}}


def rounds_table(data: list[tuple[dict[str, float], bool, int, str]]) -> None:
    """Each round's first-sight choices read by weights trained on every other round (both
    kinds of choice, the sets a–y always): wrong choices caught and right ones asked, by
    threshold; then the same for the current rules' choices on the round's sets."""
    for seen in (FIRST_SIGHT, "now"):
        print(f"choices {seen}:")
        _table(data, seen)


def _table(data: list[tuple[dict[str, float], bool, int, str]], seen: str) -> None:
    probs = []
    for r in sorted({x[2] for x in data} - {0}):
        model = model_of(*fit([(f, ok) for f, ok, rr, _ in data if rr != r]))
        probs += [
            (f, step_odds.probability(f, model), ok)
            for f, ok, rr, s in data
            if rr == r and (s == FIRST_SIGHT) == (seen == FIRST_SIGHT)
        ]
    shipped = step_odds.THRESHOLD
    wrong = sum(not ok for _, _, ok in probs)
    right = len(probs) - wrong
    for th in (0.5, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9):
        caught = sum(p < th and not ok for _, p, ok in probs)
        asked = sum(p < th and ok for _, p, ok in probs)
        # (as asked: a step named whole is never asked about, nor one no other step shares)
        step_odds.THRESHOLD = th
        caught_as_asked = sum(step_odds.asks(f, p) and not ok for f, p, ok in probs)
        asked_as_asked = sum(step_odds.asks(f, p) and ok for f, p, ok in probs)
        print(
            f"{th:.2f}: {caught}/{wrong} wrong choices caught, {asked}/{right} right ones asked; "
            f"as asked {caught_as_asked} and {asked_as_asked}"
        )
    step_odds.THRESHOLD = shipped


def main() -> int:
    choices = load_choices()
    data = examples(choices)
    if "--rounds" in sys.argv[1:]:
        rounds_table(data)
        return 0
    model = {
        **model_of(*fit([(f, ok) for f, ok, _, _ in data])),
        "choices": len(choices),
        "digest": digest(choices),
    }
    OUT.write_text(json.dumps(model, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(data)} choices trained on")
    return 0


if __name__ == "__main__":
    sys.exit(main())
