"""ConversationStore on a real SQLite file: history across restarts, chunked
trimming by whole turns, per-user scoping, turn validation, the message kept
for /retry, token sums, the current plan and redelivered updates."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from drbot.memory.conversations import ConversationStore, check_messages
from drbot.memory.database import Database
from drbot.memory.errors import NotFound
from drbot.memory.plans import PlanStore
from tests.db_template import copy_migrated

ALICE, BOB = 101, 202
CHAT_A, CHAT_B = 101, 202  # private chats: Telegram gives them the user's id
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


class StepClock:
    """Moves only when told to."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture
def conv_clock() -> StepClock:
    return StepClock()


@pytest.fixture
def conv_path(tmp_path):
    return tmp_path / "conversations.db"


@pytest.fixture
async def conv_db(conv_path):
    db = await Database.open(copy_migrated(conv_path))
    try:
        yield db
    finally:
        await db.close()


@pytest.fixture
def convs(conv_db, conv_clock) -> ConversationStore:
    return ConversationStore(conv_db, clock=conv_clock, max_turns=4)


def text_turn(n: int) -> list[dict]:
    return [{"role": "user", "content": f"q{n}"}, {"role": "assistant", "content": f"a{n}"}]


def tool_turn(n: int) -> list[dict]:
    """A turn with a tool round trip: user, tool_use, tool_result, answer."""
    return [
        {"role": "user", "content": [{"type": "text", "text": f"q{n}"}]},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "looking"},
                {"type": "tool_use", "id": f"tu{n}", "name": "get_plan", "input": {"plan_id": n}},
            ],
        },
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": f"tu{n}", "content": f"plan {n}"}],
        },
        {"role": "assistant", "content": [{"type": "text", "text": f"a{n}"}]},
    ]


async def save(convs, n, *, chat=CHAT_A, user=ALICE, messages=None, outcome="answered", **kw):
    return await convs.save_turn(
        chat,
        user,
        user_text=f"q{n}",
        messages=tool_turn(n) if messages is None else messages,
        outcome=outcome,
        **kw,
    )


async def row_count(db, table: str) -> int:
    return (await db.fetch_one(f"SELECT count(*) FROM {table}"))[0]


# -- history -----------------------------------------------------------------


async def test_history_survives_a_restart(conv_path, conv_clock):
    db = await Database.open(conv_path)
    convs = ConversationStore(db, clock=conv_clock)
    await save(convs, 1, messages=text_turn(1), final_announce="iteration 1/8")
    await save(convs, 2)
    await db.close()

    db = await Database.open(conv_path)
    try:
        convs = ConversationStore(db, clock=conv_clock)
        messages, trimmed = await convs.history(CHAT_A, ALICE)
        assert messages == text_turn(1) + tool_turn(2)
        assert trimmed is False
        [first, _] = await convs.last_turns(CHAT_A, ALICE, 5)
        assert first["final_announce"] == "iteration 1/8" and first["user_text"] == "q1"
    finally:
        await db.close()


async def test_a_new_chat_has_no_history(convs):
    assert await convs.history(CHAT_A, ALICE) == ([], False)


def assert_valid_for_the_api(messages: list[dict]) -> None:
    """Starts with user, alternates, every tool_use answered right after."""
    assert messages[0]["role"] == "user"
    for i, message in enumerate(messages):
        assert message["role"] == ("user" if i % 2 == 0 else "assistant")
        blocks = message["content"] if isinstance(message["content"], list) else []
        uses = {b["id"] for b in blocks if b["type"] == "tool_use"}
        if uses:
            answered = {
                b["tool_use_id"] for b in messages[i + 1]["content"] if b["type"] == "tool_result"
            }
            assert answered == uses
        if i == 0:
            assert not any(b["type"] == "tool_result" for b in blocks)


async def test_trimming_drops_whole_turns_in_chunks_and_says_so_once(convs, conv_path, conv_clock):
    for n in range(1, 5):
        await save(convs, n)
    messages, trimmed = await convs.history(CHAT_A, ALICE)
    assert messages == [m for n in range(1, 5) for m in tool_turn(n)] and not trimmed

    await save(convs, 5)  # 5 turns > max_turns=4: keep the newest 4 // 2
    messages, trimmed = await convs.history(CHAT_A, ALICE)
    assert trimmed is True
    assert messages == tool_turn(4) + tool_turn(5)
    assert_valid_for_the_api(messages)
    assert await convs.history(CHAT_A, ALICE) == (messages, False)  # told once only

    # Between trims the history only grows at its end: the cached prefix holds.
    previous = messages
    for n in (6, 7):
        await save(convs, n)
        messages, trimmed = await convs.history(CHAT_A, ALICE)
        assert not trimmed and messages[: len(previous)] == previous
        previous = messages

    await save(convs, 8)
    messages, trimmed = await convs.history(CHAT_A, ALICE)
    assert trimmed and messages == tool_turn(7) + tool_turn(8)
    assert_valid_for_the_api(messages)

    # The trim is stored: a restart neither brings old turns back nor repeats the notice.
    reopened = await Database.open(conv_path)
    try:
        again = ConversationStore(reopened, clock=conv_clock, max_turns=4)
        assert await again.history(CHAT_A, ALICE) == (messages, False)
    finally:
        await reopened.close()
    # Trimming forgets nothing: every turn stays in the table.
    assert len(await convs.last_turns(CHAT_A, ALICE, 100)) == 8


async def test_concurrent_reads_report_one_trim_between_them(convs):
    for n in range(1, 6):
        await save(convs, n)
    results = await asyncio.gather(*(convs.history(CHAT_A, ALICE) for _ in range(3)))
    assert [trimmed for _, trimmed in results].count(True) == 1
    assert all(messages == tool_turn(4) + tool_turn(5) for messages, _ in results)


async def test_turns_without_messages_add_nothing_and_do_not_count(convs):
    await save(convs, 1)
    for n in range(2, 8):
        await save(convs, n, messages=[], outcome="marks")
    assert await convs.history(CHAT_A, ALICE) == (tool_turn(1), False)


async def test_a_malformed_stored_turn_is_left_out_whole(convs, conv_db):
    await save(convs, 1)
    bad = await save(convs, 2)
    await save(convs, 3)
    async with conv_db.transaction() as conn:
        await conn.execute(
            "UPDATE turns SET messages = ? WHERE id = ?",
            ('[{"role": "user", "content": "dangling"}]', bad),
        )
    messages, _ = await convs.history(CHAT_A, ALICE)
    assert messages == tool_turn(1) + tool_turn(3)


# -- one chat, a conversation per person ----------------------------------------

GROUP = -100200300  # a group both are in: Telegram gives groups negative ids


async def test_two_people_in_one_chat_each_have_their_own_conversation(convs, conv_db):
    """A shared chat (a group) keeps one conversation per person: Bob's writes
    succeed, and neither sees or changes anything of the other's.  The plans
    are the group's; each person's current plan is their own choice among them."""
    plans = PlanStore(conv_db)
    alice_plan = await plans.create_plan(GROUP, "Fence repair", steps=["Call Jim"])
    bob_plan = await plans.create_plan(GROUP, "Taxes", steps=["Find receipts"])
    bobs_own = await plans.create_plan(BOB, "Diary", steps=["Write"])
    await save(convs, 1, chat=GROUP)
    await convs.keep_pending(GROUP, ALICE, "are you there?")
    await convs.set_current_plan(GROUP, ALICE, alice_plan)

    assert await convs.history(GROUP, BOB) == ([], False)
    assert await convs.pending(GROUP, BOB) is None
    assert await convs.current_plan(GROUP, BOB) is None
    assert await convs.last_turns(GROUP, BOB, 10) == []

    await save(convs, 2, chat=GROUP, user=BOB)
    await convs.keep_pending(GROUP, BOB, "mine now")
    await convs.set_current_plan(GROUP, BOB, bob_plan)
    # In the group only the group's plans can be current; in a private chat
    # only the person's own.
    with pytest.raises(NotFound):
        await convs.set_current_plan(GROUP, BOB, bobs_own)
    with pytest.raises(NotFound):
        await convs.set_current_plan(GROUP, ALICE, bobs_own)
    with pytest.raises(NotFound):
        await convs.set_current_plan(BOB, BOB, bob_plan)

    assert (await convs.pending(GROUP, ALICE))["text"] == "are you there?"
    assert (await convs.pending(GROUP, BOB))["text"] == "mine now"
    assert await convs.current_plan(GROUP, ALICE) == alice_plan
    assert await convs.current_plan(GROUP, BOB) == bob_plan
    assert await convs.history(GROUP, ALICE) == (tool_turn(1), False)
    assert await convs.history(GROUP, BOB) == (tool_turn(2), False)

    # Bob's turn answered his kept message only; /new and dropping are his alone.
    await save(convs, 3, chat=GROUP, user=BOB)
    assert await convs.pending(GROUP, BOB) is None
    assert (await convs.pending(GROUP, ALICE))["text"] == "are you there?"
    await convs.start_fresh(GROUP, BOB)
    await convs.drop_pending(GROUP, BOB)
    assert await convs.history(GROUP, BOB) == ([], False)
    assert await convs.history(GROUP, ALICE) == (tool_turn(1), False)
    assert (await convs.pending(GROUP, ALICE))["text"] == "are you there?"
    assert await row_count(conv_db, "chat_state") == 2
    # Bob's private chat is his own and empty.
    assert await convs.history(CHAT_B, BOB) == ([], False)


# -- save_turn validation -------------------------------------------------------

BAD_TURNS = {
    "not a list": {"role": "user", "content": "hi"},
    "starts with assistant": [
        {"role": "assistant", "content": "hi"},
        {"role": "user", "content": "hi"},
    ],
    "ends with user": [{"role": "user", "content": "hi"}],
    "does not alternate": [
        {"role": "user", "content": "a"},
        {"role": "user", "content": "b"},
        {"role": "assistant", "content": "c"},
    ],
    "no content": [{"role": "user"}, {"role": "assistant", "content": "a"}],
    "extra key": [
        {"role": "user", "content": "q", "cache_control": {}},
        {"role": "assistant", "content": "a"},
    ],
    "empty content": [{"role": "user", "content": ""}, {"role": "assistant", "content": "a"}],
    "untyped block": [
        {"role": "user", "content": [{"text": "q"}]},
        {"role": "assistant", "content": "a"},
    ],
    "unanswered tool_use": tool_turn(1)[:2],
    "wrong tool_result id": tool_turn(1)[:2]
    + [
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "other"}]},
        {"role": "assistant", "content": "a"},
    ],
    "tool_result with no tool_use": [
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "tu0"}]},
        {"role": "assistant", "content": "a"},
    ],
    "not JSON": [
        {"role": "user", "content": [{"type": "text", "text": object()}]},
        {"role": "assistant", "content": "a"},
    ],
}


@pytest.mark.parametrize("name", BAD_TURNS)
async def test_a_malformed_turn_is_refused_and_nothing_is_written(convs, conv_db, name):
    with pytest.raises(ValueError):
        await save(convs, 1, messages=BAD_TURNS[name])
    assert await row_count(conv_db, "turns") == 0
    assert await row_count(conv_db, "chat_state") == 0


@pytest.mark.parametrize(
    "kwargs",
    [
        {"outcome": "great"},
        {"usage": {"input_tokens": -1}},
        {"model_calls": -2},
        {"started_at": "yesterday"},
    ],
)
async def test_bad_turn_details_are_refused(convs, conv_db, kwargs):
    await convs.keep_pending(CHAT_A, ALICE, "kept")
    with pytest.raises(ValueError):
        await save(convs, 1, **kwargs)
    assert await row_count(conv_db, "turns") == 0
    assert await convs.pending(CHAT_A, ALICE) is not None


def test_check_messages_accepts_the_turn_shapes_the_loop_stores():
    check_messages([])
    check_messages(text_turn(1))
    check_messages(tool_turn(1))


# -- the message kept for /retry ------------------------------------------------


async def test_pending_keep_get_drop(convs, conv_clock):
    assert await convs.pending(CHAT_A, ALICE) is None
    await convs.keep_pending(CHAT_A, ALICE, "first", reason="overloaded")
    conv_clock.advance(minutes=1)
    await convs.keep_pending(CHAT_A, ALICE, "second", origin="msg:7", reason="timeout")
    assert await convs.pending(CHAT_A, ALICE) == {
        "text": "second",
        "origin": "msg:7",
        "reason": "timeout",
        "created_at": "2026-03-02T09:01:00.000000Z",
    }
    await convs.drop_pending(CHAT_A, ALICE)
    assert await convs.pending(CHAT_A, ALICE) is None
    with pytest.raises(ValueError):
        await convs.keep_pending(CHAT_A, ALICE, "   ")


@pytest.mark.parametrize(
    "outcome", ["answered", "offline", "marks", "round_limit", "not_understood", "repeating"]
)
async def test_a_failed_turn_keeps_the_message_and_any_answer_clears_it(convs, outcome):
    await convs.keep_pending(CHAT_A, ALICE, "plan my fence")
    await save(convs, 1, messages=[], outcome="failed")
    assert (await convs.pending(CHAT_A, ALICE))["text"] == "plan my fence"
    await save(convs, 2, messages=text_turn(2), outcome=outcome)
    assert await convs.pending(CHAT_A, ALICE) is None


# -- a fresh start (/new) -------------------------------------------------------


async def test_start_fresh_empties_the_history_but_keeps_turns_and_the_current_plan(conv_db, convs):
    store = PlanStore(conv_db)
    plan_id = await store.create_plan(ALICE, "Fence", steps=["Call"])
    await convs.set_current_plan(CHAT_A, ALICE, plan_id)
    for n in (1, 2):
        await save(convs, n)
    await save(convs, 3, chat=CHAT_B, user=BOB)
    await convs.keep_pending(CHAT_A, ALICE, "plan my fence")
    await convs.start_fresh(CHAT_A, ALICE)
    assert await convs.history(CHAT_A, ALICE) == ([], False)
    assert await convs.pending(CHAT_A, ALICE) is None
    assert await convs.current_plan(CHAT_A, ALICE) == plan_id
    assert len(await convs.last_turns(CHAT_A, ALICE, 10)) == 2  # kept, just not replayed
    assert (await convs.history(CHAT_B, BOB))[0] == tool_turn(3)  # another chat: untouched
    await save(convs, 4)
    assert await convs.history(CHAT_A, ALICE) == (tool_turn(4), False)
    await convs.start_fresh(CHAT_A, ALICE)  # twice in a row: still only forward
    await convs.start_fresh(CHAT_A, ALICE)
    await save(convs, 5)
    assert await convs.history(CHAT_A, ALICE) == (tool_turn(5), False)


async def test_start_fresh_by_another_person_leaves_this_conversation(convs):
    await save(convs, 1)
    await convs.start_fresh(CHAT_A, BOB)
    assert (await convs.history(CHAT_A, ALICE))[0] == tool_turn(1)


# -- token usage ---------------------------------------------------------------


async def test_tokens_used_counts_only_that_user_since_the_moment(convs, conv_clock):
    await save(convs, 1, usage={"input_tokens": 1000, "output_tokens": 1000})
    conv_clock.advance(hours=1)
    since = conv_clock()
    await save(
        convs,
        2,
        model_calls=2,
        usage={
            "input_tokens": 10,
            "cache_read_input_tokens": 20,  # the API's own names
            "cache_creation_input_tokens": 30,
            "output_tokens": 40,
            "service_tier": "standard",
        },
    )
    await save(
        convs,
        3,
        model_calls=1,
        usage={
            "input_tokens": 1,
            "cache_read_tokens": 2,
            "cache_write_tokens": 3,
            "output_tokens": 4,
        },
    )
    await save(convs, 4, chat=CHAT_B, user=BOB, usage={"input_tokens": 500})
    # A turn that started before `since` counts as before, whenever it finished.
    await save(convs, 5, usage={"input_tokens": 7000}, started_at="2026-03-02T09:30:00Z")

    assert await convs.tokens_used(ALICE, since) == 110
    assert await convs.usage(ALICE, since) == {
        "turns": 2,
        "input_tokens": 11,
        "cache_read_tokens": 22,
        "cache_write_tokens": 33,
        "output_tokens": 44,
        "model_calls": 3,
    }
    assert await convs.tokens_used(ALICE, T0) == 9110
    assert await convs.tokens_used(BOB, since) == 500
    assert await convs.tokens_used(ALICE, conv_clock() + timedelta(seconds=1)) == 0


# -- current plan and last step ------------------------------------------------


async def test_current_plan_and_last_step(convs, conv_db):
    plans = PlanStore(conv_db)
    fence = await plans.create_plan(ALICE, "Fence repair", steps=["Call Jim", "Buy posts"])
    taxes = await plans.create_plan(ALICE, "Taxes", steps=["Find receipts"])
    call_jim = (await plans.get_plan(ALICE, fence))["steps"][0]["id"]
    receipts = (await plans.get_plan(ALICE, taxes))["steps"][0]["id"]
    assert await convs.current_plan(CHAT_A, ALICE) is None

    await convs.set_current_plan(CHAT_A, ALICE, fence, last_step_id=call_jim)
    assert (await convs.current_plan(CHAT_A, ALICE), await convs.last_step(CHAT_A, ALICE)) == (
        fence,
        call_jim,
    )
    await convs.set_current_plan(CHAT_A, ALICE, fence)  # viewed again: step kept
    assert await convs.last_step(CHAT_A, ALICE) == call_jim
    await convs.set_current_plan(CHAT_A, ALICE, taxes)  # another plan: step cleared
    assert (await convs.current_plan(CHAT_A, ALICE), await convs.last_step(CHAT_A, ALICE)) == (
        taxes,
        None,
    )
    # A turn may act on a step of one plan and then open another.
    await convs.set_current_plan(CHAT_A, ALICE, fence, last_step_id=receipts)
    assert await convs.last_step(CHAT_A, ALICE) == receipts
    bobs = await plans.create_plan(BOB, "Taxes", steps=["Find receipts"])
    bobs_step = (await plans.get_plan(BOB, bobs))["steps"][0]["id"]
    with pytest.raises(NotFound):  # never another user's step
        await convs.set_current_plan(CHAT_A, ALICE, fence, last_step_id=bobs_step)
    assert await convs.last_step(CHAT_A, ALICE) == receipts

    await plans.replan(ALICE, fence, ["Hire a carpenter"])  # Call Jim leaves the plan
    await convs.set_current_plan(CHAT_A, ALICE, fence, last_step_id=call_jim)  # accepted
    assert await convs.last_step(CHAT_A, ALICE) is None  # but not offered
    async with conv_db.transaction() as conn:
        await conn.execute("DELETE FROM plans WHERE id = ?", (fence,))
    assert await convs.current_plan(CHAT_A, ALICE) is None


# -- the open clarifying question ----------------------------------------------

Q1, Q2 = '{"text": "Which step?", "options": []}', '{"text": "Which plan?", "options": []}'


async def test_a_question_is_stored_replaced_and_taken_exactly_once(convs, conv_clock):
    assert await convs.question(CHAT_A, ALICE) is None
    old = await convs.set_question(CHAT_A, ALICE, Q1)
    conv_clock.advance(minutes=5)
    token = await convs.set_question(CHAT_A, ALICE, Q2)  # a newer question replaces it
    assert token != old and len(token) <= 16 and token.replace("-", "").replace("_", "").isalnum()
    assert await convs.question(CHAT_A, ALICE) == {
        "question": Q2,
        "token": token,
        "asked_at": "2026-03-02T09:05:00.000000Z",
    }

    assert await convs.take_question(CHAT_A, ALICE, old) is None  # a stale token: nothing
    assert (await convs.question(CHAT_A, ALICE))["token"] == token  # … and it stays open
    assert (await convs.take_question(CHAT_A, ALICE, token))["question"] == Q2
    assert await convs.take_question(CHAT_A, ALICE, token) is None  # the second take
    assert await convs.take_question(CHAT_A, ALICE) is None
    assert await convs.question(CHAT_A, ALICE) is None

    await convs.set_question(CHAT_A, ALICE, Q1)
    assert (await convs.take_question(CHAT_A, ALICE))["question"] == Q1  # no token: any
    await convs.set_question(CHAT_A, ALICE, Q1)
    await convs.clear_question(CHAT_A, ALICE)
    assert await convs.question(CHAT_A, ALICE) is None


async def test_concurrent_takes_get_the_question_once(convs):
    token = await convs.set_question(CHAT_A, ALICE, Q1)
    taken = await asyncio.gather(*(convs.take_question(CHAT_A, ALICE, token) for _ in range(5)))
    assert [t["question"] for t in taken if t] == [Q1]


async def test_another_user_cannot_see_take_or_clear_a_question(convs, conv_db):
    plans = PlanStore(conv_db)
    plan = await plans.create_plan(ALICE, "Fence repair", steps=["Call Jim"])
    await convs.set_current_plan(CHAT_A, ALICE, plan)
    token = await convs.set_question(CHAT_A, ALICE, Q1)
    assert await convs.question(CHAT_A, BOB) is None
    assert await convs.take_question(CHAT_A, BOB, token) is None
    assert await convs.take_question(CHAT_A, BOB) is None
    await convs.clear_question(CHAT_A, BOB)
    # Bob's own question in the same chat is his; Alice's stays hers.
    bobs = await convs.set_question(CHAT_A, BOB, Q2)
    assert (await convs.question(CHAT_A, ALICE))["question"] == Q1
    assert await convs.take_question(CHAT_A, ALICE, bobs) is None
    assert (await convs.take_question(CHAT_A, BOB, bobs))["question"] == Q2
    assert (await convs.question(CHAT_A, ALICE))["question"] == Q1
    assert await convs.current_plan(CHAT_A, ALICE) == plan
    # Nobody's question in a chat that does not exist yet, and taking makes none.
    assert await convs.take_question(CHAT_B, BOB) is None
    assert await row_count(conv_db, "chat_state") == 2


@pytest.mark.parametrize(
    "bad", ["", "not json", "[1, 2]", "null", None, "{" * 5, '{"text": "' + "x" * 20_000 + '"}']
)
async def test_a_question_that_is_not_a_json_object_is_refused(convs, conv_db, bad):
    with pytest.raises(ValueError):
        await convs.set_question(CHAT_A, ALICE, bad)
    assert await row_count(conv_db, "chat_state") == 0


# -- redelivered updates -------------------------------------------------------


async def test_claiming_an_update_says_whether_its_sender_blocked_the_bot(convs, conv_db):
    from drbot.memory.briefings import BriefingLog

    await BriefingLog(conv_db).mark_blocked(ALICE)
    seen: list[str] = []
    await conv_db.trace(seen.append)
    assert await convs.claim_update(7001, ALICE) == (True, True)
    await conv_db.trace(None)
    assert len(seen) == 1  # the claim and the read are one statement
    assert await convs.claim_update(7002, BOB) == (True, False)  # never blocked
    assert await convs.claim_update(7003, None) == (True, False)  # no sender
    assert await convs.claim_update(7001, ALICE) == (False, False)  # delivered again


async def test_an_update_is_processed_once_even_across_restarts(convs, conv_path, conv_clock):
    assert await convs.mark_update_processed(5001) is True
    assert await convs.mark_update_processed(5001) is False
    assert await convs.mark_update_processed(5002) is True
    db = await Database.open(conv_path)
    try:
        assert await ConversationStore(db, clock=conv_clock).mark_update_processed(5001) is False
    finally:
        await db.close()
