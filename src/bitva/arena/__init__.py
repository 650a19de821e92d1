"""The arena: whole games between agents (`simulation`, on one core, local processes or Ray),
round-robin tournaments stored game by game (`tournament`, `standings`, `elo`), benchmarks of solo
games (`benchmark`) and reports (`report`). The agents themselves live in `bitva.ai`.
"""
