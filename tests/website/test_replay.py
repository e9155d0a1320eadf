"""The web archive as a replay (issue "The web archive as a replay"): steps labelled by what happened in them,
the whole game's log and each seat's, what changed since the step before, the score history, the open deadline
and Atom feeds. (The browser follows these pages in test_browser.py; who may read which is test_capabilities.py.)
"""

from __future__ import annotations

import json
import re
import shutil
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from html import unescape
from pathlib import Path

import pytest
from leaks.hidden import robot_game

from engine.contract import Event
from engine.draw import layout
from engine.words import upper_first
from pbem import deadlines
from pbem.reports import ReportConfig
from pbem.reports.chart import score_chart, score_points, seat_colours, seat_letters
from pbem.site import build, seat_folder
from pbem.site.replay import mark_cells, mark_changes, step_label
from pbem.store import open_game

from .links import links, target

ATOM = "{http://www.w3.org/2005/Atom}"
URL = "https://games.example/pbem"


@pytest.fixture(scope="module")
def pamir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Forty steps of a three-seat Pax Pamir game by robots, and its site (one seat's turn a step)."""
    root = tmp_path_factory.mktemp("replay-games")
    robot_game(root, "pp", "pax-pamir", ["anna", "ben", "cleo"], steps=40)
    build(root, root.parent / "www")
    return root


def _labels(index: Path) -> dict[int, str]:
    """The step table of a game's page: each step's "What happened"."""
    rows = re.findall(r'<tr><td class="num"><a href="[^"]*">(\d+)</a></td><td>(.*?)</td>', index.read_text())
    return {int(step): unescape(text) for step, text in rows}


# -- steps labelled by what happened in them --------------------------------------------------------------------

def test_a_turn_is_labelled_by_the_seat_that_played_it_and_what_it_did(pamir: Path) -> None:
    gd = open_game(pamir / "pp")
    labels = _labels(pamir.parent / "www" / "pp" / "index.html")
    assert sorted(labels) == gd.steps()
    told = 0
    for step in gd.steps()[1:]:
        movers = {p.seat for p in gd.game.prompts(gd.state(step - 1))}
        public = [e.text for e in gd.events(step) if e.to is None]
        if len(movers) != 1:
            continue
        mover = movers.pop()
        own = [text for text in public if text.startswith(f"{mover} ")]
        if own:
            told += 1
            if any(re.match(r"(final )?Dominance Check( \d+)?: ", text, re.I) for text in public):
                # A Dominance Check sums up the step it happened in, in the turn of the seat that caused it.
                assert re.match(rf"(Final )?Dominance Check( \d+)? in {upper_first(mover)}'s turn: ", labels[step])
                continue
            assert labels[step].startswith(upper_first(mover) + " "), (step, labels[step])
            first = re.sub(r"\s*\([^()]*\)", "", own[0][len(mover) + 1:]).rstrip(".")
            assert first.split()[0] in labels[step], (step, labels[step], own[0])
            # Not who plays next: the game's own label names the next seat's turn.
            assert labels[step] != gd.game.label(gd.state(step))
        elif not public:
            assert labels[step] == f"{upper_first(mover)} gives orders; nothing public happens"
    assert told > 10
    assert len(set(labels.values())) > len(labels) * 2 // 3  # no run of steps that all read the same


def test_the_label_counts_what_it_does_not_name_and_stays_short() -> None:
    events = [Event("ben purchases Mohan Lal for 2 rupees."), Event("ben plays Mohan Lal (Kabul) to the left."),
              Event("ben places a spy on Mohan Lal."), Event("ben taxes 1 rupee."),
              Event("ben sees his hand.", ("ben",))]
    assert step_label(4, events, ["ben"]) == "Ben purchases Mohan Lal, plays it to the left and 2 more actions"
    assert step_label(4, events[:1], ["ben"]) == "Ben purchases Mohan Lal"
    assert step_label(4, events[:3], ["ben"]) == "Ben purchases Mohan Lal, plays it to the left and 1 more action"
    assert step_label(0, events, []) == "The game is set up"
    # A step whose public events have another subject (a bribe answered, a round resolved) reads its first event.
    assert step_label(9, [Event("Round 2: the cards are revealed: anna Drill.")], ["anna", "ben"]) == (
        "Round 2: the cards are revealed: anna Drill")
    assert step_label(9, [Event("only you", ("anna",))], ["anna", "ben"]) == "Anna and Ben give orders; nothing public happens"
    long = step_label(9, [Event("word " * 60)], [])
    assert len(long) <= 96 and long.endswith("…") and " wor…" not in long


def test_labels_read_as_short_sentences_of_what_happened() -> None:
    """Known steps of the demo games: the details stay in the log, a card named again is "it", a Dominance Check
    sums up its step, another seat's possessive is not the seat acting, and a label says one sentence."""
    bought = [Event("ben purchases Mohan Lal for 2 rupees and takes the 1 rupee on it."),
              Event("ben plays Mohan Lal (Kabul) to the right of their court.")]
    assert step_label(4, bought, ["ben"]) == "Ben purchases Mohan Lal and plays it"
    expanse = [Event("ben buys Commander of the Earth Picket from row 1 column 1 for 0 and takes the 1 influence on it"),
               Event("ben plays Commander of the Earth Picket (Earth) at the right of their Network")]
    assert step_label(13, expanse, ["ben"]) == "Ben buys Commander of the Earth Picket and plays it"
    check = [Event("anna purchases Dominance Check for 2 rupees."),
             Event("anna buys the event Dominance Check: Dominance Check."),
             Event("Dominance Check 1: the Afghan coalition is dominant."), Event("anna scores 5 victory points.")]
    assert step_label(40, check, ["anna"]) == "Dominance Check 1 in Anna's turn: the Afghan coalition is dominant"
    final = [Event("anna purchases Dominance Check for 0 rupees."), Event("final Dominance Check: no coalition is dominant.")]
    assert step_label(111, final, ["anna"]) == "Final Dominance Check in Anna's turn: no coalition is dominant"
    eliminate = [Event("anna pays 2 influence to the market for Eliminate with Amos Burton"),
                 Event("anna's agent on Amos Burton returns home"),
                 Event("anna discards Amos Burton from their Network (eliminated by anna)")]
    assert step_label(46, eliminate, ["anna"]) == (
        "Anna pays 2 influence to the market for Eliminate with Amos Burton and 1 more action")
    assert step_label(46, [eliminate[0], eliminate[2]], ["anna"]) == "Anna pays 2 influence to the market for Eliminate with Amos Burton and 1 more action"
    assert step_label(46, [eliminate[1]], ["anna"]) == "Anna's agent on Amos Burton returns home"
    rally = [Event("cleo pays 2 influence to the market for 1 unit rallied with Basic Assistance Rolls")]
    assert step_label(38, rally, ["cleo"]) == "Cleo pays 2 influence to the market for 1 unit rallied with Basic Assistance Rolls"
    scouts = [Event("Round 3: revealed so far: anna Scout, cleo Plunder. Last round's scouts (ben, dara) choose now.")]
    assert step_label(3, scouts, ["ben", "dara"]) == "Round 3: revealed so far: anna Scout, cleo Plunder"
    many = [Event(f"ben places a spy on Card Number {n} in the region of Kabul after a long journey.") for n in range(5)]
    label = step_label(52, many, ["ben"])  # too long to name two: one named, the rest counted, never cut
    assert label.endswith("and 4 more actions") and "…" not in label


def test_every_page_of_a_step_carries_its_label(pamir: Path) -> None:
    www = pamir.parent / "www" / "pp"
    gd = open_game(pamir / "pp")
    labels = _labels(www / "index.html")
    private = www / seat_folder(gd, "ben")
    for step in (4, 17, 33):
        for page in (www / "steps" / f"{step:04d}.html", private / f"{step:04d}.html"):
            assert f"Step {step} · {labels[step]}" in unescape(page.read_text()), page
    assert _labels(private / "index.html") == labels  # private pages share the public labels


# -- the log ----------------------------------------------------------------------------------------------------

def test_the_game_s_log_holds_every_public_event_and_the_seat_s_log_its_own_too(site: Path, games_root: Path) -> None:
    www = site / "x5"
    gd = open_game(games_root / "x5")
    public = unescape((www / "log.html").read_text())
    own = unescape((www / seat_folder(gd, "anna") / "log.html").read_text())
    assert 'href="log.html"' in (www / "index.html").read_text()
    assert 'href="log.html"' in (www / seat_folder(gd, "anna") / "index.html").read_text()
    private_seen = 0
    for step in gd.steps():
        assert f'id="step-{step}"' in public and f'id="step-{step}"' in own
        section = public[public.index(f'id="step-{step}"'):]
        section = section[:section.find("</section>")]
        for event in gd.events(step):
            if event.to is None:
                assert event.text in section, (step, event.text)
            elif "anna" in event.to:
                private_seen += 1
                assert event.text in own
    assert private_seen > 0 and "only anna" in own and "only anna" not in public
    for page in (www / "log.html", www / seat_folder(gd, "anna") / "log.html"):
        for href in links(page):
            assert target(page, href).is_file(), f"{page.name}: {href}"


# -- what changed since the step before --------------------------------------------------------------------------

def test_board_marks_drawn_differently_since_the_step_before_are_marked() -> None:
    board = ('<svg xmlns="http://www.w3.org/2000/svg" class="board" viewBox="0 0 9 9">\n'
             '<rect data-mark="region:a" x="0" y="0" width="5" height="5" fill="#eee"/>\n'
             '<circle data-mark="army:1" class="piece" cx="{x}" cy="1" r="1" fill="#f00"/>\n'
             '<text data-mark="label:a" x="1" y="8" font-size="3" fill="#222">{text}</text>\n</svg>')
    before = board.format(x=1, text="Kabul")
    after = board.format(x=2, text="Kabul 2")
    from pbem.site.replay import boards

    marked, count = mark_changes(f"<p>x</p>{after}", boards(before))
    assert count == 2
    assert 'data-mark="army:1" class="changed piece"' in marked and 'data-mark="label:a" class="changed"' in marked
    assert '<rect data-mark="region:a" x=' in marked
    assert mark_changes(after, boards(after)) == (after, 0)
    assert mark_changes(after, []) == (after, 0)  # the setup: nothing to compare with


def test_table_cells_of_the_game_s_view_that_changed_are_marked() -> None:
    from pbem.site.replay import VIEW_END, VIEW_START, cells

    def page(money: int) -> str:
        return (f'<table><tr><td>outside {money}</td></tr></table>{VIEW_START}<table><tr><td class="num">{money}</td>'
                f'<td>Kabul</td></tr></table>{VIEW_END}')

    marked, count = mark_cells(page(3), cells(page(2)))
    assert count == 1 and '<td class="changed num">3</td><td>Kabul</td>' in marked
    assert "<td>outside 3</td>" in marked  # only the game's own view is compared
    assert mark_cells(page(2), cells(page(2))) == (page(2), 0)


def test_a_step_page_marks_what_changed_and_says_so(pamir: Path) -> None:
    www = pamir.parent / "www" / "pp" / "steps"
    assert 'class="changed' not in (www / "0000.html").read_text()
    notes = {}
    for step in range(1, 41):
        note = re.search(r'<p class="changes-note">(.*?)</p>', (www / f"{step:04d}.html").read_text())
        assert note is not None, step
        notes[step] = unescape(note.group(1))
    marked = [step for step, note in notes.items() if note.startswith("Changed since")]
    assert len(marked) > 20
    for step in marked:
        html = (www / f"{step:04d}.html").read_text()
        shown = re.search(r"(\d+) marks? on the board", notes[step])
        assert html.count('class="changed') >= (int(shown.group(1)) if shown else 1)
        assert f"since step {step - 1}" in notes[step]
    assert any(n == f"Nothing in the game is drawn differently since step {s - 1}." for s, n in notes.items())
    moved = [step for step in range(1, 41) if 'class="changed"><td>' in (www / f"{step:04d}.html").read_text()
             or '<span class="change"' in (www / f"{step:04d}.html").read_text()]
    assert moved  # the scores table marks a score that moved


# -- the score history -------------------------------------------------------------------------------------------

def test_score_points_keep_the_setup_every_change_and_the_end() -> None:
    models = [{"step": n, "scores": {"a": a, "b": b}} for n, (a, b) in enumerate([(0, 0), (0, 0), (3, 1), (3, 1), (3, 1)])]
    assert score_points(models) == [(0, {"a": 0, "b": 0}), (2, {"a": 3, "b": 1}), (4, {"a": 3, "b": 1})]


def test_the_chart_gives_each_seat_a_colour_a_marker_and_a_letter_and_nothing_overlaps() -> None:
    seats = ["anna", "alex", "ben", "cleo", "dora"]
    points = [(0, dict.fromkeys(seats, 0)), (10, {"anna": 5, "alex": 5, "ben": 2, "cleo": 0, "dora": 1}),
              (30, {"anna": 9, "alex": 9, "ben": 9, "cleo": 3, "dora": 1})]
    palette = {f"seat:{n}": colour for n, colour in enumerate(["#1a397b", "#8c2813", "#7c7c7c", "#1a1a1a", "#a67a49"], 1)}
    drawing = score_chart(points, seats, palette)
    # Seats level at a step share its point; no letter, name or tick overlaps another, nor the legend's markers.
    texts = [mark for mark in drawing.marks if mark.layer == "label"]
    keys = [mark for mark in drawing.marks if mark.id.startswith("key:")]
    assert layout.overlaps(texts) == [] and layout.overlaps(texts, keys) == []
    assert all(0 <= x <= drawing.width and 0 <= y <= drawing.height for m in drawing.marks for x, y in m.outline)
    letters = seat_letters(seats)
    assert letters == {"anna": "A", "alex": "Al", "ben": "B", "cleo": "C", "dora": "D"}
    assert seat_colours(seats, palette)["ben"] == "#7c7c7c"
    assert seat_colours(seats, {"seat:1": "#000"})["anna"] != seat_colours(seats, {"seat:1": "#000"})["alex"]
    ids = [mark.id for mark in drawing.marks]
    for seat in seats:
        assert f"line:{seat}" in ids and f"end:{seat}" in ids and f"key-name:{seat}" in ids
        assert sum(1 for i in ids if i.startswith(f"point:{seat}:")) == len(points)
        assert next(m for m in drawing.marks if m.id == f"end:{seat}").text == letters[seat]
    def shape(mark: layout.Mark) -> tuple[object, ...]:
        box = mark.box()
        middle = ((box.x0 + box.x1) / 2, (box.y0 + box.y1) / 2)
        return mark.shape, mark.fill == "#fff", tuple((round(x - middle[0]), round(y - middle[1])) for x, y in mark.outline)

    shapes = {shape(next(m for m in drawing.marks if m.id == f"key:{seat}")) for seat in seats}
    dashes = {next(m for m in drawing.marks if m.id == f"line:{seat}").dash for seat in seats}
    assert len(shapes) == len(dashes) == len(seats)  # told apart without colour
    assert "anna 9 points" in drawing.title and drawing.title.endswith("dora 1 point")


def test_the_game_s_page_and_each_seat_s_history_show_the_score_history(pamir: Path) -> None:
    www = pamir.parent / "www" / "pp"
    gd = open_game(pamir / "pp")
    for page in (www / "index.html", www / seat_folder(gd, "cleo") / "index.html"):
        html = page.read_text()
        chart = re.search(r'<svg [^>]*class="score-chart".*?</svg>', html, re.S)
        assert chart is not None, page
        ET.fromstring(chart.group(0))  # well-formed SVG
        for seat in gd.meta.seat_names:
            assert f'data-mark="line:{seat}"' in chart.group(0)
        final = gd.game.scores(gd.state())
        assert all(f"{seat}: {final[seat]} point" in chart.group(0) for seat in final)


# -- the deadline ------------------------------------------------------------------------------------------------

def test_the_game_s_page_shows_the_open_deadline_once_it_is_fixed(tmp_path: Path) -> None:
    root = tmp_path / "games"
    robot_game(root, "open", "expedition-5x", ["anna", "ben", "cleo"], "deadline=daily 18:00",
               "deadline.timezone=Europe/Berlin", steps=3)
    gd = open_game(root / "open")
    assert gd.game.result(gd.state()) is None
    deadlines.track_path(gd.root).unlink()  # as a game whose step has no deadline fixed yet
    out = tmp_path / "www"
    build(root, out)
    assert "are due by" not in (out / "open" / "index.html").read_text()  # no deadline is made up at a build
    due = datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
    deadlines.save_track(gd.root, deadlines.Track(step=gd.current_step(), opened=due - timedelta(hours=5),
                                                  deadline=due))
    assert build(root, out).written > 0  # a fixed deadline changes the page
    html = re.sub(r"<[^>]+>", "", unescape((out / "open" / "index.html").read_text()))
    assert f"Orders for step {gd.current_step() + 1} are due by Tuesday 1 December 2026, 18:00 CET (Europe/Berlin)." in html


# -- the feeds ---------------------------------------------------------------------------------------------------

def _feed(path: Path) -> ET.Element:
    root = ET.fromstring(path.read_bytes())
    assert root.tag == f"{ATOM}feed"
    for required in ("id", "title", "updated", "author"):
        assert root.find(f"{ATOM}{required}") is not None, required
    return root


def _stamp(text: str | None) -> datetime:
    assert text is not None and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", text), text
    return datetime.fromisoformat(text)


def test_each_game_has_an_atom_feed_of_its_public_steps(site: Path, games_root: Path) -> None:
    feed = site / "x5" / "feed.xml"
    root = _feed(feed)
    gd = open_game(games_root / "x5")
    entries = root.findall(f"{ATOM}entry")
    assert len(entries) == min(50, len(gd.steps()))
    ids = [entry.findtext(f"{ATOM}id") for entry in entries]
    assert len(set(ids)) == len(ids) and all(re.fullmatch(r"urn:uuid:[0-9a-f-]{36}", i or "") for i in ids)
    assert root.findtext(f"{ATOM}id") not in ids
    assert gd.meta.seed not in feed.read_text()
    newest = _stamp(root.findtext(f"{ATOM}updated"))
    for entry in entries:
        assert _stamp(entry.findtext(f"{ATOM}updated")) <= newest
        href = entry.find(f"{ATOM}link").get("href")  # type: ignore[union-attr]
        assert href is not None and (feed.parent / href).is_file()
        step = int(href.removeprefix("steps/").removesuffix(".html"))
        summary = entry.findtext(f"{ATOM}summary") or ""
        for event in gd.events(step):
            assert (event.text in summary) == (event.to is None)
    assert '<link rel="alternate" type="application/atom+xml"' in (site / "x5" / "index.html").read_text()


def test_a_seat_s_feed_lives_at_its_capability_and_says_what_it_saw(site: Path, games_root: Path) -> None:
    gd = open_game(games_root / "x5")
    folder = site / "x5" / seat_folder(gd, "ben")
    root = _feed(folder / "feed.xml")
    public_ids = {e.findtext(f"{ATOM}id") for e in _feed(site / "x5" / "feed.xml").iter(f"{ATOM}entry")}
    seen = "\n".join(entry.findtext(f"{ATOM}summary") or "" for entry in root.iter(f"{ATOM}entry"))
    hidden = [e.text for step in gd.steps() for e in gd.events(step) if e.to is not None]
    mine = [t for step in gd.steps() for e in gd.events(step) if e.to is not None and "ben" in e.to for t in [e.text]]
    assert mine and all(text in seen for text in mine[-10:])
    assert not any(text in seen for text in hidden if text not in mine)
    assert public_ids.isdisjoint(e.findtext(f"{ATOM}id") for e in root.iter(f"{ATOM}entry"))
    for entry in root.iter(f"{ATOM}entry"):
        assert (folder / entry.find(f"{ATOM}link").get("href")).is_file()  # type: ignore[union-attr,operator]


def test_feeds_link_under_the_site_s_address_and_keep_their_ids(games_root: Path, tmp_path: Path) -> None:
    root = tmp_path / "games"
    shutil.copytree(games_root / "x5", root / "x5", ignore=shutil.ignore_patterns("mail"))
    out = tmp_path / "www"
    build(root, out)
    before = _feed(out / "x5" / "feed.xml")
    build(root, out, ReportConfig(site_url=URL + "/"))
    after = _feed(out / "x5" / "feed.xml")
    assert before.findtext(f"{ATOM}id") == after.findtext(f"{ATOM}id")
    assert [e.findtext(f"{ATOM}id") for e in before.iter(f"{ATOM}entry")] == [
        e.findtext(f"{ATOM}id") for e in after.iter(f"{ATOM}entry")]
    hrefs = [link.get("href") for link in after.iter(f"{ATOM}link")]
    assert f"{URL}/x5/feed.xml" in hrefs and f"{URL}/x5/index.html" in hrefs
    assert all(h and h.startswith(f"{URL}/x5/") for h in hrefs)
    gd = open_game(root / "x5")
    own = _feed(out / "x5" / seat_folder(gd, "anna") / "feed.xml")
    assert all((link.get("href") or "").startswith(f"{URL}/x5/{seat_folder(gd, 'anna')}/")
               for link in own.iter(f"{ATOM}link"))
    assert json.dumps(hrefs)  # plain strings


@pytest.mark.parametrize("game", ["solo", "x5", "<b>odd & name"])
def test_every_game_s_site_has_the_log_the_chart_and_the_feeds(site: Path, games_root: Path, game: str) -> None:
    from pbem.site import slug

    gd = open_game(games_root / game)
    www = site / slug(gd.name)
    assert (www / "log.html").is_file() and (www / "feed.xml").is_file()
    assert 'class="score-chart"' in (www / "index.html").read_text()
    for seat in gd.meta.seat_names:
        folder = www / seat_folder(gd, seat)
        assert (folder / "log.html").is_file() and (folder / "feed.xml").is_file()
        _feed(folder / "feed.xml")
    _feed(www / "feed.xml")


def test_the_final_report_shows_the_score_history_and_earlier_reports_do_not(site: Path, games_root: Path) -> None:
    from pbem.reports import render_html, render_text
    from pbem.reports.model import report_model

    gd = open_game(games_root / "x5")
    last = gd.steps()[-1]
    final = report_model(gd, last, "ben")
    history = final["score_history"]
    assert history[0]["step"] == 0 and history[-1] == {"step": last, "scores": final["scores"]}
    assert report_model(gd, last, None)["score_history"] == history  # scores are public: one history for all
    html = render_html([final], ReportConfig())
    chart = re.search(r'<svg [^>]*class="score-chart".*?</svg>', html, re.S)
    assert chart is not None and "How the scores went" in html
    assert all(f'data-mark="line:{seat}"' in chart.group(0) for seat in gd.meta.seat_names)
    earlier = report_model(gd, last - 1, "ben")
    assert earlier["score_history"] is None and 'class="score-chart"' not in render_html([earlier], ReportConfig())
    assert "score-chart" not in render_text([final], ReportConfig())


def test_the_chart_takes_the_colours_the_game_dealt_the_seats() -> None:
    seats = ["anna", "ben"]
    dealt = {"anna": "#670195", "ben": "#3b6400"}
    assert seat_colours(seats, {"seat:black": "#1a1a1a", "seat:grey": "#878282"}, dealt) == dealt
    assert seat_colours(seats, {"seat:1": "#111111", "seat:2": "#222222"}, {"anna": "purple"}) == {
        "anna": "#111111", "ben": "#222222"}  # a view without a usable colour for every seat: the palette
    drawing = score_chart([(0, {"anna": 0, "ben": 0}), (5, {"anna": 2, "ben": 1})], seats, {}, dealt=dealt)
    assert next(m for m in drawing.marks if m.id == "line:anna").stroke == "#670195"
