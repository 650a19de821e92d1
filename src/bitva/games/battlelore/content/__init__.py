"""BattleLore content: TOML data read by `catalogue.py`."""
