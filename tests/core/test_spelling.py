"""Words in orders read as players write them (engine.spelling): any case, a pair in either order, names."""

from __future__ import annotations

from engine.spelling import Reading, Vocabulary, read_words, reading_lines

WORDS = Vocabulary(("purchase", "left", "anna", "belt", "earth", "tribe", "kabul", "cold_war"),
                   aliases={"the Belt": "belt", "Cold War": "cold_war"}, pairs=("belt-earth",),
                   yes_no=("reward",), word_keys=("blackmail",))


def test_a_word_in_any_case_reads_as_its_canonical_spelling() -> None:
    assert [WORDS.spell(w) for w in ("Purchase", "LEFT", " anna ", "Kabul")] == ["purchase", "left", "anna", "kabul"]


def test_a_pair_reads_in_either_order_and_any_case() -> None:
    assert [WORDS.spell(w) for w in ("belt-earth", "earth-belt", "Earth-Belt")] == ["belt-earth"] * 3


def test_a_name_reads_as_its_id_with_or_without_the_article() -> None:
    assert [WORDS.spell(w) for w in ("the Belt", "Belt", "cold war", "Cold War")] == ["belt", "belt", "cold_war",
                                                                                      "cold_war"]


def test_each_part_of_a_compound_answer_is_read() -> None:
    assert WORDS.spell("Tribe:Kabul") == "tribe:kabul"


def test_a_word_it_does_not_know_stays_as_written() -> None:
    assert WORDS.spell("Pruchase") == "Pruchase" and WORDS.spell("earth-mars") == "earth-mars"


def test_a_spelling_two_words_share_is_read_as_neither() -> None:
    both = Vocabulary(("anna", "Anna"))
    assert both.spell("ANNA") == "ANNA" and both.spell("Anna") == "Anna" and both.spell("anna") == "anna"


def test_an_order_reads_its_values_and_the_keys_of_word_mappings_only() -> None:
    order = {"actions": [{"action": "Purchase", "Left": 1}], "blackmail": {"Kabul": 45}, "reward": "Yes"}
    read, readings = read_words(order, WORDS)
    assert read == {"actions": [{"action": "purchase", "Left": 1}], "blackmail": {"kabul": 45}, "reward": True}
    assert readings == [Reading(("actions", 0, "action"), "Purchase", "purchase"),
                        Reading(("blackmail", "Kabul"), "Kabul", "kabul"), Reading(("reward",), "Yes", "true")]
    assert order["actions"][0]["action"] == "Purchase"  # the order as sent is left as it was


def test_an_order_in_canonical_words_is_the_very_same_object() -> None:
    order = {"actions": [{"action": "purchase", "row": 1}], "reward": True}
    assert read_words(order, WORDS) == (order, []) and read_words(order, WORDS)[0] is order


def test_each_reading_is_said_once() -> None:
    order = {"a": ["Purchase", "Purchase", "LEFT"]}
    assert reading_lines(read_words(order, WORDS)[1]) == ["`Purchase` is read as `purchase`.",
                                                          "`LEFT` is read as `left`."]
