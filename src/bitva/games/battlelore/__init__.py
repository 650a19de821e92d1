"""BattleLore (Days of Wonder, 1st edition): rules of ../shared/rules/battlelore.md, BL-1 to BL-16.

Under construction (issue 11): the package registers its game once `game.py` exists.
"""
