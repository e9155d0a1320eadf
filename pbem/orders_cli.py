"""The order commands: check, submit and withdraw a seat's orders for the next step (thin)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from engine.words import counted
from pbem.clikit import FOLDER, finish, json_option, known_seat, open_folder, user_errors

if TYPE_CHECKING:
    from pbem.orders import Located, OrderDoc
    from pbem.store import GameDir


ORDER_FILES = click.argument("files", nargs=-1, required=True,
                             type=click.Path(exists=True, dir_okay=False, path_type=Path))


def _problem(problem: Located) -> dict[str, Any]:
    """One problem of an order file as JSON."""
    from engine.quoting import one_line

    return {"file": problem.source, "line": problem.line, "col": problem.col, "message": one_line(problem.message)}


def _named(gd: GameDir, doc: OrderDoc) -> tuple[str | None, int | None]:
    """The seat and step an order file names, when they are a seat of the game and a whole number."""
    seat, step = doc.header.get("seat"), doc.header.get("step")
    return (str(seat) if str(seat) in gd.meta.seat_names else None,
            step if isinstance(step, int) and not isinstance(step, bool) else None)


def _end(gd: GameDir, files: list[dict[str, Any]], refused: int, what: str, as_json: bool) -> None:
    """How a check or submit ends: its JSON document, or exit 1 when an order file was refused (each file has
    said why on its own line already); the one-line error reads "1 of 2 order files <what>"."""
    error = f"{refused} of {counted(len(files), 'order file')} {what}" if refused else None
    if as_json:
        finish({"game": gd.name, "files": files}, error)
    elif error:
        sys.exit(1)


@click.command()
@click.argument("directory", type=FOLDER)
@ORDER_FILES
@json_option("ok, game, files: one per FILE with file, valid, seat, step, problems (file, line, col, message) "
             "and warnings")
def check(directory: Path, files: tuple[Path, ...], as_json: bool) -> None:
    """Check order FILES without storing them: exit 0 when all are valid, 1 when not.

    \b
    Example:
      pbem check games/g1 anna-orders.yaml
      pbem check games/g1 anna-orders.yaml --json
    """
    from pbem import intake
    from pbem.warnings import lines_of, warnings_for

    checked: list[dict[str, Any]] = []
    with user_errors():
        gd = open_folder(directory)
        for path in files:
            doc = intake.check(gd, path.read_bytes(), str(path))
            seat, step = _named(gd, doc)
            found = [] if doc.problems or seat is None else warnings_for(gd, seat, doc.body)
            # Only what the order file says and the game's warnings for its seat: never its token, nor the header.
            checked.append({"file": str(path), "valid": not doc.problems, "seat": seat, "step": step,
                            "problems": [_problem(p) for p in doc.problems], "warnings": found})
            if as_json:
                continue
            for problem in doc.problems:
                click.echo(str(problem))
            if not doc.problems:
                click.echo(f"{path}: orders for {seat}, step {step} are valid")
                for line in lines_of(found)[1:]:
                    click.echo(line)
    _end(gd, checked, sum(not c["valid"] for c in checked), "have problems", as_json)


@click.command()
@click.argument("directory", type=FOLDER)
@ORDER_FILES
@json_option("ok, game, files: one per FILE with file, accepted, replaced, seat, step, told (a mail to the "
             "seat was queued), problems (file, line, col, message) and warnings")
def submit(directory: Path, files: tuple[Path, ...], as_json: bool) -> None:
    """Check order FILES and keep the valid ones for the next step (a resubmission replaces).

    \b
    Example:
      pbem submit games/g1 anna-orders.yaml ben-orders.yaml
    """
    from pbem import intake
    from pbem.warnings import lines_of, warnings_for

    done: list[dict[str, Any]] = []
    with user_errors():
        gd = open_folder(directory)
        with gd.lock():
            for path in files:
                try:
                    accepted = intake.submit(gd, path.read_bytes(), str(path))
                except intake.OrderRejected as exc:
                    seat, step = _named(gd, exc.doc)
                    done.append({"file": str(path), "accepted": False, "replaced": False, "seat": seat, "step": step,
                                 "told": False, "problems": [_problem(p) for p in exc.doc.problems], "warnings": []})
                    if not as_json:
                        click.echo(str(exc), err=True)
                    continue
                from pbem import players  # mail notices: only a submit that confirms pays for them

                told = bool(players.confirm_submitted(gd, accepted.seat, accepted.step, accepted.doc.text,
                                                      accepted.replaced))
                found = warnings_for(gd, accepted.seat, accepted.doc.body)
                done.append({"file": str(path), "accepted": True, "replaced": accepted.replaced, "seat": accepted.seat,
                             "step": accepted.step, "told": told, "problems": [], "warnings": found})
                if as_json:
                    continue
                verb = "replaced" if accepted.replaced else "accepted"
                click.echo(f"{path}: {verb} orders of {accepted.seat} for step {accepted.step}")
                if told:
                    click.echo(f"  queued a mail telling {accepted.seat} of these orders")
                for line in lines_of(found)[1:]:
                    click.echo(line)
    _end(gd, done, sum(not d["accepted"] for d in done), "rejected", as_json)


@click.command()
@click.argument("directory", type=FOLDER)
@click.argument("seat")
def withdraw(directory: Path, seat: str) -> None:
    """Withdraw SEAT's orders for the next step (they stay in the archive).

    \b
    Example:
      pbem withdraw games/g1 anna
    """
    with user_errors():
        gd = open_folder(directory)
        with gd.lock():
            known_seat(gd, seat)
            done = gd.withdraw_pending(seat)
    click.echo(f"withdrew the orders of {seat}" if done else f"{seat} had no orders waiting")
