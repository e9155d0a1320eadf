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

import hashlib
import hmac
import io
import json
import os
import re
import secrets
import shutil
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from engine import contract, registry
from engine.contract import Event, Game, Reason
from engine.rng import Rng
from pbem import version
from pbem.files import WriteFailed, append_line, clean_temporaries, fsync_dir, last_lines, locked, write_atomic
from pbem.integrity import LAST_STEP, find_damage, noted_last
from pbem.orders import plain

FORMAT = 1
STEP_DIGITS = 4
#: Seat names become file names and mail headers, so they are kept plain.
SEAT_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,31}\Z")  # \Z: '$' would let a trailing newline in
SEAT_NAME_RULE = "a seat name starts with a letter and has up to 32 letters, digits, '-' or '_'"
#: A game's name is its folder's name: it heads every order, names mail threads and site paths. Checked when a
#: game is made only: a folder made before the rule, whatever its name, still opens (archives are forever).
GAME_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")
GAME_NAME_RULE = ("a game's name is its folder's name, which starts with a letter or digit and has up to 64 "
                  "letters, digits, '-' or '_'")


class StoreError(Exception):
    """A game directory is missing, malformed or cannot take the requested change."""


@dataclass
class Seat:
    """A player's seat: name, mail address, hashed token and how orders arrive."""

    name: str
    address: str | None = None
    token_hash: str | None = None
    robot: bool = False
    #: How a robot seat plays (ROBOT_STYLES): None, and absent from game.yaml, for the seeded random orders robots
    #: always played, so older games mean the random robot.
    robot_style: str | None = None
    timezone: str | None = None
    language: str | None = None
    #: Mail policy (every | due | digest) and whether report mail attaches the PDF; see pbem.mail.policy.
    #: None (game.yaml written before these existed): every step's report, with its PDF, as then.
    mail: str | None = None
    pdf: bool | None = None
    #: What mail that asks nothing of the seat carries all the same ("pdf", "map"); None, and absent from
    #: game.yaml, until the player asks for something.
    attach: list[str] | None = None
    #: How many times the seat was given to a new person (`pbem replace`); its private site address depends on it.
    #: 0, and absent from game.yaml, until the first replace.
    holder: int = 0


@dataclass
class GameMeta:
    """What game.yaml holds."""

    game: str
    seed: str
    seats: list[Seat]
    options: dict[str, Any] = field(default_factory=dict)
    format: int = FORMAT
    pbem_version: str | None = None  # the pbem that created the game; None in archives older than the field

    def seat(self, name: str) -> Seat:
        """The seat with this name."""
        for seat in self.seats:
            if seat.name == name:
                return seat
        raise KeyError(name)

    @property
    def game_options(self) -> dict[str, Any]:
        """The options the rules see: all but pbem's own (the deadline policy)."""
        return game_options(self.options)

    @property
    def seat_names(self) -> list[str]:
        """Seat names in seating order."""
        return [seat.name for seat in self.seats]


#: Option keys that belong to pbem, not to the rules: `deadline` (and dotted `deadline.*` keys), `press`, `paper`.
PBEM_OPTIONS = ("deadline", "press", "paper")
#: The paper reports are printed on (`--option paper=letter`); A4 unless chosen.
PAPERS = ("a4", "letter")


def game_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Options without pbem's own keys, as the game's setup receives them."""
    return {k: v for k, v in options.items() if k.split(".", 1)[0] not in PBEM_OPTIONS}


#: A seat's `mail:` values (pbem.mail.policy); None: a game.yaml from before policies existed.
MAIL_POLICIES = ("every", "due", "digest")


#: How a robot seat may play: seeded random legal orders, or the game's caretaker (orders meant to win).
ROBOT_STYLES = ("random", "caretaker")

#: step.json's key for why the caretaker chose the orders it played, by seat (each a list of {text, public}).
CARETAKER_KEY = "caretaker"
#: Beside a pending order: why the caretaker chose it (GameDir.keep_reasons).
REASONS_SUFFIX = ".reasons.json"
#: What a seat's `attach:` list may name (pbem.mail.policy).
ATTACHABLE = ("pdf", "map")


def _check_mail_fields(path: Path, raw: Any, seat: Seat) -> None:
    """A hand-edited `mail:`, `pdf:`, `attach:` or `robot_style:` that means nothing is an error naming its line, not a
    silent default."""
    attach_ok = seat.attach is None or (isinstance(seat.attach, list) and all(a in ATTACHABLE for a in seat.attach))
    for key, ok, valid in (("mail", seat.mail is None or seat.mail in MAIL_POLICIES, "every, due or digest"),
                           ("robot_style", seat.robot_style is None or seat.robot_style in ROBOT_STYLES,
                            " or ".join(ROBOT_STYLES)),
                           ("pdf", seat.pdf is None or isinstance(seat.pdf, bool), "true or false"),
                           ("attach", attach_ok, "a list of pdf and map, such as [pdf, map], or []")):
        if not ok:
            try:
                line = f":{raw.lc.value(key)[0] + 1}"
            except (AttributeError, KeyError, TypeError):
                line = ""
            raise StoreError(f"{path}{line}: seat {seat.name}: {key}: {getattr(seat, key)!r}; write {valid}")


def _check_holder(path: Path, raw: Any, seat: Seat) -> None:
    """A hand-edited `holder:` must stay a count: it decides which private site address the seat's pages have."""
    if isinstance(seat.holder, bool) or not isinstance(seat.holder, int) or seat.holder < 0:
        try:
            line = f":{raw.lc.value('holder')[0] + 1}"
        except (AttributeError, KeyError, TypeError):
            line = ""
        raise StoreError(f"{path}{line}: seat {seat.name}: holder: {seat.holder!r}; write a whole number from 0")


def hash_token(token: str) -> str:
    """The stored form of a seat's secret token (tokens are 128-bit random, so one SHA-256 suffices)."""
    return "sha256:" + hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, token_hash: str | None) -> bool:
    """True when `token` is the one whose hash is stored, compared in constant time."""
    return token_hash is not None and hmac.compare_digest(hash_token(token), token_hash)


def new_token() -> str:
    """A fresh secret token for a seat."""
    return secrets.token_urlsafe(16)


def dump_json(data: Any) -> str:
    """Canonical JSON: sorted keys, one item a line, so snapshots diff well and compare byte for byte."""
    return json.dumps(data, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def event_to_data(event: Event) -> dict[str, Any]:
    """An event as JSON data."""
    return {"text": event.text, "to": list(event.to) if event.to is not None else None, "data": dict(event.data)}


def event_from_data(data: Mapping[str, Any]) -> Event:
    """The inverse of event_to_data."""
    to = data.get("to")
    return Event(text=data["text"], to=tuple(to) if to is not None else None, data=data.get("data") or {})


def _yaml() -> YAML:
    yaml = YAML()  # round trip, so a moderator's comments in game.yaml survive our edits
    yaml.default_flow_style = False
    yaml.width = 4096
    return yaml


def step_name(step: int) -> str:
    """The folder name of a step."""
    return f"{step:0{STEP_DIGITS}d}"


#: Game folders whose leftover temporary files this process has already removed.
_cleaned: set[Path] = set()


class GameDir:
    """One game's folder: read and write snapshots, orders, reports and mail, safely."""

    def __init__(self, root: Path):
        self.root = Path(root)
        if not (self.root / "game.yaml").is_file():
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
        self._meta_doc = self._load_meta_doc()
        self.meta = self._parse_meta(self._meta_doc)

    def _meta_file_version(self) -> tuple[int, int, int]:
        # write_atomic renames a new file into place, so any rewrite changes the inode.
        info = (self.root / "game.yaml").stat()
        return info.st_ino, info.st_mtime_ns, info.st_size

    def _load_meta_doc(self) -> Any:
        path = self.root / "game.yaml"
        try:
            return _yaml().load(path.read_text(encoding="utf-8"))
        except Exception as exc:  # any parse failure is a broken archive, said plainly
            raise StoreError(f"{path}: cannot read: {exc}") from None

    def _parse_meta(self, doc: Any) -> GameMeta:
        path = self.root / "game.yaml"
        try:
            seats = [Seat(**{k: v for k, v in dict(s).items() if k in Seat.__dataclass_fields__}) for s in doc["seats"]]
            for raw, seat in zip(doc["seats"], seats, strict=True):
                _check_mail_fields(path, raw, seat)
                _check_holder(path, raw, seat)
            return GameMeta(
                game=str(doc["game"]),
                seed=str(doc["seed"]),
                seats=seats,
                options=plain(doc.get("options") or {}),
                format=int(doc.get("format", FORMAT)),
                pbem_version=str(doc[version.KEY]) if doc.get(version.KEY) else None,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise StoreError(f"{path}: malformed game.yaml ({exc})") from None

    def save_meta(self) -> None:
        """Write game.yaml from self.meta, keeping any comments a moderator added."""
        for key, value in _meta_fields(self.meta).items():
            self._meta_doc[key] = value  # item by item: a ruamel map keeps each key's comments
        _write_meta(self.root, self._meta_doc)
        self._meta_version = self._meta_file_version()

    # -- paths ----------------------------------------------------------------------------------------
    def step_dir(self, step: int) -> Path:
        """The folder of a stored step."""
        return self.root / "steps" / step_name(step)

    def report_dir(self, step: int) -> Path:
        """Where a step's reports live."""
        return self.step_dir(step) / "reports"

    def pending_dir(self) -> Path:
        """Orders accepted for the next step."""
        return self.root / "pending"

    def archive_dir(self) -> Path:
        """Every order file ever accepted, kept even when replaced."""
        return self.root / "archive"

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
        for number, path in sorted(self._step_folders(), reverse=True):
            if (path / "state.json").is_file():
                return number
        raise StoreError(f"{self.root}: no steps stored (setup never finished)")

    def _step_folders(self) -> list[tuple[int, Path]]:
        """(number, folder) of every numbered folder under steps/, stored completely or not."""
        folder = self.root / "steps"
        if not folder.is_dir():
            return []
        return [(int(path.name), path) for path in folder.iterdir() if path.name.isdigit()]

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
        return {str(seat): _reasons(lines) for seat, lines in found.items()} if isinstance(found, dict) else {}

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
            (building / "orders").mkdir(parents=True)
            for seat, text in orders.items():
                write_atomic(building / "orders" / f"{seat}.yaml", text)
            write_atomic(building / "events.json", dump_json([event_to_data(e) for e in events]))
            # Each step names the pbem that made it, so a replay after an upgrade can say which versions differ.
            write_atomic(building / "step.json", dump_json({**info, version.KEY: version.running()}))
            # state.json last: a folder is a stored step only once it has its state (see steps()).
            write_atomic(building / "state.json", dump_json(self.game.encode(state)))
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

    # -- pending orders -------------------------------------------------------------------------------
    def _pending_files(self) -> dict[str, str]:
        folder = self.pending_dir()
        if not folder.is_dir():
            return {}
        return {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.yaml"))}

    def _already_resolved(self, pending: Mapping[str, str]) -> list[str]:
        """Seats whose pending text is the very order the last stored step resolved.

        A step is stored before its orders leave pending/, so a run that stops in between leaves them
        there. They can never be orders for the next step: their header names the stored one.
        """
        if not pending:
            return []
        resolved = self.step_orders(self.current_step())
        return [seat for seat, text in pending.items() if resolved.get(seat) == text]

    def pending(self) -> dict[str, str]:
        """Orders waiting for the next step, by seat (raw text)."""
        found = self._pending_files()
        for seat in self._already_resolved(found):
            del found[seat]
        return found

    def clear_resolved_pending(self) -> None:
        """Delete what a run stopped after storing a step left in pending/ (the caller holds the lock)."""
        self.clear_pending(self._already_resolved(self._pending_files()))

    def store_pending(self, seat: str, text: str, *, source: str, mail: str | None = None) -> Path:
        """Keep accepted orders for the next step (replacing earlier ones) and archive the text.

        `mail` names the received mail they came from, so a rerun after a crash knows it kept them already.
        """
        step = self.current_step() + 1
        archived = self.archive_dir() / step_name(step) / f"{seat}-{_stamp(text)}.yaml"
        if not archived.exists():
            write_atomic(archived, text)
        kept = str(archived.relative_to(self.root))
        self._append_log({"step": step, "seat": seat, "source": source, "archived": kept, **({"mail": mail} if mail else {})})
        path = self.pending_dir() / f"{seat}.yaml"
        write_atomic(path, text)
        return path

    # The caretaker's reasons are kept in a file of their own that no order can write, tied to the very order text
    # they explain: an order document is the player's to write, so a reason in it (even as a comment) could be
    # forged, and one left over from an order a person has since replaced must not be told as the caretaker's.
    def keep_reasons(self, seat: str, text: str, reasons: Sequence[Reason]) -> None:
        """Keep why the caretaker chose the order `text` it sends for `seat`, before the order (see pending_reasons)."""
        data = {"order": _digest(text), "reasons": [_reason_data(r) for r in reasons]}
        write_atomic(self.pending_dir() / f"{seat}{REASONS_SUFFIX}", dump_json(data))

    def pending_reasons(self, seat: str, text: str) -> list[Reason]:
        """Why the caretaker chose the pending order `text` of `seat`; none for an order it did not choose."""
        path = self.pending_dir() / f"{seat}{REASONS_SUFFIX}"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):  # none kept, or cut short by a crash: the order is told without its reasons
            return []
        if not isinstance(data, dict) or data.get("order") != _digest(text):
            return []
        return _reasons(data.get("reasons"))

    def withdraw_pending(self, seat: str, *, mail: str | None = None) -> bool:
        """Withdraw a seat's pending orders (they stay in the archive); True if there were any."""
        if seat not in self.pending():
            return False
        self.clear_pending([seat])
        self._append_log({"step": self.current_step() + 1, "seat": seat, "withdrawn": True, **({"mail": mail} if mail else {})})
        return True

    def kept_from_mail(self, seat: str, mail: str) -> tuple[dict[str, Any], dict[str, Any] | None] | None:
        """What the intake log says a mail already did for the seat's next step (a run killed before it answered):
        that mail's entry and the seat's entry before it; None when the log has no entry of that mail."""
        step = self.current_step() + 1
        earlier: dict[str, Any] | None = None
        for line in last_lines(self.root / "log.jsonl", size=1 << 20):
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if not isinstance(entry, dict) or entry.get("seat") != seat:
                continue
            if entry.get("mail") == mail and entry.get("step") == step:
                return entry, earlier
            earlier = entry
        return None

    def clear_pending(self, seats: Sequence[str]) -> None:
        """Drop pending orders once their step is stored."""
        removed = False
        for seat in seats:
            (self.pending_dir() / f"{seat}{REASONS_SUFFIX}").unlink(missing_ok=True)
            path = self.pending_dir() / f"{seat}.yaml"
            if path.exists():
                path.unlink()
                removed = True
        if removed:
            fsync_dir(self.pending_dir())  # else a power cut could bring a withdrawn order back

    def _append_log(self, entry: Mapping[str, Any]) -> None:
        # An append-only line log of intake, for the moderator; not needed for replay.
        path = self.root / "log.jsonl"
        line = json.dumps(dict(entry), sort_keys=True, ensure_ascii=False)
        # A run killed after writing this line but before keeping the orders writes it again on its rerun:
        # the seat's last line being this very one means it is already there.
        seat = entry.get("seat")
        for earlier in reversed(last_lines(path)):
            try:
                known = json.loads(earlier)
            except ValueError:
                continue
            if isinstance(known, dict) and known.get("seat") == seat:
                if earlier == line:
                    return
                break
        append_line(path, line)


def _read_json(path: Path) -> Any:
    """A stored JSON file; a damaged one is a StoreError that names it."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:  # ValueError: bad JSON or bad UTF-8
        raise StoreError(f"{path}: cannot read: {exc}") from None


def _reason_data(reason: Reason) -> dict[str, Any]:
    return {"text": reason.text, "public": reason.public}


def _reasons(lines: Any) -> list[Reason]:
    """Reasons as stored; anything else in their place reads as private, so a damaged file tells others nothing."""
    if not isinstance(lines, list):
        return []
    return [Reason(str(line.get("text", "")), line.get("public") is True) for line in lines if isinstance(line, dict)]


def reasons_info(reasons: Mapping[str, Sequence[Reason]]) -> dict[str, list[dict[str, Any]]]:
    """The caretaker's reasons by seat as step.json keeps them (under CARETAKER_KEY)."""
    return {seat: [_reason_data(r) for r in lines] for seat, lines in reasons.items()}


def _digest(text: str) -> str:
    """A text's whole SHA-256: what ties kept reasons to their order (a short stamp names files, this proves)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _stamp(text: str) -> str:
    return _digest(text)[:12]


def _meta_fields(meta: GameMeta) -> dict[str, Any]:
    """What game.yaml holds, in its order."""
    fields: dict[str, Any] = {"format": meta.format}
    if meta.pbem_version is not None:  # an older game.yaml stays as it was
        fields[version.KEY] = meta.pbem_version
    return {
        **fields,
        "game": meta.game,
        "seed": meta.seed,
        "seats": [_seat_fields(seat) for seat in meta.seats],
        "options": meta.options,
    }


def _seat_fields(seat: Seat) -> dict[str, Any]:
    """A seat as game.yaml holds it: `holder` only once a replace counted it, `attach` and `robot_style` only once
    set, so older game.yaml stay as they were."""
    fields = asdict(seat)
    if not seat.holder:
        del fields["holder"]
    if seat.attach is None:
        del fields["attach"]
    if seat.robot_style is None:
        del fields["robot_style"]
    return fields


def _write_meta(root: Path, doc: Any) -> None:
    buf = io.StringIO()
    _yaml().dump(doc, buf)
    write_atomic(root / "game.yaml", buf.getvalue())


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
    if (root / "game.yaml").exists() and (root / "steps" / step_name(0) / "state.json").exists():
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
    _write_meta(root, _meta_fields(meta))
    gd = GameDir(root)
    gd.commit_step(0, state, [], {}, {"setup": True})
    return gd, tokens


def open_game(root: Path, *, check: bool = True) -> GameDir:
    """Open an existing game directory, refused when damaged (check=False: for the commands that repair one)."""
    gd = GameDir(Path(root))
    if check:
        gd.check_whole()
    return gd
