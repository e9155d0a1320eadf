"""The pbem command line: thin commands that parse arguments, call the library and print."""

from __future__ import annotations

import importlib
import sys
import tempfile
import traceback
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from engine import registry
from engine.words import counted
from pbem import progress
from pbem.clikit import FOLDER, Rejected, emit, finish, json_option, open_folder, user_errors
from pbem.game_yaml import SEAT_NAME, SEAT_NAME_RULE, Seat
from pbem.store import GameDir, StoreError, create, open_game

# Each command imports inside its function what only it needs: `pbem check` of one file must not pay for the
# moderator's controls, the mail notices or the replay machinery (tests/core/test_startup_imports.py).
if TYPE_CHECKING:
    from pbem import batch


def parse_player(text: str) -> Seat:
    """NAME, NAME:ADDRESS or NAME:ADDRESS:MAIL (MAIL: every, due or digest, and ',pdf' or ',no-pdf')."""
    from pbem.mail.policy import PolicyError, parse_choice

    name, _, rest = text.partition(":")
    address, _, mail = rest.partition(":")
    try:
        policy, pdf = parse_choice(mail) if mail else (None, None)
    except PolicyError as exc:
        raise click.BadParameter(str(exc), param_hint="--player") from None
    if not SEAT_NAME.match(name):
        raise click.BadParameter(
            f"{name!r}: {SEAT_NAME_RULE}",
            param_hint="--player",
        )
    if address and ("@" not in address or any(c in address for c in "\r\n<>, \t")):
        raise click.BadParameter(f"{address!r} is not a mail address", param_hint="--player")
    return Seat(name=name, address=address or None, mail=policy, pdf=pdf)


def renderer(directory: Path | None = None) -> batch.Renderer:
    """The report renderer (imported late: WeasyPrint takes a moment to load).

    With mail settings at the games' root, report mail comes from their address, so its Message-IDs and
    threads match the order checks and reminders that pbem mail sends.
    """
    from pbem.mail import settings as mail_settings
    from pbem.mail.report import render_and_queue  # the reports render, then pbem.mail queues the report mail
    from pbem.mail.tick import default_renderer

    root = directory.resolve().parent if directory is not None else None
    if root is not None and (root / mail_settings.SETTINGS_FILE).is_file():
        try:
            return default_renderer(mail_settings.load(root)) or render_and_queue
        except mail_settings.SettingsError as exc:
            raise Rejected(str(exc)) from None
    return render_and_queue


class LazyGroup(click.Group):
    """A group whose heavier commands are imported only when named (or when help lists them)."""

    #: command name -> "module:attribute"; mail and site pull in IMAP, SMTP, icalendar and the site builder.
    LAZY = {"mail": "pbem.mail.cli:mail", "tick": "pbem.mail.cli:tick", "site": "pbem.site.cli:site",
            # the moderator's controls pull in deadlines, press and the mail notices
            **{name: f"pbem.control_cli:{name}"
               for name in ("hold", "resume", "deadline", "rollback", "preview", "resend", "broadcast", "replace")},
            "timezone": "pbem.control_cli:timezone_",
            # a seat's orders, and reading the archive (the replay machinery, the book)
            **{name: f"pbem.orders_cli:{name}" for name in ("check", "submit", "withdraw")},
            **{name: f"pbem.archive_cli:{name}" for name in ("report", "replay", "book")}}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.LAZY})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.LAZY and cmd_name not in self.commands:
            module, attribute = self.LAZY[cmd_name].split(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="pbem")
def main() -> None:
    """pbem — a play-by-email turn processor for board games.

    \b
    Example, a game played by robots from start to end (GAME: a game's id, `pbem games` lists them):
      pbem new games/demo --game GAME --seed 7 \\
          --player anna:anna@example.org --player ben --player cleo
      pbem robot games/demo --seat anna --seat ben --seat cleo
      pbem run games/demo
      pbem status games/demo
    """


@main.command()
def games() -> None:
    """List the installed games.

    \b
    Example:
      pbem games
    """
    for game_id, game in registry.games().items():
        counts = f"{game.player_counts.start}-{game.player_counts.stop - 1}"
        click.echo(f"{game_id:16} {game.title} ({counts} players)")


@main.command()
@click.argument("directory", type=click.Path(file_okay=False, path_type=Path))
@click.option("--game", "game_id", required=True, metavar="GAME", help="Game id (see `pbem games`).")
@click.option("--seed", required=True, help="The game's seed: all its randomness comes from it.")
@click.option("--player", "players", multiple=True, required=True, metavar="NAME[:ADDRESS[:MAIL]]",
              help="A seat, in seating order; repeat for each player. MAIL: every, due or digest, "
                   "optionally ',no-pdf' (default: due for turn-by-turn games, else every; with the PDF).")
@click.option("--option", "options", multiple=True, metavar="KEY=VALUE", help="A game option.")
def new(directory: Path, game_id: str, seed: str, players: tuple[str, ...], options: tuple[str, ...]) -> None:
    """Create a game in DIRECTORY and print each seat's secret token once.

    \b
    Example (GAME: a game's id, `pbem games` lists them):
      pbem new games/g1 --game GAME --seed 42 \\
          --player anna:anna@example.org --player ben:ben@example.org --player cleo
    """
    from pbem import control

    seats = [parse_player(p) for p in players]
    opts: dict[str, Any] = {}
    for item in options:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"{item!r}: write KEY=VALUE", param_hint="--option")
        opts[key] = value
    with user_errors():
        _default_mail(registry.get(game_id), seats)
        control.check_new_options(opts)  # a bad time zone or rule is refused now, not at the first tick
        gd, tokens = create(directory, game_id, seed, seats, opts)
    click.echo(f"created {gd.game.title} game {gd.name!r} in {directory}")
    root = gd.root.resolve().parent
    if (root / "pbem.yaml").is_file():
        # Played by mail: each seat's token goes only into its welcome mail (sent by `pbem mail send`/`tick`).
        from pbem.mail import notices
        from pbem.mail import settings as mail_settings

        try:
            queued = notices.queue_welcome(gd, mail_settings.load(root), tokens)
        except mail_settings.SettingsError as exc:
            retry = f"run `pbem mail welcome {directory}` once it is fixed"
            raise Rejected(f"{exc}; the game was created: {retry}") from None
        click.echo(f"queued {counted(len(queued), 'welcome mail')} with the seats' tokens; deliver with `pbem mail send {root}`")
        unmailed = [s for s in tokens if not gd.meta.seat(s).address or gd.meta.seat(s).robot]
        tokens = {s: t for s, t in tokens.items() if s in unmailed}
        if not tokens:
            return
    click.echo("secret tokens (shown once; each player needs theirs to send orders by mail):")
    for seat, token in tokens.items():
        click.echo(f"  {seat}: {token}")


def _default_mail(game: Any, seats: list[Seat]) -> None:
    """Seats given no mail policy get the game's default, written into game.yaml (see pbem.mail.policy)."""
    from pbem.mail.policy import default_policy, set_choice

    for seat in seats:
        set_choice(seat, seat.mail or default_policy(game), seat.pdf)


@main.command()
@click.argument("directories", nargs=-1, required=True, type=FOLDER)
@click.option("--force", is_flag=True, help="Resolve the due step now, using each game's default for missing orders.")
@click.option("--no-reports", is_flag=True, help="Resolve only; render reports later with `pbem report`.")
@click.option("--steps", "most", type=click.IntRange(min=1), default=None,
              help="Resolve at most this many steps of each game (a robot game, step by step).")
@json_option("ok, games: one per DIRECTORY with directory, name, ok (and error), resolved (step numbers), "
             "forced (step, seats: who got default orders), waiting_for, finished, held (why, or null)")
def run(directories: tuple[Path, ...], force: bool, no_reports: bool, most: int | None, as_json: bool) -> None:
    """Resolve every step whose orders are complete, render reports and queue mail.

    Robot seats play whenever they owe orders, so a game of robots runs to its end, or for --steps steps.

    \b
    Example:
      pbem run games/g1 games/g2
      pbem run --force games/g1     # the deadline passed: use defaults for missing orders
      pbem run --steps 1 games/g1   # one step of a robot game, to read its reports
    """
    games: list[dict[str, Any]] = []
    errors: list[str] = []
    for directory in directories:
        # One game that cannot be run must not keep the others waiting: say why and go on.
        row: dict[str, Any] = {"directory": str(directory), "name": None, "resolved": [], "forced": [],
                                 "waiting_for": [], "finished": False, "held": None}
        try:
            gd, summary = _run_one(directory, force=force, render=None if no_reports else renderer(directory),
                                   most=most)
        except click.ClickException as exc:
            errors.append(exc.format_message())
            games.append({**row, "ok": False, "error": exc.format_message()})
            if not as_json:
                exc.show()
            continue
        games.append({**row, "ok": True, "name": gd.name, "resolved": summary.resolved,
                      "forced": [{"step": step, "seats": seats} for step, seats in summary.forced.items()],
                      "waiting_for": summary.waiting_for, "finished": summary.finished, "held": summary.held})
        if not as_json:
            for line in _run_lines(gd, summary, directory, most):
                click.echo(line)
    if as_json:
        finish({"games": games}, "; ".join(errors) or None)
    elif errors:
        sys.exit(1)


def _tell_forced(gd: GameDir, summary: batch.RunSummary) -> None:
    """When the game is played by mail, seats that got default orders hear what was played for them."""
    from pbem.mail import notices
    from pbem.mail import settings as mail_settings

    root = gd.root.resolve().parent
    if not summary.forced or not (root / mail_settings.SETTINGS_FILE).is_file():
        return
    try:
        settings = mail_settings.load(root)
    except mail_settings.SettingsError as exc:
        raise Rejected(f"{exc}; the steps were resolved, but the seats were not told of their default orders") from None
    now = datetime.now(UTC)
    for step, seats in summary.forced.items():
        for seat in seats:
            notices.queue_missed(gd, settings, seat, step, "the game's default orders", now)


def _run_one(directory: Path, *, force: bool, render: batch.Renderer | None,
             most: int | None = None) -> tuple[GameDir, batch.RunSummary]:
    """`pbem run` for one game: resolve and render, with progress on a terminal; the game and what was done."""
    with progress.line() as shown:
        def resolved(step: int) -> None:
            shown.show(f"{gd.name}: resolved step {step} ({gd.game.label(gd.state())})")

        def rendered(done: int, total: int) -> None:
            shown.show(f"{gd.name}: reports {done}/{total} steps")

        with user_errors():
            gd = open_folder(directory)
            with gd.lock():
                from pbem import batch  # deadlines and icalendar: only a run needs them

                summary = batch.run_game(gd, force=force, render=render, on_step=resolved, on_rendered=rendered,
                                         most=most)
                _tell_forced(gd, summary)
    if summary.held is not None and force:
        raise Rejected(_held_line(gd, summary, directory))
    return gd, summary


def _held_line(gd: GameDir, summary: batch.RunSummary, directory: Path) -> str:
    return f"{gd.name}: held by the moderator ({summary.held}); nothing resolved until `pbem resume {directory}`"


def _run_lines(gd: GameDir, summary: batch.RunSummary, directory: Path, most: int | None = None) -> list[str]:
    """What `pbem run` says of one game it ran (`most`: its --steps)."""
    if summary.held is not None:
        return [_held_line(gd, summary, directory)]
    resolved = f"resolved {counted(len(summary.resolved), 'step')}" if summary.resolved else "nothing to resolve"
    lines = [f"{gd.name}: step {step}: default orders for {', '.join(seats)}" for step, seats in summary.forced.items()]
    if summary.finished:
        return [*lines, f"{gd.name}: {resolved}; the game is over"]
    if most is not None and len(summary.resolved) == most:
        return [*lines, f"{gd.name}: {resolved}, as --steps {most} asked; the next run goes on from there"]
    return [*lines, f"{gd.name}: {resolved}; waiting for {', '.join(summary.waiting_for)}"]


@main.command()
@click.argument("directory", type=FOLDER)
@click.option("--seat", "seats", multiple=True, required=True, help="Seat to hand to a robot ('all' for every seat).")
@click.option("--style", type=click.Choice(["random", "caretaker"]), default="random", show_default=True,
              help="random: seeded random legal orders; caretaker: orders meant to win, from what the seat may see.")
@click.option("--off", is_flag=True, help="Give the seats back to their players.")
def robot(directory: Path, seats: tuple[str, ...], style: str, off: bool) -> None:
    """Make SEATs robots that send seeded orders (or, with --off, people again).

    A random robot plays random legal orders; the caretaker (--style caretaker) plays to win for a seat whose
    player left, deciding only from what that seat may see. Both are seeded by the game, so it replays.

    \b
    Examples:
      pbem robot games/g1 --seat ben --seat cleo
      pbem robot games/g1 --seat anna --style caretaker
      pbem robot games/g1 --seat anna --off
    """
    with user_errors():
        gd = open_folder(directory)
        with gd.lock():
            names = gd.meta.seat_names if "all" in seats else list(seats)
            from pbem import players  # mail notices: loaded only by the commands that queue them

            queued = players.set_robot(gd, names, not off, datetime.now(UTC), None if off else style)
    who = "people now play" if off else ("the caretaker now plays" if style == "caretaker" else "robots now play")
    click.echo(f"{who}: {', '.join(names)}")
    if queued:
        click.echo(f"queued {counted(len(queued), 'mail')} telling the players")


@main.command()
@click.argument("directory", type=FOLDER)
@json_option("for a game: ok, game, title, name, step, next_step, label, waiting_for, received, finished, "
             "scores, winners, seats, lock, held, deadline, deadlines; for a ROOT: a list, one object per game "
             "(name, game, step, label, deadline, waiting_for, held, finished; or name and error)")
@click.option("--zone", help="With a ROOT of games: show deadlines on this clock (default: this machine's).")
def status(directory: Path, as_json: bool, zone: str | None) -> None:
    """Show where a game stands: step, whose orders are awaited, scores; or one line per game under a ROOT.

    \b
    Example:
      pbem status games/g1 --json
      pbem status games/ --zone Europe/Berlin
    """
    from pbem import status as statusing

    if not (directory / "game.yaml").is_file() and statusing.games_under(directory):
        _status_root(directory, as_json, zone)
        return
    with user_errors():
        info = statusing.status(open_folder(directory))
    stuck = statusing.stuck(info)
    if as_json:
        finish(info, stuck)
        return
    click.echo(statusing.describe(info))
    if stuck:
        raise Rejected(stuck)


def _status_root(root: Path, as_json: bool, zone_name: str | None) -> None:
    """`pbem status ROOT`: one line per game; a game that cannot be read is a line saying why."""
    from pbem import status as statusing
    from pbem.mail.deadlines import DeadlineError
    from pbem.mail.deadlines import zone as named_zone

    try:
        clock = named_zone(zone_name) if zone_name else datetime.now().astimezone().tzinfo
    except DeadlineError as exc:
        raise Rejected(str(exc)) from None
    rows: list[dict[str, Any]] = []
    for folder in statusing.games_under(root):
        try:
            rows.append(statusing.overview(open_game(folder), clock))  # type: ignore[arg-type]
        except (StoreError, registry.UnknownGame) as exc:
            rows.append({"name": folder.name, "error": str(exc)})
    if as_json:
        emit(rows)  # a list, as it always was: scripts read it as one
        return
    for row in rows:
        click.echo(f"{row['name']:16} cannot be read: {row['error']}" if "error" in row else statusing.overview_line(row))


def entry() -> None:
    """Run the CLI; an unexpected failure prints one line and saves the traceback for a bug report."""
    try:
        main(standalone_mode=True)
    except SystemExit:
        raise
    except Exception as exc:  # the last guard: no traceback reaches a user
        with tempfile.NamedTemporaryFile("w", prefix="pbem-crash-", suffix=".txt", delete=False) as handle:
            traceback.print_exc(file=handle)
        click.echo(f"pbem: internal error: {exc} (traceback saved in {handle.name}; please report it)", err=True)
        sys.exit(1)


