"""A rendered step on disk: every reader's files, hidden information kept apart, and byte-stable output."""

from __future__ import annotations

import html
import json
import re
from email import message_from_bytes, policy
from pathlib import Path

import pytest

from pbem.mail.report import render_and_queue
from pbem.reports import ReportConfig, render_step, report_stem
from pbem.reports.render import render_missing_pdfs
from pbem.store import GameDir

from .conftest import EVIL, SCRIPT, play

READERS = ["anna", "bob", SCRIPT, EVIL, "wakhan", "dora", None]
SECRET = re.compile(r"SECRET-(.+?)-draws-\d+")


def _readable(path: Path) -> str:
    """Every text a person could read in a report file, decoded (for a mail: its text parts)."""
    if path.suffix == ".eml":
        msg = message_from_bytes(path.read_bytes(), policy=policy.default)
        parts = [part for part in msg.walk() if part.get_content_maintype() == "text"]
        return "\n".join(
            html.unescape(p.get_content()) if p.get_content_subtype() == "html" else p.get_content() for p in parts
        )
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.dumps(json.loads(text), ensure_ascii=False)  # still escapes CR/LF, so:
    return html.unescape(text) if path.suffix == ".html" else text


def _secret_owners(text: str) -> set[str]:
    return {m.replace("\\r\\n", "\r\n") for m in SECRET.findall(text)}


def _reader_of(path: Path) -> str | None:
    """Whose file this is, from its name: <stem>.<ext>, <stem>.order.yaml or NNNN-<stem>.eml."""
    stem = path.name[5:-4] if path.suffix == ".eml" else path.name.split(".")[0]
    return next(seat for seat in READERS if report_stem(seat) == stem)


def test_every_reader_gets_html_json_and_text_and_a_pdf_only_when_mailed(rendered: GameDir) -> None:
    mailed = {s.name for s in rendered.meta.seats if s.address}
    for step in rendered.steps():
        folder = rendered.report_dir(step)
        for seat in READERS:
            for ext in ("html", "json", "txt"):
                assert (folder / f"{report_stem(seat)}.{ext}").is_file(), (step, seat, ext)
            # PDFs are rendered for the mail that attaches one: a mail asking for orders or with the result,
            # never for a mail that asks nothing, nor for readers nobody mails (dora, the public).
            model = json.loads((folder / f"{report_stem(seat)}.json").read_text(encoding="utf-8"))
            asks = model["owes_order"] or model["result"] is not None
            assert (folder / f"{report_stem(seat)}.pdf").is_file() == (seat in mailed and asks), (step, seat)


@pytest.mark.slow  # a PDF for every reader of every step
def test_pdfs_render_on_demand(tmp_path: Path, config: ReportConfig) -> None:
    gd = play(tmp_path / "demand")
    render_step(gd, 1, config)
    assert not list(gd.report_dir(1).glob("*.pdf"))
    written = render_step(gd, 1, config, pdf=True)  # what `pbem report --format pdf` does
    assert {p.name for p in written if p.suffix == ".pdf"} == {f"{report_stem(s)}.pdf" for s in READERS}
    assert (gd.report_dir(1) / "public.pdf").read_bytes().startswith(b"%PDF-")
    made = render_missing_pdfs(gd, config)  # what an archive of the game needs: every PDF, rendered once
    assert {p.parent.parent.name for p in made} == {f"{s:04d}" for s in gd.steps() if s != 1}
    assert len(made) == (len(gd.steps()) - 1) * len(READERS) and render_missing_pdfs(gd, config) == []


def test_order_templates_only_for_prompted_seats(rendered: GameDir) -> None:
    folder = rendered.report_dir(1)
    for seat in READERS:
        model = json.loads((folder / f"{report_stem(seat)}.json").read_text())
        order = folder / f"{report_stem(seat)}.order.yaml"
        assert order.is_file() == (model["order_template"] is not None), seat
        if order.is_file():
            assert order.read_text() == model["order_template"]
    assert not (folder / f"{report_stem(SCRIPT)}.order.yaml").exists()  # sits out in round 2
    assert not list(rendered.report_dir(rendered.current_step()).glob("*.order.yaml"))  # game over


def test_hidden_draws_appear_only_in_their_own_seats_files(rendered: GameDir) -> None:
    files = [p for step in rendered.steps() for p in rendered.report_dir(step).iterdir() if p.suffix != ".pdf"]
    files += list(rendered.outbox_dir().iterdir())
    owners = {path: _secret_owners(_readable(path)) for path in files if not path.name.startswith(".")}
    for path, found in owners.items():
        reader = _reader_of(path)
        assert found <= ({reader} if reader is not None else set()), (path.name, found)
    # The draws really are in their seats' files, so the check above has teeth.
    names = {path.name: found for path, found in owners.items()}
    assert names["0001-anna.eml"] == {"anna"}
    assert {"anna"} == _secret_owners(_readable(rendered.report_dir(2) / "anna.json"))
    assert {EVIL} == _secret_owners(_readable(rendered.report_dir(2) / f"{report_stem(EVIL)}.json"))
    assert {SCRIPT} == _secret_owners(_readable(rendered.report_dir(2) / f"{report_stem(SCRIPT)}.html"))
    assert _secret_owners(_readable(rendered.report_dir(2) / "public.txt")) == set()


def test_rendering_again_rewrites_identical_bytes(rendered: GameDir, config: ReportConfig) -> None:
    def snapshot() -> dict[Path, bytes]:
        paths = [*rendered.report_dir(2).iterdir(), *rendered.outbox_dir().iterdir()]
        return {p: p.read_bytes() for p in paths if p.is_file()}

    before = snapshot()
    written = render_and_queue(rendered, 2, config)
    assert snapshot() == before
    assert {p for p in written} <= set(before)


@pytest.mark.slow  # two games played and rendered, PDFs included
def test_the_same_game_elsewhere_renders_the_same_bytes(tmp_path: Path, config: ReportConfig) -> None:
    # Nothing in a report may depend on where the game lives or when it was rendered.
    a = play(tmp_path / "a" / "tiny&game", {"deadline": "soon"})
    b = play(tmp_path / "b" / "tiny&game", {"deadline": "soon"})
    paths_a = render_and_queue(a, 1, config)
    paths_b = render_and_queue(b, 1, config)
    assert [p.relative_to(a.root) for p in paths_a] == [p.relative_to(b.root) for p in paths_b]
    for pa, pb in zip(paths_a, paths_b, strict=True):
        assert pa.read_bytes() == pb.read_bytes(), pa.name


def test_seats_without_an_address_get_reports_but_no_mail(rendered: GameDir) -> None:
    outbox = sorted(p.name for p in rendered.outbox_dir().iterdir())
    assert not any("dora" in name for name in outbox)
    assert (rendered.report_dir(0) / "dora.html").is_file() and not (rendered.report_dir(0) / "dora.pdf").exists()
    seats = ("anna", "bob", SCRIPT, EVIL, "wakhan")  # a robot seat with an address is mailed too
    expected = {f"{step:04d}-{report_stem(s)}.eml" for step in rendered.steps() for s in seats}
    assert set(outbox) == expected


def test_mail_can_be_left_out(tmp_path: Path, config: ReportConfig) -> None:
    gd = play(tmp_path / "quiet")
    written = render_step(gd, 0, config)
    assert written and not any(p.suffix == ".eml" for p in written)
    assert not gd.outbox_dir().exists() or not any(gd.outbox_dir().iterdir())


def test_some_readers_only(tmp_path: Path, config: ReportConfig) -> None:
    gd = play(tmp_path / "few")
    written = render_and_queue(gd, 1, config, readers=["bob", None])
    assert sorted(p.name for p in written) == sorted(
        ["bob.json", "bob.html", "bob.txt", "bob.pdf", "bob.order.yaml", "0001-bob.eml",
         "public.json", "public.html", "public.txt"]
    )
