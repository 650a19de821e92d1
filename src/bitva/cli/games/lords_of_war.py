"""The Lords of War terminal adapter: the mat with arrows, the hand, the piles and the log
(`lords_of_war_render`), on one screen that fits the window (`lords_of_war_screen`: a compact mat
at 80x24, seen from the player's own edge); a placement chosen as a card, then a square among
previews of what it eliminates; the "lines" and "placements" analyses as tables
(`lords_of_war_lines`)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich.console import RenderableType
from rich.text import Text

from bitva.cli.games import Screen, Size
from bitva.cli.games.generic import GenericAdapter
from bitva.cli.games.lords_of_war_lines import (
    analysis_table,
    best_line,
    card_words,
    line_summary,
)
from bitva.cli.games.lords_of_war_render import (
    SEAT_STYLE,
    describe_outcome,
    log_lines,
    render_screen,
)
from bitva.cli.games.lords_of_war_screen import frame, marked_squares
from bitva.core.errors import BitvaError
from bitva.core.game import Analysis
from bitva.core.outcome import Outcome
from bitva.core.state import State
from bitva.games.lords_of_war.actions import Place
from bitva.games.lords_of_war.lines import lines_after
from bitva.games.lords_of_war.state import LordsOfWarState

if TYPE_CHECKING:
    from bitva.cli.terminal import HumanTurn

HELP = (
    "Type the number of a choice, or an action in full: 'Orc Catapult@d2', 'shoot e4', 'arrows',"
    " 'berserk d3-d4', 'draw', 'recall d3'; the up arrow recalls what you typed. 'b' goes back,"
    " 'u' takes back your last decision (not a roll or a draw, nor once the other side has"
    " answered), 'a' lists the analyses, 'q' leaves the game (it is saved, and `bitva play"
    " --resume FILE` takes it up again)."
)

HEADINGS = {
    "shoot": "Ranged unit on {square}: choose its attack (LW-7.3)",
    "berserk": "Berserker move (LW-11.2)",
    "reinforce": "Reinforce (LW-9.1)",
}


def _lords(state: State[Any]) -> LordsOfWarState:
    assert isinstance(state, LordsOfWarState)
    return state


def changed_squares(state: LordsOfWarState, events: Sequence[Mapping[str, Any]]) -> set[int]:
    """The squares the last move placed or moved a card onto (marked on the mat)."""
    mat = state.static.mat
    squares = {mat.parse(e["square"]) for e in events if e["kind"] == "placed"}
    return squares | {mat.parse(e["to"]) for e in events if e["kind"] == "moved"}


class LordsOfWarAdapter(GenericAdapter):
    help = HELP

    # -- drawing and the log -------------------------------------------------------------------
    def step_words(self, text: str) -> str:
        """A recorded step with each card by its printed name, without the catalogue's
        variant number ("Dwarf Impaler", not "Dwarf Impaler#4"; issue 21.7)."""
        return " ".join(card_words(word) for word in text.split(" "))

    def render(self, state: State[Any], seat: int | None, screen: Screen) -> RenderableType:
        lords = _lords(state)
        last = changed_squares(lords, screen.recent)
        marks = marked_squares(lords, screen.marks)
        return render_screen(lords, seat, dict(screen.names), list(screen.log), marks, last)

    def frame(self, state: State[Any], seat: int | None, screen: Screen, size: Size) -> list[Text]:
        lords = _lords(state)
        last = changed_squares(lords, screen.recent)
        return frame(lords, seat, screen, size, marked_squares(lords, screen.marks), last)

    def describe_events(self, events: Sequence[Mapping[str, Any]]) -> list[str]:
        return log_lines(events)

    def describe_outcome(self, outcome: Outcome) -> str:
        return describe_outcome(outcome)

    def outcome_reason(self, outcome: Outcome, viewer: int | None) -> str:
        """Why, for the player at the screen: whose units were eliminated (LW-8.1)."""
        winner = outcome.winner
        counted = {"units": "units", "commands": "command units"}.get(outcome.reason)
        if counted and winner is not None and viewer is not None:
            number = outcome.params.get(outcome.reason)
            who, whose = ("you", "enemy") if winner == viewer else (f"player {winner}", "of your")
            return f"{who} eliminated {number} {whose} {counted} ({outcome.rule or 'LW-8.1'})"
        return describe_outcome(outcome)

    def seat_style(self, seat: int) -> str:
        return SEAT_STYLE.get(seat, "bold")

    def seat_name(self, seat: int) -> str:
        """Lords of War's seats are its players by number: player 1 moves first (LW-3.1)."""
        return f"Player {seat}"

    # -- a human's decisions --------------------------------------------------------------------
    def heading(self, state: State[Any], seat: int) -> str | None:
        lords = _lords(state)
        square = ""
        if lords.phase == "shoot":
            square = lords.static.mat.name(lords.pos[lords.pending[0]])
        heading = HEADINGS.get(lords.phase)
        return heading.format(square=square) if heading else None

    def action_label(self, state: State[Any], action: Any) -> str:
        lords = _lords(state)
        mat = lords.static.mat
        text = str(action)
        if text == "draw":
            seat = lords.active
            count = min(6 - len(lords.hand[seat]), len(lords.deck[seat]))
            cards = "card" if count == 1 else "cards"
            return f"draw {count} {cards} from your deck ({len(lords.deck[seat])} left)"
        if text.startswith(("shoot ", "recall ")):
            card = lords.static.card_of(lords.board[mat.parse(text.split()[1])])
            if text.startswith("shoot"):
                shooter = lords.static.card_of(lords.pending[0])
                said = card_words(card.ref)
                return f"{text}: {said} (defence {card.defence}) takes {shooter.ranged}"
            return f"{text}: take {card_words(card.ref)} back into your hand"
        if text == "arrows":
            return "arrows: attack with the arrows instead of shooting"
        return text

    def choose(self, turn: HumanTurn) -> Any | None:
        """A placement (challenge and deployment, LW-4, LW-6): a card of the hand by number,
        then a square among previews; every other decision is a numbered list."""
        if _lords(turn.state).phase not in ("challenge", "deploy"):
            return None
        return _choose_placement(turn)

    # -- analyses ------------------------------------------------------------------------------
    def render_analysis(
        self, analysis: Analysis, result: Mapping[str, Any], state: State[Any], source: str
    ) -> RenderableType:
        table = analysis_table(analysis.name, result, _lords(state), source)
        if table is None:
            return super().render_analysis(analysis, result, state, source)
        return table

    def analysis_json(self, analysis: Analysis, result: Mapping[str, Any]) -> str:
        import json

        return json.dumps(result)


def _choose_placement(turn: HumanTurn) -> Any:
    state = _lords(turn.state)
    seat = turn.seat
    by_card: dict[str, list[Place]] = defaultdict(list)
    for action in state.legal_actions():
        assert isinstance(action, Place)
        by_card[action.card].append(action)
    refs = [state.static.kinds[seat][kind].ref for kind in state.hand_kinds(seat)]
    heading = "Choose a card of your hand by its number."
    if state.forced_placement:
        heading = (
            "No card can make contact: this is a forced placement next to an enemy unit, and"
            " your hand will be shown (LW-6.5)."
        )
    while True:
        answer = turn.ask(f"P{seat}: card number (1-{len(refs)}) or an action:", heading=heading)
        if not answer:
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(refs):
            ref = refs[int(answer) - 1]
            chosen = _choose_square(turn, ref, by_card.get(ref, []))
            if chosen is not None:
                return chosen
            continue
        typed = turn.typed(answer)
        if typed is not None:
            return typed


def _choose_square(turn: HumanTurn, ref: str, options: list[Place]) -> Place | None:
    """The square for `ref`: each legal one with the best line it starts (what it eliminates
    and loses through every choice of shots, to the end of phase 2). The previews are worked
    out on what the seat knows (a determinization), so they cannot leak. A square that is not
    legal is refused with the reason, the rule after it."""
    state = _lords(turn.state)
    seat = turn.seat
    mat = state.static.mat
    if not options:
        violation = state.check(Place(ref, mat.name(next(iter(state.board), 0))))
        why = f": {violation}" if violation else ""
        turn.error(f"{card_words(ref)} cannot be placed anywhere now{why}")
        return None
    if len(options) == 1 and state.phase == "challenge":
        return options[0]
    known = state.determinize(seat, turn.game.rng)
    menu, marks = [], {}
    for action in options:
        lines = [line.to_json() for line in lines_after(known, action)]
        best = best_line(lines, seat)
        ways = f"{len(lines)} way" + ("s" if len(lines) != 1 else "")
        menu.append(f"{action.square}: {line_summary(best, seat)} ({ways})")
        kills = sum(1 for e in best["eliminated"] if e["owner"] != seat)
        losses = sum(1 for e in best["eliminated"] if e["owner"] == seat)
        marks[action.square] = f"+{kills} -{losses}"
    heading = f"Where {card_words(ref)} can go (the best outcome each square starts):"
    while True:
        prompt = f"Square for {card_words(ref)} (e.g. {options[0].square}), 'b' to go back:"
        answer = turn.ask(prompt, menu, heading, marks)
        if answer.lower() in ("b", "back"):
            return None
        if not answer:
            continue
        try:
            square = mat.name(mat.parse(answer))
        except BitvaError as exc:
            turn.error(str(exc))
            continue
        for action in options:
            if action.square == square:
                return action
        violation = state.check(Place(ref, square))  # the reason, the rule after it
        turn.error(str(violation) if violation else f"{card_words(ref)} may not go on {square} now")


ADAPTER = LordsOfWarAdapter()
