"""Highest Unique's own report partials: its reports use them once the template loader reads `templates/` of a
game's package (the package-data change); until then pbem renders the view generically."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import registry
from pbem.reports import ReportConfig, render_html, render_text
from pbem.reports.model import report_model
from pbem.store import Seat, create


def model(root: Path) -> dict[str, Any]:
    """Anna's report model at the start of a new game."""
    gd, _ = create(root / "hu1", "highest-unique", 5, [Seat("anna", "anna@example.org"), Seat("ben")])
    return report_model(gd, 0, "anna")


def test_the_game_is_registered_by_the_test_setup_only() -> None:
    assert type(registry.get("highest-unique")).__module__ == "highest_unique.game"


@pytest.mark.parametrize("render", [render_html, render_text])
def test_its_reports_use_its_own_partials(render: object, tmp_path: Path) -> None:
    text = render([model(tmp_path)], ReportConfig())  # type: ignore[operator]
    assert "Highest Unique: round 1" in text and "Your secret word" in text
