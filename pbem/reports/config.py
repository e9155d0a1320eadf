"""Where report templates live and who report mail comes from."""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

from engine import registry
from engine.contract import template_packages

if TYPE_CHECKING:  # Jinja is imported when a template is rendered, not by every command that reads settings
    import jinja2


def package_folder(package: str, folder: str = "") -> Path:
    """The folder `folder` of an installed Python package, as a path on disk (found through importlib.resources).

    Reports need real files: WeasyPrint resolves relative URLs against them. A package installed zipped has none.
    """
    resource = files(package).joinpath(folder) if folder else files(package)
    if not isinstance(resource, Path):
        raise FileNotFoundError(f"{package}/{folder}: pbem's package data must be installed as files, not zipped")
    return resource


#: pbem's shared templates (the package `templates`): report layout, CSS, mail bodies and the site.
TEMPLATES_DIR = package_folder("templates")


@dataclass(frozen=True)
class ReportConfig:
    """Settings for rendering and mailing reports; the defaults suit a local install."""

    #: The shared templates, searched in order after the game's own, so a test or a site can put its own
    #: templates ahead of the shared ones (and partials for a game whose package holds none).
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


def game_loader(game_id: str) -> jinja2.BaseLoader | None:
    """The templates of a game's own packages, each under its prefix; None for a game that ships none.

    A game the registry does not know (a test's toy game) has none: its partials come from `template_dirs`.
    """
    import jinja2

    try:
        game = registry.get(game_id)
    except registry.UnknownGame:
        return None
    mapping: dict[str, jinja2.BaseLoader] = {}
    for prefix, package in template_packages(game).items():
        folder = package_folder(package, "templates")
        if folder.is_dir():
            mapping[prefix] = jinja2.FileSystemLoader(str(folder))
    return jinja2.PrefixLoader(mapping) if mapping else None


def report_stylesheets(game_id: str) -> list[str]:
    """A game's report stylesheets: the `report.css` of each family of games it draws on, then its own,
    which may override them."""
    try:
        prefixes = list(template_packages(registry.get(game_id)))
    except registry.UnknownGame:
        prefixes = []
    return [*(f"{prefix}/report.css" for prefix in prefixes if prefix != game_id), f"{game_id}/report.css"]


def template_loader(config: ReportConfig, game_id: str | None = None) -> jinja2.BaseLoader:
    """The game's own templates (when `game_id` names one) chained before the shared template folders."""
    import jinja2

    shared = jinja2.FileSystemLoader([str(d) for d in config.template_dirs])
    own = game_loader(game_id) if game_id is not None else None
    return jinja2.ChoiceLoader([own, shared]) if own is not None else shared
