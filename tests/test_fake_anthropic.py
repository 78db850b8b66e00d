"""Self-test of the fake Anthropic server against the real ``anthropic.AsyncAnthropic`` client."""

from __future__ import annotations

import time

import aiohttp
import anthropic
import pytest
import pytest_asyncio

try:
    from tests.fakes.anthropic_server import FakeAnthropic, reply_tool_use
except ImportError:  # tests/ itself on sys.path (rootdir-less runs)
    from fakes.anthropic_server import FakeAnthropic, reply_tool_use

MODEL = "claude-test"
USER = [{"role": "user", "content": "hello"}]
_clients: list[anthropic.AsyncAnthropic] = []


@pytest_asyncio.fixture(autouse=True)
async def _close_clients():
    yield
    while _clients:
        await _clients.pop().close()


def client(
    fake: FakeAnthropic, *, max_retries: int = 0, timeout: float | anthropic.Timeout = 5.0
) -> anthropic.AsyncAnthropic:
    c = anthropic.AsyncAnthropic(
        api_key="test-key", base_url=fake.url, max_retries=max_retries, timeout=timeout
    )
    _clients.append(c)
    return c


async def create(c: anthropic.AsyncAnthropic, messages=USER, **kw):
    return await c.messages.create(model=MODEL, max_tokens=256, messages=messages, **kw)


@pytest.mark.asyncio
async def test_text_reply_and_recorded_request():
    async with FakeAnthropic() as fake:
        fake.push_text("hi there")
        msg = await create(client(fake))
    assert msg.content[0].type == "text" and msg.content[0].text == "hi there"
    assert msg.stop_reason == "end_turn" and msg.role == "assistant" and msg.model == MODEL
    assert msg.usage.input_tokens > 0 and msg.usage.output_tokens > 0
    (req,) = fake.requests
    assert req.body["messages"] == USER and req.body["max_tokens"] == 256
    assert req.headers["authorization"] == "Bearer test-key"
    assert "anthropic-version" in req.headers and req.status == 200


@pytest.mark.asyncio
async def test_parallel_tool_use_then_answer():
    async with FakeAnthropic() as fake:
        fake.push_tool_use([("get_plan", {"plan_id": 1}), ("list_plans", {})], text="Looking.")
        fake.push_text("done")
        c = client(fake)
        msg = await create(c)
        assert msg.stop_reason == "tool_use"
        uses = [b for b in msg.content if b.type == "tool_use"]
        assert [u.name for u in uses] == ["get_plan", "list_plans"]
        assert uses[0].input == {"plan_id": 1}
        assert len({u.id for u in uses}) == 2 and all(u.id.startswith("toolu_") for u in uses)
        results = [{"type": "tool_result", "tool_use_id": u.id, "content": "ok"} for u in uses]
        history = USER + [msg.to_param(), {"role": "user", "content": results}]
        final = await create(c, history)
        assert final.content[0].text == "done" and fake.pending == 0


@pytest.mark.asyncio
async def test_429_with_retry_after_then_success():
    async with FakeAnthropic() as fake:
        fake.push_error(429, retry_after=0.05)
        fake.push_text("after the wait")
        started = time.monotonic()
        msg = await create(client(fake, max_retries=1))
        assert time.monotonic() - started < 0.4  # retry-after honoured instead of 0.5 s backoff
    assert msg.content[0].text == "after the wait"
    assert [r.status for r in fake.requests] == [429, 200]
    assert [r.headers["x-stainless-retry-count"] for r in fake.requests] == ["0", "1"]


@pytest.mark.asyncio
async def test_429_without_retries_raises_rate_limit_error():
    async with FakeAnthropic() as fake:
        fake.push_error(429, retry_after=1)
        with pytest.raises(anthropic.RateLimitError) as info:
            await create(client(fake))
    assert info.value.status_code == 429 and info.value.type == "rate_limit_error"


@pytest.mark.asyncio
async def test_529_overloaded_raises():
    async with FakeAnthropic() as fake:
        fake.push_error(529)
        with pytest.raises(anthropic.OverloadedError) as info:
            await create(client(fake))
    err = info.value
    assert isinstance(err, anthropic.InternalServerError) and isinstance(
        err, anthropic.APIStatusError
    )
    assert err.status_code == 529 and err.body["error"]["type"] == "overloaded_error"
    assert len(fake.requests) == 1


@pytest.mark.asyncio
async def test_500_is_retried():
    async with FakeAnthropic() as fake:
        fake.push_error(500, headers={"retry-after-ms": "10"})
        fake.push_text("recovered")
        msg = await create(client(fake, max_retries=1))
    assert msg.content[0].text == "recovered" and len(fake.requests) == 2


@pytest.mark.asyncio
async def test_slow_answer_times_out():
    async with FakeAnthropic() as fake:
        fake.push_slow(5, then="too late")
        started = time.monotonic()
        with pytest.raises(anthropic.APITimeoutError):
            await create(client(fake, timeout=0.2))
        assert time.monotonic() - started < 1
    assert len(fake.requests) == 1


@pytest.mark.asyncio
async def test_timeout_is_retried_by_the_sdk():
    async with FakeAnthropic() as fake:
        fake.push_slow(5)
        fake.push_text("second attempt")
        # Only the first answer is late: a second connect and answer may take a while on a
        # busy machine, so the retry is not cut short by the same tight limit.
        msg = await create(client(fake, max_retries=1, timeout=anthropic.Timeout(1.0, connect=10)))
    assert msg.content[0].text == "second attempt" and len(fake.requests) == 2


@pytest.mark.asyncio
async def test_prompt_cache_accounting():
    tools = [
        {
            "name": "get_plan",
            "description": "Fetch a plan " * 20,
            "input_schema": {"type": "object", "properties": {}},
            "cache_control": {"type": "ephemeral"},
        }
    ]
    system = [
        {"type": "text", "text": "You are drbot. " * 50, "cache_control": {"type": "ephemeral"}}
    ]
    turn1 = [
        {
            "role": "user",
            "content": [
                {
                    "type": "text",
                    "text": "plan the fence " * 10,
                    "cache_control": {"type": "ephemeral"},
                },
                {"type": "text", "text": "ANNOUNCE 1/8"},
            ],
        }
    ]
    async with FakeAnthropic() as fake:
        fake.responder = lambda body: "ok"
        c = client(fake)
        first = (await create(c, turn1, tools=tools, system=system)).usage
        second = (await create(c, turn1, tools=tools, system=system)).usage
        # next turn: breakpoint moves to the newest message; the old prefix is read from cache
        turn2 = [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "plan the fence " * 10},
                    {"type": "text", "text": "ANNOUNCE 1/8"},
                ],
            },
            {"role": "assistant", "content": "Sure."},
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": "step 2 done", "cache_control": {"type": "ephemeral"}},
                    {"type": "text", "text": "ANNOUNCE 1/8"},
                ],
            },
        ]
        third = (await create(c, turn2, tools=tools, system=system)).usage
        off = FakeAnthropic(caching=False)
        async with off:
            off.push_text("ok")
            uncached = (await create(client(off), turn1, tools=tools, system=system)).usage
    assert first.cache_read_input_tokens == 0 and first.cache_creation_input_tokens > 0
    assert second.cache_read_input_tokens == first.cache_creation_input_tokens
    assert second.cache_creation_input_tokens == 0 and second.input_tokens == first.input_tokens
    # turn2's first message differs only in cache_control, which is not part of the prefix key
    assert third.cache_read_input_tokens == first.cache_creation_input_tokens
    assert 0 < third.cache_creation_input_tokens < first.cache_creation_input_tokens
    total = first.input_tokens + first.cache_creation_input_tokens
    assert uncached.input_tokens == total and uncached.cache_read_input_tokens == 0
    totals = fake.usage_totals()
    assert totals["cache_read_input_tokens"] == 2 * first.cache_creation_input_tokens


@pytest.mark.asyncio
async def test_min_cache_tokens_disables_small_prefixes():
    system = [{"type": "text", "text": "short", "cache_control": {"type": "ephemeral"}}]
    async with FakeAnthropic(min_cache_tokens=1024) as fake:
        fake.responder = lambda body: "ok"
        for _ in range(2):
            usage = (await create(client(fake), system=system)).usage
    assert usage.cache_read_input_tokens == 0 and usage.cache_creation_input_tokens == 0


@pytest.mark.asyncio
async def test_tool_use_without_tool_result_is_400():
    async with FakeAnthropic() as fake:
        fake.push(reply_tool_use([("get_plan", {}, "toolu_abc")]))
        fake.push_text("never served")
        c = client(fake)
        msg = await create(c)
        history = USER + [msg.to_param(), {"role": "user", "content": "and?"}]
        with pytest.raises(anthropic.BadRequestError) as info:
            await create(c, history)
        assert "toolu_abc" in info.value.api_message and info.value.type == "invalid_request_error"
        assert fake.pending == 1  # rejected requests do not consume the script


@pytest.mark.asyncio
@pytest.mark.parametrize(
    "messages, kw, expected",
    [
        ([{"role": "assistant", "content": "hi"}], {}, "alternate"),
        (USER + USER, {}, "alternate"),
        (
            [
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": "x"},
                        {"type": "tool_result", "tool_use_id": "t", "content": "r"},
                    ],
                }
            ],
            {},
            "unexpected `tool_use_id`",
        ),
        (
            [
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": "x", "cache_control": {"type": "ephemeral"}}
                    ],
                }
            ],
            {
                "system": [
                    {"type": "text", "text": f"s{i}", "cache_control": {"type": "ephemeral"}}
                    for i in range(4)
                ]
            },
            "maximum of 4",
        ),
    ],
)
async def test_invalid_requests_are_400(messages, kw, expected):
    async with FakeAnthropic() as fake:
        with pytest.raises(anthropic.BadRequestError) as info:
            await create(client(fake), messages, **kw)
    assert expected in info.value.api_message


@pytest.mark.asyncio
async def test_raw_http_missing_fields_auth_and_empty_script():
    async with FakeAnthropic() as fake, aiohttp.ClientSession() as http:
        url, auth = (
            fake.url + "/v1/messages",
            {"authorization": "Bearer k", "anthropic-version": "x"},
        )
        async with http.post(url, json={"model": MODEL, "messages": USER}, headers=auth) as r:
            assert r.status == 400 and "max_tokens" in (await r.json())["error"]["message"]
        async with http.post(url, json={"max_tokens": 5, "messages": USER}, headers=auth) as r:
            assert r.status == 400 and "model" in (await r.json())["error"]["message"]
        async with http.post(url, json={"model": MODEL, "max_tokens": 5, "messages": USER}) as r:
            assert r.status == 401
        async with http.post(
            url, json={"model": MODEL, "max_tokens": 5, "messages": USER}, headers=auth
        ) as r:
            assert r.status == 500 and r.headers["x-should-retry"] == "false"
            assert "no scripted reply" in (await r.json())["error"]["message"]


@pytest.mark.asyncio
async def test_responder_reacts_to_request_and_raw_bodies():
    def model(body):
        last = body["messages"][-1]["content"]
        if last == "what plans?":
            return reply_tool_use([("list_plans", {})])
        return {
            "content": [
                {"type": "thinking", "thinking": "hm", "signature": "sig"},
                {"type": "text", "text": "cut"},
            ],
            "stop_reason": "max_tokens",
        }

    async with FakeAnthropic(responder=model) as fake, FakeAnthropic() as other:
        c = client(fake)
        assert (
            await create(c, [{"role": "user", "content": "what plans?"}])
        ).stop_reason == "tool_use"
        msg = await create(c)
        assert msg.stop_reason == "max_tokens" and msg.content[0].type == "thinking"
        assert other.url != fake.url and other.requests == []
