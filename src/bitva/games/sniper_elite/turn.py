"""The player's decisions (SE-4.9, SE-4.10, SE-6, SE-7.8): what is legal, why something is not,
and what each choice does. Mixed into the state; the rules themselves are in `sniper_turn`,
`hits` and `orders`.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from bitva.core.errors import Violation
from bitva.core.events import Event
from bitva.games.sniper_elite.actions import Act
from bitva.games.sniper_elite.catalogue import AREAS
from bitva.games.sniper_elite.flow import Flow
from bitva.games.sniper_elite.hits import rule_out
from bitva.games.sniper_elite.model import DEFENDER_IDS, OFF, TOKENS
from bitva.games.sniper_elite.movement import fewest_steps, sniper_moves
from bitva.games.sniper_elite.orders import sees
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
VERB_RULES = {"enter": "SE-4.10", "bottom": "SE-4.9", "move": "SE-6.4", "use": "SE-6.8",
              "end": "SE-6.9", "place": "SE-7.8", "reward": "SE-6.5", "complete": "SE-6.7",
              "loot": "SE-6.6"}  # fmt: skip


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
    decided: dict[str, Any] | None = None

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

    def move_refusal(self, words: tuple[str, ...]) -> Violation:
        """Why a move to a space is not legal now, in the player's terms (SE-6.1, SE-6.2,
        SE-2.5, SE-2.7): "i7 is 6 steps away; you can move 3"."""
        if self.moved:
            return Violation("one move a turn", "SE-6.1")
        geo, core, name = self.geo, self.core, words[0]
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
            asked = f", not {words[1]}" if len(words) > 1 else ""
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

    def seat_actions(self) -> list[Act]:
        kind = self.pending["kind"] if self.pending is not None else "turn"
        name = self.geo.name_of
        if kind == "bottom":
            return [Act("bottom", (str(n),)) for n, _ in self.held]
        if kind == "entry":
            held = [int(n) for n, _ in self.held]
            return [Act("enter", (e,)) for e in entries_allowed(self.geo, held)]
        if kind == "reward":
            return [Act("reward", tuple(r.split())) for r in self.pending["options"]]  # type: ignore[index]
        if kind == "keep":
            return [Act("keep", (c,)) for c in sorted(set(self.loot_drawn))]
        if kind == "place":
            return [Act("place", (name(s),)) for s in self.pending["spaces"]]  # type: ignore[index]
        out = [
            Act("move", (name(s), str(n)))
            for s, counts in sorted(self.moves().items())
            for n in counts
        ]
        if self.entry is not None:  # SE-4.12, D-10: the first move comes first
            return out or [Act("end")]
        here = self.core.sniper
        if not self.extra:
            size = self.bag_size()
            out += [Act("shoot", (d, str(k))) for d in self.targets() for k in range(1, size + 1)]
            if loot_allowed(self.geo, here, [int(n) for n, _ in self.held]):
                out.append(Act("loot"))
            if open_objective_here(self.geo, here, self.held_pairs()) is not None:
                out.append(Act("complete"))
        if not self.equip_used:
            for card in sorted(set(self.available)):
                out += [Act("use", (card, *p)) for p in self.card_params(card)]
        out.append(Act("end"))
        return out

    def held_pairs(self) -> list[tuple[int, bool]]:
        return [(int(n), bool(c)) for n, c in self.held]

    def card_params(self, card: str) -> list[tuple[str, ...]]:
        """11.5, 11.6: when each card may be used, and with what."""
        core, geo = self.core, self.geo
        if card in BEFORE_MOVE:
            return [()] if not self.moved else []
        if card in BEFORE_SHOT:
            return [()] if not self.extra and self.targets() and self.bag_size() else []
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
            return [(geo.name_of(s),) for s in spaces]
        if card == "FIELD_DRESSING":
            most = min(2, recoil_in(core.bag), 4 - recoil_in(core.health))
            return [(str(n),) for n in range(1, most + 1)]
        if card == "BINOCULARS":
            return [()] if any(s is not None and not s[1] for s in self.slots) else []
        if card == "FALSE_REPORT":
            own = geo.areas[core.sniper]
            return [(a,) for a in AREAS if a not in (own, core.lka)]
        return [()]

    def why_illegal(self, action: Act) -> Violation:
        """Why a seat action is not legal now, in the player's terms."""
        kind = self.decision
        verb = action.verb
        if kind != "turn":
            return Violation(
                f"now choose: {', '.join(str(a) for a in self.seat_actions())}", "SE-6.1"
            )
        if self.entry is not None and verb != "move":
            return Violation("the first turn begins with the move from the entry point", "D-10")
        if verb == "move":
            return self.move_refusal(action.words)
        if verb in ("shoot", "loot", "complete") and self.extra:
            return Violation("one extra action a turn", "SE-6.1")
        if verb == "shoot":
            if action.words[0] not in self.targets():
                return Violation(f"{action.words[0]} is not in line of sight", "SE-2.9")
            return Violation(f"draw 1 to {self.bag_size()} tokens", "D-13")
        if verb == "loot":
            return Violation("loot only on an objective space not on your cards", "SE-6.6")
        if verb == "complete":
            return Violation("stand on an open objective's space to complete it", "SE-6.7")
        if verb == "use":
            if self.equip_used:
                return Violation("one equipment card a turn", "SE-6.8")
            if action.words[0] not in self.available:
                return Violation(f"{action.words[0]} is not among your equipment", "SE-6.8")
            return Violation(f"{action.words[0]} cannot be used like that now", "SE-11.5")
        return Violation(f"{action} is not legal now", "SE-6.1")

    # -- what each choice does ---------------------------------------------------------------
    def play_seat(self, action: Act, events: list[Event]) -> None:
        before = self.core.copy()
        verb, words = action.verb, action.words
        self.decided, self.pending = self.pending, None  # a decision point is answered
        getattr(self, "do_" + verb)(words, events)
        if verb != "end":  # the end narrates its own check before the defenders' turn
            self.narrate(before, events, VERB_RULES.get(verb, "SE-6"))
        self.check_lost(events)

    def do_bottom(self, words: tuple[str, ...], events: list[Event]) -> None:
        """SE-4.9: the chosen card goes to the bottom, another is drawn."""
        number = int(words[0])
        self.held = [h for h in self.held if int(h[0]) != number]
        self.obj_bottom.append(number)
        events.append(Event("objective-bottomed", {"rule": "SE-4.9"}, {"objective": number}, 1))
        self.push(["objective_draw"], ["objective_check"])

    def do_enter(self, words: tuple[str, ...], events: list[Event]) -> None:
        """SE-4.10, SE-4.11: the sniper on the entry point; LKA its area; trace cubes."""
        area = self.geo.entries[words[0]][0]
        self.entry = words[0]
        self.core.sniper = OFF
        self.core.lka = area
        self.core.probable = first_probable(self.geo, area, self.rules)
        self.phase = "sniper"
        self.begin_turn()
        events.append(Event("entered", {"entry": words[0], "area": area, "rule": "SE-4.10"}))

    def begin_turn(self) -> None:
        """SE-3.9: a new turn record; the hit cap counts afresh (SE-5.2)."""
        self.turn += 1
        self.moved = self.extra = self.equip_used = False
        self.effects = []
        self.core.hits = 0
        self.core.wounded_now = False

    def do_move(self, words: tuple[str, ...], events: list[Event]) -> None:
        """SE-6.2-6.4."""
        end, steps = self.geo.space(words[0]), int(words[1])
        start = self.entry or self.geo.name_of(self.core.sniper)
        self.core.sniper = end
        self.entry = None
        self.moved = True
        events.append(
            Event("sniper-moved", {"from": start, "to": words[0], "steps": steps, "rule": "SE-6.2"})
        )
        move_noise(self.core, self.geo, self.rules, steps, "NOISE_MASKING" in self.effects)
        self.effects = [e for e in self.effects if e not in BEFORE_MOVE]

    def do_shoot(self, words: tuple[str, ...], events: list[Event]) -> None:
        """SE-6.5(1), (2): target and tokens; the draw is chance."""
        target, k = words[0], int(words[1])
        reach = self.shot_reach(target)
        self.extra = True
        self.shot = {"target": target, "range": reach, "silent": "SILENT_ROUNDS" in self.effects}
        self.effects = [e for e in self.effects if e not in BEFORE_SHOT]
        events.append(
            Event("shot", {"target": target, "range": reach, "tokens": k, "rule": "SE-6.5"})
        )
        self.pending = {"kind": "draw", "k": k}

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
                self.pending = {"kind": "reward", "options": options}
            else:
                self.do_reward(tuple(options[0].split()), events)

    def do_reward(self, words: tuple[str, ...], events: list[Event]) -> None:
        apply_reward(self.core, " ".join(words))
        events.append(Event("reward", {"reward": " ".join(words), "rule": "SE-6.5"}))

    def do_loot(self, words: tuple[str, ...], events: list[Event]) -> None:
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
            self.pending = {"kind": "keep"}
        elif self.loot_drawn:
            self.do_keep((self.loot_drawn[0],), events)

    def do_keep(self, words: tuple[str, ...], events: list[Event]) -> None:
        """SE-6.6: one card kept; the others shuffled back into the deck."""
        self.loot_drawn.remove(words[0])
        self.available.append(words[0])
        self.equip_pile = sorted(self.equip_pile + self.equip_bottom + self.loot_drawn)
        self.equip_bottom, self.loot_drawn = [], []
        events.append(Event("equipment-kept", {"card": words[0], "rule": "SE-6.6"}))

    def do_complete(self, words: tuple[str, ...], events: list[Event]) -> None:
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

    def do_use(self, words: tuple[str, ...], events: list[Event]) -> None:
        """SE-6.8, 11.6: one card a turn, one use each."""
        card = words[0]
        self.equip_used = True
        self.available.remove(card)
        self.used_cards.append(card)
        events.append(
            Event("equipment-used", {"card": card, "param": list(words[1:]), "rule": "SE-6.8"})
        )
        core = self.core
        if card == "THROWN_STONE":
            self.push(["stone", self.geo.space(words[1])])
        elif card == "FIELD_DRESSING":
            take_recoil(core, int(words[1]))
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
        elif card == "FALSE_REPORT":
            core.lka = words[1]
        else:
            self.effects.append(card)

    def do_end(self, words: tuple[str, ...], events: list[Event]) -> None:
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

    def do_place(self, words: tuple[str, ...], events: list[Event]) -> None:
        """SE-7.8: the player's free space beside the occupied iron cross."""
        assert self.decided is not None
        defender = str(self.decided["defender"])
        self.core.defenders[defender] = self.geo.space(words[0])
