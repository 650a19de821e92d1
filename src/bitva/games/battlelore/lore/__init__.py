"""Lore (BL-9.3, BL-12 to BL-14): the War Council, the Lore economy, the 60 Lore cards and their
effects, the Lore deck as chance, the reaction windows and the wiring of the cards into the turn.
"""
