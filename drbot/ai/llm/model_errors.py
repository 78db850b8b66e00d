"""What to tell a person when the model could not answer.

Short, true and free of details: no status bodies, no request ids, no keys.
The full error goes to the log (at warning level, without a traceback).
"""

from __future__ import annotations


def apology(error: BaseException) -> str:
    """The reason, as the middle of "Sorry — <reason>."."""
    import anthropic  # loaded already whenever a model call could fail

    if context_overflow(error):
        return "this message and its context are too long for the model's context window"
    if isinstance(error, TimeoutError | anthropic.APITimeoutError):
        return "the model took too long to answer"
    if isinstance(error, anthropic.RateLimitError):
        return "the model is rate-limited right now"
    if isinstance(error, anthropic.APIStatusError) and error.status_code == 529:
        return "the model is overloaded right now"
    if isinstance(error, anthropic.AuthenticationError | anthropic.PermissionDeniedError):
        return "the model refused drbot's API key (the owner needs to check it)"
    if isinstance(error, anthropic.APIConnectionError):
        return "I could not reach the model"
    if isinstance(error, anthropic.APIStatusError) and error.status_code >= 500:
        return "the model service had an error"
    return "something went wrong while asking the model"


def context_overflow(error: BaseException) -> bool:
    """Whether the model refused the request as longer than its context window.

    Anthropic: 400 ``invalid_request_error`` "prompt is too long: 208656 tokens >
    200000 maximum".  llama.cpp's llama-server (tools/server: server-common.cpp
    ``format_error_response``, server-context.cpp): 400 with ``{"error": {"code":
    400, "message": "request (4476 tokens) exceeds the available context size
    (4096 tokens), try increasing it", "type": "exceed_context_size_error",
    "n_prompt_tokens": 4476, "n_ctx": 4096}}``.
    """
    import anthropic

    if not isinstance(error, anthropic.BadRequestError):
        return False
    message = (getattr(error, "api_message", None) or error.message or "").lower()
    return (
        getattr(error, "type", None) == "exceed_context_size_error"
        or "prompt is too long" in message
        or "exceeds the available context size" in message
        or "exceed_context_size_error" in message
    )
