"""The engine that carries the rules out: a queue of small tasks (set-up steps, the parts of a
shot, order-card steps, the defenders' turn SE-7) run until a chance node or a player's choice.

Every task is a JSON list, so a state stops and resumes anywhere (clone, record, position).
The defenders are the rules, not a seat: their whole turn runs here, and stops only at chance
(the die, card draws, random ties of the dispute rule) or where the rules hand the player a
choice (SE-7.8's free space beside an occupied iron cross).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from bitva.core.events import Event
from bitva.core.outcome import Outcome
from bitva.games.sniper_elite.board import Geometry
from bitva.games.sniper_elite.catalogue import Content, StepData
from bitva.games.sniper_elite.hits import Ruling, dispute, harm, rule_out, update_lka
from bitva.games.sniper_elite.model import OFF, Core, squad_of
from bitva.games.sniper_elite.orders import (
    attack,
    first_summon_alternatives,
    mark_alternatives,
    move_alternatives,
    per_po_alternatives,
    recon,
    recon_range,
    regroup_marks,
    return_alternatives,
    search,
    select,
    targets_of,
)
from bitva.games.sniper_elite.pending import (
    BottomChoice,
    BoxOrder,
    DieRoll,
    EntryChoice,
    EquipDraw,
    ObjectiveDraw,
    Pending,
    PlaceChoice,
    SlotOrder,
    TieDraw,
)
from bitva.games.sniper_elite.sniper_turn import nearest, noise_alternatives, toward_alternatives

Task = list[Any]
TASK_RULES = {
    "act": "SE-8.9", "po": "SE-8.10", "mark": "SE-8.12", "return": "SE-7.8", "noise": "SE-6.5",
    "first_summon": "SE-6.7", "stone": "SE-11.6", "defenders": "SE-7.1", "return_check": "SE-7.8",
}  # fmt: skip
OP_RULES = {
    "search": "SE-8.5", "recon": "SE-8.6", "attack": "SE-8.7", "move": "SE-8.9",
    "summon": "SE-8.8", "update_lka": "SE-5.5", "regroup": "SE-8.12",
}  # fmt: skip


class Flow:
    """The task engine, mixed into the state (see the module docstring)."""

    geo: Geometry
    content: Content
    rules: frozenset[str]
    core: Core
    queue: list[Task]
    pending: Pending | None
    slots: list[list[Any] | None]
    deck: list[str]
    discard: list[str]
    box: list[str]
    known: list[str]
    fd_source: str
    held: list[list[Any]]
    phase: str
    turn: int
    smoke: int | None
    prev_moved: list[str]
    drawn: dict[str, int] | None
    shot: dict[str, Any] | None
    _outcome: Outcome | None

    # -- running ---------------------------------------------------------------------------
    def run(self, events: list[Event]) -> None:
        """Run tasks until a decision, a chance node or the end."""
        while self.pending is None and self._outcome is None and self.queue:
            task = self.queue.pop(0)
            before = self.core.copy()
            getattr(self, "task_" + task[0])(task, events)
            self.ask_return_place(events)
            self.narrate(before, events, self.rule_of(task))
            self.check_lost(events)

    def rule_of(self, task: Task) -> str:
        if task[0] == "step":
            return OP_RULES[self.step_of(task).op]
        return TASK_RULES.get(str(task[0]), "SE-6")

    def push(self, *tasks: Task) -> None:
        """Run these next, in this order."""
        self.queue[0:0] = list(tasks)

    def check_lost(self, events: list[Event]) -> None:
        if self.core.lost and self._outcome is None:
            self.finish(events, False, "killed", "SE-5.3")

    def finish(self, events: list[Event], won: bool, reason: str, rule: str) -> None:
        done = sum(1 for _, completed in self.held if completed)
        params = {"objectives": done, "turn": self.turn}
        self._outcome = Outcome.solo(won, reason, params, rule, float(done))
        self.queue = []
        self.pending = None
        events.append(Event("game-over", self._outcome.to_json()))

    def open_spaces(self) -> list[int]:
        return [self.geo.objective_at[n] for n, done in self.held if not done]

    def settle(self, ruling: Ruling, why: str) -> None:
        """SE-5.9: the worst result for the sniper; equally bad distinct results are a chance
        node (`tie I`), weighted by how many alternatives gave each."""
        if ruling.certain:
            self.core = ruling.results[0]
            return
        results = tuple(c.to_json() for c in ruling.results)
        self.pending = TieDraw(why, results, tuple(ruling.weights))

    def resolve(self, alternatives: list[Any], why: str) -> None:
        if alternatives:
            self.settle(dispute(self.core, alternatives, self.geo, self.open_spaces()), why)

    def narrate(self, before: Core, events: list[Event], rule: str) -> None:
        """What changed, step by step in events (the rule in the data)."""
        after, name = self.core, self.geo.name_of
        for defender, was in before.defenders.items():
            now = after.defenders[defender]
            if was == now:
                continue
            data = {"defender": defender, "rule": rule}
            if now is None:
                events.append(Event("defender-removed", {**data, "from": name(was or 0)}))
            elif was is None:
                events.append(Event("defender-placed", {**data, "to": name(now)}))
            else:
                events.append(Event("defender-moved", {**data, "from": name(was), "to": name(now)}))
        if after.lka != before.lka:
            events.append(Event("lka", {"area": after.lka, "was": before.lka, "rule": rule}))
        taken = after.hits_taken - before.hits_taken
        if taken:
            events.append(
                Event("hit", {"count": taken, "health": "".join(after.health), "rule": rule})
            )
        if after.wounds > before.wounds:
            events.append(Event("wounded", {"health": "".join(after.health), "rule": "SE-5.3"}))
        for number in before.probable:
            if number not in after.probable:
                events.append(Event("ruled-out", {"objective": number, "rule": rule}))

    # -- set-up (SE-4) ------------------------------------------------------------------------
    def task_box_order(self, task: Task, events: list[Event]) -> None:
        self.pending = BoxOrder(str(task[1]))

    def task_setup_slot(self, task: Task, events: list[Event]) -> None:
        self.pending = SlotOrder(int(task[1]), bool(task[2]), "urgent")

    def task_setup_deck(self, task: Task, events: list[Event]) -> None:
        """SE-4.5: the rest of the urgent cards shuffled with the kept normal cards."""
        self.deck = self.sorted_cards(self.pool("urgent") + self.pool("normal"))
        events.append(Event("order-deck", {"cards": len(self.deck), "rule": "SE-4.5"}))

    def pool(self, group: str) -> list[str]:
        """Order cards of the map not yet placed during set-up, of one group."""
        placed = set(self.box) | {s[0] for s in self.slots if s is not None} | set(self.deck)
        urgent = group == "urgent"
        return [
            c.id
            for c in self.content.orders
            if c.map in ("any", self.geo.id) and c.urgent == urgent and c.id not in placed
        ]

    def sorted_cards(self, cards: list[str]) -> list[str]:
        order = [c.id for c in self.content.orders]
        return sorted(cards, key=order.index)

    def task_equip_draw(self, task: Task, events: list[Event]) -> None:
        self.pending = EquipDraw(str(task[1]))

    def task_objective_draw(self, task: Task, events: list[Event]) -> None:
        self.pending = ObjectiveDraw()

    def task_objective_check(self, task: Task, events: list[Event]) -> None:
        """SE-4.9: both of one colour: the player puts one at the bottom and draws again."""
        colours = {self.geo.objective_colour[n] for n, _ in self.held}
        if len(self.held) == 2 and len(colours) == 1:
            self.pending = BottomChoice()

    def task_entry(self, task: Task, events: list[Event]) -> None:
        self.pending = EntryChoice()

    # -- the shot (SE-6.5) ------------------------------------------------------------------
    def task_noise(self, task: Task, events: list[Event]) -> None:
        self.resolve(noise_alternatives(self.core, self.geo, self.rules, task[1]), "SE-6.5")

    def task_return_drawn(self, task: Task, events: list[Event]) -> None:
        """SE-6.5(6): the drawn tokens go back into the bag."""
        for token, n in (self.drawn or {}).items():
            self.core.bag[token] += n
        self.drawn = None
        self.shot = None
        self.core.noise_stop = False

    def task_stone(self, task: Task, events: list[Event]) -> None:
        """Thrown Stone (11.6): the defender nearest the space moves 2 toward it."""
        space = int(task[1])
        movers = nearest(self.core, self.geo, space)
        self.resolve(
            toward_alternatives(self.core, self.geo, self.rules, movers, space, 2, False), "SE-11.6"
        )

    # -- completing the first objective (SE-6.7) ------------------------------------------------
    def task_first_summon(self, task: Task, events: list[Event]) -> None:
        self.resolve(
            first_summon_alternatives(self.core, self.geo, self.rules, int(task[1])), "SE-6.7"
        )

    def task_reshuffle(self, task: Task, events: list[Event]) -> None:
        """SE-6.7(4): the order discard is shuffled into the deck; board cards stay."""
        if self.discard:
            self.deck = self.sorted_cards(self.deck + self.discard)
            self.known = self.sorted_cards(self.known + self.discard)
            self.discard = []
            if self.fd_source == "deck":
                self.fd_source = "old"
        events.append(Event("order-deck-shuffled", {"cards": len(self.deck), "rule": "SE-6.7"}))
        self.fill_empty_slot()

    def fill_empty_slot(self) -> None:
        """D-31: an empty right slot is filled as soon as the deck has a card again."""
        if self.slots[2] is None and self.deck and not any(t[0] == "refill" for t in self.queue):
            self.push(["refill"])

    def task_refill(self, task: Task, events: list[Event]) -> None:
        if self.slots[2] is None and self.deck:
            self.pending = SlotOrder(2, self.next_face_up())

    def next_face_up(self) -> bool:
        """SE-7.7: face down if both other cards are face up, face up if one is face down."""
        return any(s is not None and not s[1] for s in self.slots[:2])

    # -- the defenders' turn (SE-7) ---------------------------------------------------------
    def task_defenders(self, task: Task, events: list[Event]) -> None:
        """SE-7.1, SE-7.2 (`medic-early`: SE-7.8 first)."""
        if not self.deck:
            self.finish(events, False, "deck-empty", "SE-7.1")
            return
        if "medic-early" in self.rules:
            self.push(["return"], ["roll"])
        else:
            self.push(["roll"])

    def task_roll(self, task: Task, events: list[Event]) -> None:
        self.pending = DieRoll()

    def after_die(self, chevrons: int, events: list[Event]) -> None:
        """SE-7.2-7.4: the selected card, turned face up, resolved step by step."""
        slot = chevrons - 1
        entry = self.slots[slot]
        events.append(Event("order-die", {"chevrons": chevrons, "rule": "SE-7.2"}))
        tail: Task = ["after_card", slot]
        if entry is None:
            self.push(tail)
            return
        card = self.content.order(entry[0])
        if not entry[1]:
            entry[1] = True
            if card.id in self.known:
                self.known.remove(card.id)
            self.fd_source = ""
            events.append(Event("order-flipped", {"card": card.id, "rule": "SE-7.3"}))
        events.append(
            Event("order-resolved", {"card": card.id, "name": card.name, "rule": "SE-7.4"})
        )
        self.push(*[["step", card.id, i] for i in range(len(card.steps))], tail)

    def step_of(self, task: Task) -> StepData:
        return self.content.order(task[1]).steps[int(task[2])]

    def task_step(self, task: Task, events: list[Event]) -> None:
        """SE-8: one step of the resolving card."""
        step = self.step_of(task)
        core, geo = self.core, self.geo
        self.prev_moved, core.moved, core.used = list(core.moved), [], []
        events.append(
            Event(
                "order-step", {"card": task[1], "step": int(task[2]), "op": step.op, "rule": "SE-8"}
            )
        )
        if step.op == "update_lka":
            update_lka(core, geo)
        elif step.op == "regroup":
            assert step.marks is not None
            marks = regroup_marks(core, geo, step.marks)
            self.push(*[["mark", space, colour] for space, colour in marks])
        elif step.per_po:
            self.push(*[["po", task[1], task[2], n] for n in sorted(core.probable)])
        else:
            actors = select(core, geo, step, self.prev_moved, self.smoke)
            if step.op == "search":
                for d in actors:
                    if search(core, geo, self.rules, d):
                        events.append(
                            Event("found", {"defender": d, "how": "search", "rule": "SE-8.5"})
                        )
            elif step.op == "recon":
                reach = recon_range(step, self.rules)
                for d in actors:
                    if recon(core, geo, self.rules, d, reach, self.smoke):
                        events.append(
                            Event("found", {"defender": d, "how": "recon", "rule": "SE-8.6"})
                        )
            elif step.op == "attack":
                attackers = actors[:1] if step.who == "nearest_to_sniper" else actors
                for d in attackers:
                    events.append(Event("attack", {"defender": d, "rule": "SE-8.7"}))
                    attack(core, self.rules)
            elif step.who == "nearest_to_sniper":
                alternatives = []
                for d in actors:
                    alternatives += self.move_options(step, d)
                self.resolve(alternatives, "SE-8.9")
            else:
                self.push(*[["act", task[1], task[2], d] for d in actors])

    def move_options(self, step: StepData, defender: str) -> list[Any]:
        space = self.core.defenders[defender]
        if space is None or step.to is None or step.n is None:
            return []
        targets = targets_of(self.core, self.geo, step.to, space, None)
        return move_alternatives(self.core, self.geo, self.rules, defender, targets, step.n)

    def task_act(self, task: Task, events: list[Event]) -> None:
        self.resolve(self.move_options(self.step_of(task), str(task[3])), "SE-8.9")

    def task_po(self, task: Task, events: list[Event]) -> None:
        step = self.step_of(task)
        self.resolve(
            per_po_alternatives(self.core, self.geo, self.rules, step, int(task[3])), "SE-8.10"
        )

    def task_mark(self, task: Task, events: list[Event]) -> None:
        alternatives = mark_alternatives(self.core, self.geo, self.rules, int(task[1]), task[2])
        self.resolve(alternatives, "SE-8.12")

    def task_after_card(self, task: Task, events: list[Event]) -> None:
        """SE-7.5-7.7: discard, slide left, draw into the right slot."""
        slot = int(task[1])
        entry = self.slots[slot]
        if entry is not None:
            self.discard.append(entry[0])
            events.append(Event("order-discarded", {"card": entry[0], "rule": "SE-7.5"}))
        rest = [s for i, s in enumerate(self.slots) if i != slot]
        self.slots = [rest[0], rest[1], None]
        tail: list[Task] = [] if "medic-early" in self.rules else [["return"]]
        self.push(*tail, ["sniper_turn"])
        if self.deck:
            self.pending = SlotOrder(2, self.next_face_up())

    def task_return(self, task: Task, events: list[Event]) -> None:
        """SE-7.8: one off-board defender returns (dispute rule); beside an occupied cross the
        player chooses the space (scored for the dispute as his best choice)."""
        options, choices = return_alternatives(self.core, self.geo)
        if not options:
            return
        alternatives = []
        for defender, ways in options.items():
            if defender in choices:
                ways = [min(ways, key=self._harm_of)]
            alternatives += ways
        self.push(["return_check", choices, [d for d in options]])
        self.resolve(alternatives, "SE-7.8")

    def _harm_of(self, alternative: Any) -> tuple[int, ...]:
        result = self.core.copy()
        alternative(result)
        return harm(self.core, result, self.geo, self.open_spaces())

    def ask_return_place(self, events: list[Event]) -> None:
        """SE-7.8: a return the player places is asked in the same step as the return (or as
        the tie that picks it), before anything is told: the dispute's trial placement
        (`task_return`) never reaches the events (issue 21)."""
        if self.pending is None and self.queue and self.queue[0][0] == "return_check":
            self.task_return_check(self.queue.pop(0), events)

    def task_return_check(self, task: Task, events: list[Event]) -> None:
        """SE-7.8: the defender the dispute brought back beside its occupied cross is taken
        off again and the player asked where it stands (`defender-returns` tells which)."""
        choices: dict[str, list[int]] = task[1]
        for defender in task[2]:
            if self.core.defenders[defender] is not None and defender in choices:
                self.core.defenders[defender] = None
                self.pending = PlaceChoice(defender, tuple(choices[defender]))
                cross = self.geo.name_of(self.geo.crosses[squad_of(defender)])
                data = {"defender": defender, "cross": cross, "rule": "SE-7.8"}
                events.append(Event("defender-returns", data))
                return

    def task_sniper_turn(self, task: Task, events: list[Event]) -> None:
        """The defenders' turn ends (Smoke Grenade lapses); the sniper's turn begins."""
        self.smoke = None
        self.prev_moved, self.core.moved, self.core.used = [], [], []
        self.phase = "sniper"
        self.begin_turn()
        events.append(Event("sniper-turn", {"turn": self.turn, "rule": "SE-6.1"}))

    @abstractmethod
    def begin_turn(self) -> None:
        """Reset the sniper's per-turn resources (SE-6.1): the turn layer (`turn.py`) does it."""

    def first_completion(self, events: list[Event]) -> None:
        """SE-6.7 first objective: (1) 1 N into the bag, (2) rule out the probable objectives in
        the sniper's area, (3) summons (skipped with `dog+`), (4) the discard reshuffled."""
        core, geo = self.core, self.geo
        core.bag["N"] += 1
        for number in list(core.probable):
            if geo.areas[geo.objective_at[number]] == geo.areas[core.sniper]:
                rule_out(core, number)
        core.used = []
        tasks: list[Task] = []
        if "dog+" not in self.rules:
            tasks = [["first_summon", n] for n in sorted(core.probable)]
        self.push(*tasks, ["reshuffle"])

    def sniper_space(self) -> int:
        return self.core.sniper if self.core.sniper != OFF else -1
