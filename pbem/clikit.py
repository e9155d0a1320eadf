"""What every command module shares: folder arguments, rejected input as exit 1, and the `--json` contract.

Exit codes (README, "Running a game"): 0 done, 1 rejected input (a game folder that is missing or holds no
game, bad orders, an unknown seat …), 2 usage (click's own: a missing argument, an unknown option).

`--json`: the command prints one JSON document on stdout and nothing else there. It holds `"ok": true`
when the command exits 0; on exit 1 it holds `"ok": false` and `"error"` (one line), and stderr shows the
same line. A usage error (exit 2) prints no JSON: click's message goes to stderr, as without `--json`.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

from engine import registry
from pbem.files import Busy
from pbem.store import GameDir, StoreError, open_game

#: A folder argument (a game, or a root of games). Not click's `exists=True`: that makes a missing folder a
#: usage error (exit 2), and a game that does not exist is rejected input (exit 1), said by `folder()`.
FOLDER = click.Path(path_type=Path)

F = TypeVar("F", bound=Callable[..., Any])


class Rejected(click.ClickException):
    """Input that pbem refuses: exit code 1, one line on stderr."""

    exit_code = 1


class Reported(Rejected):
    """Exit 1 after the command printed its JSON document, which holds the error already."""


def folder(path: Path) -> Path:
    """`path` when it is a folder; else Rejected, naming it."""
    if not path.exists():
        raise Rejected(f"{path}: no such folder")
    if not path.is_dir():
        raise Rejected(f"{path}: not a folder")
    return path


def open_folder(path: Path, *, check: bool = True) -> GameDir:
    """The game in `path` (check=False: a damaged one too); a folder that is missing or holds no game is Rejected."""
    return open_game(folder(path), check=check)


@contextmanager
def user_errors(*more: type[Exception]) -> Iterator[None]:
    """Turn the library's errors, and those of the kinds `more`, into one clear line and exit code 1."""
    kinds: tuple[type[Exception], ...] = (StoreError, registry.UnknownGame, Busy, *more)
    try:
        yield
    except kinds as exc:
        raise Rejected(str(exc)) from None
    except OSError as exc:  # a folder that is missing or a file, no permission, a full disk
        raise Rejected(f"{exc.filename}: {exc.strerror}" if exc.filename and exc.strerror else str(exc)) from None


def known_seat(gd: GameDir, seat: str | None) -> None:
    """Refuse a seat the game does not have, naming the ones it has (None: no seat asked for, nothing to check)."""
    if seat is not None and seat not in gd.meta.seat_names:
        raise Rejected(f"unknown seat {seat!r}; the seats are {', '.join(gd.meta.seat_names)}")


def emit(document: Any) -> None:
    """Print one JSON document on stdout: keys sorted, so the same result prints the same bytes."""
    click.echo(json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False))


def finish(document: dict[str, Any], error: str | None) -> None:
    """Print a command's JSON document with `ok` (and `error`); exit 1, the error on stderr, when there is one."""
    emit({**document, "ok": error is None, **({"error": error} if error is not None else {})})
    if error is not None:
        raise Reported(error)


def json_option(keys: str) -> Callable[[F], F]:
    """The `--json` flag (`as_json`), its keys named in --help; an error raised as exit 1 prints {ok, error}."""

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return command(*args, **kwargs)
            except click.ClickException as exc:
                if kwargs.get("as_json") and exc.exit_code == 1 and not isinstance(exc, Reported):
                    emit({"ok": False, "error": exc.format_message()})
                raise

        help_text = (f"Print one JSON document on stdout: {keys}. On exit 1: ok false and error "
                     "(also on stderr).")
        return click.option("--json", "as_json", is_flag=True, help=help_text)(run)  # type: ignore[return-value]

    return decorate
