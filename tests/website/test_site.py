"""`pbem site`: the static web archive of every game (issue: reports a player wants, and the archive as a site)."""

from __future__ import annotations

import re
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main as cli
from pbem.site import build, seat_folder, slug
from pbem.store import open_game

from .links import links, target

CAPABILITY = re.compile(r"[0-9a-f]{32}")


def pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def test_index_lists_every_game_with_its_standing(site: Path, games_root: Path) -> None:
    index = (site / "index.html").read_text()
    for name in ("solo", "x5"):
        assert f'href="{name}/index.html"' in index
    assert "&lt;b&gt;odd &amp; name" in index and "<b>odd" not in index
    assert "won" in index  # the finished games say who won


def test_every_link_of_every_page_reaches_a_file_of_the_site(site: Path) -> None:
    checked = 0
    for page in pages(site):
        for href in links(page):
            assert not href.startswith(("http:", "https:", "//", "/")), f"{page}: {href} leaves the site"
            assert target(page, href).is_file(), f"{page.relative_to(site)}: dead link {href}"
            assert target(page, href).is_relative_to(site.resolve())
            checked += 1
    assert checked > 100


def test_public_steps_have_previous_next_and_a_jump_list(site: Path, games_root: Path) -> None:
    gd = open_game(games_root / "x5")
    steps = gd.steps()
    middle = site / "x5" / "steps" / f"{steps[1]:04d}.html"
    hrefs = links(middle)
    assert f"{steps[0]:04d}.html" in hrefs and f"{steps[2]:04d}.html" in hrefs
    html = middle.read_text()
    assert 'rel="prev"' in html and 'rel="next"' in html and "<details" in html
    first, last = (site / "x5" / "steps" / f"{s:04d}.html" for s in (steps[0], steps[-1]))
    assert 'rel="prev"' not in first.read_text() and 'rel="next"' not in last.read_text()
    assert all(f"{s:04d}.html" in hrefs for s in steps if s != steps[1])  # jump to any step
    assert "<script" not in html  # plain HTML and CSS: no JavaScript needed


def test_private_history_lives_at_an_unguessable_path_derived_from_the_games_secret(
        site: Path, games_root: Path) -> None:
    gd = open_game(games_root / "x5")
    folders = {seat: seat_folder(gd, seat) for seat in gd.meta.seat_names}
    assert all(CAPABILITY.fullmatch(f) for f in folders.values())
    assert len(set(folders.values())) == 3
    for seat, folder in folders.items():
        assert seat not in folder
        history = site / "x5" / folder
        assert (history / "index.html").is_file()
        assert len(list(history.glob("[0-9]*.html"))) == len(gd.steps())
        assert f"{seat}'s private history" in (history / "index.html").read_text()
    key = games_root / "x5" / "site.key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    other = open_game(games_root / "<b>odd & name")
    assert seat_folder(other, "dora") != seat_folder(gd, "anna")  # each game has its own secret


def test_no_page_links_to_a_private_history(site: Path) -> None:
    """A capability is told to its seat only: no public page, and no other seat's page, points at it."""
    for page in pages(site):
        parts = page.relative_to(site).parts
        own = parts[1] if len(parts) > 2 and CAPABILITY.fullmatch(parts[1]) else None
        for href in links(page):
            folder = target(page, href).relative_to(site.resolve()).parts
            if len(folder) > 2 and CAPABILITY.fullmatch(folder[1]):
                assert folder[1] == own, f"{page.relative_to(site)} links to another history: {href}"


def test_no_page_shows_an_address_a_token_hash_or_the_secret(site: Path, games_root: Path) -> None:
    secrets = []
    for folder in (p for p in games_root.iterdir() if (p / "game.yaml").is_file()):  # not the site's ledger
        gd = open_game(folder)
        secrets += [s.address for s in gd.meta.seats if s.address]
        secrets += [s.token_hash for s in gd.meta.seats if s.token_hash]
        secrets.append((folder / "site.key").read_text().strip())
    assert secrets
    for path in site.rglob("*"):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            for secret in secrets:
                assert secret not in text, f"{path.relative_to(site)} shows {secret[:12]}…"


def test_every_folder_has_an_index_page_so_no_server_lists_the_private_folders(site: Path) -> None:
    for folder in [site, *(p for p in site.rglob("*") if p.is_dir())]:
        if folder.name == "_assets":
            continue
        assert (folder / "index.html").is_file(), folder.relative_to(site)


def test_private_pages_ask_not_to_be_indexed_nor_to_send_their_address(site: Path, games_root: Path) -> None:
    gd = open_game(games_root / "solo")
    page = (site / "solo" / seat_folder(gd, "anna") / "0001.html").read_text()
    assert 'name="robots" content="noindex, nofollow"' in page
    assert 'name="referrer" content="no-referrer"' in page


@pytest.mark.slow  # builds the site of every finished game twice
def test_building_again_writes_only_what_changed(games_root: Path, tmp_path: Path) -> None:
    out = tmp_path / "www"
    first = build(games_root, out)
    assert first.written > 0 and first.unchanged == 0
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
    again = build(games_root, out)
    assert (again.written, again.removed) == (0, 0)
    assert {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()} == before


def test_a_rolled_back_step_loses_its_pages(games_root: Path, tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "games"
    shutil.copytree(games_root / "x5", root / "x5")
    out = tmp_path / "www"
    build(root, out)
    gd = open_game(root / "x5")
    last = gd.steps()[-1]
    page = out / "x5" / "steps" / f"{last:04d}.html"
    assert page.is_file()
    shutil.rmtree(gd.step_dir(last))
    gd.note_last_step(last - 1)  # as a rollback leaves it
    summary = build(root, out)
    assert not page.exists() and summary.removed == 1 + len(gd.meta.seat_names)
    assert 'rel="next"' not in (out / "x5" / "steps" / f"{last - 1:04d}.html").read_text()


def test_a_new_step_draws_one_body_a_reader_and_the_site_is_as_one_built_afresh(
        games_root: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each new step grows every step page's jump list, but the bodies of the steps before stay as they were drawn:
    a long game's next step must not draw every page of the game again (it delays the tick's mail)."""
    import shutil

    from pbem.site import steps

    root = tmp_path / "games"
    shutil.copytree(games_root / "x5", root / "x5")
    gd = open_game(root / "x5")
    last = gd.steps()[-1]
    shutil.move(gd.step_dir(last), tmp_path / "last")
    gd.note_last_step(last - 1)
    out = tmp_path / "www"
    build(root, out)
    shutil.move(tmp_path / "last", gd.step_dir(last))
    gd.note_last_step(last)
    drawn: list[int] = []
    draw = steps._draw
    monkeypatch.setattr(steps, "_draw", lambda env, model, *rest: drawn.append(model["step"]) or draw(env, model, *rest))
    build(root, out)
    readers = 1 + len(gd.meta.seat_names)
    # The new step's body, and the one before drawn again to mark what changed since: per reader, nothing else.
    assert sorted(drawn) == sorted([last - 1, last] * readers)
    monkeypatch.setattr(steps, "_draw", draw)
    afresh = tmp_path / "afresh"
    build(root, afresh)
    files = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(afresh) for p in afresh.rglob("*") if p.is_file())
    assert all((out / name).read_bytes() == (afresh / name).read_bytes() for name in files)


def test_a_body_is_kept_only_under_the_key_it_was_drawn_with(games_root: Path, tmp_path: Path) -> None:
    """A page whose body key does not match (drawn by another version or templates) is drawn again, not kept."""
    out = tmp_path / "www"
    build(games_root, out)
    page = out / "x5" / "steps" / "0001.html"
    text = page.read_text()
    key = re.search(r"<!-- step body ([0-9a-f]{64}) -->", text)
    assert key is not None
    page.write_text(text.replace(key.group(1), "0" * 64).replace("<h2>Scores</h2>", "<h2>Stale</h2>"))
    (out / "x5" / "index.html").unlink()  # the game's pages are made again, as after a new step
    build(games_root, out)
    assert page.read_text() == text


def test_odd_game_names_get_a_safe_folder(site: Path) -> None:
    name = slug("<b>odd & name")
    assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_-]*", name)
    assert (site / name / "index.html").is_file()
    assert slug("x5") == "x5" and slug("_assets") != "_assets"


@pytest.mark.slow  # builds the site of every finished game, then one game's twice
def test_the_command_builds_the_site_and_prints_where(games_root: Path, tmp_path: Path) -> None:
    out = tmp_path / "www"
    result = CliRunner().invoke(cli, ["site", str(games_root), str(out)])
    assert result.exit_code == 0, result.output
    assert f"site: {out / 'index.html'}" in result.output
    one = CliRunner().invoke(cli, ["site", str(games_root / "x5"), str(tmp_path / "one")])
    assert one.exit_code == 0 and (tmp_path / "one" / "x5" / "index.html").is_file()
    links_out = CliRunner().invoke(cli, ["site", str(games_root / "x5"), str(tmp_path / "one"),
                                         "--links", "https://games.example/pbem"])
    gd = open_game(games_root / "x5")
    assert f"https://games.example/pbem/x5/{seat_folder(gd, 'anna')}/index.html" in links_out.output


def test_a_folder_that_is_not_a_game_is_reported_and_the_others_still_published(
        games_root: Path, tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "games"
    shutil.copytree(games_root / "x5", root / "x5")
    (root / "broken").mkdir()
    (root / "broken" / "game.yaml").write_text("this: [is not a game\n")
    result = CliRunner().invoke(cli, ["site", str(root), str(tmp_path / "www")])
    assert result.exit_code == 1
    assert "broken: not published" in result.output
    assert (tmp_path / "www" / "x5" / "index.html").is_file()


def test_a_site_of_one_readers_pages_holds_those_alone_the_same_and_keeps_no_ledger(
        site: Path, games_root: Path, tmp_path: Path) -> None:
    gd = open_game(games_root / "x5")
    anna, ben = seat_folder(gd, "anna"), seat_folder(gd, "ben")
    out = tmp_path / "anna-only"
    build(games_root / "x5", out, readers=["anna"])
    made = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert made and all(p.read_bytes() == (site / "x5" / anna / p.name).read_bytes()
                        for p in (out / "x5" / anna).iterdir())
    assert not (out / "x5" / ben).exists() and not (out / "x5" / "steps").exists()
    assert not (out / "x5" / "log.html").exists()
    ledgers = (games_root / ".pbem-site").glob("*.json")
    assert all(str(out) not in ledger.read_text() for ledger in ledgers), "a partial site is never taken as built"
