"""How big is the constant prompt drbot sends with every model request?

    python -m bench.prompt_size [--system FILE] [--real] [--usage]

Prints the characters and estimated tokens (drbot's own estimate, UTF-8 bytes
/ 3.5: see drbot/ai/llm/context_budget.py) of the system prompt, of each tool
schema (as sent: name, description, input_schema) and the total.  On a CPU the
first request of a conversation has to read all of it before the first
answer token, so every token here costs prefill time on every cold start.

--system FILE   measure this system prompt text instead of drbot's (to compare
                a draft, or an older version: git show REV:drbot/ai/llm/prompt.py)
--real          also ask the server at $ANTHROPIC_BASE_URL (a local llama-server)
                for real counts of each part through its /tokenize endpoint
                (the model's tokenizer; the chat template adds a little more)
--usage         also send one request with the whole prompt and a one-word
                message, max_tokens 1, and print the server's input_tokens and
                the wall-clock time: the real first-request prefill (slow on a
                CPU: a minute or more).  A random tag at the start of the system
                prompt keeps a server's prompt cache from answering it.

It prints figures; it is not a test and asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import os
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

from drbot.ai.llm.context_budget import estimate_tokens
from drbot.ai.llm.prompt import SYSTEM_PROMPT
from drbot.ai.tools.catalogue import build_registry


def tokenize(base_url: str, text: str) -> int | None:
    """Real token count from llama-server's /tokenize, or None when unavailable."""
    request = urllib.request.Request(
        base_url.rstrip("/") + "/tokenize",
        data=json.dumps({"content": text}).encode(),
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return len(json.load(response)["tokens"])
    except (urllib.error.URLError, OSError, KeyError, ValueError):
        return None


def one_token_request(base_url: str, system: str, tools: list[dict]) -> tuple[int, float]:
    import anthropic

    client = anthropic.Anthropic(
        api_key=os.environ.get("ANTHROPIC_API_KEY") or "local",
        base_url=base_url,
        max_retries=0,
        timeout=1800,
    )
    started = time.monotonic()
    message = client.messages.create(
        model=os.environ.get("DRBOT_MODEL") or "local",
        max_tokens=1,
        system=f"[run {uuid.uuid4().hex[:8]}]\n{system}",
        tools=tools,
        messages=[{"role": "user", "content": "hi"}],
    )
    return message.usage.input_tokens, time.monotonic() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--system", type=Path, help="a system prompt text file to measure")
    parser.add_argument("--real", action="store_true", help="real counts from /tokenize")
    parser.add_argument("--usage", action="store_true", help="one 1-token request (slow)")
    args = parser.parse_args()

    system = args.system.read_text(encoding="utf-8") if args.system else SYSTEM_PROMPT
    tools = build_registry().definitions()
    base_url = os.environ.get("ANTHROPIC_BASE_URL", "")
    real = args.real and bool(base_url)
    if args.real and not base_url:
        print("(--real needs ANTHROPIC_BASE_URL pointing at a llama-server; skipped)")

    parts = [("system prompt", system)] + [
        (f"tool {tool['name']}", json.dumps(tool, ensure_ascii=False, separators=(",", ":")))
        for tool in tools
    ]
    header = f"{'part':<28}{'chars':>8}{'est. tokens':>13}" + (f"{'real':>8}" if real else "")
    print(header)
    print("-" * len(header))
    totals = [0, 0, 0]
    for name, text in parts:
        counted = tokenize(base_url, text) if real else None
        row = [len(text), estimate_tokens(text), counted or 0]
        totals = [a + b for a, b in zip(totals, row)]
        print(f"{name:<28}{row[0]:>8,}{row[1]:>13,}" + (f"{counted or '?':>8}" if real else ""))
    tool_chars = sum(len(text) for name, text in parts[1:])
    print("-" * len(header))
    print(
        f"{'tools (' + str(len(tools)) + ')':<28}{tool_chars:>8,}"
        f"{sum(estimate_tokens(t) for _, t in parts[1:]):>13,}"
    )
    print(f"{'total':<28}{totals[0]:>8,}{totals[1]:>13,}" + (f"{totals[2]:>8,}" if real else ""))
    if args.usage:
        if not base_url:
            print("(--usage needs ANTHROPIC_BASE_URL; skipped)")
            return
        tokens, seconds = one_token_request(base_url, system, tools)
        print(
            f"one request, max_tokens 1: input_tokens {tokens:,}, {seconds:.1f} s "
            f"({tokens / seconds:.0f} tokens/s prefill)"
        )


if __name__ == "__main__":
    main()
