"""Hits, cap, wounds, LKA and disputes (SE-5): EX-9, EX-10, the harm key (D-17)."""

from __future__ import annotations

from bitva.games.sniper_elite.hits import dispute, exempt, found, harm, hit, hits, rule_out
from bitva.games.sniper_elite.model import Core
from tests.sniper_elite.helpers import GEO, sp

NONE: frozenset[str] = frozenset()


def core(**changes: object) -> Core:
    base = Core(
        {"R1": sp("a3"), "R2": None, "R3": None, "K1": None, "K2": None, "K3": None,
         "Y1": None, "Y2": None, "Y3": None},
        sp("d6"), "red", [4, 5], list("NRRNRR"), {"A": 6, "N": 2, "R": 3, "S": 0},
    )  # fmt: skip
    for key, value in changes.items():
        setattr(base, key, value)
    return base


def test_se_5_1_a_hit_moves_the_top_token_into_the_bag() -> None:
    c = core()
    hit(c, NONE)
    assert c.health == list("NRRNR") and c.bag["R"] == 4


def test_ex_9_se_5_2_cap_per_turn() -> None:
    c = core()
    hits(c, 4, NONE)  # the sniper's turn: the 4th is ignored (SE-5.2)
    assert c.health == list("NRR")
    c.hits, c.wounded_now = 0, False  # the defenders' turn
    hits(c, 3, NONE)
    assert c.health == [] and not c.wounded
    assert c.bag == {"A": 6, "N": 4, "R": 7, "S": 0}


def test_ex_10_se_5_3_wound_rebuilds_from_three_r() -> None:
    c = core(health=[], bag={"A": 6, "N": 4, "R": 7, "S": 0})
    hit(c, NONE)
    assert c.wounded and c.health == list("RRR")
    assert c.bag == {"A": 6, "N": 4, "R": 4, "S": 0}
    hit(c, NONE)  # every later hit this turn is ignored (SE-5.3)
    assert c.health == list("RRR")


def test_ex_10_d_35_scout_plus_rebuilds_r_n_n() -> None:
    c = core(health=[], bag={"A": 6, "N": 4, "R": 7, "S": 0})
    hit(c, frozenset({"scout+"}))
    assert c.health == list("RNN")  # D-35: N on top
    assert c.bag == {"A": 6, "N": 2, "R": 6, "S": 0}


def test_ex_10_wounded_with_an_empty_stack_loses() -> None:
    c = core(health=[], wounded=True)
    hit(c, NONE)
    assert c.lost


def test_d_15_d_37_a_short_rebuild_uses_what_the_bag_holds() -> None:
    c = core(health=[], bag={"A": 6, "N": 0, "R": 1, "S": 1})
    hit(c, NONE)
    assert c.health == ["R", "S"]  # D-37: S counts as R


def test_d_16_the_wounding_hit_counts_toward_the_cap() -> None:
    c = core(health=["R"], hits=1)
    hits(c, 2, NONE)
    assert c.hits == 3 and c.wounded


def test_se_10_1_marksman_cap_five_hits_and_wounds_do_not_stop_them() -> None:
    c = core(health=list("RR"))
    hits(c, 6, frozenset({"marksman-cap"}))
    assert c.hits == 5 and c.wounded and c.health == ["R"]  # RR, wound: RRR, then 2 more


def test_se_5_5_se_5_6_d_16_found_updates_the_lka_even_when_capped() -> None:
    c = core(sniper=sp("h11"), hits=3)
    found(c, GEO, NONE)
    assert c.lka == "white" and c.health == list("NRRNRR")


def test_se_5_8_rule_out() -> None:
    c = core()
    rule_out(c, 4)
    assert c.probable == [5]


def test_se_5_7_d_22_the_summon_exemption_is_strict() -> None:
    c = core(sniper=sp("c6"), lka="red")
    c.defenders["K1"] = sp("c7")
    assert exempt(c, GEO, "K1", sp("d5"))  # 2 > 1
    c.defenders["K1"] = sp("c8")  # outside the LKA (yellow)
    assert not exempt(c, GEO, "K1", sp("d5"))
    c.defenders["K1"] = sp("e6")  # in red, 2 from c6; b7 is 2 too: not farther
    assert not exempt(c, GEO, "K1", sp("b7"))


def test_se_5_9_d_17_harm_key_order() -> None:
    before = core()
    worse = core(lost=True)
    assert harm(before, worse, GEO, []) > harm(before, before, GEO, [])
    guard = core()
    guard.defenders["R1"] = sp("e6")
    near = core()
    near.defenders["R1"] = sp("e5")
    assert harm(before, guard, GEO, [sp("e6")]) > harm(before, near, GEO, [sp("e6")])


def test_se_5_9_equal_results_merge_and_ties_weigh_by_count() -> None:
    def to(space: str):  # type: ignore[no-untyped-def]
        def apply(c: Core) -> None:
            c.defenders["R1"] = sp(space)

        return apply

    c = core(sniper=sp("a6"))
    ruling = dispute(c, [to("a4"), to("a4"), to("b3")], GEO, [])
    assert len(ruling.results) == 1  # a4 is nearer the sniper: worse for him
    ruling = dispute(c, [to("a5"), to("a5"), to("b6")], GEO, [])
    assert ruling.weights == (2, 1) and not ruling.certain
