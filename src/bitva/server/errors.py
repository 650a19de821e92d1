"""Errors the API answers with: one JSON shape, `{"error": message, "rule": rule or null}`.

Messages never carry hidden information: the engine's illegal-action messages only speak of what
the acting seat may see, the server checks whose turn it is before the engine reads an action (a
card name is resolved against the hand of the seat to move), and the text of a chance outcome
never leaves the server. Unreadable action text is 400, an illegal action 409 naming the rule.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger("bitva.server")


class ApiError(Exception):
    """An error with its HTTP status, a clear message and, where one applies, the rule."""

    def __init__(self, status: int, error: str, rule: str | None = None) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        return {"error": self.error, "rule": self.rule}


def not_found(game_id: str) -> ApiError:
    return ApiError(404, f"no game {game_id!r} on this server")


def invalid(loc: list[str], message: str) -> ApiError:
    """A request that does not validate (422), in the shape of a validation error's line."""
    return ApiError(422, f"invalid request: {'.'.join(loc)}: {message}")


def validation_message(errors: list[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """One line for the first problems of a pydantic error list, and the details (the offending
    input is never echoed back)."""
    details = []
    for item in errors:
        loc = [str(part) for part in item.get("loc", ())]
        msg = str(item.get("msg", ""))
        if item.get("type") == "json_invalid":
            loc, msg = ["body"], "not valid JSON"
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
        headers = {"WWW-Authenticate": "Bearer"} if exc.status == 401 else None
        return JSONResponse(exc.to_json(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        message, details = validation_message(list(exc.errors()))
        return JSONResponse({"error": message, "rule": None, "details": details}, 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse(
            {"error": str(exc.detail), "rule": None},
            status_code=exc.status_code,
            headers=getattr(exc, "headers", None),
        )

    @app.exception_handler(Exception)
    async def _internal(_request: Request, exc: Exception) -> JSONResponse:
        log.exception("internal error", exc_info=exc)
        return JSONResponse({"error": "internal server error", "rule": None}, 500)
