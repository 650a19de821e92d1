"""Secrets never reach a log: seat tokens, join codes, Authorization headers and database
passwords are masked in every record the server's handlers write, whatever the level (at debug
level uvicorn logs every WebSocket frame, the hello with its token among them).

A WebSocket frame that a record carries (uvicorn's `< TEXT ...` at debug level) is masked by
what the server parses, not by what its text looks like (issue 21, point 16): its payload is read
as JSON, as the server reads it (`"\u0074oken"` is the key "token"), every value under a secret
key is masked, and only then is it shown, cut to 75 characters; a payload that is no JSON (a
fragment, a binary frame) is not shown at all.

`log_config(level)` is uvicorn's logging configuration with `RedactSecrets` on every handler,
and a root handler (with the filter) for the records of bitva and the libraries.
"""

from __future__ import annotations

import copy
import json
import logging
import re
from typing import Any

from uvicorn.config import LOGGING_CONFIG

from bitva.store.db import shown_url

__all__ = ["RedactSecrets", "log_config", "redact", "shown_url"]

MASK = "[secret]"
# keys whose values are secrets, in a frame's JSON (compared lower-case, as parsed)
SECRET_KEYS = frozenset(("token", "code", "join_code", "invite", "password"))
FRAME_SHOWN = 75  # characters of a frame's payload a record shows (as the websockets library)

_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    # "token": "...", 'join_code': '...', code=... (JSON, Python reprs, query strings)
    (
        re.compile(
            r"""(["']?\b(?:token|join_code|code|invite|password|passwd|pwd|sslpassword|secret)"""
            r"""["']?\s*[:=]\s*["']?)"""
            r"""([^"'\s,&}]+)""",
            re.IGNORECASE,
        ),
        rf"\1{MASK}",
    ),
    (re.compile(r"(\bBearer\s+)[^\s\"',]+", re.IGNORECASE), rf"\1{MASK}"),
    (re.compile(r"(\b(?:authorization|cookie):\s*)[^\r\n]+", re.IGNORECASE), rf"\1{MASK}"),
    # a join link: /#/join/GAME/CODE
    (re.compile(r"(/join/[A-Za-z0-9_-]+/)[A-Za-z0-9_-]+"), rf"\1{MASK}"),
    # a URL's password: scheme://user:PASSWORD@host (up to the last "@": it may hold a raw one)
    (re.compile(r"(\b[a-z][a-z0-9+.-]*://[^:/@\s]*:)[^\s'\"]*@", re.IGNORECASE), r"\1***@"),
]


def _masked(value: Any) -> Any:
    """A parsed JSON value with every value under a secret key masked."""
    if isinstance(value, list):
        return [_masked(item) for item in value]
    if isinstance(value, dict):
        return {
            key: MASK if key.lower() in SECRET_KEYS and item is not None else _masked(item)
            for key, item in value.items()
        }
    return value


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's members, a key given twice masked if either is secret (the server reads the
    last one)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        out[key] = MASK if key.lower() in SECRET_KEYS and value is not None else value
    return out


def shown_frame(frame: Any) -> str:
    """A WebSocket frame (the websockets library's, as uvicorn logs it) fit for a log: its payload
    parsed as JSON and masked, then cut; a payload that is no JSON is not shown."""
    opcode = getattr(frame.opcode, "name", str(frame.opcode))
    data = bytes(frame.data)
    size = f"[{len(data)} byte{'' if len(data) == 1 else 's'}]"
    if opcode not in ("TEXT", "BINARY", "CONT"):  # close, ping, pong: no payload of ours
        return redact(str(frame))
    try:
        value = _masked(json.loads(data.decode("utf-8"), object_pairs_hook=_pairs))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return f"{opcode} (a payload that is no JSON, not shown) {size}"
    text = json.dumps(value, ensure_ascii=False)
    if len(text) > FRAME_SHOWN:
        text = text[: FRAME_SHOWN * 2 // 3] + "..." + text[-(FRAME_SHOWN // 3) :]
    return f"{opcode} {text!r} {size}"


def _is_frame(arg: Any) -> bool:
    return hasattr(arg, "opcode") and isinstance(getattr(arg, "data", None), bytes | bytearray)


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
                arg
                if isinstance(arg, int | float)
                else shown_frame(arg)
                if _is_frame(arg)
                else redact(str(arg))
                for arg in record.args
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
