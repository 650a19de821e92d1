"""BattleLore content as validated data (rules sections 2.3, 2.4, 3 and 5): the schemas of the
TOML files under `../content/` and their loaders (`load.py`).
"""
