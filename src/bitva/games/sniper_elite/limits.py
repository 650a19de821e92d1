"""Bounds of a solo game that the research interface declares before a game starts
(docs/research/sniper-elite.md): how many turns a game can last, how many tokens of each kind
can ever be in the bag, how long a game can be. Each bound is derived from the rules and the
shipped content, not measured; tests/sniper_elite/test_research.py checks random games of every
challenge stay within them.

Why a game is finite (SE-7.1): a defenders' turn begins only if the order deck holds a card, and
it always draws one into the right slot (SE-7.7), so every defenders' turn but the last (which
ends the game, "deck-empty") takes one card from the deck. The deck is refilled once at most:
the discard is shuffled in when the first objective is completed (SE-6.7(4)), and the second
completion ends the game (SE-9.1). The discard then holds at most one card per defenders' turn
played, i.e. at most the deck's starting size. So at most `2 * deck` defenders' turns take a
card, and the sniper has at most one turn more than that.
"""

from __future__ import annotations

from functools import cache

from bitva.games.sniper_elite.board import depot
from bitva.games.sniper_elite.catalogue import shipped_content
from bitva.games.sniper_elite.model import DEFENDER_IDS, TOKENS
from bitva.games.sniper_elite.options import MODIFIERS
from bitva.games.sniper_elite.setup import (
    boxed_counts,
    equipment_count,
    map_orders,
    starting_bag,
    starting_health,
)

SLOTS = 3  # the order board (SE-3.6)
LOOT = 3  # cards drawn by a loot (SE-6.6)
# no modifier and every modifier: a modifier only adds tokens to the bag (SE-4.8) and `radio+`
# alone changes the stack (SE-4.7), so these two bound every combination
RULE_SETS: tuple[frozenset[str], ...] = (frozenset(), frozenset(MODIFIERS))


def starting_deck(rules: frozenset[str]) -> int:
    """SE-4.3-4.5: the map's order cards less the boxed ones and the three on the board."""
    return len(map_orders(depot(), shipped_content())) - sum(boxed_counts(rules)) - SLOTS


def max_sniper_turns(rules: frozenset[str]) -> int:
    """The module docstring: `2 * deck` defenders' turns take a card, the sniper plays one turn
    before each and one after the last."""
    return 2 * starting_deck(rules) + 1


@cache
def token_limits() -> tuple[int, int, int, int]:
    """The most tokens of each kind (A, N, R, S) the bag can ever hold, under any options.

    Tokens only move between the bag and the health stack (hits SE-5.1, rewards SE-6.5(4), a
    new stack SE-5.3, Field Dressing 11.6), except two that come from the supply: an A for the
    accuracy reward, at most one a sniper turn (one shot a turn, SE-6.1), and one N when the
    first objective is completed (SE-6.7(1)). So a kind's limit is its most tokens in the bag at
    set-up (SE-4.8) plus its most in the stack (SE-4.7), each over every modifier, plus what
    the supply can add."""
    most = [
        max(starting_bag(rules)[t] for rules in RULE_SETS)
        + max(starting_health(rules).count(t) for rules in RULE_SETS)
        for t in TOKENS
    ]
    turns = max(max_sniper_turns(r) for r in RULE_SETS)
    return (most[0] + turns, most[1] + 1, most[2], most[3])


def max_ties() -> int:
    """SE-5.9: a tie picks among the distinct worst results of one dispute. Every alternative of
    a dispute puts one defender on one standable space (a move, a summon, a return, the noise
    step, Thrown Stone), and the same defender on the same space gives the same result, so a
    tie has at most `defenders * standable spaces` results."""
    geo = depot()
    return len(DEFENDER_IDS) * sum(1 for s in range(geo.size) if geo.standable(s))


def _card_ties(card_id: str) -> int:
    """The most ties one order card's steps can ask for (SE-8): a step resolved per probable
    objective (per_po), per mark (regroup) or per selected defender asks one dispute each; a
    `nearest_to_sniper` move asks one; search, recon, attack and an LKA update ask none."""
    geo, content = depot(), shipped_content()
    total = 0
    for step in content.order(card_id).steps:
        if step.per_po:
            total += len(geo.objective_at)
        elif step.op == "regroup":
            assert step.marks is not None
            total += max(len(marks) for marks in geo.regroup[step.marks].values())
        elif step.op in ("move", "summon"):
            total += 1 if step.who == "nearest_to_sniper" else len(DEFENDER_IDS)
    return total


def max_game_length(rules: frozenset[str]) -> int:
    """An upper bound on the actions and chance outcomes of one game started by `new`:

    - set-up (SE-4): the boxed order cards, the three slots, the equipment cards with at most
      one redraw for each card that has a second copy (D-32), the objective cards (each draw
      after the first two follows a `bottom`, and each draw empties the pile by one: at most
      twice the objectives) and the entry;
    - a sniper turn (SE-6): a card (Thrown Stone adds a tie), the move, the end, and the extra
      action at its longest: a shot (draw, reward, one tie per noise token drawn), a loot (the
      cards drawn and the keep) or the first completion (one tie per probable objective and
      the right slot refilled);
    - a defenders' turn (SE-7): the die, the longest order card's ties, the refill, and a
      return's tie and the player's placement (SE-7.8).
    """
    geo, content = depot(), shipped_content()
    spare = sum(card.copies - 1 for card in content.equipment)
    setup = sum(boxed_counts(rules)) + SLOTS + equipment_count(rules) + spare
    setup += 2 * len(geo.objective_at) + 1
    shot = 3 + token_limits()[1]
    loot = 1 + LOOT + 1
    complete = 1 + len(geo.objective_at) + 1
    sniper_turn = 2 + 1 + 1 + max(shot, loot, complete)
    mine = map_orders(geo, content)
    defenders_turn = 1 + max(_card_ties(card) for card in mine) + 1 + 2
    turns = max_sniper_turns(rules)
    return setup + turns * sniper_turn + (turns - 1) * defenders_turn
