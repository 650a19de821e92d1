"""Warhammer: Age of Sigmar (1st edition, 2015): warscrolls as data (section 3, 6.1), the exact
attack calculator (section 5) and the battle engine (section 4, :mod:`.battle`), registered as
the game ``age-of-sigmar``."""

from bitva.games.age_of_sigmar.game import GAME

__all__ = ["GAME"]
