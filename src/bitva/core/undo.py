"""Undo before the dice: a seat takes back its own last decision, for any game.

What may be undone (docs/architecture.md, "Undo"): the last step of the game, when it is a
decision of the seat asking. Never a chance outcome (a die rolled, a card drawn: undoing it would
let a player roll again), never another seat's decision, and never a decision after which the
seat saw something that was hidden before (a card turned over by its own action): undoing that
would let a player look and then choose again. One decision is undone at a time; asking again
undoes the one before, back to the last chance outcome or the last decision of another seat.

How it is done: the state before the decision is rebuilt by replaying the record without its last
step (or taken from a copy the caller kept), its digest checked against the record's, and the
record loses its last action and digest. The state's RNG is restored with it (decisions never
step it; chance outcomes, which would, are never undone), so the undone game has the same future
as if the decision had never been made, and its record replays bit-exact.

Whether a decision revealed something is judged from the contract alone: the decision is played
again on several determinizations of the state before it for that seat (every way the hidden parts
could stand, as far as the seat knows); if the seat's view after it differs in any of them from
its view in the game, the decision showed the seat something that was hidden, and it stands.

Front ends decide who may ask: the terminal lets each human undo his own decisions (against the
AI that is his decisions of his own turn, before the AI replies); the server adds its table policy
(docs/server.md, "Undo").
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bitva.core.chance import CHANCE
from bitva.core.errors import BitvaError, RecordError
from bitva.core.record import GameRecord, Match, replay, start
from bitva.core.rng import Rng
from bitva.core.state import State

# Determinizations a decision is played on to judge whether it revealed something hidden.
REVEAL_TRIES = 6

# Why undo is refused, as a code front ends translate, with the English sentence.
REASONS: dict[str, str] = {
    "spectator": "only a seat can undo its own decisions",
    "over": "the game is over",
    "nothing": "there is no decision to undo",
    "chance": "the last step was chance (a roll or a draw): it cannot be taken back",
    "other-seat": "the last decision was not yours: only your own decisions can be undone",
    "revealed": "your last decision showed you something that was hidden: it stands",
    "table": "this table does not allow undo: the other players are shown every move as it is made",
}


@dataclass(frozen=True)
class Refusal:
    """Why a seat may not undo now: a code (`REASONS`) and a sentence for players."""

    reason: str
    message: str

    @classmethod
    def of(cls, reason: str) -> Refusal:
        return cls(reason, REASONS[reason])

    def __str__(self) -> str:
        return self.message

    def to_json(self) -> dict[str, str]:
        return {"reason": self.reason, "message": self.message}


class UndoRefused(BitvaError):
    """Undo asked where it is not allowed; `refusal` says why (CORE-4)."""

    rule = "CORE-4"

    def __init__(self, refusal: Refusal) -> None:
        self.refusal = refusal
        super().__init__(f"cannot undo: {refusal.message} ({self.rule})")


@dataclass
class Undone:
    """The result of an undo: the state before the undone decision, the record without it, and
    what was undone (its text and seat)."""

    state: State[Any]
    record: GameRecord
    action: str
    seat: int


def by_steps(seats: Sequence[int], seat: int | None, state: State[Any]) -> Refusal | None:
    """The refusal that the seats of the steps so far decide alone (cheap): `seats[i]` is who
    took step i (`CHANCE` for a chance outcome), `state` the game now. None: the last step is a
    decision of `seat` (whether it revealed something is `revealed`'s question)."""
    if seat is None or seat < 1:
        return Refusal.of("spectator")
    if state.outcome is not None:
        return Refusal.of("over")
    if not seats:
        return Refusal.of("nothing")
    if seats[-1] == CHANCE:
        return Refusal.of("chance")
    if seats[-1] != seat:
        return Refusal.of("other-seat")
    return None


def revealed(
    before: State[Any], action: str, after: State[Any], seat: int, tries: int = REVEAL_TRIES
) -> bool:
    """Whether playing `action` (text) in `before` showed `seat` something hidden from it: the
    seat's view of `after` is compared with its view after the same decision on `tries`
    determinizations of `before` for that seat. Deterministic, and seeded by what the seat saw
    before and the decision only, so that the answer tells the seat nothing of what is hidden
    from it. A game with perfect information never reveals anything."""
    if before.game.traits.information == "perfect":
        return False
    seen = after.view(seat)
    known = json.dumps([before.view(seat), action], sort_keys=True, default=str)
    rng = Rng(int.from_bytes(hashlib.sha256(known.encode("utf-8")).digest()[:8], "little"))
    for _ in range(tries):
        other = before.determinize(seat, rng)
        try:
            other.apply(action)
        except BitvaError:
            return True  # the decision depended on what the seat could not see
        if other.view(seat) != seen:
            return True
    return False


def rewind(record: GameRecord, count: int) -> tuple[State[Any], State[Any] | None]:
    """The state after the first `count` steps of `record` (replayed, each digest checked) and
    the state before the last of them (None when `count` is 0)."""
    if not 0 <= count <= len(record.actions):
        raise RecordError(f"cannot rewind to step {count}: the record has {len(record.actions)}")
    if count == 0:
        return start(record), None
    trimmed = record.model_copy(
        update={"actions": record.actions[:count], "digests": record.digests[:count]}
    )
    previous: State[Any] = start(record)
    state = previous
    for step in replay(trimmed):
        state = step.state
        if step.index < len(trimmed.digests) and state.digest() != trimmed.digests[step.index]:
            raise RecordError(f"step {step.index + 1} {step.action!r} does not give its digest")
        if step.index == count - 2:
            previous = state.clone()
    return state, previous


def check(
    record: GameRecord,
    seats: Sequence[int],
    seat: int | None,
    state: State[Any],
    before: State[Any] | None = None,
) -> Refusal | None:
    """Why `seat` may not undo the last step of `record` (None: it may). `seats` are the seats
    of its steps, `state` the game now, `before` the state before the last step when the caller
    kept it (otherwise the record is replayed)."""
    refusal = by_steps(seats, seat, state)
    if refusal is not None:
        return refusal
    assert seat is not None
    if len(seats) != len(record.actions):
        raise RecordError(f"{len(seats)} seats for {len(record.actions)} steps")
    if before is None:
        before, _ = rewind(record, len(record.actions) - 1)
    if revealed(before, record.actions[-1], state, seat):
        return Refusal.of("revealed")
    return None


def undo(
    record: GameRecord,
    seats: Sequence[int],
    seat: int | None,
    state: State[Any],
    before: State[Any] | None = None,
) -> Undone:
    """Undo the last step of `record`, a decision of `seat`; UndoRefused says why not. The
    returned state is a new object (`state` and `before` are left as they are); its digest is
    the record's digest before the undone step."""
    refusal = by_steps(seats, seat, state)
    if refusal is not None:
        raise UndoRefused(refusal)
    assert seat is not None
    count = len(record.actions) - 1
    if before is None:
        before, _ = rewind(record, count)
    else:
        before = before.clone()
    expected = record.digests[count - 1] if count > 0 and record.digests else None
    if expected is not None and before.digest() != expected:
        raise RecordError(f"the state kept before step {count + 1} is not the recorded one")
    refusal = check(record, seats, seat, state, before)
    if refusal is not None:
        raise UndoRefused(refusal)
    shorter = record.model_copy(
        update={
            "actions": record.actions[:count],
            "digests": record.digests[:count],
            "outcome": None,
        },
        deep=True,
    )
    return Undone(before, shorter, record.actions[-1], seat)


def undo_match(match: Match, seat: int | None) -> Undone:
    """Undo the last decision of a live `Match` for `seat` (its state, record and steps go back
    one step); UndoRefused says why not."""
    steps = match.steps
    seats = [step.seat for step in steps]
    if len(seats) != len(match.record.actions):  # a match that did not record every step
        raise RecordError("the match's steps and record disagree")
    done = undo(match.record, seats, seat, match.state)
    match.state, match.record = done.state, done.record
    del steps[-1]
    return done


def match_refusal(match: Match, seat: int | None) -> Refusal | None:
    """Why `seat` may not undo in `match` now (None: it may)."""
    return check(match.record, [step.seat for step in match.steps], seat, match.state)


__all__ = [
    "REASONS",
    "Refusal",
    "UndoRefused",
    "Undone",
    "by_steps",
    "check",
    "match_refusal",
    "revealed",
    "rewind",
    "undo",
    "undo_match",
]
