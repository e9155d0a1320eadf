"""The English every game's messages share: the article before a word, and a count with its noun."""

from __future__ import annotations

import pytest

from engine.words import article, counted, plural, settle_marks, upper_first


@pytest.mark.parametrize(("word", "expected"), [
    ("afghan", "an"), ("british", "a"), ("russian", "a"), ("agent", "an"), ("army", "an"), ("fleet", "a"),
    ("UN", "a"), ("MCR", "an"), ("OPA", "an"), ("", "a"),
])
def test_article_follows_the_spoken_word(word: str, expected: str) -> None:
    assert article(word) == expected


@pytest.mark.parametrize(("count", "noun", "expected"), [
    (1, "rupee", "1 rupee"), (2, "rupee", "2 rupees"), (0, "rupee", "0 rupees"),
    (1, "crystal point", "1 crystal point"), (3, "victory point", "3 victory points"),
    (2, "army", "2 armies"), (2, "spy", "2 spies"), (2, "day", "2 days"), (2, "technology", "2 technologies"),
    (2, "box", "2 boxes"), (2, "match", "2 matches"), (2, "die", "2 dice"),
    (1, "water", "1 water"), (4, "water", "4 water"), (2, "influence", "2 influence"),
    (2, "court card", "2 court cards"), (2, "UN fleet", "2 UN fleets"),
])
def test_a_count_takes_its_noun_in_the_right_number(count: int, noun: str, expected: str) -> None:
    assert counted(count, noun) == expected


def test_a_sentence_opens_with_a_capital_and_keeps_the_names_it_holds() -> None:
    assert upper_first("a Russian army is placed in Punjab.") == "A Russian army is placed in Punjab."
    assert upper_first("") == ""


def test_the_noun_alone_follows_the_count() -> None:
    assert plural("rupee", 1) == "rupee"
    assert plural("rupee") == "rupees"
    assert plural("MOVE", 2) == "MOVES"


@pytest.mark.parametrize(("marked", "expected"), [
    ("anna may ask a bribe of up to 1 rupee(s): how many are asked",
     "anna may ask a bribe of up to 1 rupee: how many are asked"),
    ("ben asks anna a bribe of 3 rupee(s) to play Bolan Pass", "ben asks anna a bribe of 3 rupees to play Bolan Pass"),
    ("cleo's court is over its limit of 4: discard 1 court card(s)", "cleo's court is over its limit of 4: discard "
                                                                   "1 court card"),
    ("anna is 2 rupee(s) short repaying Bolan Pass: discard 2 card(s) from hand",
     "anna is 2 rupees short repaying Bolan Pass: discard 2 cards from hand"),
    ("no marks here (s)", "no marks here (s)"),
])
def test_texts_kept_with_plural_marks_read_as_written_by_a_person(marked: str, expected: str) -> None:
    assert settle_marks(marked) == expected
