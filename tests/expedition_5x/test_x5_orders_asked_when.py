"""orders.md of Expedition to 5X says what is asked when: every kind of prompt seeded robot games raise has its
row in the table of "What is asked when, and how to answer ahead", with how (or that it cannot) be answered
ahead."""

from __future__ import annotations

import re
from pathlib import Path

import games.expedition_5x
from engine import registry
from engine.simulate import play_out

ORDERS_MD = Path(games.expedition_5x.__file__).with_name("orders.md")


def asked_when_rows() -> dict[str, str]:
    """The table's rows by prompt kind: kind -> how it is answered ahead."""
    text = ORDERS_MD.read_text(encoding="utf-8")
    section = text.split("## What is asked when, and how to answer ahead", 1)[1].split("\n## ", 1)[0]
    return {found.group(1): found.group(2).strip() for found in
            re.finditer(r"^\|[^|]*\(`(\w+)`\) \|[^|]*\|([^|]*)\|$", section, re.MULTILINE)}


def test_every_prompt_kind_of_seeded_games_is_in_the_asked_when_table() -> None:
    game = registry.get("expedition-5x")
    kinds: set[str] = set()
    for seed in range(6):
        players = max(game.player_counts)
        play_out(game, ["anna", "ben", "cleo", "dara", "emil", "fay"][:players], f"asked-{seed}",
                 after_step=lambda step, state: kinds.update(p.kind for p in game.prompts(state)))
    rows = asked_when_rows()
    assert {"action", "scout"} <= kinds and kinds <= set(rows), (sorted(kinds), rows)
    assert all(rows[kind] for kind in kinds)
