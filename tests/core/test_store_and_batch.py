"""The game directory and the batch, driven with the toy game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pbem import batch, intake
from pbem.replay import replay
from pbem.store import GameDir, StoreError, open_game, token_matches

from .conftest import order_text


def test_create_stores_setup_snapshot_and_only_token_hashes(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, tokens = toy_game
    assert gd.steps() == [0]
    text = (gd.root / "game.yaml").read_text()
    for seat, token in tokens.items():
        assert token not in text
        assert token_matches(token, gd.meta.seat(seat).token_hash)
    assert not token_matches("guess", gd.meta.seat("anna").token_hash)


def test_submit_then_run_resolves_when_all_orders_are_in(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    intake.submit(gd, order_text("anna", 1, 3), "a.yaml")
    intake.submit(gd, order_text("ben", 1, 2), "b.yaml")
    assert batch.run_game(gd).resolved == []
    intake.submit(gd, order_text("cleo", 1, 2), "c.yaml")
    summary = batch.run_game(gd)
    assert summary.resolved == [1]
    assert gd.state()["score"] == {"anna": 3, "ben": 0, "cleo": 0}
    assert gd.pending() == {}
    assert set(gd.step_orders(1)) == {"anna", "ben", "cleo"}


def test_resubmission_replaces_and_both_are_archived(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    intake.submit(gd, order_text("anna", 1, 1), "a.yaml")
    accepted = intake.submit(gd, order_text("anna", 1, 2), "a2.yaml")
    assert accepted.replaced
    assert "pick: 2" in gd.pending()["anna"]
    assert len(list((gd.archive_dir() / "0001").glob("anna-*.yaml"))) == 2


def test_rejected_order_changes_nothing(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    before = sorted(p.relative_to(gd.root) for p in gd.root.rglob("*"))
    with pytest.raises(intake.OrderRejected) as info:
        intake.submit(gd, order_text("anna", 1, 7), "a.yaml")
    assert str(info.value.doc.problems[0]) == "a.yaml:4:7: pick must be 1, 2 or 3, not 7"
    assert sorted(p.relative_to(gd.root) for p in gd.root.rglob("*")) == before


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (order_text("zoe", 1, 1), "unknown seat 'zoe'; the seats are anna, ben, cleo"),
        (order_text("anna", 2, 1), "step 2 is not reached yet; orders now are for step 1"),
        (order_text("anna", 0, 1), "step 0 is already resolved"),
        (order_text("anna", 1, 1, game="other"), "this is game 'toy1'"),
        (order_text("anna", 1, 1, extra="colour: red\n"), "unknown key 'colour'"),
    ],
)
def test_bad_headers_get_clear_errors(toy_game: tuple[GameDir, dict[str, str]], text: str, fragment: str) -> None:
    gd, _ = toy_game
    doc = intake.check(gd, text, "o.yaml")
    assert any(fragment in str(p) for p in doc.problems), doc.problems


def test_token_is_required_for_mail(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, tokens = toy_game
    assert "missing 'token:'" in str(intake.check(gd, order_text("anna", 1, 1), "m", require_token=True).problems[0])
    wrong = order_text("anna", 1, 1, extra=f"token: {tokens['ben']}\n")
    assert "wrong token" in str(intake.check(gd, wrong, "m", require_token=True).problems[0])
    right = order_text("anna", 1, 1, extra=f"token: {tokens['anna']}\n")
    assert intake.check(gd, right, "m", require_token=True).problems == []


def test_force_uses_defaults_for_missing_seats_once(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    intake.submit(gd, order_text("anna", 1, 3), "a.yaml")
    summary = batch.run_game(gd, force=True)
    assert summary.resolved == [1]
    assert summary.forced == {1: ["ben", "cleo"]}
    assert "default orders" in gd.step_orders(1)["ben"]
    assert summary.waiting_for == ["anna", "ben", "cleo"], "the next step waits again"


def test_robots_play_to_the_end_and_replay_matches(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    for seat in gd.meta.seats:
        seat.robot = True
    gd.save_meta()
    gd = open_game(gd.root)
    summary = batch.run_game(gd)
    assert summary.finished and summary.resolved == [1, 2, 3]
    assert replay(gd) is None


def test_replay_names_the_first_step_that_differs(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    for seat in gd.meta.seats:
        seat.robot = True
    gd.save_meta()
    gd = open_game(gd.root)
    batch.run_game(gd)
    path = gd.step_dir(2) / "state.json"
    data = json.loads(path.read_text())
    data["score"]["anna"] += 100
    path.write_text(json.dumps(data))
    difference = replay(gd)
    assert difference is not None and difference.step == 2


def test_crash_leftover_partial_step_is_rebuilt(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    leftover = gd.step_dir(1).with_name("0001.partial")
    (leftover / "orders").mkdir(parents=True)
    (leftover / "orders" / "anna.yaml").write_text("half")
    assert gd.steps() == [0]
    for seat, pick in (("anna", 1), ("ben", 2), ("cleo", 3)):
        intake.submit(gd, order_text(seat, 1, pick), f"{seat}.yaml")
    assert batch.run_game(gd).resolved == [1]
    assert not leftover.exists()


def test_rerun_after_crash_completes_missing_reports(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    rendered: list[int] = []
    batch.run_game(gd, render=lambda _gd, step: rendered.append(step))
    assert rendered == [0]
    batch.run_game(gd, render=lambda _gd, step: rendered.append(step))
    assert rendered == [0], "a completed step is not rendered again"


def test_committing_a_stored_step_twice_is_refused(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    with pytest.raises(StoreError):
        gd.commit_step(0, gd.state(), [], {}, {})


def test_events_keep_their_audience(toy_game: tuple[GameDir, dict[str, str]], tmp_path: Path) -> None:
    gd, _ = toy_game
    for seat, pick in (("anna", 1), ("ben", 2), ("cleo", 3)):
        intake.submit(gd, order_text(seat, 1, pick), f"{seat}.yaml")
    batch.run_game(gd)
    events = gd.events(1)
    assert [e.text for e in events if e.visible_to("ben")] == ["You picked 2.", "cleo scores 3 in round 1."]
    assert [e.text for e in events if e.visible_to(None)] == ["cleo scores 3 in round 1."]


def record_render(gd: GameDir, step: int) -> None:
    """A picklable renderer that leaves a mark per rendered step."""
    marks = gd.root / "marks"
    marks.mkdir(exist_ok=True)
    with open(marks / f"{step}", "a") as handle:
        handle.write("x")


def test_parallel_render_covers_every_step_once_and_recovers(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    for seat in gd.meta.seats:
        seat.robot = True
    gd.save_meta()
    gd = open_game(gd.root)
    batch.run_game(gd, render=record_render, workers=2)
    marks = gd.root / "marks"
    assert sorted(int(p.name) for p in marks.iterdir()) == [0, 1, 2, 3]
    assert all(p.read_text() == "x" for p in marks.iterdir())
    (gd.report_dir(2) / ".complete").unlink()  # as if the run died while rendering step 2
    batch.run_game(gd, render=record_render, workers=2)
    assert (marks / "2").read_text() == "xx" and (marks / "1").read_text() == "x"


@pytest.mark.parametrize("name", ["../etc", "a/b", "evil\r\nBcc: x", "", "9lives", "x" * 33])
def test_unsafe_seat_names_are_refused(tmp_path: Path, name: str) -> None:
    from pbem.store import Seat, create

    with pytest.raises(StoreError, match="seat name"):
        create(tmp_path / "g", "toy", 1, [Seat(name), Seat("ben")])
    assert not (tmp_path / "g" / "game.yaml").exists()


def test_pbem_options_are_kept_from_the_rules(tmp_path: Path) -> None:
    from pbem.store import Seat, create, game_options

    options = {"deadline": "weekdays 18:00", "deadline.timezone": "Europe/Berlin", "wakhan": "yes"}
    assert game_options(options) == {"wakhan": "yes"}
    gd, _ = create(tmp_path / "g", "toy", 1, [Seat("anna"), Seat("ben")], {"deadline": "weekdays 18:00"})
    assert gd.meta.options == {"deadline": "weekdays 18:00"} and gd.meta.game_options == {}


def test_a_setup_the_game_refuses_leaves_nothing_behind(tmp_path: Path) -> None:
    from pbem.store import Seat, create

    with pytest.raises(StoreError, match="unknown Pax Pamir options"):
        create(tmp_path / "g", "pax-pamir", 1, [Seat("anna"), Seat("ben")], {"colour": "red"})
    assert not (tmp_path / "g").exists()


def test_wakhan_lets_one_human_play(tmp_path: Path) -> None:
    from pbem.store import Seat, create

    with pytest.raises(StoreError, match="takes 2–5 players"):
        create(tmp_path / "solo", "pax-pamir", 1, [Seat("anna")])
    gd, _ = create(tmp_path / "g", "pax-pamir", 1, [Seat("anna")], {"wakhan": "yes"})
    state = gd.state()
    assert sorted(state.players) == ["anna", "wakhan"]
    assert [p.seat for p in gd.game.prompts(state)] == ["anna"]
