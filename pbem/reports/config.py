"""Where report templates live and who report mail comes from."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

#: The repository's shared templates: report layout, CSS, mail bodies and the game partials.
TEMPLATES_DIR = Path(__file__).resolve().parents[2] / "templates"


@dataclass(frozen=True)
class ReportConfig:
    """Settings for rendering and mailing reports; the defaults suit a local install."""

    #: Searched in order, so a test or a site can put its own partials ahead of the shared ones.
    template_dirs: tuple[Path, ...] = field(default=(TEMPLATES_DIR,))
    sender: str = "pbem@localhost"
    #: The published web archive's address: each seat's mail links its own private history there.
    site_url: str | None = None

    @property
    def base_dir(self) -> Path:
        """The templates folder relative URLs in reports resolve against."""
        return self.template_dirs[-1]

    @property
    def mail_domain(self) -> str:
        """The domain of the sender address, used in Message-IDs."""
        _, _, domain = self.sender.rpartition("@")
        return domain or "localhost"
