"""PDF reports and the book: real pages, reproducible bytes, no resource fetched from outside the templates."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.reports import TEMPLATES_DIR, ReportConfig, book_html, render_book, render_pdf
from pbem.reports.pdf import LocalOnlyFetcher, html_document
from pbem.store import GameDir

from .pdfcheck import base_fonts, page_count


def test_report_pdf_is_a_pdf_with_a_page(rendered: GameDir) -> None:
    pdf = (rendered.report_dir(1) / "anna.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-")
    assert page_count(pdf) >= 1
    assert b"/CreationDate" not in pdf and b"/ModDate" not in pdf


def test_pdf_uses_only_dejavu(rendered: GameDir) -> None:
    pdf = (rendered.report_dir(1) / "anna.pdf").read_bytes()
    fonts = base_fonts(pdf)
    # Subset names look like ABCDEF+DejaVu-Sans-Bold; the order block adds the Mono face.
    faces = {name.split("+", 1)[1] for name in fonts}
    assert faces and all(face.startswith("DejaVu-Sans") for face in faces), faces
    assert "DejaVu-Sans-Mono" in faces and "DejaVu-Sans" in faces


def test_fetcher_refuses_network_and_files_outside_the_templates(tmp_path: Path) -> None:
    fetcher = LocalOnlyFetcher([TEMPLATES_DIR])
    for url in ("http://example.org/x.png", "https://example.org/x.css", "data:text/css,p{}", "ftp://h/x"):
        with pytest.raises(ValueError):
            fetcher.fetch(url)
    outside = tmp_path / "secret.txt"
    outside.write_text("secret")
    with pytest.raises(ValueError, match="outside the template folders"):
        fetcher.fetch(outside.as_uri())
    with pytest.raises(ValueError, match="outside"):
        fetcher.fetch((TEMPLATES_DIR / ".." / "pyproject.toml").as_uri())
    response = fetcher.fetch((TEMPLATES_DIR / "base.css").as_uri())
    try:
        assert b"@page" in response.read()
    finally:
        response.close()


def test_refused_resources_leave_the_report_renderable(tmp_path: Path) -> None:
    image = tmp_path / "picture.svg"
    image.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')
    config = ReportConfig()
    html = f'<p>x</p><img src="{image.as_uri()}"><img src="http://127.0.0.1:9/x.png">'
    document = html_document(html, config)
    fetched: list[str] = []
    real = document.url_fetcher.fetch

    def spy(url: str, headers=None):  # type: ignore[no-untyped-def]
        fetched.append(url)
        return real(url, headers)

    document.url_fetcher.fetch = spy  # type: ignore[method-assign]
    assert document.write_pdf().startswith(b"%PDF-")
    assert image.as_uri() in fetched  # asked for, and refused: it is not under templates/
    assert render_pdf(html, config).startswith(b"%PDF-")


def test_book_has_a_page_per_step_in_order(rendered: GameDir, config: ReportConfig) -> None:
    document = html_document(book_html(rendered, "anna", config), config).render()
    tops = document.make_bookmark_tree()
    steps = rendered.steps()
    assert [label for label, *_ in tops] == [f"Step {s}: {rendered.game.label(rendered.state(s))}" for s in steps]
    first_pages = [target[0] for _, target, *_ in tops]
    assert first_pages == sorted(set(first_pages)) and first_pages[0] == 0  # each step starts a new page
    pdf = render_book(rendered, "anna", config)
    assert pdf.startswith(b"%PDF-") and page_count(pdf) == len(document.pages) >= len(steps)


def test_public_book_has_no_private_events(rendered: GameDir, config: ReportConfig) -> None:
    html = book_html(rendered, None, config)
    assert "SECRET" not in html and html.count('<section class="report"') == len(rendered.steps())
    assert "SECRET-anna" in book_html(rendered, "anna", config)
