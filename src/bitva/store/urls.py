"""Database URLs as they may be printed or logged: their secrets found by parsing the URL (issue 21,
point 16), never by replacing text that looks like them.

A URL's secrets are the password of its user information (`scheme://user:PASSWORD@host/...`,
which ends at the URL's last `@`: a password may hold a raw `@`, the host never does) and the
values of its query parameters whose names speak of one (`?password=`, `pwd`, `sslpassword`,
`secret`, ...). A driver's message about the URL has each secret masked only where it stands as
a word of its own: a one-letter password does not mask that letter in every word.

>>> shown_url("postgresql://bitva:p@ss@db/bitva?password=x&sslmode=require")
'postgresql://bitva:***@db/bitva?password=***&sslmode=require'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote, unquote_plus

__all__ = ["ParsedUrl", "hide_secrets", "parse_url", "shown_url", "unsafe_password"]

MASK = "***"
# a query parameter whose name holds one of these carries a secret
SECRET_NAMES = ("pass", "pwd", "secret", "token", "key")
# characters a URL's password must percent-encode: raw, the URL means something else
UNSAFE_IN_PASSWORD = "@/?#"


@dataclass(frozen=True)
class ParsedUrl:
    """A URL cut where its secrets are: `scheme://`, the user, the password (None: none given,
    as written), the rest of the authority and the path, the query parameters (name, value as
    written; value None: a name alone) and the fragment (with its `#`)."""

    head: str
    user: str | None
    password: str | None
    where: str
    query: tuple[tuple[str, str | None], ...]
    fragment: str

    def secret_parameter(self, name: str) -> bool:
        lowered = unquote_plus(name).lower()
        return any(word in lowered for word in SECRET_NAMES)

    def render(self, masked: bool = True) -> str:
        out = self.head
        if self.user is not None:
            out += self.user
            if self.password is not None:
                out += ":" + (MASK if masked else self.password)
            out += "@"
        out += self.where
        if self.query:
            parts = []
            for name, value in self.query:
                if value is None:
                    parts.append(name)
                elif masked and value and self.secret_parameter(name):
                    parts.append(f"{name}={MASK}")
                else:
                    parts.append(f"{name}={value}")
            out += "?" + "&".join(parts)
        return out + self.fragment

    def secrets(self) -> list[str]:
        """Every secret, as written and decoded (longest first)."""
        found = [] if not self.password else [self.password]
        found += [v for n, v in self.query if v and self.secret_parameter(n)]
        decoded = [unquote(s) for s in found] + [unquote_plus(s) for s in found]
        return sorted({s for s in found + decoded if s}, key=len, reverse=True)


def parse_url(url: str) -> ParsedUrl | None:
    """`url` cut at its secrets; None for text that is no `scheme://...` URL."""
    scheme, sep, rest = url.partition("://")
    if not sep or not scheme:
        return None
    user: str | None = None
    password: str | None = None
    if not rest.startswith("/"):  # an authority: user information ends at the last "@"
        at = rest.rfind("@")
        if at >= 0:
            userinfo, rest = rest[:at], rest[at + 1 :]
            name, colon, secret = userinfo.partition(":")
            user, password = name, (secret if colon else None)
    rest, hashed, fragment = rest.partition("#")
    where, asked, query = rest.partition("?")
    parameters: list[tuple[str, str | None]] = []
    if asked:
        for part in query.split("&"):
            name, equals, value = part.partition("=")
            parameters.append((name, value if equals else None))
    return ParsedUrl(scheme + sep, user, password, where, tuple(parameters), hashed + fragment)


def shown_url(url: str) -> str:
    """The URL as it may be printed or logged: every secret masked."""
    parsed = parse_url(url)
    return url if parsed is None else parsed.render()


def unsafe_password(url: str) -> bool:
    """Whether the URL's password holds a raw `@`, `/`, `?` or `#`: a URL parser (SQLAlchemy's)
    would take part of it for the host or the path, and print it there."""
    parsed = parse_url(url)
    password = parsed.password if parsed is not None else None
    return password is not None and any(ch in password for ch in UNSAFE_IN_PASSWORD)


def hide_secrets(text: str, url: str) -> str:
    """`text` (a message about `url`) with the URL shown masked and each of its secrets masked
    wherever it stands as a word of its own."""
    parsed = parse_url(url)
    if parsed is None:
        return text
    text = text.replace(url, parsed.render())
    for secret in parsed.secrets():
        word = re.compile(rf"(?<![A-Za-z0-9]){re.escape(secret)}(?![A-Za-z0-9])")
        text = word.sub(MASK, text)
    return text
