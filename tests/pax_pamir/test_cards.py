"""Pax Pamir card data: counts, the map, and a field-by-field cross-check against the reference notes."""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

from engine import carddata
from games.pax_pamir import cards
from games.pax_pamir.cards import CardDataError

#: The shared reference notes lie beside the repository (../shared), wherever it is checked out.
REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "pax-pamir-cards.yaml"

# Facts stated here so they are checked even where the reference notes are not available.
REGION_COUNTS = {"kabul": 17, "punjab": 21, "kandahar": 15, "herat": 14, "persia": 17, "transcaspia": 16}
BORDERS = {
    ("herat", "kabul"), ("herat", "kandahar"), ("herat", "persia"), ("herat", "transcaspia"),
    ("kabul", "kandahar"), ("kabul", "punjab"), ("kabul", "transcaspia"), ("kandahar", "punjab"),
    ("persia", "transcaspia"),
}

# The reference's camelCase event effect ids, and the project's own ids for the same effects.
EVENT_EFFECT_IDS = {
    "dominanceCheck": "dominance_check", "newTactics": "new_tactics", "militarySuit": "favor_military",
    "kohINoorRecovered": "koh_i_noor_recovered", "embarrassementOfRiches": "embarrassment_of_riches",
    "courtlyManners": "courtly_manners", "disregardForCustoms": "disregard_for_customs", "rumor": "rumor",
    "failureToImpress": "failure_to_impress", "conflictFatigue": "conflict_fatigue",
    "riotsInPunjab": "riots_in_punjab", "nationalism": "nationalism", "riotsInHerat": "riots_in_herat",
    "publicWithdrawal": "public_withdrawal", "noEffect": "no_effect", "nationBuilding": "nation_building",
    "riotsInKabul": "riots_in_kabul", "backingOfPersianAristocracy": "backing_of_persian_aristocracy",
    "riotsInPersia": "riots_in_persia", "otherPersuasiveMethods": "other_persuasive_methods",
    "confidenceFailure": "confidence_failure", "pashtunwaliValues": "pashtunwali_values",
    "intelligenceSuit": "favor_intelligence", "rebuke": "rebuke", "politicalSuit": "favor_political",
}

# The reference's Wakhan action codes, and the project's own codes for the same instructions.
WAKHAN_CODES = {
    "radicalize": "radicalize", "tax": "tax", "build": "build", "move": "move", "betray": "betray",
    "battle": "battle",
    "radicalizeIfMilitaryFavoredHighestRankedMilitary": "radicalize_top_military_if_military_favored",
    "radicalizeIfPoliticalFavoredHighestRankedEconomic": "radicalize_top_economic_if_political_favored",
    "radicalizeHighestRankedPolitical": "radicalize_top_political",
    "radicalizeHighestRankedIntelligence": "radicalize_top_intelligence",
    "radicalizeIfFewerThan2RupeesRadicalizeMostNetRupees": "radicalize_richest_if_short_of_rupees",
    "radicalizeCardThatGivesControlOfRegion": "radicalize_to_gain_rule",
    "radicalizeIntelligence": "radicalize_intelligence",
    "radicalizeCardThatWouldPlaceMostBlocks": "radicalize_most_blocks",
    "radicalizeIfNoDominantCoalitionCardThatWouldPlaceMostCylinders": "radicalize_most_cylinders_if_no_dominance",
    "radicalizeIfNoCardWithMoveCardWithMoveAction": "radicalize_move_card_if_none",
    "radicalizeIfDominantCoalitionMatchingPatriot": "radicalize_dominant_patriot",
    "radicalizeIfCourtSizeAtLimitHighestRankedPolitical": "radicalize_top_political_if_court_full",
    "radicalizeIfFewerSpiesThanAnotherPlayerHighestRankedIntelligence": "radicalize_top_intelligence_if_outspied",
    "battleHighestPriorityCourtCardWithMostSpiesWhereWakhanHasSpy": "battle_on_spied_card",
}

NEXT, AFTER = "until_next_dominance_check", "until_after_next_dominance_check"


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    """The reference notes, or a skip where they are not on this machine."""
    if not REFERENCE.exists():
        pytest.skip(f"reference notes not present at {REFERENCE}")
    with REFERENCE.open(encoding="utf-8") as stream:
        return YAML(typ="safe").load(stream)


def snake(camel: str) -> str:
    """indispensableAdvisors -> indispensable_advisors."""
    return re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), camel)


def normal(text: str) -> str:
    """Text reduced to lower-case words, to compare wording rather than punctuation."""
    return " ".join(re.findall(r"[a-z0-9]+", text.lower()))


# --- counts and numbering ---------------------------------------------------------------------------------


def test_hundred_court_cards_numbered_1_to_100() -> None:
    court = cards.court_cards()
    assert sorted(court) == list(range(1, 101))
    assert all(c.number == n and c.kind == "court" for n, c in court.items())


def test_sixteen_event_cards_numbered_101_to_116_with_four_dominance_checks() -> None:
    events = cards.event_cards()
    assert sorted(events) == list(range(101, 117))
    assert all(e.number == n and e.kind == "event" for n, e in events.items())
    assert [n for n, e in events.items() if e.dominance_check] == [101, 102, 103, 104]


def test_card_finds_court_and_event_cards_and_rejects_other_numbers() -> None:
    assert cards.card(1).name == "Mohan Lal"
    assert cards.card(101).dominance_check
    for number in (0, 117, -1):
        with pytest.raises(KeyError):
            cards.card(number)


def test_cards_per_region() -> None:
    assert Counter(c.region for c in cards.court_cards().values()) == REGION_COUNTS


def test_three_star_cards() -> None:
    assert [n for n, c in cards.court_cards().items() if c.rank == 3] == [1, 12, 32, 63, 98]


def test_data_is_read_only_and_loaded_once() -> None:
    court = cards.court_cards()
    assert court is cards.court_cards()
    with pytest.raises(TypeError):
        court[1] = court[2]  # type: ignore[index]
    with pytest.raises(dataclasses.FrozenInstanceError):
        court[1].rank = 2  # type: ignore[misc]


# --- the map ----------------------------------------------------------------------------------------------


def test_regions_and_names() -> None:
    board = cards.board()
    assert board.regions == ("transcaspia", "kabul", "persia", "herat", "kandahar", "punjab")
    assert {board.region_names[r] for r in board.regions} == {
        "Transcaspia", "Kabul", "Persia", "Herat", "Kandahar", "Punjab"}


def test_borders_match_the_map() -> None:
    board = cards.board()
    assert set(board.border_regions.values()) == BORDERS
    assert board.borders == tuple(f"{a}-{b}" for a, b in sorted(BORDERS))
    for border_id, (a, b) in board.border_regions.items():
        assert border_id == f"{a}-{b}" and a < b


def test_borders_are_symmetric() -> None:
    board = cards.board()
    for region, near in board.neighbours.items():
        assert list(near) == sorted(near)
        for other in near:
            assert region in board.neighbours[other]
            assert cards.border(region, other) == cards.border(other, region)
    assert sum(len(near) for near in board.neighbours.values()) == 2 * len(BORDERS)


def test_border_lookup() -> None:
    assert cards.border("kabul", "herat") == "herat-kabul"
    assert cards.border("transcaspia", "persia") == "persia-transcaspia"
    for a, b in (("persia", "punjab"), ("kabul", "kabul"), ("kabul", "atlantis")):
        with pytest.raises(KeyError):
            cards.border(a, b)


def test_suits_coalitions_and_colours() -> None:
    board = cards.board()
    assert board.suits == ("political", "intelligence", "economic", "military")
    assert board.coalitions == ("afghan", "british", "russian")
    assert dict(board.coalition_names) == {"afghan": "Afghan", "british": "British", "russian": "Russian"}
    assert set(board.colours) == set(board.coalitions)
    assert all(re.fullmatch(r"#[0-9a-f]{6}", colour) for colour in board.colours.values())
    assert len(set(board.colours.values())) == 3


# --- abilities ----------------------------------------------------------------------------------------------


def test_every_ability_used_exists_and_every_ability_is_used() -> None:
    used = {c.ability for c in cards.court_cards().values()} - {None}
    assert used == set(cards.abilities())
    assert len(used) == 20
    assert len({a.title for a in cards.abilities().values()}) == 18


def test_region_variants_of_abilities() -> None:
    court = cards.court_cards()
    assert court[17].ability == "citadel_kabul" and court[97].ability == "citadel_transcaspia"
    assert court[54].ability == "blackmail_herat" and court[43].ability == "blackmail_kandahar"
    assert "Kabul" in cards.abilities()["citadel_kabul"].text
    assert "Transcaspia" in cards.abilities()["citadel_transcaspia"].text


# --- events -----------------------------------------------------------------------------------------------


def test_event_effects_persist_as_marked() -> None:
    lasting = {e.id: e.lasts for ev in cards.event_cards().values() for e in (ev.purchased, ev.discarded)}
    assert {k for k, v in lasting.items() if v == AFTER} == {
        "koh_i_noor_recovered", "embarrassment_of_riches", "rumor", "conflict_fatigue"}
    assert {k for k, v in lasting.items() if v == NEXT} == {
        "new_tactics", "courtly_manners", "disregard_for_customs", "nationalism", "nation_building",
        "pashtunwali_values"}


def test_suit_events_name_real_suits() -> None:
    suits = cards.board().suits
    for event in cards.event_cards().values():
        for effect in (event.purchased, event.discarded):
            if effect.id.startswith("favor_"):
                assert effect.id.removeprefix("favor_") in suits


# --- Wakhan -----------------------------------------------------------------------------------------------


def test_wakhan_cards_are_complete() -> None:
    wakhan = cards.wakhan_cards()
    assert sorted(wakhan) == list(range(1, 25))
    codes = cards.wakhan_action_codes()
    for number, card in wakhan.items():
        assert card.number == number
        assert sorted(card.back.column_numbers) == [0, 1, 2, 3, 4, 5]
        assert sorted(card.back.row_side) == ["bottom_right", "top_left"]
        assert set(card.front.actions) <= set(codes)
        assert card.front.actions[-1] == "radicalize"


def test_wakhan_arrows_read_the_back_of_the_top_card() -> None:
    wakhan = cards.wakhan_cards()
    drawn, top = wakhan[1].front, wakhan[2].back  # black arrow 2, red arrow 1
    assert top.column(drawn) == top.column_numbers[2] == 0
    assert top.row_and_side(drawn) == "top_left"


# --- cross-check against the reference notes ----------------------------------------------------------------


def test_court_cards_match_reference_field_by_field(reference: dict[str, Any]) -> None:
    court = cards.court_cards()
    assert len(reference["court_cards"]) == len(court)
    for ref in reference["court_cards"]:
        card = court[ref["number"]]
        where = f"card {ref['number']}"
        # The two public sources differ only in capitals (#48 "Fruit markets"); compare case-blind.
        assert card.name.casefold() == ref["name"].casefold(), where
        assert card.region == ref["region"], where
        assert card.suit == ref["suit"], where
        assert card.rank == ref["rank"], where
        assert card.actions == tuple(ref["actions"]), where
        assert card.impact == tuple(ref["impact"]), where
        assert card.patriot == ref["patriot"], where
        assert card.prize == ref["prize"], where
        assert card.ability == (snake(ref["ability"]) if ref["ability"] else None), where


def test_suits_and_ranks_per_region_match_reference(reference: dict[str, Any]) -> None:
    def profile(rows: list[tuple[str, str, int]]) -> Counter[tuple[str, str, int]]:
        return Counter(rows)

    ours = profile([(c.region, c.suit, c.rank) for c in cards.court_cards().values()])
    theirs = profile([(c["region"], c["suit"], c["rank"]) for c in reference["court_cards"]])
    assert ours == theirs
    assert Counter(c["region"] for c in reference["court_cards"]) == REGION_COUNTS


def test_map_matches_reference(reference: dict[str, Any]) -> None:
    board = cards.board()
    assert board.regions == tuple(reference["map"]["regions"])
    assert set(board.border_regions.values()) == {tuple(sorted(pair)) for pair in reference["map"]["borders"]}
    assert board.suits == tuple(reference["suits"])
    assert board.coalitions == tuple(reference["coalitions"])


def test_events_match_reference(reference: dict[str, Any]) -> None:
    events = cards.event_cards()
    assert len(reference["event_cards"]) == len(events)
    for ref in reference["event_cards"]:
        event = events[ref["number"]]
        assert event.dominance_check == ("dominance_check" in ref), ref["number"]
        assert event.purchased.id == EVENT_EFFECT_IDS[ref["purchased"]], ref["number"]
        assert event.discarded.id == EVENT_EFFECT_IDS[ref["discarded"]], ref["number"]


def test_persistence_agrees_with_reference_wording(reference: dict[str, Any]) -> None:
    ours = {e.id: e.lasts for ev in cards.event_cards().values() for e in (ev.purchased, ev.discarded)}
    for ref_id, summary in reference["event_effects"].items():
        if "until after the next dominance check" in summary.lower():
            assert ours[EVENT_EFFECT_IDS[ref_id]] == AFTER, ref_id
        elif "until the next dominance check" in summary.lower():
            assert ours[EVENT_EFFECT_IDS[ref_id]] == NEXT, ref_id


def test_wakhan_cards_match_reference(reference: dict[str, Any]) -> None:
    wakhan = cards.wakhan_cards()
    sides = {"topLeft": "top_left", "bottomRight": "bottom_right"}
    assert len(reference["wakhan_cards"]) == len(wakhan)
    for ref in reference["wakhan_cards"]:
        card, front, back = wakhan[ref["number"]], ref["front"], ref["back"]
        assert card.front.actions == tuple(WAKHAN_CODES[a] for a in front["actions"]), ref["number"]
        assert card.front.loyalty_order == tuple(front["pragmatic_loyalty"]), ref["number"]
        assert card.front.region_order == tuple(front["region_order"]), ref["number"]
        assert card.front.column_arrow == front["column_arrow"], ref["number"]
        assert card.front.row_side_arrow == front["row_side_arrow"], ref["number"]
        assert card.back.column_numbers == tuple(back["column_numbers"]), ref["number"]
        assert card.back.row_side == tuple(sides[s] for s in back["row_side"]), ref["number"]


def test_texts_are_our_own_words(reference: dict[str, Any]) -> None:
    pairs = [(cards.abilities()[snake(k)].text, v["summary"]) for k, v in reference["abilities"].items()]
    effects = {e.id: e.text for ev in cards.event_cards().values() for e in (ev.purchased, ev.discarded)}
    pairs += [(effects[EVENT_EFFECT_IDS[k]], v) for k, v in reference["event_effects"].items()]
    codes = cards.wakhan_action_codes()
    pairs += [(codes[WAKHAN_CODES[k]], v) for k, v in reference["wakhan_actions"].items()]
    for ours, theirs in pairs:
        assert normal(ours) != normal(theirs), ours
        # Short fixed phrases ("Nothing happens.") aside, a rewording should not track the source closely.
        if len(theirs) > 30:
            assert difflib.SequenceMatcher(None, normal(ours), normal(theirs)).ratio() < 0.8, ours


# --- validation: a broken data file fails loudly, naming file, line, card and field ---------------------------


def raw(name: str) -> Any:
    """A fresh parse of one data file, lines kept, to break on purpose."""
    return cards._read(name, carddata.parse)


def court_error(**changes: Any) -> str:
    """The error raised when card 5 of court.yaml gets `changes`."""
    data = raw("court.yaml")
    data[4].update(changes)
    with pytest.raises(CardDataError) as error:
        cards._load_court(data, cards.board(), cards.abilities())
    return str(error.value)


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"suit": "religious"}, "field 'suit': unknown suit 'religious'"),
        ({"region": "bukhara"}, "field 'region': unknown region 'bukhara'"),
        ({"impact": ["tribe", "favor_religious"]}, "field 'impact': unknown impact icon 'favor_religious'"),
        ({"actions": ["build", "pray"]}, "field 'actions': unknown action 'pray'"),
        ({"ability": "time_travel"}, "field 'ability': unknown ability id 'time_travel'"),
        ({"patriot": "french"}, "field 'patriot': unknown coalition 'french'"),
        ({"rank": 4}, "field 'rank': must be a whole number in 1..3, got 4"),
        ({"rank": True}, "field 'rank': must be a whole number in 1..3, got True"),
        ({"cost": 3}, "field 'cost': unknown field 'cost'"),
    ],
)
def test_bad_court_card_is_reported_with_file_line_card_and_field(changes: dict[str, Any], expected: str) -> None:
    message = court_error(**changes)
    assert re.match(r"court.yaml:(6[5-9]|7[0-4]): card 5 \(Shah Shujah Durrani\): ", message), message
    assert expected in message


def test_missing_or_doubled_court_card_is_reported() -> None:
    data = raw("court.yaml")
    with pytest.raises(CardDataError, match=r"court.yaml: .*missing \[100\]"):
        cards._load_court(data[:-1], cards.board(), cards.abilities())
    data[99]["number"] = 99
    with pytest.raises(CardDataError, match=r"court.yaml:\d+: card 99 \(.*\): field 'number': card 99 appears "
                                            r"twice \(first at line \d+\)"):
        cards._load_court(data, cards.board(), cards.abilities())


def test_bad_event_is_reported() -> None:
    data = raw("events.yaml")
    data[5]["purchased"]["lasts"] = "forever"
    expected = r"events.yaml:\d+: card 106 \(Koh-i-Noor Recovered\) purchased: field 'lasts': unknown lasts 'forever'"
    with pytest.raises(CardDataError, match=expected):
        cards._load_events(data)
    data = raw("events.yaml")
    data[4]["dominance_check"] = True
    with pytest.raises(CardDataError, match="events.yaml:\\d+: card 105 .*field 'dominance_check': must be true exactly"):
        cards._load_events(data)


def test_bad_map_is_reported() -> None:
    data = raw("map.yaml")
    data["borders"][0]["id"] = "kabul-herat"
    with pytest.raises(CardDataError, match=r"map.yaml:\d+: border kabul-herat: field 'id': must be"):
        cards._load_board(data)
    data = raw("map.yaml")
    data["borders"][0]["regions"] = ["herat", "samarkand"]
    with pytest.raises(CardDataError, match="field 'regions': unknown region 'samarkand'"):
        cards._load_board(data)


def test_bad_wakhan_card_is_reported() -> None:
    data = raw("wakhan.yaml")
    data["cards"][2]["front"]["actions"] = ["tax", "pray"]
    with pytest.raises(CardDataError, match="wakhan.yaml:\\d+: card 3 front: field 'actions': unknown action code 'pray'"):
        cards._load_wakhan(data, cards.board())
    data = raw("wakhan.yaml")
    data["cards"][2]["back"]["column_numbers"] = [0, 1, 2, 3, 4]
    with pytest.raises(CardDataError, match="wakhan.yaml:\\d+: card 3 back: field 'column_numbers': must list every"):
        cards._load_wakhan(data, cards.board())


@pytest.fixture
def data_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the data files that the card functions read instead, each read afresh."""
    directory = tmp_path / "data"
    for name in ("map.yaml", "abilities.yaml", "court.yaml", "events.yaml", "wakhan.yaml"):
        directory.mkdir(exist_ok=True)
        (directory / name).write_text((cards.DATA_DIR / name).read_text(encoding="utf-8"), encoding="utf-8")
    caches = (cards.board, cards.abilities, cards.court_cards, cards.event_cards, cards._wakhan)
    for cached in caches:
        cached.cache_clear()
    monkeypatch.setattr(cards, "DATA_DIR", directory)
    yield directory
    for cached in caches:
        cached.cache_clear()


def edited(path: Path, old: str, new: str) -> int:
    """Replace the first `old` in a data file by `new`; the 1-based line where it was."""
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return text[:text.index(old)].count("\n") + 1


CARD_5 = "- number: 5\n  name: Shah Shujah Durrani\n  region: kabul\n  suit: political\n  rank: 1\n"


@pytest.mark.parametrize(
    ("new", "expected"),
    [
        (CARD_5.replace("rank: 1", "rank: one"), r":69: card 5 \(Shah Shujah Durrani\): field 'rank': must be a whole"
                                                 r" number in 1..3, got 'one'$"),
        (CARD_5.replace("  rank: 1\n", ""), r":65: card 5 \(Shah Shujah Durrani\): missing field 'rank' \(every entry"),
        (CARD_5 + "  cost: 2\n", r":70: card 5 \(Shah Shujah Durrani\): field 'cost': unknown field 'cost' \(expected"
                                 r" only number, name, region"),
        (CARD_5.replace("number: 5", "number: 4"), r":65: card 4 \(Shah Shujah Durrani\): field 'number': card 4 "
                                                   r"appears twice \(first at line 54\)$"),
        (CARD_5.replace("- number: 5", "- &five number: 5"), r":65: anchors and aliases are not allowed"),
        (CARD_5.replace("rank: 1", "rank: [1"), r":\d+: not valid YAML"),
    ],
    ids=["wrong type", "missing field", "unknown field", "duplicate number", "anchor", "bad YAML"],
)
def test_a_broken_file_names_its_line_and_field(data_copy: Path, new: str, expected: str) -> None:
    line = edited(data_copy / "court.yaml", CARD_5, new)
    assert line == 65
    with pytest.raises(CardDataError) as error:
        cards.court_cards()
    assert re.match("court.yaml" + expected, str(error.value)), str(error.value)


def test_a_broken_map_names_its_line(data_copy: Path) -> None:
    line = edited(data_copy / "map.yaml", "regions: [herat, kabul]", "regions: [herat, samarkand]")
    with pytest.raises(CardDataError, match=rf"^map.yaml:{line}: border herat-kabul: field 'regions': unknown region"):
        cards.court_cards()


def test_a_card_is_named_by_one_helper_court_card_name_or_event_title() -> None:
    assert cards.title(1) == "Mohan Lal" and cards.title(111) == "Public Withdrawal"
    with pytest.raises(KeyError):
        cards.title(999)
