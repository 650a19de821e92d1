"""Shipped Age of Sigmar content (section 6)."""
