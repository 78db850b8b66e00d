"""Train the second reader (drbot/ai/language/write_odds.py) on every message of the corpus.

    python -m eval.train_write_odds
    python -m eval.train_write_odds --rounds   # the table leave-one-round-out, nothing written
    python -m eval.train_write_odds --menus    # the bar of news it is sure of, the same way
    python -m eval.train_write_odds --skips    # the bar of a "Skip “X”?" written unasked
    python -m eval.train_write_odds --put-offs # the bar of a put-off written unasked

Reads eval/corpus/understanding.toml and every eval/corpus/heldout-*.toml, trains a
multinomial logistic regression over ``write_odds.features`` (AdaGrad, a fixed seed: the same
corpus gives the same file) and writes drbot/ai/language/write_odds.json with a digest of the
messages trained on; tests/test_write_odds.py fails when the corpus changes and this was not
run again. A figure measured on a set the weights were trained on says nothing about the
veto (docs/UNDERSTANDING.md); ``--rounds`` measures it on each round of blind sets with
weights trained on every other round, the tuning corpus and the sets a–y.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import sys
import time
import tomllib
from collections import Counter
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from drbot.ai.language import date_doubts, put_offs, step_odds, write_odds
from drbot.ai.rules import step_statements
from eval import train_step_odds
from eval.rounds import round_of

CORPUS = Path(__file__).resolve().parent / "corpus"
# The "Is this about …?" menus of one step the rules answered at the first sight of blind sets
# (before anyone tuned to them), with what each message meant: the data of ``--menus``.
MENUS = Path(__file__).resolve().parent / "first_sight_menus.json"
# The "Skip “X”?" / "Let “X” wait …?" offers of one step made at first sight, with what each
# message meant (eval/first_sight_offers.py records them): the data of ``--skips``.
OFFERS = Path(__file__).resolve().parent / "first_sight_offers.json"
OUT = Path(write_odds.__file__).resolve().parent / write_odds.WEIGHTS_FILE

# An intent of the corpus as the kind of write it asks for. "ambiguous" is left out: its
# messages ask for a write ("got the quotes", "deposit's sorted 👍") whose step the person's
# plans leave open, which no reading of the words alone can tell; as "none" they taught the
# reader to doubt every short piece of news (measured leave-one-round-out on 35 blind sets:
# 54 of 137 wrong writes caught and 21 of 1,074 right ones vetoed with them, 46 and 10
# without, and "got the quotes" read as no change 99 % with them, 12 % without).
KIND_OF_INTENT = {
    "done": "done",
    "start": "start",
    "skip": "skip",
    "attempt": "attempt",
    "snooze": "snooze",
    "create": "create",
    "replan": "replan",
    "undo": "undo",
    "show": "none",
    "smalltalk": "none",
    "unrelated": "none",
}

EPOCHS = 8
RATE = 0.5
BIAS_RATE = 0.05
SEED = 0
# A word or pair met in fewer training messages than this is left out of the vocabulary: it
# keeps the file a tenth of the size (measured leave-one-round-out: 53 of 137 wrong writes
# caught and 22 of 1,074 right ones vetoed, against 54 and 21 with every feature kept).
MIN_COUNT = 3
# Weights are stored as whole hundredths (``unit``): finer changes no veto.
UNIT = 0.01


def corpus_files(root: Path = CORPUS) -> list[Path]:
    return [root / "understanding.toml", *sorted(root.glob("heldout-*.toml"))]


def training_messages(root: Path = CORPUS) -> list[tuple[str, bool, str]]:
    """(text, the person has plans, kind) for every case of every corpus file, in order."""
    return [m for path in corpus_files(root) for m in training_messages_of(path)]


def training_messages_of(path: Path) -> list[tuple[str, bool, str]]:
    with open(path, "rb") as f:
        data = tomllib.load(f)
    worlds = data.get("worlds", {})
    out = []
    for case in data["case"]:
        if case["intent"] not in KIND_OF_INTENT:
            continue  # (ambiguous: see above)
        has_plans = bool(worlds.get(case["world"], {}).get("plans"))
        out.append((case["text"], has_plans, KIND_OF_INTENT[case["intent"]]))
    return out


def messages_by_round(root: Path = CORPUS) -> list[tuple[int, tuple[str, bool, str]]]:
    """Every training message with the round its set was written in: -1 for the tuning
    corpus (never held out), 0 for the sets a–y, then the rounds of blind sets."""
    out = []
    for path in corpus_files(root):
        r = -1 if path.name == "understanding.toml" else round_of(path.stem.rsplit("-", 1)[-1])
        out.extend((r, m) for m in training_messages_of(path))
    return out


def rounds_table(by_round: list[tuple[int, tuple[str, bool, str]]]) -> str:
    """Each round read by a reader trained on everything else, at ``write_odds.THRESHOLD``:
    how many messages asking for a write would have that write doubted (a right write turned
    into a proposal), and how many asking for none would have every kind of write doubted
    (whatever a reading wrote there, the veto would stop it)."""
    kinds = list(write_odds.KINDS)
    writes = [k for k in kinds if k != "none"]
    lines, totals = [], [0, 0, 0, 0]
    for r in sorted({r for r, _ in by_round if r >= 0}):
        bias, table = train([m for rr, m in by_round if rr != r])
        model = {"kinds": kinds, "weights": table, "bias": bias, "unit": 1.0}
        counts = [0, 0, 0, 0]  # right writes doubted, writes asked, none guarded, none asked
        for _, (text, has_plans, kind) in (x for x in by_round if x[0] == r):
            p = write_odds.score(write_odds.features(text, has_plans), model)
            if kind == "none":
                counts[3] += 1
                counts[2] += max(p[k] for k in writes) < write_odds.THRESHOLD
            else:
                counts[1] += 1
                counts[0] += p[kind] < write_odds.THRESHOLD
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
        name = "a-y" if r == 0 else f"R{r}"
        lines.append(
            f"{name:>4}  right writes doubted {counts[0]}/{counts[1]}  "
            f"no change guarded {counts[2]}/{counts[3]}"
        )
    lines.append(
        f" all  right writes doubted {totals[0]}/{totals[1]}  "
        f"no change guarded {totals[2]}/{totals[3]}"
    )
    return "\n".join(lines)


def menu_written_right(menu: dict, kind: str) -> bool:
    """Whether writing ``kind`` on the step a first-sight menu offered was what the message
    meant: its kind, and that step (an expectation names it alone or as "Plan / Step")."""
    meant = (menu["step"] or "").split(" / ")[-1].lower()
    return kind == menu["kind"] and meant == menu["offered"].lower()


def menus_table(by_round: list[tuple[int, tuple[str, bool, str]]], menus: list[dict]) -> str:
    """``step_statements.said_plainly``'s bar measured leave-one-round-out: each round's
    first-sight menus read by a reader trained on every other round; a menu is written when
    the likeliest of a step's kinds is one of the menu's and reaches the bar — and, with the
    guard on the step, when the check of which step (trained on every other round's choices,
    ``step_odds.sure``) is sure of the step the menu offered."""
    kinds = list(write_odds.KINDS)
    chosen: list[tuple[float, bool, bool]] = []
    choices = train_step_odds.examples(train_step_odds.load_choices())
    worlds: dict[str, dict] = {}
    for r in sorted({round_of(m["set"]) for m in menus}):
        bias, table = train([m for rr, m in by_round if rr != r])
        model = {"kinds": kinds, "weights": table, "bias": bias, "unit": 1.0}
        steps_model = train_step_odds.model_of(
            *train_step_odds.fit([(f, ok) for f, ok, rr, _ in choices if rr != r])
        )
        for menu in (m for m in menus if round_of(m["set"]) == r):
            p = write_odds.score(write_odds.features(menu["text"], menu["has_plans"]), model)
            kind = max(step_statements.STEP_NEWS_KINDS, key=p.__getitem__)
            if kind in step_statements.MENU_KINDS:
                if menu["set"] not in worlds:
                    worlds[menu["set"]] = _worlds_by_case(menu["set"])
                sure = _sure_of_step(menu, worlds[menu["set"]][menu["id"]], steps_model)
                chosen.append((p[kind], menu_written_right(menu, kind), sure))
    lines = []
    for bar in (0.8, 0.85, 0.9, 0.95):
        rights = [right for odds, right, _ in chosen if odds >= bar]
        guarded = [right for odds, right, sure in chosen if odds >= bar and sure]
        lines.append(
            f"at {bar:.2f}: {sum(rights)} written right, {len(rights) - sum(rights)} wrong; "
            f"with the guard on the step {sum(guarded)} and {len(guarded) - sum(guarded)} "
            f"(of {len(menus)} menus)"
        )
    return "\n".join(lines)


def _worlds_by_case(set_name: str) -> dict[str, tuple[list, int | None]]:
    """Each case of a blind set (by its id, "done-3") with its world's plans."""
    worlds = train_step_odds.worlds_of(set_name)
    (path,) = sorted(CORPUS.glob(f"heldout-*-{set_name}.toml"))
    with open(path, "rb") as f:
        data = tomllib.load(f)
    counts: Counter[str] = Counter()
    out = {}
    for case in data["case"]:
        counts[case["intent"]] += 1
        out[f"{case['intent']}-{counts[case['intent']]}"] = worlds[case["world"]]
    return out


def _sure_of_step(menu: dict, world: tuple[list, int | None], model: dict) -> bool:
    """``step_odds.sure`` of the step a menu offered, under ``model``."""
    plans, current = world
    for step in (s for plan in plans for s in plan["steps"]):
        if step["title"].lower() == menu["offered"].lower():
            found = step_odds.choice(menu["text"], plans, current, step["id"])
            if found is not None:
                return step_odds.sure(found.features, step_odds.probability(found.features, model))
    return False


def offers_table(
    by_round: list[tuple[int, tuple[str, bool, str]]],
    offers: list[dict],
    menus: list[dict],
    kind: str = "skip",
) -> str:
    """The bar of ``step_statements.PLAIN_SKIP_ODDS`` measured leave-one-round-out: each
    round's first-sight offers of ``kind`` ("Skip “X”?") read by a reader trained on every
    other round; an offer is written when the reader's odds of that kind reach the bar, and
    it is right when the message meant that kind of that step. The same for the first-sight
    menus of one step whose likeliest kind is ``kind``."""
    kinds = list(write_odds.KINDS)
    mine = [o for o in offers if o["offer"] == kind]
    chosen: list[tuple[float, bool]] = []
    on_menus: list[tuple[float, bool]] = []
    for r in sorted({round_of(o["set"]) for o in [*mine, *menus]}):
        bias, table = train([m for rr, m in by_round if rr != r])
        model = {"kinds": kinds, "weights": table, "bias": bias, "unit": 1.0}
        for offer in (o for o in mine if round_of(o["set"]) == r):
            p = write_odds.score(write_odds.features(offer["text"], offer["has_plans"]), model)
            chosen.append((p[kind], menu_written_right(offer, kind)))
        # the "Is this about …?" menus of one step whose likeliest kind is this one
        for menu in (m for m in menus if round_of(m["set"]) == r):
            p = write_odds.score(write_odds.features(menu["text"], menu["has_plans"]), model)
            if max(step_statements.STEP_NEWS_KINDS, key=p.__getitem__) == kind:
                on_menus.append((p[kind], menu_written_right(menu, kind)))
    lines = []
    for bar in (0.5, 0.6, 0.7, 0.8, 0.9):
        rights = [right for odds, right in chosen if odds >= bar]
        menus_right = [right for odds, right in on_menus if odds >= bar]
        lines.append(
            f"at {bar:.2f}: {sum(rights)} written right, {len(rights) - sum(rights)} wrong "
            f"(of {len(mine)} offers, {sum(right for _, right in chosen)} meant as offered); "
            f"menus {sum(menus_right)} and {len(menus_right) - sum(menus_right)}"
        )
    return "\n".join(lines)


def put_offs_table(
    by_round: list[tuple[int, tuple[str, bool, str]]], offers: list[dict], menus: list[dict]
) -> str:
    """Whether a put-off the rules are sure of could be written instead of offered, measured
    leave-one-round-out on every first-sight menu of one step and "Let “X” wait …?" offer: it
    would be written when the message puts a step off to a day ahead (``put_offs.put_off_to``)
    read without doubt (``date_doubts.doubt``), the check of which step is sure of the step
    offered (``step_odds.sure``, trained on every other round), and the second reader, trained
    on every other round, finds a wait the likeliest of a step's kinds at the bar or over
    (second column: and the likeliest of every kind, a new plan's too). It is right when the
    message meant a wait of that step."""
    kinds = list(write_odds.KINDS)
    rows = [*(o for o in offers if o["offer"] == "snooze"), *menus]
    chosen: list[tuple[float, bool, bool]] = []  # (odds, right, sure of the step)
    choices = train_step_odds.examples(train_step_odds.load_choices())
    worlds: dict[str, dict] = {}
    clocks: dict[str, tuple[datetime, str]] = {}
    meant = sum(menu_written_right(row, "snooze") for row in rows)
    for r in sorted({round_of(row["set"]) for row in rows}):
        bias, table = train([m for rr, m in by_round if rr != r])
        model = {"kinds": kinds, "weights": table, "bias": bias, "unit": 1.0}
        steps_model = train_step_odds.model_of(
            *train_step_odds.fit([(f, ok) for f, ok, rr, _ in choices if rr != r])
        )
        for row in (x for x in rows if round_of(x["set"]) == r):
            if row["set"] not in clocks:
                clocks[row["set"]] = _clock_of(row["set"])
                worlds[row["set"]] = _worlds_by_case(row["set"])
            now, timezone = clocks[row["set"]]
            when = put_offs.put_off_to(row["text"], now, timezone)
            if when is None or date_doubts.doubt(row["text"], when, "snooze", row["text"]):
                continue
            p = write_odds.score(write_odds.features(row["text"], row["has_plans"]), model)
            if max(step_statements.STEP_NEWS_KINDS, key=p.__getitem__) != "snooze":
                continue
            sure = _sure_of_step(row, worlds[row["set"]][row["id"]], steps_model)
            # "sure" here: of the step, and a wait the likeliest of every kind (no new plan)
            sure = sure and max(kinds, key=p.__getitem__) == "snooze"
            chosen.append((p["snooze"], menu_written_right(row, "snooze"), sure))
    lines = [f"{len(rows)} first-sight menus and offers, {meant} meant a wait of the step offered"]
    for bar in (0.0, 0.5, 0.6, 0.7, 0.8, 0.9):
        rights = [right for odds, right, _ in chosen if odds >= bar]
        guarded = [right for odds, right, sure in chosen if odds >= bar and sure]
        lines.append(
            f"at {bar:.2f}: {sum(rights)} written right, {len(rights) - sum(rights)} wrong; "
            f"sure of the step and a wait the likeliest of every kind {sum(guarded)} and "
            f"{len(guarded) - sum(guarded)}"
        )
    return "\n".join(lines)


def _clock_of(set_name: str) -> tuple[datetime, str]:
    """The moment a blind set's messages are sent, and its time zone."""
    (path,) = sorted(CORPUS.glob(f"heldout-*-{set_name}.toml"))
    with open(path, "rb") as f:
        data = tomllib.load(f)
    timezone = data["timezone"]
    now = datetime.fromisoformat(str(data["now"]))
    return (now if now.tzinfo else now.replace(tzinfo=ZoneInfo(timezone))), timezone


def digest(messages: list[tuple[str, bool, str]]) -> str:
    return hashlib.sha256(json.dumps(messages, ensure_ascii=False).encode()).hexdigest()


def train(
    messages: list[tuple[str, bool, str]], min_count: int = MIN_COUNT
) -> tuple[list[float], dict[str, list[float]]]:
    """Multinomial logistic regression by AdaGrad, no regularisation: each message's known
    features count once, scaled by one over the square root of their count."""
    kinds = list(write_odds.KINDS)
    seen = [list(dict.fromkeys(write_odds.features(t, p))) for t, p, _ in messages]
    counts = Counter(f for feats in seen for f in feats)
    index: dict[str, int] = {}
    docs = []
    for feats in seen:
        docs.append([index.setdefault(f, len(index)) for f in feats if counts[f] >= min_count])
    labels = [kinds.index(kind) for _, _, kind in messages]
    n_features, n_kinds = len(index), len(kinds)
    w = [[0.0] * n_features for _ in kinds]
    g2 = [[1e-8] * n_features for _ in kinds]
    bias = [0.0] * n_kinds
    order = list(range(len(docs)))
    rnd = random.Random(SEED)
    for _ in range(EPOCHS):
        rnd.shuffle(order)
        for d in order:
            ids = docs[d]
            scale = 1.0 / math.sqrt(len(ids) or 1)
            scores = [bias[k] + scale * sum(w[k][i] for i in ids) for k in range(n_kinds)]
            top = max(scores)
            exps = [math.exp(s - top) for s in scores]
            total = sum(exps)
            for k in range(n_kinds):
                grad = exps[k] / total - (1.0 if k == labels[d] else 0.0)
                if abs(grad) < 1e-3:
                    continue
                step = grad * scale
                wk, gk = w[k], g2[k]
                for i in ids:
                    gk[i] += step * step
                    wk[i] -= RATE * step / math.sqrt(gk[i])
                bias[k] -= BIAS_RATE * grad
    names = list(index)
    return bias, {names[i]: [w[k][i] for k in range(n_kinds)] for i in range(n_features)}


def weights_file(messages: list[tuple[str, bool, str]]) -> dict:
    bias, table = train(messages)
    rows = {}
    for name, row in sorted(table.items()):
        ints = [round(v / UNIT) for v in row]
        if any(ints):  # (a feature whose every weight rounds to nothing is left out)
            rows[name] = ints
    return {
        "kinds": list(write_odds.KINDS),
        "digest": digest(messages),
        "messages": len(messages),
        "min_count": MIN_COUNT,
        "unit": UNIT,
        "bias": [round(b, 3) for b in bias],
        "weights": rows,
    }


def main(argv: list[str]) -> int:
    started = time.monotonic()
    if "--rounds" in argv:
        print(rounds_table(messages_by_round()))
        return 0
    if "--menus" in argv:
        print(menus_table(messages_by_round(), json.loads(MENUS.read_text(encoding="utf-8"))))
        return 0
    if "--put-offs" in argv:
        offers = json.loads(OFFERS.read_text(encoding="utf-8"))
        menus = json.loads(MENUS.read_text(encoding="utf-8"))
        print(put_offs_table(messages_by_round(), offers, menus))
        return 0
    if "--skips" in argv:
        offers = json.loads(OFFERS.read_text(encoding="utf-8"))
        menus = json.loads(MENUS.read_text(encoding="utf-8"))
        print(offers_table(messages_by_round(), offers, menus))
        return 0
    messages = training_messages()
    data = weights_file(messages)
    OUT.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(
        f"{len(messages)} messages, {len(data['weights'])} features kept, "
        f"{OUT.stat().st_size // 1024} KB, {time.monotonic() - started:.1f} s -> {OUT}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
