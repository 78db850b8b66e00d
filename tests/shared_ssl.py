"""One default SSL context for every httpx client the test process makes.

Each httpx client builds an SSL context and loads the CA certificates into it,
tens of milliseconds of CPU with OpenSSL 3, even for a client that only ever
speaks plain HTTP to 127.0.0.1.  Every bot a test starts makes two for the Bot
API and the model's client one more (httpx2, the anthropic SDK's own httpx), so
across the suite this cost more than most tests.  httpx's own advice is to share
one context; the tests never use TLS, and a client that asks for anything but
the default still gets its own."""

from __future__ import annotations

import importlib
import os
import ssl
from typing import Any

TRANSPORTS = ("httpx._transports.default", "httpx2._transports.default")


def install() -> None:
    """Make each httpx's transports share one default context (once per process)."""
    for name in TRANSPORTS:
        try:
            transports = importlib.import_module(name)
        except ImportError:  # not installed, or moved: the tests only run slower
            continue
        build = getattr(transports, "create_ssl_context", None)
        if build is not None and not getattr(build, "shared", False):
            transports.create_ssl_context = _shared(build)


def _shared(build):
    made: dict[tuple, ssl.SSLContext] = {}

    def create_ssl_context(
        verify: Any = True, cert: Any = None, trust_env: bool = True
    ) -> ssl.SSLContext:
        if verify is not True or cert is not None:
            return build(verify=verify, cert=cert, trust_env=trust_env)
        key = (trust_env, os.environ.get("SSL_CERT_FILE"), os.environ.get("SSL_CERT_DIR"))
        if key not in made:
            made[key] = build(verify=verify, cert=cert, trust_env=trust_env)
        return made[key]

    create_ssl_context.shared = True
    return create_ssl_context
