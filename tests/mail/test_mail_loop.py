"""`make mail-loop` (python -m pbem.mail.trial): loopback Dovecot and SMTP, a game, order mails, two ticks, .eml out."""

from __future__ import annotations

import email
import email.policy
import email.utils
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pbem.mail import loopback, trial

pytestmark = pytest.mark.mail  # starts its own Dovecot and SMTP sink


@pytest.mark.slow  # two ticks and a step's reports rendered
def test_the_mail_loop_writes_every_mail_the_players_would_get(tmp_path: Path) -> None:
    if loopback.binary() is None:
        pytest.skip("dovecot is not installed (make sysdeps-test installs dovecot-imapd)")
    out = tmp_path / "loop"
    done = CliRunner().invoke(trial.main, [str(out), "--game", "highest-unique"])
    assert done.exit_code == 0, done.output
    files = sorted((out / "mails").glob("*.eml"))
    assert f"{len(files)} mails that players would get, in {out / 'mails'}/" in done.output
    kinds: dict[str, list[str]] = {}
    for path in files:
        msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
        kinds.setdefault(email.utils.parseaddr(str(msg["To"]))[1], []).append(str(msg["X-Pbem-Kind"] or ("report" if msg["X-PBEM-Step"] else "?")))
    # Every player: the welcome with the token, the answer to the order mail, the report of the step it resolved.
    assert kinds == {f"{seat}@players.example": ["welcome", "check", "report"] for seat in ("anna", "ben", "cleo")}
    checks = [p.read_text(errors="replace") for p in files if "-check" in p.name]
    assert all("orders accepted" in text for text in checks)
    assert "fetched 3 mails" in done.output and "resolved step 1" in done.output

    again = CliRunner().invoke(trial.main, [str(out), "--game", "highest-unique"])  # its own folder: emptied, run again
    assert again.exit_code == 0, again.output
    assert len(list((out / "mails").glob("*.eml"))) == len(files)


def test_the_mail_loop_never_empties_a_folder_it_did_not_make(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    with pytest.raises(click.ClickException, match="not empty and was not made by the mail loop"):
        trial.prepare(tmp_path)
    assert (tmp_path / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_an_unknown_game_is_named_with_the_installed_ones(tmp_path: Path) -> None:
    if loopback.binary() is None:
        pytest.skip("dovecot is not installed (make sysdeps-test installs dovecot-imapd)")
    done = CliRunner().invoke(trial.main, [str(tmp_path / "loop"), "--game", "chess"])
    assert done.exit_code == 1 and "unknown game 'chess'; the games are" in done.output
    assert "highest-unique" in done.output and "Traceback" not in done.output
