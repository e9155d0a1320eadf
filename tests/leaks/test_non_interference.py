"""Non-interference: a seat's site pages stay the same when only what it may not see changes.

For every registered game and setup (tests/conformance/cases.py) whose conformance hook says what its hidden
information is (`perturb`), a robot game is stored; then, for each reader (every seat and the public), a copy has
every other seat's hidden information changed in every snapshot (hands, decks, water, held bids, AI decks) and a
private event planted for the other seats. Every page of the reader's web archive must come out byte for byte the
same, and the planted secret must appear nowhere. (The same check of the reports themselves is
tests/conformance/test_stored.py.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conformance.cases import Case, params
from conformance.hooks import perturb

from pbem.site import build, seat_folder, slug
from pbem.store import open_game

from .hidden import PLANTED, Perturb, Stored, perturbed_copy, rendered

#: Steps kept of each stored game: enough for hands, decks and held bids to have changed hands.
STEPS = 24


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Stored:
    return Stored(tmp_path_factory.mktemp("leak-games"), STEPS)


def stored(games: Stored, case: Case) -> Path:
    """The stored robot game of `case`."""
    return games.game(case.name, case.game_id, case.seats, case.cli_options)


def change(case: Case) -> Perturb:
    """How the case's game changes what a reader may not see; a game that does not say is skipped."""
    found = perturb(case.game)
    if found is None:
        pytest.skip(f"{case.game_id} names no hidden information (no perturb hook)")
    return found


def site_pages(out: Path, folder: Path, reader: str | None) -> dict[str, bytes]:
    """The pages of one reader in a built site: the public pages, or one seat's private folder."""
    gd = open_game(folder)
    base = out / slug(gd.name)
    # The log and the feed too: a step's label, its change marks and its feed entry come from the reader's views.
    folder = base if reader is None else base / seat_folder(gd, reader)
    pages = sorted(folder.glob("*.html")) + [folder / "feed.xml"]
    if reader is None:
        pages += sorted((base / "steps").glob("*.html"))
    assert pages
    return {str(p.relative_to(out)): p.read_bytes() for p in pages}


@pytest.mark.parametrize("case", params(slow_after_first=True))
def test_site_pages_do_not_change_when_only_hidden_information_of_others_changes(
        case: Case, games: Stored, tmp_path: Path) -> None:
    how, folder = change(case), stored(games, case)
    original_out = tmp_path / "site"
    build(folder, original_out)
    for reader in [*case.seats, None]:
        copy = perturbed_copy(folder, tmp_path / f"copy-{reader}", reader, how)
        changed_out = tmp_path / f"site-{reader}"
        build(copy, changed_out, readers=[reader])  # the reader's pages alone: the others' are not compared
        original, changed = site_pages(original_out, folder, reader), site_pages(changed_out, copy, reader)
        assert original == changed, f"{case.name}: {reader or 'the public'}'s site pages depend on hidden information"
        assert not any(PLANTED.encode() in page for page in changed.values())


@pytest.mark.parametrize("case", [p for p in params() if p.values[0].setup.players > 1])  # type: ignore[attr-defined]
def test_the_perturbation_really_changes_what_others_see(case: Case, games: Stored, tmp_path: Path) -> None:
    """The checks above can fail: the changed copy does change the pages of a seat whose secrets moved."""
    viewer, other = case.seats[:2]
    folder = stored(games, case)
    copy = perturbed_copy(folder, tmp_path, viewer, change(case))
    assert rendered(folder, other) != rendered(copy, other)
    assert any(PLANTED in page for page in rendered(copy, other))
