"""Age of Sigmar options: which battle is fought (rules section 6.2 or a battle file, 3.4).

`battle` is a shipped setup (``starter_clash``, ``scenery_and_sorcery``, or 1 and 2) or, from
the command line, the path of a battle file. Rounds, allocation and house rules are the battle
file's ``[options]`` (D-30, D-17, D-18).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, field_validator


class AgeOfSigmarOptions(BaseModel):
    """Everything that fixes one battle."""

    model_config = ConfigDict(extra="forbid")

    battle: str = Field(
        default="starter_clash",
        description="a shipped battle setup (starter_clash, scenery_and_sorcery; or 1, 2) or "
        "the path of a battle file (rules 3.4, 6.2)",
    )

    @field_validator("battle")
    @classmethod
    def _battle(cls, value: str) -> str:
        value = value.strip()
        if not value:
            raise ValueError("name a battle setup (starter_clash) or a battle file")
        return value
