"""Position files (issue 11): the file (an adventure whose units carry their state), the rest of
a state as tables, a battle in progress, and file to state and back.
"""
