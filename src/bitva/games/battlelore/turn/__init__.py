"""The steps of a turn as decision points (BL-1.2): set-up, the Command card and its orders,
movement and the battle step, the draw, the Lore refill and cleanup.
"""
