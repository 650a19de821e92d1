"""One battle as decision points (BL-4 to BL-7, BL-11, BL-13.9): the declaration, the roll, hits,
flags and retreat, a creature's steps, a Lore card's dice, and the banners they win (BL-16).
"""
