"""The terminal's commands for the owner's casualties and split attacks (AOS-10.2, AOS-11.3,
AOS-12.2): the question says what is asked, model numbers alone answer it."""

from __future__ import annotations

from bitva.cli.games.age_of_sigmar_commands import question, read_command
from tests.age_of_sigmar.test_battle_allocation import force_unsaved, t20, thirteen
from tests.age_of_sigmar.test_battle_split import melee


def test_aos_12_2_the_terminal_asks_for_the_order_and_reads_model_numbers() -> None:
    state = t20()
    state.apply("attack A1 at B1")
    force_unsaved(state, 3)
    assert question(state).startswith("B1 suffers 3 wounds: name its models in the order")
    reply = read_command(state, "m1 m2")
    assert reply.refusal is None and str(reply.action) == "allocate B1 m1 m2"
    refused = read_command(state, "m5")
    assert refused.action is None and refused.refusal is not None and "AOS-12.2" in refused.refusal


def test_aos_10_2_the_terminal_asks_who_flees() -> None:
    state = thirteen()
    state.apply("dice battleshock 4")
    assert question(state) == "4 models of B1 flee: name them (e.g. 'm5 m4')"
    reply = read_command(state, "M13 m1 m2 m3")
    assert str(reply.action) == "flee B1 m13 m1 m2 m3"


def test_aos_11_3_a_split_typed_in_any_case() -> None:
    state = melee()
    assert "split" in question(state)
    reply = read_command(state, "attack a1 at b1; m3 at b2")
    assert reply.refusal is None and str(reply.action) == "attack A1 at B1; m3 at B2"


def test_aos_3_7_the_terminal_asks_a_blessed_holder_and_logs_its_die() -> None:
    from bitva.cli.games.age_of_sigmar_words import describe_event
    from tests.age_of_sigmar.test_battle_blessed import charge

    state = charge()
    state.apply("charge A1")
    state.apply("dice charge 2+3")
    assert question(state).startswith("A may use Blessed on 'dice charge 2+3'")
    reply = read_command(state, "bless 2 6")
    assert str(reply.action) == "bless 2 6"
    event = state.play(reply.action)[0] if reply.action is not None else None
    assert event is not None
    line = describe_event(event.for_seat(None), {})
    assert line == "A uses the Blessed triumph: dice charge 2+3 becomes dice charge 3+6 (AOS-3.7)."


def test_aos_11_3_the_log_names_the_split() -> None:
    from bitva.cli.games.age_of_sigmar_words import describe_event

    event = {"kind": "attack", "unit": "A1", "target": "B1", "splits": [[3, "", "B2"]]}
    line = describe_event(event, {})
    assert line is not None and "model 3 at" in line and "AOS-11.3" in line
