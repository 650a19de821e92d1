"""`bitva analyse battlelore` against the independent oracle (tests/battlelore/oracle.py) on
random legal positions: random adventure-like boards (a river with fords and bridges, forests,
hills, landmarks), random units of both sides (spiders in Lore adventures) with random figures,
orders, moves, webs, poison and stored Lore, both steps and both sides to act.

Each position is written as a position file and answered through the real command path (the
CLI's `analyse --json` once the game offers the analysis, `read_position` + `analyse` until
then); moves and battles must match exactly, probabilities to 1e-9."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from bitva.games.battlelore.analysis.report import analyse
from bitva.games.battlelore.catalogue.load import load_catalogue
from bitva.games.battlelore.field.board import HEX_COUNT, distance, name
from bitva.games.battlelore.game import GAME
from bitva.games.battlelore.position.file import read_position
from tests.battlelore.oracle import oracle_analyse
from tests.cli.helpers import run

DEFAULT_POSITIONS = 200
SLOW_POSITIONS = 3000
TOLERANCE = 1e-9


def _terrain(rng: random.Random) -> dict[int, str]:
    """A river across a random row (some fords and a bridge) and scattered forests and hills."""
    ground: dict[int, str] = {}
    if rng.random() < 0.6:
        river_row = rng.choice((4, 5, 6))
        for h in range(HEX_COUNT):
            if name(h)[1:] == str(river_row):
                ground[h] = rng.choices(("river", "ford", "bridge"), (6, 2, 1))[0]
    for kind, most in (("forest", 8), ("hill", 8)):
        for h in rng.sample(range(HEX_COUNT), rng.randint(0, most)):
            ground.setdefault(h, kind)
    return ground


def _unit_entry(
    rng: random.Random, type_id: str, hex_: int, active: bool, lore: bool, step: str
) -> dict[str, Any]:
    kind = load_catalogue().units[type_id]
    entry: dict[str, Any] = {"type": type_id, "hex": name(hex_)}
    if rng.random() < 0.5:
        entry["figures"] = rng.randint(1, kind.figures)
    webbed = lore and rng.random() < 0.12
    ordered = active and rng.random() < 0.75
    if ordered:
        entry["ordered"] = True
    if ordered and not webbed:
        if step == "battle" and rng.random() < 0.6:
            entry["moved"] = rng.randint(1, kind.move_max + 1)
        elif step == "move" and rng.random() < 0.15:
            entry["moved"] = rng.randint(1, kind.move_max)
    if webbed:
        entry["webbed"] = True
    if lore and rng.random() < 0.15:
        entry["poisoned"] = True
    if kind.is_creature and rng.random() < 0.5:
        entry["stored_lore"] = rng.randint(1, kind.max_stored_lore)
    return entry


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value)
    return str(value)


def _inline(entry: dict[str, Any]) -> str:
    return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in entry.items()) + " }"


def random_position(seed: int) -> str:
    """A random legal position file: units crowd round a random centre so that battles, support
    and blocked retreats are common."""
    rng = random.Random(seed)
    lore = rng.random() < 0.6
    step = rng.choice(("move", "battle"))
    active = rng.choice(("south", "north"))
    ground = _terrain(rng)
    marks: dict[int, str] = {}
    for h in rng.sample(range(HEX_COUNT), rng.randint(0, 3)):
        if ground.get(h) not in ("river", "ford", "bridge"):
            marks[h] = "fortification"
    centre = rng.randrange(HEX_COUNT)
    if rng.random() < 0.3:  # near an edge: blocked retreats, trample and critical risk
        centre = rng.choice([h for h in range(HEX_COUNT) if name(h)[1:] in "1289"])
    radius = rng.choice((2, 2, 3, 4, 6))  # 6: spread out, for ranged fire and line of sight
    room = [
        h for h in range(HEX_COUNT)
        if distance(centre, h) <= radius and ground.get(h) != "river"
    ]  # fmt: skip
    rng.shuffle(room)
    types = [t for t, k in load_catalogue().units.items() if not k.is_creature]
    missiles = [t for t in types if load_catalogue().units[t].is_missile]
    units: dict[str, list[str]] = {"south": [], "north": []}
    spiders = {"south": False, "north": False}
    for i, hex_ in enumerate(room[: rng.randint(2, min(len(room), 14))]):
        side = ("south", "north")[i] if i < 2 else rng.choice(("south", "north"))
        type_id = rng.choice(missiles if radius >= 6 and rng.random() < 0.6 else types)
        if lore and not spiders[side] and rng.random() < 0.4:
            type_id, spiders[side] = "c_giant_spider", True
        entry = _unit_entry(rng, type_id, hex_, side == active, lore, step)
        units[side].append(_inline(entry))
    lines = [
        "[adventure]", f'id = "R{seed}"', f"lore = {_toml_value(lore)}",
        'first_player = "south"', "victory_banners = 6",
    ]  # fmt: skip
    for side in ("south", "north"):
        lines.append(f"[sides.{side}]")
        lines.append("war_council = { commander = 2, wizard = 1 }" if lore else "command_cards = 4")
        lines.append("units = [" + ", ".join(units[side]) + "]")
    for title, by_hex in (("terrain", ground), ("landmarks", marks)):
        grouped: dict[str, list[str]] = {}
        for h, kind in sorted(by_hex.items()):
            grouped.setdefault(kind, []).append(json.dumps(name(h)))
        if grouped:
            lines.append(f"[{title}]")
            lines += [f"{kind} = [{', '.join(hexes)}]" for kind, hexes in grouped.items()]
    lines += ["[position]", f'active = "{active}"', f'step = "{step}"']
    return "\n".join(lines) + "\n"


def real_answer(path: Path) -> dict[str, Any]:
    """The answer through the command path: the CLI once the game offers the analysis."""
    if GAME.analyses:
        result = run("analyse", "battlelore", str(path), "--json")
        assert result.exit_code == 0, result.output
        answer: dict[str, Any] = json.loads(result.stdout)
        return answer
    position = read_position(path.read_text(encoding="utf-8"), str(path))
    return analyse(position.field, position.active, position.step)


def differences(real: dict[str, Any], oracle: dict[str, Any]) -> list[str]:
    """What differs, in words (empty when the answers agree)."""
    found: list[str] = []
    for key in ("active", "step", "moves"):
        if real[key] != oracle[key]:
            found.append(f"{key}: engine {real[key]} oracle {oracle[key]}")
    pairs = [(b["attacker"], b["target"], b["kind"], b["dice"]) for b in real["battles"]]
    expected = [(b["attacker"], b["target"], b["kind"], b["dice"]) for b in oracle["battles"]]
    if pairs != expected:
        found.append(f"battles: engine {pairs} oracle {expected}")
        return found
    for got, want in zip(real["battles"], oracle["battles"], strict=True):
        for key in ("hit_chance", "p_eliminated"):
            exact: Fraction = want[key]
            if abs(got[key] - float(exact)) > TOLERANCE:
                pair = f"{got['attacker']}->{got['target']}"
                found.append(f"{pair} {key}: engine {got[key]} oracle {float(exact)} ({exact})")
    return found


def check(seed: int, tmp_path: Path) -> None:
    path = tmp_path / f"random-{seed}.toml"
    path.write_text(random_position(seed), encoding="utf-8")
    position = read_position(path.read_text(encoding="utf-8"), str(path))
    oracle = oracle_analyse(position.field, position.active, position.step)
    found = differences(real_answer(path), oracle)
    assert not found, f"seed {seed}:\n" + "\n".join(found) + "\n" + path.read_text()


def test_the_generator_writes_legal_positions_of_every_kind(tmp_path: Path) -> None:
    seen: set[tuple[str, str, bool]] = set()
    battles = creatures = 0
    for seed in range(60):
        text = random_position(seed)
        position = read_position(text, f"random-{seed}.toml")
        seen.add((position.step, "south" if position.active == 1 else "north", position.field.lore))
        answer = oracle_analyse(position.field, position.active, position.step)
        battles += len(answer["battles"])
        creatures += sum(u.type.is_creature for u in position.field.alive())
    assert len(seen) == 8 and battles > 30 and creatures > 5


@pytest.mark.parametrize("block", range(DEFAULT_POSITIONS // 50))
def test_the_analysis_agrees_with_the_oracle_on_random_positions(
    block: int, tmp_path: Path
) -> None:
    for seed in range(block * 50, block * 50 + 50):
        check(seed, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("block", range(SLOW_POSITIONS // 100))
def test_the_analysis_agrees_with_the_oracle_on_thousands_of_positions(
    block: int, tmp_path: Path
) -> None:
    for seed in range(10_000 + block * 100, 10_000 + block * 100 + 100):
        check(seed, tmp_path)


def test_line_of_sight_and_caps_agree_with_the_oracle_for_every_pair() -> None:
    """BL-4.5..4.7 on their own, far more often than battles test them: every pair of hexes of
    random boards, with the units standing on them."""
    from bitva.games.battlelore.field.combat import dice_cap, sees
    from tests.battlelore.oracle import Piece, board_of, capped
    from tests.battlelore.oracle import sees as oracle_sees

    for seed in range(8):
        field = read_position(random_position(seed), f"random-{seed}.toml").field
        board = board_of(field)
        kind = load_catalogue().units["h_rm_lance"]
        for a in range(seed % 4, HEX_COUNT, 4):
            for b in range(HEX_COUNT):
                if a == b:
                    continue
                assert sees(field, a, b) == oracle_sees(board, a, b), (seed, name(a), name(b))
                attacker = Piece(kind, 1, a, 3, True, 0, False, False)
                target = Piece(kind, 2, b, 3, False, 0, False, False)
                cap = dice_cap(field, a, b)
                engine = 4 if cap is None else min(4, cap)
                assert engine == capped(board, attacker, target, 4), (seed, name(a), name(b))
