"""The battle as a :class:`bitva.core.State`: the decision points and chance nodes of
:mod:`.sequence` over an immutable :class:`.runtime.Runtime`, checked by :mod:`.engine`.

A clone shares the runtime (it is immutable) and copies the RNG. The battle file (the table,
scenery, warscrolls, options) does not change during a battle; the state refers to it by the
options' ``battle`` or, for a position read from text, by that text.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar, Self

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.core.game import Game
from bitva.core.outcome import Outcome
from bitva.core.rng import Rng
from bitva.core.state import State
from bitva.games.age_of_sigmar.analysis.snapshot import TableSnapshot
from bitva.games.age_of_sigmar.battle import engine
from bitva.games.age_of_sigmar.battle.actions import Action, parse_action
from bitva.games.age_of_sigmar.battle.candidates import candidate_actions
from bitva.games.age_of_sigmar.battle.characteristics import scroll_of, wounds_of
from bitva.games.age_of_sigmar.battle.deployment import set_up_battle
from bitva.games.age_of_sigmar.battle.loader import Battle, find_battle
from bitva.games.age_of_sigmar.battle.runtime import Runtime
from bitva.games.age_of_sigmar.battle.snapshot import snapshot_of
from bitva.games.age_of_sigmar.options import AgeOfSigmarOptions


@lru_cache(maxsize=16)
def battle_of(name: str) -> Battle:
    """The battle an options' ``battle`` names (a shipped setup or a file), loaded once."""
    return find_battle(name)


class AgeOfSigmarState(State[Action]):
    """One moment of a battle: the runtime, the battle file it is fought on, the RNG."""

    game: ClassVar[Game[Any, Any]]

    def __init__(
        self,
        options: AgeOfSigmarOptions,
        battle: Battle,
        rt: Runtime,
        rng: Rng,
        text: str | None = None,
    ) -> None:
        self._options = options
        self.battle = set_up_battle(battle, rt)  # AOS-2.5, AOS-3.1 decided in play
        self.rt = rt
        self.rng = rng
        self.text = text  # the position text the battle was read from (None: options.battle)

    # -- whose decision ---------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return engine.actor(self.rt)

    @property
    def outcome(self) -> Outcome | None:
        data = self.rt.outcome
        return None if data is None else Outcome.from_json(data)

    @property
    def decision(self) -> str:
        return self.rt.step

    @property
    def options(self) -> AgeOfSigmarOptions:
        return self._options

    @property
    def turn(self) -> int:  # type: ignore[override]
        """Turns played so far: two a round (AOS-4.1)."""
        return 2 * (self.rt.round - 1) + (0 if self.rt.active == self.rt.first else 1)

    # -- actions ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        return engine.chance_outcomes(self.battle, self.rt)

    def check(self, action: Action) -> Violation | None:
        return engine.check(self.battle, self.rt, action)

    def play(self, action: Action) -> list[Event]:
        self.rt, events = engine.play(self.battle, self.rt, action)
        if self.rt.phase == "set-up":
            self.battle = set_up_battle(self.battle, self.rt)
        if self.rt.outcome is not None:
            events.append(Event("game-over", dict(self.rt.outcome)))
        return events

    def candidate_actions(self, rng: Rng, n: int) -> list[Action]:
        if self.current_player is None or self.is_chance:
            return []
        return candidate_actions(self.battle, self.rt, rng, n)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def snapshot(self) -> TableSnapshot:
        """The table as the reach analysis reads it (issue 22), for the side whose turn it is."""
        return snapshot_of(self.battle, self.rt)

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.clone()
        return other

    # -- what a seat sees (perfect information: everyone sees everything) ---------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        rt, battle = self.rt, self.battle
        units = []
        for unit in rt.units:
            scroll = scroll_of(battle, unit)
            units.append(
                {
                    "id": unit.id,
                    "side": unit.side,
                    "warscroll": unit.warscroll,
                    "name": scroll.name,
                    "moved": unit.moved,
                    "ran": unit.ran,
                    "retreated": unit.retreated,
                    "charged": unit.charged,
                    "shot": unit.shot,
                    "fought": unit.fought,
                    "slain_this_turn": unit.slain_this_turn,
                    "run_roll": unit.run_roll,
                    "charge_roll": unit.charge_roll,
                    "effects": [e.name for e in unit.effects],
                    "models": [
                        {
                            "id": m.id,
                            "at": None if m.pos is None else list(m.pos),
                            "r": m.r,
                            "wounds_left": wounds_of(battle, rt, unit, m) - m.wounds_taken,
                            "status": m.status,
                            "tags": list(m.tags),
                            "champion": m.champion,
                            "general": m.is_general,
                        }
                        for m in unit.models
                    ],
                }
            )
        return {
            "battle": battle.data.name,
            "table": [battle.table.width, battle.table.depth],
            "features": [
                {"id": f.id, "name": f.name, "polygon": [list(p) for p in f.polygon]}
                for f in battle.features
            ],
            "round": rt.round,
            "max_rounds": battle.data.options.max_rounds,
            "first": rt.first,
            "active": rt.active,
            "phase": rt.phase,
            "step": rt.step,
            "unit": rt.unit,
            "picker": rt.picker,
            "army_size": list(rt.army_size),
            "casualties": list(rt.casualties),
            "attack": None
            if rt.attack is None
            else {k: rt.attack[k] for k in ("unit", "target", "kind")},
            "allocation": None  # the owner's pending casualties (AOS-10.2, AOS-12.2)
            if rt.allocation is None
            else {k: v for k, v in rt.allocation.items() if k in ("unit", "pool", "count")},
            "units": units,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "options": self._options.model_dump(),
            "text": self.text,
            "runtime": self.rt.to_json(),
            "rng": self.rng.state,
        }
