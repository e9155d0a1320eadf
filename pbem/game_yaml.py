"""game.yaml: what a game is (kind, seed, options) and who sits at it, read, checked and written.

The seats' secret tokens are made and checked here too: game.yaml keeps only their hashes.
"""

from __future__ import annotations

import hashlib
import hmac
import io
import re
import secrets
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

from pbem import version
from pbem.files import write_atomic
from pbem.orders import plain
from pbem.yamlhelp import key_line, one_line, unknown_keys

#: The name of the file, in a game's folder.
FILE = "game.yaml"
FORMAT = 1
#: Seat names become file names and mail headers, so they are kept plain.
SEAT_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,31}\Z")  # \Z: '$' would let a trailing newline in
SEAT_NAME_RULE = "a seat name starts with a letter and has up to 32 letters, digits, '-' or '_'"
#: A game's name is its folder's name: it heads every order, names mail threads and site paths. Checked when a
#: game is made only: a folder made before the rule, whatever its name, still opens (archives are forever).
GAME_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}\Z")
GAME_NAME_RULE = ("a game's name is its folder's name, which starts with a letter or digit and has up to 64 "
                  "letters, digits, '-' or '_'")


class MetaError(ValueError):
    """game.yaml is malformed or holds a value that means nothing; the message names the file and line."""


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
            raise MetaError(f"{path}{line}: seat {seat.name}: {key}: {getattr(seat, key)!r}; write {valid}")


def _check_holder(path: Path, raw: Any, seat: Seat) -> None:
    """A hand-edited `holder:` must stay a count: it decides which private site address the seat's pages have."""
    if isinstance(seat.holder, bool) or not isinstance(seat.holder, int) or seat.holder < 0:
        try:
            line = f":{raw.lc.value('holder')[0] + 1}"
        except (AttributeError, KeyError, TypeError):
            line = ""
        raise MetaError(f"{path}{line}: seat {seat.name}: holder: {seat.holder!r}; write a whole number from 0")


def _known_keys(path: Path, raw: Any, keys: tuple[str, ...], where: str) -> None:
    """A hand-edited key pbem does not know (`adress:`, `option:`) is an error naming its line and the keys there
    are, not a setting silently lost (a seat without mail, a game without its options)."""
    if not isinstance(raw, Mapping):
        raise MetaError(f"{path}: {where}must be a mapping of keys ({', '.join(keys)})")
    said = unknown_keys(raw, keys)
    if said:
        number = key_line(raw, next(key for key in raw if key not in keys))  # the first one, as the file reads
        raise MetaError(f"{path}{f':{number}' if number else ''}: {where}{said}")


def hash_token(token: str) -> str:
    """The stored form of a seat's secret token (tokens are 128-bit random, so one SHA-256 suffices)."""
    return "sha256:" + hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, token_hash: str | None) -> bool:
    """True when `token` is the one whose hash is stored, compared in constant time."""
    return token_hash is not None and hmac.compare_digest(hash_token(token), token_hash)


def new_token() -> str:
    """A fresh secret token for a seat."""
    return secrets.token_urlsafe(16)


def _yaml() -> YAML:
    yaml = YAML()  # round trip, so a moderator's comments in game.yaml survive our edits
    yaml.default_flow_style = False
    yaml.width = 4096
    return yaml


def load(path: Path) -> Any:
    """game.yaml as a round-trip document (its comments kept); MetaError when it does not parse."""
    try:
        return _yaml().load(path.read_text(encoding="utf-8"))
    except Exception as exc:  # any parse failure is a broken archive, said plainly
        raise MetaError(f"{path}: cannot read: {one_line(exc)}") from None


#: The keys game.yaml holds at its top level; every key a release of pbem ever wrote there is one of them.
KEYS = ("format", version.KEY, "game", "seed", "seats", "options")


def parse(path: Path, doc: Any) -> GameMeta:
    """The GameMeta a loaded game.yaml holds; MetaError naming the file (and line, where known) when it is wrong."""
    try:
        _known_keys(path, doc, KEYS, "")
        for raw in doc["seats"]:
            name = raw.get("name") if isinstance(raw, Mapping) else raw
            _known_keys(path, raw, tuple(Seat.__dataclass_fields__), f"seat {name}: ")
        seats = [Seat(**dict(s)) for s in doc["seats"]]
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
    except MetaError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise MetaError(f"{path}: malformed game.yaml ({exc})") from None


def fields(meta: GameMeta) -> dict[str, Any]:
    """What game.yaml holds, in its order."""
    head: dict[str, Any] = {"format": meta.format}
    if meta.pbem_version is not None:  # an older game.yaml stays as it was
        head[version.KEY] = meta.pbem_version
    return {
        **head,
        "game": meta.game,
        "seed": meta.seed,
        "seats": [_seat_fields(seat) for seat in meta.seats],
        "options": meta.options,
    }


def _seat_fields(seat: Seat) -> dict[str, Any]:
    """A seat as game.yaml holds it: `holder` only once a replace counted it, `attach` and `robot_style` only once
    set, so older game.yaml stay as they were."""
    kept = asdict(seat)
    if not seat.holder:
        del kept["holder"]
    if seat.attach is None:
        del kept["attach"]
    if seat.robot_style is None:
        del kept["robot_style"]
    return kept


def write(root: Path, doc: Any) -> None:
    """Write game.yaml (a document from load, or the fields of a new game) atomically."""
    buf = io.StringIO()
    _yaml().dump(doc, buf)
    write_atomic(root / FILE, buf.getvalue())

