"""BattleLore records of earlier formats, brought up to date (`Game.migrate_record`).

Format 1 drew Lore cards from piles that still held the cards BL-14.3 boxes: a Lore adventure's
draws cannot be written as format 2's `box` outcomes and counted draws, so such a record is
refused; one without Lore replays as it is.

Format 2 read BL-15.3 wrongly: a seat that played a Lore card in the opponent's turn lost the
refill at the end of its own next turn, and the state kept a flag for it (so every digest of a
format-2 record is of a state form that is gone). Format 3 gives that refill, and a creature
trampled by a retreating creature rolls its critical-risk dice (BL-11.5, D-25), which format 2
skipped. A format-2 record is replayed by today's rules and gets new digests when all of it is
still legal (every game without Lore, and a Lore game in which no reaction ever delayed a
refill); one that reaches a refill the old reading skipped is refused, naming the step, since
the players' later choices were made in another game.

Format 3 wrote a play of Forced March or Stealth with all its units, `lore WR05 F4 G5 C3`; format
4 chooses them one at a time (`lore/several.py`, issue 23): that play becomes `lore WR05 F4`,
`add G5`, `add C3`, and `done` where the choice is still open (the card could take more units).
The card, its units, its cost, its window and its effect are the same, so the game goes on as it
was; every digest is recomputed, since the steps are more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bitva.core.errors import BitvaError, RecordError, UnreadableAction
from bitva.games.battlelore.actions import PlayLore, parse
from bitva.games.battlelore.lore.several import DECISION, ONE_AT_A_TIME
from bitva.games.battlelore.static import Static

if TYPE_CHECKING:
    from bitva.games.battlelore.game import BattleLore


def migrate(game: BattleLore, data: dict[str, Any]) -> dict[str, Any]:
    """`data` (a record of format 1, 2 or 3) in format 4, or RecordError saying why it cannot
    be."""
    static = Static.build(game.options(data.get("options") or {}))
    if int(data.get("format", 1)) < 2 and static.lore:
        raise RecordError(
            "this BattleLore game with Lore was recorded before the Lore deck's boxed cards"
            " became chance outcomes (BL-14.3) and cannot be replayed by this version"
        )
    return with_new_digests(game, data)


def with_new_digests(game: BattleLore, data: dict[str, Any]) -> dict[str, Any]:
    """`data` replayed by today's rules, with the digest of today's state after every step;
    RecordError at the first step that is no longer legal, or if the outcome comes out other."""
    state = game.new(data.get("options") or {}, int(data["seed"]))
    digests: list[str] = []
    actions: list[str] = []
    for index, text in enumerate(data.get("actions") or []):
        decision = state.decision if state.current_player is not None else "the end"
        try:
            if state.current_player is None:
                raise BitvaError("the game is already over")
            for step in _one_at_a_time(str(text)):
                state.apply(step)
                actions.append(step)
                digests.append(state.digest())
            if state.decision == DECISION and _several(str(text)):
                state.apply("done")  # the units written were the whole play
                actions.append("done")
                digests.append(state.digest())
        except BitvaError as exc:
            if decision == "refill":
                raise RecordError(
                    f"step {index + 1} ({text!r}): this game was recorded when a Lore card played"
                    " in the opponent's turn cost its player the next refill (BL-15.3, as"
                    " earlier versions read it); today's rules give that refill here, so the"
                    " rest of the game cannot be replayed by this version"
                ) from exc
            raise RecordError(f"step {index + 1} ({text!r}): {exc}") from exc
    outcome = state.outcome.to_json() if state.outcome else None
    recorded = data.get("outcome")
    if recorded is not None and recorded != outcome:
        raise RecordError(f"the replay by today's rules ends {outcome}, the record {recorded}")
    return {**data, "actions": actions, "digests": digests, "outcome": outcome}


def _several(text: str) -> bool:
    """Whether `text` plays a card whose units format 4 chooses one at a time."""
    try:
        action = parse(text)
    except UnreadableAction:
        return False
    return isinstance(action, PlayLore) and action.card in ONE_AT_A_TIME and bool(action.words)


def _one_at_a_time(text: str) -> list[str]:
    """A format-3 step in format 4's steps: `lore WR05 F4 G5` is `lore WR05 F4`, `add G5`
    (the `done` that may follow depends on the state); any other step is itself."""
    if not _several(text):
        return [text]
    action = parse(text)
    assert isinstance(action, PlayLore)
    first, *others = action.words
    return [str(PlayLore(action.card, (first,))), *(f"add {hex_}" for hex_ in others)]
