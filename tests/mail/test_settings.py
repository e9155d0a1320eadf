"""pbem.yaml: documented keys, passwords only from the environment or a file outside game folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem.mail import settings
from pbem.mail.settings import SettingsError


def write(root: Path, text: str) -> None:
    (root / "pbem.yaml").write_text(text, encoding="utf-8")


def test_a_full_settings_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "from: pbem@x.example\nimap: {host: imap.x.example, user: pbem, password_env: PW}\n"
                    "smtp: {host: smtp.x.example, security: starttls}\nfolders: {processed: Done}\n")
    monkeypatch.setenv("PW", "s3cret")
    loaded = settings.load(tmp_path)
    assert loaded.imap is not None and loaded.imap.port == 993 and loaded.imap.password() == "s3cret"
    assert loaded.smtp is not None and loaded.smtp.port == 587
    assert loaded.folders.processed == "Done" and loaded.folders.rejected == "pbem/rejected"


def test_a_password_in_the_file_is_refused(tmp_path: Path) -> None:
    write(tmp_path, "from: pbem@x.example\nsmtp: {host: h, password: hunter2}\n")
    with pytest.raises(SettingsError, match="must not be written"):
        settings.load(tmp_path)


def test_a_password_file_inside_a_game_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "g1").mkdir()
    (tmp_path / "g1" / "game.yaml").write_text("game: x\n")
    write(tmp_path, "from: pbem@x.example\nsmtp: {host: h, password_file: g1/pw}\n")
    with pytest.raises(SettingsError, match="inside the game folder"):
        settings.load(tmp_path)


def test_a_missing_environment_variable_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOPE_PW", raising=False)
    write(tmp_path, "from: pbem@x.example\nsmtp: {host: h, password_env: NOPE_PW}\n")
    with pytest.raises(SettingsError, match="NOPE_PW"):
        settings.load(tmp_path).smtp.password()  # type: ignore[union-attr]


def test_password_file_outside(tmp_path: Path) -> None:
    secret = tmp_path / "secret"
    secret.write_text("pw\n")
    root = tmp_path / "games"
    root.mkdir()
    write(root, f"from: pbem@x.example\nsmtp: {{host: h, security: ssl, password_file: {secret}}}\n")
    assert settings.load(root).smtp.password() == "pw"  # type: ignore[union-attr]


@pytest.mark.parametrize("text", ["", "from: not-an-address\n", "from: a@b.example\nsmtp: {host: h, security: tls}\n",
                                  "from: a@b.example\nimap: [1]\n", "from: a@b.example\nsmtp: {host: h, port: x}\n"])
def test_bad_settings_say_what_is_wrong(tmp_path: Path, text: str) -> None:
    write(tmp_path, text)
    with pytest.raises(SettingsError):
        settings.load(tmp_path)


def test_settings_that_do_not_parse_are_one_line_naming_the_file_and_the_line(tmp_path: Path) -> None:
    write(tmp_path, "from: a@b.example\nimap: {host: h\n")
    with pytest.raises(SettingsError) as caught:
        settings.load(tmp_path)
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith(f"{tmp_path / 'pbem.yaml'}: cannot read: line 3, column 1: ")


@pytest.mark.parametrize(("text", "said"), [
    ("from: a@b.example\nfolder: {inbox: Orders}\n",
     "unknown key folder; the keys are from, from_name, moderator, max_message_bytes, max_attempts, imap, smtp, "
     "site, folders"),
    ("from: a@b.example\nfolders: {inbx: Orders}\n", "folders: unknown key inbx; the keys are inbox, processed, rejected"),
    ("from: a@b.example\npassword: hunter2\n", "a password must not be written in pbem.yaml"),
    ("from: a@b.example\nsmtp: {hots: h}\n", "smtp: unknown key hots"),
])
def test_a_key_pbem_does_not_know_is_refused_naming_the_file_and_the_keys(tmp_path: Path, text: str, said: str) -> None:
    """A typo would otherwise be ignored: orders read from INBOX when the moderator named another folder."""
    write(tmp_path, text)
    with pytest.raises(SettingsError) as caught:
        settings.load(tmp_path)
    assert str(caught.value).startswith(f"{tmp_path / 'pbem.yaml'}: {said}")


def test_a_password_file_among_the_games_is_refused(tmp_path: Path) -> None:
    (tmp_path / "imap-password").write_text("pw\n")
    write(tmp_path, "from: pbem@x.example\nimap: {host: h, password_file: imap-password}\n")
    with pytest.raises(SettingsError, match="inside the games' folder"):
        settings.load(tmp_path)
