"""Every rule (BL-x.y), decision (D-n) and worked example (T-nn) of the BattleLore spec has a test
named for it (issue 11, "a test per rule and decision, named with its number").

The ids are read from ../shared/rules/battlelore.md (skipped when CI has no ../shared); the test
names from tests/battlelore: `test_bl_3_4_...`, `test_d_23_...`, `test_t_12_...`, several ids in
one name allowed (`test_bl_11_4_bl_11_5_d_23_...`). `coverage_table()` is the whole table, id
by id, for a reader: `python -c "from tests.battlelore.test_coverage import print_table as p; p()"`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT.parent / "shared" / "rules" / "battlelore.md"
TESTS = ROOT / "tests" / "battlelore"
# BL-8 (terrain) is a whole section with no numbered sub-rules
SECTION_RULES = ("BL-8",)


def rule_ids(spec: str) -> list[str]:
    """The rules (`**BL-x.y**`), the BL sections without sub-rules, the decisions (`| D-n |`) and
    the worked examples (`| T-nn ...`) of the spec, in the spec's order."""

    def numbers(rule: str) -> list[int]:
        return [int(part) for part in rule[3:].split(".")]

    rules = sorted(
        set(re.findall(r"\*\*(BL-\d+\.\d+)\*\*", spec)) | set(SECTION_RULES), key=numbers
    )
    decisions = sorted({int(n) for n in re.findall(r"^\| D-(\d+) \|", spec, re.M)})
    examples = sorted(set(re.findall(r"^\| T-(\d+) ", spec, re.M)))
    return rules + [f"D-{n}" for n in decisions] + [f"T-{n}" for n in examples]


def named_tests() -> dict[str, str]:
    """Every test function of tests/battlelore, with the file that holds it."""
    found: dict[str, str] = {}
    for path in sorted(TESTS.rglob("*.py")):
        for match in re.finditer(r"^\s*(?:async )?def (test_\w+)", path.read_text(), re.M):
            found[match.group(1)] = path.name
    return found


def name_pattern(rule: str) -> re.Pattern[str]:
    """`BL-11.1` -> `bl_11_1` not followed by a digit (so not `bl_11_10`) and not preceded by a
    letter or digit (so `bl_1_1` is not found in `bl_11_1`)."""
    kind, number = rule.split("-")
    return re.compile(rf"(?<![a-z0-9]){kind.lower()}_{number.replace('.', '_')}(?!\d)")


def coverage_table(spec: str) -> dict[str, list[str]]:
    """Each id of the spec and the tests that name it (file::test)."""
    names = named_tests()
    table: dict[str, list[str]] = {}
    for rule in rule_ids(spec):
        pattern = name_pattern(rule)
        table[rule] = sorted(f"{f}::{n}" for n, f in names.items() if pattern.search(n))
    return table


def print_table() -> None:
    for rule, tests in coverage_table(SPEC.read_text(encoding="utf-8")).items():
        print(f"{rule:9} {len(tests):3}  {tests[0] if tests else 'MISSING'}")


def _spec() -> str:
    if not SPEC.is_file():
        pytest.skip(f"the rules spec is not here ({SPEC}): CI has no ../shared")
    return SPEC.read_text(encoding="utf-8")


def test_the_ids_are_read_from_the_spec() -> None:
    ids = rule_ids(_spec())
    assert sum(i.startswith("BL-") for i in ids) == 79
    assert [i for i in ids if i.startswith("D-")] == [f"D-{n}" for n in range(1, 48)]
    assert [i for i in ids if i.startswith("T-")] == [f"T-{n:02d}" for n in range(1, 39)]


def test_name_patterns_tell_neighbouring_ids_apart() -> None:
    assert name_pattern("BL-11.1").search("test_bl_11_1_creatures")
    assert not name_pattern("BL-11.1").search("test_bl_11_10_poison")
    assert not name_pattern("BL-1.1").search("test_bl_11_1_creatures")
    assert name_pattern("D-23").search("test_bl_11_5_d_23_trample")
    assert not name_pattern("D-2").search("test_d_23_trample")
    assert name_pattern("T-05").search("test_t_05_poison_with_blessing")


def test_every_rule_decision_and_worked_example_has_a_test_named_for_it() -> None:
    table = coverage_table(_spec())
    missing = [rule for rule, tests in table.items() if not tests]
    assert not missing, f"{len(missing)} ids with no test named for them: {', '.join(missing)}"
