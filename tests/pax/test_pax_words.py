"""The article before a word in event lines, as the word is spoken."""

from __future__ import annotations

import pytest

from games.pax.words import article


@pytest.mark.parametrize(("word", "expected"), [
    ("afghan", "an"), ("british", "a"), ("russian", "a"), ("agent", "an"), ("army", "an"), ("fleet", "a"),
    ("UN", "a"), ("MCR", "an"), ("OPA", "an"), ("", "a"),
])
def test_article_follows_the_spoken_word(word: str, expected: str) -> None:
    assert article(word) == expected
