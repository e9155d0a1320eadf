"""The report page: first what to do now (whose turn, what is asked, by when), then what happened, then the
board; printed on the game's paper, no card or table row split by a page break, no half-empty first page."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from conformance.cases import Case, cases
from weasyprint.formatting_structure import boxes

from pbem import game_yaml, store
from pbem.mail import deadlines
from pbem.reports import ReportConfig, render_html, render_text, report_model
from pbem.reports.pdf import html_document

SEATS = [game_yaml.Seat("anna", "anna@example.org", timezone="Asia/Tokyo"), game_yaml.Seat("ben", "ben@example.org"),
         game_yaml.Seat("cleo", "cleo@example.org", timezone="America/New_York")]
CONFIG = ReportConfig()
BERLIN = {"deadline": "daily 18:00", "deadline.timezone": "Europe/Berlin"}


def new_game(tmp_path: Path, game: str = "pax-pamir", options: dict[str, Any] | None = None,
             seats: list[game_yaml.Seat] | None = None) -> store.GameDir:
    gd, _ = store.create(tmp_path / "g", game, "page", seats or SEATS, options or {})
    return gd


def test_first_comes_what_to_do_now_then_what_happened_then_the_board(tmp_path: Path) -> None:
    gd = new_game(tmp_path, options=BERLIN)
    model = report_model(gd, 0, gd.meta.seat_names[-1])  # Pax Pamir: the last seat chooses loyalty first
    html = render_html([model], CONFIG)
    now, events, board = (html.index(f'<section class="{name}') for name in ("now", "events", "view"))
    assert now < events < board
    part = html[now:events]
    assert "Waiting for: <strong>cleo</strong>" in part
    assert "You are asked:" in part and model["prompt"]["text"] in part
    assert f"Send your order for step 1 by {model['deadline_at']}" in part


def test_a_seat_not_asked_reads_so_and_whose_turn_it_is(tmp_path: Path) -> None:
    gd = new_game(tmp_path)
    html = render_html([report_model(gd, 0, "anna")], CONFIG)
    part = html[html.index('<section class="now'):html.index('<section class="events')]
    assert "Nothing is asked of you now." in part and "<strong>cleo</strong>" in part


def test_deadline_is_a_date_and_time_in_the_seats_own_zone(tmp_path: Path) -> None:
    """The stored deadline (mail/deadline.json) of the open step, shown in each seat's time zone."""
    gd = new_game(tmp_path, options=BERLIN)
    due = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)  # 18:00 in Berlin
    deadlines.save_track(gd.root, deadlines.Track(step=0, opened=due - timedelta(hours=5), deadline=due))
    assert report_model(gd, 0, "anna")["deadline_at"] == "Wednesday 2 December 2026, 02:00 JST (Asia/Tokyo)"
    assert report_model(gd, 0, "cleo")["deadline_at"] == "Tuesday 1 December 2026, 12:00 EST (America/New_York)"
    assert report_model(gd, 0, "ben")["deadline_at"] == "Tuesday 1 December 2026, 18:00 CET (Europe/Berlin)"
    assert report_model(gd, 0, None)["deadline_at"] == "Tuesday 1 December 2026, 18:00 CET (Europe/Berlin)"
    html = render_html([report_model(gd, 0, "cleo")], CONFIG)
    assert "Send your order for step 1 by Tuesday 1 December 2026, 12:00 EST (America/New_York)" in html


def test_deadline_before_the_mail_loop_set_it_follows_the_rule(tmp_path: Path) -> None:
    gd = new_game(tmp_path, options=BERLIN)
    shown = report_model(gd, 0, "ben")["deadline_at"]
    # Berlin's abbreviation depends on the season of the day the suite runs: CET in winter, CEST in summer.
    assert shown is not None and re.fullmatch(r"\w+day \d{1,2} \w+ \d{4}, 18:00 CES?T \(Europe/Berlin\)", shown), shown
    assert not deadlines.track_path(gd.root).exists()  # rendering a report sets no deadline


def test_no_deadline_means_none_shown(tmp_path: Path) -> None:
    gd = new_game(tmp_path)
    assert report_model(gd, 0, "anna")["deadline_at"] is None


def _page_size(gd: store.GameDir) -> tuple[float, float]:
    document = html_document(render_html([report_model(gd, 0, "anna")], CONFIG), CONFIG).render()
    page = document.pages[0]
    return round(page.width * 0.75), round(page.height * 0.75)  # CSS px to points


def test_paper_is_a4_unless_the_game_chose_letter(tmp_path: Path) -> None:
    assert _page_size(new_game(tmp_path / "a")) == (595, 842)
    assert _page_size(new_game(tmp_path / "b", options={"paper": "letter"})) == (612, 792)


def test_an_unknown_paper_is_refused_when_the_game_is_made(tmp_path: Path) -> None:
    with pytest.raises(store.StoreError, match="paper=a3: the paper is one of a4, letter"):
        new_game(tmp_path, options={"paper": "a3"})


def _rendered(gd: store.GameDir, seat: str) -> Any:
    return html_document(render_html([report_model(gd, 0, seat)], CONFIG), CONFIG).render()


def _boxes(page: Any, skip: str = "") -> list[Any]:
    """Every layout box of a page (not those inside a `skip` element, such as a header row repeated per page)."""
    found = []
    todo = [page._page_box]
    while todo:
        box = todo.pop()
        found.append(box)
        todo.extend(c for c in getattr(box, "children", []) if getattr(c, "element_tag", None) != skip or not skip)
    return found


def _unsplittable(box: Any) -> bool:
    """A table row, or anything a stylesheet (the shared one or a game's own) asks never to split.

    A row laid out as lines of cards (the Pax market on paper) is no table row: a page may break between its lines.
    """
    if box.element is None or box.element_tag in (None, "html", "body"):
        return False
    return bool(isinstance(box, boxes.TableRowBox) or box.style["break_inside"] in ("avoid", "avoid-page"))


def longest() -> list[Any]:
    """The most seats of each game: its longest setup report, the one a page break is most likely to cut."""
    most: dict[str, Case] = {}
    for case in cases():
        if not case.options and case.setup.players >= most.get(case.game_id, case).setup.players:
            most[case.game_id] = case
    return [pytest.param(case, id=case.name) for case in most.values()]


def _report(tmp_path: Path, case: Case, paper: str) -> Any:
    """The first seat's setup report of a new game of `case`, laid out in pages."""
    seats = [game_yaml.Seat(name, f"{name}@example.org") for name in case.seats]
    document = _rendered(new_game(tmp_path, case.game_id, {"paper": paper}, seats), seats[0].name)
    if len(document.pages) < 2:
        pytest.skip(f"{case.name}: the setup report fits one page")
    return document


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("case", longest())
def test_page_breaks_never_split_a_card_or_a_table_row(tmp_path: Path, case: Case, paper: str) -> None:
    document = _report(tmp_path, case, paper)
    pages_of: dict[int, set[int]] = {}
    for number, page in enumerate(document.pages):
        for box in _boxes(page, skip="thead"):  # a table's head row is repeated on each page, by design
            if _unsplittable(box):
                pages_of.setdefault(id(box.element), set()).add(number)
    assert pages_of and all(len(pages) == 1 for pages in pages_of.values())


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("case", longest())
def test_setup_report_first_page_is_not_half_empty(tmp_path: Path, case: Case, paper: str) -> None:
    document = _report(tmp_path, case, paper)
    page = document.pages[0]
    content = page._page_box.children[0]  # the page area
    bottom = max(box.position_y + box.margin_height() for box in _boxes(page)
                 if box is not page._page_box and getattr(box, "element_tag", None) not in (None, "html", "body"))
    top, height = content.position_y, content.height
    assert (bottom - top) / height > 0.8


def test_text_report_also_starts_with_what_to_do_now(tmp_path: Path) -> None:
    gd = new_game(tmp_path, options=BERLIN)
    due = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
    deadlines.save_track(gd.root, deadlines.Track(step=0, opened=due - timedelta(hours=5), deadline=due))
    text = render_text([report_model(gd, 0, "cleo")], CONFIG)
    assert text.index("NOW") < text.index("WHAT HAPPENED") < text.index("THE GAME")
    assert "Deadline: Tuesday 1 December 2026, 12:00 EST (America/New_York)" in text
    assert "Send your order for step 1 by Tuesday 1 December 2026, 12:00 EST (America/New_York)." in text
