"""A broken Pax Expanse data file fails with one line naming the file, the line, the card and the field."""

from __future__ import annotations

import copy
import re
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from engine import carddata
from games.pax_expanse import cards
from games.pax_expanse.cards import CardDataError

#: Each data file's values as `parse` reads them, by (text, file name): a test breaks one file and reads all seven.
_PARSED: dict[tuple[str, str], Any] = {}


def _parse_once(text: str, file: str) -> Any:
    """engine.carddata.parse, each text read once: the six files a test leaves as shipped were most of its time."""
    if (text, file) not in _PARSED:
        _PARSED[text, file] = carddata.parse(text, file)
    return _PARSED[text, file]  # not copied (as dear as the parse): the loaders only read what they are given


def broken(tmp_path: Path, name: str, change: Callable[[Any], None]) -> str:
    """Copy the data files, apply `change` to one of them (round-trip, so lines stay put), return the error."""
    directory = Path(tempfile.mkdtemp(dir=tmp_path)) / "data"
    shutil.copytree(cards.DATA_DIR, directory)
    yaml = YAML(typ="rt")
    yaml.width = 4096
    data = copy.deepcopy(_parse_once((directory / name).read_text(encoding="utf-8"), name))  # parse's round trip
    change(data)
    with (directory / name).open("w", encoding="utf-8") as stream:
        yaml.dump(data, stream)
    with pytest.raises(CardDataError) as error, pytest.MonkeyPatch.context() as patch:
        patch.setattr(cards, "parse", _parse_once)
        cards.load(directory)
    message = str(error.value)
    assert "\n" not in message
    return message


def setter(path: tuple[Any, ...], value: Any) -> Callable[[Any], None]:
    """A change that sets one field, addressed by keys and indexes."""
    def change(data: Any) -> None:
        for step in path[:-1]:
            data = data[step]
        data[path[-1]] = value
    return change


def test_the_shipped_files_load() -> None:
    content = cards.load()
    assert len(content.assets) == 100


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (setter((0, "suit"), "intelligence"), "field 'suit': unknown suit 'intelligence'"),
        (setter((0, "region"), "kabul"), "field 'region': unknown region 'kabul'"),
        (setter((0, "impact"), ["agent", "spy"]), "field 'impact': unknown impact icon 'spy'"),
        (setter((0, "actions"), ["favour", "tax"]), "field 'actions': unknown action 'tax'"),
        (setter((0, "actions"), ["favour", "favour"]), "field 'actions': an action may be printed only once"),
        (setter((0, "loyalist"), "british"), "field 'loyalist': unknown faction 'british'"),
        (setter((0, "ability"), "time_travel"), "field 'ability': unknown ability id 'time_travel'"),
        (setter((0, "rank"), 4), "field 'rank': must be a whole number in 1..3, got 4"),
        (setter((0, "rank"), "two"), "field 'rank': must be a whole number in 1..3, got 'two'"),
        (setter((0, "rank"), True), "field 'rank': must be a whole number in 1..3, got True"),
        (setter((0, "cost"), 3), "field 'cost': unknown field 'cost'"),
    ],
)
def test_bad_asset_names_file_line_card_and_field(tmp_path: Path, change: Callable[[Any], None],
                                                   expected: str) -> None:
    message = broken(tmp_path, "assets.yaml", change)
    assert message.startswith("assets.yaml:")
    assert "asset 1 (UN Back-Channel Envoy)" in message and expected in message
    line = int(message.split(":")[1])
    assert 20 < line < 45  # the first card's block, not the file's start


def test_missing_field_and_wrong_shape_are_reported(tmp_path: Path) -> None:
    message = broken(tmp_path, "assets.yaml", lambda data: data[2].pop("rank"))
    assert re.match(r"assets.yaml:\d+: asset 3 \(Luna Listening Post\): missing field 'rank'", message), message
    message = broken(tmp_path, "assets.yaml", setter((2, "impact"), "agent"))
    assert "asset 3 (Luna Listening Post): field 'impact': must be a list, got 'agent'" in message
    message = broken(tmp_path, "events.yaml", setter((5, "purchased"), "windfall"))
    assert "event 106 (Ice Hauler Windfall): field 'purchased': must be a mapping" in message


def test_asset_counts_are_checked(tmp_path: Path) -> None:
    assert "missing [100]" in broken(tmp_path, "assets.yaml", lambda data: data.pop())
    message = broken(tmp_path, "assets.yaml", setter((0, "region"), "rocinante"))
    assert "exactly 4 assets are the Rocinante's crew" in message
    message = broken(tmp_path, "assets.yaml", setter((0, "number"), 2))
    assert re.match(r"assets.yaml:\d+: asset 2 \(Undersecretary's Fixer\): field 'number': asset 2 appears twice "
                    r"\(first at line \d+\)$", message), message
    message = broken(tmp_path, "assets.yaml", setter((1, "name"), "UN Back-Channel Envoy"))
    assert re.match(r"assets.yaml:\d+: asset 2 \(UN Back-Channel Envoy\): field 'name': name 'UN Back-Channel Envoy' is"
                    r" used twice \(also asset 1\)$", message), message
    message = broken(tmp_path, "assets.yaml", setter((1, "derived_from"), 18))
    assert "asset 2 (Undersecretary's Fixer): field 'derived_from': 18 is already the source of asset 1" in message


def test_bad_map_is_reported(tmp_path: Path) -> None:
    message = broken(tmp_path, "map.yaml", setter(("borders", 0, "id"), "mars-earth"))
    assert message.startswith("map.yaml:") and "border mars-earth: field 'id': must be" in message
    message = broken(tmp_path, "map.yaml", setter(("borders", 0, "regions"), ["earth", "ganymede"]))
    assert "unknown region 'ganymede'" in message
    message = broken(tmp_path, "map.yaml", setter(("climate_at_start",), "calm"))
    assert "field 'climate_at_start': unknown climate 'calm'" in message
    message = broken(tmp_path, "map.yaml", lambda data: data["factions"].pop())
    assert "must list the three factions" in message


def test_bad_event_is_reported(tmp_path: Path) -> None:
    message = broken(tmp_path, "events.yaml", setter((4, "purchased", "lasts"), "forever"))
    assert "event 105 (Martian Naval Doctrine) purchased: field 'lasts': unknown lasts 'forever'" in message
    message = broken(tmp_path, "events.yaml", setter((4, "discarded", "params", "climate"), "ice_age"))
    assert "event 105 (Martian Naval Doctrine) discarded params: field 'climate': unknown climate" in message
    message = broken(tmp_path, "events.yaml", setter((4, "discarded", "kind"), "summon_protomolecule"))
    assert "field 'kind': unknown effect kind 'summon_protomolecule'" in message
    message = broken(tmp_path, "events.yaml", setter((4, "discarded", "params", "amount"), 3))
    assert "field 'amount': unknown field 'amount'" in message
    message = broken(tmp_path, "events.yaml", setter((0, "dominance"), None))
    assert "event 101 (Dominance Check 1): field 'dominance': dominance must be given exactly" in message
    message = broken(tmp_path, "events.yaml", setter((1, "dominance", "check"), 1))
    assert "Dominance Checks 1, 2, 3 and 4 once each, found [1, 1, 3, 4]" in message
    message = broken(tmp_path, "events.yaml", setter((0, "dominance", "player_scoring"), [3]))
    assert "field 'player_scoring': must be a list of 2 whole numbers" in message
    message = broken(tmp_path, "events.yaml", setter((0, "dominance", "objective_to"), "rocinante"))
    assert "field 'objective_to': unknown region 'rocinante'" in message


def test_bad_rocinante_card_is_reported(tmp_path: Path) -> None:
    message = broken(tmp_path, "rocinante.yaml", setter(("crew", 2, "actions", 0, "scope"), "anywhere"))
    assert "amos action amos_eliminate (Clean Up the Mess): field 'scope': unknown scope 'anywhere'" in message
    message = broken(tmp_path, "rocinante.yaml", setter(("crew", 2, "actions", 1, "target"), "trailing"))
    assert "a remove action targets the leader" in message
    message = broken(tmp_path, "rocinante.yaml", setter(("crew", 1, "both_actions"), True))
    assert "crew card naomi (Naomi Nagata): field 'both_actions'" in message
    message = broken(tmp_path, "rocinante.yaml", setter(("ai_cards", 0, "actions"), ["amos_eliminate"]))
    assert "AI card 1: field 'actions': unknown action of holden 'amos_eliminate'" in message
    message = broken(tmp_path, "rocinante.yaml", setter(("ai_cards", 0, "location"), "rocinante"))
    assert "AI card 1: field 'location': unknown region 'rocinante'" in message
    assert "missing [24]" in broken(tmp_path, "rocinante.yaml", lambda data: data["ai_cards"].pop())
    message = broken(tmp_path, "rocinante.yaml", lambda data: data["crew"].pop())
    assert "there must be 7 crew reference cards, found 6" in message


def test_tie_break_that_is_not_a_total_order_is_refused(tmp_path: Path) -> None:
    message = broken(tmp_path, "rocinante.yaml",
                     setter(("tie_breaks", "standing"), ["most_victory_points", "most_influence"]))
    assert "tie_breaks: field 'standing': is not a total order" in message
    message = broken(tmp_path, "rocinante.yaml", setter(("tie_breaks", "assets"), ["leftmost_in_network"]))
    assert "'leftmost_in_network' decides only after 'network_in_standing_order'" in message
    message = broken(tmp_path, "rocinante.yaml", setter(("tie_breaks", "borders"), ["map_order", "dice"]))
    assert "unknown borders key 'dice'" in message


def test_bad_loyalty_card_is_reported(tmp_path: Path) -> None:
    message = broken(tmp_path, "loyalty.yaml", setter(("cards", 0, "favour_costs"), [1, 2, 3]))
    assert "loyalty card black/un: field 'favour_costs': the rulebook's favours cost [2, 4, 6]" in message
    message = broken(tmp_path, "loyalty.yaml", setter(("cards", 1, "faction"), "un"))
    assert "this colour already has a card for this faction" in message
    assert "there must be 12 loyalty cards" in broken(tmp_path, "loyalty.yaml", lambda data: data["cards"].pop())


def test_bad_setup_piles_are_reported(tmp_path: Path) -> None:
    message = broken(tmp_path, "setup.yaml", setter(("piles", 2, "dominance_check"), 2))
    assert "Dominance Checks 1 to 4 must top the piles in ascending order" in message
    message = broken(tmp_path, "setup.yaml", setter(("piles", 0, "events"), 3))
    assert "the piles must hold the 12 events once each" in message


def test_unused_ability_is_reported(tmp_path: Path) -> None:
    message = broken(tmp_path, "abilities.yaml", setter(("free_lunch",), {"title": "Free Lunch", "text": "Eat."}))
    assert message == "abilities.yaml: ability 'free_lunch' is printed on no asset"


def test_aliases_and_broken_yaml_are_refused(tmp_path: Path) -> None:
    directory = tmp_path / "data"
    shutil.copytree(cards.DATA_DIR, directory)
    path = directory / "loyalty.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "  - {colour: black, faction: un, favour_costs: [2, 4, 6]}",
        "  - &card {colour: black, faction: un, favour_costs: [2, 4, 6]}"), encoding="utf-8")
    with pytest.raises(CardDataError, match=r"^loyalty.yaml:\d+: anchors and aliases are not allowed"):
        cards.load(directory)
    path.write_text("cards: [unclosed", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"^loyalty.yaml:\d+: not valid YAML"):
        cards.load(directory)
    path.unlink()
    with pytest.raises(CardDataError, match=r"^loyalty.yaml: cannot be read"):
        cards.load(directory)


def test_wrong_top_level_shape_is_reported(tmp_path: Path) -> None:
    directory = tmp_path / "data"
    shutil.copytree(cards.DATA_DIR, directory)
    (directory / "assets.yaml").write_text("number: 1\n", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"^assets.yaml:1: expected a list of assets, got a mapping$"):
        cards.load(directory)
    (directory / "assets.yaml").write_text("", encoding="utf-8")
    with pytest.raises(CardDataError, match=r"^assets.yaml: expected a list of assets, got nothing$"):
        cards.load(directory)
