"""BattleLore's side of the AI (docs/ai.md, "BattleLore"): the agents' budgets, the evaluation
and the scripted `rush` opponent.
"""
