"""A second, statistical reader of a message: how likely each kind of write is, from its words.

The built-in readings are declared by hand, and a reading declared after one round of blind
sets has never generalised to the next. This reader is learnt instead: a logistic regression
over the message's words, their endings, its word pairs, whether the person has plans and
how long the message is, trained on every message of the tuning corpus and the held-out sets
(``python -m eval.train_write_odds``). It does not read on its own; the rules use it as a veto
(``doubts``): a change they read from free wording is made at once only when this reader
finds that kind of change plausible too, and otherwise proposed. docs/UNDERSTANDING.md says
how the veto was measured.

Pure: the weights are read once, from the package data file beside this module.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable
from functools import cache, lru_cache
from importlib import resources
from typing import Any

# The kinds of write a message may ask for, and "none" (a question, small talk, news that
# changes nothing).
KINDS = ("done", "start", "skip", "attempt", "snooze", "create", "replan", "undo", "none")

# A write whose kinds this reader gives less than this, summed, is proposed rather than made.
# Measured leave-one-round-out on the first-sight verdicts of 35 blind sets
# (docs/UNDERSTANDING.md, "The veto of a second reader"): at 0.2 it stopped 45 of 137 wrong
# writes and turned 9 of 1,074 right ones into one-tap proposals; higher stops more of both.
THRESHOLD = 0.2

WEIGHTS_FILE = "write_odds.json"

_WORD = re.compile(r"[a-z0-9']+|[^\sa-z0-9']")


# A word this long or longer also counts by its last two and three letters ("-ed", "-ing",
# "-sed"): a past verb the corpus never met ("closed his bank accounts", "cancelled his phone
# contract") reads like the past verbs it did meet, not as an unknown word in news that
# otherwise looks like no change. Shorter words are mostly their own ending ("the", "red").
# Measured leave-one-round-out on 35 blind sets at 0.2 (docs/UNDERSTANDING.md): 45 of 137
# wrong writes caught and 9 of 1,074 right ones vetoed, against 46 and 10 by words alone.
SUFFIX_MIN_LENGTH = 5


def features(text: str, has_plans: bool) -> list[str]:
    """The message as the reader sees it: its words, the endings of its longer words and
    its word pairs (with the message's start and end), whether the person has plans, its
    length in fives of words and its count of line breaks."""
    lowered = text.lower()
    words = _WORD.findall(lowered)
    out = ["w:" + w for w in words]
    for w in words:
        if len(w) >= SUFFIX_MIN_LENGTH and (w.isalpha() or "'" in w):
            out += ["s2:" + w[-2:], "s3:" + w[-3:]]
    padded = ["<s>", *words, "</s>"]
    out += ["b:" + a + " " + b for a, b in zip(padded, padded[1:])]
    out.append("P:yes" if has_plans else "P:no")
    breaks = lowered.count("\n")
    out.append(f"L:{min(len(words) // 5, 8)}")
    out.append(f"NL:{min(breaks, 3)}")
    return out


@cache
def weights() -> dict[str, Any]:
    """The trained weights: ``kinds``, ``bias`` (one per kind), ``weights`` (feature → one
    weight per kind, in whole ``unit``s; rare features and near-zero rows left out) and the
    ``digest`` of the messages trained on."""
    data = resources.files(__package__).joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(data)
    return loaded


def score(feats: Iterable[str], model: dict[str, Any]) -> dict[str, float]:
    """P(kind | features) under ``model`` (the weights' shape): each known feature counts
    once, the sum scaled by one over the square root of their count, as in training."""
    kinds: list[str] = model["kinds"]
    table: dict[str, list[float]] = model["weights"]
    known = [table[f] for f in dict.fromkeys(feats) if f in table]
    scale = model.get("unit", 1.0) / math.sqrt(len(known) or 1)
    sums = [0.0] * len(kinds)
    for row in known:
        for k, w in enumerate(row):
            sums[k] += w
    scores = [b + scale * s for b, s in zip(model["bias"], sums)]
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    total = sum(exps)
    return {kind: e / total for kind, e in zip(kinds, exps)}


@lru_cache(maxsize=256)
def _odds(text: str, has_plans: bool) -> tuple[tuple[str, float], ...]:
    return tuple(score(features(text, has_plans), weights()).items())


def odds(text: str, has_plans: bool) -> dict[str, float]:
    """How likely each kind of write (``KINDS``) is for this message, summing to one."""
    return dict(_odds(text, has_plans))


def doubts(text: str, kinds: Iterable[str], has_plans: bool) -> bool:
    """True when the write the rules read is unlikely by this reader: the probability of
    the kinds that would make it right, summed, is below ``THRESHOLD``. ``kinds``: every
    kind the write may be (a try that starts a step is an attempt or a start)."""
    p = odds(text, has_plans)
    return sum(p[k] for k in set(kinds)) < THRESHOLD
