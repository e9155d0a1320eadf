"""Reports as PDF through WeasyPrint, reproducibly and without touching the network."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import weasyprint
from weasyprint.urls import URLFetcher

from pbem.reports.config import ReportConfig

#: Options for write_pdf that keep output byte-identical from run to run: no random /ID in the
#: trailer, no dates (WeasyPrint only writes CreationDate/ModDate when the HTML carries
#: dcterms.created/modified meta tags, which our layout never does).
PDF_OPTIONS = {"pdf_identifier": False, "custom_metadata": False}


class LocalOnlyFetcher(URLFetcher):
    """Fetch file: URLs under the template folders and refuse everything else (http, data, other files)."""

    def __init__(self, roots: Sequence[Path]):
        super().__init__(allowed_protocols=("file",), allow_redirects=False)
        self._roots = [root.resolve() for root in roots]

    def fetch(self, url: str, headers: dict[str, str] | None = None) -> Any:  # WeasyPrint calls it so
        """Open `url` only when it is a file inside one of the template folders."""
        parts = urlsplit(url)
        if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
            raise ValueError(f"report resources must be local template files, not {url!r}")
        path = Path(unquote(parts.path)).resolve()
        if not any(path.is_relative_to(root) for root in self._roots):
            raise ValueError(f"report resource {path} is outside the template folders")
        return super().fetch(url, headers)


def html_document(html: str, config: ReportConfig) -> weasyprint.HTML:
    """WeasyPrint's parsed document for report HTML, resolving relative URLs in the templates folder."""
    base_url = config.base_dir.resolve().as_uri() + "/"
    return weasyprint.HTML(string=html, base_url=base_url, url_fetcher=LocalOnlyFetcher(config.template_dirs))


def render_pdf(html: str, config: ReportConfig) -> bytes:
    """The PDF of report HTML."""
    return html_document(html, config).write_pdf(**PDF_OPTIONS)
