"""Reading a game's archive: re-render its reports, replay it from its orders, print it as a book (thin)."""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import click

from pbem import progress
from pbem.clikit import FOLDER, Rejected, known_seat, open_folder, user_errors
from pbem.store import GameDir


@click.command()
@click.argument("directory", type=FOLDER)
@click.option("--step", type=int, help="Step to render (default: the current one).")
@click.option("--seat", help="Only this seat's report (default: every seat and the public one).")
@click.option("--format", "fmt", type=click.Choice(["html", "pdf", "json", "txt"]), default="pdf", show_default=True,
              help="The format whose path is printed.")
@click.option("--all-steps", is_flag=True,
              help="Every stored step: the PDFs not made yet are rendered (an archive to keep or print).")
def report(directory: Path, step: int | None, seat: str | None, fmt: str, all_steps: bool) -> None:
    """Re-render a step's reports from stored state and print their paths.

    \b
    Examples:
      pbem report games/g1 --step 3 --seat anna --format html
      pbem report games/g1 --all-steps            # every PDF of the game, for the archive
    """
    if all_steps:
        _report_all_steps(directory, seat, fmt)
        return
    with user_errors():
        gd = open_folder(directory)
        with gd.lock():
            step = gd.current_step() if step is None else step
            if step not in gd.steps():
                raise Rejected(f"no step {step}; stored steps are 0–{gd.current_step()}")
            known_seat(gd, seat)
            from pbem.reports import render_step

            # Only the reports: re-rendering must not queue the step's mail again, it may have been sent already.
            render_step(gd, step, readers=[seat] if seat is not None else None, pdf=fmt == "pdf")
    names = [seat] if seat else [*gd.meta.seat_names, "public"]
    for name in names:
        click.echo(gd.report_dir(step) / f"{name}.{fmt}")


def _report_all_steps(directory: Path, seat: str | None, fmt: str) -> None:
    """Every stored step's reports: PDFs rendered where missing (HTML, text and JSON are always written)."""
    with user_errors():
        gd = open_folder(directory)
        with gd.lock():
            known_seat(gd, seat)
            if fmt == "pdf":
                _render_missing_pdfs(gd, [seat] if seat is not None else [None, *gd.meta.seat_names])
    names = [seat] if seat else [*gd.meta.seat_names, "public"]
    for step in gd.steps():
        for name in names:
            click.echo(gd.report_dir(step) / f"{name}.{fmt}")


def _render_missing_pdfs(gd: GameDir, readers: list[str | None]) -> None:
    """Each stored step's PDFs that are not made yet (None: the public report), counted step by step on a terminal."""
    from pbem.reports.render import render_missing_pdfs

    with progress.counting(f"{gd.name}: PDFs, step", len(gd.steps())) as done:
        render_missing_pdfs(gd, readers=readers, done=done)


@click.command()
@click.argument("directory", type=FOLDER)
@click.option("--repair", is_flag=True,
              help="Write anew each snapshot that is missing or cut short (never a whole one), from the archived orders.")
def replay(directory: Path, repair: bool) -> None:
    """Rebuild every snapshot from setup and the archived orders; exit 1 at the first difference.

    A step whose events, or the questions a waiting turn puts, are only worded differently today (same
    data, same state) is noted, not a difference. A difference names the step, what differs (state, events or orders) and the pbem versions
    that made the step and that replayed it. With --repair, a snapshot that is missing or cut short is
    written from the rebuilt state once that step's rebuilt events are the stored ones.

    \b
    Example:
      pbem replay games/g1
      pbem replay games/g1 --repair   # the game was refused: steps/0012/state.json is cut short
    """
    from pbem import replay as replaying
    from pbem.integrity import step_numbers

    with user_errors():
        gd = open_folder(directory, check=False)  # replay is how a damaged game is diagnosed and repaired
        with gd.lock() if repair else nullcontext():
            steps = step_numbers(gd.root / "steps")
            with progress.counting(f"{gd.name}: replaying step", max(steps, default=0)) as shown:
                outcome = replaying.compare(gd, on_step=shown, repair=repair)
    for path in outcome.repaired:
        click.echo(f"{gd.name}: rebuilt {path.relative_to(gd.root)} from the archived orders")
    for line in replaying.wording_notes(gd.name, outcome):
        click.echo(line)
    difference = outcome.difference
    if difference is not None:
        raise Rejected(f"{gd.name}: replay differs at step {difference.step} ({difference.kind}): {difference.what}; "
                       f"{difference.versions()}")
    worded = replaying.worded_differently(outcome)
    click.echo(f"{gd.name}: all {len(gd.steps())} snapshots replay exactly"
               + (f" ({worded} worded differently, see above)" if worded else ""))
    with user_errors():
        gd.check_whole()  # what replay cannot mend (orders archived beyond the last step) is still said


@click.command()
@click.argument("directory", type=FOLDER)
@click.option("--seat", help="Whose book (default: the public one).")
@click.option("--output", "-o", type=click.Path(dir_okay=False, path_type=Path), required=True, help="PDF to write.")
def book(directory: Path, seat: str | None, output: Path) -> None:
    """Print a game as a book: every report of one seat, in order, as one PDF.

    \b
    Example:
      pbem book games/g1 --seat anna -o anna.pdf
    """
    from pbem.reports import render_book

    with user_errors():
        gd = open_folder(directory)
        known_seat(gd, seat)
        with progress.ticking(f"{gd.name}: rendering the book of {len(gd.steps())} steps"):
            data = render_book(gd, seat)
        output.write_bytes(data)
    click.echo(f"wrote {output}")
