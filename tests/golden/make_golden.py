"""Make golden archives: seeded games played through pbem's own commands, kept as tests/golden/<name>.tar.xz.

ONLY RUN THIS TO ADD NEW GOLDENS; NEVER TO REGENERATE EXISTING ONES. A golden archive stands for a game that
an older pbem made and that players still hold; the golden test replays it with the current code to show
what a change does to old games. Remaking an archive with new code would hide exactly that. The script
therefore skips every game whose archive exists; to add a game, append it to GAMES and run:

    .venv/bin/python tests/golden/make_golden.py            # makes only the games that have no archive yet

Each game is played through the real commands (`pbem new`, `robot`, `submit`, `withdraw`, `run`,
`run --force`, `status`), invoked in-process through the CLI, so intake, the batch and the store write every
file as they would for a moderator. Robot seats play inside `pbem run`; the other seats are played by this
script as people would: they answer prompts one batch later (so turns pause and resume), send standing
orders, sometimes replace or withdraw an order, and sometimes miss the deadline so that `pbem run --force`
plays the game's default for them. Everything is drawn from the game's seed, so a game made twice is the
same game (the seats' secret tokens aside).
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).parent))

from goldens import HERE, SUFFIX, archives, coverage, index_row, pack, unpack  # noqa: E402

from engine.rng import Rng  # noqa: E402
from pbem.cli import main  # noqa: E402
from pbem.orders import dump_body, render  # noqa: E402
from pbem.store import open_game  # noqa: E402

NAMES = ("anna", "ben", "cleo", "dara", "emil")
#: A guard against a game that never ends.
MAX_ROUNDS = 5000


@dataclass(frozen=True)
class Spec:
    """One golden game: who plays it and how the people behave."""

    name: str
    game: str
    seed: int
    seats: int
    people: tuple[str, ...]  # seats this script plays as people; the others are robots
    options: dict[str, str] = field(default_factory=dict)
    miss: int = 0  # per mille: a person misses a deadline (the step is forced)
    standing: bool = False  # people send standing orders (Pax Pamir, Pax Expanse)
    replace: int = 0  # per mille: a person sends an order, then replaces or withdraws it
    stop_at: int | None = None  # leave the game running once this step is stored


def pax(name: str, seed: int, seats: int, people: int, **kw: Any) -> Spec:
    return Spec(name, "pax-pamir", seed, seats, NAMES[:people], **kw)


def wakhan(name: str, seed: int, humans: int, people: int, **kw: Any) -> Spec:
    return Spec(name, "pax-pamir", seed, humans, NAMES[:people], options={"wakhan": "yes"}, **kw)


def x5(name: str, seed: int, seats: int, people: int, **kw: Any) -> Spec:
    return Spec(name, "expedition-5x", seed, seats, NAMES[:people], **kw)


def expanse(name: str, seed: int, seats: int, people: int, **kw: Any) -> Spec:
    return Spec(name, "pax-expanse", seed, seats, NAMES[:people], **kw)


GAMES: list[Spec] = [
    # Pax Pamir, 2-5 seats: people with standing orders, missed deadlines, replaced orders; robots.
    pax("pp2-s11", 11, 2, 2, miss=60, standing=True, replace=40),
    pax("pp2-s12", 12, 2, 1, miss=30),
    pax("pp2-s13", 13, 2, 0),
    pax("pp2-s14", 14, 2, 2, standing=True),
    pax("pp3-s21", 21, 3, 3, miss=50, standing=True, replace=30),
    pax("pp3-s22", 22, 3, 2, miss=80),
    pax("pp3-s23", 23, 3, 1, standing=True),
    pax("pp3-s24", 24, 3, 0),
    pax("pp4-s31", 31, 4, 4, miss=40, standing=True, replace=30),
    pax("pp4-s32", 32, 4, 2, miss=60, standing=True),
    pax("pp4-s33", 33, 4, 1, miss=100),
    pax("pp4-s34", 34, 4, 0),
    pax("pp5-s41", 41, 5, 5, miss=40, standing=True, replace=20),
    pax("pp5-s42", 42, 5, 2, miss=50, standing=True),
    pax("pp5-s43", 43, 5, 0),
    # Pax Pamir against Wakhan, one and two humans.
    wakhan("wk1-s51", 51, 1, 1, miss=50, standing=True, replace=30),
    wakhan("wk1-s52", 52, 1, 1, miss=80),
    wakhan("wk1-s53", 53, 1, 0),
    wakhan("wk1-s54", 54, 1, 1, standing=True),
    wakhan("wk2-s61", 61, 2, 2, miss=50, standing=True, replace=30),
    wakhan("wk2-s62", 62, 2, 1, miss=60, standing=True),
    wakhan("wk2-s63", 63, 2, 0),
    wakhan("wk1-s102", 102, 1, 1, miss=50, standing=True, replace=30),  # seeds that give longer games
    wakhan("wk2-s102", 102, 2, 2, miss=50, standing=True, replace=30),
    # Expedition to 5X, 3-5 seats (simultaneous orders; Scout's late choice is its paused round).
    x5("x3-s71", 71, 3, 3, miss=80, replace=40),
    x5("x3-s72", 72, 3, 1, miss=120),
    x5("x3-s73", 73, 3, 0),
    x5("x4-s81", 81, 4, 4, miss=60, replace=30),
    x5("x4-s82", 82, 4, 2, miss=100),
    x5("x4-s83", 83, 4, 0),
    x5("x5-s91", 91, 5, 5, miss=50, replace=30),
    x5("x5-s92", 92, 5, 2, miss=80),
    x5("x5-s93", 93, 5, 0),
    # Left running mid-game, so a test can go on with them as an upgraded pbem would.
    pax("pp3-s25-running", 25, 3, 3, miss=50, standing=True, stop_at=15),
    wakhan("wk1-s111-running", 111, 1, 1, miss=50, standing=True, stop_at=5),
    x5("x4-s84-running", 84, 4, 4, miss=60, stop_at=9),
    # Pax Expanse (release 0.3.0), 3-4 seats and the Rocinante: the secret starting loyalty, bribes and
    # agent_moves answered by people one batch later or by standing orders; missed deadlines; replaced orders.
    expanse("px3-s122", 122, 3, 3, miss=50, standing=True, replace=40),
    expanse("px3-s127", 127, 3, 3, miss=60, replace=30),  # no standing orders: people are asked every bribe
    expanse("px3-s129", 129, 3, 1, miss=80, standing=True),
    expanse("px3-s123", 123, 3, 0),
    expanse("px4-s131", 131, 4, 4, miss=40, standing=True, replace=30),
    expanse("px4-s134", 134, 4, 4, miss=60, replace=30),
    expanse("px4-s132", 132, 4, 2, miss=60, standing=True, replace=20),
    expanse("px4-s133", 133, 4, 0),
    expanse("px3-s125-running", 125, 3, 3, miss=50, standing=True, replace=30, stop_at=12),
]


class CommandFailed(Exception):
    """A pbem command exited with an error while a golden game was made."""


def pbem(*args: str, ok: tuple[int, ...] = (0,)) -> str:
    """Run a pbem command in-process; its output."""
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    if result.exit_code not in ok:
        raise CommandFailed(f"pbem {' '.join(args)} exited {result.exit_code}:\n{result.output}")
    return result.output


def make(spec: Spec, into: Path) -> Path:
    """Play one golden game in `into`; its folder."""
    folder = into / spec.name
    players = [arg for seat in NAMES[: spec.seats] for arg in ("--player", seat)]
    options = [arg for key, value in spec.options.items() for arg in ("--option", f"{key}={value}")]
    pbem("new", str(folder), "--game", spec.game, "--seed", str(spec.seed), *players, *options)
    robots = [seat for seat in NAMES[: spec.seats] if seat not in spec.people]
    if robots:
        pbem("robot", str(folder), *(arg for seat in robots for arg in ("--seat", seat)))
    force = False
    for _ in range(MAX_ROUNDS):
        pbem("run", "--no-reports", *(["--force"] if force else []), str(folder))
        info = json.loads(pbem("status", "--json", str(folder)))
        if info["finished"]:
            return folder
        if spec.stop_at is not None and info["step"] >= spec.stop_at:
            # Leave one person's order pending too, as a running game often has.
            for seat in info["waiting_for"][:1]:
                send(spec, folder, seat, info["next_step"], late=False)
            return folder
        force = False
        for seat in info["waiting_for"]:
            draw = Rng.for_step(spec.seed, info["next_step"], f"golden/{seat}")
            if draw.below(1000) < spec.miss:
                force = True  # this person missed the deadline: the moderator forces the step
                continue
            send(spec, folder, seat, info["next_step"], late=draw.below(1000) < spec.replace)
    raise RuntimeError(f"{spec.name}: not over after {MAX_ROUNDS} rounds")


def send(spec: Spec, folder: Path, seat: str, step: int, *, late: bool) -> None:
    """A person's order for `step`, submitted with `pbem submit` (after a replaced or withdrawn one if `late`)."""
    gd = open_game(folder)
    state = gd.state()
    draw = Rng.for_step(spec.seed, step, f"golden-order/{seat}")
    if late:
        first = gd.game.random_order(state, seat, Rng.for_step(spec.seed, step, f"golden-first/{seat}"))
        submit(folder, seat, step, first)
        if draw.below(2):
            pbem("withdraw", str(folder), seat)
    body = dict(gd.game.random_order(state, seat, draw))
    if spec.game == "pax-expanse":
        # Pax Expanse asks several questions of one seat at once (`answers:`) and has its own standing orders.
        if spec.standing and ("loyalty" in body or "answer" in body or "answers" in body or draw.below(10) == 0):
            body["standing"] = expanse_standing(state, seat, draw)
    elif spec.standing and ("loyalty" in body or "answer" in body or draw.below(10) == 0):
        body["standing"] = standing(state, seat, draw)
    if not submit(folder, seat, step, body, ok=(0, 1)) and "standing" in body:
        del body["standing"]
        submit(folder, seat, step, body)


def standing(state: Any, seat: str, draw: Rng) -> dict[str, Any]:
    """Standing orders a person might send: how to answer bribes, what to discard, Safe House."""
    orders: dict[str, Any] = {"bribe": draw.choice(["full", "waive", 1, 2, 3])}
    player = state.players[seat]
    cards = [*player.hand, *player.court]
    if cards:
        draw.shuffle(cards)
        orders["discard"] = cards
    if draw.below(2):
        orders["safe_house"] = bool(draw.below(2))
    return orders


def expanse_standing(state: Any, seat: str, draw: Rng) -> dict[str, Any]:
    """Pax Expanse standing orders a person might send: how to answer bribes, what to discard, where an agent
    goes when the asset it is on leaves play (sometimes none that applies, so the person is asked)."""
    orders: dict[str, Any] = {}
    if draw.below(2):  # without one, the person is asked each bribe
        orders["bribe"] = draw.choice(["full", "waive", 0, 1, 2, 3])
    player = state.players[seat]
    cards = [*player.hand, *player.network]
    if cards and draw.below(2):
        draw.shuffle(cards)
        orders["discard"] = cards
    if draw.below(2):
        assets = sorted(n for p in state.players.values() for n in p.network)
        moves: list[Any] = draw.sample(assets, min(len(assets), draw.below(3))) if assets else []
        moves += [[], ["own"], ["first"], ["own", "first"]][draw.below(4)]
        orders["agent_moves"] = moves or ["own"]
    return orders or {"bribe": "full"}


def submit(folder: Path, seat: str, step: int, body: dict[str, Any], ok: tuple[int, ...] = (0,)) -> bool:
    """Submit an order document; True when it was accepted."""
    text = render({"game": folder.name, "seat": seat, "step": step}, dump_body(body))
    path = folder.parent / f"{seat}-{step}.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        output = pbem("submit", str(folder), str(path), ok=ok)
    finally:
        path.unlink()
    return "accepted" in output or "replaced" in output


def main_(names: list[str]) -> None:
    """Make the named games (default: all listed) whose archives do not exist yet."""
    chosen = [spec for spec in GAMES if not names or spec.name in names]
    for spec in chosen:
        archive = HERE / f"{spec.name}{SUFFIX}"
        if archive.exists():
            print(f"{spec.name}: kept (golden archives are never remade)")
            continue
        with tempfile.TemporaryDirectory() as tmp:
            folder = make(spec, Path(tmp))
            pack(folder, archive)
            print(f"{spec.name}: {coverage(folder)} {archive.stat().st_size} bytes", flush=True)
            shutil.rmtree(folder)
    write_index()


INDEX_HEAD = """# Golden archives

Complete games made by earlier pbem code, one `.tar.xz` per game folder (reports left out: they are derived).
`test_golden_replay.py` replays each with the current code and compares with `expected.yaml`;
`test_upgrades.py` cuts them short and goes on with them as an upgraded pbem would.
`make_golden.py` made them; it is only ever run to add new games, never to remake these (see its docstring).
This list is written by that script from the archives themselves.

Columns: steps stored; `answers`: steps resolving answers to a paused turn's prompts; `late`: rounds where only
some seats owed orders (Scout's late choice); `standing`: orders carrying standing orders; `defaults`: orders
the game played for a seat that missed the deadline (`pbem run --force`); `robots`: orders robot seats sent;
`replaced`: orders replaced or withdrawn before their step.

| game folder | game | seats | steps | finished | answers | late | standing | defaults | robots | replaced | bytes |
|---|---|---|---|---|---|---|---|---|---|---|---|
"""


def write_index() -> None:
    """Write tests/golden/README.md: what each archive holds and covers."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for archive in archives():
            rows.append(index_row(archive, coverage(unpack(archive, Path(tmp)))))
    total = sum(a.stat().st_size for a in archives())
    (HERE / "README.md").write_text(INDEX_HEAD + "\n".join(rows) + f"\n\n{len(rows)} games, {total} bytes in all.\n",
                                    encoding="utf-8")


if __name__ == "__main__":
    main_(sys.argv[1:])
