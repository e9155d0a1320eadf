"""The games' history as a static web site: `pbem site ROOT OUT` (see `build`)."""

from pbem.site.build import SiteSummary, build, game_dirs, seat_links, slug
from pbem.site.capability import retired_folders, seat_folder, site_key

__all__ = ["SiteSummary", "build", "game_dirs", "retired_folders", "seat_folder", "seat_links", "site_key", "slug"]
