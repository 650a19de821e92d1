"""Warhammer: Age of Sigmar (1st edition, 2015): warscrolls as data (section 3, 6.1)."""
