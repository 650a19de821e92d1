"""Issue 21 in Sniper Elite on a phone, found by playing the dog challenge by touch in Czech
(test_sniper_elite_challenges.py): an objective's numbered ring (SE-5.1) sat over the label of a
defender standing on its space ("K1" under the ring of 4, "R1" under 1), so neither the
number nor the defender could be read at 390 px. The ring keeps its corner and the defender
stands aside in its space, so that both read whole."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from tests.e2e.pages import PHONE, WIDE
from tests.e2e.test_sniper_elite_play_testing import SHOTS, mounted
from tests.server.process import ServerProcess

# defenders on the objectives 1 (a3), 4 (i2), 5 (n5) and 9 (j10) of the depot's map
ON_OBJECTIVES = (
    'sniper = "e7"\nlka = "red"\nobjectives = [3, 9]\n'
    '[defenders]\nR1 = "a3"\nK1 = "i2"\nK2 = "n5"\nY3 = "j10"\n'
)
STANDING = {"R1": "a3", "K1": "i2", "K2": "n5", "Y3": "j10"}


def box(page: Page, selector: str) -> tuple[float, float, float, float]:
    found = page.locator(selector).bounding_box()
    assert found is not None, selector
    return found["x"], found["y"], found["width"], found["height"]


def overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


@pytest.mark.parametrize(("size", "lang"), [(PHONE, "cs"), (WIDE, "en")])
def test_se_5_1_issue_21_an_objectives_ring_leaves_a_defender_on_it_readable(
    server: ServerProcess, browser: Browser, page_errors: list[str], size: ViewportSize, lang: str
) -> None:
    page = mounted(browser, page_errors, server, size, lang, ON_OBJECTIVES)
    for defender, space in STANDING.items():
        ring = box(page, f'#se-map .objective[data-space="{space}"] .objective-ring')
        label = box(page, f'#se-map [data-figure="{defender}"] .defender-id')
        body = box(page, f'#se-map [data-figure="{defender}"] .defender-body')
        assert not overlap(ring, label), (defender, ring, label)
        # the ring and the defender's disc do not touch: both are seen whole
        ring_centre = (ring[0] + ring[2] / 2, ring[1] + ring[3] / 2)
        body_centre = (body[0] + body[2] / 2, body[1] + body[3] / 2)
        apart = (ring_centre[0] - body_centre[0]) ** 2 + (ring_centre[1] - body_centre[1]) ** 2
        assert apart**0.5 >= (ring[2] + body[2]) / 2, (defender, ring, body)
    page.locator("#se-map").screenshot(
        path=str(SHOTS / f"sniper-elite-issue21-objective-defender-{size['width']}-{lang}.png")
    )
    page.context.close()


# a defenders' order step as the now line tells it in Czech (SE-8: who moves, then what)
STEP = "Krok 2: obránci v poslední známé oblasti – jdou 2 pole k odstřelovači, jinak hledají."
LINE = """(text) => {
  const line = document.querySelector("#now-line");
  const empty = line.getBoundingClientRect().height;
  line.textContent = text;
  line.classList.add("active");
  const wide = line.scrollWidth > line.clientWidth + 1;
  const tall = line.scrollHeight > line.clientHeight + 1;
  return { empty, height: line.getBoundingClientRect().height, cut: wide || tall };
}"""


def test_se_8_issue_21_the_defenders_step_is_read_whole_on_a_phone(
    server: ServerProcess, browser: Browser, page_errors: list[str]
) -> None:
    """Found playing the dog challenge in Czech at 390 px: the now line that narrates the
    defenders' turn (SE-8) was one line cut with "…" ("Krok 2: obránci v poslední známé oblasti
    – …"); on a phone it holds two lines, always the same height, so the map never moves."""
    page = mounted(browser, page_errors, server, PHONE, "cs")
    said = page.evaluate(LINE, STEP)
    assert not said["cut"], said
    assert said["height"] == said["empty"], said  # the map below does not move
    page.locator(".map-col").screenshot(
        path=str(SHOTS / "sniper-elite-issue21-now-line-390-cs.png")
    )
    page.context.close()
