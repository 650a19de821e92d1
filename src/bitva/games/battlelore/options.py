"""Game options: the adventure, the War Councils (BL-14.1, BL-14.6) and custom level totals.

`adventure` is a shipped adventure id ("A01") or, from the command line, the path of an
adventure file (section 3). The server's client-safe options allow ids only (its adapter).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator


class BattleLoreOptions(BaseModel):
    """Everything that fixes the rules of one game."""

    model_config = ConfigDict(extra="forbid")

    adventure: str = Field(
        default="A01",
        description="a shipped adventure (A01, A02, ...) or the path of an adventure file (3)",
    )
    councils: Literal["adventure", "intro", "custom"] = Field(
        default="adventure",
        description="War Councils: as the adventure sets them, the intro variant (a level-1 "
        "Wizard each, BL-14.1) or custom councils chosen in secret (BL-14.6)",
    )
    custom_levels: tuple[int, int] = Field(
        default=(6, 6),
        description="custom councils: the total of levels of South and of North, Commander "
        "included (BL-14.6, D-37; six recommended, at most 10)",
    )

    @field_validator("adventure")
    @classmethod
    def _adventure(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("name an adventure (A01) or an adventure file")
        return value.upper() if len(value) <= 4 and value[:1].lower() == "a" else value

    @field_validator("custom_levels", mode="before")
    @classmethod
    def _levels(cls, value: object) -> object:
        if isinstance(value, int):
            value = (value, value)
        if isinstance(value, str):
            parts = [p.strip() for p in value.split(",") if p.strip()]
            value = tuple(int(p) for p in parts) if all(p.isdigit() for p in parts) else value
            if isinstance(value, tuple) and len(value) == 1:
                value = value * 2
        if isinstance(value, (tuple, list)) and any(
            not isinstance(v, int) or not 1 <= v <= 10 for v in value
        ):
            raise ValueError("a council's total is 1 to 10 levels (BL-14.6)")
        return value
