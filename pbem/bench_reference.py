"""The reference engines the bench measures a game against: a Rally the Troops module under Node.

A game names its reference (`engine.contract.Reference`: where to get it, its setup for each seat count). The
reference is a checkout kept outside this project; none of its code is copied here. Node loads its `rules.js`
(the three calls every Rally the Troops module exports: setup, view, action) and plays seeded games by a uniformly
random legal action at every prompt
(undo only where nothing else is left: a piece picked up with nowhere to go), to the end. CPU time is taken inside
the Node process around the games alone, as ours is taken around `play_out` alone, so start-up counts on neither
side. A warm-up comes first on both: one game here (it loads the card data), WARM_UP games there, so that its
compiler has done its work (after 30 games a 2-player game still takes three times what it takes after 200).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

#: Where the bench looks for the reference when it is not told (python -m pbem.bench --reference DIR).
ENVIRONMENT = "PBEM_BENCH_REFERENCE"

#: Games the reference plays untimed first, seeds apart from the timed ones.
WARM_UP = 200

# The driver: our own few lines calling the reference's exported setup/view/action. A decision is one action;
# a turn ends when the phasing seat changes. Its random stream is a small seeded generator of its own.
_DRIVER = r"""
const [dir, scenario, games, first, warm] = process.argv.slice(2)
const rules = require(require("path").resolve(dir, "rules.js"))
function stream(seed) {
  let a = seed | 0
  return function () {
    a = a + 0x6D2B79F5 | 0
    let t = Math.imul(a ^ a >>> 15, 1 | a)
    t = t + Math.imul(t ^ t >>> 7, 61 | t) ^ t
    return ((t ^ t >>> 14) >>> 0) / 4294967296
  }
}
function play(seed) {
  const rand = stream(seed)
  let state = rules.setup(seed, scenario, {})
  let decisions = 0, turns = 0
  while (state.state !== "game_over") {
    const role = state.active
    const actions = rules.view(state, role).actions || {}
    const choices = []
    for (const [name, arg] of Object.entries(actions)) {
      if (name === "undo") continue
      if (Array.isArray(arg)) for (const a of arg) choices.push([name, a])
      else if (arg === 1 || arg === true) choices.push([name, undefined])
      else if ((typeof arg === "number" && arg !== 0) || typeof arg === "string") choices.push([name, arg])
    }
    if (choices.length === 0 && actions.undo) choices.push(["undo", undefined])
    if (choices.length === 0) throw new Error("seed " + seed + ": nothing to do in " + state.state)
    const [name, arg] = choices[Math.floor(rand() * choices.length)]
    const phasing = state.phasing
    state = rules.action(state, role, name, arg)
    decisions += 1
    if (state.phasing !== phasing) turns += 1
    if (decisions > 1000000) throw new Error("seed " + seed + ": no end")
  }
  return [decisions, turns]
}
for (let g = 0; g < Number(warm); ++g) play(1000000 + g)
let decisions = 0, turns = 0
const started = process.cpuUsage()
for (let g = 0; g < Number(games); ++g) {
  const [d, t] = play(Number(first) + g)
  decisions += d
  turns += t
}
const used = process.cpuUsage(started)
console.log(JSON.stringify({ games: Number(games), decisions, turns, cpu: (used.user + used.system) / 1e6 }))
"""


class ReferenceMissing(RuntimeError):
    """The reference checkout or Node cannot be found; the message says what to do."""


@dataclass(frozen=True)
class Batch:
    """Seeded games played to the end: how many, their decisions and turns, and the CPU seconds they took."""

    games: int
    decisions: int
    turns: int
    cpu: float


def checkout(folder: str | None, repository: str) -> Path:
    """The checkout named of the reference kept at `repository`, checked to hold the rules; a clear error when it
    does not."""
    if not folder:
        raise ReferenceMissing(f"no reference named: clone {repository} outside this project and name it with "
                               f"--reference DIR (or {ENVIRONMENT})")
    path = Path(folder).expanduser()
    if not (path / "rules.js").is_file():
        raise ReferenceMissing(f"{path}: no rules.js there (a checkout of {repository} is wanted)")
    if shutil.which("node") is None:
        raise ReferenceMissing("node is not installed (Debian: apt install nodejs)")
    return path


def play(reference: Path, scenario: str, games: int, first_seed: int, warm_up: int = WARM_UP) -> Batch:
    """`games` random games of the reference set up as `scenario`, seeds from `first_seed`, in one Node process,
    after `warm_up` untimed games."""
    done = subprocess.run(["node", "-", str(reference), scenario, str(games), str(first_seed), str(warm_up)],
                          input=_DRIVER, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the reference failed: {done.stderr.strip().splitlines()[-1:]}")
    found = json.loads(done.stdout)
    return Batch(found["games"], found["decisions"], found["turns"], found["cpu"])
