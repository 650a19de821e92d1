"""Secrets that hold seats: seat tokens and one-use join codes.

A secret is random (`secrets.token_urlsafe`), shown once to its holder and stored only as its
SHA-256 hash: a leaked database gives no seat away. Comparisons take constant time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24
CODE_BYTES = 12
GAME_ID_BYTES = 9


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_code() -> str:
    return secrets.token_urlsafe(CODE_BYTES)


def new_game_id() -> str:
    return secrets.token_urlsafe(GAME_ID_BYTES)


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def matches(secret: str, hashed: str | None) -> bool:
    """Whether `secret` is the one whose hash is `hashed` (constant time)."""
    if hashed is None:
        return False
    return hmac.compare_digest(hash_secret(secret), hashed)
