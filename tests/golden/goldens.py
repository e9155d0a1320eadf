"""Golden archives: packing a game folder as .tar.xz, unpacking it, and reading what it covers."""

from __future__ import annotations

import io
import json
import tarfile
from dataclasses import dataclass
from pathlib import Path

from ruamel.yaml import YAML

HERE = Path(__file__).parent
SUFFIX = ".tar.xz"
#: Files of a game folder that are not part of its archive: the lock, and reports (derived from the steps).
LEFT_OUT = (".lock", "reports", ".partial")


def archives() -> list[Path]:
    """Every golden archive, by name."""
    return sorted(HERE.glob(f"*{SUFFIX}"))


def name_of(archive: Path) -> str:
    """The game's folder name inside an archive."""
    return archive.name[: -len(SUFFIX)]


def pack(folder: Path, archive: Path) -> None:
    """Write `folder` as a reproducible .tar.xz (sorted names, no times or owners), reports left out."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:xz", preset=9) as tar:
        for path in sorted(folder.rglob("*")):
            relative = path.relative_to(folder)
            if any(part in LEFT_OUT or part.endswith(".partial") for part in relative.parts):
                continue
            info = tarfile.TarInfo(str(Path(folder.name) / relative))
            info.mtime = 0
            info.uid = info.gid = 0
            info.uname = info.gname = ""
            if path.is_dir():
                info.type = tarfile.DIRTYPE
                info.mode = 0o755
                tar.addfile(info)
            else:
                data = path.read_bytes()
                info.size = len(data)
                info.mode = 0o644
                tar.addfile(info, io.BytesIO(data))
    archive.write_bytes(buf.getvalue())


def unpack(archive: Path, into: Path) -> Path:
    """Extract a golden archive into `into`; the game folder."""
    with tarfile.open(archive, mode="r:xz") as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later: refuse links and paths outside `into`
            tar.extractall(into, filter="data")
        else:
            tar.extractall(into)  # our own archives, made by pack()
    return into / name_of(archive)


@dataclass(frozen=True)
class Coverage:
    """What one golden game exercises, read from its folder."""

    game: str
    seats: int
    wakhan: bool
    steps: int
    finished: bool
    answers: int  # steps that resolved an answer to a prompt (a paused turn going on)
    late: int  # steps where only some seats owed orders in a game of simultaneous orders (Scout's late choice)
    standing: int  # orders carrying standing orders
    defaults: int  # orders the game wrote for a seat that missed its deadline (pbem run --force)
    robots: int  # orders robots wrote
    replaced: int  # order files accepted but replaced or withdrawn before their step


def coverage(folder: Path) -> Coverage:
    """Read a game folder's features (no rules are consulted)."""
    meta = YAML(typ="safe").load((folder / "game.yaml").read_text(encoding="utf-8"))
    steps = sorted(p for p in (folder / "steps").iterdir() if p.name.isdigit())
    answers = late = standing = defaults = robots = 0
    seats = [s["name"] for s in meta["seats"]]
    resolved = set()
    for step in steps[1:]:
        info = json.loads((step / "step.json").read_text(encoding="utf-8"))
        defaults += sum(1 for how in info.get("orders", {}).values() if how == "default")
        orders = sorted((step / "orders").glob("*.yaml"))
        if meta["game"] == "expedition-5x" and len(orders) < len(seats):
            late += 1
        for path in orders:
            text = path.read_text(encoding="utf-8")
            resolved.add(text)
            # A reply to a paused turn: `answer:`, or `answers:` with no actions (an order's own `answers:` beside
            # its actions answers in advance and resumes nothing).
            answers += "\nanswer:" in text or ("\nanswers:" in text and "\nactions:" not in text)
            standing += "\nstanding:" in text
            robots += text.startswith("# robot orders")
    archived = [p.read_text(encoding="utf-8") for p in (folder / "archive").rglob("*.yaml")] \
        if (folder / "archive").is_dir() else []
    pending = {p.read_text(encoding="utf-8") for p in (folder / "pending").glob("*.yaml")} \
        if (folder / "pending").is_dir() else set()
    state = json.loads((steps[-1] / "state.json").read_text(encoding="utf-8"))
    return Coverage(
        game=meta["game"],
        seats=len(seats),
        wakhan=str((meta.get("options") or {}).get("wakhan", "")).lower() in ("yes", "true", "1"),
        steps=len(steps) - 1,
        finished=_finished(meta["game"], state),
        answers=answers,
        late=late,
        standing=standing,
        defaults=defaults,
        robots=robots,
        replaced=sum(1 for text in archived if text not in resolved and text not in pending),
    )


def _finished(game: str, state: dict[str, object]) -> bool:
    from engine import registry

    rules = registry.get(game)
    return rules.result(rules.decode(state)) is not None


def index_row(archive: Path, c: Coverage) -> str:
    """The archive's row in README.md: its name, what it covers and its size."""
    seats = f"{c.seats} + Wakhan" if c.wakhan else str(c.seats)
    return (f"| {name_of(archive)} | {c.game} | {seats} | {c.steps} | {'yes' if c.finished else 'no'} "
            f"| {c.answers} | {c.late} | {c.standing} | {c.defaults} | {c.robots} | {c.replaced} "
            f"| {archive.stat().st_size} |")
