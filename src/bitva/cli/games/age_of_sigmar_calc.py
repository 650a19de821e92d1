"""Age of Sigmar's calculator commands, which its terminal adapter (`age_of_sigmar.py`) brings
under `bitva calc`: combat calculators.

``bitva calc aos`` is the exact Age of Sigmar attack calculator (rules section 5, CALC-1..13);
``bitva calc aos-bench`` times its largest cases and checks it against a Monte Carlo run (CALC-12).
Bad input prints one ``error:`` line and exits with code 2.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer
from rich.console import Console
from rich.table import Table

from bitva.cli.common import Command, Group, check_output_file, seed_option
from bitva.core.errors import BitvaError

if TYPE_CHECKING:
    from bitva.games.age_of_sigmar.calculator.calculator import CalcResult
    from bitva.games.age_of_sigmar.units import UnitSpec

app = typer.Typer(help="Exact combat calculators.", no_args_is_help=True, cls=Group)

BAR_WIDTH = 40
HISTOGRAM_ROWS = 60  # a wider law of wounds is shown in bins of several values
MAX_MODELS = 10_000  # the calculator's MAX_TARGET_MODELS (kept equal by a test)


class Reroll(StrEnum):
    ones = "ones"
    failed = "failed"


class Phase(StrEnum):
    combat = "combat"
    shooting = "shooting"


class Policy(StrEnum):
    wounded_first = "wounded_first"
    min_slain = "min_slain"


def _fail(message: str) -> NoReturn:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(2)


def _x_plus(text: str, what: str, allow_dash: bool = False) -> int | None:
    value = text.strip()
    if allow_dash and value == "-":
        return None
    value = value.removesuffix("+")
    if not value.isdigit() or not 2 <= int(value) <= 6:
        dash = ' or "-"' if allow_dash else ""
        _fail(f"{what} must be 2+ to 6+{dash}, got {text!r}")
    return int(value)


def _load_unit(
    name: str, role: str, models: int | None, loadout: str | None, wounds_taken: int = 0
) -> UnitSpec:
    from bitva.games.age_of_sigmar.loader import find_warscroll
    from bitva.games.age_of_sigmar.units import default_unit, load_unit_file

    looks_like_file = name.endswith(".toml") or "/" in name or Path(name).is_file()
    if looks_like_file:
        if not Path(name).is_file():
            _fail(f"{role} file {name} not found")
        unit = load_unit_file(name)
        if models is not None or loadout is not None or wounds_taken:
            unit = default_unit(
                unit.warscroll,
                models=models if models is not None else len(unit.models),
                loadout=loadout or unit.models[-1].loadout,
                wounds_taken=wounds_taken,
            )
        return unit
    return default_unit(
        find_warscroll(name), models=models, loadout=loadout, wounds_taken=wounds_taken
    )


def _slain_before_notes(models: int, slain: int) -> list[str]:
    """`--slain-before` against the models on the table (CALC-2): a unit that had more than the
    calculator's largest at the start of the turn is refused in one line; one that lost more
    this turn than it has left is taken as it is (open play never refuses a unit's size, 3.1),
    with a note saying how the numbers were read (issue 21)."""
    start = models + slain
    if start > MAX_MODELS:
        _fail(
            f"--slain-before {slain:,}: with {models:,} models on the table the unit had"
            f" {start:,} at the start of the turn; a unit has at most {MAX_MODELS:,} models"
        )
    if slain <= models:
        return []
    return [
        f"--slain-before {slain}: {models} models on the table and {slain} slain earlier this"
        f" turn, a unit of {start} at the start of the turn (a unit of {models} that lost some:"
        " give the models left with --target-models)"
    ]


def _list_warscrolls() -> None:
    """The shipped warscrolls: id and name (what --attacker and --target take)."""
    from bitva.games.age_of_sigmar.loader import builtin_warscrolls

    table = Table(title="Shipped warscrolls (--attacker / --target take the id or the name)")
    for column in ("id", "name"):
        table.add_column(column)
    for scroll in sorted(builtin_warscrolls().values(), key=lambda s: s.name):
        table.add_row(scroll.id, scroll.name)
    Console().print(table)


@app.command("aos", cls=Command)
def aos(
    list_warscrolls: Annotated[
        bool,
        typer.Option("--list", help="List the shipped warscrolls (ids and names) and exit."),
    ] = False,
    attacker: Annotated[
        str | None,
        typer.Option(help="Attacking unit: a warscroll id or name, or a unit/warscroll TOML file."),
    ] = None,
    target: Annotated[
        str | None,
        typer.Option(help="Target unit: a warscroll id or name, or a unit/warscroll TOML file."),
    ] = None,
    profile: Annotated[
        list[str] | None,
        typer.Option(help='Ad-hoc attack profile "MODELSxA/H/W/R/D", e.g. "5x2/4+/3+/-1/D3".'),
    ] = None,
    attacker_models: Annotated[
        int | None, typer.Option(min=1, max=MAX_MODELS, help="Attacker unit size.")
    ] = None,
    attacker_loadout: Annotated[str | None, typer.Option(help="Attacker loadout id.")] = None,
    target_models: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=MAX_MODELS,
            help="Target models on the table now (its unit size if it has lost none).",
        ),
    ] = None,
    target_loadout: Annotated[str | None, typer.Option(help="Target loadout id.")] = None,
    target_save: Annotated[
        str | None, typer.Option(help='Ad-hoc target Save: 2+..6+ or "-".')
    ] = None,
    target_wounds: Annotated[
        int | None, typer.Option(min=1, help="Ad-hoc target Wounds per model.")
    ] = None,
    target_bravery: Annotated[
        int | None, typer.Option(min=1, help="Ad-hoc target Bravery (omit: no battleshock).")
    ] = None,
    target_ward: Annotated[
        str | None, typer.Option(help="Ad-hoc target ward, e.g. 5+ (against all wounds).")
    ] = None,
    target_wounds_taken: Annotated[
        int, typer.Option(min=0, help="Wounds one target model has already suffered.")
    ] = 0,
    slain_before: Annotated[
        int,
        typer.Option(
            min=0,
            help="Models of the target unit slain earlier this turn, besides those on the table"
            " (battleshock, AOS-10.2).",
        ),
    ] = 0,
    phase: Annotated[Phase, typer.Option(help="Melee (combat) or missile (shooting).")] = (
        Phase.combat
    ),
    charged: Annotated[bool, typer.Option("--charged", help="The attacker charged.")] = False,
    moved: Annotated[bool, typer.Option("--moved", help="The attacker moved this turn.")] = False,
    cover: Annotated[bool, typer.Option("--cover", help="The target is in cover.")] = False,
    target_charged: Annotated[
        bool, typer.Option("--target-charged", help="The target charged (no cover in combat).")
    ] = False,
    mystic_shield: Annotated[
        bool, typer.Option("--mystic-shield", help="The target has Mystic Shield (+1 save).")
    ] = False,
    inspiring: Annotated[
        bool,
        typer.Option("--inspiring", help="The target is under Inspiring Presence: no battleshock."),
    ] = False,
    activate: Annotated[
        list[str] | None, typer.Option(help="An activated ability of the attacker in force.")
    ] = None,
    hit_mod: Annotated[int, typer.Option(help="Extra modifier to hit rolls.")] = 0,
    wound_mod: Annotated[int, typer.Option(help="Extra modifier to wound rolls.")] = 0,
    save_mod: Annotated[int, typer.Option(help="Extra modifier to the target's saves.")] = 0,
    reroll_hits: Annotated[Reroll | None, typer.Option(help="Re-roll hit rolls.")] = None,
    reroll_wounds: Annotated[Reroll | None, typer.Option(help="Re-roll wound rolls.")] = None,
    reroll_saves: Annotated[Reroll | None, typer.Option(help="Target re-rolls saves.")] = None,
    allocation: Annotated[
        Policy, typer.Option(help="Allocation policy for models slain (D-17).")
    ] = Policy.wounded_first,
    natural_one_fails: Annotated[
        bool, typer.Option("--natural-one-fails", help="House rule: a natural 1 always fails.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Draw the distributions as a PNG image to FILE (exactly that path).",
        ),
    ] = None,
) -> None:
    """Exact distribution of an attack: wounds, models slain, battleshock (CALC-1..13).

    Bounds: at most 10,000 attacks in all (models x the most attacks of a model), 60,000 wounds
    in all (attacks x the most wounds one attack inflicts), 10,000 models a unit, and 1,000 for
    any dice value; a larger calculation is refused at once (one line, exit code 2). At the
    bounds a calculation takes about a second.
    """
    if list_warscrolls:
        _list_warscrolls()
        return
    from bitva.games.age_of_sigmar.calculator.calculator import calculate
    from bitva.games.age_of_sigmar.calculator.profiles import (
        AttackProfile,
        CalcOptions,
        TargetProfile,
        parse_profile,
    )
    from bitva.games.age_of_sigmar.calculator.resolve import (
        Situation,
        TargetInfo,
        attack_profiles,
        attack_weapons,
        not_modeled,
        target_profile,
    )

    if attacker is None and not profile:
        _fail("give --attacker NAME_OR_FILE or at least one --profile")
    if target is None and target_save is None:
        _fail("give --target NAME_OR_FILE or an ad-hoc target with --target-save")
    if plot is not None:
        try:
            check_output_file(plot, "plot")  # before the calculation: a bad path costs nothing
        except BitvaError as exc:
            _fail(str(exc))
    if target is not None and any(
        v is not None for v in (target_save, target_wounds, target_bravery, target_ward)
    ):
        _fail(
            "--target-save/--target-wounds/--target-bravery/--target-ward describe an ad-hoc "
            "target; do not combine them with --target"
        )
    situation = Situation(
        phase=phase.value,
        charged=charged,
        moved=moved,
        cover=cover,
        target_charged=target_charged,
        mystic_shield=mystic_shield,
        inspiring_presence=inspiring,
        slain_before=slain_before,
        attacker_active=frozenset(activate or ()),
    )
    notes: list[str] = []
    try:
        target_unit = None
        if target is not None:
            target_unit = _load_unit(
                target, "target", target_models, target_loadout, target_wounds_taken
            )
            info = TargetInfo(
                frozenset(target_unit.warscroll.keywords), target_unit.warscroll.stats.wounds
            )
        else:
            info = TargetInfo(frozenset(), target_wounds or 1)
        profiles: list[AttackProfile] = []
        title_attacker = ""
        if attacker is not None:
            unit = _load_unit(attacker, "attacker", attacker_models, attacker_loadout)
            notes.extend(unit.warnings)
            profiles.extend(attack_profiles(unit, situation, info, target_unit, notes))
            notes.extend(f"not modeled (CALC-12): {s}" for s in not_modeled(unit.warscroll))
            weapons = attack_weapons(unit, situation)
            title_attacker = unit.describe()
            if not weapons:
                notes.append(f"{unit.warscroll.name} has no {situation.attack_kind} weapons")
        else:
            weapons = []
        for text in profile or ():
            profiles.append(parse_profile(text))
        title_attacker = ", ".join(filter(None, [title_attacker, *(profile or ())]))
        profiles = [
            replace(
                p,
                hit_mod=p.hit_mod + hit_mod,
                wound_mod=p.wound_mod + wound_mod,
                hit_reroll=p.hit_reroll | ({reroll_hits.value} if reroll_hits else set()),
                wound_reroll=p.wound_reroll | ({reroll_wounds.value} if reroll_wounds else set()),
            )
            for p in profiles
        ]
        if target_unit is not None:
            defender = target_profile(target_unit, situation, weapons, notes)
            notes.extend(f"not modeled (CALC-12): {s}" for s in not_modeled(target_unit.warscroll))
            notes.extend(target_unit.warnings)
        else:
            assert target_save is not None
            wounds = target_wounds or 1
            if target_wounds_taken >= wounds:
                _fail(f"--target-wounds-taken must be below --target-wounds ({wounds})")
            models = target_models or 1
            left = [wounds] * models
            if target_wounds_taken:
                left[-1] = wounds - target_wounds_taken
            ward = _x_plus(target_ward, "--target-ward") if target_ward else None
            defender = TargetProfile(
                wounds=tuple(left),
                save=_x_plus(target_save, "--target-save", allow_dash=True),
                save_mod=int(situation.cover_applies) + int(mystic_shield),
                ward=ward,
                mortal_ward=ward,
                bravery=target_bravery,
                slain_before=slain_before,
                battleshock_immune=inspiring,
                name=f"{models} x W{wounds}",
            )
        defender = replace(
            defender,
            save_mod=defender.save_mod + save_mod,
            save_reroll=defender.save_reroll | ({reroll_saves.value} if reroll_saves else set()),
        )
        notes.extend(_slain_before_notes(defender.n_models, defender.slain_before))
        options = CalcOptions(allocation=allocation.value, natural_one_fails=natural_one_fails)
        result = calculate(profiles, defender, options, notes=notes)
    except typer.Exit:
        raise
    except BitvaError as exc:  # ContentError, UnknownWarscroll, UnitError, ProfileError, ...
        _fail(str(exc).splitlines()[0])
    if plot is not None:
        from bitva.games.age_of_sigmar.calculator.plot import plot_result

        try:
            plot_result(result, plot, title=f"{title_attacker} v {defender.name}")
        except OSError as exc:
            _fail(f"cannot write {plot}: {exc.strerror or exc}")
    if as_json:
        from bitva.games.age_of_sigmar.calculator.report import to_json

        typer.echo(json.dumps(to_json(result)))
        return
    flags = [f"{phase.value} phase"]
    flags += [
        name
        for name, on in (
            ("attacker charged", charged),
            ("attacker moved", moved),
            ("cover", cover),
            ("target charged", target_charged),
            ("Mystic Shield", mystic_shield),
            ("Inspiring Presence", inspiring),
        )
        if on
    ]
    flags += [f"{name} active" for name in activate or ()]
    _render(result, title_attacker, plot, ", ".join(flags))


def _bar(p: float, top: float) -> str:
    if top <= 0:
        return ""
    eighths = round(p / top * BAR_WIDTH * 8)
    full, part = divmod(eighths, 8)
    return "█" * full + ("", "▏", "▎", "▍", "▌", "▋", "▊", "▉")[part]


def _histogram(damage: list[float], tail: list[float]) -> Table:
    """Wounds inflicted, a row per value; values with P(W >= x) < 0.005% left out, and a law
    wider than HISTOGRAM_ROWS values shown in bins (from the first value with P(W <= x) of
    0.005%), so a large calculation prints a readable table quickly."""
    cut = len(damage)
    while cut > 1 and tail[cut - 1] < 5e-5:
        cut -= 1
    start = 0
    if cut > HISTOGRAM_ROWS:
        while start < cut - 1 and 1 - tail[start + 1] < 5e-5:
            start += 1
    width = max(1, math.ceil((cut - start) / HISTOGRAM_ROWS))
    bins = [(low, min(low + width, cut)) for low in range(start, cut, width)]
    masses = [sum(damage[low:high]) for low, high in bins]
    top = max(masses)
    hist = Table(title="Wounds inflicted (before allocation)")
    for column in ("W", "P(W = x)" if width == 1 else "P(W in bin)", "P(W >= x)", ""):
        hist.add_column(column, justify="right" if column else "left")
    for (low, high), mass in zip(bins, masses, strict=True):
        label = str(low) if high - low == 1 else f"{low}-{high - 1}"
        hist.add_row(label, f"{mass:.4%}", f"{tail[low]:.4%}", _bar(mass, top))
    notes = []
    if start:
        notes.append(f"W below {start} has P < 0.005%")
    if cut < len(damage):
        notes.append(f"rows with P(W >= x) < 0.005% left out (max W = {len(damage) - 1})")
    if width > 1:
        notes.append(f"values in bins of {width}")
    if notes:
        hist.caption = "; ".join(notes)
    return hist


def _render(result: CalcResult, attacker: str, plot: Path | None, situation: str) -> None:
    from bitva.games.age_of_sigmar.calculator.pmf import to_floats
    from bitva.games.age_of_sigmar.calculator.report import (
        describe_attacks,
        describe_modifiers,
        describe_target,
    )

    console = Console()
    target = result.target
    console.print(f"[bold]{attacker}[/bold]  v  [bold]{target.name}[/bold]")
    console.print(f"target: {describe_target(target)}")
    console.print(f"situation: {situation}")
    table = Table(title="Attack profiles")
    for column in ("Profile", "Models", "A / H / W / R / D", "Modifiers", "Mean W"):
        table.add_column(column, justify="right" if column in ("Models", "Mean W") else "left")
    for s in result.per_profile:
        p = s.profile
        rend = str(p.rend) if p.rend else "-"
        numbers = f"{describe_attacks(p)} / {p.hit}+ / {p.wound}+ / {rend} / {p.damage}"
        table.add_row(
            p.name, str(p.n_models), numbers, describe_modifiers(p), f"{float(s.mean_wounds):.3f}"
        )
    console.print(table)

    pct = result.percentiles
    summary = Table(title="Summary", show_header=False)
    summary.add_column("", justify="left")
    summary.add_column("", justify="right")
    summary.add_row("mean wounds inflicted (W)", f"{result.mean_damage:.4f}")
    summary.add_row("standard deviation", f"{result.sd_damage:.4f}")
    summary.add_row("percentiles 10/25/50/75/90", " / ".join(str(pct[k]) for k in sorted(pct)))
    summary.add_row("P(no wounds)", f"{float(result.damage_pmf[0]):.4%}")
    summary.add_row(
        f"mean damage allocated (max {target.total_wounds})",
        f"{float(sum(i * p for i, p in enumerate(result.allocated_pmf))):.4f}",
    )
    for policy in ("wounded_first", "min_slain"):
        marker = " (default)" if policy == result.policy else ""
        summary.add_row(f"mean models slain, {policy}{marker}", f"{result.mean_slain(policy):.4f}")
    summary.add_row(
        f"chance to wipe the unit ({target.n_models} models)",
        f"{float(result.wipe_probability()):.4%}",
    )
    if target.tests_battleshock:
        summary.add_row("battleshock: mean fleeing", f"{result.mean_flee:.4f}")
        summary.add_row("mean losses (slain + fled)", f"{result.mean_losses:.4f}")
        summary.add_row(
            "chance the unit is gone after battleshock", f"{float(result.gone_probability):.4%}"
        )
    if result.mean_retaliation:
        summary.add_row(
            "mean mortal wounds suffered by the attacker", f"{float(result.mean_retaliation):.4f}"
        )
    console.print(summary)

    hist = _histogram(to_floats(result.damage_pmf), to_floats(result.damage_tail))
    console.print(hist)

    slain = {policy: to_floats(result.slain_pmf[policy]) for policy in result.slain_pmf}
    main = slain[result.policy]
    top = max(main)
    table = Table(title=f"Models slain ({result.policy}; min_slain alongside)")
    for column in ("slain", "P", "P(min_slain)", ""):
        table.add_column(column, justify="right" if column else "left")
    for k in range(target.n_models + 1):
        if main[k] < 5e-7 and slain["min_slain"][k] < 5e-7:
            continue
        table.add_row(str(k), f"{main[k]:.4%}", f"{slain['min_slain'][k]:.4%}", _bar(main[k], top))
    console.print(table)

    saves = Table(title="Mean wounds against a plain Save (no cover, no re-rolls, no ward)")
    for label in result.mean_vs_save:
        saves.add_column(label, justify="right")
    saves.add_row(*(f"{float(v):.3f}" for v in result.mean_vs_save.values()))
    console.print(saves)
    for note in result.notes:
        console.print(f"[dim]note: {note}[/dim]")
    if plot is not None:
        console.print(f"plot written to {plot}")


@app.command("aos-bench", cls=Command)
def aos_bench(
    samples: Annotated[
        int, typer.Option(min=1000, help="Monte Carlo trials (die by die, about 30,000 a second).")
    ] = 200_000,
    seed: Annotated[int, seed_option("Monte Carlo seed")] = 2015,
    repeat: Annotated[int, typer.Option(min=1, help="Timing repeats (best is kept).")] = 3,
) -> None:
    """Time the largest cases and compare one case with a seeded Monte Carlo run (CALC-12)."""
    from bitva.games.age_of_sigmar.calculator.benchmark import monte_carlo_comparison, timings

    console = Console()
    table = Table(title="Exact calculator timings (best of repeats)")
    for column in ("Case", "Time", "Support", "Sum of PMF - 1"):
        table.add_column(column, justify="left" if column == "Case" else "right")
    for t in timings(repeat):
        table.add_row(
            t.case,
            f"{t.seconds * 1000:.1f} ms",
            str(t.support) if t.support else "",
            f"{t.total_probability - 1:.1e}" if t.support else "",
        )
    console.print(table)
    with console.status(f"Monte Carlo, {samples:,} trials ..."):
        name, exact_s, mc_s, rows = monte_carlo_comparison(samples, seed)
    comparison = Table(title=f"Exact v Monte Carlo ({samples:,} trials, seed {seed})")
    comparison.caption = f"{name}\nexact {exact_s * 1000:.1f} ms, Monte Carlo {mc_s:.2f} s"
    for column in ("Statistic", "Exact", "Monte Carlo", "Std. error", "z"):
        comparison.add_column(column, justify="left" if column == "Statistic" else "right")
    for row in rows:
        comparison.add_row(
            row.statistic,
            f"{row.exact:.6f}",
            f"{row.sampled:.6f}",
            f"{row.standard_error:.2e}",
            f"{row.z:+.2f}",
        )
    console.print(comparison)
