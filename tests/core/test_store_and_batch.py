"""The game directory and the batch, driven with the toy game."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from pbem import batch, intake
from pbem.files import Busy
from pbem.game_yaml import Seat, token_matches
from pbem.integrity import LAST_STEP
from pbem.replay import replay
from pbem.store import GameDir, StoreError, create, open_game

from .conftest import TOY, order_text


def make_robots(gd: GameDir) -> GameDir:
    """Hand every seat to a robot; the game opened afresh."""
    for seat in gd.meta.seats:
        seat.robot = True
    gd.save_meta()
    return open_game(gd.root)


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
    gd = make_robots(gd)
    summary = batch.run_game(gd)
    assert summary.finished and summary.resolved == [1, 2, 3]
    assert replay(gd) is None


def test_replay_names_the_first_step_that_differs(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    gd = make_robots(gd)
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


def test_a_stored_step_syncs_each_file_and_folder_once_before_its_rename(
        toy_game: tuple[GameDir, dict[str, str]], monkeypatch: pytest.MonkeyPatch) -> None:
    """Against a power cut: every file of the step and both its folders reach the disk before the folder is
    renamed into place, then the rename itself; nothing in the step is synced twice (each sync waits on the
    disk)."""
    gd, _ = toy_game
    for seat, pick in (("anna", 1), ("ben", 2), ("cleo", 3)):
        intake.submit(gd, order_text(seat, 1, pick), f"{seat}.yaml")
    synced: list[str] = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(os.readlink(f"/proc/self/fd/{fd}")))
    real_commit = GameDir.commit_step

    def commit(self: GameDir, *args: Any) -> None:
        synced.clear()
        real_commit(self, *args)
        recorded.extend(synced)

    recorded: list[str] = []
    monkeypatch.setattr(GameDir, "commit_step", commit)
    assert batch.run_game(gd).resolved == [1]
    building, steps = str(gd.step_dir(1)) + ".partial", str(gd.root / "steps")
    stored = sorted(str(p.relative_to(gd.step_dir(1))) for p in gd.step_dir(1).rglob("*"))
    before_rename = recorded[:recorded.index(steps)]
    assert sorted(path.removeprefix(building + "/") for path in before_rename if path != building) == stored
    assert building in before_rename
    # After the rename: the steps folder, then the last-step note, written and renamed on its own (a note must
    # never reach the disk before the step it names).
    after = recorded[len(before_rename):]
    assert len(after) == 3 and after[0] == after[2] == steps, after
    assert Path(after[1]).parent == gd.root / "steps" and Path(after[1]).name.startswith(f".{LAST_STEP}."), after
    assert len(before_rename) == len(set(before_rename)), before_rename


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
    gd = make_robots(gd)
    batch.run_game(gd, render=record_render, workers=2)
    marks = gd.root / "marks"
    assert sorted(int(p.name) for p in marks.iterdir()) == [0, 1, 2, 3]
    assert all(p.read_text() == "x" for p in marks.iterdir())
    (gd.report_dir(2) / ".complete").unlink()  # as if the run died while rendering step 2
    batch.run_game(gd, render=record_render, workers=2)
    assert (marks / "2").read_text() == "xx" and (marks / "1").read_text() == "x"


@pytest.mark.parametrize("name", ["../etc", "a/b", "evil\r\nBcc: x", "", "9lives", "x" * 33])
def test_unsafe_seat_names_are_refused(tmp_path: Path, name: str) -> None:
    with pytest.raises(StoreError, match="seat name"):
        create(tmp_path / "g", TOY.id, 1, [Seat(name), Seat("ben")])
    assert not (tmp_path / "g" / "game.yaml").exists()


def test_pbem_options_are_kept_from_the_rules(tmp_path: Path) -> None:
    from pbem.game_yaml import game_options

    options = {"deadline": "weekdays 18:00", "deadline.timezone": "Europe/Berlin", "wakhan": "yes"}
    assert game_options(options) == {"wakhan": "yes"}
    gd, _ = create(tmp_path / "g", TOY.id, 1, [Seat("anna"), Seat("ben")], {"deadline": "weekdays 18:00"})
    assert gd.meta.options == {"deadline": "weekdays 18:00"} and gd.meta.game_options == {}


def test_a_setup_the_game_refuses_leaves_nothing_behind(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="unknown Pax Pamir options"):
        create(tmp_path / "g", "pax-pamir", 1, [Seat("anna"), Seat("ben")], {"colour": "red"})
    assert not (tmp_path / "g").exists()


def test_wakhan_lets_one_human_play(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="takes 2–5 players"):
        create(tmp_path / "solo", "pax-pamir", 1, [Seat("anna")])
    gd, _ = create(tmp_path / "g", "pax-pamir", 1, [Seat("anna")], {"wakhan": "yes"})
    state = gd.state()
    assert sorted(state.players) == ["anna", "wakhan"]
    assert [p.seat for p in gd.game.prompts(state)] == ["anna"]


class Crash(Exception):
    """Stands for the process dying at this point."""


def die(*_args: object, **_kwargs: object) -> None:
    raise Crash


def submit_all(gd: GameDir, step: int, picks: dict[str, int]) -> None:
    for seat, pick in picks.items():
        intake.submit(gd, order_text(seat, step, pick), f"{seat}.yaml")


def test_a_crash_between_storing_a_step_and_clearing_its_orders_never_resolves_them_again(
    toy_game: tuple[GameDir, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    gd, _ = toy_game
    submit_all(gd, 1, {"anna": 3, "ben": 2, "cleo": 1})
    real_commit = GameDir.commit_step

    def commit_then_die(self: GameDir, *args: Any, **kwargs: Any) -> None:
        real_commit(self, *args, **kwargs)
        raise Crash

    with monkeypatch.context() as patch:
        patch.setattr(GameDir, "commit_step", commit_then_die)
        with pytest.raises(Crash):
            batch.run_game(gd)
    assert gd.steps() == [0, 1] and len(list(gd.pending_dir().iterdir())) == 3
    assert gd.pending() == {}, "orders the stored step resolved are no longer pending"
    assert not gd.withdraw_pending("anna"), "nor can they be withdrawn"
    rerun = open_game(gd.root)
    summary = batch.run_game(rerun)
    assert summary.resolved == [] and summary.waiting_for == ["anna", "ben", "cleo"]
    assert not any(gd.pending_dir().iterdir())
    intake.submit(rerun, order_text("anna", 2, 1), "a.yaml")
    assert set(rerun.pending()) == {"anna"}


def test_a_crash_before_the_step_folder_is_renamed_leaves_no_step_and_keeps_every_order(
    toy_game: tuple[GameDir, dict[str, str]], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    gd, _ = toy_game
    picks = {"anna": 3, "ben": 3, "cleo": 1}
    submit_all(gd, 1, picks)
    real_replace = os.replace

    def replace_but_not_the_step(src: str | Path, dst: str | Path) -> None:
        if str(src).endswith(".partial"):
            raise Crash
        real_replace(src, dst)

    with monkeypatch.context() as patch:
        patch.setattr(os, "replace", replace_but_not_the_step)
        with pytest.raises(Crash):
            batch.run_game(gd)
    assert gd.steps() == [0] and set(gd.pending()) == {"anna", "ben", "cleo"}
    assert batch.run_game(open_game(gd.root)).resolved == [1]
    # The step resolved after the crash is the one an undisturbed run stores, byte for byte.
    calm, _ = create(tmp_path / "calm" / "toy1", TOY.id, 11, [Seat("anna"), Seat("ben"), Seat("cleo")])
    submit_all(calm, 1, picks)
    batch.run_game(calm)
    for name in ("state.json", "events.json", "step.json"):
        assert (gd.step_dir(1) / name).read_bytes() == (calm.step_dir(1) / name).read_bytes(), name
    assert gd.step_orders(1) == calm.step_orders(1)


def test_pending_orders_for_another_step_are_never_resolved(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    submit_all(gd, 1, {"anna": 3, "ben": 2})
    gd.write_file(gd.pending_dir() / "cleo.yaml", order_text("cleo", 7, 1))  # put there by hand
    with pytest.raises(StoreError, match="pending orders of cleo are for step 7, not step 1"):
        batch.resolve_ready(gd)
    assert gd.steps() == [0]


def test_a_crash_while_rendering_is_completed_by_the_next_run(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    gd = make_robots(gd)
    rendered: list[int] = []

    def render_until_step_2(_gd: GameDir, step: int) -> None:
        if step == 2:
            raise Crash
        rendered.append(step)

    with pytest.raises(Crash):
        batch.run_game(gd, render=render_until_step_2, workers=1)
    assert gd.steps() == [0, 1, 2, 3] and batch.unrendered(gd) == [2, 3]
    batch.run_game(gd, render=lambda _gd, step: rendered.append(step), workers=1)
    assert rendered == [0, 1, 2, 3] and batch.unrendered(gd) == []


def test_the_lock_keeps_a_second_process_out(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    other = open_game(gd.root)
    with gd.lock():
        with pytest.raises(Busy, match="another pbem run"):
            with other.lock(wait=False):
                pass
    with other.lock(wait=False):
        pass


def test_taking_the_lock_reads_changes_made_while_waiting(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd, _ = toy_game
    stale = open_game(gd.root)
    with gd.lock():
        gd.meta.seat("cleo").robot = True
        gd.save_meta()
    with stale.lock():
        assert stale.meta.seat("cleo").robot, "game.yaml is read again once the lock is held"
        stale.meta.seat("ben").robot = True
        stale.save_meta()
    assert [s.name for s in open_game(gd.root).meta.seats if s.robot] == ["ben", "cleo"]


@pytest.mark.parametrize("text", [order_text("zoe", 1, 1), "game: toy1\nstep: 1\npick: 1\n"])
def test_a_mail_without_the_token_does_not_learn_the_seat_names(
    toy_game: tuple[GameDir, dict[str, str]], text: str
) -> None:
    gd, _ = toy_game
    problems = [str(p) for p in intake.check(gd, text, "m", require_token=True).problems]
    assert problems and not any(name in p for p in problems for name in ("anna", "ben", "cleo"))
    assert "as in your welcome mail" in problems[0]
    assert "the seats are anna, ben, cleo" in str(intake.check(gd, text, "m").problems[0]), "a file may say them"


def test_replay_names_archived_orders_that_break_the_rules(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    gd = make_robots(toy_game[0])
    batch.run_game(gd)
    path = gd.step_dir(2) / "orders" / "ben.yaml"
    path.write_text(path.read_text().replace("pick: ", "pick: 7 #"))
    difference = replay(gd)
    assert difference is not None and difference.step == 2
    assert str(difference) == "step 2: archived orders of ben no longer pass the rules: pick must be 1, 2 or 3, not 7"


def test_a_game_whose_creation_was_interrupted_can_be_created_again(
    toy_game: tuple[GameDir, dict[str, str]], monkeypatch: pytest.MonkeyPatch
) -> None:
    gd, _ = toy_game
    seats = [Seat("anna"), Seat("ben")]
    with monkeypatch.context() as patch:  # dies after game.yaml, before the setup snapshot
        patch.setattr(GameDir, "commit_step", die)
        with pytest.raises(Crash):
            create(gd.root.parent / "again", TOY.id, 5, seats)
    assert (gd.root.parent / "again" / "game.yaml").exists()
    again, tokens = create(gd.root.parent / "again", TOY.id, 5, seats)
    assert again.steps() == [0] and set(tokens) == {"anna", "ben"}
    with pytest.raises(StoreError, match="a game already exists here"):
        create(gd.root, TOY.id, 5, seats)


def test_a_stored_robot_game_is_the_game_play_out_simulates(toy_game: tuple[GameDir, dict[str, str]]) -> None:
    from engine.simulate import play_out

    gd = make_robots(toy_game[0])
    summary = batch.run_game(gd)
    playout = play_out(gd.game, gd.meta.seat_names, 11)
    assert playout.state == gd.state() and playout.steps == len(summary.resolved)


def test_atomic_writes_get_the_usual_file_mode(tmp_path: Path) -> None:
    from pbem.files import FILE_MODE, write_atomic

    write_atomic(tmp_path / "a.txt", "x")
    assert (tmp_path / "a.txt").stat().st_mode & 0o777 == FILE_MODE
    assert FILE_MODE & 0o600 == 0o600


@pytest.mark.parametrize(("edit", "said"), [
    (("  address:", "  adress:"), r"game.yaml:\d+: seat anna: unknown key adress; the keys are name, address, "),
    (("options:", "option:"), r"game.yaml:\d+: unknown key option; the keys are format, pbem_version, game, seed, "),
])
def test_a_key_game_yaml_does_not_know_is_an_error_naming_its_line(toy_game: tuple[GameDir, dict[str, str]],
                                                                    edit: tuple[str, str], said: str) -> None:
    """A hand edit's typo would otherwise be lost without a word: a seat without its mail, a game without its
    options (a rule that changes how it plays)."""
    gd, _ = toy_game
    path = gd.root / "game.yaml"
    text = path.read_text()
    assert edit[0] in text
    path.write_text(text.replace(edit[0], edit[1], 1))
    with pytest.raises(StoreError, match=said):
        open_game(gd.root)
