"""Run the real drbot Application against the fake Bot API (and fake model)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from drbot.config import BriefingSettings, DatabaseSettings, LLMSettings, Settings, TelegramSettings
from drbot.memory.clock import system_clock
from drbot.runtime import build_application
from tests import db_template

TOKEN = "123456:TEST-token-abcdefghijklmnopqrstuvwxyz"
# [telegram] poll_interval_s for tests of failed polls: PTB's back-off then starts at
# 1.5 times this instead of 1 s.
QUICK_POLLS = {"poll_interval_s": 0.02}
OWNER, FRIEND, STRANGER = 1001, 1002, 6666


def bot_settings(
    tg,
    db_path,
    *,
    fake_model=None,
    allowed=(OWNER, FRIEND),
    telegram: dict[str, Any] | None = None,
    **llm: Any,
) -> Settings:
    """Settings for a bot on the fake Bot API: ``telegram`` adds [telegram] keys, the
    keyword arguments [llm] keys."""
    model = dict(provider="offline")
    if fake_model is not None:
        model = dict(
            provider="anthropic",
            api_key="sk-ant-test-key",
            base_url=fake_model.url,
            request_timeout_s=2.0,
            max_iterations=4,
            hybrid=False,  # the fake model plays every message
            confirm_writes=False,
        )
    model.update(llm)
    return Settings(
        telegram=TelegramSettings(
            token=tg.token,
            base_url=tg.base_url,
            allowed_user_ids=tuple(allowed),
            **(telegram or {}),
        ),
        llm=LLMSettings(**model),
        database=DatabaseSettings(path=str(db_path)),
        briefing=BriefingSettings(),
    )


class LLMAtAnthropicHost(LLMSettings):
    """Settings that take the fake model server for Anthropic's API. The one decision a test
    injects: the fake listens on 127.0.0.1, and everything "auto" (hybrid, confirm_writes,
    retries, timeouts) is decided from whether the server is Anthropic's."""

    @property
    def anthropic_api(self) -> bool:
        return True


def claude_defaults(settings: Settings) -> Settings:
    """``settings`` with the [llm] defaults a Claude user has: every "auto" left as it is."""
    keys = {name: getattr(settings.llm, name) for name in LLMSettings.model_fields}
    keys.update(hybrid=None, confirm_writes=None, max_retries=0)
    return settings.model_copy(update={"llm": LLMAtAnthropicHost(**keys)})


@contextlib.asynccontextmanager
async def bot_running(settings: Settings, *, clock=system_clock, **build: Any):
    """Start the bot as `drbot run` does (start-up hook included), with long polling.
    A database file that does not exist yet starts as a copy of a migrated one (as the
    ``store`` fixture's): migrating is tested where it is the subject."""
    db = Path(settings.database.path)
    if not db.exists():
        db_template.copy_migrated(db)
    app = build_application(settings, clock=clock, **build)
    await app.initialize()
    await app.post_init(app)
    await app.start()
    # As run_polling does: polling errors go to the application's error handler.
    await app.updater.start_polling(
        poll_interval=settings.telegram.poll_interval_s,
        timeout=1,
        error_callback=lambda exc: app.create_task(app.process_error(error=exc, update=None)),
    )
    try:
        yield app
    finally:
        if app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        await app.shutdown()
        await app.post_shutdown(app)
