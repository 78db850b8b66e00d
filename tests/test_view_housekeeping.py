"""Taking the buttons off a plan's older view is housekeeping: done when drbot is idle,
skipped while more updates wait, so under load Telegram's ~30 calls/s go to answers
(bench/bot.py). Older buttons stay safe either way: every press is checked against the
status its button was made for (tests/test_bot_stale_buttons.py)."""

from __future__ import annotations

import sqlite3

from tests.bot_harness import OWNER, bot_running, bot_settings
from tests.test_bot_e2e import ask, settle


async def test_older_views_lose_their_buttons_only_when_nothing_waits(tg, tmp_path):
    db = tmp_path / "bot.db"
    async with bot_running(bot_settings(tg, db)) as app:
        await ask(tg, OWNER, "fence: get quotes, hire someone, buy posts, build it, paint it")
        await settle(app, tg)
        # Idle: the answer's view is the live one, the plan's first view loses its buttons.
        before = len(tg.calls_to("editMessageReplyMarkup"))
        await ask(tg, OWNER, "✓ 1")
        await settle(app, tg)
        assert len(tg.calls_to("editMessageReplyMarkup")) == before + 1
        # Three marks at once: while the others wait, no button is taken off anything.
        before = len(tg.calls_to("editMessageReplyMarkup"))
        sent = len(tg.sent_messages(OWNER))
        for n in (2, 3, 4):
            tg.push_message(OWNER, OWNER, f"✓ {n}")
        await tg.wait_for_messages(OWNER, sent + 3)
        await settle(app, tg)
        assert len(tg.calls_to("editMessageReplyMarkup")) < before + 3
        with sqlite3.connect(db) as conn:
            statuses = [
                s for (s,) in conn.execute("SELECT status FROM plan_steps ORDER BY position")
            ]
        assert statuses == ["done"] * 4 + ["pending"]  # every answer went out and acted
