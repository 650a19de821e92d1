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
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bitva.core.errors import BitvaError, RecordError
from bitva.games.battlelore.static import Static

if TYPE_CHECKING:
    from bitva.games.battlelore.game import BattleLore


def migrate(game: BattleLore, data: dict[str, Any]) -> dict[str, Any]:
    """`data` (a record of format 1 or 2) in format 3, or RecordError saying why it cannot be."""
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
    for index, text in enumerate(data.get("actions") or []):
        decision = state.decision if state.current_player is not None else "the end"
        try:
            if state.current_player is None:
                raise BitvaError("the game is already over")
            state.apply(str(text))
        except BitvaError as exc:
            if decision == "refill":
                raise RecordError(
                    f"step {index + 1} ({text!r}): this game was recorded when a Lore card played"
                    " in the opponent's turn cost its player the next refill (BL-15.3, as"
                    " earlier versions read it); today's rules give that refill here, so the"
                    " rest of the game cannot be replayed by this version"
                ) from exc
            raise RecordError(f"step {index + 1} ({text!r}): {exc}") from exc
        digests.append(state.digest())
    outcome = state.outcome.to_json() if state.outcome else None
    recorded = data.get("outcome")
    if recorded is not None and recorded != outcome:
        raise RecordError(f"the replay by today's rules ends {outcome}, the record {recorded}")
    return {**data, "digests": digests, "outcome": outcome}
