"""The web archive with mail: pbem tick publishes it, and each seat's mail links its own private history."""

from __future__ import annotations

import email
import email.policy
import shutil
from pathlib import Path

import pytest

from pbem.mail import settings as mail_settings
from pbem.mail.report import render_and_queue
from pbem.mail.tick import tick
from pbem.site import seat_links
from pbem.store import open_game

URL = "https://games.example/pbem"


@pytest.fixture()
def root(games_root: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "games"
    shutil.copytree(games_root / "x5", folder / "x5")
    (folder / "pbem.yaml").write_text(f"from: pbem@games.example\nsite:\n  dir: {tmp_path / 'www'}\n  url: {URL}\n")
    return folder


def test_tick_publishes_the_site_named_in_the_settings(root: Path, tmp_path: Path) -> None:
    summary = tick(root, mail_settings.load(root), render=None, mail=False)
    assert not summary.errors, summary.errors
    assert (tmp_path / "www" / "index.html").is_file() and (tmp_path / "www" / "x5" / "index.html").is_file()


def test_each_seat_s_report_mail_links_its_own_history_and_no_other(root: Path) -> None:
    settings = mail_settings.load(root)
    gd = open_game(root / "x5")
    links = seat_links(gd, URL)
    render_and_queue(gd, gd.current_step(), settings.report_config())
    for path in sorted(gd.outbox_dir().glob("*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        seat = str(msg["X-PBEM-Seat"])
        text = "".join(str(part.get_content()) for part in msg.walk() if part.get_content_maintype() == "text")
        assert links[seat] in text
        assert not any(url in text for other, url in links.items() if other != seat)
    stored = [p.read_text() for p in gd.report_dir(gd.current_step()).glob("*.*") if p.suffix in (".html", ".json", ".txt")]
    assert stored and not any(URL in page for page in stored)  # archived reports never carry a capability


def test_a_site_address_that_is_not_one_is_refused(tmp_path: Path) -> None:
    (tmp_path / "pbem.yaml").write_text("from: pbem@games.example\nsite:\n  url: javascript:alert(1)\n")
    with pytest.raises(mail_settings.SettingsError, match="site.url"):
        mail_settings.load(tmp_path)
