"""How much chat history fits the model's context window, and what to drop.

Token counts here are estimates: UTF-8 bytes of the JSON sent, divided by 3.5.
Real counts would need the API's ``count_tokens`` — a network round trip before
every message (and on a one-slot local server, a wait behind the request being
answered) — or the model's own tokenizer, which differs per model and server.
English text and JSON run at about 3.5-4 bytes per token for the tokenizers
drbot meets, so dividing by 3.5 over-counts a little, which is the safe side;
a miss is caught anyway by the context-overflow answer, which trims harder.

Trimming drops whole stored turns from the oldest (a turn never splits a
``tool_use`` from its ``tool_result``) and in one chunk, down to half the
budget: between trims the history only grows at its end, so the cached prompt
prefix stays valid for many messages instead of shifting with every one.
"""

from __future__ import annotations

import json
import math
from typing import Any

BYTES_PER_TOKEN = 3.5
# Room for what is not history: the ANNOUNCE block (a 50-step plan is ~1k
# tokens) and the tool calls and results this turn adds over its rounds.
ANNOUNCE_MARGIN = 1500
TURN_MARGIN = 2000


def estimate_tokens(value: Any) -> int:
    """Estimated tokens of a text or of anything sent as JSON (see above)."""
    text = (
        value
        if isinstance(value, str)
        else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    )
    return math.ceil(len(text.encode("utf-8")) / BYTES_PER_TOKEN)


def history_budget(*, context_tokens: int, max_tokens: int, fixed_tokens: int, message: str) -> int:
    """Tokens the history may take: the window less the answer's room, the
    constant prompt (system + tools), the margins and the person's message."""
    return max(
        0,
        context_tokens
        - max_tokens
        - fixed_tokens
        - ANNOUNCE_MARGIN
        - TURN_MARGIN
        - estimate_tokens(message),
    )


def turns_to_drop(turns: list[list[dict]], budget: int) -> int:
    """How many of the oldest ``turns`` to drop: none while all fit ``budget``,
    else enough that the newest ones left fit half of it."""
    sizes = [estimate_tokens(turn) for turn in turns]
    if sum(sizes) <= budget:
        return 0
    kept, total = 0, 0
    for size in reversed(sizes):
        if total + size > budget // 2:
            break
        kept, total = kept + 1, total + size
    return len(turns) - kept
