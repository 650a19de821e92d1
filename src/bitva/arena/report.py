"""A tournament report: Markdown with the standings, the pairwise scores and a PNG chart (Elo with
its 95% interval, and the score matrix); for a benchmark (a solo game) the win rates with their
Wilson intervals and mean scores, and a chart of them. Charts are drawn with matplotlib's Agg
backend (no display)."""

from __future__ import annotations

import math
from pathlib import Path

from bitva.arena.benchmark import Benchmark
from bitva.arena.standings import Summary
from bitva.arena.tournament import Tournament
from bitva.core.errors import BitvaError

REPORT = "tournament.md"
CHART = "tournament.png"


def _elo(value: float) -> str:
    return "—" if math.isnan(value) else f"{value:.0f}"


def _heading(tournament: Tournament, games: int, kind: str) -> list[str]:
    if tournament.solo:
        how = f"each agent alone on the same {tournament.games} deals"
    else:
        how = (
            f"{tournament.seats} seats, {tournament.games} games per table, every seating of a"
            " table on each deal"
        )
    return [
        f"# {kind}: {', '.join(tournament.agents)}",
        "",
        f"{tournament.game}, {games} games ({how}), seed {tournament.seed}.",
        "",
        "Options: "
        + ", ".join(f"`{k}={v}`" for k, v in sorted(tournament.options.items()) if v is not None),
        "",
    ]


def markdown(tournament: Tournament, summary: Summary, chart: str | None = CHART) -> str:
    agents = [s.agent for s in summary.standings]
    lines = [
        *_heading(tournament, summary.games, "Tournament"),
        "## Standings",
        "",
        "| agent | games | wins | draws | losses | score | Elo | 95% interval | avg length"
        " | s/move | max s/move |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|",
    ]
    for s in summary.standings:
        lines.append(
            f"| {s.agent} | {s.games} | {s.wins} | {s.draws} | {s.losses} | {s.score:.1%} |"
            f" {_elo(s.elo)} | {_elo(s.elo_low)} to {_elo(s.elo_high)} |"
            f" {s.average_length:.1f} | {s.move_seconds:.3f} | {s.max_move_seconds:.2f} |"
        )
    lines += [
        "",
        "## Scores by pairing",
        "",
        "Share of the points the row agent took against the column agent (draws count half;"
        " with more than two seats, every two seats of a game are one pairwise result: the"
        " higher return wins).",
        "",
        "| | " + " | ".join(agents) + " |",
        "|---|" + "---:|" * len(agents),
    ]
    for a in agents:
        cells = []
        for b in agents:
            value = summary.matrix[a].get(b)
            cells.append("" if value is None else f"{value:.0%} ({summary.pair_games[a][b]})")
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    lines += [
        "",
        f"Average game length: {summary.average_length:.1f} actions. Results fingerprint:"
        f" `{summary.fingerprint}`. Move times are wall-clock seconds on the machine that played"
        " (they are the only figures that differ between two runs of the same tournament).",
        "",
        "Elo: maximum-likelihood Bradley-Terry ratings on the Elo scale (centred on 1500, one"
        " virtual draw per pairing as a prior); 95% intervals from 1000 bootstrap resamples of"
        " the games within each pairing, widened where needed to the Fisher-information interval"
        " (a clean sweep leaves the bootstrap no spread).",
    ]
    if chart:
        lines += ["", f"![Elo and pairwise scores]({chart})"]
    return "\n".join(lines) + "\n"


def chart(summary: Summary, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    standings = summary.standings
    agents = [s.agent for s in standings]
    figure, (left, right) = plt.subplots(
        1, 2, figsize=(11, max(3.0, 0.6 * len(agents) + 1.5)), constrained_layout=True
    )
    rows = range(len(standings))[::-1]
    elo = [0.0 if math.isnan(s.elo) else s.elo for s in standings]
    low = [0.0 if math.isnan(s.elo_low) else max(0.0, s.elo - s.elo_low) for s in standings]
    high = [0.0 if math.isnan(s.elo_high) else max(0.0, s.elo_high - s.elo) for s in standings]
    left.errorbar(elo, list(rows), xerr=[low, high], fmt="o", capsize=4, color="tab:blue")
    left.set_yticks(list(rows), agents)
    left.set_xlabel("Elo (95% interval)")
    left.set_title("Ratings")
    left.grid(axis="x", alpha=0.3)
    grid = [[summary.matrix[a].get(b, math.nan) for b in agents] for a in agents]
    image = right.imshow(grid, vmin=0.0, vmax=1.0, cmap="RdYlGn")
    right.set_xticks(range(len(agents)), agents, rotation=30, ha="right")
    right.set_yticks(range(len(agents)), agents)
    for i, row in enumerate(grid):
        for j, value in enumerate(row):
            if not math.isnan(value):
                right.text(j, i, f"{value:.0%}", ha="center", va="center", fontsize=9)
    right.set_title("Score of row against column")
    figure.colorbar(image, ax=right, shrink=0.8)
    figure.savefig(path, dpi=110)
    plt.close(figure)


def benchmark_markdown(tournament: Tournament, result: Benchmark, chart: str | None = CHART) -> str:
    lines = [
        *_heading(tournament, result.games, "Benchmark"),
        "## Results",
        "",
        "| agent | games | wins | draws | losses | win rate | Wilson 95% | mean score"
        " | mean return | avg length | s/move | max s/move |",
        "|---|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|",
    ]
    for r in result.rows:
        score = "—" if r.mean_score is None else f"{r.mean_score:.2f}"
        lines.append(
            f"| {r.agent} | {r.games} | {r.wins} | {r.draws} | {r.losses} | {r.win_rate:.1%} |"
            f" {r.win_low:.1%} to {r.win_high:.1%} | {score} | {r.mean_return:+.3f} |"
            f" {r.average_length:.1f} | {r.move_seconds:.3f} | {r.max_move_seconds:.2f} |"
        )
    lines += [
        "",
        f"Average game length: {result.average_length:.1f} actions. Results fingerprint:"
        f" `{result.fingerprint}`. A solo game has no opponent to rate against, so there is no"
        " Elo: the interval is the Wilson score interval of the win rate.",
    ]
    if chart:
        lines += ["", f"![Win rates]({chart})"]
    return "\n".join(lines) + "\n"


def benchmark_chart(result: Benchmark, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = result.rows
    figure, axes = plt.subplots(
        figsize=(7, max(2.5, 0.6 * len(rows) + 1.2)), constrained_layout=True
    )
    positions = list(range(len(rows)))[::-1]
    rates = [r.win_rate for r in rows]
    low = [max(0.0, r.win_rate - r.win_low) for r in rows]  # never negative (matplotlib refuses)
    high = [max(0.0, r.win_high - r.win_rate) for r in rows]
    axes.errorbar(rates, positions, xerr=[low, high], fmt="o", capsize=4, color="tab:blue")
    axes.set_yticks(positions, [r.agent for r in rows])
    axes.set_xlim(0.0, 1.0)
    axes.set_xlabel("win rate (Wilson 95% interval)")
    axes.grid(axis="x", alpha=0.3)
    figure.savefig(path, dpi=110)
    plt.close(figure)


def write_report(directory: Path, tournament: Tournament, summary: Summary | Benchmark) -> Path:
    """Write DIR/tournament.md and DIR/tournament.png; return the Markdown file's path."""
    try:
        directory.mkdir(parents=True, exist_ok=True)
        target = directory / REPORT
        if isinstance(summary, Benchmark):
            benchmark_chart(summary, directory / CHART)
            text = benchmark_markdown(tournament, summary)
        else:
            chart(summary, directory / CHART)
            text = markdown(tournament, summary)
        target.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BitvaError(f"cannot write the report to {directory}: {exc.strerror}") from exc
    return target
