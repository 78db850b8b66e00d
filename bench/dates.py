"""Benchmark of reading dates in people's words (drbot/ai/language/dates.py).

    python -m bench.dates [--rounds N]

Prints, each from a fresh process: the time to import drbot.ai.language.dates (it
must not load dateparser), to import dateparser itself, and the first
parse_when (dateparser loads its language data then).  Then, warm, the mean
time per call of parse_when over 100 date phrases and of find_when over 100
chat sentences (half of them with a date), --rounds times over.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PHRASES = [
    "tomorrow",
    "tmrw",
    "friday",
    "fri",
    "next monday",
    "in 3 days",
    "for 2 weeks",
    "next week",
    "on the 5th",
    "friday 10am",
    "monday 9",
    "until thursday",
    "2026-12-01",
    "1 april",
    "april 1st",
    "end of the month",
    "tonight",
    "tomorow",
    "thurdsay",
    "at 5pm",
]
PHRASES = PHRASES * 5  # 100

WITH_DATE = [
    "I filled in half the form, will finish tomorrow",
    "called the venue, no answer, try again friday 10am",
    "snooze the van till next monday",
    "council said come back in 2 weeks",
    "the quote expires on the 5th",
    "Jim is away until thursday",
    "deposit due 2026-12-01",
    "let's revisit end of the month",
    "left a voicemail, will call again tmrw",
    "meeting friday at 3 with Jim",
]
WITHOUT_DATE = [
    "book a van",
    "may I add a step",
    "second step is done",
    "march on with step 3",
    "sat down with the builder",
    "I'm done with the quotes",
    "get 3 quotes",
    "step 2 blocked — waiting on council",
    "the 2 forms are signed",
    "mark 3 done",
]
SENTENCES = (WITH_DATE + WITHOUT_DATE) * 5  # 100


def fresh(code: str) -> float:
    """Seconds that code takes in a new interpreter (run three times, best kept)."""
    best = float("inf")
    for _ in range(3):
        out = subprocess.run(
            [
                sys.executable,
                "-c",
                "import time; t = time.perf_counter()\n"
                + code
                + "\nprint(time.perf_counter() - t)",
            ],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        best = min(best, float(out.stdout.split()[-1]))
    return best


def per_call(function, texts, rounds: int) -> float:
    now, zone = datetime(2026, 11, 24, 14, 30, tzinfo=UTC), "Europe/Berlin"
    start = time.perf_counter()
    for _ in range(rounds):
        for text in texts:
            function(text, now, zone)
    return (time.perf_counter() - start) / (rounds * len(texts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    print(f"load average: {os.getloadavg()[0]:.2f}")
    loaded = fresh("import sys, drbot.ai.language.dates\nassert 'dateparser' not in sys.modules")
    print(
        f"import drbot.ai.language.dates:          {loaded * 1000:7.1f} ms (dateparser not loaded)"
    )
    print(f"import dateparser:              {fresh('import dateparser.date') * 1000:7.1f} ms")
    first = fresh(
        "from datetime import UTC, datetime\nfrom drbot.ai.language.dates import parse_when\n"
        "parse_when('friday', datetime.now(UTC), 'Europe/Berlin')"
    )
    print(f"first parse_when (cold):        {first * 1000:7.1f} ms (imports + language data)")

    from drbot.ai.language.dates import find_when, parse_when

    parse_when("friday", datetime.now(UTC), "UTC")  # warm up
    found = sum(find_when(s, datetime.now(UTC), "UTC") is not None for s in SENTENCES)
    print(
        f"parse_when, warm, 100 phrases:  {per_call(parse_when, PHRASES, args.rounds) * 1e3:7.3f}"
        " ms per call"
    )
    print(
        f"find_when, warm, 100 sentences: "
        f"{per_call(find_when, SENTENCES, args.rounds) * 1e3:7.3f} ms per call "
        f"({found} of 100 have a date)"
    )


if __name__ == "__main__":
    main()
