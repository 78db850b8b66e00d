"""Add a round of blind sets' first sight to the learnt checks' data.

    python -m eval.first_sight --checks DIR --without-checks DIR z138 z139 …

DIR holds ``<set>.json`` per set: ``eval.understanding --json`` (or ``eval.sealed measure
--json``) on the set before anyone tuned to it, with the learnt checks (``--checks``) and
with ``--without-learnt-checks`` (``--without-checks``).  eval/README.md says which run
each file takes its data from, and why:

- eval/first_sight_plans.json: every new plan the rules made, without the checks (a plan
  the plan check would have proposed is still a plan the rules made);
- eval/step_choices.json: every step a status, a try or a wait was written on, without the
  checks, for a message whose step the corpus names (or calls ambiguous: never right);
- eval/first_sight_menus.json: every "Is this about “X”?" menu, with the checks (what a
  person met);
- eval/first_sight_offers.json: every "Skip “X”?" / "Let “X” wait …?" offer, with the
  checks (eval/first_sight_offers.py).

A (set, case) already recorded is not added again, so running it twice changes nothing.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from eval import first_sight_offers
from eval.first_sight_offers import meant_step
from eval.train_write_odds import KIND_OF_INTENT

ROOT = Path(__file__).resolve().parent
PLANS = ROOT / "first_sight_plans.json"
CHOICES = ROOT / "step_choices.json"
MENUS = ROOT / "first_sight_menus.json"
FIRST_SIGHT = "first sight"  # step_choices' "seen" for a blind set's first sight

# Effect lines (eval/understanding_effects.Change, as eval.understanding --json writes them)
NEW_PLAN = re.compile(r'^plan_new plan "(?P<title>.*)" None -> ')
NEW_STEP = re.compile(r'^step_new "(?P<title>.*)" None -> ')
STEP_WRITE = re.compile(r'^(?:step_status|attempt_new|step_wait) "(?P<step>.*?)" ')
MENU = re.compile(r"^Is this about “(?P<step>.+?)”\?")


def plans_of(set_name: str, cases: list[dict]) -> list[dict]:
    out = []
    for case in cases:
        titles = [m["title"] for e in case["effect"] if (m := NEW_PLAN.match(e))]
        if len(titles) != 1:
            continue  # no new plan, or several: not one plan's shape to judge
        steps = [m["title"] for e in case["effect"] if (m := NEW_STEP.match(e))]
        out.append(
            {
                "set": set_name,
                "id": _case_id(case),
                "text": case["text"],
                "title": titles[0],
                "steps": steps,
                "wrong": case["verdict"] == "wrong",
            }
        )
    return out


def choices_of(set_name: str, cases: list[dict]) -> list[dict]:
    out = []
    for case in cases:
        meant = meant_step(case["expect"])
        if meant is None and case["intent"] != "ambiguous":
            continue
        written = dict.fromkeys(m["step"] for e in case["effect"] if (m := STEP_WRITE.match(e)))
        for step in written:
            out.append(
                {
                    "set": set_name,
                    "world": case["world"],
                    "text": case["text"],
                    "step": step,
                    # The person's plans leave an ambiguous message's step open: asking was right.
                    "right": case["intent"] != "ambiguous" and step == meant,
                    "intent": case["intent"],
                    "seen": FIRST_SIGHT,
                }
            )
    return out


def menus_of(set_name: str, cases: list[dict]) -> list[dict]:
    out = []
    for case in cases:
        asked = (case.get("question") or {}).get("text") or case.get("reply") or ""
        found = MENU.match(asked)
        if found is None:
            continue
        out.append(
            {
                "set": set_name,
                "id": _case_id(case),
                "text": case["text"],
                "has_plans": case["world"] != "newcomer",
                "kind": KIND_OF_INTENT.get(case["intent"], case["intent"]),
                "step": meant_step(case["expect"]),
                "offered": found["step"],
            }
        )
    return out


def _case_id(case: dict) -> str:
    return str(case["id"]).split("/")[-1]


# Each file keeps the layout it was written in, so that a round adds lines and moves none.
def _one_per_line(rows: list[dict]) -> str:
    return "[\n" + ",\n".join(f"  {json.dumps(r, ensure_ascii=False)}" for r in rows) + "\n]\n"


LAYOUT = {
    PLANS.name: lambda rows: json.dumps(rows, ensure_ascii=False, indent=1) + "\n",
    CHOICES.name: _one_per_line,
    MENUS.name: lambda rows: json.dumps(rows, ensure_ascii=False, indent=0),
    first_sight_offers.OFFERS.name: lambda rows: (
        json.dumps(rows, ensure_ascii=False, indent=0) + "\n"
    ),
}


def _add(path: Path, rows: list[dict], key: Any) -> int:
    have = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
    seen = {key(r) for r in have}
    new = [r for r in rows if key(r) not in seen]
    path.write_text(LAYOUT[path.name](have + new), encoding="utf-8")
    return len(new)


def _cases(directory: Path, set_name: str) -> list[dict]:
    loaded: list[dict] = json.loads((directory / f"{set_name}.json").read_text(encoding="utf-8"))
    return loaded


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checks", type=Path, required=True, metavar="DIR")
    parser.add_argument("--without-checks", type=Path, required=True, metavar="DIR")
    parser.add_argument("sets", nargs="+")
    args = parser.parse_args(argv)
    plans, choices, menus, offers = [], [], [], []
    for name in args.sets:
        bare = _cases(args.without_checks, name)
        met = _cases(args.checks, name)
        plans += plans_of(name, bare)
        choices += choices_of(name, bare)
        menus += menus_of(name, met)
        offers += first_sight_offers.offers_of(name, met)
    counts = {
        "plans": _add(PLANS, plans, lambda r: (r["set"], r["id"], r["title"])),
        "step choices": _add(CHOICES, choices, lambda r: (r["set"], r["text"], r["step"])),
        "menus": _add(MENUS, menus, lambda r: (r["set"], r["id"])),
        "offers": _add(first_sight_offers.OFFERS, offers, lambda r: (r["set"], r["id"])),
    }
    print(", ".join(f"{n} {what}" for what, n in counts.items()) + " added")
    return 0


if __name__ == "__main__":
    sys.exit(main())
