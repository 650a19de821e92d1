"""The geometry of an Age of Sigmar battle on a continuous table (rules section 2, GEO-1..GEO-12).

Pure functions over small immutable values, in inches:

- :mod:`.measure`: the table, models as circles, distances, "within", the quantized notation
  (GEO-1 to GEO-4);
- :mod:`.polygon`: plane primitives for scenery and territories;
- :mod:`.coherency`: the 1" graph (GEO-5);
- :mod:`.scenery`: features, on/in, cover (GEO-6, GEO-7, AOS-13);
- :mod:`.sight`: line of sight (GEO-8);
- :mod:`.paths`: move paths and unit moves (GEO-9, GEO-10);
- :mod:`.pile_in`: pile-in (GEO-11);
- :mod:`.formation`: whole-unit moves towards a point, keeping formation;
- :mod:`.territory`: territories and set-up (GEO-12).
"""

from bitva.games.age_of_sigmar.geometry.coherency import groups, is_coherent
from bitva.games.age_of_sigmar.geometry.measure import (
    EPS,
    Circle,
    Point,
    Table,
    base_radius,
    gap,
    more_than,
    quantize,
    unit_to_unit,
    within,
)
from bitva.games.age_of_sigmar.geometry.paths import (
    Board,
    Violation,
    check_path,
    check_unit_move,
)
from bitva.games.age_of_sigmar.geometry.pile_in import check_pile_in, plan_pile_in
from bitva.games.age_of_sigmar.geometry.scenery import Feature, is_on
from bitva.games.age_of_sigmar.geometry.sight import sees

__all__ = [
    "EPS",
    "Board",
    "Circle",
    "Feature",
    "Point",
    "Table",
    "Violation",
    "base_radius",
    "check_path",
    "check_pile_in",
    "check_unit_move",
    "gap",
    "groups",
    "is_coherent",
    "is_on",
    "more_than",
    "plan_pile_in",
    "quantize",
    "sees",
    "unit_to_unit",
    "within",
]
