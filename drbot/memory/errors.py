"""Errors of the plan memory.

    Exception
    ├── NotFound      a plan or step that does not exist *or is not the caller's*
    └── ValueError    (built in) a bad value; the message says what to change

The two cases of NotFound are deliberately indistinguishable, so that nobody
can learn whether another person's plan exists.
"""


class NotFound(Exception):
    """No such plan or step for this user."""
