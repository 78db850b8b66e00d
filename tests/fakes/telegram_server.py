"""A fake Telegram Bot API server for tests (real HTTP, real python-telegram-bot).

    async with FakeTelegram(token="123:ABC") as tg:
        app = Application.builder().token(tg.token).base_url(tg.base_url).build()
        async with running(app):               # initialize, start, start_polling; and back
            uid = tg.push_message(chat_id=42, user_id=42, text="/start")
            [msg] = await tg.wait_for_messages(42, 1)

Faithful to the real API:
  * URLs ``/bot<TOKEN>/<method>`` (method names case-insensitive), GET or POST with
    query string, form-encoded (what PTB sends), JSON or multipart bodies; wrong token → 401,
    unknown method → 404 ``Not Found``; every answer is ``{"ok": ..., "result"|"error_code",
    "description", "parameters"}`` with the matching HTTP status.
  * getUpdates long polling: holds the request until an update is queued or ``timeout`` passes;
    ``offset`` confirms (drops) earlier updates, unconfirmed ones are delivered again; a newer
    getUpdates terminates a waiting one with 409; getUpdates while a webhook is set → 409;
    ``deleteWebhook(drop_pending_updates=True)`` empties the queue.
  * parse_mode=HTML is checked like Telegram's parser (same tag set, same error texts, byte
    offsets in UTF-8); length limits (4096 text / 1024 caption) count the text after parsing;
    empty text, unknown message to edit, "message is not modified", callback_data over 64 bytes,
    unknown callback query ids are rejected with Telegram's descriptions.
  * message_id grows per chat and is shared by the user's and the bot's messages.

Simplified (on purpose):
  * HTML is STRICTER than Telegram about ``&``: Telegram keeps a bare ``&`` (and ``&lt`` without
    ``;``) literally, the fake rejects them so missing escaping shows up in tests
    (``FakeTelegram(strict_html=False)`` gives Telegram's leniency). Markdown is not checked.
  * Entities in returned messages come from HTML only (not Markdown); no groups/permissions, no "chat not found", no flood
    control unless injected with :meth:`FakeTelegram.fail_next`.
  * A private chat is open to the bot whether or not the person wrote there, unless a test
    says otherwise with :meth:`FakeTelegram.never_opened` (then 403, as Telegram answers).
  * Redelivery: :meth:`push_raw_update` (or an explicit ``update_id`` already confirmed) is
    delivered once more regardless of ``offset`` — as after a crash before confirming.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import html
import itertools
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

ALLOWED_TAGS = {
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ins",
    "s",
    "strike",
    "del",
    "a",
    "code",
    "pre",
    "tg-spoiler",
    "span",
    "blockquote",
    "tg-emoji",
}
_JSON_KEYS = {
    "reply_markup",
    "commands",
    "scope",
    "allowed_updates",
    "entities",
    "caption_entities",
    "reply_parameters",
    "link_preview_options",
}
_INT_KEYS = {
    "message_id",
    "offset",
    "limit",
    "timeout",
    "max_connections",
    "cache_time",
    "reply_to_message_id",
    "message_thread_id",
}
_BOOL_KEYS = {
    "drop_pending_updates",
    "show_alert",
    "disable_notification",
    "protect_content",
    "disable_web_page_preview",
    "allow_sending_without_reply",
}
_ENTITY = re.compile(r"&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|lt|gt|amp|quot)(;?)")
_COMMAND = re.compile(r"(?<!\S)/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]+)?")
_MENTION = re.compile(r"(?<![\S/])@[A-Za-z0-9_]{5,32}")


_FILE = {"file_id": "F1", "file_unique_id": "U1"}
# What each kind of non-text message carries, as the Bot API sends it.
MEDIA: dict[str, Any] = {
    "photo": [{**_FILE, "width": 90, "height": 90}],
    "voice": {**_FILE, "duration": 3},
    "sticker": {
        **_FILE,
        "type": "regular",
        "width": 512,
        "height": 512,
        "is_animated": False,
        "is_video": False,
    },
    "document": {**_FILE, "file_name": "quote.pdf", "mime_type": "application/pdf"},
    "video": {**_FILE, "width": 90, "height": 90, "duration": 3},
    "audio": {**_FILE, "duration": 3},
    "video_note": {**_FILE, "length": 90, "duration": 3},
    "animation": {**_FILE, "width": 90, "height": 90, "duration": 3},
    "location": {"latitude": 52.52, "longitude": 13.40},
    "contact": {"phone_number": "+4930123456", "first_name": "Jim"},
    "poll": {
        "id": "7",
        "question": "Paint colour?",
        "options": [
            {"persistent_id": "o1", "text": "green", "voter_count": 0},
            {"persistent_id": "o2", "text": "grey", "voter_count": 0},
        ],
        "total_voter_count": 0,
        "is_closed": False,
        "is_anonymous": True,
        "type": "regular",
        "allows_multiple_answers": False,
        "allows_revoting": False,
        "members_only": False,
    },
}


class TelegramFault(Exception):
    """An API error answered as ``{"ok": false, ...}`` with this HTTP status."""

    def __init__(self, status: int, description: str, retry_after: int | None = None):
        super().__init__(description)
        self.status, self.description, self.retry_after = status, description, retry_after


def bad_request(what: str) -> TelegramFault:
    return TelegramFault(400, f"Bad Request: {what}")


_ENTITY_TYPES = {
    "b": "bold",
    "strong": "bold",
    "i": "italic",
    "em": "italic",
    "u": "underline",
    "ins": "underline",
    "s": "strikethrough",
    "strike": "strikethrough",
    "del": "strikethrough",
    "code": "code",
    "pre": "pre",
    "tg-spoiler": "spoiler",
    "span": "spoiler",
    "blockquote": "blockquote",
}
_HREF = re.compile(r"""href\s*=\s*["']([^"']*)["']""")


def parse_html(text: str, *, strict: bool = True, entities: list[dict] | None = None) -> str:
    """Telegram's HTML → plain text; raises ``bad_request("can't parse entities: ...")``.
    ``entities`` (a list) receives the message entities, as Telegram returns them."""
    out: list[str] = []
    stack: list[str] = []
    opened: list[tuple[str, int, str]] = []  # (tag, UTF-16 offset in the plain text, attributes)
    i, n = 0, len(text)

    def fail(msg: str, pos: int | None = None) -> TelegramFault:
        if pos is not None:
            msg += f" at byte offset {len(text[:pos].encode())}"
        return bad_request(f"can't parse entities: {msg}")

    while i < n:
        c = text[i]
        if c == "&":
            m = _ENTITY.match(text, i)
            if m and (m.group(2) or not strict):
                out.append(html.unescape(m.group(0) if m.group(2) else m.group(0) + ";"))
                i = m.end()
                continue
            if strict:  # not Telegram's behaviour, see module docstring
                raise fail("(fake, stricter than Telegram) unescaped '&'", i)
        elif c == "<" and i + 1 < n and text[i + 1] == "/":
            if not stack:
                raise fail("Unexpected end tag", i)
            j = text.find(">", i)
            if j < 0:
                raise fail("Unclosed end tag", i)
            name = text[i + 2 : j].strip().lower()
            if name and name != stack[-1]:
                raise fail(
                    f"Unmatched end tag at byte offset {len(text[:i].encode())}, "
                    f'expected "</{stack[-1]}>", found "</{name}>"'
                )
            stack.pop()
            tag, offset, attributes = opened.pop()
            length = _utf16_len("".join(out)) - offset
            if entities is not None and length > 0:
                kind = _ENTITY_TYPES.get(tag)
                href = _HREF.search(attributes) if tag == "a" else None
                if href:
                    entities.append(
                        {
                            "type": "text_link",
                            "offset": offset,
                            "length": length,
                            "url": html.unescape(href.group(1)),
                        }
                    )
                elif kind:
                    entities.append({"type": kind, "offset": offset, "length": length})
            i = j + 1
            continue
        elif c == "<":
            j = i + 1
            while j < n and not text[j].isspace() and text[j] != ">":
                j += 1
            name = text[i + 1 : j].lower()
            if j >= n:
                raise fail("Unclosed start tag", i)
            if name not in ALLOWED_TAGS:
                raise fail(f'Unsupported start tag "{name}"', i)
            k, quote = j, None
            while k < n and (quote or text[k] != ">"):
                if quote and text[k] == quote:
                    quote = None
                elif not quote and text[k] in "\"'":
                    quote = text[k]
                k += 1
            if k >= n:
                raise fail("Unclosed start tag", i)
            if name == "span" and "tg-spoiler" not in text[j:k]:
                raise fail('Tag "span" must have class "tg-spoiler"', i)
            stack.append(name)
            opened.append((name, _utf16_len("".join(out)), text[j:k]))
            i = k + 1
            continue
        out.append(c)
        i += 1
    if stack:
        raise fail(f'Can\'t find end tag corresponding to start tag "{stack[-1]}"')
    return "".join(out)


@dataclass
class SentMessage:
    """What the bot sent (sendMessage / sendDocument), as it was sent."""

    chat_id: int | str
    message_id: int
    text: str | None  # raw text (or caption) with markup
    plain: str | None  # after entity parsing
    parse_mode: str | None
    reply_markup: dict | None
    method: str = "sendMessage"
    filename: str | None = None
    content: bytes | None = None
    params: dict = field(default_factory=dict)


class FakeTelegram:
    def __init__(
        self,
        token: str = "123456:TEST-token",
        *,
        bot_username: str = "drbot_test_bot",
        strict_html: bool = True,
    ):
        self.token, self.bot_username, self.strict_html = token, bot_username, strict_html
        bot_id = int(token.split(":")[0]) if token.split(":")[0].isdigit() else 123456
        self.bot_user = {
            "id": bot_id,
            "is_bot": True,
            "first_name": "DrBot",
            "username": bot_username,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }
        self.calls: list[tuple[str, dict]] = []
        self.called_at: list[float] = []  # the event loop's time each call arrived, as calls
        self.bodies: list[str] = []  # each call's body's content type ("" for none), as calls
        self.errors: list[Exception] = []  # exceptions inside the fake
        self.sent: list[SentMessage] = []
        self.messages: dict[tuple[Any, int], dict] = {}  # current state, after edits
        self.commands: dict[str, list] = {}  # scope+language → commands
        self.webhook_url = ""
        self.webhook_secret = ""  # secret_token of the last setWebhook
        self._updates: list[tuple[dict, bool]] = []  # (update, forced redelivery)
        self._confirmed = 0  # highest offset the bot sent
        self._batch_out = False  # updates handed out; the bot has not called getUpdates since
        self._update_ids = itertools.count(1000)
        self._msg_ids: dict[Any, int] = {}
        self._chats: dict[Any, dict] = {}
        self._callbacks: set[str] = set()
        self._callback_ids = itertools.count(1)
        self._faults: dict[str, list[list]] = {}
        self._unopened: set[Any] = set()  # private chats the person never opened
        self._delays: dict[str, float] = {}
        self._late_answers: dict[str, bool] = {}  # delay after the effect, not before
        self._delay_cleared: dict[str, asyncio.Event] = {}  # ends the waits of held calls
        self._poll_generation = 0
        self._changed = asyncio.Event()  # set on every call and every queued update
        self._closing = False
        self._raw: dict[tuple[Any, int], str | None] = {}  # text as sent, for "not modified"
        self._runner: web.AppRunner | None = None
        self.port = 0
        table: dict[str, Callable[[dict], Any]] = {
            "getMe": lambda p: self.bot_user,
            "getUpdates": self._get_updates,
            "setWebhook": self._set_webhook,
            "deleteWebhook": lambda p: self._set_webhook(p, ""),
            "getWebhookInfo": lambda p: {
                "url": self.webhook_url,
                "has_custom_certificate": False,
                "pending_update_count": len(self._updates),
            },
            "sendMessage": self._send_message,
            "sendDocument": self._send_document,
            "editMessageText": lambda p: self._edit(p, text=True),
            "editMessageReplyMarkup": lambda p: self._edit(p, text=False),
            "answerCallbackQuery": self._answer_callback,
            "sendChatAction": lambda p: True,
            "setMyCommands": lambda p: self._commands(p, "set"),
            "getMyCommands": lambda p: self._commands(p, "get"),
            "deleteMyCommands": lambda p: self._commands(p, "delete"),
            "close": lambda p: True,
            "logOut": lambda p: True,
        }
        self._methods = {name.lower(): (name, fn) for name, fn in table.items()}

    # ---- lifecycle -------------------------------------------------------------------------
    @property
    def base_url(self) -> str:
        """For ``ApplicationBuilder.base_url`` / ``Bot(base_url=...)``; PTB appends the token."""
        return f"http://127.0.0.1:{self.port}/bot"

    async def start(self) -> FakeTelegram:
        app = web.Application(client_max_size=60 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        # access_log=None: aiohttp would log every URL, token included.
        self._runner = web.AppRunner(
            app, access_log=None, shutdown_timeout=1, handler_cancellation=True
        )
        await self._runner.setup()
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()
        return self

    async def stop(self) -> None:
        self._closing = True
        self._notify()  # release long polls
        if self._runner:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeTelegram:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    # ---- test control ----------------------------------------------------------------------
    def push_message(
        self,
        chat_id: int,
        user_id: int,
        text: str,
        *,
        update_id: int | None = None,
        first_name: str = "Tester",
        username: str | None = "tester",
        date: int | None = None,
        language_code: str = "en",
        extra: dict | None = None,
        reply_to: int | None = None,
    ) -> int:
        """Queue a text message from a user; returns its update_id.  A negative
        ``chat_id`` is a group.  ``extra`` adds fields (a ``location``, a ``photo``);
        text "" sends none; ``reply_to`` makes it a reply to that message of the chat."""
        user = {
            "id": user_id,
            "is_bot": False,
            "first_name": first_name,
            "language_code": language_code,
        }
        if username:
            user["username"] = username
        chat = self._chat(chat_id, user)
        if chat_id == user_id:
            self._unopened.discard(user_id)  # writing there opens it
        msg = {
            "message_id": self._next_message_id(chat_id),
            "from": user,
            "chat": chat,
            "date": date or int(time.time()),
            **({"text": text} if text else {}),
            **(extra or {}),
        }
        if reply_to is not None:
            msg["reply_to_message"] = copy.deepcopy(self.messages[(chat_id, reply_to)])
            msg["reply_to_message"].pop("reply_to_message", None)
        entities = _text_entities(text)
        if entities:
            msg["entities"] = entities
        self.messages[(chat_id, msg["message_id"])] = msg
        return self._enqueue({"message": msg}, update_id)

    def push_edit(self, chat_id: int, user_id: int, message_id: int, text: str) -> int:
        """Queue an ``edited_message``: the person changed message ``message_id``."""
        msg = copy.deepcopy(self.messages[(chat_id, message_id)])
        assert msg["from"]["id"] == user_id, "people edit only their own messages"
        msg.update(text=text, edit_date=int(time.time()))
        msg.pop("entities", None)
        if entities := _text_entities(text):
            msg["entities"] = entities
        self.messages[(chat_id, message_id)] = msg
        return self._enqueue({"edited_message": msg}, None)

    def push_media(
        self, chat_id: int, user_id: int, kind: str, *, caption: str | None = None
    ) -> int:
        """Queue a non-text message (``kind`` one of MEDIA: photo, voice, sticker,
        document, ...), with an optional caption; returns its update_id."""
        user = {"id": user_id, "is_bot": False, "first_name": "Tester", "language_code": "en"}
        msg = {
            "message_id": self._next_message_id(chat_id),
            "from": user,
            "chat": self._chat(chat_id, user),
            "date": int(time.time()),
            kind: copy.deepcopy(MEDIA[kind]),
        }
        if caption is not None:
            msg["caption"] = caption
            if entities := _text_entities(caption):
                msg["caption_entities"] = entities
        self.messages[(chat_id, msg["message_id"])] = msg
        return self._enqueue({"message": msg}, None)

    def push_callback(
        self,
        chat_id: int,
        user_id: int,
        data: str,
        message_id: int,
        *,
        update_id: int | None = None,
        first_name: str = "Tester",
    ) -> int:
        """Queue a button press on a message the bot sent earlier; returns its update_id."""
        if (chat_id, message_id) not in self.messages:
            raise KeyError(f"no message {message_id} in chat {chat_id} to press a button on")
        qid = str(next(self._callback_ids))
        self._callbacks.add(qid)
        query = {
            "id": qid,
            "from": {"id": user_id, "is_bot": False, "first_name": first_name},
            "message": copy.deepcopy(self.messages[(chat_id, message_id)]),
            "chat_instance": str(chat_id * 7 + 1),
            "data": data,
        }
        return self._enqueue({"callback_query": query}, update_id)

    def push_raw_update(self, update: dict) -> int:
        """Queue an update dict as-is (it must carry ``update_id``), e.g. a redelivery."""
        return self._enqueue(
            {k: v for k, v in update.items() if k != "update_id"}, update["update_id"]
        )

    def never_opened(self, user_id: int) -> None:
        """The person never opened a private chat with the bot: a message sent there is
        refused with Telegram's 403 until they write there (a group member who only
        ever talked to the bot in the group)."""
        self._unopened.add(user_id)

    def fail_next(
        self,
        method: str,
        status: int,
        *,
        retry_after: int | None = None,
        description: str | None = None,
        times: int = 1,
    ) -> None:
        """The next ``times`` calls of ``method`` fail with this status (429 → retry_after)."""
        if status == 429 and retry_after is None:
            retry_after = 1
        description = description or {
            429: f"Too Many Requests: retry after {retry_after}",
            500: "Internal Server Error",
            502: "Bad Gateway",
            503: "Service Unavailable",
            504: "Gateway Timeout",
        }.get(status, f"Error {status}")
        self._faults.setdefault(method.lower(), []).append(
            [status, description, retry_after, times]
        )

    def delay(self, method: str, seconds: float, *, after_effect: bool = False) -> None:
        """Every later call of ``method`` is answered ``seconds`` late (0 clears, and
        answers at once the calls still being held: a test holds a call only until it
        has seen what it looks for). ``after_effect``: the call takes effect at once (a
        message is delivered) and only its answer is late, so a client that gives up first
        never learns it."""
        key = method.lower()
        if not seconds and (cleared := self._delay_cleared.pop(key, None)) is not None:
            cleared.set()
        self._delays[key] = seconds
        self._late_answers[key] = after_effect

    def calls_to(self, method: str) -> list[dict]:
        return [p for m, p in self.calls if m.lower() == method.lower()]

    def times_of(self, method: str) -> list[float]:
        """When each call of ``method`` arrived (the event loop's clock)."""
        return [t for (m, _), t in zip(self.calls, self.called_at) if m.lower() == method.lower()]

    def bodies_of(self, method: str) -> list[str]:
        """The content type of each call of ``method``'s body ("" for none)."""
        return [b for (m, _), b in zip(self.calls, self.bodies) if m.lower() == method.lower()]

    def sent_messages(self, chat_id: Any = None) -> list[SentMessage]:
        return [s for s in self.sent if chat_id is None or s.chat_id == chat_id]

    def texts(self, chat_id: Any = None) -> list[str]:
        """Plain texts (after HTML parsing) the bot sent, in order."""
        return [s.plain or "" for s in self.sent_messages(chat_id)]

    @property
    def pending_updates(self) -> list[dict]:
        return [u for u, _ in self._updates]

    @property
    def updates_in_flight(self) -> bool:
        """Whether an update is still on its way to the bot: waiting here, or handed out
        with no getUpdates from the bot since.  PTB puts a batch on its update queue
        before it asks for the next one, so once this is False every update is there."""
        return bool(self._updates) or self._batch_out

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 5.0) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked after every call/update)."""
        deadline = asyncio.get_running_loop().time() + timeout
        while not (result := predicate()):
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                recent = [m for m, _ in self.calls if m != "getUpdates"][-10:]
                raise TimeoutError(
                    f"condition not met in {timeout}s; recent calls {recent}, "
                    f"texts sent {self.texts()[-5:]!r}, fake errors {self.errors}"
                )
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)
        return result

    async def wait_for_messages(
        self, chat_id: Any, n: int = 1, timeout: float = 5.0
    ) -> list[SentMessage]:
        """Wait until the bot sent at least ``n`` messages to ``chat_id``; returns them all."""
        await self.wait_for(lambda: len(self.sent_messages(chat_id)) >= n, timeout)
        return self.sent_messages(chat_id)

    # ---- internals -------------------------------------------------------------------------
    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def _enqueue(self, body: dict, update_id: int | None) -> int:
        if update_id is None:
            update_id = next(self._update_ids)
        else:
            self._update_ids = itertools.count(max(update_id + 1, next(self._update_ids)))
        forced = update_id < self._confirmed or any(
            u["update_id"] == update_id for u, _ in self._updates
        )
        self._updates.append(({"update_id": update_id, **body}, forced))
        self._notify()
        return update_id

    def _next_message_id(self, chat_id: Any) -> int:
        self._msg_ids[chat_id] = self._msg_ids.get(chat_id, 0) + 1
        return self._msg_ids[chat_id]

    def _chat(self, chat_id: Any, user: dict | None = None) -> dict:
        if chat_id not in self._chats or user:
            chat: dict = {"id": chat_id, "type": "private"}
            if isinstance(chat_id, str) or chat_id < 0:
                chat = {"id": chat_id, "type": "supergroup", "title": "Test group"}
            elif user:
                chat.update({k: user[k] for k in ("first_name", "username") if k in user})
            self._chats[chat_id] = chat
        return self._chats[chat_id]

    async def _params(self, request: web.Request) -> dict:
        params: dict[str, Any] = dict(request.query)
        if request.content_type == "application/json":
            params.update(await request.json())
        elif request.can_read_body:
            for key, value in (await request.post()).items():
                if isinstance(value, web.FileField):
                    value = {
                        "filename": value.filename,
                        "content": value.file.read(),
                        "content_type": value.content_type,
                    }
                params[key] = value
        for key, value in params.items():
            if not isinstance(value, str):
                continue
            if key in _JSON_KEYS:
                params[key] = json.loads(value)
            elif key in _INT_KEYS or key == "chat_id" and re.fullmatch(r"-?\d+", value):
                params[key] = int(value) if re.fullmatch(r"-?\d+", value) else float(value)
            elif key in _BOOL_KEYS:
                params[key] = value.lower() == "true"
        return params

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return _reply(TelegramFault(401, "Unauthorized"))
        method, handler = self._methods.get(
            request.match_info["method"].lower(), (request.match_info["method"], None)
        )
        params: dict = {}
        try:
            params = await self._params(request)
            self.calls.append((method, params))
            self.called_at.append(asyncio.get_running_loop().time())
            self.bodies.append(request.content_type if request.body_exists else "")
            if method == "getUpdates":
                self._batch_out = False  # the bot queued the last batch before asking again
            self._notify()
            if handler is None:
                raise TelegramFault(404, "Not Found")
            late = self._delays.get(method.lower())
            after_effect = self._late_answers.get(method.lower(), False)
            if late and not after_effect:
                await self._held(method, late)
            faults = self._faults.get(method.lower())
            if faults:
                faults[0][3] -= 1
                status, description, retry_after, _ = faults[0] if faults[0][3] else faults.pop(0)
                raise TelegramFault(status, description, retry_after)
            result = handler(params)
            if asyncio.iscoroutine(result):
                result = await result
            if late and after_effect:
                self._notify()  # done: only the answer is still to come
                await self._held(method, late)
        except TelegramFault as fault:
            return _reply(fault)
        except Exception as exc:  # a bug in the fake or a malformed request: make it loud
            self.errors.append(exc)
            return _reply(TelegramFault(500, f"Internal Server Error: fake failed: {exc!r}"))
        self._notify()
        return web.json_response({"ok": True, "result": result})

    async def _held(self, method: str, seconds: float) -> None:
        """``seconds``, or until the test clears the method's delay."""
        cleared = self._delay_cleared.setdefault(method.lower(), asyncio.Event())
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(cleared.wait(), seconds)

    def _check_text(
        self, p: dict, key: str, limit: int, entities: list[dict] | None = None
    ) -> str | None:
        text = p.get(key)
        if text is None and key == "caption":
            return None
        if not (text or "").strip():
            raise bad_request("message text is empty")
        plain = (
            parse_html(text, strict=self.strict_html, entities=entities)
            if (str(p.get("parse_mode")).upper() == "HTML")
            else text
        )
        if len(plain) > limit:
            raise bad_request(
                "message caption is too long" if key == "caption" else "message is too long"
            )
        return plain

    @staticmethod
    def _check_markup(markup: Any) -> dict | None:
        for row in (markup or {}).get("inline_keyboard", []):
            for button in row:
                data = button.get("callback_data")
                if data is not None and not 1 <= len(data.encode()) <= 64:
                    raise bad_request("BUTTON_DATA_INVALID")
        return markup if markup and "inline_keyboard" in markup else None  # only inline shown

    def _new_message(
        self, p: dict, method: str, raw: str | None, plain: str | None, extra: dict
    ) -> dict:
        chat_id = p["chat_id"]
        if chat_id in self._unopened:
            raise TelegramFault(403, "Forbidden: bot can't initiate conversation with a user")
        markup = self._check_markup(p.get("reply_markup"))
        msg = {
            "message_id": self._next_message_id(chat_id),
            "from": self.bot_user,
            "chat": self._chat(chat_id),
            "date": int(time.time()),
            **extra,
        }
        if markup:
            msg["reply_markup"] = markup
        self.messages[(chat_id, msg["message_id"])] = msg
        self._raw[(chat_id, msg["message_id"])] = raw
        doc = p.get("document") if isinstance(p.get("document"), dict) else {}
        self.sent.append(
            SentMessage(
                chat_id,
                msg["message_id"],
                raw,
                plain,
                p.get("parse_mode"),
                p.get("reply_markup"),
                method,
                doc.get("filename"),
                doc.get("content"),
                p,
            )
        )
        return msg

    # ---- API methods -----------------------------------------------------------------------
    async def _get_updates(self, p: dict) -> list[dict]:
        if self.webhook_url:
            raise TelegramFault(
                409,
                "Conflict: can't use getUpdates method while webhook is "
                "active; use deleteWebhook to delete the webhook first",
            )
        offset, limit = p.get("offset", 0), p.get("limit") or 100
        if offset:
            self._confirmed = max(self._confirmed, offset)
            self._updates = [(u, f) for u, f in self._updates if f or u["update_id"] >= offset]
        self._poll_generation += 1
        generation = self._poll_generation
        self._notify()  # an older waiting getUpdates ends with 409, as on Telegram
        deadline = asyncio.get_running_loop().time() + float(p.get("timeout") or 0)
        while not self._updates and not self._closing:
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                break
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._changed.wait(), remaining)
            if generation != self._poll_generation:
                raise TelegramFault(
                    409,
                    "Conflict: terminated by other getUpdates request; "
                    "make sure that only one bot instance is running",
                )
        # redeliveries first, so the last update_id returned (PTB's next offset) is the highest
        batch = sorted(self._updates, key=lambda e: (not e[1], e[0]["update_id"]))[:limit]
        self._updates = [e for e in self._updates if not (e[1] and e in batch)]
        self._batch_out = bool(batch)
        return [u for u, _ in batch]

    def _set_webhook(self, p: dict, url: str = "") -> bool:
        self.webhook_url = p.get("url", url)
        self.webhook_secret = p.get("secret_token", "") if self.webhook_url else ""
        if p.get("drop_pending_updates"):
            self._updates.clear()
        return True

    def _send_message(self, p: dict) -> dict:
        entities: list[dict] = []
        plain = self._check_text(p, "text", 4096, entities)
        return self._new_message(
            p,
            "sendMessage",
            p["text"],
            plain,
            {"text": plain, **({"entities": entities} if entities else {})},
        )

    def _send_document(self, p: dict) -> dict:
        doc = p.get("document")
        if not doc:
            raise bad_request("there is no document in the request")
        plain = self._check_text(p, "caption", 1024)
        n = len(self.sent)
        document = (
            {
                "file_id": f"DOC{n}",
                "file_unique_id": f"U{n}",
                "file_name": doc["filename"],
                "mime_type": doc["content_type"],
                "file_size": len(doc["content"]),
            }
            if isinstance(doc, dict)
            else {"file_id": doc, "file_unique_id": doc}
        )  # resend by file_id/URL
        extra = {"document": document, **({"caption": plain} if plain is not None else {})}
        return self._new_message(p, "sendDocument", p.get("caption"), plain, extra)

    def _edit(self, p: dict, *, text: bool) -> dict:
        key = (p.get("chat_id"), p.get("message_id"))
        msg = self.messages.get(key)
        if msg is None or msg["from"]["id"] != self.bot_user["id"]:
            raise bad_request("message to edit not found")
        entities: list[dict] = []
        plain = self._check_text(p, "text", 4096, entities) if text else msg.get("text")
        raw = p["text"] if text else self._raw.get(key)
        markup = self._check_markup(p.get("reply_markup"))
        if (plain, raw, markup) == (msg.get("text"), self._raw.get(key), msg.get("reply_markup")):
            raise bad_request(
                "message is not modified: specified new message content and reply "
                "markup are exactly the same as a current content and reply "
                "markup of the message"
            )
        msg.pop("reply_markup", None)
        if text:
            msg.pop("entities", None)
            if entities:
                msg["entities"] = entities
        msg.update(
            edit_date=int(time.time()),
            **({"text": plain} if text else {}),
            **({"reply_markup": markup} if markup else {}),
        )
        self._raw[key] = raw
        return msg

    def _answer_callback(self, p: dict) -> bool:
        if p.get("callback_query_id") not in self._callbacks:
            raise bad_request(
                "query is too old and response timeout expired or query ID is invalid"
            )
        self._callbacks.discard(p["callback_query_id"])
        return True

    def _commands(self, p: dict, action: str) -> Any:
        key = json.dumps([p.get("scope") or {"type": "default"}, p.get("language_code", "")])
        if action == "set":
            self.commands[key] = list(p.get("commands", []))
        elif action == "delete":
            self.commands.pop(key, None)
        else:
            return self.commands.get(key, [])
        return True


def _text_entities(text: str) -> list[dict]:
    """The entities Telegram finds in a person's plain text: commands and @mentions."""
    found = [("bot_command", m) for m in _COMMAND.finditer(text or "")]
    found += [("mention", m) for m in _MENTION.finditer(text or "")]
    return [
        {"type": kind, "offset": _utf16_len(text[: m.start()]), "length": _utf16_len(m.group(0))}
        for kind, m in sorted(found, key=lambda f: f[1].start())
    ]


def _utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def _reply(fault: TelegramFault) -> web.Response:
    body: dict[str, Any] = {
        "ok": False,
        "error_code": fault.status,
        "description": fault.description,
    }
    if fault.retry_after is not None:
        body["parameters"] = {"retry_after": fault.retry_after}
    return web.json_response(body, status=fault.status)


@contextlib.asynccontextmanager
async def running(app: Any, *, timeout: float = 1, **polling_kwargs: Any):
    """Run a PTB ``Application`` with long polling for the duration of the block.

    ``timeout`` is getUpdates' long-poll time; keep it short so stop() is quick.
    """
    await app.initialize()
    await app.start()
    await app.updater.start_polling(**{"poll_interval": 0, "timeout": timeout, **polling_kwargs})
    try:
        yield app
    finally:
        if app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        await app.shutdown()


@contextlib.contextmanager
def fake_telegram_in_a_thread(token: str) -> Iterator[FakeTelegram]:
    """A FakeTelegram serving from an event loop of its own thread, for code that runs its
    own loop (drbot's command line ``main()``); stopped when the block ends."""
    ready, box = threading.Event(), {}

    async def serve() -> None:
        box["stop"] = asyncio.Event()
        async with FakeTelegram(token=token) as fake:
            box["tg"] = fake
            ready.set()
            await box["stop"].wait()

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True)
    thread.start()
    assert ready.wait(10), "the fake Telegram server did not start"
    try:
        yield box["tg"]
    finally:
        loop.call_soon_threadsafe(box["stop"].set)
        thread.join(10)
        loop.close()
