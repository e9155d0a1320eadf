"""A game's own data files (cards, map) as plain values, parsed by libyaml when ruamel's C parser is installed.

Every command that opens a game reads its cards, and ruamel's pure-Python parser takes a large share of a short
command's time on them (Pax Expanse's seven files: 0.25 s of CPU). The C parser reads the same files about eight
times faster. Its scanner is libyaml's, which refuses a few plain scalars ruamel's accepts (a colon inside a
flow list, `[fleet:mcr]`), so it is used only for the data files a game ships, which a test reads both ways
and finds equal (tests/core/test_datafile.py); a file from anywhere else (an order, an owner's transcription
of their cards) goes through the loader its reader names.
"""

from __future__ import annotations

from typing import Any

from ruamel.yaml import YAML

LIBYAML: type[Any] | None
try:
    from ruamel.yaml.cyaml import CSafeLoader as LIBYAML
except ImportError:  # ruamel.yaml without its C parser: the pure-Python one reads the same values, slower
    LIBYAML = None


def plain(text: str) -> Any:
    """The values of one YAML document of mappings, lists and scalars, as ruamel's safe loader reads them."""
    if LIBYAML is None:
        return pure(text)
    loader = LIBYAML(text)
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


def pure(text: str) -> Any:
    """The same document read by ruamel's pure-Python safe loader (YAML 1.2): the reference `plain` must equal."""
    return YAML(typ="safe", pure=True).load(text)
