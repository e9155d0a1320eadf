"""Who can read a private history (issue "Trust", points 1 and 2).

1. Nothing under the published folder names a private path except that seat's own pages: the site's bookkeeping
   lives outside it, and a stranger who crawls the served site (links, folder listings, dotfiles) or fetches
   every file in it never reaches another seat's capability or hidden information.
2. A capability belongs to a seat's holder: `pbem replace` issues a new one, the next build removes the old
   folder, and only the new holder is mailed the new link.
"""

from __future__ import annotations

import email
import email.policy
import hashlib
import hmac
import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbem.cli import main as cli
from pbem.site import build, seat_folder, seat_links
from pbem.store import open_game

from .served import crawl, fetch, serving, url_of

URL = "https://games.example/pbem"
#: What a curious reader tries on any site: the bookkeeping earlier releases kept in the published folder.
GUESSES = [".pbem-site.json", "x5/.fingerprint.json", ".fingerprint.json", ".pbem-site/", "x5/.pbem-site.json"]


def marker(seat: str) -> str:
    """Hidden information planted for one seat only: it may reach that seat's private pages and nothing else."""
    return f"HIDDEN-FOR-{seat}-5e1d"


@pytest.fixture()
def root(games_root: Path, tmp_path: Path) -> Path:
    """A played-by-mail copy of the finished x5 game whose every step tells each seat a secret of its own."""
    folder = tmp_path / "games"
    shutil.copytree(games_root / "x5", folder / "x5", ignore=shutil.ignore_patterns("mail"))
    (folder / "pbem.yaml").write_text(f"from: pbem@games.example\nsite:\n  dir: {tmp_path / 'www'}\n  url: {URL}\n")
    seats = open_game(folder / "x5").meta.seat_names
    for events_file in sorted((folder / "x5").glob("steps/*/events.json")):
        events = json.loads(events_file.read_text())
        events += [{"text": marker(seat), "to": [seat], "data": {}} for seat in seats]
        events_file.write_text(json.dumps(events))
    return folder


def replace(root: Path, seat: str, address: str) -> None:
    outcome = CliRunner().invoke(cli, ["replace", str(root / "x5"), seat, "--address", address])
    assert outcome.exit_code == 0, outcome.output


def owner_of(relative: Path, folders: dict[str, str]) -> str | None:
    """The seat whose private folder holds this file of the site, or None for a public file."""
    return next((seat for seat, folder in folders.items() if folder in relative.parts), None)


# -- 1. nothing under OUT names a private path --------------------------------------------------------------------

def test_the_site_s_bookkeeping_is_kept_outside_the_published_folder(root: Path, tmp_path: Path) -> None:
    out = tmp_path / "www"
    build(root, out)
    again = build(root, out)
    assert (again.written, again.removed) == (0, 0)  # the bookkeeping still works from outside
    assert [p.relative_to(out) for p in out.rglob(".*")] == []
    folders = [seat_folder(open_game(root / "x5"), seat) for seat in ("anna", "ben", "cleo")]
    public = [p for p in out.rglob("*") if p.is_file() and not any(f in p.parts for f in folders)]
    assert public and not any(f in p.read_text() for p in public for f in folders)


def test_a_served_site_leads_no_reader_to_a_private_page_but_the_seat_s_own(root: Path, tmp_path: Path) -> None:
    out = tmp_path / "www"
    build(root, out)
    gd = open_game(root / "x5")
    retired = seat_folder(gd, "ben")
    replace(root, "ben", "dora@example.org")  # a retired capability the sweep must not find either
    build(root, out)
    gd = open_game(root / "x5")
    folders = {seat: seat_folder(gd, seat) for seat in gd.meta.seat_names}
    secrets = {seat: [folders[seat], marker(seat)] for seat in folders}
    assert retired not in folders.values()
    with serving(out) as base:
        reached = crawl(base, GUESSES)
        assert len(reached) > 20
        for public in ("x5/log.html", "x5/feed.xml"):  # the replay's public log and feed are crawled too
            assert base + public in reached, public
        for url, body in reached.items():
            assert not any(f in url for f in [*folders.values(), retired]), f"a stranger reaches {url}"
            for seat, needles in secrets.items():
                assert not any(n.encode() in body for n in [*needles, retired]), f"{url} names {seat}'s secrets"
        files = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file())
        assert files
        for relative in files:
            assert retired not in relative.parts, f"the replaced holder still reads {relative}"
            status, body = fetch(url_of(base, relative))
            assert status == 200, relative
            owner = owner_of(relative, folders)
            for seat, needles in secrets.items():
                if seat != owner:
                    assert not any(n.encode() in body for n in [*needles, retired]), f"{relative} names {seat}'s"
    own = (out / "x5" / folders["anna"] / "index.html").read_text() + "".join(
        p.read_text() for p in (out / "x5" / folders["anna"]).glob("0*.html"))
    assert marker("anna") in own  # the sweep would see a secret that strayed: the seat's own pages carry it
    for name in ("log.html", "feed.xml"):  # and so do the seat's own log and feed
        assert marker("anna") in (out / "x5" / folders["anna"] / name).read_text(), name


def test_an_old_release_s_manifest_is_read_once_to_clean_the_site_then_deleted(root: Path, tmp_path: Path) -> None:
    out = tmp_path / "www"
    build(root, out)
    stale = [out / "x5" / "steps" / "9999.html", out / "x5" / ".fingerprint.json"]
    for path in stale:
        path.write_text("left by an earlier release\n")
    made = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    (out / ".pbem-site.json").write_text(json.dumps([*made, ".pbem-site.json"]))
    mine = out / "notes.txt"  # a file the moderator put there: not pbem's, so it stays
    mine.write_text("mine\n")
    build(root, out)
    assert not any(p.exists() for p in stale) and not (out / ".pbem-site.json").exists()
    assert mine.is_file() and (out / "x5" / "index.html").is_file()


def test_two_sites_of_one_root_each_remove_only_their_own_leftovers(root: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "www", tmp_path / "mirror"
    build(root, first)
    build(root, second)
    gd = open_game(root / "x5")
    last = gd.steps()[-1]
    shutil.rmtree(gd.step_dir(last))
    gd.note_last_step(last - 1)  # as a rollback leaves it
    page = Path("x5") / "steps" / f"{last:04d}.html"
    assert build(root, first).removed == 1 + len(gd.meta.seat_names)
    assert not (first / page).exists() and (second / page).is_file()
    assert build(root, second).removed == 1 + len(gd.meta.seat_names)
    assert not (second / page).exists()


def test_a_deleted_site_is_built_again_whole(root: Path, tmp_path: Path) -> None:
    out = tmp_path / "www"
    build(root, out)
    count = sum(1 for p in out.rglob("*") if p.is_file())
    shutil.rmtree(out)
    again = build(root, out)
    assert (again.written, again.removed) == (count, 0)
    assert (out / "x5" / "index.html").is_file()


def test_a_site_folder_that_holds_the_games_is_refused(root: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["site", str(root), str(tmp_path)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
    assert str(tmp_path) in result.output and "inside" in result.output
    assert not (tmp_path / "index.html").exists()



def test_a_site_folder_inside_a_game_is_refused(root: Path) -> None:
    """A game's folder is its archive, copied and backed up whole: it must not carry every seat's private pages."""
    out = root / "x5" / "www"
    result = CliRunner().invoke(cli, ["site", str(root / "x5"), str(out)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1
    assert "inside the game folder" in result.output and not out.exists()

# -- 2. a capability belongs to a seat's holder -------------------------------------------------------------------

def test_a_seat_never_replaced_keeps_the_link_it_had_before_holders_counted(root: Path) -> None:
    gd = open_game(root / "x5")
    folders = {seat: seat_folder(gd, seat) for seat in gd.meta.seat_names}
    key = (root / "x5" / "site.key").read_text().strip().encode()
    for seat, folder in folders.items():
        assert folder == hmac.new(key, f"pbem-site/seat/{seat}".encode(), hashlib.sha256).hexdigest()[:32]
    gd.save_meta()
    assert "holder" not in (root / "x5" / "game.yaml").read_text()  # no game.yaml changes just by upgrading


def test_replace_issues_a_new_capability_and_the_next_build_removes_the_old_folder(root: Path, tmp_path: Path) -> None:
    out = tmp_path / "www"
    build(root, out)
    before = {seat: seat_folder(open_game(root / "x5"), seat) for seat in ("anna", "ben", "cleo")}
    replace(root, "ben", "dora@example.org")
    gd = open_game(root / "x5")
    assert seat_folder(gd, "ben") != before["ben"]
    assert seat_folder(gd, "anna") == before["anna"] and seat_folder(gd, "cleo") == before["cleo"]
    build(root, out)
    assert not (out / "x5" / before["ben"]).exists()
    assert (out / "x5" / seat_folder(gd, "ben") / "index.html").is_file()
    replace(root, "ben", "emil@example.org")  # each holder has a link of their own
    third = seat_folder(open_game(root / "x5"), "ben")
    assert third not in (before["ben"], seat_folder(gd, "ben"))


def test_replace_mails_the_new_link_to_the_new_holder_only(root: Path) -> None:
    gd = open_game(root / "x5")
    old = seat_links(gd, URL)
    replace(root, "ben", "dora@example.org")
    new = seat_links(open_game(root / "x5"), URL)["ben"]
    mails = {}
    for path in sorted(open_game(root / "x5").outbox_dir().glob("*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        text = "".join(str(part.get_content()) for part in msg.walk() if part.get_content_maintype() == "text")
        mails[path.name] = (str(msg["To"]), text)
    assert mails
    welcome = [text for to, text in mails.values() if to == "dora@example.org"]
    assert welcome and all(new in text for text in welcome)
    for name, (to, text) in mails.items():
        assert old["ben"] not in text, f"{name} to {to} carries the departing holder's link"
        if to != "dora@example.org":
            assert new not in text, f"{name} to {to} carries the new holder's link"


def test_a_holder_in_game_yaml_that_is_not_a_count_is_refused_at_its_line(root: Path) -> None:
    from pbem.store import StoreError

    path = root / "x5" / "game.yaml"
    text = path.read_text()
    path.write_text(text.replace("- name: ben\n", "- name: ben\n  holder: two\n", 1))
    assert "holder: two" in path.read_text()
    with pytest.raises(StoreError, match=r"game\.yaml:\d+: seat ben: holder: 'two'; write a whole number from 0"):
        open_game(root / "x5")
