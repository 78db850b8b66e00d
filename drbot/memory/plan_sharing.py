"""Sharing a plan into a group and taking it back out (/share, /unshare).

A part of PlanStore (a base class).  Moving a plan is changing its owner
(``owners``): the plan, its steps, attempts, notes and revisions stay as they
are; only who reaches it changes.  Both directions take the owner the plan
leaves first, like every PlanStore call: a plan that owner does not have is
``NotFound``, so only a person can share their own plan, and only into a group
they act in (the bot passes the group the command came from).
"""

from __future__ import annotations

from drbot.memory import limits
from drbot.memory import plan_writes as w
from drbot.memory.clock import Clock
from drbot.memory.database import Database, fetch
from drbot.memory.owners import is_group

# What is keyed by a plan's owner and follows the plan: its mute (/mute N) and
# the weekly digest's "keep".  Views and conversations belong to a chat and a
# person; their buttons and current plans simply find nothing afterwards.
_FOLLOW_THE_OWNER = ("plan_mutes", "plan_keeps")


class PlanSharing:
    db: Database
    _clock: Clock

    async def share_plan(self, user_id: int, plan_id: int, group_id: int) -> str:
        """The person's own plan becomes the group's; returns its title."""
        if is_group(limits.user_id(user_id)) or not is_group(limits.user_id(group_id)):
            raise ValueError("A plan is shared from a person's own plans into a group.")
        return await self._move(user_id, plan_id, group_id, shared_by=user_id)

    async def unshare_plan(self, group_id: int, plan_id: int, user_id: int) -> str:
        """The group's plan goes back to the person who shared it; returns its title.
        Anyone else, and any plan made in the group, is refused: a member cannot take the
        group's plan, or someone else's, for themselves."""
        if not is_group(limits.user_id(group_id)) or is_group(limits.user_id(user_id)):
            raise ValueError("A plan is taken out of a group into a person's own plans.")
        return await self._move(group_id, plan_id, user_id, shared_by=None, only_by=user_id)

    async def _move(
        self,
        owner: int,
        plan_id: int,
        to: int,
        *,
        shared_by: int | None,
        only_by: int | None = None,
    ) -> str:
        async with self.db.transaction() as conn:
            await w.owned_plan(conn, owner, plan_id)  # NotFound unless ``owner`` has it
            [row] = await fetch(conn, "SELECT title, shared_by FROM plans WHERE id = ?", (plan_id,))
            if only_by is not None and row["shared_by"] != only_by:
                raise ValueError(
                    "This plan was made in the group, so it stays the group's."
                    if row["shared_by"] is None
                    else "Only the person who shared this plan can take it back out."
                )
            # updated_at stays: moving a plan is not activity on it.
            await conn.execute(
                "UPDATE plans SET user_id = ?, shared_by = ? WHERE id = ?",
                (to, shared_by, plan_id),
            )
            for table in _FOLLOW_THE_OWNER:
                await conn.execute(
                    f"UPDATE {table} SET user_id = ? WHERE plan_id = ?", (to, plan_id)
                )
        title: str = row["title"]
        return title
