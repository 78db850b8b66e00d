"""Loaded by every Python process the tests start (tests/conftest.py puts this
folder on PYTHONPATH): `python -m drbot` in a child runs this checkout's drbot
with this checkout's migrations (see tests/checkout.py)."""

from tests.checkout import use_this_checkout

use_this_checkout()
