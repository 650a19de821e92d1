"""What a player may know before acting (issue 11): `bitva analyse battlelore` (`report.py`) and
the odds of each attack that both front ends show (`odds.py`).
"""
