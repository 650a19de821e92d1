"""English unit names are plural ("Lancers", "Men-at-Arms", "Knights (heavy cavalry)"), a
creature's singular ("Giant Spider"): a line that makes a unit's name the subject of a singular
verb ("Lancers on F7 is eliminated") reads wrongly. The front ends' tests look for such lines."""

from __future__ import annotations

import re

from bitva.games.battlelore.catalogue.load import load_catalogue

_CATALOGUE = load_catalogue()
PLURAL_NAMES = sorted(
    (
        _CATALOGUE.unit_name(ident)
        for ident, kind in _CATALOGUE.units.items()
        if not kind.is_creature
    ),
    key=len,
    reverse=True,
)
# the singular verbs a log line, a question or a label could put after a unit's name
SINGULAR_VERBS = (
    "is|was|has|does|attacks|shoots|battles|moves|retreats|rushes|loses|survives|panics|"
    "stores|takes|pursues|rolls"
)
# a name, then its hex as the front ends write it ("F7", "(F7)", "on F7"), then the verb
_PLURAL_SUBJECT = re.compile(
    rf"(?:{'|'.join(re.escape(n) for n in PLURAL_NAMES)})"
    rf"(?: \(?[A-Za-z0-9-]+\)?| on [A-Za-z0-9-]+)? (?:{SINGULAR_VERBS})\b"
)


def plural_name_with_singular_verb(line: str) -> str | None:
    """The part of `line` that puts a plural unit name before a singular verb, else None."""
    found = _PLURAL_SUBJECT.search(line)
    return found.group(0) if found else None
