"""Light mail, held games and the preview's questions, through the real IMAP and SMTP servers.

A mail that asks the seat nothing carries no picture and no PDF unless the seat's `attach:` names them; the map
a mail does carry stays within MAIL_PICTURE_BYTES. A held game shows no deadline in `status`, and its resume
notice names a deadline only to the seats that owe orders. `pbem preview` names the questions a step would put.
"""

from __future__ import annotations

import io
import json
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

import pytest
from click.testing import CliRunner
from fourth_game.variants import TURN_GAME
from PIL import Image

from engine import registry
from pbem import batch, control, game_yaml, preview, store
from pbem.cli import main
from pbem.mail import notices
from pbem.mail.tick import default_renderer, tick
from pbem.reports.pictures import MAIL_PICTURE_BYTES, mailed_size

from .conftest import Mailbox, Received, Site, SmtpSink
from .mails import order_mail, order_text

NOON = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)
PEOPLE = ("anna", "ben", "cleo")

pytestmark = pytest.mark.mail  # needs the local IMAP and SMTP servers


@pytest.fixture(autouse=True)
def turn_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the turn-by-turn variant of the fourth game beside the installed games."""
    installed = dict(registry.games())
    monkeypatch.setattr(registry, "games", lambda: {**installed, TURN_GAME.id: TURN_GAME})


def sink(site: Site) -> SmtpSink:
    assert site.smtp is not None
    return site.smtp


def inbox(site: Site) -> Mailbox:
    assert site.mailbox is not None
    return site.mailbox


def parts(msg: EmailMessage, content_type: str) -> list[EmailMessage]:
    return [part for part in msg.walk() if part.get_content_type() == content_type]


def html(msg: EmailMessage) -> str:
    body = msg.get_body(("html",))
    assert body is not None
    return str(body.get_content())


def reports(site: Site, seat: str, game: str) -> list[Received]:
    """The report mails of one game a seat received, in the order they arrived."""
    return [m for m in sink(site).to(f"{seat}@example.org")
            if m.message["X-PBEM-Step"] is not None and m.message["X-PBEM-Game"] == game]


def pax_game(site: Site, name: str, *, robots: bool, seed: str = "1",
             **choice: tuple[str, bool, list[str] | None]) -> store.GameDir:
    """A 3-player Pax Pamir game under the site's root; `choice` gives seats' (mail, pdf, attach)."""
    seats = []
    for who in PEOPLE:
        mail, pdf, attach = choice.get(who, ("every", False, None))
        seats.append(game_yaml.Seat(who, f"{who}@example.org", robot=robots, mail=mail, pdf=pdf, attach=attach))
    gd, _ = store.create(site.root / name, "pax-pamir", seed, seats)
    return gd


def owes(gd: store.GameDir, step: int) -> set[str]:
    """The seats the stored state after `step` asks for orders."""
    return {p.seat for p in gd.game.prompts(gd.state(step))}


def _check_picture(part: EmailMessage) -> None:
    """A mailed picture fits the cap as it travels and is still a picture of some size."""
    assert len(part.as_bytes()) <= MAIL_PICTURE_BYTES + 400, "the part's headers are all it adds"
    data = part.get_payload(decode=True)
    assert isinstance(data, bytes) and mailed_size(data) <= MAIL_PICTURE_BYTES
    with Image.open(io.BytesIO(data)) as image:
        assert image.width >= 600 and len(image.convert("RGB").getcolors(maxcolors=1 << 16) or []) > 50


@pytest.mark.slow  # a whole Pax Pamir robot game by mail
def test_every_mail_of_a_pax_pamir_game_is_light_unless_it_asks_or_the_seat_asked(site: Site) -> None:
    # Seed 5: a whole game of 27 steps (seed 1 plays 127), with mails that ask and mails that do not for each seat.
    gd = pax_game(site, "pp", robots=True, seed="5", ben=("every", False, ["map"]), cleo=("due", False, None))
    result = tick(site.root, site.settings, now=NOON, render=default_renderer(site.settings))
    assert not result.errors, result.errors
    gd = store.open_game(gd.root)
    last = gd.current_step()
    assert gd.game.result(gd.state()) is not None and last > 20
    size = {}
    for seat in PEOPLE:
        mails = reports(site, seat, "pp")
        size[seat] = sum(len(m.data) for m in mails)
        for mail in mails:
            msg, step = mail.message, int(mail.message["X-PBEM-Step"])
            asks = seat in owes(gd, step) or step == last
            pictures = parts(msg, "image/png")
            assert not parts(msg, "application/pdf"), "nobody chose the PDF"
            if asks or seat == "ben":  # ben asked for the map in every mail
                # The board; the final report adds its score history, drawn too.
                assert len(pictures) == (2 if step == last else 1), (seat, step)
                for picture in pictures:
                    _check_picture(picture)
                assert 'src="cid:' in html(msg) and "not drawn in this mail" not in html(msg)
            else:
                assert not pictures, (seat, step)
                assert "cid:" not in html(msg) and "Map of the six regions" in html(msg)
                assert "not drawn in this mail, which asks nothing of you" in html(msg)
                assert len(mail.data) < 60_000, (seat, step, len(mail.data))
        assert len({int(m.message["X-PBEM-Step"]) for m in mails}) == len(mails), "one mail a step"
    assert len(reports(site, "anna", "pp")) == last + 1  # every step
    # anna (every) gets less than ben (every, with the map in every mail): each of her light mails is under 60 KB.
    assert size["anna"] < size["ben"]


@pytest.mark.slow  # renders a PDF
def test_a_player_asks_for_the_map_and_pdf_in_every_mail_by_mail(site: Site) -> None:
    gd = pax_game(site, "pp", robots=False)
    tokens = notices.issue_tokens(gd, PEOPLE)
    [due] = owes(gd, 0)
    idle = [seat for seat in PEOPLE if seat != due]
    asking, quiet = idle
    inbox(site).deliver(order_mail(f"game: pp\nseat: {asking}\ntoken: {tokens[asking]}\nattach: [map, PDF]\n",
                                    sender=f"{asking}@example.org"))
    inbox(site).deliver(order_mail(f"game: pp\nseat: {quiet}\ntoken: {tokens[quiet]}\nattach: [pictures]\n",
                                    sender=f"{quiet}@example.org"))
    result = tick(site.root, site.settings, now=NOON, render=default_renderer(site.settings))
    assert not result.errors, result.errors
    [changed] = [m for m in sink(site).to(f"{asking}@example.org") if "policy changed" in str(m.message["Subject"])]
    assert "mail that asks nothing of you carries the PDF and the map too" in changed.text()
    [refused] = [m for m in sink(site).to(f"{quiet}@example.org") if "not changed" in str(m.message["Subject"])]
    assert "'pictures' is not something a mail can carry" in refused.text() and "pdf and map" in refused.text()
    stored = store.open_game(gd.root).meta
    assert stored.seat(asking).attach == ["pdf", "map"] and stored.seat(quiet).attach is None
    assert (gd.root / "game.yaml").read_text().count("attach:") == 1, "only the seat that chose has the key"
    [mine] = reports(site, asking, "pp")
    [theirs] = reports(site, quiet, "pp")
    [owed] = reports(site, due, "pp")
    assert len(parts(mine.message, "image/png")) == 1 and len(parts(mine.message, "application/pdf")) == 1
    assert "it is also attached as a PDF" in mine.text()
    assert not parts(theirs.message, "image/png") and not parts(theirs.message, "application/pdf")
    assert "it is also attached as a PDF" not in theirs.text() and len(theirs.data) < 60_000
    # The seat asked for its loyalty gets the map; pdf: no keeps the PDF out.
    assert len(parts(owed.message, "image/png")) == 1 and not parts(owed.message, "application/pdf")


@pytest.mark.slow  # renders a PDF
def test_a_welcome_that_asks_nothing_comes_without_pdf_and_map(site: Site) -> None:
    gd = pax_game(site, "pp", robots=False, anna=("every", True, None), ben=("every", True, None),
                  cleo=("every", True, None))
    [due] = owes(gd, 0)
    notices.queue_welcome(gd, site.settings, notices.issue_tokens(gd, PEOPLE), now=NOON)
    tick(site.root, site.settings, now=NOON, render=default_renderer(site.settings))
    for seat in PEOPLE:
        [welcome] = [m for m in sink(site).to(f"{seat}@example.org") if m.message["X-Pbem-Kind"] == "welcome"]
        carried = (len(parts(welcome.message, "image/png")), len(parts(welcome.message, "application/pdf")))
        assert carried == ((1, 1) if seat == due else (0, 0)), seat
        assert ("attached as a PDF" in welcome.text()) == (seat == due)
        assert "Mail that asks nothing of you comes without the map and the PDF." in welcome.text()


def _turn_game(site: Site) -> tuple[store.GameDir, dict[str, str]]:
    """A turn game (anna moves first) with a daily deadline, its welcome and step 0 mailed."""
    seats = [game_yaml.Seat(who, f"{who}@example.org", mail="every", pdf=False) for who in PEOPLE]
    gd, _ = store.create(site.root / "t1", TURN_GAME.id, "seed-7", seats)
    gd.meta.options["deadline"] = {"rule": "daily 18:00", "timezone": "Europe/Berlin"}
    gd.save_meta()
    tokens = notices.issue_tokens(gd, PEOPLE)
    notices.queue_welcome(gd, site.settings, tokens, now=NOON)
    assert not tick(site.root, site.settings, now=NOON, render=default_renderer(site.settings)).errors
    return gd, tokens


def status_of(gd: store.GameDir) -> tuple[str, dict[str, object]]:
    runner = CliRunner()
    text = runner.invoke(main, ["status", str(gd.root)])
    data = runner.invoke(main, ["status", str(gd.root), "--json"])
    assert text.exit_code == 0 and data.exit_code == 0, text.output + data.output
    return text.output, json.loads(data.output)


def test_a_held_game_shows_no_deadline_and_no_run_in_status(site: Site) -> None:
    gd, tokens = _turn_game(site)
    before, _ = status_of(gd)
    assert "deadline: Tue 2026-12-01 17:00 UTC" in before and "waiting for: anna" in before
    with gd.lock():
        control.hold(gd, "a rules question", NOON + timedelta(hours=1))
    held, data = status_of(gd)
    assert "held by the moderator: a rules question" in held and "waiting for: anna" in held
    assert "deadline" not in held and data["deadline"] is None and data["deadlines"] == {}
    # Her orders arrive while held: they are kept, and nothing is waiting, yet the step cannot be run.
    inbox(site).deliver(order_mail(order_text("t1", "anna", 1, tokens["anna"], "add: 2\n")))
    assert not tick(site.root, site.settings, now=NOON + timedelta(hours=2)).errors
    held, data = status_of(gd)
    assert "orders received from: anna" in held and "run pbem run" not in held and "deadline" not in held
    assert "waiting for: nobody; the step is resolved once resumed" in held and data["deadline"] is None
    [line] = [row for row in CliRunner().invoke(main, ["status", str(site.root)]).output.splitlines()
              if row.startswith("t1 ")]
    assert "HELD (a rules question); missing: nobody" in line and "deadline" not in line


def test_resume_tells_only_the_seat_that_owes_orders_about_a_deadline(site: Site) -> None:
    gd, _ = _turn_game(site)
    with gd.lock():
        control.hold(gd, "a rules question", NOON + timedelta(hours=1))
        control.resume(gd, NOON + timedelta(hours=3))
    assert not tick(site.root, site.settings, now=NOON + timedelta(hours=3)).errors
    told = {seat: [m for m in sink(site).to(f"{seat}@example.org") if m.message["X-Pbem-Kind"] == "resume"]
            for seat in PEOPLE}
    assert all(len(mails) == 1 for mails in told.values())
    [note] = [m for m in sink(site).to("ben@example.org") if m.message["X-Pbem-Kind"] == "hold"]
    assert "when the game resumes, with the deadline if orders are due from you" in " ".join(note.text().split())
    # Two hours held: the deadline moves from Tuesday 18:00 to 20:00 Berlin time.
    assert "Deadline for your orders: Tuesday 1 December 2026, 20:00 CET" in told["anna"][0].text()
    for seat in ("ben", "cleo"):
        text = told[seat][0].text()
        assert "Deadline" not in text and "No orders are due from you now." in text
        assert "The moderator has resumed game t1" in text


@pytest.mark.slow  # 5 steps of a robot game first
def test_preview_names_the_bribe_a_turn_would_ask_and_of_whom(site: Site) -> None:
    # Seed 1: the robots' 6th step is anna buying Money Lenders and playing it, for which ben may ask a bribe.
    gd = pax_game(site, "pp", robots=True)
    with gd.lock():
        batch.mark_rendered(gd, 0)
        for _ in range(5):
            step = batch.resolve_ready(gd, force=True)
            assert step is not None
            batch.mark_rendered(gd, step)  # these steps' mail is not what this test is about
        robot = preview.describe(preview.preview(gd), gd.name)
        assert "then asks:\n  ben (bribe, a robot answers): anna wants to play Money Lenders" in robot
        gd.meta.seat("ben").robot = False  # ben answers by mail
        gd.save_meta()
        found = preview.preview(gd)
    said = preview.describe(found, gd.name)
    assert found.questions and [q[:2] for q in found.questions] == [("ben", "bribe")]
    assert "events:\n  [everyone] anna purchases Money Lenders for 4 rupees.\nthen asks:" in said  # what comes first
    assert "then asks:\n  ben (bribe): anna wants to play Money Lenders; ben may ask a bribe of up to 2" in said
    out = CliRunner().invoke(main, ["preview", str(gd.root)])
    assert out.exit_code == 0 and "then asks:\n  ben (bribe): anna wants to play Money Lenders" in out.output
    # The real step asks the same of the same seat, by mail.
    assert not tick(site.root, site.settings, now=NOON, render=default_renderer(site.settings)).errors
    assert store.open_game(gd.root).current_step() == 6
    [ben] = reports(site, "ben", "pp")
    assert "anna wants to play Money Lenders" in ben.text() and len(parts(ben.message, "image/png")) == 1
    for seat in ("anna", "cleo"):
        [light] = reports(site, seat, "pp")
        assert not parts(light.message, "image/png")
