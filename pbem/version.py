"""Which pbem made a game or a step: recorded in game.yaml and each step.json, read back by replay."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from importlib import metadata
from typing import Any

#: The key in game.yaml and in steps/NNNN/step.json.
KEY = "pbem_version"
#: What an archive made before versions were recorded reads as.
UNKNOWN = "unknown (before versioning)"


@functools.cache  # asked at every stored step; reading the installed metadata is slow, and it stays as it is
def running() -> str:
    """The version of the installed pbem distribution (pyproject's version)."""
    try:
        return metadata.version("pbem")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def recorded(info: Mapping[str, Any]) -> str:
    """The version a step record or game.yaml names, or UNKNOWN for an archive older than the field."""
    value = info.get(KEY)
    return str(value) if value else UNKNOWN
