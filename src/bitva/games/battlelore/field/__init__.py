"""The battlefield and the rules over it (rules section 2.1, 2.3, BL-3 to BL-8, BL-10, BL-11):
the board, the data model, movement, battle, morale and retreat, follow-ons and creatures, as
pure functions over `model.Field`.
"""
