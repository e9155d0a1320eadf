"""A damaged game folder is refused on opening, in one line naming the file and the way to recover."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from golden.goldens import archives, name_of, unpack

from pbem.cli import main
from pbem.integrity import find_damage
from pbem.store import StoreError, open_game

from .conftest import TOY, order_text


def invoke(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    return result.exit_code, result.output


def played(root: Path, name: str = "g", steps: int = 3) -> Path:
    """A two-seat toy game with `steps` steps resolved (at most 3) and anna's orders for the next one pending."""
    folder = root / name
    code, out = invoke("new", str(folder), "--game", TOY.id, "--seed", "5", "--player", "anna", "--player", "ben")
    assert code == 0, out
    for step in range(1, steps + 1):
        for seat, pick in (("anna", 3), ("ben", 2)):
            (root / f"{seat}.yaml").write_text(order_text(seat, step, pick, game=name))
            assert invoke("submit", str(folder), str(root / f"{seat}.yaml"))[0] == 0
        assert invoke("run", "--no-reports", str(folder))[0] == 0
    if steps < 3:
        (root / "anna.yaml").write_text(order_text("anna", steps + 1, 1, game=name))
        assert invoke("submit", str(folder), str(root / "anna.yaml"))[0] == 0
    return folder


def refused(folder: Path, *command: str) -> str:
    """The one line a command prints when it refuses the damaged game."""
    code, out = invoke(*command, str(folder))
    assert code == 1 and out.count("\n") == 1, out
    return out


def test_a_missing_middle_step_is_refused_by_status_run_and_replay_names_it(tmp_path: Path) -> None:
    folder = played(tmp_path)
    shutil.rmtree(folder / "steps" / "0002")
    for command in (("status",), ("run",), ("submit", str(tmp_path / "anna.yaml"))):
        out = refused(folder, *command) if command[0] != "submit" else _refused_submit(folder, tmp_path)
        assert f"{folder / 'steps' / '0002'}: missing, though steps up to 3 are stored" in out
        assert f"pbem rollback {folder} --to 1" in out


def _refused_submit(folder: Path, tmp_path: Path) -> str:
    code, out = invoke("submit", str(folder), str(tmp_path / "anna.yaml"))
    assert code == 1 and out.count("\n") == 1, out
    return out


def test_a_missing_last_step_with_orders_after_it_is_refused_also_in_an_older_folder(tmp_path: Path) -> None:
    folder = played(tmp_path, steps=2)  # anna's orders for step 3 are in archive/0003
    (folder / "steps" / "last").unlink()  # as a folder made before steps/last was written
    shutil.rmtree(folder / "steps" / "0002")
    out = refused(folder, "status")
    assert f"{folder / 'archive' / '0003'}: orders for step 3, but the last stored step is 1" in out
    assert "restore the missing steps from a backup" in out and "pbem rollback" in out


def test_a_missing_last_step_is_refused(tmp_path: Path) -> None:
    folder = played(tmp_path)  # the game is over: no orders for a step after the last
    shutil.rmtree(folder / "steps" / "0003")
    out = refused(folder, "status")
    assert f"{folder / 'steps' / '0003'}: missing: steps up to 3 were stored ({folder / 'steps' / 'last'}), " \
           "but the last one here is 2; restore the missing steps from a backup, or play on from an earlier step " \
           f"with `pbem rollback {folder} --to STEP --why …`" in out
    assert invoke("rollback", str(folder), "--to", "1", "--why", "step 3 was lost")[0] == 0
    assert invoke("status", str(folder))[0] == 0


def test_a_folder_made_before_the_last_step_was_noted_is_checked_without_it(tmp_path: Path) -> None:
    folder = played(tmp_path)
    (folder / "steps" / "last").unlink()
    shutil.rmtree(folder / "steps" / "0003")
    assert find_damage(folder) is None  # cannot be told from a game at step 2 with nothing pending
    assert invoke("status", str(folder))[0] == 0


def test_a_missing_setup_step_is_refused(tmp_path: Path) -> None:
    folder = played(tmp_path)
    shutil.rmtree(folder / "steps" / "0000")
    out = refused(folder, "status")
    assert f"{folder / 'steps' / '0000'}: missing, though steps up to 3 are stored" in out
    assert f"pbem replay {folder} --repair" in out


def test_a_missing_setup_step_of_a_game_with_orders_is_refused(tmp_path: Path) -> None:
    folder = played(tmp_path, steps=0)
    shutil.rmtree(folder / "steps" / "0000")
    assert f"{folder / 'steps' / '0000' / 'state.json'}: missing" in refused(folder, "run")


@pytest.mark.parametrize("keep", [0, 1, 40])
def test_a_cut_short_middle_snapshot_is_refused(tmp_path: Path, keep: int) -> None:
    folder = played(tmp_path)
    path = folder / "steps" / "0001" / "state.json"
    path.write_bytes(path.read_bytes()[:keep])
    out = refused(folder, "run")
    assert f"{path}: cut short (not a whole snapshot); rebuild it from the archived orders with `pbem replay " \
           f"{folder} --repair`, or play on from step 0 with `pbem rollback {folder} --to 0" in out


def test_a_snapshot_written_by_hand_in_another_json_form_is_whole(tmp_path: Path) -> None:
    folder = played(tmp_path)
    path = folder / "steps" / "0002" / "state.json"
    path.write_text(json.dumps(json.loads(path.read_text()), separators=(",", ":")))
    assert find_damage(folder) is None
    path.write_text(path.read_text()[:-1])
    assert find_damage(folder) is not None


def test_a_step_folder_without_its_snapshot_is_refused(tmp_path: Path) -> None:
    folder = played(tmp_path)
    (folder / "steps" / "0001" / "state.json").unlink()
    assert f"{folder / 'steps' / '0001' / 'state.json'}: missing;" in refused(folder, "status")


def test_status_of_a_root_names_the_damaged_game_and_lists_the_others(tmp_path: Path) -> None:
    played(tmp_path, "good", steps=1)
    bad = played(tmp_path, "bad", steps=3)
    shutil.rmtree(bad / "steps" / "0002")
    code, out = invoke("status", str(tmp_path))
    lines = out.splitlines()
    assert len(lines) == 2, out
    assert lines[0].startswith("bad") and "cannot be read" in lines[0] and "steps/0002: missing" in lines[0]
    assert lines[1].startswith("good") and "step    1" in lines[1]


def test_site_refuses_to_publish_a_damaged_game_and_builds_the_others(tmp_path: Path) -> None:
    root = tmp_path / "games"
    root.mkdir()
    played(root, "good", steps=1)
    bad = played(root, "bad", steps=3)
    shutil.rmtree(bad / "steps" / "0002")
    code, out = invoke("site", str(root), str(tmp_path / "www"))
    assert code == 1
    assert "bad: not published:" in out and "steps/0002: missing" in out
    assert (tmp_path / "www" / "good" / "index.html").is_file()
    assert not (tmp_path / "www" / "bad").exists()


def test_rolling_back_before_the_damage_opens_the_game_again(tmp_path: Path) -> None:
    folder = played(tmp_path)
    shutil.rmtree(folder / "steps" / "0002")
    code, out = invoke("rollback", str(folder), "--to", "1", "--why", "step 2 was lost")
    assert code == 0, out
    assert open_game(folder).steps() == [0, 1]
    assert invoke("status", str(folder))[0] == 0


def test_rolling_back_to_the_damage_or_after_it_is_refused(tmp_path: Path) -> None:
    folder = played(tmp_path)
    shutil.rmtree(folder / "steps" / "0001")
    code, out = invoke("rollback", str(folder), "--to", "2", "--why", "x")
    assert code == 1 and "step 1 is damaged" in out and "give a step before 1" in out
    assert (folder / "steps" / "0003").is_dir()


def test_rolling_back_a_game_that_lost_its_last_steps_accounts_for_their_orders(tmp_path: Path) -> None:
    folder = played(tmp_path, steps=2)
    shutil.rmtree(folder / "steps" / "0002")
    code, out = invoke("rollback", str(folder), "--to", "0", "--why", "step 2 was lost")
    assert code == 0, out
    assert find_damage(folder) is None and open_game(folder).steps() == [0]


def test_a_legitimate_rollback_leaves_a_whole_folder(tmp_path: Path) -> None:
    folder = played(tmp_path, steps=2)  # orders for step 3 archived, then steps 1–2 undone
    assert invoke("rollback", str(folder), "--to", "0", "--why", "again", "--drop-orders")[0] == 0
    assert find_damage(folder) is None


def test_a_game_mid_step_and_a_crash_leftover_are_whole(tmp_path: Path) -> None:
    folder = played(tmp_path, steps=1)
    assert find_damage(folder) is None  # orders pending
    (folder / "steps" / "0002.partial" / "orders").mkdir(parents=True)  # a killed run's step, rebuilt by the next
    (folder / "steps" / "0002.partial" / "state.json").write_text("{")
    assert find_damage(folder) is None
    assert invoke("run", str(folder), "--no-reports")[0] == 0


def test_a_lost_setup_step_of_a_game_without_orders_is_refused(tmp_path: Path) -> None:
    folder = played(tmp_path, steps=0)
    shutil.rmtree(folder / "archive")
    shutil.rmtree(folder / "steps" / "0000")
    assert f"{folder / 'steps' / '0000' / 'state.json'}: missing" in refused(folder, "status")


def test_a_game_whose_setup_never_finished_says_so(tmp_path: Path) -> None:
    folder = played(tmp_path, steps=0)
    shutil.rmtree(folder / "archive")
    shutil.rmtree(folder / "steps")
    with pytest.raises(StoreError, match="setup never finished"):
        open_game(folder).current_step()


@pytest.mark.parametrize("archive", archives(), ids=name_of)
def test_every_golden_archive_opens_whole(tmp_path: Path, archive: Path) -> None:
    assert find_damage(unpack(archive, tmp_path)) is None


def test_the_tick_names_a_damaged_game_and_ticks_the_others(tmp_path: Path) -> None:
    from pbem.mail.tick import tick

    played(tmp_path, "good", steps=1)
    bad = played(tmp_path, "bad", steps=3)
    shutil.rmtree(bad / "steps" / "0002")
    summary = tick(tmp_path, None, mail=False)
    assert [e for e in summary.errors if e.startswith("bad: ")] == [
        f"bad: {bad / 'steps' / '0002'}: missing, though steps up to 3 are stored; restore it from a backup, or "
        f"play on from step 1 with `pbem rollback {bad} --to 1 --why …`"]
    assert "good" in summary.games and "bad" not in summary.games


@pytest.mark.parametrize("step", [0, 1, 3])
def test_replay_repair_rebuilds_a_cut_short_snapshot_and_the_game_opens_again(tmp_path: Path, step: int) -> None:
    folder = played(tmp_path)
    path = folder / "steps" / f"{step:04d}" / "state.json"
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    code, out = invoke("replay", str(folder))
    assert code == 1 and f"replay differs at step {step} (state)" in out and "--repair" in out
    code, out = invoke("replay", str(folder), "--repair")
    assert code == 0, out
    assert f"g: rebuilt steps/{step:04d}/state.json from the archived orders" in out
    assert "all 4 snapshots replay exactly" in out
    assert path.read_bytes() == whole and find_damage(folder) is None


def test_replay_repair_rebuilds_a_lost_setup_step(tmp_path: Path) -> None:
    folder = played(tmp_path)
    whole = (folder / "steps" / "0000" / "state.json").read_bytes()
    shutil.rmtree(folder / "steps" / "0000")
    code, out = invoke("replay", str(folder), "--repair")
    assert code == 0 and "g: rebuilt steps/0000 from the archived orders" in out, out
    assert (folder / "steps" / "0000" / "state.json").read_bytes() == whole
    assert invoke("status", str(folder))[0] == 0


def test_replay_repair_never_rewrites_a_whole_snapshot_and_cannot_mend_a_lost_step(tmp_path: Path) -> None:
    folder = played(tmp_path)
    shutil.rmtree(folder / "steps" / "0002")
    before = {p: p.read_bytes() for p in folder.rglob("state.json")}
    code, out = invoke("replay", str(folder), "--repair")
    assert code == 1
    assert "replay differs at step 2 (orders): steps/0002 is missing: the orders it resolved are lost" in out
    assert {p: p.read_bytes() for p in folder.rglob("state.json")} == before


def test_replay_repair_refuses_a_snapshot_whose_events_no_longer_match(tmp_path: Path) -> None:
    folder = played(tmp_path)
    path = folder / "steps" / "0002" / "state.json"
    path.write_text("{")
    (folder / "steps" / "0002" / "events.json").write_text("[]\n")
    code, out = invoke("replay", str(folder), "--repair")
    assert code == 1 and "cannot be rebuilt: the rebuilt events differ from events.json" in out
    assert path.read_text() == "{"
