"""Which report mail a seat wants: every step, only when it owes orders, or a daily digest; PDF or not.

Stored per seat in game.yaml (`mail:`, `pdf:` and `attach:`), set at `pbem new`, changed by `pbem mail policy` or
by the player's own mail. A mail that asks the seat for orders carries the map and, under `pdf: yes`, the PDF; a
mail that asks nothing (another seat's turn, a notice) is light: no picture and no PDF, unless `attach:` names them. Stateless on purpose: whether a seat gets a mail at a step, and which earlier steps that
mail sums up, follow from the stored steps alone, so re-rendering a step gives the same mail.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from engine.contract import turn_steps
from pbem.game_yaml import ATTACHABLE, Seat
from pbem.store import GameDir

#: every: a report mail every step; due: a mail when the seat owes orders (with what happened since its last
#: one) and at the end; digest: at most one mail a day (sent by `pbem tick`) with everything since the last.
POLICIES = ("every", "due", "digest")
#: What a seat gets when game.yaml names no policy (games made before policies existed): what it got then.
LEGACY = "every"
CHOICE_RULE = "write every, due or digest, optionally followed by ',pdf' or ',no-pdf' (e.g. due,no-pdf)"
ATTACH_RULE = "write a list of pdf and map (e.g. [pdf, map], or pdf), or none"


class PolicyError(ValueError):
    """A mail policy that is not one of POLICIES, or a PDF choice that is not yes/no."""


@dataclass(frozen=True)
class MailChoice:
    """A seat's mail policy, whether a mail asking for its orders attaches the PDF, and what light mail carries."""

    policy: str
    pdf: bool
    attach: frozenset[str] = frozenset()

    def describe(self) -> str:
        """The choice in words, as mails and the CLI say it (what light mail carries, once the seat chose any)."""
        light = " and ".join("the PDF" if a == "pdf" else "the map" for a in ATTACHABLE if a in self.attach)
        extra = f"; mail that asks nothing of you carries {light} too" if light else ""
        return f"{self.policy}, {'with' if self.pdf else 'without'} the PDF attached{extra}"

    def carries(self, asks: bool) -> Carried:
        """What a mail to the seat carries: one that asks for orders (or ends the game) gets the map and, when
        chosen, the PDF; any other only what `attach:` names."""
        if asks:
            return Carried(pdf=self.pdf or "pdf" in self.attach, pictures=True)
        return Carried(pdf="pdf" in self.attach, pictures="map" in self.attach)


@dataclass(frozen=True)
class Carried:
    """What one mail carries beside its text: the PDF of the report, the pictures of its HTML."""

    pdf: bool
    pictures: bool


def default_policy(game: Any) -> str:
    """The policy of a new seat: `due` for games whose steps are single turns, else `every`."""
    return "due" if turn_steps(game) else "every"


def parse_choice(text: str) -> tuple[str | None, bool | None]:
    """'due', 'digest,no-pdf', 'pdf' … as (policy or None, pdf or None); PolicyError naming what is valid."""
    policy: str | None = None
    pdf: bool | None = None
    for word in (w.strip().lower() for w in text.split(",")):
        if word in POLICIES and policy is None:
            policy = word
        elif word in ("pdf", "no-pdf", "nopdf") and pdf is None:
            pdf = word == "pdf"
        else:
            raise PolicyError(f"{text!r}: {CHOICE_RULE}")
    return policy, pdf


def as_pdf_flag(value: Any) -> bool:
    """A pdf: value from YAML or a command line (true/false, yes/no, on/off)."""
    if isinstance(value, bool):
        return value
    word = str(value).strip().lower()
    if word in ("true", "yes", "on", "1"):
        return True
    if word in ("false", "no", "off", "0"):
        return False
    raise PolicyError(f"pdf: {value!r}: write yes or no")


def parse_attach(value: Any) -> list[str]:
    """An `attach:` value (a list, 'pdf, map', 'none' or an empty list) as the names it lists, in ATTACHABLE order."""
    words: Iterable[Any]
    if value is None:
        words = []
    elif isinstance(value, str):
        words = [] if value.strip().lower() in ("none", "nothing", "") else value.replace(",", " ").split()
    elif isinstance(value, list | tuple):
        words = value
    else:
        raise PolicyError(f"attach: {value!r}: {ATTACH_RULE}")
    names = {str(w).strip().lower() for w in words}
    unknown = sorted(names - set(ATTACHABLE))
    if unknown:
        raise PolicyError(f"attach: {unknown[0]!r} is not something a mail can carry; {ATTACH_RULE}")
    return [a for a in ATTACHABLE if a in names]


def choice_of(seat: Seat) -> MailChoice:
    """A seat's stored choice; a seat from an older game.yaml (no mail:, no pdf:) keeps what it always got."""
    policy = seat.mail if seat.mail in POLICIES else LEGACY
    return MailChoice(policy, True if seat.pdf is None else bool(seat.pdf), frozenset(seat.attach or ()))


def set_choice(seat: Seat, policy: str | None, pdf: bool | None, attach: list[str] | None = None) -> MailChoice:
    """Change a seat's choice in place (None keeps that part); the caller saves game.yaml."""
    if policy is not None:
        if policy not in POLICIES:
            raise PolicyError(f"{policy!r}: {CHOICE_RULE}")
        seat.mail = policy
    elif seat.mail is None:
        seat.mail = LEGACY  # written out, so the file says what the seat gets
    if pdf is not None:
        seat.pdf = pdf
    elif seat.pdf is None:
        seat.pdf = True
    if attach is not None:
        seat.attach = parse_attach(attach)
    return choice_of(seat)


def last_due(gd: GameDir, seat: str, step: int) -> int:
    """The last step before `step` after which `seat` owed orders (0, the setup, when none): its last `due` mail."""
    for earlier in range(step - 1, 0, -1):
        if seat in gd.step_info(earlier + 1).get("orders", {}):
            return earlier
    return 0


def report_mail(gd: GameDir, seat: str, step: int, owes: bool, over: bool) -> int | None:
    """Whether the seat gets the report mail of `step`: None for no mail, else the last step it was mailed.

    The mail sums up the steps after that one and before `step` (none under `every`). Step 0's report
    goes with the welcome mail (see pbem.mail.notices), never on its own when a welcome was queued.
    """
    choice = choice_of(gd.meta.seat(seat))
    if choice.policy == "digest":
        return None  # pbem.mail.digest sends these, at most one a day
    if choice.policy == "due" and not (owes or over):
        return None
    return max(step - 1, 0) if choice.policy == "every" else last_due(gd, seat, step)
