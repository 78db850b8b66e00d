"""How well drbot understands people: a corpus of phone-typed messages, each
run through the real Assistant on its own copy of a seeded world.

    python -m eval.understanding [--backend offline|local|claude] [--timeout S]
        [--only INTENT[,INTENT]] [--limit N] [--sample N --seed S]
        [--json FILE] [--verbose]

The corpus (eval/corpus/understanding.toml) gives each message the world it
starts from (a few plans built through PlanStore, the chat's current plan set
through ConversationStore, and always another user's plans) and the effect a
good assistant has on the database.  Each world is built once into a template
SQLite file; every case gets a copy, one ``Assistant.handle(chat, user, text)``
call at a fixed "now" (Tuesday 2026-11-24 10:00 Europe/London), and a verdict
from the database before and after (eval/understanding_effects.py reads it,
eval/understanding_check.py judges it): correct,
nothing done, or wrong.

Backends: ``offline`` (default) is the built-in interpreter, no model;
``local`` an Anthropic-compatible server at $ANTHROPIC_BASE_URL (llama.cpp's
llama-server, or Ollama), key "local"; ``claude``
the Anthropic API with $ANTHROPIC_API_KEY, model $DRBOT_MODEL or drbot's default.

It prints figures; it is not a test.  The exit code is 0 whatever the figures.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import math
import os
import platform
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from bench.common import Figures
from drbot.ai.assistant import Assistant
from drbot.ai.language import plan_odds, plan_shapes, step_odds
from drbot.config import BriefingSettings, LLMSettings, Settings
from drbot.memory import PlanStore
from eval.understanding_check import (
    CORRECT,
    CRASH_TEXT,
    NOTHING,
    WRITES,
    WRONG,
    ReplyView,
    classify,
    reply_flags,
)
from eval.understanding_effects import snapshot
from eval.understanding_worlds import (
    CHAT,
    CORPUS,
    ME,
    Case,
    Clock,
    Corpus,
    build_templates,
    case_summary,
    copy_world,
    load_corpus,
    remove_world,
)

BACKENDS = ("offline", "local", "claude")
DEFAULT_TIMEOUT = {"offline": 60.0, "local": 600.0, "claude": 60.0}


@dataclass
class Result:
    case: Case
    reply: str = ""
    question: dict | None = None
    outcome: str = ""
    verdict: str = NOTHING
    why: list[str] = field(default_factory=list)
    effect: list[str] = field(default_factory=list)
    seconds: float = 0.0
    other_user: bool = False
    crashed: bool = False
    error: str = ""
    raw_tool_text: bool = False
    no_model_wall: bool = False
    # Not correct at once, but one of the buttons offered does exactly what was
    # expected: the proposal or the "which one?" a careful assistant makes when unsure.
    one_tap: bool = False

    def as_json(self) -> dict:
        return {
            **case_summary(self.case),
            "reply": self.reply,
            "question": self.question,
            "outcome": self.outcome,
            "effect": self.effect,
            "verdict": self.verdict,
            "why": self.why,
            "seconds": round(self.seconds, 4),
            "touched_other_user": self.other_user,
            "crashed": self.crashed,
            "error": self.error,
            "raw_tool_text": self.raw_tool_text,
            "no_model_wall": self.no_model_wall,
            "one_tap": self.one_tap,
        }


# -- choosing the cases ---------------------------------------------------------------


def select(
    corpus: Corpus,
    only: list[str] | None = None,
    limit: int | None = None,
    sample: int | None = None,
    seed: int = 0,
) -> list[Case]:
    """The cases to run, in corpus order.  ``sample`` keeps the same share of
    every intent (at least one each while it can), chosen with ``seed``."""
    cases = [c for c in corpus.cases if not only or c.intent in only]
    if sample is not None and sample < len(cases):
        rng = random.Random(seed)
        by_intent: dict[str, list[Case]] = {}
        for case in cases:
            by_intent.setdefault(case.intent, []).append(case)
        quota = {i: sample * len(group) / len(cases) for i, group in by_intent.items()}
        take = {i: max(1, int(q)) for i, q in quota.items()}
        # Largest remainders first, until the sample is the size asked for.
        for intent in sorted(quota, key=lambda i: quota[i] - int(quota[i]), reverse=True):
            if sum(take.values()) >= sample:
                break
            take[intent] = min(len(by_intent[intent]), take[intent] + 1)
        while sum(take.values()) > sample:
            biggest = max(take, key=lambda i: (take[i], i))
            take[biggest] -= 1
        chosen = {
            id(c)
            for i, group in by_intent.items()
            for c in rng.sample(group, min(take[i], len(group)))
        }
        cases = [c for c in cases if id(c) in chosen]
    return cases[:limit] if limit is not None else cases


# -- running --------------------------------------------------------------------------


def settings_for(
    backend: str, timeout: float, timezone: str, hybrid: bool = True, confirm: bool | None = None
) -> Settings:
    briefing = BriefingSettings(default_timezone=timezone)
    if backend == "offline":
        return Settings(llm=LLMSettings(provider="offline"), briefing=briefing)
    if backend == "local":
        base_url = os.environ.get("ANTHROPIC_BASE_URL", "").strip()
        if not base_url:
            raise SystemExit(
                "--backend local needs ANTHROPIC_BASE_URL (the local server's URL, "
                "e.g. http://127.0.0.1:8080)"
            )
        llm = LLMSettings(
            provider="anthropic",
            api_key="local",
            base_url=base_url,
            model=os.environ.get("DRBOT_MODEL") or "local",
            request_timeout_s=timeout,
            hybrid=hybrid,
            confirm_writes=confirm,
        )
        return Settings(llm=llm, briefing=briefing)
    key = os.environ.get("ANTHROPIC_API_KEY", "").strip()
    if not key:
        raise SystemExit("--backend claude needs ANTHROPIC_API_KEY")
    model = os.environ.get("DRBOT_MODEL") or LLMSettings().model
    return Settings(
        llm=LLMSettings(
            provider="anthropic",
            api_key=key,
            model=model,
            base_url="https://api.anthropic.com",
            request_timeout_s=timeout,
            hybrid=hybrid,
        ),
        briefing=briefing,
    )


async def run_case(
    case: Case, template: Path, before: dict, settings: Settings, corpus: Corpus, workdir: Path
) -> Result:
    path = workdir / f"{case.id}.db"
    copy_world(template, path)
    result = Result(case)
    clock = Clock(corpus.now)
    store = await PlanStore.open(path, clock=clock)
    assistant = Assistant.from_settings(settings, store, clock=clock)
    reply = None
    started = time.perf_counter()
    try:
        reply = await assistant.handle(CHAT, ME, case.text)
    except Exception as error:  # a crash is a figure, not the end of the run
        result.crashed = True
        result.error = f"{type(error).__name__}: {error}"
    finally:
        result.seconds = time.perf_counter() - started
        await assistant.close()
        await store.close()
    view = ReplyView.of(reply) if reply is not None else ReplyView("")
    result.reply, result.outcome = view.text, getattr(reply, "outcome", "")
    if view.question is not None:
        result.question = {"text": view.question, "options": list(view.options)}
    flags = reply_flags(view.everything)
    result.raw_tool_text, result.no_model_wall = flags["raw_tool_text"], flags["no_model_wall"]
    result.crashed = result.crashed or bool(CRASH_TEXT.search(view.text))
    verdict = classify(case.expect, ME, before, snapshot(str(path), corpus.timezone), view)
    result.verdict, result.why, result.effect = verdict.verdict, verdict.why, verdict.effect
    result.other_user = verdict.other_user
    if result.verdict == NOTHING and view.options and expects_write(case):
        result.one_tap = await any_option_correct(
            case, path, before, settings, corpus, len(view.options)
        )
    remove_world(path)
    return result


def expects_write(case: Case) -> bool:
    return any(k in case.expect for k in WRITES)


async def any_option_correct(
    case: Case, path: Path, before: dict, settings: Settings, corpus: Corpus, options: int
) -> bool:
    """Whether pressing one of the offered buttons, on a copy of the database as
    the reply left it, has exactly the expected effect."""
    for index in range(1, options + 1):
        pressed = path.with_name(f"{path.stem}-option{index}.db")
        copy_world(path, pressed)
        clock = Clock(corpus.now)
        store = await PlanStore.open(pressed, clock=clock)
        assistant = Assistant.from_settings(settings, store, clock=clock)
        try:
            reply = await assistant.answer_question(CHAT, ME, index)
        except Exception:  # a crash on a press is simply not a correct press
            reply = None
        finally:
            await assistant.close()
            await store.close()
        view = ReplyView.of(reply) if reply is not None else ReplyView("")
        after = snapshot(str(pressed), corpus.timezone)
        remove_world(pressed)
        if classify(case.expect, ME, before, after, view).verdict == CORRECT:
            return True
    return False


async def run(
    corpus: Corpus, cases: list[Case], settings: Settings, *, progress: bool = False
) -> list[Result]:
    results = []
    with tempfile.TemporaryDirectory(prefix="drbot-bench-understanding-") as tmp:
        workdir = Path(tmp)
        worlds = await build_templates(corpus, workdir, sorted({c.world for c in cases}))
        for n, case in enumerate(cases, 1):
            template, before = worlds[case.world]
            result = await run_case(case, template, before, settings, corpus, workdir)
            results.append(result)
            if progress:
                print(
                    f"  [{n}/{len(cases)}] {case.id:<14} {result.verdict:<8}"
                    f" {result.seconds:6.1f} s  {case.text[:50]!r}",
                    file=sys.stderr,
                    flush=True,
                )
    return results


# -- report ---------------------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def seconds_text(value: float) -> str:
    return f"{value * 1000:.1f} ms" if value < 1 else f"{value:.1f} s"


def do_nothing_correct(case: Case) -> bool:
    """Whether a bot that writes nothing and answers "" would be right."""
    e = case.expect
    return "none" in e and not e.get("reply_has")


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "—"


def print_report(results: list[Result], intents: list[str]) -> Figures:
    """Prints the table and the counts; returns them as the report's figures
    (bench/run_all.py): per intent, correct beside what doing nothing would score,
    then the counts that must stay at zero (docs/UNDERSTANDING.md)."""
    figures = Figures()
    head = ["intent", "correct", "nothing done", "wrong", "n", "accuracy", "do-nothing baseline"]
    rows = []
    for intent in intents + ["all"]:
        group = [r for r in results if intent == "all" or r.case.intent == intent]
        if not group:
            continue
        count = {v: sum(r.verdict == v for r in group) for v in (CORRECT, NOTHING, WRONG)}
        idle = sum(do_nothing_correct(r.case) for r in group)
        rows.append(
            [
                intent,
                str(count[CORRECT]),
                str(count[NOTHING]),
                str(count[WRONG]),
                str(len(group)),
                pct(count[CORRECT], len(group)),
                pct(idle, len(group)),
            ]
        )
        figures.row(
            f"{'all intents' if intent == 'all' else intent}: correct (nothing done / wrong)",
            f"{count[CORRECT]}/{len(group)} = {pct(count[CORRECT], len(group))}"
            f" ({count[NOTHING]} / {count[WRONG]})",
            f"doing nothing: {pct(idle, len(group))}",
        )
    widths = [max(len(row[i]) for row in [head, *rows]) for i in range(len(head))]
    for row in [head, ["-" * w for w in widths], *rows]:
        sep = "-+-" if row[0].startswith("-") else " | "
        print(sep.join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    print()
    n = len(results)
    correct = sum(r.verdict == CORRECT for r in results)
    wrong = [r for r in results if r.verdict == WRONG]
    idle = sum(do_nothing_correct(r.case) for r in results)
    times = [r.seconds for r in results]
    print(f"accuracy             {correct}/{n} = {pct(correct, n)}")
    tap = sum(r.one_tap for r in results)
    print(
        f"or one tap away      {correct + tap}/{n} = {pct(correct + tap, n)}"
        f" ({tap} proposed or asked, and one of the buttons does what was meant)"
    )
    print(
        f"do-nothing baseline  {idle}/{n} = {pct(idle, n)} (a bot that writes nothing and"
        " says nothing)"
    )
    wrong_text = f"{len(wrong)} ({sum(r.other_user for r in wrong)} touching another user's plans)"
    raw, crashed = sum(r.raw_tool_text for r in results), sum(r.crashed for r in results)
    wall = sum(r.no_model_wall for r in results)
    print(f"wrong actions        {wrong_text}")
    print(f"raw tool text        {raw}")
    print(f"crashes              {crashed}")
    print(f"no-model wall        {wall}")
    print(
        f"model failures       {sum(r.outcome == 'failed' for r in results)}"
        " (apology after a timeout or an API error)"
    )
    latency = [
        seconds_text(percentile(times, 0.5)),
        seconds_text(percentile(times, 0.9)),
        seconds_text(max(times)),
    ]
    print(f"latency per message  p50 {latency[0]}  p90 {latency[1]}  max {latency[2]}")
    figures.row(
        "correct, or one tap away (a button offered does what was meant)",
        f"{correct + tap}/{n} = {pct(correct + tap, n)}",
    )
    for label, value, count in (
        ("wrong actions (writes not asked for)", wrong_text, len(wrong)),
        ("replies showing raw tool-call text", str(raw), raw),
        ('crashes (exception or "something went wrong")', str(crashed), crashed),
    ):
        figures.row(label, value, target="0", verdict="met" if count == 0 else "MISSED")
    figures.row('replies that are the "without a model" wall', str(wall))
    figures.row("latency per message p50 / p90 / max", " / ".join(latency))
    return figures


def print_misses(results: list[Result]) -> None:
    misses = [r for r in results if r.verdict != CORRECT]
    if not misses:
        return
    print()
    print("not correct (--verbose)")
    for r in misses:
        label = "WRONG" if r.verdict == WRONG else "nothing done"
        print(f"  {r.case.id} [{r.case.world}] {label}: {r.case.text!r}")
        for why in r.why:
            print(f"      why    {why}")
        reply = (r.reply or r.error or "(no reply)").replace("\n", "\n             ")
        print(f"      reply  {reply}")


def turn_off_learnt_checks() -> None:
    """The plan check, its choice among a plan's shapes and the which-step check off (for
    ``--without-learnt-checks``): the checks' data must not be filtered by the checks, since a
    plan they proposed instead of making, or a step they asked about, would never be seen and
    learnt from."""
    plan_odds.THRESHOLD = math.inf
    plan_shapes.MARGIN = math.inf
    step_odds.THRESHOLD = -math.inf


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=BACKENDS, default="offline")
    parser.add_argument(
        "--timeout",
        type=float,
        default=None,
        help="model request timeout in seconds (default 600 local, 60 claude)",
    )
    parser.add_argument(
        "--no-hybrid",
        action="store_true",
        help="send every message to the model (hybrid mode lets the built-in "
        "rules answer what they are sure of first)",
    )
    parser.add_argument(
        "--no-confirm",
        action="store_true",
        help="let a local model's changes run at once (by default they wait "
        "for a yes, which this benchmark never gives)",
    )
    parser.add_argument("--only", help="intents to run, comma-separated")
    parser.add_argument("--limit", type=int, help="run only the first N selected cases")
    parser.add_argument("--sample", type=int, help="a stratified subset of N cases")
    parser.add_argument("--seed", type=int, default=0, help="seed for --sample (default 0)")
    parser.add_argument("--json", type=Path, help="write every case's result to this file")
    parser.add_argument(
        "--figures",
        type=Path,
        metavar="FILE",
        help="write the summary figures as JSON (bench/run_all.py reads it)",
    )
    parser.add_argument(
        "--verbose",
        action="store_true",
        help="print every case that was not correct, with the reply",
    )
    parser.add_argument(
        "--corpus",
        default=None,
        help="a corpus file, or 'heldout': every held-out set "
        "(eval/corpus/heldout-*.toml, written by people who never saw "
        "the rules), each run on its own, then all of them together",
    )
    parser.add_argument(
        "--without-learnt-checks",
        action="store_true",
        help="turn off the plan check, its choice among a plan's shapes and the which-step check: what the rules themselves "
        "make and choose, the data those checks learn from (eval/README.md)",
    )
    args = parser.parse_args()
    if args.without_learnt_checks:
        turn_off_learnt_checks()
    only = [i.strip() for i in args.only.split(",")] if args.only else None
    if args.corpus == "heldout":
        return run_heldout(args, only)
    corpus = load_corpus(Path(args.corpus)) if args.corpus else load_corpus()
    unknown = [i for i in only or [] if i not in corpus.intents]
    if unknown:
        parser.error(
            f"unknown intent(s) {', '.join(unknown)}; the corpus has " + ", ".join(corpus.intents)
        )
    timeout = args.timeout or DEFAULT_TIMEOUT[args.backend]
    settings = settings_for(
        args.backend,
        timeout,
        corpus.timezone,
        not args.no_hybrid,
        False if args.no_confirm else None,
    )
    cases = select(corpus, only, args.limit, args.sample, args.seed)

    print("drbot understanding benchmark (eval/understanding.py)")
    print(f"date      {datetime.now(UTC).strftime('%Y-%m-%d %H:%M:%S UTC')}")
    print(
        f"machine   {platform.platform()}, {os.cpu_count()} CPUs, load average "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )
    where = {
        "offline": "built-in interpreter, no model",
        "local": f"{settings.llm.base_url}, model {settings.llm.model!r}",
        "claude": f"Anthropic API, model {settings.llm.model!r}",
    }[args.backend]
    backend = f"{args.backend} ({where})" + (
        f", request timeout {timeout:g} s" if args.backend != "offline" else ""
    )
    print(f"backend   {backend}")
    picked = (
        "all"
        if len(cases) == len(corpus.cases)
        else f"sample of {args.sample}, seed {args.seed}"
        if args.sample
        else "a selection"
    )
    ran = f"{len(corpus.cases)} cases in {len(corpus.worlds)} worlds; ran {len(cases)} ({picked})"
    now = f"{corpus.now:%Y-%m-%d %H:%M} {corpus.timezone} ({corpus.now:%A})"
    print(f"corpus    {ran}")
    print(f"now       {now}")
    print()
    if not cases:
        print("no cases selected")
        return 0
    results = asyncio.run(run(corpus, cases, settings, progress=args.backend != "offline"))
    figures = print_report(
        results, [i for i in corpus.intents if any(c.intent == i for c in cases)]
    )
    for key, text in (("Backend", backend), ("Corpus", ran), ("Now", now)):
        figures.note(f"{key}: {text}")
    figures.write(args.figures)
    if args.verbose:
        print_misses(results)
    if args.json:
        args.json.write_text(
            json.dumps([r.as_json() for r in results], ensure_ascii=False, indent=1),
            encoding="utf-8",
        )
        print(f"\nper-case results written to {args.json}")
    return 0


def run_heldout(
    args: argparse.Namespace, only: list[str] | None = None, folder: Path = CORPUS.parent
) -> int:
    """Every held-out set on its own (each has its own worlds), then the total; with
    ``only``, those intents' cases of each set (a set with none of them is passed over)."""
    everything: list[Result] = []
    intents: list[str] = []
    timeout = args.timeout or DEFAULT_TIMEOUT[args.backend]
    for path in sorted(folder.glob("heldout-*.toml")):
        corpus = load_corpus(path)
        cases = select(corpus, only, args.limit, args.sample, args.seed)
        if not cases:
            continue
        settings = settings_for(
            args.backend,
            timeout,
            corpus.timezone,
            not args.no_hybrid,
            False if args.no_confirm else None,
        )
        print(f"held-out set {path.name}: {len(cases)} cases, backend {args.backend}")
        results = asyncio.run(run(corpus, cases, settings, progress=args.backend != "offline"))
        for result in results:  # ids are per file: name them by it
            result.case = dataclasses.replace(result.case, id=f"{path.stem}/{result.case.id}")
        print_report(results, [i for i in corpus.intents if any(c.intent == i for c in cases)])
        print()
        everything += results
        intents += [
            i for i in corpus.intents if i not in intents and any(c.intent == i for c in cases)
        ]
    if not everything:
        print("no cases selected")
        return 0
    print("all held-out sets together")
    figures = print_report(everything, intents)
    figures.note(f"Backend: {args.backend}")
    figures.note(f"Corpus: every held-out set, {len(everything)} cases")
    figures.write(args.figures)
    if args.verbose:
        print_misses(everything)
    if args.json:
        args.json.write_text(
            json.dumps([r.as_json() for r in everything], ensure_ascii=False, indent=1),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
