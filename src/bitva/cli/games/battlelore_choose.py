"""A BattleLore move or attack chosen in two steps in the terminal: a unit first, then where it
goes or whom it attacks, the choices numbered on the board itself (BL-3, BL-4). A long list of
every move of every ordered unit would not fit 80x24; one unit's hexes always do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from bitva.cli.games.battlelore_board import odds_words
from bitva.cli.games.battlelore_names import unit_name
from bitva.cli.games.battlelore_typed import aside, is_hex
from bitva.games.battlelore.actions import Battle, Move

if TYPE_CHECKING:
    from bitva.cli.terminal import HumanTurn

SHORT_LIST = 8  # a list this long is shown whole: no need for two steps
TWO_STEPS = ("move", "battle", "bonus")


def choose_in_two_steps(
    turn: HumanTurn,
    odds: Mapping[tuple[str, str], Mapping[str, Any]],
    heading: Callable[[], str | None],
) -> Any | None:
    """The action, or None to leave the decision to the numbered list (a short one)."""
    state = turn.state
    if state.decision == "council":
        return choose_council(turn)
    if state.decision not in TWO_STEPS:
        return _on_the_board(turn, heading)
    actions = state.legal_actions()
    if len(actions) <= SHORT_LIST:
        return None
    by_unit: dict[str, list[tuple[str, Any]]] = {}
    others: list[tuple[str, Any]] = []
    for action in actions:
        if isinstance(action, Move):
            by_unit.setdefault(action.start, []).append((action.end, action))
        elif isinstance(action, Battle):
            by_unit.setdefault(action.attacker, []).append((action.target, action))
        else:
            others.append((state.action_text(action), action))
    units = {u["hex"]: u for u in state.view(turn.seat)["units"]}
    hexes = list(by_unit)
    what = ("hex", "hexes") if state.decision == "move" else ("target", "targets")
    menu = []
    for number, where in enumerate(hexes, start=1):
        count = len(by_unit[where])
        name = unit_name(str(units[where]["type"])) if where in units else where
        menu.append(f"{number}. {name} {where} ({count} {what[count != 1]})")
    menu += [
        f"{number}. {turn.adapter.action_label(state, action)}"
        for number, (_, action) in enumerate(others, start=len(hexes) + 1)
    ]
    while True:
        prompt = f"P{turn.seat}: a unit (1-{len(menu)} or its hex) or an action:"
        answer = turn.ask(prompt, menu, heading())
        if not answer:
            continue
        chosen = _pick(answer, hexes)
        if chosen is None and answer.isdigit() and len(hexes) < int(answer) <= len(menu):
            return others[int(answer) - len(hexes) - 1][1]
        if chosen is not None:
            action = _destination(turn, chosen, by_unit[chosen], units, odds)
            if action is not None:
                return action
            continue
        typed = turn.typed(answer)
        if typed is not None:
            return typed


def _on_the_board(turn: HumanTurn, heading: Callable[[], str | None]) -> Any | None:
    """A long list whose actions end in a hex, chosen in two steps: first what is done (a Lore
    card on one unit, BL-13), then the hex, numbered on the board as a move's are. A list of
    every hex would not fit 80x24 (BL-9.3's landmark: 21 hexes; Teleport: 18 destinations).
    Only one such group is chosen on the board at once. None leaves a short list, or one not
    of hexes, to the numbered menu."""
    state = turn.state
    actions = state.legal_actions()
    if len(actions) <= SHORT_LIST:
        return None
    groups: dict[str, list[tuple[str, Any]]] = {}
    others: list[Any] = []
    for action in actions:
        words = state.action_text(action).split()
        if len(words) >= 2 and is_hex(words[-1]):
            groups.setdefault(" ".join(words[:-1]), []).append((words[-1], action))
        else:
            others.append(action)
    for key in [key for key, choices in groups.items() if len(choices) == 1]:
        others.append(groups.pop(key)[0][1])  # one hex: an action of the list as it is
    if not groups:
        return None
    while True:
        if len(groups) == 1 and not others:
            key = next(iter(groups))
        else:
            picked, chosen = _group(turn, groups, others, heading)
            if picked is None:
                return chosen
            key = picked
        back = len(groups) > 1 or bool(others)
        action = _hex_of_group(turn, key, groups[key], heading, back)
        if action is not None:
            return action


def _group(
    turn: HumanTurn,
    groups: Mapping[str, list[tuple[str, Any]]],
    others: list[Any],
    heading: Callable[[], str | None],
) -> tuple[str | None, Any]:
    """The first step: the key of a group (its hexes come next), or None and an action."""
    state, label = turn.state, turn.adapter.action_label
    menu = []
    for number, choices in enumerate(groups.values(), start=1):
        where = choices[0][0]
        said = label(state, choices[0][1]).replace(f" {where}", "", 1)
        menu.append(f"{number}. {said} ({len(choices)} hexes)")
    menu += [f"{n}. {label(state, a)}" for n, a in enumerate(others, start=len(groups) + 1)]
    while True:
        answer = turn.ask(f"P{turn.seat}: choice (1-{len(menu)}) or an action:", menu, heading())
        if not answer or aside(turn, answer):
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(menu):
            number = int(answer)
            if number <= len(groups):
                return list(groups)[number - 1], None
            return None, others[number - 1 - len(groups)]
        typed = turn.typed(answer)
        if typed is not None:
            return None, typed


def _hex_of_group(
    turn: HumanTurn,
    key: str,
    choices: list[tuple[str, Any]],
    heading: Callable[[], str | None],
    back: bool,
) -> Any | None:
    """The second step: a hex numbered on the board (the unit it starts from marked ◆);
    None goes back to the first step."""
    marks = {where: str(number) for number, (where, _) in enumerate(choices, start=1)}
    origin = key.split()[-1]
    if is_hex(origin):
        marks[origin] = "◆"
    said = turn.adapter.action_label(turn.state, choices[0][1]).replace(f" {choices[0][0]}", "", 1)
    title = f"{said[:1].upper()}{said[1:]}: the numbers on the board are the hexes"
    title = title if back else heading() or title
    ending = ", 'b' to choose again:" if back else ":"
    while True:
        prompt = f"P{turn.seat}: a hex numbered on the board (1-{len(choices)}) or its name{ending}"
        answer = turn.ask(prompt, [], title, marks)
        if back and answer.lower() in ("b", "back"):
            return None
        if not answer or aside(turn, answer):
            continue
        picked = _pick(answer, [where for where, _ in choices])
        if picked is not None:
            return dict(choices)[picked]
        typed = turn.typed(answer)
        if typed is not None:
            return typed


def _pick(answer: str, hexes: list[str]) -> str | None:
    """The unit's hex an answer names: by number or by hex."""
    if answer.isdigit() and 1 <= int(answer) <= len(hexes):
        return hexes[int(answer) - 1]
    upper = answer.strip().upper()
    return upper if upper in hexes else None


def _destination(
    turn: HumanTurn,
    origin: str,
    choices: list[tuple[str, Any]],
    units: Mapping[str, Mapping[str, Any]],
    odds: Mapping[tuple[str, str], Mapping[str, Any]],
) -> Any | None:
    """Where the unit on `origin` goes (or whom it attacks), numbered on the board; None
    goes back to the units."""
    moving = turn.state.decision == "move"
    marks = {where: str(number) for number, (where, _) in enumerate(choices, start=1)}
    marks[origin] = "◆"
    menu = []
    for number, (where, _) in enumerate(choices, start=1):
        entry = odds.get((origin, where))
        menu.append(f"{number}. {where}" + (f": {odds_words(entry)}" if entry else ""))
    name = unit_name(str(units[origin]["type"])) if origin in units else origin
    heading = (
        f"{name} on {origin} (◆): where to? The numbers on the board are the hexes in reach"
        if moving
        else f"{name} on {origin} (◆): which target? The numbers on the board are the targets"
    )
    while True:
        prompt = f"P{turn.seat}: 1-{len(choices)} or a hex, 'b' to choose another unit:"
        answer = turn.ask(prompt, menu if not moving else [], heading, marks)
        if answer.lower() in ("b", "back"):
            return None
        if not answer or aside(turn, answer):  # 'l' and '? CARD' here too (issue 21.4)
            continue
        picked = _pick(answer, [where for where, _ in choices])
        if picked is not None:
            return dict(choices)[picked]
        turn.error(f"{answer} is not one of the numbered hexes: 1-{len(choices)} or a hex name")


def choose_council(turn: HumanTurn) -> Any:
    """A custom War Council (BL-14.6): typed as levels by seat, "commander=2 cleric=2
    wizard=2" (every legal council would be hundreds of lines); the first legal one is offered
    as choice 1."""
    state = turn.state
    actions = state.legal_actions()
    example = state.action_text(actions[0]).removeprefix("council ")
    levels = sum(int(part.split("=")[1]) for part in example.split())
    heading = (
        f"Seat your War Council in secret: {levels} levels in all, 1 to 3 a seat, among"
        " commander, cleric, wizard, rogue and warrior (BL-14.6)"
    )
    menu = [f"1. {example}", "or type the levels, such as 'commander=2 cleric=2 wizard=2'"]
    while True:
        answer = turn.ask(f"P{turn.seat}: 1 or the levels:", menu, heading)
        if answer == "1":
            return actions[0]
        if answer:
            typed = turn.typed(answer if answer.startswith("council") else f"council {answer}")
            if typed is not None:
                return typed
