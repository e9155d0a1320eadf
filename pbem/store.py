"""The game directory: the archive that is the game.

Layout (see README "The game directory"):

    <root>/game.yaml                       kind, seats, seed, options
    <root>/steps/NNNN/state.json           snapshot after step NNNN (0000: after setup)
    <root>/steps/NNNN/events.json          what happened in that step, with who may see it
    <root>/steps/NNNN/step.json            where each order came from (submitted, or the game's default), and
                                           why the caretaker chose the orders it played (`caretaker`)
    <root>/steps/NNNN/orders/<seat>.yaml   the orders resolved in that step, as submitted
    <root>/steps/NNNN/reports/             per-seat HTML, PDF, JSON, text and order templates
    <root>/steps/last                      the highest step stored (a rollback lowers it)
    <root>/pending/<seat>.yaml             orders accepted for the next step (a resubmission replaces)
    <root>/pending/<seat>.reasons.json     why the caretaker chose the seat's pending orders (pbem's alone)
    <root>/archive/                        every order file ever accepted, replaced or withdrawn
    <root>/mail/                           raw inbound mail, outbox, sent mail
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict
from functools import cached_property
from pathlib import Path
from typing import Any

from engine import contract, registry
from engine.contract import Event, Game, Reason
from engine.rng import Rng
from pbem import game_yaml, version
from pbem.files import WriteFailed, clean_temporaries, fsync_dir, locked, write_atomic, write_new
from pbem.game_yaml import (
    GAME_NAME,
    GAME_NAME_RULE,
    PAPERS,
    SEAT_NAME,
    SEAT_NAME_RULE,
    GameMeta,
    Seat,
    game_options,
    hash_token,
    new_token,
)
from pbem.integrity import LAST_STEP, find_damage, noted_last
from pbem.pending import PendingOrders
from pbem.records import CARETAKER_KEY, dump_json, event_from_data, event_to_data, reasons_from_data, step_name


class StoreError(Exception):
    """A game directory is missing, malformed or cannot take the requested change."""


#: Game folders whose leftover temporary files this process has already removed.
_cleaned: set[Path] = set()


class GameDir(PendingOrders):
    """One game's folder: read and write snapshots, orders, reports and mail, safely (its pending orders: see
    PendingOrders)."""

    def __init__(self, root: Path):
        self.root = Path(root)
        if not (self.root / game_yaml.FILE).is_file():
            raise StoreError(f"{self.root}: not a pbem game directory (no game.yaml)")
        self._read_meta()

    # -- metadata -------------------------------------------------------------------------------------
    @property
    def name(self) -> str:
        """The game's name: its folder's name."""
        return self.root.name

    @cached_property
    def game(self) -> Game:
        """The rules object for this game."""
        return registry.get(self.meta.game)

    def _read_meta(self) -> None:
        """Read game.yaml into self.meta, noting which version of the file was read."""
        self._meta_version = self._meta_file_version()
        path = self.root / game_yaml.FILE
        try:
            self._meta_doc = game_yaml.load(path)
            self.meta = game_yaml.parse(path, self._meta_doc)
        except game_yaml.MetaError as exc:
            raise StoreError(str(exc)) from None

    def _meta_file_version(self) -> tuple[int, int, int]:
        # write_atomic renames a new file into place, so any rewrite changes the inode.
        info = (self.root / game_yaml.FILE).stat()
        return info.st_ino, info.st_mtime_ns, info.st_size

    def save_meta(self) -> None:
        """Write game.yaml from self.meta, keeping any comments a moderator added."""
        for key, value in game_yaml.fields(self.meta).items():
            self._meta_doc[key] = value  # item by item: a ruamel map keeps each key's comments
        game_yaml.write(self.root, self._meta_doc)
        self._meta_version = self._meta_file_version()

    # -- paths ----------------------------------------------------------------------------------------
    def step_dir(self, step: int) -> Path:
        """The folder of a stored step."""
        return self.root / "steps" / step_name(step)

    def report_dir(self, step: int) -> Path:
        """Where a step's reports live."""
        return self.step_dir(step) / "reports"

    def mail_dir(self) -> Path:
        """Inbound and outbound mail."""
        return self.root / "mail"

    def outbox_dir(self) -> Path:
        """Outgoing mail waiting to be sent."""
        return self.mail_dir() / "outbox"

    def write_file(self, path: Path, data: bytes | str) -> None:
        """Write a file atomically (temporary file, fsync, rename)."""
        write_atomic(path, data)

    @contextmanager
    def lock(self, *, wait: bool = True, timeout: float | None = None) -> Iterator[None]:
        """Hold this game's lock: one process works on a game at a time (`timeout`: wait at most so long).

        Once held, game.yaml is read again if another process rewrote it meanwhile (`pbem robot` while a
        run waited), so nothing is decided on, or saved over, an older version.
        """
        with locked(self.root / ".lock", wait=wait, timeout=timeout):
            try:
                if self.root.resolve() not in _cleaned:
                    clean_temporaries(self.root)  # what a killed run's atomic writes left behind
                    _cleaned.add(self.root.resolve())
                if self._meta_file_version() != self._meta_version:
                    self._read_meta()
                yield
            except OSError as exc:
                raise StoreError(self.os_error(exc)) from None

    def os_error(self, exc: OSError) -> str:
        """A disk-full or permission error as one line naming the game and the file."""
        where = ""
        if exc.filename is not None:
            path = Path(str(exc.filename))
            for base in (self.root, self.root.resolve()):
                try:
                    where = str(path.relative_to(base))
                    break
                except ValueError:
                    where = str(path)
        why = exc.strerror or str(exc)
        if isinstance(exc, WriteFailed):
            return f"{self.name}: cannot write {where}: {why}"
        return f"{self.name}: {where}: {why}" if where else f"{self.name}: {why}"

    # -- steps ----------------------------------------------------------------------------------------
    def check_whole(self) -> None:
        """Refuse a folder with a gap in its steps, a cut-short snapshot or orders beyond its last step."""
        damage = find_damage(self.root)
        if damage is not None:
            raise StoreError(str(damage))

    def steps(self) -> list[int]:
        """The numbers of every completely stored step, in order."""
        return sorted(number for number, path in self._step_folders() if (path / "state.json").is_file())

    def current_step(self) -> int:
        """The last stored step."""
        # The highest numbered folder holding its snapshot: what steps() ends with, but a long game's every
        # state.json is not looked up each time (a tick asks for the current step many times).
        folder = self.root / "steps"
        for number, name in sorted(self._step_names(), reverse=True):
            if (folder / name / "state.json").is_file():
                return number
        raise StoreError(f"{self.root}: no steps stored (setup never finished)")

    def _step_folders(self) -> list[tuple[int, Path]]:
        """(number, folder) of every numbered folder under steps/, stored completely or not."""
        folder = self.root / "steps"
        return [(number, folder / name) for number, name in self._step_names()]

    def _step_names(self) -> list[tuple[int, str]]:
        """(number, name) of every numbered entry under steps/ (names only: a long game has hundreds)."""
        try:
            names = os.listdir(self.root / "steps")
        except (FileNotFoundError, NotADirectoryError):
            return []
        return [(int(name), name) for name in names if name.isdigit()]

    def state_data(self, step: int | None = None) -> dict[str, Any]:
        """A snapshot as stored (encoded)."""
        step = self.current_step() if step is None else step
        path = self.step_dir(step) / "state.json"
        if not path.is_file():
            raise StoreError(f"{self.root}: no step {step}")
        return _read_json(path)

    def state(self, step: int | None = None) -> Any:
        """A decoded snapshot (default: the current one)."""
        return self.game.decode(self.state_data(step))

    def events(self, step: int) -> list[Event]:
        """The events of a stored step."""
        return [event_from_data(e) for e in _read_json(self.step_dir(step) / "events.json")]

    def step_info(self, step: int) -> dict[str, Any]:
        """Where each order of a step came from."""
        path = self.step_dir(step) / "step.json"
        return _read_json(path) if path.is_file() else {}

    def step_reasons(self, step: int) -> dict[str, list[Reason]]:
        """Why the caretaker chose each order it played in a step, by seat (none in steps stored before it said)."""
        found = self.step_info(step).get(CARETAKER_KEY)
        return {str(seat): reasons_from_data(lines) for seat, lines in found.items()} if isinstance(found, dict) else {}

    def step_orders(self, step: int) -> dict[str, str]:
        """The order texts resolved in a step, by seat."""
        folder = self.step_dir(step) / "orders"
        if not folder.is_dir():
            return {}
        return {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml"))}

    def commit_step(
        self,
        step: int,
        state: Any,
        events: Sequence[Event],
        orders: Mapping[str, str],
        info: Mapping[str, Any],
    ) -> None:
        """Store a resolved step as a whole: built aside, then renamed into place in one move."""
        final = self.step_dir(step)
        if final.exists():
            raise StoreError(f"{self.root}: step {step} is already stored")
        building = final.with_name(final.name + ".partial")
        if building.exists():
            try:
                shutil.rmtree(building)  # left by a crash: everything in it is rebuilt below
            except OSError as exc:  # rmtree names only the entry inside that it could not remove
                raise StoreError(f"{self.name}: cannot remove {building.relative_to(self.root)} (left by an "
                                 f"interrupted run): {exc.strerror or exc}; remove it, then run again") from None
        try:
            # Nobody reads the folder being built, so its files need no temporary and rename each, nor a sync of
            # the folder after each: the files are synced as written, the two folders once before the rename.
            (building / "orders").mkdir(parents=True)
            for seat, text in orders.items():
                write_new(building / "orders" / f"{seat}.yaml", text)
            write_new(building / "events.json", dump_json([event_to_data(e) for e in events]))
            # Each step names the pbem that made it, so a replay after an upgrade can say which versions differ.
            write_new(building / "step.json", dump_json({**info, version.KEY: version.running()}))
            # state.json last: a folder is a stored step only once it has its state (see steps()).
            write_new(building / "state.json", dump_json(self.game.encode(state)))
            fsync_dir(building / "orders")
            fsync_dir(building)
        except OSError as exc:  # name the file as it will be stored, not its place while being built
            meant = str(exc.filename or building).replace(str(building), str(final))
            raise WriteFailed(exc.errno, exc.strerror, meant) from None
        os.replace(building, final)
        fsync_dir(final.parent)
        noted = noted_last(self.root)
        if noted is None or noted < step:
            self.note_last_step(step)  # after the step: a crash in between leaves it behind, which is no damage

    def note_last_step(self, step: int) -> None:
        """Record the highest step stored, so that one deleted later is seen on opening (pbem.integrity)."""
        write_atomic(self.root / "steps" / LAST_STEP, step_name(step) + "\n")


def _read_json(path: Path) -> Any:
    """A stored JSON file; a damaged one is a StoreError that names it."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:  # ValueError: bad JSON or bad UTF-8
        raise StoreError(f"{path}: cannot read: {exc}") from None


def create(
    root: Path,
    game_id: str,
    seed: str | int,
    seats: Sequence[Seat],
    options: Mapping[str, Any] | None = None,
) -> tuple[GameDir, dict[str, str]]:
    """Create a game directory with its setup snapshot; returns it and each seat's new secret token."""
    root = Path(root)
    if not GAME_NAME.match(root.name):
        raise StoreError(f"{str(root)!r}: {GAME_NAME_RULE}")
    game = registry.get(game_id)
    names = [s.name for s in seats]
    for name in names:
        if not SEAT_NAME.match(name):
            raise StoreError(f"{name!r}: {SEAT_NAME_RULE}")
    if len(set(names)) != len(names):
        raise StoreError(f"seat names must differ: {', '.join(names)}")
    try:
        allowed = game.seat_counts(game_options(options or {}))
    except ValueError as exc:
        raise StoreError(f"{game.title}: {exc}") from None
    if len(seats) not in allowed:
        counts = f"{allowed.start}–{allowed.stop - 1}"
        raise StoreError(f"{game.title} takes {counts} players with these options, not {len(seats)}")
    # game.yaml without the setup snapshot is what an interrupted `pbem new` leaves; its tokens were never
    # shown, so the game is made again from scratch.
    if (root / game_yaml.FILE).exists() and (root / "steps" / step_name(0) / "state.json").exists():
        raise StoreError(f"{root}: a game already exists here")
    # A game made now records the rules it is made under (options older games lack), unless given otherwise.
    meta_options = {**contract.new_options(game), **dict(options or {})}
    if str(meta_options.get("paper", "a4")).lower() not in PAPERS:
        raise StoreError(f"option paper={meta_options['paper']}: the paper is one of {', '.join(PAPERS)}")
    # Set up before anything is written, so a refused setup leaves no half-made game behind.
    try:
        state = game.setup(names, game_options(meta_options), Rng.for_step(str(seed), 0))
    except ValueError as exc:
        raise StoreError(f"{game.title} cannot be set up so: {exc}") from None
    tokens = {s.name: new_token() for s in seats}
    stored = [Seat(**{**asdict(s), "token_hash": hash_token(tokens[s.name])}) for s in seats]
    meta = GameMeta(game=game_id, seed=str(seed), seats=stored, options=meta_options,
                    pbem_version=version.running())
    game_yaml.write(root, game_yaml.fields(meta))
    gd = GameDir(root)
    gd.commit_step(0, state, [], {}, {"setup": True})
    return gd, tokens


def open_game(root: Path, *, check: bool = True) -> GameDir:
    """Open an existing game directory, refused when damaged (check=False: for the commands that repair one)."""
    gd = GameDir(Path(root))
    if check:
        gd.check_whole()
    return gd
