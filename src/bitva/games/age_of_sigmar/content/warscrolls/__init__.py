"""Shipped warscrolls as TOML (section 6.1)."""
