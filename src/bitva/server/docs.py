"""The API docs (`/docs`, Swagger UI) from this server's own files: the page's origin keeps seat
tokens in localStorage, so it loads no script from anywhere else, and has no inline script either
(its content-security policy forbids both: `guard.DOCS_POLICY`).

Swagger UI's files come from the pinned PyPI package `fastapi-offline` (its `static` folder);
the page and the script that starts Swagger UI are ours.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, Response

ASSETS = {
    "swagger-ui-bundle.js": "text/javascript",
    "swagger-ui.css": "text/css",
}

PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}: API</title>
<link rel="stylesheet" href="/docs/swagger-ui.css">
<link rel="icon" href="/favicon.ico">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/docs/swagger-ui-bundle.js"></script>
<script src="/docs/start.js"></script>
</body>
</html>
"""

# Authorization is never kept (persistAuthorization stays off): a token typed here is forgotten
# with the page.
START = """window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  persistAuthorization: false,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
"""


def assets_dir() -> Path:
    return Path(str(resources.files("fastapi_offline"))) / "static"


def add_docs(app: FastAPI) -> None:
    """`/docs` and its files (the app is made with `docs_url=None`, `redoc_url=None`)."""
    folder = assets_dir()
    page = PAGE.format(title=app.title)

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(page)

    @app.get("/docs/start.js", include_in_schema=False)
    async def start() -> Response:
        return Response(START, media_type="text/javascript")

    for name, media_type in ASSETS.items():
        app.add_api_route(
            f"/docs/{name}",
            _file(folder / name, media_type),
            include_in_schema=False,
            methods=["GET"],
        )


def _file(path: Path, media_type: str) -> Callable[[], Awaitable[FileResponse]]:
    """An endpoint of one fixed file (no parameter reaches the path)."""

    async def serve() -> FileResponse:
        return FileResponse(path, media_type=media_type)

    return serve
