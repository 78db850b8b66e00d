"""A scripted fake of the Anthropic Messages API (``POST /v1/messages``, non-streaming).

    async with FakeAnthropic() as fake:
        fake.push_text("hello")
        client = anthropic.AsyncAnthropic(api_key="test-key", base_url=fake.url, max_retries=0)
        msg = await client.messages.create(model="m", max_tokens=64, messages=[...])
        assert fake.requests[0].body["messages"] == [...]

Replies are served in the order they were pushed; when the queue is empty ``fake.responder``
(``fn(body) -> Reply | str | dict``, may be async) is asked; with neither, the fake answers 500
with ``x-should-retry: false`` so a test with a missing script fails loudly and at once.
Replies are consumed only by requests that pass auth and validation.

What the installed SDK (anthropic 2.12.0, on httpx2) does, read from its source:

* Headers (``_client.py``: ``AsyncAnthropic.auth_headers``/``_api_key_auth``/``default_headers``):
  ``api_key=`` goes out as ``Authorization: Bearer <key>`` -- no ``x-api-key`` -- with
  ``anthropic-version: 2026-10-21`` (``_constants.ANTHROPIC_API_VERSION``), and
  ``x-stainless-retry-count`` (0, 1, ...), ``x-stainless-timeout`` (``_base_client._build_headers``).
  The fake accepts Bearer or x-api-key (401 otherwise) and requires ``anthropic-version`` (400).
* Retries (``_base_client.py``: ``AsyncAPIClient._request``, ``_sleep_for_retry``,
  ``BaseClient._should_retry``, ``_calculate_retry_timeout``, ``_parse_retry_after_header``):
  ``x-should-retry: true|false`` wins; else 408, 409, 429 and every status >= 500 (so 529) are
  retried, and so are timeouts and connection errors. The wait is ``retry-after-ms`` (ms), else
  ``retry-after`` (seconds, floats accepted, or an HTTP date) when > 0 -- not capped; else
  ``0.5 * 2**n`` s (n = retries taken so far) capped at 8 s, times a jitter in [0.75, 1].
  Defaults: ``max_retries=2``, timeout 600 s (connect 5 s); ``timeout=`` applies per attempt.
* Errors (``_error_classes.make_status_error``): 400 BadRequestError, 401 AuthenticationError,
  429 RateLimitError, 500 InternalServerError, 503 ServiceUnavailableError, 529 OverloadedError
  (>= 500 all subclass InternalServerError; all are APIStatusError); a timeout raises
  APITimeoutError, a subclass of APIConnectionError.

Validation (400 ``invalid_request_error``, like the real API): ``model`` and ``max_tokens``
present; ``messages`` non-empty, roles alternating from ``user`` (stricter than the real API,
which merges consecutive same-role turns); non-empty content and text blocks; no ``stream``;
every assistant ``tool_use``
answered by a ``tool_result`` with its id in the very next user message; no ``tool_result``
without a matching ``tool_use`` just before it; ``tool_result`` blocks first in their message;
at most 4 ``cache_control`` breakpoints (the top-level ``cache_control`` counts as one).

Usage billing: the prompt is a list of blocks in the API's cache order -- tools, system, then
message content blocks -- each costing ``len(canonical JSON) // 4`` tokens (at least 1). The
blocks up to the last breakpoint are the cacheable prefix. The fake remembers a hash of the
prefix at every breakpoint it has seen (``cache_control`` itself is not part of the hash). A
request reads from cache the longest remembered prefix ending at a breakpoint or up to 20
blocks before one (the real API's lookback); the rest of the prefix up to the last breakpoint
is ``cache_creation_input_tokens``, and what follows it is ``input_tokens``. Prefixes shorter
than ``min_cache_tokens`` are not cached (the real minimum is 1024-4096 tokens by model).
There is no TTL (``clear_cache()`` forgets all); ``tool_choice``/``thinking`` changes do not
invalidate anything (they do on the real API); ``caching=False`` bills everything as input.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import dataclasses
import hashlib
import inspect
import itertools
import json
import uuid
from collections import deque
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

MAX_BREAKPOINTS = 4
LOOKBACK_BLOCKS = 20
ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}
ERROR_MESSAGES = {429: "Rate limited", 500: "Internal server error", 529: "Overloaded"}


@dataclass
class Reply:
    """One scripted answer; build it with the ``reply_*`` helpers."""

    status: int = 200
    body: dict | None = None  # 200: Message fields (missing ones filled in); else the whole body
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


@dataclass
class RecordedRequest:
    body: Any  # parsed JSON (None if it was not JSON)
    headers: dict[str, str]  # lower-cased names
    status: int | None = None  # what the fake answered
    response: dict | None = None


Spec = Reply | str | dict
Responder = Callable[[Any], Spec | Awaitable[Spec]]


def _new_id(prefix: str) -> str:
    return prefix + uuid.uuid4().hex[:24]


def reply_text(text: str, *, stop_reason: str = "end_turn", usage: dict | None = None) -> Reply:
    body: dict = {"content": [{"type": "text", "text": text}], "stop_reason": stop_reason}
    if usage:
        body["usage"] = usage
    return Reply(body=body)


def reply_tool_use(calls: Iterable[tuple], text: str | None = None) -> Reply:
    """``calls``: ``(name, input)`` or ``(name, input, id)``; several make parallel calls."""
    content: list[dict] = [{"type": "text", "text": text}] if text else []
    for name, args, *given in calls:
        tid = given[0] if given else _new_id("toolu_")
        content.append({"type": "tool_use", "id": tid, "name": name, "input": args})
    return Reply(body={"content": content, "stop_reason": "tool_use"})


def reply_error(
    status: int,
    body: dict | None = None,
    headers: dict | None = None,
    *,
    retry_after: float | None = None,
) -> Reply:
    if body is None:
        body = _error_body(
            ERROR_TYPES.get(status, "api_error"), ERROR_MESSAGES.get(status, "Error")
        )
    headers = dict(headers or {})
    if retry_after is not None:
        headers["retry-after"] = str(retry_after)
    return Reply(status=status, body=body, headers=headers)


def reply_context_overflow(
    server: str = "anthropic", tokens: int = 208_656, limit: int = 200_000
) -> Reply:
    """The 400 a server answers to a prompt longer than its context window, body as sent by
    Anthropic's API or by llama.cpp's llama-server (tools/server/server-common.cpp
    ``format_error_response`` plus ``n_prompt_tokens``/``n_ctx``, wrapped in ``error``)."""
    if server == "anthropic":
        return reply_error(
            400,
            _error_body(
                "invalid_request_error", f"prompt is too long: {tokens} tokens > {limit} maximum"
            ),
        )
    if server == "llama.cpp":
        return reply_error(
            400,
            {
                "error": {
                    "code": 400,
                    "type": "exceed_context_size_error",
                    "n_prompt_tokens": tokens,
                    "n_ctx": limit,
                    "message": f"request ({tokens} tokens) exceeds the available "
                    f"context size ({limit} tokens), try increasing it",
                }
            },
        )
    raise ValueError(f"unknown server {server!r}")


def reply_raw(message: dict) -> Reply:
    return Reply(body=dict(message))


def reply_slow(seconds: float, then: Spec | None = None) -> Reply:
    return dataclasses.replace(as_reply("(slow answer)" if then is None else then), delay=seconds)


def as_reply(spec: Spec) -> Reply:
    if isinstance(spec, Reply):
        return spec
    if isinstance(spec, str):
        return reply_text(spec)
    if isinstance(spec, dict):
        return reply_raw(spec)
    raise TypeError(f"not a reply spec: {spec!r}")


def _error_body(etype: str, message: str) -> dict:
    return {
        "type": "error",
        "error": {"type": etype, "message": message},
        "request_id": _new_id("req_"),
    }


def _canon(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _blocks(content: Any) -> list:
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content or [])


def _marked(block: Any) -> bool:
    return isinstance(block, dict) and bool(block.get("cache_control"))


def _prompt_blocks(body: dict) -> list[tuple[str, bool]]:
    """The prompt in cache order as (canonical text without cache_control, is_breakpoint)."""

    def strip(b: Any) -> Any:
        return {k: v for k, v in b.items() if k != "cache_control"} if isinstance(b, dict) else b

    out = [(_canon(["tool", strip(t)]), _marked(t)) for t in body.get("tools") or []]
    out += [(_canon(["system", strip(b)]), _marked(b)) for b in _blocks(body.get("system"))]
    for i, msg in enumerate(body.get("messages") or []):
        out += [
            (_canon([msg.get("role"), i, strip(b)]), _marked(b))
            for b in _blocks(msg.get("content"))
        ]
    if body.get("cache_control") and out:  # automatic caching marks the last block
        out[-1] = (out[-1][0], True)
    return out


def validate(body: Any) -> str | None:
    """The first problem the real API would report with a 400, or None."""
    if not isinstance(body, dict):
        return "Request body must be a JSON object"
    if not body.get("model"):
        return "model: Field required"
    mt = body.get("max_tokens")
    if not isinstance(mt, int) or isinstance(mt, bool) or mt < 1:
        return "max_tokens: Field required (an integer >= 1)"
    if body.get("stream"):
        return "stream: this fake only serves non-streaming requests"
    msgs = body.get("messages")
    if not isinstance(msgs, list) or not msgs:
        return "messages: at least one message is required"
    for i, m in enumerate(msgs):
        role = m.get("role") if isinstance(m, dict) else None
        if role != ("user" if i % 2 == 0 else "assistant"):
            return (
                f'messages.{i}: roles must alternate between "user" and "assistant", '
                f'starting with "user" (got {role!r})'
            )
        content = m.get("content")
        if not isinstance(content, (str, list)) or not content:
            return f"messages.{i}: all messages must have non-empty content"
        if any(not isinstance(b, dict) or "type" not in b for b in _blocks(content)):
            return f"messages.{i}.content: every content block must be an object with a type"
        if any(b["type"] == "text" and not b.get("text") for b in _blocks(content)):
            return f"messages.{i}.content: text content blocks must be non-empty"
    for i, m in enumerate(msgs):
        blocks = _blocks(m["content"])
        if m["role"] == "assistant":
            asked = [b.get("id") for b in blocks if b["type"] == "tool_use"]
            nxt = _blocks(msgs[i + 1]["content"]) if i + 1 < len(msgs) else []
            answered = {b.get("tool_use_id") for b in nxt if b["type"] == "tool_result"}
            missing = [t for t in asked if t not in answered]
            if missing:
                return (
                    f"messages.{i + 1}: `tool_use` ids were found without `tool_result` blocks "
                    f"immediately after: {', '.join(map(str, missing))}. Each `tool_use` block "
                    "must have a corresponding `tool_result` block in the next message."
                )
            continue
        is_result = [b["type"] == "tool_result" for b in blocks]
        prev = _blocks(msgs[i - 1]["content"]) if i else []
        asked_before = {b.get("id") for b in prev if b["type"] == "tool_use"}
        stray = [
            b.get("tool_use_id")
            for b in blocks
            if b["type"] == "tool_result" and b.get("tool_use_id") not in asked_before
        ]
        if stray:
            return (
                f"messages.{i}.content: unexpected `tool_use_id` found in `tool_result` blocks: "
                f"{', '.join(map(str, stray))}. Each `tool_result` block must have a "
                "corresponding `tool_use` block in the previous message."
            )
        if is_result != sorted(is_result, reverse=True):
            return f"messages.{i}.content: `tool_result` blocks must come before any other content"
    marks = (
        sum(map(_marked, body.get("tools") or []))
        + sum(map(_marked, _blocks(body.get("system"))))
        + sum(_marked(b) for m in msgs for b in _blocks(m["content"]))
        + bool(body.get("cache_control"))
    )
    if marks > MAX_BREAKPOINTS:
        return f"A maximum of {MAX_BREAKPOINTS} blocks with cache_control may be provided. Found {marks}."
    return None


class FakeAnthropic:
    """One fake server on 127.0.0.1:<free port>; use as ``async with FakeAnthropic() as fake``."""

    def __init__(
        self,
        *,
        caching: bool = True,
        min_cache_tokens: int = 0,
        validate_requests: bool = True,
        responder: Responder | None = None,
        models: Iterable[str] | None = None,
    ) -> None:
        self.caching = caching
        # A model outside ``models`` (when given) is 404 not_found_error, like an unknown
        # model id, on /v1/messages and on /v1/messages/count_tokens (free on the real API).
        self.models = set(models) if models is not None else None
        self.token_counts: list[RecordedRequest] = []
        self.min_cache_tokens = min_cache_tokens
        self.validate_requests = validate_requests
        self.responder = responder
        self.requests: list[RecordedRequest] = []
        self.url = ""
        self._queue: deque[Reply] = deque()
        self._cache: set[str] = set()
        self._runner: web.AppRunner | None = None
        self._wake = asyncio.Event()  # set: slow answers are slow no more

    # -- scripting ---------------------------------------------------------------------------
    def push(self, spec: Spec) -> None:
        self._queue.append(as_reply(spec))

    def push_text(self, text: str, **kw: Any) -> None:
        self.push(reply_text(text, **kw))

    def push_tool_use(self, calls: Iterable[tuple], text: str | None = None) -> None:
        self.push(reply_tool_use(calls, text))

    def push_error(
        self,
        status: int,
        body: dict | None = None,
        headers: dict | None = None,
        *,
        retry_after: float | None = None,
    ) -> None:
        self.push(reply_error(status, body, headers, retry_after=retry_after))

    def push_context_overflow(self, server: str = "anthropic", **kw: Any) -> None:
        self.push(reply_context_overflow(server, **kw))

    def push_slow(self, seconds: float, then: Spec | None = None) -> None:
        self.push(reply_slow(seconds, then))

    def answer_now(self) -> None:
        """Slow answers are given at once from now on, those being held too: a test
        holds one only until it has seen what it waits for."""
        self._wake.set()

    def push_raw(self, message: dict) -> None:
        self.push(reply_raw(message))

    @property
    def pending(self) -> int:
        """Scripted replies not yet served."""
        return len(self._queue)

    def clear_cache(self) -> None:
        self._cache.clear()

    def usage_totals(self) -> dict[str, int]:
        """Summed ``usage`` over all successful answers."""
        keys = (
            "input_tokens",
            "cache_creation_input_tokens",
            "cache_read_input_tokens",
            "output_tokens",
        )
        return {
            k: sum(r.response["usage"].get(k) or 0 for r in self.requests if r.status == 200)
            for k in keys
        }

    # -- lifecycle ---------------------------------------------------------------------------
    async def start(self) -> FakeAnthropic:
        self._wake = asyncio.Event()
        app = web.Application()
        app.router.add_post("/v1/messages", self._handle)
        app.router.add_post("/v1/messages/count_tokens", self._count_tokens)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self.url = f"http://127.0.0.1:{self._runner.addresses[0][1]}"
        return self

    async def close(self) -> None:
        self._wake.set()  # slow answers whose client has gone
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeAnthropic:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # -- serving -----------------------------------------------------------------------------
    async def _handle(self, request: web.Request) -> web.Response:
        headers = {k.lower(): v for k, v in request.headers.items()}
        try:
            body = json.loads(await request.read())
        except ValueError:
            body = None
        rec = RecordedRequest(body=body, headers=headers)
        self.requests.append(rec)
        reply = await self._choose(body, headers)
        payload = self._render(reply, body)
        if reply.delay:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), reply.delay)
        rec.status, rec.response = reply.status, payload
        return web.json_response(
            payload, status=reply.status, headers={"request-id": _new_id("req_"), **reply.headers}
        )

    async def _count_tokens(self, request: web.Request) -> web.Response:
        headers = {k.lower(): v for k, v in request.headers.items()}
        try:
            body = json.loads(await request.read())
        except ValueError:
            body = None
        rec = RecordedRequest(body=body, headers=headers)
        self.token_counts.append(rec)
        reply = self._check_auth(headers)
        if reply is None and not (
            isinstance(body, dict) and body.get("model") and body.get("messages")
        ):
            reply = reply_error(
                400, _error_body("invalid_request_error", "model and messages: field required")
            )
        if reply is None and self.models is not None and body["model"] not in self.models:
            reply = reply_error(404, _error_body("not_found_error", f"model: {body['model']}"))
        if reply is None:
            total = sum(max(1, len(text) // 4) for text, _ in _prompt_blocks(body))
            reply = Reply(status=200, body={"input_tokens": total})
        rec.status, rec.response = reply.status, copy.deepcopy(reply.body)
        return web.json_response(
            reply.body,
            status=reply.status,
            headers={"request-id": _new_id("req_"), **reply.headers},
        )

    @staticmethod
    def _check_auth(headers: dict[str, str]) -> Reply | None:
        auth = headers.get("authorization", "")
        if not (auth.startswith("Bearer ") and auth[7:].strip()) and not headers.get("x-api-key"):
            return reply_error(401, _error_body("authentication_error", "invalid x-api-key"))
        if "anthropic-version" not in headers:
            return reply_error(
                400, _error_body("invalid_request_error", "anthropic-version: header is required")
            )
        return None

    async def _choose(self, body: Any, headers: dict[str, str]) -> Reply:
        if (refused := self._check_auth(headers)) is not None:
            return refused
        problem = validate(body) if self.validate_requests or not isinstance(body, dict) else None
        if problem:
            return reply_error(400, _error_body("invalid_request_error", problem))
        if self.models is not None and body.get("model") not in self.models:
            return reply_error(404, _error_body("not_found_error", f"model: {body.get('model')}"))
        if self._queue:
            return self._queue.popleft()
        no_retry = {"x-should-retry": "false"}
        if self.responder is None:
            return reply_error(
                500,
                _error_body(
                    "api_error", "FakeAnthropic: no scripted reply left and no responder set"
                ),
                no_retry,
            )
        try:
            spec = self.responder(body)
            return as_reply(await spec if inspect.isawaitable(spec) else spec)
        except Exception as exc:  # surface responder bugs as a loud, unretried 500
            return reply_error(
                500, _error_body("api_error", f"FakeAnthropic responder failed: {exc!r}"), no_retry
            )

    def _render(self, reply: Reply, body: Any) -> dict:
        if reply.status != 200:
            return copy.deepcopy(reply.body or {})
        msg: dict = {
            "id": _new_id("msg_"),
            "type": "message",
            "role": "assistant",
            "model": body.get("model", "claude-fake"),
            "content": [],
            "stop_reason": "end_turn",
            "stop_sequence": None,
        }
        msg.update(copy.deepcopy(reply.body or {}))
        usage = self._bill(body)
        usage["output_tokens"] = max(1, len(_canon(msg["content"])) // 4)
        msg["usage"] = {**usage, **(msg.get("usage") or {})}  # scripted usage wins
        return msg

    def _bill(self, body: dict) -> dict[str, int]:
        blocks = _prompt_blocks(body)
        cum = list(itertools.accumulate(max(1, len(text) // 4) for text, _ in blocks))
        total = cum[-1] if cum else 0
        marks = [i for i, (_, bp) in enumerate(blocks) if bp]
        if not self.caching or not marks or cum[marks[-1]] < self.min_cache_tokens:
            return {
                "input_tokens": total,
                "cache_creation_input_tokens": 0,
                "cache_read_input_tokens": 0,
            }
        digest, prefixes = hashlib.sha256(), []
        for text, _ in blocks:
            digest.update(text.encode() + b"\0")
            prefixes.append(digest.hexdigest())
        hit = -1
        for bp in marks:
            for i in range(bp, max(-1, bp - LOOKBACK_BLOCKS), -1):
                if prefixes[i] in self._cache:
                    hit = max(hit, i)
                    break
        self._cache.update(prefixes[bp] for bp in marks if cum[bp] >= self.min_cache_tokens)
        read = cum[hit] if hit >= 0 else 0
        last = cum[marks[-1]]
        return {
            "input_tokens": total - last,
            "cache_creation_input_tokens": last - read,
            "cache_read_input_tokens": read,
        }
