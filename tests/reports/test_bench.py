"""The bench: a timing for every reader and stage, and the bare WeasyPrint floor beside ours."""

from __future__ import annotations

import pytest

from pbem.reports import ReportConfig, measure, report_stem
from pbem.store import GameDir

from .conftest import SEATS

pytestmark = pytest.mark.slow  # times every reader's PDF, twice


def test_measure_times_every_reader_and_stage(finished: GameDir, config: ReportConfig) -> None:
    result = measure(finished, 1, config, repeat=2)
    assert (result["game"], result["step"], result["repeat"]) == ("tiny&game", 1, 2)
    assert set(result["readers"]) == {"public", *(report_stem(s.name) for s in SEATS)}
    for timings in result["readers"].values():
        for key in ("model_s", "html_s", "text_s", "pdf_s", "weasyprint_s"):
            assert timings[key] > 0, key
        assert timings["pdf_overhead_s"] == timings["pdf_s"] - timings["weasyprint_s"]
        assert timings["pdf_bytes"] > 1000 and timings["html_bytes"] > 1000
    assert result["total"]["pdf_s"] == sum(t["pdf_s"] for t in result["readers"].values())
