"""Errors the API answers with: one JSON shape, `{"error": message, "rule": rule or null}`.

Messages never carry hidden information: the engine's illegal-action messages only speak of what
the acting seat may see, the server checks whose turn it is before the engine reads an action (a
card name is resolved against the hand of the seat to move), and the text of a chance outcome
never leaves the server. Unreadable action text is 400, an illegal action 409 naming the rule.
Nor do they repeat the client's input (a value, or the name of an unknown field).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger("bitva.server")


class ApiError(Exception):
    """An error with its HTTP status, a clear message and, where one applies, the rule."""

    def __init__(
        self, status: int, error: str, rule: str | None = None, retry_after: int | None = None
    ) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.rule = rule
        self.retry_after = retry_after  # seconds, for a 429

    def headers(self) -> dict[str, str] | None:
        if self.status == 401:
            return {"WWW-Authenticate": "Bearer"}
        if self.retry_after is not None:
            return {"Retry-After": str(self.retry_after)}
        return None

    def to_json(self) -> dict[str, Any]:
        return {"error": self.error, "rule": self.rule}


def not_found(game_id: str) -> ApiError:
    return ApiError(404, f"no game {game_id!r} on this server")


def invalid(loc: list[str], message: str) -> ApiError:
    """A request that does not validate (422), in the shape of a validation error's line."""
    return ApiError(422, f"invalid request: {'.'.join(loc)}: {message}")


BODY_TOO_DEEP = "not valid JSON (nested too deep, or a number too long)"

# a part of an error's location that is the API's own (a field name, an index), not the client's
FIELD_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,39}$|^[0-9]{1,3}$")


def without_input(item: Mapping[str, Any]) -> tuple[list[str], str]:
    """A pydantic error's location and message with nothing the client sent in them: an unknown
    field is named only if its name is a plain identifier (a misspelt field), and a message
    that quotes the value (a validator's own words, say "unknown army 'x'") says "the value
    given" instead."""
    loc = [str(part) for part in item.get("loc", ())]
    msg = str(item.get("msg", ""))
    kind = item.get("type")
    if kind == "json_invalid":
        return ["body"], "not valid JSON"
    if kind == "extra_forbidden" and loc and not FIELD_NAME.match(loc[-1]):
        return [part for part in loc[:-1] if FIELD_NAME.match(part)], "unknown field"
    loc = [part for part in loc if FIELD_NAME.match(part)]
    for value in _strings(item.get("input")):
        for quoted in (repr(value), f'"{value}"', f"'{value}'"):
            msg = msg.replace(quoted, "the value given")
        if len(value) >= 8:  # long enough not to be a word of the message itself
            msg = msg.replace(value, "the value given")
    return loc, msg


# a quoted part of a message: 'text' or "text" (with backslash escapes, as repr writes them)
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")


def without_text(message: str, text: str, instead: str = "(the text sent)") -> str:
    """An engine's message about the action `text` without the text: every quoted part of it
    that comes from `text` (as typed, or as `repr` escapes it) says `instead`. The engine's own
    examples (`write e.g. 'shoot e4'`) stay."""
    forms = (text, repr(text)[1:-1])

    def swap(found: re.Match[str]) -> str:
        inner = found.group(1) if found.group(1) is not None else found.group(2)
        return instead if inner and any(inner in form for form in forms) else found.group(0)

    return _QUOTED.sub(swap, message)


def _strings(value: Any, found: list[str] | None = None) -> list[str]:
    """The strings in a JSON value (its first hundred), longest first."""
    found = [] if found is None else found
    if isinstance(value, str) and value and len(found) < 100:
        found.append(value)
    elif isinstance(value, dict):
        for key, sub in list(value.items())[:100]:
            _strings(key, found)
            _strings(sub, found)
    elif isinstance(value, list | tuple):
        for sub in value[:100]:
            _strings(sub, found)
    return sorted(found, key=len, reverse=True)


def validation_message(errors: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """One line for the first problems of a pydantic error list, and the details (the offending
    input is never echoed back)."""
    details = []
    for item in errors:
        loc, msg = without_input(item)
        details.append({"loc": loc, "msg": msg, "type": item.get("type")})
    parts = []
    for item in details[:3]:
        where = ".".join(item["loc"]) or "request"
        parts.append(f"{where}: {item['msg']}")
    more = f" (and {len(details) - 3} more)" if len(details) > 3 else ""
    return "invalid request: " + "; ".join(parts) + more, details


def install_handlers(app: FastAPI) -> None:
    @app.exception_handler(ApiError)
    async def _api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=exc.headers())

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        message, details = validation_message(list(exc.errors()))
        return JSONResponse({"error": message, "rule": None, "details": details}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and isinstance(exc.__cause__, RecursionError | ValueError):
            # FastAPI's "error parsing the body": JSON nested deeper than the parser goes, or a
            # number of more digits than Python reads; malformed JSON like any other (422)
            return JSONResponse(
                {"error": f"invalid request: body: {BODY_TOO_DEEP}", "rule": None}, 422
            )
        return JSONResponse(
            {"error": str(exc.detail), "rule": None},
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    @app.exception_handler(Exception)
    async def _internal(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=exc)
        return JSONResponse({"error": "internal server error", "rule": None}, 500)
