"""The golden archives: games made by earlier pbem code replay with today's, or diverge exactly as expected.yaml says.

The archives (tests/golden/*.tar.xz) were made once by make_golden.py and are never remade; see that script.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import pytest
from ruamel.yaml import YAML

from pbem.replay import KINDS, Replay, compare
from pbem.store import open_game

from .goldens import HERE, SUFFIX, Coverage, archives, coverage, index_row, name_of, unpack

EXPECTED = HERE / "expected.yaml"
#: Git keeps every golden forever, so their total must stay modest.
SIZE_LIMIT = 15 * 1024 * 1024


def expected() -> dict[str, dict[str, object]]:
    """The games expected to diverge, by name."""
    doc = YAML(typ="safe").load(EXPECTED.read_text(encoding="utf-8")) or {}
    return dict(doc.get("diverges") or {})


@pytest.fixture(scope="module")
def unpacked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every golden game, extracted once."""
    into = tmp_path_factory.mktemp("golden")
    return {name_of(a): unpack(a, into) for a in archives()}


def verdict(name: str, outcome: Replay, wanted: Mapping[str, object] | None) -> str | None:
    """What is wrong with a golden game's replay given its expectation; None when it is as expected."""
    found = outcome.difference
    if wanted is None:
        if found is not None:
            return f"{name} no longer replays: step {found.step} ({found.kind}): {found.what}; if a rule fix means " \
                   "this, list it in tests/golden/expected.yaml"
        return None
    if found is None:
        return f"{name} is listed in expected.yaml but replays exactly: remove its entry"
    if (found.step, found.kind) != (wanted.get("step"), wanted.get("kind")):
        return f"{name} diverges at step {found.step} ({found.kind}: {found.what}), but expected.yaml says step " \
               f"{wanted.get('step')} ({wanted.get('kind')})"
    return None


@pytest.mark.parametrize("archive", archives(), ids=name_of)
def test_golden_game_replays_as_expected(archive: Path, unpacked: dict[str, Path]) -> None:
    name = name_of(archive)
    gd = open_game(unpacked[name])
    outcome = compare(gd)
    problem = verdict(name, outcome, expected().get(name))
    assert problem is None, problem
    if outcome.difference is None:
        assert outcome.steps == gd.current_step()


def test_an_expected_divergence_must_happen_exactly_there(tmp_path: Path) -> None:
    folder = unpack(HERE / f"pp3-s23{SUFFIX}", tmp_path)
    path = folder / "steps" / "0009" / "state.json"
    path.write_text(path.read_text().replace('"phase"', '"phase_before_a_rule_fix"'))
    outcome = compare(open_game(folder))
    assert verdict("g", outcome, {"step": 9, "kind": "state"}) is None
    assert "expected.yaml says step 8 (state)" in str(verdict("g", outcome, {"step": 8, "kind": "state"}))
    assert "expected.yaml says step 9 (events)" in str(verdict("g", outcome, {"step": 9, "kind": "events"}))
    assert "no longer replays: step 9 (state)" in str(verdict("g", outcome, None))
    untouched = compare(open_game(unpack(HERE / f"pp2-s13{SUFFIX}", tmp_path)))
    assert "replays exactly: remove its entry" in str(verdict("g", untouched, {"step": 9, "kind": "state"}))


def test_expected_divergences_name_real_games_steps_and_kinds() -> None:
    names = {name_of(a) for a in archives()}
    for name, entry in expected().items():
        assert name in names, f"expected.yaml names {name!r}, which is not a golden archive"
        assert isinstance(entry.get("step"), int) and entry["step"] >= 0, f"{name}: step must be a step number"
        assert entry.get("kind") in KINDS, f"{name}: kind must be one of {', '.join(KINDS)}"
        assert entry.get("why"), f"{name}: say which rule fix makes it diverge"


def test_goldens_cover_every_game_seat_count_and_feature(unpacked: dict[str, Path]) -> None:
    games = [coverage(folder) for folder in unpacked.values()]
    assert len(games) >= 30
    pax = [g for g in games if g.game == "pax-pamir" and not g.wakhan]
    wakhan = [g for g in games if g.game == "pax-pamir" and g.wakhan]
    x5 = [g for g in games if g.game == "expedition-5x"]
    expanse = [g for g in games if g.game == "pax-expanse"]
    assert {g.seats for g in pax} == {2, 3, 4, 5}
    assert {g.seats for g in wakhan} == {1, 2}
    assert {g.seats for g in x5} == {3, 4, 5}
    assert {g.seats for g in expanse} == {3, 4}

    def total(group: list[Coverage], feature: str) -> int:
        return sum(getattr(g, feature) for g in group)

    for group, title in ((pax, "Pax Pamir"), (wakhan, "Wakhan"), (expanse, "Pax Expanse")):
        for feature in ("answers", "standing", "defaults", "robots", "replaced"):
            assert total(group, feature) > 0, f"no {title} golden has {feature}"
    for feature in ("late", "defaults", "robots", "replaced"):
        assert total(x5, feature) > 0, f"no Expedition to 5X golden has {feature}"
    for group in (pax + wakhan, x5, expanse):
        assert any(not g.finished for g in group), f"keep running {group[0].game} games too"


def test_readme_lists_what_each_archive_holds(unpacked: dict[str, Path]) -> None:
    """README.md's table is what make_golden.py would write from the archives today: no row drifts."""
    readme = (HERE / "README.md").read_text(encoding="utf-8").splitlines()
    for archive in archives():
        row = index_row(archive, coverage(unpacked[name_of(archive)]))
        assert row in readme, f"README.md should list {row}"


def test_every_key_the_goldens_hold_in_game_yaml_is_one_pbem_knows(unpacked: dict[str, Path]) -> None:
    """game.yaml refuses a key it does not know (a hand edit's typo); none that an older release wrote is refused."""
    from pbem.game_yaml import KEYS, Seat

    found: set[str] = set()
    seat_keys: set[str] = set()
    for folder in unpacked.values():
        doc = YAML(typ="safe").load((folder / "game.yaml").read_text(encoding="utf-8"))
        found |= set(doc)
        seat_keys |= {key for seat in doc["seats"] for key in seat}
    assert found and found <= set(KEYS)
    assert seat_keys and seat_keys <= set(Seat.__dataclass_fields__)


def test_goldens_stay_small() -> None:
    assert sum(a.stat().st_size for a in archives()) < SIZE_LIMIT
