"""bitva: tabletop wargames on the computer, rules exact."""

__version__ = "0.1.0"
