"""What to tell a person when the model could not answer.

Short, true and free of details: no status bodies, no request ids, no keys.
The full error goes to the log (at warning level, without a traceback).
"""

from __future__ import annotations


def apology(error: BaseException) -> str:
    """The reason, as the middle of "Sorry — <reason>."."""
    import anthropic  # loaded already whenever a model call could fail

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
