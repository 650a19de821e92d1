"""Game-AI research interfaces over the core contract (docs/research.md): PettingZoo, Gymnasium
and OpenSpiel environments for every registered game with enumerable actions, and a batched
Lords of War (`bitva.rl.vector`). Install with `pip install 'bitva[rl]'`."""
