"""The player's decisions (SE-4.9, SE-4.10, SE-6, SE-7.8): what is legal, why something is not,
and what each choice does. Mixed into the state; the rules themselves are in `sniper_turn`,
`hits` and `orders`.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.sniper_elite.actions import (
    Bottom,
    Complete,
    End,
    Enter,
    Keep,
    Loot,
    Move,
    Place,
    Reward,
    SeatAction,
    Shoot,
    Use,
)
from bitva.games.sniper_elite.catalogue import AREAS
from bitva.games.sniper_elite.flow import Flow
from bitva.games.sniper_elite.hits import rule_out
from bitva.games.sniper_elite.model import DEFENDER_IDS, OFF, TOKENS
from bitva.games.sniper_elite.movement import fewest_steps, sniper_moves
from bitva.games.sniper_elite.orders import sees
from bitva.games.sniper_elite.pending import (
    BottomChoice,
    DrawTokens,
    EntryChoice,
    KeepChoice,
    Pending,
    PlaceChoice,
    RewardChoice,
)
from bitva.games.sniper_elite.setup import entries_allowed, first_probable
from bitva.games.sniper_elite.sniper_turn import (
    apply_reward,
    end_of_turn,
    loot_allowed,
    move_cost,
    move_noise,
    open_objective_here,
    recoil_in,
    rewards,
    shot_hits,
    take_recoil,
)

BEFORE_MOVE = ("NOISE_MASKING", "GRAPNEL")
BEFORE_SHOT = ("SILENT_ROUNDS", "SCOPE_ADJUSTMENT")
STONE_RANGE = 4
ACTION_RULES: dict[type[SeatAction], str] = {
    Enter: "SE-4.10", Bottom: "SE-4.9", Move: "SE-6.4", Use: "SE-6.8", End: "SE-6.9",
    Place: "SE-7.8", Reward: "SE-6.5", Complete: "SE-6.7", Loot: "SE-6.6",
}  # fmt: skip


class SniperTurn(Flow):
    entry: str | None
    moved: bool
    extra: bool
    equip_used: bool
    effects: list[str]
    available: list[str]
    used_cards: list[str]
    loot_drawn: list[str]
    equip_pile: list[str]
    equip_bottom: list[str]
    obj_pile: list[int]
    obj_bottom: list[int]
    decided: Pending | None = None

    @property
    @abstractmethod
    def decision(self) -> str:
        """The decision point's name: the state class (`state.py`) knows all of them."""

    # -- what is legal -----------------------------------------------------------------------
    def moves(self) -> dict[int, tuple[int, ...]]:
        """SE-6.2: where this turn's move may end, with its step counts."""
        if self.moved or self.phase != "sniper":
            return {}
        return sniper_moves(
            self.geo,
            self.core.sniper,
            self.core.occupied(),
            self.entry,
            grapnel="GRAPNEL" in self.effects,
        )

    def move_costs(self) -> list[dict[str, Any]]:
        """SE-6.3, SE-6.4: every legal move (space and steps) with what it would give away, the
        hits it costs and whether the last known area moves, so that a front end marks such
        spaces before the player chooses (issue 21)."""
        masked = "NOISE_MASKING" in self.effects
        out = []
        for space, counts in sorted(self.moves().items()):
            for steps in counts:
                hits, lka = move_cost(self.core, self.geo, self.rules, space, steps, masked)
                out.append(
                    {"to": self.geo.name_of(space), "steps": steps, "hits": hits, "lka": lka}
                )
        return out

    def move_refusal(self, move: Move) -> Violation:
        """Why a move to a space is not legal now, in the player's terms (SE-6.1, SE-6.2,
        SE-2.5, SE-2.7): "i7 is 6 steps away; you can move 3"."""
        if self.moved:
            return Violation("one move a turn", "SE-6.1")
        geo, core, name = self.geo, self.core, move.space
        space = geo.space(name)
        holders = [d for d, at in sorted(core.defenders.items()) if at == space]
        if holders:
            return Violation(f"{holders[0]} stands on {name}: you may not enter a defender's space",
                             "SE-6.2")  # fmt: skip
        if space == core.sniper:
            return Violation(f"you are on {name} already: a move leaves your space", "SE-6.2")
        if not geo.standable(space):
            what = "a wall" if geo.types[space] == "obstruction" else geo.types[space]
            return Violation(f"nobody can stand on {name}: it is {what}", "SE-2.5")
        counts = self.moves().get(space)
        if counts:
            said = " or ".join(map(str, counts))
            asked = f", not {move.steps}" if move.steps is not None else ""
            return Violation(f"{name} is reached in {said} step{'s' if counts != (1,) else ''}"
                             f"{asked}", "SE-6.2")  # fmt: skip
        grapnel = "GRAPNEL" in self.effects
        far = fewest_steps(geo, core.sniper, core.occupied(), self.entry, grapnel).get(space)
        if far is None:
            return Violation(f"no way leads to {name}: defenders or walls block it", "SE-6.2")
        if far > 3:
            return Violation(f"{name} is {far} steps away; you can move 3", "SE-6.2")
        return Violation(f"{name} is {far} steps away, but difficult ground on every way there"
                         " ends your move sooner", "SE-2.7")  # fmt: skip

    def targets(self) -> list[str]:
        """SE-6.5(1): on-board defenders in LOS, the sniper's own space included."""
        here = self.core.sniper
        if here == OFF:
            return []
        return [
            d
            for d in DEFENDER_IDS
            if (s := self.core.defenders[d]) is not None and sees(self.geo, here, s, self.smoke)
        ]

    def shot_reach(self, target: str) -> int:
        """SE-6.5(1): the range a shot at `target` counts (SE-2.8), one less (at least 1) with
        Scope Adjustment in use (11.6)."""
        space = self.core.defenders[target]
        assert space is not None
        reach = self.geo.shot_range(self.core.sniper, space)
        return max(1, reach - 1) if "SCOPE_ADJUSTMENT" in self.effects else reach

    def bag_size(self) -> int:
        return sum(self.core.bag.values())

    def seat_actions(self) -> list[SeatAction]:
        name = self.geo.name_of
        match self.pending:
            case None:
                return self.turn_actions()
            case RewardChoice(options=options):
                return [Reward(r) for r in options]
            case PlaceChoice(spaces=spaces):
                return [Place(name(s)) for s in spaces]
            case KeepChoice():
                return [Keep(c) for c in sorted(set(self.loot_drawn))]
            case BottomChoice():
                return [Bottom(int(n)) for n, _ in self.held]
            case EntryChoice():
                return [Enter(e) for e in entries_allowed(self.geo, [int(n) for n, _ in self.held])]
        return []  # chance decides

    def turn_actions(self) -> list[SeatAction]:
        """SE-6.1: the move, one extra action (shot, loot, completion), one card, the end."""
        name = self.geo.name_of
        out: list[SeatAction] = [
            Move(name(s), n) for s, counts in sorted(self.moves().items()) for n in counts
        ]
        if self.entry is not None:  # SE-4.12, D-10: the first move comes first
            return out or [End()]
        here = self.core.sniper
        if not self.extra:
            size = self.bag_size()
            out += [Shoot(d, k) for d in self.targets() for k in range(1, size + 1)]
            if loot_allowed(self.geo, here, [int(n) for n, _ in self.held]):
                out.append(Loot())
            if open_objective_here(self.geo, here, self.held_pairs()) is not None:
                out.append(Complete())
        if not self.equip_used:
            for card in sorted(set(self.available)):
                out += self.card_uses(card)
        out.append(End())
        return out

    def held_pairs(self) -> list[tuple[int, bool]]:
        return [(int(n), bool(c)) for n, c in self.held]

    def card_uses(self, card: str) -> list[Use]:
        """11.5, 11.6: when each card may be used, and with what."""
        core, geo = self.core, self.geo
        if card in BEFORE_MOVE:
            return [Use(card)] if not self.moved else []
        if card in BEFORE_SHOT:
            return [Use(card)] if not self.extra and self.targets() and self.bag_size() else []
        if card == "THROWN_STONE":
            if not core.on_board():
                return []
            spaces = [
                s
                for s in range(geo.size)
                if geo.standable(s)
                and sees(geo, core.sniper, s, self.smoke)
                and geo.shot_range(core.sniper, s) <= STONE_RANGE
            ]
            return [Use(card, space=geo.name_of(s)) for s in spaces]
        if card == "FIELD_DRESSING":
            most = min(2, recoil_in(core.bag), 4 - recoil_in(core.health))
            return [Use(card, amount=n) for n in range(1, most + 1)]
        if card == "BINOCULARS":
            return [Use(card)] if any(s is not None and not s[1] for s in self.slots) else []
        if card == "FALSE_REPORT":
            own = geo.areas[core.sniper]
            return [Use(card, area=a) for a in AREAS if a not in (own, core.lka)]
        return [Use(card)]

    def why_illegal(self, action: SeatAction) -> Violation:
        """Why a seat action is not legal now, in the player's terms."""
        if self.decision != "turn":
            return Violation(
                f"now choose: {', '.join(str(a) for a in self.seat_actions())}", "SE-6.1"
            )
        if self.entry is not None and not isinstance(action, Move):
            return Violation("the first turn begins with the move from the entry point", "D-10")
        match action:
            case Move():
                return self.move_refusal(action)
            case Shoot() | Loot() | Complete() if self.extra:
                return Violation("one extra action a turn", "SE-6.1")
            case Shoot(defender=defender) if defender not in self.targets():
                return Violation(f"{defender} is not in line of sight", "SE-2.9")
            case Shoot():
                return Violation(f"draw 1 to {self.bag_size()} tokens", "D-13")
            case Loot():
                return Violation("loot only on an objective space not on your cards", "SE-6.6")
            case Complete():
                return Violation("stand on an open objective's space to complete it", "SE-6.7")
            case Use() if self.equip_used:
                return Violation("one equipment card a turn", "SE-6.8")
            case Use(card=card) if card not in self.available:
                return Violation(f"{card} is not among your equipment", "SE-6.8")
            case Use(card=card):
                return Violation(f"{card} cannot be used like that now", "SE-11.5")
        return Violation(f"{action} is not legal now", "SE-6.1")

    # -- what each choice does ---------------------------------------------------------------
    def play_seat(self, action: SeatAction, events: list[Event]) -> None:
        before = self.core.copy()
        self.decided, self.pending = self.pending, None  # a decision point is answered
        match action:
            case Bottom(objective=number):
                self.do_bottom(number, events)
            case Enter(entry=entry):
                self.do_enter(entry, events)
            case Move(space=space, steps=int(steps)):
                self.do_move(space, steps, events)
            case Shoot(defender=defender, tokens=tokens):
                self.do_shoot(defender, tokens, events)
            case Reward(reward=reward):
                self.do_reward(reward, events)
            case Loot():
                self.do_loot(events)
            case Keep(card=card):
                self.do_keep(card, events)
            case Complete():
                self.do_complete(events)
            case Use():
                self.do_use(action, events)
            case Place(space=space):
                self.do_place(space, events)
            case End():
                self.do_end(events)
                self.check_lost(events)
                return  # the end narrates its own check before the defenders' turn
            case _:
                raise ValueError(f"{action} is not playable")  # a move without its steps
        self.narrate(before, events, ACTION_RULES.get(type(action), "SE-6"))
        self.check_lost(events)

    def do_bottom(self, number: int, events: list[Event]) -> None:
        """SE-4.9: the chosen card goes to the bottom, another is drawn."""
        self.held = [h for h in self.held if int(h[0]) != number]
        self.obj_bottom.append(number)
        events.append(Event("objective-bottomed", {"rule": "SE-4.9"}, {"objective": number}, 1))
        self.push(["objective_draw"], ["objective_check"])

    def do_enter(self, entry: str, events: list[Event]) -> None:
        """SE-4.10, SE-4.11: the sniper on the entry point; LKA its area; trace cubes."""
        area = self.geo.entries[entry][0]
        self.entry = entry
        self.core.sniper = OFF
        self.core.lka = area
        self.core.probable = first_probable(self.geo, area, self.rules)
        self.phase = "sniper"
        self.begin_turn()
        events.append(Event("entered", {"entry": entry, "area": area, "rule": "SE-4.10"}))

    def begin_turn(self) -> None:
        """SE-3.9: a new turn record; the hit cap counts afresh (SE-5.2)."""
        self.turn += 1
        self.moved = self.extra = self.equip_used = False
        self.effects = []
        self.core.hits = 0
        self.core.wounded_now = False

    def do_move(self, to: str, steps: int, events: list[Event]) -> None:
        """SE-6.2-6.4."""
        end = self.geo.space(to)
        start = self.entry or self.geo.name_of(self.core.sniper)
        self.core.sniper = end
        self.entry = None
        self.moved = True
        events.append(
            Event("sniper-moved", {"from": start, "to": to, "steps": steps, "rule": "SE-6.2"})
        )
        move_noise(self.core, self.geo, self.rules, steps, "NOISE_MASKING" in self.effects)
        self.effects = [e for e in self.effects if e not in BEFORE_MOVE]

    def do_shoot(self, target: str, k: int, events: list[Event]) -> None:
        """SE-6.5(1), (2): target and tokens; the draw is chance."""
        reach = self.shot_reach(target)
        self.extra = True
        self.shot = {"target": target, "range": reach, "silent": "SILENT_ROUNDS" in self.effects}
        self.effects = [e for e in self.effects if e not in BEFORE_SHOT]
        events.append(
            Event("shot", {"target": target, "range": reach, "tokens": k, "rule": "SE-6.5"})
        )
        self.pending = DrawTokens(k)

    def after_draw(self, counts: tuple[int, int, int, int], events: list[Event]) -> None:
        """SE-6.5(3)-(6): misfire or accuracy, the reward, the noise, the tokens back."""
        shot = self.shot
        assert shot is not None
        self.drawn = dict(zip(TOKENS, counts, strict=True))
        for token, n in self.drawn.items():
            self.core.bag[token] -= n
        success = shot_hits(counts, int(shot["range"]), self.rules)
        events.append(
            Event("tokens-drawn", {"tokens": self.drawn, "hit": success, "rule": "SE-6.5"})
        )
        noise = [] if shot["silent"] else [["noise", shot["target"]] for _ in range(counts[1])]
        self.push(*noise, ["return_drawn"])
        if success:
            before = self.core.copy()
            self.core.defenders[shot["target"]] = None
            self.narrate(before, events, "SE-6.5")
            options = rewards(self.core, self.rules)
            if len(options) > 1:
                self.pending = RewardChoice(tuple(options))
            else:
                self.do_reward(options[0], events)

    def do_reward(self, reward: str, events: list[Event]) -> None:
        apply_reward(self.core, reward)
        events.append(Event("reward", {"reward": reward, "rule": "SE-6.5"}))

    def do_loot(self, events: list[Event]) -> None:
        """SE-6.6: draw up to 3 equipment cards, keep 1; a probable objective is ruled out."""
        self.extra = True
        for number, space in self.geo.objective_at.items():
            if space == self.core.sniper:
                rule_out(self.core, number)
        count = min(3, len(self.equip_pile) + len(self.equip_bottom))
        events.append(Event("loot", {"cards": count, "rule": "SE-6.6"}))
        self.push(*[["equip_draw", "loot"] for _ in range(count)], ["loot_keep"])

    def task_loot_keep(self, task: list[Any], events: list[Event]) -> None:
        if len(set(self.loot_drawn)) > 1:
            self.pending = KeepChoice()
        elif self.loot_drawn:
            self.do_keep(self.loot_drawn[0], events)

    def do_keep(self, card: str, events: list[Event]) -> None:
        """SE-6.6: one card kept; the others shuffled back into the deck."""
        self.loot_drawn.remove(card)
        self.available.append(card)
        self.equip_pile = sorted(self.equip_pile + self.equip_bottom + self.loot_drawn)
        self.equip_bottom, self.loot_drawn = [], []
        events.append(Event("equipment-kept", {"card": card, "rule": "SE-6.6"}))

    def do_complete(self, events: list[Event]) -> None:
        """SE-6.7, SE-9.1."""
        number = open_objective_here(self.geo, self.core.sniper, self.held_pairs())
        assert number is not None
        self.extra = True
        for entry in self.held:
            if int(entry[0]) == number:
                entry[1] = True
        done = sum(1 for _, c in self.held if c)
        events.append(
            Event("objective-completed", {"objective": number, "count": done, "rule": "SE-6.7"})
        )
        if done >= 2:
            self.finish(events, True, "objectives", "SE-9.1")
        else:
            self.first_completion(events)

    def do_use(self, use: Use, events: list[Event]) -> None:
        """SE-6.8, 11.6: one card a turn, one use each."""
        card = use.card
        self.equip_used = True
        self.available.remove(card)
        self.used_cards.append(card)
        events.append(
            Event("equipment-used", {"card": card, "param": list(use.params), "rule": "SE-6.8"})
        )
        core = self.core
        if use.space is not None:  # THROWN_STONE
            self.push(["stone", self.geo.space(use.space)])
        elif use.amount is not None:  # FIELD_DRESSING
            take_recoil(core, use.amount)
        elif card == "BINOCULARS":
            for slot in self.slots:
                if slot is not None and not slot[1]:
                    slot[1] = True
                    if slot[0] in self.known:
                        self.known.remove(slot[0])
                    self.fd_source = ""
                    events.append(Event("order-flipped", {"card": slot[0], "rule": "SE-11.6"}))
        elif card == "SMOKE_GRENADE":
            self.smoke = core.sniper
        elif use.area is not None:  # FALSE_REPORT
            core.lka = use.area
        else:
            self.effects.append(card)

    def do_end(self, events: list[Event]) -> None:
        """SE-6.9, then the defenders' turn (SE-7)."""
        before = self.core.copy()
        if self.core.sniper != OFF:
            end_of_turn(self.core, self.geo, self.rules, "ENEMY_UNIFORM" in self.effects)
        self.narrate(before, events, "SE-6.9")
        self.narrate_end(events)

    def narrate_end(self, events: list[Event]) -> None:
        events.append(Event("sniper-turn-end", {"turn": self.turn, "rule": "SE-6.9"}))
        if self.core.lost:
            return
        self.phase = "defenders"
        self.begin_turn()
        events.append(Event("defenders-turn", {"turn": self.turn, "rule": "SE-7"}))
        self.push(["defenders"])

    def do_place(self, space: str, events: list[Event]) -> None:
        """SE-7.8: the player's free space beside the occupied iron cross."""
        assert isinstance(self.decided, PlaceChoice)
        self.core.defenders[self.decided.defender] = self.geo.space(space)
