"""pbem installed from its wheel into a fresh virtualenv works from an empty folder, far from the checkout.

The wheel is built from a copy of the source (setuptools writes build/ and *.egg-info next to what it builds),
installed with its dependencies (pip's own index and cache settings apply), and every command a moderator runs
is run from an empty folder with PYTHONPATH unset: templates, stylesheets and card data must come from the
installed packages, never from a path next to the source tree.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

CHECKOUT = Path(__file__).resolve().parents[2]
#: The import packages the wheel ships (pyproject's packages.find), each a folder of the checkout.
PACKAGES = ("engine", "games", "pbem", "templates")
#: The games the wheel ships: the entry points pyproject declares.
GAMES = tuple(sorted(tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["project"]["entry-points"]["pbem.games"]))
SEATS = ("anna", "ben", "cleo")
#: Steps each game is played for: enough for an archive of reports, fewer than any game lasts.
STEPS = 12


def source_files() -> set[str]:
    """Every file of the shipped packages in the source tree, as the wheel names it (compiled files aside)."""
    found = set()
    for package in PACKAGES:
        for path in (CHECKOUT / package).rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
                found.add(path.relative_to(CHECKOUT).as_posix())
    return found


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """pbem's wheel, built from a copy of the checkout's packaged files."""
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(CHECKOUT / name, source / name)
    for package in PACKAGES:
        shutil.copytree(CHECKOUT / package, source / package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    dist = work / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(dist),
                    str(source)], check=True, cwd=work, env=_clean_env(bytecode=False))  # no __pycache__ to ship
    (built,) = dist.glob("pbem-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh virtualenv outside the checkout with the wheel installed; returns its bin folder."""
    where = tmp_path_factory.mktemp("venv") / "pbem"
    subprocess.run([sys.executable, "-m", "venv", str(where)], check=True, env=_clean_env())
    bin_dir = where / "bin"
    # --no-compile: each module is compiled when a command first imports it, not all of every dependency up front
    # (what pip compiles is what Python would; the commands below import whatever pbem needs).
    subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "--no-compile", str(wheel)],
                   check=True, cwd=where, env=_clean_env())
    return bin_dir


@pytest.fixture
def empty(tmp_path: Path) -> Iterator[Path]:
    """An empty folder outside the checkout to run every command from."""
    folder = tmp_path / "moderator"
    folder.mkdir()
    assert not folder.is_relative_to(CHECKOUT)
    yield folder


def _clean_env(*, bytecode: bool = True) -> dict[str, str]:
    """The environment without anything that would import pbem from the checkout; `bytecode`: whether Python may
    keep the modules it compiles (in the test's own virtualenv: each command then compiles only what is new)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME", "PYTHONDONTWRITEBYTECODE")}
    if not bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _pbem(bin_dir: Path, cwd: Path, *args: str) -> str:
    """Run the installed pbem in `cwd`; its output, or the test fails with what it printed."""
    done = subprocess.run([str(bin_dir / "pbem"), *args], cwd=cwd, env=_clean_env(), capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, f"pbem {' '.join(args)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_wheel_holds_every_file_of_the_shipped_packages(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        shipped = set(archive.namelist())
    missing = sorted(source_files() - shipped)
    assert missing == [], f"left out of the wheel (add them to pyproject's package-data): {missing}"
    # The run-time data the code reads, named so a renamed folder cannot make the check above vacuous.
    for needed in ("templates/__init__.py", "templates/report.html.j2", "templates/base.css",
                   "templates/mail/report.html.j2", "templates/site/site.css", "games/pax/templates/macros.html.j2",
                   "games/pax_pamir/templates/report.html.j2", "games/pax_pamir/data/court.yaml",
                   "games/pax_expanse/templates/report.css", "games/pax_expanse/data/map.yaml",
                   "games/expedition_5x/templates/report.txt.j2", "games/expedition_5x/data/cards.yaml",
                   "games/pax_pamir/orders.md", "games/expedition_5x/examples/drill.yaml"):
        assert needed in shipped, needed


def test_every_command_runs_from_an_empty_folder_with_the_installed_wheel(venv: Path, empty: Path) -> None:
    where = subprocess.run([str(venv / "python"), "-c", "import games, pbem, templates; "
                            "print(pbem.__file__); print(games.__file__); print(templates.__file__)"],
                           cwd=empty, env=_clean_env(), capture_output=True, text=True, check=True)
    for path in where.stdout.split():
        assert Path(path).is_relative_to(venv.parent), f"imported from outside the new virtualenv: {path}"

    assert _pbem(venv, empty, "--version").startswith("pbem, version ")
    listed = _pbem(venv, empty, "games")
    for game in GAMES:
        assert game in listed

    root = empty / "games"
    for game in GAMES:
        folder = f"games/{game}"
        players = [arg for seat in SEATS for arg in ("--player", seat)]
        _pbem(venv, empty, "new", folder, "--game", game, "--seed", "wheel-5", *players)
        _pbem(venv, empty, "robot", folder, "--seat", "all")
        # Robots play, every step's reports are rendered; whole games are the conformance suite's, not this test's.
        assert f"as --steps {STEPS} asked" in _pbem(venv, empty, "run", "--steps", str(STEPS), folder)
        report = (root / game / "steps" / "0001" / "reports" / "anna.html").read_text(encoding="utf-8")
        # The game's own partial and stylesheet, from its package: not the generic listing of the view.
        assert f"/* {game}/report.css */" in report, game
        assert "<dt>" not in report, f"{game}: rendered without its partial"
        assert (root / game / "steps" / "0001" / "reports" / "anna.txt").stat().st_size > 0
        pdf = Path(_pbem(venv, empty, "report", folder, "--step", "1", "--seat", "anna", "--format", "pdf").strip())
        assert (empty / pdf if not pdf.is_absolute() else pdf).read_bytes().startswith(b"%PDF-")
        _pbem(venv, empty, "replay", folder)  # exits 1 at the first difference
    # One game's whole archive so far as PDFs, and its book.
    _pbem(venv, empty, "report", "games/expedition-5x", "--all-steps", "--seat", "anna")
    pdfs = sorted((root / "expedition-5x" / "steps").glob("*/reports/anna.pdf"))
    assert len(pdfs) == STEPS + 1 and all(p.read_bytes().startswith(b"%PDF-") for p in pdfs)
    _pbem(venv, empty, "book", "games/expedition-5x", "--seat", "anna", "-o", "anna-book.pdf")
    assert (empty / "anna-book.pdf").read_bytes().startswith(b"%PDF-")

    _pbem(venv, empty, "site", "games", "site")
    assert "expedition-5x" in (empty / "site" / "index.html").read_text(encoding="utf-8")
    for game in GAMES:
        assert (empty / "site" / "_assets" / f"{game}.css").stat().st_size > 0, game


def lowest_build_requirements() -> list[str]:
    """pyproject's build requirements pinned to the lowest release series they allow (each `name>=version` as
    `name==version.*`, whose first release may be yanked): what a machine with only the declared minimum builds
    the wheel with."""
    declared = tomllib.loads((CHECKOUT / "pyproject.toml").read_text())["build-system"]["requires"]
    pinned = [f"{requirement.replace('>=', '==')}.*" for requirement in declared]
    assert all("==" in requirement for requirement in pinned), f"each build requirement names its lowest version: {declared}"
    return pinned


def test_the_lowest_declared_setuptools_builds_the_wheel(tmp_path: Path) -> None:
    """The build requirement is true: a distribution's older setuptools that meets it (pip install
    --no-build-isolation, as Debian packaging does) builds pbem, not only the newest one pip fetches."""
    builder = tmp_path / "builder"
    subprocess.run([sys.executable, "-m", "venv", str(builder)], check=True, env=_clean_env())
    python = str(builder / "bin" / "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", *lowest_build_requirements()], check=True,
                   env=_clean_env())
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(CHECKOUT / name, source / name)
    shutil.copytree(CHECKOUT / "pbem", source / "pbem", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    done = subprocess.run([python, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
                           "--wheel-dir", str(tmp_path / "dist"), str(source)],
                          env=_clean_env(bytecode=False), capture_output=True, text=True)
    assert done.returncode == 0, f"the declared minimum {lowest_build_requirements()} cannot build pbem:\n{done.stderr}"
