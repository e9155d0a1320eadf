"""Small pieces of English the Pax games' event lines share."""

from __future__ import annotations

#: Letters whose spoken name begins with a vowel sound: "an FBI agent", "an MI5 file", but "a UN envoy".
_VOWEL_SOUNDING_LETTERS = frozenset("AEFHILMNORSX")


def article(word: str) -> str:
    """'a' or 'an' before `word` as it is spoken: "an army", "a road", "an FBI agent", "a UN envoy".

    A word in capitals is an abbreviation read letter by letter, so its first letter's name decides.
    """
    if not word:
        return "a"
    if word.isupper() and len(word) > 1:
        return "an" if word[0] in _VOWEL_SOUNDING_LETTERS else "a"
    return "an" if word[0].lower() in "aeiou" else "a"
