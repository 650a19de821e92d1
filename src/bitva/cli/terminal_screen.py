"""Where `bitva play` shows the game: a screen redrawn in place on a terminal, or a plain stream.

On a terminal (`LiveDisplay`) every change redraws one screen from the top-left corner: the
adapter's frame fitted to the window (the board, the question, the end of the log) with the
prompt on the last lines, so nothing scrolls and nothing is printed twice. A window too small
for the frame says so in its first line. The prompt has line editing and a history (the up arrow
recalls an earlier answer) through readline, where Python has it.

Anywhere else (`StreamDisplay`: a pipe, a file, a test) each log line is printed once as it
happens, the position when a human is asked, and the question; no escape sequences.
"""

from __future__ import annotations

import contextlib
import re
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.text import Text

from bitva.cli.games import Screen

if TYPE_CHECKING:
    from bitva.cli.terminal import Move, TerminalGame

HOME, CLEAR_LINE, CLEAR_BELOW = "\x1b[H", "\x1b[2K", "\x1b[J"
PROMPT_LINES = 2  # the prompt, and a line for Enter to move to (so that nothing scrolls)
_SGR = re.compile(r"(\x1b\[[0-9;]*m)")


class Display(Protocol):
    def start(self) -> None:
        """The game begins (or resumes)."""

    def moved(self, move: Move) -> None:
        """A move was played (its log lines are to be shown)."""

    def thinking(self, seat: int) -> None:
        """An agent is about to choose for `seat`."""

    def ask(self, seat: int, prompt: str, screen: Screen, hidden: bool = False) -> str:
        """Show `screen` to `seat` (nothing of the position if `hidden`) and read an answer.
        Raises EOFError at the end of the input."""

    def page(self, renderable: RenderableType) -> None:
        """Show something that is not the game (the help, an analysis) until the human is
        done with it."""

    def finish(self, lines: list[Text]) -> None:
        """The game is over or left: the last screen and `lines` (who won, where the record is)."""


def cut_line(line: Text, width: int) -> Text:
    """A copy of `line` cut to `width` cells with an ellipsis."""
    line = line.copy()
    line.truncate(width, overflow="ellipsis")
    return line


def beside(left: Sequence[Text], right: Sequence[Text], left_width: int) -> list[Text]:
    """Two columns of lines side by side (a board and its panel), the left padded to
    `left_width`."""
    lines = []
    for row in range(max(len(left), len(right))):
        line = left[row].copy() if row < len(left) else Text()
        if row < len(right):
            line.pad_right(max(left_width - line.cell_len, 1))
            line.append_text(right[row])
        line.rstrip()
        lines.append(line)
    return lines


def is_live(console: Console) -> bool:
    """Whether to draw screens in place: the output and the input are a real terminal."""
    return console.is_terminal and not console.is_dumb_terminal and sys.stdin.isatty()


class StreamDisplay:
    """Print as the game goes: each log line once, the position and the question when a human
    is asked (only when they changed since they were last printed)."""

    def __init__(self, game: TerminalGame) -> None:
        self.game = game
        self.console = game.console
        self._shown: tuple[Any, ...] | None = None  # what the last printed position showed
        self._question: tuple[Any, ...] | None = None

    def start(self) -> None:
        self.console.print(self.game.title_line(), markup=False, soft_wrap=True)
        for move in self.game.moves:
            self.moved(move)

    def moved(self, move: Move) -> None:
        adapter = self.game.adapter
        for line in self.game.lines(move, self.game.viewer):
            style = adapter.seat_style(move.seat) if line.startswith(("P", "[")) else ""
            self.console.print(line, markup=False, style=style)

    def thinking(self, seat: int) -> None:
        pass

    def ask(self, seat: int, prompt: str, screen: Screen, hidden: bool = False) -> str:
        game = self.game
        if hidden:
            self.console.clear()  # hot-seat: hide the last player's secrets before handing over
        else:
            shown = (len(game.moves), seat, tuple(sorted(screen.marks.items())))
            if shown != self._shown:  # the position (the log is printed as it happens)
                quiet = Screen(screen.names, (), screen.recent, marks=screen.marks)
                self.console.print(game.adapter.render(game.state, seat, quiet))
                self._shown, self._question = shown, None
            question = (screen.heading, tuple(screen.menu))
            if question != self._question:
                if screen.heading:
                    self.console.print(Text(screen.heading, style="bold"))
                for item in screen.menu:
                    self.console.print(Text(f"  {item}"))
                self._question = question
            if screen.message:
                self.console.print(Text(screen.message, style="red"))
        return self.console.input(f"[bold]{escape(prompt)}[/] ")

    def page(self, renderable: RenderableType) -> None:
        self.console.print(renderable)

    def finish(self, lines: list[Text]) -> None:
        game = self.game
        viewer = game.viewer
        screen = Screen(game.names(), (), game.recent(viewer))
        self.console.print(game.adapter.render(game.state, viewer, screen))
        for line in lines:
            self.console.print(line, soft_wrap=True)


class LiveDisplay:
    """One screen, redrawn in place from the top-left corner at every change."""

    def __init__(self, game: TerminalGame) -> None:
        self.game = game
        self.console = game.console
        try:  # line editing and history for input(); not every platform has it
            import readline  # noqa: F401

            self.readline = True
        except ImportError:  # pragma: no cover - Windows
            self.readline = False

    # -- drawing ---------------------------------------------------------------------------------
    def draw(
        self,
        seat: int | None,
        screen: Screen,
        below: int = PROMPT_LINES,
        hidden: bool = False,
        last: bool = False,
    ) -> None:
        """The frame for `seat`, leaving `below` lines under it for the prompt or the end (the
        `last` frame may scroll a little rather than say the window is too small)."""
        game = self.game
        width, height = self.console.size
        room = max(height - below, 1)
        if hidden:
            lines = [Text(game.game.title, style="bold")]  # nothing of anybody's hand
        else:
            lines = game.adapter.frame(game.state, seat, screen, (width, room))
        wide = max((line.cell_len for line in lines), default=0)
        if last and len(lines) > room and wide <= width:
            room = len(lines)
        elif len(lines) > room or wide > width:
            need = f"{max(wide, width)}×{len(lines) + below}"
            notice = Text(
                f"Window {width}×{height}: {game.game.title} needs {need}; make it larger.",
                style="reverse",
            )
            lines = [notice, *lines][:room]
        with self.console.capture() as capture:
            for line in lines:
                self.console.print(line, no_wrap=True, overflow="crop", crop=True, end="\n")
        drawn = capture.get().split("\n")[: len(lines)]
        out = HOME + "".join(f"{CLEAR_LINE}{line}\r\n" for line in drawn) + CLEAR_BELOW
        self.console.file.write(out)
        self.console.file.flush()

    def read(self, prompt: str) -> str:
        """An answer typed at `prompt`, with readline's editing and history."""
        with self.console.capture() as capture:
            self.console.print(Text(prompt + " ", style="bold"), end="")
        text = capture.get()
        if self.readline:  # escapes are invisible: readline must not count them as columns
            text = _SGR.sub("\x01\\1\x02", text)
        return input(text)

    # -- the display -----------------------------------------------------------------------------
    def start(self) -> None:
        self.draw(self.game.viewer, self.game.screen(self.game.viewer))

    def moved(self, move: Move) -> None:
        self.draw(self.game.viewer, self.game.screen(self.game.viewer))

    def thinking(self, seat: int) -> None:
        game = self.game
        self.draw(game.viewer, game.screen(game.viewer))
        who = f"{game.adapter.seat_name(seat)} ({game.players[seat]})"
        self.console.print(Text(f"{who} is thinking…", style="dim"), end="")
        self.console.file.flush()

    def ask(self, seat: int, prompt: str, screen: Screen, hidden: bool = False) -> str:
        self.draw(seat, screen, hidden=hidden)
        with self.resized(lambda: self.draw(seat, screen, hidden=hidden), prompt):
            return self.read(prompt)

    @contextlib.contextmanager
    def resized(self, redraw: Callable[[], None], prompt: str) -> Iterator[None]:
        """Meanwhile (a prompt waits for an answer) a resized window (SIGWINCH) is redrawn at
        once, for its new size, with the prompt and what was typed so far; before, it was
        redrawn only at the next key (issue 21)."""

        def on_resize(signum: int, frame: object) -> None:
            try:
                redraw()
                typed = ""
                if self.readline:
                    import readline

                    typed = readline.get_line_buffer()
                with self.console.capture() as capture:
                    self.console.print(Text(prompt + " ", style="bold"), end="")
                self.console.file.write(capture.get() + typed)
                self.console.file.flush()
            except Exception:  # a redraw must never break the answer being typed
                pass

        winch = getattr(signal, "SIGWINCH", None)
        try:
            previous = signal.signal(winch, on_resize) if winch is not None else None
        except ValueError:  # not the main thread: no signal handlers there
            winch = None
        try:
            yield
        finally:
            if winch is not None:
                signal.signal(winch, previous if previous is not None else signal.SIG_DFL)

    def page(self, renderable: RenderableType) -> None:
        self.console.clear()
        self.console.print(renderable)
        with contextlib.suppress(EOFError):
            self.read("Press Enter to go back to the game.")

    def finish(self, lines: list[Text]) -> None:
        game = self.game
        viewer = game.viewer
        width = self.console.size[0]
        height = sum(max(1, -(-line.cell_len // width)) for line in lines) + 1
        self.draw(viewer, game.screen(viewer), below=height, last=True)
        for line in lines:
            self.console.print(line)
