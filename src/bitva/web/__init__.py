"""The browser client: static ES modules, CSS and SVG served by bitva.server (no build step)."""
