"""How much mail a game sends: a 3-player robot game played as by mail, counted per player.

    python -m pbem.mail.volume [--seed 1] [--game GAME] [--players 3] [--mail every,no-pdf] [--keep DIR]

GAME is a game's id (`pbem games` lists them); without it, the game that offers to stand for this count
(engine.contract.Bench.mail_volume), else the first installed game.

Creates the game with `pbem new` under a root that has a pbem.yaml (so it is a game played by mail),
hands every seat to a robot (robots play inside the batch; a robot seat's address still gets the
reports), runs it to the end with `pbem run`, and prints the mails queued for each address, their size in
MB, and the PDFs rendered. `--mail` gives every seat that mail choice (as `pbem new --player` takes it);
without it, the game's default. It uses only the command line, so the same file measures an older pbem too
(run it as a script with that pbem first on PYTHONPATH).
"""

from __future__ import annotations

import argparse
import email
import email.policy
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from engine import contract, registry
from engine.words import counted
from pbem.cli import main as pbem_main

SEATS = ("anna", "ben", "cleo", "dara", "emil")


def pbem(*args: str) -> str:
    """Run one pbem command; its output, or SystemExit with it when it fails."""
    result = CliRunner().invoke(pbem_main, list(args), catch_exceptions=False)
    if result.exit_code != 0:
        raise SystemExit(f"pbem {' '.join(args)}: {result.output}")
    return result.output


def measure(root: Path, game: str, seed: str, players: int, mail: str = "") -> dict[str, object]:
    """Play one robot game under `root` and count what it queued and rendered."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "pbem.yaml").write_text("from: pbem@games.example\n", encoding="utf-8")
    folder = root / "g"
    seats = SEATS[:players]
    choice = f":{mail}" if mail else ""
    pbem("new", str(folder), "--game", game, "--seed", seed,
         *(a for s in seats for a in ("--player", f"{s}:{s}@example.org{choice}")))
    pbem("robot", str(folder), "--seat", "all")
    started = time.perf_counter()
    pbem("run", str(folder))
    seconds = time.perf_counter() - started
    per_address: Counter[str] = Counter()
    size: Counter[str] = Counter()
    for path in (folder / "mail" / "outbox").glob("*.eml"):
        raw = path.read_bytes()
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        if msg.get("X-Pbem-Kind") == "robot":
            continue  # the note that robots took the seats belongs to how this count is made, not to a game
        for address in getattr(msg["To"], "addresses", ()):
            per_address[address.addr_spec] += 1
            size[address.addr_spec] += len(raw)
    steps = sorted(p.name for p in (folder / "steps").iterdir() if p.name.isdigit())
    return {
        "steps": len(steps) - 1,
        "mails": {f"{s}@example.org": per_address[f"{s}@example.org"] for s in seats},
        "bytes": {f"{s}@example.org": size[f"{s}@example.org"] for s in seats},
        "pdfs": len(list(folder.glob("steps/*/reports/*.pdf"))),
        "html": len(list(folder.glob("steps/*/reports/*.html"))),
        "run_seconds": round(seconds, 1),
    }


def main(argv: list[str] | None = None) -> int:
    """Print the figures of one game."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--game", metavar="GAME", help="a game's id, as `pbem games` lists them (default: the "
                        "game whose Bench.mail_volume offers it, else the first installed)")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--mail", default="", metavar="CHOICE",
                        help="every seat's mail choice, e.g. every,no-pdf (default: the game's)")
    parser.add_argument("--keep", type=Path, help="play under this folder and keep it (default: a temporary one)")
    args = parser.parse_args(argv)
    if args.game is None:
        args.game = registry.first(lambda game: contract.bench(game).mail_volume).id
    with tempfile.TemporaryDirectory(prefix="pbem-volume-") as tmp:
        found = measure(args.keep or Path(tmp), args.game, args.seed, args.players, args.mail)
    mails, sizes = found["mails"], found["bytes"]
    assert isinstance(mails, dict) and isinstance(sizes, dict)
    print(f"{args.game}, {args.players} robot players, seed {args.seed}, mail {args.mail or 'as the game sets'}: "
          f"{found['steps']} steps, `pbem run` {found['run_seconds']} s")
    for address, count in mails.items():
        print(f"  {address}: {counted(count, 'mail')}, {sizes[address] / 1e6:.2f} MB")
    print(f"  per player: {sum(sizes.values()) / max(len(sizes), 1) / 1e6:.2f} MB")
    print(f"  PDFs rendered: {found['pdfs']} (HTML reports: {found['html']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
