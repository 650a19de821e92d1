"""The shipped BattleLore adventures (rules 5.5 and our own)."""
