"""`bitva games [GAME]`: the registered games with their traits; one game in full (its options
from the options model's JSON Schema, analyses, position files and seats)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from bitva.cli.common import console, friendly_errors, load_game
from bitva.cli.pretty import scalar
from bitva.core.game import Analysis, Game


def _plural(kind: str) -> str:
    return "lists" + kind[4:] if kind.startswith("list ") else kind + "s"


def schema_type(prop: Mapping[str, Any], defs: Mapping[str, Any]) -> str:
    """A JSON Schema type in a few words: "integer 1-3", "2 strings", "boolean or none"."""
    if "$ref" in prop:
        prop = defs.get(str(prop["$ref"]).rsplit("/", 1)[-1], {})
    if "enum" in prop:
        return "one of " + ", ".join(map(str, prop["enum"]))
    if "anyOf" in prop:
        kinds = [schema_type(choice, defs) for choice in prop["anyOf"]]
        return " or ".join("none" if kind == "null" else kind for kind in kinds)
    kind = str(prop.get("type", "any"))
    if kind in ("integer", "number") and ("minimum" in prop or "maximum" in prop):
        low, high = prop.get("minimum", "…"), prop.get("maximum", "…")
        return f"{kind} {low}-{high}"
    if kind == "array":
        items = prop.get("prefixItems")
        if items:
            inner = {schema_type(item, defs) for item in items}
            return f"{len(items)} {_plural(inner.pop())}" if len(inner) == 1 else "list"
        if "items" in prop:
            return f"list of {_plural(schema_type(prop['items'], defs))}"
        return "list"
    return kind


def options_table(game: Game[Any, Any]) -> Table:
    schema = game.options_model.model_json_schema()
    defs = schema.get("$defs", {})
    table = Table(title="Options (-o key=value, --key value, --flag / --no-flag)")
    for column in ("option", "type", "default", "description"):
        table.add_column(column)
    for name, prop in schema.get("properties", {}).items():
        default = prop.get("default")
        table.add_row(
            "--" + name.replace("_", "-"),
            schema_type(prop, defs),
            scalar(default) if "default" in prop else "(required)",
            str(prop.get("description", "")),
        )
    return table


def parameter_words(analysis: Analysis) -> str:
    """An analysis's parameters as `name (type): description` lines, from its pydantic model."""
    if analysis.parameters is None:
        return "-"
    lines = []
    for name, field in analysis.parameters.model_fields.items():
        kind = getattr(field.annotation, "__name__", str(field.annotation))
        default = "" if field.is_required() else f", default {field.default!r}"
        about = f": {field.description}" if field.description else ""
        lines.append(f"{name} ({kind}{default}){about}")
    return "\n".join(lines)


def analyses_table(game: Game[Any, Any]) -> Table:
    table = Table(title="Analyses (bitva analyse GAME FILE --analysis NAME; the first is default)")
    # a parameters column only where some analysis takes any (most take none)
    parametric = any(a.parameters is not None for a in game.analyses.values())
    columns = ["name", "title", "offered at"]
    columns += ["parameters (--param NAME=VALUE)"] if parametric else []
    for column in (*columns, "description"):
        table.add_column(column)
    for analysis in game.analyses.values():
        where = ", ".join(sorted(analysis.decisions)) if analysis.decisions else "any decision"
        if analysis.to_move_only:
            where += " (the seat to move)"
        cells = [analysis.name, analysis.title, where]
        cells += [parameter_words(analysis)] if parametric else []
        table.add_row(*cells, analysis.description)
    return table


def show_game(game: Game[Any, Any]) -> None:
    from bitva.cli.games import adapter_for
    from bitva.cli.games.generic import GenericAdapter

    low, high = game.traits.seats
    seats = game.seats_for(game.options())
    adapter = adapter_for(game)
    own = type(adapter) is not GenericAdapter
    positions = (
        f"yes ({game.position_suffix}): bitva analyse {game.name} FILE"
        if game.position_suffix is not None
        else "no"
    )
    facts = [
        ("traits", game.traits.describe()),
        (
            "seats",
            f"{low} to {high} ({seats} with the default options)" if low != high else str(low),
        ),
        ("position files", positions),
        ("records", f"format {game.record_format}"),
        ("terminal", "its own adapter" if own else "the generic adapter"),
    ]
    console.print(f"[bold]{escape(game.title)}[/] ({game.name})")
    for label, value in facts:
        console.print(f"  {label}: {escape(value)}", soft_wrap=True)
    console.print(options_table(game))
    if game.analyses:
        console.print(analyses_table(game))
    else:
        console.print("No analyses.")


@friendly_errors
def games(
    game: Annotated[str | None, typer.Argument(help="show this game in full")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON")] = False,
) -> None:
    """List the games bitva knows, with their traits.

    `bitva games GAME` shows one in full: traits, seats, options (type, default, description),
    analyses and whether it has position files."""
    from bitva.core.registry import all_games

    chosen = [load_game(game)] if game is not None else all_games()
    if as_json:
        data = [g.to_json() for g in chosen]
        print(json.dumps(data[0] if game is not None else data, indent=2))
        return
    if game is not None:
        show_game(chosen[0])
        return
    width = max((len(g.name) for g in chosen), default=0)
    title_width = max((len(g.title) for g in chosen), default=0)
    for g in chosen:
        line = f"{g.name:<{width}}  {g.title:<{title_width}}  {g.traits.describe()}"
        console.print(line, markup=False, soft_wrap=True)
