"""BattleLore content: TOML data read by `catalogue/load.py`."""
