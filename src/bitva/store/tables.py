"""Imports every table module so that `Base.metadata` knows all tables.

Each store adds its module here (tournaments, server games).
"""

import bitva.store.game_rows as _server_games  # noqa: F401
import bitva.store.tournaments  # noqa: F401
