"""The game server: a FastAPI app with REST and WebSocket endpoints, seats held by secret tokens,
games persisted by `bitva.store.games`, and the browser client of `bitva.web` (see docs/server.md).

>>> from bitva.server import ServerConfig, create_app
>>> app = create_app(ServerConfig(db_url="sqlite:///bitva-test.sqlite3"))  # doctest: +SKIP
"""

from bitva.server.app import create_app
from bitva.server.config import ServerConfig

__all__ = ["ServerConfig", "create_app"]
