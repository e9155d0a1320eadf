"""Which report mail a seat wants: every step, only when it owes orders, or a daily digest; PDF or not.

Stored per seat in game.yaml (`mail:` and `pdf:`), set at `pbem new`, changed by `pbem mail policy` or by the
player's own mail. Stateless on purpose: whether a seat gets a mail at a step, and which earlier steps that
mail sums up, follow from the stored steps alone, so re-rendering a step gives the same mail.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.contract import turn_steps
from pbem.store import GameDir, Seat

#: every: a report mail every step; due: a mail when the seat owes orders (with what happened since its last
#: one) and at the end; digest: at most one mail a day (sent by `pbem tick`) with everything since the last.
POLICIES = ("every", "due", "digest")
#: What a seat gets when game.yaml names no policy (games made before policies existed): what it got then.
LEGACY = "every"
CHOICE_RULE = "write every, due or digest, optionally followed by ',pdf' or ',no-pdf' (e.g. due,no-pdf)"


class PolicyError(ValueError):
    """A mail policy that is not one of POLICIES, or a PDF choice that is not yes/no."""


@dataclass(frozen=True)
class MailChoice:
    """A seat's mail policy and whether its report mail attaches the PDF."""

    policy: str
    pdf: bool

    def describe(self) -> str:
        """The choice in words, as mails and the CLI say it."""
        return f"{self.policy}, {'with' if self.pdf else 'without'} the PDF attached"


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


def choice_of(seat: Seat) -> MailChoice:
    """A seat's stored choice; a seat from an older game.yaml (no mail:, no pdf:) keeps what it always got."""
    policy = seat.mail if seat.mail in POLICIES else LEGACY
    return MailChoice(policy, True if seat.pdf is None else bool(seat.pdf))


def set_choice(seat: Seat, policy: str | None, pdf: bool | None) -> MailChoice:
    """Change a seat's choice in place (None keeps that half); the caller saves game.yaml."""
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
