"""Small pieces of English every game's messages share: "a" or "an", and a count with its noun in the right number.

One helper for every game, with the few irregular words our games use listed by hand: a library such as inflect
would know far more English than the dozens of nouns the rules speak of, at the price of two dependencies.
"""

from __future__ import annotations

import re

#: Letters whose spoken name begins with a vowel sound: "an FBI agent", "an MI5 file", but "a UN envoy".
_VOWEL_SOUNDING_LETTERS = frozenset("AEFHILMNORSX")

#: Plurals the rules in `plural` do not form.
IRREGULAR: dict[str, str] = {
    "die": "dice",
    "person": "people",
    "child": "children",
    "man": "men",
    "woman": "women",
}

#: Nouns counted without a plural: "1 water", "3 water", "2 influence".
UNCOUNTED = frozenset({"water", "influence", "money"})

#: Endings that take "es": bus, box, buzz, match, brush.
_SIBILANT = ("s", "x", "z", "ch", "sh")


def article(word: str) -> str:
    """'a' or 'an' before `word` as it is spoken: "an army", "a road", "an FBI agent", "a UN envoy".

    A word in capitals is an abbreviation read letter by letter, so its first letter's name decides.
    """
    if not word:
        return "a"
    if word.isupper() and len(word) > 1:
        return "an" if word[0] in _VOWEL_SOUNDING_LETTERS else "a"
    return "an" if word[0].lower() in "aeiou" else "a"


def upper_first(text: str) -> str:
    """`text` with its first letter in capitals and the rest as written ("An Afghan army", where str.capitalize
    would write "An afghan army")."""
    return text[:1].upper() + text[1:]


def plural(noun: str, count: int = 2) -> str:
    """`noun` as it reads after the number `count`: "rupee" for 1, "rupees" for 0 or 2, "armies", "court cards".

    In a phrase only the last word changes ("victory point" becomes "victory points"); a noun counted without a
    plural (water, influence) never changes.
    """
    if count == 1 or not noun:
        return noun
    head, _, last = noun.rpartition(" ")
    lower = last.lower()
    if lower in UNCOUNTED:
        word = last
    elif lower in IRREGULAR:
        word = _same_case(last, IRREGULAR[lower])
    elif len(lower) > 1 and lower.endswith("y") and lower[-2] not in "aeiou":
        word = last[:-1] + _same_case(last[-1], "ies")
    elif lower.endswith(_SIBILANT):
        word = last + _same_case(last[-1], "es")
    else:
        word = last + _same_case(last[-1], "s")
    return f"{head} {word}" if head else word


def counted(count: int, noun: str) -> str:
    """A count and its noun: "1 rupee", "2 rupees", "0 cards", "3 water"."""
    return f"{count} {plural(noun, count)}"


def _same_case(model: str, ending: str) -> str:
    """`ending` in capitals after a word in capitals ("UNITS"), else as given."""
    return ending.upper() if model.isupper() else ending


#: "2 rupee(s)", "1 court card(s)": a count, up to two words, and a noun marked "(s)".
_MARKED = re.compile(r"\b(\d+) ((?:[A-Za-z-]+ ){0,2})([A-Za-z-]+)\(s\)")


def settle_marks(text: str) -> str:
    """Text written with "(s)" after a counted noun, as a person writes it: "1 rupee(s)" reads "1 rupee".

    Some texts are kept as they were first written (the questions a paused turn stores in its snapshot, which the
    archives and the seeded games' fingerprints hold byte for byte); this is how they read when shown.
    """
    return _MARKED.sub(lambda m: f"{m[1]} {plural(m[2] + m[3], int(m[1]))}", text)
