"""Self-test of tests/fakes/telegram_server.py against the real python-telegram-bot."""

from __future__ import annotations

import asyncio
import logging

import pytest
import pytest_asyncio
from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.error import (
    BadRequest,
    Conflict,
    EndPointNotFound,
    InvalidToken,
    NetworkError,
    RetryAfter,
)
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    MessageHandler,
    filters,
)

from tests.fakes.telegram_server import FakeTelegram, TelegramFault, parse_html, running

TOKEN = "123456:ABC-def"
CHAT = 4242

logging.getLogger("httpx").setLevel(logging.WARNING)  # httpx logs URLs, token included


@pytest_asyncio.fixture
async def tg():
    async with FakeTelegram(token=TOKEN) as fake:
        yield fake
    assert fake.errors == []  # nothing blew up inside the fake


@pytest_asyncio.fixture
async def bot(tg):
    async with Bot(TOKEN, base_url=tg.base_url) as b:
        yield b


def echo_app(tg: FakeTelegram) -> Application:
    async def echo(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await update.effective_message.reply_text(f"echo: {update.effective_message.text}")

    async def start(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        keyboard = InlineKeyboardMarkup([[InlineKeyboardButton("Done", callback_data="done:1")]])
        await update.effective_message.reply_html(
            "<b>hello</b> &amp; welcome", reply_markup=keyboard
        )

    async def button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        await update.callback_query.answer()
        await update.callback_query.edit_message_text(f"pressed {update.callback_query.data}")

    app = Application.builder().token(TOKEN).base_url(tg.base_url).build()
    app.add_handler(CommandHandler("start", start))
    app.add_handler(CallbackQueryHandler(button))
    app.add_handler(MessageHandler(filters.TEXT & ~filters.COMMAND, echo))
    return app


@pytest.mark.asyncio
async def test_polling_echo_command_and_button(tg):
    async with running(echo_app(tg)):
        tg.push_message(CHAT, CHAT, "hi there")
        [echo] = await tg.wait_for_messages(CHAT, 1, timeout=5)
        assert echo.text == "echo: hi there" and echo.parse_mode is None

        tg.push_message(CHAT, CHAT, "/start")
        msgs = await tg.wait_for_messages(CHAT, 2, timeout=5)
        assert msgs[1].plain == "hello & welcome" and msgs[1].parse_mode == "HTML"
        assert msgs[1].reply_markup["inline_keyboard"][0][0]["callback_data"] == "done:1"
        # user and bot share the chat's message ids: user 1, echo 2, user 3, welcome 4
        assert [m.message_id for m in msgs] == [2, 4]

        tg.push_callback(CHAT, CHAT, "done:1", message_id=4)
        await tg.wait_for(lambda: tg.calls_to("editMessageText"), timeout=5)
        assert tg.calls_to("answerCallbackQuery")
        assert tg.messages[(CHAT, 4)]["text"] == "pressed done:1"
    methods = [m for m, _ in tg.calls]
    assert methods[0] == "getMe" and "deleteWebhook" in methods
    # the last getUpdates (on stop) confirmed everything
    assert tg.pending_updates == [] and tg.calls_to("getUpdates")[-1]["timeout"] == 0


@pytest.mark.asyncio
async def test_get_updates_long_poll_and_offset(tg, bot):
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    assert await bot.get_updates(timeout=0.3) == ()
    assert loop.time() - t0 >= 0.25

    poll = asyncio.create_task(bot.get_updates(timeout=5))
    await asyncio.sleep(0.1)
    uid = tg.push_message(CHAT, CHAT, "/plan 3")
    t0 = loop.time()
    [update] = await poll
    assert loop.time() - t0 < 1 and update.update_id == uid
    assert update.message.entities[0].type == "bot_command"
    # unconfirmed → delivered again; offset confirms
    assert [u.update_id for u in await bot.get_updates()] == [uid]
    assert await bot.get_updates(offset=uid + 1) == ()
    # a redelivered identical update comes back even though it was confirmed
    tg.push_raw_update(update.to_dict())
    assert [u.update_id for u in await bot.get_updates(offset=uid + 1)] == [uid]
    assert await bot.get_updates(offset=uid + 1) == ()


@pytest.mark.asyncio
async def test_429_surfaces_as_retry_after(tg, bot):
    tg.fail_next("sendMessage", 429, retry_after=7)
    with pytest.raises(RetryAfter, match=r"Retry in (7 seconds|0:00:07)"):
        await bot.send_message(CHAT, "hello")
    await bot.send_message(CHAT, "hello")
    assert tg.texts(CHAT) == ["hello"] and len(tg.calls_to("sendMessage")) == 2


@pytest.mark.asyncio
async def test_html_and_length_checks(tg, bot):
    for bad in ["<b>x", "<foo>x</foo>", "a < b", "x</b>", "<b><i>x</b></i>", "Tom & Jerry"]:
        with pytest.raises(BadRequest, match="parse entities"):
            await bot.send_message(CHAT, bad, parse_mode="HTML")
    with pytest.raises(TelegramFault, match='Unsupported start tag "foo" at byte offset 4'):
        parse_html("äb <foo>")
    ok = await bot.send_message(
        CHAT,
        '<a href="http://x?a=1&amp;b=2">l</a> &lt;3 <pre><code class="language-py">x</code></pre>',
        parse_mode="HTML",
    )
    assert ok.text == "l <3 x"
    assert await bot.send_message(CHAT, "Tom & Jerry")  # no parse_mode: anything goes
    await bot.send_message(CHAT, "<b>" + "x" * 4096 + "</b>", parse_mode="HTML")
    with pytest.raises(BadRequest, match="(?i)message is too long"):
        await bot.send_message(CHAT, "x" * 4097)
    with pytest.raises(BadRequest, match="(?i)message to edit not found"):
        await bot.edit_message_text("new", chat_id=CHAT, message_id=999)
    edited = await bot.edit_message_text(
        "<b>new</b>", chat_id=CHAT, message_id=ok.message_id, parse_mode="HTML"
    )
    assert edited.text == "new" and tg.messages[(CHAT, ok.message_id)]["text"] == "new"
    with pytest.raises(BadRequest, match="(?i)not modified"):
        await bot.edit_message_text(
            "<b>new</b>", chat_id=CHAT, message_id=ok.message_id, parse_mode="HTML"
        )
    with pytest.raises(BadRequest, match="(?i)button_data_invalid"):
        await bot.send_message(
            CHAT,
            "x",
            reply_markup=InlineKeyboardMarkup(
                [[InlineKeyboardButton("too long", callback_data="x" * 65)]]
            ),
        )
    with pytest.raises(BadRequest, match="(?i)message text is empty"):
        await bot.send_message(CHAT, " ")


@pytest.mark.asyncio
async def test_5xx_on_get_updates_does_not_kill_polling(tg):
    # PTB backs off 1.5 x poll_interval after a polling error (1 s when it is 0)
    async with running(echo_app(tg), poll_interval=0.02):
        tg.push_message(CHAT, CHAT, "one")
        await tg.wait_for_messages(CHAT, 1)
        polls = len(tg.calls_to("getUpdates"))
        tg.fail_next("getUpdates", 502)
        # the waiting poll, the failed one, then the retry
        await tg.wait_for(lambda: len(tg.calls_to("getUpdates")) >= polls + 2, timeout=5)
        tg.push_message(CHAT, CHAT, "two")
        msgs = await tg.wait_for_messages(CHAT, 2, timeout=8)
        assert msgs[-1].text == "echo: two"


@pytest.mark.asyncio
async def test_send_document_multipart_and_misc(tg, bot):
    msg = await bot.send_document(
        CHAT, b"# Fence repair\n", filename="plan-1.md", caption="<i>export</i>", parse_mode="HTML"
    )
    assert msg.document.file_name == "plan-1.md" and msg.caption == "export"
    [doc] = tg.sent_messages(CHAT)
    assert (doc.method, doc.filename, doc.content) == (
        "sendDocument",
        "plan-1.md",
        b"# Fence repair\n",
    )
    await bot.set_my_commands([("plans", "List plans"), ("undo", "Undo")])
    assert [c.command for c in await bot.get_my_commands()] == ["plans", "undo"]
    assert await bot.delete_my_commands() and await bot.get_my_commands() == ()
    assert await bot.send_chat_action(CHAT, "typing")
    await bot.set_webhook("https://example.invalid/hook")
    assert (await bot.get_webhook_info()).url == "https://example.invalid/hook"
    with pytest.raises(Conflict, match="webhook is active"):
        await bot.get_updates()
    await bot.delete_webhook()
    tg.fail_next("sendChatAction", 503)
    with pytest.raises(NetworkError):
        await bot.send_chat_action(CHAT, "typing")
    with pytest.raises(EndPointNotFound):
        await bot.do_api_request("noSuchMethod")


@pytest.mark.asyncio
async def test_wrong_token_and_delay(tg):
    wrong = Bot("123456:wrong", base_url=tg.base_url)
    with pytest.raises(InvalidToken):
        await wrong.initialize()
    await wrong.shutdown()
    tg.delay("getMe", 0.3)
    loop = asyncio.get_running_loop()
    t0 = loop.time()
    async with Bot(TOKEN, base_url=tg.base_url) as b:
        assert b.username == "drbot_test_bot"
    assert loop.time() - t0 >= 0.25
