"""Shipped battle setups as TOML (rules section 6.2)."""
