"""The evaluation of a battle position for the agents (issue 22, point 5; docs/ai.md, "Age of
Sigmar"), in three terms a wargamer reads off the table:

- **Losses** (AOS-15.2): each side's share of its army lost, as the battle's end counts it, with
  the wounds suffered by models still standing counted as part of a model (a Liberator on 1 of 2
  wounds is half lost), so a wound inflicted is worth something before the model falls.
- **Sudden death** (AOS-3.6, AOS-15.4): the share of the named unit's wounds lost (Assassinate,
  Blunt) counts for the player who chose the objective; Seize Ground counts their nearest model's
  approach to the feature; Endure, met by any model still standing after round 6, counts from
  one half, rising with the rounds (so an outnumbered player sees it as the objective it is).
- **Threat**: what each unit could inflict in its next turn on the enemy unit it reaches best: the
  mean damage of its melee weapons on that unit as the battle would roll it, with everything in
  force on both (:mod:`.blows`: modifiers, re-rolls, rend, the target's save and Mystic Shield,
  the Bloodsecrator's Portal of Skulls, Daemonic Power),
  weighted by the chance it fights (1 within 3", else the chance that a Move and a 2D6 charge
  bring it within 1/2", AOS-6, AOS-8), plus its missile weapons in range and in sight (AOS-7,
  AOS-11.2; a quarter of them when in range only after a Move, or hidden), each capped at the
  target's remaining wounds, as a share of the enemy army's wounds. A side with the stronger
  units in reach gains by closing in; the weaker side by keeping away.

The value for a side is the enemy's losses minus its own plus the weighted terms, clamped to
[-1, 1]. Losses and sudden death are zero-sum; the threat is not. Units already locked in
combat (within 3" of their best target) strike for certain, so that threat counts in full on
both sides, and in its own turn (up to its combat phase) the active side strikes first
(AOS-9.2): an enemy unit locked with its units strikes back only with the share of its wounds
left after their blows. A threat from farther off is a promise: a side counts its own at
`DISTANT_OWN` (a half) and the enemy's at `CAUTION` (0.15), so that it closes in rather
than waits (two cautious sides that only avoid each other draw every battle) and, once in
reach, makes the charge instead of hovering, when its blows outweigh the ones it will take
(Bloodreavers, 6+ save, do not charge Liberators, 4+, for nothing).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from bitva.games.age_of_sigmar.ai.blows import mean_damage, unit_key
from bitva.games.age_of_sigmar.battle.loader import Battle
from bitva.games.age_of_sigmar.battle.pre_battle import ENDURE_ROUNDS
from bitva.games.age_of_sigmar.battle.resolution import pending_pools
from bitva.games.age_of_sigmar.battle.runtime import Runtime, UnitState
from bitva.games.age_of_sigmar.geometry.measure import Circle, unit_to_unit
from bitva.games.age_of_sigmar.geometry.scenery import distance_to_feature
from bitva.games.age_of_sigmar.geometry.sight import units_see
from bitva.games.age_of_sigmar.warscroll import Warscroll

SUDDEN_DEATH_WEIGHT = 0.5
THREAT_WEIGHT = 0.25
AFTER_MOVE = 0.25  # missile weapons in range only after a move count this much
CAUTION = 0.15  # the weight of the enemy's distant threat (docs/ai.md, correction 12)
DISTANT_OWN = 0.5  # the weight of one's own threat from units not yet locked in combat
MELEE_REACH = 3.0  # AOS-9.1: a unit within 3" of an enemy fights
CHARGE_END = 0.5  # AOS-8.3: a charge ends within 1/2" of the target
SEIZE_RANGE = 3.0  # AOS-3.6 Seize Ground: a friendly model within 3" of the feature
FAR = 48.0  # inches of charge needed at which the distant threat has faded to 0
FAR_VALUE = 0.2  # the distant threat's value at 0" (a 12" charge: 1/36 or this tail, 0.15)
NEXT_TURN = 0.5  # a charge in one's next turn, after the enemy's turn, counts half
EXACT_WITHIN = 24.0  # farther apart, units' distance is read off their enclosing circles
RUN_COST = 1e-4  # a run gives up the turn's shooting and charge: never for nothing (a tie)
TURN_PHASES = ("hero", "movement", "shooting", "charge", "combat", "battleshock")
STRIKING_PHASES = ("hero", "movement", "shooting", "charge", "combat")

# P(2D6 >= k) for k = 0..13 (AOS-8.2: the charge roll)
_TWO_D6 = [sum(1 for a in range(1, 7) for b in range(1, 7) if a + b >= k) / 36 for k in range(14)]


def charge_chance(needed: float) -> float:
    """The chance that a 2D6 charge roll is at least `needed` inches (AOS-8.2), but never less
    than a small value fading to 0 at `FAR` inches (`FAR_VALUE` at 0"), so that a unit out of
    reach still gains by closing in (the threat of the turns after). Never rises with
    `needed`."""
    k = max(0, int(-(-needed // 1)))  # ceil, at least 0
    tail = FAR_VALUE * max(0.0, 1.0 - needed / FAR)
    return max(_TWO_D6[k] if k <= 12 else 0.0, tail)


def turns_ahead(battle: Battle, rt: Runtime, side: str) -> int:
    """The turns `side` will still begin (AOS-4.1, AOS-4.4, D-30): one in each later round, and
    this round's second turn when it is the side's and has not begun. Before a round's turns
    (set-up, the priority roll-off) all of that round's turns are ahead."""
    rounds = battle.data.options.max_rounds - rt.round
    if rt.phase not in TURN_PHASES:
        return rounds + 1
    return rounds + (1 if rt.active == rt.first and side != rt.active else 0)


def blows_remain(battle: Battle, rt: Runtime) -> bool:
    """Whether any combat phase is still to come in the battle (this turn's, or a later
    turn's): after the last turn's combat phase no wound is dealt in a fight again."""
    if rt.phase in STRIKING_PHASES:
        return True
    return turns_ahead(battle, rt, "A") + turns_ahead(battle, rt, "B") > 0


_REACH: dict[tuple[int, str], tuple[Warscroll, float, bool, bool]] = {}


def _arms(scroll: Warscroll, loadout: str) -> tuple[float, bool, bool]:
    """A loadout's longest missile range and whether it has melee and missile weapons
    (remembered per warscroll object)."""
    key = (id(scroll), loadout)
    found = _REACH.get(key)
    if found is None or found[0] is not scroll:
        weapons = [scroll.weapon(name) for name in scroll.loadout(loadout).weapons]
        missiles = [w.range for w in weapons if w.kind == "missile"]
        melee = any(w.kind == "melee" for w in weapons)
        found = _REACH[key] = (scroll, max(missiles, default=0.0), melee, bool(missiles))
    return found[1], found[2], found[3]


def _wounds(battle: Battle, unit: UnitState) -> int:
    return battle.warscrolls[unit.warscroll].stats.wounds


def _wounded(battle: Battle, unit: UnitState) -> float:
    """The wounds suffered by the unit's standing models, as parts of a model."""
    wounds = _wounds(battle, unit)
    return sum(min(1.0, m.wounds_taken / wounds) for m in unit.models if m.status == "table")


def _pooled(battle: Battle, unit: UnitState, pool: float) -> float:
    """A pending pool of wound points on the unit (AOS-12.1), as parts of a model: no more than
    the wounds it has left."""
    wounds = _wounds(battle, unit)
    left = sum(wounds - m.wounds_taken for m in unit.models if m.status == "table")
    return min(pool, float(left)) / wounds


def losses(
    battle: Battle, rt: Runtime, pools: Mapping[str, float] | None = None
) -> tuple[float, float]:
    """Each side's share of its army lost (AOS-15.2: casualties over army size), wounds on
    standing models counted as parts of a model while a combat phase is still to come (after
    the last one, the battle's end counts only models slain), and so are the wound points of
    an attack being resolved (`pools`, by target unit: a roll still to come counts its mean)."""
    shares = []
    wounds_count = blows_remain(battle, rt)
    pools = pools or {}
    for index, side in enumerate(("A", "B")):
        partial = sum(_wounded(battle, u) for u in rt.units if u.side == side)
        partial = partial if wounds_count else 0.0
        partial += sum(
            _pooled(battle, u, pools[u.id]) for u in rt.units if u.side == side and u.id in pools
        )
        shares.append((rt.casualties[index] + partial) / max(1, rt.army_size[index]))
    return shares[0], shares[1]


def sudden_death(battle: Battle, rt: Runtime, pools: Mapping[str, float] | None = None) -> float:
    """AOS-3.6, AOS-15.4: the chooser's progress towards the objective in [0, 1], signed for side
    A (negative when B chose it); 0 when no objective was taken."""
    sd = rt.sudden_death
    if sd is None:
        return 0.0
    progress = 0.0
    if sd.objective in ("assassinate", "blunt") and sd.named_unit is not None:
        if not rt.has_unit(sd.named_unit):
            return 0.0
        unit = rt.unit_by_id(sd.named_unit)
        wounds = _wounds(battle, unit)
        total = wounds * len(unit.models)
        taken = sum(
            wounds if m.status in ("slain", "fled") else min(wounds, m.wounds_taken)
            for m in unit.models
        )
        pending = min(float(total - taken), (pools or {}).get(unit.id, 0.0))
        progress = (taken + pending) / max(1, total)
    elif sd.objective == "endure":
        # met at the end of round 6 by any model still standing: surer as the rounds pass
        if any(m.status == "table" for u in rt.units if u.side == sd.chooser for m in u.models):
            progress = 0.5 + 0.5 * min(rt.round, ENDURE_ROUNDS) / ENDURE_ROUNDS
    elif sd.objective == "seize_ground" and sd.feature is not None:
        feature = next((f for f in battle.features if f.id == sd.feature), None)
        if feature is not None:
            mine = [c for u in rt.units if u.side == sd.chooser for c in u.circles()]
            if mine:
                d = min(distance_to_feature(c, feature) for c in mine)
                progress = 1.0 if d <= SEIZE_RANGE else max(0.0, 1.0 - (d - SEIZE_RANGE) / 24)
                progress *= 0.5  # the ground is held only at the end of round 4
    return progress if sd.chooser == "A" else -progress


def fight_chance(battle: Battle, rt: Runtime, unit: UnitState, d: float) -> float:
    """The chance that the unit fights an enemy unit `d` inches away in its next combat phase:
    1 within 3" (AOS-9.1); else the chance of a charge reaching 1/2" (AOS-8.2, 8.3) after a Move
    where one is left (AOS-6.2). In its own turn before the charge phase that is this turn's
    charge (none after a run or retreat, AOS-6.4, 8.1); otherwise the next turn's, which comes
    after the enemy's turn when it is the unit's own turn now (halved: `NEXT_TURN`). A charge in
    a turn the battle will not reach (AOS-4.4) is no chance, nor a fight after the last combat
    phase."""
    if d <= MELEE_REACH:
        return 1.0 if blows_remain(battle, rt) else 0.0
    move = battle.warscrolls[unit.warscroll].stats.move
    after = max(d - move, MELEE_REACH) - CHARGE_END
    next_turn = charge_chance(after) if turns_ahead(battle, rt, unit.side) else 0.0
    if unit.side != rt.active:
        return next_turn
    later = NEXT_TURN * next_turn
    if rt.phase in ("hero", "movement", "shooting", "charge") and not unit.charged:
        if unit.ran or unit.retreated:
            return later
        now = charge_chance(
            d - CHARGE_END if unit.moved or rt.phase not in ("hero", "movement") else after
        )
        return max(now, later)
    return later


@dataclass(frozen=True, slots=True)
class _Unit:
    """A unit on the table as the threat reads it: its circles, the circle enclosing them, its
    wounds left, its :func:`.blows.unit_key`, whether it has melee and missile weapons, and its
    longest missile range."""

    unit: UnitState
    circles: tuple[Circle, ...]
    centre: tuple[float, float]
    radius: float
    left: float
    key: int
    melee: bool
    missile: bool
    reach: float


def _read(battle: Battle, rt: Runtime, unit: UnitState, circles: tuple[Circle, ...]) -> _Unit:
    scroll = battle.warscrolls[unit.warscroll]
    wounds = scroll.stats.wounds
    reach, melee, missile = 0.0, False, False
    left = 0
    for model in unit.models:
        if model.status == "table":
            longest, has_melee, has_missile = _arms(scroll, model.loadout)
            reach = max(reach, longest)
            melee, missile = melee or has_melee, missile or has_missile
            left += wounds - model.wounds_taken
    cx = sum(c.x for c in circles) / len(circles)
    cy = sum(c.y for c in circles) / len(circles)
    radius = max(math.hypot(c.x - cx, c.y - cy) + c.r for c in circles)
    return _Unit(
        unit,
        circles,
        (cx, cy),
        radius,
        float(left),
        unit_key(battle, rt, unit),
        melee,
        missile,
        reach,
    )


def _distance(a: _Unit, b: _Unit) -> float:
    """Unit to unit (GEO-3); beyond `EXACT_WITHIN` the lower bound of the enclosing circles
    (only the fading far threat reads it)."""
    bound = math.hypot(a.centre[0] - b.centre[0], a.centre[1] - b.centre[1]) - a.radius - b.radius
    if bound > EXACT_WITHIN:
        return bound
    return unit_to_unit(a.circles, b.circles)


def shot_weight(battle: Battle, rt: Runtime, unit: UnitState) -> float:
    """How much a unit's missile weapons in range count: in full, except for a unit of the side
    to act that ran or retreated this turn before its shooting is done (AOS-7.1: it may not
    shoot), whose next shots come after the enemy's turn (`NEXT_TURN`); nothing for shots in a
    turn the battle will not reach (AOS-4.4)."""
    now = unit.side == rt.active and rt.phase in ("hero", "movement", "shooting")
    stopped = unit.ran or unit.retreated
    if now and not stopped:
        return 1.0
    if not turns_ahead(battle, rt, unit.side):
        return 0.0
    return NEXT_TURN if now else 1.0


@dataclass(frozen=True, slots=True)
class Pressure:
    """What a unit could inflict next on the enemy unit it reaches best: the mean damage, whether
    that unit is within 3" already (locked in combat: the blow is certain), and its id."""

    value: float = 0.0
    locked: bool = False
    aimed: str = ""


def _pressure(
    battle: Battle,
    rt: Runtime,
    unit: _Unit,
    distances: list[tuple[_Unit, float]],
) -> Pressure:
    """The unit's :class:`Pressure` on the target it hurts most. Missile weapons in range count
    in full only at a target some model sees (AOS-11.2, GEO-8); at one hidden from them, as
    at one in range only after a move (`AFTER_MOVE`)."""
    if not unit.melee and not unit.missile:
        return Pressure()
    move = battle.warscrolls[unit.unit.warscroll].stats.move
    volley = shot_weight(battle, rt, unit.unit) if unit.missile else 0.0
    best = Pressure()
    for target, d in distances:
        keys = (unit.key, target.key)
        fights = fight_chance(battle, rt, unit.unit, d) if unit.melee else 0.0
        shoots = 0.0
        if volley and d <= unit.reach + move:
            seen = d <= unit.reach and units_see(unit.circles, target.circles, battle.features)
            shoots = volley * (1.0 if seen else AFTER_MOVE)
        value = 0.0
        if fights:
            charged = unit.unit.charged or d > MELEE_REACH  # a fight from afar follows a charge
            melee = mean_damage(battle, rt, unit.unit, target.unit, "melee", keys, charged)
            value += melee * fights
        if shoots:
            shots = mean_damage(battle, rt, unit.unit, target.unit, "missile", keys, False)
            value += shots * shoots
        value = min(target.left, value)
        if value > best.value:
            best = Pressure(value, d <= MELEE_REACH, target.unit.id)
    return best


def _struck_first(
    rt: Runtime, army: dict[str, list[_Unit]], pressures: dict[str, list[Pressure]]
) -> None:
    """AOS-9.2: in its own turn, up to its combat phase, the active side picks first, so the
    blows of its locked units land before the enemy's return blows: each enemy unit locked in
    combat strikes back with the share of its wounds left after them (in place)."""
    if rt.phase not in ("hero", "movement", "shooting", "charge", "combat"):
        return
    active = rt.active
    idle = "B" if active == "A" else "A"
    incoming: dict[str, float] = {}
    for p in pressures[active]:
        if p.locked:
            incoming[p.aimed] = incoming.get(p.aimed, 0.0) + p.value
    for i, unit in enumerate(army[idle]):
        p = pressures[idle][i]
        hit = incoming.get(unit.unit.id, 0.0)
        if p.locked and hit and unit.left:
            left = max(0.0, 1.0 - hit / unit.left)
            pressures[idle][i] = Pressure(p.value * left, p.locked, p.aimed)


@dataclass(frozen=True, slots=True)
class Threat:
    """A side's threat as a share of the enemy army's wounds: from units locked in combat
    (within 3" of their best target) and from the others."""

    locked: float
    distant: float

    @property
    def total(self) -> float:
        return self.locked + self.distant

    def as_own(self) -> float:
        """The threat as its own side weighs it: the distant part at `DISTANT_OWN`."""
        return self.locked + DISTANT_OWN * self.distant

    def as_enemy(self, caution: float = CAUTION) -> float:
        """The threat as the other side weighs it: the distant part at `caution`."""
        return self.locked + caution * self.distant


def _side_threat(pressures: list[Pressure], wounds: int) -> Threat:
    locked = sum(p.value for p in pressures if p.locked)
    distant = sum(p.value for p in pressures if not p.locked)
    return Threat(locked / max(1, wounds), distant / max(1, wounds))


def threats(battle: Battle, rt: Runtime) -> tuple[Threat, Threat]:
    """Each side's :class:`Threat` (the module docstring). Each pair's distance is measured
    once."""
    army: dict[str, list[_Unit]] = {"A": [], "B": []}
    total = {"A": 0, "B": 0}
    for unit in rt.units:
        wounds = _wounds(battle, unit)
        total[unit.side] += wounds * sum(1 for m in unit.models if m.status != "reserve")
        circles = unit.circles()
        if circles:
            army[unit.side].append(_read(battle, rt, unit, circles))
    if not army["A"] or not army["B"]:
        return Threat(0.0, 0.0), Threat(0.0, 0.0)
    table = [[_distance(a, b) for b in army["B"]] for a in army["A"]]
    pressures = {
        "A": [
            _pressure(battle, rt, a, list(zip(army["B"], table[i], strict=True)))
            for i, a in enumerate(army["A"])
        ],
        "B": [
            _pressure(battle, rt, b, [(a, table[i][j]) for i, a in enumerate(army["A"])])
            for j, b in enumerate(army["B"])
        ],
    }
    _struck_first(rt, army, pressures)
    return _side_threat(pressures["A"], total["B"]), _side_threat(pressures["B"], total["A"])


def threat(battle: Battle, rt: Runtime) -> tuple[float, float]:
    """Each side's whole threat (locked and distant) as a share of the enemy army's wounds."""
    a, b = threats(battle, rt)
    return a.total, b.total


_LAST: list[tuple[Battle, Runtime, tuple[float, float, float, Threat, Threat]]] = []


def _terms(battle: Battle, rt: Runtime) -> tuple[float, float, float, Threat, Threat]:
    """Losses, sudden death and threats of `rt` in `battle`, kept for the last position (both
    seats read the same position one after the other)."""
    if _LAST and _LAST[0][1] is rt and _LAST[0][0] is battle:
        return _LAST[0][2]
    pools = pending_pools(rt)  # a roll still to come counts its mean (AOS-12.1)
    lost_a, lost_b = losses(battle, rt, pools)
    threat_a, threat_b = threats(battle, rt)
    terms = (lost_a, lost_b, sudden_death(battle, rt, pools), threat_a, threat_b)
    _LAST[:] = [(battle, rt, terms)]
    return terms


def evaluate(battle: Battle, rt: Runtime, side: str = "A") -> float:
    """The value of the position for `side` in [-1, 1] (the module docstring): losses and
    sudden death are zero-sum; the threat counts the side's own threat in full, the enemy's
    threat from units locked in combat in full and its distant threat at `CAUTION`, so that a
    side closes in on an enemy of like strength (it strikes first when it charges in its own
    turn) instead of waiting for a draw, but does not throw a weak unit into a strong one."""
    lost_a, lost_b, objective, threat_a, threat_b = _terms(battle, rt)
    value = lost_b - lost_a + SUDDEN_DEATH_WEIGHT * objective
    # AOS-4.4: with no turn of its own left, a side cannot answer the enemy's last charges, so
    # it weighs them in full
    caution = CAUTION if turns_ahead(battle, rt, side) else 1.0
    if side == "A":
        value += THREAT_WEIGHT * (threat_a.as_own() - threat_b.as_enemy(caution))
    else:
        value = -value + THREAT_WEIGHT * (threat_b.as_own() - threat_a.as_enemy(caution))
    # AOS-6.5, 7.1, 8.1: a unit that ran may not shoot or charge this turn; a run that gains
    # nothing (a wizard that runs, then stays where it is) reads a little worse than none
    value -= RUN_COST * sum(1 for u in rt.units if u.side == side and u.ran)
    return max(-1.0, min(1.0, value))
