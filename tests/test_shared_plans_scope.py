"""A group's plan is reachable only acting in that group (memory.owners).

The plan belongs to GROUP.  Its two members may reach it there, through the
store and through every tool; acting anywhere else — their private chat,
another group they are in — every way of naming it (plan id, step id, title,
step words, tool arguments, a share or unshare of it) finds nothing, exactly
like a plan that does not exist, and changes nothing.  Hypothesis picks who
acts, where, and how; the database is compared table by table.
"""

from __future__ import annotations

import asyncio
import shutil
import tempfile
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drbot.ai.tools.catalogue import build_registry
from drbot.ai.tools.tool_registry import ToolContext
from drbot.memory import NotFound, PlanStore
from drbot.memory.owners import is_group, plan_owner
from drbot.memory.user_settings import UserSettings
from tests.conftest import START, FakeClock
from tests.dbdump import dump

ANNA, BEN = 1001, 1002
GROUP, OTHER_GROUP = -100500, -100777
TITLE = "Wedding"

# Every store call that names the group's plan or one of its steps.
STORE_CALLS = {
    "get_plan": lambda s, o, p, st_: s.get_plan(o, p),
    "get_step": lambda s, o, p, st_: s.get_step(o, st_),
    "add_step": lambda s, o, p, st_: s.add_step(o, p, "sneaky"),
    "update_plan_status": lambda s, o, p, st_: s.update_plan_status(o, p, "abandoned"),
    "rename_plan": lambda s, o, p, st_: s.rename_plan(o, p, "Mine now"),
    "replan": lambda s, o, p, st_: s.replan(o, p, ["sneaky"]),
    "add_note": lambda s, o, p, st_: s.add_note(o, p, "sneaky"),
    "plan_history": lambda s, o, p, st_: s.plan_history(o, p),
    "undo": lambda s, o, p, st_: s.undo(o, p),
    "apply_marks": lambda s, o, p, st_: s.apply_marks(o, p, [(1, "done", None)]),
    "update_step_status": lambda s, o, p, st_: s.update_step_status(o, st_, "done"),
    "add_attempt": lambda s, o, p, st_: s.add_attempt(o, st_, "sneaky"),
    "snooze_step": lambda s, o, p, st_: s.snooze_step(o, st_, START + timedelta(days=3)),
}
# The same, as the model would ask: never a user id, only the plan's ids or words.
TOOL_CALLS = {
    "get_plan by id": lambda p, st_: ("get_plan", {"plan_id": p}),
    "get_plan by title": lambda p, st_: ("get_plan", {"title": TITLE}),
    "update_plan_step by id": lambda p, st_: (
        "update_plan_step",
        {"step_id": st_, "status": "done"},
    ),
    "update_plan_step by words": lambda p, st_: (
        "update_plan_step",
        {"step": "book the venue", "status": "done"},
    ),
    "update_plan_status": lambda p, st_: (
        "update_plan_status",
        {"plan_id": p, "status": "abandoned"},
    ),
    "add_step": lambda p, st_: ("add_step", {"plan_id": p, "title": "sneaky"}),
    "rename_plan": lambda p, st_: ("rename_plan", {"plan_id": p, "title": "Mine now"}),
    "snooze_step": lambda p, st_: ("snooze_step", {"step_id": st_, "days": 3}),
    "plan_history": lambda p, st_: ("plan_history", {"plan_id": p}),
    "undo_last_change": lambda p, st_: ("undo_last_change", {"plan_id": p}),
}

_template: dict[str, Path] = {}


async def _build(path: Path) -> None:
    store = await PlanStore.open(path, clock=FakeClock(START))
    try:
        plan = await store.create_plan(GROUP, TITLE, steps=["Book the venue", "Send invites"])
        await store.add_attempt(
            GROUP, (await store.get_plan(GROUP, plan))["steps"][0]["id"], "called, no answer"
        )  # something to undo
        await store.create_plan(ANNA, "Taxes", steps=["Find receipts"])  # Anna's own
    finally:
        await store.close()


def _fresh_copy() -> Path:
    """A copy of one database: the group's plan, and Anna's private one."""
    if "path" not in _template:
        directory = Path(tempfile.mkdtemp())
        _template["path"] = directory / "template.db"
        asyncio.run(_build(_template["path"]))
    directory = Path(tempfile.mkdtemp())
    shutil.copy(_template["path"], directory / "plans.db")
    return directory / "plans.db"


async def _ids(store: PlanStore) -> tuple[int, int]:
    plan = (await store.list_plans(GROUP))[0]
    return plan["id"], (await store.get_plan(GROUP, plan["id"]))["steps"][1]["id"]


def _context(store: PlanStore, user_id: int, chat_id: int) -> ToolContext:
    return ToolContext(
        user_id=user_id,
        chat_id=chat_id,
        store=store,
        users=UserSettings(store.db),
        now=START,
        timezone="UTC",
    )


def test_the_acting_owner_comes_from_who_acts_and_where():
    assert plan_owner(ANNA, ANNA) == ANNA  # her private chat
    assert plan_owner(ANNA, None) == ANNA  # the terminal
    assert plan_owner(ANNA, GROUP) == GROUP  # a group she acts in
    assert plan_owner(BEN, GROUP) == GROUP
    assert is_group(GROUP) and not is_group(ANNA)
    with pytest.raises(TypeError):
        plan_owner(True, GROUP)  # never a stray value as a person


@settings(max_examples=60, deadline=None)
@given(
    member=st.sampled_from([ANNA, BEN]),
    where=st.sampled_from(["private", OTHER_GROUP]),
    how=st.sampled_from(
        [
            *STORE_CALLS,
            *TOOL_CALLS,
            "find_plan",
            "list_plans",
            "list_plans tool",
            "share",
            "unshare",
        ]
    ),
)
def test_outside_its_group_a_groups_plan_is_absent_and_unchangeable(member, where, how):
    path = _fresh_copy()
    chat = member if where == "private" else where
    before = dump(path)

    async def act() -> None:
        store = await PlanStore.open(path, clock=FakeClock(START))
        try:
            plan_id, step_id = await _ids(store)
            owner = plan_owner(member, chat)
            if how in STORE_CALLS:
                with pytest.raises(NotFound):
                    await STORE_CALLS[how](store, owner, plan_id, step_id)
            elif how == "find_plan":
                assert await store.find_plan(owner, TITLE) is None
            elif how == "list_plans":
                assert TITLE not in [p["title"] for p in await store.list_plans(owner, "all")]
            elif how == "share":  # "sharing" the group's plan into where they are
                with pytest.raises((NotFound, ValueError)):
                    await store.share_plan(member, plan_id, chat if chat < 0 else OTHER_GROUP)
            elif how == "unshare":  # taking it out of a group it is not in
                with pytest.raises(NotFound):
                    await store.unshare_plan(OTHER_GROUP, plan_id, member)
            else:
                name, arguments = (
                    ("list_plans", {"status": "all"})
                    if how == "list_plans tool"
                    else TOOL_CALLS[how](plan_id, step_id)
                )
                result = await build_registry().call(name, arguments, _context(store, member, chat))
                # Nothing of the plan shows (its words may be echoed back: "No plan
                # matches “Wedding”"); a call by id fails like one for a missing id.
                assert "Book the venue" not in result.content
                assert "Send invites" not in result.content
                if how.endswith(
                    (
                        "by id",
                        "status",
                        "add_step",
                        "rename_plan",
                        "snooze_step",
                        "plan_history",
                        "undo_last_change",
                    )
                ):
                    assert result.is_error, result.content
        finally:
            await store.close()

    asyncio.run(act())
    assert dump(path) == before
    shutil.rmtree(path.parent)


@pytest.mark.parametrize("member", [ANNA, BEN])
async def test_in_the_group_every_member_reaches_it_by_store_and_tool(member, tmp_path):
    path = tmp_path / "plans.db"
    await _build(path)
    store = await PlanStore.open(path, clock=FakeClock(START))
    try:
        plan_id, step_id = await _ids(store)
        owner = plan_owner(member, GROUP)
        assert (await store.find_plan(owner, "wedding"))["id"] == plan_id
        ctx = _context(store, member, GROUP)
        result = await build_registry().call(
            "update_plan_step", {"step_id": step_id, "status": "done"}, ctx
        )
        assert not result.is_error, result.content
        assert (await store.get_step(owner, step_id))["status"] == "done"
        listed = await build_registry().call("list_plans", {}, ctx)
        assert TITLE in listed.content and "Taxes" not in listed.content  # not Anna's own
    finally:
        await store.close()


async def test_sharing_moves_only_the_owners_plan_into_a_group_and_back(store, db_path):
    taxes = await store.create_plan(ANNA, "Taxes", steps=["Find receipts"])
    before = dump(db_path)
    with pytest.raises(NotFound):
        await store.share_plan(BEN, taxes, GROUP)  # not Ben's to share
    with pytest.raises(ValueError):
        await store.share_plan(ANNA, taxes, BEN)  # a person is not a group
    with pytest.raises(ValueError):
        await store.unshare_plan(ANNA, taxes, BEN)  # only out of a group
    assert dump(db_path) == before

    assert await store.share_plan(ANNA, taxes, GROUP) == "Taxes"
    assert await store.list_plans(ANNA) == []
    assert [p["title"] for p in await store.list_plans(GROUP)] == ["Taxes"]
    with pytest.raises(NotFound):
        await store.share_plan(ANNA, taxes, OTHER_GROUP)  # no longer hers to share on
    shared = dump(db_path)
    with pytest.raises(ValueError, match="Only the person who shared"):
        await store.unshare_plan(GROUP, taxes, BEN)  # a member cannot take Anna's plan
    assert dump(db_path) == shared
    assert await store.unshare_plan(GROUP, taxes, ANNA) == "Taxes"
    assert [p["title"] for p in await store.list_plans(ANNA)] == ["Taxes"]
    assert await store.list_plans(GROUP) == []
    # steps, attempts and history came along untouched
    assert len(await store.plan_history(ANNA, taxes)) == 1


async def test_a_plan_made_in_the_group_stays_the_groups(store, db_path):
    made = await store.create_plan(GROUP, "Wedding", steps=["Book the venue"])
    before = dump(db_path)
    for member in (ANNA, BEN):
        with pytest.raises(ValueError, match="made in the group"):
            await store.unshare_plan(GROUP, made, member)
    assert dump(db_path) == before
    assert [p["title"] for p in await store.list_plans(GROUP)] == ["Wedding"]


async def test_a_group_briefs_only_when_it_asked(store):
    users = UserSettings(store.db)
    assert (await users.get(GROUP))["briefing_time"] == "off"  # off by default
    assert (await users.get(ANNA))["briefing_time"] == "08:00"  # people keep theirs
    assert await users.briefed_groups() == []
    await users.set_briefing_time(GROUP, "07:30")
    await users.set_briefing_time(OTHER_GROUP, "off")
    assert await users.briefed_groups() == [GROUP]
    assert (await users.get_many([GROUP, ANNA]))[GROUP]["briefing_time"] == "07:30"
