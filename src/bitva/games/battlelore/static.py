"""What stays fixed for a whole game: the adventure's name, banners to win, terrain, landmarks,
the units at set-up and the Command hands (section 3), built once from the options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bitva.games.battlelore.catalogue.load import load_adventure, load_catalogue
from bitva.games.battlelore.field.board import HEX_COUNT
from bitva.games.battlelore.field.model import Field, Landmark, Terrain, Unit, UnitType
from bitva.games.battlelore.lore.council import INTRO_COUNCIL
from bitva.games.battlelore.options import BattleLoreOptions


@dataclass(frozen=True)
class Static:
    options: BattleLoreOptions
    adventure_id: str
    adventure_name: str
    lore: bool
    first_player: int
    victory_banners: int
    terrain: tuple[Terrain, ...]
    landmarks: tuple[Landmark | None, ...]
    setup: tuple[tuple[UnitType, int, int], ...]  # (type, side, hex), South first: uids
    command_hand: tuple[int, int]  # Command cards dealt to South and North (3, BL-14.2)
    types: dict[str, UnitType]
    councils: tuple[dict[str, int], dict[str, int]] = ({}, {})  # War Councils (BL-14.2)
    token_adjust: tuple[int, int] = (0, 0)  # `lore_token_adjust` of each side (3)
    lore_pool: int = 60  # the token supply (D-33)
    landmark_owners: tuple[tuple[int, int], ...] = ()  # (hex, seat) of Lore-master landmarks
    master_landmarks: bool = False  # Lore-master landmarks are placed at set-up (BL-9.3)
    # the side tables' own Command hands with `command_cards`, else None (BL-14.2)
    command_cards: tuple[int | None, int | None] = (None, None)

    def new_field(self) -> Field:
        units: list[Unit | None] = [
            Unit(uid, type_, side, hex_, type_.figures)
            for uid, (type_, side, hex_) in enumerate(self.setup)
        ]
        return Field(self.terrain, self.landmarks, self.lore, units)

    @classmethod
    def build(cls, options: BattleLoreOptions) -> Static:
        """The adventure of the options, from the catalogue (a shipped id or a file)."""
        adventure = load_adventure(options.adventure)
        catalogue = load_catalogue()
        return cls.from_adventure(options, adventure, catalogue)

    @classmethod
    def from_adventure(cls, options: BattleLoreOptions, adventure: Any, catalogue: Any) -> Static:
        terrain: list[Terrain] = ["plain"] * HEX_COUNT
        for hex_, kind in adventure.terrain.items():
            terrain[hex_] = kind
        landmarks: list[Landmark | None] = [None] * HEX_COUNT
        for hex_, kind in adventure.landmarks.items():
            landmarks[hex_] = kind
        types: dict[str, UnitType] = dict(catalogue.units)
        setup = []
        hands = []
        councils = []
        adjust = []
        cards = []
        for seat, side in ((1, "south"), (2, "north")):
            entry = adventure.sides[side]
            for placed in entry.units:
                setup.append((types[placed.type], seat, placed.hex))
            hands.append(entry.command_hand)
            councils.append(dict(entry.war_council) if adventure.lore else {})
            cards.append(entry.command_cards)
            if adventure.lore and options.councils == "intro":  # BL-14.1
                councils[-1] = dict(INTRO_COUNCIL)
            adjust.append(entry.lore_token_adjust if adventure.lore else 0)
        owners = tuple(
            (hex_, 1 if owner == "south" else 2)
            for hex_ in sorted(adventure.landmarks)
            if (owner := adventure.landmark_owner(hex_)) is not None
        )
        return cls(
            options,
            adventure.id,
            adventure.name,
            adventure.lore,
            1 if adventure.first_player == "south" else 2,
            adventure.victory_banners,
            tuple(terrain),
            tuple(landmarks),
            tuple(setup),
            (hands[0], hands[1]),
            types,
            (councils[0], councils[1]),
            (adjust[0], adjust[1]),
            adventure.lore_pool,
            owners,
            adventure.lore and (adventure.lore_master_landmarks or options.councils == "custom"),
            (cards[0], cards[1]),
        )
