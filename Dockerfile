# syntax=docker/dockerfile:1
#
# drbot — the Telegram plan assistant in a slim, non-root image.
#
#   docker build -t drbot .
#   docker run -d --name drbot --restart unless-stopped \
#       -e TELEGRAM_BOT_TOKEN=123:abc \
#       -e ANTHROPIC_API_KEY=sk-ant-... \
#       -e DRBOT_ALLOWED_USER_IDS=11111111,22222222 \
#       -v drbot-data:/data drbot
#   docker run --rm -it -v drbot-data:/data drbot chat      # same plans, from a terminal
#   docker run --rm -v drbot-data:/data drbot migrate
#
# Configuration comes from the environment (config.example.toml lists every
# key). Secrets belong in the environment only, never in the image:
#   TELEGRAM_BOT_TOKEN      bot token from @BotFather; required by `drbot run`
#   ANTHROPIC_API_KEY       optional; without it the offline interpreter answers
#   DRBOT_ALLOWED_USER_IDS  comma-separated numeric Telegram ids; empty = nobody is served
# Also honoured: ANTHROPIC_BASE_URL, DRBOT_MODEL, DRBOT_LLM_PROVIDER, DRBOT_WEBHOOK_SECRET,
# DRBOT_DEBUG=1, and DRBOT_CONFIG (path to a TOML file, e.g. one mounted under /data).
#
# Needs BuildKit (the default builder since Docker 23) for the RUN --mount below.

# The same base in both stages, so the wheel is built by the interpreter that runs it.
# A minor-version tag (not :latest) keeps us on 3.11 while rebuilds still pick up Debian and
# Python patch releases; pin a digest (python:3.11-slim-bookworm@sha256:...) for bit-for-bit
# reproducible builds.
FROM python:3.11-slim-bookworm AS build

ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONDONTWRITEBYTECODE=1

WORKDIR /src
# Only what the build needs (.dockerignore keeps the rest out of the context anyway).
# migrations/ sits at the top of the repository but ships inside the package as
# drbot/migrations/*.sql (pyproject.toml [tool.setuptools]).
COPY pyproject.toml README.md ./
COPY drbot/ drbot/
COPY migrations/ migrations/

# Build drbot's wheel plus wheels for all its dependencies here, so the runtime stage installs
# offline from exactly this set and never needs compilers or build backends.
RUN pip wheel --no-cache-dir --wheel-dir /wheels .


FROM python:3.11-slim-bookworm

# No .pyc files written at run time (the container's filesystem is throwaway and the user
# cannot write to site-packages anyway); logs reach `docker logs` immediately, not in blocks.
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore \
    DRBOT_DB=/data/drbot.db

# A fixed numeric UID/GID, so Kubernetes' runAsNonRoot can verify it and a host directory can be
# chowned to match (chown 10001:10001 DIR before bind-mounting it at /data). --no-log-init
# avoids huge sparse /var/log/faillog files with large UIDs.
RUN groupadd --system --gid 10001 drbot \
    && useradd --system --no-log-init --uid 10001 --gid drbot \
        --home-dir /data --shell /usr/sbin/nologin drbot \
    && mkdir -p /data \
    && chown drbot:drbot /data

# Install from the build stage's wheels through a bind mount: the wheels never become a layer
# of this image, and --no-index guarantees nothing is fetched from anywhere else.
RUN --mount=type=bind,from=build,source=/wheels,target=/wheels \
    pip install --no-cache-dir --no-index --find-links=/wheels /wheels/drbot-*.whl

# The SQLite file and its -wal/-shm companions live here, so the directory (not just the file)
# must be writable by the bot. A named volume inherits the ownership above on first use.
VOLUME ["/data"]
# The working directory is the volume, so a config.toml placed there is found as ./config.toml
# and relative paths (drbot backup backup.db) land on persistent storage.
WORKDIR /data

# Only used in webhook mode ([telegram] mode = "webhook", port = 8443); polling needs no port.
EXPOSE 8443

USER 10001:10001

# No HEALTHCHECK: in the default polling mode drbot serves no port to probe, and proving it is
# healthy would mean calling Telegram with the token (network, rate limits, false alarms when
# Telegram is down). `drbot migrate` would only prove the database opens. If the bot dies the
# process exits and the restart policy takes over, which is the signal that matters.

# Exec form: drbot is PID 1 and receives SIGTERM from `docker stop` directly.
# Any subcommand replaces CMD: `docker run IMAGE chat`, `docker run IMAGE migrate`.
ENTRYPOINT ["drbot"]
CMD ["run"]
