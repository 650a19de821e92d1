"""Secrets never reach a log: seat tokens, join codes, Authorization headers and database
passwords are masked in every record the server's handlers write, whatever the level (at debug
level uvicorn logs every WebSocket frame, the hello with its token among them).

`log_config(level)` is uvicorn's logging configuration with `RedactSecrets` on every handler,
and a root handler (with the filter) for the records of bitva and the libraries.
"""

from __future__ import annotations

import copy
import logging
import re
from typing import Any

from uvicorn.config import LOGGING_CONFIG

from bitva.store.db import shown_url

__all__ = ["RedactSecrets", "log_config", "redact", "shown_url"]

MASK = "[secret]"

_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    # "token": "...", 'join_code': '...', code=... (JSON, Python reprs, query strings)
    (
        re.compile(
            r"""(["']?\b(?:token|join_code|code|invite|password)["']?\s*[:=]\s*["']?)"""
            r"""([^"'\s,&}]+)""",
            re.IGNORECASE,
        ),
        rf"\1{MASK}",
    ),
    (re.compile(r"(\bBearer\s+)[^\s\"',]+", re.IGNORECASE), rf"\1{MASK}"),
    (re.compile(r"(\b(?:authorization|cookie):\s*)[^\r\n]+", re.IGNORECASE), rf"\1{MASK}"),
    # a join link: /#/join/GAME/CODE
    (re.compile(r"(/join/[A-Za-z0-9_-]+/)[A-Za-z0-9_-]+"), rf"\1{MASK}"),
    # a URL's password: scheme://user:PASSWORD@host
    (re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^@\s]+@", re.IGNORECASE), r"\1***@"),
]


def redact(text: str) -> str:
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


class RedactSecrets(logging.Filter):
    """Masks secrets in a record's message and in its traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            # argument by argument: uvicorn's access formatter unpacks them (a frame object
            # becomes its text, which is what "%s" prints)
            record.msg = redact(str(record.msg))
            record.args = tuple(
                arg if isinstance(arg, int | float) else redact(str(arg)) for arg in record.args
            )
        else:
            try:
                message = record.getMessage()
            except (TypeError, ValueError):  # arguments that do not fit the format
                message = str(record.msg)
            record.msg, record.args = redact(message), None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


def log_config(level: str) -> dict[str, Any]:
    """uvicorn's logging configuration, every handler filtered; bitva logs at `level`."""
    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"secrets": {"()": RedactSecrets}}
    for handler in config["handlers"].values():
        handler["filters"] = ["secrets"]
    config["handlers"]["root"] = {
        "formatter": "default",
        "class": "logging.StreamHandler",
        "stream": "ext://sys.stderr",
        "filters": ["secrets"],
    }
    config["root"] = {"handlers": ["root"], "level": "WARNING"}
    config["loggers"]["bitva"] = {"level": level.upper()}
    return config
