"""Every game's pieces are told apart without relying on colour alone.

Colours: within each kind of piece (a game's `palette` keys `<kind>:<name>`), every pair of colours differs by
at least THRESHOLD in CIEDE2000 with typical colour vision and as simulated for protanopia, deuteranopia and
tritanopia (colourvision.py), and each contrasts by at least CONTRAST with every ground the game names.
Cues: on every picture of a report, each piece in a palette colour carries a letter, the same for every piece
of that colour and different for every other colour of its kind, so a picture stripped of its fills still
tells the pieces apart.
"""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import pytest

from engine import registry
from engine.contract import Game, GameBase
from engine.rng import Rng
from pbem import game_yaml, store
from pbem.reports import ReportConfig, render_html, report_model

from .colourvision import MACHADO, ciede2000, contrast, difference

#: CIEDE2000 units two colours of one kind of piece must differ by, however seen. Large patches are told apart
#: at 2 to 5 units; pieces are small (differences look smaller on small marks) and a simulation is only an
#: approximation, so we ask for 15. The pairs the issue reports as indistinguishable measure 7.8 (Afghan green
#: and British magenta, deuteranopia) and 12.8 (seat grey and seat brown, protanopia).
THRESHOLD = 15.0
#: The contrast ratio a piece's fill keeps with the ground it stands on: WCAG 2.1's 3:1 for graphics (1.4.11).
CONTRAST = 3.0
VISIONS = (None, *MACHADO)
GAMES = sorted(registry.games())


def _game(game_id: str) -> Game:
    return registry.get(game_id)


def _palette(game: Game) -> dict[str, str]:
    return dict(game.palette) if isinstance(game, GameBase) else {}


def _kinds(palette: dict[str, str]) -> dict[str, dict[str, str]]:
    """The palette's piece colours by kind (grounds left out)."""
    kinds: dict[str, dict[str, str]] = defaultdict(dict)
    for key, colour in palette.items():
        kind, _, name = key.partition(":")
        if kind != "ground":
            kinds[kind][name] = colour
    return dict(kinds)


def test_ciede2000_matches_sharmas_test_data() -> None:
    """Pairs 1, 7, 17 and 25 of Sharma, Wu and Dalal's supplementary data (2005)."""
    pairs = [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425), ((50, 0, 0), (50, -1, 2), 2.3669),
             ((50, 2.5, 0), (73, 25, -18), 27.1492), ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644)]
    for first, second, expected in pairs:
        assert ciede2000(first, second) == pytest.approx(expected, abs=1e-4)
        assert ciede2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_the_simulation_finds_the_pairs_the_issue_reports() -> None:
    """The old colours fail: the check can tell a palette that does not work for every eye."""
    assert difference("#2e7d32", "#c2185b", "deuteranopia") < THRESHOLD  # Afghan green, British magenta
    assert difference("#8c8c8c", "#8d6e63", "protanopia") < THRESHOLD  # seat grey, seat brown
    assert difference("#2e7d32", "#c2185b") > THRESHOLD  # ... which typical colour vision tells apart
    assert contrast("#ffffff", "#000000") == pytest.approx(21)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_that_draws_declares_its_palette(game_id: str) -> None:
    game = _game(game_id)
    draws = isinstance(game, GameBase) and (type(game).board is not GameBase.board or bool(game.pictures()))
    if not draws:
        pytest.skip(f"{game_id} draws no pictures")
    assert _kinds(_palette(game)), f"{game_id} draws pieces but declares no palette"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_palette_stays_distinct_under_colour_blindness(game_id: str) -> None:
    palette = _palette(_game(game_id))
    if not palette:
        pytest.skip(f"{game_id} declares no palette")
    close = [f"{kind} {a} {b}: {difference(colours[a], colours[b], vision):.1f} ({vision or 'typical'})"
             for kind, colours in _kinds(palette).items() for a, b in itertools.combinations(colours, 2)
             for vision in VISIONS if difference(colours[a], colours[b], vision) < THRESHOLD]
    assert not close, close


@pytest.mark.parametrize("game_id", GAMES)
def test_every_piece_colour_stands_out_from_its_ground(game_id: str) -> None:
    palette = _palette(_game(game_id))
    grounds = {k: c for k, c in palette.items() if k.startswith("ground:")}
    if not grounds:
        pytest.skip(f"{game_id} names no ground")
    faint = [f"{kind}:{name} on {g}: {contrast(colour, ground):.2f}" for kind, colours in _kinds(palette).items()
             for name, colour in colours.items() for g, ground in grounds.items() if contrast(colour, ground) < CONTRAST]
    assert not faint, faint


def _reports(game: Game, root: Path, steps: int = 40) -> list[str]:
    """HTML reports of a robot game with the most seats, every tenth step of its first `steps`."""
    seats = [f"{name}" for name in ("Anna", "Ben", "Cleo", "Dara", "Emil")][:max(game.player_counts)]
    gd, _ = store.create(root, game.id, "palette", [game_yaml.Seat(s) for s in seats], {})
    state, pages = gd.state(), []
    for step in range(1, steps + 1):
        if game.result(state) is not None:
            break
        orders = {p.seat: game.random_order(state, p.seat, Rng.for_robot("palette", step, p.seat))
                  for p in game.prompts(state)}
        outcome = game.apply(state, orders, Rng.for_step("palette", step))
        gd.commit_step(step, outcome.state, outcome.events, {}, {})
        state = outcome.state
        if step % 10 == 0:
            pages.append(render_html([report_model(gd, step, seats[0])], ReportConfig()))
    return pages


@pytest.mark.parametrize("game_id", GAMES)
def test_every_piece_carries_a_cue_besides_its_colour(game_id: str, tmp_path: Path) -> None:
    game = _game(game_id)
    kinds = _kinds(_palette(game))
    if not kinds:
        pytest.skip(f"{game_id} declares no palette")
    kind_of = {colour.lower(): (kind, name) for kind, colours in kinds.items() for name, colour in colours.items()}
    cues: dict[tuple[str, str], set[str]] = defaultdict(set)
    for page in _reports(game, tmp_path):
        for picture in re.findall(r"<svg.*?</svg>", page, re.DOTALL):
            marks = {el.attrib["data-mark"]: el for el in ET.fromstring(picture).iter() if "data-mark" in el.attrib}
            for ident, el in marks.items():
                found = kind_of.get(el.attrib.get("fill", "").lower())
                if found is None or ident.startswith("cue:") or el.tag.endswith("text"):  # words are their own cue
                    continue
                cue = marks.get(f"cue:{ident}")
                assert cue is not None, f"{ident} ({found[0]} {found[1]}) carries no cue"
                cues[found].add("".join(cue.itertext()).strip())
    assert len(cues) >= 2, f"the reports of {game_id} show fewer than two colours of pieces: {sorted(cues)}"
    for (kind, name), letters in cues.items():
        assert len(letters) == 1, f"{kind} {name} carries different cues: {letters}"
    for (k1, n1), (k2, n2) in itertools.combinations(cues, 2):
        if k1 == k2:
            assert cues[k1, n1] != cues[k2, n2], f"{k1} {n1} and {n2} carry the same cue {cues[k1, n1]}"
