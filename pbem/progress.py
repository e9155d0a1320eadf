"""Progress of a long command: one line on stderr redrawn in place, and nothing at all off a terminal.

Piped output, cron and systemd see only what a command prints as its result, so progress is drawn only
when stderr is a terminal (and TERM is not "dumb", which cannot return to the line's start). The line is
plain text: pbem prints no colour anywhere, so NO_COLOR (https://no-color.org) has nothing to turn off.
"""

from __future__ import annotations

import os
import shutil
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

#: How often a ticking line redraws its seconds.
TICK_SECONDS = 1.0


def on_terminal() -> bool:
    """Whether progress is drawn: stderr is a terminal that can redraw a line."""
    return sys.stderr.isatty() and os.environ.get("TERM") != "dumb"


class Line:
    """The one progress line; draws only on a terminal, and is wiped when done."""

    def __init__(self) -> None:
        self.shown = on_terminal()
        self._width = 0
        self._lock = threading.Lock()  # a ticking line is drawn from its own thread

    def show(self, text: str) -> None:
        """Draw `text` over what the line showed (cut to the terminal's width: a wrapped line cannot be redrawn)."""
        if not self.shown:
            return
        text = text[: max(shutil.get_terminal_size().columns - 1, 10)]
        with self._lock:
            click.echo(f"\r{text}{' ' * max(self._width - len(text), 0)}", err=True, nl=False)
            self._width = len(text)

    def wipe(self) -> None:
        """Clear the line, so what the command prints next starts on a clean one."""
        with self._lock:
            if self._width:
                click.echo(f"\r{' ' * self._width}\r", err=True, nl=False)
                self._width = 0


@contextmanager
def line() -> Iterator[Line]:
    """A progress line for as long as the block runs, wiped at its end (also when it fails)."""
    drawn = Line()
    try:
        yield drawn
    finally:
        drawn.wipe()


@contextmanager
def counting(label: str, total: int) -> Iterator[Callable[[int], None]]:
    """A counter line, "LABEL 12/80"; the block calls the function it is given with how many are done."""
    with line() as drawn:
        def update(done: int) -> None:
            drawn.show(f"{label} {done}/{total}")

        update(0)
        yield update


@contextmanager
def ticking(label: str) -> Iterator[None]:
    """"LABEL … 12 s", redrawn every second while one long call runs whose steps cannot be counted from here."""
    with line() as drawn:
        if not drawn.shown:
            yield
            return
        start = time.monotonic()
        stop = threading.Event()

        def tick() -> None:
            while True:
                drawn.show(f"{label} … {int(time.monotonic() - start)} s")
                if stop.wait(TICK_SECONDS):
                    return

        ticker = threading.Thread(target=tick, name="pbem-progress", daemon=True)
        ticker.start()
        try:
            yield
        finally:
            stop.set()
            ticker.join()
