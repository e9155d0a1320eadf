"""Build the static web archive of every game under a root: public pages and each seat's private history.

Layout of the site (every link relative, so it works opened from disk or served by any web server):

    index.html                       every game
    _assets/site.css, <game-id>.css  the stylesheets
    <game>/index.html                the game's public page: state, scores, step list
    <game>/steps/NNNN.html           the public view of each step, with previous/next and a jump list
    <game>/log.html                  the whole game's public log, step by step
    <game>/feed.xml                  an Atom feed of the public steps
    <game>/<capability>/index.html   one seat's private history (the folder name is its capability)
    <game>/<capability>/NNNN.html    what that seat could see after each step
    <game>/<capability>/log.html     the log as that seat saw it, and feed.xml, its feed
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from pbem import deadlines
from pbem.reports.config import ReportConfig, report_stylesheets
from pbem.reports.html import environment, stylesheet
from pbem.reports.model import report_model
from pbem.site import ledger as site_ledger
from pbem.site import replay
from pbem.site.capability import retired_folders, seat_folder, site_key
from pbem.site.feed import Entry, atom, feed_uuid
from pbem.site.output import SiteOutput
from pbem.site.steps import put_steps
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


def build(root: Path, out: Path, config: ReportConfig | None = None,
          readers: Collection[str | None] | None = None) -> SiteSummary:
    """Write the site of every game under `root` into `out`; files whose bytes are unchanged are not touched.

    With `readers` (seats, None for the public) only those readers' pages of each game are written, into an `out`
    of its own: a check of what one reader sees need not draw everyone's pages. Such a site is incomplete, so it
    keeps no ledger (nothing later takes its pages as current).
    """
    config = config or ReportConfig()
    site_ledger.check_apart(root, out)
    env = environment(config)
    ledger = site_ledger.load(root, out)
    output = SiteOutput(out, ledger.files if readers is None else ())
    fingerprints: dict[str, dict[str, Any]] = {}
    summary = SiteSummary(index=out / "index.html")
    entries = []
    games_seen: set[str] = set()
    for folder in game_dirs(root):
        try:
            gd = open_game(folder)
            entry = _publish_game(gd, config, output, ledger.games, fingerprints, readers)
        except (StoreError, OSError, ValueError, KeyError) as exc:
            summary.problems.append(f"{folder.name}: not published: {exc}")
            continue
        entries.append(entry)
        games_seen.add(entry["game_id"])
        summary.games.append(gd.name)
    output.put(f"{ASSETS}/site.css", str(stylesheet(env, ["base.css", "site/site.css"])))
    output.put(f"{ASSETS}/icon.svg", ICON)
    for game_id in sorted(games_seen):
        output.put(f"{ASSETS}/{game_id}.css", str(stylesheet(environment(config, game_id), report_stylesheets(game_id))))
    output.put("index.html", env.get_template("site/index.html.j2").render(games=entries, root=""))
    summary.removed = output.finish()
    summary.written, summary.unchanged = output.written, output.unchanged
    if readers is None:
        ledger.files, ledger.games = output.made, fingerprints
        ledger.save()
    return summary


def fingerprint(gd: GameDir, site_url: str | None = None) -> str:
    """What a game's pages depend on: its steps, its seats and its site secret (a new step, a rollback, a
    renamed seat all change it), the open deadline and the site's address (which its pages and feeds name),
    and pbem's version (whose templates draw them)."""
    from pbem import version

    parts = [version.running(), gd.name, repr(gd.steps()), repr(gd.meta.seat_names), site_url or "",
             *(deadline_text(gd, seat) or "" for seat in [None, *gd.meta.seat_names])]
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
                  fingerprints: dict[str, dict[str, Any]],
                  readers: Collection[str | None] | None = None) -> dict[str, Any]:
    """Every page of one game (kept as they are when nothing changed), or only those of `readers`; returns its
    line in the site's index.

    `known` holds each game's fingerprint and index line from the last build; this build's go into `fingerprints`.
    """
    name = slug(gd.name)
    seat_folder(gd, gd.meta.seat_names[0])  # the secret exists before the fingerprint reads it
    for seat in gd.meta.seat_names:
        for folder in retired_folders(gd, seat):  # a departed holder's pages go, even if the ledger was lost
            output.retire(f"{name}/{folder}")
    current = fingerprint(gd, config.site_url)
    saved = known.get(name) or {}
    if (readers is None and saved.get("fingerprint") == current and isinstance(saved.get("entry"), dict)
            and output.keep(f"{name}/")):
        entry = dict(saved["entry"])
    else:
        entry = _render_game(gd, environment(config, gd.game.id), output, name, config.site_url, readers)
    fingerprints[name] = {"fingerprint": current, "entry": entry}
    return entry


def _render_game(gd: GameDir, env: jinja2.Environment, output: SiteOutput, name: str,
                 site_url: str | None = None, readers: Collection[str | None] | None = None) -> dict[str, Any]:
    """Render every page of one game, or only those of `readers` (the public history is made all the same: every
    step's label comes from it)."""
    steps = gd.steps()
    game = gd.game
    public = _history(gd, steps, None, None)
    labels = step_labels(gd, public)
    for model in public:
        model["happened"] = labels[model["step"]]
    last = public[-1]
    chart = _chart(gd, public)
    common = {"game_name": gd.name, "game_title": game.title, "game_id": game.id, "steps": public}
    base = f"{site_url.rstrip('/')}/{name}" if site_url else None
    if readers is None or None in readers:
        put_steps(env, output, f"{name}/steps", common, public, private=False)
        output.put(f"{name}/steps/index.html", _redirect("../index.html"))
        output.put(f"{name}/index.html", env.get_template("site/game.html.j2").render(
            **common, root="../", last=last, seats=gd.meta.seat_names, chart=chart, deadline=deadline_text(gd)))
        output.put(f"{name}/log.html", env.get_template("site/log.html.j2").render(
            **common, root="../", history=public, prefix="steps/", private=False, seat=None))
        output.put(f"{name}/feed.xml", _feed(gd, public, None, base, "steps/"))
    for seat in gd.meta.seat_names:
        if readers is not None and seat not in readers:
            continue
        capability = seat_folder(gd, seat)
        folder = f"{name}/{capability}"
        history = _history(gd, steps, seat, labels)
        put_steps(env, output, folder, common, history, private=True)
        output.put(f"{folder}/index.html", env.get_template("site/private.html.j2").render(
            **common, root="../../", seat=seat, history=history, last=history[-1], private=True, chart=chart,
            deadline=deadline_text(gd, seat)))
        output.put(f"{folder}/log.html", env.get_template("site/log.html.j2").render(
            **common, root="../../", history=history, prefix="", private=True, seat=seat))
        output.put(f"{folder}/feed.xml", _feed(gd, history, seat, f"{base}/{capability}" if base else None, ""))
    return {
        "name": gd.name, "href": f"{name}/index.html", "title": game.title, "game_id": game.id,
        "step": last["step"], "label": last["label"], "result": last["result"],
        "waiting_for": sorted({p["seat"] for p in last["waiting_for"]}),
    }


def step_labels(gd: GameDir, public: list[dict[str, Any]]) -> dict[int, str]:
    """What happened in each step, in a line, from its public events and the seats whose orders it resolved (those
    the public model of the step before was waiting for)."""
    labels = {}
    prompted: list[str] = []
    for model in public:
        labels[model["step"]] = replay.step_label(model["step"], gd.events(model["step"]), prompted)
        asked = {entry["seat"] for entry in model["waiting_for"]}
        prompted = [seat for seat in gd.meta.seat_names if seat in asked]
    return labels


def _history(gd: GameDir, steps: list[int], seat: str | None,
             labels: dict[int, str] | None) -> list[dict[str, Any]]:
    """The reader's model of every step, each with how the scores moved and what happened in it (`labels`; the
    caller adds them to the public history, from which they are read)."""
    models = []
    before: dict[str, int] | None = None
    for step in steps:
        model = _page_model(gd, step, seat)
        if labels is not None:
            model["happened"] = labels[step]
        model["score_change"] = replay.score_changes(before, model["scores"])
        before = model["scores"]
        models.append(model)
    return models


def _chart(gd: GameDir, models: list[dict[str, Any]]) -> Markup:
    """The score history of the public steps as inline SVG."""
    from pbem.reports.chart import score_points, template_global

    history = [{"step": step, "scores": scores} for step, scores in score_points(models)]
    # Games that deal seats colours say which in their view: the chart's lines match the board's pieces.
    return template_global(gd.game.id)(history, gd.meta.seat_names, models[-1]["view"].get("seat_colours"))


def deadline_text(gd: GameDir, seat: str | None = None) -> str | None:
    """When the open step's orders are due, once the deadline is fixed (mail fixes it); None before, or without one.

    A deadline not fixed yet would be made up anew at every build: the site names only the one the mail named.
    """
    track = deadlines.load_track(gd.root)
    if track is None or track.step != gd.current_step():
        return None
    return deadlines.seat_deadline_text(gd, seat)


def caretaker_lines(model: dict[str, Any]) -> list[str]:
    """Why the caretaker played as it did, one line per decision, as far as the model's reader may read it."""
    return [f"The caretaker played {'this seat' if played['own'] else played['seat']}: {reason['text']}"
            for played in model.get("caretaker", []) for reason in played["reasons"]]


def _feed(gd: GameDir, models: list[dict[str, Any]], seat: str | None, base: str | None, prefix: str) -> str:
    """The Atom feed of one reader's steps (None: the public's)."""
    key = site_key(gd)
    reader = "public" if seat is None else f"seat/{seat}/holder/{gd.meta.seat(seat).holder}"
    entries = [Entry(ident=feed_uuid(key, gd.meta.seed, gd.name, reader, "step", str(m["step"])), step=m["step"],
                     title=m["happened"], lines=[e["text"] for e in m["events"]] + caretaker_lines(m),
                     updated=_stored_at(gd, m["step"]),
                     href=f"{prefix}{m['step']:04d}.html") for m in models]
    title = f"{gd.name} – {gd.game.title}" + (f" – {seat}'s view" if seat else "")
    subtitle = (f"Every step of {gd.name} as {seat} saw it: private, do not share its address" if seat
                else f"Every step of {gd.name}, as anyone may see it")
    return atom(ident=feed_uuid(key, gd.meta.seed, gd.name, reader), title=title, subtitle=subtitle,
                entries=entries, base=base, home="index.html", self_href="feed.xml")


def _stored_at(gd: GameDir, step: int) -> datetime:
    """When a step was stored: the modification time of its record of orders (written once, with the step, and
    kept by copies and backups), else of its folder."""
    folder = gd.step_dir(step)
    record = folder / "step.json"
    return datetime.fromtimestamp((record if record.is_file() else folder).stat().st_mtime, UTC)


def _page_model(gd: GameDir, step: int, seat: str | None) -> dict[str, Any]:
    """What the reader could see after `step`, without the next order's template (history, not a prompt)."""
    return report_model(gd, step, seat, history=True)


def _redirect(target: str) -> str:
    """A page that sends the reader on (a folder without its own index must not list its files)."""
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>pbem</title>'
            f'<meta http-equiv="refresh" content="0; url={target}"></head>'
            f'<body><p><a href="{target}">Continue</a></p></body></html>\n')


def seat_links(gd: GameDir, base_url: str) -> dict[str, str]:
    """Each seat's private history URL under `base_url` (for that seat's mail only)."""
    base = base_url.rstrip("/") + "/"
    return {seat: f"{base}{slug(gd.name)}/{seat_folder(gd, seat)}/index.html" for seat in gd.meta.seat_names}
