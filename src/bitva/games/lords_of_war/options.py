"""Game options: armies or decks, basic or advanced rules, variants (LW-10, LW-11)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator


class LordsOfWarOptions(BaseModel):
    """Everything that fixes the rules of one game. `advanced` switches on both advanced rules
    (LW-11); `cavalry` and `berserkers` switch them one by one and win over `advanced`."""

    model_config = ConfigDict(extra="forbid")

    armies: tuple[str, str] = Field(
        default=("orcs", "dwarves"),
        description="per seat: an army name (its core deck) or the path of a deck file (LW-10.3)",
    )
    decks: tuple[tuple[str, ...], tuple[str, ...]] | None = Field(
        default=None,
        description="per seat, the 36 card references of a custom or mercenary deck; set from deck"
        " files so that records replay without the files",
    )
    advanced: bool = False
    cavalry: bool | None = Field(default=None, description="LW-11.1; default: `advanced`")
    berserkers: bool | None = Field(default=None, description="LW-11.2-11.5; default: `advanced`")
    borderless: bool = Field(default=False, description="LW-10.1")
    units_to_win: int = Field(default=20, ge=1, le=72, description="LW-3.3, LW-10.2")
    commands_to_win: int = Field(default=4, ge=1, le=12, description="LW-3.3, LW-10.2")

    @field_validator("armies", mode="before")
    @classmethod
    def _split(cls, value: object) -> object:
        if isinstance(value, str):
            parts = [part.strip() for part in value.split(",") if part.strip()]
            if len(parts) == 1:
                parts = parts * 2
            return tuple(parts)
        return value

    @model_validator(mode="after")
    def _resolve_advanced(self) -> LordsOfWarOptions:
        if self.cavalry is None:
            self.cavalry = self.advanced
        if self.berserkers is None:
            self.berserkers = self.advanced
        return self

    @property
    def cavalry_rule(self) -> bool:
        return bool(self.cavalry)

    @property
    def berserker_rule(self) -> bool:
        return bool(self.berserkers)
