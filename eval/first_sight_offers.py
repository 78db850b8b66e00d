"""Record the Yes / No offers of one step the rules made at first sight of blind sets.

    python -m eval.first_sight_offers z102=first-z102.json z103=first-z103.json …

Each JSON is a run of ``eval.understanding --json`` on a set before anyone tuned to it. Every
case answered "Skip “X”?" or "Let “X” wait till …?" is appended to eval/first_sight_offers.json
(once per set and case) with what the message meant: its kind and the one step the corpus
names. ``python -m eval.train_write_odds --skips`` measures on them, leave-one-round-out, the
bar of the second reader's odds at which such an offer is written instead of asked.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from eval.train_write_odds import KIND_OF_INTENT

OFFERS = Path(__file__).resolve().parent / "first_sight_offers.json"
# The offer's own kind, by the words it opens with, and the step it names
OFFER = re.compile(r"^(?:(?P<skip>Skip)|(?P<wait>Let)) “(?P<step>.+?)”")


def meant_step(expect: dict) -> str | None:
    """The one step a case's expectation writes on, if one."""
    if len(expect.get("status", {})) == 1:
        return str(next(iter(expect["status"])))
    for kind in ("attempt", "snooze"):
        if kind in expect:
            step = expect[kind].get("step")
            return str(step) if step else None
    return None


def offers_of(set_name: str, cases: list[dict]) -> list[dict]:
    out = []
    for case in cases:
        question = (case.get("question") or {}).get("text") or case.get("reply") or ""
        found = OFFER.match(question)
        if found is None:
            continue
        out.append(
            {
                "set": set_name,
                "id": case["id"].split("/")[-1],
                "text": case["text"],
                "has_plans": case["world"] != "newcomer",
                "kind": KIND_OF_INTENT.get(case["intent"], case["intent"]),
                "step": meant_step(case["expect"]),
                "offer": "skip" if found["skip"] else "snooze",
                "offered": found["step"],
            }
        )
    return out


def main(argv: list[str]) -> int:
    offers = json.loads(OFFERS.read_text(encoding="utf-8")) if OFFERS.exists() else []
    have = {(o["set"], o["id"]) for o in offers}
    added = 0
    for arg in argv:
        set_name, path = arg.split("=", 1)
        for offer in offers_of(set_name, json.loads(Path(path).read_text(encoding="utf-8"))):
            if (offer["set"], offer["id"]) not in have:
                offers.append(offer)
                have.add((offer["set"], offer["id"]))
                added += 1
    OFFERS.write_text(json.dumps(offers, ensure_ascii=False, indent=0) + "\n", encoding="utf-8")
    print(f"{added} offers added, {len(offers)} in all -> {OFFERS}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
