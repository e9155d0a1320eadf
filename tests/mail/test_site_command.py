"""`pbem site` by hand publishes as `pbem tick` does: with pbem.yaml's site.url for the absolute links."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from pbem.cli import main

URL = "https://games.example/pbem"


def _published(tmp_path: Path, settings: str | None) -> tuple[str, str]:
    """The output of `pbem site` and every text file it wrote, for a games root with these pbem.yaml lines."""
    runner = CliRunner()
    games = tmp_path / "games"
    made = runner.invoke(main, ["new", str(games / "e"), "--game", "expedition-5x", "--seed", "1",
                                "--player", "anna", "--player", "ben", "--player", "cleo"])
    assert made.exit_code == 0, made.output
    if settings is not None:
        (games / "pbem.yaml").write_text(settings, encoding="utf-8")
    result = runner.invoke(main, ["site", str(games), str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    written = "".join(p.read_text(encoding="utf-8") for p in sorted((tmp_path / "out").rglob("*"))
                      if p.suffix in (".xml", ".html"))
    return result.output, written


def test_the_site_command_uses_the_games_site_url_for_links_and_the_seats_addresses(tmp_path: Path) -> None:
    output, written = _published(tmp_path, f"from: pbem@games.example\nsite:\n  url: {URL}\n")
    assert URL in written
    assert f"e anna: {URL}/" in output  # the seats' private addresses, as the mail gives them


def test_without_settings_the_site_command_still_publishes_with_relative_links(tmp_path: Path) -> None:
    output, written = _published(tmp_path, None)
    assert URL not in written and "e anna:" not in output
