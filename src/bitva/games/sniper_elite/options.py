"""Game options: the officer challenge and free difficulty modifiers (SE-10)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

CHALLENGES: dict[str, tuple[str, str, str]] = {
    "medic": ("medic+", "medic-noise", "medic-early"),
    "radio": ("radio+", "radio-reward", "radio-misfire"),
    "scout": ("scout+", "scout-close", "scout-1-9"),
    "dog": ("dog+", "dog-equip", "dog-deck"),
    "marksman": ("marksman+", "marksman-double", "marksman-cap"),
    "sniper": ("sniper+", "sniper-loud", "sniper-recon"),
}
MODIFIERS: tuple[str, ...] = tuple(m for trio in CHALLENGES.values() for m in trio)


class SniperEliteOptions(BaseModel):
    """SE-10.1: a challenge enables its three modifiers; any further single modifiers may be
    added for a free difficulty setting."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    challenge: Literal["none", "medic", "radio", "scout", "dog", "marksman", "sniper"] = Field(
        default="none",
        description="an officer challenge (SE-10.1): easy medic, radio; medium scout, dog; "
        "hard marksman, sniper",
    )
    modifiers: tuple[str, ...] = Field(
        default=(),
        description="single difficulty modifiers, comma-separated (SE-10.1): "
        + ", ".join(MODIFIERS),
    )

    @field_validator("modifiers", mode="before")
    @classmethod
    def _split(cls, value: object) -> object:
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        if isinstance(value, (list, tuple)):
            for item in value:
                if item not in MODIFIERS:
                    raise ValueError(f"unknown modifier {item!r} (known: {', '.join(MODIFIERS)})")
            return tuple(sorted(set(value), key=MODIFIERS.index))
        return value

    @property
    def active(self) -> frozenset[str]:
        """Every modifier in force: the challenge's three and the free ones."""
        chosen = set(self.modifiers)
        if self.challenge != "none":
            chosen.update(CHALLENGES[self.challenge])
        return frozenset(chosen)
