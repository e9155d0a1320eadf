"""Build the static web archive of every game under a root: public pages and each seat's private history.

Layout of the site (every link relative, so it works opened from disk or served by any web server):

    index.html                       every game
    _assets/site.css, <game-id>.css  the stylesheets
    <game>/index.html                the game's public page: state, scores, step list
    <game>/steps/NNNN.html           the public view of each step, with previous/next and a jump list
    <game>/<capability>/index.html   one seat's private history (the folder name is its capability)
    <game>/<capability>/NNNN.html    what that seat could see after each step
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2

from pbem.reports.config import ReportConfig
from pbem.reports.html import environment, stylesheet
from pbem.reports.model import report_model
from pbem.site import ledger as site_ledger
from pbem.site.capability import retired_folders, seat_folder
from pbem.site.output import SiteOutput
from pbem.store import GameDir, StoreError, open_game

ASSETS = "_assets"
#: The browser tab's icon: a die with five pips.
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect x="1" y="1" width="14" height="14" rx="3" '
        'fill="#1f4e8c"/><g fill="#fff"><circle cx="5" cy="5" r="1.4"/><circle cx="11" cy="5" r="1.4"/>'
        '<circle cx="8" cy="8" r="1.4"/><circle cx="5" cy="11" r="1.4"/><circle cx="11" cy="11" r="1.4"/></g></svg>\n')
_SLUG = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


@dataclass
class SiteSummary:
    """What a build did: the games it published, the files it wrote, kept and removed, and its problems."""

    index: Path
    games: list[str] = field(default_factory=list)
    written: int = 0
    unchanged: int = 0
    removed: int = 0
    problems: list[str] = field(default_factory=list)


def game_dirs(root: Path) -> list[Path]:
    """The game folders a site covers: `root` itself when it is a game, else its game subfolders."""
    if (root / "game.yaml").is_file():
        return [root]
    if not root.is_dir():
        raise StoreError(f"{root}: no such folder")
    return sorted(p for p in root.iterdir() if p.is_dir() and (p / "game.yaml").is_file())


def slug(name: str) -> str:
    """A game's folder name in the site: its own name when plain, never one starting with '_' or '.'."""
    if _SLUG.fullmatch(name):
        return name
    cleaned = re.sub(r"[^A-Za-z0-9_-]+", "-", name).strip("-_")[:48] or "game"
    return f"{cleaned}-{hash_name(name):08x}"


def hash_name(name: str) -> int:
    """A stable number for a name (Python's hash() changes between runs)."""
    return int(hashlib.sha256(name.encode("utf-8")).hexdigest()[:8], 16)


def build(root: Path, out: Path, config: ReportConfig | None = None) -> SiteSummary:
    """Write the site of every game under `root` into `out`; files whose bytes are unchanged are not touched."""
    config = config or ReportConfig()
    site_ledger.check_apart(root, out)
    env = environment(config)
    ledger = site_ledger.load(root, out)
    output = SiteOutput(out, ledger.files)
    fingerprints: dict[str, dict[str, Any]] = {}
    summary = SiteSummary(index=out / "index.html")
    entries = []
    games_seen: set[str] = set()
    for folder in game_dirs(root):
        try:
            gd = open_game(folder)
            entry = _publish_game(gd, config, output, ledger.games, fingerprints)
        except (StoreError, OSError, ValueError, KeyError) as exc:
            summary.problems.append(f"{folder.name}: not published: {exc}")
            continue
        entries.append(entry)
        games_seen.add(entry["game_id"])
        summary.games.append(gd.name)
    output.put(f"{ASSETS}/site.css", str(stylesheet(env, ["base.css", "site/site.css"])))
    output.put(f"{ASSETS}/icon.svg", ICON)
    for game_id in sorted(games_seen):
        output.put(f"{ASSETS}/{game_id}.css", str(stylesheet(environment(config, game_id), [f"{game_id}/report.css"])))
    output.put("index.html", env.get_template("site/index.html.j2").render(games=entries, root=""))
    summary.removed = output.finish()
    summary.written, summary.unchanged = output.written, output.unchanged
    ledger.files, ledger.games = output.made, fingerprints
    ledger.save()
    return summary


def fingerprint(gd: GameDir) -> str:
    """What a game's pages depend on: its steps, its seats and its site secret (a new step, a rollback, a
    renamed seat all change it), and pbem's version (whose templates draw them)."""
    from pbem import version

    parts = [version.running(), gd.name, repr(gd.steps()), repr(gd.meta.seat_names)]
    if any(seat.holder for seat in gd.meta.seats):  # a replaced holder moves a private folder
        parts.append(repr([seat.holder for seat in gd.meta.seats]))
    for name in ("site.key",):
        path = gd.root / name
        parts.append(path.read_text(encoding="utf-8") if path.is_file() else "")
    last = gd.steps()[-1]
    for name in ("state.json", "events.json"):
        path = gd.step_dir(last) / name
        parts.append(hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "")
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()


def _publish_game(gd: GameDir, config: ReportConfig, output: SiteOutput, known: dict[str, dict[str, Any]],
                  fingerprints: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Every page of one game (kept as they are when nothing changed); returns its line in the site's index.

    `known` holds each game's fingerprint and index line from the last build; this build's go into `fingerprints`.
    """
    name = slug(gd.name)
    seat_folder(gd, gd.meta.seat_names[0])  # the secret exists before the fingerprint reads it
    for seat in gd.meta.seat_names:
        for folder in retired_folders(gd, seat):  # a departed holder's pages go, even if the ledger was lost
            output.retire(f"{name}/{folder}")
    current = fingerprint(gd)
    saved = known.get(name) or {}
    if saved.get("fingerprint") == current and isinstance(saved.get("entry"), dict) and output.keep(f"{name}/"):
        entry = dict(saved["entry"])
    else:
        entry = _render_game(gd, environment(config, gd.game.id), output, name)
    fingerprints[name] = {"fingerprint": current, "entry": entry}
    return entry


def _render_game(gd: GameDir, env: jinja2.Environment, output: SiteOutput, name: str) -> dict[str, Any]:
    """Render every page of one game."""
    steps = gd.steps()
    game = gd.game
    public = [_page_model(gd, step, None) for step in steps]
    last = public[-1]
    common = {"game_name": gd.name, "game_title": game.title, "game_id": game.id, "steps": public}
    for position, model in enumerate(public):
        output.put(f"{name}/steps/{model['step']:04d}.html", _step_page(env, common, public, position, private=False))
    output.put(f"{name}/steps/index.html", _redirect("../index.html"))
    output.put(f"{name}/index.html", env.get_template("site/game.html.j2").render(
        **common, root="../", last=last, seats=gd.meta.seat_names))
    for seat in gd.meta.seat_names:
        folder = f"{name}/{seat_folder(gd, seat)}"
        history = [_page_model(gd, step, seat) for step in steps]
        for position, model in enumerate(history):
            output.put(f"{folder}/{model['step']:04d}.html", _step_page(env, common, history, position, private=True))
        output.put(f"{folder}/index.html", env.get_template("site/private.html.j2").render(
            **common, root="../../", seat=seat, history=history, last=history[-1], private=True))
    return {
        "name": gd.name, "href": f"{name}/index.html", "title": game.title, "game_id": game.id,
        "step": last["step"], "label": last["label"], "result": last["result"],
        "waiting_for": sorted({p["seat"] for p in last["waiting_for"]}),
    }


def _page_model(gd: GameDir, step: int, seat: str | None) -> dict[str, Any]:
    """What the reader could see after `step`, without the next order's template (history, not a prompt)."""
    model = report_model(gd, step, seat)
    model.pop("order_template", None)
    model.pop("deadline", None)  # a deadline belongs to the mail that asked for orders, not to history
    return model


def _step_page(env: jinja2.Environment, common: dict[str, Any], models: list[dict[str, Any]], position: int,
               *, private: bool) -> str:
    model = models[position]
    return env.get_template("site/step.html.j2").render(
        **common,
        root="../../",
        m=model,
        history=models,
        previous=models[position - 1]["step"] if position > 0 else None,
        next=models[position + 1]["step"] if position + 1 < len(models) else None,
        private=private,
        partial=_partial(env, common["game_id"]),
    )


def _partial(env: jinja2.Environment, game_id: str) -> str | None:
    name = f"{game_id}/report.html.j2"
    try:
        env.get_template(name)
    except jinja2.TemplateNotFound:
        return None
    return name


def _redirect(target: str) -> str:
    """A page that sends the reader on (a folder without its own index must not list its files)."""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>pbem</title>'
            f'<meta http-equiv="refresh" content="0; url={target}"></head>'
            f'<body><p><a href="{target}">Continue</a></p></body></html>\n')


def seat_links(gd: GameDir, base_url: str) -> dict[str, str]:
    """Each seat's private history URL under `base_url` (for that seat's mail only)."""
    base = base_url.rstrip("/") + "/"
    return {seat: f"{base}{slug(gd.name)}/{seat_folder(gd, seat)}/index.html" for seat in gd.meta.seat_names}
