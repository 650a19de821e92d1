"""Command line front end (Typer + Rich)."""
