"""Changing a seat's mail policy: by the moderator (`pbem mail policy`) or by the player's own mail.

A player sends the header lines with any of `mail:`, `pdf:` and `attach:` and nothing else, from the seat's
registered address and with its token:

    game: g1
    seat: anna
    token: Zq3…
    mail: due          # every | due | digest
    pdf: no            # yes | no: the PDF with mail that asks for your orders
    attach: [map]      # pdf, map, both or none: what mail that asks nothing of you carries all the same
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from pbem.mail import compose, digest
from pbem.mail.policy import (
    CHOICE_RULE,
    POLICIES,
    MailChoice,
    PolicyError,
    as_pdf_flag,
    choice_of,
    parse_attach,
    set_choice,
)
from pbem.mail.settings import Settings
from pbem.store import GameDir

#: The keys of a mail that changes the policy (beside the header lines).
KEYS = frozenset({"mail", "pdf", "attach"})


def is_request(body: Mapping[str, Any]) -> bool:
    """True when an order document's body only sets the mail policy."""
    return bool(body) and set(body) <= KEYS


def change(gd: GameDir, seat: str, policy: str | None, pdf: bool | None,
           attach: list[str] | None = None) -> tuple[MailChoice, MailChoice]:
    """Set a seat's choice and save game.yaml (the caller holds the lock); the choice before and after."""
    member = gd.meta.seat(seat)
    before = choice_of(member)
    after = set_choice(member, policy, pdf, attach)
    gd.save_meta()
    if after.policy == "digest" and before.policy != "digest":
        # The seat has had its mail up to now; its first digest comes with the next news, its later ones daily.
        digest.mark(gd, seat, gd.current_step(), None)
    return before, after


def by_mail(gd: GameDir, seat: str, body: Mapping[str, Any], sender: str | None) -> tuple[str, list[str], bool]:
    """Apply a player's request: (what the answer's subject says, its lines, whether it was done)."""
    registered = gd.meta.seat(seat).address
    if not registered or not sender or sender.lower() != registered.lower():
        return "mail policy not changed", [
            "Your mail policy was not changed: only the seat's registered address may change it (with the token).",
        ], False
    try:
        policy = body.get("mail")
        if policy is not None and str(policy).strip().lower() not in POLICIES:
            raise PolicyError(f"mail: {policy!r}: write every, due or digest")
        pdf = as_pdf_flag(body["pdf"]) if "pdf" in body else None
        attach = parse_attach(body["attach"]) if "attach" in body else None
    except PolicyError as exc:
        return "mail policy not changed", [f"Your mail policy was not changed: {exc}."], False
    _, after = change(gd, seat, str(policy).strip().lower() if policy is not None else None, pdf, attach)
    return "mail policy changed", [f"Your mail policy is now: {after.describe()}."], True


def queue_notice(gd: GameDir, settings: Settings, seat: str, choice: MailChoice, now: datetime) -> Path | None:
    """Tell a player that the moderator changed their mail policy."""
    from pbem.mail.notices import policy_lines

    address = gd.meta.seat(seat).address
    if not address:
        return None
    lines = [f"Game {gd.name} ({gd.game.title}): the moderator changed the mail you get for seat {seat}.", "",
             *policy_lines(choice)]
    unique = f"{choice.policy}-{'pdf' if choice.pdf else 'nopdf'}-{now:%Y%m%dT%H%M%S}"
    msg = compose.build(
        settings, to=[address], subject=f"[{gd.name}] {seat}: your mail policy is now {choice.policy}",
        text=compose.wrap(lines), kind="policy", message_id=compose.make_id(settings, "policy", gd.name, seat, unique),
        game=gd.name, seat=seat, now=now,
    )
    return compose.queue(gd.outbox_dir(), f"policy-{seat}-{unique}", msg)


__all__ = ["CHOICE_RULE", "KEYS", "by_mail", "change", "is_request", "queue_notice"]
