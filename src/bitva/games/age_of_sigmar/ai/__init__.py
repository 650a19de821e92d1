"""The Age of Sigmar agents' support (issue 22, point 5): the evaluation a wargamer would
recognise (:mod:`.evaluation`), the agents' budgets (:mod:`.settings`) and the planned moves
cached per position (:mod:`.moves`). docs/ai.md ("Age of Sigmar") has the measurements."""
